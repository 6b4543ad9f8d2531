//! Running the bot for a community: the operator's endpoint (metrics, liveness, readiness)
//! and `spieltisch health`; the clean stop on SIGTERM — against the real binary.

#[path = "../support/mod.rs"]
mod support;

mod endpoint;
mod shutdown;
