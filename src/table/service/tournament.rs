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
use crate::table::rating::{Rating, RatingKey, player_key};
use crate::table::tournament::spec::MAX_ENTRANTS;
use crate::table::tournament::{Board, Entrant, Game, Outcome, Spec, Stage, Tournament};

const USAGE: &str = "`/tournament create <game> <format> [options]`, `join`, `leave`, `start`, `pairings`, `standings`, `export`, `withdraw`, `bot [level]`; for the organizer: `next`, `result <table> <winner|draw>`, `remove <player>`, `cancel`.";

impl TableService {
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
            "create" => return vec![self.t_create(cmd, user, rest, now)],
            "" | "help" => return vec![asker.answer(format!("Tournaments: {USAGE}"))],
            _ => {}
        }
        let t = match self.tournament_here(&cmd.channel) {
            Ok(Some(t)) => t,
            Ok(None) => {
                return vec![asker.refuse(
                    "No tournament here. `/tournament create <game> <format>` creates one.",
                )];
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
                self.t_change(cmd, user, &what, rest, organizer, now)
            }
            "next" | "result" | "cancel" => {
                if !organizer {
                    return vec![asker.refuse(format!(
                        "Only the organizer ({}) or a moderator may use `/tournament {what}`.",
                        markup::name(&t.organizer.name)
                    ))];
                }
                self.t_decide(cmd, user, &what, rest, now)
            }
            _ => vec![asker.refuse(format!(
                "Unknown: {}. {USAGE}",
                markup::code(&what.chars().take(30).collect::<String>())
            ))],
        }
    }

    /// The tournament of `channel`: the one created there, or the one whose game is played
    /// there.
    fn tournament_here(&self, channel: &str) -> Result<Option<Tournament>, StoreError> {
        if let Some(t) = self.store.channel_tournament(channel)? {
            return Ok(Some(t));
        }
        match self
            .store
            .current_table(channel)?
            .and_then(|t| t.tournament)
        {
            Some(Board { tournament, .. }) => self.store.tournament(tournament),
            None => Ok(None),
        }
    }

    fn t_create(&self, cmd: &Command, user: &User, args: &str, now: Millis) -> Reply {
        let asker = Asker {
            user,
            private: false,
        };
        let _serial = lock(&self.ratings_lock);
        match self.store.channel_tournament(&cmd.channel) {
            Ok(Some(t)) if t.stage.is_open() => {
                return asker.refuse(format!(
                    "This channel has a tournament already ({}); one at a time.",
                    markup::code(&t.name)
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
            .is_some_and(|t| t.tournament.is_some() && t.status.is_open())
        {
            return asker.refuse("This channel is a tournament game's table; create the tournament in another channel.");
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
            name: spec.name.clone().unwrap_or_else(|| format!("t{id}")),
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
            seed: self.new_seed(id),
            created: now,
        };
        if let Err(e) = self.store.commit_tournament((&t, &[])) {
            return store_failure(asker, &e);
        }
        tracing::info!(tournament = t.id, channel = %t.channel, "tournament created");
        let info = t.kind.info();
        let rounds = match spec.rounds {
            Some(n) => format!("{n} rounds"),
            None => "rounds by the entries".into(),
        };
        let options = if t.options.is_empty() {
            String::new()
        } else {
            format!(", options: {}", t.options.join(" "))
        };
        let mut text = format!(
            "{} creates the {} tournament {}: {} {}, {} a game, {rounds}{options}{}. `/tournament join` to enter; the organizer starts it with `/tournament start`.",
            markup::name(&user.name),
            info.name,
            markup::code(&t.name),
            t.format.word(),
            if t.format == crate::table::tournament::Format::Duplicate {
                "(everybody plays the same deal alone)"
            } else {
                ""
            },
            match t.pod {
                1 => "alone".to_string(),
                n => format!("{n} players"),
            },
            if t.bots {
                ", computer players welcome (`/tournament bot`)"
            } else {
                ""
            },
        );
        text = text.replace(" ,", ",").replace("  ", " ");
        Reply::public(text)
    }

    /// Entry changes and the start: serialized, one commit each.
    fn t_change(
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
            Ok(None) => return vec![asker.refuse("No tournament here.")],
            Err(e) => return vec![store_failure(asker, &e)],
        };
        let name = markup::name(&user.name);
        let mut follow = FollowUp::default();
        let text = match what {
            "join" => {
                if let Err(refusal) = entry_open(&t) {
                    return vec![asker.refuse(refusal)];
                }
                if t.entrant_of(user).is_some() {
                    return vec![asker.refuse("You have entered already.")];
                }
                if t.entrants.len() >= MAX_ENTRANTS {
                    return vec![
                        asker.refuse(format!("The tournament is full ({MAX_ENTRANTS} entrants).")),
                    ];
                }
                t.entrants.push(Entrant {
                    user: user.clone(),
                    rating: 0.0,
                    out: false,
                });
                format!(
                    "{name} enters the tournament {} ({}).",
                    markup::code(&t.name),
                    entrants(t.entrants.len())
                )
            }
            "bot" => {
                if let Err(refusal) = entry_open(&t) {
                    return vec![asker.refuse(refusal)];
                }
                if !t.bots {
                    return vec![asker.refuse(
                        "Computer players may not enter this tournament (the organizer allows them with `bots=yes` when creating it).",
                    )];
                }
                if t.entrant_of(user).is_none() && !organizer {
                    return vec![
                        asker.refuse(
                            "Only an entrant or the organizer may enter a computer player.",
                        ),
                    ];
                }
                let level = match rest.trim() {
                    "" => "normal".to_string(),
                    l => l.to_ascii_lowercase(),
                };
                if crate::bots::Level::from_word(&level).is_none() {
                    return vec![asker.refuse(format!(
                        "{} is not a level: easy, normal or hard.",
                        markup::code(&level.chars().take(20).collect::<String>())
                    ))];
                }
                let n = t.entrants.iter().filter(|e| e.user.is_bot()).count() + 1;
                if t.entrants.len() >= MAX_ENTRANTS {
                    return vec![asker.refuse("The tournament is full.")];
                }
                let bot = User::bot(&level, n);
                let text = format!(
                    "{} enters the tournament {} ({}).",
                    markup::name(&bot.name),
                    markup::code(&t.name),
                    entrants(t.entrants.len() + 1)
                );
                t.entrants.push(Entrant {
                    user: bot,
                    rating: 0.0,
                    out: false,
                });
                text
            }
            "leave" => {
                let Some(e) = t.entrant_of(user) else {
                    return vec![asker.refuse("You have not entered this tournament.")];
                };
                if t.stage != Stage::Entry {
                    return vec![asker.refuse(
                        "The tournament has started: `/tournament withdraw` to leave it (you are not paired again).",
                    )];
                }
                t.entrants.remove(e);
                format!("{name} leaves the tournament {}.", markup::code(&t.name))
            }
            "withdraw" => {
                let Some(e) = t.entrant_of(user) else {
                    return vec![asker.refuse("You have not entered this tournament.")];
                };
                if let Err(refusal) = take_out(&mut t, e, "You have withdrawn already.") {
                    return vec![asker.refuse(refusal)];
                }
                format!(
                    "{name} withdraws from the tournament {}: not paired again (a game in progress is played to its end or resigned).",
                    markup::code(&t.name)
                )
            }
            "remove" => {
                if !organizer {
                    return vec![asker.refuse(format!(
                        "Only the organizer ({}) or a moderator may remove an entrant.",
                        markup::name(&t.organizer.name)
                    ))];
                }
                let wanted = rest.trim().trim_start_matches('@');
                let Some(e) = t
                    .entrants
                    .iter()
                    .position(|e| e.user.name.eq_ignore_ascii_case(wanted) || e.user.id == wanted)
                else {
                    return vec![asker.refuse(format!(
                        "No entrant is called {}.",
                        markup::code(&wanted.chars().take(40).collect::<String>())
                    ))];
                };
                let who = markup::name(&t.entrants[e].user.name);
                if let Err(refusal) = take_out(&mut t, e, &format!("{who} is out already.")) {
                    return vec![asker.refuse(refusal)];
                }
                format!(
                    "{who} is removed from the tournament {}.",
                    markup::code(&t.name)
                )
            }
            "start" => {
                if !organizer {
                    return vec![asker.refuse(format!(
                        "Only the organizer ({}) or a moderator may start the tournament.",
                        markup::name(&t.organizer.name)
                    ))];
                }
                if let Err(refusal) = entry_open(&t) {
                    return vec![asker.refuse(refusal)];
                }
                if let Err(refusal) = self.ready(&t) {
                    return vec![asker.refuse(refusal)];
                }
                self.seed_ratings(&mut t);
                if t.rounds == 0 || t.format == crate::table::tournament::Format::Knockout {
                    t.rounds = t.format.default_rounds(t.entrants.len(), t.pod);
                }
                t.stage = Stage::Running;
                follow = match self.follow_up(&mut t, now) {
                    Ok(f) => f,
                    Err(e) => return vec![store_failure(asker, &e)],
                };
                format!(
                    "The tournament {} starts: {} entrants, {} rounds.",
                    markup::code(&t.name),
                    t.entrants.len(),
                    t.rounds
                )
            }
            _ => return Vec::new(),
        };
        if let Err(e) = self.store.commit_tournament((&t, &follow.tables)) {
            return vec![store_failure(asker, &e)];
        }
        drop(serial);
        self.install(follow, &t);
        vec![Reply::public(text)]
    }

    /// Whether the entrants can start: enough for a game, at least one person.
    fn ready(&self, t: &Tournament) -> Result<(), String> {
        let least = match t.format {
            crate::table::tournament::Format::Duplicate => 1,
            _ => t.pod.max(2),
        };
        if t.entrants.len() < least {
            return Err(format!(
                "At least {least} entrants are needed; {} entered.",
                t.entrants.len()
            ));
        }
        if t.entrants.iter().all(|e| e.user.is_bot()) {
            return Err("A tournament of computer players only is not played: at least one person must enter.".into());
        }
        Ok(())
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
    fn t_decide(
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
            Ok(None) => return vec![asker.refuse("No tournament here.")],
            Err(e) => return vec![store_failure(asker, &e)],
        };
        if t.stage != Stage::Running && !(what == "cancel" && t.stage == Stage::Entry) {
            return vec![asker.refuse(match t.stage {
                Stage::Entry => "The tournament has not started yet.",
                _ => "The tournament is over.",
            })];
        }
        // A tournament still open for entry (only `cancel` gets here) has no round yet.
        let Some(round) = t
            .current()
            .cloned()
            .or_else(|| (t.stage == Stage::Entry).then(Default::default))
        else {
            return vec![asker.refuse("No round is being played.")];
        };
        // The games to decide, with the outcome each gets.
        let mut decided = Vec::new();
        match what {
            "next" => {
                let due = round.started.saturating_add(t.deadline);
                if now < due {
                    return vec![asker.refuse(format!(
                        "Round {} may be closed after its deadline, in {}.",
                        round.number,
                        crate::table::clock::format_span(Duration::from_millis(due - now))
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
                    return vec![asker.refuse(
                        "Every game of the round has ended; the next round is paired by itself.",
                    )];
                }
            }
            "result" => {
                let mut words = rest.split_whitespace();
                let (Some(which), Some(who)) = (words.next(), words.next()) else {
                    return vec![asker.refuse("Usage: `/tournament result <table> <winner|draw>` (the table's number or its channel's name).")];
                };
                let which = which.trim_start_matches('#');
                let Some(game) = round.games.iter().find(|g| {
                    which.parse::<u64>().ok() == Some(g.table)
                        || g.channel.trim_start_matches('#').rsplit('/').next() == Some(which)
                }) else {
                    return vec![asker.refuse(format!(
                        "No game of round {} is played at {}. `/tournament pairings` lists them.",
                        round.number,
                        markup::code(&which.chars().take(40).collect::<String>())
                    ))];
                };
                if game.result.is_some() {
                    return vec![asker.refuse("That game has ended already; its result stands.")];
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
                        return vec![asker.refuse(format!(
                            "{} does not play in that game: name its winner, or `draw`.",
                            markup::code(&who.chars().take(40).collect::<String>())
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
            Some(format!(
                "{} cancels the tournament {}; its games still running are closed.",
                markup::name(&name),
                markup::code(&t.name)
            ))
        });
        match settled {
            Ok(Some(lines)) => vec![Reply::public(lines.join("\n"))],
            Ok(None) => vec![asker.refuse("No tournament here.")],
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
            let closed = self.with_slot(&channel, |slot| {
                if slot
                    .table
                    .as_ref()
                    .is_some_and(|tb| tb.id == game.table && tb.status.is_open())
                {
                    self.act(
                        slot,
                        &channel,
                        &Actor::Table,
                        &Action::Close(crate::table::Closing::Decided),
                        None,
                        now,
                    )
                } else {
                    Vec::new()
                }
            });
            self.release(&channel);
            let replies = closed?;
            if !replies.is_empty() {
                out.push((channel, replies));
            }
        }
        lock(&self.outbox).extend(out);
        let serial = lock(&self.ratings_lock);
        let Some(mut t) = self.store.tournament(id)? else {
            return Ok(None);
        };
        let mut lines: Vec<String> = change(&mut t).into_iter().collect();
        if t.stage == Stage::Running {
            for (game, outcome) in decided {
                if t.record(game.table, outcome) {
                    lines.push(super::rounds::result_line(self, &t, game.table));
                }
            }
        }
        let follow = if t.stage == Stage::Running {
            self.follow_up(&mut t, now)?
        } else {
            FollowUp::default()
        };
        self.store.commit_tournament((&t, &follow.tables))?;
        drop(serial);
        if announce && !lines.is_empty() {
            let news = Reply::public(lines.join("\n"));
            lock(&self.outbox).push((t.channel.clone(), vec![news]));
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
        _ => Err("The tournament is over.".into()),
    }
}

/// "1 entrant", "2 entrants".
fn entrants(n: usize) -> String {
    if n == 1 {
        "1 entrant".into()
    } else {
        format!("{n} entrants")
    }
}

/// Why nobody may enter now, if so.
fn entry_open(t: &Tournament) -> Result<(), String> {
    match t.stage {
        Stage::Entry => Ok(()),
        Stage::Running => Err("The tournament has started; the entry is closed.".into()),
        _ => Err("The tournament is over.".into()),
    }
}
