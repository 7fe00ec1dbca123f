//! The table of `CardRulesService`'s unary RPCs: the one place that lists them.
//!
//! [`rpcs!`] hands the table to a macro that builds one thing from it:
//! - the unary service (`service.rs`): each method calls its handler, inline or on the blocking
//!   pool;
//! - Batch (`batch.rs`): an item's dispatch to the same handler, whether a message goes to the
//!   blocking pool, and the error for an item without a request;
//! - Batch's oneofs (`wire/batch.rs`): `BatchItem.request` and `BatchResult.response`, with the
//!   field numbers of `proto/cardrules/v1/batch.proto` (a test checks them against the
//!   descriptor).
//!
//! A new unary RPC is its proto (the method, its messages, and its member in each of Batch's two
//! oneofs), its handler, and a row here.
//!
//! A row reads
//! `method, Variant(Request = item_field => Response = result_field), handler, runs;`:
//! `method` is the service's method and the oneof members' name, `Variant` their enum variant,
//! the field numbers are the members' in `BatchItem.request` and `BatchResult.response`, and
//! `runs` is `inline` (on the worker, always) or `(pool_if rule)`, where `rule(&request)` says
//! whether the call goes to the blocking pool (the rules are in [`super::blocking`]). The paths
//! are absolute: each consumer expands the table in its own module.

/// Calls the macro `$then` with the table of unary RPCs (see the [module](self)).
macro_rules! rpcs {
    ($then:ident) => {
        $then! {
            deal, Deal(
                crate::server::pb::DealRequest = 2 => crate::server::wire::DealResponse = 3
            ), crate::server::deal::deal, inline;
            validate_play, ValidatePlay(
                crate::server::wire::ValidatePlayRequest = 3
                    => crate::server::wire::ValidatePlayResponse = 4
            ), crate::server::doudizhu::validate_play, inline;
            compare_combos, CompareCombos(
                crate::server::wire::CompareCombosRequest = 4
                    => crate::server::wire::CompareCombosResponse = 5
            ), crate::server::doudizhu::compare_combos, inline;
            list_plays, ListPlays(
                crate::server::wire::ListPlaysRequest = 5
                    => crate::server::wire::ListPlaysResponse = 6
            ), crate::server::doudizhu::list_plays, (pool_if crate::server::blocking::list_plays);
            fit_wildcards, FitWildcards(
                crate::server::pb::FitWildcardsRequest = 6
                    => crate::server::pb::FitWildcardsResponse = 7
            ), crate::server::doudizhu::fit_wildcards,
                (pool_if crate::server::blocking::fit_wildcards);
            mahjong_waits, MahjongWaits(
                crate::server::pb::MahjongWaitsRequest = 7
                    => crate::server::wire::MahjongWaitsResponse = 8
            ), crate::server::mahjong::waits, inline;
            mahjong_analyze, MahjongAnalyze(
                crate::server::pb::MahjongAnalyzeRequest = 8
                    => crate::server::wire::MahjongAnalyzeResponse = 9
            ), crate::server::mahjong::analyze, inline;
            mahjong_score, MahjongScore(
                crate::server::pb::MahjongScoreRequest = 9
                    => crate::server::pb::MahjongScoreResponse = 10
            ), crate::server::mahjong::score, inline;
            next_actions, NextActions(
                crate::server::pb::NextActionsRequest = 10
                    => crate::server::pb::NextActionsResponse = 11
            ), crate::server::doudizhu::game::next_actions,
                (pool_if crate::server::blocking::next_actions);
            adjudicate_game, AdjudicateGame(
                crate::server::pb::AdjudicateGameRequest = 11
                    => crate::server::pb::AdjudicateGameResponse = 12
            ), crate::server::doudizhu::game::adjudicate_game,
                (pool_if crate::server::blocking::adjudicate_game);
        }
    };
}

pub(super) use rpcs;

#[cfg(test)]
mod tests {
    use prost::Message;
    use prost_types::{FileDescriptorProto, FileDescriptorSet};

    use crate::server::pb;

    /// The table's rows as (method, request field number, response field number).
    macro_rules! rows {
        (
            $(
                $method:ident,
                $variant:ident($req:ty = $req_tag:literal => $resp:ty = $resp_tag:literal),
                $handler:path, $runs:tt;
            )*
        ) => {
            [$((stringify!($method), $req_tag, $resp_tag)),*]
        };
    }

    fn file() -> FileDescriptorProto {
        let set = FileDescriptorSet::decode(pb::FILE_DESCRIPTOR_SET).unwrap();
        set.file
            .into_iter()
            .find(|file| file.name() == "cardrules/v1/batch.proto")
            .expect("batch.proto in the descriptor set")
    }

    /// The members of `message`'s only oneof, as (name, number).
    fn oneof_members(file: &FileDescriptorProto, message: &str) -> Vec<(String, i32)> {
        let message = file
            .message_type
            .iter()
            .find(|m| m.name() == message)
            .unwrap_or_else(|| panic!("{message} in batch.proto"));
        message
            .field
            .iter()
            .filter(|field| field.oneof_index.is_some())
            .map(|field| (field.name().to_owned(), field.number()))
            .collect()
    }

    #[test]
    fn the_tables_field_numbers_are_the_batch_oneofs_of_the_proto() {
        let file = file();
        let rows = rpcs!(rows);
        let items: Vec<(String, i32)> = rows
            .iter()
            .map(|&(method, item, _)| (method.to_owned(), item))
            .collect();
        let results: Vec<(String, i32)> = rows
            .iter()
            .map(|&(method, _, result)| (method.to_owned(), result))
            .collect();
        assert_eq!(items, oneof_members(&file, "BatchItem"));
        assert_eq!(results, oneof_members(&file, "BatchResult"));
    }

    #[test]
    fn the_table_lists_every_unary_method_of_the_service() {
        let set = FileDescriptorSet::decode(pb::FILE_DESCRIPTOR_SET).unwrap();
        let service = set
            .file
            .iter()
            .flat_map(|file| &file.service)
            .find(|service| service.name() == "CardRulesService")
            .expect("CardRulesService in the descriptor set");
        // The service's method names in snake case, as the table and the oneofs spell them.
        let unary: Vec<String> = service
            .method
            .iter()
            .filter(|method| !method.client_streaming() && !method.server_streaming())
            .map(|method| {
                let mut name = String::new();
                for c in method.name().chars() {
                    if c.is_ascii_uppercase() && !name.is_empty() {
                        name.push('_');
                    }
                    name.push(c.to_ascii_lowercase());
                }
                name
            })
            .collect();
        let table: Vec<&str> = rpcs!(rows).iter().map(|&(method, _, _)| method).collect();
        assert_eq!(unary, table);
    }
}
