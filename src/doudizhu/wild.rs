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
//! the multisets of the leftover wildcards over the other ranks; each candidate is one reading,
//! checked with the classifier's own kicker rules, so the work follows the number of fits.

use super::classify::{CountMasks, classify_within_deck};
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
    if !rules.game.holds(play) || play.len() > rules.game.max_play_cards() {
        return fits;
    }
    let (natural, wild) = table.wild().split(play);
    let laizi = !table.wild().is_empty();
    if wild.is_empty() {
        for mut reading in classify_within_deck(play, rules) {
            if laizi && reading.kind == ComboKind::Bomb {
                reading.bomb_kind = Some(BombKind::Hard);
            }
            fits.push(reading);
        }
        return fits;
    }
    let mut fitter = Fitter {
        table,
        natural,
        wild,
        fits,
    };
    if natural.is_empty() && rules.all_wildcard_play_natural {
        // Only the natural ranks: the plain readings, each wildcard standing for itself.
        for reading in classify_within_deck(play, rules) {
            fitter.push(reading, wild);
        }
    } else {
        fitter.every_reading();
    }
    let mut fits = fitter.fits;
    fits.sort_by_cached_key(|fit| fit_key(table, fit));
    fits
}

/// The state of one fitting: the play split into natural cards and wildcards, and the fits so
/// far.
struct Fitter<'a> {
    table: &'a Table,
    natural: RankCounts,
    wild: RankCounts,
    fits: Vec<Combo>,
}

impl Fitter<'_> {
    /// Records `reading` of the play with the wildcards standing for `wild_as`, unless an option
    /// forbids it.
    fn push(&mut self, mut reading: Combo, wild_as: RankCounts) {
        let rules = self.table.rules();
        // Wildcards standing for other ranks, when as many as possible stand for their own.
        let mut standing_in = wild_as;
        for (count, own) in standing_in.0.iter_mut().zip(self.wild.0) {
            *count = count.saturating_sub(own);
        }
        if !rules.wildcards_may_be_kickers && !standing_in.is_subset_of(&reading.main_cards()) {
            return;
        }
        reading.wild_as = wild_as;
        if reading.kind == ComboKind::Bomb {
            reading.bomb_kind = Some(if self.natural.is_empty() {
                BombKind::Pure
            } else if standing_in.is_empty() {
                BombKind::Hard
            } else {
                BombKind::Soft
            });
        }
        self.fits.push(reading);
    }

    /// Every reading of every fit. A reading's main ranks hold exactly its size (kickers never
    /// share them), so for each kind, start and chain length (the card count fixes the length)
    /// the wildcards on main ranks are forced; the leftover wildcards are kickers on the other
    /// ranks, each multiset of them once. Each (main part, kicker wildcards) is one candidate
    /// reading, checked with the classifier's own kicker rules; no reading can come from two
    /// candidates, so nothing needs deduplicating.
    fn every_reading(&mut self) {
        let rules = *self.table.rules();
        let n = self.natural.0;
        let total = self.natural.len() + self.wild.len();
        let jokers = n[NORMAL] + n[NORMAL + 1];
        let present: u16 = (0..NORMAL).fold(0, |mask, r| mask | (u16::from(n[r] > 0) << r));
        let min_airplane = rules.min_airplane_length.max(2) as usize;
        // One rank: single, pair, trio, bomb (never jokers: a wildcard is no joker).
        if jokers == 0 && present.count_ones() <= 1 {
            let kind = match total {
                1 => ComboKind::Single,
                2 => ComboKind::Pair,
                3 => ComboKind::Trio,
                _ => ComboKind::Bomb,
            };
            for r in 0..NORMAL {
                if present == 0 || present == 1 << r {
                    self.main_part(kind, r, 1, total as u8);
                }
            }
        }
        // Chains without kickers.
        let chains = [
            (ComboKind::Straight, 1, rules.min_straight_length as usize),
            (
                ComboKind::PairStraight,
                2,
                rules.min_pair_straight_length as usize,
            ),
            (ComboKind::Airplane, 3, min_airplane),
        ];
        for (kind, size, min) in chains {
            if jokers == 0
                && total.is_multiple_of(size)
                && (min..=ACE + 1).contains(&(total / size))
            {
                let length = total / size;
                for start in 0..=ACE + 1 - length {
                    if present & !run(start, length) == 0 {
                        self.main_part(kind, start, length, size as u8);
                    }
                }
            }
        }
        // Kinds with kickers.
        let mut kinds: [Option<(ComboKind, usize)>; 3] = [None; 3];
        kinds[0] = match total {
            4 => Some((ComboKind::TrioWithSingle, 1)),
            5 if rules.trio_with_pair => Some((ComboKind::TrioWithPair, 1)),
            6 if rules.four_with_two_singles => Some((ComboKind::FourWithTwoSingles, 1)),
            8 if rules.four_with_two_pairs => Some((ComboKind::FourWithTwoPairs, 1)),
            _ => None,
        };
        if total.is_multiple_of(4) && (min_airplane..=ACE + 1).contains(&(total / 4)) {
            kinds[1] = Some((ComboKind::AirplaneWithSingles, total / 4));
        }
        if rules.trio_with_pair
            && total.is_multiple_of(5)
            && (min_airplane..=ACE + 1).contains(&(total / 5))
        {
            kinds[2] = Some((ComboKind::AirplaneWithPairs, total / 5));
        }
        for (kind, length) in kinds.into_iter().flatten() {
            let size = kind.main_copies().unwrap_or(3);
            let last = if length == 1 {
                NORMAL - 1
            } else {
                ACE + 1 - length
            };
            for start in 0..=last {
                self.main_part(kind, start, length, size);
            }
        }
    }

    /// The readings of `kind` with `size` copies of the `length` ranks from `start` as the main
    /// part: the main ranks' shortfall forced, the other wildcards spread over the other ranks
    /// as kickers (none for kinds without kickers, whose callers checked that every natural card
    /// is a main card).
    fn main_part(&mut self, kind: ComboKind, start: usize, length: usize, size: u8) {
        let n = &self.natural.0;
        let m = self.wild.len() as u8;
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
        let main = run(start, length);
        let mut fitted = self.natural;
        for (count, add) in fitted.0.iter_mut().zip(forced.0) {
            *count += add;
        }
        let rules = *self.table.rules();
        if kind.kicker_unit() == 0 {
            if need == m && (!rules.wildcards_within_deck || rules.game.holds(&fitted)) {
                self.push(
                    Combo::bare(kind, Rank::ALL[start], length as u8, size),
                    forced,
                );
            }
            return;
        }
        self.spread(
            kind,
            start,
            length,
            size,
            main,
            m - need,
            0,
            &mut fitted,
            &mut forced,
        );
    }

    /// Every multiset of `free` kicker wildcards on ranks from index `from` outside `main`.
    #[allow(clippy::too_many_arguments)]
    fn spread(
        &mut self,
        kind: ComboKind,
        start: usize,
        length: usize,
        size: u8,
        main: u16,
        free: u8,
        from: usize,
        fitted: &mut RankCounts,
        wild_as: &mut RankCounts,
    ) {
        if free == 0 {
            let rules = self.table.rules();
            // One pass over the counts gives both the deck check and the kicker masks.
            let masks = CountMasks::of(&fitted.0);
            if rules.wildcards_within_deck && !masks.within(rules.game) {
                return;
            }
            let ok = if kind.kicker_unit() == 1 {
                masks.single_kickers_ok(main, rules)
            } else {
                masks.pair_kickers_ok(main, rules)
            };
            if ok {
                let mut kickers = *fitted;
                kickers.0[start..start + length].fill(0);
                let reading = Combo {
                    kickers,
                    ..Combo::bare(kind, Rank::ALL[start], length as u8, size)
                };
                let wild_as = *wild_as;
                self.push(reading, wild_as);
            }
            return;
        }
        for r in from..NORMAL {
            if main & (1 << r) == 0 {
                fitted.0[r] += 1;
                wild_as.0[r] += 1;
                self.spread(
                    kind,
                    start,
                    length,
                    size,
                    main,
                    free - 1,
                    r,
                    fitted,
                    wild_as,
                );
                fitted.0[r] -= 1;
                wild_as.0[r] -= 1;
            }
        }
    }
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
    fits.sort_by_cached_key(|fit| (fit.reading_key(), inverted(&fit.wild_as)));
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
        ComboKind::Rocket => (0u8, 0),
        ComboKind::Bomb => {
            let (a, b, c, d) = order.key(fit.size, fit.rank, fit.hardness());
            (1, u32::MAX - u32::from_be_bytes([a, b, c, d]))
        }
        _ => (2, 0),
    };
    // The reading key packed into integers (the same order, compared in a few instructions).
    let head = u32::from_be_bytes([
        fit.kind as u8,
        fit.length,
        fit.size,
        u8::MAX - fit.rank as u8,
    ]);
    (
        tier,
        bomb,
        head,
        inverted(&fit.kickers),
        inverted(&fit.wild_as),
    )
}

/// Counts as one integer ordered like the ascending rank lists they stand for, of equal length
/// (see [`Combo::reading_key`]): each count inverted, the weakest rank most significant.
pub(super) fn inverted(counts: &RankCounts) -> u128 {
    // Byte i (from the most significant) is 255 minus the count of rank i, the unused last
    // byte 0: one load, a not and a byte swap rather than a loop over the ranks.
    let mut bytes = [0u8; 16];
    bytes[..Rank::COUNT].copy_from_slice(&counts.0);
    (!u128::from_le_bytes(bytes)).swap_bytes() & !0xFF
}

/// Mask of the `length` ranks from `start`.
fn run(start: usize, length: usize) -> u16 {
    (((1u32 << length) - 1) << start) as u16
}

/// The sub-multisets of `hand` under `table`: 0 when the hand holds no wildcard, else the
/// product of (copies + 1) over its ranks. This is the work of listing a laizi hand by fitting
/// every sub-multiset, as the tests' slow reference does (a one-deck hand of 20 cards has at most
/// 139,968; a whole deck about 5 × 10^9). ListPlays no longer does that (it generates plays by
/// combo type), so nothing needs to bound it any more; it stays for callers that estimate the
/// reference's cost.
pub fn wild_listing_work(table: &Table, hand: &RankCounts) -> u64 {
    let (_, wildcards) = table.wild().split(hand);
    if wildcards.is_empty() {
        return 0;
    }
    hand.0.iter().fold(1u64, |product, &count| {
        product.saturating_mul(u64::from(count) + 1)
    })
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
        // K is wild: 333 444 555 + 6 6 + K. As a 6 the wildcard extends the chain (a bare
        // airplane 3-6); as anything else but 3, 4, 5 it is a wing beside 6 6. Under STANDARD
        // three 6s beside the chain are no wings; under PERMISSIVE they are.
        let play = "3 3 3 4 4 4 5 5 5 6 6 K";
        let all = fits(&table(&[Rank::King]), play);
        assert!(all.contains(&"airplane 3-6 [6]".to_string()), "{all:?}");
        assert!(all.contains(&"airplane with single wings 3-5 + 6 6 K [K]".to_string()));
        assert!(all.contains(&"airplane with single wings 3-5 + 6 6 2 [2]".to_string()));
        assert!(!all.iter().any(|f| f.contains("+ 6 6 6")));
        // Nine wing ranks (7 to 2) and the chain extended by the 6.
        assert_eq!(all.len(), 10);
        let permissive = Table::PERMISSIVE.with_wild_ranks(&[Rank::King]).unwrap();
        let all = fits(&permissive, play);
        assert!(all.contains(&"airplane with single wings 3-5 + 6 6 6 [6]".to_string()));
        assert!(all.contains(&"airplane with single wings 4-6 + 3 3 3 [6]".to_string()));
        assert!(all.contains(&"airplane 3-6 [6]".to_string()));
    }

    #[test]
    fn the_seeds_examples() {
        // The seed's straights, pair straights and airplanes, each with cards replaced by
        // wildcards (2 is wild): 34567 with the 5 wild, 334455 with a 4 wild, 333444 + 6 9 with
        // a 4 wild, 333444555 + 66 77 99 with a 9 wild.
        let t = table(&[Rank::Two]);
        assert!(fits(&t, "3 4 2 6 7").contains(&"straight 3-7 [5]".to_string()));
        assert!(fits(&t, "3 3 4 2 5 5").contains(&"pair straight 3-5 [4]".to_string()));
        assert!(
            fits(&t, "3 3 3 4 4 2 6 9")
                .contains(&"airplane with single wings 3-4 + 6 9 [4]".to_string())
        );
        assert!(
            fits(&t, "3 3 3 4 4 4 5 5 5 6 6 7 7 9 2")
                .contains(&"airplane with pair wings 3-5 + 6 6 7 7 9 9 [9]".to_string())
        );
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
