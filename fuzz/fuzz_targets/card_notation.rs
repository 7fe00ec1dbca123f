//! Dou Dizhu card notation: one card (`parse_card`) and whole lists against each game's deck
//! (`CardList::parse`). Input: card texts separated by newlines; the first byte picks the game.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| cardrules_fuzz::notation::card_notation(data));
