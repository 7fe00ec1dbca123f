//! Guobiao's table options: the fan minimum, the base points and 明暗杠, checked.

/// The numbers the competition rules fix and a table may change.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GuobiaoRules {
    /// The fans a win needs, flowers not counted (起和番). The rules: 8.
    pub minimum_fan: u32,
    /// What every paying player pays on top of the fans (底分). The rules: 8.
    pub base_points: u32,
    /// One open and one concealed kong count the 5-fan 明暗杠 (as ChineseOfficialMahjongHelper's
    /// `fan_calculator` and the apps built on it do) instead of the book's 明杠 + 暗杠 (3). The
    /// rules: false, since 明暗杠 is not one of the 1998 book's 81 fans.
    pub concealed_kong_and_melded_kong: bool,
}

impl Default for GuobiaoRules {
    fn default() -> Self {
        GuobiaoRules::STANDARD
    }
}

impl GuobiaoRules {
    /// The competition rules: an 8-fan minimum, 8 base points.
    pub const STANDARD: GuobiaoRules = GuobiaoRules {
        minimum_fan: 8,
        base_points: 8,
        concealed_kong_and_melded_kong: false,
    };
}

/// Changes to [`GuobiaoRules::STANDARD`]; `None` keeps the competition rules' value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct GuobiaoOverrides {
    /// The fan minimum, at most [`GuobiaoRules::MAX_MINIMUM_FAN`].
    pub minimum_fan: Option<u32>,
    /// The base points, at most [`GuobiaoRules::MAX_BASE_POINTS`].
    pub base_points: Option<u32>,
    /// 明暗杠 instead of 明杠 + 暗杠.
    pub concealed_kong_and_melded_kong: Option<bool>,
}

/// A Guobiao option out of range (the value as given).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum GuobiaoRulesError {
    /// `minimum_fan` above [`GuobiaoRules::MAX_MINIMUM_FAN`].
    #[error("{0} is more than {max}", max = GuobiaoRules::MAX_MINIMUM_FAN)]
    MinimumFan(u32),
    /// `base_points` above [`GuobiaoRules::MAX_BASE_POINTS`].
    #[error("{0} is more than {max}", max = GuobiaoRules::MAX_BASE_POINTS)]
    BasePoints(u32),
}

impl GuobiaoRulesError {
    /// The field of [`GuobiaoOverrides`] at fault.
    pub fn field(&self) -> &'static str {
        match self {
            GuobiaoRulesError::MinimumFan(_) => "minimum_fan",
            GuobiaoRulesError::BasePoints(_) => "base_points",
        }
    }
}

impl GuobiaoRules {
    /// The largest minimum accepted (no hand scores more than a few hundred fans).
    pub const MAX_MINIMUM_FAN: u32 = 1_000;
    /// The largest base accepted.
    pub const MAX_BASE_POINTS: u32 = 1_000_000;

    /// The competition rules with overrides, checked: every value out of range, in field
    /// order.
    pub fn with_overrides(o: &GuobiaoOverrides) -> Result<GuobiaoRules, Vec<GuobiaoRulesError>> {
        let mut rules = GuobiaoRules::STANDARD;
        let mut problems = Vec::new();
        match o.minimum_fan {
            Some(v) if v > Self::MAX_MINIMUM_FAN => problems.push(GuobiaoRulesError::MinimumFan(v)),
            Some(v) => rules.minimum_fan = v,
            None => {}
        }
        match o.base_points {
            Some(v) if v > Self::MAX_BASE_POINTS => problems.push(GuobiaoRulesError::BasePoints(v)),
            Some(v) => rules.base_points = v,
            None => {}
        }
        if let Some(v) = o.concealed_kong_and_melded_kong {
            rules.concealed_kong_and_melded_kong = v;
        }
        if problems.is_empty() {
            Ok(rules)
        } else {
            Err(problems)
        }
    }
}
