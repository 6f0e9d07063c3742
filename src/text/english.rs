//! English verbs: finding them in a sentence and turning them into their infinitive.
//!
//! `@mastra/evals` runs a part-of-speech tagger and rewrites every verb phrase to its infinitive
//! ("has been running" → "run", "jumps" → "jump") while nouns keep their form ("plants").
//! This module reproduces that with a small rule-based tagger: a table of auxiliaries and
//! irregular verbs, the inflection suffixes `-s`, `-ed`, `-ing`, and the words around them.
//! It is linear in the number of words and allocates only for the words it rewrites.

use alloc::{
    string::{String, ToString},
    vec,
    vec::Vec,
};

use crate::text::lexicon::{WordList, WordMap};

/// What a word becomes in the element list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Rewrite {
    /// Keep the word as it is.
    Keep,
    /// Replace the word by this infinitive.
    Verb(String),
    /// Replace the word by several words (a negated phrase: "will not" → "do not").
    Words(Vec<String>),
    /// Drop the word: an auxiliary whose verb phrase is represented by its main verb.
    Drop,
}

/// Decides, for each word of a sentence-annotated word list, what it becomes.
/// `words[i]` is lower-case; `clause_start[i]` says a sentence or clause begins at `i`;
/// `after_apostrophe[i]` says the word is the tail of a contraction or possessive ("re" in
/// "they're", "t" in "don't", "s" in "nation's"); `hyphenated[i]` says a hyphen joins the word
/// to the one before ("based" in "rule-based").
/// `marks[i]` tells how the word is written in the source (see [`source_marks`]); it may be
/// empty.
pub fn rewrite_verbs(
    words: &[&str],
    clause_start: &[bool],
    after_apostrophe: &[bool],
    hyphenated: &[bool],
    marks: &[SourceMarks],
) -> Vec<Rewrite> {
    let n = words.len();
    let mark = |i: usize| marks.get(i).copied().unwrap_or_default();
    // Contractions are read as the words they stand for ("don" + "t" → "do" + "not").
    let eff: Vec<&str> = (0..n)
        .map(|i| expand_contraction(words, clause_start, after_apostrophe, i).unwrap_or(words[i]))
        .collect();
    let mut out = vec![Rewrite::Keep; n];
    let mut i = 0;
    while i < n {
        let word = eff[i];
        if after_apostrophe.get(i) == Some(&true) && word == words[i] {
            i += 1;
            continue;
        }
        // The original reads a hyphenated compound ("well-known", "built-in", "AI-powered") as
        // one word that keeps its form; after the prefixes "re-" and "co-" the verb is read.
        let joined = |k: usize| hyphenated.get(k) == Some(&true);
        if (joined(i) && !matches!(eff[i - 1], "re" | "co"))
            || (joined(i + 1) && !matches!(word, "re" | "co"))
        {
            i += 1;
            continue;
        }
        // "00c74e7: Added a fix", "The parser Handles errors": the original does not end a
        // sentence at a colon, and reads a capitalised word inside a sentence as a name,
        // unless a personal pronoun stands before it ("We Added")
        let inside_sentence = i > 0 && (!clause_start[i] || mark(i).after_colon);
        if mark(i).capitalized
            && inside_sentence
            && !is_personal_pronoun(eff[i - 1])
            && auxiliary(word).is_none()
        {
            i += 1;
            continue;
        }
        // "decomposable, being architected": after an adjective the original reads "being"
        // as a noun, and the participle after it as a verb of its own
        if word == "being" && i > 0 && !clause_start[i] && is_adjective_by_suffix(eff[i - 1]) {
            i += 1;
            continue;
        }
        if let Some(aux) = auxiliary(word) {
            i = rewrite_chain(&eff, clause_start, i, aux, &mut out);
            continue;
        }
        let previous = (i > 0 && !clause_start[i]).then(|| eff[i - 1]);
        let next = (i + 1 < n && !clause_start[i + 1]).then(|| eff[i + 1]);
        // "supports streams", "sends messages": an -s form right after a verb joins its
        // phrase, which the original rewrites from its first word only
        // "it gets cleaned" stays as written for the original; "it got deleted" loses "got"
        if matches!(word, "gets" | "got") && next.is_some_and(|n| n.ends_with("ed")) {
            if word == "got" {
                out[i] = Rewrite::Drop;
            }
            i += 1;
            continue;
        }
        let after_verb = previous.is_some() && matches!(out[i - 1], Rewrite::Verb(_));
        if after_verb && word.ends_with('s') {
            i += 1;
            continue;
        }
        if let Some(lemma) = free_standing_verb(word, previous, next) {
            out[i] = Rewrite::Verb(lemma);
            // "not provided", "not having", "it never ends": a negated verb phrase without an
            // auxiliary is spelled with "do"/"does" too ("does not never end"); not after an
            // adjective ("the public never saw")
            let adjective_before =
                i > 1 && !clause_start[i - 1] && is_adjective_by_suffix(eff[i - 2]);
            if let Some(negation @ ("not" | "never")) = previous.filter(|_| !adjective_before) {
                let mut list = vec![
                    do_or_does(&eff, clause_start, i - 1, &out),
                    "not".to_string(),
                ];
                if negation == "never" {
                    list.push("never".to_string());
                }
                out[i - 1] = Rewrite::Words(list);
            }
        }
        i += 1;
    }
    keep_gerund_phrases(&eff, clause_start, hyphenated, &mut out);
    for i in 0..n {
        if eff[i] == words[i] {
            continue;
        }
        let mut list: Vec<String> = match core::mem::replace(&mut out[i], Rewrite::Keep) {
            Rewrite::Keep => vec![eff[i].to_string()],
            Rewrite::Verb(v) => vec![v],
            Rewrite::Words(list) => list,
            Rewrite::Drop => Vec::new(),
        };
        // The tail of a pronoun's contraction ("he's", "they're") stays as a word of its own,
        // as the original lists it among the noun phrases it read before rewriting verbs.
        let after_pronoun = i > 0 && is_personal_pronoun(words[i - 1]);
        if after_apostrophe.get(i) == Some(&true) && after_pronoun {
            list.insert(0, words[i].to_string());
        }
        out[i] = Rewrite::Words(list);
    }
    out
}

/// A verb followed by a gerund ("keeps working", "started running", "avoid doing") is one
/// phrase for the original, and it rewrites such a phrase as a whole from the tense it sees
/// first: a plain verb leaves the phrase unchanged, a past form is made infinitive ("start
/// running"), and a third-person form stays as it is ("keeps working") because the phrase
/// counts as a gerund phrase, whose rule has nothing to take off "keeps". The gerund itself
/// always keeps its form.
fn keep_gerund_phrases(
    words: &[&str],
    clause_start: &[bool],
    hyphenated: &[bool],
    out: &mut [Rewrite],
) {
    for i in 0..words.len().saturating_sub(1) {
        let next = words[i + 1];
        // "consider financially supporting": with an adverb between two verbs the original
        // counts the first as an auxiliary of the second and leaves it out
        let adverb_then_verb = next.len() > 4
            && is_ly_adverb(next)
            && !clause_start[i + 1]
            && words.get(i + 2).is_some_and(|w| w.ends_with("ing"))
            && clause_start.get(i + 2) == Some(&false)
            && matches!(out.get(i + 2), Some(Rewrite::Verb(_)));
        if adverb_then_verb
            && auxiliary(words[i]).is_none()
            && (matches!(out[i], Rewrite::Verb(_)) || is_plain_verb_slot(words, clause_start, i))
        {
            out[i] = Rewrite::Drop;
            continue;
        }
        let gerund = next.ends_with("ing")
            && !clause_start[i + 1]
            && hyphenated.get(i + 1) != Some(&true)
            && hyphenated.get(i + 2) != Some(&true)
            && strip_ing(next).is_some();
        if !gerund || auxiliary(words[i]).is_some() || words[i].ends_with("ing") {
            continue;
        }
        match &out[i] {
            Rewrite::Verb(lemma) => {
                if words[i].ends_with('s') && lemma != words[i] {
                    out[i] = Rewrite::Keep;
                }
            }
            // a plain verb: an imperative opening a clause ("Avoid adding …"), or one after
            // "to", "please" or a plural pronoun ("we avoid doing")
            Rewrite::Keep if is_plain_verb_slot(words, clause_start, i) => {}
            _ => continue,
        }
        out[i + 1] = Rewrite::Keep;
    }
}

/// An adjective by its ending ("decomposable", "useful", "generic").
fn is_adjective_by_suffix(word: &str) -> bool {
    ["able", "ible", "ous", "ful", "ive", "ic", "al", "less"]
        .iter()
        .any(|s| word.len() > s.len() + 2 && word.ends_with(s))
}

/// Whether the word at `i` stands where only a verb in its plain form can ("Avoid …" opening
/// a clause, "to avoid", "please avoid", "we avoid", "users keep") and looks like one (a plain
/// content word).
fn is_plain_verb_slot(words: &[&str], clause_start: &[bool], i: usize) -> bool {
    let word = words[i];
    let plain = word.len() > 2
        && word.bytes().all(|b| b.is_ascii_lowercase())
        && !word.ends_with('s')
        && !word.ends_with("ed")
        && !word.ends_with("ly")
        && !is_function_word(word)
        && !is_loose_adverb(word);
    // "I specifically remember signing": an adverb in -ly may stand between
    let k = if i > 1 && !clause_start[i] && is_ly_adverb(words[i - 1]) {
        i - 1
    } else {
        i
    };
    let slot = k == 0
        || clause_start[k]
        || matches!(words[k - 1], "to" | "please" | "we" | "they" | "i" | "you")
        || (is_plural_noun(words[k - 1]) && !is_function_word(words[k - 1]));
    plain && slot
}

/// How a word is written in the source text, which the lower-cased words no longer show.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SourceMarks {
    /// The word begins with an upper-case ASCII letter.
    pub capitalized: bool,
    /// A colon stands between the word before and this one.
    pub after_colon: bool,
}

/// Finds the `words` (lower-cased, in order) in the source text `raw` and tells, for each, how
/// it is written there. A word that is not ASCII or not found near where the previous one
/// ended gets no marks. Linear in the length of the text.
pub fn source_marks(raw: &str, words: &[&str]) -> Vec<SourceMarks> {
    // how far past the previous word the next one is looked for (punctuation, spaces)
    const WINDOW: usize = 256;
    let bytes = raw.as_bytes();
    let mut cursor = 0;
    let mut out = vec![SourceMarks::default(); words.len()];
    for (marks, word) in out.iter_mut().zip(words) {
        let w = word.as_bytes();
        let mut at = cursor;
        let end = bytes.len().min(cursor + WINDOW + w.len());
        while at + w.len() <= end && !bytes[at..at + w.len()].eq_ignore_ascii_case(w) {
            at += 1;
        }
        if w.is_empty() || at + w.len() > end {
            continue;
        }
        marks.capitalized = bytes[at].is_ascii_uppercase();
        marks.after_colon = bytes[cursor..at].contains(&b':');
        cursor = at + w.len();
    }
    out
}

/// What a piece of a contraction stands for: "don" (of "don't") → "do", "t" → "not",
/// "re" → "are", "s" after "it"/"that"/"there" → "is", "s" after "let" → "us".
fn expand_contraction(
    words: &[&str],
    clause_start: &[bool],
    after_apostrophe: &[bool],
    i: usize,
) -> Option<&'static str> {
    let word = *words.get(i)?;
    let tail_follows = |tail: &str| {
        words.get(i + 1) == Some(&tail)
            && after_apostrophe.get(i + 1) == Some(&true)
            && clause_start.get(i + 1) != Some(&true)
    };
    if after_apostrophe.get(i) != Some(&true) || i == 0 {
        if !tail_follows("t") {
            return None;
        }
        return NEGATED_AUXILIARIES.get(word);
    }
    let previous = words[i - 1];
    Some(match word {
        "t" if previous.ends_with('n') => "not",
        "s" if previous == "let" => "us",
        "s" if is_personal_pronoun(previous) || HOSTS_OF_CONTRACTED_IS.contains(previous) => "is",
        "re" => "are",
        "m" if previous == "i" => "am",
        "ve" => "have",
        "ll" => "will",
        "d" if is_personal_pronoun(previous) => "would",
        _ => return None,
    })
}

/// The auxiliary before "n't" in a contraction, as written before the apostrophe ("don" of
/// "don't" → "do"). Sorted by form.
static NEGATED_AUXILIARIES: WordMap = WordMap::new(
    "ain is\n\
     aren are\n\
     can can\n\
     couldn could\n\
     didn did\n\
     doesn does\n\
     don do\n\
     hadn had\n\
     hasn has\n\
     haven have\n\
     isn is\n\
     mightn might\n\
     mustn must\n\
     shan shall\n\
     shouldn should\n\
     wasn was\n\
     weren were\n\
     won will\n\
     wouldn would",
);

fn is_indefinite_pronoun(word: &str) -> bool {
    matches!(
        word,
        "anyone" | "anybody" | "someone" | "somebody" | "everyone" | "everybody" | "nobody"
    )
}

fn is_personal_pronoun(word: &str) -> bool {
    PERSONAL_PRONOUNS.contains(word)
}

/// Rewrites the verb phrase that starts with the auxiliary at `i`; returns where to go on.
/// "has been running" → "run"; "will not stay" → "do not stay" (a negated phrase is spelled
/// with "do"/"does", as the original's tagger does); "have to act" → "to act"; a phrase
/// without a main verb keeps its last auxiliary ("would have been here" → "be here").
fn rewrite_chain(
    words: &[&str],
    clause_start: &[bool],
    i: usize,
    aux: Aux,
    out: &mut [Rewrite],
) -> usize {
    let n = words.len();
    let within = |k: usize| k < n && !clause_start[k];
    if matches!(aux, Aux::Have | Aux::Modal)
        && within(i + 1)
        && words[i + 1] == "to"
        && words[i] != "ought"
    {
        let to_be = within(i + 2) && words[i + 2] == "be";
        out[i] = match aux {
            Aux::Have if to_be => Rewrite::Verb("have".to_string()),
            Aux::Have => Rewrite::Drop,
            _ => Rewrite::Keep,
        };
        return i + 1;
    }
    let mut j = i + 1;
    let mut has_not = false;
    let mut negated = negated_auxiliary(words[i]).is_some();
    let mut last_aux = i;
    let mut going = false;
    while within(j) {
        let word = words[j];
        if word == "no" && within(j + 1) && words[j + 1] == "longer" {
            j += 2;
            continue;
        }
        if word == "to" && words[j - 1] == "ought" {
            out[j] = Rewrite::Drop;
            j += 1;
            continue;
        }
        // "is going to suffice": "going to" works as an auxiliary before a plain verb
        let going_to = word == "going"
            && within(j + 2)
            && words[j + 1] == "to"
            && !is_function_word(words[j + 2])
            && !is_determiner_like(words[j + 2])
            && !words[j + 2].ends_with('s');
        if going_to && matches!(auxiliary(words[last_aux]), Some(Aux::Be)) {
            out[j] = Rewrite::Drop;
            out[j + 1] = Rewrite::Drop;
            going = true;
            j += 2;
            continue;
        }
        if auxiliary(word).is_some() {
            last_aux = j;
            going = false;
        } else if !is_adverb_in_chain(word) {
            break;
        }
        has_not |= word == "not";
        negated |= matches!(word, "not" | "never");
        j += 1;
    }
    let main = within(j).then(|| words[j]);
    // "there is no need", "it was no surprise": the original counts this "no" as a negation
    // of the verb ("does not be no"), but not after "are"/"were" nor in "no longer"
    negated |= j == i + 1 && main == Some("no") && matches!(words[i], "is" | "was");
    // "is subject to": the original joins "subject" to the verb and strips the "-s" of "is"
    // as if it were a third-person ending ("i subject to"); "was"/"are" become "is"
    if j == i + 1
        && main == Some("subject")
        && matches!(words[i], "is" | "was" | "are" | "were")
        && within(j + 1)
        && words[j + 1] == "to"
    {
        out[i] = Rewrite::Verb((if words[i] == "is" { "i" } else { "is" }).to_string());
        return j + 1;
    }
    // "the file is deleted.": a participle that ends the sentence right after a noun and "is"
    // is read as an adjective ("be deleted"); after a pronoun it stays a verb ("it delete")
    let noun_before = i > 0 && !clause_start[i] && !is_function_word(words[i - 1]);
    if words[i] == "is"
        && j == i + 1
        && !within(j + 1)
        && noun_before
        && main.is_some_and(|m| m.ends_with("ed") || irregular_past(m).is_some())
    {
        out[i] = Rewrite::Verb("be".to_string());
        return j + 1;
    }
    // "it is put together", "files are read": a form of "be" right before a participle
    // spelled like its infinitive is left as written, auxiliary and all
    if matches!(words[i], "is" | "are" | "was" | "were")
        && j == i + 1
        && main.is_some_and(|m| SAME_FORM_PARTICIPLES.contains(m))
    {
        return j + 1;
    }
    // "it should not be used", "it is not known": a negated passive whose participle the
    // original reads as an adjective becomes "does be not (should) used"
    let passive_adjective = (has_not || negated_auxiliary(words[i]).is_some())
        && (i..j).any(|k| auxiliary(words[k]) == Some(Aux::Be))
        && (i..j).all(|k| !matches!(auxiliary(words[k]), Some(Aux::Have | Aux::Do)))
        && main.is_some_and(|m| is_adjectival_participle(m) && (m.ends_with("ed") || m == "known"))
        && !(within(j + 1) && words[j + 1] == "by");
    if passive_adjective {
        let mut list = vec![
            do_or_does(words, clause_start, i, out),
            "be".to_string(),
            "not".to_string(),
        ];
        if auxiliary(words[i]) == Some(Aux::Modal) {
            list.push(negated_auxiliary(words[i]).unwrap_or(words[i]).to_string());
        }
        for k in i..j {
            if auxiliary(words[k]).is_some() {
                out[k] = Rewrite::Drop;
            }
        }
        out[i] = Rewrite::Words(list);
        return j + 1;
    }
    let kind = if going {
        Aux::Modal
    } else {
        auxiliary(words[last_aux]).unwrap_or(aux)
    };
    let lemma = main.and_then(|m| match kind {
        // "Does anyone know?", "Can someone help?": a question puts the subject between the
        // auxiliary and the verb, and the original keeps the auxiliary as a verb of its own
        Aux::Modal | Aux::Do if is_indefinite_pronoun(m) => None,
        Aux::Modal | Aux::Do => base_of_any(m).or_else(|| {
            (!is_function_word(m) && !is_loose_adverb(m) && m.is_ascii()).then(|| m.to_string())
        }),
        Aux::Be | Aux::Have => {
            let next = within(j + 1).then(|| words[j + 1]);
            participle_in_chain(words[i], words[j - 1], m, next)
        }
    });
    let do_form = do_or_does(words, clause_start, i, out);
    let negation = |root_words: Vec<String>| {
        let mut list = vec![do_form.clone()];
        if !has_not {
            list.push("not".to_string());
        }
        list.extend(root_words);
        list
    };
    for k in i..j {
        if auxiliary(words[k]).is_some() {
            out[k] = Rewrite::Drop;
        }
    }

    // "such papers as may be necessary": the original keeps this "may" as a word of its own
    if words[i] == "may" && i > 0 && !clause_start[i] && words[i - 1] == "as" {
        out[i] = Rewrite::Keep;
    }
    let next = match lemma {
        Some(lemma) => {
            out[j] = Rewrite::Verb(lemma);
            j + 1
        }
        None => {
            out[last_aux] = Rewrite::Verb(match auxiliary(words[last_aux]) {
                Some(Aux::Modal) => negated_auxiliary(words[last_aux])
                    .unwrap_or(words[last_aux])
                    .to_string(),
                _ => auxiliary_infinitive(words[last_aux]).to_string(),
            });
            // a participle read as an adjective ("be improved") stays as it is
            let participle = main.is_some_and(|m| {
                m.ends_with("ed")
                    || m.ends_with("ing")
                    || irregular_past(m).is_some()
                    || m == "known"
            });
            if participle {
                j + 1
            } else {
                j
            }
        }
    };
    if negated {
        out[i] = match core::mem::replace(&mut out[i], Rewrite::Drop) {
            Rewrite::Verb(root) => Rewrite::Words(negation(vec![root])),
            _ => Rewrite::Words(negation(Vec::new())),
        };
    }
    next
}

/// "do" or "does" for a negated phrase, from the subject before the auxiliary at `i`.
/// Words already read as verbs (a previous phrase of a coordination) are skipped.
fn do_or_does(words: &[&str], clause_start: &[bool], i: usize, out: &[Rewrite]) -> String {
    let form = |plural: bool| (if plural { "do" } else { "does" }).to_string();
    // "Don't set it", "please do not pass": an imperative "do" with no subject before it is
    // spelled "does" by the original
    let opens_clause = |k: usize| k == 0 || clause_start[k];
    if matches!(words.get(i), Some(&("do" | "dont")))
        && (opens_clause(i) || (words[i - 1] == "please" && opens_clause(i - 1)))
    {
        return form(false);
    }
    // The subject decides, not the auxiliary: "you do not" is "you does not" for the
    // original. A relative clause ("charges, which can not be ...") is read without its
    // antecedent; its own auxiliary may still show a plural ("which have not").
    if i > 0 && !clause_start[i] && matches!(words[i - 1], "which" | "who" | "that") {
        return form(matches!(words[i], "have" | "are" | "were" | "do" | "dont"));
    }
    let mut k = i;
    let mut steps = 0;
    while k > 0 && !clause_start[k] && steps < 12 {
        k -= 1;
        steps += 1;
        let word = words[k];
        match word {
            "i" | "we" | "they" | "these" | "those" => return form(true),
            "you" | "he" | "she" | "it" | "this" | "that" | "one" => return form(false),
            _ => {}
        }
        let rewritten = !matches!(out.get(k), Some(Rewrite::Keep) | None);
        if rewritten
            || is_function_word(word)
            || is_loose_adverb(word)
            || word == "ago"
            || is_adjective_by_suffix(word)
        {
            continue;
        }
        return form(is_plural_noun(word));
    }
    form(false)
}

/// A plural noun: the regular `-s` plural, or one of the common irregular plurals.
fn is_plural_noun(word: &str) -> bool {
    // a short word in -s is a name or an abbreviation ("qs", "js", "lws") more often
    IRREGULAR_PLURALS.contains(word)
        || (word.len() > 3
            && word.ends_with('s')
            && !word.ends_with("ss")
            && !word.ends_with("us")
            && !word.ends_with("is"))
}

/// Adverbs that can stand between an auxiliary and its verb but end the phrase in the
/// original's chunking ("we should now act" keeps "should").
fn is_loose_adverb(word: &str) -> bool {
    is_adverb_in_chain(word) || LOOSE_ADVERBS.contains(word)
}

fn is_plural_subject(word: &str) -> bool {
    PLURAL_SUBJECTS.contains(word)
        || (word.ends_with('s')
            && !word.ends_with("ss")
            && !word.ends_with("us")
            && !word.ends_with("is"))
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Aux {
    Be,
    Have,
    Do,
    Modal,
}

fn auxiliary(word: &str) -> Option<Aux> {
    Some(match word {
        "am" | "is" | "are" | "was" | "were" | "be" | "been" | "being" => Aux::Be,
        "have" | "has" | "had" | "having" => Aux::Have,
        "do" | "does" | "did" | "dont" => Aux::Do,
        "will" | "would" | "shall" | "should" | "can" | "could" | "may" | "might" | "must"
        | "cannot" | "cant" | "wont" | "ought" => Aux::Modal,
        _ => return None,
    })
}

/// An auxiliary written together with its negation ("cannot", and "dont", "cant", "wont" typed
/// without the apostrophe): the auxiliary it negates.
fn negated_auxiliary(word: &str) -> Option<&'static str> {
    Some(match word {
        "cannot" | "cant" => "can",
        "wont" => "will",
        "dont" => "do",
        _ => return None,
    })
}

fn auxiliary_infinitive(word: &str) -> &'static str {
    match auxiliary(word) {
        Some(Aux::Be) => "be",
        Some(Aux::Have) => "have",
        Some(Aux::Do) => "do",
        _ => "",
    }
}

/// An adverb in "-ly" ("greatly"), not a verb or noun that merely ends so ("apply", "family").
fn is_ly_adverb(word: &str) -> bool {
    word.len() > 4
        && word.ends_with("ly")
        && !word.ends_with("ply")
        && !LY_NOT_ADVERBS.contains(word)
}

fn is_adverb_in_chain(word: &str) -> bool {
    is_ly_adverb(word) || CHAIN_ADVERBS.contains(word)
}

/// Function words: determiners, pronouns, prepositions, conjunctions and the like.
fn is_function_word(word: &str) -> bool {
    crate::text::stopwords::is_english_function_word(word)
}

fn is_determiner_like(word: &str) -> bool {
    is_possessive_or_determiner(word) || DETERMINER_LIKE.contains(word)
}

/// Quantifiers, adjectives and prepositions that, like a determiner, make the next word a noun.
/// Sorted.
static DETERMINER_LIKE: WordList = WordList::new(
    "about across after against all among another at before between by during few first for \
     from in into last least less many more most much new of on onto other over own several \
     such through toward towards under upon very well with within without",
);

fn is_subject_pronoun(word: &str) -> bool {
    SUBJECT_PRONOUNS.contains(word)
}

/// A verb in `-s`, `-ed`, `-ing` or an irregular past form that is not part of an auxiliary
/// chain: decide from its neighbours whether it acts as a verb, and if so return its infinitive.
fn free_standing_verb(word: &str, previous: Option<&str>, next: Option<&str>) -> Option<String> {
    // "This fixes the issue", "that changes everything": after a singular "this" or "that" a
    // form in -s can only be a verb
    if matches!(previous, Some("this" | "that")) && word.ends_with('s') && !is_function_word(word) {
        if let Some(base) = strip_s(word) {
            return Some(base);
        }
    }
    match learned(word) {
        Some(Learned::Keep) => return None,
        Some(Learned::Verb(lemma)) => return Some(lemma),
        _ => {}
    }
    let after_determiner = previous.is_some_and(is_determiner_like);
    if let Some(base) = irregular_past(word) {
        if after_determiner
            || (is_adjectival_participle(word) && !participle_reads_as_verb(previous, next))
        {
            return None;
        }
        return Some(base);
    }
    if word.ends_with("ing") {
        let base = strip_ing(word)?;
        return gerund_reads_as_verb(word, previous, next).then_some(base);
    }
    if word.ends_with("ed") {
        // "get started", "get connected": an adjective after "get"; a participle with the
        // prefix "un" ("unsupervised") is an adjective unless the table says otherwise
        let adjective_slot = previous.is_some_and(|p| matches!(p, "get" | "gets" | "getting"))
            || (word.starts_with("un") && word.len() > 6);
        if adjective_slot
            || (is_adjectival_participle(word) && !participle_reads_as_verb(previous, next))
        {
            return None;
        }
        return strip_ed(word);
    }
    if word.ends_with('s') {
        let base = strip_s(word)?;
        if is_function_word(word) {
            return None;
        }
        // "means", "remains", "seems": verbs that are hardly ever nouns
        let determiner_before = previous.is_some_and(|p| {
            is_possessive_or_determiner(p) && !matches!(p, "this" | "that" | "these" | "those")
                || matches!(p, "such" | "other" | "all" | "any")
        });
        // "which features", "that works", "who runs": after a relative pronoun the form is a
        // verb, whatever its stem
        if VERB_ONLY_BASES.contains(&base) && !determiner_before
            || matches!(previous, Some("which" | "that" | "who"))
        {
            return Some(base);
        }
        // a noun before the form is its subject; after a modifier ("missing types in the
        // client") the form is a plural noun
        let content_subject = previous
            .is_some_and(|p| !is_function_word(p) && !is_plural_subject(p) && looks_like_noun(p));
        // "this paper presents a method": between a noun and an article even a noun-like verb
        // ("present", "comment") is a verb
        let article_follows = matches!(next, Some("a" | "an" | "the"));
        if after_determiner || (is_noun_only(&base) && !(content_subject && article_follows)) {
            return None;
        }
        let subject = previous.is_some_and(|p| {
            is_subject_pronoun(p) && p != "i" && p != "you" && p != "we" && p != "they"
        });
        let object_follows = next.is_some_and(|n| is_determiner_like(n) || is_object_start(n));
        // "properly handles", "now returns": after an adverb in -ly or a frequent one the
        // form is a verb, unless an auxiliary follows ("Alternatively, encodings can be …")
        let adverb_before = previous.is_some_and(|p| {
            is_ly_adverb(p)
                || matches!(
                    p,
                    "now" | "also" | "always" | "often" | "just" | "only" | "never"
                )
        }) && !next.is_some_and(|n| auxiliary(n).is_some());
        // "takes a string and returns an array": after "and"/"or" and before an article the
        // form is the second verb of a coordination
        let coordinated = matches!(previous, Some("and" | "or"))
            && next.is_some_and(|n| is_possessive_or_determiner(n) && n != "that");
        if subject || adverb_before || coordinated || (content_subject && object_follows) {
            return Some(base);
        }
    }
    None
}

/// How the original treats a frequent word form outside an auxiliary phrase, from
/// `src/verb_forms.txt` (generated by `scripts/gen-verb-forms.mjs` from the original's output on
/// the development part of the parity corpus).
enum Learned {
    /// Never a verb on its own ("computing", "based").
    Keep,
    /// Always a verb on its own, with this infinitive ("presents" → "present").
    Verb(String),
    /// A verb only where the rules say so, but with this infinitive ("leveraging" → "leverage").
    Lemma(String),
}

/// The table's lines are `form code`: `k`, `v<n><tail>` or `<n><tail>`, where the infinitive
/// drops the form's last n letters and adds `<tail>`. Sorted by form.
static VERB_FORMS: WordMap = WordMap::new(include_str!("verb_forms.txt"));

fn learned(word: &str) -> Option<Learned> {
    let code = VERB_FORMS.get(word)?;
    if code == "k" {
        return Some(Learned::Keep);
    }
    let (verb, edit) = match code.strip_prefix('v') {
        Some(rest) => (true, rest),
        None => (false, code),
    };
    let lemma = apply_edit(word, edit)?;
    Some(if verb {
        Learned::Verb(lemma)
    } else {
        Learned::Lemma(lemma)
    })
}

/// Applies an edit code `<n><tail>` to `word`: drops its last n letters and adds `<tail>`.
fn apply_edit(word: &str, edit: &str) -> Option<String> {
    let digits = edit.bytes().take_while(u8::is_ascii_digit).count();
    // Digits read by hand, and `get` for the slices: `str::parse`, `format!` and indexing
    // would bring core's formatting and slice-error code into the module (4 KB gzip).
    let dropped = edit.bytes().take(digits).try_fold(0usize, |n, b| {
        n.checked_mul(10)?.checked_add(usize::from(b - b'0'))
    })?;
    let stem = word.get(..word.len().checked_sub(dropped)?)?;
    Some([stem, edit.get(digits..)?].concat())
}

/// The infinitive the table gives for a verb form, whatever its code.
fn learned_lemma(word: &str) -> Option<String> {
    match learned(word)? {
        Learned::Verb(lemma) | Learned::Lemma(lemma) => Some(lemma),
        Learned::Keep => None,
    }
}

/// Verbs whose third-person form is (almost) never a plural noun. Sorted.
static VERB_ONLY_BASES: WordList = WordList::new(
    "affect allow appear apply assume become believe belong bring come consider constitute \
     contain continue depend deserve enable ensure exist expect find follow give go happen imply \
     include indicate involve know lie mean occur owe permit possess prevent produce prove \
     provide receive recognize refuse remain represent require say seek seem suggest take tell \
     tend thank think understand",
);

/// Nouns that are not verbs: by their ending ("citizen" is not, but "-tion", "-ment",
/// "-ity" … are) or common ones that the context rules would otherwise misread.
fn is_noun_only(base: &str) -> bool {
    const SUFFIXES: &str = "tion sion ment ity ness ance ence ship ism ist ian ure cy ty ry gy \
                            th ee eer ar or ic al ant ent ive age ide ine ile";
    COMMON_NOUNS.contains(base)
        || SUFFIXES
            .split(' ')
            .any(|s| base.ends_with(s) && base.len() > s.len() + 2)
        || base.ends_with("man")
}

/// Common nouns that the context rules would otherwise read as verbs. Sorted.
static COMMON_NOUNS: WordList = WordList::new(
    "citizen day dollar effort government job law lot month nation official people question right \
     state way weapon week year",
);

fn is_object_start(word: &str) -> bool {
    OBJECT_STARTS.contains(word) || word.chars().all(|c| c.is_ascii_digit())
}

/// The infinitive of any verb form (used right after a modal or `to`).
fn base_of_any(word: &str) -> Option<String> {
    if let Some(base) = irregular_past(word) {
        return Some(base);
    }
    if let Some(aux) = auxiliary(word) {
        return (aux != Aux::Modal).then(|| auxiliary_infinitive(word).to_string());
    }
    None
}

/// The main verb after a form of "be"/"have" (`first` starts the phrase, `previous` is the
/// word right before the participle): gerunds always count; "done" and adjectival participles
/// without a verb clue stay adjectives ("it was improved" → "be improved"); a phrase opened
/// by a bare "be" keeps its participle ("to be made" → "be made"); "known" is a verb that
/// keeps its form; "borne" is always an adjective, like "done".
fn participle_in_chain(
    first: &str,
    previous: &str,
    word: &str,
    next: Option<&str>,
) -> Option<String> {
    if word.ends_with("ing") {
        // "is growing": an adjectival gerund right after "is"/"was" stays an adjective
        if ADJECTIVAL_GERUNDS.contains(word)
            && matches!(previous, "is" | "was")
            && !next.is_some_and(|n| VERB_CLUES_AFTER_GERUND.contains(n))
        {
            return None;
        }
        return strip_ing(word);
    }
    if matches!(word, "done" | "borne") || first == "be" {
        return None;
    }
    if is_adjectival_participle(word) {
        if !participle_reads_as_verb(Some(previous), next) {
            return None;
        }
        if word == "known" {
            return Some(word.to_string());
        }
    }
    past_participle_or_gerund(word)
}

/// The infinitive of a past participle or present participle (after a form of "be"/"have").
fn past_participle_or_gerund(word: &str) -> Option<String> {
    if let Some(base) = irregular_past(word) {
        return Some(base);
    }
    if word.ends_with("ing") {
        return strip_ing(word);
    }
    if word.ends_with("ed") {
        return strip_ed(word);
    }
    None
}

fn has_vowel(s: &str) -> bool {
    s.chars()
        .any(|c| matches!(c, 'a' | 'e' | 'i' | 'o' | 'u' | 'y'))
}

fn is_vowel(c: char) -> bool {
    matches!(c, 'a' | 'e' | 'i' | 'o' | 'u')
}

/// The infinitive of an `-ing` form, or `None` when the word is not one ("thing", "during").
fn strip_ing(word: &str) -> Option<String> {
    if let Some(lemma) = learned_lemma(word) {
        return Some(lemma);
    }
    if NOT_ING_FORMS.contains(word) {
        return None;
    }
    let stem = word.strip_suffix("ing")?;
    if stem.len() < 2 || !has_vowel(stem) || !stem.is_ascii() {
        return None;
    }
    if let Some(s) = stem.strip_suffix('y') {
        if stem.len() == 2 {
            // dying, lying, tying
            return Some([s, "ie"].concat());
        }
    }
    Some(restore_stem(stem))
}

/// The infinitive of an `-ed` form, or `None` when the word is not one ("bed", "hundred").
fn strip_ed(word: &str) -> Option<String> {
    if let Some(lemma) = learned_lemma(word) {
        return Some(lemma);
    }
    if NOT_ED_FORMS.contains(word) || !word.is_ascii() {
        return None;
    }
    if let Some(stem) = word.strip_suffix("ied") {
        return (stem.len() >= 2).then(|| [stem, "y"].concat());
    }
    if word.ends_with("eed") {
        let stem = word.get(..word.len() - 1)?;
        return (stem.len() >= 4).then(|| stem.to_string());
    }
    let stem = word.strip_suffix("ed")?;
    if stem.len() < 2 || !has_vowel(stem) {
        return None;
    }
    if stem.ends_with('e') {
        // "freed" is handled above; "e" + "ed" means the stem kept its e (canoed)
        return Some(stem.to_string());
    }
    Some(restore_stem(stem))
}

/// The infinitive of a third-person `-s` form, or `None` for words that only look like one.
fn strip_s(word: &str) -> Option<String> {
    if let Some(lemma) = learned_lemma(word) {
        return Some(lemma);
    }
    if word.len() < 4 || !word.is_ascii() || NOT_S_FORMS.contains(word) {
        return None;
    }
    if word.ends_with("ss") || word.ends_with("us") || word.ends_with("is") || word.ends_with("ics")
    {
        return None;
    }
    if let Some(stem) = word.strip_suffix("ies") {
        return Some(if stem.len() <= 1 {
            [stem, "ie"].concat()
        } else {
            [stem, "y"].concat()
        });
    }
    if let Some(stem) = word.strip_suffix("es") {
        if stem.ends_with("ss")
            || stem.ends_with('x')
            || stem.ends_with("ch")
            || stem.ends_with("sh")
            || stem.ends_with("zz")
            || (stem.ends_with('o') && stem.len() >= 2)
            || stem == "focus"
        {
            return Some(stem.to_string());
        }
    }
    word.get(..word.len() - 1).map(str::to_string)
}

/// Puts back what `-ed`/`-ing` took away: a doubled consonant is undoubled ("stopp" → "stop"),
/// and a silent final e is restored where English spelling shows it was there ("creat" →
/// "create", "mak" → "make", "us" → "use").
fn restore_stem(stem: &str) -> String {
    let bytes = stem.as_bytes();
    let n = bytes.len();
    let last = bytes[n - 1] as char;
    let before = bytes[n - 2] as char;
    if last == before
        && matches!(last, 'b' | 'd' | 'g' | 'm' | 'n' | 'p' | 'r' | 't')
        && stem != "add"
        && stem != "odd"
    {
        return stem.get(..n - 1).unwrap_or(stem).to_string();
    }
    // "controll" → "control", "compell" → "compel", "fulfill" → "fulfil"; not "install", "spell"
    if stem.ends_with("ll") && n >= 4 {
        let vowel = bytes[n - 3] as char;
        let chars: Vec<char> = stem.chars().collect();
        if matches!(vowel, 'e' | 'i' | 'o' | 'u') && count_vowel_groups(&chars) >= 2 {
            return stem.get(..n - 1).unwrap_or(stem).to_string();
        }
    }
    if stem == "ow" {
        return "owe".to_string();
    }
    if needs_final_e(stem) {
        return [stem, "e"].concat();
    }
    stem.to_string()
}

fn needs_final_e(stem: &str) -> bool {
    // "unchang" is "un" + "chang": a prefix does not change the spelling of the rest
    let listed = |list: &WordList| {
        list.contains(stem)
            || ["un", "re", "pre", "over", "under", "mis", "dis", "out"]
                .iter()
                .any(|p| {
                    stem.strip_prefix(p)
                        .is_some_and(|r| r.len() > 2 && list.contains(r))
                })
    };
    if listed(&E_LIST) {
        return true;
    }
    if listed(&NO_E_LIST) {
        return false;
    }
    let chars: Vec<char> = stem.chars().collect();
    let n = chars.len();
    let last = chars[n - 1];
    let before = chars[n - 2];
    let vowel_groups = count_vowel_groups(&chars);
    if stem.ends_with("at") {
        // "repeat", "defeat", "float" keep no e; "create", "evaluate" take one
        return (!stem.ends_with("eat") || stem.ends_with("creat")) && !stem.ends_with("oat");
    }
    if (stem.ends_with("eg") || stem.ends_with("ag")) && vowel_groups >= 2 {
        return true; // allege, leverage, average
    }
    if stem.ends_with("yp") {
        return true; // type
    }
    match last {
        'v' | 'c' | 'z' | 'u' => return true,
        's' => return before != 's' && !stem.ends_with("bias"),
        'g' => return matches!(before, 'd' | 'r' | 'l'),
        'l' => {
            return matches!(before, 'b' | 'c' | 'd' | 'f' | 'g' | 'k' | 'p' | 't' | 'z')
                || (before == 'u' || before == 'i' || vowel_groups == 1)
                    && single_vowel_before_last(&chars)
        }
        _ => {}
    }
    // consonant-vowel-consonant ending with a single vowel
    if !single_vowel_before_last(&chars) || is_vowel(last) || matches!(last, 'w' | 'x' | 'y') {
        return false;
    }
    if vowel_groups == 1 {
        return true;
    }
    let tail: String = chars[n - 2..].iter().collect();
    SILENT_E_TAILS.contains(tail.as_str()) && !(tail == "ar" && before_vowel_is(&chars, 'e'))
}

fn before_vowel_is(chars: &[char], vowel: char) -> bool {
    chars.len() >= 3 && chars[chars.len() - 3] == vowel
}

fn single_vowel_before_last(chars: &[char]) -> bool {
    let n = chars.len();
    if n < 2 || !is_vowel(chars[n - 2]) {
        return false;
    }
    let vowel_at =
        |k: usize| is_vowel(chars[k]) && !(chars[k] == 'u' && k > 0 && chars[k - 1] == 'q');
    n == 2 || !vowel_at(n - 3)
}

fn count_vowel_groups(chars: &[char]) -> usize {
    let mut groups = 0;
    let mut in_group = false;
    for (i, &c) in chars.iter().enumerate() {
        let vowel = is_vowel(c) || (c == 'y' && i > 0);
        let vowel = vowel && !(c == 'u' && i > 0 && chars[i - 1] == 'q');
        if vowel && !in_group {
            groups += 1;
        }
        in_group = vowel;
    }
    groups
}

/// Irregular past tenses and participles, with their infinitive.
fn irregular_past(word: &str) -> Option<String> {
    apply_edit(word, IRREGULAR.get(word)?)
}

/// Whether an `-ing` word outside an auxiliary phrase acts as a verb. After a preposition or
/// "to" it does ("by making", "to providing"); after an article it is a noun ("the making of").
/// Gerunds that are common nouns ("training", "spending") stay nouns unless an object or a
/// subject pronoun shows a verb; adjectival ones ("growing", "existing") stay adjectives
/// before a noun unless an adverb, preposition or conjunction comes before them.
fn gerund_reads_as_verb(word: &str, previous: Option<&str>, next: Option<&str>) -> bool {
    let object_follows = next.is_some_and(|n| GERUND_OBJECTS.contains(n));
    let article_before = previous.is_some_and(|p| matches!(p, "the" | "a" | "an"));
    if NOUN_GERUNDS.contains(word) {
        let verb_before = previous.is_some_and(|p| VERB_CLUES_BEFORE_GERUND.contains(p));
        return !article_before && (object_follows || verb_before);
    }
    if ADJECTIVAL_GERUNDS.contains(word) {
        if object_follows || next == Some("to") || next == Some("not") {
            return true;
        }
        return previous.is_some_and(|p| {
            is_ly_adverb(p)
                || (is_function_word(p)
                    && !is_possessive_or_determiner(p)
                    && p != "of"
                    && p != "with")
        });
    }
    !article_before
        && !previous.is_some_and(|p| {
            is_possessive_or_determiner(p)
                && next.is_some_and(|n| n == "of" || !is_function_word(n))
        })
}

/// `-ing` words that are everyday nouns ("job training", "public spending"). Sorted.
static NOUN_GERUNDS: WordList = WordList::new(
    "accounting banking beginning bombing borrowing ending engineering farming financing funding \
     gathering hearing heating landing learning lending lighting living manufacturing marketing \
     meeting mining offering opening painting planning printing processing reading ruling saving \
     shipping spending suffering teaching testing thinking timing trading training understanding \
     voting warning wedding working writing",
);

/// `-ing` words that are everyday adjectives ("a growing need", "the existing law"). Sorted.
static ADJECTIVAL_GERUNDS: WordList = WordList::new(
    "alarming amazing becoming changing coming continuing crushing cutting declining developing \
     disappointing encouraging existing following growing increasing interesting leading missing \
     outstanding pending pressing prevailing promising remaining rising striking surprising \
     threatening underlying willing",
);

/// Past participles that English uses just as often as adjectives ("an armed force", "the
/// proposed plan", "it was improved"). The original reads them as adjectives unless the words
/// around them show a verb (see [`participle_reads_as_verb`]). Sorted for binary search.
static ADJECTIVAL_PARTICIPLES: WordList = WordList::new(
    "abandoned absorbed accepted accomplished accustomed acknowledged adjusted adopted advanced \
     affected alarmed alleged altered amazed amused animated annoyed anticipated applied \
     appointed appreciated armed arranged ashamed assembled assigned associated assumed assured \
     attached augmented authorized awarded balanced based blessed bored bound broken burned \
     calculated celebrated centralized certified charged classified closed clothed colored \
     combined committed complicated concentrated concerned confined confused connected \
     considered consolidated contented controlled convinced covered crowded cultivated damaged \
     dated deceased dedicated deferred defined delayed delighted depressed deprived detailed \
     determined developed devoted dignified diminished directed disabled disappointed \
     discharged disciplined disclosed discouraged discovered disgusted disinterested distressed \
     disturbed divided educated elevated embarrassed enclosed encouraged endangered engaged \
     enhanced enlarged enlightened equipped escaped established exaggerated excited exhausted \
     expanded expected experienced exposed extended failed feared finished fitted fixed focused \
     framed frightened frozen gifted gratified guaranteed guarded guided hurried implied \
     imported improved inclined increased indebted informed injured inspired integrated \
     intended interested invited involved isolated joined judged justified known left licensed \
     limited linked listed loaded locked lost managed manufactured marked measured mixed \
     modified mounted needed neglected noted numbered obliged observed occupied opposed \
     oppressed organized overlooked overwhelmed packed paralyzed parsed perfected picked \
     planned pleased pointed preferred prepared pressed printed privileged processed produced \
     prolonged promised pronounced proposed protected proved qualified quoted ratified received \
     recommended recorded recovered reduced refined registered regulated rejected related \
     relaxed released removed renewed reorganized repeated replaced requested required reserved \
     respected restored restricted retarded retired returned satisfied scattered scheduled \
     seated secured selected settled shared shocked simplified skilled smoked sophisticated \
     specialized specified stated strained strengthened stressed stripped structured suggested \
     surprised suspected suspended sustained sylpheed talented targeted threatened tired \
     touched trained trapped troubled turned unadjusted unauthorized unbiased unchecked \
     undefined undisturbed unemployed unexpected unfinished unified uninterrupted unlimited \
     unparalleled unprecedented unrelated unrestricted unsettled unused unwarranted updated \
     used varied verified watched weakened worn worried wounded",
);

/// Whether `word` is one of [`ADJECTIVAL_PARTICIPLES`], also behind a prefix ("reorganized").
fn is_adjectival_participle(word: &str) -> bool {
    let known = |w: &str| ADJECTIVAL_PARTICIPLES.contains(w);
    known(word)
        || ["re", "un", "dis", "over", "under", "mis"]
            .iter()
            .any(|prefix| {
                word.strip_prefix(prefix)
                    .is_some_and(|rest| rest.len() > 3 && known(rest))
            })
}

/// Participles that the original leaves as written, with the "be" before them ("is put",
/// "was born"). Sorted.
static SAME_FORM_PARTICIPLES: WordList =
    WordList::new("become born burst cast come cost cut hit hurt let put quit read split spread");

/// For an adjectival participle: do its neighbours make it a verb? The word after it is
/// looked at first ("adopted by", "settled the"), then the word before it ("had", "been",
/// a pronoun or an adverb in -ly make a verb; "the", "our", "more", "very" an adjective).
/// With no clue it stays an adjective.
fn participle_reads_as_verb(previous: Option<&str>, next: Option<&str>) -> bool {
    if let Some(next) = next {
        if next == "about" {
            return false;
        }
        if VERB_CLUES_AFTER_PARTICIPLE.contains(next) {
            return true;
        }
    }
    if let Some(previous) = previous {
        if VERB_CLUES_BEFORE_PARTICIPLE.contains(previous) {
            return true;
        }
        if ADJECTIVE_CLUES_BEFORE_PARTICIPLE.contains(previous) {
            return false;
        }
        if is_ly_adverb(previous) || is_adverb_in_chain(previous) {
            return true;
        }
        if is_possessive_or_determiner(previous) {
            return false;
        }
        if !is_function_word(previous) && looks_like_noun(previous) {
            return true;
        }
    }
    next.is_some_and(|n| is_ly_adverb(n) || OBJECT_DETERMINERS.contains(n))
}

fn is_possessive_or_determiner(word: &str) -> bool {
    POSSESSIVES_AND_DETERMINERS.contains(word)
}

/// A rough guess that a content word is a noun: not an adverb, participle or typical adjective.
fn looks_like_noun(word: &str) -> bool {
    !(is_ly_adverb(word)
        || word.ends_with("ed")
        || word.ends_with("ing")
        || word.ends_with("al")
        || word.ends_with("ive")
        || word.ends_with("ous")
        || word.ends_with("ful")
        || word.ends_with("ic")
        || word.ends_with("able")
        || word.ends_with("ible")
        || word.ends_with("ary")
        || word.ends_with("ent")
        || word.ends_with("ant")
        || word.chars().all(|c| c.is_ascii_digit())
        || NOT_NOUNS.contains(word))
}

/// Words that end in "ing" without being an `-ing` form.
static NOT_ING_FORMS: WordList = WordList::new(
    "anything awning beijing bring ceiling cling darling during evening everything fling herring \
     inkling king lightning morning nothing notwithstanding ping pricing pudding ring shilling \
     sibling sing sling something spring sting string swing thing viking wing wring wyoming",
);

/// Words that end in "ed" without being an `-ed` form.
static NOT_ED_FORMS: WordList = WordList::new(
    "aged ahmed bed beloved bleed bred breed creed crooked deed dogged ed embed exceed fed feed \
     fred greed hatred heed hundred indeed jagged kindred learned led mohammed naked ned need \
     proceed ragged red reed rugged sacred seed shed shred sled sped speed steed succeed ted \
     tweed united wed weed wicked wretched",
);

/// Words that end in "s" without being a third-person verb form.
static NOT_S_FORMS: WordList = WordList::new(
    "afterwards always americans besides economics forces lens nations news ones others \
     people perhaps politics series sometimes species states times towards whereas years \
     yes",
);

/// Stems that take a final e although the spelling rules above say otherwise.
static E_LIST: WordList = WordList::new(
    "adher ador arrang aveng bath binge breath cach challeng chang charg coher compet complet conced \
     condon cring damag delet deplet deplor describ devot emerg encourag engag envisag escap \
     exchang excit explor expung forg fring gaug gorg hing ignit ignor imag impinge implor \
     infring inscrib interfer invit loath lung manag merg not oblig pag past persever plung \
     postpon preced precede prescrib promot purg quot rag recit reshap restor reveng rout schedul \
     scor sing sooth stag stor subscrib supersed tast ting twing unit urg vot wag wast writ",
);

/// Stems that keep no final e although the spelling rules above would add one.
static NO_E_LIST: WordList = WordList::new(
    "abandon alter anchor answer appeal armor audit author benefit bother budget cancel censor \
     channel color combat conquer consider cover credit deal deliver deposit develop differ \
     discover doctor edit empower enter envelop equal exhibit exit favor feel filter flower focus \
     fuel function gallop gather gossip happen harbor heal honor inherit inhibit interpret kneel \
     label labor level limit listen lower market marvel mention mentor merit model monitor murder \
     offer open pardon poison position power profit prohibit question reason remember render \
     reveal rival seal shelter shovel signal sponsor strengthen suffer summit summon tailor \
     target threaten total tower travel tutor visit weather wonder worship",
);

/// Irregular past tenses and past participles, sorted by form for binary search, each with
/// the edit that makes its infinitive (as in `src/verb_forms.txt`: drop n letters, add the
/// rest; "went 4go", "made 1ke").
static IRREGULAR: WordMap = WordMap::new(
    "arisen 1\n\
     arose 3ise\n\
     ate 3eat\n\
     awoke 3ake\n\
     awoken 4ake\n\
     bade 3id\n\
     beat 0\n\
     beaten 2\n\
     became 3ome\n\
     become 0\n\
     befell 3all\n\
     began 2in\n\
     begun 2in\n\
     bent 1d\n\
     besought 5eech\n\
     bet 0\n\
     bitten 3e\n\
     bled 1ed\n\
     blew 2ow\n\
     blown 1\n\
     borne 4ear\n\
     bought 5uy\n\
     bound 4ind\n\
     bred 1ed\n\
     broadcast 0\n\
     broke 3eak\n\
     broken 4eak\n\
     brought 5ing\n\
     built 1d\n\
     burnt 1\n\
     burst 0\n\
     came 3ome\n\
     cast 0\n\
     caught 4tch\n\
     chose 2ose\n\
     chosen 3ose\n\
     clung 3ing\n\
     come 0\n\
     cost 0\n\
     crept 2ep\n\
     cut 0\n\
     dealt 1\n\
     drank 3ink\n\
     drawn 1\n\
     drew 2aw\n\
     driven 1\n\
     drove 3ive\n\
     drunk 3ink\n\
     dug 2ig\n\
     dwelt 1l\n\
     eaten 2\n\
     fallen 2\n\
     fed 1ed\n\
     fell 3all\n\
     felt 2el\n\
     fled 1e\n\
     flew 2y\n\
     flown 3y\n\
     forbade 3id\n\
     forbidden 3\n\
     forecast 0\n\
     foresaw 2ee\n\
     foreseen 1\n\
     forgave 3ive\n\
     forgiven 1\n\
     forgot 2et\n\
     forgotten 5et\n\
     forsaken 1\n\
     fought 5ight\n\
     found 4ind\n\
     froze 3eeze\n\
     frozen 4eeze\n\
     gave 3ive\n\
     given 1\n\
     gone 2\n\
     got 2et\n\
     gotten 5et\n\
     grew 2ow\n\
     grown 1\n\
     heard 1\n\
     held 3old\n\
     hid 0e\n\
     hidden 3e\n\
     hit 0\n\
     hung 3ang\n\
     hurt 0\n\
     kept 2ep\n\
     knew 2ow\n\
     laid 2y\n\
     lain 3ie\n\
     leapt 1\n\
     learnt 1\n\
     led 1ad\n\
     left 2ave\n\
     lent 1d\n\
     let 0\n\
     lost 1e\n\
     made 2ke\n\
     meant 1\n\
     met 1et\n\
     mistaken 1\n\
     mistook 3ake\n\
     overcame 3ome\n\
     overcome 0\n\
     oversaw 2ee\n\
     overseen 1\n\
     overtaken 1\n\
     overtook 3ake\n\
     paid 2y\n\
     proven 1\n\
     put 0\n\
     quit 0\n\
     ran 2un\n\
     rang 3ing\n\
     rebuilt 1d\n\
     rid 0\n\
     ridden 3e\n\
     risen 1\n\
     rode 3ide\n\
     run 0\n\
     rung 3ing\n\
     said 2y\n\
     sang 3ing\n\
     sank 3ink\n\
     sat 2it\n\
     saw 2ee\n\
     seen 1\n\
     sent 1d\n\
     set 0\n\
     shaken 1\n\
     shed 0\n\
     shone 3ine\n\
     shook 3ake\n\
     shot 1ot\n\
     shown 1\n\
     shrank 3ink\n\
     shut 0\n\
     slain 2y\n\
     slept 2ep\n\
     slid 0e\n\
     sold 3ell\n\
     sought 5eek\n\
     spent 1d\n\
     split 0\n\
     spoke 3eak\n\
     spoken 4eak\n\
     sprang 3ing\n\
     spread 0\n\
     stole 3eal\n\
     stolen 4eal\n\
     stood 3and\n\
     stricken 4ke\n\
     striven 1\n\
     strove 3ive\n\
     struck 3ike\n\
     stuck 3ick\n\
     stung 3ing\n\
     sung 3ing\n\
     sunk 3ink\n\
     swam 2im\n\
     swept 2ep\n\
     swore 3ear\n\
     sworn 3ear\n\
     swum 2im\n\
     swung 3ing\n\
     taken 1\n\
     taught 5each\n\
     thought 5ink\n\
     threw 2ow\n\
     thrown 1\n\
     thrust 0\n\
     told 3ell\n\
     took 3ake\n\
     tore 3ear\n\
     torn 3ear\n\
     undergone 2\n\
     understood 3and\n\
     undertaken 1\n\
     undertook 3ake\n\
     underwent 4go\n\
     undid 2o\n\
     undone 2\n\
     upheld 3old\n\
     upset 0\n\
     went 4go\n\
     wept 2ep\n\
     withdrawn 1\n\
     withdrew 2aw\n\
     withheld 3old\n\
     woke 3ake\n\
     woken 4ake\n\
     won 2in\n\
     wore 3ear\n\
     worn 3ear\n\
     written 3e\n\
     wrote 3ite",
);

/// Words in "-ly" that are not adverbs. Sorted.
static LY_NOT_ADVERBS: WordList = WordList::new(
    "ally anomaly assembly belly bully family folly holly italy jelly july monopoly rally",
);

/// Adverbs that may stand inside an auxiliary phrase ("has not yet", "will also"). Sorted.
static CHAIN_ADVERBS: WordList = WordList::new(
    "already also always clearly even ever finally further just n never not often only really \
     recently simply since so still t thus truly very",
);

/// Pronouns that can be the subject of a verb. Sorted.
static SUBJECT_PRONOUNS: WordList = WordList::new(
    "anyone each everybody everyone everything he i it nobody nothing one she somebody \
     someone something that there they this we what which who you",
);

/// Words that can open what follows a verb: objects, particles, clauses. Sorted.
static OBJECT_STARTS: WordList = WordList::new(
    "again as away back better down forward hard her here herself him himself how if it \
     itself like me not off out so that them themselves to together too up us what when where \
     whether why you",
);

/// Words after "is/was" + an adjectival gerund that show a verb ("is growing the"). Sorted.
static VERB_CLUES_AFTER_GERUND: WordList =
    WordList::new("about down for him his it me not on the their them there this to up you");

/// Last two letters of a stem that, after a single vowel, ask for a silent e. Sorted.
static SILENT_E_TAILS: WordList =
    WordList::new("ad ak ap ar at ib id ik in ir od ok om ot ud um ur ut");

/// Words that, right after an -ing form, show it is a verb with an object. Sorted.
static GERUND_OBJECTS: WordList =
    WordList::new("a an her him his it its me my our that the their them these this those us your");

/// Words that, right before a noun-like -ing form, show it is a verb. Sorted.
static VERB_CLUES_BEFORE_GERUND: WordList = WordList::new(
    "after am are avoid be been before began by continue he help keep she start stop they we were \
     while without you",
);

/// Words that, right after an adjectival participle, show it is a verb. Sorted.
static VERB_CLUES_AFTER_PARTICIPLE: WordList = WordList::new(
    "after as at back before between by down for her him his in into me on our out the their \
     them to up us with",
);

/// Words that, right before an adjectival participle, show it is a verb. Sorted.
static VERB_CLUES_BEFORE_PARTICIPLE: WordList =
    WordList::new("as be been had has have having he i it she they we who you");

/// Words that, right before an adjectival participle, show it is an adjective. Sorted.
static ADJECTIVE_CLUES_BEFORE_PARTICIPLE: WordList = WordList::new(
    "always appear appeared appears but deeply extremely feel feels felt for get how more \
     over quite really seem seemed seems so stay still too truly under very well",
);

/// Articles, demonstratives, possessives and quantifying determiners. Sorted.
static POSSESSIVES_AND_DETERMINERS: WordList = WordList::new(
    "a an any each every her his its my no our s some that the their these this those your",
);

/// Common adjectives and words that are not nouns. Sorted.
static NOT_NOUNS: WordList = WordList::new(
    "and fair free full good great high just large low new old or small strong true well wise \
     young",
);

/// Words whose "'s" stands for "is" ("that's", "there's"). Sorted.
static HOSTS_OF_CONTRACTED_IS: WordList = WordList::new("here how that there what where who");

/// Personal pronouns in the subject case. Sorted.
static PERSONAL_PRONOUNS: WordList = WordList::new("he i it she they we you");

/// Common plural nouns without an -s. Sorted.
static IRREGULAR_PLURALS: WordList =
    WordList::new("cattle children feet men people police teeth women");

/// Adverbs that end an auxiliary phrase in the original's chunking ("should now act"). Sorted.
static LOOSE_ADVERBS: WordList = WordList::new("again all both here long now then there too");

/// Pronouns and words that make a plural (or first- or second-person) subject. Sorted.
static PLURAL_SUBJECTS: WordList = WordList::new("all both i people these they those we you");

/// Determiners and pronouns that show an object after a participle. Sorted.
static OBJECT_DETERMINERS: WordList = WordList::new("a an it that these this those");

#[cfg(test)]
mod tests {
    use super::*;

    fn rewrite(sentence: &str) -> Vec<String> {
        rewrite_joined(sentence, usize::MAX)
    }

    /// As `rewrite`, with a hyphen before word `joined` (an index).
    fn rewrite_joined(sentence: &str, joined: usize) -> Vec<String> {
        let words: Vec<&str> = sentence.split(' ').collect();
        let starts: Vec<bool> = (0..words.len()).map(|i| i == 0).collect();
        let apostrophes = vec![false; words.len()];
        let hyphens: Vec<bool> = (0..words.len()).map(|i| i == joined).collect();
        rewrite_verbs(&words, &starts, &apostrophes, &hyphens, &[])
            .into_iter()
            .zip(&words)
            .filter_map(|(r, w)| match r {
                Rewrite::Keep => Some((*w).to_string()),
                Rewrite::Verb(v) => Some(v),
                Rewrite::Words(list) => Some(list.join(" ")),
                Rewrite::Drop => None,
            })
            .collect()
    }

    fn rewrite_with_apostrophes(sentence: &str) -> Vec<String> {
        // "don't" is given as "don 't": the word after an apostrophe is marked as such
        let mut words = Vec::new();
        let mut apostrophes = Vec::new();
        for token in sentence.split(' ') {
            match token.strip_prefix('\'') {
                Some(tail) => {
                    words.push(tail);
                    apostrophes.push(true);
                }
                None => {
                    words.push(token);
                    apostrophes.push(false);
                }
            }
        }
        let starts: Vec<bool> = (0..words.len()).map(|i| i == 0).collect();
        rewrite_verbs(&words, &starts, &apostrophes, &[], &[])
            .into_iter()
            .zip(&words)
            .flat_map(|(r, w)| match r {
                Rewrite::Keep => vec![(*w).to_string()],
                Rewrite::Verb(v) => vec![v],
                Rewrite::Words(list) => list,
                Rewrite::Drop => Vec::new(),
            })
            .collect()
    }

    #[test]
    fn contractions_are_read_as_the_words_they_stand_for() {
        assert_eq!(
            rewrite_with_apostrophes("we don 't know"),
            ["we", "do", "not", "know"]
        );
        assert_eq!(
            rewrite_with_apostrophes("they won 't go"),
            ["they", "do", "not", "go"]
        );
        assert_eq!(
            rewrite_with_apostrophes("it isn 't"),
            ["it", "does", "be", "not"]
        );
        assert_eq!(
            rewrite_with_apostrophes("there 's hope"),
            ["there", "be", "hope"]
        );
        assert_eq!(rewrite_with_apostrophes("he 's gone"), ["he", "s", "go"]);
        assert_eq!(rewrite_with_apostrophes("let 's go"), ["let", "us", "go"]);
        assert_eq!(
            rewrite_with_apostrophes("the nation 's future"),
            ["the", "nation", "s", "future"]
        );
    }

    #[test]
    fn phrases_without_a_main_verb_keep_their_last_auxiliary() {
        assert_eq!(rewrite("they would have been here"), ["they", "be", "here"]);
        assert_eq!(rewrite("it will be removed"), ["it", "remove"]);
        assert_eq!(
            rewrite("he does not have it"),
            ["he", "does", "not", "have", "it"]
        );
        assert_eq!(rewrite("we will not"), ["we", "do will", "not"]);
        assert_eq!(
            rewrite("we will never forget"),
            ["we", "do not", "never", "forget"]
        );
        assert_eq!(rewrite("we should now act"), ["we", "should", "now", "act"]);
        assert_eq!(rewrite("we ought to act"), ["we", "act"]);
        assert_eq!(rewrite("we are going to act"), ["we", "act"]);
        assert_eq!(
            rewrite("it is no longer needed"),
            ["it", "no", "longer", "need"]
        );
    }

    #[test]
    fn negation_takes_do_or_does_from_the_subject() {
        assert_eq!(
            rewrite("the men will not go"),
            ["the", "men", "do", "not", "go"]
        );
        assert_eq!(
            rewrite("the man will not go"),
            ["the", "man", "does", "not", "go"]
        );
        assert_eq!(rewrite("you will not go"), ["you", "does", "not", "go"]);
        assert_eq!(
            rewrite("we do not know and cannot say"),
            ["we", "do", "not", "know", "and", "do not", "say"]
        );
        // the auxiliary "do" or "have" does not make the subject plural, but a relative
        // pronoun's "have" does; an adjective is passed over on the way to the subject
        assert_eq!(rewrite("you do not care"), ["you", "does", "not", "care"]);
        assert_eq!(rewrite("it has not worked"), ["it", "does", "not", "work"]);
        assert_eq!(
            rewrite("rules which have not worked"),
            ["rules", "which", "do", "not", "work"]
        );
        assert_eq!(
            rewrite("benefits even if predictable do not last"),
            ["benefits", "even", "if", "predictable", "do", "not", "last"]
        );
    }

    #[test]
    fn is_no_is_a_negation_but_are_no_and_no_longer_are_not() {
        assert_eq!(
            rewrite("there is no need"),
            ["there", "does not be", "no", "need"]
        );
        assert_eq!(rewrite("they are no match"), ["they", "be", "no", "match"]);
        assert_eq!(
            rewrite("it is no longer here"),
            ["it", "be", "no", "longer", "here"]
        );
    }

    #[test]
    fn never_before_a_verb_is_a_negation_unless_an_adjective_comes_first() {
        assert_eq!(rewrite("it never ends"), ["it", "does not never", "end"]);
        assert_eq!(rewrite("we never said"), ["we", "do not never", "say"]);
        assert_eq!(
            rewrite("the public never saw"),
            ["the", "public", "never", "see"]
        );
        assert_eq!(rewrite("never again"), ["never", "again"]);
    }

    #[test]
    fn is_subject_to_loses_the_s_of_is() {
        assert_eq!(
            rewrite("groups is subject to"),
            ["groups", "i", "subject", "to"]
        );
        assert_eq!(
            rewrite("it was subject to change"),
            ["it", "is", "subject", "to", "change"]
        );
        assert_eq!(
            rewrite("it would be subject to it"),
            ["it", "be", "subject", "to", "it"]
        );
    }

    #[test]
    fn an_s_form_after_and_before_a_determiner_is_a_verb() {
        assert_eq!(
            rewrite("it takes a string and returns an array"),
            ["it", "take", "a", "string", "and", "return", "an", "array"]
        );
        assert_eq!(
            rewrite("it breaks and regrets any damage"),
            ["it", "break", "and", "regret", "any", "damage"]
        );
        assert_eq!(
            rewrite("the rules and regulations that apply"),
            ["the", "rules", "and", "regulations", "that", "apply"]
        );
    }

    #[test]
    fn a_plain_verb_after_a_pronoun_and_an_adverb_keeps_its_gerund() {
        assert_eq!(
            rewrite("i specifically remember signing up"),
            ["i", "specifically", "remember", "signing", "up"]
        );
    }

    #[test]
    fn gets_before_a_participle_stays_and_got_is_left_out() {
        assert_eq!(rewrite("it gets cleaned"), ["it", "gets", "cleaned"]);
        assert_eq!(rewrite("it got deleted"), ["it", "delete"]);
    }

    #[test]
    fn adjectival_participles_need_a_verb_clue() {
        assert_eq!(rewrite("the proposed plan"), ["the", "proposed", "plan"]);
        assert_eq!(rewrite("it was improved"), ["it", "be", "improved"]);
        assert_eq!(
            rewrite("it was adopted by the house"),
            ["it", "adopt", "by", "the", "house"]
        );
        assert_eq!(rewrite("it has improved"), ["it", "improve"]);
        assert_eq!(
            rewrite("the distinguished chairman"),
            ["the", "distinguish", "chairman"]
        );
        assert_eq!(
            rewrite("they need to be trained"),
            ["they", "need", "to", "be", "trained"]
        );
        assert_eq!(rewrite("it has been done"), ["it", "be", "done"]);
        assert_eq!(
            rewrite("it is known as the best"),
            ["it", "known", "as", "the", "best"]
        );
    }

    #[test]
    fn gerunds_are_verbs_after_prepositions_and_nouns_after_articles() {
        assert_eq!(
            rewrite("for providing the funds"),
            ["for", "provide", "the", "funds"]
        );
        assert_eq!(
            rewrite("the making of laws"),
            ["the", "making", "of", "laws"]
        );
        assert_eq!(rewrite("money for training"), ["money", "for", "training"]);
        assert_eq!(rewrite("a growing economy"), ["a", "growing", "economy"]);
        assert_eq!(rewrite("by cutting taxes"), ["by", "cut", "taxes"]);
        assert_eq!(
            rewrite("it is growing rapidly"),
            ["it", "be", "growing", "rapidly"]
        );
    }

    #[test]
    fn plural_nouns_stay_and_verb_only_forms_change() {
        assert_eq!(
            rewrite("private citizens under law"),
            ["private", "citizens", "under", "law"]
        );
        assert_eq!(
            rewrite("our efforts to help"),
            ["our", "efforts", "to", "help"]
        );
        assert_eq!(rewrite("this means war"), ["this", "mean", "war"]);
        assert_eq!(
            rewrite("the means of payment"),
            ["the", "means", "of", "payment"]
        );
        assert_eq!(
            rewrite("the rules that may apply"),
            ["the", "rules", "that", "apply"]
        );
    }

    #[test]
    fn spelling_of_stems() {
        for (form, base) in [
            ("repeated", "repeat"),
            ("defeated", "defeat"),
            ("created", "create"),
            ("controlled", "control"),
            ("compelled", "compel"),
            ("installed", "install"),
            ("owed", "owe"),
            ("alleged", "allege"),
        ] {
            assert_eq!(
                past_participle_or_gerund(form).as_deref(),
                Some(base),
                "{form}"
            );
        }
    }

    #[test]
    fn word_lists_are_sorted_for_bisection() {
        for list in [
            &COMMON_NOUNS,
            &ADJECTIVAL_PARTICIPLES,
            &ADJECTIVAL_GERUNDS,
            &NOUN_GERUNDS,
            &VERB_ONLY_BASES,
            &NOT_ING_FORMS,
            &NOT_ED_FORMS,
            &NOT_S_FORMS,
            &E_LIST,
            &NO_E_LIST,
        ] {
            list.assert_well_formed();
        }
        for list in [
            &HOSTS_OF_CONTRACTED_IS,
            &PERSONAL_PRONOUNS,
            &IRREGULAR_PLURALS,
            &LOOSE_ADVERBS,
            &PLURAL_SUBJECTS,
            &LY_NOT_ADVERBS,
            &CHAIN_ADVERBS,
            &DETERMINER_LIKE,
            &SUBJECT_PRONOUNS,
            &OBJECT_STARTS,
            &VERB_CLUES_AFTER_GERUND,
            &SILENT_E_TAILS,
            &GERUND_OBJECTS,
            &VERB_CLUES_BEFORE_GERUND,
            &VERB_CLUES_AFTER_PARTICIPLE,
            &VERB_CLUES_BEFORE_PARTICIPLE,
            &ADJECTIVE_CLUES_BEFORE_PARTICIPLE,
            &OBJECT_DETERMINERS,
            &POSSESSIVES_AND_DETERMINERS,
            &NOT_NOUNS,
        ] {
            list.assert_well_formed();
        }
        IRREGULAR.assert_well_formed();
        NEGATED_AUXILIARIES.assert_well_formed();
        VERB_FORMS.assert_well_formed();
    }

    #[test]
    fn odd_input_does_not_panic() {
        for s in [
            "'t", "don 't", "é ed", "ll", "s 's", "a", "ing", "ed ing s", "ōwed", "naïve's",
        ] {
            let _ = rewrite_with_apostrophes(s);
            let _ = rewrite(s);
        }
    }

    #[test]
    fn verb_phrases_become_their_main_verb() {
        assert_eq!(
            rewrite("i have been thinking about the building"),
            ["i", "think", "about", "the", "building"]
        );
        assert_eq!(rewrite("the meeting was held"), ["the", "meeting", "hold"]);
        assert_eq!(rewrite("we must act"), ["we", "act"]);
    }

    #[test]
    fn third_person_verbs_change_and_plural_nouns_do_not() {
        assert_eq!(
            rewrite("he works in the plants"),
            ["he", "work", "in", "the", "plants"]
        );
        assert_eq!(
            rewrite("the nation needs more"),
            ["the", "nation", "need", "more"]
        );
    }

    #[test]
    fn a_verb_and_a_gerund_are_rewritten_as_one_phrase() {
        assert_eq!(
            rewrite("the tool keeps working"),
            ["the", "tool", "keeps", "working"]
        );
        assert_eq!(rewrite("he started running"), ["he", "start", "running"]);
        assert_eq!(
            rewrite("avoid adding entries"),
            ["avoid", "adding", "entries"]
        );
        assert_eq!(rewrite("users keep asking"), ["users", "keep", "asking"]);
        // an adverb between them: the first verb is left out
        assert_eq!(
            rewrite("please consider financially supporting it"),
            ["please", "financially", "support", "it"]
        );
        // without a verb before it, the gerund is still rewritten
        assert_eq!(
            rewrite("by processing the data"),
            ["by", "process", "the", "data"]
        );
    }

    #[test]
    fn being_after_an_adjective_is_a_noun() {
        assert_eq!(
            rewrite("it is decomposable being architected"),
            ["it", "be", "decomposable", "being", "architect"]
        );
    }

    #[test]
    fn a_participle_ending_the_sentence_after_a_noun_and_is_stays_an_adjective() {
        assert_eq!(
            rewrite("the file is deleted"),
            ["the", "file", "be", "deleted"]
        );
        assert_eq!(rewrite("it is deleted"), ["it", "delete"]);
        assert_eq!(
            rewrite("the file is deleted by the job"),
            ["the", "file", "delete", "by", "the", "job"]
        );
    }

    #[test]
    fn an_s_form_after_a_modifier_is_a_plural_noun() {
        assert_eq!(
            rewrite("fixed missing types in the client"),
            ["fixed", "missing", "types", "in", "the", "client"]
        );
        assert_eq!(
            rewrite("the fox jumps over the dog"),
            ["the", "fox", "jump", "over", "the", "dog"]
        );
    }

    #[test]
    fn source_marks_find_capitals_and_colons() {
        let raw = "00c74e7: Added a fix, we Added";
        let words = ["00c74e7", "added", "a", "fix", "we", "added"];
        let marks = source_marks(raw, &words);
        let capitals: Vec<bool> = marks.iter().map(|m| m.capitalized).collect();
        let colons: Vec<bool> = marks.iter().map(|m| m.after_colon).collect();
        assert_eq!(capitals, [false, true, false, false, false, true]);
        assert_eq!(colons, [false, true, false, false, false, false]);
        // a capitalised word inside a sentence stays as written, unless a pronoun is before it
        let starts = [true, true, false, false, false, false];
        let out = rewrite_verbs(&words, &starts, &[false; 6], &[], &marks);
        assert_eq!(out[1], Rewrite::Keep);
        assert_eq!(out[5], Rewrite::Verb("add".to_string()));
        // a word not found near the cursor gets no marks and does not move it
        let marks = source_marks("Alpha beta", &["gamma", "alpha", "beta"]);
        assert_eq!(marks[0], SourceMarks::default());
        assert!(marks[1].capitalized && !marks[2].capitalized);
    }

    #[test]
    fn thanks_is_a_verb_and_lives_may_be_one() {
        assert_eq!(rewrite("thanks a lot"), ["thank", "a", "lot"]);
        assert_eq!(rewrite("he lives in paris"), ["he", "live", "in", "paris"]);
        assert_eq!(rewrite("their lives"), ["their", "lives"]);
    }

    #[test]
    fn scientific_prose_reads_as_the_original_reads_it() {
        assert_eq!(
            rewrite("this paper presents a method"),
            ["this", "paper", "present", "a", "method"]
        );
        assert_eq!(
            rewrite("they are leveraging it"),
            ["they", "leverage", "it"]
        );
        assert_eq!(rewrite("we are averaging"), ["we", "average"]);
        assert_eq!(
            rewrite_joined("unsupervised learning on rule based data", 5),
            ["unsupervised", "learning", "on", "rule", "based", "data"]
        );
        assert_eq!(rewrite("to get started"), ["to", "get", "started"]);
        assert_eq!(
            rewrite("it should not be used"),
            ["it", "does be not should", "not", "used"]
        );
        assert_eq!(
            rewrite("it is not deleted"),
            ["it", "does", "not", "delete"]
        );
        assert_eq!(rewrite("it was typed"), ["it", "type"]);
    }

    #[test]
    fn learned_forms_are_well_formed() {
        for (form, code) in VERB_FORMS.pairs() {
            let lemma = learned_lemma(form);
            match code {
                "k" => assert!(lemma.is_none() && matches!(learned(form), Some(Learned::Keep))),
                _ => {
                    assert!(
                        lemma.is_some_and(
                            |l| !l.is_empty() && l.bytes().all(|b| b.is_ascii_lowercase())
                        ),
                        "{form} {code}"
                    )
                }
            }
        }
    }

    #[test]
    fn regular_past_and_gerunds_get_their_stem_back() {
        for (form, base) in [
            ("created", "create"),
            ("stopped", "stop"),
            ("using", "use"),
            ("making", "make"),
            ("worked", "work"),
            ("increased", "increase"),
            ("tried", "try"),
            ("agreed", "agree"),
            ("providing", "provide"),
            ("changing", "change"),
            ("running", "run"),
            ("visited", "visit"),
            ("believed", "believe"),
            ("called", "call"),
            ("hoped", "hope"),
            ("dying", "die"),
        ] {
            assert_eq!(
                past_participle_or_gerund(form).as_deref(),
                Some(base),
                "{form}"
            );
        }
    }

    #[test]
    fn third_person_forms_lose_their_ending() {
        for (form, base) in [
            ("jumps", "jump"),
            ("watches", "watch"),
            ("tries", "try"),
            ("goes", "go"),
            ("uses", "use"),
            ("focuses", "focus"),
        ] {
            assert_eq!(strip_s(form).as_deref(), Some(base), "{form}");
        }
    }

    #[test]
    fn be_before_a_participle_spelled_like_its_infinitive_stays_as_written() {
        assert_eq!(
            rewrite("the package is put together"),
            ["the", "package", "is", "put", "together"]
        );
        assert_eq!(rewrite("files are read"), ["files", "are", "read"]);
        assert_eq!(rewrite("he was born there"), ["he", "was", "born", "there"]);
        // with an adverb between them, "be" is rewritten as usual
        assert_eq!(rewrite("it is then read"), ["it", "be", "then", "read"]);
        assert_eq!(
            rewrite("the cost is borne by them"),
            ["the", "cost", "be", "borne", "by", "them"]
        );
    }

    #[test]
    fn a_question_keeps_its_auxiliary_before_an_indefinite_pronoun() {
        assert_eq!(rewrite("does anyone know"), ["do", "anyone", "know"]);
        assert_eq!(rewrite("can someone help"), ["can", "someone", "help"]);
    }

    #[test]
    fn an_imperative_do_not_is_spelled_does_not() {
        assert_eq!(rewrite("do not set it"), ["does", "not", "set", "it"]);
        assert_eq!(
            rewrite("please do not set it"),
            ["please", "does", "not", "set", "it"]
        );
        assert_eq!(
            rewrite("we do not set it"),
            ["we", "do", "not", "set", "it"]
        );
    }

    #[test]
    fn negations_typed_without_apostrophe_are_negated_auxiliaries() {
        assert_eq!(rewrite("i dont know"), ["i", "do not", "know"]);
        assert_eq!(rewrite("it wont work"), ["it", "does not", "work"]);
        assert_eq!(rewrite("i cant say"), ["i", "do not", "say"]);
    }

    #[test]
    fn an_s_form_after_an_ly_adverb_is_a_verb() {
        assert_eq!(
            rewrite("the fix properly handles arrays"),
            ["the", "fix", "properly", "handle", "arrays"]
        );
        assert_eq!(
            rewrite("the default now returns values"),
            ["the", "default", "now", "return", "values"]
        );
        assert_eq!(
            rewrite("alternatively encodings can be loaded"),
            ["alternatively", "encodings", "load"]
        );
    }

    #[test]
    fn an_s_form_right_after_a_verb_keeps_its_form() {
        assert_eq!(rewrite("he sends messages"), ["he", "send", "messages"]);
        assert_eq!(rewrite("it supports streams"), ["it", "support", "streams"]);
    }

    #[test]
    fn an_s_form_after_a_relative_pronoun_is_a_verb() {
        assert_eq!(
            rewrite("the book which features drawings"),
            ["the", "book", "which", "feature", "drawings"]
        );
        assert_eq!(rewrite("anything that works"), ["anything", "that", "work"]);
    }

    #[test]
    fn missing_after_is_stays_an_adjective_unless_an_object_follows() {
        assert_eq!(
            rewrite("the file is missing"),
            ["the", "file", "be", "missing"]
        );
        assert_eq!(
            rewrite("it was missing the key"),
            ["it", "miss", "the", "key"]
        );
    }

    #[test]
    fn an_s_form_after_this_or_that_is_a_verb() {
        assert_eq!(
            rewrite("this fixes the issue"),
            ["this", "fix", "the", "issue"]
        );
        assert_eq!(rewrite("this status is ok"), ["this", "status", "be", "ok"]);
    }
}
