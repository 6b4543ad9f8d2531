//! Why `/mygames` was refused, as a value; worded where the reply is made.

use crate::t;
use crate::table::Worded;

/// Why a page of `/mygames` was not shown.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MineRefused {
    /// No such page: there are `pages`.
    NoPage { pages: usize },
}

impl Worded for MineRefused {
    fn key(&self) -> &'static str {
        match self {
            MineRefused::NoPage { .. } => "mine-no-page",
        }
    }

    fn words(&self) -> String {
        match self {
            MineRefused::NoPage { pages } => t!(self.key(), pages = *pages),
        }
    }
}
