//! Where computer players think: one pool of as many workers as the machine has cores, fed by
//! one queue. Each table has at most one thought queued or running (a table's bot thinks about
//! one move at a time), and the queue serves them in the order they came, so five hundred
//! tables of computer players take turns on the cores instead of each starting a thread of its
//! own, and the timer loop and people's commands keep their share of the machine. A thought
//! nobody wants any more (its table moved on: a clock ran out, somebody resigned, the table
//! closed) is dropped when its turn comes instead of being thought.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};

use super::lock;

/// A thought to think: runs on a worker.
type Job = Box<dyn FnOnce() + Send>;

/// The queue and its workers.
pub(super) struct ThinkPool {
    shared: Arc<Shared>,
    workers: usize,
}

struct Shared {
    queue: Mutex<Queue>,
    ready: Condvar,
    /// Thoughts being thought now.
    running: AtomicUsize,
}

#[derive(Default)]
struct Queue {
    jobs: VecDeque<(Arc<AtomicBool>, Job)>,
    /// Workers started so far (they start with the first thoughts, not with the service).
    started: usize,
    closed: bool,
}

/// What the pool is doing, for benchmarks and tests.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Thinking {
    /// Thoughts waiting for a worker.
    pub queued: usize,
    /// Thoughts being thought.
    pub running: usize,
    /// The most that may be thought at once.
    pub workers: usize,
}

impl ThinkPool {
    /// A pool of `workers` (at least one), started as thoughts come.
    pub(super) fn new(workers: usize) -> ThinkPool {
        ThinkPool {
            shared: Arc::new(Shared {
                queue: Mutex::new(Queue::default()),
                ready: Condvar::new(),
                running: AtomicUsize::new(0),
            }),
            workers: workers.max(1),
        }
    }

    /// As many workers as the machine has cores.
    pub(super) fn per_core() -> ThinkPool {
        ThinkPool::new(std::thread::available_parallelism().map_or(2, usize::from))
    }

    /// Queues `job`; it runs on a worker unless `wanted` is false by the time its turn comes.
    pub(super) fn think(&self, wanted: Arc<AtomicBool>, job: impl FnOnce() + Send + 'static) {
        let mut queue = lock(&self.shared.queue);
        queue.jobs.push_back((wanted, Box::new(job)));
        let idle = queue.started
            - self
                .shared
                .running
                .load(Ordering::SeqCst)
                .min(queue.started);
        if idle < queue.jobs.len() && queue.started < self.workers {
            queue.started += 1;
            let shared = self.shared.clone();
            let spawned = std::thread::Builder::new()
                .name("spieltisch-think".into())
                .spawn(move || work(&shared));
            if let Err(e) = spawned {
                queue.started -= 1;
                tracing::error!(error = %e, "no thread for a computer player's thinking");
            }
        }
        drop(queue);
        self.shared.ready.notify_one();
    }

    /// What the pool is doing now.
    pub(super) fn thinking(&self) -> Thinking {
        Thinking {
            queued: lock(&self.shared.queue).jobs.len(),
            running: self.shared.running.load(Ordering::SeqCst),
            workers: self.workers,
        }
    }
}

impl Drop for ThinkPool {
    fn drop(&mut self) {
        lock(&self.shared.queue).closed = true;
        self.shared.ready.notify_all();
    }
}

/// The scheduling priority of a thinking thread: below the threads that answer people, so a
/// person's command is answered as fast while hundreds of computer players think.
const THINKING_NICE: i32 = 10;

/// Lowers the calling thread's scheduling priority (Linux: a nice value is per thread).
fn yield_to_people() {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: `gettid` and `setpriority` take plain integers and touch no memory of ours;
        // `setpriority` on a thread id changes only that thread's nice value.
        let done = unsafe {
            let tid = libc::syscall(libc::SYS_gettid);
            libc::setpriority(libc::PRIO_PROCESS, tid as libc::id_t, THINKING_NICE)
        };
        if done != 0 {
            tracing::debug!("a thinking thread keeps its priority");
        }
    }
}

/// A worker: thinks the queued thoughts still wanted, oldest first, until the pool closes.
fn work(shared: &Shared) {
    yield_to_people();
    loop {
        let job = {
            let mut queue = lock(&shared.queue);
            loop {
                if queue.closed {
                    return;
                }
                match queue.jobs.pop_front() {
                    Some((wanted, job)) if wanted.load(Ordering::SeqCst) => break job,
                    Some(_) => continue, // its table moved on
                    None => {
                        queue = shared
                            .ready
                            .wait(queue)
                            .unwrap_or_else(std::sync::PoisonError::into_inner);
                    }
                }
            }
        };
        shared.running.fetch_add(1, Ordering::SeqCst);
        // A thought that panics is lost (its table asks again next tick), not the worker.
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(job));
        shared.running.fetch_sub(1, Ordering::SeqCst);
        if outcome.is_err() {
            tracing::error!("a computer player's thought panicked");
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::mpsc;

    use super::*;

    /// However many thoughts come, no more run at once than there are workers; each runs once.
    #[test]
    fn thoughts_take_turns_on_the_workers() {
        let pool = ThinkPool::new(2);
        let busy = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        let (done, finished) = mpsc::channel();
        for n in 0..40 {
            let (busy, most, done) = (busy.clone(), most.clone(), done.clone());
            pool.think(Arc::new(AtomicBool::new(true)), move || {
                let now = busy.fetch_add(1, Ordering::SeqCst) + 1;
                most.fetch_max(now, Ordering::SeqCst);
                std::thread::sleep(std::time::Duration::from_millis(2));
                busy.fetch_sub(1, Ordering::SeqCst);
                done.send(n).expect("the test listens");
            });
        }
        let mut order: Vec<usize> = (0..40)
            .map(|_| finished.recv().expect("a thought"))
            .collect();
        assert!(most.load(Ordering::SeqCst) <= 2, "{most:?} at once");
        assert!(most.load(Ordering::SeqCst) >= 1);
        order.sort_unstable();
        assert_eq!(order, (0..40).collect::<Vec<_>>(), "each once");
        assert_eq!(pool.thinking().queued, 0);
    }

    /// One worker serves the tables in the order their thoughts came.
    #[test]
    fn thoughts_are_served_in_the_order_they_came() {
        let pool = ThinkPool::new(1);
        let (done, finished) = mpsc::channel();
        for n in 0..20 {
            let done = done.clone();
            pool.think(Arc::new(AtomicBool::new(true)), move || {
                done.send(n).expect("the test listens");
            });
        }
        let order: Vec<usize> = (0..20)
            .map(|_| finished.recv().expect("a thought"))
            .collect();
        assert_eq!(order, (0..20).collect::<Vec<_>>());
    }

    /// A thought whose table moved on before its turn is never thought.
    #[test]
    fn a_thought_nobody_wants_is_dropped() {
        let pool = ThinkPool::new(1);
        let (gate_tx, gate) = mpsc::channel::<()>();
        let (done, finished) = mpsc::channel();
        // The one worker waits on the gate, so the next two queue up behind it.
        let first = done.clone();
        let (started_tx, started) = mpsc::channel::<()>();
        pool.think(Arc::new(AtomicBool::new(true)), move || {
            started_tx.send(()).expect("the test listens");
            gate.recv().expect("the gate opens");
            first.send("first").expect("the test listens");
        });
        let stale = Arc::new(AtomicBool::new(true));
        let ran = done.clone();
        pool.think(stale.clone(), move || {
            ran.send("stale").expect("the test listens");
        });
        pool.think(Arc::new(AtomicBool::new(true)), move || {
            done.send("last").expect("the test listens");
        });
        started.recv().expect("the first thought runs");
        assert_eq!(pool.thinking().queued, 2);
        assert_eq!(pool.thinking().running, 1);
        stale.store(false, Ordering::SeqCst);
        gate_tx.send(()).expect("the worker waits");
        let heard: Vec<&str> = (0..2)
            .map(|_| finished.recv().expect("a thought"))
            .collect();
        assert_eq!(heard, ["first", "last"]);
        assert!(
            finished.try_recv().is_err(),
            "the stale thought did not run"
        );
    }
}
