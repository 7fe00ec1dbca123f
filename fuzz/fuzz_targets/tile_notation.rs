//! Mahjong tile notation (MPSZ): `parse_tiles` and one tile (`Tile::from_str`).
#![no_main]

use cardrules::tiles::{Tile, parse_tiles};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = text.parse::<Tile>();
    if let Ok(tiles) = parse_tiles(text) {
        // Every tile read prints as itself and reads back.
        for tile in tiles {
            let again: Tile = tile.to_string().parse().expect("a printed tile reads back");
            assert_eq!(again, tile, "{text:?}");
        }
    }
});
