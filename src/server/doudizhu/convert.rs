//! Proto <-> core values: card lists, combo types, readings, selectors and reasons.

use super::super::enums::decode;
use super::super::{pb, wire};
use crate::cards::{Quoted, parse_card};
use crate::doudizhu::{
    BombKind, CardList, CardListError, Combo, ComboKind, IllegalReason, ReadingSelector, Table,
    Variant,
};
use crate::error::InvalidArgument;

/// Checks a card list against `game`, recording every bad entry under `field[i]`.
pub(super) fn card_list<'a>(
    field: &str,
    texts: impl IntoIterator<Item = &'a str, IntoIter: ExactSizeIterator>,
    game: Variant,
    errors: &mut InvalidArgument,
) -> Option<CardList> {
    laizi_card_list(field, texts, game, None, errors)
}

/// [`card_list`] under laizi rules: a copy too many of a wild rank also says that the rank is
/// wild ([`CardListError::wild_note`]).
pub(super) fn laizi_card_list<'a>(
    field: &str,
    texts: impl IntoIterator<Item = &'a str, IntoIter: ExactSizeIterator>,
    game: Variant,
    table: Option<&Table>,
    errors: &mut InvalidArgument,
) -> Option<CardList> {
    match CardList::parse_each(texts, game) {
        Ok(list) => Some(list),
        Err(list_errors) => {
            record(field, list_errors, table, errors);
            None
        }
    }
}

/// Records a card list's errors under `field[i]`: out of line, so that the reading of a good
/// list stays small.
#[cold]
#[inline(never)]
fn record(
    field: &str,
    list_errors: Vec<CardListError>,
    table: Option<&Table>,
    errors: &mut InvalidArgument,
) {
    for error in list_errors {
        let path = match error.index() {
            Some(i) => format!("{field}[{i}]"),
            None => field.to_string(),
        };
        let mut message = error.in_field(field);
        if let Some(note) = table.and_then(|table| error.wild_note(table)) {
            message.push_str(&note);
        }
        errors.push(path, message);
    }
}

pub(super) fn kind_to_pb(kind: ComboKind) -> pb::ComboType {
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

/// The kind of a known combo type; `None` for COMBO_TYPE_UNSPECIFIED.
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

/// An optional combo-type filter: `None` for unspecified or unknown (recorded) values.
pub(super) fn kind_filter(
    value: i32,
    field: &str,
    errors: &mut InvalidArgument,
) -> Option<ComboKind> {
    decode(value, field, "combo type", errors).and_then(kind_from_pb)
}

/// Whether a listing request's `format` asks for packed plays; an unknown value is recorded
/// under `field`.
pub(super) fn packed_format(value: i32, field: &str, errors: &mut InvalidArgument) -> bool {
    decode(value, field, "play list format", errors) == Some(pb::PlayListFormat::Packed)
}

pub(super) fn combo_to_pb(combo: &Combo) -> pb::DoudizhuCombo {
    combo_to_wire(combo).into()
}

/// A reading as the hot calls answer it ([`wire::DoudizhuCombo`]: names, not strings).
pub(super) fn combo_to_wire(combo: &Combo) -> wire::DoudizhuCombo {
    wire::DoudizhuCombo {
        r#type: kind_to_pb(combo.kind) as i32,
        rank: combo.rank.symbol(),
        top_rank: combo.top_rank().symbol(),
        chain_length: combo.length.into(),
        copies: combo.size.into(),
        kickers: combo.kickers.ranks().map(|r| r.symbol()).collect(),
        wild_as: combo.wild_as.ranks().map(|r| r.symbol()).collect(),
        bomb_kind: match combo.bomb_kind {
            None => pb::BombKind::Unspecified,
            Some(BombKind::Soft) => pb::BombKind::Soft,
            Some(BombKind::Hard) => pb::BombKind::Hard,
            Some(BombKind::Pure) => pb::BombKind::Pure,
        } as i32,
    }
}

/// Reads a reading selector, recording malformed fields under `field`.
pub(super) fn selector_from(
    field: &str,
    selector: &pb::DoudizhuReadingSelector,
    errors: &mut InvalidArgument,
) -> Option<ReadingSelector> {
    let before = errors.violations.len();
    let kind = kind_filter(selector.r#type, &format!("{field}.type"), errors);
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
                    format!(
                        "{} has a suit: give a rank only (\"7\", \"10\", \"BJ\")",
                        Quoted(text)
                    ),
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

pub(super) fn reason_to_pb(reason: Option<IllegalReason>) -> pb::IllegalPlayReason {
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
