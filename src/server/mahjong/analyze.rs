//! `MahjongAnalyze`: proto <-> [`crate::mahjong::analyze`].

use super::super::wire::{self, AnalyzeWriter};
use super::{Input, decomposition};
use crate::error::InvalidArgument;
use crate::mahjong::{self, Form};

/// Answers a `MahjongAnalyzeRequest`: the core's result written straight into the answer's
/// bytes.
pub fn analyze(
    request: super::super::pb::MahjongAnalyzeRequest,
) -> Result<wire::MahjongAnalyzeResponse, InvalidArgument> {
    let input = Input::parse(
        request.rules.as_ref(),
        &request.hand,
        &request.melds,
        &request.visible,
    )?;
    let result = mahjong::analyze(&input.rules, &input.hand, &input.melds, &input.visible)?;
    let decomposition = result.decomposition.as_ref().map(decomposition);
    let mut answer = AnalyzeWriter::new(
        result.complete,
        decomposition.as_ref(),
        i32::from(result.shanten),
        &result.live,
        AnalyzeWriter::capacity(result.discards.len()),
    );
    for d in &result.discards {
        answer.discard(
            d.discard.name(),
            u32::from(d.shanten),
            d.improving,
            d.improving_live,
        );
    }
    // Written piece by piece rather than with `format!`: the formatting machinery costs more
    // than the rest of the answer's text.
    Ok(
        answer.finish(|m| match (&result.decomposition, result.discards.first()) {
            (Some(d), _) if result.complete => {
                m.push_str("complete (");
                m.push_str(form_name(d.form));
                m.push_str(")");
            }
            (_, Some(best)) if best.shanten == 0 => {
                m.push_str("discard ");
                m.push_tile(best.discard);
                m.push_str(": ready on ");
                for (i, tile) in result.improving(best).enumerate() {
                    if i > 0 {
                        m.push_str(" ");
                    }
                    m.push_tile(tile.tile);
                }
                m.push_str(" (");
                m.push_number(best.improving_live);
                m.push_str(" live)");
            }
            (_, Some(best)) => {
                m.push_str("discard ");
                m.push_tile(best.discard);
                m.push_str(": ");
                m.push_number(u32::from(best.shanten));
                m.push_str(" shanten, ");
                m.push_number(best.improving_live);
                m.push_str(" improving tiles live");
            }
            _ => {}
        }),
    )
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

#[cfg(test)]
mod tests {
    use prost::Message;
    use rand::seq::SliceRandom;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::super::super::pb;
    use super::{analyze, decomposition, form_name};
    use crate::mahjong;
    use crate::tiles::{Tile, format_tiles, parse_tiles};

    /// The answer as prost's generated type, built field by field from the core's result, the
    /// message with `format!`: what the server answered before it wrote the bytes itself.
    fn reference(result: &mahjong::AnalyzeResult) -> pb::MahjongAnalyzeResponse {
        let names = |d: &mahjong::DiscardOption| {
            result
                .improving(d)
                .map(|i| i.tile.name())
                .collect::<Vec<_>>()
                .join(" ")
        };
        let message = match (&result.decomposition, result.discards.first()) {
            (Some(d), _) if result.complete => format!("complete ({})", form_name(d.form)),
            (_, Some(best)) if best.shanten == 0 => format!(
                "discard {}: ready on {} ({} live)",
                best.discard,
                names(best),
                best.improving_live
            ),
            (_, Some(best)) => format!(
                "discard {}: {} shanten, {} improving tiles live",
                best.discard, best.shanten, best.improving_live
            ),
            _ => String::new(),
        };
        pb::MahjongAnalyzeResponse {
            complete: result.complete,
            decomposition: result.decomposition.as_ref().map(decomposition),
            shanten: i32::from(result.shanten),
            discards: result
                .discards
                .iter()
                .map(|d| pb::DiscardOption {
                    discard: d.discard.name().to_owned(),
                    shanten: u32::from(d.shanten),
                    improving: result
                        .improving(d)
                        .map(|i| pb::ImprovingTile {
                            tile: i.tile.name().to_owned(),
                            live: u32::from(i.live),
                        })
                        .collect(),
                    improving_live: d.improving_live,
                })
                .collect(),
            message,
        }
    }

    /// Random hands (some complete, some with a kind four times), under the presets and under
    /// wildcard rules with many copies: the answer's bytes are prost's for the same answer.
    #[test]
    fn the_answer_is_prosts_encoding_of_the_core_result() {
        let mut rng = ChaCha8Rng::seed_from_u64(25);
        let wall: Vec<Tile> = (0..34)
            .flat_map(|t| [Tile::from_index(t).unwrap(); 4])
            .collect();
        let complete = [
            "123m456p789s11222z",
            "11223344556677z",
            "19m19p19s1234567z1z",
        ];
        let presets = [
            pb::MahjongPreset::Riichi,
            pb::MahjongPreset::Guobiao,
            pb::MahjongPreset::Hongzhong,
            pb::MahjongPreset::Sichuan,
        ];
        for i in 0..1_500 {
            let hand = if i % 10 == 0 {
                parse_tiles(complete[i / 10 % complete.len()]).unwrap()
            } else {
                let mut w = wall.clone();
                w.shuffle(&mut rng);
                w.truncate(if i % 7 == 0 { 11 } else { 14 });
                w
            };
            let rules = pb::MahjongRules {
                preset: presets[rng.random_range(0..presets.len())] as i32,
                wildcard_copies: (i % 5 == 0).then(|| rng.random_range(4..=255)),
                ..Default::default()
            };
            let request = pb::MahjongAnalyzeRequest {
                rules: Some(rules.clone()),
                hand: format_tiles(&hand),
                ..Default::default()
            };
            let ours = analyze(request.clone());
            let input = super::super::Input::parse(Some(&rules), &request.hand, &[], "");
            let core = input.map_err(|e| e.to_string()).and_then(|input| {
                mahjong::analyze(&input.rules, &input.hand, &[], &[]).map_err(|e| e.to_string())
            });
            match (ours, core) {
                (Ok(ours), Ok(result)) => {
                    let expected = reference(&result);
                    assert_eq!(
                        ours.encode_to_vec(),
                        expected.encode_to_vec(),
                        "{request:?}: {result:?}"
                    );
                    assert_eq!(ours.encoded_len(), expected.encoded_len());
                }
                (Err(_), Err(_)) => {}
                (ours, core) => panic!("{request:?}: {ours:?} against {core:?}"),
            }
        }
    }
}
