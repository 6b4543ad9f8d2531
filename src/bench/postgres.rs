//! `spieltisch bench --postgres URL`: durable commands per second on PostgreSQL beside sled's,
//! and the stress run — several processes playing the same tables at once against one
//! database, after which every acknowledged move is in the database exactly once.
//!
//! Use an empty scratch database: the figures write tables, logs and results into it.

use std::collections::HashMap;
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command as Process, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{play_at_once, sled, two_player_game};
use crate::app::App;
use crate::league::Limits;
use crate::store::{PgStore, Store};
use crate::table::{Command, Entry, Seeding, SystemTimeSource, TableStore, User};

/// Durable commands per second, per store.
#[derive(Debug, Clone)]
pub struct StoreFigures {
    /// (store, commands one table at a time per second, commands with 100 tables at once per
    /// second).
    pub rows: Vec<(&'static str, f64, f64)>,
}

impl std::fmt::Display for StoreFigures {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(
            f,
            "durable commands/s, {} with random moves (each committed and synced before its reply):",
            two_player_game().info().name
        )?;
        for (store, one, many) in &self.rows {
            writeln!(
                f,
                "  {store:<10} one table at a time {one:>6.0}/s, 100 tables at once {many:>6.0}/s"
            )?;
        }
        Ok(())
    }
}

/// How long each figure is measured: as long as `pgbench -T 10`, beside which it is printed.
const SPAN: Duration = Duration::from_secs(10);

/// Measures sled (in `scratch`) and the PostgreSQL database at `url` side by side, each
/// figure over [`SPAN`].
pub fn stores(url: &str, scratch: &Path) -> Result<StoreFigures, String> {
    let per_sec = |(n, took): (usize, Duration)| n as f64 / took.as_secs_f64().max(1e-9);
    let pg = || -> Result<Arc<dyn Store>, String> {
        Ok(Arc::new(PgStore::open(url).map_err(|e| e.to_string())?))
    };
    let rows = vec![
        (
            "sled",
            per_sec(play_at_once(sled(&scratch.join("one"))?, 1, Some(SPAN))?),
            per_sec(play_at_once(sled(&scratch.join("many"))?, 100, Some(SPAN))?),
        ),
        (
            "PostgreSQL",
            per_sec(play_at_once(pg()?, 1, Some(SPAN))?),
            per_sec(play_at_once(pg()?, 100, Some(SPAN))?),
        ),
    ];
    Ok(StoreFigures { rows })
}

/// What a stress run found.
#[derive(Debug, Clone, PartialEq)]
pub struct StressFigures {
    /// Processes that played.
    pub processes: usize,
    /// Tables they shared.
    pub tables: usize,
    /// Moves acknowledged to a player, over all processes.
    pub acknowledged: usize,
    /// Moves in the tables' logs afterwards.
    pub logged: usize,
    /// Tables whose logged moves differ from the moves acknowledged there.
    pub mismatched: Vec<String>,
    /// Acknowledged moves per second, all processes together.
    pub per_sec: f64,
}

impl StressFigures {
    /// Every acknowledged move is in the database, and none twice.
    pub fn verified(&self) -> bool {
        self.mismatched.is_empty() && self.acknowledged == self.logged
    }
}

impl std::fmt::Display for StressFigures {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "stress: {} processes, {} tables at once, one PostgreSQL database: {} moves acknowledged, {} in the logs, {:.0} moves/s; {}",
            self.processes,
            self.tables,
            self.acknowledged,
            self.logged,
            self.per_sec,
            if self.verified() {
                "every acknowledged move present, none twice".to_string()
            } else {
                format!("MISMATCH at {}", self.mismatched.join(", "))
            }
        )
    }
}

/// The channel of stress table `t`.
fn channel(t: usize) -> String {
    format!("#stress{t}")
}

/// One stress process: plays up to `moves` random legal moves at each of `tables` tables
/// (shared with the other processes), from 10 threads, and prints `ack <channel> <user>
/// <move>` for every move a player was told was made.
pub fn stress_worker(url: &str, tables: usize, worker: u64, moves: usize) -> Result<(), String> {
    let store = Arc::new(PgStore::open(url).map_err(|e| e.to_string())?);
    let service = App::open(store, Arc::new(SystemTimeSource), Seeding::Fixed(worker))
        .map_err(|e| e.to_string())?
        .with_limits(Limits::unmetered());
    let out = std::sync::Mutex::new(std::io::stdout());
    let threads = 10.min(tables.max(1));
    std::thread::scope(|scope| {
        for thread in 0..threads {
            let (service, out) = (&service, &out);
            scope.spawn(move || {
                let mine: Vec<usize> = (thread..tables).step_by(threads).collect();
                let mut rng = ChaCha8Rng::seed_from_u64(worker * 1000 + thread as u64);
                let (ann, ben) = (User::named("ann"), User::named("ben"));
                let game = two_player_game().info().id;
                for &t in &mine {
                    let ch = channel(t);
                    // Both processes try: one opens, the other is told it is taken.
                    service.handle(&Command::new(&ch, ann.clone(), &format!("/join {game}")));
                    service.handle(&Command::new(&ch, ben.clone(), "/join"));
                    service.handle(&Command::new(&ch, ann.clone(), "/start"));
                }
                for _ in 0..moves {
                    for &t in &mine {
                        let ch = channel(t);
                        let Some((user, options)) = [&ann, &ben]
                            .into_iter()
                            .map(|u| (u, service.legal_moves(&ch, u)))
                            .find(|(_, m)| !m.is_empty())
                        else {
                            continue;
                        };
                        let pick = &options[rng.random_range(0..options.len())];
                        let replies = service.handle(&Command::new(
                            &ch,
                            user.clone(),
                            &format!("/move {pick}"),
                        ));
                        if !replies.is_empty() && replies.iter().all(|r| !r.error) {
                            use std::io::Write;
                            let mut out = out
                                .lock()
                                .unwrap_or_else(std::sync::PoisonError::into_inner);
                            let _ = writeln!(out, "ack {ch} {} {pick}", user.id);
                        }
                    }
                }
            });
        }
    });
    Ok(())
}

/// Runs `processes` stress workers (`exe` is the `spieltisch` program) against `url` at once,
/// then compares what they acknowledged with the tables' logs.
pub fn stress(
    exe: &Path,
    url: &str,
    processes: usize,
    tables: usize,
    moves: usize,
) -> Result<StressFigures, String> {
    // The schema exists before the workers race to open it.
    let store = PgStore::open(url).map_err(|e| e.to_string())?;
    let started = Instant::now();
    let children: Vec<_> = (0..processes)
        .map(|w| {
            Process::new(exe)
                .args(["bench", "--stress-worker", &w.to_string()])
                .args(["--stress-tables", &tables.to_string()])
                .args(["--stress-moves", &moves.to_string()])
                .args(["--postgres", url])
                .stdout(Stdio::piped())
                .stderr(Stdio::inherit())
                .spawn()
                .map_err(|e| format!("cannot start a worker: {e}"))
        })
        .collect::<Result<_, _>>()?;
    let mut acked: HashMap<String, Vec<(String, String)>> = HashMap::new();
    for mut child in children {
        let stdout = child.stdout.take().ok_or("a worker without output")?;
        for line in BufReader::new(stdout).lines() {
            let line = line.map_err(|e| e.to_string())?;
            let mut parts = line.splitn(4, ' ');
            if let (Some("ack"), Some(ch), Some(user), Some(mv)) =
                (parts.next(), parts.next(), parts.next(), parts.next())
            {
                acked
                    .entry(ch.to_string())
                    .or_default()
                    .push((user.to_string(), mv.to_string()));
            }
        }
        let status = child.wait().map_err(|e| e.to_string())?;
        if !status.success() {
            return Err(format!("a stress worker failed: {status}"));
        }
    }
    let took = started.elapsed();
    let mut figures = StressFigures {
        processes,
        tables,
        acknowledged: acked.values().map(Vec::len).sum(),
        logged: 0,
        mismatched: Vec::new(),
        per_sec: 0.0,
    };
    figures.per_sec = figures.acknowledged as f64 / took.as_secs_f64().max(1e-9);
    for t in 0..tables {
        let ch = channel(t);
        let Some(table) = store.current_table(&ch).map_err(|e| e.to_string())? else {
            figures.mismatched.push(format!("{ch} (no table)"));
            continue;
        };
        let mut logged: Vec<(String, String)> = store
            .log(table.id)
            .map_err(|e| e.to_string())?
            .into_iter()
            .filter_map(|e| match e.entry {
                Entry::Move { text, .. } => Some((e.user.unwrap_or_default(), text)),
                _ => None,
            })
            .collect();
        figures.logged += logged.len();
        let mut mine = acked.remove(&ch).unwrap_or_default();
        logged.sort();
        mine.sort();
        if logged != mine {
            figures.mismatched.push(ch);
        }
    }
    Ok(figures)
}
