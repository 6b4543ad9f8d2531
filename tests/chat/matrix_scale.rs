//! A benchmark the test harness runs and prints: a Swiss tournament of 256 entrants through the
//! bot and a real Synapse with Synapse's default rate limits (`.ci/synapse.sh` starts one on
//! port 8010), the bot's account exempted through the admin API as docs/operating.md tells
//! operators to; the players stay at the defaults.
//!
//! It prints how soon after `!tournament start` every game room of round 1 exists (its players
//! invited, the game's start posted in it), the bot's peak requests a second in all and per
//! route, the most messages the bot sent into one room in 5 s, the bot's requests refused (429)
//! or found bad (400), and a person's answer time to `!status` at a Dvonn table in another room,
//! before the tournament and while round 1 opens. It asserts behaviour only — every game has its
//! room, with its two players invited and its start posted once, no game twice, nothing the bot
//! asked found bad (400) and nothing refused by a limit (429) beyond the first of a route —
//! never a time.
//!
//! The bot's requests are counted in Synapse's access log (`homeserver.log` in the server's
//! directory: `SPIELTISCH_TEST_SYNAPSE_ALL_DEFAULTS_LOG`, by default where `.ci/run` puts it):
//! every request with its user, its status and the time it was answered. The 256 players speak
//! over plain HTTP (no matrix-sdk client each); the admin API puts them into the public
//! tournament room, as it makes their accounts: Synapse's default `rc_joins_per_room` lets one
//! join a second into a room, which would make the setting take minutes.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use futures_util::StreamExt;
use matrix_sdk::ruma::api::client::room::create_room::v3::{Request as CreateRoom, RoomPreset};
use matrix_sdk::ruma::{OwnedRoomId, OwnedUserId, RoomId, UserId};

use crate::support::matrix::*;

/// Entrants: 128 games in round 1.
const ENTRANTS: usize = 256;
const GAMES: usize = ENTRANTS / 2;
/// Players made, logged in, seated and entered at once.
const AT_ONCE: usize = 8;
/// The game's header in its start (`tour-game-header`).
const HEADER: &str = "Tournament `cup`, round 1, board ";

/// The homeserver with all of Synapse's default rate limits but those for making and logging
/// in accounts (port 8010), or `None` (skipped — unless `SPIELTISCH_TEST_SYNAPSE_REQUIRED`).
async fn all_defaults_homeserver() -> Option<String> {
    let url = std::env::var("SPIELTISCH_TEST_SYNAPSE_ALL_DEFAULTS")
        .unwrap_or_else(|_| "http://127.0.0.1:8010".into());
    running_or_skip(url, "Synapse with all default rate limits").await
}

/// That homeserver's log (the access log is in it).
fn access_log() -> PathBuf {
    std::env::var_os("SPIELTISCH_TEST_SYNAPSE_ALL_DEFAULTS_LOG")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(env!("CARGO_MANIFEST_DIR"))
                .join("target/synapse/all-defaults/homeserver.log")
        })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_swiss_of_256_opens_its_rooms_under_synapse_s_default_limits() {
    let Some(url) = all_defaults_homeserver().await else {
        return;
    };
    let log = access_log();
    assert!(
        log.is_file(),
        "Synapse's log of {url} is not at {} (SPIELTISCH_TEST_SYNAPSE_ALL_DEFAULTS_LOG)",
        log.display()
    );
    let accounts = Accounts::new(&url).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let bot = accounts.bot();
    accounts.exempt_from_rate_limits(&bot).await;
    let unmetered = "1000000";
    let _bot_process = start_bot_env(
        &accounts,
        &url,
        dir.path(),
        1,
        &[],
        &[
            ("SPIELTISCH_LIMITS__COMMANDS_PER_MINUTE", unmetered),
            ("SPIELTISCH_LIMITS__IMAGES_PER_MINUTE", unmetered),
            ("SPIELTISCH_LIMITS__TABLES_PER_USER", unmetered),
            ("SPIELTISCH_LIMITS__TABLES_PER_COMMUNITY", unmetered),
            ("SPIELTISCH_TOURNAMENTS__OPEN_PER_COMMUNITY", unmetered),
            ("SPIELTISCH_TOURNAMENTS__BOTS_PER_TOURNAMENT", unmetered),
        ],
    );

    // A Dvonn table in a room of its own, and three people there who ask for its status.
    let alice = accounts.player("alice", dir.path()).await;
    let bob = accounts.player("bob", dir.path()).await;
    let carol = accounts.player("carol", dir.path()).await;
    let table = alice
        .open_room("A table", vec![bot.clone(), id(&bob), id(&carol)])
        .await;
    for user in [&bot, &id(&bob), &id(&carol)] {
        wait_member(&alice.client, &table, user).await;
    }
    open_game(&bot, &table, "!join dvonn", &alice, &bob, &alice).await;
    let people = [&alice, &bob, &carol];
    // Within each person's burst of messages (10; alice and bob spent 3 on the table).
    let quiet = answer_times(
        &people,
        &table,
        &bot,
        Duration::from_secs(1),
        Some(12),
        None,
    )
    .await;

    // The tournament's room: public, so that its players join without invites.
    let organizer = accounts.player("organizer", dir.path()).await;
    let title = format!("Bench {}", accounts.user("cup").localpart());
    let mut request = CreateRoom::new();
    request.name = Some(title.clone());
    request.preset = Some(RoomPreset::PublicChat);
    request.invite = vec![bot.clone()];
    let cup = organizer
        .client
        .create_room(request)
        .await
        .expect("the tournament's room")
        .room_id()
        .to_owned();
    wait_member(&organizer.client, &cup, &bot).await;
    let m = create_tournament(
        &organizer,
        &cup,
        &bot,
        "!tournament create dvonn swiss rounds=8 name=cup",
    )
    .await;

    // 256 players: made, logged in, put into the room, entered.
    let marks = LogMarks::new(&url, accounts.user("mark").localpart());
    marks.mark("entries").await;
    let entering = Instant::now();
    let players: Vec<HttpPlayer> = futures_util::stream::iter(1..=ENTRANTS)
        .map(|n| {
            let (accounts, cup) = (&accounts, &cup);
            async move {
                let player = accounts.http_player(&format!("p{n:03}")).await;
                accounts.admin_join(cup, &player.id).await;
                player.say(cup, "!tournament join").await;
                player
            }
        })
        .buffer_unordered(AT_ONCE)
        .collect()
        .await;
    let all_entered = format!("({ENTRANTS} entrants)");
    organizer
        .wait_up_to(Duration::from_secs(600), m, &bot, "every entry", |s| {
            s.room == cup && s.text().contains(&all_entered)
        })
        .await;
    let entered_in = entering.elapsed();

    // The start, a person's answers meanwhile, and every game's room watched for.
    let started = Instant::now();
    organizer.say(&cup, "!tournament start").await;
    let opened = AtomicBool::new(false);
    let (busy, rooms) = tokio::join!(
        answer_times(
            &people,
            &table,
            &bot,
            Duration::from_secs(2),
            None,
            Some(&opened)
        ),
        async {
            let rooms = round_open(&accounts, &title, &bot).await;
            opened.store(true, Ordering::SeqCst);
            rooms
        }
    );
    let seen_after = started.elapsed();
    marks.mark("end").await;
    let lines = marks.lines_between(&log, "entries", "end").await;

    // Every game: its own room, its two players invited, its start posted once.
    let by_id: HashMap<&UserId, &HttpPlayer> = players.iter().map(|p| (p.id.as_ref(), p)).collect();
    let mut boards = HashSet::new();
    let mut seated = HashSet::new();
    for game in &rooms {
        assert_eq!(
            game.starts.len(),
            1,
            "one start in {}: {:?}",
            game.name,
            game.starts
        );
        let start = &game.starts[0];
        let board: usize = start[start.find(HEADER).expect("the header") + HEADER.len()..]
            .split(|c: char| !c.is_ascii_digit())
            .next()
            .and_then(|n| n.parse().ok())
            .expect("a board number");
        assert!(
            game.name.ends_with(&format!("cup-r1-{board}")),
            "{} holds board {board}",
            game.name
        );
        assert!(boards.insert(board), "board {board} twice");
        assert_eq!(game.invited.len(), 2, "{}: {:?}", game.name, game.invited);
        for user in &game.invited {
            let player = by_id
                .get(&**user)
                .unwrap_or_else(|| panic!("{user} invited to {} is no entrant", game.name));
            assert!(
                start.contains(&format!("{} (", player.name)),
                "{} plays in {}: {start}",
                player.name,
                game.name
            );
            assert!(seated.insert(user.clone()), "{user} in two games");
        }
    }
    assert_eq!(boards, (1..=GAMES).collect(), "every board once");
    assert_eq!(seated.len(), ENTRANTS, "every entrant plays");

    // What the bot asked of Synapse, from the access log.
    let organizer_id = id(&organizer);
    let start_at = lines
        .iter()
        .find(|l| l.user == organizer_id.as_str() && l.is_send())
        .expect("the organizer's `!tournament start` in the log")
        .at_ms;
    let game_rooms: HashSet<String> = rooms.iter().map(|r| r.id.to_string()).collect();
    let mine: Vec<&Access> = lines.iter().filter(|l| l.user == bot.as_str()).collect();
    let mut first_post = HashMap::new();
    for l in &mine {
        if l.is_send() && l.status == 200 && game_rooms.contains(&l.room()) {
            first_post.entry(l.room()).or_insert(l.at_ms);
        }
    }
    assert_eq!(
        first_post.len(),
        GAMES,
        "the bot posted into every game's room"
    );
    let open_at = *first_post.values().max().expect("rooms");
    let created_at = mine
        .iter()
        .filter(|l| l.route() == "POST /_matrix/client/v3/createRoom" && l.status == 200)
        .map(|l| l.at_ms)
        .max()
        .expect("rooms created");
    let window: Vec<&Access> = mine
        .iter()
        .copied()
        .filter(|l| (start_at..=open_at).contains(&l.at_ms))
        .collect();
    let entries: Vec<&Access> = mine
        .iter()
        .copied()
        .filter(|l| l.at_ms < start_at)
        .collect();
    let refused = refusals(&bot, &log);
    let print_ms = |ms: i64| format!("{:.1} s", ms as f64 / 1000.0);
    println!(
        "matrix_scale: a Swiss of {ENTRANTS} entrants ({GAMES} games in round 1) on Synapse \
         with its default rate limits, the bot exempted (override_ratelimit)"
    );
    println!(
        "  {ENTRANTS} players made, logged in, put into the room and entered (every entry \
         answered) in {:.1} s",
        entered_in.as_secs_f64()
    );
    println!(
        "  round 1 open — every room created, its players invited, the start posted — {} after \
         `!tournament start` (Synapse's log; the last room created after {}; the test saw it \
         all after {:.1} s, polling the admin API)",
        print_ms(open_at - start_at),
        print_ms(created_at - start_at),
        seen_after.as_secs_f64()
    );
    println!(
        "  the bot's requests in that time: {} ({:.1}/s), peak {}/s; by route (count, peak a \
         second):",
        window.len(),
        window.len() as f64 * 1000.0 / (open_at - start_at).max(1) as f64,
        peak_per_second(window.iter().copied())
    );
    let mut routes: BTreeMap<String, Vec<&Access>> = BTreeMap::new();
    for l in &window {
        routes.entry(l.route()).or_default().push(l);
    }
    for (route, ls) in &routes {
        println!(
            "    {route}: {} ({}/s)",
            ls.len(),
            peak_per_second(ls.iter().copied())
        );
    }
    let which = |(most, room): (usize, String)| {
        let room = if room == cup.as_str() {
            "the tournament's room"
        } else {
            "a game's room"
        };
        format!("{most} ({room})")
    };
    println!(
        "  the most messages the bot sent into one room in 5 s: {}; while the players entered: \
         {}",
        which(most_in_5s(&window)),
        which(most_in_5s(&entries))
    );
    println!(
        "  the bot's requests refused, the whole run: {} with 429 (too many), {} with 400 (bad)",
        refused.iter().filter(|l| l.status == 429).count(),
        refused.iter().filter(|l| l.status == 400).count()
    );
    println!(
        "  a person's `!status` answered (sent to seen, other room): {} quiet; {} while round 1 \
         opens",
        summary(&quiet),
        summary(&busy)
    );
    // Nothing bad; a limit's 429 at most once per route (the first of a bucket tells the bot
    // to wait; with the exemption there is none).
    assert!(
        refused.iter().all(|l| l.status == 429),
        "the bot's requests found bad: {refused:#?}"
    );
    // A room the bot has just created has no gap in its timeline to fill: no `/messages`.
    let backfills = routes
        .iter()
        .filter(|(route, _)| route.starts_with("GET ") && route.ends_with("/messages"))
        .map(|(_, ls)| ls.len())
        .sum::<usize>();
    assert_eq!(backfills, 0, "the bot back-filled its new rooms");
    let mut limited: HashMap<String, usize> = HashMap::new();
    for l in &refused {
        *limited.entry(l.route()).or_default() += 1;
    }
    assert!(
        limited.values().all(|&n| n <= 1),
        "the bot's requests refused by a limit: {limited:?}"
    );
}

/// `!status` asked by `people` in turn, one every `every`, in `room`: each answer's time from
/// sending to seeing it. `count` answers, or until `done`.
async fn answer_times(
    people: &[&Player],
    room: &RoomId,
    bot: &UserId,
    every: Duration,
    count: Option<usize>,
    done: Option<&AtomicBool>,
) -> Vec<Duration> {
    let mut times = Vec::new();
    for person in people.iter().cycle() {
        if count.is_some_and(|c| times.len() >= c) || done.is_some_and(|d| d.load(Ordering::SeqCst))
        {
            break;
        }
        let asked = Instant::now();
        let m = person.mark();
        person.say(room, "!status").await;
        // Patient: a slow answer is a figure, not a failure.
        person
            .wait_up_to(Duration::from_secs(600), m, bot, "the status", |s| {
                s.room == room && s.text().contains("Dvonn")
            })
            .await;
        times.push(asked.elapsed());
        tokio::time::sleep(every.saturating_sub(asked.elapsed())).await;
    }
    times
}

/// `p50 X ms, p99 Y ms (n answers)`.
fn summary(times: &[Duration]) -> String {
    let mut ms: Vec<f64> = times.iter().map(|t| t.as_secs_f64() * 1000.0).collect();
    ms.sort_by(f64::total_cmp);
    let at = |q: f64| ms[((ms.len() as f64 * q).ceil() as usize).clamp(1, ms.len()) - 1];
    format!(
        "p50 {:.0} ms, p99 {:.0} ms ({} answers)",
        at(0.5),
        at(0.99),
        ms.len()
    )
}

/// A game's room as the admin API shows it.
struct GameRoom {
    id: OwnedRoomId,
    name: String,
    invited: Vec<OwnedUserId>,
    /// The bot's messages in it that start a game.
    starts: Vec<String>,
}

/// Waits until every game room of round 1 (named `<title> · cup-r1-<n>`) exists with the game's
/// start posted in it: the admin API asked every half second.
async fn round_open(accounts: &Accounts, title: &str, bot: &UserId) -> Vec<GameRoom> {
    let deadline = Instant::now() + Duration::from_secs(900);
    let query = title.replace(' ', "%20");
    let mut started: HashMap<OwnedRoomId, String> = HashMap::new();
    loop {
        let listed = accounts
            .admin_get(&format!(
                "/_synapse/admin/v1/rooms?search_term={query}&limit=1000"
            ))
            .await;
        let games: Vec<(OwnedRoomId, String)> = listed["rooms"]
            .as_array()
            .expect("rooms")
            .iter()
            .filter_map(|r| Some((r["room_id"].as_str()?, r["name"].as_str()?)))
            .filter(|(_, name)| name.contains(" · cup-r1-"))
            .filter_map(|(id, name)| Some((RoomId::parse(id).ok()?, name.to_string())))
            .collect();
        if games.len() >= GAMES {
            for (room, name) in &games {
                if !started.contains_key(room) && !starts(accounts, room, bot).await.is_empty() {
                    started.insert(room.clone(), name.clone());
                }
            }
        }
        if started.len() == games.len() && games.len() >= GAMES {
            let mut rooms = Vec::new();
            for (room, name) in games {
                rooms.push(GameRoom {
                    invited: invited(accounts, &room).await,
                    starts: starts(accounts, &room, bot).await,
                    id: room,
                    name,
                });
            }
            return rooms;
        }
        assert!(
            Instant::now() < deadline,
            "round 1 never opened: {} rooms, {} with their start",
            games.len(),
            started.len()
        );
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
}

/// The bot's messages in `room` that start a tournament game.
async fn starts(accounts: &Accounts, room: &RoomId, bot: &UserId) -> Vec<String> {
    let filter = "%7B%22types%22%3A%5B%22m.room.message%22%5D%7D";
    let messages = accounts
        .admin_get(&format!(
            "/_synapse/admin/v1/rooms/{room}/messages?dir=b&limit=100&filter={filter}"
        ))
        .await;
    messages["chunk"]
        .as_array()
        .expect("messages")
        .iter()
        .filter(|e| e["sender"] == bot.as_str())
        .filter_map(|e| e["content"]["body"].as_str())
        .filter(|body| body.contains(HEADER))
        .map(str::to_string)
        .collect()
}

/// Who is invited to `room` (and has not answered).
async fn invited(accounts: &Accounts, room: &RoomId) -> Vec<OwnedUserId> {
    let state = accounts
        .admin_get(&format!("/_synapse/admin/v1/rooms/{room}/state"))
        .await;
    state["state"]
        .as_array()
        .expect("state")
        .iter()
        .filter(|e| e["type"] == "m.room.member" && e["content"]["membership"] == "invite")
        .filter_map(|e| UserId::parse(e["state_key"].as_str()?).ok())
        .collect()
}

/// Requests that mark the bench's window in the access log: unauthenticated, with the mark in
/// the query.
struct LogMarks {
    url: String,
    tag: String,
}

impl LogMarks {
    fn new(url: &str, tag: &str) -> LogMarks {
        LogMarks {
            url: url.to_string(),
            tag: tag.to_string(),
        }
    }

    fn query(&self, what: &str) -> String {
        format!("/_matrix/client/versions?bench={}-{what}", self.tag)
    }

    async fn mark(&self, what: &str) {
        let url = format!("{}{}", self.url, self.query(what));
        let answer = matrix_sdk::reqwest::get(&url)
            .await
            .expect("the homeserver answers");
        assert!(answer.status().is_success(), "{url}: {}", answer.status());
    }

    /// The access log's lines between the marks `from` and `to`, once `to` is in it (Synapse
    /// writes its log every few seconds).
    async fn lines_between(&self, log: &std::path::Path, from: &str, to: &str) -> Vec<Access> {
        let (start, end) = (self.query(from), self.query(to));
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            let all = read_log(log);
            let from = all.iter().position(|l| l.path == start);
            let to = all.iter().position(|l| l.path == end);
            if let (Some(from), Some(to)) = (from, to) {
                return all[from..=to].to_vec();
            }
            assert!(
                Instant::now() < deadline,
                "the marks never showed in {}",
                log.display()
            );
            tokio::time::sleep(Duration::from_millis(500)).await;
        }
    }
}

/// The bot's requests answered 400 or 429, the whole log (the bot's account is this run's).
fn refusals(bot: &UserId, log: &std::path::Path) -> Vec<Access> {
    read_log(log)
        .into_iter()
        .filter(|l| l.user == bot.as_str() && matches!(l.status, 400 | 429))
        .collect()
}

/// A request in Synapse's access log.
#[derive(Debug, Clone)]
struct Access {
    /// When it was answered: milliseconds on the log's clock.
    at_ms: i64,
    /// Who asked (`None` when nobody logged in).
    user: String,
    status: u16,
    method: String,
    /// The path with its query.
    path: String,
}

impl Access {
    /// From a line like `2026-11-27 23:32:31,277 - synapse.access.http.8010 - … - {@bot:localhost}
    /// Processed request: 0.056sec/… 59B 200 "PUT /_matrix/client/v3/rooms/!r:localhost/send/…
    /// HTTP/1.1" "matrix-rust-sdk" [0 dbevts]`.
    fn parse(line: &str) -> Option<Access> {
        let (head, rest) = line.split_once("} Processed request: ")?;
        let user = head.rsplit_once(" - {")?.1.to_string();
        let at_ms = log_time(head.get(..23)?)?;
        let (numbers, request) = rest.split_once(" \"")?;
        let status = numbers.split_whitespace().last()?.parse().ok()?;
        let mut words = request.split(' ');
        let method = words.next()?.to_string();
        let path = words.next()?.to_string();
        Some(Access {
            at_ms,
            user,
            status,
            method,
            path,
        })
    }

    fn is_send(&self) -> bool {
        self.method == "PUT" && self.path.contains("/send/m.room.message/")
    }

    /// The room in the path, if any (else "").
    fn room(&self) -> String {
        let room = self.path.split('/').skip_while(|s| *s != "rooms").nth(1);
        room.unwrap_or("")
            .replace("%21", "!")
            .replace("%3A", ":")
            .replace("%3a", ":")
    }

    /// The method and the path without its query, ids and transaction ids as `{…}`.
    fn route(&self) -> String {
        let path = self.path.split('?').next().unwrap_or("");
        let segments: Vec<&str> = path
            .split('/')
            .map(|s| {
                let id = ["!", "@", "$", "%21", "%40", "%24"]
                    .iter()
                    .any(|sigil| s.starts_with(sigil));
                if id || s.len() >= 20 { "{…}" } else { s }
            })
            .collect();
        format!("{} {}", self.method, segments.join("/"))
    }
}

/// `2026-11-27 23:32:31,277` as milliseconds (days from a fixed date: only differences count).
fn log_time(stamp: &str) -> Option<i64> {
    let num = |range: std::ops::Range<usize>| stamp.get(range)?.parse::<i64>().ok();
    let (y, mo, d) = (num(0..4)?, num(5..7)?, num(8..10)?);
    let (h, mi, s, ms) = (num(11..13)?, num(14..16)?, num(17..19)?, num(20..23)?);
    // Days since 1970-01-01 (Howard Hinnant's days_from_civil).
    let y = if mo <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let doy = (153 * ((mo + 9) % 12) + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    let days = era * 146_097 + doe - 719_468;
    Some((((days * 24 + h) * 60 + mi) * 60 + s) * 1000 + ms)
}

/// Every access logged in `log` and in its rotated files (oldest first).
fn read_log(log: &std::path::Path) -> Vec<Access> {
    let dir = log.parent().expect("a directory");
    let name = log
        .file_name()
        .expect("a file")
        .to_string_lossy()
        .to_string();
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("the log's directory")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with(&format!("{name}.")))
        })
        .collect();
    files.sort();
    files.push(log.to_path_buf());
    files
        .iter()
        .filter_map(|f| std::fs::read(f).ok())
        .flat_map(|bytes| {
            String::from_utf8_lossy(&bytes)
                .lines()
                .filter_map(Access::parse)
                .collect::<Vec<_>>()
        })
        .collect()
}

/// The most requests in one second (of the log's clock).
fn peak_per_second<'a>(requests: impl Iterator<Item = &'a Access>) -> usize {
    let mut seconds: HashMap<i64, usize> = HashMap::new();
    for l in requests {
        *seconds.entry(l.at_ms.div_euclid(1000)).or_default() += 1;
    }
    seconds.into_values().max().unwrap_or(0)
}

/// The most messages sent into one room within 5 s, and that room.
fn most_in_5s(requests: &[&Access]) -> (usize, String) {
    let mut rooms: HashMap<String, Vec<i64>> = HashMap::new();
    for l in requests.iter().filter(|l| l.is_send() && l.status == 200) {
        rooms.entry(l.room()).or_default().push(l.at_ms);
    }
    let mut most = (0, String::new());
    for (room, mut times) in rooms {
        times.sort_unstable();
        let mut first = 0;
        for last in 0..times.len() {
            while times[last] - times[first] >= 5000 {
                first += 1;
            }
            if last - first + 1 > most.0 {
                most = (last - first + 1, room.clone());
            }
        }
    }
    most
}
