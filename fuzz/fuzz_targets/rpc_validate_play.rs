//! `ValidatePlayRequest` from arbitrary bytes, answered by the service's own `validate_play` handler.
#![no_main]

use cardrules::server::CardRules;
use cardrules::server::wire::ValidatePlayRequest;
use cardrules::server::pb::card_rules_service_server::CardRulesService;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    cardrules_fuzz::check_rpc(data, |request: tonic::Request<ValidatePlayRequest>| async move {
        CardRules.validate_play(request).await
    });
});
