//! Rule profiles: which combos exist and what kickers may be.
//!
//! A [`Rules`] value is a preset ([`Preset`]) with every override spelled out as a field, so the
//! classifier never has to know where a choice came from. It is plain data that anyone can build;
//! the engine takes a [`Table`](super::Table) instead, which only `Table::new` (or
//! `Table::with_overrides`) makes, after checking the rules: an unchecked rule set cannot reach
//! the engine. [`RulesError`] and [`InvalidRules`] are what the check finds.

use super::bombs::BombOrder;
use super::variant::Variant;
use crate::cards::Rank;

/// A named set of conventions. Every preset can be overridden field by field.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Preset {
    /// RLCard's conventions (the default): 27,471 plays of a full deck.
    #[default]
    Standard,
    /// Pagat's rules as the `dou_dizhu` 0.2.0 crate implements them: 12,654 plays.
    Strict,
    /// The Python `doudizhu` engine's loose kickers: 33,675 plays.
    Permissive,
}

/// A complete rule profile. Build one with [`Rules::preset`], then change fields to override.
///
/// Fixed in every profile: kickers never include a main rank (`3333+4` is not a trio with a
/// single); chains run from `3` to `A` (never `2` or a joker); a trio with a single and a bare
/// trio always exist.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// One deck for three players, or two decks for four.
    pub game: Variant,
    /// Trio + pair, and airplanes with pair wings, are combos.
    pub trio_with_pair: bool,
    /// Four of a kind + two single kickers is a combo.
    pub four_with_two_singles: bool,
    /// Four of a kind + two pair kickers is a combo.
    pub four_with_two_pairs: bool,
    /// Single kickers may share a rank (`333444+55`, `3333+55`).
    pub kickers_may_repeat: bool,
    /// A joker may be a kicker.
    pub kickers_may_include_joker: bool,
    /// The rocket (both jokers; all four with two decks) may be among the kickers.
    /// Needs `kickers_may_include_joker`.
    pub kickers_may_include_rocket: bool,
    /// Four or more single kickers of one rank (a bomb) are allowed. Needs `kickers_may_repeat`.
    pub kickers_may_include_bomb: bool,
    /// Single wings may hold exactly three cards of a rank next to the airplane's chain (which
    /// would lengthen the chain: `333444555+666`). A trio elsewhere (`333444555+777`, `+222`) only
    /// needs `kickers_may_repeat`. Needs `kickers_may_repeat`.
    pub kickers_may_include_adjacent_trio: bool,
    /// Pair kickers may use one rank more than once (a bomb as two pairs: `3333+4444`,
    /// `333444+5555`). Whatever the deck, a rank gives as many pairs as it has pairs of cards,
    /// wildcards standing for it included (six `J`s are three pair kickers, eight are four; five
    /// are none): with one deck, six arise from four natural `J`s and two wildcards as `J`.
    pub bomb_as_two_pairs: bool,
    /// Shortest straight of singles, 3..=12 (default 5).
    pub min_straight_length: u8,
    /// Shortest straight of pairs, 2..=12 (default 3).
    pub min_pair_straight_length: u8,
    /// Fewest trios in an airplane, with or without wings, 2..=12 (default 2).
    pub min_airplane_length: u8,
    /// Laizi: a play made only of wildcards counts only as its natural rank(s) (default true,
    /// the common house rule: a lone laizi `7` is a single 7, `7 7` a pair of 7s). Off: such a
    /// play's wildcards may stand for any ranks, like any other wildcards.
    pub all_wildcard_play_natural: bool,
    /// Laizi: no fit may hold more copies of a rank than the deck(s) hold (default false). Off,
    /// wildcards may add copies beyond the deck: `3333` + a wildcard is a 5-card bomb of 3s,
    /// and a one-deck bomb may be 4 to 12 cards. On, bombs are at most 4 (8 with two decks) cards.
    pub wildcards_within_deck: bool,
    /// Laizi: how bombs made with wildcards rank against each other (see [`BombOrder`]). Natural
    /// bombs rank by size, then rank, under every order.
    pub bomb_order: BombOrder,
    /// Laizi: wildcards may stand for kicker cards (default true). Off, a wildcard that stands
    /// for another rank must stand for a main card; one played as its own rank may be a kicker.
    pub wildcards_may_be_kickers: bool,
}

impl Default for Rules {
    fn default() -> Self {
        Rules::STANDARD
    }
}

/// One contradictory or out-of-range rule setting. The message is the one a request that sets
/// the field gets; [`RulesError::field`] names the field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum RulesError {
    /// `kickers_may_include_rocket` without `kickers_may_include_joker`.
    #[error("the rocket is made of jokers: it needs kickers_may_include_joker")]
    RocketKickerNeedsJokers,
    /// `kickers_may_include_bomb` without `kickers_may_repeat`.
    #[error("a bomb among the kickers repeats a rank: it needs kickers_may_repeat")]
    BombKickerNeedsRepeats,
    /// `kickers_may_include_adjacent_trio` without `kickers_may_repeat`.
    #[error("a trio among the kickers repeats a rank: it needs kickers_may_repeat")]
    AdjacentTrioKickerNeedsRepeats,
    /// `min_straight_length` outside 3..=12 (the value as given).
    #[error("must be 3 to 12, got {0}")]
    MinStraightLength(u32),
    /// `min_pair_straight_length` outside 2..=12 (the value as given).
    #[error("must be 2 to 12, got {0}")]
    MinPairStraightLength(u32),
    /// `min_airplane_length` outside 2..=12 (the value as given).
    #[error("must be 2 to 12, got {0}")]
    MinAirplaneLength(u32),
    /// A wild rank is a joker (its index among the wild ranks).
    #[error("a joker cannot be a wild rank: wild ranks are 3 to 2")]
    WildRankJoker(usize),
    /// A wild rank given twice (the index of the second).
    #[error("{1} is already a wild rank")]
    WildRankTwice(usize, Rank),
    /// More than two wild ranks (the index of the third).
    #[error("at most two wild ranks (天地癞子)")]
    TooManyWildRanks(usize),
}

impl RulesError {
    /// The field of [`Rules`] (and of [`RuleOverrides`]) at fault.
    pub fn field(&self) -> &'static str {
        match self {
            RulesError::RocketKickerNeedsJokers => "kickers_may_include_rocket",
            RulesError::BombKickerNeedsRepeats => "kickers_may_include_bomb",
            RulesError::AdjacentTrioKickerNeedsRepeats => "kickers_may_include_adjacent_trio",
            RulesError::MinStraightLength(_) => "min_straight_length",
            RulesError::MinPairStraightLength(_) => "min_pair_straight_length",
            RulesError::MinAirplaneLength(_) => "min_airplane_length",
            RulesError::WildRankJoker(_)
            | RulesError::WildRankTwice(..)
            | RulesError::TooManyWildRanks(_) => "wild_ranks",
        }
    }

    /// The index within the field, for the wild ranks.
    pub fn index(&self) -> Option<usize> {
        match *self {
            RulesError::WildRankJoker(i)
            | RulesError::WildRankTwice(i, _)
            | RulesError::TooManyWildRanks(i) => Some(i),
            _ => None,
        }
    }
}

/// Rules that cannot be played: every problem, in field order (never empty).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid rules: {}", problems.iter().map(|p| format!("{}: {p}", p.field())).collect::<Vec<_>>().join("; "))]
pub struct InvalidRules {
    /// The problems, in field order.
    pub problems: Vec<RulesError>,
}

/// Changes to a preset, field by field: `None` keeps the preset's value. The lengths are taken
/// as wide integers so that an out-of-range value is reported as given.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct RuleOverrides {
    /// See [`Rules::trio_with_pair`].
    pub trio_with_pair: Option<bool>,
    /// See [`Rules::four_with_two_singles`].
    pub four_with_two_singles: Option<bool>,
    /// See [`Rules::four_with_two_pairs`].
    pub four_with_two_pairs: Option<bool>,
    /// See [`Rules::kickers_may_repeat`].
    pub kickers_may_repeat: Option<bool>,
    /// See [`Rules::kickers_may_include_joker`].
    pub kickers_may_include_joker: Option<bool>,
    /// See [`Rules::kickers_may_include_rocket`].
    pub kickers_may_include_rocket: Option<bool>,
    /// See [`Rules::kickers_may_include_bomb`].
    pub kickers_may_include_bomb: Option<bool>,
    /// See [`Rules::kickers_may_include_adjacent_trio`].
    pub kickers_may_include_adjacent_trio: Option<bool>,
    /// See [`Rules::bomb_as_two_pairs`].
    pub bomb_as_two_pairs: Option<bool>,
    /// See [`Rules::min_straight_length`].
    pub min_straight_length: Option<u32>,
    /// See [`Rules::min_pair_straight_length`].
    pub min_pair_straight_length: Option<u32>,
    /// See [`Rules::min_airplane_length`].
    pub min_airplane_length: Option<u32>,
    /// See [`Rules::all_wildcard_play_natural`].
    pub all_wildcard_play_natural: Option<bool>,
    /// See [`Rules::wildcards_within_deck`].
    pub wildcards_within_deck: Option<bool>,
    /// See [`Rules::bomb_order`].
    pub bomb_order: Option<BombOrder>,
    /// See [`Rules::wildcards_may_be_kickers`].
    pub wildcards_may_be_kickers: Option<bool>,
}

impl Rules {
    /// RLCard's conventions for three players.
    pub const STANDARD: Rules = Rules {
        game: Variant::ThreePlayer,
        trio_with_pair: true,
        four_with_two_singles: true,
        four_with_two_pairs: true,
        kickers_may_repeat: true,
        kickers_may_include_joker: true,
        kickers_may_include_rocket: false,
        kickers_may_include_bomb: false,
        kickers_may_include_adjacent_trio: false,
        bomb_as_two_pairs: false,
        min_straight_length: 5,
        min_pair_straight_length: 3,
        min_airplane_length: 2,
        all_wildcard_play_natural: true,
        wildcards_within_deck: false,
        bomb_order: BombOrder::SizeThenRank,
        wildcards_may_be_kickers: true,
    };

    /// The `dou_dizhu` crate's (Pagat's) conventions for three players: kickers of distinct
    /// ranks, at most one joker.
    pub const STRICT: Rules = Rules {
        kickers_may_repeat: false,
        ..Rules::STANDARD
    };

    /// The Python `doudizhu` engine's conventions for three players: any non-main cards are
    /// kickers.
    pub const PERMISSIVE: Rules = Rules {
        kickers_may_include_rocket: true,
        kickers_may_include_bomb: true,
        kickers_may_include_adjacent_trio: true,
        bomb_as_two_pairs: true,
        ..Rules::STANDARD
    };

    /// The preset's rules for `game`.
    pub fn preset(preset: Preset, game: Variant) -> Rules {
        let rules = match preset {
            Preset::Standard => Rules::STANDARD,
            Preset::Strict => Rules::STRICT,
            Preset::Permissive => Rules::PERMISSIVE,
        };
        Rules { game, ..rules }
    }

    /// Rejects contradictory settings (an override that needs another one switched off) and
    /// out-of-range lengths, reporting the first problem; [`Rules::problems`] lists them all,
    /// and [`Table::new`](super::Table::new) turns valid rules into what the engine takes.
    pub fn validate(&self) -> Result<(), RulesError> {
        match self.problems().first() {
            Some(&problem) => Err(problem),
            None => Ok(()),
        }
    }

    /// Every problem [`Rules::validate`] would report, in field order.
    pub fn problems(&self) -> Vec<RulesError> {
        let mut problems = Vec::new();
        if self.kickers_may_include_rocket && !self.kickers_may_include_joker {
            problems.push(RulesError::RocketKickerNeedsJokers);
        }
        if self.kickers_may_include_bomb && !self.kickers_may_repeat {
            problems.push(RulesError::BombKickerNeedsRepeats);
        }
        if self.kickers_may_include_adjacent_trio && !self.kickers_may_repeat {
            problems.push(RulesError::AdjacentTrioKickerNeedsRepeats);
        }
        if !(3..=12).contains(&self.min_straight_length) {
            problems.push(RulesError::MinStraightLength(
                self.min_straight_length.into(),
            ));
        }
        if !(2..=12).contains(&self.min_pair_straight_length) {
            problems.push(RulesError::MinPairStraightLength(
                self.min_pair_straight_length.into(),
            ));
        }
        if !(2..=12).contains(&self.min_airplane_length) {
            problems.push(RulesError::MinAirplaneLength(
                self.min_airplane_length.into(),
            ));
        }
        problems
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::doudizhu::{Table, TooManyCopies};

    #[test]
    fn presets_are_valid_for_both_games() {
        for preset in [Preset::Standard, Preset::Strict, Preset::Permissive] {
            for game in [Variant::ThreePlayer, Variant::FourPlayer] {
                assert_eq!(Rules::preset(preset, game).validate(), Ok(()));
            }
        }
    }

    #[test]
    fn contradictions_are_rejected() {
        let mut rules = Rules::STRICT;
        rules.kickers_may_include_bomb = true;
        assert_eq!(rules.validate(), Err(RulesError::BombKickerNeedsRepeats));
        let mut rules = Rules::STANDARD;
        rules.kickers_may_include_joker = false;
        rules.kickers_may_include_rocket = true;
        assert_eq!(rules.validate(), Err(RulesError::RocketKickerNeedsJokers));
        let mut rules = Rules::STRICT;
        rules.kickers_may_include_adjacent_trio = true;
        assert_eq!(
            rules.validate(),
            Err(RulesError::AdjacentTrioKickerNeedsRepeats)
        );
        let mut rules = Rules::STANDARD;
        rules.min_straight_length = 2;
        assert_eq!(rules.validate(), Err(RulesError::MinStraightLength(2)));
        rules.min_straight_length = 13;
        assert_eq!(rules.validate(), Err(RulesError::MinStraightLength(13)));
        let mut rules = Rules::STANDARD;
        rules.min_pair_straight_length = 1;
        assert_eq!(rules.validate(), Err(RulesError::MinPairStraightLength(1)));
        let mut rules = Rules::STANDARD;
        rules.min_airplane_length = 1;
        assert_eq!(rules.validate(), Err(RulesError::MinAirplaneLength(1)));
        rules.kickers_may_repeat = false;
        rules.kickers_may_include_bomb = true;
        assert_eq!(
            rules.problems(),
            [
                RulesError::BombKickerNeedsRepeats,
                RulesError::MinAirplaneLength(1)
            ]
        );
    }

    #[test]
    fn decks_have_the_right_size() {
        assert_eq!(Variant::ThreePlayer.full_deck().len(), 54);
        assert_eq!(Variant::FourPlayer.full_deck().len(), 108);
        let mut counts = Variant::ThreePlayer.full_deck();
        assert_eq!(Variant::ThreePlayer.check_counts(&counts), Ok(()));
        counts.0[Rank::RedJoker.index()] = 2;
        assert_eq!(
            Variant::ThreePlayer.check_counts(&counts),
            Err(TooManyCopies {
                rank: Rank::RedJoker,
                count: 2,
                max: 1
            })
        );
        assert_eq!(Variant::FourPlayer.check_counts(&counts), Ok(()));
    }

    #[test]
    fn wild_ranks_are_checked() {
        let table = Table::STANDARD
            .with_wild_ranks(&[Rank::Seven, Rank::Two])
            .unwrap();
        assert_eq!(
            table.wild().ranks().collect::<Vec<_>>(),
            [Rank::Seven, Rank::Two]
        );
        let error = Table::STANDARD
            .with_wild_ranks(&[Rank::Seven, Rank::BlackJoker, Rank::Seven, Rank::Three])
            .unwrap_err();
        assert_eq!(
            error.problems,
            [
                RulesError::WildRankJoker(1),
                RulesError::WildRankTwice(2, Rank::Seven),
                RulesError::TooManyWildRanks(3),
            ]
        );
        assert_eq!(error.problems[0].field(), "wild_ranks");
        assert_eq!(error.problems[1].index(), Some(2));
    }
}
