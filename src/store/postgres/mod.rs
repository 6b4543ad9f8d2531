//! The PostgreSQL store: one database that several bot processes share.
//!
//! Rows mirror sled's trees (`migrations/`), each record the same JSON text sled holds. The
//! store keeps the table layer's synchronous port: every call runs on the store's own small
//! Tokio runtime, over a pool of connections (`tokio-postgres` with `deadpool`), and the
//! calling thread waits for the answer — as it waits for sled's `fdatasync`.
//!
//! **Durability.** A table's commit is one statement, committed on its own (a move of an open
//! table that stays in its channel with the same people writes only the table row and its log
//! entry); other writes are one transaction each. PostgreSQL commits only once its write-ahead log is flushed
//! (`synchronous_commit = on`, the default) and the driver answers only after the server says
//! it is ready again, which follows the commit, so the reply that follows never announces a
//! change a crash could lose.
//!
//! **Several processes.** Tables, tournaments and ratings carry a `revision`. The store
//! remembers the revision of every such row it read or wrote; a write names the revision it
//! builds on and fails with [`StoreError::Conflict`] when another process wrote the row
//! meanwhile, gave its channel another table or opened one where a new table was to go (the
//! service then reads it again and decides once more). A table read again by a process that
//! holds a version of it comes back without its record while that version is still the
//! channel's. Timers are claimed
//! with leases (`leases.rs`), so each fires in one process.
//!
//! **Failures.** A lost connection fails the operation with [`StoreError::Db`] (the player
//! hears "try again") and the pool opens a new connection for the next one.

mod chat;
mod dump;
mod league;
mod leases;
mod port;
mod schema;
mod write;

use std::collections::HashMap;
use std::future::Future;
use std::str::FromStr;
use std::sync::{Mutex, PoisonError};
use std::time::Duration;

use deadpool_postgres::{Manager, ManagerConfig, Pool, RecyclingMethod, Runtime};
use tokio_postgres::NoTls;

use crate::table::StoreError;

pub use schema::SCHEMA_VERSION;

/// How long a command waits for a free connection, or for a new one to open.
const CONNECT_WAIT: Duration = Duration::from_secs(5);

/// Rows the store remembers the revision of: (kind, key) → revision.
type Revisions = HashMap<(Kind, String), i64>;

/// Where each open table stood as this process last read or wrote it: table id → (revision,
/// channel, who sits there). A move that changes neither leaves the channel and the seats as
/// they are stored.
type Placements = HashMap<i64, (i64, String, Vec<String>)>;

/// The kinds of versioned rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Kind {
    Table,
    Tournament,
    Rating,
}

impl Kind {
    /// The kind in words, for messages.
    fn name(self) -> &'static str {
        match self {
            Kind::Table => "table",
            Kind::Tournament => "tournament",
            Kind::Rating => "rating",
        }
    }
}

/// A [`Store`](crate::store::Store) on PostgreSQL.
pub struct PgStore {
    /// The runtime the database calls run on; taken (and shut down without waiting) on drop,
    /// which may happen inside another runtime.
    runtime: Option<tokio::runtime::Runtime>,
    handle: tokio::runtime::Handle,
    pool: Pool,
    /// The revision of each versioned row as this process last read or wrote it.
    revisions: Mutex<Revisions>,
    /// The open tables' channels and seats at those revisions.
    placements: Mutex<Placements>,
    /// This process's name in the leases it takes.
    owner: String,
    /// Where the database is, without the password (for messages).
    place: String,
}

impl std::fmt::Debug for PgStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PgStore")
            .field("database", &self.place)
            .finish()
    }
}

impl Drop for PgStore {
    fn drop(&mut self) {
        if let Some(runtime) = self.runtime.take() {
            runtime.shutdown_background();
        }
    }
}

fn db_err(e: impl std::fmt::Display) -> StoreError {
    StoreError::Db(e.to_string())
}

/// A database error in words: the server's own message when it sent one (the driver's
/// `Display` says only "db error").
fn pg_err(e: tokio_postgres::Error) -> StoreError {
    match e.as_db_error() {
        Some(db) => StoreError::Db(format!("{}: {}", db.code().code(), db.message())),
        None => StoreError::Db(e.to_string()),
    }
}

fn pool_err(e: deadpool_postgres::PoolError) -> StoreError {
    match e {
        deadpool_postgres::PoolError::Backend(e) => pg_err(e),
        deadpool_postgres::PoolError::Timeout(_) => {
            StoreError::Db("no database connection (timed out)".into())
        }
        other => db_err(other),
    }
}

/// A row id (u64 in the table layer, BIGINT in the database).
fn id(value: u64) -> Result<i64, StoreError> {
    i64::try_from(value).map_err(|_| db_err(format!("id {value} is too large for the database")))
}

/// A time in ms as the database keeps it (times past the year 292 million saturate).
fn millis(at: u64) -> i64 {
    i64::try_from(at).unwrap_or(i64::MAX)
}

/// A number read back from the database.
fn unsigned(value: i64) -> u64 {
    u64::try_from(value).unwrap_or(0)
}

fn decode<T: serde::de::DeserializeOwned>(key: String, text: &str) -> Result<T, StoreError> {
    serde_json::from_str(text).map_err(|e| StoreError::Corrupt {
        key,
        reason: e.to_string(),
    })
}

fn encode<T: serde::Serialize>(value: &T) -> Result<String, StoreError> {
    serde_json::to_string(value).map_err(db_err)
}

/// The URL without its password, for messages and logs.
fn redacted(url: &str) -> String {
    match tokio_postgres::Config::from_str(url) {
        Ok(c) => {
            let hosts: Vec<String> = c
                .get_hosts()
                .iter()
                .map(|h| match h {
                    tokio_postgres::config::Host::Tcp(h) => h.clone(),
                    tokio_postgres::config::Host::Unix(p) => p.display().to_string(),
                })
                .collect();
            let port = c.get_ports().first().copied().unwrap_or(5432);
            format!(
                "postgres://{}@{}:{port}/{}",
                c.get_user().unwrap_or("?"),
                hosts.join(","),
                c.get_dbname().unwrap_or("?")
            )
        }
        Err(_) => "an unreadable PostgreSQL URL".into(),
    }
}

impl PgStore {
    /// Connects to the database at `url` (`postgres://user:password@host:port/db`), brings
    /// its schema up to date ([`SCHEMA_VERSION`]) and checks that it works. A database whose
    /// schema is newer than this program is refused.
    pub fn open(url: &str) -> Result<PgStore, StoreError> {
        let place = redacted(url);
        let mut config = tokio_postgres::Config::from_str(url)
            .map_err(|e| db_err(format!("{place} is not a PostgreSQL URL: {e}")))?;
        if config.get_connect_timeout().is_none() {
            config.connect_timeout(CONNECT_WAIT);
        }
        if config.get_application_name().is_none() {
            config.application_name("spieltisch");
        }
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name("spieltisch-postgres")
            .enable_all()
            .build()
            .map_err(db_err)?;
        let manager = Manager::from_config(
            config,
            NoTls,
            ManagerConfig {
                recycling_method: RecyclingMethod::Fast,
            },
        );
        let pool = Pool::builder(manager)
            .max_size(16)
            .runtime(Runtime::Tokio1)
            .wait_timeout(Some(CONNECT_WAIT))
            .create_timeout(Some(CONNECT_WAIT))
            .recycle_timeout(Some(CONNECT_WAIT))
            .build()
            .map_err(db_err)?;
        let store = PgStore {
            handle: runtime.handle().clone(),
            runtime: Some(runtime),
            pool,
            revisions: Mutex::new(HashMap::new()),
            placements: Mutex::new(HashMap::new()),
            owner: format!(
                "{}:{}:{:x}",
                std::env::var("HOSTNAME").unwrap_or_else(|_| "host".into()),
                std::process::id(),
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |d| d.subsec_nanos())
            ),
            place: place.clone(),
        };
        let pool = store.pool.clone();
        store
            .run(async move { schema::migrate(&pool).await })
            .map_err(|e| match e {
                StoreError::Db(reason) => StoreError::Db(format!("{place}: {reason}")),
                other => other,
            })?;
        tracing::info!(database = %store.place, "PostgreSQL store open");
        Ok(store)
    }

    /// Where the database is (the URL without its password).
    pub fn place(&self) -> &str {
        &self.place
    }

    /// Runs `work` on the store's runtime and waits for it. Safe from any thread: one of
    /// Tokio's blocking threads, a plain thread, a test.
    fn run<T, F>(&self, work: F) -> Result<T, StoreError>
    where
        T: Send + 'static,
        F: Future<Output = Result<T, StoreError>> + Send + 'static,
    {
        let (tx, rx) = std::sync::mpsc::sync_channel(1);
        self.handle.spawn(async move {
            let _ = tx.send(work.await);
        });
        rx.recv().map_err(|_| db_err("the database task stopped"))?
    }

    /// The revision of a row as this process last saw it.
    fn known(&self, kind: Kind, key: &str) -> Option<i64> {
        self.revisions
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(&(kind, key.to_string()))
            .copied()
    }

    /// Where the open tables stood at the revisions remembered.
    fn placements(&self) -> std::sync::MutexGuard<'_, Placements> {
        self.placements
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// Remembers the revisions just read or written.
    fn remember(&self, seen: impl IntoIterator<Item = (Kind, String, i64)>) {
        let mut revisions = self
            .revisions
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        for (kind, key, revision) in seen {
            revisions.insert((kind, key), revision);
        }
    }
}
