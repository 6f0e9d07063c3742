//! Word lists packed into one string each, searched by bisection.
//!
//! A `&[&str]` costs 8 bytes of pointer and length per word on top of the text, and those bytes
//! barely compress; the English and stopword lists hold about 1,300 words, so packing them
//! keeps roughly 4 KB gzip out of the wasm module. Lookups stay O(log n).

use alloc::vec::Vec;

use core::cmp::Ordering;

/// Sorted, unique words separated by single spaces or line breaks.
///
/// ```
/// use evals_wasm::text::lexicon::WordList;
/// const COLOURS: WordList = WordList::new("blue green\nred");
/// assert!(COLOURS.contains("green") && !COLOURS.contains("gr"));
/// assert_eq!(COLOURS.words().count(), 3);
/// ```
#[derive(Debug, Clone, Copy)]
pub struct WordList(&'static str);

/// `key value` pairs, one per line (no trailing line break), sorted by key, keys unique.
///
/// ```
/// use evals_wasm::text::lexicon::WordMap;
/// const PAST: WordMap = WordMap::new("ate eat\nwent go");
/// assert_eq!(PAST.get("went"), Some("go"));
/// assert_eq!(PAST.get("go"), None);
/// ```
#[derive(Debug, Clone, Copy)]
pub struct WordMap(&'static str);

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
        WordList(words)
    }

    /// Whether `word` is one of the words.
    pub fn contains(&self, word: &str) -> bool {
        bisect(self.0, false, word).is_some()
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
        WordMap(pairs)
    }

    /// The value stored for `key`.
    pub fn get(&self, key: &str) -> Option<&'static str> {
        let line = bisect(self.0, true, key)?;
        line.get(key.len() + 1..)
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

fn first_field(line: &str) -> &str {
    let bytes = line.as_bytes();
    let mut end = 0;
    while end < bytes.len() && bytes[end] != b' ' {
        end += 1;
    }
    line.get(..end).unwrap_or("")
}

/// Binary search for `key` over the entries of `text`, which are sorted: lines whose first
/// field is compared (`by_line`), or words between spaces and line breaks. Every probe backs up to
/// the start of the entry it lands in, so both ends of the range always sit on entry boundaries.
/// Plain byte loops: this runs for most words of a text, and `str` searchers cost more here.
fn bisect<'t>(text: &'t str, by_line: bool, key: &str) -> Option<&'t str> {
    // The byte that ends an entry besides a line break (a line break again for lines).
    let space = if by_line { b'\n' } else { b' ' };
    let bytes = text.as_bytes();
    let (mut low, mut high) = (0, bytes.len());
    while low < high {
        let middle = low + (high - low) / 2;
        let mut start = middle;
        while start > low && bytes[start - 1] != b'\n' && bytes[start - 1] != space {
            start -= 1;
        }
        let mut end = middle;
        while end < high && bytes[end] != b'\n' && bytes[end] != space {
            end += 1;
        }
        // Separators are ASCII, so `start` and `end` are character boundaries.
        let entry = text.get(start..end)?;
        let compared = if by_line { first_field(entry) } else { entry };
        match compared.as_bytes().cmp(key.as_bytes()) {
            Ordering::Equal if !entry.is_empty() => return Some(entry),
            Ordering::Less | Ordering::Equal => low = end + 1,
            Ordering::Greater => high = start,
        }
    }
    None
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
