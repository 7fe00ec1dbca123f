use super::super::search;
use super::*;
use crate::mahjong::forms::Form;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

/// Every kind usable, runs in the three numbered suits: what Riichi and Guobiao give.
const ALL_KINDS: Shape = Shape {
    usable: (1 << 34) - 1,
    run_starts: RUN_STARTS,
    cap: 4,
    melded: [0; 34],
    quads: false,
};

/// A concealed part of `melds` melds and a pair: made of random groups (then some tiles
/// swapped for others) or drawn at random, with some tiles turned into wildcards.
fn part(rng: &mut impl Rng, melds: u8, kinds: usize) -> ([u8; 34], u8) {
    let mut tiles = Vec::new();
    if rng.random_bool(0.7) {
        for g in 0..=melds {
            let t = rng.random_range(0..kinds);
            if g == melds {
                tiles.extend([t, t]);
            } else if t < 27 && t % 9 < 7 && rng.random_bool(0.6) {
                tiles.extend([t, t + 1, t + 2]);
            } else {
                tiles.extend([t, t, t]);
            }
        }
        for _ in 0..rng.random_range(0..=2) {
            let i = rng.random_range(0..tiles.len());
            tiles[i] = rng.random_range(0..kinds);
        }
    } else {
        for _ in 0..3 * melds + 2 {
            tiles.push(rng.random_range(0..kinds));
        }
    }
    let wild = rng.random_range(0..=tiles.len().min(6)) as u8;
    let mut nat = [0u8; 34];
    for &t in &tiles[wild as usize..] {
        nat[t] += 1;
    }
    (nat, wild)
}

/// Every split.
const ALL_SPLITS: Splits = 0x1f1f;

/// The members of a set of splits, as `(melds, pairs)`.
fn members(set: Splits) -> Vec<(u8, u8)> {
    (0..5u8)
        .flat_map(|m| [(m, 0u8), (m, 1)])
        .filter(|&(m, p)| set >> (m + 8 * p) & 1 == 1)
        .collect()
}

/// The set of the members that are splits (at most 4 melds and 1 pair).
fn of(members: impl IntoIterator<Item = (u8, u8)>) -> Splits {
    members
        .into_iter()
        .filter(|&(m, p)| m <= 4 && p <= 1)
        .fold(0, |s, (m, p)| s | 1 << (m + 8 * p))
}

#[test]
fn split_sets_add_limit_and_step_back_as_their_members_do() {
    let sets: Vec<Splits> = (0..1024u16).map(|k| (k & 0x1f) | (k >> 5) << 8).collect();
    for &a in &sets {
        for m in 0..6u8 {
            for p in 0..2u8 {
                let boxed = of(members(ALL_SPLITS)
                    .into_iter()
                    .filter(|&(x, y)| x <= m && y <= p));
                assert_eq!(within(m, p), boxed);
                // The splits a suit may end on so that the suits above (`a`) can finish.
                let slow = of(members(ALL_SPLITS).into_iter().filter(|&(x, y)| {
                    x <= m && y <= p && members(a).iter().any(|&(u, v)| x + u <= m && y + v <= p)
                }));
                assert_eq!(accepted(a, m, p), slow, "{a:#x} {m} {p}");
                for dp in 0..2u8 {
                    let from = of(members(ALL_SPLITS)
                        .into_iter()
                        .filter(|&(x, y)| members(a).contains(&(x + m, y + dp))));
                    assert_eq!(unshifted(a, m, dp), from, "{a:#x} {m} {dp}");
                }
            }
        }
    }
    for &a in sets.iter().step_by(7) {
        for &b in &sets {
            let slow = of(members(a)
                .into_iter()
                .flat_map(|(x, y)| members(b).into_iter().map(move |(u, v)| (x + u, y + v))));
            assert_eq!(sum(a, b), slow, "{a:#x} {b:#x}");
        }
    }
}

/// The guided search finds what the plain search (no skipping) finds, on random parts of
/// every size under two rule shapes, and takes nearly all of them (only a fifth copy of a
/// kind is left to the plain search). `CARDRULES_PROPTEST_CASES` sets the parts per shape
/// (default 4,000).
#[test]
fn finds_what_the_plain_search_finds() {
    let cases = crate::mahjong::test_cases(4_000);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(25);
    // Hongzhong's: numbered kinds only.
    let numbered = Shape {
        usable: NUMBERED,
        ..ALL_KINDS
    };
    for (shape, kinds) in [(ALL_KINDS, 34), (numbered, 27)] {
        let (mut guided, mut found) = (0, 0);
        for _ in 0..cases {
            let melds = rng.random_range(0..=4u8);
            let (nat, wild) = part(&mut rng, melds, kinds);
            let plain = search(&nat, wild, melds, &shape, Form::Standard, false);
            found += usize::from(plain.is_some());
            let Some(fast) = standard(&nat, wild, melds, &shape) else {
                assert!(nat.iter().any(|&c| c > 4), "{nat:?} + {wild} not guided");
                continue;
            };
            guided += 1;
            assert_eq!(fast, plain, "{nat:?} + {wild} wildcards, {melds} melds");
        }
        assert!(guided > cases * 9 / 10, "{guided} of {cases} guided");
        assert!(found > cases / 3, "{found} of {cases} decompose");
    }
}

/// A hand's waits through one guide (each suit's searches kept from one tile to the
/// next) find what the plain search finds for the part plus each tile in turn, wildcard
/// included, on random 13-tile parts (3n + 1) with 0-5 wildcards.
#[test]
fn a_guide_for_waits_finds_what_the_plain_search_finds() {
    let cases = crate::mahjong::test_cases(4_000) / 8;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(26);
    let (mut tiles, mut found) = (0, 0);
    for _ in 0..cases {
        let melds = rng.random_range(1..=4u8);
        let (mut nat, mut wild) = part(&mut rng, melds, 34);
        // One tile short: drop a natural, or a wildcard when there is no natural.
        match (0..34).rev().find(|&t| nat[t] > 0) {
            Some(t) if rng.random_bool(0.8) || wild == 0 => nat[t] -= 1,
            _ => wild -= 1,
        }
        let Some(mut guide) = Guide::for_waits(&nat, wild, melds, &ALL_KINDS) else {
            assert!(nat.iter().any(|&c| c > 4), "{nat:?} + {wild} not guided");
            continue;
        };
        // Every kind in a random order (the cache must not depend on it), then a wildcard.
        let mut order: Vec<Option<usize>> = (0..34).map(Some).collect();
        order.shuffle(&mut rng);
        order.push(None);
        for t in order {
            let (mut n, mut w) = (nat, wild);
            match t {
                Some(t) => n[t] += 1,
                None => w += 1,
            }
            let plain = search(&n, w, melds, &ALL_KINDS, Form::Standard, false);
            match guide.plus(t) {
                Some(fast) => {
                    tiles += 1;
                    found += usize::from(fast.is_some());
                    assert_eq!(fast, plain, "{nat:?} + {wild} wildcards + {t:?}");
                }
                None => assert!(n.iter().any(|&c| c > 4), "{n:?} not guided"),
            }
        }
    }
    assert!(tiles > cases * 30, "{tiles} tiles guided");
    assert!(found > cases * 2, "{found} decompositions");
}

/// Rules the tables do not describe, and parts of the wrong size, go to the plain search.
#[test]
fn leaves_other_rules_to_the_plain_search() {
    let nat = [0u8; 34];
    let mut melded = [0; 34];
    melded[0] = 3;
    for shape in [
        Shape {
            cap: u8::MAX,
            ..ALL_KINDS
        },
        Shape {
            melded,
            ..ALL_KINDS
        },
        Shape {
            run_starts: 0,
            ..ALL_KINDS
        },
    ] {
        assert!(standard(&nat, 2, 0, &shape).is_none());
    }
    // Two wildcards are a pair; three are no part of no melds and a pair.
    assert!(standard(&nat, 2, 0, &ALL_KINDS).is_some_and(|d| d.is_some()));
    assert!(standard(&nat, 3, 0, &ALL_KINDS).is_none());
}
