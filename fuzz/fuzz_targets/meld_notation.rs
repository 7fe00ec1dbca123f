//! Declared melds from tile notation: `Meld::from_tiles` for each kind and
//! `Meld::from_tiles_any_kind`. The first byte picks the kind and whether the meld is concealed.
#![no_main]

use cardrules::mahjong::{Meld, MeldKind};
use cardrules::tiles::parse_tiles;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let Ok(tiles) = parse_tiles(text) else {
        return;
    };
    let concealed = selector & 4 != 0;
    let meld = match selector & 3 {
        0 => Meld::from_tiles(MeldKind::Chi, &tiles, concealed),
        1 => Meld::from_tiles(MeldKind::Pon, &tiles, concealed),
        2 => Meld::from_tiles(MeldKind::Kan, &tiles, concealed),
        _ => Meld::from_tiles_any_kind(&tiles, concealed),
    };
    if let Ok(meld) = meld {
        // A meld accepted is made of exactly the tiles given.
        let mut given = tiles.clone();
        given.sort();
        let mut back: Vec<_> = meld.tiles().collect();
        back.sort();
        assert_eq!(back, given, "{text:?}");
    }
});
