//! Bidding for the landlord: 叫分 (points 1-3) and 叫地主/抢地主 (call, then grab).
//!
//! Both schemes go round the table once from the first bidder, in seat order (seat `s` is
//! followed by `s + 1`, wrapping round):
//!
//! - [`BiddingScheme::Points`] (叫分): each seat once bids 1, 2 or 3, higher than the highest bid
//!   so far, or passes. A bid of 3 ends the bidding at once; otherwise, after every seat had its
//!   turn, the highest bidder is the landlord at its bid.
//! - [`BiddingScheme::CallAndGrab`] (叫地主/抢地主): seats in turn call or pass until one calls
//!   (the caller). Then each later seat that has not yet declined to call (the seats after the
//!   caller, up to the first bidder) may grab once (each grab doubles the stake) or pass. When
//!   someone grabbed, the caller has a last chance to grab back. The landlord is the last seat
//!   that grabbed, else the caller.
//!
//! When every seat passes, [`AllPass`] decides: the game is dealt again (no landlord, no score),
//! or the first bidder is made landlord (at a bid of 1; no grab).

use thiserror::Error;

/// How the landlord is chosen.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum BiddingScheme {
    /// 叫分: each seat once bids 1-3 above the highest bid, or passes; 3 ends it.
    #[default]
    Points,
    /// 叫地主/抢地主: call, then one grab chance per later seat, then the caller's last chance.
    CallAndGrab,
}

/// What happens when every seat passes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum AllPass {
    /// The game is void and dealt again (the common rule).
    #[default]
    Redeal,
    /// The first bidder must be the landlord, at a bid of 1.
    ForcedLandlord,
}

/// One action of the bid list: a bid, a call or grab, showing the hand, doubling, or passing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BidAction {
    /// Declines whatever the phase offers: 不叫 / 不抢 / 不明牌 / 不加倍.
    Pass,
    /// 叫分: bids 1, 2 or 3.
    Bid(u8),
    /// 叫地主: calls for the landlord (the first seat to do so).
    Call,
    /// 抢地主: grabs the landlord from the caller (or, for the caller, grabs it back).
    Grab,
    /// 明牌: the landlord shows its hand.
    ShowHand,
    /// 加倍: doubles the seat's stake.
    Double,
}

impl std::fmt::Display for BidAction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BidAction::Pass => f.write_str("pass"),
            BidAction::Bid(points) => write!(f, "bid {points}"),
            BidAction::Call => f.write_str("call"),
            BidAction::Grab => f.write_str("grab"),
            BidAction::ShowHand => f.write_str("show hand"),
            BidAction::Double => f.write_str("double"),
        }
    }
}

/// Why a bid-list action may not be made now (the seat is the one to act).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
pub enum BidError {
    /// The action is not one this point of the game offers (a grab before anyone called, a
    /// points bid under call and grab, a double while bidding, a bid while doubling...).
    #[error("not an action offered now")]
    NotOffered,
    /// A points bid not above the highest bid so far.
    #[error("not higher than the highest bid")]
    NotHigher,
}

/// How the bidding ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BiddingOutcome {
    /// A landlord was chosen.
    Landlord {
        /// The landlord's seat.
        seat: usize,
        /// 叫分: the winning bid (1-3); call and grab: 1.
        bid: u8,
        /// Call and grab: how many grabs were made (each doubles the stake); 0 under points.
        grabs: u8,
    },
    /// Every seat passed and the rules say deal again.
    Redeal,
}

/// Where call-and-grab bidding stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    /// Seats call or pass; `turn` counts the turns taken from the first bidder.
    Calling,
    /// `caller` called; the later seats grab or pass (`turn` counts them), then the caller.
    Grabbing {
        caller: usize,
        last_grabber: Option<usize>,
    },
    /// The caller's last chance to grab back.
    CallerLast { caller: usize, last_grabber: usize },
}

/// The bidding in progress: whose turn it is, what they may do, and how it ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bidding {
    scheme: BiddingScheme,
    all_pass: AllPass,
    players: usize,
    first: usize,
    /// Turns taken in the current stage.
    turn: usize,
    /// 叫分: the highest bid so far and its seat.
    highest: Option<(usize, u8)>,
    stage: Stage,
    grabs: u8,
    outcome: Option<BiddingOutcome>,
}

impl Bidding {
    /// Bidding at a table of `players` seats, starting with seat `first`.
    ///
    /// # Panics
    ///
    /// When `first` is not a seat (`first >= players`).
    pub fn new(scheme: BiddingScheme, all_pass: AllPass, players: usize, first: usize) -> Bidding {
        assert!(first < players, "seat {first} of {players}");
        Bidding {
            scheme,
            all_pass,
            players,
            first,
            turn: 0,
            highest: None,
            stage: Stage::Calling,
            grabs: 0,
            outcome: None,
        }
    }

    /// How the bidding ended; `None` while it goes on.
    pub fn outcome(&self) -> Option<BiddingOutcome> {
        self.outcome
    }

    /// The seat to act; `None` once the bidding is over.
    pub fn to_act(&self) -> Option<usize> {
        if self.outcome.is_some() {
            return None;
        }
        Some(match self.stage {
            Stage::Calling => (self.first + self.turn) % self.players,
            Stage::Grabbing { caller, .. } => (caller + 1 + self.turn) % self.players,
            Stage::CallerLast { caller, .. } => caller,
        })
    }

    /// The highest points bid so far (叫分), 0 before any.
    pub fn highest_bid(&self) -> u8 {
        self.highest.map_or(0, |(_, bid)| bid)
    }

    /// Grabs made so far (call and grab).
    pub fn grabs(&self) -> u8 {
        self.grabs
    }

    /// The caller (call and grab), once someone called.
    pub fn caller(&self) -> Option<usize> {
        match self.stage {
            Stage::Calling => None,
            Stage::Grabbing { caller, .. } | Stage::CallerLast { caller, .. } => Some(caller),
        }
    }

    /// The actions the seat to act may take, in a fixed order (pass first, then bids lowest
    /// first / call / grab); empty once the bidding is over.
    pub fn legal_actions(&self) -> Vec<BidAction> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        let mut actions = vec![BidAction::Pass];
        match (self.scheme, self.stage) {
            (BiddingScheme::Points, _) => {
                actions.extend((self.highest_bid() + 1..=3).map(BidAction::Bid));
            }
            (BiddingScheme::CallAndGrab, Stage::Calling) => actions.push(BidAction::Call),
            (BiddingScheme::CallAndGrab, _) => actions.push(BidAction::Grab),
        }
        actions
    }

    /// Makes `action` for the seat to act.
    ///
    /// # Panics
    ///
    /// When the bidding is over (check [`Bidding::outcome`] first).
    pub fn apply(&mut self, action: BidAction) -> Result<(), BidError> {
        let seat = self.to_act().expect("the bidding is over");
        match (self.scheme, self.stage, action) {
            (BiddingScheme::Points, _, BidAction::Pass) => self.next_points_turn(),
            (BiddingScheme::Points, _, BidAction::Bid(points @ 1..=3)) => {
                if points <= self.highest_bid() {
                    return Err(BidError::NotHigher);
                }
                self.highest = Some((seat, points));
                if points == 3 {
                    self.finish_with(seat, 3);
                } else {
                    self.next_points_turn();
                }
            }
            (BiddingScheme::CallAndGrab, Stage::Calling, BidAction::Pass) => {
                self.turn += 1;
                if self.turn == self.players {
                    self.all_passed();
                }
            }
            (BiddingScheme::CallAndGrab, Stage::Calling, BidAction::Call) => {
                self.stage = Stage::Grabbing {
                    caller: seat,
                    last_grabber: None,
                };
                self.turn = 0;
                self.after_grab_turn();
            }
            (
                BiddingScheme::CallAndGrab,
                Stage::Grabbing {
                    caller,
                    last_grabber,
                },
                BidAction::Pass | BidAction::Grab,
            ) => {
                let last_grabber = if action == BidAction::Grab {
                    self.grabs += 1;
                    Some(seat)
                } else {
                    last_grabber
                };
                self.stage = Stage::Grabbing {
                    caller,
                    last_grabber,
                };
                self.turn += 1;
                self.after_grab_turn();
            }
            (
                BiddingScheme::CallAndGrab,
                Stage::CallerLast {
                    caller,
                    last_grabber,
                },
                BidAction::Pass | BidAction::Grab,
            ) => {
                let landlord = if action == BidAction::Grab {
                    self.grabs += 1;
                    caller
                } else {
                    last_grabber
                };
                self.outcome = Some(BiddingOutcome::Landlord {
                    seat: landlord,
                    bid: 1,
                    grabs: self.grabs,
                });
            }
            _ => return Err(BidError::NotOffered),
        }
        Ok(())
    }

    fn next_points_turn(&mut self) {
        self.turn += 1;
        if self.turn < self.players {
            return;
        }
        match self.highest {
            Some((seat, bid)) => self.finish_with(seat, bid),
            None => self.all_passed(),
        }
    }

    fn finish_with(&mut self, seat: usize, bid: u8) {
        self.outcome = Some(BiddingOutcome::Landlord {
            seat,
            bid,
            grabs: 0,
        });
    }

    fn all_passed(&mut self) {
        self.outcome = Some(match self.all_pass {
            AllPass::Redeal => BiddingOutcome::Redeal,
            AllPass::ForcedLandlord => BiddingOutcome::Landlord {
                seat: self.first,
                bid: 1,
                grabs: 0,
            },
        });
    }

    /// After a grab turn (or the call): the next grabber, the caller's last chance, or the end.
    fn after_grab_turn(&mut self) {
        let Stage::Grabbing {
            caller,
            last_grabber,
        } = self.stage
        else {
            return;
        };
        // Grabbers: the seats after the caller up to (not including) the first bidder, who all
        // had no calling turn yet. Seats before the caller declined to call.
        let called_at = (caller + self.players - self.first) % self.players;
        let grabbers = self.players - 1 - called_at;
        if self.turn < grabbers {
            return;
        }
        match last_grabber {
            Some(last_grabber) => {
                self.stage = Stage::CallerLast {
                    caller,
                    last_grabber,
                };
            }
            None => self.finish_with(caller, 1),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use BidAction::*;

    fn run(
        scheme: BiddingScheme,
        all_pass: AllPass,
        first: usize,
        actions: &[BidAction],
    ) -> Bidding {
        let mut bidding = Bidding::new(scheme, all_pass, 3, first);
        for &action in actions {
            bidding.apply(action).unwrap();
        }
        bidding
    }

    #[test]
    fn points_bidding() {
        let b = run(
            BiddingScheme::Points,
            AllPass::Redeal,
            1,
            &[Bid(1), Pass, Bid(2)],
        );
        assert_eq!(
            b.outcome(),
            Some(BiddingOutcome::Landlord {
                seat: 0,
                bid: 2,
                grabs: 0
            })
        );
        let b = run(BiddingScheme::Points, AllPass::Redeal, 2, &[Pass, Bid(3)]);
        assert_eq!(
            b.outcome(),
            Some(BiddingOutcome::Landlord {
                seat: 0,
                bid: 3,
                grabs: 0
            })
        );
        let b = run(
            BiddingScheme::Points,
            AllPass::Redeal,
            0,
            &[Pass, Pass, Pass],
        );
        assert_eq!(b.outcome(), Some(BiddingOutcome::Redeal));
        let b = run(
            BiddingScheme::Points,
            AllPass::ForcedLandlord,
            2,
            &[Pass, Pass, Pass],
        );
        assert_eq!(
            b.outcome(),
            Some(BiddingOutcome::Landlord {
                seat: 2,
                bid: 1,
                grabs: 0
            })
        );
        let mut b = run(BiddingScheme::Points, AllPass::Redeal, 0, &[Bid(2)]);
        assert_eq!(b.legal_actions(), [Pass, Bid(3)]);
        assert_eq!(b.apply(Bid(2)), Err(BidError::NotHigher));
        assert_eq!(b.apply(Grab), Err(BidError::NotOffered));
    }

    #[test]
    fn call_and_grab() {
        // Seat 0 calls, 1 grabs, 2 passes, 0 grabs back: landlord 0 with 2 grabs.
        let b = run(
            BiddingScheme::CallAndGrab,
            AllPass::Redeal,
            0,
            &[Call, Grab, Pass, Grab],
        );
        assert_eq!(
            b.outcome(),
            Some(BiddingOutcome::Landlord {
                seat: 0,
                bid: 1,
                grabs: 2
            })
        );
        // Seat 0 declines; 1 calls; only 2 may grab; then 1's last chance.
        let mut b = run(
            BiddingScheme::CallAndGrab,
            AllPass::Redeal,
            0,
            &[Pass, Call],
        );
        assert_eq!(b.to_act(), Some(2));
        b.apply(Grab).unwrap();
        assert_eq!(b.to_act(), Some(1));
        b.apply(Pass).unwrap();
        assert_eq!(
            b.outcome(),
            Some(BiddingOutcome::Landlord {
                seat: 2,
                bid: 1,
                grabs: 1
            })
        );
        // Nobody grabs: the caller is the landlord, no last chance.
        let b = run(
            BiddingScheme::CallAndGrab,
            AllPass::Redeal,
            1,
            &[Call, Pass, Pass],
        );
        assert_eq!(
            b.outcome(),
            Some(BiddingOutcome::Landlord {
                seat: 1,
                bid: 1,
                grabs: 0
            })
        );
        // The last seat calls: nobody may grab.
        let b = run(
            BiddingScheme::CallAndGrab,
            AllPass::Redeal,
            1,
            &[Pass, Pass, Call],
        );
        assert_eq!(
            b.outcome(),
            Some(BiddingOutcome::Landlord {
                seat: 0,
                bid: 1,
                grabs: 0
            })
        );
        let b = run(
            BiddingScheme::CallAndGrab,
            AllPass::ForcedLandlord,
            1,
            &[Pass, Pass, Pass],
        );
        assert_eq!(
            b.outcome(),
            Some(BiddingOutcome::Landlord {
                seat: 1,
                bid: 1,
                grabs: 0
            })
        );
    }
}
