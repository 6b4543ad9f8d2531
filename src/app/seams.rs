//! The league at the table core's seams: a game's end written with its result, the ratings it
//! moved and its tournament's step; the languages a table's readers read; the turn pings after
//! a change; who is away on vacation.

use super::*;
use crate::i18n::Localized;
use crate::league::results::result::ratings_line;
use crate::table::project::TableLanguages;
use crate::table::service::{Committed, Seams};

impl Seams for App {
    fn finish(
        &self,
        table: &Table,
        log: &LogEntry,
        now: Millis,
    ) -> Result<Option<Localized>, StoreError> {
        let changes = self.commit_result(table, log, now)?;
        Ok(changes.map(|changes| ratings_line(&changes)))
    }

    fn languages(&self, table: &Table) -> TableLanguages {
        self.table_languages(table)
    }

    fn committed(&self, change: Committed<'_>, replies: &mut Vec<Reply>) {
        self.notices(
            change.before,
            change.after,
            change.events,
            change.actor,
            replies,
            change.now,
        );
    }

    fn away(&self, table: &Table, now: Millis) -> Vec<(String, Millis)> {
        let community = table.community.as_deref().unwrap_or(&table.channel);
        table
            .seats
            .iter()
            .filter(|u| !u.is_bot())
            .filter_map(|u| Some((u.id.clone(), self.away_until(community, &u.id, now)?)))
            .collect()
    }
}
