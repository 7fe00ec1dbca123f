//! `MahjongWaits`: proto <-> [`crate::mahjong::waits`] and [`crate::mahjong::waits_explained`].

use super::super::{pb, wire};
use super::{Input, decomposition, hand_form, tile_list};
use crate::error::InvalidArgument;
use crate::mahjong::{self, Exclusion, NotReady};

/// Answers a `MahjongWaitsRequest`.
pub fn waits(
    request: pb::MahjongWaitsRequest,
) -> Result<wire::MahjongWaitsResponse, InvalidArgument> {
    let input = Input::parse(
        request.rules.as_ref(),
        &request.hand,
        &request.melds,
        &request.visible,
    )?;
    if request.decompose && request.skip_decompositions {
        return Err(InvalidArgument::new(
            "skip_decompositions",
            "set together with decompose: ask for the decompositions or skip them, not both",
        ));
    }
    let explain = request.decompose || (input.rules.wildcards != 0 && !request.skip_decompositions);
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
    // The decompositions are in tile order, as the waits: each is found walking them once.
    let mut shown_all = explained.decompositions.iter().peekable();
    Ok(wire::MahjongWaitsResponse {
        ready: result.tenpai,
        shanten: result.shanten as u32,
        waits: result
            .waits()
            .map(|w| {
                while shown_all.next_if(|(tile, _)| *tile < w.tile).is_some() {}
                let shown = shown_all
                    .next_if(|(tile, _)| *tile == w.tile)
                    .map(|(_, d)| d);
                wire::Wait {
                    tile: w.tile.name(),
                    live: w.live as u32,
                    forms: forms(w.forms),
                    wildcard_as: shown
                        .map(|d| d.wildcard_as.iter().map(|t| t.name()).collect())
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
            .map(|x| wire::ExcludedWait {
                tile: x.tile.name(),
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

fn forms(set: mahjong::FormSet) -> wire::Forms {
    set.iter().map(|f| hand_form(f) as i32).collect()
}
