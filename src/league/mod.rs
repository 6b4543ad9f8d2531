//! The league: what spans the tables of a community — tournaments, results and ratings, turn
//! notifications and digests, vacations, languages and the limits against floods. Each domain
//! is a folder of its own; the league stands on the table core and the core never names it.

pub mod ctx;
pub mod language;
pub mod limits;
pub mod links;
pub mod memory;
pub mod mine;
pub mod notify;
pub mod prefs;
pub mod results;
pub mod store;
pub mod tournament;
pub mod vacation;

pub use limits::Limits;
pub use memory::ChatStore;
pub use notify::{Digest, Notify};
pub use prefs::{Prefs, PrefsStore};
pub use results::{Ending, GameResult, Participant, Rating, RatingChange, RatingKey};
pub use store::{Batch, LeagueStore, Store};
