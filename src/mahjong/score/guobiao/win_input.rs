//! Guobiao through the scorers' shared input and result: a [`WinInput`] in, checked into the
//! scorer's own checked win, a [`Score`] out, as for the other rule sets.
//!
//! The shared context maps as: `last_tile` → 妙手回春 / 海底捞月, `after_kong` → 杠上开花 when
//! self-drawn (on a discard it scores nothing under Guobiao), `robbing_kong` → 抢杠和,
//! `last_of_kind` → 和绝张, `flowers` → 花牌. Payments: the winner first, then the payers; with a
//! win on a discard whose discarder was not named, the discarder (`seat: None`) comes first and
//! the two others follow, also unnamed.

use super::context::WinContext;
use super::{
    CheckedWin, Fan, GuobiaoRules, GuobiaoScore, GuobiaoSet, HandForm, NotWin, SetKind,
    best_reading,
};
use crate::mahjong::score::{
    HandCounts, InvalidWin, Score, ScoreElement, ScoreError, ScoreField, Totals, Unit, WinInput,
    others, payments, prepare_counts,
};
use crate::mahjong::{
    CompactDecomposition, Decomposition, Form, Group, GroupKind, GroupTiles, Groups, Rules,
};
use crate::tiles::Tile;

/// Scores a win under Guobiao rules from the shared input: checks it as every scorer does
/// ([`prepare`]) and for what Guobiao adds, then reports the best reading as a [`Score`] (fans
/// in table order, ids `"guobiao.<english_name>"`, flowers as `"guobiao.flower_tiles"`).
pub(in crate::mahjong::score) fn score_input(
    rules: &Rules,
    guobiao: &GuobiaoRules,
    input: &WinInput,
) -> Result<Score, ScoreError> {
    let HandCounts { concealed, all } = prepare_counts(rules, input)?;
    // Guobiao plays four copies of every kind, even where the tile rules add wildcard copies.
    if let Some(i) = (0..34).find(|&i| all[i] > 4) {
        return Err(ScoreError::TooManyCopies {
            field: ScoreField::Hand,
            tile: Tile::from_index(i).expect("tile index"),
            count: all[i],
            max: 4,
        });
    }
    let c = &input.context;
    let w = input.winning.index();
    let contradiction = |path, reason| {
        Err(ScoreError::Context {
            field: ScoreField::Context(path),
            reason,
        })
    };
    // What `prepare` leaves to the rule set (it refuses a kong's replacement tile without a
    // kong and a robbed tile the winner holds another copy of): the last of a kind is the only
    // copy in the hand.
    if c.last_of_kind && concealed[w] > 1 {
        return contradiction(
            "last_of_kind",
            "the winning tile cannot be the last of its kind when the hand holds another copy",
        );
    }
    let win = CheckedWin::new(
        concealed,
        all,
        &input.melds,
        input.winning,
        WinContext {
            self_drawn: c.self_drawn,
            last_tile_of_kind: c.last_of_kind,
            last_tile_of_wall: c.last_tile,
            kong_win: c.after_kong && c.self_drawn,
            robbing_kong: c.robbing_kong,
        },
        (c.seat_wind, c.round_wind),
        c.flowers,
    );
    Ok(to_score(guobiao, input, &best_reading(guobiao, &win)))
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
        (Default::default(), 0)
    };
    Score {
        invalid,
        decomposition: s.form.map(|form| {
            let sets = &s.sets[input.melds.len().min(s.sets.len())..];
            CompactDecomposition::of_expanded(&decomposition(form, sets, input))
        }),
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
                Groups::from_iter([
                    Group {
                        kind: GroupKind::Pair,
                        tiles: GroupTiles::from_iter([pair; 2]),
                    },
                    Group {
                        kind: GroupKind::Singles,
                        tiles: singles.into_iter().collect(),
                    },
                ]),
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
                Groups::from_iter([Group {
                    kind: GroupKind::Singles,
                    tiles: sorted.into_iter().collect(),
                }]),
            )
        }
        HandForm::KnittedStraight { pattern } => {
            let mut groups = Groups::from_iter([Group {
                kind: GroupKind::KnittedStraight,
                tiles: super::sets::knitted_tiles(pattern).into_iter().collect(),
            }]);
            groups.extend(concealed_sets.iter().map(group));
            (Form::KnittedStraight, groups)
        }
        HandForm::NineGates => {
            // Shown as its first standard reading.
            let mut counts = [0u8; 34];
            for t in &sorted {
                counts[t.index()] += 1;
            }
            let mut groups = Groups::new();
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
        wildcard_as: Default::default(),
    }
}
