use super::*;
use crate::mahjong::rules::Preset;
use crate::tiles::parse_tiles;

fn a(hand: &str) -> AnalyzeResult {
    analyze(
        &Rules::preset(Preset::Riichi),
        &parse_tiles(hand).unwrap(),
        &[],
        &[],
    )
    .unwrap()
}

#[test]
fn complete_hand() {
    let r = a("123m456p789s11122z");
    assert!(r.complete);
    assert_eq!(r.shanten, -1);
    assert_eq!(r.decomposition.unwrap().groups.len(), 5);
}

#[test]
fn best_discard_first() {
    // Discarding 5z leaves a shanpon on 1z/2z; any other discard is one step back.
    let r = a("123m456p789s11225z");
    assert!(!r.complete);
    assert_eq!(r.shanten, 0);
    assert_eq!(r.discards[0].discard.to_string(), "5z");
    assert_eq!(r.discards[0].improving_live, 4);
    assert!(r.discards[1..].iter().all(|d| d.shanten == 1));
}
/// The fast path against the general one on the requests it serves: random hands,
/// near-complete standard hands, near seven pairs and near thirteen orphans (14 tiles each),
/// under the riichi rules with the closed forms varied and Guobiao without its knitted
/// forms. `CARDRULES_PROPTEST_CASES` sets the hands per kind and rule set (default 2,000).
#[test]
fn quick_path_matches_the_general_path() {
    use crate::mahjong::rules::RuleOverrides;
    use rand::seq::SliceRandom;
    use rand::{Rng, SeedableRng};
    let cases = crate::mahjong::test_cases(2_000);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(19);
    let mut rule_sets = vec![
        Rules::preset(Preset::Riichi),
        Rules::with_overrides(
            Preset::Guobiao,
            &RuleOverrides {
                knitted: Some(false),
                ..Default::default()
            },
        )
        .unwrap(),
    ];
    for (seven, thirteen) in [(false, true), (true, false), (false, false)] {
        let o = RuleOverrides {
            seven_pairs: Some(seven),
            thirteen_orphans: Some(thirteen),
            ..Default::default()
        };
        rule_sets.push(Rules::with_overrides(Preset::Riichi, &o).unwrap());
    }
    let tile = |i: usize| Tile::from_index(i).unwrap();
    let mut wall: Vec<Tile> = (0..136).map(|i| tile(i / 4)).collect();
    let orphans = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];
    let (mut served, mut total) = (0, 0);
    for rules in &rule_sets {
        for kind in 0..4 {
            for _ in 0..cases {
                let mut hand: Vec<Tile> = match kind {
                    0 => {
                        wall.shuffle(&mut rng);
                        wall[..14].to_vec()
                    }
                    1 => {
                        // Four melds and a pair.
                        let mut h = Vec::new();
                        for _ in 0..4 {
                            let t = rng.random_range(0..34usize);
                            if t < 27 && t % 9 <= 6 && rng.random_bool(0.6) {
                                h.extend((t..t + 3).map(tile));
                            } else {
                                h.extend([tile(t); 3]);
                            }
                        }
                        h.extend([tile(rng.random_range(0..34usize)); 2]);
                        h
                    }
                    2 => {
                        // Pairs of random kinds (some repeated) plus two singles.
                        let mut h = Vec::new();
                        for _ in 0..6 {
                            h.extend([tile(rng.random_range(0..34usize)); 2]);
                        }
                        h.push(tile(rng.random_range(0..34usize)));
                        h.push(tile(rng.random_range(0..34usize)));
                        h
                    }
                    _ => {
                        let mut h: Vec<Tile> = orphans.iter().map(|&t| tile(t)).collect();
                        h.push(tile(orphans[rng.random_range(0..13)]));
                        h
                    }
                };
                // Up to two tiles changed at random (none at times: complete hands).
                for _ in 0..rng.random_range(0..3) {
                    let i = rng.random_range(0..14);
                    hand[i] = tile(rng.random_range(0..34usize));
                }
                let mut c = [0u8; 34];
                hand.iter().for_each(|t| c[t.index()] += 1);
                if c.iter().any(|&k| k > 4) {
                    continue;
                }
                hand.shuffle(&mut rng);
                total += 1;
                if let Some(quick) = quick_analyze(rules, &hand, &[], &[]) {
                    served += 1;
                    let general = general_analyze(rules, &hand, &[], &[]).unwrap();
                    assert_eq!(quick, general, "{}", crate::tiles::format_tiles(&hand));
                }
            }
        }
    }
    // Most hands take the fast path (complete hands and quads do not).
    assert!(served * 10 > total * 6, "{served} of {total}");
}
