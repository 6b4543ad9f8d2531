//! Ordered work queues, one per key (a room, a player's direct room), so that nothing the bot
//! does waits inside matrix-sdk's sync loop and a slow room never holds up another.
//!
//! A queue is made when its first job arrives: a worker task runs its jobs one after the other,
//! in the order they were pushed, and ends when the queue has been idle for [`IDLE`]. Two
//! queues never wait for each other.

use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use tokio::sync::mpsc;

/// How long a worker waits for more work before it ends.
pub const IDLE: Duration = Duration::from_secs(30);

/// One job: a future run to its end before the next job of the same queue starts.
pub type Job = Pin<Box<dyn Future<Output = ()> + Send + 'static>>;

/// Queues by key.
pub struct Queues {
    senders: Arc<Mutex<HashMap<String, mpsc::UnboundedSender<Job>>>>,
    idle: Duration,
    /// The clean stop waits for every job queued.
    stop: Option<Arc<crate::ops::Shutdown>>,
}

impl Default for Queues {
    fn default() -> Queues {
        Queues::with_idle(IDLE)
    }
}

impl Queues {
    /// Queues whose workers end after `idle` without work.
    pub fn with_idle(idle: Duration) -> Queues {
        Queues {
            senders: Arc::default(),
            idle,
            stop: None,
        }
    }

    /// The same queues, their jobs counted as work in flight by `stop`: a clean stop ends
    /// only once every job queued is done.
    pub fn finished_before(mut self, stop: Arc<crate::ops::Shutdown>) -> Queues {
        self.stop = Some(stop);
        self
    }

    /// Appends `job` to the queue of `key`, starting its worker if it has none.
    pub fn push(&self, key: &str, job: impl Future<Output = ()> + Send + 'static) {
        let working = self.stop.as_ref().map(|s| s.working());
        let job: Job = Box::pin(async move {
            job.await;
            drop(working);
        });
        let mut senders = self.senders.lock().unwrap_or_else(PoisonError::into_inner);
        // The map holds the only sender: a worker that ended removed it under this lock first.
        let job = match senders.get(key) {
            Some(sender) => match sender.send(job) {
                Ok(()) => return,
                Err(mpsc::error::SendError(job)) => job,
            },
            None => job,
        };
        let (sender, receiver) = mpsc::unbounded_channel();
        let _ = sender.send(job);
        senders.insert(key.to_string(), sender);
        tokio::spawn(work(
            self.senders.clone(),
            key.to_string(),
            receiver,
            self.idle,
        ));
    }

    /// How many queues have a worker (for tests and logs).
    pub fn active(&self) -> usize {
        self.senders
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .len()
    }
}

async fn work(
    senders: Arc<Mutex<HashMap<String, mpsc::UnboundedSender<Job>>>>,
    key: String,
    mut receiver: mpsc::UnboundedReceiver<Job>,
    idle: Duration,
) {
    loop {
        match tokio::time::timeout(idle, receiver.recv()).await {
            Ok(Some(job)) => run(&key, job).await,
            Ok(None) => return,
            Err(_idle) => {
                // Nothing came: leave the map, then finish what slipped in before that.
                senders
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .remove(&key);
                receiver.close();
                while let Ok(job) = receiver.try_recv() {
                    run(&key, job).await;
                }
                return;
            }
        }
    }
}

/// Runs one job; a job that panics is logged and the queue goes on.
async fn run(key: &str, job: Job) {
    if let Err(e) = tokio::spawn(job).await {
        tracing::error!(queue = key, error = %e, "a queued job failed");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn one_queue_keeps_order_and_a_slow_one_blocks_no_other() {
        let queues = Queues::default();
        let log = Arc::new(Mutex::new(Vec::new()));
        let (release, blocked) = tokio::sync::oneshot::channel::<()>();
        let l = log.clone();
        queues.push("slow", async move {
            let _ = blocked.await;
            l.lock().unwrap().push("slow");
        });
        let (done, finished) = tokio::sync::oneshot::channel::<()>();
        for i in 0..5 {
            let l = log.clone();
            queues.push("fast", async move {
                l.lock().unwrap().push(["0", "1", "2", "3", "4"][i]);
            });
        }
        queues.push("fast", async move {
            let _ = done.send(());
        });
        finished
            .await
            .expect("the fast queue ran while the slow one waited");
        assert_eq!(*log.lock().unwrap(), ["0", "1", "2", "3", "4"]);
        assert_eq!(queues.active(), 2);
        let _ = release.send(());
        let (done, finished) = tokio::sync::oneshot::channel::<()>();
        queues.push("slow", async move {
            let _ = done.send(());
        });
        finished.await.expect("the slow queue goes on");
        assert_eq!(log.lock().unwrap().last(), Some(&"slow"));
    }

    #[tokio::test]
    async fn a_panicking_job_does_not_end_its_queue() {
        let queues = Queues::default();
        queues.push("room", async { panic!("boom") });
        let (done, finished) = tokio::sync::oneshot::channel::<()>();
        queues.push("room", async move {
            let _ = done.send(());
        });
        finished.await.expect("the next job ran");
    }

    #[tokio::test]
    async fn an_idle_worker_ends_and_a_new_one_starts() {
        let queues = Queues::with_idle(Duration::from_millis(20));
        queues.push("room", async {});
        for _ in 0..500 {
            if queues.active() == 0 {
                break;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        assert_eq!(queues.active(), 0, "the idle worker ended");
        let (done, finished) = tokio::sync::oneshot::channel::<()>();
        queues.push("room", async move {
            let _ = done.send(());
        });
        finished.await.expect("a new worker ran the job");
    }
}
