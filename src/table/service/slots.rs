//! Tables in memory: one slot per channel, loaded from the store on demand and let go when
//! closed or idle, so memory follows the active tables; the index of who sits where.

use super::*;
use crate::table::Reread;

/// When each open table's next timer is due, soonest first: the timer loop loads a table only
/// when its timer is due, so tables waiting for days (correspondence time) stay on disk.
#[derive(Debug, Default)]
pub(super) struct Timers {
    by_time: BTreeSet<(Millis, String)>,
    by_channel: HashMap<String, Millis>,
}

impl Timers {
    /// Sets (or, for `None`, clears) the channel's next timer.
    fn set(&mut self, channel: &str, at: Option<Millis>) {
        if let Some(old) = self.by_channel.remove(channel) {
            self.by_time.remove(&(old, channel.to_string()));
        }
        if let Some(at) = at {
            self.by_channel.insert(channel.to_string(), at);
            self.by_time.insert((at, channel.to_string()));
        }
    }

    /// The channels starting with `prefix` whose timer is due by `now`, soonest first.
    pub(super) fn due(&self, prefix: &str, now: Millis) -> Vec<String> {
        self.by_time
            .iter()
            .take_while(|(at, _)| *at <= now)
            .filter(|(_, c)| c.starts_with(prefix))
            .map(|(_, c)| c.clone())
            .collect()
    }

    /// The soonest timer of all.
    pub(super) fn next(&self) -> Option<Millis> {
        self.by_time.first().map(|(at, _)| *at)
    }
}

impl TableService {
    pub(crate) fn slot(&self, channel: &str) -> Arc<Mutex<Slot>> {
        lock(&self.slots)
            .entry(channel.to_string())
            .or_default()
            .clone()
    }

    /// Runs `f` on the channel's slot, loaded from the store if needed, then lets the slot go
    /// if it no longer needs to stay in memory.
    pub fn with_slot<T>(
        &self,
        channel: &str,
        f: impl FnOnce(&mut Slot) -> T,
    ) -> Result<T, StoreError> {
        let result = {
            let slot = self.slot(channel);
            let mut slot = lock(&slot);
            self.load_fresh(&mut slot, channel).map(|()| {
                let out = f(&mut slot);
                slot.used = self.now();
                out
            })
        };
        self.release(channel);
        result
    }

    /// Like [`with_slot`](Self::with_slot) for the timer loop: the visit does not count as a
    /// use, so a table the ticks pass leaves memory once it is idle.
    pub fn visit_slot<T>(
        &self,
        channel: &str,
        f: impl FnOnce(&mut Slot) -> T,
    ) -> Result<T, StoreError> {
        let result = {
            let slot = self.slot(channel);
            let mut slot = lock(&slot);
            self.load_fresh(&mut slot, channel).map(|()| f(&mut slot))
        };
        self.release(channel);
        result
    }

    /// Drops the channel's slot from memory unless it holds an open table that is timed or
    /// was used recently. Only a slot nobody else holds is dropped, so two slots for one
    /// channel never exist at once.
    pub(crate) fn release(&self, channel: &str) {
        let now = self.now();
        let mut slots = lock(&self.slots);
        let Some(slot) = slots.get(channel) else {
            return;
        };
        if Arc::strong_count(slot) != 1 {
            return;
        }
        let Ok(inner) = slot.try_lock() else {
            return;
        };
        // A timed table that leaves memory is loaded again when its timer is due (the index
        // keeps it); a slot whose commit failed is read again then.
        let keep = inner.table.as_ref().is_some_and(|t| {
            t.status.is_open()
                && (t.bot_to_act().is_some() || now.saturating_sub(inner.used) < self.idle_after)
        });
        drop(inner);
        if !keep {
            slots.remove(channel);
        }
    }

    /// Lets every idle table go (the ticks do this for their own channels as they pass).
    pub fn release_idle(&self) {
        let keys: Vec<String> = lock(&self.slots).keys().cloned().collect();
        for key in keys {
            self.release(&key);
        }
    }

    /// Reads the channel's current table from the store the first time the slot is used (and
    /// after a commit failed). With a store other processes write too, what another process
    /// changed is indexed here as well.
    pub(crate) fn ensure_loaded(&self, slot: &mut Slot, channel: &str) -> Result<(), StoreError> {
        if !slot.loaded {
            // A shared store's copy in memory is sent again only when it changed.
            let held = slot
                .seen
                .filter(|_| self.store.shared() && slot.table.is_some());
            let fresh = match self.store.current_table_unless(channel, held)? {
                Reread::Held => {
                    slot.loaded = true;
                    return Ok(());
                }
                Reread::Changed(fresh) => fresh.map(|t| *t),
            };
            if self.store.shared() && fresh != slot.table {
                self.reindex(channel, slot.table.as_ref(), fresh.as_ref());
            }
            slot.seen = self.seen(fresh.as_ref());
            slot.table = fresh;
            slot.loaded = true;
        }
        Ok(())
    }

    /// The table's id and the store's token for the version of it this process last saw.
    pub(crate) fn seen(&self, table: Option<&Table>) -> Option<(u64, u64)> {
        let table = table?;
        Some((table.id, self.store.seen(table.id)?))
    }

    /// Like [`with_slot`](Self::with_slot) for a command that acts. With a shared store, a
    /// table in memory that is the version this process last read or wrote is not read again:
    /// the commit's revision check stands for the read. Should another process have changed
    /// the table meanwhile — the commit is refused, or a player's action — nothing has been
    /// written, and `f` runs again on the table read afresh; `f` acts on the table only
    /// through [`act`](Self::act).
    pub fn with_slot_to_act<T>(
        &self,
        channel: &str,
        mut f: impl FnMut(&mut Slot) -> T,
    ) -> Result<T, StoreError> {
        let result = {
            let slot = self.slot(channel);
            let mut slot = lock(&slot);
            let result = self.act_on(&mut slot, channel, &mut f);
            slot.on_memory = false;
            slot.overtaken = false;
            result
        };
        self.release(channel);
        result
    }

    fn act_on<T>(
        &self,
        slot: &mut Slot,
        channel: &str,
        f: &mut impl FnMut(&mut Slot) -> T,
    ) -> Result<T, StoreError> {
        slot.on_memory = self.store.shared()
            && slot.loaded
            && slot.seen.is_some()
            && slot.seen == self.seen(slot.table.as_ref());
        if !slot.on_memory {
            self.load_fresh(slot, channel)?;
        }
        let mut out = f(slot);
        if std::mem::take(&mut slot.overtaken) {
            tracing::debug!(channel, "decided again on the table read afresh");
            slot.on_memory = false;
            self.load_fresh(slot, channel)?;
            out = f(slot);
        }
        slot.used = self.now();
        Ok(out)
    }

    /// Like [`ensure_loaded`](Self::ensure_loaded) where a command or a timer's visit begins:
    /// with a store other processes write too, the table is read afresh — once per command;
    /// a commit on top of a change read too early is refused by the store and decided again.
    pub(crate) fn load_fresh(&self, slot: &mut Slot, channel: &str) -> Result<(), StoreError> {
        if self.store.shared() {
            slot.loaded = false;
        }
        self.ensure_loaded(slot, channel)
    }

    /// Keeps the indexes of the open tables — who sits where, the tables of each community,
    /// the lobbies, who is to act at correspondence time, the next timers: `before` is the
    /// channel's table as it was, `after` as it is now.
    pub(crate) fn reindex(&self, channel: &str, before: Option<&Table>, after: Option<&Table>) {
        let open_after = after.filter(|t| t.status.is_open());
        let now = self.now();
        lock(&self.timers).set(channel, open_after.and_then(|t| next_deadline(t, now)));
        {
            let mut turns = lock(&self.turns);
            for user in before.iter().flat_map(|t| t.seats.iter()) {
                if let Some(set) = turns.get_mut(&user.id) {
                    set.remove(channel);
                    if set.is_empty() {
                        turns.remove(&user.id);
                    }
                }
            }
            if let Some(t) = open_after.filter(|t| t.is_correspondence()) {
                for seat in t.acting() {
                    if let Some(user) = t.seats.get(seat).filter(|u| !u.is_bot()) {
                        turns
                            .entry(user.id.clone())
                            .or_default()
                            .insert(channel.to_string());
                    }
                }
            }
        }
        {
            let community = |t: &Table| t.community.clone().unwrap_or_else(|| channel.into());
            let mut communities = lock(&self.communities);
            if let Some(t) = before {
                let key = community(t);
                if let Some(set) = communities.get_mut(&key) {
                    set.remove(channel);
                    if set.is_empty() {
                        communities.remove(&key);
                    }
                }
            }
            if let Some(t) = open_after {
                communities
                    .entry(community(t))
                    .or_default()
                    .insert(channel.to_string());
            }
            let mut lobbies = lock(&self.lobbies);
            match open_after.filter(|t| t.status == Status::Lobby) {
                Some(t) => lobbies.insert(channel.to_string(), t.created),
                None => lobbies.remove(channel),
            };
        }
        let mut seats = lock(&self.seats);
        for user in before.iter().flat_map(|t| t.seats.iter()) {
            if let Some(set) = seats.get_mut(&user.id) {
                set.remove(channel);
                if set.is_empty() {
                    seats.remove(&user.id);
                }
            }
        }
        for user in after
            .filter(|t| t.status.is_open())
            .iter()
            .flat_map(|t| t.seats.iter())
            .filter(|u| !u.is_bot())
        {
            seats
                .entry(user.id.clone())
                .or_default()
                .insert(channel.to_string());
        }
    }
}
