//! Decoding the proto's open enums: an unknown number is a field violation, never a panic.

use crate::error::InvalidArgument;

/// Decodes `value` as the proto enum `E`; an unknown value is recorded under `field` as
/// "unknown {what} value {value}" and gives `None`.
pub(super) fn decode<E: TryFrom<i32>>(
    value: i32,
    field: &str,
    what: &str,
    errors: &mut InvalidArgument,
) -> Option<E> {
    match E::try_from(value) {
        Ok(decoded) => Some(decoded),
        Err(_) => {
            errors.push(field, format!("unknown {what} value {value}"));
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::server::pb;

    #[test]
    fn unknown_values_name_the_field_and_the_value() {
        let mut errors = InvalidArgument::default();
        let known: Option<pb::Game> = decode(1, "game", "game", &mut errors);
        assert_eq!(known, Some(pb::Game::Doudizhu));
        assert!(errors.is_empty());
        let unknown: Option<pb::Game> = decode(99, "rules.game", "game", &mut errors);
        assert_eq!(unknown, None);
        assert_eq!(errors.to_string(), "rules.game: unknown game value 99");
    }
}
