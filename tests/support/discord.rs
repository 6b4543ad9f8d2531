//! What the Discord tests share: the bot process against the fake Discord, and reading what
//! Discord received.

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::support::fake_discord::{FakeDiscord, FakeUser, Interaction, Recorded};
use serde_json::json;

pub const TOKEN: &str = "MTIzNDU2Nzg5MDEy.GfAkEd.spieltisch-test-token";
pub const CHANNEL: u64 = FakeDiscord::CHANNEL_ID;
pub const OTHER: u64 = FakeDiscord::OTHER_CHANNEL_ID;
/// The index of Dvonn among the `game` choices.
pub const DVONN: u64 = 0;

/// The bot process; killed when dropped. When a test fails, its log is printed.
pub struct Bot(pub Child, pub std::path::PathBuf);

impl Drop for Bot {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
        if std::thread::panicking() || std::env::var_os("SPIELTISCH_SHOW_BOT_LOG").is_some() {
            let log = std::fs::read_to_string(&self.1).unwrap_or_default();
            let lines: Vec<&str> = log.lines().collect();
            eprintln!("--- bot log (last 60 lines) ---");
            for line in &lines[lines.len().saturating_sub(60)..] {
                eprintln!("{line}");
            }
        }
    }
}

pub fn start_bot(fake: &FakeDiscord, dir: &Path, env: &[(&str, &str)]) -> Bot {
    start_bot_with(fake, dir, env, &[])
}

/// The bot with command-line arguments (e.g. `run --seed 7`).
pub fn start_bot_with(fake: &FakeDiscord, dir: &Path, env: &[(&str, &str)], args: &[&str]) -> Bot {
    let log_path = dir.join(format!("bot-{}.log", fake.sessions().0));
    let log = std::fs::File::create(&log_path).expect("log file");
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_spieltisch"));
    cmd.args(args)
        .current_dir(dir)
        .env("SPIELTISCH_DISCORD_TOKEN", fake.token())
        .env("SPIELTISCH_DISCORD__API_ADDRESS", fake.api_address())
        .env("SPIELTISCH_DISCORD__API_CA_FILE", fake.ca_file())
        .env(
            "SPIELTISCH_DISCORD__GUILD",
            FakeDiscord::GUILD_ID.to_string(),
        )
        .env("SPIELTISCH_DISCORD__MESSAGE_COMMANDS", "true")
        .env("SPIELTISCH_DATA_DIR", dir.join("data"))
        .env("RUST_LOG", "spieltisch=debug,warn")
        // Scripted games at machine speed; the limits have their own tests.
        .env("SPIELTISCH_LIMITS__COMMANDS_PER_MINUTE", "1000000")
        .env("SPIELTISCH_LIMITS__IMAGES_PER_MINUTE", "1000000")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(log);
    for (k, v) in env {
        cmd.env(k, v);
    }
    Bot(cmd.spawn().expect("the bot starts"), log_path)
}

pub fn user(id: u64, name: &str) -> FakeUser {
    FakeUser::new(id, name)
}

/// The text a message shows: its content, or its first embed's description.
pub fn text(r: &Recorded) -> String {
    let data = if r.json["data"].is_object() {
        &r.json["data"]
    } else {
        &r.json
    };
    let content = data["content"].as_str().unwrap_or_default();
    let embed = data["embeds"][0]["description"]
        .as_str()
        .unwrap_or_default();
    format!("{content}{embed}")
}

/// The users a message may ping (its `allowed_mentions.users`); it must let nothing else
/// through (no `@everyone`, no role, no name parsed from the text).
pub fn pinged(r: &Recorded) -> Vec<String> {
    let data = if r.json["data"].is_object() {
        &r.json["data"]
    } else {
        &r.json
    };
    let allowed = &data["allowed_mentions"];
    assert_eq!(
        allowed["parse"],
        serde_json::json!([]),
        "nothing pings by parsing: {}",
        r.json
    );
    assert_eq!(allowed["roles"], serde_json::json!([]), "no role pings");
    allowed["users"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|u| u.as_str().map(String::from))
        .collect()
}

/// A message's body: an interaction callback's `data`, or a message's or follow-up's JSON (an
/// answer that took long to draw comes deferred, as a follow-up).
pub fn payload(r: &Recorded) -> &serde_json::Value {
    if r.json["data"].is_object() {
        &r.json["data"]
    } else {
        &r.json
    }
}

pub fn buttons(r: &Recorded) -> Vec<(String, String)> {
    payload(r)["components"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .map(|b| {
            (
                b["label"].as_str().unwrap_or_default().to_string(),
                b["custom_id"].as_str().unwrap_or_default().to_string(),
            )
        })
        .collect()
}

pub fn button(r: &Recorded, label: &str) -> String {
    buttons(r)
        .into_iter()
        .find(|(l, _)| l == label)
        .map(|(_, id)| id)
        .unwrap_or_else(|| panic!("no {label} button in {}", r.json))
}

/// The board PNG a message carries, decoded: (width, height).
pub fn board(r: &Recorded) -> (u32, u32) {
    let (_, bytes) = r
        .files
        .iter()
        .find(|(name, _)| name == "board.png")
        .unwrap_or_else(|| panic!("no board.png in {}", r.json));
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes.as_slice()));
    let mut reader = decoder.read_info().expect("a PNG");
    let mut buf = vec![0; reader.output_buffer_size().expect("size")];
    let info = reader.next_frame(&mut buf).expect("a frame");
    let data = if r.json["data"].is_object() {
        &r.json["data"]
    } else {
        &r.json
    };
    assert_eq!(
        data["embeds"][0]["image"]["url"], "attachment://board.png",
        "the board sits inside the embed"
    );
    (info.width, info.height)
}

/// The answer to an interaction: the callback, or what completed a deferral.
pub async fn answer(fake: &FakeDiscord, ix: &Interaction) -> Recorded {
    let cb = ix.callback(fake).await;
    if cb.callback_type() == 5 {
        ix.followups(fake, 1).await.remove(0)
    } else {
        drawn(fake, ix, cb).await
    }
}

/// One public answer.
pub async fn public(fake: &FakeDiscord, ix: &Interaction) -> Recorded {
    let r = answer(fake, ix).await;
    assert!(
        !r.ephemeral() && !Interaction::ephemeral(&r),
        "expected a public answer: {}",
        r.json
    );
    r
}

/// One ephemeral answer. After a public deferral ("thinking…" for a move that might have been
/// played) a refusal completes the deferral with a word ("answered privately") and answers in
/// an ephemeral follow-up; an ephemeral deferral is completed by the answer itself.
pub async fn private(fake: &FakeDiscord, ix: &Interaction) -> Recorded {
    let cb = ix.callback(fake).await;
    if cb.callback_type() != 5 {
        assert!(
            Interaction::ephemeral(&cb),
            "expected an ephemeral answer: {}",
            cb.json
        );
        return drawn(fake, ix, cb).await;
    }
    if Interaction::ephemeral(&cb) {
        // The edit of an ephemeral deferral's `@original` stays ephemeral.
        let answer = ix.followups(fake, 1).await.remove(0);
        assert_eq!(answer.route, "edit_original", "{}", answer.json);
        return answer;
    }
    let done = ix.followups(fake, 2).await;
    assert_eq!(done[0].route, "edit_original", "{}", done[0].json);
    assert!(
        text(&done[0]).contains("answered privately"),
        "the public deferral says where the answer went: {}",
        done[0].json
    );
    let answer = done[1].clone();
    assert!(
        Interaction::ephemeral(&answer),
        "expected an ephemeral answer: {}",
        answer.json
    );
    answer
}

/// The answer as it stands once its board is drawn. A board goes as its text first (the
/// interaction's response, which rings its pings and meets the deadline whatever the upload
/// takes; its embed's footer says the board is being drawn) and gets its image by an edit of
/// `@original`, which is returned; any other answer is returned as it is.
pub async fn drawn(fake: &FakeDiscord, ix: &Interaction, first: Recorded) -> Recorded {
    if payload(&first)["embeds"][0]["footer"].is_null() {
        return first;
    }
    assert!(
        first.files.is_empty(),
        "the text goes first, without its image: {}",
        first.json
    );
    let id = ix.id;
    fake.wait_requests("the board added to the answer", 1, |r| {
        r.interaction_id == Some(id)
            && r.route == "edit_original"
            && r.ok()
            && r.files.iter().any(|(name, _)| name == "board.png")
    })
    .await
    .remove(0)
}

/// `/join game:Dvonn` by `who`, answered in public.
pub async fn open_dvonn(fake: &FakeDiscord, who: &FakeUser, channel: u64) -> Recorded {
    let ix = fake.slash(who, channel, "join", join_dvonn("")).await;
    public(fake, &ix).await
}

/// `who` presses the button `label` of the message `on` in `channel`; its public answer.
pub async fn press(
    fake: &FakeDiscord,
    who: &FakeUser,
    channel: u64,
    on: &Recorded,
    label: &str,
) -> Recorded {
    let message = on.message_id.expect("the message's id");
    public(
        fake,
        &fake.click(who, channel, message, &button(on, label)).await,
    )
    .await
}

/// `who` types `/tournament <what>` in `channel` with the options `more` (`[]` for none).
pub async fn tournament(
    fake: &FakeDiscord,
    who: &FakeUser,
    channel: u64,
    what: &str,
    more: serde_json::Value,
) -> Interaction {
    let mut options = vec![json!({ "name": "action", "value": action(what) })];
    if let serde_json::Value::Array(more) = more {
        options.extend(more);
    }
    fake.slash(
        who,
        channel,
        "tournament",
        serde_json::Value::Array(options),
    )
    .await
}

pub async fn legal_moves(
    fake: &FakeDiscord,
    who: &FakeUser,
    channel: u64,
    typed: &str,
) -> Vec<String> {
    fake.autocomplete(
        who,
        channel,
        "move",
        json!([{ "name": "text", "value": typed, "focused": true }]),
    )
    .await
    .iter()
    .map(|c| c["value"].as_str().unwrap_or_default().to_string())
    .collect()
}

pub async fn play(fake: &FakeDiscord, who: &FakeUser, channel: u64, mv: &str) -> Interaction {
    fake.slash(
        who,
        channel,
        "move",
        json!([{ "name": "text", "value": mv }]),
    )
    .await
}

/// A 3-player Komarn table with `challenge=10s` in [`CHANNEL`], played by `players` (the bot
/// runs with `--seed 13`) until someone draws a Morlock: whoever is to act plays their first
/// move without a camp. Returns the index of the player who may now claim `morlock none`.
pub async fn komarn_until_a_morlock(fake: &FakeDiscord, players: &[FakeUser; 3]) -> usize {
    let options =
        json!([{ "name": "game", "value": 3 }, { "name": "options", "value": "challenge=10s" }]);
    public(
        fake,
        &fake.slash(&players[0], CHANNEL, "join", options).await,
    )
    .await;
    for p in &players[1..] {
        public(fake, &fake.slash(p, CHANNEL, "join", json!([])).await).await;
    }
    public(
        fake,
        &fake.slash(&players[0], CHANNEL, "start", json!([])).await,
    )
    .await;
    for _ in 0..400 {
        for (i, p) in players.iter().enumerate() {
            let moves = legal_moves(fake, p, CHANNEL, "").await;
            if moves.iter().any(|m| m == "morlock none") {
                return i;
            }
            if let Some(mv) = moves.iter().find(|m| !m.contains("camp")) {
                public(fake, &play(fake, p, CHANNEL, mv).await).await;
                break;
            }
        }
    }
    panic!("no Morlock was drawn");
}

/// The `/tournament` action's index in Discord's choice list.
pub fn action(name: &str) -> u64 {
    let all = [
        "create",
        "join",
        "leave",
        "start",
        "pairings",
        "standings",
        "export",
        "withdraw",
        "bot",
        "next",
        "result",
        "remove",
        "cancel",
    ];
    all.iter().position(|a| *a == name).expect("an action") as u64
}

/// Waits (bounded) until the bot's log has `count` lines containing `what`.
pub async fn wait_logged(bot: &Bot, what: &str, count: usize) {
    until(&format!("the bot logs {what:?}"), || {
        let log = std::fs::read_to_string(&bot.1).unwrap_or_default();
        log.lines().filter(|l| l.contains(what)).count() >= count
    })
    .await;
}

/// Polls `done` until it holds (bounded: 30 s, then `what` fails the test).
pub async fn until(what: &str, mut done: impl FnMut() -> bool) {
    let deadline = Instant::now() + Duration::from_secs(30);
    while !done() {
        assert!(Instant::now() < deadline, "never: {what}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

impl Bot {
    /// Waits (bounded) until the bot stops by itself; how it ended.
    pub async fn exited(&mut self, what: &str) -> std::process::ExitStatus {
        let mut status = None;
        until(what, || {
            status = self.0.try_wait().expect("waitable");
            status.is_some()
        })
        .await;
        status.expect("ended")
    }
}

/// The options of `/join` for Dvonn, with `options` (none when empty).
pub fn join_dvonn(options: &str) -> serde_json::Value {
    if options.is_empty() {
        json!([{ "name": "game", "value": DVONN }])
    } else {
        json!([{ "name": "game", "value": DVONN }, { "name": "options", "value": options }])
    }
}
