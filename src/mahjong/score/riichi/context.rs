//! The win context facts Riichi refuses: facts that need a closed hand or riichi, and pairs of
//! facts no game produces together (each refused rather than one of them silently dropped).

use super::super::{ScoreError, ScoreField, WinInput, Wind};

/// The first Riichi-specific contradiction in `input`'s context, as the error naming its field.
pub(super) fn check_context(input: &WinInput) -> Result<(), ScoreError> {
    let r = &input.context.riichi;
    let c = &input.context;
    let open = input.melds.iter().any(|m| !m.concealed);
    let bad = |path, reason| {
        Err(ScoreError::Context {
            field: ScoreField::Context(path),
            reason,
        })
    };
    if (r.riichi || r.double_riichi) && open {
        return bad("riichi.riichi", "riichi needs a closed hand (no open meld)");
    }
    if r.ippatsu && !(r.riichi || r.double_riichi) {
        return bad("riichi.ippatsu", "ippatsu needs riichi");
    }
    if r.first_turn && !input.melds.is_empty() {
        return bad(
            "riichi.first_turn",
            "a first-turn win (tenhou, chiihou, renhou) has no declared meld",
        );
    }
    if r.first_turn && (r.riichi || r.double_riichi) {
        return bad(
            "riichi.first_turn",
            "a first-turn win comes before the winner's first discard, so before any riichi",
        );
    }
    // `prepare` refuses a self-drawn after_kong without a kan, for every rule set.
    if c.after_kong && !c.self_drawn {
        return bad(
            "after_kong",
            "in riichi a win after a kong is self-drawn (rinshan); a discard after a kong is a plain ron",
        );
    }
    // Facts no game can produce together: refused rather than one of them dropped.
    if c.robbing_kong && c.last_tile {
        return bad(
            "last_tile",
            "last_tile with robbing_kong: a robbed kong's tile is added to a pon, not the discard after the last tile of the wall",
        );
    }
    if r.first_turn && !c.self_drawn && c.seat_wind == Wind::East {
        return bad(
            "riichi.first_turn",
            "riichi.first_turn with a discard win by the dealer (seat_wind East): the dealer discards first, so no first-turn win of theirs is on a discard",
        );
    }
    if c.last_tile && c.after_kong && c.self_drawn {
        return bad(
            "last_tile",
            "last_tile with after_kong on a self-drawn win: the replacement tile after a kong is not the last tile of the wall (haitei and rinshan never combine)",
        );
    }
    Ok(())
}
