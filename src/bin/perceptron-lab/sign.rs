//! The exact sign of `w·x − θ` for any finite `w`, `x`, `θ`: `predict`'s output at every scale
//! (`w = [1e308, −1e308]` on `x = (1e308, 5e307)` overflows to `∞ − ∞` in floating point, and
//! `1e16 + 1 − 1e16` rounds to 0; both have a sign).
//!
//! Each `f64` is `m·2^e` with an integer `|m| < 2^53` and `e ≥ −1074`, so each product
//! `w_i x_i = (m m')·2^(e+e')` is an integer `|m m'| < 2^106` at a bit position
//! `e + e' + 2148 ≥ 0`. The sum is accumulated exactly in a fixed-point number of 32-bit limbs
//! (Kulisch's long accumulator) wide enough for every position, with room for `2^30` terms.

/// The bit position of `2^0` in the accumulator: products reach down to `2^(−2·1074)`.
const OFFSET: i64 = 2 * 1074;

/// Limbs of 32 bits: positions up to `2·971 + 106 + OFFSET` plus 64 bits of carries.
const LIMBS: usize = 140;

/// `v = m·2^e` with an integer `m` (sign included), `|m| < 2^53`.
fn split(v: f64) -> (i64, i64) {
    let bits = v.to_bits();
    let exponent = ((bits >> 52) & 0x7ff).cast_signed();
    let fraction = (bits & ((1 << 52) - 1)).cast_signed();
    let (m, e) = if exponent == 0 {
        (fraction, -1074)
    } else {
        (fraction | 1 << 52, exponent - 1075)
    };
    (if v.is_sign_negative() { -m } else { m }, e)
}

/// The exact sum of products, limb by limb.
struct Accumulator([i64; LIMBS]);

impl Accumulator {
    /// Adds `a·b` exactly (`a`, `b` finite).
    fn add_product(&mut self, a: f64, b: f64) {
        let ((ma, ea), (mb, eb)) = (split(a), split(b));
        let product = i128::from(ma) * i128::from(mb);
        if product == 0 {
            return;
        }
        let negative = product < 0;
        let mut magnitude = product.unsigned_abs();
        let position = usize::try_from(ea + eb + OFFSET).expect("positions are non-negative");
        let (mut limb, shift) = (position / 32, position % 32);
        // each 32-bit piece of the magnitude, shifted into place, spans two limbs
        while magnitude != 0 {
            let piece = ((magnitude & 0xffff_ffff) as i64) << shift;
            let (low, high) = (piece & 0xffff_ffff, piece >> 32);
            if negative {
                self.0[limb] -= low;
                self.0[limb + 1] -= high;
            } else {
                self.0[limb] += low;
                self.0[limb + 1] += high;
            }
            magnitude >>= 32;
            limb += 1;
        }
    }

    /// The sign of the sum: −1, 0 or +1.
    fn sign(&self) -> i32 {
        // carries from the lowest limb up: each limb in [0, 2^32), the top carry the sign
        let mut carry = 0i64;
        let mut nonzero = false;
        for &limb in &self.0 {
            let v = limb + carry;
            carry = v >> 32;
            nonzero |= v & 0xffff_ffff != 0;
        }
        match carry.signum() {
            0 => i32::from(nonzero),
            s => s as i32,
        }
    }
}

/// The sign of `w·x − θ`, exactly: −1, 0 or +1 (`w`, `x` of one length, all finite).
pub fn activation_sign(w: &[f64], x: &[f64], theta: f64) -> i32 {
    let mut sum = Accumulator([0; LIMBS]);
    for (&wi, &xi) in w.iter().zip(x) {
        sum.add_product(wi, xi);
    }
    sum.add_product(-theta, 1.0);
    sum.sign()
}

#[cfg(test)]
mod tests {
    use super::activation_sign;

    #[test]
    fn signs_beyond_floating_point() {
        // 1e616 − 5e615 > 0, though both products overflow
        assert_eq!(activation_sign(&[1e308, -1e308], &[1e308, 5e307], 0.0), 1);
        assert_eq!(activation_sign(&[-1e308, 1e308], &[1e308, 5e307], 0.0), -1);
        // 1e16 + 1 − 1e16 = 1, which floating point rounds to 0
        assert_eq!(
            activation_sign(&[1.0, 1.0, 1.0], &[1e16, 1.0, -1e16], 0.0),
            1
        );
        assert_eq!(activation_sign(&[1.0, 1.0], &[1e16, -1e16], 0.0), 0);
        // subnormal products: 2^−1074 · 2^−1074 > 0, and against θ
        let tiny = f64::from_bits(1);
        assert_eq!(activation_sign(&[tiny], &[tiny], 0.0), 1);
        assert_eq!(activation_sign(&[tiny], &[tiny], tiny), -1);
        assert_eq!(activation_sign(&[1.0, 2.0], &[3.0, -1.5], 0.0), 0);
        assert_eq!(activation_sign(&[1.0, 2.0], &[3.0, -1.5], -0.5), 1);
        assert_eq!(
            activation_sign(&[f64::MAX; 3], &[f64::MAX, f64::MAX, -f64::MAX], f64::MAX),
            1
        );
        assert_eq!(activation_sign(&[-0.0], &[5.0], 0.0), 0);
    }
}
