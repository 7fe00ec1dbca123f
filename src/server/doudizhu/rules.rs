//! `DoudizhuRules` -> [`Table`]: decode the enums, hand the overrides to the core, name the
//! fields of its errors.

use super::super::enums::decode;
use super::super::pb;
use crate::cards::{Quoted, Rank, parse_card};
use crate::doudizhu::{BombOrder, Preset, RuleOverrides, Table, Variant};
use crate::error::InvalidArgument;

/// The rules of a request: the game (so card lists can be checked against the right deck even
/// when the rules are not valid) and the checked table, `None` when the overrides contradict.
/// An unknown preset or game is recorded in `errors` and read as STANDARD or three players, so
/// the rest of the request is still checked.
pub(super) fn table_from(
    rules: Option<&pb::DoudizhuRules>,
    errors: &mut InvalidArgument,
) -> (Variant, Option<Table>) {
    let Some(rules) = rules else {
        return (Variant::ThreePlayer, Some(Table::STANDARD));
    };
    let preset =
        decode(rules.preset, "rules.preset", "preset", errors).map_or(Preset::Standard, |preset| {
            match preset {
                pb::DoudizhuPreset::Unspecified | pb::DoudizhuPreset::Standard => Preset::Standard,
                pb::DoudizhuPreset::Strict => Preset::Strict,
                pb::DoudizhuPreset::Permissive => Preset::Permissive,
            }
        });
    let game = match decode(rules.game, "rules.game", "game", errors) {
        Some(pb::Game::Unspecified | pb::Game::Doudizhu) | None => Variant::ThreePlayer,
        Some(pb::Game::DoudizhuFourPlayer) => Variant::FourPlayer,
        Some(pb::Game::Mahjong) => {
            errors.push(
                "rules.game",
                "GAME_MAHJONG is not a Dou Dizhu game: use GAME_DOUDIZHU or GAME_DOUDIZHU_FOUR_PLAYER",
            );
            Variant::ThreePlayer
        }
    };
    let overrides = RuleOverrides {
        trio_with_pair: rules.trio_with_pair,
        four_with_two_singles: rules.four_with_two_singles,
        four_with_two_pairs: rules.four_with_two_pairs,
        kickers_may_repeat: rules.kickers_may_repeat,
        kickers_may_include_joker: rules.kickers_may_include_joker,
        kickers_may_include_rocket: rules.kickers_may_include_rocket,
        kickers_may_include_bomb: rules.kickers_may_include_bomb,
        kickers_may_include_adjacent_trio: rules.kickers_may_include_adjacent_trio,
        bomb_as_two_pairs: rules.bomb_as_two_pairs,
        min_straight_length: rules.min_straight_length,
        min_pair_straight_length: rules.min_pair_straight_length,
        min_airplane_length: rules.min_airplane_length,
        all_wildcard_play_natural: rules.all_wildcard_play_natural,
        wildcards_within_deck: rules.wildcards_within_deck,
        bomb_order: decode(rules.bomb_order, "rules.bomb_order", "bomb order", errors).map(
            |order| match order {
                pb::BombOrder::Unspecified | pb::BombOrder::SizeThenRank => BombOrder::SizeThenRank,
                pb::BombOrder::SizeThenHardness => BombOrder::SizeThenHardness,
                pb::BombOrder::HardnessThenSize => BombOrder::HardnessThenSize,
                pb::BombOrder::SizeOnly => BombOrder::SizeOnly,
            },
        ),
        wildcards_may_be_kickers: rules.wildcards_may_be_kickers,
    };
    let wild = wild_ranks(&rules.wild_ranks, errors);
    // An unreadable wild rank is already recorded; the others are still checked.
    let table = Table::with_overrides(preset, game, &overrides)
        .and_then(|table| table.with_wild_ranks(&wild));
    let table = match table {
        Ok(table) => Some(table),
        Err(invalid) => {
            for problem in invalid.problems {
                let field = match problem.index() {
                    Some(i) => format!("rules.{}[{i}]", problem.field()),
                    None => format!("rules.{}", problem.field()),
                };
                errors.push(field, problem.to_string());
            }
            None
        }
    };
    (game, table)
}

/// The wild ranks that read as ranks; the others are recorded in `errors`.
fn wild_ranks(texts: &[String], errors: &mut InvalidArgument) -> Vec<Rank> {
    let mut ranks = Vec::with_capacity(texts.len());
    for (i, text) in texts.iter().enumerate() {
        match parse_card(text) {
            Ok(card) if card.suit.is_none() => ranks.push(card.rank),
            Ok(_) => {
                errors.push(
                    format!("rules.wild_ranks[{i}]"),
                    format!(
                        "{} has a suit: give a rank only (\"7\", \"10\")",
                        Quoted(text)
                    ),
                );
            }
            Err(error) => errors.push(format!("rules.wild_ranks[{i}]"), error.to_string()),
        }
    }
    ranks
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::doudizhu::Rules;

    #[test]
    fn overrides_and_contradictions() {
        let mut errors = InvalidArgument::default();
        let (game, table) = table_from(
            Some(&pb::DoudizhuRules {
                preset: pb::DoudizhuPreset::Strict as i32,
                game: pb::Game::DoudizhuFourPlayer as i32,
                trio_with_pair: Some(false),
                min_straight_length: Some(3),
                ..Default::default()
            }),
            &mut errors,
        );
        assert!(errors.is_empty(), "{errors}");
        assert_eq!(game, Variant::FourPlayer);
        assert_eq!(
            *table.unwrap().rules(),
            Rules {
                game: Variant::FourPlayer,
                trio_with_pair: false,
                min_straight_length: 3,
                ..Rules::STRICT
            }
        );
        let (_, table) = table_from(
            Some(&pb::DoudizhuRules {
                kickers_may_include_bomb: Some(true),
                kickers_may_repeat: Some(false),
                min_airplane_length: Some(1000),
                ..Default::default()
            }),
            &mut errors,
        );
        assert!(table.is_none());
        let fields: Vec<&str> = errors.violations.iter().map(|v| v.field.as_str()).collect();
        assert_eq!(
            fields,
            [
                "rules.kickers_may_include_bomb",
                "rules.min_airplane_length"
            ]
        );
        assert_eq!(
            errors.violations[1].description,
            "must be 2 to 12, got 1000"
        );
    }

    #[test]
    fn wild_ranks_are_checked_with_their_index() {
        let mut errors = InvalidArgument::default();
        let (_, table) = table_from(
            Some(&pb::DoudizhuRules {
                wild_ranks: vec!["7".into(), "7".into()],
                ..Default::default()
            }),
            &mut errors,
        );
        assert!(table.is_none());
        assert_eq!(
            errors.to_string(),
            "rules.wild_ranks[1]: 7 is already a wild rank"
        );
        let mut errors = InvalidArgument::default();
        table_from(
            Some(&pb::DoudizhuRules {
                wild_ranks: vec!["BJ".into(), "7H".into(), "X".into()],
                ..Default::default()
            }),
            &mut errors,
        );
        let fields: Vec<&str> = errors.violations.iter().map(|v| v.field.as_str()).collect();
        assert_eq!(
            fields,
            [
                "rules.wild_ranks[1]",
                "rules.wild_ranks[2]",
                "rules.wild_ranks[0]"
            ]
        );
        let mut errors = InvalidArgument::default();
        let (_, table) = table_from(
            Some(&pb::DoudizhuRules {
                wild_ranks: vec!["2".into(), "10".into()],
                bomb_order: pb::BombOrder::HardnessThenSize as i32,
                ..Default::default()
            }),
            &mut errors,
        );
        let table = table.unwrap();
        assert_eq!(
            table.wild().ranks().collect::<Vec<_>>(),
            [Rank::Two, Rank::Ten]
        );
        assert_eq!(table.rules().bomb_order, BombOrder::HardnessThenSize);
    }

    #[test]
    fn a_mahjong_game_is_no_dou_dizhu_table() {
        let mut errors = InvalidArgument::default();
        let (_, table) = table_from(
            Some(&pb::DoudizhuRules {
                game: pb::Game::Mahjong as i32,
                ..Default::default()
            }),
            &mut errors,
        );
        assert_eq!(table, Some(Table::STANDARD));
        assert_eq!(errors.violations[0].field, "rules.game");
    }
}
