//! Final scoring (§9): every commander is paid each banner they command, the Weibel worth one
//! Schilling (5 Heller) instead of 1 Heller; the Hurenweibel's holder gets one Schilling.

use serde::{Deserialize, Serialize};

use super::banners::{Mark, banners};
use super::board::Board;
use crate::games::Seat;

/// One Schilling in Heller (edition choice).
pub const SCHILLING: u32 = 5;

/// What a seat is paid at the end.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Payout {
    /// The seat.
    pub seat: Seat,
    /// The values of the banners it commands, without the Weibel.
    pub banners: u32,
    /// One Schilling per commanded banner: the Weibel at its end value.
    pub weibel_bonus: u32,
    /// One Schilling for the holder of the Hurenweibel, else 0.
    pub hurenweibel: u32,
    /// The sum: what the seat is paid at the end.
    pub total: u32,
}

/// The final payouts of every seat, in seat order.
pub fn final_payouts(
    board: &Board,
    marks: &[Mark],
    hurenweibel: Option<Seat>,
    seats: usize,
) -> Vec<Payout> {
    let list = banners(board, marks, seats);
    (0..seats)
        .map(|seat| {
            let mine: Vec<_> = list.iter().filter(|b| b.commander == Some(seat)).collect();
            let banners: u32 = mine.iter().map(|b| b.group.value(board, false)).sum();
            let weibel_bonus = SCHILLING * mine.len() as u32;
            let hurenweibel = if hurenweibel == Some(seat) {
                SCHILLING
            } else {
                0
            };
            Payout {
                seat,
                banners,
                weibel_bonus,
                hurenweibel,
                total: banners + weibel_bonus + hurenweibel,
            }
        })
        .collect()
}

/// Ranks: the seats still playing by Heller (equal totals share the place, the next is skipped),
/// then the seats that left, the last to leave first. `left[seat]` is the order of leaving.
pub fn ranks(heller: &[u32], left: &[Option<usize>]) -> Vec<u8> {
    let key = |seat: usize| (left[seat].map_or(usize::MAX, |o| o), heller[seat]);
    (0..heller.len())
        .map(|s| 1 + (0..heller.len()).filter(|o| key(*o) > key(s)).count() as u8)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_share_and_skip() {
        assert_eq!(ranks(&[10, 12, 10], &[None; 3]), [2, 1, 2]);
        assert_eq!(ranks(&[12, 12, 10], &[None; 3]), [1, 1, 3]);
        assert_eq!(ranks(&[50, 12, 10], &[Some(0), None, None]), [3, 1, 2]);
        assert_eq!(
            ranks(&[50, 12, 10, 1], &[Some(0), None, Some(1), None]),
            [4, 1, 3, 2]
        );
    }
}
