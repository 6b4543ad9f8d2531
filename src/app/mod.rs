//! The application: a [`Command`] from a chat goes to the table core
//! ([`crate::table::TableService`]: the table's actions and views) or to the league (settings,
//! ratings, tournaments, vacations, languages), and the league's parts hook into the tables
//! through the core's seams (`seams.rs`). The chats hand in commands and get replies back; they
//! know only [`App`].

use std::sync::{Arc, Mutex};
use std::time::Duration;

mod league;
mod reach;
mod replays;
mod seams;
mod shared;
mod ticks;

pub use crate::league::links::ChannelLink;
pub use crate::league::mine::MY_GAMES_PAGE;
pub use crate::league::results::{LEADERBOARD_PAGE, Rebuilt};
pub use crate::league::tournament::Departure;

use crate::games::GameKind;
use crate::league::ctx::Ctx;
use crate::league::language::LanguageService;
use crate::league::limits::{Limits, RateLimiter, Verdict};
use crate::league::links::Links;
use crate::league::notify::NotifyService;
use crate::league::results::RatingService;
use crate::league::tournament::{TournamentService, TournamentSettings};
use crate::league::vacation::VacationService;
use crate::store::Store;
use crate::t;
use crate::table::Seams;
use crate::table::action::{Action, Actor};
use crate::table::clock::{Millis, TimeSource};
use crate::table::command::{self, Command, MAX_COMMAND_CHARS, Parsed, User, Verb};
use crate::table::markup;
use crate::table::record::{LogEntry, Table};
use crate::table::reply::Reply;
use crate::table::seeding::Seeding;
use crate::table::service::Slot;
use crate::table::service::{TableService, Unmoved, lock, store_failure};
use crate::table::store::StoreError;
use crate::table::text;
use crate::table::timing::Timing;
use crate::table::views::{self, Asker};

/// The longest channel key or user id the service accepts (bytes).
pub const MAX_KEY_BYTES: usize = 200;
/// Display names are cut to this many characters.
pub const MAX_NAME_CHARS: usize = 64;
/// The application: the table core, the league's services, and what they share (the store,
/// the links to channels, the league's write lock, the flood limits). Cheap to share behind
/// an `Arc`; every method takes `&self`.
pub struct App {
    /// The tables.
    core: TableService,
    store: Arc<dyn Store>,
    /// The limits against floods.
    limits: Limits,
    /// Commands and images per user and minute.
    rates: Mutex<RateLimiter>,
    /// How the chats write links to their channels.
    links: Links,
    /// Held while the records a game's end writes besides its table (ratings, a tournament's
    /// step) are read, changed and written — a game's end, a tournament's change, a rebuild.
    serial: Mutex<()>,
    /// With a shared store: when the timed settings were last read again (wall clock).
    refreshed: std::sync::atomic::AtomicU64,
    /// Who reads which language; `/language`.
    languages: LanguageService,
    /// Who is away; `/vacation`.
    vacations: VacationService,
    /// Turn pings, reminders and digests; `/notify`.
    notify: NotifyService,
    /// Results and ratings; `/rating`, `/leaderboard`, `/history`.
    ratings: RatingService,
    /// Tournaments; `/tournament`.
    tournaments: TournamentService,
}

impl App {
    /// Opens the application on `store`: the table core (which indexes every open table's
    /// timer), the users' timed settings, and the announcements a stop left unsent (a
    /// tournament game whose chat had not opened its thread or room yet, a round not yet
    /// announced).
    pub fn open(
        store: Arc<dyn Store>,
        time: Arc<dyn TimeSource>,
        seeding: Seeding,
    ) -> Result<App, StoreError> {
        // Tournament games whose chat had not opened their thread or room yet when the service
        // stopped: their starts are announced again, which opens them.
        let mut waiting = Vec::new();
        let core = TableService::open(store.clone(), time, seeding, |table| {
            if TournamentService::waits_for_venue(table) {
                waiting.push(table.clone());
            }
        })?;
        let app = App {
            core,
            limits: Limits::default(),
            rates: Mutex::new(RateLimiter::default()),
            links: Links::default(),
            serial: Mutex::new(()),
            refreshed: std::sync::atomic::AtomicU64::new(0),
            languages: LanguageService::new(store.clone(), crate::i18n::Lang::En),
            vacations: VacationService::new(store.clone()),
            notify: NotifyService::new(store.clone()),
            ratings: RatingService::new(store.clone()),
            tournaments: TournamentService::new(store.clone(), seeding),
            store,
        };
        let now = app.now();
        app.index_timed(app.store.timed_prefs()?, now);
        app.tournaments.announce_unsent(app.cx(), &waiting)?;
        Ok(app)
    }

    /// Sets how long an open table without a timer stays in memory unused.
    pub fn with_idle_after(mut self, idle: Duration) -> App {
        self.core = self.core.with_idle_after(idle);
        self
    }

    /// Sets how time is treated: reminders, correspondence time, idle seats, digests and the
    /// rate of notices (the defaults are [`Timing::default`]). Tables keep the policy they
    /// were opened with.
    pub fn with_timing(mut self, timing: Timing) -> App {
        self.core = self.core.with_timing(timing);
        self
    }

    /// Sets the limits against floods (the defaults are [`Limits::default`]).
    pub fn with_limits(mut self, limits: Limits) -> App {
        self.core = self.core.with_lobby_expiry(limits.lobby_expiry);
        self.tournaments = self
            .tournaments
            .with_table_limit(limits.tables_per_community);
        self.limits = limits;
        self
    }

    /// Sets who may create tournaments and how many a community and a tournament hold (the
    /// defaults are [`TournamentSettings::default`]).
    pub fn with_tournaments(mut self, settings: TournamentSettings) -> App {
        self.tournaments = self.tournaments.with_settings(settings);
        self
    }

    /// Sets how long a `hard` computer player may think about one move (default 2 s);
    /// `normal` thinks a tenth of it.
    pub fn with_bot_budget(mut self, hard: Duration) -> App {
        self.core = self.core.with_bot_budget(hard);
        self
    }

    /// What the league's services reach of the rest, for one call.
    fn cx(&self) -> Ctx<'_> {
        Ctx {
            core: &self.core,
            seams: self,
            languages: &self.languages,
            links: &self.links,
            serial: &self.serial,
        }
    }

    /// The readiness check of the store: a read and a synced write.
    pub fn probe_store(&self) -> Result<(), StoreError> {
        let wall = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX));
        self.store.probe(wall)
    }

    /// Table time: the wall clock less the time the service was down.
    pub fn now(&self) -> Millis {
        self.core.now()
    }

    /// Number of tables held in memory (for tests and benchmarks: it follows the active
    /// tables, not history).
    pub fn loaded_tables(&self) -> usize {
        self.core.loaded_tables()
    }

    /// Sets the gauges read at a scrape of the operator's metrics: the open tables by game
    /// and state, the computer players' thoughts waiting.
    pub fn refresh_gauges(&self) {
        for (game, status, count) in self.core.open_tables() {
            let state = match status {
                crate::table::Status::Lobby => "seating",
                _ => "playing",
            };
            metrics::gauge!(crate::telemetry::TABLES_OPEN, "game" => game, "state" => state)
                .set(count as f64);
        }
        metrics::gauge!(crate::telemetry::BOT_QUEUE).set(self.thinking().queued as f64);
    }

    /// The legal moves of `user` at the table in `channel` (empty when not seated, not their
    /// turn, or no game is running).
    pub fn legal_moves(&self, channel: &str, user: &User) -> Vec<String> {
        self.labelled_moves(channel, user)
            .into_iter()
            .map(|(m, _)| m)
            .collect()
    }

    /// [`App::legal_moves`], each with its label in the current language
    /// ([`crate::games::Game::move_label`]): for the user's own autocomplete.
    pub fn labelled_moves(&self, channel: &str, user: &User) -> Vec<(String, String)> {
        self.core.labelled_moves(channel, user)
    }

    /// The name of the game at the channel's open table (for labels such as "<game> in #room").
    pub fn game_name(&self, channel: &str) -> Option<&'static str> {
        self.core.game_name(channel)
    }

    /// The channels, among those whose key starts with `prefix`, where `user` sits at an open
    /// table; those where the user is to act first.
    pub fn seated(&self, user: &User, prefix: &str) -> Vec<String> {
        self.core.seated(user, prefix)
    }

    /// Moves the table of channel `from` to channel `to` (e.g. into a thread opened for the
    /// game), with the channel's language. Refused when `from` has no open table or `to`
    /// already has one.
    pub fn relocate(&self, from: &str, to: &str) -> Result<(), Unmoved> {
        self.core.relocate(from, to)?;
        if from != to {
            self.languages.carry_language(from, to);
        }
        Ok(())
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
            cmd.locale.unwrap_or(self.languages.default_language())
        } else {
            self.languages.asker_language(cmd)
        };
        let replies = crate::i18n::scope(lang, || self.handle_in_language(cmd));
        let verb = match command::parse(&cmd.text) {
            Parsed::Verb(verb, _) => verb.word(),
            Parsed::TooLong(_) => "too_long",
            _ => "unknown",
        };
        let outcome = if replies.iter().any(|r| r.error) {
            "refused"
        } else {
            "ok"
        };
        metrics::counter!(crate::telemetry::COMMANDS, "verb" => verb, "outcome" => outcome)
            .increment(1);
        replies
    }

    fn handle_in_language(&self, cmd: &Command) -> Vec<Reply> {
        let asker = Asker {
            user: &cmd.user,
            private: cmd.private,
        };
        let (verb, args) = match command::parse(&cmd.text) {
            Parsed::Chat => return Vec::new(),
            Parsed::TooLong(n) => {
                return vec![asker.refuse(crate::refusal!(
                    "command-too-long",
                    n = n,
                    max = MAX_COMMAND_CHARS
                ))];
            }
            Parsed::Unknown(word) => {
                return vec![asker.refuse(crate::refusal!(
                    "command-unknown",
                    word = markup::code(&word)
                ))];
            }
            Parsed::Verb(verb, args) => (verb, args),
        };
        if cmd.channel.len() > MAX_KEY_BYTES || cmd.user.id.len() > MAX_KEY_BYTES {
            return vec![
                asker.refuse(crate::refusal!("command-key-too-long", max = MAX_KEY_BYTES)),
            ];
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
            crate::refusal!("rate-commands", per_minute = per_minute, wait = wait)
        }) {
            return stop;
        }
        let community = cmd.community_key();
        // The verb only: move texts may be secret.
        tracing::debug!(channel = %cmd.channel, user = %user.id, ?verb, "command");
        match verb {
            Verb::Help => return vec![asker.answer(text::help())],
            Verb::Games => return vec![asker.answer(text::games())],
            Verb::Rules => return vec![self.rules(&cmd.channel, asker, args)],
            Verb::Notify => return vec![self.notify.command(&community, &user, args)],
            Verb::Language => return vec![self.languages.command(cmd, &user, args)],
            Verb::Vacation => {
                let (core, seams) = (&self.core, self as &dyn Seams);
                return vec![self.vacations.command(core, seams, &community, &user, args)];
            }
            Verb::Rating => return vec![self.ratings.rating(&community, asker, args)],
            Verb::Leaderboard => {
                let here = self.game_here(&cmd.channel);
                return vec![self.ratings.leaderboard(&community, here, asker, args)];
            }
            Verb::History => return vec![self.ratings.history(&community, asker, args, now)],
            Verb::Tournament => return self.tournaments.command(self.cx(), cmd, &user, args),
            Verb::Export if !args.trim().is_empty() => {
                return vec![self.export_by_id(cmd, asker, args)];
            }
            Verb::MyGames => {
                return vec![crate::league::mine::my_games(
                    &self.core,
                    &self.links,
                    &community,
                    asker,
                    args,
                )];
            }
            Verb::Replay => {
                let per_minute = self.limits.images_per_minute;
                if let Some(stop) = self.over_rate(asker, "img", per_minute, now, |wait| {
                    crate::refusal!("rate-images", per_minute = per_minute, wait = wait)
                }) {
                    return stop;
                }
                lock(&self.rates).count(&format!("img {}", user.id), now);
                return vec![self.replay(cmd, asker, args)];
            }
            Verb::Board => {
                let per_minute = self.limits.images_per_minute;
                if let Some(stop) = self.over_rate(asker, "img", per_minute, now, |wait| {
                    crate::refusal!("rate-boards", per_minute = per_minute, wait = wait)
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
        let command = |slot: &mut Slot| {
            if let Some(expected) = cmd.expect_table
                && slot.table.as_ref().map(|t| t.id) != Some(expected)
            {
                return vec![asker.refuse(crate::refusal!("button-stale"))];
            }
            let now = self.now();
            // A paused table is back as soon as somebody uses it.
            let mut replies = self.core.act(
                slot,
                channel,
                &Actor::Table,
                &Action::Resume,
                None,
                now,
                self,
            );
            let mut unlimited = usize::MAX;
            replies.extend(
                self.core
                    .run_timers(slot, channel, now, &mut unlimited, self),
            );
            if let Err(e) = self.core.ensure_loaded(slot, channel) {
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
            let private = table.is_some_and(|t| !self.tournaments.discloses(t, &user));
            match (&action, verb) {
                (None, Verb::Board | Verb::Status | Verb::Log | Verb::Export) if private => {
                    replies.push(asker.refuse(crate::refusal!("table-private")));
                }
                (Some(action), _) => {
                    let community = Some(community.clone());
                    let acted = self
                        .core
                        .act(slot, channel, &actor, action, community, now, self);
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
                    None => asker.refuse(crate::refusal!("no-table")),
                    Some(t) => match self.store.log(t.id) {
                        Ok(log) => views::export(t, &log, asker),
                        Err(e) => {
                            tracing::error!(error = %e, "log unreadable");
                            asker.refuse(crate::refusal!("log-unreadable"))
                        }
                    },
                }),
                (None, _) => {}
            }
            replies
        };
        // An action may be decided on the table in memory, the commit checking that it is the
        // stored one — but not a join (its limits look at the table first) nor a button (it
        // checks the table it was made for).
        let on_memory = action
            .as_ref()
            .is_some_and(|a| !matches!(a, Action::Join(_)))
            && cmd.expect_table.is_none();
        let replies = if on_memory {
            self.core.with_slot_to_act(channel, command)
        } else {
            self.core.with_slot(channel, command)
        };
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
        words: impl FnOnce(u64) -> crate::table::Keyed,
    ) -> Option<Vec<Reply>> {
        let key = format!("{kind} {}", asker.user.id);
        match lock(&self.rates).check(&key, per_minute, now) {
            Verdict::Allowed => None,
            Verdict::Refuse { wait_secs } => Some(vec![asker.refuse(words(wait_secs))]),
            Verdict::Silent => Some(Vec::new()),
        }
    }

    /// The game of the open table in `channel`, if any.
    fn game_here(&self, channel: &str) -> Option<GameKind> {
        self.core
            .with_slot(channel, |slot| slot.table.as_ref().map(|t| t.kind))
            .ok()
            .flatten()
    }

    /// Why `user` may not open or join a table now: they sit at too many open tables, or the
    /// community has too many.
    fn over_table_limits(
        &self,
        here: Option<&Table>,
        user: &User,
        cmd: &Command,
    ) -> Option<crate::table::Keyed> {
        let open_here = here.filter(|t| t.status.is_open());
        if open_here.is_some_and(|t| t.seat_of(user).is_some()) {
            return None; // decide says "already seated"
        }
        let seated = self.core.channels_of(&user.id).len();
        if seated >= self.limits.tables_per_user {
            return Some(crate::refusal!("limit-tables-per-user", seated = seated));
        }
        if open_here.is_none() {
            let community = cmd.community_key();
            let open = self.core.open_in(&community);
            if open >= self.limits.tables_per_community {
                return Some(crate::refusal!("limit-tables-per-community", open = open));
            }
        }
        None
    }

    fn rules(&self, channel: &str, asker: Asker<'_>, args: &str) -> Reply {
        let kind = match args.split_whitespace().next() {
            Some(w) => match GameKind::from_word(w) {
                Some(k) => Some(k),
                None => {
                    return asker.refuse(crate::refusal!(
                        "join-unknown-game",
                        word = markup::code(w),
                        games = text::game_words()
                    ));
                }
            },
            None => self.game_here(channel),
        };
        match kind {
            Some(kind) => asker.answer(kind.rules()),
            None => asker.answer(t!("rules-which-game", games = text::game_words())),
        }
    }
}
