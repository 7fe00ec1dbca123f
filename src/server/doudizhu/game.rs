//! `NextActions`, `AdjudicateGame`: proto <-> [`crate::doudizhu::game`].
//!
//! The record is decoded into a checked [`GameRecord`] (every malformed field named by its path
//! under `record.`), the core replays it, and the state, actions, violation or settlement are
//! converted back. Every rule decision is the core's.

use super::convert::{
    card_list, combo_to_pb, kind_to_pb, laizi_card_list, packed_format, reason_to_pb, selector_from,
};
use super::rules::table_from;
use super::{MAX_LISTED_PLAYS, limit_from};
use crate::cards::{Card, Rank, RankCounts};
use crate::deal::WildcardDraw;
use crate::doudizhu::game::{
    self, ActionList, AllPass, BidAction, BidError, BiddingScheme, DealProblem, Flow, GameDeal,
    GameRecord, GameState, KnownLandlord, MAX_BID_MULTIPLE, NextActions, Phase, Place,
    RecordedPlay, Scoring, ScoringError, Settlement, Violation, ViolationKind,
};
use crate::doudizhu::{self, BombKind, CardList, ComboKind, Variant};
use crate::error::InvalidArgument;
use crate::server::enums::decode;
use crate::server::pb;

/// The most bid-list actions a record may hold: far above any game's (at most 16).
pub const MAX_BIDS: usize = 64;

/// The most plays a record may hold: above any game's (each trick plays at least one card, so a
/// two-deck game has fewer than 108 × 4 entries).
pub const MAX_PLAYS: usize = 1_000;

/// Whether a record is answered on the blocking pool: laizi records (fitting wildcards, and
/// listing a laizi hand by its sub-multisets, take up to milliseconds) and two-deck ones (hands
/// of up to 33 cards).
pub fn on_blocking_pool(record: Option<&pb::DoudizhuGameRecord>) -> bool {
    record.is_some_and(|record| {
        let seeded_laizi = matches!(
            &record.deal,
            Some(pb::doudizhu_game_record::Deal::SeededDeal(deal))
                if deal.wildcard_draw > pb::WildcardDraw::None as i32
        );
        seeded_laizi
            || record.rules.as_ref().is_some_and(|rules| {
                !rules.wild_ranks.is_empty() || rules.game == pb::Game::DoudizhuFourPlayer as i32
            })
    })
}

/// Records `inner`'s violations in `errors` under `prefix`.
fn prefixed(prefix: &str, inner: InvalidArgument, errors: &mut InvalidArgument) {
    for v in inner.violations {
        errors.push(format!("{prefix}{}", v.field), v.description);
    }
}

/// The flow of a record, its problems recorded under `record.flow`.
fn flow_from(
    flow: Option<&pb::DoudizhuGameFlow>,
    players: usize,
    errors: &mut InvalidArgument,
) -> Flow {
    let Some(flow) = flow else {
        return Flow::default();
    };
    let scheme = match decode(flow.scheme, "record.flow.scheme", "bidding scheme", errors) {
        Some(pb::DoudizhuBiddingScheme::CallAndGrab) => BiddingScheme::CallAndGrab,
        _ => BiddingScheme::Points,
    };
    let all_pass = match decode(
        flow.all_pass,
        "record.flow.all_pass",
        "all-pass rule",
        errors,
    ) {
        Some(pb::DoudizhuAllPass::ForcedLandlord) => AllPass::ForcedLandlord,
        _ => AllPass::Redeal,
    };
    let first_bidder = flow.first_bidder.map(|seat| seat as usize);
    if let Some(seat) = first_bidder
        && seat >= players
    {
        errors.push(
            "record.flow.first_bidder",
            format!(
                "seat {seat} does not exist: the game has seats 0 to {}",
                players - 1
            ),
        );
    }
    let defaults = Scoring::default();
    let scoring = flow.scoring.as_ref().map_or(defaults, |s| Scoring {
        base: s.base.unwrap_or(defaults.base),
        rocket: s.rocket_multiplier.unwrap_or(defaults.rocket),
        hard_bomb: s.hard_bomb_multiplier.unwrap_or(defaults.hard_bomb),
        soft_bomb: s.soft_bomb_multiplier.unwrap_or(defaults.soft_bomb),
        pure_bomb: s.pure_bomb_multiplier.unwrap_or(defaults.pure_bomb),
        spring: s.spring_multiplier.unwrap_or(defaults.spring),
        show_hand: s.show_hand_multiplier.unwrap_or(defaults.show_hand),
        doubling: s.doubling_multiplier.unwrap_or(defaults.doubling),
        multiple_cap: s.multiple_cap,
        score_cap: s.score_cap,
    });
    for problem in scoring.problems() {
        let field = match problem {
            ScoringError::Base(_) => "base",
            ScoringError::Factor { field, .. } => match field {
                "rocket" => "rocket_multiplier",
                "hard_bomb" => "hard_bomb_multiplier",
                "soft_bomb" => "soft_bomb_multiplier",
                "pure_bomb" => "pure_bomb_multiplier",
                "spring" => "spring_multiplier",
                "show_hand" => "show_hand_multiplier",
                _ => "doubling_multiplier",
            },
            ScoringError::Cap(field) => field,
        };
        errors.push(format!("record.flow.scoring.{field}"), problem.to_string());
    }
    Flow {
        scheme,
        all_pass,
        first_bidder,
        show_hand: flow.show_hand,
        doubling: flow.doubling,
        scoring,
    }
}

/// The field path of a list of an explicit deal.
fn place_path(place: Place) -> String {
    match place {
        Place::Hand(seat) => format!("record.explicit_deal.hands[{seat}].cards"),
        Place::Kitty => "record.explicit_deal.kitty".to_string(),
    }
}

/// The deal of a record, its problems recorded under `record`.
fn deal_from(
    deal: Option<&pb::doudizhu_game_record::Deal>,
    game: Variant,
    errors: &mut InvalidArgument,
) -> Option<GameDeal> {
    use pb::doudizhu_game_record::Deal;
    match deal {
        None => {
            errors.push(
                "record.deal",
                "required: seeded_deal (a Deal seed) or explicit_deal (hands and kitty)",
            );
            None
        }
        Some(Deal::SeededDeal(seeded)) => {
            let draw = decode(
                seeded.wildcard_draw,
                "record.seeded_deal.wildcard_draw",
                "wildcard draw",
                errors,
            )?;
            let draw = match draw {
                pb::WildcardDraw::Unspecified | pb::WildcardDraw::None => WildcardDraw::None,
                pb::WildcardDraw::One => WildcardDraw::One,
                pb::WildcardDraw::Two => WildcardDraw::Two,
            };
            Some(GameDeal::seeded(game, seeded.seed, draw))
        }
        Some(Deal::ExplicitDeal(explicit)) => {
            let before = errors.violations.len();
            let hands: Vec<Option<CardList>> = explicit
                .hands
                .iter()
                .enumerate()
                .map(|(seat, hand)| {
                    card_list(
                        &format!("record.explicit_deal.hands[{seat}].cards"),
                        hand.cards.iter().map(String::as_str),
                        game,
                        errors,
                    )
                })
                .collect();
            let kitty = card_list(
                "record.explicit_deal.kitty",
                explicit.kitty.iter().map(String::as_str),
                game,
                errors,
            );
            if errors.violations.len() > before {
                return None;
            }
            let hands: Vec<CardList> = hands.into_iter().flatten().collect();
            match GameDeal::explicit(game, &hands, &kitty?) {
                Ok(deal) => Some(deal),
                Err(problems) => {
                    for problem in problems {
                        let field = match problem {
                            DealProblem::SeatCount { .. } => "record.explicit_deal.hands".into(),
                            DealProblem::HandSize { seat, .. } => place_path(Place::Hand(seat)),
                            DealProblem::KittySize { .. } => place_path(Place::Kitty),
                            DealProblem::MixedNotation { place, .. } => place_path(place),
                            DealProblem::Repeated { place, index, .. } => match index {
                                Some(i) => format!("{}[{i}]", place_path(place)),
                                None => place_path(place),
                            },
                        };
                        let message = match problem {
                            DealProblem::MixedNotation { suited, .. } => format!(
                                "{} while the other lists are {}: every hand and the kitty \
                                 must be suited, or every one rank-only",
                                if suited { "suited" } else { "rank-only" },
                                if suited { "rank-only" } else { "suited" }
                            ),
                            DealProblem::Repeated { card, copies, .. } => format!(
                                "{card} is dealt more often than {} holds it ({copies}): the \
                                 hands and kitty must be a partition of the deck",
                                game.deck_name()
                            ),
                            other => other.to_string(),
                        };
                        errors.push(field, message);
                    }
                    None
                }
            }
        }
    }
}

/// The core's bid action for a proto one; `None` (recorded) for unset or unknown values.
fn bid_action(value: i32, field: &str, errors: &mut InvalidArgument) -> Option<BidAction> {
    use pb::DoudizhuBidAction as A;
    Some(match decode(value, field, "bid action", errors)? {
        A::Unspecified => {
            errors.push(
                field,
                "required: PASS, BID_ONE..BID_THREE, CALL, GRAB, SHOW_HAND or DOUBLE",
            );
            return None;
        }
        A::Pass => BidAction::Pass,
        A::BidOne => BidAction::Bid(1),
        A::BidTwo => BidAction::Bid(2),
        A::BidThree => BidAction::Bid(3),
        A::Call => BidAction::Call,
        A::Grab => BidAction::Grab,
        A::ShowHand => BidAction::ShowHand,
        A::Double => BidAction::Double,
    })
}

fn bid_action_to_pb(action: BidAction) -> pb::DoudizhuBidAction {
    use pb::DoudizhuBidAction as A;
    match action {
        BidAction::Pass => A::Pass,
        BidAction::Bid(1) => A::BidOne,
        BidAction::Bid(2) => A::BidTwo,
        BidAction::Bid(_) => A::BidThree,
        BidAction::Call => A::Call,
        BidAction::Grab => A::Grab,
        BidAction::ShowHand => A::ShowHand,
        BidAction::Double => A::Double,
    }
}

/// Decodes and checks a record; every malformed field is recorded under `record.`.
fn record_from(
    record: Option<&pb::DoudizhuGameRecord>,
    errors: &mut InvalidArgument,
) -> Option<GameRecord> {
    let Some(record) = record else {
        errors.push("record", "required: the game record");
        return None;
    };
    let mut rule_errors = InvalidArgument::default();
    let (game, table) = table_from(record.rules.as_ref(), &mut rule_errors);
    prefixed("record.", rule_errors, errors);
    let players = game.players();
    let flow = flow_from(record.flow.as_ref(), players, errors);
    let deal = deal_from(record.deal.as_ref(), game, errors);
    // A seeded deal's drawn wild ranks are the game's.
    let table = match (table, &deal) {
        (Some(table), Some(deal)) if !deal.wild_ranks().is_empty() => {
            let given: Vec<Rank> = table.wild().ranks().collect();
            if !given.is_empty() && given != deal.wild_ranks() {
                errors.push(
                    "record.rules.wild_ranks",
                    format!(
                        "the seeded deal draws the wild ranks {}: give those (in draw order) or none",
                        ranks_text(deal.wild_ranks())
                    ),
                );
            }
            table.with_wild_ranks(deal.wild_ranks()).ok()
        }
        (table, _) => table,
    };
    let known_landlord = record.known_landlord.as_ref().map(|known| {
        if known.seat as usize >= players {
            errors.push(
                "record.known_landlord.seat",
                format!(
                    "seat {} does not exist: the game has seats 0 to {}",
                    known.seat,
                    players - 1
                ),
            );
        }
        if !(1..=MAX_BID_MULTIPLE).contains(&known.bid_multiple) {
            errors.push(
                "record.known_landlord.bid_multiple",
                format!(
                    "must be 1 to {MAX_BID_MULTIPLE} (the bid multiple the bidding set), got {}",
                    known.bid_multiple
                ),
            );
        }
        KnownLandlord {
            seat: known.seat as usize,
            bid_multiple: known.bid_multiple,
        }
    });
    if record.bids.len() > MAX_BIDS {
        errors.push(
            "record.bids",
            format!("at most {MAX_BIDS} entries, got {}", record.bids.len()),
        );
    }
    if record.plays.len() > MAX_PLAYS {
        errors.push(
            "record.plays",
            format!("at most {MAX_PLAYS} entries, got {}", record.plays.len()),
        );
    }
    if !errors.is_empty() {
        return None;
    }
    let seat = |seat: u32, field: String, errors: &mut InvalidArgument| {
        let seat = seat as usize;
        if seat >= players {
            errors.push(
                field,
                format!(
                    "seat {seat} does not exist: the game has seats 0 to {}",
                    players - 1
                ),
            );
        }
        seat
    };
    let mut bids = Vec::with_capacity(record.bids.len());
    for (i, bid) in record.bids.iter().enumerate() {
        let s = seat(bid.seat, format!("record.bids[{i}].seat"), errors);
        if let Some(action) = bid_action(bid.action, &format!("record.bids[{i}].action"), errors) {
            bids.push((s, action));
        }
    }
    let mut plays = Vec::with_capacity(record.plays.len());
    for (i, play) in record.plays.iter().enumerate() {
        let s = seat(play.seat, format!("record.plays[{i}].seat"), errors);
        let cards = laizi_card_list(
            &format!("record.plays[{i}].cards"),
            play.cards.iter().map(String::as_str),
            game,
            table.as_ref(),
            errors,
        );
        let intended = play
            .intended
            .as_ref()
            .and_then(|s| selector_from(&format!("record.plays[{i}].intended"), s, errors));
        if let Some(cards) = cards {
            plays.push(RecordedPlay {
                seat: s,
                cards,
                intended,
            });
        }
    }
    if !errors.is_empty() {
        return None;
    }
    let record = GameRecord {
        table: table?,
        flow,
        deal: deal?,
        known_landlord,
        bids,
        plays,
    };
    // The game is the table's and the first bidder was checked: this holds.
    record.check().ok()?;
    Some(record)
}

fn ranks_text(ranks: &[Rank]) -> String {
    ranks
        .iter()
        .map(|r| r.symbol())
        .collect::<Vec<_>>()
        .join(" ")
}

fn strings(cards: &[Card]) -> Vec<String> {
    cards.iter().map(|card| card.name().to_owned()).collect()
}

/// A card list as strings: its cards when suited, its ranks otherwise, sorted.
fn list_strings(list: &CardList) -> Vec<String> {
    let mut cards: Vec<Card> = if list.is_suited() {
        list.cards().to_vec()
    } else {
        list.counts().ranks().map(Card::rank_only).collect()
    };
    cards.sort_unstable();
    strings(&cards)
}

fn phase_to_pb(phase: Phase) -> pb::DoudizhuGamePhase {
    use pb::DoudizhuGamePhase as P;
    match phase {
        Phase::Bidding => P::Bidding,
        Phase::ShowHand => P::ShowHand,
        Phase::Doubling => P::Doubling,
        Phase::Play => P::Play,
        Phase::Finished => P::Finished,
        Phase::Redeal => P::Redeal,
    }
}

fn state_to_pb(state: &GameState, record: &GameRecord) -> pb::DoudizhuGameState {
    let table = &record.table;
    let landlord = state.landlord();
    let made = state.plays_made();
    let to_beat = state.to_beat();
    pb::DoudizhuGameState {
        phase: phase_to_pb(state.phase()) as i32,
        to_act: state.to_act().map(|s| s as u32),
        first_bidder: state.first_bidder() as u32,
        landlord: landlord.map(|s| s as u32),
        bid: state.bid(),
        grabs: state.grabs().into(),
        shown: state.shown(),
        seats: (0..state.players())
            .map(|seat| {
                let hand = state.hand(seat);
                pb::DoudizhuSeatState {
                    seat: seat as u32,
                    cards: strings(&hand.cards()),
                    card_count: hand.counts().len() as u32,
                    is_landlord: landlord == Some(seat),
                    doubled: state.doubled()[seat],
                    plays_made: made[seat],
                }
            })
            .collect(),
        kitty: strings(state.kitty()),
        wild_ranks: table
            .wild()
            .ranks()
            .map(|r| r.symbol().to_string())
            .collect(),
        to_beat_seat: to_beat.map(|(seat, _, _)| seat as u32),
        to_beat: to_beat.map_or_else(Vec::new, |(_, _, index)| {
            list_strings(&record.plays[index].cards)
        }),
        to_beat_reading: to_beat.map(|(_, combo, _)| combo_to_pb(combo)),
        bombs_played: state.bombs().len() as u32,
    }
}

fn violation_to_pb(violation: &Violation) -> pb::DoudizhuGameViolation {
    use pb::DoudizhuGameViolationKind as K;
    let (kind, bid_reason, play_reason, expected) = match violation.kind {
        ViolationKind::OutOfTurn { expected } => (K::OutOfTurn, None, None, Some(expected as u32)),
        ViolationKind::Bid(error) => (
            K::IllegalBid,
            Some(match error {
                BidError::NotOffered => pb::DoudizhuIllegalBidReason::NotOffered,
                BidError::NotHigher => pb::DoudizhuIllegalBidReason::NotHigher,
            }),
            None,
            None,
        ),
        ViolationKind::BiddingOver => (K::BiddingOver, None, None, None),
        ViolationKind::BiddingUnfinished => (K::BiddingUnfinished, None, None, None),
        ViolationKind::GameOver => (K::GameOver, None, None, None),
        ViolationKind::Play(reason) => (K::IllegalPlay, None, Some(reason), None),
    };
    pb::DoudizhuGameViolation {
        list: match violation.list {
            ActionList::Bids => pb::DoudizhuActionList::Bids,
            ActionList::Plays => pb::DoudizhuActionList::Plays,
        } as i32,
        index: violation.index as u32,
        seat: violation.seat as u32,
        kind: kind as i32,
        bid_reason: bid_reason.unwrap_or(pb::DoudizhuIllegalBidReason::Unspecified) as i32,
        play_reason: reason_to_pb(play_reason) as i32,
        expected_seat: expected,
        field: format!("record.{}[{}]", violation.list.name(), violation.index),
        message: format!("record.{violation}"),
    }
}

fn settlement_to_pb(settlement: &Settlement, scoring: &Scoring) -> pb::DoudizhuSettlement {
    pb::DoudizhuSettlement {
        winner: settlement.winner as u32,
        winning_side: if settlement.landlord_won {
            pb::DoudizhuSide::Landlord
        } else {
            pb::DoudizhuSide::Farmers
        } as i32,
        landlord: settlement.landlord as u32,
        bombs: settlement
            .bombs
            .iter()
            .map(|bomb| pb::DoudizhuPlayedBomb {
                play_index: bomb.index as u32,
                seat: bomb.seat as u32,
                r#type: kind_to_pb(if bomb.rocket {
                    ComboKind::Rocket
                } else {
                    ComboKind::Bomb
                }) as i32,
                bomb_kind: match bomb.kind {
                    BombKind::Hard => pb::BombKind::Hard,
                    BombKind::Soft => pb::BombKind::Soft,
                    BombKind::Pure => pb::BombKind::Pure,
                } as i32,
                multiplier: scoring.bomb_factor(bomb),
            })
            .collect(),
        spring: settlement.spring,
        anti_spring: settlement.anti_spring,
        base: scoring.base,
        bid_multiple: settlement.bid_multiple,
        bomb_multiple: settlement.bomb_multiple,
        spring_multiple: settlement.spring_multiple,
        show_multiple: settlement.show_multiple,
        double_multiples: settlement.double_multiples.clone(),
        pairs: settlement
            .pairs
            .iter()
            .map(|pair| pb::DoudizhuPairSettlement {
                farmer: pair.farmer as u32,
                multiple: pair.multiple,
                amount: pair.amount,
                capped: pair.capped,
            })
            .collect(),
        scores: settlement.scores.clone(),
    }
}

/// Answers a `NextActionsRequest`.
pub fn next_actions(
    request: pb::NextActionsRequest,
) -> Result<pb::NextActionsResponse, InvalidArgument> {
    let mut errors = InvalidArgument::default();
    let record = record_from(request.record.as_ref(), &mut errors);
    let limit = limit_from(request.limit, &mut errors);
    let packed = packed_format(request.format, "format", &mut errors);
    errors.or_ok(())?;
    let record = record.ok_or_else(|| InvalidArgument::new("record", "unreadable"))?;
    let replayed = game::replay(&record);
    let state = &replayed.state;
    let mut response = pb::NextActionsResponse {
        phase: phase_to_pb(state.phase()) as i32,
        state: Some(state_to_pb(state, &record)),
        ..Default::default()
    };
    if let Some(violation) = &replayed.violation {
        response.violation = Some(violation_to_pb(violation));
        return Ok(response);
    }
    response.seat = state.to_act().map(|s| s as u32);
    match state.next_actions(limit.min(MAX_LISTED_PLAYS)) {
        NextActions::Bids(bids) => {
            response.bids = bids
                .into_iter()
                .map(|b| bid_action_to_pb(b) as i32)
                .collect();
        }
        NextActions::Plays {
            plays,
            truncated,
            may_pass,
        } if packed => {
            response.packed_plays = plays.iter().map(doudizhu::pack_listed).collect();
            if may_pass {
                // The pass: no cards, no reading.
                response
                    .packed_plays
                    .push(doudizhu::pack_play(&RankCounts::EMPTY, None));
            }
            response.may_pass = may_pass;
            response.truncated = truncated;
        }
        NextActions::Plays {
            plays,
            truncated,
            may_pass,
        } => {
            let hand = state.hand(state.to_act().expect("a seat plays"));
            response.plays = plays
                .iter()
                .map(|play| pb::ListedPlay {
                    cards: strings(&hand.name(&play.cards)),
                    reading: Some(combo_to_pb(&play.combo)),
                })
                .collect();
            if may_pass {
                response.plays.push(pb::ListedPlay::default());
            }
            response.may_pass = may_pass;
            response.truncated = truncated;
        }
        NextActions::None => {}
    }
    Ok(response)
}

/// Answers an `AdjudicateGameRequest`.
pub fn adjudicate_game(
    request: pb::AdjudicateGameRequest,
) -> Result<pb::AdjudicateGameResponse, InvalidArgument> {
    let mut errors = InvalidArgument::default();
    let record = record_from(request.record.as_ref(), &mut errors);
    errors.or_ok(())?;
    let record = record.ok_or_else(|| InvalidArgument::new("record", "unreadable"))?;
    let judged = game::adjudicate(&record);
    let state = Some(state_to_pb(&judged.state, &record));
    use pb::DoudizhuGameVerdict as V;
    let (verdict, message) = if let Some(violation) = &judged.violation {
        (V::Illegal, format!("illegal: record.{violation}"))
    } else if let Some(settlement) = &judged.settlement {
        let side = if settlement.landlord_won {
            "the landlord"
        } else {
            "the farmers"
        };
        let mut extras = String::new();
        if settlement.spring {
            extras.push_str(", spring");
        }
        if settlement.anti_spring {
            extras.push_str(", anti-spring");
        }
        (
            V::Finished,
            format!(
                "seat {} went out: {side} (landlord: seat {}) won; {} bomb(s){extras}; scores {}",
                settlement.winner,
                settlement.landlord,
                settlement.bombs.len(),
                settlement
                    .scores
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        )
    } else if judged.state.phase() == Phase::Redeal {
        (
            V::Redeal,
            "every seat passed: no game, deal again".to_string(),
        )
    } else {
        let phase = match judged.state.phase() {
            Phase::Bidding => "bidding",
            Phase::ShowHand => "showing the hand",
            Phase::Doubling => "doubling",
            _ => "play",
        };
        let seat = judged.state.to_act().map_or(0, |s| s);
        (
            V::Unfinished,
            format!("legal so far, unfinished: {phase}, seat {seat} to act"),
        )
    };
    Ok(pb::AdjudicateGameResponse {
        verdict: verdict as i32,
        violation: judged.violation.as_ref().map(violation_to_pb),
        state,
        settlement: judged
            .settlement
            .as_ref()
            .map(|s| settlement_to_pb(s, &record.flow.scoring)),
        message,
    })
}
