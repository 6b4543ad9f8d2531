//! The writes inside a transaction: each versioned row only on top of the revision this
//! process last saw, else [`StoreError::Conflict`].

use deadpool_postgres::Transaction;

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
}

/// A log entry encoded for a write.
pub(super) struct EntryRow {
    pub(super) table: i64,
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

/// Writes a table on top of the revision it builds on and makes it its channel's current one;
/// the new revision.
pub(super) async fn write_table(tx: &Transaction<'_>, row: &TableRow) -> Result<i64, StoreError> {
    let written = match row.known {
        Some(known) => {
            tx.query_opt(
                "UPDATE tables SET channel = $2, is_open = $3, due_at = $4, record = $5,
                     revision = revision + 1, lease_owner = NULL, lease_until = NULL
                 WHERE id = $1 AND revision = $6 RETURNING revision",
                &[
                    &row.id,
                    &row.channel,
                    &row.open,
                    &row.due,
                    &row.record,
                    &known,
                ],
            )
            .await
        }
        None => {
            tx.query_opt(
                "INSERT INTO tables (id, channel, is_open, revision, due_at, record)
                 VALUES ($1, $2, $3, 1, $4, $5) ON CONFLICT (id) DO NOTHING RETURNING revision",
                &[&row.id, &row.channel, &row.open, &row.due, &row.record],
            )
            .await
        }
    }
    .map_err(pg_err)?;
    let Some(written) = written else {
        return Err(StoreError::Conflict(format!("table {}", row.id)));
    };
    tx.execute(
        "INSERT INTO channels (channel, table_id) VALUES ($1, $2)
         ON CONFLICT (channel) DO UPDATE SET table_id = EXCLUDED.table_id",
        &[&row.channel, &row.id],
    )
    .await
    .map_err(pg_err)?;
    write_seats(tx, row.id, &row.seats).await?;
    Ok(written.get(0))
}

/// Replaces who sits at a table.
pub(super) async fn write_seats(
    tx: &Transaction<'_>,
    table: i64,
    seats: &[String],
) -> Result<(), StoreError> {
    tx.execute("DELETE FROM seats WHERE table_id = $1", &[&table])
        .await
        .map_err(pg_err)?;
    if !seats.is_empty() {
        tx.execute(
            "INSERT INTO seats (table_id, user_id) SELECT $1, unnest($2::text[])",
            &[&table, &seats],
        )
        .await
        .map_err(pg_err)?;
    }
    Ok(())
}

pub(super) async fn write_entry(tx: &Transaction<'_>, entry: &EntryRow) -> Result<(), StoreError> {
    tx.execute(
        "INSERT INTO log_entries (table_id, seq, entry) VALUES ($1, $2, $3)",
        &[&entry.table, &entry.seq, &entry.entry],
    )
    .await
    .map_err(pg_err)?;
    Ok(())
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
pub(super) async fn bump(tx: &Transaction<'_>, name: &str) -> Result<i64, StoreError> {
    let row = tx
        .query_one(
            "INSERT INTO counters (name, value) VALUES ($1, 1)
             ON CONFLICT (name) DO UPDATE SET value = counters.value + 1 RETURNING value",
            &[&name],
        )
        .await
        .map_err(pg_err)?;
    Ok(row.get(0))
}
