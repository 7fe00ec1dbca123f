use super::*;
use crate::mahjong::Preset;
use crate::mahjong::score::WinContext;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// A random closed complete hand, mostly of one suit so that it reads several ways.
fn random_input(rng: &mut StdRng) -> Option<WinInput> {
    let mut counts = [0u8; 34];
    let mut hand = Vec::new();
    let kind = |rng: &mut StdRng| {
        if rng.random_bool(0.8) {
            rng.random_range(0..9)
        } else {
            rng.random_range(0..34)
        }
    };
    for _ in 0..4 {
        let t = kind(rng);
        let tiles: Vec<usize> = if t < 27 && t % 9 <= 6 && rng.random_bool(0.6) {
            vec![t, t + 1, t + 2]
        } else {
            vec![t; 3]
        };
        hand.extend(tiles);
    }
    let p = kind(rng);
    hand.extend([p, p]);
    for &t in &hand {
        counts[t] += 1;
    }
    if counts.iter().any(|&c| c > 4) {
        return None;
    }
    let tiles: Vec<Tile> = hand.iter().map(|&t| Tile::from_index(t).unwrap()).collect();
    let winning = tiles[rng.random_range(0..tiles.len())];
    let self_drawn = rng.random_bool(0.5);
    let seat_wind = Wind::ALL[rng.random_range(1..4)];
    Some(WinInput {
        hand: tiles,
        melds: Vec::new(),
        winning,
        red_fives: 0,
        context: WinContext {
            self_drawn,
            seat_wind,
            discarder: (!self_drawn).then_some(Wind::East),
            riichi: RiichiContext {
                riichi: rng.random_bool(0.5),
                ..RiichiContext::default()
            },
            ..WinContext::default()
        },
    })
}

/// The order is total on answers: of the readings of random hands, any two the order cannot
/// tell apart (neither comes before the other) give the same answer.
#[test]
fn readings_the_order_cannot_tell_apart_answer_alike() {
    let rules = Rules::preset(Preset::Riichi);
    let riichi = RiichiRules::default();
    let mut rng = StdRng::seed_from_u64(7);
    let (mut hands, mut decided_late) = (0, 0);
    for _ in 0..50_000 {
        let Some(input) = random_input(&mut rng) else {
            continue;
        };
        let hand = prepare_counts(&rules, &input).unwrap();
        let counts = hand.concealed;
        let facts = facts(&riichi, &input, &hand);
        let mut all = Vec::new();
        each_reading(&rules, &riichi, &input, &facts, &counts, &mut |v, r| {
            all.push((v, r))
        });
        hands += 1;
        for (i, a) in all.iter().enumerate() {
            for b in &all[i + 1..] {
                let answer =
                    |x: &(Value, Reading)| explain(&facts, &riichi, &input, &counts, x.0, x.1);
                let tied = !before(a, b) && !before(b, a);
                if tied {
                    assert_eq!(answer(a), answer(b), "{input:?}");
                } else if a.0.key() == b.0.key() && answer(a) != answer(b) {
                    decided_late += 1;
                }
            }
        }
    }
    // The hands exercise the steps after the value (form, wait, groups).
    assert!(
        hands > 10_000 && decided_late > 100,
        "{hands} {decided_late}"
    );
}
