//! The table service: one table per channel, commands serialized per table, and the one path
//! every change takes — [`decide`] (pure) → one durable commit → [`project`] (replies per
//! audience). Replies leave only after the commit. What spans tables hooks in through the
//! [`Seams`] each change is given; the service names none of it.
//!
//! Memory follows the active tables, not history: a channel whose table is closed (or that has
//! none) leaves memory as soon as its command is answered, an open table without a timer after
//! a while idle; both load again on demand.

use std::collections::{BTreeSet, HashMap};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

mod bots;
mod commit;
mod gone;
mod seams;
mod slots;
mod thinking;
mod timers;

pub use seams::{Committed, Seams};
pub use thinking::Thinking;

use super::action::{Action, Actor};
use super::clock::{Millis, TimeSource};
use super::command::User;
use super::decide::{Decision, Refusal, decide};
use super::record::{Entry, LogEntry, Status, Table};
use super::refused::Refused;
use super::reply::Reply;
use super::seeding::{Purpose, Seeding};
use super::store::{StoreError, TableStore};
use super::timing::{Timing, next_deadline};
use super::views::Asker;

/// An open table without a timer leaves memory after this long unused.
pub const IDLE_AFTER: Duration = Duration::from_secs(10 * 60);

/// A channel's place in memory: its current table, once read from the store.
#[derive(Debug, Default)]
pub struct Slot {
    /// Whether `table` was read from the store (and holds what it holds).
    pub(crate) loaded: bool,
    /// The channel's current table.
    pub(crate) table: Option<Table>,
    /// When the slot was last used (table time).
    pub(crate) used: Millis,
    /// With a shared store: the table's id and the store's token for the version `table` is
    /// ([`TableStore::seen`]), as of the last read or commit here.
    pub(crate) seen: Option<(u64, u64)>,
    /// The command at hand decides on `table` as it is in memory, not read again: a decision
    /// holds only once the commit's revision check passed.
    pub(crate) on_memory: bool,
    /// A decision on the copy in memory did not hold (the commit was refused, or the action):
    /// nothing was written, and the command runs again on the table read afresh.
    pub(crate) overtaken: bool,
}

impl Slot {
    /// The channel's current table (open or not), as loaded.
    pub fn table(&self) -> Option<&Table> {
        self.table.as_ref()
    }
}

/// The table service. Cheap to share behind an `Arc`; every method takes `&self`.
pub struct TableService {
    store: Arc<dyn TableStore>,
    time: Arc<dyn TimeSource>,
    /// Total time the service was down: table time is the wall clock minus this.
    downtime: Millis,
    seeding: Seeding,
    idle_after: Millis,
    slots: Mutex<HashMap<String, Arc<Mutex<Slot>>>>,
    /// Who sits at which open tables: user id → channels.
    seats: Mutex<HashMap<String, BTreeSet<String>>>,
    /// The open tables of each community: community → channels.
    communities: Mutex<HashMap<String, BTreeSet<String>>>,
    /// Where each person is to act at correspondence time: user id → channels.
    turns: Mutex<HashMap<String, BTreeSet<String>>>,
    /// The lobbies and when each was opened (they expire).
    lobbies: Mutex<HashMap<String, Millis>>,
    /// How long a lobby nobody starts stays open.
    lobby_expiry: Duration,
    /// How long a `hard` computer player may think.
    bot_budget: Duration,
    /// Moves computer players are thinking about, per channel.
    thoughts: Mutex<HashMap<String, bots::Thought>>,
    /// Where the computer players think.
    pool: thinking::ThinkPool,
    /// How the service treats time; each new table keeps its policy.
    timing: Timing,
    /// Replies for channels other than a command's, sent with the next tick.
    outbox: Mutex<Vec<(String, Vec<Reply>)>>,
    /// When each open table's next timer is due.
    timers: Mutex<slots::Timers>,
}

/// Locks `m`, whatever a panic left behind.
pub(crate) fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    // A panic while holding a table lock must not take every later command down with it; the
    // table inside is only ever replaced by a committed copy, so it is consistent.
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The reply to a command the store failed.
pub fn store_failure(asker: Asker<'_>, e: &StoreError) -> Reply {
    tracing::error!(error = %e, "store failure");
    asker.refuse(crate::refusal!("store-failed"))
}

/// The log entry of a decided change, counted in the table.
pub fn log_entry(table: &mut Table, entry: Entry, user: Option<User>, now: Millis) -> LogEntry {
    let log = LogEntry {
        seq: table.log_len,
        at: now,
        seat: user.as_ref().and_then(|u| table.seat_of(u)),
        user: user.map(|u| u.id),
        entry,
    };
    table.log_len += 1;
    log
}

/// Why a table did not move to another channel ([`TableService::relocate`]).
#[derive(Debug, thiserror::Error)]
pub enum Unmoved {
    /// The table there could not be read or the move not written.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The channel moved to has an open table of its own.
    #[error("{0} already has an open table")]
    Occupied(String),
    /// No table to move (the table's own refusal, [`Refused::RelocateNoTable`]).
    #[error("{}", .0.key())]
    Refused(Refused),
}

/// The reply that tells the sender why an action was refused.
fn refusal_reply(asker: Asker<'_>, refusal: Refusal) -> Reply {
    let mut reply = if refusal.private {
        Reply::private_refusal(asker.user, refusal.refused)
    } else {
        asker.refuse(refusal.refused)
    };
    reply.hint = refusal.hint;
    reply
}

impl TableService {
    /// Opens the service on `store`. Time while the service was down counts for nobody: it is
    /// added to the stored downtime (one small write), and table time runs that much behind the
    /// wall clock — no table is rewritten. Every open table's timer is indexed; those with a
    /// computer player to move are loaded so it moves, the rest load when used or due. `each`
    /// sees every open table as it is read (what spans tables learns of them without reading
    /// them again).
    pub fn open(
        store: Arc<dyn TableStore>,
        time: Arc<dyn TimeSource>,
        seeding: Seeding,
        mut each: impl FnMut(&Table),
    ) -> Result<TableService, StoreError> {
        let wall = time.now();
        let mut downtime = store.downtime()?;
        if let Some(last_alive) = store.heartbeat()? {
            let gap = wall.saturating_sub(last_alive);
            if gap > 0 {
                downtime = downtime.saturating_add(gap);
                // With the heartbeat, in one synced write: a crash right after cannot count
                // the same gap twice.
                store.set_downtime(downtime, wall)?;
            }
        }
        store.set_heartbeat(wall)?;
        let service = TableService {
            store,
            time,
            downtime,
            seeding,
            idle_after: IDLE_AFTER.as_millis() as Millis,
            slots: Mutex::new(HashMap::new()),
            seats: Mutex::new(HashMap::new()),
            communities: Mutex::new(HashMap::new()),
            turns: Mutex::new(HashMap::new()),
            lobbies: Mutex::new(HashMap::new()),
            lobby_expiry: Duration::from_secs(24 * 3600),
            bot_budget: Duration::from_secs(2),
            thoughts: Mutex::new(HashMap::new()),
            pool: thinking::ThinkPool::per_core(),
            timing: Timing::default(),
            outbox: Mutex::new(Vec::new()),
            timers: Mutex::new(slots::Timers::default()),
        };
        let now = service.now();
        for table in service.store.open_tables()? {
            each(&table);
            service.reindex(&table.channel.clone(), None, Some(&table));
            if table.bot_to_act().is_some() {
                tracing::info!(table = table.id, channel = %table.channel, "table with a bot to move loaded");
                lock(&service.slots).insert(
                    table.channel.clone(),
                    Arc::new(Mutex::new(Slot {
                        loaded: true,
                        seen: service.seen(Some(&table)),
                        table: Some(table),
                        used: now,
                        ..Slot::default()
                    })),
                );
            }
        }
        Ok(service)
    }

    /// Sets how long an open table without a timer stays in memory unused.
    pub fn with_idle_after(mut self, idle: Duration) -> TableService {
        self.idle_after = idle.as_millis() as Millis;
        self
    }

    /// Sets how time is treated: reminders, correspondence time, idle seats, digests and the
    /// rate of notices (the defaults are [`Timing::default`]). Tables keep the policy they
    /// were opened with.
    pub fn with_timing(mut self, timing: Timing) -> TableService {
        self.timing = timing;
        self
    }

    /// Sets how long a lobby nobody starts stays open (default a day).
    pub fn with_lobby_expiry(mut self, expiry: Duration) -> TableService {
        self.lobby_expiry = expiry;
        self
    }

    /// How the service treats time.
    pub fn timing(&self) -> &Timing {
        &self.timing
    }

    /// Table time: the wall clock less the time the service was down.
    pub fn now(&self) -> Millis {
        self.time.now().saturating_sub(self.downtime)
    }

    /// The wall clock (ms since the epoch), for leases shared with other processes.
    pub fn wall_now(&self) -> Millis {
        self.time.now()
    }

    /// Number of tables held in memory (for tests and benchmarks: it follows the active
    /// tables, not history).
    pub fn loaded_tables(&self) -> usize {
        lock(&self.slots).len()
    }

    /// The open tables held in memory, counted by game (its `/join` word) and status; every
    /// game and open status is there, with 0 where none is.
    pub fn open_tables(&self) -> Vec<(&'static str, Status, usize)> {
        let held: Vec<Arc<Mutex<Slot>>> = lock(&self.slots).values().cloned().collect();
        let mut counts: Vec<(&'static str, Status, usize)> = crate::games::GameKind::ALL
            .iter()
            .flat_map(|k| [Status::Lobby, Status::Running].map(|s| (k.info().id, s, 0)))
            .collect();
        for slot in held {
            let slot = lock(&slot);
            let Some(table) = slot.table.as_ref().filter(|t| t.status.is_open()) else {
                continue;
            };
            let id = table.kind.info().id;
            if let Some(c) = counts
                .iter_mut()
                .find(|(game, status, _)| *game == id && *status == table.status)
            {
                c.2 += 1;
            }
        }
        counts
    }

    /// The legal moves of `user` at the table in `channel`, each with its label in the current
    /// language ([`crate::games::Game::move_label`]); empty when not seated, not their turn, or
    /// no game is running.
    pub fn labelled_moves(&self, channel: &str, user: &User) -> Vec<(String, String)> {
        let moves = self.with_slot(channel, |slot| match &slot.table {
            Some(t) if t.status == Status::Running => match (&t.game, t.seat_of(user)) {
                (Some(game), Some(seat)) => game
                    .legal_moves(seat)
                    .into_iter()
                    .map(|m| {
                        let label = game.label(&m);
                        (m, label)
                    })
                    .collect(),
                _ => Vec::new(),
            },
            _ => Vec::new(),
        });
        moves.unwrap_or_default()
    }

    /// The name of the game at the channel's open table (for labels such as "<game> in #room").
    pub fn game_name(&self, channel: &str) -> Option<&'static str> {
        self.with_slot(channel, |slot| {
            slot.table
                .as_ref()
                .filter(|t| t.status.is_open())
                .map(|t| t.kind.info().name)
        })
        .ok()
        .flatten()
    }

    /// The channels, among those whose key starts with `prefix`, where `user` sits at an open
    /// table; those where the user is to act first.
    pub fn seated(&self, user: &User, prefix: &str) -> Vec<String> {
        let mut channels = self.channels_of(&user.id);
        channels.retain(|c| c.starts_with(prefix));
        let mut found: Vec<(bool, String)> = channels
            .into_iter()
            .filter_map(|channel| {
                let to_act = self
                    .with_slot(&channel, |slot| {
                        let table = slot.table.as_ref().filter(|t| t.status.is_open())?;
                        let seat = table.seat_of(user)?;
                        Some(table.acting().contains(&seat))
                    })
                    .ok()
                    .flatten()?;
                Some((!to_act, channel))
            })
            .collect();
        found.sort();
        found.into_iter().map(|(_, key)| key).collect()
    }

    /// The channels of the open tables `user_id` sits at (with a shared store, as the store
    /// knows them, whichever process opened them).
    pub fn channels_of(&self, user_id: &str) -> Vec<String> {
        if self.store.shared() {
            match self.store.seated_channels(user_id) {
                Ok(channels) => return channels,
                Err(e) => tracing::warn!(error = %e, "seats read from memory instead"),
            }
        }
        lock(&self.seats)
            .get(user_id)
            .map(|set| set.iter().cloned().collect())
            .unwrap_or_default()
    }

    /// The channels of the open tables of `community` (from memory).
    pub fn open_channels(&self, community: &str) -> Vec<String> {
        lock(&self.communities)
            .get(community)
            .map(|set| set.iter().cloned().collect())
            .unwrap_or_default()
    }

    /// At how many open tables of `community` the user `user_id` is to act at correspondence
    /// time (from memory).
    pub fn turns_in(&self, user_id: &str, community: &str) -> usize {
        let turns = lock(&self.turns);
        let communities = lock(&self.communities);
        let here = communities.get(community);
        turns.get(user_id).map_or(0, |channels| {
            channels
                .iter()
                .filter(|c| here.is_some_and(|set| set.contains(*c)))
                .count()
        })
    }

    /// The community of the open table in `channel` (from memory).
    pub fn community_of_channel(&self, channel: &str) -> Option<String> {
        lock(&self.communities)
            .iter()
            .find(|(_, channels)| channels.contains(channel))
            .map(|(community, _)| community.clone())
    }

    /// How many open tables the community `community` has.
    pub fn open_in(&self, community: &str) -> usize {
        lock(&self.communities)
            .get(community)
            .map_or(0, BTreeSet::len)
    }

    /// Moves the table of channel `from` to channel `to` (e.g. into a thread opened for the
    /// game), through the one path like every change. Refused when `from` has no open table or
    /// `to` already has one.
    pub fn relocate(&self, from: &str, to: &str) -> Result<(), Unmoved> {
        if from == to {
            return Ok(());
        }
        let result = (|| {
            // Both slots, locked in key order so that two opposite moves cannot deadlock.
            let (from_arc, to_arc) = (self.slot(from), self.slot(to));
            let (mut from_slot, mut to_slot) = if from < to {
                let f = lock(&from_arc);
                (f, lock(&to_arc))
            } else {
                let t = lock(&to_arc);
                (lock(&from_arc), t)
            };
            self.load_fresh(&mut from_slot, from)?;
            self.load_fresh(&mut to_slot, to)?;
            if to_slot.table.as_ref().is_some_and(|t| t.status.is_open()) {
                return Err(Unmoved::Occupied(to.to_string()));
            }
            let now = self.now();
            let action = Action::Relocate(to.to_string());
            let Decision {
                mut table, entry, ..
            } = decide(from, from_slot.table.as_ref(), &Actor::Table, &action, now)
                .map_err(|r| Unmoved::Refused(r.refused))?;
            let log = log_entry(&mut table, entry, None, now);
            self.store.relocate(&table, from, Some(&log))?;
            tracing::info!(table = table.id, from, to, "table moved");
            self.reindex(from, from_slot.table.as_ref(), None);
            self.reindex(to, None, Some(&table));
            from_slot.table = None;
            to_slot.seen = self.seen(Some(&table));
            to_slot.table = Some(table);
            to_slot.used = self.now();
            Ok(())
        })();
        self.release(from);
        self.release(to);
        result
    }

    /// Announces `replies` in `channel` with the next tick (what a change said elsewhere).
    pub fn post(&self, channel: String, replies: Vec<Reply>) {
        lock(&self.outbox).push((channel, replies));
    }

    /// Takes the replies waiting for channels that start with `prefix`.
    pub fn take_outbox(&self, prefix: &str) -> Vec<(String, Vec<Reply>)> {
        let mut outbox = lock(&self.outbox);
        let (mine, rest): (Vec<_>, Vec<_>) = outbox
            .drain(..)
            .partition(|(channel, _)| channel.starts_with(prefix));
        *outbox = rest;
        mine
    }

    /// A new table's seed.
    pub fn new_seed(&self, table_id: u64) -> u64 {
        self.seeding.seed(Purpose::Table, table_id)
    }
}
