use super::*;
use crate::doudizhu::Preset;

#[test]
fn full_deck_census_per_profile() {
    let deck = CardList::full_deck(super::super::Variant::ThreePlayer);
    for (table, expected) in [
        (Table::STANDARD, 27_471),
        (Table::STRICT, 12_654),
        (Table::PERMISSIVE, 33_675),
    ] {
        let mut count = 0;
        let _ = for_each_play(&table, &deck, None, None, |_| {
            count += 1;
            ControlFlow::Continue(())
        });
        assert_eq!(count, expected, "{table:?}");
    }
}

#[test]
fn packed_census_is_the_named_census_packed() {
    for game in [Variant::ThreePlayer, Variant::FourPlayer] {
        let deck = CardList::full_deck(game);
        for preset in [Preset::Standard, Preset::Strict, Preset::Permissive] {
            let table = Table::preset(preset, game);
            let named: Vec<u64> = list_plays(&table, &deck, None, None, None)
                .iter()
                .map(pack_listed)
                .collect();
            assert_eq!(list_plays_packed(&table, &deck, None, None, None), named);
        }
    }
}

#[test]
fn unpacking_reads_every_rank() {
    for r in 0..RANKS {
        let mut counts = RankCounts::EMPTY;
        counts.0[r] = 8;
        counts.0[(r + 1) % RANKS] = 5;
        counts.0[(r + 9) % RANKS] = 1;
        assert_eq!(
            unpack_counts(crate::doudizhu::pack_play(&counts, None)),
            counts
        );
    }
}

#[test]
fn limit_stops_early() {
    let deck = CardList::full_deck(super::super::Variant::ThreePlayer);
    let plays = list_plays(&Table::STANDARD, &deck, None, None, Some(20));
    assert_eq!(plays.len(), 20);
    assert_eq!(plays[0].combo.kind, ComboKind::Single);
    assert_eq!(plays[15].combo.kind, ComboKind::Pair);
}
