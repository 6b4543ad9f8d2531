//! What a league service reaches of the rest of the application for one call: the table core
//! (and the seams to act through it), who reads which language, how the chats link channels.
//! The application builds one per call from what it owns; no service holds another.

use std::sync::Mutex;

use super::language::LanguageService;
use super::links::Links;
use crate::table::{Seams, TableService};

/// The parts around a league service, borrowed for one call.
#[derive(Clone, Copy)]
pub struct Ctx<'a> {
    /// The tables.
    pub core: &'a TableService,
    /// What the table core calls back at its seams (the application's answers).
    pub seams: &'a dyn Seams,
    /// Who reads which language.
    pub languages: &'a LanguageService,
    /// How the chats write links to their channels.
    pub links: &'a Links,
    /// Held while the league's records that a game's end also writes are read, changed and
    /// written (ratings, tournaments): changes never interleave.
    pub serial: &'a Mutex<()>,
}
