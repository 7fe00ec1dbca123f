//! Laizi: every way a play's wildcards can make it a combo.
//!
//! A play under a [`Table`] with wild ranks is its natural cards plus `M` wildcards (the cards of
//! wild ranks). A *fit* chooses a rank `3`..`2` for every wildcard (a multiset: which wildcard
//! took which rank does not matter) and reads the resulting cards with the plain classifier; a
//! fit with several readings is several fits.
//!
//! Trying every multiset (`C(13 + M - 1, M)` of them: 1,820 for four wildcards, 125,970 for
//! eight) is the brute force the tests compare with. The fitter instead starts from the combos:
//! a reading's main ranks hold exactly its size in copies (kickers never share them), so for a
//! given kind, chain length and start the wildcards on main ranks are forced (the shortfall of
//! each main rank), and only the wildcards left over, as kickers, are free. The card count fixes
//! the chain length of every kind, so the candidates are a few dozen main parts plus, for each,
//! the multisets of the leftover wildcards over the other ranks; each candidate is classified
//! once.

use std::cmp::Reverse;

use super::classify::classify_within_deck;
use super::combo::{Combo, ComboKind};
use super::rules::{BombKind, Table};
use crate::cards::{Card, Rank, RankCounts};

/// Ranks a wildcard may stand for: `3` to `2` (indices 0..13), never a joker.
const NORMAL: usize = 13;
/// The highest rank index a chain may use: the ace.
const ACE: usize = 11;

/// Every distinct fit of `play` (natural cards and wildcards together, as rank counts), in fit
/// order (see [`fit_key`]). Without wild ranks, or without wildcards in the play, the fits are
/// the play's plain readings (with `wild_as` empty).
///
/// Options (see [`super::Rules`]): a play of wildcards only keeps its natural ranks unless
/// `all_wildcard_play_natural` is off; `wildcards_within_deck` drops fits with more copies of a
/// rank than the deck(s) hold; `wildcards_may_be_kickers` off drops readings where a wildcard
/// standing for another rank is a kicker.
///
/// # Examples
///
/// ```
/// use cardrules::cards::Rank;
/// use cardrules::doudizhu::{CardList, Game, Table, fit_wildcards};
///
/// // 9 is wild: 5 6 7 8 + a 9 is a straight 5-9 (the 9 as itself) or 4-8 (the 9 as a 4).
/// let table = Table::STANDARD.with_wild_ranks(&[Rank::Nine]).unwrap();
/// let play = CardList::parse(&["5", "6", "7", "8", "9"], Game::ThreePlayer).unwrap();
/// let fits: Vec<String> = fit_wildcards(&table, play.counts())
///     .iter()
///     .map(|fit| fit.to_string())
///     .collect();
/// assert_eq!(fits, ["straight 5-9 (wildcards as 9)", "straight 4-8 (wildcards as 4)"]);
/// ```
pub fn fit_wildcards(table: &Table, play: &RankCounts) -> Vec<Combo> {
    let rules = table.rules();
    let mut fits = Vec::new();
    if !rules.game.holds(play) {
        return fits;
    }
    let (natural, wild) = table.wild().split(play);
    let m = wild.len();
    let laizi = !table.wild().is_empty();
    if m == 0 {
        for mut reading in classify_within_deck(play, rules) {
            if laizi && reading.kind == ComboKind::Bomb {
                reading.bomb_kind = Some(BombKind::Hard);
            }
            fits.push(reading);
        }
        return fits;
    }
    let candidates = if natural.is_empty() && rules.all_wildcard_play_natural {
        vec![wild]
    } else {
        candidates(&natural, m)
    };
    for wild_as in candidates {
        let mut fitted = natural;
        for (count, add) in fitted.0.iter_mut().zip(wild_as.0) {
            *count += add;
        }
        if rules.wildcards_within_deck && !rules.game.holds(&fitted) {
            continue;
        }
        // Wildcards standing for other ranks, when as many as possible stand for their own.
        let mut standing_in = wild_as;
        for (count, own) in standing_in.0.iter_mut().zip(wild.0) {
            *count = count.saturating_sub(own);
        }
        for mut reading in classify_within_deck(&fitted, rules) {
            if !rules.wildcards_may_be_kickers && !standing_in.is_subset_of(&reading.main_cards()) {
                continue;
            }
            reading.wild_as = wild_as;
            if reading.kind == ComboKind::Bomb {
                reading.bomb_kind = Some(if natural.is_empty() {
                    BombKind::Pure
                } else if standing_in.is_empty() {
                    BombKind::Hard
                } else {
                    BombKind::Soft
                });
            }
            fits.push(reading);
        }
    }
    fits.sort_by_cached_key(|fit| fit_key(table, fit));
    fits
}

/// Every reading of `play` under `table` in reading order: its plain readings without wild ranks,
/// else its fits sorted by [`Combo::reading_key`] and then the ranks the wildcards stand for (as
/// ascending rank lists). This is the order ValidatePlay and CompareCombos choose readings in,
/// so a play's first reading is, as for plain plays, its lowest kind (a bomb only when the cards
/// are nothing else).
pub fn play_readings(table: &Table, play: &RankCounts) -> Vec<Combo> {
    if table.wild().is_empty() {
        super::classify(table, play).to_vec()
    } else {
        fits_in_reading_order(table, play)
    }
}

/// [`fit_wildcards`] in reading order (see [`play_readings`]).
pub(crate) fn fits_in_reading_order(table: &Table, play: &RankCounts) -> Vec<Combo> {
    let mut fits = fit_wildcards(table, play);
    fits.sort_by_cached_key(|fit| (fit.reading_key(), fit.wild_as.0.map(|c| u8::MAX - c)));
    fits
}

/// The fit order, strongest first: the rocket; then bombs, strongest first by the table's
/// [`super::BombOrder`]; then the other fits by kind (single, pair, trio, ... in
/// [`ComboKind`] order), chain length, copies, main rank **strongest first**, kickers (as
/// ascending rank lists, lexicographically), and last the ranks the wildcards stand for (as
/// ascending rank lists, lexicographically).
pub fn fit_key(table: &Table, fit: &Combo) -> impl Ord + use<> {
    let order = table.rules().bomb_order;
    let (tier, bomb) = match fit.kind {
        ComboKind::Rocket => (0u8, Reverse((0, 0, 0, 0))),
        ComboKind::Bomb => (1, Reverse(order.key(fit.size, fit.rank, fit.hardness()))),
        _ => (2, Reverse((0, 0, 0, 0))),
    };
    (
        tier,
        bomb,
        fit.reading_key(),
        fit.wild_as.0.map(|c| u8::MAX - c),
    )
}

/// Every multiset of `m` ranks for the wildcards that can give `natural` a reading (and some
/// that cannot), each once.
fn candidates(natural: &RankCounts, m: usize) -> Vec<RankCounts> {
    let n = &natural.0;
    let total = natural.len() + m;
    let jokers = n[NORMAL] + n[NORMAL + 1];
    let present: u16 = (0..NORMAL).fold(0, |mask, r| mask | (u16::from(n[r] > 0) << r));
    let mut out: Vec<RankCounts> = Vec::new();
    let Ok(m) = u8::try_from(m) else {
        return out;
    };
    // The main part: `size` copies of `length` ranks from `start`; the shortfall is forced, and
    // `free` wildcards are left for kickers (none for kinds without kickers).
    let mut main_part = |start: usize, length: usize, size: u8, kickers: bool| {
        let mut forced = RankCounts::EMPTY;
        let mut need = 0u8;
        for (have, add) in n[start..start + length]
            .iter()
            .zip(&mut forced.0[start..start + length])
        {
            if *have > size {
                return;
            }
            *add = size - have;
            need += *add;
        }
        if need > m {
            return;
        }
        let free = m - need;
        if !kickers {
            if free == 0 && jokers == 0 && present & !run(start, length) == 0 {
                out.push(forced);
            }
            return;
        }
        spread(&mut forced, free, 0, run(start, length), &mut out);
    };
    // One rank: single, pair, trio, bomb.
    if jokers == 0 && present.count_ones() <= 1 && total <= u8::MAX as usize {
        for r in 0..NORMAL {
            if present == 0 || present == 1 << r {
                main_part(r, 1, total as u8, false);
            }
        }
    }
    // Chains without kickers: straights, pair straights, bare airplanes.
    for size in 1..=3u8 {
        let size_usize = size as usize;
        if total.is_multiple_of(size_usize) && (2..=ACE + 1).contains(&(total / size_usize)) {
            let length = total / size_usize;
            for start in 0..=ACE + 1 - length {
                main_part(start, length, size, false);
            }
        }
    }
    // Kinds with kickers: (size, chain length, cards per kicker unit, kicker units).
    let mut shapes: Vec<(u8, usize)> = Vec::with_capacity(6);
    if total == 4 || total == 5 {
        shapes.push((3, 1));
    }
    if total == 6 || total == 8 {
        shapes.push((4, 1));
    }
    for per in [4, 5] {
        if total.is_multiple_of(per) && (2..=ACE + 1).contains(&(total / per)) {
            shapes.push((3, total / per));
        }
    }
    for (size, length) in shapes {
        let last = if length == 1 {
            NORMAL - 1
        } else {
            ACE + 1 - length
        };
        for start in 0..=last {
            main_part(start, length, size, true);
        }
    }
    out.sort_unstable_by_key(|w| w.0);
    out.dedup();
    out
}

/// Adds every multiset of `free` ranks outside `main`, from rank index `from` on, to `base`,
/// pushing each result.
fn spread(base: &mut RankCounts, free: u8, from: usize, main: u16, out: &mut Vec<RankCounts>) {
    if free == 0 {
        out.push(*base);
        return;
    }
    for r in from..NORMAL {
        if main & (1 << r) == 0 {
            base.0[r] += 1;
            spread(base, free - 1, r, main, out);
            base.0[r] -= 1;
        }
    }
}

/// Mask of the `length` ranks from `start`.
fn run(start: usize, length: usize) -> u16 {
    (((1u32 << length) - 1) << start) as u16
}

/// Which wildcard stands for which rank in a fit: `wildcards` are the play's wildcards (physical
/// cards when suited), `wild_as` the ranks they stand for (as many). Every wildcard whose own
/// rank is among `wild_as` stands for itself (as many as can); the others take the remaining
/// ranks weakest first, in card order. The pairs come in card order.
///
/// # Panics
///
/// When `wild_as` does not hold as many ranks as there are wildcards.
pub fn assign_wildcards(wildcards: &[Card], wild_as: &RankCounts) -> Vec<(Card, Rank)> {
    assert_eq!(wildcards.len(), wild_as.len(), "one rank per wildcard");
    let mut cards = wildcards.to_vec();
    cards.sort_unstable();
    let mut left = *wild_as;
    let mut taken: Vec<Option<Rank>> = cards
        .iter()
        .map(|card| {
            let slot = &mut left.0[card.rank.index()];
            (*slot > 0).then(|| {
                *slot -= 1;
                card.rank
            })
        })
        .collect();
    let mut rest = left.ranks().collect::<Vec<_>>().into_iter();
    for rank in taken.iter_mut().filter(|r| r.is_none()) {
        *rank = rest.next();
    }
    cards
        .into_iter()
        .zip(taken)
        .map(|(card, rank)| (card, rank.unwrap_or(card.rank)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::doudizhu::{CardList, Game, Rules};

    fn table(wild: &[Rank]) -> Table {
        Table::STANDARD.with_wild_ranks(wild).unwrap()
    }

    fn fits(table: &Table, text: &str) -> Vec<String> {
        let texts: Vec<&str> = text.split_whitespace().collect();
        let play = CardList::parse(&texts, table.game()).unwrap();
        fit_wildcards(table, play.counts())
            .iter()
            .map(|fit| {
                let kind = fit
                    .bomb_kind
                    .map(|k| format!(" {k:?}").to_lowercase())
                    .unwrap_or_default();
                let plain = Combo {
                    wild_as: RankCounts::EMPTY,
                    bomb_kind: None,
                    ..*fit
                };
                format!("{plain}{kind} [{}]", fit.wild_as)
            })
            .collect()
    }

    #[test]
    fn a_fit_that_makes_a_bomb_or_a_straight() {
        // 3 is wild: 4 4 4 + 3 is a soft bomb of 4s, or a trio of 4s with the 3 as a single.
        let t = table(&[Rank::Three]);
        assert_eq!(
            fits(&t, "4 4 4 3"),
            [
                "bomb 4 soft [4]",
                "trio with a single 4 + 3 [3]",
                "trio with a single 4 + 5 [5]",
                "trio with a single 4 + 6 [6]",
                "trio with a single 4 + 7 [7]",
                "trio with a single 4 + 8 [8]",
                "trio with a single 4 + 9 [9]",
                "trio with a single 4 + 10 [10]",
                "trio with a single 4 + J [J]",
                "trio with a single 4 + Q [Q]",
                "trio with a single 4 + K [K]",
                "trio with a single 4 + A [A]",
                "trio with a single 4 + 2 [2]",
            ]
        );
        // 9 is wild: 5 6 7 8 + 9: the straight 5-9 (the 9 as itself) and 4-8.
        let t = table(&[Rank::Nine]);
        assert_eq!(
            fits(&t, "5 6 7 8 9"),
            ["straight 5-9 [9]", "straight 4-8 [4]"]
        );
    }

    #[test]
    fn a_wildcard_never_stands_for_a_2_in_a_chain() {
        // 5 is wild: 10 J Q K A + 5 cannot go above the ace.
        let t = table(&[Rank::Five]);
        assert_eq!(
            fits(&t, "J Q K A 5"),
            ["straight 10-A [10]"],
            "the chain may not reach 2"
        );
    }

    #[test]
    fn all_wildcards() {
        let t = table(&[Rank::Seven]);
        assert_eq!(fits(&t, "7 7 7 7"), ["bomb 7 pure [7 7 7 7]"]);
        assert_eq!(fits(&t, "7"), ["single 7 [7]"]);
        let any = Table::new(Rules {
            all_wildcard_play_natural: false,
            ..Rules::STANDARD
        })
        .unwrap()
        .with_wild_ranks(&[Rank::Seven])
        .unwrap();
        let all = fits(&any, "7 7");
        assert_eq!(all.len(), 13);
        assert_eq!(all[0], "pair 2 [2 2]");
        assert_eq!(all[12], "pair 3 [3 3]");
        // Four wildcards: a pure bomb of every rank, strongest first, and more.
        let all = fits(&any, "7 7 7 7");
        assert_eq!(all[0], "bomb 2 pure [2 2 2 2]");
        assert_eq!(all[12], "bomb 3 pure [3 3 3 3]");
    }

    #[test]
    fn sky_and_earth_wildcards_in_one_play() {
        // 天地癞子 5 and J, both in one play: 3 3 3 + 5 + J is a 5-card soft bomb of 3s, or a
        // trio of 3s with a pair (both wildcards as one rank, their own included).
        let t = table(&[Rank::Five, Rank::Jack]);
        let all = fits(&t, "3 3 3 5 J");
        assert_eq!(all[0], "bomb 3 (5 cards) soft [3 3]");
        assert_eq!(all[1], "trio with a pair 3 + 4 4 [4 4]");
        assert!(all.contains(&"trio with a pair 3 + 5 5 [5 5]".to_string()));
        assert!(all.contains(&"trio with a pair 3 + J J [J J]".to_string()));
        assert_eq!(all.len(), 13);
        // Only wildcards, of both ranks: their natural ranks only.
        assert_eq!(fits(&t, "5 5 5 J"), ["trio with a single 5 + J [5 5 5 J]"]);
        assert!(fits(&t, "5 J").is_empty());
    }

    #[test]
    fn airplane_whose_wings_could_extend_the_chain() {
        // 2 is wild: 3 3 3 4 4 4 5 5 + 2 2: 333444555 + two more cards? Ten cards: an airplane
        // 3-4 with pair wings 55 22 (wildcards as themselves), or 55 + any pair, or wings
        // extending the chain: 333444555 + ... is nine cards + one: no.
        let t = table(&[Rank::Two]);
        let all = fits(&t, "3 3 3 4 4 4 5 5 2 2");
        assert!(all.contains(&"airplane with pair wings 3-4 + 5 5 2 2 [2 2]".to_string()));
        assert!(all.contains(&"airplane with pair wings 3-4 + 5 5 9 9 [9 9]".to_string()));
        // The wildcards as 5 and 6 would make 333444555 + 6: not a combo (10 cards); as 5 5 the
        // play is 333444 + 5555: a bomb as two pairs, not under STANDARD.
        assert!(!all.iter().any(|f| f.ends_with("[5 5]")));
    }

    #[test]
    fn wildcards_are_assigned_to_their_own_rank_first() {
        let cards: Vec<Card> = ["7H", "JS", "7S"]
            .iter()
            .map(|t| t.parse().unwrap())
            .collect();
        let wild_as = RankCounts::from_ranks([Rank::Three, Rank::Seven, Rank::Two]);
        let assigned: Vec<String> = assign_wildcards(&cards, &wild_as)
            .iter()
            .map(|(card, rank)| format!("{card}={rank}"))
            .collect();
        assert_eq!(assigned, ["7S=7", "7H=3", "JS=2"]);
    }

    #[test]
    fn without_wildcards_the_fits_are_the_readings() {
        let t = table(&[Rank::Seven]);
        assert_eq!(fits(&t, "3 3 3 3"), ["bomb 3 hard []"]);
        assert_eq!(fits(&Table::STANDARD, "3 3 3 3"), ["bomb 3 []"]);
        assert!(fits(&t, "3 4").is_empty());
        let _ = Game::ThreePlayer;
    }
}
