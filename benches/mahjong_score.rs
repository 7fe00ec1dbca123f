//! MahjongScore benchmarks: the Riichi scorer against the brute-force reference of the tests
//! (tests/score_support/reference.rs) on the same hands in the same run, and the Riichi scorer
//! over a few thousand seeded winning hands of every yaku (`riichi_score/varied`, one hand per
//! iteration).
//!
//! Run: `cargo bench --bench mahjong_score -- --warm-up-time 1 --measurement-time 3`
//!
//! With `RIICHI_HANDS_JSON=PATH` set, the varied hands are also written to PATH, one JSON
//! object a line (tiles as 136-tile ids, red fives as copy 0 of a five, context flags, and the
//! han, fu, yakuman, points and yaku this scorer gives), so that another scorer can be timed
//! and checked on the same hands.
//!
//! Allocator: with the default features the bench allocates with mimalloc, the allocator the
//! shipped server links (src/main.rs), so that the price of an answer's allocations (the
//! decomposition's groups, the element, fu and payment lists) is the one the server pays. With
//! `--no-default-features` it uses the system allocator (glibc malloc on Linux):
//! `cargo bench --no-default-features --bench mahjong_score`. With glibc a varied hand took
//! about 12% more instructions (4,072 against 3,621 under callgrind, the answer's drop
//! included), though in wall time the two were within a few percent of each other.

// `criterion_group!` defines a public function that cannot carry a doc comment.
#![allow(missing_docs)]

/// The shipped server's allocator (see the module comment).
#[cfg(feature = "server")]
#[global_allocator]
static ALLOCATOR: cardrules::allocator::Allocator = cardrules::allocator::Allocator;

use std::hint::black_box;

use cardrules::mahjong::score::riichi::{RiichiContext, RiichiRules, YAKU, dora_of};
use cardrules::mahjong::score::{
    Score, ScoreTable, ScoringRules, WinContext, WinInput, Wind, score,
};
use cardrules::mahjong::{Meld, MeldKind, Preset, Rules};
use cardrules::tiles::{Tile, parse_tiles};
use criterion::{Criterion, criterion_group, criterion_main};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

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

/// How many varied hands the `varied` benchmark cycles through.
const VARIED_HANDS: usize = 4000;

/// A group of a generated standard hand: a run (lowest tile) or a triplet.
#[derive(Clone, Copy)]
enum G {
    Run(usize),
    Triplet(usize),
}

/// The themes the generator draws from, so that every yaku (limits and yakuman included) is
/// among the hands: random tiles, one suit, one suit and honours, terminals and honours,
/// simples, dragons, winds, honours only, green tiles, sanshoku, ittsu, sanshoku doukou, twin
/// runs, all triplets, chuuren, seven pairs, kokushi; with the weight of each (plain hands
/// most often, the yakuman shapes rarely).
const THEMES: usize = 17;
const WEIGHTS: [u32; THEMES] = [28, 6, 8, 5, 10, 3, 3, 1, 1, 5, 5, 2, 5, 5, 1, 8, 1];

/// A theme drawn by [`WEIGHTS`].
fn draw_theme(rng: &mut StdRng) -> usize {
    let mut x = rng.random_range(0..WEIGHTS.iter().sum::<u32>());
    WEIGHTS
        .iter()
        .position(|&w| {
            let hit = x < w;
            x = x.saturating_sub(w);
            hit
        })
        .expect("a theme")
}

/// Tiles of a pool theme.
fn pool(theme: usize, rng: &mut StdRng) -> Vec<usize> {
    let suit = rng.random_range(0..3) * 9;
    match theme {
        1 => (suit..suit + 9).collect(),
        2 => (suit..suit + 9).chain(27..34).collect(),
        // Terminals and honours, or (chinroutou) terminals alone.
        3 if rng.random_bool(0.5) => vec![0, 8, 9, 17, 18, 26],
        3 => vec![0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33],
        4 => (0..27).filter(|t| !matches!(t % 9, 0 | 8)).collect(),
        7 => (27..34).collect(),
        8 => vec![19, 20, 21, 23, 25, 32],
        _ => (0..34).collect(),
    }
}

/// Four groups and a pair for a standard theme.
fn standard_groups(theme: usize, rng: &mut StdRng) -> (Vec<G>, usize) {
    let p = pool(theme, rng);
    let pick = |rng: &mut StdRng| p[rng.random_range(0..p.len())];
    let any_group = |rng: &mut StdRng, runs: bool| {
        let t = pick(rng);
        let run_fits = t < 27 && t % 9 <= 6 && p.contains(&(t + 1)) && p.contains(&(t + 2));
        if runs && run_fits && rng.random_bool(0.6) {
            G::Run(t)
        } else {
            G::Triplet(t)
        }
    };
    let n = rng.random_range(0..7);
    let suit = rng.random_range(0..3) * 9;
    let mut groups: Vec<G> = match theme {
        5 => {
            let mut d = vec![G::Triplet(31), G::Triplet(32), G::Triplet(33)];
            d.truncate(rng.random_range(2..4));
            d
        }
        6 => {
            let mut w = vec![
                G::Triplet(27),
                G::Triplet(28),
                G::Triplet(29),
                G::Triplet(30),
            ];
            w.shuffle(rng);
            w.truncate(rng.random_range(3..5));
            w
        }
        9 => vec![G::Run(n), G::Run(n + 9), G::Run(n + 18)],
        10 => vec![G::Run(suit), G::Run(suit + 3), G::Run(suit + 6)],
        11 => {
            let n = rng.random_range(0..9);
            vec![G::Triplet(n), G::Triplet(n + 9), G::Triplet(n + 18)]
        }
        12 => {
            let t = suit + n;
            if rng.random_bool(0.5) {
                let u = rng.random_range(0..3) * 9 + rng.random_range(0..7);
                vec![G::Run(t), G::Run(t), G::Run(u), G::Run(u)]
            } else {
                vec![G::Run(t), G::Run(t)]
            }
        }
        _ => Vec::new(),
    };
    let runs = theme != 13;
    while groups.len() < 4 {
        groups.push(any_group(rng, runs));
    }
    let pair = match theme {
        5 if groups
            .iter()
            .filter(|g| matches!(g, G::Triplet(31..=33)))
            .count()
            == 2 =>
        {
            31 + rng.random_range(0..3)
        }
        6 => 27 + rng.random_range(0..4),
        _ => pick(rng),
    };
    (groups, pair)
}

/// One generated hand: the input and which suits' red five it holds (for the JSON export).
struct Generated {
    input: WinInput,
    red_suits: Vec<usize>,
}

/// A random hand of a random theme with a random context that respects the rules of the
/// situation; `None` when the draw breaks a rule (five copies, a context the rules refuse).
fn generate(rng: &mut StdRng) -> Option<Generated> {
    let theme = draw_theme(rng);
    let tile = |i: usize| Tile::from_index(i).expect("tile index");
    let mut concealed: Vec<usize> = Vec::new();
    let mut melds: Vec<Meld> = Vec::new();
    match theme {
        14 => {
            let suit = rng.random_range(0..3) * 9;
            concealed.extend([0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8].map(|k| suit + k));
            concealed.push(suit + rng.random_range(0..9));
        }
        15 => {
            let p = pool(draw_theme(rng), rng);
            let mut kinds = p.clone();
            kinds.shuffle(rng);
            if kinds.len() < 7 {
                return None;
            }
            for &t in &kinds[..7] {
                concealed.extend([t, t]);
            }
        }
        16 => {
            let orphans = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];
            concealed.extend(orphans);
            concealed.push(orphans[rng.random_range(0..13)]);
        }
        _ => {
            let (mut groups, pair) = standard_groups(theme, rng);
            groups.shuffle(rng);
            let declared = if rng.random_bool(0.5) {
                0
            } else {
                rng.random_range(1..=4)
            };
            let kans = if theme == 13 { 0.6 } else { 0.2 };
            for (k, g) in groups.into_iter().enumerate() {
                match (g, k < declared) {
                    (G::Run(t), false) => concealed.extend([t, t + 1, t + 2]),
                    (G::Triplet(t), false) => concealed.extend([t, t, t]),
                    (G::Run(t), true) => melds.push(Meld {
                        kind: MeldKind::Chi,
                        tile: tile(t),
                        concealed: false,
                    }),
                    (G::Triplet(t), true) => {
                        let kan = rng.random_bool(kans);
                        melds.push(Meld {
                            kind: if kan { MeldKind::Kan } else { MeldKind::Pon },
                            tile: tile(t),
                            concealed: kan && rng.random_bool(0.5),
                        });
                    }
                }
            }
            concealed.extend([pair, pair]);
        }
    }
    let mut all = [0u8; 34];
    for &t in &concealed {
        all[t] += 1;
    }
    for m in &melds {
        for t in m.tiles() {
            all[t.index()] += 1;
        }
    }
    let winning = concealed[rng.random_range(0..concealed.len())];
    let winning_held = all[winning];
    let closed = melds.iter().all(|m| m.concealed);
    let has_kan = melds.iter().any(|m| m.kind == MeldKind::Kan);
    let self_drawn = rng.random_bool(0.5);
    let seat_wind = Wind::ALL[rng.random_range(0..4)];
    let round_wind = Wind::ALL[rng.random_range(0..4)];
    let riichi = closed && rng.random_bool(0.45);
    let double_riichi = riichi && rng.random_bool(0.1);
    let ippatsu = riichi && rng.random_bool(0.25);
    let after_kong = self_drawn && has_kan && rng.random_bool(0.4);
    let robbing_kong = !self_drawn && winning_held == 1 && rng.random_bool(0.05);
    let last_tile = !after_kong && !robbing_kong && rng.random_bool(0.06);
    let first_turn = melds.is_empty()
        && !riichi
        && !last_tile
        && (self_drawn || seat_wind != Wind::East)
        && rng.random_bool(0.03);
    // Indicators: often the tile before one of the hand's, so that dora (and counted
    // yakuman) come up.
    let indicator = |rng: &mut StdRng, all: &mut [u8; 34]| -> Option<Tile> {
        let t = if rng.random_bool(0.5) {
            let held = concealed[rng.random_range(0..concealed.len())];
            (0..34).find(|&i| dora_of(tile(i)).index() == held)?
        } else {
            rng.random_range(0..34)
        };
        all[t] += 1;
        Some(tile(t))
    };
    let mut dora_indicators = Vec::new();
    for _ in 0..rng.random_range(1..=if has_kan { 5 } else { 3 }) {
        dora_indicators.push(indicator(rng, &mut all)?);
    }
    let mut ura_dora_indicators = Vec::new();
    if riichi {
        for _ in 0..dora_indicators.len() {
            ura_dora_indicators.push(indicator(rng, &mut all)?);
        }
    }
    if all.iter().any(|&c| c > 4) {
        return None;
    }
    // A suit's red five, when the hand or its melds hold a five of it (always when all four
    // are out, since one of them is the red one).
    let mut red_suits = Vec::new();
    for s in 0..3 {
        let five = s * 9 + 4;
        let held =
            concealed.contains(&five) || melds.iter().any(|m| m.tiles().any(|t| t.index() == five));
        if held && (all[five] == 4 || rng.random_bool(0.5)) {
            red_suits.push(s);
        }
    }
    let discarder = (!self_drawn && rng.random_bool(0.8)).then(|| {
        loop {
            let w = Wind::ALL[rng.random_range(0..4)];
            if w != seat_wind {
                break w;
            }
        }
    });
    Some(Generated {
        input: WinInput {
            hand: concealed.iter().map(|&t| tile(t)).collect(),
            melds,
            winning: tile(winning),
            red_fives: red_suits.len() as u8,
            context: WinContext {
                self_drawn,
                seat_wind,
                round_wind,
                discarder,
                last_tile,
                after_kong,
                robbing_kong,
                riichi: RiichiContext {
                    riichi: riichi && !double_riichi,
                    double_riichi,
                    ippatsu,
                    first_turn,
                    dora_indicators,
                    ura_dora_indicators,
                    honba: rng.random_range(0..3),
                    riichi_sticks: rng.random_range(0..3),
                },
                ..WinContext::default()
            },
        },
        red_suits,
    })
}

/// `n` seeded valid winning hands (well-formed and scoring, with a yaku) and their scores.
fn varied_hands(table: &ScoreTable, n: usize) -> Vec<(Generated, Score)> {
    let mut rng = StdRng::seed_from_u64(25);
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let Some(g) = generate(&mut rng) else {
            continue;
        };
        if let Ok(s) = score(table, &g.input)
            && s.invalid.is_none()
        {
            out.push((g, s));
        }
    }
    out
}

/// Writes the hands as JSON lines (see the module doc) and prints how often each yaku came up.
fn export(path: &str, hands: &[(Generated, Score)]) {
    use std::collections::BTreeMap;
    use std::fmt::Write as _;
    let mut text = String::new();
    let mut seen: BTreeMap<&str, usize> = BTreeMap::new();
    for (g, s) in hands {
        let w = &g.input;
        // 136-tile ids: kind * 4 + copy, copy 0 of a five being its suit's red five.
        let mut next = [0u8; 34];
        for s in 0..3 {
            if !g.red_suits.contains(&s) {
                next[s * 9 + 4] = 1;
            }
        }
        let mut id = |t: Tile| {
            let k = t.index();
            next[k] += 1;
            k * 4 + usize::from(next[k] - 1)
        };
        let ids = |v: Vec<usize>| {
            v.iter()
                .map(|i| i.to_string())
                .collect::<Vec<_>>()
                .join(",")
        };
        let hand: Vec<usize> = w.hand.iter().map(|&t| id(t)).collect();
        let win = hand[w.hand.iter().position(|&t| t == w.winning).expect("held")];
        let mut melds = Vec::new();
        for m in &w.melds {
            let kind = match m.kind {
                MeldKind::Chi => "chi",
                MeldKind::Pon => "pon",
                MeldKind::Kan => "kan",
            };
            let tiles: Vec<usize> = m.tiles().map(&mut id).collect();
            melds.push(format!(
                r#"{{"type":"{kind}","opened":{},"tiles":[{}]}}"#,
                !m.concealed,
                ids(tiles)
            ));
        }
        let r = &w.context.riichi;
        let dora: Vec<usize> = r.dora_indicators.iter().map(|&t| id(t)).collect();
        let ura: Vec<usize> = r.ura_dora_indicators.iter().map(|&t| id(t)).collect();
        let c = &w.context;
        let yaku: Vec<String> = s
            .elements
            .iter()
            .filter(|e| !matches!(e.id, "riichi.dora" | "riichi.red_five" | "riichi.ura_dora"))
            .map(|e| format!(r#""{}""#, e.id))
            .collect();
        for e in &s.elements {
            *seen.entry(e.id).or_default() += 1;
        }
        if let Some(l) = s.totals.limit {
            *seen
                .entry(
                    [
                        "mangan",
                        "haneman",
                        "baiman",
                        "sanbaiman",
                        "kazoe",
                        "yakuman",
                    ][l as usize],
                )
                .or_default() += 1;
        }
        let _ = writeln!(
            text,
            r#"{{"hand":[{}],"win":{win},"melds":[{}],"dora":[{}],"ura":[{}],"tsumo":{},"riichi":{},"double_riichi":{},"ippatsu":{},"rinshan":{},"chankan":{},"haitei":{},"houtei":{},"first_turn":{},"seat":{},"round":{},"honba":{},"sticks":{},"red":{},"han":{},"fu":{},"yakuman":{},"base":{},"gain":{},"limit":"{}","yaku":[{}]}}"#,
            ids(hand),
            melds.join(","),
            ids(dora),
            ids(ura),
            c.self_drawn,
            r.riichi,
            r.double_riichi,
            r.ippatsu,
            c.after_kong,
            c.robbing_kong,
            c.last_tile && c.self_drawn,
            c.last_tile && !c.self_drawn,
            r.first_turn,
            c.seat_wind as u8,
            c.round_wind as u8,
            r.honba,
            r.riichi_sticks,
            w.red_fives,
            s.totals.han,
            s.totals.fu,
            s.totals.yakuman,
            s.totals.base_points,
            s.totals.winner_gain,
            s.totals.limit_name,
            yaku.join(","),
        );
    }
    std::fs::write(path, text).expect("write the hands");
    eprintln!(
        "{} hands written to {path}; elements and limits seen:",
        hands.len()
    );
    let missing: Vec<&str> = YAKU
        .iter()
        .map(|y| y.id)
        .filter(|id| !seen.contains_key(id))
        .collect();
    for (id, n) in seen {
        eprintln!("  {id}: {n}");
    }
    eprintln!("  yaku not among the hands: {missing:?}");
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
    let varied = varied_hands(&table, VARIED_HANDS);
    if let Ok(path) = std::env::var("RIICHI_HANDS_JSON") {
        export(&path, &varied);
    }
    let inputs: Vec<WinInput> = varied.into_iter().map(|(g, _)| g.input).collect();
    let mut next = 0;
    group.bench_function("varied", |b| {
        b.iter(|| {
            let w = &inputs[next];
            next = (next + 1) % inputs.len();
            score(black_box(&table), black_box(w)).unwrap()
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
