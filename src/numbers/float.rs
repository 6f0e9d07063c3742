//! The float functions that std has and `core` lacks on stable Rust, for the `no_std` build
//! (`core::arch::wasm32::f64_floor` and its kin are unstable; `f64::abs` is in `core` only since
//! Rust 1.84). Exact: they give what std's methods give, bit for bit (tested against them
//! natively), and are used on every target.

/// 2⁵²: from there on every `f64` is an integer.
const INTEGRAL: f64 = 4_503_599_627_370_496.0;

/// `|x|`, as `f64::abs`: the sign bit cleared (NaN stays NaN).
///
/// ```
/// use evals_wasm::numbers::float::abs;
/// assert_eq!(abs(-2.5), 2.5);
/// assert!(abs(-0.0).is_sign_positive());
/// ```
pub fn abs(x: f64) -> f64 {
    f64::from_bits(x.to_bits() & !(1 << 63))
}

/// `x` without its fractional part (rounded towards zero), as `f64::trunc`: NaN, infinities
/// and the sign of zero are kept.
///
/// ```
/// use evals_wasm::numbers::float::trunc;
/// assert_eq!(trunc(2.7), 2.0);
/// assert_eq!(trunc(-2.7), -2.0);
/// assert!(trunc(-0.5).is_sign_negative());
/// ```
pub fn trunc(x: f64) -> f64 {
    if abs(x) < INTEGRAL {
        // Exact: |x| < 2⁵² fits in an i64, and the integer part back in an f64.
        let t = x as i64 as f64;
        if t == 0.0 && x.is_sign_negative() {
            -0.0
        } else {
            t
        }
    } else {
        x // an integer already, an infinity or NaN
    }
}

/// The largest integer not above `x`, as `f64::floor`.
///
/// ```
/// use evals_wasm::numbers::float::floor;
/// assert_eq!(floor(2.7), 2.0);
/// assert_eq!(floor(-2.5), -3.0);
/// assert_eq!(floor(-0.0).to_bits(), (-0.0f64).to_bits());
/// ```
pub fn floor(x: f64) -> f64 {
    let t = trunc(x);
    if t > x {
        t - 1.0
    } else {
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agrees_with_std_bit_for_bit() {
        let mut special = vec![
            0.0,
            -0.0,
            0.5,
            -0.5,
            1.0,
            -1.0,
            0.999_999_999_999_999_9,
            -0.999_999_999_999_999_9,
            f64::MIN_POSITIVE,
            -f64::MIN_POSITIVE,
            f64::EPSILON,
            INTEGRAL - 0.5,
            -(INTEGRAL - 0.5),
            INTEGRAL,
            INTEGRAL + 1.0,
            -INTEGRAL - 1.0,
            f64::MAX,
            f64::MIN,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NAN,
            9_223_372_036_854_775_807.0,
            -9_223_372_036_854_775_808.0,
        ];
        // and a spread of magnitudes, from the bit patterns of a simple generator
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        for _ in 0..100_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            special.push(f64::from_bits(state));
            special.push((state % 2_000_001) as f64 / 1000.0 - 1000.0);
        }
        for x in special {
            if x.is_nan() {
                assert!(trunc(x).is_nan() && floor(x).is_nan() && abs(x).is_nan());
                continue;
            }
            assert_eq!(abs(x).to_bits(), x.abs().to_bits(), "abs({x:e})");
            assert_eq!(trunc(x).to_bits(), x.trunc().to_bits(), "trunc({x:e})");
            assert_eq!(floor(x).to_bits(), x.floor().to_bits(), "floor({x:e})");
        }
    }
}
