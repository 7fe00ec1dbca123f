//! Rank counts packed into one integer, to work on all ranks at once: a *wide* integer holds the
//! count of rank `i` in byte `i` (little-endian, the spare high byte clear).

use crate::cards::{Rank, RankCounts};
use crate::doudizhu::ranks::{NORMAL, RANKS};

/// Counts as the low 15 bytes of one integer (little-endian), to work on all ranks at once.
pub(super) fn wide(counts: &[u8; RANKS]) -> u128 {
    let mut bytes = [0u8; 16];
    bytes[..RANKS].copy_from_slice(counts);
    u128::from_le_bytes(bytes)
}

/// 1 in every byte of a [`wide`] integer.
pub(super) const LOW_BYTES: u128 = u128::from_le_bytes([1; 16]);

/// The ranks `3`..`2` as a [`wide`] mask: 255 on each.
pub(super) const NORMAL_BYTES: u128 = (1 << (8 * NORMAL)) - 1;

/// The `length` ranks from `start` as a [`wide`] mask: 255 on each.
pub(super) fn run_bytes(start: usize, length: u8) -> u128 {
    ((1u128 << (8 * length as usize)) - 1) << (8 * start)
}

/// The ranks of a [`wide`] integer whose count is odd, as a mask: the low bit of each byte
/// gathered by one multiply per 8 bytes (bit `i` of byte `i` lands in bit `56 + i`; no two
/// partial products meet, so nothing carries).
pub(super) fn odd_ranks(wide: u128) -> u16 {
    const LOW_BITS: u64 = 0x0101_0101_0101_0101;
    const GATHER: u64 = 0x0102_0408_1020_4080;
    let low = ((wide as u64 & LOW_BITS).wrapping_mul(GATHER) >> 56) as u16;
    let high = (((wide >> 64) as u64 & LOW_BITS).wrapping_mul(GATHER) >> 56) as u16;
    low | high << 8
}

/// The counts of a [`wide`] integer.
pub(super) fn bytes(wide: u128) -> [u8; RANKS] {
    let mut counts = [0u8; RANKS];
    counts.copy_from_slice(&wide.to_le_bytes()[..RANKS]);
    counts
}

/// The [`wide`] integer an [`inverted_wide`] one stands for (the spare high byte clear).
pub(super) fn wide_of(inverted: u128) -> u128 {
    (!inverted).swap_bytes() & RANK_BYTES
}

/// Every rank as a [`wide`] mask: 255 on each.
pub(super) const RANK_BYTES: u128 = (1 << (8 * RANKS)) - 1;

/// `count` at `rank`, as a [`wide`] integer.
pub(super) fn at(rank: usize, count: u8) -> u128 {
    u128::from(count) << (8 * rank)
}

/// The count at `rank` of a [`wide`] integer.
pub(super) fn count_at(wide: u128, rank: usize) -> u8 {
    (wide >> (8 * rank)) as u8
}

/// A play's cards by rank (natural and wild together, as a [`wide`] integer), four bits a rank:
/// at most 8 cards of a rank with two decks.
pub(super) fn play_key(wide: u128) -> u64 {
    // Ranks r and r + 8 share byte r, as its low and high nibble.
    wide as u64 | ((wide >> 64) as u64) << 4
}

/// Counts as one integer ordered like the ascending rank lists they stand for, of equal length
/// (see [`Combo::reading_key`](crate::doudizhu::Combo::reading_key)): each count inverted, the weakest rank most significant.
pub(super) fn inverted(counts: &RankCounts) -> u128 {
    let mut bytes = [0u8; 16];
    bytes[..Rank::COUNT].copy_from_slice(&counts.0);
    inverted_wide(u128::from_le_bytes(bytes))
}

/// [`inverted`] of counts already packed as the low 15 bytes of one integer (little-endian).
pub(super) fn inverted_wide(wide: u128) -> u128 {
    // Byte i (from the most significant) is 255 minus the count of rank i, the unused last
    // byte 0: a not and a byte swap rather than a loop over the ranks.
    (!wide).swap_bytes() & !0xFF
}
