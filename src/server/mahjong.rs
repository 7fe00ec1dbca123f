//! `MahjongWaits` and `MahjongAnalyze`: proto <-> [`crate::mahjong`]. Parsing and formatting
//! only; every answer comes from the core.

use super::enums::decode;
use super::pb;
use crate::error::InvalidArgument;
use crate::mahjong::{
    self, Decomposition, Exclusion, Form, GroupKind, KaratenPolicy, Meld, MeldKind, NotReady,
    Preset, RuleOverrides, Rules,
};
use crate::tiles::{Tile, TileSuit, format_tiles, parse_tiles};

/// Answers a `MahjongWaitsRequest`.
pub fn waits(
    request: pb::MahjongWaitsRequest,
) -> Result<pb::MahjongWaitsResponse, InvalidArgument> {
    let input = Input::parse(
        request.rules.as_ref(),
        &request.hand,
        &request.melds,
        &request.visible,
    )?;
    let explain = request.decompose || input.rules.wildcards != 0;
    let explained = if explain {
        mahjong::waits_explained(&input.rules, &input.hand, &input.melds, &input.visible)?
    } else {
        mahjong::ExplainedWaits {
            result: mahjong::waits(&input.rules, &input.hand, &input.melds, &input.visible)?,
            decompositions: Vec::new(),
        }
    };
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
                        .map(|d| d.wildcard_as.iter().map(|t| t.name().to_owned()).collect())
                        .unwrap_or_default(),
                    decomposition: if request.decompose {
                        shown.map(decomposition)
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

/// Answers a `MahjongAnalyzeRequest`.
pub fn analyze(
    request: pb::MahjongAnalyzeRequest,
) -> Result<pb::MahjongAnalyzeResponse, InvalidArgument> {
    let input = Input::parse(
        request.rules.as_ref(),
        &request.hand,
        &request.melds,
        &request.visible,
    )?;
    let result = mahjong::analyze(&input.rules, &input.hand, &input.melds, &input.visible)?;
    let message = match (&result.decomposition, result.discards.first()) {
        (Some(d), _) if result.complete => format!("complete ({})", form_name(d.form)),
        (_, Some(best)) if best.shanten == 0 => format!(
            "discard {}: ready on {} ({} live)",
            best.discard,
            tile_list(result.improving(best).map(|i| i.tile)),
            best.improving_live
        ),
        (_, Some(best)) => format!(
            "discard {}: {} shanten, {} improving tiles live",
            best.discard, best.shanten, best.improving_live
        ),
        _ => String::new(),
    };
    Ok(pb::MahjongAnalyzeResponse {
        complete: result.complete,
        decomposition: result.decomposition.as_ref().map(decomposition),
        shanten: result.shanten as i32,
        discards: result
            .discards
            .iter()
            .map(|d| pb::DiscardOption {
                discard: d.discard.name().to_owned(),
                shanten: d.shanten as u32,
                improving: result
                    .improving(d)
                    .map(|i| pb::ImprovingTile {
                        tile: i.tile.name().to_owned(),
                        live: i.live as u32,
                    })
                    .collect(),
                improving_live: d.improving_live,
            })
            .collect(),
        message,
    })
}

/// A request's rules and tiles, parsed.
struct Input {
    rules: Rules,
    hand: Vec<Tile>,
    melds: Vec<Meld>,
    visible: Vec<Tile>,
}

impl Input {
    /// Parses every field, collecting all violations before giving up.
    fn parse(
        rules: Option<&pb::MahjongRules>,
        hand: &str,
        melds: &[pb::Meld],
        visible: &str,
    ) -> Result<Input, InvalidArgument> {
        let mut errors = InvalidArgument::default();
        let rules = match parse_rules(rules) {
            Ok(r) => Some(r),
            Err(e) => {
                errors.violations.extend(e.violations);
                None
            }
        };
        let hand = tiles(&mut errors, "hand", hand);
        let melds: Vec<Meld> = melds
            .iter()
            .enumerate()
            .filter_map(|(i, m)| parse_meld(&mut errors, i, m))
            .collect();
        let visible = tiles(&mut errors, "visible", visible);
        let rules = errors
            .or_ok(rules)?
            .expect("rules parsed when no violation");
        Ok(Input {
            rules,
            hand,
            melds,
            visible,
        })
    }
}

pub(super) fn tiles(errors: &mut InvalidArgument, field: &str, text: &str) -> Vec<Tile> {
    parse_tiles(text).unwrap_or_else(|e| {
        errors.push(field, e.to_string());
        Vec::new()
    })
}

pub(super) fn parse_meld(errors: &mut InvalidArgument, i: usize, m: &pb::Meld) -> Option<Meld> {
    let field = format!("melds[{i}]");
    let tiles = match parse_tiles(&m.tiles) {
        Ok(t) => t,
        Err(e) => {
            errors.push(field, e.to_string());
            return None;
        }
    };
    let meld = match decode(m.kind, &format!("melds[{i}].kind"), "meld kind", errors)? {
        pb::MeldKind::Chi => Meld::from_tiles(MeldKind::Chi, &tiles, m.concealed),
        pb::MeldKind::Pon => Meld::from_tiles(MeldKind::Pon, &tiles, m.concealed),
        pb::MeldKind::Kan => Meld::from_tiles(MeldKind::Kan, &tiles, m.concealed),
        pb::MeldKind::Unspecified => Meld::from_tiles_any_kind(&tiles, m.concealed),
    };
    match meld {
        Ok(meld) => Some(meld),
        Err(reason) => {
            errors.push(field, reason.to_string());
            None
        }
    }
}

pub(super) fn parse_rules(rules: Option<&pb::MahjongRules>) -> Result<Rules, InvalidArgument> {
    let default = pb::MahjongRules::default();
    let r = rules.unwrap_or(&default);
    let mut errors = InvalidArgument::default();
    let preset = match decode(r.preset, "rules.preset", "preset", &mut errors) {
        Some(pb::MahjongPreset::Unspecified | pb::MahjongPreset::Riichi) | None => Preset::Riichi,
        Some(pb::MahjongPreset::Guobiao) => Preset::Guobiao,
        Some(pb::MahjongPreset::Sichuan) => Preset::Sichuan,
        Some(pb::MahjongPreset::Hongzhong) => Preset::Hongzhong,
    };
    let policy = decode(
        r.karaten_policy,
        "rules.karaten_policy",
        "karaten policy",
        &mut errors,
    );
    let karaten = match policy {
        Some(pb::KaratenPolicy::Unspecified) | None => None,
        Some(pb::KaratenPolicy::HandNotReady) => Some(KaratenPolicy::HandNotReady),
        Some(pb::KaratenPolicy::OwnTilesNotReady) => Some(KaratenPolicy::OwnTilesNotReady),
        Some(pb::KaratenPolicy::Ready) => Some(KaratenPolicy::Ready),
    };
    let void_suit = match decode(r.void_suit, "rules.void_suit", "suit", &mut errors) {
        Some(pb::MahjongSuit::Unspecified) | None => None,
        Some(pb::MahjongSuit::Characters) => Some(Some(TileSuit::Man)),
        Some(pb::MahjongSuit::Dots) => Some(Some(TileSuit::Pin)),
        Some(pb::MahjongSuit::Bamboo) => Some(Some(TileSuit::Sou)),
    };
    let wildcards = r.wildcards.as_ref().and_then(|w| match parse_tiles(w) {
        Ok(t) => Some(t),
        Err(e) => {
            errors.push("rules.wildcards", e.to_string());
            None
        }
    });
    let wildcard_copies = r
        .wildcard_copies
        .map(|c| u8::try_from(c).unwrap_or(u8::MAX));
    errors.or_ok(())?;
    let overrides = RuleOverrides {
        seven_pairs: r.seven_pairs,
        seven_pairs_quads: r.seven_pairs_quads,
        thirteen_orphans: r.thirteen_orphans,
        knitted: r.knitted,
        wildcards,
        honors: r.honors,
        three_player: r.three_player,
        void_suit,
        chi: r.chi,
        karaten,
        wildcard_fifth_copy: r.wildcard_fifth_copy,
        wildcard_copies,
    };
    Ok(Rules::with_overrides(preset, &overrides)?)
}

fn forms(set: mahjong::FormSet) -> Vec<i32> {
    set.iter().map(|f| hand_form(f) as i32).collect()
}

fn hand_form(f: Form) -> pb::HandForm {
    match f {
        Form::Standard => pb::HandForm::Standard,
        Form::SevenPairs => pb::HandForm::SevenPairs,
        Form::ThirteenOrphans => pb::HandForm::ThirteenOrphans,
        Form::KnittedHonors => pb::HandForm::KnittedHonors,
        Form::SevenStarKnitted => pb::HandForm::SevenStarKnitted,
        Form::KnittedStraight => pb::HandForm::KnittedStraight,
    }
}

fn form_name(f: Form) -> &'static str {
    match f {
        Form::Standard => "standard",
        Form::SevenPairs => "seven pairs",
        Form::ThirteenOrphans => "thirteen orphans",
        Form::KnittedHonors => "全不靠",
        Form::SevenStarKnitted => "七星不靠",
        Form::KnittedStraight => "组合龙",
    }
}

pub(super) fn decomposition(d: &Decomposition) -> pb::Decomposition {
    pb::Decomposition {
        form: hand_form(d.form) as i32,
        groups: d
            .groups
            .iter()
            .map(|g| pb::TileGroup {
                kind: match g.kind {
                    GroupKind::Pair => pb::TileGroupKind::Pair,
                    GroupKind::Triplet => pb::TileGroupKind::Triplet,
                    GroupKind::Sequence => pb::TileGroupKind::Sequence,
                    GroupKind::KnittedStraight => pb::TileGroupKind::KnittedStraight,
                    GroupKind::Singles => pb::TileGroupKind::Singles,
                } as i32,
                tiles: format_tiles(&g.tiles),
            })
            .collect(),
        wildcard_as: d.wildcard_as.iter().map(|t| t.name().to_owned()).collect(),
    }
}

/// Tiles as "1z 2z".
fn tile_list(tiles: impl Iterator<Item = Tile>) -> String {
    let mut list = String::with_capacity(48);
    for tile in tiles {
        if !list.is_empty() {
            list.push(' ');
        }
        list.push_str(tile.name());
    }
    list
}
