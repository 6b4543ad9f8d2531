//! The table in words: what a screen reader or a text-only client gets instead of the image.

use super::scoring::Scoring;
use super::view::{BoardView, DonQuixoteView};
use super::{Color, LAST};
use crate::games::words::{and_list, labelled, per_seat, who};
use crate::games::{Layout, Seat};
use crate::t;

/// "DonQuixote: round 2, card 11 of 22: everyone places a tile on D2; waiting for Ann and Cy.
/// Points: Ann 12, Ben 10, Cy 8." — then the table's castles, one principality or one hand, as
/// `layout` says.
pub fn describe(view: &DonQuixoteView, players: &[String], layout: Layout) -> String {
    let mut out = String::from("DonQuixote: ");
    out.push_str(&status(view, players));
    if view.outcome.is_none() {
        let points = per_seat(players, view.players.iter().map(|b| b.total));
        out.push(' ');
        out.push_str(&t!("donquixote-describe-points", list = points));
    }
    let castles: Vec<String> = view
        .castles
        .iter()
        .map(|c| {
            t!(
                "donquixote-describe-castle",
                value = c.value,
                field = c.field.to_string()
            )
        })
        .collect();
    match layout {
        Layout::Table => {
            out.push(' ');
            out.push_str(&t!(
                "donquixote-describe-castles",
                list = and_list(&castles)
            ));
            let placed: Vec<usize> = view.players.iter().map(|b| b.tiles.len()).collect();
            if let (Some(min), Some(max)) = (placed.iter().min(), placed.iter().max())
                && min == max
            {
                out.push(' ');
                out.push_str(&t!("donquixote-describe-every-board", tiles = min));
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
        let name = |s: Seat| labelled(players, s, &Color::from_seat(s).name(), usize::MAX);
        return t!("donquixote-describe-over", verdict = o.verdict(name));
    }
    let Some(field) = view.current else {
        return t!("donquixote-describe-ended");
    };
    let waiting: Vec<String> = view
        .players
        .iter()
        .enumerate()
        .filter(|(_, b)| b.active && !b.placed_current)
        .map(|(seat, _)| format!("{} ({})", who(players, seat), Color::from_seat(seat).name()))
        .collect();
    let waits = if waiting.is_empty() {
        t!("donquixote-describe-all-placed")
    } else {
        t!("donquixote-describe-waiting", list = and_list(&waiting))
    };
    t!(
        "donquixote-describe-status",
        round = view.round,
        card = view.step + 1,
        field = field.to_string(),
        waits = waits
    )
}

/// A scoring in words: "churches 0, windmills 2, castles 4, land 0 = 6" (plus the knight group
/// in scoring 3).
fn summary(s: &Scoring) -> String {
    t!(
        "donquixote-scoring-summary",
        k = s.k,
        churches = s.churches,
        windmills = s.windmills,
        castles = s.castles,
        land = s.land,
        knight_group = s.knight_group,
        total = s.total
    )
}

/// One player's board: tiles placed, the castles, the latest scoring.
fn principality(b: &BoardView, players: &[String], seat: Seat, castles: &[String]) -> String {
    let mut out = t!(
        "donquixote-describe-principality",
        name = who(players, seat),
        color = Color::from_seat(seat).name(),
        tiles = b.tiles.len(),
        castles = and_list(castles),
        points = b.total
    );
    if let Some(s) = b.scorings.last() {
        out.push_str(&t!(
            "donquixote-describe-latest",
            k = s.k,
            summary = summary(s)
        ));
    }
    if !b.active {
        out.push_str(&t!("donquixote-describe-left"));
    }
    out.push('.');
    out
}

/// One player's tiles still in hand, in words.
fn hand(view: &DonQuixoteView, b: &BoardView, players: &[String], seat: Seat) -> String {
    let name = who(players, seat);
    if b.hand.is_empty() {
        return t!("donquixote-describe-no-tiles", name = name);
    }
    let tiles: Vec<String> = b
        .hand
        .iter()
        .map(|t| {
            if *t == LAST {
                format!("{t} ({})", t!("donquixote-last-mark"))
            } else {
                t.to_string()
            }
        })
        .collect();
    let (round, tiles) = (view.round, and_list(&tiles));
    match view.current {
        Some(field) if b.placed_current => t!(
            "donquixote-describe-hand-placed",
            name = name,
            round = round,
            tiles = tiles,
            field = field.to_string()
        ),
        Some(field) => t!(
            "donquixote-describe-hand-next",
            name = name,
            round = round,
            tiles = tiles,
            field = field.to_string()
        ),
        None => t!(
            "donquixote-describe-hand",
            name = name,
            round = round,
            tiles = tiles
        ),
    }
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
