//! What the fake remembers: channels, messages, users, roles, commands, interactions, the
//! gateway session, rate-limit windows and what it recorded.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use serde_json::{Value, json};
use tokio::sync::mpsc::UnboundedSender;

use super::notify::Notification;
use super::perms::{self, Overwrite, Role};
use super::{FakeDiscord, FakeUser, Recorded, StoredMessage, faults, ratelimit, shapes};

/// A channel the fake knows.
#[derive(Clone, Debug)]
pub(crate) struct Chan {
    pub id: u64,
    /// 0 text, 1 DM, 4 category, 11 public thread, 12 private thread.
    pub kind: u8,
    pub name: String,
    pub parent_id: Option<u64>,
    pub position: u16,
    /// DM channels: the other user.
    pub recipient: Option<u64>,
    /// Threads: creator and metadata.
    pub owner_id: Option<u64>,
    pub auto_archive: u64,
    pub created: String,
    pub last_message_id: Option<u64>,
    /// Threads: archived (no commands until a message unarchives it).
    pub archived: bool,
    /// Threads: locked by a moderator (only MANAGE_THREADS may unarchive or post).
    pub locked: bool,
    /// Threads: members (the creator joins on creation, others are added).
    pub members: BTreeSet<u64>,
    /// Guild channels (not threads): permission overwrites.
    pub overwrites: Vec<Overwrite>,
}

impl Chan {
    pub fn new(id: u64, kind: u8, name: &str, parent_id: Option<u64>, position: u16) -> Chan {
        Chan {
            id,
            kind,
            name: name.to_owned(),
            parent_id,
            position,
            recipient: None,
            owner_id: None,
            auto_archive: 1440,
            created: shapes::iso_now(),
            last_message_id: None,
            archived: false,
            locked: false,
            members: BTreeSet::new(),
            overwrites: Vec::new(),
        }
    }

    pub fn in_guild(&self) -> bool {
        self.kind != 1
    }

    pub fn is_thread(&self) -> bool {
        matches!(self.kind, 10..=12)
    }
}

/// What the fake remembers about an interaction it dispatched.
#[derive(Clone, Debug)]
pub(crate) struct Ix {
    pub id: u64,
    pub token: String,
    pub kind: u8,
    pub channel_id: u64,
    pub user: FakeUser,
    pub command_name: Option<String>,
    pub command_type: u8,
    pub component_message: Option<u64>,
    pub callback: Option<u8>,
    pub original: Option<u64>,
    pub dispatched: Instant,
}

/// Frames for one gateway connection.
pub(crate) enum Out {
    Text(String),
    Close(u16, String),
}

/// One IDENTIFY the bot sent, and what became of it.
#[derive(Clone, Debug)]
pub struct IdentifyAttempt {
    pub at: Instant,
    /// Wall-clock time, for reports.
    pub time: SystemTime,
    pub intents: u64,
    /// The close code the fake answered with instead of READY (4004, 4014, ...).
    pub refused: Option<u16>,
}

pub(crate) struct Gw {
    pub identify: Option<Value>,
    pub intents: u64,
    pub session_id: Option<String>,
    pub seq: u64,
    /// Dispatches of the current session, for RESUME.
    pub log: Vec<(u64, String)>,
    /// The connection currently attached to the session.
    pub live: Option<(u64, UnboundedSender<Out>)>,
    pub received: Vec<Value>,
    pub sent: Vec<Value>,
    pub connections: u64,
    pub identifies: u64,
    pub resumes: u64,
    /// Every IDENTIFY with the right token, accepted or not.
    pub attempts: Vec<IdentifyAttempt>,
    /// Session starts allowed before the token is reset (Discord: 1000 a day).
    pub identify_budget: u64,
    /// Intents the application is not allowed (privileged intents not enabled).
    pub disallowed_intents: u64,
    /// Close codes the fake sent, in order.
    pub closes: Vec<u16>,
}

impl Default for Gw {
    fn default() -> Gw {
        Gw {
            identify: None,
            intents: 0,
            session_id: None,
            seq: 0,
            log: Vec::new(),
            live: None,
            received: Vec::new(),
            sent: Vec::new(),
            connections: 0,
            identifies: 0,
            resumes: 0,
            attempts: Vec::new(),
            identify_budget: 1000,
            disallowed_intents: 0,
            closes: Vec::new(),
        }
    }
}

pub(crate) struct State {
    pub last_id: u64,
    pub requests: Vec<Recorded>,
    pub channels: BTreeMap<u64, Chan>,
    pub messages: HashMap<u64, StoredMessage>,
    pub users: HashMap<u64, FakeUser>,
    pub roles: BTreeMap<u64, Role>,
    /// Created commands (Discord's command objects, global and guild).
    pub commands: Vec<Value>,
    /// Body of the latest successful bulk overwrite.
    pub last_commands_put: Option<Vec<Value>>,
    /// The application has Activities enabled (and so an Entry Point command).
    pub activities: bool,
    pub interactions: HashMap<u64, Ix>,
    pub gw: Gw,
    /// Armed faults, first match wins.
    pub faults: Vec<faults::Armed>,
    /// Who was notified by the bot's new messages.
    pub notifications: Vec<Notification>,
    pub limits: ratelimit::Limits,
    /// The token was reset (too many IDENTIFYs): every REST call answers 401.
    pub token_reset: bool,
}

const DISCORD_EPOCH_MS: u64 = 1_420_070_400_000;

impl State {
    pub fn new() -> State {
        let channels = [
            Chan::new(FakeDiscord::CATEGORY_ID, 4, "Brettspiele", None, 0),
            Chan::new(
                FakeDiscord::CHANNEL_ID,
                0,
                "spiele",
                Some(FakeDiscord::CATEGORY_ID),
                0,
            ),
            Chan::new(
                FakeDiscord::OTHER_CHANNEL_ID,
                0,
                "allgemein",
                Some(FakeDiscord::CATEGORY_ID),
                1,
            ),
        ];
        State {
            last_id: 0,
            requests: Vec::new(),
            channels: channels.into_iter().map(|c| (c.id, c)).collect(),
            messages: HashMap::new(),
            users: HashMap::new(),
            roles: perms::default_roles(),
            commands: Vec::new(),
            last_commands_put: None,
            activities: false,
            interactions: HashMap::new(),
            gw: Gw::default(),
            faults: Vec::new(),
            notifications: Vec::new(),
            limits: ratelimit::Limits::new(),
            token_reset: false,
        }
    }

    /// A fresh snowflake: current time, strictly increasing.
    pub fn next_id(&mut self) -> u64 {
        let ms = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.as_millis() as u64)
            .unwrap_or(0);
        let now = ms.saturating_sub(DISCORD_EPOCH_MS) << 22;
        self.last_id = now.max(self.last_id + 1);
        self.last_id
    }

    pub fn chan(&self, id: u64) -> Option<&Chan> {
        self.channels.get(&id)
    }

    /// Whether the bot's session asked for `intent` (and so gets events that need it).
    pub fn subscribed(&self, intent: u64) -> bool {
        self.gw.session_id.is_some() && self.gw.intents & intent != 0
    }

    /// Sends a dispatch (op 0) on the session; kept in the log for RESUME.
    pub fn dispatch(&mut self, t: &str, d: Value) -> u64 {
        self.gw.seq += 1;
        let s = self.gw.seq;
        let frame = json!({"op": 0, "t": t, "s": s, "d": d});
        let text = frame.to_string();
        self.gw.sent.push(frame);
        self.gw.log.push((s, text.clone()));
        if let Some((_, tx)) = &self.gw.live {
            let _ = tx.send(Out::Text(text));
        }
        s
    }

    /// Sends a non-dispatch frame on one connection.
    pub fn send_frame(&mut self, tx: &UnboundedSender<Out>, frame: Value) {
        let text = frame.to_string();
        self.gw.sent.push(frame);
        let _ = tx.send(Out::Text(text));
    }

    /// Closes one connection with a close code, as Discord does.
    pub fn close(&mut self, tx: &UnboundedSender<Out>, code: u16, reason: &str) {
        self.gw.closes.push(code);
        let _ = tx.send(Out::Close(code, reason.to_owned()));
    }

    pub fn user(&self, id: u64) -> Option<FakeUser> {
        if id == FakeDiscord::OWNER_ID {
            return Some(FakeUser::new(id, "Besitzerin"));
        }
        self.users.get(&id).cloned()
    }

    /// The registered command a user would see under `name` in `channel`.
    pub fn find_command(&self, name: &str, kind: u8, channel: &Chan) -> Option<Value> {
        let matches = |c: &&Value| c["name"] == name && c["type"].as_u64() == Some(kind as u64);
        let context = if channel.in_guild() { 0 } else { 1 };
        let allowed = |c: &Value| match c["contexts"].as_array() {
            Some(list) => list.iter().any(|x| x.as_u64() == Some(context)),
            None => context == 0 || c["dm_permission"] != false,
        };
        let guild = FakeDiscord::GUILD_ID.to_string();
        let guild_cmd = channel
            .in_guild()
            .then(|| {
                self.commands
                    .iter()
                    .filter(matches)
                    .find(|c| c["guild_id"].as_str() == Some(&guild))
            })
            .flatten();
        guild_cmd
            .or_else(|| {
                self.commands
                    .iter()
                    .filter(matches)
                    .find(|c| c["guild_id"].is_null())
            })
            .filter(|c| allowed(c))
            .cloned()
    }

    pub fn summary(&self) -> String {
        let mut s = String::new();
        let gw = &self.gw;
        s.push_str(&format!(
            "gateway: {} connection(s), {} identify, {} resume, session {}, live {}, intents {:#x}, seq {}, closes {:?}\n",
            gw.connections,
            gw.identifies,
            gw.resumes,
            gw.session_id.as_deref().unwrap_or("-"),
            gw.live.is_some(),
            gw.intents,
            gw.seq,
            gw.closes,
        ));
        let skip = self.requests.len().saturating_sub(25);
        s.push_str(&format!(
            "last {} of {} REST requests:\n",
            self.requests.len() - skip,
            self.requests.len()
        ));
        for r in &self.requests[skip..] {
            let mut line = format!("  {} {} -> {} ({})", r.method, r.path, r.status, r.route);
            if !r.ok() && !r.response.is_null() {
                line.push_str(&format!(" {}", r.response));
            }
            s.push_str(&line);
            s.push('\n');
        }
        s
    }
}

/// Time from `earlier` to `later`, zero if `later` is before it.
pub(crate) fn between(earlier: Instant, later: Instant) -> Duration {
    later.saturating_duration_since(earlier)
}
