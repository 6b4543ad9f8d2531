//! The table in words: what a screen reader or a text-only client gets instead of the image.

use super::view::{BurgView, PlayerView, Stage};
use super::{Card, Color};
use crate::games::words::{and_list, labelled, who};
use crate::games::{Layout, Seat};
use crate::t;

/// "Bote, Maurer and Baumeister".
fn cards(list: &[Card]) -> String {
    let names: Vec<String> = list.iter().map(|c| c.label()).collect();
    and_list(&names)
}

/// "Im Schutze der Burg: round 3 of 12, cards are chosen secretly; waiting for Ann (Red) and
/// Cy (Green). Ann 5 VP, 12 Taler; Ben 3 VP, 9 Taler." — then the castle, one player's supplies
/// or one hand, as `layout` says.
pub fn describe(view: &BurgView, players: &[String], layout: Layout) -> String {
    let mut out = String::from("Im Schutze der Burg: ");
    out.push_str(&status(view, players));
    if view.outcome.is_none() {
        let standing: Vec<String> = view
            .players
            .iter()
            .map(|p| {
                t!(
                    "burg-describe-standing",
                    player = who(players, p.seat),
                    vp = p.vp,
                    taler = p.taler
                )
            })
            .collect();
        out.push_str(&format!(" {}.", standing.join("; ")));
    }
    match layout {
        Layout::Table => {
            out.push(' ');
            out.push_str(&table(view));
        }
        Layout::Seat(seat) => {
            if let Some(p) = view.players.get(seat) {
                out.push(' ');
                out.push_str(&supplies(view, p, players));
            }
        }
        Layout::Hand(seat) => {
            if let Some(p) = view.players.get(seat) {
                out.push(' ');
                out.push_str(&hand(view, p, players));
            }
        }
    }
    out
}

/// What the table waits for, or the result.
fn status(view: &BurgView, players: &[String]) -> String {
    let round = view.round.min(view.rounds);
    let rounds = view.rounds;
    if let Some(o) = &view.outcome {
        let name = |s: Seat| labelled(players, s, &Color::from_seat(s).label(), usize::MAX);
        return t!(
            "burg-describe-over",
            round = round,
            rounds = rounds,
            verdict = o.verdict(name)
        );
    }
    let named = |seat: Seat| {
        format!(
            "{} ({})",
            who(players, seat),
            Color::from_seat(seat).label()
        )
    };
    match (view.stage, &view.pending) {
        (Stage::Choosing, _) => {
            let waiting: Vec<String> = view
                .players
                .iter()
                .filter(|p| !p.has_chosen && !p.left)
                .map(|p| named(p.seat))
                .collect();
            if waiting.is_empty() {
                t!("burg-describe-all-chosen", round = round, rounds = rounds)
            } else {
                t!(
                    "burg-describe-choosing",
                    round = round,
                    rounds = rounds,
                    waiting = and_list(&waiting)
                )
            }
        }
        (_, Some(p)) => t!(
            "burg-describe-deciding",
            round = round,
            rounds = rounds,
            player = named(p.seat),
            what = p.decision.to_string().replace('`', "")
        ),
        (_, None) => match view.step {
            Some(card) => t!(
                "burg-describe-resolving-card",
                round = round,
                rounds = rounds,
                card = card.label()
            ),
            None => t!("burg-describe-resolving", round = round, rounds = rounds),
        },
    }
}

/// The castle and the winter card.
fn table(view: &BurgView) -> String {
    let buildable: Vec<_> = view.buildings.iter().filter(|b| b.value > 0).collect();
    let built = buildable.iter().filter(|b| b.built).count();
    match view.winter.as_ref().and_then(|w| w.current) {
        Some(card) => t!(
            "burg-describe-castle-winter",
            built = built,
            total = buildable.len(),
            card = card.long_label()
        ),
        None => t!(
            "burg-describe-castle",
            built = built,
            total = buildable.len()
        ),
    }
}

/// One player's supplies, helpers and cards played.
fn supplies(view: &BurgView, p: &PlayerView, players: &[String]) -> String {
    let built: Vec<&str> = view
        .buildings
        .iter()
        .filter(|b| b.built_by == Some(p.seat))
        .map(|b| b.id.as_str())
        .collect();
    let mut parts = vec![t!(
        "burg-describe-supplies",
        player = who(players, p.seat),
        color = p.color.label(),
        vp = p.vp,
        taler = p.taler,
        resources = p.resources.label(),
        supply = p.helpers_in_supply,
        castle = p.helpers_in_castle
    )];
    if !built.is_empty() {
        parts.push(t!("burg-describe-built", list = built.join(", ")));
    }
    if !p.played.is_empty() {
        parts.push(t!("burg-describe-played", cards = cards(&p.played)));
    }
    if p.left {
        parts.push(t!("burg-describe-left"));
    }
    format!("{}.", parts.join("; "))
}

/// One player's hand and, where the view shows it, this round's choice: the cards by the names
/// the move buttons use ([`Card::move_name`]).
fn hand(view: &BurgView, p: &PlayerView, players: &[String]) -> String {
    let hand: Vec<String> = p.hand.iter().map(|c| c.move_name()).collect();
    let mut parts = vec![t!(
        "burg-describe-hand",
        player = who(players, p.seat),
        cards = and_list(&hand)
    )];
    if !p.chosen.is_empty() {
        let chosen: Vec<String> = p.chosen.iter().map(|c| c.move_name()).collect();
        parts.push(t!("burg-describe-chosen", cards = chosen.join(" + ")));
    } else if view.stage == Stage::Choosing && p.has_chosen {
        parts.push(t!("burg-describe-has-chosen"));
    }
    format!("{}.", parts.join("; "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Game;
    use crate::games::burg::{Burg, BurgOptions};

    fn names() -> Vec<String> {
        vec!["Ann".into(), "Ben".into(), "Cy".into()]
    }

    #[test]
    fn names_who_chooses_and_the_hand() {
        let game = Burg::new(3, &BurgOptions::default(), 1).unwrap();
        let view = game.view(None);
        assert_eq!(view.stage, Stage::Choosing);
        let table = describe(&view, &names(), Layout::Table);
        assert!(
            table.starts_with("Im Schutze der Burg: round 1 of "),
            "{table}"
        );
        assert!(
            table.contains("waiting for Ann (Red), Ben (Blue) and Cy (Green)"),
            "{table}"
        );

        let own = game.view(Some(0));
        let hand = describe(&own, &names(), Layout::Hand(0));
        assert!(!own.players[0].hand.is_empty());
        assert!(hand.contains("Ann's hand: "), "{hand}");
        // The hand names the cards as the move buttons do: `choose mason` in English.
        for card in &own.players[0].hand {
            assert!(hand.contains(card.word()), "{card} missing: {hand}");
        }
        assert!(!hand.contains("Maurer"), "{hand}");
        let german = crate::i18n::scope(crate::i18n::Lang::De, || {
            describe(&own, &names(), Layout::Hand(0))
        });
        for card in &own.players[0].hand {
            assert!(german.contains(card.name()), "{card} missing: {german}");
        }

        let seat = describe(&own, &["Ann".into()], Layout::Seat(2));
        assert!(seat.contains("seat 3 (Green): "), "{seat}");
    }
}
