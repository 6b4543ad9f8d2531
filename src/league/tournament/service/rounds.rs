//! A tournament's rounds at the tables: what follows a recorded result (a knockout game played
//! again, the next round, the end), seating each game at a table of its own, and the texts —
//! pairings, results, standings, the export.

use super::texts::{
    announcement, game_names, messages, result_line, round_results, standings_text,
};
use super::{Ctx, TournamentService};
use crate::i18n::Lang;
use crate::league::notify::Notify;
use crate::league::results::{Ending, GameResult};
use crate::league::tournament::pairing::replays_due;
use crate::league::tournament::{Format, Game, Outcome, Stage, Tournament};
use crate::t;
use crate::table::clock::Millis;
use crate::table::decide::Decision;
use crate::table::event::TableEvent;
use crate::table::options::TableOptions;
use crate::table::project::project;
use crate::table::seeding::{self, Purpose};
use crate::table::service::{Committed, lock, log_entry};
use crate::table::store::StoreError;
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
        table.awaits_venue()
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
                follow.replies.push((t.channel.clone(), messages(&text)));
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
            follow.replies.push((t.channel.clone(), messages(&text)));
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
        // Their settings say it: not `/notify off`, no vacation running (read from the store,
        // which every process shares).
        let pinged = |u: &User| {
            !u.is_bot()
                && match self.store.prefs(&community, &u.id) {
                    Ok(prefs) => prefs.is_none_or(|p| {
                        p.notify != Notify::Off && p.vacations.away_until(now).is_none()
                    }),
                    Err(e) => {
                        tracing::warn!(error = %e, "settings unreadable; pinging");
                        true
                    }
                }
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
        // Its clocks wait until the chat has opened its thread or room and told its players.
        table.wait_for_venue(now);
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
