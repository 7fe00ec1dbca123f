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

/// Start ranks of every run of `length` consecutive set bits in `mask`, as a mask.
#[inline]
pub(crate) fn run_starts(mask: u16, length: u8) -> u16 {
    let mut starts = mask;
    for shift in 1..length as u32 {
        starts &= mask >> shift;
    }
    starts
}

/// Mask of the `length` ranks starting at `start`.
#[inline]
pub(crate) fn run_mask(start: usize, length: u8) -> u16 {
    (((1u32 << length) - 1) << start) as u16
}
