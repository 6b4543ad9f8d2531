//! The operator's side of a running bot: what a supervisor and a metrics scraper ask of it.
//!
//! - `metrics.rs`: every metric's name, unit and meaning in one place, and the Prometheus
//!   recorder behind the `metrics` facade the other modules record through.
//! - `health.rs`: liveness and readiness — the store answers a read and a synced write, every
//!   configured chat is connected.
//! - `http.rs`: the endpoint (`[http] listen`): `/metrics`, `/healthz`, `/readyz`.
//! - `probe.rs`: `spieltisch health`, the same readiness for scripts.
//!
//! Nothing in the table core or the league knows this module: they record through the facade,
//! which costs nothing while no recorder is installed (no endpoint configured).

pub mod health;
pub mod http;
pub mod metrics;
pub mod probe;

pub use health::{Check, Health, Report};
