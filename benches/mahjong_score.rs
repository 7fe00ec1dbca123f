//! MahjongScore benchmarks: the Riichi scorer against the brute-force reference of the tests
//! (tests/score_support/reference.rs) on the same hands in the same run.
//!
//! Run: `cargo bench --bench mahjong_score -- --warm-up-time 1 --measurement-time 3`

// `criterion_group!` defines a public function that cannot carry a doc comment.
#![allow(missing_docs)]

use std::hint::black_box;

use cardrules::mahjong::score::riichi::{RiichiContext, RiichiRules};
use cardrules::mahjong::score::{ScoreTable, ScoringRules, WinContext, WinInput, Wind, score};
use cardrules::mahjong::{Preset, Rules};
use cardrules::tiles::{Tile, parse_tiles};
use criterion::{Criterion, criterion_group, criterion_main};

#[path = "../tests/score_support/reference.rs"]
#[allow(dead_code, clippy::all)]
mod reference;

/// A closed 14-tile hand won by riichi tsumo with a dora indicator.
fn closed(hand: &str, winning: &str) -> WinInput {
    WinInput {
        hand: parse_tiles(hand).unwrap(),
        melds: Vec::new(),
        winning: winning.parse::<Tile>().unwrap(),
        red_fives: 1,
        context: WinContext {
            self_drawn: true,
            seat_wind: Wind::South,
            riichi: RiichiContext {
                riichi: true,
                dora_indicators: parse_tiles("3p").unwrap(),
                ..RiichiContext::default()
            },
            ..WinContext::default()
        },
    }
}

fn bench(c: &mut Criterion) {
    let rules = Rules::preset(Preset::Riichi);
    let r = RiichiRules::default();
    let table = ScoreTable::new(rules.clone(), ScoringRules::Riichi(r)).unwrap();
    let hands = [
        // A plain pinfu-tanyao hand: one reading.
        ("pinfu", closed("234567m345p678s55p", "7m")),
        // Pure one-suit pairs: many readings (ryanpeikou, chiitoitsu, pinfu or not).
        ("chinitsu_ryanpeikou", closed("22334455667788p", "2p")),
        // Nine gates: every standard reading of one suit.
        ("chuuren", closed("11123455678999m", "5m")),
    ];
    let mut group = c.benchmark_group("riichi_score");
    for (name, w) in &hands {
        group.bench_function(format!("fast/{name}"), |b| {
            b.iter(|| score(black_box(&table), black_box(w)).unwrap())
        });
        group.bench_function(format!("reference/{name}"), |b| {
            b.iter(|| reference::score(black_box(&rules), &r, black_box(w)))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
