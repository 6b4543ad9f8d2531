//! The board in words: what a screen reader or a text-only client gets instead of the image.

use super::view::{DvonnView, Phase};
use super::{Color, Piece};
use crate::games::Seat;
use crate::t;

/// "Dvonn: White (Ann) to move. White controls 9 stacks (23 pieces), Black 8 stacks (20
/// pieces); 3 DVONN pieces on the board. Last move: C3–E3."
pub fn describe(view: &DvonnView, players: &[String]) -> String {
    let name = |c: Color| {
        let seat = usize::from(c == Color::Black);
        match players.get(seat) {
            Some(n) if !n.is_empty() => {
                t!("dvonn-describe-player", color = c.to_string(), name = n)
            }
            _ => c.to_string(),
        }
    };
    let stacks = |p: Piece| {
        view.fields
            .iter()
            .filter(|f| f.stack.last() == Some(&p))
            .count()
    };
    let mut out = String::from("Dvonn: ");
    match (&view.outcome, view.to_move) {
        (Some(o), _) => {
            let verdict = o.verdict(|seat| player(players, seat));
            out.push_str(&t!("dvonn-describe-over", verdict = verdict));
        }
        (None, Some(c)) if view.phase == Phase::Placement => {
            out.push_str(&t!("dvonn-describe-to-place", player = name(c)));
        }
        (None, Some(c)) => out.push_str(&t!("dvonn-describe-to-move", player = name(c))),
        (None, None) => out.push_str(&t!("dvonn-describe-ended")),
    }
    out.push(' ');
    out.push_str(&t!(
        "dvonn-describe-counts",
        white_stacks = stacks(Piece::White),
        white_pieces = view.scores[0],
        black_stacks = stacks(Piece::Black),
        black_pieces = view.scores[1],
        dvonn = view.on_board[2],
    ));
    if let Some(last) = &view.last {
        out.push(' ');
        match last.from {
            Some(from) => out.push_str(&t!(
                "dvonn-describe-last-move",
                from = from.to_string(),
                to = last.to.to_string()
            )),
            None => out.push_str(&t!(
                "dvonn-describe-last-placed",
                field = last.to.to_string()
            )),
        }
    }
    out
}

/// A seat as the result names it: "ann (White)".
fn player(names: &[String], seat: Seat) -> String {
    crate::games::words::labelled(names, seat, &Color::from_seat(seat).to_string(), usize::MAX)
}
