//! Results and ratings: what a finished game leaves behind (its result, numbered), and the
//! ratings per community and game it moves (Glicko-2 for two players, Weng-Lin for more).

pub mod rating;
mod refused;
pub mod result;
mod service;

pub use rating::{Rating, RatingKey};
pub use refused::RatingRefused;
pub use result::{Ending, GameResult, Participant, RatingChange};
pub use service::{LEADERBOARD_PAGE, Rated, RatingService, Rebuilt};
