//! Riichi scoring options: the platform presets and their overrides.

/// What 13 han or more without a yakuman is worth.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kazoe {
    /// A single yakuman.
    Yakuman,
    /// A sanbaiman (no counted yakuman).
    Sanbaiman,
    /// One yakuman per full 13 han.
    Multiple,
}

/// What renhou is worth.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Renhou {
    /// Not a yaku.
    None,
    /// A 5-han yaku.
    FiveHan,
    /// A yakuman.
    Yakuman,
}

/// A platform convention.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum RiichiPreset {
    /// Tenhou ranked rules.
    #[default]
    Tenhou,
    /// Mahjong Soul ranked rules.
    Majsoul,
    /// M-League rules.
    MLeague,
}

/// Resolved Riichi scoring options (see the proto's `RiichiScoringRules`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RiichiRules {
    /// Open tanyao counts.
    pub open_tanyao: bool,
    /// Red fives are dora.
    pub red_fives: bool,
    /// Kiriage mangan.
    pub kiriage: bool,
    /// Counted yakuman.
    pub kazoe: Kazoe,
    /// The pure forms are double yakuman.
    pub double_yakuman: bool,
    /// Yakuman add up.
    pub multiple_yakuman: bool,
    /// Renhou's value.
    pub renhou: Renhou,
    /// Fu of a double-wind pair (2 or 4).
    pub double_wind_pair_fu: u8,
    /// Points per honba on a win on a discard.
    pub honba_points: u32,
}

impl Default for RiichiRules {
    fn default() -> Self {
        RiichiRules::preset(RiichiPreset::Tenhou)
    }
}

/// Optional changes to a preset; `None` keeps the preset's value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct RiichiOverrides {
    /// Open tanyao.
    pub open_tanyao: Option<bool>,
    /// Red fives.
    pub red_fives: Option<bool>,
    /// Kiriage mangan.
    pub kiriage: Option<bool>,
    /// Counted yakuman.
    pub kazoe: Option<Kazoe>,
    /// Double yakuman forms.
    pub double_yakuman: Option<bool>,
    /// Multiple yakuman.
    pub multiple_yakuman: Option<bool>,
    /// Renhou.
    pub renhou: Option<Renhou>,
    /// Double-wind pair fu (2 or 4; anything else is rejected).
    pub double_wind_pair_fu: Option<u32>,
    /// Points per honba.
    pub honba_points: Option<u32>,
}

/// Why Riichi options are rejected.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum RiichiRulesError {
    /// The double-wind pair fu is neither 2 nor 4.
    #[error("the fu of a double-wind pair is 2 or 4, not {0}")]
    DoubleWindPairFu(u32),
    /// An honba value beyond any game's.
    #[error("points per honba must be at most 3000, not {0}")]
    HonbaPoints(u32),
}

impl RiichiRulesError {
    /// The field of [`RiichiOverrides`] at fault.
    pub fn field(&self) -> &'static str {
        match self {
            RiichiRulesError::DoubleWindPairFu(_) => "double_wind_pair_fu",
            RiichiRulesError::HonbaPoints(_) => "honba_points",
        }
    }
}

impl RiichiRules {
    /// A preset's options.
    pub fn preset(preset: RiichiPreset) -> RiichiRules {
        let tenhou = RiichiRules {
            open_tanyao: true,
            red_fives: true,
            kiriage: false,
            kazoe: Kazoe::Yakuman,
            double_yakuman: false,
            multiple_yakuman: true,
            renhou: Renhou::None,
            double_wind_pair_fu: 4,
            honba_points: 300,
        };
        match preset {
            RiichiPreset::Tenhou => tenhou,
            RiichiPreset::Majsoul => RiichiRules {
                double_yakuman: true,
                ..tenhou
            },
            RiichiPreset::MLeague => RiichiRules {
                kiriage: true,
                kazoe: Kazoe::Sanbaiman,
                double_wind_pair_fu: 2,
                ..tenhou
            },
        }
    }

    /// A preset with overrides, checked.
    pub fn with_overrides(
        preset: RiichiPreset,
        o: &RiichiOverrides,
    ) -> Result<RiichiRules, RiichiRulesError> {
        let mut r = RiichiRules::preset(preset);
        if let Some(v) = o.open_tanyao {
            r.open_tanyao = v;
        }
        if let Some(v) = o.red_fives {
            r.red_fives = v;
        }
        if let Some(v) = o.kiriage {
            r.kiriage = v;
        }
        if let Some(v) = o.kazoe {
            r.kazoe = v;
        }
        if let Some(v) = o.double_yakuman {
            r.double_yakuman = v;
        }
        if let Some(v) = o.multiple_yakuman {
            r.multiple_yakuman = v;
        }
        if let Some(v) = o.renhou {
            r.renhou = v;
        }
        if let Some(v) = o.double_wind_pair_fu {
            if v != 2 && v != 4 {
                return Err(RiichiRulesError::DoubleWindPairFu(v));
            }
            r.double_wind_pair_fu = v as u8;
        }
        if let Some(v) = o.honba_points {
            if v > 3000 {
                return Err(RiichiRulesError::HonbaPoints(v));
            }
            r.honba_points = v;
        }
        Ok(r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_differ_where_documented() {
        let t = RiichiRules::preset(RiichiPreset::Tenhou);
        let m = RiichiRules::preset(RiichiPreset::Majsoul);
        let l = RiichiRules::preset(RiichiPreset::MLeague);
        assert!(!t.double_yakuman && m.double_yakuman && !l.double_yakuman);
        assert!(!t.kiriage && !m.kiriage && l.kiriage);
        assert_eq!(l.kazoe, Kazoe::Sanbaiman);
        assert_eq!((t.double_wind_pair_fu, l.double_wind_pair_fu), (4, 2));
    }

    #[test]
    fn overrides_are_checked() {
        let o = RiichiOverrides {
            double_wind_pair_fu: Some(3),
            ..RiichiOverrides::default()
        };
        assert_eq!(
            RiichiRules::with_overrides(RiichiPreset::Tenhou, &o),
            Err(RiichiRulesError::DoubleWindPairFu(3))
        );
        let o = RiichiOverrides {
            double_wind_pair_fu: Some(2),
            kiriage: Some(true),
            ..RiichiOverrides::default()
        };
        let r = RiichiRules::with_overrides(RiichiPreset::Tenhou, &o).unwrap();
        assert_eq!((r.double_wind_pair_fu, r.kiriage), (2, true));
    }
}
