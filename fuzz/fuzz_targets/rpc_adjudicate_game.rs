//! `AdjudicateGameRequest` from arbitrary bytes, answered by the service's own `adjudicate_game` handler.
#![no_main]

use cardrules::server::CardRules;
use cardrules::server::pb::AdjudicateGameRequest;
use cardrules::server::pb::card_rules_service_server::CardRulesService;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    cardrules_fuzz::check_rpc(data, |request: tonic::Request<AdjudicateGameRequest>| async move {
        CardRules.adjudicate_game(request).await
    });
});
