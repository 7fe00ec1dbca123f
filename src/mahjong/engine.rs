//! The shared evaluation of a concealed part under the rules: every enabled form's replacement
//! number and improving tiles, and a few rule-derived masks.

use super::costs::INF;
use super::decompose::{Shape, decompose};
use super::forms::{Eval, Form, knitted_honors, knitted_straight, seven_pairs, thirteen_orphans};
use super::hand::Prepared;
use super::kinds::Kinds;
use super::standard::{Slot, looks, replacement_and_improving, slots, uncapped_replacement};

/// A prepared request plus what the rules imply for it.
pub(crate) struct Engine<'p, 'r> {
    /// The checked, counted request.
    pub(crate) p: &'p Prepared<'r>,
    /// The four suits.
    pub(crate) slots: [Slot; 4],
    /// Natural kinds a form may use (in the game, not wildcards, not the void suit).
    pub(crate) usable: u64,
    /// Wildcard kinds.
    pub(crate) wild_mask: u64,
    /// Wildcards may be fifth copies and the game has wildcards: the slow uncapped path.
    pub(crate) uncapped: bool,
    /// The game has wildcards, they may not be fifth copies, and the player has declared melds:
    /// the copies in the melds count against the cap, which the per-suit tables (built for the
    /// concealed part alone) cannot see, so every wait and win the tables find is confirmed by
    /// a decomposition that counts them, and the shanten and improving tiles are searched
    /// exactly (see `capped`).
    pub(crate) meld_capped: bool,
}

/// Up to six form evaluations.
pub(crate) struct Evals {
    pub(crate) list: [Eval; 6],
    pub(crate) len: usize,
}

impl Evals {
    fn push(&mut self, e: Eval) {
        self.list[self.len] = e;
        self.len += 1;
    }

    /// The evaluations.
    pub(crate) fn as_slice(&self) -> &[Eval] {
        &self.list[..self.len]
    }

    /// The lowest replacement number and the union of improving tiles of the forms reaching it.
    pub(crate) fn best(&self) -> (u8, u64) {
        let mut r = INF;
        let mut imp = 0;
        for e in self.as_slice() {
            if e.r < r {
                r = e.r;
                imp = e.improving;
            } else if e.r == r {
                imp |= e.improving;
            }
        }
        (r, imp)
    }
}

impl<'p, 'r> Engine<'p, 'r> {
    /// Wraps a prepared request.
    pub(crate) fn new(p: &'p Prepared<'r>) -> Engine<'p, 'r> {
        let rules = p.rules;
        let slots = slots(rules);
        let usable = p.usable;
        // Any wildcard in the game, held or drawn, may then be a fifth copy.
        let uncapped = rules.wildcard_fifth_copy && rules.wildcards != 0;
        let meld_capped = rules.wildcards != 0 && !rules.wildcard_fifth_copy && p.declared > 0;
        Engine {
            p,
            slots,
            usable,
            wild_mask: rules.wildcards,
            uncapped,
            meld_capped,
        }
    }

    /// The decomposition search's view of the rules.
    pub(crate) fn shape(&self) -> Shape {
        let mut run_starts = 0u64;
        for s in &self.slots {
            if s.active && s.seq {
                for &t in &s.tiles[..7] {
                    run_starts |= 1 << t;
                }
            }
        }
        Shape {
            usable: self.usable,
            run_starts,
            cap: if self.p.rules.wildcard_fifth_copy {
                u8::MAX
            } else {
                4
            },
            melded: if self.p.rules.wildcard_fifth_copy {
                [0; 34]
            } else {
                self.p.meld_tiles
            },
            quads: self.p.rules.seven_pairs_quads,
        }
    }

    /// Keeps the tiles of `mask` that complete the 3n+1 part `nat` (with `wild` wildcards) in
    /// `form` under the meld-aware cap: a natural tile by a decomposition of the part plus that
    /// tile, a wildcard kind by one of the part plus a wildcard (the same for every wildcard
    /// kind, so searched once).
    pub(crate) fn confirm(&self, nat: &[u8; 34], wild: u8, form: Form, mask: u64) -> u64 {
        let shape = self.shape();
        let m = self.p.melds_needed;
        let mut kept = 0;
        if mask & self.wild_mask != 0 && decompose(nat, wild + 1, m, &shape, form).is_some() {
            kept |= mask & self.wild_mask;
        }
        // Without wildcards in the part, a natural winning tile needs no wildcard at all.
        if wild == 0 {
            return kept | mask & !self.wild_mask;
        }
        let mut bits = mask & !self.wild_mask;
        while bits != 0 {
            let t = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let mut n = *nat;
            n[t] += 1;
            if decompose(&n, wild, m, &shape, form).is_some() {
                kept |= 1 << t;
            }
        }
        kept
    }

    /// Every enabled form's evaluation of `nat` (a 3n+1 or 3n+2 part with `melds` melds needed,
    /// `kinds` its grouping); the standard form only when `standard` is set.
    pub(crate) fn evals(&self, nat: &[u8; 34], kinds: &Kinds, melds: u8, standard: bool) -> Evals {
        let rules = self.p.rules;
        let mut out = Evals {
            list: [Eval {
                form: Form::Standard,
                r: INF,
                improving: 0,
            }; 6],
            len: 0,
        };
        if standard && self.uncapped {
            let r = uncapped_replacement(&self.slots, nat, melds as usize);
            let mut improving = 0u64;
            let mut m = self.usable;
            while m != 0 {
                let t = m.trailing_zeros() as usize;
                m &= m - 1;
                if nat[t] < 4 {
                    let mut n = *nat;
                    n[t] += 1;
                    if uncapped_replacement(&self.slots, &n, melds as usize) < r {
                        improving |= 1 << t;
                    }
                }
            }
            out.push(Eval {
                form: Form::Standard,
                r,
                improving,
            });
        } else if standard {
            let (r, improving) =
                replacement_and_improving(&self.slots, &looks(&self.slots, nat), melds as usize);
            out.push(Eval {
                form: Form::Standard,
                r,
                improving,
            });
        }
        let closed = self.p.declared == 0 && melds == 4;
        if closed && rules.seven_pairs {
            out.push(seven_pairs(kinds, rules.seven_pairs_quads));
        }
        if closed && rules.thirteen_orphans {
            out.push(thirteen_orphans(kinds, self.usable));
        }
        if rules.knitted {
            if closed {
                let [a, b] = knitted_honors(kinds, self.usable);
                out.push(a);
                out.push(b);
            }
            if melds >= 3 {
                // Any form already evaluated bounds the patterns worth combining.
                let bound = out.as_slice().iter().map(|e| e.r).min().unwrap_or(INF);
                out.push(knitted_straight(
                    nat,
                    kinds.present(),
                    &self.slots,
                    melds as usize,
                    bound,
                ));
            }
        }
        out
    }
}
