//! MahjongScore's famous edge cases, each by name, against the core scorers.

mod score_support;

use cardrules::mahjong::score::riichi::{RiichiPreset, RiichiRules};
use cardrules::mahjong::score::{InvalidWin, Limit, Score, ScoringRules, WinInput, Wind};
use cardrules::mahjong::{Preset, Rules};
use score_support::{riichi as with_riichi, score_under, tsumo, win};

fn riichi_score(w: &WinInput) -> Score {
    riichi_with(w, RiichiRules::default())
}

fn riichi_with(w: &WinInput, r: RiichiRules) -> Score {
    score_under(&Rules::preset(Preset::Riichi), ScoringRules::Riichi(r), w).unwrap()
}

fn ids(s: &Score) -> Vec<&'static str> {
    s.elements.iter().map(|e| e.id).collect()
}

#[test]
fn pinfu_tsumo_is_20_fu() {
    let s = riichi_score(&tsumo(win("123456m345p678s55p", &[], "6m")));
    assert_eq!(s.invalid, None);
    assert_eq!(ids(&s), ["riichi.menzen_tsumo", "riichi.pinfu"]);
    assert_eq!((s.totals.han, s.totals.fu), (2, 20));
    // 400 from each non-dealer, 700 from the dealer.
    assert_eq!(s.totals.winner_gain, 1500);
    assert_eq!(s.payments[1].points, -700);
    assert_eq!(s.fu.len(), 1);
    // The same hand on a discard: 30 fu (20 + 10 closed ron).
    let s = riichi_score(&with_riichi(win("123456m345p678s55p", &[], "6m")));
    assert_eq!((s.totals.han, s.totals.fu), (2, 30));
    assert_eq!(s.totals.winner_gain, 2000);
}

/// The three-suit and straight yaku at every place they can be: each run of sanshoku doujun
/// (123 to 789), each number of sanshoku doukou (1 to 9), ittsu in each suit.
#[test]
fn three_suit_and_straight_yaku_at_every_place() {
    let run = |n: u8| format!("{}{}{}", n, n + 1, n + 2);
    for n in 1..=7 {
        let r = run(n);
        let hand = format!("{r}m{r}p{r}s11122z");
        let s = riichi_score(&tsumo(win(&hand, &[], "1z")));
        assert!(
            ids(&s).contains(&"riichi.sanshoku_doujun"),
            "{hand}: {:?}",
            ids(&s)
        );
    }
    for n in 1..=9 {
        // On a discard, so that the East triplet is open and the hand not four concealed
        // triplets (a yakuman, which drops the other yaku).
        let hand = format!("{n}{n}{n}m{n}{n}{n}p{n}{n}{n}s11122z");
        let s = riichi_score(&win(&hand, &[], "1z"));
        assert!(
            ids(&s).contains(&"riichi.sanshoku_doukou"),
            "{hand}: {:?}",
            ids(&s)
        );
    }
    for suit in ['m', 'p', 's'] {
        let hand = format!("123456789{suit}11122z");
        let s = riichi_score(&tsumo(win(&hand, &[], "1z")));
        assert!(ids(&s).contains(&"riichi.ittsu"), "{hand}: {:?}", ids(&s));
    }
    // Two suits' runs and a third's one off: neither yaku.
    let s = riichi_score(&tsumo(win("789m789p678s11122z", &[], "1z")));
    assert!(
        !ids(&s).contains(&"riichi.sanshoku_doujun"),
        "{:?}",
        ids(&s)
    );
    let s = riichi_score(&tsumo(win("123456m789p11122z", &[], "1z")));
    assert!(!ids(&s).contains(&"riichi.ittsu"), "{:?}", ids(&s));
}

#[test]
fn ryanpeikou_beats_chiitoitsu() {
    let s = riichi_score(&win("112233m445566p77s", &[], "7s"));
    assert_eq!(ids(&s), ["riichi.ryanpeikou"]);
    // 20 + 10 closed ron + 2 tanki = 32 -> 40 fu, 3 han: 5,200.
    assert_eq!((s.totals.han, s.totals.fu), (3, 40));
    assert_eq!(s.totals.winner_gain, 5200);
    // With ryanpeikou impossible (a 1m-9m pair), the same pairs are chiitoitsu at 25 fu.
    let s = riichi_score(&win("1199m445566p77s11z", &[], "1z"));
    assert_eq!(ids(&s), ["riichi.chiitoitsu"]);
    assert_eq!((s.totals.han, s.totals.fu), (2, 25));
    assert_eq!(s.totals.winner_gain, 1600);
}

#[test]
fn sanankou_on_ron_needs_the_tile_outside_the_triplet() {
    // The 5s completes the 555s triplet on a discard: it is open, only two concealed triplets.
    let s = riichi_score(&with_riichi(win("11199m333p555678s", &[], "5s")));
    assert!(!ids(&s).contains(&"riichi.sanankou"), "{:?}", ids(&s));
    // Self-drawn, the triplet is concealed: sanankou.
    let s = riichi_score(&tsumo(win("11199m333p555678s", &[], "5s")));
    assert!(ids(&s).contains(&"riichi.sanankou"), "{:?}", ids(&s));
    // On a discard that can complete the 345s run instead, the 555s stays concealed.
    let s = riichi_score(&win("11199m333p345555s", &[], "5s"));
    assert!(ids(&s).contains(&"riichi.sanankou"), "{:?}", ids(&s));
}

#[test]
fn chuuren_and_junsei_chuuren() {
    // 1112345678999 + 5m: the nine-sided wait, a double yakuman where the rules say so.
    let w = win("11123455678999m", &[], "5m");
    let s = riichi_score(&w);
    assert_eq!(ids(&s), ["riichi.junsei_chuuren"]);
    assert_eq!(s.totals.yakuman, 1, "Tenhou: single");
    let s = riichi_with(&w, RiichiRules::preset(RiichiPreset::Majsoul));
    assert_eq!(s.totals.yakuman, 2);
    assert_eq!(s.totals.limit_name, "double yakuman");
    assert_eq!(s.totals.winner_gain, 64000);
    // The same tiles won on a 1m: plain chuuren.
    let s = riichi_with(
        &win("11123455678999m", &[], "1m"),
        RiichiRules::preset(RiichiPreset::Majsoul),
    );
    assert_eq!(ids(&s), ["riichi.chuuren"]);
    assert_eq!(s.totals.yakuman, 1);
}

#[test]
fn kokushi_thirteen_sided() {
    let w = win("19m19p19s12345677z", &[], "7z");
    let s = riichi_with(&w, RiichiRules::preset(RiichiPreset::Majsoul));
    assert_eq!(ids(&s), ["riichi.kokushi_13_sided"]);
    assert_eq!(s.totals.yakuman, 2);
    let s = riichi_score(&w);
    assert_eq!(s.totals.yakuman, 1);
    assert_eq!(s.totals.winner_gain, 32000);
    // Won on a tile that was single: one wait, a single yakuman.
    let s = riichi_with(
        &win("19m19p19s12345677z", &[], "1z"),
        RiichiRules::preset(RiichiPreset::Majsoul),
    );
    assert_eq!(ids(&s), ["riichi.kokushi"]);
    assert_eq!(s.totals.yakuman, 1);
}

#[test]
fn open_pinfu_shape_is_30_fu() {
    let s = riichi_score(&win("234567m678s55s", &["234p"], "4m"));
    assert_eq!(ids(&s), ["riichi.tanyao"]);
    assert_eq!((s.totals.han, s.totals.fu), (1, 30));
    assert!(s.fu.iter().any(|f| f.id == "riichi.fu.open_pinfu"));
    assert_eq!(s.totals.winner_gain, 1000);
}

#[test]
fn kazoe_yakuman() {
    let w = with_riichi(tsumo(win("22334455667788p", &[], "2p")));
    let s = riichi_score(&w);
    // riichi 1 + tsumo 1 + pinfu 1 + tanyao 1 + ryanpeikou 3 + chinitsu 6 = 13.
    assert_eq!(s.totals.han, 13, "{:?}", ids(&s));
    assert_eq!(s.totals.limit, Some(Limit::KazoeYakuman));
    assert_eq!(s.totals.winner_gain, 32000);
    let s = riichi_with(&w, RiichiRules::preset(RiichiPreset::MLeague));
    assert_eq!(s.totals.limit, Some(Limit::Sanbaiman));
    assert_eq!(s.totals.winner_gain, 24000);
}

#[test]
fn no_yaku_is_not_a_win() {
    let s = riichi_score(&win("456m345p678s99p", &["123m"], "6m"));
    assert_eq!(s.invalid, Some(InvalidWin::NoYaku));
    let s = riichi_score(&win("123456m345p678s19p", &[], "6m"));
    assert_eq!(s.invalid, Some(InvalidWin::NotComplete));
}

#[test]
fn dealer_and_payments() {
    let mut w = tsumo(win("123456m345p678s55p", &[], "6m"));
    w.context.seat_wind = Wind::East;
    let s = riichi_score(&w);
    // Dealer pinfu tsumo 20 fu 2 han: 700 all.
    assert_eq!(s.totals.winner_gain, 2100);
    assert!(s.payments[1..].iter().all(|p| p.points == -700));
}

mod sichuan_fans {
    use super::score_support::{score_under, tsumo, win};
    use cardrules::mahjong::score::ScoringRules;
    use cardrules::mahjong::score::sichuan::SichuanRules;
    use cardrules::mahjong::score::{InvalidWin, Score, WinInput};
    use cardrules::mahjong::{Preset, RuleOverrides, Rules};
    use cardrules::tiles::TileSuit;

    fn rules() -> Rules {
        Rules::with_overrides(
            Preset::Sichuan,
            &RuleOverrides {
                void_suit: Some(Some(TileSuit::Sou)),
                ..Default::default()
            },
        )
        .unwrap()
    }

    fn score(w: &WinInput) -> Score {
        score_under(&rules(), ScoringRules::Sichuan(SichuanRules::default()), w).unwrap()
    }

    /// The fans counted, as (id, count), without the 0-fan basic win.
    fn fans(s: &Score) -> Vec<(&'static str, u32)> {
        assert_eq!(s.elements[0].id, "sichuan.basic");
        s.elements[1..].iter().map(|e| (e.id, e.count)).collect()
    }

    #[test]
    fn void_suit_held_is_not_a_win() {
        let s = score(&win("123m456m789p11p123s", &[], "1p"));
        assert_eq!(
            s.invalid,
            Some(InvalidWin::VoidSuitHeld { three_suits: false })
        );
        // Without a declared void suit, a hand of all three suits cannot win either (缺一门).
        let s = score_under(
            &Rules::preset(Preset::Sichuan),
            ScoringRules::Sichuan(SichuanRules::default()),
            &win("123m456m789p11p123s", &[], "1p"),
        )
        .unwrap();
        assert_eq!(
            s.invalid,
            Some(InvalidWin::VoidSuitHeld { three_suits: true })
        );
    }

    #[test]
    fn basic_win() {
        let s = score(&win("123m456m789m234p55p", &[], "5p"));
        assert_eq!(fans(&s), []);
        assert_eq!(s.totals.winner_gain, 1);
    }

    #[test]
    fn all_pungs() {
        let s = score(&win("111m222m333p444p55p", &[], "5p"));
        assert_eq!(fans(&s), [("sichuan.all_pungs", 1)]);
        assert_eq!(s.totals.base_points, 2);
    }

    #[test]
    fn full_flush() {
        let s = score(&win("123345678999m55m", &[], "5m"));
        assert_eq!(fans(&s), [("sichuan.full_flush", 1)]);
        assert_eq!(s.totals.fan, 2);
    }

    #[test]
    fn seven_pairs_and_dragon_seven_pairs() {
        let s = score(&win("11225566m3344p77p", &[], "7p"));
        assert_eq!(fans(&s), [("sichuan.seven_pairs", 1)]);
        assert_eq!(s.totals.fan, 2);
        // Four 1m are two pairs and a dragon, not a root.
        let s = score(&win("11112233m4455p66p", &[], "6p"));
        assert_eq!(
            fans(&s),
            [
                ("sichuan.seven_pairs", 1),
                ("sichuan.dragon_seven_pairs", 1)
            ]
        );
        assert_eq!(s.totals.fan, 3);
    }

    #[test]
    fn terminals_in_every_set() {
        let s = score(&win("123789m123789p11m", &[], "1m"));
        assert_eq!(fans(&s), [("sichuan.terminals", 1)]);
        assert_eq!(s.totals.fan, 2);
    }

    #[test]
    fn golden_hook() {
        let s = score(&win("55m", &["222m", "333p", "444p", "666m"], "5m"));
        assert_eq!(
            fans(&s),
            [("sichuan.all_pungs", 1), ("sichuan.golden_hook", 1)]
        );
    }

    #[test]
    fn roots() {
        let s = score(&win("234m567p789p55p", &["1111m"], "5p"));
        assert_eq!(fans(&s), [("sichuan.root", 1)]);
        // Four tiles in the hand count too (1111m as 111m + 123m).
        let s = score(&win("11112344m567789p", &[], "4m"));
        assert!(fans(&s).contains(&("sichuan.root", 1)), "{:?}", fans(&s));
    }

    #[test]
    fn kong_and_last_tile_wins() {
        let mut w = tsumo(win("234m567p789p55p", &["1111m"], "5p"));
        w.context.after_kong = true;
        assert!(fans(&score(&w)).contains(&("sichuan.after_kong", 1)));
        let mut w = win("234m567p789p55p", &["1111m"], "5p");
        w.context.after_kong = true;
        assert!(fans(&score(&w)).contains(&("sichuan.after_kong_discard", 1)));
        // The robbed tile is the fourth copy: the winner holds no other.
        let mut w = win("234m567p789p55p", &["1111m"], "4m");
        w.context.robbing_kong = true;
        assert!(fans(&score(&w)).contains(&("sichuan.robbing_kong", 1)));
        let mut w = win("234m567p789p55p", &["1111m"], "5p");
        w.context.last_tile = true;
        assert!(fans(&score(&w)).contains(&("sichuan.last_tile", 1)));
    }

    #[test]
    fn the_cap_and_self_drawn() {
        // Full flush 2 + dragon seven pairs 2 + 1 + ... capped at 4: ×16.
        let w = tsumo(win("11112233445566m", &[], "6m"));
        let s = score(&w);
        assert!(s.totals.fan > 4, "{:?}", fans(&s));
        assert_eq!(s.totals.base_points, 16);
        // Self-drawn: each of three pays the base plus one (自摸加底).
        assert_eq!(s.totals.winner_gain, 3 * 17);
        let uncapped = SichuanRules {
            max_fan: None,
            self_drawn_adds_fan: true,
            ..SichuanRules::default()
        };
        let s2 = score_under(&rules(), ScoringRules::Sichuan(uncapped), &w).unwrap();
        assert_eq!(s2.totals.fan, s.totals.fan + 1);
        assert_eq!(s2.totals.base_points, 1 << s2.totals.fan);
    }
}

mod hongzhong_table {
    use super::score_support::{score_under, tsumo, win};
    use cardrules::mahjong::score::ScoringRules;
    use cardrules::mahjong::score::hongzhong::HongzhongRules;
    use cardrules::mahjong::score::{InvalidWin, Score, WinInput};
    use cardrules::mahjong::{Form, Preset, Rules};

    fn score(w: &WinInput) -> Score {
        score_under(
            &Rules::preset(Preset::Hongzhong),
            ScoringRules::Hongzhong(HongzhongRules::default()),
            w,
        )
        .unwrap()
    }

    fn ids(s: &Score) -> Vec<&'static str> {
        s.elements.iter().map(|e| e.id).collect()
    }

    #[test]
    fn wildcards_complete_the_hand() {
        let s = score(&win("123m456m789p11p777z", &[], "1p"));
        assert_eq!(ids(&s), ["hongzhong.win"]);
        assert_eq!(s.totals.winner_gain, 2);
        let s = score(&win("123m456m789p11p19s7z", &[], "1p"));
        assert_eq!(s.invalid, Some(InvalidWin::NotComplete));
        let s = score(&win("123m456m789p155p77z", &[], "1p"));
        assert_eq!(s.invalid, None);
        assert_eq!(s.decomposition.unwrap().wildcard_as().len(), 2);
    }

    #[test]
    fn bonuses() {
        let s = score(&win("123m456m789p111p55p", &[], "5p"));
        assert_eq!(ids(&s), ["hongzhong.win", "hongzhong.no_wildcard"]);
        assert_eq!(s.totals.winner_gain, 4);
        let s = score(&win("1122m3344p55667s7z", &[], "7s"));
        assert_eq!(s.decomposition.as_ref().unwrap().form(), Form::SevenPairs);
        assert_eq!(ids(&s), ["hongzhong.win", "hongzhong.seven_pairs"]);
        // Self-drawn with two birds: each of three pays 2 + 2 x 2.
        let mut w = tsumo(win("123m456m789p11p777z", &[], "1p"));
        w.context.birds = 2;
        let s = score(&w);
        assert_eq!(s.totals.winner_gain, 3 * 6);
        assert_eq!(s.payments.len(), 4);
    }

    /// A red dragon is no fifth copy of a kind, the declared melds' copies counted: beside a pon
    /// of 5m and a natural 5m it cannot be the pair's second 5m, unless the rules allow a fifth
    /// copy; beside a pon of 6m it can.
    #[test]
    fn a_wildcard_is_no_fifth_copy_of_a_melded_kind() {
        let fifth = win("5m123p456p789p7z", &["555m"], "9p");
        assert_eq!(score(&fifth).invalid, Some(InvalidWin::NotComplete));
        let allowed = Rules {
            wildcard_fifth_copy: true,
            ..Rules::preset(Preset::Hongzhong)
        };
        let s = score_under(
            &allowed,
            ScoringRules::Hongzhong(HongzhongRules::default()),
            &fifth,
        )
        .unwrap();
        assert_eq!(s.invalid, None);
        let s = score(&win("5m123p456p789p7z", &["666m"], "9p"));
        assert_eq!(s.invalid, None);
        assert_eq!(s.decomposition.unwrap().wildcard_as().len(), 1);
    }

    #[test]
    fn four_red_dragons_win_at_once() {
        let s = score(&tsumo(win("1357m2468p13s7777z", &[], "7z")));
        // The self-drawn bonus applies at its default 0: listed at 0.
        assert_eq!(
            ids(&s),
            [
                "hongzhong.win",
                "hongzhong.four_wildcards",
                "hongzhong.self_drawn"
            ]
        );
        assert_eq!(s.totals.winner_gain, 6);
        let off = HongzhongRules {
            four_wildcards_win: false,
            ..HongzhongRules::default()
        };
        let s = score_under(
            &Rules::preset(Preset::Hongzhong),
            ScoringRules::Hongzhong(off),
            &tsumo(win("1357m2468p13s7777z", &[], "7z")),
        )
        .unwrap();
        assert_eq!(s.invalid, Some(InvalidWin::NotComplete));
    }
}

mod riichi_options {
    use super::score_support::{riichi as with_riichi, tsumo, win};
    use super::{ids, riichi_score, riichi_with};
    use cardrules::mahjong::score::Wind;
    use cardrules::mahjong::score::riichi::{Renhou, RiichiPreset, RiichiRules, dora_of};
    use cardrules::tiles::{Tile, parse_tiles};

    fn t(s: &str) -> Tile {
        s.parse().unwrap()
    }

    #[test]
    fn dora_indicators_wrap_around() {
        for (indicator, dora) in [
            ("9m", "1m"),
            ("3p", "4p"),
            ("9s", "1s"),
            ("4z", "1z"),
            ("3z", "4z"),
            ("7z", "5z"),
            ("5z", "6z"),
        ] {
            assert_eq!(dora_of(t(indicator)), t(dora), "{indicator}");
        }
        // Ura-dora count only with riichi.
        let mut w = win("234567m345p678s55p", &[], "7m");
        w.context.riichi.ura_dora_indicators = parse_tiles("4p").unwrap();
        let s = riichi_score(&w);
        assert_eq!(s.totals.han, 2, "{:?}", ids(&s));
        let s = riichi_score(&with_riichi(w));
        assert!(ids(&s).contains(&"riichi.ura_dora"));
        assert_eq!(s.totals.han, 6);
    }

    #[test]
    fn double_wind_pair_is_4_or_2_fu() {
        let mut w = win("123m456p789s11555z", &[], "9s");
        w.context.seat_wind = Wind::East;
        w.context.round_wind = Wind::East;
        let pair = |s: &cardrules::mahjong::score::Score| {
            s.fu.iter()
                .find(|f| f.id == "riichi.fu.pair")
                .map(|f| f.value)
        };
        assert_eq!(pair(&riichi_score(&w)), Some(4));
        let m = riichi_with(&w, RiichiRules::preset(RiichiPreset::MLeague));
        assert_eq!(pair(&m), Some(2));
    }

    #[test]
    fn multiple_and_double_yakuman() {
        // Big three dragons + all honours + four concealed triplets won on the pair.
        let w = win("555666777z222z11z", &[], "1z");
        let s = riichi_score(&w);
        assert_eq!(
            ids(&s),
            [
                "riichi.suuankou_tanki",
                "riichi.daisangen",
                "riichi.tsuuiisou"
            ]
        );
        assert_eq!(s.totals.yakuman, 3, "Tenhou: three single yakuman");
        let m = riichi_with(&w, RiichiRules::preset(RiichiPreset::Majsoul));
        assert_eq!(m.totals.yakuman, 4);
        assert_eq!(m.totals.limit_name, "4x yakuman");
        let single = RiichiRules {
            multiple_yakuman: false,
            ..RiichiRules::default()
        };
        assert_eq!(riichi_with(&w, single).totals.yakuman, 1);
    }

    #[test]
    fn renhou_by_option() {
        let mut w = win("123456m345p678s55p", &[], "6m");
        w.context.riichi.first_turn = true;
        let s = riichi_score(&w);
        assert_eq!(ids(&s), ["riichi.pinfu"]);
        let five = RiichiRules {
            renhou: Renhou::FiveHan,
            ..RiichiRules::default()
        };
        let s = riichi_with(&w, five);
        assert_eq!(ids(&s), ["riichi.pinfu", "riichi.renhou"]);
        assert_eq!(s.totals.han, 6);
        let yakuman = RiichiRules {
            renhou: Renhou::Yakuman,
            ..RiichiRules::default()
        };
        assert_eq!(riichi_with(&w, yakuman).totals.winner_gain, 32000);
        // The dealer's first draw is tenhou, a non-dealer's chiihou.
        let mut d = tsumo(w.clone());
        d.context.seat_wind = Wind::East;
        assert_eq!(ids(&riichi_score(&d)), ["riichi.tenhou"]);
        let c = tsumo(w);
        assert_eq!(ids(&riichi_score(&c)), ["riichi.chiihou"]);
    }

    #[test]
    fn honba_and_riichi_sticks() {
        let mut w = with_riichi(win("123456m345p678s55p", &[], "6m"));
        w.context.riichi.honba = 2;
        w.context.riichi.riichi_sticks = 3;
        let s = riichi_score(&w);
        // 2 han 30 fu: 2,000 + 600 honba from the discarder, + 3,000 from the sticks.
        assert_eq!(s.payments[1].points, -2600);
        assert_eq!(s.totals.winner_gain, 5600);
    }

    #[test]
    fn kiriage_rounds_4_han_30_fu_up_to_mangan() {
        // Riichi, pinfu, tanyao, dora 1: 4 han 30 fu on a discard.
        let mut w = with_riichi(win("234567m345p678s55p", &[], "7m"));
        w.context.riichi.dora_indicators = parse_tiles("1m").unwrap();
        let s = riichi_score(&w);
        assert_eq!((s.totals.han, s.totals.fu), (4, 30));
        assert_eq!(s.totals.winner_gain, 7700);
        let s = riichi_with(&w, RiichiRules::preset(RiichiPreset::MLeague));
        assert_eq!(s.totals.winner_gain, 8000);
        assert_eq!(s.totals.limit_name, "mangan");
    }
}
