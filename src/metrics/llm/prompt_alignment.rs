//! Prompt alignment, in the two forms `@mastra/evals` has:
//!
//! * [`INSTRUCTIONS`] (0.14.4 `PromptAlignmentMetric`): one verdict per instruction the caller
//!   lists, "yes" (followed), "no" (applicable, not or only partly followed) or "n/a" (about
//!   something else entirely); `score = followed / applicable × scale`, 0 when no instruction
//!   applies. Inputs: `input`, `output`, `instructions` (a list).
//! * [`USER`], [`SYSTEM`], [`BOTH`] (1.10.2 `createPromptAlignmentScorerLLM`, by evaluation
//!   mode): one assessment of four dimensions of the response against the user prompt, the
//!   system prompt or both, each 0..1; the score is their weighted sum × scale (see
//!   [`dimensions_score`]). Inputs: `history` (optional earlier turns), `user`, `system`,
//!   `output`.

use alloc::{format, string::String, vec::Vec};

use crate::judge::declare::{
    Assess, Assessed, Field, Kind, Metric, Run, Scored, Step, Verdicts, Word,
};
use crate::judge::prompt::item_text;
use crate::judge::score::{round_score, verdict_lines};
use crate::numbers::number::format_number;

const INSTRUCTIONS_TASK: &str = "You check whether a response follows the instructions it was given. For each \
numbered instruction in <instructions>, judge the text in <output> (the response to <input>): \"yes\" when the \
instruction applies and the response follows it completely; \"no\" when it applies and the response breaks it or \
follows it only in part; \"n/a\" only when the instruction concerns a wholly different subject from the request. \
Instructions about form (length, format, tone, language) always apply; an empty response follows none of them. Be \
strict: partly is \"no\".";

/// The instruction-by-instruction form (0.14.4).
pub const INSTRUCTIONS: Metric = Metric {
    id: "prompt-alignment",
    steps: &[Step::Verdicts(Verdicts {
        name: "verdicts",
        items: "instructions",
        prefix: "I",
        blocks: &["input", "output", "instructions"],
        words: &[
            Word {
                word: "yes",
                also: &["true", "followed", "aligned"],
            },
            Word {
                word: "no",
                also: &["false", "not followed", "partly", "partial", "violated"],
            },
            Word {
                word: "n/a",
                also: &["na", "n a", "not applicable", "none", "inapplicable"],
            },
        ],
        extra: &[],
        task: INSTRUCTIONS_TASK,
        needs: &[],
        blank: None,
        every: true,
        batch_items: None,
    })],
    score: instructions_score,
    model_reason: true,
};

/// followed, applicable, not applicable, of the verdicts of [`INSTRUCTIONS`].
pub fn instruction_counts(run: &Run) -> (usize, usize, usize) {
    let judged = run.verdicts("verdicts").map_or(&[][..], |(j, _)| j);
    let yes = judged.iter().filter(|j| j.verdict == "yes").count();
    let no = judged.iter().filter(|j| j.verdict == "no").count();
    (yes, yes + no, judged.len() - yes - no)
}

fn instructions_score(run: &Run) -> Scored {
    let (followed, applicable, na) = instruction_counts(run);
    let score = if applicable == 0 {
        0.0
    } else {
        round_score(followed as f64 / applicable as f64 * run.options.scale)
    };
    let how = if applicable == 0 {
        format!("none of the {na} instructions applies to the request")
    } else {
        format!("the response follows {followed} of the {applicable} instructions that apply ({na} do not apply)")
    };
    let lines = verdict_lines("I", run.verdicts("verdicts").map_or(&[][..], |(j, _)| j));
    Scored {
        score,
        reason: format!("The score is {} because {how}.", format_number(score)),
        // No instruction at all: nothing for the model to explain.
        explain: (followed + na > 0 || applicable > 0).then_some((how, lines)),
    }
}

const UNIT: Kind = Kind::Number { min: 0.0, max: 1.0 };

const DIMENSIONS: &[Field] = &[
    Field {
        name: "intentAlignment",
        kind: Kind::Object(&[
            Field {
                name: "score",
                kind: UNIT,
            },
            Field {
                name: "primaryIntent",
                kind: Kind::Text,
            },
            Field {
                name: "isAddressed",
                kind: Kind::Boolean,
            },
            Field {
                name: "reasoning",
                kind: Kind::Text,
            },
        ]),
    },
    Field {
        name: "requirementsFulfillment",
        kind: Kind::Object(&[
            Field {
                name: "requirements",
                kind: Kind::Objects(&[
                    Field {
                        name: "requirement",
                        kind: Kind::Text,
                    },
                    Field {
                        name: "isFulfilled",
                        kind: Kind::Boolean,
                    },
                    Field {
                        name: "reasoning",
                        kind: Kind::Text,
                    },
                ]),
            },
            Field {
                name: "overallScore",
                kind: UNIT,
            },
        ]),
    },
    Field {
        name: "completeness",
        kind: Kind::Object(&[
            Field {
                name: "score",
                kind: UNIT,
            },
            Field {
                name: "missingElements",
                kind: Kind::List,
            },
            Field {
                name: "reasoning",
                kind: Kind::Text,
            },
        ]),
    },
    Field {
        name: "responseAppropriateness",
        kind: Kind::Object(&[
            Field {
                name: "score",
                kind: UNIT,
            },
            Field {
                name: "formatAlignment",
                kind: Kind::Boolean,
            },
            Field {
                name: "toneAlignment",
                kind: Kind::Boolean,
            },
            Field {
                name: "reasoning",
                kind: Kind::Text,
            },
        ]),
    },
    Field {
        name: "overallAssessment",
        kind: Kind::Text,
    },
];

macro_rules! dimensions_task {
    ($against:literal) => {
        concat!(
            "You judge how well an assistant's response (<output>) serves ",
            $against,
            ". Any <history> block holds earlier turns: use it only to understand short or referring requests, and \
judge the current response alone. Rate four things from 0 to 1: intentAlignment (the main intent, in a few words, \
and whether the response addresses it), requirementsFulfillment (every explicit requirement, each fulfilled or not, \
and an overall score), completeness (what is missing, if anything) and responseAppropriateness (whether format and \
tone fit). Give a short reasoning for each and an overall assessment."
        )
    };
}

/// 1.10.2 `evaluationMode: 'user'`.
pub const USER: Metric = Metric {
    id: "prompt-alignment-user",
    steps: &[Step::Assess(Assess {
        name: "analysis",
        blocks: &["history", "user", "output"],
        fields: DIMENSIONS,
        task: dimensions_task!("the user's request in <user>"),
    })],
    score: user_score,
    model_reason: true,
};

/// 1.10.2 `evaluationMode: 'system'`.
pub const SYSTEM: Metric = Metric {
    id: "prompt-alignment-system",
    steps: &[Step::Assess(Assess {
        name: "analysis",
        blocks: &["history", "system", "output"],
        fields: DIMENSIONS,
        task: dimensions_task!("the system prompt in <system> (its role, rules, limits and style)"),
    })],
    score: system_score,
    model_reason: true,
};

/// 1.10.2 `evaluationMode: 'both'` (its default). The original weighs both with the user
/// weights (its system share repeats the user score), so this does too.
pub const BOTH: Metric = Metric {
    id: "prompt-alignment-both",
    steps: &[Step::Assess(Assess {
        name: "analysis",
        blocks: &["history", "user", "system", "output"],
        fields: DIMENSIONS,
        task: dimensions_task!(
            "both the user's request in <user> and the system prompt in <system> (a missing one is simply not there)"
        ),
    })],
    score: both_score,
    model_reason: true,
};

/// Which weights: the user's (0.4, 0.3, 0.2, 0.1) or the system's (0.35, 0.35, 0.15, 0.15).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mode {
    User,
    System,
    Both,
}

/// The weighted score of the four dimensions (intent, requirements, completeness,
/// appropriateness), summed left to right as the original does, × scale, rounded.
pub fn dimensions_score(mode: Mode, d: [f64; 4], scale: f64) -> f64 {
    let [i, r, c, a] = d;
    let user = i * 0.4 + r * 0.3 + c * 0.2 + a * 0.1;
    let weighted = match mode {
        Mode::User => user,
        Mode::System => i * 0.35 + r * 0.35 + c * 0.15 + a * 0.15,
        Mode::Both => user * 0.7 + user * 0.3,
    };
    round_score(weighted * scale)
}

/// The four dimension scores of an analysis, or None when one is missing.
pub fn analysis_scores(run: &Run) -> Option<[f64; 4]> {
    let get = |field: &str, score: &str| {
        run.assessed_field("analysis", field)
            .and_then(|o| o.get(score))
            .and_then(Assessed::number)
    };
    Some([
        get("intentAlignment", "score")?,
        get("requirementsFulfillment", "overallScore")?,
        get("completeness", "score")?,
        get("responseAppropriateness", "score")?,
    ])
}

fn mode_score(run: &Run, mode: Mode) -> Scored {
    let Some(d) = analysis_scores(run) else {
        return Scored {
            score: 0.0,
            reason: "The score is 0 because the response could not be analysed.".into(),
            explain: None,
        };
    };
    let score = dimensions_score(mode, d, run.options.scale);
    let weights = if mode == Mode::System {
        "35/35/15/15"
    } else {
        "40/30/20/10"
    };
    let how = format!(
        "intent {}, requirements {}, completeness {} and appropriateness {} weigh {weights}",
        format_number(d[0]),
        format_number(d[1]),
        format_number(d[2]),
        format_number(d[3])
    );
    let mut lines: Vec<String> = Vec::new();
    let text = |field: &str, key: &str| {
        item_text(
            run.assessed_field("analysis", field)
                .and_then(|o| o.get(key))
                .and_then(Assessed::text)
                .unwrap_or(""),
        )
    };
    lines.push(format!("intent: {}", text("intentAlignment", "reasoning")));
    if let Some(reqs) = run
        .assessed_field("analysis", "requirementsFulfillment")
        .and_then(|o| o.get("requirements"))
    {
        for r in reqs.list() {
            let req = r.get("requirement").and_then(Assessed::text).unwrap_or("");
            let met = r.get("isFulfilled").and_then(Assessed::boolean) == Some(true);
            lines.push(format!(
                "requirement {}: {}",
                item_text(req),
                if met { "met" } else { "not met" }
            ));
        }
    }
    lines.push(format!(
        "completeness: {}",
        text("completeness", "reasoning")
    ));
    lines.push(format!(
        "appropriateness: {}",
        text("responseAppropriateness", "reasoning")
    ));
    Scored {
        score,
        reason: format!("The score is {} because {how}.", format_number(score)),
        explain: Some((how, lines)),
    }
}

fn user_score(run: &Run) -> Scored {
    mode_score(run, Mode::User)
}

fn system_score(run: &Run) -> Scored {
    mode_score(run, Mode::System)
}

fn both_score(run: &Run) -> Scored {
    mode_score(run, Mode::Both)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::declare::Options;
    use crate::judge::engine::measure;
    use crate::judge::scripted::{block_on, ScriptedJudge};

    fn no_reason() -> Options {
        Options {
            model_reason: false,
            ..Options::default()
        }
    }

    #[test]
    fn followed_over_applicable_with_na_left_out() {
        let inputs = alloc::vec![
            ("input".into(), alloc::vec!["q".into()]),
            ("output".into(), alloc::vec!["a".into()]),
            (
                "instructions".into(),
                alloc::vec!["i1".into(), "i2".into(), "i3".into(), "i4".into()]
            ),
        ];
        let judge = ScriptedJudge::texts(&[
            r#"{"verdicts": [{"id":"I1","verdict":"yes"},{"id":"I2","verdict":"N/A"},{"id":"I3","verdict":"no"},{"id":"I4","verdict":"yes "}]}"#,
        ]);
        let r = block_on(measure(
            &judge,
            &INSTRUCTIONS,
            &inputs,
            &no_reason(),
            &[],
            None,
        ))
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r.score, Some(0.67));
        assert_eq!(r.model_calls, 1);
        let judge = ScriptedJudge::texts(&[
            r#"{"verdicts": [{"id":"I1","verdict":"n/a"},{"id":"I2","verdict":"na"},{"id":"I3","verdict":"not applicable"},{"id":"I4","verdict":"N/A"}]}"#,
        ]);
        let r = block_on(measure(
            &judge,
            &INSTRUCTIONS,
            &inputs,
            &no_reason(),
            &[],
            None,
        ))
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r.score, Some(0.0), "nothing applies: 0");
    }

    #[test]
    fn no_instructions_scores_zero_without_a_call() {
        let inputs = alloc::vec![
            ("input".into(), alloc::vec!["q".into()]),
            ("output".into(), alloc::vec!["a".into()]),
            ("instructions".into(), alloc::vec![]),
        ];
        let judge = ScriptedJudge::texts(&[]);
        let r = block_on(measure(
            &judge,
            &INSTRUCTIONS,
            &inputs,
            &Options::default(),
            &[],
            None,
        ))
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((r.score, r.model_calls), (Some(0.0), 0));
    }

    #[test]
    fn the_weights_of_each_mode() {
        let d = [0.9, 0.7, 0.8, 0.6];
        assert_eq!(dimensions_score(Mode::User, d, 1.0), 0.79);
        assert_eq!(dimensions_score(Mode::Both, d, 1.0), 0.79);
        assert_eq!(dimensions_score(Mode::System, d, 1.0), 0.77);
        assert_eq!(dimensions_score(Mode::User, [1.0; 4], 5.0), 5.0);
        assert_eq!(dimensions_score(Mode::System, [0.0; 4], 1.0), 0.0);
        let third = [1.0 / 3.0, 2.0 / 3.0, 0.25, 0.125];
        assert_eq!(dimensions_score(Mode::User, third, 1.0), 0.4);
    }

    const ANALYSIS: &str = r#"{"intentAlignment": {"score": 0.9, "primaryIntent": "a trip", "isAddressed": true, "reasoning": "yes"},
      "requirementsFulfillment": {"requirements": [{"requirement": "one paragraph", "isFulfilled": "yes", "reasoning": "ok"}], "overallScore": 0.7},
      "completeness": {"score": 0.8, "missingElements": ["prices"], "reasoning": "mostly"},
      "responseAppropriateness": {"score": 0.6, "formatAlignment": true, "toneAlignment": false, "reasoning": "curt"},
      "overallAssessment": "good"}"#;

    #[test]
    fn the_nested_analysis_is_read_and_scored() {
        let inputs = alloc::vec![
            ("user".into(), alloc::vec!["Describe a trip.".into()]),
            ("system".into(), alloc::vec!["Be brief.".into()]),
            ("output".into(), alloc::vec!["A trip.".into()]),
        ];
        let judge = ScriptedJudge::texts(&[ANALYSIS]);
        let r = block_on(measure(&judge, &SYSTEM, &inputs, &no_reason(), &[], None))
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r.score, Some(0.77));
        let req = &r.assessed["analysis"]["requirementsFulfillment"];
        let first = &req
            .get("requirements")
            .map(|l| l.list().to_vec())
            .unwrap_or_default()[0];
        assert_eq!(first.get("isFulfilled"), Some(&Assessed::Bool(true)));
        let request = &judge.requests.borrow()[0];
        assert!(request.user.contains("<system>") && !request.user.contains("<user>"));
        assert!(request
            .schema
            .as_deref()
            .unwrap_or("")
            .contains("\"isFulfilled\":{\"type\":\"boolean\"}"));
    }

    #[test]
    fn a_score_out_of_range_is_asked_again() {
        let inputs = alloc::vec![
            ("user".into(), alloc::vec!["Describe a trip.".into()]),
            ("output".into(), alloc::vec!["A trip.".into()]),
        ];
        let bad = ANALYSIS.replace("\"score\": 0.9", "\"score\": 9");
        let bad: &'static str = alloc::boxed::Box::leak(bad.into_boxed_str());
        let judge = ScriptedJudge::texts(&[bad, ANALYSIS]);
        let r = block_on(measure(&judge, &USER, &inputs, &no_reason(), &[], None))
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((r.score, r.model_calls), (Some(0.79), 2));
    }
}
