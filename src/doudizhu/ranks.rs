//! Rank indices and rank masks shared by the classifier, the listers and the laizi fitter.
//!
//! A rank mask has bit `i` set for the rank of index `i` (`3` is 0, the red joker 14).

use crate::cards::Rank;

/// Number of ranks, jokers included.
pub(crate) const RANKS: usize = Rank::COUNT;
/// Number of ranks `3` to `2`, the ranks with four (or eight) copies; also the black joker's
/// index. A wildcard stands for one of these ranks, never a joker.
pub(crate) const NORMAL: usize = Rank::BlackJoker as usize;
/// The highest rank a chain may use: the ace.
pub(crate) const ACE: usize = Rank::Ace as usize;
/// The black joker's index.
pub(crate) const BLACK: usize = Rank::BlackJoker as usize;
/// The red joker's index.
pub(crate) const RED: usize = Rank::RedJoker as usize;

/// Ranks that may appear in a chain: `3` to `A`.
pub(crate) const CHAIN_MASK: u16 = (1 << (ACE + 1)) - 1;
/// Ranks `3` to `2` ([`NORMAL`]) as a mask.
pub(crate) const NORMAL_MASK: u16 = (1 << NORMAL) - 1;
/// Every rank, jokers included, as a mask (the SSE2 masks cover sixteen lanes).
pub(crate) const ALL_RANKS: u16 = (1 << RANKS) - 1;

/// Start ranks of every run of `length` consecutive set bits in `mask`, as a mask.
#[inline]
pub(crate) fn run_starts(mask: u16, length: u8) -> u16 {
    // Starts of runs of `have` bits, grown by up to `have` at a time: a run of `have` at `p`
    // and one at `p + step` (`step <= have`) make a run of `have + step` at `p`. Twelve ranks
    // take four steps (a shift a rank, which the compiler also vectorized, took up to eleven).
    let mut starts = mask;
    let mut have = 1;
    while have < length {
        let step = have.min(length - have);
        starts &= starts >> step;
        have += step;
    }
    starts
}

/// How many ranks `mask` holds, from a table of each byte's bits: the x86-64 baseline has no
/// `popcnt`, and `u16::count_ones` is a dozen instructions without it.
#[inline]
pub(crate) fn rank_count(mask: u16) -> u32 {
    const BYTE_BITS: [u8; 256] = {
        let mut bits = [0u8; 256];
        let mut byte = 0;
        while byte < 256 {
            bits[byte] = (byte as u8).count_ones() as u8;
            byte += 1;
        }
        bits
    };
    u32::from(BYTE_BITS[usize::from(mask & 0xff)]) + u32::from(BYTE_BITS[usize::from(mask >> 8)])
}

/// Mask of the `length` ranks starting at `start`.
#[inline]
pub(crate) fn run_mask(start: usize, length: u8) -> u16 {
    (((1u32 << length) - 1) << start) as u16
}

/// A hand's rank counts in the low fifteen byte lanes of an SSE2 register (the sixteenth is 0),
/// what the classifier's and the listers' per-count masks compare against.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "sse2")]
pub(crate) fn counts_vector(counts: &[u8; RANKS]) -> std::arch::x86_64::__m128i {
    let mut bytes = [0u8; 16];
    bytes[..RANKS].copy_from_slice(counts);
    let lo = i64::from_le_bytes(bytes[..8].try_into().unwrap_or_default());
    let hi = i64::from_le_bytes(bytes[8..].try_into().unwrap_or_default());
    std::arch::x86_64::_mm_set_epi64x(hi, lo)
}

/// `at_least[n]`: the ranks `counts` holds `n` or more cards of (`n` up to 8, two decks).
#[cfg(target_arch = "x86_64")]
#[inline]
pub(crate) fn at_least_masks(counts: &[u8; RANKS]) -> [u16; 9] {
    // SAFETY: SSE2 is part of the x86-64 baseline: every x86-64 CPU has it.
    unsafe { at_least_sse2(counts) }
}

/// `at_least[n]`: the ranks `counts` holds `n` or more cards of (`n` up to 8, two decks).
#[cfg(not(target_arch = "x86_64"))]
#[inline]
pub(crate) fn at_least_masks(counts: &[u8; RANKS]) -> [u16; 9] {
    at_least_scalar(counts)
}

/// [`at_least_masks`] with SSE2: a byte max, a compare and a `movemask` per count (the scalar
/// version was about 130 of the 670 instructions of an answer to a single, callgrind).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "sse2")]
fn at_least_sse2(counts: &[u8; RANKS]) -> [u16; 9] {
    use std::arch::x86_64::*;
    let v = counts_vector(counts);
    let mut masks = [0u16; 9];
    for (n, mask) in masks.iter_mut().enumerate() {
        // v >= n exactly where max(v, n) == v.
        let at_least = _mm_cmpeq_epi8(_mm_max_epu8(v, _mm_set1_epi8(n as i8)), v);
        *mask = _mm_movemask_epi8(at_least) as u16 & ALL_RANKS;
    }
    masks
}

/// [`at_least_masks`] one rank at a time (the portable version, and the SSE2 version's test
/// oracle): each rank in the mask of its exact count, then every count's mask in those below.
#[cfg(any(test, not(target_arch = "x86_64")))]
pub(crate) fn at_least_scalar(counts: &[u8; RANKS]) -> [u16; 9] {
    let mut at_least = [0u16; 9];
    for (rank, &count) in counts.iter().enumerate() {
        at_least[usize::from(count).min(8)] |= 1 << rank;
    }
    for n in (0..8).rev() {
        at_least[n] |= at_least[n + 1];
    }
    at_least
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_counts_are_bit_counts() {
        for mask in 0..=u16::MAX {
            assert_eq!(rank_count(mask), mask.count_ones(), "{mask:#b}");
        }
    }

    #[test]
    fn run_starts_are_the_starts_of_runs() {
        for mask in 0..=ALL_RANKS {
            for length in 1..=RANKS as u8 {
                let expected = (0..RANKS)
                    .filter(|&start| {
                        start + usize::from(length) <= RANKS
                            && (start..start + usize::from(length)).all(|r| mask & 1 << r != 0)
                    })
                    .fold(0u16, |m, r| m | 1 << r);
                assert_eq!(run_starts(mask, length), expected, "{mask:#b} {length}");
            }
        }
    }

    #[test]
    fn at_least_masks_agree_with_the_scalar_version() {
        let mut counts = [0u8; RANKS];
        // Every count 0..=8 at every rank, beside a rotating pattern of other counts.
        for rank in 0..RANKS {
            for count in 0..=8u8 {
                for (r, c) in counts.iter_mut().enumerate() {
                    *c = ((r * 7 + rank) % 9) as u8;
                }
                counts[rank] = count;
                assert_eq!(
                    at_least_masks(&counts),
                    at_least_scalar(&counts),
                    "{counts:?}"
                );
                let expected = (0..RANKS)
                    .filter(|&r| counts[r] >= 3)
                    .fold(0u16, |m, r| m | 1 << r);
                assert_eq!(at_least_masks(&counts)[3], expected);
            }
        }
    }
}
