//! The readings of a play, and choosing one of them.
//!
//! A play (a multiset of cards) can be read several ways (`33334444` is two four-with-two-pairs
//! readings under PERMISSIVE). Classifying, validating, comparing and listing all need the same
//! two things: room for every reading, and one rule for which reading counts; both live here,
//! below all of them.

use arrayvec::ArrayVec;

use super::combo::{Combo, ComboKind};
use crate::cards::Rank;

/// Room for a play's readings.
///
/// Readings of one play share its card count: at most two four-with-two-pairs readings
/// (`33334444`), or one bare airplane plus as many airplanes with single wings as runs fit in
/// the exactly-three ranks (the chain plus at most two kicker trios in a 33-card play: three),
/// so four at most (a bare airplane of eight trios and three airplanes of six with wings; an
/// airplane with pair wings cannot share a play with two others, its kickers holding no trio).
/// A test pins the largest count over every census, and a play with more readings than this
/// panics instead of losing one.
///
/// Only plays within the deck(s) are classified into a `Readings`: laizi fits, whose cards may
/// exceed the deck and which can be hundreds, are a `Vec` (see [`super::fit_wildcards`]). The
/// capacity is the proven four, not more: a `Combo` also carries what wildcards stand for, and
/// a larger list made plain classification measurably slower (42 ns to 58 ns per call).
pub const MAX_READINGS: usize = 4;

/// The readings of a play, in reading order (see [`Combo::reading_key`]): a fixed-capacity list,
/// so classifying never allocates. Pushing past [`MAX_READINGS`] panics: a reading is never
/// dropped silently.
pub type Readings = ArrayVec<Combo, MAX_READINGS>;

/// Sorts readings into reading order.
pub(crate) fn sort_readings(readings: &mut Readings) {
    // Almost always 0-2 items: insertion sort beats anything clever.
    for i in 1..readings.len() {
        let mut j = i;
        while j > 0 && readings[j].reading_key() < readings[j - 1].reading_key() {
            readings.swap(j, j - 1);
            j -= 1;
        }
    }
}

/// Picks a reading of a play: a kind, and optionally the main rank and chain length.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ReadingSelector {
    /// The kind the player means.
    pub kind: ComboKind,
    /// The main rank (lowest rank of a chain), when it matters.
    pub rank: Option<Rank>,
    /// The chain length, when it matters.
    pub length: Option<u8>,
}

impl ReadingSelector {
    /// Any reading of `kind`.
    pub fn kind(kind: ComboKind) -> ReadingSelector {
        ReadingSelector {
            kind,
            rank: None,
            length: None,
        }
    }

    /// Whether `combo` is a reading this selector picks.
    pub fn matches(&self, combo: &Combo) -> bool {
        combo.kind == self.kind
            && self.rank.is_none_or(|r| r == combo.rank)
            && self.length.is_none_or(|l| l == combo.length)
    }
}

/// The first of `readings` (in reading order) that `selector` picks; with no selector, the first
/// reading: a play's default reading.
pub fn choose_reading(readings: &[Combo], selector: Option<&ReadingSelector>) -> Option<Combo> {
    readings
        .iter()
        .find(|r| selector.is_none_or(|s| s.matches(r)))
        .copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[should_panic(expected = "capacity")]
    fn a_reading_past_the_capacity_is_never_dropped_silently() {
        let mut readings = Readings::new();
        for _ in 0..=MAX_READINGS {
            readings.push(Combo::bare(ComboKind::Single, Rank::Three, 1, 1));
        }
    }

    #[test]
    fn readings_sort_strongest_main_rank_first() {
        let mut readings = Readings::new();
        readings.push(Combo::bare(ComboKind::Bomb, Rank::Three, 1, 4));
        readings.push(Combo::bare(ComboKind::FourWithTwoPairs, Rank::Three, 1, 4));
        readings.push(Combo::bare(ComboKind::FourWithTwoPairs, Rank::Four, 1, 4));
        sort_readings(&mut readings);
        let order: Vec<(ComboKind, Rank)> = readings.iter().map(|r| (r.kind, r.rank)).collect();
        assert_eq!(
            order,
            [
                (ComboKind::FourWithTwoPairs, Rank::Four),
                (ComboKind::FourWithTwoPairs, Rank::Three),
                (ComboKind::Bomb, Rank::Three),
            ]
        );
    }
}
