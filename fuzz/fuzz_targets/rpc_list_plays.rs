//! `ListPlaysRequest` from arbitrary bytes, answered by the service's own `list_plays` handler.
#![no_main]

use cardrules::server::CardRules;
use cardrules::server::wire::ListPlaysRequest;
use cardrules::server::pb::card_rules_service_server::CardRulesService;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    cardrules_fuzz::check_rpc(data, |request: tonic::Request<ListPlaysRequest>| async move {
        CardRules.list_plays(request).await
    });
});
