//! The organizer's decisions — close the round (`next`), decide a game (`result`), cancel —
//! and the one way a tournament's games are decided and its change committed ([`settle`]).
//!
//! [`settle`]: TournamentService::settle

use std::time::Duration;

use super::rounds::{FollowUp, outcome_decided};
use super::texts::{messages, result_line};
use super::{Ctx, TournamentService};
use crate::league::Batch;
use crate::league::tournament::refused::{TournamentRefused, TournamentRefused as R};
use crate::league::tournament::{Game, Outcome, Stage, Tournament};
use crate::t;
use crate::table::clock::Millis;
use crate::table::service::{lock, store_failure};
use crate::table::store::StoreError;
use crate::table::views::Asker;
use crate::table::{Action, Actor, Command, Reply, User, markup};

impl TournamentService {
    /// The organizer's decisions: close the round (`next`), decide a game (`result`), cancel.
    pub(super) fn organizer_decides(
        &self,
        cx: Ctx<'_>,
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
            Ok(None) => return vec![asker.refuse(R::NoneHere { create: false })],
            Err(e) => return vec![store_failure(asker, &e)],
        };
        if t.stage != Stage::Running && !(what == "cancel" && t.stage == Stage::Entry) {
            return vec![asker.refuse(match t.stage {
                Stage::Entry => R::NotStarted,
                _ => R::OverAlready,
            })];
        }
        // A tournament still open for entry (only `cancel` gets here) has no round yet.
        let Some(round) = t
            .current()
            .cloned()
            .or_else(|| (t.stage == Stage::Entry).then(Default::default))
        else {
            return vec![asker.refuse(R::NoRound)];
        };
        // The games to decide, with the outcome each gets.
        let mut decided = Vec::new();
        match what {
            "next" => {
                let due = round.started.saturating_add(t.deadline);
                if now < due {
                    return vec![asker.refuse(R::NextTooEarly {
                        round: round.number,
                        left: Duration::from_millis(due - now),
                    })];
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
                    return vec![asker.refuse(R::NextNothingOpen)];
                }
            }
            "result" => {
                let mut words = rest.split_whitespace();
                let (Some(which), Some(who)) = (words.next(), words.next()) else {
                    return vec![asker.refuse(R::ResultUsage)];
                };
                let which = which.trim_start_matches('#');
                let Some(game) = round.games.iter().find(|g| {
                    which.parse::<u64>().ok() == Some(g.table)
                        || g.channel.trim_start_matches('#').rsplit('/').next() == Some(which)
                }) else {
                    return vec![asker.refuse(R::ResultNoGame {
                        round: round.number,
                        word: which.to_string(),
                    })];
                };
                if game.result.is_some() {
                    return vec![asker.refuse(R::ResultEnded)];
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
                        return vec![asker.refuse(R::ResultNotAPlayer {
                            word: who.to_string(),
                        })];
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
        let settled = self.settle(cx, t.id, decided, now, false, |t| {
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
            Ok(Some(lines)) => messages(&lines.join("\n")),
            Ok(None) => vec![asker.refuse(R::NoneHere { create: false })],
            Err(e) => vec![store_failure(asker, &e)],
        }
    }

    /// Decides the tournament `id`'s `decided` games: their tables close through the one path
    /// (outside the lock their end takes), then — the tournament read again under the serial
    /// lock — `change` applies (its line first), each outcome is recorded (unless `change`
    /// ended the tournament), what follows is paired, and it is all one commit. Returns the
    /// lines to announce — with `announce`, they are posted in the tournament's channel before
    /// what follows (the next round, the final standings); `None` when the tournament is gone.
    pub fn settle(
        &self,
        cx: Ctx<'_>,
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
            let closed = cx.core.with_slot(&channel, |slot| {
                if slot
                    .table
                    .as_ref()
                    .is_some_and(|tb| tb.id == game.table && tb.status.is_open())
                {
                    cx.core.act(
                        slot,
                        &channel,
                        &Actor::Table,
                        &Action::Close(crate::table::Closing::Decided),
                        None,
                        now,
                        cx.seams,
                    )
                } else {
                    Vec::new()
                }
            });
            cx.core.release(&channel);
            let replies = closed?;
            if !replies.is_empty() {
                out.push((channel, replies));
            }
        }
        for (channel, replies) in out {
            cx.core.post(channel, replies);
        }
        let serial = lock(cx.serial);
        let Some(mut t) = self.store.tournament(id)? else {
            return Ok(None);
        };
        // The lines are posted in the tournament's channel (or answer there): its language.
        let lang = self.tournament_language(cx, &t);
        let mut lines: Vec<String> = crate::i18n::scope(lang, || change(&mut t))
            .into_iter()
            .collect();
        if t.stage == Stage::Running {
            for (game, outcome) in decided {
                if t.record(game.table, outcome) {
                    let line = crate::i18n::scope(lang, || {
                        result_line(&*self.store, cx.links, &t, game.table)
                    });
                    lines.push(line);
                }
            }
        }
        let follow = if t.stage == Stage::Running {
            self.follow_up(cx, &mut t, now)?
        } else {
            FollowUp::default()
        };
        self.store
            .commit_batch(&Batch::of_tournament(&t, &follow.tables))?;
        drop(serial);
        if announce && !lines.is_empty() {
            cx.core.post(t.channel.clone(), messages(&lines.join("\n")));
        }
        self.install(cx, follow, &t);
        Ok(Some(lines))
    }
}

/// Takes entrant `e` out: before the start off the list, while running never paired again
/// (`already` is the refusal when they are out already).
pub fn take_out(
    t: &mut Tournament,
    e: usize,
    already: TournamentRefused,
) -> Result<(), TournamentRefused> {
    match t.stage {
        Stage::Entry => {
            t.entrants.remove(e);
            Ok(())
        }
        Stage::Running if !t.entrants[e].out => {
            t.entrants[e].out = true;
            Ok(())
        }
        Stage::Running => Err(already),
        _ => Err(R::OverAlready),
    }
}

/// Why nobody may enter now, if so.
pub(super) fn entry_open(t: &Tournament) -> Result<(), TournamentRefused> {
    match t.stage {
        Stage::Entry => Ok(()),
        Stage::Running => Err(R::EntryClosed),
        _ => Err(R::OverAlready),
    }
}
