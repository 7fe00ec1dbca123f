//! The checked scoring rules of a table ([`ScoreTable`]): the tile rules ([`Rules`]) and the
//! options of the rule set they name, and the one entry point, [`score()`], that picks the
//! scorer by the rule set.

use super::guobiao::{self, GuobiaoOverrides, GuobiaoRules, GuobiaoRulesError};
use super::hongzhong::{self, HongzhongOverrides, HongzhongRules, HongzhongRulesError};
use super::riichi::{self, RiichiOverrides, RiichiPreset, RiichiRules, RiichiRulesError};
use super::sichuan::{self, SichuanOverrides, SichuanRules, SichuanRulesError};
use super::{Score, ScoreError, WinInput};
use crate::mahjong::{Preset, Rules};

/// The options of one rule set's scorer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ScoringRules {
    /// Riichi: yaku, han, fu and limits.
    Riichi(RiichiRules),
    /// Guobiao: the 81 fans, a minimum and a base.
    Guobiao(GuobiaoRules),
    /// Sichuan: the 血战到底 fan table, 2^fan capped.
    Sichuan(SichuanRules),
    /// Hongzhong: a flat table with options.
    Hongzhong(HongzhongRules),
}

impl ScoringRules {
    /// The rule set these options belong to.
    pub fn preset(&self) -> Preset {
        match self {
            ScoringRules::Riichi(_) => Preset::Riichi,
            ScoringRules::Guobiao(_) => Preset::Guobiao,
            ScoringRules::Sichuan(_) => Preset::Sichuan,
            ScoringRules::Hongzhong(_) => Preset::Hongzhong,
        }
    }

    /// A rule set's default options (Riichi: Tenhou's).
    pub fn default_for(preset: Preset) -> ScoringRules {
        match preset {
            Preset::Riichi => ScoringRules::Riichi(RiichiRules::default()),
            Preset::Guobiao => ScoringRules::Guobiao(GuobiaoRules::STANDARD),
            Preset::Sichuan => ScoringRules::Sichuan(SichuanRules::default()),
            Preset::Hongzhong => ScoringRules::Hongzhong(HongzhongRules::default()),
        }
    }
}

/// Changes to every rule set's default options; `None` fields keep the default. All four are
/// checked whatever the rule set in play, so a request is refused for the same options
/// whichever preset it names (a platform that sends one set of options with every table
/// learns of a bad one at once, not on the first table of that rule set).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ScoringOverrides {
    /// The Riichi preset the Riichi overrides apply to.
    pub riichi_preset: RiichiPreset,
    /// Riichi.
    pub riichi: RiichiOverrides,
    /// Guobiao.
    pub guobiao: GuobiaoOverrides,
    /// Sichuan.
    pub sichuan: SichuanOverrides,
    /// Hongzhong.
    pub hongzhong: HongzhongOverrides,
}

/// One scoring option that cannot be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ScoringRulesError {
    /// A Riichi option.
    #[error(transparent)]
    Riichi(RiichiRulesError),
    /// A Guobiao option.
    #[error(transparent)]
    Guobiao(GuobiaoRulesError),
    /// A Sichuan option.
    #[error(transparent)]
    Sichuan(SichuanRulesError),
    /// A Hongzhong option.
    #[error(transparent)]
    Hongzhong(HongzhongRulesError),
    /// [`ScoreTable::new`]: the options are for another rule set than the tile rules'.
    #[error("{scoring:?} scoring options with {rules:?} rules")]
    OtherRuleSet {
        /// The tile rules' preset.
        rules: Preset,
        /// The options' rule set.
        scoring: Preset,
    },
}

impl ScoringRulesError {
    /// The rule set whose options are at fault.
    pub fn rule_set(&self) -> Preset {
        match self {
            ScoringRulesError::Riichi(_) => Preset::Riichi,
            ScoringRulesError::Guobiao(_) => Preset::Guobiao,
            ScoringRulesError::Sichuan(_) => Preset::Sichuan,
            ScoringRulesError::Hongzhong(_) => Preset::Hongzhong,
            ScoringRulesError::OtherRuleSet { scoring, .. } => *scoring,
        }
    }

    /// The field of that rule set's overrides at fault (`"preset"` for
    /// [`ScoringRulesError::OtherRuleSet`]).
    pub fn field(&self) -> &'static str {
        match self {
            ScoringRulesError::Riichi(e) => e.field(),
            ScoringRulesError::Guobiao(e) => e.field(),
            ScoringRulesError::Sichuan(e) => e.field(),
            ScoringRulesError::Hongzhong(e) => e.field(),
            ScoringRulesError::OtherRuleSet { .. } => "preset",
        }
    }
}

/// Scoring options that cannot be played: every problem, Riichi's, then Guobiao's, Sichuan's and
/// Hongzhong's, each in field order (never empty).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid scoring rules: {}", problems.iter().map(|p| format!("{}: {p}", p.field())).collect::<Vec<_>>().join("; "))]
pub struct InvalidScoringRules {
    /// The problems.
    pub problems: Vec<ScoringRulesError>,
}

/// Checked scoring rules: the tile rules and the options of the same rule set's scorer.
///
/// ```
/// use cardrules::mahjong::score::{ScoreTable, ScoringOverrides, WinContext, WinInput, score};
/// use cardrules::mahjong::{Preset, Rules};
/// use cardrules::tiles::parse_tiles;
///
/// let table = ScoreTable::with_overrides(Rules::preset(Preset::Guobiao), &ScoringOverrides::default())
///     .unwrap();
/// let input = WinInput {
///     hand: parse_tiles("123456789m345p66s").unwrap(),
///     melds: vec![],
///     winning: "9m".parse().unwrap(),
///     red_fives: 0,
///     context: WinContext::default(),
/// };
/// let s = score(&table, &input).unwrap();
/// assert!(s.invalid.is_none());
/// assert!(s.elements.iter().any(|e| e.id == "guobiao.pure_straight"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoreTable {
    rules: Rules,
    scoring: ScoringRules,
}

impl ScoreTable {
    /// Tile rules with their rule set's options; refused when the options are another rule
    /// set's, or when a Sichuan or Hongzhong option is out of range.
    pub fn new(rules: Rules, scoring: ScoringRules) -> Result<ScoreTable, InvalidScoringRules> {
        if scoring.preset() != rules.preset {
            return Err(InvalidScoringRules {
                problems: vec![ScoringRulesError::OtherRuleSet {
                    rules: rules.preset,
                    scoring: scoring.preset(),
                }],
            });
        }
        let problems: Vec<_> = match &scoring {
            ScoringRules::Sichuan(s) => s
                .check()
                .into_iter()
                .map(ScoringRulesError::Sichuan)
                .collect(),
            ScoringRules::Hongzhong(h) => h
                .check()
                .into_iter()
                .map(ScoringRulesError::Hongzhong)
                .collect(),
            ScoringRules::Riichi(_) | ScoringRules::Guobiao(_) => Vec::new(),
        };
        if !problems.is_empty() {
            return Err(InvalidScoringRules { problems });
        }
        Ok(ScoreTable { rules, scoring })
    }

    /// Tile rules with the overrides of every rule set checked, and the options of the rules'
    /// own rule set kept.
    pub fn with_overrides(
        rules: Rules,
        overrides: &ScoringOverrides,
    ) -> Result<ScoreTable, InvalidScoringRules> {
        let mut problems = Vec::new();
        let riichi = RiichiRules::with_overrides(overrides.riichi_preset, &overrides.riichi)
            .map_err(|e| problems.push(ScoringRulesError::Riichi(e)));
        let guobiao = GuobiaoRules::with_overrides(&overrides.guobiao)
            .map_err(|errors| problems.extend(errors.into_iter().map(ScoringRulesError::Guobiao)));
        let sichuan = SichuanRules::with_overrides(&overrides.sichuan)
            .map_err(|errors| problems.extend(errors.into_iter().map(ScoringRulesError::Sichuan)));
        let hongzhong = HongzhongRules::with_overrides(&overrides.hongzhong).map_err(|errors| {
            problems.extend(errors.into_iter().map(ScoringRulesError::Hongzhong))
        });
        let (Ok(riichi), Ok(guobiao), Ok(sichuan), Ok(hongzhong)) =
            (riichi, guobiao, sichuan, hongzhong)
        else {
            return Err(InvalidScoringRules { problems });
        };
        let scoring = match rules.preset {
            Preset::Riichi => ScoringRules::Riichi(riichi),
            Preset::Guobiao => ScoringRules::Guobiao(guobiao),
            Preset::Sichuan => ScoringRules::Sichuan(sichuan),
            Preset::Hongzhong => ScoringRules::Hongzhong(hongzhong),
        };
        Ok(ScoreTable { rules, scoring })
    }

    /// A rule set's tile rules and default options.
    pub fn preset(preset: Preset) -> ScoreTable {
        ScoreTable {
            rules: Rules::preset(preset),
            scoring: ScoringRules::default_for(preset),
        }
    }

    /// The tile rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The scorer's options.
    pub fn scoring(&self) -> &ScoringRules {
        &self.scoring
    }
}

/// Scores a win under a table's rules: checks the input ([`super::prepare`]), then runs the
/// rule set's scorer. A well-formed hand that is not a valid win is a [`Score`] with
/// [`Score::invalid`] set, not an error.
pub fn score(table: &ScoreTable, input: &WinInput) -> Result<Score, ScoreError> {
    let rules = &table.rules;
    match &table.scoring {
        ScoringRules::Riichi(r) => riichi::score(rules, r, input),
        ScoringRules::Guobiao(g) => guobiao::score_input(rules, g, input),
        ScoringRules::Sichuan(s) => sichuan::score(rules, s, input),
        ScoringRules::Hongzhong(h) => hongzhong::score(rules, h, input),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rule_sets_overrides_are_checked_whatever_the_preset() {
        let overrides = ScoringOverrides {
            riichi: RiichiOverrides {
                honba_points: Some(3001),
                ..Default::default()
            },
            guobiao: GuobiaoOverrides {
                minimum_fan: Some(1_001),
                base_points: Some(1_000_001),
                concealed_kong_and_melded_kong: None,
            },
            ..Default::default()
        };
        let invalid =
            ScoreTable::with_overrides(Rules::preset(Preset::Sichuan), &overrides).unwrap_err();
        let named: Vec<_> = invalid
            .problems
            .iter()
            .map(|p| (p.rule_set(), p.field(), p.to_string()))
            .collect();
        assert_eq!(
            named,
            [
                (
                    Preset::Riichi,
                    "honba_points",
                    "points per honba must be at most 3000, not 3001".to_string()
                ),
                (
                    Preset::Guobiao,
                    "minimum_fan",
                    "1001 is more than 1000".to_string()
                ),
                (
                    Preset::Guobiao,
                    "base_points",
                    "1000001 is more than 1000000".to_string()
                ),
            ]
        );
    }

    #[test]
    fn the_rules_preset_picks_the_scorer() {
        let overrides = ScoringOverrides {
            sichuan: SichuanOverrides {
                max_fan: Some(0),
                ..Default::default()
            },
            guobiao: GuobiaoOverrides {
                minimum_fan: Some(6),
                base_points: None,
                concealed_kong_and_melded_kong: Some(true),
            },
            ..Default::default()
        };
        let table = ScoreTable::with_overrides(Rules::preset(Preset::Sichuan), &overrides).unwrap();
        let ScoringRules::Sichuan(sichuan) = table.scoring() else {
            panic!("{:?}", table.scoring());
        };
        assert_eq!(sichuan.max_fan, None, "a max_fan of 0 removes the cap");
        let table = ScoreTable::with_overrides(Rules::preset(Preset::Guobiao), &overrides).unwrap();
        assert_eq!(
            table.scoring(),
            &ScoringRules::Guobiao(GuobiaoRules {
                minimum_fan: 6,
                base_points: 8,
                concealed_kong_and_melded_kong: true,
            })
        );
    }

    #[test]
    fn new_checks_the_bounds_with_overrides_checks() {
        let hongzhong = HongzhongRules {
            points_per_bird: 1 << 31,
            ..HongzhongRules::default()
        };
        let e = ScoreTable::new(
            Rules::preset(Preset::Hongzhong),
            ScoringRules::Hongzhong(hongzhong),
        )
        .unwrap_err();
        let named: Vec<_> = e
            .problems
            .iter()
            .map(|p| (p.rule_set(), p.field(), p.to_string()))
            .collect();
        assert_eq!(
            named,
            [(
                Preset::Hongzhong,
                "points_per_bird",
                "2147483648 is more than 1000000".to_string()
            )]
        );
        let sichuan = SichuanRules {
            base_points: SichuanRules::MAX_BASE_POINTS + 1,
            ..SichuanRules::default()
        };
        let e = ScoreTable::new(
            Rules::preset(Preset::Sichuan),
            ScoringRules::Sichuan(sichuan),
        )
        .unwrap_err();
        assert_eq!(e.problems[0].field(), "base_points");
        let at_the_bound = SichuanRules {
            base_points: SichuanRules::MAX_BASE_POINTS,
            ..SichuanRules::default()
        };
        assert!(
            ScoreTable::new(
                Rules::preset(Preset::Sichuan),
                ScoringRules::Sichuan(at_the_bound)
            )
            .is_ok()
        );
    }

    #[test]
    fn options_of_another_rule_set_are_refused() {
        let e = ScoreTable::new(
            Rules::preset(Preset::Riichi),
            ScoringRules::default_for(Preset::Hongzhong),
        )
        .unwrap_err();
        assert_eq!(e.problems[0].field(), "preset");
        assert_eq!(e.problems[0].rule_set(), Preset::Hongzhong);
        assert!(
            ScoreTable::new(
                Rules::preset(Preset::Riichi),
                ScoringRules::default_for(Preset::Riichi)
            )
            .is_ok()
        );
    }
}
