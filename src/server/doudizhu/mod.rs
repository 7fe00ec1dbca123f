//! `ValidatePlay`, `CompareCombos`, `ListPlays`: proto <-> [`crate::doudizhu`].
//!
//! Each handler decodes the request ([`rules`], [`convert`]), lets the core check the card lists
//! and rules, makes one core call, and converts the answer back with its message
//! ([`messages`]). Every rule decision is the core's.

mod convert;
pub(super) mod game;
mod messages;
mod rules;

use self::convert::{
    card_list, combo_to_pb, combo_to_wire, kind_filter, laizi_card_list, packed_format,
    reason_to_pb, selector_from,
};
use super::pb;
use super::wire::{self, Names};
use crate::doudizhu::{self, Combo, Situation, Table, Variant, choose_reading};
use crate::error::InvalidArgument;

/// The most plays one ListPlays response holds: above the largest census (PERMISSIVE's 33,675
/// plays of a full deck), and small enough that generating and encoding them stays in the tens
/// of milliseconds.
pub const MAX_LISTED_PLAYS: usize = 40_000;

/// Reads one play that must be a combo (a side of a comparison, or the previous play): its
/// readings (under laizi rules, its fits), or `None` with the problem recorded under `field`.
/// Without a valid table there is nothing to classify against (its problems are already
/// recorded).
fn readings_of<'a>(
    field: &str,
    texts: impl IntoIterator<Item = &'a str, IntoIter: ExactSizeIterator>,
    game: Variant,
    table: Option<&Table>,
    errors: &mut InvalidArgument,
) -> Option<(doudizhu::CardList, Vec<Combo>)> {
    let cards = laizi_card_list(field, texts, game, table, errors)?;
    let table = table?;
    let readings = doudizhu::play_readings(table, cards.counts());
    if readings.is_empty() {
        errors.push(
            field,
            messages::not_a_combo(cards.counts(), game.max_play_cards()),
        );
        return None;
    }
    Some((cards, readings))
}

/// Resolves the previous play's reading: `None` when leading. Records errors under `previous`
/// and `previous_reading`.
fn previous_from<'a>(
    texts: impl IntoIterator<Item = &'a str, IntoIter: ExactSizeIterator>,
    selector: Option<&pb::DoudizhuReadingSelector>,
    game: Variant,
    table: Option<&Table>,
    errors: &mut InvalidArgument,
) -> Option<Combo> {
    let selector = selector.and_then(|s| selector_from("previous_reading", s, errors));
    let texts = texts.into_iter();
    if texts.len() == 0 {
        if selector.is_some() {
            errors.push(
                "previous_reading",
                "set, but there is no previous play (previous is empty)",
            );
        }
        return None;
    }
    let (cards, readings) = readings_of("previous", texts, game, table, errors)?;
    let chosen = choose_reading(&readings, selector.as_ref());
    if chosen.is_none() {
        errors.push(
            "previous_reading",
            format!(
                "{} cannot be read that way; its readings: {}",
                cards.counts(),
                messages::describe_all(&readings)
            ),
        );
    }
    chosen
}

/// Answers a `ValidatePlayRequest`.
pub fn validate_play(
    request: wire::ValidatePlayRequest,
) -> Result<wire::ValidatePlayResponse, InvalidArgument> {
    let mut errors = InvalidArgument::default();
    let (game, table) = rules::table_from(request.rules.as_ref(), &mut errors);
    let hand = if request.hand.is_empty() {
        None
    } else {
        card_list("hand", request.hand.iter(), game, &mut errors)
    };
    let play = laizi_card_list(
        "play",
        request.play.iter(),
        game,
        table.as_ref(),
        &mut errors,
    );
    let intended = request
        .intended
        .as_ref()
        .and_then(|s| selector_from("intended", s, &mut errors));
    let previous = previous_from(
        request.previous.iter(),
        request.previous_reading.as_ref(),
        game,
        table.as_ref(),
        &mut errors,
    );
    errors.or_ok(())?;
    let (Some(table), Some(play)) = (table, play) else {
        return Err(InvalidArgument::new("play", "unreadable"));
    };
    let verdict = doudizhu::validate_play(
        &table,
        &Situation {
            hand: hand.as_ref(),
            play: &play,
            previous: previous.as_ref(),
            intended: intended.as_ref(),
        },
    );
    Ok(wire::ValidatePlayResponse {
        legal: verdict.is_legal(),
        reason: reason_to_pb(verdict.reason) as i32,
        message: messages::verdict(&verdict, &play, previous.as_ref(), game.max_play_cards()),
        reading: verdict.chosen.as_ref().map(combo_to_wire),
        readings: verdict.all_readings().iter().map(combo_to_wire).collect(),
        previous_reading: previous.as_ref().map(combo_to_wire),
        pass: play.is_empty(),
    })
}

/// Answers a `CompareCombosRequest`.
pub fn compare_combos(
    request: wire::CompareCombosRequest,
) -> Result<wire::CompareCombosResponse, InvalidArgument> {
    let mut errors = InvalidArgument::default();
    let (game, table) = rules::table_from(request.rules.as_ref(), &mut errors);
    let side = |field: &str, texts: &Names, errors: &mut InvalidArgument| {
        if texts.is_empty() {
            errors.push(field, "required: the cards of a combo");
            return None;
        }
        readings_of(field, texts.iter(), game, table.as_ref(), errors).map(|(_, readings)| readings)
    };
    let a = side("a", &request.a, &mut errors);
    let b = side("b", &request.b, &mut errors);
    let a_selector = request
        .a_reading
        .as_ref()
        .and_then(|s| selector_from("a_reading", s, &mut errors));
    let b_selector = request
        .b_reading
        .as_ref()
        .and_then(|s| selector_from("b_reading", s, &mut errors));
    for (field, readings, selector) in [
        ("a_reading", &a, a_selector.as_ref()),
        ("b_reading", &b, b_selector.as_ref()),
    ] {
        if let Some(readings) = readings
            && choose_reading(readings, selector).is_none()
        {
            errors.push(
                field,
                format!(
                    "the play cannot be read that way; its readings: {}",
                    messages::describe_all(readings)
                ),
            );
        }
    }
    errors.or_ok(())?;
    // Both sides read: a missing side recorded an error above.
    let (Some(table), Some(a), Some(b)) = (table, a, b) else {
        return Err(InvalidArgument::new("a", "unreadable"));
    };
    let Some(comparison) =
        doudizhu::compare_plays(&table, &a, a_selector.as_ref(), &b, b_selector.as_ref())
    else {
        return Err(InvalidArgument::new("a_reading", "no matching reading"));
    };
    let outcome = match comparison.outcome {
        doudizhu::ComparisonOutcome::ABeatsB => pb::ComparisonOutcome::ABeatsB,
        doudizhu::ComparisonOutcome::BBeatsA => pb::ComparisonOutcome::BBeatsA,
        doudizhu::ComparisonOutcome::Both => pb::ComparisonOutcome::Both,
        doudizhu::ComparisonOutcome::Tie => pb::ComparisonOutcome::Tie,
        doudizhu::ComparisonOutcome::Incomparable => pb::ComparisonOutcome::Incomparable,
    };
    Ok(wire::CompareCombosResponse {
        outcome: outcome as i32,
        a_reading: Some(combo_to_wire(&comparison.a)),
        b_reading: Some(combo_to_wire(&comparison.b)),
        message: messages::comparison(&comparison),
    })
}

/// Answers a `FitWildcardsRequest`.
pub fn fit_wildcards(
    request: pb::FitWildcardsRequest,
) -> Result<pb::FitWildcardsResponse, InvalidArgument> {
    let mut errors = InvalidArgument::default();
    let (game, table) = rules::table_from(request.rules.as_ref(), &mut errors);
    let play = if request.play.is_empty() {
        errors.push("play", "required: the cards of the play");
        None
    } else {
        laizi_card_list(
            "play",
            request.play.iter().map(String::as_str),
            game,
            table.as_ref(),
            &mut errors,
        )
    };
    let previous = previous_from(
        request.previous.iter().map(String::as_str),
        request.previous_reading.as_ref(),
        game,
        table.as_ref(),
        &mut errors,
    );
    let kind = kind_filter(request.r#type, "type", &mut errors);
    let limit = limit_from(request.limit, &mut errors);
    errors.or_ok(())?;
    let (Some(table), Some(play)) = (table, play) else {
        return Err(InvalidArgument::new("play", "unreadable"));
    };
    let (fits, truncated) = up_to(limit, |most| {
        doudizhu::fit_wildcards(&table, &play, kind, Some(most))
    });
    let wildcards = play.wildcards(table.wild());
    let fits = fits
        .iter()
        .map(|fit| pb::WildcardFit {
            reading: Some(combo_to_pb(fit)),
            assignments: if play.is_suited() {
                doudizhu::assign_wildcards(&wildcards, &fit.wild_as)
                    .into_iter()
                    .map(|(card, rank)| pb::WildcardAssignment {
                        card: card.name().to_owned(),
                        rank: rank.symbol().to_string(),
                    })
                    .collect()
            } else {
                Vec::new()
            },
            beats_previous: previous
                .as_ref()
                .is_some_and(|p| doudizhu::beats(&table, fit, p)),
        })
        .collect();
    Ok(pb::FitWildcardsResponse {
        fits,
        truncated,
        previous_reading: previous.as_ref().map(combo_to_pb),
        wildcards: wildcards.len() as u32,
    })
}

/// The `limit` of a listing request: 0 is the maximum; above it is recorded.
/// The first `limit` items of a listing, and whether it had more: `list` is asked for one more
/// than `limit`, which tells whether the answer was cut without listing everything.
fn up_to<T>(limit: usize, list: impl FnOnce(usize) -> Vec<T>) -> (Vec<T>, bool) {
    let mut items = list(limit + 1);
    let truncated = items.len() > limit;
    items.truncate(limit);
    (items, truncated)
}

fn limit_from(limit: u32, errors: &mut InvalidArgument) -> usize {
    match limit as usize {
        0 => MAX_LISTED_PLAYS,
        limit @ 1..=MAX_LISTED_PLAYS => limit,
        limit => {
            errors.push(
                "limit",
                format!("at most {MAX_LISTED_PLAYS} plays per call, got {limit}"),
            );
            MAX_LISTED_PLAYS
        }
    }
}

/// Answers a `ListPlaysRequest`.
pub fn list_plays(
    request: wire::ListPlaysRequest,
) -> Result<wire::ListPlaysResponse, InvalidArgument> {
    let mut errors = InvalidArgument::default();
    let (game, table) = rules::table_from(request.rules.as_ref(), &mut errors);
    let hand = if request.hand.is_empty() {
        errors.push("hand", "required: the cards of the hand");
        None
    } else {
        card_list("hand", request.hand.iter(), game, &mut errors)
    };
    let previous = previous_from(
        request.previous.iter(),
        request.previous_reading.as_ref(),
        game,
        table.as_ref(),
        &mut errors,
    );
    let kind = kind_filter(request.r#type, "type", &mut errors);
    let limit = limit_from(request.limit, &mut errors);
    let packed = packed_format(request.format, "format", &mut errors);
    errors.or_ok(())?;
    let (Some(table), Some(hand)) = (table, hand) else {
        return Err(InvalidArgument::new("hand", "unreadable"));
    };
    doudizhu::check_listable(&table, &hand)
        .map_err(|error| InvalidArgument::new("hand", error.to_string()))?;
    if packed {
        let (packed_plays, truncated) = up_to(limit, |most| {
            doudizhu::list_plays_packed(&table, &hand, previous.as_ref(), kind, Some(most))
        });
        return Ok(wire::ListPlaysResponse {
            plays: Vec::new(),
            truncated,
            previous_reading: previous.as_ref().map(combo_to_wire),
            packed_plays,
        });
    }
    let (plays, truncated) = up_to(limit, |most| {
        doudizhu::list_plays(&table, &hand, previous.as_ref(), kind, Some(most))
    });
    let namer = hand.namer();
    let listed = plays
        .iter()
        .map(|play| wire::ListedPlay {
            cards: namer.name(&play.cards).map(|card| card.name()).collect(),
            reading: Some(combo_to_wire(&play.combo)),
        })
        .collect();
    Ok(wire::ListPlaysResponse {
        plays: listed,
        truncated,
        previous_reading: previous.as_ref().map(combo_to_wire),
        packed_plays: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Rank;

    /// Every play ListPlays lists from a suited hand names cards of that hand, and ValidatePlay
    /// accepts it with the same reading, in both games.
    #[test]
    fn listed_suited_plays_validate_with_the_same_reading() {
        use rand::SeedableRng;
        use rand::seq::SliceRandom;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        for (game, decks) in [(pb::Game::Doudizhu, 1), (pb::Game::DoudizhuFourPlayer, 2)] {
            let mut deck = Vec::new();
            for _ in 0..decks {
                for rank in Rank::ALL {
                    if rank.is_joker() {
                        deck.push(rank.symbol().to_string());
                    } else {
                        for suit in ["S", "H", "C", "D"] {
                            deck.push(format!("{rank}{suit}"));
                        }
                    }
                }
            }
            for preset in [pb::DoudizhuPreset::Standard, pb::DoudizhuPreset::Permissive] {
                let rules = Some(pb::DoudizhuRules {
                    preset: preset as i32,
                    game: game as i32,
                    ..Default::default()
                });
                for _ in 0..8 {
                    deck.shuffle(&mut rng);
                    let hand: Vec<String> = deck[..20].to_vec();
                    let listed = list_plays(wire::ListPlaysRequest {
                        rules: rules.clone(),
                        hand: Names::from(hand.as_slice()),
                        ..Default::default()
                    })
                    .unwrap();
                    assert!(!listed.plays.is_empty());
                    for play in listed.plays {
                        let verdict = validate_play(wire::ValidatePlayRequest {
                            rules: rules.clone(),
                            hand: Names::from(hand.as_slice()),
                            play: play.cards.iter().copied().collect(),
                            ..Default::default()
                        })
                        .unwrap();
                        assert!(
                            verdict.legal,
                            "{:?} from {hand:?}: {}",
                            play.cards, verdict.message
                        );
                        assert_eq!(verdict.reading, play.reading);
                    }
                }
            }
        }
    }
}
