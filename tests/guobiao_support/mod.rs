//! Helpers shared by the Guobiao tests: building a win from compact strings and printing a score.

#![allow(dead_code)]

use cardrules::mahjong::score::guobiao::{Fan, GuobiaoScore, GuobiaoWin, Wind, score};
use cardrules::mahjong::{Meld, MeldKind};
use cardrules::tiles::{Tile, parse_tiles};

/// Reads melds written `c:123m` (chi), `p:555z` (pon), `k:1111p` (open kan), `a:1111p`
/// (concealed kan), separated by spaces.
pub fn melds(text: &str) -> Vec<Meld> {
    text.split_whitespace()
        .map(|m| {
            let (kind, tiles) = m.split_once(':').expect("kind:tiles");
            let tiles = parse_tiles(tiles).expect("tiles");
            let (kind, concealed) = match kind {
                "c" => (MeldKind::Chi, false),
                "p" => (MeldKind::Pon, false),
                "k" => (MeldKind::Kan, false),
                "a" => (MeldKind::Kan, true),
                other => panic!("meld kind {other}"),
            };
            Meld::from_tiles(kind, &tiles, concealed).expect("meld")
        })
        .collect()
}

/// A discard win, seat and round East, no flags.
pub fn win(concealed: &str, meld_text: &str, winning: &str) -> GuobiaoWin {
    GuobiaoWin {
        concealed: parse_tiles(concealed).expect("tiles"),
        melds: melds(meld_text),
        winning_tile: winning.parse::<Tile>().expect("tile"),
        self_drawn: false,
        seat_wind: Wind::East,
        round_wind: Wind::East,
        last_tile_of_kind: false,
        last_tile_of_wall: false,
        kong_win: false,
        robbing_kong: false,
        flowers: 0,
    }
}

/// The same win, self-drawn.
pub fn tsumo(mut w: GuobiaoWin) -> GuobiaoWin {
    w.self_drawn = true;
    w
}

/// The counted fans (flowers aside) as (fan, count), highest first.
pub fn fan_list(s: &GuobiaoScore) -> Vec<(Fan, u8)> {
    s.fans
        .iter()
        .filter(|f| f.fan != Fan::FlowerTiles)
        .map(|f| (f.fan, f.count))
        .collect()
}

/// Scores and checks the exact fan list and the total without flowers.
#[track_caller]
pub fn check(w: &GuobiaoWin, expected: &[(Fan, u8)], total: u32) {
    let s = score(w).expect("well-formed");
    let mut want = expected.to_vec();
    want.sort();
    let mut got = fan_list(&s);
    got.sort();
    assert_eq!(
        got,
        want,
        "fans of {:?}",
        w.concealed
            .iter()
            .map(|t| t.to_string())
            .collect::<String>()
    );
    assert_eq!(s.fan_total, total, "total");
}
