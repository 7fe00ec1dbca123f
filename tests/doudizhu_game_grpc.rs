//! NextActions and AdjudicateGame over gRPC with the generated client: a whole seeded game
//! driven by NextActions, its adjudication, an illegal record, malformed records, a record from
//! a known landlord, the forced landlord's bid, and a large laizi hand listed.

mod common;

use cardrules::server::pb::doudizhu_game_record::Deal;
use cardrules::server::pb::{
    AdjudicateGameRequest, BatchItem, BatchRequest, DoudizhuActionList, DoudizhuAllPass,
    DoudizhuBid, DoudizhuBidAction, DoudizhuBiddingScheme, DoudizhuCardsHeld, DoudizhuExplicitDeal,
    DoudizhuGameFlow, DoudizhuGamePhase, DoudizhuGamePlay, DoudizhuGameRecord, DoudizhuGameVerdict,
    DoudizhuGameViolationKind, DoudizhuKnownLandlord, DoudizhuRules, DoudizhuScoring,
    DoudizhuSeededDeal, DoudizhuSide, Game, IllegalPlayReason, ListPlaysRequest,
    NextActionsRequest, NextActionsResponse, PlayListFormat, WildcardDraw, batch_item,
    batch_result,
};
use common::{TestServer, counted, field_violations, unpack};
use tonic::Code;

fn seeded(seed: u64) -> DoudizhuGameRecord {
    DoudizhuGameRecord {
        deal: Some(Deal::SeededDeal(DoudizhuSeededDeal {
            seed,
            wildcard_draw: WildcardDraw::Unspecified as i32,
        })),
        ..Default::default()
    }
}

/// Asks NextActions for `record`'s plays packed and checks the answer against `named`, the same
/// request answered by name: the words decode to the plays' rank counts and types (the pass to
/// the word 0), and every other field is the same.
async fn assert_packed_alike(
    client: &mut cardrules::server::pb::card_rules_service_client::CardRulesServiceClient<
        tonic::transport::Channel,
    >,
    record: &DoudizhuGameRecord,
    limit: u32,
    named: &NextActionsResponse,
) {
    let packed = client
        .next_actions(NextActionsRequest {
            record: Some(record.clone()),
            limit,
            format: PlayListFormat::Packed as i32,
        })
        .await
        .unwrap()
        .into_inner();
    assert!(packed.plays.is_empty() && named.packed_plays.is_empty());
    let decoded: Vec<_> = packed.packed_plays.iter().map(|&w| unpack(w)).collect();
    let expected: Vec<_> = named.plays.iter().map(counted).collect();
    assert_eq!(decoded, expected);
    if named.may_pass {
        assert_eq!(packed.packed_plays.last(), Some(&0));
    }
    let mut rest = packed;
    rest.packed_plays.clear();
    rest.plays = named.plays.clone();
    assert_eq!(&rest, named);
}

/// Plays a whole game through NextActions: the highest bid offered, then always the first
/// listed play (a pass only when nothing beats). Checks NextActions against ListPlays at every
/// responding point.
async fn play_out(
    client: &mut cardrules::server::pb::card_rules_service_client::CardRulesServiceClient<
        tonic::transport::Channel,
    >,
    mut record: DoudizhuGameRecord,
) -> DoudizhuGameRecord {
    loop {
        let next = client
            .next_actions(NextActionsRequest {
                record: Some(record.clone()),
                ..Default::default()
            })
            .await
            .unwrap()
            .into_inner();
        assert!(next.violation.is_none(), "{next:?}");
        let Some(seat) = next.seat else {
            return record;
        };
        if !next.bids.is_empty() {
            record.bids.push(DoudizhuBid {
                seat,
                action: *next.bids.last().unwrap(),
            });
            continue;
        }
        let state = next.state.as_ref().unwrap();
        assert_packed_alike(client, &record, 0, &next).await;
        if next.may_pass {
            // The same plays as ListPlays on the seat's hand and the play to beat, then a pass.
            let listed = client
                .list_plays(ListPlaysRequest {
                    rules: record.rules.clone(),
                    hand: state.seats[seat as usize].cards.clone(),
                    previous: state.to_beat.clone(),
                    ..Default::default()
                })
                .await
                .unwrap()
                .into_inner();
            assert_eq!(&next.plays[..next.plays.len() - 1], &listed.plays[..]);
            assert!(next.plays.last().unwrap().cards.is_empty());
        }
        let play = next.plays.first().expect("a pass or a play");
        record.plays.push(DoudizhuGamePlay {
            seat,
            cards: play.cards.clone(),
            intended: None,
        });
    }
}

#[tokio::test]
async fn a_seeded_game_played_through_next_actions_is_adjudicated_and_settled() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let record = play_out(&mut client, seeded(42)).await;
    // Seed 42: seat 0 bids first and bids 3 (the last bid offered).
    assert_eq!(record.bids.len(), 1);
    assert_eq!(record.bids[0].action, DoudizhuBidAction::BidThree as i32);
    let answer = client
        .adjudicate_game(AdjudicateGameRequest {
            record: Some(record.clone()),
        })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(
        answer.verdict,
        DoudizhuGameVerdict::Finished as i32,
        "{answer:?}"
    );
    let settlement = answer.settlement.unwrap();
    assert_eq!(settlement.scores.iter().sum::<i64>(), 0);
    assert_eq!(settlement.landlord, 0);
    assert_eq!(settlement.bid_multiple, 3);
    let state = answer.state.unwrap();
    assert_eq!(state.phase, DoudizhuGamePhase::Finished as i32);
    assert_eq!(state.to_act, None);
    let winner = &state.seats[settlement.winner as usize];
    assert_eq!(winner.card_count, 0);
    let side = if settlement.winner == 0 {
        DoudizhuSide::Landlord
    } else {
        DoudizhuSide::Farmers
    };
    assert_eq!(settlement.winning_side, side as i32);

    // Half-way: unfinished, with whose turn it is.
    let mut half = record.clone();
    half.plays.truncate(record.plays.len() / 2);
    let answer = client
        .adjudicate_game(AdjudicateGameRequest { record: Some(half) })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(answer.verdict, DoudizhuGameVerdict::Unfinished as i32);
    assert!(answer.state.unwrap().to_act.is_some());

    // The winner's last play made by the next seat instead: out of turn, at that index.
    let mut wrong = record.clone();
    let last = wrong.plays.len() - 1;
    wrong.plays[last].seat = (wrong.plays[last].seat + 1) % 3;
    let answer = client
        .adjudicate_game(AdjudicateGameRequest {
            record: Some(wrong),
        })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(answer.verdict, DoudizhuGameVerdict::Illegal as i32);
    let violation = answer.violation.unwrap();
    assert_eq!(violation.field, format!("record.plays[{last}]"));
    assert_eq!(violation.kind, DoudizhuGameViolationKind::OutOfTurn as i32);
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_card_the_seat_never_held_is_illegal_at_its_index() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let mut record = seeded(42);
    record.bids.push(DoudizhuBid {
        seat: 0,
        action: DoudizhuBidAction::BidThree as i32,
    });
    // Seed 42 deals 3S to seat 1: the landlord (seat 0) never held it.
    record.plays.push(DoudizhuGamePlay {
        seat: 0,
        cards: vec!["3S".into()],
        intended: None,
    });
    let answer = client
        .adjudicate_game(AdjudicateGameRequest {
            record: Some(record.clone()),
        })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(answer.verdict, DoudizhuGameVerdict::Illegal as i32);
    let violation = answer.violation.unwrap();
    assert_eq!(violation.list, DoudizhuActionList::Plays as i32);
    assert_eq!((violation.index, violation.seat), (0, 0));
    assert_eq!(violation.play_reason, IllegalPlayReason::NotInHand as i32);
    assert_eq!(
        violation.message,
        "record.plays[0] (seat 0): the hand does not hold 3S"
    );
    // NextActions on it: the violation, no actions.
    let next = client
        .next_actions(NextActionsRequest {
            record: Some(record),
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    assert!(next.violation.is_some() && next.plays.is_empty() && next.seat.is_none());
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn malformed_records_are_invalid_argument_with_the_field_path() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let mut deck = Vec::new();
    for rank in [
        "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2",
    ] {
        for suit in ["S", "H", "C", "D"] {
            deck.push(format!("{rank}{suit}"));
        }
    }
    deck.push("BJ".into());
    deck.push("RJ".into());
    let explicit = |hands: [Vec<String>; 3], kitty: Vec<String>| DoudizhuGameRecord {
        deal: Some(Deal::ExplicitDeal(DoudizhuExplicitDeal {
            hands: hands
                .into_iter()
                .map(|cards| DoudizhuCardsHeld { cards })
                .collect(),
            kitty,
        })),
        ..Default::default()
    };
    let good = || {
        [
            deck[..17].to_vec(),
            deck[17..34].to_vec(),
            deck[34..51].to_vec(),
        ]
    };
    let mut not_a_partition = good();
    not_a_partition[1][3] = deck[0].clone();
    let mut bad_seat = seeded(1);
    bad_seat.plays.push(DoudizhuGamePlay {
        seat: 3,
        cards: vec![],
        intended: None,
    });
    let mut bad_card = seeded(1);
    bad_card.plays.push(DoudizhuGamePlay::default());
    bad_card.plays.push(DoudizhuGamePlay {
        seat: 1,
        cards: vec!["3S".into(), "1X".into()],
        intended: None,
    });
    let mut wild_mismatch = seeded(2026);
    wild_mismatch.deal = Some(Deal::SeededDeal(DoudizhuSeededDeal {
        seed: 2026,
        wildcard_draw: WildcardDraw::One as i32,
    }));
    wild_mismatch.rules = Some(DoudizhuRules {
        wild_ranks: vec!["BJ".into()],
        ..Default::default()
    });
    let mut bad_flow = seeded(1);
    bad_flow.flow = Some(DoudizhuGameFlow {
        first_bidder: Some(5),
        scoring: Some(DoudizhuScoring {
            base: Some(0),
            ..Default::default()
        }),
        ..Default::default()
    });
    let mut no_action = seeded(1);
    no_action.bids.push(DoudizhuBid { seat: 0, action: 0 });
    let cases = [
        (
            explicit(not_a_partition, deck[51..].to_vec()),
            "record.explicit_deal.hands[1].cards[3]",
        ),
        (
            explicit(good(), deck[50..].to_vec()),
            "record.explicit_deal.kitty",
        ),
        (DoudizhuGameRecord::default(), "record.deal"),
        (bad_seat, "record.plays[0].seat"),
        (bad_card, "record.plays[1].cards[1]"),
        (wild_mismatch, "record.rules.wild_ranks[0]"),
        (bad_flow, "record.flow.first_bidder"),
        (no_action, "record.bids[0].action"),
    ];
    for (record, field) in cases {
        for next in [false, true] {
            let status = if next {
                client
                    .next_actions(NextActionsRequest {
                        record: Some(record.clone()),
                        ..Default::default()
                    })
                    .await
                    .unwrap_err()
            } else {
                client
                    .adjudicate_game(AdjudicateGameRequest {
                        record: Some(record.clone()),
                    })
                    .await
                    .unwrap_err()
            };
            assert_eq!(status.code(), Code::InvalidArgument, "{field}");
            let fields: Vec<String> = field_violations(&status).into_iter().map(|v| v.0).collect();
            assert_eq!(fields[0], field, "{}", status.message());
        }
    }
    // Four players: two decks, four seats, a first bidder from seed mod 4.
    let mut four = seeded(7);
    four.rules = Some(DoudizhuRules {
        game: Game::DoudizhuFourPlayer as i32,
        ..Default::default()
    });
    let next = client
        .next_actions(NextActionsRequest {
            record: Some(four),
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    let state = next.state.unwrap();
    assert_eq!(
        (state.seats.len(), state.first_bidder, next.seat),
        (4, 3, Some(3))
    );
    assert_eq!(state.kitty.len(), 8);
    server.shutdown().await.unwrap();
}

/// A game whose bidding happened elsewhere: the record starts from its known landlord (kitty
/// taken) and bid multiple, and is judged and settled exactly as the same game with its
/// bidding played out.
#[tokio::test]
async fn a_record_from_a_known_landlord_settles_as_the_game_with_its_bidding() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let judge = client.clone();
    let adjudicate = |record: DoudizhuGameRecord| {
        let mut client = judge.clone();
        async move {
            client
                .adjudicate_game(AdjudicateGameRequest {
                    record: Some(record),
                })
                .await
        }
    };
    // Seed 42: seat 0 bids 3; the whole game played out.
    let played = play_out(&mut client, seeded(42)).await;
    let full = adjudicate(played.clone()).await.unwrap().into_inner();
    let settlement = full.settlement.unwrap();
    let known = |bid_multiple: u32| DoudizhuGameRecord {
        bids: vec![],
        known_landlord: Some(DoudizhuKnownLandlord {
            seat: 0,
            bid_multiple,
        }),
        ..played.clone()
    };
    let answer = adjudicate(known(3)).await.unwrap().into_inner();
    assert_eq!(answer.verdict, DoudizhuGameVerdict::Finished as i32);
    assert_eq!(answer.settlement.as_ref(), Some(&settlement));
    let state = answer.state.unwrap();
    assert_eq!((state.landlord, state.bid, state.grabs), (Some(0), 3, 0));
    // Another auction's multiple, 7: every amount scales by 7/3.
    let answer = adjudicate(known(7)).await.unwrap().into_inner();
    let seven = answer.settlement.unwrap();
    assert_eq!(seven.bid_multiple, 7);
    let scaled: Vec<i64> = settlement.scores.iter().map(|s| s / 3 * 7).collect();
    assert_eq!(seven.scores, scaled);

    // NextActions before the first play: the landlord leads with the kitty in hand.
    let mut start = known(3);
    start.plays.clear();
    let next = client
        .next_actions(NextActionsRequest {
            record: Some(start.clone()),
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(next.phase, DoudizhuGamePhase::Play as i32);
    assert_eq!(next.seat, Some(0));
    assert!(!next.may_pass && !next.plays.is_empty());
    assert_eq!(next.state.unwrap().seats[0].card_count, 20);

    // With showing and doubling, `bids` starts with the landlord's show.
    let mut with_phases = start.clone();
    with_phases.flow = Some(DoudizhuGameFlow {
        show_hand: true,
        doubling: true,
        ..Default::default()
    });
    let next = client
        .next_actions(NextActionsRequest {
            record: Some(with_phases.clone()),
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(next.phase, DoudizhuGamePhase::ShowHand as i32);
    assert_eq!(next.seat, Some(0));
    assert_eq!(
        next.bids,
        [
            DoudizhuBidAction::Pass as i32,
            DoudizhuBidAction::ShowHand as i32
        ]
    );

    // Without them, any bid-list entry comes after the bidding is over.
    let mut a_bid = start.clone();
    a_bid.bids.push(DoudizhuBid {
        seat: 0,
        action: DoudizhuBidAction::BidThree as i32,
    });
    let answer = adjudicate(a_bid).await.unwrap().into_inner();
    let violation = answer.violation.unwrap();
    assert_eq!(
        (violation.field.as_str(), violation.kind),
        (
            "record.bids[0]",
            DoudizhuGameViolationKind::BiddingOver as i32
        )
    );

    // A seat that does not exist, a bid multiple of 0.
    for (known, field) in [
        (
            DoudizhuKnownLandlord {
                seat: 3,
                bid_multiple: 1,
            },
            "record.known_landlord.seat",
        ),
        (
            DoudizhuKnownLandlord {
                seat: 0,
                bid_multiple: 0,
            },
            "record.known_landlord.bid_multiple",
        ),
    ] {
        let record = DoudizhuGameRecord {
            known_landlord: Some(known),
            ..start.clone()
        };
        let status = adjudicate(record).await.unwrap_err();
        assert_eq!(status.code(), Code::InvalidArgument);
        assert_eq!(field_violations(&status)[0].0, field);
    }
    server.shutdown().await.unwrap();
}

/// After an all-pass under FORCED_LANDLORD nobody bid, yet the state's bid is 1: the first
/// bidder is the landlord at a bid multiple of 1, with no grab.
#[tokio::test]
async fn a_forced_landlord_has_bid_one_and_no_grab() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    for scheme in [
        DoudizhuBiddingScheme::Points,
        DoudizhuBiddingScheme::CallAndGrab,
    ] {
        let mut record = seeded(42);
        record.flow = Some(DoudizhuGameFlow {
            scheme: scheme as i32,
            all_pass: DoudizhuAllPass::ForcedLandlord as i32,
            ..Default::default()
        });
        // Seed 42: seat 0 bids first.
        for seat in 0..3 {
            record.bids.push(DoudizhuBid {
                seat,
                action: DoudizhuBidAction::Pass as i32,
            });
        }
        let next = client
            .next_actions(NextActionsRequest {
                record: Some(record.clone()),
                ..Default::default()
            })
            .await
            .unwrap()
            .into_inner();
        let state = next.state.unwrap();
        assert_eq!(
            (state.landlord, state.bid, state.grabs),
            (Some(0), 1, 0),
            "{scheme:?}"
        );
        // Played out, it settles at a bid multiple of 1.
        let played = play_out(&mut client, record).await;
        let settlement = client
            .adjudicate_game(AdjudicateGameRequest {
                record: Some(played),
            })
            .await
            .unwrap()
            .into_inner()
            .settlement
            .unwrap();
        assert_eq!(settlement.bid_multiple, 1, "{scheme:?}");
    }
    server.shutdown().await.unwrap();
}

/// A two-deck laizi hand of 33 cards holding over 2^20 distinct sets of cards (eleven ranks
/// three times each: 4^11) is listed by NextActions, as ListPlays lists it: the limit and
/// `truncated` bound the answer, not the hand.
#[tokio::test]
async fn next_actions_lists_a_33_card_laizi_hand_of_over_2_20_sets() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let ranks = [
        "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2",
    ];
    // Seat 0: 3..K twice and 3 4 5 a third time (25); the kitty: 6..K a third time (8).
    let mut seat0: Vec<String> = ranks[..11]
        .iter()
        .flat_map(|r| [r.to_string(), r.to_string()])
        .collect();
    seat0.extend(["3", "4", "5"].map(String::from));
    let kitty: Vec<String> = ranks[3..11].iter().map(|r| r.to_string()).collect();
    // The rest of the two decks, dealt in order to seats 1 to 3.
    let mut rest: Vec<String> = Vec::new();
    for (i, rank) in ranks.iter().enumerate() {
        let left = if i < 11 { 5 } else { 8 };
        rest.extend(std::iter::repeat_n(rank.to_string(), left));
    }
    rest.extend(["BJ", "BJ", "RJ", "RJ"].map(String::from));
    let mut hands = vec![DoudizhuCardsHeld { cards: seat0 }];
    hands.extend(rest.chunks(25).map(|chunk| DoudizhuCardsHeld {
        cards: chunk.to_vec(),
    }));
    let rules = Some(DoudizhuRules {
        game: Game::DoudizhuFourPlayer as i32,
        wild_ranks: vec!["7".into()],
        ..Default::default()
    });
    let record = DoudizhuGameRecord {
        rules: rules.clone(),
        deal: Some(Deal::ExplicitDeal(DoudizhuExplicitDeal { hands, kitty })),
        known_landlord: Some(DoudizhuKnownLandlord {
            seat: 0,
            bid_multiple: 1,
        }),
        ..Default::default()
    };
    let next = client
        .next_actions(NextActionsRequest {
            record: Some(record.clone()),
            limit: 500,
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    let state = next.state.clone().unwrap();
    let hand = &state.seats[0].cards;
    assert_eq!(hand.len(), 33);
    let sets: u64 = ranks
        .iter()
        .map(|r| hand.iter().filter(|c| c == r).count() as u64 + 1)
        .product();
    assert!(sets > 1 << 20, "{sets}");
    assert_eq!(
        (next.seat, next.plays.len(), next.truncated),
        (Some(0), 500, true)
    );
    // ListPlays answers the same hand with the same plays.
    let listed = client
        .list_plays(ListPlaysRequest {
            rules,
            hand: hand.clone(),
            limit: 500,
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(listed.plays, next.plays);
    assert!(listed.truncated);
    // Packed, cut at the same limit, and the same as a Batch item.
    assert_packed_alike(&mut client, &record, 500, &next).await;
    let request = NextActionsRequest {
        record: Some(record),
        limit: 500,
        format: PlayListFormat::Packed as i32,
    };
    let unary = client
        .next_actions(request.clone())
        .await
        .unwrap()
        .into_inner();
    assert_eq!(unary.packed_plays.len(), 500);
    let mut answers = client
        .batch(tokio_stream::iter([BatchRequest {
            items: vec![BatchItem {
                id: 1,
                request: Some(batch_item::Request::NextActions(request)),
            }],
        }]))
        .await
        .unwrap()
        .into_inner();
    let answer = answers.message().await.unwrap().unwrap();
    let Some(batch_result::Response::NextActions(item)) = &answer.results[0].response else {
        panic!("{answer:?}");
    };
    assert_eq!(item, &unary);
    server.shutdown().await.unwrap();
}
