//! The table layer's storage port on PostgreSQL: a table's commit one statement, each other
//! write one transaction, each versioned row written only on top of the revision this process
//! last saw.

use deadpool_postgres::Transaction;
use tokio_postgres::Row;

use super::write::{EntryRow, TableRow, bump, seated, write_table};
use super::{Kind, PgStore, decode, encode, id, millis, pg_err, pool_err, unsigned};
use crate::league::{Prefs, PrefsStore};
use crate::table::timing::next_deadline;
use crate::table::{LogEntry, Reread, StoreError, Table, TableStore};

/// The work of [`PgStore::on_connection`] and [`PgStore::transaction`]: a future borrowing
/// its connection.
pub(super) type Work<'a, T> =
    std::pin::Pin<Box<dyn std::future::Future<Output = Result<T, StoreError>> + Send + 'a>>;

impl PgStore {
    pub(super) fn table_row(
        &self,
        table: &Table,
        entry: Option<&LogEntry>,
    ) -> Result<TableRow, StoreError> {
        // `now` only decides who is away; the change's own time is the right one.
        let now = entry.map_or(0, |e| e.at);
        let (id, seats) = (id(table.id)?, seated(table));
        let known = self.known(Kind::Table, &table.id.to_string());
        let placed = known.is_some_and(|known| {
            self.placements()
                .get(&id)
                .is_some_and(|(revision, channel, sat)| {
                    *revision == known && *channel == table.channel && *sat == seats
                })
        });
        Ok(TableRow {
            id,
            channel: table.channel.clone(),
            open: table.status.is_open(),
            due: next_deadline(table, now).map(millis),
            record: encode(table)?,
            known,
            seats,
            placed,
        })
    }

    /// Remembers where `table` stands at `revision` (only an open one: a closed table's
    /// channel may pass to a new table without its revision changing).
    pub(super) fn note_placement(
        &self,
        table: i64,
        revision: i64,
        channel: &str,
        seats: Vec<String>,
        open: bool,
    ) {
        let mut placements = self.placements();
        if open {
            placements.insert(table, (revision, channel.to_string(), seats));
        } else {
            placements.remove(&table);
        }
    }

    /// A table read from a row of (`id`, `revision`, `record`): its revision and where it
    /// stands remembered.
    fn read_table(&self, row: Option<Row>) -> Result<Option<Table>, StoreError> {
        let revision = row.as_ref().map(|r| r.get::<_, i64>(1));
        let table: Option<Table> = self.versioned(Kind::Table, row)?;
        if let (Some(t), Some(revision)) = (&table, revision) {
            self.note_placement(
                id(t.id)?,
                revision,
                &t.channel,
                seated(t),
                t.status.is_open(),
            );
        }
        Ok(table)
    }

    pub(super) fn entry_row(entry: &LogEntry) -> Result<EntryRow, StoreError> {
        Ok(EntryRow {
            seq: id(entry.seq)?,
            entry: encode(entry)?,
        })
    }

    /// Reads one versioned row (`id`, `revision`, `record`) and remembers its revision.
    pub(super) fn versioned<T: serde::de::DeserializeOwned>(
        &self,
        kind: Kind,
        row: Option<Row>,
    ) -> Result<Option<T>, StoreError> {
        let Some(row) = row else {
            return Ok(None);
        };
        let (id, revision, record): (i64, i64, String) = (row.get(0), row.get(1), row.get(2));
        let value = decode(format!("{} {id}", kind.name()), &record)?;
        self.remember([(kind, id.to_string(), revision)]);
        Ok(Some(value))
    }

    /// The open ones among versioned rows; an unreadable one is logged and skipped, so that
    /// it cannot keep every other one from loading.
    pub(super) fn open_ones<T: serde::de::DeserializeOwned>(
        &self,
        kind: Kind,
        rows: Vec<Row>,
        is_open: impl Fn(&T) -> bool,
    ) -> Vec<T> {
        let mut open = Vec::new();
        for row in rows {
            match self.versioned::<T>(kind, Some(row)) {
                Ok(Some(value)) if is_open(&value) => open.push(value),
                Ok(_) => {}
                Err(e) => tracing::error!(error = %e, "skipping an unreadable {}", kind.name()),
            }
        }
        open
    }

    /// Runs `query` with `params` (owned, so the work can move to the runtime) and returns
    /// the rows.
    pub(super) fn rows(
        &self,
        query: &'static str,
        params: Vec<Box<dyn tokio_postgres::types::ToSql + Send + Sync>>,
    ) -> Result<Vec<Row>, StoreError> {
        let pool = self.pool.clone();
        self.run(async move {
            let client = pool.get().await.map_err(pool_err)?;
            let statement = client.prepare_cached(query).await.map_err(pg_err)?;
            let refs: Vec<&(dyn tokio_postgres::types::ToSql + Sync)> = params
                .iter()
                .map(|p| &**p as &(dyn tokio_postgres::types::ToSql + Sync))
                .collect();
            client.query(&statement, &refs).await.map_err(pg_err)
        })
    }

    /// Runs `work` on a connection of the pool, outside a transaction: each statement is
    /// committed on its own.
    pub(super) fn on_connection<T, W>(&self, work: W) -> Result<T, StoreError>
    where
        T: Send + 'static,
        W: for<'a> FnOnce(&'a deadpool_postgres::Client) -> Work<'a, T> + Send + 'static,
    {
        let pool = self.pool.clone();
        self.run(async move {
            let client = pool.get().await.map_err(pool_err)?;
            work(&client).await
        })
    }

    /// A table's commit (or, with `from`, its move out of that channel): one statement, on
    /// top of the revision this process last saw; remembers the new one.
    fn write(
        &self,
        table: &Table,
        from: Option<&str>,
        entry: Option<&LogEntry>,
    ) -> Result<(), StoreError> {
        let row = self.table_row(table, entry)?;
        let (table_id, open, seats) = (row.id, row.open, row.seats.clone());
        let entry = entry.map(Self::entry_row).transpose()?;
        let from = from.map(str::to_string);
        let revision = self.on_connection(move |client| {
            Box::pin(
                async move { write_table(client, &row, entry.as_ref(), from.as_deref()).await },
            )
        })?;
        self.remember([(Kind::Table, table.id.to_string(), revision)]);
        self.note_placement(table_id, revision, &table.channel, seats, open);
        Ok(())
    }

    /// Runs `work` in one transaction and commits it.
    pub(super) fn transaction<T, W>(&self, work: W) -> Result<T, StoreError>
    where
        T: Send + 'static,
        W: for<'a> FnOnce(&'a Transaction<'a>) -> Work<'a, T> + Send + 'static,
    {
        let pool = self.pool.clone();
        self.run(async move {
            let mut client = pool.get().await.map_err(pool_err)?;
            let tx = client.transaction().await.map_err(pg_err)?;
            let out = work(&tx).await?;
            tx.commit().await.map_err(pg_err)?;
            Ok(out)
        })
    }
}

impl TableStore for PgStore {
    fn new_table_id(&self) -> Result<u64, StoreError> {
        self.on_connection(|client| Box::pin(async move { bump(client, "last_table_id").await }))
            .map(unsigned)
    }

    fn commit(&self, table: &Table, entry: Option<&LogEntry>) -> Result<(), StoreError> {
        crate::store::timed("postgres", || self.write(table, None, entry))
    }

    fn relocate(
        &self,
        table: &Table,
        from: &str,
        entry: Option<&LogEntry>,
    ) -> Result<(), StoreError> {
        self.write(table, Some(from), entry)
    }

    fn current_table(&self, channel: &str) -> Result<Option<Table>, StoreError> {
        let rows = self.rows(
            "SELECT t.id, t.revision, t.record FROM channels c JOIN tables t ON t.id = c.table_id
             WHERE c.channel = $1",
            vec![Box::new(channel.to_string())],
        )?;
        self.read_table(rows.into_iter().next())
    }

    fn current_table_unless(
        &self,
        channel: &str,
        held: Option<(u64, u64)>,
    ) -> Result<Reread, StoreError> {
        let Some((table, revision)) = held else {
            return self
                .current_table(channel)
                .map(|t| Reread::Changed(t.map(Box::new)));
        };
        // The record only when the channel's table is another one or another version.
        let rows = self.rows(
            "SELECT t.id, t.revision,
                 CASE WHEN t.id = $2 AND t.revision = $3 THEN NULL ELSE t.record END
             FROM channels c JOIN tables t ON t.id = c.table_id WHERE c.channel = $1",
            vec![
                Box::new(channel.to_string()),
                Box::new(id(table)?),
                Box::new(id(revision)?),
            ],
        )?;
        match rows.into_iter().next() {
            Some(row) if row.get::<_, Option<String>>(2).is_none() => {
                // What the caller holds is the stored version: the next write builds on it,
                // whatever another read of this process remembered meanwhile.
                self.remember([(Kind::Table, table.to_string(), id(revision)?)]);
                Ok(Reread::Held)
            }
            row => self
                .read_table(row)
                .map(|t| Reread::Changed(t.map(Box::new))),
        }
    }

    fn open_tables(&self) -> Result<Vec<Table>, StoreError> {
        let rows = self.rows(
            "SELECT t.id, t.revision, t.record FROM channels c JOIN tables t ON t.id = c.table_id
             WHERE t.is_open ORDER BY c.channel COLLATE \"C\"",
            Vec::new(),
        )?;
        Ok(self.open_ones(Kind::Table, rows, |t: &Table| t.status.is_open()))
    }

    fn log(&self, table_id: u64) -> Result<Vec<LogEntry>, StoreError> {
        let rows = self.rows(
            "SELECT seq, entry FROM log_entries WHERE table_id = $1 ORDER BY seq",
            vec![Box::new(id(table_id)?)],
        )?;
        rows.iter()
            .map(|row| {
                let (seq, entry): (i64, String) = (row.get(0), row.get(1));
                decode(format!("log {table_id}/{seq}"), &entry)
            })
            .collect()
    }

    fn set_heartbeat(&self, at: u64) -> Result<(), StoreError> {
        // Need not be synced: a heartbeat lost in a crash only counts a little more downtime.
        self.transaction(move |tx| {
            Box::pin(async move {
                tx.batch_execute("SET LOCAL synchronous_commit = off")
                    .await
                    .map_err(pg_err)?;
                tx.execute(
                    "INSERT INTO counters (name, value) VALUES ('heartbeat', $1)
                     ON CONFLICT (name) DO UPDATE SET value = GREATEST(counters.value, EXCLUDED.value)",
                    &[&millis(at)],
                )
                .await
                .map_err(pg_err)?;
                Ok(())
            })
        })
    }

    fn heartbeat(&self) -> Result<Option<u64>, StoreError> {
        let rows = self.rows(
            "SELECT value FROM counters WHERE name = 'heartbeat'",
            Vec::new(),
        )?;
        Ok(rows.first().map(|r| unsigned(r.get(0))))
    }

    fn probe(&self, at: u64) -> Result<(), StoreError> {
        self.rows(
            "SELECT value FROM counters WHERE name = 'probe'",
            Vec::new(),
        )?;
        // Committed with `synchronous_commit` on: on stable storage when it returns.
        self.rows(
            "INSERT INTO counters (name, value) VALUES ('probe', $1)
             ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value RETURNING value",
            vec![Box::new(millis(at))],
        )?;
        Ok(())
    }

    fn downtime(&self) -> Result<u64, StoreError> {
        let rows = self.rows(
            "SELECT value FROM counters WHERE name = 'downtime'",
            Vec::new(),
        )?;
        Ok(rows.first().map_or(0, |r| unsigned(r.get(0))))
    }

    fn set_downtime(&self, total: u64, alive_at: u64) -> Result<(), StoreError> {
        self.transaction(move |tx| {
            Box::pin(async move {
                for (name, value) in [("downtime", total), ("heartbeat", alive_at)] {
                    tx.execute(
                        "INSERT INTO counters (name, value) VALUES ($1, $2)
                         ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value",
                        &[&name, &millis(value)],
                    )
                    .await
                    .map_err(pg_err)?;
                }
                Ok(())
            })
        })
    }

    fn table(&self, table: u64) -> Result<Option<Table>, StoreError> {
        let rows = self.rows(
            "SELECT id, revision, record FROM tables WHERE id = $1",
            vec![Box::new(id(table)?)],
        )?;
        self.read_table(rows.into_iter().next())
    }

    fn shared(&self) -> bool {
        true
    }

    fn seen(&self, table_id: u64) -> Option<u64> {
        self.known(Kind::Table, &table_id.to_string()).map(unsigned)
    }

    fn claim_due_tables(
        &self,
        prefix: &str,
        now: u64,
        wall_now: u64,
        lease: u64,
    ) -> Result<Vec<String>, StoreError> {
        self.claim_due(prefix, now, wall_now, lease)
    }

    fn reschedule(&self, table: &Table, now: u64) -> Result<(), StoreError> {
        self.release_timer(table, now)
    }

    fn claim(&self, name: &str, wall_now: u64, lease: u64) -> Result<bool, StoreError> {
        self.claim_named(name, wall_now, lease)
    }

    fn seated_channels(&self, user: &str) -> Result<Vec<String>, StoreError> {
        let rows = self.rows(
            "SELECT DISTINCT c.channel FROM seats s
             JOIN channels c ON c.table_id = s.table_id
             JOIN tables t ON t.id = s.table_id
             WHERE s.user_id = $1 AND t.is_open ORDER BY c.channel",
            vec![Box::new(user.to_string())],
        )?;
        Ok(rows.iter().map(|r| r.get(0)).collect())
    }
}

impl PrefsStore for PgStore {
    fn prefs(&self, community: &str, user: &str) -> Result<Option<Prefs>, StoreError> {
        let rows = self.rows(
            "SELECT record FROM prefs WHERE community = $1 AND user_id = $2",
            vec![Box::new(community.to_string()), Box::new(user.to_string())],
        )?;
        rows.first()
            .map(|r| decode(format!("prefs {community}/{user}"), &r.get::<_, String>(0)))
            .transpose()
    }

    fn set_prefs(&self, community: &str, user: &str, prefs: &Prefs) -> Result<(), StoreError> {
        let record = encode(prefs)?;
        let timed = prefs.digest.due.is_some() || prefs.vacations.is_set();
        let (community, user) = (community.to_string(), user.to_string());
        self.transaction(move |tx| {
            Box::pin(async move {
                tx.execute(
                    "INSERT INTO prefs (community, user_id, timed, record) VALUES ($1, $2, $3, $4)
                     ON CONFLICT (community, user_id)
                     DO UPDATE SET timed = EXCLUDED.timed, record = EXCLUDED.record",
                    &[&community, &user, &timed, &record],
                )
                .await
                .map_err(pg_err)?;
                Ok(())
            })
        })
    }

    fn timed_prefs(&self) -> Result<Vec<(String, String, Prefs)>, StoreError> {
        let rows = self.rows(
            "SELECT community, user_id, record FROM prefs WHERE timed
             ORDER BY community COLLATE \"C\", user_id COLLATE \"C\"",
            Vec::new(),
        )?;
        let mut timed = Vec::new();
        for r in rows {
            let (community, user): (String, String) = (r.get(0), r.get(1));
            match decode::<Prefs>(format!("prefs {community}/{user}"), &r.get::<_, String>(2)) {
                Ok(prefs) => timed.push((community, user, prefs)),
                Err(e) => tracing::error!(error = %e, "skipping unreadable settings"),
            }
        }
        Ok(timed)
    }
}
