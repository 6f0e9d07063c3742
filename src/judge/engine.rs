//! Runs a declared metric ([`crate::judge::declare`]): the same conversation for every metric.
//!
//! Each step becomes requests whose untrusted texts sit in data blocks, whose items are
//! numbered, and which carry the JSON Schema of their answer and a bound on its length. Answers
//! are read tolerantly; one that cannot be read is asked again once; verdicts are keyed by id
//! and those missing are asked for again once. Lists given as known (extracted by an earlier
//! measure or step) are not asked for again. The score and the composed reason come from the
//! metric's formula; the model writes the reason only when the metric and the options allow.

use alloc::{
    format,
    string::{String, ToString},
    vec::Vec,
};

use crate::judge::declare::{
    Assess, Assessed, Extract, Field, Judged, Kind, Mean, Metric, Named, Options, Run, Scored,
    Step, Verdicts, Word, ANY_OTHER, UNTRIMMED,
};
use crate::judge::error::Error;
use crate::judge::json::{find_json, Fields, ToJson, Value};
use crate::judge::prompt::{data_block, numbered_block, one_line, DATA_RULE};
use crate::judge::schema;
use crate::judge::verdicts::{ask_verdicts, read_list, verdict_word};
use crate::judge::{Judge, Request, Session, Usage};
use crate::numbers::number::format_number;

/// What a measure found: the score and reason (absent when stopped early with `until`), each
/// step's list, verdicts and assessment, and the calls and tokens it took.
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    pub score: Option<f64>,
    pub reason: Option<String>,
    pub lists: Named<Vec<String>>,
    pub verdicts: Named<StepVerdicts>,
    pub assessed: Named<Named<Assessed>>,
    pub model_calls: u32,
    pub usage: Option<Usage>,
    /// Each sample and the verdicts' agreement, when the measure took more than one.
    pub samples: Option<Samples>,
    /// Extracted items dropped as repeats of an earlier item (not judged).
    pub repeats_dropped: u32,
    /// Verdicts answered with a word outside the step's words.
    pub unknown_words: u32,
}

/// `{ score?, reason?, lists, verdicts, assessed, modelCalls, usage?, samples?,
/// repeatsDropped?, unknownWords? }` to JS (the counts only when above 0).
impl ToJson for Outcome {
    fn write_json(&self, out: &mut String) {
        let count = |n: u32| (n > 0).then_some(n);
        Fields::new(out)
            .some("score", &self.score)
            .some("reason", &self.reason)
            .field("lists", &self.lists)
            .field("verdicts", &self.verdicts)
            .field("assessed", &self.assessed)
            .field("modelCalls", &self.model_calls)
            .some("usage", &self.usage)
            .some("samples", &self.samples)
            .some("repeatsDropped", &count(self.repeats_dropped))
            .some("unknownWords", &count(self.unknown_words))
            .end();
    }
}

/// The verdicts of one step, in item order, and the items the model left unjudged.
#[derive(Debug, Clone, PartialEq)]
pub struct StepVerdicts {
    pub judged: Vec<Judged>,
    pub unjudged: Vec<String>,
}

impl ToJson for StepVerdicts {
    fn write_json(&self, out: &mut String) {
        Fields::new(out)
            .field("judged", &self.judged)
            .field("unjudged", &self.unjudged)
            .end();
    }
}

/// Runs `metric` over `inputs`. `known` lists (by extraction step name) are used instead of
/// asking; `until` stops after the named step, with no score. With `options.samples` above 1
/// the judging steps run that many times over the lists extracted once (see [`sampled`]).
pub async fn measure<J: Judge>(
    judge: &J,
    metric: &Metric,
    inputs: &[(String, Vec<String>)],
    options: &Options,
    known: &[(String, Vec<String>)],
    until: Option<&str>,
) -> Result<Outcome, Error> {
    options.validate()?;
    let mut session = Session::default();
    if options.samples > 1 {
        return sampled(&mut session, judge, metric, inputs, options, known, until).await;
    }
    let (run, stopped) =
        run_steps(&mut session, judge, metric, inputs, options, known, until).await?;
    if stopped {
        return Ok(outcome(run, &session, None));
    }
    let scored = (metric.score)(&run);
    let scored = match &options.mean {
        Some(mean) => explain_mean(mean, scored),
        None => scored,
    };
    let reason = match scored.explain {
        Some((how, lines)) if metric.model_reason && options.model_reason => {
            model_reason(&mut session, judge, options, scored.score, &how, &lines)
                .await?
                .unwrap_or(scored.reason)
        }
        _ => scored.reason,
    };
    Ok(outcome(run, &session, Some((scored.score, reason))))
}

/// Runs the steps in order; `true` when it stopped at `until`.
async fn run_steps<'a, J: Judge>(
    session: &mut Session,
    judge: &J,
    metric: &Metric,
    inputs: &'a [(String, Vec<String>)],
    options: &'a Options,
    known: &[(String, Vec<String>)],
    until: Option<&str>,
) -> Result<(Run<'a>, bool), Error> {
    let mut run = Run {
        inputs,
        options,
        lists: Vec::new(),
        verdicts: Vec::new(),
        assessed: Vec::new(),
    };
    for step in metric.steps {
        match step {
            Step::Extract(e) => {
                let list = match known.iter().find(|(n, _)| n == e.name) {
                    Some((_, list)) => list.clone(),
                    None => extract(session, judge, e, &run).await?,
                };
                run.lists.push((e.name, list));
            }
            Step::Verdicts(v) => {
                if let Some((judged, unjudged)) = verdicts(session, judge, v, &run).await? {
                    run.verdicts.push((v.name, judged, unjudged));
                }
            }
            Step::Assess(a) => {
                let found = assess(session, judge, a, &run).await?;
                run.assessed.push((a.name, found));
            }
            Step::Split(s) => {
                let list = run
                    .input(s.from)
                    .iter()
                    .flat_map(|t| (s.split)(t))
                    .collect();
                run.lists.push((s.name, list));
            }
        }
        if until == Some(step.name()) {
            return Ok((run, true));
        }
    }
    Ok((run, false))
}

/// A judge whose requests carry a sample index.
struct Sample<'j, J>(&'j J, u32);

impl<J: Judge> Judge for Sample<'_, J> {
    fn complete(
        &self,
        mut request: Request,
    ) -> impl core::future::Future<Output = Result<crate::judge::Response, crate::judge::JudgeError>>
    {
        request.sample = self.1;
        self.0.complete(request)
    }
}

/// One sample of a sampled measure: its score, composed reason, verdicts and assessments.
#[derive(Debug, Clone, PartialEq)]
pub struct SampleOutcome {
    pub score: f64,
    pub reason: String,
    pub verdicts: Named<StepVerdicts>,
    pub assessed: Named<Named<Assessed>>,
}

impl ToJson for SampleOutcome {
    fn write_json(&self, out: &mut String) {
        Fields::new(out)
            .field("score", &self.score)
            .field("reason", &self.reason)
            .field("verdicts", &self.verdicts)
            .field("assessed", &self.assessed)
            .end();
    }
}

/// What the samples of a measure found: each sample, and per verdict step how many samples
/// gave each verdict to each item of the majority's `judged` list (same order).
#[derive(Debug, Clone, PartialEq)]
pub struct Samples {
    pub runs: Vec<SampleOutcome>,
    pub agreement: Named<Vec<Named<u32>>>,
}

impl ToJson for Samples {
    fn write_json(&self, out: &mut String) {
        Fields::new(out)
            .field("runs", &self.runs)
            .field("agreement", &self.agreement)
            .end();
    }
}

/// `options.samples` runs of the judging steps: the first run extracts (unless `known`), the
/// others get every list it extracted as known and ask with their sample index (1, 2, …). Each
/// run is scored by the formula; the score is the mean, rounded as scores are
/// ([`crate::judge::score::round_score`]). The verdicts reported are, per item, the verdict most
/// samples gave (a tie goes to the earliest sample's), and the assessments the first
/// sample's; the reason explains the mean with the majority's verdicts (the model writes it,
/// one call, when the metric and options allow).
async fn sampled<J: Judge>(
    session: &mut Session,
    judge: &J,
    metric: &Metric,
    inputs: &[(String, Vec<String>)],
    options: &Options,
    known: &[(String, Vec<String>)],
    until: Option<&str>,
) -> Result<Outcome, Error> {
    let each = Options {
        samples: 1,
        model_reason: false,
        mean: None,
        ..options.clone()
    };
    let (first, stopped) = run_steps(session, judge, metric, inputs, &each, known, until).await?;
    if stopped {
        return Ok(outcome(first, session, None));
    }
    let mut shared: Vec<(String, Vec<String>)> = known.to_vec();
    shared.extend(
        first
            .lists
            .iter()
            .map(|(n, l)| (String::from(*n), l.clone())),
    );
    let mut runs = Vec::from([first]);
    for index in 1..options.samples {
        let (run, _) = run_steps(
            session,
            &Sample(judge, index),
            metric,
            inputs,
            &each,
            &shared,
            until,
        )
        .await?;
        runs.push(run);
    }
    let scored: Vec<Scored> = runs.iter().map(|run| (metric.score)(run)).collect();
    let scores: Vec<f64> = scored.iter().map(|s| s.score).collect();
    let mean = Mean {
        score: crate::judge::score::round_score(scores.iter().sum::<f64>() / scores.len() as f64),
        scores,
    };
    let (majority, agreement) = majority(&runs);
    let major = Run {
        inputs,
        options,
        lists: runs[0].lists.clone(),
        verdicts: majority,
        assessed: runs[0].assessed.clone(),
    };
    let told = explain_mean(&mean, (metric.score)(&major));
    let reason = match told.explain {
        Some((how, lines)) if metric.model_reason && options.model_reason => {
            model_reason(session, judge, options, told.score, &how, &lines)
                .await?
                .unwrap_or(told.reason)
        }
        _ => told.reason,
    };
    let samples = Samples {
        runs: runs
            .into_iter()
            .zip(scored)
            .map(|(run, s)| {
                let o = outcome(run, session, None);
                SampleOutcome {
                    score: s.score,
                    reason: s.reason,
                    verdicts: o.verdicts,
                    assessed: o.assessed,
                }
            })
            .collect(),
        agreement,
    };
    let mut out = outcome(major, session, Some((told.score, reason)));
    out.samples = Some(samples);
    Ok(out)
}

type Majority = (
    Vec<(&'static str, Vec<Judged>, Vec<String>)>,
    Named<Vec<Named<u32>>>,
);

/// Per verdict step and item (an item is told from an equal one by its occurrence), the verdict
/// most runs gave, with the reason and extra fields of the earliest run that gave it, and how
/// many runs gave each verdict. An item no run judged stays unjudged.
fn majority(runs: &[Run]) -> Majority {
    let mut steps = Vec::new();
    let mut agreement = Named::default();
    let Some(first) = runs.first() else {
        return (steps, agreement);
    };
    for (name, judged, unjudged) in &first.verdicts {
        // Every item of the step, in the first run's order: its judged, then its unjudged.
        let mut keys: Vec<(&str, usize)> = Vec::new();
        let mut seen: Vec<(&str, usize)> = Vec::new();
        for item in judged
            .iter()
            .map(|j| j.item.as_str())
            .chain(unjudged.iter().map(String::as_str))
        {
            let n = occurrence(&mut seen, item);
            keys.push((item, n));
        }
        let mut votes: Vec<Vec<&Judged>> = alloc::vec![Vec::new(); keys.len()];
        for run in runs {
            let Some((_, judged, _)) = run.verdicts.iter().find(|(n, _, _)| n == name) else {
                continue;
            };
            let mut seen: Vec<(&str, usize)> = Vec::new();
            for j in judged {
                let n = occurrence(&mut seen, &j.item);
                if let Some(at) = keys.iter().position(|(item, k)| *item == j.item && *k == n) {
                    votes[at].push(j);
                }
            }
        }
        let (mut chosen, mut left, mut counts) = (Vec::new(), Vec::new(), Vec::new());
        for ((item, _), given) in keys.iter().zip(votes) {
            let mut tally: Named<u32> = Named::default();
            for j in &given {
                match tally.0.iter_mut().find(|(w, _)| *w == j.verdict) {
                    Some((_, n)) => *n += 1,
                    None => tally.insert(j.verdict, 1),
                }
            }
            let top = tally.0.iter().map(|(_, n)| *n).max().unwrap_or(0);
            match given.iter().find(|j| tally.get(j.verdict) == Some(&top)) {
                Some(j) => {
                    chosen.push((*j).clone());
                    counts.push(tally);
                }
                None => left.push(String::from(*item)),
            }
        }
        steps.push((*name, chosen, left));
        agreement.insert(name, counts);
    }
    (steps, agreement)
}

/// The how-manieth time `item` comes (1 for its first time), counted in `seen`.
fn occurrence<'a>(seen: &mut Vec<(&'a str, usize)>, item: &'a str) -> usize {
    match seen.iter_mut().find(|(i, _)| *i == item) {
        Some((_, n)) => {
            *n += 1;
            *n
        }
        None => {
            seen.push((item, 1));
            1
        }
    }
}

/// A formula's result told as the mean of samples: the mean's score, and the explanation and
/// composed reason saying so.
fn explain_mean(mean: &Mean, scored: Scored) -> Scored {
    let each: Vec<String> = mean.scores.iter().map(|s| format_number(*s)).collect();
    let of = format!(
        "the mean of the scores of {} samples ({})",
        mean.scores.len(),
        each.join(", ")
    );
    let shown = format_number(mean.score);
    match scored.explain {
        Some((how, lines)) => {
            let how = format!("{of}; by the verdicts most samples gave, {how}");
            Scored {
                score: mean.score,
                reason: format!("The score is {shown} because it is {how}."),
                explain: Some((how, lines)),
            }
        }
        None => Scored {
            score: mean.score,
            reason: format!(
                "The score is {shown}, {of}. By the verdicts most samples gave: {}",
                scored.reason
            ),
            explain: None,
        },
    }
}

fn outcome(run: Run, session: &Session, scored: Option<(f64, String)>) -> Outcome {
    Outcome {
        score: scored.as_ref().map(|s| s.0),
        reason: scored.map(|s| s.1),
        lists: run.lists.into_iter().collect(),
        verdicts: run
            .verdicts
            .into_iter()
            .map(|(n, judged, unjudged)| (n, StepVerdicts { judged, unjudged }))
            .collect(),
        assessed: run
            .assessed
            .into_iter()
            .map(|(n, a)| (n, a.into_iter().collect()))
            .collect(),
        model_calls: session.calls,
        usage: session.usage_reported.then_some(session.usage),
        samples: None,
        repeats_dropped: session.repeats_dropped,
        unknown_words: session.unknown_words,
    }
}

/// The system prompt of a step: the task, the developer's instruction, the data rule, the
/// answer's form.
fn system(task: &str, options: &Options, form: &str) -> String {
    let instruction = match options.instruction.as_deref().map(str::trim) {
        Some(text) if !text.is_empty() => format!(" The developer running this evaluation adds this instruction, which takes precedence: {text}"),
        _ => String::new(),
    };
    format!("{task}{instruction} {DATA_RULE} Answer with JSON only, {form}")
}

/// The non-blank texts a data block named `name` shows: the input of that name, or, when no
/// such input was given, the texts of a list field an earlier assessment answered under that
/// name (so a step can show what an earlier one found).
fn pieces<'r>(run: &'r Run, name: &str) -> Vec<&'r String> {
    let texts: Vec<&String> = match run.inputs.iter().find(|(n, _)| n == name) {
        Some((_, given)) => given.iter().collect(),
        None => run
            .assessed
            .iter()
            .flat_map(|(_, fields)| fields.iter())
            .find(|(n, _)| *n == name)
            .map(|(_, found)| found.list().iter().filter_map(assessed_text).collect())
            .unwrap_or_default(),
    };
    texts.into_iter().filter(|p| !p.trim().is_empty()).collect()
}

fn assessed_text(value: &Assessed) -> Option<&String> {
    match value {
        Assessed::Text(t) => Some(t),
        _ => None,
    }
}

async fn extract<J: Judge>(
    session: &mut Session,
    judge: &J,
    step: &Extract,
    run: &Run<'_>,
) -> Result<Vec<String>, Error> {
    let form = format!(
        "in this form: {{{}: [\"first item\", \"second item\"]}}",
        crate::judge::json::quote(step.name)
    );
    let system = system(step.task, run.options, &form);
    // One request per batch of text when the step cuts its texts, else one for all.
    let mut users: Vec<String> = Vec::new();
    for name in step.from {
        for piece in pieces(run, name) {
            match step.batch_bytes {
                Some(limit) => {
                    for part in batches(piece, limit(run.options)) {
                        let mut user = String::new();
                        data_block(&mut user, name, part);
                        users.push(user);
                    }
                }
                None => {
                    if users.is_empty() {
                        users.push(String::new());
                    }
                    if let Some(user) = users.last_mut() {
                        data_block(user, name, piece);
                    }
                }
            }
        }
    }
    let mut list: Vec<String> = Vec::new();
    for user in users {
        let answer = schema::extract_schema(step, user.len());
        let request = Request {
            max_tokens: schema::answer_tokens(
                schema::answer_bound(&answer),
                run.options.max_answer_tokens,
            ),
            system: system.clone(),
            user,
            json: true,
            step: step.name,
            schema: Some(answer),
            schema_name: step.name,
            sample: 0,
        };
        for item in session
            .ask(judge, request, |t| read_list(t, step.name))
            .await?
        {
            // An item that says what an earlier one said is dropped (and counted): judging it
            // again would count one claim twice.
            let folded = fold_item(&item);
            if list.iter().any(|kept| fold_item(kept) == folded) {
                session.repeats_dropped += 1;
            } else {
                list.push(item);
            }
        }
    }
    Ok(list)
}

/// An extracted item folded for finding repeats: ASCII lower case, runs of spaces as one,
/// surrounding punctuation dropped.
fn fold_item(item: &str) -> String {
    let words: Vec<&str> = item.split_whitespace().collect();
    verdict_word(&words.join(" "))
}

/// A verdict value read as one of `words`: booleans through `"true"`/`"false"`, strings folded
/// (or only lower-cased, for a word declared [`UNTRIMMED`]); else the word declared
/// [`ANY_OTHER`], if any.
pub fn read_word(value: &Value, words: &'static [Word]) -> Option<&'static str> {
    declared_word(value, words).or_else(|| any_other(value, words))
}

/// The word of `words` that `value` is, without the [`ANY_OTHER`] fallback.
fn declared_word(value: &Value, words: &'static [Word]) -> Option<&'static str> {
    let (folded, lower) = match value {
        Value::Bool(b) => {
            let word = String::from(if *b { "true" } else { "false" });
            (word.clone(), word)
        }
        // ASCII lower case (no Unicode tables in the module): the words declared UNTRIMMED are ASCII,
        // and no other character but the Kelvin sign lower-cases to an ASCII letter.
        Value::String(s) => (verdict_word(s), s.to_ascii_lowercase()),
        _ => return None,
    };
    words
        .iter()
        .find(|w| {
            if w.also.contains(&UNTRIMMED) {
                lower == w.word
            } else {
                w.word == folded || w.also.contains(&folded.as_str())
            }
        })
        .map(|w| w.word)
}

/// The word declared to take any other string answer ([`ANY_OTHER`]), for a string.
fn any_other(value: &Value, words: &'static [Word]) -> Option<&'static str> {
    match value {
        Value::String(_) => words
            .iter()
            .find(|w| w.also.contains(&ANY_OTHER))
            .map(|w| w.word),
        _ => None,
    }
}

type Found = (Vec<Judged>, Vec<String>);

async fn verdicts<J: Judge>(
    session: &mut Session,
    judge: &J,
    step: &Verdicts,
    run: &Run<'_>,
) -> Result<Option<Found>, Error> {
    let items = run.list(step.items);
    if items.is_empty() {
        return Ok(None);
    }
    if step.needs.iter().any(|n| run.blank(n)) {
        return Ok(step.blank.map(|(verdict, reason)| {
            let judged = items
                .iter()
                .map(|item| Judged {
                    item: item.clone(),
                    verdict,
                    reason: reason.to_string(),
                    extra: step.extra.iter().map(|_| String::new()).collect(),
                })
                .collect();
            (judged, Vec::new())
        }));
    }
    let word = step.words.first().map_or("yes", |w| w.word);
    let mut example = format!("{{\"verdict\": \"{word}\", \"reason\": \"one short sentence\"");
    for extra in step.extra {
        example.push_str(&format!(", {}: \"…\"", crate::judge::json::quote(extra)));
    }
    let form = format!(
        "an object keyed by id, one member for each numbered item: {{\"verdicts\": {{\"{p}1\": {example}}}, \"{p}2\": …}}}}",
        p = step.prefix
    );
    let system = system(step.task, run.options, &form);
    let build = |asked: &[usize]| {
        let mut user = String::new();
        for block in step.blocks {
            if *block == step.items {
                numbered_block(&mut user, block, step.prefix, items, asked);
            } else {
                for piece in pieces(run, block) {
                    data_block(&mut user, block, piece);
                }
            }
        }
        let answer = schema::verdicts_schema(step, asked);
        Request {
            system: system.clone(),
            user,
            json: true,
            step: step.name,
            max_tokens: schema::answer_tokens(
                schema::answer_bound(&answer),
                run.options.max_answer_tokens,
            ),
            schema: Some(answer),
            schema_name: step.name,
            sample: 0,
        }
    };
    // Verdict words outside the step's words: counted; unread (so asked again, as a missing
    // verdict), unless the step reads any other word as one of its own (parity).
    let unknown = core::cell::Cell::new(0u32);
    let word = |v: &Value| {
        let declared = declared_word(v, step.words);
        if declared.is_none() && !matches!(v, Value::Null) {
            unknown.set(unknown.get() + 1);
        }
        declared.or_else(|| any_other(v, step.words))
    };
    let per_batch = step
        .batch_items
        .map_or(items.len(), |f| f(run.options).max(1));
    let all: Vec<usize> = (0..items.len()).collect();
    let (mut judged, mut unjudged, mut missing) = (Vec::new(), Vec::new(), Vec::new());
    for batch in all.chunks(per_batch) {
        let found =
            ask_verdicts(session, judge, step.prefix, batch, step.extra, &build, word).await?;
        for (&index, verdict) in batch.iter().zip(found) {
            match verdict {
                Some(v) => judged.push(Judged {
                    item: items[index].clone(),
                    verdict: v.value,
                    reason: v.reason,
                    extra: v.extra,
                }),
                None => {
                    unjudged.push(items[index].clone());
                    missing.push(format!("{}{}", step.prefix, index + 1));
                }
            }
        }
    }
    session.unknown_words += unknown.get();
    if (step.every && !missing.is_empty()) || judged.is_empty() {
        return Err(Error::MissingVerdicts {
            step: step.name,
            missing,
        });
    }
    Ok(Some((judged, unjudged)))
}

async fn assess<J: Judge>(
    session: &mut Session,
    judge: &J,
    step: &Assess,
    run: &Run<'_>,
) -> Result<Vec<(&'static str, Assessed)>, Error> {
    let form = format!("one object: {}", schema::assess_form(step.fields));
    let mut user = String::new();
    for block in step.blocks {
        for piece in pieces(run, block) {
            data_block(&mut user, block, piece);
        }
    }
    let counts: Vec<(&str, usize)> = step
        .blocks
        .iter()
        .map(|block| (*block, pieces(run, block).len()))
        .collect();
    let shown = schema::Shown {
        bytes: user.len(),
        counts: &counts,
    };
    let answer = schema::assess_schema_for(step, &shown);
    let request = Request {
        system: system(step.task, run.options, &form),
        json: true,
        step: step.name,
        max_tokens: schema::answer_tokens(
            schema::answer_bound(&answer),
            run.options.max_answer_tokens,
        ),
        schema: Some(answer),
        schema_name: step.name,
        user,
        sample: 0,
    };
    // llama.cpp's grammar bounds an integer's range but not a number's: a small model may write a
    // score of 100 on a scale of 0 to 1. The first such answer is asked again (with what was
    // wrong); in the second, a number out of range is read at the nearest end of its range.
    let answers = core::cell::Cell::new(0u32);
    session
        .ask(judge, request, |text| {
            answers.set(answers.get() + 1);
            let value = find_json(text).ok_or("no JSON object found")?;
            read_fields(step.fields, &value, answers.get() > 1)
        })
        .await
}

/// Reads the declared fields of an assessed object; says which field was not as asked.
/// With `clamp`, a number outside its field's range reads as the nearest end of the range.
fn read_fields(
    fields: &[Field],
    value: &Value,
    clamp: bool,
) -> Result<Vec<(&'static str, Assessed)>, String> {
    fields
        .iter()
        .map(|f| {
            let v = value
                .get(f.name)
                .ok_or_else(|| format!("the JSON object has no \"{}\"", f.name))?;
            read_kind(&f.kind, v, clamp)
                .map(|r| (f.name, r))
                .map_err(|inner| match inner {
                    Some(why) => format!("\"{}\": {why}", f.name),
                    None => format!("\"{}\" is not what was asked for", f.name),
                })
        })
        .collect()
}

/// Reads one assessed value as `kind` (None: not that kind; Some(why): an inner field).
fn read_kind(kind: &Kind, v: &Value, clamp: bool) -> Result<Assessed, Option<String>> {
    match (kind, v) {
        (Kind::Number { min, max }, Value::Number(n)) if n >= min && n <= max => {
            Ok(Assessed::Number(*n))
        }
        (Kind::Number { min, max }, Value::Number(n)) if clamp && n.is_finite() => {
            Ok(Assessed::Number(if n < min { *min } else { *max }))
        }
        (Kind::Choice(words), Value::String(s)) => {
            let folded = verdict_word(s);
            words
                .iter()
                .find(|w| **w == folded)
                .map(|w| Assessed::Text(w.to_string()))
                .ok_or(None)
        }
        (Kind::Text, Value::String(s)) => Ok(Assessed::Text(s.trim().to_string())),
        // A model that has nothing to say for a text (no matching unit, say) may write null.
        (Kind::Text, Value::Null) => Ok(Assessed::Text(String::new())),
        (Kind::Boolean, Value::Bool(b)) => Ok(Assessed::Bool(*b)),
        (Kind::Boolean, Value::String(s)) => match verdict_word(s).as_str() {
            "true" | "yes" => Ok(Assessed::Bool(true)),
            "false" | "no" => Ok(Assessed::Bool(false)),
            _ => Err(None),
        },
        (Kind::List | Kind::ListPer(_), Value::Array(items)) => items
            .iter()
            .map(|i| match i {
                Value::String(s) => Ok(Assessed::Text(s.trim().to_string())),
                _ => Err(Some(String::from("a list item is not a text"))),
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Assessed::List),
        (Kind::Object(fields), Value::Object(_)) => read_fields(fields, v, clamp)
            .map(|f| Assessed::Object(Named(f)))
            .map_err(Some),
        (Kind::Objects(fields) | Kind::ObjectsPer(_, fields), Value::Array(items)) => items
            .iter()
            .map(|i| read_fields(fields, i, clamp).map(|f| Assessed::Object(Named(f))))
            .collect::<Result<Vec<_>, _>>()
            .map(Assessed::List)
            .map_err(Some),
        _ => Err(None),
    }
}

/// Asks the model to explain `score` from the verdict `lines`; composes "The score is {score}
/// because {answer}". An empty explanation (which a schema without a least length allows) gives
/// `None`: the caller keeps the reason composed by code.
async fn model_reason<J: Judge>(
    session: &mut Session,
    judge: &J,
    options: &Options,
    score: f64,
    how: &str,
    lines: &[String],
) -> Result<Option<String>, Error> {
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
    // Each line on one line, whoever wrote it (the metrics write theirs with `verdict_line` or
    // `item_text`, which also neutralise ids inside a text).
    let lines: Vec<String> = lines.iter().map(|l| one_line(l)).collect();
    data_block(&mut user, "verdicts", &lines.join("\n"));
    let request = Request {
        system,
        user,
        json: true,
        step: "reason",
        max_tokens: schema::answer_tokens(
            schema::answer_bound(&schema::reason_schema()),
            options.max_answer_tokens,
        ),
        schema: Some(schema::reason_schema()),
        schema_name: "reason",
        sample: 0,
    };
    let because = session
        .ask(judge, request, |text| {
            let value = find_json(text).ok_or("no JSON object found")?;
            let because = value
                .get("because")
                .or_else(|| value.get("reason"))
                .and_then(Value::as_str)
                .ok_or("the JSON object has no \"because\" string")?;
            Ok(because.trim().to_string())
        })
        .await?;
    if because.is_empty() {
        return Ok(None);
    }
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
    Ok(Some(reason))
}

/// Cuts `text` into pieces of at most about `limit` bytes, at sentence or line ends where it
/// can, else at a space, else anywhere on a character boundary.
pub fn batches(text: &str, limit: usize) -> Vec<&str> {
    let limit = limit.max(1);
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
            .unwrap_or(cut.max(rest.chars().next().map_or(1, char::len_utf8)));
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

/// A 128-bit FNV-1a digest of texts, as 32 hex digits: the key under which the JS glue caches
/// an extraction (each text's length is hashed before it, so the parts cannot run together).
///
/// ```
/// use evals_wasm::judge::engine::cache_key;
/// assert_eq!(cache_key(&["a", ""]), cache_key(&["a", ""]));
/// assert_ne!(cache_key(&["a", "b"]), cache_key(&["ab", ""]));
/// ```
pub fn cache_key(parts: &[&str]) -> String {
    const OFFSET: u128 = 0x6c62272e07bb014262b821756295c58d;
    const PRIME: u128 = 0x0000000001000000000000000000013B;
    let mut hash = OFFSET;
    let mut feed = |bytes: &[u8]| {
        for &b in bytes {
            hash ^= u128::from(b);
            hash = hash.wrapping_mul(PRIME);
        }
    };
    for part in parts {
        feed(&(part.len() as u64).to_le_bytes());
        feed(part.as_bytes());
    }
    format!("{hash:032x}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::declare::Field;
    use crate::judge::scripted::{block_on, ScriptedJudge};

    /// A metric using every kind of step: claims of the output, judged with a quote each, and
    /// a tone assessment; the score is the share of "yes" times the assessed weight.
    const TOY: Metric = Metric {
        id: "toy",
        steps: &[
            Step::Extract(Extract {
                name: "claims",
                from: &["output"],
                task: "List the claims of <output>.",
                batch_bytes: None,
            }),
            Step::Verdicts(Verdicts {
                name: "support",
                items: "claims",
                prefix: "C",
                blocks: &["context", "claims"],
                words: &[
                    Word {
                        word: "yes",
                        also: &["true"],
                    },
                    Word {
                        word: "no",
                        also: &["false"],
                    },
                ],
                extra: &["quote"],
                task: "Judge each claim against <context>.",
                needs: &[],
                blank: None,
                every: true,
                batch_items: None,
            }),
            Step::Assess(Assess {
                name: "tone",
                blocks: &["output"],
                fields: &[
                    Field {
                        name: "weight",
                        kind: Kind::Number { min: 0.0, max: 1.0 },
                    },
                    Field {
                        name: "label",
                        kind: Kind::Choice(&["calm", "angry"]),
                    },
                ],
                task: "Assess the tone of <output>.",
            }),
        ],
        score: |run| {
            let (judged, _) = run.verdicts("support").unwrap_or((&[], &[]));
            let yes = judged.iter().filter(|j| j.verdict == "yes").count() as f64;
            let weight = match run.assessed("tone").and_then(|a| a.first()) {
                Some((_, Assessed::Number(w))) => *w,
                _ => 0.0,
            };
            Scored {
                score: yes / judged.len().max(1) as f64 * weight,
                reason: String::from("composed"),
                explain: None,
            }
        },
        model_reason: false,
    };

    fn toy(
        judge: &ScriptedJudge,
        options: &Options,
        known: &[(String, Vec<String>)],
        until: Option<&str>,
    ) -> Result<Outcome, Error> {
        block_on(measure(judge, &TOY, &inputs(), options, known, until))
    }

    fn inputs() -> Vec<(String, Vec<String>)> {
        alloc::vec![
            (
                "output".into(),
                alloc::vec!["The sky is blue. Grass is red.".into()]
            ),
            (
                "context".into(),
                alloc::vec!["The sky is blue; grass is green.".into()]
            ),
        ]
    }

    #[test]
    fn samples_share_the_extraction_judge_again_with_their_index_and_score_the_mean() {
        let judge = ScriptedJudge::texts(&[
            r#"{"claims": ["a", "b"]}"#,
            r#"{"verdicts": [{"id": "C1", "verdict": "yes", "reason": "r1"}, {"id": "C2", "verdict": "yes", "reason": "r2"}]}"#,
            r#"{"weight": 1, "label": "calm"}"#,
            r#"{"verdicts": [{"id": "C1", "verdict": "no", "reason": "r3"}, {"id": "C2", "verdict": "yes", "reason": "r4"}]}"#,
            r#"{"weight": 0.5, "label": "calm"}"#,
            r#"{"verdicts": [{"id": "C1", "verdict": "no", "reason": "r5"}, {"id": "C2", "verdict": "no", "reason": "r6"}]}"#,
            r#"{"weight": 1, "label": "angry"}"#,
        ]);
        let options = Options {
            samples: 3,
            ..Options::default()
        };
        let r = toy(&judge, &options, &[], None).unwrap_or_else(|e| panic!("{e}"));
        // Samples: 2/2 × 1, 1/2 × 0.5, 0/2 × 1; the mean of 1, 0.25 and 0, rounded.
        let samples = r
            .samples
            .as_ref()
            .map(|s| s.runs.iter().map(|run| run.score).collect::<Vec<_>>());
        assert_eq!(samples, Some(alloc::vec![1.0, 0.25, 0.0]));
        assert_eq!(r.score, Some(0.42));
        assert_eq!(r.model_calls, 7);
        let judged = &r.verdicts["support"].judged;
        assert_eq!((judged[0].verdict, judged[0].reason.as_str()), ("no", "r3"));
        assert_eq!(
            (judged[1].verdict, judged[1].reason.as_str()),
            ("yes", "r2")
        );
        let agreement = r
            .samples
            .as_ref()
            .map(|s| s.agreement["support"].clone())
            .unwrap_or_default();
        assert_eq!(
            (agreement[0].get("no"), agreement[0].get("yes")),
            (Some(&2), Some(&1))
        );
        assert!(r
            .reason
            .as_deref()
            .unwrap_or("")
            .starts_with("The score is 0.42, the mean of the scores of 3 samples (1, 0.25, 0)."));
        let requests = judge.requests.borrow();
        let asked: Vec<(&str, u32)> = requests.iter().map(|q| (q.step, q.sample)).collect();
        assert_eq!(
            asked,
            [
                ("claims", 0),
                ("support", 0),
                ("tone", 0),
                ("support", 1),
                ("tone", 1),
                ("support", 2),
                ("tone", 2)
            ]
        );
        drop(requests);
        for bad in [0, 21] {
            let options = Options {
                samples: bad,
                ..Options::default()
            };
            let e = toy(&judge, &options, &[], None);
            assert_eq!(e.map_err(|e| e.code()).err(), Some("EVALS_INVALID_OPTION"));
        }
    }

    #[test]
    fn every_kind_of_step_runs_with_its_schema_bound_and_extra_fields() {
        let judge = ScriptedJudge::texts(&[
            r#"{"claims": ["The sky is blue.", "Grass is red."]}"#,
            r#"{"verdicts": [{"id": "C2", "verdict": "False", "reason": "green", "quote": "grass is green"}, {"id": "C1", "verdict": "yes", "reason": "same"}]}"#,
            r#"{"weight": 0.5, "label": "Calm"}"#,
        ]);
        let r = toy(&judge, &Options::default(), &[], None).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r.score, Some(0.25));
        assert_eq!(r.reason.as_deref(), Some("composed"));
        let judged = &r.verdicts["support"].judged;
        assert_eq!(judged[1].extra, ["grass is green"]);
        assert_eq!(
            judged[0].extra,
            [""],
            "a missing extra field reads as empty"
        );
        assert_eq!(r.assessed["tone"]["label"], Assessed::Text("calm".into()));
        let requests = judge.requests.borrow();
        let names: Vec<&str> = requests.iter().map(|q| q.schema_name).collect();
        assert_eq!(names, ["claims", "support", "tone"]);
        assert!(requests.iter().all(|q| q.schema.is_some() && q.json));
        assert!(requests[1]
            .schema
            .as_deref()
            .unwrap_or("")
            .contains("\"quote\""));
        for q in requests.iter() {
            assert_eq!(
                q.max_tokens,
                schema::answer_bound(q.schema.as_deref().unwrap_or("")),
                "{}",
                q.step
            );
        }
        // Two verdicts, each a reason and a quote: about their characters, no more.
        let texts = 2 * 2 * schema::REASON_CHARS;
        assert!(
            (texts..texts + 2 * 64 + 32).contains(&requests[1].max_tokens),
            "{}",
            requests[1].max_tokens
        );
        assert!(requests[1].system.contains("\"quote\": \"…\""));
    }

    #[test]
    fn an_assessment_out_of_range_is_asked_again_then_unreadable() {
        let judge = ScriptedJudge::texts(&[
            r#"{"claims": ["a"]}"#,
            r#"{"verdicts": [{"id": "C1", "verdict": "yes", "reason": "", "quote": ""}]}"#,
            r#"{"weight": 3, "label": "calm"}"#,
            r#"{"weight": 0.5, "label": "furious"}"#,
        ]);
        let e = toy(&judge, &Options::default(), &[], None);
        assert!(
            matches!(e, Err(Error::UnreadableAnswer { step: "tone", .. })),
            "{e:?}"
        );
        assert!(judge.requests.borrow()[3]
            .user
            .contains("\"weight\" is not what was asked for"));
    }

    #[test]
    fn a_number_out_of_range_twice_reads_at_the_nearest_end_of_its_range() {
        let judge = ScriptedJudge::texts(&[
            r#"{"claims": ["a"]}"#,
            r#"{"verdicts": {"C1": {"verdict": "yes", "reason": "", "quote": ""}}}"#,
            r#"{"weight": 100, "label": "calm"}"#,
            r#"{"weight": 10, "label": "calm"}"#,
        ]);
        let r = toy(&judge, &Options::default(), &[], None).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r.assessed["tone"]["weight"], Assessed::Number(1.0));
        assert_eq!(r.model_calls, 4, "asked again once first");
        assert!(judge.requests.borrow()[3]
            .user
            .contains("\"weight\" is not what was asked for"));
    }

    #[test]
    fn known_lists_are_not_asked_for_and_until_stops_early() {
        let judge = ScriptedJudge::texts(&[]);
        let known = alloc::vec![("claims".to_string(), alloc::vec!["a".to_string()])];
        let r = toy(&judge, &Options::default(), &known, Some("claims"));
        assert_eq!(
            r.map(|r| (r.score, r.model_calls, r.lists["claims"].len())),
            Ok((None, 0, 1))
        );
        let limited = Options {
            max_answer_tokens: Some(8),
            ..Options::default()
        };
        let e = toy(&judge, &limited, &[], None);
        assert_eq!(e.map_err(|e| e.code()).err(), Some("EVALS_INVALID_OPTION"));
    }

    #[test]
    fn every_declared_metric_has_unique_step_names_and_an_id() {
        for metric in crate::metrics::llm::METRICS {
            let mut names: Vec<&str> = metric.steps.iter().map(Step::name).collect();
            names.sort_unstable();
            names.dedup();
            assert_eq!(names.len(), metric.steps.len(), "{}", metric.id);
            assert_eq!(
                crate::metrics::llm::metric(metric.id).map(|m| m.id),
                Some(metric.id)
            );
        }
    }
}
