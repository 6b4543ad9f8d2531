//! The board in words: what a screen reader or a text-only client gets instead of the image.

use super::view::{DvonnView, Phase};
use super::{Color, Piece};

/// "Dvonn: White (Ann) to move. White controls 9 stacks (23 pieces), Black 8 stacks (20
/// pieces); 3 DVONN pieces on the board. Last move: C3–E3."
pub fn describe(view: &DvonnView, players: &[String]) -> String {
    let name = |c: Color| {
        let seat = usize::from(c == Color::Black);
        match players.get(seat) {
            Some(n) if !n.is_empty() => format!("{c} ({n})"),
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
            let winner = o
                .winner()
                .map(|s| if s == 0 { Color::White } else { Color::Black });
            match winner {
                Some(c) => out.push_str(&format!(
                    "{} wins {}–{}.",
                    name(c),
                    o.scores[0].max(o.scores[1]),
                    o.scores[0].min(o.scores[1])
                )),
                None => out.push_str(&format!(
                    "a draw, {}–{}.",
                    o.scores[0],
                    o.scores.get(1).copied().unwrap_or(0)
                )),
            }
        }
        (None, Some(c)) if view.phase == Phase::Placement => {
            out.push_str(&format!("{} to place a piece.", name(c)));
        }
        (None, Some(c)) => out.push_str(&format!("{} to move.", name(c))),
        (None, None) => out.push_str("the game is over."),
    }
    out.push_str(&format!(
        " White controls {} stacks ({} pieces), Black {} stacks ({} pieces); {} DVONN pieces on the board.",
        stacks(Piece::White),
        view.scores[0],
        stacks(Piece::Black),
        view.scores[1],
        view.on_board[2],
    ));
    if let Some(last) = &view.last {
        match last.from {
            Some(from) => out.push_str(&format!(" Last move: {from}–{}.", last.to)),
            None => out.push_str(&format!(" Last placed: {}.", last.to)),
        }
    }
    out
}
