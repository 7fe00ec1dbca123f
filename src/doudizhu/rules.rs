//! Rule profiles: which combos exist and what kickers may be.
//!
//! A [`Rules`] value is a preset ([`Preset`]) with every override spelled out as a field, so the
//! classifier never has to know where a choice came from. [`Rules::validate`] rejects settings
//! that contradict each other; every other function assumes validated rules.

use crate::cards::{Rank, RankCounts};

/// Which deal the rules are for: the number of decks decides copies per rank, bomb sizes and the
/// largest play.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Game {
    /// Three players, one 54-card deck: four copies of each rank `3`..`2`, one of each joker.
    /// The largest hand (the landlord's 17 + 3 kitty cards) is 20 cards; so is the largest play.
    /// The rocket is the two jokers; bombs are four of a rank.
    #[default]
    ThreePlayer,
    /// Four players, two 54-card decks (108 cards): eight copies of each rank `3`..`2`, two of
    /// each joker. The largest hand (25 cards + an 8-card kitty) is 33 cards; so is the largest play.
    ///
    /// Bombs are 4 to 8 cards of one rank and rank first by size, then by rank (any 5-card bomb
    /// beats every 4-card bomb). The rocket is all four jokers and beats everything. Two jokers of
    /// the same colour are an ordinary pair (above a pair of 2s); one black and one red joker are
    /// not a combo. For kickers, "the rocket" means all four jokers and "a bomb" four or more
    /// cards of one rank; a pair of jokers may be a pair kicker when jokers may be kickers.
    FourPlayer,
}

impl Game {
    /// Copies of `rank` in the deck(s).
    pub fn copies(self, rank: Rank) -> u8 {
        let per_deck = if rank.is_joker() { 1 } else { 4 };
        per_deck * self.decks()
    }

    /// Number of 54-card decks.
    pub fn decks(self) -> u8 {
        match self {
            Game::ThreePlayer => 1,
            Game::FourPlayer => 2,
        }
    }

    /// Cards in the deck(s): 54 or 108.
    pub fn deck_size(self) -> usize {
        54 * self.decks() as usize
    }

    /// The largest play (and the largest hand a player can hold): 20 or 33 cards.
    pub fn max_play_cards(self) -> usize {
        match self {
            Game::ThreePlayer => 20,
            Game::FourPlayer => 33,
        }
    }

    /// Copies of each joker in the rocket: 1 (three players) or 2 (four players).
    pub fn rocket_copies(self) -> u8 {
        self.decks()
    }

    /// The largest bomb: 4 or 8 cards.
    pub fn max_bomb_size(self) -> u8 {
        4 * self.decks()
    }

    /// Every card of the deck(s), as rank counts.
    pub fn full_deck(self) -> RankCounts {
        let mut counts = RankCounts::EMPTY;
        for rank in Rank::ALL {
            counts.0[rank.index()] = self.copies(rank);
        }
        counts
    }

    /// Checks that `counts` could come out of this game's deck(s).
    pub fn check_counts(self, counts: &RankCounts) -> Result<(), TooManyCopies> {
        for rank in Rank::ALL {
            let count = counts.get(rank);
            let max = self.copies(rank);
            if count > max {
                return Err(TooManyCopies { rank, count, max });
            }
        }
        Ok(())
    }
}

/// A hand or play holds more copies of a rank than the game's deck(s) have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooManyCopies {
    /// The rank.
    pub rank: Rank,
    /// Copies found.
    pub count: u8,
    /// Copies in the deck(s).
    pub max: u8,
}

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
    pub game: Game,
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
    /// Pair kickers may use one rank twice (a bomb as two pairs: `3333+4444`, `333444+5555`).
    pub bomb_as_two_pairs: bool,
    /// Shortest straight of singles, 3..=12 (default 5).
    pub min_straight_length: u8,
    /// Shortest straight of pairs, 2..=12 (default 3).
    pub min_pair_straight_length: u8,
    /// Fewest trios in an airplane, with or without wings, 2..=12 (default 2).
    pub min_airplane_length: u8,
}

impl Default for Rules {
    fn default() -> Self {
        Rules::STANDARD
    }
}

/// Contradictory or out-of-range rule settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RulesError {
    /// `kickers_may_include_rocket` without `kickers_may_include_joker`.
    RocketKickerNeedsJokers,
    /// `kickers_may_include_bomb` without `kickers_may_repeat`.
    BombKickerNeedsRepeats,
    /// `kickers_may_include_adjacent_trio` without `kickers_may_repeat`.
    AdjacentTrioKickerNeedsRepeats,
    /// `min_straight_length` outside 3..=12.
    MinStraightLength(u8),
    /// `min_pair_straight_length` outside 2..=12.
    MinPairStraightLength(u8),
    /// `min_airplane_length` outside 2..=12.
    MinAirplaneLength(u8),
}

impl Rules {
    /// RLCard's conventions for three players.
    pub const STANDARD: Rules = Rules {
        game: Game::ThreePlayer,
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
    pub fn preset(preset: Preset, game: Game) -> Rules {
        let rules = match preset {
            Preset::Standard => Rules::STANDARD,
            Preset::Strict => Rules::STRICT,
            Preset::Permissive => Rules::PERMISSIVE,
        };
        Rules { game, ..rules }
    }

    /// Rejects contradictory settings (an override that needs another one switched off) and
    /// out-of-range lengths, reporting the first problem; [`Rules::problems`] lists them all.
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
            problems.push(RulesError::MinStraightLength(self.min_straight_length));
        }
        if !(2..=12).contains(&self.min_pair_straight_length) {
            problems.push(RulesError::MinPairStraightLength(
                self.min_pair_straight_length,
            ));
        }
        if !(2..=12).contains(&self.min_airplane_length) {
            problems.push(RulesError::MinAirplaneLength(self.min_airplane_length));
        }
        problems
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_are_valid_for_both_games() {
        for preset in [Preset::Standard, Preset::Strict, Preset::Permissive] {
            for game in [Game::ThreePlayer, Game::FourPlayer] {
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
        assert_eq!(Game::ThreePlayer.full_deck().len(), 54);
        assert_eq!(Game::FourPlayer.full_deck().len(), 108);
        let mut counts = Game::ThreePlayer.full_deck();
        assert_eq!(Game::ThreePlayer.check_counts(&counts), Ok(()));
        counts.0[Rank::RedJoker.index()] = 2;
        assert_eq!(
            Game::ThreePlayer.check_counts(&counts),
            Err(TooManyCopies {
                rank: Rank::RedJoker,
                count: 2,
                max: 1
            })
        );
        assert_eq!(Game::FourPlayer.check_counts(&counts), Ok(()));
    }
}
