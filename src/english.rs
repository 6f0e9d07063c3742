//! English verbs: finding them in a sentence and turning them into their infinitive.
//!
//! `@mastra/evals` runs a part-of-speech tagger and rewrites every verb phrase to its infinitive
//! ("has been running" → "run", "jumps" → "jump") while nouns keep their form ("plants").
//! This module reproduces that with a small rule-based tagger: a table of auxiliaries and
//! irregular verbs, the inflection suffixes `-s`, `-ed`, `-ing`, and the words around them.
//! It is linear in the number of words and allocates only for the words it rewrites.

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
/// "they're", "t" in "don't", "s" in "nation's").
pub fn rewrite_verbs(
    words: &[&str],
    clause_start: &[bool],
    after_apostrophe: &[bool],
) -> Vec<Rewrite> {
    let n = words.len();
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
        if let Some(aux) = auxiliary(word) {
            i = rewrite_chain(&eff, clause_start, i, aux, &mut out);
            continue;
        }
        let previous = (i > 0 && !clause_start[i]).then(|| eff[i - 1]);
        let next = (i + 1 < n && !clause_start[i + 1]).then(|| eff[i + 1]);
        if let Some(lemma) = free_standing_verb(word, previous, next) {
            out[i] = Rewrite::Verb(lemma);
        }
        i += 1;
    }
    for i in 0..n {
        if eff[i] == words[i] {
            continue;
        }
        let mut list: Vec<String> = match std::mem::replace(&mut out[i], Rewrite::Keep) {
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
        return Some(match word {
            "don" => "do",
            "doesn" => "does",
            "didn" => "did",
            "isn" | "ain" => "is",
            "aren" => "are",
            "wasn" => "was",
            "weren" => "were",
            "haven" => "have",
            "hasn" => "has",
            "hadn" => "had",
            "can" => "can",
            "couldn" => "could",
            "won" => "will",
            "wouldn" => "would",
            "shouldn" => "should",
            "mustn" => "must",
            "shan" => "shall",
            "mightn" => "might",
            _ => return None,
        });
    }
    let previous = words[i - 1];
    Some(match word {
        "t" if previous.ends_with('n') => "not",
        "s" if previous == "let" => "us",
        "s" if is_personal_pronoun(previous)
            || matches!(
                previous,
                "that" | "there" | "here" | "what" | "who" | "where" | "how"
            ) =>
        {
            "is"
        }
        "re" => "are",
        "m" if previous == "i" => "am",
        "ve" => "have",
        "ll" => "will",
        "d" if is_personal_pronoun(previous) => "would",
        _ => return None,
    })
}

fn is_personal_pronoun(word: &str) -> bool {
    matches!(word, "i" | "you" | "we" | "they" | "he" | "she" | "it")
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
        out[i] = if aux == Aux::Have {
            Rewrite::Drop
        } else {
            Rewrite::Keep
        };
        return i + 1;
    }
    let mut j = i + 1;
    let mut has_not = false;
    let mut negated = words[i] == "cannot";
    let mut last_aux = i;
    while within(j) {
        let word = words[j];
        if word == "no" && within(j + 1) && words[j + 1] == "longer" {
            j += 2;
            continue;
        }
        if word == "to" && words[j - 1] == "ought" {
            j += 1;
            continue;
        }
        if auxiliary(word).is_some() {
            last_aux = j;
        } else if !is_adverb_in_chain(word) {
            break;
        }
        has_not |= word == "not";
        negated |= matches!(word, "not" | "never");
        j += 1;
    }
    let main = within(j).then(|| words[j]);
    let kind = auxiliary(words[last_aux]).unwrap_or(aux);
    let lemma = main.and_then(|m| match kind {
        Aux::Modal | Aux::Do => base_of_any(m).or_else(|| {
            (!is_function_word(m) && !is_loose_adverb(m) && m.is_ascii()).then(|| m.to_string())
        }),
        Aux::Be | Aux::Have => past_participle_or_gerund(m),
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
    let next = match lemma {
        Some(lemma) => {
            out[j] = Rewrite::Verb(lemma);
            j + 1
        }
        None => {
            out[last_aux] = Rewrite::Verb(match auxiliary(words[last_aux]) {
                Some(Aux::Modal) if words[last_aux] == "cannot" => "can".to_string(),
                Some(Aux::Modal) => words[last_aux].to_string(),
                _ => auxiliary_infinitive(words[last_aux]).to_string(),
            });
            j
        }
    };
    if negated {
        out[i] = match std::mem::replace(&mut out[i], Rewrite::Drop) {
            Rewrite::Verb(root) => Rewrite::Words(negation(vec![root])),
            _ => Rewrite::Words(negation(Vec::new())),
        };
    }
    next
}

/// "do" or "does" for a negated phrase, from the subject before the auxiliary at `i`.
/// Words already read as verbs (a previous phrase of a coordination) are skipped.
fn do_or_does(words: &[&str], clause_start: &[bool], i: usize, out: &[Rewrite]) -> String {
    let mut k = i;
    let mut steps = 0;
    while k > 0 && !clause_start[k] && steps < 6 {
        k -= 1;
        steps += 1;
        let word = words[k];
        let rewritten = !matches!(out.get(k), Some(Rewrite::Keep) | None);
        if rewritten
            || matches!(
                word,
                "and" | "or" | "but" | "also" | "then" | "still" | "so" | "not"
            )
            || is_loose_adverb(word)
        {
            continue;
        }
        let plural = is_plural_subject(word);
        return (if plural { "do" } else { "does" }).to_string();
    }
    "does".to_string()
}

/// Adverbs that can stand between an auxiliary and its verb but end the phrase in the
/// original's chunking ("we should now act" keeps "should").
fn is_loose_adverb(word: &str) -> bool {
    is_adverb_in_chain(word)
        || matches!(
            word,
            "now" | "all" | "both" | "long" | "then" | "here" | "there" | "again" | "too"
        )
}

fn is_plural_subject(word: &str) -> bool {
    matches!(
        word,
        "i" | "we" | "you" | "they" | "people" | "these" | "those" | "both" | "all"
    ) || (word.ends_with('s')
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
        "do" | "does" | "did" => Aux::Do,
        "will" | "would" | "shall" | "should" | "can" | "could" | "may" | "might" | "must"
        | "cannot" | "ought" => Aux::Modal,
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

fn is_adverb_in_chain(word: &str) -> bool {
    (word.ends_with("ly") && word.len() > 4)
        || matches!(
            word,
            "not"
                | "never"
                | "also"
                | "just"
                | "already"
                | "still"
                | "always"
                | "really"
                | "only"
                | "ever"
                | "even"
                | "finally"
                | "truly"
                | "clearly"
                | "simply"
                | "often"
                | "since"
                | "n"
                | "t"
                | "so"
                | "very"
                | "recently"
        )
}

/// Function words: determiners, pronouns, prepositions, conjunctions and the like.
fn is_function_word(word: &str) -> bool {
    crate::stopwords::is_english_function_word(word)
}

fn is_determiner_like(word: &str) -> bool {
    matches!(
        word,
        "the"
            | "a"
            | "an"
            | "this"
            | "that"
            | "these"
            | "those"
            | "my"
            | "your"
            | "his"
            | "her"
            | "its"
            | "our"
            | "their"
            | "some"
            | "any"
            | "no"
            | "every"
            | "each"
            | "many"
            | "much"
            | "more"
            | "most"
            | "few"
            | "several"
            | "all"
            | "other"
            | "another"
            | "such"
            | "of"
            | "in"
            | "on"
            | "at"
            | "for"
            | "with"
            | "from"
            | "by"
            | "about"
            | "into"
            | "onto"
            | "upon"
            | "under"
            | "over"
            | "between"
            | "among"
            | "through"
            | "during"
            | "without"
            | "within"
            | "against"
            | "toward"
            | "towards"
            | "across"
            | "after"
            | "before"
            | "new"
            | "own"
            | "very"
            | "well"
            | "less"
            | "least"
            | "first"
            | "last"
            | "s"
    )
}

fn is_subject_pronoun(word: &str) -> bool {
    matches!(
        word,
        "he" | "she"
            | "it"
            | "this"
            | "that"
            | "who"
            | "which"
            | "what"
            | "there"
            | "everyone"
            | "everybody"
            | "nobody"
            | "someone"
            | "somebody"
            | "anyone"
            | "one"
            | "each"
            | "everything"
            | "nothing"
            | "something"
            | "i"
            | "you"
            | "we"
            | "they"
    )
}

/// A verb in `-s`, `-ed`, `-ing` or an irregular past form that is not part of an auxiliary
/// chain: decide from its neighbours whether it acts as a verb, and if so return its infinitive.
fn free_standing_verb(word: &str, previous: Option<&str>, next: Option<&str>) -> Option<String> {
    let after_determiner = previous.is_some_and(is_determiner_like);
    if let Some(base) = irregular_past(word) {
        if after_determiner {
            return None;
        }
        return Some(base.to_string());
    }
    if word.ends_with("ing") {
        let base = strip_ing(word)?;
        if after_determiner || previous.is_some_and(|p| p == "to") {
            return None;
        }
        return Some(base);
    }
    if word.ends_with("ed") {
        return strip_ed(word);
    }
    if word.ends_with('s') {
        let base = strip_s(word)?;
        if after_determiner || is_function_word(word) {
            return None;
        }
        let subject = previous.is_some_and(|p| {
            is_subject_pronoun(p) && p != "i" && p != "you" && p != "we" && p != "they"
        });
        let object_follows = match next {
            None => false,
            Some(n) => n != "of" && (is_determiner_like(n) || is_object_start(n)),
        };
        let content_subject = previous.is_some_and(|p| {
            !is_function_word(p) && !is_plural_subject(p) && !p.chars().all(|c| c.is_ascii_digit())
        });
        if subject || (content_subject && object_follows) {
            return Some(base);
        }
    }
    None
}

fn is_object_start(word: &str) -> bool {
    matches!(
        word,
        "to" | "up"
            | "out"
            | "down"
            | "off"
            | "back"
            | "away"
            | "hard"
            | "not"
            | "us"
            | "them"
            | "him"
            | "me"
            | "it"
            | "you"
            | "her"
            | "itself"
            | "themselves"
            | "himself"
            | "herself"
            | "better"
            | "too"
            | "again"
            | "together"
            | "here"
            | "that"
            | "what"
            | "how"
            | "why"
            | "where"
            | "when"
            | "if"
            | "whether"
            | "as"
            | "so"
            | "like"
            | "forward"
    ) || word.chars().all(|c| c.is_ascii_digit())
}

/// The infinitive of any verb form (used right after a modal or `to`).
fn base_of_any(word: &str) -> Option<String> {
    if let Some(base) = irregular_past(word) {
        return Some(base.to_string());
    }
    if let Some(aux) = auxiliary(word) {
        return (aux != Aux::Modal).then(|| auxiliary_infinitive(word).to_string());
    }
    None
}

/// The infinitive of a past participle or present participle (after a form of "be"/"have").
fn past_participle_or_gerund(word: &str) -> Option<String> {
    if let Some(base) = irregular_past(word) {
        return Some(base.to_string());
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
    if NOT_ING_FORMS.contains(&word) {
        return None;
    }
    let stem = word.strip_suffix("ing")?;
    if stem.len() < 2 || !has_vowel(stem) || !stem.is_ascii() {
        return None;
    }
    if let Some(s) = stem.strip_suffix('y') {
        if stem.len() == 2 {
            // dying, lying, tying
            return Some(format!("{s}ie"));
        }
    }
    Some(restore_stem(stem))
}

/// The infinitive of an `-ed` form, or `None` when the word is not one ("bed", "hundred").
fn strip_ed(word: &str) -> Option<String> {
    if NOT_ED_FORMS.contains(&word) || !word.is_ascii() {
        return None;
    }
    if let Some(stem) = word.strip_suffix("ied") {
        return (stem.len() >= 2).then(|| format!("{stem}y"));
    }
    if word.ends_with("eed") {
        let stem = &word[..word.len() - 1];
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
    if word.len() < 4 || !word.is_ascii() || NOT_S_FORMS.contains(&word) {
        return None;
    }
    if word.ends_with("ss") || word.ends_with("us") || word.ends_with("is") || word.ends_with("ics")
    {
        return None;
    }
    if let Some(stem) = word.strip_suffix("ies") {
        return Some(if stem.len() <= 1 {
            format!("{stem}ie")
        } else {
            format!("{stem}y")
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
    Some(word[..word.len() - 1].to_string())
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
        return stem[..n - 1].to_string();
    }
    if needs_final_e(stem) {
        return format!("{stem}e");
    }
    stem.to_string()
}

fn needs_final_e(stem: &str) -> bool {
    if E_LIST.contains(&stem) {
        return true;
    }
    if NO_E_LIST.contains(&stem) {
        return false;
    }
    let chars: Vec<char> = stem.chars().collect();
    let n = chars.len();
    let last = chars[n - 1];
    let before = chars[n - 2];
    let vowel_groups = count_vowel_groups(&chars);
    if stem.ends_with("at") {
        return true;
    }
    match last {
        'v' | 'c' | 'z' | 'u' => return true,
        's' => return before != 's' && !stem.ends_with("bias"),
        'g' => return matches!(before, 'd' | 'r'),
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
    matches!(
        tail.as_str(),
        "at" | "ut"
            | "ur"
            | "ir"
            | "ar"
            | "id"
            | "ud"
            | "ad"
            | "od"
            | "in"
            | "um"
            | "om"
            | "ap"
            | "ib"
            | "ok"
            | "ik"
            | "ak"
            | "ot"
    ) && !(tail == "ar" && before_vowel_is(&chars, 'e'))
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
fn irregular_past(word: &str) -> Option<&'static str> {
    IRREGULAR
        .binary_search_by(|(form, _)| form.cmp(&word))
        .ok()
        .map(|i| IRREGULAR[i].1)
}

/// Words that end in "ing" without being an `-ing` form.
const NOT_ING_FORMS: &[&str] = &[
    "during",
    "morning",
    "evening",
    "nothing",
    "something",
    "anything",
    "everything",
    "ceiling",
    "sibling",
    "pudding",
    "darling",
    "herring",
    "shilling",
    "viking",
    "lightning",
    "awning",
    "king",
    "ring",
    "thing",
    "sing",
    "bring",
    "spring",
    "string",
    "sting",
    "swing",
    "wing",
    "cling",
    "fling",
    "sling",
    "wring",
    "beijing",
    "wyoming",
    "inkling",
    "ping",
    "pricing",
];

/// Words that end in "ed" without being an `-ed` form.
const NOT_ED_FORMS: &[&str] = &[
    "bed", "red", "shed", "wed", "fed", "led", "sped", "hundred", "sacred", "naked", "wicked",
    "kindred", "bred", "shred", "sled", "embed", "need", "feed", "seed", "speed", "indeed",
    "bleed", "breed", "proceed", "succeed", "exceed", "weed", "heed", "deed", "greed", "reed",
    "creed", "steed", "tweed", "ted", "ned", "fred", "united", "rugged", "ragged", "beloved",
    "learned", "aged", "crooked", "dogged", "jagged", "wretched", "hatred", "ahmed", "mohammed",
    "ed",
];

/// Words that end in "s" without being a third-person verb form.
const NOT_S_FORMS: &[&str] = &[
    "always",
    "perhaps",
    "news",
    "series",
    "species",
    "politics",
    "economics",
    "sometimes",
    "towards",
    "afterwards",
    "besides",
    "whereas",
    "lens",
    "means",
    "ones",
    "yes",
    "thanks",
    "years",
    "states",
    "americans",
    "times",
    "others",
    "nations",
    "forces",
    "people",
    "lives",
];

/// Stems that take a final e although the spelling rules above say otherwise.
const E_LIST: &[&str] = &[
    "complet", "compet", "delet", "deplet", "unit", "invit", "ignit", "excit", "recit", "writ",
    "chang", "arrang", "exchang", "challeng", "aveng", "reveng", "restor", "explor", "ignor",
    "stor", "scor", "ador", "implor", "deplor", "interfer", "persever", "adher", "coher", "tast",
    "wast", "past", "promot", "devot", "quot", "vot", "not", "postpon", "condon", "escap",
    "reshap", "describ", "subscrib", "prescrib", "inscrib", "schedul", "precede", "preced",
    "conced", "supersed", "breath", "bath", "sooth", "loath", "rout", "envisag", "engag", "manag",
    "encourag", "damag", "imag", "rag", "wag", "pag", "stag", "gaug", "oblig", "emerg", "merg",
    "urg", "charg", "forg", "gorg", "purg", "hing", "sing", "ting", "lung", "plung", "expung",
    "binge", "cring", "fring", "impinge", "infring", "twing",
];

/// Stems that keep no final e although the spelling rules above would add one.
const NO_E_LIST: &[&str] = &[
    "visit",
    "limit",
    "edit",
    "exhibit",
    "benefit",
    "credit",
    "audit",
    "inherit",
    "deposit",
    "profit",
    "exit",
    "inhibit",
    "prohibit",
    "merit",
    "summit",
    "target",
    "budget",
    "market",
    "interpret",
    "honor",
    "labor",
    "favor",
    "monitor",
    "anchor",
    "sponsor",
    "author",
    "censor",
    "tutor",
    "mentor",
    "doctor",
    "color",
    "harbor",
    "armor",
    "tailor",
    "combat",
    "focus",
    "abandon",
    "question",
    "mention",
    "function",
    "position",
    "reason",
    "poison",
    "pardon",
    "summon",
    "open",
    "happen",
    "listen",
    "threaten",
    "strengthen",
    "develop",
    "envelop",
    "gallop",
    "gossip",
    "worship",
    "enter",
    "offer",
    "consider",
    "deliver",
    "suffer",
    "answer",
    "remember",
    "discover",
    "cover",
    "gather",
    "differ",
    "wonder",
    "render",
    "alter",
    "filter",
    "conquer",
    "murder",
    "bother",
    "weather",
    "shelter",
    "flower",
    "power",
    "tower",
    "lower",
    "empower",
    "cancel",
    "travel",
    "label",
    "model",
    "level",
    "fuel",
    "signal",
    "equal",
    "total",
    "rival",
    "channel",
    "marvel",
    "shovel",
    "appeal",
    "reveal",
    "heal",
    "seal",
    "deal",
    "feel",
    "kneel",
];

/// Irregular past tenses and past participles, sorted by form for binary search.
const IRREGULAR: &[(&str, &str)] = &[
    ("arisen", "arise"),
    ("arose", "arise"),
    ("ate", "eat"),
    ("awoke", "awake"),
    ("awoken", "awake"),
    ("bade", "bid"),
    ("beat", "beat"),
    ("beaten", "beat"),
    ("became", "become"),
    ("become", "become"),
    ("befell", "befall"),
    ("began", "begin"),
    ("begun", "begin"),
    ("bent", "bend"),
    ("besought", "beseech"),
    ("bet", "bet"),
    ("bitten", "bite"),
    ("bled", "bleed"),
    ("blew", "blow"),
    ("blown", "blow"),
    ("borne", "bear"),
    ("bought", "buy"),
    ("bound", "bind"),
    ("bred", "breed"),
    ("broadcast", "broadcast"),
    ("broke", "break"),
    ("broken", "break"),
    ("brought", "bring"),
    ("built", "build"),
    ("burnt", "burn"),
    ("burst", "burst"),
    ("came", "come"),
    ("cast", "cast"),
    ("caught", "catch"),
    ("chose", "choose"),
    ("chosen", "choose"),
    ("clung", "cling"),
    ("come", "come"),
    ("cost", "cost"),
    ("crept", "creep"),
    ("cut", "cut"),
    ("dealt", "deal"),
    ("drank", "drink"),
    ("drawn", "draw"),
    ("drew", "draw"),
    ("driven", "drive"),
    ("drove", "drive"),
    ("drunk", "drink"),
    ("dug", "dig"),
    ("dwelt", "dwell"),
    ("eaten", "eat"),
    ("fallen", "fall"),
    ("fed", "feed"),
    ("fell", "fall"),
    ("felt", "feel"),
    ("fled", "flee"),
    ("flew", "fly"),
    ("flown", "fly"),
    ("forbade", "forbid"),
    ("forbidden", "forbid"),
    ("forecast", "forecast"),
    ("foresaw", "foresee"),
    ("foreseen", "foresee"),
    ("forgave", "forgive"),
    ("forgiven", "forgive"),
    ("forgot", "forget"),
    ("forgotten", "forget"),
    ("forsaken", "forsake"),
    ("fought", "fight"),
    ("found", "find"),
    ("froze", "freeze"),
    ("frozen", "freeze"),
    ("gave", "give"),
    ("given", "give"),
    ("gone", "go"),
    ("got", "get"),
    ("gotten", "get"),
    ("grew", "grow"),
    ("grown", "grow"),
    ("heard", "hear"),
    ("held", "hold"),
    ("hid", "hide"),
    ("hidden", "hide"),
    ("hit", "hit"),
    ("hung", "hang"),
    ("hurt", "hurt"),
    ("kept", "keep"),
    ("knew", "know"),
    ("laid", "lay"),
    ("lain", "lie"),
    ("leapt", "leap"),
    ("learnt", "learn"),
    ("led", "lead"),
    ("left", "leave"),
    ("lent", "lend"),
    ("let", "let"),
    ("lost", "lose"),
    ("made", "make"),
    ("meant", "mean"),
    ("met", "meet"),
    ("mistaken", "mistake"),
    ("mistook", "mistake"),
    ("overcame", "overcome"),
    ("overcome", "overcome"),
    ("oversaw", "oversee"),
    ("overseen", "oversee"),
    ("overtaken", "overtake"),
    ("overtook", "overtake"),
    ("paid", "pay"),
    ("proven", "prove"),
    ("put", "put"),
    ("quit", "quit"),
    ("ran", "run"),
    ("rang", "ring"),
    ("rebuilt", "rebuild"),
    ("rid", "rid"),
    ("ridden", "ride"),
    ("risen", "rise"),
    ("rode", "ride"),
    ("run", "run"),
    ("rung", "ring"),
    ("said", "say"),
    ("sang", "sing"),
    ("sank", "sink"),
    ("sat", "sit"),
    ("saw", "see"),
    ("seen", "see"),
    ("sent", "send"),
    ("set", "set"),
    ("shaken", "shake"),
    ("shed", "shed"),
    ("shone", "shine"),
    ("shook", "shake"),
    ("shot", "shoot"),
    ("shown", "show"),
    ("shrank", "shrink"),
    ("shut", "shut"),
    ("slain", "slay"),
    ("slept", "sleep"),
    ("slid", "slide"),
    ("sold", "sell"),
    ("sought", "seek"),
    ("spent", "spend"),
    ("split", "split"),
    ("spoke", "speak"),
    ("spoken", "speak"),
    ("sprang", "spring"),
    ("spread", "spread"),
    ("stole", "steal"),
    ("stolen", "steal"),
    ("stood", "stand"),
    ("stricken", "strike"),
    ("striven", "strive"),
    ("strove", "strive"),
    ("struck", "strike"),
    ("stuck", "stick"),
    ("stung", "sting"),
    ("sung", "sing"),
    ("sunk", "sink"),
    ("swam", "swim"),
    ("swept", "sweep"),
    ("swore", "swear"),
    ("sworn", "swear"),
    ("swum", "swim"),
    ("swung", "swing"),
    ("taken", "take"),
    ("taught", "teach"),
    ("thought", "think"),
    ("threw", "throw"),
    ("thrown", "throw"),
    ("thrust", "thrust"),
    ("told", "tell"),
    ("took", "take"),
    ("tore", "tear"),
    ("torn", "tear"),
    ("undergone", "undergo"),
    ("understood", "understand"),
    ("undertaken", "undertake"),
    ("undertook", "undertake"),
    ("underwent", "undergo"),
    ("undid", "undo"),
    ("undone", "undo"),
    ("upheld", "uphold"),
    ("upset", "upset"),
    ("went", "go"),
    ("wept", "weep"),
    ("withdrawn", "withdraw"),
    ("withdrew", "withdraw"),
    ("withheld", "withhold"),
    ("woke", "wake"),
    ("woken", "wake"),
    ("won", "win"),
    ("wore", "wear"),
    ("worn", "wear"),
    ("written", "write"),
    ("wrote", "write"),
];

#[cfg(test)]
mod tests {
    use super::*;

    fn rewrite(sentence: &str) -> Vec<String> {
        let words: Vec<&str> = sentence.split(' ').collect();
        let starts: Vec<bool> = (0..words.len()).map(|i| i == 0).collect();
        let apostrophes = vec![false; words.len()];
        rewrite_verbs(&words, &starts, &apostrophes)
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

    #[test]
    fn irregular_table_is_sorted_for_binary_search() {
        assert!(IRREGULAR.windows(2).all(|w| w[0].0 < w[1].0));
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
}
