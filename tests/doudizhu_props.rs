//! Property tests: the fast Dou Dizhu engine agrees with the slow reference on random hands,
//! plays, previous plays and rule profiles, and ValidatePlay agrees with ListPlays.
//!
//! Case count: `CARDRULES_PROPTEST_CASES` (default small enough for a fast debug suite).

mod doudizhu_support;

use cardrules::cards::{Rank, RankCounts};
use cardrules::doudizhu::{
    CardList, Combo, ComboKind, ComparisonOutcome, ReadingSelector, Rules, Situation, Table, beats,
    classify, compare_plays, list_plays, list_plays_packed, unpack_play, validate_play,
};
use doudizhu_support as reference;
use proptest::prelude::*;

/// A previous play for a test, or none (leading): a random kind, length and main rank with
/// random kickers of distinct other ranks, kept when the reference reads the cards that way
/// under `rules` (so every kind and strength comes up without a costly search).
fn previous_for(rules: Rules) -> impl Strategy<Value = Option<Combo>> {
    (
        0u8..5,
        prop::sample::select(ComboKind::ALL.to_vec()),
        0usize..15,
        1u8..=12,
        4u8..=8,
        Just((0usize..15).collect::<Vec<_>>()).prop_shuffle(),
    )
        .prop_map(move |(lead, kind, start, length, bomb_size, others)| {
            if lead == 0 {
                return None;
            }
            let size = kind.main_copies().unwrap_or(if kind == ComboKind::Bomb {
                bomb_size
            } else {
                1
            });
            let is_chain = matches!(
                kind,
                ComboKind::Straight
                    | ComboKind::PairStraight
                    | ComboKind::Airplane
                    | ComboKind::AirplaneWithSingles
                    | ComboKind::AirplaneWithPairs
            );
            let length = if is_chain { length } else { 1 };
            let mut cards = [0u8; 15];
            if kind == ComboKind::Rocket {
                cards[13] = rules.game.rocket_copies();
                cards[14] = rules.game.rocket_copies();
            } else {
                cards[start..(start + length as usize).min(15)].fill(size);
            }
            let units = match kind {
                ComboKind::FourWithTwoSingles | ComboKind::FourWithTwoPairs => 2,
                _ => length as usize,
            };
            reference::add_kickers(&mut cards, &others, units, kind.kicker_unit());
            if cards
                .iter()
                .enumerate()
                .any(|(r, &c)| c > rules.game.copies(Rank::ALL[r]))
            {
                return None;
            }
            reference::readings(&cards, &rules)
                .into_iter()
                .find(|c| c.kind == kind && (kind == ComboKind::Rocket || c.rank.index() == start))
        })
}

fn kind_filter() -> impl Strategy<Value = Option<ComboKind>> {
    prop_oneof![
        4 => Just(None),
        1 => prop::sample::select(ComboKind::ALL.to_vec()).prop_map(Some),
    ]
}

/// The checked table of reference rules (the generators make only valid ones).
fn table(rules: &Rules) -> Table {
    Table::new(*rules).unwrap()
}

/// A rank-only card list of the rules' game.
fn cards(rules: &Rules, counts: [u8; 15]) -> CardList {
    CardList::from_counts(RankCounts(counts), rules.game).unwrap()
}

fn scenario() -> impl Strategy<Value = (Rules, [u8; 15], Option<Combo>, Option<ComboKind>)> {
    reference::rules_and_hand(20, 4_000).prop_flat_map(|(rules, hand)| {
        (Just(rules), Just(hand), previous_for(rules), kind_filter())
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(reference::cases(64)))]

    /// Every reading, in reading order, exactly as the definition gives them.
    #[test]
    fn classification_matches_reference((rules, hand) in reference::rules_and_hand(33, u64::MAX)) {
        let fast: Vec<Combo> = classify(&table(&rules), &RankCounts(hand)).to_vec();
        prop_assert_eq!(fast, reference::readings(&hand, &rules));
    }

    /// Plays that are combos (taken from a hand's reference listing) classify identically too.
    #[test]
    fn combos_classify_like_reference((rules, hand) in reference::rules_and_hand(20, 3_000), index in any::<prop::sample::Index>()) {
        let plays = reference::list_plays(&hand, None, None, &rules);
        prop_assume!(!plays.is_empty());
        let (cards, _) = plays[index.index(plays.len())];
        let fast: Vec<Combo> = classify(&table(&rules), &cards).to_vec();
        prop_assert_eq!(fast, reference::readings(&cards.0, &rules));
    }

    /// ListPlays lists exactly the reference's plays, readings and order.
    #[test]
    fn enumeration_matches_reference((rules, hand, previous, kind) in scenario()) {
        let fast: Vec<(RankCounts, Combo)> = list_plays(&table(&rules), &cards(&rules, hand), previous.as_ref(), kind, None)
            .into_iter()
            .map(|p| (p.cards, p.combo))
            .collect();
        let slow = reference::list_plays(&hand, previous.as_ref(), kind, &rules);
        prop_assert_eq!(fast, slow);
    }

    /// The packed listing (generated as words, never as named plays) is the reference's
    /// listing: the same cards and kinds in the same order, cut at the same limit.
    #[test]
    fn packed_enumeration_matches_reference((rules, hand, previous, kind) in scenario(), limit in prop::option::of(0usize..40)) {
        let packed = list_plays_packed(&table(&rules), &cards(&rules, hand), previous.as_ref(), kind, limit);
        let unpacked: Vec<(RankCounts, Option<ComboKind>)> = packed.iter().map(|&w| unpack_play(w)).collect();
        let slow: Vec<(RankCounts, Option<ComboKind>)> = reference::list_plays(&hand, previous.as_ref(), kind, &rules)
            .into_iter()
            .take(limit.unwrap_or(usize::MAX))
            .map(|(cards, combo)| (cards, Some(combo.kind)))
            .collect();
        prop_assert_eq!(unpacked, slow);
    }

    /// A limit keeps a prefix of the full listing.
    #[test]
    fn limit_is_a_prefix((rules, hand, previous, kind) in scenario(), limit in 0usize..12) {
        let (table, hand) = (table(&rules), cards(&rules, hand));
        let all = list_plays(&table, &hand, previous.as_ref(), kind, None);
        let some = list_plays(&table, &hand, previous.as_ref(), kind, Some(limit));
        prop_assert_eq!(&all[..limit.min(all.len())], &some[..]);
    }

    /// beats agrees with the definition on random pairs of readings.
    #[test]
    fn beats_matches_reference(rules in reference::profiles().prop_flat_map(|r| (Just(r), previous_for(r), previous_for(r)))) {
        let (rules, a, b) = rules;
        if let (Some(a), Some(b)) = (a, b) {
            prop_assert_eq!(beats(&table(&rules), &a, &b), reference::beats(&a, &b));
        }
    }

    /// Everything ListPlays lists validates as legal with the same reading; every sub-multiset
    /// of the hand that validates as legal is listed with the reading ValidatePlay chose.
    #[test]
    fn validate_agrees_with_list((rules, hand, previous, kind) in scenario()) {
        let (table, hand_list) = (table(&rules), cards(&rules, hand));
        let listed = list_plays(&table, &hand_list, previous.as_ref(), kind, None);
        let intended = kind.map(ReadingSelector::kind);
        let judge = |play: &CardList| validate_play(&table, &Situation {
            hand: Some(&hand_list),
            play,
            previous: previous.as_ref(),
            intended: intended.as_ref(),
        });
        for play in &listed {
            let verdict = judge(&cards(&rules, play.cards.0));
            prop_assert!(verdict.is_legal(), "{} listed but {:?}", play.cards, verdict.reason);
            prop_assert_eq!(verdict.chosen, Some(play.combo));
        }
        let mut accepted = 0;
        for sub in reference::sub_multisets(&hand) {
            let verdict = judge(&cards(&rules, sub));
            if verdict.is_legal() {
                accepted += 1;
                let chosen = verdict.chosen.unwrap();
                let sub = RankCounts(sub);
                prop_assert!(listed.iter().any(|p| p.cards == sub && p.combo == chosen), "{} accepted but not listed", sub);
            }
        }
        prop_assert_eq!(accepted, listed.len());
    }

    /// A play from outside the hand is NOT_IN_HAND, whatever else it is.
    #[test]
    fn plays_outside_the_hand_are_refused((rules, hand) in reference::rules_and_hand(20, u64::MAX), extra in 0usize..15) {
        let mut play = hand;
        play[extra] += 1;
        // One more card than the hand, when the deck has it.
        let Ok(play) = CardList::from_counts(RankCounts(play), rules.game) else {
            return Ok(());
        };
        let (table, hand) = (table(&rules), cards(&rules, hand));
        let verdict = validate_play(&table, &Situation { hand: Some(&hand), ..Situation::lead(&play) });
        prop_assert!(!verdict.is_legal());
        prop_assert_eq!(verdict.reason, Some(cardrules::doudizhu::IllegalReason::NotInHand));
    }

    /// CompareCombos is consistent with beats on the chosen readings when plays have one reading.
    #[test]
    fn compare_is_consistent(input in reference::profiles().prop_flat_map(|r| (Just(r), previous_for(r), previous_for(r)))) {
        let (rules, a, b) = input;
        let (Some(a), Some(b)) = (a, b) else { return Ok(()) };
        let a_readings = classify(&table(&rules), &a.cards());
        let b_readings = classify(&table(&rules), &b.cards());
        let pin = |c: &Combo| ReadingSelector { kind: c.kind, rank: Some(c.rank), length: Some(c.length) };
        let result = compare_plays(&table(&rules), &a_readings, Some(&pin(&a)), &b_readings, Some(&pin(&b))).unwrap();
        let expected = match (reference::beats(&a, &b), reference::beats(&b, &a)) {
            (true, false) => ComparisonOutcome::ABeatsB,
            (false, true) => ComparisonOutcome::BBeatsA,
            (true, true) => unreachable!("beats is antisymmetric"),
            (false, false) if (a.kind, a.length, a.size, a.rank) == (b.kind, b.length, b.size, b.rank) => ComparisonOutcome::Tie,
            (false, false) => ComparisonOutcome::Incomparable,
        };
        prop_assert_eq!(result.outcome, expected);
    }
}

/// All readings of every kind of a full three-player deck, for order properties.
fn census_readings(table: &Table) -> Vec<Combo> {
    list_plays(table, &CardList::full_deck(table.game()), None, None, None)
        .into_iter()
        .map(|p| p.combo)
        .collect()
}

#[test]
fn beats_is_a_strict_partial_order_within_each_kind() {
    // Readings differing only in kickers compare alike, so one reading per main part (kind,
    // length, size, rank) covers every case: all of PERMISSIVE's, plus the bombs and rocket of
    // two decks.
    let mut mains: Vec<Combo> = census_readings(&Table::PERMISSIVE);
    let four = table(&Rules {
        game: cardrules::doudizhu::Variant::FourPlayer,
        ..Rules::STANDARD
    });
    let deck = CardList::full_deck(four.game());
    for kind in [ComboKind::Bomb, ComboKind::Rocket] {
        mains.extend(
            list_plays(&four, &deck, None, Some(kind), None)
                .into_iter()
                .map(|p| p.combo),
        );
    }
    mains.dedup_by(|a, b| a.same_main(b));
    let strong: Vec<Combo> = mains
        .iter()
        .filter(|c| c.kind.is_bomb_or_rocket())
        .copied()
        .collect();
    let mut triples = 0u64;
    for kind in ComboKind::ALL {
        let group: Vec<Combo> = mains
            .iter()
            .filter(|c| c.kind == kind && !kind.is_bomb_or_rocket())
            .chain(strong.iter())
            .copied()
            .collect();
        for a in &group {
            assert!(!beats(&Table::PERMISSIVE, a, a), "{a:?} beats itself");
            for b in &group {
                if !beats(&Table::PERMISSIVE, a, b) {
                    continue;
                }
                assert!(
                    !beats(&Table::PERMISSIVE, b, a),
                    "{a:?} and {b:?} beat each other"
                );
                for c in &group {
                    if beats(&Table::PERMISSIVE, b, c) {
                        assert!(
                            beats(&Table::PERMISSIVE, a, c),
                            "{a:?} > {b:?} > {c:?} but not {a:?} > {c:?}"
                        );
                        triples += 1;
                    }
                }
            }
        }
    }
    assert!(triples > 100_000, "only {triples} triples checked");
}

#[test]
fn passing_is_legal_only_when_responding() {
    let previous = classify(&Table::STANDARD, &RankCounts::from_ranks([Rank::Three]))[0];
    let pass = CardList::from_counts(RankCounts::EMPTY, cardrules::doudizhu::Variant::ThreePlayer)
        .unwrap();
    let responding = Situation {
        previous: Some(&previous),
        ..Situation::lead(&pass)
    };
    assert!(validate_play(&Table::STANDARD, &responding).is_legal());
    assert!(!validate_play(&Table::STANDARD, &Situation::lead(&pass)).is_legal());
}

/// The generators above are only worth something if they reach every kind: check that the
/// random previous plays cover every kind and that responses are often non-empty.
#[test]
fn generators_cover_every_kind_and_real_responses() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let mut kinds_seen = std::collections::HashSet::new();
    let mut responses = 0;
    let mut kicker_responses = 0;
    for _ in 0..400 {
        let (rules, hand, previous, _) = scenario().new_tree(&mut runner).unwrap().current();
        if let Some(previous) = previous {
            kinds_seen.insert(previous.kind);
            let plays = list_plays(
                &table(&rules),
                &cards(&rules, hand),
                Some(&previous),
                None,
                None,
            );
            if plays.iter().any(|p| !p.combo.kind.is_bomb_or_rocket()) {
                responses += 1;
                if previous.kind.kicker_unit() > 0 {
                    kicker_responses += 1;
                }
            }
        }
    }
    assert_eq!(kinds_seen.len(), ComboKind::ALL.len(), "{kinds_seen:?}");
    assert!(responses >= 40, "only {responses} non-trivial responses");
    assert!(
        kicker_responses >= 10,
        "only {kicker_responses} responses with kickers"
    );
}
