//! The language of a text, for `language: "auto"`: by script first (Cyrillic is read as
//! Russian, Greek as Greek, Arabic as Arabic, Tamil as Tamil), and for Latin script by counting
//! each language's most frequent function words, with letters peculiar to some languages (ß, ñ,
//! ø, ő, ğ, …) as hints. English, and anything undecided, is `None`: the English path.

use std::sync::OnceLock;

use super::{for_each_word, Language};
use crate::text::words::find_substring;

/// Which family of letters a character belongs to, for the script vote.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Script {
    Latin,
    Cyrillic,
    Greek,
    Arabic,
    Tamil,
    Other,
}

fn script_of(c: char) -> Script {
    match c as u32 {
        0x41..=0x5A | 0x61..=0x7A | 0xC0..=0x24F | 0x1E00..=0x1EFF => Script::Latin,
        0x400..=0x52F | 0x1C80..=0x1C8F | 0x2DE0..=0x2DFF | 0xA640..=0xA69F => Script::Cyrillic,
        0x370..=0x3FF | 0x1F00..=0x1FFF => Script::Greek,
        0x600..=0x6FF | 0x750..=0x77F | 0x8A0..=0x8FF | 0xFB50..=0xFDFF | 0xFE70..=0xFEFF => {
            Script::Arabic
        }
        0xB80..=0xBFF => Script::Tamil,
        _ => Script::Other,
    }
}

/// A candidate of the Latin-script vote: English or a stemmed language.
type Candidate = Option<Language>;

/// The candidates of the vote, English first (it wins ties).
const CANDIDATES: [Candidate; 14] = [
    None,
    Some(Language::German),
    Some(Language::French),
    Some(Language::Spanish),
    Some(Language::Italian),
    Some(Language::Portuguese),
    Some(Language::Dutch),
    Some(Language::Swedish),
    Some(Language::Norwegian),
    Some(Language::Danish),
    Some(Language::Finnish),
    Some(Language::Hungarian),
    Some(Language::Romanian),
    Some(Language::Turkish),
];

/// Each candidate's most frequent function words (lower-case, separated by spaces), in the order
/// of [`CANDIDATES`]. One string a language, not a `&[&str]`: see `crate::text::lexicon`.
const FUNCTION_WORDS: [&str; 14] = [
    "the and of to is in that it was for with on are as be by this not have you from or they \
     we which i a an my me am at he she his her but can do will if so no your what has had \
     would there their our",
    "der die das und ist nicht ein eine einen zu den mit sich auf für von dem des auch es im \
     sie ich wir wird werden sind nach bei aus oder aber",
    "le la les des et est une un que qui dans pour pas sur au du ce il elle ne avec sont nous \
     vous mais ou par plus cette aux je tu suis mon ma mes son sa ses",
    "el la los las del que y en es por con una un para se no su al lo como más pero sus le ya \
     fue este muy hay está",
    "il lo la i gli le di che e è un una per con non del della sono nel alla ma anche come \
     più questo ci dei degli nella delle",
    "o a os as de que e em um uma para com não do da dos das no na é se mais ao pelo pela \
     muito também são foi",
    "de het een en van is dat niet ik te zijn op voor met die er maar om ook als naar bij wat \
     worden wordt hij zij nog",
    "och att det som en är på inte av för med jag till den har om ett var men från också hade \
     efter något sig hon vad blev",
    "og det som en er på ikke av for med jeg til den har om et var men fra også meg hva hadde \
     etter noe seg deg ble bare",
    "og det som en er på ikke af for med jeg til den har om et var men fra også mig hvad \
     havde efter noget sig dig blev kun",
    "ja on ei se että oli hän ovat mutta kun joka myös tämä niin jos kuin ole olla mitä sen \
     vain tai",
    "a az és egy hogy nem is van meg volt már csak ez ki mint vagy el mert még azt ezt nagyon \
     lesz kell",
    "și şi de la în cu pe care nu este o un se din mai pentru sunt au ca iar sau fost acest \
     această",
    "ve bir bu da de için ile çok ne daha olan gibi ama var değil o en kadar sonra ben her \
     olarak",
];

/// Letters that hint at some languages (bits of [`CANDIDATES`] indexes).
fn hinted_by(c: char) -> u32 {
    const fn bits(indexes: &[usize]) -> u32 {
        let mut mask = 0;
        let mut i = 0;
        while i < indexes.len() {
            mask |= 1 << indexes[i];
            i += 1;
        }
        mask
    }
    const DE: usize = 1;
    const FR: usize = 2;
    const ES: usize = 3;
    const IT: usize = 4;
    const PT: usize = 5;
    const SV: usize = 7;
    const NO: usize = 8;
    const DA: usize = 9;
    const FI: usize = 10;
    const HU: usize = 11;
    const RO: usize = 12;
    const TR: usize = 13;
    match c {
        'ß' => bits(&[DE]),
        'ä' => bits(&[DE, SV, FI]),
        'ö' => bits(&[DE, SV, FI, HU, TR]),
        'ü' => bits(&[DE, HU, TR]),
        'ñ' => bits(&[ES]),
        'ã' | 'õ' => bits(&[PT]),
        'ç' => bits(&[FR, PT, TR]),
        'ø' | 'æ' => bits(&[NO, DA]),
        'å' => bits(&[SV, NO, DA]),
        'ő' | 'ű' => bits(&[HU]),
        'ă' | 'ș' | 'ț' | 'ţ' => bits(&[RO]),
        'ş' => bits(&[RO, TR]),
        'ğ' | 'ı' => bits(&[TR]),
        'â' => bits(&[FR, PT, RO, TR]),
        'î' => bits(&[FR, RO]),
        'è' | 'ù' | 'ê' | 'ë' | 'ï' | 'û' | 'œ' => bits(&[FR]),
        'à' => bits(&[FR, IT, PT]),
        'ì' | 'ò' => bits(&[IT]),
        'á' | 'í' | 'ó' | 'ú' => bits(&[ES, PT, HU]),
        'é' => bits(&[FR, ES, IT, PT, HU]),
        _ => 0,
    }
}

/// Points for a function word, and for a word with a hinting letter.
const FUNCTION_WORD_POINTS: u64 = 3;
const HINT_POINTS: u64 = 1;

/// The language of `text`, or `None` for English and for anything undecided (no letters, a
/// script without a stemmer such as Han, Latin text without any sign of a language).
///
/// ```
/// use evals_wasm::metrics::nlp::multilingual::{detect_language, Language};
/// assert_eq!(detect_language("Der Hund schläft, und die Katze ist wach."), Some(Language::German));
/// assert_eq!(detect_language("Собака спит."), Some(Language::Russian));
/// assert_eq!(detect_language("The dog sleeps and the cat is awake."), None);
/// assert_eq!(detect_language("犬が寝ている"), None);
/// ```
pub fn detect_language(text: &str) -> Option<Language> {
    detect_language_of(&[text])
}

/// The language of several texts taken together (an input and its output), as
/// [`detect_language`] finds it.
pub fn detect_language_of(texts: &[&str]) -> Option<Language> {
    let mut letters = [0u64; 6];
    for c in texts
        .iter()
        .flat_map(|t| t.chars())
        .filter(|c| c.is_alphabetic())
    {
        letters[script_of(c) as usize] += 1;
    }
    let scripts = [
        Script::Latin,
        Script::Cyrillic,
        Script::Greek,
        Script::Arabic,
        Script::Tamil,
        Script::Other,
    ];
    // The script with the most letters; the first of the list on a tie.
    let mut best = Script::Other;
    let mut most = 0;
    for script in scripts {
        if letters[script as usize] > most {
            most = letters[script as usize];
            best = script;
        }
    }
    match best {
        Script::Cyrillic => Some(Language::Russian),
        Script::Greek => Some(Language::Greek),
        Script::Arabic => Some(Language::Arabic),
        Script::Tamil => Some(Language::Tamil),
        Script::Latin => latin_language(texts),
        Script::Other => None,
    }
}

/// `text` without its web and e-mail addresses (runs between ASCII white space holding `@` or
/// `://`, or starting with `www.`), whose words say nothing of the text's language
/// ("www.post.de" would vote for Dutch).
fn without_addresses(text: &str) -> String {
    let mut kept = String::with_capacity(text.len());
    for token in text.split_ascii_whitespace() {
        let www = token
            .get(..4)
            .is_some_and(|p| p.eq_ignore_ascii_case("www."));
        // A byte scan, not `str::contains`: std's substring searcher costs 2 KB of the module.
        let address = token.bytes().any(|b| b == b'@') || find_substring(token, "://").is_some();
        if !(www || address) {
            kept.push_str(token);
            kept.push(' ');
        }
    }
    kept
}

/// Every function word with the candidates that have it (bits of [`CANDIDATES`] indexes), sorted
/// for binary search; built on first use, not at every vote.
fn function_word_table() -> &'static [(&'static str, u32)] {
    static TABLE: OnceLock<Vec<(&'static str, u32)>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table: Vec<(&str, u32)> = Vec::new();
        for (i, words) in FUNCTION_WORDS.iter().enumerate() {
            for word in words.split(' ') {
                table.push((word, 1 << i));
            }
        }
        table.sort_unstable();
        table.dedup_by(|later, first| {
            let same = later.0 == first.0;
            if same {
                first.1 |= later.1;
            }
            same
        });
        table
    })
}

/// The vote among Latin-script languages (see the module docs).
fn latin_language(texts: &[&str]) -> Option<Language> {
    let table = function_word_table();
    let mut points = [0u64; FUNCTION_WORDS.len()];
    let mut add = |mask: u32, amount: u64| {
        for (i, p) in points.iter_mut().enumerate() {
            if mask & (1 << i) != 0 {
                *p += amount;
            }
        }
    };
    for text in texts {
        for_each_word(&without_addresses(text), |word| {
            if let Ok(i) = table.binary_search_by(|(w, _)| (*w).cmp(word)) {
                add(table[i].1, FUNCTION_WORD_POINTS);
            }
            let hints = word.chars().fold(0, |mask, c| mask | hinted_by(c));
            add(hints, HINT_POINTS);
        });
    }
    let mut best = 0;
    for i in 1..points.len() {
        if points[i] > points[best] {
            best = i;
        }
    }
    if points[best] == 0 {
        return None;
    }
    CANDIDATES[best]
}
