//! cardrules: a stateless rules engine for Chinese card and tile games.
//!
//! The rules core ([`cards`], [`tiles`], [`deal`] and the game engines [`doudizhu`] and
//! [`mahjong`]) is plain types and functions with no I/O; `server` is the thin gRPC layer that
//! converts proto messages to core types and maps errors. It is behind the default `server`
//! feature, so a library user can take the core alone (`default-features = false`) without
//! tonic, tokio or protobuf.
//!
//! # Conventions
//!
//! Both engines follow these, and a third game copies them.
//!
//! - **Rules context.** A rule set is a preset plus overrides (`None` keeps the preset's value),
//!   checked once into the value every entry point takes: [`doudizhu::Table`] for Dou Dizhu,
//!   [`mahjong::Rules::with_overrides`] for waits and analysis,
//!   [`mahjong::score::ScoreTable::with_overrides`] for scoring (the tile rules with the options
//!   of their own rule set; the choice of scorer follows from it). An option that cannot be
//!   played is refused with a typed error ([`doudizhu::InvalidRules`],
//!   [`mahjong::score::InvalidScoringRules`]).
//! - **Checked input.** Notation is read once, in the core, into compact types
//!   ([`doudizhu::CardList`] within the game's deck, [`tiles::parse_tiles`],
//!   [`mahjong::score::red_fives`], [`mahjong::Meld::from_tiles`]); the core never computes on a
//!   string. What depends on the rules and the whole input together (copies across a hand and
//!   the cards or tiles already seen, tiles absent from the game) is checked first in each entry
//!   point, before anything is computed.
//! - **Errors.** Typed enums whose `field()` names the input at fault (an argument of the entry
//!   point, or a field of the rules or overrides) with an `index()` within it where there is one;
//!   `Display` says what is wrong in words. The core never spells a request path: the adapter
//!   builds its own (`play[3]`, `melds[2]`, `rules.wildcards`, `guobiao.minimum_fan`) from field
//!   and index, into an [`error::InvalidArgument`].
//! - **Outcomes are not errors.** A well-formed question with a negative answer (an illegal or
//!   losing play, a hand that is not ready, a win that is not valid) is a result value that says
//!   why.
//! - **Surface.** Modules are private and their items re-exported at the engine's root;
//!   `pub mod` only for a namespace a reader addresses by name ([`doudizhu::game`],
//!   [`mahjong::score`] and one per scoring rule set under it).
//! - **Adapters convert only.** `server/<engine>/` decodes the request into core values, calls
//!   the core and formats the answer; every rule decision (defaults, bounds, limits, which
//!   scorer) is in the core. A unary RPC is one row of the server's RPC table (`server/rpcs.rs`),
//!   which drives the service, Batch and the blocking-pool choice.
//! - **No cycles.** No module imports itself through others (`tests/module_graph.rs`).

#[cfg(feature = "server")]
pub mod allocator;
pub mod cards;
pub mod deal;
pub mod doudizhu;
pub mod error;
pub mod mahjong;
#[cfg(feature = "server")]
pub mod server;
pub mod tiles;
