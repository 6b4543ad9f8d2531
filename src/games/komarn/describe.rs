//! The river in words: what a screen reader or a text-only client gets instead of the image.

use super::view::{KomarnView, PendingView, PlayerView};
use crate::games::words::{and_list, labelled, per_seat, who};
use crate::games::{Layout, Seat};
use crate::t;

/// "Banner von Komarn: Ann (Red) to play a number. Heller: Ann 12, Ben 8, Cy 0." — then the
/// banners and the bag, one player's supplies or one hand, as `layout` says.
pub fn describe(view: &KomarnView, players: &[String], layout: Layout) -> String {
    let mut out = t!("komarn-describe-head", status = status(view, players));
    if view.outcome.is_none() {
        let heller = per_seat(players, view.players.iter().map(|p| p.heller));
        out.push(' ');
        out.push_str(&t!("komarn-describe-heller", list = heller));
    }
    match layout {
        Layout::Table => out.push_str(&table(view, players)),
        Layout::Seat(seat) => {
            if let Some(p) = view.players.get(seat) {
                out.push(' ');
                out.push_str(&supplies(view, p, players, seat));
                if let Some(numbers) = &p.hand {
                    out.push(' ');
                    out.push_str(&t!(
                        "komarn-describe-numbers-in-hand",
                        numbers = list(numbers)
                    ));
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
        let name = |s: Seat| {
            let color = view
                .players
                .get(s)
                .map(|p| p.color.name())
                .unwrap_or_default();
            labelled(players, s, &color, usize::MAX)
        };
        return t!("komarn-describe-over", verdict = o.verdict(name));
    }
    let named = |seat: Seat| match view.players.get(seat) {
        Some(p) => t!(
            "komarn-describe-named",
            player = who(players, seat),
            color = p.color.name()
        ),
        None => who(players, seat),
    };
    let wait = match &view.pending {
        PendingView::Play(s) => t!("komarn-describe-wait-play", player = named(*s)),
        PendingView::Morlock(s) => t!("komarn-describe-wait-morlock", player = named(*s)),
        PendingView::Claim(s) => {
            let waiting: Vec<String> = view
                .claim
                .iter()
                .flat_map(|c| c.waiting.iter().map(|w| named(*w)))
                .collect();
            t!(
                "komarn-describe-wait-claim",
                player = named(*s),
                waiting = and_list(&waiting)
            )
        }
        PendingView::Expose { drawer, challenger } => t!(
            "komarn-describe-wait-expose",
            drawer = named(*drawer),
            challenger = named(*challenger)
        ),
        PendingView::Strike { chooser, loser } => t!(
            "komarn-describe-wait-strike",
            chooser = named(*chooser),
            loser = named(*loser)
        ),
        PendingView::Over => t!("komarn-describe-wait-over"),
    };
    if view.last_round {
        format!("{wait} {}", t!("komarn-describe-last-round"))
    } else {
        wait
    }
}

/// The banners, the Hurenweibel, the bag, the discard pile and any hands a challenge showed.
fn table(view: &KomarnView, players: &[String]) -> String {
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
                t!(
                    "komarn-describe-commands",
                    player = who(players, seat),
                    count = mine.len(),
                    value = value
                )
            })
        })
        .collect();
    let mut out = String::from(" ");
    if commanders.is_empty() {
        out.push_str(&t!("komarn-describe-banners", count = view.banners.len()));
    } else {
        out.push_str(&t!(
            "komarn-describe-banners-commanded",
            count = view.banners.len(),
            commanders = commanders.join(", ")
        ));
    }
    if let Some(h) = view.hurenweibel {
        out.push(' ');
        out.push_str(&t!("komarn-describe-hurenweibel", player = who(players, h)));
    }
    out.push(' ');
    out.push_str(&t!(
        "komarn-describe-bag",
        tiles = view.bag_size,
        morlocks = usize::from(view.morlocks_left),
        discarded = view.discard.len()
    ));
    for (seat, numbers) in &view.revealed_hands {
        out.push(' ');
        out.push_str(&t!(
            "komarn-describe-revealed",
            player = who(players, *seat),
            numbers = list(numbers)
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
    let mut parts = vec![t!(
        "komarn-describe-supplies",
        player = who(players, seat),
        color = p.color.name(),
        heller = p.heller,
        soldiers = usize::from(p.soldiers_in_supply),
        weibel = p.weibel_in_supply,
        camps = usize::from(p.camps_left),
        hand = usize::from(p.hand_size)
    )];
    if commanded.is_empty() {
        parts.push(t!("komarn-describe-commanding", count = 0usize));
    } else {
        let value: u32 = commanded.iter().map(|b| b.value).sum();
        parts.push(t!(
            "komarn-describe-commanding-worth",
            count = commanded.len(),
            value = value
        ));
    }
    if view.hurenweibel == Some(seat) {
        parts.push(t!("komarn-describe-holds-hurenweibel"));
    }
    if !p.active {
        parts.push(t!("komarn-describe-left"));
    }
    format!("{}.", parts.join("; "))
}

/// One player's numbers, if the view shows them; else only how many.
fn hand(p: &PlayerView, players: &[String], seat: Seat) -> String {
    let name = who(players, seat);
    match &p.hand {
        Some(numbers) if numbers.is_empty() => t!("komarn-describe-hand-empty", player = name),
        Some(numbers) => t!(
            "komarn-describe-hand",
            player = name,
            numbers = list(numbers)
        ),
        None => t!(
            "komarn-describe-hand-hidden",
            player = name,
            count = usize::from(p.hand_size)
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
