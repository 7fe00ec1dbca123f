use super::*;
use crate::tiles::{TileCounts, parse_tiles};
use proptest::prelude::*;

/// An arrangement as a sortable value: the pair, then each group as `(tile, run)`.
type Key = (u8, Vec<(u8, bool)>);

fn key(a: &Arrangement) -> Key {
    let groups = a.groups().iter();
    (
        a.pair,
        groups.map(|&(k, t)| (t, k == SetKind::Sequence)).collect(),
    )
}

/// What `for_each_standard` (the table) and `search` list, each sorted (the search's order is
/// its own, the table's the product of its suits').
fn both(counts: &[u8; 34], needed: u8, sequences: bool) -> (Vec<Key>, Vec<Key>) {
    let mut table = Vec::new();
    for_each_standard(counts, needed, sequences, &mut |a| table.push(key(a)));
    let mut searched = Vec::new();
    search(counts, needed, sequences, &mut |a| searched.push(key(a)));
    table.sort();
    searched.sort();
    (table, searched)
}

fn count(hand: &str) -> usize {
    let c = TileCounts::from_tiles(parse_tiles(hand).unwrap()).0;
    let (table, searched) = both(&c, 4, true);
    assert_eq!(table, searched, "{hand}");
    table.len()
}

#[test]
fn finds_every_decomposition_once() {
    assert_eq!(count("123m456p789s11222z"), 1);
    // 111222333m: three triplets or three runs.
    assert_eq!(count("111222333m789p11z"), 2);
    assert_eq!(count("123m456p789s1122z3z"), 0);
    // 22334455667788p (daisharin-like): several readings.
    assert_eq!(count("22334455667788p"), 3);
    // A triplet and a run of one tile, a run and the pair of one tile: one order each.
    assert_eq!(count("22223444567m333s"), 1);
    assert_eq!(count("11123m456p789s555z"), 1);
    // Two pairs in two suits, or a pair of honours beside a suit's pair: no arrangement.
    assert_eq!(count("123m456p11s789s22s"), 0);
    assert_eq!(count("123m456p789s11s22z"), 0);
}

#[test]
fn groups_come_lowest_first_triplet_before_run() {
    let c = TileCounts::from_tiles(parse_tiles("111222333m11p444z").unwrap()).0;
    let mut found = Vec::new();
    for_each_standard(&c, 4, true, &mut |a| found.push(key(a)));
    found.sort();
    let (t, r) = (false, true);
    assert_eq!(
        found,
        [
            (9, vec![(0, t), (1, t), (2, t), (30, t)]),
            (9, vec![(0, r), (0, r), (0, r), (30, t)]),
        ]
    );
    // Without runs only the triplets' reading.
    let mut pungs = Vec::new();
    for_each_standard(&c, 4, false, &mut |a| pungs.push(key(a)));
    assert_eq!(pungs, [found[0].clone()]);
}

/// Every vector of one suit with at most 14 tiles and 4 of a kind, complete or not, in each
/// suit in turn (beside an honours pair when it has no room for one): the table finds what the
/// search finds.
#[test]
fn every_suit_vector_matches_the_search() {
    let mut complete = 0;
    let mut groupings = 0;
    let mut digits = [0u8; 9];
    let mut seen = 0usize;
    loop {
        let sum: u8 = digits.iter().sum();
        if sum <= 14 && sum % 3 != 1 {
            let mut counts = [0u8; 34];
            let s = seen % 3;
            counts[9 * s..9 * s + 9].copy_from_slice(&digits);
            if sum.is_multiple_of(3) {
                counts[27 + seen % 7] = 2;
            }
            let needed = sum / 3;
            let (table, searched) = both(&counts, needed, true);
            assert_eq!(table, searched, "{digits:?} in suit {s}");
            complete += usize::from(!table.is_empty());
            groupings += table.len();
            seen += 1;
        }
        // The next vector, the lowest digit first.
        let Some(k) = digits.iter().position(|&d| d < 4) else {
            break;
        };
        digits[..k].fill(0);
        digits[k] += 1;
    }
    // The counts of the module's doc (the empty vector aside).
    assert_eq!((complete - 1, groupings - 1), (21_742, 23_532));
}

/// Complete hands of random groups across the suits and honours, some with a tile moved (or a
/// kind capped at 4 copies), and fewer groups needed (declared melds elsewhere): the table
/// finds what the search finds.
fn hand() -> impl Strategy<Value = ([u8; 34], u8)> {
    let group = (0u8..34, any::<bool>());
    (
        prop::collection::vec(group, 0..=4),
        0u8..34,
        prop::option::weighted(0.3, (0usize..34, 0usize..34)),
    )
        .prop_map(|(groups, pair, moved)| {
            let mut c = [0u8; 34];
            c[pair as usize] += 2;
            for &(t, run) in &groups {
                if run && t < 27 && t % 9 < 7 {
                    (t..t + 3).for_each(|k| c[k as usize] += 1);
                } else {
                    c[t as usize] += 3;
                }
            }
            if let Some((from, to)) = moved
                && c[from] > 0
            {
                c[from] -= 1;
                c[to] += 1;
            }
            // At most 4 of a kind, as in every checked hand (a kind over 4 is searched, not
            // looked up): capped rather than filtered out, so deep runs meet no reject limit.
            c.iter_mut().for_each(|n| *n = (*n).min(4));
            (c, groups.len() as u8)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(crate::mahjong::test_cases(3_000) as u32))]
    #[test]
    fn random_hands_match_the_search((counts, needed) in hand(), sequences in any::<bool>()) {
        let (table, searched) = both(&counts, needed, sequences);
        prop_assert_eq!(table, searched);
    }
}

#[test]
fn counts_above_four_are_searched() {
    let mut c = [0u8; 34];
    c[0] = 5;
    let (table, searched) = both(&c, 1, true);
    assert_eq!(table, searched);
    assert_eq!(table, [(0, vec![(0, false)])]);
}
