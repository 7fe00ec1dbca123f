//! Guobiao scoring (中国麻将竞赛规则, 1998; Chinese Official mahjong): the 81 fans, the five
//! combination principles, the 8-fan minimum and the payments.
//!
//! [`score`] takes a winning hand ([`GuobiaoWin`]) and returns the reading that scores highest
//! ([`GuobiaoScore`]): its form and sets, every counted fan with its points, the fans left
//! uncounted because a counted fan implies them, the total and what each player pays.
//!
//! # Conventions
//!
//! - **Tiles.** [`GuobiaoWin::concealed`] holds the concealed tiles **including the winning
//!   tile**, so it has `14 - 3 * melds.len()` tiles (a kan is one meld, its fourth tile not
//!   counted there). Declared melds are [`Meld`]s: chi, pon, open kan and concealed kan.
//! - **Forms.** The standard form (four sets and a pair), seven pairs (a kind held four times is
//!   two pairs), thirteen orphans, 全不靠 / 七星不靠 (honours and knitted tiles), and 组合龙 with a
//!   set and a pair (at most one declared meld). Forms other than the standard one and seven
//!   pairs need a closed hand.
//! - **Principles.** 不重复: the [`Fan::excludes`] table, applied from the highest fan down.
//!   不拆移 / 不得相同 / 套算一次: how sets combine, see `combine.rs`. 就高不就低: every
//!   decomposition is scored and the highest kept (seven pairs competes with the standard
//!   readings of the same tiles; on a tie the standard reading is shown).
//! - **Minimum.** A win needs 8 fans without flowers ([`GuobiaoScore::is_win`]); each flower
//!   adds 1 fan ([`Fan::FlowerTiles`]) to the total but not toward the minimum.
//! - **Payments** (the competition rules' convention): on a discard the discarder pays
//!   `8 + total` and the two others pay 8 each; self-drawn, each of the three others pays
//!   `8 + total`.
//! - **Where the open engines fix an open point** (ChineseOfficialMahjongHelper's
//!   `fan_calculator`), we count as they do: a pung completed by a discard is not concealed
//!   unless the tile can also complete a concealed chow; 边张/嵌张/单钓将 need a hand that waited
//!   on one kind only (standard form and seven pairs considered), and a winning tile at the end
//!   of a chow is 边张; 九莲宝灯 adds fixed fans by the winning tile's number; 清幺九 does not
//!   count 双同刻. Unlike `fan_calculator`'s default build the book's 81 fans are the default,
//!   so one open and one concealed kong count 明杠 + 暗杠 (3); its extra 明暗杠 (5) is counted
//!   instead when [`GuobiaoRules::concealed_kong_and_melded_kong`] is set.

mod combine;
mod context;
mod fans;
mod reading;
mod rules;
mod sets;
mod win;
mod win_input;

use arrayvec::ArrayVec;

pub use fans::{FANS, Fan, FanCounts, FanInfo};
pub use rules::{GuobiaoOverrides, GuobiaoRules, GuobiaoRulesError};
pub use sets::{GuobiaoSet, SetKind};
pub use win::{GuobiaoError, GuobiaoWin};
pub(in crate::mahjong::score) use win_input::score_input;

use crate::mahjong::Meld;
use crate::tiles::{Tile, TileSuit};
use context::WinContext;
use reading::{HandFacts, Reading, finish, raw_fans, score_reading};
use sets::{KNITTED, KNITTED_MASKS, for_each_decomposition, is_seven_pairs, knitted_tiles};
use win::validate;

/// A wind, as a seat wind (门风) or a round wind (圈风): the scorers' shared type.
pub use super::Wind;

/// The shape a winning hand was read as.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HandForm {
    /// Four sets and a pair.
    Standard,
    /// Seven pairs (七对, 连七对).
    SevenPairs,
    /// Thirteen orphans (十三幺).
    ThirteenOrphans,
    /// Fourteen unrelated honours and knitted tiles (全不靠, 七星不靠).
    HonorsAndKnitted,
    /// A knitted straight (组合龙) with one set and a pair. `pattern[j]` is the suit holding the
    /// numbers `j+1, j+4, j+7`.
    KnittedStraight {
        /// The suits of 147, 258 and 369.
        pattern: [TileSuit; 3],
    },
    /// Nine gates (九莲宝灯): 1112345678999 of one suit, closed, plus one tile of that suit.
    NineGates,
}

/// Why a well-formed hand is not a win.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NotWin {
    /// The tiles form no winning shape.
    NotComplete,
    /// The best reading scores under the minimum (8) without flowers.
    BelowMinimum,
}

/// One counted fan.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FanScore {
    /// The fan.
    pub fan: Fan,
    /// How many times it counts.
    pub count: u8,
    /// Its points: `count * fan.points()`.
    pub points: u32,
}

/// A fan left uncounted because a counted fan implies it (不重复原则).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Excluded {
    /// The uncounted fan.
    pub fan: Fan,
    /// The counted fan that implies it.
    pub by: Fan,
}

/// Who pays what (the competition rules' convention).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Payments {
    /// Won on a discard: the discarder pays `8 + total`, each of the two others pays 8.
    Discard {
        /// What the discarder pays.
        discarder: u32,
        /// What each of the two other players pays.
        each_other: u32,
    },
    /// Self-drawn: each of the three others pays `8 + total`.
    SelfDrawn {
        /// What each other player pays.
        each: u32,
    },
}

impl Payments {
    /// What the winner receives in all.
    pub fn total(&self) -> u32 {
        match *self {
            Payments::Discard {
                discarder,
                each_other,
            } => discarder + 2 * each_other,
            Payments::SelfDrawn { each } => 3 * each,
        }
    }
}

/// The score of a hand: its best reading.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GuobiaoScore {
    /// True when the hand is complete and scores at least the minimum (8) without flowers.
    pub is_win: bool,
    /// Why not, when `is_win` is false.
    pub not_win: Option<NotWin>,
    /// Fans without flowers (the number the minimum applies to).
    pub fan_total: u32,
    /// Fans with flowers: what the payments use.
    pub total: u32,
    /// The counted fans, highest first, flowers last.
    pub fans: Vec<FanScore>,
    /// Fans the reading also shows but leaves uncounted, with the fan that implies each.
    pub excluded: Vec<Excluded>,
    /// The form of the best reading (`None` when the tiles are not complete).
    pub form: Option<HandForm>,
    /// The best reading's sets: declared melds first, then concealed sets, the pair last; for
    /// seven pairs the pairs; empty for thirteen orphans and 全不靠 / 七星不靠. For
    /// [`HandForm::KnittedStraight`] the set and pair beside the knitted straight.
    pub sets: Vec<GuobiaoSet>,
    /// Payments when `is_win`.
    pub payments: Option<Payments>,
}

/// Scores a winning hand: the best reading's fans, total and payments. A well-formed hand that
/// is not complete, or scores under 8 fans, is an answer with `is_win == false`, not an error.
///
/// ```
/// use cardrules::mahjong::score::guobiao::{Fan, GuobiaoWin, Wind, score};
/// use cardrules::tiles::parse_tiles;
///
/// // 清龙 + 门前清 + 平和 + ... on a discard of 6p.
/// let win = GuobiaoWin {
///     concealed: parse_tiles("123456789m345p66s").unwrap(),
///     melds: vec![],
///     winning_tile: "9m".parse().unwrap(),
///     self_drawn: false,
///     seat_wind: Wind::South,
///     round_wind: Wind::East,
///     last_tile_of_kind: false,
///     last_tile_of_wall: false,
///     kong_win: false,
///     robbing_kong: false,
///     flowers: 0,
/// };
/// let result = score(&win).unwrap();
/// assert!(result.is_win);
/// assert!(result.fans.iter().any(|f| f.fan == Fan::PureStraight));
/// ```
pub fn score(win: &GuobiaoWin) -> Result<GuobiaoScore, GuobiaoError> {
    score_with(&GuobiaoRules::STANDARD, win)
}

/// [`score`] with another minimum or base ([`GuobiaoRules`]).
pub fn score_with(rules: &GuobiaoRules, win: &GuobiaoWin) -> Result<GuobiaoScore, GuobiaoError> {
    let (concealed, all) = validate(win)?;
    let checked = CheckedWin::new(
        concealed,
        all,
        &win.melds,
        win.winning_tile,
        WinContext {
            self_drawn: win.self_drawn,
            last_tile_of_kind: win.last_tile_of_kind,
            last_tile_of_wall: win.last_tile_of_wall,
            kong_win: win.kong_win,
            robbing_kong: win.robbing_kong,
        },
        (win.seat_wind, win.round_wind),
        win.flowers,
    );
    Ok(best_reading(rules, &checked))
}

/// A win whose tiles and circumstances are checked, as the scorer reads it: what both
/// [`score_with`] and the shared [`WinInput`](super::WinInput) path build.
pub(super) struct CheckedWin<'a> {
    /// Concealed tiles by kind, winning tile included.
    concealed: [u8; 34],
    /// Concealed and declared tiles by kind (a kong counts four).
    all: [u8; 34],
    /// Declared melds.
    melds: &'a [Meld],
    /// The winning tile.
    winning_tile: Tile,
    /// The circumstances; 和绝张 also when the winner's own melds hold the other three copies.
    context: WinContext,
    /// The winner's seat wind.
    seat_wind: Wind,
    /// The round wind.
    round_wind: Wind,
    /// Flowers (0-8).
    flowers: u8,
}

impl<'a> CheckedWin<'a> {
    /// A checked win; `context.last_tile_of_kind` as given, also set when the winner's melds hold
    /// the three other copies, and cleared when the hand holds another copy.
    pub(super) fn new(
        concealed: [u8; 34],
        all: [u8; 34],
        melds: &'a [Meld],
        winning_tile: Tile,
        mut context: WinContext,
        (seat_wind, round_wind): (Wind, Wind),
        flowers: u8,
    ) -> CheckedWin<'a> {
        let w = winning_tile.index();
        let own_meld_copies = melds
            .iter()
            .flat_map(|m| m.tiles())
            .filter(|t| t.index() == w)
            .count();
        context.last_tile_of_kind =
            (context.last_tile_of_kind || own_meld_copies == 3) && concealed[w] == 1;
        CheckedWin {
            concealed,
            all,
            melds,
            winning_tile,
            context,
            seat_wind,
            round_wind,
            flowers,
        }
    }
}

/// The best reading of a checked win, with its fans, total and payments.
pub(super) fn best_reading(rules: &GuobiaoRules, win: &CheckedWin) -> GuobiaoScore {
    let concealed = win.concealed;
    let melds = win.melds.len();
    let closed = melds == 0;
    let facts = HandFacts::new(win, rules.concealed_kong_and_melded_kong);
    let meld_sets: ArrayVec<GuobiaoSet, 7> = win.melds.iter().map(GuobiaoSet::from_meld).collect();

    // The best reading so far: the reading, its raw fans (before exclusions, so that the
    // answer's exclusions are reported without scoring the sets again), its fans and points.
    let mut best: Option<(Reading, FanCounts, FanCounts, u32)> = None;
    let consider = |reading: Reading, best: &mut Option<(Reading, FanCounts, FanCounts, u32)>| {
        let (raw, fans) = if reading.form == HandForm::NineGates {
            let fans = score_reading(&reading, &facts, |_, _| {});
            (fans, fans)
        } else {
            let raw = raw_fans(&reading, &facts);
            (raw, finish(raw, |_, _| {}))
        };
        let points = fans.points();
        let better = match best {
            None => true,
            Some((old, _, old_fans, old_points)) => {
                points > *old_points
                    || (points == *old_points
                        && reading.form == HandForm::Standard
                        && (old.form == HandForm::SevenPairs
                            || (!old_fans.has(Fan::PureTripleChow)
                                && !old_fans.has(Fan::TriplePung)
                                && (fans.has(Fan::PureTripleChow) || fans.has(Fan::TriplePung)))))
            }
        };
        if better {
            *best = Some((reading, raw, fans, points));
        }
    };

    let special = if closed {
        special_form(
            &concealed,
            facts.concealed_present,
            &facts.standing,
            win.winning_tile,
        )
    } else {
        None
    };
    let knitted = if melds <= 1 && special.is_none() {
        knitted_straight(&concealed, facts.concealed_present, &meld_sets, melds)
    } else {
        None
    };
    match (special, knitted) {
        (Some(reading), _) if reading.form != HandForm::SevenPairs => consider(reading, &mut best),
        (_, Some(reading)) => consider(reading, &mut best),
        (seven, None) => {
            if let Some(reading) = seven {
                consider(reading, &mut best);
            }
            for_each_decomposition(&concealed, 4 - melds, &mut |sets| {
                let mut all_sets = meld_sets.clone();
                all_sets.extend(sets.iter().copied());
                consider(
                    Reading {
                        form: HandForm::Standard,
                        sets: all_sets,
                    },
                    &mut best,
                );
            });
        }
    }

    let Some((reading, raw, _, fan_total)) = best else {
        return GuobiaoScore {
            is_win: false,
            not_win: Some(NotWin::NotComplete),
            fan_total: 0,
            total: 0,
            fans: Vec::new(),
            excluded: Vec::new(),
            form: None,
            sets: Vec::new(),
            payments: None,
        };
    };
    // Gathered on the stack, then copied out at their exact size.
    let mut excluded: ArrayVec<Excluded, { Fan::COUNT }> = ArrayVec::new();
    let report = |by, fan| excluded.push(Excluded { fan, by });
    let mut fans = if reading.form == HandForm::NineGates {
        score_reading(&reading, &facts, report)
    } else {
        finish(raw, report)
    };
    // The reading's fans are the best's, so its points are `fan_total`; a flower is one point.
    fans.set(Fan::FlowerTiles, win.flowers);
    let total = fan_total + u32::from(win.flowers) * u32::from(Fan::FlowerTiles.points());
    let is_win = fan_total >= rules.minimum_fan;
    let base = rules.base_points;
    let payments = is_win.then(|| {
        if win.context.self_drawn {
            Payments::SelfDrawn { each: base + total }
        } else {
            Payments::Discard {
                discarder: base + total,
                each_other: base,
            }
        }
    });
    let mut fan_list = Vec::with_capacity(fans.len());
    fan_list.extend(fans.iter().map(|(fan, count)| FanScore {
        fan,
        count,
        points: u32::from(count) * u32::from(fan.points()),
    }));
    GuobiaoScore {
        is_win,
        not_win: (!is_win).then_some(NotWin::BelowMinimum),
        fan_total,
        total,
        fans: fan_list,
        excluded: excluded.to_vec(),
        form: Some(reading.form),
        sets: reading.sets.to_vec(),
        payments,
    }
}

/// The closed forms other than the standard one: seven pairs, 全不靠 / 七星不靠, thirteen
/// orphans, nine gates (in that order, as only one can apply except seven pairs, which still
/// competes with the standard readings).
///
/// `concealed` is a closed hand's 14 tiles, `present` their kinds as a mask.
fn special_form(
    concealed: &[u8; 34],
    present: u64,
    standing: &[u8; 34],
    winning: Tile,
) -> Option<Reading> {
    if is_seven_pairs(concealed) {
        let mut sets = ArrayVec::new();
        for (i, &count) in concealed.iter().enumerate() {
            for _ in 0..count / 2 {
                sets.push(GuobiaoSet {
                    kind: SetKind::Pair,
                    tile: Tile::from_index(i).expect("index"),
                    open: false,
                });
            }
        }
        return Some(Reading {
            form: HandForm::SevenPairs,
            sets,
        });
    }
    let bare = |form| {
        Some(Reading {
            form,
            sets: ArrayVec::new(),
        })
    };
    // Fourteen tiles of fourteen kinds: all single.
    if present.count_ones() == 14 {
        let numbered = present & ((1 << 27) - 1);
        let fits = KNITTED_MASKS.iter().any(|&m| numbered & !m == 0);
        if fits && (7..=9).contains(&numbered.count_ones()) {
            return bare(HandForm::HonorsAndKnitted);
        }
    }
    // Every terminal and honour, and (the tiles being 14) nothing else.
    const ORPHANS: u64 = 1 | 1 << 8 | 1 << 9 | 1 << 17 | 1 << 18 | 1 << 26 | 0x7f << 27;
    if present == ORPHANS {
        return bare(HandForm::ThirteenOrphans);
    }
    if !winning.is_honor() {
        let s = winning.index() / 9 * 9;
        let pattern = [3, 1, 1, 1, 1, 1, 1, 1, 3];
        if standing[s..s + 9] == pattern
            && (0..34).all(|i| (s..s + 9).contains(&i) || standing[i] == 0)
        {
            return bare(HandForm::NineGates);
        }
    }
    None
}

/// The knitted-straight form: a knitted straight among the concealed tiles (`present`: their
/// kinds as a mask) and, with the rest (and at most one declared meld), one set and a pair.
fn knitted_straight(
    concealed: &[u8; 34],
    present: u64,
    meld_sets: &[GuobiaoSet],
    melds: usize,
) -> Option<Reading> {
    // A knitted straight is nine numbered kinds.
    if (present & ((1 << 27) - 1)).count_ones() < 9 {
        return None;
    }
    for (pattern, mask) in KNITTED.into_iter().zip(KNITTED_MASKS) {
        if present & mask != mask {
            continue;
        }
        let tiles = knitted_tiles(pattern);
        let mut rest = *concealed;
        for t in tiles {
            rest[t.index()] -= 1;
        }
        let mut found = None;
        for_each_decomposition(&rest, 1 - melds, &mut |sets| {
            if found.is_none() {
                let mut all: ArrayVec<GuobiaoSet, 7> = meld_sets.iter().copied().collect();
                all.extend(sets.iter().copied());
                found = Some(all);
            }
        });
        if let Some(sets) = found {
            return Some(Reading {
                form: HandForm::KnittedStraight { pattern },
                sets,
            });
        }
    }
    None
}
