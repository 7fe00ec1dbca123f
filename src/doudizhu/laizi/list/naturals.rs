//! The natural cards of a main part's candidate plays: on the main ranks, then as kickers.

use std::ops::ControlFlow;

use super::{Cards, KickerSpace, Lister, Main, Order, order};
use crate::cards::{Rank, RankCounts};
use crate::doudizhu::bombs::BombKind;
use crate::doudizhu::combo::{Combo, ComboKind, Play};
use crate::doudizhu::laizi::wide::*;
use crate::doudizhu::ranks::{NORMAL, NORMAL_MASK, RANKS};

impl<F> Lister<'_, F>
where
    F: FnMut(&Play) -> ControlFlow<()>,
{
    /// Chooses the natural cards of main ranks `rank..` (the wildcards make up the rest:
    /// `forced` so far), then the kickers.
    pub(super) fn main_naturals(
        &mut self,
        main: &Main,
        rank: usize,
        forced: u8,
        cards: &mut Cards,
    ) {
        if rank == main.start + main.length {
            cards.forced = forced;
            if main.unit == 0 {
                self.candidate(main, forced, cards);
            } else {
                let unit = main.unit;
                let count = if main.kind.main_copies() == Some(4) {
                    2
                } else {
                    main.length as u8
                };
                let need = count * unit;
                let mut space = KickerSpace {
                    caps: self.natural_kicker_caps(main, unit),
                    suffix: [0; RANKS + 1],
                    claimed_above: 0,
                    claimed_count: 0,
                };
                let own = count_at(cards.natural, main.start);
                if main.length == 1 && own > 0 {
                    // A one-rank main part with `own` natural cards, and `own` natural kicker
                    // cards of a rank above it (up to the 2): swapping the two ranks' roles
                    // (the main part there, the same wildcards forced; these `own` cards and
                    // the kicker wildcards that stood for that rank now kickers here) is a fit
                    // of the same play, higher in reading order. Every kicker rule treats the
                    // ranks 3..2 alike (per-rank caps, the deck's copies, parity for pairs; a
                    // kicker wildcard that must stand for its own rank stands for neither, as
                    // both ranks hold natural cards; trios next to the main part cannot arise
                    // from one or two single kickers), so the swapped fit qualifies whenever
                    // this one does, and it was generated (or passed over as claimed) at that
                    // higher main part: the play is claimed there. More natural kicker cards
                    // there than `own` swap the same way, the spare wildcards becoming kickers
                    // here, when wildcards may be kickers; a one-rank main part's kicker cards
                    // never outnumber its copies. So those choices are not enumerated.
                    debug_assert!(need <= main.size);
                    if self.rules.wildcards_may_be_kickers {
                        for cap in &mut space.caps[main.start + 1..NORMAL] {
                            *cap = (*cap).min(own - 1);
                        }
                    } else {
                        space.claimed_above = NORMAL_MASK & !((2u16 << main.start) - 1);
                        space.claimed_count = own;
                    }
                }
                for r in (0..RANKS).rev() {
                    space.suffix[r] = space.suffix[r + 1].saturating_add(space.caps[r]);
                }
                let mut ranks = 0u16;
                for (rank, &cap) in space.caps.iter().enumerate() {
                    ranks |= u16::from(cap > 0) << rank;
                }
                self.kicker_naturals(main, forced, &space, ranks, need, 0, cards);
            }
            return;
        }
        let size = main.size;
        let have = self.natural[rank];
        if rank >= NORMAL {
            // Jokers: natural only.
            if have >= size {
                cards.natural += at(rank, size);
                cards.natural_total += size as usize;
                self.main_naturals(main, rank + 1, forced, cards);
                cards.natural -= at(rank, size);
                cards.natural_total -= size as usize;
            }
            return;
        }
        // The wildcards this rank may take, keeping enough for the ranks after it.
        let budget = self.total_wild - forced - main.fewest[rank + 1];
        let mut low = size.saturating_sub(budget);
        let high = have.min(size);
        if rank == main.start && main.unit == 0 && rank < main.top {
            // A play without kickers reads with the highest main rank it can: the lowest
            // natural rank, unless that would end the chain above the ace (or, for one rank,
            // past the 2). So a main part that starts lower starts with a natural card.
            low = low.max(1);
        }
        if rank == main.start && main.length == 1 && main.unit != 0 {
            // A one-rank main part of wildcards only at `rank`, with more ranks above it (up to
            // the 2) than kicker cards: one of those ranks holds neither natural cards nor
            // kickers, and the same play has a fit with its main part there and the same
            // kickers, higher in reading order (no kicker rule depends on where a one-rank main
            // part is: the one about trios next to a chain cannot bite one or two single
            // kickers). So the play is claimed above; generating it here would only be passed
            // over.
            let kicker_cards = main.unit * if main.size == 4 { 2 } else { 1 };
            if NORMAL - 1 - rank > kicker_cards as usize {
                low = low.max(1);
            }
        }
        for n in low..=high {
            cards.natural += at(rank, n);
            cards.natural_total += n as usize;
            self.main_naturals(main, rank + 1, forced + size - n, cards);
            cards.natural -= at(rank, n);
            cards.natural_total -= n as usize;
        }
    }

    /// Most natural cards of each rank that may be kickers of `main` (a bound for the search;
    /// the kicker rules decide).
    fn natural_kicker_caps(&self, main: &Main, unit: u8) -> [u8; RANKS] {
        let rules = self.rules;
        let mut caps = [0u8; RANKS];
        for (rank, cap) in caps.iter_mut().enumerate() {
            if main.mask & (1 << rank) != 0 {
                continue;
            }
            let have = self.natural[rank];
            *cap = if rank >= NORMAL && !rules.kickers_may_include_joker {
                0
            } else if unit == 1 {
                if !rules.kickers_may_repeat {
                    have.min(1)
                } else if !rules.kickers_may_include_bomb {
                    have.min(3)
                } else {
                    have
                }
            } else if !rules.bomb_as_two_pairs {
                have.min(2)
            } else {
                have
            };
        }
        caps
    }

    /// Chooses the natural kicker cards of the ranks in mask `ranks` (those left that can give
    /// kickers; `need` kicker cards still to find, at most `spare` of them wildcards; `odd` ranks
    /// so far hold an odd number of pair kickers, each needing a wildcard), then the candidate
    /// with the rest as wildcards.
    ///
    /// First the candidate with no more natural kickers, then, for each rank of `ranks` in
    /// turn, those whose lowest further natural kicker is of that rank: a loop over the ranks
    /// rather than a recursion that skips them one by one. The order of the candidates of one
    /// main part does not matter (they are sorted before they are reported, and each play is
    /// generated once per main part).
    #[allow(clippy::too_many_arguments)]
    fn kicker_naturals(
        &mut self,
        main: &Main,
        forced: u8,
        space: &KickerSpace,
        ranks: u16,
        need: u8,
        odd: u8,
        cards: &mut Cards,
    ) {
        let spare = self.total_wild - forced;
        if odd > need.min(spare) {
            return;
        }
        if need <= spare {
            self.candidate(main, forced + need, cards);
        }
        if need == 0 {
            return;
        }
        let pairs = main.unit == 2;
        let mut left = ranks;
        while left != 0 {
            let rank = left.trailing_zeros() as usize;
            if space.suffix[rank].saturating_add(spare) < need {
                // The ranks above give fewer still.
                return;
            }
            left &= left - 1;
            let cap = space.caps[rank].min(need);
            let claimed = if space.claimed_above & (1 << rank) != 0 {
                space.claimed_count
            } else {
                0
            };
            for n in (1..=cap).rev() {
                if n == claimed {
                    continue;
                }
                cards.natural += at(rank, n);
                cards.natural_total += n as usize;
                let odd = odd + u8::from(pairs && n % 2 == 1);
                let need = need - n;
                if need == 0 || left == 0 {
                    // No natural kicker left to choose: the checks above, inline (most calls
                    // would be leaves).
                    if odd <= need.min(spare) && need <= spare {
                        self.candidate(main, forced + need, cards);
                    }
                } else {
                    self.kicker_naturals(main, forced, space, left, need, odd, cards);
                }
                cards.natural -= at(rank, n);
                cards.natural_total -= n as usize;
            }
        }
    }

    /// Every split of the `m` wildcards of a candidate over the hand's wild ranks, each one
    /// play.
    fn candidate(&mut self, main: &Main, m: u8, cards: &mut Cards) {
        cards.m = m;
        if cards.natural_total + m as usize > self.max_play {
            return;
        }
        match *self.wild_ranks {
            [rank] => {
                cards.wild = at(rank, m);
                self.play(main, cards);
            }
            _ => {
                let (a, b) = (self.wild_ranks[0], self.wild_ranks[1]);
                for first in 0..=m.min(self.wild_counts[0]) {
                    let second = m - first;
                    if second > self.wild_counts[1] {
                        continue;
                    }
                    cards.wild = at(a, first) | at(b, second);
                    self.play(main, cards);
                }
            }
        }
    }

    /// One play with the main part `main`: its first fit of that main part, kept when it is the
    /// play's chosen reading.
    fn play(&mut self, main: &Main, cards: &Cards) {
        let natural_empty = cards.natural_total == 0;
        if natural_empty && self.rules.all_wildcard_play_natural {
            return; // a special play, read as it is
        }
        // Wildcards are never of a natural card's rank: no byte carries.
        let all = cards.natural | cards.wild;
        let key = play_key(all);
        let Err(slot) = self.claimed.find(key) else {
            return; // it has a qualifying fit earlier in reading order
        };
        let Some((kickers, wild_as)) = self.fit(main, cards) else {
            return;
        };
        // Leading, every fit of an allowed kind qualifies: the reading is only built to be
        // compared with a previous play.
        if self.previous.is_some() {
            let combo = self.combo(main, kickers, wild_as, cards, natural_empty);
            if !self.qualifies(&combo) {
                return;
            }
        }
        self.claimed.insert_at(slot, key);
        self.group.push(order(kickers, cards.m, wild_as, all));
    }

    /// The play of main part (`kind`, `start`, `length`, `size`) with place `order`.
    pub(super) fn listed(
        &self,
        kind: ComboKind,
        start: usize,
        length: u8,
        size: u8,
        order: &Order,
    ) -> Play {
        // All as integers until the play is built: a byte array stored in pieces and read back
        // at once would wait for the stores.
        let wild_as = wide_of(order.wild_as);
        let cards = wide_of(order.cards);
        let bomb_kind = (kind == ComboKind::Bomb).then(|| {
            // The wildcards by their own rank; as many as stand for ranks, so they differ only
            // when some wildcard stands for another rank.
            let own = cards & self.wild_bytes;
            if cards == own {
                BombKind::Pure
            } else if wild_as != own {
                BombKind::Soft
            } else {
                BombKind::Hard
            }
        });
        Play {
            cards: RankCounts(bytes(cards)),
            combo: Combo {
                kind,
                rank: Rank::ALL[start],
                length,
                size,
                kickers: RankCounts(bytes(wide_of(order.kickers_and_wildcards))),
                wild_as: RankCounts(bytes(wild_as)),
                bomb_kind,
            },
        }
    }

    /// The first fit of `cards` with main part `main` (the kicker wildcards on the lowest ranks
    /// the rules allow), if any, as its kickers and the ranks its wildcards stand for.
    ///
    /// Both as [`wide`] integers: byte arrays built here would be stored byte by byte (about 50
    /// instructions a fit).
    fn fit(&self, main: &Main, cards: &Cards) -> Option<(u128, u128)> {
        let rules = self.rules;
        let natural = cards.natural;
        // The wildcards on the main ranks: each one's shortfall, as one 128-bit subtraction (a
        // main rank never holds more natural cards than the main part's size, so no byte
        // borrows).
        let mut wild_as = main.shortfall - (natural & main.normal_bytes);
        let mut kickers = 0;
        if main.unit != 0 {
            let outside = natural & !main.bytes;
            kickers = self.lowest_kickers(main, outside, cards.m - cards.forced, cards.wild)?;
            // The kicker wildcards, rank by rank, as one 128-bit subtraction and addition: every
            // kicker count is at least the natural one, so no byte borrows or carries.
            wild_as = wild_as + kickers - outside;
        } else if main.kind == ComboKind::Bomb
            && rules.wildcards_within_deck
            && main.size > rules.game.max_bomb_size()
        {
            return None;
        }
        Some((kickers, wild_as))
    }

    /// The reading of the fit ([`Lister::fit`]) of `cards` with main part `main`.
    fn combo(
        &self,
        main: &Main,
        kickers: u128,
        wild_as: u128,
        cards: &Cards,
        natural_empty: bool,
    ) -> Combo {
        let (kickers, wild_as) = (bytes(kickers), bytes(wild_as));
        let bomb_kind = (main.kind == ComboKind::Bomb).then(|| {
            let own = bytes(cards.wild);
            let standing_in = wild_as.iter().zip(&own).any(|(&a, &own)| a > own);
            if natural_empty {
                BombKind::Pure
            } else if standing_in {
                BombKind::Soft
            } else {
                BombKind::Hard
            }
        });
        Combo {
            kind: main.kind,
            rank: Rank::ALL[main.start],
            length: main.length as u8,
            size: main.size,
            kickers: RankCounts(kickers),
            wild_as: RankCounts(wild_as),
            bomb_kind,
        }
    }
}
