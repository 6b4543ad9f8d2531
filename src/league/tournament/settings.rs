//! Who may run tournaments and how many a community holds at once (`[tournaments]` in the
//! configuration): a tournament opens many tables at once, so it is not everybody's to start.

use serde::{Deserialize, Serialize};

/// Who may create a tournament in a channel.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Creators {
    /// The channel's moderators and those who may run its events (Discord: Manage Messages or
    /// Manage Events in the channel; Matrix: the room's moderators; the console: anybody).
    #[default]
    Moderators,
    /// Anybody.
    Anybody,
}

/// The tournaments' limits (`[tournaments]`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct TournamentSettings {
    /// Who may create a tournament.
    pub create: Creators,
    /// Open tournaments (open for entry or running) in one community.
    pub open_per_community: usize,
    /// Computer players in one tournament.
    pub bots_per_tournament: usize,
}

impl Default for TournamentSettings {
    fn default() -> TournamentSettings {
        TournamentSettings {
            create: Creators::Moderators,
            open_per_community: 5,
            bots_per_tournament: 8,
        }
    }
}
