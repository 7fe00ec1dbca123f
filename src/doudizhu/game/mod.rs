//! Whole Dou Dizhu games: the bidding, the play, the settlement, and the replay of a record.
//!
//! A game is a [`GameRecord`]: the checked rules ([`Table`](super::Table)) and game flow
//! ([`Flow`]: the bidding scheme, doubling, showing the hand, scoring), the deal ([`GameDeal`]:
//! from a seed exactly as [`crate::deal::deal`] deals it, or explicit hands and kitty checked to
//! be a partition of the deck), the bid-list actions (bids, showing the hand, doublings) and the
//! plays in order. [`replay()`] walks it through the phases
//!
//! 1. bidding ([`Bidding`]: 叫分 points 1-3, or 叫地主/抢地主 call and grab),
//! 2. the landlord takes the kitty; showing the hand (明牌, the landlord alone, when enabled),
//! 3. doubling (加倍, each seat once, when enabled),
//! 4. the play (the landlord leads; plays are judged by [`validate_play`](super::validate_play)),
//!
//! and stops at the first illegal action ([`Violation`]). A record whose landlord was chosen
//! elsewhere ([`KnownLandlord`]: the seat and the bid multiple) skips the bidding: the landlord
//! holds the kitty from the start and the record goes on with showing, doubling and the play. A finished game is settled by
//! [`settle`] under its [`Scoring`]. [`GameState::next_actions`] lists what the seat to act may do
//! (NextActions); [`adjudicate`] is AdjudicateGame.
//!
//! ```
//! use cardrules::deal::WildcardDraw;
//! use cardrules::doudizhu::game::{BidAction, Flow, GameDeal, GameRecord, Phase, replay};
//! use cardrules::doudizhu::{Variant, Table};
//!
//! // Seed 42 deals as the Deal RPC does; seat 42 mod 3 = 0 bids first.
//! let deal = GameDeal::seeded(Variant::ThreePlayer, 42, WildcardDraw::None);
//! let record = GameRecord {
//!     table: Table::STANDARD,
//!     flow: Flow::default(),
//!     deal,
//!     known_landlord: None,
//!     bids: vec![(0, BidAction::Bid(3))],
//!     plays: vec![],
//! };
//! let replayed = replay(&record);
//! assert!(replayed.violation.is_none());
//! // Seat 0 bid 3 and took the kitty: it leads with 20 cards.
//! assert_eq!(replayed.state.phase(), Phase::Play);
//! assert_eq!(replayed.state.to_act(), Some(0));
//! assert_eq!(replayed.state.hand(0).counts().len(), 20);
//! ```

mod bidding;
mod play;
mod record;
mod replay;
mod score;

pub use bidding::{AllPass, BidAction, BidError, Bidding, BiddingOutcome, BiddingScheme};
pub use play::{PlayedBomb, SeatHand};
pub use record::{
    DealProblem, Flow, GameDeal, GameRecord, KnownLandlord, MAX_BID_MULTIPLE, Place, RecordProblem,
    RecordedPlay,
};
pub use replay::{
    ActionList, Adjudication, GameState, NextActions, Phase, Replay, Violation, ViolationKind,
    adjudicate, replay,
};
pub use score::{
    FinishedGame, MAX_AMOUNT, MAX_BASE, MAX_FACTOR, PairSettlement, Scoring, ScoringError,
    Settlement, settle,
};
