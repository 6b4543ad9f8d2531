//! # spieltisch
//!
//! A chat bot that seats the board games of the old German platform BrettspielWelt at tables in
//! chat channels (the local console, Discord, Matrix).
//!
//! How it is built — the layers and the arrows between them, the one path of every change, who
//! may see what, where each module lives and what a new game touches — is described once, in
//! `docs/architecture.md`; what players and operators do with it in `docs/playing.md` and
//! `docs/operating.md`.

pub mod app;
pub mod bench;
pub mod bots;
pub mod chat;
pub mod config;
pub mod games;
pub mod i18n;
pub mod league;
pub mod ops;
pub mod render;
pub mod store;
pub mod table;
pub mod telemetry;
