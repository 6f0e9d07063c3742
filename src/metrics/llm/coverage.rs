//! Coverage: how many of a source text's claims a summary keeps (recall).
//!
//! 1. The source's atomic, objective factual claims are extracted ([`extract_claims`]); long
//!    sources are cut into batches so that each answer fits the model's output budget.
//! 2. For each claim the judge decides whether the summary states it, even in other words
//!    ([`judge_claims`]); verdicts are keyed by claim id, asked in batches, and a claim still
//!    without a verdict after a second request is reported as unjudged, never scored.
//! 3. `score = covered claims / judged claims × scale`; no claims at all: 1.
//!
//! This is the metric documented for the Python package assert_llm_tools, without its
//! failure modes (position-based verdicts, "not supported" read as covered, silent padding,
//! digits stripped from claims, truncation of long sources).

use alloc::{format, string::String, vec::Vec};

use serde::Serialize;

use crate::judge::error::Error;
use crate::judge::json::Value;
use crate::judge::prompt::{data_block, numbered_block, DATA_RULE};
use crate::judge::score::{check_scale, round_score};
use crate::judge::verdicts::{ask_verdicts, read_list, yes_no};
use crate::judge::{Judge, Request, Session, Step, Usage};
use crate::numbers::number::format_number;

/// Options of a coverage measure.
#[derive(Debug, Clone, PartialEq)]
pub struct CoverageOptions {
    /// The maximum score. Default 1.
    pub scale: f64,
    /// Guidance for both steps (what counts as a claim, what counts as covered).
    pub custom_instruction: Option<String>,
    /// The longest answer the model may give, in tokens: sizes the batches. Default 4096.
    pub max_output_tokens: u32,
}

impl Default for CoverageOptions {
    fn default() -> Self {
        CoverageOptions {
            scale: 1.0,
            custom_instruction: None,
            max_output_tokens: 4096,
        }
    }
}

impl CoverageOptions {
    /// Checks the options' values.
    pub fn validate(&self) -> Result<(), Error> {
        check_scale(self.scale)?;
        if self.max_output_tokens < 256 {
            return Err(Error::InvalidOption {
                name: "maxOutputTokens",
                reason: format!("must be at least 256, got {}", self.max_output_tokens),
            });
        }
        Ok(())
    }

    /// Source characters per extraction request: a claim list is at most about as long as
    /// its source, at roughly four characters per token, with room to spare.
    fn source_chars_per_batch(&self) -> usize {
        self.max_output_tokens as usize * 3
    }

    /// Claims per verdict request: a verdict with a short reason takes about 40 tokens.
    fn claims_per_batch(&self) -> usize {
        (self.max_output_tokens as usize / 40).max(5)
    }

    fn instruction_sentence(&self) -> String {
        match self.custom_instruction.as_deref().map(str::trim) {
            Some(text) if !text.is_empty() => {
                format!(" The developer running this evaluation adds this instruction, which takes precedence: {text}")
            }
            _ => String::new(),
        }
    }
}

/// The result of a coverage measure.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CoverageResult {
    pub score: f64,
    pub info: CoverageInfo,
}

/// `info` of a [`CoverageResult`].
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CoverageInfo {
    pub reason: String,
    /// Claims extracted from the source.
    pub reference_claims_count: usize,
    /// Of those, claims the summary states.
    pub claims_in_summary_count: usize,
    /// Each claim with its verdict (the JS glue keeps it only with `verbose`).
    pub claims_analysis: Vec<ClaimCoverage>,
    /// Claims the judge gave no verdict for, even when asked again; not part of the score.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub unjudged: Vec<String>,
    pub model_calls: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub usage: Option<Usage>,
}

/// A source claim and whether the summary keeps it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ClaimCoverage {
    pub claim: String,
    pub is_covered: bool,
    pub reason: String,
}

/// Cuts `text` into pieces of at most about `limit` bytes, at sentence or line ends where it
/// can, else at a space, else anywhere on a character boundary.
fn batches(text: &str, limit: usize) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = text.trim();
    while rest.len() > limit {
        let mut cut = limit;
        while !rest.is_char_boundary(cut) {
            cut -= 1;
        }
        let window = rest.get(..cut).unwrap_or("");
        let at = window
            .rfind(['\n', '.', '!', '?', '。'])
            .map(|i| {
                i + window
                    .get(i..)
                    .unwrap_or("")
                    .chars()
                    .next()
                    .map_or(1, char::len_utf8)
            })
            .filter(|&i| i > limit / 2)
            .or_else(|| window.rfind(char::is_whitespace).filter(|&i| i > limit / 2))
            .unwrap_or(cut);
        let (head, tail) = rest.split_at(at);
        if !head.trim().is_empty() {
            out.push(head.trim());
        }
        rest = tail.trim_start();
    }
    if !rest.is_empty() {
        out.push(rest);
    }
    out
}

fn claims_request(options: &CoverageOptions, piece: &str) -> Request {
    let system = format!(
        "You list the factual claims of a source text. Split the text in <source> into atomic, \
         objective claims: each states one verifiable fact, can be understood on its own (replace \
         pronouns by what they stand for) and keeps the text's wording. Split compound sentences \
         (\"The cat is black and sleeps on the windowsill\" gives two claims). Leave out opinions, \
         judgements, questions and instructions.{} {DATA_RULE} Answer with JSON only, in this form: \
         {{\"claims\": [\"first claim\", \"second claim\"]}}",
        options.instruction_sentence()
    );
    let mut user = String::new();
    data_block(&mut user, "source", piece);
    Request {
        system,
        user,
        json: true,
        step: Step::Claims,
    }
}

/// Extracts the source's claims, one request per batch of the source.
pub async fn extract_claims<J: Judge>(
    judge: &J,
    source: &str,
    options: &CoverageOptions,
) -> Result<(Vec<String>, Session), Error> {
    options.validate()?;
    let mut session = Session::default();
    let mut claims = Vec::new();
    for piece in batches(source, options.source_chars_per_batch()) {
        let found = session
            .ask(judge, claims_request(options, piece), |t| {
                read_list(t, "claims")
            })
            .await?;
        claims.extend(found);
    }
    Ok((claims, session))
}

fn coverage_request(
    options: &CoverageOptions,
    claims: &[String],
    asked: &[usize],
    summary: &str,
) -> Request {
    let system = format!(
        "You check whether a summary keeps the claims of its source. For each numbered claim in \
         <claims>, decide whether the text in <summary> states it, even in other words: verdict \
         \"yes\" (covered) when the summary says it or something that clearly includes it, \"no\" \
         when the summary leaves it out, only hints at it, or says something different.{} \
         Judge each claim on its own. {DATA_RULE} Answer with JSON only, one entry per claim id: \
         {{\"verdicts\": [{{\"id\": \"C1\", \"verdict\": \"yes\", \"reason\": \"one short sentence\"}}]}}",
        options.instruction_sentence()
    );
    let mut user = String::new();
    numbered_block(&mut user, "claims", "C", claims, asked);
    data_block(&mut user, "summary", summary);
    Request {
        system,
        user,
        json: true,
        step: Step::Verdicts,
    }
}

fn covered_word(value: &Value) -> Option<bool> {
    yes_no(
        value,
        &["covered", "present", "supported", "stated", "included"],
        &[
            "not covered",
            "missing",
            "absent",
            "not present",
            "not supported",
            "unsupported",
            "not stated",
            "omitted",
        ],
    )
}

/// Judges every claim against the summary and scores. `session` carries the counts of an
/// extraction made for this measure (empty when the claims came from the cache).
pub async fn judge_claims<J: Judge>(
    judge: &J,
    claims: &[String],
    summary: &str,
    options: &CoverageOptions,
    mut session: Session,
) -> Result<CoverageResult, Error> {
    options.validate()?;
    if claims.is_empty() {
        let reason = format!(
            "The score is {} because no factual claim could be extracted from the source, so there is nothing to miss.",
            format_number(round_score(options.scale))
        );
        return Ok(result_from(
            reason,
            round_score(options.scale),
            Vec::new(),
            Vec::new(),
            &session,
        ));
    }
    let mut analysis = Vec::with_capacity(claims.len());
    let mut unjudged = Vec::new();
    let per_batch = options.claims_per_batch();
    let all: Vec<usize> = (0..claims.len()).collect();
    for batch in all.chunks(per_batch) {
        let build = |asked: &[usize]| coverage_request(options, claims, asked, summary);
        let verdicts = ask_verdicts(&mut session, judge, "C", batch, build, covered_word).await?;
        for (&index, verdict) in batch.iter().zip(verdicts) {
            match verdict {
                Some(v) => analysis.push(ClaimCoverage {
                    claim: claims[index].clone(),
                    is_covered: v.value,
                    reason: v.reason,
                }),
                None => unjudged.push(claims[index].clone()),
            }
        }
    }
    if analysis.is_empty() {
        return Err(Error::MissingVerdicts {
            step: Step::Verdicts,
            missing: (1..=claims.len()).map(|i| format!("C{i}")).collect(),
        });
    }
    let covered = analysis.iter().filter(|c| c.is_covered).count();
    let score = round_score(covered as f64 / analysis.len() as f64 * options.scale);
    let mut reason = format!(
        "The score is {} because the summary keeps {covered} of the {} claims of the source",
        format_number(score),
        analysis.len()
    );
    let missing: Vec<String> = analysis
        .iter()
        .filter(|c| !c.is_covered)
        .map(|c| format!("\"{}\"", c.claim))
        .collect();
    if !missing.is_empty() && missing.len() <= 5 {
        reason.push_str(&format!("; it leaves out {}", missing.join("; ")));
    } else if !missing.is_empty() {
        reason.push_str(&format!("; it leaves out {} of them", missing.len()));
    }
    if !unjudged.is_empty() {
        reason.push_str(&format!(
            " ({} more claims got no verdict from the model and are not counted)",
            unjudged.len()
        ));
    }
    reason.push('.');
    Ok(result_from(reason, score, analysis, unjudged, &session))
}

fn result_from(
    reason: String,
    score: f64,
    analysis: Vec<ClaimCoverage>,
    unjudged: Vec<String>,
    session: &Session,
) -> CoverageResult {
    CoverageResult {
        score,
        info: CoverageInfo {
            reason,
            reference_claims_count: analysis.len() + unjudged.len(),
            claims_in_summary_count: analysis.iter().filter(|c| c.is_covered).count(),
            claims_analysis: analysis,
            unjudged,
            model_calls: session.calls,
            usage: session.usage_reported.then_some(session.usage),
        },
    }
}

/// A 128-bit FNV-1a digest of the source text and the custom instruction, as 32 hex digits:
/// the key under which the JS glue caches a source's claims.
///
/// ```
/// use evals_wasm::metrics::llm::coverage::cache_key;
/// assert_eq!(cache_key("a", ""), cache_key("a", ""));
/// assert_ne!(cache_key("a", "b"), cache_key("ab", ""));
/// ```
pub fn cache_key(source: &str, instruction: &str) -> String {
    const OFFSET: u128 = 0x6c62272e07bb014262b821756295c58d;
    const PRIME: u128 = 0x0000000001000000000000000000013B;
    let mut hash = OFFSET;
    let mut feed = |bytes: &[u8]| {
        for &b in bytes {
            hash ^= u128::from(b);
            hash = hash.wrapping_mul(PRIME);
        }
    };
    feed(&(source.len() as u64).to_le_bytes());
    feed(source.as_bytes());
    feed(instruction.as_bytes());
    format!("{hash:032x}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::scripted::{block_on, ScriptedJudge};

    const CAT_SOURCE: &str = "The cat is black and sleeps on the windowsill during sunny afternoons. It enjoys watching birds and occasionally naps in the garden.";
    const CAT_SUMMARY: &str = "The black cat sleeps by the window.";
    const CAT_CLAIMS: &str = r#"{"claims": ["The cat is black", "The cat sleeps on the windowsill during sunny afternoons", "The cat enjoys watching birds", "The cat occasionally naps in the garden"]}"#;

    fn measure(
        judge: &ScriptedJudge,
        source: &str,
        summary: &str,
        options: &CoverageOptions,
    ) -> Result<CoverageResult, Error> {
        block_on(async {
            let (claims, session) = extract_claims(judge, source, options).await?;
            judge_claims(judge, &claims, summary, options, session).await
        })
    }

    #[test]
    fn cat_example_keeps_two_of_four_claims() {
        let verdicts = r#"{"verdicts": [{"id": "C1", "verdict": "yes", "reason": "black cat"}, {"id": "C2", "verdict": "yes", "reason": "sleeps by the window"}, {"id": "C3", "verdict": "no", "reason": "birds are not mentioned"}, {"id": "C4", "verdict": "no", "reason": "the garden is not mentioned"}]}"#;
        let judge = ScriptedJudge::texts(&[CAT_CLAIMS, verdicts]);
        let r = measure(&judge, CAT_SOURCE, CAT_SUMMARY, &CoverageOptions::default())
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r.score, 0.5);
        assert_eq!(
            (
                r.info.reference_claims_count,
                r.info.claims_in_summary_count
            ),
            (4, 2)
        );
        assert_eq!(
            r.info
                .claims_analysis
                .iter()
                .map(|c| c.is_covered)
                .collect::<Vec<_>>(),
            [true, true, false, false]
        );
        assert_eq!(r.info.model_calls, 2);
        assert!(
            r.info
                .reason
                .starts_with("The score is 0.5 because the summary keeps 2 of the 4 claims"),
            "{}",
            r.info.reason
        );
    }

    #[test]
    fn a_preamble_saying_supported_shifts_nothing_and_not_supported_is_not_covered() {
        let verdicts = "Claims supported by the summary are listed below.\n{\"verdicts\": [{\"id\": \"C4\", \"verdict\": \"not supported\"}, {\"id\": \"C1\", \"verdict\": \"supported\"}, {\"id\": \"C2\", \"verdict\": \"Supported\"}, {\"id\": \"C3\", \"verdict\": \"NOT SUPPORTED\"}]}";
        let judge = ScriptedJudge::texts(&[CAT_CLAIMS, verdicts]);
        let r = measure(&judge, CAT_SOURCE, CAT_SUMMARY, &CoverageOptions::default())
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            r.info
                .claims_analysis
                .iter()
                .map(|c| c.is_covered)
                .collect::<Vec<_>>(),
            [true, true, false, false]
        );
        assert_eq!(r.score, 0.5);
    }

    #[test]
    fn missing_verdicts_are_asked_again_then_reported_not_scored() {
        let first =
            r#"{"verdicts": [{"id": "C1", "verdict": "yes"}, {"id": "C2", "verdict": "no"}]}"#;
        let second = r#"{"verdicts": [{"id": "C3", "verdict": "yes"}]}"#;
        let judge = ScriptedJudge::texts(&[CAT_CLAIMS, first, second]);
        let r = measure(&judge, CAT_SOURCE, CAT_SUMMARY, &CoverageOptions::default())
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r.info.unjudged, ["The cat occasionally naps in the garden"]);
        assert_eq!(r.info.claims_analysis.len(), 3);
        assert_eq!(
            r.score, 0.67,
            "2 covered of 3 judged; the unjudged claim is not counted as missing"
        );
        assert_eq!(r.info.reference_claims_count, 4);
        let asked_again = &judge.requests.borrow()[2].user;
        assert!(
            asked_again.contains("C3:")
                && asked_again.contains("C4:")
                && !asked_again.contains("C1:")
        );
        assert!(r.info.reason.contains("1 more claims got no verdict"));
    }

    #[test]
    fn claims_beginning_with_numbers_keep_their_digits() {
        let claims = r#"{"claims": ["1969 was the year of the first Moon landing", "2. is a list marker only when a model writes lists"]}"#;
        let verdicts =
            r#"{"verdicts": [{"id": "C1", "verdict": "yes"}, {"id": "C2", "verdict": "no"}]}"#;
        let judge = ScriptedJudge::texts(&[claims, verdicts]);
        let r = measure(&judge, "source", "summary", &CoverageOptions::default())
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            r.info.claims_analysis[0].claim,
            "1969 was the year of the first Moon landing"
        );
        assert!(judge.requests.borrow()[1]
            .user
            .contains("C1: 1969 was the year"));
    }

    #[test]
    fn many_claims_are_judged_in_batches_and_none_is_lost() {
        let claims: Vec<String> = (1..=250)
            .map(|i| format!("Fact number {i} holds."))
            .collect();
        let options = CoverageOptions::default();
        let per_batch = options.claims_per_batch();
        assert!(per_batch < 250);
        let answers: Vec<String> = (0..250)
            .collect::<Vec<_>>()
            .chunks(per_batch)
            .map(|batch| {
                let items: Vec<String> = batch
                    .iter()
                    .map(|i| {
                        format!(
                            r#"{{"id": "C{}", "verdict": "{}"}}"#,
                            i + 1,
                            if i % 2 == 0 { "yes" } else { "no" }
                        )
                    })
                    .collect();
                format!(r#"{{"verdicts": [{}]}}"#, items.join(","))
            })
            .collect();
        let leaked: Vec<&'static str> = answers
            .into_iter()
            .map(|a| &*Box::leak(a.into_boxed_str()))
            .collect();
        let judge = ScriptedJudge::texts(&leaked);
        let r = block_on(judge_claims(
            &judge,
            &claims,
            "summary",
            &options,
            Session::default(),
        ))
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r.info.reference_claims_count, 250);
        assert_eq!(r.info.claims_in_summary_count, 125);
        assert!(r.info.unjudged.is_empty());
        assert_eq!(r.info.model_calls as usize, 250usize.div_ceil(per_batch));
        assert_eq!(r.score, 0.5);
    }

    #[test]
    fn long_sources_are_extracted_in_batches() {
        let source = "A sentence about one fact. ".repeat(400);
        let options = CoverageOptions {
            max_output_tokens: 1024,
            ..Default::default()
        };
        let expected_batches = batches(&source, options.source_chars_per_batch()).len();
        assert!(expected_batches > 2);
        let answers: Vec<&'static str> = vec![r#"{"claims": ["a fact"]}"#; expected_batches];
        let judge = ScriptedJudge::texts(&answers);
        let (claims, session) =
            block_on(extract_claims(&judge, &source, &options)).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(claims.len(), expected_batches);
        assert_eq!(session.calls as usize, expected_batches);
    }

    #[test]
    fn batches_respect_the_limit_and_lose_nothing() {
        let text = "First sentence here. Second one is a little longer! Third?\nA line with ünïcödé words and no end ".repeat(50) + &"x".repeat(500);
        let pieces = batches(&text, 200);
        assert!(
            pieces.iter().all(|p| p.len() <= 200),
            "{:?}",
            pieces.iter().map(|p| p.len()).max()
        );
        let squeeze = |s: &str| s.split_whitespace().collect::<String>();
        assert_eq!(
            pieces.iter().map(|p| squeeze(p)).collect::<String>(),
            squeeze(&text)
        );
    }

    #[test]
    fn no_claims_scores_full_marks() {
        let judge = ScriptedJudge::texts(&[r#"{"claims": []}"#]);
        let r = measure(
            &judge,
            "Wow!",
            "summary",
            &CoverageOptions {
                scale: 5.0,
                ..Default::default()
            },
        )
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r.score, 5.0);
        assert!(r.info.reason.contains("no factual claim"));
        assert_eq!(r.info.reference_claims_count, 0);
    }

    #[test]
    fn the_custom_instruction_reaches_both_steps() {
        let judge = ScriptedJudge::texts(&[
            CAT_CLAIMS,
            r#"{"verdicts": [{"id": "C1", "verdict": "yes"}, {"id": "C2", "verdict": "yes"}, {"id": "C3", "verdict": "yes"}, {"id": "C4", "verdict": "yes"}]}"#,
        ]);
        let options = CoverageOptions {
            custom_instruction: Some("Numbers must be preserved exactly.".into()),
            ..Default::default()
        };
        let _ = measure(&judge, CAT_SOURCE, CAT_SUMMARY, &options);
        assert!(judge
            .requests
            .borrow()
            .iter()
            .all(|r| r.system.contains("Numbers must be preserved exactly.")));
    }

    #[test]
    fn no_verdict_at_all_is_an_error() {
        let judge = ScriptedJudge::texts(&[
            CAT_CLAIMS,
            r#"{"verdicts": [{"id": "C1", "verdict": "yes"}]}"#,
            r#"{"verdicts": []}"#,
        ]);
        let r = measure(&judge, CAT_SOURCE, CAT_SUMMARY, &CoverageOptions::default());
        assert!(r.is_ok(), "one verdict is enough to score");
        let judge = ScriptedJudge::texts(&[CAT_CLAIMS, "{}", "{}"]);
        let r = measure(&judge, CAT_SOURCE, CAT_SUMMARY, &CoverageOptions::default());
        assert_eq!(r.err().map(|e| e.code()), Some("EVALS_UNREADABLE_ANSWER"));
    }
}
