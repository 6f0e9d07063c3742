//! Topic preservation: the share of a source's main topics that a summary keeps, the third
//! sibling of [`super::coverage`] in the summary family of assert_llm_tools.
//!
//! 1. The source's main topics are listed (short noun phrases).
//! 2. For each topic the judge decides whether the summary deals with it; verdicts keyed by id,
//!    an unjudged topic is reported, never scored.
//! 3. `score = kept topics / judged topics × scale`; a source without topics scores 0 (as the
//!    Python package does).
//!
//! Inputs: `source` and `summary`.

use alloc::format;

use super::coverage::yes_share;
use crate::judge::declare::{Extract, Metric, Run, Scored, Step, Verdicts, Word};

/// The topic preservation metric.
pub const TOPIC_PRESERVATION: Metric = Metric {
    id: "topic-preservation",
    steps: &[
        Step::Extract(Extract {
            name: "topics",
            from: &["source"],
            task: "You list the main topics of a text. From the text in <source>, list each distinct subject or \
theme it deals with at some length, as a short noun phrase (a few words), the most important first; leave out \
passing mentions and repeat no topic.",
            batch_bytes: None,
        }),
        Step::Verdicts(Verdicts {
            name: "preserved",
            items: "topics",
            prefix: "T",
            blocks: &["topics", "summary"],
            words: &[
                Word {
                    word: "yes",
                    also: &["true", "preserved", "kept", "present", "covered"],
                },
                Word {
                    word: "no",
                    also: &["false", "missing", "absent", "not preserved", "omitted"],
                },
            ],
            extra: &[],
            task: "You check whether a summary keeps the topics of its source. For each numbered topic in \
<topics>, decide whether the text in <summary> deals with it: \"yes\" when it says something about it, \"no\" when \
it leaves it out or only names it in passing.",
            needs: &["summary"],
            blank: Some(("no", "The summary is empty.")),
            every: false,
            batch_items: None,
        }),
    ],
    score: topics_score,
    model_reason: false,
};

fn topics_score(run: &Run) -> Scored {
    let kept = |score: &str, yes, n| {
        format!("The score is {score} because the summary keeps {yes} of the {n} main topics of the source")
    };
    yes_share(run, "preserved", kept, "it leaves out", "topics").unwrap_or_else(|| Scored {
        score: 0.0,
        reason: "The score is 0 because no main topic could be found in the source.".into(),
        explain: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::declare::Options;
    use crate::judge::scripted::ScriptedJudge;
    use crate::metrics::llm::testing::summary_outcome;

    #[test]
    fn kept_over_judged() {
        let judge = ScriptedJudge::texts(&[
            r#"{"topics": ["rivers", "bakeries", "festivals"]}"#,
            r#"{"verdicts": [{"id":"T1","verdict":"preserved"},{"id":"T2","verdict":"missing"},{"id":"T3","verdict":"yes"}]}"#,
        ]);
        let r = summary_outcome(&judge, &TOPIC_PRESERVATION, "s", &Options::default());
        assert_eq!(r.score, Some(0.67));
        assert!(r.reason.as_deref().unwrap_or("").contains("\"bakeries\""));
    }

    #[test]
    fn no_topics_scores_zero_and_an_empty_summary_keeps_none() {
        let judge = ScriptedJudge::texts(&[r#"{"topics": []}"#]);
        let r = summary_outcome(&judge, &TOPIC_PRESERVATION, "s", &Options::default());
        assert_eq!(r.score, Some(0.0));
        let judge = ScriptedJudge::texts(&[r#"{"topics": ["rivers"]}"#]);
        let r = summary_outcome(&judge, &TOPIC_PRESERVATION, " ", &Options::default());
        assert_eq!((r.score, r.model_calls), (Some(0.0), 1));
    }
}
