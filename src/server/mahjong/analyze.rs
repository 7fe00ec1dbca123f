//! `MahjongAnalyze`: proto <-> [`crate::mahjong::analyze`].

use super::super::wire::{self, ImprovingTiles};
use super::{Input, decomposition, tile_list};
use crate::error::InvalidArgument;
use crate::mahjong::{self, Form};

/// Answers a `MahjongAnalyzeRequest`.
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
    Ok(wire::MahjongAnalyzeResponse {
        complete: result.complete,
        decomposition: result.decomposition.as_ref().map(decomposition),
        shanten: result.shanten as i32,
        discards: result
            .discards
            .iter()
            .map(|d| wire::DiscardOption {
                discard: d.discard.name(),
                shanten: d.shanten as u32,
                improving: ImprovingTiles::new(d.improving, &result.live),
                improving_live: d.improving_live,
            })
            .collect(),
        message,
    })
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
