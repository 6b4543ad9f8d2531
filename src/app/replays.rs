//! `/replay [table]`: an animated GIF of a finished game, this channel's last one or any
//! finished table of the community by its number (from `/history`).

use super::*;
use crate::t;
use crate::table::replay;
use crate::table::reply::ReplayImage;

/// The most positions a replay shows; a longer game shows evenly spaced ones (the last always).
const MAX_FRAMES: usize = 400;

impl App {
    /// `/replay [table]`.
    pub(super) fn replay(&self, cmd: &Command, asker: Asker<'_>, args: &str) -> Reply {
        let args = args.trim();
        let table = if args.is_empty() {
            match self.core.with_slot(&cmd.channel, |slot| slot.table.clone()) {
                Ok(Some(t)) if self.discloses(&t, asker.user) => t,
                Ok(Some(_)) => return asker.refuse(t!("table-private")),
                Ok(None) => return asker.refuse(t!("replay-no-table-here")),
                Err(e) => return store_failure(asker, &e),
            }
        } else {
            match self.numbered_table(cmd, asker, args) {
                Ok(t) => t,
                Err(refusal) => return *refusal,
            }
        };
        if table.status == crate::table::record::Status::Lobby {
            return asker.refuse(t!("replay-lobby", id = table.id));
        }
        if table.status.is_open() {
            return asker.refuse(t!("replay-not-over", id = table.id));
        }
        let log = match self.store.log(table.id) {
            Ok(log) => log,
            Err(e) => return store_failure(asker, &e),
        };
        let replayed = match replay::of_table(&table, &log) {
            Ok(r) => r,
            Err(e) => {
                tracing::warn!(table = table.id, error = %e, "replay failed");
                return asker.refuse(t!("replay-failed", id = table.id, error = e.to_string()));
            }
        };
        let moves = replayed.steps.len();
        let mut captions = ReplayImage::captions_of(&replayed.captions());
        let mut frames = replayed.frames;
        if frames.len() > MAX_FRAMES {
            let last = frames.len() - 1;
            let pick = |i: usize| i * last / (MAX_FRAMES - 1);
            frames = (0..MAX_FRAMES).map(|i| frames[pick(i)].clone()).collect();
            captions = (0..MAX_FRAMES).map(|i| captions[pick(i)].clone()).collect();
        }
        let result = table
            .game
            .as_ref()
            .and_then(|g| g.outcome())
            .map(|o| o.winners(|s| replayed.players.get(s).cloned().unwrap_or_default()))
            .unwrap_or_else(|| t!("replay-no-result"));
        let text = t!(
            "replay-text",
            game = table.kind.info().name,
            id = table.id,
            players = replayed.players.join(", "),
            moves = moves,
            result = result
        );
        let mut reply = asker.answer(text);
        reply.replay = Some(ReplayImage {
            frames,
            players: replayed.players,
            captions,
            lang: crate::i18n::current(),
        });
        reply
    }
}
