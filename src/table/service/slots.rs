//! Tables in memory: one slot per channel, loaded from the store on demand and let go when
//! closed or idle, so memory follows the active tables; the index of who sits where.

use super::*;

impl TableService {
    pub(super) fn slot(&self, channel: &str) -> Arc<Mutex<Slot>> {
        lock(&self.slots)
            .entry(channel.to_string())
            .or_default()
            .clone()
    }

    /// Runs `f` on the channel's slot, loaded from the store if needed, then lets the slot go
    /// if it no longer needs to stay in memory.
    pub(super) fn with_slot<T>(
        &self,
        channel: &str,
        f: impl FnOnce(&mut Slot) -> T,
    ) -> Result<T, StoreError> {
        let result = {
            let slot = self.slot(channel);
            let mut slot = lock(&slot);
            self.ensure_loaded(&mut slot, channel).map(|()| {
                let out = f(&mut slot);
                slot.used = self.now();
                out
            })
        };
        self.release(channel);
        result
    }

    /// Like [`with_slot`](Self::with_slot) for a slot already in memory (ticks): `None` when
    /// it is not, or cannot be loaded. Idle slots are let go.
    pub(super) fn with_loaded_slot<T>(
        &self,
        channel: &str,
        f: impl FnOnce(&mut Slot) -> T,
    ) -> Option<T> {
        let slot = lock(&self.slots).get(channel).cloned()?;
        let out = {
            let mut slot = lock(&slot);
            match self.ensure_loaded(&mut slot, channel) {
                Ok(()) => Some(f(&mut slot)),
                Err(e) => {
                    tracing::warn!(error = %e, channel, "table not loaded");
                    None
                }
            }
        };
        drop(slot);
        self.release(channel);
        out
    }

    /// Drops the channel's slot from memory unless it holds an open table that is timed or
    /// was used recently. Only a slot nobody else holds is dropped, so two slots for one
    /// channel never exist at once.
    pub(super) fn release(&self, channel: &str) {
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
        // (A slot whose commit failed is not loaded but keeps its table: a timed one stays, so
        // the ticks retry it.)
        let keep = inner.table.as_ref().is_some_and(|t| {
            t.status.is_open()
                && (next_deadline(t).is_some()
                    || t.bot_to_act().is_some()
                    || now.saturating_sub(inner.used) < self.idle_after)
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

    /// Reads the channel's current table from the store the first time the slot is used.
    pub(super) fn ensure_loaded(&self, slot: &mut Slot, channel: &str) -> Result<(), StoreError> {
        if !slot.loaded {
            slot.table = self.store.current_table(channel)?;
            slot.loaded = true;
        }
        Ok(())
    }

    /// Keeps the index of who sits at which open table: `before` is the channel's table as it
    /// was, `after` as it is now.
    pub(super) fn reindex(&self, channel: &str, before: Option<&Table>, after: Option<&Table>) {
        let open_after = after.filter(|t| t.status.is_open());
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
            match open_after.filter(|t| t.status == super::super::record::Status::Lobby) {
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
