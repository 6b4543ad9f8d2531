//! Every record of the PostgreSQL store ([`Dump`]), and the import a migration writes.

use super::{PgStore, decode, id, millis, pg_err, pool_err, unsigned};
use crate::league::Prefs;
use crate::league::tournament::Tournament;
use crate::store::dump::{COUNTERS, Dump};
use crate::table::timing::next_deadline;
use crate::table::{StoreError, Table};

/// Rows per statement of an import.
const BATCH: usize = 1000;

fn ids(values: impl Iterator<Item = u64>) -> Result<Vec<i64>, StoreError> {
    values.map(id).collect()
}

impl PgStore {
    /// Every record, as stored.
    pub fn dump(&self) -> Result<Dump, StoreError> {
        let pool = self.pool.clone();
        let mut dump = self.run(async move {
            let client = pool.get().await.map_err(pool_err)?;
            let q = |sql: &'static str| {
                let client = &client;
                async move { client.query(sql, &[]).await.map_err(pg_err) }
            };
            let mut d = Dump::default();
            for r in q("SELECT id, record FROM tables").await? {
                d.tables.push((unsigned(r.get(0)), r.get(1)));
            }
            for r in q("SELECT channel, table_id FROM channels").await? {
                d.channels.push((r.get(0), unsigned(r.get(1))));
            }
            for r in q("SELECT table_id, seq, entry FROM log_entries").await? {
                d.log
                    .push((unsigned(r.get(0)), unsigned(r.get(1)), r.get(2)));
            }
            for r in q("SELECT name, value FROM counters").await? {
                let name: String = r.get(0);
                if COUNTERS.contains(&name.as_str()) {
                    d.counters.push((name, unsigned(r.get(1))));
                }
            }
            for r in q("SELECT community, user_id, record FROM prefs").await? {
                d.prefs.push((r.get(0), r.get(1), r.get(2)));
            }
            for r in q("SELECT number, record FROM results").await? {
                d.results.push((unsigned(r.get(0)), r.get(1)));
            }
            for r in q("SELECT community, player, number FROM history").await? {
                d.history.push((r.get(0), r.get(1), unsigned(r.get(2))));
            }
            for r in q("SELECT community, game, player, record FROM ratings").await? {
                d.ratings.push((r.get(0), r.get(1), r.get(2), r.get(3)));
            }
            for r in q("SELECT id, record FROM tournaments").await? {
                d.tournaments.push((unsigned(r.get(0)), r.get(1)));
            }
            for r in q("SELECT channel, tournament_id FROM tournament_channels").await? {
                d.tournament_channels.push((r.get(0), unsigned(r.get(1))));
            }
            for r in q("SELECT key, record FROM chat_records").await? {
                d.chat.push((r.get(0), r.get(1)));
            }
            Ok(d)
        })?;
        dump.sort();
        Ok(dump)
    }

    /// Writes every record of `dump` that the database does not hold yet (a record it holds
    /// is left as it is), and raises each counter to at least the dump's; one transaction, so
    /// an import that fails writes nothing and running it twice adds nothing.
    pub fn import(&self, dump: &Dump) -> Result<(), StoreError> {
        // What the rows need besides the record: a table's channel, whether it is open and its
        // next timer; a tournament's channel and stage; whether settings hold a timer.
        let mut tables = Vec::with_capacity(dump.tables.len());
        let (mut seat_tables, mut seat_users) = (Vec::new(), Vec::new());
        for (table_id, record) in &dump.tables {
            let t: Table = decode(format!("table {table_id}"), record)?;
            for user in super::write::seated(&t) {
                seat_tables.push(id(*table_id)?);
                seat_users.push(user);
            }
            let due = next_deadline(&t, 0).map(millis);
            tables.push((
                id(*table_id)?,
                t.channel,
                t.status.is_open(),
                due,
                record.clone(),
            ));
        }
        let mut tournaments = Vec::with_capacity(dump.tournaments.len());
        for (t_id, record) in &dump.tournaments {
            let t: Tournament = decode(format!("tournament {t_id}"), record)?;
            tournaments.push((id(*t_id)?, t.channel, t.stage.is_open(), record.clone()));
        }
        let mut prefs = Vec::with_capacity(dump.prefs.len());
        for (community, user, record) in &dump.prefs {
            let p: Prefs = decode(format!("prefs {community}/{user}"), record)?;
            let timed = p.digest.due.is_some() || p.vacations.is_set();
            prefs.push((community.clone(), user.clone(), timed, record.clone()));
        }
        let dump = dump.clone();
        self.transaction(move |tx| {
            Box::pin(async move {
                let x = |sql: &'static str| async move { tx.prepare(sql).await.map_err(pg_err) };
                let insert = x(
                    "INSERT INTO tables (id, channel, is_open, revision, due_at, record)
                     SELECT * FROM unnest($1::bigint[], $2::text[], $3::bool[], $4::bigint[],
                         $5::bigint[], $6::text[])
                     ON CONFLICT DO NOTHING",
                )
                .await?;
                for chunk in tables.chunks(BATCH) {
                    let ones = vec![1i64; chunk.len()];
                    let ids: Vec<i64> = chunk.iter().map(|r| r.0).collect();
                    let channels: Vec<&str> = chunk.iter().map(|r| r.1.as_str()).collect();
                    let open: Vec<bool> = chunk.iter().map(|r| r.2).collect();
                    let due: Vec<Option<i64>> = chunk.iter().map(|r| r.3).collect();
                    let records: Vec<&str> = chunk.iter().map(|r| r.4.as_str()).collect();
                    tx.execute(&insert, &[&ids, &channels, &open, &ones, &due, &records])
                        .await
                        .map_err(pg_err)?;
                }
                tx.execute(
                    "INSERT INTO seats (table_id, user_id)
                     SELECT * FROM unnest($1::bigint[], $2::text[]) ON CONFLICT DO NOTHING",
                    &[&seat_tables, &seat_users],
                )
                .await
                .map_err(pg_err)?;
                let insert = x("INSERT INTO channels (channel, table_id)
                     SELECT * FROM unnest($1::text[], $2::bigint[]) ON CONFLICT DO NOTHING")
                .await?;
                for chunk in dump.channels.chunks(BATCH) {
                    let channels: Vec<&str> = chunk.iter().map(|r| r.0.as_str()).collect();
                    tx.execute(&insert, &[&channels, &ids(chunk.iter().map(|r| r.1))?])
                        .await
                        .map_err(pg_err)?;
                }
                let insert = x("INSERT INTO log_entries (table_id, seq, entry)
                     SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::text[])
                     ON CONFLICT DO NOTHING")
                .await?;
                for chunk in dump.log.chunks(BATCH) {
                    let entries: Vec<&str> = chunk.iter().map(|r| r.2.as_str()).collect();
                    let tables = ids(chunk.iter().map(|r| r.0))?;
                    let seqs = ids(chunk.iter().map(|r| r.1))?;
                    tx.execute(&insert, &[&tables, &seqs, &entries])
                        .await
                        .map_err(pg_err)?;
                }
                for (name, value) in &dump.counters {
                    tx.execute(
                        "INSERT INTO counters (name, value) VALUES ($1, $2)
                         ON CONFLICT (name) DO UPDATE
                         SET value = GREATEST(counters.value, EXCLUDED.value)",
                        &[name, &id(*value)?],
                    )
                    .await
                    .map_err(pg_err)?;
                }
                let insert = x("INSERT INTO prefs (community, user_id, timed, record)
                     SELECT * FROM unnest($1::text[], $2::text[], $3::bool[], $4::text[])
                     ON CONFLICT DO NOTHING")
                .await?;
                for chunk in prefs.chunks(BATCH) {
                    let c: Vec<&str> = chunk.iter().map(|r| r.0.as_str()).collect();
                    let u: Vec<&str> = chunk.iter().map(|r| r.1.as_str()).collect();
                    let t: Vec<bool> = chunk.iter().map(|r| r.2).collect();
                    let v: Vec<&str> = chunk.iter().map(|r| r.3.as_str()).collect();
                    tx.execute(&insert, &[&c, &u, &t, &v])
                        .await
                        .map_err(pg_err)?;
                }
                let insert = x("INSERT INTO results (number, record)
                     SELECT * FROM unnest($1::bigint[], $2::text[]) ON CONFLICT DO NOTHING")
                .await?;
                for chunk in dump.results.chunks(BATCH) {
                    let v: Vec<&str> = chunk.iter().map(|r| r.1.as_str()).collect();
                    tx.execute(&insert, &[&ids(chunk.iter().map(|r| r.0))?, &v])
                        .await
                        .map_err(pg_err)?;
                }
                let insert = x("INSERT INTO history (community, player, number)
                     SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[])
                     ON CONFLICT DO NOTHING")
                .await?;
                for chunk in dump.history.chunks(BATCH) {
                    let c: Vec<&str> = chunk.iter().map(|r| r.0.as_str()).collect();
                    let p: Vec<&str> = chunk.iter().map(|r| r.1.as_str()).collect();
                    tx.execute(&insert, &[&c, &p, &ids(chunk.iter().map(|r| r.2))?])
                        .await
                        .map_err(pg_err)?;
                }
                let insert = x(
                    "INSERT INTO ratings (community, game, player, revision, record)
                     SELECT c, g, p, 1, r FROM unnest($1::text[], $2::text[], $3::text[],
                         $4::text[]) AS k(c, g, p, r)
                     ON CONFLICT DO NOTHING",
                )
                .await?;
                for chunk in dump.ratings.chunks(BATCH) {
                    let c: Vec<&str> = chunk.iter().map(|r| r.0.as_str()).collect();
                    let g: Vec<&str> = chunk.iter().map(|r| r.1.as_str()).collect();
                    let p: Vec<&str> = chunk.iter().map(|r| r.2.as_str()).collect();
                    let v: Vec<&str> = chunk.iter().map(|r| r.3.as_str()).collect();
                    tx.execute(&insert, &[&c, &g, &p, &v])
                        .await
                        .map_err(pg_err)?;
                }
                for (t_id, channel, open, record) in &tournaments {
                    tx.execute(
                        "INSERT INTO tournaments (id, channel, is_open, revision, record)
                         VALUES ($1, $2, $3, 1, $4) ON CONFLICT DO NOTHING",
                        &[t_id, channel, open, record],
                    )
                    .await
                    .map_err(pg_err)?;
                }
                for (channel, t_id) in &dump.tournament_channels {
                    tx.execute(
                        "INSERT INTO tournament_channels (channel, tournament_id)
                         VALUES ($1, $2) ON CONFLICT DO NOTHING",
                        &[channel, &id(*t_id)?],
                    )
                    .await
                    .map_err(pg_err)?;
                }
                for (key, record) in &dump.chat {
                    tx.execute(
                        "INSERT INTO chat_records (key, record) VALUES ($1, $2)
                         ON CONFLICT DO NOTHING",
                        &[key, record],
                    )
                    .await
                    .map_err(pg_err)?;
                }
                Ok(())
            })
        })
    }
}
