//! What the tests share, one concern a file. Every test binary (`tests/<area>/main.rs`) declares
//! it with `#[path = "../support/mod.rs"] mod support;`.
//!
//! - [`service`]: the table service as a test opens it — the one place that does ([`Harness`],
//!   [`setup`]);
//! - [`commands`]: commands to it and what is asked of the replies ([`say`], [`ok`],
//!   [`refused`] by its key, …);
//! - [`clock`]: a bot process's clock, a file the test moves;
//! - [`console`]: the console binary driven by a script or line by line;
//! - [`rules`]: a move played on a game's engine, accepted or refused;
//! - [`conformance`]: the suite every game's engine runs;
//! - [`files`]: the source files, for the tests that read them;
//! - [`pg`] and [`watched`]: a scratch PostgreSQL schema, a store that counts and fails
//!   its writes;
//! - [`process`]: a test that changes its whole process, run in a process of its own;
//! - [`ops`]: the operator's endpoint, scraped and asked as Prometheus and a supervisor do;
//! - [`discord`] with [`fake_discord`] (its own folder, `fake_discord/README.md`), [`matrix`]:
//!   the bot process on the chat platforms, with the features that build them.
#![allow(dead_code)] // each binary uses its own part

pub mod clock;
pub mod commands;
pub mod conformance;
pub mod console;
pub mod files;
pub mod ops;
pub mod pg;
pub mod process;
pub mod rules;
pub mod service;
pub mod watched;

#[cfg(feature = "discord")]
pub mod discord;
#[cfg(feature = "discord")]
pub mod fake_discord;
#[cfg(feature = "matrix")]
pub mod matrix;

#[allow(unused_imports)]
pub use commands::{
    as_admin, as_moderator, assert_refusal, first_move, in_community, legal, next_move, ok,
    ok_with, one, open_game, plain, play_next, privately, refusal, refusal_with, refused,
    refused_with, say, say_with, text, ticked,
};
#[allow(unused_imports)]
pub use service::{Harness, Setup, setup};
