//! The table service: one table per channel, commands serialized per table, every change
//! durable before its reply.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::json;

use super::clock::{ChessClock, Millis, TimeSource};
use super::command::{self, Command, MAX_COMMAND_CHARS, Parsed, User, Verb};
use super::options::TableOptions;
use super::record::{Entry, LogEntry, Status, Table};
use super::reply::{BoardImage, Choice, Layout, Reply, ThreadHint};
use super::text::{self, sentence};
use crate::games::{AnyGame, Forfeit, GameKind, Seat};
use crate::store::{Store, StoreError};

/// How new tables get their random seed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Seeding {
    /// From the operating system (normal play).
    Random,
    /// Derived from this number and the table id (tests and demos replay exactly).
    Fixed(u64),
}

/// The most moves `/hand` offers as choices (a select menu holds 25).
const MAX_CHOICES: usize = 25;
/// The most moves offered as buttons on a public announcement.
const MAX_BUTTONS: usize = 5;

#[derive(Debug, Default)]
struct Slot {
    loaded: bool,
    table: Option<Table>,
}

/// The table service. Cheap to share behind an `Arc`; every method takes `&self`.
pub struct TableService {
    store: Arc<dyn Store>,
    time: Arc<dyn TimeSource>,
    seeding: Seeding,
    slots: Mutex<HashMap<String, Arc<Mutex<Slot>>>>,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    // A panic while holding a table lock must not take every later command down with it; the
    // table inside is only ever replaced by a committed copy, so it is consistent.
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// A reply to the sender: private when the command was private.
fn answer(cmd: &Command, text: impl Into<String>) -> Reply {
    if cmd.private {
        Reply::private(&cmd.user, text)
    } else {
        Reply::public(text)
    }
}

/// A refusal to the sender: nothing changed.
fn refuse(cmd: &Command, text: impl Into<String>) -> Reply {
    Reply {
        error: true,
        ..answer(cmd, text)
    }
}

fn store_failure(cmd: &Command, e: &StoreError) -> Reply {
    tracing::error!(error = %e, channel = %cmd.channel, "store failure");
    refuse(
        cmd,
        "Sorry — the table could not be saved, so nothing changed. Please try again.",
    )
}

fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

impl TableService {
    /// Opens the service on `store`: loads every unfinished table and resumes its clock (time
    /// while the service was down is not charged).
    pub fn open(
        store: Arc<dyn Store>,
        time: Arc<dyn TimeSource>,
        seeding: Seeding,
    ) -> Result<TableService, StoreError> {
        let now = time.now();
        let last_alive = store.heartbeat()?.unwrap_or(now);
        let mut slots = HashMap::new();
        for mut table in store.open_tables()? {
            // Time while the service was down counts for nobody: clocks and waits resume.
            let downtime = now.saturating_sub(last_alive);
            if let Some((_, since)) = table.window.as_mut() {
                *since = since.saturating_add(downtime);
            }
            if let Some(clock) = table.clock.as_mut() {
                clock.resume(last_alive, now);
            }
            if table.clock.is_some() || table.window.is_some() {
                store.commit(&table, None)?;
            }
            tracing::info!(table = table.id, channel = %table.channel, status = ?table.status, "table loaded");
            slots.insert(
                table.channel.clone(),
                Arc::new(Mutex::new(Slot {
                    loaded: true,
                    table: Some(table),
                })),
            );
        }
        store.set_heartbeat(now)?;
        Ok(TableService {
            store,
            time,
            seeding,
            slots: Mutex::new(slots),
        })
    }

    /// Number of tables in the lobby or running.
    pub fn open_table_count(&self) -> usize {
        self.all_slots()
            .iter()
            .filter(|(_, s)| lock(s).table.as_ref().is_some_and(|t| t.status.is_open()))
            .count()
    }

    /// The legal moves of `user` at the table in `channel` (empty when not seated, not their
    /// turn, or no game is running). For autocomplete, buttons and computer players.
    pub fn legal_moves(&self, channel: &str, user: &User) -> Vec<String> {
        let slot = self.slot(channel);
        let mut slot = lock(&slot);
        if self.ensure_loaded(&mut slot, channel).is_err() {
            return Vec::new();
        }
        match &slot.table {
            Some(t) if t.status == Status::Running => match (&t.game, t.seat_of(user)) {
                (Some(game), Some(seat)) => game.legal_moves(seat),
                _ => Vec::new(),
            },
            _ => Vec::new(),
        }
    }

    /// The channels, among those whose key starts with `prefix`, where `user` sits at an open
    /// table; those where the user is to act first.
    pub fn seated(&self, user: &User, prefix: &str) -> Vec<String> {
        let mut found: Vec<(bool, String)> = self
            .all_slots()
            .into_iter()
            .filter(|(key, _)| key.starts_with(prefix))
            .filter_map(|(key, slot)| {
                let slot = lock(&slot);
                let table = slot.table.as_ref().filter(|t| t.status.is_open())?;
                let seat = table.seat_of(user)?;
                let to_act = table
                    .game
                    .as_ref()
                    .is_some_and(|g| g.to_act().contains(seat));
                Some((!to_act, key))
            })
            .collect();
        found.sort();
        found.into_iter().map(|(_, key)| key).collect()
    }

    fn all_slots(&self) -> Vec<(String, Arc<Mutex<Slot>>)> {
        lock(&self.slots)
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect()
    }

    fn slot(&self, channel: &str) -> Arc<Mutex<Slot>> {
        lock(&self.slots)
            .entry(channel.to_string())
            .or_default()
            .clone()
    }

    fn new_seed(&self, table_id: u64) -> u64 {
        match self.seeding {
            Seeding::Fixed(base) => splitmix(base ^ splitmix(table_id)),
            Seeding::Random => ChaCha8Rng::from_os_rng().next_u64(),
        }
    }

    /// Moves the table of channel `from` to channel `to` (e.g. into a thread opened for the
    /// game). Refused when `from` has no open table or `to` already has one.
    pub fn relocate(&self, from: &str, to: &str) -> Result<(), String> {
        if from == to {
            return Ok(());
        }
        let from_slot = self.slot(from);
        let mut from_slot = lock(&from_slot);
        let to_slot = self.slot(to);
        let mut to_slot = lock(&to_slot);
        self.ensure_loaded(&mut from_slot, from)
            .map_err(|e| e.to_string())?;
        self.ensure_loaded(&mut to_slot, to)
            .map_err(|e| e.to_string())?;
        if to_slot.table.as_ref().is_some_and(|t| t.status.is_open()) {
            return Err(format!("{to} already has an open table"));
        }
        let Some(mut table) = from_slot.table.clone().filter(|t| t.status.is_open()) else {
            return Err(format!("{from} has no open table"));
        };
        table.channel = to.to_string();
        self.store
            .relocate(&table, from)
            .map_err(|e| e.to_string())?;
        tracing::info!(table = table.id, from, to, "table moved");
        from_slot.table = None;
        to_slot.table = Some(table);
        Ok(())
    }

    /// Handles one message; returns the replies to send (none for ordinary chat).
    pub fn handle(&self, cmd: &Command) -> Vec<Reply> {
        let (verb, args) = match command::parse(&cmd.text) {
            Parsed::Chat => return Vec::new(),
            Parsed::TooLong(n) => {
                return vec![refuse(
                    cmd,
                    format!(
                        "That command is too long ({n} characters; at most {MAX_COMMAND_CHARS})."
                    ),
                )];
            }
            Parsed::Unknown(word) => {
                return vec![refuse(
                    cmd,
                    format!("Unknown command `{word}`. `/help` lists the commands."),
                )];
            }
            Parsed::Verb(verb, args) => (verb, args),
        };
        // The verb only: move texts may be secret.
        tracing::debug!(channel = %cmd.channel, user = %cmd.user.id, ?verb, "command");
        match verb {
            Verb::Help => return vec![answer(cmd, text::help())],
            Verb::Games => return vec![answer(cmd, text::games())],
            Verb::Rules => return vec![self.rules(cmd, args)],
            _ => {}
        }
        let slot = self.slot(&cmd.channel);
        let mut slot = lock(&slot);
        if let Err(e) = self.ensure_loaded(&mut slot, &cmd.channel) {
            return vec![store_failure(cmd, &e)];
        }
        if let Some(expected) = cmd.expect_table
            && slot.table.as_ref().map(|t| t.id) != Some(expected)
        {
            return vec![refuse(
                cmd,
                "That button belongs to an earlier table in this channel; `/status` shows the current one.",
            )];
        }
        let now = self.time.now();
        let mut replies = self.enforce_time(&mut slot, now);
        replies.extend(match verb {
            Verb::Join => self.join(&mut slot, cmd, args, now),
            Verb::Leave => self.leave(&mut slot, cmd, now),
            Verb::Start => self.start(&mut slot, cmd, now),
            Verb::Move => self.play(&mut slot, cmd, args, now),
            Verb::Resign => self.resign(&mut slot, cmd, now),
            Verb::Abort => self.abort(&mut slot, cmd, now),
            Verb::Board => self.board(&slot, cmd),
            Verb::Hand => self.hand(&slot, cmd, args),
            Verb::Status => self.status(&slot, cmd, now),
            Verb::Log => self.log(&slot, cmd),
            Verb::Export => self.export(&slot, cmd),
            Verb::Help | Verb::Games | Verb::Rules => Vec::new(),
        });
        replies
    }

    /// Ends the games whose running clock has run out, in the channels whose key starts with
    /// `channels` (each chat adapter ticks its own: `"discord:"`, `"#"` for the console, `""` for
    /// all); returns the replies per channel. Call this about once a second; it also records
    /// that the service is alive.
    pub fn tick(&self, channels: &str) -> Vec<(String, Vec<Reply>)> {
        let now = self.time.now();
        if let Err(e) = self.store.set_heartbeat(now) {
            tracing::warn!(error = %e, "heartbeat not written");
        }
        let mut out = Vec::new();
        for (key, slot) in self.all_slots() {
            if !key.starts_with(channels) {
                continue;
            }
            let mut slot = lock(&slot);
            let replies = self.enforce_time(&mut slot, now);
            if let (false, Some(table)) = (replies.is_empty(), &slot.table) {
                out.push((table.channel.clone(), replies));
            }
        }
        out
    }

    /// Writes `table` with a log entry for `entry`, then installs it. On failure the slot keeps
    /// the old table.
    fn commit(
        &self,
        slot: &mut Slot,
        mut table: Table,
        entry: Entry,
        user: Option<&User>,
        now: Millis,
    ) -> Result<(), StoreError> {
        let seat = user.and_then(|u| table.seat_of(u));
        let log = LogEntry {
            seq: table.log_len,
            at: now,
            user: user.map(|u| u.id.clone()),
            seat,
            entry,
        };
        table.log_len += 1;
        self.store.commit(&table, Some(&log))?;
        slot.table = Some(table);
        Ok(())
    }

    /// Stores the change `cmd` made, then releases its replies. If the store fails, the table
    /// stays as it was and the sender hears that nothing changed.
    fn store_then_reply(
        &self,
        slot: &mut Slot,
        table: Table,
        entry: Entry,
        cmd: &Command,
        now: Millis,
        replies: Vec<Reply>,
    ) -> Vec<Reply> {
        match self.commit(slot, table, entry, Some(&cmd.user), now) {
            Ok(()) => replies,
            Err(e) => vec![store_failure(cmd, &e)],
        }
    }

    /// After a change to a running game: stop the clock and mark the table finished when the
    /// game is over, else run the clocks of whoever is to act.
    fn settle(table: &mut Table, now: Millis) {
        let Some(game) = &table.game else { return };
        let to_act = game.to_act().seats();
        let over = game.outcome().is_some();
        if let Some(clock) = table.clock.as_mut() {
            clock.switch_to(&to_act, now);
        }
        // A new wait for answers starts its time now; a wait that ended is forgotten.
        table.window = match (game.window(), table.window) {
            (Some(w), Some((id, since))) if w.id == id => Some((id, since)),
            (Some(w), _) => Some((w.id, now)),
            (None, _) => None,
        };
        if over {
            table.status = Status::Finished;
        }
    }

    fn board_image(table: &Table, viewer: Option<Seat>, layout: Layout) -> Option<BoardImage> {
        table.game.as_ref().map(|g| BoardImage {
            view: g.view(viewer),
            players: table.names(),
            layout,
        })
    }

    /// The public announcement of a change: lines, then the turn or the result, with the board.
    fn announce(table: &Table, mut lines: Vec<String>) -> Reply {
        let closing = if table.status == Status::Finished {
            text::result_line(table)
        } else {
            text::turn_line(table)
        };
        if !closing.is_empty() {
            lines.push(closing);
        }
        let reply = Reply::public(lines.join("\n")).with_choices(shared_choices(table));
        match Self::board_image(table, None, Layout::Table) {
            Some(board) => reply.with_board(board),
            None => reply,
        }
    }

    /// Everything that happens by time alone: clocks running out, waits for answers ending.
    fn enforce_time(&self, slot: &mut Slot, now: Millis) -> Vec<Reply> {
        let mut replies = self.enforce_clock(slot, now);
        replies.extend(self.enforce_window(slot, now));
        replies
    }

    /// Settles a wait for answers whose time is up (whoever did not answer, per the rules).
    fn enforce_window(&self, slot: &mut Slot, now: Millis) -> Vec<Reply> {
        let Some(table) = slot.table.as_ref().filter(|t| t.status == Status::Running) else {
            return Vec::new();
        };
        let (Some((id, since)), Some(window)) =
            (table.window, table.game.as_ref().and_then(|g| g.window()))
        else {
            return Vec::new();
        };
        if window.id != id || now < since.saturating_add(window.length.as_millis() as Millis) {
            return Vec::new();
        }
        let mut table = table.clone();
        let Some(game) = table.game.as_mut() else {
            return Vec::new();
        };
        let announcements = game.close_window();
        Self::settle(&mut table, now);
        let mut lines = vec!["⏳ The time for answers is up.".to_string()];
        lines.extend(
            announcements
                .iter()
                .filter(|a| a.to.is_none())
                .map(|a| a.text.clone()),
        );
        let mut replies = vec![Self::announce(&table, lines)];
        for a in announcements.iter().filter(|a| a.to.is_some()) {
            if let Some(user) = a.to.and_then(|s| table.seats.get(s)) {
                replies.push(Reply::private(user, a.text.clone()));
            }
        }
        match self.commit(slot, table, Entry::WindowClosed, None, now) {
            Ok(()) => replies,
            Err(e) => {
                tracing::error!(error = %e, "closing a wait could not be saved; will retry");
                Vec::new()
            }
        }
    }

    fn enforce_clock(&self, slot: &mut Slot, now: Millis) -> Vec<Reply> {
        let Some(table) = &slot.table else {
            return Vec::new();
        };
        if table.status != Status::Running {
            return Vec::new();
        }
        let Some(seat) = table.clock.as_ref().and_then(|c| c.expired(now)) else {
            return Vec::new();
        };
        let mut table = table.clone();
        let Some(game) = table.game.as_mut() else {
            return Vec::new();
        };
        let events = game.forfeit(seat, Forfeit::TimedOut);
        Self::settle(&mut table, now);
        if table.status == Status::Running {
            // A game that goes on without the seat: its clock stays stopped at zero.
            tracing::info!(table = table.id, seat, "seat timed out, game continues");
        }
        let user = table.seats.get(seat).cloned();
        let mut lines = vec![format!("⏰ {} has run out of time.", table.player(seat))];
        lines.extend(
            events
                .iter()
                .filter(|a| a.to.is_none())
                .map(|a| a.text.clone()),
        );
        let reply = Self::announce(&table, lines);
        match self.commit(slot, table, Entry::Timeout, user.as_ref(), now) {
            Ok(()) => vec![reply],
            Err(e) => {
                tracing::error!(error = %e, "timeout could not be saved; will retry");
                Vec::new()
            }
        }
    }

    fn rules(&self, cmd: &Command, args: &str) -> Reply {
        let word = args.split_whitespace().next();
        let kind = match word {
            Some(w) => match GameKind::from_word(w) {
                Some(k) => k,
                None => {
                    return refuse(
                        cmd,
                        format!(
                            "Unknown game `{}`. Games: {}.",
                            w.chars().take(30).collect::<String>(),
                            text::game_words()
                        ),
                    );
                }
            },
            None => match self.current_kind(&cmd.channel) {
                Some(k) => k,
                None => {
                    return answer(
                        cmd,
                        format!(
                            "Which game? `/rules <game>` — games: {}.",
                            text::game_words()
                        ),
                    );
                }
            },
        };
        answer(cmd, kind.info().rules)
    }

    fn current_kind(&self, channel: &str) -> Option<GameKind> {
        let slot = self.slot(channel);
        let mut slot = lock(&slot);
        self.ensure_loaded(&mut slot, channel).ok()?;
        slot.table.as_ref().map(|t| t.kind)
    }

    /// Reads the channel's current table from the store the first time the channel is used.
    fn ensure_loaded(&self, slot: &mut Slot, channel: &str) -> Result<(), StoreError> {
        if !slot.loaded {
            slot.table = self.store.current_table(channel)?;
            slot.loaded = true;
        }
        Ok(())
    }

    fn join(&self, slot: &mut Slot, cmd: &Command, args: &str, now: Millis) -> Vec<Reply> {
        let words: Vec<&str> = args.split_whitespace().collect();
        let named = words.first().and_then(|w| GameKind::from_word(w));
        let unknown_game = |w: &str| {
            refuse(
                cmd,
                format!(
                    "Unknown game `{}`. Games: {}.",
                    w.chars().take(30).collect::<String>(),
                    text::game_words()
                ),
            )
        };
        match slot.table.as_ref().filter(|t| t.status.is_open()) {
            Some(t) if t.status == Status::Running => vec![refuse(
                cmd,
                format!(
                    "A game of {} is running at this table ({}). One table per channel: watch it here, or open a table in another channel or thread.",
                    t.kind.info().name,
                    text::seated(t)
                ),
            )],
            Some(t) => {
                let info = t.kind.info();
                if t.seat_of(&cmd.user).is_some() {
                    return vec![refuse(
                        cmd,
                        format!(
                            "You are already seated at this {} table ({}/{}). `/start` when everyone is here, or `/leave`.",
                            info.name,
                            t.seats.len(),
                            info.max_players
                        ),
                    )];
                }
                if let Some(first) = words.first() {
                    match named {
                        Some(kind) if kind != t.kind => {
                            return vec![refuse(
                                cmd,
                                format!(
                                    "This channel already has a {} table in the lobby, and it is one table per channel. `/join` to sit down at it, or play {} in another channel or thread.",
                                    info.name,
                                    kind.info().name
                                ),
                            )];
                        }
                        Some(kind) => {
                            let same = TableOptions::parse(kind, words[1..].iter().copied())
                                .is_ok_and(|o| o == t.options);
                            if !same {
                                return vec![refuse(
                                    cmd,
                                    format!(
                                        "The {} table here was opened with options: {}. `/join` without options to sit down at it.",
                                        info.name,
                                        options_text(&t.options)
                                    ),
                                )];
                            }
                        }
                        None => return vec![unknown_game(first)],
                    }
                }
                if t.seats.len() >= info.max_players {
                    return vec![refuse(
                        cmd,
                        format!(
                            "The {} table is full ({}/{}): {}.",
                            info.name,
                            t.seats.len(),
                            info.max_players,
                            text::seated(t)
                        ),
                    )];
                }
                let mut table = t.clone();
                table.seats.push(cmd.user.clone());
                let n = table.seats.len();
                let hint = if n >= info.min_players {
                    "Any seated player may `/start`.".to_string()
                } else {
                    format!("{} more needed; `/join` to sit down.", info.min_players - n)
                };
                let reply = Reply::public(format!(
                    "{} sits down at the {} table, seat {n} ({n}/{}). {hint}",
                    cmd.user.name, info.name, info.max_players
                ))
                .with_choices(lobby_choices(&table));
                self.store_then_reply(slot, table, Entry::Join, cmd, now, vec![reply])
            }
            None => {
                let Some(kind) = named else {
                    return vec![match words.first() {
                        Some(w) => unknown_game(w),
                        None => refuse(
                            cmd,
                            format!(
                                "No table here yet. `/join <game> [options]` opens one — games: {}.",
                                text::game_words()
                            ),
                        ),
                    }];
                };
                let options = match TableOptions::parse(kind, words[1..].iter().copied()) {
                    Ok(o) => o,
                    Err(e) => return vec![refuse(cmd, sentence(&e.0))],
                };
                let id = match self.store.new_table_id() {
                    Ok(id) => id,
                    Err(e) => return vec![store_failure(cmd, &e)],
                };
                let info = kind.info();
                let table = Table {
                    id,
                    channel: cmd.channel.clone(),
                    kind,
                    seed: self.new_seed(id),
                    options,
                    creator: cmd.user.clone(),
                    seats: vec![cmd.user.clone()],
                    status: Status::Lobby,
                    game: None,
                    clock: None,
                    created: now,
                    log_len: 0,
                    window: None,
                };
                let when = if info.min_players <= 1 {
                    "any time".to_string()
                } else {
                    format!("once {} are seated", info.min_players)
                };
                let reply = Reply::public(format!(
                    "{} opens a {} table (options: {}), seat 1 (1/{}). `/join` to sit down; `/start` {when}.",
                    cmd.user.name,
                    info.name,
                    options_text(&table.options),
                    info.max_players,
                ))
                .with_choices(lobby_choices(&table));
                self.store_then_reply(slot, table, Entry::Join, cmd, now, vec![reply])
            }
        }
    }

    fn leave(&self, slot: &mut Slot, cmd: &Command, now: Millis) -> Vec<Reply> {
        let Some(t) = slot.table.as_ref().filter(|t| t.status.is_open()) else {
            return vec![refuse(cmd, "There is no open table here to leave.")];
        };
        let Some(seat) = t.seat_of(&cmd.user) else {
            return vec![refuse(cmd, "You are not seated at this table.")];
        };
        if t.status == Status::Running {
            return vec![refuse(
                cmd,
                "The game is running: you cannot leave it, but you can `/resign`.",
            )];
        }
        let mut table = t.clone();
        table.seats.remove(seat);
        let info = table.kind.info();
        let text = if table.seats.is_empty() {
            table.status = Status::Aborted;
            format!(
                "{} leaves; the {} table is empty and closed.",
                cmd.user.name, info.name
            )
        } else {
            let mut text = format!(
                "{} leaves the {} table ({}/{} seated).",
                cmd.user.name,
                info.name,
                table.seats.len(),
                info.max_players
            );
            if table.creator.id == cmd.user.id {
                table.creator = table.seats[0].clone();
                text.push_str(&format!(" {} now hosts it.", table.creator.name));
            }
            text
        };
        let reply = Reply::public(text).with_choices(lobby_choices(&table));
        self.store_then_reply(slot, table, Entry::Leave, cmd, now, vec![reply])
    }

    fn start(&self, slot: &mut Slot, cmd: &Command, now: Millis) -> Vec<Reply> {
        let t = match &slot.table {
            Some(t) if t.status == Status::Lobby => t,
            Some(t) if t.status == Status::Running => {
                return vec![refuse(
                    cmd,
                    "The game is already running. `/status` shows whose turn it is.",
                )];
            }
            _ => {
                return vec![refuse(
                    cmd,
                    format!(
                        "No table here. `/join <game>` opens one — games: {}.",
                        text::game_words()
                    ),
                )];
            }
        };
        let info = t.kind.info();
        if t.seat_of(&cmd.user).is_none() {
            return vec![refuse(
                cmd,
                format!(
                    "Only a seated player may start the game (seated: {}). `/join` to sit down.",
                    text::seated(t)
                ),
            )];
        }
        if t.seats.len() < info.min_players {
            let missing = info.min_players - t.seats.len();
            return vec![refuse(
                cmd,
                format!(
                    "{} needs at least {} players; {} seated. Waiting for {missing} more — `/join` to sit down.",
                    info.name,
                    info.min_players,
                    t.seats.len()
                ),
            )];
        }
        let game = match AnyGame::new(&t.options.game, t.seats.len(), t.seed) {
            Ok(g) => g,
            Err(e) => return vec![refuse(cmd, sentence(&e.to_string()))],
        };
        let mut table = t.clone();
        table.game = Some(game);
        table.status = Status::Running;
        table.clock = table
            .options
            .time
            .map(|t| ChessClock::new(table.seats.len(), t, now));
        Self::settle(&mut table, now);
        let players: Vec<String> = (0..table.seats.len()).map(|s| table.player(s)).collect();
        let mut lines = vec![format!(
            "The game of {} begins: {}.",
            info.name,
            players.join(" vs ")
        )];
        lines.extend(table.game.as_ref().and_then(|g| g.prompt()));
        if let Some(t) = table.options.time {
            lines.push(format!(
                "Each player has {} on the clock.",
                humantime::format_duration(t)
            ));
        }
        let mut reply = Self::announce(&table, lines);
        reply.thread = Some(ThreadHint {
            name: format!("{}: {}", info.name, table.names().join(" vs ")),
            requested: table.options.thread,
        });
        self.store_then_reply(slot, table, Entry::Start, cmd, now, vec![reply])
    }

    /// The running table and the sender's seat, or the refusal explaining why not.
    fn seated_in_running<'a>(slot: &'a Slot, cmd: &Command) -> Result<(&'a Table, Seat), String> {
        let t = match &slot.table {
            Some(t) if t.status == Status::Running => t,
            Some(t) if t.status == Status::Lobby => {
                return Err(
                    "The game has not started yet: `/start` once everyone is seated.".into(),
                );
            }
            Some(t) if t.status == Status::Finished => {
                return Err(format!(
                    "{} `/join <game>` opens a new table.",
                    text::result_line(t)
                ));
            }
            _ => {
                return Err(format!(
                    "No game is running here. `/join <game>` opens a table — games: {}.",
                    text::game_words()
                ));
            }
        };
        match t.seat_of(&cmd.user) {
            Some(seat) => Ok((t, seat)),
            None => Err(format!(
                "Only the players at this table can do that ({}).",
                text::seated(t)
            )),
        }
    }

    fn play(&self, slot: &mut Slot, cmd: &Command, args: &str, now: Millis) -> Vec<Reply> {
        let (t, seat) = match Self::seated_in_running(slot, cmd) {
            Ok(found) => found,
            Err(refusal) => return vec![refuse(cmd, refusal)],
        };
        let Some(game) = &t.game else {
            return vec![refuse(cmd, "No game is running here.")];
        };
        if args.eq_ignore_ascii_case("resign") {
            return self.resign(slot, cmd, now);
        }
        if args.is_empty() {
            let example = game
                .legal_moves(seat)
                .first()
                .map(|m| format!(", e.g. `/move {m}`"))
                .unwrap_or_default();
            // Private: a legal move may show what only the player may know (a hand).
            return vec![Reply {
                error: true,
                ..Reply::private(&cmd.user, format!("Which move? `/move <move>`{example}."))
            }];
        }
        if !game.may_act(seat) {
            return vec![refuse(
                cmd,
                format!("It is not your turn. {}", text::turn_line(t)),
            )];
        }
        let secret = game.is_secret_move(seat);
        if secret && !cmd.private {
            return vec![refuse(
                cmd,
                "That move is secret and was not played: send it privately (Discord: `/move`, which only you see; Matrix: your direct room with the bot).",
            )];
        }
        let mut table = t.clone();
        let Some(game) = table.game.as_mut() else {
            return Vec::new();
        };
        let played = match game.play(seat, args) {
            Ok(p) => p,
            // A move may name a player where the notation has their colour (`buy anna clay`).
            Err(e) => match with_seat_labels(t, args).map(|text| game.play(seat, &text)) {
                Some(Ok(p)) => p,
                _ => return vec![refuse(cmd, sentence(&e.to_string()))],
            },
        };
        Self::settle(&mut table, now);
        let mut replies = Vec::new();
        let public: Vec<String> = played
            .announcements
            .iter()
            .filter(|a| a.to.is_none())
            .map(|a| a.text.clone())
            .collect();
        replies.push(Self::announce(&table, public));
        for a in played.announcements.iter().filter(|a| a.to.is_some()) {
            if let Some(user) = a.to.and_then(|s| table.seats.get(s)) {
                replies.push(Reply::private(user, a.text.clone()));
            }
        }
        let entry = Entry::Move {
            text: played.text,
            secret,
        };
        self.store_then_reply(slot, table, entry, cmd, now, replies)
    }

    fn resign(&self, slot: &mut Slot, cmd: &Command, now: Millis) -> Vec<Reply> {
        let (t, seat) = match Self::seated_in_running(slot, cmd) {
            Ok(found) => found,
            Err(refusal) => return vec![refuse(cmd, refusal)],
        };
        let mut table = t.clone();
        let Some(game) = table.game.as_mut() else {
            return Vec::new();
        };
        game.forfeit(seat, Forfeit::Resigned);
        Self::settle(&mut table, now);
        let reply = Self::announce(&table, vec![format!("{} resigns.", table.player(seat))]);
        self.store_then_reply(slot, table, Entry::Resign, cmd, now, vec![reply])
    }

    fn abort(&self, slot: &mut Slot, cmd: &Command, now: Millis) -> Vec<Reply> {
        let Some(t) = slot.table.as_ref().filter(|t| t.status.is_open()) else {
            return vec![refuse(cmd, "There is no open table here to abort.")];
        };
        if t.creator.id != cmd.user.id && !cmd.moderator {
            return vec![refuse(
                cmd,
                format!(
                    "Only the table's creator ({}) can `/abort` it.",
                    t.creator.name
                ),
            )];
        }
        let mut table = t.clone();
        table.status = Status::Aborted;
        if let Some(clock) = table.clock.as_mut() {
            clock.stop(now);
        }
        let text = format!(
            "{} aborts the {} table; it ends without a result.",
            cmd.user.name,
            table.kind.info().name
        );
        self.store_then_reply(
            slot,
            table,
            Entry::Abort,
            cmd,
            now,
            vec![Reply::public(text)],
        )
    }

    fn board(&self, slot: &Slot, cmd: &Command) -> Vec<Reply> {
        let Some(t) = &slot.table else {
            return vec![refuse(cmd, "No table here yet. `/join <game>` opens one.")];
        };
        // A seated player sees their own board; privately, with what only they may see.
        let seat = t.seat_of(&cmd.user);
        let viewer = seat.filter(|_| cmd.private);
        let layout = seat.map_or(Layout::Table, Layout::Seat);
        match Self::board_image(t, viewer, layout) {
            Some(board) => {
                let line = match t.status {
                    Status::Finished => text::result_line(t),
                    Status::Aborted => "This table was aborted.".into(),
                    _ => text::situation(t),
                };
                vec![answer(cmd, line).with_board(board)]
            }
            None => vec![refuse(
                cmd,
                format!(
                    "The {} table is in the lobby ({}); the board appears at `/start`.",
                    t.kind.info().name,
                    text::seated(t)
                ),
            )],
        }
    }

    /// `/hand [prefix]`: the private view, with the legal moves as choices — all of them when
    /// few, else grouped by their first two words (`play 17`), each group opening a narrower
    /// `/hand play 17`; within a group too large, the simplest forms (autocomplete has the rest).
    fn hand(&self, slot: &Slot, cmd: &Command, prefix: &str) -> Vec<Reply> {
        let private_refusal = |text: &str| Reply {
            error: true,
            ..Reply::private(&cmd.user, text)
        };
        let Some(t) = &slot.table else {
            return vec![private_refusal("No table here yet.")];
        };
        let Some(seat) = t.seat_of(&cmd.user) else {
            return vec![private_refusal("You are not seated at this table.")];
        };
        let Some(board) = Self::board_image(t, Some(seat), Layout::Hand(seat)) else {
            return vec![private_refusal("The game has not started yet.")];
        };
        let moves = match &t.game {
            Some(g) if t.status == Status::Running => g.legal_moves(seat),
            _ => Vec::new(),
        };
        // `/hand play 17` narrows to one group (see `move_choices`), else to a prefix.
        let wanted = prefix.trim().to_lowercase();
        let in_group = moves.iter().any(|m| group_key(m) == wanted);
        let moves: Vec<String> = moves
            .into_iter()
            .filter(|m| {
                if in_group {
                    group_key(m) == wanted
                } else {
                    m.to_lowercase().starts_with(&wanted)
                }
            })
            .collect();
        let choices = move_choices(t.id, moves, prefix.trim().is_empty());
        vec![
            Reply::private(&cmd.user, format!("Your view as {}.", t.player(seat)))
                .with_board(board)
                .with_choices(choices),
        ]
    }

    fn status(&self, slot: &Slot, cmd: &Command, now: Millis) -> Vec<Reply> {
        match &slot.table {
            Some(t) => vec![answer(cmd, text::status(t, now))],
            None => vec![answer(
                cmd,
                format!(
                    "No table here yet. `/join <game>` opens one — games: {}.",
                    text::game_words()
                ),
            )],
        }
    }

    fn log(&self, slot: &Slot, cmd: &Command) -> Vec<Reply> {
        let Some(t) = &slot.table else {
            return vec![refuse(cmd, "No table here yet.")];
        };
        if !t.options.log {
            return vec![refuse(
                cmd,
                format!(
                    "This table keeps no game record. Open one with option `log` (e.g. `/join {} log`).",
                    t.kind.info().id
                ),
            )];
        }
        let Some(game) = &t.game else {
            return vec![refuse(
                cmd,
                "The game has not started yet; the record begins at `/start`.",
            )];
        };
        let transcript = game.transcript();
        let filename = format!("{}-{}.txt", t.kind.info().id, t.id);
        let caption = format!("The game record of {} table {}.", t.kind.info().name, t.id);
        vec![answer(cmd, transcript.clone()).with_attachment(filename, caption, transcript)]
    }

    fn export(&self, slot: &Slot, cmd: &Command) -> Vec<Reply> {
        let Some(t) = &slot.table else {
            return vec![refuse(cmd, "No table here yet.")];
        };
        let log = match self.store.log(t.id) {
            Ok(log) => log,
            Err(e) => {
                tracing::error!(error = %e, "log unreadable");
                return vec![refuse(cmd, "Sorry — the table's log could not be read.")];
            }
        };
        let doc = export_document(t, &log);
        let text = doc.to_string();
        let filename = format!("{}-{}.json", t.kind.info().id, t.id);
        let caption = format!("{} table {} as JSON.", t.kind.info().name, t.id);
        vec![answer(cmd, text.clone()).with_attachment(filename, caption, text)]
    }
}

/// The group of a move text for the two-step choice: its first word and the number that
/// starts its second (`play 17L camp 18L` → `play 17`), or the whole second word.
fn group_key(mv: &str) -> String {
    let mut words = mv.split_whitespace();
    let first = words.next().unwrap_or_default().to_lowercase();
    match words.next() {
        Some(second) => {
            let digits: String = second.chars().take_while(char::is_ascii_digit).collect();
            let second = if digits.is_empty() {
                second.to_lowercase()
            } else {
                digits
            };
            format!("{first} {second}")
        }
        None => first,
    }
}

/// Legal moves as choices: all when few; else (at the top level) their groups (`group_key`),
/// each opening a narrower `/hand`; else the simplest forms.
fn move_choices(table: u64, moves: Vec<String>, top: bool) -> Vec<Choice> {
    let play = |m: String| Choice {
        command: format!("/move {m}"),
        label: m,
        table,
    };
    if moves.len() <= MAX_CHOICES {
        return moves.into_iter().map(play).collect();
    }
    let mut groups: Vec<String> = moves.iter().map(|m| group_key(m)).collect();
    groups.dedup();
    groups.sort();
    groups.dedup();
    if top && groups.len() > 1 && groups.len() <= MAX_CHOICES {
        return groups
            .into_iter()
            .map(|g| Choice {
                command: format!("/hand {g}"),
                label: format!("{g} …"),
                table,
            })
            .collect();
    }
    let fewest = moves
        .iter()
        .map(|m| m.split_whitespace().count())
        .min()
        .unwrap_or(0);
    moves
        .into_iter()
        .filter(|m| m.split_whitespace().count() == fewest)
        .take(MAX_CHOICES)
        .map(play)
        .collect()
}

/// Choices on a public announcement: when the seats to act all have the same few legal moves
/// (a claim to challenge or accept, the last tile), anybody at the table can click instead of
/// typing; the service still checks who clicked. Never for secret moves.
fn shared_choices(table: &Table) -> Vec<Choice> {
    let Some(game) = table
        .game
        .as_ref()
        .filter(|_| table.status == Status::Running)
    else {
        return Vec::new();
    };
    let seats = game.to_act().seats();
    if seats.is_empty() || seats.iter().any(|s| game.is_secret_move(*s)) {
        return Vec::new();
    }
    let moves = game.legal_moves(seats[0]);
    let same = seats.iter().all(|s| game.legal_moves(*s) == moves);
    if !same || moves.is_empty() || moves.len() > MAX_BUTTONS {
        return Vec::new();
    }
    moves
        .into_iter()
        .map(|m| Choice {
            command: format!("/move {m}"),
            label: m,
            table: table.id,
        })
        .collect()
}

/// Buttons for a table in the lobby: Join while seats are free, Start once enough sit.
fn lobby_choices(table: &Table) -> Vec<Choice> {
    let info = table.kind.info();
    let mut choices = Vec::new();
    if table.status == Status::Lobby && table.seats.len() < info.max_players {
        choices.push(Choice {
            label: "Join".into(),
            command: "/join".into(),
            table: table.id,
        });
    }
    if table.status == Status::Lobby && table.seats.len() >= info.min_players {
        choices.push(Choice {
            label: "Start".into(),
            command: "/start".into(),
            table: table.id,
        });
    }
    choices
}

fn options_text(options: &TableOptions) -> String {
    let words = options.words();
    if words.is_empty() {
        "none".into()
    } else {
        words.join(" ")
    }
}

/// The `/export` document. While the game runs it holds only public information: no seed, and
/// secret moves masked.
pub fn export_document(t: &Table, log: &[LogEntry]) -> serde_json::Value {
    let finished = matches!(t.status, Status::Finished | Status::Aborted);
    let name_of = |e: &LogEntry| {
        e.seat
            .and_then(|s| t.seats.get(s))
            .map(|u| u.name.clone())
            .or_else(|| e.user.clone())
    };
    let moves: Vec<serde_json::Value> = log
        .iter()
        .filter_map(|e| {
            let text = match &e.entry {
                Entry::Move { text, secret } if !secret || finished => text.clone(),
                Entry::Move { .. } => "(secret)".into(),
                Entry::Resign => "resign".into(),
                Entry::Timeout => "timeout".into(),
                Entry::WindowClosed => "time for answers up".into(),
                _ => return None,
            };
            Some(json!({ "player": name_of(e), "text": text }))
        })
        .collect();
    let outcome = t.game.as_ref().and_then(|g| g.outcome());
    let scores = match (&outcome, &t.game) {
        (Some(o), _) => o.scores.clone(),
        (None, Some(g)) => g.scores(),
        (None, None) => Vec::new(),
    };
    let mut doc = json!({
        "table": t.id,
        "game": t.kind.info().id,
        "options": t.options.words(),
        "seed": if finished { Some(t.seed) } else { None },
        "players": t.names(),
        "status": t.status,
        "moves": moves,
        "scores": scores,
    });
    if let (Some(o), Status::Finished) = (&outcome, t.status) {
        doc["winner"] = json!(
            o.winner()
                .and_then(|w| t.seats.get(w))
                .map(|u| u.name.clone())
        );
        doc["ranks"] = json!(o.ranks);
    }
    doc
}

/// `args` with every word that is a seated player's name replaced by their seat's label (their
/// colour), or `None` when no word names a player. Tried only after the move as typed failed,
/// so a move that is valid as typed never changes meaning.
fn with_seat_labels(table: &Table, args: &str) -> Option<String> {
    let game = table.game.as_ref()?;
    let mut named = false;
    let words: Vec<String> = args
        .split_whitespace()
        .map(|word| {
            let bare = word.trim_start_matches('@');
            match table
                .seats
                .iter()
                .position(|u| u.name.eq_ignore_ascii_case(bare))
            {
                Some(seat) => {
                    named = true;
                    game.seat_label(seat)
                }
                None => word.to_string(),
            }
        })
        .collect();
    named.then(|| words.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_group_by_their_first_word_and_number() {
        assert_eq!(group_key("play 17L camp 18L"), "play 17");
        assert_eq!(group_key("play 17 +32"), "play 17");
        assert_eq!(group_key("pass 40"), "pass 40");
        assert_eq!(group_key("build tower pay 1 sand"), "build tower");
        assert_eq!(group_key("12r"), "12r");
    }

    #[test]
    fn many_moves_are_offered_in_groups_then_in_their_simplest_forms() {
        let few: Vec<String> = (1..=9).map(|t| t.to_string()).collect();
        let choices = move_choices(1, few, true);
        assert_eq!(choices.len(), 9);
        assert_eq!(choices[0].command, "/move 1");
        let many: Vec<String> = [3, 17, 40]
            .iter()
            .flat_map(|n| (1..=12).map(move |c| format!("play {n}L camp {c}R")))
            .chain(["play 3L".into(), "play 17R".into(), "play 40F".into()])
            .collect();
        let groups = move_choices(1, many.clone(), true);
        let labels: Vec<&str> = groups.iter().map(|c| c.label.as_str()).collect();
        assert_eq!(labels, ["play 17 …", "play 3 …", "play 40 …"]);
        assert_eq!(groups[1].command, "/hand play 3");
        let inner: Vec<String> = many
            .into_iter()
            .filter(|m| group_key(m) == "play 17")
            .collect();
        assert_eq!(inner.len(), 13);
        let simplest: Vec<String> = (1..=30)
            .map(|c| format!("play 17L camp {c}R"))
            .chain(["play 17R".into()])
            .collect();
        let offered = move_choices(1, simplest, false);
        assert_eq!(
            offered.len(),
            1,
            "the simplest form when the group is too large"
        );
        assert_eq!(offered[0].label, "play 17R");
    }
}
