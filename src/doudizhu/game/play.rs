//! The play phase: hands, turns, the play to beat, the bombs played.
//!
//! The landlord leads. Turns go round in seat order. A seat may pass unless it leads; when every
//! other seat has passed after a play, its player leads again (anything it likes). A play must
//! come out of the seat's hand (the exact cards when both the deal and the play are suited,
//! else by rank counts) and be legal by [`validate_play`] against the play to beat. The game
//! ends when a seat has played its last card.

use crate::cards::{Card, Rank, RankCounts, Suit};
use crate::doudizhu::{
    BombKind, CardList, Combo, ComboKind, IllegalReason, Missing, ReadingSelector, Situation,
    Table, validate_play,
};

use crate::doudizhu::hand::{PHYSICAL_CARDS, physical_index};

/// The cards a seat still holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatHand {
    counts: RankCounts,
    /// Copies held of each physical card (by [`physical_index`], which is sort order), when the
    /// deal is suited; all zero otherwise.
    slots: [u8; PHYSICAL_CARDS],
    suited: bool,
}

/// The physical card of a slot of [`physical_index`].
fn slot_card(slot: usize) -> Card {
    match slot {
        52 => Card::rank_only(Rank::BlackJoker),
        53 => Card::rank_only(Rank::RedJoker),
        _ => Card::new(Rank::ALL[slot / 4], Suit::ALL[slot % 4]),
    }
}

/// The slots of a rank's physical cards.
fn rank_slots(rank: Rank) -> std::ops::Range<usize> {
    match rank {
        Rank::BlackJoker => 52..53,
        Rank::RedJoker => 53..54,
        _ => rank.index() * 4..rank.index() * 4 + 4,
    }
}

impl SeatHand {
    /// A hand of these cards (physical when `suited`).
    pub(crate) fn new(cards: &[Card], suited: bool) -> SeatHand {
        let mut hand = SeatHand {
            counts: RankCounts::EMPTY,
            slots: [0; PHYSICAL_CARDS],
            suited,
        };
        hand.take(cards);
        hand
    }

    /// Adds cards (the kitty).
    pub(crate) fn take(&mut self, cards: &[Card]) {
        for &card in cards {
            self.counts.0[card.rank.index()] += 1;
            if self.suited {
                self.slots[physical_index(card)] += 1;
            }
        }
    }

    /// The ranks held.
    pub fn counts(&self) -> &RankCounts {
        &self.counts
    }

    /// The cards held, sorted: physical cards, or rank-only cards when the deal is rank-only.
    pub fn cards(&self) -> Vec<Card> {
        if !self.suited {
            return self.counts.ranks().map(Card::rank_only).collect();
        }
        let mut cards = Vec::with_capacity(self.counts.len());
        for (slot, &copies) in self.slots.iter().enumerate() {
            for _ in 0..copies {
                cards.push(slot_card(slot));
            }
        }
        cards
    }

    /// What the hand lacks of `play`: by exact cards when both are suited, else by rank counts.
    pub fn missing(&self, play: &CardList) -> Option<Missing> {
        if self.suited && play.is_suited() {
            let mut have = self.slots;
            for &card in play.cards() {
                let slot = &mut have[physical_index(card)];
                if *slot == 0 {
                    return Some(Missing::Card(card));
                }
                *slot -= 1;
            }
            return None;
        }
        Rank::ALL.into_iter().find_map(|rank| {
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
            for &card in play.cards() {
                self.slots[physical_index(card)] -= 1;
            }
        } else {
            for rank in play.counts().ranks() {
                let slot = rank_slots(rank)
                    .find(|&slot| self.slots[slot] > 0)
                    .expect("held");
                self.slots[slot] -= 1;
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
        for rank in Rank::ALL.into_iter().filter(|&rank| ranks.get(rank) > 0) {
            let mut needed = ranks.get(rank);
            for slot in rank_slots(rank) {
                let take = needed.min(self.slots[slot]);
                for _ in 0..take {
                    out.push(slot_card(slot));
                }
                needed -= take;
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
    /// The index in the record's plays of the play to beat.
    pub(crate) last_index: Option<usize>,
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
            last_index: None,
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
                self.last_index = None;
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
        self.last_index = Some(index);
        if self.hands[seat].counts().is_empty() {
            self.winner = Some(seat);
        }
        Ok(())
    }
}
