//! Scoring a winning hand (和牌计分): the shared input ([`WinInput`]: concealed tiles, declared
//! melds, winning tile, win context), the checked rules ([`ScoreTable`]: the tile [`Rules`]
//! with the options of their rule set, built from overrides and refused with
//! [`InvalidScoringRules`]), one entry point ([`score()`]) and the shared result ([`Score`]:
//! scoring elements, totals, payments per seat, or why the win is not valid).
//!
//! [`score()`] checks the input ([`prepare`], a [`ScoreError`] naming a [`ScoreField`]) and
//! runs the scorer of the table's rule set:
//!
//! - [`riichi`]: yaku, han, fu and limits, the highest-scoring decomposition, payments;
//! - [`sichuan`]: the 血战到底 fan table as data, 2^fan capped;
//! - [`hongzhong`]: red-dragon wildcards, a flat table with options;
//! - [`guobiao`]: the 81 fans of the Chinese Official rules (1998) with the combination
//!   principles, the 8-fan minimum and flowers. Its module also answers in its own terms
//!   ([`guobiao::score`]: reading form, sets, fans with the ones they exclude).
//!
//! [`Rules`]: crate::mahjong::Rules

mod arrangements;
pub mod guobiao;
pub mod hongzhong;
mod input;
pub mod riichi;
mod sets;
pub mod sichuan;
mod table;

pub use arrangements::{Arrangement, for_each_standard};
pub use input::{
    HandCounts, ScoreError, ScoreField, WinContext, WinInput, Wind, prepare, prepare_counts,
    red_fives,
};
pub use sets::{Set, SetKind};
pub use table::{
    InvalidScoringRules, ScoreTable, ScoringOverrides, ScoringRules, ScoringRulesError, score,
};

use super::decompose::CompactDecomposition;
use arrayvec::ArrayVec;
use std::borrow::Cow;

/// The unit of a [`ScoreElement`]'s value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Unit {
    /// Riichi han.
    Han,
    /// Riichi fu.
    Fu,
    /// Riichi yakuman multiples.
    Yakuman,
    /// Chinese fan (Guobiao, Sichuan).
    Fan,
    /// Plain points per paying player (Hongzhong).
    Points,
}

/// One scoring element: a yaku, a dora count, a fu item, a fan.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoreElement {
    /// Stable machine id, `"riichi.pinfu"`.
    pub id: &'static str,
    /// Display name, `"Pinfu 平和"`.
    pub name: &'static str,
    /// Value of one count, in `unit`.
    pub value: i32,
    /// The unit.
    pub unit: Unit,
    /// Times counted.
    pub count: u32,
    /// Guobiao: the id of the element that excludes this one (for excluded elements only).
    pub excluded_by: Option<&'static str>,
}

impl ScoreElement {
    /// An element counted `count` times, excluded by nothing.
    pub fn new(id: &'static str, name: &'static str, value: i32, unit: Unit, count: u32) -> Self {
        ScoreElement {
            id,
            name,
            value,
            unit,
            count,
            excluded_by: None,
        }
    }
}

/// Why a well-formed request is not a valid win.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum InvalidWin {
    /// The tiles do not form a winning hand under the rules' forms.
    NotComplete,
    /// Riichi: no yaku (dora are not yaku).
    NoYaku,
    /// Guobiao: fewer fans than the minimum (flowers not counted).
    BelowMinimum {
        /// Fans counted, flowers excluded.
        fan: u32,
        /// The minimum.
        minimum: u32,
    },
    /// Sichuan (缺一门): the hand is complete but holds a tile of the void suit, or, with no
    /// void suit set, holds all three suits.
    VoidSuitHeld {
        /// No void suit was set and the hand holds all three suits.
        three_suits: bool,
    },
}

impl std::fmt::Display for InvalidWin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            InvalidWin::NotComplete => f.write_str("the tiles are not a complete hand"),
            InvalidWin::NoYaku => f.write_str("no yaku (dora are not yaku)"),
            InvalidWin::BelowMinimum { fan, minimum } => {
                write!(f, "{fan} fan, below the {minimum}-fan minimum")
            }
            InvalidWin::VoidSuitHeld { three_suits: false } => {
                f.write_str("the hand holds a tile of its void suit")
            }
            InvalidWin::VoidSuitHeld { three_suits: true } => {
                f.write_str("the hand holds all three suits (no void suit set)")
            }
        }
    }
}

/// A Riichi limit (満貫 and above).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Limit {
    /// Mangan, base 2,000.
    Mangan,
    /// Haneman, base 3,000.
    Haneman,
    /// Baiman, base 4,000.
    Baiman,
    /// Sanbaiman, base 6,000.
    Sanbaiman,
    /// Counted yakuman from 13+ han.
    KazoeYakuman,
    /// Yakuman (single or multiple).
    Yakuman,
}

/// The totals of a scored hand (fields a rule set does not use stay 0).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Totals {
    /// Riichi han.
    pub han: u32,
    /// Riichi fu, rounded.
    pub fu: u32,
    /// Riichi yakuman multiples.
    pub yakuman: u32,
    /// Riichi limit reached.
    pub limit: Option<Limit>,
    /// The limit's name, empty below mangan (borrowed for the names that are constants, so an
    /// answer does not allocate for it).
    pub limit_name: Cow<'static, str>,
    /// Guobiao / Sichuan fans.
    pub fan: u32,
    /// Base points (see the proto's `ScoreTotals.base_points`).
    pub base_points: u64,
    /// What the winner receives in total.
    pub winner_gain: u64,
}

/// What one seat pays (negative) or receives (positive).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Payment {
    /// The seat; `None` is the discarder when the request did not name them.
    pub seat: Option<Wind>,
    /// Signed points.
    pub points: i64,
}

/// The payments of one win: the winner and at most three payers, held inline (a win is scored
/// without allocating for them).
pub type PaymentList = ArrayVec<Payment, 4>;

/// A scored win: valid or not, with everything that was counted.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Score {
    /// `None` for a valid win.
    pub invalid: Option<InvalidWin>,
    /// The highest-scoring decomposition of the concealed tiles, when complete (its tiles listed
    /// by [`CompactDecomposition::expand`]).
    pub decomposition: Option<CompactDecomposition>,
    /// The elements counted.
    pub elements: Vec<ScoreElement>,
    /// Riichi fu items, before rounding.
    pub fu: Vec<ScoreElement>,
    /// Guobiao: elements removed by the exclusion principles.
    pub excluded: Vec<ScoreElement>,
    /// Totals.
    pub totals: Totals,
    /// Payments, winner first, then payers East to North; empty when not valid.
    pub payments: PaymentList,
}

impl Score {
    /// A score that is only "not a valid win".
    pub fn invalid(reason: InvalidWin) -> Score {
        Score {
            invalid: Some(reason),
            ..Score::default()
        }
    }
}

/// Builds the scorers' table (the groupings of every complete suit, [`for_each_standard`]).
pub(crate) fn warm_up() {
    arrangements::SuitGroupings::get();
}

/// Rounds up to a multiple of 100.
pub(crate) fn round_up_100(points: u64) -> u64 {
    points.div_ceil(100) * 100
}

/// Builds the payment list from `(payer, amount)` pairs given in seat order: the winner first
/// with the sum plus `bonus`, then the payers.
pub(crate) fn payments(
    winner: Wind,
    payers: impl Iterator<Item = (Option<Wind>, u64)> + Clone,
    bonus: u64,
) -> (PaymentList, u64) {
    let gain = payers.clone().fold(bonus, |sum, p| sum.saturating_add(p.1));
    let mut out = PaymentList::new();
    out.push(Payment {
        seat: Some(winner),
        points: i64::try_from(gain).unwrap_or(i64::MAX),
    });
    out.extend(payers.map(|(seat, amount)| Payment {
        seat,
        points: -i64::try_from(amount).unwrap_or(i64::MAX),
    }));
    (out, gain)
}

/// Payments when every payer pays `per_payer`: the three other seats when `everyone_pays`,
/// else the discarder alone (`seat: None` when the request did not name them).
pub(crate) fn equal_payments(
    context: &WinContext,
    per_payer: u64,
    everyone_pays: bool,
) -> (PaymentList, u64) {
    let payers = others(context.seat_wind)
        .filter(move |_| everyone_pays)
        .map(|w| (Some(w), per_payer))
        .chain((!everyone_pays).then_some((context.discarder, per_payer)));
    payments(context.seat_wind, payers, 0)
}

/// The three other seats, East to North: the k-th is seat k, or k + 1 from the winner's on
/// (an index, not a filter, so no branch per seat).
pub(crate) fn others(winner: Wind) -> impl Iterator<Item = Wind> + Clone {
    let w = winner as usize;
    (0..3).map(move |k| Wind::ALL[k + usize::from(k >= w)])
}
