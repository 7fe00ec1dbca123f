//! `MahjongScore`: proto <-> [`crate::mahjong::score`]. Parsing and formatting only; every
//! answer comes from the core scorers.

use super::super::enums::decode;
use super::super::pb;
use super::{decomposition, parse_meld, parse_rules, tiles};
use crate::error::InvalidArgument;
use crate::mahjong::score::guobiao::{self, GuobiaoRules};
use crate::mahjong::score::hongzhong::{self, HongzhongRules};
use crate::mahjong::score::riichi::{self, Kazoe, Renhou, RiichiOverrides, RiichiPreset};
use crate::mahjong::score::sichuan::{self, SichuanRules};
use crate::mahjong::score::{
    InvalidWin, Limit, Score, ScoreElement, Unit, WinContext, WinInput, Wind,
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
    let riichi_rules = parse_riichi_rules(&mut errors, request.riichi.as_ref());
    let guobiao_rules = parse_guobiao_rules(&mut errors, request.guobiao.as_ref());
    let sichuan_rules = parse_sichuan_rules(request.sichuan.as_ref());
    let hongzhong_rules = parse_hongzhong_rules(request.hongzhong.as_ref());
    let red_fives = std::iter::once(&request.hand)
        .chain(request.melds.iter().map(|m| &m.tiles))
        .map(|s| s.chars().filter(|&c| c == '0').count())
        .sum::<usize>()
        .min(u8::MAX as usize) as u8;
    // Rules and the winning tile are both parsed whenever no violation was recorded.
    let (Some(rules), Some(winning), true) = (rules, winning, errors.is_empty()) else {
        return Err(errors);
    };
    let input = WinInput {
        hand,
        melds,
        winning,
        red_fives,
        context,
    };
    let score = match rules.preset {
        Preset::Riichi => riichi::score(&rules, &riichi_rules, &input)?,
        Preset::Guobiao => guobiao::score_input(&rules, &guobiao_rules, &input)?,
        Preset::Sichuan => sichuan::score(&rules, &sichuan_rules, &input)?,
        Preset::Hongzhong => hongzhong::score(&rules, &hongzhong_rules, &input)?,
    };
    Ok(response(&rules, &score))
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

fn parse_riichi_rules(
    errors: &mut InvalidArgument,
    r: Option<&pb::RiichiScoringRules>,
) -> riichi::RiichiRules {
    let default = pb::RiichiScoringRules::default();
    let r = r.unwrap_or(&default);
    let preset = match decode(r.preset, "riichi.preset", "riichi scoring preset", errors) {
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
    let overrides = RiichiOverrides {
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
    riichi::RiichiRules::with_overrides(preset, &overrides).unwrap_or_else(|e| {
        let field = match e {
            riichi::RiichiRulesError::DoubleWindPairFu(_) => "riichi.double_wind_pair_fu",
            riichi::RiichiRulesError::HonbaPoints(_) => "riichi.honba_points",
        };
        errors.push(field, e.to_string());
        riichi::RiichiRules::default()
    })
}

fn parse_sichuan_rules(r: Option<&pb::SichuanScoringRules>) -> SichuanRules {
    let d = SichuanRules::default();
    let Some(r) = r else { return d };
    SichuanRules {
        max_fan: match r.max_fan {
            None => d.max_fan,
            Some(0) => None,
            Some(n) => Some(n),
        },
        base_points: r.base_points.unwrap_or(d.base_points),
        self_drawn_adds_fan: r.self_drawn_adds_fan.unwrap_or(d.self_drawn_adds_fan),
    }
}

fn parse_hongzhong_rules(r: Option<&pb::HongzhongScoringRules>) -> HongzhongRules {
    let d = HongzhongRules::default();
    let Some(r) = r else { return d };
    HongzhongRules {
        base_points: r.base_points.unwrap_or(d.base_points),
        self_drawn_bonus: r.self_drawn_bonus.unwrap_or(d.self_drawn_bonus),
        four_wildcards_win: r.four_red_dragons_win.unwrap_or(d.four_wildcards_win),
        seven_pairs_bonus: r.seven_pairs_bonus.unwrap_or(d.seven_pairs_bonus),
        no_wildcard_bonus: r.no_wildcard_bonus.unwrap_or(d.no_wildcard_bonus),
        points_per_bird: r.points_per_bird.unwrap_or(d.points_per_bird),
        discarder_pays_alone: r.discarder_pays_alone.unwrap_or(d.discarder_pays_alone),
    }
}

/// Guobiao's minimum and base: unset fields keep the competition rules' 8 and 8.
fn parse_guobiao_rules(
    errors: &mut InvalidArgument,
    g: Option<&pb::GuobiaoScoringRules>,
) -> GuobiaoRules {
    let default = pb::GuobiaoScoringRules::default();
    let g = g.unwrap_or(&default);
    let mut bounded = |field: &str, value: Option<u32>, max: u32, standard: u32| match value {
        Some(v) if v > max => {
            errors.push(field, format!("{v} is more than {max}"));
            standard
        }
        Some(v) => v,
        None => standard,
    };
    GuobiaoRules {
        minimum_fan: bounded(
            "guobiao.minimum_fan",
            g.minimum_fan,
            MAX_GUOBIAO_MINIMUM_FAN,
            GuobiaoRules::STANDARD.minimum_fan,
        ),
        base_points: bounded(
            "guobiao.base_points",
            g.base_points,
            MAX_GUOBIAO_BASE_POINTS,
            GuobiaoRules::STANDARD.base_points,
        ),
    }
}

/// The largest `guobiao.minimum_fan` accepted (no hand scores more than a few hundred fans).
const MAX_GUOBIAO_MINIMUM_FAN: u32 = 1_000;
/// The largest `guobiao.base_points` accepted.
const MAX_GUOBIAO_BASE_POINTS: u32 = 1_000_000;

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
            Some(InvalidWin::VoidSuitHeld) => pb::WinInvalidReason::VoidSuitHeld,
        } as i32,
        message: message(rules, s),
        decomposition: s.decomposition.as_ref().map(decomposition),
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
            limit_name: t.limit_name.clone(),
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
