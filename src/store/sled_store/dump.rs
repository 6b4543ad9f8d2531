//! Every record of the sled store, for a migration ([`Dump`]).

use super::{SledStore, parts, read_u64};
use crate::store::dump::{COUNTERS, Dump};
use crate::table::StoreError;

pub(super) fn text(key: &str, bytes: &[u8]) -> Result<String, StoreError> {
    String::from_utf8(bytes.to_vec()).map_err(|e| StoreError::Corrupt {
        key: key.to_string(),
        reason: e.to_string(),
    })
}

fn number(key: &str, bytes: &[u8]) -> Result<u64, StoreError> {
    <[u8; 8]>::try_from(bytes)
        .map(u64::from_be_bytes)
        .map_err(|_| StoreError::Corrupt {
            key: key.to_string(),
            reason: "not an 8-byte number".into(),
        })
}

/// Every (key, value) of a tree.
fn pairs(tree: &sled::Tree) -> Result<Vec<(sled::IVec, sled::IVec)>, StoreError> {
    tree.iter()
        .collect::<Result<_, _>>()
        .map_err(|e| StoreError::Db(e.to_string()))
}

impl SledStore {
    /// Every record, as stored.
    pub fn dump(&self) -> Result<Dump, StoreError> {
        self.with_db(|db| {
            let mut dump = Dump::default();
            for (k, v) in pairs(&db.tables)? {
                let id = number("table id", &k)?;
                dump.tables.push((id, text(&format!("table {id}"), &v)?));
            }
            for (k, v) in pairs(&db.channels)? {
                let channel = text("channel", &k)?;
                dump.channels
                    .push((channel, number("channel's table", &v)?));
            }
            for (k, v) in pairs(&db.log)? {
                let (table, seq) = k.split_at(8.min(k.len()));
                let (table, seq) = (number("log key", table)?, number("log key", seq)?);
                dump.log
                    .push((table, seq, text(&format!("log {table}/{seq}"), &v)?));
            }
            for name in COUNTERS {
                if let Some(value) = read_u64(db.meta.get(name).map_err(super::db_err)?) {
                    dump.counters.push((name.to_string(), value));
                }
            }
            for (k, v) in pairs(&db.prefs)? {
                let p = parts(&k);
                let (community, user) = (p[0].clone(), p[1..].join("\0"));
                dump.prefs.push((community, user, text("settings", &v)?));
            }
            for (k, v) in pairs(&db.results)? {
                let n = number("result number", &k)?;
                dump.results.push((n, text(&format!("result {n}"), &v)?));
            }
            for (k, _) in pairs(&db.history)? {
                // community ‖ 0 ‖ player ‖ 0 ‖ result number (8 bytes, which may hold zeros).
                let Some(cut) = k.len().checked_sub(9) else {
                    continue;
                };
                let n = number("history", &k[cut + 1..])?;
                let p = parts(&k[..cut]);
                dump.history.push((p[0].clone(), p[1..].join("\0"), n));
            }
            for (k, v) in pairs(&db.ratings)? {
                let p = parts(&k);
                let (community, game) = (p[0].clone(), p.get(1).cloned().unwrap_or_default());
                let player = p.get(2..).map(|r| r.join("\0")).unwrap_or_default();
                dump.ratings
                    .push((community, game, player, text("rating", &v)?));
            }
            for (k, v) in pairs(&db.tournaments)? {
                let id = number("tournament id", &k)?;
                dump.tournaments
                    .push((id, text(&format!("tournament {id}"), &v)?));
            }
            for (k, v) in pairs(&db.tournament_channels)? {
                let channel = text("tournament channel", &k)?;
                dump.tournament_channels
                    .push((channel, number("tournament id", &v)?));
            }
            for (k, v) in pairs(&db.chat)? {
                dump.chat
                    .push((text("chat key", &k)?, text("chat record", &v)?));
            }
            dump.sort();
            Ok(dump)
        })
    }
}
