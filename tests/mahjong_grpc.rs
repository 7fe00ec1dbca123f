//! MahjongWaits and MahjongAnalyze over gRPC with the generated client.

mod common;

use cardrules::server::pb::{
    HandForm, KaratenPolicy, MahjongAnalyzeRequest, MahjongPreset, MahjongRules, MahjongSuit,
    MahjongWaitsRequest, Meld, MeldKind, NotReadyReason, WaitExclusion,
};
use common::{TestServer, field_violations};
use tonic::Code;

fn rules(preset: MahjongPreset) -> Option<MahjongRules> {
    Some(MahjongRules {
        preset: preset as i32,
        ..Default::default()
    })
}

#[tokio::test]
async fn waits_report_tiles_live_counts_forms_and_dead_waits() {
    let server = TestServer::start().await;
    let mut client = server.client().await;

    let r = client
        .mahjong_waits(MahjongWaitsRequest {
            hand: "1112345678999m".into(),
            visible: "5m5m".into(),
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    assert!(r.ready);
    let tiles: Vec<&str> = r.waits.iter().map(|w| w.tile.as_str()).collect();
    assert_eq!(
        tiles,
        ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m"]
    );
    assert_eq!(r.waits[4].live, 1, "5m: one in hand, two visible");
    assert_eq!(r.waits[0].forms, [HandForm::Standard as i32]);
    assert_eq!(r.live_total, 1 + 3 * 3 + 1 + 3 * 3 + 1);

    // Pure karaten: not ready under riichi, with the dead wait and its reason.
    let r = client
        .mahjong_waits(MahjongWaitsRequest {
            hand: "1111m234p567p789s".into(),
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    assert!(!r.ready);
    assert_eq!(r.shanten, 1);
    assert_eq!(r.not_ready_reason, NotReadyReason::Karaten as i32);
    assert_eq!(r.excluded[0].tile, "1m");
    assert_eq!(r.excluded[0].reason, WaitExclusion::KaratenHand as i32);
    // ... and ready when the policy counts it.
    let r = client
        .mahjong_waits(MahjongWaitsRequest {
            hand: "1111m234p567p789s".into(),
            rules: Some(MahjongRules {
                karaten_policy: KaratenPolicy::Ready as i32,
                ..Default::default()
            }),
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    assert!(r.ready);

    // Guobiao: a quad counts as two pairs.
    let r = client
        .mahjong_waits(MahjongWaitsRequest {
            hand: "1111m223344556p".into(),
            rules: rules(MahjongPreset::Guobiao),
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    assert!(r.ready);
    assert_eq!(r.waits[0].tile, "6p");
    assert_eq!(r.waits[0].forms, [HandForm::SevenPairs as i32]);
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn waits_with_melds_void_suit_and_wildcards() {
    let server = TestServer::start().await;
    let mut client = server.client().await;

    // A pon declared: 10 concealed tiles.
    let r = client
        .mahjong_waits(MahjongWaitsRequest {
            hand: "123m456p789s1z".into(),
            melds: vec![Meld {
                kind: MeldKind::Pon as i32,
                tiles: "222z".into(),
                concealed: false,
            }],
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    assert!(r.ready);
    assert_eq!(r.waits[0].tile, "1z");
    assert_eq!(r.waits[0].live, 3);

    // Sichuan with a void suit still held.
    let r = client
        .mahjong_waits(MahjongWaitsRequest {
            hand: "123m456m789p111p1s".into(),
            rules: Some(MahjongRules {
                preset: MahjongPreset::Sichuan as i32,
                void_suit: MahjongSuit::Bamboo as i32,
                ..Default::default()
            }),
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    assert!(!r.ready);
    assert_eq!(r.not_ready_reason, NotReadyReason::VoidSuit as i32);

    // Hongzhong: wildcard substitutions, and decompositions on request.
    let r = client
        .mahjong_waits(MahjongWaitsRequest {
            hand: "12m456p789s11s5s77z".into(),
            rules: rules(MahjongPreset::Hongzhong),
            decompose: true,
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    assert!(r.ready);
    let three = r.waits.iter().find(|w| w.tile == "3m").unwrap();
    assert_eq!(three.wildcard_as.len(), 2);
    let d = three.decomposition.as_ref().unwrap();
    assert_eq!(d.form, HandForm::Standard as i32);
    assert_eq!(d.wildcard_as, three.wildcard_as);
    server.shutdown().await.unwrap();
}

/// Hongzhong hands with wildcards answered with and without `skip_decompositions`: the same
/// answer, except that the skipped one has no `wildcard_as` (and no decomposition).
#[tokio::test]
async fn skipping_the_decompositions_leaves_the_waits_as_they_are() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let cases: [(&str, Vec<Meld>, &str); 7] = [
        ("123m456p789s7777z", vec![], ""),
        ("12m456p789s11s5s77z", vec![], "3m3m"),
        ("1122m3344p5566s7z", vec![], ""),
        ("2468m1357p99s777z", vec![], ""),
        (
            "7z",
            ["111m", "222p", "333s", "444m"].map(pon).to_vec(),
            "5m",
        ),
        ("45m77z", ["111m", "222p", "333s"].map(pon).to_vec(), "6m"),
        // Not ready: nothing to decompose either way.
        ("1357m2468p1357s7z", vec![], ""),
    ];
    let mut wildcards_shown = 0;
    for (hand, melds, visible) in cases {
        let request = MahjongWaitsRequest {
            hand: hand.into(),
            melds,
            visible: visible.into(),
            rules: rules(MahjongPreset::Hongzhong),
            ..Default::default()
        };
        let full = client
            .mahjong_waits(request.clone())
            .await
            .unwrap()
            .into_inner();
        let skipped = client
            .mahjong_waits(MahjongWaitsRequest {
                skip_decompositions: true,
                ..request
            })
            .await
            .unwrap()
            .into_inner();
        assert!(skipped.waits.iter().all(|w| w.wildcard_as.is_empty()));
        assert!(skipped.waits.iter().all(|w| w.decomposition.is_none()));
        wildcards_shown += full
            .waits
            .iter()
            .filter(|w| !w.wildcard_as.is_empty())
            .count();
        let mut without = full.clone();
        for wait in &mut without.waits {
            wait.wildcard_as.clear();
        }
        assert_eq!(skipped, without, "{hand}");
    }
    // The cases do show substitutions when not skipped.
    assert!(wildcards_shown > 10, "{wildcards_shown}");
    server.shutdown().await.unwrap();
}

fn pon(tiles: &str) -> Meld {
    Meld {
        kind: MeldKind::Pon as i32,
        tiles: tiles.into(),
        concealed: false,
    }
}

#[tokio::test]
async fn hongzhong_wildcard_cap_counts_the_melds() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let four_pons = || ["111m", "222p", "333s", "444m"].map(pon).to_vec();

    // A lone wildcard beside four pons waits on every kind but the ponned ones.
    let r = client
        .mahjong_waits(MahjongWaitsRequest {
            hand: "7z".into(),
            melds: four_pons(),
            rules: rules(MahjongPreset::Hongzhong),
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    assert!(r.ready);
    assert!(!r.any_tile);
    let tiles: Vec<&str> = r.waits.iter().map(|w| w.tile.as_str()).collect();
    for kind in ["1m", "2p", "3s", "4m"] {
        assert!(!tiles.contains(&kind), "{kind} in {tiles:?}");
    }
    assert!(r.excluded.is_empty());
    assert_eq!(tiles.len(), 27 - 4 + 1);
    let seven = r.waits.iter().find(|w| w.tile == "7z").unwrap();
    assert_eq!(seven.wildcard_as, ["2m", "2m"]);
    assert!(r.message.starts_with("ready on 2m 3m 5m"), "{}", r.message);

    // 3p/6p/9p would need the wildcard as a fifth 5m: only the dead 5m is left.
    let r = client
        .mahjong_waits(MahjongWaitsRequest {
            hand: "5m45555678p7z".into(),
            melds: vec![pon("555m")],
            rules: Some(MahjongRules {
                preset: MahjongPreset::Hongzhong as i32,
                karaten_policy: KaratenPolicy::OwnTilesNotReady as i32,
                ..Default::default()
            }),
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    assert!(!r.ready);
    assert_eq!(r.shanten, 1);
    assert!(r.waits.is_empty());
    assert_eq!(r.not_ready_reason, NotReadyReason::Karaten as i32);
    assert_eq!(r.excluded.len(), 1);
    assert_eq!(r.excluded[0].tile, "5m");
    assert_eq!(r.excluded[0].reason, WaitExclusion::KaratenMelds as i32);
    assert_eq!(
        r.message,
        "not ready: the only waits (5m) are dead through the player's own tiles"
    );

    // A kan leaves no room at all for a wildcard of its kind.
    let mut melds = four_pons();
    melds[0] = Meld {
        kind: MeldKind::Kan as i32,
        tiles: "1111m".into(),
        concealed: false,
    };
    let r = client
        .mahjong_waits(MahjongWaitsRequest {
            hand: "7z".into(),
            melds,
            rules: rules(MahjongPreset::Hongzhong),
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    assert!(r.waits.iter().all(|w| w.tile != "1m"));
    assert!(r.excluded.is_empty());

    // MahjongAnalyze: 1m + a wildcard as a fifth 1m is no win.
    let r = client
        .mahjong_analyze(MahjongAnalyzeRequest {
            hand: "1m7z".into(),
            melds: four_pons(),
            rules: rules(MahjongPreset::Hongzhong),
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    assert!(!r.complete);
    assert_eq!(r.shanten, 0);
    let keep_one = r.discards.iter().find(|d| d.discard == "7z").unwrap();
    let improving: Vec<&str> = keep_one.improving.iter().map(|i| i.tile.as_str()).collect();
    assert_eq!(improving, ["1m"]);
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn analyze_ranks_discards() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let r = client
        .mahjong_analyze(MahjongAnalyzeRequest {
            hand: "123m456p789s11225z".into(),
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    assert!(!r.complete);
    assert_eq!(r.shanten, 0);
    assert_eq!(r.discards[0].discard, "5z");
    let waits: Vec<(&str, u32)> = r.discards[0]
        .improving
        .iter()
        .map(|i| (i.tile.as_str(), i.live))
        .collect();
    assert_eq!(waits, [("1z", 2), ("2z", 2)]);
    assert_eq!(r.message, "discard 5z: ready on 1z 2z (4 live)");

    let r = client
        .mahjong_analyze(MahjongAnalyzeRequest {
            hand: "19m19p19s12345677z".into(),
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    assert!(r.complete);
    assert_eq!(r.shanten, -1);
    assert_eq!(
        r.decomposition.unwrap().form,
        HandForm::ThirteenOrphans as i32
    );
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn malformed_requests_name_the_field() {
    let server = TestServer::start().await;
    let mut client = server.client().await;

    let status = client
        .mahjong_waits(MahjongWaitsRequest {
            hand: "11111m23456789p".into(),
            ..Default::default()
        })
        .await
        .unwrap_err();
    assert_eq!(status.code(), Code::InvalidArgument);
    let v = field_violations(&status);
    assert_eq!(v[0].0, "hand");
    assert!(v[0].1.contains("5 copies of 1m"), "{}", v[0].1);

    let status = client
        .mahjong_waits(MahjongWaitsRequest {
            hand: "1m234p567p789s".into(),
            melds: vec![
                Meld {
                    kind: MeldKind::Pon as i32,
                    tiles: "111z".into(),
                    concealed: false,
                },
                Meld {
                    kind: MeldKind::Chi as i32,
                    tiles: "135m".into(),
                    concealed: false,
                },
            ],
            ..Default::default()
        })
        .await
        .unwrap_err();
    assert_eq!(status.code(), Code::InvalidArgument);
    let v = field_violations(&status);
    assert_eq!(v[0].0, "melds[1]");
    assert_eq!(
        v[0].1,
        "135m is not a valid meld: a chi is three consecutive tiles of one suit, e.g. 345p"
    );

    let status = client
        .mahjong_waits(MahjongWaitsRequest {
            hand: "1m234p567p789s".into(),
            melds: vec![Meld {
                kind: MeldKind::Pon as i32,
                tiles: "111z".into(),
                concealed: true,
            }],
            ..Default::default()
        })
        .await
        .unwrap_err();
    assert_eq!(
        field_violations(&status),
        [(
            "melds[0]".to_string(),
            "only a kan can be concealed".to_string()
        )]
    );

    let status = client
        .mahjong_analyze(MahjongAnalyzeRequest {
            hand: "123m456p789s1122z".into(),
            ..Default::default()
        })
        .await
        .unwrap_err();
    assert_eq!(field_violations(&status)[0].0, "hand");

    let status = client
        .mahjong_waits(MahjongWaitsRequest {
            hand: "123m456p789s1122z".into(),
            rules: Some(MahjongRules {
                preset: MahjongPreset::Sichuan as i32,
                ..Default::default()
            }),
            ..Default::default()
        })
        .await
        .unwrap_err();
    let v = field_violations(&status);
    assert_eq!(v[0].0, "hand");
    assert!(v[0].1.contains("honour"), "{}", v[0].1);

    let status = client
        .mahjong_waits(MahjongWaitsRequest {
            hand: "123m456p789s11x".into(),
            rules: Some(MahjongRules {
                preset: 99,
                ..Default::default()
            }),
            ..Default::default()
        })
        .await
        .unwrap_err();
    let fields: Vec<String> = field_violations(&status).into_iter().map(|v| v.0).collect();
    assert_eq!(fields, ["rules.preset", "hand"]);
    server.shutdown().await.unwrap();
}
