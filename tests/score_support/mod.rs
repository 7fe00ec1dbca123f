//! Shared helpers for the scoring tests: hands from strings, and (in `reference`) the
//! brute-force Riichi scorer.
#![allow(dead_code)]

pub mod reference;

use cardrules::mahjong::score::riichi::RiichiContext;
use cardrules::mahjong::score::{WinContext, WinInput, Wind};
use cardrules::mahjong::{Meld, MeldKind};
use cardrules::tiles::{Tile, parse_tiles};

/// A meld from its tiles (`"555z"`), a `+` prefix for a concealed kan (`"+1111m"`).
pub fn meld(text: &str) -> Meld {
    let (concealed, text) = match text.strip_prefix('+') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    Meld::from_tiles_any_kind(&parse_tiles(text).unwrap(), concealed).unwrap()
}

/// A win: concealed tiles including the winning tile, melds, the winning tile; a ron by South
/// on West's discard in an East round unless changed.
pub fn win(hand: &str, melds: &[&str], winning: &str) -> WinInput {
    WinInput {
        hand: parse_tiles(hand).unwrap(),
        melds: melds.iter().map(|m| meld(m)).collect(),
        winning: winning.parse::<Tile>().unwrap(),
        red_fives: hand.chars().filter(|&c| c == '0').count() as u8,
        context: WinContext {
            self_drawn: false,
            seat_wind: Wind::South,
            round_wind: Wind::East,
            discarder: Some(Wind::West),
            ..WinContext::default()
        },
    }
}

/// The same win, self-drawn.
pub fn tsumo(mut w: WinInput) -> WinInput {
    w.context.self_drawn = true;
    w.context.discarder = None;
    w
}

/// The same win with riichi declared.
pub fn riichi(mut w: WinInput) -> WinInput {
    w.context.riichi = RiichiContext {
        riichi: true,
        ..w.context.riichi
    };
    w
}

/// Whether a meld kind is a kan (for generators).
pub fn is_kan(m: &Meld) -> bool {
    m.kind == MeldKind::Kan
}
