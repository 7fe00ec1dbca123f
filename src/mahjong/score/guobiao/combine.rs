//! Fans made by combining sets (chows with chows, pungs with pungs), under the principles:
//!
//! - 不重复原则: a bigger combination's inner combinations are not counted again (清龙 does not
//!   also count 连六 and 老少副 among its three chows).
//! - 不拆移原则: a set is never split to make another combination (the decomposition is fixed
//!   before combining).
//! - 不得相同原则: a set that made a fan with one set cannot make the same fan with another.
//! - 套算一次原则: a set not yet combined may be combined once with a set already combined, so the
//!   combinations among n related sets number at most n - 1.
//!
//! With four chows: a four-chow fan ends the count; otherwise a three-chow fan, plus at most one
//! two-chow fan between the fourth chow and one of the three; otherwise two-chow fans, at most
//! three (one fewer for each chow related to none), repeated kinds dropped first (老少副, then
//! 连六, 喜相逢, 一般高), which is what the open engines count. Pungs likewise: a four-pung fan,
//! or a three-pung fan plus at most one two-pung fan with the fourth, or every two-pung fan.

use super::fans::{Fan, FanCounts};
use crate::tiles::Tile;

fn suit(t: Tile) -> usize {
    t.index() / 9
}

fn rank(t: Tile) -> i32 {
    t.number() as i32
}

/// The two-chow fan of chows starting at `a` and `b`, if any.
pub fn two_chows_fan(a: Tile, b: Tile) -> Option<Fan> {
    if suit(a) != suit(b) {
        return (rank(a) == rank(b)).then_some(Fan::MixedDoubleChow);
    }
    let (ra, rb) = (rank(a), rank(b));
    if (ra - rb).abs() == 3 {
        Some(Fan::ShortStraight)
    } else if ra.min(rb) == 1 && ra.max(rb) == 7 {
        Some(Fan::TwoTerminalChows)
    } else if ra == rb {
        Some(Fan::PureDoubleChow)
    } else {
        None
    }
}

/// The three-chow fan of chows starting at `c` (any order), if any.
pub fn three_chows_fan(c: [Tile; 3]) -> Option<Fan> {
    let mut r = c.map(rank);
    let s = c.map(suit);
    r.sort_unstable();
    if s[0] != s[1] && s[0] != s[2] && s[1] != s[2] {
        if r[0] + 1 == r[1] && r[1] + 1 == r[2] {
            return Some(Fan::MixedShiftedChows);
        }
        if r[0] == r[2] {
            return Some(Fan::MixedTripleChow);
        }
        if r == [1, 4, 7] {
            return Some(Fan::MixedStraight);
        }
        return None;
    }
    if s[0] == s[1] && s[1] == s[2] {
        if r == [1, 4, 7] {
            return Some(Fan::PureStraight);
        }
        let (d1, d2) = (r[1] - r[0], r[2] - r[1]);
        if d1 == d2 && (d1 == 1 || d1 == 2) {
            return Some(Fan::PureShiftedChows);
        }
        if d1 == 0 && d2 == 0 {
            return Some(Fan::PureTripleChow);
        }
    }
    None
}

/// The four-chow fan of chows starting at `c`, if any.
pub fn four_chows_fan(c: [Tile; 4]) -> Option<Fan> {
    if !c.iter().all(|&t| suit(t) == suit(c[0])) {
        return None;
    }
    let mut r = c.map(rank);
    r.sort_unstable();
    let d = [r[1] - r[0], r[2] - r[1], r[3] - r[2]];
    if d[0] == d[1] && d[1] == d[2] {
        match d[0] {
            0 => return Some(Fan::QuadrupleChow),
            1 | 2 => return Some(Fan::FourPureShiftedChows),
            _ => {}
        }
    }
    None
}

/// The order in which a combined set's single extra two-chow fan is named when several fit.
const TWO_CHOW_PRIORITY: [Fan; 4] = [
    Fan::PureDoubleChow,
    Fan::MixedDoubleChow,
    Fan::ShortStraight,
    Fan::TwoTerminalChows,
];

/// Adds the fans of combining these chows (their lowest tiles).
pub fn chow_fans(chows: &[Tile], fans: &mut FanCounts) {
    match *chows {
        [a, b] => {
            if let Some(f) = two_chows_fan(a, b) {
                fans.add(f);
            }
        }
        [a, b, c] => {
            if let Some(f) = three_chows_fan([a, b, c]) {
                fans.add(f);
                return;
            }
            let pairs = [
                two_chows_fan(a, b),
                two_chows_fan(a, c),
                two_chows_fan(b, c),
            ];
            add_limited(&pairs, 2, fans);
        }
        [a, b, c, d] => {
            if let Some(f) = four_chows_fan([a, b, c, d]) {
                fans.add(f);
                return;
            }
            let all = [a, b, c, d];
            for free in (0..4).rev() {
                let mut three = [a; 3];
                let mut k = 0;
                for (i, &t) in all.iter().enumerate() {
                    if i != free {
                        three[k] = t;
                        k += 1;
                    }
                }
                if let Some(f) = three_chows_fan(three) {
                    fans.add(f);
                    let extra = three.map(|t| two_chows_fan(t, all[free]));
                    if let Some(&e) = TWO_CHOW_PRIORITY
                        .iter()
                        .find(|&&p| extra.contains(&Some(p)))
                    {
                        fans.add(e);
                    }
                    return;
                }
            }
            let pairs = [
                two_chows_fan(a, b),
                two_chows_fan(a, c),
                two_chows_fan(a, d),
                two_chows_fan(b, c),
                two_chows_fan(b, d),
                two_chows_fan(c, d),
            ];
            // Chow i takes part in pairs PAIRS_OF[i].
            const PAIRS_OF: [[usize; 3]; 4] = [[0, 1, 2], [0, 3, 4], [1, 3, 5], [2, 4, 5]];
            let isolated = PAIRS_OF
                .iter()
                .filter(|p| p.iter().all(|&k| pairs[k].is_none()))
                .count();
            let limit = 3usize.saturating_sub(isolated);
            add_limited(&pairs, limit, fans);
        }
        _ => {}
    }
}

/// Counts the two-chow fans found, then trims them to `limit` (套算一次): first repeated kinds
/// down to one each, then whole kinds, from 老少副 up to 一般高.
fn add_limited(pairs: &[Option<Fan>], limit: usize, fans: &mut FanCounts) {
    let mut count = [0usize; 4];
    for f in pairs.iter().flatten() {
        let k = TWO_CHOW_PRIORITY
            .iter()
            .position(|p| p == f)
            .expect("a two-chow fan");
        count[k] += 1;
    }
    let mut total: usize = count.iter().sum();
    for keep in [1, 0] {
        for k in (0..4).rev() {
            while count[k] > keep && total > limit {
                count[k] -= 1;
                total -= 1;
            }
        }
    }
    for (k, &n) in count.iter().enumerate() {
        for _ in 0..n {
            fans.add(TWO_CHOW_PRIORITY[k]);
        }
    }
}

fn is_dragon(t: Tile) -> bool {
    t.index() >= 31
}

fn is_wind(t: Tile) -> bool {
    (27..31).contains(&t.index())
}

/// The two-pung fan of pungs of `a` and `b`, if any.
pub fn two_pungs_fan(a: Tile, b: Tile) -> Option<Fan> {
    if !a.is_honor() && !b.is_honor() {
        (a.number() == b.number() && suit(a) != suit(b)).then_some(Fan::DoublePung)
    } else {
        (is_dragon(a) && is_dragon(b)).then_some(Fan::TwoDragonsPungs)
    }
}

/// The three-pung fan of pungs of `p` (any order), if any.
pub fn three_pungs_fan(p: [Tile; 3]) -> Option<Fan> {
    let mut p = p;
    p.sort_unstable();
    if p.iter().all(|t| !t.is_honor()) {
        let s = p.map(suit);
        let mut r = p.map(rank);
        r.sort_unstable();
        let consecutive = r[0] + 1 == r[1] && r[1] + 1 == r[2];
        if s[0] != s[1] && s[0] != s[2] && s[1] != s[2] {
            if consecutive {
                return Some(Fan::MixedShiftedPungs);
            }
            if r[0] == r[2] {
                return Some(Fan::TriplePung);
            }
        } else if s[0] == s[1] && s[1] == s[2] && consecutive {
            return Some(Fan::PureShiftedPungs);
        }
        return None;
    }
    if p.iter().all(|&t| is_wind(t)) {
        return Some(Fan::BigThreeWinds);
    }
    if p.iter().all(|&t| is_dragon(t)) {
        return Some(Fan::BigThreeDragons);
    }
    None
}

/// The four-pung fan of pungs of `p`, if any.
pub fn four_pungs_fan(p: [Tile; 4]) -> Option<Fan> {
    let mut p = p;
    p.sort_unstable();
    if p.iter().all(|&t| is_wind(t)) {
        return Some(Fan::BigFourWinds);
    }
    let same_suit = p.iter().all(|&t| !t.is_honor() && suit(t) == suit(p[0]));
    if same_suit && (1..4).all(|k| p[k].index() == p[0].index() + k) {
        return Some(Fan::FourPureShiftedPungs);
    }
    None
}

/// Adds the fans of combining these pungs and kongs (their tiles).
pub fn pung_fans(pungs: &[Tile], fans: &mut FanCounts) {
    let n = pungs.len();
    if n == 4 {
        let all = [pungs[0], pungs[1], pungs[2], pungs[3]];
        if let Some(f) = four_pungs_fan(all) {
            fans.add(f);
            return;
        }
    }
    if n == 3
        && let Some(f) = three_pungs_fan([pungs[0], pungs[1], pungs[2]])
    {
        fans.add(f);
        return;
    }
    if n == 4 {
        for free in (0..4).rev() {
            let mut three = [pungs[0]; 3];
            let mut k = 0;
            for (i, &t) in pungs.iter().enumerate() {
                if i != free {
                    three[k] = t;
                    k += 1;
                }
            }
            if let Some(f) = three_pungs_fan(three) {
                fans.add(f);
                if let Some(e) = three.iter().find_map(|&t| two_pungs_fan(t, pungs[free])) {
                    fans.add(e);
                }
                return;
            }
        }
    }
    for i in 0..n {
        for j in i + 1..n {
            if let Some(f) = two_pungs_fan(pungs[i], pungs[j]) {
                fans.add(f);
            }
        }
    }
}
