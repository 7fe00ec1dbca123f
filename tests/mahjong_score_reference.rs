//! The fast Riichi scorer against the brute-force reference (tests/score_support/reference.rs)
//! on random complete hands, every preset and option mix.
//!
//! `CARDRULES_PROPTEST_CASES` sets the number of random hands (default 400).

mod score_support;

use cardrules::mahjong::score::riichi::{Kazoe, Renhou, RiichiPreset, RiichiRules};
use cardrules::mahjong::score::{InvalidWin, Limit, ScoringRules};
use cardrules::mahjong::{Preset, Rules};
use proptest::prelude::*;
use score_support::reference::{self, Verdict};
use score_support::score_under;

fn cases() -> u32 {
    std::env::var("CARDRULES_PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(400)
}

fn options() -> impl Strategy<Value = RiichiRules> {
    (0..3usize, any::<[bool; 5]>(), 0..3usize, 0..3usize).prop_map(|(p, b, k, r)| {
        let preset = [
            RiichiPreset::Tenhou,
            RiichiPreset::Majsoul,
            RiichiPreset::MLeague,
        ][p];
        RiichiRules {
            open_tanyao: b[0],
            red_fives: b[1],
            kiriage: b[2],
            double_yakuman: b[3],
            multiple_yakuman: b[4],
            kazoe: [Kazoe::Yakuman, Kazoe::Sanbaiman, Kazoe::Multiple][k],
            renhou: [Renhou::None, Renhou::FiveHan, Renhou::Yakuman][r],
            double_wind_pair_fu: if p == 2 { 2 } else { 4 },
            ..RiichiRules::preset(preset)
        }
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    #[test]
    fn fast_scorer_agrees_with_brute_force(seed in any::<u64>(), r in options()) {
        let w = score_support::random_win(seed);
        let rules = Rules::preset(Preset::Riichi);
        let expected = reference::score(&rules, &r, &w);
        let s = score_under(&rules, ScoringRules::Riichi(r), &w).expect("a well-formed win");
        let got = match s.invalid {
            Some(InvalidWin::NotComplete) => Verdict::NotComplete,
            Some(InvalidWin::NoYaku) => Verdict::NoYaku,
            Some(other) => panic!("unexpected {other:?}"),
            None => Verdict::Win {
                han: s.totals.han,
                fu: s.totals.fu,
                yakuman: if s.totals.limit == Some(Limit::Yakuman) { s.totals.yakuman } else { 0 },
                base: s.totals.base_points,
            },
        };
        prop_assert_eq!(got, expected, "{:?}\n{:?}", w, s.elements);
    }
}

/// The generator reaches every kind of answer, so the comparison above means something.
#[test]
fn random_hands_cover_every_verdict() {
    let rules = Rules::preset(Preset::Riichi);
    let r = RiichiRules::default();
    let (mut none, mut no_yaku, mut plain, mut limit, mut yakuman) = (0, 0, 0, 0, 0);
    for seed in 0..3000 {
        match reference::score(&rules, &r, &score_support::random_win(seed)) {
            Verdict::NotComplete => none += 1,
            Verdict::NoYaku => no_yaku += 1,
            Verdict::Win { yakuman: 1.., .. } => yakuman += 1,
            Verdict::Win { base: 2000.., .. } => limit += 1,
            Verdict::Win { .. } => plain += 1,
        }
    }
    let all = [none, no_yaku, plain, limit, yakuman];
    assert!(all.iter().all(|&n| n >= 20), "{all:?}");
}

mod other_rule_sets {
    use super::cases;
    use super::score_support::score_under;
    use cardrules::mahjong::score::ScoringRules;
    use cardrules::mahjong::score::hongzhong::HongzhongRules;
    use cardrules::mahjong::score::sichuan::SichuanRules;
    use cardrules::mahjong::score::{InvalidWin, WinContext, WinInput, Wind};
    use cardrules::mahjong::{Meld, Preset, RuleOverrides, Rules};
    use cardrules::tiles::{Tile, TileSuit};
    use proptest::prelude::*;

    /// Suited tiles (and, for Hongzhong, red dragons), mostly from complete shapes.
    fn hand(wild: bool) -> impl Strategy<Value = (Vec<Tile>, Vec<Meld>, usize, bool)> {
        let kind = if wild { 0..28usize } else { 0..27usize };
        (
            prop::collection::vec((kind.clone(), 0..3u8), 4),
            kind,
            0..3usize,
            any::<bool>(),
        )
            .prop_map(move |(groups, pair, melds, self_drawn)| {
                let tile = |i: usize| Tile::from_index(if i == 27 { 33 } else { i }).unwrap();
                let mut hand = vec![tile(pair), tile(pair)];
                let mut declared = Vec::new();
                for (k, (t, shape)) in groups.into_iter().enumerate() {
                    let run = shape == 0 && t < 27 && t % 9 <= 6;
                    let tiles: Vec<Tile> = if run {
                        vec![tile(t), tile(t + 1), tile(t + 2)]
                    } else {
                        vec![tile(t); 3]
                    };
                    if k < melds && !run && t < 27 {
                        declared.push(Meld::from_tiles_any_kind(&tiles, false).unwrap());
                    } else {
                        hand.extend(tiles);
                    }
                }
                (hand, declared, pair, self_drawn)
            })
    }

    fn input(hand: Vec<Tile>, melds: Vec<Meld>, pair: usize, self_drawn: bool) -> WinInput {
        let winning = Tile::from_index(if pair == 27 { 33 } else { pair }).unwrap();
        WinInput {
            hand,
            melds,
            winning,
            red_fives: 0,
            context: WinContext {
                self_drawn,
                seat_wind: Wind::South,
                discarder: (!self_drawn).then_some(Wind::North),
                ..WinContext::default()
            },
        }
    }

    fn balanced(s: &cardrules::mahjong::score::Score) -> bool {
        s.payments.iter().map(|p| p.points).sum::<i64>() == 0
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(cases()))]

        #[test]
        fn sichuan_answers_and_balances((h, m, p, sd) in hand(false), cap in 0..6u32, void in 0..4usize) {
            let void_suit = [None, Some(TileSuit::Man), Some(TileSuit::Pin), Some(TileSuit::Sou)][void];
            let rules = Rules::with_overrides(Preset::Sichuan, &RuleOverrides {
                void_suit: Some(void_suit),
                ..Default::default()
            }).unwrap();
            let s = SichuanRules { max_fan: Some(cap), ..SichuanRules::default() };
            if let Ok(score) = score_under(&rules, ScoringRules::Sichuan(s), &input(h, m, p, sd)) {
                prop_assert!(balanced(&score));
                if score.invalid.is_none() {
                    prop_assert_eq!(score.totals.base_points, 1u64 << score.totals.fan.min(cap));
                }
                // A complete hand that holds its void suit is answered with its reading, unpaid.
                if let Some(InvalidWin::VoidSuitHeld { .. }) = score.invalid {
                    prop_assert!(score.decomposition.is_some());
                    prop_assert_eq!(score.elements[0].id, "sichuan.basic");
                    let fan: i64 = score.elements.iter().map(|e| i64::from(e.value) * i64::from(e.count)).sum();
                    prop_assert_eq!(fan, i64::from(score.totals.fan));
                    prop_assert!(score.payments.is_empty());
                }
            }
        }

        #[test]
        fn hongzhong_answers_and_balances((h, m, p, sd) in hand(true), birds in 0..11u8) {
            let rules = Rules::preset(Preset::Hongzhong);
            let mut w = input(h, m, p, sd);
            w.context.birds = birds;
            if let Ok(score) = score_under(&rules, ScoringRules::Hongzhong(HongzhongRules::default()), &w) {
                prop_assert!(balanced(&score));
                // Every complete hand of this generator is a win.
                prop_assert!(score.invalid.is_none(), "{:?}", w);
                // Every element that applies is listed (0 included) and nothing else: a payer
                // pays the sum of value × count.
                let per_payer: i64 = score.elements.iter().map(|e| i64::from(e.value) * i64::from(e.count)).sum();
                prop_assert!(score.payments[1..].iter().all(|p| p.points == -per_payer));
                prop_assert_eq!(score.elements[0].id, "hongzhong.win");
                prop_assert_eq!(w.context.self_drawn, score.elements.iter().any(|e| e.id == "hongzhong.self_drawn"));
            }
        }
    }
}
