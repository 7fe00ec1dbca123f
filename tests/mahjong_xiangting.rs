//! A second opinion from outside: the `xiangting` crate on Riichi hands (four and three players).
//! Its replacement number minus one is our shanten; at tenpai its necessary tiles are our waits.
//! Both refuse a fifth copy in the concealed hand, so pure karaten is "not ready" in both; with no
//! melds and nothing visible, our waits plus the excluded waits other than pure karaten are its set.

use cardrules::mahjong::{Exclusion, Preset, RuleOverrides, Rules, analyze, shape_waits, waits};
use cardrules::tiles::{Tile, format_tiles};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use xiangting::{PlayerCount, calculate_necessary_tiles, calculate_replacement_number};

fn cases() -> usize {
    std::env::var("CARDRULES_PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2000)
}

fn counts(tiles: &[Tile]) -> [u8; 34] {
    let mut c = [0u8; 34];
    for t in tiles {
        c[t.index()] += 1;
    }
    c
}

fn mask(tiles: impl Iterator<Item = Tile>) -> u64 {
    tiles.fold(0, |m, t| m | 1 << t.index())
}

fn deal(rng: &mut ChaCha8Rng, three: bool, n: usize) -> Vec<Tile> {
    let mut wall: Vec<Tile> = Tile::all()
        .filter(|t| !(three && t.index() >= 1 && t.index() <= 7))
        .flat_map(|t| std::iter::repeat_n(t, 4))
        .collect();
    wall.shuffle(rng);
    // Half the hands are drawn from a narrow slice of kinds, so that many are near tenpai.
    if rng.random_bool(0.5) {
        let lo = rng.random_range(0..wall.len() / 2);
        wall.sort();
        let mut slice: Vec<Tile> = wall[lo..(lo + 40).min(wall.len())].to_vec();
        slice.shuffle(rng);
        if slice.len() >= n {
            return slice[..n].to_vec();
        }
    }
    wall[..n].to_vec()
}

fn compare(three: bool) {
    let rules = Rules::with_overrides(
        Preset::Riichi,
        &RuleOverrides {
            three_player: Some(three),
            ..Default::default()
        },
    )
    .unwrap();
    let pc = if three {
        PlayerCount::Three
    } else {
        PlayerCount::Four
    };
    let mut rng = ChaCha8Rng::seed_from_u64(if three { 3 } else { 4 });
    let mut tenpai = 0;
    for _ in 0..cases() {
        let hand = deal(&mut rng, three, 13);
        let ours = waits(&rules, &hand, &[], &[]).unwrap();
        let (rn, necessary) = calculate_necessary_tiles(&counts(&hand), pc).unwrap();
        let name = format_tiles(&hand);
        assert_eq!(ours.shanten, rn - 1, "shanten of {name}");
        let shape = shape_waits(&rules, &hand, &[]).unwrap();
        assert_eq!(shape.shanten, rn - 1, "shape shanten of {name}");
        if rn == 1 {
            assert_eq!(shape.tiles, necessary, "shape waits of {name}");
        } else {
            assert_eq!(shape.tiles, 0, "{name} is not ready");
        }
        if ours.tenpai {
            tenpai += 1;
            let shape = mask(
                ours.waits().map(|w| w.tile).chain(
                    ours.excluded()
                        .filter(|x| x.reason != Exclusion::KaratenHand)
                        .map(|x| x.tile),
                ),
            );
            assert_eq!(shape, necessary, "waits of {name}");
        }

        // Analyze: each discard's shanten and improving tiles against xiangting on 13 tiles.
        let hand14 = deal(&mut rng, three, 14);
        let a = analyze(&rules, &hand14, &[], &[]).unwrap();
        let rn14 = calculate_replacement_number(&counts(&hand14), pc).unwrap();
        assert_eq!(
            a.shanten,
            rn14 as i8 - 1,
            "shanten of {}",
            format_tiles(&hand14)
        );
        for d in &a.discards {
            let mut c = counts(&hand14);
            c[d.discard.index()] -= 1;
            let (rn, necessary) = calculate_necessary_tiles(&c, pc).unwrap();
            let name = format_tiles(&hand14);
            assert_eq!(d.shanten, rn - 1, "{name} discard {}", d.discard);
            assert_eq!(
                mask(a.improving(d).map(|i| i.tile)),
                necessary,
                "{name} discard {}",
                d.discard
            );
        }
    }
    assert!(tenpai > cases() / 50, "only {tenpai} tenpai hands");
}

#[test]
fn four_player_hands_agree_with_xiangting() {
    compare(false);
}

#[test]
fn three_player_hands_agree_with_xiangting() {
    compare(true);
}
