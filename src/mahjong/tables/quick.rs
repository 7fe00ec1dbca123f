//! The quick entries: per suit vector without a digit 4, everything the 13-tile waits path
//! reads, in one 32-bit word addressed by the 2-bit digits themselves.
//!
//! A word holds, from bit 0:
//! - [`Q_OFFER`] (9 bits): the kinds whose addition completes the suit in the role its residue
//!   leaves to it (residue 1: complete with the pair; residue 2: complete as melds; residue 0:
//!   none), the kinds the suit can offer as a standard-form wait;
//! - [`Q_STATE`] (3 bits): the residue of the digit sum mod 3, plus 4 when the suit is already
//!   complete in its role (residue 0: as melds; residue 2: as melds and the pair);
//! - [`Q_SUM`] (4 bits): the digit sum;
//! - [`Q_CLASS`] (8 bits): the cost class;
//! - [`Q_KINDS`] and [`Q_PAIRS`] (4 bits each): the kinds held at least once and at least twice
//!   (the closed forms' counts, summed over the suits by adding the fields).

use super::{DIRECT_CLASS, MAX_SUM, SuitTable};

/// Where the offered kinds start.
pub(crate) const Q_OFFER: u32 = 0;
/// Where the 3-bit state (residue, plus 4 when complete in its role) starts.
pub(crate) const Q_STATE: u32 = 9;
/// Where the digit sum starts.
pub(crate) const Q_SUM: u32 = 12;
/// Where the cost class starts.
pub(crate) const Q_CLASS: u32 = 16;
/// Where the count of kinds held at least once starts.
pub(crate) const Q_KINDS: u32 = 24;
/// Where the count of kinds held at least twice starts.
pub(crate) const Q_PAIRS: u32 = 28;

impl SuitTable {
    /// The quick word of a vector whose digits are all at most 3, from its key (digit i at
    /// bits 2i; bits above the suit's digits are ignored); see the module docs.
    #[inline(always)]
    pub(crate) fn quick(&self, key: usize) -> u32 {
        // The table's length is a power of two, so the mask spares the bounds check (and
        // drops whatever the caller keeps above the digits).
        self.quick[key & (self.quick.len() - 1)]
    }

    /// The quick words: every vector of digits 0-3 in the suit's positions (0 where the sum
    /// exceeds the tables' 14), from the direct entries, which hold the waits word, class and
    /// sum of the same vectors.
    pub(super) fn build_quick(&self) -> Vec<u32> {
        self.direct
            .iter()
            .enumerate()
            .map(|(key, &d)| {
                let digits = (0..self.kinds).map(|i| key >> (2 * i) & 3);
                let sum = digits.clone().sum::<usize>() as u32;
                if sum as usize > MAX_SUM {
                    return 0;
                }
                let kinds = digits.clone().filter(|&d| d >= 1).count() as u32;
                let pairs = digits.filter(|&d| d >= 2).count() as u32;
                let class = d >> DIRECT_CLASS & 0xff;
                word(d & ((1 << DIRECT_CLASS) - 1), class, sum, kinds, pairs)
            })
            .collect()
    }

    /// The quick word of any vector (digits 0-4, sum at most 14), from its rank: what a hand
    /// holding a kind four times, which the quick table cannot address, reads instead.
    pub(crate) fn quick_word(&self, v: &[u8; 9]) -> u32 {
        let (r, sum) = self.rank_and_sum(v);
        let kinds = v.iter().filter(|&&d| d >= 1).count() as u32;
        let pairs = v.iter().filter(|&&d| d >= 2).count() as u32;
        word(
            self.waits[r],
            self.class[r] as u32,
            sum as u32,
            kinds,
            pairs,
        )
    }
}

/// A quick word from a vector's waits word, cost class, digit sum and kinds held at least once
/// and twice.
fn word(waits: u32, class: u32, sum: u32, kinds: u32, pairs: u32) -> u32 {
    let (offer, complete) = match sum % 3 {
        0 => (0, waits & 1),
        1 => (waits >> 11 & 0x1ff, 0),
        _ => (waits >> 2 & 0x1ff, waits >> 1 & 1),
    };
    offer << Q_OFFER
        | ((sum % 3) | (complete << 2)) << Q_STATE
        | sum << Q_SUM
        | class << Q_CLASS
        | kinds << Q_KINDS
        | pairs << Q_PAIRS
}

/// Per combination of the four suits' 3-bit states (suit i at bits 3i): bit i set when suit i's
/// offered kinds are standard-form waits of the whole hand. A drawn tile completes the hand when
/// its suit becomes complete in its role and every other suit already is, with one pair in all:
/// so a suit of residue 1 offers when the other three are complete as melds, and a suit of
/// residue 2 when one other suit is complete with the pair and the remaining two as melds.
pub(crate) static OFFERING: [u8; 4096] = {
    let mut t = [0u8; 4096];
    let mut code = 0;
    while code < 4096 {
        let (mut melds_ok, mut pair_ok, mut valid) = (0u32, 0u32, true);
        let mut i = 0;
        while i < 4 {
            let s = code >> (3 * i) & 7;
            let (residue, complete) = (s & 3, s >> 2);
            valid &= residue != 3;
            melds_ok += (residue == 0 && complete == 1) as u32;
            pair_ok += (residue == 2 && complete == 1) as u32;
            i += 1;
        }
        let mut bits = 0u8;
        let mut i = 0;
        while valid && i < 4 {
            let s = code >> (3 * i) & 7;
            let (residue, complete) = (s & 3, s >> 2);
            let own_pair = (residue == 2 && complete == 1) as u32;
            if (residue == 1 && melds_ok == 3)
                || (residue == 2 && melds_ok == 2 && pair_ok - own_pair == 1)
            {
                bits |= 1 << i;
            }
            i += 1;
        }
        t[code] = bits;
        code += 1;
    }
    t
};
