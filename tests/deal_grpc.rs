//! Deal over gRPC with the generated client.

mod common;

use cardrules::server::pb::{DealRequest, Game, WildcardDraw};
use common::{TestServer, field_violations};
use tonic::Code;

#[tokio::test]
async fn a_seeded_deal_is_replayable_and_shaped_as_documented() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let request = DealRequest {
        game: Game::Doudizhu as i32,
        seed: Some(42),
        landlord_seat: Some(0),
        ..Default::default()
    };
    let first = client.deal(request).await.unwrap().into_inner();
    let again = client.deal(request).await.unwrap().into_inner();
    assert_eq!(first, again);
    assert_eq!(first.seed, 42);
    assert_eq!(first.hands.len(), 3);
    assert_eq!(first.hands[0].cards.len(), 20);
    assert!(first.hands[0].is_landlord);
    assert_eq!(first.kitty, ["5D", "7C", "KS"]);
    assert_eq!(
        first.hands[1].cards.join(" "),
        "3S 3H 4S 4H 4C 5H 5C 6D 7H 8C JH QS QD KC AC 2S BJ"
    );
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn an_unseeded_deal_returns_the_seed_that_replays_it() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let request = DealRequest {
        game: Game::Mahjong as i32,
        include_flowers: true,
        ..Default::default()
    };
    let first = client.deal(request).await.unwrap().into_inner();
    let other = client.deal(request).await.unwrap().into_inner();
    assert_ne!(first.seed, other.seed, "seeds come from the OS CSPRNG");
    let replay = client
        .deal(DealRequest {
            seed: Some(first.seed),
            ..request
        })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(first, replay);
    assert_eq!(first.hands.len(), 4);
    assert_eq!(first.wall.len(), 144 - 52);
    assert!(first.kitty.is_empty());
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn laizi_deals_return_wildcard_ranks() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let response = client
        .deal(DealRequest {
            game: Game::DoudizhuFourPlayer as i32,
            seed: Some(5),
            wildcard_draw: WildcardDraw::Two as i32,
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(response.wildcard_ranks.len(), 2);
    assert_eq!(response.hands.len(), 4);
    assert!(response.hands.iter().all(|h| h.cards.len() == 25));
    assert_eq!(response.kitty.len(), 8);
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn malformed_requests_name_the_field_and_the_value() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let cases = [
        (DealRequest::default(), "game", "required"),
        (
            DealRequest {
                game: 99,
                ..Default::default()
            },
            "game",
            "99",
        ),
        (
            DealRequest {
                game: Game::Doudizhu as i32,
                landlord_seat: Some(3),
                ..Default::default()
            },
            "landlord_seat",
            "seat 3",
        ),
        (
            DealRequest {
                game: Game::Mahjong as i32,
                landlord_seat: Some(0),
                ..Default::default()
            },
            "landlord_seat",
            "GAME_MAHJONG",
        ),
        (
            DealRequest {
                game: Game::Doudizhu as i32,
                include_flowers: true,
                ..Default::default()
            },
            "include_flowers",
            "GAME_DOUDIZHU",
        ),
        (
            DealRequest {
                game: Game::Mahjong as i32,
                wildcard_draw: WildcardDraw::One as i32,
                ..Default::default()
            },
            "wildcard_draw",
            "GAME_MAHJONG",
        ),
        (
            DealRequest {
                game: Game::Doudizhu as i32,
                wildcard_draw: 7,
                ..Default::default()
            },
            "wildcard_draw",
            "7",
        ),
    ];
    for (request, field, mention) in cases {
        let status = client.deal(request).await.unwrap_err();
        assert_eq!(status.code(), Code::InvalidArgument, "{request:?}");
        assert!(status.message().contains(field), "{}", status.message());
        let violations = field_violations(&status);
        assert_eq!(violations.len(), 1, "{violations:?}");
        assert_eq!(violations[0].0, field);
        assert!(violations[0].1.contains(mention), "{violations:?}");
    }
    server.shutdown().await.unwrap();
}
