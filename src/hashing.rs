//! Hashed sets of words, for the model-free metrics that look every word of a text up in a fixed
//! list (AFINN scores, stopwords) or in the words of the other text.
//!
//! [`WordTable`] is an open-addressing table of indices into a list of `&str`, hashed with FNV-1a
//! and probed linearly. It replaces `std::collections::HashMap`, whose code is instantiated once
//! per key and value type (about 2 KB gzip in the wasm module for the two maps it served), and
//! sorting-based sets, which cost O(n log n) comparisons of strings through a `&dyn Fn`. It is
//! compiled once, for `&str`; every operation is O(1) expected, the whole table O(n) memory.
//! Keys are the texts' own words, so a flood of colliding keys would have to be written on
//! purpose and only slows the measure down (probing stays bounded by the table size).

/// FNV-1a, 32 bits, of `bytes`. For keys of a few bytes it is much faster than std's SipHash,
/// which took a third of a tone measure in WebAssembly.
///
/// ```
/// assert_eq!(evals_wasm::hashing::fnv1a(b"a"), 0xe40c_292c);
/// ```
#[inline]
pub fn fnv1a(bytes: &[u8]) -> u32 {
    let mut hash: u32 = 0x811c_9dc5;
    for &byte in bytes {
        hash = (hash ^ u32::from(byte)).wrapping_mul(0x0100_0193);
    }
    hash
}

/// Marks a slot that holds no word.
const EMPTY: u32 = u32::MAX;

/// A set of distinct words, each with the index it was added at (0, 1, 2, …).
///
/// ```
/// use evals_wasm::hashing::WordTable;
/// let mut table = WordTable::default();
/// assert_eq!(table.insert("pear"), (0, true));
/// assert_eq!(table.insert("fig"), (1, true));
/// assert_eq!(table.insert("pear"), (0, false));
/// assert_eq!(table.index_of("fig"), Some(1));
/// assert!(!table.contains("apple"));
/// assert_eq!(table.len(), 2);
/// ```
#[derive(Debug, Default, Clone)]
pub struct WordTable<'a> {
    words: Vec<&'a str>,
    /// Indices into `words`, or [`EMPTY`]; the length is 0 or a power of two at least twice the
    /// number of words.
    slots: Vec<u32>,
}

impl<'a> WordTable<'a> {
    /// The distinct words of `words`.
    pub fn new(words: impl IntoIterator<Item = &'a str>) -> Self {
        let mut table = WordTable::default();
        for word in words {
            table.insert(word);
        }
        table
    }

    /// How many distinct words the table holds.
    pub fn len(&self) -> usize {
        self.words.len()
    }

    /// Whether the table holds no word.
    pub fn is_empty(&self) -> bool {
        self.words.is_empty()
    }

    /// Whether `word` is in the table.
    pub fn contains(&self, word: &str) -> bool {
        self.index_of(word).is_some()
    }

    /// The index `word` was added at.
    pub fn index_of(&self, word: &str) -> Option<usize> {
        self.find(word).ok()
    }

    /// Adds `word` unless it is there: its index, and whether it was added now.
    pub fn insert(&mut self, word: &'a str) -> (usize, bool) {
        if (self.words.len() + 1) * 2 > self.slots.len() {
            self.grow();
        }
        match self.find(word) {
            Ok(index) => (index, false),
            Err(slot) => {
                let index = self.words.len();
                self.words.push(word);
                self.slots[slot] = index as u32;
                (index, true)
            }
        }
    }

    /// `Ok(index)` of `word`, or `Err(slot)`: the empty slot where it would go.
    fn find(&self, word: &str) -> Result<usize, usize> {
        if self.slots.is_empty() {
            return Err(0);
        }
        let mask = self.slots.len() - 1;
        let mut slot = fnv1a(word.as_bytes()) as usize & mask;
        loop {
            match self.slots[slot] {
                EMPTY => return Err(slot),
                index if self.words[index as usize] == word => return Ok(index as usize),
                _ => slot = (slot + 1) & mask,
            }
        }
    }

    /// Doubles the slots (at least 16) and puts every word back.
    fn grow(&mut self) {
        let size = (self.slots.len() * 2).max(16);
        self.slots = vec![EMPTY; size];
        let mask = size - 1;
        for (index, word) in self.words.iter().enumerate() {
            let mut slot = fnv1a(word.as_bytes()) as usize & mask;
            while self.slots[slot] != EMPTY {
                slot = (slot + 1) & mask;
            }
            self.slots[slot] = index as u32;
        }
    }
}

/// The distinct words of `words`, each once, in order of first appearance.
///
/// ```
/// let words = ["b", "a", "b", "c", "a"].map(String::from).to_vec();
/// assert_eq!(evals_wasm::hashing::distinct_in_order(words), ["b", "a", "c"]);
/// ```
pub fn distinct_in_order(words: Vec<String>) -> Vec<String> {
    let first: Vec<bool> = {
        let mut seen = WordTable::default();
        words.iter().map(|word| seen.insert(word).1).collect()
    };
    words
        .into_iter()
        .zip(first)
        .filter_map(|(word, keep)| keep.then_some(word))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agrees_with_the_standard_library() {
        use std::collections::HashSet;
        let mut state = 0x9e37_79b9_u32;
        for len in [0, 1, 2, 7, 300] {
            let words: Vec<String> = (0..len)
                .map(|_| {
                    state ^= state << 13;
                    state ^= state >> 17;
                    state ^= state << 5;
                    format!("w{}", state % 40)
                })
                .collect();
            let set = WordTable::new(words.iter().map(String::as_str));
            let expected: HashSet<&str> = words.iter().map(String::as_str).collect();
            assert_eq!(set.len(), expected.len());
            for probe in 0..45 {
                let probe = format!("w{probe}");
                assert_eq!(set.contains(&probe), expected.contains(probe.as_str()));
            }
            let mut seen = HashSet::new();
            let distinct: Vec<String> = words.iter().filter(|w| seen.insert(*w)).cloned().collect();
            assert_eq!(distinct_in_order(words), distinct);
        }
    }

    #[test]
    fn holds_many_words_and_finds_each() {
        let words: Vec<String> = (0..5000)
            .map(|i| format!("w{}", i * 7919 % 10007))
            .collect();
        let mut table = WordTable::default();
        for (i, word) in words.iter().enumerate() {
            assert_eq!(table.insert(word), (i, true));
        }
        for (i, word) in words.iter().enumerate() {
            assert_eq!(table.index_of(word), Some(i));
            assert_eq!(table.insert(word), (i, false));
        }
        assert_eq!(table.len(), 5000);
        assert!(!table.contains("w"));
        assert!(!table.contains(""));
    }

    #[test]
    fn the_empty_word_is_a_word() {
        let table = WordTable::new(["", "a", ""]);
        assert_eq!(table.len(), 2);
        assert_eq!(table.index_of(""), Some(0));
        assert!(WordTable::default().is_empty());
        assert!(!WordTable::default().contains(""));
    }
}
