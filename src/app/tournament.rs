//! `/tournament`: create, join, leave, start, pairings, standings, export, withdraw, and for
//! the organizer (or a moderator) next, result, remove, cancel.
//!
//! A channel holds one open tournament. Every change is one synced commit of the tournament
//! (with the tables it opens, `Store::commit_tournament`); changes are serialized with the
//! games' ends (`ratings_lock`), which record their results in the same commit as the table's
//! end (`commit_result`). What the rounds bring — the pairings, each game's start at its table,
//! the results and standings — is announced through the outbox with the next tick.

use super::rounds::{FollowUp, outcome_decided};
use super::*;
use crate::league::Batch;
use crate::league::results::rating::{Rating, RatingKey, player_key};
use crate::league::tournament::spec::MAX_ENTRANTS;
use crate::league::tournament::{Entrant, Game, Outcome, Spec, Stage, Tournament};
use crate::t;
use crate::table::Fixture;

impl App {
    /// `/tournament <what> [args]`.
    pub(super) fn tournament(&self, cmd: &Command, user: &User, args: &str) -> Vec<Reply> {
        let asker = Asker {
            user,
            private: cmd.private,
        };
        let (what, rest) = match args.trim().split_once(char::is_whitespace) {
            Some((w, r)) => (w.to_ascii_lowercase(), r.trim()),
            None => (args.trim().to_ascii_lowercase(), ""),
        };
        let now = self.now();
        match what.as_str() {
            "create" => return vec![self.create_tournament(cmd, user, rest, now)],
            "" | "help" => {
                return vec![asker.answer(t!("tour-help", usage = t!("tour-usage")))];
            }
            _ => {}
        }
        let t = match self.tournament_here(&cmd.channel) {
            Ok(Some(t)) => t,
            Ok(None) => {
                return vec![asker.refuse(t!("tour-none-here-create"))];
            }
            Err(e) => return vec![store_failure(asker, &e)],
        };
        let organizer = t.organizer.id == user.id || cmd.moderator;
        match what.as_str() {
            "pairings" => {
                // Games whose thread or room the chat could not open yet: it tries again.
                self.announce_round_waiting(&t);
                vec![asker.answer(super::rounds::pairings_text(self, &t))]
            }
            "standings" => vec![asker.answer(super::rounds::standings_text(&t))],
            "export" => vec![super::rounds::export(&t, asker)],
            "join" | "leave" | "withdraw" | "bot" | "start" | "remove" => {
                self.change_tournament(cmd, user, &what, rest, organizer, now)
            }
            "next" | "result" | "cancel" => {
                if !organizer {
                    return vec![asker.refuse(t!(
                        "tour-organizer-only-command",
                        organizer = markup::name(&t.organizer.name),
                        command = what.as_str()
                    ))];
                }
                self.organizer_decides(cmd, user, &what, rest, now)
            }
            _ => vec![asker.refuse(t!(
                "tour-unknown",
                word = markup::code(&what.chars().take(30).collect::<String>()),
                usage = t!("tour-usage")
            ))],
        }
    }

    /// The tournament of `channel`: the one created there, or the one whose game is played
    /// there.
    fn tournament_here(&self, channel: &str) -> Result<Option<Tournament>, StoreError> {
        if let Some(t) = self.store.channel_tournament(channel)? {
            return Ok(Some(t));
        }
        match self.store.current_table(channel)?.and_then(|t| t.fixture) {
            Some(Fixture { event, .. }) => self.store.tournament(event),
            None => Ok(None),
        }
    }

    fn create_tournament(&self, cmd: &Command, user: &User, args: &str, now: Millis) -> Reply {
        let asker = Asker {
            user,
            private: false,
        };
        let _serial = lock(&self.ratings_lock);
        match self.store.channel_tournament(&cmd.channel) {
            Ok(Some(t)) if t.stage.is_open() => {
                return asker.refuse(t!(
                    "tour-channel-has-one",
                    tournament = markup::code(&t.name)
                ));
            }
            Ok(_) => {}
            Err(e) => return store_failure(asker, &e),
        }
        if self
            .store
            .current_table(&cmd.channel)
            .ok()
            .flatten()
            .is_some_and(|t| t.fixture.is_some() && t.status.is_open())
        {
            return asker.refuse(t!("tour-channel-is-game"));
        }
        let spec = match Spec::parse(args) {
            Ok(spec) => spec,
            Err(e) => return asker.refuse(e),
        };
        let id = match self.store.new_table_id() {
            Ok(id) => id,
            Err(e) => return store_failure(asker, &e),
        };
        let t = Tournament {
            id,
            name: spec
                .name
                .clone()
                .unwrap_or_else(|| self.default_tournament_name(cmd, spec.kind, now)),
            channel: cmd.channel.clone(),
            community: Some(self.community_of(cmd)),
            organizer: user.clone(),
            kind: spec.kind,
            options: spec.options.clone(),
            format: spec.format,
            rounds: spec.rounds.unwrap_or(0),
            pod: spec.pod,
            bots: spec.bots,
            deadline: spec.deadline.as_millis() as Millis,
            stage: Stage::Entry,
            entrants: Vec::new(),
            played: Vec::new(),
            seed: self.seeding.seed(Purpose::Tournament, id),
            created: now,
        };
        if let Err(e) = self.store.commit_batch(&Batch::of_tournament(&t, &[])) {
            return store_failure(asker, &e);
        }
        tracing::info!(tournament = t.id, channel = %t.channel, "tournament created");
        let info = t.kind.info();
        // The channel hears it in its language.
        let text = crate::i18n::scope(self.tournament_language(&t), || {
            t!(
                "tour-created",
                name = markup::name(&user.name),
                game = info.name,
                tournament = markup::code(&t.name),
                format = t.format.word(),
                pod = t.pod,
                // 0: as many as the entries need.
                rounds = spec.rounds.unwrap_or(0),
                option_count = t.options.len(),
                options = t.options.join(" "),
                bots = if t.bots { "yes" } else { "no" },
            )
        });
        Reply::public(text)
    }

    /// Entry changes and the start: serialized, one commit each.
    fn change_tournament(
        &self,
        cmd: &Command,
        user: &User,
        what: &str,
        rest: &str,
        organizer: bool,
        now: Millis,
    ) -> Vec<Reply> {
        let asker = Asker {
            user,
            private: cmd.private,
        };
        let serial = lock(&self.ratings_lock);
        // Read again under the lock: nothing changes it meanwhile.
        let mut t = match self.tournament_here(&cmd.channel) {
            Ok(Some(t)) => t,
            Ok(None) => return vec![asker.refuse(t!("tour-none-here"))],
            Err(e) => return vec![store_failure(asker, &e)],
        };
        let name = markup::name(&user.name);
        // What changed is told in the channel's language, a refusal in the asker's.
        let lang = self.tournament_language(&t);
        let public = |text: &dyn Fn() -> String| crate::i18n::scope(lang, text);
        let mut follow = FollowUp::default();
        let text = match what {
            "join" => {
                if let Err(refusal) = entry_open(&t) {
                    return vec![asker.refuse(refusal)];
                }
                if t.entrant_of(user).is_some() {
                    return vec![asker.refuse(t!("tour-entered-already"))];
                }
                if t.entrants.len() >= MAX_ENTRANTS {
                    return vec![asker.refuse(t!("tour-full-max", max = MAX_ENTRANTS))];
                }
                t.entrants.push(Entrant {
                    user: user.clone(),
                    rating: 0.0,
                    out: false,
                });
                public(&|| {
                    t!(
                        "tour-enters",
                        name = &name,
                        tournament = markup::code(&t.name),
                        entrants = t.entrants.len()
                    )
                })
            }
            "bot" => {
                if let Err(refusal) = entry_open(&t) {
                    return vec![asker.refuse(refusal)];
                }
                if !t.bots {
                    return vec![asker.refuse(t!("tour-bots-not-allowed"))];
                }
                if t.entrant_of(user).is_none() && !organizer {
                    return vec![asker.refuse(t!("tour-bot-who-may"))];
                }
                let level = match rest.trim() {
                    "" => "normal".to_string(),
                    l => l.to_ascii_lowercase(),
                };
                if crate::bots::Level::from_word(&level).is_none() {
                    return vec![asker.refuse(t!(
                        "tour-not-a-level",
                        word = markup::code(&level.chars().take(20).collect::<String>())
                    ))];
                }
                let n = t.entrants.iter().filter(|e| e.user.is_bot()).count() + 1;
                if t.entrants.len() >= MAX_ENTRANTS {
                    return vec![asker.refuse(t!("tour-full"))];
                }
                let bot = User::bot(&level, n);
                let text = public(&|| {
                    t!(
                        "tour-enters",
                        name = markup::name(&bot.name),
                        tournament = markup::code(&t.name),
                        entrants = t.entrants.len() + 1
                    )
                });
                t.entrants.push(Entrant {
                    user: bot,
                    rating: 0.0,
                    out: false,
                });
                text
            }
            "leave" => {
                let Some(e) = t.entrant_of(user) else {
                    return vec![asker.refuse(t!("tour-not-entered"))];
                };
                if t.stage != Stage::Entry {
                    return vec![asker.refuse(t!("tour-leave-started"))];
                }
                t.entrants.remove(e);
                public(&|| {
                    t!(
                        "tour-leaves",
                        name = &name,
                        tournament = markup::code(&t.name)
                    )
                })
            }
            "withdraw" => {
                let Some(e) = t.entrant_of(user) else {
                    return vec![asker.refuse(t!("tour-not-entered"))];
                };
                if let Err(refusal) = take_out(&mut t, e, &t!("tour-withdrawn-already")) {
                    return vec![asker.refuse(refusal)];
                }
                public(&|| {
                    t!(
                        "tour-withdraws",
                        name = &name,
                        tournament = markup::code(&t.name)
                    )
                })
            }
            "remove" => {
                if !organizer {
                    return vec![asker.refuse(t!(
                        "tour-organizer-only-remove",
                        organizer = markup::name(&t.organizer.name)
                    ))];
                }
                let wanted = rest.trim().trim_start_matches('@');
                let Some(e) = t
                    .entrants
                    .iter()
                    .position(|e| e.user.name.eq_ignore_ascii_case(wanted) || e.user.id == wanted)
                else {
                    return vec![asker.refuse(t!(
                        "tour-no-such-entrant",
                        word = markup::code(&wanted.chars().take(40).collect::<String>())
                    ))];
                };
                let who = markup::name(&t.entrants[e].user.name);
                if let Err(refusal) = take_out(&mut t, e, &t!("tour-out-already", name = &who)) {
                    return vec![asker.refuse(refusal)];
                }
                public(&|| {
                    t!(
                        "tour-removed",
                        name = &who,
                        tournament = markup::code(&t.name)
                    )
                })
            }
            "start" => {
                if !organizer {
                    return vec![asker.refuse(t!(
                        "tour-organizer-only-start",
                        organizer = markup::name(&t.organizer.name)
                    ))];
                }
                if let Err(refusal) = entry_open(&t) {
                    return vec![asker.refuse(refusal)];
                }
                if let Err(refusal) = self.ready(&t) {
                    return vec![asker.refuse(refusal)];
                }
                self.seed_ratings(&mut t);
                if t.rounds == 0 || t.format == crate::league::tournament::Format::Knockout {
                    t.rounds = t.format.default_rounds(t.entrants.len(), t.pod);
                }
                t.stage = Stage::Running;
                follow = match self.follow_up(&mut t, now) {
                    Ok(f) => f,
                    Err(e) => return vec![store_failure(asker, &e)],
                };
                public(&|| {
                    t!(
                        "tour-starts",
                        tournament = markup::code(&t.name),
                        entrants = t.entrants.len(),
                        rounds = t.rounds
                    )
                })
            }
            _ => return Vec::new(),
        };
        if let Err(e) = self
            .store
            .commit_batch(&Batch::of_tournament(&t, &follow.tables))
        {
            return vec![store_failure(asker, &e)];
        }
        drop(serial);
        self.install(follow, &t);
        vec![Reply::public(text)]
    }

    /// Whether the entrants can start: enough for a game, at least one person.
    fn ready(&self, t: &Tournament) -> Result<(), String> {
        let least = match t.format {
            crate::league::tournament::Format::Duplicate => 1,
            _ => t.pod.max(2),
        };
        if t.entrants.len() < least {
            return Err(t!(
                "tour-too-few",
                least = least,
                entered = t.entrants.len()
            ));
        }
        if t.entrants.iter().all(|e| e.user.is_bot()) {
            return Err(t!("tour-only-bots"));
        }
        Ok(())
    }

    /// A tournament's name when none is given: its game, the month and a number
    /// (`<game>-nov-1`), one more than the highest such number among the community's open
    /// tournaments and this channel's last one.
    fn default_tournament_name(&self, cmd: &Command, kind: GameKind, now: Millis) -> String {
        const MONTHS: [&str; 12] = [
            "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
        ];
        let date = humantime::format_rfc3339(
            std::time::UNIX_EPOCH + std::time::Duration::from_millis(now),
        )
        .to_string();
        let month = date
            .get(5..7)
            .and_then(|m| m.parse::<usize>().ok())
            .and_then(|m| MONTHS.get(m.wrapping_sub(1)))
            .copied()
            .unwrap_or("t");
        let prefix = format!("{}-{month}-", kind.info().id);
        let community = self.community_of(cmd);
        let mut known: Vec<Tournament> = self
            .store
            .open_tournaments()
            .unwrap_or_default()
            .into_iter()
            .filter(|t| t.community.as_deref().unwrap_or(&t.channel) == community)
            .collect();
        known.extend(self.store.channel_tournament(&cmd.channel).ok().flatten());
        let highest = known
            .iter()
            .filter_map(|t| t.name.strip_prefix(&prefix)?.parse::<u32>().ok())
            .max()
            .unwrap_or(0);
        format!("{prefix}{}", highest + 1)
    }

    /// Each entrant's rating in the game here, for the seeding (a new player's where none).
    fn seed_ratings(&self, t: &mut Tournament) {
        let community = t.community.clone().unwrap_or_else(|| t.channel.clone());
        for e in &mut t.entrants {
            let key = RatingKey {
                community: community.clone(),
                game: t.kind.info().id.to_string(),
                player: player_key(&e.user.id),
            };
            e.rating = self
                .store
                .rating(&key)
                .ok()
                .flatten()
                .unwrap_or_else(|| Rating::new(&e.user.name))
                .rating;
        }
    }

    /// The organizer's decisions: close the round (`next`), decide a game (`result`), cancel.
    fn organizer_decides(
        &self,
        cmd: &Command,
        user: &User,
        what: &str,
        rest: &str,
        now: Millis,
    ) -> Vec<Reply> {
        let asker = Asker {
            user,
            private: cmd.private,
        };
        let t = match self.tournament_here(&cmd.channel) {
            Ok(Some(t)) => t,
            Ok(None) => return vec![asker.refuse(t!("tour-none-here"))],
            Err(e) => return vec![store_failure(asker, &e)],
        };
        if t.stage != Stage::Running && !(what == "cancel" && t.stage == Stage::Entry) {
            return vec![asker.refuse(match t.stage {
                Stage::Entry => t!("tour-not-started"),
                _ => t!("tour-over-already"),
            })];
        }
        // A tournament still open for entry (only `cancel` gets here) has no round yet.
        let Some(round) = t
            .current()
            .cloned()
            .or_else(|| (t.stage == Stage::Entry).then(Default::default))
        else {
            return vec![asker.refuse(t!("tour-no-round"))];
        };
        // The games to decide, with the outcome each gets.
        let mut decided = Vec::new();
        match what {
            "next" => {
                let due = round.started.saturating_add(t.deadline);
                if now < due {
                    return vec![asker.refuse(t!(
                        "tour-next-too-early",
                        round = round.number,
                        span = crate::table::clock::format_span(Duration::from_millis(due - now))
                    ))];
                }
                for game in round.games.iter().filter(|g| g.result.is_none()) {
                    let table = self.store.table(game.table).ok().flatten();
                    let acting = table
                        .filter(|tb| tb.status.is_open())
                        .map(|tb| tb.acting())
                        .unwrap_or_default();
                    // Whoever is to act when the round is closed loses.
                    let ranks: Vec<u8> = (0..game.seats.len())
                        .map(|s| if acting.contains(&s) { 2 } else { 1 })
                        .collect();
                    decided.push((game.clone(), outcome_decided(&ranks)));
                }
                if decided.is_empty() {
                    return vec![asker.refuse(t!("tour-next-nothing-open"))];
                }
            }
            "result" => {
                let mut words = rest.split_whitespace();
                let (Some(which), Some(who)) = (words.next(), words.next()) else {
                    return vec![asker.refuse(t!("tour-result-usage"))];
                };
                let which = which.trim_start_matches('#');
                let Some(game) = round.games.iter().find(|g| {
                    which.parse::<u64>().ok() == Some(g.table)
                        || g.channel.trim_start_matches('#').rsplit('/').next() == Some(which)
                }) else {
                    return vec![asker.refuse(t!(
                        "tour-result-no-game",
                        round = round.number,
                        word = markup::code(&which.chars().take(40).collect::<String>())
                    ))];
                };
                if game.result.is_some() {
                    return vec![asker.refuse(t!("tour-result-ended"))];
                }
                let ranks: Vec<u8> = if who.eq_ignore_ascii_case("draw") {
                    vec![1; game.seats.len()]
                } else {
                    let who = who.trim_start_matches('@');
                    let Some(seat) = game
                        .seats
                        .iter()
                        .position(|e| t.entrants[*e].user.name.eq_ignore_ascii_case(who))
                    else {
                        return vec![asker.refuse(t!(
                            "tour-result-not-a-player",
                            word = markup::code(&who.chars().take(40).collect::<String>())
                        ))];
                    };
                    (0..game.seats.len())
                        .map(|s| if s == seat { 1 } else { 2 })
                        .collect()
                };
                decided.push((game.clone(), outcome_decided(&ranks)));
            }
            _ => {
                for game in round.games.iter().filter(|g| g.result.is_none()) {
                    decided.push((game.clone(), outcome_decided(&vec![1; game.seats.len()])));
                }
            }
        }
        let (name, organizer) = (user.name.clone(), what == "cancel");
        let settled = self.settle(t.id, decided, now, false, |t| {
            if !organizer {
                return None;
            }
            t.stage = Stage::Cancelled;
            Some(t!(
                "tour-cancelled",
                name = markup::name(&name),
                tournament = markup::code(&t.name)
            ))
        });
        match settled {
            Ok(Some(lines)) => vec![Reply::public(lines.join("\n"))],
            Ok(None) => vec![asker.refuse(t!("tour-none-here"))],
            Err(e) => vec![store_failure(asker, &e)],
        }
    }

    /// Decides the tournament `id`'s `decided` games: their tables close through the one path
    /// (outside the lock their end takes), then — the tournament read again under the serial
    /// lock — `change` applies (its line first), each outcome is recorded (unless `change`
    /// ended the tournament), what follows is paired, and it is all one commit. Returns the
    /// lines to announce — with `announce`, they are posted in the tournament's channel before
    /// what follows (the next round, the final standings); `None` when the tournament is gone.
    pub(super) fn settle(
        &self,
        id: u64,
        decided: Vec<(Game, Outcome)>,
        now: Millis,
        announce: bool,
        change: impl FnOnce(&mut Tournament) -> Option<String>,
    ) -> Result<Option<Vec<String>>, StoreError> {
        let mut out = Vec::new();
        for (game, _) in &decided {
            // Where the table is now (a chat may have moved it into a thread or room).
            let Some(channel) = self.store.table(game.table)?.map(|tb| tb.channel) else {
                continue;
            };
            let closed = self.core.with_slot(&channel, |slot| {
                if slot
                    .table
                    .as_ref()
                    .is_some_and(|tb| tb.id == game.table && tb.status.is_open())
                {
                    self.core.act(
                        slot,
                        &channel,
                        &Actor::Table,
                        &Action::Close(crate::table::Closing::Decided),
                        None,
                        now,
                        self,
                    )
                } else {
                    Vec::new()
                }
            });
            self.core.release(&channel);
            let replies = closed?;
            if !replies.is_empty() {
                out.push((channel, replies));
            }
        }
        for (channel, replies) in out {
            self.core.post(channel, replies);
        }
        let serial = lock(&self.ratings_lock);
        let Some(mut t) = self.store.tournament(id)? else {
            return Ok(None);
        };
        // The lines are posted in the tournament's channel (or answer there): its language.
        let lang = self.tournament_language(&t);
        let mut lines: Vec<String> = crate::i18n::scope(lang, || change(&mut t))
            .into_iter()
            .collect();
        if t.stage == Stage::Running {
            for (game, outcome) in decided {
                if t.record(game.table, outcome) {
                    let line = crate::i18n::scope(lang, || {
                        super::rounds::result_line(self, &t, game.table)
                    });
                    lines.push(line);
                }
            }
        }
        let follow = if t.stage == Stage::Running {
            self.follow_up(&mut t, now)?
        } else {
            FollowUp::default()
        };
        self.store
            .commit_batch(&Batch::of_tournament(&t, &follow.tables))?;
        drop(serial);
        if announce && !lines.is_empty() {
            let news = Reply::public(lines.join("\n"));
            self.core.post(t.channel.clone(), vec![news]);
        }
        self.install(follow, &t);
        Ok(Some(lines))
    }
}

/// Takes entrant `e` out: before the start off the list, while running never paired again
/// (`already` is the refusal when they are out already).
pub(super) fn take_out(t: &mut Tournament, e: usize, already: &str) -> Result<(), String> {
    match t.stage {
        Stage::Entry => {
            t.entrants.remove(e);
            Ok(())
        }
        Stage::Running if !t.entrants[e].out => {
            t.entrants[e].out = true;
            Ok(())
        }
        Stage::Running => Err(already.to_string()),
        _ => Err(t!("tour-over-already")),
    }
}

/// Why nobody may enter now, if so.
fn entry_open(t: &Tournament) -> Result<(), String> {
    match t.stage {
        Stage::Entry => Ok(()),
        Stage::Running => Err(t!("tour-entry-closed")),
        _ => Err(t!("tour-over-already")),
    }
}
