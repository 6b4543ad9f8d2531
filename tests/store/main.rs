//! The stores: one suite run against sled and PostgreSQL, PostgreSQL with several processes,
//! faults (a full disk, restarts), and timers that survive kill -9.

// matrix-sdk's futures (tests/support/matrix.rs) are deeply nested types.
#![recursion_limit = "256"]

#[path = "../support/mod.rs"]
mod support;

mod faults;
mod postgres;
mod suite;
mod timers_survive;
