//! Laizi census: every play ListPlays lists for a whole 54-card deck under laizi rules, per
//! profile, counted by the kind of the reading each play is listed with (and bombs by kind),
//! pinned.
//!
//! The pinned numbers are what the generator says; what makes them more than that is the
//! cross-check below them: on smaller decks (every card of a few ranks, the wildcards among
//! them) the same ListPlays is compared play for play with the slow reference, which fits every
//! sub-multiset of the hand (`doudizhu_support::wild_list_plays`), for every profile, one and two
//! wild ranks. A whole-deck census takes about a second per profile in a release build and
//! minutes in a debug one: debug builds run it only with `CARDRULES_LAIZI_CENSUS=1`, release
//! builds (`cargo test --release`) always.

mod doudizhu_support;

use std::collections::{BTreeMap, HashSet};

use cardrules::cards::{Rank, RankCounts};
use cardrules::doudizhu::{
    BombKind, CardList, ComboKind, Play, Rules, Table, Variant, fit_wildcards, list_plays,
};
use doudizhu_support as reference;

/// Every play of `hand` under `rules` with `wild` ranks, leading.
fn plays(rules: &Rules, wild: &[Rank], hand: &RankCounts) -> Vec<Play> {
    let table = Table::new(*rules).unwrap().with_wild_ranks(wild).unwrap();
    let list = CardList::from_counts(*hand, rules.game).unwrap();
    list_plays(&table, &list, None, None, None)
}

/// Plays by the kind of their listed reading; bombs also by bomb kind.
fn census(plays: &[Play]) -> (BTreeMap<ComboKind, usize>, BTreeMap<BombKind, usize>) {
    let mut kinds = BTreeMap::new();
    let mut bombs = BTreeMap::new();
    for play in plays {
        *kinds.entry(play.combo.kind).or_default() += 1;
        if let Some(kind) = play.combo.bomb_kind {
            *bombs.entry(kind).or_default() += 1;
        }
    }
    (kinds, bombs)
}

/// The checks every census makes besides its counts: plays distinct, each listed reading one of
/// the play's fits with the listed cards.
fn check_plays(rules: &Rules, wild: &[Rank], plays: &[Play]) {
    let table = Table::new(*rules).unwrap().with_wild_ranks(wild).unwrap();
    let card_list = |counts| CardList::from_counts(counts, rules.game).unwrap();
    let distinct: HashSet<RankCounts> = plays.iter().map(|p| p.cards).collect();
    assert_eq!(distinct.len(), plays.len());
    for play in plays.iter().step_by(97) {
        assert!(
            fit_wildcards(&table, &card_list(play.cards), None, None).contains(&play.combo),
            "{} listed as {}",
            play.cards,
            play.combo
        );
    }
}

fn full_deck_census_enabled() -> bool {
    std::env::var("CARDRULES_LAIZI_CENSUS").is_ok_and(|v| v == "1") || !cfg!(debug_assertions)
}

fn expect(
    rules: Rules,
    wild: &[Rank],
    total: usize,
    kinds: &[(ComboKind, usize)],
    bombs: &[(BombKind, usize)],
) {
    let deck = Variant::ThreePlayer.full_deck();
    let plays = plays(&rules, wild, &deck);
    check_plays(&rules, wild, &plays);
    let (by_kind, by_bomb) = census(&plays);
    eprintln!(
        "{wild:?} {rules:?}: {} plays {by_kind:?} {by_bomb:?}",
        plays.len()
    );
    assert_eq!(plays.len(), total);
    assert_eq!(by_kind, kinds.iter().copied().collect());
    assert_eq!(by_bomb, bombs.iter().copied().collect());
}

/// Every card of ranks `3`..=`last` and both jokers.
fn small_deck(last: Rank) -> RankCounts {
    let mut counts = Variant::ThreePlayer.full_deck();
    for count in &mut counts.0[last.index() + 1..Rank::Two.index() + 1] {
        *count = 0;
    }
    counts
}

/// On decks of ranks 3 to 8 and the jokers (62,500 sub-multisets), ListPlays is the slow
/// reference's list exactly, for every profile, with one wild rank and with two.
#[test]
fn small_decks_match_the_sub_multiset_reference() {
    let deck = small_deck(Rank::Eight);
    for rules in [Rules::STANDARD, Rules::STRICT, Rules::PERMISSIVE] {
        for wild in [&[Rank::Seven][..], &[Rank::Five, Rank::Eight]] {
            let table = Table::new(rules).unwrap().with_wild_ranks(wild).unwrap();
            let listed = plays(&rules, wild, &deck);
            let expected = reference::wild_list_plays(&table, &deck.0, None, None);
            assert_eq!(listed.len(), expected.len(), "{wild:?} {rules:?}");
            assert_eq!(listed, expected, "{wild:?} {rules:?}");
        }
    }
}

use BombKind::{Hard, Pure, Soft};
use ComboKind::*;

/// The kinds whose counts do not depend on the kicker rules, for one wild rank (7).
const ONE_WILD: [(ComboKind, usize); 10] = [
    (Single, 15),
    (Pair, 25),
    (Trio, 37),
    (TrioWithSingle, 440),
    (TrioWithPair, 564),
    (Straight, 1_776),
    (PairStraight, 1_950),
    (Airplane, 1_388),
    (Bomb, 49),
    (Rocket, 1),
];

/// The same for two wild ranks (7 and J, 天地癞子).
const TWO_WILD: [(ComboKind, usize); 9] = [
    (Single, 15),
    (Pair, 35),
    (Trio, 68),
    (TrioWithSingle, 736),
    (TrioWithPair, 1_124),
    (Straight, 8_901),
    (PairStraight, 13_207),
    (Airplane, 5_597),
    (Rocket, 1),
];

fn with(common: &[(ComboKind, usize)], extra: &[(ComboKind, usize)]) -> Vec<(ComboKind, usize)> {
    common.iter().chain(extra).copied().collect()
}

#[test]
fn standard_full_deck_laizi_census() {
    if !full_deck_census_enabled() {
        return;
    }
    let kinds = with(
        &ONE_WILD,
        &[
            (AirplaneWithSingles, 614_813),
            (AirplaneWithPairs, 144_874),
            (FourWithTwoSingles, 3_828),
            (FourWithTwoPairs, 5_048),
        ],
    );
    let bombs = [(Soft, 36), (Hard, 12), (Pure, 1)];
    expect(Rules::STANDARD, &[Rank::Seven], 774_808, &kinds, &bombs);
    let kinds = with(
        &TWO_WILD,
        &[
            (AirplaneWithSingles, 2_186_586),
            (AirplaneWithPairs, 615_955),
            (FourWithTwoSingles, 6_972),
            (FourWithTwoPairs, 9_823),
            (Bomb, 310),
        ],
    );
    let bombs = [(Soft, 297), (Hard, 11), (Pure, 2)];
    expect(
        Rules::STANDARD,
        &[Rank::Seven, Rank::Jack],
        2_849_330,
        &kinds,
        &bombs,
    );
}

#[test]
fn strict_full_deck_laizi_census() {
    if !full_deck_census_enabled() {
        return;
    }
    let kinds = with(
        &ONE_WILD,
        &[
            (AirplaneWithSingles, 182_538),
            (AirplaneWithPairs, 185_892),
            (FourWithTwoSingles, 3_533),
            (FourWithTwoPairs, 5_733),
        ],
    );
    let bombs = [(Soft, 36), (Hard, 12), (Pure, 1)];
    expect(Rules::STRICT, &[Rank::Seven], 383_941, &kinds, &bombs);
    let kinds = with(
        &TWO_WILD,
        &[
            (AirplaneWithSingles, 653_219),
            (AirplaneWithPairs, 830_619),
            (FourWithTwoSingles, 6_542),
            (FourWithTwoPairs, 11_567),
            (Bomb, 310),
        ],
    );
    let bombs = [(Soft, 297), (Hard, 11), (Pure, 2)];
    expect(
        Rules::STRICT,
        &[Rank::Seven, Rank::Jack],
        1_531_941,
        &kinds,
        &bombs,
    );
}

#[test]
fn permissive_full_deck_laizi_census() {
    if !full_deck_census_enabled() {
        return;
    }
    let kinds = with(
        &ONE_WILD,
        &[
            (AirplaneWithSingles, 695_193),
            (AirplaneWithPairs, 344_199),
            (FourWithTwoSingles, 3_877),
            (FourWithTwoPairs, 5_303),
        ],
    );
    let bombs = [(Soft, 36), (Hard, 12), (Pure, 1)];
    expect(Rules::PERMISSIVE, &[Rank::Seven], 1_054_817, &kinds, &bombs);
    // Where a four may be two pair kickers, some long soft bombs are read first as another kind
    // (3 3 3 3 and six wildcards: the airplane 4-5 with pair wings 3 3 3 3), so fewer plays are
    // listed as bombs than under STANDARD.
    let kinds = with(
        &TWO_WILD,
        &[
            (AirplaneWithSingles, 2_490_007),
            (AirplaneWithPairs, 1_435_946),
            (FourWithTwoSingles, 7_087),
            (FourWithTwoPairs, 10_243),
            (Bomb, 275),
        ],
    );
    let bombs = [(Soft, 262), (Hard, 11), (Pure, 2)];
    expect(
        Rules::PERMISSIVE,
        &[Rank::Seven, Rank::Jack],
        3_973_242,
        &kinds,
        &bombs,
    );
}
