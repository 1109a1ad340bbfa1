//! The exponential function, computed the same way on every target.
//!
//! `f64::exp` is the platform's: glibc's natively, and in WebAssembly a
//! software routine of the compiler's runtime that the Stratego evaluation
//! paid for at most leaves (7% of the browser worker's time in a profile of
//! the Stratego middle positions; natively it was too small to show). This
//! one is a few multiplications and adds, with no table and no branch in its
//! range, and it gives bit for bit the same result natively and in the
//! browser, so that both search the same tree.
//!
//! Method (the classic one): `x = k ln 2 + r` with `k` the nearest whole
//! number to `x / ln 2` and `|r| <= ln 2 / 2`, `ln 2` split in a high part
//! with trailing zero bits (so that `k * LN2_HI` is exact) and a low part;
//! `e^r` from its Taylor series to the 13th power (truncation below 1e-17
//! relative), summed by Estrin's scheme (pairs, then powers r^2, r^4, r^8:
//! four multiply-add steps deep instead of Horner's twelve, as the
//! evaluation waits for it at every leaf); then `2^k` set in the exponent
//! bits.
//! Within 2 units in the last place of the correctly rounded value (tested
//! against `f64::exp`).

/// `ln 2` to 32 significant bits (its last 21 bits zero).
const LN2_HI: f64 = f64::from_bits(0x3FE6_2E42_FEE0_0000);
/// `ln 2 - LN2_HI`.
const LN2_LO: f64 = f64::from_bits(0x3DEA_39EF_3579_3C76);
/// Above this `e^x` overflows.
const MAX_ARG: f64 = 709.782_712_893_384;
/// Below this `e^x` rounds to zero.
const MIN_ARG: f64 = -745.133_219_101_941_1;

/// `1 / n!` for n = 2..=13 (`C[i]` is `1 / (i + 2)!`).
const C: [f64; 12] = {
    let mut c = [0.0; 12];
    let mut f = 1.0;
    let mut n = 2;
    while n <= 13 {
        f *= n as f64;
        c[n - 2] = 1.0 / f;
        n += 1;
    }
    c
};

/// `e^x`: the same bits on every target, within 2 ulp of the exact value;
/// `+inf` above about 709.78, `0` below about -745.13, NaN for NaN.
#[inline]
pub fn exp(x: f64) -> f64 {
    if x.is_nan() {
        return x;
    }
    if x > MAX_ARG {
        return f64::INFINITY;
    }
    if x < MIN_ARG {
        return 0.0;
    }
    let k = (x * std::f64::consts::LOG2_E + 0.5).floor();
    let r = (x - k * LN2_HI) - k * LN2_LO;
    // e^r - 1 - r = r^2 (1/2! + r/3! + ...), then e^r = 1 + (r + that).
    let r2 = r * r;
    let r4 = r2 * r2;
    let pair = |i: usize| C[i] + C[i + 1] * r;
    let quad = |i: usize| pair(i) + pair(i + 2) * r2;
    let p = quad(0) + quad(4) * r4 + quad(8) * (r4 * r4);
    let er = 1.0 + (r + r2 * p);
    // 2^k, in two steps where k is outside the normal exponents' range.
    let k = k as i64;
    if k > 1023 {
        er * f64::from_bits(((k - 1 + 1023) as u64) << 52) * 2.0
    } else if k >= -1021 {
        er * f64::from_bits(((k + 1023) as u64) << 52)
    } else {
        er * f64::from_bits(((k + 1023 + 1000) as u64) << 52) * f64::from_bits(23u64 << 52)
    }
}

#[cfg(test)]
mod tests {
    use super::exp;

    /// Distance in units in the last place between two positive finite
    /// numbers (or zero when both are zero).
    fn ulps(a: f64, b: f64) -> u64 {
        a.to_bits().abs_diff(b.to_bits())
    }

    #[test]
    fn agrees_with_the_platform_within_two_ulp() {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        for i in 0..200_000 {
            // A spread of arguments: uniform over the whole range, and
            // dense near 0 and in the range the evaluation uses.
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let u = (state >> 11) as f64 / (1u64 << 53) as f64;
            let x = match i % 3 {
                0 => -745.0 + u * (709.0 + 745.0),
                1 => (u - 0.5) * 2.0,
                _ => -u * 20.0,
            };
            let (a, b) = (exp(x), x.exp());
            assert!(a.is_finite() && a >= 0.0, "exp({x}) = {a}");
            if b >= f64::MIN_POSITIVE {
                assert!(ulps(a, b) <= 2, "exp({x}): {a} against {b}");
            } else {
                // Subnormal results: absolutely close.
                assert!(
                    (a - b).abs() <= 4.0 * f64::from_bits(1),
                    "exp({x}): {a} against {b}"
                );
            }
        }
    }

    #[test]
    fn exact_points_and_the_ends_of_the_range() {
        assert_eq!(super::LN2_HI + super::LN2_LO, std::f64::consts::LN_2);
        assert_eq!(super::LN2_HI.to_bits() & 0x1F_FFFF, 0);
        assert_eq!(exp(0.0), 1.0);
        assert_eq!(exp(-0.0), 1.0);
        assert!(ulps(exp(1.0), std::f64::consts::E) <= 1);
        assert!(ulps(exp(std::f64::consts::LN_2), 2.0) <= 1);
        assert_eq!(exp(710.0), f64::INFINITY);
        assert_eq!(exp(f64::INFINITY), f64::INFINITY);
        assert_eq!(exp(-746.0), 0.0);
        assert_eq!(exp(f64::NEG_INFINITY), 0.0);
        assert!(exp(f64::NAN).is_nan());
        assert!(exp(709.78).is_finite() && exp(709.78) > 1e308);
        assert!(exp(-745.0) > 0.0);
    }

    #[test]
    fn is_monotone_where_the_evaluation_uses_it() {
        // The Stratego squash calls it on -(|D| - 500) / 499 for |D| up to
        // about 10^4, in steps far finer than any evaluation term.
        let mut last = f64::INFINITY;
        for i in 0..=400_000 {
            let x = -(i as f64) * 5e-5;
            let y = exp(x);
            assert!(y <= last, "exp({x}) = {y} above {last}");
            last = y;
        }
    }
}
