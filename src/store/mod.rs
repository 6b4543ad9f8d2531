//! Store implementations of the table layer's storage port ([`Store`]).
//!
//! [`SledStore`] is the embedded default: every commit is one sled transaction, then one
//! `fdatasync` of sled's files shared by the commits that arrive together ([`GroupSync`]). A
//! shared store can replace it when one process no longer suffices.

mod group;
mod sled_store;

pub use group::GroupSync;
pub use sled_store::SledStore;

pub use crate::table::{Store, StoreError};
