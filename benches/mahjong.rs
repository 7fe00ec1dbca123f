//! Mahjong engine benchmarks, side by side with the `xiangting` crate and with a port of the
//! seed's backtracking search (seeds/004), all on the same hands in the same run.
//!
//! Run: `cargo bench --bench mahjong`
//!
//! Allocator: with the default features the bench allocates as the shipped server does
//! (`cardrules::allocator`), so an answer's lists cost what they cost an RPC; with
//! `--no-default-features`, the system allocator.

// `criterion_group!` defines a public function that cannot carry a doc comment.
#![allow(missing_docs)]

/// The shipped server's allocator (see the module comment).
#[cfg(feature = "server")]
#[global_allocator]
static ALLOCATOR: cardrules::allocator::Allocator = cardrules::allocator::Allocator;

use std::hint::black_box;
use std::time::Duration;

use cardrules::mahjong::{
    Preset, Rules, analyze, build_uncached, shape_waits, waits, waits_explained, warm_up,
};
use cardrules::tiles::Tile;
use criterion::{Criterion, criterion_group, criterion_main};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The seed's algorithm, ported to Rust as the baseline: for each of the 34 kinds, add it
/// (skipping a fifth copy), then test completeness by choosing a pair and stripping triplets and
/// runs by backtracking, depth-first, stopping at the fourth meld. Kept as the seed wrote it,
/// including its run test `i % 9 <= 6` over indices below 31, which lets 1z-2z-3z and 2z-3z-4z
/// count as runs; the benchmark hands are chosen so that this never changes an answer.
mod seed {
    pub fn cal_hu(c: &mut [i32; 34]) -> Vec<usize> {
        let mut ret = Vec::new();
        for i in 0..34 {
            c[i] += 1;
            if c[i] >= 0 && c[i] <= 4 && check(c) {
                ret.push(i);
            }
            c[i] -= 1;
        }
        ret
    }

    fn check(c: &mut [i32; 34]) -> bool {
        for i in 0..34 {
            if c[i] >= 2 {
                c[i] -= 2;
                if search(0, c) {
                    c[i] += 2;
                    return true;
                } else {
                    c[i] += 2;
                }
            }
        }
        false
    }

    fn search(dep: i32, c: &mut [i32; 34]) -> bool {
        for i in 0..34 {
            if c[i] >= 3 {
                if dep == 3 {
                    return true;
                }
                c[i] -= 3;
                if search(dep + 1, c) {
                    c[i] += 3;
                    return true;
                } else {
                    c[i] += 3;
                }
            }
        }
        for i in 0..31 {
            if i % 9 <= 6 && c[i] >= 1 && c[i + 1] >= 1 && c[i + 2] >= 1 {
                if dep == 3 {
                    return true;
                }
                c[i] -= 1;
                c[i + 1] -= 1;
                c[i + 2] -= 1;
                if search(dep + 1, c) {
                    c[i] += 1;
                    c[i + 1] += 1;
                    c[i + 2] += 1;
                    return true;
                } else {
                    c[i] += 1;
                    c[i + 1] += 1;
                    c[i + 2] += 1;
                }
            }
        }
        false
    }
}

fn wall(rules: &Rules) -> Vec<Tile> {
    Tile::all()
        .filter(|&t| rules.absent_reason(t).is_none())
        .flat_map(|t| std::iter::repeat_n(t, 4))
        .collect()
}

fn random_hands(rng: &mut ChaCha8Rng, rules: &Rules, n: usize, len: usize) -> Vec<Vec<Tile>> {
    let mut w = wall(rules);
    (0..n)
        .map(|_| {
            w.shuffle(rng);
            w[..len].to_vec()
        })
        .collect()
}

fn counts(hand: &[Tile]) -> [u8; 34] {
    let mut c = [0u8; 34];
    for t in hand {
        c[t.index()] += 1;
    }
    c
}

/// Standard-form tenpai hands without honour runs (so the seed's quirk cannot matter): a random
/// complete hand less one tile, kept when our engine, xiangting and the seed agree on the waits.
fn tenpai_hands(rng: &mut ChaCha8Rng, n: usize) -> Vec<Vec<Tile>> {
    let rules = Rules::preset(Preset::Riichi);
    let mut out = Vec::new();
    while out.len() < n {
        let mut c = [0u8; 34];
        for _ in 0..4 {
            let t = rng.random_range(0..34usize);
            if t < 27 && t % 9 <= 6 && rng.random_bool(0.6) {
                (t..t + 3).for_each(|k| c[k] += 1);
            } else {
                c[t] += 3;
            }
        }
        c[rng.random_range(0..34usize)] += 2;
        if c.iter().any(|&k| k > 4) {
            continue;
        }
        let mut hand: Vec<Tile> = (0..34)
            .flat_map(|t| std::iter::repeat_n(Tile::from_index(t).unwrap(), c[t] as usize))
            .collect();
        hand.shuffle(rng);
        hand.pop();
        let ours: u64 = waits(&rules, &hand, &[], &[])
            .unwrap()
            .waits()
            .fold(0, |m, w| m | 1 << w.tile.index());
        let (rn, xt) =
            xiangting::calculate_necessary_tiles(&counts(&hand), xiangting::PlayerCount::Four)
                .unwrap();
        let mut sc = counts(&hand).map(|k| k as i32);
        let seed: u64 = seed::cal_hu(&mut sc).iter().fold(0, |m, &t| m | 1 << t);
        if rn == 1 && ours != 0 && ours == xt && ours == seed {
            out.push(hand);
        }
    }
    out
}

fn bench(c: &mut Criterion) {
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    let riichi = Rules::preset(Preset::Riichi);
    warm_up();

    let random = random_hands(&mut rng, &riichi, 4096, 13);
    let mut g = c.benchmark_group("mahjong_waits_random13");
    let mut i = 0;
    g.bench_function("riichi_waits", |b| {
        b.iter(|| {
            i = (i + 1) & 4095;
            black_box(waits(&riichi, black_box(&random[i]), &[], &[]).unwrap())
        })
    });
    g.finish();

    let tenpai = tenpai_hands(&mut rng, 1024);
    let tenpai_counts: Vec<[u8; 34]> = tenpai.iter().map(|h| counts(h)).collect();
    let mut g = c.benchmark_group("mahjong_waits_tenpai");
    let mut i = 0;
    g.bench_function("cardrules_waits", |b| {
        b.iter(|| {
            i = (i + 1) & 1023;
            black_box(waits(&riichi, black_box(&tenpai[i]), &[], &[]).unwrap())
        })
    });
    let mut i = 0;
    g.bench_function("cardrules_shape_waits", |b| {
        b.iter(|| {
            i = (i + 1) & 1023;
            black_box(shape_waits(&riichi, black_box(&tenpai[i]), &[]).unwrap())
        })
    });
    let mut i = 0;
    g.bench_function("xiangting_necessary_tiles", |b| {
        b.iter(|| {
            i = (i + 1) & 1023;
            black_box(
                xiangting::calculate_necessary_tiles(
                    black_box(&tenpai_counts[i]),
                    xiangting::PlayerCount::Four,
                )
                .unwrap(),
            )
        })
    });
    let mut i = 0;
    g.bench_function("seed_backtracking", |b| {
        b.iter(|| {
            i = (i + 1) & 1023;
            let mut c = tenpai_counts[i].map(|k| k as i32);
            black_box(seed::cal_hu(black_box(&mut c)))
        })
    });
    g.finish();

    let hz = Rules::preset(Preset::Hongzhong);
    let red = Tile::from_index(33).unwrap();
    let hz_hands: Vec<Vec<Tile>> = random_hands(&mut rng, &hz, 1024, 9)
        .into_iter()
        .map(|mut h| {
            h.retain(|&t| t != red);
            while h.len() < 9 {
                h.push(Tile::from_index(rng.random_range(0..27)).unwrap());
                let c = counts(&h);
                if c.iter().any(|&k| k > 4) {
                    h.pop();
                }
            }
            h.extend([red; 4]);
            h
        })
        .collect();
    let mut g = c.benchmark_group("mahjong_waits_hongzhong_4_wildcards");
    let mut i = 0;
    g.bench_function("waits", |b| {
        b.iter(|| {
            i = (i + 1) & 1023;
            black_box(waits(&hz, black_box(&hz_hands[i]), &[], &[]).unwrap())
        })
    });
    let mut i = 0;
    g.bench_function("waits_explained", |b| {
        b.iter(|| {
            i = (i + 1) & 1023;
            black_box(waits_explained(&hz, black_box(&hz_hands[i]), &[], &[]).unwrap())
        })
    });
    g.finish();

    let random14 = random_hands(&mut rng, &riichi, 4096, 14);
    let guobiao = Rules::preset(Preset::Guobiao);
    let mut g = c.benchmark_group("mahjong_analyze14");
    let mut i = 0;
    g.bench_function("riichi_analyze", |b| {
        b.iter(|| {
            i = (i + 1) & 4095;
            black_box(analyze(&riichi, black_box(&random14[i]), &[], &[]).unwrap())
        })
    });
    let mut i = 0;
    g.bench_function("guobiao_analyze", |b| {
        b.iter(|| {
            i = (i + 1) & 4095;
            black_box(analyze(&guobiao, black_box(&random14[i]), &[], &[]).unwrap())
        })
    });
    g.finish();

    // Last, so that rebuilding the tables (tens of MB of allocations) does not disturb the
    // lookups measured above.
    let mut g = c.benchmark_group("mahjong_tables");
    g.sample_size(10);
    g.bench_function("build_all_tables", |b| b.iter(build_uncached));
    g.finish();
}

#[path = "../tests/guobiao_support/random.rs"]
mod guobiao_random;
#[path = "../tests/guobiao_support/reference.rs"]
mod guobiao_reference;

/// Guobiao scoring of 1,024 seeded random complete hands (all forms, open and closed, random
/// circumstances), one hand per iteration, then the closed ones and the ones with declared
/// melds apart, against the brute-force reference of the tests on the same hands.
fn bench_guobiao(c: &mut Criterion) {
    use cardrules::mahjong::score::guobiao::score;
    let mut rng = ChaCha8Rng::seed_from_u64(81);
    let hands: Vec<_> = (0..1024)
        .map(|_| guobiao_random::random_win(&mut rng))
        .collect();
    if let Ok(path) = std::env::var("GUOBIAO_EXPORT") {
        export_guobiao(&path, &hands);
    }
    let closed14: Vec<_> = hands
        .iter()
        .filter(|w| w.melds.is_empty())
        .cloned()
        .collect();
    let open: Vec<_> = hands
        .iter()
        .filter(|w| !w.melds.is_empty())
        .cloned()
        .collect();
    let mut g = c.benchmark_group("mahjong_guobiao_score");
    let mut i = 0;
    g.bench_function("score_random_win", |b| {
        b.iter(|| {
            i = (i + 1) & 1023;
            black_box(score(black_box(&hands[i])).unwrap())
        })
    });
    let mut i = 0;
    let n = closed14.len();
    g.bench_function("score_closed_14_tiles", |b| {
        b.iter(|| {
            i = (i + 1) % n;
            black_box(score(black_box(&closed14[i])).unwrap())
        })
    });
    let mut i = 0;
    let n = open.len();
    g.bench_function("score_with_melds", |b| {
        b.iter(|| {
            i = (i + 1) % n;
            black_box(score(black_box(&open[i])).unwrap())
        })
    });
    let mut i = 0;
    g.bench_function("brute_force_reference_random_win", |b| {
        b.iter(|| {
            i = (i + 1) & 1023;
            black_box(guobiao_reference::reference_points(black_box(&hands[i])))
        })
    });
    g.finish();
}

/// Writes the hands, one a line, for timing and checking ChineseOfficialMahjongHelper's
/// `calculate_fan` on the same hands (set `GUOBIAO_EXPORT` to a path): the hand in that library's
/// notation (declared melds in brackets, then the standing tiles, the winning tile last), its
/// `win_flag`, the prevalent and seat winds (0-3), the flowers, and our totals without and with
/// flowers, scored with 明暗杠 on as that library counts by default.
fn export_guobiao(path: &str, hands: &[cardrules::mahjong::score::guobiao::GuobiaoWin]) {
    use cardrules::mahjong::MeldKind;
    use cardrules::mahjong::score::guobiao::{GuobiaoRules, score_with};
    use std::fmt::Write as _;
    fn tile(t: Tile) -> String {
        let i = t.index();
        if i >= 27 {
            ["E", "S", "W", "N", "P", "F", "C"][i - 27].to_string()
        } else {
            format!("{}{}", i % 9 + 1, ["m", "p", "s"][i / 9])
        }
    }
    let rules = GuobiaoRules {
        concealed_kong_and_melded_kong: true,
        ..GuobiaoRules::STANDARD
    };
    let mut out = String::new();
    for w in hands {
        let mut line = String::new();
        for m in &w.melds {
            let tiles: String = m.tiles().map(tile).collect();
            let source = match (m.kind, m.concealed) {
                (MeldKind::Kan, true) => "",
                _ => "1",
            };
            write!(line, "[{tiles}{source}]").unwrap();
        }
        let mut standing = w.concealed.clone();
        let at = standing.iter().position(|&t| t == w.winning_tile).unwrap();
        standing.remove(at);
        standing.sort_by_key(|t| t.index());
        for &t in &standing {
            line.push_str(&tile(t));
        }
        line.push_str(&tile(w.winning_tile));
        let flag = u8::from(w.self_drawn)
            | (u8::from(w.last_tile_of_kind) << 1)
            | (u8::from(w.kong_win || w.robbing_kong) << 2)
            | (u8::from(w.last_tile_of_wall) << 3);
        let s = score_with(&rules, w).unwrap();
        writeln!(
            out,
            "{line}\t{flag}\t{}\t{}\t{}\t{}\t{}",
            w.round_wind as u8, w.seat_wind as u8, w.flowers, s.fan_total, s.total
        )
        .unwrap();
    }
    std::fs::write(path, out).unwrap();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    targets = bench, bench_guobiao
}
criterion_main!(benches);
