//! A store the tests can watch and break (sled unless said otherwise): it counts the writes
//! that reach it and the tables read by channel, and can be told to fail the writes (as a
//! database that cannot write would).

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use spieltisch::league::ChatStore;
use spieltisch::league::tournament::Tournament;
use spieltisch::league::{Batch, GameResult, LeagueStore, Prefs, PrefsStore, Rating, RatingKey};
use spieltisch::store::{SledStore, Store, StoreError};
use spieltisch::table::{LogEntry, Reread, Table, TableStore};

/// See the module documentation.
pub struct Watched<S = SledStore> {
    /// The real store.
    pub inner: S,
    /// Fail every table write while set.
    pub fail: AtomicBool,
    /// Table writes that reached the store (commits and relocations).
    pub writes: AtomicUsize,
    /// Channels' current tables read ([`TableStore::current_table`]).
    pub reads: AtomicUsize,
}

impl<S> Watched<S> {
    /// Watches `inner`.
    pub fn new(inner: S) -> Watched<S> {
        Watched {
            inner,
            fail: AtomicBool::new(false),
            writes: AtomicUsize::new(0),
            reads: AtomicUsize::new(0),
        }
    }

    fn write(&self) -> Result<(), StoreError> {
        self.writes.fetch_add(1, Ordering::SeqCst);
        if self.fail.load(Ordering::SeqCst) {
            return Err(StoreError::Db("disk full".into()));
        }
        Ok(())
    }
}

impl<S: Store> TableStore for Watched<S> {
    fn new_table_id(&self) -> Result<u64, StoreError> {
        self.inner.new_table_id()
    }
    fn commit(&self, table: &Table, entry: Option<&LogEntry>) -> Result<(), StoreError> {
        self.write()?;
        self.inner.commit(table, entry)
    }
    fn relocate(
        &self,
        table: &Table,
        from: &str,
        entry: Option<&LogEntry>,
    ) -> Result<(), StoreError> {
        self.write()?;
        self.inner.relocate(table, from, entry)
    }
    fn current_table(&self, channel: &str) -> Result<Option<Table>, StoreError> {
        self.reads.fetch_add(1, Ordering::SeqCst);
        self.inner.current_table(channel)
    }
    fn current_table_unless(
        &self,
        channel: &str,
        held: Option<(u64, u64)>,
    ) -> Result<Reread, StoreError> {
        self.reads.fetch_add(1, Ordering::SeqCst);
        self.inner.current_table_unless(channel, held)
    }
    fn open_tables(&self) -> Result<Vec<Table>, StoreError> {
        self.inner.open_tables()
    }
    fn log(&self, table_id: u64) -> Result<Vec<LogEntry>, StoreError> {
        self.inner.log(table_id)
    }
    fn set_heartbeat(&self, at: u64) -> Result<(), StoreError> {
        self.inner.set_heartbeat(at)
    }
    fn heartbeat(&self) -> Result<Option<u64>, StoreError> {
        self.inner.heartbeat()
    }
    fn probe(&self, at: u64) -> Result<(), StoreError> {
        self.inner.probe(at)
    }
    fn downtime(&self) -> Result<u64, StoreError> {
        self.inner.downtime()
    }
    fn set_downtime(&self, total: u64, alive_at: u64) -> Result<(), StoreError> {
        self.inner.set_downtime(total, alive_at)
    }
    fn table(&self, id: u64) -> Result<Option<Table>, StoreError> {
        self.inner.table(id)
    }
    fn shared(&self) -> bool {
        self.inner.shared()
    }
    fn seen(&self, table_id: u64) -> Option<u64> {
        self.inner.seen(table_id)
    }
    fn claim_due_tables(
        &self,
        prefix: &str,
        now: u64,
        wall_now: u64,
        lease: u64,
    ) -> Result<Vec<String>, StoreError> {
        self.inner.claim_due_tables(prefix, now, wall_now, lease)
    }
    fn reschedule(&self, table: &Table, now: u64) -> Result<(), StoreError> {
        self.inner.reschedule(table, now)
    }
    fn claim(&self, name: &str, wall_now: u64, lease: u64) -> Result<bool, StoreError> {
        self.inner.claim(name, wall_now, lease)
    }
    fn seated_channels(&self, user: &str) -> Result<Vec<String>, StoreError> {
        self.inner.seated_channels(user)
    }
}

impl<S: Store> PrefsStore for Watched<S> {
    fn prefs(&self, community: &str, user: &str) -> Result<Option<Prefs>, StoreError> {
        self.inner.prefs(community, user)
    }
    fn set_prefs(&self, community: &str, user: &str, prefs: &Prefs) -> Result<(), StoreError> {
        self.write()?;
        self.inner.set_prefs(community, user, prefs)
    }
    fn timed_prefs(&self) -> Result<Vec<(String, String, Prefs)>, StoreError> {
        self.inner.timed_prefs()
    }
}

impl<S: Store> LeagueStore for Watched<S> {
    fn commit_batch(&self, batch: &Batch<'_>) -> Result<Option<u64>, StoreError> {
        self.write()?;
        self.inner.commit_batch(batch)
    }
    fn tournament(&self, id: u64) -> Result<Option<Tournament>, StoreError> {
        self.inner.tournament(id)
    }
    fn channel_tournament(&self, channel: &str) -> Result<Option<Tournament>, StoreError> {
        self.inner.channel_tournament(channel)
    }
    fn open_tournaments(&self) -> Result<Vec<Tournament>, StoreError> {
        self.inner.open_tournaments()
    }
    fn entered_tournaments(&self, user: &str) -> Result<Vec<Tournament>, StoreError> {
        self.inner.entered_tournaments(user)
    }
    fn rating(&self, key: &RatingKey) -> Result<Option<Rating>, StoreError> {
        self.inner.rating(key)
    }
    fn ratings(&self, community: &str, game: &str) -> Result<Vec<(String, Rating)>, StoreError> {
        self.inner.ratings(community, game)
    }
    fn community_ratings(
        &self,
        community: &str,
    ) -> Result<Vec<(String, String, Rating)>, StoreError> {
        self.inner.community_ratings(community)
    }
    fn history(
        &self,
        community: &str,
        player: &str,
        limit: usize,
    ) -> Result<Vec<GameResult>, StoreError> {
        self.inner.history(community, player, limit)
    }
    fn results(&self) -> Result<Vec<GameResult>, StoreError> {
        self.inner.results()
    }
    fn all_ratings(&self) -> Result<Vec<(RatingKey, Rating)>, StoreError> {
        self.inner.all_ratings()
    }
    fn replace_ratings(&self, ratings: &[(RatingKey, Rating)]) -> Result<(), StoreError> {
        self.write()?;
        self.inner.replace_ratings(ratings)
    }
}

impl<S: Store> ChatStore for Watched<S> {
    fn chat_record(&self, key: &str) -> Result<Option<String>, StoreError> {
        self.inner.chat_record(key)
    }
    fn set_chat_record(&self, key: &str, record: Option<&str>) -> Result<(), StoreError> {
        self.write()?;
        self.inner.set_chat_record(key, record)
    }
    fn chat_records(&self, prefix: &str) -> Result<Vec<(String, String)>, StoreError> {
        self.inner.chat_records(prefix)
    }
}
