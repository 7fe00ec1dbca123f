//! The fast Riichi scorer against the brute-force reference (tests/score_support/reference.rs)
//! on random complete hands, every preset and option mix.
//!
//! `CARDRULES_PROPTEST_CASES` sets the number of random hands (default 400).

mod score_support;

use cardrules::mahjong::score::riichi::{self, Kazoe, Renhou, RiichiPreset, RiichiRules};
use cardrules::mahjong::score::{InvalidWin, Limit};
use cardrules::mahjong::{Preset, Rules};
use proptest::prelude::*;
use score_support::reference::{self, Verdict};

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
        let s = riichi::score(&rules, &r, &w).expect("a well-formed win");
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
