//! The chats end to end: the console binary (golden sessions, the docs' examples, whole games
//! in German and Dutch); with the `discord` feature the bot against the fake Discord, and the
//! fake itself against the real serenity client; with the `matrix` feature the bot on a real
//! Synapse (skipped without one).

// matrix-sdk's futures are deeply nested types.
#![recursion_limit = "256"]

#[path = "../support/mod.rs"]
mod support;

mod console;
mod languages_console;

#[cfg(feature = "discord")]
mod discord;
#[cfg(feature = "discord")]
mod discord_deployed;
#[cfg(feature = "discord")]
mod discord_ops;
#[cfg(feature = "discord")]
mod discord_scale;
#[cfg(feature = "discord")]
mod discord_servers;
#[cfg(feature = "discord")]
mod fake_discord;

#[cfg(feature = "matrix")]
mod matrix;
#[cfg(feature = "matrix")]
mod matrix_chat;
#[cfg(feature = "matrix")]
mod matrix_scale;
