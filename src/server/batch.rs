//! `Batch`: many requests of the unary RPCs per stream message, each answered by the same handler
//! its unary RPC uses, so the answers are the same by construction.
//!
//! A stream works on one message at a time: it reads a message, answers it (on the worker, or on
//! the blocking pool when an item would go there as a unary call), yields the answer, and only
//! then reads the next message.

use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll, ready};

use tonic::codegen::tokio_stream::Stream;
use tonic::{Code, Status, Streaming};

use super::net::admission::CallSlot;
use super::pb;
use super::rpcs::rpcs;
use super::status::{invalid_argument, join_failed, unless_panicked};
use super::wire::{self, BatchItem, BatchResult, ItemRequest as Item, ItemResponse as Answer};
use crate::error::InvalidArgument;

/// The most items one `BatchRequest` may carry (documented on `BatchRequest`).
pub const MAX_BATCH_ITEMS: usize = 256;

/// From the RPC table: [`answer_item`], [`is_heavy`] and [`NO_REQUEST`].
macro_rules! batch_items {
    (
        $(
            $method:ident, $variant:ident($req:ty = $req_tag:literal => $resp:ty = $resp_tag:literal),
            $handler:path, $runs:tt;
        )*
    ) => {
        /// Answers one item exactly as its unary RPC would.
        fn answer_item(item: BatchItem) -> BatchResult {
            fn reply<Resp>(
                result: Result<Resp, InvalidArgument>,
                wrap: fn(Resp) -> Answer,
            ) -> (pb::BatchStatus, Option<Answer>) {
                match result {
                    Ok(response) => (pb::BatchStatus::default(), Some(wrap(response))),
                    Err(error) => (status_of(&error), None),
                }
            }
            let (status, response) = match item.request {
                $(Some(Item::$variant(r)) => reply($handler(r), Answer::$variant),)*
                None => (
                    status_of(&InvalidArgument::new("request", NO_REQUEST)),
                    None,
                ),
            };
            BatchResult {
                id: item.id,
                status: Some(status),
                response,
            }
        }

        /// Whether `item` would run on the blocking pool as a unary call.
        fn is_heavy(item: &BatchItem) -> bool {
            match &item.request {
                $(Some(Item::$variant(r)) => batch_items!(@on_pool $runs, r),)*
                None => false,
            }
        }

        /// The error of an item without a request: it names every member it could set.
        const NO_REQUEST: &str = batch_items!(@no_request $($method),*);
    };
    (@on_pool inline, $request:ident) => {{
        // An inline RPC's item never needs the pool, whatever it asks.
        let _ = $request;
        false
    }};
    (@on_pool (pool_if $on_pool:path), $request:ident) => {
        $on_pool($request)
    };
    (@no_request $first:ident $(, $rest:ident)*) => {
        concat!(
            "no request set: set one of ",
            stringify!($first)
            $(, ", ", stringify!($rest))*
        )
    };
}

rpcs!(batch_items);

/// The status a unary call gets for `error` (see [`invalid_argument`]), as a batch status.
fn status_of(error: &InvalidArgument) -> pb::BatchStatus {
    let error = error.clone().bounded();
    pb::BatchStatus {
        code: Code::InvalidArgument as i32,
        message: error.to_string(),
        field_violations: error
            .violations
            .iter()
            .map(|v| pb::BatchFieldViolation {
                field: v.field.clone(),
                description: v.description.clone(),
            })
            .collect(),
    }
}

/// Answers every item of `request`, in order.
fn answer_message(request: wire::BatchRequest) -> wire::BatchResponse {
    wire::BatchResponse {
        results: request.items.into_iter().map(answer_item).collect(),
    }
}

/// The answer to a message over [`MAX_BATCH_ITEMS`]: it ends the stream.
fn too_many_items(count: usize) -> Status {
    invalid_argument(InvalidArgument::new(
        "items",
        format!("{count} items in one message; at most {MAX_BATCH_ITEMS}"),
    ))
}

/// The response stream of one `Batch` call.
pub struct BatchStream {
    requests: Streaming<wire::BatchRequest>,
    /// The message being answered on the blocking pool, if any.
    pending: Option<tokio::task::JoinHandle<wire::BatchResponse>>,
    /// Set once the stream has ended (with an error or the client's end of stream).
    done: bool,
    /// The call's slot: each message sent to the blocking pool holds it too, until its work ends.
    slot: Option<CallSlot>,
}

impl BatchStream {
    /// Answers the messages of `requests`, holding the call's `slot`.
    pub fn new(requests: Streaming<wire::BatchRequest>, slot: Option<CallSlot>) -> BatchStream {
        BatchStream {
            requests,
            pending: None,
            done: false,
            slot,
        }
    }
}

impl Stream for BatchStream {
    type Item = Result<wire::BatchResponse, Status>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        if self.done {
            return Poll::Ready(None);
        }
        if let Some(pending) = self.pending.as_mut() {
            let answered = ready!(Pin::new(pending).poll(cx));
            self.pending = None;
            return Poll::Ready(Some(answered.map_err(|error| {
                self.done = true;
                join_failed(error)
            })));
        }
        let request = match ready!(Pin::new(&mut self.requests).poll_next(cx)) {
            None => {
                self.done = true;
                return Poll::Ready(None);
            }
            Some(Err(status)) => {
                self.done = true;
                return Poll::Ready(Some(Err(status)));
            }
            Some(Ok(request)) => request,
        };
        if request.items.len() > MAX_BATCH_ITEMS {
            self.done = true;
            return Poll::Ready(Some(Err(too_many_items(request.items.len()))));
        }
        if !request.items.iter().any(is_heavy) {
            let answered = unless_panicked(|| answer_message(request));
            self.done |= answered.is_err();
            return Poll::Ready(Some(answered));
        }
        // As the unary path does: work that grows with the request stays off the workers.
        let slot = self.slot.clone();
        let mut pending = tokio::task::spawn_blocking(move || {
            let _slot = slot;
            answer_message(request)
        });
        match Pin::new(&mut pending).poll(cx) {
            Poll::Ready(answered) => Poll::Ready(Some(answered.map_err(|error| {
                self.done = true;
                join_failed(error)
            }))),
            Poll::Pending => {
                self.pending = Some(pending);
                Poll::Pending
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_item_without_a_request_is_an_invalid_argument_naming_request() {
        let result = answer_item(BatchItem {
            id: 7,
            request: None,
        });
        assert_eq!(result.id, 7);
        let status = result.status.unwrap();
        assert_eq!(status.code, Code::InvalidArgument as i32);
        assert_eq!(status.field_violations[0].field, "request");
        assert_eq!(
            status.field_violations[0].description,
            "no request set: set one of deal, validate_play, compare_combos, list_plays, \
             fit_wildcards, mahjong_waits, mahjong_analyze, mahjong_score, next_actions, \
             adjudicate_game"
        );
        assert!(result.response.is_none());
    }

    #[test]
    fn heavy_items_are_the_ones_the_unary_path_puts_on_the_blocking_pool() {
        let list = |cards: usize| BatchItem {
            id: 0,
            request: Some(Item::ListPlays(wire::ListPlaysRequest {
                hand: std::iter::repeat_n("3", cards).collect(),
                ..Default::default()
            })),
        };
        assert!(!is_heavy(&list(17)));
        assert!(is_heavy(&list(54)));
        let deal = BatchItem {
            id: 0,
            request: Some(Item::Deal(pb::DealRequest::default())),
        };
        assert!(!is_heavy(&deal));
        // Game records: laizi and four-player ones go to the pool, as NextActions and
        // AdjudicateGame send them (`game::on_blocking_pool`).
        let record = |four_players: bool| pb::DoudizhuGameRecord {
            rules: Some(pb::DoudizhuRules {
                game: if four_players {
                    pb::Game::DoudizhuFourPlayer as i32
                } else {
                    0
                },
                ..Default::default()
            }),
            ..Default::default()
        };
        for four_players in [false, true] {
            let next = BatchItem {
                id: 0,
                request: Some(Item::NextActions(pb::NextActionsRequest {
                    record: Some(record(four_players)),
                    ..Default::default()
                })),
            };
            let adjudicate = BatchItem {
                id: 0,
                request: Some(Item::AdjudicateGame(pb::AdjudicateGameRequest {
                    record: Some(record(four_players)),
                })),
            };
            assert_eq!(is_heavy(&next), four_players);
            assert_eq!(is_heavy(&adjudicate), four_players);
        }
        let score = BatchItem {
            id: 0,
            request: Some(Item::MahjongScore(pb::MahjongScoreRequest::default())),
        };
        assert!(!is_heavy(&score));
    }
}
