//! Test support for the Dou Dizhu engine: a slow reference written from the rules' definitions,
//! independent of the fast code, and proptest strategies.
//!
//! The reference classifies a play by trying every possible main part (every kind, rank, chain
//! length and size), taking the rest of the cards as kickers and checking the kicker rules on
//! the list of kicker cards. It enumerates a hand's plays by trying every sub-multiset of the
//! hand. Nothing here is fast; everything here is easy to check by reading.

#![allow(dead_code)]

use std::cmp::Ordering;

use cardrules::cards::{Rank, RankCounts};
use cardrules::doudizhu::{BombKind, Combo, ComboKind, Play, Rules, Table, Variant, play_readings};
use proptest::prelude::*;

/// Proptest case count: `CARDRULES_PROPTEST_CASES`, or a default that keeps the suite fast.
pub fn cases(default: u32) -> u32 {
    std::env::var("CARDRULES_PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

const ACE: usize = 11;
const TWO: usize = 12;
const BLACK: usize = 13;
const RED: usize = 14;

fn total(counts: &[u8; 15]) -> usize {
    counts.iter().map(|&c| c as usize).sum()
}

/// The kicker cards, one entry per card, lowest rank first.
fn card_list(counts: &[u8; 15]) -> Vec<usize> {
    let mut cards = Vec::new();
    for (rank, &count) in counts.iter().enumerate() {
        for _ in 0..count {
            cards.push(rank);
        }
    }
    cards
}

fn occurrences(cards: &[usize], rank: usize) -> usize {
    cards.iter().filter(|&&c| c == rank).count()
}

/// The rules about kickers that hold for singles and pairs alike (jokers, the rocket).
fn joker_rules_hold(cards: &[usize], rules: &Rules) -> bool {
    let jokers = cards.iter().filter(|&&c| c == BLACK || c == RED).count();
    if jokers > 0 && !rules.kickers_may_include_joker {
        return false;
    }
    // The rocket is one of each joker with one deck, two of each with two.
    let rocket = rules.game.rocket_copies() as usize;
    let holds_rocket = occurrences(cards, BLACK) >= rocket && occurrences(cards, RED) >= rocket;
    !holds_rocket || rules.kickers_may_include_rocket
}

/// Single kickers `cards` for a main part covering ranks `lo..=hi`.
fn singles_allowed(cards: &[usize], lo: usize, hi: usize, rules: &Rules) -> bool {
    for &card in cards {
        let n = occurrences(cards, card);
        if n >= 2 && !rules.kickers_may_repeat {
            return false;
        }
        if n >= 4 && !rules.kickers_may_include_bomb {
            return false;
        }
        let next_to_chain = (lo > 0 && card == lo - 1) || (card == hi + 1 && card <= ACE);
        if n == 3 && next_to_chain && !rules.kickers_may_include_adjacent_trio {
            return false;
        }
    }
    joker_rules_hold(cards, rules)
}

/// Pair kickers `cards`: `pairs` pairs, each two cards of a rank.
fn pairs_allowed(cards: &[usize], pairs: usize, rules: &Rules) -> bool {
    if cards.len() != 2 * pairs {
        return false;
    }
    for &card in cards {
        let n = occurrences(cards, card);
        if n % 2 == 1 {
            return false;
        }
        if n > 2 && !rules.bomb_as_two_pairs {
            return false;
        }
    }
    joker_rules_hold(cards, rules)
}

/// Every reading of `play` by definition, in the documented reading order.
pub fn readings(play: &[u8; 15], rules: &Rules) -> Vec<Combo> {
    readings_with_bombs_to(play, rules, rules.game.max_bomb_size())
}

/// [`readings`], with bombs of 4 to `max_bomb` cards (wildcards can make bombs longer than the
/// deck allows).
pub fn readings_with_bombs_to(play: &[u8; 15], rules: &Rules, max_bomb: u8) -> Vec<Combo> {
    let n = total(play);
    let mut out = Vec::new();
    if n == 0 || n > rules.game.max_play_cards() {
        return out;
    }
    // Rocket: the jokers and nothing else.
    let rc = rules.game.rocket_copies();
    let mut rocket = [0u8; 15];
    rocket[BLACK] = rc;
    rocket[RED] = rc;
    if *play == rocket {
        out.push(Combo::bare(ComboKind::Rocket, Rank::BlackJoker, 1, rc));
    }
    use ComboKind::*;
    for kind in ComboKind::ALL {
        // (size, smallest chain length, largest rank a main part may use, kicker units)
        let (sizes, min_len, chain): (Vec<u8>, usize, bool) = match kind {
            Single => (vec![1], 1, false),
            Pair => (vec![2], 1, false),
            Trio | TrioWithSingle | TrioWithPair => (vec![3], 1, false),
            FourWithTwoSingles | FourWithTwoPairs => (vec![4], 1, false),
            Bomb => ((4..=max_bomb).collect(), 1, false),
            Straight => (vec![1], rules.min_straight_length as usize, true),
            PairStraight => (vec![2], rules.min_pair_straight_length as usize, true),
            Airplane | AirplaneWithSingles | AirplaneWithPairs => {
                (vec![3], (rules.min_airplane_length as usize).max(2), true)
            }
            Rocket => continue,
        };
        match kind {
            TrioWithPair | AirplaneWithPairs if !rules.trio_with_pair => continue,
            FourWithTwoSingles if !rules.four_with_two_singles => continue,
            FourWithTwoPairs if !rules.four_with_two_pairs => continue,
            _ => {}
        }
        for size in sizes {
            let lengths: Vec<usize> = if chain {
                (min_len..=12).collect()
            } else {
                vec![1]
            };
            for length in lengths {
                let last_start = if chain { ACE + 1 - length } else { RED };
                for start in 0..=last_start {
                    let hi = start + length - 1;
                    // Trios, fours and bombs exist only for ranks with enough copies: never jokers.
                    if size >= 3 && hi > TWO {
                        continue;
                    }
                    // The main ranks hold exactly `size` cards: kickers never share them.
                    if (start..=hi).any(|r| play[r] != size) {
                        continue;
                    }
                    let mut rest = *play;
                    rest[start..=hi].fill(0);
                    let kickers = card_list(&rest);
                    let ok = match kind {
                        Single | Pair | Trio | Bomb | Straight | PairStraight | Airplane => {
                            kickers.is_empty()
                        }
                        TrioWithSingle => {
                            kickers.len() == 1 && singles_allowed(&kickers, start, hi, rules)
                        }
                        AirplaneWithSingles => {
                            kickers.len() == length && singles_allowed(&kickers, start, hi, rules)
                        }
                        FourWithTwoSingles => {
                            kickers.len() == 2 && singles_allowed(&kickers, start, hi, rules)
                        }
                        TrioWithPair => pairs_allowed(&kickers, 1, rules),
                        AirplaneWithPairs => pairs_allowed(&kickers, length, rules),
                        FourWithTwoPairs => pairs_allowed(&kickers, 2, rules),
                        Rocket => false,
                    };
                    if ok {
                        out.push(Combo {
                            kind,
                            rank: Rank::ALL[start],
                            length: length as u8,
                            size,
                            kickers: RankCounts(rest),
                            wild_as: RankCounts::EMPTY,
                            bomb_kind: None,
                        });
                    }
                }
            }
        }
    }
    out.sort_by(reading_order);
    out
}

/// Kickers as sorted rank lists, compared lexicographically.
fn kicker_order(a: &Combo, b: &Combo) -> Ordering {
    card_list(&a.kickers.0).cmp(&card_list(&b.kickers.0))
}

/// The documented reading order: kind, length, size, main rank strongest first, kickers.
pub fn reading_order(a: &Combo, b: &Combo) -> Ordering {
    (a.kind, a.length, a.size)
        .cmp(&(b.kind, b.length, b.size))
        .then(b.rank.cmp(&a.rank))
        .then_with(|| kicker_order(a, b))
}

/// The documented listing order: kind, length, size, main rank weakest first, kickers.
pub fn listing_order(a: &Combo, b: &Combo) -> Ordering {
    (a.kind, a.length, a.size, a.rank)
        .cmp(&(b.kind, b.length, b.size, b.rank))
        .then_with(|| kicker_order(a, b))
}

/// Beats, from the wording.
pub fn beats(a: &Combo, b: &Combo) -> bool {
    if b.kind == ComboKind::Rocket {
        return false;
    }
    if a.kind == ComboKind::Rocket {
        return true;
    }
    match (a.kind == ComboKind::Bomb, b.kind == ComboKind::Bomb) {
        (true, true) => a.size > b.size || (a.size == b.size && a.rank > b.rank),
        (true, false) => true,
        (false, true) => false,
        (false, false) => a.kind == b.kind && a.length == b.length && a.rank > b.rank,
    }
}

/// Every non-empty sub-multiset of `hand`.
pub fn sub_multisets(hand: &[u8; 15]) -> Vec<[u8; 15]> {
    let mut out = Vec::new();
    let mut current = [0u8; 15];
    loop {
        // Odometer over the ranks.
        let mut rank = 0;
        loop {
            if rank == 15 {
                return out;
            }
            if current[rank] < hand[rank] {
                current[rank] += 1;
                break;
            }
            current[rank] = 0;
            rank += 1;
        }
        out.push(current);
    }
}

/// ListPlays by brute force: every sub-multiset with a qualifying reading, with its first
/// qualifying reading, in listing order.
pub fn list_plays(
    hand: &[u8; 15],
    previous: Option<&Combo>,
    kind: Option<ComboKind>,
    rules: &Rules,
) -> Vec<(RankCounts, Combo)> {
    let mut out = Vec::new();
    for play in sub_multisets(hand) {
        let chosen = readings(&play, rules)
            .into_iter()
            .find(|r| kind.is_none_or(|k| r.kind == k) && previous.is_none_or(|p| beats(r, p)));
        if let Some(chosen) = chosen {
            out.push((RankCounts(play), chosen));
        }
    }
    out.sort_by(|a, b| listing_order(&a.1, &b.1));
    out
}

/// Number of sub-multisets of a hand (the reference's work).
pub fn subsets(hand: &[u8; 15]) -> u64 {
    hand.iter().map(|&c| c as u64 + 1).product()
}

/// Random valid rules: any combination of overrides, either game.
pub fn any_rules() -> impl Strategy<Value = Rules> {
    (
        prop::array::uniform9(any::<bool>()),
        any::<bool>(),
        3u8..=7,
        2u8..=4,
        2u8..=3,
    )
        .prop_map(|(f, four_player, straight, pairs, airplane)| {
            let mut rules = Rules {
                game: if four_player {
                    Variant::FourPlayer
                } else {
                    Variant::ThreePlayer
                },
                trio_with_pair: f[0],
                four_with_two_singles: f[1],
                four_with_two_pairs: f[2],
                kickers_may_repeat: f[3],
                kickers_may_include_joker: f[4],
                kickers_may_include_rocket: f[5],
                kickers_may_include_bomb: f[6],
                kickers_may_include_adjacent_trio: f[7],
                bomb_as_two_pairs: f[8],
                min_straight_length: straight,
                min_pair_straight_length: pairs,
                min_airplane_length: airplane,
                ..Rules::STANDARD
            };
            // Drop the overrides whose prerequisite is off, so the rules validate.
            rules.kickers_may_include_rocket &= rules.kickers_may_include_joker;
            rules.kickers_may_include_bomb &= rules.kickers_may_repeat;
            rules.kickers_may_include_adjacent_trio &= rules.kickers_may_repeat;
            rules
        })
}

/// The presets for either game, and random overrides.
pub fn profiles() -> impl Strategy<Value = Rules> {
    prop_oneof![
        Just(Rules::STANDARD),
        Just(Rules::STRICT),
        Just(Rules::PERMISSIVE),
        any::<bool>().prop_map(|p| Rules {
            game: Variant::FourPlayer,
            ..if p {
                Rules::PERMISSIVE
            } else {
                Rules::STANDARD
            }
        }),
        any_rules(),
    ]
}

/// A random hand of `game`, dense around a few consecutive ranks so that chains, trios and
/// airplanes come up, with at most `max_subsets` sub-multisets (the reference's budget).
pub fn hand(game: Variant, max_cards: usize, max_subsets: u64) -> impl Strategy<Value = [u8; 15]> {
    (
        0usize..11,
        2usize..7,
        prop::collection::vec(0u8..=8, 7),
        prop::collection::vec((0usize..15, 1u8..=4), 0..5),
    )
        .prop_map(move |(start, width, dense, extra)| {
            let mut counts = [0u8; 15];
            for (i, &c) in dense.iter().enumerate().take(width) {
                let rank = (start + i).min(14);
                counts[rank] = c;
            }
            for (rank, c) in extra {
                counts[rank] = counts[rank].saturating_add(c);
            }
            for (rank, count) in counts.iter_mut().enumerate() {
                *count = (*count).min(game.copies(Rank::ALL[rank]));
            }
            // Trim the largest counts until both budgets hold.
            while total(&counts) > max_cards || subsets(&counts) > max_subsets {
                let largest = (0..15).max_by_key(|&r| counts[r]).unwrap();
                counts[largest] -= 1;
            }
            counts
        })
}

/// Rules paired with a hand for them.
pub fn rules_and_hand(
    max_cards: usize,
    max_subsets: u64,
) -> impl Strategy<Value = (Rules, [u8; 15])> {
    profiles().prop_flat_map(move |rules| (Just(rules), hand(rules.game, max_cards, max_subsets)))
}

/// Every fit of `play` under laizi rules by brute force: every multiset of ranks `3`..`2` for
/// the wildcards (the cards of `wild` ranks), the cards then read by [`readings_with_bombs_to`];
/// the options applied as the rules define them. Unordered.
pub fn wild_fits(rules: &Rules, wild: &[Rank], play: &[u8; 15]) -> Vec<Combo> {
    let mut natural = *play;
    let mut wildcards = [0u8; 15];
    for rank in wild {
        wildcards[rank.index()] = play[rank.index()];
        natural[rank.index()] = 0;
    }
    let m: u8 = wildcards.iter().sum();
    let natural_empty = natural.iter().all(|&c| c == 0);
    let mut out = Vec::new();
    if m == 0 {
        for mut r in readings(play, rules) {
            if !wild.is_empty() && r.kind == ComboKind::Bomb {
                r.bomb_kind = Some(BombKind::Hard);
            }
            out.push(r);
        }
        return out;
    }
    let mut assignments = Vec::new();
    multisets(m, 0, &mut [0u8; 15], &mut assignments);
    for w in assignments {
        if natural_empty && rules.all_wildcard_play_natural && w != wildcards {
            continue;
        }
        let mut fitted = natural;
        for r in 0..15 {
            fitted[r] += w[r];
        }
        if rules.wildcards_within_deck
            && (0..15).any(|r| fitted[r] > rules.game.copies(Rank::ALL[r]))
        {
            continue;
        }
        // A wildcard stands for another rank only when its own rank has no wildcard left.
        let standing_in: [u8; 15] = std::array::from_fn(|r| w[r].saturating_sub(wildcards[r]));
        let size = fitted.iter().sum::<u8>().max(4);
        for mut reading in readings_with_bombs_to(&fitted, rules, size) {
            let main = reading.main_cards();
            if !rules.wildcards_may_be_kickers && (0..15).any(|r| standing_in[r] > main.0[r]) {
                continue;
            }
            reading.wild_as = RankCounts(w);
            if reading.kind == ComboKind::Bomb {
                reading.bomb_kind = Some(if natural_empty {
                    BombKind::Pure
                } else if standing_in.iter().all(|&c| c == 0) {
                    BombKind::Hard
                } else {
                    BombKind::Soft
                });
            }
            out.push(reading);
        }
    }
    out
}

/// Every multiset of `left` ranks among `3`..`2` from rank index `from` on, added to `base`.
fn multisets(left: u8, from: usize, base: &mut [u8; 15], out: &mut Vec<[u8; 15]>) {
    if left == 0 {
        out.push(*base);
        return;
    }
    for r in from..13 {
        base[r] += 1;
        multisets(left - 1, r, base, out);
        base[r] -= 1;
    }
}

/// Adds `units` kickers of `unit` cards (1: singles, 2: pairs; 0: none) to `cards`, taking ranks
/// in the order of `others` that the play does not use yet (pairs never of a joker), for
/// generators that build a combo's cards.
pub fn add_kickers(cards: &mut [u8; 15], others: &[usize], units: usize, unit: u8) {
    if unit == 0 {
        return;
    }
    let mut added = 0;
    for &r in others {
        if added == units {
            break;
        }
        if cards[r] == 0 && (unit == 1 || r < 13) {
            cards[r] = unit;
            added += 1;
        }
    }
}

/// ListPlays of a laizi hand the slow way (the engine's first version, kept as the reference):
/// every sub-multiset of the hand of at most the game's largest play, read by its fits in
/// reading order (`play_readings`), the first qualifying fit (of `kind`, beating `previous`)
/// kept; in listing order, then fewer wildcards, then the ranks they stand for and the cards,
/// each as ascending rank lists.
pub fn wild_list_plays(
    table: &Table,
    hand: &[u8; 15],
    previous: Option<&Combo>,
    kind: Option<ComboKind>,
) -> Vec<Play> {
    let max = table.game().max_play_cards();
    let mut plays = Vec::new();
    for cards in sub_multisets(hand) {
        if total(&cards) > max {
            continue;
        }
        let chosen = play_readings(table, &RankCounts(cards))
            .into_iter()
            .find(|r| {
                kind.is_none_or(|k| r.kind == k)
                    && previous.is_none_or(|p| cardrules::doudizhu::beats(table, r, p))
            });
        if let Some(combo) = chosen {
            plays.push(Play {
                cards: RankCounts(cards),
                combo,
            });
        }
    }
    // Counts as ascending rank lists: more copies of a lower rank first.
    let inverted = |counts: &RankCounts| counts.0.map(|c| u8::MAX - c);
    plays.sort_by_cached_key(|play| {
        (
            play.combo.list_key(),
            play.combo.wild_as.len(),
            inverted(&play.combo.wild_as),
            inverted(&play.cards),
        )
    });
    plays
}
