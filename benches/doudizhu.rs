//! Dou Dizhu engine benchmarks, side by side with the `dou_dizhu` 0.2.0 crate.
//!
//! Run: `cargo bench --bench doudizhu`. Every benchmark cycles through a fixed, seeded set of
//! inputs, one input per iteration, so a time is the cost of one call on a typical input.

// `criterion_group!` defines a public function that cannot carry a doc comment.
#![allow(missing_docs)]

use std::hint::black_box;

use cardrules::cards::{Rank, RankCounts};
use cardrules::doudizhu::{
    CardList, Combo, Table, Variant, classify, fit_wildcards, list_plays, list_plays_packed,
    pack_listed,
};
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
        .map(|&hand| CardList::from_counts(hand, Variant::ThreePlayer).unwrap())
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
        &CardList::full_deck(Variant::ThreePlayer),
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
    // The same plays packed one per word (PLAY_LIST_FORMAT_PACKED), for callers that search
    // or train.
    for (name, table) in [
        ("standard_packed", Table::STANDARD),
        ("strict_packed", Table::STRICT),
    ] {
        let mut i = 0;
        group.bench_function(name, |b| {
            b.iter(|| {
                i = (i + 1) & (HANDS - 1);
                black_box(list_plays_packed(
                    &table,
                    black_box(&lists[i]),
                    None,
                    None,
                    None,
                ))
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
        for (profile, table) in [
            ("standard_packed", Table::STANDARD),
            ("strict_packed", Table::STRICT),
        ] {
            let mut i = 0;
            group.bench_function(profile, |b| {
                b.iter(|| {
                    i = (i + 1) & (HANDS - 1);
                    black_box(list_plays_packed(
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
        let list = CardList::from_counts(hand, Variant::ThreePlayer).unwrap();
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
        // The packed listing is the named one, word for word.
        for table in [Table::STANDARD, Table::STRICT] {
            let named: Vec<u64> = list_plays(&table, &list, None, None, None)
                .iter()
                .map(pack_listed)
                .collect();
            assert_eq!(list_plays_packed(&table, &list, None, None, None), named);
        }
    }
}

/// 20-card laizi plays with 4 wildcards (7 is wild) and 16 natural cards: half of them 20-card
/// combos (airplanes with single or pair wings, pair straights) with cards replaced by the four
/// wildcards, half random.
fn laizi_plays(count: usize, seed: u64) -> Vec<RankCounts> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let wild = Rank::Seven.index();
    let natural: Vec<usize> = (0..13).filter(|&r| r != wild).collect();
    (0..count)
        .map(|i| {
            let mut counts = [0u8; Rank::COUNT];
            if i % 2 == 0 {
                // A 20-card combo over natural ranks, then 4 of its cards made wildcards.
                let mut ranks = natural.clone();
                ranks.shuffle(&mut rng);
                match i % 6 {
                    0 => {
                        // An airplane 10-A with five single wings below it.
                        counts[7..12].fill(3);
                        for &r in ranks.iter().filter(|&&r| r < 7).take(5) {
                            counts[r] = 1;
                        }
                    }
                    2 => {
                        // An airplane 10-K with four pair wings.
                        counts[7..11].fill(3);
                        for &r in ranks.iter().filter(|&&r| !(7..11).contains(&r)).take(4) {
                            counts[r] = 2;
                        }
                    }
                    _ => {
                        // A pair straight 3-Q (the 7s are wildcards).
                        counts[..10].fill(2);
                        counts[wild] = 0;
                    }
                }
                // Take cards out until 16 natural cards are left.
                let mut total: u8 = counts.iter().sum();
                while total > 16 {
                    let r = natural[rand::Rng::random_range(&mut rng, 0..natural.len())];
                    if counts[r] > 0 {
                        counts[r] -= 1;
                        total -= 1;
                    }
                }
            } else {
                let mut deck: Vec<usize> = natural.iter().flat_map(|&r| [r; 4]).collect();
                deck.shuffle(&mut rng);
                for &r in &deck[..16] {
                    counts[r] += 1;
                }
            }
            counts[wild] = 4;
            RankCounts(counts)
        })
        .collect()
}

/// Calls `f` with every multiset of `left` ranks `3`..`2` (as counts per rank, added to `w`): the
/// wildcard assignments both baselines below try.
fn each(left: u8, from: usize, w: &mut [u8; Rank::COUNT], f: &mut impl FnMut(&[u8; Rank::COUNT])) {
    if left == 0 {
        return f(w);
    }
    for r in from..13 {
        w[r] += 1;
        each(left - 1, r, w, f);
        w[r] -= 1;
    }
}

/// The brute force FitWildcards is measured against: every multiset of ranks `3`..`2` for the
/// wildcards, each resulting play read by the plain classifier, the fits deduplicated.
fn brute_force_fits(table: &Table, play: &RankCounts) -> Vec<Combo> {
    let (natural, wild) = table.wild().split(play);
    let mut fits = Vec::new();
    let mut w = [0u8; Rank::COUNT];
    each(wild.len() as u8, 0, &mut w, &mut |w| {
        let mut fitted = natural;
        for (c, a) in fitted.0.iter_mut().zip(w) {
            *c += a;
        }
        for mut reading in classify(&Table::new(*table.rules()).unwrap(), &fitted) {
            reading.wild_as = RankCounts(*w);
            fits.push(reading);
        }
    });
    fits.sort_by_key(|f| (f.kind, f.length, f.size, f.rank, f.kickers.0, f.wild_as.0));
    fits.dedup();
    fits
}

fn fit_wildcards_bench(c: &mut Criterion) {
    let table = Table::STANDARD.with_wild_ranks(&[Rank::Seven]).unwrap();
    let plays = laizi_plays(PLAYS, 99);
    let lists: Vec<CardList> = plays
        .iter()
        .map(|&p| CardList::from_counts(p, Variant::ThreePlayer).unwrap())
        .collect();
    let fits: usize = lists
        .iter()
        .map(|p| fit_wildcards(&table, p, None, None).len())
        .sum();
    eprintln!("fit_wildcards: {} plays, {fits} fits", plays.len());
    let mut group = c.benchmark_group("doudizhu/fit_wildcards_4_wild_16_natural");
    let mut i = 0;
    group.bench_function("cardrules", |b| {
        b.iter(|| {
            i = (i + 1) & (PLAYS - 1);
            black_box(fit_wildcards(&table, &lists[i], None, None))
        })
    });
    group.bench_function("brute_force", |b| {
        b.iter(|| {
            i = (i + 1) & (PLAYS - 1);
            black_box(brute_force_fits(&table, &plays[i]))
        })
    });
    group.finish();
}

/// ListPlays leading from 17-card hands holding four wildcards (7 is wild): 13 random natural
/// cards and the four 7s.
fn laizi_leading_bench(c: &mut Criterion) {
    let table = Table::STANDARD.with_wild_ranks(&[Rank::Seven]).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(17);
    let natural: Vec<Rank> = Rank::ALL
        .iter()
        .filter(|&&r| r != Rank::Seven)
        .flat_map(|&r| std::iter::repeat_n(r, if r.is_joker() { 1 } else { 4 }))
        .collect();
    let hands: Vec<CardList> = (0..64)
        .map(|_| {
            let mut cards = natural.clone();
            cards.shuffle(&mut rng);
            let mut counts = RankCounts::from_ranks(cards[..13].iter().copied());
            counts.0[Rank::Seven.index()] = 4;
            CardList::from_counts(counts, Variant::ThreePlayer).unwrap()
        })
        .collect();
    let plays: usize = hands
        .iter()
        .map(|h| list_plays(&table, h, None, None, None).len())
        .sum();
    eprintln!("laizi leading: {} hands, {plays} plays", hands.len());
    let mut group = c.benchmark_group("doudizhu/list_leading_17_cards_4_wild");
    let mut i = 0;
    group.bench_function("cardrules", |b| {
        b.iter(|| {
            i = (i + 1) & 63;
            black_box(list_plays(&table, &hands[i], None, None, None))
        })
    });
    group.bench_function("assign_and_dedup", |b| {
        b.iter(|| {
            i = (i + 1) & 63;
            black_box(assign_and_dedup(&table, black_box(&hands[i])))
        })
    });
    group.finish();
}

/// The baseline ListPlays of a laizi hand is measured against: for every assignment of ranks to
/// the hand's wildcards (every multiset of ranks `3`..`2`, as many as wildcards) that keeps the
/// hand within the deck, the plain plays of the hand so assigned; each mapped back to physical
/// cards (natural cards of a rank first, wildcards for the rest) and deduplicated by those
/// cards, keeping the first reading in reading order; then sorted into listing order.
fn assign_and_dedup(table: &Table, hand: &CardList) -> Vec<(RankCounts, Combo)> {
    use std::collections::HashMap;
    let plain = Table::new(*table.rules()).unwrap();
    let game = table.game();
    let (natural, wild) = table.wild().split(hand.counts());
    let wild_rank = table.wild().ranks().next().unwrap().index();
    let mut seen: HashMap<[u8; Rank::COUNT], Combo> = HashMap::new();
    let mut w = [0u8; Rank::COUNT];
    each(wild.len() as u8, 0, &mut w, &mut |w| {
        let mut assigned = natural;
        for (c, a) in assigned.0.iter_mut().zip(w) {
            *c += a;
        }
        let Ok(list) = CardList::from_counts(assigned, game) else {
            return;
        };
        for play in list_plays(&plain, &list, None, None, None) {
            let mut physical = [0u8; Rank::COUNT];
            let mut wildcards = 0;
            for ((slot, &count), &have) in physical.iter_mut().zip(&play.cards.0).zip(&natural.0) {
                *slot = count.min(have);
                wildcards += count - *slot;
            }
            physical[wild_rank] += wildcards;
            let mut combo = play.combo;
            let mut wild_as = play.cards;
            for (a, n) in wild_as.0.iter_mut().zip(natural.0) {
                *a = a.saturating_sub(n);
            }
            combo.wild_as = wild_as;
            seen.entry(physical)
                .and_modify(|kept| {
                    if combo.reading_key() < kept.reading_key() {
                        *kept = combo;
                    }
                })
                .or_insert(combo);
        }
    });
    let mut plays: Vec<(RankCounts, Combo)> = seen
        .into_iter()
        .map(|(cards, combo)| (RankCounts(cards), combo))
        .collect();
    plays.sort_by_cached_key(|(cards, combo)| (combo.list_key(), cards.0));
    plays
}

fn benches(c: &mut Criterion) {
    check_equal_work();
    classify_bench(c);
    leading_bench(c);
    responding_bench(c);
    fit_wildcards_bench(c);
    laizi_leading_bench(c);
}

criterion_group!(doudizhu, benches);
criterion_main!(doudizhu);
