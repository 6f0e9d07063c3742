//! The judge: the language model an LLM metric asks, seen by the core as a capability.
//!
//! [`Judge`] is implemented by the binding over a JS function (which wraps a callback, an AI SDK
//! model or the built-in HTTP client) and, in tests, by a scripted judge replaying recorded
//! answers. [`Session`] runs one measure's conversation with it: it counts calls and tokens,
//! re-asks once, with a note of what was wrong, when an answer cannot be read or was cut off at
//! its length limit, and reports an answer cut off twice as such.

use alloc::{boxed::Box, format, string::String};
use core::future::Future;
use core::pin::Pin;

use crate::judge::error::Error;

/// One request to the model.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request {
    /// Instructions: the task, the expected JSON, the rules.
    pub system: String,
    /// The data to judge, delimited (see [`crate::judge::prompt`]).
    pub user: String,
    /// The answer must be JSON (providers that support a JSON mode get it switched on).
    pub json: bool,
    /// The name of the metric step the request belongs to.
    pub step: &'static str,
    /// The JSON Schema of the expected answer, as JSON text (derived from the step's
    /// declaration, see [`crate::judge::schema`]); `None` for a free-text answer.
    pub schema: Option<String>,
    /// The schema's name (letters, digits, `_` and `-`), for providers that want one.
    pub schema_name: &'static str,
    /// The longest answer the step may need, in tokens: the model is told to stop there.
    pub max_tokens: u32,
    /// Which of a measure's repeated samples asks (0 for the first, the only one by default):
    /// the same question asked again is told apart by it (a cassette keys on it when above 0).
    pub sample: u32,
}

/// Tokens a model reports for one call or a whole measure.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Usage {
    pub input_tokens: u64,
    pub output_tokens: u64,
}

impl crate::judge::json::ToJson for Usage {
    fn write_json(&self, out: &mut String) {
        crate::judge::json::Fields::new(out)
            .field("inputTokens", &self.input_tokens)
            .field("outputTokens", &self.output_tokens)
            .end();
    }
}

/// The model's answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Response {
    pub text: String,
    /// Token counts, when the model reports them.
    pub usage: Option<Usage>,
    /// The model stopped at the answer-length limit (finish reason "length").
    pub truncated: bool,
}

/// The model failed to answer (an error of its own, a time-out, an abort).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JudgeError {
    pub message: String,
}

/// A language model that answers requests. Futures need not be `Send` (wasm is single-threaded).
pub trait Judge {
    /// Sends one request; resolves to the answer or to the model's failure.
    fn complete(&self, request: Request) -> impl Future<Output = Result<Response, JudgeError>>;
}

/// Answers longer than this are not read (a model that runs away is treated as unreadable).
pub const MAX_ANSWER_CHARS: usize = 1 << 21;

/// Raw answers attached to errors are cut to this many characters.
const MAX_RAW_IN_ERROR: usize = 1 << 16;

/// One measure's conversation with the judge: calls made and tokens used.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Session {
    pub calls: u32,
    pub usage: Usage,
    /// Whether any call reported usage.
    pub usage_reported: bool,
    /// Extracted items dropped because an earlier item of the same list said the same.
    pub repeats_dropped: u32,
    /// Verdicts answered with a word outside the step's words (asked again, or read as the
    /// word a metric declares for any other answer, for parity with its original).
    pub unknown_words: u32,
}

impl Session {
    /// Sends `request` and reads the answer with `read`. When `read` fails, or the answer was cut
    /// off at the length limit, asks once more with the problem appended; when that fails too,
    /// returns [`Error::UnreadableAnswer`], or [`Error::AnswerTruncated`] if the second answer
    /// was cut off.
    pub async fn ask<J: Judge, T>(
        &mut self,
        judge: &J,
        request: Request,
        read: impl Fn(&str) -> Result<T, String>,
    ) -> Result<T, Error> {
        let step = request.step;
        let mut value = None;
        let mut accept = |text: &str| read(text).map(|v| value = Some(v));
        self.ask_boxed(judge, request, &mut accept).await?;
        value.ok_or_else(|| Error::UnreadableAnswer {
            step,
            problem: "the answer was accepted but not kept".into(),
            raw: String::new(),
        })
    }

    /// [`Session::ask`] without its type parameters, boxed: the conversation is compiled once
    /// rather than once per kind of answer (which saves the wasm module several KB).
    fn ask_boxed<'a, J: Judge>(
        &'a mut self,
        judge: &'a J,
        request: Request,
        accept: &'a mut dyn FnMut(&str) -> Result<(), String>,
    ) -> Pin<Box<dyn Future<Output = Result<(), Error>> + 'a>> {
        Box::pin(async move {
            let step = request.step;
            let limit = request.max_tokens;
            let truncated = |raw: &str| Error::AnswerTruncated {
                step,
                limit,
                raw: raw.chars().take(MAX_RAW_IN_ERROR).collect(),
            };
            let (first, cut) = self.call(judge, request.clone()).await?;
            let problem = match read_bounded(&first, accept) {
                Ok(()) => return Ok(()),
                // A model that ran on past the limit (most often one repeating itself) is told
                // so: the changed request is a new chance at an answer that ends in time.
                Err(_) if cut => format!(
                    "it was cut off at the limit of {limit} tokens before it ended. Keep within \
                     it: write each item once, and keep every text short"
                ),
                Err(problem) => problem,
            };
            let retry = Request {
                user: format!(
                    "{}\n\nYour previous answer could not be used: {problem}. Answer again with only the JSON described in the instructions.",
                    request.user
                ),
                ..request
            };
            let (second, cut) = self.call(judge, retry).await?;
            read_bounded(&second, accept).map_err(|problem| match cut {
                true => truncated(&second),
                false => Error::UnreadableAnswer {
                    step,
                    problem,
                    raw: second.chars().take(MAX_RAW_IN_ERROR).collect(),
                },
            })
        })
    }

    /// Sends one request, counting it. Resolves to the answer's text and whether the model
    /// stopped at the length limit.
    pub async fn call<J: Judge>(
        &mut self,
        judge: &J,
        request: Request,
    ) -> Result<(String, bool), Error> {
        let step = request.step;
        self.calls += 1;
        let response = judge.complete(request).await.map_err(|e| Error::Model {
            step,
            message: e.message,
        })?;
        if let Some(usage) = response.usage {
            self.usage_reported = true;
            // A count JavaScript cannot hold exactly is not a real count: ignored, as a
            // negative or NaN one is.
            let count = |n: u64| if n <= MAX_SAFE_COUNT { n } else { 0 };
            self.add_usage(count(usage.input_tokens), count(usage.output_tokens));
        }
        Ok((response.text, response.truncated))
    }

    /// Adds another session's counts to this one.
    pub fn absorb(&mut self, other: &Session) {
        self.calls += other.calls;
        self.usage_reported |= other.usage_reported;
        self.repeats_dropped += other.repeats_dropped;
        self.unknown_words += other.unknown_words;
        self.add_usage(other.usage.input_tokens, other.usage.output_tokens);
    }

    /// Adds token counts, the sums held at [`MAX_SAFE_COUNT`] so that they reach JS as numbers.
    fn add_usage(&mut self, input: u64, output: u64) {
        let add = |a: u64, b: u64| a.saturating_add(b).min(MAX_SAFE_COUNT);
        self.usage.input_tokens = add(self.usage.input_tokens, input);
        self.usage.output_tokens = add(self.usage.output_tokens, output);
    }
}

/// The largest token count kept: JavaScript's `Number.MAX_SAFE_INTEGER` (2^53 - 1).
pub const MAX_SAFE_COUNT: u64 = (1 << 53) - 1;

fn read_bounded(
    text: &str,
    accept: &mut dyn FnMut(&str) -> Result<(), String>,
) -> Result<(), String> {
    if text.trim().is_empty() {
        return Err("the answer was empty".into());
    }
    if text.len() > MAX_ANSWER_CHARS {
        return Err(format!(
            "the answer was {} bytes long, more than the {MAX_ANSWER_CHARS} accepted",
            text.len()
        ));
    }
    accept(text)
}

/// A judge for tests: replays recorded answers in order and records the requests it got.
#[cfg(test)]
pub(crate) mod scripted {
    use std::cell::RefCell;
    use std::collections::VecDeque;
    use std::future::{ready, Future};
    use std::pin::pin;
    use std::task::{Context, Poll, Waker};

    use super::{Judge, JudgeError, Request, Response, Usage};

    /// One recorded answer: the text, or a failure of the model.
    pub enum Answer {
        Text(&'static str),
        /// An answer the model cut off at the length limit.
        Cut(&'static str),
        Fail(&'static str),
    }

    #[derive(Default)]
    pub struct ScriptedJudge {
        answers: RefCell<VecDeque<Answer>>,
        pub requests: RefCell<Vec<Request>>,
        pub usage: Option<Usage>,
    }

    impl ScriptedJudge {
        pub fn new(answers: Vec<Answer>) -> Self {
            ScriptedJudge {
                answers: RefCell::new(answers.into()),
                ..Default::default()
            }
        }

        pub fn texts(answers: &[&'static str]) -> Self {
            Self::new(answers.iter().map(|a| Answer::Text(a)).collect())
        }

        pub fn remaining(&self) -> usize {
            self.answers.borrow().len()
        }
    }

    impl Judge for ScriptedJudge {
        fn complete(&self, request: Request) -> impl Future<Output = Result<Response, JudgeError>> {
            self.requests.borrow_mut().push(request);
            let answer = self.answers.borrow_mut().pop_front();
            ready(match answer {
                Some(Answer::Text(text)) => Ok(Response {
                    text: text.to_string(),
                    usage: self.usage,
                    truncated: false,
                }),
                Some(Answer::Cut(text)) => Ok(Response {
                    text: text.to_string(),
                    usage: self.usage,
                    truncated: true,
                }),
                Some(Answer::Fail(message)) => Err(JudgeError {
                    message: message.to_string(),
                }),
                None => Err(JudgeError {
                    message: "the script has no more answers".into(),
                }),
            })
        }
    }

    /// Runs a future whose awaits are all ready (scripted judges never wait).
    pub fn block_on<F: Future>(future: F) -> F::Output {
        let mut future = pin!(future);
        let mut context = Context::from_waker(Waker::noop());
        match future.as_mut().poll(&mut context) {
            Poll::Ready(output) => output,
            Poll::Pending => panic!("a scripted judge never leaves a future pending"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::scripted::Answer;
    use super::scripted::{block_on, ScriptedJudge};
    use super::{Error, Request, Session, Usage, MAX_SAFE_COUNT};

    fn request(step: &'static str) -> Request {
        Request {
            system: String::new(),
            user: "u".into(),
            json: true,
            step,
            schema: None,
            schema_name: "answer",
            max_tokens: 40,
            sample: 0,
        }
    }

    #[test]
    fn an_answer_cut_at_the_limit_is_asked_again_once_then_its_own_error() {
        let judge = ScriptedJudge::new(vec![
            Answer::Cut("{\"claims\": [\"a\", \"a\", \"a"),
            Answer::Cut("{\"claims\": [\"a\", \"b"),
        ]);
        let mut session = Session::default();
        let read = |text: &str| crate::judge::verdicts::read_list(text, "claims");
        let e = block_on(session.ask(&judge, request("claims"), read));
        assert_eq!(
            e.as_ref().map_err(Error::code),
            Err("EVALS_ANSWER_TRUNCATED")
        );
        assert!(matches!(
            e,
            Err(Error::AnswerTruncated {
                step: "claims",
                limit: 40,
                ..
            })
        ));
        assert_eq!(session.calls, 2);
        // The second request says why the first answer was not used.
        let asked = judge.requests.borrow();
        assert!(
            asked[1].user.contains("cut off at the limit of 40 tokens"),
            "{}",
            asked[1].user
        );
        // A cut answer followed by one that ends is used.
        let judge = ScriptedJudge::new(vec![
            Answer::Cut("{\"claims\": [\"a\", \"a"),
            Answer::Text("{\"claims\": [\"a\"]}"),
        ]);
        let ok = block_on(Session::default().ask(&judge, request("claims"), read));
        assert_eq!(ok, Ok(vec!["a".to_string()]));
        // A cut answer that still reads is used.
        let judge = ScriptedJudge::new(vec![Answer::Cut("{\"claims\": [\"a\"]}")]);
        let ok = block_on(Session::default().ask(&judge, request("claims"), read));
        assert_eq!(ok, Ok(vec!["a".to_string()]));
        // Unreadable first (not cut), then cut: truncated, after the one re-ask.
        let judge = ScriptedJudge::new(vec![Answer::Text("no"), Answer::Cut("{\"cl")]);
        let e = block_on(Session::default().ask(&judge, request("claims"), read));
        assert_eq!(e.map_err(|e| e.to_string()), Err("the model's answer during claims was cut off at the limit of 40 answer tokens before it could be read (asked twice)".to_string()));
    }

    fn usage_after(reported: &[Usage]) -> Session {
        let mut session = Session::default();
        for usage in reported {
            let mut judge = ScriptedJudge::texts(&["ok"]);
            judge.usage = Some(*usage);
            assert_eq!(
                block_on(session.call(&judge, request("reason"))),
                Ok(("ok".into(), false))
            );
        }
        session
    }

    #[test]
    fn counts_beyond_javascripts_safe_integers_are_ignored_and_sums_held() {
        let huge = Usage {
            input_tokens: 1 << 60,
            output_tokens: 7,
        };
        let session = usage_after(&[huge, huge]);
        assert!(session.usage_reported);
        assert_eq!(
            session.usage,
            Usage {
                input_tokens: 0,
                output_tokens: 14
            }
        );
        let near = Usage {
            input_tokens: MAX_SAFE_COUNT,
            output_tokens: MAX_SAFE_COUNT - 1,
        };
        let held = Usage {
            input_tokens: MAX_SAFE_COUNT,
            output_tokens: MAX_SAFE_COUNT,
        };
        let mut session = usage_after(&[near, near]);
        assert_eq!(session.usage, held);
        session.absorb(&usage_after(&[near]));
        assert_eq!(session.usage, held);
    }
}
