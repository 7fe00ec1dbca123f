//! Dou Dizhu engine benchmarks, side by side with the `dou_dizhu` 0.2.0 crate.
//!
//! Run: `cargo bench --bench doudizhu`. Every benchmark cycles through a fixed, seeded set of
//! inputs, one input per iteration, so a time is the cost of one call on a typical input.

// `criterion_group!` defines a public function that cannot carry a doc comment.
#![allow(missing_docs)]

use std::hint::black_box;

use cardrules::cards::{Rank, RankCounts};
use cardrules::doudizhu::{CardList, Combo, Game, Table, classify, list_plays};
use criterion::{Criterion, criterion_group, criterion_main};
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

/// Inputs per benchmark; a power of two so cycling through them is a mask, not a division.
const HANDS: usize = 256;
const PLAYS: usize = 1024;

/// `count` random hands of `size` cards from one 54-card deck.
fn random_hands(count: usize, size: usize, seed: u64) -> Vec<RankCounts> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let deck: Vec<Rank> = Rank::ALL
        .iter()
        .flat_map(|&r| std::iter::repeat_n(r, if r.is_joker() { 1 } else { 4 }))
        .collect();
    (0..count)
        .map(|_| {
            let mut cards = deck.clone();
            cards.shuffle(&mut rng);
            RankCounts::from_ranks(cards[..size].iter().copied())
        })
        .collect()
}

fn reading(text: &str) -> Combo {
    let ranks = text
        .split_whitespace()
        .map(|c| cardrules::cards::parse_card(c).unwrap().rank);
    classify(&Table::STANDARD, &RankCounts::from_ranks(ranks))[0]
}

const DOU_DIZHU_KINDS: [dou_dizhu::PlayKind; 14] = {
    use dou_dizhu::PlayKind::*;
    [
        Solo,
        Chain,
        Pair,
        PairsChain,
        Trio,
        Airplane,
        TrioWithSolo,
        AirplaneWithSolos,
        TrioWithPair,
        AirplaneWithPairs,
        Bomb,
        FourWithDualSolo,
        FourWithDualPair,
        Rocket,
    ]
};

/// The crate's way to list every lead of a hand: each kind's plays, collected.
fn dou_dizhu_leads(hand: dou_dizhu::Hand) -> Vec<dou_dizhu::core::Guard<dou_dizhu::Play>> {
    DOU_DIZHU_KINDS
        .iter()
        .flat_map(|&kind| hand.plays(kind))
        .collect()
}

/// The crate's way to list the responses to `previous`: plays of its kind that compare
/// greater, then bombs and the rocket when they beat it.
fn dou_dizhu_responses(
    hand: dou_dizhu::Hand,
    previous: &dou_dizhu::core::Guard<dou_dizhu::Play>,
) -> Vec<dou_dizhu::core::Guard<dou_dizhu::Play>> {
    use dou_dizhu::PlayKind::{Bomb, Rocket};
    let mut plays: Vec<_> = hand
        .plays(previous.kind())
        .filter(|p| p > previous)
        .collect();
    for kind in [Bomb, Rocket] {
        if kind != previous.kind() {
            plays.extend(hand.plays(kind).filter(|p| p > previous));
        }
    }
    plays
}

/// The hands as checked card lists, built before timing.
fn card_lists(hands: &[RankCounts]) -> Vec<CardList> {
    hands
        .iter()
        .map(|&hand| CardList::from_counts(hand, Game::ThreePlayer).unwrap())
        .collect()
}

fn to_dou_dizhu(hand: &RankCounts) -> dou_dizhu::Hand {
    // Same rank order (3..2, black joker, red joker) in both crates.
    dou_dizhu::Hand::try_from(hand.0).unwrap()
}

fn classify_bench(c: &mut Criterion) {
    // A sample of real plays of every kind: STANDARD's full-deck census, shuffled.
    let mut plays: Vec<RankCounts> = list_plays(
        &Table::STANDARD,
        &CardList::full_deck(Game::ThreePlayer),
        None,
        None,
        None,
    )
    .into_iter()
    .map(|p| p.cards)
    .collect();
    plays.shuffle(&mut ChaCha8Rng::seed_from_u64(7));
    plays.truncate(PLAYS);
    let mut group = c.benchmark_group("doudizhu/classify");
    for (name, table) in [
        ("standard", Table::STANDARD),
        ("permissive", Table::PERMISSIVE),
    ] {
        let mut i = 0;
        group.bench_function(name, |b| {
            b.iter(|| {
                i = (i + 1) & (PLAYS - 1);
                black_box(classify(&table, black_box(&plays[i])))
            })
        });
    }
    let theirs: Vec<dou_dizhu::Hand> = plays.iter().map(to_dou_dizhu).collect();
    let mut i = 0;
    group.bench_function("dou_dizhu_0.2.0_to_play", |b| {
        b.iter(|| {
            i = (i + 1) & (theirs.len() - 1);
            black_box(black_box(theirs[i]).to_play())
        })
    });
    group.finish();
}

fn leading_bench(c: &mut Criterion) {
    let hands = random_hands(HANDS, 20, 20);
    let lists = card_lists(&hands);
    let mut group = c.benchmark_group("doudizhu/list_leading_20_cards");
    for (name, table) in [
        ("standard", Table::STANDARD),
        ("strict", Table::STRICT),
        ("permissive", Table::PERMISSIVE),
    ] {
        let mut i = 0;
        group.bench_function(name, |b| {
            b.iter(|| {
                i = (i + 1) & (HANDS - 1);
                black_box(list_plays(&table, black_box(&lists[i]), None, None, None))
            })
        });
    }
    let theirs: Vec<dou_dizhu::Hand> = hands.iter().map(to_dou_dizhu).collect();
    let mut i = 0;
    group.bench_function("dou_dizhu_0.2.0", |b| {
        b.iter(|| {
            i = (i + 1) & (theirs.len() - 1);
            black_box(dou_dizhu_leads(black_box(theirs[i])))
        })
    });
    group.finish();
}

fn responding_bench(c: &mut Criterion) {
    let hands = random_hands(HANDS, 20, 21);
    let lists = card_lists(&hands);
    for (name, previous) in [
        ("single", "8"),
        ("pair", "8 8"),
        ("airplane_with_singles", "5 5 5 6 6 6 3 4"),
    ] {
        let previous = reading(previous);
        let mut group = c.benchmark_group(format!("doudizhu/respond_to_{name}"));
        for (profile, table) in [("standard", Table::STANDARD), ("strict", Table::STRICT)] {
            let mut i = 0;
            group.bench_function(profile, |b| {
                b.iter(|| {
                    i = (i + 1) & (HANDS - 1);
                    black_box(list_plays(
                        &table,
                        black_box(&lists[i]),
                        Some(&previous),
                        None,
                        None,
                    ))
                })
            });
        }
        let their_previous = dou_dizhu::Hand::try_from(previous.cards().0)
            .unwrap()
            .to_play()
            .unwrap();
        let theirs: Vec<dou_dizhu::Hand> = hands.iter().map(to_dou_dizhu).collect();
        let mut i = 0;
        group.bench_function("dou_dizhu_0.2.0", |b| {
            b.iter(|| {
                i = (i + 1) & (theirs.len() - 1);
                black_box(dou_dizhu_responses(black_box(theirs[i]), &their_previous))
            })
        });
        group.finish();
    }
}

/// The same enumeration gives the same plays in both crates (a sanity check run before timing,
/// so the comparison is between equal work).
fn check_equal_work() {
    for hand in random_hands(64, 20, 20) {
        let list = CardList::from_counts(hand, Game::ThreePlayer).unwrap();
        let mut ours: Vec<[u8; 15]> = list_plays(&Table::STRICT, &list, None, None, None)
            .iter()
            .map(|p| p.cards.0)
            .collect();
        let mut theirs: Vec<[u8; 15]> = dou_dizhu_leads(to_dou_dizhu(&hand))
            .iter()
            .map(|p| p.to_hand().to_array())
            .collect();
        ours.sort_unstable();
        theirs.sort_unstable();
        assert_eq!(ours, theirs, "different plays for {hand}");
    }
}

fn benches(c: &mut Criterion) {
    check_equal_work();
    classify_bench(c);
    leading_bench(c);
    responding_bench(c);
}

criterion_group!(doudizhu, benches);
criterion_main!(doudizhu);
