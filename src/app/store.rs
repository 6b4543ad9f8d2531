//! What a store gives the application: every port at once — tables, the league's records and
//! users' settings — as the sled and PostgreSQL stores implement them.

use crate::league::{LeagueStore, PrefsStore};

/// A store of every kind of record.
pub trait Store: LeagueStore + PrefsStore {}

impl<S: LeagueStore + PrefsStore + ?Sized> Store for S {}
