//! One seat's pieces, hand and money: what the banners' payouts and the reducer change.

use serde::{Deserialize, Serialize};

/// One seat's pieces, hand and money.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct Player {
    /// Sorted.
    pub(super) hand: Vec<u8>,
    pub(super) soldiers: u8,
    pub(super) weibel: u8,
    pub(super) camps: u8,
    pub(super) heller: u32,
    /// The order of leaving (0 for the first to leave), once the seat left.
    pub(super) left: Option<usize>,
}
