//! Riichi scoring: yaku and han from the table [`YAKU`], fu item by item (`fu.rs`), limits and
//! payments (`points.rs`), over the reading of the hand that pays most.
//!
//! Every standard decomposition of the concealed tiles is tried with every group the winning
//! tile can complete (which decides the wait, and whether a triplet won on a discard is open),
//! together with seven pairs and thirteen orphans; the answer is the first reading in one total
//! order (the proto's `RiichiScoringRules` states it): the highest base points, then most han,
//! most fu, most fu before rounding, then the form (standard, seven pairs, thirteen orphans),
//! the wait (両面, 双碰, 嵌張, 辺張, 単騎) and the lowest arrangement (`Reading::rank`). Two
//! readings equal under all of it answer alike.

mod context;
mod fu;
mod points;
mod rules;
mod yaku;

pub use rules::{Kazoe, Renhou, RiichiOverrides, RiichiPreset, RiichiRules, RiichiRulesError};
pub use yaku::{FIRST_YAKUMAN, YAKU, Yaku, YakuDef, YakuSet};

use self::context::check_context;
use self::fu::FuFacts;
use super::{
    Arrangement, HandCounts, InvalidWin, Score, ScoreElement, ScoreError, Set, SetKind, Totals,
    Unit, WinInput, Wind, for_each_standard, prepare_counts,
};
use crate::mahjong::{CompactDecomposition, Form, GroupKind, Rules};
use crate::tiles::Tile;
use std::cmp::{Ordering, Reverse};

pub use super::input::RiichiContext;

/// The wait the winning tile completed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Wait {
    /// Two-sided (両面).
    Ryanmen,
    /// Closed (嵌張).
    Kanchan,
    /// Edge (辺張).
    Penchan,
    /// Pair (単騎).
    Tanki,
    /// One of two pairs (双碰).
    Shanpon,
}

/// The tile a dora indicator names.
pub fn dora_of(indicator: Tile) -> Tile {
    Tile::from_index(usize::from(DORA_OF[indicator.index()])).expect("tile index")
}

/// [`dora_of`] by tile index: the next in the suit, the winds or the dragons, wrapping
/// (a table, so counting dora does not branch on the indicator's kind).
const DORA_OF: [u8; 34] = {
    let mut t = [0u8; 34];
    let mut i = 0;
    while i < 34 {
        t[i] = match i {
            0..=26 => i / 9 * 9 + (i % 9 + 1) % 9,
            27..=30 => 27 + (i - 27 + 1) % 4,
            _ => 31 + (i - 31 + 1) % 3,
        } as u8;
        i += 1;
    }
    t
};

const TERMINALS: u64 = 1 | 1 << 8 | 1 << 9 | 1 << 17 | 1 << 18 | 1 << 26;
const HONORS: u64 = 0x7f << 27;
const GREEN: u64 = 1 << 19 | 1 << 20 | 1 << 21 | 1 << 23 | 1 << 25 | 1 << 32;
const SUIT: [u64; 3] = [0x1ff, 0x1ff << 9, 0x1ff << 18];
/// Terminals and honours: the tiles a triplet or the pair may have in an outside hand, and the
/// triplets worth double fu. A mask rather than a test, so the sets of varied hands do not
/// branch on it.
const OUTSIDE: u64 = TERMINALS | HONORS;
/// The lowest tiles of the runs an outside hand may have: 123 and 789 of each suit.
const OUTSIDE_RUNS: u64 = RUNS_123 | RUNS_789;

/// The lowest tiles of the runs 123 and 789 of each suit, the two that can be edge waits (a
/// mask rather than `% 9`, a multiplication per group).
const RUNS_123: u64 = 1 | 1 << 9 | 1 << 18;
const RUNS_789: u64 = 1 << 6 | 1 << 15 | 1 << 24;

/// Facts of the whole hand, the same for every reading.
struct Facts {
    /// No open meld.
    closed: bool,
    /// No declared meld at all (concealed kans included).
    no_melds: bool,
    /// Yaku that do not depend on the reading.
    yaku: YakuSet,
    /// Dora, red fives and ura-dora.
    dora: u32,
    red: u32,
    ura: u32,
    fu: FuFacts,
    /// The winning tile's index.
    win: u8,
    self_drawn: bool,
}

/// One reading of the hand, enough to recount it.
#[derive(Clone, Copy, Debug)]
enum Reading {
    Standard {
        arrangement: Arrangement,
        sets: [Set; 4],
        pair: u8,
        wait: Wait,
    },
    SevenPairs,
    Orphans,
}

/// A reading's rank among readings of equal value: form, wait, and the arrangement's pair and
/// groups as `(tile, 0 for a triplet or 1 for a run)`, reversed so that lower ranks higher.
type Rank = (u8, u8, Reverse<(u8, [(u8, u8); 4])>);

impl Reading {
    /// How a reading ranks among readings of equal [`Value::key`], higher first: the form
    /// (standard, then seven pairs, then thirteen orphans); for two standard readings the wait
    /// (両面, 双碰, 嵌張, 辺張, 単騎), then the lower arrangement: the lower pair, else the first
    /// concealed group that differs, groups listed as the answer shows them (lowest tile first,
    /// at one tile a triplet before a run), the lower tile, or at one tile the triplet.
    fn rank(&self) -> Rank {
        match *self {
            Reading::Standard {
                arrangement, wait, ..
            } => {
                let wait_rank = match wait {
                    Wait::Ryanmen => 4,
                    Wait::Shanpon => 3,
                    Wait::Kanchan => 2,
                    Wait::Penchan => 1,
                    Wait::Tanki => 0,
                };
                let mut groups = [(0, 0); 4];
                for (g, &(kind, tile)) in groups.iter_mut().zip(arrangement.groups()) {
                    *g = (tile, u8::from(kind == SetKind::Sequence));
                }
                (2, wait_rank, Reverse((arrangement.pair, groups)))
            }
            Reading::SevenPairs => (1, 0, Reverse((0, [(0, 0); 4]))),
            Reading::Orphans => (0, 0, Reverse((0, [(0, 0); 4]))),
        }
    }
}

/// A reading's value.
#[derive(Clone, Copy, Debug)]
struct Value {
    yaku: YakuSet,
    han: u32,
    /// Fu rounded up to 10 (25 for seven pairs, 0 for a yakuman).
    fu: u32,
    /// Fu before rounding (the same as `fu` for seven pairs and a yakuman).
    raw_fu: u32,
    yakuman: u32,
    base: u64,
}

impl Value {
    /// The order's first keys, higher first: a valid win, base points, han, fu, fu before
    /// rounding, packed into one number so that comparing two readings is one comparison
    /// (a valid win is one with base points above 0, so base points order it too; han and fu
    /// are far below 2^21).
    fn key(&self) -> u128 {
        u128::from(self.base) << 64
            | u128::from(self.han) << 42
            | u128::from(self.fu) << 21
            | u128::from(self.raw_fu)
    }
}

/// True when reading `a` comes before `b` in the answer's total order.
#[inline]
fn before(a: &(Value, Reading), b: &(Value, Reading)) -> bool {
    match a.0.key().cmp(&b.0.key()) {
        Ordering::Equal => ranks_before(&a.1, &b.1),
        order => order == Ordering::Greater,
    }
}

/// True when reading `a` ranks before `b` among readings of equal value. Out of line and
/// cold: it only runs on ties, so the comparison made for every reading stays small.
#[cold]
#[inline(never)]
fn ranks_before(a: &Reading, b: &Reading) -> bool {
    a.rank() > b.rank()
}

/// Scores a Riichi win. Malformed requests (tile count, winning tile, copies, contradictory
/// facts) are errors; a hand that is not a win, or has no yaku, is a [`Score`] saying so.
pub(in crate::mahjong::score) fn score(
    rules: &Rules,
    riichi: &RiichiRules,
    input: &WinInput,
) -> Result<Score, ScoreError> {
    let hand = prepare_counts(rules, input)?;
    let counts = hand.concealed;
    check_context(input)?;
    let facts = facts(riichi, input, &hand);
    let mut best: Option<(Value, Reading)> = None;
    each_reading(
        rules,
        riichi,
        input,
        &facts,
        &counts,
        &mut |v: Value, r: Reading| {
            let candidate = (v, r);
            if best.as_ref().is_none_or(|b| before(&candidate, b)) {
                best = Some(candidate);
            }
        },
    );
    let Some((v, reading)) = best else {
        return Ok(Score::invalid(InvalidWin::NotComplete));
    };
    Ok(explain(&facts, riichi, input, &counts, v, reading))
}

/// Calls `consider` with every reading of the hand and its value.
fn each_reading(
    rules: &Rules,
    riichi: &RiichiRules,
    input: &WinInput,
    facts: &Facts,
    counts: &[u8; 34],
    consider: &mut impl FnMut(Value, Reading),
) {
    if input.melds.is_empty() {
        if rules.thirteen_orphans && orphans(counts) {
            let mut y = facts.yaku.yakuman();
            let thirteen = counts[facts.win as usize] == 2;
            y.add(if thirteen {
                Yaku::Kokushi13
            } else {
                Yaku::Kokushi
            });
            consider(value(y, 0, 0, facts, riichi), Reading::Orphans);
        }
        // Folds rather than `all`: no early exit, so no branch per kind.
        if rules.seven_pairs && counts.iter().fold(true, |ok, &c| ok & (c == 0 || c == 2)) {
            let mut y = facts.yaku;
            y.add(Yaku::Chiitoitsu);
            consider(value(y, 25, 25, facts, riichi), Reading::SevenPairs);
        }
    }
    let empty = Set {
        kind: SetKind::Triplet,
        tile: 0,
        open: false,
        declared: false,
    };
    // The declared melds last, as every reading's sets end with them (at most 4: `prepare`).
    let mut declared = [empty; 4];
    for (d, m) in declared.iter_mut().zip(&input.melds) {
        *d = Set::declared(m);
    }
    let declared = &declared[..input.melds.len()];
    let needed = 4 - declared.len() as u8;
    for_each_standard(counts, needed, true, &mut |a: &Arrangement| {
        let mut sets = [empty; 4];
        for (i, &(kind, tile)) in a.groups().iter().enumerate() {
            sets[i] = Set {
                kind,
                tile,
                open: false,
                declared: false,
            };
        }
        if !declared.is_empty() {
            sets[a.n as usize..].copy_from_slice(declared);
        }
        let win = facts.win;
        if a.pair == win {
            consider_standard(facts, riichi, a, sets, Wait::Tanki, None, consider);
        }
        // The groups the winning tile completes, a bit each, and the wait of each, computed
        // without a branch per group. The same group twice (two identical runs) reads the
        // same, so only its first copy counts; the search lists equal groups side by side.
        let groups = a.groups();
        let mut waits = [Wait::Ryanmen; 4];
        let mut completed = 0u32;
        for (i, &(kind, tile)) in groups.iter().enumerate() {
            let run = kind == SetKind::Sequence;
            // The winning tile's place in the group: 0, 1 or 2 for a run, 0 for a triplet.
            let d = win.wrapping_sub(tile);
            let holds = d <= 2 * u8::from(run);
            let repeat = (i > 0) & (groups[i.saturating_sub(1)] == (kind, tile));
            completed |= u32::from(holds & !repeat) << i;
            let penchan =
                (d == 0) & (RUNS_789 >> tile & 1 == 1) | (d == 2) & (RUNS_123 >> tile & 1 == 1);
            let w = usize::from(run) * (1 + usize::from(d == 1) + 2 * usize::from(penchan));
            waits[i] = [Wait::Shanpon, Wait::Ryanmen, Wait::Kanchan, Wait::Penchan][w];
        }
        while completed != 0 {
            let i = completed.trailing_zeros() as usize;
            completed &= completed - 1;
            consider_standard(facts, riichi, a, sets, waits[i], Some(i), consider);
        }
    });
}

fn facts(riichi: &RiichiRules, input: &WinInput, hand: &HandCounts) -> Facts {
    let c = &input.context;
    let r = &c.riichi;
    let closed = input.melds.iter().all(|m| m.concealed);
    let (counts, full) = (&hand.concealed, &hand.all);
    let present = crate::mahjong::kinds::held(full);
    let dealer = c.seat_wind == Wind::East;
    let is_riichi = r.riichi || r.double_riichi;
    let mut y = YakuSet::default();
    y.add_if(r.double_riichi, Yaku::DoubleRiichi);
    y.add_if(r.riichi && !r.double_riichi, Yaku::Riichi);
    y.add_if(r.ippatsu, Yaku::Ippatsu);
    y.add_if(closed && c.self_drawn, Yaku::MenzenTsumo);
    y.add_if(c.last_tile && c.self_drawn, Yaku::Haitei);
    y.add_if(c.last_tile && !c.self_drawn, Yaku::Houtei);
    y.add_if(c.after_kong && c.self_drawn, Yaku::Rinshan);
    y.add_if(c.robbing_kong, Yaku::Chankan);
    if r.first_turn {
        y.add_if(dealer && c.self_drawn, Yaku::Tenhou);
        y.add_if(!dealer && c.self_drawn, Yaku::Chiihou);
        if !dealer && !c.self_drawn {
            match riichi.renhou {
                Renhou::None => {}
                Renhou::FiveHan => y.add(Yaku::Renhou),
                Renhou::Yakuman => y.add(Yaku::RenhouYakuman),
            }
        }
    }
    y.add_if(
        present & (TERMINALS | HONORS) == 0 && (closed || riichi.open_tanyao),
        Yaku::Tanyao,
    );
    let suits = SUIT.iter().filter(|&&s| present & s != 0).count();
    let honors = present & HONORS != 0;
    y.add_if(suits == 1 && honors, Yaku::Honitsu);
    y.add_if(suits == 1 && !honors, Yaku::Chinitsu);
    y.add_if(
        present & !(TERMINALS | HONORS) == 0 && suits > 0 && honors,
        Yaku::Honroutou,
    );
    y.add_if(present & !HONORS == 0, Yaku::Tsuuiisou);
    y.add_if(present & !TERMINALS == 0, Yaku::Chinroutou);
    y.add_if(present & !GREEN == 0, Yaku::Ryuuiisou);
    let win = input.winning.index() as u8;
    if input.melds.is_empty() && suits == 1 && !honors {
        let base = SUIT.iter().position(|&s| present & s != 0).expect("a suit") * 9;
        let v = &counts[base..base + 9];
        let nine = v[0] >= 3 && v[8] >= 3 && v[1..8].iter().all(|&n| n >= 1);
        if nine {
            let pure = [3, 1, 1, 1, 1, 1, 1, 1, 3]
                .iter()
                .enumerate()
                .all(|(k, &n)| v[k] - u8::from(base + k == win as usize) == n);
            y.add(if pure {
                Yaku::JunseiChuuren
            } else {
                Yaku::Chuuren
            });
        }
    }
    let count_dora = |indicators: &[Tile]| -> u32 {
        indicators
            .iter()
            .map(|&t| u32::from(full[dora_of(t).index()]))
            .sum()
    };
    Facts {
        closed,
        no_melds: input.melds.is_empty(),
        yaku: y,
        dora: count_dora(&r.dora_indicators),
        red: if riichi.red_fives {
            u32::from(input.red_fives)
        } else {
            0
        },
        ura: if is_riichi {
            count_dora(&r.ura_dora_indicators)
        } else {
            0
        },
        fu: FuFacts {
            closed,
            self_drawn: c.self_drawn,
            pinfu: false,
            seat: 27 + c.seat_wind as u8,
            round: 27 + c.round_wind as u8,
            double_wind_pair_fu: riichi.double_wind_pair_fu,
        },
        win,
        self_drawn: c.self_drawn,
    }
}

/// The kinds the counts hold, in tile order (a bit per kind, taken lowest first).
fn kinds(counts: &[u8; 34]) -> impl Iterator<Item = Tile> {
    let mut held = crate::mahjong::kinds::held(counts);
    std::iter::from_fn(move || {
        (held != 0).then(|| {
            let i = held.trailing_zeros() as usize;
            held &= held - 1;
            Tile::from_index(i).expect("tile index")
        })
    })
}

fn orphans(counts: &[u8; 34]) -> bool {
    let orphan = OUTSIDE;
    (0..34).fold(true, |ok, i| {
        let is = orphan >> i & 1 == 1;
        ok & if is { counts[i] >= 1 } else { counts[i] == 0 }
    })
}

/// The value of a reading with yaku `y`, rounded `fu` and `raw_fu` before rounding: yakuman
/// drop every other yaku (and fu).
#[inline]
fn value(mut y: YakuSet, fu: u32, raw_fu: u32, f: &Facts, r: &RiichiRules) -> Value {
    if y.yakuman().0 != 0 {
        y = y.yakuman();
        let yakuman = y.yakuman_count(r.double_yakuman, r.multiple_yakuman);
        let (base, _) = points::base_points(0, 0, yakuman, r);
        return Value {
            yaku: y,
            han: 0,
            fu: 0,
            raw_fu: 0,
            yakuman,
            base,
        };
    }
    // Chiitoitsu never stacks with a reading's sequence or triplet yaku; the rest are
    // reading-independent or exclusive by shape.
    let yaku_han = y.han(f.closed);
    if yaku_han == 0 {
        return Value {
            yaku: y,
            han: 0,
            fu,
            raw_fu,
            yakuman: 0,
            base: 0,
        };
    }
    let han = yaku_han + f.dora + f.red + f.ura;
    let base = points::base_of(han, fu, r);
    Value {
        yaku: y,
        han,
        fu,
        raw_fu,
        yakuman: 0,
        base,
    }
}

/// Yaku of one standard reading (`sets[ron]` is the group completed by the winning tile).
#[inline]
fn standard_yaku(f: &Facts, sets: &[Set; 4], pair: u8, wait: Wait) -> YakuSet {
    let mut y = f.yaku;
    // Exclusive forms: a standard reading never has thirteen orphans or seven pairs.
    let (mut seq_mask, mut pung_mask, mut seq_count, mut concealed_pungs, mut quads) =
        (0u64, 0u64, 0, 0, 0);
    // Distinct fillers above every tile index, so only real runs compare equal.
    let mut seqs = [250, 251, 252, 253];
    let mut all_outside = true;
    // Without a branch on the set's kind, which the readings of varied hands mispredict: a
    // triplet writes a filler where a run writes its tile, and the masks take a bit or none.
    for s in sets {
        let t = s.tile;
        let run = s.kind == SetKind::Sequence;
        seqs[seq_count] = if run { t } else { 250 + seq_count as u8 };
        seq_count += usize::from(run);
        seq_mask |= u64::from(run) << t;
        pung_mask |= u64::from(!run) << t;
        concealed_pungs += u32::from(!run & !s.open);
        quads += u32::from(s.kind == SetKind::Quad);
        let outside = if run { OUTSIDE_RUNS } else { OUTSIDE };
        all_outside &= outside >> t & 1 == 1;
    }
    all_outside &= OUTSIDE >> pair & 1 == 1;
    let dragons = (pung_mask >> 31 & 7).count_ones();
    let winds = (pung_mask >> 27 & 15).count_ones();
    let (seat, round) = (f.fu.seat, f.fu.round);
    let value_pair = pair >= 31 || pair == seat || pair == round;
    let pinfu = f.no_melds && seq_count == 4 && !value_pair && wait == Wait::Ryanmen;
    y.add_if(pinfu, Yaku::Pinfu);
    if f.closed {
        // Equal pairs among the runs: 2 (a a b b) or 6 (four alike) are two twin pairs, any
        // other count above 0 one.
        let s = seqs;
        let equal = u8::from(s[0] == s[1])
            + u8::from(s[0] == s[2])
            + u8::from(s[0] == s[3])
            + u8::from(s[1] == s[2])
            + u8::from(s[1] == s[3])
            + u8::from(s[2] == s[3]);
        if equal == 2 || equal == 6 {
            y.add(Yaku::Ryanpeikou);
        } else if equal > 0 {
            y.add(Yaku::Iipeikou);
        }
    }
    // The same run, or triplet, in all three suits: a bit of the first suit's nine that the
    // other two have too. 123, 456 and 789 of one suit: a run whose next two in threes follow.
    y.add_if(
        seq_mask & seq_mask >> 9 & seq_mask >> 18 & 0x7f != 0,
        Yaku::SanshokuDoujun,
    );
    y.add_if(
        seq_mask & seq_mask >> 3 & seq_mask >> 6 & (1 | 1 << 9 | 1 << 18) != 0,
        Yaku::Ittsu,
    );
    y.add_if(
        pung_mask & pung_mask >> 9 & pung_mask >> 18 & 0x1ff != 0,
        Yaku::SanshokuDoukou,
    );
    if all_outside && seq_count > 0 {
        let honors = pung_mask & HONORS != 0 || pair >= 27;
        y.add(if honors { Yaku::Chanta } else { Yaku::Junchan });
    }
    y.add_if(seq_count == 0, Yaku::Toitoi);
    y.add_if(concealed_pungs == 3, Yaku::Sanankou);
    if concealed_pungs == 4 {
        y.add(if wait == Wait::Tanki {
            Yaku::SuuankouTanki
        } else {
            Yaku::Suuankou
        });
    }
    y.add_if(quads == 3, Yaku::Sankantsu);
    y.add_if(quads == 4, Yaku::Suukantsu);
    y.add_if(pung_mask >> 31 & 1 == 1, Yaku::Haku);
    y.add_if(pung_mask >> 32 & 1 == 1, Yaku::Hatsu);
    y.add_if(pung_mask >> 33 & 1 == 1, Yaku::Chun);
    y.add_if(pung_mask >> seat & 1 == 1, Yaku::SeatWind);
    y.add_if(pung_mask >> round & 1 == 1, Yaku::RoundWind);
    y.add_if(dragons == 2 && pair >= 31, Yaku::Shousangen);
    y.add_if(dragons == 3, Yaku::Daisangen);
    y.add_if(winds == 3 && (27..31).contains(&pair), Yaku::Shousuushii);
    y.add_if(winds == 4, Yaku::Daisuushii);
    // Chuuren was decided on the counts; it holds for its only standard reading.
    y
}

#[inline]
fn consider_standard(
    f: &Facts,
    r: &RiichiRules,
    a: &Arrangement,
    mut sets: [Set; 4],
    wait: Wait,
    group: Option<usize>,
    consider: &mut impl FnMut(Value, Reading),
) {
    if let Some(i) = group {
        // A triplet completed by a discard is open (明刻) for fu and concealed triplets.
        sets[i].open |= wait == Wait::Shanpon && !f.self_drawn;
    }
    let y = standard_yaku(f, &sets, a.pair, wait);
    let facts = FuFacts {
        pinfu: y.has(Yaku::Pinfu),
        ..f.fu
    };
    let raw_fu = fu::count(&sets, a.pair, wait, &facts, &mut |_, _| {});
    consider(
        value(y, fu::round(raw_fu), raw_fu, f, r),
        Reading::Standard {
            arrangement: *a,
            sets,
            pair: a.pair,
            wait,
        },
    );
}

/// Builds the answer for the chosen reading (`counts`: the concealed tiles').
fn explain(
    f: &Facts,
    r: &RiichiRules,
    input: &WinInput,
    counts: &[u8; 34],
    v: Value,
    reading: Reading,
) -> Score {
    // A yakuman lists no fu.
    let mut fu_items = Vec::with_capacity(if v.yakuman == 0 { 8 } else { 0 });
    let decomposition = match reading {
        Reading::Standard {
            arrangement,
            sets,
            pair,
            wait,
        } => {
            if v.yakuman == 0 {
                let facts = FuFacts {
                    pinfu: v.yaku.has(Yaku::Pinfu),
                    ..f.fu
                };
                fu::count(&sets, pair, wait, &facts, &mut |(id, name), fu| {
                    fu_items.push(ScoreElement::new(id, name, fu as i32, Unit::Fu, 1));
                });
            }
            arrangement.decomposition()
        }
        Reading::SevenPairs => {
            if v.yakuman == 0 {
                let (id, name) = fu::item::SEVEN_PAIRS;
                fu_items.push(ScoreElement::new(id, name, 25, Unit::Fu, 1));
            }
            let pairs = kinds(counts).map(|t| (GroupKind::Pair, t.index() as u8));
            CompactDecomposition::of_groups(Form::SevenPairs, pairs, 0)
        }
        Reading::Orphans => {
            let pair = kinds(counts)
                .find(|t| counts[t.index()] == 2)
                .expect("a pair");
            let singles = kinds(counts)
                .filter(|&t| t != pair)
                .fold(0u64, |set, t| set | 1 << t.index());
            let groups = [
                (GroupKind::Pair, pair.index() as u8),
                (GroupKind::Singles, singles.trailing_zeros() as u8),
            ];
            CompactDecomposition::of_groups(Form::ThirteenOrphans, groups, singles)
        }
    };
    // The yaku and the three dora lines at most.
    let mut elements = Vec::with_capacity(v.yaku.0.count_ones() as usize + 3);
    for i in v.yaku.indices() {
        let (value, yakuman) = YakuSet::value(i, f.closed, r.double_yakuman);
        let unit = if yakuman { Unit::Yakuman } else { Unit::Han };
        elements.push(ScoreElement::new(
            YAKU[i].id,
            YAKU[i].name,
            i32::from(value),
            unit,
            1,
        ));
    }
    if v.yakuman == 0 {
        for (id, name, n) in [
            ("riichi.dora", "Dora ドラ", f.dora),
            ("riichi.red_five", "Red five 赤ドラ", f.red),
            ("riichi.ura_dora", "Ura-dora 裏ドラ", f.ura),
        ] {
            if n > 0 {
                elements.push(ScoreElement::new(id, name, 1, Unit::Han, n));
            }
        }
    }
    if v.base == 0 {
        return Score {
            invalid: Some(InvalidWin::NoYaku),
            decomposition: Some(decomposition),
            elements,
            fu: fu_items,
            totals: Totals {
                han: v.han,
                fu: v.fu,
                ..Totals::default()
            },
            ..Score::default()
        };
    }
    let (base, limit) = points::base_points(v.han, v.fu, v.yakuman, r);
    let multiples = if v.yakuman > 0 {
        v.yakuman
    } else if limit == Some(super::Limit::KazoeYakuman) {
        (base / 8000) as u32
    } else {
        0
    };
    let c = &input.context;
    let (payments, gain) = points::settle(
        base,
        c.seat_wind,
        c.self_drawn,
        c.discarder,
        c.riichi.honba,
        c.riichi.riichi_sticks,
        r,
    );
    Score {
        invalid: None,
        decomposition: Some(decomposition),
        elements,
        fu: fu_items,
        excluded: Vec::new(),
        totals: Totals {
            han: v.han,
            fu: v.fu,
            yakuman: multiples,
            limit,
            limit_name: points::limit_name(limit, multiples),
            fan: 0,
            base_points: base,
            winner_gain: gain,
        },
        payments,
    }
}

#[cfg(test)]
mod tests;
