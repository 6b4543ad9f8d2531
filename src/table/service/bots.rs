//! Computer players at the table: when a bot's seat is to act, the timer loop lets it move
//! through the one path, like a typed move (a secret choice sent privately, as a person
//! would). A move that takes thought (`normal`, `hard`) is thought on the service's pool of
//! workers (`thinking.rs`) and played at a later tick — the timer loop and every other table
//! go on meanwhile; a random move (`easy`) or the only legal move is played at once. A thought
//! for a position that has changed meanwhile (a clock ran out, somebody resigned) is dropped,
//! and not thought at all if its turn on the pool has not come yet.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError};
use std::time::Duration;

use super::*;
use crate::bots::{self, Level};
use crate::games::Effort;

/// A move being thought about: for which position (the table's log length) and the answer.
/// Dropped (the table moved on, or the answer was taken), it is no longer wanted.
pub(super) struct Thought {
    log_len: u64,
    answer: Receiver<Option<String>>,
    wanted: Arc<AtomicBool>,
}

impl Drop for Thought {
    fn drop(&mut self) {
        self.wanted.store(false, Ordering::SeqCst);
    }
}

impl TableService {
    /// Sets how long a `hard` computer player may think about one move (default 2 s);
    /// `normal` thinks a tenth of it.
    pub fn with_bot_budget(mut self, hard: Duration) -> TableService {
        self.bot_budget = hard;
        self
    }

    /// What the computer players' pool is doing (for benchmarks and tests).
    pub fn thinking(&self) -> Thinking {
        self.pool.thinking()
    }

    /// The computer players whose turn it is move (or start thinking).
    pub(super) fn run_bots(
        &self,
        slot: &mut Slot,
        channel: &str,
        now: Millis,
        seams: &dyn Seams,
    ) -> Vec<Reply> {
        let mut replies = Vec::new();
        // A table holds at most a few bots; they may act one after another (or all at once
        // for a secret choice).
        for _ in 0..8 {
            let Some(table) = slot.table.as_ref() else {
                break;
            };
            // Nobody left to play against: the computer players stop instead of playing on.
            if table.deserted() {
                lock(&self.thoughts).remove(channel);
                replies.extend(self.act(
                    slot,
                    channel,
                    &Actor::Table,
                    &Action::Stop,
                    None,
                    now,
                    seams,
                ));
                break;
            }
            let Some(seat) = table.bot_to_act() else {
                lock(&self.thoughts).remove(channel);
                break;
            };
            let (Some(game), Some(bot)) = (table.game.as_ref(), table.seats.get(seat)) else {
                break;
            };
            let bot = bot.clone();
            let text = match self.ready_thought(channel, table.log_len) {
                Some(Ok(text)) => text,
                Some(Err(())) => break, // still thinking
                None => {
                    let level = bot
                        .bot_level()
                        .and_then(Level::from_word)
                        .unwrap_or(Level::Normal);
                    let seen = game.seen(seat);
                    // The bot's own random numbers, for another purpose than any game's
                    // seed: they never repeat a game's generator.
                    let seed = self
                        .seeding
                        .seed(Purpose::Bot, table.id ^ table.log_len.rotate_left(17));
                    let effort = level.effort().map(|e| Effort {
                        budget: match level {
                            Level::Hard => self.bot_budget,
                            _ => self.bot_budget / 10,
                        },
                        ..e
                    });
                    if effort.is_none() || game.legal_moves(seat).len() <= 1 {
                        match bots::choose_with(&seen, None, seed) {
                            Some(choice) => choice.text,
                            None => break,
                        }
                    } else {
                        let (tx, rx) = std::sync::mpsc::channel::<Option<String>>();
                        let wanted = Arc::new(AtomicBool::new(true));
                        let level = level.word();
                        self.pool.think(wanted.clone(), move || {
                            let started = std::time::Instant::now();
                            let _ = tx.send(bots::choose_with(&seen, effort, seed).map(|c| c.text));
                            crate::telemetry::seconds(
                                crate::telemetry::BOT_THINKING_SECONDS,
                                &[("level", level)],
                                started.elapsed(),
                            );
                        });
                        lock(&self.thoughts).insert(
                            channel.to_string(),
                            Thought {
                                log_len: table.log_len,
                                answer: rx,
                                wanted,
                            },
                        );
                        break;
                    }
                }
            };
            let actor = Actor::Player {
                user: bot,
                private: true,
                moderator: false,
            };
            let before = slot.table.as_ref().map(|t| t.log_len);
            replies.extend(self.act(slot, channel, &actor, &Action::Play(text), None, now, seams));
            if slot.table.as_ref().map(|t| t.log_len) == before {
                tracing::error!(channel, "a computer player's move was refused");
                break;
            }
        }
        replies
    }

    /// The finished thought for the table of `channel` at `log_len`: `Some(Ok(move))` when
    /// ready, `Some(Err(()))` while thinking, `None` when there is none (or it was for another
    /// position, or found nothing).
    fn ready_thought(&self, channel: &str, log_len: u64) -> Option<Result<String, ()>> {
        let mut thoughts = lock(&self.thoughts);
        let thought = thoughts.get(channel)?;
        if thought.log_len != log_len {
            thoughts.remove(channel);
            return None;
        }
        match thought.answer.try_recv() {
            Ok(answer) => {
                thoughts.remove(channel);
                answer.map(Ok)
            }
            Err(TryRecvError::Empty) => Some(Err(())),
            Err(TryRecvError::Disconnected) => {
                thoughts.remove(channel);
                None
            }
        }
    }
}
