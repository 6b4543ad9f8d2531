//! The one path's middle step: decide, then one atomic, synced commit, then the projection
//! into replies. Nothing else writes a table.

use super::*;
use crate::table::event::TableEvent;
use crate::table::project::project;

impl TableService {
    /// The one path of every change: decide (pure), commit (atomic and synced), project
    /// (replies per audience). On a refusal nothing changes and only the sender hears why; if
    /// the commit fails the table is read again from the store before its next use.
    #[allow(clippy::too_many_arguments)] // the one path's inputs, each needed
    pub fn act(
        &self,
        slot: &mut Slot,
        channel: &str,
        actor: &Actor,
        action: &Action,
        community: Option<String>,
        now: Millis,
        seams: &dyn Seams,
    ) -> Vec<Reply> {
        // With a store other processes write too, a commit on top of a table another process
        // changed meanwhile is refused: the table is read again and the action decided anew —
        // or, when the command decided on its copy in memory, the whole command runs again on
        // the table read afresh (`with_slot_to_act`), and until then nothing more is decided.
        if slot.overtaken {
            return Vec::new();
        }
        let mut tries = 0;
        loop {
            match self.try_act(slot, channel, actor, action, community.clone(), now, seams) {
                Err(_) if slot.on_memory => {
                    slot.overtaken = true;
                    return Vec::new();
                }
                Err(conflict) if tries < CONFLICT_RETRIES => {
                    tries += 1;
                    tracing::debug!(channel, %conflict, tries, "decided again after a conflict");
                }
                Err(conflict) => {
                    let e = StoreError::Conflict(conflict);
                    return asker_of(actor)
                        .map(|asker| vec![store_failure(asker, &e)])
                        .unwrap_or_default();
                }
                Ok(replies) => return replies,
            }
        }
    }

    /// One attempt of [`act`](Self::act); `Err` names what another process changed.
    #[allow(clippy::too_many_arguments)]
    fn try_act(
        &self,
        slot: &mut Slot,
        channel: &str,
        actor: &Actor,
        action: &Action,
        community: Option<String>,
        now: Millis,
        seams: &dyn Seams,
    ) -> Result<Vec<Reply>, String> {
        let asker = asker_of(actor);
        // After a failed commit the table is read again: decide only on what is stored.
        if let Err(e) = self.ensure_loaded(slot, channel) {
            return Ok(match asker {
                Some(asker) => vec![store_failure(asker, &e)],
                None => Vec::new(),
            });
        }
        let decision = match decide(channel, slot.table.as_ref(), actor, action, now) {
            Ok(decision) => decision,
            // A player is refused only on what is stored.
            Err(_) if slot.on_memory && asker.is_some() => {
                return Err("a refusal decided on the copy in memory".into());
            }
            Err(refusal) => {
                return Ok(match asker {
                    Some(asker) if !refusal.idle => vec![refusal_reply(asker, refusal)],
                    _ => Vec::new(),
                });
            }
        };
        let Decision {
            mut table,
            entry,
            user,
            opened,
            mut events,
        } = decision;
        // A game that ends here leaves its result, with the ratings it moves.
        let ended = slot
            .table
            .as_ref()
            .is_some_and(|t| t.status == Status::Running)
            && !table.status.is_open();
        let committed = (|| {
            if opened {
                table.id = self.store.new_table_id()?;
                table.seed = self.new_seed(table.id);
                table.community = community;
                table.policy = self.timing.policy();
            }
            let mut log = log_entry(&mut table, entry, user, now);
            // A forfeit is recorded with the seat that forfeits (a timeout has no user; a
            // claim's user is the claimant), so that the record replays.
            if let Some(seat) = events.iter().find_map(|e| match e {
                TableEvent::TimedOut { seat } | TableEvent::Abandoned { seat } => Some(*seat),
                _ => None,
            }) {
                log.seat = Some(seat);
            }
            if ended {
                // What else the end brings is written with it, in one batch.
                if let Some(epilogue) = seams.finish(&table, &log, now)? {
                    events.push(TableEvent::Epilogue(epilogue));
                }
                return Ok(());
            }
            self.store.commit(&table, Some(&log))
        })();
        if let Err(e) = committed {
            // The store may or may not hold the change: the table is read again before its
            // next use, so memory never differs from what is stored. The copy in memory stays
            // until then, so a timed table keeps its place for the ticks that retry.
            slot.loaded = false;
            if let StoreError::Conflict(what) = e {
                return Err(what);
            }
            return Ok(match asker {
                Some(asker) => vec![store_failure(asker, &e)],
                None => {
                    tracing::error!(error = %e, channel, "a timer's change could not be saved; will retry");
                    Vec::new()
                }
            });
        }
        // Committed on top of the version in memory: it was the stored one.
        slot.on_memory = false;
        self.reindex(channel, slot.table.as_ref(), Some(&table));
        let mut replies = project(&table, &events, &seams.languages(&table));
        // Computer players read nothing: their seat's view is all they get, when they move.
        replies.retain(|r| !r.to.as_ref().is_some_and(User::is_bot));
        let actor_user = match actor {
            Actor::Player { user, .. } => Some(user),
            Actor::Table => None,
        };
        let change = Committed {
            before: slot.table.as_ref(),
            after: &table,
            events: &events,
            actor: actor_user,
            now,
        };
        seams.committed(change, &mut replies);
        slot.seen = self.seen(Some(&table));
        slot.table = Some(table);
        // A table a person away sits at says so, and stops their clock.
        replies.extend(self.mark_away(slot, channel, now, seams));
        Ok(replies)
    }
}

impl TableService {
    /// After a change: every person seated at the open table who is away (the seams say until
    /// when) and not yet marked away here is marked (a table opened, joined or started while
    /// they are away).
    fn mark_away(
        &self,
        slot: &mut Slot,
        channel: &str,
        now: Millis,
        seams: &dyn Seams,
    ) -> Vec<Reply> {
        let Some(table) = slot.table.as_ref().filter(|t| t.status.is_open()) else {
            return Vec::new();
        };
        let due: Vec<(String, Millis)> = seams
            .away(table, now)
            .into_iter()
            .filter(|(user, until)| {
                let seat = table.seats.iter().position(|u| &u.id == user);
                seat.is_some_and(|seat| table.away.get(&seat) != Some(until))
            })
            .collect();
        let mut replies = Vec::new();
        for (user, until) in due {
            let action = Action::Away { user, until };
            replies.extend(self.act(slot, channel, &Actor::Table, &action, None, now, seams));
        }
        replies
    }
}

/// How often an action is decided again after another process changed its table meanwhile.
const CONFLICT_RETRIES: usize = 3;

/// Who hears a refusal of the actor's action: a player, or nobody for the table's own.
fn asker_of(actor: &Actor) -> Option<Asker<'_>> {
    match actor {
        Actor::Player { user, private, .. } => Some(Asker {
            user,
            private: *private,
        }),
        Actor::Table => None,
    }
}
