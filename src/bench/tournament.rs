//! `spieltisch bench --tournament N [--format swiss|duplicate]`: a tournament of N entrants
//! through the service, on sled in a scratch directory — half of them computer players
//! (`normal`, thinking on the bounded pool), half scripted people who move at random when it
//! is their turn — while a person plays a game in another channel. Printed: the time from
//! `/tournament start` until every game of round 1 is open (its table committed and its start
//! announced by a tick), and the person's answer times (p50/p99 over their moves) before the
//! tournament and while its first round is played.

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{percentile, sled, two_player_game};
use crate::app::App;
use crate::games::GameKind;
use crate::league::Limits;
use crate::league::tournament::{Creators, Format, TournamentSettings};
use crate::table::{Command, Seeding, SystemTimeSource, User};

/// The person's moves measured in each phase (at least).
const PROBES: usize = 150;
/// The person moves every this often (a person, not a script at machine speed).
const PROBE_EVERY: Duration = Duration::from_millis(20);
/// The loaded phase lasts at least this long, so the computer players' thinking is under way.
const LOADED_FOR: Duration = Duration::from_secs(15);

/// What one run measured.
#[derive(Debug, Clone)]
pub struct TournamentFigures {
    /// Entrants (people and computer players).
    pub entrants: usize,
    /// The format.
    pub format: Format,
    /// Round 1's games.
    pub games: usize,
    /// From `/tournament start` until every game of round 1 was open.
    pub open: Duration,
    /// The person's answer time without the tournament: p50, p99.
    pub idle: (Duration, Duration),
    /// The same while round 1 is played: p50, p99.
    pub loaded: (Duration, Duration),
    /// Computer players' thoughts queued or running at the busiest look.
    pub peak_thinking: usize,
    /// Moves made in round 1's games while the person was measured.
    pub moves: u64,
}

impl std::fmt::Display for TournamentFigures {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        writeln!(
            f,
            "tournament of {} ({:?}): {} games in round 1, all open {:.0} ms after the start",
            self.entrants,
            self.format,
            self.games,
            ms(self.open)
        )?;
        writeln!(
            f,
            "  a person's moves in another channel: p50 {:.1} ms, p99 {:.1} ms without the \
             tournament; p50 {:.1} ms, p99 {:.1} ms while round 1 is played ({} moves made \
             there meanwhile, {} thoughts queued or running at the peak)",
            ms(self.idle.0),
            ms(self.idle.1),
            ms(self.loaded.0),
            ms(self.loaded.1),
            self.moves,
            self.peak_thinking
        )
    }
}

/// Runs a tournament of `entrants` in `format` with its store in `scratch`.
pub fn tournament(
    entrants: usize,
    format: Format,
    scratch: &Path,
) -> Result<TournamentFigures, String> {
    let entrants = entrants.max(2);
    let store = sled(scratch)?;
    let service = Arc::new(
        App::open(
            store.clone(),
            Arc::new(SystemTimeSource),
            Seeding::Fixed(17),
        )
        .map_err(|e| e.to_string())?
        .with_limits(Limits::unmetered())
        .with_tournaments(TournamentSettings {
            create: Creators::Anybody,
            open_per_community: 5,
            bots_per_tournament: entrants,
        }),
    );
    let say = |channel: &str, who: &str, text: &str| {
        service.handle(&Command::new(channel, User::named(who), text))
    };
    let refused = |replies: Vec<crate::table::Reply>| {
        replies.iter().find(|r| r.error).map(|r| r.text.clone())
    };
    let game = match format {
        Format::Duplicate => GameKind::ALL
            .iter()
            .copied()
            .find(|k| k.info().min_players == 1)
            .ok_or("no game for one player")?,
        _ => two_player_game(),
    };
    let spec = match format {
        Format::Duplicate => "duplicate rounds=1",
        _ => "swiss rounds=1",
    };
    const CUP: &str = "#bench-cup";
    if let Some(why) = refused(say(
        CUP,
        "organizer",
        &format!(
            "/tournament create {} {spec} bots=yes name=bench",
            game.info().id
        ),
    )) {
        return Err(why);
    }
    let people = entrants.div_ceil(2);
    for p in 0..people {
        if let Some(why) = refused(say(CUP, &format!("p{p}"), "/tournament join")) {
            return Err(why);
        }
    }
    for _ in people..entrants {
        if let Some(why) = refused(say(CUP, "p0", "/tournament bot normal")) {
            return Err(why);
        }
    }
    let idle = probe(&service, "#probe-idle", PROBES, Duration::ZERO);
    let started = Instant::now();
    if let Some(why) = refused(say(CUP, "organizer", "/tournament start")) {
        return Err(why);
    }
    let t = store
        .channel_tournament(CUP)
        .map_err(|e| e.to_string())?
        .ok_or("the tournament is gone")?;
    let channels: Vec<String> = t
        .current()
        .map(|r| {
            r.games
                .iter()
                .filter(|g| g.table != 0)
                .map(|g| g.channel.clone())
                .collect()
        })
        .unwrap_or_default();
    let mut announced = std::collections::HashSet::new();
    while announced.len() < channels.len() {
        for (channel, _) in service.tick("") {
            if channels.contains(&channel) {
                announced.insert(channel);
            }
        }
    }
    let open = started.elapsed();
    // Round 1 is played: ticks (the computer players' moves and thoughts) and the scripted
    // people, each on a thread of their own, while the person in another channel plays.
    let done = Arc::new(AtomicBool::new(false));
    let peak = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let ticking = {
        let (service, done, peak) = (service.clone(), done.clone(), peak.clone());
        std::thread::spawn(move || {
            while !done.load(Ordering::SeqCst) {
                service.tick("");
                let thinking = service.thinking();
                peak.fetch_max(thinking.queued + thinking.running, Ordering::SeqCst);
                std::thread::sleep(Duration::from_millis(50));
            }
        })
    };
    let scripted = {
        let (service, done, channels) = (service.clone(), done.clone(), channels.clone());
        std::thread::spawn(move || {
            let mut rng = ChaCha8Rng::seed_from_u64(3);
            while !done.load(Ordering::SeqCst) {
                // People answer within moments, not at machine speed: one pass over the
                // games every 100 ms.
                std::thread::sleep(Duration::from_millis(100));
                for channel in &channels {
                    for p in 0..people {
                        let user = User::named(&format!("p{p}"));
                        let moves = service.legal_moves(channel, &user);
                        if !moves.is_empty() {
                            let pick = &moves[rng.random_range(0..moves.len())];
                            service.handle(&Command::new(channel, user, &format!("/move {pick}")));
                        }
                    }
                }
            }
        })
    };
    let logged = |ids: &[u64]| -> u64 {
        ids.iter()
            .filter_map(|id| store.table(*id).ok().flatten())
            .map(|t| t.log_len)
            .sum()
    };
    let ids: Vec<u64> = t
        .current()
        .map(|r| {
            r.games
                .iter()
                .map(|g| g.table)
                .filter(|id| *id != 0)
                .collect()
        })
        .unwrap_or_default();
    let before = logged(&ids);
    let loaded = probe(&service, "#probe-loaded", PROBES, LOADED_FOR);
    done.store(true, Ordering::SeqCst);
    let _ = ticking.join();
    let _ = scripted.join();
    Ok(TournamentFigures {
        entrants,
        format,
        games: channels.len(),
        open,
        idle,
        loaded,
        peak_thinking: peak.load(Ordering::SeqCst),
        moves: logged(&ids).saturating_sub(before),
    })
}

/// A person's moves at a two-player table in `channel` (new games as they end), one every
/// [`PROBE_EVERY`], at least `count` and for at least `lasting`: the p50 and p99 of the time
/// each takes to be answered.
fn probe(service: &App, channel: &str, count: usize, lasting: Duration) -> (Duration, Duration) {
    let began = Instant::now();
    let (a, b) = (User::named("probe-a"), User::named("probe-b"));
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut times = Vec::with_capacity(count);
    let join = |user: &User, text: &str| service.handle(&Command::new(channel, user.clone(), text));
    while times.len() < count || began.elapsed() < lasting {
        let (mover, moves) = [&a, &b]
            .into_iter()
            .map(|u| (u, service.legal_moves(channel, u)))
            .find(|(_, m)| !m.is_empty())
            .unwrap_or((&a, Vec::new()));
        if moves.is_empty() {
            join(&a, &format!("/join {}", two_player_game().info().id));
            join(&b, "/join");
            join(&a, "/start");
            continue;
        }
        let pick = &moves[rng.random_range(0..moves.len())];
        std::thread::sleep(PROBE_EVERY);
        let asked = Instant::now();
        service.handle(&Command::new(
            channel,
            mover.clone(),
            &format!("/move {pick}"),
        ));
        times.push(asked.elapsed());
    }
    times.sort();
    (percentile(&times, 0.5), percentile(&times, 0.99))
}
