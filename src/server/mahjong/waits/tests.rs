//! The answer written in one pass against the reference: the generated `pb` message built field
//! by field from the core's answer, as prost encodes it.

use prost::Message;

use super::super::{decomposition, hand_form, tile_list};
use super::{explained, waits};
use crate::error::InvalidArgument;
use crate::mahjong::{self, Exclusion, NotReady};
use crate::server::pb;
use crate::tiles::Tile;

/// The answer as the generated message: each field from the core's answer (the handler's own
/// [`explained`]), as the server meant it.
fn reference(
    request: &pb::MahjongWaitsRequest,
) -> Result<pb::MahjongWaitsResponse, InvalidArgument> {
    let explained = explained(request)?;
    let result = &explained.result;
    let live_total: u32 = result.waits().map(|w| w.live as u32).sum();
    let not_ready_reason = match result.not_ready() {
        None => pb::NotReadyReason::Unspecified,
        Some(NotReady::VoidSuit) => pb::NotReadyReason::VoidSuit,
        Some(NotReady::Karaten) => pb::NotReadyReason::Karaten,
        Some(NotReady::Shanten) => pb::NotReadyReason::Shanten,
    };
    let waits_text = tile_list(result.waits().map(|w| w.tile));
    let message = match not_ready_reason {
        _ if result.any_tile => "ready on any tile".to_string(),
        pb::NotReadyReason::Unspecified if result.winning == 0 => format!(
            "ready, but every wait is dead: {}",
            tile_list(result.excluded().map(|x| x.tile))
        ),
        pb::NotReadyReason::Unspecified => format!("ready on {waits_text} ({live_total} live)"),
        pb::NotReadyReason::VoidSuit => format!(
            "not ready: the hand still holds the void suit; {} shanten",
            result.shanten
        ),
        pb::NotReadyReason::Karaten => format!(
            "not ready: the only waits ({}) are dead through the player's own tiles",
            tile_list(result.excluded().map(|x| x.tile))
        ),
        pb::NotReadyReason::Shanten => format!("not ready: {} shanten", result.shanten),
    };
    let forms = |set: mahjong::FormSet| set.iter().map(|f| hand_form(f) as i32).collect();
    Ok(pb::MahjongWaitsResponse {
        ready: result.tenpai,
        shanten: result.shanten as u32,
        waits: result
            .waits()
            .map(|w| {
                let shown = explained.decomposition(w.tile);
                pb::Wait {
                    tile: w.tile.name().to_owned(),
                    live: w.live as u32,
                    forms: forms(w.forms),
                    wildcard_as: shown
                        .as_ref()
                        .map(|d| d.wildcard_as.iter().map(|t| t.name().to_owned()).collect())
                        .unwrap_or_default(),
                    decomposition: if request.decompose {
                        shown.as_ref().map(decomposition)
                    } else {
                        None
                    },
                }
            })
            .collect(),
        excluded: result
            .excluded()
            .map(|x| pb::ExcludedWait {
                tile: x.tile.name().to_owned(),
                reason: match x.reason {
                    Exclusion::KaratenHand => pb::WaitExclusion::KaratenHand,
                    Exclusion::KaratenMelds => pb::WaitExclusion::KaratenMelds,
                    Exclusion::AllVisible => pb::WaitExclusion::AllVisible,
                } as i32,
                forms: forms(x.forms),
            })
            .collect(),
        any_tile: result.any_tile,
        not_ready_reason: not_ready_reason as i32,
        message,
        live_total,
    })
}

/// A xorshift generator: the same hands on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn tile(t: usize) -> Tile {
    Tile::from_index(t).expect("a tile index")
}

/// Thirteen tiles: most of them one tile from a complete hand of some form (so that many are
/// ready, on waits of several forms), some anything.
fn thirteen(rng: &mut Rng) -> Vec<Tile> {
    let mut tiles: Vec<Tile> = match rng.below(6) {
        // Four groups and a pair.
        0..=2 => {
            let mut tiles = Vec::new();
            for _ in 0..4 {
                if rng.below(2) == 0 {
                    let start = rng.below(3) * 9 + rng.below(7);
                    tiles.extend((start..start + 3).map(tile));
                } else {
                    let t = rng.below(Tile::COUNT);
                    tiles.extend([tile(t); 3]);
                }
            }
            let pair = rng.below(Tile::COUNT);
            tiles.extend([tile(pair); 2]);
            tiles
        }
        // Seven pairs (some kinds maybe twice).
        3 => (0..7)
            .flat_map(|_| [tile(rng.below(Tile::COUNT)); 2])
            .collect(),
        // A knitted straight, a group and a pair.
        4 if rng.below(3) == 0 => {
            let mut tiles: Vec<Tile> = [0, 3, 6, 10, 13, 16, 20, 23, 26]
                .into_iter()
                .map(tile)
                .collect();
            let start = rng.below(3) * 9 + rng.below(7);
            tiles.extend((start..start + 3).map(tile));
            tiles.extend([tile(rng.below(Tile::COUNT)); 2]);
            tiles
        }
        // The thirteen orphans and one more, or a knitted pattern and honours.
        4 => {
            let orphans = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];
            let knitted = [0, 3, 6, 10, 13, 16, 20, 23, 26, 27, 28, 29, 30, 31, 32, 33];
            let kinds: &[usize] = if rng.below(2) == 0 {
                &orphans
            } else {
                &knitted
            };
            let mut tiles: Vec<Tile> = kinds.iter().map(|&t| tile(t)).collect();
            while tiles.len() > 14 {
                tiles.remove(rng.below(tiles.len()));
            }
            while tiles.len() < 14 {
                tiles.push(tile(kinds[rng.below(kinds.len())]));
            }
            tiles
        }
        _ => (0..14).map(|_| tile(rng.below(Tile::COUNT))).collect(),
    };
    tiles.remove(rng.below(tiles.len()));
    tiles
}

/// `t`, or a suited tile in its place when the preset's game lacks it (Sichuan has no
/// honours, Hongzhong only the red dragon).
fn in_game(preset: i32, t: Tile) -> Tile {
    let sichuan = preset == pb::MahjongPreset::Sichuan as i32;
    let hongzhong = preset == pb::MahjongPreset::Hongzhong as i32;
    if t.index() >= 27 && (sichuan || hongzhong && t.index() != 33) {
        tile(t.index() - 27)
    } else {
        t
    }
}

fn names(tiles: &[Tile]) -> String {
    tiles.iter().map(|t| t.name()).collect()
}

/// A request of `rng`'s choosing: any preset, sometimes a meld, visible tiles, a karaten policy,
/// extra wildcard copies, decompositions asked for or skipped.
fn request(rng: &mut Rng) -> pb::MahjongWaitsRequest {
    let preset = rng.below(5) as i32;
    let mut hand = thirteen(rng);
    if preset == pb::MahjongPreset::Hongzhong as i32 {
        // Some wildcards (red dragons).
        for _ in 0..rng.below(5) {
            let at = rng.below(hand.len());
            hand[at] = tile(33);
        }
    }
    let mut melds = Vec::new();
    if rng.below(4) == 0 {
        // A pon or a kan in place of three of the hand's tiles.
        let t = hand[rng.below(hand.len())];
        for _ in 0..3 {
            hand.remove(rng.below(hand.len()));
        }
        let kan = rng.below(2) == 0;
        melds.push(pb::Meld {
            kind: if kan {
                pb::MeldKind::Kan
            } else {
                pb::MeldKind::Pon
            } as i32,
            tiles: names(&[in_game(preset, t); 4][..3 + usize::from(kan)]),
            concealed: kan && rng.below(2) == 0,
        });
    }
    let visible: Vec<Tile> = (0..rng.below(8))
        .map(|_| tile(rng.below(Tile::COUNT)))
        .collect();
    let game = |tiles: &[Tile]| {
        let tiles: Vec<Tile> = tiles.iter().map(|&t| in_game(preset, t)).collect();
        names(&tiles)
    };
    let decompose = rng.below(4) == 0;
    pb::MahjongWaitsRequest {
        hand: game(&hand),
        melds,
        visible: game(&visible),
        rules: Some(pb::MahjongRules {
            preset,
            karaten_policy: rng.below(4) as i32,
            wildcard_copies: match rng.below(6) {
                0 if preset == pb::MahjongPreset::Hongzhong as i32 => Some(8),
                _ => None,
            },
            ..Default::default()
        }),
        decompose,
        skip_decompositions: !decompose && rng.below(2) == 0,
    }
}

/// The answers of many requests are prost's bytes for the reference's.
#[test]
fn answers_are_the_references_bytes() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let (mut answered, mut ready, mut listed, mut excluded, mut shown) = (0, 0, 0, 0, 0);
    let mut forms_seen = 0u8;
    for _ in 0..3_000 {
        let request = request(&mut rng);
        let ours = waits(request.clone());
        match (ours, reference(&request)) {
            (Ok(ours), Ok(expected)) => {
                let bytes = expected.encode_to_vec();
                assert_eq!(ours.encode_to_vec(), bytes, "{request:?}: {expected:?}");
                assert_eq!(ours.encoded_len(), bytes.len());
                answered += 1;
                ready += usize::from(expected.ready);
                listed += expected.waits.len();
                excluded += expected.excluded.len();
                shown += expected
                    .waits
                    .iter()
                    .filter(|w| !w.wildcard_as.is_empty() || w.decomposition.is_some())
                    .count();
                for f in expected.waits.iter().flat_map(|w| &w.forms) {
                    forms_seen |= 1 << f;
                }
            }
            (Err(ours), Err(expected)) => assert_eq!(ours, expected),
            (ours, expected) => panic!("{request:?}: ours {ours:?}, expected {expected:?}"),
        }
    }
    // The hands reach every part of the answer.
    assert!(answered > 2_000, "{answered} answered");
    assert!(
        ready > 1_000 && listed > 4_000,
        "{ready} ready, {listed} waits"
    );
    assert!(
        excluded > 100 && shown > 2_000,
        "{excluded} excluded, {shown} shown"
    );
    assert_eq!(forms_seen, 0b111_1110, "forms seen: {forms_seen:#b}");
}
