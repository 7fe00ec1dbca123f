//! Fu (符) of one reading of a standard hand, item by item. The items are reported to a sink so
//! the search can count without allocating and the answer can list them.

use super::{OUTSIDE, Wait};
use crate::mahjong::score::{Set, SetKind};

/// The fu items' ids and names.
pub mod item {
    /// Base 20 (副底).
    pub const BASE: (&str, &str) = ("riichi.fu.base", "Base 副底");
    /// Closed hand won on a discard (門前加符).
    pub const CLOSED_RON: (&str, &str) = ("riichi.fu.closed_ron", "Closed ron 門前加符");
    /// Self-drawn (ツモ符), not with pinfu.
    pub const SELF_DRAWN: (&str, &str) = ("riichi.fu.self_drawn", "Self-drawn ツモ符");
    /// A triplet or quad.
    pub const MELD: (&str, &str) = ("riichi.fu.meld", "Triplet or quad 刻子・槓子");
    /// A yakuhai pair (雀頭).
    pub const PAIR: (&str, &str) = ("riichi.fu.pair", "Value pair 役牌雀頭");
    /// A closed, edge or pair wait (待ち).
    pub const WAIT: (&str, &str) = ("riichi.fu.wait", "Kanchan, penchan or tanki wait 待ち");
    /// The open pinfu-shaped hand raised to 30.
    pub const OPEN_PINFU: (&str, &str) = ("riichi.fu.open_pinfu", "Open pinfu shape 喰い平和");
    /// Seven pairs, fixed 25.
    pub const SEVEN_PAIRS: (&str, &str) = ("riichi.fu.seven_pairs", "Seven pairs 七対子");
}

/// What fu counting needs to know about the hand besides its sets.
#[derive(Clone, Copy, Debug)]
pub struct FuFacts {
    /// No open meld.
    pub closed: bool,
    /// Self-drawn.
    pub self_drawn: bool,
    /// The hand is pinfu.
    pub pinfu: bool,
    /// The seat wind's tile index.
    pub seat: u8,
    /// The round wind's tile index.
    pub round: u8,
    /// Fu of a double-wind pair.
    pub double_wind_pair_fu: u8,
}

/// Counts fu of four sets, a pair and a wait, reporting each item `(id, name, fu)`; returns the
/// total before rounding (the hand's fu is it rounded up to 10, [`round`]). `sets[i].open` must
/// already be true for a triplet completed by a discard.
#[inline]
pub fn count(
    sets: &[Set; 4],
    pair: u8,
    wait: Wait,
    f: &FuFacts,
    sink: &mut impl FnMut((&'static str, &'static str), u32),
) -> u32 {
    if f.pinfu && f.self_drawn {
        sink(item::BASE, 20);
        return 20;
    }
    let mut fu = 20;
    sink(item::BASE, 20);
    if f.closed && !f.self_drawn {
        fu += 10;
        sink(item::CLOSED_RON, 10);
    }
    if f.self_drawn {
        fu += 2;
        sink(item::SELF_DRAWN, 2);
    }
    for s in sets {
        // 2 for a triplet, doubled for terminals and honours, doubled when concealed, times 4
        // for a quad; 0 for a run. Computed without a branch on the set, which the readings
        // of varied hands would mispredict.
        let t = s.tile;
        let pung = u32::from(s.kind != SetKind::Sequence);
        let edge = (OUTSIDE >> t & 1) as u32;
        let quad = u32::from(s.kind == SetKind::Quad);
        let v = (2 * pung) << (edge + u32::from(!s.open) + 2 * quad);
        fu += v;
        if v > 0 {
            sink(item::MELD, v);
        }
    }
    let pair_fu = match pair {
        31..=33 => 2,
        p if p == f.seat && p == f.round => u32::from(f.double_wind_pair_fu),
        p if p == f.seat || p == f.round => 2,
        _ => 0,
    };
    if pair_fu > 0 {
        fu += pair_fu;
        sink(item::PAIR, pair_fu);
    }
    if matches!(wait, Wait::Kanchan | Wait::Penchan | Wait::Tanki) {
        fu += 2;
        sink(item::WAIT, 2);
    }
    if !f.closed && fu == 20 {
        fu += 2;
        sink(item::OPEN_PINFU, 2);
    }
    fu
}

/// Fu rounded up to a multiple of 10 (seven pairs' 25 is not rounded and does not come here).
#[inline]
pub fn round(fu: u32) -> u32 {
    fu.div_ceil(10) * 10
}
