//! The operator's side of a running bot: what a supervisor and a metrics scraper ask of it.
//!
//! - `metrics.rs`: the Prometheus recorder behind the `metrics` facade the other layers record
//!   through (the names: `src/telemetry.rs`).
//! - `health.rs`: liveness and readiness — the store answers a read and a synced write, every
//!   configured chat is connected.
//! - `http.rs`: the endpoint (`[http] listen`): `/metrics`, `/healthz`, `/readyz`.
//! - `probe.rs`: `spieltisch health`, the same readiness for scripts.
//! - `operated.rs`: all of it put together for a running bot ([`operate`]).
//! - `shutdown.rs`: the clean stop on `SIGTERM`/`SIGINT`: no new commands, the work in flight
//!   finished within the grace.
//!
//! Nothing in the application, the league or the table core knows this module: they record
//! through the facade (`crate::telemetry`), which costs nothing while no recorder is installed
//! (no endpoint configured).

pub mod health;
pub mod http;
pub mod metrics;
mod operated;
pub mod probe;
pub mod shutdown;

pub use health::{Check, Health, Report};
pub use operated::{Operated, operate};
pub use shutdown::{Shutdown, Working};
