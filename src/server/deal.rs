//! `Deal`: proto <-> [`crate::deal`].

use rand::TryRngCore;

use super::enums::decode;
use super::pb;
use super::wire;
use crate::deal::{self, Deal, DealError, DealOptions, Game, WildcardDraw};
use crate::error::InvalidArgument;

/// Answers a `DealRequest`.
pub fn deal(request: pb::DealRequest) -> Result<wire::DealResponse, InvalidArgument> {
    let mut errors = InvalidArgument::default();
    let game = match decode(request.game, "game", "game", &mut errors) {
        Some(pb::Game::Doudizhu) => Some(Game::Doudizhu),
        Some(pb::Game::DoudizhuFourPlayer) => Some(Game::DoudizhuFourPlayer),
        Some(pb::Game::Mahjong) => Some(Game::Mahjong),
        Some(pb::Game::Unspecified) => {
            errors.push(
                "game",
                "required: GAME_DOUDIZHU, GAME_DOUDIZHU_FOUR_PLAYER or GAME_MAHJONG",
            );
            None
        }
        None => None,
    };
    let draw = decode(
        request.wildcard_draw,
        "wildcard_draw",
        "wildcard draw",
        &mut errors,
    );
    let wildcard_draw = match draw {
        Some(pb::WildcardDraw::Unspecified | pb::WildcardDraw::None) | None => WildcardDraw::None,
        Some(pb::WildcardDraw::One) => WildcardDraw::One,
        Some(pb::WildcardDraw::Two) => WildcardDraw::Two,
    };
    let Some(game) = game else {
        return Err(errors);
    };
    errors.or_ok(())?;

    let seed = request.seed.unwrap_or_else(os_seed);
    let options = DealOptions {
        game,
        seed,
        landlord_seat: request.landlord_seat.map(|seat| seat as usize),
        include_flowers: request.include_flowers,
        wildcard_draw,
    };
    let dealt = deal::deal(&options).map_err(|error| {
        let game_name = pb::Game::try_from(request.game).map_or("", |g| g.as_str_name());
        match error {
            DealError::NoSuchSeat { seat, players } => InvalidArgument::new(
                "landlord_seat",
                format!(
                    "seat {seat} does not exist: {game_name} has seats 0 to {}",
                    players - 1
                ),
            ),
            DealError::LandlordInMahjong => InvalidArgument::new(
                "landlord_seat",
                format!("{game_name} has no landlord and no kitty, but landlord_seat is set"),
            ),
            DealError::FlowersOutsideMahjong => InvalidArgument::new(
                "include_flowers",
                format!("flowers exist only in GAME_MAHJONG, not in {game_name}"),
            ),
            DealError::WildcardsInMahjong => InvalidArgument::new(
                "wildcard_draw",
                format!("wildcard ranks are drawn only for Dou Dizhu games, not for {game_name}"),
            ),
        }
    })?;

    let mut response = wire::DealResponse {
        seed,
        game: request.game,
        ..Default::default()
    };
    match dealt {
        Deal::Cards(cards) => {
            response.hands = cards
                .hands
                .iter()
                .enumerate()
                .map(|(seat, hand)| wire::DealtHand {
                    seat: seat as u32,
                    cards: hand.iter().map(|card| card.name()).collect(),
                    tiles: String::new(),
                    is_landlord: cards.landlord_seat == Some(seat),
                })
                .collect();
            response.kitty = cards.kitty.iter().map(|card| card.name()).collect();
            response.wildcard_ranks = cards
                .wildcard_ranks
                .iter()
                .map(|rank| rank.symbol())
                .collect();
        }
        Deal::Tiles(tiles) => {
            response.hands = tiles
                .hands
                .iter()
                .enumerate()
                .map(|(seat, hand)| wire::DealtHand {
                    seat: seat as u32,
                    cards: Vec::new(),
                    tiles: compact(hand),
                    is_landlord: false,
                })
                .collect();
            response.wall = tiles.wall.iter().map(|tile| tile.name()).collect();
        }
    }
    Ok(response)
}

/// A fresh seed from the operating system's CSPRNG.
fn os_seed() -> u64 {
    // getrandom does not fail on supported systems; the thread RNG (itself seeded from the OS)
    // is the fallback rather than a panic.
    rand::rngs::OsRng
        .try_next_u64()
        .unwrap_or_else(|_| rand::random())
}

/// A sorted hand in compact MPSZ form, flowers as `1f`..`8f` after the tiles.
fn compact(hand: &[deal::DealtTile]) -> String {
    let tiles: Vec<crate::tiles::Tile> = hand
        .iter()
        .filter_map(|t| match t {
            deal::DealtTile::Tile(tile) => Some(*tile),
            deal::DealtTile::Flower(_) => None,
        })
        .collect();
    let mut out = crate::tiles::format_tiles(&tiles);
    let flowers: String = hand
        .iter()
        .filter_map(|t| match t {
            deal::DealtTile::Flower(n) => Some(char::from(b'0' + n)),
            deal::DealtTile::Tile(_) => None,
        })
        .collect();
    if !flowers.is_empty() {
        out.push_str(&flowers);
        out.push('f');
    }
    out
}
