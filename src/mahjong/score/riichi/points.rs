//! From han and fu (or yakuman) to base points and the limit, and from base points to the
//! payment of each seat.

use super::rules::{Kazoe, RiichiRules};
use crate::mahjong::score::{Limit, PaymentList, Wind, others, payments, round_up_100};
use std::borrow::Cow;

/// Base points and the limit reached, for `han` and `fu`, or `yakuman` multiples when > 0.
pub fn base_points(han: u32, fu: u32, yakuman: u32, rules: &RiichiRules) -> (u64, Option<Limit>) {
    if yakuman > 0 {
        return (8000 * u64::from(yakuman), Some(Limit::Yakuman));
    }
    match han {
        13.. => match rules.kazoe {
            Kazoe::Yakuman => (8000, Some(Limit::KazoeYakuman)),
            Kazoe::Sanbaiman => (6000, Some(Limit::Sanbaiman)),
            Kazoe::Multiple => (8000 * u64::from(han / 13), Some(Limit::KazoeYakuman)),
        },
        11..=12 => (6000, Some(Limit::Sanbaiman)),
        8..=10 => (4000, Some(Limit::Baiman)),
        6..=7 => (3000, Some(Limit::Haneman)),
        5 => (2000, Some(Limit::Mangan)),
        _ => {
            let base = u64::from(fu) << (han + 2);
            if base >= 2000 || (rules.kiriage && base == 1920) {
                (2000, Some(Limit::Mangan))
            } else {
                (base, None)
            }
        }
    }
}

/// [`base_points`]' points alone, for a reading that is not a yakuman: the han-only limits are
/// a table lookup and the mangan cap a conditional move, rather than a branch per han range
/// (the search values every reading of every hand with it, and varied hands mispredict those).
#[inline]
pub fn base_of(han: u32, fu: u32, rules: &RiichiRules) -> u64 {
    const LIMITS: [u64; 13] = [
        0, 0, 0, 0, 0, 2000, 3000, 3000, 4000, 4000, 4000, 6000, 6000,
    ];
    if han >= 13 {
        return base_points(han, fu, 0, rules).0;
    }
    let computed = u64::from(fu) << (han.min(4) + 2);
    let capped = if computed >= 2000 || (rules.kiriage && computed == 1920) {
        2000
    } else {
        computed
    };
    if han >= 5 {
        LIMITS[han as usize]
    } else {
        capped
    }
}

/// The limit's name for `multiples` yakuman (or the limit alone). The names up to triple
/// yakuman are constants, borrowed rather than copied.
pub fn limit_name(limit: Option<Limit>, multiples: u32) -> Cow<'static, str> {
    const YAKUMAN: [&str; 3] = ["yakuman", "double yakuman", "triple yakuman"];
    const KAZOE: [&str; 3] = [
        "kazoe yakuman",
        "kazoe double yakuman",
        "kazoe triple yakuman",
    ];
    let name = match limit {
        None => "",
        Some(Limit::Mangan) => "mangan",
        Some(Limit::Haneman) => "haneman",
        Some(Limit::Baiman) => "baiman",
        Some(Limit::Sanbaiman) => "sanbaiman",
        Some(Limit::KazoeYakuman) => match multiples.max(1) {
            n @ 1..=3 => KAZOE[n as usize - 1],
            n => return Cow::Owned(format!("kazoe {n}x yakuman")),
        },
        Some(Limit::Yakuman) => match multiples {
            n @ 1..=3 => YAKUMAN[n as usize - 1],
            n => return Cow::Owned(format!("{n}x yakuman")),
        },
    };
    Cow::Borrowed(name)
}

/// The payments of a win worth `base` points: the winner first (with honba and riichi sticks),
/// then the payers. Returns them with the winner's total gain.
#[allow(clippy::too_many_arguments)]
pub fn settle(
    base: u64,
    winner: Wind,
    self_drawn: bool,
    discarder: Option<Wind>,
    honba: u32,
    riichi_sticks: u32,
    rules: &RiichiRules,
) -> (PaymentList, u64) {
    let dealer = winner == Wind::East;
    let honba_total = u64::from(honba) * u64::from(rules.honba_points);
    let sticks = 1000 * u64::from(riichi_sticks);
    if self_drawn {
        let each_honba = honba_total.div_ceil(3);
        let payers = others(winner).map(move |w| {
            let share = if dealer || w == Wind::East {
                round_up_100(base * 2)
            } else {
                round_up_100(base)
            };
            (Some(w), share + each_honba)
        });
        payments(winner, payers, sticks)
    } else {
        let amount = round_up_100(base * if dealer { 6 } else { 4 }) + honba_total;
        payments(winner, std::iter::once((discarder, amount)), sticks)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mahjong::score::Payment;

    #[test]
    fn base_of_is_base_points_without_the_limit() {
        for kiriage in [false, true] {
            for kazoe in [Kazoe::Yakuman, Kazoe::Sanbaiman, Kazoe::Multiple] {
                let r = RiichiRules {
                    kiriage,
                    kazoe,
                    ..RiichiRules::default()
                };
                for han in 0..40 {
                    for fu in (20..=140).step_by(2).chain([25]) {
                        assert_eq!(
                            base_of(han, fu, &r),
                            base_points(han, fu, 0, &r).0,
                            "{han} han {fu} fu {kiriage} {kazoe:?}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn the_standard_table() {
        let r = RiichiRules::default();
        // 30 fu 3 han: 3,900 ron for a non-dealer, 5,800 for the dealer.
        let (base, limit) = base_points(3, 30, 0, &r);
        assert_eq!((base, limit), (960, None));
        let (p, gain) = settle(base, Wind::South, false, Some(Wind::West), 0, 0, &r);
        assert_eq!(gain, 3900);
        assert_eq!(p[1].points, -3900);
        let (_, gain) = settle(base, Wind::East, false, Some(Wind::West), 0, 0, &r);
        assert_eq!(gain, 5800);
        // 30 fu 4 han: 7,700 without kiriage, mangan with.
        assert_eq!(base_points(4, 30, 0, &r), (1920, None));
        let k = RiichiRules { kiriage: true, ..r };
        assert_eq!(base_points(4, 30, 0, &k), (2000, Some(Limit::Mangan)));
        // 20 fu 2 han tsumo (pinfu tsumo): 400/700.
        let (p, gain) = settle(320, Wind::South, true, None, 0, 0, &r);
        assert_eq!(gain, 1500);
        assert_eq!(
            p[1],
            Payment {
                seat: Some(Wind::East),
                points: -700
            }
        );
        assert_eq!(p[2].points, -400);
        // Honba: 300 per honba on ron, 100 from each on tsumo.
        let (_, gain) = settle(320, Wind::South, true, None, 2, 1, &r);
        assert_eq!(gain, 1500 + 600 + 1000);
        assert_eq!(limit_name(Some(Limit::Yakuman), 2), "double yakuman");
        assert_eq!(limit_name(Some(Limit::Yakuman), 4), "4x yakuman");
        assert_eq!(limit_name(Some(Limit::KazoeYakuman), 0), "kazoe yakuman");
        assert_eq!(
            limit_name(Some(Limit::KazoeYakuman), 3),
            "kazoe triple yakuman"
        );
        assert_eq!(limit_name(Some(Limit::KazoeYakuman), 5), "kazoe 5x yakuman");
        assert_eq!(limit_name(None, 0), "");
    }
}
