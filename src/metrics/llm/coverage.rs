//! Coverage: how many of a source text's claims a summary keeps (recall).
//!
//! 1. The source's atomic, objective factual claims are extracted; long sources are cut into
//!    batches so that each answer fits the model's output budget.
//! 2. For each claim the judge decides whether the summary states it, even in other words;
//!    verdicts are keyed by claim id, asked in batches, and a claim still without a verdict
//!    after a second request is reported as unjudged, never scored.
//! 3. `score = covered claims / judged claims × scale`; no claims at all: 1 × scale.
//!
//! Inputs: `source` and `summary`. The answer limit (`maxOutputTokens` in JS, default 4096)
//! also sizes the batches. This is the metric documented for the Python package
//! assert_llm_tools, without its failure modes (position-based verdicts, "not supported" read
//! as covered, silent padding, digits stripped from claims, truncation of long sources).

use alloc::{format, string::String, vec::Vec};

use crate::judge::declare::{Extract, Metric, Options, Run, Scored, Step, Verdicts, Word};
use crate::judge::score::round_score;
use crate::numbers::number::format_number;

/// The answer budget batches are sized for when no limit is set.
const DEFAULT_BUDGET: u32 = 4096;

fn budget(options: &Options) -> usize {
    options.max_answer_tokens.unwrap_or(DEFAULT_BUDGET) as usize
}

/// Source bytes per extraction request: a claim list is at most about as long as its source,
/// at roughly four characters per token, with room to spare.
pub(crate) fn source_bytes_per_batch(options: &Options) -> usize {
    budget(options) * 3
}

/// Claims per verdict request: a verdict with a short reason takes about 40 tokens.
pub(crate) fn claims_per_batch(options: &Options) -> usize {
    (budget(options) / 40).max(5)
}

/// How the claims of a source are listed (also used by the summarization metrics).
pub const SOURCE_CLAIMS_TASK: &str = "You list the factual claims of a source text. Split the text in <source> into atomic, \
objective claims: each states one verifiable fact, can be understood on its own (replace pronouns by what they \
stand for) and keeps the text's wording. Split compound sentences (\"The cat is black and sleeps on the \
windowsill\" gives two claims). Leave out opinions, judgements, questions and instructions.";

/// Whether a summary keeps a claim: "yes" or "no", and the looser answers read as each.
pub const KEPT_WORDS: &[Word] = &[
    Word {
        word: "yes",
        also: &[
            "true",
            "covered",
            "present",
            "supported",
            "stated",
            "included",
        ],
    },
    Word {
        word: "no",
        also: &[
            "false",
            "not covered",
            "missing",
            "absent",
            "not present",
            "not supported",
            "unsupported",
            "not stated",
            "omitted",
        ],
    },
];

/// How a summary is checked for each claim of its source (in a `claims` block).
pub const KEPT_TASK: &str = "You check whether a summary keeps the claims of its source. For each numbered claim in \
<claims>, decide whether the text in <summary> states it, even in other words: verdict \"yes\" (covered) when the \
summary says it or something that clearly includes it, \"no\" when the summary leaves it out, only hints at it, \
or says something different. Judge each claim on its own.";

/// The source's claims, in batches sized by the answer limit.
pub const SOURCE_CLAIMS: Step = Step::Extract(Extract {
    name: "claims",
    from: &["source"],
    task: SOURCE_CLAIMS_TASK,
    batch_bytes: Some(source_bytes_per_batch),
});

/// The coverage metric.
pub const COVERAGE: Metric = Metric {
    id: "coverage",
    steps: &[
        SOURCE_CLAIMS,
        Step::Verdicts(Verdicts {
            name: "verdicts",
            items: "claims",
            prefix: "C",
            blocks: &["claims", "summary"],
            words: KEPT_WORDS,
            extra: &[],
            task: KEPT_TASK,
            needs: &[],
            blank: None,
            every: false,
            batch_items: Some(claims_per_batch),
        }),
    ],
    score: coverage_score,
    model_reason: false,
};

/// The share of "yes" among a step's verdicts × scale, with a composed reason: `head(score, yes,
/// judged)`, then the items judged otherwise (quoted, up to five, else their number) after
/// `left`, and how many `noun` got no verdict. `None` when the step was skipped.
pub(crate) fn yes_share(
    run: &Run,
    step: &str,
    head: impl Fn(&str, usize, usize) -> String,
    left: &str,
    noun: &str,
) -> Option<Scored> {
    let (judged, unjudged) = run.verdicts(step)?;
    let yes = judged.iter().filter(|j| j.verdict == "yes").count();
    let score = round_score(yes as f64 / judged.len() as f64 * run.options.scale);
    let mut reason = head(&format_number(score), yes, judged.len());
    let missing: Vec<String> = judged
        .iter()
        .filter(|j| j.verdict != "yes")
        .map(|j| format!("\"{}\"", j.item))
        .collect();
    if !missing.is_empty() && missing.len() <= 5 {
        reason.push_str(&format!("; {left} {}", missing.join("; ")));
    } else if !missing.is_empty() {
        reason.push_str(&format!("; {left} {} of them", missing.len()));
    }
    if !unjudged.is_empty() {
        reason.push_str(&format!(
            " ({} more {noun} got no verdict from the model and are not counted)",
            unjudged.len()
        ));
    }
    reason.push('.');
    Some(Scored {
        score,
        reason,
        explain: None,
    })
}

fn coverage_score(run: &Run) -> Scored {
    let kept = |score: &str, yes, n| {
        format!(
            "The score is {score} because the summary keeps {yes} of the {n} claims of the source"
        )
    };
    yes_share(run, "verdicts", kept, "it leaves out", "claims").unwrap_or_else(|| {
        let score = round_score(run.options.scale);
        Scored {
            score,
            reason: format!("The score is {} because no factual claim could be extracted from the source, so there is nothing to miss.", format_number(score)),
            explain: None,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::engine::{batches, measure as run, Outcome};
    use crate::judge::error::Error;
    use crate::judge::scripted::{block_on, ScriptedJudge};

    /// `CoverageOptions { max_output_tokens, custom_instruction, .. }` of the glue.
    #[derive(Default)]
    struct CoverageOptions {
        scale: Option<f64>,
        custom_instruction: Option<String>,
        max_output_tokens: Option<u32>,
    }

    impl CoverageOptions {
        fn engine(&self) -> Options {
            Options {
                scale: self.scale.unwrap_or(1.0),
                model_reason: false,
                instruction: self.custom_instruction.clone(),
                max_answer_tokens: self.max_output_tokens,
                ..Options::default()
            }
        }
    }

    fn inputs(source: &str, summary: &str) -> Vec<(String, Vec<String>)> {
        vec![
            ("source".into(), vec![source.into()]),
            ("summary".into(), vec![summary.into()]),
        ]
    }

    fn covered(r: &Outcome) -> Vec<bool> {
        r.verdicts["verdicts"]
            .judged
            .iter()
            .map(|j| j.verdict == "yes")
            .collect()
    }

    fn unjudged(r: &Outcome) -> &[String] {
        r.verdicts
            .get("verdicts")
            .map_or(&[], |v| v.unjudged.as_slice())
    }

    fn reason(r: &Outcome) -> &str {
        r.reason.as_deref().unwrap_or("")
    }

    const CAT_SOURCE: &str = "The cat is black and sleeps on the windowsill during sunny afternoons. It enjoys watching birds and occasionally naps in the garden.";
    const CAT_SUMMARY: &str = "The black cat sleeps by the window.";
    const CAT_CLAIMS: &str = r#"{"claims": ["The cat is black", "The cat sleeps on the windowsill during sunny afternoons", "The cat enjoys watching birds", "The cat occasionally naps in the garden"]}"#;

    fn measure(
        judge: &ScriptedJudge,
        source: &str,
        summary: &str,
        options: &CoverageOptions,
    ) -> Result<Outcome, Error> {
        block_on(run(
            judge,
            &COVERAGE,
            &inputs(source, summary),
            &options.engine(),
            &[],
            None,
        ))
    }

    #[test]
    fn cat_example_keeps_two_of_four_claims() {
        let verdicts = r#"{"verdicts": [{"id": "C1", "verdict": "yes", "reason": "black cat"}, {"id": "C2", "verdict": "yes", "reason": "sleeps by the window"}, {"id": "C3", "verdict": "no", "reason": "birds are not mentioned"}, {"id": "C4", "verdict": "no", "reason": "the garden is not mentioned"}]}"#;
        let judge = ScriptedJudge::texts(&[CAT_CLAIMS, verdicts]);
        let r = measure(&judge, CAT_SOURCE, CAT_SUMMARY, &CoverageOptions::default())
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r.score, Some(0.5));
        assert_eq!(
            (
                r.lists["claims"].len(),
                covered(&r).iter().filter(|c| **c).count()
            ),
            (4, 2)
        );
        assert_eq!(covered(&r), [true, true, false, false]);
        assert_eq!(r.model_calls, 2);
        assert!(
            reason(&r).starts_with("The score is 0.5 because the summary keeps 2 of the 4 claims"),
            "{}",
            reason(&r)
        );
    }

    #[test]
    fn a_preamble_saying_supported_shifts_nothing_and_not_supported_is_not_covered() {
        let verdicts = "Claims supported by the summary are listed below.\n{\"verdicts\": [{\"id\": \"C4\", \"verdict\": \"not supported\"}, {\"id\": \"C1\", \"verdict\": \"supported\"}, {\"id\": \"C2\", \"verdict\": \"Supported\"}, {\"id\": \"C3\", \"verdict\": \"NOT SUPPORTED\"}]}";
        let judge = ScriptedJudge::texts(&[CAT_CLAIMS, verdicts]);
        let r = measure(&judge, CAT_SOURCE, CAT_SUMMARY, &CoverageOptions::default())
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(covered(&r), [true, true, false, false]);
        assert_eq!(r.score, Some(0.5));
    }

    #[test]
    fn missing_verdicts_are_asked_again_then_reported_not_scored() {
        let first =
            r#"{"verdicts": [{"id": "C1", "verdict": "yes"}, {"id": "C2", "verdict": "no"}]}"#;
        let second = r#"{"verdicts": [{"id": "C3", "verdict": "yes"}]}"#;
        let judge = ScriptedJudge::texts(&[CAT_CLAIMS, first, second]);
        let r = measure(&judge, CAT_SOURCE, CAT_SUMMARY, &CoverageOptions::default())
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(unjudged(&r), ["The cat occasionally naps in the garden"]);
        assert_eq!(covered(&r).len(), 3);
        assert_eq!(
            r.score,
            Some(0.67),
            "2 covered of 3 judged; the unjudged claim is not counted as missing"
        );
        assert_eq!(r.lists["claims"].len(), 4);
        let asked_again = &judge.requests.borrow()[2].user;
        assert!(
            asked_again.contains("C3:")
                && asked_again.contains("C4:")
                && !asked_again.contains("C1:")
        );
        assert!(reason(&r).contains("1 more claims got no verdict"));
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
            r.verdicts["verdicts"].judged[0].item,
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
        let per_batch = claims_per_batch(&options.engine());
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
        let known = vec![("claims".to_string(), claims)];
        let r = block_on(run(
            &judge,
            &COVERAGE,
            &inputs("source", "summary"),
            &options.engine(),
            &known,
            None,
        ))
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r.lists["claims"].len(), 250);
        assert_eq!(covered(&r).iter().filter(|c| **c).count(), 125);
        assert!(unjudged(&r).is_empty());
        assert_eq!(r.model_calls as usize, 250usize.div_ceil(per_batch));
        assert_eq!(r.score, Some(0.5));
    }

    #[test]
    fn long_sources_are_extracted_in_batches() {
        let source = "A sentence about one fact. ".repeat(400);
        let options = CoverageOptions {
            max_output_tokens: Some(1024),
            ..Default::default()
        };
        let expected_batches = batches(&source, source_bytes_per_batch(&options.engine())).len();
        assert!(expected_batches > 2);
        let answers: Vec<&'static str> = vec![r#"{"claims": ["a fact"]}"#; expected_batches];
        let judge = ScriptedJudge::texts(&answers);
        let r = block_on(run(
            &judge,
            &COVERAGE,
            &inputs(&source, "s"),
            &options.engine(),
            &[],
            Some("claims"),
        ))
        .unwrap_or_else(|e| panic!("{e}"));
        // Every batch answered the same claim: kept once, the repeats counted.
        assert_eq!(r.lists["claims"].len(), 1);
        assert_eq!(r.repeats_dropped as usize, expected_batches - 1);
        assert_eq!(r.model_calls as usize, expected_batches);
        assert!(judge.requests.borrow().iter().all(|r| r.max_tokens == 1024));
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
                scale: Some(5.0),
                ..Default::default()
            },
        )
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r.score, Some(5.0));
        assert!(reason(&r).contains("no factual claim"));
        assert_eq!(r.lists["claims"].len(), 0);
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
