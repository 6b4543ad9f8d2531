//! The league's records on sled: results, ratings, history and tournaments, and the batch
//! that writes them with tables in one transaction.

use sled::transaction::{ConflictableTransactionError, TransactionError, Transactional};

use super::{SledStore, db_err, decode, encode, joined, log_key, parts, rating_key, read_u64};
use crate::league::results::rating::player_key;
use crate::league::tournament::Tournament;
use crate::league::{Batch, GameResult, LeagueStore, Rating, RatingKey};
use crate::table::StoreError;

/// One table of a batch, encoded: (id, channel, record, its log entry's key and value).
type EncodedTable = ([u8; 8], Vec<u8>, Vec<u8>, Option<([u8; 16], Vec<u8>)>);

impl LeagueStore for SledStore {
    fn commit_batch(&self, batch: &Batch<'_>) -> Result<Option<u64>, StoreError> {
        let tables: Vec<EncodedTable> = batch
            .tables
            .iter()
            .map(|(table, entry)| {
                Ok((
                    table.id.to_be_bytes(),
                    table.channel.as_bytes().to_vec(),
                    encode(*table)?,
                    entry
                        .map(|e| Ok::<_, StoreError>((log_key(table.id, e.seq), encode(e)?)))
                        .transpose()?,
                ))
            })
            .collect::<Result<_, StoreError>>()?;
        let ratings: Vec<(Vec<u8>, Vec<u8>)> = batch
            .ratings
            .iter()
            .map(|(k, r)| Ok::<_, StoreError>((rating_key(k), encode(r)?)))
            .collect::<Result<_, _>>()?;
        let tournament = batch
            .tournament
            .map(|t| {
                Ok::<_, StoreError>((
                    t.id.to_be_bytes(),
                    encode(t)?,
                    t.channel.as_bytes().to_vec(),
                    entrant_keys(t),
                ))
            })
            .transpose()?;
        let result = batch.result;
        self.with_db(|db| {
            let number = (
                &db.tables,
                &db.channels,
                &db.log,
                &db.meta,
                &db.results,
                &db.ratings,
                &db.history,
                &db.tournaments,
                &db.tournament_channels,
                &db.entrants,
            )
                .transaction(
                    |(tables_tree, channels, log, meta, results, rated, history, tour, by, who)| {
                        for (id, channel, record, entry) in &tables {
                            tables_tree.insert(id, record.as_slice())?;
                            channels.insert(channel.as_slice(), id)?;
                            if let Some((key, value)) = entry {
                                log.insert(key, value.as_slice())?;
                            }
                        }
                        let number = match result {
                            Some(result) => {
                                let seq = read_u64(meta.get("last_result")?).unwrap_or(0) + 1;
                                meta.insert("last_result", &seq.to_be_bytes())?;
                                let mut stored = result.clone();
                                stored.seq = seq;
                                let value = serde_json::to_vec(&stored).map_err(|e| {
                                    ConflictableTransactionError::Abort(e.to_string())
                                })?;
                                results.insert(&seq.to_be_bytes(), value)?;
                                for player in &stored.players {
                                    let key = joined(&[
                                        stored.community.as_bytes(),
                                        player_key(&player.id).as_bytes(),
                                        &seq.to_be_bytes(),
                                    ]);
                                    history.insert(key, &[])?;
                                }
                                Some(seq)
                            }
                            None => None,
                        };
                        for (key, value) in &ratings {
                            rated.insert(key.as_slice(), value.as_slice())?;
                        }
                        if let Some((id, record, channel, entrants)) = &tournament {
                            tour.insert(id, record.as_slice())?;
                            by.insert(channel.as_slice(), id)?;
                            for (key, entered) in entrants {
                                if *entered {
                                    who.insert(key.as_slice(), &[])?;
                                } else {
                                    who.remove(key.as_slice())?;
                                }
                            }
                        }
                        Ok(number)
                    },
                )
                .map_err(|e: TransactionError<String>| db_err(format!("{e:?}")))?;
            self.sync(db)?;
            Ok(number)
        })
    }

    fn tournament(&self, id: u64) -> Result<Option<Tournament>, StoreError> {
        self.with_db(
            |db| match db.tournaments.get(id.to_be_bytes()).map_err(db_err)? {
                Some(bytes) => Ok(Some(decode(format!("tournament {id}"), &bytes)?)),
                None => Ok(None),
            },
        )
    }

    fn channel_tournament(&self, channel: &str) -> Result<Option<Tournament>, StoreError> {
        let id = self.with_db(|db| {
            Ok(read_u64(
                db.tournament_channels
                    .get(channel.as_bytes())
                    .map_err(db_err)?,
            ))
        })?;
        match id {
            Some(id) => self.tournament(id),
            None => Ok(None),
        }
    }

    fn entered_tournaments(&self, user: &str) -> Result<Vec<Tournament>, StoreError> {
        let ids: Vec<u64> = self.with_db(|db| {
            let mut ids = Vec::new();
            for item in db.entrants.scan_prefix(joined(&[user.as_bytes(), b""])) {
                let (key, _) = item.map_err(db_err)?;
                if let Some(id) = key
                    .len()
                    .checked_sub(8)
                    .and_then(|cut| read_u64(Some(key.subslice(cut, 8))))
                {
                    ids.push(id);
                }
            }
            Ok(ids)
        })?;
        let mut entered = Vec::new();
        for id in ids {
            if let Some(t) = self.tournament(id)?.filter(|t| {
                t.stage.is_open() && t.entrants.iter().any(|e| e.user.id == user && !e.out)
            }) {
                entered.push(t);
            }
        }
        Ok(entered)
    }

    fn open_tournaments(&self) -> Result<Vec<Tournament>, StoreError> {
        self.with_db(|db| {
            let mut open = Vec::new();
            for item in db.tournaments.iter() {
                let (key, value) = item.map_err(db_err)?;
                match decode::<Tournament>(format!("tournament {key:?}"), &value) {
                    Ok(t) if t.stage.is_open() => open.push(t),
                    Ok(_) => {}
                    Err(e) => tracing::error!(error = %e, "skipping unreadable tournament"),
                }
            }
            Ok(open)
        })
    }

    fn rating(&self, key: &RatingKey) -> Result<Option<Rating>, StoreError> {
        self.with_db(
            |db| match db.ratings.get(rating_key(key)).map_err(db_err)? {
                Some(bytes) => Ok(Some(decode(format!("rating {key:?}"), &bytes)?)),
                None => Ok(None),
            },
        )
    }

    fn ratings(&self, community: &str, game: &str) -> Result<Vec<(String, Rating)>, StoreError> {
        let prefix = joined(&[community.as_bytes(), game.as_bytes(), b""]);
        self.with_db(|db| {
            db.ratings
                .scan_prefix(&prefix)
                .map(|item| {
                    let (key, value) = item.map_err(db_err)?;
                    let player = String::from_utf8_lossy(&key[prefix.len()..]).into_owned();
                    Ok((player.clone(), decode(format!("rating {player}"), &value)?))
                })
                .collect()
        })
    }

    fn community_ratings(
        &self,
        community: &str,
    ) -> Result<Vec<(String, String, Rating)>, StoreError> {
        let prefix = joined(&[community.as_bytes(), b""]);
        self.with_db(|db| {
            db.ratings
                .scan_prefix(&prefix)
                .map(|item| {
                    let (key, value) = item.map_err(db_err)?;
                    let rest = parts(&key[prefix.len()..]);
                    let (game, player) = (rest[0].clone(), rest[1..].join("\0"));
                    Ok((
                        game,
                        player.clone(),
                        decode(format!("rating {player}"), &value)?,
                    ))
                })
                .collect()
        })
    }

    fn history(
        &self,
        community: &str,
        player: &str,
        limit: usize,
    ) -> Result<Vec<GameResult>, StoreError> {
        let prefix = joined(&[community.as_bytes(), player.as_bytes(), b""]);
        self.with_db(|db| {
            let mut found = Vec::new();
            for item in db.history.scan_prefix(&prefix).rev().take(limit) {
                let (key, _) = item.map_err(db_err)?;
                let Some(seq) = key.get(prefix.len()..) else {
                    continue;
                };
                if let Some(bytes) = db.results.get(seq).map_err(db_err)? {
                    found.push(decode(format!("result {seq:?}"), &bytes)?);
                }
            }
            Ok(found)
        })
    }

    fn results(&self) -> Result<Vec<GameResult>, StoreError> {
        self.with_db(|db| {
            db.results
                .iter()
                .map(|item| {
                    let (key, value) = item.map_err(db_err)?;
                    decode(format!("result {:?}", key.as_ref()), &value)
                })
                .collect()
        })
    }

    fn all_ratings(&self) -> Result<Vec<(RatingKey, Rating)>, StoreError> {
        self.with_db(|db| {
            db.ratings
                .iter()
                .map(|item| {
                    let (key, value) = item.map_err(db_err)?;
                    let p = parts(&key);
                    let key = RatingKey {
                        community: p.first().cloned().unwrap_or_default(),
                        game: p.get(1).cloned().unwrap_or_default(),
                        player: p.get(2..).map(|r| r.join("\0")).unwrap_or_default(),
                    };
                    Ok((key.clone(), decode(format!("rating {key:?}"), &value)?))
                })
                .collect()
        })
    }

    fn replace_ratings(&self, ratings: &[(RatingKey, Rating)]) -> Result<(), StoreError> {
        let ratings: Vec<(Vec<u8>, Vec<u8>)> = ratings
            .iter()
            .map(|(k, r)| Ok::<_, StoreError>((rating_key(k), encode(r)?)))
            .collect::<Result<_, _>>()?;
        self.with_db(|db| {
            let mut batch = sled::Batch::default();
            for item in db.ratings.iter() {
                let (key, _) = item.map_err(db_err)?;
                batch.remove(key);
            }
            for (key, value) in ratings {
                batch.insert(key, value);
            }
            db.ratings.apply_batch(batch).map_err(db_err)?;
            self.sync(db)
        })
    }
}

/// The entrant index's keys of `t` (user ‖ 0 ‖ tournament id), each with whether it belongs
/// in the index: while the tournament is open and the entrant is not out.
pub(super) fn entrant_keys(t: &Tournament) -> Vec<(Vec<u8>, bool)> {
    t.entrants
        .iter()
        .map(|e| {
            (
                joined(&[e.user.id.as_bytes(), &t.id.to_be_bytes()]),
                t.stage.is_open() && !e.out,
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::GameKind;
    use crate::league::tournament::Stage;
    use crate::table::User;

    fn tournament(id: u64, stage: Stage) -> Tournament {
        let mut t = Tournament {
            id,
            channel: format!("#cup{id}"),
            stage,
            ..Tournament::running_swiss("cup", GameKind::ALL[0], [1500.0, 1500.0])
        };
        for (entrant, name) in t.entrants.iter_mut().zip(["ann", "ben"]) {
            entrant.user = User::named(name);
        }
        t
    }

    /// A database written before the entrant index existed gets it built once, at open.
    #[test]
    fn an_older_database_gets_its_entrant_index_built_at_open() {
        let dir = tempfile::tempdir().expect("a temp dir");
        {
            let store = SledStore::open(dir.path()).expect("sled");
            for t in [tournament(1, Stage::Entry), tournament(2, Stage::Finished)] {
                store
                    .commit_batch(&Batch::of_tournament(&t, &[]))
                    .expect("written");
            }
            // As the older program left it: no index, no mark.
            let db = store.db().expect("open");
            db.entrants.clear().expect("cleared");
            db.meta.remove("entrants_indexed").expect("unmarked");
            db.db.flush().expect("flushed");
            assert!(store.entered_tournaments("ann").expect("read").is_empty());
        }
        let store = SledStore::open(dir.path()).expect("sled");
        let found: Vec<u64> = store
            .entered_tournaments("ann")
            .expect("read")
            .iter()
            .map(|t| t.id)
            .collect();
        assert_eq!(found, [1], "the open one, not the finished one");
    }
}
