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
    /// Drop the word: an auxiliary whose verb phrase is represented by its main verb.
    Drop,
}

/// Decides, for each word of a sentence-annotated word list, what it becomes.
/// `words[i]` is lower-case; `clause_start[i]` says a sentence or clause begins at `i`.
pub fn rewrite_verbs(
    words: &[&str],
    clause_start: &[bool],
    after_apostrophe: &[bool],
) -> Vec<Rewrite> {
    let n = words.len();
    let mut out = vec![Rewrite::Keep; n];
    let mut i = 0;
    while i < n {
        let word = words[i];
        if after_apostrophe[i] {
            out[i] = Rewrite::Keep;
            i += 1;
            continue;
        }
        if let Some(aux) = auxiliary(word) {
            // Look past adverbs for the verb this auxiliary helps.
            let mut j = i + 1;
            while j < n
                && !clause_start[j]
                && (is_adverb_in_chain(words[j]) || auxiliary(words[j]).is_some())
            {
                j += 1;
            }
            let main = (j < n && !clause_start[j]).then(|| words[j]);
            let helps = main.is_some_and(|m| match aux {
                Aux::Modal | Aux::Do => !is_function_word(m) || auxiliary(m).is_some(),
                Aux::Be | Aux::Have => past_participle_or_gerund(m).is_some(),
            });
            if helps {
                for k in i..j {
                    out[k] = if auxiliary(words[k]).is_some() {
                        Rewrite::Drop
                    } else {
                        Rewrite::Keep
                    };
                }
                if let Some(m) = main {
                    let lemma = match aux {
                        Aux::Modal | Aux::Do => base_of_any(m).unwrap_or_else(|| m.to_string()),
                        Aux::Be | Aux::Have => {
                            past_participle_or_gerund(m).unwrap_or_else(|| m.to_string())
                        }
                    };
                    out[j] = Rewrite::Verb(lemma);
                }
                i = j + 1;
                continue;
            }
            out[i] = match aux {
                Aux::Modal => Rewrite::Keep,
                _ => Rewrite::Verb(auxiliary_infinitive(word).to_string()),
            };
            i += 1;
            continue;
        }
        let previous = (i > 0 && !clause_start[i]).then(|| words[i - 1]);
        let next = (i + 1 < n && !clause_start[i + 1]).then(|| words[i + 1]);
        if let Some(lemma) = free_standing_verb(word, previous, next) {
            out[i] = Rewrite::Verb(lemma);
        }
        i += 1;
    }
    out
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
        "will" | "would" | "shall" | "should" | "can" | "could" | "may" | "might" | "must" => {
            Aux::Modal
        }
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
    matches!(
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
            | "now"
            | "ever"
            | "even"
            | "finally"
            | "truly"
            | "clearly"
            | "simply"
            | "often"
            | "long"
            | "since"
            | "all"
            | "both"
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
        let base = strip_ed(word)?;
        if after_determiner {
            return None;
        }
        return Some(base);
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
            None => previous.is_some_and(|p| !is_function_word(p)),
            Some(n) => is_determiner_like(n) || is_object_start(n),
        };
        if subject || (previous.is_some_and(|p| !is_function_word(p)) && object_follows) {
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
        'v' | 'c' | 'z' => return true,
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
    n == 2 || !is_vowel(chars[n - 3]) && !(chars[n - 3] == 'q' && chars[n - 2] == 'u')
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
    ("beaten", "beat"),
    ("became", "become"),
    ("befell", "befall"),
    ("began", "begin"),
    ("begun", "begin"),
    ("bent", "bend"),
    ("besought", "beseech"),
    ("bitten", "bite"),
    ("bled", "bleed"),
    ("blew", "blow"),
    ("blown", "blow"),
    ("borne", "bear"),
    ("bought", "buy"),
    ("bound", "bind"),
    ("bred", "breed"),
    ("broke", "break"),
    ("broken", "break"),
    ("brought", "bring"),
    ("built", "build"),
    ("burnt", "burn"),
    ("came", "come"),
    ("caught", "catch"),
    ("chose", "choose"),
    ("chosen", "choose"),
    ("clung", "cling"),
    ("crept", "creep"),
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
    ("hung", "hang"),
    ("knew", "know"),
    ("known", "know"),
    ("laid", "lay"),
    ("lain", "lie"),
    ("leapt", "leap"),
    ("learnt", "learn"),
    ("led", "lead"),
    ("left", "leave"),
    ("lent", "lend"),
    ("lost", "lose"),
    ("made", "make"),
    ("meant", "mean"),
    ("met", "meet"),
    ("mistaken", "mistake"),
    ("mistook", "mistake"),
    ("overcame", "overcome"),
    ("oversaw", "oversee"),
    ("overseen", "oversee"),
    ("overtaken", "overtake"),
    ("overtook", "overtake"),
    ("paid", "pay"),
    ("proven", "prove"),
    ("ran", "run"),
    ("rang", "ring"),
    ("rebuilt", "rebuild"),
    ("ridden", "ride"),
    ("risen", "rise"),
    ("rode", "ride"),
    ("rung", "ring"),
    ("said", "say"),
    ("sang", "sing"),
    ("sank", "sink"),
    ("sat", "sit"),
    ("saw", "see"),
    ("seen", "see"),
    ("sent", "send"),
    ("shaken", "shake"),
    ("shone", "shine"),
    ("shook", "shake"),
    ("shot", "shoot"),
    ("shown", "show"),
    ("shrank", "shrink"),
    ("slain", "slay"),
    ("slept", "sleep"),
    ("slid", "slide"),
    ("sold", "sell"),
    ("sought", "seek"),
    ("spent", "spend"),
    ("spoke", "speak"),
    ("spoken", "speak"),
    ("sprang", "spring"),
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
