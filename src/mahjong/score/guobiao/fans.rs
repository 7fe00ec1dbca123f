//! The 81 fans (番种) of the Chinese Official rules (中国麻将竞赛规则, 1998) as data, with the
//! optional 5-fan 明暗杠 of the open engines (counted only when the table's rules ask for it):
//! each fan's Chinese and English name, its points and the fans it makes uncounted (不重复原则: a
//! fan implied by a bigger one is not counted again).
//!
//! Names follow the English names the open engines use (ChineseOfficialMahjongHelper's
//! `fan_calculator`), so answers can be compared fan by fan.

use std::fmt;

/// One of the 81 fans, or the optional 明暗杠. The discriminant order is the rule book's, from 88
/// points down to 1, with 明暗杠 (5) between the 6- and the 4-point fans.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Fan {
    /// 大四喜: pungs or kongs of all four winds (88).
    BigFourWinds,
    /// 大三元: pungs or kongs of all three dragons (88).
    BigThreeDragons,
    /// 绿一色: only 23468s and 6z (88).
    AllGreen,
    /// 九莲宝灯: concealed 1112345678999 of one suit plus any tile of that suit (88).
    NineGates,
    /// 四杠: four kongs (88).
    FourKongs,
    /// 连七对: seven consecutive pairs of one suit (88).
    SevenShiftedPairs,
    /// 十三幺: one of each terminal and honour plus a pair of one of them (88).
    ThirteenOrphans,
    /// 清幺九: only terminals (64).
    AllTerminals,
    /// 小四喜: three wind pungs and a wind pair (64).
    LittleFourWinds,
    /// 小三元: two dragon pungs and a dragon pair (64).
    LittleThreeDragons,
    /// 字一色: only honours (64).
    AllHonors,
    /// 四暗刻: four concealed pungs or kongs (64).
    FourConcealedPungs,
    /// 一色双龙会: 123 123 789 789 and a pair of 5, all of one suit (64).
    PureTerminalChows,
    /// 一色四同顺: four identical chows (48).
    QuadrupleChow,
    /// 一色四节高: four pungs of one suit, shifted up by one (48).
    FourPureShiftedPungs,
    /// 一色四步高: four chows of one suit, shifted up by one or by two (32).
    FourPureShiftedChows,
    /// 三杠: three kongs (32).
    ThreeKongs,
    /// 混幺九: only terminals and honours (32).
    AllTerminalsAndHonors,
    /// 七对: seven pairs (a quad counts as two pairs) (24).
    SevenPairs,
    /// 七星不靠: all seven honours plus seven knitted tiles (24).
    GreaterHonorsAndKnittedTiles,
    /// 全双刻: pungs and pair of even suited tiles only (24).
    AllEvenPungs,
    /// 清一色: one suit, no honours (24).
    FullFlush,
    /// 一色三同顺: three identical chows (24).
    PureTripleChow,
    /// 一色三节高: three pungs of one suit, shifted up by one (24).
    PureShiftedPungs,
    /// 全大: suited tiles 7-9 only (24).
    UpperTiles,
    /// 全中: suited tiles 4-6 only (24).
    MiddleTiles,
    /// 全小: suited tiles 1-3 only (24).
    LowerTiles,
    /// 清龙: 123 456 789 of one suit (16).
    PureStraight,
    /// 三色双龙会: 123 and 789 in two suits, a pair of 5 in the third (16).
    ThreeSuitedTerminalChows,
    /// 一色三步高: three chows of one suit shifted up by one or by two (16).
    PureShiftedChows,
    /// 全带五: every set and the pair hold a 5 (16).
    AllFive,
    /// 三同刻: pungs of one number in all three suits (16).
    TriplePung,
    /// 三暗刻: three concealed pungs or kongs (16).
    ThreeConcealedPungs,
    /// 全不靠: fourteen single tiles: knitted suited tiles and honours (12).
    LesserHonorsAndKnittedTiles,
    /// 组合龙: 147 258 369 spread over the three suits (12).
    KnittedStraight,
    /// 大于五: suited tiles 6-9 only (12).
    UpperFour,
    /// 小于五: suited tiles 1-4 only (12).
    LowerFour,
    /// 三风刻: pungs of three winds (12).
    BigThreeWinds,
    /// 花龙: 123 456 789 spread over the three suits (8).
    MixedStraight,
    /// 推不倒: only the point-symmetric tiles 1234589p 245689s 5z (8).
    ReversibleTiles,
    /// 三色三同顺: the same chow in all three suits (8).
    MixedTripleChow,
    /// 三色三节高: pungs in the three suits shifted up by one (8).
    MixedShiftedPungs,
    /// 无番和: a win with no other fan (flowers aside) (8).
    ChickenHand,
    /// 妙手回春: self-drawn on the last tile of the wall (8).
    LastTileDraw,
    /// 海底捞月: winning on the discard of the last tile of the wall (8).
    LastTileClaim,
    /// 杠上开花: self-drawn on a kong's replacement tile (8).
    OutWithReplacementTile,
    /// 抢杠和: winning on the tile another player adds to a pung (8).
    RobbingTheKong,
    /// 碰碰和: four pungs or kongs (6).
    AllPungs,
    /// 混一色: one suit plus honours (6).
    HalfFlush,
    /// 三色三步高: chows in the three suits shifted up by one (6).
    MixedShiftedChows,
    /// 五门齐: all three suits, winds and dragons (6).
    AllTypes,
    /// 全求人: four open melds, winning on a discard with a single wait (6).
    MeldedHand,
    /// 双暗杠: two concealed kongs (6).
    TwoConcealedKongs,
    /// 双箭刻: two dragon pungs (6).
    TwoDragonsPungs,
    /// 明暗杠: one open and one concealed kong (5), instead of 明杠 + 暗杠 when
    /// [`GuobiaoRules::concealed_kong_and_melded_kong`](super::GuobiaoRules) is set; not one of
    /// the book's 81 fans.
    ConcealedKongAndMeldedKong,
    /// 全带幺: every set and the pair hold a terminal or honour (4).
    OutsideHand,
    /// 不求人: no open meld, self-drawn (4).
    FullyConcealedHand,
    /// 双明杠: two open kongs (4).
    TwoMeldedKongs,
    /// 和绝张: winning on the last copy of a tile the table can see (4).
    LastTile,
    /// 箭刻: a dragon pung (2).
    DragonPung,
    /// 圈风刻: a pung of the round (prevalent) wind (2).
    PrevalentWind,
    /// 门风刻: a pung of the seat wind (2).
    SeatWind,
    /// 门前清: no open meld, winning on a discard (2).
    ConcealedHand,
    /// 平和: four chows and a suited pair (2).
    AllChows,
    /// 四归一: four copies of a tile used without a kong (2 each).
    TileHog,
    /// 双同刻: pungs of one number in two suits (2).
    DoublePung,
    /// 双暗刻: two concealed pungs or kongs (2).
    TwoConcealedPungs,
    /// 暗杠: a concealed kong (2).
    ConcealedKong,
    /// 断幺: no terminals or honours (2).
    AllSimples,
    /// 一般高: two identical chows (1).
    PureDoubleChow,
    /// 喜相逢: the same chow in two suits (1).
    MixedDoubleChow,
    /// 连六: two chows of one suit making six consecutive tiles (1).
    ShortStraight,
    /// 老少副: 123 and 789 of one suit (1).
    TwoTerminalChows,
    /// 幺九刻: a pung of terminals or of a wind that scores nothing else (1 each).
    PungOfTerminalsOrHonors,
    /// 明杠: an open kong (1).
    MeldedKong,
    /// 缺一门: one suit missing (1).
    OneVoidedSuit,
    /// 无字: no honours (1).
    NoHonors,
    /// 边张: the only wait is 3 of 12 or 7 of 89 (1).
    EdgeWait,
    /// 嵌张: the only wait is the middle of a chow (1).
    ClosedWait,
    /// 单钓将: the only wait is the pair (1).
    SingleWait,
    /// 自摸: self-drawn (1).
    SelfDrawn,
    /// 花牌: one point per flower; does not count toward the 8-fan minimum (1 each).
    FlowerTiles,
}

/// A fan's row in the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FanInfo {
    /// The fan.
    pub fan: Fan,
    /// Chinese name as printed in the rule book.
    pub chinese: &'static str,
    /// English name as the open engines print it.
    pub english: &'static str,
    /// Stable machine id, `"guobiao.all_pungs"` (the English name in snake case).
    pub id: &'static str,
    /// Display name, English then Chinese: `"All Pungs 碰碰和"`.
    pub name: &'static str,
    /// Points of one occurrence.
    pub points: u16,
    /// The fans this one makes uncounted when it is counted (不重复原则). Exclusions that apply to
    /// the sets of a combination only (a 3-chow fan's inner 2-chow fans, a wind pung's 幺九刻) are
    /// applied where the combination is found and are not listed here.
    pub excludes: &'static [Fan],
}

use Fan::*;

macro_rules! fan_table {
    ($( $fan:ident, $zh:literal, $en:literal, $id:literal, $pts:literal, [$($ex:ident),*]; )*) => {
        /// The table, in [`Fan`] order (index = `fan as usize`).
        pub const FANS: [FanInfo; Fan::COUNT] = [
            $( FanInfo {
                fan: $fan,
                chinese: $zh,
                english: $en,
                id: $id,
                name: concat!($en, " ", $zh),
                points: $pts,
                excludes: &[$($ex),*],
            }, )*
        ];
    };
}

fan_table! {
    BigFourWinds, "大四喜", "Big Four Winds", "guobiao.big_four_winds", 88, [BigThreeWinds, LittleFourWinds, AllPungs, PrevalentWind, SeatWind, PungOfTerminalsOrHonors];
    BigThreeDragons, "大三元", "Big Three Dragons", "guobiao.big_three_dragons", 88, [LittleThreeDragons, TwoDragonsPungs, DragonPung];
    AllGreen, "绿一色", "All Green", "guobiao.all_green", 88, [HalfFlush, OneVoidedSuit];
    NineGates, "九莲宝灯", "Nine Gates", "guobiao.nine_gates", 88, [FullFlush, FullyConcealedHand, ConcealedHand, NoHonors, PungOfTerminalsOrHonors];
    FourKongs, "四杠", "Four Kongs", "guobiao.four_kongs", 88, [ThreeKongs, TwoMeldedKongs, MeldedKong, TwoConcealedKongs, ConcealedKong, AllPungs, SingleWait];
    SevenShiftedPairs, "连七对", "Seven Shifted Pairs", "guobiao.seven_shifted_pairs", 88, [SevenPairs, FullFlush, FullyConcealedHand, ConcealedHand, SingleWait, NoHonors];
    ThirteenOrphans, "十三幺", "Thirteen Orphans", "guobiao.thirteen_orphans", 88, [AllTerminalsAndHonors, AllTypes, FullyConcealedHand, ConcealedHand, SingleWait];
    AllTerminals, "清幺九", "All Terminals", "guobiao.all_terminals", 64, [AllTerminalsAndHonors, AllPungs, OutsideHand, PungOfTerminalsOrHonors, NoHonors, DoublePung];
    LittleFourWinds, "小四喜", "Little Four Winds", "guobiao.little_four_winds", 64, [BigThreeWinds, PungOfTerminalsOrHonors];
    LittleThreeDragons, "小三元", "Little Three Dragons", "guobiao.little_three_dragons", 64, [TwoDragonsPungs, DragonPung];
    AllHonors, "字一色", "All Honors", "guobiao.all_honors", 64, [AllTerminalsAndHonors, AllPungs, OutsideHand, PungOfTerminalsOrHonors, OneVoidedSuit];
    FourConcealedPungs, "四暗刻", "Four Concealed Pungs", "guobiao.four_concealed_pungs", 64, [ThreeConcealedPungs, TwoConcealedPungs, AllPungs, FullyConcealedHand, ConcealedHand];
    PureTerminalChows, "一色双龙会", "Pure Terminal Chows", "guobiao.pure_terminal_chows", 64, [SevenPairs, FullFlush, AllChows, PureDoubleChow, TwoTerminalChows, NoHonors];
    QuadrupleChow, "一色四同顺", "Quadruple Chow", "guobiao.quadruple_chow", 48, [PureTripleChow, PureDoubleChow, TileHog];
    FourPureShiftedPungs, "一色四节高", "Four Pure Shifted Pungs", "guobiao.four_pure_shifted_pungs", 48, [PureShiftedPungs, AllPungs];
    FourPureShiftedChows, "一色四步高", "Four Pure Shifted Chows", "guobiao.four_pure_shifted_chows", 32, [PureShiftedChows, ShortStraight, TwoTerminalChows];
    ThreeKongs, "三杠", "Three Kongs", "guobiao.three_kongs", 32, [TwoMeldedKongs, MeldedKong, TwoConcealedKongs, ConcealedKong];
    AllTerminalsAndHonors, "混幺九", "All Terminals and Honors", "guobiao.all_terminals_and_honors", 32, [AllPungs, OutsideHand, PungOfTerminalsOrHonors];
    SevenPairs, "七对", "Seven Pairs", "guobiao.seven_pairs", 24, [FullyConcealedHand, ConcealedHand, SingleWait];
    GreaterHonorsAndKnittedTiles, "七星不靠", "Greater Honors and Knitted Tiles", "guobiao.greater_honors_and_knitted_tiles", 24, [LesserHonorsAndKnittedTiles, AllTypes, FullyConcealedHand, ConcealedHand, SingleWait];
    AllEvenPungs, "全双刻", "All Even Pungs", "guobiao.all_even_pungs", 24, [AllPungs, AllSimples, NoHonors];
    FullFlush, "清一色", "Full Flush", "guobiao.full_flush", 24, [OneVoidedSuit, NoHonors];
    PureTripleChow, "一色三同顺", "Pure Triple Chow", "guobiao.pure_triple_chow", 24, [PureDoubleChow];
    PureShiftedPungs, "一色三节高", "Pure Shifted Pungs", "guobiao.pure_shifted_pungs", 24, [];
    UpperTiles, "全大", "Upper Tiles", "guobiao.upper_tiles", 24, [UpperFour, NoHonors];
    MiddleTiles, "全中", "Middle Tiles", "guobiao.middle_tiles", 24, [AllSimples, NoHonors];
    LowerTiles, "全小", "Lower Tiles", "guobiao.lower_tiles", 24, [LowerFour, NoHonors];
    PureStraight, "清龙", "Pure Straight", "guobiao.pure_straight", 16, [ShortStraight, TwoTerminalChows];
    ThreeSuitedTerminalChows, "三色双龙会", "Three-Suited Terminal Chows", "guobiao.three_suited_terminal_chows", 16, [MixedDoubleChow, TwoTerminalChows, AllChows, NoHonors];
    PureShiftedChows, "一色三步高", "Pure Shifted Chows", "guobiao.pure_shifted_chows", 16, [];
    AllFive, "全带五", "All Five", "guobiao.all_five", 16, [AllSimples, NoHonors];
    TriplePung, "三同刻", "Triple Pung", "guobiao.triple_pung", 16, [DoublePung];
    ThreeConcealedPungs, "三暗刻", "Three Concealed Pungs", "guobiao.three_concealed_pungs", 16, [TwoConcealedPungs];
    LesserHonorsAndKnittedTiles, "全不靠", "Lesser Honors and Knitted Tiles", "guobiao.lesser_honors_and_knitted_tiles", 12, [AllTypes, FullyConcealedHand, ConcealedHand, SingleWait];
    KnittedStraight, "组合龙", "Knitted Straight", "guobiao.knitted_straight", 12, [];
    UpperFour, "大于五", "Upper Four", "guobiao.upper_four", 12, [NoHonors];
    LowerFour, "小于五", "Lower Four", "guobiao.lower_four", 12, [NoHonors];
    BigThreeWinds, "三风刻", "Big Three Winds", "guobiao.big_three_winds", 12, [];
    MixedStraight, "花龙", "Mixed Straight", "guobiao.mixed_straight", 8, [];
    ReversibleTiles, "推不倒", "Reversible Tiles", "guobiao.reversible_tiles", 8, [OneVoidedSuit];
    MixedTripleChow, "三色三同顺", "Mixed Triple Chow", "guobiao.mixed_triple_chow", 8, [MixedDoubleChow];
    MixedShiftedPungs, "三色三节高", "Mixed Shifted Pungs", "guobiao.mixed_shifted_pungs", 8, [];
    ChickenHand, "无番和", "Chicken Hand", "guobiao.chicken_hand", 8, [];
    LastTileDraw, "妙手回春", "Last Tile Draw", "guobiao.last_tile_draw", 8, [SelfDrawn];
    LastTileClaim, "海底捞月", "Last Tile Claim", "guobiao.last_tile_claim", 8, [];
    OutWithReplacementTile, "杠上开花", "Out with Replacement Tile", "guobiao.out_with_replacement_tile", 8, [SelfDrawn];
    RobbingTheKong, "抢杠和", "Robbing the Kong", "guobiao.robbing_the_kong", 8, [LastTile];
    AllPungs, "碰碰和", "All Pungs", "guobiao.all_pungs", 6, [];
    HalfFlush, "混一色", "Half Flush", "guobiao.half_flush", 6, [OneVoidedSuit];
    MixedShiftedChows, "三色三步高", "Mixed Shifted Chows", "guobiao.mixed_shifted_chows", 6, [];
    AllTypes, "五门齐", "All Types", "guobiao.all_types", 6, [];
    MeldedHand, "全求人", "Melded Hand", "guobiao.melded_hand", 6, [SingleWait];
    TwoConcealedKongs, "双暗杠", "Two Concealed Kongs", "guobiao.two_concealed_kongs", 6, [ConcealedKong, TwoConcealedPungs];
    TwoDragonsPungs, "双箭刻", "Two Dragons Pungs", "guobiao.two_dragons_pungs", 6, [DragonPung];
    ConcealedKongAndMeldedKong, "明暗杠", "Concealed Kong and Melded Kong", "guobiao.concealed_kong_and_melded_kong", 5, [];
    OutsideHand, "全带幺", "Outside Hand", "guobiao.outside_hand", 4, [];
    FullyConcealedHand, "不求人", "Fully Concealed Hand", "guobiao.fully_concealed_hand", 4, [ConcealedHand, SelfDrawn];
    TwoMeldedKongs, "双明杠", "Two Melded Kongs", "guobiao.two_melded_kongs", 4, [MeldedKong];
    LastTile, "和绝张", "Last Tile", "guobiao.last_tile", 4, [];
    DragonPung, "箭刻", "Dragon Pung", "guobiao.dragon_pung", 2, [];
    PrevalentWind, "圈风刻", "Prevalent Wind", "guobiao.prevalent_wind", 2, [];
    SeatWind, "门风刻", "Seat Wind", "guobiao.seat_wind", 2, [];
    ConcealedHand, "门前清", "Concealed Hand", "guobiao.concealed_hand", 2, [];
    AllChows, "平和", "All Chows", "guobiao.all_chows", 2, [NoHonors];
    TileHog, "四归一", "Tile Hog", "guobiao.tile_hog", 2, [];
    DoublePung, "双同刻", "Double Pung", "guobiao.double_pung", 2, [];
    TwoConcealedPungs, "双暗刻", "Two Concealed Pungs", "guobiao.two_concealed_pungs", 2, [];
    ConcealedKong, "暗杠", "Concealed Kong", "guobiao.concealed_kong", 2, [];
    AllSimples, "断幺", "All Simples", "guobiao.all_simples", 2, [NoHonors];
    PureDoubleChow, "一般高", "Pure Double Chow", "guobiao.pure_double_chow", 1, [];
    MixedDoubleChow, "喜相逢", "Mixed Double Chow", "guobiao.mixed_double_chow", 1, [];
    ShortStraight, "连六", "Short Straight", "guobiao.short_straight", 1, [];
    TwoTerminalChows, "老少副", "Two Terminal Chows", "guobiao.two_terminal_chows", 1, [];
    PungOfTerminalsOrHonors, "幺九刻", "Pung of Terminals or Honors", "guobiao.pung_of_terminals_or_honors", 1, [];
    MeldedKong, "明杠", "Melded Kong", "guobiao.melded_kong", 1, [];
    OneVoidedSuit, "缺一门", "One Voided Suit", "guobiao.one_voided_suit", 1, [];
    NoHonors, "无字", "No Honors", "guobiao.no_honors", 1, [];
    EdgeWait, "边张", "Edge Wait", "guobiao.edge_wait", 1, [];
    ClosedWait, "嵌张", "Closed Wait", "guobiao.closed_wait", 1, [];
    SingleWait, "单钓将", "Single Wait", "guobiao.single_wait", 1, [];
    SelfDrawn, "自摸", "Self-Drawn", "guobiao.self_drawn", 1, [];
    FlowerTiles, "花牌", "Flower Tiles", "guobiao.flower_tiles", 1, [];
}

impl Fan {
    /// Number of fans: the book's 81 and the optional 明暗杠.
    pub const COUNT: usize = 82;

    /// Every fan, from 88 points down to 1.
    pub fn all() -> impl Iterator<Item = Fan> {
        FANS.iter().map(|info| info.fan)
    }

    /// The fan's row in [`FANS`].
    pub fn info(self) -> &'static FanInfo {
        &FANS[self as usize]
    }

    /// Points of one occurrence.
    pub fn points(self) -> u16 {
        POINTS[self as usize]
    }

    /// Chinese name.
    pub fn chinese(self) -> &'static str {
        self.info().chinese
    }

    /// English name.
    pub fn english(self) -> &'static str {
        self.info().english
    }

    /// Stable machine id, `"guobiao.all_pungs"`.
    pub fn id(self) -> &'static str {
        self.info().id
    }

    /// Display name, `"All Pungs 碰碰和"`.
    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// The fans this one makes uncounted (不重复原则).
    pub fn excludes(self) -> &'static [Fan] {
        self.info().excludes
    }

    /// The fan at table index `index`.
    pub fn from_index(index: usize) -> Option<Fan> {
        FANS.get(index).map(|info| info.fan)
    }
}

impl fmt::Display for Fan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.chinese(), self.english())
    }
}

/// Points of one occurrence, by fan index (the [`FANS`] column, as a dense array).
const POINTS: [u16; Fan::COUNT] = {
    let mut points = [0; Fan::COUNT];
    let mut i = 0;
    while i < Fan::COUNT {
        points[i] = FANS[i].points;
        i += 1;
    }
    points
};

/// The fan at each index (the [`FANS`] column, as a dense array).
const FAN_AT: [Fan; Fan::COUNT] = {
    let mut fans = [Fan::BigFourWinds; Fan::COUNT];
    let mut i = 0;
    while i < Fan::COUNT {
        fans[i] = FANS[i].fan;
        i += 1;
    }
    fans
};

/// The fans each fan excludes, as a bit mask by fan index (the [`FANS`] column as masks).
const EXCLUDES: [u128; Fan::COUNT] = {
    let mut masks = [0; Fan::COUNT];
    let mut i = 0;
    while i < Fan::COUNT {
        let excludes = FANS[i].excludes;
        let mut j = 0;
        while j < excludes.len() {
            masks[i] |= 1u128 << excludes[j] as usize;
            j += 1;
        }
        i += 1;
    }
    masks
};

/// The fans that exclude some other fan, as a bit mask by fan index.
const EXCLUDING: u128 = {
    let mut mask = 0;
    let mut i = 0;
    while i < Fan::COUNT {
        if EXCLUDES[i] != 0 {
            mask |= 1 << i;
        }
        i += 1;
    }
    mask
};

/// Occurrences of each fan in one reading of a hand.
///
/// Beside the counts it keeps a bit per fan that occurs and the running total, so that totals
/// cost nothing and exclusions and iteration visit only the fans present (a reading has a
/// handful of the 82).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FanCounts {
    /// Occurrences by fan index.
    counts: [u8; Fan::COUNT],
    /// Bit `i` set exactly when `counts[i] > 0`.
    present: u128,
    /// The sum of `counts[i] * POINTS[i]`.
    points: u32,
}

impl Default for FanCounts {
    fn default() -> Self {
        FanCounts {
            counts: [0; Fan::COUNT],
            present: 0,
            points: 0,
        }
    }
}

impl FanCounts {
    /// Occurrences of `fan`.
    pub fn get(&self, fan: Fan) -> u8 {
        self.counts[fan as usize]
    }

    /// Sets the occurrences of `fan`.
    pub fn set(&mut self, fan: Fan, count: u8) {
        let i = fan as usize;
        self.points = self.points + u32::from(count) * u32::from(POINTS[i])
            - u32::from(self.counts[i]) * u32::from(POINTS[i]);
        self.counts[i] = count;
        if count > 0 {
            self.present |= 1 << i;
        } else {
            self.present &= !(1 << i);
        }
    }

    /// Adds one occurrence of `fan`.
    pub fn add(&mut self, fan: Fan) {
        let i = fan as usize;
        self.counts[i] += 1;
        self.present |= 1 << i;
        self.points += u32::from(POINTS[i]);
    }

    /// True when `fan` occurs.
    pub fn has(&self, fan: Fan) -> bool {
        self.present >> (fan as usize) & 1 != 0
    }

    /// True when no fan occurs.
    pub fn is_empty(&self) -> bool {
        self.present == 0
    }

    /// How many distinct fans occur.
    pub fn len(&self) -> usize {
        self.present.count_ones() as usize
    }

    /// Total points.
    pub fn points(&self) -> u32 {
        self.points
    }

    /// Applies the exclusion table (不重复原则): from the highest fan down, every fan still counted
    /// removes the fans it excludes. A fan removed this way excludes nothing, so 四暗刻 removing
    /// 不求人 leaves 自摸 counted. Returns the fans removed, with the fan that removed each, in
    /// the table's order (by the removing fan, then as its `excludes` lists them).
    pub fn apply_exclusions(&mut self, mut removed: impl FnMut(Fan, Fan)) {
        let mut bits = self.present & EXCLUDING;
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            // Fans are visited highest first (lowest index), so a fan is still counted here
            // unless a higher one removed it.
            if self.present & EXCLUDES[i] == 0 {
                continue;
            }
            for &excluded in FANS[i].excludes {
                let e = excluded as usize;
                if self.present >> e & 1 != 0 {
                    self.points -= u32::from(self.counts[e]) * u32::from(POINTS[e]);
                    self.counts[e] = 0;
                    self.present &= !(1 << e);
                    removed(FANS[i].fan, excluded);
                }
            }
            bits &= self.present;
        }
    }

    /// The counted fans, highest first.
    pub fn iter(&self) -> impl Iterator<Item = (Fan, u8)> + '_ {
        // The presence bits as two words, low first: each step is then one-word arithmetic.
        let mut words = [self.present as u64, (self.present >> 64) as u64];
        let mut w = 0;
        std::iter::from_fn(move || {
            while words[w] == 0 {
                if w == 1 {
                    return None;
                }
                w = 1;
            }
            let i = words[w].trailing_zeros() as usize + 64 * w;
            words[w] &= words[w] - 1;
            Some((FAN_AT[i], self.counts[i]))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_in_enum_order_with_82_rows() {
        assert_eq!(FANS.len(), 82);
        for (i, info) in FANS.iter().enumerate() {
            assert_eq!(info.fan as usize, i);
        }
        let mut points: Vec<u16> = FANS.iter().map(|i| i.points).collect();
        let sorted = {
            let mut p = points.clone();
            p.sort_by(|a, b| b.cmp(a));
            p
        };
        assert_eq!(points, sorted);
        points.dedup();
        assert_eq!(points, [88, 64, 48, 32, 24, 16, 12, 8, 6, 5, 4, 2, 1]);
    }

    #[test]
    fn the_dense_columns_match_the_table() {
        for info in FANS.iter() {
            let i = info.fan as usize;
            assert_eq!(POINTS[i], info.points);
            assert_eq!(FAN_AT[i], info.fan);
            let mut mask = 0u128;
            for &e in info.excludes {
                mask |= 1 << e as usize;
            }
            assert_eq!(EXCLUDES[i], mask);
        }
    }

    #[test]
    fn the_presence_bits_follow_the_counts() {
        let mut fans = FanCounts::default();
        assert!(fans.is_empty());
        fans.add(Fan::AllPungs);
        fans.add(Fan::AllPungs);
        fans.add(Fan::SelfDrawn);
        assert_eq!(fans.len(), 2);
        assert_eq!(fans.points(), 6 * 2 + 1);
        assert_eq!(
            fans.iter().collect::<Vec<_>>(),
            [(Fan::AllPungs, 2), (Fan::SelfDrawn, 1)]
        );
        fans.set(Fan::AllPungs, 0);
        assert!(!fans.has(Fan::AllPungs));
        assert_eq!(fans.points(), 1);
        fans.set(Fan::TileHog, 3);
        assert_eq!(fans.points(), 1 + 3 * 2);
        fans.set(Fan::TileHog, 0);
        assert_eq!(fans.iter().collect::<Vec<_>>(), [(Fan::SelfDrawn, 1)]);
        assert_eq!(fans, {
            let mut f = FanCounts::default();
            f.add(Fan::SelfDrawn);
            f
        });
    }

    #[test]
    fn exclusions_skip_fans_already_removed() {
        // 四暗刻 removes 不求人, which then removes nothing: 自摸 stays.
        let mut fans = FanCounts::default();
        for f in [
            Fan::FourConcealedPungs,
            Fan::FullyConcealedHand,
            Fan::SelfDrawn,
            Fan::AllPungs,
        ] {
            fans.add(f);
        }
        let mut removed = Vec::new();
        fans.apply_exclusions(|by, fan| removed.push((by, fan)));
        assert_eq!(
            removed,
            [
                (Fan::FourConcealedPungs, Fan::AllPungs),
                (Fan::FourConcealedPungs, Fan::FullyConcealedHand)
            ]
        );
        assert_eq!(
            fans.iter().collect::<Vec<_>>(),
            [(Fan::FourConcealedPungs, 1), (Fan::SelfDrawn, 1)]
        );
        assert_eq!(fans.points(), 64 + 1);
    }

    #[test]
    fn ids_are_unique_and_snake_case() {
        let mut ids: Vec<&str> = FANS.iter().map(|i| i.id).collect();
        assert!(ids.iter().all(|id| {
            id.starts_with("guobiao.")
                && id[8..]
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        }));
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), 82);
        assert_eq!(Fan::AllPungs.id(), "guobiao.all_pungs");
        assert_eq!(Fan::AllPungs.name(), "All Pungs 碰碰和");
    }

    #[test]
    fn a_fan_only_excludes_smaller_or_equal_fans() {
        for info in FANS.iter() {
            for ex in info.excludes {
                assert!(ex.points() <= info.points, "{} excludes {}", info.fan, ex);
                assert!(
                    (*ex as usize) > (info.fan as usize),
                    "{} excludes {}",
                    info.fan,
                    ex
                );
            }
        }
    }
}
