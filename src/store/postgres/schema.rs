//! The schema, as embedded migrations applied in order at start.
//!
//! `schema_migrations` lists the versions applied. A start takes a transaction-scoped
//! advisory lock first, so processes starting together apply each migration once; a
//! database with a version this program does not know (a newer program migrated it) is
//! refused rather than written with an older idea of its rows.

use deadpool_postgres::Pool;

use super::{pg_err, pool_err};
use crate::table::StoreError;

/// The migrations, in order: (version, SQL).
const MIGRATIONS: &[(i32, &str)] = &[
    (1, include_str!("migrations/0001_tables.sql")),
    (2, include_str!("migrations/0002_chat.sql")),
    (3, include_str!("migrations/0003_entrants.sql")),
];

/// The schema version this program writes: its newest migration's.
pub const SCHEMA_VERSION: i32 = MIGRATIONS[MIGRATIONS.len() - 1].0;

/// The advisory lock the migrations run under ("spieltisch" in ASCII, truncated).
const MIGRATION_LOCK: i64 = 0x7370_6965_6c74_6973;

/// Brings the schema up to [`SCHEMA_VERSION`].
pub(super) async fn migrate(pool: &Pool) -> Result<(), StoreError> {
    let mut client = pool.get().await.map_err(pool_err)?;
    let tx = client.transaction().await.map_err(pg_err)?;
    tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])
        .await
        .map_err(pg_err)?;
    tx.batch_execute(
        "CREATE TABLE IF NOT EXISTS schema_migrations (
             version INT PRIMARY KEY,
             applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
         )",
    )
    .await
    .map_err(pg_err)?;
    let applied: Vec<i32> = tx
        .query(
            "SELECT version FROM schema_migrations ORDER BY version",
            &[],
        )
        .await
        .map_err(pg_err)?
        .iter()
        .map(|row| row.get(0))
        .collect();
    if let Some(newest) = applied
        .iter()
        .copied()
        .max()
        .filter(|v| *v > SCHEMA_VERSION)
    {
        return Err(StoreError::Db(format!(
            "the database's schema is version {newest}, newer than this program's ({SCHEMA_VERSION}): run a newer spieltisch"
        )));
    }
    for (version, sql) in MIGRATIONS {
        if applied.contains(version) {
            continue;
        }
        tx.batch_execute(sql).await.map_err(pg_err)?;
        tx.execute(
            "INSERT INTO schema_migrations (version) VALUES ($1)",
            &[version],
        )
        .await
        .map_err(pg_err)?;
        tracing::info!(version, "database schema migrated");
    }
    tx.commit().await.map_err(pg_err)
}
