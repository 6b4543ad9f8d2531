//! A tournament's rounds at the tables: what follows a recorded result (a knockout game played
//! again, the next round, the end), seating each game at a table of its own, and the texts —
//! pairings, results, standings, the export.

use serde_json::json;

use super::{Ctx, TournamentService};
use crate::i18n::Lang;
use crate::league::Store;
use crate::league::links::Links;
use crate::league::results::{Ending, GameResult};
use crate::league::tournament::pairing::replays_due;
use crate::league::tournament::{Format, Game, Outcome, Stage, Tournament, standings};
use crate::t;
use crate::table::clock::Millis;
use crate::table::decide::Decision;
use crate::table::event::TableEvent;
use crate::table::options::TableOptions;
use crate::table::project::project;
use crate::table::reply::Choice;
use crate::table::seeding::{self, Purpose};
use crate::table::service::{Committed, lock, log_entry};
use crate::table::store::StoreError;
use crate::table::views::Asker;
use crate::table::{Fixture, LogEntry, Reply, Table, User, markup};

/// What a change of a tournament brings besides the tournament itself: the tables it opens
/// (committed with it) and what to announce where once it is committed.
#[derive(Debug, Default)]
pub struct FollowUp {
    /// The new tables, each with its first log entry.
    pub tables: Vec<(Table, LogEntry)>,
    /// Replies per channel (the venues' starts, the tournament channel's news).
    pub replies: Vec<(String, Vec<Reply>)>,
}

/// The outcome the organizer decides: ranks per seat, no scores.
pub fn outcome_decided(ranks: &[u8]) -> Outcome {
    Outcome::of_ranks(ranks, vec![None; ranks.len()], true)
}

/// The outcome of the tournament game at `table` from its result (the ranks of the entrants
/// who sat there; a person whose seat a computer player took over is ranked as the result
/// says, last). `None` for an aborted game: the organizer decides it.
fn outcome_of(t: &Tournament, result: &GameResult) -> Option<Outcome> {
    if result.ending == Ending::Aborted {
        return None;
    }
    let (r, g) = t.game_at(result.table)?;
    let game = &t.played[r].games[g];
    let mut ranks = Vec::new();
    let mut scores = Vec::new();
    for e in &game.seats {
        let id = &t.entrants[*e].user.id;
        let p = result.players.iter().find(|p| &p.id == id && !p.stand_in)?;
        ranks.push(p.rank);
        scores.push(p.score);
    }
    Some(Outcome::of_ranks(&ranks, scores, false))
}

impl TournamentService {
    /// Whether `table` is a tournament game still waiting for its chat to open its thread or
    /// room: its key names the parent channel and the game (`discord:<channel>/cup-r1-2`).
    pub fn waits_for_venue(table: &Table) -> bool {
        table.fixture.is_some() && table.channel.contains('/')
    }

    /// At the start: the announcements a stop left unsent — the starts of the `waiting`
    /// tournament games (whose chat had not opened their thread or room yet, see
    /// [`TournamentService::waits_for_venue`]), a round nobody has played yet.
    pub fn announce_unsent(&self, cx: Ctx<'_>, waiting: &[Table]) -> Result<(), StoreError> {
        for table in waiting {
            self.announce_waiting(cx, table);
        }
        for t in self.store.open_tournaments()? {
            self.announce_unplayed_round(cx, &t);
        }
        Ok(())
    }

    /// The language of `t`'s channel: its announcements are made in it.
    pub fn tournament_language(&self, cx: Ctx<'_>, t: &Tournament) -> Lang {
        cx.languages
            .channel_language(&t.channel, t.community.as_deref())
    }

    /// Announces the start of the tournament game at `table` again if it still waits for its
    /// chat to open its thread or room: the chat opens it with that post.
    pub fn announce_waiting(&self, cx: Ctx<'_>, table: &Table) {
        if table.status.is_open() && Self::waits_for_venue(table) {
            let replies = project(
                table,
                &[crate::table::event::TableEvent::Started],
                &cx.languages.table_languages(table),
            );
            cx.core.post(table.channel.clone(), replies);
        }
    }

    /// [`Self::announce_waiting`] for every unfinished game of `t`'s current round.
    pub fn announce_round_waiting(&self, cx: Ctx<'_>, t: &Tournament) {
        let Some(round) = t.current() else {
            return;
        };
        for game in round.games.iter().filter(|g| g.result.is_none()) {
            if let Ok(Some(table)) = self.store.table(game.table) {
                self.announce_waiting(cx, &table);
            }
        }
    }
    /// For the game that just ended at `table`: the tournament with its outcome recorded and
    /// what follows (`None` when the table is no tournament's running game).
    pub fn result_step(
        &self,
        cx: Ctx<'_>,
        table: &Table,
        result: &GameResult,
        now: Millis,
    ) -> Result<Option<(Tournament, FollowUp)>, StoreError> {
        let Some(board) = &table.fixture else {
            return Ok(None);
        };
        let Some(mut t) = self.store.tournament(board.event)? else {
            return Ok(None);
        };
        if t.stage != Stage::Running {
            return Ok(None);
        }
        let Some(outcome) = outcome_of(&t, result) else {
            return Ok(None);
        };
        if !t.record(table.id, outcome) {
            return Ok(None);
        }
        let line = crate::i18n::scope(self.tournament_language(cx, &t), || {
            result_line(&*self.store, cx.links, &t, table.id)
        });
        let mut follow = self.follow_up(cx, &mut t, now)?;
        follow
            .replies
            .insert(0, (t.channel.clone(), vec![Reply::public(line)]));
        Ok(Some((t, follow)))
    }

    /// What follows the outcomes recorded in `t`: drawn knockout games played again, else —
    /// once the round is complete — the next round or the end. Changes `t` (the games get their
    /// tables); the tables are to be committed with it.
    pub fn follow_up(
        &self,
        cx: Ctx<'_>,
        t: &mut Tournament,
        now: Millis,
    ) -> Result<FollowUp, StoreError> {
        let mut follow = FollowUp::default();
        if t.stage != Stage::Running {
            return Ok(follow);
        }
        // What follows is announced in the tournament's channel, in its language.
        let lang = self.tournament_language(cx, t);
        if let Some(r) = t.played.len().checked_sub(1) {
            if t.format == Format::Knockout {
                let due = replays_due(&t.played[r]);
                for seats in due {
                    let board = t.played[r].games.len() as u32 + 1;
                    let mut game = Game {
                        board,
                        seats,
                        table: 0,
                        channel: String::new(),
                        result: None,
                    };
                    self.seat_game(cx, t, r, &mut game, now, &mut follow)?;
                    let names = game_names(t, &game);
                    t.played[r].games.push(game);
                    let text = crate::i18n::scope(lang, || t!("tour-replayed", players = names));
                    follow
                        .replies
                        .push((t.channel.clone(), vec![Reply::public(text)]));
                }
            }
            if !t.played[r].is_complete() {
                return Ok(follow);
            }
            if t.format == Format::Duplicate {
                // The round's scores were sealed while it ran: all of them now.
                let text = crate::i18n::scope(lang, || round_results(&*self.store, cx.links, t, r));
                follow
                    .replies
                    .push((t.channel.clone(), vec![Reply::public(text)]));
            }
        }
        let next = if t.is_over() { None } else { t.pair_next(now) };
        let Some(mut round) = next else {
            t.stage = Stage::Finished;
            let text = crate::i18n::scope(lang, || {
                format!(
                    "{}\n{}",
                    t!("tour-finished", tournament = markup::code(&t.name)),
                    standings_text(t)
                )
            });
            follow
                .replies
                .push((t.channel.clone(), vec![Reply::public(text)]));
            return Ok(follow);
        };
        let r = t.played.len();
        let mut games = std::mem::take(&mut round.games);
        t.played.push(round);
        for game in &mut games {
            self.seat_game(cx, t, r, game, now, &mut follow)?;
        }
        t.played[r].games = games;
        follow
            .replies
            .insert(0, (t.channel.clone(), self.round_announcement(cx, t)));
        Ok(follow)
    }

    /// The current round's announcement ([`announcement`]) in the language of the tournament's
    /// channel, mentioning the players who want pings: not computer players, not `/notify off`,
    /// not away on vacation.
    fn round_announcement(&self, cx: Ctx<'_>, t: &Tournament) -> Vec<Reply> {
        let community = t.community.clone().unwrap_or_else(|| t.channel.clone());
        let now = cx.core.now();
        let pinged = |u: &User| {
            !u.is_bot()
                && cx.notify.pinged(&community, u)
                && cx.vacations.away_until(&community, &u.id, now).is_none()
        };
        crate::i18n::scope(self.tournament_language(cx, t), || {
            announcement(cx.links, t, pinged)
        })
    }

    /// At start: a round in which nobody has moved yet is announced again — its pairings in
    /// the tournament's channel and each game's start at its table — in case the service
    /// stopped between the round's commit and its announcement (the announcements wait in
    /// memory). Games still waiting for their thread or room are announced by
    /// [`Self::announce_waiting`].
    pub fn announce_unplayed_round(&self, cx: Ctx<'_>, t: &Tournament) {
        let Some(round) = t.current().filter(|_| t.stage == Stage::Running) else {
            return;
        };
        let mut tables = Vec::new();
        for game in round.games.iter().filter(|g| g.result.is_none()) {
            match self.store.table(game.table) {
                Ok(Some(table)) if table.moves == 0 && table.status.is_open() => tables.push(table),
                _ => return,
            }
        }
        if tables.is_empty() {
            return;
        }
        cx.core
            .post(t.channel.clone(), self.round_announcement(cx, t));
        for table in tables.iter().filter(|tb| !Self::waits_for_venue(tb)) {
            let replies = project(
                table,
                &[crate::table::event::TableEvent::Started],
                &cx.languages.table_languages(table),
            );
            cx.core.post(table.channel.clone(), replies);
        }
    }

    /// Seats `game` (of round index `r`) at a new table in its venue and starts it; the table
    /// and its start announcement go into `follow`.
    fn seat_game(
        &self,
        cx: Ctx<'_>,
        t: &Tournament,
        r: usize,
        game: &mut Game,
        now: Millis,
        follow: &mut FollowUp,
    ) -> Result<(), StoreError> {
        let round = r as u32 + 1;
        let corrupt = |reason: String| StoreError::Corrupt {
            key: format!("tournament {}", t.id),
            reason,
        };
        let options = TableOptions::parse(t.kind, t.options.iter().map(String::as_str))
            .map_err(|e| corrupt(e.0))?;
        let venue = self.venue(t, round, game.board)?;
        let seats: Vec<User> = game
            .seats
            .iter()
            .map(|e| t.entrants[*e].user.clone())
            .collect();
        let mut lobby = Table::lobby(&venue, t.kind, options, &t.organizer, now);
        lobby.seats = seats;
        lobby.id = self.store.new_table_id()?;
        // A duplicate round deals the same to everybody: a deal keyed by the tournament's
        // secret, which no round's deal tells.
        lobby.seed = if t.format == Format::Duplicate {
            seeding::keyed(t.seed, Purpose::DuplicateRound, u64::from(round))
        } else {
            cx.core.new_seed(lobby.id)
        };
        let Decision {
            mut table, entry, ..
        } = crate::table::decide::start_seated(&lobby, now)
            .map_err(|e| corrupt(e.refused.words()))?;
        table.community = t.community.clone();
        table.policy = cx.core.timing().policy();
        // A duplicate's game is its player's alone until the round is over (see
        // `Tournament::sealed_round`).
        table.private = t.format == Format::Duplicate;
        table.fixture = Some(Fixture {
            event: t.id,
            name: t.name.clone(),
            round,
            board: game.board,
        });
        let log = log_entry(&mut table, entry, None, now);
        game.table = table.id;
        game.channel = venue.clone();
        let langs = cx.languages.table_languages(&table);
        let mut replies = project(&table, &[TableEvent::Started], &langs);
        if let Some(first) = replies.first_mut() {
            // The venue's channel hears it, like the start it heads.
            let header = crate::i18n::scope(langs.channel, || {
                t!(
                    "tour-game-header",
                    tournament = markup::code(&t.name),
                    round = round,
                    board = game.board
                )
            });
            first.text = format!("{header}\n{}", first.text);
        }
        cx.seams.committed(
            Committed {
                before: None,
                after: &table,
                events: &[TableEvent::Started],
                actor: None,
                now,
            },
            &mut replies,
        );
        follow.replies.push((venue, replies));
        follow.tables.push((table, log));
        Ok(())
    }

    /// The channel of a game: on the console `#<name>-r<round>-<board>`; elsewhere a key under
    /// the tournament's channel that the chat opens as a thread or room when it first posts
    /// there (`<channel>/<name>`; a duplicate's `<channel>/private/<name>`, opened where only
    /// its player sees it). A channel with an open table of its own gets the tournament's id
    /// added.
    fn venue(&self, t: &Tournament, round: u32, board: u32) -> Result<String, StoreError> {
        let name = t.venue_name(round, board);
        let key = if t.channel.starts_with('#') {
            format!("#{name}")
        } else if t.format == Format::Duplicate {
            // Nobody may watch another's game and learn the deal to come.
            format!("{}/private/{name}", t.channel)
        } else {
            format!("{}/{name}", t.channel)
        };
        let taken = self
            .store
            .current_table(&key)?
            .is_some_and(|tb| tb.status.is_open());
        Ok(if taken {
            format!("{key}-{}", t.id)
        } else {
            key
        })
    }

    /// After the commit: the new tables into memory and the indexes, the announcements into
    /// the outbox.
    pub fn install(&self, cx: Ctx<'_>, follow: FollowUp, t: &Tournament) {
        for (table, _) in follow.tables {
            let channel = table.channel.clone();
            let slot = cx.core.slot(&channel);
            {
                let mut slot = lock(&slot);
                let before = if slot.loaded { slot.table.take() } else { None };
                cx.core.reindex(&channel, before.as_ref(), Some(&table));
                slot.table = Some(table);
                slot.loaded = true;
                slot.used = cx.core.now();
            }
            drop(slot);
            cx.core.release(&channel);
        }
        tracing::info!(tournament = t.id, stage = ?t.stage, rounds = t.played.len(), "tournament committed");
        for (channel, replies) in follow.replies {
            cx.core.post(channel, replies);
        }
    }
}

/// The players of a game in seat order with their seats' labels where the game has them.
fn game_names(t: &Tournament, game: &Game) -> String {
    game.seats
        .iter()
        .map(|e| markup::name(&t.entrants[*e].user.name))
        .collect::<Vec<_>>()
        .join(" – ")
}

fn points(p: f64) -> String {
    if p.fract() == 0.0 {
        format!("{p:.0}")
    } else {
        format!("{p:.1}")
    }
}

/// The link to where the game at `table` is played now (a chat may have moved its table from
/// the key it was opened at into a thread or room).
fn game_link(store: &dyn Store, links: &Links, game: &Game) -> String {
    let channel = store
        .table(game.table)
        .ok()
        .flatten()
        .map_or_else(|| game.channel.clone(), |t| t.channel);
    links.to(&channel)
}

/// Every game's result in round index `r`, under a heading.
fn round_results(store: &dyn Store, links: &Links, t: &Tournament, r: usize) -> String {
    let mut lines = vec![t!("tour-round-results", round = r + 1)];
    lines.extend(
        t.played[r]
            .games
            .iter()
            .map(|g| result_line(store, links, t, g.table)),
    );
    lines.join("\n")
}

/// "Round 1, board 2: alice 1 – 0 bob." for the game at `table`; in a sealed round only that
/// it has ended.
pub fn result_line(store: &dyn Store, links: &Links, t: &Tournament, table: u64) -> String {
    let Some((r, g)) = t.game_at(table) else {
        return String::new();
    };
    let game = &t.played[r].games[g];
    let Some(result) = &game.result else {
        return String::new();
    };
    if t.sealed_round() == Some(r as u32 + 1) {
        return t!(
            "tour-result-sealed",
            round = r + 1,
            board = game.board,
            players = game_names(t, game)
        );
    }
    let scores: Vec<String> = game
        .seats
        .iter()
        .enumerate()
        .map(|(seat, e)| {
            // A duplicate counts the game's score; the others their points.
            let value = match (t.format, result.scores.get(seat).copied().flatten()) {
                (Format::Duplicate, Some(score)) => score.to_string(),
                _ => points(result.points[seat]),
            };
            format!("{} {value}", markup::name(&t.entrants[*e].user.name))
        })
        .collect();
    t!(
        "tour-result",
        round = r + 1,
        board = game.board,
        link = game_link(store, links, game),
        scores = scores.join(", "),
        decided = if result.adjudicated { "yes" } else { "no" }
    )
}

/// Games and byes on one page of `/tournament pairings`.
pub const PAIRINGS_PAGE: usize = 40;
/// One message of a round's announcement holds at most this much text (bytes) and this many
/// mentions: within Discord's limits for a message (the pings go into its 2,000 characters of
/// content, the text into a 4,096-character embed when it does not fit beside them; at most
/// 100 mentions) and far within Matrix's 64 KiB event, pills and all.
pub const ANNOUNCEMENT_TEXT: usize = 3_500;
pub const ANNOUNCEMENT_MENTIONS: usize = 80;
/// Names a tournament not started yet lists (the others are counted).
const NAMES_LISTED: usize = 50;

/// A line of the pairings (a game or a bye) and the entrants it names.
type PairingLine = (String, Vec<usize>);

/// The current round's pairings: the title, and a line for each game and bye; `None` before
/// the first round.
fn pairing_lines(links: &Links, t: &Tournament) -> Option<(String, Vec<PairingLine>)> {
    let round = t.current()?;
    let title = t!(
        "tour-pairings-title",
        tournament = &t.name,
        round = round.number,
        rounds = t.rounds
    );
    let mut lines = Vec::new();
    // A sealed round's games are only known to have ended.
    let sealed = t.sealed_round() == Some(round.number);
    for game in &round.games {
        let seats: Vec<String> = game
            .seats
            .iter()
            .enumerate()
            .map(|(seat, e)| {
                let name = markup::name(&t.entrants[*e].user.name);
                match &game.result {
                    Some(r) if !sealed => format!("{name} {}", points(r.points[seat])),
                    _ => name,
                }
            })
            .collect();
        let line = t!(
            "tour-pairings-board",
            board = game.board,
            players = seats.join(&t!("tour-versus")),
            link = links.to(&game.channel),
            ended = if game.result.is_some() { "yes" } else { "no" }
        );
        lines.push((line, game.seats.clone()));
    }
    for e in &round.byes {
        let bye = t.bye_points();
        let line = t!(
            "tour-pairings-bye",
            name = markup::name(&t.entrants[*e].user.name),
            points = points(bye),
            // Chooses the word: "1 point", "0.5 points".
            value = bye
        );
        lines.push((line, vec![*e]));
    }
    Some((title, lines))
}

/// Before the first round: who has entered (the first [`NAMES_LISTED`] by name).
fn entered_text(t: &Tournament) -> String {
    let mut names: Vec<String> = t
        .entrants
        .iter()
        .take(NAMES_LISTED)
        .map(|e| markup::name(&e.user.name))
        .collect();
    if t.entrants.len() > NAMES_LISTED {
        names.push(t!("tour-and-more", more = t.entrants.len() - NAMES_LISTED));
    }
    t!(
        "tour-pairings-not-started",
        tournament = markup::code(&t.name),
        entered = t.entrants.len(),
        names = names.join(", ")
    )
}

/// Page `page` (from 1) of the current round's pairings, with the venues and the results so
/// far, and buttons to the pages beside it; `Err(pages)` for a page there is not.
pub fn pairings_page(
    links: &Links,
    t: &Tournament,
    page: usize,
) -> Result<(String, Vec<Choice>), usize> {
    let Some((title, lines)) = pairing_lines(links, t) else {
        return if page == 1 {
            Ok((entered_text(t), Vec::new()))
        } else {
            Err(1)
        };
    };
    let pages = lines.len().div_ceil(PAIRINGS_PAGE).max(1);
    if !(1..=pages).contains(&page) {
        return Err(pages);
    }
    let mut text = if pages > 1 {
        t!(
            "tour-pairings-page",
            title = title,
            page = page,
            pages = pages
        )
    } else {
        title
    };
    for (line, _) in lines
        .iter()
        .skip((page - 1) * PAIRINGS_PAGE)
        .take(PAIRINGS_PAGE)
    {
        text.push('\n');
        text.push_str(line);
    }
    let button = |label: String, page: usize| Choice {
        label,
        command: format!("/tournament pairings {page}"),
        table: 0,
    };
    let mut choices = Vec::new();
    if page > 1 {
        choices.push(button(t!("mine-page-previous"), page - 1));
    }
    if page < pages {
        choices.push(button(t!("mine-page-next"), page + 1));
    }
    Ok((text, choices))
}

/// The current round's announcement: its pairings in as many messages as they need (see
/// [`ANNOUNCEMENT_TEXT`]), each mentioning the people its lines name who want pings —
/// `pinged` says who: not a computer player, not `/notify off`, not away.
pub fn announcement(links: &Links, t: &Tournament, pinged: impl Fn(&User) -> bool) -> Vec<Reply> {
    let Some((title, lines)) = pairing_lines(links, t) else {
        return vec![Reply::public(entered_text(t))];
    };
    let mut replies = Vec::new();
    let (mut text, mut mentions) = (title, Vec::<User>::new());
    for (line, entrants) in lines {
        let people: Vec<User> = entrants
            .iter()
            .map(|e| &t.entrants[*e].user)
            .filter(|u| pinged(u))
            .cloned()
            .collect();
        let full = text.len() + 1 + line.len() > ANNOUNCEMENT_TEXT
            || mentions.len() + people.len() > ANNOUNCEMENT_MENTIONS;
        if full && !text.is_empty() {
            let mut reply = Reply::public(std::mem::take(&mut text));
            reply.mentions = std::mem::take(&mut mentions);
            replies.push(reply);
        }
        if !text.is_empty() {
            text.push('\n');
        }
        text.push_str(&line);
        mentions.extend(people);
    }
    let mut reply = Reply::public(text);
    reply.mentions = mentions;
    replies.push(reply);
    replies
}

/// The standings with their tie-breaks (a sealed round's results not yet in them).
pub fn standings_text(t: &Tournament) -> String {
    let t = &*t.public();
    let played = t.played.iter().filter(|r| r.is_complete()).count();
    let mut lines = vec![t!(
        "tour-standings-title",
        tournament = &t.name,
        played = played,
        rounds = t.rounds
    )];
    for s in standings(t) {
        let breaks: Vec<String> = s
            .tiebreaks
            .iter()
            .map(|(name, v)| format!("{} {}", tiebreak_name(name), points(*v)))
            .collect();
        lines.push(t!(
            "tour-standings-line",
            place = s.place,
            name = markup::name(&t.entrants[s.entrant].user.name),
            points = points(s.points),
            // Chooses the word: "1 point", "2 points" (a duplicate's "points scored").
            value = s.points,
            duplicate = if t.format == Format::Duplicate {
                "yes"
            } else {
                "no"
            },
            tiebreak_count = breaks.len(),
            tiebreaks = breaks.join(", "),
            withdrawn = if s.out { "yes" } else { "no" }
        ));
    }
    lines.join("\n")
}

/// A tie-break's name as the standings show it (the export keeps the name itself).
fn tiebreak_name(name: &str) -> String {
    match name {
        "Buchholz" => t!("tour-tiebreak-buchholz"),
        "SB" => t!("tour-tiebreak-sonneborn-berger"),
        "round" => t!("tour-tiebreak-round"),
        "score" => t!("tour-tiebreak-score"),
        "best" => t!("tour-tiebreak-best"),
        "mutual" => t!("tour-tiebreak-mutual"),
        other => other.to_string(),
    }
}

/// `/tournament export`: one JSON document — entrants, every round's pairings and results,
/// the standings and the tables to replay (`/export <table>`). A sealed round's games say only
/// whether they have ended, and the standings leave them out.
pub fn export(t: &Tournament, asker: Asker<'_>) -> Reply {
    let sealed = t.sealed_round();
    let name = |e: usize| t.entrants[e].user.name.clone();
    let rounds: Vec<serde_json::Value> = t
        .played
        .iter()
        .map(|r| {
            json!({
                "round": r.number,
                "games": r.games.iter().map(|g| json!({
                    "board": g.board,
                    "table": g.table,
                    "channel": g.channel,
                    "players": g.seats.iter().map(|e| name(*e)).collect::<Vec<_>>(),
                    "result": match (&g.result, sealed == Some(r.number)) {
                        (Some(_), true) => json!({ "ended": true }),
                        (Some(o), false) => json!({
                            "points": o.points,
                            "scores": o.scores,
                            "decided_by_organizer": o.adjudicated,
                        }),
                        (None, _) => serde_json::Value::Null,
                    },
                })).collect::<Vec<_>>(),
                "byes": r.byes.iter().map(|e| name(*e)).collect::<Vec<_>>(),
            })
        })
        .collect();
    let standing: Vec<serde_json::Value> = standings(&t.public())
        .iter()
        .map(|s| {
            json!({
                "place": s.place,
                "player": name(s.entrant),
                "points": s.points,
                "tiebreaks": s.tiebreaks.iter().map(|(n, v)| json!({ "name": n, "value": v })).collect::<Vec<_>>(),
                "games": s.games,
                "withdrawn": s.out,
            })
        })
        .collect();
    let doc = json!({
        "tournament": t.name,
        "id": t.id,
        "game": t.kind.info().id,
        "format": t.format.word(),
        "players_per_game": t.pod,
        "rounds": t.rounds,
        "options": t.options,
        "stage": t.stage,
        "organizer": t.organizer.name,
        "entrants": t.entrants.iter().map(|e| json!({
            "name": e.user.name,
            "id": e.user.id,
            "rating": e.rating,
            "withdrawn": e.out,
        })).collect::<Vec<_>>(),
        "played": rounds,
        "standings": standing,
    });
    let text = doc.to_string();
    asker
        .answer(t!("tour-export", tournament = markup::code(&t.name)))
        .with_attachment(
            format!("tournament-{}.json", t.name),
            t!("tour-export-caption", tournament = &t.name),
            text,
        )
}
