//! The checked rules every engine entry point takes.

use super::rules::{InvalidRules, Preset, RuleOverrides, Rules, RulesError};
use super::variant::Variant;
use super::wild_ranks::WildRanks;
use crate::cards::Rank;

/// Checked rules: the one rules context every engine entry point takes.
///
/// Only [`Table::new`], [`Table::with_overrides`], [`Table::preset`] and the preset constants
/// make one, so the engine never sees contradictory settings or a length out of range.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Table {
    rules: Rules,
    wild: WildRanks,
}

impl Table {
    /// STANDARD rules for three players.
    pub const STANDARD: Table = Table {
        rules: Rules::STANDARD,
        wild: WildRanks::NONE,
    };
    /// STRICT rules for three players.
    pub const STRICT: Table = Table {
        rules: Rules::STRICT,
        wild: WildRanks::NONE,
    };
    /// PERMISSIVE rules for three players.
    pub const PERMISSIVE: Table = Table {
        rules: Rules::PERMISSIVE,
        wild: WildRanks::NONE,
    };

    /// Checks `rules`; every problem is reported.
    pub fn new(rules: Rules) -> Result<Table, InvalidRules> {
        let problems = rules.problems();
        if problems.is_empty() {
            Ok(Table {
                rules,
                wild: WildRanks::NONE,
            })
        } else {
            Err(InvalidRules { problems })
        }
    }

    /// A preset's rules for `game` (every preset is valid for both games).
    pub fn preset(preset: Preset, game: Variant) -> Table {
        Table {
            rules: Rules::preset(preset, game),
            wild: WildRanks::NONE,
        }
    }

    /// A preset for `game` with `overrides` applied, checked. A length too large for the rules'
    /// byte is reported with the value as given.
    pub fn with_overrides(
        preset: Preset,
        game: Variant,
        overrides: &RuleOverrides,
    ) -> Result<Table, InvalidRules> {
        let o = overrides;
        let mut r = Rules::preset(preset, game);
        let flags = [
            (o.trio_with_pair, &mut r.trio_with_pair),
            (o.four_with_two_singles, &mut r.four_with_two_singles),
            (o.four_with_two_pairs, &mut r.four_with_two_pairs),
            (o.kickers_may_repeat, &mut r.kickers_may_repeat),
            (
                o.kickers_may_include_joker,
                &mut r.kickers_may_include_joker,
            ),
            (
                o.kickers_may_include_rocket,
                &mut r.kickers_may_include_rocket,
            ),
            (o.kickers_may_include_bomb, &mut r.kickers_may_include_bomb),
            (
                o.kickers_may_include_adjacent_trio,
                &mut r.kickers_may_include_adjacent_trio,
            ),
            (o.bomb_as_two_pairs, &mut r.bomb_as_two_pairs),
            (
                o.all_wildcard_play_natural,
                &mut r.all_wildcard_play_natural,
            ),
            (o.wildcards_within_deck, &mut r.wildcards_within_deck),
            (o.wildcards_may_be_kickers, &mut r.wildcards_may_be_kickers),
        ];
        for (given, field) in flags {
            if let Some(value) = given {
                *field = value;
            }
        }
        if let Some(order) = o.bomb_order {
            r.bomb_order = order;
        }
        // Values past 255 saturate, which problems() then reports; the error quotes the value
        // as given.
        let lengths = [
            (o.min_straight_length, &mut r.min_straight_length),
            (o.min_pair_straight_length, &mut r.min_pair_straight_length),
            (o.min_airplane_length, &mut r.min_airplane_length),
        ];
        for (given, field) in lengths {
            if let Some(value) = given {
                *field = u8::try_from(value).unwrap_or(u8::MAX);
            }
        }
        Table::new(r).map_err(|mut error| {
            for problem in &mut error.problems {
                *problem = match *problem {
                    RulesError::MinStraightLength(v) => {
                        RulesError::MinStraightLength(o.min_straight_length.unwrap_or(v))
                    }
                    RulesError::MinPairStraightLength(v) => {
                        RulesError::MinPairStraightLength(o.min_pair_straight_length.unwrap_or(v))
                    }
                    RulesError::MinAirplaneLength(v) => {
                        RulesError::MinAirplaneLength(o.min_airplane_length.unwrap_or(v))
                    }
                    other => other,
                };
            }
            error
        })
    }

    /// The same rules with `ranks` wild (laizi): none, one, or two distinct ranks `3`..`2`.
    /// Every problem is reported, with its index in `ranks`.
    pub fn with_wild_ranks(self, ranks: &[Rank]) -> Result<Table, InvalidRules> {
        let mut problems = Vec::new();
        let mut wild = WildRanks::NONE;
        for (i, &rank) in ranks.iter().enumerate() {
            if rank.is_joker() {
                problems.push(RulesError::WildRankJoker(i));
            } else if wild.contains(rank) {
                problems.push(RulesError::WildRankTwice(i, rank));
            } else if i >= 2 {
                problems.push(RulesError::TooManyWildRanks(i));
            } else {
                wild.ranks[i] = Some(rank);
                wild.mask |= 1 << rank.index();
            }
        }
        if problems.is_empty() {
            // Keep the given order without holes (a rejected rank leaves none: it failed).
            Ok(Table { wild, ..self })
        } else {
            Err(InvalidRules { problems })
        }
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The wild ranks (none outside laizi games).
    pub fn wild(&self) -> &WildRanks {
        &self.wild
    }

    /// The game the rules are for.
    pub fn game(&self) -> Variant {
        self.rules.game
    }
}
