//! Declared melds from tile notation: `Meld::from_tiles` for each kind and
//! `Meld::from_tiles_any_kind`. The first byte picks the kind and whether the meld is concealed.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| cardrules_fuzz::notation::meld_notation(data));
