//! Every record of a store, as stored: what `spieltisch migrate` copies from sled into
//! PostgreSQL and then compares, kind by kind, by count and checksum.

use sha2::{Digest, Sha256};

/// Every record of a store, each as its stored JSON text, sorted by key (byte order). The
/// heartbeat is left out: it moves while processes run.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Dump {
    /// Table id → table.
    pub tables: Vec<(u64, String)>,
    /// Channel → its current table.
    pub channels: Vec<(String, u64)>,
    /// (table id, sequence number) → log entry.
    pub log: Vec<(u64, u64, String)>,
    /// The counters: `last_table_id`, `last_result`, `downtime`.
    pub counters: Vec<(String, u64)>,
    /// (community, user) → settings.
    pub prefs: Vec<(String, String, String)>,
    /// Result number → result.
    pub results: Vec<(u64, String)>,
    /// (community, player, result number).
    pub history: Vec<(String, String, u64)>,
    /// (community, game, player) → rating.
    pub ratings: Vec<(String, String, String, String)>,
    /// Tournament id → tournament.
    pub tournaments: Vec<(u64, String)>,
    /// Channel → its newest tournament.
    pub tournament_channels: Vec<(String, u64)>,
    /// The chats' memory: key → record.
    pub chat: Vec<(String, String)>,
}

/// One kind of record in a [`Dump`]: how many, and the SHA-256 of them all in key order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tally {
    /// The kind ("tables", "log", ...).
    pub kind: &'static str,
    /// How many records.
    pub count: usize,
    /// SHA-256 over every record (key and value) in order, hex.
    pub checksum: String,
}

/// The counters a dump carries (the heartbeat is not one of them).
pub const COUNTERS: [&str; 3] = ["last_table_id", "last_result", "downtime"];

fn tally<T: std::fmt::Debug>(kind: &'static str, rows: &[T]) -> Tally {
    let mut sha = Sha256::new();
    for row in rows {
        // `Debug` of tuples of numbers and strings is unambiguous: strings are quoted and
        // escaped.
        sha.update(format!("{row:?}\n").as_bytes());
    }
    let checksum = sha.finalize().iter().map(|b| format!("{b:02x}")).collect();
    Tally {
        kind,
        count: rows.len(),
        checksum,
    }
}

impl Dump {
    /// Sorts every kind by key, as both stores list them.
    pub fn sort(&mut self) {
        self.tables.sort();
        self.channels.sort();
        self.log.sort();
        self.counters.sort();
        self.prefs.sort();
        self.results.sort();
        self.history.sort();
        self.ratings.sort();
        self.tournaments.sort();
        self.tournament_channels.sort();
        self.chat.sort();
    }

    /// Count and checksum of each kind.
    pub fn tallies(&self) -> Vec<Tally> {
        vec![
            tally("tables", &self.tables),
            tally("channels", &self.channels),
            tally("log entries", &self.log),
            tally("counters", &self.counters),
            tally("settings", &self.prefs),
            tally("results", &self.results),
            tally("history", &self.history),
            tally("ratings", &self.ratings),
            tally("tournaments", &self.tournaments),
            tally("tournament channels", &self.tournament_channels),
            tally("chat memory", &self.chat),
        ]
    }

    /// The records of `self` whose keys `other` holds too (what a copy of `other` into a
    /// database that already held `self` is compared with); the counters as they are.
    pub fn restricted_to(&self, other: &Dump) -> Dump {
        fn keep<T: Clone, K: Ord>(mine: &[T], theirs: &[T], key: impl Fn(&T) -> K) -> Vec<T> {
            let keys: std::collections::BTreeSet<K> = theirs.iter().map(&key).collect();
            mine.iter()
                .filter(|r| keys.contains(&key(r)))
                .cloned()
                .collect()
        }
        Dump {
            tables: keep(&self.tables, &other.tables, |r| r.0),
            channels: keep(&self.channels, &other.channels, |r| r.0.clone()),
            log: keep(&self.log, &other.log, |r| (r.0, r.1)),
            counters: self.counters.clone(),
            prefs: keep(&self.prefs, &other.prefs, |r| (r.0.clone(), r.1.clone())),
            results: keep(&self.results, &other.results, |r| r.0),
            history: keep(&self.history, &other.history, |r| r.clone()),
            ratings: keep(&self.ratings, &other.ratings, |r| {
                (r.0.clone(), r.1.clone(), r.2.clone())
            }),
            tournaments: keep(&self.tournaments, &other.tournaments, |r| r.0),
            tournament_channels: keep(&self.tournament_channels, &other.tournament_channels, |r| {
                r.0.clone()
            }),
            chat: keep(&self.chat, &other.chat, |r| r.0.clone()),
        }
    }

    /// A counter's value (0 when absent).
    pub fn counter(&self, name: &str) -> u64 {
        self.counters
            .iter()
            .find(|(n, _)| n == name)
            .map_or(0, |(_, v)| *v)
    }
}
