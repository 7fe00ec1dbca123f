//! Scoring one reading of a winning hand (a form and, for the standard forms, its sets) into the
//! fans it counts, before the best reading is chosen (就高不就低).

use arrayvec::ArrayVec;

use super::combine::{chow_fans, pung_fans};
use super::context::{WinContext, is_unique_wait};
use super::fans::{Fan, FanCounts};
use super::sets::{GuobiaoSet, SetKind, knitted_tiles, presence};
use super::{CheckedWin, HandForm, Wind};
use crate::tiles::{Tile, TileSuit};

/// What every reading of one hand shares.
#[derive(Clone, Debug)]
pub struct HandFacts {
    /// Every tile of the hand (concealed, winning tile and melds; a kong counts four).
    pub all: [u8; 34],
    /// The concealed tiles, winning tile included.
    pub concealed: [u8; 34],
    /// The winning tile.
    pub winning_tile: Tile,
    /// The checked circumstances.
    pub context: WinContext,
    /// The seat wind.
    pub seat_wind: Wind,
    /// The round wind.
    pub round_wind: Wind,
    /// Declared melds that are open (chi, pon, open kan).
    pub open_melds: usize,
    /// Declared melds (open or concealed kan).
    pub melds: usize,
    /// The concealed tiles without the winning tile.
    pub standing: [u8; 34],
    /// Whether the standard form waited on one tile kind only, worked out on first use.
    pub unique_wait: std::cell::OnceCell<bool>,
    /// The fans every reading shares (the win's circumstances, the tiles' traits, concealment),
    /// before exclusions.
    pub base: FanCounts,
    /// Kinds the whole hand holds four times (四归一 candidates, kongs included).
    pub fours: usize,
    /// Bit `i` set when the concealed tiles hold kind `i`.
    pub concealed_present: u64,
    /// One open and one concealed kong count 明暗杠 rather than 明杠 + 暗杠.
    pub concealed_kong_and_melded_kong: bool,
}

impl HandFacts {
    /// Gathers what every reading of a checked win shares, under the table's 明暗杠 choice.
    pub fn new(win: &CheckedWin, concealed_kong_and_melded_kong: bool) -> HandFacts {
        let (concealed, all, context) = (win.concealed, win.all, win.context);
        let winning_tile = win.winning_tile;
        let mut standing = concealed;
        standing[winning_tile.index()] -= 1;
        let mut facts = HandFacts {
            all,
            concealed,
            winning_tile,
            context,
            seat_wind: win.seat_wind,
            round_wind: win.round_wind,
            open_melds: win.melds.iter().filter(|m| !m.concealed).count(),
            melds: win.melds.len(),
            standing,
            unique_wait: std::cell::OnceCell::new(),
            base: FanCounts::default(),
            fours: all.iter().filter(|&&c| c == 4).count(),
            concealed_present: presence(&concealed),
            concealed_kong_and_melded_kong,
        };
        let mut base = FanCounts::default();
        facts.context.add_fans(&mut base);
        tile_traits(&facts.all, &mut base);
        concealment(&facts, &mut base);
        facts.base = base;
        facts
    }

    /// True when the hand before the win waited on one kind only (standard form, and seven
    /// pairs for a closed hand).
    pub fn unique_wait(&self) -> bool {
        *self
            .unique_wait
            .get_or_init(|| is_unique_wait(&self.standing, 4 - self.melds, self.melds == 0))
    }
}

/// One reading: the form and, for the standard and knitted-straight forms, the sets (declared
/// melds first, then the concealed sets, the pair last).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reading {
    /// The form.
    pub form: HandForm,
    /// The sets (empty for forms without sets; for seven pairs, the pairs).
    pub sets: ArrayVec<GuobiaoSet, 7>,
}

/// The fans one reading counts, with the exclusions applied (the excluded fans reported to
/// `removed`), 无番和 when nothing else counts. Flowers are not included.
pub fn score_reading(
    reading: &Reading,
    facts: &HandFacts,
    removed: impl FnMut(Fan, Fan),
) -> FanCounts {
    if reading.form == HandForm::NineGates {
        return nine_gates(facts, removed);
    }
    finish(raw_fans(reading, facts), removed)
}

/// The fans a reading shows before the exclusions: [`score_reading`] is [`finish`] of this,
/// except for nine gates, whose fixed fans are not raw fans ([`score_reading`] handles it).
pub fn raw_fans(reading: &Reading, facts: &HandFacts) -> FanCounts {
    let mut fans = facts.base;
    match reading.form {
        HandForm::SevenPairs => {
            if shifted_pairs_suit(&facts.concealed).is_some() {
                fans.add(Fan::SevenShiftedPairs);
            }
            fans.add(Fan::SevenPairs);
            tile_hog(facts, 0, &mut fans);
        }
        HandForm::ThirteenOrphans => fans.add(Fan::ThirteenOrphans),
        HandForm::HonorsAndKnitted => {
            let honors = facts.all[27..].iter().filter(|&&c| c > 0).count();
            if honors == 7 {
                fans.add(Fan::GreaterHonorsAndKnittedTiles);
            } else {
                fans.add(Fan::LesserHonorsAndKnittedTiles);
                if honors == 5 {
                    fans.add(Fan::KnittedStraight);
                }
            }
        }
        HandForm::Standard | HandForm::KnittedStraight { .. } => {
            set_fans(reading, facts, &mut fans);
        }
        HandForm::NineGates => {}
    }
    fans
}

/// Applies the exclusions to a reading's raw fans (reporting them to `removed`), then counts
/// 无番和 when nothing else is left.
pub fn finish(mut fans: FanCounts, removed: impl FnMut(Fan, Fan)) -> FanCounts {
    fans.apply_exclusions(removed);
    if fans.is_empty() {
        fans.add(Fan::ChickenHand);
    }
    fans
}

/// 九莲宝灯 counts a fixed set of fans by the winning tile's number (the sets it must then form),
/// as the open engines count it: 1 or 9: 清龙 and 四归一; 2 or 8: 双暗刻, 连六 and one 幺九刻;
/// 5: 双暗刻 and one 幺九刻; 3, 4, 6 or 7: 连六. Plus the win's circumstances.
fn nine_gates(facts: &HandFacts, removed: impl FnMut(Fan, Fan)) -> FanCounts {
    let mut fans = FanCounts::default();
    facts.context.add_fans(&mut fans);
    fans.apply_exclusions(removed);
    fans.add(Fan::NineGates);
    let extra: &[Fan] = match facts.winning_tile.number() {
        1 | 9 => &[Fan::PureStraight, Fan::TileHog],
        2 | 8 => &[
            Fan::TwoConcealedPungs,
            Fan::ShortStraight,
            Fan::PungOfTerminalsOrHonors,
        ],
        5 => &[Fan::TwoConcealedPungs, Fan::PungOfTerminalsOrHonors],
        _ => &[Fan::ShortStraight],
    };
    for &f in extra {
        fans.add(f);
    }
    fans
}

/// The suit of seven consecutive pairs (连七对), if the tiles are that.
pub fn shifted_pairs_suit(concealed: &[u8; 34]) -> Option<TileSuit> {
    (0..3).find_map(|s| {
        let c = &concealed[s * 9..s * 9 + 9];
        let start = c.iter().position(|&n| n > 0)?;
        (start <= 2
            && c[start..start + 7].iter().all(|&n| n == 2)
            && c.iter().map(|&n| n as usize).sum::<usize>() == 14)
            .then(|| Tile::from_index(s * 9).expect("tile").suit())
    })
}

/// The kinds of each suit (man, pin, sou) as presence masks.
const SUITS: [u64; 3] = [0x1ff, 0x1ff << 9, 0x1ff << 18];
/// The honours (1z-7z), the winds (1z-4z) and the dragons (5z-7z).
const HONORS: u64 = 0x7f << 27;
const WINDS: u64 = 0xf << 27;
const DRAGONS: u64 = 0x7 << 31;
/// 1 and 9 of each suit.
const TERMINALS: u64 = 1 | 1 << 8 | 1 << 9 | 1 << 17 | 1 << 18 | 1 << 26;
/// 绿一色's kinds: 23468s and 6z.
const GREEN: u64 = 1 << 19 | 1 << 20 | 1 << 21 | 1 << 23 | 1 << 25 | 1 << 32;
/// 推不倒's kinds: 1234589p, 245689s and 5z.
const REVERSIBLE: u64 = 1 << 9
    | 1 << 10
    | 1 << 11
    | 1 << 12
    | 1 << 13
    | 1 << 16
    | 1 << 17
    | 1 << 19
    | 1 << 21
    | 1 << 22
    | 1 << 23
    | 1 << 25
    | 1 << 26
    | 1 << 31;

fn is_terminal(i: usize) -> bool {
    i < 27 && matches!(i % 9, 0 | 8)
}

/// Fans of the tiles alone: suits (无字 缺一门 混一色 清一色 五门齐), kinds (断幺 推不倒 绿一色
/// 字一色 清幺九 混幺九) and number ranges (全大 全中 全小 大于五 小于五), as tests on the
/// hand's presence mask.
fn tile_traits(all: &[u8; 34], fans: &mut FanCounts) {
    let present = presence(all);
    let only = |kinds: u64| present & !kinds == 0;
    let suits = SUITS.iter().filter(|&&m| present & m != 0).count();
    let honors = present & HONORS != 0;
    if !honors {
        fans.add(Fan::NoHonors);
    }
    match (suits, honors) {
        (2, _) => fans.add(Fan::OneVoidedSuit),
        (1, true) => fans.add(Fan::HalfFlush),
        (1, false) => fans.add(Fan::FullFlush),
        _ => {}
    }
    if suits == 3 && present & WINDS != 0 && present & DRAGONS != 0 {
        fans.add(Fan::AllTypes);
    }
    let simples = present & (HONORS | TERMINALS) == 0;
    if simples {
        fans.add(Fan::AllSimples);
    }
    if only(REVERSIBLE) {
        fans.add(Fan::ReversibleTiles);
    }
    if only(GREEN) {
        fans.add(Fan::AllGreen);
    }
    if !simples {
        if only(HONORS) {
            fans.add(Fan::AllHonors);
        } else if only(TERMINALS) {
            fans.add(Fan::AllTerminals);
        } else if only(HONORS | TERMINALS) {
            fans.add(Fan::AllTerminalsAndHonors);
        }
    }
    if !honors {
        // Bit n set when some suit holds number n (1-9).
        let ranks = ((present | present >> 9 | present >> 18) & 0x1ff) << 1;
        let within = |lo: u64, hi: u64| ranks & !((1 << (hi + 1)) - (1 << lo)) == 0;
        if within(1, 4) {
            fans.add(if ranks & (1 << 4) != 0 {
                Fan::LowerFour
            } else {
                Fan::LowerTiles
            });
        } else if within(6, 9) {
            fans.add(if ranks & (1 << 6) != 0 {
                Fan::UpperFour
            } else {
                Fan::UpperTiles
            });
        } else if within(4, 6) {
            fans.add(Fan::MiddleTiles);
        }
    }
}

/// 不求人 / 门前清 with no open meld, 全求人 with four open melds won on a discard.
fn concealment(facts: &HandFacts, fans: &mut FanCounts) {
    match facts.open_melds {
        0 => fans.add(if facts.context.self_drawn {
            Fan::FullyConcealedHand
        } else {
            Fan::ConcealedHand
        }),
        4 if !facts.context.self_drawn => fans.add(Fan::MeldedHand),
        _ => {}
    }
}

/// 四归一: each kind used four times without being a kong.
fn tile_hog(facts: &HandFacts, kongs: usize, fans: &mut FanCounts) {
    for _ in 0..facts.fours.saturating_sub(kongs) {
        fans.add(Fan::TileHog);
    }
}

fn wind_tile(w: Wind) -> usize {
    27 + w as usize
}

/// The fans of a reading's sets.
fn set_fans(reading: &Reading, facts: &HandFacts, fans: &mut FanCounts) {
    let knitted = matches!(reading.form, HandForm::KnittedStraight { .. });
    if knitted {
        fans.add(Fan::KnittedStraight);
    }
    let sets = &reading.sets;
    let pair = sets
        .iter()
        .find(|s| s.kind == SetKind::Pair)
        .expect("a pair")
        .tile;
    let win = facts.winning_tile;
    let mut chows: ArrayVec<Tile, 4> = ArrayVec::new();
    let mut pungs: ArrayVec<Tile, 4> = ArrayVec::new();
    for s in sets.iter() {
        match s.kind {
            SetKind::Chow => chows.push(s.tile),
            SetKind::Pung | SetKind::Kong => pungs.push(s.tile),
            SetKind::Pair => {}
        }
    }
    // The concealed sets are those after the declared melds.
    let concealed_sets = &sets[facts.melds..];
    // On a discard, a concealed pung of the winning tile was completed by it (so it is not a
    // concealed pung), unless the winning tile can be read into a concealed chow.
    let win_in_chow = concealed_sets
        .iter()
        .any(|s| s.kind == SetKind::Chow && s.contains(win));
    let mut concealed_pungs = 0;
    let (mut kongs, mut concealed_kongs) = (0, 0);
    for s in sets.iter() {
        match s.kind {
            SetKind::Kong => {
                kongs += 1;
                if !s.open {
                    concealed_kongs += 1;
                }
            }
            SetKind::Pung if !s.open => {
                let by_discard = !facts.context.self_drawn && s.tile == win && !win_in_chow;
                if !by_discard {
                    concealed_pungs += 1;
                }
            }
            _ => {}
        }
    }
    match (kongs, concealed_kongs) {
        (1, 0) => fans.add(Fan::MeldedKong),
        (1, 1) => fans.add(Fan::ConcealedKong),
        (2, 0) => fans.add(Fan::TwoMeldedKongs),
        (2, 1) if facts.concealed_kong_and_melded_kong => fans.add(Fan::ConcealedKongAndMeldedKong),
        (2, 1) => {
            fans.add(Fan::MeldedKong);
            fans.add(Fan::ConcealedKong);
        }
        (2, 2) => fans.add(Fan::TwoConcealedKongs),
        (3, _) => fans.add(Fan::ThreeKongs),
        (4, _) => fans.add(Fan::FourKongs),
        _ => {}
    }
    match concealed_pungs + concealed_kongs {
        2 => fans.add(Fan::TwoConcealedPungs),
        3 => fans.add(Fan::ThreeConcealedPungs),
        4 => fans.add(Fan::FourConcealedPungs),
        _ => {}
    }
    if pungs.len() == 4 {
        fans.add(Fan::AllPungs);
    }
    let wind_pungs = pungs
        .iter()
        .filter(|t| (27..31).contains(&t.index()))
        .count();
    for &p in &pungs {
        let i = p.index();
        if i >= 31 {
            fans.add(Fan::DragonPung);
        } else if i >= 27 {
            let (round, seat) = (
                i == wind_tile(facts.round_wind),
                i == wind_tile(facts.seat_wind),
            );
            if round {
                fans.add(Fan::PrevalentWind);
            }
            if seat {
                fans.add(Fan::SeatWind);
            }
            if !round && !seat && wind_pungs < 3 {
                fans.add(Fan::PungOfTerminalsOrHonors);
            }
        } else if is_terminal(i) {
            fans.add(Fan::PungOfTerminalsOrHonors);
        }
    }
    let pair_i = pair.index();
    let all_chows = chows.len() == 4 || (knitted && chows.len() == 1);
    if all_chows && pair_i < 27 {
        fans.add(Fan::AllChows);
    }
    if !knitted {
        let dragons = if chows.len() == 4 {
            terminal_chows(&chows, pair)
        } else {
            None
        };
        match dragons {
            Some(f) => fans.add(f),
            None => chow_fans(&chows, fans),
        }
        pung_fans(&pungs, fans);
        if fans.has(Fan::TwoDragonsPungs) && pair_i >= 31 {
            fans.set(Fan::TwoDragonsPungs, 0);
            fans.add(Fan::LittleThreeDragons);
        }
        if fans.has(Fan::BigThreeWinds) && (27..31).contains(&pair_i) {
            fans.set(Fan::BigThreeWinds, 0);
            fans.add(Fan::LittleFourWinds);
        }
        set_traits(sets, fans);
    }
    tile_hog(facts, kongs, fans);
    if knitted {
        knitted_wait(reading, facts, fans);
    } else if could_be_wait_fan(concealed_sets, win) && facts.unique_wait() {
        wait_fan(concealed_sets, win, fans);
    }
}

/// 一色双龙会 / 三色双龙会: 123 and 789 twice with a pair of 5.
fn terminal_chows(chows: &[Tile], pair: Tile) -> Option<Fan> {
    if pair.is_honor() || pair.number() != 5 {
        return None;
    }
    let ps = pair.suit();
    let count = |suit: TileSuit, n: u8| {
        chows
            .iter()
            .filter(|c| c.suit() == suit && c.number() == n)
            .count()
    };
    if count(ps, 1) == 2 && count(ps, 7) == 2 {
        return Some(Fan::PureTerminalChows);
    }
    [TileSuit::Man, TileSuit::Pin, TileSuit::Sou]
        .into_iter()
        .filter(|&s| s != ps)
        .all(|s| count(s, 1) == 1 && count(s, 7) == 1)
        .then_some(Fan::ThreeSuitedTerminalChows)
}

/// 全带幺, 全带五, 全双刻: a property of every set and the pair.
fn set_traits(sets: &[GuobiaoSet], fans: &mut FanCounts) {
    // A chow holds a terminal when it starts at 1 or 7, a 5 when it starts at 3, 4 or 5; other
    // sets are one kind.
    let outside = sets.iter().all(|s| match s.kind {
        SetKind::Chow => matches!(s.tile.number(), 1 | 7),
        _ => s.tile.is_terminal_or_honor(),
    });
    if outside {
        fans.add(Fan::OutsideHand);
        return;
    }
    let five = sets.iter().all(|s| {
        !s.tile.is_honor()
            && match s.kind {
                SetKind::Chow => (3..=5).contains(&s.tile.number()),
                _ => s.tile.number() == 5,
            }
    });
    if five {
        fans.add(Fan::AllFive);
        return;
    }
    if sets
        .iter()
        .all(|s| s.kind != SetKind::Chow && !s.tile.is_honor() && s.tile.number() % 2 == 0)
    {
        fans.add(Fan::AllEvenPungs);
    }
}

/// 边张 / 嵌张 / 单钓将 of a hand that waited on one kind: where the winning tile sits in a
/// concealed set of this reading. At the end of a chow it is 边张, in its middle 嵌张, in the
/// pair 单钓将; when it could sit in several, the first of these counts (one wait fan at most).
fn wait_fan(concealed_sets: &[GuobiaoSet], win: Tile, fans: &mut FanCounts) {
    let (mut edge, mut closed, mut single) = (false, false, false);
    for s in concealed_sets {
        match s.kind {
            SetKind::Chow if s.contains(win) => {
                if win.index() == s.tile.index() + 1 {
                    closed = true;
                } else {
                    edge = true;
                }
            }
            SetKind::Pair if s.tile == win => single = true,
            _ => {}
        }
    }
    if edge {
        fans.add(Fan::EdgeWait);
    } else if closed {
        fans.add(Fan::ClosedWait);
    } else if single {
        fans.add(Fan::SingleWait);
    }
}

/// True when the winning tile sits in a concealed chow or the pair (only then can a wait fan
/// count, so the wait is worked out only then).
fn could_be_wait_fan(concealed_sets: &[GuobiaoSet], win: Tile) -> bool {
    concealed_sets
        .iter()
        .any(|s| s.contains(win) && matches!(s.kind, SetKind::Chow | SetKind::Pair))
}

/// Wait fans of the knitted-straight form. Closed: the fourth set and pair (less the winning
/// tile) must have waited on one kind, and the winning tile sits in them as in [`wait_fan`].
/// With a declared meld, the concealed part is the knitted straight and the pair: a winning
/// tile outside the knitted straight, or held three times, completed the pair: 单钓将.
fn knitted_wait(reading: &Reading, facts: &HandFacts, fans: &mut FanCounts) {
    let HandForm::KnittedStraight { pattern } = reading.form else {
        return;
    };
    let knitted = knitted_tiles(pattern);
    let win = facts.winning_tile;
    if facts.melds == 0 {
        let mut rest = facts.concealed;
        for t in knitted {
            rest[t.index()] -= 1;
        }
        if rest[win.index()] == 0 {
            return;
        }
        rest[win.index()] -= 1;
        if is_unique_wait(&rest, 1, false) {
            wait_fan(&reading.sets[facts.melds..], win, fans);
        }
    } else if !knitted.contains(&win) || facts.concealed[win.index()] == 3 {
        fans.add(Fan::SingleWait);
    }
}
