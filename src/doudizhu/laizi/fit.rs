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
//! the multisets of the leftover wildcards over the other ranks; each candidate is one reading.
//! Every kicker rule is about one rank's copies, so the leftover wildcards are placed rank by
//! rank, each rank only given counts the classifier's own kicker rules accept there: no
//! candidate is built to be thrown away, and the work follows the number of fits. The
//! candidates come out in fit order, so the fits are not sorted afterwards.

use arrayvec::ArrayVec;

use super::fit_order::fit_key;
use crate::cards::{Rank, RankCounts};
use crate::doudizhu::bombs::BombKind;
use crate::doudizhu::classify::{CountMasks, classify_within_deck};
use crate::doudizhu::combo::{Combo, ComboKind};
use crate::doudizhu::hand::CardList;
use crate::doudizhu::ranks::{ACE, NORMAL, NORMAL_MASK, run_mask};
use crate::doudizhu::rules::Rules;
use crate::doudizhu::table::Table;

/// Every distinct fit of `play` (natural cards and wildcards together), in fit order (see
/// [`fit_key`]): the FitWildcards logic. Without wild ranks, or without wildcards in the play,
/// the fits are the play's plain readings (with `wild_as` empty).
///
/// - `kind`: only fits of this kind;
/// - `limit`: at most this many fits (the first in fit order).
///
/// Options (see [`Rules`]): a play of wildcards only keeps its natural ranks unless
/// `all_wildcard_play_natural` is off; `wildcards_within_deck` drops fits with more copies of a
/// rank than the deck(s) hold; `wildcards_may_be_kickers` off drops readings where a wildcard
/// standing for another rank is a kicker.
///
/// # Examples
///
/// ```
/// use cardrules::cards::Rank;
/// use cardrules::doudizhu::{CardList, Variant, Table, fit_wildcards};
///
/// // 9 is wild: 5 6 7 8 + a 9 is a straight 5-9 (the 9 as itself) or 4-8 (the 9 as a 4).
/// let table = Table::STANDARD.with_wild_ranks(&[Rank::Nine]).unwrap();
/// let play = CardList::parse(&["5", "6", "7", "8", "9"], Variant::ThreePlayer).unwrap();
/// let fits: Vec<String> = fit_wildcards(&table, &play, None, None)
///     .iter()
///     .map(|fit| fit.to_string())
///     .collect();
/// assert_eq!(fits, ["straight 5-9 (wildcards as 9)", "straight 4-8 (wildcards as 4)"]);
/// ```
pub fn fit_wildcards(
    table: &Table,
    play: &CardList,
    kind: Option<ComboKind>,
    limit: Option<usize>,
) -> Vec<Combo> {
    let mut fits = fits_of(table, play.counts());
    if let Some(kind) = kind {
        fits.retain(|fit| fit.kind == kind);
    }
    fits.truncate(limit.unwrap_or(usize::MAX));
    fits
}

/// [`fit_wildcards`] of any rank counts (none over the deck(s) fits), every kind.
pub(crate) fn fits_of(table: &Table, play: &RankCounts) -> Vec<Combo> {
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
        // Room for the usual dozen fits, so pushing them rarely reallocates.
        fits: Vec::with_capacity(16),
    };
    if natural.is_empty() && rules.all_wildcard_play_natural {
        // Only the natural ranks: the plain readings, each wildcard standing for itself.
        for reading in classify_within_deck(play, rules) {
            fitter.push(reading, wild);
        }
        fitter.fits.sort_by_cached_key(|fit| fit_key(table, fit));
    } else {
        fitter.every_reading();
        debug_assert!(fitter.fits.is_sorted_by_key(|fit| fit_key(table, fit)));
    }
    fitter.fits
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

    /// Every reading of every fit, in fit order (see [`fit_key`]). A reading's main ranks hold
    /// exactly its size (kickers never share them), so for each kind, start and chain length (the
    /// card count fixes the length) the wildcards on main ranks are forced; the leftover
    /// wildcards are kickers on the other ranks, each multiset of them once. Each (main part,
    /// kicker wildcards) is one candidate reading, checked with the classifier's own kicker
    /// rules; no reading can come from two candidates, so nothing needs deduplicating.
    ///
    /// The candidates are generated in fit order, so the fits need no sorting: kinds in
    /// [`ComboKind`] order (bombs, which come first, are put first), main ranks strongest first,
    /// and each main part's kicker placements in kicker order (see
    /// [`Fitter::place_kickers`]).
    fn every_reading(&mut self) {
        let rules = *self.table.rules();
        let n = self.natural.0;
        let total = self.natural.len() + self.wild.len();
        let jokers = n[NORMAL] + n[NORMAL + 1];
        let present: u16 = (0..NORMAL).fold(0, |mask, r| mask | (u16::from(n[r] > 0) << r));
        // One rank: single, pair, trio, bomb (never jokers: a wildcard is no joker). These kinds
        // come before all others: single, pair and trio are the first kinds, bombs rank above
        // every non-bomb.
        if jokers == 0 && present.count_ones() <= 1 {
            let kind = match total {
                1 => ComboKind::Single,
                2 => ComboKind::Pair,
                3 => ComboKind::Trio,
                _ => ComboKind::Bomb,
            };
            for r in (0..NORMAL).rev() {
                if present == 0 || present == 1 << r {
                    self.main_part(kind, r, 1, total as u8);
                }
            }
            if kind == ComboKind::Bomb {
                // All bombs of one size: their order is the table's bomb order.
                let table = self.table;
                self.fits.sort_by_cached_key(|fit| fit_key(table, fit));
            }
        }
        for (kind, length) in other_kinds(total, &rules) {
            let size = kind.main_copies().unwrap_or(3);
            let last = if length == 1 {
                NORMAL - 1
            } else {
                ACE + 1 - length
            };
            for start in (0..=last).rev() {
                if kind.kicker_unit() > 0
                    || (jokers == 0 && present & !run_mask(start, length as u8) == 0)
                {
                    self.main_part(kind, start, length, size);
                }
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
        let main = run_mask(start, length as u8);
        let mut fitted = self.natural;
        for (count, add) in fitted.0.iter_mut().zip(forced.0) {
            *count += add;
        }
        let rules = *self.table.rules();
        let bare = Combo::bare(kind, Rank::ALL[start], length as u8, size);
        if kind.kicker_unit() == 0 {
            if need == m && (!rules.wildcards_within_deck || rules.game.holds(&fitted)) {
                self.push(bare, forced);
            }
            return;
        }
        let Some(slots) = KickerSlots::new(kind, main, m - need, &fitted, &rules) else {
            return;
        };
        self.place_kickers(&slots, bare, 0, m - need, &mut fitted, &mut forced);
    }

    /// Every way to put `left` more wildcards on the kicker ranks from `slots.ranks[i]` on that
    /// breaks no kicker rule, each recorded as a reading, in kicker order: a depth-first walk
    /// over the ranks weakest first, most wildcards first, pruned by what the remaining ranks
    /// can take, so every path it starts ends in a fit (but for parity dead ends of pair
    /// kickers).
    fn place_kickers(
        &mut self,
        slots: &KickerSlots,
        bare: Combo,
        i: usize,
        left: u8,
        fitted: &mut RankCounts,
        wild_as: &mut RankCounts,
    ) {
        if left == 0 && slots.least[i] == 0 {
            // Every remaining kicker rank may stay as it is.
            let mut kickers = *fitted;
            let start = bare.rank.index();
            kickers.0[start..start + bare.length as usize].fill(0);
            debug_assert!(slots.accepts(fitted), "{bare:?} + {fitted:?}");
            let wild_as = *wild_as;
            self.push(Combo { kickers, ..bare }, wild_as);
            return;
        }
        let Some(&rank) = slots.ranks.get(i) else {
            return;
        };
        let r = rank as usize;
        // Most wildcards on the weakest rank first: kicker order (see [`fit_key`]).
        for add in (0..=left).rev() {
            let rest = left - add;
            if slots.faults[add as usize] & (1 << r) != 0
                || !(slots.least[i + 1]..=slots.most[i + 1]).contains(&rest)
            {
                continue;
            }
            fitted.0[r] += add;
            wild_as.0[r] += add;
            self.place_kickers(slots, bare, i + 1, rest, fitted, wild_as);
            fitted.0[r] -= add;
            wild_as.0[r] -= add;
        }
    }
}

/// Most wildcards a play can hold: 8 of each of two wild ranks with two decks.
const MAX_WILDCARDS: usize = 16;

/// Where the kicker wildcards of one main part may go. Every kicker rule is about one rank's
/// copies (see [`CountMasks::single_kicker_faults`]), so whether `k` more wildcards on a rank
/// break a rule depends on that rank alone: one mask per `k` says it for every rank at once, and
/// the kicker wildcards are spread rank by rank, never trying a rank count that cannot be a
/// kicker.
struct KickerSlots {
    kind: ComboKind,
    main: u16,
    /// The ranks outside the main part that wildcards may stand for, weakest first.
    ranks: ArrayVec<u8, NORMAL>,
    /// `faults[k]`: the ranks where `k` more wildcards break a kicker rule (or the deck).
    faults: [u16; MAX_WILDCARDS + 1],
    /// `least[i]`, `most[i]`: the fewest and most wildcards `ranks[i..]` can take together.
    least: [u8; NORMAL + 1],
    most: [u8; NORMAL + 1],
    rules: Rules,
}

impl KickerSlots {
    /// The slots for `free` kicker wildcards beside the main part `main` of `fitted` (the
    /// natural cards with the main ranks filled); `None` when no placement can work (a rank no
    /// wildcard may touch, such as the jokers, already breaks a rule, or some rank can take
    /// no count).
    fn new(
        kind: ComboKind,
        main: u16,
        free: u8,
        fitted: &RankCounts,
        rules: &Rules,
    ) -> Option<KickerSlots> {
        let mut slots = KickerSlots {
            kind,
            main,
            ranks: (0..NORMAL as u8)
                .filter(|&r| main & (1 << r) == 0)
                .collect(),
            faults: [u16::MAX; MAX_WILDCARDS + 1],
            least: [0; NORMAL + 1],
            most: [0; NORMAL + 1],
            rules: *rules,
        };
        if usize::from(free) > MAX_WILDCARDS {
            return None;
        }
        let outside = NORMAL_MASK & !main;
        // The counts as one integer, and one more of every kicker rank as another: adding them
        // adds a wildcard to every kicker rank at once (counts never carry past a byte).
        let mut counts = [0u8; 16];
        counts[..Rank::COUNT].copy_from_slice(&fitted.0);
        let mut counts = u128::from_le_bytes(counts);
        let step = (0..NORMAL)
            .filter(|&r| outside & (1 << r) != 0)
            .fold(0u128, |step, r| step | 1 << (8 * r));
        for k in 0..=usize::from(free) {
            let bytes = counts.to_le_bytes();
            let mut at_k = RankCounts::EMPTY;
            at_k.0.copy_from_slice(&bytes[..Rank::COUNT]);
            slots.faults[k] = slots.faults_of(&at_k);
            if k == 0 && slots.faults[0] & !outside != 0 {
                return None;
            }
            counts += step;
        }
        for (i, &r) in slots.ranks.iter().enumerate().rev() {
            let mut fits = (0..=free).filter(|&k| slots.faults[k as usize] & (1 << r) == 0);
            let least = fits.next()?;
            let most = fits.next_back().unwrap_or(least);
            slots.least[i] = slots.least[i + 1] + least;
            slots.most[i] = slots.most[i + 1] + most;
        }
        (slots.least[0]..=slots.most[0])
            .contains(&free)
            .then_some(slots)
    }

    /// The ranks of `counts` that break a kicker rule of the kind, or hold more than the deck
    /// when the rules say so.
    fn faults_of(&self, counts: &RankCounts) -> u16 {
        let masks = CountMasks::of(&counts.0);
        let kickers = if self.kind.kicker_unit() == 1 {
            masks.single_kicker_faults(self.main, &self.rules)
        } else {
            masks.pair_kicker_faults(self.main, &self.rules)
        };
        let deck = if self.rules.wildcards_within_deck {
            masks.over_deck(self.rules.game)
        } else {
            0
        };
        kickers | deck
    }

    /// Whether `fitted` is a valid reading with this main part, checked on the whole counts at
    /// once as the classifier does: debug builds check every placement with it, which tests
    /// that the rank-by-rank walk (each rank's faults on their own) agrees.
    fn accepts(&self, fitted: &RankCounts) -> bool {
        self.faults_of(fitted) == 0
    }
}

/// The kinds other than single, pair, trio, bomb and rocket that a play of `total` cards can be
/// under `rules`, in [`ComboKind`] order, each with its chain length (1 for kinds that are not
/// chains): the card count fixes it.
fn other_kinds(total: usize, rules: &Rules) -> ArrayVec<(ComboKind, usize), 9> {
    let min_airplane = rules.min_airplane_length.max(2) as usize;
    // A chain of `size` copies of at least `min` ranks, at most 3 to A.
    let chain = |size: usize, min: usize| {
        (total.is_multiple_of(size) && (min..=ACE + 1).contains(&(total / size)))
            .then_some(total / size)
    };
    let one = |allowed: bool, cards: usize| (allowed && total == cards).then_some(1);
    let kinds = [
        (ComboKind::TrioWithSingle, one(true, 4)),
        (ComboKind::TrioWithPair, one(rules.trio_with_pair, 5)),
        (
            ComboKind::Straight,
            chain(1, rules.min_straight_length as usize),
        ),
        (
            ComboKind::PairStraight,
            chain(2, rules.min_pair_straight_length as usize),
        ),
        (ComboKind::Airplane, chain(3, min_airplane)),
        (ComboKind::AirplaneWithSingles, chain(4, min_airplane)),
        (
            ComboKind::AirplaneWithPairs,
            chain(5, min_airplane).filter(|_| rules.trio_with_pair),
        ),
        (
            ComboKind::FourWithTwoSingles,
            one(rules.four_with_two_singles, 6),
        ),
        (
            ComboKind::FourWithTwoPairs,
            one(rules.four_with_two_pairs, 8),
        ),
    ];
    kinds
        .into_iter()
        .filter_map(|(kind, length)| Some((kind, length?)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Card;
    use crate::doudizhu::laizi::assign_wildcards;
    use crate::doudizhu::{CardList, Rules, Variant};

    fn table(wild: &[Rank]) -> Table {
        Table::STANDARD.with_wild_ranks(wild).unwrap()
    }

    fn fits(table: &Table, text: &str) -> Vec<String> {
        let texts: Vec<&str> = text.split_whitespace().collect();
        let play = CardList::parse(&texts, table.game()).unwrap();
        fit_wildcards(table, &play, None, None)
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
        let _ = Variant::ThreePlayer;
    }
}
