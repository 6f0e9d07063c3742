//! The sorts of the model-free metrics that need sorted lists: a radix sort for numbers
//! (bigrams, characters) and a heapsort of indices under a comparator passed as `&dyn Fn`
//! (words).
//!
//! `slice::sort_unstable` is instantiated anew for every element type, and each instantiation
//! costs the wasm module about 4 KB; these two are compiled once each.

use std::cmp::Ordering;

/// Sorts `items` (indices into some list) so that `compare` holds between neighbours. Not
/// stable: callers break ties themselves when order matters.
///
/// ```
/// let words = ["pear", "apple", "fig"];
/// let mut order = vec![0, 1, 2];
/// evals_wasm::sorting::sort_indices(&mut order, &|a, b| words[a].cmp(words[b]));
/// assert_eq!(order, [1, 2, 0]);
/// ```
pub fn sort_indices(items: &mut [usize], compare: &dyn Fn(usize, usize) -> Ordering) {
    let sift_down = |items: &mut [usize], mut root: usize, end: usize| loop {
        let mut child = 2 * root + 1;
        if child >= end {
            break;
        }
        if child + 1 < end && compare(items[child], items[child + 1]) == Ordering::Less {
            child += 1;
        }
        if compare(items[root], items[child]) != Ordering::Less {
            break;
        }
        items.swap(root, child);
        root = child;
    };
    let n = items.len();
    for start in (0..n / 2).rev() {
        sift_down(items, start, n);
    }
    for end in (1..n).rev() {
        items.swap(0, end);
        sift_down(items, 0, end);
    }
}

/// The indices of `0..len` in the order `compare` gives them.
pub fn sorted_order(len: usize, compare: &dyn Fn(usize, usize) -> Ordering) -> Vec<usize> {
    let mut order: Vec<usize> = (0..len).collect();
    sort_indices(&mut order, compare);
    order
}

/// `values` sorted ascending, by a least-significant-digit radix sort (four passes of one byte):
/// O(n) time, one buffer of scratch.
///
/// ```
/// assert_eq!(evals_wasm::sorting::sorted_u32(&[3, 1, 2, 1, 70_000]), [1, 1, 2, 3, 70_000]);
/// ```
pub fn sorted_u32(values: &[u32]) -> Vec<u32> {
    let mut sorted = values.to_vec();
    let mut scratch = vec![0u32; values.len()];
    // The digits of all four passes are counted in one read of the values.
    let mut counts = [[0usize; 256]; 4];
    for &v in values {
        for (pass, count) in counts.iter_mut().enumerate() {
            count[((v >> (8 * pass)) & 0xff) as usize] += 1;
        }
    }
    for (pass, count) in counts.iter().enumerate() {
        // A pass where every value has the same digit (the high bytes of ASCII bigrams) would
        // only copy: skip it.
        if count.contains(&values.len()) {
            continue;
        }
        let mut starts = [0usize; 256];
        let mut sum = 0;
        for (start, &n) in starts.iter_mut().zip(count) {
            *start = sum;
            sum += n;
        }
        for &v in sorted.iter() {
            let digit = ((v >> (8 * pass)) & 0xff) as usize;
            scratch[starts[digit]] = v;
            starts[digit] += 1;
        }
        std::mem::swap(&mut sorted, &mut scratch);
    }
    sorted
}

/// How many items two sorted lists share, counted with multiplicity (the size of the multiset
/// intersection), given as sorted index lists and a comparator between the two sides.
pub fn shared_count(
    left: &[usize],
    right: &[usize],
    compare: &dyn Fn(usize, usize) -> Ordering,
) -> usize {
    let (mut i, mut j, mut shared) = (0, 0, 0);
    while i < left.len() && j < right.len() {
        match compare(left[i], right[j]) {
            Ordering::Less => i += 1,
            Ordering::Greater => j += 1,
            Ordering::Equal => {
                shared += 1;
                i += 1;
                j += 1;
            }
        }
    }
    shared
}

/// A set of strings for membership tests: sorted once by [`sorted_order`], searched by
/// bisection. It stands in for `HashSet<&str>`, whose hashing and table code (one copy per
/// element type) would cost the wasm module several KB.
///
/// ```
/// let set = evals_wasm::sorting::StrSet::new(["pear", "apple", "pear"]);
/// assert!(set.contains("apple") && set.contains("pear") && !set.contains("fig"));
/// ```
pub struct StrSet<'a> {
    sorted: Vec<&'a str>,
}

impl<'a> StrSet<'a> {
    pub fn new(words: impl IntoIterator<Item = &'a str>) -> Self {
        let words: Vec<&str> = words.into_iter().collect();
        let order = sorted_order(words.len(), &|a, b| words[a].cmp(words[b]));
        StrSet {
            sorted: order.into_iter().map(|i| words[i]).collect(),
        }
    }

    pub fn contains(&self, word: &str) -> bool {
        self.sorted.binary_search(&word).is_ok()
    }
}

/// For each word, whether no earlier word equals it (the first occurrences of a
/// de-duplication that keeps the order of first appearance).
///
/// ```
/// let first = evals_wasm::sorting::first_occurrences(&["b", "a", "b", "c", "a"]);
/// assert_eq!(first, [true, true, false, true, false]);
/// ```
pub fn first_occurrences(words: &[&str]) -> Vec<bool> {
    // Equal words sort by position, so the first of each run is the earliest.
    let order = sorted_order(words.len(), &|a, b| words[a].cmp(words[b]).then(a.cmp(&b)));
    let mut first = vec![false; words.len()];
    for (k, &i) in order.iter().enumerate() {
        first[i] = k == 0 || words[order[k - 1]] != words[i];
    }
    first
}

/// The distinct words of `words`, each once, in order of first appearance.
///
/// ```
/// let words = ["b", "a", "b", "c", "a"].map(String::from).to_vec();
/// assert_eq!(evals_wasm::sorting::distinct_in_order(words), ["b", "a", "c"]);
/// ```
pub fn distinct_in_order(words: Vec<String>) -> Vec<String> {
    let first = first_occurrences(&words.iter().map(String::as_str).collect::<Vec<_>>());
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
    fn sorts_like_the_standard_library() {
        let mut state = 0x2545_f491_u32;
        for len in [0, 1, 2, 3, 10, 100, 1000] {
            let values: Vec<u32> = (0..len)
                .map(|_| {
                    state ^= state << 13;
                    state ^= state >> 17;
                    state ^= state << 5;
                    state % 50
                })
                .collect();
            // Small values (three uniform high bytes), a uniform non-zero byte, the full range.
            for values in [
                values.clone(),
                values.iter().map(|v| v | 0x0300_0000).collect(),
                values
                    .iter()
                    .map(|v| v.wrapping_mul(0x9e37_79b9))
                    .collect::<Vec<u32>>(),
            ] {
                let mut expected = values.clone();
                expected.sort_unstable();
                assert_eq!(sorted_u32(&values), expected);
            }
        }
    }

    #[test]
    fn shared_count_is_the_multiset_intersection() {
        let (a, b) = ([1u32, 1, 2, 5], [1u32, 2, 2, 5, 5]);
        let (ia, ib) = ([0, 1, 2, 3], [0, 1, 2, 3, 4]);
        assert_eq!(shared_count(&ia, &ib, &|x, y| a[x].cmp(&b[y])), 3);
    }

    #[test]
    fn string_sets_agree_with_the_standard_library() {
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
            let refs: Vec<&str> = words.iter().map(String::as_str).collect();
            let set = StrSet::new(refs.iter().copied());
            let expected: HashSet<&str> = refs.iter().copied().collect();
            for probe in 0..45 {
                let probe = format!("w{probe}");
                assert_eq!(set.contains(&probe), expected.contains(probe.as_str()));
            }
            let mut seen = HashSet::new();
            let first: Vec<bool> = refs.iter().map(|w| seen.insert(*w)).collect();
            assert_eq!(first_occurrences(&refs), first);
        }
    }
}
