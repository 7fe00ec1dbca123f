//! Shared helpers for the scoring tests: hands from strings, and (in `reference`) the
//! brute-force Riichi scorer.
#![allow(dead_code)]

pub mod reference;

use cardrules::mahjong::score::riichi::RiichiContext;
use cardrules::mahjong::score::{
    Score, ScoreError, ScoreTable, ScoringRules, WinContext, WinInput, Wind, score,
};
use cardrules::mahjong::{Meld, MeldKind, Rules};
use cardrules::tiles::{Tile, parse_tiles};

/// Scores through the one entry point, with tile rules and the same rule set's options.
pub fn score_under(
    rules: &Rules,
    scoring: ScoringRules,
    w: &WinInput,
) -> Result<Score, ScoreError> {
    score(
        &ScoreTable::new(rules.clone(), scoring).expect("options of the rules' rule set"),
        w,
    )
}

/// A meld from its tiles (`"555z"`), a `+` prefix for a concealed kan (`"+1111m"`).
pub fn meld(text: &str) -> Meld {
    let (concealed, text) = match text.strip_prefix('+') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    Meld::from_tiles_any_kind(&parse_tiles(text).unwrap(), concealed).unwrap()
}

/// A win: concealed tiles including the winning tile, melds, the winning tile; a ron by South
/// on West's discard in an East round unless changed.
pub fn win(hand: &str, melds: &[&str], winning: &str) -> WinInput {
    WinInput {
        hand: parse_tiles(hand).unwrap(),
        melds: melds.iter().map(|m| meld(m)).collect(),
        winning: winning.parse::<Tile>().unwrap(),
        red_fives: hand.chars().filter(|&c| c == '0').count() as u8,
        context: WinContext {
            self_drawn: false,
            seat_wind: Wind::South,
            round_wind: Wind::East,
            discarder: Some(Wind::West),
            ..WinContext::default()
        },
    }
}

/// The same win, self-drawn.
pub fn tsumo(mut w: WinInput) -> WinInput {
    w.context.self_drawn = true;
    w.context.discarder = None;
    w
}

/// The same win with riichi declared.
pub fn riichi(mut w: WinInput) -> WinInput {
    w.context.riichi = RiichiContext {
        riichi: true,
        ..w.context.riichi
    };
    w
}

/// Whether a meld kind is a kan (for generators).
pub fn is_kan(m: &Meld) -> bool {
    m.kind == MeldKind::Kan
}

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// A random complete (or, one time in eight, random) Riichi hand with a random context that
/// respects the rules of the situation (riichi closed only, rinshan with a kan, ...). Biased to
/// one-suit and honour-heavy hands, seven pairs and thirteen orphans, where readings differ.
pub fn random_win(seed: u64) -> WinInput {
    let mut rng = StdRng::seed_from_u64(seed);
    loop {
        if let Some(w) = try_random_win(&mut rng) {
            return w;
        }
    }
}

fn try_random_win(rng: &mut StdRng) -> Option<WinInput> {
    let mode = rng.random_range(0..8);
    let pool: Vec<usize> = match mode {
        1 => {
            let s = rng.random_range(0..3) * 9;
            (s..s + 9).collect()
        }
        2 => {
            let s = rng.random_range(0..3) * 9;
            (s..s + 9).chain(27..34).collect()
        }
        3 => vec![
            0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33, 1, 7, 19, 25,
        ],
        _ => (0..34).collect(),
    };
    let pick = |rng: &mut StdRng| pool[rng.random_range(0..pool.len())];
    let mut concealed: Vec<usize> = Vec::new();
    let mut melds: Vec<Meld> = Vec::new();
    let tile = |i: usize| Tile::from_index(i).unwrap();
    match mode {
        4 => {
            // Seven pairs.
            let mut kinds: Vec<usize> = Vec::new();
            while kinds.len() < 7 {
                let t = pick(rng);
                if !kinds.contains(&t) {
                    kinds.push(t);
                }
            }
            for t in kinds {
                concealed.extend([t, t]);
            }
        }
        5 => {
            // Thirteen orphans.
            let orphans = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];
            concealed.extend(orphans);
            concealed.push(orphans[rng.random_range(0..13)]);
        }
        7 => {
            for _ in 0..14 {
                concealed.push(pick(rng));
            }
        }
        _ => {
            let n_melds = if rng.random_bool(0.5) {
                0
            } else {
                rng.random_range(1..=4)
            };
            for k in 0..4 {
                let run = rng.random_bool(0.5);
                let t = pick(rng);
                let declared = k < n_melds;
                if run {
                    if t >= 27 || t % 9 > 6 {
                        return None;
                    }
                    if declared {
                        melds.push(
                            Meld::from_tiles(
                                MeldKind::Chi,
                                &[tile(t), tile(t + 1), tile(t + 2)],
                                false,
                            )
                            .unwrap(),
                        );
                    } else {
                        concealed.extend([t, t + 1, t + 2]);
                    }
                } else if declared {
                    let kan = rng.random_bool(0.35);
                    let closed = kan && rng.random_bool(0.5);
                    let n = if kan { 4 } else { 3 };
                    let kind = if kan { MeldKind::Kan } else { MeldKind::Pon };
                    melds.push(Meld::from_tiles(kind, &vec![tile(t); n], closed).unwrap());
                } else {
                    concealed.extend([t, t, t]);
                }
            }
            let p = pick(rng);
            concealed.extend([p, p]);
        }
    }
    // Copies, counting everything.
    let mut all = [0u8; 34];
    for &t in &concealed {
        all[t] += 1;
    }
    for m in &melds {
        for t in m.tiles() {
            all[t.index()] += 1;
        }
    }
    if all.iter().any(|&c| c > 4) {
        return None;
    }
    let winning = concealed[rng.random_range(0..concealed.len())];
    // A robbed tile is the fourth copy: only a winning tile held once can be robbed.
    let winning_held = all[winning];
    let closed = melds.iter().all(|m| m.concealed);
    let has_kan = melds.iter().any(|m| m.kind == MeldKind::Kan);
    let self_drawn = rng.random_bool(0.5);
    let seat_wind = Wind::ALL[rng.random_range(0..4)];
    let round_wind = Wind::ALL[rng.random_range(0..2)];
    let riichi_flag = closed && rng.random_bool(0.4);
    let double = riichi_flag && rng.random_bool(0.1);
    let mut indicators = Vec::new();
    let mut ura = Vec::new();
    for (list, n) in [
        (&mut indicators, rng.random_range(0..3)),
        (&mut ura, rng.random_range(0..2)),
    ] {
        for _ in 0..n {
            let t = rng.random_range(0..34);
            if all[t] < 4 {
                all[t] += 1;
                list.push(tile(t));
            }
        }
    }
    // The dealer's first-turn win is self-drawn (tenhou): on a discard it is refused.
    let first_turn = melds.is_empty()
        && !riichi_flag
        && rng.random_bool(0.05)
        && (self_drawn || seat_wind != Wind::East);
    let fives: u8 = concealed
        .iter()
        .filter(|&&t| t < 27 && t % 9 == 4)
        .count()
        .min(rng.random_range(0..3)) as u8;
    let discarder =
        (!self_drawn).then(|| Wind::ALL[(seat_wind as usize + rng.random_range(1..4)) % 4]);
    let last_tile = rng.random_bool(0.1);
    let after_kong = self_drawn && has_kan && rng.random_bool(0.2);
    let robbing_kong = !self_drawn && rng.random_bool(0.05) && winning_held == 1;
    Some(WinInput {
        hand: concealed.iter().map(|&t| tile(t)).collect(),
        melds,
        winning: tile(winning),
        red_fives: fives,
        context: WinContext {
            self_drawn,
            seat_wind,
            round_wind,
            discarder,
            // The last tile is neither a kong's replacement tile nor a robbed kong's tile (the
            // scorer refuses those together).
            last_tile: last_tile && !after_kong && !robbing_kong,
            after_kong,
            robbing_kong,
            riichi: RiichiContext {
                riichi: riichi_flag,
                double_riichi: double,
                ippatsu: riichi_flag && rng.random_bool(0.2),
                first_turn,
                dora_indicators: indicators,
                ura_dora_indicators: ura,
                honba: rng.random_range(0..3),
                riichi_sticks: rng.random_range(0..3),
            },
            ..WinContext::default()
        },
    })
}
