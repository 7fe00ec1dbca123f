//! `MahjongAnalyzeRequest` from arbitrary bytes, answered by the service's own `mahjong_analyze` handler.
#![no_main]

use cardrules::server::CardRules;
use cardrules::server::pb::MahjongAnalyzeRequest;
use cardrules::server::pb::card_rules_service_server::CardRulesService;
use libfuzzer_sys::fuzz_target;

// The per-suit tables are built once, before fuzzing starts, as the server builds them at
// start-up: in an unoptimised, instrumented build the build takes about 10 s of CPU (15-25 ms in
// release), and done by the first input it counted against the run's time and that input's
// `-timeout`. libFuzzer starts its clock after `init`.
fuzz_target!(init: cardrules::mahjong::warm_up(), |data: &[u8]| {
    cardrules_fuzz::check_rpc(data, |request: tonic::Request<MahjongAnalyzeRequest>| async move {
        CardRules.mahjong_analyze(request).await
    });
});
