//! The fuzz targets' checks on the checked-in fuzz inputs, in the normal test run: every seed of
//! `fuzz/seeds/<target>/` and every past crash of `fuzz/regressions/<target>/` (see
//! `fuzz/regressions/README.md`). The RPC inputs are decoded as the server decodes them and answered by the
//! service's own handlers, which must answer OK or INVALID_ARGUMENT; the notation inputs go
//! through the parsers, with the notation targets' own checks (`fuzz/src/notation.rs`).

use std::path::Path;

use cardrules::server::CardRules;
use cardrules::server::pb::card_rules_service_server::CardRulesService;
use cardrules::server::{pb, wire};
use prost::Message;
use tonic::{Code, Request, Response, Status};

/// The inputs of `target`: its seeds and its regressions.
fn inputs(target: &str) -> Vec<(String, Vec<u8>)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz");
    let mut inputs = Vec::new();
    for dir in ["seeds", "regressions"] {
        let Ok(entries) = std::fs::read_dir(root.join(dir).join(target)) else {
            continue;
        };
        for entry in entries {
            let path = entry.unwrap().path();
            inputs.push((path.display().to_string(), std::fs::read(&path).unwrap()));
        }
    }
    inputs
}

fn ok_or_invalid<T>(name: &str, answer: Result<Response<T>, Status>) {
    if let Err(status) = answer {
        assert_eq!(status.code(), Code::InvalidArgument, "{name}: {status:?}");
    }
}

macro_rules! rpc_inputs {
    ($test:ident, $target:literal, $request:ty, $method:ident) => {
        #[tokio::test]
        async fn $test() {
            let inputs = inputs($target);
            assert!(!inputs.is_empty(), "no seeds for {}", $target);
            for (name, bytes) in inputs {
                let Ok(request) = <$request>::decode(bytes.as_slice()) else {
                    continue;
                };
                ok_or_invalid(&name, CardRules.$method(Request::new(request)).await);
            }
        }
    };
}

rpc_inputs!(deal_inputs, "rpc_deal", pb::DealRequest, deal);
rpc_inputs!(
    validate_play_inputs,
    "rpc_validate_play",
    wire::ValidatePlayRequest,
    validate_play
);
rpc_inputs!(
    compare_combos_inputs,
    "rpc_compare_combos",
    wire::CompareCombosRequest,
    compare_combos
);
rpc_inputs!(
    list_plays_inputs,
    "rpc_list_plays",
    wire::ListPlaysRequest,
    list_plays
);
rpc_inputs!(
    fit_wildcards_inputs,
    "rpc_fit_wildcards",
    pb::FitWildcardsRequest,
    fit_wildcards
);
rpc_inputs!(
    mahjong_waits_inputs,
    "rpc_mahjong_waits",
    pb::MahjongWaitsRequest,
    mahjong_waits
);
rpc_inputs!(
    mahjong_analyze_inputs,
    "rpc_mahjong_analyze",
    pb::MahjongAnalyzeRequest,
    mahjong_analyze
);
rpc_inputs!(
    mahjong_score_inputs,
    "rpc_mahjong_score",
    pb::MahjongScoreRequest,
    mahjong_score
);
rpc_inputs!(
    next_actions_inputs,
    "rpc_next_actions",
    pb::NextActionsRequest,
    next_actions
);
rpc_inputs!(
    adjudicate_game_inputs,
    "rpc_adjudicate_game",
    pb::AdjudicateGameRequest,
    adjudicate_game
);

#[path = "../fuzz/src/notation.rs"]
mod notation;

#[test]
fn notation_inputs() {
    type Check = fn(&[u8]);
    let checks: [(&str, Check); 3] = [
        ("card_notation", notation::card_notation),
        ("tile_notation", notation::tile_notation),
        ("meld_notation", notation::meld_notation),
    ];
    for (target, check) in checks {
        let inputs = inputs(target);
        assert!(!inputs.is_empty(), "no seeds for {target}");
        for (_, bytes) in inputs {
            check(&bytes);
        }
    }
}
