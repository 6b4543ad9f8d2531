//! The sled store.
//!
//! Trees: `tables` (id → table JSON), `channels` (channel → current table id), `log`
//! (id ‖ seq, both big-endian → entry JSON), `meta` (table id and result counters, heartbeat,
//! downtime), `prefs` (community ‖ 0 ‖ user → settings), `results` (number, big-endian →
//! result JSON), `ratings` (community ‖ 0 ‖ game ‖ 0 ‖ player → rating JSON), `history`
//! (community ‖ 0 ‖ player ‖ 0 ‖ result number → nothing), `tournaments` (id → tournament
//! JSON), `tournament_channels` (channel → newest tournament id), `entrants` (user ‖ 0 ‖
//! tournament id → nothing: who is in which open tournament), `chat` (key → a chat adapter's
//! record). A commit writes the first
//! three in one serializable transaction; the commit that ends a game also its result, the
//! ratings it moved and the history entries, and for a tournament game the tournament and the
//! tables of the round it opens.
//!
//! **Durability.** sled's own `flush` ends in `sync_file_range`, which leaves the data in the
//! disk's volatile write cache (sled issue #1452): a power cut could lose it. So a commit
//! returns only after sled's flush *and* an `fdatasync` of sled's log file (and of any large
//! value sled wrote to a file of its own), shared by the commits that arrive together
//! ([`GroupSync`]).
//!
//! **Recovery.** After a write error (a full disk) sled refuses every later write. The store
//! then reopens the database before the next operation, until that works: once there is room
//! again, commits succeed without a restart, and what was committed before is all there. A
//! reopen waits (briefly) for sled's file lock: the failed database's writer threads let go of
//! it a moment after the database is dropped. sled's periodic background flush is off: sled
//! writes its file when an operation of the store flushes (every change, a heartbeat now and
//! then) and that flush waits for the writes, so a write error is met by an operation, which
//! closes the database. None is left behind by a background write that met the full disk, to
//! fail the first change once there is room again.
//!
//! **Heartbeat.** [`TableStore::set_heartbeat`] runs every tick. The heartbeat is synced (with
//! whatever else is pending, through [`GroupSync`]) when the last synced one is 5 s
//! (`HEARTBEAT_SYNC`) or more older; otherwise it only goes to sled's memory, and the next
//! change or heartbeat sync takes it along. A crash (kill -9, power cut) can so lose up to 5 s
//! of heartbeats: the next start counts that much of the time the service was up as downtime
//! (`TableService::open`), so every table's time runs up to 5 s further behind the wall clock
//! — no clock is charged for those seconds, and timers fire that much later. Nothing committed
//! is lost.

use std::collections::HashSet;
use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError, RwLock};
use std::time::Duration;

use sled::transaction::{ConflictableTransactionError, TransactionError, Transactional};

mod dump;
mod league;

use super::GroupSync;
use crate::league::ChatStore;
use crate::league::tournament::Tournament;
use crate::league::{Prefs, PrefsStore, RatingKey};
use crate::table::{LogEntry, StoreError, Table, TableStore};

/// The open database.
struct Db {
    db: sled::Db,
    tables: sled::Tree,
    channels: sled::Tree,
    log: sled::Tree,
    meta: sled::Tree,
    /// Users' settings per community.
    prefs: sled::Tree,
    /// Finished games' results.
    results: sled::Tree,
    /// Ratings.
    ratings: sled::Tree,
    /// Each player's results per community.
    history: sled::Tree,
    /// Tournaments.
    tournaments: sled::Tree,
    /// The newest tournament of each channel.
    tournament_channels: sled::Tree,
    /// The chats' memory.
    chat: sled::Tree,
    /// Who entered which open tournament: user ‖ 0 ‖ tournament id → nothing.
    entrants: sled::Tree,
    /// sled's log file, for `fdatasync`.
    file: File,
}

/// Every store port ([`crate::store::Store`]) on sled.
pub struct SledStore {
    dir: PathBuf,
    /// The database; `None` after a failure until it could be reopened.
    db: RwLock<Option<Arc<Db>>>,
    group: GroupSync,
    /// sled's large-value files already synced, with the length they had.
    synced_blobs: Mutex<HashSet<(std::ffi::OsString, u64)>>,
    /// The newest heartbeat known to be on stable storage.
    heartbeat_synced: Mutex<Option<u64>>,
}

impl std::fmt::Debug for SledStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SledStore").field("dir", &self.dir).finish()
    }
}

fn db_err(e: impl std::fmt::Display) -> StoreError {
    StoreError::Db(e.to_string())
}

/// The key of a user's settings in a community: both ids, separated by a byte neither holds.
fn prefs_key(community: &str, user: &str) -> Vec<u8> {
    [community.as_bytes(), &[0], user.as_bytes()].concat()
}

/// Key parts joined by a byte none of them holds.
fn joined(parts: &[&[u8]]) -> Vec<u8> {
    parts.join(&0u8)
}

fn rating_key(key: &RatingKey) -> Vec<u8> {
    joined(&[
        key.community.as_bytes(),
        key.game.as_bytes(),
        key.player.as_bytes(),
    ])
}

/// The parts of a key made by [`joined`].
fn parts(key: &[u8]) -> Vec<String> {
    key.split(|b| *b == 0)
        .map(|p| String::from_utf8_lossy(p).into_owned())
        .collect()
}

fn log_key(table_id: u64, seq: u64) -> [u8; 16] {
    let mut key = [0u8; 16];
    key[..8].copy_from_slice(&table_id.to_be_bytes());
    key[8..].copy_from_slice(&seq.to_be_bytes());
    key
}

fn decode<T: serde::de::DeserializeOwned>(key: String, bytes: &[u8]) -> Result<T, StoreError> {
    serde_json::from_slice(bytes).map_err(|e| StoreError::Corrupt {
        key,
        reason: e.to_string(),
    })
}

fn encode<T: serde::Serialize>(value: &T) -> Result<Vec<u8>, StoreError> {
    serde_json::to_vec(value).map_err(db_err)
}

fn read_u64(value: Option<sled::IVec>) -> Option<u64> {
    value
        .and_then(|v| <[u8; 8]>::try_from(v.as_ref()).ok())
        .map(u64::from_be_bytes)
}

/// How often, and how long apart, a locked database is tried again when it is opened (up to
/// 5 s: on a loaded machine sled's threads may take a second or more to let go).
const LOCK_TRIES: u32 = 250;
const LOCK_WAIT: std::time::Duration = std::time::Duration::from_millis(20);

/// How much older than a heartbeat the last synced one may be before the heartbeat is synced
/// too (ms): what a crash can add to the downtime.
const HEARTBEAT_SYNC: u64 = 5_000;

/// Whether sled refused to open the database because its file lock is held (by another
/// process, or by the writer threads of a database this process just dropped). sled reports
/// that as an I/O error of kind `Other` whose message names the lock, not as `WouldBlock`.
fn lock_held(e: &sled::Error) -> bool {
    matches!(e, sled::Error::Io(io)
        if io.kind() == std::io::ErrorKind::WouldBlock
            || io.to_string().starts_with("could not acquire lock"))
}

impl Db {
    fn open(dir: &Path) -> Result<Db, StoreError> {
        Db::open_waiting(dir, || std::thread::sleep(LOCK_WAIT))
    }

    /// Opens the database, calling `wait` before each new try while its lock is held.
    fn open_waiting(dir: &Path, mut wait: impl FnMut()) -> Result<Db, StoreError> {
        // A database just closed in this process may hold its file lock a moment longer (sled's
        // writer threads let go of it last): the lock is waited for briefly, so a reopen right
        // after a close succeeds, while a second process still gets a clear refusal.
        let mut tries = 0;
        let db = loop {
            // No periodic flush: see the module's docs (Recovery).
            match sled::Config::new().path(dir).flush_every_ms(None).open() {
                Err(e) if lock_held(&e) && tries < LOCK_TRIES => {
                    tries += 1;
                    wait();
                }
                other => {
                    break other.map_err(|e| {
                        StoreError::Db(format!("cannot open {}: {e}", dir.display()))
                    })?;
                }
            }
        };
        if tries > 0 {
            tracing::debug!(dir = %dir.display(), tries, "database lock was held; opened");
        }
        let file = File::open(dir.join("db"))
            .map_err(|e| StoreError::Db(format!("cannot open {}/db: {e}", dir.display())))?;
        let db = Db {
            tables: db.open_tree("tables").map_err(db_err)?,
            channels: db.open_tree("channels").map_err(db_err)?,
            log: db.open_tree("log").map_err(db_err)?,
            meta: db.open_tree("meta").map_err(db_err)?,
            prefs: db.open_tree("prefs").map_err(db_err)?,
            results: db.open_tree("results").map_err(db_err)?,
            ratings: db.open_tree("ratings").map_err(db_err)?,
            history: db.open_tree("history").map_err(db_err)?,
            tournaments: db.open_tree("tournaments").map_err(db_err)?,
            tournament_channels: db.open_tree("tournament_channels").map_err(db_err)?,
            chat: db.open_tree("chat").map_err(db_err)?,
            entrants: db.open_tree("entrants").map_err(db_err)?,
            db,
            file,
        };
        db.index_entrants()?;
        Ok(db)
    }

    /// Builds the entrant index once, for a database written before it existed.
    fn index_entrants(&self) -> Result<(), StoreError> {
        const DONE: &str = "entrants_indexed";
        if self.meta.get(DONE).map_err(db_err)?.is_some() {
            return Ok(());
        }
        for item in self.tournaments.iter() {
            let (key, value) = item.map_err(db_err)?;
            match decode::<Tournament>(format!("tournament {key:?}"), &value) {
                Ok(t) => {
                    for (key, entered) in league::entrant_keys(&t) {
                        if entered {
                            self.entrants.insert(key, &[]).map_err(db_err)?;
                        }
                    }
                }
                Err(e) => tracing::error!(error = %e, "skipping unreadable tournament"),
            }
        }
        self.meta.insert(DONE, &[1]).map_err(db_err)?;
        self.db.flush().map_err(db_err)?;
        Ok(())
    }

    fn table(&self, id: u64) -> Result<Option<Table>, StoreError> {
        match self.tables.get(id.to_be_bytes()).map_err(db_err)? {
            Some(bytes) => Ok(Some(decode(format!("table {id}"), &bytes)?)),
            None => Ok(None),
        }
    }
}

impl SledStore {
    /// Opens (or creates) the database in `dir`.
    pub fn open(dir: &Path) -> Result<SledStore, StoreError> {
        let db = Db::open(dir)?;
        Ok(SledStore {
            dir: dir.to_path_buf(),
            db: RwLock::new(Some(Arc::new(db))),
            group: GroupSync::default(),
            synced_blobs: Mutex::new(HashSet::new()),
            heartbeat_synced: Mutex::new(None),
        })
    }

    /// The open database, reopening it after a failure.
    fn db(&self) -> Result<Arc<Db>, StoreError> {
        if let Some(db) = self
            .db
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .as_ref()
        {
            return Ok(db.clone());
        }
        let mut slot = self.db.write().unwrap_or_else(PoisonError::into_inner);
        if let Some(db) = slot.as_ref() {
            return Ok(db.clone());
        }
        let db = Arc::new(Db::open(&self.dir)?);
        // sled may have removed large-value files it had not made stable, and reuses names.
        self.synced_blobs
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clear();
        tracing::info!(dir = %self.dir.display(), "database reopened after a failure");
        *slot = Some(db.clone());
        Ok(db)
    }

    /// Runs `f` on the database; after a database error the database is closed, to be reopened
    /// by the next operation (sled refuses every write after one failed).
    fn with_db<T>(&self, f: impl FnOnce(&Db) -> Result<T, StoreError>) -> Result<T, StoreError> {
        let db = self.db()?;
        let result = f(&db);
        if let Err(StoreError::Db(e)) = &result {
            tracing::warn!(error = %e, "database error; it is reopened before the next use");
            self.close(db);
        }
        result
    }

    /// Forgets the failed database `failed` and waits (briefly) until no operation uses it, so
    /// that sled's file lock is free for the reopen.
    fn close(&self, failed: Arc<Db>) {
        {
            let mut slot = self.db.write().unwrap_or_else(PoisonError::into_inner);
            if slot.as_ref().is_some_and(|db| Arc::ptr_eq(db, &failed)) {
                *slot = None;
            }
        }
        for _ in 0..200 {
            if Arc::strong_count(&failed) == 1 {
                break;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        drop(failed);
    }

    /// Makes everything written so far durable: sled's flush, then `fdatasync` of its log file
    /// and of any new large-value file (and their folder). Shared by concurrent commits.
    fn sync(&self, db: &Db) -> Result<(), StoreError> {
        self.group.sync(
            || {
                db.db.flush().map_err(db_err)?;
                db.file.sync_data().map_err(db_err)?;
                self.sync_blobs()
            },
            || db_err("the sync that covered this change failed"),
        )
    }

    /// Notes that the heartbeat `at` is on stable storage.
    fn heartbeat_is_synced(&self, at: u64) {
        *self
            .heartbeat_synced
            .lock()
            .unwrap_or_else(PoisonError::into_inner) = Some(at);
    }

    /// Syncs sled's large-value files not synced yet at their present length (one may still
    /// have been growing at the last sync), then their folder.
    fn sync_blobs(&self) -> Result<(), StoreError> {
        let folder = self.dir.join("blobs");
        let Ok(entries) = std::fs::read_dir(&folder) else {
            return Ok(());
        };
        let mut synced = self
            .synced_blobs
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        let mut new = false;
        for entry in entries.flatten() {
            let Ok(len) = entry.metadata().map(|m| m.len()) else {
                continue; // removed by sled meanwhile
            };
            let key = (entry.file_name(), len);
            if synced.contains(&key) {
                continue;
            }
            match File::open(entry.path()).and_then(|f| f.sync_data()) {
                Ok(()) => {}
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
                Err(e) => return Err(db_err(e)),
            }
            synced.insert(key);
            new = true;
        }
        if new {
            File::open(&folder)
                .and_then(|f| f.sync_all())
                .map_err(db_err)?;
        }
        Ok(())
    }
}

impl TableStore for SledStore {
    fn new_table_id(&self) -> Result<u64, StoreError> {
        // A plain counter (1, 2, 3, ...), unlike sled's `generate_id`, which jumps after every
        // restart. Any table committed later syncs this increment with it, so a committed id
        // is never handed out twice.
        self.with_db(|db| {
            let next = db
                .meta
                .update_and_fetch("last_table_id", |old| {
                    let last = old
                        .and_then(|v| <[u8; 8]>::try_from(v).ok())
                        .map_or(0, u64::from_be_bytes);
                    Some((last + 1).to_be_bytes().to_vec())
                })
                .map_err(db_err)?;
            read_u64(next).ok_or_else(|| db_err("table id counter unreadable"))
        })
    }

    fn commit(&self, table: &Table, entry: Option<&LogEntry>) -> Result<(), StoreError> {
        let record = encode(table)?;
        let entry = entry
            .map(|e| Ok::<_, StoreError>((log_key(table.id, e.seq), encode(e)?)))
            .transpose()?;
        let id = table.id.to_be_bytes();
        super::timed("sled", || {
            self.with_db(|db| {
                (&db.tables, &db.channels, &db.log)
                    .transaction(|(tables, channels, log)| {
                        tables.insert(&id, record.as_slice())?;
                        channels.insert(table.channel.as_bytes(), &id)?;
                        if let Some((key, value)) = &entry {
                            log.insert(key, value.as_slice())?;
                        }
                        Ok::<(), ConflictableTransactionError<()>>(())
                    })
                    .map_err(|e: TransactionError<()>| db_err(format!("{e:?}")))?;
                self.sync(db)
            })
        })
    }

    fn relocate(
        &self,
        table: &Table,
        from: &str,
        entry: Option<&LogEntry>,
    ) -> Result<(), StoreError> {
        let record = encode(table)?;
        let entry = entry
            .map(|e| Ok::<_, StoreError>((log_key(table.id, e.seq), encode(e)?)))
            .transpose()?;
        let id = table.id.to_be_bytes();
        self.with_db(|db| {
            (&db.tables, &db.channels, &db.log)
                .transaction(|(tables, channels, log)| {
                    tables.insert(&id, record.as_slice())?;
                    channels.insert(table.channel.as_bytes(), &id)?;
                    channels.remove(from.as_bytes())?;
                    if let Some((key, value)) = &entry {
                        log.insert(key, value.as_slice())?;
                    }
                    Ok::<(), ConflictableTransactionError<()>>(())
                })
                .map_err(|e: TransactionError<()>| db_err(format!("{e:?}")))?;
            self.sync(db)
        })
    }

    fn current_table(&self, channel: &str) -> Result<Option<Table>, StoreError> {
        self.with_db(|db| {
            let Some(id) = db.channels.get(channel.as_bytes()).map_err(db_err)? else {
                return Ok(None);
            };
            let id = <[u8; 8]>::try_from(id.as_ref())
                .map(u64::from_be_bytes)
                .map_err(|_| StoreError::Corrupt {
                    key: format!("channel {channel}"),
                    reason: "bad table id".into(),
                })?;
            db.table(id)
        })
    }

    fn open_tables(&self) -> Result<Vec<Table>, StoreError> {
        self.with_db(|db| {
            let mut open = Vec::new();
            for item in db.channels.iter() {
                let (channel, id) = item.map_err(db_err)?;
                let Ok(id) = <[u8; 8]>::try_from(id.as_ref()) else {
                    tracing::error!(channel = %String::from_utf8_lossy(&channel), "bad table id in channel index");
                    continue;
                };
                match db.table(u64::from_be_bytes(id)) {
                    Ok(Some(t)) if t.status.is_open() => open.push(t),
                    Ok(_) => {}
                    // One unreadable table must not keep every other table from loading.
                    Err(e) => tracing::error!(error = %e, "skipping unreadable table"),
                }
            }
            Ok(open)
        })
    }

    fn log(&self, table_id: u64) -> Result<Vec<LogEntry>, StoreError> {
        self.with_db(|db| {
            db.log
                .scan_prefix(table_id.to_be_bytes())
                .map(|item| {
                    let (key, value) = item.map_err(db_err)?;
                    decode(format!("log {table_id}/{:?}", key.as_ref()), &value)
                })
                .collect()
        })
    }

    fn set_heartbeat(&self, at: u64) -> Result<(), StoreError> {
        self.with_db(|db| {
            db.meta
                .insert("heartbeat", &at.to_be_bytes())
                .map_err(db_err)?;
            let synced = *self
                .heartbeat_synced
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            if synced.is_some_and(|s| s.abs_diff(at) < HEARTBEAT_SYNC) {
                return Ok(());
            }
            self.sync(db)?;
            self.heartbeat_is_synced(at);
            Ok(())
        })
    }

    fn heartbeat(&self) -> Result<Option<u64>, StoreError> {
        self.with_db(|db| Ok(read_u64(db.meta.get("heartbeat").map_err(db_err)?)))
    }

    fn probe(&self, at: u64) -> Result<(), StoreError> {
        self.with_db(|db| {
            db.meta.get("probe").map_err(db_err)?;
            db.meta.insert("probe", &at.to_be_bytes()).map_err(db_err)?;
            self.sync(db)
        })
    }

    fn downtime(&self) -> Result<u64, StoreError> {
        self.with_db(|db| Ok(read_u64(db.meta.get("downtime").map_err(db_err)?).unwrap_or(0)))
    }

    fn set_downtime(&self, total: u64, alive_at: u64) -> Result<(), StoreError> {
        self.with_db(|db| {
            let mut batch = sled::Batch::default();
            batch.insert("downtime", total.to_be_bytes().to_vec());
            batch.insert("heartbeat", alive_at.to_be_bytes().to_vec());
            db.meta.apply_batch(batch).map_err(db_err)?;
            self.sync(db)?;
            self.heartbeat_is_synced(alive_at);
            Ok(())
        })
    }

    fn table(&self, id: u64) -> Result<Option<Table>, StoreError> {
        self.with_db(|db| db.table(id))
    }
}

impl PrefsStore for SledStore {
    fn prefs(&self, community: &str, user: &str) -> Result<Option<Prefs>, StoreError> {
        let key = prefs_key(community, user);
        self.with_db(|db| match db.prefs.get(&key).map_err(db_err)? {
            Some(bytes) => Ok(Some(decode(format!("prefs {community}/{user}"), &bytes)?)),
            None => Ok(None),
        })
    }

    fn set_prefs(&self, community: &str, user: &str, prefs: &Prefs) -> Result<(), StoreError> {
        let key = prefs_key(community, user);
        let value = encode(prefs)?;
        self.with_db(|db| {
            db.prefs.insert(key, value).map_err(db_err)?;
            self.sync(db)
        })
    }

    fn timed_prefs(&self) -> Result<Vec<(String, String, Prefs)>, StoreError> {
        self.with_db(|db| {
            let mut timed = Vec::new();
            for item in db.prefs.iter() {
                let (key, value) = item.map_err(db_err)?;
                let mut parts = key.splitn(2, |b| *b == 0);
                let (Some(community), Some(user)) = (parts.next(), parts.next()) else {
                    continue;
                };
                let (community, user) = (
                    String::from_utf8_lossy(community).into_owned(),
                    String::from_utf8_lossy(user).into_owned(),
                );
                match decode::<Prefs>(format!("prefs {community}/{user}"), &value) {
                    Ok(prefs) if prefs.digest.due.is_some() || prefs.vacations.is_set() => {
                        timed.push((community, user, prefs));
                    }
                    Ok(_) => {}
                    Err(e) => tracing::error!(error = %e, "skipping unreadable settings"),
                }
            }
            Ok(timed)
        })
    }
}

impl ChatStore for SledStore {
    fn chat_record(&self, key: &str) -> Result<Option<String>, StoreError> {
        self.with_db(|db| {
            db.chat
                .get(key)
                .map_err(db_err)?
                .map(|v| dump::text("chat record", &v))
                .transpose()
        })
    }

    fn set_chat_record(&self, key: &str, record: Option<&str>) -> Result<(), StoreError> {
        self.with_db(|db| {
            match record {
                Some(record) => db.chat.insert(key, record.as_bytes()).map_err(db_err)?,
                None => db.chat.remove(key).map_err(db_err)?,
            };
            self.sync(db)
        })
    }

    fn chat_records(&self, prefix: &str) -> Result<Vec<(String, String)>, StoreError> {
        self.with_db(|db| {
            let mut records = Vec::new();
            for item in db.chat.scan_prefix(prefix) {
                let (k, v) = item.map_err(db_err)?;
                records.push((dump::text("chat key", &k)?, dump::text("chat record", &v)?));
            }
            Ok(records)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// sled's own refusal while the lock is held is recognized: the reopen waits for it.
    #[test]
    fn a_database_whose_lock_is_still_held_is_waited_for() {
        let dir = tempfile::tempdir().expect("a temp dir");
        // As a database just dropped whose writer threads have not let go of the lock yet.
        let mut held = Some(sled::Config::new().path(dir.path()).open().expect("sled"));
        let mut waits = 0;
        let db = Db::open_waiting(dir.path(), || {
            waits += 1;
            held = None;
        })
        .expect("opened once the lock is free");
        assert!(waits >= 1, "the lock was met");
        db.meta.insert("k", &[1]).expect("writable");
    }

    /// A lock that is not let go (another process) ends in a refusal that names it.
    #[test]
    fn a_database_locked_for_good_is_refused() {
        let dir = tempfile::tempdir().expect("a temp dir");
        let _held = sled::Config::new().path(dir.path()).open().expect("sled");
        let mut waits = 0;
        let Err(e) = Db::open_waiting(dir.path(), || waits += 1) else {
            panic!("opened a locked database");
        };
        assert_eq!(waits, LOCK_TRIES);
        assert!(e.to_string().contains("could not acquire lock"), "{e}");
    }
}
