//! MahjongScore under the Guobiao preset over gRPC: fans as elements, exclusions, the minimum,
//! payments with and without a named discarder, options and malformed requests.

mod common;

use cardrules::server::pb::{
    GuobiaoScoringRules, HandForm, MahjongPreset, MahjongRules, MahjongScoreRequest,
    MahjongWinContext, Meld, ScoreUnit, SeatWind, WinInvalidReason, WinMethod,
};
use common::{TestServer, field_violations};
use tonic::Code;

fn request(hand: &str, winning: &str) -> MahjongScoreRequest {
    MahjongScoreRequest {
        rules: Some(MahjongRules {
            preset: MahjongPreset::Guobiao as i32,
            ..Default::default()
        }),
        hand: hand.into(),
        winning_tile: winning.into(),
        context: Some(MahjongWinContext {
            seat_wind: SeatWind::South as i32,
            discarder: SeatWind::West as i32,
            ..Default::default()
        }),
        ..Default::default()
    }
}

#[tokio::test]
async fn guobiao_hands_are_scored_with_fans_exclusions_and_payments() {
    let server = TestServer::start().await;
    let mut client = server.client().await;

    // 清龙 + 门前清 + 平和 (无字 excluded by 平和), 20 fans on West's discard, 2 flowers.
    let mut r = request("123456789m345p66s", "9m");
    r.context.as_mut().unwrap().flowers = 2;
    let a = client.mahjong_score(r).await.unwrap().into_inner();
    assert!(a.valid, "{}", a.message);
    let ids: Vec<(&str, u32, i32)> = a
        .elements
        .iter()
        .map(|e| (e.id.as_str(), e.count, e.value))
        .collect();
    assert_eq!(
        ids,
        [
            ("guobiao.pure_straight", 1, 16),
            ("guobiao.concealed_hand", 1, 2),
            ("guobiao.all_chows", 1, 2),
            ("guobiao.flower_tiles", 2, 1),
        ]
    );
    assert_eq!(a.elements[0].name, "Pure Straight 清龙");
    assert_eq!(a.elements[0].unit, ScoreUnit::Fan as i32);
    assert_eq!(a.excluded.len(), 1);
    assert_eq!(a.excluded[0].id, "guobiao.no_honors");
    assert_eq!(a.excluded[0].excluded_by, "guobiao.all_chows");
    let totals = a.totals.unwrap();
    assert_eq!(
        (totals.fan, totals.base_points, totals.winner_gain),
        (22, 8, 46)
    );
    assert_eq!(a.message, "22 fan: 46");
    let payments: Vec<(i32, i64)> = a.payments.iter().map(|p| (p.seat, p.points)).collect();
    assert_eq!(
        payments,
        [
            (SeatWind::South as i32, 46),
            (SeatWind::East as i32, -8),
            (SeatWind::West as i32, -30),
            (SeatWind::North as i32, -8),
        ]
    );
    assert_eq!(a.decomposition.unwrap().form, HandForm::Standard as i32);

    // Self-drawn big four winds with melds: each of the three pays 8 + fans.
    let mut r = request("55p333444z", "4z");
    r.melds = vec![
        Meld {
            tiles: "111z".into(),
            ..Default::default()
        },
        Meld {
            tiles: "2222z".into(),
            ..Default::default()
        },
    ];
    r.context = Some(MahjongWinContext {
        method: WinMethod::SelfDrawn as i32,
        seat_wind: SeatWind::East as i32,
        ..Default::default()
    });
    let a = client.mahjong_score(r).await.unwrap().into_inner();
    assert!(a.valid, "{}", a.message);
    let ids: Vec<&str> = a.elements.iter().map(|e| e.id.as_str()).collect();
    assert_eq!(
        ids,
        [
            "guobiao.big_four_winds",
            "guobiao.half_flush",
            "guobiao.two_concealed_pungs",
            "guobiao.melded_kong",
            "guobiao.self_drawn"
        ]
    );
    assert_eq!(a.totals.as_ref().unwrap().fan, 98);
    assert!(a.payments[1..].iter().all(|p| p.points == -106));

    // Below the minimum: an OK answer that says so, with the fans it has.
    let mut r = request("888s55z", "5z");
    r.melds = ["222m", "333p", "777s"]
        .into_iter()
        .map(|t| Meld {
            tiles: t.into(),
            ..Default::default()
        })
        .collect();
    let a = client.mahjong_score(r.clone()).await.unwrap().into_inner();
    assert!(!a.valid);
    assert_eq!(a.invalid_reason, WinInvalidReason::BelowMinimum as i32);
    assert_eq!(a.message, "not a win: 7 fan, below the 8-fan minimum");
    assert!(a.payments.is_empty());
    assert_eq!(a.elements.len(), 2);

    // The same hand with a 6-fan minimum and base 1 is a win; no discarder named: the three
    // payers are unnamed, the discarder first.
    r.guobiao = Some(GuobiaoScoringRules {
        minimum_fan: Some(6),
        base_points: Some(1),
        ..Default::default()
    });
    r.context.as_mut().unwrap().discarder = SeatWind::Unspecified as i32;
    let a = client.mahjong_score(r).await.unwrap().into_inner();
    assert!(a.valid, "{}", a.message);
    let payments: Vec<(i32, i64)> = a.payments.iter().map(|p| (p.seat, p.points)).collect();
    assert_eq!(
        payments,
        [
            (SeatWind::South as i32, 10),
            (SeatWind::Unspecified as i32, -8),
            (SeatWind::Unspecified as i32, -1),
            (SeatWind::Unspecified as i32, -1),
        ]
    );

    // Not complete.
    let a = client
        .mahjong_score(request("123456789m345p67s", "9m"))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(a.invalid_reason, WinInvalidReason::NotComplete as i32);

    // Seven pairs, thirteen orphans and knitted forms report their form.
    for (hand, winning, form) in [
        ("1133m5577p2299s44z", "4z", HandForm::SevenPairs),
        ("19m19p19s12345677z", "7z", HandForm::ThirteenOrphans),
        ("147m258p36s123456z", "1m", HandForm::KnittedHonors),
        ("147m25p39s1234567z", "1z", HandForm::SevenStarKnitted),
        ("147m258p369s55511z", "1z", HandForm::KnittedStraight),
    ] {
        let a = client
            .mahjong_score(request(hand, winning))
            .await
            .unwrap()
            .into_inner();
        assert!(a.valid, "{hand}: {}", a.message);
        assert_eq!(a.decomposition.unwrap().form, form as i32, "{hand}");
    }
}

#[tokio::test]
async fn malformed_guobiao_requests_name_the_field() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let with = |f: &dyn Fn(&mut MahjongScoreRequest)| {
        let mut r = request("123456789m345p66s", "9m");
        f(&mut r);
        r
    };
    let cases = [
        (with(&|r| r.hand = "123456789m345p6s".into()), "hand"),
        (with(&|r| r.winning_tile = "1z".into()), "winning_tile"),
        (with(&|r| r.hand = "11111m56789m345p6s".into()), "hand"),
        (
            with(&|r| r.context.as_mut().unwrap().flowers = 9),
            "context.flowers",
        ),
        (
            with(&|r| {
                let c = r.context.as_mut().unwrap();
                c.method = WinMethod::SelfDrawn as i32;
                c.after_kong = true;
            }),
            "context.after_kong",
        ),
        (
            with(&|r| {
                r.winning_tile = "6s".into();
                r.context.as_mut().unwrap().last_of_kind = true;
            }),
            "context.last_of_kind",
        ),
        (
            with(&|r| {
                r.winning_tile = "6s".into();
                r.context.as_mut().unwrap().robbing_kong = true;
            }),
            "context.robbing_kong",
        ),
        (
            with(&|r| {
                r.guobiao = Some(GuobiaoScoringRules {
                    minimum_fan: Some(5000),
                    ..Default::default()
                })
            }),
            "guobiao.minimum_fan",
        ),
    ];
    for (r, field) in cases {
        let status = client.mahjong_score(r.clone()).await.unwrap_err();
        assert_eq!(status.code(), Code::InvalidArgument, "{r:?}");
        let fields: Vec<String> = field_violations(&status)
            .into_iter()
            .map(|(f, _)| f)
            .collect();
        assert!(fields.iter().any(|f| f == field), "{fields:?} for {r:?}");
    }
}

#[tokio::test]
async fn concealed_kong_and_melded_kong_by_option() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    // An open kong of 1m and a concealed kong of 5m, 234m 678s 99s, won on West's 4m (a
    // two-sided wait, no wait fan): 幺九刻 缺一门 无字 and the two kongs.
    let hand = |option: Option<bool>| {
        let mut r = request("234m678s99s", "4m");
        r.melds = vec![
            Meld {
                tiles: "1111m".into(),
                ..Default::default()
            },
            Meld {
                tiles: "5555m".into(),
                concealed: true,
                ..Default::default()
            },
        ];
        r.guobiao = Some(GuobiaoScoringRules {
            concealed_kong_and_melded_kong: option,
            ..Default::default()
        });
        r
    };
    let fans = |a: &cardrules::server::pb::MahjongScoreResponse| -> Vec<(String, i32)> {
        a.elements.iter().map(|e| (e.id.clone(), e.value)).collect()
    };
    // The default (and false): the book's 明杠 (1) + 暗杠 (2), 6 fans, under the minimum.
    for option in [None, Some(false)] {
        let a = client
            .mahjong_score(hand(option))
            .await
            .unwrap()
            .into_inner();
        assert_eq!(a.invalid_reason, WinInvalidReason::BelowMinimum as i32);
        assert_eq!(a.message, "not a win: 6 fan, below the 8-fan minimum");
        assert_eq!(
            fans(&a),
            [
                ("guobiao.concealed_kong".to_string(), 2),
                ("guobiao.pung_of_terminals_or_honors".to_string(), 1),
                ("guobiao.melded_kong".to_string(), 1),
                ("guobiao.one_voided_suit".to_string(), 1),
                ("guobiao.no_honors".to_string(), 1),
            ]
        );
    }
    // With the option: 明暗杠 (5), 8 fans, a win: West pays 8 + 8, the two others 8.
    let a = client
        .mahjong_score(hand(Some(true)))
        .await
        .unwrap()
        .into_inner();
    assert!(a.valid, "{}", a.message);
    assert_eq!(
        fans(&a),
        [
            ("guobiao.concealed_kong_and_melded_kong".to_string(), 5),
            ("guobiao.pung_of_terminals_or_honors".to_string(), 1),
            ("guobiao.one_voided_suit".to_string(), 1),
            ("guobiao.no_honors".to_string(), 1),
        ]
    );
    assert_eq!(a.elements[0].name, "Concealed Kong and Melded Kong 明暗杠");
    assert!(a.excluded.is_empty());
    assert_eq!(a.totals.unwrap().fan, 8);
    assert_eq!(a.payments[0].points, 16 + 8 + 8);
}
