//! Tables by number: `/replay [table]`, an animated GIF of a finished game (this channel's
//! last one or any finished table of the community by its number, from `/history`), and
//! `/export <table>`. A table the asker may not see (a private tournament game, see
//! [`crate::league::tournament::TournamentService::discloses`]) is answered exactly like a
//! number that does not exist, so that numbers cannot be probed.

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
                Ok(Some(t)) if self.tournaments.discloses(&t, asker.user) => t,
                Ok(Some(_)) => return asker.refuse(crate::refusal!("table-private")),
                Ok(None) => return asker.refuse(crate::refusal!("replay-no-table-here")),
                Err(e) => return store_failure(asker, &e),
            }
        } else {
            match self.numbered_table(cmd, asker, args) {
                Ok(t) => t,
                Err(refusal) => return *refusal,
            }
        };
        if table.status == crate::table::record::Status::Lobby {
            return asker.refuse(crate::refusal!("replay-lobby", id = table.id));
        }
        if table.status.is_open() {
            return asker.refuse(crate::refusal!("replay-not-over", id = table.id));
        }
        let log = match self.store.log(table.id) {
            Ok(log) => log,
            Err(e) => return store_failure(asker, &e),
        };
        let replayed = match replay::of_table(&table, &log) {
            Ok(r) => r,
            Err(e) => {
                tracing::warn!(table = table.id, error = %e, "replay failed");
                return asker.refuse(crate::refusal!(
                    "replay-failed",
                    id = table.id,
                    error = e.to_string()
                ));
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

    /// `/export <table>`: a finished table of this community, by its number.
    pub(super) fn export_by_id(&self, cmd: &Command, asker: Asker<'_>, word: &str) -> Reply {
        let table = match self.numbered_table(cmd, asker, word) {
            Ok(t) => t,
            Err(refusal) => return *refusal,
        };
        let id = table.id;
        if table.status.is_open() {
            return asker.refuse(crate::refusal!("rating-export-still-open", id = id));
        }
        match self.store.log(id) {
            Ok(log) => views::export(&table, &log, asker),
            Err(e) => {
                tracing::error!(error = %e, "log unreadable");
                asker.refuse(crate::league::results::RatingRefused::Unreadable)
            }
        }
    }

    /// The table numbered `word` (`12`, `#12`) that the asker may see in the command's
    /// community; else the one refusal every number gets that names no such table — of
    /// another community, private, never opened, or no number at all.
    pub(super) fn numbered_table(
        &self,
        cmd: &Command,
        asker: Asker<'_>,
        word: &str,
    ) -> Result<Table, Box<Reply>> {
        let word = word.trim();
        let unknown = || {
            Box::new(asker.refuse(crate::refusal!(
                "table-number-unknown",
                word = markup::code(&word.chars().take(30).collect::<String>())
            )))
        };
        let Ok(id) = word.trim_start_matches('#').parse::<u64>() else {
            return Err(unknown());
        };
        let community = cmd.community_key();
        match self.store.table(id) {
            Ok(Some(t))
                if t.community.as_deref().unwrap_or(&t.channel) == community
                    && self.tournaments.discloses(&t, asker.user) =>
            {
                Ok(t)
            }
            Ok(_) => Err(unknown()),
            Err(e) => Err(Box::new(store_failure(asker, &e))),
        }
    }
}
