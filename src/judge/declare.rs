//! How an LLM metric is declared: its steps, each step's prompt, its verdict vocabulary, and a
//! pure score formula over what the steps found. [`crate::judge::engine`] runs any declaration
//! the same way; [`crate::judge::schema`] derives the JSON Schema of every answer from it.
//!
//! A metric names its inputs (`"context"`, `"output"`, …); each input is a list of texts (a
//! single text is a list of one). Steps name the lists they produce and the inputs they show
//! the model, each in a data block tagged with the input's name.

use alloc::{string::String, vec::Vec};

use crate::judge::error::Error;
use crate::judge::json::{Fields, ToJson};

/// One LLM metric, declared.
pub struct Metric {
    /// The id the binding looks the metric up by (`"hallucination"`, `"coverage"`, …).
    pub id: &'static str,
    /// The steps, run in order.
    pub steps: &'static [Step],
    /// The score and the reason, from what the steps found (pure: no model call).
    pub score: fn(&Run) -> Scored,
    /// Whether the model may be asked to explain the score (the `modelReason` option, default
    /// on); when false, or when [`Scored::explain`] is `None`, the composed reason is used.
    pub model_reason: bool,
}

/// One step of a metric.
pub enum Step {
    /// Extract a list of texts from some inputs (statements of a context, claims of an output).
    Extract(Extract),
    /// Judge the numbered items of a list against some inputs, one verdict per item.
    Verdicts(Verdicts),
    /// Assess whole texts at once, answering a few fixed fields.
    Assess(Assess),
    /// Make a list by code from an input's texts (sentences of an output, say): no model call.
    Split(Split),
}

impl Step {
    /// The step's name, as requests, errors and results call it.
    pub fn name(&self) -> &'static str {
        match self {
            Step::Extract(s) => s.name,
            Step::Verdicts(s) => s.name,
            Step::Assess(s) => s.name,
            Step::Split(s) => s.name,
        }
    }
}

/// An extraction step: the answer is `{"<name>": ["…", …]}`.
pub struct Extract {
    /// The step's name, which is also the list's name and the answer's key.
    pub name: &'static str,
    /// The inputs shown, each piece in its own data block. All blank: no call, an empty list.
    pub from: &'static [&'static str],
    /// What to do, in our words (the engine adds the data rule and the answer's form).
    pub task: &'static str,
    /// Cut each text into pieces of at most this many bytes, one request per piece.
    pub batch_bytes: Option<fn(&Options) -> usize>,
}

/// A list made by code: `split` applied to every piece of the input `from`, in order.
pub struct Split {
    /// The step's name, which is also the list's name.
    pub name: &'static str,
    pub from: &'static str,
    pub split: fn(&str) -> Vec<String>,
}

/// A verdict step: the answer is `{"verdicts": [{"id": "S1", "verdict": "…", "reason": "…"}]}`,
/// one entry per asked item, plus the declared extra fields.
pub struct Verdicts {
    /// The step's name.
    pub name: &'static str,
    /// The list judged (the name of an earlier extraction, or of a list input).
    pub items: &'static str,
    /// The ids' prefix: item 3 is `{prefix}3`.
    pub prefix: &'static str,
    /// The data blocks, in order: input names, and `items` where the numbered items go.
    pub blocks: &'static [&'static str],
    /// The verdict vocabulary: the schema's `enum` and how loose answers are read.
    pub words: &'static [Word],
    /// More string fields each verdict carries (besides `id`, `verdict`, `reason`).
    pub extra: &'static [&'static str],
    /// What to do, in our words.
    pub task: &'static str,
    /// When one of these inputs is blank, the step is not run: every item gets `blank`'s
    /// verdict and reason when given, else the step is skipped (see [`Run::verdicts`]).
    pub needs: &'static [&'static str],
    pub blank: Option<(&'static str, &'static str)>,
    /// Every item must get a verdict (else [`Error::MissingVerdicts`]); when false, items
    /// still without one after asking again are left unjudged and not scored.
    pub every: bool,
    /// At most this many items per request.
    pub batch_items: Option<fn(&Options) -> usize>,
}

/// In [`Word::also`]: the word takes every answer that no other word of the step takes (for an
/// original that reads anything but its one word as the other verdict).
pub const ANY_OTHER: &str = "*";
/// In [`Word::also`]: the word is read only from an answer that is the word itself in any letter
/// case, with nothing trimmed (for an original comparing `verdict.toLowerCase() === "yes"`).
pub const UNTRIMMED: &str = "=";

/// A verdict word and the looser answers read as it.
pub struct Word {
    pub word: &'static str,
    /// Other spellings (folded: lower case, `_`/`-` as spaces); `"true"`/`"false"` here also
    /// take JSON booleans. [`ANY_OTHER`] here reads every other string as this word (for a
    /// metric whose original counts any unknown word as this one).
    pub also: &'static [&'static str],
}

/// An assessment step: the answer is an object with the declared fields.
pub struct Assess {
    pub name: &'static str,
    pub blocks: &'static [&'static str],
    pub fields: &'static [Field],
    pub task: &'static str,
}

/// A field of an assessment.
pub struct Field {
    pub name: &'static str,
    pub kind: Kind,
}

/// What a field holds.
pub enum Kind {
    /// A number from `min` to `max`.
    Number { min: f64, max: f64 },
    /// One of these words.
    Choice(&'static [&'static str]),
    /// A short text.
    Text,
    /// `true` or `false` (also read from "yes"/"no"/"true"/"false").
    Boolean,
    /// A list of short texts, at most one per 16 bytes of the data shown (and four).
    List,
    /// An object with these fields.
    Object(&'static [Field]),
    /// A list of objects with these fields, bounded as [`Kind::List`].
    Objects(&'static [Field]),
    /// A list of short texts, at most one per text of the named data block (as in
    /// [`Assess::blocks`]: an input, or a list field of an earlier assessment).
    ListPer(&'static str),
    /// A list of objects with these fields, at most one per text of the named data block.
    ObjectsPer(&'static str, &'static [Field]),
}

/// The value of an assessed field.
#[derive(Debug, Clone, PartialEq)]
pub enum Assessed {
    Number(f64),
    Text(String),
    Bool(bool),
    List(Vec<Assessed>),
    Object(AssessedFields),
}

/// The fields of an assessed object, in declaration order (a JSON object to JS).
pub type AssessedFields = Named<Assessed>;

/// Values by name, in the order they were added: a JSON object to JS. The engine's results are
/// keyed by step and field names, a few per measure, so a list searched in order serves where a
/// map would bring its sorting and tree code into every module.
#[derive(Debug, Clone, PartialEq)]
pub struct Named<T>(pub Vec<(&'static str, T)>);

impl<T> Default for Named<T> {
    fn default() -> Self {
        Named(Vec::new())
    }
}

impl<T> Named<T> {
    /// The value named `name`, if there is one.
    pub fn get(&self, name: &str) -> Option<&T> {
        self.0.iter().find(|(n, _)| *n == name).map(|(_, v)| v)
    }

    pub fn insert(&mut self, name: &'static str, value: T) {
        self.0.push((name, value));
    }
}

impl<T> FromIterator<(&'static str, T)> for Named<T> {
    fn from_iter<I: IntoIterator<Item = (&'static str, T)>>(iter: I) -> Self {
        Named(iter.into_iter().collect())
    }
}

impl<T> core::ops::Index<&str> for Named<T> {
    type Output = T;

    /// The value named `name`; panics when there is none (for tests and known names).
    fn index(&self, name: &str) -> &T {
        match self.get(name) {
            Some(v) => v,
            None => panic!("no value named {name}"),
        }
    }
}

/// A JSON object, its members in order.
impl<T: ToJson> ToJson for Named<T> {
    fn write_json(&self, out: &mut String) {
        self.0
            .iter()
            .fold(Fields::new(out), |fields, (name, value)| {
                fields.field(name, value)
            })
            .end();
    }
}

/// The value as it is: a number, string, boolean, array or object.
impl ToJson for Assessed {
    fn write_json(&self, out: &mut String) {
        match self {
            Assessed::Number(n) => n.write_json(out),
            Assessed::Text(t) => t.write_json(out),
            Assessed::Bool(b) => b.write_json(out),
            Assessed::List(items) => items.write_json(out),
            Assessed::Object(fields) => fields.write_json(out),
        }
    }
}

impl Assessed {
    /// A field of an object (None for other values or a field not there).
    pub fn get(&self, name: &str) -> Option<&Assessed> {
        match self {
            Assessed::Object(fields) => fields.get(name),
            _ => None,
        }
    }

    pub fn number(&self) -> Option<f64> {
        match self {
            Assessed::Number(n) => Some(*n),
            _ => None,
        }
    }

    pub fn boolean(&self) -> Option<bool> {
        match self {
            Assessed::Bool(b) => Some(*b),
            _ => None,
        }
    }

    pub fn text(&self) -> Option<&str> {
        match self {
            Assessed::Text(t) => Some(t),
            _ => None,
        }
    }

    pub fn list(&self) -> &[Assessed] {
        match self {
            Assessed::List(items) => items,
            _ => &[],
        }
    }
}

/// The most samples a measure may take.
pub const MAX_SAMPLES: u32 = 20;

/// No step is given fewer answer tokens (a small model may indent even a one-word answer);
/// the least `maxAnswerTokens` an option may set.
pub const MIN_ANSWER_TOKENS: u32 = 32;

/// The options every LLM metric takes.
#[derive(Debug, Clone, PartialEq)]
pub struct Options {
    /// The maximum score (the score is a fraction of it). Default 1.
    pub scale: f64,
    /// Ask the model to explain the score (one more call). Default true.
    pub model_reason: bool,
    /// The developer's guidance, added to every step's instructions.
    pub instruction: Option<String>,
    /// The longest answer of any step, in tokens; by default each step's own bound
    /// ([`crate::judge::schema::answer_tokens`]).
    pub max_answer_tokens: Option<u32>,
    /// Weights the caller gave to verdict words (an uncertainty weight, say), read by the
    /// formula with [`Options::weight`].
    pub weights: Vec<(String, f64)>,
    /// How many times the judging steps run (extractions run once); the score is the mean of
    /// the samples' scores. Default 1.
    pub samples: u32,
    /// The score to explain instead of the formula's: the mean of samples judged elsewhere
    /// (a scorer's reason step), with each sample's score.
    pub mean: Option<Mean>,
}

/// The mean score of repeated samples, and each sample's score.
#[derive(Debug, Clone, PartialEq)]
pub struct Mean {
    pub score: f64,
    pub scores: Vec<f64>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            scale: 1.0,
            model_reason: true,
            instruction: None,
            max_answer_tokens: None,
            weights: Vec::new(),
            samples: 1,
            mean: None,
        }
    }
}

impl Options {
    /// The weight given to `word`, else `default`.
    pub fn weight(&self, word: &str, default: f64) -> f64 {
        self.weights
            .iter()
            .find(|(w, _)| w == word)
            .map_or(default, |(_, v)| *v)
    }

    /// Checks the values: a finite scale above 0, an answer limit of at least
    /// [`MIN_ANSWER_TOKENS`].
    pub fn validate(&self) -> Result<(), Error> {
        crate::judge::score::check_scale(self.scale)?;
        match self.max_answer_tokens {
            Some(n) if n < MIN_ANSWER_TOKENS => Err(Error::InvalidOption {
                name: "maxAnswerTokens",
                reason: alloc::format!("must be at least {}, got {n}", MIN_ANSWER_TOKENS),
            }),
            _ if !(1..=MAX_SAMPLES).contains(&self.samples) => Err(Error::InvalidOption {
                name: "samples",
                reason: alloc::format!(
                    "must be a whole number from 1 to {MAX_SAMPLES}, got {}",
                    self.samples
                ),
            }),
            _ => match self
                .weights
                .iter()
                .find(|(_, v)| !(v.is_finite() && *v >= 0.0))
            {
                Some((word, v)) => Err(Error::InvalidOption {
                    name: "weights",
                    // format_number, not `{v}`: core's float formatting is large in wasm.
                    reason: alloc::format!(
                        "the weight of \"{word}\" must be a finite number of at least 0, got {}",
                        crate::numbers::number::format_number(*v)
                    ),
                }),
                None => Ok(()),
            },
        }
    }
}

/// A verdict on one item.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Judged {
    /// The item judged.
    pub item: String,
    /// One of the step's verdict words.
    pub verdict: &'static str,
    pub reason: String,
    /// The declared extra fields, in declaration order ('' when the model left one out).
    pub extra: Vec<String>,
}

/// `{ item, verdict, reason, extra? }` (`extra` left out when the step declares none).
impl ToJson for Judged {
    fn write_json(&self, out: &mut String) {
        let fields = Fields::new(out)
            .field("item", &self.item)
            .field("verdict", self.verdict)
            .field("reason", &self.reason);
        if self.extra.is_empty() {
            fields.end();
        } else {
            fields.field("extra", &self.extra).end();
        }
    }
}

/// What a score formula returns.
#[derive(Debug, Clone, PartialEq)]
pub struct Scored {
    /// The score, rounded by the formula ([`crate::judge::score::round_score`]).
    pub score: f64,
    /// The reason composed by code: "The score is … because …".
    pub reason: String,
    /// For a model-written reason: how the score was computed, and one line per verdict.
    pub explain: Option<(String, Vec<String>)>,
}

/// One measure in progress: the inputs, the options and what each step found.
pub struct Run<'a> {
    pub inputs: &'a [(String, Vec<String>)],
    pub options: &'a Options,
    pub(crate) lists: Vec<(&'static str, Vec<String>)>,
    pub(crate) verdicts: Vec<(&'static str, Vec<Judged>, Vec<String>)>,
    pub(crate) assessed: Vec<(&'static str, Vec<(&'static str, Assessed)>)>,
}

impl Run<'_> {
    /// The texts of an input (blank pieces included), empty when the input was not given.
    pub fn input(&self, name: &str) -> &[String] {
        self.inputs
            .iter()
            .find(|(n, _)| n == name)
            .map_or(&[], |(_, v)| v.as_slice())
    }

    /// Whether every piece of an input is blank (or it has none).
    pub fn blank(&self, name: &str) -> bool {
        self.input(name).iter().all(|t| t.trim().is_empty())
    }

    /// A list found by an extraction (or given as known), else a list input.
    pub fn list(&self, name: &str) -> &[String] {
        match self.lists.iter().find(|(n, _)| *n == name) {
            Some((_, list)) => list,
            None => self.input(name),
        }
    }

    /// The verdicts of a step, in item order, and the items left unjudged; `None` when the
    /// step was skipped (no items, or a needed input blank without a `blank` verdict).
    pub fn verdicts(&self, step: &str) -> Option<(&[Judged], &[String])> {
        self.verdicts
            .iter()
            .find(|(n, _, _)| *n == step)
            .map(|(_, v, u)| (v.as_slice(), u.as_slice()))
    }

    /// A field an assessment step answered.
    pub fn assessed_field(&self, step: &str, field: &str) -> Option<&Assessed> {
        self.assessed(step)?
            .iter()
            .find(|(n, _)| *n == field)
            .map(|(_, v)| v)
    }

    /// The fields an assessment step answered.
    pub fn assessed(&self, step: &str) -> Option<&[(&'static str, Assessed)]> {
        self.assessed
            .iter()
            .find(|(n, _)| *n == step)
            .map(|(_, a)| a.as_slice())
    }
}
