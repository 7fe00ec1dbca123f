//! ListPlays: every distinct play a hand can make, leading or beating a previous play.
//!
//! Plays are generated straight from the hand's rank counts, kind by kind, in listing order
//! ([`Combo::list_key`]), so the output needs no sorting: main parts come from runs of bits in
//! "at least n copies" masks, kickers from a depth-first walk over the bits of the ranks that
//! may give one, trying more copies of lower ranks first (which is exactly the kickers' listing
//! order) and pruning when the ranks left cannot supply the kickers still needed. A candidate is
//! a few machine words: its cards as 4-bit rank counts in a `u64` (the packed form of
//! [`pack_play`](super::pack_play)) and as byte lanes in a `u128` (the bytes of a
//! [`RankCounts`]); nothing is allocated per candidate. One generator feeds both outputs:
//! [`for_each_play`] and [`list_plays`] build a [`Play`] per play, [`list_plays_packed`] pushes
//! the packed words (a run of them at once where no play needs a check) and never builds a
//! `Play`. The kicker search is in `kickers.rs`.
//!
//! A play (a multiset of cards) with several readings is generated once per reading; only the
//! one whose reading is the play's *chosen* reading is kept (the first reading in reading order
//! that qualifies: matches the kind filter and beats the previous play). Only plays whose
//! kickers hold three or more cards of a rank can have several readings (proof sketch: another
//! reading needs another run of exactly-three ranks or a second four), so only those are
//! re-classified to check.

use std::ops::ControlFlow;

use super::combo::{Combo, ComboKind, Play};
use super::compare::beats;
use super::hand::CardList;
use super::packed::pack_listed;
use super::ranks::{
    BLACK, CHAIN_MASK, NORMAL_MASK, RANKS, RED, at_least_masks, rank_count, run_starts,
};
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
    f: F,
) -> ControlFlow<()>
where
    F: FnMut(&Play) -> ControlFlow<()>,
{
    hand.assert_within(table.game());
    if holds_wildcards(table, hand) {
        return super::laizi::for_each_wild_play(table, hand.counts(), previous, kind, f);
    }
    let sink = Named {
        f,
        laizi: !table.wild().is_empty(),
    };
    Generator::new(table, hand.counts(), previous, kind, sink).run()
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
    if holds_wildcards(table, hand) {
        return collect(table, hand, previous, kind, limit, pack_listed);
    }
    hand.assert_within(table.game());
    packed_naturals(table, hand, previous, kind, limit.unwrap_or(usize::MAX))
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
    let wild = holds_wildcards(table, hand);
    let mut plays = Vec::with_capacity(limit.min(capacity(wild, previous, size_of::<T>())));
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

/// True when `hand` holds wildcards of `table`: its plays come from the laizi lister.
fn holds_wildcards(table: &Table, hand: &CardList) -> bool {
    !table.wild().is_empty() && !table.wild().split(hand.counts()).1.is_empty()
}

/// The first capacity of a listing of items of `item` bytes.
///
/// A 20-card hand leads about 80 to 150 plays (STRICT to STANDARD), some hands 200 and more,
/// and answers a previous play with a handful (a dozen singles and bombs at most, in most
/// hands); leading, a 17-card hand with four wildcards lists 600 to 1,800 (half of them over
/// 1,024: growing the list copied it). Answers start within a kilobyte, which the allocator
/// serves from its per-thread cache (a larger block cost about 450 instructions of a
/// 950-instruction answer to a single, callgrind); a lead's packed words start at 256 (2 KB,
/// one allocation where growing past 128 took three and a copy).
fn capacity(wild: bool, previous: Option<&Combo>, item: usize) -> usize {
    match (wild, previous) {
        (false, None) => 128.max(2048 / item.max(1)),
        (false, Some(_)) => (1024 / item.max(1)).clamp(8, 128),
        (true, None) => 2048,
        (true, Some(_)) => 1024,
    }
}

/// Where the generator's plays go.
trait Sink {
    /// Whether [`Sink::take`] reads the byte lanes (`main`, `kickers`): a sink that does not
    /// gets zeros, and the kicker search does not track them. A sink without lanes takes
    /// packed words ([`Sink::take_words`]).
    const LANES: bool;

    /// Takes one play: `head` is its reading without kickers, `cards` its cards packed as in
    /// [`pack_play`](super::pack_play) (4 bits a rank), `main` and `kickers` its main and
    /// kicker cards as byte lanes (see [`main_lanes`]).
    fn take(&mut self, head: &Combo, cards: u64, main: u128, kickers: u128) -> ControlFlow<()>;

    /// Takes `count` plays at once as packed words with their kind's code (as
    /// [`list_plays_packed`] answers them), `word(i)` the `i`th, called in order; `None` when
    /// the sink takes plays one by one only (then nothing was taken).
    #[inline(always)]
    fn take_words(&mut self, count: u32, word: impl FnMut(u32) -> u64) -> Option<ControlFlow<()>> {
        let _ = (count, word);
        None
    }
}

/// The named plays of [`for_each_play`], passed to its callback.
struct Named<F> {
    f: F,
    /// Laizi rules: a natural bomb is a hard one, as ValidatePlay reports it.
    laizi: bool,
}

impl<F> Sink for Named<F>
where
    F: FnMut(&Play) -> ControlFlow<()>,
{
    const LANES: bool = true;

    #[inline(always)]
    fn take(&mut self, head: &Combo, _cards: u64, main: u128, kickers: u128) -> ControlFlow<()> {
        let mut combo = *head;
        combo.kickers = lanes_counts(kickers);
        // No lane carries: a count is at most 8.
        let cards = main + kickers;
        if self.laizi && combo.kind == ComboKind::Bomb {
            combo.bomb_kind = Some(super::bombs::BombKind::Hard);
        }
        (self.f)(&Play {
            cards: lanes_counts(cards),
            combo,
        })
    }
}

/// The packed plays of [`list_plays_packed`], at most `limit` of them.
struct Packed<'a> {
    out: &'a mut Vec<u64>,
    limit: usize,
}

impl Packed<'_> {
    /// Breaks once the list holds `limit` words, cutting what a run pushed past it.
    #[inline(always)]
    fn check_limit(&mut self) -> ControlFlow<()> {
        if self.out.len() >= self.limit {
            self.out.truncate(self.limit);
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }
}

impl Sink for Packed<'_> {
    const LANES: bool = false;

    #[inline(always)]
    fn take(&mut self, head: &Combo, cards: u64, _main: u128, _kickers: u128) -> ControlFlow<()> {
        self.out.push(cards | kind_code(head.kind));
        self.check_limit()
    }

    #[inline(always)]
    fn take_words(&mut self, count: u32, word: impl FnMut(u32) -> u64) -> Option<ControlFlow<()>> {
        // A mapped range has a known length: the list grows once and its length stays in a
        // register, where a push a word reloads the list's fields after every store.
        self.out.extend((0..count).map(word));
        Some(self.check_limit())
    }
}

/// [`list_plays_packed`] of a hand without wildcards: the generator's words, never a [`Play`].
fn packed_naturals(
    table: &Table,
    hand: &CardList,
    previous: Option<&Combo>,
    kind: Option<ComboKind>,
    limit: usize,
) -> Vec<u64> {
    let mut out = Vec::with_capacity(limit.min(capacity(false, previous, size_of::<u64>())));
    if limit == 0 {
        return out;
    }
    let sink = Packed {
        out: &mut out,
        limit,
    };
    let _ = Generator::new(table, hand.counts(), previous, kind, sink).run();
    out
}

/// Ones in the low bit of every rank's 4 bits.
const NIBBLE_ONES: u64 = 0x1111_1111_1111_1111;

/// The packed cards of `length` consecutive ranks from `start`, one copy each.
#[inline]
fn run_word(start: usize, length: u8) -> u64 {
    (((1u64 << (4 * u32::from(length))) - 1) & NIBBLE_ONES) << (4 * start)
}

/// Packed rank counts (4 bits a rank) read back into a count per rank.
#[inline]
fn unpack_counts(word: u64) -> RankCounts {
    lanes_counts(spread(word))
}

/// Packed rank counts (4 bits a rank) spread to byte lanes: rank `r`'s count in byte `r`.
#[inline]
fn spread(word: u64) -> u128 {
    // Each half's eight 4-bit counts spread to eight bytes: halves, then quarters, then eighths.
    let half = |half: u64| {
        let t = (half | half << 16) & 0x0000_FFFF_0000_FFFF;
        let t = (t | t << 8) & 0x00FF_00FF_00FF_00FF;
        (t | t << 4) & 0x0F0F_0F0F_0F0F_0F0F
    };
    u128::from(half(word & 0xFFFF_FFFF)) | u128::from(half(word >> 32 & 0x0FFF_FFFF)) << 64
}

/// Byte lanes back to rank counts.
#[inline]
fn lanes_counts(lanes: u128) -> RankCounts {
    let bytes = lanes.to_le_bytes();
    let mut counts = [0u8; RANKS];
    counts.copy_from_slice(&bytes[..RANKS]);
    RankCounts(counts)
}

/// The main cards of a reading as byte lanes (as [`Combo::main_cards`]).
#[inline]
fn main_lanes(head: &Combo) -> u128 {
    const BYTE_ONES: u128 = u128::from_le_bytes([1; 16]);
    if head.kind == ComboKind::Rocket {
        return u128::from(head.size) * (1 << (8 * BLACK) | 1 << (8 * RED));
    }
    let run = ((1u128 << (8 * u32::from(head.length))) - 1) & BYTE_ONES;
    (run << (8 * head.rank.index())) * u128::from(head.size)
}

/// The kind's code in a packed play's top 4 bits (see [`pack_play`](super::pack_play)).
#[inline]
fn kind_code(kind: ComboKind) -> u64 {
    (kind as u64 + 1) << 60
}

struct Generator<'a, S> {
    hand: [u8; RANKS],
    /// `at_least[n]`: the ranks the hand holds `n` or more cards of (`n` up to 8, two decks).
    at_least: [u16; 9],
    table: &'a Table,
    rules: &'a Rules,
    previous: Option<&'a Combo>,
    filter: Option<ComboKind>,
    sink: S,
    /// For single (index 0) and pair (index 1) kickers: the units each rank may give (a byte
    /// a rank) and the ranks that may give one, before the main part is taken out. Computed on
    /// first use: answers to most plays take no kickers.
    kicker_caps: [Option<(u128, u16)>; 2],
}

impl<'a, S: Sink> Generator<'a, S> {
    fn new(
        table: &'a Table,
        hand: &RankCounts,
        previous: Option<&'a Combo>,
        filter: Option<ComboKind>,
        sink: S,
    ) -> Self {
        Generator {
            hand: hand.0,
            at_least: at_least_masks(&hand.0),
            table,
            rules: table.rules(),
            previous,
            filter,
            sink,
            kicker_caps: [None; 2],
        }
    }

    fn allowed(&self, kind: ComboKind) -> bool {
        self.filter.is_none_or(|k| k == kind)
    }

    fn qualifies(&self, combo: &Combo) -> bool {
        self.allowed(combo.kind) && self.previous.is_none_or(|p| beats(self.table, combo, p))
    }

    /// Ranks holding `size` or more cards, from rank `first` on.
    #[inline]
    fn holding(&self, size: u8, first: usize) -> u16 {
        self.at_least[usize::from(size).min(8)] & !((1u16 << first) - 1)
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

    /// Reports a play without kickers: a bare reading is always its play's first reading, so it
    /// needs no check.
    #[inline]
    fn emit_bare(
        &mut self,
        kind: ComboKind,
        start: usize,
        length: u8,
        size: u8,
    ) -> ControlFlow<()> {
        let head = Combo::bare(kind, Rank::ALL[start], length, size);
        let cards = run_word(start, length) * u64::from(size);
        self.sink.take(&head, cards, main_lanes(&head), 0)
    }

    /// Reports the plays without kickers of `kind` of `length` ranks of `size` copies starting
    /// at each rank of `starts`, lowest first. In line in its callers: a named play's lanes
    /// fold the callers' constant length (out of line, a single answered with the named
    /// sink cost a sixth more instructions).
    #[inline(always)]
    fn emit_bares(
        &mut self,
        kind: ComboKind,
        starts: u16,
        length: u8,
        size: u8,
    ) -> ControlFlow<()> {
        let (code, run) = (kind_code(kind), run_word(0, length) * u64::from(size));
        let mut left = starts;
        let words = self.sink.take_words(rank_count(starts), |_| {
            let start = left.trailing_zeros();
            left &= left.wrapping_sub(1);
            run << (4 * start) | code
        });
        if let Some(flow) = words {
            return flow;
        }
        let mut starts = starts;
        while starts != 0 {
            let start = starts.trailing_zeros() as usize;
            starts &= starts - 1;
            self.emit_bare(kind, start, length, size)?;
        }
        ControlFlow::Continue(())
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
                self.emit_bares(kind, self.holding(size, first), 1, size)?;
            }
            Straight | PairStraight | Airplane => {
                let size = kind.main_copies().unwrap_or(1);
                let min = match kind {
                    Straight => self.rules.min_straight_length,
                    PairStraight => self.rules.min_pair_straight_length,
                    _ => min_airplane,
                };
                self.chains(size, min, size as usize, length, first, |g, starts, len| {
                    g.emit_bares(kind, starts, len, size)
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
                let mut ranks = self.holding(size, first) & NORMAL_MASK;
                while ranks != 0 {
                    let rank = ranks.trailing_zeros() as usize;
                    ranks &= ranks - 1;
                    self.kickers(kind, rank, 1, size, count)?;
                }
            }
            AirplaneWithSingles | AirplaneWithPairs => {
                if kind == AirplaneWithPairs && !self.rules.trio_with_pair {
                    return ControlFlow::Continue(());
                }
                let per_trio = 3 + kind.kicker_unit() as usize;
                self.chains(
                    3,
                    min_airplane,
                    per_trio,
                    length,
                    first,
                    |g, mut starts, len| {
                        while starts != 0 {
                            let start = starts.trailing_zeros() as usize;
                            starts &= starts - 1;
                            g.kickers(kind, start, len, 3, len)?;
                        }
                        ControlFlow::Continue(())
                    },
                )?;
            }
            Bomb => self.bombs(None)?,
            Rocket => {
                let copies = self.rules.game.rocket_copies();
                if self.hand[BLACK] >= copies && self.hand[RED] >= copies {
                    let head = Combo::bare(Rocket, Rank::BlackJoker, 1, copies);
                    let cards = u64::from(copies) * (1 << (4 * BLACK) | 1 << (4 * RED));
                    self.sink.take(&head, cards, main_lanes(&head), 0)?;
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// Calls `each(starts, length)` for the chains of `size` copies the hand holds, by length,
    /// with the mask of their starts (never empty). `per_rank` is the cards each chain rank
    /// brings, kickers included, which bounds the length by the largest play.
    fn chains(
        &mut self,
        size: u8,
        min_length: u8,
        per_rank: usize,
        only_length: Option<u8>,
        first: usize,
        mut each: impl FnMut(&mut Self, u16, u8) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let max_length = (self.rules.game.max_play_cards() / per_rank).min(12) as u8;
        let available = self.holding(size, 0) & CHAIN_MASK;
        let (low, high) = only_length.map_or((min_length, max_length), |l| (l, l));
        if available.count_ones() < u32::from(low) {
            return ControlFlow::Continue(());
        }
        // Starts of runs of `length`, grown a rank at a time from the shortest.
        let mut runs = run_starts(available, low);
        for length in low..=high {
            if length > low {
                runs &= available >> (length - 1);
            }
            let starts = runs & !((1u16 << first) - 1);
            if starts == 0 {
                // A run of `length` contains one of every shorter length: none are longer.
                break;
            }
            each(self, starts, length)?;
        }
        ControlFlow::Continue(())
    }

    /// Bombs in listing order (size, then rank); above `floor` only, if given.
    fn bombs(&mut self, floor: Option<Combo>) -> ControlFlow<()> {
        for size in 4..=self.rules.game.max_bomb_size() {
            let mut ranks = self.holding(size, 0) & NORMAL_MASK;
            while ranks != 0 {
                let rank = ranks.trailing_zeros() as usize;
                ranks &= ranks - 1;
                // The table's bomb order: a soft or pure previous bomb (laizi) need not rank by
                // size and rank alone.
                if let Some(floor) = &floor {
                    let bomb = Combo::bare(ComboKind::Bomb, Rank::ALL[rank], 1, size);
                    if !beats(self.table, &bomb, floor) {
                        continue;
                    }
                }
                self.emit_bare(ComboKind::Bomb, rank, 1, size)?;
            }
        }
        ControlFlow::Continue(())
    }
}

mod kickers;
#[cfg(test)]
mod tests;
