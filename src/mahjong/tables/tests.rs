use super::*;

fn enumerate(cur: &mut [u8; 9], i: usize, kinds: usize, left: usize, out: &mut Vec<[u8; 9]>) {
    if i == kinds {
        out.push(*cur);
        return;
    }
    for c in 0..=4.min(left) {
        cur[i] = c as u8;
        enumerate(cur, i + 1, kinds, left - c, out);
    }
    cur[i] = 0;
}

#[test]
fn ranks_are_a_bijection() {
    let t = &tables().honors;
    let mut seen = vec![false; t.class.len()];
    let mut cur = [0u8; 9];
    let mut all = Vec::new();
    enumerate(&mut cur, 0, 7, MAX_SUM, &mut all);
    for v in &all {
        let r = t.rank(v);
        assert_eq!(r, t.rank_slow(v));
        assert!(!seen[r]);
        seen[r] = true;
    }
    assert!(seen.iter().all(|&s| s));
    assert_eq!(tables().suit.class.len(), 405_350);
    assert_eq!(tables().honors.class.len(), 43_130);
}

#[test]
fn completeness_and_costs() {
    let t = &tables().suit;
    let w = t.waits(t.rank(&[1, 1, 1, 0, 0, 0, 0, 0, 0]));
    assert_eq!(w & 3, 1);
    let w = t.waits(t.rank(&[3, 1, 1, 1, 1, 1, 1, 1, 3]));
    // 1112345678999: every kind completes it with the pair.
    assert_eq!(w >> 11 & 0x1ff, 0x1ff);
    // 1111 towards one meld + pair: no fifth copy, so 2 more tiles (11 + 123, or 111 + xx);
    // every kind but 1 helps.
    let r = t.rank(&[4, 0, 0, 0, 0, 0, 0, 0, 0]);
    assert_eq!(costs_of(t.class(r))[3], 2);
    assert_eq!(improving_of(t.nec(r), 3), 0x1fe);
    // Empty suit: one meld costs 3, a pair 2.
    let c = costs_of(t.class(0));
    assert_eq!(c[2], 3);
    assert_eq!(c[1], 2);
    // The three-player characters (1m, 9m) can never hold two melds and a pair.
    let c = costs_of(tables().terminals.class(0));
    assert_eq!(c[5], INF);
}

/// FNV-1a 64 over the meaning of every rank of a table: its ten costs, waits word and
/// improving-kind words. Class ids are internal and may be renumbered, so they are not hashed.
fn table_checksum(t: &SuitTable) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut feed = |bytes: &[u8]| {
        for &b in bytes {
            h ^= b as u64;
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
    };
    for r in 0..t.class.len() {
        feed(&costs_of(t.class(r)));
        feed(&t.waits(r).to_le_bytes());
        let nec = t.nec(r);
        feed(&nec[0].to_le_bytes());
        feed(&nec[1].to_le_bytes());
    }
    h
}

/// The direct entries agree with the waits word, class and sum of every vector of every
/// table whose digits are at most 3.
#[test]
fn direct_entries_agree() {
    let t = tables();
    for (table, kinds) in [(&t.suit, 9), (&t.honors, 7), (&t.terminals, 2)] {
        let mut all = Vec::new();
        enumerate(&mut [0u8; 9], 0, kinds, MAX_SUM, &mut all);
        let mut checked = 0;
        for v in all.iter().filter(|v| v.iter().all(|&d| d <= 3)) {
            let key = v
                .iter()
                .enumerate()
                .fold(0, |k, (i, &d)| k | (d as usize) << (2 * i));
            let r = table.rank(v);
            let sum: u32 = v.iter().map(|&d| d as u32).sum();
            let want = table.waits(r) | (table.class(r) as u32) << DIRECT_CLASS | sum << DIRECT_SUM;
            assert_eq!(table.direct(key), want, "{v:?}");
            assert_eq!(table.direct_class(key), table.class(r), "{v:?}");
            checked += 1;
        }
        assert_eq!(table.direct.len(), 1 << (2 * kinds));
        assert!(checked > 0);
    }
}

/// The quick words, read by key, agree with the ones worked out from the rank (what a hand
/// with a kind held four times reads) for every vector of digits at most 3; and a word's
/// fields say what they should of a few vectors.
#[test]
fn quick_words_agree() {
    let t = tables();
    for (table, kinds) in [(&t.suit, 9), (&t.honors, 7)] {
        let mut all = Vec::new();
        enumerate(&mut [0u8; 9], 0, kinds, MAX_SUM, &mut all);
        for v in all.iter().filter(|v| v.iter().all(|&d| d <= 3)) {
            let key = v
                .iter()
                .enumerate()
                .fold(0, |k, (i, &d)| k | (d as usize) << (2 * i));
            assert_eq!(table.quick(key), table.quick_word(v), "{v:?}");
        }
        assert_eq!(table.quick.len(), 1 << (2 * kinds));
    }
    // 1112345678999 (13 tiles, residue 1): every kind completes it with the pair.
    let w = t.suit.quick_word(&[3, 1, 1, 1, 1, 1, 1, 1, 3]);
    assert_eq!(w >> Q_OFFER & 0x1ff, 0x1ff);
    assert_eq!(w >> Q_STATE & 7, 1);
    assert_eq!(
        (w >> Q_SUM & 15, w >> Q_KINDS & 15, w >> Q_PAIRS),
        (13, 9, 2)
    );
    // 123 55: complete with the pair (state 2 + 4), offering the kinds that make melds only.
    let w = t.suit.quick_word(&[1, 1, 1, 0, 2, 0, 0, 0, 0]);
    assert_eq!(w >> Q_STATE & 7, 6);
    assert_eq!(w >> Q_OFFER & 0x1ff, 1 << 4);
    // 1111 (a quad: no quick entry, the rank's word): residue 1, 11 + 11 not complete.
    let w = t.suit.quick_word(&[4, 0, 0, 0, 0, 0, 0, 0, 0]);
    assert_eq!((w >> Q_STATE & 7, w >> Q_SUM & 15), (1, 4));
}

/// The vector form of the four-meld split agrees with the scalar one on every pair of class
/// pairs for the first two suits against a sample for the last two, and on random ones.
#[test]
fn replacement4_agrees_with_min_split() {
    use crate::mahjong::standard::min_split;
    let t = tables();
    let n = t.classes.len() as u8;
    let mut x = 0x2545_f491_4f6c_dd1du64;
    let mut next = || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        (x % n as u64) as u8
    };
    let check = |c: [u8; 4]| {
        let want = min_split(pair_costs(c[0], c[1]), pair_costs(c[2], c[3]), 4);
        assert_eq!(t.replacement4(c), want, "{c:?}");
    };
    for a in 0..n {
        for b in 0..n {
            let (c, d) = (a.wrapping_mul(7) % n, b.wrapping_mul(13) % n);
            check([a, b, c, d]);
            check([c, d, a, b]);
        }
    }
    for _ in 0..200_000 {
        check([next(), next(), next(), next()]);
    }
}

/// Pins the tables' contents, so a change to how they are built cannot change what they say.
#[test]
fn table_contents_are_pinned() {
    let t = tables();
    assert_eq!(t.suit.class.len(), 405_350);
    assert_eq!(t.honors.class.len(), 43_130);
    assert_eq!(t.terminals.class.len(), 25);
    assert_eq!(t.classes.len(), 141);
    assert_eq!(table_checksum(&t.suit), 0x6477_e18f_770e_c957);
    assert_eq!(table_checksum(&t.honors), 0x83fb_cf8f_67ef_5a20);
    assert_eq!(table_checksum(&t.terminals), 0x423d_f24f_43fe_3126);
}
