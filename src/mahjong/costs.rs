//! The cost-row algebra shared by the per-suit tables and the standard form: a suit's per-target
//! replacement costs ([`Costs`], indexed `m * 2 + p` for `m` melds and `p` pairs), the marker for
//! an unreachable target ([`INF`]), and the min-plus convolution ([`conv`]) that combines two
//! suits' rows (an SSE2 kernel with a scalar fallback that is also its test oracle).

/// Number of (melds, pair) targets: index `m * 2 + p`.
pub(crate) const TARGETS: usize = 10;
/// Marks an unreachable cost. Every reachable cost, and every sum of suit costs for one split of
/// a hand, is at most 14 (the target's size), so 15 and above always mean "unreachable".
pub(crate) const INF: u8 = 15;

/// Per-target costs of one suit: index `m * 2 + p`.
pub(crate) type Costs = [u8; TARGETS];

/// Min-plus convolution of two suits' costs: melds add up (at most 4), at most one pair.
/// Every cost is at most [`INF`], so sums fit a byte.
#[inline]
pub(crate) fn conv(a: &Costs, b: &Costs) -> Costs {
    #[cfg(target_arch = "x86_64")]
    {
        // SAFETY: SSE2 is part of the x86-64 baseline: every x86-64 CPU has it.
        unsafe { conv_sse2(a, b) }
    }
    #[cfg(not(target_arch = "x86_64"))]
    conv_scalar(a, b)
}

/// [`conv`] with SSE2, all ten targets at once: for each meld count `ma` taken from `a`, `b`'s
/// row moved up by `ma` melds plus `a`'s meld-only cost, and `b`'s meld-only costs moved into the
/// pair lanes plus `a`'s cost with the pair, folded in with a byte-wise minimum. MahjongAnalyze
/// runs three of these per discard.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "sse2")]
#[inline]
fn conv_sse2(a: &Costs, b: &Costs) -> Costs {
    use std::arch::x86_64::*;
    let mut bytes = [INF; 16];
    bytes[..TARGETS].copy_from_slice(b);
    let lo = i64::from_le_bytes(bytes[..8].try_into().unwrap_or_default());
    let hi = i64::from_le_bytes(bytes[8..].try_into().unwrap_or_default());
    let rows = _mm_set_epi64x(hi, lo);
    // Lane 2m + 1 gets b's cost of m melds without the pair; even lanes are unreachable.
    let melds_only = _mm_or_si128(_mm_slli_epi16(rows, 8), _mm_set1_epi16(INF as i16));
    let mut r = _mm_set1_epi8(INF as i8);
    macro_rules! step {
        ($ma:literal, $shift:literal, $below:expr) => {{
            // Moving up by `ma` melds shifts in zeros, which must read as unreachable.
            let below = _mm_set_epi64x(0, $below);
            let with = _mm_or_si128(_mm_slli_si128::<$shift>(rows), below);
            let without = _mm_or_si128(_mm_slli_si128::<$shift>(melds_only), below);
            let x = _mm_add_epi8(with, _mm_set1_epi8(a[2 * $ma] as i8));
            let y = _mm_add_epi8(without, _mm_set1_epi8(a[2 * $ma + 1] as i8));
            r = _mm_min_epu8(r, _mm_min_epu8(x, y));
        }};
    }
    step!(0, 0, 0);
    step!(1, 2, 0x0f0f);
    step!(2, 4, 0x0f0f_0f0f);
    step!(3, 6, 0x0f0f_0f0f_0f0f);
    step!(4, 8, 0x0f0f_0f0f_0f0f_0f0f);
    let lo = (_mm_cvtsi128_si64(r) as u64).to_le_bytes();
    let hi = (_mm_cvtsi128_si64(_mm_unpackhi_epi64(r, r)) as u64).to_le_bytes();
    std::array::from_fn(|k| if k < 8 { lo[k] } else { hi[k - 8] })
}

/// [`conv`] one entry at a time (the portable version, and the SSE2 version's test oracle).
/// Sums of unreachable (15) costs stay at or above 15, so no branch is needed.
#[cfg(any(test, not(target_arch = "x86_64")))]
fn conv_scalar(a: &Costs, b: &Costs) -> Costs {
    let mut r = [INF; TARGETS];
    for ma in 0..5 {
        for mb in 0..5 - ma {
            let k = (ma + mb) * 2;
            let (a0, a1, b0, b1) = (a[ma * 2], a[ma * 2 + 1], b[mb * 2], b[mb * 2 + 1]);
            r[k] = r[k].min(a0 + b0);
            r[k + 1] = r[k + 1].min((a0 + b1).min(a1 + b0));
        }
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mahjong::tables::tables;

    #[test]
    fn conv_agrees_with_the_scalar_definition() {
        // Every pair of cost rows the tables hold, then random rows including unreachable ones.
        let t = tables();
        for a in &t.classes {
            for b in &t.classes {
                assert_eq!(conv(a, b), conv_scalar(a, b), "{a:?} {b:?}");
            }
        }
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..100_000 {
            let mut row = || -> Costs {
                std::array::from_fn(|_| {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    (x % 16) as u8
                })
            };
            let (a, b) = (row(), row());
            assert_eq!(conv(&a, &b), conv_scalar(&a, &b), "{a:?} {b:?}");
        }
    }
}
