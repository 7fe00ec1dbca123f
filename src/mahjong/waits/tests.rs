use super::*;
use crate::mahjong::rules::Preset;
use crate::tiles::{format_tiles, parse_tiles};

fn w(preset: Preset, hand: &str) -> WaitsResult {
    waits(
        &Rules::preset(preset),
        &parse_tiles(hand).unwrap(),
        &[],
        &[],
    )
    .unwrap()
}

fn tiles(r: &WaitsResult) -> String {
    format_tiles(&r.waits().map(|x| x.tile).collect::<Vec<_>>())
}

#[test]
fn basic_waits() {
    let r = w(Preset::Riichi, "123m456p789s1122z");
    assert!(r.tenpai);
    assert_eq!(tiles(&r), "12z");
    assert_eq!(r.waits().next().unwrap().live, 2);
    assert_eq!(r.waits().len(), 2);
    let r = w(Preset::Riichi, "1111m234p567p789s");
    assert!(!r.tenpai);
    assert_eq!(r.shanten, 1);
    assert_eq!(r.waits().len(), 0);
    let dead: Vec<ExcludedWait> = r.excluded().collect();
    assert_eq!(dead.len(), 1);
    assert_eq!(dead[0].tile.to_string(), "1m");
    assert_eq!(dead[0].reason, Exclusion::KaratenHand);
    assert!(dead[0].forms.contains(Form::Standard));
}

/// The fast path against the general one on the requests it serves, field by field:
/// random hands, near-complete standard hands, near seven pairs and near thirteen orphans,
/// under the riichi rules with the closed forms and the karaten policy varied, with and
/// without quads (and so waits on a fifth copy).
/// `CARDRULES_PROPTEST_CASES` sets the hands per kind and rule set (default 2,000).
#[test]
fn quick_path_matches_the_general_path() {
    use crate::mahjong::rules::{KaratenPolicy, RuleOverrides};
    use rand::seq::SliceRandom;
    use rand::{Rng, SeedableRng};
    let cases = crate::mahjong::test_cases(2_000);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(25);
    let mut rule_sets = vec![
        Rules::preset(Preset::Riichi),
        // Guobiao without its knitted forms: seven pairs with quads.
        Rules::with_overrides(
            Preset::Guobiao,
            &RuleOverrides {
                knitted: Some(false),
                ..Default::default()
            },
        )
        .unwrap(),
    ];
    for (seven, thirteen, karaten) in [
        (false, true, KaratenPolicy::Ready),
        (true, false, KaratenPolicy::OwnTilesNotReady),
        (false, false, KaratenPolicy::HandNotReady),
    ] {
        let o = RuleOverrides {
            seven_pairs: Some(seven),
            thirteen_orphans: Some(thirteen),
            karaten: Some(karaten),
            ..Default::default()
        };
        rule_sets.push(Rules::with_overrides(Preset::Riichi, &o).unwrap());
    }
    let tile = |i: usize| Tile::from_index(i).unwrap();
    let mut wall: Vec<Tile> = (0..136).map(|i| tile(i / 4)).collect();
    let orphans = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];
    let (mut served, mut ready, mut quads, mut karaten) = (0, 0, 0, 0);
    for rules in &rule_sets {
        for kind in 0..4 {
            for _ in 0..cases {
                let hand: Vec<Tile> = match kind {
                    0 => {
                        wall.shuffle(&mut rng);
                        wall[..13].to_vec()
                    }
                    1 => {
                        // Four melds and a pair, less one tile.
                        let mut c = [0u8; 34];
                        for _ in 0..4 {
                            let t = rng.random_range(0..34usize);
                            if t < 27 && t % 9 <= 6 && rng.random_bool(0.6) {
                                (t..t + 3).for_each(|k| c[k] += 1);
                            } else {
                                c[t] += 3;
                            }
                        }
                        c[rng.random_range(0..34usize)] += 2;
                        if c.iter().any(|&k| k > 4) {
                            continue;
                        }
                        let mut h: Vec<Tile> = (0..34)
                            .flat_map(|t| std::iter::repeat_n(tile(t), c[t] as usize))
                            .collect();
                        h.shuffle(&mut rng);
                        h.pop();
                        h
                    }
                    2 => {
                        // Pairs of random kinds (some repeated) plus a single.
                        let mut h = Vec::new();
                        for _ in 0..6 {
                            let t = tile(rng.random_range(0..34usize));
                            h.extend([t, t]);
                        }
                        h.push(tile(rng.random_range(0..34usize)));
                        h
                    }
                    _ => {
                        // The thirteen orphans with up to two changed.
                        let mut h: Vec<Tile> = orphans.iter().map(|&t| tile(t)).collect();
                        for _ in 0..rng.random_range(0..3) {
                            let i = rng.random_range(0..13);
                            h[i] = tile(rng.random_range(0..34usize));
                        }
                        h
                    }
                };
                let mut c = [0u8; 34];
                hand.iter().for_each(|t| c[t.index()] += 1);
                if c.iter().any(|&k| k > 4) {
                    continue;
                }
                let slow = general_waits(rules, &hand, &[], &[]).unwrap();
                let quick = quick_waits(rules, &hand, &[], &[]);
                let shape = shape_waits(rules, &hand, &[]).unwrap();
                assert_eq!(
                    shape,
                    general_shape_waits(rules, &hand, &[]).unwrap(),
                    "{rules:?} {hand:?}"
                );
                assert_eq!(quick.as_ref(), Some(&slow), "{rules:?} {hand:?}");
                served += 1;
                ready += slow.tenpai as usize;
                quads += c.contains(&4) as usize;
                karaten += (slow.dead[0] != 0) as usize;
            }
        }
    }
    // The sample reaches ready and not ready hands, quads and waits on a fifth copy.
    assert!(
        served > cases && ready > cases / 4 && quads > cases / 20 && karaten > 0,
        "{served} {ready} {quads} {karaten}"
    );
}

#[test]
fn wildcards_explained() {
    let rules = Rules::preset(Preset::Hongzhong);
    let x = waits_explained(&rules, &parse_tiles("123m456p123789s7z").unwrap(), &[], &[]).unwrap();
    let r = &x.result;
    assert!(r.tenpai, "{r:?}");
    // The lone wildcard pairs with anything: every kind of the game completes the hand.
    assert!(r.any_tile, "{r:?}");
    assert_eq!(x.decompositions.len(), r.waits().len());
    let first = r.waits().next().unwrap().tile;
    let d = x.decomposition(first).unwrap();
    assert_eq!(d.wildcard_as.len(), 1);
    // With 111s the fourth 1s is no wait: the wildcard would have to be a fifth 1s.
    let r = waits(&rules, &parse_tiles("123m456p111789s7z").unwrap(), &[], &[]).unwrap();
    assert!(!r.any_tile);
    assert!(r.waits().all(|x| x.tile.to_string() != "1s"));
}
