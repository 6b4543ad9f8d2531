//! Small helpers for the games' descriptions in words (`describe.rs` of each game).

use super::Seat;
use crate::t;

/// A seat by its player's name, or "seat N" when the name is missing.
pub(crate) fn who(players: &[String], seat: Seat) -> String {
    match players.get(seat) {
        Some(n) if !n.is_empty() => n.clone(),
        _ => t!("words-seat", n = seat + 1),
    }
}

/// A seat as a result names it: "ann (Red)" — the name (cut to `chars` for an image) and the
/// seat's label, as the table's announcements write a player.
pub(crate) fn labelled(players: &[String], seat: Seat, label: &str, chars: usize) -> String {
    format!(
        "{} ({label})",
        crate::render::short_name(&who(players, seat), chars)
    )
}

/// "Ann, Ben and Cy"; "nobody" for none.
pub(crate) fn and_list(items: &[String]) -> String {
    match items {
        [] => t!("words-nobody"),
        [one] => one.clone(),
        [init @ .., last] => t!("words-and", init = init.join(", "), last = last),
    }
}

/// Each seat's name with its value, in seat order: "Ann 12, Ben 10, seat 3 8".
pub(crate) fn per_seat<T: std::fmt::Display>(
    players: &[String],
    values: impl IntoIterator<Item = T>,
) -> String {
    values
        .into_iter()
        .enumerate()
        .map(|(seat, v)| format!("{} {v}", who(players, seat)))
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_read_as_english() {
        let names = vec!["Ann".to_string(), String::new()];
        assert_eq!(who(&names, 0), "Ann");
        assert_eq!(who(&names, 1), "seat 2");
        assert_eq!(who(&names, 5), "seat 6");
        assert_eq!(and_list(&[]), "nobody");
        assert_eq!(and_list(&names[..1]), "Ann");
        let three = ["A", "B", "C"].map(String::from);
        assert_eq!(and_list(&three), "A, B and C");
        assert_eq!(per_seat(&names, [12, 10, 8]), "Ann 12, seat 2 10, seat 3 8");
    }

    #[test]
    fn words_read_as_german_and_dutch_in_their_scopes() {
        use crate::i18n::{Lang, scope};
        let three = ["A", "B", "C"].map(String::from);
        assert_eq!(scope(Lang::De, || and_list(&three)), "A, B und C");
        assert_eq!(scope(Lang::Nl, || and_list(&three)), "A, B en C");
        assert_eq!(scope(Lang::De, || who(&[], 1)), "Platz 2");
        assert_eq!(scope(Lang::Nl, || and_list(&[])), "niemand");
    }
}
