//! The sled store.
//!
//! Trees: `tables` (id → table JSON), `channels` (channel → current table id), `log`
//! (id ‖ seq, both big-endian → entry JSON), `meta` (heartbeat). A commit writes the first three
//! in one serializable transaction and then flushes.

use std::path::Path;

use sled::transaction::{ConflictableTransactionError, TransactionError, Transactional};

use super::{Store, StoreError};
use crate::table::{LogEntry, Table};

/// A [`Store`] on sled.
#[derive(Debug, Clone)]
pub struct SledStore {
    db: sled::Db,
    tables: sled::Tree,
    channels: sled::Tree,
    log: sled::Tree,
    meta: sled::Tree,
}

fn db_err(e: impl std::fmt::Display) -> StoreError {
    StoreError::Db(e.to_string())
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

impl SledStore {
    /// Opens (or creates) the database in `dir`.
    pub fn open(dir: &Path) -> Result<SledStore, StoreError> {
        let db = sled::Config::new()
            .path(dir)
            .open()
            .map_err(|e| StoreError::Db(format!("cannot open {}: {e}", dir.display())))?;
        Ok(SledStore {
            tables: db.open_tree("tables").map_err(db_err)?,
            channels: db.open_tree("channels").map_err(db_err)?,
            log: db.open_tree("log").map_err(db_err)?,
            meta: db.open_tree("meta").map_err(db_err)?,
            db,
        })
    }

    fn table(&self, id: u64) -> Result<Option<Table>, StoreError> {
        match self.tables.get(id.to_be_bytes()).map_err(db_err)? {
            Some(bytes) => Ok(Some(decode(format!("table {id}"), &bytes)?)),
            None => Ok(None),
        }
    }
}

impl Store for SledStore {
    fn new_table_id(&self) -> Result<u64, StoreError> {
        // A plain counter (1, 2, 3, ...), unlike sled's `generate_id`, which jumps after every
        // restart. Any table committed later flushes this increment with it, so a committed id
        // is never handed out twice.
        let next = self
            .meta
            .update_and_fetch("last_table_id", |old| {
                let last = old
                    .and_then(|v| <[u8; 8]>::try_from(v).ok())
                    .map_or(0, u64::from_be_bytes);
                Some((last + 1).to_be_bytes().to_vec())
            })
            .map_err(db_err)?
            .and_then(|v| <[u8; 8]>::try_from(v.as_ref()).ok())
            .map(u64::from_be_bytes);
        next.ok_or_else(|| db_err("table id counter unreadable"))
    }

    fn commit(&self, table: &Table, entry: Option<&LogEntry>) -> Result<(), StoreError> {
        let record = encode(table)?;
        let entry = entry
            .map(|e| Ok::<_, StoreError>((log_key(table.id, e.seq), encode(e)?)))
            .transpose()?;
        let id = table.id.to_be_bytes();
        (&self.tables, &self.channels, &self.log)
            .transaction(|(tables, channels, log)| {
                tables.insert(&id, record.as_slice())?;
                channels.insert(table.channel.as_bytes(), &id)?;
                if let Some((key, value)) = &entry {
                    log.insert(key, value.as_slice())?;
                }
                Ok::<(), ConflictableTransactionError<()>>(())
            })
            .map_err(|e: TransactionError<()>| db_err(format!("{e:?}")))?;
        self.db.flush().map_err(db_err)?;
        Ok(())
    }

    fn relocate(&self, table: &Table, from: &str) -> Result<(), StoreError> {
        let record = encode(table)?;
        let id = table.id.to_be_bytes();
        (&self.tables, &self.channels)
            .transaction(|(tables, channels)| {
                tables.insert(&id, record.as_slice())?;
                channels.insert(table.channel.as_bytes(), &id)?;
                channels.remove(from.as_bytes())?;
                Ok::<(), ConflictableTransactionError<()>>(())
            })
            .map_err(|e: TransactionError<()>| db_err(format!("{e:?}")))?;
        self.db.flush().map_err(db_err)?;
        Ok(())
    }

    fn current_table(&self, channel: &str) -> Result<Option<Table>, StoreError> {
        let Some(id) = self.channels.get(channel.as_bytes()).map_err(db_err)? else {
            return Ok(None);
        };
        let id = <[u8; 8]>::try_from(id.as_ref())
            .map(u64::from_be_bytes)
            .map_err(|_| StoreError::Corrupt {
                key: format!("channel {channel}"),
                reason: "bad table id".into(),
            })?;
        self.table(id)
    }

    fn open_tables(&self) -> Result<Vec<Table>, StoreError> {
        let mut open = Vec::new();
        for item in self.channels.iter() {
            let (channel, id) = item.map_err(db_err)?;
            let Ok(id) = <[u8; 8]>::try_from(id.as_ref()) else {
                tracing::error!(channel = %String::from_utf8_lossy(&channel), "bad table id in channel index");
                continue;
            };
            match self.table(u64::from_be_bytes(id)) {
                Ok(Some(t)) if t.status.is_open() => open.push(t),
                Ok(_) => {}
                // One unreadable table must not keep every other table from loading.
                Err(e) => tracing::error!(error = %e, "skipping unreadable table"),
            }
        }
        Ok(open)
    }

    fn log(&self, table_id: u64) -> Result<Vec<LogEntry>, StoreError> {
        self.log
            .scan_prefix(table_id.to_be_bytes())
            .map(|item| {
                let (key, value) = item.map_err(db_err)?;
                decode(format!("log {table_id}/{:?}", key.as_ref()), &value)
            })
            .collect()
    }

    fn set_heartbeat(&self, at: u64) -> Result<(), StoreError> {
        self.meta
            .insert("heartbeat", &at.to_be_bytes())
            .map_err(db_err)?;
        Ok(())
    }

    fn heartbeat(&self) -> Result<Option<u64>, StoreError> {
        Ok(self
            .meta
            .get("heartbeat")
            .map_err(db_err)?
            .and_then(|v| <[u8; 8]>::try_from(v.as_ref()).ok())
            .map(u64::from_be_bytes))
    }
}
