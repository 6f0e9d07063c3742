//! Summarization: a summary judged on two axes, the score the weaker of them.
//!
//! * alignment: the share of the summary's claims that the source supports;
//! * coverage: how much of the source the summary keeps, either as the share of yes/no
//!   questions drawn from the source that the summary answers "yes" ([`QUESTIONS`], what
//!   `@mastra/evals` does), or as the share of the source's own claims the summary keeps
//!   ([`CLAIMS`], the claim verdicts of [`super::coverage`]).
//!
//! [`QUESTIONS`] and [`CLAIMS`] are the 0.14.4 `SummarizationMetric`: each axis is scaled and
//! rounded, then the minimum taken; an axis with nothing to judge is 0 (in [`CLAIMS`], a source
//! without claims has nothing to miss: coverage is full). [`SCORER`] is the 1.10.2
//! `createSummarizationScorer`: claims and questions come from one assessment, the questions are
//! answered from the summary alone, and `round(min(alignment, coverage) × scale)`, 0 when there
//! is no claim or no question. Inputs: `source`, `summary` (and for [`SCORER`],
//! `maxQuestions` and `questions`).

use alloc::{format, string::String, vec::Vec};

use super::coverage::{claims_per_batch, KEPT_WORDS, SOURCE_CLAIMS_TASK};
use crate::judge::declare::{
    Assess, Assessed, Extract, Field, Kind, Metric, Run, Scored, Step, Verdicts, Word,
};
use crate::judge::prompt::item_text;
use crate::judge::score::{round_score, verdict_lines};
use crate::numbers::number::format_number;

const QUESTIONS_TASK: &str = "You write closed questions that test whether a summary kept the key facts of a \
text. From the text in <source>, write yes/no questions, most important facts first, each about one fact, each \
answered \"yes\" by the text itself, precise (names, numbers and dates as written) and clear without the text.";

/// How the claims of a summary are listed (also used by factual consistency).
pub const SUMMARY_CLAIMS_TASK: &str = "You list the factual claims of a summary. Split the text in <summary> into \
atomic claims: one checkable fact each, understandable on its own (pronouns replaced by what they stand for), in \
the text's wording, hedged or speculative claims included.";

const ALIGNMENT_TASK: &str = "You check a summary against its source. For each numbered claim in <claims>, judge \
from <source> alone: \"yes\" when the source states it or directly implies it, \"no\" when the source says \
otherwise, \"unsure\" when the source does not settle it. An approximation of an exact figure is \"no\" unless it \
is plainly compatible; the same fact in other words is \"yes\".";

const ANSWER_TASK: &str = "You answer questions from a summary alone. For each numbered question in <questions>, \
answer from the text in <summary> only: \"yes\" when the summary states the asked fact (other words are fine; \
names, numbers and dates must match, a weaker or vaguer statement does not count), \"no\" when it says otherwise \
or does not say.";

const SOURCE_KEPT_TASK: &str = "You check whether a summary keeps the claims of its source. For each numbered claim \
in <sourceClaims>, decide whether the text in <summary> states it, even in other words: \"yes\" when it says it or \
something that clearly includes it, \"no\" when it leaves it out, only hints at it, or says something different.";

const ALIGNMENT_WORDS: &[Word] = &[
    Word {
        word: "yes",
        also: &["true", "supported"],
    },
    Word {
        word: "no",
        also: &["false", "contradicted", "not supported", "unsupported"],
    },
    Word {
        word: "unsure",
        also: &[
            "idk",
            "unknown",
            "not sure",
            "cannot verify",
            "unverifiable",
        ],
    },
];

const ANSWER_WORDS: &[Word] = &[
    Word {
        word: "yes",
        also: &["true", "answered"],
    },
    Word {
        word: "no",
        also: &[
            "false",
            "idk",
            "unsure",
            "unknown",
            "not answered",
            "not stated",
        ],
    },
];

const QUESTIONS_STEP: Step = Step::Extract(Extract {
    name: "questions",
    from: &["source"],
    task: QUESTIONS_TASK,
    batch_bytes: None,
});

const CLAIMS_STEP: Step = Step::Extract(Extract {
    name: "claims",
    from: &["summary"],
    task: SUMMARY_CLAIMS_TASK,
    batch_bytes: None,
});

const ALIGNMENT_STEP: Step = Step::Verdicts(Verdicts {
    name: "alignment",
    items: "claims",
    prefix: "C",
    blocks: &["source", "claims"],
    words: ALIGNMENT_WORDS,
    extra: &[],
    task: ALIGNMENT_TASK,
    needs: &["source"],
    blank: Some(("no", "There is no source text.")),
    every: true,
    batch_items: None,
});

const ANSWERS_STEP: Step = Step::Verdicts(Verdicts {
    name: "coverage",
    items: "questions",
    prefix: "Q",
    blocks: &["summary", "questions"],
    words: ANSWER_WORDS,
    extra: &[],
    task: ANSWER_TASK,
    needs: &["summary"],
    blank: Some(("no", "The summary is empty.")),
    every: true,
    batch_items: None,
});

const SOURCE_KEPT_STEP: Step = Step::Verdicts(Verdicts {
    name: "coverage",
    items: "sourceClaims",
    prefix: "S",
    blocks: &["sourceClaims", "summary"],
    words: KEPT_WORDS,
    extra: &[],
    task: SOURCE_KEPT_TASK,
    needs: &["summary"],
    blank: Some(("no", "The summary is empty.")),
    every: false,
    batch_items: Some(claims_per_batch),
});

/// 0.14.4, coverage by questions (the default).
pub const QUESTIONS: Metric = Metric {
    id: "summarization",
    steps: &[QUESTIONS_STEP, CLAIMS_STEP, ALIGNMENT_STEP, ANSWERS_STEP],
    score: questions_score,
    model_reason: true,
};

/// 0.14.4 shape, coverage by the source's claims.
pub const CLAIMS: Metric = Metric {
    id: "summarization-claims",
    steps: &[
        Step::Extract(Extract {
            name: "sourceClaims",
            from: &["source"],
            task: SOURCE_CLAIMS_TASK,
            batch_bytes: None,
        }),
        CLAIMS_STEP,
        ALIGNMENT_STEP,
        SOURCE_KEPT_STEP,
    ],
    score: claims_score,
    model_reason: true,
};

/// The yes share of a step's judged verdicts, × scale, rounded; `empty` when it was skipped.
fn axis(run: &Run, step: &str, empty: f64) -> (f64, usize, usize) {
    match run.verdicts(step) {
        Some((judged, _)) if !judged.is_empty() => {
            let yes = judged.iter().filter(|j| j.verdict == "yes").count();
            let share = yes as f64 / judged.len() as f64;
            (round_score(share * run.options.scale), yes, judged.len())
        }
        _ => (round_score(empty * run.options.scale), 0, 0),
    }
}

/// The axes' scores, the final one, and the reason parts, for both 0.14.4 forms.
fn min_of_axes(run: &Run, coverage_empty: f64, what: &str) -> Scored {
    let (alignment, supported, claims) = axis(run, "alignment", 0.0);
    let (coverage, kept, asked) = axis(run, "coverage", coverage_empty);
    let score = alignment.min(coverage);
    let how = format!(
        "the source supports {supported} of the summary's {claims} claims (alignment {}) and the summary keeps {kept} of {asked} {what} (coverage {}); the score is the lower",
        format_number(alignment),
        format_number(coverage)
    );
    let mut lines = verdict_lines("C", run.verdicts("alignment").map_or(&[], |v| v.0));
    lines.extend(verdict_lines(
        "Q",
        run.verdicts("coverage").map_or(&[], |v| v.0),
    ));
    Scored {
        score,
        reason: format!("The score is {} because {how}.", format_number(score)),
        explain: Some((how, lines)),
    }
}

fn questions_score(run: &Run) -> Scored {
    min_of_axes(run, 0.0, "source facts asked about")
}

fn claims_score(run: &Run) -> Scored {
    min_of_axes(run, 1.0, "source claims")
}

/// The summary's claims, each marked supported by the source or not (1.10.2's `alignment`).
const ALIGNMENT_FIELD: Field = Field {
    name: "alignment",
    kind: Kind::Objects(&[
        Field {
            name: "claim",
            kind: Kind::Text,
        },
        Field {
            name: "supported",
            kind: Kind::Boolean,
        },
        Field {
            name: "reason",
            kind: Kind::Text,
        },
    ]),
};

/// 1.10.2 `createSummarizationScorer`: one assessment (claims with support, questions), then
/// the questions (given as the `questions` input, at most `maxQuestions`) answered from the
/// summary.
pub const SCORER: Metric = Metric {
    id: "summarization-scorer",
    steps: &[
        Step::Assess(Assess {
            name: "preprocess",
            blocks: &["source", "summary", "maxQuestions"],
            fields: &[
                ALIGNMENT_FIELD,
                Field {
                    name: "questions",
                    kind: Kind::List,
                },
            ],
            task: "You do two separate things. 1) alignment: split the text in <summary> into atomic claims and \
mark each supported (true) only when the text in <source> states it or directly implies it; approximations of \
exact figures are not supported, the same fact in other words is; no claims, an empty list. 2) questions: from \
<source> alone, not looking at the summary, write at most as many yes/no questions as <maxQuestions> says, most \
important facts first, each answered \"yes\" by the source; an empty source, an empty list.",
        }),
        Step::Verdicts(Verdicts {
            name: "coverage",
            items: "questions",
            prefix: "Q",
            blocks: &["summary", "questions"],
            words: ANSWER_WORDS,
            extra: &[],
            task: ANSWER_TASK,
            needs: &["summary"],
            blank: Some(("no", "The summary is empty.")),
            every: false,
            batch_items: None,
        }),
    ],
    score: scorer_score,
    model_reason: true,
};

/// The 1.x scorer with `coverage: 'claims'`: the source's claims (cached by the glue), the
/// summary's claims marked supported, then each source claim judged kept or not; the reason is
/// composed by code, so a run costs at most the original's three calls.
pub const SCORER_CLAIMS: Metric = Metric {
    id: "summarization-scorer-claims",
    steps: &[
        Step::Extract(Extract {
            name: "sourceClaims",
            from: &["source"],
            task: SOURCE_CLAIMS_TASK,
            batch_bytes: None,
        }),
        Step::Assess(Assess {
            name: "preprocess",
            blocks: &["source", "summary"],
            fields: &[ALIGNMENT_FIELD],
            task: "Split the text in <summary> into atomic claims and mark each supported (true) only when the \
text in <source> states it or directly implies it; approximations of exact figures are not supported, the same \
fact in other words is; no claims, an empty list.",
        }),
        SOURCE_KEPT_STEP,
    ],
    score: scorer_claims_score,
    model_reason: false,
};

fn scorer_claims_score(run: &Run) -> Scored {
    let (supported, claims, _, _) = scorer_counts(run);
    let (kept, judged) = run.verdicts("coverage").map_or((0, 0), |(j, _)| {
        (j.iter().filter(|v| v.verdict == "yes").count(), j.len())
    });
    // No source claim: nothing to miss.
    let (kept, judged) = if judged == 0 { (1, 1) } else { (kept, judged) };
    let score = scorer_formula((supported, claims, kept, judged), run.options.scale);
    Scored {
        score,
        reason: format!(
            "The score is {} because the source supports {supported} of the summary's {claims} claims and the summary keeps {kept} of the {judged} claims of the source; the score is the lower share.",
            format_number(score)
        ),
        explain: None,
    }
}

/// 1.10.2's axes: (supported claims, claims, answered questions, questions asked).
pub fn scorer_counts(run: &Run) -> (usize, usize, usize, usize) {
    let alignment = run
        .assessed_field("preprocess", "alignment")
        .map_or(&[][..], Assessed::list);
    let supported = alignment
        .iter()
        .filter(|c| c.get("supported").and_then(Assessed::boolean) == Some(true))
        .count();
    let asked = run.list("questions").len();
    let answered = run.verdicts("coverage").map_or(0, |(judged, _)| {
        judged.iter().filter(|j| j.verdict == "yes").count()
    });
    (supported, alignment.len(), answered, asked)
}

/// `round(min(supported / claims, answered / asked) × scale)`, 0 without claims or questions.
pub fn scorer_formula(counts: (usize, usize, usize, usize), scale: f64) -> f64 {
    let (supported, claims, answered, asked) = counts;
    if claims == 0 || asked == 0 {
        return 0.0;
    }
    let ratio = |m: usize, t: usize| (m as f64 / t as f64).min(1.0);
    round_score(ratio(supported, claims).min(ratio(answered, asked)) * scale)
}

fn scorer_score(run: &Run) -> Scored {
    let counts = scorer_counts(run);
    let score = scorer_formula(counts, run.options.scale);
    let (supported, claims, answered, asked) = counts;
    let how = format!(
        "the source supports {supported} of the summary's {claims} claims and the summary answers {answered} of {asked} questions about the source; the score is the lower share"
    );
    let mut lines: Vec<String> = run
        .assessed_field("preprocess", "alignment")
        .map_or(&[][..], Assessed::list)
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let supported = c.get("supported").and_then(Assessed::boolean) == Some(true);
            format!(
                "C{}: {} \u{2014} {}",
                i + 1,
                item_text(c.get("claim").and_then(Assessed::text).unwrap_or("")),
                if supported {
                    "supported"
                } else {
                    "not supported"
                }
            )
        })
        .collect();
    lines.extend(verdict_lines(
        "Q",
        run.verdicts("coverage").map_or(&[], |v| v.0),
    ));
    Scored {
        score,
        reason: format!("The score is {} because {how}.", format_number(score)),
        explain: Some((how, lines)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::declare::Options;
    use crate::judge::engine::measure;
    use crate::judge::scripted::{block_on, ScriptedJudge};

    fn no_reason(scale: f64) -> Options {
        Options {
            scale,
            model_reason: false,
            ..Options::default()
        }
    }

    fn inputs(source: &str, summary: &str) -> Vec<(String, Vec<String>)> {
        alloc::vec![
            ("source".into(), alloc::vec![source.into()]),
            ("summary".into(), alloc::vec![summary.into()]),
        ]
    }

    #[test]
    fn the_lower_axis_after_each_is_rounded() {
        let judge = ScriptedJudge::texts(&[
            r#"{"questions": ["q1?", "q2?", "q3?", "q4?"]}"#,
            r#"{"claims": ["c1", "c2", "c3"]}"#,
            r#"{"verdicts": [{"id":"C1","verdict":"yes"},{"id":"C2","verdict":"unsure"},{"id":"C3","verdict":"YES"}]}"#,
            r#"{"verdicts": [{"id":"Q1","verdict":"yes"},{"id":"Q2","verdict":"idk"},{"id":"Q3","verdict":"yes"},{"id":"Q4","verdict":"yes"}]}"#,
        ]);
        let r = block_on(measure(
            &judge,
            &QUESTIONS,
            &inputs("source", "summary"),
            &no_reason(1.0),
            &[],
            None,
        ))
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r.score, Some(0.67));
        assert_eq!(r.model_calls, 4);
        assert!(r.reason.as_deref().unwrap_or("").contains("alignment 0.67"));
    }

    #[test]
    fn an_empty_summary_scores_zero_asking_only_for_the_questions() {
        let judge = ScriptedJudge::texts(&[r#"{"questions": ["q1?"]}"#]);
        let r = block_on(measure(
            &judge,
            &QUESTIONS,
            &inputs("source", " "),
            &no_reason(1.0),
            &[],
            None,
        ))
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((r.score, r.model_calls), (Some(0.0), 1));
    }

    #[test]
    fn no_questions_make_coverage_zero_but_no_source_claims_make_it_full() {
        let judge = ScriptedJudge::texts(&[
            r#"{"questions": []}"#,
            r#"{"claims": ["c1"]}"#,
            r#"{"verdicts": [{"id":"C1","verdict":"yes"}]}"#,
        ]);
        let r = block_on(measure(
            &judge,
            &QUESTIONS,
            &inputs("s", "t"),
            &no_reason(1.0),
            &[],
            None,
        ))
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r.score, Some(0.0));
        let judge = ScriptedJudge::texts(&[
            r#"{"sourceClaims": []}"#,
            r#"{"claims": ["c1", "c2"]}"#,
            r#"{"verdicts": [{"id":"C1","verdict":"yes"},{"id":"C2","verdict":"no"}]}"#,
        ]);
        let r = block_on(measure(
            &judge,
            &CLAIMS,
            &inputs("s", "t"),
            &no_reason(10.0),
            &[],
            None,
        ))
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r.score, Some(5.0), "coverage full (10), alignment 5");
    }

    #[test]
    fn claims_mode_judges_the_source_claims_against_the_summary() {
        let judge = ScriptedJudge::texts(&[
            r#"{"sourceClaims": ["s1", "s2", "s3", "s4"]}"#,
            r#"{"claims": ["c1"]}"#,
            r#"{"verdicts": [{"id":"C1","verdict":"yes"}]}"#,
            r#"{"verdicts": [{"id":"S1","verdict":"covered"},{"id":"S2","verdict":"missing"},{"id":"S3","verdict":"no"},{"id":"S4","verdict":"no"}]}"#,
        ]);
        let r = block_on(measure(
            &judge,
            &CLAIMS,
            &inputs("s", "t"),
            &no_reason(1.0),
            &[],
            None,
        ))
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r.score, Some(0.25));
        assert!(judge.requests.borrow()[3].user.contains("S4: s4"));
    }

    #[test]
    fn the_claims_scorer_takes_the_lower_share_in_three_calls() {
        let judge = ScriptedJudge::texts(&[
            r#"{"sourceClaims": ["s1", "s2", "s3", "s4"]}"#,
            r#"{"alignment": [{"claim": "a", "supported": true, "reason": ""}, {"claim": "b", "supported": true, "reason": ""}]}"#,
            r#"{"verdicts": [{"id":"S1","verdict":"yes"},{"id":"S2","verdict":"no"},{"id":"S3","verdict":"yes"},{"id":"S4","verdict":"yes"}]}"#,
        ]);
        let r = block_on(measure(
            &judge,
            &SCORER_CLAIMS,
            &inputs("source", "summary"),
            &no_reason(1.0),
            &[],
            None,
        ))
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((r.score, r.model_calls), (Some(0.75), 3));
        assert!(r
            .reason
            .as_deref()
            .unwrap_or("")
            .contains("keeps 3 of the 4 claims"));
    }

    #[test]
    fn the_scorer_formula() {
        assert_eq!(scorer_formula((2, 3, 2, 4), 1.0), 0.5);
        assert_eq!(scorer_formula((2, 3, 4, 4), 1.0), 0.67);
        assert_eq!(scorer_formula((0, 0, 4, 4), 1.0), 0.0);
        assert_eq!(scorer_formula((3, 3, 0, 0), 1.0), 0.0);
        assert_eq!(scorer_formula((3, 3, 3, 3), 5.0), 5.0);
    }

    #[test]
    fn the_scorer_counts_missing_answers_as_not_answered() {
        let mut all = inputs("source", "summary");
        all.push(("maxQuestions".into(), alloc::vec!["10".into()]));
        all.push((
            "questions".into(),
            alloc::vec!["q1?".into(), "q2?".into(), "q3?".into(), "q4?".into()],
        ));
        let judge = ScriptedJudge::texts(&[
            r#"{"alignment": [{"claim": "a", "supported": true, "reason": ""}, {"claim": "b", "supported": false, "reason": ""}, {"claim": "c", "supported": "yes", "reason": ""}], "questions": ["q1?"]}"#,
            r#"{"verdicts": [{"id":"Q1","verdict":"yes"},{"id":"Q2","verdict":"yes"}]}"#,
            r#"{"verdicts": []}"#,
        ]);
        let r = block_on(measure(&judge, &SCORER, &all, &no_reason(1.0), &[], None))
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r.score, Some(0.5));
        assert_eq!(r.model_calls, 3);
    }
}
