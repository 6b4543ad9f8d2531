//! The league's storage port: results, ratings and tournaments — and the one commit that writes
//! records of several kinds together, so that a game's end, its result, the ratings it moved and
//! the tournament's step (with the tables of a round it opens) are stored all or not at all.

use super::results::{GameResult, Rating, RatingKey};
use super::tournament::Tournament;
use crate::table::{LogEntry, StoreError, Table, TableStore};

/// Records of several kinds, written in one atomic, synced commit.
#[derive(Debug, Default)]
pub struct Batch<'a> {
    /// Tables, each with its new log entry; each becomes the current table of its channel.
    pub tables: Vec<(&'a Table, Option<&'a LogEntry>)>,
    /// A finished game's result; the store numbers it (the next result number).
    pub result: Option<&'a GameResult>,
    /// Ratings as the batch moved them.
    pub ratings: &'a [(RatingKey, Rating)],
    /// A tournament as the batch changed it.
    pub tournament: Option<&'a Tournament>,
}

impl<'a> Batch<'a> {
    /// A tournament as changed, with the tables (each with its first log entry) it opens.
    pub fn of_tournament(tournament: &'a Tournament, tables: &'a [(Table, LogEntry)]) -> Batch<'a> {
        Batch {
            tables: tables.iter().map(|(t, e)| (t, Some(e))).collect(),
            tournament: Some(tournament),
            ..Batch::default()
        }
    }
}

/// Where the league's records live. A store of the league keeps tables too: a batch writes
/// both.
pub trait LeagueStore: TableStore {
    /// Writes every record of `batch` in one atomic batch, durable like
    /// [`TableStore::commit`]; returns the number given to its result, if it holds one.
    fn commit_batch(&self, batch: &Batch<'_>) -> Result<Option<u64>, StoreError>;

    /// A tournament by its id.
    fn tournament(&self, id: u64) -> Result<Option<Tournament>, StoreError>;

    /// The newest tournament created in `channel`.
    fn channel_tournament(&self, channel: &str) -> Result<Option<Tournament>, StoreError>;

    /// Every tournament open for entry or running.
    fn open_tournaments(&self) -> Result<Vec<Tournament>, StoreError>;

    /// The open tournaments `user` (a user id) entered and was not taken out of, found
    /// through an index (not by reading every open tournament).
    fn entered_tournaments(&self, user: &str) -> Result<Vec<Tournament>, StoreError>;

    /// A player's rating.
    fn rating(&self, key: &RatingKey) -> Result<Option<Rating>, StoreError>;

    /// Every rating of a game in a community: (player, rating).
    fn ratings(&self, community: &str, game: &str) -> Result<Vec<(String, Rating)>, StoreError>;

    /// Every rating in a community: (game, player, rating).
    fn community_ratings(
        &self,
        community: &str,
    ) -> Result<Vec<(String, String, Rating)>, StoreError>;

    /// The last `limit` results of `player` in `community`, newest first.
    fn history(
        &self,
        community: &str,
        player: &str,
        limit: usize,
    ) -> Result<Vec<GameResult>, StoreError>;

    /// Every result, in order.
    fn results(&self) -> Result<Vec<GameResult>, StoreError>;

    /// Every rating.
    fn all_ratings(&self) -> Result<Vec<(RatingKey, Rating)>, StoreError>;

    /// Replaces every rating by `ratings` (a rebuild), durably.
    fn replace_ratings(&self, ratings: &[(RatingKey, Rating)]) -> Result<(), StoreError>;
}

/// Every port at once — tables, the league's records, the users' settings and the chats'
/// memory — as the league's services, the application and the adapters use the store.
pub trait Store: LeagueStore + super::PrefsStore + super::ChatStore {}

impl<S: LeagueStore + super::PrefsStore + super::ChatStore + ?Sized> Store for S {}
