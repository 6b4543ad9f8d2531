//! What a process learns of the others when several share one store: the users' timed
//! settings (vacations, digests) other processes wrote are read again every so often, and
//! who sits where is asked of the store.

use std::sync::atomic::Ordering;

use std::collections::{BTreeSet, HashMap};

use super::*;

/// How often a process reads the timed settings again (wall clock, ms).
const REFRESH: u64 = 30_000;

impl App {
    /// Indexes the users' timed settings: who is away until when, whose digest is due when.
    /// Replaces what was indexed (they are the stored truth).
    pub(super) fn index_timed(
        &self,
        timed: Vec<(String, String, crate::league::Prefs)>,
        now: Millis,
    ) {
        let mut away = HashMap::new();
        let mut digests = BTreeSet::new();
        for (community, user, prefs) in timed {
            if let Some(until) = prefs.vacations.away_until(now) {
                away.insert((community.clone(), user.clone()), until);
            }
            if let Some(due) = prefs.digest.due {
                digests.insert((due, community, user));
            }
        }
        self.vacations.index(away);
        self.notify.index(digests);
    }

    /// With a shared store, every [`REFRESH`]: reads the timed settings again, so that a
    /// vacation or a digest another process scheduled is known here too.
    pub(super) fn refresh_shared(&self) {
        if !self.store.shared() {
            return;
        }
        let wall = self.core.wall_now();
        let last = self.refreshed.load(Ordering::SeqCst);
        if wall < last.saturating_add(REFRESH)
            || self
                .refreshed
                .compare_exchange(last, wall, Ordering::SeqCst, Ordering::SeqCst)
                .is_err()
        {
            return;
        }
        // Another process may have changed a language or where someone's pings go.
        self.languages.forget_languages();
        self.notify.forget_modes();
        match self.store.timed_prefs() {
            Ok(timed) => self.index_timed(timed, self.now()),
            Err(e) => tracing::warn!(error = %e, "timed settings not read again"),
        }
    }
}
