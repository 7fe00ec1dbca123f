//! `MahjongScore`: proto <-> [`crate::mahjong::score`]. Parsing and formatting only; every
//! answer comes from the core scorers.

use super::super::enums::decode;
use super::super::pb;
use super::{decomposition, parse_meld, parse_rules, tiles};
use crate::error::InvalidArgument;
use crate::mahjong::score::guobiao::GuobiaoOverrides;
use crate::mahjong::score::hongzhong::HongzhongOverrides;
use crate::mahjong::score::riichi::{self, Kazoe, Renhou, RiichiOverrides, RiichiPreset};
use crate::mahjong::score::sichuan::SichuanOverrides;
use crate::mahjong::score::{
    self, InvalidWin, Limit, Score, ScoreElement, ScoreTable, ScoringOverrides, ScoringRulesError,
    Unit, WinContext, WinInput, Wind, red_fives,
};
use crate::mahjong::{Meld, Preset, Rules};
use crate::tiles::{Tile, parse_tiles};

/// Answers a `MahjongScoreRequest`.
pub fn score(
    request: pb::MahjongScoreRequest,
) -> Result<pb::MahjongScoreResponse, InvalidArgument> {
    let mut errors = InvalidArgument::default();
    let rules = match parse_rules(request.rules.as_ref()) {
        Ok(r) => Some(r),
        Err(e) => {
            errors.violations.extend(e.violations);
            None
        }
    };
    let hand = tiles(&mut errors, "hand", &request.hand);
    let melds: Vec<Meld> = request
        .melds
        .iter()
        .enumerate()
        .filter_map(|(i, m)| parse_meld(&mut errors, i, m))
        .collect();
    let winning = match request.winning_tile.parse::<Tile>() {
        Ok(t) => Some(t),
        Err(e) => {
            errors.push("winning_tile", e.to_string());
            None
        }
    };
    let context = parse_context(&mut errors, request.context.as_ref());
    let overrides = parse_overrides(&mut errors, &request);
    // The overrides are checked even when the tile rules are not, so every violation is named.
    let table = match ScoreTable::with_overrides(rules.unwrap_or_default(), &overrides) {
        Ok(table) => Some(table),
        Err(invalid) => {
            for problem in invalid.problems {
                errors.push(rules_path(&problem), problem.to_string());
            }
            None
        }
    };
    let red_fives = red_fives(
        std::iter::once(request.hand.as_str())
            .chain(request.melds.iter().map(|m| m.tiles.as_str())),
    );
    // The table and the winning tile are both built whenever no violation was recorded.
    let (Some(table), Some(winning), true) = (table, winning, errors.is_empty()) else {
        return Err(errors);
    };
    let input = WinInput {
        hand,
        melds,
        winning,
        red_fives,
        context,
    };
    let score = score::score(&table, &input)?;
    Ok(response(table.rules(), &score))
}

/// The request path of a scoring option: `<rule set>.<field>`.
fn rules_path(problem: &ScoringRulesError) -> String {
    let rule_set = match problem.rule_set() {
        Preset::Riichi => "riichi",
        Preset::Guobiao => "guobiao",
        Preset::Sichuan => "sichuan",
        Preset::Hongzhong => "hongzhong",
    };
    format!("{rule_set}.{}", problem.field())
}

fn wind(value: i32, field: &str, errors: &mut InvalidArgument) -> Option<Wind> {
    match decode(value, field, "seat wind", errors)? {
        pb::SeatWind::Unspecified => None,
        pb::SeatWind::East => Some(Wind::East),
        pb::SeatWind::South => Some(Wind::South),
        pb::SeatWind::West => Some(Wind::West),
        pb::SeatWind::North => Some(Wind::North),
    }
}

fn small(errors: &mut InvalidArgument, field: &str, value: u32, max: u32) -> u8 {
    if value > max {
        errors.push(field, format!("{value} is more than {max}"));
        0
    } else {
        value as u8
    }
}

fn parse_context(errors: &mut InvalidArgument, c: Option<&pb::MahjongWinContext>) -> WinContext {
    let default = pb::MahjongWinContext::default();
    let c = c.unwrap_or(&default);
    let self_drawn = matches!(
        decode(c.method, "context.method", "win method", errors),
        Some(pb::WinMethod::SelfDrawn)
    );
    let r = c.riichi.clone().unwrap_or_default();
    let indicators = |errors: &mut InvalidArgument, field: &str, text: &str| -> Vec<Tile> {
        parse_tiles(text).unwrap_or_else(|e| {
            errors.push(field, e.to_string());
            Vec::new()
        })
    };
    WinContext {
        self_drawn,
        seat_wind: wind(c.seat_wind, "context.seat_wind", errors).unwrap_or_default(),
        round_wind: wind(c.round_wind, "context.round_wind", errors).unwrap_or_default(),
        discarder: wind(c.discarder, "context.discarder", errors),
        last_tile: c.last_tile,
        after_kong: c.after_kong,
        robbing_kong: c.robbing_kong,
        last_of_kind: c.last_of_kind,
        flowers: small(errors, "context.flowers", c.flowers, 8),
        birds: small(errors, "context.birds", c.birds, 10),
        riichi: riichi::RiichiContext {
            riichi: r.riichi || r.double_riichi,
            double_riichi: r.double_riichi,
            ippatsu: r.ippatsu,
            first_turn: r.first_turn,
            dora_indicators: indicators(
                errors,
                "context.riichi.dora_indicators",
                &r.dora_indicators,
            ),
            ura_dora_indicators: indicators(
                errors,
                "context.riichi.ura_dora_indicators",
                &r.ura_dora_indicators,
            ),
            honba: small(errors, "context.riichi.honba", r.honba, 100).into(),
            riichi_sticks: small(errors, "context.riichi.riichi_sticks", r.riichi_sticks, 100)
                .into(),
        },
    }
}

/// Every rule set's options as overrides (decoding their enums); the core checks them.
fn parse_overrides(
    errors: &mut InvalidArgument,
    request: &pb::MahjongScoreRequest,
) -> ScoringOverrides {
    let default = pb::RiichiScoringRules::default();
    let r = request.riichi.as_ref().unwrap_or(&default);
    let riichi_preset = match decode(r.preset, "riichi.preset", "riichi scoring preset", errors) {
        Some(pb::RiichiScoringPreset::Majsoul) => RiichiPreset::Majsoul,
        Some(pb::RiichiScoringPreset::Mleague) => RiichiPreset::MLeague,
        _ => RiichiPreset::Tenhou,
    };
    let kazoe = match decode(r.kazoe, "riichi.kazoe", "kazoe limit", errors) {
        Some(pb::KazoeLimit::Yakuman) => Some(Kazoe::Yakuman),
        Some(pb::KazoeLimit::Sanbaiman) => Some(Kazoe::Sanbaiman),
        Some(pb::KazoeLimit::Multiple) => Some(Kazoe::Multiple),
        _ => None,
    };
    let renhou = match decode(r.renhou, "riichi.renhou", "renhou value", errors) {
        Some(pb::RenhouValue::None) => Some(Renhou::None),
        Some(pb::RenhouValue::FiveHan) => Some(Renhou::FiveHan),
        Some(pb::RenhouValue::Yakuman) => Some(Renhou::Yakuman),
        _ => None,
    };
    let riichi = RiichiOverrides {
        open_tanyao: r.open_tanyao,
        red_fives: r.red_fives,
        kiriage: r.kiriage,
        kazoe,
        double_yakuman: r.double_yakuman,
        multiple_yakuman: r.multiple_yakuman,
        renhou,
        double_wind_pair_fu: r.double_wind_pair_fu,
        honba_points: r.honba_points,
    };
    let guobiao = request
        .guobiao
        .as_ref()
        .map_or_else(GuobiaoOverrides::default, |g| GuobiaoOverrides {
            minimum_fan: g.minimum_fan,
            base_points: g.base_points,
            concealed_kong_and_melded_kong: g.concealed_kong_and_melded_kong,
        });
    let sichuan = request
        .sichuan
        .as_ref()
        .map_or_else(SichuanOverrides::default, |s| SichuanOverrides {
            max_fan: s.max_fan,
            base_points: s.base_points,
            self_drawn_adds_fan: s.self_drawn_adds_fan,
        });
    let hongzhong = request
        .hongzhong
        .as_ref()
        .map_or_else(HongzhongOverrides::default, |h| HongzhongOverrides {
            base_points: h.base_points,
            self_drawn_bonus: h.self_drawn_bonus,
            four_wildcards_win: h.four_red_dragons_win,
            seven_pairs_bonus: h.seven_pairs_bonus,
            no_wildcard_bonus: h.no_wildcard_bonus,
            points_per_bird: h.points_per_bird,
            discarder_pays_alone: h.discarder_pays_alone,
        });
    ScoringOverrides {
        riichi_preset,
        riichi,
        guobiao,
        sichuan,
        hongzhong,
    }
}

fn element(e: &ScoreElement) -> pb::ScoringElement {
    pb::ScoringElement {
        id: e.id.to_string(),
        name: e.name.to_string(),
        value: e.value,
        unit: match e.unit {
            Unit::Han => pb::ScoreUnit::Han,
            Unit::Fu => pb::ScoreUnit::Fu,
            Unit::Yakuman => pb::ScoreUnit::Yakuman,
            Unit::Fan => pb::ScoreUnit::Fan,
            Unit::Points => pb::ScoreUnit::Points,
        } as i32,
        count: e.count,
        excluded_by: e.excluded_by.unwrap_or_default().to_string(),
    }
}

fn seat(w: Option<Wind>) -> pb::SeatWind {
    match w {
        None => pb::SeatWind::Unspecified,
        Some(Wind::East) => pb::SeatWind::East,
        Some(Wind::South) => pb::SeatWind::South,
        Some(Wind::West) => pb::SeatWind::West,
        Some(Wind::North) => pb::SeatWind::North,
    }
}

/// The answer in words.
fn message(rules: &Rules, s: &Score) -> String {
    if let Some(reason) = s.invalid {
        return format!("not a win: {reason}");
    }
    let t = &s.totals;
    let gain = t.winner_gain;
    match rules.preset {
        Preset::Riichi if t.limit == Some(Limit::Yakuman) => format!("{}: {gain}", t.limit_name),
        Preset::Riichi if t.limit_name.is_empty() => format!("{} fu {} han: {gain}", t.fu, t.han),
        Preset::Riichi => format!("{} fu {} han, {}: {gain}", t.fu, t.han, t.limit_name),
        Preset::Guobiao | Preset::Sichuan => format!("{} fan: {gain}", t.fan),
        Preset::Hongzhong => format!("{gain} points"),
    }
}

fn response(rules: &Rules, s: &Score) -> pb::MahjongScoreResponse {
    let t = &s.totals;
    pb::MahjongScoreResponse {
        valid: s.invalid.is_none(),
        invalid_reason: match s.invalid {
            None => pb::WinInvalidReason::Unspecified,
            Some(InvalidWin::NotComplete) => pb::WinInvalidReason::NotComplete,
            Some(InvalidWin::NoYaku) => pb::WinInvalidReason::NoYaku,
            Some(InvalidWin::BelowMinimum { .. }) => pb::WinInvalidReason::BelowMinimum,
            Some(InvalidWin::VoidSuitHeld { .. }) => pb::WinInvalidReason::VoidSuitHeld,
        } as i32,
        message: message(rules, s),
        decomposition: s.decomposition.map(|d| decomposition(&d.expand())),
        elements: s.elements.iter().map(element).collect(),
        fu: s.fu.iter().map(element).collect(),
        excluded: s.excluded.iter().map(element).collect(),
        totals: Some(pb::ScoreTotals {
            han: t.han,
            fu: t.fu,
            yakuman: t.yakuman,
            limit: match t.limit {
                None => pb::RiichiLimit::Unspecified,
                Some(Limit::Mangan) => pb::RiichiLimit::Mangan,
                Some(Limit::Haneman) => pb::RiichiLimit::Haneman,
                Some(Limit::Baiman) => pb::RiichiLimit::Baiman,
                Some(Limit::Sanbaiman) => pb::RiichiLimit::Sanbaiman,
                Some(Limit::KazoeYakuman) => pb::RiichiLimit::KazoeYakuman,
                Some(Limit::Yakuman) => pb::RiichiLimit::Yakuman,
            } as i32,
            limit_name: t.limit_name.to_string(),
            fan: t.fan,
            base_points: t.base_points,
            winner_gain: t.winner_gain,
        }),
        payments: s
            .payments
            .iter()
            .map(|p| pb::Payment {
                seat: seat(p.seat) as i32,
                points: p.points,
            })
            .collect(),
    }
}
