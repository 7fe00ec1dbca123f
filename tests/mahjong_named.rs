//! Known tricky hands, each with the answer every reference engine agrees on.

use cardrules::mahjong::{
    Exclusion, Field, Form, KaratenPolicy, MahjongError, Meld, MeldKind, Preset, RuleOverrides,
    Rules, analyze, waits, waits_explained,
};
use cardrules::tiles::{TileSuit, format_tiles, parse_tiles};

fn t(s: &str) -> Vec<cardrules::tiles::Tile> {
    parse_tiles(s).unwrap()
}

fn wait_tiles(r: &cardrules::mahjong::WaitsResult) -> String {
    format_tiles(&r.waits().map(|w| w.tile).collect::<Vec<_>>())
}

fn riichi() -> Rules {
    Rules::preset(Preset::Riichi)
}

#[test]
fn nine_gates_waits_on_nine_tiles() {
    let r = waits(&riichi(), &t("1112345678999m"), &[], &[]).unwrap();
    assert!(r.tenpai);
    assert_eq!(wait_tiles(&r), "123456789m");
    // Live: 1m and 9m have 3 in hand, so 1 left; the others 3.
    let live: Vec<u8> = r.waits().map(|w| w.live).collect();
    assert_eq!(live, vec![1, 3, 3, 3, 3, 3, 3, 3, 1]);
}

#[test]
fn thirteen_orphans_thirteen_sided() {
    let r = waits(&riichi(), &t("19m19p19s1234567z"), &[], &[]).unwrap();
    assert!(r.tenpai);
    assert_eq!(wait_tiles(&r), "19m19p19s1234567z");
    assert!(
        r.waits()
            .all(|w| w.forms.contains(Form::ThirteenOrphans) && w.live == 3)
    );
    // With the option off it is far from ready.
    let off = Rules::with_overrides(
        Preset::Riichi,
        &RuleOverrides {
            thirteen_orphans: Some(false),
            ..Default::default()
        },
    )
    .unwrap();
    let r = waits(&off, &t("19m19p19s1234567z"), &[], &[]).unwrap();
    assert!(!r.tenpai);
    assert!(r.shanten >= 5);
}

#[test]
fn pure_karaten_is_not_ready_in_riichi() {
    let r = waits(&riichi(), &t("1111m234p567p789s"), &[], &[]).unwrap();
    assert!(!r.tenpai);
    assert_eq!(r.shanten, 1);
    assert_eq!(r.waits().len(), 0);
    let dead: Vec<_> = r.excluded().collect();
    assert_eq!(dead.len(), 1);
    assert_eq!(dead[0].tile.to_string(), "1m");
    assert_eq!(dead[0].reason, Exclusion::KaratenHand);
    // Under the "ready" policy (Mortal's exhaustive-draw tenpai) the same hand is ready.
    let lenient = Rules::with_overrides(
        Preset::Riichi,
        &RuleOverrides {
            karaten: Some(KaratenPolicy::Ready),
            ..Default::default()
        },
    )
    .unwrap();
    let r = waits(&lenient, &t("1111m234p567p789s"), &[], &[]).unwrap();
    assert!(r.tenpai);
    assert_eq!(r.shanten, 0);
}

#[test]
fn quad_as_two_pairs_depends_on_the_rules() {
    let r = waits(&riichi(), &t("1111m223344556p"), &[], &[]).unwrap();
    assert!(!r.tenpai);
    assert!(r.shanten >= 1);
    let g = waits(
        &Rules::preset(Preset::Guobiao),
        &t("1111m223344556p"),
        &[],
        &[],
    )
    .unwrap();
    assert!(g.tenpai);
    assert_eq!(wait_tiles(&g), "6p");
    assert!(g.waits().next().unwrap().forms.contains(Form::SevenPairs));
}

#[test]
fn melded_karaten_and_dead_waits() {
    // 5s tanki with 555s ponned: the fourth 5s is in the hand, all four are the player's own.
    let pon = Meld::from_tiles(MeldKind::Pon, &t("555s"), false).unwrap();
    let hand = t("5s123m456p789p");
    let r = waits(&riichi(), &hand, &[pon], &[]).unwrap();
    // Tenhou: ready (the wait is dead through own melds, reported as excluded).
    assert!(r.tenpai);
    assert_eq!(r.excluded().next().unwrap().reason, Exclusion::KaratenMelds);
    let strict = Rules::with_overrides(
        Preset::Riichi,
        &RuleOverrides {
            karaten: Some(KaratenPolicy::OwnTilesNotReady),
            ..Default::default()
        },
    )
    .unwrap();
    let r = waits(&strict, &hand, &[pon], &[]).unwrap();
    assert!(!r.tenpai);
    assert_eq!(r.shanten, 1);
    // All visible: ready, but dead.
    let r = waits(&riichi(), &t("123m456p789s1122z"), &[], &t("1z1z2z2z")).unwrap();
    assert!(r.tenpai);
    assert_eq!(r.waits().len(), 0);
    assert_eq!(r.excluded().len(), 2);
    assert!(r.excluded().all(|x| x.reason == Exclusion::AllVisible));
}

#[test]
fn sichuan_void_suit_blocks_readiness() {
    let rules = Rules::with_overrides(
        Preset::Sichuan,
        &RuleOverrides {
            void_suit: Some(Some(TileSuit::Sou)),
            ..Default::default()
        },
    )
    .unwrap();
    let r = waits(&rules, &t("123m456m789p111p1s"), &[], &[]).unwrap();
    assert!(!r.tenpai);
    assert!(r.holds_void_suit);
    assert_eq!(r.shanten, 1);
    let r = waits(&rules, &t("123m456m789p11p99p"), &[], &[]).unwrap();
    assert!(r.tenpai);
    assert_eq!(wait_tiles(&r), "169p"); // 678p + 999p + 11p for 6p
    // Dragon seven pairs (龙七对): a quad counts as two pairs.
    let r = waits(&rules, &t("1111m22m33m44m55p6p"), &[], &[]).unwrap();
    assert_eq!(wait_tiles(&r), "6p");
    let chi = Meld::from_tiles(MeldKind::Chi, &t("123m"), false).unwrap();
    let e = waits(&rules, &t("456m789p11p99p"), &[chi], &[]).unwrap_err();
    assert_eq!(e.field(), Field::Meld(0));
    let e = waits(&rules, &t("123m456m789p11p1z"), &[], &[]).unwrap_err();
    assert!(matches!(
        e,
        MahjongError::TileNotInGame {
            field: Field::Hand,
            ..
        }
    ));
}

#[test]
fn hongzhong_wildcards() {
    let rules = Rules::preset(Preset::Hongzhong);
    // Four wildcards plus 123m456p789s: waits on everything.
    let x = waits_explained(&rules, &t("123m456p789s7777z"), &[], &[]).unwrap();
    assert!(x.result.tenpai);
    assert!(x.result.any_tile);
    assert!(x.result.waits().all(|w| x.decomposition(w.tile).is_some()));
    let x = waits_explained(&rules, &t("12m456p789s11s5s77z"), &[], &[]).unwrap();
    assert!(x.result.tenpai);
    let three_m = x
        .result
        .waits()
        .find(|w| w.tile.to_string() == "3m")
        .unwrap();
    let d = x.decomposition(three_m.tile).unwrap();
    assert_eq!(d.wildcard_as.len(), 2);
    // Honours other than the wildcard are not in the game.
    assert!(waits(&rules, &t("123m456p789s1117z"), &[], &[]).is_err());
}

#[test]
fn eight_red_dragons_when_the_variant_has_them() {
    let eight = Rules::with_overrides(
        Preset::Hongzhong,
        &RuleOverrides {
            wildcard_copies: Some(8),
            ..Default::default()
        },
    )
    .unwrap();
    // Eight wildcards (more than a counter of seven holds) are legal and make the hand ready.
    let r = waits(&eight, &t("12m456p77777777z"), &[], &[]).unwrap();
    assert!(r.tenpai);
    assert!(r.winning >> 2 & 1 == 1, "3m completes 123m");
    // A ninth is one too many, and the error says how many the hand holds.
    let e = waits(&eight, &t("1m456p777777777z"), &[], &[]).unwrap_err();
    assert!(
        matches!(
            e,
            MahjongError::TooManyCopies {
                count: 9,
                max: 8,
                ..
            }
        ),
        "{e:?}"
    );
    // Under the default four copies, the fifth red dragon is the error.
    let e = waits(
        &Rules::preset(Preset::Hongzhong),
        &t("12m456p77777777z"),
        &[],
        &[],
    )
    .unwrap_err();
    assert!(
        matches!(
            e,
            MahjongError::TooManyCopies {
                count: 8,
                max: 4,
                ..
            }
        ),
        "{e:?}"
    );
}

#[test]
fn guobiao_knitted_forms() {
    let g = Rules::preset(Preset::Guobiao);
    // 全不靠 one short: 147m 258p 369s + 1234z waits on 5z 6z 7z.
    let r = waits(&g, &t("147m258p369s1234z"), &[], &[]).unwrap();
    assert_eq!(wait_tiles(&r), "567z");
    assert!(r.waits().all(|w| w.forms.contains(Form::KnittedHonors)));
    // 七星不靠: seven honours + 147m 25p 3s (one knitted tile short: 8p, 6s or 9s).
    let r = waits(&g, &t("147m25p3s1234567z"), &[], &[]).unwrap();
    assert_eq!(wait_tiles(&r), "8p69s");
    assert!(r.waits().any(|w| w.forms.contains(Form::SevenStarKnitted)));
    // 组合龙 + 123m + pair wait: 147m258p369s123m5z -> 5z.
    let r = waits(&g, &t("147m258p369s123m5z"), &[], &[]).unwrap();
    assert!(
        r.waits()
            .any(|w| w.tile.to_string() == "5z" && w.forms.contains(Form::KnittedStraight))
    );
    // Riichi knows none of them.
    let r = waits(&riichi(), &t("147m258p369s1234z"), &[], &[]).unwrap();
    assert!(!r.tenpai);
}

#[test]
fn bad_sizes_and_copies() {
    let e = waits(&riichi(), &t("123m456p789s11z"), &[], &[]).unwrap_err();
    assert!(matches!(e, MahjongError::HandSize { .. }));
    let e = analyze(&riichi(), &t("123m456p789s1122z"), &[], &[]).unwrap_err();
    assert!(matches!(e, MahjongError::HandSize { .. }));
    let e = waits(&riichi(), &t("11111m23456789p"), &[], &[]).unwrap_err();
    assert!(matches!(e, MahjongError::TooManyCopies { count: 5, .. }));
    let three = Rules::with_overrides(
        Preset::Riichi,
        &RuleOverrides {
            three_player: Some(true),
            ..Default::default()
        },
    )
    .unwrap();
    let e = waits(&three, &t("123m456p789s1122z"), &[], &[]).unwrap_err();
    assert!(matches!(e, MahjongError::TileNotInGame { .. }));
}

#[test]
fn analyze_names_the_best_discard() {
    let r = analyze(&riichi(), &t("123m456p789s11225z"), &[], &[]).unwrap();
    assert_eq!(r.discards[0].discard.to_string(), "5z");
    assert_eq!(r.discards[0].shanten, 0);
    let r = analyze(&riichi(), &t("11123456789999m"), &[], &[]).unwrap();
    assert!(r.complete);
    assert_eq!(r.shanten, -1);
    assert_eq!(r.decomposition.unwrap().form, Form::Standard);
}

#[test]
fn arbitrary_requests_answer_or_reject_without_panicking() {
    use cardrules::mahjong::{shape_waits, waits_explained};
    use cardrules::tiles::Tile;
    use rand::{Rng, SeedableRng};
    let cases: usize = std::env::var("CARDRULES_PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3000);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    let presets = [
        Preset::Riichi,
        Preset::Guobiao,
        Preset::Sichuan,
        Preset::Hongzhong,
    ];
    let maybe = |rng: &mut rand_chacha::ChaCha8Rng| {
        if rng.random_bool(0.3) {
            Some(rng.random_bool(0.5))
        } else {
            None
        }
    };
    let tile =
        |rng: &mut rand_chacha::ChaCha8Rng| Tile::from_index(rng.random_range(0..34)).unwrap();
    for _ in 0..cases {
        let overrides = RuleOverrides {
            seven_pairs: maybe(&mut rng),
            seven_pairs_quads: maybe(&mut rng),
            thirteen_orphans: maybe(&mut rng),
            knitted: maybe(&mut rng),
            wildcards: rng.random_bool(0.2).then(|| {
                (0..rng.random_range(0..3))
                    .map(|_| tile(&mut rng))
                    .collect()
            }),
            honors: maybe(&mut rng),
            three_player: maybe(&mut rng),
            void_suit: rng.random_bool(0.2).then(|| {
                [
                    None,
                    Some(TileSuit::Man),
                    Some(TileSuit::Pin),
                    Some(TileSuit::Sou),
                ][rng.random_range(0..4)]
            }),
            chi: maybe(&mut rng),
            karaten: None,
            wildcard_fifth_copy: maybe(&mut rng),
            wildcard_copies: rng.random_bool(0.1).then(|| rng.random_range(3..10)),
        };
        let Ok(rules) = Rules::with_overrides(presets[rng.random_range(0..4)], &overrides) else {
            continue;
        };
        let hand: Vec<_> = (0..rng.random_range(0..18))
            .map(|_| tile(&mut rng))
            .collect();
        let melds: Vec<Meld> = (0..rng.random_range(0..5))
            .filter_map(|_| {
                let t = tile(&mut rng);
                let kind = [MeldKind::Chi, MeldKind::Pon, MeldKind::Kan][rng.random_range(0..3)];
                let tiles: Vec<_> = match kind {
                    MeldKind::Chi => (0..3)
                        .filter_map(|k| Tile::from_index(t.index() + k))
                        .collect(),
                    MeldKind::Pon => vec![t; 3],
                    MeldKind::Kan => vec![t; 4],
                };
                Meld::from_tiles(kind, &tiles, kind == MeldKind::Kan && rng.random_bool(0.5)).ok()
            })
            .collect();
        let visible: Vec<_> = (0..rng.random_range(0..6))
            .map(|_| tile(&mut rng))
            .collect();
        if let Ok(x) = waits_explained(&rules, &hand, &melds, &visible) {
            let w = &x.result;
            assert_eq!(w.tenpai, w.shanten == 0, "{}", format_tiles(&hand));
            assert_eq!(x.decompositions.len(), w.waits().len());
            let s = shape_waits(&rules, &hand, &melds).unwrap();
            assert_eq!(s.shanten == 0, s.tiles != 0);
        }
        let _ = analyze(&rules, &hand, &melds, &visible);
    }
}

// ---------------------------------------------------------------------------------------------
// Issue 14, item 1: "a wildcard may not be a fifth copy" counts the player's melds too.

fn hongzhong() -> Rules {
    Rules::preset(Preset::Hongzhong)
}

fn meld(kind: MeldKind, tiles: &str) -> Meld {
    Meld::from_tiles(kind, &t(tiles), false).unwrap()
}

fn four_pons() -> Vec<Meld> {
    ["111m", "222p", "333s", "444m"]
        .into_iter()
        .map(|m| meld(MeldKind::Pon, m))
        .collect()
}

/// Every kind of every wildcard substitution in `d`, counted with the copies in the groups and
/// in the melds, stays within four.
fn assert_no_fifth_copy_through_melds(d: &cardrules::mahjong::Decomposition, melds: &[Meld]) {
    for &k in &d.wildcard_as {
        let in_groups = d.groups.iter().flat_map(|g| &g.tiles).filter(|&&x| x == k);
        let in_melds = melds.iter().flat_map(|m| m.tiles()).filter(|&x| x == k);
        assert!(
            in_groups.count() + in_melds.count() <= 4,
            "a wildcard as a fifth {k}: {d:?}"
        );
    }
}

#[test]
fn lone_wildcard_beside_pons_never_pairs_a_ponned_kind() {
    // 7z (the wildcard) with four pons: the wildcard pairs with any tile except 1m, 2p, 3s and
    // 4m, which would make a fifth copy (three in the pon, the winning tile, the wildcard).
    let melds = four_pons();
    let x = waits_explained(&hongzhong(), &t("7z"), &melds, &[]).unwrap();
    let r = &x.result;
    assert!(r.tenpai);
    assert!(!r.any_tile, "1m, 2p, 3s and 4m are no waits");
    assert_eq!(wait_tiles(r), "2356789m13456789p12456789s7z");
    assert_eq!(r.excluded().len(), 0, "no wait at all, not a dead one");
    let five = r.waits().find(|w| w.tile.to_string() == "5m").unwrap();
    assert_eq!(five.live, 4);
    // Drawing a second wildcard: the pair is of a kind the melds leave room for, not 1m.
    let seven = t("7z")[0];
    let d = x.decomposition(seven).unwrap();
    assert_eq!(format_tiles(&d.wildcard_as), "22m");
    for (_, d) in &x.decompositions {
        assert_no_fifth_copy_through_melds(&d.expand(), &melds);
    }
}

#[test]
fn wildcard_as_fifth_copy_of_a_pon_does_not_make_ready() {
    // 5m45555678p7z with 555m ponned: 3p/6p/9p would need the wildcard as a fifth 5m. The only
    // shape wait left is the natural 5m, whose four copies are all the player's own.
    let melds = [meld(MeldKind::Pon, "555m")];
    let hand = t("5m45555678p7z");
    let strict = Rules::with_overrides(
        Preset::Hongzhong,
        &RuleOverrides {
            karaten: Some(KaratenPolicy::OwnTilesNotReady),
            ..Default::default()
        },
    )
    .unwrap();
    let r = waits(&strict, &hand, &melds, &[]).unwrap();
    assert!(!r.tenpai, "{r:?}");
    assert_eq!(r.shanten, 1);
    assert_eq!(r.waits().len(), 0);
    let dead: Vec<_> = r.excluded().collect();
    assert_eq!(dead.len(), 1);
    assert_eq!(dead[0].tile.to_string(), "5m");
    assert_eq!(dead[0].reason, Exclusion::KaratenMelds);
    // Under the preset's own policy the dead wait still makes the hand ready, on nothing live.
    let r = waits(&hongzhong(), &hand, &melds, &[]).unwrap();
    assert!(r.tenpai);
    assert_eq!(r.waits().len(), 0);
    assert_eq!(r.excluded().len(), 1);
}

#[test]
fn lone_wildcard_beside_a_kan_has_no_wait_on_its_kind() {
    // 7z with 1111m konged: a 1m wait would need the wildcard as a sixth 1m, so 1m is no wait
    // at all (not a wait dead through the melds).
    let melds = [
        Meld::from_tiles(MeldKind::Kan, &t("1111m"), false).unwrap(),
        meld(MeldKind::Pon, "222p"),
        meld(MeldKind::Pon, "333s"),
        meld(MeldKind::Pon, "444m"),
    ];
    let r = waits(&hongzhong(), &t("7z"), &melds, &[]).unwrap();
    assert!(r.tenpai);
    assert!(!r.any_tile);
    let listed: Vec<String> = r
        .waits()
        .map(|w| w.tile.to_string())
        .chain(r.excluded().map(|x| x.tile.to_string()))
        .collect();
    for kind in ["1m", "2p", "3s", "4m"] {
        assert!(!listed.iter().any(|x| x == kind), "{kind} listed: {r:?}");
    }
    assert!(listed.iter().any(|x| x == "5m"));
}

#[test]
fn analyze_counts_the_melds_in_the_wildcard_cap() {
    let melds = four_pons();
    // 1m + the wildcard as 1m would be a fifth 1m: not a win.
    let r = analyze(&hongzhong(), &t("1m7z"), &melds, &[]).unwrap();
    assert!(!r.complete);
    assert_eq!(r.shanten, 0);
    let improving = |discard: &str| {
        let d = r
            .discards
            .iter()
            .find(|d| d.discard.to_string() == discard)
            .unwrap();
        assert_eq!(d.shanten, 0, "discard {discard}");
        format_tiles(&r.improving(d).map(|i| i.tile).collect::<Vec<_>>())
    };
    // Keeping the wildcard: every kind but the ponned ones, and a second wildcard.
    assert_eq!(improving("1m"), "2356789m13456789p12456789s7z");
    // Keeping 1m: only the natural 1m (dead, all four copies are the player's), not a wildcard.
    assert_eq!(improving("7z"), "1m");
    // Two wildcards are a pair, never of a ponned kind.
    let r = analyze(&hongzhong(), &t("77z"), &melds, &[]).unwrap();
    assert!(r.complete);
    let d = r.decomposition.unwrap();
    assert_eq!(format_tiles(&d.wildcard_as), "22m");
    assert_no_fifth_copy_through_melds(&d, &melds);
}

#[test]
fn fifth_copy_rule_lets_wildcards_join_a_melded_kind() {
    // With wildcard_fifth_copy the cap is gone altogether: the melds do not matter.
    let free = Rules::with_overrides(
        Preset::Hongzhong,
        &RuleOverrides {
            wildcard_fifth_copy: Some(true),
            ..Default::default()
        },
    )
    .unwrap();
    let r = waits(&free, &t("7z"), &four_pons(), &[]).unwrap();
    assert!(r.any_tile);
    let one = r.waits().find(|w| w.tile.to_string() == "1m").unwrap();
    assert_eq!(one.live, 1);
    // A sixth copy too: the kan's kind is a shape wait, dead through the melds.
    let melds = [
        Meld::from_tiles(MeldKind::Kan, &t("1111m"), false).unwrap(),
        meld(MeldKind::Pon, "222p"),
        meld(MeldKind::Pon, "333s"),
        meld(MeldKind::Pon, "444m"),
    ];
    let r = waits(&free, &t("7z"), &melds, &[]).unwrap();
    assert!(r.any_tile);
    let dead: Vec<_> = r.excluded().collect();
    assert_eq!(dead.len(), 1);
    assert_eq!(dead[0].tile.to_string(), "1m");
    assert_eq!(dead[0].reason, Exclusion::KaratenMelds);
}

#[test]
fn analyze_improving_tiles_follow_the_meld_aware_cap() {
    // Issue 14, item 1: Analyze's improving tiles lower the capped shanten. With a kan of 7m and
    // a pon of 3s, 68m379s77z (two wildcards) is not ready: every win the tables see needs a
    // wildcard as a fifth 3s (the pon, the 3s held, the wildcard) or as a fifth 7m (the kan). So the discard of 2s leaves shanten 1, and its improving tiles are the
    // tiles that make it ready under the cap: every tile of the game (a natural tile pairs with
    // a wildcard, the other wildcard is the 8s of 789s, and 68m waits on the natural 7m), not
    // the wins the cap removed (7m 3s 8s 7z, the answer before).
    let melds = [
        Meld::from_tiles(MeldKind::Kan, &t("7777m"), false).unwrap(),
        meld(MeldKind::Pon, "333s"),
    ];
    let r = analyze(&hongzhong(), &t("68m2379s77z"), &melds, &[]).unwrap();
    let d = r
        .discards
        .iter()
        .find(|d| d.discard.to_string() == "2s")
        .unwrap();
    assert_eq!(d.shanten, 1);
    assert_eq!(
        format_tiles(&r.improving(d).map(|i| i.tile).collect::<Vec<_>>()),
        "123456789m123456789p123456789s7z"
    );
    // Waits agrees on the 3n+1 part.
    let w = waits(&hongzhong(), &t("68m379s77z"), &melds, &[]).unwrap();
    assert!(!w.tenpai);
    assert_eq!(w.shanten, 1);
}
