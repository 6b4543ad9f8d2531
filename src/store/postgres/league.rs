//! The league's records on PostgreSQL: results, ratings, history and tournaments, and the
//! batch that writes them with tables in one transaction.

use super::write::{
    EntryRow, RatingRow, TableRow, TournamentRows, bump, rating_memo, write_rating, write_table,
    write_tournament,
};
use super::{Kind, PgStore, decode, encode, id, pg_err, unsigned};
use crate::league::results::rating::player_key;
use crate::league::tournament::Tournament;
use crate::league::{Batch, GameResult, LeagueStore, Rating, RatingKey};
use crate::table::StoreError;

impl PgStore {
    fn tournament_rows(&self, t: &Tournament) -> Result<TournamentRows, StoreError> {
        Ok(TournamentRows {
            id: id(t.id)?,
            channel: t.channel.clone(),
            open: t.stage.is_open(),
            record: encode(t)?,
            known: self.known(Kind::Tournament, &t.id.to_string()),
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
}

impl LeagueStore for PgStore {
    fn commit_batch(&self, batch: &Batch<'_>) -> Result<Option<u64>, StoreError> {
        let tables: Vec<(TableRow, Option<EntryRow>)> = batch
            .tables
            .iter()
            .map(|(table, entry)| {
                Ok((
                    self.table_row(table, *entry)?,
                    entry.map(Self::entry_row).transpose()?,
                ))
            })
            .collect::<Result<_, StoreError>>()?;
        let tournament = batch
            .tournament
            .map(|t| self.tournament_rows(t))
            .transpose()?;
        let rated = self.rating_rows(batch.ratings)?;
        let memo: Vec<String> = batch.ratings.iter().map(|(k, _)| rating_memo(k)).collect();
        let placed: Vec<(i64, String, Vec<String>, bool)> = tables
            .iter()
            .map(|(row, _)| (row.id, row.channel.clone(), row.seats.clone(), row.open))
            .collect();
        let result = batch.result.cloned();
        let (number, mut seen) = self.transaction(move |tx| {
            Box::pin(async move {
                let mut seen = Vec::new();
                for (row, entry) in &tables {
                    let revision = write_table(tx, row, entry.as_ref(), None).await?;
                    seen.push((Kind::Table, row.id.to_string(), revision));
                }
                let number = match result {
                    Some(mut result) => {
                        let number = bump(tx, "last_result").await?;
                        result.seq = unsigned(number);
                        tx.execute(
                            "INSERT INTO results (number, record) VALUES ($1, $2)",
                            &[&number, &encode(&result)?],
                        )
                        .await
                        .map_err(pg_err)?;
                        for player in &result.players {
                            tx.execute(
                                "INSERT INTO history (community, player, number)
                                 VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
                                &[&result.community, &player_key(&player.id), &number],
                            )
                            .await
                            .map_err(pg_err)?;
                        }
                        Some(unsigned(number))
                    }
                    None => None,
                };
                for (r, memo) in rated.iter().zip(memo) {
                    seen.push((Kind::Rating, memo, write_rating(tx, r).await?));
                }
                if let Some(t) = &tournament {
                    seen.extend(write_tournament(tx, t).await?);
                }
                Ok((number, seen))
            })
        })?;
        // The tables come first in what was seen, in the batch's order.
        for ((id, channel, seats, open), (_, _, revision)) in placed.into_iter().zip(&seen) {
            self.note_placement(id, *revision, &channel, seats, open);
        }
        self.remember(seen.drain(..));
        Ok(number)
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

    fn entered_tournaments(&self, user: &str) -> Result<Vec<Tournament>, StoreError> {
        // The containment test is what the GIN index `tournaments_entrants` answers.
        let entrant = serde_json::json!([{ "user": { "id": user }, "out": false }]).to_string();
        let rows = self.rows(
            "SELECT id, revision, record FROM tournaments
             WHERE is_open AND (record::jsonb -> 'entrants') @> $1::text::jsonb ORDER BY id",
            vec![Box::new(entrant)],
        )?;
        let user = user.to_string();
        Ok(
            self.open_ones(Kind::Tournament, rows, move |t: &Tournament| {
                t.stage.is_open() && t.entrants.iter().any(|e| e.user.id == user && !e.out)
            }),
        )
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
}
