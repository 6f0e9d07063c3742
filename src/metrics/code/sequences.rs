//! Sequence comparison for the code scorers: how an actual trajectory matches expected steps
//! (strict, relaxed or unordered), whether tool calls follow an order, and whether a forbidden
//! run of steps occurs.
//!
//! A name is an `i32` id. [`ABSENT`] stands for a missing name (JS `undefined`), and ids below
//! [`ABSENT`] for names that are present but falsy in JS (`""`, `null`, `0`): they compare equal
//! to themselves, but a falsy name is never reported as out of order, as in the original.

use alloc::vec::Vec;

use crate::numbers::float::floor;

/// The id of a missing name (also what a position past the end of a sequence reads as).
pub const ABSENT: i32 = -1;

/// How the order of the actual steps is judged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ordering {
    /// Expected step `i` must be actual step `i`; extra actual steps cost half a step each
    /// (relative to the expected count).
    Strict,
    /// The expected steps must appear in order, other steps between them allowed.
    Relaxed,
    /// Each expected step must appear somewhere, each actual step used once.
    Unordered,
}

/// What [`compare_trajectories`] found. Indices point into the sequences given.
#[derive(Clone, Debug, PartialEq)]
pub struct TrajectoryComparison {
    /// Matched share of the expected steps, less the penalties, clamped to 0..1 and rounded to
    /// two decimals.
    pub score: f64,
    /// How many expected steps were matched.
    pub matched: usize,
    /// Expected indices not matched.
    pub missing: Vec<usize>,
    /// Actual indices whose name is not among the expected names.
    pub extra: Vec<usize>,
    /// Strict: actual indices whose name is expected elsewhere; relaxed: expected indices not
    /// matched in order although the name occurs; unordered: always empty.
    pub out_of_order: Vec<usize>,
    /// Strict ordering reports actual indices in `out_of_order`, the others expected indices.
    pub out_of_order_is_actual: bool,
    /// Actual indices of the first occurrence of each name that occurs more than once.
    pub repeated: Vec<usize>,
}

/// A two-decimal rounding as the original's `roundToTwoDecimals`:
/// `Math.round((x + Number.EPSILON) * 100) / 100` (halves round up).
///
/// ```
/// use evals_wasm::metrics::code::sequences::round_two;
/// assert_eq!(round_two(0.333_333), 0.33);
/// assert_eq!(round_two(1.005), 1.01);
/// assert_eq!(round_two(0.125), 0.13);
/// ```
pub fn round_two(x: f64) -> f64 {
    let scaled = (x + f64::EPSILON) * 100.0;
    let whole = floor(scaled);
    let rounded = if scaled - whole >= 0.5 {
        whole + 1.0
    } else {
        whole
    };
    rounded / 100.0
}

fn name_at(names: &[i32], index: usize) -> i32 {
    names.get(index).copied().unwrap_or(ABSENT)
}

fn truthy(name: i32) -> bool {
    name >= 0
}

/// Compares an actual trajectory with expected steps.
///
/// `matches(e, a)` says whether expected step `e` accepts actual step `a` beyond the name
/// (its type and data); it is asked only where the names are equal. The score is
/// `matched / expected`, less `0.5 × (actual − expected) / expected` under strict ordering when
/// there are more actual steps, less `0.1` per repeated name when repeats are not allowed;
/// then clamped to 0..1 and rounded to two decimals. With no expected steps the score is 1
/// for an empty trajectory and 0 otherwise.
///
/// ```
/// use evals_wasm::metrics::code::sequences::{compare_trajectories, Ordering};
/// let anything = |_: usize, _: usize| true;
/// let relaxed = compare_trajectories(&[1, 0], &[0, 1], anything, Ordering::Relaxed, true);
/// assert_eq!((relaxed.score, relaxed.matched), (0.5, 1));
/// let strict = compare_trajectories(&[1, 0], &[0, 1], anything, Ordering::Strict, true);
/// assert_eq!((strict.score, strict.out_of_order.clone()), (0.0, vec![0, 1]));
/// let unordered = compare_trajectories(&[1, 0], &[0, 1], anything, Ordering::Unordered, true);
/// assert_eq!(unordered.score, 1.0);
/// ```
pub fn compare_trajectories(
    actual: &[i32],
    expected: &[i32],
    matches: impl Fn(usize, usize) -> bool,
    ordering: Ordering,
    allow_repeated: bool,
) -> TrajectoryComparison {
    let repeated = first_of_repeated(actual);
    if expected.is_empty() {
        return TrajectoryComparison {
            score: if actual.is_empty() { 1.0 } else { 0.0 },
            matched: 0,
            missing: Vec::new(),
            extra: (0..actual.len()).collect(),
            out_of_order: Vec::new(),
            out_of_order_is_actual: false,
            repeated: Vec::new(),
        };
    }
    let mut matched_expected = alloc::vec![false; expected.len()];
    let mut out_of_order = Vec::new();
    // Strict also counts a position where both names are missing (a nameless step past the
    // expected ones), as the original does.
    let mut matched = 0;
    match ordering {
        Ordering::Strict => {
            for index in 0..actual.len().max(expected.len()) {
                let name = name_at(actual, index);
                if name == name_at(expected, index) {
                    let both = index < actual.len() && index < expected.len();
                    if !both || matches(index, index) {
                        matched += 1;
                        if let Some(flag) = matched_expected.get_mut(index) {
                            *flag = true;
                        }
                    }
                } else if truthy(name) && expected.contains(&name) {
                    out_of_order.push(index);
                }
            }
        }
        Ordering::Relaxed => {
            let mut next = 0;
            for (e, &name) in expected.iter().enumerate() {
                let found = (next..actual.len()).find(|&a| actual[a] == name && matches(e, a));
                match found {
                    Some(a) => {
                        matched += 1;
                        matched_expected[e] = true;
                        next = a + 1;
                    }
                    None if actual.contains(&name) => out_of_order.push(e),
                    None => {}
                }
            }
        }
        Ordering::Unordered => {
            let mut used = alloc::vec![false; actual.len()];
            for (e, &name) in expected.iter().enumerate() {
                let found =
                    (0..actual.len()).find(|&a| !used[a] && actual[a] == name && matches(e, a));
                if let Some(a) = found {
                    used[a] = true;
                    matched += 1;
                    matched_expected[e] = true;
                }
            }
        }
    }
    let expected_count = expected.len() as f64;
    let mut score = matched as f64 / expected_count;
    if ordering == Ordering::Strict && actual.len() > expected.len() {
        let extra_share = (actual.len() - expected.len()) as f64 / expected_count;
        score = (score - extra_share * 0.5).max(0.0);
    }
    if !allow_repeated && !repeated.is_empty() {
        score = (score - repeated.len() as f64 * 0.1).max(0.0);
    }
    TrajectoryComparison {
        score: round_two(score.clamp(0.0, 1.0)),
        matched,
        missing: (0..expected.len())
            .filter(|&e| !matched_expected[e])
            .collect(),
        extra: (0..actual.len())
            .filter(|&a| !expected.contains(&actual[a]))
            .collect(),
        out_of_order,
        out_of_order_is_actual: ordering == Ordering::Strict,
        repeated,
    }
}

/// The first index of each name that occurs more than once, in order of first occurrence.
fn first_of_repeated(names: &[i32]) -> Vec<usize> {
    (0..names.len())
        .filter(|&i| !names[..i].contains(&names[i]) && names[i + 1..].contains(&names[i]))
        .collect()
}

/// Whether `actual` follows `expected` in order.
///
/// * `strict`: the two sequences are equal;
/// * otherwise, with `first_occurrence` (the tool-call accuracy scorer): the first occurrence of
///   each expected name exists and these occurrences strictly increase;
/// * otherwise (the `toolOrder` check): `expected` is a subsequence of `actual`, matched greedily.
///
/// ```
/// use evals_wasm::metrics::code::sequences::follows_order;
/// assert!(follows_order(&[1, 0, 1], &[0, 1], false, false));
/// assert!(!follows_order(&[1, 0, 1], &[0, 1], false, true));
/// assert!(!follows_order(&[0, 0], &[0, 0], false, true));
/// assert!(follows_order(&[], &[], true, false));
/// ```
pub fn follows_order(
    actual: &[i32],
    expected: &[i32],
    strict: bool,
    first_occurrence: bool,
) -> bool {
    if strict {
        return actual == expected;
    }
    if first_occurrence {
        let mut previous: Option<usize> = None;
        for name in expected {
            let Some(position) = actual.iter().position(|a| a == name) else {
                return false;
            };
            if previous.is_some_and(|p| position <= p) {
                return false;
            }
            previous = Some(position);
        }
        return true;
    }
    let mut next = 0;
    for name in actual {
        if expected.get(next) == Some(name) {
            next += 1;
        }
    }
    next == expected.len()
}

/// Whether `run` occurs as consecutive elements of `names`; an empty run never does.
///
/// ```
/// use evals_wasm::metrics::code::sequences::contains_run;
/// assert!(contains_run(&[0, 1, 2], &[1, 2]));
/// assert!(!contains_run(&[0, 1, 2], &[0, 2]));
/// assert!(!contains_run(&[0], &[]));
/// ```
pub fn contains_run(names: &[i32], run: &[i32]) -> bool {
    !run.is_empty() && names.windows(run.len()).any(|window| window == run)
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: i32 = 0;
    const B: i32 = 1;
    const X: i32 = 2;
    const Y: i32 = 3;

    fn any(_: usize, _: usize) -> bool {
        true
    }

    #[test]
    fn strict_extra_steps_cost_half_a_step_each() {
        let result = compare_trajectories(&[A, X, B, Y], &[A, B], any, Ordering::Strict, true);
        assert_eq!(result.matched, 1);
        assert_eq!(result.score, 0.0);
        assert_eq!(result.extra, vec![1, 3]);
        assert_eq!(result.out_of_order, vec![2]);
        assert_eq!(result.missing, vec![1]);
    }

    #[test]
    fn repeats_cost_a_tenth_each_when_not_allowed() {
        let result = compare_trajectories(&[A, A, B], &[A, B], any, Ordering::Relaxed, false);
        assert_eq!(result.repeated, vec![0]);
        assert_eq!(result.score, 0.9);
        let allowed = compare_trajectories(&[A, A, B], &[A, B], any, Ordering::Relaxed, true);
        assert_eq!(allowed.score, 1.0);
    }

    #[test]
    fn a_data_mismatch_is_not_a_match() {
        let never = |_: usize, _: usize| false;
        let result = compare_trajectories(&[A, B], &[A, B], never, Ordering::Relaxed, true);
        assert_eq!(result.matched, 0);
        assert_eq!(result.out_of_order, vec![0, 1]);
        assert_eq!(result.score, 0.0);
    }

    #[test]
    fn relaxed_takes_the_first_matching_step_after_the_last_match() {
        let second_only = |_: usize, a: usize| a == 1;
        let result = compare_trajectories(&[A, A], &[A], second_only, Ordering::Relaxed, true);
        assert_eq!(result.matched, 1);
        let result = compare_trajectories(&[A, A], &[A], second_only, Ordering::Unordered, true);
        assert_eq!(result.matched, 1);
    }

    #[test]
    fn no_expected_steps() {
        assert_eq!(
            compare_trajectories(&[], &[], any, Ordering::Strict, false).score,
            1.0
        );
        let result = compare_trajectories(&[A], &[], any, Ordering::Strict, false);
        assert_eq!((result.score, result.extra), (0.0, vec![0]));
    }

    #[test]
    fn one_of_three() {
        let result = compare_trajectories(&[A], &[A, B, X], any, Ordering::Relaxed, true);
        assert_eq!(result.score, 0.33);
    }

    #[test]
    fn falsy_names_are_not_out_of_order() {
        let empty = -2;
        let result = compare_trajectories(&[empty, A], &[A, empty], any, Ordering::Strict, true);
        assert_eq!(result.out_of_order, vec![1]);
    }

    #[test]
    fn rounding_matches_math_round() {
        assert_eq!(round_two(2.0 / 3.0), 0.67);
        assert_eq!(round_two(0.0), 0.0);
        assert_eq!(round_two(-1.005), -1.0);
    }
}
