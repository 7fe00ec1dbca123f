//! `MahjongScoreRequest` from arbitrary bytes, answered by the service's own `mahjong_score` handler.
#![no_main]

use cardrules::server::CardRules;
use cardrules::server::pb::MahjongScoreRequest;
use cardrules::server::pb::card_rules_service_server::CardRulesService;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    cardrules_fuzz::check_rpc(data, |request: tonic::Request<MahjongScoreRequest>| async move {
        CardRules.mahjong_score(request).await
    });
});
