//! A tournament at the size of a community server through the fake Discord with Discord's rate
//! limits on (serenity's limiter on, as in production): 256 entrants (`SPIELTISCH_SCALE_ENTRANTS`
//! for another size) enter by `/tournament join`, the organizer starts a Swiss round, and the
//! bot opens every game's thread in the background while a person plays a game in another
//! channel. Asserted: every game gets one thread with exactly its players added and its start
//! posted once, nobody is told twice, no request is refused as bad (400) and no bucket answers
//! 429 more than once. Printed (figures, not assertions): the time until every venue exists,
//! the peak requests per second overall and per route, the most messages in one channel within
//! 5 s, and the person's answer times (p50/p99) before the start and while the threads open.

use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::support::discord::*;
use crate::support::fake_discord::{FakeDiscord, FakeUser, Recorded};
use serde_json::json;

/// The person's moves measured before the tournament starts.
const IDLE_PROBES: usize = 100;
/// Moves before the measured ones.
const WARM_UP: usize = 5;
/// A person, not a script: one command this often.
const PROBE_EVERY: Duration = Duration::from_millis(150);
/// A guard against a hang, not a figure: the venues of 1,024 entrants take minutes.
const GIVE_UP_AFTER: Duration = Duration::from_secs(900);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_256_entrant_swiss_opens_every_thread_within_discord_s_limits() {
    let entrants: usize = std::env::var("SPIELTISCH_SCALE_ENTRANTS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(256);
    let fake = FakeDiscord::start(TOKEN).await;
    let dir = tempfile::tempdir().expect("temp dir");
    // A community running a 1,000-player tournament raises its table limit (500 by default).
    let tables = entrants.max(500).to_string();
    let _bot = start_bot(
        &fake,
        dir.path(),
        &[("SPIELTISCH_LIMITS__TABLES_PER_COMMUNITY", &tables)],
    );
    assert!(fake.wait_ready().await);

    let organizer = FakeUser::organizer(2000, "org");
    let players: Vec<FakeUser> = (0..entrants)
        .map(|i| user(10_000 + i as u64, &format!("p{i:04}")))
        .collect();
    let details = json!([
        { "name": "game", "value": DVONN },
        { "name": "details", "value": "swiss rounds=1 name=cup" },
    ]);
    let created = public(
        &fake,
        &tournament(&fake, &organizer, CHANNEL, "create", details).await,
    )
    .await;
    assert!(text(&created).contains("creates the Dvonn tournament"));
    for p in &players {
        let joined = public(
            &fake,
            &tournament(&fake, p, CHANNEL, "join", json!([])).await,
        )
        .await;
        assert!(
            text(&joined).contains("enters the tournament"),
            "{}",
            text(&joined)
        );
    }

    // A person's game in another channel, and their answer times without the tournament.
    let mut person = Person::sit_down(&fake).await;
    // The first boards warm the drawing up (fonts, caches): not a figure.
    person.probe(&fake, WARM_UP, None).await;
    let idle = person.probe(&fake, IDLE_PROBES, None).await;

    // The start, and the person playing on while the round's threads open.
    let before = fake.requests().len();
    let done = AtomicBool::new(false);
    let started_at = Instant::now();
    let start = async {
        let started = public(
            &fake,
            &tournament(&fake, &organizer, CHANNEL, "start", json!([])).await,
        )
        .await;
        assert!(
            text(&started).contains(&format!("starts: {entrants} entrants")),
            "{}",
            text(&started)
        );
        let opened = venues_open(&fake, entrants / 2).await;
        done.store(true, Ordering::SeqCst);
        opened
    };
    let (open_after, loaded) = tokio::join!(start, person.probe(&fake, IDLE_PROBES, Some(&done)));
    let open_after = open_after - started_at;
    let during: Vec<Recorded> = fake.requests().split_off(before);

    // Every game in one thread of its own, its two players added once, its start posted once;
    // every entrant told once where to play.
    let threads: Vec<u64> = during
        .iter()
        .filter(|r| r.route == "create_thread" && r.ok())
        .filter_map(|r| r.response["id"].as_str().and_then(|id| id.parse().ok()))
        .collect();
    assert_eq!(threads.len(), entrants / 2, "one thread per game");
    let mut added: HashMap<u64, usize> = HashMap::new();
    for thread in &threads {
        let members: Vec<u64> = during
            .iter()
            .filter(|r| r.route == "add_thread_member" && r.channel_id == Some(*thread) && r.ok())
            .filter_map(|r| r.path.rsplit('/').next().and_then(|u| u.parse().ok()))
            .collect();
        assert_eq!(members.len(), 2, "thread {thread}: {members:?}");
        for m in members {
            *added.entry(m).or_default() += 1;
        }
        let starts = during
            .iter()
            .filter(|r| {
                r.route == "create_message"
                    && r.channel_id == Some(*thread)
                    && r.ok()
                    && text(r).contains("Tournament `cup`, round 1")
            })
            .count();
        assert_eq!(starts, 1, "the start is posted once in thread {thread}");
    }
    assert_eq!(added.len(), entrants, "every entrant has a game");
    assert!(added.values().all(|n| *n == 1), "nobody is added twice");

    // Within Discord's limits: nothing refused as bad, no bucket answered 429 twice.
    let bad: Vec<&Recorded> = during.iter().filter(|r| r.status == 400).collect();
    assert!(
        bad.is_empty(),
        "refused as bad: {:?}",
        bad.first().map(|r| &r.response)
    );
    let mut limited: BTreeMap<(&str, Option<u64>), usize> = BTreeMap::new();
    for r in during.iter().filter(|r| r.status == 429) {
        *limited.entry((r.route, r.channel_id)).or_default() += 1;
    }
    assert!(
        limited.values().all(|n| *n <= 1),
        "429 beyond the first of a bucket: {limited:?}"
    );

    println!(
        "{}",
        Figures {
            entrants,
            open_after,
            during: &during,
            idle,
            loaded,
            limited: limited.values().sum(),
        }
    );
}

/// Waits until `games` game threads exist, each with its start posted and both players added;
/// returns when.
async fn venues_open(fake: &FakeDiscord, games: usize) -> Instant {
    let give_up = Instant::now() + GIVE_UP_AFTER;
    loop {
        let ready = fake.look_at_requests(|requests| {
            let mut threads: HashMap<u64, (bool, usize)> = HashMap::new();
            for r in requests.iter().filter(|r| r.ok()) {
                let Some(channel) = r.channel_id else {
                    continue;
                };
                match r.route {
                    "create_thread" => {
                        if let Some(id) = r.response["id"].as_str().and_then(|id| id.parse().ok()) {
                            threads.entry(id).or_default();
                        }
                    }
                    "create_message" => {
                        if let Some(t) = threads.get_mut(&channel) {
                            t.0 = true;
                        }
                    }
                    "add_thread_member" => {
                        if let Some(t) = threads.get_mut(&channel) {
                            t.1 += 1;
                        }
                    }
                    _ => {}
                }
            }
            threads
                .values()
                .filter(|(posted, added)| *posted && *added == 2)
                .count()
        });
        if ready >= games {
            return Instant::now();
        }
        assert!(
            Instant::now() < give_up,
            "{ready} of {games} venues open after {GIVE_UP_AFTER:?}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Two people at a Dvonn table in the other channel; one of them is measured.
struct Person {
    seats: [FakeUser; 2],
    /// Whose turn it is (index into `seats`), `None` once the game has no moves left.
    to_move: Option<usize>,
}

impl Person {
    async fn sit_down(fake: &FakeDiscord) -> Person {
        let seats = [user(900, "anna"), user(901, "ben")];
        let opened = open_dvonn(fake, &seats[0], OTHER).await;
        let sat = press(fake, &seats[1], OTHER, &opened, "Join").await;
        let started = press(fake, &seats[0], OTHER, &sat, "Start").await;
        assert!(
            text(&started).contains("anna (White) to move"),
            "{}",
            text(&started)
        );
        Person {
            seats,
            to_move: Some(0),
        }
    }

    /// At least `at_least` moves, one every [`PROBE_EVERY`], and on until `until` is set (a
    /// new game when one ends). Returns each move's answer time.
    async fn probe(
        &mut self,
        fake: &FakeDiscord,
        at_least: usize,
        until: Option<&AtomicBool>,
    ) -> Vec<Duration> {
        let mut times = Vec::new();
        while times.len() < at_least || until.is_some_and(|u| !u.load(Ordering::SeqCst)) {
            let next = Instant::now() + PROBE_EVERY;
            let Some(i) = self.to_move else {
                *self = Person::sit_down(fake).await;
                continue;
            };
            let Some(mv) = legal_moves(fake, &self.seats[i], OTHER, "")
                .await
                .into_iter()
                .next()
            else {
                // Nothing to offer the player we thought was to move: end this game.
                answer(
                    fake,
                    &fake.slash(&self.seats[i], OTHER, "resign", json!([])).await,
                )
                .await;
                self.to_move = None;
                continue;
            };
            let asked = Instant::now();
            let moved = public(fake, &play(fake, &self.seats[i], OTHER, &mv).await).await;
            times.push(asked.elapsed());
            let said = text(&moved);
            self.to_move = if said.contains("anna (White) to move") {
                Some(0)
            } else if said.contains("ben (Black) to move") {
                Some(1)
            } else {
                None
            };
            tokio::time::sleep_until(next.into()).await;
        }
        times
    }
}

struct Figures<'a> {
    entrants: usize,
    open_after: Duration,
    during: &'a [Recorded],
    idle: Vec<Duration>,
    loaded: Vec<Duration>,
    limited: usize,
}

impl std::fmt::Display for Figures<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        writeln!(
            f,
            "fake Discord, rate limits on: {} entrants, {} games; every thread open {:.1} s after \
             the start",
            self.entrants,
            self.entrants / 2,
            self.open_after.as_secs_f64()
        )?;
        let times: Vec<Instant> = self.during.iter().map(|r| r.at).collect();
        // Interaction callbacks and webhooks do not count toward the global 50 a second.
        let global: Vec<Instant> = self
            .during
            .iter()
            .filter(|r| !r.path.contains("/interactions/") && !r.path.contains("/webhooks/"))
            .map(|r| r.at)
            .collect();
        writeln!(
            f,
            "  {} requests, peak {} per second ({} of those Discord's global limit counts); \
             429s {} (first of a bucket)",
            self.during.len(),
            peak(&times, Duration::from_secs(1)),
            peak(&global, Duration::from_secs(1)),
            self.limited
        )?;
        let mut routes: BTreeMap<&str, Vec<Instant>> = BTreeMap::new();
        for r in self.during {
            routes.entry(r.route).or_default().push(r.at);
        }
        let busiest: Vec<String> = routes
            .iter()
            .map(|(route, t)| {
                format!(
                    "{route} {}/s ({})",
                    peak(t, Duration::from_secs(1)),
                    t.len()
                )
            })
            .collect();
        writeln!(f, "  peak per route (requests): {}", busiest.join(", "))?;
        let mut per_channel: HashMap<u64, Vec<Instant>> = HashMap::new();
        for r in self.during.iter().filter(|r| r.route == "create_message") {
            if let Some(ch) = r.channel_id {
                per_channel.entry(ch).or_default().push(r.at);
            }
        }
        let most = per_channel
            .values()
            .map(|t| peak(t, Duration::from_secs(5)))
            .max()
            .unwrap_or(0);
        writeln!(
            f,
            "  most messages in one channel within 5 s: {most} (in {} channels)",
            per_channel.len()
        )?;
        let (i50, i99) = (percentile(&self.idle, 50), percentile(&self.idle, 99));
        let (l50, l99) = (percentile(&self.loaded, 50), percentile(&self.loaded, 99));
        write!(
            f,
            "  a person in another channel: p50 {:.0} ms, p99 {:.0} ms without the tournament \
             ({} answers); p50 {:.0} ms, p99 {:.0} ms while the threads open ({} answers)",
            ms(i50),
            ms(i99),
            self.idle.len(),
            ms(l50),
            ms(l99),
            self.loaded.len()
        )
    }
}

/// The most of `times` within any window of length `window`.
fn peak(times: &[Instant], window: Duration) -> usize {
    let mut sorted = times.to_vec();
    sorted.sort();
    let mut best = 0;
    let mut lo = 0;
    for hi in 0..sorted.len() {
        while sorted[hi].duration_since(sorted[lo]) >= window {
            lo += 1;
        }
        best = best.max(hi - lo + 1);
    }
    best
}

/// The `p`th percentile (nearest rank).
fn percentile(times: &[Duration], p: usize) -> Duration {
    let mut sorted = times.to_vec();
    sorted.sort();
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let rank = (p * sorted.len()).div_ceil(100).max(1) - 1;
    sorted[rank.min(sorted.len() - 1)]
}
