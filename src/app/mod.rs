//! The table service: one table per channel, commands serialized per table, and the one path
//! every change takes — [`decide`] (pure) → one durable commit → [`project`] (replies per
//! audience). Replies leave only after the commit.
//!
//! Memory follows the active tables, not history: a channel whose table is closed (or that has
//! none) leaves memory as soon as its command is answered, an open table without a timer after
//! a while idle; both load again on demand.

use std::collections::{BTreeSet, HashMap};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

mod bots;
mod commit;
mod departed;
mod digest;
mod disclosure;
mod gone;
mod language;
mod mine;
mod notify;
mod ratings;
mod replays;
mod rounds;
mod shared;
mod slots;
mod timers;
mod tournament;
mod vacation;

pub use departed::Departure;
pub use mine::{ChannelLink, MY_GAMES_PAGE};
pub use ratings::{LEADERBOARD_PAGE, Rebuilt};

use crate::games::{Effort, GameKind};
use crate::league::limits::{Limits, RateLimiter, Verdict};
use crate::store::Store;
use crate::t;
use crate::table::action::{Action, Actor};
use crate::table::clock::{Millis, TimeSource};
use crate::table::command::{self, Command, MAX_COMMAND_CHARS, Parsed, User, Verb};
use crate::table::decide::{Decision, Refusal, decide};
use crate::table::markup;
use crate::table::project::project;
use crate::table::record::{Entry, LogEntry, Table};
use crate::table::reply::Reply;
use crate::table::seeding::{self, Purpose, Seeding};
use crate::table::store::StoreError;
use crate::table::text;
use crate::table::timing::{Timing, next_deadline};
use crate::table::views::{self, Asker};

/// The longest channel key or user id the service accepts (bytes).
pub const MAX_KEY_BYTES: usize = 200;
/// Display names are cut to this many characters.
pub const MAX_NAME_CHARS: usize = 64;
/// An open table without a timer leaves memory after this long unused.
pub const IDLE_AFTER: Duration = Duration::from_secs(10 * 60);

#[derive(Debug, Default)]
struct Slot {
    loaded: bool,
    table: Option<Table>,
    /// When the slot was last used (table time).
    used: Millis,
}

/// The table service. Cheap to share behind an `Arc`; every method takes `&self`.
pub struct TableService {
    store: Arc<dyn Store>,
    time: Arc<dyn TimeSource>,
    /// Total time the service was down: table time is the wall clock minus this.
    downtime: Millis,
    seeding: Seeding,
    idle_after: Millis,
    slots: Mutex<HashMap<String, Arc<Mutex<Slot>>>>,
    /// Who sits at which open tables: user id → channels.
    seats: Mutex<HashMap<String, BTreeSet<String>>>,
    /// The open tables of each community: community → channels.
    communities: Mutex<HashMap<String, BTreeSet<String>>>,
    /// The lobbies and when each was opened (they expire).
    lobbies: Mutex<HashMap<String, Millis>>,
    /// The limits against floods.
    limits: Limits,
    /// Commands and images per user and minute.
    rates: Mutex<RateLimiter>,
    /// How long a `hard` computer player may think.
    bot_budget: Duration,
    /// Moves computer players are thinking about, per channel.
    thoughts: Mutex<HashMap<String, bots::Thought>>,
    /// How the chats write links to their channels.
    links: Mutex<Vec<ChannelLink>>,
    /// How the service treats time; each new table keeps its policy.
    timing: Timing,
    /// Who is on vacation: (community, user id) → until when (table time).
    away: Mutex<HashMap<(String, String), Millis>>,
    /// Replies for channels other than a command's (a vacation's announcements at each of the
    /// user's tables), sent with the next tick.
    outbox: Mutex<Vec<(String, Vec<Reply>)>>,
    /// The digests scheduled: (due, community, user id), soonest first.
    digests: Mutex<BTreeSet<(Millis, String, String)>>,
    /// Where each person is to act at correspondence time: user id → channels.
    turns: Mutex<HashMap<String, BTreeSet<String>>>,
    /// When each open table's next timer is due.
    timers: Mutex<slots::Timers>,
    /// Held while ratings are read, moved and written (a game's end, a rebuild).
    ratings_lock: Mutex<()>,
    /// With a shared store: when the timed settings were last read again (wall clock).
    refreshed: std::sync::atomic::AtomicU64,
    /// The language of channels and communities that chose none.
    language: crate::i18n::Lang,
    /// The language settings read so far.
    langs: Mutex<language::Langs>,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    // A panic while holding a table lock must not take every later command down with it; the
    // table inside is only ever replaced by a committed copy, so it is consistent.
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

fn store_failure(asker: Asker<'_>, e: &StoreError) -> Reply {
    tracing::error!(error = %e, "store failure");
    asker.refuse(t!("store-failed"))
}

/// The log entry of a decided change, counted in the table.
fn log_entry(table: &mut Table, entry: Entry, user: Option<User>, now: Millis) -> LogEntry {
    let log = LogEntry {
        seq: table.log_len,
        at: now,
        seat: user.as_ref().and_then(|u| table.seat_of(u)),
        user: user.map(|u| u.id),
        entry,
    };
    table.log_len += 1;
    log
}

/// The reply that tells the sender why an action was refused.
fn refusal_reply(asker: Asker<'_>, refusal: Refusal) -> Reply {
    let mut reply = if refusal.private {
        Reply {
            error: true,
            ..Reply::private(asker.user, refusal.text)
        }
    } else {
        asker.refuse(refusal.text)
    };
    reply.hint = refusal.hint;
    reply
}

impl TableService {
    /// Opens the service on `store`. Time while the service was down counts for nobody: it is
    /// added to the stored downtime (one small write), and table time runs that much behind the
    /// wall clock — no table is rewritten. Tables with a timer (a running clock, a wait for
    /// answers) are loaded so their timers run; the rest load when used.
    pub fn open(
        store: Arc<dyn Store>,
        time: Arc<dyn TimeSource>,
        seeding: Seeding,
    ) -> Result<TableService, StoreError> {
        let wall = time.now();
        let mut downtime = store.downtime()?;
        if let Some(last_alive) = store.heartbeat()? {
            let gap = wall.saturating_sub(last_alive);
            if gap > 0 {
                downtime = downtime.saturating_add(gap);
                // With the heartbeat, in one synced write: a crash right after cannot count
                // the same gap twice.
                store.set_downtime(downtime, wall)?;
            }
        }
        store.set_heartbeat(wall)?;
        let service = TableService {
            store,
            time,
            downtime,
            seeding,
            idle_after: IDLE_AFTER.as_millis() as Millis,
            slots: Mutex::new(HashMap::new()),
            seats: Mutex::new(HashMap::new()),
            communities: Mutex::new(HashMap::new()),
            lobbies: Mutex::new(HashMap::new()),
            limits: Limits::default(),
            rates: Mutex::new(RateLimiter::default()),
            bot_budget: Duration::from_secs(2),
            thoughts: Mutex::new(HashMap::new()),
            links: Mutex::new(Vec::new()),
            timing: Timing::default(),
            away: Mutex::new(HashMap::new()),
            outbox: Mutex::new(Vec::new()),
            digests: Mutex::new(BTreeSet::new()),
            turns: Mutex::new(HashMap::new()),
            timers: Mutex::new(slots::Timers::default()),
            ratings_lock: Mutex::new(()),
            refreshed: std::sync::atomic::AtomicU64::new(0),
            language: crate::i18n::Lang::En,
            langs: Mutex::new(language::Langs::default()),
        };
        let now = service.now();
        service.index_timed(service.store.timed_prefs()?, now);
        // Every open table's timer is indexed; only those with a computer player to move stay
        // in memory (the others load when their timer is due or they are used).
        for table in service.store.open_tables()? {
            service.reindex(&table.channel.clone(), None, Some(&table));
            // A tournament game whose chat had not opened its thread or room yet when the
            // service stopped: its start is announced again, which opens it.
            service.announce_waiting(&table);
            if table.bot_to_act().is_some() {
                tracing::info!(table = table.id, channel = %table.channel, "table with a bot to move loaded");
                lock(&service.slots).insert(
                    table.channel.clone(),
                    Arc::new(Mutex::new(Slot {
                        loaded: true,
                        table: Some(table),
                        used: now,
                    })),
                );
            }
        }
        for t in service.store.open_tournaments()? {
            service.announce_unplayed_round(&t);
        }
        Ok(service)
    }

    /// Sets how long an open table without a timer stays in memory unused.
    pub fn with_idle_after(mut self, idle: Duration) -> TableService {
        self.idle_after = idle.as_millis() as Millis;
        self
    }

    /// Sets how time is treated: reminders, correspondence time, idle seats, digests and the
    /// rate of notices (the defaults are [`Timing::default`]). Tables keep the policy they
    /// were opened with.
    pub fn with_timing(mut self, timing: Timing) -> TableService {
        self.timing = timing;
        self
    }

    /// Sets the limits against floods (the defaults are [`Limits::default`]).
    pub fn with_limits(mut self, limits: Limits) -> TableService {
        self.limits = limits;
        self
    }

    /// Table time: the wall clock less the time the service was down.
    pub fn now(&self) -> Millis {
        self.time.now().saturating_sub(self.downtime)
    }

    /// Number of tables held in memory (for tests and benchmarks: it follows the active
    /// tables, not history).
    pub fn loaded_tables(&self) -> usize {
        lock(&self.slots).len()
    }

    /// The legal moves of `user` at the table in `channel` (empty when not seated, not their
    /// turn, or no game is running).
    pub fn legal_moves(&self, channel: &str, user: &User) -> Vec<String> {
        self.labelled_moves(channel, user)
            .into_iter()
            .map(|(m, _)| m)
            .collect()
    }

    /// [`TableService::legal_moves`], each with its label in the current language
    /// ([`crate::games::Game::move_label`]): for the user's own autocomplete.
    pub fn labelled_moves(&self, channel: &str, user: &User) -> Vec<(String, String)> {
        let moves = self.with_slot(channel, |slot| match &slot.table {
            Some(t) if t.status == crate::table::record::Status::Running => {
                match (&t.game, t.seat_of(user)) {
                    (Some(game), Some(seat)) => game
                        .legal_moves(seat)
                        .into_iter()
                        .map(|m| {
                            let label = game.label(&m);
                            (m, label)
                        })
                        .collect(),
                    _ => Vec::new(),
                }
            }
            _ => Vec::new(),
        });
        moves.unwrap_or_default()
    }

    /// The name of the game at the channel's open table (for labels such as "<game> in #room").
    pub fn game_name(&self, channel: &str) -> Option<&'static str> {
        self.with_slot(channel, |slot| {
            slot.table
                .as_ref()
                .filter(|t| t.status.is_open())
                .map(|t| t.kind.info().name)
        })
        .ok()
        .flatten()
    }

    /// The channels, among those whose key starts with `prefix`, where `user` sits at an open
    /// table; those where the user is to act first.
    pub fn seated(&self, user: &User, prefix: &str) -> Vec<String> {
        let mut channels = self.channels_of(&user.id);
        channels.retain(|c| c.starts_with(prefix));
        let mut found: Vec<(bool, String)> = channels
            .into_iter()
            .filter_map(|channel| {
                let to_act = self
                    .with_slot(&channel, |slot| {
                        let table = slot.table.as_ref().filter(|t| t.status.is_open())?;
                        let seat = table.seat_of(user)?;
                        Some(table.acting().contains(&seat))
                    })
                    .ok()
                    .flatten()?;
                Some((!to_act, channel))
            })
            .collect();
        found.sort();
        found.into_iter().map(|(_, key)| key).collect()
    }

    /// Moves the table of channel `from` to channel `to` (e.g. into a thread opened for the
    /// game), through the one path like every change. Refused when `from` has no open table or
    /// `to` already has one.
    pub fn relocate(&self, from: &str, to: &str) -> Result<(), String> {
        if from == to {
            return Ok(());
        }
        let result = (|| {
            // Both slots, locked in key order so that two opposite moves cannot deadlock.
            let (from_arc, to_arc) = (self.slot(from), self.slot(to));
            let (mut from_slot, mut to_slot) = if from < to {
                let f = lock(&from_arc);
                (f, lock(&to_arc))
            } else {
                let t = lock(&to_arc);
                (lock(&from_arc), t)
            };
            self.load_fresh(&mut from_slot, from)
                .map_err(|e| e.to_string())?;
            self.load_fresh(&mut to_slot, to)
                .map_err(|e| e.to_string())?;
            if to_slot.table.as_ref().is_some_and(|t| t.status.is_open()) {
                return Err(format!("{to} already has an open table"));
            }
            let now = self.now();
            let action = Action::Relocate(to.to_string());
            let Decision {
                mut table, entry, ..
            } = decide(from, from_slot.table.as_ref(), &Actor::Table, &action, now)
                .map_err(|r| format!("{from}: {}", r.text))?;
            let log = log_entry(&mut table, entry, None, now);
            self.store
                .relocate(&table, from, Some(&log))
                .map_err(|e| e.to_string())?;
            tracing::info!(table = table.id, from, to, "table moved");
            self.carry_language(from, to);
            self.reindex(from, from_slot.table.as_ref(), None);
            self.reindex(to, None, Some(&table));
            from_slot.table = None;
            to_slot.table = Some(table);
            to_slot.used = self.now();
            Ok(())
        })();
        self.release(from);
        self.release(to);
        result
    }

    /// Handles one message; returns the replies to send (none for ordinary chat). The asker
    /// hears the answer in their language; what happens at the table is announced in the
    /// channel's (and told each player privately in theirs).
    pub fn handle(&self, cmd: &Command) -> Vec<Reply> {
        if matches!(command::parse(&cmd.text), Parsed::Chat) {
            return Vec::new();
        }
        let oversized = cmd.channel.len() > MAX_KEY_BYTES
            || cmd.user.id.len() > MAX_KEY_BYTES
            || cmd
                .community
                .as_ref()
                .is_some_and(|c| c.len() > MAX_KEY_BYTES);
        let lang = if oversized {
            cmd.locale.unwrap_or(self.language)
        } else {
            self.asker_language(cmd)
        };
        crate::i18n::scope(lang, || self.handle_in_language(cmd))
    }

    fn handle_in_language(&self, cmd: &Command) -> Vec<Reply> {
        let asker = Asker {
            user: &cmd.user,
            private: cmd.private,
        };
        let (verb, args) = match command::parse(&cmd.text) {
            Parsed::Chat => return Vec::new(),
            Parsed::TooLong(n) => {
                return vec![asker.refuse(t!("command-too-long", n = n, max = MAX_COMMAND_CHARS))];
            }
            Parsed::Unknown(word) => {
                return vec![asker.refuse(t!("command-unknown", word = markup::code(&word)))];
            }
            Parsed::Verb(verb, args) => (verb, args),
        };
        if cmd.channel.len() > MAX_KEY_BYTES || cmd.user.id.len() > MAX_KEY_BYTES {
            return vec![asker.refuse(t!("command-key-too-long", max = MAX_KEY_BYTES))];
        }
        let user = User {
            id: cmd.user.id.clone(),
            name: markup::clean_name(&cmd.user.name, MAX_NAME_CHARS),
        };
        let asker = Asker {
            user: &user,
            private: cmd.private,
        };
        let now = self.now();
        let per_minute = self.limits.commands_per_minute;
        if let Some(stop) = self.over_rate(asker, "cmd", per_minute, now, |wait| {
            t!("rate-commands", per_minute = per_minute, wait = wait)
        }) {
            return stop;
        }
        // The verb only: move texts may be secret.
        tracing::debug!(channel = %cmd.channel, user = %user.id, ?verb, "command");
        match verb {
            Verb::Help => return vec![asker.answer(text::help())],
            Verb::Games => return vec![asker.answer(text::games())],
            Verb::Rules => return vec![self.rules(&cmd.channel, asker, args)],
            Verb::Notify => return vec![self.notify(cmd, &user, args)],
            Verb::Language => return vec![self.language(cmd, &user, args)],
            Verb::Vacation => return vec![self.vacation(cmd, &user, args)],
            Verb::Rating => return vec![self.rating(cmd, &user, args)],
            Verb::Leaderboard => return vec![self.leaderboard(cmd, &user, args)],
            Verb::History => return vec![self.history(cmd, &user, args)],
            Verb::Tournament => return self.tournament(cmd, &user, args),
            Verb::Export if !args.trim().is_empty() => {
                return vec![self.export_by_id(cmd, asker, args)];
            }
            Verb::MyGames => return vec![self.my_games(cmd, &user, args)],
            Verb::Replay => {
                let per_minute = self.limits.images_per_minute;
                if let Some(stop) = self.over_rate(asker, "img", per_minute, now, |wait| {
                    t!("rate-images", per_minute = per_minute, wait = wait)
                }) {
                    return stop;
                }
                lock(&self.rates).count(&format!("img {}", user.id), now);
                return vec![self.replay(cmd, asker, args)];
            }
            Verb::Board => {
                let per_minute = self.limits.images_per_minute;
                if let Some(stop) = self.over_rate(asker, "img", per_minute, now, |wait| {
                    t!("rate-boards", per_minute = per_minute, wait = wait)
                }) {
                    return stop;
                }
            }
            _ => {}
        }
        // `/hand` over the image limit still answers, in words with its buttons: the image
        // comes again once the minute allows.
        let image_wait = (verb == Verb::Hand)
            .then(|| {
                let key = format!("img {}", user.id);
                match lock(&self.rates).check(&key, self.limits.images_per_minute, now) {
                    Verdict::Allowed => None,
                    Verdict::Refuse { wait_secs } => Some(wait_secs),
                    Verdict::Silent => Some(60),
                }
            })
            .flatten();
        let actor = Actor::Player {
            user: user.clone(),
            private: cmd.private,
            moderator: cmd.moderator,
        };
        let action = match verb {
            Verb::Join => Some(Action::Join(args.to_string())),
            Verb::Leave => Some(Action::Leave),
            Verb::Start => Some(Action::Start),
            Verb::Bot if args.trim().eq_ignore_ascii_case("remove") => Some(Action::RemoveBot),
            Verb::Bot => Some(Action::AddBot(args.to_string())),
            Verb::Move => Some(Action::Play(args.to_string())),
            Verb::Resign => Some(Action::Resign),
            Verb::Abort => Some(Action::Abort),
            Verb::Claim => Some(Action::Claim(args.to_string())),
            _ => None,
        };
        let channel = cmd.channel.as_str();
        let replies = self.with_slot(channel, |slot| {
            if let Some(expected) = cmd.expect_table
                && slot.table.as_ref().map(|t| t.id) != Some(expected)
            {
                return vec![asker.refuse(t!("button-stale"))];
            }
            let now = self.now();
            // A paused table is back as soon as somebody uses it.
            let mut replies = self.act(slot, channel, &Actor::Table, &Action::Resume, None, now);
            let mut unlimited = usize::MAX;
            replies.extend(self.run_timers(slot, channel, now, &mut unlimited));
            if let Err(e) = self.ensure_loaded(slot, channel) {
                replies.push(store_failure(asker, &e));
                return replies;
            }
            if let Some(Action::Join(_)) = &action
                && let Some(refusal) = self.over_table_limits(slot.table.as_ref(), &user, cmd)
            {
                replies.push(asker.refuse(refusal));
                return replies;
            }
            let table = slot.table.as_ref();
            let private = table.is_some_and(|t| !self.discloses(t, &user));
            match (&action, verb) {
                (None, Verb::Board | Verb::Status | Verb::Log | Verb::Export) if private => {
                    replies.push(asker.refuse(t!("table-private")));
                }
                (Some(action), _) => {
                    let community = Some(self.community_of(cmd));
                    let acted = self.act(slot, channel, &actor, action, community, now);
                    if acted.iter().any(|r| r.board.is_some()) {
                        lock(&self.rates).count(&format!("img {}", user.id), now);
                    }
                    replies.extend(acted);
                }
                (None, Verb::Board) => replies.push(views::board(table, asker)),
                (None, Verb::Hand) => replies.push(views::hand(table, &user, args, image_wait)),
                (None, Verb::Status) => replies.push(views::status(table, asker, now)),
                (None, Verb::Log) => replies.push(views::log(table, asker)),
                (None, Verb::Export) => replies.push(match table {
                    None => asker.refuse(t!("no-table")),
                    Some(t) => match self.store.log(t.id) {
                        Ok(log) => views::export(t, &log, asker),
                        Err(e) => {
                            tracing::error!(error = %e, "log unreadable");
                            asker.refuse(t!("log-unreadable"))
                        }
                    },
                }),
                (None, _) => {}
            }
            replies
        });
        let mut replies = match replies {
            Ok(replies) => replies,
            Err(e) => vec![store_failure(asker, &e)],
        };
        // A refusal may echo what was typed (a game naming the rejected move): when that held
        // markup, the refusal is shown as plain text.
        if markup::has_markup(args) {
            for reply in replies.iter_mut().filter(|r| r.error) {
                reply.text = markup::inert(&reply.text);
            }
        }
        replies
    }

    /// Counts one request of `kind` by the asker: `None` within the limit, else what to answer
    /// — one refusal (worded by `words` with the seconds to wait), then nothing.
    fn over_rate(
        &self,
        asker: Asker<'_>,
        kind: &str,
        per_minute: u32,
        now: Millis,
        words: impl FnOnce(u64) -> String,
    ) -> Option<Vec<Reply>> {
        let key = format!("{kind} {}", asker.user.id);
        match lock(&self.rates).check(&key, per_minute, now) {
            Verdict::Allowed => None,
            Verdict::Refuse { wait_secs } => Some(vec![asker.refuse(words(wait_secs))]),
            Verdict::Silent => Some(Vec::new()),
        }
    }

    /// The community a command counts against.
    fn community_of(&self, cmd: &Command) -> String {
        cmd.community.clone().unwrap_or_else(|| cmd.channel.clone())
    }

    /// Why `user` may not open or join a table now: they sit at too many open tables, or the
    /// community has too many.
    fn over_table_limits(
        &self,
        here: Option<&Table>,
        user: &User,
        cmd: &Command,
    ) -> Option<String> {
        let open_here = here.filter(|t| t.status.is_open());
        if open_here.is_some_and(|t| t.seat_of(user).is_some()) {
            return None; // decide says "already seated"
        }
        let seated = self.channels_of(&user.id).len();
        if seated >= self.limits.tables_per_user {
            return Some(t!("limit-tables-per-user", seated = seated));
        }
        if open_here.is_none() {
            let community = self.community_of(cmd);
            let open = lock(&self.communities)
                .get(&community)
                .map_or(0, BTreeSet::len);
            if open >= self.limits.tables_per_community {
                return Some(t!("limit-tables-per-community", open = open));
            }
        }
        None
    }

    fn rules(&self, channel: &str, asker: Asker<'_>, args: &str) -> Reply {
        let kind = match args.split_whitespace().next() {
            Some(w) => match GameKind::from_word(w) {
                Some(k) => Some(k),
                None => {
                    return asker.refuse(t!(
                        "join-unknown-game",
                        word = markup::code(w),
                        games = text::game_words()
                    ));
                }
            },
            None => self
                .with_slot(channel, |slot| slot.table.as_ref().map(|t| t.kind))
                .ok()
                .flatten(),
        };
        match kind {
            Some(kind) => asker.answer(kind.rules()),
            None => asker.answer(t!("rules-which-game", games = text::game_words())),
        }
    }

    fn new_seed(&self, table_id: u64) -> u64 {
        self.seeding.seed(Purpose::Table, table_id)
    }
}
