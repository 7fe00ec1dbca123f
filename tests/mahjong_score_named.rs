//! MahjongScore's famous edge cases, each by name, against the core scorers.

mod score_support;

use cardrules::mahjong::score::riichi::{self, RiichiPreset, RiichiRules};
use cardrules::mahjong::score::{InvalidWin, Limit, Score, WinInput, Wind};
use cardrules::mahjong::{Preset, Rules};
use score_support::{riichi as with_riichi, tsumo, win};

fn riichi_score(w: &WinInput) -> Score {
    riichi_with(w, RiichiRules::default())
}

fn riichi_with(w: &WinInput, r: RiichiRules) -> Score {
    riichi::score(&Rules::preset(Preset::Riichi), &r, w).unwrap()
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
