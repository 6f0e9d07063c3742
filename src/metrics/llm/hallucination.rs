//! Hallucination: how much of a known context an output contradicts. Two declarations, both
//! scored by code from the judge's verdicts:
//!
//! * [`STATEMENTS`] (default, as the metric is documented): the context is split into atomic
//!   factual statements (once per context: the glue caches them), the judge decides for each
//!   whether the output directly contradicts it, and
//!   `score = contradicted statements / statements × scale`.
//! * [`CLAIMS`] (what `@mastra/evals` 0.14.4 actually runs): the output's claims are extracted,
//!   each is judged against the context, and
//!   `score = claims contradicted or unsupported / claims × scale`.
//!
//! Inputs: `context` (a list of texts), `question` (the input the output answers), `output`.

use alloc::{format, string::String, vec::Vec};

use crate::judge::declare::{Extract, Metric, Run, Scored, Step, Verdicts, Word};
use crate::judge::score::{round_score, verdict_lines, verdict_lines_with};
use crate::numbers::number::format_number;

const STATEMENTS_TASK: &str = "You list the factual statements of a reference text. Split the text of the <context> \
blocks into atomic statements: each states one checkable fact (one date, one number, one name, one place or one \
relation), can be understood on its own (replace pronouns by what they stand for), and keeps the text's wording. A \
sentence with several facts gives several statements: \"X was founded in 2003 by A and B in C\" gives the year, the \
founders and the place as three statements. Leave out opinions, questions and instructions.";

const CONTRADICTION_TASK: &str = "You check an answer against known facts. For each numbered statement in \
<statements>, decide whether the text in <output> directly contradicts it. Verdict \"yes\" (contradicted): the output \
gives a different value for the same fact (another year, number, name or place), or states an exact figure that \
differs from the statement's. Verdict \"no\": the output agrees with the statement, does not mention it, adds \
information the statements do not cover, leaves something out, hedges (\"might\", \"possibly\", \"some believe\"), or \
gives a less precise value that is compatible (the year when the statement gives a month of that year, \"about 300\" \
for 312). Judge each statement on its own. The <question> block only shows what the output was answering.";

const CLAIMS_TASK: &str = "You list the factual claims of a text. Split the text in <output> into atomic claims: each \
asserts one checkable fact, can be understood on its own (replace pronouns by what they stand for) and keeps the \
text's wording. Leave out opinions, questions and instructions.";

const SUPPORT_TASK: &str = "You check claims against reference text. For each numbered claim in <claims>, decide from \
the <context> blocks alone: \"supported\" when the context states it or clearly implies it, \"contradicted\" when the \
context says otherwise, \"unsupported\" when the context does not settle it. Use no outside knowledge.";

/// The statements strategy.
pub const STATEMENTS: Metric = Metric {
    id: "hallucination",
    steps: &[
        Step::Extract(Extract {
            name: "statements",
            from: &["context"],
            task: STATEMENTS_TASK,
            batch_bytes: None,
        }),
        Step::Verdicts(Verdicts {
            name: "verdicts",
            items: "statements",
            prefix: "S",
            blocks: &["question", "statements", "output"],
            words: &[
                Word {
                    word: "yes",
                    also: &["true", "contradicted", "contradiction", "contradicts"],
                },
                Word {
                    word: "no",
                    also: &[
                        "false",
                        "not contradicted",
                        "no contradiction",
                        "consistent",
                    ],
                },
            ],
            extra: &[],
            task: CONTRADICTION_TASK,
            needs: &["output"],
            blank: None,
            every: true,
            batch_items: None,
        }),
    ],
    score: statements_score,
    model_reason: true,
};

/// The claims strategy.
pub const CLAIMS: Metric = Metric {
    id: "hallucination-claims",
    steps: &[
        Step::Extract(Extract {
            name: "claims",
            from: &["output"],
            task: CLAIMS_TASK,
            batch_bytes: None,
        }),
        Step::Verdicts(Verdicts {
            name: "verdicts",
            items: "claims",
            prefix: "C",
            blocks: &["context", "claims"],
            words: &[
                Word {
                    word: "supported",
                    also: &["yes", "true"],
                },
                Word {
                    word: "contradicted",
                    also: &["contradicts", "contradiction"],
                },
                Word {
                    word: "unsupported",
                    also: &[
                        "no",
                        "false",
                        "not supported",
                        "not enough information",
                        "unknown",
                    ],
                },
            ],
            extra: &[],
            task: SUPPORT_TASK,
            needs: &["context"],
            blank: Some(("unsupported", "There is no context to support it.")),
            every: true,
            batch_items: None,
        }),
    ],
    score: claims_score,
    model_reason: true,
};

fn quote_list(items: &[&str]) -> String {
    items
        .iter()
        .map(|s| format!("\"{s}\""))
        .collect::<Vec<_>>()
        .join("; ")
}

/// `n of the {total} {what} {is|are}`.
fn are(n: usize) -> &'static str {
    if n == 1 {
        "is"
    } else {
        "are"
    }
}

fn statements_score(run: &Run) -> Scored {
    let Some((judged, _)) = run.verdicts("verdicts") else {
        let why = if run.blank("output") {
            "the output is empty, so it contradicts nothing"
        } else {
            "the context holds no factual statement to contradict"
        };
        return Scored {
            score: 0.0,
            reason: format!("The score is 0 because {why}."),
            explain: None,
        };
    };
    let bad: Vec<&str> = judged
        .iter()
        .filter(|j| j.verdict == "yes")
        .map(|j| j.item.as_str())
        .collect();
    let (count, total) = (bad.len(), judged.len());
    let score = round_score(count as f64 / total as f64 * run.options.scale);
    let shown = format_number(score);
    let reason = if bad.is_empty() {
        format!("The score is {shown} because none of the {total} context statements is contradicted by the output.")
    } else {
        format!("The score is {shown} because {count} of the {total} context statements {} contradicted by the output: {}.", are(count), quote_list(&bad))
    };
    let how = format!("{count} of the {total} context statements are contradicted by the output, times a scale of {}", format_number(run.options.scale));
    let lines = verdict_lines_with("S", judged, |j| {
        if j.verdict == "yes" {
            "contradicted"
        } else {
            "not contradicted"
        }
    });
    Scored {
        score,
        reason,
        explain: Some((how, lines)),
    }
}

fn claims_score(run: &Run) -> Scored {
    let Some((judged, _)) = run.verdicts("verdicts") else {
        return Scored {
            score: 0.0,
            reason: "The score is 0 because the output makes no factual claim.".into(),
            explain: None,
        };
    };
    let bad: Vec<&str> = judged
        .iter()
        .filter(|j| j.verdict != "supported")
        .map(|j| j.item.as_str())
        .collect();
    let (count, total) = (bad.len(), judged.len());
    let score = round_score(count as f64 / total as f64 * run.options.scale);
    let shown = format_number(score);
    if run.blank("context") {
        let reason = format!("The score is {shown} because there is no context, so none of the output's {total} claims is supported.");
        return Scored {
            score,
            reason,
            explain: None,
        };
    }
    let reason = if bad.is_empty() {
        format!("The score is {shown} because all {total} claims of the output are supported by the context.")
    } else {
        format!("The score is {shown} because {count} of the output's {total} claims {} not supported by the context: {}.", are(count), quote_list(&bad))
    };
    let how = format!("{count} of the output's {total} claims are contradicted by or not supported by the context, times a scale of {}", format_number(run.options.scale));
    Scored {
        score,
        reason,
        explain: Some((how, verdict_lines("C", judged))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::declare::Options;
    use crate::judge::engine::{measure, Outcome};
    use crate::judge::error::Error;
    use crate::judge::scripted::{block_on, Answer, ScriptedJudge};
    use crate::judge::Usage;

    type HallucinationOptions = Options;

    fn named(context: &[String], question: &str, output: &str) -> Vec<(String, Vec<String>)> {
        vec![
            ("context".into(), context.to_vec()),
            ("question".into(), vec![question.into()]),
            ("output".into(), vec![output.into()]),
        ]
    }

    /// A statements-strategy measure, as the glue runs it.
    fn measure_statements(
        judge: &ScriptedJudge,
        context: &[String],
        question: &str,
        output: &str,
        options: Options,
    ) -> Result<Outcome, Error> {
        block_on(measure(
            judge,
            &STATEMENTS,
            &named(context, question, output),
            &options,
            &[],
            None,
        ))
    }

    fn measure_claims(
        judge: &ScriptedJudge,
        context: &[String],
        output: &str,
        options: Options,
    ) -> Result<Outcome, Error> {
        block_on(measure(
            judge,
            &CLAIMS,
            &named(context, "", output),
            &options,
            &[],
            None,
        ))
    }

    fn verdict_words(r: &Outcome) -> Vec<&'static str> {
        r.verdicts
            .get("verdicts")
            .map(|v| v.judged.iter().map(|j| j.verdict).collect())
            .unwrap_or_default()
    }

    fn flags(r: &Outcome) -> Vec<bool> {
        verdict_words(r).iter().map(|w| *w == "yes").collect()
    }

    fn reason(r: &Outcome) -> &str {
        r.reason.as_deref().unwrap_or("")
    }

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

    fn tesla(judge: &ScriptedJudge, options: HallucinationOptions) -> Result<Outcome, Error> {
        measure_statements(
            judge,
            &strings(&[TESLA_CONTEXT]),
            "Tell me about Tesla's founding.",
            "Tesla was founded in 2004 by Elon Musk in California.",
            options,
        )
    }

    #[test]
    fn tesla_example_scores_two_thirds() {
        let judge = ScriptedJudge::texts(&[
            TESLA_STATEMENTS,
            TESLA_VERDICTS,
            r#"{"because": "the output gives the wrong founding year and founders, while California agrees with the context."}"#,
        ]);
        let r = tesla(&judge, HallucinationOptions::default()).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r.score, Some(0.67));
        assert!(
            reason(&r).starts_with("The score is 0.67 because the output gives"),
            "{}",
            reason(&r)
        );
        assert_eq!(flags(&r), [true, true, false]);
        assert_eq!(r.model_calls, 3);
        assert_eq!(judge.requests.borrow()[1].step, "verdicts");
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
        let r = measure_statements(
            &judge,
            &context,
            "What are the key details about OpenAI?",
            "OpenAI was founded in 2015 by Elon Musk and Sam Altman with a $2 billion investment.",
            options,
        )
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r.score, Some(0.33));
        assert_eq!(reason(&r), "The score is 0.33 because 1 of the 3 context statements is contradicted by the output: \"OpenAI launched with a $1 billion investment commitment.\".");
        assert_eq!(r.model_calls, 2);
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
        assert_eq!(r.map(|r| r.score), Ok(Some(6.67)));
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
        assert_eq!(r.map(|r| (r.score, r.model_calls)), Ok((Some(0.67), 3)));
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
                assert_eq!(step, "verdicts");
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
        assert_eq!(r.map(|r| r.score), Ok(Some(0.67)));
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
                step: "verdicts",
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
        assert_eq!(flags(&r), [true, true, false]);
    }

    #[test]
    fn empty_output_and_empty_context_score_zero_without_verdict_calls() {
        let judge = ScriptedJudge::texts(&[TESLA_STATEMENTS]);
        let r = measure_statements(
            &judge,
            &strings(&[TESLA_CONTEXT]),
            "q",
            "   ",
            HallucinationOptions::default(),
        );
        assert_eq!(r.map(|r| (r.score, r.model_calls)), Ok((Some(0.0), 1)));

        let judge = ScriptedJudge::texts(&[]);
        let r = measure_statements(
            &judge,
            &strings(&["", "  "]),
            "q",
            "an answer",
            HallucinationOptions::default(),
        );
        assert_eq!(r.map(|r| (r.score, r.model_calls)), Ok((Some(0.0), 0)));
    }

    #[test]
    fn a_failing_model_is_reported_with_its_step() {
        let judge = ScriptedJudge::new(vec![Answer::Fail("rate limited")]);
        let e = tesla(&judge, HallucinationOptions::default()).err();
        assert_eq!(
            e,
            Some(Error::Model {
                step: "statements",
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
            r.map(|r| r.usage),
            Ok(Some(Usage {
                input_tokens: 200,
                output_tokens: 14
            }))
        );
    }

    #[test]
    fn invalid_scale_is_rejected() {
        let judge = ScriptedJudge::texts(&[]);
        let r = measure_statements(
            &judge,
            &strings(&["s"]),
            "q",
            "o",
            HallucinationOptions {
                scale: f64::NAN,
                ..Default::default()
            },
        );
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
        let r = measure_claims(
            &judge,
            &strings(&[TESLA_CONTEXT]),
            "Tesla was founded in 2004 by Elon Musk in California.",
            HallucinationOptions::default(),
        )
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r.score, Some(0.67));
        assert_eq!(
            r.model_calls, 3,
            "claims, verdicts, reason: as many calls as the original"
        );
        assert_eq!(
            verdict_words(&r),
            ["contradicted", "unsupported", "supported"]
        );
    }

    #[test]
    fn claims_strategy_edge_cases() {
        let judge = ScriptedJudge::texts(&[r#"{"claims": []}"#]);
        let r = measure_claims(
            &judge,
            &strings(&[TESLA_CONTEXT]),
            "Hello!",
            HallucinationOptions::default(),
        );
        assert_eq!(r.map(|r| r.score), Ok(Some(0.0)));

        let judge = ScriptedJudge::texts(&[r#"{"claims": ["a", "b"]}"#]);
        let r = measure_claims(&judge, &[], "a and b", HallucinationOptions::default());
        assert_eq!(r.map(|r| (r.score, r.model_calls)), Ok((Some(1.0), 1)));
        assert_eq!(judge.remaining(), 0);
    }
}
