//! Where what spans tables hooks into a table's life. The table core calls these at named
//! moments — a game's end, a committed change — and knows nothing of what
//! stands behind them (in this program, the league).

use crate::i18n::Localized;
use crate::table::clock::Millis;
use crate::table::command::User;
use crate::table::event::TableEvent;
use crate::table::project::TableLanguages;
use crate::table::record::{LogEntry, Table};
use crate::table::reply::Reply;
use crate::table::store::StoreError;

/// A change just committed at a table.
#[derive(Debug, Clone, Copy)]
pub struct Committed<'a> {
    /// The table before the change (`None`: it was just opened).
    pub before: Option<&'a Table>,
    /// The table as committed.
    pub after: &'a Table,
    /// What happened.
    pub events: &'a [TableEvent],
    /// Who acted (`None`: the table itself, a timer).
    pub actor: Option<&'a User>,
    /// When (table time).
    pub now: Millis,
}

/// The seams of a table's life.
pub trait Seams {
    /// A game ended with `table` (its final log entry `log`): writes the table's end — with
    /// whatever else that end brings, in one atomic, synced batch — and returns what to say
    /// after the result, if anything.
    fn finish(
        &self,
        table: &Table,
        log: &LogEntry,
        now: Millis,
    ) -> Result<Option<Localized>, StoreError>;

    /// Who reads a table's replies in which language.
    fn languages(&self, table: &Table) -> TableLanguages;

    /// After a committed change: adds the notices it brings (turn pings, reminders).
    fn committed(&self, change: Committed<'_>, replies: &mut Vec<Reply>);

    /// The people seated at the open `table` who are away until a later moment (by user id):
    /// the table marks them away.
    fn away(&self, table: &Table, now: Millis) -> Vec<(String, Millis)>;
}
