//! Red-dragon mahjong scoring (红中麻将). Platforms differ; the convention here is the flat
//! table of the Hunan-style app rooms (转转麻将·红中玩法): every valid win pays the same base,
//! with bonuses for a self-drawn win, for seven pairs and for a hand without any red dragon
//! (无红中), four red dragons win at once (四红中), and each bird won (扎鸟) pays extra. Every
//! number is an option ([`HongzhongRules`]).
//!
//! Whether the hand is complete, and what each wildcard stands for, comes from the wildcard
//! decomposition the waits use (`crate::mahjong::decompose`), under the same rules (no chi,
//! seven pairs with four of a kind as two pairs, the fifth-copy cap).

use super::{
    HandCounts, InvalidWin, Score, ScoreElement, ScoreError, Totals, Unit, WinInput,
    equal_payments, prepare_counts,
};
use crate::mahjong::Form;
use crate::mahjong::Rules;
use crate::mahjong::decompose::{Shape, decompose};

/// Hongzhong options (see the proto's `HongzhongScoringRules`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HongzhongRules {
    /// Points of any valid win per paying player.
    pub base_points: u32,
    /// Extra points per payer when self-drawn.
    pub self_drawn_bonus: u32,
    /// Four wildcards win at once.
    pub four_wildcards_win: bool,
    /// Extra points per payer for seven pairs.
    pub seven_pairs_bonus: u32,
    /// Extra points per payer for a hand without wildcards.
    pub no_wildcard_bonus: u32,
    /// Points per bird per payer.
    pub points_per_bird: u32,
    /// A win on a discard is paid by the discarder alone.
    pub discarder_pays_alone: bool,
}

impl Default for HongzhongRules {
    fn default() -> Self {
        HongzhongRules {
            base_points: 2,
            self_drawn_bonus: 0,
            four_wildcards_win: true,
            seven_pairs_bonus: 2,
            no_wildcard_bonus: 2,
            points_per_bird: 2,
            discarder_pays_alone: true,
        }
    }
}

/// Changes to [`HongzhongRules::default`]; `None` keeps the default.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct HongzhongOverrides {
    /// Points of any valid win per paying player.
    pub base_points: Option<u32>,
    /// Extra points per payer when self-drawn.
    pub self_drawn_bonus: Option<u32>,
    /// Four wildcards win at once.
    pub four_wildcards_win: Option<bool>,
    /// Extra points per payer for seven pairs.
    pub seven_pairs_bonus: Option<u32>,
    /// Extra points per payer for a hand without wildcards.
    pub no_wildcard_bonus: Option<u32>,
    /// Points per bird per payer.
    pub points_per_bird: Option<u32>,
    /// A win on a discard is paid by the discarder alone.
    pub discarder_pays_alone: Option<bool>,
}

/// A Hongzhong points option above [`HongzhongRules::MAX_POINTS`] (the value as given).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("{value} is more than {max}", max = HongzhongRules::MAX_POINTS)]
pub struct HongzhongRulesError {
    /// The field of [`HongzhongOverrides`] at fault.
    pub field: &'static str,
    /// The value given.
    pub value: u32,
}

impl HongzhongRulesError {
    /// The field of [`HongzhongOverrides`] at fault.
    pub fn field(&self) -> &'static str {
        self.field
    }
}

impl HongzhongRules {
    /// The most points any option may be (Guobiao's bound on its base): every element's value
    /// then fits the proto's `int32`, and the payments stay far inside 64 bits.
    pub const MAX_POINTS: u32 = 1_000_000;

    /// The default options with overrides, checked: every points option above
    /// [`HongzhongRules::MAX_POINTS`], in field order.
    pub fn with_overrides(
        o: &HongzhongOverrides,
    ) -> Result<HongzhongRules, Vec<HongzhongRulesError>> {
        let rules = HongzhongRules::resolve(o);
        let problems = rules.check();
        if problems.is_empty() {
            Ok(rules)
        } else {
            Err(problems)
        }
    }

    /// Every points option above [`HongzhongRules::MAX_POINTS`], in field order.
    pub fn check(&self) -> Vec<HongzhongRulesError> {
        [
            ("base_points", self.base_points),
            ("self_drawn_bonus", self.self_drawn_bonus),
            ("seven_pairs_bonus", self.seven_pairs_bonus),
            ("no_wildcard_bonus", self.no_wildcard_bonus),
            ("points_per_bird", self.points_per_bird),
        ]
        .into_iter()
        .filter(|&(_, value)| value > Self::MAX_POINTS)
        .map(|(field, value)| HongzhongRulesError { field, value })
        .collect()
    }

    fn resolve(o: &HongzhongOverrides) -> HongzhongRules {
        let d = HongzhongRules::default();
        HongzhongRules {
            base_points: o.base_points.unwrap_or(d.base_points),
            self_drawn_bonus: o.self_drawn_bonus.unwrap_or(d.self_drawn_bonus),
            four_wildcards_win: o.four_wildcards_win.unwrap_or(d.four_wildcards_win),
            seven_pairs_bonus: o.seven_pairs_bonus.unwrap_or(d.seven_pairs_bonus),
            no_wildcard_bonus: o.no_wildcard_bonus.unwrap_or(d.no_wildcard_bonus),
            points_per_bird: o.points_per_bird.unwrap_or(d.points_per_bird),
            discarder_pays_alone: o.discarder_pays_alone.unwrap_or(d.discarder_pays_alone),
        }
    }
}

/// The element ids and names.
pub mod element {
    /// Any valid win.
    pub const WIN: (&str, &str) = ("hongzhong.win", "Win 胡牌");
    /// Four red dragons.
    pub const FOUR_WILDCARDS: (&str, &str) =
        ("hongzhong.four_wildcards", "Four red dragons 四红中");
    /// Self-drawn.
    pub const SELF_DRAWN: (&str, &str) = ("hongzhong.self_drawn", "Self-drawn 自摸");
    /// Seven pairs.
    pub const SEVEN_PAIRS: (&str, &str) = ("hongzhong.seven_pairs", "Seven pairs 七对");
    /// No wildcard in the hand.
    pub const NO_WILDCARD: (&str, &str) = ("hongzhong.no_wildcard", "No red dragon 无红中");
    /// Birds.
    pub const BIRD: (&str, &str) = ("hongzhong.bird", "Bird 中鸟");
}

/// Scores a Hongzhong win.
pub(in crate::mahjong::score) fn score(
    rules: &Rules,
    h: &HongzhongRules,
    input: &WinInput,
) -> Result<Score, ScoreError> {
    let HandCounts {
        concealed: counts,
        all,
    } = prepare_counts(rules, input)?;
    let mut nat = counts;
    let mut wild = 0u8;
    for (i, n) in nat.iter_mut().enumerate() {
        if rules.wildcards >> i & 1 == 1 {
            wild += *n;
            *n = 0;
        }
    }
    // The melds' tiles, which `prepare_counts` counted with the rest.
    let melded: [u8; 34] = std::array::from_fn(|i| all[i] - counts[i]);
    let mut run_starts = 0u64;
    for s in 0..3 {
        run_starts |= 0x7f << (9 * s);
    }
    let shape = Shape {
        usable: rules.usable_mask(),
        run_starts: run_starts & rules.usable_mask(),
        cap: if rules.wildcard_fifth_copy {
            u8::MAX
        } else {
            4
        },
        melded: if rules.wildcard_fifth_copy {
            [0; 34]
        } else {
            melded
        },
        quads: rules.seven_pairs_quads,
    };
    let needed = 4 - input.melds.len() as u8;
    let standard = decompose(&nat, wild, needed, &shape, Form::Standard);
    let pairs = if input.melds.is_empty() && rules.seven_pairs {
        decompose(&nat, wild, needed, &shape, Form::SevenPairs)
    } else {
        None
    };
    let four = h.four_wildcards_win && wild >= 4;
    // Seven pairs whenever it is a reading: its bonus is never negative, so it never pays less.
    let (decomposition, seven) = match (pairs, standard) {
        (Some(d), _) => (Some(d), true),
        (None, d) => (d, false),
    };
    if decomposition.is_none() && !four {
        return Ok(Score::invalid(InvalidWin::NotComplete));
    }
    let c = &input.context;
    // Every element that applies is listed, an option set to 0 included.
    let mut elements = Vec::new();
    let mut add = |(id, name): (&'static str, &'static str), value: u32, count: u32| {
        if count > 0 {
            elements.push(ScoreElement::new(
                id,
                name,
                points(value),
                Unit::Points,
                count,
            ));
        }
    };
    add(element::WIN, h.base_points, 1);
    // The four red dragons win whatever the other tiles; they add no points of their own.
    add(element::FOUR_WILDCARDS, 0, u32::from(four));
    add(
        element::SELF_DRAWN,
        h.self_drawn_bonus,
        u32::from(c.self_drawn),
    );
    add(element::SEVEN_PAIRS, h.seven_pairs_bonus, u32::from(seven));
    add(
        element::NO_WILDCARD,
        h.no_wildcard_bonus,
        u32::from(wild == 0),
    );
    let before_birds: u64 = [
        (1, h.base_points),
        (u32::from(c.self_drawn), h.self_drawn_bonus),
        (u32::from(seven), h.seven_pairs_bonus),
        (u32::from(wild == 0), h.no_wildcard_bonus),
    ]
    .iter()
    .map(|&(n, v)| u64::from(n) * u64::from(v))
    .sum();
    add(element::BIRD, h.points_per_bird, u32::from(c.birds));
    let per_payer = before_birds + u64::from(c.birds) * u64::from(h.points_per_bird);
    let (payments, gain) = equal_payments(c, per_payer, c.self_drawn || !h.discarder_pays_alone);
    Ok(Score {
        invalid: None,
        decomposition,
        elements,
        fu: Vec::new(),
        excluded: Vec::new(),
        totals: Totals {
            base_points: before_birds,
            winner_gain: gain,
            ..Totals::default()
        },
        payments,
    })
}

/// An option's points as an element value ([`HongzhongRules::check`] keeps every option within
/// `i32`, so this never saturates for a checked table).
fn points(v: u32) -> i32 {
    i32::try_from(v).unwrap_or(i32::MAX)
}
