//! The set of plays listed so far.

/// A set of [`play_key`](super::super::wide::play_key)s (never 0: a play holds a card): open
/// addressing with linear probing in a power-of-two table of keys at most 3/4 full, slots chosen
/// by the high bits of a multiplicative hash. One probe sequence both answers whether a
/// candidate's play is claimed and finds the empty slot where its key then goes, so an accepted
/// candidate is hashed and probed once (a set's `contains` then `insert` would do it twice).
pub(super) struct Claimed {
    slots: Vec<u64>,
    len: usize,
    /// 64 minus log2 of the table size.
    shift: u32,
}

impl Claimed {
    /// Room for `plays` keys before the table grows.
    pub(super) fn with_capacity(plays: usize) -> Claimed {
        let size = (plays * 4 / 3 + 1).next_power_of_two().max(16);
        Claimed {
            slots: vec![0; size],
            len: 0,
            shift: 64 - size.trailing_zeros(),
        }
    }

    /// `Ok` when `key` is in the set, else the empty slot where it goes.
    pub(super) fn find(&self, key: u64) -> Result<(), usize> {
        debug_assert_ne!(key, 0);
        let mask = self.slots.len() - 1;
        let mut slot = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize;
        loop {
            match self.slots[slot] {
                0 => return Err(slot),
                k if k == key => return Ok(()),
                _ => slot = (slot + 1) & mask,
            }
        }
    }

    /// Puts `key` in `slot`, which [`Claimed::find`] returned for it (no key went in since).
    pub(super) fn insert_at(&mut self, slot: usize, key: u64) {
        self.slots[slot] = key;
        self.len += 1;
        if self.len * 4 > self.slots.len() * 3 {
            let old = std::mem::take(&mut self.slots);
            *self = Claimed::with_capacity(old.len());
            for key in old.into_iter().filter(|&k| k != 0) {
                if let Err(slot) = self.find(key) {
                    self.slots[slot] = key;
                    self.len += 1;
                }
            }
        }
    }
}
