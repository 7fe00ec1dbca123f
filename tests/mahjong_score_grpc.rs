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

/// Issue #27's Sichuan and Hongzhong sentences, one test each, through the generated client.
mod sichuan_and_hongzhong {
    use super::*;
    use cardrules::server::pb::{
        HandForm, HongzhongScoringRules, MahjongPreset, MahjongScoreResponse, MahjongSuit,
        SichuanScoringRules,
    };

    /// A Sichuan request, void suit bamboo, won on West's discard by South.
    fn sichuan(hand: &str, winning: &str) -> MahjongScoreRequest {
        let mut r = request(hand, winning);
        r.rules = Some(MahjongRules {
            preset: MahjongPreset::Sichuan as i32,
            void_suit: MahjongSuit::Bamboo as i32,
            ..Default::default()
        });
        r
    }

    /// A Hongzhong request (red dragons wild), won on West's discard by South.
    fn hongzhong(hand: &str, winning: &str) -> MahjongScoreRequest {
        let mut r = request(hand, winning);
        r.rules = Some(MahjongRules {
            preset: MahjongPreset::Hongzhong as i32,
            ..Default::default()
        });
        r
    }

    fn self_drawn(mut r: MahjongScoreRequest) -> MahjongScoreRequest {
        let c = r.context.as_mut().unwrap();
        c.method = WinMethod::SelfDrawn as i32;
        c.discarder = SeatWind::Unspecified as i32;
        r
    }

    async fn answer(r: MahjongScoreRequest) -> MahjongScoreResponse {
        let server = TestServer::start().await;
        let mut client = server.client().await;
        client.mahjong_score(r).await.unwrap().into_inner()
    }

    /// The elements as (id, value, count).
    fn elements(a: &MahjongScoreResponse) -> Vec<(&str, i32, u32)> {
        a.elements
            .iter()
            .map(|e| (e.id.as_str(), e.value, e.count))
            .collect()
    }

    fn groups(a: &MahjongScoreResponse) -> Vec<&str> {
        let d = a.decomposition.as_ref().expect("a decomposition");
        d.groups.iter().map(|g| g.tiles.as_str()).collect()
    }

    /// The fields an INVALID_ARGUMENT names.
    async fn refused(r: MahjongScoreRequest) -> Vec<(String, String)> {
        let server = TestServer::start().await;
        let mut client = server.client().await;
        let status = client.mahjong_score(r).await.unwrap_err();
        assert_eq!(status.code(), Code::InvalidArgument);
        field_violations(&status)
    }

    #[tokio::test]
    async fn bug_a_complete_hand_holding_its_void_suit_lists_its_reading() {
        let a = answer(sichuan("888p45555678999s", "8p")).await;
        assert!(!a.valid);
        assert_eq!(a.invalid_reason, WinInvalidReason::VoidSuitHeld as i32);
        assert_eq!(
            a.message,
            "not a win: the hand holds a tile of its void suit"
        );
        assert_eq!(
            elements(&a),
            [("sichuan.basic", 0, 1), ("sichuan.root", 1, 1)]
        );
        assert_eq!(groups(&a), ["99s", "888p", "456s", "555s", "789s"]);
        assert_eq!(a.totals.as_ref().unwrap().fan, 1);
        assert_eq!(a.totals.as_ref().unwrap().winner_gain, 0);
        assert!(a.payments.is_empty());
    }

    #[tokio::test]
    async fn item6_three_suits_without_a_void_suit_say_so() {
        let mut r = sichuan("123m456m789p11p123s", "1p");
        r.rules.as_mut().unwrap().void_suit = MahjongSuit::Unspecified as i32;
        let a = answer(r).await;
        assert_eq!(a.invalid_reason, WinInvalidReason::VoidSuitHeld as i32);
        assert_eq!(
            a.message,
            "not a win: the hand holds all three suits (no void suit set)"
        );
        assert_eq!(elements(&a), [("sichuan.basic", 0, 1)]);
        assert!(a.decomposition.is_some());
    }

    #[tokio::test]
    async fn item5_a_hand_not_complete_is_not_complete_whatever_suits_it_holds() {
        let a = answer(sichuan("123m456m789p11p124s", "1p")).await;
        assert_eq!(a.invalid_reason, WinInvalidReason::NotComplete as i32);
        assert!(a.elements.is_empty());
        assert!(a.decomposition.is_none());
    }

    #[tokio::test]
    async fn item1_four_red_dragons_are_listed_at_zero_whenever_they_apply() {
        // Complete as seven pairs without the four-dragon rule: listed all the same, at 0.
        let a = answer(self_drawn(hongzhong("1123346688p7777z", "8p"))).await;
        assert!(a.valid, "{}", a.message);
        assert_eq!(
            elements(&a),
            [
                ("hongzhong.win", 2, 1),
                ("hongzhong.four_wildcards", 0, 1),
                ("hongzhong.self_drawn", 0, 1),
                ("hongzhong.seven_pairs", 2, 1),
            ]
        );
        assert_eq!(a.totals.as_ref().unwrap().winner_gain, 3 * (2 + 2));
        // Complete only by the four-dragon rule: the same element, the same value.
        let a = answer(self_drawn(hongzhong("1357m2468p13s7777z", "7z"))).await;
        assert!(a.decomposition.is_none());
        assert_eq!(
            elements(&a),
            [
                ("hongzhong.win", 2, 1),
                ("hongzhong.four_wildcards", 0, 1),
                ("hongzhong.self_drawn", 0, 1),
            ]
        );
        assert_eq!(a.totals.as_ref().unwrap().winner_gain, 3 * 2);
    }

    #[tokio::test]
    async fn item2_elements_worth_zero_are_listed_when_they_apply() {
        let mut r = hongzhong("1122m3344p55667s7z", "7s");
        r.hongzhong = Some(HongzhongScoringRules {
            base_points: Some(0),
            seven_pairs_bonus: Some(0),
            points_per_bird: Some(0),
            ..Default::default()
        });
        r.context.as_mut().unwrap().birds = 2;
        let a = answer(r).await;
        assert!(a.valid, "{}", a.message);
        assert_eq!(
            a.decomposition.as_ref().unwrap().form,
            HandForm::SevenPairs as i32
        );
        assert_eq!(
            elements(&a),
            [
                ("hongzhong.win", 0, 1),
                ("hongzhong.seven_pairs", 0, 1),
                ("hongzhong.bird", 0, 2),
            ]
        );
        assert_eq!(a.payments[1].points, 0);
        // An element that does not apply is never listed: no birds, no bird element.
        let a = answer(hongzhong("1122m3344p55667s7z", "7s")).await;
        assert!(a.elements.iter().all(|e| e.id != "hongzhong.bird"));
        // Sichuan's 0-fan basic win is listed with every reading.
        let a = answer(sichuan("123m456m789m234p55p", "5p")).await;
        assert_eq!(elements(&a), [("sichuan.basic", 0, 1)]);
    }

    #[tokio::test]
    async fn item3_points_options_are_bounded_so_values_fit() {
        let mut r = hongzhong("123m456m789p11p777z", "1p");
        r.hongzhong = Some(HongzhongScoringRules {
            base_points: Some(1_000_000),
            points_per_bird: Some(1_000_000),
            ..Default::default()
        });
        r.context.as_mut().unwrap().birds = 10;
        let a = answer(r.clone()).await;
        assert_eq!(elements(&a)[0], ("hongzhong.win", 1_000_000, 1));
        assert_eq!(a.payments[1].points, -11_000_000);
        r.hongzhong = Some(HongzhongScoringRules {
            base_points: Some(1 << 31),
            self_drawn_bonus: Some(1_000_001),
            seven_pairs_bonus: Some(u32::MAX),
            no_wildcard_bonus: Some(1_000_001),
            points_per_bird: Some(1_000_001),
            ..Default::default()
        });
        r.sichuan = Some(SichuanScoringRules {
            base_points: Some(1_000_001),
            ..Default::default()
        });
        let fields: Vec<String> = refused(r).await.into_iter().map(|(f, _)| f).collect();
        assert_eq!(
            fields,
            [
                "sichuan.base_points",
                "hongzhong.base_points",
                "hongzhong.self_drawn_bonus",
                "hongzhong.seven_pairs_bonus",
                "hongzhong.no_wildcard_bonus",
                "hongzhong.points_per_bird",
            ]
        );
    }

    #[tokio::test]
    async fn item4_every_rule_sets_options_are_checked_whatever_the_preset() {
        use cardrules::server::pb::GuobiaoScoringRules;
        let mut r = sichuan("123m456m789m234p55p", "5p");
        r.guobiao = Some(GuobiaoScoringRules {
            minimum_fan: Some(5000),
            ..Default::default()
        });
        assert_eq!(
            refused(r).await,
            [(
                "guobiao.minimum_fan".to_string(),
                "5000 is more than 1000".to_string()
            )]
        );
        // And the other way: a Hongzhong option out of range refuses a Riichi request.
        let mut r = request("123456m345p678s55p", "6m");
        r.hongzhong = Some(HongzhongScoringRules {
            points_per_bird: Some(2_000_000),
            ..Default::default()
        });
        assert_eq!(
            refused(r).await,
            [(
                "hongzhong.points_per_bird".to_string(),
                "2000000 is more than 1000000".to_string()
            )]
        );
    }

    #[tokio::test]
    async fn item5_a_root_is_four_copies_held_a_pong_and_the_fourth_in_the_hand_included() {
        let mut r = sichuan("456m789m99m111p", "9m");
        r.melds = vec![Meld {
            tiles: "555m".into(),
            ..Default::default()
        }];
        let a = answer(r).await;
        assert!(a.valid, "{}", a.message);
        assert_eq!(
            elements(&a),
            [("sichuan.basic", 0, 1), ("sichuan.root", 1, 1)]
        );
    }

    #[tokio::test]
    async fn item5_seven_pairs_never_count_terminals() {
        // Every pair holds a 1 or a 9, and no standard reading exists.
        let a = answer(sichuan("1111m9999m1111p99p", "9p")).await;
        assert!(a.valid, "{}", a.message);
        assert_eq!(
            elements(&a),
            [
                ("sichuan.basic", 0, 1),
                ("sichuan.seven_pairs", 2, 1),
                ("sichuan.dragon_seven_pairs", 1, 3),
            ]
        );
    }

    #[tokio::test]
    async fn item5_equal_fans_keep_seven_pairs_then_the_most_and_lowest_pungs() {
        // Seven pairs + dragon + full flush (5) against terminals + full flush + root (5).
        let a = answer(sichuan("11223377889999m", "9m")).await;
        assert_eq!(
            elements(&a),
            [
                ("sichuan.basic", 0, 1),
                ("sichuan.full_flush", 2, 1),
                ("sichuan.seven_pairs", 2, 1),
                ("sichuan.dragon_seven_pairs", 1, 1),
            ]
        );
        assert_eq!(
            a.decomposition.as_ref().unwrap().form,
            HandForm::SevenPairs as i32
        );
        // 111 222 333 or 123 123 123, both 0 fan: the pungs.
        let a = answer(sichuan("111222333456m99p", "9p")).await;
        assert_eq!(elements(&a), [("sichuan.basic", 0, 1)]);
        let mut g = groups(&a);
        g.sort_unstable();
        assert_eq!(g, ["111m", "222m", "333m", "456m", "99p"]);
    }

    #[tokio::test]
    async fn item5_three_payers_on_a_discard_each_pay_what_the_discarder_would() {
        let mut r = hongzhong("123m456m789p111p55p", "5p");
        r.context.as_mut().unwrap().birds = 1;
        let alone = answer(r.clone()).await;
        assert_eq!(alone.payments.len(), 2);
        assert_eq!(alone.payments[1].seat, SeatWind::West as i32);
        // Base 2, no red dragon 2, one bird 2.
        assert_eq!(alone.payments[1].points, -6);
        r.hongzhong = Some(HongzhongScoringRules {
            self_drawn_bonus: Some(5),
            discarder_pays_alone: Some(false),
            ..Default::default()
        });
        let all = answer(r).await;
        let paid: Vec<(i32, i64)> = all.payments.iter().map(|p| (p.seat, p.points)).collect();
        assert_eq!(
            paid,
            [
                (SeatWind::South as i32, 18),
                (SeatWind::East as i32, -6),
                (SeatWind::West as i32, -6),
                (SeatWind::North as i32, -6),
            ]
        );
    }

    #[tokio::test]
    async fn item7_kong_facts_that_contradict_the_hand_are_refused_under_every_rule_set() {
        for preset in [
            MahjongPreset::Riichi,
            MahjongPreset::Guobiao,
            MahjongPreset::Sichuan,
            MahjongPreset::Hongzhong,
        ] {
            let base = || {
                let mut r = request("123m456m789m234p55p", "5p");
                r.rules = Some(MahjongRules {
                    preset: preset as i32,
                    ..Default::default()
                });
                r
            };
            // The replacement tile after a kong, with no kan among the melds.
            let mut r = self_drawn(base());
            r.context.as_mut().unwrap().after_kong = true;
            let fields: Vec<String> = refused(r).await.into_iter().map(|(f, _)| f).collect();
            assert_eq!(fields, ["context.after_kong"], "{preset:?}");
            // Robbing a 5p while holding another.
            let mut r = base();
            r.context.as_mut().unwrap().robbing_kong = true;
            let fields: Vec<String> = refused(r).await.into_iter().map(|(f, _)| f).collect();
            assert_eq!(fields, ["context.robbing_kong"], "{preset:?}");
        }
        // Hongzhong: a red dragon is never melded, so never robbed.
        let mut r = hongzhong("123m456m789p11p777z", "7z");
        r.context.as_mut().unwrap().robbing_kong = true;
        let fields: Vec<String> = refused(r).await.into_iter().map(|(f, _)| f).collect();
        assert_eq!(fields, ["context.robbing_kong"]);
        // Sichuan's 杠上炮 (a discard after the discarder's kong) needs no kan of the winner's.
        let mut r = sichuan("123m456m789m234p55p", "5p");
        r.context.as_mut().unwrap().after_kong = true;
        let a = answer(r).await;
        assert!(
            a.elements
                .iter()
                .any(|e| e.id == "sichuan.after_kong_discard")
        );
    }
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
