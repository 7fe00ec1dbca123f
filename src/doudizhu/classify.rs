//! Every reading of a play under a rule profile.
//!
//! The play is reduced to bit masks of ranks by count (which ranks appear exactly three times,
//! exactly four times...); chains are runs of set bits, so finding every possible main part is
//! a few shifts, and only the kickers left over are checked against the rules.

use super::combo::{Combo, ComboKind};
#[cfg(target_arch = "x86_64")]
use super::ranks::{ALL_RANKS, counts_vector};
use super::ranks::{BLACK, CHAIN_MASK, NORMAL_MASK, RED, run_mask, run_starts};
use super::reading::{Readings, sort_readings};
use super::rules::Rules;
use super::table::Table;
use super::variant::Variant;
use crate::cards::{Rank, RankCounts};

/// Bit masks of a play's ranks by count: everything the classifier needs, in one pass.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct CountMasks {
    total: usize,
    present: u16,
    ones: u16,
    twos: u16,
    threes: u16,
    fours: u16,
    at_least_two: u16,
    at_least_four: u16,
    /// Ranks with nine or more copies: more than two decks hold.
    at_least_nine: u16,
    odd: u16,
    black: u8,
    red: u8,
}

impl CountMasks {
    /// Whether the game's deck(s) hold the cards: at most 4 of a rank and 1 of a joker with one
    /// deck, 8 and 2 with two; from the masks, so the check costs a few bit operations.
    #[inline]
    pub(crate) fn within(&self, game: Variant) -> bool {
        self.over_deck(game) == 0
    }

    /// The ranks with more copies than the game's deck(s) hold.
    #[inline]
    pub(crate) fn over_deck(&self, game: Variant) -> u16 {
        const JOKERS: u16 = (1 << BLACK) | (1 << RED);
        match game {
            Variant::ThreePlayer => {
                (self.at_least_four & !self.fours & NORMAL_MASK) | (self.at_least_two & JOKERS)
            }
            Variant::FourPlayer => {
                (self.at_least_nine & NORMAL_MASK) | (self.at_least_two & !self.twos & JOKERS)
            }
        }
    }

    #[cfg(target_arch = "x86_64")]
    #[inline]
    pub(crate) fn of(counts: &[u8; Rank::COUNT]) -> CountMasks {
        // SAFETY: SSE2 is part of the x86-64 baseline: every x86-64 CPU has it.
        unsafe { CountMasks::of_sse2(counts) }
    }

    /// The masks with SSE2: sixteen byte compares at once, each turned into a 16-bit mask by
    /// one `movemask`.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "sse2")]
    fn of_sse2(counts: &[u8; Rank::COUNT]) -> CountMasks {
        use std::arch::x86_64::*;
        let v = counts_vector(counts);
        macro_rules! equal {
            ($k:expr) => {
                _mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8($k))) as u16
            };
        }
        let present = !equal!(0) & ALL_RANKS;
        let ones = equal!(1);
        // v <= 3 exactly where min(v, 3) == v.
        let at_most_three =
            _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_min_epu8(v, _mm_set1_epi8(3)), v)) as u16;
        let at_most_eight =
            _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_min_epu8(v, _mm_set1_epi8(8)), v)) as u16;
        // Shifting each 16-bit lane left by 7 moves every byte's low bit to its top bit.
        let odd = _mm_movemask_epi8(_mm_slli_epi16(v, 7)) as u16;
        let sums = _mm_sad_epu8(v, _mm_setzero_si128());
        let total = (_mm_cvtsi128_si32(sums) as u32 & 0xFFFF) + _mm_extract_epi16(sums, 4) as u32;
        CountMasks {
            total: total as usize,
            present,
            ones,
            twos: equal!(2),
            threes: equal!(3),
            fours: equal!(4),
            at_least_two: present & !ones,
            at_least_four: !at_most_three & ALL_RANKS,
            at_least_nine: !at_most_eight & ALL_RANKS,
            odd,
            black: counts[BLACK],
            red: counts[RED],
        }
    }

    #[cfg(not(target_arch = "x86_64"))]
    #[inline]
    pub(crate) fn of(counts: &[u8; Rank::COUNT]) -> CountMasks {
        CountMasks::of_scalar(counts)
    }

    /// The masks one rank at a time (the portable version, and the SSE2 version's test oracle).
    #[cfg(any(test, not(target_arch = "x86_64")))]
    fn of_scalar(counts: &[u8; Rank::COUNT]) -> CountMasks {
        let mut shape = CountMasks {
            total: 0,
            present: 0,
            ones: 0,
            twos: 0,
            threes: 0,
            fours: 0,
            at_least_two: 0,
            at_least_four: 0,
            at_least_nine: 0,
            odd: 0,
            black: counts[BLACK],
            red: counts[RED],
        };
        for (rank, &count) in counts.iter().enumerate() {
            shape.total += count as usize;
            shape.present |= ((count != 0) as u16) << rank;
            shape.ones |= ((count == 1) as u16) << rank;
            shape.twos |= ((count == 2) as u16) << rank;
            shape.threes |= ((count == 3) as u16) << rank;
            shape.fours |= ((count == 4) as u16) << rank;
            shape.at_least_two |= ((count >= 2) as u16) << rank;
            shape.at_least_four |= ((count >= 4) as u16) << rank;
            shape.at_least_nine |= ((count >= 9) as u16) << rank;
            shape.odd |= ((count & 1) as u16) << rank;
        }
        shape
    }

    /// Whether the cards outside `main` are allowed as single kickers (their number is right by
    /// construction).
    #[inline]
    pub(crate) fn single_kickers_ok(&self, main: u16, rules: &Rules) -> bool {
        self.single_rank_faults(main, rules) == 0 && jokers_ok(self.black, self.red, rules)
    }

    /// The ranks outside `main` whose copies break the single-kicker rules (both jokers when
    /// the jokers together do). Every rule is about one rank's copies (or the jokers'), so a
    /// rank's fault depends on its own count only: the laizi fitter relies on this to try each
    /// rank's wildcards on their own.
    #[inline]
    pub(crate) fn single_kicker_faults(&self, main: u16, rules: &Rules) -> u16 {
        self.single_rank_faults(main, rules) | self.jokers_faults(rules)
    }

    /// [`CountMasks::single_kicker_faults`] but the jokers' rule.
    #[inline]
    fn single_rank_faults(&self, main: u16, rules: &Rules) -> u16 {
        let outside = !main;
        let mut faults = 0;
        if !rules.kickers_may_repeat {
            faults |= self.at_least_two & outside;
        }
        if !rules.kickers_may_include_bomb {
            faults |= self.at_least_four & outside;
        }
        // Exactly three kickers of a rank just below or just above the chain (2 is never next
        // to a chain).
        if !rules.kickers_may_include_adjacent_trio {
            let adjacent = ((main << 1) | (main >> 1)) & outside & CHAIN_MASK;
            faults |= self.threes & adjacent;
        }
        faults
    }

    /// Whether the cards outside `main` are allowed as pair kickers: whole pairs, of distinct
    /// ranks unless a bomb may count as two pairs (the number of pairs is right by
    /// construction).
    #[inline]
    pub(crate) fn pair_kickers_ok(&self, main: u16, rules: &Rules) -> bool {
        self.pair_rank_faults(main, rules) == 0 && jokers_ok(self.black, self.red, rules)
    }

    /// The ranks outside `main` whose copies break the pair-kicker rules (both jokers when the
    /// jokers together do); per rank, as for [`CountMasks::single_kicker_faults`].
    #[inline]
    pub(crate) fn pair_kicker_faults(&self, main: u16, rules: &Rules) -> u16 {
        self.pair_rank_faults(main, rules) | self.jokers_faults(rules)
    }

    /// [`CountMasks::pair_kicker_faults`] but the jokers' rule.
    #[inline]
    fn pair_rank_faults(&self, main: u16, rules: &Rules) -> u16 {
        let outside = !main;
        let mut faults = self.odd & outside;
        if !rules.bomb_as_two_pairs {
            faults |= self.at_least_four & outside;
        }
        faults
    }

    /// Both jokers' bits when the jokers may not be kickers as they are, else none.
    #[inline]
    fn jokers_faults(&self, rules: &Rules) -> u16 {
        const JOKERS: u16 = (1 << BLACK) | (1 << RED);
        if jokers_ok(self.black, self.red, rules) {
            0
        } else {
            JOKERS
        }
    }
}

/// Every reading of `play` under the table's rules, in reading order; empty when the play is not
/// a combo: no cards, more than the game's largest play, or cards the deck(s) do not hold.
///
/// # Examples
///
/// ```
/// use cardrules::cards::{Rank, RankCounts};
/// use cardrules::doudizhu::{ComboKind, Table, classify};
///
/// // Two fours of a kind: under PERMISSIVE (a four of a kind may be two pair kickers) either
/// // four is the main part; under STANDARD the cards are no combo.
/// let play = RankCounts::from_ranks([[Rank::Three; 4], [Rank::Four; 4]].concat());
/// let readings = classify(&Table::PERMISSIVE, &play);
/// assert_eq!(readings.len(), 2);
/// assert_eq!(readings[0].kind, ComboKind::FourWithTwoPairs);
/// assert_eq!(readings[0].to_string(), "four with two pairs 4 + 3 3 3 3");
/// assert!(classify(&Table::STANDARD, &play).is_empty());
/// ```
#[inline]
pub fn classify(table: &Table, play: &RankCounts) -> Readings {
    classify_within_deck(play, table.rules())
}

/// [`classify`] under checked rules (the name says what the first check makes sure of).
#[inline]
pub(crate) fn classify_within_deck(play: &RankCounts, rules: &Rules) -> Readings {
    // Filled in place, not built in the classifier and returned: moving the finished list out
    // (144 bytes with the readings' laizi fields) was a `memcpy` call on every classification,
    // about 40 of its 486 instructions (callgrind), a few nanoseconds of a 40 ns call.
    let mut out = Readings::new();
    classify_into(play, rules, &mut out);
    out
}

/// [`classify_within_deck`] into `out`, which the caller gives empty.
fn classify_into(play: &RankCounts, rules: &Rules, out: &mut Readings) {
    let shape = CountMasks::of(&play.0);
    let total = shape.total;
    if total == 0 || total > rules.game.max_play_cards() || !shape.within(rules.game) {
        return;
    }
    let present = shape.present;
    let distinct = present.count_ones() as u8;
    let lowest = present.trailing_zeros() as usize;
    let low_rank = Rank::ALL[lowest];
    if distinct == 1 {
        let count = play.0[lowest];
        match count {
            1 => out.push(Combo::bare(ComboKind::Single, low_rank, 1, 1)),
            2 => out.push(Combo::bare(ComboKind::Pair, low_rank, 1, 2)),
            3 => out.push(Combo::bare(ComboKind::Trio, low_rank, 1, 3)),
            _ if present & NORMAL_MASK != 0 => {
                out.push(Combo::bare(ComboKind::Bomb, low_rank, 1, count))
            }
            _ => {}
        }
        return;
    }
    let chain = present >> lowest == (1u16 << distinct) - 1 && present & !CHAIN_MASK == 0;
    let rocket = present == (1 << BLACK) | (1 << RED);
    let copies = rules.game.rocket_copies();
    if rocket && shape.black == copies && shape.red == copies {
        out.push(Combo::bare(ComboKind::Rocket, Rank::BlackJoker, 1, copies));
        return;
    }
    if chain {
        if shape.ones == present && distinct >= rules.min_straight_length {
            out.push(Combo::bare(ComboKind::Straight, low_rank, distinct, 1));
        } else if shape.twos == present && distinct >= rules.min_pair_straight_length {
            out.push(Combo::bare(ComboKind::PairStraight, low_rank, distinct, 2));
        } else if shape.threes == present && distinct >= rules.min_airplane_length {
            out.push(Combo::bare(ComboKind::Airplane, low_rank, distinct, 3));
        }
    }
    // Trios with kickers: the main ranks are exactly-three ranks (kickers never share them).
    let threes = shape.threes;
    if threes != 0 {
        let min_airplane = rules.min_airplane_length.max(2) as usize;
        if total == 4 {
            with_kickers(
                play,
                &shape,
                threes,
                1,
                ComboKind::TrioWithSingle,
                rules,
                out,
            );
        } else if total == 5 && rules.trio_with_pair {
            with_kickers(play, &shape, threes, 1, ComboKind::TrioWithPair, rules, out);
        }
        if total.is_multiple_of(4) && total / 4 >= min_airplane {
            let length = (total / 4) as u8;
            let starts = run_starts(threes & CHAIN_MASK, length);
            let kind = ComboKind::AirplaneWithSingles;
            with_kickers(play, &shape, starts, length, kind, rules, out);
        }
        if total.is_multiple_of(5) && total / 5 >= min_airplane && rules.trio_with_pair {
            let length = (total / 5) as u8;
            let starts = run_starts(threes & CHAIN_MASK, length);
            let kind = ComboKind::AirplaneWithPairs;
            with_kickers(play, &shape, starts, length, kind, rules, out);
        }
    }
    let quads = shape.fours & NORMAL_MASK;
    if quads != 0 {
        if total == 6 && rules.four_with_two_singles {
            let kind = ComboKind::FourWithTwoSingles;
            with_kickers(play, &shape, quads, 1, kind, rules, out);
        } else if total == 8 && rules.four_with_two_pairs {
            let kind = ComboKind::FourWithTwoPairs;
            with_kickers(play, &shape, quads, 1, kind, rules, out);
        }
    }
    sort_readings(out);
}

/// Readings of `kind` whose main part starts at each set bit of `starts`.
fn with_kickers(
    play: &RankCounts,
    shape: &CountMasks,
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
        let main = run_mask(start, length);
        let ok = if kind.kicker_unit() == 1 {
            shape.single_kickers_ok(main, rules)
        } else {
            shape.pair_kickers_ok(main, rules)
        };
        if ok {
            let mut kickers = *play;
            kickers.0[start..start + length as usize].fill(0);
            out.push(Combo {
                kind,
                rank: Rank::ALL[start],
                length,
                size,
                kickers,
                wild_as: RankCounts::EMPTY,
                bomb_kind: None,
            });
        }
    }
}

/// The joker rules for kickers (the jokers are never main ranks of a kicker combo).
#[inline]
fn jokers_ok(black: u8, red: u8, rules: &Rules) -> bool {
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
    use super::super::variant::Variant;
    use super::*;
    use crate::cards::parse_card;

    fn counts(text: &str) -> RankCounts {
        RankCounts::from_ranks(text.split_whitespace().map(|c| parse_card(c).unwrap().rank))
    }

    fn kinds(text: &str, table: &Table) -> Vec<(ComboKind, Rank)> {
        classify(table, &counts(text))
            .iter()
            .map(|c| (c.kind, c.rank))
            .collect()
    }

    #[test]
    fn fast_shape_matches_the_scalar_one() {
        // Every count 0..=8 at every rank, with varied neighbours.
        for rank in 0..Rank::COUNT {
            for count in 0..=12u8 {
                for fill in [0u8, 1, 3, 4, 8] {
                    let mut counts = [fill; Rank::COUNT];
                    counts[rank] = count;
                    assert_eq!(
                        CountMasks::of(&counts),
                        CountMasks::of_scalar(&counts),
                        "{counts:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn bare_combos() {
        let r = &Table::STANDARD;
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
        let (std, strict, perm) = (&Table::STANDARD, &Table::STRICT, &Table::PERMISSIVE);
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
        let r = &Table::preset(super::super::rules::Preset::Standard, Variant::FourPlayer);
        assert_eq!(
            classify(r, &counts("5 5 5 5 5 5 5 5"))[0],
            Combo::bare(ComboKind::Bomb, Rank::Five, 1, 8)
        );
        assert_eq!(
            kinds("BJ BJ RJ RJ", r),
            [(ComboKind::Rocket, Rank::BlackJoker)]
        );
        assert_eq!(kinds("RJ RJ", r), [(ComboKind::Pair, Rank::RedJoker)]);
        assert!(kinds("BJ RJ", r).is_empty());
    }

    /// The most readings one play has: a bare airplane of eight trios, or three airplanes of six
    /// with the other two trios as single wings (two decks, PERMISSIVE): MAX_READINGS.
    #[test]
    fn the_most_readings_fit_in_readings() {
        let r = &Table::new(Rules {
            game: Variant::FourPlayer,
            ..Rules::PERMISSIVE
        })
        .unwrap();
        let eight_trios = "3 3 3 4 4 4 5 5 5 6 6 6 7 7 7 8 8 8 9 9 9 10 10 10";
        assert_eq!(
            kinds(eight_trios, r),
            [
                (ComboKind::Airplane, Rank::Three),
                (ComboKind::AirplaneWithSingles, Rank::Five),
                (ComboKind::AirplaneWithSingles, Rank::Four),
                (ComboKind::AirplaneWithSingles, Rank::Three),
            ]
        );
        const { assert!(4 == crate::doudizhu::MAX_READINGS) };
    }

    #[test]
    fn cards_the_deck_does_not_hold_are_no_combo() {
        let three = &Table::STANDARD;
        let four = &Table::preset(super::super::rules::Preset::Standard, Variant::FourPlayer);
        assert!(kinds("5 5 5 5 5", three).is_empty());
        assert_eq!(kinds("5 5 5 5 5", four), [(ComboKind::Bomb, Rank::Five)]);
        assert!(kinds("BJ BJ", three).is_empty());
        assert!(kinds("5 5 5 5 5 5 5 5 5", four).is_empty());
        assert!(kinds("BJ BJ BJ", four).is_empty());
        assert_eq!(kinds("RJ RJ", four), [(ComboKind::Pair, Rank::RedJoker)]);
    }
}
