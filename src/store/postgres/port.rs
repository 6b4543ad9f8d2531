//! The table layer's storage port on PostgreSQL: each write one transaction, each versioned
//! row written only on top of the revision this process last saw.

use deadpool_postgres::Transaction;
use tokio_postgres::Row;

use super::write::{
    EntryRow, RatingRow, TableRow, TournamentRows, bump, rating_memo, seated, write_entry,
    write_table, write_tournament,
};
use super::{Kind, PgStore, decode, encode, id, millis, pg_err, pool_err, unsigned};
use crate::table::rating::player_key;
use crate::table::timing::next_deadline;
use crate::table::tournament::Tournament;
use crate::table::{
    GameResult, LogEntry, Prefs, Rating, RatingKey, Store, StoreError, Table, TournamentCommit,
};

impl PgStore {
    pub(super) fn table_row(
        &self,
        table: &Table,
        entry: Option<&LogEntry>,
    ) -> Result<TableRow, StoreError> {
        // `now` only decides who is away; the change's own time is the right one.
        let now = entry.map_or(0, |e| e.at);
        Ok(TableRow {
            id: id(table.id)?,
            channel: table.channel.clone(),
            open: table.status.is_open(),
            due: next_deadline(table, now).map(millis),
            record: encode(table)?,
            known: self.known(Kind::Table, &table.id.to_string()),
            seats: seated(table),
        })
    }

    fn entry_row(table: &Table, entry: &LogEntry) -> Result<EntryRow, StoreError> {
        Ok(EntryRow {
            table: id(table.id)?,
            seq: id(entry.seq)?,
            entry: encode(entry)?,
        })
    }

    fn tournament_rows(
        &self,
        (t, tables): TournamentCommit<'_>,
    ) -> Result<TournamentRows, StoreError> {
        Ok(TournamentRows {
            id: id(t.id)?,
            channel: t.channel.clone(),
            open: t.stage.is_open(),
            record: encode(t)?,
            known: self.known(Kind::Tournament, &t.id.to_string()),
            tables: tables
                .iter()
                .map(|(table, entry)| {
                    Ok((
                        self.table_row(table, Some(entry))?,
                        Self::entry_row(table, entry)?,
                    ))
                })
                .collect::<Result<_, StoreError>>()?,
        })
    }

    fn rating_rows(&self, ratings: &[(RatingKey, Rating)]) -> Result<Vec<RatingRow>, StoreError> {
        ratings
            .iter()
            .map(|(k, r)| {
                Ok(RatingRow {
                    community: k.community.clone(),
                    game: k.game.clone(),
                    player: k.player.clone(),
                    record: encode(r)?,
                    known: self.known(Kind::Rating, &rating_memo(k)),
                })
            })
            .collect()
    }

    /// Reads one versioned row (`id`, `revision`, `record`) and remembers its revision.
    fn versioned<T: serde::de::DeserializeOwned>(
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
    fn open_ones<T: serde::de::DeserializeOwned>(
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
    fn rows(
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

    /// Runs `work` in one transaction and commits it.
    pub(super) fn transaction<T, W>(&self, work: W) -> Result<T, StoreError>
    where
        T: Send + 'static,
        W: for<'a> FnOnce(
                &'a Transaction<'a>,
            ) -> std::pin::Pin<
                Box<dyn std::future::Future<Output = Result<T, StoreError>> + Send + 'a>,
            > + Send
            + 'static,
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

impl Store for PgStore {
    fn new_table_id(&self) -> Result<u64, StoreError> {
        self.transaction(|tx| Box::pin(async move { bump(tx, "last_table_id").await }))
            .map(unsigned)
    }

    fn commit(&self, table: &Table, entry: Option<&LogEntry>) -> Result<(), StoreError> {
        let row = self.table_row(table, entry)?;
        let entry = entry.map(|e| Self::entry_row(table, e)).transpose()?;
        let key = table.id.to_string();
        let revision = self.transaction(move |tx| {
            Box::pin(async move {
                let revision = write_table(tx, &row).await?;
                if let Some(entry) = &entry {
                    write_entry(tx, entry).await?;
                }
                Ok(revision)
            })
        })?;
        self.remember([(Kind::Table, key, revision)]);
        Ok(())
    }

    fn relocate(
        &self,
        table: &Table,
        from: &str,
        entry: Option<&LogEntry>,
    ) -> Result<(), StoreError> {
        let row = self.table_row(table, entry)?;
        let entry = entry.map(|e| Self::entry_row(table, e)).transpose()?;
        let from = from.to_string();
        let key = table.id.to_string();
        let revision = self.transaction(move |tx| {
            Box::pin(async move {
                let revision = write_table(tx, &row).await?;
                if from != row.channel {
                    tx.execute("DELETE FROM channels WHERE channel = $1", &[&from])
                        .await
                        .map_err(pg_err)?;
                }
                if let Some(entry) = &entry {
                    write_entry(tx, entry).await?;
                }
                Ok(revision)
            })
        })?;
        self.remember([(Kind::Table, key, revision)]);
        Ok(())
    }

    fn current_table(&self, channel: &str) -> Result<Option<Table>, StoreError> {
        let rows = self.rows(
            "SELECT t.id, t.revision, t.record FROM channels c JOIN tables t ON t.id = c.table_id
             WHERE c.channel = $1",
            vec![Box::new(channel.to_string())],
        )?;
        self.versioned(Kind::Table, rows.into_iter().next())
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

    fn commit_finish(
        &self,
        table: &Table,
        entry: Option<&LogEntry>,
        result: &GameResult,
        ratings: &[(RatingKey, Rating)],
        tournament: Option<TournamentCommit<'_>>,
    ) -> Result<u64, StoreError> {
        let row = self.table_row(table, entry)?;
        let entry = entry.map(|e| Self::entry_row(table, e)).transpose()?;
        let tournament = tournament.map(|t| self.tournament_rows(t)).transpose()?;
        let rated = self.rating_rows(ratings)?;
        let memo: Vec<String> = ratings.iter().map(|(k, _)| rating_memo(k)).collect();
        let mut result = result.clone();
        let key = table.id.to_string();
        let (number, mut seen) =
            self.transaction(move |tx| {
                Box::pin(async move {
                    let revision = write_table(tx, &row).await?;
                    if let Some(entry) = &entry {
                        write_entry(tx, entry).await?;
                    }
                    let number = bump(tx, "last_result").await?;
                    result.seq = unsigned(number);
                    tx.execute(
                        "INSERT INTO results (number, record) VALUES ($1, $2)",
                        &[&number, &encode(&result)?],
                    )
                    .await
                    .map_err(pg_err)?;
                    let mut seen = vec![(Kind::Table, key, revision)];
                    for (r, memo) in rated.iter().zip(memo) {
                        let written = match r.known {
                        Some(known) => tx
                            .query_opt(
                                "UPDATE ratings SET record = $4, revision = revision + 1
                                 WHERE community = $1 AND game = $2 AND player = $3
                                   AND revision = $5 RETURNING revision",
                                &[&r.community, &r.game, &r.player, &r.record, &known],
                            )
                            .await,
                        None => tx
                            .query_opt(
                                "INSERT INTO ratings (community, game, player, revision, record)
                                 VALUES ($1, $2, $3, 1, $4) ON CONFLICT DO NOTHING
                                 RETURNING revision",
                                &[&r.community, &r.game, &r.player, &r.record],
                            )
                            .await,
                    }
                    .map_err(pg_err)?;
                        let Some(written) = written else {
                            return Err(StoreError::Conflict(format!("rating of {}", r.player)));
                        };
                        seen.push((Kind::Rating, memo, written.get(0)));
                    }
                    for player in &result.players {
                        tx.execute(
                            "INSERT INTO history (community, player, number) VALUES ($1, $2, $3)
                         ON CONFLICT DO NOTHING",
                            &[&result.community, &player_key(&player.id), &number],
                        )
                        .await
                        .map_err(pg_err)?;
                    }
                    if let Some(t) = &tournament {
                        seen.extend(write_tournament(tx, t).await?);
                    }
                    Ok((number, seen))
                })
            })?;
        self.remember(seen.drain(..));
        Ok(unsigned(number))
    }

    fn commit_tournament(&self, commit: TournamentCommit<'_>) -> Result<(), StoreError> {
        let rows = self.tournament_rows(commit)?;
        let seen =
            self.transaction(move |tx| Box::pin(async move { write_tournament(tx, &rows).await }))?;
        self.remember(seen);
        Ok(())
    }

    fn tournament(&self, tournament: u64) -> Result<Option<Tournament>, StoreError> {
        let rows = self.rows(
            "SELECT id, revision, record FROM tournaments WHERE id = $1",
            vec![Box::new(id(tournament)?)],
        )?;
        self.versioned(Kind::Tournament, rows.into_iter().next())
    }

    fn channel_tournament(&self, channel: &str) -> Result<Option<Tournament>, StoreError> {
        let rows = self.rows(
            "SELECT t.id, t.revision, t.record FROM tournament_channels c
             JOIN tournaments t ON t.id = c.tournament_id WHERE c.channel = $1",
            vec![Box::new(channel.to_string())],
        )?;
        self.versioned(Kind::Tournament, rows.into_iter().next())
    }

    fn open_tournaments(&self) -> Result<Vec<Tournament>, StoreError> {
        let rows = self.rows(
            "SELECT id, revision, record FROM tournaments WHERE is_open ORDER BY id",
            Vec::new(),
        )?;
        Ok(self.open_ones(Kind::Tournament, rows, |t: &Tournament| t.stage.is_open()))
    }

    fn table(&self, table: u64) -> Result<Option<Table>, StoreError> {
        let rows = self.rows(
            "SELECT id, revision, record FROM tables WHERE id = $1",
            vec![Box::new(id(table)?)],
        )?;
        self.versioned(Kind::Table, rows.into_iter().next())
    }

    fn rating(&self, key: &RatingKey) -> Result<Option<Rating>, StoreError> {
        let rows = self.rows(
            "SELECT revision, record FROM ratings
             WHERE community = $1 AND game = $2 AND player = $3",
            vec![
                Box::new(key.community.clone()),
                Box::new(key.game.clone()),
                Box::new(key.player.clone()),
            ],
        )?;
        let Some(row) = rows.first() else {
            return Ok(None);
        };
        let rating = decode(format!("rating {key:?}"), &row.get::<_, String>(1))?;
        self.remember([(Kind::Rating, rating_memo(key), row.get(0))]);
        Ok(Some(rating))
    }

    fn ratings(&self, community: &str, game: &str) -> Result<Vec<(String, Rating)>, StoreError> {
        let rows = self.rows(
            "SELECT player, record FROM ratings WHERE community = $1 AND game = $2
             ORDER BY player COLLATE \"C\"",
            vec![Box::new(community.to_string()), Box::new(game.to_string())],
        )?;
        rows.iter()
            .map(|r| {
                let player: String = r.get(0);
                let rating = decode(format!("rating {player}"), &r.get::<_, String>(1))?;
                Ok((player, rating))
            })
            .collect()
    }

    fn community_ratings(
        &self,
        community: &str,
    ) -> Result<Vec<(String, String, Rating)>, StoreError> {
        let rows = self.rows(
            "SELECT game, player, record FROM ratings WHERE community = $1
             ORDER BY game COLLATE \"C\", player COLLATE \"C\"",
            vec![Box::new(community.to_string())],
        )?;
        rows.iter()
            .map(|r| {
                let (game, player): (String, String) = (r.get(0), r.get(1));
                let rating = decode(format!("rating {player}"), &r.get::<_, String>(2))?;
                Ok((game, player, rating))
            })
            .collect()
    }

    fn history(
        &self,
        community: &str,
        player: &str,
        limit: usize,
    ) -> Result<Vec<GameResult>, StoreError> {
        let rows = self.rows(
            "SELECT r.number, r.record FROM history h JOIN results r ON r.number = h.number
             WHERE h.community = $1 AND h.player = $2 ORDER BY h.number DESC LIMIT $3",
            vec![
                Box::new(community.to_string()),
                Box::new(player.to_string()),
                Box::new(i64::try_from(limit).unwrap_or(i64::MAX)),
            ],
        )?;
        rows.iter()
            .map(|r| {
                decode(
                    format!("result {}", r.get::<_, i64>(0)),
                    &r.get::<_, String>(1),
                )
            })
            .collect()
    }

    fn results(&self) -> Result<Vec<GameResult>, StoreError> {
        let rows = self.rows(
            "SELECT number, record FROM results ORDER BY number",
            Vec::new(),
        )?;
        rows.iter()
            .map(|r| {
                decode(
                    format!("result {}", r.get::<_, i64>(0)),
                    &r.get::<_, String>(1),
                )
            })
            .collect()
    }

    fn all_ratings(&self) -> Result<Vec<(RatingKey, Rating)>, StoreError> {
        let rows = self.rows(
            "SELECT community, game, player, record FROM ratings
             ORDER BY community COLLATE \"C\", game COLLATE \"C\", player COLLATE \"C\"",
            Vec::new(),
        )?;
        rows.iter()
            .map(|r| {
                let key = RatingKey {
                    community: r.get(0),
                    game: r.get(1),
                    player: r.get(2),
                };
                let rating = decode(format!("rating {key:?}"), &r.get::<_, String>(3))?;
                Ok((key, rating))
            })
            .collect()
    }

    fn replace_ratings(&self, ratings: &[(RatingKey, Rating)]) -> Result<(), StoreError> {
        let rows = self.rating_rows(ratings)?;
        let memo: Vec<String> = ratings.iter().map(|(k, _)| rating_memo(k)).collect();
        let seen = self.transaction(move |tx| {
            Box::pin(async move {
                let communities: Vec<&str> = rows.iter().map(|r| r.community.as_str()).collect();
                let games: Vec<&str> = rows.iter().map(|r| r.game.as_str()).collect();
                let players: Vec<&str> = rows.iter().map(|r| r.player.as_str()).collect();
                tx.execute(
                    "DELETE FROM ratings r WHERE NOT EXISTS (
                         SELECT 1 FROM unnest($1::text[], $2::text[], $3::text[]) AS k(c, g, p)
                         WHERE k.c = r.community AND k.g = r.game AND k.p = r.player)",
                    &[&communities, &games, &players],
                )
                .await
                .map_err(pg_err)?;
                let mut seen = Vec::new();
                for (r, memo) in rows.iter().zip(memo) {
                    // A rebuild wins over what anyone read before: the revision moves on.
                    let written = tx
                        .query_one(
                            "INSERT INTO ratings (community, game, player, revision, record)
                             VALUES ($1, $2, $3, 1, $4)
                             ON CONFLICT (community, game, player) DO UPDATE
                             SET record = EXCLUDED.record, revision = ratings.revision + 1
                             RETURNING revision",
                            &[&r.community, &r.game, &r.player, &r.record],
                        )
                        .await
                        .map_err(pg_err)?;
                    seen.push((Kind::Rating, memo, written.get(0)));
                }
                Ok(seen)
            })
        })?;
        self.remember(seen);
        Ok(())
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

    fn shared(&self) -> bool {
        true
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
