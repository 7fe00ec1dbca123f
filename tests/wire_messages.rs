//! The server's own messages (`cardrules::server::wire`) against prost's generated ones, the
//! reference: requests decode from the same bytes to the same values (or fail alike, with the
//! same error), on random messages, their mutations and truncations, values split across
//! buffers and fields in any order; requests and answers encode to the same bytes.
//!
//! Case count: `CARDRULES_PROPTEST_CASES` (default 256).

mod common;

use bytes::Buf;
use cardrules::server::{pb, wire};
use cardrules::tiles::Tile;
use proptest::prelude::*;
use prost::Message;

fn cases() -> u32 {
    common::proptest_cases(256)
}

/// A value of a card list: mostly card names, sometimes anything (empty, long, non-ASCII).
fn name() -> impl Strategy<Value = String> {
    prop_oneof![
        6 => prop::sample::select(vec!["3", "10", "10H", "BJ", "RJ", "2S", "aD", "Q"])
            .prop_map(str::to_owned),
        1 => ".{0,4}",
        1 => "[a-z]{100,200}",
        1 => "♠A|大王|🂡",
    ]
}

fn names() -> impl Strategy<Value = Vec<String>> {
    prop::collection::vec(name(), 0..25)
}

fn rules() -> impl Strategy<Value = Option<pb::DoudizhuRules>> {
    prop::option::of(
        (0i32..4, 0i32..4, prop::option::of(any::<bool>()), names()).prop_map(
            |(preset, game, trio_with_pair, wild_ranks)| pb::DoudizhuRules {
                preset,
                game,
                trio_with_pair,
                wild_ranks,
                ..Default::default()
            },
        ),
    )
}

fn selector() -> impl Strategy<Value = Option<pb::DoudizhuReadingSelector>> {
    prop::option::of(
        (0i32..20, prop::option::of(name())).prop_map(|(r#type, rank)| {
            pb::DoudizhuReadingSelector {
                r#type,
                rank,
                chain_length: None,
            }
        }),
    )
}

fn validate_play() -> impl Strategy<Value = pb::ValidatePlayRequest> {
    (rules(), names(), names(), names(), selector(), selector()).prop_map(
        |(rules, hand, play, previous, intended, previous_reading)| pb::ValidatePlayRequest {
            rules,
            hand,
            play,
            previous,
            intended,
            previous_reading,
        },
    )
}

fn compare_combos() -> impl Strategy<Value = pb::CompareCombosRequest> {
    (rules(), names(), names(), selector(), selector()).prop_map(
        |(rules, a, b, a_reading, b_reading)| pb::CompareCombosRequest {
            rules,
            a,
            b,
            a_reading,
            b_reading,
        },
    )
}

fn list_plays() -> impl Strategy<Value = pb::ListPlaysRequest> {
    (
        rules(),
        names(),
        names(),
        selector(),
        -2i32..20,
        any::<u32>(),
        -2i32..5,
    )
        .prop_map(
            |(rules, hand, previous, previous_reading, r#type, limit, format)| {
                pb::ListPlaysRequest {
                    rules,
                    hand,
                    previous,
                    previous_reading,
                    r#type,
                    limit,
                    format,
                }
            },
        )
}

/// Decodes `bytes` as both types, from one slice and split in two buffers at `split`: every
/// way agrees with prost's generated type.
fn decodes_alike<P, W>(bytes: &[u8], split: usize) -> Result<(), TestCaseError>
where
    P: Message + Default + Into<W>,
    W: Message + Default + PartialEq + std::fmt::Debug,
{
    let reference = P::decode(bytes).map(Into::into);
    let whole = W::decode(bytes);
    let split = split.min(bytes.len());
    let chained = W::decode(bytes[..split].chain(&bytes[split..]));
    for ours in [whole, chained] {
        match (&reference, ours) {
            (Ok(expected), Ok(ours)) => prop_assert!(ours == *expected, "{ours:?}"),
            (Err(expected), Err(ours)) => prop_assert_eq!(ours.to_string(), expected.to_string()),
            (expected, ours) => prop_assert!(false, "prost {expected:?}, ours {ours:?}"),
        }
    }
    Ok(())
}

/// A request round trip: the same bytes as prost's, and decoding agrees on them, on a mutation
/// of them and on a prefix.
fn request_agrees<P, W>(
    request: P,
    mutation: (usize, u8),
    cut: usize,
    split: usize,
) -> Result<(), TestCaseError>
where
    P: Message + Default + Clone + Into<W>,
    W: Message + Default + PartialEq + std::fmt::Debug,
{
    let bytes = request.encode_to_vec();
    let ours: W = request.into();
    prop_assert_eq!(ours.encode_to_vec(), bytes.clone());
    prop_assert_eq!(ours.encoded_len(), bytes.len());
    decodes_alike::<P, W>(&bytes, split)?;
    let mut mutated = bytes.clone();
    if !mutated.is_empty() {
        let at = mutation.0 % mutated.len();
        mutated[at] = mutation.1;
    }
    decodes_alike::<P, W>(&mutated, split)?;
    decodes_alike::<P, W>(&bytes[..cut.min(bytes.len())], split)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    #[test]
    fn validate_play_agrees(
        request in validate_play(), mutation in any::<(usize, u8)>(), cut in 0usize..400,
        split in 0usize..400,
    ) {
        request_agrees::<_, wire::ValidatePlayRequest>(request, mutation, cut, split)?;
    }

    #[test]
    fn compare_combos_agrees(
        request in compare_combos(), mutation in any::<(usize, u8)>(), cut in 0usize..400,
        split in 0usize..400,
    ) {
        request_agrees::<_, wire::CompareCombosRequest>(request, mutation, cut, split)?;
    }

    #[test]
    fn list_plays_agrees(
        request in list_plays(), mutation in any::<(usize, u8)>(), cut in 0usize..400,
        split in 0usize..400,
    ) {
        request_agrees::<_, wire::ListPlaysRequest>(request, mutation, cut, split)?;
    }

    /// A list's values need not come together: fields in any order, repeated fields
    /// interleaved, a field given twice, unknown fields between.
    #[test]
    fn fields_in_any_order_agree(
        request in validate_play(), order in Just(vec![0usize, 1, 2]).prop_shuffle(),
        unknown in any::<bool>(), split in 0usize..400,
    ) {
        let mut bytes = Vec::new();
        let mut put = |tag: u32, value: &str| {
            prost::encoding::string::encode(tag, &value.to_owned(), &mut bytes);
        };
        // Hand, play and previous values taken in turns, in a shuffled field order.
        let lists = [(2, &request.hand), (3, &request.play), (4, &request.previous)];
        for i in 0..25 {
            for &field in &order {
                let (tag, list) = lists[field];
                if let Some(value) = list.get(i) {
                    put(tag, value);
                }
            }
            if unknown && i == 1 {
                put(99, "unknown");
                put(7, "an unknown field's value");
            }
        }
        if let Some(rules) = &request.rules {
            prost::encoding::message::encode(1, rules, &mut bytes);
        }
        decodes_alike::<pb::ValidatePlayRequest, wire::ValidatePlayRequest>(&bytes, split)?;
    }

    #[test]
    fn random_bytes_agree(bytes in prop::collection::vec(any::<u8>(), 0..64), split in 0usize..64) {
        decodes_alike::<pb::ValidatePlayRequest, wire::ValidatePlayRequest>(&bytes, split)?;
        decodes_alike::<pb::ListPlaysRequest, wire::ListPlaysRequest>(&bytes, split)?;
    }

    /// A Deal answer is written with the bytes prost writes for the generated one.
    #[test]
    fn deal_response_agrees(
        seed in any::<u64>(), game in 0i32..4,
        hands in prop::collection::vec((0u32..5, prop::collection::vec(0usize..8, 0..34), ".{0,20}", any::<bool>()), 0..5),
        kitty in prop::collection::vec(0usize..8, 0..9),
        wall in prop::collection::vec(0usize..8, 0..100),
        wildcard_ranks in prop::collection::vec(0usize..8, 0..3),
    ) {
        const NAMES: [&str; 8] = ["3", "10H", "BJ", "5p", "1z", "", "大王", "2S"];
        let names = |picks: &[usize]| picks.iter().map(|&i| NAMES[i]).collect::<Vec<_>>();
        let ours = wire::DealResponse {
            seed,
            game,
            hands: hands
                .iter()
                .map(|(seat, cards, tiles, is_landlord)| wire::DealtHand {
                    seat: *seat,
                    cards: names(cards),
                    tiles: tiles.clone(),
                    is_landlord: *is_landlord,
                })
                .collect(),
            kitty: names(&kitty),
            wall: names(&wall),
            wildcard_ranks: names(&wildcard_ranks),
        };
        answer_agrees::<_, pb::DealResponse>(ours)?;
    }
}

const RANKS: [&str; 6] = ["", "3", "10", "2", "BJ", "大王"];

fn combo() -> impl Strategy<Value = wire::DoudizhuCombo> {
    (
        (-1i32..20, 0usize..6, 0usize..6, any::<u32>(), 0u32..9),
        (
            prop::collection::vec(0usize..6, 0..6),
            prop::collection::vec(0usize..6, 0..5),
            0i32..4,
        ),
    )
        .prop_map(
            |((r#type, rank, top, chain_length, copies), (kickers, wild_as, bomb_kind))| {
                wire::DoudizhuCombo {
                    r#type,
                    rank: RANKS[rank],
                    top_rank: RANKS[top],
                    chain_length,
                    copies,
                    kickers: kickers.iter().map(|&i| RANKS[i]).collect(),
                    wild_as: wild_as.iter().map(|&i| RANKS[i]).collect(),
                    bomb_kind,
                }
            },
        )
}

/// An answer is written with the bytes prost writes for the generated one.
fn answer_agrees<W, P>(ours: W) -> Result<(), TestCaseError>
where
    W: Message + Into<P>,
    P: Message,
{
    let bytes = ours.encode_to_vec();
    prop_assert_eq!(ours.encoded_len(), bytes.len());
    let generated: P = ours.into();
    prop_assert_eq!(bytes, generated.encode_to_vec());
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    #[test]
    fn validate_play_response_agrees(
        flags in any::<(bool, bool)>(), reason in 0i32..12, message in ".{0,30}",
        reading in prop::option::of(combo()), readings in prop::collection::vec(combo(), 0..4),
        previous_reading in prop::option::of(combo()),
    ) {
        answer_agrees::<_, pb::ValidatePlayResponse>(wire::ValidatePlayResponse {
            legal: flags.0,
            reason,
            message,
            reading,
            readings,
            previous_reading,
            pass: flags.1,
        })?;
    }

    #[test]
    fn compare_combos_response_agrees(
        outcome in 0i32..6, a_reading in prop::option::of(combo()),
        b_reading in prop::option::of(combo()), message in ".{0,30}",
    ) {
        answer_agrees::<_, pb::CompareCombosResponse>(wire::CompareCombosResponse {
            outcome,
            a_reading,
            b_reading,
            message,
        })?;
    }

    #[test]
    fn list_plays_response_agrees(
        plays in prop::collection::vec(
            (prop::collection::vec(0usize..6, 0..20), prop::option::of(combo())), 0..12),
        truncated in any::<bool>(), previous_reading in prop::option::of(combo()),
        packed_plays in prop::collection::vec(any::<u64>(), 0..12),
    ) {
        let plays = plays
            .into_iter()
            .map(|(cards, reading)| wire::ListedPlay {
                cards: cards.iter().map(|&i| RANKS[i]).collect(),
                reading,
            })
            .collect();
        answer_agrees::<_, pb::ListPlaysResponse>(wire::ListPlaysResponse {
            plays,
            truncated,
            previous_reading,
            packed_plays,
        })?;
    }
}

fn batch_request() -> impl Strategy<Value = pb::BatchRequest> {
    use pb::batch_item::Request;
    let item = (
        any::<u64>(),
        prop_oneof![
            validate_play().prop_map(Request::ValidatePlay),
            list_plays().prop_map(Request::ListPlays),
            compare_combos().prop_map(Request::CompareCombos),
            (0i32..4, prop::option::of(any::<u64>())).prop_map(|(game, seed)| {
                Request::Deal(pb::DealRequest {
                    game,
                    seed,
                    ..Default::default()
                })
            }),
            ".{0,20}".prop_map(|hand| Request::MahjongWaits(pb::MahjongWaitsRequest {
                hand,
                ..Default::default()
            })),
        ],
    )
        .prop_map(|(id, request)| pb::BatchItem {
            id,
            request: Some(request),
        });
    prop::collection::vec(item, 0..4).prop_map(|items| pb::BatchRequest { items })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    #[test]
    fn batch_request_agrees(
        request in batch_request(), mutation in any::<(usize, u8)>(), cut in 0usize..1000,
        split in 0usize..1000,
    ) {
        request_agrees::<_, wire::BatchRequest>(request, mutation, cut, split)?;
    }

    #[test]
    fn batch_response_agrees(
        results in prop::collection::vec(
            (any::<u64>(), any::<bool>(), prop::option::of(combo()), ".{0,10}"), 0..5),
    ) {
        let results = results
            .into_iter()
            .map(|(id, ok, reading, message)| wire::BatchResult {
                id,
                status: Some(pb::BatchStatus {
                    code: if ok { 0 } else { 3 },
                    message: message.clone(),
                    field_violations: Vec::new(),
                }),
                response: ok.then(|| {
                    wire::ItemResponse::ValidatePlay(wire::ValidatePlayResponse {
                        legal: true,
                        message,
                        reading,
                        ..Default::default()
                    })
                }),
            })
            .collect();
        answer_agrees::<_, pb::BatchResponse>(wire::BatchResponse { results })?;
    }
}

/// An item naming two calls is the last one; the same call twice is one call with both merged
/// (protobuf's rules for a `oneof`, as prost applies them).
#[test]
fn batch_item_members_merge_as_prost_merges_them() {
    use pb::batch_item::Request;
    let one = |request| {
        pb::BatchItem {
            id: 1,
            request: Some(request),
        }
        .encode_to_vec()
    };
    let validate = |hand: &[&str]| {
        Request::ValidatePlay(pb::ValidatePlayRequest {
            hand: hand.iter().map(|c| c.to_string()).collect(),
            ..Default::default()
        })
    };
    let deal = Request::Deal(pb::DealRequest {
        game: 1,
        ..Default::default()
    });
    for bytes in [
        [one(validate(&["3", "4"])), one(validate(&["5"]))].concat(),
        [one(deal.clone()), one(validate(&["5"]))].concat(),
        [one(validate(&["5"])), one(deal)].concat(),
    ] {
        let expected = wire::BatchItem::from(pb::BatchItem::decode(bytes.as_slice()).unwrap());
        assert_eq!(wire::BatchItem::decode(bytes.as_slice()).unwrap(), expected);
    }
}

/// The errors are prost's own: a value that is not UTF-8, a length past the end.
#[test]
fn errors_are_prosts() {
    let bad_utf8 = [0x12, 0x02, 0xC3, 0x28];
    let truncated = [0x12, 0x05, b'1', b'0'];
    for bytes in [&bad_utf8[..], &truncated[..]] {
        let expected = pb::ValidatePlayRequest::decode(bytes)
            .unwrap_err()
            .to_string();
        let ours = wire::ValidatePlayRequest::decode(bytes)
            .unwrap_err()
            .to_string();
        assert_eq!(ours, expected);
    }
}

/// Names read and iterate in order, with what a hand's list holds.
#[test]
fn names_keep_order() {
    let request = pb::ValidatePlayRequest {
        hand: ["3S", "10H", "BJ", "大王", ""].map(str::to_owned).to_vec(),
        ..Default::default()
    };
    let ours = wire::ValidatePlayRequest::decode(request.encode_to_vec().as_slice()).unwrap();
    assert_eq!(ours.hand.len(), 5);
    assert_eq!(
        ours.hand.iter().collect::<Vec<_>>(),
        ["3S", "10H", "BJ", "大王", ""]
    );
    assert!(ours.play.is_empty());
}

/// Tile names and the empty name, for the mahjong answers' tiles. (MahjongWaits' answer is
/// written from the core's answer rather than from fields: the server's unit tests compare it
/// with prost's bytes, in `server/mahjong/waits/tests.rs`.)
const TILES: [&str; 6] = ["", "1m", "9p", "5s", "7z", "大"];

fn decomposition() -> impl Strategy<Value = Option<pb::Decomposition>> {
    prop::option::of(
        (0i32..7, ".{0,8}", prop::collection::vec(".{0,3}", 0..3)).prop_map(
            |(form, tiles, wildcard_as)| pb::Decomposition {
                form,
                groups: vec![pb::TileGroup { kind: 1, tiles }],
                wildcard_as,
            },
        ),
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    /// A MahjongAnalyze answer is written with the bytes prost writes for the generated one:
    /// each discard's improving tiles in tile order, with their live copies (0 to 255).
    #[test]
    fn mahjong_analyze_response_agrees(
        complete in any::<bool>(), decomposition in decomposition(), shanten in -1i32..9,
        message in ".{0,30}|.{100,200}",
        live in prop::collection::vec(prop_oneof![6 => 0u8..5, 1 => any::<u8>()], 34),
        discards in prop::collection::vec(
            (prop_oneof![6 => 0usize..6, 1 => Just(6)], 0u32..9, any::<u64>(), any::<u32>()),
            0..15),
    ) {
        // Names as the server's (tiles) and not (empty, long, non-ASCII).
        let long = "x".repeat(200);
        let name = |i: usize| if i < TILES.len() { TILES[i] } else { long.as_str() };
        let live: [u8; 34] = live.try_into().unwrap();
        let mut writer = wire::AnalyzeWriter::new(
            complete,
            decomposition.as_ref(),
            shanten,
            &live,
            wire::AnalyzeWriter::capacity(discards.len()),
        );
        for &(discard, shanten, tiles, improving_live) in &discards {
            writer.discard(name(discard), shanten, tiles, improving_live);
        }
        let ours = writer.finish(|m| m.push_str(&message));
        let expected = pb::MahjongAnalyzeResponse {
            complete,
            decomposition,
            shanten,
            discards: discards
                .iter()
                .map(|&(discard, shanten, tiles, improving_live)| pb::DiscardOption {
                    discard: name(discard).to_owned(),
                    shanten,
                    // Bits past the 34 tile kinds are dropped.
                    improving: (0..34)
                        .filter(|t| tiles >> t & 1 == 1)
                        .map(|t| pb::ImprovingTile {
                            tile: Tile::from_index(t).unwrap().name().to_owned(),
                            live: u32::from(live[t]),
                        })
                        .collect(),
                    improving_live,
                })
                .collect(),
            message,
        };
        let bytes = ours.encode_to_vec();
        prop_assert_eq!(&bytes, &expected.encode_to_vec());
        prop_assert_eq!(ours.encoded_len(), bytes.len());
        prop_assert_eq!(pb::MahjongAnalyzeResponse::from(ours), expected);
    }
}
