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
    // Written piece by piece rather than with `format!`: the formatting machinery costs more
    // than the rest of the answer's text.
    let message = match (&result.decomposition, result.discards.first()) {
        (Some(d), _) if result.complete => format!("complete ({})", form_name(d.form)),
        (_, Some(best)) if best.shanten == 0 => {
            let mut m = String::with_capacity(96);
            m.push_str("discard ");
            m.push_str(best.discard.name());
            m.push_str(": ready on ");
            m.push_str(&tile_list(result.improving(best).map(|i| i.tile)));
            m.push_str(" (");
            push_number(&mut m, best.improving_live);
            m.push_str(" live)");
            m
        }
        (_, Some(best)) => {
            let mut m = String::with_capacity(64);
            m.push_str("discard ");
            m.push_str(best.discard.name());
            m.push_str(": ");
            push_number(&mut m, u32::from(best.shanten));
            m.push_str(" shanten, ");
            push_number(&mut m, best.improving_live);
            m.push_str(" improving tiles live");
            m
        }
        _ => String::new(),
    };
    let (live_kinds, many_live) = ImprovingTiles::live_masks(&result.live);
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
                improving: ImprovingTiles::with_live_masks(
                    d.improving,
                    &result.live,
                    live_kinds,
                    many_live,
                ),
                improving_live: d.improving_live,
            })
            .collect(),
        message,
    })
}

/// Appends `n` in decimal.
fn push_number(m: &mut String, n: u32) {
    let mut digits = [0u8; 10];
    let mut i = digits.len();
    let mut n = n;
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    for &d in &digits[i..] {
        m.push(d as char);
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

#[cfg(test)]
mod tests {
    use super::push_number;

    #[test]
    fn numbers_in_decimal() {
        for n in [0, 7, 10, 109, 4_294_967_295] {
            let mut m = String::from("x");
            push_number(&mut m, n);
            assert_eq!(m, format!("x{n}"));
        }
    }
}
