//! `NextActionsRequest` from arbitrary bytes, answered by the service's own `next_actions` handler.
#![no_main]

use cardrules::server::CardRules;
use cardrules::server::pb::NextActionsRequest;
use cardrules::server::pb::card_rules_service_server::CardRulesService;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    cardrules_fuzz::check_rpc(data, |request: tonic::Request<NextActionsRequest>| async move {
        CardRules.next_actions(request).await
    });
});
