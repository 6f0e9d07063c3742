//! Word lists packed into one string each, looked up through a hash table built on first use.
//!
//! A `&[&str]` costs 8 bytes of pointer and length per word on top of the text, and those bytes
//! barely compress; the English and stopword lists hold about 1,300 words, so packing them
//! keeps roughly 4 KB gzip out of the wasm module. Each list builds a [`WordTable`] of its words
//! the first time it is asked (bisecting the packed text for every word took more than half of a
//! completeness measure), so the lists are `static` items, not `const` ones.

use alloc::{boxed::Box, vec::Vec};

use once_cell::race::OnceBox;

use crate::text::hashing::WordTable;

/// Sorted, unique words separated by single spaces or line breaks.
///
/// ```
/// use evals_wasm::text::lexicon::WordList;
/// static COLOURS: WordList = WordList::new("blue green\nred");
/// assert!(COLOURS.contains("green") && !COLOURS.contains("gr"));
/// assert_eq!(COLOURS.words().count(), 3);
/// ```
pub struct WordList(&'static str, OnceBox<WordTable<'static>>);

/// `key value` pairs, one per line (no trailing line break), sorted by key, keys unique.
///
/// ```
/// use evals_wasm::text::lexicon::WordMap;
/// static PAST: WordMap = WordMap::new("ate eat\nwent go");
/// assert_eq!(PAST.get("went"), Some("go"));
/// assert_eq!(PAST.get("go"), None);
/// ```
pub struct WordMap(
    &'static str,
    OnceBox<(WordTable<'static>, Vec<&'static str>)>,
);

/// Calls `each` with every word of `data`, a list of words front-coded: each word is an ASCII
/// capital `A`..`Z` giving how many leading bytes (0–25) it shares with the word before, then the
/// rest of its bytes (the words hold no ASCII capital). Sorted words share long prefixes, and the
/// list coded so is about a third smaller gzipped than the words themselves.
///
/// ```
/// let mut words = Vec::new();
/// evals_wasm::text::lexicon::front_coded(b"AabandonHedHsBble", |w| words.push(w.to_vec()));
/// assert_eq!(words, [&b"abandon"[..], b"abandoned", b"abandons", b"able"]);
/// ```
pub fn front_coded(data: &[u8], mut each: impl FnMut(&[u8])) {
    let mut word = Vec::new();
    let mut i = 0;
    while i < data.len() {
        let shared = usize::from(data[i].wrapping_sub(b'A'));
        i += 1;
        let end = data[i..]
            .iter()
            .position(u8::is_ascii_uppercase)
            .map_or(data.len(), |n| i + n);
        word.truncate(shared);
        word.extend_from_slice(&data[i..end]);
        each(&word);
        i = end;
    }
}

impl WordList {
    pub const fn new(words: &'static str) -> Self {
        WordList(words, OnceBox::new())
    }

    /// Whether `word` is one of the words.
    pub fn contains(&self, word: &str) -> bool {
        self.1
            .get_or_init(|| Box::new(WordTable::new(self.words())))
            .contains(word)
    }

    /// The words, in order.
    pub fn words(&self) -> impl Iterator<Item = &'static str> {
        self.0.split([' ', '\n']).filter(|w| !w.is_empty())
    }

    /// Panics unless the words are sorted, unique and separated by exactly one separator
    /// (an empty entry would misdirect the search). For the tests of each list.
    #[cfg(test)]
    pub(crate) fn assert_well_formed(&self) {
        let entries: Vec<&str> = self.0.split([' ', '\n']).collect();
        assert!(
            entries.iter().all(|w| !w.is_empty()),
            "an empty entry in {:?}",
            self.0
        );
        for pair in entries.windows(2) {
            assert!(pair[0] < pair[1], "{} before {}", pair[0], pair[1]);
        }
    }
}

impl WordMap {
    pub const fn new(pairs: &'static str) -> Self {
        WordMap(pairs, OnceBox::new())
    }

    /// The value stored for `key`.
    pub fn get(&self, key: &str) -> Option<&'static str> {
        let (keys, values) = self.1.get_or_init(|| {
            let (keys, values): (Vec<_>, Vec<_>) = self.pairs().unzip();
            Box::new((WordTable::new(keys), values))
        });
        keys.index_of(key)
            .and_then(|index| values.get(index).copied())
    }

    /// The pairs, in order.
    pub fn pairs(&self) -> impl Iterator<Item = (&'static str, &'static str)> {
        self.0.lines().filter_map(|line| line.split_once(' '))
    }

    /// Panics unless every line is `key value` and the keys are sorted and unique.
    #[cfg(test)]
    pub(crate) fn assert_well_formed(&self) {
        let lines: Vec<&str> = self.0.split('\n').collect();
        for line in &lines {
            let fields: Vec<&str> = line.split(' ').collect();
            assert!(
                fields.len() == 2 && fields.iter().all(|f| !f.is_empty()),
                "line {line:?}"
            );
        }
        for pair in lines.windows(2) {
            assert!(
                first_field(pair[0]) < first_field(pair[1]),
                "{} before {}",
                pair[0],
                pair[1]
            );
        }
    }
}

#[cfg(test)]
fn first_field(line: &str) -> &str {
    let bytes = line.as_bytes();
    let mut end = 0;
    while end < bytes.len() && bytes[end] != b' ' {
        end += 1;
    }
    line.get(..end).unwrap_or("")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_word_is_found_and_nothing_between() {
        let text = "ab abc b ba c\nca cab d";
        let list = WordList::new(text);
        for word in list.words() {
            assert!(list.contains(word), "{word}");
            assert!(!list.contains(&format!("{word}!")));
        }
        for absent in ["", "a", "aa", "bb", "cz", "e", " ", "ab abc"] {
            assert!(!list.contains(absent), "{absent:?}");
        }
        assert!(!WordList::new("").contains("x"));
        assert!(WordList::new("x").contains("x"));
        list.assert_well_formed();
    }

    #[test]
    fn maps_find_by_key_only() {
        let map = WordMap::new("a 1\nb 2\nc 3");
        assert_eq!(map.get("a"), Some("1"));
        assert_eq!(map.get("c"), Some("3"));
        assert_eq!(map.get("2"), None);
        assert_eq!(map.get(""), None);
        assert_eq!(map.pairs().count(), 3);
        WordMap::new("a 1\nb 2").assert_well_formed();
    }
}
