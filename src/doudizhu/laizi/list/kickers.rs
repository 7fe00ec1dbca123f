//! The lowest kickers of a candidate play: where its kicker wildcards stand in its first fit.

use std::ops::ControlFlow;

use super::{Lister, Main};
use crate::doudizhu::combo::Play;
use crate::doudizhu::laizi::wide::*;
use crate::doudizhu::ranks::{CHAIN_MASK, NORMAL, NORMAL_MASK, RANKS};

impl<F> Lister<'_, F>
where
    F: FnMut(&Play) -> ControlFlow<()>,
{
    /// The lowest kickers (as an ascending rank list) for the main part `main`, given the
    /// natural kicker cards `outside` and
    /// `free` kicker wildcards (whose own ranks are `own`), under the kicker rules; `None` when
    /// the rules allow none.
    pub(super) fn lowest_kickers(
        &self,
        main: &Main,
        outside_wide: u128,
        free: u8,
        own: u128,
    ) -> Option<u128> {
        let rules = self.rules;
        let outside = &outside_wide.to_le_bytes();
        let unit = main.unit;
        // The jokers' rules (jokers are natural only).
        let (black, red) = (outside[NORMAL], outside[NORMAL + 1]);
        if black + red > 0 {
            if !rules.kickers_may_include_joker {
                return None;
            }
            let rocket = rules.game.rocket_copies();
            if !rules.kickers_may_include_rocket && black >= rocket && red >= rocket {
                return None;
            }
        }
        let caps = if unit == 1 {
            &self.single_caps
        } else {
            &self.pair_caps
        };
        let no_trio = if unit == 1 && !rules.kickers_may_include_adjacent_trio {
            ((main.mask << 1) | (main.mask >> 1)) & !main.mask & CHAIN_MASK
        } else {
            0
        };
        debug_assert!(
            (0..RANKS).all(|r| main.mask & (1 << r) != 0 || outside[r] <= caps[r]),
            "natural kickers are generated within the caps"
        );
        // Greedily, lowest rank first, each rank that may take wildcards takes as many as it
        // allows, while the ranks above can still make whole pairs (each odd one keeps a
        // wildcard). Only the few ranks that take one are visited. This is the first choice in
        // kicker order unless it makes a forbidden trio next to the chain; then the search
        // below steps back.
        let mut odd = 0u16;
        if unit == 2 {
            odd = odd_ranks(outside_wide) & !main.mask;
        }
        // Taken from the integer rather than copied from `outside`, whose bytes were just stored
        // in two halves: the copy would wait for those stores.
        let mut kickers = outside_wide.to_le_bytes();
        let mut left = free;
        let mut ranks = (odd | if free > 0 { NORMAL_MASK } else { 0 }) & !main.mask;
        // The number of odd ranks left, kept by hand: without a popcount instruction in the
        // target, `count_ones` in the loop costs a dozen instructions a rank.
        let mut odd_left = odd.count_ones() as u8;
        while left > 0 || odd != 0 {
            if ranks == 0 {
                return None;
            }
            let rank = ranks.trailing_zeros() as usize;
            ranks &= ranks - 1;
            if odd & (1 << rank) != 0 {
                odd &= !(1 << rank);
                odd_left -= 1;
            }
            if rank >= NORMAL {
                return None; // an odd number of a joker: no wildcard makes it a pair
            }
            let have = outside[rank];
            let cap = caps[rank];
            let room = if rules.wildcards_may_be_kickers {
                cap - have
            } else {
                count_at(own, rank).min(cap - have)
            };
            let mut add = room.min(left);
            if unit == 2 {
                // Keep a wildcard for each odd rank above; make this rank even.
                add = room.min(left.saturating_sub(odd_left));
                if add % 2 != have % 2 {
                    add = add.checked_sub(1)?;
                }
            }
            kickers[rank] = have + add;
            left -= add;
        }
        let mut trios = no_trio;
        let mut clash = false;
        while trios != 0 {
            clash |= kickers[trios.trailing_zeros() as usize] == 3;
            trios &= trios - 1;
        }
        if !clash {
            return Some(u128::from_le_bytes(kickers));
        }
        if free == 0 {
            return None;
        }
        let mut search = KickerFit {
            unit,
            least: [0; RANKS],
            most: [0; RANKS],
            hole: [u8::MAX; RANKS],
            suffix_least: [0; RANKS + 1],
            suffix_most: [0; RANKS + 1],
            outside,
            kickers: [0; 16],
        };
        for rank in (0..RANKS).rev() {
            if main.mask & (1 << rank) == 0 {
                let have = outside[rank];
                let cap = caps[rank];
                if have > cap {
                    return None;
                }
                let wild = if rank >= NORMAL {
                    0
                } else if rules.wildcards_may_be_kickers {
                    cap - have
                } else {
                    count_at(own, rank).min(cap - have)
                };
                // Wildcards to add: least..=most, of the parity that makes whole pairs, never
                // making exactly three next to the chain.
                let mut least = if unit == 2 { have % 2 } else { 0 };
                let mut most = wild;
                if unit == 2 && most % 2 != least {
                    most = most.saturating_sub(1);
                }
                if no_trio & (1 << rank) != 0 && have <= 3 {
                    let hole = 3 - have;
                    if hole == 0 {
                        least = 1;
                    }
                    if most == hole {
                        most = most.saturating_sub(1);
                    }
                    search.hole[rank] = hole;
                }
                if least > most {
                    return None;
                }
                search.least[rank] = least;
                search.most[rank] = most;
            }
            search.suffix_least[rank] = search.suffix_least[rank + 1] + search.least[rank];
            search.suffix_most[rank] =
                search.suffix_most[rank + 1].saturating_add(search.most[rank]);
        }
        if !(search.suffix_least[0]..=search.suffix_most[0]).contains(&free) {
            return None;
        }
        search
            .walk(0, free)
            .then(|| u128::from_le_bytes(search.kickers))
    }
}

/// The search for the lowest kickers: ranks in ascending order, most wildcards first, so the
/// first complete choice is the lowest as an ascending rank list. Each rank takes
/// `least..=most` wildcards (pairs: in steps of two), never `hole`; the suffix sums keep the
/// rest placeable, so only a hole can make it step back.
struct KickerFit<'a> {
    /// Cards per kicker: 1 or 2.
    unit: u8,
    least: [u8; RANKS],
    most: [u8; RANKS],
    hole: [u8; RANKS],
    suffix_least: [u8; RANKS + 1],
    suffix_most: [u8; RANKS + 1],
    outside: &'a [u8; 16],
    kickers: [u8; 16],
}

impl KickerFit<'_> {
    fn walk(&mut self, rank: usize, free: u8) -> bool {
        if rank == RANKS {
            return free == 0;
        }
        let have = self.outside[rank];
        if free == 0 {
            // The rest take no wildcard: allowed when no rank needs one.
            if self.suffix_least[rank] != 0 {
                return false;
            }
            for r in rank..RANKS {
                self.kickers[r] = self.outside[r];
            }
            return true;
        }
        let low = self.least[rank].max(free.saturating_sub(self.suffix_most[rank + 1]));
        let Some(room) = free.checked_sub(self.suffix_least[rank + 1]) else {
            return false;
        };
        let high = self.most[rank].min(room);
        let mut add = high;
        while add >= low && add != u8::MAX {
            if add != self.hole[rank] && (self.unit == 1 || add % 2 == self.least[rank]) {
                self.kickers[rank] = have + add;
                if self.walk(rank + 1, free - add) {
                    return true;
                }
            }
            if add == 0 {
                break;
            }
            add -= 1;
        }
        false
    }
}
