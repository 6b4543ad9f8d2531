//! A clean stop. On `SIGTERM` or `SIGINT` the process stops taking commands (Discord's
//! interactions are told to try again in a moment; Matrix and the console read no more),
//! finishes the work in flight — commands, their replies, the timers' tick under way — and
//! ends within the grace. Every change is synced before its reply, so a stop at any moment
//! loses nothing acknowledged; the grace only decides how much in-flight work ends answered.
//! A second signal during the grace ends the process at once.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use tokio::sync::{Notify, watch};

use super::Health;

/// The process's stop: requested once, and the work still in flight.
#[derive(Debug)]
pub struct Shutdown {
    requested: watch::Sender<bool>,
    in_flight: AtomicUsize,
    idle: Notify,
    grace: Duration,
    health: Arc<Health>,
}

/// A piece of work in flight: the stop waits for it until it is dropped.
#[derive(Debug)]
pub struct Working(Arc<Shutdown>);

impl Drop for Working {
    fn drop(&mut self) {
        if self.0.in_flight.fetch_sub(1, Ordering::SeqCst) == 1 {
            self.0.idle.notify_waiters();
        }
    }
}

impl Shutdown {
    /// A stop not requested yet, with `grace` for the work in flight; `health` turns not
    /// ready when it is requested.
    pub fn new(health: Arc<Health>, grace: Duration) -> Arc<Shutdown> {
        Arc::new(Shutdown {
            requested: watch::Sender::new(false),
            in_flight: AtomicUsize::new(0),
            idle: Notify::new(),
            grace,
            health,
        })
    }

    /// The grace given to the work in flight.
    pub fn grace(&self) -> Duration {
        self.grace
    }

    /// Listens for `SIGTERM` and `SIGINT` on a thread of its own: the first requests the stop,
    /// a second — or the grace running out — ends the process at once (status 1).
    pub fn on_signals(self: &Arc<Shutdown>) -> Result<(), String> {
        use tokio::signal::unix::{SignalKind, signal};
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(|e| format!("the signal thread's runtime: {e}"))?;
        // Registered here, before anything runs: a signal from now on is ours.
        let (mut term, mut int) = runtime
            .block_on(async {
                Ok::<_, std::io::Error>((
                    signal(SignalKind::terminate())?,
                    signal(SignalKind::interrupt())?,
                ))
            })
            .map_err(|e| format!("signals: {e}"))?;
        let stop = self.clone();
        std::thread::Builder::new()
            .name("spieltisch-signals".into())
            .spawn(move || {
                runtime.block_on(async move {
                    tokio::select! {
                        _ = term.recv() => {}
                        _ = int.recv() => {}
                    }
                    tracing::info!(
                        grace_s = stop.grace.as_secs_f64(),
                        "stopping: no new commands; finishing those in flight"
                    );
                    stop.request();
                    tokio::select! {
                        _ = term.recv() => tracing::warn!("a second signal: stopping at once"),
                        _ = int.recv() => tracing::warn!("a second signal: stopping at once"),
                        _ = tokio::time::sleep(stop.grace) => tracing::warn!(
                            in_flight = stop.in_flight.load(Ordering::SeqCst),
                            "the grace is over: stopping at once"
                        ),
                    }
                    std::process::exit(1);
                });
            })
            .map_err(|e| format!("the signal thread: {e}"))?;
        Ok(())
    }

    /// Requests the stop: no new commands from now on.
    pub fn request(&self) {
        self.health.stopping();
        self.requested.send_replace(true);
    }

    /// Whether the stop was requested.
    pub fn is_requested(&self) -> bool {
        *self.requested.borrow()
    }

    /// Returns once the stop is requested.
    pub async fn requested(&self) {
        let mut seen = self.requested.subscribe();
        let _ = seen.wait_for(|r| *r).await;
    }

    /// A new command's work, unless the stop was requested (then `None`: the command is not
    /// taken).
    pub fn begin(self: &Arc<Shutdown>) -> Option<Working> {
        let working = self.working();
        (!self.is_requested()).then_some(working)
    }

    /// Work already taken on (read before the stop, queued): it is finished whatever comes.
    pub fn working(self: &Arc<Shutdown>) -> Working {
        self.in_flight.fetch_add(1, Ordering::SeqCst);
        Working(self.clone())
    }

    /// Pieces of work in flight now.
    pub fn in_flight(&self) -> usize {
        self.in_flight.load(Ordering::SeqCst)
    }

    /// Returns once nothing is in flight.
    pub async fn drained(&self) {
        loop {
            let idle = self.idle.notified();
            tokio::pin!(idle);
            idle.as_mut().enable();
            if self.in_flight.load(Ordering::SeqCst) == 0 {
                return;
            }
            idle.await;
        }
    }

    /// Waits for the stop to be requested, then for the work in flight to end: what a chat's
    /// run awaits before it closes its connection.
    pub async fn stopped(&self) {
        self.requested().await;
        self.drained().await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn the_stop_waits_for_the_work_in_flight_and_takes_no_new() {
        let health = Arc::new(Health::default());
        let stop = Shutdown::new(health.clone(), Duration::from_secs(10));
        let first = stop.begin().expect("taken before the stop");
        let queued = stop.working();
        assert!(!stop.is_requested());
        stop.request();
        assert!(health.is_stopping());
        assert!(stop.begin().is_none(), "no new command once stopping");
        assert_eq!(stop.in_flight(), 2);
        let waiting = tokio::spawn({
            let stop = stop.clone();
            async move { stop.stopped().await }
        });
        drop(first);
        let mut waiting = waiting;
        assert!(
            tokio::time::timeout(Duration::from_millis(20), &mut waiting)
                .await
                .is_err(),
            "the queued work is still in flight"
        );
        drop(queued);
        waiting.await.expect("stopped once nothing is in flight");
        assert_eq!(stop.in_flight(), 0);
    }
}
