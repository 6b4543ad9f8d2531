//! The league at the table core's seams: a game's end written with its result, the ratings it
//! moved and its tournament's step, in one batch (the league's services each give their part;
//! the application writes them together); the languages a table's readers read; the turn
//! pings after a change; who is away on vacation.

use super::*;
use crate::i18n::Localized;
use crate::league::Batch;
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
        let cx = self.cx();
        let _serial = lock(&self.serial);
        let Some(rated) = self.ratings.rate(table, now)? else {
            return self.store.commit(table, Some(log)).map(|()| None);
        };
        // A tournament game: its outcome, and what it brings, in the same commit.
        let step = self
            .tournaments
            .result_step(cx, table, &rated.result, now)?;
        let mut batch = Batch {
            tables: vec![(table, Some(log))],
            result: Some(&rated.result),
            ratings: &rated.ratings,
            tournament: None,
        };
        if let Some((t, follow)) = &step {
            batch.tournament = Some(t);
            batch
                .tables
                .extend(follow.tables.iter().map(|(t, e)| (t, Some(e))));
        }
        self.store.commit_batch(&batch)?;
        if let Some((t, follow)) = step {
            self.tournaments.install(cx, follow, &t);
        }
        let changes = &rated.result.changes;
        Ok((!changes.is_empty()).then(|| ratings_line(changes)))
    }

    fn languages(&self, table: &Table) -> TableLanguages {
        self.languages.table_languages(table)
    }

    fn committed(&self, change: Committed<'_>, replies: &mut Vec<Reply>) {
        self.notify.notices(self.cx(), change, replies);
    }

    fn away(&self, table: &Table, now: Millis) -> Vec<(String, Millis)> {
        let community = table.community.as_deref().unwrap_or(&table.channel);
        table
            .seats
            .iter()
            .filter(|u| !u.is_bot())
            .filter_map(|u| {
                Some((
                    u.id.clone(),
                    self.vacations.away_until(community, &u.id, now)?,
                ))
            })
            .collect()
    }
}
