//! `FitWildcardsRequest` from arbitrary bytes, answered by the service's own `fit_wildcards` handler.
#![no_main]

use cardrules::server::CardRules;
use cardrules::server::pb::FitWildcardsRequest;
use cardrules::server::pb::card_rules_service_server::CardRulesService;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    cardrules_fuzz::check_rpc(data, |request: tonic::Request<FitWildcardsRequest>| async move {
        CardRules.fit_wildcards(request).await
    });
});
