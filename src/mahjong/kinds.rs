//! A hand's usable kinds grouped by copy count: the shared input of the closed forms (seven
//! pairs, thirteen orphans, knitted) and of the fast waits path, so neither has to know the other.

/// Usable kinds grouped by how many natural copies the hand holds (`by[c]`, c = 0..=4), so the
/// special forms are a few popcounts, and a discard or draw moves one bit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Kinds {
    /// Kinds with exactly `c` copies.
    pub(crate) by: [u64; 5],
}

impl Kinds {
    /// Groups the usable kinds of `nat` (the request path builds this while counting).
    #[cfg(test)]
    pub(crate) fn new(nat: &[u8; 34], usable: u64) -> Kinds {
        let mut by = [0u64; 5];
        let mut m = usable;
        while m != 0 {
            let t = m.trailing_zeros() as usize;
            m &= m - 1;
            by[nat[t].min(4) as usize] |= 1 << t;
        }
        Kinds { by }
    }

    /// The same after one copy of `t` left a hand that held `count` copies.
    pub(crate) fn without(&self, t: usize, count: u8) -> Kinds {
        let mut k = *self;
        let bit = 1u64 << t;
        if k.by[count as usize] & bit != 0 {
            k.by[count as usize] &= !bit;
            k.by[count as usize - 1] |= bit;
        }
        k
    }

    /// Kinds with at least one copy.
    pub(crate) fn present(&self) -> u64 {
        self.by[1] | self.by[2] | self.by[3] | self.by[4]
    }
}
