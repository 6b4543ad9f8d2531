//! The games: pure rules, no I/O, no clock, no global random generator.
//!
//! Every game implements the one [`Game`] contract. The table service never sees a concrete
//! game type: it holds an [`AnyGame`], the closed enum over every game of the project (like
//! shakmaty's `VariantPosition`), and talks to it in move *text* and [`Announcement`]s.
//!
//! A game is a folder: `rules` (the reducer), `state`, `board` (geometry), `notation` (move
//! text), `view` (what a viewer may see), `secrets` (who may see what), `draw` (its image); it
//! is registered once, in the list in `any.rs`, from which the closed enums, `/games`, `/join`,
//! Discord's choices and the benchmark are all made.

mod any;
pub mod burg;
mod contract;
pub mod donquixote;
pub mod dvonn;
pub mod komarn;
mod layout;
mod options;
pub mod samples;
mod seen;
mod words;

pub use any::{AnyGame, AnyOptions, AnySeen, AnyView, GameKind, PlayError};
pub use contract::{
    Announcement, Audience, Draw, EndReason, Forfeit, Game, GameEvent, GameInfo, Outcome,
    ParseMoveError, Seat, SetupError, Shown, ToAct, Window,
};
pub use layout::Layout;
pub use options::{GameOptions, OptionError};
pub use seen::{Effort, Seen, SeenVisitor, Think};
