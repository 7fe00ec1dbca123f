//! `MahjongWaitsRequest` from arbitrary bytes, answered by the service's own `mahjong_waits` handler.
#![no_main]

use cardrules::server::CardRules;
use cardrules::server::pb::MahjongWaitsRequest;
use cardrules::server::pb::card_rules_service_server::CardRulesService;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    cardrules_fuzz::check_rpc(data, |request: tonic::Request<MahjongWaitsRequest>| async move {
        CardRules.mahjong_waits(request).await
    });
});
