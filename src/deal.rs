//! Reproducible shuffling and dealing.
//!
//! The algorithm is specified so that any language can recompute a deal from its seed (the proto's
//! `DealRequest` comment says it step by step): ChaCha20 keystream under a key made from the seed,
//! rejection-sampled uniform indices, Fisher-Yates over the canonical deck order.

use rand_chacha::ChaCha20Rng;
use rand_chacha::rand_core::{RngCore, SeedableRng};

use crate::cards::{Card, Rank, Suit};
use crate::tiles::Tile;

/// A game whose deck can be dealt.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Game {
    /// One 54-card deck: 3 hands of 17 and a kitty of 3.
    Doudizhu,
    /// Two decks, 108 cards: 4 hands of 25 and a kitty of 8.
    DoudizhuFourPlayer,
    /// 136 tiles (144 with flowers): 4 hands of 13, the rest as the wall.
    Mahjong,
}

impl Game {
    /// Seats at the table.
    pub fn players(self) -> usize {
        match self {
            Game::Doudizhu => 3,
            Game::DoudizhuFourPlayer | Game::Mahjong => 4,
        }
    }

    /// Cards or tiles dealt to each seat (before the landlord takes the kitty).
    pub fn hand_size(self) -> usize {
        match self {
            Game::Doudizhu => 17,
            Game::DoudizhuFourPlayer => 25,
            Game::Mahjong => 13,
        }
    }
}

/// How many wildcard (laizi) ranks a Dou Dizhu deal draws.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum WildcardDraw {
    /// None.
    #[default]
    None,
    /// One rank (癞子).
    One,
    /// Two distinct ranks (天地癞子), sky first.
    Two,
}

/// Everything a deal depends on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DealOptions {
    /// The game.
    pub game: Game,
    /// The shuffle's seed.
    pub seed: u64,
    /// Card games: the seat that also receives the kitty.
    pub landlord_seat: Option<usize>,
    /// Mahjong: add the 8 flower tiles.
    pub include_flowers: bool,
    /// Card games: wildcard ranks to draw.
    pub wildcard_draw: WildcardDraw,
}

/// An option that does not fit the game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DealError {
    /// The landlord seat is not a seat of the game.
    #[error("seat {seat} does not exist: this game has seats 0..{players}")]
    NoSuchSeat {
        /// The requested seat.
        seat: usize,
        /// Seats at the table.
        players: usize,
    },
    /// Mahjong has no landlord and no kitty.
    #[error("mahjong has no landlord and no kitty")]
    LandlordInMahjong,
    /// Flowers exist only in mahjong.
    #[error("flowers exist only in mahjong")]
    FlowersOutsideMahjong,
    /// Wildcard ranks are drawn only for the card games.
    #[error("wildcard ranks are drawn only for Dou Dizhu games")]
    WildcardsInMahjong,
}

/// A tile as dealt: one of the 34 kinds, or a flower (1f..8f) when flowers are in play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum DealtTile {
    /// A suited or honour tile.
    Tile(Tile),
    /// Flower number 1-8.
    Flower(u8),
}

impl DealtTile {
    /// The tile's name: MPSZ (`"5m"`) or a flower, `"1f"`..`"8f"`.
    pub fn name(self) -> &'static str {
        const FLOWERS: [&str; 8] = ["1f", "2f", "3f", "4f", "5f", "6f", "7f", "8f"];
        match self {
            DealtTile::Tile(tile) => tile.name(),
            DealtTile::Flower(n) => FLOWERS[usize::from(n.clamp(1, 8)) - 1],
        }
    }
}

impl std::fmt::Display for DealtTile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A dealt card game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardDeal {
    /// One sorted hand per seat; the landlord's includes the kitty.
    pub hands: Vec<Vec<Card>>,
    /// The kitty, sorted.
    pub kitty: Vec<Card>,
    /// The landlord seat, if one was named.
    pub landlord_seat: Option<usize>,
    /// Wildcard ranks in draw order.
    pub wildcard_ranks: Vec<Rank>,
}

/// A dealt mahjong game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TileDeal {
    /// One sorted hand of 13 per seat.
    pub hands: Vec<Vec<DealtTile>>,
    /// The undealt tiles in draw order.
    pub wall: Vec<DealtTile>,
}

/// The result of a deal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Deal {
    /// Dou Dizhu games.
    Cards(CardDeal),
    /// Mahjong.
    Tiles(TileDeal),
}

/// The random stream of a deal: ChaCha20 keyed by the little-endian seed, zero nonce.
pub fn deal_rng(seed: u64) -> ChaCha20Rng {
    let mut key = [0u8; 32];
    key[..8].copy_from_slice(&seed.to_le_bytes());
    ChaCha20Rng::from_seed(key)
}

/// A uniform integer in `0..n` from 32-bit words, rejecting the words of the incomplete last
/// block of size `n` so that no value is favoured (no modulo bias).
pub fn uniform_below(n: u32, mut next_word: impl FnMut() -> u32) -> u32 {
    assert!(n > 0, "uniform_below(0)");
    // zone = 2^32 - (2^32 mod n): the largest multiple of n that fits, computed in u64.
    let zone = (1u64 << 32) - ((1u64 << 32) % n as u64);
    loop {
        let x = next_word();
        if (x as u64) < zone {
            return x % n;
        }
    }
}

/// Fisher-Yates from the last position down, each swap partner drawn with [`uniform_below`].
pub fn shuffle<T>(items: &mut [T], rng: &mut ChaCha20Rng) {
    for i in (1..items.len()).rev() {
        let j = uniform_below(i as u32 + 1, || rng.next_u32()) as usize;
        items.swap(i, j);
    }
}

/// One 54-card deck in canonical order, built at compile time: ranks 3..2 in suit order
/// S H C D, then BJ, RJ. Canonical order is sort order, which [`sorted_cards`] relies on.
const DECK: [Card; 54] = {
    let mut deck = [Card {
        rank: Rank::BlackJoker,
        suit: None,
    }; 54];
    let mut i = 0;
    while i < 52 {
        deck[i] = Card {
            rank: Rank::ALL[i / 4],
            suit: Some(Suit::ALL[i % 4]),
        };
        i += 1;
    }
    deck[53].rank = Rank::RedJoker;
    deck
};

/// One 54-card deck in canonical order: ranks 3..2 in suit order S H C D, then BJ, RJ.
pub fn card_deck() -> Vec<Card> {
    DECK.to_vec()
}

/// The cards at some places of a shuffled deck of deck indices (two decks: `i` and `i + 54`
/// are the same card), in sort order: since the canonical order is sort order, a bit set of
/// the indices (and one of second copies) read from the lowest bit is the sorted hand.
fn sorted_cards(places: &[u8]) -> Vec<Card> {
    let (mut once, mut twice) = (0u64, 0u64);
    for &place in places {
        let bit = 1u64 << (usize::from(place) % DECK.len());
        twice |= once & bit;
        once |= bit;
    }
    let mut cards = Vec::with_capacity(places.len());
    while once != 0 {
        let index = once.trailing_zeros();
        let card = DECK[index as usize];
        cards.push(card);
        if twice >> index & 1 == 1 {
            cards.push(card);
        }
        once &= once - 1;
    }
    cards
}

/// The tile set in canonical order: four copies of 1m..7z in a row, then 1f..8f if asked.
pub fn tile_deck(include_flowers: bool) -> Vec<DealtTile> {
    let mut deck: Vec<DealtTile> = Tile::all()
        .flat_map(|tile| std::iter::repeat_n(DealtTile::Tile(tile), 4))
        .collect();
    if include_flowers {
        deck.extend((1..=8).map(DealtTile::Flower));
    }
    deck
}

/// Deals a game as the proto documents it.
pub fn deal(options: &DealOptions) -> Result<Deal, DealError> {
    let game = options.game;
    if let Some(seat) = options.landlord_seat {
        if game == Game::Mahjong {
            return Err(DealError::LandlordInMahjong);
        }
        if seat >= game.players() {
            return Err(DealError::NoSuchSeat {
                seat,
                players: game.players(),
            });
        }
    }
    if options.include_flowers && game != Game::Mahjong {
        return Err(DealError::FlowersOutsideMahjong);
    }
    if options.wildcard_draw != WildcardDraw::None && game == Game::Mahjong {
        return Err(DealError::WildcardsInMahjong);
    }

    let mut rng = deal_rng(options.seed);
    let players = game.players();
    let hand_size = game.hand_size();
    if game == Game::Mahjong {
        let mut deck = tile_deck(options.include_flowers);
        shuffle(&mut deck, &mut rng);
        let hands = deck[..players * hand_size]
            .chunks(hand_size)
            .map(|chunk| {
                let mut hand = chunk.to_vec();
                hand.sort();
                hand
            })
            .collect();
        let wall = deck[players * hand_size..].to_vec();
        return Ok(Deal::Tiles(TileDeal { hands, wall }));
    }

    // The deck as indices into `DECK`: the same permutation as shuffling the cards themselves.
    let decks = if game == Game::DoudizhuFourPlayer {
        2
    } else {
        1
    };
    let mut deck: Vec<u8> = (0..(DECK.len() * decks) as u8).collect();
    shuffle(&mut deck, &mut rng);
    let (dealt, kitty_places) = deck.split_at(players * hand_size);
    let hands: Vec<Vec<Card>> = dealt
        .chunks(hand_size)
        .enumerate()
        .map(|(seat, places)| {
            if options.landlord_seat == Some(seat) {
                sorted_cards(&[places, kitty_places].concat())
            } else {
                sorted_cards(places)
            }
        })
        .collect();
    let kitty = sorted_cards(kitty_places);
    let wildcard_ranks = draw_wildcards(options.wildcard_draw, &mut rng);
    Ok(Deal::Cards(CardDeal {
        hands,
        kitty,
        landlord_seat: options.landlord_seat,
        wildcard_ranks,
    }))
}

fn draw_wildcards(draw: WildcardDraw, rng: &mut ChaCha20Rng) -> Vec<Rank> {
    let count = match draw {
        WildcardDraw::None => 0,
        WildcardDraw::One => 1,
        WildcardDraw::Two => 2,
    };
    let mut candidates: Vec<Rank> = Rank::ALL[..13].to_vec();
    (0..count)
        .map(|_| {
            let i = uniform_below(candidates.len() as u32, || rng.next_u32()) as usize;
            candidates.remove(i)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stream_is_standard_chacha20() {
        // RFC 7539 section 2.3.2's neighbour: the ChaCha20 keystream for the all-zero key and
        // nonce starts 76 b8 e0 ad a0 f1 3d 90 (block 0), which seed 0 must reproduce.
        let mut rng = deal_rng(0);
        assert_eq!(rng.next_u32(), 0xade0_b876);
        assert_eq!(rng.next_u32(), 0x903d_f1a0);
    }

    #[test]
    fn uniform_below_rejects_the_biased_tail() {
        // For n = 3, 2^32 mod 3 = 1, so only the single word u32::MAX is rejected.
        let mut words = [u32::MAX, u32::MAX, 7].into_iter();
        assert_eq!(uniform_below(3, || words.next().unwrap()), 7 % 3);
        let mut words = [u32::MAX - 1].into_iter();
        assert_eq!(
            uniform_below(3, || words.next().unwrap()),
            (u32::MAX - 1) % 3
        );
        // A power of two never rejects.
        let mut words = [u32::MAX].into_iter();
        assert_eq!(uniform_below(8, || words.next().unwrap()), 7);
    }

    /// The deal as the proto words it: shuffle the cards themselves, cut the hands, sort each.
    fn shuffled_and_sorted(options: &DealOptions) -> CardDeal {
        let mut rng = deal_rng(options.seed);
        let mut deck = card_deck();
        if options.game == Game::DoudizhuFourPlayer {
            deck.extend(card_deck());
        }
        shuffle(&mut deck, &mut rng);
        let dealt = options.game.players() * options.game.hand_size();
        let mut kitty = deck[dealt..].to_vec();
        kitty.sort();
        let mut hands: Vec<Vec<Card>> = deck[..dealt]
            .chunks(options.game.hand_size())
            .map(<[Card]>::to_vec)
            .collect();
        if let Some(seat) = options.landlord_seat {
            hands[seat].extend_from_slice(&kitty);
        }
        for hand in &mut hands {
            hand.sort();
        }
        CardDeal {
            hands,
            kitty,
            landlord_seat: options.landlord_seat,
            wildcard_ranks: draw_wildcards(options.wildcard_draw, &mut rng),
        }
    }

    #[test]
    fn dealing_deck_indices_equals_shuffling_and_sorting_the_cards() {
        for game in [Game::Doudizhu, Game::DoudizhuFourPlayer] {
            for seed in 0..300 {
                for landlord_seat in [None, Some(seed as usize % game.players())] {
                    let options = DealOptions {
                        game,
                        seed,
                        landlord_seat,
                        include_flowers: false,
                        wildcard_draw: WildcardDraw::Two,
                    };
                    assert_eq!(
                        deal(&options),
                        Ok(Deal::Cards(shuffled_and_sorted(&options))),
                        "{options:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn decks_have_the_right_sizes() {
        assert_eq!(card_deck().len(), 54);
        assert_eq!(tile_deck(false).len(), 136);
        assert_eq!(tile_deck(true).len(), 144);
    }
}
