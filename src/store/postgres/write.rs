//! The writes: each versioned row only on top of the revision this process last saw, else
//! [`StoreError::Conflict`]; a table's whole commit in one statement.

use deadpool_postgres::{GenericClient, Transaction};
use tokio_postgres::types::ToSql;

use super::{Kind, pg_err};
use crate::league::results::rating::RatingKey;
use crate::table::{StoreError, Table};

/// A table encoded for a write, with the revision it builds on (`None`: a new table).
pub(super) struct TableRow {
    pub(super) id: i64,
    pub(super) channel: String,
    pub(super) open: bool,
    pub(super) due: Option<i64>,
    pub(super) record: String,
    pub(super) known: Option<i64>,
    /// Who sits there while it is open.
    pub(super) seats: Vec<String>,
    /// Open at `known`, in the same channel, with the same people seated: the channel and
    /// the seats stay as they are stored.
    pub(super) placed: bool,
}

/// A log entry encoded for a write (with its table's).
pub(super) struct EntryRow {
    pub(super) seq: i64,
    pub(super) entry: String,
}

/// A tournament encoded for a write.
pub(super) struct TournamentRows {
    pub(super) id: i64,
    pub(super) channel: String,
    pub(super) open: bool,
    pub(super) record: String,
    pub(super) known: Option<i64>,
}

/// A rating encoded for a write.
pub(super) struct RatingRow {
    pub(super) community: String,
    pub(super) game: String,
    pub(super) player: String,
    pub(super) record: String,
    pub(super) known: Option<i64>,
}

/// The key a rating's revision is remembered under.
pub(super) fn rating_memo(key: &RatingKey) -> String {
    format!("{}\0{}\0{}", key.community, key.game, key.player)
}

/// The users seated at a table while it is open (none once it is closed).
pub(super) fn seated(table: &Table) -> Vec<String> {
    if !table.status.is_open() {
        return Vec::new();
    }
    let mut ids: Vec<String> = table.seats.iter().map(|u| u.id.clone()).collect();
    ids.sort();
    ids.dedup();
    ids
}

/// What a table's write does beside the table row, in the same statement: the channel's
/// current table, who sits there, the log entry, and a relocation's old channel forgotten.
/// Every part reads `t` (the table row written), so when the revision check finds another
/// process's change, nothing at all is written. Its parameters: `$1` id, `$2` channel, `$6`
/// seats, `$7`/`$8` the log entry's seq and text (NULL: none), `$9` the channel moved from
/// (NULL: none).
macro_rules! table_write {
    ($head:literal) => {
        concat!(
            "WITH t AS (",
            $head,
            "), channel AS (
                 INSERT INTO channels (channel, table_id) SELECT $2::text, t.id FROM t
                 ON CONFLICT (channel) DO UPDATE SET table_id = EXCLUDED.table_id
                     WHERE channels.table_id <> EXCLUDED.table_id
             ), stood AS (
                 DELETE FROM seats s USING t
                 WHERE s.table_id = t.id AND s.user_id <> ALL($6::text[])
             ), sat AS (
                 INSERT INTO seats (table_id, user_id)
                 SELECT t.id, u FROM t, unnest($6::text[]) AS u ON CONFLICT DO NOTHING
             ), logged AS (
                 INSERT INTO log_entries (table_id, seq, entry)
                 SELECT t.id, $7::bigint, $8::text FROM t WHERE $8::text IS NOT NULL
             ), moved AS (
                 DELETE FROM channels WHERE channel = $9::text AND $9::text <> $2::text
                     AND EXISTS (SELECT 1 FROM t)
             )
             SELECT revision FROM t"
        )
    };
}

/// A table built on the revision `$10`, still its channel's current one (unless it moves):
/// a process that decided on it is refused when another opened a table there meanwhile.
const UPDATE_TABLE: &str = table_write!(
    "UPDATE tables SET channel = $2::text, is_open = $3, due_at = $4::bigint, record = $5,
         revision = revision + 1, lease_owner = NULL, lease_until = NULL
     WHERE id = $1 AND revision = $10
       AND ($9::text IS NOT NULL OR NOT EXISTS (
           SELECT 1 FROM channels WHERE channel = $2::text AND table_id <> $1))
     RETURNING id, revision"
);

/// A change of an open table that stays in its channel `$8` with the same people seated (a
/// move): the table on top of its revision `$5` and the log entry (`$6`/`$7`, NULL: none). Its
/// channel and seats rows were written with that revision, so they stand; like any update it is
/// refused when another table holds the channel.
const UPDATE_IN_PLACE: &str = "WITH t AS (
         UPDATE tables SET is_open = $2, due_at = $3::bigint, record = $4,
             revision = revision + 1, lease_owner = NULL, lease_until = NULL
         WHERE id = $1 AND revision = $5 AND NOT EXISTS (
             SELECT 1 FROM channels WHERE channel = $8::text AND table_id <> $1)
         RETURNING id, revision
     ), logged AS (
         INSERT INTO log_entries (table_id, seq, entry)
         SELECT t.id, $6::bigint, $7::text FROM t WHERE $7::text IS NOT NULL
     )
     SELECT revision FROM t";

/// A new table, unless its channel has an open table: a process that found none is refused
/// when another opened one there meanwhile.
const INSERT_TABLE: &str = table_write!(
    "INSERT INTO tables (id, channel, is_open, revision, due_at, record)
     SELECT $1, $2::text, $3, 1, $4::bigint, $5
     WHERE NOT EXISTS (
         SELECT 1 FROM channels c JOIN tables o ON o.id = c.table_id
         WHERE c.channel = $2::text AND o.is_open AND o.id <> $1)
     ON CONFLICT (id) DO NOTHING RETURNING id, revision"
);

/// Writes a table on top of the revision it builds on, with its log entry, makes it its
/// channel's current one (forgetting `from`, the channel it moved from, if any) and records
/// who sits there: one statement, so one round trip (prepared once per connection), and
/// atomic on its own; the new revision. Run outside a transaction, it is committed — with
/// `synchronous_commit` on, durably — before its answer arrives: the driver reads on to the
/// server's `ReadyForQuery`, which follows the commit.
pub(super) async fn write_table(
    client: &impl GenericClient,
    row: &TableRow,
    entry: Option<&EntryRow>,
    from: Option<&str>,
) -> Result<i64, StoreError> {
    let (seq, text) = match entry {
        Some(e) => (Some(e.seq), Some(e.entry.as_str())),
        None => (None, None),
    };
    let (sql, params): (&str, Vec<&(dyn ToSql + Sync)>) = match &row.known {
        Some(known) if row.placed && from.is_none() => (
            UPDATE_IN_PLACE,
            vec![
                &row.id,
                &row.open,
                &row.due,
                &row.record,
                known,
                &seq,
                &text,
                &row.channel,
            ],
        ),
        known => {
            let mut params: Vec<&(dyn ToSql + Sync)> = vec![
                &row.id,
                &row.channel,
                &row.open,
                &row.due,
                &row.record,
                &row.seats,
                &seq,
                &text,
                &from,
            ];
            match known {
                Some(known) => {
                    params.push(known);
                    (UPDATE_TABLE, params)
                }
                None => (INSERT_TABLE, params),
            }
        }
    };
    let statement = client.prepare_cached(sql).await.map_err(pg_err)?;
    let written = client
        .query_opt(&statement, &params)
        .await
        .map_err(pg_err)?;
    match written {
        Some(written) => Ok(written.get(0)),
        None => Err(StoreError::Conflict(format!("table {}", row.id))),
    }
}

/// Writes a tournament; the revision written.
pub(super) async fn write_tournament(
    tx: &Transaction<'_>,
    t: &TournamentRows,
) -> Result<Vec<(Kind, String, i64)>, StoreError> {
    let written = match t.known {
        Some(known) => {
            tx.query_opt(
                "UPDATE tournaments SET channel = $2, is_open = $3, record = $4,
                     revision = revision + 1
                 WHERE id = $1 AND revision = $5 RETURNING revision",
                &[&t.id, &t.channel, &t.open, &t.record, &known],
            )
            .await
        }
        None => {
            tx.query_opt(
                "INSERT INTO tournaments (id, channel, is_open, revision, record)
                 VALUES ($1, $2, $3, 1, $4) ON CONFLICT (id) DO NOTHING RETURNING revision",
                &[&t.id, &t.channel, &t.open, &t.record],
            )
            .await
        }
    }
    .map_err(pg_err)?;
    let Some(written) = written else {
        return Err(StoreError::Conflict(format!("tournament {}", t.id)));
    };
    let seen = vec![(Kind::Tournament, t.id.to_string(), written.get(0))];
    tx.execute(
        "INSERT INTO tournament_channels (channel, tournament_id) VALUES ($1, $2)
         ON CONFLICT (channel) DO UPDATE SET tournament_id = EXCLUDED.tournament_id",
        &[&t.channel, &t.id],
    )
    .await
    .map_err(pg_err)?;
    Ok(seen)
}

/// Writes a rating on top of the revision it builds on; the new revision.
pub(super) async fn write_rating(tx: &Transaction<'_>, r: &RatingRow) -> Result<i64, StoreError> {
    let written = match r.known {
        Some(known) => {
            tx.query_opt(
                "UPDATE ratings SET record = $4, revision = revision + 1
                 WHERE community = $1 AND game = $2 AND player = $3
                   AND revision = $5 RETURNING revision",
                &[&r.community, &r.game, &r.player, &r.record, &known],
            )
            .await
        }
        None => {
            tx.query_opt(
                "INSERT INTO ratings (community, game, player, revision, record)
                 VALUES ($1, $2, $3, 1, $4) ON CONFLICT DO NOTHING
                 RETURNING revision",
                &[&r.community, &r.game, &r.player, &r.record],
            )
            .await
        }
    }
    .map_err(pg_err)?;
    let Some(written) = written else {
        return Err(StoreError::Conflict(format!("rating of {}", r.player)));
    };
    Ok(written.get(0))
}

/// Adds one to a counter (from 0 when it is new); its new value.
pub(super) async fn bump(client: &impl GenericClient, name: &str) -> Result<i64, StoreError> {
    let statement = client
        .prepare_cached(
            "INSERT INTO counters (name, value) VALUES ($1, 1)
             ON CONFLICT (name) DO UPDATE SET value = counters.value + 1 RETURNING value",
        )
        .await
        .map_err(pg_err)?;
    let row = client
        .query_one(&statement, &[&name])
        .await
        .map_err(pg_err)?;
    Ok(row.get(0))
}
