//! The river in words: what a screen reader or a text-only client gets instead of the image.

use super::view::{KomarnView, PendingView, PlayerView};
use crate::games::words::{and_list, per_seat, plural, who};
use crate::games::{Layout, Seat};

/// "Banner von Komarn: Ann (Red) to play a number. Heller: Ann 12, Ben 8, Cy 0." — then the
/// banners and the bag, one player's supplies or one hand, as `layout` says.
pub fn describe(view: &KomarnView, players: &[String], layout: Layout) -> String {
    let mut out = String::from("Banner von Komarn: ");
    out.push_str(&status(view, players));
    if view.outcome.is_none() {
        let heller = per_seat(players, view.players.iter().map(|p| p.heller));
        out.push_str(&format!(" Heller: {}.", heller));
    }
    match layout {
        Layout::Table => out.push_str(&table(view, players)),
        Layout::Seat(seat) => {
            if let Some(p) = view.players.get(seat) {
                out.push(' ');
                out.push_str(&supplies(view, p, players, seat));
                if let Some(numbers) = &p.hand {
                    out.push_str(&format!(" Numbers in hand: {}.", list(numbers)));
                }
            }
        }
        Layout::Hand(seat) => {
            if let Some(p) = view.players.get(seat) {
                out.push(' ');
                out.push_str(&hand(p, players, seat));
            }
        }
    }
    out
}

/// "3, 17 and 40".
fn list(numbers: &[u8]) -> String {
    let words: Vec<String> = numbers.iter().map(u8::to_string).collect();
    and_list(&words)
}

/// What the game waits for, or the result.
fn status(view: &KomarnView, players: &[String]) -> String {
    if let Some(o) = &view.outcome {
        let scores = per_seat(players, o.scores.iter());
        return format!(
            "game over: {}. Final Heller: {}.",
            o.winners(|s| who(players, s)),
            scores
        );
    }
    let named = |seat: Seat| match view.players.get(seat) {
        Some(p) => format!("{} ({})", who(players, seat), p.color),
        None => who(players, seat),
    };
    let last = if view.last_round {
        " The last round is being played."
    } else {
        ""
    };
    let wait = match &view.pending {
        PendingView::Play(s) => format!("{} to play a number.", named(*s)),
        PendingView::Morlock(s) => format!(
            "{} drew a Morlock and places it on the river or claims there is no place.",
            named(*s)
        ),
        PendingView::Claim(s) => {
            let waiting: Vec<String> = view
                .claim
                .iter()
                .flat_map(|c| c.waiting.iter().map(|w| named(*w)))
                .collect();
            format!(
                "{} claims there is no place for the Morlock; waiting for {} to challenge or accept.",
                named(*s),
                and_list(&waiting)
            )
        }
        PendingView::Expose { drawer, challenger } => format!(
            "{} lost the challenge and places the Morlock; then {} strikes a number.",
            named(*drawer),
            named(*challenger)
        ),
        PendingView::Strike { chooser, loser } => format!(
            "{} names a number of {} to strike.",
            named(*chooser),
            named(*loser)
        ),
        PendingView::Over => "the game is over.".into(),
    };
    format!("{wait}{last}")
}

/// The banners, the Hurenweibel, the bag, the discard pile and any hands a challenge showed.
fn table(view: &KomarnView, players: &[String]) -> String {
    let mut out = format!(" {} on the river", plural(view.banners.len(), "banner"));
    let commanders: Vec<String> = view
        .players
        .iter()
        .enumerate()
        .filter_map(|(seat, _)| {
            let mine: Vec<_> = view
                .banners
                .iter()
                .filter(|b| b.commander == Some(seat))
                .collect();
            let value: u32 = mine.iter().map(|b| b.value).sum();
            (!mine.is_empty()).then(|| {
                format!(
                    "{} commands {} worth {value}",
                    who(players, seat),
                    mine.len()
                )
            })
        })
        .collect();
    if !commanders.is_empty() {
        out.push_str(&format!(" ({})", commanders.join(", ")));
    }
    out.push('.');
    if let Some(h) = view.hurenweibel {
        out.push_str(&format!(" {} holds the Hurenweibel.", who(players, h)));
    }
    out.push_str(&format!(
        " Bag: {}, {} left; {} discarded.",
        plural(view.bag_size, "tile"),
        plural(usize::from(view.morlocks_left), "Morlock"),
        plural(view.discard.len(), "number")
    ));
    for (seat, numbers) in &view.revealed_hands {
        out.push_str(&format!(
            " {}'s hand shown in the challenge: {}.",
            who(players, *seat),
            list(numbers)
        ));
    }
    out
}

/// One player's supplies and banners.
fn supplies(view: &KomarnView, p: &PlayerView, players: &[String], seat: Seat) -> String {
    let commanded: Vec<_> = view
        .banners
        .iter()
        .filter(|b| b.commander == Some(seat))
        .collect();
    let mut out = format!(
        "{} ({}): {} Heller; in supply {}, {} Weibel, {}; {} in hand; commands {}",
        who(players, seat),
        p.color,
        p.heller,
        plural(usize::from(p.soldiers_in_supply), "soldier"),
        p.weibel_in_supply,
        plural(usize::from(p.camps_left), "camp"),
        plural(usize::from(p.hand_size), "number"),
        plural(commanded.len(), "banner"),
    );
    if !commanded.is_empty() {
        let value: u32 = commanded.iter().map(|b| b.value).sum();
        out.push_str(&format!(" worth {value}"));
    }
    if view.hurenweibel == Some(seat) {
        out.push_str("; holds the Hurenweibel");
    }
    if !p.active {
        out.push_str("; left the game");
    }
    out.push('.');
    out
}

/// One player's numbers, if the view shows them; else only how many.
fn hand(p: &PlayerView, players: &[String], seat: Seat) -> String {
    let name = who(players, seat);
    match &p.hand {
        Some(numbers) if numbers.is_empty() => format!("{name} holds no numbers."),
        Some(numbers) => format!("{name}'s numbers: {}.", list(numbers)),
        None => format!(
            "{name} holds {}, not shown.",
            plural(usize::from(p.hand_size), "number")
        ),
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;
    use crate::games::Game;
    use crate::games::komarn::{Komarn, KomarnOptions};

    fn names() -> Vec<String> {
        vec!["Ann".into(), "Ben".into(), "Cy".into()]
    }

    /// Every number written in `text`, as whole words.
    fn numbers_in(text: &str) -> BTreeSet<usize> {
        text.split(|c: char| !c.is_ascii_digit())
            .filter_map(|w| w.parse().ok())
            .collect()
    }

    #[test]
    fn names_who_plays_lists_the_hand_and_keeps_hands_secret() {
        let game = Komarn::new(3, &KomarnOptions::default(), 1).unwrap();
        let table_view = game.view(None);
        let mover = table_view.to_move.unwrap();
        let table = describe(&table_view, &names(), Layout::Table);
        let colour = table_view.players[mover].color;
        assert!(table.starts_with("Banner von Komarn: "), "{table}");
        assert!(
            table.contains(&format!("{} ({colour}) to play a number", names()[mover])),
            "{table}"
        );

        // The viewer's hand is named number by number.
        let own = game.view(Some(0));
        let numbers = own.players[0].hand.clone().unwrap();
        assert!(!numbers.is_empty());
        let words = numbers_in(&describe(&own, &names(), Layout::Hand(0)));
        for n in &numbers {
            assert!(words.contains(&usize::from(*n)), "{n} missing");
        }
        // Another seat's hand in the same view: only its size.
        let other = describe(&own, &names(), Layout::Hand(1));
        assert!(other.contains("Ben holds 5 numbers, not shown"), "{other}");

        // The table names no hand's numbers, except where a public count happens to be equal.
        let public: BTreeSet<usize> = table_view
            .players
            .iter()
            .flat_map(|p| [p.heller as usize, usize::from(p.hand_size)])
            .chain([
                table_view.bag_size,
                usize::from(table_view.morlocks_left),
                table_view.discard.len(),
                table_view.banners.len(),
            ])
            .collect();
        let shown = numbers_in(&table);
        let mut checked = 0;
        for seat in 0..3 {
            let hand = game.view(Some(seat)).players[seat].hand.clone().unwrap();
            for n in hand.into_iter().map(usize::from) {
                if !public.contains(&n) {
                    checked += 1;
                    assert!(!shown.contains(&n), "hand number {n} in: {table}");
                }
            }
        }
        assert!(
            checked >= 10,
            "only {checked} hand numbers could be checked"
        );
    }
}
