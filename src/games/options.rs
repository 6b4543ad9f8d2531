//! Game options: the words after the game name in `/join <game> <options>`.

use std::fmt::Debug;

use serde::Serialize;
use serde::de::DeserializeOwned;

/// An option word that this game does not know, or a malformed value.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct OptionError(pub String);

/// The options of one game.
pub trait GameOptions: Default + Clone + Debug + PartialEq + Serialize + DeserializeOwned {
    /// Every option word this game accepts, with the message key of its short description
    /// (`option-<game>-<word>`), for help and errors.
    const HELP: &'static [(&'static str, &'static str)];

    /// Sets one option from its word (already lower case). Unknown words are an error.
    fn set(&mut self, word: &str) -> Result<(), OptionError>;

    /// The option words that reproduce these options (for display and export).
    fn words(&self) -> Vec<String>;
}
