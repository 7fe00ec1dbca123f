//! Mahjong tile notation (MPSZ): `parse_tiles` and one tile (`Tile::from_str`).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| cardrules_fuzz::notation::tile_notation(data));
