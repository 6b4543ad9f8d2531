//! Who may look into a table beyond what its channel shows: a private table (a duplicate
//! tournament's game) is its players' alone while it runs and, for a duplicate, until its
//! whole round is over — every entrant plays the same deal, so another's board, record or
//! score would tell what is still to come. Tables asked for by number (`/export <table>`,
//! `/replay <table>`) that the asker may not see are answered exactly like numbers that do not
//! exist, so that numbers cannot be probed.

use super::*;
use crate::t;

impl App {
    /// Whether `user` may see `table`'s board, details, record, export and replay.
    pub(super) fn discloses(&self, table: &Table, user: &User) -> bool {
        if !table.private || table.is_player(user) {
            return true;
        }
        !table.status.is_open() && !self.in_sealed_round(table)
    }

    /// Whether `table` is a game of a tournament round whose games stay closed
    /// ([`Tournament::sealed_round`](crate::league::tournament::Tournament::sealed_round)).
    fn in_sealed_round(&self, table: &Table) -> bool {
        let Some(board) = &table.fixture else {
            return false;
        };
        match self.store.tournament(board.event) {
            Ok(Some(t)) => t.sealed_round() == Some(board.round),
            Ok(None) => false,
            Err(e) => {
                // Unreadable: closed, as a sealed round would be.
                tracing::error!(table = table.id, error = %e, "tournament unreadable");
                true
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
            Box::new(asker.refuse(t!(
                "table-number-unknown",
                word = markup::code(&word.chars().take(30).collect::<String>())
            )))
        };
        let Ok(id) = word.trim_start_matches('#').parse::<u64>() else {
            return Err(unknown());
        };
        let community = self.community_of(cmd);
        match self.store.table(id) {
            Ok(Some(t))
                if t.community.as_deref().unwrap_or(&t.channel) == community
                    && self.discloses(&t, asker.user) =>
            {
                Ok(t)
            }
            Ok(_) => Err(unknown()),
            Err(e) => Err(Box::new(store_failure(asker, &e))),
        }
    }
}
