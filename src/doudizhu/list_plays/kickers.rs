//! The kickers of the generator's plays: every allowed choice of kicker units for a main part,
//! in listing order, found by a depth-first walk over the ranks that may give one (see the
//! parent module).

use std::ops::ControlFlow;

use super::super::classify::classify_within_deck;
use super::super::combo::{Combo, ComboKind};
use super::super::ranks::{ACE, rank_count, run_mask};
use super::{BLACK, Generator, RED, Sink, kind_code, main_lanes, run_word, unpack_counts};
use crate::cards::Rank;

/// One in every byte.
const BYTE_ONES: u128 = u128::from_le_bytes([1; 16]);

/// Kicker cards chosen so far, packed (4 bits a rank) and as byte lanes (what named plays
/// read).
#[derive(Clone, Copy)]
pub(super) struct Chosen {
    word: u64,
    lanes: u128,
}

impl Chosen {
    /// With `cards` more of `rank`; the lanes only when `lanes` (see [`Sink::LANES`]).
    #[inline(always)]
    fn add(self, rank: usize, cards: u8, lanes: bool) -> Chosen {
        Chosen {
            word: self.word + (u64::from(cards) << (4 * rank)),
            lanes: if lanes {
                self.lanes + (u128::from(cards) << (8 * rank))
            } else {
                0
            },
        }
    }
}

/// The state of one kicker search: which ranks may give how many kicker units.
pub(super) struct KickerSearch {
    /// The reading without kickers.
    head: Combo,
    /// The main cards, packed.
    main: u64,
    /// The main cards as byte lanes.
    main_lanes: u128,
    /// Most units (single cards or pairs) each rank may give.
    caps: [u8; 16],
    /// `suffix[r]`: units ranks `r..` may give together.
    suffix: [u8; 16],
    /// Ranks that may not give exactly three single kickers (next to the chain).
    no_trio: u16,
    /// Cards per unit: 1 (singles) or 2 (pairs).
    unit: u8,
}

impl<S: Sink> Generator<'_, S> {
    /// Reports the play of `s` with `kickers` (packed), unless another of its readings is the
    /// chosen one.
    #[inline(always)]
    fn emit(&mut self, s: &KickerSearch, kickers: Chosen, ambiguous: bool) -> ControlFlow<()> {
        let (head, cards) = (&s.head, s.main + kickers.word);
        if ambiguous && !self.chosen(head, cards) {
            return ControlFlow::Continue(());
        }
        self.sink.take(head, cards, s.main_lanes, kickers.lanes)
    }

    /// Whether `head` is the chosen reading of `cards` (packed): the first of its readings that
    /// qualifies. Out of line: only plays whose kickers hold three cards of a rank get here.
    #[cold]
    #[inline(never)]
    fn chosen(&self, head: &Combo, cards: u64) -> bool {
        let readings = classify_within_deck(&unpack_counts(cards), self.rules);
        let chosen = readings.iter().find(|r| self.qualifies(r));
        chosen.is_some_and(|r| r.same_main(head))
    }

    /// Every allowed choice of `count` kicker units for the main part `start..start+length`
    /// of `size` copies.
    pub(super) fn kickers(
        &mut self,
        kind: ComboKind,
        start: usize,
        length: u8,
        size: u8,
        count: u8,
    ) -> ControlFlow<()> {
        let rules = self.rules;
        let unit = kind.kicker_unit();
        let (base, base_available) = self.base_caps(unit);
        let main_mask = run_mask(start, length);
        let caps = base & !(((1u128 << (8 * u32::from(length))) - 1) << (8 * start));
        let available = base_available & !main_mask;
        if available == 0 {
            return ControlFlow::Continue(());
        }
        let head = Combo::bare(kind, Rank::ALL[start], length, size);
        let main = run_word(start, length) * u64::from(size);
        let main_lanes = if S::LANES { main_lanes(&head) } else { 0 };
        let none = Chosen { word: 0, lanes: 0 };
        if count == 1 {
            // One unit is one or two cards: the play has no other reading, and the walk's
            // bounds are not needed.
            let search = KickerSearch {
                head,
                main,
                main_lanes,
                caps: [0; 16],
                suffix: [0; 16],
                no_trio: 0,
                unit,
            };
            return self.last_kicker(&search, available, none, false);
        }
        if !S::LANES && unit == 1 && count == 2 {
            return self.two_singles(main | kind_code(kind), &caps.to_le_bytes(), available);
        }
        // Byte r of `prefix`: the units of ranks 0..=r (at most 15 * 8, no byte overflows), so
        // ranks r.. give the total less that, plus rank r's own.
        let prefix = caps.wrapping_mul(BYTE_ONES);
        let total = (prefix >> 120) as u8;
        if total < count {
            return ControlFlow::Continue(());
        }
        let suffix = u128::from(total) * BYTE_ONES - prefix + caps;
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
        let search = KickerSearch {
            head,
            main,
            main_lanes,
            caps: caps.to_le_bytes(),
            suffix: suffix.to_le_bytes(),
            no_trio,
            unit,
        };
        self.kicker_walk(&search, available, none, count, false)
    }

    /// [`Self::kicker_walk`] of two single kickers from `ranks` (at most `caps[r]` of rank `r`)
    /// for a sink of words (see [`Sink::LANES`]), `main` the main cards with the kind's code:
    /// the words in listing order (two of a rank, then that rank with each rank above it) from
    /// two loops over a local block, then taken at once, where the walk took a call and a push
    /// per rank. Two single kickers hold at most two cards of a rank: no play has another
    /// reading to check.
    fn two_singles(&mut self, main: u64, caps: &[u8; 16], ranks: u16) -> ControlFlow<()> {
        // The last unit may not complete the rocket: a single black joker is all of it.
        let no_rocket =
            !self.rules.kickers_may_include_rocket && self.rules.game.rocket_copies() == 1;
        // Fifteen ranks make at most 15 doubles and 105 pairs of ranks.
        let mut block = [0u64; 120];
        let mut len = 0;
        let mut rest = ranks;
        while rest != 0 {
            let first = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            // The kind's code is above every rank's count: adding cards leaves it.
            let one = main + (1 << (4 * first));
            if caps[first] >= 2 {
                block[len] = one + (1 << (4 * first));
                len += 1;
            }
            let mut above = rest;
            if first == BLACK && no_rocket {
                above &= !(1 << RED);
            }
            while above != 0 {
                let second = above.trailing_zeros();
                above &= above - 1;
                block[len] = one + (1 << (4 * second));
                len += 1;
            }
        }
        let words = &block[..len];
        let taken = self.sink.take_words(len as u32, |i| words[i as usize]);
        taken.unwrap_or(ControlFlow::Continue(()))
    }

    /// The kicker caps of `unit` (1 singles, 2 pairs) for every rank: see `kicker_caps`.
    fn base_caps(&mut self, unit: u8) -> (u128, u16) {
        let slot = usize::from(unit - 1);
        if let Some(caps) = self.kicker_caps[slot] {
            return caps;
        }
        let rules = self.rules;
        let mut caps = [0u8; 16];
        let mut available = 0u16;
        for (rank, (out, &have)) in caps.iter_mut().zip(&self.hand).enumerate() {
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
            *out = cap;
            available |= u16::from(cap != 0) << rank;
        }
        let caps = (u128::from_le_bytes(caps), available);
        self.kicker_caps[slot] = Some(caps);
        caps
    }

    /// Chooses the kicker units of the ranks in `ranks` (all above the ranks chosen so far,
    /// whose cards are `kickers`), `remaining` still to place, and emits each complete choice
    /// in listing order: lower ranks first, more copies of a rank first. `ambiguous`: a rank
    /// gives three or more kicker cards, so the play may have another reading.
    fn kicker_walk(
        &mut self,
        s: &KickerSearch,
        mut ranks: u16,
        kickers: Chosen,
        remaining: u8,
        ambiguous: bool,
    ) -> ControlFlow<()> {
        if remaining == 1 {
            return self.last_kicker(s, ranks, kickers, ambiguous);
        }
        while ranks != 0 {
            let rank = ranks.trailing_zeros() as usize;
            ranks &= ranks - 1;
            if s.suffix[rank] < remaining {
                break;
            }
            let mut cap = s.caps[rank].min(remaining);
            if rank == RED && !self.rules.kickers_may_include_rocket {
                let copies = self.rules.game.rocket_copies();
                if (kickers.word >> (4 * BLACK)) & 0xf >= u64::from(copies) {
                    cap = cap.min((copies - 1) / s.unit);
                }
            }
            // Take at least what the ranks above cannot supply; more copies first.
            let least = remaining.saturating_sub(s.suffix[rank + 1]).max(1);
            let mut units = cap;
            while units >= least {
                let cards = units * s.unit;
                if !(cards == 3 && s.no_trio & (1 << rank) != 0) {
                    let chosen = kickers.add(rank, cards, S::LANES);
                    let ambiguous = ambiguous || cards >= 3;
                    if units == remaining {
                        self.emit(s, chosen, ambiguous)?;
                    } else if units + 1 == remaining {
                        // The last unit here, not in a call: most kickers are one or two units.
                        self.last_kicker(s, ranks, chosen, ambiguous)?;
                    } else {
                        self.kicker_walk(s, ranks, chosen, remaining - units, ambiguous)?;
                    }
                }
                units -= 1;
            }
        }
        ControlFlow::Continue(())
    }

    /// The last kicker unit of [`Self::kicker_walk`]: one of each rank in `ranks` (three cards
    /// only from three units, and a rank left can give one), unless it would complete the
    /// rocket.
    #[inline(always)]
    fn last_kicker(
        &mut self,
        s: &KickerSearch,
        mut ranks: u16,
        kickers: Chosen,
        ambiguous: bool,
    ) -> ControlFlow<()> {
        if !self.rules.kickers_may_include_rocket {
            let copies = self.rules.game.rocket_copies();
            if (kickers.word >> (4 * BLACK)) & 0xf >= u64::from(copies)
                && (copies - 1) / s.unit == 0
            {
                ranks &= !(1 << RED);
            }
        }
        if !ambiguous {
            // No play to check: every word at once, when the sink takes words.
            let (cards, unit) = (s.main + kickers.word, u64::from(s.unit));
            let (code, mut left) = (kind_code(s.head.kind), ranks);
            let words = self.sink.take_words(rank_count(ranks), |_| {
                let rank = left.trailing_zeros();
                left &= left.wrapping_sub(1);
                (cards + (unit << (4 * rank))) | code
            });
            if let Some(flow) = words {
                return flow;
            }
        }
        while ranks != 0 {
            let rank = ranks.trailing_zeros() as usize;
            ranks &= ranks - 1;
            self.emit(s, kickers.add(rank, s.unit, S::LANES), ambiguous)?;
        }
        ControlFlow::Continue(())
    }
}
