//! The table service and what spans tables, through the service's public API on a real sled
//! store with a manual clock: lobbies, moves and refusals, clocks and timers, restarts, limits,
//! languages, notifications, computer players, ratings, tournaments, replays, secrecy.

// matrix-sdk's futures (tests/support/matrix.rs) are deeply nested types.
#![recursion_limit = "256"]

#[path = "../support/mod.rs"]
mod support;

mod bots;
mod keep_moving;
mod komarn;
mod languages;
mod limits;
mod ratings;
mod registration;
mod replay;
mod secrecy;
mod service;
mod time_controls;
mod tournaments;
mod venues;
