//! NextActions and AdjudicateGame over gRPC with the generated client: a whole seeded game
//! driven by NextActions, its adjudication, an illegal record, and malformed records.

mod common;

use cardrules::server::pb::doudizhu_game_record::Deal;
use cardrules::server::pb::{
    AdjudicateGameRequest, DoudizhuActionList, DoudizhuBid, DoudizhuBidAction, DoudizhuCardsHeld,
    DoudizhuExplicitDeal, DoudizhuGameFlow, DoudizhuGamePhase, DoudizhuGamePlay,
    DoudizhuGameRecord, DoudizhuGameVerdict, DoudizhuGameViolationKind, DoudizhuRules,
    DoudizhuScoring, DoudizhuSeededDeal, DoudizhuSide, Game, IllegalPlayReason, ListPlaysRequest,
    NextActionsRequest, WildcardDraw,
};
use common::{TestServer, field_violations};
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
                limit: 0,
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
            limit: 0,
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
                        limit: 0,
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
            limit: 0,
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
