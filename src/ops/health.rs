//! Liveness and readiness. The process is alive while it answers at all; it is ready while
//! the store answers a read and a synced write and every chat it runs is connected: Discord's
//! gateway up, Matrix's sync loop answered recently.

use std::collections::BTreeMap;
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

/// The store's part of readiness: a read and a synced write, or why not.
pub type StoreProbe = Box<dyn Fn() -> Result<(), String> + Send + Sync>;

/// What the chats tell about their connections, and how to try the store.
pub struct Health {
    store: Option<StoreProbe>,
    chats: Mutex<BTreeMap<&'static str, Chat>>,
    /// A chat that reports signs of life is not ready when the last is older.
    stale_after: Duration,
    /// Set once the process stops taking commands.
    stopping: std::sync::atomic::AtomicBool,
}

#[derive(Debug, Clone, Default)]
struct Chat {
    connected: bool,
    /// Why it is not connected, in words.
    why: String,
    /// The last sign of life, for chats that give them (Matrix's sync answers).
    alive: Option<Instant>,
}

/// One part of the readiness.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Check {
    /// `store`, `discord`, `matrix`, `shutdown`.
    pub name: String,
    /// Whether this part is ready.
    pub ok: bool,
    /// What was found, in words.
    pub detail: String,
}

/// Every part of the readiness.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    /// Every check passed.
    pub ready: bool,
    /// The checks, the store first, then the chats by name.
    pub checks: Vec<Check>,
}

impl Report {
    /// The report as text: `ready` or `not ready`, then one line per check.
    pub fn text(&self) -> String {
        let mut text = String::from(if self.ready { "ready\n" } else { "not ready\n" });
        for c in &self.checks {
            let state = if c.ok { "ok" } else { "FAILING" };
            text.push_str(&format!("{}: {state} ({})\n", c.name, c.detail));
        }
        text
    }
}

impl std::fmt::Debug for Health {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Health")
            .field("chats", &self.chats)
            .finish_non_exhaustive()
    }
}

impl Default for Health {
    fn default() -> Health {
        Health::new(None, Duration::from_secs(120))
    }
}

impl Health {
    /// Readiness with the store tried by `store` (none: no store to try), chats whose last
    /// sign of life is older than `stale_after` counting as disconnected.
    pub fn new(store: Option<StoreProbe>, stale_after: Duration) -> Health {
        Health {
            store,
            chats: Mutex::new(BTreeMap::new()),
            stale_after,
            stopping: std::sync::atomic::AtomicBool::new(false),
        }
    }

    fn chats(&self) -> std::sync::MutexGuard<'_, BTreeMap<&'static str, Chat>> {
        self.chats.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// `chat` runs in this process and is not connected yet.
    pub fn expect(&self, chat: &'static str) {
        self.chats().entry(chat).or_insert_with(|| Chat {
            why: "not connected yet".into(),
            ..Chat::default()
        });
    }

    /// `chat` is connected.
    pub fn connected(&self, chat: &'static str) {
        let mut chats = self.chats();
        let c = chats.entry(chat).or_default();
        c.connected = true;
        c.why.clear();
    }

    /// `chat` lost its connection, for the reason `why`.
    pub fn disconnected(&self, chat: &'static str, why: impl Into<String>) {
        let mut chats = self.chats();
        let c = chats.entry(chat).or_default();
        c.connected = false;
        c.why = why.into();
    }

    /// `chat` showed a sign of life now (and so is connected).
    pub fn alive(&self, chat: &'static str) {
        let mut chats = self.chats();
        let c = chats.entry(chat).or_default();
        c.connected = true;
        c.why.clear();
        c.alive = Some(Instant::now());
    }

    /// How long ago `chat` last showed a sign of life (`None`: it gives none, or not yet).
    pub fn age(&self, chat: &'static str) -> Option<Duration> {
        self.chats().get(chat)?.alive.map(|at| at.elapsed())
    }

    /// The process stops taking commands: not ready any more.
    pub fn stopping(&self) {
        self.stopping
            .store(true, std::sync::atomic::Ordering::SeqCst);
    }

    /// Whether the process is stopping.
    pub fn is_stopping(&self) -> bool {
        self.stopping.load(std::sync::atomic::Ordering::SeqCst)
    }

    /// Tries the store and reads the chats' states. Blocking (the store's synced write).
    pub fn report(&self) -> Report {
        let mut checks = Vec::new();
        if let Some(probe) = &self.store {
            let started = Instant::now();
            let result = probe();
            let took = started.elapsed();
            checks.push(match result {
                Ok(()) => Check {
                    name: "store".into(),
                    ok: true,
                    detail: format!("read and synced write in {:.1} ms", millis(took)),
                },
                Err(e) => Check {
                    name: "store".into(),
                    ok: false,
                    detail: e,
                },
            });
        }
        for (name, chat) in self.chats().iter() {
            let age = chat.alive.map(|at| at.elapsed());
            let (ok, detail) = match (chat.connected, age) {
                (false, _) => (false, chat.why.clone()),
                (true, Some(age)) if age > self.stale_after => {
                    (false, format!("no sign of life for {} s", age.as_secs()))
                }
                (true, Some(age)) => (
                    true,
                    format!("connected, last answer {} s ago", age.as_secs()),
                ),
                (true, None) => (true, "connected".into()),
            };
            checks.push(Check {
                name: (*name).to_string(),
                ok,
                detail,
            });
        }
        if self.is_stopping() {
            checks.push(Check {
                name: "shutdown".into(),
                ok: false,
                detail: "stopping: no new commands taken".into(),
            });
        }
        Report {
            ready: checks.iter().all(|c| c.ok),
            checks,
        }
    }
}

fn millis(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ready_only_with_the_store_answering_and_every_chat_connected() {
        let failing = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let f = failing.clone();
        let health = Health::new(
            Some(Box::new(move || {
                if f.load(std::sync::atomic::Ordering::SeqCst) {
                    Err("disk full".into())
                } else {
                    Ok(())
                }
            })),
            Duration::from_secs(60),
        );
        assert!(
            health.report().ready,
            "no chat configured: the store decides"
        );
        health.expect("discord");
        let report = health.report();
        assert!(!report.ready);
        assert!(
            report
                .text()
                .contains("discord: FAILING (not connected yet)")
        );
        health.connected("discord");
        assert!(health.report().ready);
        failing.store(true, std::sync::atomic::Ordering::SeqCst);
        let report = health.report();
        assert!(!report.ready);
        assert!(
            report.text().contains("store: FAILING (disk full)"),
            "{}",
            report.text()
        );
        failing.store(false, std::sync::atomic::Ordering::SeqCst);
        health.disconnected("discord", "gateway closed");
        assert!(health.report().text().contains("gateway closed"));
        health.connected("discord");
        health.stopping();
        assert!(!health.report().ready);
    }

    #[test]
    fn a_chat_without_a_recent_sign_of_life_is_not_ready() {
        let health = Health::new(None, Duration::ZERO);
        health.alive("matrix");
        std::thread::sleep(Duration::from_millis(5));
        let report = health.report();
        assert!(!report.ready, "{}", report.text());
        assert!(report.text().contains("no sign of life"));
        let health = Health::new(None, Duration::from_secs(3600));
        health.alive("matrix");
        assert!(health.report().ready);
    }
}
