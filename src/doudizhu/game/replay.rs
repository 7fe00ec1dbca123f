//! Replaying a record through the phases: the state, the next legal actions, the first illegal
//! action, and the settlement.

use std::fmt;

use super::bidding::{BidAction, BidError, Bidding, BiddingOutcome};
use super::play::{PlayState, SeatHand};
use super::record::{Flow, GameRecord};
use super::score::{FinishedGame, Settlement, settle};
use crate::cards::Card;
use crate::doudizhu::{
    CardList, Combo, IllegalReason, Missing, Play, ReadingSelector, Table, list_plays,
};

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Choosing the landlord.
    Bidding,
    /// The landlord decides whether to show its hand (明牌).
    ShowHand,
    /// Each seat decides whether to double (加倍).
    Doubling,
    /// Playing cards.
    Play,
    /// A seat played its last card.
    Finished,
    /// Every seat passed in the bidding and the rules say deal again: no game.
    Redeal,
}

/// The two lists of actions of a record.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ActionList {
    /// The bid-list actions (bids, show hand, doublings).
    Bids,
    /// The plays.
    Plays,
}

impl ActionList {
    /// The list's name in the record: `bids` or `plays`.
    pub fn name(self) -> &'static str {
        match self {
            ActionList::Bids => "bids",
            ActionList::Plays => "plays",
        }
    }
}

/// Why an action of a record is illegal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ViolationKind {
    /// Another seat is to act (or the seat does not exist).
    OutOfTurn {
        /// The seat to act.
        expected: usize,
    },
    /// A bid-list action the phase does not offer, or a points bid not above the highest.
    Bid(BidError),
    /// A bid-list action after the bidding, showing and doubling are over (or after a redeal).
    BiddingOver,
    /// A play while the bidding, showing or doubling is not over.
    BiddingUnfinished,
    /// A play after the game ended (a seat played its last card, or a redeal).
    GameOver,
    /// The play is illegal, as ValidatePlay would say.
    Play(IllegalReason),
}

/// The first illegal action of a record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Violation {
    /// The list it is in.
    pub list: ActionList,
    /// Its index in that list.
    pub index: usize,
    /// The seat the record says acted.
    pub seat: usize,
    /// Why it is illegal.
    pub kind: ViolationKind,
    /// For [`IllegalReason::NotInHand`]: what the seat's hand lacks.
    pub missing: Option<Missing>,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}[{}] (seat {}): ",
            self.list.name(),
            self.index,
            self.seat
        )?;
        match self.kind {
            ViolationKind::OutOfTurn { expected } => write!(f, "seat {expected} is to act"),
            ViolationKind::Bid(BidError::NotOffered) => f.write_str("not an action offered now"),
            ViolationKind::Bid(BidError::NotHigher) => {
                f.write_str("a bid must be higher than the highest bid so far")
            }
            ViolationKind::BiddingOver => f.write_str("the bidding and doubling are over"),
            ViolationKind::BiddingUnfinished => f.write_str("the bidding is not over"),
            ViolationKind::GameOver => f.write_str("the game is over"),
            ViolationKind::Play(reason) => match (reason, self.missing) {
                (_, Some(missing)) => write!(f, "{missing}"),
                (IllegalReason::MustLead, _) => f.write_str("the leader must play"),
                (IllegalReason::NotInHand, _) => f.write_str("the hand does not hold the play"),
                (IllegalReason::NotACombo, _) => f.write_str("the cards are no combo"),
                (IllegalReason::NoSuchReading, _) => {
                    f.write_str("the cards cannot be read as intended")
                }
                (IllegalReason::WrongType, _) => f.write_str("not the type of the play to beat"),
                (IllegalReason::WrongLength, _) => {
                    f.write_str("not the length of the play to beat")
                }
                (IllegalReason::TooLow, _) => f.write_str("does not beat the play to beat"),
            },
        }
    }
}

/// What the seat to act may do now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NextActions {
    /// Bid-list actions (bidding, showing, doubling), in a fixed order: pass first.
    Bids(Vec<BidAction>),
    /// Plays, as ListPlays lists them (at most the limit), and whether passing is allowed.
    Plays {
        /// The plays, in listing order.
        plays: Vec<Play>,
        /// Whether more plays exist than the limit allowed.
        truncated: bool,
        /// Whether the seat may pass (it is not leading).
        may_pass: bool,
    },
    /// Nobody acts: the game is over.
    None,
}

/// A game at some point of its record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameState {
    table: Table,
    flow: Flow,
    players: usize,
    first_bidder: usize,
    bidding: Bidding,
    kitty: Vec<Card>,
    /// Dealt hands until the landlord is fixed, then the play state's.
    dealt: Vec<SeatHand>,
    phase: Phase,
    /// The landlord, its bid (see [`GameState::bid`]) and grabs, once fixed.
    landlord: Option<(usize, u32, u8)>,
    shown: bool,
    doubled: Vec<bool>,
    /// Doubling turns taken.
    doubling_turn: usize,
    play: Option<PlayState>,
}

impl GameState {
    /// The game before its first action.
    ///
    /// # Panics
    ///
    /// When [`GameRecord::check`] fails.
    pub fn new(record: &GameRecord) -> GameState {
        record.check().expect("a checked record");
        let game = record.table.game();
        let players = game.players();
        let first_bidder = record
            .flow
            .first_bidder
            .unwrap_or(record.deal.first_bidder());
        let suited = record.deal.is_suited();
        let mut state = GameState {
            table: record.table,
            flow: record.flow,
            players,
            first_bidder,
            bidding: Bidding::new(
                record.flow.scheme,
                record.flow.all_pass,
                players,
                first_bidder,
            ),
            kitty: record.deal.kitty().to_vec(),
            dealt: (0..players)
                .map(|seat| SeatHand::new(record.deal.hand(seat), suited))
                .collect(),
            phase: Phase::Bidding,
            landlord: None,
            shown: false,
            doubled: vec![false; players],
            doubling_turn: 0,
            play: None,
        };
        if let Some(known) = record.known_landlord {
            state.fix_landlord(known.seat, known.bid_multiple, 0);
        }
        state
    }

    /// The phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The seat that bid first.
    pub fn first_bidder(&self) -> usize {
        self.first_bidder
    }

    /// The bidding (its highest bid, grabs, caller...).
    pub fn bidding(&self) -> &Bidding {
        &self.bidding
    }

    /// The seat to act; `None` when the game is over (finished or redeal).
    pub fn to_act(&self) -> Option<usize> {
        match self.phase {
            Phase::Bidding => self.bidding.to_act(),
            Phase::ShowHand => self.landlord.map(|(seat, _, _)| seat),
            Phase::Doubling => self
                .landlord
                .map(|(seat, _, _)| (seat + 1 + self.doubling_turn) % self.players),
            Phase::Play => self.play.as_ref().map(|p| p.to_act),
            Phase::Finished | Phase::Redeal => None,
        }
    }

    /// The landlord, once fixed.
    pub fn landlord(&self) -> Option<usize> {
        self.landlord.map(|(seat, _, _)| seat)
    }

    /// The bid: once the landlord is fixed, 叫分's winning bid, 1 under call and grab (the grabs
    /// make the rest of the bid multiple), 1 for a landlord forced after an all-pass (nobody
    /// bid: its bid multiple is 1), a known landlord's bid multiple. Before: 叫分's highest bid
    /// so far; call and grab: 1 once a seat called; 0 while nobody bid or called.
    pub fn bid(&self) -> u32 {
        match self.landlord {
            Some((_, bid, _)) => bid,
            None if self.bidding.caller().is_some() => 1,
            None => self.bidding.highest_bid().into(),
        }
    }

    /// Call and grab: the grabs made.
    pub fn grabs(&self) -> u8 {
        self.landlord
            .map_or(self.bidding.grabs(), |(_, _, grabs)| grabs)
    }

    /// Whether the landlord showed its hand.
    pub fn shown(&self) -> bool {
        self.shown
    }

    /// Per seat: whether it doubled.
    pub fn doubled(&self) -> &[bool] {
        &self.doubled
    }

    /// The kitty.
    pub fn kitty(&self) -> &[Card] {
        &self.kitty
    }

    /// Seats at the table.
    pub fn players(&self) -> usize {
        self.players
    }

    /// The cards `seat` holds now (the landlord's include the kitty once it took it).
    pub fn hand(&self, seat: usize) -> &SeatHand {
        match &self.play {
            Some(play) => &play.hands[seat],
            None => &self.dealt[seat],
        }
    }

    /// The play to beat: its seat, its reading, and its index in the record's plays; `None`
    /// when leading or outside the play phase.
    pub fn to_beat(&self) -> Option<(usize, &Combo, usize)> {
        let play = self.play.as_ref()?;
        let (seat, combo) = play.last.as_ref()?;
        Some((*seat, combo, play.last_index?))
    }

    /// Bombs and rockets played so far.
    pub fn bombs(&self) -> &[super::PlayedBomb] {
        self.play.as_ref().map_or(&[], |p| &p.bombs)
    }

    /// Plays made so far (passes not counted) per seat.
    pub fn plays_made(&self) -> Vec<u32> {
        self.play
            .as_ref()
            .map_or_else(|| vec![0; self.players], |p| p.plays_made.clone())
    }

    /// The seat that played its last card, once finished.
    pub fn winner(&self) -> Option<usize> {
        self.play.as_ref().and_then(|p| p.winner)
    }

    /// Makes a bid-list action of `seat`.
    pub fn apply_bid(&mut self, seat: usize, action: BidAction) -> Result<(), ViolationKind> {
        let expected = match self.phase {
            Phase::Play | Phase::Finished | Phase::Redeal => {
                return Err(ViolationKind::BiddingOver);
            }
            _ => self.to_act().expect("a seat acts in this phase"),
        };
        if seat != expected {
            return Err(ViolationKind::OutOfTurn { expected });
        }
        match self.phase {
            Phase::Bidding => {
                self.bidding.apply(action).map_err(ViolationKind::Bid)?;
                match self.bidding.outcome() {
                    None => {}
                    Some(BiddingOutcome::Redeal) => self.phase = Phase::Redeal,
                    Some(BiddingOutcome::Landlord { seat, bid, grabs }) => {
                        self.fix_landlord(seat, bid.into(), grabs);
                    }
                }
            }
            Phase::ShowHand => {
                match action {
                    BidAction::ShowHand => self.shown = true,
                    BidAction::Pass => {}
                    _ => return Err(ViolationKind::Bid(BidError::NotOffered)),
                }
                self.phase = self.after_show();
            }
            Phase::Doubling => {
                match action {
                    BidAction::Double => self.doubled[seat] = true,
                    BidAction::Pass => {}
                    _ => return Err(ViolationKind::Bid(BidError::NotOffered)),
                }
                self.doubling_turn += 1;
                if self.doubling_turn == self.players {
                    self.phase = Phase::Play;
                }
            }
            Phase::Play | Phase::Finished | Phase::Redeal => unreachable!("checked above"),
        }
        Ok(())
    }

    /// The landlord is fixed (by the bidding, or known from the start): it takes the kitty, and
    /// the game goes on with showing the hand, doubling or the play.
    fn fix_landlord(&mut self, seat: usize, bid: u32, grabs: u8) {
        self.landlord = Some((seat, bid, grabs));
        let mut hands = std::mem::take(&mut self.dealt);
        hands[seat].take(&self.kitty);
        self.play = Some(PlayState::new(hands, seat));
        self.phase = if self.flow.show_hand {
            Phase::ShowHand
        } else {
            self.after_show()
        };
    }

    fn after_show(&self) -> Phase {
        if self.flow.doubling {
            Phase::Doubling
        } else {
            Phase::Play
        }
    }

    /// Makes a play of `seat` (`index`: its place in the record, for the bombs' list).
    pub fn apply_play(
        &mut self,
        index: usize,
        seat: usize,
        cards: &CardList,
        intended: Option<&ReadingSelector>,
    ) -> Result<(), (ViolationKind, Option<Missing>)> {
        match self.phase {
            Phase::Bidding | Phase::ShowHand | Phase::Doubling => {
                return Err((ViolationKind::BiddingUnfinished, None));
            }
            Phase::Finished | Phase::Redeal => return Err((ViolationKind::GameOver, None)),
            Phase::Play => {}
        }
        let state = self.play.as_mut().expect("the play phase has its state");
        if seat != state.to_act {
            return Err((
                ViolationKind::OutOfTurn {
                    expected: state.to_act,
                },
                None,
            ));
        }
        state
            .play(&self.table, index, cards, intended)
            .map_err(|(reason, missing)| (ViolationKind::Play(reason), missing))?;
        if state.winner.is_some() {
            self.phase = Phase::Finished;
        }
        Ok(())
    }

    /// What the seat to act may do now; plays at most `limit` (see [`NextActions::Plays`]).
    /// A laizi hand's plays are generated by combo type, so any hand of a game lists quickly.
    pub fn next_actions(&self, limit: usize) -> NextActions {
        match self.phase {
            Phase::Bidding => NextActions::Bids(self.bidding.legal_actions()),
            Phase::ShowHand => NextActions::Bids(vec![BidAction::Pass, BidAction::ShowHand]),
            Phase::Doubling => NextActions::Bids(vec![BidAction::Pass, BidAction::Double]),
            Phase::Finished | Phase::Redeal => NextActions::None,
            Phase::Play => {
                let state = self.play.as_ref().expect("the play phase has its state");
                let hand = &state.hands[state.to_act];
                let cards = CardList::from_counts(*hand.counts(), self.table.game())
                    .expect("a hand of the deal is within the deck");
                let previous = state.last.as_ref().map(|(_, combo)| combo);
                let mut plays = list_plays(
                    &self.table,
                    &cards,
                    previous,
                    None,
                    Some(limit.saturating_add(1)),
                );
                let truncated = plays.len() > limit;
                plays.truncate(limit);
                NextActions::Plays {
                    plays,
                    truncated,
                    may_pass: previous.is_some(),
                }
            }
        }
    }

    /// The settlement of a finished game; `None` before.
    pub fn settlement(&self) -> Option<Settlement> {
        let play = self.play.as_ref()?;
        let winner = play.winner?;
        let (landlord, bid, grabs) = self.landlord?;
        Some(settle(
            &self.flow.scoring,
            &FinishedGame {
                players: self.players,
                landlord,
                winner,
                bid,
                grabs,
                shown: self.shown,
                doubled: &self.doubled,
                bombs: &play.bombs,
                plays_made: &play.plays_made,
            },
        ))
    }
}

/// A record replayed up to its end or its first illegal action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    /// The state after the last legal action.
    pub state: GameState,
    /// The first illegal action, if any.
    pub violation: Option<Violation>,
}

/// Replays `record`: the bid list first, then the plays, stopping at the first illegal action.
///
/// # Panics
///
/// When [`GameRecord::check`] fails.
pub fn replay(record: &GameRecord) -> Replay {
    let mut state = GameState::new(record);
    for (index, &(seat, action)) in record.bids.iter().enumerate() {
        if let Err(kind) = state.apply_bid(seat, action) {
            let violation = Violation {
                list: ActionList::Bids,
                index,
                seat,
                kind,
                missing: None,
            };
            return Replay {
                state,
                violation: Some(violation),
            };
        }
    }
    for (index, play) in record.plays.iter().enumerate() {
        if let Err((kind, missing)) =
            state.apply_play(index, play.seat, &play.cards, play.intended.as_ref())
        {
            let violation = Violation {
                list: ActionList::Plays,
                index,
                seat: play.seat,
                kind,
                missing,
            };
            return Replay {
                state,
                violation: Some(violation),
            };
        }
    }
    Replay {
        state,
        violation: None,
    }
}

/// AdjudicateGame's answer: the replay, and the settlement of a legal finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Adjudication {
    /// The state after the last legal action.
    pub state: GameState,
    /// The first illegal action, if any.
    pub violation: Option<Violation>,
    /// The settlement, when the record is legal and the game finished.
    pub settlement: Option<Settlement>,
}

/// Replays `record` and settles it when it is legal and finished.
///
/// # Panics
///
/// When [`GameRecord::check`] fails.
pub fn adjudicate(record: &GameRecord) -> Adjudication {
    let Replay { state, violation } = replay(record);
    let settlement = if violation.is_none() {
        state.settlement()
    } else {
        None
    };
    Adjudication {
        state,
        violation,
        settlement,
    }
}
