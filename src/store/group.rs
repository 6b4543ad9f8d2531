//! Group commit: commits that arrive together share one sync to stable storage.

use std::sync::{Condvar, Mutex, PoisonError};

#[derive(Debug, Default)]
struct State {
    /// Tickets handed out: one per commit waiting for its data to be synced.
    requested: u64,
    /// Every ticket up to this one is on stable storage.
    synced: u64,
    /// A sync is running.
    syncing: bool,
    /// Every ticket up to this one was covered by a sync that failed.
    failed: u64,
}

/// Shares one sync among the commits that wait for it at the same time.
///
/// A commit first writes its data (so that the sync about to start covers it), then calls
/// [`sync`](GroupSync::sync). The first caller syncs for everybody who asked before it began;
/// who asked while it ran waits for the next sync, which then covers all of them at once.
#[derive(Debug, Default)]
pub struct GroupSync {
    state: Mutex<State>,
    done: Condvar,
}

impl GroupSync {
    /// Returns once everything written before the call is on stable storage, running `sync`
    /// (or waiting for another caller's run of it) as needed. When the sync that covered a
    /// caller fails, that caller gets an error too (`lost` makes it for those who only waited):
    /// a second sync of the same file could succeed although the data is gone.
    pub fn sync<E>(&self, sync: impl Fn() -> Result<(), E>, lost: impl Fn() -> E) -> Result<(), E> {
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        state.requested += 1;
        let ticket = state.requested;
        loop {
            if state.synced >= ticket {
                return Ok(());
            }
            if state.failed >= ticket {
                return Err(lost());
            }
            if !state.syncing {
                state.syncing = true;
                let (covers, before) = (state.requested, state.synced.max(state.failed));
                drop(state);
                let started = std::time::Instant::now();
                let result = sync();
                let took = started.elapsed();
                state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
                state.syncing = false;
                match result {
                    Ok(()) => {
                        state.synced = state.synced.max(covers);
                        crate::telemetry::seconds(crate::telemetry::STORE_SYNC_SECONDS, &[], took);
                        metrics::histogram!(crate::telemetry::STORE_COMMITS_PER_SYNC)
                            .record(covers.saturating_sub(before) as f64);
                    }
                    Err(e) => {
                        state.failed = state.failed.max(covers);
                        self.done.notify_all();
                        return Err(e);
                    }
                }
                self.done.notify_all();
                continue;
            }
            state = self
                .done
                .wait(state)
                .unwrap_or_else(PoisonError::into_inner);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicU64, Ordering};

    #[test]
    fn one_caller_syncs_once() {
        let group = GroupSync::default();
        let runs = AtomicU64::new(0);
        let sync = || {
            runs.fetch_add(1, Ordering::SeqCst);
            Ok::<(), ()>(())
        };
        group.sync(sync, || ()).unwrap();
        group.sync(sync, || ()).unwrap();
        assert_eq!(runs.load(Ordering::SeqCst), 2, "each lone commit syncs");
    }

    #[test]
    fn callers_waiting_together_share_syncs_and_all_return() {
        let group = Arc::new(GroupSync::default());
        let runs = Arc::new(AtomicU64::new(0));
        let threads: Vec<_> = (0..16)
            .map(|_| {
                let (group, runs) = (group.clone(), runs.clone());
                std::thread::spawn(move || {
                    for _ in 0..50 {
                        group
                            .sync(
                                || {
                                    runs.fetch_add(1, Ordering::SeqCst);
                                    std::thread::sleep(std::time::Duration::from_millis(1));
                                    Ok::<(), ()>(())
                                },
                                || (),
                            )
                            .unwrap();
                    }
                })
            })
            .collect();
        for t in threads {
            t.join().unwrap();
        }
        let runs = runs.load(Ordering::SeqCst);
        assert!(runs >= 50, "every commit is covered by a sync after it");
        assert!(
            runs < 16 * 50,
            "commits waiting together shared syncs ({runs} runs)"
        );
    }

    #[test]
    fn a_failed_sync_fails_every_caller_it_covered_and_the_next_one_is_tried_again() {
        let group = Arc::new(GroupSync::default());
        let started = Arc::new(std::sync::Barrier::new(2));
        // The first caller's sync fails slowly; a second caller waits on it meanwhile.
        let leader = {
            let (group, started) = (group.clone(), started.clone());
            std::thread::spawn(move || {
                group.sync(
                    || {
                        started.wait();
                        std::thread::sleep(std::time::Duration::from_millis(50));
                        Err("disk full")
                    },
                    || "lost",
                )
            })
        };
        started.wait();
        // Asked while the failing sync runs: covered by the next one, which succeeds.
        let waiter = group.sync(|| Ok(()), || "lost");
        assert_eq!(leader.join().unwrap(), Err("disk full"));
        assert_eq!(waiter, Ok(()));
        // A ticket covered by a failed sync is failed, not synced again.
        let group = GroupSync::default();
        {
            let mut state = group.state.lock().unwrap();
            state.requested = 1;
            state.failed = 2;
        }
        assert_eq!(group.sync(|| Ok::<(), &str>(()), || "lost"), Err("lost"));
        assert_eq!(group.sync(|| Ok::<(), &str>(()), || "lost"), Ok(()));
    }
}
