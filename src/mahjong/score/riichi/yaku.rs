//! The yaku table: every yaku's id, name and value closed and open, as data. The scorer decides
//! which yaku a hand has (a bit per [`Yaku`]); values always come from [`YAKU`].

/// Every yaku, in table order (the order results list them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
#[allow(missing_docs)] // the names are the yaku; YAKU documents each
pub enum Yaku {
    Riichi,
    DoubleRiichi,
    Ippatsu,
    MenzenTsumo,
    Pinfu,
    Tanyao,
    Iipeikou,
    Haku,
    Hatsu,
    Chun,
    SeatWind,
    RoundWind,
    Haitei,
    Houtei,
    Rinshan,
    Chankan,
    Chiitoitsu,
    SanshokuDoujun,
    Ittsu,
    Chanta,
    Toitoi,
    Sanankou,
    SanshokuDoukou,
    Sankantsu,
    Shousangen,
    Honroutou,
    Ryanpeikou,
    Honitsu,
    Junchan,
    Chinitsu,
    Renhou,
    // Yakuman.
    Tenhou,
    Chiihou,
    RenhouYakuman,
    Kokushi,
    Kokushi13,
    Suuankou,
    SuuankouTanki,
    Daisangen,
    Shousuushii,
    Daisuushii,
    Tsuuiisou,
    Ryuuiisou,
    Chinroutou,
    Chuuren,
    JunseiChuuren,
    Suukantsu,
}

/// One row of the yaku table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct YakuDef {
    /// Stable id, `"riichi.pinfu"`.
    pub id: &'static str,
    /// Display name.
    pub name: &'static str,
    /// Han with a closed hand (0 for yakuman).
    pub closed: u8,
    /// Han with an open hand (0: closed hands only, or a yakuman).
    pub open: u8,
    /// Yakuman multiples: 0 for ordinary yaku, 1 for yakuman, 2 for the forms that are double
    /// yakuman when the rules say so (1 otherwise).
    pub yakuman: u8,
}

const fn y(id: &'static str, name: &'static str, closed: u8, open: u8) -> YakuDef {
    YakuDef {
        id,
        name,
        closed,
        open,
        yakuman: 0,
    }
}

const fn ym(id: &'static str, name: &'static str, yakuman: u8) -> YakuDef {
    YakuDef {
        id,
        name,
        closed: 0,
        open: 0,
        yakuman,
    }
}

/// The table, indexed by [`Yaku`].
pub const YAKU: [YakuDef; 47] = [
    y("riichi.riichi", "Riichi 立直", 1, 0),
    y("riichi.double_riichi", "Double riichi ダブル立直", 2, 0),
    y("riichi.ippatsu", "Ippatsu 一発", 1, 0),
    y("riichi.menzen_tsumo", "Menzen tsumo 門前清自摸和", 1, 0),
    y("riichi.pinfu", "Pinfu 平和", 1, 0),
    y("riichi.tanyao", "Tanyao 断幺九", 1, 1),
    y("riichi.iipeikou", "Iipeikou 一盃口", 1, 0),
    y("riichi.yakuhai_haku", "Yakuhai: haku 役牌 白", 1, 1),
    y("riichi.yakuhai_hatsu", "Yakuhai: hatsu 役牌 發", 1, 1),
    y("riichi.yakuhai_chun", "Yakuhai: chun 役牌 中", 1, 1),
    y(
        "riichi.yakuhai_seat_wind",
        "Yakuhai: seat wind 自風牌",
        1,
        1,
    ),
    y(
        "riichi.yakuhai_round_wind",
        "Yakuhai: round wind 場風牌",
        1,
        1,
    ),
    y("riichi.haitei", "Haitei raoyue 海底摸月", 1, 1),
    y("riichi.houtei", "Houtei raoyui 河底撈魚", 1, 1),
    y("riichi.rinshan", "Rinshan kaihou 嶺上開花", 1, 1),
    y("riichi.chankan", "Chankan 槍槓", 1, 1),
    y("riichi.chiitoitsu", "Chiitoitsu 七対子", 2, 0),
    y("riichi.sanshoku_doujun", "Sanshoku doujun 三色同順", 2, 1),
    y("riichi.ittsu", "Ittsu 一気通貫", 2, 1),
    y("riichi.chanta", "Chanta 混全帯幺九", 2, 1),
    y("riichi.toitoi", "Toitoi 対々和", 2, 2),
    y("riichi.sanankou", "Sanankou 三暗刻", 2, 2),
    y("riichi.sanshoku_doukou", "Sanshoku doukou 三色同刻", 2, 2),
    y("riichi.sankantsu", "Sankantsu 三槓子", 2, 2),
    y("riichi.shousangen", "Shousangen 小三元", 2, 2),
    y("riichi.honroutou", "Honroutou 混老頭", 2, 2),
    y("riichi.ryanpeikou", "Ryanpeikou 二盃口", 3, 0),
    y("riichi.honitsu", "Honitsu 混一色", 3, 2),
    y("riichi.junchan", "Junchan 純全帯幺九", 3, 2),
    y("riichi.chinitsu", "Chinitsu 清一色", 6, 5),
    y("riichi.renhou", "Renhou 人和", 5, 0),
    ym("riichi.tenhou", "Tenhou 天和", 1),
    ym("riichi.chiihou", "Chiihou 地和", 1),
    ym("riichi.renhou_yakuman", "Renhou 人和", 1),
    ym("riichi.kokushi", "Kokushi musou 国士無双", 1),
    ym(
        "riichi.kokushi_13_sided",
        "Kokushi musou 13-sided 国士無双十三面",
        2,
    ),
    ym("riichi.suuankou", "Suuankou 四暗刻", 1),
    ym("riichi.suuankou_tanki", "Suuankou tanki 四暗刻単騎", 2),
    ym("riichi.daisangen", "Daisangen 大三元", 1),
    ym("riichi.shousuushii", "Shousuushii 小四喜", 1),
    ym("riichi.daisuushii", "Daisuushii 大四喜", 2),
    ym("riichi.tsuuiisou", "Tsuuiisou 字一色", 1),
    ym("riichi.ryuuiisou", "Ryuuiisou 緑一色", 1),
    ym("riichi.chinroutou", "Chinroutou 清老頭", 1),
    ym("riichi.chuuren", "Chuuren poutou 九蓮宝燈", 1),
    ym(
        "riichi.junsei_chuuren",
        "Junsei chuuren poutou 純正九蓮宝燈",
        2,
    ),
    ym("riichi.suukantsu", "Suukantsu 四槓子", 1),
];

/// The first yakuman in [`Yaku`] order.
pub const FIRST_YAKUMAN: u8 = Yaku::Tenhou as u8;

/// A set of yaku, a bit per [`Yaku`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct YakuSet(pub u64);

impl YakuSet {
    /// Adds a yaku.
    #[inline]
    pub fn add(&mut self, y: Yaku) {
        self.0 |= 1 << y as u8;
    }

    /// Adds a yaku when `cond`.
    #[inline]
    pub fn add_if(&mut self, cond: bool, y: Yaku) {
        self.0 |= (cond as u64) << y as u8;
    }

    /// Removes a yaku.
    #[inline]
    pub fn remove(&mut self, y: Yaku) {
        self.0 &= !(1 << y as u8);
    }

    /// True when `y` is in the set.
    #[inline]
    pub fn has(self, y: Yaku) -> bool {
        self.0 >> y as u8 & 1 == 1
    }

    /// The yakuman part.
    #[inline]
    pub fn yakuman(self) -> YakuSet {
        YakuSet(self.0 & !((1 << FIRST_YAKUMAN) - 1))
    }

    /// Table indices of the yaku in the set, in table order (one step per yaku held, not per
    /// yaku of the table).
    pub fn indices(self) -> impl Iterator<Item = usize> {
        let mut bits = self.0 & ((1 << YAKU.len()) - 1);
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let i = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                i
            })
        })
    }

    /// Han of the ordinary yaku, closed or open.
    #[inline]
    pub fn han(self, closed: bool) -> u32 {
        let mut bits = self.0 & ((1 << FIRST_YAKUMAN) - 1);
        let mut han = 0;
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            han += u32::from(if closed { YAKU[i].closed } else { YAKU[i].open });
        }
        han
    }

    /// Yakuman multiples: each yakuman's value (2 for the pure forms when `double`), summed when
    /// `multiple`, else the largest.
    pub fn yakuman_count(self, double: bool, multiple: bool) -> u32 {
        let mut bits = self.yakuman().0;
        let (mut sum, mut max) = (0, 0);
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let v = if double { YAKU[i].yakuman } else { 1 };
            sum += u32::from(v);
            max = max.max(u32::from(v));
        }
        if multiple { sum } else { max }
    }

    /// The value of yaku `i` as shown for this hand: han (closed or open), or yakuman multiples.
    pub fn value(i: usize, closed: bool, double: bool) -> (u8, bool) {
        let d = &YAKU[i];
        if d.yakuman > 0 {
            (if double { d.yakuman } else { 1 }, true)
        } else if closed {
            (d.closed, false)
        } else {
            (d.open, false)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_is_indexed_by_the_enum() {
        assert_eq!(YAKU[Yaku::Pinfu as usize].id, "riichi.pinfu");
        assert_eq!(YAKU[Yaku::Chinitsu as usize].open, 5);
        assert_eq!(YAKU[Yaku::Suukantsu as usize].id, "riichi.suukantsu");
        assert_eq!(Yaku::Suukantsu as usize, YAKU.len() - 1);
        for (i, d) in YAKU.iter().enumerate() {
            assert_eq!(d.yakuman > 0, i >= FIRST_YAKUMAN as usize, "{}", d.id);
        }
    }
}
