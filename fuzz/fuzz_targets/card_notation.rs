//! Dou Dizhu card notation: one card (`parse_card`) and whole lists against each game's deck
//! (`CardList::parse`). Input: card texts separated by newlines; the first byte picks the game.
#![no_main]

use cardrules::cards::parse_card;
use cardrules::doudizhu::{CardList, Game};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
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
        Game::ThreePlayer
    } else {
        Game::FourPlayer
    };
    if let Err(errors) = CardList::parse(&texts, game) {
        assert!(!errors.is_empty(), "refused without a reason: {texts:?}");
    }
});
