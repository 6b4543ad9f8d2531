//! The games' rules, on their engines alone: every rule of each game pinned, Dvonn's move
//! counts against a second generator, and the conformance suite on every game.

// matrix-sdk's futures (tests/support/matrix.rs) are deeply nested types.
#![recursion_limit = "256"]

#[path = "../support/mod.rs"]
mod support;

mod burg;
mod conformance;
mod donquixote;
mod dvonn;
mod dvonn_perft;
mod komarn;
