//! Guobiao through the scorers' shared input and result: a [`WinInput`] in, a [`Score`] out, so
//! that `MahjongScore` serves it like the other rule sets.
//!
//! The shared context maps as: `last_tile` → 妙手回春 / 海底捞月, `after_kong` → 杠上开花 when
//! self-drawn (on a discard it scores nothing under Guobiao), `robbing_kong` → 抢杠和,
//! `last_of_kind` → 和绝张, `flowers` → 花牌. Payments: the winner first, then the payers; with a
//! win on a discard whose discarder was not named, the discarder (`seat: None`) comes first and
//! the two others follow, also unnamed.

use super::{
    Fan, GuobiaoError, GuobiaoRules, GuobiaoScore, GuobiaoSet, GuobiaoWin, HandForm, NotWin,
    SetKind, score_with,
};
use crate::mahjong::score::{
    InvalidWin, Score, ScoreElement, ScoreError, ScoreField, Totals, Unit, WinInput, others,
    payments, prepare,
};
use crate::mahjong::{Decomposition, Form, Group, GroupKind, Rules};
use crate::tiles::Tile;

/// Scores a win under Guobiao rules from the shared input: checks it as every scorer does, then
/// runs [`score_with`] and reports the best reading as a [`Score`] (fans in table order, ids
/// `"guobiao.<english_name>"`, flowers as `"guobiao.flower_tiles"`).
pub(in crate::mahjong::score) fn score_input(
    rules: &Rules,
    guobiao: &GuobiaoRules,
    input: &WinInput,
) -> Result<Score, ScoreError> {
    prepare(rules, input)?;
    let c = &input.context;
    let win = GuobiaoWin {
        concealed: input.hand.clone(),
        melds: input.melds.clone(),
        winning_tile: input.winning,
        self_drawn: c.self_drawn,
        seat_wind: c.seat_wind,
        round_wind: c.round_wind,
        last_tile_of_kind: c.last_of_kind,
        last_tile_of_wall: c.last_tile,
        kong_win: c.after_kong && c.self_drawn,
        robbing_kong: c.robbing_kong,
        flowers: c.flowers,
    };
    let result = score_with(guobiao, &win).map_err(shared_error)?;
    Ok(to_score(guobiao, input, &result))
}

/// The shared error for a Guobiao one (naming the request's fields).
fn shared_error(e: GuobiaoError) -> ScoreError {
    match e {
        GuobiaoError::TooManyMelds(melds) => ScoreError::HandSize { tiles: 0, melds },
        GuobiaoError::TileCount { got, melds, .. } => ScoreError::HandSize { tiles: got, melds },
        GuobiaoError::WinningTileNotInHand(tile) => ScoreError::WinningTileNotInHand { tile },
        GuobiaoError::FiveCopies { tile, count } => ScoreError::TooManyCopies {
            field: ScoreField::Hand,
            tile,
            count: count.min(u8::MAX as usize) as u8,
            max: 4,
        },
        GuobiaoError::TooManyFlowers(_) => ScoreError::Context {
            field: ScoreField::Context("flowers"),
            reason: "at most 8 flowers",
        },
        GuobiaoError::Contradiction { field, reason } => ScoreError::Context {
            field: ScoreField::Context(match field {
                "kong_win" => "after_kong",
                "last_tile_of_kind" => "last_of_kind",
                other => other,
            }),
            reason,
        },
    }
}

fn element(fan: Fan, count: u8) -> ScoreElement {
    ScoreElement::new(
        fan.id(),
        fan.name(),
        i32::from(fan.points()),
        Unit::Fan,
        count.into(),
    )
}

fn to_score(rules: &GuobiaoRules, input: &WinInput, s: &GuobiaoScore) -> Score {
    let invalid = match s.not_win {
        None => None,
        Some(NotWin::NotComplete) => Some(InvalidWin::NotComplete),
        Some(NotWin::BelowMinimum) => Some(InvalidWin::BelowMinimum {
            fan: s.fan_total,
            minimum: rules.minimum_fan,
        }),
    };
    let base = u64::from(rules.base_points);
    let total = u64::from(s.total);
    let c = &input.context;
    let (payment_list, gain) = if s.is_win {
        let winner = c.seat_wind;
        // Payers in seat order East to North (an unnamed discarder first, then the two others).
        let mut payers: Vec<_> = if c.self_drawn {
            others(winner).map(|w| (Some(w), base + total)).collect()
        } else if let Some(d) = c.discarder {
            std::iter::once((Some(d), base + total))
                .chain(others(winner).filter(|&w| w != d).map(|w| (Some(w), base)))
                .collect()
        } else {
            vec![(None, base + total), (None, base), (None, base)]
        };
        payers.sort_by_key(|p| p.0.map_or(0, |w| w as u8 + 1));
        payments(winner, payers.into_iter(), 0)
    } else {
        (Vec::new(), 0)
    };
    Score {
        invalid,
        decomposition: s
            .form
            .map(|form| decomposition(form, &s.sets[input.melds.len().min(s.sets.len())..], input)),
        elements: s.fans.iter().map(|f| element(f.fan, f.count)).collect(),
        fu: Vec::new(),
        excluded: s
            .excluded
            .iter()
            .map(|x| ScoreElement {
                excluded_by: Some(x.by.id()),
                ..element(x.fan, 1)
            })
            .collect(),
        totals: Totals {
            fan: s.total,
            base_points: base,
            winner_gain: gain,
            ..Totals::default()
        },
        payments: payment_list,
    }
}

fn group(set: &GuobiaoSet) -> Group {
    let kind = match set.kind {
        SetKind::Chow => GroupKind::Sequence,
        SetKind::Pung | SetKind::Kong => GroupKind::Triplet,
        SetKind::Pair => GroupKind::Pair,
    };
    Group {
        kind,
        tiles: set.tiles().collect(),
    }
}

/// The shared decomposition of the concealed tiles (declared melds not repeated).
fn decomposition(form: HandForm, concealed_sets: &[GuobiaoSet], input: &WinInput) -> Decomposition {
    let mut sorted: Vec<Tile> = input.hand.clone();
    sorted.sort();
    let (form, groups) = match form {
        HandForm::Standard => (Form::Standard, concealed_sets.iter().map(group).collect()),
        HandForm::SevenPairs => (Form::SevenPairs, concealed_sets.iter().map(group).collect()),
        HandForm::ThirteenOrphans => {
            let pair = sorted
                .windows(2)
                .find(|w| w[0] == w[1])
                .map(|w| w[0])
                .expect("a pair");
            let mut singles = sorted.clone();
            singles.dedup();
            singles.retain(|&t| t != pair);
            (
                Form::ThirteenOrphans,
                vec![
                    Group {
                        kind: GroupKind::Pair,
                        tiles: vec![pair; 2],
                    },
                    Group {
                        kind: GroupKind::Singles,
                        tiles: singles,
                    },
                ],
            )
        }
        HandForm::HonorsAndKnitted => {
            let honors = sorted.iter().filter(|t| t.is_honor()).count();
            let form = if honors == 7 {
                Form::SevenStarKnitted
            } else {
                Form::KnittedHonors
            };
            (
                form,
                vec![Group {
                    kind: GroupKind::Singles,
                    tiles: sorted,
                }],
            )
        }
        HandForm::KnittedStraight { pattern } => {
            let mut groups = vec![Group {
                kind: GroupKind::KnittedStraight,
                tiles: super::sets::knitted_tiles(pattern).to_vec(),
            }];
            groups.extend(concealed_sets.iter().map(group));
            (Form::KnittedStraight, groups)
        }
        HandForm::NineGates => {
            // Shown as its first standard reading.
            let mut counts = [0u8; 34];
            for t in &sorted {
                counts[t.index()] += 1;
            }
            let mut groups = Vec::new();
            super::sets::for_each_decomposition(&counts, 4, &mut |sets| {
                if groups.is_empty() {
                    groups = sets.iter().map(group).collect();
                }
            });
            (Form::Standard, groups)
        }
    };
    Decomposition {
        form,
        groups,
        wildcard_as: Vec::new(),
    }
}
