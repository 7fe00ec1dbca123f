//! ListPlays: every distinct play a hand can make, leading or beating a previous play.
//!
//! Plays are generated straight from the hand's rank counts, kind by kind, in listing order
//! ([`Combo::list_key`]), so the output needs no sorting: main parts come from runs of bits in
//! "at least n copies" masks, kickers from a depth-first walk over ranks that tries more copies
//! of lower ranks first (which is exactly the kickers' listing order) and prunes when the ranks
//! left cannot supply the kickers still needed. Candidates live in fixed arrays on the stack:
//! nothing is allocated per candidate.
//!
//! A play (a multiset of cards) with several readings is generated once per reading; only the
//! one whose reading is the play's *chosen* reading is kept (the first reading in reading order
//! that qualifies: matches the kind filter and beats the previous play). Only plays whose
//! kickers hold three or more cards of a rank can have several readings (proof sketch: another
//! reading needs another run of exactly-three ranks or a second four), so only those are
//! re-classified to check.

use std::ops::ControlFlow;

use super::classify::classify_within_deck;
use super::combo::{Combo, ComboKind, Play};
use super::compare::beats;
use super::hand::CardList;
use super::packed::pack_listed;
use super::ranks::{ACE, BLACK, CHAIN_MASK, RANKS, RED, run_mask, run_starts};
use super::rules::Rules;
use super::table::Table;
use super::variant::Variant;
use crate::cards::{Rank, RankCounts};

/// Calls `f` with every distinct play `hand` can make, in listing order, until `f` breaks.
///
/// Under laizi rules a hand holding wildcards lists every distinct set of its cards (by rank,
/// wildcards by their own rank) that has a qualifying fit, with its first qualifying fit in
/// reading order (as ValidatePlay chooses), in listing order, then fewer wildcards standing in
/// first, then the ranks they stand for and the cards (as ascending rank lists).
///
/// - `previous`: the reading to beat; `None` when leading (every combo qualifies).
/// - `kind`: only readings of this kind qualify.
///
/// Each play is reported once, with its chosen reading: the first of its readings (in reading
/// order) that qualifies. Plays never exceed the game's largest play.
///
/// # Panics
///
/// When `hand` was checked against two decks and holds more than the table's one deck.
pub fn for_each_play<F>(
    table: &Table,
    hand: &CardList,
    previous: Option<&Combo>,
    kind: Option<ComboKind>,
    mut f: F,
) -> ControlFlow<()>
where
    F: FnMut(&Play) -> ControlFlow<()>,
{
    hand.assert_within(table.game());
    let (_, wildcards) = table.wild().split(hand.counts());
    if !wildcards.is_empty() {
        return super::laizi::for_each_wild_play(table, hand.counts(), previous, kind, f);
    }
    let laizi = !table.wild().is_empty();
    let f = move |play: &Play| {
        // Under laizi rules a natural bomb is a hard one, as ValidatePlay reports it.
        if laizi && play.combo.kind == ComboKind::Bomb {
            let mut play = *play;
            play.combo.bomb_kind = Some(super::bombs::BombKind::Hard);
            return f(&play);
        }
        f(play)
    };
    let mut generator = Generator {
        hand: hand.counts().0,
        table,
        rules: table.rules(),
        previous,
        filter: kind,
        f,
    };
    generator.run()
}

/// A hand ListPlays does not list: a two-deck hand holding wildcards larger than the largest
/// hand, which can make millions of plays with one main part.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "a two-deck hand holding wildcards lists at most {max} cards (the largest hand), this one \
     has {cards}: larger ones can make millions of plays with one main part"
)]
pub struct HandTooLarge {
    /// Cards in the hand.
    pub cards: usize,
    /// The largest hand of the game.
    pub max: usize,
}

/// Checks that ListPlays lists `hand` under `table`: a two-deck hand that holds wildcards holds
/// at most the largest hand's cards. Other hands are listed whatever their size.
pub fn check_listable(table: &Table, hand: &CardList) -> Result<(), HandTooLarge> {
    let game = table.rules().game;
    let holds_wildcards = !table.wild().split(hand.counts()).1.is_empty();
    let cards = hand.counts().len();
    if holds_wildcards && game == Variant::FourPlayer && cards > game.max_play_cards() {
        return Err(HandTooLarge {
            cards,
            max: game.max_play_cards(),
        });
    }
    Ok(())
}

/// The plays of [`for_each_play`], at most `limit` of them.
///
/// # Examples
///
/// ```
/// use cardrules::doudizhu::{CardList, Variant, Table, classify, list_plays};
///
/// let hand = CardList::parse(&["5S", "5H", "9D", "9C", "9S", "9H"], Variant::ThreePlayer).unwrap();
/// // Everything the hand can lead, in listing order (kind first, weakest first).
/// let leads = list_plays(&Table::STANDARD, &hand, None, None, None);
/// let shown: Vec<String> = leads.iter().map(|p| p.combo.to_string()).collect();
/// assert_eq!(shown, [
///     "single 5", "single 9", "pair 5", "pair 9", "trio 9", "trio with a single 9 + 5",
///     "trio with a pair 9 + 5 5", "four with two singles 9 + 5 5", "bomb 9",
/// ]);
/// // What beats a pair of 7s: the pair of 9s, then the bomb.
/// let sevens = CardList::parse(&["7", "7"], Variant::ThreePlayer).unwrap();
/// let previous = classify(&Table::STANDARD, sevens.counts())[0];
/// let answers = list_plays(&Table::STANDARD, &hand, Some(&previous), None, None);
/// let shown: Vec<String> = answers.iter().map(|p| p.combo.to_string()).collect();
/// assert_eq!(shown, ["pair 9", "bomb 9"]);
/// ```
pub fn list_plays(
    table: &Table,
    hand: &CardList,
    previous: Option<&Combo>,
    kind: Option<ComboKind>,
    limit: Option<usize>,
) -> Vec<Play> {
    collect(table, hand, previous, kind, limit, |play| *play)
}

/// The plays of [`list_plays`], in the same order and cut at the same `limit`, each packed into
/// one word by [`pack_listed`]: what callers that search or train read instead of card names.
///
/// # Examples
///
/// ```
/// use cardrules::doudizhu::{CardList, Variant, Table, list_plays, list_plays_packed, unpack_play};
///
/// let hand = CardList::parse(&["5S", "5H", "9D", "9C", "9S", "9H"], Variant::ThreePlayer).unwrap();
/// let packed = list_plays_packed(&Table::STANDARD, &hand, None, None, Some(4));
/// let plays = list_plays(&Table::STANDARD, &hand, None, None, Some(4));
/// for (word, play) in packed.iter().zip(&plays) {
///     assert_eq!(unpack_play(*word), (play.cards, Some(play.combo.kind)));
/// }
/// assert_eq!(packed.len(), 4);
/// ```
pub fn list_plays_packed(
    table: &Table,
    hand: &CardList,
    previous: Option<&Combo>,
    kind: Option<ComboKind>,
    limit: Option<usize>,
) -> Vec<u64> {
    collect(table, hand, previous, kind, limit, pack_listed)
}

/// The plays of [`for_each_play`], at most `limit`, each as `each` makes it.
fn collect<T>(
    table: &Table,
    hand: &CardList,
    previous: Option<&Combo>,
    kind: Option<ComboKind>,
    limit: Option<usize>,
    each: impl Fn(&Play) -> T,
) -> Vec<T> {
    let limit = limit.unwrap_or(usize::MAX);
    // A hand of a deal lists about a hundred plays; leading, a 17-card hand with four
    // wildcards lists 600 to 1,800 (half of them over 1,024: growing the list copied it).
    let wild = !table.wild().is_empty() && !table.wild().split(hand.counts()).1.is_empty();
    let capacity = match (wild, previous) {
        (false, _) => 64,
        (true, None) => 2048,
        (true, Some(_)) => 1024,
    };
    let mut plays = Vec::with_capacity(limit.min(capacity));
    if limit == 0 {
        return plays;
    }
    let _ = for_each_play(table, hand, previous, kind, |play| {
        plays.push(each(play));
        if plays.len() >= limit {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    plays
}

struct Generator<'a, F> {
    hand: [u8; RANKS],
    table: &'a Table,
    rules: &'a Rules,
    previous: Option<&'a Combo>,
    filter: Option<ComboKind>,
    f: F,
}

/// The state of one kicker search: which ranks may give how many kicker units.
struct KickerSearch {
    combo: Combo,
    main: [u8; RANKS],
    /// Kicker cards per rank chosen so far.
    chosen: [u8; RANKS],
    /// Most units (single cards or pairs) each rank may give.
    caps: [u8; RANKS],
    /// `suffix[r]`: units ranks `r..` may give together.
    suffix: [u8; RANKS + 1],
    /// Ranks that may not give exactly three single kickers (next to the chain).
    no_trio: u16,
    /// Cards per unit: 1 (singles) or 2 (pairs).
    unit: u8,
}

impl<F> Generator<'_, F>
where
    F: FnMut(&Play) -> ControlFlow<()>,
{
    fn allowed(&self, kind: ComboKind) -> bool {
        self.filter.is_none_or(|k| k == kind)
    }

    fn qualifies(&self, combo: &Combo) -> bool {
        self.allowed(combo.kind) && self.previous.is_none_or(|p| beats(self.table, combo, p))
    }

    fn run(&mut self) -> ControlFlow<()> {
        match self.previous.copied() {
            None => {
                for kind in ComboKind::ALL {
                    if self.allowed(kind) {
                        self.kind(kind, None, None)?;
                    }
                }
                ControlFlow::Continue(())
            }
            Some(previous) => {
                if previous.kind == ComboKind::Rocket {
                    return ControlFlow::Continue(());
                }
                if previous.kind != ComboKind::Bomb && self.allowed(previous.kind) {
                    self.kind(previous.kind, Some(previous.length), Some(previous.rank))?;
                }
                if self.allowed(ComboKind::Bomb) {
                    let floor = (previous.kind == ComboKind::Bomb).then_some(previous);
                    self.bombs(floor)?;
                }
                if self.allowed(ComboKind::Rocket) {
                    self.kind(ComboKind::Rocket, None, None)?;
                }
                ControlFlow::Continue(())
            }
        }
    }

    /// Reports a candidate, unless another of its readings is the chosen one.
    fn emit(&mut self, combo: Combo, cards: RankCounts, ambiguous: bool) -> ControlFlow<()> {
        if ambiguous {
            let readings = classify_within_deck(&cards, self.rules);
            let chosen = readings.iter().find(|r| self.qualifies(r));
            if !chosen.is_some_and(|r| r.same_main(&combo)) {
                return ControlFlow::Continue(());
            }
        }
        (self.f)(&Play { cards, combo })
    }

    fn emit_bare(
        &mut self,
        kind: ComboKind,
        start: usize,
        length: u8,
        size: u8,
    ) -> ControlFlow<()> {
        let combo = Combo::bare(kind, Rank::ALL[start], length, size);
        let cards = combo.main_cards();
        // A bare reading is always its play's first reading: no check needed.
        self.emit(combo, cards, false)
    }

    /// Generates plays of `kind`: of chain length `length` only, if given; with a main rank
    /// above `above` only, if given.
    fn kind(
        &mut self,
        kind: ComboKind,
        length: Option<u8>,
        above: Option<Rank>,
    ) -> ControlFlow<()> {
        use ComboKind::*;
        let first = above.map_or(0, |r| r.index() + 1);
        let min_airplane = self.rules.min_airplane_length.max(2);
        match kind {
            Single | Pair | Trio => {
                let size = kind.main_copies().unwrap_or(1);
                for rank in first..RANKS {
                    if self.hand[rank] >= size {
                        self.emit_bare(kind, rank, 1, size)?;
                    }
                }
            }
            Straight | PairStraight | Airplane => {
                let size = kind.main_copies().unwrap_or(1);
                let min = match kind {
                    Straight => self.rules.min_straight_length,
                    PairStraight => self.rules.min_pair_straight_length,
                    _ => min_airplane,
                };
                self.chains(size, min, size as usize, length, first, |g, start, len| {
                    g.emit_bare(kind, start, len, size)
                })?;
            }
            TrioWithSingle | TrioWithPair | FourWithTwoSingles | FourWithTwoPairs => {
                if (kind == TrioWithPair && !self.rules.trio_with_pair)
                    || (kind == FourWithTwoSingles && !self.rules.four_with_two_singles)
                    || (kind == FourWithTwoPairs && !self.rules.four_with_two_pairs)
                {
                    return ControlFlow::Continue(());
                }
                let size = kind.main_copies().unwrap_or(3);
                let count = if size == 4 { 2 } else { 1 };
                for rank in first..Rank::Two.index() + 1 {
                    if self.hand[rank] >= size {
                        self.kickers(kind, rank, 1, size, count)?;
                    }
                }
            }
            AirplaneWithSingles | AirplaneWithPairs => {
                if kind == AirplaneWithPairs && !self.rules.trio_with_pair {
                    return ControlFlow::Continue(());
                }
                let per_trio = 3 + kind.kicker_unit() as usize;
                self.chains(3, min_airplane, per_trio, length, first, |g, start, len| {
                    g.kickers(kind, start, len, 3, len)
                })?;
            }
            Bomb => self.bombs(None)?,
            Rocket => {
                let copies = self.rules.game.rocket_copies();
                if self.hand[BLACK] >= copies && self.hand[RED] >= copies {
                    self.emit_bare(Rocket, BLACK, 1, copies)?;
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// Calls `each(start, length)` for every chain of `size` copies the hand holds, by length
    /// then start. `per_rank` is the cards each chain rank brings, kickers included, which bounds
    /// the length by the largest play.
    fn chains(
        &mut self,
        size: u8,
        min_length: u8,
        per_rank: usize,
        only_length: Option<u8>,
        first: usize,
        mut each: impl FnMut(&mut Self, usize, u8) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let max_length = (self.rules.game.max_play_cards() / per_rank).min(12) as u8;
        let mut available = 0u16;
        for rank in 0..=ACE {
            available |= ((self.hand[rank] >= size) as u16) << rank;
        }
        available &= CHAIN_MASK;
        let (low, high) = only_length.map_or((min_length, max_length), |l| (l, l));
        for length in low..=high {
            let mut starts = run_starts(available, length) & !((1u16 << first) - 1);
            while starts != 0 {
                let start = starts.trailing_zeros() as usize;
                starts &= starts - 1;
                each(self, start, length)?;
            }
        }
        ControlFlow::Continue(())
    }

    /// Bombs in listing order (size, then rank); above `floor` only, if given.
    fn bombs(&mut self, floor: Option<Combo>) -> ControlFlow<()> {
        for size in 4..=self.rules.game.max_bomb_size() {
            for rank in 0..=Rank::Two.index() {
                if self.hand[rank] < size {
                    continue;
                }
                // The table's bomb order: a soft or pure previous bomb (laizi) need not rank by
                // size and rank alone.
                let bomb = Combo::bare(ComboKind::Bomb, Rank::ALL[rank], 1, size);
                if floor.is_some_and(|f| !beats(self.table, &bomb, &f)) {
                    continue;
                }
                self.emit_bare(ComboKind::Bomb, rank, 1, size)?;
            }
        }
        ControlFlow::Continue(())
    }

    /// Every allowed choice of `count` kicker units for the main part `start..start+length`
    /// of `size` copies.
    fn kickers(
        &mut self,
        kind: ComboKind,
        start: usize,
        length: u8,
        size: u8,
        count: u8,
    ) -> ControlFlow<()> {
        let rules = self.rules;
        let unit = kind.kicker_unit();
        let main_mask = run_mask(start, length);
        let mut main = [0u8; RANKS];
        let mut caps = [0u8; RANKS];
        for rank in 0..RANKS {
            if main_mask & (1 << rank) != 0 {
                main[rank] = size;
                continue;
            }
            let have = self.hand[rank];
            let mut cap = if unit == 1 {
                let mut cap = have;
                if !rules.kickers_may_repeat {
                    cap = cap.min(1);
                }
                if !rules.kickers_may_include_bomb {
                    cap = cap.min(3);
                }
                cap
            } else {
                let mut cap = have / 2;
                if !rules.bomb_as_two_pairs {
                    cap = cap.min(1);
                }
                cap
            };
            if rank >= BLACK && !rules.kickers_may_include_joker {
                cap = 0;
            }
            caps[rank] = cap;
        }
        let mut suffix = [0u8; RANKS + 1];
        for rank in (0..RANKS).rev() {
            suffix[rank] = suffix[rank + 1].saturating_add(caps[rank]);
        }
        if suffix[0] < count {
            return ControlFlow::Continue(());
        }
        let mut no_trio = 0u16;
        if unit == 1 && !rules.kickers_may_include_adjacent_trio {
            if start > 0 {
                no_trio |= 1 << (start - 1);
            }
            let after = start + length as usize;
            if after <= ACE {
                no_trio |= 1 << after;
            }
        }
        let mut search = KickerSearch {
            combo: Combo {
                kind,
                rank: Rank::ALL[start],
                length,
                size,
                kickers: RankCounts::EMPTY,
                wild_as: RankCounts::EMPTY,
                bomb_kind: None,
            },
            main,
            chosen: [0; RANKS],
            caps,
            suffix,
            no_trio,
            unit,
        };
        self.kicker_walk(&mut search, 0, count)
    }

    /// Chooses the kicker units of ranks `rank..`, `remaining` still to place, and emits each
    /// complete choice.
    fn kicker_walk(&mut self, s: &mut KickerSearch, rank: usize, remaining: u8) -> ControlFlow<()> {
        if remaining == 0 {
            let mut cards = s.main;
            let mut most = 0;
            for (card, &kicker) in cards.iter_mut().zip(&s.chosen) {
                *card += kicker;
                most = most.max(kicker);
            }
            let mut combo = s.combo;
            combo.kickers = RankCounts(s.chosen);
            return self.emit(combo, RankCounts(cards), most >= 3);
        }
        if rank == RANKS || s.suffix[rank] < remaining {
            return ControlFlow::Continue(());
        }
        let mut cap = s.caps[rank].min(remaining);
        if rank == RED && !self.rules.kickers_may_include_rocket {
            let copies = self.rules.game.rocket_copies();
            if s.chosen[BLACK] >= copies {
                cap = cap.min((copies - 1) / s.unit);
            }
        }
        // Take at least what the ranks above cannot supply; more copies first (listing order).
        let least = remaining.saturating_sub(s.suffix[rank + 1]);
        for units in (least..=cap).rev() {
            let cards = units * s.unit;
            if cards == 3 && s.no_trio & (1 << rank) != 0 {
                continue;
            }
            s.chosen[rank] = cards;
            let flow = self.kicker_walk(s, rank + 1, remaining - units);
            s.chosen[rank] = 0;
            flow?;
        }
        ControlFlow::Continue(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn limit_stops_early() {
        let deck = CardList::full_deck(super::super::Variant::ThreePlayer);
        let plays = list_plays(&Table::STANDARD, &deck, None, None, Some(20));
        assert_eq!(plays.len(), 20);
        assert_eq!(plays[0].combo.kind, ComboKind::Single);
        assert_eq!(plays[15].combo.kind, ComboKind::Pair);
    }
}
