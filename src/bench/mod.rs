//! `spieltisch bench`: measures and prints; asserts nothing.
//!
//! - board rendering: time per image (p50/p99, split into SVG+raster and PNG encoding) and
//!   PNG size, over boards from a seeded game;
//! - the table service: durable commands per second through `handle` (every accepted command
//!   committed and synced to stable storage before its reply) for one table at a time, for
//!   100 tables played at once (their commits share syncs), and with rendering the boards;
//! - memory: the resident size before and after 100,000 `/status` in as many channels and
//!   4,000 commands in channels with 60 KB names;
//! - `/leaderboard` over a community of 10,000 rated players;
//! - Swiss pairings of 64 and 1,000 players, round after round (Dutch and simple); with
//!   `--pairing`, the Dutch rules' figures of both over random tournaments besides;
//! - a tournament of N entrants: until round 1 is open, and a person's answers meanwhile
//!   (`--tournament N`).

mod dutch_reference;
mod images;
mod notices;
mod pairing;
mod pgbench;
mod postgres;
mod tournament;

pub use images::{RenderFigures, ReplayFigures, figures as image_figures, replays};
pub use notices::{NoticeFigures, simulate};
pub use pairing::{PairingFigures, RuleComparison, RuleFigures, compare, swiss};
pub use pgbench::{Pgbench, beside as beside_pgbench, measure as pgbench, parse_tps};
pub use postgres::{StoreFigures, stores, stress, stress_worker};
pub use tournament::{TournamentFigures, tournament};

use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::app::App;
use crate::games::GameKind;
use crate::league::tournament::Pairing;
use crate::render::Renderer;
use crate::store::{SledStore, Store};
use crate::table::{Command, Seeding, SystemTimeSource, User};

/// The measured figures.
#[derive(Debug, Clone)]
pub struct Report {
    /// Per game and layout.
    pub renders: Vec<RenderFigures>,
    /// Per game, a replay's GIF.
    pub replays: Vec<ReplayFigures>,
    /// Commands handled without rendering.
    pub commands: usize,
    /// Commands per second, durable, without rendering.
    pub commands_per_sec: f64,
    /// Commands per second, durable, rendering every board reply.
    pub commands_per_sec_rendered: f64,
    /// Tables played at once for [`concurrent_per_sec`](Report::concurrent_per_sec).
    pub concurrent_tables: usize,
    /// Commands handled with that many tables at once.
    pub concurrent_commands: usize,
    /// Durable commands per second, that many tables at once.
    pub concurrent_per_sec: f64,
    /// Resident memory (KB): at the start, after 100,000 `/status` in new channels, after
    /// 4,000 commands in channels with 60 KB names.
    pub rss_kb: (u64, u64, u64),
    /// [`warm_memory`] after the images.
    pub warm: String,
    /// Players on the measured leaderboard.
    pub leaderboard_players: usize,
    /// `/leaderboard` answer time: first page p50 and p99, last page p50.
    pub leaderboard: (Duration, Duration, Duration),
    /// Swiss pairings of 64 and of 1,000 players.
    pub pairings: Vec<PairingFigures>,
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i]
}

/// The first registered game two can play: the throughput figures play it.
fn two_player_game() -> GameKind {
    GameKind::ALL
        .iter()
        .copied()
        .find(|k| (k.info().min_players..=k.info().max_players).contains(&2))
        .unwrap_or(GameKind::ALL[0])
}

/// Who of the two `players` moves next at `channel`, and their legal moves, as their client
/// asks before a move: the player whose turn it should be (`turn`, counted round the two) asks
/// first, the other only when that one has none (a player without a move passes). `None`
/// once neither can move.
fn mover_moves(
    service: &App,
    channel: &str,
    players: [&User; 2],
    turn: usize,
) -> Option<(usize, Vec<String>)> {
    [turn % 2, (turn + 1) % 2]
        .into_iter()
        .map(|p| (p, service.legal_moves(channel, players[p])))
        .find(|(_, moves)| !moves.is_empty())
}

/// Plays `games` seeded games through the service; returns (commands, elapsed).
fn play_games(
    store: Arc<dyn Store>,
    games: usize,
    renderer: Option<&Renderer>,
) -> Result<(usize, Duration), String> {
    let service = App::open(store, Arc::new(SystemTimeSource), Seeding::Fixed(7))
        .map_err(|e| e.to_string())?
        .with_limits(crate::league::Limits::unmetered());
    let (alice, bob) = (User::named("alice"), User::named("bob"));
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut commands = 0;
    let started = Instant::now();
    for g in 0..games {
        let channel = format!("#bench{g}");
        let mut send = |user: &User, text: &str| {
            commands += 1;
            let replies = service.handle(&Command::new(&channel, user.clone(), text));
            if let Some(r) = renderer {
                for board in replies.iter().filter_map(|r| r.board.as_ref()) {
                    let _ = r.render(board);
                }
            }
        };
        send(&alice, &format!("/join {}", two_player_game().info().id));
        send(&bob, "/join");
        send(&alice, "/start");
        let mut turn = 0;
        while let Some((mover, moves)) = mover_moves(&service, &channel, [&alice, &bob], turn) {
            let pick = moves[rng.random_range(0..moves.len())].clone();
            send([&alice, &bob][mover], &format!("/move {pick}"));
            turn = mover + 1;
        }
    }
    Ok((commands, started.elapsed()))
}

/// Plays two-player games at `tables` tables at once, one thread each, through one service;
/// returns (commands, elapsed). Without `span` each table plays one game (at most 200 moves);
/// with it, each table starts a new game when one ends, until `span` has passed — as long as
/// `pgbench -T` runs, so that opening the connections and the first games weigh no more than
/// they do there.
fn play_at_once(
    store: Arc<dyn Store>,
    tables: usize,
    span: Option<Duration>,
) -> Result<(usize, Duration), String> {
    let service = App::open(store, Arc::new(SystemTimeSource), Seeding::Fixed(9))
        .map_err(|e| e.to_string())?
        .with_limits(crate::league::Limits::unmetered());
    let started = Instant::now();
    let until = span.map(|span| started + span);
    let commands: usize = std::thread::scope(|scope| {
        let threads: Vec<_> = (0..tables)
            .map(|t| {
                let service = &service;
                scope.spawn(move || {
                    let channel = format!("#many{t}");
                    let (alice, bob) = (User::named("alice"), User::named("bob"));
                    let mut rng = ChaCha8Rng::seed_from_u64(t as u64);
                    let send = |user: &User, text: &str| {
                        service.handle(&Command::new(&channel, user.clone(), text));
                    };
                    let mut commands = 0;
                    loop {
                        send(&alice, &format!("/join {}", two_player_game().info().id));
                        send(&bob, "/join");
                        send(&alice, "/start");
                        let (mut turn, mut over) = (0, false);
                        for moved in 0..200 {
                            if until.is_some_and(|until| Instant::now() >= until) {
                                return commands;
                            }
                            let Some((mover, moves)) =
                                mover_moves(service, &channel, [&alice, &bob], turn)
                            else {
                                if moved == 0 {
                                    // No game opened here: its three commands did no work
                                    // worth counting, and another try would do the same.
                                    tracing::warn!(%channel, "no game opened; the table stops");
                                    return commands;
                                }
                                over = true;
                                break;
                            };
                            if moved == 0 {
                                commands += 3;
                            }
                            let pick = &moves[rng.random_range(0..moves.len())];
                            send([&alice, &bob][mover], &format!("/move {pick}"));
                            commands += 1;
                            turn = mover + 1;
                        }
                        if until.is_none_or(|until| Instant::now() >= until) {
                            return commands;
                        }
                        if !over {
                            // A game cut at 200 moves makes room for the next.
                            send(&alice, "/resign");
                            commands += 1;
                        }
                    }
                })
            })
            .collect();
        threads.into_iter().map(|t| t.join().unwrap_or(0)).sum()
    });
    Ok((commands, started.elapsed()))
}

/// Times `/leaderboard` over a community of `players` rated players: (first page p50, p99, last
/// page p50), each over 100 asks through the service.
fn leaderboard(dir: &Path, players: usize) -> Result<(Duration, Duration, Duration), String> {
    use crate::league::LeagueStore;
    use crate::league::{Rating, RatingKey};
    let store = Arc::new(SledStore::open(dir).map_err(|e| e.to_string())?);
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let ratings: Vec<(RatingKey, Rating)> = (0..players)
        .map(|i| {
            let mut r = Rating::new(&format!("player{i}"));
            r.rating = rng.random_range(900.0..2300.0);
            r.deviation = rng.random_range(45.0..350.0);
            r.games = rng.random_range(1..400);
            r.wins = r.games / 2;
            let key = RatingKey {
                community: "bench".into(),
                game: two_player_game().info().id.into(),
                player: format!("user{i}"),
            };
            (key, r)
        })
        .collect();
    store.replace_ratings(&ratings).map_err(|e| e.to_string())?;
    let service = App::open(store, Arc::new(SystemTimeSource), Seeding::Fixed(1))
        .map_err(|e| e.to_string())?
        .with_limits(crate::league::Limits::unmetered());
    let ask = |text: &str| {
        let mut cmd = Command::new("#bench", User::named("asker"), text);
        cmd.community = Some("bench".into());
        let started = Instant::now();
        let replies = service.handle(&cmd);
        let took = started.elapsed();
        match replies.first() {
            Some(r) if !r.error && r.text.contains("leaderboard") => Ok(took),
            other => Err(format!("leaderboard not answered: {other:?}")),
        }
    };
    let id = two_player_game().info().id;
    let last = players.div_ceil(crate::app::LEADERBOARD_PAGE);
    let mut first = Vec::new();
    let mut later = Vec::new();
    for _ in 0..100 {
        first.push(ask(&format!("/leaderboard {id}"))?);
        later.push(ask(&format!("/leaderboard {id} {last}"))?);
    }
    first.sort();
    later.sort();
    Ok((
        percentile(&first, 0.5),
        percentile(&first, 0.99),
        percentile(&later, 0.5),
    ))
}

/// This process's resident memory in KB (0 where `/proc` is missing).
fn rss_kb() -> u64 {
    std::fs::read_to_string("/proc/self/statm")
        .ok()
        .and_then(|s| s.split_whitespace().nth(1)?.parse::<u64>().ok())
        .map_or(0, |pages| pages * 4)
}

/// Resident memory once every game's boards are drawn, with what the renderer keeps of them
/// (its cache at its budget), as a line.
pub fn warm_memory(renderer: &Renderer) -> String {
    format!(
        "memory with every game's boards drawn: {:.1} MB resident (the render cache keeps {:.1} MB)",
        rss_kb() as f64 / 1024.0,
        renderer.cached_bytes() as f64 / (1024.0 * 1024.0)
    )
}

/// Resident memory before and after many reads in new channels and commands with huge
/// channel names.
fn memory(dir: &Path) -> Result<(u64, u64, u64), String> {
    let store = Arc::new(SledStore::open(dir).map_err(|e| e.to_string())?);
    let service = App::open(store, Arc::new(SystemTimeSource), Seeding::Fixed(9))
        .map_err(|e| e.to_string())?
        .with_limits(crate::league::Limits::unmetered());
    let before = rss_kb();
    for i in 0..100_000 {
        service.handle(&Command::new(
            &format!("#s{i}"),
            User::named("x"),
            "/status",
        ));
    }
    let after_status = rss_kb();
    let long = "n".repeat(60 * 1024);
    for i in 0..4_000 {
        let channel = format!("#{i}{long}");
        let join = format!("/join {}", two_player_game().info().id);
        service.handle(&Command::new(&channel, User::named("x"), &join));
    }
    Ok((before, after_status, rss_kb()))
}

/// Swiss pairings of 64 players over 6 rounds and of 1,000 over 10, by the Dutch system and
/// by the plain matching.
pub fn pairings() -> Vec<PairingFigures> {
    let mut out = Vec::new();
    for (players, rounds, seed) in [(64, 6, 1), (1000, 10, 2)] {
        for pairing in [Pairing::Dutch, Pairing::Simple] {
            out.push(swiss(two_player_game(), players, rounds, seed, pairing));
        }
    }
    out
}

/// The Dutch rules' figures of both pairings over 30 random tournaments, and the comparison
/// with an independent Dutch implementation when one is installed.
pub fn pairing_rules() -> RuleComparison {
    compare(two_player_game(), 30, 100)
}

/// A sled store in `dir`.
fn sled(dir: &Path) -> Result<Arc<dyn Store>, String> {
    Ok(Arc::new(SledStore::open(dir).map_err(|e| e.to_string())?))
}

/// Runs every measurement; `scratch` is an empty directory for the databases.
pub fn run(iterations: usize, games: usize, scratch: &Path) -> Result<Report, String> {
    let renderer = Renderer::new();
    let renders = images::figures(&renderer, iterations)?;
    let replays = images::replays(&renderer)?;
    let warm = warm_memory(&renderer);
    let (commands, plain) = play_games(sled(&scratch.join("plain"))?, games, None)?;
    let (rendered_commands, rendered) =
        play_games(sled(&scratch.join("rendered"))?, games, Some(&renderer))?;
    let concurrent_tables = 100;
    let (concurrent_commands, at_once) =
        play_at_once(sled(&scratch.join("many"))?, concurrent_tables, None)?;
    let rss = memory(&scratch.join("memory"))?;
    let leaderboard_players = 10_000;
    let leaderboard = leaderboard(&scratch.join("ratings"), leaderboard_players)?;
    let pairings = pairings();
    Ok(Report {
        pairings,
        leaderboard_players,
        leaderboard,
        renders,
        replays,
        concurrent_tables,
        concurrent_commands,
        concurrent_per_sec: concurrent_commands as f64 / at_once.as_secs_f64().max(1e-9),
        rss_kb: rss,
        warm,
        commands,
        commands_per_sec: commands as f64 / plain.as_secs_f64().max(1e-9),
        commands_per_sec_rendered: rendered_commands as f64 / rendered.as_secs_f64().max(1e-9),
    })
}

impl std::fmt::Display for Report {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        for r in &self.renders {
            write!(f, "{r}")?;
        }
        for r in &self.replays {
            write!(f, "{r}")?;
        }
        writeln!(f, "{}", self.warm)?;
        writeln!(
            f,
            "table service with sled, {} with random moves (every command committed and synced to disk):",
            two_player_game().info().name
        )?;
        writeln!(
            f,
            "  one table at a time: {:.0} durable commands/s without rendering ({} commands)",
            self.commands_per_sec, self.commands
        )?;
        writeln!(
            f,
            "  {} tables at once: {:.0} durable commands/s ({} commands; commits share syncs)",
            self.concurrent_tables, self.concurrent_per_sec, self.concurrent_commands
        )?;
        writeln!(
            f,
            "  one table at a time, rendering every board: {:.0} commands/s",
            self.commands_per_sec_rendered
        )?;
        let (first, first99, last) = self.leaderboard;
        writeln!(
            f,
            "/leaderboard of {} rated players: first page p50 {:.1} ms, p99 {:.1} ms; last page p50 {:.1} ms",
            self.leaderboard_players,
            ms(first),
            ms(first99),
            ms(last)
        )?;
        for p in &self.pairings {
            writeln!(f, "{p}")?;
        }
        let (before, status, long) = self.rss_kb;
        write!(
            f,
            "memory: {:.1} MB resident; after 100,000 /status in new channels {:.1} MB; after 4,000 commands in channels with 60 KB names {:.1} MB",
            before as f64 / 1024.0,
            status as f64 / 1024.0,
            long as f64 / 1024.0
        )
    }
}
