//! `spieltisch migrate --from <sled dir> --to postgres://…`: copies an installation into
//! PostgreSQL and checks the copy.
//!
//! Every record of the sled store is read ([`Dump`]) and written in one transaction, each
//! only if the database does not hold it yet; then the database is read back and, kind by
//! kind, the records under the source's keys are compared with the source by count and
//! SHA-256. Running it again copies nothing and checks again.

use std::path::Path;

use super::dump::{COUNTERS, Dump, Tally};
use super::{PgStore, SledStore};

/// What a migration did, kind by kind.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Migration {
    /// Per kind: the source's tally, how many records were new in the database, and
    /// whether the database's records under the source's keys are identical.
    pub kinds: Vec<(Tally, usize, bool)>,
    /// Counters the database holds lower than the source (should be none).
    pub counters_behind: Vec<String>,
}

impl Migration {
    /// Whether the database holds every record of the source, identical.
    pub fn verified(&self) -> bool {
        self.kinds.iter().all(|(_, _, same)| *same) && self.counters_behind.is_empty()
    }

    /// The report, one line per kind.
    pub fn lines(&self) -> Vec<String> {
        let mut lines: Vec<String> = self
            .kinds
            .iter()
            .map(|(t, new, same)| {
                format!(
                    "{:<20} {:>8} in sled, {:>8} copied, sha256 {}…: {}",
                    t.kind,
                    t.count,
                    new,
                    &t.checksum[..16],
                    if *same { "identical" } else { "DIFFERENT" }
                )
            })
            .collect();
        for name in &self.counters_behind {
            lines.push(format!("counter {name} is lower in the database"));
        }
        lines
    }
}

/// Copies the sled store in `from` into the PostgreSQL database at `to` and verifies it.
pub fn migrate(from: &Path, to: &str) -> Result<Migration, String> {
    if !from.join("db").is_file() {
        return Err(format!("{} holds no sled database", from.display()));
    }
    let sled = SledStore::open(from).map_err(|e| {
        format!(
            "cannot open {} (is the bot still running on it?): {e}",
            from.display()
        )
    })?;
    let source = sled
        .dump()
        .map_err(|e| format!("reading {}: {e}", from.display()))?;
    let pg = PgStore::open(to).map_err(|e| e.to_string())?;
    let before = pg.dump().map_err(|e| e.to_string())?.restricted_to(&source);
    pg.import(&source).map_err(|e| format!("copying: {e}"))?;
    let after = pg.dump().map_err(|e| e.to_string())?;
    Ok(compare(&source, &before, &after))
}

/// Compares the source with the database before and after the copy.
fn compare(source: &Dump, before: &Dump, after: &Dump) -> Migration {
    let copy = after.restricted_to(source);
    let counters_behind = COUNTERS
        .iter()
        .filter(|name| after.counter(name) < source.counter(name))
        .map(|name| name.to_string())
        .collect();
    let kinds = source
        .tallies()
        .into_iter()
        .zip(before.tallies())
        .zip(copy.tallies())
        .map(|((src, before), copy)| {
            let same = if src.kind == "counters" {
                true // compared above: the database may be ahead
            } else {
                src == copy
            };
            let new = if src.kind == "counters" {
                0
            } else {
                copy.count.saturating_sub(before.count)
            };
            (src, new, same)
        })
        .collect();
    Migration {
        kinds,
        counters_behind,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dump(tables: &[(u64, &str)]) -> Dump {
        Dump {
            tables: tables.iter().map(|(i, r)| (*i, r.to_string())).collect(),
            counters: vec![("last_table_id".into(), tables.len() as u64)],
            ..Dump::default()
        }
    }

    #[test]
    fn a_copy_is_verified_kind_by_kind_and_a_changed_record_is_found() {
        let source = dump(&[(1, "{\"a\":1}"), (2, "{\"b\":2}")]);
        let empty = Dump::default();
        let m = compare(&source, &empty, &source);
        assert!(m.verified(), "{:?}", m.lines());
        assert_eq!(m.kinds[0].1, 2, "two tables copied");
        // Run again: nothing new, still identical.
        let m = compare(&source, &source, &source);
        assert!(m.verified());
        assert_eq!(m.kinds[0].1, 0);
        // The database holds more (another installation's tables): still verified.
        let mut more = dump(&[(1, "{\"a\":1}"), (2, "{\"b\":2}"), (3, "{}")]);
        assert!(compare(&source, &empty, &more).verified());
        // One record differs: found, named.
        more.tables[1].1 = "{\"b\":3}".into();
        let m = compare(&source, &empty, &more);
        assert!(!m.verified());
        assert!(m.lines()[0].contains("tables") && m.lines()[0].contains("DIFFERENT"));
        // A counter behind the source is reported.
        let behind = Dump {
            counters: vec![("last_table_id".into(), 1)],
            ..source.clone()
        };
        let m = compare(&source, &empty, &behind);
        assert_eq!(m.counters_behind, vec!["last_table_id".to_string()]);
    }
}
