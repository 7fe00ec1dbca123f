//! The packed form of a listed play ([`pack_play`]): its rank counts and its reading's kind in
//! one 64-bit word, for callers that search or train and need millions of legal-move lists, not
//! card names.

use super::combo::{ComboKind, Play};
use crate::cards::{Rank, RankCounts};

/// Bits per rank count.
const BITS: u32 = 4;
/// Where the kind's code starts.
const KIND_SHIFT: u32 = 60;

/// Packs `cards` and the kind of their reading (`None`: a pass, or no reading) into one word.
///
/// Layout, bit 0 the least significant:
///
/// - bits `4r .. 4r+3`, for `r` in `0..15`: how many cards of rank `r` the play holds, ranks in
///   [`Rank::ALL`] order (`3 4 5 6 7 8 9 10 J Q K A 2`, then the black joker, then the red
///   joker). A count is at most 8 (two decks), so four bits hold it.
/// - bits `60 .. 63`: the kind of the play's reading, 1 + its place in [`ComboKind::ALL`]
///   (1 single ... 14 rocket: the proto's `ComboType` numbers); 0 for no reading (a pass).
///
/// Under laizi rules a wildcard counts as its own rank, as in the play's cards; the ranks it
/// stands for are not packed.
///
/// # Examples
///
/// ```
/// use cardrules::cards::{Rank, RankCounts};
/// use cardrules::doudizhu::{ComboKind, pack_play, unpack_play};
///
/// let nines = RankCounts::from_ranks([Rank::Nine, Rank::Nine]);
/// let word = pack_play(&nines, Some(ComboKind::Pair));
/// // Two cards of rank 6 (the 9) and kind code 2 (pair).
/// assert_eq!(word, 0x2000_0000_0200_0000);
/// assert_eq!(unpack_play(word), (nines, Some(ComboKind::Pair)));
/// ```
pub fn pack_play(cards: &RankCounts, kind: Option<ComboKind>) -> u64 {
    let mut word = kind.map_or(0, |k| (k as u64 + 1) << KIND_SHIFT);
    for (r, &count) in cards.0.iter().enumerate() {
        debug_assert!(count < 1 << BITS, "{count} cards of a rank");
        word |= u64::from(count) << (BITS * r as u32);
    }
    word
}

/// The packed form of a listed play: its cards and its reading's kind.
pub fn pack_listed(play: &Play) -> u64 {
    pack_play(&play.cards, Some(play.combo.kind))
}

/// Reads a word of [`pack_play`] back: the rank counts and the kind (`None` for code 0, or a
/// code no kind has).
pub fn unpack_play(word: u64) -> (RankCounts, Option<ComboKind>) {
    let mut counts = RankCounts::EMPTY;
    for (r, count) in counts.0.iter_mut().enumerate() {
        *count = (word >> (BITS * r as u32) & 0xf) as u8;
    }
    let code = (word >> KIND_SHIFT) as usize;
    let kind = code
        .checked_sub(1)
        .and_then(|i| ComboKind::ALL.get(i).copied());
    (counts, kind)
}

// The layout holds every rank below the kind's bits.
const _: () = assert!(Rank::COUNT as u32 * BITS <= KIND_SHIFT);
const _: () = assert!(ComboKind::ALL.len() < 1 << BITS);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_count_and_kind_round_trips() {
        for kind in ComboKind::ALL.map(Some).into_iter().chain([None]) {
            for count in 0..=8u8 {
                for r in 0..Rank::COUNT {
                    let mut cards = RankCounts::EMPTY;
                    cards.0[r] = count;
                    cards.0[(r + 7) % Rank::COUNT] = 8 - count;
                    assert_eq!(unpack_play(pack_play(&cards, kind)), (cards, kind));
                }
            }
        }
    }

    #[test]
    fn ranks_take_four_bits_each_weakest_lowest() {
        let rocket = RankCounts::from_ranks([Rank::BlackJoker, Rank::RedJoker]);
        assert_eq!(
            pack_play(&rocket, Some(ComboKind::Rocket)),
            0xe110_0000_0000_0000
        );
        let threes = RankCounts::from_ranks([Rank::Three; 4]);
        assert_eq!(
            pack_play(&threes, Some(ComboKind::Bomb)),
            0xd000_0000_0000_0004
        );
        assert_eq!(pack_play(&RankCounts::EMPTY, None), 0);
    }
}
