//! Timers shared by several processes, claimed with leases so that each fires in one.
//!
//! A table's next timer is kept with the table (`tables.due_at`, table time, written by every
//! commit). A process claims the due ones for a while (`lease_until`, wall clock) before it
//! fires them; its commit clears the lease, and a visit that fired nothing hands the table
//! back with [`release_timer`](PgStore::release_timer). A process that dies holding a lease
//! holds it only until it runs out. Other timers (digests, lobbies, tournament rounds) are
//! claimed by name in `leases`. Exactly once is the revision check's work: a process that
//! fires a timer another one fired meanwhile finds its commit refused, reads the table again
//! and finds nothing due.

use super::{Kind, PgStore, id, millis, pg_err, pool_err};
use crate::table::StoreError;
use crate::table::timing::next_deadline;

impl PgStore {
    /// Claims the open tables of channels starting with `prefix` whose timer is due by `now`
    /// (table time) and that no other process holds at `wall_now`, until `wall_now + lease`:
    /// their channels, soonest due first.
    pub(super) fn claim_due(
        &self,
        prefix: &str,
        now: u64,
        wall_now: u64,
        lease: u64,
    ) -> Result<Vec<String>, StoreError> {
        let pool = self.pool.clone();
        let owner = self.owner.clone();
        // LIKE needs its wildcards escaped in the prefix.
        let pattern = format!(
            "{}%",
            prefix
                .replace('\\', "\\\\")
                .replace('%', "\\%")
                .replace('_', "\\_")
        );
        let (now, wall_now, until) = (
            millis(now),
            millis(wall_now),
            millis(wall_now.saturating_add(lease)),
        );
        self.run(async move {
            let client = pool.get().await.map_err(pool_err)?;
            let rows = client
                .query(
                    "UPDATE tables SET lease_owner = $1, lease_until = $2
                     WHERE id IN (
                         SELECT id FROM tables
                         WHERE due_at <= $3 AND is_open AND channel LIKE $4
                           AND (lease_until IS NULL OR lease_until < $5 OR lease_owner = $1)
                         ORDER BY due_at LIMIT 500
                         FOR UPDATE SKIP LOCKED)
                     RETURNING channel, due_at",
                    &[&owner, &until, &now, &pattern, &wall_now],
                )
                .await
                .map_err(pg_err)?;
            let mut due: Vec<(i64, String)> = rows.iter().map(|r| (r.get(1), r.get(0))).collect();
            due.sort();
            Ok(due.into_iter().map(|(_, channel)| channel).collect())
        })
    }

    /// Writes the table's next timer as of `now` (table time) and lets go of its lease, if
    /// the table is still as this process last saw it (otherwise its newer commit already
    /// did both).
    pub(super) fn release_timer(
        &self,
        table: &crate::table::Table,
        now: u64,
    ) -> Result<(), StoreError> {
        let Some(known) = self.known(Kind::Table, &table.id.to_string()) else {
            return Ok(());
        };
        let due = next_deadline(table, now).map(millis);
        let (pool, table) = (self.pool.clone(), id(table.id)?);
        self.run(async move {
            let client = pool.get().await.map_err(pool_err)?;
            client
                .execute(
                    "UPDATE tables SET due_at = $2, lease_owner = NULL, lease_until = NULL
                     WHERE id = $1 AND revision = $3",
                    &[&table, &due, &known],
                )
                .await
                .map_err(pg_err)?;
            Ok(())
        })
    }

    /// Claims the timer `name` until `wall_now + lease` unless another process holds it:
    /// whether this process may fire it.
    pub(super) fn claim_named(
        &self,
        name: &str,
        wall_now: u64,
        lease: u64,
    ) -> Result<bool, StoreError> {
        let (pool, owner, name) = (self.pool.clone(), self.owner.clone(), name.to_string());
        let (wall_now, until) = (millis(wall_now), millis(wall_now.saturating_add(lease)));
        self.run(async move {
            let client = pool.get().await.map_err(pool_err)?;
            let claimed = client
                .query_opt(
                    "INSERT INTO leases (name, owner, until) VALUES ($1, $2, $3)
                     ON CONFLICT (name) DO UPDATE SET owner = EXCLUDED.owner, until = EXCLUDED.until
                     WHERE leases.until < $4 OR leases.owner = EXCLUDED.owner
                     RETURNING owner",
                    &[&name, &owner, &until, &wall_now],
                )
                .await
                .map_err(pg_err)?;
            Ok(claimed.is_some())
        })
    }
}
