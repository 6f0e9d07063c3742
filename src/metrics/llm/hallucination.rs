//! Hallucination: how much of a known context an output contradicts.
//!
//! Two strategies, both scored by code from the judge's verdicts:
//!
//! * [`Strategy::Statements`] (default, as the metric is documented): the context is split into
//!   atomic factual statements (once per context, see [`extract_statements`]), the judge decides
//!   for each whether the output directly contradicts it, and
//!   `score = contradicted statements / statements × scale`.
//! * [`Strategy::Claims`] (what `@mastra/evals` 0.14.4 actually runs): the output's claims are
//!   extracted, each is judged against the context, and
//!   `score = claims contradicted or unsupported / claims × scale`.
//!
//! Scores are rounded as the original rounds them: `Math.round((x + ε) × 100) / 100`.

use alloc::{
    format,
    string::{String, ToString},
    vec::Vec,
};

use serde::Serialize;

use crate::judge::error::Error;
use crate::judge::json::Value;
use crate::judge::prompt::{data_block, numbered_block, DATA_RULE};
use crate::judge::score::{check_scale, round_score};
use crate::judge::verdicts::{ask_verdicts, read_list, verdict_word, yes_no, yes_no_word, Verdict};
use crate::judge::{Judge, Request, Session, Step, Usage};
use crate::numbers::number::format_number;

/// Which algorithm scores the output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Strategy {
    /// Statements of the context, each checked for contradiction by the output.
    #[default]
    Statements,
    /// Claims of the output, each checked for support by the context.
    Claims,
}

/// Options of a hallucination measure.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct HallucinationOptions {
    /// The maximum score (the score is a fraction of it). Default 1.
    pub scale: f64,
    pub strategy: Strategy,
    /// Ask the model to explain the score (one more call). When false the reason is composed
    /// from the verdicts by code.
    pub model_reason: bool,
}

impl Default for HallucinationOptions {
    fn default() -> Self {
        HallucinationOptions {
            scale: 1.0,
            strategy: Strategy::Statements,
            model_reason: true,
        }
    }
}

impl HallucinationOptions {
    /// Checks the options' values.
    pub fn validate(&self) -> Result<(), Error> {
        check_scale(self.scale)?;
        Ok(())
    }
}

/// The result of a hallucination measure.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct HallucinationResult {
    pub score: f64,
    pub info: HallucinationInfo,
}

/// `info` of a [`HallucinationResult`].
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct HallucinationInfo {
    /// "The score is {score} because …".
    pub reason: String,
    /// `"statements"` or `"claims"`.
    pub strategy: &'static str,
    /// Statements strategy: each context statement and whether the output contradicts it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub statements: Option<Vec<StatementVerdict>>,
    /// Claims strategy: each claim of the output and its verdict.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub claims: Option<Vec<ClaimVerdict>>,
    /// Model calls this measure made (statement extraction included when it happened here).
    pub model_calls: u32,
    /// Tokens used by those calls, when the model reports them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub usage: Option<Usage>,
}

/// A context statement with its verdict.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StatementVerdict {
    pub statement: String,
    pub contradicted: bool,
    pub reason: String,
}

/// An output claim with its verdict.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ClaimVerdict {
    pub claim: String,
    /// `"supported"`, `"contradicted"` or `"unsupported"`.
    pub verdict: &'static str,
    /// Contradicted or unsupported: counts towards the score.
    pub hallucinated: bool,
    pub reason: String,
}

fn statements_request(context: &[String]) -> Request {
    let system = format!(
        "You list the factual statements of a reference text. Split the text of the <context> \
         blocks into atomic statements: each states one checkable fact (one date, one number, one \
         name, one place or one relation), can be understood on its own (replace pronouns by what \
         they stand for), and keeps the text's wording. A sentence with several facts gives several \
         statements: \"X was founded in 2003 by A and B in C\" gives the year, the founders and the \
         place as three statements. Leave out opinions, questions and instructions. {DATA_RULE} \
         Answer with JSON only, in this form: {{\"statements\": [\"first statement\", \"second statement\"]}}"
    );
    let mut user = String::new();
    for piece in context {
        data_block(&mut user, "context", piece);
    }
    Request {
        system,
        user,
        json: true,
        step: Step::Statements,
    }
}

/// Splits the context into atomic factual statements with one model call (two if the first
/// answer cannot be read). An empty context (no non-blank piece) makes no call.
pub async fn extract_statements<J: Judge>(
    judge: &J,
    context: &[String],
) -> Result<(Vec<String>, Session), Error> {
    let mut session = Session::default();
    let pieces: Vec<String> = context
        .iter()
        .filter(|c| !c.trim().is_empty())
        .cloned()
        .collect();
    if pieces.is_empty() {
        return Ok((Vec::new(), session));
    }
    let statements = session
        .ask(judge, statements_request(&pieces), |text| {
            read_list(text, "statements")
        })
        .await?;
    Ok((statements, session))
}

fn contradiction_request(
    input: &str,
    statements: &[String],
    asked: &[usize],
    output: &str,
) -> Request {
    let system = format!(
        "You check an answer against known facts. For each numbered statement in <statements>, \
         decide whether the text in <output> directly contradicts it. Verdict \"yes\" (contradicted): \
         the output gives a different value for the same fact (another year, number, name or place), \
         or states an exact figure that differs from the statement's. Verdict \"no\": the output \
         agrees with the statement, does not mention it, adds information the statements do not \
         cover, leaves something out, hedges (\"might\", \"possibly\", \"some believe\"), or gives a \
         less precise value that is compatible (the year when the statement gives a month of that \
         year, \"about 300\" for 312). Judge each statement on its own. The <question> block only \
         shows what the output was answering. {DATA_RULE} Answer with JSON only, one entry per \
         statement id: {{\"verdicts\": [{{\"id\": \"S1\", \"verdict\": \"yes\", \"reason\": \"one short sentence\"}}]}}"
    );
    let mut user = String::new();
    data_block(&mut user, "question", input);
    numbered_block(&mut user, "statements", "S", statements, asked);
    data_block(&mut user, "output", output);
    Request {
        system,
        user,
        json: true,
        step: Step::Verdicts,
    }
}

/// Verdicts for items `0..count`, or [`Error::MissingVerdicts`] naming those the judge left
/// without one even when asked again.
async fn every_verdict<J: Judge, T: PartialEq>(
    session: &mut Session,
    judge: &J,
    prefix: &str,
    count: usize,
    build: impl Fn(&[usize]) -> Request,
    word: impl Fn(&Value) -> Option<T> + Copy,
) -> Result<Vec<Verdict<T>>, Error> {
    let all: Vec<usize> = (0..count).collect();
    let found = ask_verdicts(session, judge, prefix, &all, build, word).await?;
    let missing: Vec<String> = found
        .iter()
        .enumerate()
        .filter(|(_, v)| v.is_none())
        .map(|(i, _)| format!("{prefix}{}", i + 1))
        .collect();
    if !missing.is_empty() {
        return Err(Error::MissingVerdicts {
            step: Step::Verdicts,
            missing,
        });
    }
    Ok(found.into_iter().flatten().collect())
}

/// Measures with the statements strategy, given the context's statements (from
/// [`extract_statements`]; the caller caches them per context).
pub async fn measure_statements<J: Judge>(
    judge: &J,
    statements: &[String],
    input: &str,
    output: &str,
    options: HallucinationOptions,
    mut session: Session,
) -> Result<HallucinationResult, Error> {
    options.validate()?;
    if statements.is_empty() || output.trim().is_empty() {
        let why = if output.trim().is_empty() {
            "the output is empty, so it contradicts nothing".to_string()
        } else {
            "the context holds no factual statement to contradict".to_string()
        };
        let info = info_with(
            format!("The score is 0 because {why}."),
            &session,
            Some(Vec::new()),
            None,
        );
        return Ok(HallucinationResult { score: 0.0, info });
    }
    let build = |asked: &[usize]| contradiction_request(input, statements, asked, output);
    let contradicted = |v: &Value| {
        yes_no(
            v,
            &["contradicted", "contradiction", "contradicts"],
            &["not contradicted", "no contradiction", "consistent"],
        )
    };
    let verdicts = every_verdict(
        &mut session,
        judge,
        "S",
        statements.len(),
        build,
        contradicted,
    )
    .await?;
    let listed: Vec<StatementVerdict> = statements
        .iter()
        .zip(verdicts)
        .map(|(statement, v)| StatementVerdict {
            statement: statement.clone(),
            contradicted: v.value,
            reason: v.reason,
        })
        .collect();
    let count = listed.iter().filter(|s| s.contradicted).count();
    let score = round_score(count as f64 / listed.len() as f64 * options.scale);
    let reason = if options.model_reason {
        let lines: Vec<String> = listed
            .iter()
            .enumerate()
            .map(|(i, s)| {
                format!(
                    "S{}: {} — {}: {}",
                    i + 1,
                    s.statement,
                    if s.contradicted {
                        "contradicted"
                    } else {
                        "not contradicted"
                    },
                    s.reason
                )
            })
            .collect();
        let how = format!("{count} of the {} context statements are contradicted by the output, times a scale of {}", listed.len(), format_number(options.scale));
        model_reason(&mut session, judge, score, &how, &lines).await?
    } else {
        let contradicted: Vec<&str> = listed
            .iter()
            .filter(|s| s.contradicted)
            .map(|s| s.statement.as_str())
            .collect();
        statements_reason(score, listed.len(), &contradicted)
    };
    Ok(HallucinationResult {
        score,
        info: info_with(reason, &session, Some(listed), None),
    })
}

fn quote_list(items: &[&str]) -> String {
    items
        .iter()
        .map(|s| format!("\"{s}\""))
        .collect::<Vec<_>>()
        .join("; ")
}

fn statements_reason(score: f64, total: usize, contradicted: &[&str]) -> String {
    let score = format_number(score);
    if contradicted.is_empty() {
        format!("The score is {score} because none of the {total} context statements is contradicted by the output.")
    } else {
        format!(
            "The score is {score} because {} of the {total} context statements {} contradicted by the output: {}.",
            contradicted.len(),
            if contradicted.len() == 1 { "is" } else { "are" },
            quote_list(contradicted)
        )
    }
}

fn info_with(
    reason: String,
    session: &Session,
    statements: Option<Vec<StatementVerdict>>,
    claims: Option<Vec<ClaimVerdict>>,
) -> HallucinationInfo {
    HallucinationInfo {
        reason,
        strategy: if claims.is_some() {
            "claims"
        } else {
            "statements"
        },
        statements,
        claims,
        model_calls: session.calls,
        usage: session.usage_reported.then_some(session.usage),
    }
}

/// Asks the model to explain `score` from the verdict `lines`; composes "The score is {score}
/// because {answer}".
async fn model_reason<J: Judge>(
    session: &mut Session,
    judge: &J,
    score: f64,
    how: &str,
    lines: &[String],
) -> Result<String, Error> {
    let score = format_number(score);
    let system = format!(
        "You explain an evaluation score to a developer in one or two sentences. The <score> block \
         gives the score and how it was computed; the <verdicts> block gives each verdict with its \
         reason. Say which items decided the score and why. {DATA_RULE} Answer with JSON only: \
         {{\"because\": \"…\"}}, where the text completes the sentence \"The score is {score} because …\": \
         start it with a lower-case word and do not repeat the score sentence."
    );
    let mut user = String::new();
    data_block(
        &mut user,
        "score",
        &format!("score: {score}\ncomputed as: {how}"),
    );
    data_block(&mut user, "verdicts", &lines.join("\n"));
    let request = Request {
        system,
        user,
        json: true,
        step: Step::Reason,
    };
    let because = session
        .ask(judge, request, |text| {
            let value = crate::judge::json::find_json(text).ok_or("no JSON object found")?;
            let because = value
                .get("because")
                .or_else(|| value.get("reason"))
                .and_then(Value::as_str)
                .ok_or("the JSON object has no \"because\" string")?;
            let because = because.trim();
            if because.is_empty() {
                return Err("the \"because\" string is empty".to_string());
            }
            Ok(because.to_string())
        })
        .await?;
    let prefix = format!("The score is {score} because ");
    let because = because
        .strip_prefix(prefix.as_str())
        .unwrap_or(&because)
        .trim_start_matches("because ")
        .to_string();
    let mut reason = prefix;
    reason.push_str(&because);
    if !reason.ends_with(['.', '!', '?']) {
        reason.push('.');
    }
    Ok(reason)
}

fn claims_request(output: &str) -> Request {
    let system = format!(
        "You list the factual claims of a text. Split the text in <output> into atomic claims: each \
         asserts one checkable fact, can be understood on its own (replace pronouns by what they \
         stand for) and keeps the text's wording. Leave out opinions, questions and instructions. \
         {DATA_RULE} Answer with JSON only, in this form: {{\"claims\": [\"first claim\", \"second claim\"]}}"
    );
    let mut user = String::new();
    data_block(&mut user, "output", output);
    Request {
        system,
        user,
        json: true,
        step: Step::Claims,
    }
}

fn support_request(context: &[String], claims: &[String], asked: &[usize]) -> Request {
    let system = format!(
        "You check claims against reference text. For each numbered claim in <claims>, decide from \
         the <context> blocks alone: \"supported\" when the context states it or clearly implies it, \
         \"contradicted\" when the context says otherwise, \"unsupported\" when the context does not \
         settle it. Use no outside knowledge. {DATA_RULE} Answer with JSON only, one entry per claim \
         id: {{\"verdicts\": [{{\"id\": \"C1\", \"verdict\": \"supported\", \"reason\": \"one short sentence\"}}]}}"
    );
    let mut user = String::new();
    for piece in context {
        data_block(&mut user, "context", piece);
    }
    numbered_block(&mut user, "claims", "C", claims, asked);
    Request {
        system,
        user,
        json: true,
        step: Step::Verdicts,
    }
}

/// Reads a claim verdict: "supported" (or yes/true), "contradicted", "unsupported" (or no/false).
fn support_word(value: &Value) -> Option<&'static str> {
    let supported = match value {
        Value::Bool(b) => *b,
        Value::String(s) => match verdict_word(s).as_str() {
            "contradicted" | "contradicts" | "contradiction" => return Some("contradicted"),
            "unsupported" | "not supported" | "not enough information" | "unknown" => false,
            word => yes_no_word(word, &["supported"], &[])?,
        },
        _ => return None,
    };
    Some(if supported {
        "supported"
    } else {
        "unsupported"
    })
}

/// Measures with the claims strategy (the algorithm `@mastra/evals` 0.14.4 runs).
pub async fn measure_claims<J: Judge>(
    judge: &J,
    context: &[String],
    output: &str,
    options: HallucinationOptions,
) -> Result<HallucinationResult, Error> {
    options.validate()?;
    let mut session = Session::default();
    let claims = if output.trim().is_empty() {
        Vec::new()
    } else {
        session
            .ask(judge, claims_request(output), |text| {
                read_list(text, "claims")
            })
            .await?
    };
    if claims.is_empty() {
        let info = info_with(
            "The score is 0 because the output makes no factual claim.".into(),
            &session,
            None,
            Some(Vec::new()),
        );
        return Ok(HallucinationResult { score: 0.0, info });
    }
    let context: Vec<String> = context
        .iter()
        .filter(|c| !c.trim().is_empty())
        .cloned()
        .collect();
    let listed: Vec<ClaimVerdict> = if context.is_empty() {
        claims
            .iter()
            .map(|claim| ClaimVerdict {
                claim: claim.clone(),
                verdict: "unsupported",
                hallucinated: true,
                reason: "There is no context to support it.".into(),
            })
            .collect()
    } else {
        let build = |asked: &[usize]| support_request(&context, &claims, asked);
        let verdicts =
            every_verdict(&mut session, judge, "C", claims.len(), build, support_word).await?;
        claims
            .iter()
            .zip(verdicts)
            .map(|(claim, v)| ClaimVerdict {
                claim: claim.clone(),
                verdict: v.value,
                hallucinated: v.value != "supported",
                reason: v.reason,
            })
            .collect()
    };
    let count = listed.iter().filter(|c| c.hallucinated).count();
    let score = round_score(count as f64 / listed.len() as f64 * options.scale);
    let shown = format_number(score);
    let reason = if options.model_reason && !context.is_empty() {
        let lines: Vec<String> = listed
            .iter()
            .enumerate()
            .map(|(i, c)| format!("C{}: {} — {}: {}", i + 1, c.claim, c.verdict, c.reason))
            .collect();
        let how = format!("{count} of the output's {} claims are contradicted by or not supported by the context, times a scale of {}", listed.len(), format_number(options.scale));
        model_reason(&mut session, judge, score, &how, &lines).await?
    } else if context.is_empty() {
        format!("The score is {shown} because there is no context, so none of the output's {} claims is supported.", listed.len())
    } else {
        let bad: Vec<&str> = listed
            .iter()
            .filter(|c| c.hallucinated)
            .map(|c| c.claim.as_str())
            .collect();
        if bad.is_empty() {
            format!("The score is {shown} because all {} claims of the output are supported by the context.", listed.len())
        } else {
            format!("The score is {shown} because {} of the output's {} claims {} not supported by the context: {}.", bad.len(), listed.len(), if bad.len() == 1 { "is" } else { "are" }, quote_list(&bad))
        }
    };
    Ok(HallucinationResult {
        score,
        info: info_with(reason, &session, None, Some(listed)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::scripted::{block_on, Answer, ScriptedJudge};

    const TESLA_CONTEXT: &str = "Tesla was founded in 2003 by Martin Eberhard and Marc Tarpenning in San Carlos, California.";
    const TESLA_STATEMENTS: &str = r#"{"statements": ["Tesla was founded in 2003.", "Tesla was founded by Martin Eberhard and Marc Tarpenning.", "Tesla was founded in San Carlos, California."]}"#;
    const TESLA_VERDICTS: &str = r#"```json
{"verdicts": [
  {"id": "S1", "verdict": "yes", "reason": "The output says 2004, the context 2003."},
  {"id": "S2", "verdict": "yes", "reason": "The output names Elon Musk as founder."},
  {"id": "S3", "verdict": "no", "reason": "California is compatible with San Carlos, California."},
]}
```"#;

    fn strings(items: &[&str]) -> Vec<String> {
        items.iter().map(|s| s.to_string()).collect()
    }

    fn tesla(
        judge: &ScriptedJudge,
        options: HallucinationOptions,
    ) -> Result<HallucinationResult, Error> {
        block_on(async {
            let (statements, session) =
                extract_statements(judge, &strings(&[TESLA_CONTEXT])).await?;
            measure_statements(
                judge,
                &statements,
                "Tell me about Tesla's founding.",
                "Tesla was founded in 2004 by Elon Musk in California.",
                options,
                session,
            )
            .await
        })
    }

    #[test]
    fn tesla_example_scores_two_thirds() {
        let judge = ScriptedJudge::texts(&[
            TESLA_STATEMENTS,
            TESLA_VERDICTS,
            r#"{"because": "the output gives the wrong founding year and founders, while California agrees with the context."}"#,
        ]);
        let r = tesla(&judge, HallucinationOptions::default()).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r.score, 0.67);
        assert!(
            r.info
                .reason
                .starts_with("The score is 0.67 because the output gives"),
            "{}",
            r.info.reason
        );
        let statements = r.info.statements.unwrap_or_default();
        assert_eq!(
            statements
                .iter()
                .map(|s| s.contradicted)
                .collect::<Vec<_>>(),
            [true, true, false]
        );
        assert_eq!(r.info.model_calls, 3);
        assert_eq!(judge.requests.borrow()[1].step, Step::Verdicts);
        assert!(judge.requests.borrow()[0].system.contains("JSON"));
    }

    #[test]
    fn openai_example_scores_one_third() {
        let context = strings(&[
            "OpenAI was founded in December 2015 by Sam Altman, Greg Brockman, and others.",
            "The company launched with a $1 billion investment commitment.",
            "Elon Musk was an early supporter but left the board in 2018.",
        ]);
        let statements_answer = r#"["OpenAI was founded in December 2015 by Sam Altman, Greg Brockman, and others.", "OpenAI launched with a $1 billion investment commitment.", "Elon Musk was an early supporter of OpenAI but left the board in 2018."]"#;
        let verdicts = r#"{"verdicts": [{"id": "S1", "verdict": "No", "reason": "2015 is compatible; naming fewer founders is an omission."}, {"id": "S2", "verdict": "YES", "reason": "$2 billion instead of $1 billion."}, {"id": "S3", "verdict": "no", "reason": "Not contradicted."}]}"#;
        let judge = ScriptedJudge::texts(&[statements_answer, verdicts]);
        let options = HallucinationOptions {
            model_reason: false,
            ..Default::default()
        };
        let r = block_on(async {
            let (statements, session) = extract_statements(&judge, &context).await?;
            measure_statements(&judge, &statements, "What are the key details about OpenAI?", "OpenAI was founded in 2015 by Elon Musk and Sam Altman with a $2 billion investment.", options, session).await
        })
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r.score, 0.33);
        assert_eq!(r.info.reason, "The score is 0.33 because 1 of the 3 context statements is contradicted by the output: \"OpenAI launched with a $1 billion investment commitment.\".");
        assert_eq!(r.info.model_calls, 2);
    }

    #[test]
    fn scale_multiplies_before_rounding() {
        let judge = ScriptedJudge::texts(&[TESLA_STATEMENTS, TESLA_VERDICTS]);
        let r = tesla(
            &judge,
            HallucinationOptions {
                scale: 10.0,
                model_reason: false,
                ..Default::default()
            },
        );
        assert_eq!(r.map(|r| r.score), Ok(6.67));
    }

    #[test]
    fn an_unreadable_answer_is_asked_again_once() {
        let judge = ScriptedJudge::texts(&["I cannot do that.", TESLA_STATEMENTS, TESLA_VERDICTS]);
        let r = tesla(
            &judge,
            HallucinationOptions {
                model_reason: false,
                ..Default::default()
            },
        );
        assert_eq!(r.map(|r| (r.score, r.info.model_calls)), Ok((0.67, 3)));
        let requests = judge.requests.borrow();
        assert!(requests[1]
            .user
            .contains("Your previous answer could not be used: no JSON object found"));
    }

    #[test]
    fn unreadable_twice_is_an_error_with_the_raw_answer() {
        let judge = ScriptedJudge::texts(&[
            TESLA_STATEMENTS,
            "{\"verdicts\": \"all fine\"}",
            "still not JSON of the right shape",
        ]);
        let e = tesla(&judge, HallucinationOptions::default()).err();
        match e {
            Some(Error::UnreadableAnswer { step, raw, .. }) => {
                assert_eq!(step, Step::Verdicts);
                assert_eq!(raw, "still not JSON of the right shape");
            }
            other => panic!("expected an unreadable-answer error, got {other:?}"),
        }
    }

    #[test]
    fn missing_verdicts_are_asked_for_again_by_id() {
        let partial = r#"{"verdicts": [{"id": "S1", "verdict": "yes", "reason": "year"}, {"id": "S3", "verdict": "no", "reason": "place"}]}"#;
        let rest = r#"{"verdicts": [{"id": "S2", "verdict": "yes", "reason": "founders"}]}"#;
        let judge = ScriptedJudge::texts(&[TESLA_STATEMENTS, partial, rest]);
        let r = tesla(
            &judge,
            HallucinationOptions {
                model_reason: false,
                ..Default::default()
            },
        );
        assert_eq!(r.map(|r| r.score), Ok(0.67));
        let second = &judge.requests.borrow()[2].user;
        assert!(
            second.contains("S2: Tesla was founded by")
                && !second.contains("S1:")
                && !second.contains("S3:"),
            "{second}"
        );
    }

    #[test]
    fn verdicts_still_missing_after_asking_again_are_an_error() {
        let partial = r#"{"verdicts": [{"id": "S1", "verdict": "yes"}]}"#;
        let judge = ScriptedJudge::texts(&[
            TESLA_STATEMENTS,
            partial,
            r#"{"verdicts": [{"id": "S2", "verdict": "no"}]}"#,
        ]);
        let e = tesla(&judge, HallucinationOptions::default()).err();
        assert_eq!(
            e,
            Some(Error::MissingVerdicts {
                step: Step::Verdicts,
                missing: vec!["S3".into()]
            })
        );
    }

    #[test]
    fn a_preamble_cannot_shift_verdicts() {
        let answer = r#"All statements are supported except where noted. S1 is interesting.
{"verdicts": [{"id": "S3", "verdict": "no"}, {"id": "S1", "verdict": "yes"}, {"id": "S2", "verdict": "yes"}]}"#;
        let judge = ScriptedJudge::texts(&[TESLA_STATEMENTS, answer]);
        let r = tesla(
            &judge,
            HallucinationOptions {
                model_reason: false,
                ..Default::default()
            },
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let flags: Vec<bool> = r
            .info
            .statements
            .unwrap_or_default()
            .iter()
            .map(|s| s.contradicted)
            .collect();
        assert_eq!(flags, [true, true, false]);
    }

    #[test]
    fn empty_output_and_empty_context_score_zero_without_verdict_calls() {
        let judge = ScriptedJudge::texts(&[TESLA_STATEMENTS]);
        let r = block_on(async {
            let (statements, session) =
                extract_statements(&judge, &strings(&[TESLA_CONTEXT])).await?;
            measure_statements(
                &judge,
                &statements,
                "q",
                "   ",
                HallucinationOptions::default(),
                session,
            )
            .await
        });
        assert_eq!(r.map(|r| (r.score, r.info.model_calls)), Ok((0.0, 1)));

        let judge = ScriptedJudge::texts(&[]);
        let r = block_on(async {
            let (statements, session) = extract_statements(&judge, &strings(&["", "  "])).await?;
            measure_statements(
                &judge,
                &statements,
                "q",
                "an answer",
                HallucinationOptions::default(),
                session,
            )
            .await
        });
        assert_eq!(r.map(|r| (r.score, r.info.model_calls)), Ok((0.0, 0)));
    }

    #[test]
    fn a_failing_model_is_reported_with_its_step() {
        let judge = ScriptedJudge::new(vec![Answer::Fail("rate limited")]);
        let e = tesla(&judge, HallucinationOptions::default()).err();
        assert_eq!(
            e,
            Some(Error::Model {
                step: Step::Statements,
                message: "rate limited".into()
            })
        );
    }

    #[test]
    fn usage_is_summed_over_calls() {
        let mut judge = ScriptedJudge::texts(&[TESLA_STATEMENTS, TESLA_VERDICTS]);
        judge.usage = Some(Usage {
            input_tokens: 100,
            output_tokens: 7,
        });
        let r = tesla(
            &judge,
            HallucinationOptions {
                model_reason: false,
                ..Default::default()
            },
        );
        assert_eq!(
            r.map(|r| r.info.usage),
            Ok(Some(Usage {
                input_tokens: 200,
                output_tokens: 14
            }))
        );
    }

    #[test]
    fn invalid_scale_is_rejected() {
        let judge = ScriptedJudge::texts(&[]);
        let r = block_on(measure_statements(
            &judge,
            &strings(&["s"]),
            "q",
            "o",
            HallucinationOptions {
                scale: f64::NAN,
                ..Default::default()
            },
            Session::default(),
        ));
        assert_eq!(r.err().map(|e| e.code()), Some("EVALS_INVALID_OPTION"));
    }

    #[test]
    fn claims_strategy_counts_contradicted_and_unsupported_claims() {
        let claims = r#"{"claims": ["Tesla was founded in 2004.", "Elon Musk founded Tesla.", "Tesla was founded in California."]}"#;
        let verdicts = r#"{"verdicts": [{"id": "C1", "verdict": "contradicted", "reason": "2003"}, {"id": "C2", "verdict": "Unsupported", "reason": "not in context"}, {"id": "C3", "verdict": "supported", "reason": "San Carlos, California"}]}"#;
        let judge = ScriptedJudge::texts(&[
            claims,
            verdicts,
            r#"{"because": "two claims are not backed by the context."}"#,
        ]);
        let r = block_on(measure_claims(
            &judge,
            &strings(&[TESLA_CONTEXT]),
            "Tesla was founded in 2004 by Elon Musk in California.",
            HallucinationOptions {
                strategy: Strategy::Claims,
                ..Default::default()
            },
        ))
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r.score, 0.67);
        assert_eq!(
            r.info.model_calls, 3,
            "claims, verdicts, reason: as many calls as the original"
        );
        let verdicts: Vec<&str> = r.info.claims.iter().flatten().map(|c| c.verdict).collect();
        assert_eq!(verdicts, ["contradicted", "unsupported", "supported"]);
    }

    #[test]
    fn claims_strategy_edge_cases() {
        let judge = ScriptedJudge::texts(&[r#"{"claims": []}"#]);
        let r = block_on(measure_claims(
            &judge,
            &strings(&[TESLA_CONTEXT]),
            "Hello!",
            HallucinationOptions::default(),
        ));
        assert_eq!(r.map(|r| r.score), Ok(0.0));

        let judge = ScriptedJudge::texts(&[r#"{"claims": ["a", "b"]}"#]);
        let r = block_on(measure_claims(
            &judge,
            &[],
            "a and b",
            HallucinationOptions::default(),
        ));
        assert_eq!(r.map(|r| (r.score, r.info.model_calls)), Ok((1.0, 1)));
        assert_eq!(judge.remaining(), 0);
    }
}
