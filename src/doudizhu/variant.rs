//! The Dou Dizhu variants: how many seats, how many decks.

use crate::cards::{Rank, RankCounts};
use crate::deal;

/// Which Dou Dizhu is played: three players with one deck, or four with two. The number of
/// decks decides copies per rank, bomb sizes and the largest play; the number of seats the deal.
/// (The Deal RPC's game, which also names mahjong, is [`deal::Game`]; see [`Variant::deal_game`].)
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Three players, one 54-card deck: four copies of each rank `3`..`2`, one of each joker.
    /// The largest hand (the landlord's 17 + 3 kitty cards) is 20 cards; so is the largest play.
    /// The rocket is the two jokers; bombs are four of a rank.
    #[default]
    ThreePlayer,
    /// Four players, two 54-card decks (108 cards): eight copies of each rank `3`..`2`, two of
    /// each joker. The largest hand (25 cards + an 8-card kitty) is 33 cards; so is the largest play.
    ///
    /// Bombs are 4 to 8 cards of one rank and rank first by size, then by rank (any 5-card bomb
    /// beats every 4-card bomb). The rocket is all four jokers and beats everything. Two jokers of
    /// the same colour are an ordinary pair (above a pair of 2s); one black and one red joker are
    /// not a combo. For kickers, "the rocket" means all four jokers and "a bomb" four or more
    /// cards of one rank; a pair of jokers may be a pair kicker when jokers may be kickers.
    FourPlayer,
}

impl Variant {
    /// The Deal RPC's game that deals this variant.
    pub fn deal_game(self) -> deal::Game {
        match self {
            Variant::ThreePlayer => deal::Game::Doudizhu,
            Variant::FourPlayer => deal::Game::DoudizhuFourPlayer,
        }
    }

    /// Seats at the table: 3 or 4.
    pub fn players(self) -> usize {
        self.deal_game().players()
    }

    /// Cards dealt to each seat: 17 or 25.
    pub fn hand_size(self) -> usize {
        self.deal_game().hand_size()
    }

    /// Cards in the kitty: 3 or 8.
    pub fn kitty_size(self) -> usize {
        self.deck_size() - self.players() * self.hand_size()
    }

    /// Copies of `rank` in the deck(s).
    pub fn copies(self, rank: Rank) -> u8 {
        let per_deck = if rank.is_joker() { 1 } else { 4 };
        per_deck * self.decks()
    }

    /// Number of 54-card decks.
    pub fn decks(self) -> u8 {
        match self {
            Variant::ThreePlayer => 1,
            Variant::FourPlayer => 2,
        }
    }

    /// Cards in the deck(s): 54 or 108.
    pub fn deck_size(self) -> usize {
        54 * self.decks() as usize
    }

    /// The largest play (and the largest hand a player can hold): 20 or 33 cards.
    pub fn max_play_cards(self) -> usize {
        match self {
            Variant::ThreePlayer => 20,
            Variant::FourPlayer => 33,
        }
    }

    /// Copies of each joker in the rocket: 1 (three players) or 2 (four players).
    pub fn rocket_copies(self) -> u8 {
        self.decks()
    }

    /// The largest bomb: 4 or 8 cards.
    pub fn max_bomb_size(self) -> u8 {
        4 * self.decks()
    }

    /// The deck(s) in words, for messages: "the 54-card deck" or "the two 108-card decks".
    pub fn deck_name(self) -> &'static str {
        match self {
            Variant::ThreePlayer => "the 54-card deck",
            Variant::FourPlayer => "the two 108-card decks",
        }
    }

    /// Whether every count of `counts` is within the deck(s); the check the engine makes on
    /// every play it classifies, written so that it compiles to a few vector instructions.
    pub fn holds(self, counts: &RankCounts) -> bool {
        let max = match self {
            Variant::ThreePlayer => DECK_COPIES[0],
            Variant::FourPlayer => DECK_COPIES[1],
        };
        counts
            .0
            .iter()
            .zip(max)
            .fold(0u8, |over, (&count, max)| over | u8::from(count > max))
            == 0
    }

    /// Every card of the deck(s), as rank counts.
    pub fn full_deck(self) -> RankCounts {
        let mut counts = RankCounts::EMPTY;
        for rank in Rank::ALL {
            counts.0[rank.index()] = self.copies(rank);
        }
        counts
    }

    /// Checks that `counts` could come out of this game's deck(s).
    pub fn check_counts(self, counts: &RankCounts) -> Result<(), TooManyCopies> {
        for rank in Rank::ALL {
            let count = counts.get(rank);
            let max = self.copies(rank);
            if count > max {
                return Err(TooManyCopies { rank, count, max });
            }
        }
        Ok(())
    }
}

/// Copies of each rank in one deck and in two.
const DECK_COPIES: [[u8; Rank::COUNT]; 2] = [
    [4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 1, 1],
    [8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 2, 2],
];

/// A hand or play holds more copies of a rank than the game's deck(s) have.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{count} × {rank}: the deck(s) hold only {max}")]
pub struct TooManyCopies {
    /// The rank.
    pub rank: Rank,
    /// Copies found.
    pub count: u8,
    /// Copies in the deck(s).
    pub max: u8,
}
