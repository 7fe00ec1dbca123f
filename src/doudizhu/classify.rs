//! Every reading of a play under a rule profile.
//!
//! The play is reduced to bit masks of ranks by count (which ranks appear exactly three times,
//! exactly four times...); chains are runs of set bits, so finding every possible main part is
//! a few shifts, and only the kickers left over are checked against the rules.

use std::ops::Deref;

use super::combo::{Combo, ComboKind};
use super::rules::{Game, Rules};
use crate::cards::{Rank, RankCounts};

/// Ranks that may appear in a chain: `3` to `A`.
pub(crate) const CHAIN_MASK: u16 = (1 << 12) - 1;
/// Ranks `3` to `2`: the ranks with four (or eight) copies.
pub(crate) const NORMAL_MASK: u16 = (1 << 13) - 1;
const BLACK: usize = Rank::BlackJoker as usize;
const RED: usize = Rank::RedJoker as usize;
const ACE: usize = Rank::Ace as usize;

/// Most readings one play can have. Readings of one play share their card count, so at most one
/// bare airplane, two four-with-two-pairs readings, or as many airplanes-with-wings as trio runs
/// fit in the count-3 ranks: the chain plus at most two kicker trios, so three. Eight is ample.
pub const MAX_READINGS: usize = 8;

/// The readings of a play, in reading order (see [`Combo::reading_key`]); a fixed-size list so
/// classifying never allocates.
#[derive(Clone, Copy, Debug)]
pub struct Readings {
    items: [Combo; MAX_READINGS],
    len: usize,
}

impl Readings {
    /// No reading: not a combo.
    pub fn new() -> Readings {
        Readings {
            items: [Combo::bare(ComboKind::Single, Rank::Three, 1, 1); MAX_READINGS],
            len: 0,
        }
    }

    fn push(&mut self, combo: Combo) {
        // The bound is proven in MAX_READINGS' comment; a debug build checks it.
        debug_assert!(self.len < MAX_READINGS, "more readings than MAX_READINGS");
        if self.len < MAX_READINGS {
            self.items[self.len] = combo;
            self.len += 1;
        }
    }

    fn sort(&mut self) {
        // Almost always 0-2 items: insertion sort beats anything clever.
        let items = &mut self.items[..self.len];
        for i in 1..items.len() {
            let mut j = i;
            while j > 0 && items[j].reading_key() < items[j - 1].reading_key() {
                items.swap(j, j - 1);
                j -= 1;
            }
        }
    }
}

impl Default for Readings {
    fn default() -> Self {
        Readings::new()
    }
}

impl Deref for Readings {
    type Target = [Combo];

    fn deref(&self) -> &[Combo] {
        &self.items[..self.len]
    }
}

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

/// Every reading of `play` under `rules`, in reading order; empty when the play is not a combo
/// (or is larger than the game's largest play). `play` must be within the game's deck.
pub fn classify(play: &RankCounts, rules: &Rules) -> Readings {
    let mut out = Readings::new();
    let counts = &play.0;
    let mut total = 0usize;
    let mut present = 0u16;
    let mut threes = 0u16;
    let mut fours = 0u16;
    let mut min_count = u8::MAX;
    let mut max_count = 0u8;
    for (rank, &count) in counts.iter().enumerate() {
        if count == 0 {
            continue;
        }
        total += count as usize;
        present |= 1 << rank;
        threes |= ((count == 3) as u16) << rank;
        fours |= ((count == 4) as u16) << rank;
        min_count = min_count.min(count);
        max_count = max_count.max(count);
    }
    if total == 0 || total > rules.game.max_play_cards() {
        return out;
    }
    let distinct = present.count_ones() as u8;
    let lowest = present.trailing_zeros() as usize;
    let low_rank = Rank::ALL[lowest];
    if min_count == max_count {
        let consecutive = present >> lowest == (1u16 << distinct) - 1;
        let chain = consecutive && present & !CHAIN_MASK == 0;
        let rocket_pair = present == (1 << BLACK) | (1 << RED);
        match max_count {
            1 if distinct == 1 => out.push(Combo::bare(ComboKind::Single, low_rank, 1, 1)),
            1 if rocket_pair && rules.game == Game::ThreePlayer => {
                out.push(Combo::bare(ComboKind::Rocket, Rank::BlackJoker, 1, 1))
            }
            1 if chain && distinct >= rules.min_straight_length => {
                out.push(Combo::bare(ComboKind::Straight, low_rank, distinct, 1))
            }
            2 if distinct == 1 => out.push(Combo::bare(ComboKind::Pair, low_rank, 1, 2)),
            2 if rocket_pair && rules.game == Game::FourPlayer => {
                out.push(Combo::bare(ComboKind::Rocket, Rank::BlackJoker, 1, 2))
            }
            2 if chain && distinct >= rules.min_pair_straight_length => {
                out.push(Combo::bare(ComboKind::PairStraight, low_rank, distinct, 2))
            }
            3 if distinct == 1 => out.push(Combo::bare(ComboKind::Trio, low_rank, 1, 3)),
            3 if chain && distinct >= rules.min_airplane_length => {
                out.push(Combo::bare(ComboKind::Airplane, low_rank, distinct, 3))
            }
            4.. if distinct == 1 && present & NORMAL_MASK != 0 => {
                out.push(Combo::bare(ComboKind::Bomb, low_rank, 1, max_count))
            }
            _ => {}
        }
    }
    // Trios with kickers: the main ranks are exactly-three ranks (kickers never share them).
    if threes != 0 {
        if total == 4 {
            trio_readings(play, threes, 1, ComboKind::TrioWithSingle, rules, &mut out);
        }
        if total == 5 && rules.trio_with_pair {
            trio_readings(play, threes, 1, ComboKind::TrioWithPair, rules, &mut out);
        }
        let min_airplane = rules.min_airplane_length.max(2) as usize;
        if total.is_multiple_of(4) && total / 4 >= min_airplane {
            let length = (total / 4) as u8;
            let starts = run_starts(threes & CHAIN_MASK, length);
            trio_readings(
                play,
                starts,
                length,
                ComboKind::AirplaneWithSingles,
                rules,
                &mut out,
            );
        }
        if total.is_multiple_of(5) && total / 5 >= min_airplane && rules.trio_with_pair {
            let length = (total / 5) as u8;
            let starts = run_starts(threes & CHAIN_MASK, length);
            trio_readings(
                play,
                starts,
                length,
                ComboKind::AirplaneWithPairs,
                rules,
                &mut out,
            );
        }
    }
    let quads = fours & NORMAL_MASK;
    if quads != 0 {
        if total == 6 && rules.four_with_two_singles {
            trio_readings(
                play,
                quads,
                1,
                ComboKind::FourWithTwoSingles,
                rules,
                &mut out,
            );
        }
        if total == 8 && rules.four_with_two_pairs {
            trio_readings(play, quads, 1, ComboKind::FourWithTwoPairs, rules, &mut out);
        }
    }
    out.sort();
    out
}

/// Readings of `kind` whose main part starts at each set bit of `starts`.
fn trio_readings(
    play: &RankCounts,
    mut starts: u16,
    length: u8,
    kind: ComboKind,
    rules: &Rules,
    out: &mut Readings,
) {
    let size = kind.main_copies().unwrap_or(3);
    while starts != 0 {
        let start = starts.trailing_zeros() as usize;
        starts &= starts - 1;
        let mut kickers = *play;
        for count in &mut kickers.0[start..start + length as usize] {
            *count = 0;
        }
        let ok = if kind.kicker_unit() == 1 {
            single_kickers_ok(&kickers.0, start, start + length as usize - 1, rules)
        } else {
            pair_kickers_ok(&kickers.0, rules)
        };
        if ok {
            out.push(Combo {
                kind,
                rank: Rank::ALL[start],
                length,
                size,
                kickers,
            });
        }
    }
}

/// Whether single kickers `kickers` (main ranks `lo..=hi` removed, count already right) are
/// allowed.
pub(crate) fn single_kickers_ok(
    kickers: &[u8; Rank::COUNT],
    lo: usize,
    hi: usize,
    rules: &Rules,
) -> bool {
    for (rank, &count) in kickers.iter().enumerate() {
        if count == 0 {
            continue;
        }
        if count > 1 && !rules.kickers_may_repeat {
            return false;
        }
        if count >= 4 && !rules.kickers_may_include_bomb {
            return false;
        }
        if count == 3
            && !rules.kickers_may_include_adjacent_trio
            && (rank + 1 == lo || (rank == hi + 1 && rank <= ACE))
        {
            return false;
        }
    }
    jokers_ok(kickers, rules)
}

/// Whether pair kickers `kickers` (main ranks removed) are allowed: whole pairs, distinct ranks
/// unless a bomb may count as two pairs. The count of pairs is right by construction.
pub(crate) fn pair_kickers_ok(kickers: &[u8; Rank::COUNT], rules: &Rules) -> bool {
    for &count in kickers {
        if !count.is_multiple_of(2) || (count > 2 && !rules.bomb_as_two_pairs) {
            return false;
        }
    }
    jokers_ok(kickers, rules)
}

fn jokers_ok(kickers: &[u8; Rank::COUNT], rules: &Rules) -> bool {
    let (black, red) = (kickers[BLACK], kickers[RED]);
    if black + red == 0 {
        return true;
    }
    if !rules.kickers_may_include_joker {
        return false;
    }
    let rocket = rules.game.rocket_copies();
    rules.kickers_may_include_rocket || black < rocket || red < rocket
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::parse_card;

    fn counts(text: &str) -> RankCounts {
        RankCounts::from_ranks(text.split_whitespace().map(|c| parse_card(c).unwrap().rank))
    }

    fn kinds(text: &str, rules: &Rules) -> Vec<(ComboKind, Rank)> {
        classify(&counts(text), rules)
            .iter()
            .map(|c| (c.kind, c.rank))
            .collect()
    }

    #[test]
    fn bare_combos() {
        let r = &Rules::STANDARD;
        assert_eq!(kinds("RJ", r), [(ComboKind::Single, Rank::RedJoker)]);
        assert_eq!(kinds("BJ RJ", r), [(ComboKind::Rocket, Rank::BlackJoker)]);
        assert_eq!(kinds("2 2", r), [(ComboKind::Pair, Rank::Two)]);
        assert_eq!(kinds("10 J Q K A", r), [(ComboKind::Straight, Rank::Ten)]);
        assert!(kinds("J Q K A 2", r).is_empty());
        assert!(kinds("3 4 5 6", r).is_empty());
        assert_eq!(
            kinds("3 3 4 4 5 5", r),
            [(ComboKind::PairStraight, Rank::Three)]
        );
        assert_eq!(kinds("K K K A A A", r), [(ComboKind::Airplane, Rank::King)]);
        assert!(kinds("A A A 2 2 2", r).is_empty());
        assert_eq!(kinds("7 7 7 7", r), [(ComboKind::Bomb, Rank::Seven)]);
    }

    #[test]
    fn kickers_follow_the_profile() {
        let (std, strict, perm) = (&Rules::STANDARD, &Rules::STRICT, &Rules::PERMISSIVE);
        // Repeated single wings.
        assert_eq!(kinds("3 3 3 4 4 4 5 5", std).len(), 1);
        assert!(kinds("3 3 3 4 4 4 5 5", strict).is_empty());
        // Both jokers as wings.
        assert!(kinds("3 3 3 4 4 4 BJ RJ", std).is_empty());
        assert_eq!(kinds("3 3 3 4 4 4 BJ RJ", perm).len(), 1);
        // A four of a kind is never two pairs, except in PERMISSIVE where it reads both ways.
        assert!(kinds("3 3 3 3 4 4 4 4", std).is_empty());
        assert_eq!(
            kinds("3 3 3 3 4 4 4 4", perm),
            [
                (ComboKind::FourWithTwoPairs, Rank::Four),
                (ComboKind::FourWithTwoPairs, Rank::Three)
            ]
        );
        // An adjacent trio as wings: only PERMISSIVE; a distant one: STANDARD too.
        let four_trios = "3 3 3 4 4 4 5 5 5 6 6 6";
        assert_eq!(kinds(four_trios, std), [(ComboKind::Airplane, Rank::Three)]);
        assert_eq!(
            kinds(four_trios, perm),
            [
                (ComboKind::Airplane, Rank::Three),
                (ComboKind::AirplaneWithSingles, Rank::Four),
                (ComboKind::AirplaneWithSingles, Rank::Three)
            ]
        );
        assert_eq!(
            kinds("3 3 3 4 4 4 5 5 5 7 7 7", std),
            [(ComboKind::AirplaneWithSingles, Rank::Three)]
        );
        assert_eq!(
            kinds("Q Q Q K K K A A A 2 2 2", std),
            [(ComboKind::AirplaneWithSingles, Rank::Queen)]
        );
        assert!(
            kinds("J J J Q Q Q K K K A A A", std)
                .iter()
                .all(|&(k, _)| k == ComboKind::Airplane)
        );
        // Kickers never share a main rank.
        assert!(kinds("3 3 3 3 4", perm).is_empty());
    }

    #[test]
    fn four_player_bombs_and_rocket() {
        let r = &Rules::preset(super::super::rules::Preset::Standard, Game::FourPlayer);
        assert_eq!(
            classify(&counts("5 5 5 5 5 5 5 5"), r)[0],
            Combo::bare(ComboKind::Bomb, Rank::Five, 1, 8)
        );
        assert_eq!(
            kinds("BJ BJ RJ RJ", r),
            [(ComboKind::Rocket, Rank::BlackJoker)]
        );
        assert_eq!(kinds("RJ RJ", r), [(ComboKind::Pair, Rank::RedJoker)]);
        assert!(kinds("BJ RJ", r).is_empty());
    }
}
