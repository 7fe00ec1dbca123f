//! `CompareCombosRequest` from arbitrary bytes, answered by the service's own `compare_combos` handler.
#![no_main]

use cardrules::server::CardRules;
use cardrules::server::wire::CompareCombosRequest;
use cardrules::server::pb::card_rules_service_server::CardRulesService;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    cardrules_fuzz::check_rpc(data, |request: tonic::Request<CompareCombosRequest>| async move {
        CardRules.compare_combos(request).await
    });
});
