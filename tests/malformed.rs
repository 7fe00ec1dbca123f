//! A table of malformed requests for every RPC, sent as raw protobuf bytes (so that invalid UTF-8,
//! unknown fields and oversized messages can be sent at all): each gets its documented status,
//! the field it names and its message, and the server then answers a good request of the same
//! RPC normally. Batch rows are sent as the one message of a stream: a message the stream cannot
//! take ends it with a status, and a bad item gets its own status in the answer (the row checks
//! the first item's).
//!
//! The statuses: a request that decodes but breaks a rule of the contract gets INVALID_ARGUMENT
//! with a google.rpc.BadRequest violation on the field; a message over `--max-request-bytes` gets
//! OUT_OF_RANGE before it is decoded; bytes that are not a valid protobuf message of the request
//! type (a string field that is not UTF-8) get INTERNAL, as the gRPC status-code table prescribes
//! for a request that cannot be parsed; unknown fields, however many, are skipped.

mod common;

use bytes::{Buf, BufMut};
use cardrules::server::pb::{
    self, AdjudicateGameRequest, BatchItem, BatchRequest, BatchResponse, CompareCombosRequest,
    DealRequest, DoudizhuBid, DoudizhuBidAction, DoudizhuCardsHeld, DoudizhuExplicitDeal,
    DoudizhuGamePlay, DoudizhuGameRecord, DoudizhuRules, DoudizhuSeededDeal, FitWildcardsRequest,
    ListPlaysRequest, MahjongAnalyzeRequest, MahjongRules, MahjongScoreRequest,
    MahjongWaitsRequest, MahjongWinContext, NextActionsRequest, RiichiWinContext, SeatWind,
    ValidatePlayRequest, batch_item, doudizhu_game_record::Deal,
};
use common::TestServer;
use prost::Message;
use tonic::Code;
use tonic::codec::{Codec, DecodeBuf, Decoder, EncodeBuf, Encoder};

/// Sends and receives message bytes as they are.
#[derive(Clone, Copy, Default)]
struct RawCodec;

impl Codec for RawCodec {
    type Encode = Vec<u8>;
    type Decode = Vec<u8>;
    type Encoder = RawCodec;
    type Decoder = RawCodec;

    fn encoder(&mut self) -> RawCodec {
        RawCodec
    }

    fn decoder(&mut self) -> RawCodec {
        RawCodec
    }
}

impl Encoder for RawCodec {
    type Item = Vec<u8>;
    type Error = tonic::Status;

    fn encode(&mut self, item: Vec<u8>, dst: &mut EncodeBuf<'_>) -> Result<(), tonic::Status> {
        dst.put_slice(&item);
        Ok(())
    }
}

impl Decoder for RawCodec {
    type Item = Vec<u8>;
    type Error = tonic::Status;

    fn decode(&mut self, src: &mut DecodeBuf<'_>) -> Result<Option<Vec<u8>>, tonic::Status> {
        let bytes = src.copy_to_bytes(src.remaining());
        Ok(Some(bytes.to_vec()))
    }
}

/// Calls `method` of CardRulesService with `body` as the request message.
async fn call(
    channel: &tonic::transport::Channel,
    method: &str,
    body: Vec<u8>,
) -> Result<Vec<u8>, tonic::Status> {
    let mut grpc = tonic::client::Grpc::new(channel.clone());
    grpc.ready().await.unwrap();
    let path = format!("/cardrules.v1.CardRulesService/{method}");
    grpc.unary(
        tonic::Request::new(body),
        http::uri::PathAndQuery::try_from(path).unwrap(),
        RawCodec,
    )
    .await
    .map(tonic::Response::into_inner)
}

/// Sends `body` as the one message of a `Batch` stream and returns the first answer message.
async fn call_batch(
    channel: &tonic::transport::Channel,
    body: Vec<u8>,
) -> Result<Vec<u8>, tonic::Status> {
    let mut grpc = tonic::client::Grpc::new(channel.clone());
    grpc.ready().await.unwrap();
    let mut answers = grpc
        .streaming(
            tonic::Request::new(tokio_stream::iter([body])),
            http::uri::PathAndQuery::from_static("/cardrules.v1.CardRulesService/Batch"),
            RawCodec,
        )
        .await?
        .into_inner();
    answers
        .message()
        .await?
        .ok_or_else(|| tonic::Status::unknown("the stream ended without an answer"))
}

/// What a row's call got: the code, the message and the fields the BadRequest names. For
/// Batch, an answered message gives its first item's status (OK when it has no items).
async fn outcome(
    channel: &tonic::transport::Channel,
    method: &str,
    body: Vec<u8>,
) -> (Code, String, Vec<String>) {
    let result = if method == "Batch" {
        call_batch(channel, body).await
    } else {
        call(channel, method, body).await
    };
    match result {
        Ok(bytes) if method == "Batch" => {
            let answer = BatchResponse::decode(&bytes[..]).expect("a BatchResponse");
            match answer.results.into_iter().next().and_then(|r| r.status) {
                None => (Code::Ok, String::new(), Vec::new()),
                Some(status) => (
                    Code::from_i32(status.code),
                    status.message,
                    status
                        .field_violations
                        .into_iter()
                        .map(|v| v.field)
                        .collect(),
                ),
            }
        }
        Ok(_) => (Code::Ok, String::new(), Vec::new()),
        Err(status) => (
            status.code(),
            status.message().to_owned(),
            if status.code() == Code::InvalidArgument {
                common::field_violations(&status)
                    .into_iter()
                    .map(|(f, _)| f)
                    .collect()
            } else {
                Vec::new()
            },
        ),
    }
}

fn strings(texts: &[&str]) -> Vec<String> {
    texts.iter().map(|t| (*t).to_owned()).collect()
}

/// `n` cards, cycling through a whole deck.
fn many_cards(n: usize) -> Vec<String> {
    let ranks = [
        "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2",
    ];
    (0..n)
        .map(|i| format!("{}S", ranks[i % ranks.len()]))
        .collect()
}

/// A MahjongScore request for `hand` won on `winning` (South wins on West's discard).
fn score(hand: &str, winning: &str) -> MahjongScoreRequest {
    MahjongScoreRequest {
        hand: hand.into(),
        winning_tile: winning.into(),
        context: Some(MahjongWinContext {
            seat_wind: SeatWind::South as i32,
            discarder: SeatWind::West as i32,
            ..Default::default()
        }),
        ..Default::default()
    }
}

/// A three-player game record dealt from `seed`, with no actions yet.
fn seeded(seed: u64) -> DoudizhuGameRecord {
    DoudizhuGameRecord {
        deal: Some(Deal::SeededDeal(DoudizhuSeededDeal {
            seed,
            wildcard_draw: 0,
        })),
        ..Default::default()
    }
}

/// A record with an explicit deal of the suited deck in order (3S 3H 3C 3D 4S ...: 17 cards to
/// each seat, the last 3 the kitty), changed by `change` first.
fn explicit(change: impl FnOnce(&mut [Vec<String>], &mut Vec<String>)) -> DoudizhuGameRecord {
    let ranks = [
        "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2",
    ];
    let mut deck: Vec<String> = ranks
        .iter()
        .flat_map(|rank| ["S", "H", "C", "D"].map(|suit| format!("{rank}{suit}")))
        .collect();
    deck.extend(strings(&["BJ", "RJ"]));
    let mut hands: Vec<Vec<String>> = deck[..51].chunks(17).map(<[String]>::to_vec).collect();
    let mut kitty = deck[51..].to_vec();
    change(&mut hands, &mut kitty);
    DoudizhuGameRecord {
        deal: Some(Deal::ExplicitDeal(DoudizhuExplicitDeal {
            hands: hands
                .into_iter()
                .map(|cards| DoudizhuCardsHeld { cards })
                .collect(),
            kitty,
        })),
        ..Default::default()
    }
}

/// A Batch message of `items`, numbered from 1.
fn batch(items: Vec<batch_item::Request>) -> BatchRequest {
    BatchRequest {
        items: items
            .into_iter()
            .zip(1..)
            .map(|(request, id)| BatchItem {
                id,
                request: Some(request),
            })
            .collect(),
    }
}

/// A string field (`field`, wire type 2) holding `bytes`, which need not be UTF-8.
fn string_field(field: u32, bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    prost::encoding::encode_key(field, prost::encoding::WireType::LengthDelimited, &mut out);
    prost::encoding::encode_varint(bytes.len() as u64, &mut out);
    out.extend_from_slice(bytes);
    out
}

/// `copies` unknown varint fields numbered 999, then an unknown length-delimited field 1000
/// nesting `depth` more of itself.
fn unknown_fields(copies: usize, depth: usize) -> Vec<u8> {
    let mut out = Vec::new();
    for _ in 0..copies {
        prost::encoding::encode_key(999, prost::encoding::WireType::Varint, &mut out);
        prost::encoding::encode_varint(7, &mut out);
    }
    let mut nested = Vec::new();
    for _ in 0..depth {
        nested = string_field(1000, &nested);
    }
    out.extend(nested);
    out
}

/// One row: the RPC, what is wrong, the request bytes, and the expected code, the field the
/// BadRequest names (INVALID_ARGUMENT only) and a fragment of the message.
struct Row {
    method: &'static str,
    what: &'static str,
    body: Vec<u8>,
    code: Code,
    field: &'static str,
    message: &'static str,
}

fn rows() -> Vec<Row> {
    let row = |method, what, body: Vec<u8>, code, field, message| Row {
        method,
        what,
        body,
        code,
        field,
        message,
    };
    let validate = |hand: Vec<String>, play: Vec<String>| ValidatePlayRequest {
        hand,
        play,
        ..Default::default()
    };
    let bad_rules = DoudizhuRules {
        preset: 77,
        ..Default::default()
    };
    let tiles_rules = MahjongRules {
        preset: 99,
        ..Default::default()
    };
    let over_limit = many_cards(20_000);
    vec![
        row(
            "Deal",
            "empty request",
            DealRequest::default().encode_to_vec(),
            Code::InvalidArgument,
            "game",
            "required: GAME_DOUDIZHU",
        ),
        row(
            "Deal",
            "unknown game",
            DealRequest {
                game: 42,
                ..Default::default()
            }
            .encode_to_vec(),
            Code::InvalidArgument,
            "game",
            "unknown game value 42",
        ),
        row(
            "Deal",
            "seat out of range",
            DealRequest {
                game: 1,
                landlord_seat: Some(9),
                ..Default::default()
            }
            .encode_to_vec(),
            Code::InvalidArgument,
            "landlord_seat",
            "seat 9 does not exist",
        ),
        row(
            "Deal",
            "unknown wildcard draw",
            DealRequest {
                game: 1,
                wildcard_draw: -3,
                ..Default::default()
            }
            .encode_to_vec(),
            Code::InvalidArgument,
            "wildcard_draw",
            "unknown wildcard draw value -3",
        ),
        row(
            "ValidatePlay",
            "empty request (a pass when leading: an OK answer saying it is illegal)",
            ValidatePlayRequest::default().encode_to_vec(),
            Code::Ok,
            "",
            "",
        ),
        row(
            "ValidatePlay",
            "10,000-card hand",
            validate(many_cards(10_000), strings(&["3S"])).encode_to_vec(),
            Code::InvalidArgument,
            "hand",
            "10000 cards: more than the 54 cards",
        ),
        row(
            "ValidatePlay",
            "duplicate physical card",
            validate(strings(&["3S", "4H", "3S"]), strings(&["3S"])).encode_to_vec(),
            Code::InvalidArgument,
            "hand[2]",
            "duplicate card \"3S\"",
        ),
        row(
            "ValidatePlay",
            "unknown preset",
            ValidatePlayRequest {
                rules: Some(bad_rules.clone()),
                play: strings(&["3"]),
                ..Default::default()
            }
            .encode_to_vec(),
            Code::InvalidArgument,
            "rules.preset",
            "unknown preset value 77",
        ),
        row(
            "ValidatePlay",
            "invalid UTF-8 in a card",
            string_field(3, b"\xff\xfe"),
            Code::Internal,
            "",
            "ValidatePlayRequest.play: invalid string value: data is not UTF-8",
        ),
        row(
            "ValidatePlay",
            "over the size limit",
            validate(over_limit.clone(), strings(&["3S"])).encode_to_vec(),
            Code::OutOfRange,
            "",
            "the limit is: 65536 bytes",
        ),
        row(
            "ValidatePlay",
            "2,000 repeated and 200-deep nested unknown fields",
            [
                validate(strings(&["9S", "9H"]), strings(&["9S", "9H"])).encode_to_vec(),
                unknown_fields(2000, 200),
            ]
            .concat(),
            Code::Ok,
            "",
            "",
        ),
        row(
            "CompareCombos",
            "empty request",
            CompareCombosRequest::default().encode_to_vec(),
            Code::InvalidArgument,
            "a",
            "a: required: the cards of a combo; b: required",
        ),
        row(
            "CompareCombos",
            "10,000 cards",
            CompareCombosRequest {
                a: many_cards(10_000),
                b: strings(&["3"]),
                ..Default::default()
            }
            .encode_to_vec(),
            Code::InvalidArgument,
            "a",
            "10000 cards: more than the 54 cards",
        ),
        row(
            "CompareCombos",
            "unknown card",
            CompareCombosRequest {
                a: strings(&["3"]),
                b: strings(&["1X"]),
                ..Default::default()
            }
            .encode_to_vec(),
            Code::InvalidArgument,
            "b[0]",
            "unknown card \"1X\"",
        ),
        row(
            "CompareCombos",
            "invalid UTF-8",
            string_field(2, b"3\xc0"),
            Code::Internal,
            "",
            "CompareCombosRequest.a: invalid string value",
        ),
        row(
            "ListPlays",
            "empty request",
            ListPlaysRequest::default().encode_to_vec(),
            Code::InvalidArgument,
            "hand",
            "hand: required: the cards of the hand",
        ),
        row(
            "ListPlays",
            "10,000-card hand",
            ListPlaysRequest {
                hand: many_cards(10_000),
                ..Default::default()
            }
            .encode_to_vec(),
            Code::InvalidArgument,
            "hand",
            "10000 cards: more than the 54 cards",
        ),
        row(
            "ListPlays",
            "duplicate physical card",
            ListPlaysRequest {
                hand: strings(&["RJ", "RJ"]),
                ..Default::default()
            }
            .encode_to_vec(),
            Code::InvalidArgument,
            "hand[1]",
            "duplicate card \"RJ\"",
        ),
        row(
            "ListPlays",
            "unknown combo type",
            ListPlaysRequest {
                hand: strings(&["3"]),
                r#type: 1234,
                ..Default::default()
            }
            .encode_to_vec(),
            Code::InvalidArgument,
            "type",
            "unknown combo type value 1234",
        ),
        row(
            "ListPlays",
            "unknown play list format",
            ListPlaysRequest {
                hand: strings(&["3"]),
                format: -1,
                ..Default::default()
            }
            .encode_to_vec(),
            Code::InvalidArgument,
            "format",
            "unknown play list format value -1",
        ),
        row(
            "ListPlays",
            "over the size limit",
            ListPlaysRequest {
                hand: over_limit,
                ..Default::default()
            }
            .encode_to_vec(),
            Code::OutOfRange,
            "",
            "the limit is: 65536 bytes",
        ),
        row(
            "FitWildcards",
            "empty request",
            FitWildcardsRequest::default().encode_to_vec(),
            Code::InvalidArgument,
            "play",
            "play: required: the cards of the play",
        ),
        row(
            "FitWildcards",
            "10,000-card play",
            FitWildcardsRequest {
                play: many_cards(10_000),
                ..Default::default()
            }
            .encode_to_vec(),
            Code::InvalidArgument,
            "play",
            "10000 cards: more than the 54 cards",
        ),
        row(
            "FitWildcards",
            "unknown preset",
            FitWildcardsRequest {
                rules: Some(bad_rules),
                play: strings(&["3"]),
                ..Default::default()
            }
            .encode_to_vec(),
            Code::InvalidArgument,
            "rules.preset",
            "unknown preset value 77",
        ),
        row(
            "MahjongWaits",
            "empty request",
            MahjongWaitsRequest::default().encode_to_vec(),
            Code::InvalidArgument,
            "hand",
            "0 tiles with 0 melds: the hand must have 3n+1 tiles",
        ),
        row(
            "MahjongWaits",
            "five copies of a tile",
            MahjongWaitsRequest {
                hand: "11111m23456789p".into(),
                ..Default::default()
            }
            .encode_to_vec(),
            Code::InvalidArgument,
            "hand",
            "5 copies of 1m (the game has 4)",
        ),
        row(
            "MahjongWaits",
            "decompositions asked for and skipped",
            MahjongWaitsRequest {
                hand: "1112345678999m".into(),
                decompose: true,
                skip_decompositions: true,
                ..Default::default()
            }
            .encode_to_vec(),
            Code::InvalidArgument,
            "skip_decompositions",
            "set together with decompose",
        ),
        row(
            "MahjongWaits",
            "10,000 tiles",
            MahjongWaitsRequest {
                hand: format!("{}m", "1".repeat(10_000)),
                ..Default::default()
            }
            .encode_to_vec(),
            Code::InvalidArgument,
            "hand",
            "10000 tiles with 0 melds",
        ),
        row(
            "MahjongWaits",
            "unknown preset",
            MahjongWaitsRequest {
                hand: "1112345678999m".into(),
                rules: Some(tiles_rules.clone()),
                ..Default::default()
            }
            .encode_to_vec(),
            Code::InvalidArgument,
            "rules.preset",
            "unknown preset value 99",
        ),
        row(
            "MahjongWaits",
            "invalid UTF-8 in the hand",
            string_field(1, b"123m\xff"),
            Code::Internal,
            "",
            "MahjongWaitsRequest.hand: invalid string value",
        ),
        row(
            "MahjongAnalyze",
            "empty request",
            MahjongAnalyzeRequest::default().encode_to_vec(),
            Code::InvalidArgument,
            "hand",
            "0 tiles with 0 melds: the hand must have 3n+2 tiles",
        ),
        row(
            "MahjongAnalyze",
            "five copies of a tile",
            MahjongAnalyzeRequest {
                hand: "1111m1m23456789p".into(),
                ..Default::default()
            }
            .encode_to_vec(),
            Code::InvalidArgument,
            "hand",
            "5 copies of 1m (the game has 4)",
        ),
        row(
            "MahjongAnalyze",
            "unknown preset",
            MahjongAnalyzeRequest {
                hand: "1234m5678p1199s12z".into(),
                rules: Some(tiles_rules),
                ..Default::default()
            }
            .encode_to_vec(),
            Code::InvalidArgument,
            "rules.preset",
            "unknown preset value 99",
        ),
        row(
            "MahjongAnalyze",
            "over the size limit",
            MahjongAnalyzeRequest {
                hand: "1".repeat(70_000),
                ..Default::default()
            }
            .encode_to_vec(),
            Code::OutOfRange,
            "",
            "the limit is: 65536 bytes",
        ),
        row(
            "MahjongScore",
            "empty request",
            MahjongScoreRequest::default().encode_to_vec(),
            Code::InvalidArgument,
            "winning_tile",
            "winning_tile: \"\" is not one tile (0 tiles)",
        ),
        row(
            "MahjongScore",
            "five copies of a tile",
            score("11111m345p678s555p", "1m").encode_to_vec(),
            Code::InvalidArgument,
            "hand",
            "5 copies of 1m (the game has 4)",
        ),
        row(
            "MahjongScore",
            "five copies of a tile counting the dora indicators",
            MahjongScoreRequest {
                context: Some(MahjongWinContext {
                    riichi: Some(RiichiWinContext {
                        dora_indicators: "5p5p5p".into(),
                        ..Default::default()
                    }),
                    ..Default::default()
                }),
                ..score("123456m345p678s55p", "6m")
            }
            .encode_to_vec(),
            Code::InvalidArgument,
            "context.riichi.dora_indicators",
            "5 copies of 5p",
        ),
        row(
            "MahjongScore",
            "10,000 tiles",
            score(&format!("{}m", "1".repeat(10_000)), "1m").encode_to_vec(),
            Code::InvalidArgument,
            "hand",
            "10000 concealed tiles with 0 melds: a winning hand has 14 tiles",
        ),
        row(
            "MahjongScore",
            "unknown seat wind",
            MahjongScoreRequest {
                context: Some(MahjongWinContext {
                    seat_wind: 9,
                    ..Default::default()
                }),
                ..score("123456m345p678s55p", "6m")
            }
            .encode_to_vec(),
            Code::InvalidArgument,
            "context.seat_wind",
            "unknown seat wind value 9",
        ),
        row(
            "MahjongScore",
            "unknown preset",
            MahjongScoreRequest {
                rules: Some(MahjongRules {
                    preset: 99,
                    ..Default::default()
                }),
                ..score("123456m345p678s55p", "6m")
            }
            .encode_to_vec(),
            Code::InvalidArgument,
            "rules.preset",
            "unknown preset value 99",
        ),
        row(
            "MahjongScore",
            "invalid UTF-8 in the winning tile",
            [
                score("123456m345p678s55p", "").encode_to_vec(),
                string_field(4, b"6\xffm"),
            ]
            .concat(),
            Code::Internal,
            "",
            "MahjongScoreRequest.winning_tile: invalid string value",
        ),
        row(
            "MahjongScore",
            "over the size limit",
            score(&"1".repeat(70_000), "1m").encode_to_vec(),
            Code::OutOfRange,
            "",
            "the limit is: 65536 bytes",
        ),
        row(
            "MahjongScore",
            "2,000 repeated and 200-deep nested unknown fields",
            [
                score("123456m345p678s55p", "6m").encode_to_vec(),
                unknown_fields(2000, 200),
            ]
            .concat(),
            Code::Ok,
            "",
            "",
        ),
        row(
            "NextActions",
            "empty request",
            NextActionsRequest::default().encode_to_vec(),
            Code::InvalidArgument,
            "record",
            "record: required: the game record",
        ),
        row(
            "NextActions",
            "1,001 plays",
            NextActionsRequest {
                record: Some(DoudizhuGameRecord {
                    plays: vec![DoudizhuGamePlay::default(); 1001],
                    ..seeded(1)
                }),
                ..Default::default()
            }
            .encode_to_vec(),
            Code::InvalidArgument,
            "record.plays",
            "at most 1000 entries, got 1001",
        ),
        row(
            "NextActions",
            "65 bids",
            NextActionsRequest {
                record: Some(DoudizhuGameRecord {
                    bids: vec![
                        DoudizhuBid {
                            seat: 0,
                            action: DoudizhuBidAction::Pass as i32,
                        };
                        65
                    ],
                    ..seeded(1)
                }),
                ..Default::default()
            }
            .encode_to_vec(),
            Code::InvalidArgument,
            "record.bids",
            "at most 64 entries, got 65",
        ),
        row(
            "NextActions",
            "a 10,000-card play",
            NextActionsRequest {
                record: Some(DoudizhuGameRecord {
                    plays: vec![DoudizhuGamePlay {
                        seat: 0,
                        cards: many_cards(10_000),
                        intended: None,
                    }],
                    ..seeded(1)
                }),
                ..Default::default()
            }
            .encode_to_vec(),
            Code::InvalidArgument,
            "record.plays[0].cards",
            "10000 cards: more than the 54 cards",
        ),
        row(
            "NextActions",
            "a huge record: 1,000 plays of an unknown card",
            NextActionsRequest {
                record: Some(DoudizhuGameRecord {
                    plays: vec![
                        DoudizhuGamePlay {
                            seat: 0,
                            cards: strings(&["1X"]),
                            intended: None,
                        };
                        1000
                    ],
                    ..seeded(1)
                }),
                ..Default::default()
            }
            .encode_to_vec(),
            Code::InvalidArgument,
            "record",
            "and 988 more problems, not listed",
        ),
        row(
            "NextActions",
            "duplicate physical card in a dealt hand",
            NextActionsRequest {
                record: Some(explicit(|hands, _| hands[0][1] = hands[0][0].clone())),
                ..Default::default()
            }
            .encode_to_vec(),
            Code::InvalidArgument,
            "record.explicit_deal.hands[0].cards[1]",
            "duplicate card \"3S\"",
        ),
        row(
            "NextActions",
            "unknown bid action",
            NextActionsRequest {
                record: Some(DoudizhuGameRecord {
                    bids: vec![DoudizhuBid {
                        seat: 0,
                        action: 99,
                    }],
                    ..seeded(1)
                }),
                ..Default::default()
            }
            .encode_to_vec(),
            Code::InvalidArgument,
            "record.bids[0].action",
            "unknown bid action value 99",
        ),
        row(
            "NextActions",
            "limit above 40,000",
            NextActionsRequest {
                record: Some(seeded(1)),
                limit: 50_000,
                ..Default::default()
            }
            .encode_to_vec(),
            Code::InvalidArgument,
            "limit",
            "at most 40000 plays per call, got 50000",
        ),
        row(
            "NextActions",
            "unknown play list format",
            NextActionsRequest {
                record: Some(seeded(1)),
                format: 7,
                ..Default::default()
            }
            .encode_to_vec(),
            Code::InvalidArgument,
            "format",
            "unknown play list format value 7",
        ),
        row(
            "NextActions",
            "invalid UTF-8 in a played card",
            // record (1) { plays (6) { cards (2): not UTF-8 } }
            string_field(1, &string_field(6, &string_field(2, b"3\xffS"))),
            Code::Internal,
            "",
            "DoudizhuGamePlay.cards: DoudizhuGameRecord.plays: NextActionsRequest.record: invalid string \
             value",
        ),
        row(
            "NextActions",
            "over the size limit",
            NextActionsRequest {
                record: Some(DoudizhuGameRecord {
                    plays: vec![DoudizhuGamePlay {
                        seat: 0,
                        cards: many_cards(20_000),
                        intended: None,
                    }],
                    ..seeded(1)
                }),
                ..Default::default()
            }
            .encode_to_vec(),
            Code::OutOfRange,
            "",
            "the limit is: 65536 bytes",
        ),
        row(
            "NextActions",
            "2,000 repeated and 200-deep nested unknown fields",
            [
                NextActionsRequest {
                    record: Some(seeded(1)),
                    ..Default::default()
                }
                .encode_to_vec(),
                unknown_fields(2000, 200),
            ]
            .concat(),
            Code::Ok,
            "",
            "",
        ),
        row(
            "AdjudicateGame",
            "empty request",
            AdjudicateGameRequest::default().encode_to_vec(),
            Code::InvalidArgument,
            "record",
            "record: required: the game record",
        ),
        row(
            "AdjudicateGame",
            "record without a deal",
            AdjudicateGameRequest {
                record: Some(DoudizhuGameRecord::default()),
            }
            .encode_to_vec(),
            Code::InvalidArgument,
            "record.deal",
            "required: seeded_deal (a Deal seed) or explicit_deal (hands and kitty)",
        ),
        row(
            "AdjudicateGame",
            "1,001 plays",
            AdjudicateGameRequest {
                record: Some(DoudizhuGameRecord {
                    plays: vec![DoudizhuGamePlay::default(); 1001],
                    ..seeded(1)
                }),
            }
            .encode_to_vec(),
            Code::InvalidArgument,
            "record.plays",
            "at most 1000 entries, got 1001",
        ),
        row(
            "AdjudicateGame",
            "a card dealt to two seats",
            AdjudicateGameRequest {
                record: Some(explicit(|hands, _| hands[1][3] = hands[0][0].clone())),
            }
            .encode_to_vec(),
            Code::InvalidArgument,
            "record.explicit_deal.hands[1].cards[3]",
            "3S is dealt more often than",
        ),
        row(
            "AdjudicateGame",
            "a 10,000-card kitty",
            AdjudicateGameRequest {
                record: Some(explicit(|_, kitty| *kitty = many_cards(10_000))),
            }
            .encode_to_vec(),
            Code::InvalidArgument,
            "record.explicit_deal.kitty",
            "10000 cards: more than the 54 cards",
        ),
        row(
            "AdjudicateGame",
            "unknown wildcard draw",
            AdjudicateGameRequest {
                record: Some(DoudizhuGameRecord {
                    deal: Some(Deal::SeededDeal(DoudizhuSeededDeal {
                        seed: 1,
                        wildcard_draw: 9,
                    })),
                    ..Default::default()
                }),
            }
            .encode_to_vec(),
            Code::InvalidArgument,
            "record.seeded_deal.wildcard_draw",
            "unknown wildcard draw value 9",
        ),
        row(
            "AdjudicateGame",
            "invalid UTF-8 in the kitty",
            // record (1) { explicit_deal (4) { kitty (2): not UTF-8 } }
            string_field(1, &string_field(4, &string_field(2, b"\xc3("))),
            Code::Internal,
            "",
            "DoudizhuExplicitDeal.kitty: DoudizhuGameRecord.deal: AdjudicateGameRequest.record: \
             invalid string value",
        ),
        row(
            "AdjudicateGame",
            "over the size limit",
            AdjudicateGameRequest {
                record: Some(explicit(|_, kitty| *kitty = many_cards(20_000))),
            }
            .encode_to_vec(),
            Code::OutOfRange,
            "",
            "the limit is: 65536 bytes",
        ),
        row(
            "AdjudicateGame",
            "2,000 repeated and 200-deep nested unknown fields",
            [
                AdjudicateGameRequest {
                    record: Some(seeded(1)),
                }
                .encode_to_vec(),
                unknown_fields(2000, 200),
            ]
            .concat(),
            Code::Ok,
            "",
            "",
        ),
        row(
            "Batch",
            "empty message (answered with no results)",
            BatchRequest::default().encode_to_vec(),
            Code::Ok,
            "",
            "",
        ),
        row(
            "Batch",
            "an item without a request",
            BatchRequest {
                items: vec![BatchItem {
                    id: 1,
                    request: None,
                }],
            }
            .encode_to_vec(),
            Code::InvalidArgument,
            "request",
            "no request set",
        ),
        row(
            "Batch",
            "257 items (ends the stream)",
            batch(vec![batch_item::Request::Deal(DealRequest::default()); 257]).encode_to_vec(),
            Code::InvalidArgument,
            "items",
            "items: 257 items in one message; at most 256",
        ),
        row(
            "Batch",
            "an item with a 10,000-card hand",
            batch(vec![batch_item::Request::ListPlays(ListPlaysRequest {
                hand: many_cards(10_000),
                ..Default::default()
            })])
            .encode_to_vec(),
            Code::InvalidArgument,
            "hand",
            "10000 cards: more than the 54 cards",
        ),
        row(
            "Batch",
            "an item with a duplicate physical card",
            batch(vec![batch_item::Request::ValidatePlay(validate(
                strings(&["3S", "4H", "3S"]),
                strings(&["3S"]),
            ))])
            .encode_to_vec(),
            Code::InvalidArgument,
            "hand[2]",
            "duplicate card \"3S\"",
        ),
        row(
            "Batch",
            "an item with five copies of a tile",
            batch(vec![batch_item::Request::MahjongWaits(
                MahjongWaitsRequest {
                    hand: "11111m23456789p".into(),
                    ..Default::default()
                },
            )])
            .encode_to_vec(),
            Code::InvalidArgument,
            "hand",
            "5 copies of 1m (the game has 4)",
        ),
        row(
            "Batch",
            "an item with an unknown game",
            batch(vec![batch_item::Request::Deal(DealRequest {
                game: 42,
                ..Default::default()
            })])
            .encode_to_vec(),
            Code::InvalidArgument,
            "game",
            "unknown game value 42",
        ),
        row(
            "Batch",
            "a MahjongScore item with five copies of a tile",
            batch(vec![batch_item::Request::MahjongScore(score(
                "11111m345p678s555p",
                "1m",
            ))])
            .encode_to_vec(),
            Code::InvalidArgument,
            "hand",
            "5 copies of 1m (the game has 4)",
        ),
        row(
            "Batch",
            "a NextActions item with 1,001 plays",
            batch(vec![batch_item::Request::NextActions(NextActionsRequest {
                record: Some(DoudizhuGameRecord {
                    plays: vec![DoudizhuGamePlay::default(); 1001],
                    ..seeded(1)
                }),
                ..Default::default()
            })])
            .encode_to_vec(),
            Code::InvalidArgument,
            "record.plays",
            "at most 1000 entries, got 1001",
        ),
        row(
            "Batch",
            "an AdjudicateGame item with a card dealt to two seats",
            batch(vec![batch_item::Request::AdjudicateGame(
                AdjudicateGameRequest {
                    record: Some(explicit(|hands, _| hands[1][3] = hands[0][0].clone())),
                },
            )])
            .encode_to_vec(),
            Code::InvalidArgument,
            "record.explicit_deal.hands[1].cards[3]",
            "3S is dealt more often than",
        ),
        row(
            "Batch",
            "invalid UTF-8 in an item (ends the stream)",
            // items (1) { validate_play (3) { play (3): not UTF-8 } }
            string_field(1, &string_field(3, &string_field(3, b"\xff\xfe"))),
            Code::Internal,
            "",
            "ValidatePlayRequest.play: BatchItem.request: BatchRequest.items: invalid string value",
        ),
        row(
            "Batch",
            "over the size limit (ends the stream)",
            batch(vec![batch_item::Request::ListPlays(ListPlaysRequest {
                hand: many_cards(20_000),
                ..Default::default()
            })])
            .encode_to_vec(),
            Code::OutOfRange,
            "",
            "the limit is: 65536 bytes",
        ),
        row(
            "Batch",
            "2,000 repeated and 200-deep nested unknown fields",
            [good("Batch"), unknown_fields(2000, 200)].concat(),
            Code::Ok,
            "",
            "",
        ),
    ]
}

/// A request of `method` that is well-formed and answered OK.
fn good(method: &str) -> Vec<u8> {
    match method {
        "Deal" => DealRequest {
            game: 1,
            seed: Some(1),
            ..Default::default()
        }
        .encode_to_vec(),
        "ValidatePlay" => ValidatePlayRequest {
            play: strings(&["9", "9"]),
            ..Default::default()
        }
        .encode_to_vec(),
        "CompareCombos" => CompareCombosRequest {
            a: strings(&["3"]),
            b: strings(&["4"]),
            ..Default::default()
        }
        .encode_to_vec(),
        "ListPlays" => ListPlaysRequest {
            hand: strings(&["3", "3", "4"]),
            ..Default::default()
        }
        .encode_to_vec(),
        "FitWildcards" => FitWildcardsRequest {
            play: strings(&["3", "3"]),
            ..Default::default()
        }
        .encode_to_vec(),
        "MahjongWaits" => MahjongWaitsRequest {
            hand: "1112345678999m".into(),
            ..Default::default()
        }
        .encode_to_vec(),
        "MahjongAnalyze" => MahjongAnalyzeRequest {
            hand: "1234m5678p1199s12z".into(),
            ..Default::default()
        }
        .encode_to_vec(),
        "MahjongScore" => score("123456m345p678s55p", "6m").encode_to_vec(),
        "NextActions" => NextActionsRequest {
            record: Some(seeded(1)),
            ..Default::default()
        }
        .encode_to_vec(),
        "AdjudicateGame" => AdjudicateGameRequest {
            record: Some(seeded(1)),
        }
        .encode_to_vec(),
        "Batch" => batch(vec![batch_item::Request::Deal(DealRequest {
            game: 1,
            seed: Some(1),
            ..Default::default()
        })])
        .encode_to_vec(),
        other => panic!("no good request for {other}"),
    }
}

#[tokio::test]
async fn every_malformed_request_gets_its_documented_status_and_the_next_one_is_served() {
    let server = TestServer::start().await;
    let channel = server.channel().await;
    let mut wrong = Vec::new();
    let mut methods = std::collections::BTreeSet::new();
    for row in rows() {
        methods.insert(row.method.to_owned());
        let (code, message, fields) = outcome(&channel, row.method, row.body).await;
        // A row that names no field wants none named (only INVALID_ARGUMENT names one).
        let field_ok = if row.field.is_empty() {
            fields.is_empty()
        } else {
            fields.iter().any(|f| f == row.field)
        };
        if code != row.code || !field_ok || !message.contains(row.message) {
            wrong.push(format!(
                "{} / {}: got {code:?} {fields:?} {message:?}; want {:?} {:?} containing {:?}",
                row.method, row.what, row.code, row.field, row.message
            ));
        }
        // The server is unharmed: the next, good request of the same RPC is answered.
        let (code, message, _) = outcome(&channel, row.method, good(row.method)).await;
        if code != Code::Ok {
            wrong.push(format!(
                "{} after {}: {code:?} {message:?}",
                row.method, row.what
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    // Every RPC of the service (as the proto declares it) has rows, and no row calls another.
    let descriptors =
        prost_types::FileDescriptorSet::decode(pb::FILE_DESCRIPTOR_SET).expect("the descriptors");
    let rpcs: std::collections::BTreeSet<String> = descriptors
        .file
        .iter()
        .flat_map(|file| &file.service)
        .filter(|service| service.name() == "CardRulesService")
        .flat_map(|service| &service.method)
        .map(|method| method.name().to_owned())
        .collect();
    assert!(rpcs.len() >= 11, "{rpcs:?}");
    assert_eq!(methods, rpcs);
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn batch_messages_over_the_limits_end_the_stream_and_bad_items_get_their_own_status() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let deal = |id| BatchItem {
        id,
        request: Some(batch_item::Request::Deal(DealRequest {
            game: 1,
            seed: Some(id),
            ..Default::default()
        })),
    };
    let ends_with =
        async |client: &mut pb::card_rules_service_client::CardRulesServiceClient<_>,
               message: BatchRequest| {
            let mut answers = client
                .batch(tokio_stream::iter([message]))
                .await
                .unwrap()
                .into_inner();
            answers.message().await.unwrap_err()
        };

    let too_many = BatchRequest {
        items: (0..257).map(deal).collect(),
    };
    let status = ends_with(&mut client, too_many).await;
    assert_eq!(status.code(), Code::InvalidArgument);
    assert_eq!(
        status.message(),
        "items: 257 items in one message; at most 256"
    );
    assert_eq!(common::field_violations(&status)[0].0, "items");

    let too_large = BatchRequest {
        items: vec![BatchItem {
            id: 1,
            request: Some(batch_item::Request::ListPlays(ListPlaysRequest {
                hand: many_cards(20_000),
                ..Default::default()
            })),
        }],
    };
    let status = ends_with(&mut client, too_large).await;
    assert_eq!(status.code(), Code::OutOfRange);
    assert!(
        status.message().contains("the limit is: 65536 bytes"),
        "{status:?}"
    );

    // An empty item and an empty message are answered; the stream goes on.
    let messages = [
        BatchRequest {
            items: vec![
                deal(1),
                BatchItem {
                    id: 2,
                    request: None,
                },
                deal(3),
            ],
        },
        BatchRequest::default(),
    ];
    let mut answers = client
        .batch(tokio_stream::iter(messages))
        .await
        .unwrap()
        .into_inner();
    let first = answers.message().await.unwrap().unwrap();
    let codes: Vec<i32> = first
        .results
        .iter()
        .map(|r| r.status.as_ref().unwrap().code)
        .collect();
    assert_eq!(codes, [0, Code::InvalidArgument as i32, 0]);
    assert_eq!(
        first.results[1].status.as_ref().unwrap().field_violations[0].field,
        "request"
    );
    assert!(answers.message().await.unwrap().unwrap().results.is_empty());
    assert!(answers.message().await.unwrap().is_none());
    server.shutdown().await.unwrap();
}
