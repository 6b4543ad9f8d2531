//! # spieltisch
//!
//! A chat bot that seats the board games of the old German platform BrettspielWelt at tables in
//! chat channels. Players type `/join`, `/start` and their moves; the bot checks every move
//! against the rules, keeps every table in sled so nothing is lost on restart, and answers each
//! move with a board image rendered from SVG templates with resvg.
//!
//! ## Architecture (data flows down, replies flow up)
//!
//! ```text
//!  chat adapters (src/chat: console, discord, matrix)   platform types live only there;
//!         │                                             they only translate
//!         │  Command { channel, user, text, private }         ▲ Vec<Reply> per audience
//!         ▼                                                    │
//!  table layer (src/table)   every change: decide (pure) → commit (synced) → project
//!         ▼                  lobby → running → finished; seats, clocks, timers, permissions
//!  games (src/games/<game>)  pure rules: no I/O, no clock, no global RNG; `Game::audience`
//!                            decides every secret
//!  store (src/store)         implements the table layer's `Store` port: sled, synced commits
//!  render (src/render)       the drawing toolkit: SVG layers → PNG (resvg), fonts embedded
//! ```
//!
//! Configuration ([`config`]) is layered: `config/default.toml` (compiled in) → an optional
//! file → `SPIELTISCH_*` environment variables.

pub mod app;
pub mod bench;
pub mod bots;
pub mod chat;
pub mod config;
pub mod games;
pub mod i18n;
pub mod league;
pub mod render;
pub mod store;
pub mod table;
