//! Hand forms and the replacement numbers of the special ones (closed formulas).
//!
//! Every evaluation here works on natural tiles only and returns the replacement number `r`
//! (fewest tiles that must be drawn, each in exchange for a useless one, to complete the form with
//! at most four copies of a kind) and the kinds whose draw lowers it. Wildcards are added by the
//! caller: each one fills one missing tile, so with `w` wildcards the number is `r - w`.

use super::standard::{Slot, replacement_and_improving, suit_words};

/// A winning hand shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Form {
    /// Melds plus one pair.
    Standard = 0,
    /// Seven pairs (七对子).
    SevenPairs,
    /// Thirteen orphans (国士无双 / 十三幺).
    ThirteenOrphans,
    /// Guobiao 全不靠: 14 distinct tiles from one knitted pattern and the honours.
    KnittedHonors,
    /// Guobiao 七星不靠: all seven honours and seven tiles of one knitted pattern (also a
    /// 全不靠 shape).
    SevenStarKnitted,
    /// Guobiao 组合龙: a knitted straight (147/258/369 over the three suits) plus a meld and a pair.
    KnittedStraight,
}

impl Form {
    /// Every form, in reporting order.
    pub const ALL: [Form; 6] = [
        Form::Standard,
        Form::SevenPairs,
        Form::ThirteenOrphans,
        Form::KnittedHonors,
        Form::SevenStarKnitted,
        Form::KnittedStraight,
    ];
}

/// A set of forms.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct FormSet(pub u8);

impl FormSet {
    /// True when `f` is in the set.
    pub fn contains(self, f: Form) -> bool {
        self.0 >> f as u8 & 1 == 1
    }

    /// Adds `f`.
    pub fn insert(&mut self, f: Form) {
        self.0 |= 1 << f as u8;
    }

    /// True when empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The forms in the set.
    pub fn iter(self) -> impl Iterator<Item = Form> {
        Form::ALL.into_iter().filter(move |&f| self.contains(f))
    }
}

/// Replacement number and improving kinds (tile mask) of one form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Eval {
    /// The form.
    pub(crate) form: Form,
    /// Replacement number on natural tiles.
    pub(crate) r: u8,
    /// Kinds whose draw lowers it.
    pub(crate) improving: u64,
}

const ORPHANS: u64 = 1 | 1 << 8 | 1 << 9 | 1 << 17 | 1 << 18 | 1 << 26 | 0x7f << 27;
const HONORS: u64 = 0x7f << 27;

/// The six knitted patterns: suit order for 147, 258, 369.
const PERMS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// Tile mask of a knitted pattern's nine tiles.
pub(crate) fn knitted_mask(perm: usize) -> u64 {
    let mut m = 0;
    for (j, &suit) in PERMS[perm].iter().enumerate() {
        for k in 0..3 {
            m |= 1u64 << (suit * 9 + j + 3 * k);
        }
    }
    m
}

fn present(nat: &[u8; 34], mask: u64) -> u64 {
    let mut p = 0;
    let mut m = mask;
    while m != 0 {
        let t = m.trailing_zeros() as usize;
        if nat[t] > 0 {
            p |= 1 << t;
        }
        m &= m - 1;
    }
    p
}

/// Seven pairs; `usable` is the mask of natural kinds the form may use.
pub(crate) fn seven_pairs(nat: &[u8; 34], quads: bool, usable: u64) -> Eval {
    let mut pairs = 0u8;
    let mut kinds = 0u8;
    let mut odd = 0u8;
    let (mut ones, mut odds, mut evens) = (0u64, 0u64, 0u64);
    let mut m = usable;
    while m != 0 {
        let t = m.trailing_zeros() as usize;
        m &= m - 1;
        let c = nat[t];
        if quads {
            pairs += c / 2;
            if c % 2 == 1 {
                odd += 1;
                odds |= 1 << t;
            } else if c < 4 {
                evens |= 1 << t;
            }
        } else {
            if c >= 2 {
                pairs += 1;
            }
            if c >= 1 {
                kinds += 1;
            }
            if c == 1 {
                ones |= 1 << t;
            }
        }
    }
    let pairs = pairs.min(7);
    if quads {
        let missing = 7 - pairs;
        let fresh = missing.saturating_sub(odd);
        let mut improving = 0;
        if missing > 0 {
            improving |= odds;
        }
        if fresh > 0 {
            improving |= evens;
        }
        Eval {
            form: Form::SevenPairs,
            r: missing + fresh,
            improving,
        }
    } else {
        let mut improving = 0;
        if pairs < 7 {
            improving |= ones;
        }
        if kinds < 7 {
            let mut m = usable;
            while m != 0 {
                let t = m.trailing_zeros() as usize;
                m &= m - 1;
                if nat[t] == 0 {
                    improving |= 1 << t;
                }
            }
        }
        Eval {
            form: Form::SevenPairs,
            r: 7 - pairs + 7u8.saturating_sub(kinds),
            improving,
        }
    }
}

/// Thirteen orphans.
pub(crate) fn thirteen_orphans(nat: &[u8; 34], usable: u64) -> Eval {
    let kinds = ORPHANS & usable;
    let have = present(nat, kinds);
    let pair = (0..34).any(|t| kinds >> t & 1 == 1 && nat[t] >= 2);
    let mut improving = kinds & !have;
    if !pair {
        improving |= have;
    }
    Eval {
        form: Form::ThirteenOrphans,
        r: 14 - have.count_ones() as u8 - pair as u8,
        improving,
    }
}

/// 全不靠 and 七星不靠.
pub(crate) fn knitted_honors(nat: &[u8; 34], usable: u64) -> [Eval; 2] {
    let honors = present(nat, HONORS & usable);
    let h = honors.count_ones() as u8;
    let mut best_any = (u8::MAX, 0u64);
    let mut best_star = (u8::MAX, 0u64);
    for perm in 0..6 {
        let k = knitted_mask(perm) & usable;
        let kp = present(nat, k);
        let n = kp.count_ones() as u8;
        let r_any = 14u8.saturating_sub(h + n);
        let imp_any = ((k | (HONORS & usable)) & !(kp | honors)) * (r_any > 0) as u64;
        merge(&mut best_any, r_any, imp_any);
        let r_star = (7 - h) + 7u8.saturating_sub(n);
        let mut imp_star = (HONORS & usable) & !honors;
        if n < 7 {
            imp_star |= k & !kp;
        }
        merge(&mut best_star, r_star, imp_star);
    }
    [
        Eval {
            form: Form::KnittedHonors,
            r: best_any.0,
            improving: best_any.1,
        },
        Eval {
            form: Form::SevenStarKnitted,
            r: best_star.0,
            improving: best_star.1,
        },
    ]
}

fn merge(best: &mut (u8, u64), r: u8, imp: u64) {
    if r < best.0 {
        *best = (r, imp);
    } else if r == best.0 {
        best.1 |= imp;
    }
}

/// 组合龙: a knitted straight plus `melds - 3` melds and a pair (`melds` >= 3).
pub(crate) fn knitted_straight(nat: &[u8; 34], slots: &[Slot; 4], melds: usize) -> Eval {
    let mut best = (u8::MAX, 0u64);
    for perm in 0..6 {
        let k = knitted_mask(perm);
        let kp = present(nat, k);
        let mut rest = *nat;
        let mut m = kp;
        while m != 0 {
            let t = m.trailing_zeros() as usize;
            m &= m - 1;
            rest[t] -= 1;
        }
        let words = suit_words(slots, &rest);
        let (r_rest, imp_rest) = replacement_and_improving(slots, &words, melds - 3);
        let missing = 9 - kp.count_ones() as u8;
        merge(
            &mut best,
            missing.saturating_add(r_rest),
            (k & !kp) | imp_rest,
        );
    }
    Eval {
        form: Form::KnittedStraight,
        r: best.0,
        improving: best.1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tiles::{TileCounts, parse_tiles};

    fn counts(s: &str) -> [u8; 34] {
        TileCounts::from_tiles(parse_tiles(s).unwrap()).0
    }

    const ALL: u64 = (1 << 34) - 1;

    #[test]
    fn seven_pairs_with_and_without_quads() {
        let h = counts("1111m223344556p");
        assert_eq!(seven_pairs(&h, true, ALL).r, 1);
        assert_eq!(seven_pairs(&h, true, ALL).improving, 1 << 14);
        assert_eq!(seven_pairs(&h, false, ALL).r, 3);
        let h = counts("1188m288p55s1177z");
        let e = seven_pairs(&h, false, ALL);
        assert_eq!((e.r, e.improving), (1, 1 << 10));
    }

    #[test]
    fn thirteen_orphans_thirteen_sided() {
        let e = thirteen_orphans(&counts("19m19p19s1234567z"), ALL);
        assert_eq!(e.r, 1);
        assert_eq!(e.improving, ORPHANS);
        let e = thirteen_orphans(&counts("119m19p19s123456z"), ALL);
        assert_eq!((e.r, e.improving), (1, 1 << 33));
    }

    #[test]
    fn knitted_forms() {
        // 147m 258p 369s + 12345z: 全不靠 complete shape needs 14; 13 here, waits on 6z/7z.
        let h = counts("147m258p369s1234z");
        let [any, star] = knitted_honors(&h, ALL);
        assert_eq!(any.r, 1);
        assert_eq!(any.improving, 0b111 << 31);
        assert_eq!(star.r, 3);
        let slots = super::super::standard::slots(&super::super::rules::Rules::preset(
            super::super::rules::Preset::Guobiao,
        ));
        let e = knitted_straight(&counts("147m258p369s1234z"), &slots, 4);
        assert_eq!(e.r, 3);
        let e = knitted_straight(&counts("147m258p369s1112z"), &slots, 4);
        assert_eq!((e.r, e.improving), (1, 1 << 28));
    }
}
