//! Census: every play of a full 54-card deck, per rule profile, against the published numbers
//! (RLCard 27,471; the `dou_dizhu` crate 12,654; the Python `doudizhu` engine 33,675, each
//! without pass), per kind, against the reference's definition, and (STRICT) against the
//! `dou_dizhu` crate's own enumeration.

mod doudizhu_support;

use std::collections::{BTreeMap, HashSet};

use cardrules::cards::RankCounts;
use cardrules::doudizhu::{
    CardList, ComboKind, MAX_READINGS, Play, Rules, Table, classify, list_plays,
};
use doudizhu_support as reference;

use ComboKind::*;

fn census(rules: &Rules) -> Vec<Play> {
    let table = Table::new(*rules).unwrap();
    list_plays(&table, &CardList::full_deck(rules.game), None, None, None)
}

/// Plays with at least one reading of each kind (ListPlays filtered by kind), the count of
/// readings of each kind over all plays, and the total.
fn check_profile(rules: &Rules, total: usize, per_kind: &[(ComboKind, usize)], readings: usize) {
    let plays = census(rules);
    assert_eq!(plays.len(), total, "{rules:?}");

    // Distinct plays, in strictly increasing listing order.
    let distinct: HashSet<RankCounts> = plays.iter().map(|p| p.cards).collect();
    assert_eq!(distinct.len(), total);
    for pair in plays.windows(2) {
        assert!(
            reference::listing_order(&pair[0].combo, &pair[1].combo).is_lt(),
            "{pair:?}"
        );
    }

    // Per kind: ListPlays filtered by kind lists the plays with a reading of that kind.
    let table = Table::new(*rules).unwrap();
    let deck = CardList::full_deck(rules.game);
    let mut filtered = BTreeMap::new();
    for kind in ComboKind::ALL {
        filtered.insert(
            kind,
            list_plays(&table, &deck, None, Some(kind), None).len(),
        );
    }
    let expected: BTreeMap<ComboKind, usize> = per_kind.iter().copied().collect();
    assert_eq!(filtered, expected, "{rules:?}");

    // Every reading of every play: the total number pins the ambiguous plays.
    let all_readings: usize = plays.iter().map(|p| classify(&table, &p.cards).len()).sum();
    assert_eq!(all_readings, readings, "{rules:?}");
    let most = plays
        .iter()
        .map(|p| classify(&table, &p.cards).len())
        .max()
        .unwrap();
    assert!(most <= MAX_READINGS);

    // Each listed reading is the play's first reading by the reference's definition.
    for play in &plays {
        assert!(play.cards.len() <= 20);
        assert_eq!(play.combo.cards(), play.cards);
        let first = reference::readings(&play.cards.0, rules)[0];
        assert_eq!(first, play.combo, "{}", play.cards);
    }
}

const COMMON: [(ComboKind, usize); 10] = [
    (Single, 15),
    (Pair, 13),
    (Trio, 13),
    (TrioWithSingle, 182),
    (TrioWithPair, 156),
    (Straight, 36),
    (PairStraight, 52),
    (Airplane, 45),
    (Bomb, 13),
    (Rocket, 1),
];

fn with_common(extra: [(ComboKind, usize); 4]) -> Vec<(ComboKind, usize)> {
    COMMON.iter().copied().chain(extra).collect()
}

#[test]
fn standard_census_is_rlcards_27471() {
    let per_kind = with_common([
        (AirplaneWithSingles, 21_822),
        (AirplaneWithPairs, 2_939),
        (FourWithTwoSingles, 1_326),
        (FourWithTwoPairs, 858),
    ]);
    check_profile(&Rules::STANDARD, 27_471, &per_kind, 27_471);
}

#[test]
fn strict_census_is_12654() {
    let per_kind = with_common([
        (AirplaneWithSingles, 7_161),
        (AirplaneWithPairs, 2_939),
        (FourWithTwoSingles, 1_170),
        (FourWithTwoPairs, 858),
    ]);
    check_profile(&Rules::STRICT, 12_654, &per_kind, 12_654);
}

#[test]
fn permissive_census_is_33675() {
    // 468 plays have several readings: 34,152 readings in all (24,721 airplanes with single
    // wings over 24,331 plays; 1,014 four-with-two-pairs over 936 plays).
    let per_kind = with_common([
        (AirplaneWithSingles, 24_331),
        (AirplaneWithPairs, 6_552),
        (FourWithTwoSingles, 1_339),
        (FourWithTwoPairs, 936),
    ]);
    check_profile(&Rules::PERMISSIVE, 33_675, &per_kind, 34_152);
}

#[test]
fn strict_census_is_the_dou_dizhu_crates_set() {
    use dou_dizhu::{Hand, PlayKind};
    let kinds = [
        PlayKind::Solo,
        PlayKind::Chain,
        PlayKind::Pair,
        PlayKind::PairsChain,
        PlayKind::Trio,
        PlayKind::Airplane,
        PlayKind::TrioWithSolo,
        PlayKind::AirplaneWithSolos,
        PlayKind::TrioWithPair,
        PlayKind::AirplaneWithPairs,
        PlayKind::Bomb,
        PlayKind::FourWithDualSolo,
        PlayKind::FourWithDualPair,
        PlayKind::Rocket,
    ];
    // The crate also lists chains longer than any hand (up to 12 trios): keep plays a
    // 20-card hand can make. Both use the same rank order (3..2, black joker, red joker).
    let theirs: HashSet<[u8; 15]> = kinds
        .into_iter()
        .flat_map(|kind| Hand::FULL_DECK.plays(kind))
        .map(|play| play.to_hand().to_array())
        .filter(|counts| counts.iter().map(|&c| c as usize).sum::<usize>() <= 20)
        .collect();
    let ours: HashSet<[u8; 15]> = census(&Rules::STRICT).iter().map(|p| p.cards.0).collect();
    assert_eq!(theirs.len(), 12_654);
    assert_eq!(ours, theirs);
}

#[test]
fn four_player_deck_counts_follow_from_the_rules() {
    // Two decks, STANDARD kickers. Each count below is worked out by hand from the rules.
    let table = Table::preset(
        cardrules::doudizhu::Preset::Standard,
        cardrules::doudizhu::Variant::FourPlayer,
    );
    let deck = CardList::full_deck(table.game());
    let count = |kind| list_plays(&table, &deck, None, Some(kind), None).len();
    let expected = [
        (Single, 15),
        // Two jokers of a colour are a pair too.
        (Pair, 15),
        (Trio, 13),
        // 13 trios x 14 other ranks.
        (TrioWithSingle, 13 * 14),
        // 13 trios x (12 other ranks + the two joker pairs).
        (TrioWithPair, 13 * 14),
        // Lengths 5..12 within 3..A.
        (Straight, 36),
        // Lengths 3..12 (24 cards fit the 33-card limit): 10 + 9 + ... + 1.
        (PairStraight, 55),
        // Lengths 2..11 (33 cards): 11 + 10 + ... + 2.
        (Airplane, 65),
        // 13 quads x two kickers from 14 ranks, repeats allowed: C(15, 2).
        (FourWithTwoSingles, 13 * 105),
        // 13 quads x two distinct pairs of 14 ranks, minus BJ BJ + RJ RJ (the rocket).
        (FourWithTwoPairs, 13 * 90),
        // Sizes 4..8 x 13 ranks.
        (Bomb, 65),
        (Rocket, 1),
    ];
    for (kind, n) in expected {
        assert_eq!(count(kind), n, "{kind:?}");
    }
    // Bombs list by size, then rank; the rocket (four jokers) is last and beats an 8-card bomb.
    let bombs = list_plays(&table, &deck, None, Some(Bomb), None);
    assert_eq!(
        (bombs[0].combo.size, bombs[0].combo.rank),
        (4, cardrules::cards::Rank::Three)
    );
    assert_eq!(
        (bombs[64].combo.size, bombs[64].combo.rank),
        (8, cardrules::cards::Rank::Two)
    );
    let rocket = list_plays(&table, &deck, None, Some(Rocket), None)[0].combo;
    assert_eq!(rocket.cards().len(), 4);
    assert!(cardrules::doudizhu::beats(
        &table,
        &rocket,
        &bombs[64].combo
    ));
}
