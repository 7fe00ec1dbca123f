//! Random complete Guobiao hands for the property tests and benchmarks: mostly standard hands
//! (open and concealed melds, sets biased to relate to each other so that combination fans
//! occur), plus seven pairs, thirteen orphans, honours-and-knitted, knitted straights and nine
//! gates, with random but consistent circumstances.

#![allow(dead_code)]

use cardrules::mahjong::score::guobiao::{GuobiaoWin, Wind};
use cardrules::mahjong::{Meld, MeldKind};
use cardrules::tiles::Tile;
use rand::Rng;
use rand::seq::{IndexedRandom, SliceRandom};

fn tile(i: usize) -> Tile {
    Tile::from_index(i).unwrap()
}

/// A random complete hand with consistent flags.
pub fn random_win(rng: &mut impl Rng) -> GuobiaoWin {
    loop {
        if let Some(w) = attempt(rng) {
            return w;
        }
    }
}

fn attempt(rng: &mut impl Rng) -> Option<GuobiaoWin> {
    let mut all = [0u8; 34];
    let mut concealed: Vec<usize> = Vec::new();
    let mut melds: Vec<Meld> = Vec::new();
    let take = |all: &mut [u8; 34], ts: &[usize]| -> bool {
        let mut c = *all;
        for &t in ts {
            c[t] += 1;
            if c[t] > 4 {
                return false;
            }
        }
        *all = c;
        true
    };
    let form = rng.random_range(0..100);
    if form < 8 {
        // Seven pairs (a quad now and then).
        let kinds = pool(rng);
        let mut pairs = 0;
        while pairs < 7 {
            let t = *kinds.choose(rng)?;
            if take(&mut all, &[t, t]) {
                concealed.extend([t, t]);
                pairs += 1;
            }
        }
    } else if form < 11 {
        let orphans = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];
        concealed.extend(orphans);
        concealed.push(*orphans.choose(rng)?);
    } else if form < 15 {
        let p = knitted(rng);
        let mut honors: Vec<usize> = (27..34).collect();
        honors.shuffle(rng);
        let n_honors = rng.random_range(5..=7);
        let mut numbered = p.clone();
        numbered.shuffle(rng);
        concealed.extend(&numbered[..14 - n_honors]);
        concealed.extend(&honors[..n_honors]);
    } else if form < 19 {
        let p = knitted(rng);
        concealed.extend(&p);
        take(&mut all, &p);
        let meld = rng.random_bool(0.3);
        let kinds = pool(rng);
        let set = random_set(rng, &kinds)?;
        if !take(&mut all, &set.1) {
            return None;
        }
        if meld {
            melds.push(as_meld(rng, set)?);
        } else {
            concealed.extend(&set.1);
        }
        let t = rng.random_range(0..34);
        if !take(&mut all, &[t, t]) {
            return None;
        }
        concealed.extend([t, t]);
    } else if form < 21 {
        let s = rng.random_range(0..3) * 9;
        concealed.extend([0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8].map(|k| s + k));
        concealed.push(s + rng.random_range(0..9));
    } else {
        let kinds = pool(rng);
        let n_melds = [0, 0, 0, 1, 1, 2, 2, 3, 4][rng.random_range(0..9)];
        let mut last: Option<usize> = None;
        for i in 0..4 {
            let mut set = random_set(rng, &kinds)?;
            // Relate half of the sets to the previous one (same number, shifted, other suit).
            if let (Some(prev), true) = (last, rng.random_bool(0.5))
                && prev < 27
            {
                let shift: i64 = [0, 1, 2, 3, 9, 18, -9, 6][rng.random_range(0..8)];
                let t = (prev as i64 + shift).rem_euclid(27) as usize;
                set = if set.0 == 0 && t % 9 <= 6 {
                    (0, vec![t, t + 1, t + 2])
                } else {
                    (1, vec![t; 3])
                };
            }
            last = Some(set.1[0]);
            let kan = i < n_melds && set.0 == 1 && rng.random_bool(0.3);
            let tiles = if kan {
                vec![set.1[0]; 4]
            } else {
                set.1.clone()
            };
            if !take(&mut all, &tiles) {
                return None;
            }
            if i < n_melds {
                let kind = if kan {
                    MeldKind::Kan
                } else if set.0 == 0 {
                    MeldKind::Chi
                } else {
                    MeldKind::Pon
                };
                let ts: Vec<Tile> = tiles.iter().map(|&t| tile(t)).collect();
                melds.push(Meld::from_tiles(kind, &ts, kan && rng.random_bool(0.5)).ok()?);
            } else {
                concealed.extend(&tiles);
            }
        }
        let t = *kinds.choose(rng)?;
        if !take(&mut all, &[t, t]) {
            return None;
        }
        concealed.extend([t, t]);
    }
    // Check the five-copies rule on the finished hand.
    let mut count = [0u8; 34];
    for &t in &concealed {
        count[t] += 1;
    }
    for m in &melds {
        for t in m.tiles() {
            count[t.index()] += 1;
        }
    }
    if count.iter().any(|&c| c > 4) {
        return None;
    }
    let winning = *concealed.choose(rng)?;
    let self_drawn = rng.random_bool(0.4);
    let has_kan = melds.iter().any(|m| m.kind == MeldKind::Kan);
    let conc_count = concealed.iter().filter(|&&t| t == winning).count();
    let winds = [Wind::East, Wind::South, Wind::West, Wind::North];
    Some(GuobiaoWin {
        concealed: concealed.iter().map(|&t| tile(t)).collect(),
        melds,
        winning_tile: tile(winning),
        self_drawn,
        seat_wind: *winds.choose(rng)?,
        round_wind: *winds.choose(rng)?,
        last_tile_of_kind: conc_count == 1 && rng.random_bool(0.1),
        last_tile_of_wall: rng.random_bool(0.1),
        kong_win: self_drawn && has_kan && rng.random_bool(0.3),
        robbing_kong: !self_drawn && count[winning] == 1 && rng.random_bool(0.1),
        flowers: rng.random_range(0..=8),
    })
}

/// The tile kinds a hand draws from: one to four of the suits/honours, favouring few.
fn pool(rng: &mut impl Rng) -> Vec<usize> {
    let mut groups = [0, 1, 2, 3];
    groups.shuffle(rng);
    let n = [1, 1, 2, 2, 2, 3, 3, 4][rng.random_range(0..8)];
    groups[..n]
        .iter()
        .flat_map(|&g| {
            if g == 3 {
                (27..34).collect::<Vec<_>>()
            } else {
                (g * 9..g * 9 + 9).collect()
            }
        })
        .collect()
}

/// A random set from the pool: (0 = chow, 1 = pung, its tiles).
fn random_set(rng: &mut impl Rng, kinds: &[usize]) -> Option<(u8, Vec<usize>)> {
    let t = *kinds.choose(rng)?;
    if t < 27 && t % 9 <= 6 && rng.random_bool(0.55) {
        Some((0, vec![t, t + 1, t + 2]))
    } else {
        Some((1, vec![t; 3]))
    }
}

fn as_meld(rng: &mut impl Rng, set: (u8, Vec<usize>)) -> Option<Meld> {
    let ts: Vec<Tile> = set.1.iter().map(|&t| tile(t)).collect();
    let kind = if set.0 == 0 {
        MeldKind::Chi
    } else {
        MeldKind::Pon
    };
    let _ = rng;
    Meld::from_tiles(kind, &ts, false).ok()
}

/// The nine tiles of a random knitted straight.
fn knitted(rng: &mut impl Rng) -> Vec<usize> {
    let mut suits = [0, 1, 2];
    suits.shuffle(rng);
    (0..3)
        .flat_map(|j| (0..3).map(move |k| suits[j] * 9 + j + 3 * k))
        .collect()
}
