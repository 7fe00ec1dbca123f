//! The wire types against the proto's descriptor, the one schema: a test here fails when a
//! message the server reads or writes through [`super`] gains, loses, renames, renumbers or
//! retypes a field that its wire type does not follow.
//!
//! The types the `message!` macro makes are compared field by field through their `FIELDS`.
//! The Batch stream's items and results (`batch.rs`, written by hand around their oneofs) are
//! checked by what they do: each field of the descriptor, alone in a message, must be read and
//! written back byte for byte, into the member of the oneof named after it, and a field number
//! the descriptor lacks must be skipped. Which types to check is read from the generated server
//! code and the types' own fields, so a wire type cannot be left out.

use std::collections::{BTreeMap, BTreeSet};

use prost::Message;
use prost::encoding::{WireType, encode_key, encode_varint};
use prost_types::field_descriptor_proto::{Label, Type};
use prost_types::{DescriptorProto, FieldDescriptorProto, FileDescriptorSet};

use super::{
    BatchItem, BatchRequest, BatchResponse, BatchResult, CompareCombosRequest,
    CompareCombosResponse, DealResponse, DealtHand, DoudizhuCombo, ListPlaysRequest,
    ListPlaysResponse, ListedPlay, MahjongAnalyzeResponse, MahjongWaitsResponse,
    ValidatePlayRequest, ValidatePlayResponse, WireField, analyze,
};
use crate::server::pb;

/// The `message!` types, by name.
const MACRO_TYPES: &[(&str, &[WireField])] = &[
    ("ValidatePlayRequest", ValidatePlayRequest::FIELDS),
    ("CompareCombosRequest", CompareCombosRequest::FIELDS),
    ("ListPlaysRequest", ListPlaysRequest::FIELDS),
    ("DealtHand", DealtHand::FIELDS),
    ("DealResponse", DealResponse::FIELDS),
    ("DoudizhuCombo", DoudizhuCombo::FIELDS),
    ("ValidatePlayResponse", ValidatePlayResponse::FIELDS),
    ("CompareCombosResponse", CompareCombosResponse::FIELDS),
    ("ListedPlay", ListedPlay::FIELDS),
    ("ListPlaysResponse", ListPlaysResponse::FIELDS),
    ("ImprovingTile", analyze::IMPROVING_TILE_FIELDS),
    ("DiscardOption", analyze::DISCARD_OPTION_FIELDS),
    ("MahjongAnalyzeResponse", MahjongAnalyzeResponse::FIELDS),
    ("BatchRequest", BatchRequest::FIELDS),
    ("BatchResponse", BatchResponse::FIELDS),
];

/// The types written by hand, checked by [`reads_and_writes_every_field`].
const HAND_WRITTEN: &[&str] = &["BatchItem", "BatchResult"];

/// The answers kept as their bytes, read as the generated type reads them and written in one
/// pass by code that its own tests compare with prost's encoding of the generated type (for
/// `MahjongWaitsResponse`: `server/mahjong/waits/tests.rs`); checked here by
/// [`encoded_answers_read_and_write_every_field`].
const ENCODED: &[&str] = &["MahjongWaitsResponse"];

/// The messages of `cardrules.v1`, by name.
fn descriptor() -> BTreeMap<String, DescriptorProto> {
    let set = FileDescriptorSet::decode(pb::FILE_DESCRIPTOR_SET).unwrap();
    set.file
        .into_iter()
        .filter(|file| file.package() == "cardrules.v1")
        .flat_map(|file| file.message_type)
        .map(|message| (message.name().to_owned(), message))
        .collect()
}

/// The last name in a type path: `.cardrules.v1.DoudizhuRules` or `Option < pb :: DoudizhuRules
/// >` gives `DoudizhuRules`.
fn last_name(path: &str) -> &str {
    path.split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .rfind(|name| !name.is_empty())
        .unwrap_or_default()
}

/// A field as (number, name, kind, repeated, message type), from the descriptor.
fn from_descriptor(field: &FieldDescriptorProto) -> (u32, String, String, bool, String) {
    let kind = match field.r#type() {
        Type::String => "string",
        Type::Int32 => "int32",
        // An enum is an int32 on the wire; its value names are for JSON, which reflection serves
        // from the descriptor.
        Type::Enum => "int32",
        Type::Uint32 => "uint32",
        Type::Uint64 => "uint64",
        Type::Bool => "bool",
        Type::Fixed64 => "fixed64",
        Type::Message => "message",
        other => other.as_str_name(),
    };
    // A proto3 `optional` scalar keeps its presence, which a plain field of the macro does not.
    let kind = if field.proto3_optional() {
        format!("optional {kind}")
    } else {
        kind.to_owned()
    };
    let message = match field.r#type() {
        Type::Message => last_name(field.type_name()).to_owned(),
        _ => String::new(),
    };
    let number = u32::try_from(field.number()).unwrap();
    let repeated = field.label() == Label::Repeated;
    (number, field.name().to_owned(), kind, repeated, message)
}

/// A field as (number, name, kind, repeated, message type), from a wire type.
fn from_wire(field: &WireField) -> (u32, String, String, bool, String) {
    let message = match field.kind {
        "message" => last_name(field.rust_type).to_owned(),
        _ => String::new(),
    };
    let name = field.name.trim_start_matches("r#").to_owned();
    let kind = field.kind.to_owned();
    (field.number, name, kind, field.repeated, message)
}

#[test]
fn each_macro_type_has_exactly_its_messages_fields() {
    let messages = descriptor();
    for (name, fields) in MACRO_TYPES {
        let message = messages
            .get(*name)
            .unwrap_or_else(|| panic!("no message cardrules.v1.{name} in the proto"));
        let mut want: Vec<_> = message.field.iter().map(from_descriptor).collect();
        let mut have: Vec<_> = fields.iter().map(from_wire).collect();
        want.sort();
        have.sort();
        assert_eq!(
            have, want,
            "wire::{name} (left) does not read and write the fields of cardrules.v1.{name} \
             (right): (number, name, type, repeated, message type)"
        );
    }
}

#[test]
fn every_wire_type_the_server_uses_is_checked() {
    let checked: BTreeSet<&str> = MACRO_TYPES
        .iter()
        .map(|(name, _)| *name)
        .chain(HAND_WRITTEN.iter().copied())
        .chain(ENCODED.iter().copied())
        .collect();
    // The types the generated server takes and answers with.
    let server = include_str!(concat!(env!("OUT_DIR"), "/server/cardrules.v1.rs"));
    let mut used: BTreeSet<&str> = server
        .split("crate::server::wire::")
        .skip(1)
        .map(last_name_at_start)
        // Messages only: `codec::SliceCodec` is the codec module's.
        .filter(|name| name.starts_with(|c: char| c.is_ascii_uppercase()))
        .collect();
    assert!(used.contains("ValidatePlayRequest"), "{used:?}");
    // And the wire types those hold.
    for (_, fields) in MACRO_TYPES {
        for field in *fields {
            let generated = field.rust_type.replace(' ', "").contains("pb::");
            if field.kind == "message" && !generated {
                used.insert(last_name(field.rust_type));
            }
        }
    }
    let unchecked: Vec<_> = used.difference(&checked).collect();
    assert!(
        unchecked.is_empty(),
        "wire types not checked: {unchecked:?}"
    );
}

/// The name at the start of `text`.
fn last_name_at_start(text: &str) -> &str {
    let end = text
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(text.len());
    &text[..end]
}

/// `snake_case` as `CamelCase`: a oneof member's field name as its variant's.
fn camel(name: &str) -> String {
    name.split('_')
        .map(|word| {
            let mut chars = word.chars();
            chars.next().map_or_else(String::new, |first| {
                first.to_uppercase().chain(chars).collect()
            })
        })
        .collect()
}

/// A message of one field, numbered `number`, set to a small value of `field`'s type (an empty
/// message for a message field).
fn lone_field(number: u32, field: Option<&FieldDescriptorProto>) -> Vec<u8> {
    let mut bytes = Vec::new();
    match field.map(FieldDescriptorProto::r#type) {
        Some(Type::Message) | None => {
            encode_key(number, WireType::LengthDelimited, &mut bytes);
            encode_varint(0, &mut bytes);
        }
        Some(Type::String) => {
            encode_key(number, WireType::LengthDelimited, &mut bytes);
            encode_varint(1, &mut bytes);
            bytes.push(b'x');
        }
        Some(_) => {
            encode_key(number, WireType::Varint, &mut bytes);
            encode_varint(1, &mut bytes);
        }
    }
    bytes
}

/// Checks the hand-written `M` against message `name` of the descriptor.
fn check_by_behaviour<M: Message + Default + std::fmt::Debug>(name: &str) {
    let messages = descriptor();
    let message = &messages[name];
    for field in &message.field {
        let number = u32::try_from(field.number()).unwrap();
        let bytes = lone_field(number, Some(field));
        let read = M::decode(bytes.as_slice())
            .unwrap_or_else(|error| panic!("{name}.{}: {error}", field.name()));
        assert_eq!(
            read.encode_to_vec(),
            bytes,
            "wire::{name} does not read and write {name}.{} ({number}) as it came: {read:?}",
            field.name()
        );
        // The field lands in the Rust field, or oneof member, of its name and message type.
        let shown = format!("{read:?}");
        let place = match field.oneof_index {
            Some(index) => format!(
                "{}: Some({}({}",
                message.oneof_decl[index as usize].name(),
                camel(field.name()),
                last_name(field.type_name())
            ),
            None if field.r#type() == Type::Message => {
                format!("{}: Some({}", field.name(), last_name(field.type_name()))
            }
            None => format!("{}: ", field.name()),
        };
        assert!(
            shown.contains(&place),
            "wire::{name} reads {name}.{} ({number}) elsewhere than `{place}`: {shown}",
            field.name()
        );
    }
    // Numbers the descriptor does not have are unknown fields: skipped, not read.
    let numbers: BTreeSet<u32> = message
        .field
        .iter()
        .map(|field| u32::try_from(field.number()).unwrap())
        .collect();
    let highest = numbers.last().copied().unwrap_or(0);
    for number in (1..=highest + 16).filter(|number| !numbers.contains(number)) {
        let read = M::decode(lone_field(number, None).as_slice()).unwrap();
        assert_eq!(
            read.encode_to_vec(),
            Vec::<u8>::new(),
            "wire::{name} reads field {number}, which cardrules.v1.{name} does not have: {read:?}"
        );
    }
}

#[test]
fn reads_and_writes_every_field() {
    check_by_behaviour::<BatchItem>("BatchItem");
    check_by_behaviour::<BatchResult>("BatchResult");
}

/// Each field of an encoded answer, alone, is read and written back as it came; a field number
/// the proto lacks is skipped.
#[test]
fn encoded_answers_read_and_write_every_field() {
    let messages = descriptor();
    let message = &messages["MahjongWaitsResponse"];
    for field in &message.field {
        let number = u32::try_from(field.number()).unwrap();
        let bytes = lone_field(number, Some(field));
        let read = MahjongWaitsResponse::decode(bytes.as_slice()).unwrap();
        assert_eq!(read.encode_to_vec(), bytes, "{}", field.name());
    }
    let read = MahjongWaitsResponse::decode(lone_field(99, None).as_slice()).unwrap();
    assert_eq!(read.encode_to_vec(), Vec::<u8>::new());
}
