use super::*;
use crate::mahjong::rules::Preset;
use crate::tiles::{TileCounts, parse_tiles};

fn counts(s: &str) -> [u8; 34] {
    TileCounts::from_tiles(parse_tiles(s).unwrap()).0
}

/// The vector tally agrees with the scalar one on random hands of up to 15 tiles.
#[test]
fn tally_agrees_with_the_scalar_count() {
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    for _ in 0..20_000 {
        let mut c = CountBlock([0; 64]);
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let tiles = x % 16;
        for _ in 0..tiles {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let t = (x % 34) as usize;
            if c.0[t] < 4 {
                c.0[t] += 1;
            }
        }
        assert_eq!(c.tally(), c.tally_scalar(), "{:?}", &c.0[..34]);
    }
}

#[test]
fn nine_gates_waits_on_all_nine() {
    let r = Rules::preset(Preset::Riichi);
    let s = slots(&r);
    let w = |h: &str| waits_no_wild(&s, &looks(&s, &counts(h)));
    assert_eq!(w("1112345678999m"), 0x1ff);
    assert_eq!(w("1111m234p567p789s"), 0);
    assert_eq!(w("123m456p789s1122z"), 1 << 27 | 1 << 28);
}

#[test]
fn replacement_numbers() {
    let r = Rules::preset(Preset::Riichi);
    let s = slots(&r);
    let w = looks(&s, &counts("123m456p789s1122z"));
    assert_eq!(replacement(&w, 4), 1);
    // Pure karaten: 1111m cannot use a fifth copy, so one exchange is missing.
    let w = looks(&s, &counts("1111m234p567p789s"));
    assert_eq!(replacement(&w, 4), 2);
    let (r2, m) = replacement_and_improving(&s, &w, 4);
    assert_eq!(r2, 2);
    // Never the impossible fifth 1m; 2m and 3m (a run with a spare 1m) do improve.
    assert_eq!(m & 0b111, 0b110);
}

#[test]
fn uncapped_sees_the_fifth_copy() {
    let r = Rules::preset(Preset::Riichi);
    let s = slots(&r);
    assert_eq!(
        uncapped_replacement(&s, &counts("11111m234p567p789s"), 4),
        0
    );
    assert_eq!(uncapped_costs(&[3, 1, 1, 1, 1, 1, 1, 1, 3], true)[9], 1);
}
