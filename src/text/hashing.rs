//! Sets of words, for the model-free metrics that look every word of a text up in a fixed list
//! (AFINN scores, stopwords) or in the words of the other text.
//!
//! [`WordTable`] is an open-addressing table of indices into a list of `&str`, hashed with [`word_hash`]
//! and probed linearly. It replaces `std::collections::HashMap`, whose code is instantiated once
//! per key and value type (about 2 KB gzip in the wasm module for the two maps it served), and
//! sets kept by sorting, which cost O(n log n) comparisons of strings through a `&dyn Fn`. It is
//! compiled once, for `&str`, and its operations cost O(1) on any text a person writes.
//!
//! Its worst case stays O(n log n): [`word_hash`] is not a keyed hash, so a text could be written on
//! purpose with thousands of words that share a slot, and linear probing would then take
//! quadratic time. The table is sparse (a quarter full), where honest words leave runs of
//! occupied slots far shorter than [`MAX_RUN`] (about 20 for a million words); a build that meets
//! a longer run gives up hashing and keeps the words sorted instead (binary search, and the
//! sort of `sorting::sort_indices`). So every lookup costs at most [`MAX_RUN`] probes or a
//! binary search, and every build O(n · [`MAX_RUN`]) or a sort.

use alloc::{
    string::{String, ToString},
    vec,
    vec::Vec,
};

use crate::text::sorting::sorted_order;

/// The hash of the word tables: eight bytes at a time, each word of bytes mixed in by a
/// multiplication, so a word of up to eight bytes costs one. Several times faster than
/// FNV-1a, which multiplies once per byte (and std's SipHash, which took a third of a tone
/// measure in WebAssembly).
///
/// ```
/// use evals_wasm::text::hashing::word_hash;
/// assert_ne!(word_hash(b"the"), word_hash(b"thE"));
/// assert_ne!(word_hash(b"a"), word_hash(b"a\0"));
/// ```
#[inline]
pub fn word_hash(bytes: &[u8]) -> u32 {
    word_hash_mapped(bytes, |byte| byte)
}

/// [`word_hash`] of `bytes` with `map` applied to each byte, without writing them out:
/// `word_hash_mapped(b"The", |b| b.to_ascii_lowercase()) == word_hash(b"the")`.
///
/// ```
/// use evals_wasm::text::hashing::{word_hash, word_hash_mapped};
/// let lower = |b: u8| b.to_ascii_lowercase();
/// assert_eq!(word_hash_mapped(b"UnBeLiEvAbLy", lower), word_hash(b"unbelievably"));
/// ```
#[inline(always)]
pub fn word_hash_mapped(bytes: &[u8], mut map: impl FnMut(u8) -> u8) -> u32 {
    const K: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut hash = (bytes.len() as u64).wrapping_mul(K);
    let mut chunks = bytes.chunks_exact(8);
    for chunk in &mut chunks {
        let mut word = [0u8; 8];
        for (to, &from) in word.iter_mut().zip(chunk) {
            *to = map(from);
        }
        hash = (hash ^ u64::from_le_bytes(word)).wrapping_mul(K);
        hash ^= hash >> 29;
    }
    let mut tail = 0u64;
    for (i, &byte) in chunks.remainder().iter().enumerate() {
        tail |= u64::from(map(byte)) << (8 * i);
    }
    hash = (hash ^ tail).wrapping_mul(K);
    (hash ^ (hash >> 32)) as u32
}

/// The hash a table places its words by: [`word_hash`], or another one (the tests use bad ones).
#[derive(Debug, Clone, Copy)]
enum HashedBy {
    WordHash,
    #[cfg(test)]
    Other(fn(&[u8]) -> u32),
}

impl HashedBy {
    #[inline(always)]
    fn function(self) -> fn(&[u8]) -> u32 {
        match self {
            HashedBy::WordHash => word_hash,
            #[cfg(test)]
            HashedBy::Other(hash) => hash,
        }
    }
}

/// Marks a slot that holds no word.
const EMPTY: u32 = u32::MAX;

/// The longest run of occupied slots a hashed table may hold (and so the most probes a lookup or
/// an insert may take) before the table falls back to sorting.
pub const MAX_RUN: usize = 64;

/// A set of distinct words, each with its index: its place among the distinct words in order of
/// first appearance.
///
/// ```
/// use evals_wasm::text::hashing::WordTable;
/// let table = WordTable::new(["pear", "fig", "pear", "apple"]);
/// assert_eq!(table.words(), ["pear", "fig", "apple"]);
/// assert_eq!(table.index_of("apple"), Some(2));
/// assert!(table.contains("fig") && !table.contains("plum"));
/// assert_eq!(table.len(), 3);
/// ```
#[derive(Debug, Clone)]
pub struct WordTable<'a> {
    /// The distinct words, in order of first appearance.
    words: Vec<&'a str>,
    lookup: Lookup,
}

#[derive(Debug, Clone)]
enum Lookup {
    /// Indices into `words`, or [`EMPTY`]; a power of two at least four times the words, with
    /// no run of occupied slots longer than [`MAX_RUN`]; and the hash that placed them.
    Hashed(Vec<u32>, HashedBy),
    /// Indices into `words`, ordered by word.
    Sorted(Vec<usize>),
}

impl<'a> WordTable<'a> {
    /// The distinct words of `words`.
    pub fn new(words: impl IntoIterator<Item = &'a str>) -> Self {
        Self::with_hash(words.into_iter().collect(), HashedBy::WordHash)
    }

    /// [`new`](Self::new) with another hash function (the tests use a bad one).
    fn with_hash(all: Vec<&'a str>, hashed_by: HashedBy) -> Self {
        let hash = hashed_by.function();
        // The table grows with the distinct words (doubling, so that it stays at most a quarter
        // full), not with all of them: a long text repeats its words, and a table sized by its
        // length took most of the memory and the cache misses of a measure.
        let mut slots = vec![EMPTY; 16];
        let mut words = Vec::new();
        let mut hashes = Vec::new();
        for &word in &all {
            let word_hash = hash(word.as_bytes());
            let mask = slots.len() - 1;
            let mut slot = word_hash as usize & mask;
            let mut probes = 0;
            loop {
                match slots[slot] {
                    EMPTY => {
                        slots[slot] = words.len() as u32;
                        words.push(word);
                        hashes.push(word_hash);
                        break;
                    }
                    index if words[index as usize] == word => break,
                    _ if probes == MAX_RUN => return Self::sorted(&all),
                    _ => {
                        slot = (slot + 1) & mask;
                        probes += 1;
                    }
                }
            }
            if words.len() * 4 > slots.len() && !grown(&mut slots, &hashes) {
                return Self::sorted(&all);
            }
        }
        if longest_run(&slots) > MAX_RUN {
            return Self::sorted(&all);
        }
        WordTable {
            words,
            lookup: Lookup::Hashed(slots, hashed_by),
        }
    }

    /// The distinct words of `all` found by sorting: O(n log n) whatever the words.
    fn sorted(all: &[&'a str]) -> Self {
        // Equal words sort by position, so the first of each run is the first occurrence.
        let order = sorted_order(all.len(), &|a, b| all[a].cmp(all[b]).then(a.cmp(&b)));
        let mut first = vec![false; all.len()];
        for (k, &i) in order.iter().enumerate() {
            first[i] = k == 0 || all[order[k - 1]] != all[i];
        }
        // The index of each first occurrence among the distinct words.
        let mut index_of = vec![0; all.len()];
        let mut words = Vec::new();
        for (i, &word) in all.iter().enumerate() {
            if first[i] {
                index_of[i] = words.len();
                words.push(word);
            }
        }
        let mut sorted = Vec::with_capacity(words.len());
        for i in order {
            if first[i] {
                sorted.push(index_of[i]);
            }
        }
        WordTable {
            words,
            lookup: Lookup::Sorted(sorted),
        }
    }

    /// The distinct words, in order of first appearance.
    pub fn words(&self) -> &[&'a str] {
        &self.words
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

    /// The index of `word`: its place among the distinct words in order of first appearance.
    pub fn index_of(&self, word: &str) -> Option<usize> {
        match &self.lookup {
            Lookup::Hashed(slots, hashed_by) => {
                let hash = hashed_by.function();
                let mask = slots.len() - 1;
                let mut slot = hash(word.as_bytes()) as usize & mask;
                // Ends within MAX_RUN + 1 probes: no longer run of occupied slots exists.
                loop {
                    match slots[slot] {
                        EMPTY => return None,
                        index if self.words[index as usize] == word => return Some(index as usize),
                        _ => slot = (slot + 1) & mask,
                    }
                }
            }
            Lookup::Sorted(order) => order
                .binary_search_by(|&i| self.words[i].cmp(word))
                .ok()
                .map(|k| order[k]),
        }
    }

    /// The index of the word whose [`word_hash`] is `hash` and for which `is_word` holds, for a
    /// caller that hashes a word without writing it out (tone hashes tokens lower-cased on the
    /// fly). `None` when the table cannot look words up by hash (it fell back to sorting, or it
    /// was built with another hash): then ask [`index_of`](Self::index_of).
    #[inline]
    pub fn find_hashed(&self, hash: u32, is_word: impl Fn(&str) -> bool) -> Option<Option<usize>> {
        match &self.lookup {
            Lookup::Hashed(slots, HashedBy::WordHash) => {
                let mask = slots.len() - 1;
                let mut slot = hash as usize & mask;
                loop {
                    match slots[slot] {
                        EMPTY => return Some(None),
                        index if is_word(self.words[index as usize]) => {
                            return Some(Some(index as usize))
                        }
                        _ => slot = (slot + 1) & mask,
                    }
                }
            }
            _ => None,
        }
    }

    /// Whether the words are kept sorted because hashing met a run of slots too long (for the
    /// tests).
    pub fn fell_back_to_sorting(&self) -> bool {
        matches!(self.lookup, Lookup::Sorted(_))
    }
}

/// Replaces `slots` by a table twice as large holding the words of `hashes` (their hashes, in
/// index order); false if one of them needed more than [`MAX_RUN`] probes.
fn grown(slots: &mut Vec<u32>, hashes: &[u32]) -> bool {
    *slots = vec![EMPTY; slots.len() * 2];
    let mask = slots.len() - 1;
    for (index, &hash) in hashes.iter().enumerate() {
        let mut slot = hash as usize & mask;
        let mut probes = 0;
        while slots[slot] != EMPTY {
            if probes == MAX_RUN {
                return false;
            }
            slot = (slot + 1) & mask;
            probes += 1;
        }
        slots[slot] = index as u32;
    }
    true
}

/// The longest run of occupied slots, counting a run that wraps around the end.
fn longest_run(slots: &[u32]) -> usize {
    let (mut longest, mut run) = (0, 0);
    for &slot in slots.iter().chain(slots) {
        run = if slot == EMPTY { 0 } else { run + 1 };
        longest = longest.max(run);
    }
    longest.min(slots.len())
}

/// The distinct words of `words`, each once, in order of first appearance.
///
/// ```
/// let words = ["b", "a", "b", "c", "a"].map(String::from).to_vec();
/// assert_eq!(evals_wasm::text::hashing::distinct_in_order(words), ["b", "a", "c"]);
/// ```
pub fn distinct_in_order(words: Vec<String>) -> Vec<String> {
    // The table keeps its distinct words in order of first appearance already.
    let table = WordTable::new(words.iter().map(String::as_str));
    table.words().iter().map(|word| word.to_string()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    fn random_words(len: usize, distinct: u32, state: &mut u32) -> Vec<String> {
        (0..len)
            .map(|_| {
                *state ^= *state << 13;
                *state ^= *state >> 17;
                *state ^= *state << 5;
                format!("w{}", *state % distinct)
            })
            .collect()
    }

    fn check_against_std(table: &WordTable, words: &[String]) {
        let mut seen = HashSet::new();
        let distinct: Vec<&str> = words
            .iter()
            .map(String::as_str)
            .filter(|w| seen.insert(*w))
            .collect();
        assert_eq!(table.words(), distinct.as_slice());
        for (i, word) in distinct.iter().enumerate() {
            assert_eq!(table.index_of(word), Some(i));
        }
        for probe in ["", "w", "x1", "w-1"] {
            assert_eq!(table.contains(probe), seen.contains(probe));
        }
    }

    #[test]
    fn agrees_with_the_standard_library() {
        let mut state = 0x9e37_79b9_u32;
        for len in [0, 1, 2, 7, 300, 5000] {
            let words = random_words(len, 40.max(len as u32 / 2), &mut state);
            let table = WordTable::new(words.iter().map(String::as_str));
            assert!(!table.fell_back_to_sorting());
            check_against_std(&table, &words);
            let mut seen = HashSet::new();
            let distinct: Vec<String> = words.iter().filter(|w| seen.insert(*w)).cloned().collect();
            assert_eq!(distinct_in_order(words), distinct);
        }
    }

    #[test]
    fn colliding_words_fall_back_to_sorting_with_the_same_answers() {
        // Every word hashes to the same slot: hashing would be quadratic.
        let mut state = 0x2545_f491_u32;
        for len in [MAX_RUN + 2, 20_000] {
            let mut words: Vec<String> = (0..len).map(|i| format!("w{i}")).collect();
            words.extend(random_words(len, len as u32, &mut state));
            let table = WordTable::with_hash(
                words.iter().map(String::as_str).collect(),
                HashedBy::Other(|_| 7),
            );
            assert!(table.fell_back_to_sorting());
            check_against_std(&table, &words);
        }
        // A few collisions stay hashed.
        let words = random_words(10, 10, &mut state);
        let table = WordTable::with_hash(
            words.iter().map(String::as_str).collect(),
            HashedBy::Other(|_| 7),
        );
        assert!(!table.fell_back_to_sorting());
        check_against_std(&table, &words);
    }

    #[test]
    fn a_long_run_of_neighbouring_slots_falls_back_too() {
        // Distinct slots, but all next to each other: one run as long as the words.
        let words: Vec<String> = (0..200).map(|i| format!("{i:03}")).collect();
        let by_number = |bytes: &[u8]| {
            std::str::from_utf8(bytes)
                .ok()
                .and_then(|s| s.parse().ok())
                .unwrap_or(0)
        };
        let table = WordTable::with_hash(
            words.iter().map(String::as_str).collect(),
            HashedBy::Other(by_number),
        );
        assert!(table.fell_back_to_sorting());
        check_against_std(&table, &words);
    }

    #[test]
    fn runs_are_counted_around_the_end() {
        let mut slots = vec![EMPTY; 8];
        for i in [6, 7, 0, 1] {
            slots[i] = 0;
        }
        assert_eq!(longest_run(&slots), 4);
        assert_eq!(longest_run(&[0, 0]), 2);
        assert_eq!(longest_run(&[EMPTY]), 0);
    }

    #[test]
    fn the_empty_word_is_a_word() {
        let table = WordTable::new(["", "a", ""]);
        assert_eq!(table.len(), 2);
        assert_eq!(table.index_of(""), Some(0));
        assert!(WordTable::new([]).is_empty());
        assert!(!WordTable::new([]).contains(""));
    }
}
