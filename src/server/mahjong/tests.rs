//! The shared parsing's quick paths against the general ones.

use super::{parse_rules, quick_tiles, read_tiles};
use crate::mahjong::{Preset, RuleOverrides, Rules};
use crate::server::pb;
use crate::tiles::parse_tiles;

/// On texts of digits, suit letters of both cases, spaces and other characters, the quick
/// reading is the core parser's whenever it reads the text at all, and it reads every text
/// without spaces that the core parser reads.
#[test]
fn quick_tiles_read_as_the_core_parser() {
    const ALPHABET: &[u8] = b"0123456789012345678901234567890123456789mpszMPSZmpsz xq\t";
    let mut x = 0x2545_f491_4f6c_dd1du64;
    let mut quick = 0;
    for _ in 0..20_000 {
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let len = (next() % 24) as usize;
        let mut text: String = (0..len)
            .map(|_| char::from(ALPHABET[(next() % ALPHABET.len() as u64) as usize]))
            .collect();
        if next() % 4 == 0 {
            text.push('ä');
        }
        let core = parse_tiles(&text);
        match quick_tiles(text.as_bytes()) {
            Some(tiles) => {
                assert_eq!(Ok(&tiles), core.as_ref(), "{text:?}");
                quick += 1;
            }
            None => assert!(
                core.is_err() || text.contains([' ', '\t']),
                "{text:?} is read by the core parser only: {core:?}"
            ),
        }
        assert_eq!(read_tiles(&text), core, "{text:?}");
    }
    assert!(quick > 800, "{quick} read quickly");
}

/// A preset alone gives the preset's rules, as through the overrides; an unknown preset is
/// still refused.
#[test]
fn a_preset_alone_is_its_rules() {
    for (value, preset) in [
        (0, Preset::Riichi),
        (1, Preset::Riichi),
        (2, Preset::Guobiao),
        (3, Preset::Sichuan),
        (4, Preset::Hongzhong),
    ] {
        let rules = pb::MahjongRules {
            preset: value,
            ..Default::default()
        };
        let general = Rules::with_overrides(preset, &RuleOverrides::default()).unwrap();
        assert_eq!(parse_rules(Some(&rules)).unwrap(), general, "{preset:?}");
    }
    assert_eq!(parse_rules(None).unwrap(), Rules::preset(Preset::Riichi));
    let unknown = pb::MahjongRules {
        preset: 9,
        ..Default::default()
    };
    assert_eq!(
        parse_rules(Some(&unknown)).unwrap_err().to_string(),
        "rules.preset: unknown preset value 9"
    );
}
