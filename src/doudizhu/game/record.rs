//! A game record: the rules of the flow, the deal, the bid-list actions and the plays.

use thiserror::Error;

use super::bidding::{AllPass, BidAction, BiddingScheme};
use super::score::Scoring;
use crate::cards::{Card, Rank, RankCounts};
use crate::deal::{self, WildcardDraw};
use crate::doudizhu::hand::{PHYSICAL_CARDS, physical_index};
use crate::doudizhu::{CardList, ReadingSelector, Table, Variant};

/// The rules of a game's flow: how the landlord is chosen, the optional phases, the scoring.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Flow {
    /// 叫分 or 叫地主/抢地主.
    pub scheme: BiddingScheme,
    /// What happens when every seat passes.
    pub all_pass: AllPass,
    /// The seat that bids first; `None`: the deal's ([`GameDeal::first_bidder`]).
    pub first_bidder: Option<usize>,
    /// 明牌: after taking the kitty the landlord may show its hand (one bid-list action by the
    /// landlord: [`BidAction::ShowHand`] or [`BidAction::Pass`]).
    pub show_hand: bool,
    /// 加倍: after the landlord is fixed (and the hand shown or not), each farmer in seat order
    /// from the landlord's left, then the landlord, doubles or passes.
    pub doubling: bool,
    /// How a finished game is scored.
    pub scoring: Scoring,
}

/// Where a card of an explicit deal is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Place {
    /// A seat's hand.
    Hand(usize),
    /// The kitty.
    Kitty,
}

/// Why explicit hands and kitty are not a deal of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum DealProblem {
    /// Not one hand per seat.
    #[error("{got} hands, but the game has {want} seats")]
    SeatCount {
        /// Hands given.
        got: usize,
        /// Seats of the game.
        want: usize,
    },
    /// A hand of the wrong size.
    #[error("seat {seat} holds {got} cards, but every seat is dealt {want}")]
    HandSize {
        /// The seat.
        seat: usize,
        /// Cards given.
        got: usize,
        /// Cards dealt to each seat.
        want: usize,
    },
    /// A kitty of the wrong size.
    #[error("the kitty holds {got} cards, but the game's kitty is {want}")]
    KittySize {
        /// Cards given.
        got: usize,
        /// The kitty's size.
        want: usize,
    },
    /// Some lists are suited and others rank-only (jokers-only lists count as either).
    #[error("{place:?} is {}, but the first list is not: all hands and the kitty must use one notation",
        if *suited { "suited" } else { "rank-only" })]
    MixedNotation {
        /// The list that differs from the first.
        place: Place,
        /// Whether it is suited.
        suited: bool,
    },
    /// A card appears more often than the deck(s) hold it (so some other card is missing).
    #[error("{card} is dealt more often than the deck(s) hold it ({copies})")]
    Repeated {
        /// The list where the copy too many is.
        place: Place,
        /// Its index in that list (suited lists); `None` for rank-only lists.
        index: Option<usize>,
        /// The card.
        card: Card,
        /// Copies of it in the deck(s).
        copies: u8,
    },
}

/// The cards of a game: each seat's dealt hand (before the kitty) and the kitty, a partition of
/// the deck(s).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameDeal {
    game: Variant,
    /// Each seat's cards, sorted; rank-only cards when the deal is rank-only.
    hands: Vec<Vec<Card>>,
    kitty: Vec<Card>,
    suited: bool,
    first_bidder: usize,
    wild_ranks: Vec<Rank>,
}

impl GameDeal {
    /// The deal the `Deal` RPC makes from `seed` (no landlord seat), with the wildcard ranks it
    /// draws. The first bidder from this deal is `seed mod players`.
    pub fn seeded(game: Variant, seed: u64, wildcard_draw: WildcardDraw) -> GameDeal {
        let options = deal::DealOptions {
            game: game.deal_game(),
            seed,
            landlord_seat: None,
            include_flowers: false,
            wildcard_draw,
        };
        let Ok(deal::Deal::Cards(dealt)) = deal::deal(&options) else {
            unreachable!("a Dou Dizhu deal without a landlord seat always deals cards")
        };
        let players = game.players() as u64;
        GameDeal {
            game,
            hands: dealt.hands,
            kitty: dealt.kitty,
            suited: true,
            first_bidder: (seed % players) as usize,
            wild_ranks: dealt.wildcard_ranks,
        }
    }

    /// Explicit hands (one per seat, before the kitty) and kitty, checked to be a partition of
    /// the game's deck(s): the right sizes, one notation, every card exactly as often as the
    /// deck(s) hold it. The first bidder from this deal is seat 0.
    pub fn explicit(
        game: Variant,
        hands: &[CardList],
        kitty: &CardList,
    ) -> Result<GameDeal, Vec<DealProblem>> {
        let mut problems = Vec::new();
        let (want_players, want_hand, want_kitty) =
            (game.players(), game.hand_size(), game.kitty_size());
        if hands.len() != want_players {
            problems.push(DealProblem::SeatCount {
                got: hands.len(),
                want: want_players,
            });
        }
        for (seat, hand) in hands.iter().enumerate() {
            if hand.counts().len() != want_hand {
                problems.push(DealProblem::HandSize {
                    seat,
                    got: hand.counts().len(),
                    want: want_hand,
                });
            }
        }
        if kitty.counts().len() != want_kitty {
            problems.push(DealProblem::KittySize {
                got: kitty.counts().len(),
                want: want_kitty,
            });
        }
        let lists: Vec<(Place, &CardList)> = hands
            .iter()
            .enumerate()
            .map(|(seat, hand)| (Place::Hand(seat), hand))
            .chain([(Place::Kitty, kitty)])
            .collect();
        // Jokers-only lists are "suited" but fit either notation.
        let jokers_only = |list: &CardList| {
            list.counts().0[..Rank::BlackJoker.index()]
                .iter()
                .all(|&c| c == 0)
        };
        let suited = lists
            .iter()
            .find(|(_, list)| !jokers_only(list))
            .is_none_or(|(_, list)| list.is_suited());
        for &(place, list) in &lists {
            if !jokers_only(list) && list.is_suited() != suited {
                problems.push(DealProblem::MixedNotation {
                    place,
                    suited: list.is_suited(),
                });
            }
        }
        if !problems.is_empty() {
            return Err(problems);
        }
        if suited {
            let mut seen = [0u8; PHYSICAL_CARDS];
            for &(place, list) in &lists {
                for (index, &card) in list.cards().iter().enumerate() {
                    let slot = &mut seen[physical_index(card)];
                    *slot += 1;
                    if *slot > game.decks() {
                        problems.push(DealProblem::Repeated {
                            place,
                            index: Some(index),
                            card,
                            copies: game.decks(),
                        });
                    }
                }
            }
        } else {
            let mut total = RankCounts::EMPTY;
            for &(place, list) in &lists {
                for rank in Rank::ALL {
                    let before = total.0[rank.index()];
                    total.0[rank.index()] += list.counts().get(rank);
                    let copies = game.copies(rank);
                    if before <= copies && total.0[rank.index()] > copies {
                        problems.push(DealProblem::Repeated {
                            place,
                            index: None,
                            card: Card::rank_only(rank),
                            copies,
                        });
                    }
                }
            }
        }
        if !problems.is_empty() {
            return Err(problems);
        }
        let sorted = |list: &CardList| -> Vec<Card> {
            let mut cards: Vec<Card> = if suited {
                list.cards().to_vec()
            } else {
                list.counts().ranks().map(Card::rank_only).collect()
            };
            cards.sort_unstable();
            cards
        };
        Ok(GameDeal {
            game,
            hands: hands.iter().map(sorted).collect(),
            kitty: sorted(kitty),
            suited,
            first_bidder: 0,
            wild_ranks: Vec::new(),
        })
    }

    /// The game dealt.
    pub fn game(&self) -> Variant {
        self.game
    }

    /// Seat `seat`'s dealt cards (without the kitty), sorted.
    pub fn hand(&self, seat: usize) -> &[Card] {
        &self.hands[seat]
    }

    /// The kitty, sorted.
    pub fn kitty(&self) -> &[Card] {
        &self.kitty
    }

    /// Whether the cards are suited (physical cards) rather than rank-only.
    pub fn is_suited(&self) -> bool {
        self.suited
    }

    /// The seat that bids first unless the flow names one: `seed mod players` for a seeded
    /// deal, seat 0 for an explicit one.
    pub fn first_bidder(&self) -> usize {
        self.first_bidder
    }

    /// The wildcard ranks a seeded deal drew (empty otherwise), in draw order.
    pub fn wild_ranks(&self) -> &[Rank] {
        &self.wild_ranks
    }
}

/// One play of a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordedPlay {
    /// The seat playing.
    pub seat: usize,
    /// The cards; empty for a pass.
    pub cards: CardList,
    /// How the player means the play, when it has several readings.
    pub intended: Option<ReadingSelector>,
}

impl RecordedPlay {
    /// A play by `seat` without an intended reading.
    pub fn new(seat: usize, cards: CardList) -> RecordedPlay {
        RecordedPlay {
            seat,
            cards,
            intended: None,
        }
    }
}

/// The largest bid multiple a [`KnownLandlord`] may give.
pub const MAX_BID_MULTIPLE: u32 = 1_000_000;

/// A landlord chosen outside the record (a platform's own bidding, or another auction such as
/// one that goes round more than once): the record starts after the bidding, with the landlord
/// holding the kitty, and the bid multiple that bidding set is given instead of derived.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct KnownLandlord {
    /// The landlord's seat.
    pub seat: usize,
    /// The settlement's bid multiple (what 叫分's winning bid or 抢地主's 2^grabs would be),
    /// 1 to [`MAX_BID_MULTIPLE`].
    pub bid_multiple: u32,
}

/// A whole game as a client hands it in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// The rules of the plays (wild ranks included).
    pub table: Table,
    /// The rules of the flow.
    pub flow: Flow,
    /// The deal. Its game must be the table's.
    pub deal: GameDeal,
    /// A landlord chosen outside the record: then no bidding is replayed (the flow's scheme,
    /// all-pass rule and first bidder play no part) and `bids` holds only the showing and the
    /// doublings. `None`: the record starts with the bidding.
    pub known_landlord: Option<KnownLandlord>,
    /// The bid-list actions in order: (seat, action). Bids (unless the landlord is known), then
    /// showing the hand, then the doublings.
    pub bids: Vec<(usize, BidAction)>,
    /// The plays in order, passes included.
    pub plays: Vec<RecordedPlay>,
}

/// Why a record cannot be replayed at all (a malformed record, not an illegal game).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum RecordProblem {
    /// The deal is for another game than the rules.
    #[error("the deal is for another game than the rules")]
    GameMismatch,
    /// The flow's first bidder is not a seat.
    #[error("first bidder {seat} is not a seat (0 to {})", players - 1)]
    FirstBidder {
        /// The seat given.
        seat: usize,
        /// Seats at the table.
        players: usize,
    },
    /// The known landlord is not a seat.
    #[error("the known landlord {seat} is not a seat (0 to {})", players - 1)]
    KnownLandlordSeat {
        /// The seat given.
        seat: usize,
        /// Seats at the table.
        players: usize,
    },
    /// The known landlord's bid multiple is 0 or above [`MAX_BID_MULTIPLE`].
    #[error("the bid multiple must be 1 to {MAX_BID_MULTIPLE}, got {0}")]
    BidMultiple(u32),
}

impl GameRecord {
    /// Checks what [`super::replay`] needs: the deal's game is the table's, the first bidder and
    /// the known landlord are seats, the known bid multiple is in range. (Seats of actions out of
    /// range are illegal actions, out of turn, not problems.)
    pub fn check(&self) -> Result<(), RecordProblem> {
        if self.deal.game() != self.table.game() {
            return Err(RecordProblem::GameMismatch);
        }
        let players = self.table.game().players();
        if let Some(seat) = self.flow.first_bidder
            && seat >= players
        {
            return Err(RecordProblem::FirstBidder { seat, players });
        }
        if let Some(known) = self.known_landlord {
            if known.seat >= players {
                return Err(RecordProblem::KnownLandlordSeat {
                    seat: known.seat,
                    players,
                });
            }
            if !(1..=MAX_BID_MULTIPLE).contains(&known.bid_multiple) {
                return Err(RecordProblem::BidMultiple(known.bid_multiple));
            }
        }
        Ok(())
    }
}
