//! MahjongScore over gRPC with the generated client.

mod common;

use cardrules::server::pb::{
    MahjongRules, MahjongScoreRequest, MahjongWinContext, Meld, RiichiScoringPreset,
    RiichiScoringRules, RiichiWinContext, ScoreUnit, SeatWind, WinInvalidReason, WinMethod,
};
use common::{TestServer, field_violations};
use tonic::Code;

fn request(hand: &str, winning: &str) -> MahjongScoreRequest {
    MahjongScoreRequest {
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
async fn riichi_hands_are_scored_with_elements_and_payments() {
    let server = TestServer::start().await;
    let mut client = server.client().await;

    // Riichi, pinfu, tanyao and a red five, dora 3p -> 4p: 4 han 30 fu? No: pinfu ron is 30 fu.
    let mut r = request("234567m340p678s55p", "7m");
    let context = r.context.as_mut().unwrap();
    context.riichi = Some(RiichiWinContext {
        riichi: true,
        dora_indicators: "3p".into(),
        ..Default::default()
    });
    let a = client.mahjong_score(r).await.unwrap().into_inner();
    assert!(a.valid, "{}", a.message);
    let ids: Vec<&str> = a.elements.iter().map(|e| e.id.as_str()).collect();
    assert_eq!(
        ids,
        [
            "riichi.riichi",
            "riichi.pinfu",
            "riichi.tanyao",
            "riichi.dora",
            "riichi.red_five"
        ]
    );
    assert_eq!(a.elements[0].unit, ScoreUnit::Han as i32);
    let totals = a.totals.unwrap();
    assert_eq!((totals.han, totals.fu), (5, 30));
    assert_eq!(totals.limit_name, "mangan");
    assert_eq!(totals.winner_gain, 8000);
    assert_eq!(a.payments.len(), 2);
    assert_eq!(a.payments[0].seat, SeatWind::South as i32);
    assert_eq!(a.payments[1].seat, SeatWind::West as i32);
    assert_eq!(a.payments[1].points, -8000);
    assert!(a.decomposition.is_some());

    // A double yakuman under Majsoul, self-drawn by the dealer: 32,000 from each.
    let mut r = request("19m19p19s12345677z", "7z");
    r.context = Some(MahjongWinContext {
        method: WinMethod::SelfDrawn as i32,
        ..Default::default()
    });
    r.riichi = Some(RiichiScoringRules {
        preset: RiichiScoringPreset::Majsoul as i32,
        ..Default::default()
    });
    let a = client.mahjong_score(r).await.unwrap().into_inner();
    assert_eq!(a.totals.as_ref().unwrap().yakuman, 2);
    assert_eq!(a.totals.as_ref().unwrap().winner_gain, 96000);
    assert_eq!(a.message, "double yakuman: 96000");

    // No yaku: an OK answer that says so.
    let mut r = request("456m345p678s99p", "6m");
    r.melds = vec![Meld {
        tiles: "123m".into(),
        ..Default::default()
    }];
    let a = client.mahjong_score(r).await.unwrap().into_inner();
    assert!(!a.valid);
    assert_eq!(a.invalid_reason, WinInvalidReason::NoYaku as i32);
    assert!(a.payments.is_empty());
}

#[tokio::test]
async fn malformed_hands_name_the_field() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let cases = [
        // Wrong tile count for the melds.
        (
            {
                let mut r = request("123456m345p678s55p", "6m");
                r.melds = vec![Meld {
                    tiles: "789m".into(),
                    ..Default::default()
                }];
                r
            },
            "hand",
        ),
        // The winning tile is not in the hand.
        (request("123456m345p678s55p", "9m"), "winning_tile"),
        // Five copies.
        (request("11111m345p678s555p", "1m"), "hand"),
        // Not one tile.
        (request("123456m345p678s55p", "66m"), "winning_tile"),
        // Riichi with an open meld.
        (
            {
                let mut r = request("456m345p678s99p", "6m");
                r.melds = vec![Meld {
                    tiles: "123m".into(),
                    ..Default::default()
                }];
                r.context.as_mut().unwrap().riichi = Some(RiichiWinContext {
                    riichi: true,
                    ..Default::default()
                });
                r
            },
            "context.riichi.riichi",
        ),
        // An unknown wind.
        (
            {
                let mut r = request("123456m345p678s55p", "6m");
                r.context.as_mut().unwrap().seat_wind = 9;
                r
            },
            "context.seat_wind",
        ),
        // Five dora indicators of one kind.
        (
            {
                let mut r = request("123456m345p678s55p", "6m");
                r.context.as_mut().unwrap().riichi = Some(RiichiWinContext {
                    dora_indicators: "5p5p5p".into(),
                    ..Default::default()
                });
                r
            },
            "context.riichi.dora_indicators",
        ),
        (
            {
                let mut r = request("123456m345p678s55p", "6m");
                r.riichi = Some(RiichiScoringRules {
                    double_wind_pair_fu: Some(3),
                    ..Default::default()
                });
                r
            },
            "riichi.double_wind_pair_fu",
        ),
        (
            {
                let mut r = request("123456m345p678s55p", "6m");
                r.rules = Some(MahjongRules {
                    preset: 42,
                    ..Default::default()
                });
                r
            },
            "rules.preset",
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
async fn sichuan_and_hongzhong_are_scored_by_their_tables() {
    use cardrules::server::pb::{
        HongzhongScoringRules, MahjongPreset, MahjongSuit, SichuanScoringRules,
    };
    let server = TestServer::start().await;
    let mut client = server.client().await;

    let sichuan = |hand: &str, winning: &str| {
        let mut r = request(hand, winning);
        r.rules = Some(MahjongRules {
            preset: MahjongPreset::Sichuan as i32,
            void_suit: MahjongSuit::Bamboo as i32,
            ..Default::default()
        });
        r
    };
    let a = client
        .mahjong_score(sichuan("11112233m4455p66p", "6p"))
        .await
        .unwrap()
        .into_inner();
    assert!(a.valid, "{}", a.message);
    let ids: Vec<&str> = a.elements.iter().map(|e| e.id.as_str()).collect();
    assert_eq!(
        ids,
        [
            "sichuan.basic",
            "sichuan.seven_pairs",
            "sichuan.dragon_seven_pairs"
        ]
    );
    assert_eq!(a.totals.as_ref().unwrap().fan, 3);
    assert_eq!(a.payments[1].points, -8);
    // A 2-fan cap.
    let mut r = sichuan("11112233m4455p66p", "6p");
    r.sichuan = Some(SichuanScoringRules {
        max_fan: Some(2),
        ..Default::default()
    });
    let a = client.mahjong_score(r).await.unwrap().into_inner();
    assert_eq!(a.payments[1].points, -4);
    // Holding the void suit.
    let a = client
        .mahjong_score(sichuan("123m456m789p11p123s", "1p"))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(a.invalid_reason, WinInvalidReason::VoidSuitHeld as i32);

    // Hongzhong: two red dragons stand for 2p and 3p; two birds.
    let mut r = request("123m456m789p155p77z", "1p");
    r.rules = Some(MahjongRules {
        preset: MahjongPreset::Hongzhong as i32,
        ..Default::default()
    });
    r.context.as_mut().unwrap().birds = 2;
    r.hongzhong = Some(HongzhongScoringRules {
        points_per_bird: Some(1),
        ..Default::default()
    });
    let a = client.mahjong_score(r).await.unwrap().into_inner();
    assert!(a.valid, "{}", a.message);
    assert_eq!(a.decomposition.unwrap().wildcard_as.len(), 2);
    assert_eq!(a.totals.unwrap().winner_gain, 2 + 2);
}

/// The pair and groups of an answer's decomposition, as MPSZ strings.
fn groups(a: &cardrules::server::pb::MahjongScoreResponse) -> Vec<String> {
    a.decomposition
        .as_ref()
        .unwrap()
        .groups
        .iter()
        .map(|g| g.tiles.clone())
        .collect()
}

/// The fu items of an answer: (id, value).
fn fu_items(a: &cardrules::server::pb::MahjongScoreResponse) -> Vec<(&str, i32)> {
    a.fu.iter().map(|e| (e.id.as_str(), e.value)).collect()
}

#[tokio::test]
async fn equal_value_riichi_readings_follow_the_stated_total_order() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let riichi = |mut r: MahjongScoreRequest| {
        r.context.as_mut().unwrap().riichi = Some(RiichiWinContext {
            riichi: true,
            ..Default::default()
        });
        r
    };

    // 4m completes the two-sided 23m (34 fu) or the pair 44m (単騎, 36 fu): both 1 han 40 fu,
    // and the higher fu before rounding (step 5) shows the pair wait.
    let a = client
        .mahjong_score(riichi(request("23444m555p123678s", "4m")))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(a.message, "40 fu 1 han: 1300");
    assert_eq!(
        fu_items(&a),
        [
            ("riichi.fu.base", 20),
            ("riichi.fu.closed_ron", 10),
            ("riichi.fu.meld", 4),
            ("riichi.fu.wait", 2)
        ]
    );

    // 5m completes the run 345m (the triplet 555m stays concealed: 34 fu) or the triplet (open
    // on a discard: 32 fu): both 40 fu, and step 5 shows the run and a concealed triplet.
    let a = client
        .mahjong_score(riichi(request("345555m123p789s99p", "5m")))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(a.message, "40 fu 1 han: 1300");
    assert_eq!(
        fu_items(&a),
        [
            ("riichi.fu.base", 20),
            ("riichi.fu.closed_ron", 10),
            ("riichi.fu.meld", 4)
        ]
    );

    // 3m is 嵌張 in 234m (pair 11m) or 辺張 in 123m (pair 44m): equal value, fu and fu items;
    // the wait decides (step 7): 嵌張 before 辺張.
    let a = client
        .mahjong_score(riichi(request("11223344456m345s", "3m")))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(a.message, "40 fu 2 han: 2600");
    assert_eq!(groups(&a), ["11m", "234m", "234m", "456m", "345s"]);
    // Self-drawn 7m is 嵌張 in 678m (pair 88m) or 辺張 in 789m (pair 55m), 28 fu either way:
    // the wait (step 7) decides before the lower pair would (step 8).
    let mut r = riichi(request("45555667788889m", "7m"));
    r.context.as_mut().unwrap().method = WinMethod::SelfDrawn as i32;
    r.context.as_mut().unwrap().discarder = SeatWind::Unspecified as i32;
    let a = client.mahjong_score(r).await.unwrap().into_inner();
    assert_eq!(groups(&a), ["88m", "456m", "555m", "678m", "789m"]);
    assert_eq!(a.totals.unwrap().fu, 30);

    // 9m completes 999m (双碰) with the pair 22m or the pair 55m: the same value and wait; the
    // lower pair decides (step 8).
    let mut r = request("22334455567999m", "9m");
    r.context.as_mut().unwrap().method = WinMethod::SelfDrawn as i32;
    r.context.as_mut().unwrap().discarder = SeatWind::Unspecified as i32;
    let a = client.mahjong_score(r).await.unwrap().into_inner();
    assert_eq!(groups(&a), ["22m", "345m", "345m", "567m", "999m"]);
}

#[tokio::test]
async fn a_counted_yakuman_counts_in_totals_yakuman() {
    use cardrules::server::pb::{KazoeLimit, RiichiLimit};
    let server = TestServer::start().await;
    let mut client = server.client().await;
    // Riichi, tsumo, pinfu, chinitsu, ittsu and three dora (1m): 14 han, no yakuman.
    let hand = |kazoe: KazoeLimit| {
        let mut r = request("11123456789m234m", "9m");
        let c = r.context.as_mut().unwrap();
        c.method = WinMethod::SelfDrawn as i32;
        c.discarder = SeatWind::Unspecified as i32;
        c.riichi = Some(RiichiWinContext {
            riichi: true,
            dora_indicators: "9m".into(),
            ..Default::default()
        });
        r.riichi = Some(RiichiScoringRules {
            kazoe: kazoe as i32,
            ..Default::default()
        });
        r
    };
    let a = client
        .mahjong_score(hand(KazoeLimit::Yakuman))
        .await
        .unwrap()
        .into_inner();
    let t = a.totals.unwrap();
    assert_eq!(t.han, 14);
    assert_eq!(t.limit, RiichiLimit::KazoeYakuman as i32);
    assert_eq!((t.yakuman, t.base_points), (1, 8000));
    assert_eq!(t.limit_name, "kazoe yakuman");
    // Kazoe as a sanbaiman: no yakuman counted.
    let a = client
        .mahjong_score(hand(KazoeLimit::Sanbaiman))
        .await
        .unwrap()
        .into_inner();
    let t = a.totals.unwrap();
    assert_eq!(t.limit, RiichiLimit::Sanbaiman as i32);
    assert_eq!((t.yakuman, t.base_points), (0, 6000));
}

#[tokio::test]
async fn impossible_riichi_facts_are_refused_naming_both_fields() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let with = |hand: &str, winning: &str, f: &dyn Fn(&mut MahjongWinContext)| {
        let mut r = request(hand, winning);
        f(r.context.as_mut().unwrap());
        r
    };
    let cases = [
        // Robbing a kong on the last discard: 234456m66p123444s on 1s was 2 han 40 fu with
        // both houtei and chankan.
        (
            with("234456m66p123444s", "1s", &|c| {
                c.robbing_kong = true;
                c.last_tile = true;
            }),
            "context.last_tile",
            "robbing_kong",
        ),
        // The dealer's first-turn win on a discard (the flag was dropped).
        (
            with("123456m345p678s55p", "6m", &|c| {
                c.seat_wind = SeatWind::East as i32;
                c.riichi = Some(RiichiWinContext {
                    first_turn: true,
                    ..Default::default()
                });
            }),
            "context.riichi.first_turn",
            "seat_wind",
        ),
        // Haitei on a kong's replacement tile (haitei was dropped).
        (
            {
                let mut r = with("123m456p789s55p", "5p", &|c| {
                    c.method = WinMethod::SelfDrawn as i32;
                    c.discarder = SeatWind::Unspecified as i32;
                    c.after_kong = true;
                    c.last_tile = true;
                });
                r.melds = vec![Meld {
                    tiles: "1111z".into(),
                    ..Default::default()
                }];
                r
            },
            "context.last_tile",
            "after_kong",
        ),
    ];
    for (r, field, other) in cases {
        let status = client.mahjong_score(r.clone()).await.unwrap_err();
        assert_eq!(status.code(), Code::InvalidArgument, "{r:?}");
        let violations = field_violations(&status);
        assert_eq!(violations.len(), 1, "{violations:?}");
        let (f, description) = &violations[0];
        assert_eq!(f, field);
        let named = field.rsplit('.').next().unwrap();
        assert!(
            description.contains(named) && description.contains(other),
            "{description}"
        );
    }
    // Each fact alone is still a win.
    let a = client
        .mahjong_score(with("234456m66p123444s", "1s", &|c| c.robbing_kong = true))
        .await
        .unwrap()
        .into_inner();
    assert!(a.valid, "{}", a.message);
    let a = client
        .mahjong_score(with("234456m66p123444s", "1s", &|c| c.last_tile = true))
        .await
        .unwrap()
        .into_inner();
    assert!(a.valid, "{}", a.message);
}
