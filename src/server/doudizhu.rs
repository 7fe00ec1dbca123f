//! `ValidatePlay`, `CompareCombos`, `ListPlays`: proto <-> [`crate::doudizhu`].
//!
//! This layer parses card strings, checks that the cards could exist (known notation, no more
//! copies than the deck has, no suited and rank-only cards mixed in one list), resolves the rules
//! message, and writes the human-readable messages. Every rule decision is the core's.

use super::pb;
use crate::cards::{Card, Rank, RankCounts, parse_card};
use crate::doudizhu::{
    self, Combo, ComboKind, Game, IllegalReason, Outcome, Preset, ReadingSelector, Readings, Rules,
    RulesError, Verdict,
};
use crate::error::InvalidArgument;

/// The most plays one ListPlays response holds: above the largest census (PERMISSIVE's 33,675
/// plays of a full deck), and small enough that generating and encoding them stays in the tens
/// of milliseconds.
pub const MAX_LISTED_PLAYS: usize = 40_000;

/// A parsed list of cards.
struct Cards {
    /// The cards in request order.
    cards: Vec<Card>,
    /// Their ranks, counted.
    counts: RankCounts,
    /// True when the non-joker cards carry suits (a list of jokers alone counts as suited:
    /// jokers name physical cards).
    suited: bool,
}

/// Reads `rules`; on errors records them and returns STANDARD for the game, so the card lists
/// can still be checked against the right deck.
fn rules_from(rules: Option<&pb::DoudizhuRules>, errors: &mut InvalidArgument) -> Rules {
    let Some(rules) = rules else {
        return Rules::STANDARD;
    };
    let preset = match pb::DoudizhuPreset::try_from(rules.preset) {
        Ok(pb::DoudizhuPreset::Unspecified | pb::DoudizhuPreset::Standard) => Preset::Standard,
        Ok(pb::DoudizhuPreset::Strict) => Preset::Strict,
        Ok(pb::DoudizhuPreset::Permissive) => Preset::Permissive,
        Err(_) => {
            errors.push(
                "rules.preset",
                format!("unknown preset value {}", rules.preset),
            );
            Preset::Standard
        }
    };
    let game = match pb::Game::try_from(rules.game) {
        Ok(pb::Game::Unspecified | pb::Game::Doudizhu) => Game::ThreePlayer,
        Ok(pb::Game::DoudizhuFourPlayer) => Game::FourPlayer,
        Ok(pb::Game::Mahjong) => {
            errors.push(
                "rules.game",
                "GAME_MAHJONG is not a Dou Dizhu game: use GAME_DOUDIZHU or GAME_DOUDIZHU_FOUR_PLAYER",
            );
            Game::ThreePlayer
        }
        Err(_) => {
            errors.push("rules.game", format!("unknown game value {}", rules.game));
            Game::ThreePlayer
        }
    };
    let mut resolved = Rules::preset(preset, game);
    let flags = [
        (rules.trio_with_pair, &mut resolved.trio_with_pair),
        (
            rules.four_with_two_singles,
            &mut resolved.four_with_two_singles,
        ),
        (rules.four_with_two_pairs, &mut resolved.four_with_two_pairs),
        (rules.kickers_may_repeat, &mut resolved.kickers_may_repeat),
        (
            rules.kickers_may_include_joker,
            &mut resolved.kickers_may_include_joker,
        ),
        (
            rules.kickers_may_include_rocket,
            &mut resolved.kickers_may_include_rocket,
        ),
        (
            rules.kickers_may_include_bomb,
            &mut resolved.kickers_may_include_bomb,
        ),
        (
            rules.kickers_may_include_adjacent_trio,
            &mut resolved.kickers_may_include_adjacent_trio,
        ),
        (rules.bomb_as_two_pairs, &mut resolved.bomb_as_two_pairs),
    ];
    for (given, field) in flags {
        if let Some(value) = given {
            *field = value;
        }
    }
    // Out-of-range lengths saturate at 255, which problems() then reports with the field name;
    // the message below quotes the value as sent.
    let lengths = [
        (rules.min_straight_length, &mut resolved.min_straight_length),
        (
            rules.min_pair_straight_length,
            &mut resolved.min_pair_straight_length,
        ),
        (rules.min_airplane_length, &mut resolved.min_airplane_length),
    ];
    for (given, field) in lengths {
        if let Some(value) = given {
            *field = u8::try_from(value).unwrap_or(u8::MAX);
        }
    }
    for problem in resolved.problems() {
        let (field, message) = match problem {
            RulesError::RocketKickerNeedsJokers => (
                "rules.kickers_may_include_rocket",
                "the rocket is made of jokers: it needs kickers_may_include_joker".to_string(),
            ),
            RulesError::BombKickerNeedsRepeats => (
                "rules.kickers_may_include_bomb",
                "a bomb among the kickers repeats a rank: it needs kickers_may_repeat".to_string(),
            ),
            RulesError::AdjacentTrioKickerNeedsRepeats => (
                "rules.kickers_may_include_adjacent_trio",
                "a trio among the kickers repeats a rank: it needs kickers_may_repeat".to_string(),
            ),
            RulesError::MinStraightLength(_) => (
                "rules.min_straight_length",
                format!(
                    "must be 3 to 12, got {}",
                    rules.min_straight_length.unwrap_or_default()
                ),
            ),
            RulesError::MinPairStraightLength(_) => (
                "rules.min_pair_straight_length",
                format!(
                    "must be 2 to 12, got {}",
                    rules.min_pair_straight_length.unwrap_or_default()
                ),
            ),
            RulesError::MinAirplaneLength(_) => (
                "rules.min_airplane_length",
                format!(
                    "must be 2 to 12, got {}",
                    rules.min_airplane_length.unwrap_or_default()
                ),
            ),
        };
        errors.push(field, message);
    }
    resolved
}

/// Index of a physical card for duplicate checks: 4 suits per rank 3..2, then the jokers; rank-
/// only cards count per rank after those.
fn physical_index(card: Card) -> usize {
    match card.suit {
        _ if card.rank.is_joker() => 52 + card.rank.index() - Rank::BlackJoker.index(),
        Some(suit) => card.rank.index() * 4 + suit as usize,
        None => 54 + card.rank.index(),
    }
}

/// How many of this exact card the game's deck(s) hold.
fn physical_copies(card: Card, game: Game) -> u8 {
    if card.suit.is_some() || card.rank.is_joker() {
        game.decks()
    } else {
        game.copies(card.rank)
    }
}

fn deck_name(game: Game) -> &'static str {
    match game {
        Game::ThreePlayer => "the 54-card deck",
        Game::FourPlayer => "the two 108-card decks",
    }
}

/// Parses a card list, recording every malformed entry under `field[i]`.
fn parse_cards(
    field: &str,
    texts: &[String],
    game: Game,
    errors: &mut InvalidArgument,
) -> Option<Cards> {
    if texts.len() > game.deck_size() {
        errors.push(
            field,
            format!(
                "{} cards: more than the {} cards of {}",
                texts.len(),
                game.deck_size(),
                deck_name(game)
            ),
        );
        return None;
    }
    let before = errors.violations.len();
    let mut cards = Vec::with_capacity(texts.len());
    let mut seen = [0u8; 54 + Rank::COUNT];
    let mut first_kind: Option<(usize, bool)> = None;
    for (i, text) in texts.iter().enumerate() {
        let card = match parse_card(text) {
            Ok(card) => card,
            Err(error) => {
                errors.push(format!("{field}[{i}]"), error.to_string());
                continue;
            }
        };
        if !card.rank.is_joker() {
            let suited = card.suit.is_some();
            match first_kind {
                None => first_kind = Some((i, suited)),
                Some((j, kind)) if kind != suited => {
                    errors.push(
                        format!("{field}[{i}]"),
                        format!(
                            "{text:?} is {} but {field}[{j}] {:?} is {}: one list must not mix suited and rank-only cards",
                            if suited { "suited" } else { "rank-only" },
                            texts[j],
                            if kind { "suited" } else { "rank-only" },
                        ),
                    );
                    continue;
                }
                Some(_) => {}
            }
        }
        let index = physical_index(card);
        seen[index] += 1;
        let copies = physical_copies(card, game);
        if seen[index] > copies {
            let what = if card.suit.is_some() || card.rank.is_joker() {
                format!("duplicate card {text:?}")
            } else {
                format!("one {} too many", card.rank)
            };
            errors.push(
                format!("{field}[{i}]"),
                format!(
                    "{what}: {} {} only {copies} of it",
                    deck_name(game),
                    if game == Game::ThreePlayer {
                        "has"
                    } else {
                        "have"
                    }
                ),
            );
            continue;
        }
        cards.push(card);
    }
    if errors.violations.len() > before {
        return None;
    }
    // Rank-only copies beyond the deck's are caught above; suited cards per rank cannot exceed
    // the deck once every physical card is within its copies.
    let counts = RankCounts::from_ranks(cards.iter().map(|c| c.rank));
    let suited = first_kind.is_none_or(|(_, suited)| suited);
    Some(Cards {
        cards,
        counts,
        suited,
    })
}

/// What `hand` lacks of `play`, for the NOT_IN_HAND message; `None` when it holds the play. The
/// exact cards count when both lists are suited, rank counts otherwise.
fn missing_card(hand: &Cards, play: &Cards) -> Option<String> {
    if hand.suited && play.suited {
        let mut have = [0u8; 54 + Rank::COUNT];
        for &card in &hand.cards {
            have[physical_index(card)] += 1;
        }
        for &card in &play.cards {
            let slot = &mut have[physical_index(card)];
            if *slot == 0 {
                return Some(format!("the hand does not hold {card}"));
            }
            *slot -= 1;
        }
        return None;
    }
    Rank::ALL.into_iter().find_map(|rank| {
        let (needed, held) = (play.counts.get(rank), hand.counts.get(rank));
        (needed > held).then(|| format!("the play has {needed} × {rank} but the hand holds {held}"))
    })
}

fn kind_to_pb(kind: ComboKind) -> pb::ComboType {
    use pb::ComboType as T;
    match kind {
        ComboKind::Single => T::Single,
        ComboKind::Pair => T::Pair,
        ComboKind::Trio => T::Trio,
        ComboKind::TrioWithSingle => T::TrioWithSingle,
        ComboKind::TrioWithPair => T::TrioWithPair,
        ComboKind::Straight => T::Straight,
        ComboKind::PairStraight => T::PairStraight,
        ComboKind::Airplane => T::Airplane,
        ComboKind::AirplaneWithSingles => T::AirplaneWithSingles,
        ComboKind::AirplaneWithPairs => T::AirplaneWithPairs,
        ComboKind::FourWithTwoSingles => T::FourWithTwoSingles,
        ComboKind::FourWithTwoPairs => T::FourWithTwoPairs,
        ComboKind::Bomb => T::Bomb,
        ComboKind::Rocket => T::Rocket,
    }
}

fn kind_from_pb(kind: pb::ComboType) -> Option<ComboKind> {
    use pb::ComboType as T;
    Some(match kind {
        T::Unspecified => return None,
        T::Single => ComboKind::Single,
        T::Pair => ComboKind::Pair,
        T::Trio => ComboKind::Trio,
        T::TrioWithSingle => ComboKind::TrioWithSingle,
        T::TrioWithPair => ComboKind::TrioWithPair,
        T::Straight => ComboKind::Straight,
        T::PairStraight => ComboKind::PairStraight,
        T::Airplane => ComboKind::Airplane,
        T::AirplaneWithSingles => ComboKind::AirplaneWithSingles,
        T::AirplaneWithPairs => ComboKind::AirplaneWithPairs,
        T::FourWithTwoSingles => ComboKind::FourWithTwoSingles,
        T::FourWithTwoPairs => ComboKind::FourWithTwoPairs,
        T::Bomb => ComboKind::Bomb,
        T::Rocket => ComboKind::Rocket,
    })
}

fn combo_to_pb(combo: &Combo) -> pb::DoudizhuCombo {
    pb::DoudizhuCombo {
        r#type: kind_to_pb(combo.kind) as i32,
        rank: combo.rank.symbol().to_string(),
        top_rank: combo.top_rank().symbol().to_string(),
        chain_length: combo.length.into(),
        copies: combo.size.into(),
        kickers: combo
            .kickers
            .ranks()
            .map(|r| r.symbol().to_string())
            .collect(),
    }
}

/// A reading for people: `straight 3-7`, `trio 8 + 4`, `bomb 9 (5 cards)`, `rocket`.
fn describe(combo: &Combo) -> String {
    let name = match combo.kind {
        ComboKind::Single => "single",
        ComboKind::Pair => "pair",
        ComboKind::Trio => "trio",
        ComboKind::TrioWithSingle => "trio with a single",
        ComboKind::TrioWithPair => "trio with a pair",
        ComboKind::Straight => "straight",
        ComboKind::PairStraight => "pair straight",
        ComboKind::Airplane => "airplane",
        ComboKind::AirplaneWithSingles => "airplane with single wings",
        ComboKind::AirplaneWithPairs => "airplane with pair wings",
        ComboKind::FourWithTwoSingles => "four with two singles",
        ComboKind::FourWithTwoPairs => "four with two pairs",
        ComboKind::Bomb => "bomb",
        ComboKind::Rocket => return "rocket".to_string(),
    };
    let mut text = format!("{name} {}", combo.rank);
    if combo.length > 1 {
        text.push_str(&format!("-{}", combo.top_rank()));
    }
    if !combo.kickers.is_empty() {
        text.push_str(&format!(" + {}", combo.kickers));
    }
    if combo.kind == ComboKind::Bomb && combo.size != 4 {
        text.push_str(&format!(" ({} cards)", combo.size));
    }
    text
}

fn describe_all(readings: &[Combo]) -> String {
    readings.iter().map(describe).collect::<Vec<_>>().join("; ")
}

/// Reads a reading selector, recording malformed fields under `field`.
fn selector_from(
    field: &str,
    selector: &pb::DoudizhuReadingSelector,
    errors: &mut InvalidArgument,
) -> Option<ReadingSelector> {
    let before = errors.violations.len();
    let kind = match pb::ComboType::try_from(selector.r#type) {
        Ok(kind) => kind_from_pb(kind),
        Err(_) => {
            errors.push(
                format!("{field}.type"),
                format!("unknown combo type value {}", selector.r#type),
            );
            None
        }
    };
    if kind.is_none() && errors.violations.len() == before {
        errors.push(format!("{field}.type"), "required: the combo type meant");
    }
    let rank = selector
        .rank
        .as_deref()
        .and_then(|text| match parse_card(text) {
            Ok(card) if card.suit.is_none() => Some(card.rank),
            Ok(_) => {
                errors.push(
                    format!("{field}.rank"),
                    format!("{text:?} has a suit: give a rank only (\"7\", \"10\", \"BJ\")"),
                );
                None
            }
            Err(error) => {
                errors.push(format!("{field}.rank"), error.to_string());
                None
            }
        });
    let length = selector
        .chain_length
        .and_then(|length| match u8::try_from(length) {
            Ok(length @ 1..=12) => Some(length),
            _ => {
                errors.push(
                    format!("{field}.chain_length"),
                    format!("must be 1 to 12, got {length}"),
                );
                None
            }
        });
    if errors.violations.len() > before {
        return None;
    }
    Some(ReadingSelector {
        kind: kind?,
        rank,
        length,
    })
}

/// Why cards that are no combo are none, for messages.
fn not_a_combo(counts: &RankCounts, rules: &Rules) -> String {
    let max = rules.game.max_play_cards();
    if counts.len() > max {
        format!(
            "{} cards: a play has at most {max} cards (the largest hand)",
            counts.len()
        )
    } else {
        format!("{counts} is not a combo under these rules")
    }
}

/// Resolves the previous play: `None` when leading. Records errors under `field` and
/// `selector_field`.
fn previous_from(
    texts: &[String],
    selector: Option<&pb::DoudizhuReadingSelector>,
    rules: &Rules,
    errors: &mut InvalidArgument,
) -> Option<Combo> {
    let selector = selector.and_then(|s| selector_from("previous_reading", s, errors));
    if texts.is_empty() {
        if selector.is_some() {
            errors.push(
                "previous_reading",
                "set, but there is no previous play (previous is empty)",
            );
        }
        return None;
    }
    let cards = parse_cards("previous", texts, rules.game, errors)?;
    // Invalid rules are already reported; classifying under them would mean nothing.
    rules.validate().ok()?;
    let readings = doudizhu::classify(&cards.counts, rules);
    if readings.is_empty() {
        errors.push("previous", not_a_combo(&cards.counts, rules));
        return None;
    }
    let chosen = doudizhu::choose_reading(&readings, selector.as_ref());
    if chosen.is_none() {
        errors.push(
            "previous_reading",
            format!(
                "{} cannot be read that way; its readings: {}",
                cards.counts,
                describe_all(&readings)
            ),
        );
    }
    chosen
}

fn verdict_message(
    verdict: &Verdict,
    play: &Cards,
    missing: Option<String>,
    previous: Option<&Combo>,
    rules: &Rules,
) -> String {
    let chosen = verdict.chosen.as_ref().map(describe).unwrap_or_default();
    let previous_text = previous.map(describe).unwrap_or_default();
    match verdict.reason {
        None if play.cards.is_empty() => "pass".to_string(),
        None => match previous {
            Some(_) => format!("{chosen} beats {previous_text}"),
            None => format!("leads {chosen}"),
        },
        Some(IllegalReason::MustLead) => {
            "the leader must play: passing is allowed only when responding".to_string()
        }
        Some(IllegalReason::NotInHand) => {
            missing.unwrap_or_else(|| "the hand does not hold the play".to_string())
        }
        Some(IllegalReason::NotACombo) => not_a_combo(&play.counts, rules),
        Some(IllegalReason::NoSuchReading) => format!(
            "{} cannot be read as intended; its readings: {}",
            play.counts,
            describe_all(&verdict.readings)
        ),
        Some(IllegalReason::WrongType) => format!(
            "{} cannot answer {previous_text}: only the same type, a bomb or the rocket can",
            describe_all(&verdict.readings)
        ),
        Some(IllegalReason::WrongLength) => {
            format!("{chosen} cannot answer {previous_text}: the chain lengths differ")
        }
        Some(IllegalReason::TooLow) => match previous.map(|p| p.kind) {
            Some(ComboKind::Rocket) => "nothing beats the rocket".to_string(),
            _ => format!("{chosen} does not beat {previous_text}"),
        },
    }
}

fn reason_to_pb(reason: Option<IllegalReason>) -> pb::IllegalPlayReason {
    use pb::IllegalPlayReason as R;
    match reason {
        None => R::Unspecified,
        Some(IllegalReason::MustLead) => R::MustLead,
        Some(IllegalReason::NotInHand) => R::NotInHand,
        Some(IllegalReason::NotACombo) => R::NotACombo,
        Some(IllegalReason::NoSuchReading) => R::NoSuchReading,
        Some(IllegalReason::WrongType) => R::WrongType,
        Some(IllegalReason::WrongLength) => R::WrongLength,
        Some(IllegalReason::TooLow) => R::TooLow,
    }
}

/// Answers a `ValidatePlayRequest`.
pub fn validate_play(
    request: pb::ValidatePlayRequest,
) -> Result<pb::ValidatePlayResponse, InvalidArgument> {
    let mut errors = InvalidArgument::default();
    let rules = rules_from(request.rules.as_ref(), &mut errors);
    let hand = if request.hand.is_empty() {
        None
    } else {
        parse_cards("hand", &request.hand, rules.game, &mut errors)
    };
    let play = parse_cards("play", &request.play, rules.game, &mut errors);
    let intended = request
        .intended
        .as_ref()
        .and_then(|s| selector_from("intended", s, &mut errors));
    let previous = previous_from(
        &request.previous,
        request.previous_reading.as_ref(),
        &rules,
        &mut errors,
    );
    errors.or_ok(())?;
    let Some(play) = play else {
        return Err(InvalidArgument::new("play", "unreadable"));
    };
    // The core counts ranks; suited lists are checked card by card here, at the edge.
    let missing = hand.as_ref().and_then(|hand| missing_card(hand, &play));
    let verdict = if missing.is_some() {
        doudizhu::not_in_hand(&play.counts, intended.as_ref(), &rules)
    } else {
        doudizhu::validate_play(
            hand.as_ref().map(|hand| &hand.counts),
            &play.counts,
            previous.as_ref(),
            intended.as_ref(),
            &rules,
        )
    };
    let message = verdict_message(&verdict, &play, missing, previous.as_ref(), &rules);
    Ok(pb::ValidatePlayResponse {
        legal: verdict.legal,
        reason: reason_to_pb(verdict.reason) as i32,
        message,
        reading: verdict.chosen.as_ref().map(combo_to_pb),
        readings: verdict.readings.iter().map(combo_to_pb).collect(),
        previous_reading: previous.as_ref().map(combo_to_pb),
        pass: play.cards.is_empty(),
    })
}

/// Reads one side of a comparison.
fn side(
    field: &str,
    texts: &[String],
    rules: &Rules,
    errors: &mut InvalidArgument,
) -> Option<Readings> {
    if texts.is_empty() {
        errors.push(field, "required: the cards of a combo");
        return None;
    }
    let cards = parse_cards(field, texts, rules.game, errors)?;
    // Invalid rules are already reported; classifying under them would mean nothing.
    rules.validate().ok()?;
    let readings = doudizhu::classify(&cards.counts, rules);
    if readings.is_empty() {
        errors.push(field, not_a_combo(&cards.counts, rules));
        return None;
    }
    Some(readings)
}

/// Answers a `CompareCombosRequest`.
pub fn compare_combos(
    request: pb::CompareCombosRequest,
) -> Result<pb::CompareCombosResponse, InvalidArgument> {
    let mut errors = InvalidArgument::default();
    let rules = rules_from(request.rules.as_ref(), &mut errors);
    let a = side("a", &request.a, &rules, &mut errors);
    let b = side("b", &request.b, &rules, &mut errors);
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
            && doudizhu::choose_reading(readings, selector).is_none()
        {
            errors.push(
                field,
                format!(
                    "the play cannot be read that way; its readings: {}",
                    describe_all(readings)
                ),
            );
        }
    }
    errors.or_ok(())?;
    // Both sides parsed: a missing side recorded an error above.
    let (Some(a), Some(b)) = (a, b) else {
        return Err(InvalidArgument::new("a", "unreadable"));
    };
    let Some(comparison) =
        doudizhu::compare_plays(&a, a_selector.as_ref(), &b, b_selector.as_ref())
    else {
        return Err(InvalidArgument::new("a_reading", "no matching reading"));
    };
    let (a_text, b_text) = (describe(&comparison.a), describe(&comparison.b));
    let (outcome, message) = match comparison.outcome {
        Outcome::ABeatsB => (
            pb::ComparisonOutcome::ABeatsB,
            format!("A ({a_text}) beats B ({b_text})"),
        ),
        Outcome::BBeatsA => (
            pb::ComparisonOutcome::BBeatsA,
            format!("B ({b_text}) beats A ({a_text})"),
        ),
        Outcome::Both => (
            pb::ComparisonOutcome::Both,
            format!("A as {a_text} beats B, and B as {b_text} beats A"),
        ),
        Outcome::Tie => (
            pb::ComparisonOutcome::Tie,
            format!("A ({a_text}) and B ({b_text}) are equal: neither beats the other"),
        ),
        Outcome::Incomparable => (
            pb::ComparisonOutcome::Incomparable,
            format!("A ({a_text}) and B ({b_text}) are different types: neither beats the other"),
        ),
    };
    Ok(pb::CompareCombosResponse {
        outcome: outcome as i32,
        a_reading: Some(combo_to_pb(&comparison.a)),
        b_reading: Some(combo_to_pb(&comparison.b)),
        message,
    })
}

/// Answers a `ListPlaysRequest`.
pub fn list_plays(request: pb::ListPlaysRequest) -> Result<pb::ListPlaysResponse, InvalidArgument> {
    let mut errors = InvalidArgument::default();
    let rules = rules_from(request.rules.as_ref(), &mut errors);
    let hand = if request.hand.is_empty() {
        errors.push("hand", "required: the cards of the hand");
        None
    } else {
        parse_cards("hand", &request.hand, rules.game, &mut errors)
    };
    let previous = previous_from(
        &request.previous,
        request.previous_reading.as_ref(),
        &rules,
        &mut errors,
    );
    let kind = match pb::ComboType::try_from(request.r#type) {
        Ok(kind) => kind_from_pb(kind),
        Err(_) => {
            errors.push(
                "type",
                format!("unknown combo type value {}", request.r#type),
            );
            None
        }
    };
    let limit = match request.limit as usize {
        0 => MAX_LISTED_PLAYS,
        limit @ 1..=MAX_LISTED_PLAYS => limit,
        limit => {
            errors.push(
                "limit",
                format!("at most {MAX_LISTED_PLAYS} plays per call, got {limit}"),
            );
            MAX_LISTED_PLAYS
        }
    };
    errors.or_ok(())?;
    let Some(hand) = hand else {
        return Err(InvalidArgument::new("hand", "unreadable"));
    };
    // One more than the limit tells whether the list was cut.
    let mut plays = doudizhu::list_plays(
        &hand.counts,
        previous.as_ref(),
        kind,
        Some(limit + 1),
        &rules,
    );
    let truncated = plays.len() > limit;
    plays.truncate(limit);
    // With a suited hand, each play names real cards: for each rank, the hand's first cards of
    // that rank in sort order.
    let mut sorted = hand.cards.clone();
    sorted.sort_unstable();
    let mut first_of_rank = [0usize; Rank::COUNT];
    for (i, card) in sorted.iter().enumerate().rev() {
        first_of_rank[card.rank.index()] = i;
    }
    let listed = plays
        .iter()
        .map(|play| {
            let cards = play
                .cards
                .ranks()
                .scan((None, 0usize), |(last, nth), rank| {
                    *nth = if *last == Some(rank) { *nth + 1 } else { 0 };
                    *last = Some(rank);
                    Some(if hand.suited {
                        sorted[first_of_rank[rank.index()] + *nth].to_string()
                    } else {
                        rank.symbol().to_string()
                    })
                })
                .collect();
            pb::ListedPlay {
                cards,
                reading: Some(combo_to_pb(&play.combo)),
            }
        })
        .collect();
    Ok(pb::ListPlaysResponse {
        plays: listed,
        truncated,
        previous_reading: previous.as_ref().map(combo_to_pb),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(text: &str) -> Vec<String> {
        text.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn bad_cards_name_their_index() {
        let mut errors = InvalidArgument::default();
        assert!(
            parse_cards("hand", &strings("3S 1X 3S"), Game::ThreePlayer, &mut errors).is_none()
        );
        let fields: Vec<&str> = errors.violations.iter().map(|v| v.field.as_str()).collect();
        assert_eq!(fields, ["hand[1]", "hand[2]"]);
        assert!(
            errors.violations[1]
                .description
                .contains("duplicate card \"3S\"")
        );

        let mut errors = InvalidArgument::default();
        assert!(parse_cards("play", &strings("3S 4"), Game::ThreePlayer, &mut errors).is_none());
        assert_eq!(errors.violations[0].field, "play[1]");

        // Two decks hold two of each physical card, eight of each rank.
        let mut errors = InvalidArgument::default();
        assert!(
            parse_cards(
                "hand",
                &strings("3S 3S BJ BJ"),
                Game::FourPlayer,
                &mut errors
            )
            .is_some()
        );
        assert!(
            parse_cards(
                "hand",
                &strings("3 3 3 3 3"),
                Game::ThreePlayer,
                &mut errors
            )
            .is_none()
        );
        assert_eq!(errors.violations[0].field, "hand[4]");
    }

    #[test]
    fn suited_plays_must_be_the_hands_cards() {
        let mut errors = InvalidArgument::default();
        let hand =
            parse_cards("hand", &strings("3S 3H 4S"), Game::ThreePlayer, &mut errors).unwrap();
        let same = parse_cards("play", &strings("3H"), Game::ThreePlayer, &mut errors).unwrap();
        let other = parse_cards("play", &strings("3D"), Game::ThreePlayer, &mut errors).unwrap();
        let ranks = parse_cards("play", &strings("3 3"), Game::ThreePlayer, &mut errors).unwrap();
        assert_eq!(missing_card(&hand, &same), None);
        assert_eq!(
            missing_card(&hand, &other).as_deref(),
            Some("the hand does not hold 3D")
        );
        assert_eq!(missing_card(&hand, &ranks), None);
    }

    #[test]
    fn rules_overrides_and_contradictions() {
        let mut errors = InvalidArgument::default();
        let rules = rules_from(
            Some(&pb::DoudizhuRules {
                preset: pb::DoudizhuPreset::Strict as i32,
                game: pb::Game::DoudizhuFourPlayer as i32,
                trio_with_pair: Some(false),
                min_straight_length: Some(3),
                ..Default::default()
            }),
            &mut errors,
        );
        assert!(errors.is_empty(), "{errors}");
        assert_eq!(
            rules,
            Rules {
                game: Game::FourPlayer,
                trio_with_pair: false,
                min_straight_length: 3,
                ..Rules::STRICT
            }
        );
        let rules = rules_from(
            Some(&pb::DoudizhuRules {
                kickers_may_include_bomb: Some(true),
                kickers_may_repeat: Some(false),
                min_airplane_length: Some(1000),
                ..Default::default()
            }),
            &mut errors,
        );
        assert!(rules.kickers_may_include_bomb);
        let fields: Vec<&str> = errors.violations.iter().map(|v| v.field.as_str()).collect();
        assert_eq!(
            fields,
            [
                "rules.kickers_may_include_bomb",
                "rules.min_airplane_length"
            ]
        );
        assert_eq!(
            errors.violations[1].description,
            "must be 2 to 12, got 1000"
        );
    }

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
                    let listed = list_plays(pb::ListPlaysRequest {
                        rules,
                        hand: hand.clone(),
                        ..Default::default()
                    })
                    .unwrap();
                    assert!(!listed.plays.is_empty());
                    for play in listed.plays {
                        let verdict = validate_play(pb::ValidatePlayRequest {
                            rules,
                            hand: hand.clone(),
                            play: play.cards.clone(),
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
