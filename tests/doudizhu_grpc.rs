//! ValidatePlay, CompareCombos and ListPlays over gRPC with the generated client.

mod common;

use cardrules::server::pb::{
    BatchItem, BatchRequest, ComboType, CompareCombosRequest, ComparisonOutcome, DoudizhuPreset,
    DoudizhuReadingSelector, DoudizhuRules, Game, IllegalPlayReason, ListPlaysRequest,
    ListPlaysResponse, PlayListFormat, ValidatePlayRequest, batch_item, batch_result,
};
use common::{TestServer, counted, field_violations, unpack};
use tonic::Code;

fn cards(text: &str) -> Vec<String> {
    text.split_whitespace().map(str::to_string).collect()
}

fn preset(preset: DoudizhuPreset) -> Option<DoudizhuRules> {
    Some(DoudizhuRules {
        preset: preset as i32,
        ..Default::default()
    })
}

/// Every card of one deck, suited, in sort order.
fn full_deck() -> Vec<String> {
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
    deck
}

#[tokio::test]
async fn validate_play_judges_hand_combo_and_previous() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let hand = cards("3S 3H 3C 4S 4H 4C 5D 9S JH JD 2C BJ");

    // The previous play must be a combo: 333 + 56789 is none.
    let response = client
        .validate_play(ValidatePlayRequest {
            hand: hand.clone(),
            play: cards("3S 3H 3C 4S 4H 4C 5D 9S"),
            previous: cards("3 3 3 5 6 7 8 9"),
            ..Default::default()
        })
        .await
        .unwrap_err();
    assert_eq!(response.code(), Code::InvalidArgument);
    assert_eq!(field_violations(&response)[0].0, "previous");

    let response = client
        .validate_play(ValidatePlayRequest {
            hand: hand.clone(),
            play: cards("JH JD"),
            previous: cards("10 10"),
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    assert!(response.legal, "{response:?}");
    assert_eq!(response.reason, IllegalPlayReason::Unspecified as i32);
    let reading = response.reading.unwrap();
    assert_eq!(reading.r#type, ComboType::Pair as i32);
    assert_eq!(reading.rank, "J");
    assert_eq!(response.message, "pair J beats pair 10");

    // Too low, wrong type, not in hand (exact suited cards), must lead.
    let cases = [
        ("JH JD", "Q Q", IllegalPlayReason::TooLow),
        ("2C", "Q Q", IllegalPlayReason::WrongType),
        ("JS", "10", IllegalPlayReason::NotInHand),
        ("", "", IllegalPlayReason::MustLead),
        ("3S 4S", "", IllegalPlayReason::NotACombo),
    ];
    for (play, previous, reason) in cases {
        let response = client
            .validate_play(ValidatePlayRequest {
                hand: hand.clone(),
                play: cards(play),
                previous: cards(previous),
                ..Default::default()
            })
            .await
            .unwrap()
            .into_inner();
        assert!(!response.legal, "{play} over {previous}");
        assert_eq!(
            response.reason, reason as i32,
            "{play} over {previous}: {response:?}"
        );
        assert!(!response.message.is_empty());
        if reason == IllegalPlayReason::NotInHand {
            // Held by rank, not by card: still read, and the message names the card.
            assert_eq!(response.message, "the hand does not hold JS");
            assert_eq!(response.reading.unwrap().r#type, ComboType::Single as i32);
        }
    }
    assert!(
        client
            .validate_play(ValidatePlayRequest {
                hand: hand.clone(),
                previous: cards("3"),
                ..Default::default()
            })
            .await
            .unwrap()
            .into_inner()
            .legal,
        "passing while responding is legal"
    );
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn validate_play_reports_every_reading() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let play = cards("3 3 3 4 4 4 5 5 5 6 6 6");
    let response = client
        .validate_play(ValidatePlayRequest {
            rules: preset(DoudizhuPreset::Permissive),
            play: play.clone(),
            previous: cards("3 3 3 4 4 4 5 5 5 7 7 7"),
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    let types: Vec<i32> = response.readings.iter().map(|r| r.r#type).collect();
    assert_eq!(
        types,
        [
            ComboType::Airplane as i32,
            ComboType::AirplaneWithSingles as i32,
            ComboType::AirplaneWithSingles as i32
        ]
    );
    // Only 444555666 + 333 beats 333444555 + 777.
    assert!(response.legal);
    let reading = response.reading.unwrap();
    assert_eq!(
        (reading.rank.as_str(), reading.top_rank.as_str()),
        ("4", "6")
    );
    assert_eq!(reading.kickers, ["3", "3", "3"]);

    // Under STANDARD the same cards are only an airplane: wrong type.
    let response = client
        .validate_play(ValidatePlayRequest {
            play,
            previous: cards("3 3 3 4 4 4 5 5 5 7 7 7"),
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(response.reason, IllegalPlayReason::WrongType as i32);
    assert_eq!(response.readings.len(), 1);

    // Asking for a reading the play does not have.
    let response = client
        .validate_play(ValidatePlayRequest {
            play: cards("7 7 7 7"),
            intended: Some(DoudizhuReadingSelector {
                r#type: ComboType::FourWithTwoPairs as i32,
                ..Default::default()
            }),
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(response.reason, IllegalPlayReason::NoSuchReading as i32);
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn compare_combos_outcomes() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let cases = [
        ("3 3 3 3", "2 2", ComparisonOutcome::ABeatsB),
        ("3 3 3 3", "BJ RJ", ComparisonOutcome::BBeatsA),
        ("3 4 5 6 7", "3 4 5 6 7", ComparisonOutcome::Tie),
        ("3 4 5 6 7", "4 5 6 7 8 9", ComparisonOutcome::Incomparable),
        ("Q Q Q 3", "J J J 2", ComparisonOutcome::ABeatsB),
    ];
    for (a, b, outcome) in cases {
        let response = client
            .compare_combos(CompareCombosRequest {
                a: cards(a),
                b: cards(b),
                ..Default::default()
            })
            .await
            .unwrap()
            .into_inner();
        assert_eq!(response.outcome, outcome as i32, "{a} vs {b}: {response:?}");
        assert!(response.a_reading.is_some() && response.b_reading.is_some());
    }
    // Four-player: a five-card bomb beats any four-card bomb.
    let response = client
        .compare_combos(CompareCombosRequest {
            rules: Some(DoudizhuRules {
                game: Game::DoudizhuFourPlayer as i32,
                ..Default::default()
            }),
            a: cards("3 3 3 3 3"),
            b: cards("2 2 2 2"),
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(response.outcome, ComparisonOutcome::ABeatsB as i32);
    assert_eq!(response.a_reading.unwrap().copies, 5);
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn list_plays_census_limit_and_real_cards() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    // The census: every play of a full deck under STANDARD.
    let response = client
        .list_plays(ListPlaysRequest {
            hand: full_deck(),
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(response.plays.len(), 27_471);
    assert!(!response.truncated);
    // Real cards of the hand, first suits first.
    assert_eq!(response.plays[0].cards, ["3S"]);
    let rocket = response.plays.last().unwrap();
    assert_eq!(rocket.cards, ["BJ", "RJ"]);
    assert_eq!(
        rocket.reading.as_ref().unwrap().r#type,
        ComboType::Rocket as i32
    );

    // Responding, with a type filter and a limit.
    let response = client
        .list_plays(ListPlaysRequest {
            hand: cards("3 3 4 5 6 7 8 9 9 9 9"),
            previous: cards("3 4 5 6 7"),
            limit: 2,
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    let listed: Vec<String> = response.plays.iter().map(|p| p.cards.join(" ")).collect();
    assert_eq!(listed, ["4 5 6 7 8", "5 6 7 8 9"]);
    assert!(response.truncated, "the bomb 9999 is left out");
    assert_eq!(
        response.previous_reading.unwrap().r#type,
        ComboType::Straight as i32
    );
    let response = client
        .list_plays(ListPlaysRequest {
            hand: cards("3 3 4 5 6 7 8 9 9 9 9"),
            r#type: ComboType::Bomb as i32,
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(response.plays.len(), 1);
    assert_eq!(response.plays[0].cards, ["9", "9", "9", "9"]);

    // Two decks: a pair can be two copies of the same physical card.
    let response = client
        .list_plays(ListPlaysRequest {
            rules: Some(DoudizhuRules {
                game: Game::DoudizhuFourPlayer as i32,
                ..Default::default()
            }),
            hand: cards("3S 3S RJ RJ"),
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    let listed: Vec<String> = response.plays.iter().map(|p| p.cards.join(" ")).collect();
    assert_eq!(listed, ["3S", "RJ", "3S 3S", "RJ RJ"]);
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn malformed_requests_are_invalid_argument_with_field_violations() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let cases = [
        (
            ValidatePlayRequest {
                hand: cards("3S 1X"),
                play: cards("3S"),
                ..Default::default()
            },
            "hand[1]",
            "unknown card \"1X\"",
        ),
        (
            ValidatePlayRequest {
                play: cards("3S 3S"),
                ..Default::default()
            },
            "play[1]",
            "duplicate card \"3S\"",
        ),
        (
            ValidatePlayRequest {
                play: cards("3S 3"),
                ..Default::default()
            },
            "play[1]",
            "mix suited and rank-only",
        ),
        (
            ValidatePlayRequest {
                play: cards("3 3 3 3 3"),
                ..Default::default()
            },
            "play[4]",
            "only 4",
        ),
        (
            ValidatePlayRequest {
                rules: Some(DoudizhuRules {
                    kickers_may_include_joker: Some(false),
                    kickers_may_include_rocket: Some(true),
                    ..Default::default()
                }),
                play: cards("3"),
                ..Default::default()
            },
            "rules.kickers_may_include_rocket",
            "kickers_may_include_joker",
        ),
        (
            ValidatePlayRequest {
                rules: Some(DoudizhuRules {
                    game: Game::Mahjong as i32,
                    ..Default::default()
                }),
                play: cards("3"),
                ..Default::default()
            },
            "rules.game",
            "GAME_MAHJONG",
        ),
        (
            ValidatePlayRequest {
                rules: Some(DoudizhuRules {
                    min_straight_length: Some(2),
                    ..Default::default()
                }),
                play: cards("3"),
                ..Default::default()
            },
            "rules.min_straight_length",
            "got 2",
        ),
        (
            ValidatePlayRequest {
                play: cards("4"),
                previous: cards("3"),
                previous_reading: Some(DoudizhuReadingSelector {
                    r#type: ComboType::Pair as i32,
                    ..Default::default()
                }),
                ..Default::default()
            },
            "previous_reading",
            "single 3",
        ),
    ];
    for (request, field, mention) in cases {
        let status = client.validate_play(request.clone()).await.unwrap_err();
        assert_eq!(status.code(), Code::InvalidArgument, "{request:?}");
        assert!(status.message().contains(field), "{}", status.message());
        let violations = field_violations(&status);
        assert_eq!(violations.len(), 1, "{violations:?}");
        assert_eq!(violations[0].0, field);
        assert!(violations[0].1.contains(mention), "{violations:?}");
    }

    let status = client
        .list_plays(ListPlaysRequest {
            limit: 50_000,
            ..Default::default()
        })
        .await
        .unwrap_err();
    let fields: Vec<String> = field_violations(&status).into_iter().map(|v| v.0).collect();
    assert_eq!(fields, ["hand", "limit"]);

    let status = client
        .compare_combos(CompareCombosRequest {
            a: cards("3 4"),
            b: vec![],
            ..Default::default()
        })
        .await
        .unwrap_err();
    let fields: Vec<String> = field_violations(&status).into_iter().map(|v| v.0).collect();
    assert_eq!(fields, ["a", "b"]);
    server.shutdown().await.unwrap();
}

/// ListPlays of two whole decks takes long (tens of milliseconds in release, far more in debug);
/// it runs off the async workers, so a cheap call still answers at once meanwhile.
// That large hands leave the workers free (they run on the blocking pool) is pinned by the unit
// tests in `src/server/service.rs`, without timing anything; this checks the whole path answers.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn huge_list_plays_are_answered_alongside_other_calls() {
    let server = TestServer::start().await;
    let mut two_decks = full_deck();
    two_decks.extend(full_deck());
    let request = ListPlaysRequest {
        hand: two_decks,
        rules: Some(DoudizhuRules {
            preset: DoudizhuPreset::Permissive as i32,
            game: Game::DoudizhuFourPlayer as i32,
            ..Default::default()
        }),
        ..Default::default()
    };
    let mut heavy = Vec::new();
    for _ in 0..2 {
        let mut client = server.client().await.max_decoding_message_size(64 << 20);
        let request = request.clone();
        heavy.push(tokio::spawn(
            async move { client.list_plays(request).await },
        ));
    }
    let outcome = server
        .client()
        .await
        .compare_combos(CompareCombosRequest {
            a: cards("7 7 7 7"),
            b: cards("3 4 5 6 7"),
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner()
        .outcome;
    assert_eq!(outcome, ComparisonOutcome::ABeatsB as i32);
    for call in heavy {
        assert!(call.await.unwrap().unwrap().into_inner().truncated);
    }
    server.shutdown().await.unwrap();
}

/// Two decks: how the kicker options read (issue: one rank as three or four pair kickers, and
/// the presets' joker wording). Each case is the proto's comment, asked through the API.
#[tokio::test]
async fn two_deck_kickers_follow_the_documented_reading() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let four = |preset: DoudizhuPreset, bomb_as_two_pairs: Option<bool>| {
        Some(DoudizhuRules {
            preset: preset as i32,
            game: Game::DoudizhuFourPlayer as i32,
            bomb_as_two_pairs,
            ..Default::default()
        })
    };
    use DoudizhuPreset::{Permissive, Standard, Strict};
    let cases = [
        // Six of a rank as three pair wings, eight as four; never an odd count.
        (
            four(Permissive, None),
            "6 6 6 7 7 7 8 8 8 J J J J J J",
            Some(ComboType::AirplaneWithPairs),
        ),
        (
            four(Permissive, None),
            "3 3 3 4 4 4 5 5 5 6 6 6 Q Q Q Q Q Q Q Q",
            Some(ComboType::AirplaneWithPairs),
        ),
        (
            four(Permissive, None),
            "6 6 6 7 7 7 8 8 8 J J J J J Q",
            None,
        ),
        (
            four(Permissive, Some(false)),
            "6 6 6 7 7 7 8 8 8 J J J J J J",
            None,
        ),
        (
            four(Standard, Some(true)),
            "6 6 6 7 7 7 8 8 8 J J J J J J",
            Some(ComboType::AirplaneWithPairs),
        ),
        (four(Standard, None), "6 6 6 7 7 7 8 8 8 J J J J J J", None),
        // Jokers: all four are the rocket; fewer may be kickers.
        (
            four(Standard, None),
            "3 3 3 4 4 4 BJ RJ",
            Some(ComboType::AirplaneWithSingles),
        ),
        (
            four(Standard, None),
            "3 3 3 BJ BJ",
            Some(ComboType::TrioWithPair),
        ),
        (four(Standard, None), "3 3 3 3 BJ BJ RJ RJ", None),
        (
            four(Strict, None),
            "3 3 3 4 4 4 BJ RJ",
            Some(ComboType::AirplaneWithSingles),
        ),
        (
            four(Strict, None),
            "3 3 3 BJ BJ",
            Some(ComboType::TrioWithPair),
        ),
        (four(Strict, None), "3 3 3 4 4 4 BJ BJ", None),
    ];
    for (rules, play, expected) in cases {
        let response = client
            .validate_play(ValidatePlayRequest {
                rules,
                play: cards(play),
                ..Default::default()
            })
            .await
            .unwrap()
            .into_inner();
        let kinds: Vec<i32> = response.readings.iter().map(|r| r.r#type).collect();
        match expected {
            Some(kind) => assert!(
                kinds.contains(&(kind as i32)),
                "{play}: {}",
                response.message
            ),
            None => assert_eq!(
                response.reason,
                IllegalPlayReason::NotACombo as i32,
                "{play}: {}",
                response.message
            ),
        }
    }
}

/// The same request answered by name and packed: the packed words decode to exactly the rank
/// counts and types of the plays by name, with the same truncation and previous reading.
async fn assert_packed_alike(
    client: &mut cardrules::server::pb::card_rules_service_client::CardRulesServiceClient<
        tonic::transport::Channel,
    >,
    request: ListPlaysRequest,
) -> ListPlaysResponse {
    let named = client
        .list_plays(request.clone())
        .await
        .unwrap()
        .into_inner();
    let packed = client
        .list_plays(ListPlaysRequest {
            format: PlayListFormat::Packed as i32,
            ..request.clone()
        })
        .await
        .unwrap()
        .into_inner();
    assert!(named.packed_plays.is_empty());
    assert!(packed.plays.is_empty(), "{packed:?}");
    assert!(!named.plays.is_empty(), "{request:?}");
    let decoded: Vec<_> = packed.packed_plays.iter().map(|&w| unpack(w)).collect();
    let expected: Vec<_> = named.plays.iter().map(counted).collect();
    assert_eq!(decoded, expected, "{request:?}");
    assert_eq!(packed.truncated, named.truncated);
    assert_eq!(packed.previous_reading, named.previous_reading);
    // PLAY_LIST_FORMAT_CARDS is the default.
    let cards = client
        .list_plays(ListPlaysRequest {
            format: PlayListFormat::Cards as i32,
            ..request
        })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(cards, named);
    packed
}

#[tokio::test]
async fn packed_list_plays_decode_to_the_plays_by_name() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let hand = cards("3S 3H 3C 4S 4H 4D 5S 6D 7S 8H 9H 9D 10S JC QD KC AS 2H BJ RJ");
    let laizi = Some(DoudizhuRules {
        wild_ranks: vec!["9".into()],
        ..Default::default()
    });
    let two_decks = Some(DoudizhuRules {
        game: Game::DoudizhuFourPlayer as i32,
        ..Default::default()
    });
    let two_deck_hand = cards("4 4 4 4 4 4 4 4 5 5 5 6 7 7 BJ BJ RJ RJ");
    let cases = [
        // Leading and responding, suited and rank-only, with wildcards (9 wild: the hand holds
        // two) and without, one deck and two (eight 4s: a count of 8 in four bits).
        (None, hand.clone(), cards(""), 0),
        (None, hand.clone(), cards("8 8"), 0),
        (
            None,
            cards("3 3 3 4 4 4 5 6 7 8 9 9 2 2"),
            cards("3 3 3 6"),
            0,
        ),
        (laizi.clone(), hand.clone(), cards(""), 0),
        (laizi.clone(), hand.clone(), cards("8 8"), 0),
        (laizi.clone(), hand.clone(), cards("3 4 5 6 7"), 0),
        (two_decks.clone(), two_deck_hand.clone(), cards(""), 0),
        (
            two_decks.clone(),
            two_deck_hand.clone(),
            cards("5 5 5 5"),
            0,
        ),
        // Cut by the limit.
        (None, hand.clone(), cards(""), 25),
        (laizi.clone(), hand.clone(), cards(""), 40),
        (two_decks, two_deck_hand, cards(""), 7),
    ];
    for (rules, hand, previous, limit) in cases {
        let packed = assert_packed_alike(
            &mut client,
            ListPlaysRequest {
                rules,
                hand,
                previous,
                limit,
                ..Default::default()
            },
        )
        .await;
        assert_eq!(packed.truncated, limit > 0, "{limit}");
        if limit > 0 {
            assert_eq!(packed.packed_plays.len(), limit as usize);
        }
    }

    // A Batch item is answered as the unary call.
    let request = ListPlaysRequest {
        rules: laizi,
        hand: hand.clone(),
        previous: cards("8 8"),
        format: PlayListFormat::Packed as i32,
        ..Default::default()
    };
    let unary = client
        .list_plays(request.clone())
        .await
        .unwrap()
        .into_inner();
    let mut answers = client
        .batch(tokio_stream::iter([BatchRequest {
            items: vec![BatchItem {
                id: 7,
                request: Some(batch_item::Request::ListPlays(request)),
            }],
        }]))
        .await
        .unwrap()
        .into_inner();
    let answer = answers.message().await.unwrap().unwrap();
    let Some(batch_result::Response::ListPlays(item)) = &answer.results[0].response else {
        panic!("{answer:?}");
    };
    assert_eq!(item, &unary);
    assert!(!item.packed_plays.is_empty());
    server.shutdown().await.unwrap();
}
