//! The notation targets' checks, shared with the normal test run: `tests/fuzz_inputs.rs` includes
//! this file (`#[path]`) and runs each check on the checked-in seeds and past crashes, so the
//! fuzzer and the tests assert the same things. Each function takes the fuzzer's raw bytes and
//! panics on a finding.

use cardrules::cards::parse_card;
use cardrules::doudizhu::{CardList, Variant};
use cardrules::mahjong::{Meld, MeldKind};
use cardrules::tiles::{Tile, parse_tiles};

/// Dou Dizhu card notation: one card (`parse_card`) and whole lists against each game's deck
/// (`CardList::parse`). Input: card texts separated by newlines; the first byte picks the game.
pub fn card_notation(data: &[u8]) {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let _ = parse_card(text);
    let texts: Vec<&str> = text.split('\n').collect();
    for text in &texts {
        if let Ok(card) = parse_card(text) {
            // What reads back must print and read again as the same card.
            let again = parse_card(&card.to_string()).expect("a printed card reads back");
            assert_eq!(again, card, "{text:?}");
        }
    }
    let game = if selector & 1 == 0 {
        Variant::ThreePlayer
    } else {
        Variant::FourPlayer
    };
    if let Err(errors) = CardList::parse(&texts, game) {
        assert!(!errors.is_empty(), "refused without a reason: {texts:?}");
    }
}

/// Mahjong tile notation (MPSZ): `parse_tiles` and one tile (`Tile::from_str`).
pub fn tile_notation(data: &[u8]) {
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
}

/// Declared melds from tile notation: `Meld::from_tiles` for each kind and
/// `Meld::from_tiles_any_kind`. The first byte picks the kind and whether the meld is concealed.
pub fn meld_notation(data: &[u8]) {
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
}
