//! Sichuan bloody-battle scoring (血战到底): the fan table as data ([`FANS`]), the void-suit
//! rule, and the payment `base × 2^fan` with a cap.
//!
//! The hand is read every way it can be (every standard decomposition, and seven pairs where
//! four of a kind counts as two pairs), and one reading is kept by a total order: most fans,
//! then seven pairs, then most pungs, then the lowest pungs, then the lowest pair. Roots (根)
//! count every kind of which the winner holds all four copies, concealed tiles and melds
//! together; in seven pairs the four are a dragon (龙七对) instead and are not counted again as
//! roots. A complete hand that holds its void suit (or all three suits with none set) is
//! answered with that reading and [`InvalidWin::VoidSuitHeld`]; a hand that is not complete is
//! [`InvalidWin::NotComplete`] whatever suits it holds.

use super::{
    HandCounts, InvalidWin, Score, ScoreElement, ScoreError, Totals, Unit, WinInput,
    equal_payments, for_each_standard, prepare_counts,
};
use crate::mahjong::{CompactDecomposition, Form, GroupKind, MeldKind, Rules};

/// One fan of the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FanDef {
    /// Stable id, `"sichuan.all_pungs"`.
    pub id: &'static str,
    /// Display name.
    pub name: &'static str,
    /// Fans per count.
    pub fan: u8,
}

/// The fans, indexed by [`Fan`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Fan {
    /// 平胡: any win, 0 fan.
    Basic,
    /// 对对和: four pungs or kongs and a pair.
    AllPungs,
    /// 清一色: one suit only.
    FullFlush,
    /// 七对: seven pairs.
    SevenPairs,
    /// 龙七对: each four of a kind inside seven pairs.
    DragonSevenPairs,
    /// 带幺九: every set and the pair hold a 1 or a 9.
    Terminals,
    /// 金钩钓: four declared melds, won on the single tile left (a pair wait).
    GoldenHook,
    /// 根: each set of four identical tiles held (not the dragons of seven pairs).
    Root,
    /// 杠上开花: self-drawn on the replacement tile after a kong.
    AfterKong,
    /// 杠上炮: won on a discard made right after the discarder's kong.
    AfterKongDiscard,
    /// 抢杠: won by robbing a kong.
    RobbingKong,
    /// 海底: the last tile of the wall (or its discard).
    LastTile,
    /// 自摸加番: self-drawn, when the options make it a fan.
    SelfDrawn,
}

/// The table.
pub const FANS: [FanDef; 13] = [
    FanDef {
        id: "sichuan.basic",
        name: "Basic win 平胡",
        fan: 0,
    },
    FanDef {
        id: "sichuan.all_pungs",
        name: "All pungs 对对和",
        fan: 1,
    },
    FanDef {
        id: "sichuan.full_flush",
        name: "Full flush 清一色",
        fan: 2,
    },
    FanDef {
        id: "sichuan.seven_pairs",
        name: "Seven pairs 七对",
        fan: 2,
    },
    FanDef {
        id: "sichuan.dragon_seven_pairs",
        name: "Dragon seven pairs 龙七对",
        fan: 1,
    },
    FanDef {
        id: "sichuan.terminals",
        name: "Terminals in every set 带幺九",
        fan: 2,
    },
    FanDef {
        id: "sichuan.golden_hook",
        name: "Golden hook 金钩钓",
        fan: 1,
    },
    FanDef {
        id: "sichuan.root",
        name: "Root 根",
        fan: 1,
    },
    FanDef {
        id: "sichuan.after_kong",
        name: "Flower on the kong 杠上开花",
        fan: 1,
    },
    FanDef {
        id: "sichuan.after_kong_discard",
        name: "Cannon on the kong 杠上炮",
        fan: 1,
    },
    FanDef {
        id: "sichuan.robbing_kong",
        name: "Robbing the kong 抢杠",
        fan: 1,
    },
    FanDef {
        id: "sichuan.last_tile",
        name: "Last tile 海底",
        fan: 1,
    },
    FanDef {
        id: "sichuan.self_drawn",
        name: "Self-drawn 自摸加番",
        fan: 1,
    },
];

/// Sichuan options (see the proto's `SichuanScoringRules`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SichuanRules {
    /// Fans paid at most; `None`: no cap.
    pub max_fan: Option<u32>,
    /// Points at 0 fan, at most [`SichuanRules::MAX_BASE_POINTS`].
    pub base_points: u32,
    /// Self-drawn adds a fan (true) or a base point per payer (false).
    pub self_drawn_adds_fan: bool,
}

impl Default for SichuanRules {
    fn default() -> Self {
        SichuanRules {
            max_fan: Some(4),
            base_points: 1,
            self_drawn_adds_fan: false,
        }
    }
}

/// Changes to [`SichuanRules::default`]; `None` keeps the default.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SichuanOverrides {
    /// Fans paid at most; `Some(0)` removes the cap.
    pub max_fan: Option<u32>,
    /// Points at 0 fan.
    pub base_points: Option<u32>,
    /// Self-drawn adds a fan (true) or a base point per payer (false).
    pub self_drawn_adds_fan: Option<bool>,
}

/// A Sichuan option out of range (the value as given).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum SichuanRulesError {
    /// `base_points` above [`SichuanRules::MAX_BASE_POINTS`].
    #[error("{0} is more than {max}", max = SichuanRules::MAX_BASE_POINTS)]
    BasePoints(u32),
}

impl SichuanRulesError {
    /// The field of [`SichuanOverrides`] at fault.
    pub fn field(&self) -> &'static str {
        match self {
            SichuanRulesError::BasePoints(_) => "base_points",
        }
    }
}

impl SichuanRules {
    /// The largest base accepted (Guobiao's bound): with the uncapped fans of any hand the
    /// payments stay far inside 64 bits.
    pub const MAX_BASE_POINTS: u32 = 1_000_000;

    /// The default options with overrides, checked.
    pub fn with_overrides(o: &SichuanOverrides) -> Result<SichuanRules, Vec<SichuanRulesError>> {
        let d = SichuanRules::default();
        let rules = SichuanRules {
            max_fan: match o.max_fan {
                None => d.max_fan,
                Some(0) => None,
                Some(n) => Some(n),
            },
            base_points: o.base_points.unwrap_or(d.base_points),
            self_drawn_adds_fan: o.self_drawn_adds_fan.unwrap_or(d.self_drawn_adds_fan),
        };
        let problems = rules.check();
        if problems.is_empty() {
            Ok(rules)
        } else {
            Err(problems)
        }
    }

    /// Every option out of range, in field order.
    pub fn check(&self) -> Vec<SichuanRulesError> {
        let mut problems = Vec::new();
        if self.base_points > Self::MAX_BASE_POINTS {
            problems.push(SichuanRulesError::BasePoints(self.base_points));
        }
        problems
    }
}

/// Counted fans: how many times each [`Fan`] applies.
type Counts = [u8; FANS.len()];

fn total(c: &Counts) -> u32 {
    c.iter()
        .zip(FANS.iter())
        .map(|(&n, d)| u32::from(n) * u32::from(d.fan))
        .sum()
}

/// Scores a Sichuan win.
pub(in crate::mahjong::score) fn score(
    rules: &Rules,
    s: &SichuanRules,
    input: &WinInput,
) -> Result<Score, ScoreError> {
    let HandCounts {
        concealed: counts,
        all: full,
    } = prepare_counts(rules, input)?;
    let suits: Vec<usize> = (0..3)
        .filter(|&s| full[s * 9..s * 9 + 9].iter().any(|&n| n > 0))
        .collect();
    // Read first: a hand that holds its void suit is still answered with its best reading.
    let void_held = match rules.void_suit {
        Some(v) => suits
            .contains(&(v as usize))
            .then_some(InvalidWin::VoidSuitHeld { three_suits: false }),
        None => (suits.len() == 3).then_some(InvalidWin::VoidSuitHeld { three_suits: true }),
    };
    let c = &input.context;
    let mut common: Counts = [0; FANS.len()];
    common[Fan::FullFlush as usize] = u8::from(suits.len() == 1);
    common[Fan::AfterKong as usize] = u8::from(c.after_kong && c.self_drawn);
    common[Fan::AfterKongDiscard as usize] = u8::from(c.after_kong && !c.self_drawn);
    common[Fan::RobbingKong as usize] = u8::from(c.robbing_kong);
    common[Fan::LastTile as usize] = u8::from(c.last_tile);
    common[Fan::SelfDrawn as usize] = u8::from(c.self_drawn && s.self_drawn_adds_fan);
    let fours = full.iter().filter(|&&n| n == 4).count() as u8;

    // The reading kept: most fans, then seven pairs over a standard reading, then most pungs,
    // the lowest pungs and the lowest pair (standard readings of equal fans count the same
    // fans: only the decomposition shown differs).
    let mut best: Option<(ReadingKey, Counts, CompactDecomposition)> = None;
    let mut consider = |key: ReadingKey, fans: Counts, d: &dyn Fn() -> CompactDecomposition| {
        if best.as_ref().is_none_or(|b| key > b.0) {
            best = Some((key, fans, d()));
        }
    };
    if input.melds.is_empty() && rules.seven_pairs {
        let quads = counts.iter().filter(|&&n| n == 4).count() as u8;
        let pairs_ok = counts
            .iter()
            .all(|&n| n % 2 == 0 && (n < 4 || rules.seven_pairs_quads));
        if pairs_ok {
            let mut f = common;
            f[Fan::SevenPairs as usize] = 1;
            f[Fan::DragonSevenPairs as usize] = quads;
            consider(ReadingKey::seven_pairs(total(&f)), f, &|| {
                seven_pairs(&counts)
            });
        }
    }
    let needed = 4 - input.melds.len() as u8;
    let melds_pungs = input.melds.iter().all(|m| m.kind != MeldKind::Chi);
    let melds_terminal = input.melds.iter().all(|m| {
        let n = m.tile.number();
        n == 1 || n == 9 || (m.kind == MeldKind::Chi && n == 7)
    });
    let golden_hook = input.melds.len() == 4;
    for_each_standard(&counts, needed, true, &mut |a| {
        let all_pungs = melds_pungs && a.groups().iter().all(|g| g.0 != super::SetKind::Sequence);
        let terminals = melds_terminal
            && matches!(a.pair % 9, 0 | 8)
            && a.groups().iter().all(|&(k, t)| match k {
                super::SetKind::Sequence => matches!(t % 9, 0 | 6),
                _ => matches!(t % 9, 0 | 8),
            });
        let mut f = common;
        f[Fan::AllPungs as usize] = u8::from(all_pungs);
        f[Fan::Terminals as usize] = u8::from(terminals);
        f[Fan::GoldenHook as usize] = u8::from(golden_hook);
        f[Fan::Root as usize] = fours;
        consider(ReadingKey::standard(total(&f), a), f, &|| a.decomposition());
    });
    let Some((key, fans, decomposition)) = best else {
        return Ok(Score::invalid(InvalidWin::NotComplete));
    };
    let fan = key.fan;
    let mut elements = vec![ScoreElement::new(FANS[0].id, FANS[0].name, 0, Unit::Fan, 1)];
    for (i, &n) in fans.iter().enumerate().skip(1) {
        if n > 0 {
            elements.push(ScoreElement::new(
                FANS[i].id,
                FANS[i].name,
                i32::from(FANS[i].fan),
                Unit::Fan,
                u32::from(n),
            ));
        }
    }
    if let Some(reason) = void_held {
        return Ok(Score {
            invalid: Some(reason),
            decomposition: Some(decomposition),
            elements,
            totals: Totals {
                fan,
                ..Totals::default()
            },
            ..Score::default()
        });
    }
    let paid = s.max_fan.map_or(fan, |cap| fan.min(cap)).min(40);
    let base = u64::from(s.base_points).saturating_mul(1 << paid);
    let self_drawn_base = c.self_drawn && !s.self_drawn_adds_fan;
    let per_payer = base.saturating_add(u64::from(self_drawn_base) * u64::from(s.base_points));
    let (payments, gain) = equal_payments(c, per_payer, c.self_drawn);
    Ok(Score {
        invalid: None,
        decomposition: Some(decomposition),
        elements,
        fu: Vec::new(),
        excluded: Vec::new(),
        totals: Totals {
            fan,
            base_points: base,
            winner_gain: gain,
            ..Totals::default()
        },
        payments,
    })
}

/// How a reading ranks: compared field by field, the greater is kept.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct ReadingKey {
    /// Fans counted.
    fan: u32,
    /// Seven pairs (over a standard reading of equal fans).
    seven_pairs: bool,
    /// Concealed pungs of a standard reading.
    pungs: usize,
    /// Their kinds, lowest first, each reversed so that lower kinds rank higher (unused
    /// places are equal in readings of as many pungs).
    low_pungs: [std::cmp::Reverse<u8>; 4],
    /// The pair's kind, reversed likewise.
    low_pair: std::cmp::Reverse<u8>,
}

impl ReadingKey {
    fn seven_pairs(fan: u32) -> ReadingKey {
        ReadingKey {
            fan,
            seven_pairs: true,
            pungs: 0,
            low_pungs: [std::cmp::Reverse(0); 4],
            low_pair: std::cmp::Reverse(0),
        }
    }

    fn standard(fan: u32, a: &super::Arrangement) -> ReadingKey {
        let mut low_pungs = [std::cmp::Reverse(0); 4];
        let mut pungs = 0;
        for g in a.groups() {
            if g.0 != super::SetKind::Sequence {
                low_pungs[pungs] = std::cmp::Reverse(g.1);
                pungs += 1;
            }
        }
        // Lowest kind first: the reversed values in descending order.
        low_pungs[..pungs].sort_unstable_by(|x, y| y.cmp(x));
        ReadingKey {
            fan,
            seven_pairs: false,
            pungs,
            low_pungs,
            low_pair: std::cmp::Reverse(a.pair),
        }
    }
}

fn seven_pairs(counts: &[u8; 34]) -> CompactDecomposition {
    let pairs = (0..34u8).flat_map(|t| {
        std::iter::repeat_n(
            (GroupKind::Pair, t),
            usize::from(counts[usize::from(t)] / 2),
        )
    });
    CompactDecomposition::of_groups(Form::SevenPairs, pairs, 0)
}
