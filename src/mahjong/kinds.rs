//! A hand's usable kinds grouped by copy count: the shared input of the closed forms (seven
//! pairs, thirteen orphans, knitted) and of the fast waits path, so neither has to know the other.

/// A bit per tile index the counts hold: eight counts at a time, each nonzero byte's top bit
/// set and the eight top bits gathered by one multiplication (a fold over the 34 counts took
/// some 80 instructions a call).
#[inline]
pub(crate) fn held(counts: &[u8; 34]) -> u64 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    // Bit 8k of the product's top byte gathers byte k's bit 0: (bit 8k) * 2^(56 - 7k).
    const GATHER: u64 = 0x0102_0408_1020_4080;
    let eight = |k: usize| {
        let w = u64::from_le_bytes(counts[8 * k..8 * k + 8].try_into().expect("8 counts"));
        let nonzero = (((w & LOW7) + LOW7) | w) & !LOW7;
        ((nonzero >> 7).wrapping_mul(GATHER) >> 56) << (8 * k)
    };
    eight(0)
        | eight(1)
        | eight(2)
        | eight(3)
        | u64::from(counts[32] > 0) << 32
        | u64::from(counts[33] > 0) << 33
}

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn held_marks_every_nonzero_count() {
        let mut rng = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..20_000 {
            let mut c = [0u8; 34];
            for n in &mut c {
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                // Mostly zeros, and every byte value, the high ones included.
                *n = if rng & 3 == 0 { (rng >> 8) as u8 } else { 0 };
            }
            let slow = (0..34).fold(0u64, |m, i| m | u64::from(c[i] > 0) << i);
            assert_eq!(held(&c), slow, "{c:?}");
        }
    }
}
