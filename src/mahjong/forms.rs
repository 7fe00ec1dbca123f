//! Hand forms and the replacement numbers of the special ones (closed formulas).
//!
//! Every evaluation here works on natural tiles only and returns the replacement number `r`
//! (fewest tiles that must be drawn, each in exchange for a useless one, to complete the form with
//! at most four copies of a kind) and the kinds whose draw lowers it. Wildcards are added by the
//! caller: each one fills one missing tile, so with `w` wildcards the number is `r - w`.

use super::costs::INF;
use super::kinds::Kinds;
use super::standard::{Slot, looks, replacement_and_improving};

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

/// Seven pairs.
pub(crate) fn seven_pairs(k: &Kinds, quads: bool) -> Eval {
    let b = &k.by;
    if quads {
        let pairs = ((b[2] | b[3]).count_ones() + 2 * b[4].count_ones()).min(7) as u8;
        let odd = (b[1] | b[3]).count_ones() as u8;
        let missing = 7 - pairs;
        let fresh = missing.saturating_sub(odd);
        let mut improving = 0;
        if missing > 0 {
            improving |= b[1] | b[3];
        }
        if fresh > 0 {
            improving |= b[0] | b[2];
        }
        Eval {
            form: Form::SevenPairs,
            r: missing + fresh,
            improving,
        }
    } else {
        let pairs = ((b[2] | b[3] | b[4]).count_ones() as u8).min(7);
        let kinds = k.present().count_ones() as u8;
        let mut improving = 0;
        if pairs < 7 {
            improving |= b[1];
        }
        if kinds < 7 {
            improving |= b[0];
        }
        Eval {
            form: Form::SevenPairs,
            r: 7 - pairs + 7u8.saturating_sub(kinds),
            improving,
        }
    }
}

/// Thirteen orphans.
pub(crate) fn thirteen_orphans(k: &Kinds, usable: u64) -> Eval {
    let kinds = ORPHANS & usable;
    let have = k.present() & kinds;
    let pair = (k.by[2] | k.by[3] | k.by[4]) & kinds != 0;
    let mut improving = kinds & k.by[0];
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
pub(crate) fn knitted_honors(k: &Kinds, usable: u64) -> [Eval; 2] {
    let present = k.present();
    let honor_kinds = HONORS & usable;
    let honors = present & honor_kinds;
    let h = honors.count_ones() as u8;
    let mut best_any = (u8::MAX, 0u64);
    let mut best_star = (u8::MAX, 0u64);
    for perm in 0..6 {
        let knit = knitted_mask(perm) & usable;
        let kp = present & knit;
        let n = kp.count_ones() as u8;
        let r_any = 14u8.saturating_sub(h + n);
        let imp_any = ((knit | honor_kinds) & !(kp | honors)) * (r_any > 0) as u64;
        merge(&mut best_any, r_any, imp_any);
        let r_star = (7 - h) + 7u8.saturating_sub(n);
        let mut imp_star = honor_kinds & !honors;
        if n < 7 {
            imp_star |= knit & !kp;
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

/// 组合龙: a knitted straight plus `melds - 3` melds and a pair (`melds` >= 3). Patterns whose
/// missing knitted tiles alone exceed `bound` (a replacement number another form already
/// reaches) cannot be best and are skipped; with every pattern skipped `r` is [`INF`].
pub(crate) fn knitted_straight(
    nat: &[u8; 34],
    present: u64,
    slots: &[Slot; 4],
    melds: usize,
    bound: u8,
) -> Eval {
    let mut best = (INF, 0u64);
    for perm in 0..6 {
        let k = knitted_mask(perm);
        let kp = k & present;
        if 9 - kp.count_ones() as u8 > bound {
            continue;
        }
        let mut rest = *nat;
        let mut m = kp;
        while m != 0 {
            let t = m.trailing_zeros() as usize;
            m &= m - 1;
            rest[t] -= 1;
        }
        let (r_rest, imp_rest) = replacement_and_improving(slots, &looks(slots, &rest), melds - 3);
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
        let h = Kinds::new(&counts("1111m223344556p"), ALL);
        assert_eq!(seven_pairs(&h, true).r, 1);
        assert_eq!(seven_pairs(&h, true).improving, 1 << 14);
        assert_eq!(seven_pairs(&h, false).r, 3);
        let h = Kinds::new(&counts("1188m288p55s1177z"), ALL);
        let e = seven_pairs(&h, false);
        assert_eq!((e.r, e.improving), (1, 1 << 10));
    }

    #[test]
    fn thirteen_orphans_thirteen_sided() {
        let e = thirteen_orphans(&Kinds::new(&counts("19m19p19s1234567z"), ALL), ALL);
        assert_eq!(e.r, 1);
        assert_eq!(e.improving, ORPHANS);
        let e = thirteen_orphans(&Kinds::new(&counts("119m19p19s123456z"), ALL), ALL);
        assert_eq!((e.r, e.improving), (1, 1 << 33));
    }

    #[test]
    fn knitted_forms() {
        // 147m 258p 369s + 12345z: 全不靠 complete shape needs 14; 13 here, waits on 6z/7z.
        let h = Kinds::new(&counts("147m258p369s1234z"), ALL);
        let [any, star] = knitted_honors(&h, ALL);
        assert_eq!(any.r, 1);
        assert_eq!(any.improving, 0b111 << 31);
        assert_eq!(star.r, 3);
        let slots = super::super::standard::slots(&super::super::rules::Rules::preset(
            super::super::rules::Preset::Guobiao,
        ));
        let ks = |h: &str| {
            let c = counts(h);
            knitted_straight(&c, Kinds::new(&c, ALL).present(), &slots, 4, INF)
        };
        let e = ks("147m258p369s1234z");
        assert_eq!(e.r, 3);
        let e = ks("147m258p369s1112z");
        assert_eq!((e.r, e.improving), (1, 1 << 28));
    }
}
