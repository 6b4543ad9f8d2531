//! Store implementations of the table layer's storage port ([`Store`]).
//!
//! [`SledStore`] is the embedded default: every commit is one sled transaction, then one
//! `fdatasync` of sled's files shared by the commits that arrive together ([`GroupSync`]).
//! [`PgStore`] keeps everything in PostgreSQL, for several bot processes sharing one
//! database. [`open`] picks one from the configuration; [`migrate`] copies sled into
//! PostgreSQL.

pub mod dump;
mod group;
mod migrate;
mod postgres;
mod sled_store;

use std::path::Path;
use std::sync::Arc;

pub use group::GroupSync;
pub use migrate::{Migration, migrate};
pub use postgres::{PgStore, SCHEMA_VERSION};
pub use sled_store::SledStore;

pub use crate::league::Store;
pub use crate::table::StoreError;

/// Runs the commit `write` of the store named `store`, its time recorded when it succeeds.
fn timed<T>(
    store: &'static str,
    write: impl FnOnce() -> Result<T, StoreError>,
) -> Result<T, StoreError> {
    let started = std::time::Instant::now();
    let written = write()?;
    crate::telemetry::seconds(
        crate::telemetry::STORE_COMMIT_SECONDS,
        &[("store", store)],
        started.elapsed(),
    );
    Ok(written)
}

/// Opens the store the configuration names: PostgreSQL when `url` is set, otherwise sled
/// in `data_dir`. The error is one line naming the problem.
pub fn open(url: Option<&str>, data_dir: &Path) -> Result<Arc<dyn Store>, String> {
    match url.map(str::trim).filter(|u| !u.is_empty()) {
        Some(url) if url.starts_with("postgres://") || url.starts_with("postgresql://") => {
            PgStore::open(url)
                .map(|s| Arc::new(s) as Arc<dyn Store>)
                .map_err(|e| format!("the PostgreSQL store cannot be used: {e}"))
        }
        Some(_) => Err(
            "the store URL must start with postgres:// (or leave it unset for sled in data_dir)"
                .into(),
        ),
        None => SledStore::open(data_dir)
            .map(|s| Arc::new(s) as Arc<dyn Store>)
            .map_err(|e| e.to_string()),
    }
}
