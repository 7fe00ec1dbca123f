//! Laizi (wildcard) Dou Dizhu over gRPC: FitWildcards, the wild-rank checks, and a dealt laizi
//! hand.

mod common;

use cardrules::server::pb::{
    BombKind, BombOrder, ComboType, DealRequest, DoudizhuPreset, DoudizhuReadingSelector,
    DoudizhuRules, FitWildcardsRequest, FitWildcardsResponse, Game, IllegalPlayReason,
    ValidatePlayRequest, WildcardDraw,
};
use common::{TestServer, field_violations};
use tonic::Code;

fn cards(text: &str) -> Vec<String> {
    text.split_whitespace().map(str::to_string).collect()
}

fn wild(ranks: &str) -> Option<DoudizhuRules> {
    Some(DoudizhuRules {
        wild_ranks: cards(ranks),
        ..Default::default()
    })
}

/// Each fit as "reading [wild as]".
fn summary(response: &FitWildcardsResponse) -> Vec<String> {
    response
        .fits
        .iter()
        .map(|fit| {
            let r = fit.reading.as_ref().unwrap();
            let ty = ComboType::try_from(r.r#type).unwrap().as_str_name();
            let ty = ty.trim_start_matches("COMBO_TYPE_").to_lowercase();
            format!(
                "{ty} {}-{} x{} +{} [{}]",
                r.rank,
                r.top_rank,
                r.copies,
                r.kickers.join(" "),
                r.wild_as.join(" ")
            )
        })
        .collect()
}

#[tokio::test]
async fn fit_wildcards_end_to_end() {
    let server = TestServer::start().await;
    let mut client = server.client().await;

    // The seed's straights: 9 is wild; 5 6 7 8 + 9 is 5-9 (as itself) or 4-8.
    let response = client
        .fit_wildcards(FitWildcardsRequest {
            rules: wild("9"),
            play: cards("5S 6H 7C 8D 9S"),
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(
        summary(&response),
        ["straight 5-9 x1 + [9]", "straight 4-8 x1 + [4]"]
    );
    assert_eq!(response.wildcards, 1);
    let assigned = &response.fits[1].assignments[0];
    assert_eq!(
        (assigned.card.as_str(), assigned.rank.as_str()),
        ("9S", "4")
    );
    assert_eq!(response.fits[0].assignments[0].rank, "9");

    // A bomb or a trio with a single, with a previous play to beat: the soft bomb beats 2 2 2 + 3.
    let response = client
        .fit_wildcards(FitWildcardsRequest {
            rules: wild("3"),
            play: cards("4 4 4 3"),
            previous: cards("2 2 2 5"),
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(response.fits.len(), 13);
    let bomb = &response.fits[0];
    assert_eq!(
        bomb.reading.as_ref().unwrap().bomb_kind,
        BombKind::Soft as i32
    );
    assert!(bomb.beats_previous);
    assert!(response.fits[1..].iter().all(|fit| !fit.beats_previous));
    assert_eq!(
        response.previous_reading.unwrap().r#type,
        ComboType::TrioWithSingle as i32
    );

    // The type filter and the limit.
    let response = client
        .fit_wildcards(FitWildcardsRequest {
            rules: wild("3"),
            play: cards("4 4 4 3"),
            r#type: ComboType::TrioWithSingle as i32,
            limit: 2,
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(
        summary(&response),
        [
            "trio_with_single 4-4 x3 +3 [3]",
            "trio_with_single 4-4 x3 +5 [5]"
        ]
    );
    assert!(response.truncated);

    // 天地癞子: 5 and J wild, both in one play, and a previous play with wildcards.
    let response = client
        .fit_wildcards(FitWildcardsRequest {
            rules: wild("5 J"),
            play: cards("3 3 3 5 J"),
            previous: cards("4 4 4 4 J"),
            previous_reading: Some(DoudizhuReadingSelector {
                r#type: ComboType::Bomb as i32,
                ..Default::default()
            }),
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(summary(&response)[0], "bomb 3-3 x5 + [3 3]");
    // Five 3s against five 4s: lower.
    assert!(!response.fits[0].beats_previous);
    assert_eq!(response.previous_reading.unwrap().copies, 5);

    // Cards that fit nothing: an empty, OK answer.
    let response = client
        .fit_wildcards(FitWildcardsRequest {
            rules: wild("9"),
            play: cards("3 5 9"),
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    assert!(response.fits.is_empty());

    // All wildcards: their natural rank (default), or any rank.
    let response = client
        .fit_wildcards(FitWildcardsRequest {
            rules: wild("7"),
            play: cards("7 7 7 7"),
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(summary(&response), ["bomb 7-7 x4 + [7 7 7 7]"]);
    assert_eq!(
        response.fits[0].reading.as_ref().unwrap().bomb_kind,
        BombKind::Pure as i32
    );
    let response = client
        .fit_wildcards(FitWildcardsRequest {
            rules: Some(DoudizhuRules {
                all_wildcard_play_natural: Some(false),
                bomb_order: BombOrder::SizeThenHardness as i32,
                ..wild("7").unwrap()
            }),
            play: cards("7 7 7 7"),
            r#type: ComboType::Bomb as i32,
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(response.fits.len(), 13);
    assert_eq!(summary(&response)[0], "bomb 2-2 x4 + [2 2 2 2]");
}

#[tokio::test]
async fn wild_rank_problems_are_invalid_argument() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let cases = [
        ("BJ", "3 3", "rules.wild_ranks[0]"),
        ("7 7", "3 3", "rules.wild_ranks[1]"),
        ("7H", "3 3", "rules.wild_ranks[0]"),
        ("7", "7 7 7 7 7", "play[4]"),
        ("7", "", "play"),
    ];
    for (ranks, play, field) in cases {
        let status = client
            .fit_wildcards(FitWildcardsRequest {
                rules: wild(ranks),
                play: cards(play),
                ..Default::default()
            })
            .await
            .unwrap_err();
        assert_eq!(status.code(), Code::InvalidArgument, "{ranks} {play}");
        let violations = field_violations(&status);
        assert_eq!(violations[0].0, field, "{ranks} {play}: {violations:?}");
    }
    let status = client
        .fit_wildcards(FitWildcardsRequest {
            rules: wild("7"),
            play: cards("7 7 7 7 7"),
            ..Default::default()
        })
        .await
        .unwrap_err();
    assert!(
        field_violations(&status)[0]
            .1
            .ends_with(" (7 is wild: a play holds at most 4 wildcards of it)"),
        "{:?}",
        field_violations(&status)
    );
    // ListPlays of a whole deck holding wildcards is answered (cut at the limit).
    let deck: Vec<String> = [
        "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2",
    ]
    .iter()
    .flat_map(|r| std::iter::repeat_n(r.to_string(), 4))
    .chain(["BJ".to_string(), "RJ".to_string()])
    .collect();
    let response = client
        .list_plays(cardrules::server::pb::ListPlaysRequest {
            rules: wild("7"),
            hand: deck.clone(),
            limit: 100,
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(response.plays.len(), 100);
    assert!(response.truncated);
    // A two-deck hand holding wildcards above the largest hand (33 cards) is refused, not
    // left running.
    let two_decks: Vec<String> = deck.iter().chain(&deck).cloned().collect();
    let status = client
        .list_plays(cardrules::server::pb::ListPlaysRequest {
            rules: Some(DoudizhuRules {
                game: Game::DoudizhuFourPlayer as i32,
                ..wild("7").unwrap()
            }),
            hand: two_decks,
            ..Default::default()
        })
        .await
        .unwrap_err();
    assert_eq!(status.code(), Code::InvalidArgument);
    assert_eq!(
        field_violations(&status)[0],
        (
            "hand".to_string(),
            "a two-deck hand holding wildcards lists at most 33 cards (the largest hand), this \
             one has 108: larger ones can make millions of plays with one main part"
                .to_string()
        )
    );
}

#[tokio::test]
async fn a_dealt_laizi_hand_fits_its_wildcards() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let deal = client
        .deal(DealRequest {
            game: Game::Doudizhu as i32,
            seed: Some(7),
            wildcard_draw: WildcardDraw::One as i32,
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(deal.wildcard_ranks.len(), 1);
    let wild_rank = deal.wildcard_ranks[0].clone();
    let hand = deal.hands[0].cards.clone();
    let response = client
        .fit_wildcards(FitWildcardsRequest {
            rules: Some(DoudizhuRules {
                wild_ranks: deal.wildcard_ranks.clone(),
                ..Default::default()
            }),
            play: hand.clone(),
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    let wildcards = hand
        .iter()
        .filter(|card| card.trim_end_matches(['S', 'H', 'C', 'D']) == wild_rank)
        .count();
    assert_eq!(response.wildcards as usize, wildcards);
    for fit in &response.fits {
        assert_eq!(fit.assignments.len(), wildcards);
    }
}

#[tokio::test]
async fn validate_play_and_compare_combos_read_wildcards() {
    use cardrules::server::pb::{
        CompareCombosRequest, ComparisonOutcome, IllegalPlayReason, ValidatePlayRequest,
    };
    let server = TestServer::start().await;
    let mut client = server.client().await;

    // 3 is wild: 4 4 4 + 3H over 2 2 2 + 5: only the soft bomb beats.
    let response = client
        .validate_play(ValidatePlayRequest {
            rules: wild("3"),
            hand: cards("4S 4H 4C 3H 9D"),
            play: cards("4S 4H 4C 3H"),
            previous: cards("2 2 2 5"),
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    assert!(response.legal, "{response:?}");
    let reading = response.reading.unwrap();
    assert_eq!(reading.r#type, ComboType::Bomb as i32);
    assert_eq!(reading.wild_as, ["4"]);
    assert_eq!(reading.bomb_kind, BombKind::Soft as i32);
    assert_eq!(response.readings.len(), 13);
    assert_eq!(
        response.message,
        "soft bomb 4 (wildcards as 4) beats trio with a single 2 + 5"
    );

    // Leading, the first reading is the lowest kind (as for plain plays): a trio with a single.
    let response = client
        .validate_play(ValidatePlayRequest {
            rules: wild("3"),
            play: cards("4 4 4 3"),
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    let reading = response.reading.unwrap();
    assert_eq!(reading.r#type, ComboType::TrioWithSingle as i32);
    assert_eq!(reading.kickers, ["3"]);

    // A wildcard cannot make 10 J Q K A reach a 2, and 3 5 9 fits nothing.
    let response = client
        .validate_play(ValidatePlayRequest {
            rules: wild("9"),
            play: cards("3 5 9"),
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(response.reason, IllegalPlayReason::NotACombo as i32);

    // A soft bomb of 10s against the natural bomb of 10s: the hard one wins under the default
    // order; under SIZE_ONLY they tie.
    for (order, outcome) in [
        (BombOrder::Unspecified, ComparisonOutcome::BBeatsA),
        (BombOrder::SizeOnly, ComparisonOutcome::Tie),
    ] {
        let response = client
            .compare_combos(CompareCombosRequest {
                rules: Some(DoudizhuRules {
                    bomb_order: order as i32,
                    ..wild("Q").unwrap()
                }),
                a: cards("10 10 10 Q"),
                b: cards("10 10 10 10"),
                a_reading: Some(DoudizhuReadingSelector {
                    r#type: ComboType::Bomb as i32,
                    ..Default::default()
                }),
                ..Default::default()
            })
            .await
            .unwrap()
            .into_inner();
        assert_eq!(response.outcome, outcome as i32, "{order:?}: {response:?}");
    }
}

#[tokio::test]
async fn list_plays_of_a_laizi_hand_is_the_hint_button() {
    use cardrules::server::pb::{ListPlaysRequest, ValidatePlayRequest};
    let server = TestServer::start().await;
    let mut client = server.client().await;
    // 9 is wild; the hand holds one.
    let hand = cards("5S 6H 7C 8D 9S KH KD");
    let response = client
        .list_plays(ListPlaysRequest {
            rules: wild("9"),
            hand: hand.clone(),
            previous: cards("3 4 5 6 7"),
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    let plays: Vec<(Vec<String>, Vec<String>)> = response
        .plays
        .iter()
        .map(|p| (p.cards.clone(), p.reading.as_ref().unwrap().wild_as.clone()))
        .collect();
    // 5 6 7 8 + the 9 is the only play above 3-7, listed as 5-9 (the 9 as itself), its strongest
    // reading (4-8 is another reading of the same cards).
    assert_eq!(
        plays,
        [(cards("5S 6H 7C 8D 9S"), cards("9"))],
        "{response:?}"
    );
    // Leading: pairs of K, K K + the 9 as a K (a trio), and more; every play validates.
    let response = client
        .list_plays(ListPlaysRequest {
            rules: wild("9"),
            hand: hand.clone(),
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    assert!(response.plays.iter().any(|p| {
        let r = p.reading.as_ref().unwrap();
        r.r#type == ComboType::Trio as i32 && r.rank == "K" && r.wild_as == ["K"]
    }));
    for play in &response.plays {
        let verdict = client
            .validate_play(ValidatePlayRequest {
                rules: wild("9"),
                hand: hand.clone(),
                play: play.cards.clone(),
                ..Default::default()
            })
            .await
            .unwrap()
            .into_inner();
        assert!(verdict.legal, "{:?}: {}", play.cards, verdict.message);
        assert_eq!(verdict.reading, play.reading);
    }
}

/// With one deck, laizi rules and PERMISSIVE (bomb_as_two_pairs), six cards of one rank (four
/// natural Js and two wildcards standing for J) are three pair kickers; STANDARD has no such
/// reading.
#[tokio::test]
async fn one_deck_six_of_a_rank_are_three_pair_kickers_under_permissive() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let rules = |preset: DoudizhuPreset| {
        Some(DoudizhuRules {
            preset: preset as i32,
            ..wild("7").unwrap()
        })
    };
    let play = cards("3S 3H 3C 4S 4H 4C 5S 5H 5C JS JH JC JD 7S 7H");
    let airplanes = |preset: DoudizhuPreset| FitWildcardsRequest {
        rules: rules(preset),
        play: play.clone(),
        r#type: ComboType::AirplaneWithPairs as i32,
        ..Default::default()
    };
    let fits = client
        .fit_wildcards(airplanes(DoudizhuPreset::Permissive))
        .await
        .unwrap()
        .into_inner();
    assert!(
        summary(&fits).contains(&"airplane_with_pairs 3-5 x3 +J J J J J J [J J]".to_string()),
        "{:?}",
        summary(&fits)
    );
    // Under STANDARD no pair kicker repeats a rank: the Js are two pairs at most, never three.
    let fits = client
        .fit_wildcards(airplanes(DoudizhuPreset::Standard))
        .await
        .unwrap()
        .into_inner();
    assert!(
        fits.fits
            .iter()
            .all(|fit| fit.reading.as_ref().unwrap().kickers != cards("J J J J J J")),
        "{:?}",
        summary(&fits)
    );
    server.shutdown().await.unwrap();
}

/// The largest messages the service writes stay bounded: an illegal laizi play with hundreds of
/// readings names the first five and counts the rest, a request with a bad card in every entry
/// gets 12 violations and a 13th that counts the rest, and a huge card string is quoted cut.
#[tokio::test]
async fn messages_stay_bounded_whatever_the_input() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    // 16 natural cards and four wildcards (9 wild) against the rocket under PERMISSIVE: 211
    // readings (airplanes with their wings every way), no bomb among them, so every reading
    // would be named as not answering it (over 14,000 characters).
    let play = cards("3 3 3 4 4 4 5 5 5 6 6 6 7 7 8 8 9 9 9 9");
    let permissive = Some(DoudizhuRules {
        preset: DoudizhuPreset::Permissive as i32,
        ..wild("9").unwrap()
    });
    let answer = client
        .validate_play(ValidatePlayRequest {
            rules: permissive.clone(),
            play: play.clone(),
            previous: cards("BJ RJ"),
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(answer.reason, IllegalPlayReason::WrongType as i32);
    let readings = answer.readings.len();
    assert_eq!(readings, 211);
    let more = format!("; and {} more readings", readings - 5);
    assert!(answer.message.contains(&more), "{}", answer.message);
    assert_eq!(
        answer.message.matches("; ").count(),
        5,
        "{}",
        answer.message
    );
    assert!(answer.message.len() < 1_000, "{}", answer.message.len());
    // NO_SUCH_READING lists them the same way.
    let answer = client
        .validate_play(ValidatePlayRequest {
            rules: permissive,
            play,
            intended: Some(DoudizhuReadingSelector {
                r#type: ComboType::Rocket as i32,
                ..Default::default()
            }),
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(answer.reason, IllegalPlayReason::NoSuchReading as i32);
    assert!(answer.message.contains(&more), "{}", answer.message);
    assert!(answer.message.len() < 1_000, "{}", answer.message.len());

    // A hand of 54 unknown cards and a play of 20: 12 violations, then one on `hand` that counts
    // the other 62.
    let status = client
        .validate_play(ValidatePlayRequest {
            hand: vec!["1X".to_string(); 54],
            play: vec!["1X".to_string(); 20],
            ..Default::default()
        })
        .await
        .unwrap_err();
    assert_eq!(status.code(), Code::InvalidArgument);
    let violations = field_violations(&status);
    assert_eq!(violations.len(), 13);
    assert_eq!(violations[11].0, "hand[11]");
    assert_eq!(
        violations[12],
        (
            "hand".to_string(),
            "and 62 more problems, not listed".to_string()
        )
    );
    assert!(status.message().len() < 2_000, "{}", status.message().len());

    // A 60,000-character card: quoted by its first 16 characters and its length.
    let status = client
        .validate_play(ValidatePlayRequest {
            play: vec!["X".repeat(60_000)],
            ..Default::default()
        })
        .await
        .unwrap_err();
    let violations = field_violations(&status);
    assert_eq!(violations[0].0, "play[0]");
    assert!(
        violations[0]
            .1
            .starts_with("unknown card \"XXXXXXXXXXXXXXXX\"… (60000 bytes)"),
        "{}",
        violations[0].1
    );
    assert!(status.message().len() < 300, "{}", status.message().len());
    server.shutdown().await.unwrap();
}
