//! Tournament players who leave: somebody who leaves the server (Discord) or the tournament's
//! room or their game's room (Matrix) while a tournament runs loses the game they are playing
//! and is not paired again; before the start they are off the entry list. Each tournament is
//! changed in one commit with the games' results (see [`TournamentService::settle`]); the
//! announcement goes to the tournament's channel with the next tick.

use super::{Ctx, TournamentService, outcome_decided, take_out};
use crate::league::tournament::TournamentRefused;
use crate::league::tournament::{Stage, Tournament};
use crate::t;
use crate::table::markup;

/// Where somebody left.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Departure<'a> {
    /// A community (a Discord server): every tournament held there.
    Community(&'a str),
    /// A channel (a Matrix room): the tournament created there, and the game played there.
    Channel(&'a str),
}

impl TournamentService {
    /// `user_id` left `place`: in every open tournament this concerns they lose their unfinished
    /// game of the round and are withdrawn (off the list before the start). Returns how many
    /// tournaments changed.
    pub fn member_left(&self, cx: Ctx<'_>, place: Departure<'_>, user_id: &str) -> usize {
        let tournaments = match self.store.entered_tournaments(user_id) {
            Ok(t) => t,
            Err(e) => {
                tracing::error!(error = %e, "the tournaments of a departed player could not be read");
                return 0;
            }
        };
        let now = cx.core.now();
        let mut changed = 0;
        for t in tournaments {
            let Some(e) = t
                .entrants
                .iter()
                .position(|e| e.user.id == user_id && !e.out)
            else {
                continue;
            };
            if !self.concerns(&t, e, place) {
                continue;
            }
            let decided: Vec<_> = t
                .current()
                .filter(|_| t.stage == Stage::Running)
                .map(|round| {
                    round
                        .games
                        .iter()
                        .filter(|g| g.result.is_none() && g.seats.contains(&e))
                        .map(|g| {
                            // The one who left loses; the others share the win.
                            let ranks: Vec<u8> = g
                                .seats
                                .iter()
                                .map(|s| if *s == e { 2 } else { 1 })
                                .collect();
                            (g.clone(), outcome_decided(&ranks))
                        })
                        .collect()
                })
                .unwrap_or_default();
            let user = user_id.to_string();
            let settled = self.settle(cx, t.id, decided, now, true, |t| {
                let e = t
                    .entrants
                    .iter()
                    .position(|e| e.user.id == user && !e.out)?;
                let name = markup::name(&t.entrants[e].user.name);
                let entry = t.stage == Stage::Entry;
                take_out(t, e, TournamentRefused::OverAlready).ok()?;
                // In the tournament channel's language (`settle` sets it).
                Some(if entry {
                    t!("tour-departed-entry", name = name)
                } else {
                    t!("tour-departed-running", name = name)
                })
            });
            match settled {
                Ok(Some(lines)) if !lines.is_empty() => {
                    changed += 1;
                    tracing::info!(tournament = t.id, "a player left a tournament");
                }
                Ok(_) => {}
                Err(e) => {
                    tracing::error!(error = %e, tournament = t.id, "a departed player's games could not be decided")
                }
            }
        }
        changed
    }

    /// Whether leaving `place` takes entrant `e` out of `t`.
    fn concerns(&self, t: &Tournament, e: usize, place: Departure<'_>) -> bool {
        match place {
            Departure::Community(c) => t.community.as_deref() == Some(c),
            Departure::Channel(c) if t.channel == c => true,
            Departure::Channel(c) => t.current().is_some_and(|round| {
                round.games.iter().any(|g| {
                    g.result.is_none()
                        && g.seats.contains(&e)
                        && self
                            .store
                            .table(g.table)
                            .ok()
                            .flatten()
                            .is_some_and(|tb| tb.channel == c)
                })
            }),
        }
    }
}
