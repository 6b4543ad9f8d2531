//! The table in words: what a screen reader or a text-only client gets instead of the image.

use super::view::{BoardView, DonQuixoteView};
use super::{Color, LAST};
use crate::games::words::{and_list, per_seat, plural, who};
use crate::games::{EndReason, Layout, Seat};

/// "DonQuixote: round 2, card 11 of 22: everyone places a tile on D2; waiting for Ann and Cy.
/// Points: Ann 12, Ben 10, Cy 8." — then the table's castles, one principality or one hand, as
/// `layout` says.
pub fn describe(view: &DonQuixoteView, players: &[String], layout: Layout) -> String {
    let mut out = String::from("DonQuixote: ");
    out.push_str(&status(view, players));
    if view.outcome.is_none() {
        let points = per_seat(players, view.players.iter().map(|b| b.total));
        out.push_str(&format!(" Points: {}.", points));
    }
    let castles: Vec<String> = view
        .castles
        .iter()
        .map(|c| format!("{} on {}", c.value, c.field))
        .collect();
    match layout {
        Layout::Table => {
            out.push_str(&format!(" Castles: {}.", and_list(&castles)));
            let placed: Vec<usize> = view.players.iter().map(|b| b.tiles.len()).collect();
            if let (Some(min), Some(max)) = (placed.iter().min(), placed.iter().max())
                && min == max
            {
                out.push_str(&format!(
                    " Every principality holds {}.",
                    plural(*min, "tile")
                ));
            }
        }
        Layout::Seat(seat) => {
            if let Some(b) = view.players.get(seat) {
                out.push(' ');
                out.push_str(&principality(b, players, seat, &castles));
            }
        }
        Layout::Hand(seat) => {
            if let Some(b) = view.players.get(seat) {
                out.push(' ');
                out.push_str(&hand(view, b, players, seat));
            }
        }
    }
    out
}

/// Whose placement the table waits for, or the result.
fn status(view: &DonQuixoteView, players: &[String]) -> String {
    if let Some(o) = &view.outcome {
        let why = match o.reason {
            EndReason::Normal => "",
            EndReason::Forfeit(..) => " (a player left)",
        };
        let scores = per_seat(players, o.scores.iter());
        return format!(
            "game over{why}: {}. Final points: {}.",
            o.winners(|s| who(players, s)),
            scores
        );
    }
    let Some(field) = view.current else {
        return "the game is over.".into();
    };
    let waiting: Vec<String> = view
        .players
        .iter()
        .enumerate()
        .filter(|(_, b)| b.active && !b.placed_current)
        .map(|(seat, _)| format!("{} ({})", who(players, seat), Color::from_seat(seat)))
        .collect();
    let waits = if waiting.is_empty() {
        "everyone has placed".to_string()
    } else {
        format!("waiting for {}", and_list(&waiting))
    };
    format!(
        "round {}, card {} of 22: everyone places a tile on {field}; {waits}.",
        view.round,
        view.step + 1
    )
}

/// "1 point", "-2 points".
fn points(n: i64) -> String {
    format!("{n} point{}", if n == 1 { "" } else { "s" })
}

/// One player's board: tiles placed, the castles, the latest scoring.
fn principality(b: &BoardView, players: &[String], seat: Seat, castles: &[String]) -> String {
    let mut out = format!(
        "{}'s principality ({}): {} of 22 placed, castles {}; {} in all",
        who(players, seat),
        Color::from_seat(seat),
        plural(b.tiles.len(), "tile"),
        and_list(castles),
        points(b.total),
    );
    if let Some(s) = b.scorings.last() {
        out.push_str(&format!("; scoring {}: {s}", s.k));
    }
    if !b.active {
        out.push_str("; left the game");
    }
    out.push('.');
    out
}

/// One player's tiles still in hand, in words.
fn hand(view: &DonQuixoteView, b: &BoardView, players: &[String], seat: Seat) -> String {
    let name = who(players, seat);
    if b.hand.is_empty() {
        return format!("{name} has no tiles left.");
    }
    let tiles: Vec<String> = b
        .hand
        .iter()
        .map(|t| {
            if *t == LAST {
                format!("{t} (LAST)")
            } else {
                t.to_string()
            }
        })
        .collect();
    let mut out = format!(
        "{name}'s tiles for round {}: {}",
        view.round,
        and_list(&tiles)
    );
    match view.current {
        Some(field) if b.placed_current => {
            out.push_str(&format!("; already placed on {field}"));
        }
        Some(field) => out.push_str(&format!("; one goes on {field}, as printed or turned")),
        None => {}
    }
    out.push('.');
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Game;
    use crate::games::donquixote::{DonQuixote, DonQuixoteOptions};

    fn names() -> Vec<String> {
        vec!["Ann".into(), "Ben".into(), "Cy".into()]
    }

    #[test]
    fn names_who_places_and_the_hand() {
        let game = DonQuixote::new(3, &DonQuixoteOptions::default(), 1).unwrap();
        let view = game.view(None);
        let field = view.current.unwrap();
        let table = describe(&view, &names(), Layout::Table);
        assert!(table.starts_with("DonQuixote: "), "{table}");
        assert!(table.contains(&format!("on {field}")), "{table}");
        assert!(
            table.contains("waiting for Ann (Red), Ben (Blue) and Cy (Green)"),
            "{table}"
        );

        let own = game.view(Some(0));
        let hand = describe(&own, &names(), Layout::Hand(0));
        let tiles = &own.players[0].hand;
        assert!(!tiles.is_empty());
        let listed: Vec<String> = tiles.iter().map(u8::to_string).collect();
        assert!(hand.contains(&and_list(&listed)), "{hand}");
        assert!(hand.contains("Ann's tiles for round 1"), "{hand}");

        let seat = describe(&own, &["Ann".into()], Layout::Seat(1));
        assert!(seat.contains("seat 2's principality (Blue)"), "{seat}");
    }
}
