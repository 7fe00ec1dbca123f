//! The mahjong adapters: proto <-> [`crate::mahjong`]. Parsing and formatting only; every
//! answer comes from the core. `MahjongWaits` ([`waits()`]), `MahjongAnalyze` ([`analyze()`])
//! and `MahjongScore` ([`score()`]) share the parsing of rules, tiles and melds here.

mod analyze;
mod score;
mod waits;

pub use analyze::analyze;
pub use score::score;
pub use waits::waits;

use super::enums::decode;
use super::pb;
use crate::error::InvalidArgument;
use crate::mahjong::score::{ScoreError, ScoreField};
use crate::mahjong::{
    Decomposition, Form, GroupKind, KaratenPolicy, Meld, MeldKind, Preset, RuleOverrides, Rules,
};
use crate::mahjong::{Field, MahjongError};
use crate::tiles::{Tile, TileParseError, TileSuit, format_tiles, parse_tiles};

/// The request path of a core error's field.
fn path(field: Field) -> String {
    match field {
        Field::Hand => "hand".to_owned(),
        Field::Meld(i) => format!("melds[{i}]"),
        Field::Visible => "visible".to_owned(),
        Field::Rules(name) => format!("rules.{name}"),
    }
}

/// The request path of a scoring error's field.
fn score_path(field: ScoreField) -> String {
    match field {
        ScoreField::Hand => "hand".to_owned(),
        ScoreField::Meld(i) => format!("melds[{i}]"),
        ScoreField::WinningTile => "winning_tile".to_owned(),
        ScoreField::Context(name) => format!("context.{name}"),
    }
}

impl From<MahjongError> for InvalidArgument {
    fn from(e: MahjongError) -> Self {
        InvalidArgument::new(path(e.field()), e.to_string())
    }
}

impl From<ScoreError> for InvalidArgument {
    fn from(e: ScoreError) -> Self {
        InvalidArgument::new(score_path(e.field()), e.to_string())
    }
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

fn tiles(errors: &mut InvalidArgument, field: &str, text: &str) -> Vec<Tile> {
    read_tiles(text).unwrap_or_else(|e| {
        errors.push(field, e.to_string());
        Vec::new()
    })
}

/// Reads `text` as [`parse_tiles`] does: the common text by [`quick_tiles`], anything else
/// (spaces, errors) by the core's parser.
fn read_tiles(text: &str) -> Result<Vec<Tile>, TileParseError> {
    quick_tiles(text.as_bytes()).map_or_else(|| parse_tiles(text), Ok)
}

/// [`parse_tiles`]' reading of text made of groups of digits each closed by a suit letter
/// (`"123m456p789s7777z"`), a byte at a time; `None` for any other text (a space, a letter
/// without digits, digits without a letter, a tile that does not exist, any other character).
fn quick_tiles(text: &[u8]) -> Option<Vec<Tile>> {
    let mut tiles = Vec::with_capacity(text.len().min(32));
    let mut start = 0;
    for (at, &byte) in text.iter().enumerate() {
        if byte.is_ascii_digit() {
            continue;
        }
        // Upper or lower case (the bit 0x20 maps each capital letter to its small one).
        let (first, highest) = match byte | 0x20 {
            b'm' => (0, 9),
            b'p' => (9, 9),
            b's' => (18, 9),
            b'z' => (27, 7),
            _ => return None,
        };
        if start == at {
            return None;
        }
        for &digit in &text[start..at] {
            let number = match digit - b'0' {
                // A red five (0m, 0p, 0s) is a five; 0z is no tile.
                0 if highest == 9 => 5,
                number => number,
            };
            if !(1..=highest).contains(&number) {
                return None;
            }
            tiles.push(Tile::from_index(first + usize::from(number) - 1)?);
        }
        start = at + 1;
    }
    (start == text.len()).then_some(tiles)
}

fn parse_meld(errors: &mut InvalidArgument, i: usize, m: &pb::Meld) -> Option<Meld> {
    let field = format!("melds[{i}]");
    let tiles = match read_tiles(&m.tiles) {
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

fn parse_rules(rules: Option<&pb::MahjongRules>) -> Result<Rules, InvalidArgument> {
    let default = pb::MahjongRules::default();
    let r = rules.unwrap_or(&default);
    // A preset alone (the common request) is the preset's rules: no override to apply, no
    // violation possible.
    let preset_alone = pb::MahjongRules {
        preset: r.preset,
        ..pb::MahjongRules::default()
    };
    if *r == preset_alone {
        match pb::MahjongPreset::try_from(r.preset) {
            Ok(pb::MahjongPreset::Unspecified | pb::MahjongPreset::Riichi) => {
                return Ok(Rules::preset(Preset::Riichi));
            }
            Ok(pb::MahjongPreset::Guobiao) => return Ok(Rules::preset(Preset::Guobiao)),
            Ok(pb::MahjongPreset::Sichuan) => return Ok(Rules::preset(Preset::Sichuan)),
            Ok(pb::MahjongPreset::Hongzhong) => return Ok(Rules::preset(Preset::Hongzhong)),
            // Unknown: reported below.
            Err(_) => {}
        }
    }
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
    let wildcards = r.wildcards.as_ref().and_then(|w| match read_tiles(w) {
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

fn decomposition(d: &Decomposition) -> pb::Decomposition {
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

/// Tiles as "1z 2z", as the answers' messages list them: the tests' reference for the
/// messages the one-pass writers put together.
#[cfg(test)]
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

#[cfg(test)]
mod tests;
