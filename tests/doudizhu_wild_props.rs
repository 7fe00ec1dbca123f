//! Laizi (wildcard) Dou Dizhu against a brute-force reference: every multiset of ranks for the
//! wildcards, the slow reference classifier on each (`doudizhu_support::wild_fits`).
//!
//! Plays are built to fit: a combo of a random kind (every kind), some of its cards replaced by
//! wildcards, plus fully random plays. One deck: 1 to 4 wildcards; two decks: up to 8. Case
//! count: `CARDRULES_PROPTEST_CASES`.

mod doudizhu_support;

use std::collections::HashMap;

use cardrules::cards::{Rank, RankCounts};
use cardrules::doudizhu::{
    BombKind, BombOrder, CardList, Combo, ComboKind, ComparisonOutcome, Preset, ReadingSelector,
    Rules, Situation, Table, Variant, beats, compare_plays, fit_key, fit_wildcards, list_plays,
    play_readings, validate_play,
};
use doudizhu_support as reference;
use proptest::prelude::*;

/// Random laizi options on top of `rules`.
fn laizi(rules: Rules) -> impl Strategy<Value = Rules> {
    (
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        prop::sample::select(BombOrder::ALL.to_vec()),
    )
        .prop_map(move |(natural, within, kickers, order)| Rules {
            all_wildcard_play_natural: natural,
            wildcards_within_deck: within,
            wildcards_may_be_kickers: kickers,
            bomb_order: order,
            ..rules
        })
}

/// One or two distinct wild ranks `3`..`2`.
fn wild_ranks() -> impl Strategy<Value = Vec<Rank>> {
    (0usize..13, 0usize..13, any::<bool>()).prop_map(|(a, b, two)| {
        let mut ranks = vec![Rank::ALL[a]];
        if two && a != b {
            ranks.push(Rank::ALL[b]);
        }
        ranks
    })
}

/// The cards of a combo of a random kind (as counts), not necessarily within the deck.
fn combo_shape() -> impl Strategy<Value = [u8; 15]> {
    (
        prop::sample::select(ComboKind::ALL.to_vec()),
        0usize..13,
        1usize..=6,
        4u8..=6,
        Just((0usize..15).collect::<Vec<_>>()).prop_shuffle(),
    )
        .prop_map(|(kind, start, length, bomb, others)| {
            use ComboKind::*;
            let chain = matches!(
                kind,
                Straight | PairStraight | Airplane | AirplaneWithSingles | AirplaneWithPairs
            );
            let length = if chain {
                match kind {
                    Straight => length + 4,
                    PairStraight => length.min(5) + 2,
                    _ => length.min(4) + 1,
                }
            } else {
                1
            };
            let size = kind.main_copies().unwrap_or(bomb);
            let mut cards = [0u8; 15];
            if kind == Rocket {
                cards[13] = 1;
                cards[14] = 1;
                return cards;
            }
            let start = if chain { start.min(12 - length) } else { start };
            cards[start..start + length].fill(size);
            let units = match kind {
                FourWithTwoSingles | FourWithTwoPairs => 2,
                _ => length,
            };
            reference::add_kickers(&mut cards, &others, units, kind.kicker_unit());
            cards
        })
}

/// A laizi scenario: rules, wild ranks, and a play with 1..=4 wildcards (one deck) or up to 8
/// (two decks), within the deck(s).
fn scenario() -> impl Strategy<Value = (Rules, Vec<Rank>, [u8; 15])> {
    (
        reference::profiles().prop_flat_map(laizi),
        wild_ranks(),
        combo_shape(),
        any::<bool>(),
        prop::collection::vec((0usize..15, 0usize..2), 1..=8),
        prop::collection::vec(0u8..2, 15),
    )
        .prop_map(|(rules, wild, shape, random, picks, noise)| {
            let max_wild = 4 * rules.game.decks() as usize;
            let mut play = if random {
                // A random small play.
                std::array::from_fn(|r| noise[r] * u8::from(r < 13 || noise[r] == 1))
            } else {
                shape
            };
            // Replace some cards by wildcards.
            let mut wildcards = 0;
            for (r, which) in picks.into_iter().take(max_wild) {
                if play[r] > 0 && !wild.contains(&Rank::ALL[r]) {
                    play[r] -= 1;
                    let w = wild[which % wild.len()];
                    play[w.index()] += 1;
                    wildcards += 1;
                }
            }
            if wildcards == 0 {
                play[wild[0].index()] += 1;
            }
            (rules, wild, play)
        })
        .prop_filter("within the deck", |(rules, wild, play)| {
            let wildcards: usize = wild.iter().map(|w| play[w.index()] as usize).sum();
            let max = if rules.game == Variant::ThreePlayer {
                4
            } else {
                8
            };
            RankCounts(*play).len() <= rules.game.max_play_cards()
                && rules.game.holds(&RankCounts(*play))
                && (1..=max).contains(&wildcards)
        })
}

fn sorted(mut fits: Vec<Combo>) -> Vec<Combo> {
    fits.sort_by_key(|c| (c.wild_as.0, c.kind, c.length, c.size, c.rank, c.kickers.0));
    fits
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(reference::cases(512)))]

    /// FitWildcards finds exactly the brute force's fits, once each, in fit order.
    #[test]
    fn fits_match_brute_force((rules, wild, play) in scenario()) {
        let table = Table::new(rules).unwrap().with_wild_ranks(&wild).unwrap();
        let fits = fit_wildcards(&table, &CardList::from_counts(RankCounts(play), rules.game).unwrap(), None, None);
        let expected = reference::wild_fits(&rules, &wild, &play);
        for pair in fits.windows(2) {
            prop_assert!(fit_key(&table, &pair[0]) < fit_key(&table, &pair[1]), "{:?} then {:?}", pair[0], pair[1]);
        }
        prop_assert_eq!(sorted(fits), sorted(expected));
    }

    /// ValidatePlay reads a laizi play as its fits, and the play is legal over a previous play
    /// exactly when one of its fits beats it; CompareCombos agrees.
    #[test]
    fn validate_and_compare_agree_with_fits(
        (rules, wild, play) in scenario(),
        (_, _, other) in scenario(),
        pick in any::<prop::sample::Index>(),
    ) {
        let table = Table::new(rules).unwrap().with_wild_ranks(&wild).unwrap();
        if !rules.game.holds(&RankCounts(other)) {
            return Ok(());
        }
        let list = CardList::from_counts(RankCounts(play), rules.game).unwrap();
        let fits = fit_wildcards(&table, &CardList::from_counts(RankCounts(play), rules.game).unwrap(), None, None);
        let verdict = validate_play(&table, &Situation::lead(&list));
        prop_assert_eq!(verdict.is_legal(), !fits.is_empty());
        prop_assert_eq!(sorted(verdict.all_readings().to_vec()), sorted(fits.clone()));
        let previous_fits = play_readings(&table, &RankCounts(other));
        if previous_fits.is_empty() {
            return Ok(());
        }
        let previous = previous_fits[pick.index(previous_fits.len())];
        let verdict = validate_play(&table, &Situation { previous: Some(&previous), ..Situation::lead(&list) });
        let beaten = fits.iter().any(|fit| beats(&table, fit, &previous));
        prop_assert_eq!(verdict.is_legal(), beaten);
        if let Some(chosen) = verdict.chosen.filter(|_| beaten) {
            prop_assert!(beats(&table, &chosen, &previous));
        }
        if !fits.is_empty() {
            let pin = |c: &Combo| ReadingSelector { kind: c.kind, rank: Some(c.rank), length: Some(c.length) };
            let readings = play_readings(&table, &RankCounts(play));
            let result = compare_plays(&table, &readings, None, &previous_fits, Some(&pin(&previous))).unwrap();
            let a_wins = readings.iter().any(|r| beats(&table, r, &previous));
            prop_assert_eq!(matches!(result.outcome, ComparisonOutcome::ABeatsB | ComparisonOutcome::Both), a_wins);
        }
    }

    /// ListPlays of a small laizi hand: every listed play validates from the hand with the
    /// listed reading, and every sub-multiset of the hand that validates is listed, once.
    #[test]
    fn list_agrees_with_validate(
        (rules, wild, hand) in small_laizi_hand(),
        (_, _, other) in scenario(),
        lead in any::<bool>(),
        pick in any::<prop::sample::Index>(),
    ) {
        let table = Table::new(rules).unwrap().with_wild_ranks(&wild).unwrap();
        let hand_list = CardList::from_counts(RankCounts(hand), rules.game).unwrap();
        let previous_fits = if lead || !rules.game.holds(&RankCounts(other)) {
            Vec::new()
        } else {
            play_readings(&table, &RankCounts(other))
        };
        let previous = (!previous_fits.is_empty()).then(|| previous_fits[pick.index(previous_fits.len())]);
        let listed = list_plays(&table, &hand_list, previous.as_ref(), None, None);
        let mut seen = std::collections::HashSet::new();
        for play in &listed {
            prop_assert!(seen.insert(play.cards.0), "{} listed twice", play.cards);
            let cards = CardList::from_counts(play.cards, rules.game).unwrap();
            let verdict = validate_play(&table, &Situation { hand: Some(&hand_list), previous: previous.as_ref(), ..Situation::lead(&cards) });
            prop_assert!(verdict.is_legal(), "{} listed but {:?}", play.cards, verdict.reason);
            prop_assert_eq!(verdict.chosen, Some(play.combo));
        }
        for sub in reference::sub_multisets(&hand) {
            if sub.iter().all(|&c| c == 0) {
                continue;
            }
            let cards = CardList::from_counts(RankCounts(sub), rules.game).unwrap();
            let verdict = validate_play(&table, &Situation { hand: Some(&hand_list), previous: previous.as_ref(), ..Situation::lead(&cards) });
            prop_assert_eq!(verdict.is_legal(), seen.contains(&sub), "{}", RankCounts(sub));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(reference::cases(96)))]

    /// ListPlays of a laizi hand (the generator by combo type) is exactly the slow reference's
    /// list (every sub-multiset fitted), play for play and reading for reading, in the same
    /// order: for each preset, one or two wild ranks, one or two decks, leading or responding,
    /// with or without a kind filter.
    #[test]
    fn list_matches_the_sub_multiset_reference(
        (rules, wild, hand) in laizi_hand(),
        (_, _, other) in scenario(),
        lead in any::<bool>(),
        filter in prop::option::weighted(0.2, prop::sample::select(ComboKind::ALL.to_vec())),
        pick in any::<prop::sample::Index>(),
    ) {
        let table = Table::new(rules).unwrap().with_wild_ranks(&wild).unwrap();
        let hand_list = CardList::from_counts(RankCounts(hand), rules.game).unwrap();
        let previous = if lead {
            None
        } else {
            // A previous play of the hand's own plays (so it can be beaten) or another play.
            let own = list_plays(&table, &hand_list, None, None, None);
            let others = if rules.game.holds(&RankCounts(other)) {
                play_readings(&table, &RankCounts(other))
            } else {
                Vec::new()
            };
            let all: Vec<Combo> = own.iter().map(|p| p.combo).chain(others).collect();
            (!all.is_empty()).then(|| all[pick.index(all.len())])
        };
        let listed = list_plays(&table, &hand_list, previous.as_ref(), filter, None);
        let expected = reference::wild_list_plays(&table, &hand, previous.as_ref(), filter);
        prop_assert_eq!(listed, expected);
    }
}

/// A laizi hand for a preset (either game): up to 14 cards around a few consecutive ranks (so
/// chains, trios and airplanes come up) plus 1 to 4 wildcards (8 with two decks) of one or two
/// wild ranks, small enough for the reference (at most 6,000 sub-multisets).
fn laizi_hand() -> impl Strategy<Value = (Rules, Vec<Rank>, [u8; 15])> {
    (
        prop_oneof![
            Just(Rules::STANDARD),
            Just(Rules::STRICT),
            Just(Rules::PERMISSIVE),
            Just(Rules {
                game: Variant::FourPlayer,
                ..Rules::STANDARD
            }),
            Just(Rules {
                game: Variant::FourPlayer,
                ..Rules::STRICT
            }),
            Just(Rules {
                game: Variant::FourPlayer,
                ..Rules::PERMISSIVE
            }),
        ]
        .prop_flat_map(laizi),
        wild_ranks(),
        prop::collection::vec(0usize..2, 1..=8),
    )
        .prop_flat_map(|(rules, wild, wildcards)| {
            (
                Just(rules),
                Just(wild),
                Just(wildcards),
                reference::hand(rules.game, 14, 1_500),
            )
        })
        .prop_map(|(rules, wild, wildcards, natural)| {
            let mut hand = natural;
            for rank in &wild {
                hand[rank.index()] = 0;
            }
            let most = 4 * rules.game.decks() as usize;
            for which in wildcards.into_iter().take(most) {
                hand[wild[which % wild.len()].index()] += 1;
            }
            (rules, wild, hand)
        })
        .prop_filter(
            "within the deck and the reference's budget",
            |(rules, _, hand)| {
                rules.game.holds(&RankCounts(*hand)) && reference::subsets(hand) <= 6_000
            },
        )
}

/// A hand of up to 9 cards with 1 to 3 wildcards, under random laizi rules.
fn small_laizi_hand() -> impl Strategy<Value = (Rules, Vec<Rank>, [u8; 15])> {
    (
        reference::profiles().prop_flat_map(laizi),
        wild_ranks(),
        prop::collection::vec(0usize..15, 1..=6),
        prop::collection::vec(0usize..2, 1..=3),
    )
        .prop_map(|(rules, wild, natural, wildcards)| {
            let mut hand = [0u8; 15];
            for r in natural {
                hand[r] += 1;
            }
            for which in wildcards {
                hand[wild[which % wild.len()].index()] += 1;
            }
            (rules, wild, hand)
        })
        .prop_filter("within the deck", |(rules, _, hand)| {
            rules.game.holds(&RankCounts(*hand))
        })
}

/// Every combo kind appears among the fits the scenarios generate, in both games.
#[test]
fn scenarios_cover_every_kind() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let mut seen: HashMap<(Variant, ComboKind), usize> = HashMap::new();
    let mut bomb_kinds: HashMap<BombKind, usize> = HashMap::new();
    for _ in 0..3000 {
        let (rules, wild, play) = scenario().new_tree(&mut runner).unwrap().current();
        let table = Table::new(rules).unwrap().with_wild_ranks(&wild).unwrap();
        for fit in fit_wildcards(
            &table,
            &CardList::from_counts(RankCounts(play), rules.game).unwrap(),
            None,
            None,
        ) {
            *seen.entry((rules.game, fit.kind)).or_default() += 1;
            if let Some(kind) = fit.bomb_kind {
                *bomb_kinds.entry(kind).or_default() += 1;
            }
        }
    }
    for game in [Variant::ThreePlayer, Variant::FourPlayer] {
        for kind in ComboKind::ALL {
            if kind == ComboKind::Rocket {
                continue; // wildcards never stand for jokers
            }
            assert!(
                seen.contains_key(&(game, kind)),
                "{game:?} {kind:?} never fitted"
            );
        }
    }
    // A bomb with a wildcard is soft, or pure when every card is one: the natural cards of a
    // wild rank are wildcards, so a hard bomb holds none.
    assert_eq!(bomb_kinds.len(), 2, "{bomb_kinds:?}");
    assert!(!bomb_kinds.contains_key(&BombKind::Hard));
}

/// Four wildcards with one deck and eight with two, for each preset, on fixed worst cases.
#[test]
fn many_wildcards_match_brute_force() {
    let cases: &[(Variant, &[Rank], &str)] = &[
        (
            Variant::ThreePlayer,
            &[Rank::Nine],
            "3 3 3 4 4 5 5 6 9 9 9 9",
        ),
        (
            Variant::ThreePlayer,
            &[Rank::Two],
            "3 4 5 6 7 8 9 10 2 2 2 2",
        ),
        (
            Variant::ThreePlayer,
            &[Rank::Three, Rank::King],
            "3 3 K K 8 8 8 9",
        ),
        (
            Variant::FourPlayer,
            &[Rank::Seven],
            "3 3 3 4 4 4 5 5 7 7 7 7 7 7 7 7",
        ),
        (
            Variant::FourPlayer,
            &[Rank::Jack, Rank::Four],
            "J J J J 4 4 4 4 9 9 9 9",
        ),
    ];
    for &(game, wild, text) in cases {
        for preset in [Preset::Standard, Preset::Strict, Preset::Permissive] {
            let rules = Rules {
                all_wildcard_play_natural: false,
                ..Rules::preset(preset, game)
            };
            let counts = RankCounts::from_ranks(
                text.split_whitespace()
                    .map(|t| t.parse::<cardrules::cards::Card>().unwrap().rank),
            );
            let table = Table::new(rules).unwrap().with_wild_ranks(wild).unwrap();
            let fits = fit_wildcards(
                &table,
                &CardList::from_counts(counts, game).unwrap(),
                None,
                None,
            );
            let expected = reference::wild_fits(&rules, wild, &counts.0);
            assert_eq!(fits.len(), expected.len(), "{text} {preset:?}");
            assert_eq!(sorted(fits), sorted(expected), "{text} {preset:?}");
        }
    }
}

/// Under every bomb order, "beats" over every bomb a two-deck laizi game can make (each size,
/// rank and kind) and the rocket is a strict total order on strength keys: irreflexive,
/// transitive, and for every pair with different keys exactly one beats the other.
#[test]
fn bombs_are_totally_ordered_under_every_policy() {
    let mut bombs = vec![Combo::bare(ComboKind::Rocket, Rank::BlackJoker, 1, 2)];
    for size in 4..=24u8 {
        for rank in &Rank::ALL[..13] {
            for kind in [BombKind::Soft, BombKind::Hard, BombKind::Pure] {
                bombs.push(Combo {
                    bomb_kind: Some(kind),
                    ..Combo::bare(ComboKind::Bomb, *rank, 1, size)
                });
            }
        }
    }
    for order in BombOrder::ALL {
        let table = Table::new(Rules {
            bomb_order: order,
            game: Variant::FourPlayer,
            ..Rules::STANDARD
        })
        .unwrap();
        let key = |c: &Combo| match c.kind {
            ComboKind::Rocket => None,
            _ => Some(order.key(c.size, c.rank, c.hardness())),
        };
        // Rank the bombs by beats alone and check the ranking is the keys' order.
        let mut ranked = bombs.clone();
        ranked.sort_by(|a, b| {
            if beats(&table, a, b) {
                std::cmp::Ordering::Greater
            } else if beats(&table, b, a) {
                std::cmp::Ordering::Less
            } else {
                std::cmp::Ordering::Equal
            }
        });
        for a in &bombs {
            assert!(!beats(&table, a, a));
            for b in &bombs {
                let (ab, ba) = (beats(&table, a, b), beats(&table, b, a));
                assert!(!(ab && ba), "{order:?}: {a:?} and {b:?} beat each other");
                if key(a) != key(b) {
                    assert!(ab || ba, "{order:?}: neither of {a:?}, {b:?} beats");
                }
            }
        }
        // Transitivity along the sorted chain: every later bomb beats every earlier one with a
        // different key (checked pairwise, so a cycle would show).
        for (i, a) in ranked.iter().enumerate() {
            for b in &ranked[i + 1..] {
                if key(a) != key(b) {
                    assert!(beats(&table, b, a), "{order:?}: {b:?} does not beat {a:?}");
                }
            }
        }
    }
}
