//! Whole-game benchmarks: AdjudicateGame of full three-player games, and NextActions at a
//! responding point against ListPlays on the same hand.
//!
//! Run: `cargo bench --bench game`. The games are played by a seeded random policy (random legal
//! bids, then a random listed play, or a pass three times in ten when allowed) and kept when they
//! have 30 to 60 actions; every iteration adjudicates the next game of the set.

// `criterion_group!` defines a public function that cannot carry a doc comment.
#![allow(missing_docs)]

use std::hint::black_box;

use cardrules::cards::Card;
use cardrules::deal::WildcardDraw;
use cardrules::doudizhu::game::{
    Flow, GameDeal, GameRecord, GameState, NextActions, RecordedPlay, adjudicate, replay,
};
use cardrules::doudizhu::{CardList, Table, Variant, list_plays};
use criterion::{Criterion, criterion_group, criterion_main};
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Games per benchmark; a power of two so cycling through them is a mask.
const GAMES: usize = 64;

fn card_list(cards: &[Card]) -> CardList {
    let texts: Vec<String> = cards.iter().map(ToString::to_string).collect();
    CardList::parse(&texts, Variant::ThreePlayer).unwrap()
}

/// One random game from `seed`, played to its end (or a redeal).
fn random_game(rng: &mut ChaCha8Rng, seed: u64) -> GameRecord {
    let mut record = GameRecord {
        table: Table::STANDARD,
        flow: Flow::default(),
        deal: GameDeal::seeded(Variant::ThreePlayer, seed, WildcardDraw::None),
        known_landlord: None,
        bids: Vec::new(),
        plays: Vec::new(),
    };
    let mut state = GameState::new(&record);
    while let Some(seat) = state.to_act() {
        match state.next_actions(usize::MAX) {
            NextActions::Bids(bids) => {
                let action = *bids.choose(rng).unwrap();
                state.apply_bid(seat, action).unwrap();
                record.bids.push((seat, action));
            }
            NextActions::Plays {
                plays, may_pass, ..
            } => {
                let cards = if plays.is_empty() || (may_pass && rng.random_bool(0.3)) {
                    card_list(&[])
                } else {
                    card_list(&state.hand(seat).name(&plays.choose(rng).unwrap().cards))
                };
                state
                    .apply_play(record.plays.len(), seat, &cards, None)
                    .unwrap();
                record.plays.push(RecordedPlay::new(seat, cards));
            }
            NextActions::None => break,
        }
    }
    record
}

/// `GAMES` finished games of 30 to 60 actions.
fn full_games() -> Vec<GameRecord> {
    let mut rng = ChaCha8Rng::seed_from_u64(12);
    let mut games = Vec::with_capacity(GAMES);
    let mut seed = 0;
    while games.len() < GAMES {
        seed += 1;
        let record = random_game(&mut rng, seed);
        let actions = record.bids.len() + record.plays.len();
        if (30..=60).contains(&actions) && adjudicate(&record).settlement.is_some() {
            games.push(record);
        }
    }
    games
}

fn bench_adjudicate(c: &mut Criterion) {
    let games = full_games();
    let actions: usize = games.iter().map(|g| g.bids.len() + g.plays.len()).sum();
    eprintln!(
        "adjudicate: {} games, {:.1} actions each on average",
        games.len(),
        actions as f64 / games.len() as f64
    );
    let mut i = 0;
    c.bench_function("game/adjudicate full 3-player game", |b| {
        b.iter(|| {
            i = (i + 1) & (GAMES - 1);
            black_box(adjudicate(black_box(&games[i])))
        })
    });
}

fn bench_next_actions(c: &mut Criterion) {
    // Responding points: the first point of each game where the seat to act may pass, after
    // the landlord's opening lead.
    let games = full_games();
    let points: Vec<(GameState, CardList)> = games
        .iter()
        .map(|game| {
            let mut prefix = game.clone();
            prefix.plays.truncate(1);
            let state = replay(&prefix).state;
            let seat = state.to_act().unwrap();
            let hand =
                CardList::from_counts(*state.hand(seat).counts(), Variant::ThreePlayer).unwrap();
            (state, hand)
        })
        .collect();
    let mut i = 0;
    c.bench_function("game/next_actions responding", |b| {
        b.iter(|| {
            i = (i + 1) & (GAMES - 1);
            black_box(points[i].0.next_actions(usize::MAX))
        })
    });
    let mut i = 0;
    c.bench_function("game/list_plays same hand and previous", |b| {
        b.iter(|| {
            i = (i + 1) & (GAMES - 1);
            let (state, hand) = &points[i];
            let previous = state.to_beat().map(|(_, combo, _)| combo);
            black_box(list_plays(&Table::STANDARD, hand, previous, None, None))
        })
    });
}

criterion_group!(benches, bench_adjudicate, bench_next_actions);
criterion_main!(benches);
