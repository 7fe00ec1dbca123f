//! Deal: partitions, reproducibility, a pinned golden deal, and uniformity.

use std::collections::HashSet;

use cardrules::cards::{Card, Rank};
use cardrules::deal::{
    CardDeal, Deal, DealOptions, DealtTile, Game, TileDeal, WildcardDraw, card_deck, deal,
    deal_rng, shuffle, tile_deck, uniform_below,
};
use rand_chacha::rand_core::RngCore;

fn options(game: Game, seed: u64) -> DealOptions {
    DealOptions {
        game,
        seed,
        landlord_seat: None,
        include_flowers: false,
        wildcard_draw: WildcardDraw::None,
    }
}

fn cards(game: Game, seed: u64) -> CardDeal {
    match deal(&options(game, seed)).unwrap() {
        Deal::Cards(cards) => cards,
        Deal::Tiles(_) => panic!("a card game deals cards"),
    }
}

fn tiles(seed: u64, include_flowers: bool) -> TileDeal {
    let options = DealOptions {
        include_flowers,
        ..options(Game::Mahjong, seed)
    };
    match deal(&options).unwrap() {
        Deal::Tiles(tiles) => tiles,
        Deal::Cards(_) => panic!("mahjong deals tiles"),
    }
}

fn sorted<T: Ord + Clone>(items: impl IntoIterator<Item = T>) -> Vec<T> {
    let mut v: Vec<T> = items.into_iter().collect();
    v.sort();
    v
}

#[test]
fn every_card_deal_is_a_partition_of_the_deck() {
    for seed in 0..200 {
        for (game, decks, hand, kitty) in [
            (Game::Doudizhu, 1, 17, 3),
            (Game::DoudizhuFourPlayer, 2, 25, 8),
        ] {
            let dealt = cards(game, seed);
            assert_eq!(dealt.hands.len(), game.players());
            assert!(dealt.hands.iter().all(|h| h.len() == hand));
            assert_eq!(dealt.kitty.len(), kitty);
            let mut expected: Vec<Card> = Vec::new();
            for _ in 0..decks {
                expected.extend(card_deck());
            }
            let got = dealt.hands.iter().flatten().chain(&dealt.kitty).copied();
            assert_eq!(sorted(got), sorted(expected), "seed {seed}");
            for hand in &dealt.hands {
                assert!(hand.windows(2).all(|w| w[0] <= w[1]), "hands come sorted");
            }
        }
    }
}

#[test]
fn every_mahjong_deal_is_a_partition_of_the_tiles() {
    for seed in 0..200 {
        for flowers in [false, true] {
            let dealt = tiles(seed, flowers);
            assert_eq!(dealt.hands.len(), 4);
            assert!(dealt.hands.iter().all(|h| h.len() == 13));
            assert_eq!(dealt.wall.len(), if flowers { 144 } else { 136 } - 52);
            let got = dealt.hands.iter().flatten().chain(&dealt.wall).copied();
            assert_eq!(sorted(got), sorted(tile_deck(flowers)));
        }
    }
}

#[test]
fn the_landlord_takes_the_kitty_which_is_still_returned() {
    let plain = cards(Game::Doudizhu, 7);
    let with_landlord = match deal(&DealOptions {
        landlord_seat: Some(2),
        ..options(Game::Doudizhu, 7)
    })
    .unwrap()
    {
        Deal::Cards(c) => c,
        Deal::Tiles(_) => unreachable!(),
    };
    assert_eq!(with_landlord.kitty, plain.kitty);
    assert_eq!(with_landlord.hands[0], plain.hands[0]);
    assert_eq!(with_landlord.hands[2].len(), 20);
    let expected = sorted(plain.hands[2].iter().chain(&plain.kitty).copied());
    assert_eq!(with_landlord.hands[2], expected);
}

#[test]
fn the_same_seed_gives_the_same_deal_and_different_seeds_differ() {
    for game in [Game::Doudizhu, Game::DoudizhuFourPlayer, Game::Mahjong] {
        let mut seen = HashSet::new();
        for seed in 0..100 {
            let a = deal(&options(game, seed)).unwrap();
            assert_eq!(a, deal(&options(game, seed)).unwrap());
            assert!(seen.insert(format!("{a:?}")), "seed {seed} repeats a deal");
        }
    }
}

/// Pinned output: if this changes, every stored seed replays differently. Never update these
/// lines without a new, versioned algorithm.
#[test]
fn golden_deals_are_pinned() {
    let show = |cards: &[Card]| {
        cards
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    };
    let dealt = cards(Game::Doudizhu, 42);
    let shown: Vec<String> = dealt.hands.iter().map(|h| show(h)).collect();
    assert_eq!(shown, GOLDEN_DOUDIZHU_42_HANDS);
    assert_eq!(show(&dealt.kitty), GOLDEN_DOUDIZHU_42_KITTY);

    let mahjong = tiles(42, false);
    let wall: Vec<String> = mahjong.wall[..10].iter().map(ToString::to_string).collect();
    assert_eq!(wall.join(" "), GOLDEN_MAHJONG_42_WALL_START);
}

const GOLDEN_DOUDIZHU_42_HANDS: [&str; 3] = [
    "4D 5S 6H 7S 8H 9H 9D 10S 10H 10C 10D JS QH AS AH AD 2D",
    "3S 3H 4S 4H 4C 5H 5C 6D 7H 8C JH QS QD KC AC 2S BJ",
    "3C 3D 6S 6C 7D 8S 8D 9S 9C JC JD QC KH KD 2H 2C RJ",
];
const GOLDEN_DOUDIZHU_42_KITTY: &str = "5D 7C KS";
const GOLDEN_MAHJONG_42_WALL_START: &str = "2m 4m 3p 1p 9s 1m 3m 6m 7z 3p";

#[test]
fn wildcard_ranks_are_never_jokers_and_two_are_distinct() {
    for seed in 0..300 {
        let dealt = match deal(&DealOptions {
            wildcard_draw: WildcardDraw::Two,
            ..options(Game::Doudizhu, seed)
        })
        .unwrap()
        {
            Deal::Cards(c) => c,
            Deal::Tiles(_) => unreachable!(),
        };
        assert_eq!(dealt.wildcard_ranks.len(), 2);
        assert_ne!(dealt.wildcard_ranks[0], dealt.wildcard_ranks[1]);
        assert!(dealt.wildcard_ranks.iter().all(|r| !r.is_joker()));
    }
}

/// Pearson's chi-square of observed counts against a uniform expectation.
fn chi_square(counts: &[u64], expected: f64) -> f64 {
    counts
        .iter()
        .map(|&c| (c as f64 - expected).powi(2) / expected)
        .sum()
}

/// Chi-square of "card c ends at position p" over `deals` shuffles of a 54-card deck, and its
/// degrees of freedom.
fn position_chi_square(deals: u64, mut shuffler: impl FnMut(&mut [u8], u64)) -> (f64, f64) {
    const N: usize = 54;
    let mut counts = vec![0u64; N * N];
    for seed in 0..deals {
        let mut deck: Vec<u8> = (0..N as u8).collect();
        shuffler(&mut deck, seed);
        for (position, &card) in deck.iter().enumerate() {
            counts[card as usize * N + position] += 1;
        }
    }
    let expected = deals as f64 / N as f64;
    (chi_square(&counts, expected), ((N - 1) * (N - 1)) as f64)
}

fn chi_square_limit(df: f64) -> f64 {
    // Six standard deviations above the mean of chi-square(df): seeds are fixed, so this never
    // flakes, and a real bias of a few percent per cell overshoots it many times over.
    df + 6.0 * (2.0 * df).sqrt()
}

#[test]
fn every_card_lands_in_every_position_uniformly() {
    let (stat, df) = position_chi_square(20_000, |deck, seed| {
        shuffle(deck, &mut deal_rng(seed));
    });
    assert!(
        stat < chi_square_limit(df),
        "chi-square {stat:.0} for {df} df"
    );
}

#[test]
fn the_uniformity_test_catches_a_biased_shuffle() {
    // The classic mistake: swapping each position with any position of the whole deck.
    let (stat, df) = position_chi_square(20_000, |deck, seed| {
        let mut rng = deal_rng(seed);
        for i in 0..deck.len() {
            let j = (rng.next_u32() as usize) % deck.len();
            deck.swap(i, j);
        }
    });
    assert!(
        stat > chi_square_limit(df),
        "chi-square {stat:.0} for {df} df"
    );
}

#[test]
fn wildcard_ranks_are_uniform_over_the_thirteen_ranks() {
    let mut counts = [0u64; 13];
    let deals = 13_000;
    for seed in 0..deals {
        let dealt = match deal(&DealOptions {
            wildcard_draw: WildcardDraw::One,
            ..options(Game::Doudizhu, seed)
        })
        .unwrap()
        {
            Deal::Cards(c) => c,
            Deal::Tiles(_) => unreachable!(),
        };
        counts[dealt.wildcard_ranks[0].index()] += 1;
    }
    let stat = chi_square(&counts, deals as f64 / 13.0);
    assert!(stat < chi_square_limit(12.0), "chi-square {stat:.1}");
    assert!(counts.iter().all(|&c| c > 0), "{:?}", Rank::ALL);
}

#[test]
fn uniform_below_is_unbiased_for_small_bounds() {
    let mut rng = deal_rng(9);
    for n in [2u32, 3, 5, 7, 54] {
        let mut counts = vec![0u64; n as usize];
        let draws = 10_000 * n as u64;
        for _ in 0..draws {
            counts[uniform_below(n, || rng.next_u32()) as usize] += 1;
        }
        let stat = chi_square(&counts, 10_000.0);
        assert!(stat < chi_square_limit((n - 1) as f64), "n={n}: {stat:.1}");
    }
}

#[test]
fn flowers_appear_only_when_asked() {
    let has_flower = |d: &TileDeal| {
        d.hands
            .iter()
            .flatten()
            .chain(&d.wall)
            .any(|t| matches!(t, DealtTile::Flower(_)))
    };
    assert!(!has_flower(&tiles(1, false)));
    assert!(has_flower(&tiles(1, true)));
}
