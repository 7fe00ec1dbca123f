//! The play phase: hands, turns, the play to beat, the bombs played.
//!
//! The landlord leads. Turns go round in seat order. A seat may pass unless it leads; when every
//! other seat has passed after a play, its player leads again (anything it likes). A play must
//! come out of the seat's hand (the exact cards when both the deal and the play are suited,
//! else by rank counts) and be legal by [`validate_play`] against the play to beat. The game
//! ends when a seat has played its last card.

use crate::cards::{Card, RankCounts};
use crate::doudizhu::{
    BombKind, CardList, Combo, ComboKind, IllegalReason, Missing, ReadingSelector, Situation,
    Table, validate_play,
};

use super::record::physical_slot;

/// The cards a seat still holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatHand {
    counts: RankCounts,
    /// The physical cards, sorted, when the deal is suited; empty otherwise.
    cards: Vec<Card>,
    suited: bool,
}

impl SeatHand {
    /// A hand of these sorted cards (physical when `suited`).
    pub(crate) fn new(cards: Vec<Card>, suited: bool) -> SeatHand {
        let counts = RankCounts::from_ranks(cards.iter().map(|c| c.rank));
        SeatHand {
            counts,
            cards: if suited { cards } else { Vec::new() },
            suited,
        }
    }

    /// Adds cards (the kitty) and keeps the hand sorted.
    pub(crate) fn take(&mut self, cards: &[Card]) {
        for card in cards {
            self.counts.0[card.rank.index()] += 1;
        }
        if self.suited {
            self.cards.extend_from_slice(cards);
            self.cards.sort_unstable();
        }
    }

    /// The ranks held.
    pub fn counts(&self) -> &RankCounts {
        &self.counts
    }

    /// The physical cards held, sorted; rank-only cards when the deal is rank-only.
    pub fn cards(&self) -> Vec<Card> {
        if self.suited {
            self.cards.clone()
        } else {
            self.counts.ranks().map(Card::rank_only).collect()
        }
    }

    /// What the hand lacks of `play`: by exact cards when both are suited, else by rank counts.
    pub fn missing(&self, play: &CardList) -> Option<Missing> {
        if self.suited && play.is_suited() {
            let mut have = [0u8; 54];
            for &card in &self.cards {
                have[physical_slot(card)] += 1;
            }
            for &card in play.cards() {
                let slot = &mut have[physical_slot(card)];
                if *slot == 0 {
                    return Some(Missing::Card(card));
                }
                *slot -= 1;
            }
            return None;
        }
        crate::cards::Rank::ALL.into_iter().find_map(|rank| {
            let (needed, held) = (play.counts().get(rank), self.counts.get(rank));
            (needed > held).then_some(Missing::Copies { rank, needed, held })
        })
    }

    /// Removes a play the hand holds ([`SeatHand::missing`] is `None`): the exact cards when
    /// both are suited, else for each rank its first cards in sort order.
    pub(crate) fn remove(&mut self, play: &CardList) {
        for (count, played) in self.counts.0.iter_mut().zip(play.counts().0) {
            *count -= played;
        }
        if !self.suited {
            return;
        }
        if play.is_suited() {
            for card in play.cards() {
                let at = self.cards.iter().position(|c| c == card).expect("held");
                self.cards.remove(at);
            }
        } else {
            for rank in play.counts().ranks() {
                let at = self
                    .cards
                    .iter()
                    .position(|c| c.rank == rank)
                    .expect("held");
                self.cards.remove(at);
            }
        }
    }

    /// The cards of a play of `ranks` from this hand: for each rank, its first cards in sort
    /// order (rank-only cards for a rank-only deal), as ListPlays names them.
    pub fn name(&self, ranks: &RankCounts) -> Vec<Card> {
        if !self.suited {
            return ranks.ranks().map(Card::rank_only).collect();
        }
        let mut out = Vec::with_capacity(ranks.len());
        let mut left = *ranks;
        for &card in &self.cards {
            let n = &mut left.0[card.rank.index()];
            if *n > 0 {
                *n -= 1;
                out.push(card);
            }
        }
        out
    }
}

/// A bomb or rocket played, as the settlement counts it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PlayedBomb {
    /// Its index in the record's plays.
    pub index: usize,
    /// The seat that played it.
    pub seat: usize,
    /// True for the rocket.
    pub rocket: bool,
    /// Hard, soft or pure (a natural bomb and the rocket are hard).
    pub kind: BombKind,
}

/// The play phase in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayState {
    pub(crate) hands: Vec<SeatHand>,
    pub(crate) landlord: usize,
    pub(crate) to_act: usize,
    /// The play to beat and its seat; `None` when `to_act` leads.
    pub(crate) last: Option<(usize, Combo)>,
    /// The cards of the play to beat.
    pub(crate) last_cards: Option<CardList>,
    /// Plays made (passes not counted) per seat.
    pub(crate) plays_made: Vec<u32>,
    pub(crate) bombs: Vec<PlayedBomb>,
    pub(crate) winner: Option<usize>,
}

impl PlayState {
    /// The play phase with these hands (the landlord's includes the kitty); the landlord leads.
    pub(crate) fn new(hands: Vec<SeatHand>, landlord: usize) -> PlayState {
        let players = hands.len();
        PlayState {
            hands,
            landlord,
            to_act: landlord,
            last: None,
            last_cards: None,
            plays_made: vec![0; players],
            bombs: Vec::new(),
            winner: None,
        }
    }

    /// Judges the play of the seat to act (`index` is its place in the record), and makes it when
    /// legal. Errors with the reason and, for [`IllegalReason::NotInHand`], what the hand lacks.
    pub(crate) fn play(
        &mut self,
        table: &Table,
        index: usize,
        cards: &CardList,
        intended: Option<&ReadingSelector>,
    ) -> Result<(), (IllegalReason, Option<Missing>)> {
        let seat = self.to_act;
        let previous = self.last.as_ref().map(|(_, combo)| combo);
        if !cards.is_empty()
            && let Some(missing) = self.hands[seat].missing(cards)
        {
            return Err((IllegalReason::NotInHand, Some(missing)));
        }
        let verdict = validate_play(
            table,
            &Situation {
                hand: None,
                play: cards,
                previous,
                intended,
            },
        );
        if let Some(reason) = verdict.reason {
            return Err((reason, None));
        }
        let players = self.hands.len();
        self.to_act = (seat + 1) % players;
        let Some(chosen) = verdict.chosen else {
            // A pass: when it comes back round to the last player, that player leads.
            if self.last.is_some_and(|(last, _)| last == self.to_act) {
                self.last = None;
                self.last_cards = None;
            }
            return Ok(());
        };
        self.hands[seat].remove(cards);
        self.plays_made[seat] += 1;
        if chosen.kind.is_bomb_or_rocket() {
            self.bombs.push(PlayedBomb {
                index,
                seat,
                rocket: chosen.kind == ComboKind::Rocket,
                kind: chosen.hardness(),
            });
        }
        self.last = Some((seat, chosen));
        self.last_cards = Some(cards.clone());
        if self.hands[seat].counts().is_empty() {
            self.winner = Some(seat);
        }
        Ok(())
    }
}
