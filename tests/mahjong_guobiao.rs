//! Guobiao (Chinese Official, 1998) scoring: a named test for every one of the 81 fans (each
//! checking the whole fan list and total), the five combination principles, the worked examples
//! of the rule book's fan explanations, malformed input and payments.

mod guobiao_support;

use cardrules::mahjong::score::guobiao::Fan::*;
use cardrules::mahjong::score::guobiao::{
    Fan, GuobiaoError, GuobiaoWin, HandForm, NotWin, Payments, Wind, score,
};
use guobiao_support::{check, fan_list, win};

// ---------------------------------------------------------------------------------------------
// One test per fan, highest first. Each hand scores the named fan; the whole list is checked.
// ---------------------------------------------------------------------------------------------

#[test]
fn fan_big_four_winds() {
    check(
        &win("444z55m", "p:111z p:222z p:333z", "5m"),
        &[(BigFourWinds, 1), (HalfFlush, 1), (SingleWait, 1)],
        95,
    );
}

#[test]
fn fan_big_three_dragons() {
    check(
        &win("12355m", "p:555z p:666z p:777z", "3m"),
        &[(BigThreeDragons, 1), (HalfFlush, 1), (EdgeWait, 1)],
        95,
    );
}

#[test]
fn fan_all_green() {
    check(
        &win("223344888s66z", "p:666s", "6z"),
        &[(AllGreen, 1), (PureDoubleChow, 1), (SingleWait, 1)],
        90,
    );
}

#[test]
fn fan_nine_gates() {
    check(
        &win("11123455678999m", "", "5m"),
        &[
            (NineGates, 1),
            (TwoConcealedPungs, 1),
            (PungOfTerminalsOrHonors, 1),
        ],
        91,
    );
}

#[test]
fn fan_four_kongs() {
    check(
        &win("55z", "k:1111m k:2222p k:3333s k:4444s", "5z"),
        &[
            (FourKongs, 1),
            (MixedShiftedPungs, 1),
            (MeldedHand, 1),
            (PungOfTerminalsOrHonors, 1),
        ],
        103,
    );
}

#[test]
fn fan_seven_shifted_pairs() {
    check(
        &win("22334455667788m", "", "8m"),
        &[(SevenShiftedPairs, 1), (AllSimples, 1)],
        90,
    );
}

#[test]
fn fan_thirteen_orphans() {
    check(
        &win("19m19p19s12345677z", "", "7z"),
        &[(ThirteenOrphans, 1)],
        88,
    );
}

#[test]
fn fan_all_terminals() {
    check(
        &win("999p11s", "p:111m p:999m p:111p", "1s"),
        &[(AllTerminals, 1), (SingleWait, 1)],
        65,
    );
}

#[test]
fn fan_little_four_winds() {
    check(
        &win("123m44z", "p:111z p:222z p:333z", "4z"),
        &[
            (LittleFourWinds, 1),
            (HalfFlush, 1),
            (OutsideHand, 1),
            (PrevalentWind, 1),
            (SeatWind, 1),
            (SingleWait, 1),
        ],
        79,
    );
}

#[test]
fn fan_little_three_dragons() {
    check(
        &win("123m456p77z", "p:555z p:666z", "7z"),
        &[(LittleThreeDragons, 1), (OneVoidedSuit, 1), (SingleWait, 1)],
        66,
    );
}

#[test]
fn fan_all_honors() {
    check(
        &win("66677z", "p:111z p:222z p:555z", "7z"),
        &[
            (LittleThreeDragons, 1),
            (AllHonors, 1),
            (PrevalentWind, 1),
            (SeatWind, 1),
            (SingleWait, 1),
        ],
        133,
    );
}

#[test]
fn fan_four_concealed_pungs() {
    check(
        &win("111m222p333666s77z", "", "7z"),
        &[
            (FourConcealedPungs, 1),
            (MixedShiftedPungs, 1),
            (PungOfTerminalsOrHonors, 1),
            (SingleWait, 1),
        ],
        74,
    );
}

#[test]
fn fan_pure_terminal_chows() {
    check(
        &win("11223355778899m", "", "5m"),
        &[(PureTerminalChows, 1), (ConcealedHand, 1), (SingleWait, 1)],
        67,
    );
}

#[test]
fn fan_quadruple_chow() {
    check(
        &win("111122223333m55p", "", "5p"),
        &[
            (QuadrupleChow, 1),
            (ConcealedHand, 1),
            (AllChows, 1),
            (OneVoidedSuit, 1),
            (SingleWait, 1),
        ],
        54,
    );
}

#[test]
fn fan_four_pure_shifted_pungs() {
    check(
        &win("444m55p", "p:111m p:222m p:333m", "5p"),
        &[
            (FourPureShiftedPungs, 1),
            (PungOfTerminalsOrHonors, 1),
            (OneVoidedSuit, 1),
            (NoHonors, 1),
            (SingleWait, 1),
        ],
        52,
    );
}

#[test]
fn fan_four_pure_shifted_chows() {
    check(
        &win("123234345456m99p", "", "9p"),
        &[
            (FourPureShiftedChows, 1),
            (ConcealedHand, 1),
            (AllChows, 1),
            (OneVoidedSuit, 1),
            (SingleWait, 1),
        ],
        38,
    );
}

#[test]
fn fan_three_kongs() {
    check(
        &win("456s99p", "k:1111m k:2222p k:3333s", "9p"),
        &[
            (ThreeKongs, 1),
            (MixedShiftedPungs, 1),
            (PungOfTerminalsOrHonors, 1),
            (NoHonors, 1),
            (SingleWait, 1),
        ],
        43,
    );
}

#[test]
fn fan_all_terminals_and_honors() {
    check(
        &win("999s55z", "p:111m p:999p p:111z", "5z"),
        &[
            (AllTerminalsAndHonors, 1),
            (AllTypes, 1),
            (PrevalentWind, 1),
            (SeatWind, 1),
            (DoublePung, 1),
            (SingleWait, 1),
        ],
        45,
    );
}

#[test]
fn fan_seven_pairs() {
    check(&win("1133m5577p2299s44z", "", "4z"), &[(SevenPairs, 1)], 24);
}

#[test]
fn fan_greater_honors_and_knitted_tiles() {
    check(
        &win("147m25p39s1234567z", "", "1z"),
        &[(GreaterHonorsAndKnittedTiles, 1)],
        24,
    );
}

#[test]
fn fan_all_even_pungs() {
    check(
        &win("888s44m", "p:222m p:444p p:666s", "4m"),
        &[(AllEvenPungs, 1), (SingleWait, 1)],
        25,
    );
}

#[test]
fn fan_full_flush() {
    check(
        &win("12223345678999m", "", "6m"),
        &[
            (FullFlush, 1),
            (ConcealedHand, 1),
            (ShortStraight, 1),
            (PungOfTerminalsOrHonors, 1),
        ],
        28,
    );
}

#[test]
fn fan_pure_triple_chow() {
    check(
        &win("456p99s", "c:123m c:123m c:123m", "9s"),
        &[(PureTripleChow, 1), (AllChows, 1), (SingleWait, 1)],
        27,
    );
}

#[test]
fn fan_pure_shifted_pungs() {
    check(
        &win("567p99s", "p:222m p:333m p:444m", "9s"),
        &[(PureShiftedPungs, 1), (NoHonors, 1), (SingleWait, 1)],
        26,
    );
}

#[test]
fn fan_upper_tiles() {
    check(
        &win("777789s99p", "c:789m c:789p", "9p"),
        &[
            (UpperTiles, 1),
            (MixedTripleChow, 1),
            (TileHog, 1),
            (SingleWait, 1),
        ],
        35,
    );
}

#[test]
fn fan_middle_tiles() {
    check(
        &win("444p456s55m", "c:456m c:456p", "5m"),
        &[
            (MiddleTiles, 1),
            (MixedTripleChow, 1),
            (TileHog, 1),
            (SingleWait, 1),
        ],
        35,
    );
}

#[test]
fn fan_lower_tiles() {
    check(
        &win("333p123s22m", "c:123m c:123p", "2m"),
        &[
            (LowerTiles, 1),
            (MixedTripleChow, 1),
            (TileHog, 1),
            (SingleWait, 1),
        ],
        35,
    );
}

#[test]
fn fan_pure_straight() {
    check(
        &win("123456789m345p66s", "", "9m"),
        &[(PureStraight, 1), (ConcealedHand, 1), (AllChows, 1)],
        20,
    );
}

#[test]
fn fan_three_suited_terminal_chows() {
    check(
        &win("123789m123789p55s", "", "5s"),
        &[
            (ThreeSuitedTerminalChows, 1),
            (ConcealedHand, 1),
            (SingleWait, 1),
        ],
        19,
    );
}

#[test]
fn fan_pure_shifted_chows() {
    check(
        &win("123234345m789p11s", "", "1s"),
        &[
            (PureShiftedChows, 1),
            (ConcealedHand, 1),
            (AllChows, 1),
            (SingleWait, 1),
        ],
        21,
    );
}

#[test]
fn fan_all_five() {
    check(
        &win("555m567s55p", "c:345m c:456p", "5p"),
        &[
            (AllFive, 1),
            (MixedShiftedChows, 1),
            (TileHog, 1),
            (SingleWait, 1),
        ],
        25,
    );
}

#[test]
fn fan_triple_pung() {
    check(
        &win("345m66p", "p:222m p:222p p:222s", "6p"),
        &[(TriplePung, 1), (AllSimples, 1), (SingleWait, 1)],
        19,
    );
}

#[test]
fn fan_three_concealed_pungs() {
    check(
        &win("111456m222p333s77z", "", "4m"),
        &[
            (ThreeConcealedPungs, 1),
            (MixedShiftedPungs, 1),
            (ConcealedHand, 1),
            (PungOfTerminalsOrHonors, 1),
        ],
        27,
    );
}

#[test]
fn fan_lesser_honors_and_knitted_tiles() {
    check(
        &win("147m258p36s123456z", "", "1m"),
        &[(LesserHonorsAndKnittedTiles, 1)],
        12,
    );
}

#[test]
fn fan_knitted_straight() {
    check(
        &win("147m258p369s55511z", "", "1z"),
        &[
            (KnittedStraight, 1),
            (AllTypes, 1),
            (DragonPung, 1),
            (ConcealedHand, 1),
            (SingleWait, 1),
        ],
        23,
    );
}

#[test]
fn fan_upper_four() {
    check(
        &win("666m678s99s", "c:678m c:678p", "9s"),
        &[(UpperFour, 1), (MixedTripleChow, 1), (TileHog, 1)],
        22,
    );
}

#[test]
fn fan_lower_four() {
    check(
        &win("234444s11m", "c:234m c:234p", "1m"),
        &[
            (LowerFour, 1),
            (MixedTripleChow, 1),
            (TileHog, 1),
            (SingleWait, 1),
        ],
        23,
    );
}

#[test]
fn fan_big_three_winds() {
    check(
        &GuobiaoWin {
            seat_wind: Wind::West,
            round_wind: Wind::North,
            ..win("123m55p", "p:111z p:222z p:333z", "5p")
        },
        &[
            (BigThreeWinds, 1),
            (SeatWind, 1),
            (OneVoidedSuit, 1),
            (SingleWait, 1),
        ],
        16,
    );
}

#[test]
fn fan_mixed_straight() {
    check(
        &win("123789m456p789s55z", "", "5z"),
        &[
            (MixedStraight, 1),
            (ConcealedHand, 1),
            (MixedDoubleChow, 1),
            (SingleWait, 1),
        ],
        12,
    );
}

#[test]
fn fan_reversible_tiles() {
    check(
        &win("123345p456888s55z", "", "5z"),
        &[(ReversibleTiles, 1), (ConcealedHand, 1), (SingleWait, 1)],
        11,
    );
}

#[test]
fn fan_mixed_triple_chow() {
    check(
        &win("234678s11z", "c:234m c:234p", "1z"),
        &[(MixedTripleChow, 1), (SingleWait, 1)],
        9,
    );
}

#[test]
fn fan_mixed_shifted_pungs() {
    check(
        &win("567m99s", "p:222m p:333p p:444s", "9s"),
        &[(MixedShiftedPungs, 1), (NoHonors, 1), (SingleWait, 1)],
        10,
    );
}

#[test]
fn fan_chicken_hand() {
    check(
        &win("678s11z", "c:234m c:567p p:333s", "8s"),
        &[(ChickenHand, 1)],
        8,
    );
}

#[test]
fn fan_last_tile_draw() {
    check(
        &GuobiaoWin {
            self_drawn: true,
            last_tile_of_wall: true,
            ..win("678s11z", "c:234m c:567p p:333s", "8s")
        },
        &[(LastTileDraw, 1)],
        8,
    );
}

#[test]
fn fan_last_tile_claim() {
    check(
        &GuobiaoWin {
            last_tile_of_wall: true,
            ..win("678s11z", "c:234m c:567p p:333s", "8s")
        },
        &[(LastTileClaim, 1)],
        8,
    );
}

#[test]
fn fan_out_with_replacement_tile() {
    check(
        &GuobiaoWin {
            self_drawn: true,
            kong_win: true,
            ..win("678s11z", "c:234m c:567p k:3333s", "8s")
        },
        &[(OutWithReplacementTile, 1), (MeldedKong, 1)],
        9,
    );
}

#[test]
fn fan_robbing_the_kong() {
    check(
        &GuobiaoWin {
            robbing_kong: true,
            ..win("678s11z", "c:234m c:567p p:333s", "8s")
        },
        &[(RobbingTheKong, 1)],
        8,
    );
}

#[test]
fn fan_all_pungs() {
    check(
        &win("888s55z", "p:222m p:333p p:777s", "5z"),
        &[(AllPungs, 1), (SingleWait, 1)],
        7,
    );
}

#[test]
fn fan_half_flush() {
    check(
        &win("123345678999m11z", "", "1z"),
        &[
            (HalfFlush, 1),
            (ConcealedHand, 1),
            (ShortStraight, 1),
            (PungOfTerminalsOrHonors, 1),
            (SingleWait, 1),
        ],
        11,
    );
}

#[test]
fn fan_mixed_shifted_chows() {
    check(
        &win("123m234p345s789m55z", "", "5z"),
        &[
            (MixedShiftedChows, 1),
            (ConcealedHand, 1),
            (TwoTerminalChows, 1),
            (SingleWait, 1),
        ],
        10,
    );
}

#[test]
fn fan_all_types() {
    check(
        &win("123m345p789s11155z", "", "5z"),
        &[
            (AllTypes, 1),
            (PrevalentWind, 1),
            (SeatWind, 1),
            (ConcealedHand, 1),
            (SingleWait, 1),
        ],
        13,
    );
}

#[test]
fn fan_melded_hand() {
    check(
        &win("55s", "c:123m c:456p c:789s p:222m", "5s"),
        &[
            (MixedStraight, 1),
            (MeldedHand, 1),
            (TileHog, 1),
            (NoHonors, 1),
        ],
        17,
    );
}

#[test]
fn fan_two_concealed_kongs() {
    check(
        &win("234567s55p", "a:1111m a:9999p", "5p"),
        &[
            (TwoConcealedKongs, 1),
            (ConcealedHand, 1),
            (ShortStraight, 1),
            (PungOfTerminalsOrHonors, 2),
            (NoHonors, 1),
            (SingleWait, 1),
        ],
        13,
    );
}

#[test]
fn fan_two_dragons_pungs() {
    check(
        &win("123m456p99s", "p:555z p:666z", "9s"),
        &[(TwoDragonsPungs, 1), (SingleWait, 1)],
        7,
    );
}

#[test]
fn fan_outside_hand() {
    check(
        &win("123789m123p999s11z", "", "1z"),
        &[
            (OutsideHand, 1),
            (ConcealedHand, 1),
            (MixedDoubleChow, 1),
            (TwoTerminalChows, 1),
            (PungOfTerminalsOrHonors, 1),
            (SingleWait, 1),
        ],
        10,
    );
}

#[test]
fn fan_fully_concealed_hand() {
    check(
        &GuobiaoWin {
            self_drawn: true,
            ..win("234678m344556s55p", "", "3s")
        },
        &[(FullyConcealedHand, 1), (AllChows, 1), (AllSimples, 1)],
        8,
    );
}

#[test]
fn fan_two_melded_kongs() {
    check(
        &win("456s678s99m", "k:2222m k:3333p", "9m"),
        &[(TwoMeldedKongs, 1), (NoHonors, 1), (SingleWait, 1)],
        6,
    );
}

#[test]
fn fan_last_tile() {
    check(
        &GuobiaoWin {
            last_tile_of_kind: true,
            ..win("678s11z", "c:234m c:567p p:333s", "8s")
        },
        &[(LastTile, 1)],
        4,
    );
}

#[test]
fn fan_dragon_pung() {
    check(
        &win("789s11p", "c:123m c:456p p:555z", "9s"),
        &[(MixedStraight, 1), (DragonPung, 1)],
        10,
    );
}

#[test]
fn fan_prevalent_wind() {
    check(
        &GuobiaoWin {
            seat_wind: Wind::East,
            round_wind: Wind::South,
            ..win("789s11p", "c:123m c:456p p:222z", "9s")
        },
        &[(MixedStraight, 1), (PrevalentWind, 1)],
        10,
    );
}

#[test]
fn fan_seat_wind() {
    check(
        &GuobiaoWin {
            seat_wind: Wind::South,
            round_wind: Wind::East,
            ..win("789s11p", "c:123m c:456p p:222z", "9s")
        },
        &[(MixedStraight, 1), (SeatWind, 1)],
        10,
    );
}

#[test]
fn fan_concealed_hand() {
    check(
        &win("234567m66s345678p", "", "8p"),
        &[
            (ConcealedHand, 1),
            (AllChows, 1),
            (AllSimples, 1),
            (ShortStraight, 2),
        ],
        8,
    );
}

#[test]
fn fan_all_chows() {
    check(
        &win("345m12344s234567p", "", "6p"),
        &[
            (MixedShiftedChows, 1),
            (ConcealedHand, 1),
            (AllChows, 1),
            (ShortStraight, 1),
            (ClosedWait, 1),
        ],
        12,
    );
}

#[test]
fn fan_tile_hog() {
    check(
        &win("12333345m678p789s", "", "9s"),
        &[(ConcealedHand, 1), (AllChows, 1), (TileHog, 1)],
        6,
    );
}

#[test]
fn fan_double_pung() {
    check(
        &win("345s678s99m", "p:222m p:222p", "9m"),
        &[
            (DoublePung, 1),
            (ShortStraight, 1),
            (NoHonors, 1),
            (SingleWait, 1),
        ],
        5,
    );
}

#[test]
fn fan_two_concealed_pungs() {
    check(
        &win("12355789m666888s", "", "5m"),
        &[
            (ConcealedHand, 1),
            (TwoConcealedPungs, 1),
            (TwoTerminalChows, 1),
            (OneVoidedSuit, 1),
            (NoHonors, 1),
            (SingleWait, 1),
        ],
        8,
    );
}

#[test]
fn fan_concealed_kong() {
    check(
        &win("567m888s11234p", "a:7777z", "7m"),
        &[
            (DragonPung, 1),
            (ConcealedHand, 1),
            (TwoConcealedPungs, 1),
            (ConcealedKong, 1),
        ],
        8,
    );
}

#[test]
fn fan_all_simples() {
    check(
        &win("222567s22456p", "c:345m", "7s"),
        &[(MixedShiftedChows, 1), (AllSimples, 1)],
        8,
    );
}

#[test]
fn fan_pure_double_chow() {
    check(
        &win("22667788s234p", "c:234p", "3p"),
        &[
            (AllChows, 1),
            (AllSimples, 1),
            (PureDoubleChow, 2),
            (OneVoidedSuit, 1),
            (ClosedWait, 1),
        ],
        8,
    );
}

#[test]
fn fan_mixed_double_chow() {
    check(
        &win("234678m55s234678p", "", "8p"),
        &[
            (ConcealedHand, 1),
            (AllChows, 1),
            (AllSimples, 1),
            (MixedDoubleChow, 2),
        ],
        8,
    );
}

#[test]
fn fan_short_straight() {
    check(
        &win("88s345678p", "c:234s c:567s", "7p"),
        &[
            (AllChows, 1),
            (AllSimples, 1),
            (ShortStraight, 2),
            (OneVoidedSuit, 1),
            (ClosedWait, 1),
        ],
        8,
    );
}

#[test]
fn fan_two_terminal_chows() {
    check(
        &GuobiaoWin {
            self_drawn: true,
            ..win("55789m123789s", "c:123m", "3s")
        },
        &[
            (AllChows, 1),
            (MixedDoubleChow, 2),
            (TwoTerminalChows, 1),
            (OneVoidedSuit, 1),
            (EdgeWait, 1),
            (SelfDrawn, 1),
        ],
        8,
    );
}

#[test]
fn fan_pung_of_terminals_or_honors() {
    check(
        &GuobiaoWin {
            self_drawn: true,
            seat_wind: Wind::South,
            round_wind: Wind::East,
            ..win("55m999s", "p:333z k:4444z p:111p", "9s")
        },
        &[
            (AllPungs, 1),
            (PungOfTerminalsOrHonors, 4),
            (MeldedKong, 1),
            (SelfDrawn, 1),
        ],
        12,
    );
}

#[test]
fn fan_melded_kong() {
    check(
        &GuobiaoWin {
            self_drawn: true,
            ..win("44s456p", "k:9999s c:123p c:456s", "5p")
        },
        &[
            (MixedDoubleChow, 1),
            (ShortStraight, 1),
            (PungOfTerminalsOrHonors, 1),
            (MeldedKong, 1),
            (OneVoidedSuit, 1),
            (NoHonors, 1),
            (ClosedWait, 1),
            (SelfDrawn, 1),
        ],
        8,
    );
}

#[test]
fn fan_one_voided_suit() {
    check(
        &win("556699m22334455p", "", "5p"),
        &[(SevenPairs, 1), (OneVoidedSuit, 1), (NoHonors, 1)],
        26,
    );
}

#[test]
fn fan_no_honors() {
    check(
        &win("44s456p", "a:9999s c:123p c:456s", "5p"),
        &[
            (ConcealedKong, 1),
            (MixedDoubleChow, 1),
            (ShortStraight, 1),
            (PungOfTerminalsOrHonors, 1),
            (OneVoidedSuit, 1),
            (NoHonors, 1),
            (ClosedWait, 1),
        ],
        8,
    );
}

#[test]
fn fan_edge_wait() {
    check(
        &GuobiaoWin {
            self_drawn: true,
            ..win("123789m33s234999p", "", "3m")
        },
        &[
            (FullyConcealedHand, 1),
            (TwoTerminalChows, 1),
            (PungOfTerminalsOrHonors, 1),
            (NoHonors, 1),
            (EdgeWait, 1),
        ],
        8,
    );
}

#[test]
fn fan_closed_wait() {
    check(
        &win("33678m345678p666z", "", "7m"),
        &[
            (DragonPung, 1),
            (ConcealedHand, 1),
            (MixedDoubleChow, 1),
            (ShortStraight, 1),
            (OneVoidedSuit, 1),
            (ClosedWait, 1),
        ],
        8,
    );
}

#[test]
fn fan_single_wait() {
    check(
        &win("234m44z555z", "p:666z c:234p", "4z"),
        &[
            (TwoDragonsPungs, 1),
            (MixedDoubleChow, 1),
            (OneVoidedSuit, 1),
            (SingleWait, 1),
        ],
        9,
    );
}

#[test]
fn fan_self_drawn() {
    check(
        &GuobiaoWin {
            self_drawn: true,
            ..win("678999m222s77z", "k:6666z", "2s")
        },
        &[
            (DragonPung, 1),
            (TwoConcealedPungs, 1),
            (PungOfTerminalsOrHonors, 1),
            (MeldedKong, 1),
            (OneVoidedSuit, 1),
            (SelfDrawn, 1),
        ],
        8,
    );
}

#[test]
fn fan_flower_tiles() {
    check(
        &GuobiaoWin {
            flowers: 3,
            ..win("678s11z", "c:234m c:567p p:333s", "8s")
        },
        &[(ChickenHand, 1)],
        8,
    );
}

#[test]
fn flowers_add_to_the_total_but_not_toward_the_minimum() {
    let w = GuobiaoWin {
        flowers: 3,
        ..win("678s11z", "c:234m c:567p p:333s", "8s")
    };
    let s = score(&w).unwrap();
    assert_eq!(s.fan_total, 8);
    assert_eq!(s.total, 11);
    assert!(
        s.fans
            .iter()
            .any(|f| f.fan == FlowerTiles && f.count == 3 && f.points == 3)
    );
    // Seven fans and eight flowers are still no win.
    let seven = GuobiaoWin {
        flowers: 8,
        ..win("888s55z", "p:222m p:333p p:777s", "5z")
    };
    let s = score(&seven).unwrap();
    assert_eq!((s.fan_total, s.total), (7, 15));
    assert!(!s.is_win);
    assert_eq!(s.not_win, Some(NotWin::BelowMinimum));
    assert_eq!(s.payments, None);
}

// ---------------------------------------------------------------------------------------------
// The five principles.
// ---------------------------------------------------------------------------------------------

/// 不重复原则: a fan implied by a counted bigger fan is not counted, and is reported as excluded.
#[test]
fn principle_no_repeat() {
    // 清龙 implies 连六 (123-456, 456-789) and 老少副 (123-789).
    let w = win("123456789m345p66s", "", "9m");
    check(
        &w,
        &[(PureStraight, 1), (ConcealedHand, 1), (AllChows, 1)],
        20,
    );
    // 四暗刻 implies 碰碰和 and 门前清; the exclusion is reported with its cause.
    let s = score(&win("111m222p333666s77z", "", "7z")).unwrap();
    assert!(
        s.excluded
            .iter()
            .any(|e| e.fan == AllPungs && e.by == FourConcealedPungs)
    );
    assert!(
        s.excluded
            .iter()
            .any(|e| e.fan == ConcealedHand && e.by == FourConcealedPungs)
    );
    // 四暗刻 self-drawn: 不求人 is implied, 自摸 still counts.
    let s = score(&GuobiaoWin {
        self_drawn: true,
        ..win("111m222p333666s77z", "", "7z")
    })
    .unwrap();
    assert!(fan_list(&s).contains(&(SelfDrawn, 1)));
    assert!(!fan_list(&s).iter().any(|&(f, _)| f == FullyConcealedHand));
}

/// 不拆移原则: the chows of 一色四步高 are not split again, though its first and last chows
/// would make 老少副 (123m-789m).
#[test]
fn principle_no_split() {
    let w = GuobiaoWin {
        self_drawn: true,
        ..win("567789m77z", "c:123m c:345m", "5m")
    };
    check(
        &w,
        &[(FourPureShiftedChows, 1), (HalfFlush, 1), (SelfDrawn, 1)],
        39,
    );
}

/// 不得相同原则: 123p 234p 345p 567p hold 一色三步高 twice (123-345-567 and 123-234-345), but a
/// chow that made a fan cannot make the same fan again: one 一色三步高, plus 连六 (234-567).
#[test]
fn principle_no_same_fan_twice() {
    let w = GuobiaoWin {
        self_drawn: true,
        ..win("123345567p11z", "c:234p", "5p")
    };
    check(
        &w,
        &[
            (PureShiftedChows, 1),
            (HalfFlush, 1),
            (ShortStraight, 1),
            (SelfDrawn, 1),
        ],
        24,
    );
}

/// 就高不就低原则: 222333444s + 234s can be 一色四同顺 (48) or 一色三节高 + 三暗刻 + 四归一 x3;
/// the higher reading counts.
#[test]
fn principle_take_the_highest() {
    let w = GuobiaoWin {
        self_drawn: true,
        ..win("222333444s66z", "c:234s", "2s")
    };
    check(
        &w,
        &[(AllGreen, 1), (QuadrupleChow, 1), (SelfDrawn, 1)],
        137,
    );
    // Three identical chows or three shifted pungs: 111222333m is read both ways.
    let s = score(&win("111222333m456p99s", "", "9s")).unwrap();
    assert_eq!(s.form, Some(HandForm::Standard));
    // 一色三节高 24 + 三暗刻 16 + 门前清 + 幺九刻 + 单钓将 beats 一色三同顺 24 + 平和 + ...
    assert!(fan_list(&s).contains(&(PureShiftedPungs, 1)));
    assert!(fan_list(&s).contains(&(ThreeConcealedPungs, 1)));
    // Seven pairs against a standard reading of the same tiles: 一色双龙会 (64) wins over 七对.
    let s = score(&win("11223355778899m", "", "5m")).unwrap();
    assert_eq!(s.form, Some(HandForm::Standard));
    assert!(fan_list(&s).contains(&(PureTerminalChows, 1)));
}

/// 套算一次原则: a set not yet combined combines once with one already combined. 123m 456m
/// 456p 789s: 花龙 (123m 456p 789s) plus one of 连六 (123m-456m) / 喜相逢 (456m-456p), not both.
#[test]
fn principle_combine_once() {
    let w = win("123456m11789s456p", "", "9s");
    check(
        &w,
        &[
            (MixedStraight, 1),
            (ConcealedHand, 1),
            (AllChows, 1),
            (MixedDoubleChow, 1),
        ],
        13,
    );
    // Four chows in a cycle (234s-234p 喜相逢, 567s-567p 喜相逢, 234s-567s and 234p-567p 连六):
    // three combinations at most.
    let s = score(&win("234567s234567p55m", "", "5m")).unwrap();
    let pairs: u8 = fan_list(&s)
        .iter()
        .filter(|(f, _)| matches!(f, MixedDoubleChow | ShortStraight))
        .map(|&(_, n)| n)
        .sum();
    assert_eq!(pairs, 3);
}

// ---------------------------------------------------------------------------------------------
// Worked examples of the rule book's fan explanations (as collected with ChineseOfficialMahjongHelper's
// rule text): hand, melds, winning tile, t = self-drawn / l = last of its kind, seat and round
// wind (1-4 = E S W N), and the fans the book counts. Two deliberate differences: 明暗杠 (an
// extra 5-fan row outside the 81) is counted as the book's 明杠 + 暗杠; and where the book allows
// either 喜相逢 x1 + 老少副 x2 or 喜相逢 x2 + 老少副 x1, we count the second (as the engine does).
// ---------------------------------------------------------------------------------------------

const WORKED: &[(&str, &str, &str, &str, &str, &str, &str)] = &[
    (
        "大四喜",
        "55p333444z",
        "p:111z k:2222z",
        "4z",
        "t",
        "",
        "大四喜 混一色 双暗刻 明杠 自摸",
    ),
    (
        "大四喜",
        "11s111222z",
        "p:333z p:444z",
        "2z",
        "",
        "",
        "大四喜 混幺九 混一色",
    ),
    (
        "大四喜",
        "22233366z",
        "p:444z p:111z",
        "3z",
        "",
        "",
        "大四喜 字一色",
    ),
    (
        "大三元",
        "66999s777z",
        "p:555z p:666z",
        "7z",
        "t",
        "",
        "大三元 碰碰和 混一色 双暗刻 幺九刻 自摸",
    ),
    (
        "大三元",
        "11p555z",
        "p:777z a:6666z p:999m",
        "5z",
        "",
        "",
        "大三元 混幺九 暗杠 缺一门",
    ),
    (
        "大三元",
        "33555777z",
        "p:666z p:111z",
        "5z",
        "",
        "31",
        "大三元 字一色 圈风刻",
    ),
    (
        "绿一色",
        "33888s666z",
        "c:234s p:666s",
        "6z",
        "t",
        "",
        "绿一色 双暗刻 箭刻 自摸",
    ),
    (
        "绿一色",
        "22333344668888s",
        "",
        "8s",
        "",
        "",
        "绿一色 清一色 七对 断幺 四归一×2",
    ),
    (
        "九莲宝灯",
        "11123456789999m",
        "",
        "9m",
        "t",
        "",
        "九莲宝灯 清龙 四归一 自摸",
    ),
    (
        "九莲宝灯",
        "11122345678999p",
        "",
        "2p",
        "",
        "",
        "九莲宝灯 双暗刻 幺九刻 连六",
    ),
    ("连七对", "22334455667788s", "", "4s", "", "", "连七对 断幺"),
    (
        "十三幺",
        "19m119p19s1234567z",
        "",
        "7z",
        "t",
        "",
        "十三幺 自摸",
    ),
    (
        "清幺九",
        "111999p11199s",
        "p:111m",
        "1s",
        "t",
        "",
        "清幺九 三暗刻 三同刻 自摸",
    ),
    (
        "清幺九",
        "999p11999s",
        "k:1111m p:111p",
        "9s",
        "t",
        "",
        "清幺九 双暗刻 明杠 自摸",
    ),
    (
        "清幺九",
        "1199m119999p1199s",
        "",
        "1s",
        "t",
        "",
        "清幺九 七对 四归一 自摸",
    ),
    (
        "小四喜",
        "123p33344z",
        "p:111z p:222z",
        "1p",
        "t",
        "42",
        "小四喜 混一色 全带幺 圈风刻 自摸",
    ),
    (
        "小四喜",
        "111s22233z",
        "p:444z p:111z",
        "1s",
        "",
        "23",
        "小四喜 混幺九 混一色 门风刻",
    ),
    (
        "小四喜",
        "11222666z",
        "p:444z p:333z",
        "6z",
        "",
        "11",
        "小四喜 字一色 箭刻",
    ),
    (
        "小三元",
        "345m66677z",
        "p:555z p:999s",
        "7z",
        "",
        "",
        "小三元 缺一门 幺九刻 单钓将",
    ),
    (
        "小三元",
        "999p66z",
        "p:777z p:555z p:111p",
        "6z",
        "t",
        "",
        "小三元 混幺九 混一色 单钓将 自摸",
    ),
    (
        "小三元",
        "44455666z",
        "p:111z p:777z",
        "4z",
        "",
        "32",
        "小三元 字一色",
    ),
    (
        "字一色",
        "33344z",
        "p:111z p:222z p:666z",
        "3z",
        "t",
        "33",
        "小四喜 字一色 圈风刻 门风刻 箭刻 自摸",
    ),
    (
        "字一色",
        "11223344556677z",
        "",
        "7z",
        "t",
        "",
        "字一色 七对 自摸",
    ),
    (
        "四暗刻",
        "111444888m55p888s",
        "",
        "5p",
        "",
        "",
        "四暗刻 双同刻 幺九刻 无字 单钓将",
    ),
    (
        "四暗刻",
        "11155777999p999s",
        "",
        "1p",
        "t",
        "",
        "四暗刻 双同刻 幺九刻×3 缺一门 无字 自摸",
    ),
    (
        "一色双龙会",
        "12355778899p",
        "c:123p",
        "8p",
        "t",
        "",
        "一色双龙会 嵌张 自摸",
    ),
    (
        "一色四同顺",
        "55m456s",
        "c:456s c:456s c:456s",
        "6s",
        "tl",
        "",
        "一色四同顺 全中 全带五 和绝张 平和 缺一门 自摸",
    ),
    (
        "一色四同顺",
        "222333444s66z",
        "c:234s",
        "2s",
        "t",
        "",
        "绿一色 一色四同顺 自摸",
    ),
    (
        "一色四节高",
        "22p333s",
        "p:111s p:222s p:444s",
        "2p",
        "",
        "",
        "一色四节高 小于五 缺一门 幺九刻 单钓将",
    ),
    (
        "一色四步高",
        "567789m77z",
        "c:123m c:345m",
        "5m",
        "t",
        "",
        "一色四步高 混一色 自摸",
    ),
    (
        "一色四步高",
        "344556p99s",
        "c:123p c:234p",
        "9s",
        "t",
        "",
        "一色四步高 平和 缺一门 单钓将 自摸",
    ),
    (
        "混幺九",
        "999m11p",
        "p:444z p:999s p:777z",
        "1p",
        "t",
        "21",
        "混幺九 五门齐 双同刻 箭刻 单钓将 自摸",
    ),
    (
        "混幺九",
        "99m11p2233445566z",
        "",
        "2z",
        "t",
        "",
        "混幺九 七对 缺一门 自摸",
    ),
    ("七对", "3355m55p335588s44z", "", "5p", "t", "", "七对 自摸"),
    (
        "七对",
        "1111m99p99s334455z",
        "",
        "5z",
        "",
        "",
        "混幺九 七对 五门齐 四归一",
    ),
    (
        "七星不靠",
        "14m369p25s1234567z",
        "",
        "7z",
        "t",
        "",
        "七星不靠 自摸",
    ),
    (
        "全双刻",
        "88p222444s",
        "p:444m p:666m",
        "4s",
        "",
        "",
        "全双刻 双同刻",
    ),
    (
        "清一色",
        "45667899s",
        "c:123s p:333s",
        "6s",
        "t",
        "",
        "清一色 四归一 连六 自摸",
    ),
    (
        "清一色",
        "11224455668899p",
        "",
        "9p",
        "t",
        "",
        "清一色 七对 自摸",
    ),
    (
        "一色三同顺",
        "77m456p777z",
        "c:456p c:456p",
        "7z",
        "",
        "",
        "一色三同顺 箭刻 缺一门",
    ),
    (
        "一色三同顺",
        "567p44778899s",
        "c:789s",
        "7p",
        "",
        "",
        "一色三同顺 平和 缺一门",
    ),
    (
        "一色三节高",
        "777888p678s33z",
        "p:666p",
        "7p",
        "",
        "",
        "一色三节高 缺一门",
    ),
    (
        "一色三节高",
        "333m11s",
        "c:234s p:111m p:222m",
        "3m",
        "",
        "",
        "一色三节高 小于五 幺九刻 缺一门",
    ),
    (
        "全大",
        "778899m78999p777s",
        "",
        "7p",
        "t",
        "",
        "全大 不求人 一般高 喜相逢",
    ),
    (
        "全大",
        "78999p789s",
        "c:789m p:999s",
        "9p",
        "",
        "",
        "全大 三色三同顺 全带幺 四归一 幺九刻",
    ),
    (
        "全中",
        "444666m45556p456s",
        "",
        "4m",
        "t",
        "",
        "全中 不求人 双暗刻 喜相逢",
    ),
    (
        "全中",
        "444p44466s",
        "p:444m p:666m",
        "4s",
        "",
        "",
        "全中 全双刻 三同刻",
    ),
    (
        "全小",
        "111m33s",
        "p:111p p:111s p:222s",
        "1m",
        "",
        "",
        "全小 三同刻 碰碰和 幺九刻×3",
    ),
    (
        "全小",
        "1122m11223333p33s",
        "",
        "2m",
        "t",
        "",
        "全小 七对 四归一 自摸",
    ),
    (
        "清龙",
        "22p123445566789s",
        "",
        "4s",
        "t",
        "",
        "清龙 不求人 平和 一般高 缺一门",
    ),
    (
        "三色双龙会",
        "789p55s",
        "c:123m c:789m c:123p",
        "7p",
        "t",
        "",
        "三色双龙会 边张 自摸",
    ),
    (
        "一色三步高",
        "567m345s77z",
        "c:123m c:345m",
        "5s",
        "t",
        "",
        "一色三步高 喜相逢 缺一门 自摸",
    ),
    (
        "一色三步高",
        "123345567p11z",
        "c:234p",
        "5p",
        "t",
        "",
        "一色三步高 混一色 连六 自摸",
    ),
    (
        "全带五",
        "567m45556p345s",
        "c:345m",
        "5s",
        "",
        "",
        "全带五 三色三步高 平和 喜相逢",
    ),
    (
        "三同刻",
        "11134445s",
        "a:1111m k:1111p",
        "5s",
        "t",
        "",
        "三同刻 明杠 暗杠 双暗刻 幺九刻×3 无字 自摸",
    ),
    (
        "三暗刻",
        "44m444567p777s666z",
        "",
        "7s",
        "t",
        "",
        "三暗刻 不求人 箭刻",
    ),
    (
        "三暗刻",
        "11566667m888p222s",
        "",
        "6m",
        "",
        "",
        "三暗刻 门前清 四归一 无字",
    ),
    (
        "三暗刻",
        "33777p444666888s",
        "",
        "7p",
        "",
        "",
        "三暗刻 碰碰和 门前清 断幺 缺一门",
    ),
    (
        "全不靠",
        "147m28p369s123456z",
        "",
        "3s",
        "t",
        "",
        "全不靠 自摸",
    ),
    (
        "全不靠",
        "369m147p258s23456z",
        "",
        "8s",
        "",
        "",
        "全不靠 组合龙",
    ),
    (
        "组合龙",
        "369m147p258s23456z",
        "",
        "8s",
        "",
        "",
        "全不靠 组合龙",
    ),
    (
        "组合龙",
        "258m369p14788s",
        "c:234p",
        "8s",
        "",
        "",
        "组合龙 平和 单钓将",
    ),
    (
        "大于五",
        "789m999p66777s",
        "c:678p",
        "6s",
        "",
        "",
        "大于五 双暗刻 幺九刻",
    ),
    (
        "大于五",
        "67888m",
        "p:666m p:777m p:999m",
        "6m",
        "l",
        "",
        "清一色 大于五 和绝张 四归一×2 幺九刻",
    ),
    (
        "小于五",
        "234p12333s",
        "c:234m c:234m",
        "2p",
        "",
        "",
        "小于五 平和 一般高 喜相逢",
    ),
    (
        "小于五",
        "23334p222444s",
        "c:123p",
        "4s",
        "t",
        "",
        "小于五 推不倒 双暗刻 四归一 自摸",
    ),
    (
        "三风刻",
        "789m55p333z",
        "p:111z p:222z",
        "9m",
        "t",
        "44",
        "三风刻 缺一门 自摸",
    ),
    (
        "三风刻",
        "999m55p333z",
        "p:111z p:222z",
        "9m",
        "t",
        "44",
        "三风刻 碰碰和 双暗刻 幺九刻 缺一门 自摸",
    ),
    (
        "花龙",
        "123456m456p11789s",
        "",
        "9s",
        "",
        "",
        "花龙 门前清 平和 喜相逢",
    ),
    (
        "花龙",
        "66789m123p",
        "c:456s c:567p",
        "9m",
        "",
        "",
        "花龙 平和",
    ),
    ("花龙", "456p123s55z", "p:888p c:789m", "6p", "", "", "花龙"),
    (
        "推不倒",
        "123p55s",
        "c:456s c:123p p:888p",
        "1p",
        "",
        "",
        "推不倒 一般高 无字",
    ),
    (
        "推不倒",
        "123345p88999s",
        "c:234p",
        "9s",
        "",
        "",
        "一色三步高 推不倒 幺九刻 无字",
    ),
    (
        "推不倒",
        "2233445588p5555z",
        "",
        "8p",
        "t",
        "",
        "七对 推不倒 混一色 四归一 自摸",
    ),
    (
        "三色三同顺",
        "11m567p566778s",
        "c:567m",
        "7p",
        "",
        "",
        "三色三同顺 平和",
    ),
    (
        "三色三同顺",
        "11234p223344s",
        "c:234m",
        "2s",
        "",
        "",
        "小于五 三色三同顺 平和 一般高",
    ),
    (
        "三色三节高",
        "678m77799p666s",
        "p:555m",
        "7p",
        "",
        "",
        "三色三节高 无字",
    ),
    (
        "三色三节高",
        "333m555p33777z",
        "p:444s",
        "5p",
        "t",
        "",
        "三暗刻 三色三节高 五门齐 碰碰和 箭刻 自摸",
    ),
    (
        "无番和",
        "678p567s33z",
        "c:123m c:345m",
        "7s",
        "",
        "",
        "无番和",
    ),
    (
        "无番和",
        "345p123s55z",
        "p:888p c:789m",
        "3p",
        "",
        "",
        "无番和",
    ),
    (
        "碰碰和",
        "111888m22z",
        "p:333p p:444s",
        "8m",
        "t",
        "",
        "碰碰和 双暗刻 幺九刻 自摸",
    ),
    (
        "混一色",
        "111345s44z",
        "p:666z c:789s",
        "1s",
        "",
        "",
        "混一色 箭刻 幺九刻",
    ),
    (
        "混一色",
        "123456m11z",
        "p:777z c:789m",
        "6m",
        "t",
        "",
        "清龙 混一色 箭刻 自摸",
    ),
    (
        "混一色",
        "1122558899p5555z",
        "",
        "9p",
        "",
        "",
        "七对 推不倒 混一色 四归一",
    ),
    (
        "三色三步高",
        "123m45677p345s",
        "c:234p",
        "1m",
        "",
        "",
        "三色三步高 平和",
    ),
    (
        "三色三步高",
        "567m456p678s22z",
        "a:7777z",
        "7s",
        "",
        "",
        "三色三步高 五门齐 箭刻 门前清 暗杠 嵌张",
    ),
    (
        "五门齐",
        "234p33z",
        "c:678m p:444s p:666z",
        "3z",
        "",
        "",
        "五门齐 箭刻 单钓将",
    ),
    (
        "五门齐",
        "7788m3344p44s3366z",
        "",
        "6z",
        "t",
        "",
        "七对 五门齐 自摸",
    ),
    (
        "五门齐",
        "147m258p369s33z",
        "p:666z",
        "6s",
        "",
        "",
        "组合龙 五门齐 箭刻",
    ),
    (
        "全求人",
        "11m",
        "c:234m c:345p c:234s k:7777z",
        "1m",
        "",
        "",
        "全求人 箭刻 明杠 喜相逢",
    ),
    (
        "双暗杠",
        "67899p",
        "a:5555z a:1111s c:345m",
        "9p",
        "",
        "",
        "双暗杠 箭刻 幺九刻",
    ),
    (
        "双暗杠",
        "55777m345s",
        "a:6666s a:5555p",
        "5s",
        "t",
        "",
        "三暗刻 双暗杠 三色三节高 不求人 断幺",
    ),
    (
        "双箭刻",
        "33345p999s",
        "p:555z p:666z",
        "4p",
        "t",
        "",
        "双箭刻 幺九刻 缺一门 自摸",
    ),
    (
        "全带幺",
        "999m78999p",
        "c:123p p:777z",
        "8p",
        "t",
        "",
        "全带幺 箭刻 缺一门 老少副 幺九刻 自摸",
    ),
    (
        "不求人",
        "234678m55p344556s",
        "",
        "3s",
        "t",
        "",
        "不求人 平和 断幺",
    ),
    (
        "不求人",
        "123789m234999p33s",
        "",
        "3m",
        "t",
        "",
        "不求人 老少副 幺九刻 无字 边张",
    ),
    (
        "不求人",
        "234678m555p22s666z",
        "",
        "5p",
        "t",
        "",
        "不求人 箭刻 双暗刻",
    ),
    (
        "双明杠",
        "23466p456s",
        "k:5555z k:2222s",
        "3p",
        "",
        "",
        "双明杠 箭刻 缺一门 嵌张",
    ),
    (
        "双明杠",
        "11133m",
        "p:777z k:4444p k:4444m",
        "3m",
        "",
        "",
        "碰碰和 双明杠 双同刻 箭刻 幺九刻 缺一门",
    ),
    (
        "和绝张",
        "678m678s66z",
        "c:123p p:888m",
        "8m",
        "tl",
        "",
        "和绝张 四归一 喜相逢 自摸",
    ),
    (
        "箭刻",
        "123p345s22z",
        "p:555z c:789m",
        "5s",
        "",
        "",
        "五门齐 箭刻",
    ),
    (
        "箭刻",
        "33678m345678p666z",
        "",
        "7m",
        "",
        "",
        "箭刻 门前清 喜相逢 连六 缺一门 嵌张",
    ),
    (
        "圈风刻",
        "888m44567p789s",
        "a:1111z",
        "4p",
        "",
        "21",
        "圈风刻 门前清 双暗刻 暗杠",
    ),
    (
        "圈风刻",
        "234567m66789s444z",
        "",
        "4z",
        "",
        "44",
        "圈风刻 门风刻 门前清 连六 缺一门",
    ),
    (
        "门风刻",
        "345m456p11567s",
        "p:222z",
        "6p",
        "",
        "24",
        "三色三步高 门风刻",
    ),
    (
        "门风刻",
        "678m44678p",
        "p:333z p:666z",
        "6m",
        "",
        "33",
        "箭刻 圈风刻 门风刻 喜相逢 缺一门",
    ),
    (
        "门前清",
        "234567m345678p66s",
        "",
        "8p",
        "",
        "",
        "门前清 平和 断幺 连六×2",
    ),
    (
        "门前清",
        "33m123456p123456s",
        "",
        "3s",
        "",
        "",
        "门前清 平和 喜相逢×2 连六 边张",
    ),
    (
        "门前清",
        "345678999m22345p",
        "",
        "4p",
        "",
        "",
        "门前清 喜相逢 连六 幺九刻 缺一门 无字 嵌张",
    ),
    (
        "平和",
        "345m234567p12344s",
        "",
        "6p",
        "",
        "",
        "三色三步高 门前清 平和 连六 嵌张",
    ),
    (
        "平和",
        "345567m678p55s",
        "c:345p",
        "7p",
        "t",
        "",
        "平和 断幺 喜相逢 连六 嵌张 自摸",
    ),
    (
        "四归一",
        "22789m789s777z",
        "p:999m",
        "7s",
        "",
        "",
        "箭刻 四归一 喜相逢 幺九刻 缺一门 边张",
    ),
    (
        "四归一",
        "33345555s",
        "p:111s c:123s",
        "3s",
        "t",
        "",
        "清一色 四归一×3 幺九刻 自摸",
    ),
    (
        "四归一",
        "55m224488p88s5555z",
        "",
        "8p",
        "t",
        "",
        "七对 四归一 自摸",
    ),
    (
        "双同刻",
        "567m55566s",
        "c:234m p:555m",
        "6s",
        "",
        "",
        "双同刻 四归一 断幺 缺一门 连六",
    ),
    (
        "双同刻",
        "22345p345s",
        "p:999p p:999s",
        "4s",
        "",
        "",
        "双同刻 喜相逢 幺九刻×2 缺一门 无字 嵌张",
    ),
    (
        "双同刻",
        "88m222555s",
        "p:222m p:555m",
        "8m",
        "",
        "",
        "碰碰和 断幺 双同刻×2 双暗刻 缺一门 单钓将",
    ),
    (
        "双暗刻",
        "12355789m666888s",
        "",
        "5m",
        "",
        "",
        "门前清 双暗刻 老少副 缺一门 无字 单钓将",
    ),
    (
        "暗杠",
        "567m11234p888s",
        "a:7777z",
        "7m",
        "",
        "",
        "箭刻 门前清 双暗刻 暗杠",
    ),
    (
        "断幺",
        "22456p222567s",
        "c:345m",
        "7s",
        "",
        "",
        "三色三步高 断幺",
    ),
    (
        "断幺",
        "445588m22p225566s",
        "",
        "8m",
        "t",
        "",
        "七对 断幺 自摸",
    ),
    (
        "一般高",
        "234p22667788s",
        "c:234p",
        "3p",
        "",
        "",
        "平和 断幺 一般高×2 缺一门 嵌张",
    ),
    (
        "喜相逢",
        "234678m234678p55s",
        "",
        "8p",
        "",
        "",
        "门前清 平和 断幺 喜相逢×2",
    ),
    (
        "连六",
        "345678p88s",
        "c:234s c:567s",
        "7p",
        "",
        "",
        "平和 断幺 连六×2 缺一门 嵌张",
    ),
    (
        "老少副",
        "55789m123789s",
        "c:123m",
        "3s",
        "t",
        "",
        "平和 喜相逢×2 老少副 缺一门 边张 自摸",
    ),
    (
        "幺九刻",
        "55m999s",
        "p:333z k:4444z p:111p",
        "9s",
        "t",
        "21",
        "碰碰和 幺九刻×4 明杠 自摸",
    ),
    (
        "明杠",
        "456p44s",
        "k:9999s c:123p c:456s",
        "5p",
        "t",
        "",
        "喜相逢 连六 幺九刻 明杠 缺一门 无字 嵌张 自摸",
    ),
    (
        "缺一门",
        "55678m123456789p",
        "",
        "6p",
        "t",
        "",
        "清龙 不求人 平和 缺一门",
    ),
    (
        "缺一门",
        "556699m22334455p",
        "",
        "5p",
        "",
        "",
        "七对 缺一门 无字",
    ),
    (
        "无字",
        "456p44s",
        "a:9999s c:123p c:456s",
        "5p",
        "",
        "",
        "暗杠 喜相逢 连六 幺九刻 缺一门 无字 嵌张",
    ),
    (
        "独听・单钓",
        "234m44555z",
        "p:666z c:234p",
        "4z",
        "",
        "",
        "双箭刻 喜相逢 缺一门 单钓将",
    ),
    (
        "自摸",
        "678999m222s77z",
        "k:6666z",
        "2s",
        "t",
        "",
        "箭刻 双暗刻 幺九刻 明杠 缺一门 自摸",
    ),
];

#[test]
fn rule_book_worked_examples() {
    let winds = [Wind::East, Wind::South, Wind::West, Wind::North];
    let mut failures = Vec::new();
    for &(heading, concealed, melds, winning, flags, seat_round, expected) in WORKED {
        let mut w = win(concealed, melds, winning);
        w.self_drawn = flags.contains('t');
        w.last_tile_of_kind = flags.contains('l');
        if let [seat, round] = seat_round.as_bytes() {
            w.seat_wind = winds[(seat - b'1') as usize];
            w.round_wind = winds[(round - b'1') as usize];
        }
        let mut want: Vec<(Fan, u8)> = Vec::new();
        for item in expected.split_whitespace() {
            let (name, count) = match item.split_once('×') {
                Some((n, c)) => (n, c.parse().unwrap()),
                None => (item, 1),
            };
            let fan = Fan::all()
                .find(|f| f.chinese() == name)
                .unwrap_or_else(|| panic!("{name}"));
            want.push((fan, count));
        }
        want.sort();
        let mut got = fan_list(&score(&w).unwrap());
        got.sort();
        if got != want {
            failures.push(format!(
                "{heading} {concealed} [{melds}] {winning}: want {want:?}, got {got:?}"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(WORKED.len(), 132);
}

// ---------------------------------------------------------------------------------------------
// Forms, payments, malformed input.
// ---------------------------------------------------------------------------------------------

#[test]
fn payments_follow_the_competition_convention() {
    // 20 fans on a discard: the discarder pays 28, the two others 8 each.
    let s = score(&win("123456789m345p66s", "", "9m")).unwrap();
    assert_eq!(
        s.payments,
        Some(Payments::Discard {
            discarder: 28,
            each_other: 8
        })
    );
    assert_eq!(s.payments.unwrap().total(), 44);
    // Self-drawn 不求人 instead of 门前清: 22 fans, each of the three pays 30.
    let s = score(&GuobiaoWin {
        self_drawn: true,
        ..win("123456789m345p66s", "", "9m")
    })
    .unwrap();
    assert_eq!(s.total, 22);
    assert_eq!(s.payments, Some(Payments::SelfDrawn { each: 30 }));
}

#[test]
fn an_incomplete_hand_is_an_answer_not_an_error() {
    let s = score(&win("123456789m345p67s", "", "9m")).unwrap();
    assert!(!s.is_win);
    assert_eq!(s.not_win, Some(NotWin::NotComplete));
    assert!(s.fans.is_empty());
    assert_eq!(s.form, None);
}

#[test]
fn the_best_reading_is_reported_with_its_sets() {
    let s = score(&win("123m55p", "p:111z p:222z p:333z", "5p")).unwrap();
    assert_eq!(s.sets.len(), 5);
    assert!(s.sets[..3].iter().all(|set| set.open));
    assert_eq!(s.sets[4].tile.to_string(), "5p");
    let s = score(&win("1133m5577p2299s44z", "", "4z")).unwrap();
    assert_eq!(s.form, Some(HandForm::SevenPairs));
    assert_eq!(s.sets.len(), 7);
    let s = score(&win("147m258p369s55511z", "", "1z")).unwrap();
    assert!(matches!(s.form, Some(HandForm::KnittedStraight { .. })));
}

#[test]
fn a_quad_counts_as_two_pairs_in_seven_pairs() {
    check(
        &win("1111m99s99p3344z5z5z", "", "5z"),
        &[
            (AllTerminalsAndHonors, 1),
            (SevenPairs, 1),
            (AllTypes, 1),
            (TileHog, 1),
        ],
        64,
    );
}

#[test]
fn malformed_hands_are_typed_errors_naming_the_field() {
    let e = score(&win("123456789m345p6s", "", "9m")).unwrap_err();
    assert!(matches!(
        e,
        GuobiaoError::TileCount {
            got: 13,
            expected: 14,
            melds: 0
        }
    ));
    assert_eq!(e.field(), "concealed");
    let e = score(&win("123456789m345p66s", "", "1p")).unwrap_err();
    assert_eq!(e, GuobiaoError::WinningTileNotInHand("1p".parse().unwrap()));
    assert_eq!(e.field(), "winning_tile");
    let e = score(&win("11m666s", "c:123m c:123m k:1111m", "6s")).unwrap_err();
    assert!(
        matches!(e, GuobiaoError::FiveCopies { count: 8, .. }),
        "{e}"
    );
    let e = score(&GuobiaoWin {
        flowers: 9,
        ..win("123456789m345p66s", "", "9m")
    })
    .unwrap_err();
    assert_eq!(e, GuobiaoError::TooManyFlowers(9));
    let e = score(&GuobiaoWin {
        kong_win: true,
        ..win("123456789m345p66s", "", "9m")
    })
    .unwrap_err();
    assert_eq!(e.field(), "kong_win");
    let e = score(&GuobiaoWin {
        kong_win: true,
        self_drawn: true,
        ..win("123456789m345p66s", "", "9m")
    })
    .unwrap_err();
    assert_eq!(e.field(), "kong_win");
    let e = score(&GuobiaoWin {
        robbing_kong: true,
        ..win("123456789m345p66s", "", "6s")
    })
    .unwrap_err();
    assert_eq!(e.field(), "robbing_kong");
    let e = score(&GuobiaoWin {
        last_tile_of_kind: true,
        ..win("123456789m345p66s", "", "6s")
    })
    .unwrap_err();
    assert_eq!(e.field(), "last_tile_of_kind");
    assert_eq!(
        e.to_string(),
        "last_tile_of_kind: the winning tile cannot be the last of its kind when the hand holds another copy"
    );
}

#[test]
fn last_of_its_kind_follows_from_the_winners_own_melds() {
    // Three 8m in the winner's pon: the fourth is necessarily the last one.
    let s = score(&GuobiaoWin {
        self_drawn: true,
        ..win("67m678s66z8m", "c:123p p:888m", "8m")
    })
    .unwrap();
    assert!(fan_list(&s).contains(&(LastTile, 1)));
}

// ---------------------------------------------------------------------------------------------
// The fast path against the brute-force reference on random complete hands.
// ---------------------------------------------------------------------------------------------

#[path = "guobiao_support/random.rs"]
mod random;
#[path = "guobiao_support/reference.rs"]
mod reference;

fn cases() -> u32 {
    std::env::var("CARDRULES_PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(200)
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(cases()))]

    /// The best total (flowers aside) equals the reference's, on random complete hands.
    #[test]
    fn fast_path_matches_the_brute_force_reference(seed in proptest::prelude::any::<u64>()) {
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let w = random::random_win(&mut rng);
        let fast = score(&w).unwrap();
        let slow = reference::reference_points(&w);
        proptest::prop_assert_eq!(
            Some(fast.fan_total).filter(|_| fast.form.is_some()),
            slow,
            "{:?} melds {:?} win {} self {} fans {:?} reference {:?}",
            w.concealed.iter().map(|t| t.to_string()).collect::<String>(),
            w.melds,
            w.winning_tile,
            w.self_drawn,
            fan_list(&fast),
            reference::reference_fans(&w).map(|f| f.iter().collect::<Vec<_>>())
        );
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(cases()))]

    /// Arbitrary input (any tile counts, melds, winning tile and flags) gets an answer or a
    /// typed error, never a panic; an answer's totals and payments agree with its fans.
    #[test]
    fn arbitrary_input_answers_or_rejects(seed in proptest::prelude::any::<u64>()) {
        use cardrules::mahjong::{Meld, MeldKind};
        use cardrules::tiles::Tile;
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let tile = |rng: &mut rand_chacha::ChaCha8Rng| Tile::from_index(rng.random_range(0..34)).unwrap();
        let n_melds = rng.random_range(0..=5);
        let melds: Vec<Meld> = (0..n_melds)
            .filter_map(|_| {
                let t = tile(&mut rng);
                let kind = [MeldKind::Chi, MeldKind::Pon, MeldKind::Kan][rng.random_range(0..3)];
                let tiles: Vec<Tile> = match kind {
                    MeldKind::Chi => (0..3).filter_map(|k| Tile::from_index(t.index() + k)).collect(),
                    MeldKind::Pon => vec![t; 3],
                    MeldKind::Kan => vec![t; 4],
                };
                Meld::from_tiles(kind, &tiles, kind == MeldKind::Kan && rng.random_bool(0.5)).ok()
            })
            .collect();
        let len = if rng.random_bool(0.8) { 14usize.saturating_sub(3 * melds.len()) } else { rng.random_range(0..16) };
        let concealed: Vec<Tile> = (0..len).map(|_| tile(&mut rng)).collect();
        let winning = if rng.random_bool(0.9) && !concealed.is_empty() {
            concealed[rng.random_range(0..concealed.len())]
        } else {
            tile(&mut rng)
        };
        let w = GuobiaoWin {
            concealed,
            melds,
            winning_tile: winning,
            self_drawn: rng.random_bool(0.5),
            seat_wind: Wind::ALL[rng.random_range(0..4)],
            round_wind: Wind::ALL[rng.random_range(0..4)],
            last_tile_of_kind: rng.random_bool(0.2),
            last_tile_of_wall: rng.random_bool(0.2),
            kong_win: rng.random_bool(0.2),
            robbing_kong: rng.random_bool(0.2),
            flowers: rng.random_range(0..10),
        };
        if let Ok(s) = score(&w) {
            let sum: u32 = s.fans.iter().map(|f| f.points).sum();
            proptest::prop_assert_eq!(sum, s.total);
            proptest::prop_assert_eq!(s.is_win, s.payments.is_some());
            proptest::prop_assert_eq!(s.is_win, s.fan_total >= 8);
        }
    }
}
