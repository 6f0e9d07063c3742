//! The sorts of the model-free metrics that need sorted lists: a radix sort for numbers
//! (bigrams, characters) and a heapsort of indices under a comparator passed as `&dyn Fn`
//! (words).
//!
//! `slice::sort_unstable` is instantiated anew for every element type, and each instantiation
//! costs the wasm module about 4 KB; these two are compiled once each.

use alloc::{vec, vec::Vec};

use core::cmp::Ordering;

/// Sorts `items` (indices into some list) so that `compare` holds between neighbours. Not
/// stable: callers break ties themselves when order matters.
///
/// ```
/// let words = ["pear", "apple", "fig"];
/// let mut order = vec![0, 1, 2];
/// evals_wasm::text::sorting::sort_indices(&mut order, &|a, b| words[a].cmp(words[b]));
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
/// assert_eq!(evals_wasm::text::sorting::sorted_u32(&[3, 1, 2, 1, 70_000]), [1, 1, 2, 3, 70_000]);
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
        core::mem::swap(&mut sorted, &mut scratch);
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
}
