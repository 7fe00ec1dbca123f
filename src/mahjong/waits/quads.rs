//! The quick path's shape stage for a hand that [`super::fast::stage`] declines: under rules
//! whose seven pairs may count a quad as two pairs (or with a kind held five times or more, an
//! error left to the general path). The counts as a block, four table entries (by rank for a
//! suit with a digit 4), one replacement lookup, the closed forms by their tally, and the
//! standard form's waits on a fifth copy.

use crate::mahjong::forms::{seven_pairs, thirteen_orphans};
use crate::mahjong::rules::Rules;
use crate::mahjong::standard::{CountBlock, plain_look, plain_waits};
use crate::tiles::Tile;

/// Every tile kind.
const ALL_KINDS: u64 = (1 << 34) - 1;

/// The shape stage of a request [`super::quick_rules`] accepts, when
/// [`super::fast::stage`] declines it.
pub(super) struct Quick {
    pub(super) counts: CountBlock,
    /// Waits of the standard form, seven pairs and thirteen orphans (never a fifth copy).
    pub(super) masks: [u64; 3],
    /// Standard-form waits on a fifth copy of a kind held four times (0 when not asked for).
    pub(super) karaten: u64,
    /// Kinds held four times.
    pub(super) four: u64,
    /// The lowest replacement number over the forms.
    pub(super) r_min: u8,
}

/// The count blocks and four table entries, one replacement lookup and the closed forms by
/// their tally; `None` for a kind held five times or more, an error the general path reports.
/// `karaten`: also find the standard form's waits on a fifth copy (the full answer needs them,
/// the shape answer does not).
#[cold]
#[inline(never)]
pub(super) fn quads_stage(rules: &Rules, hand: &[Tile], karaten: bool) -> Option<Quick> {
    let counts = CountBlock::of(hand);
    let quads = counts.any_above(3);
    if quads && counts.any_above(4) {
        return None;
    }
    let l = plain_look(&counts, quads);
    let mut masks = [0u64; 3];
    let mut r_min = l.r;
    if l.r == 1 {
        masks[0] = plain_waits(&l);
    }
    let (mut fifth, mut four) = (0, 0);
    if !quads {
        // The closed forms' numbers from the tally (what `seven_pairs` and `thirteen_orphans`
        // count, with no kind held four times); their waits, when one tile short, from those
        // functions themselves.
        let n = counts.tally();
        let kinds = || counts.kinds();
        if rules.seven_pairs {
            let missing = 7 - n.pairs;
            let r = if rules.seven_pairs_quads {
                // Kinds held once or three times can each become a pair by one draw.
                let odd = n.kinds - n.pairs + n.triples;
                missing + missing.saturating_sub(odd)
            } else {
                missing + 7u32.saturating_sub(n.kinds)
            } as u8;
            r_min = r_min.min(r);
            if r == 1 {
                let ev = seven_pairs(&kinds(), rules.seven_pairs_quads);
                debug_assert_eq!(ev.r, r);
                masks[1] = ev.improving;
            }
        }
        if rules.thirteen_orphans {
            let r = (14 - n.orphans - (n.orphan_pairs > 0) as u32) as u8;
            r_min = r_min.min(r);
            if r == 1 {
                let ev = thirteen_orphans(&kinds(), ALL_KINDS);
                debug_assert_eq!(ev.r, r);
                masks[2] = ev.improving;
            }
        }
    } else {
        // Out of the hot path: the closed forms as the general path evaluates them, and the
        // standard form's waits on a fifth copy.
        let kinds = counts.kinds();
        if rules.seven_pairs {
            let ev = seven_pairs(&kinds, rules.seven_pairs_quads);
            r_min = r_min.min(ev.r);
            if ev.r == 1 {
                masks[1] = ev.improving;
            }
        }
        if rules.thirteen_orphans {
            let ev = thirteen_orphans(&kinds, ALL_KINDS);
            r_min = r_min.min(ev.r);
            if ev.r == 1 {
                masks[2] = ev.improving;
            }
        }
        four = kinds.by[4];
        let mut bits = if karaten { four } else { 0 };
        while bits != 0 {
            let t = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            if l.fifth_copy_completes(&counts, t) {
                fifth |= 1 << t;
            }
        }
    }
    Some(Quick {
        counts,
        masks,
        karaten: fifth,
        four,
        r_min,
    })
}
