//! Banner von Komarn at a table, through the table service's public API on a real sled store:
//! three players join and start; no public reply, board, `/status`, `/export` or `/log` shows a
//! hand; `/hand` shows the player's own numbers only; a claim's challenge window runs on the
//! table's clock, survives a restart, and silence accepts.

use std::time::Duration;

use spieltisch::games::AnyView;
use spieltisch::games::komarn::KomarnView;
use spieltisch::table::Reply;

use crate::support::{Harness, assert_refusal, legal, ok, privately, say, say_with, setup, ticked};

const CH: &str = "#komarn";
const PLAYERS: [&str; 3] = ["alice", "bob", "carol"];

/// The service, keeping every reply for [`check_secrecy`].
fn open() -> Harness {
    setup().seed(8).recording().fresh()
}

fn komarn(view: &AnyView) -> &KomarnView {
    match view {
        AnyView::Komarn(v) => v,
        other => panic!("not a Komarn view: {other:?}"),
    }
}

/// Each player's hand, from their private `/hand`.
fn own_hands(h: &Harness) -> Vec<Vec<u8>> {
    PLAYERS
        .iter()
        .enumerate()
        .map(|(seat, user)| {
            let replies = say_with(h, CH, user, "/hand", privately);
            let reply = replies.iter().find(|r| r.board.is_some()).expect("a view");
            assert_eq!(reply.to.as_ref().map(|u| u.name.as_str()), Some(*user));
            let view = komarn(&reply.board.as_ref().unwrap().view);
            for (other, p) in view.players.iter().enumerate() {
                if other != seat {
                    assert!(
                        p.hand.is_none() || !view.revealed_hands.is_empty(),
                        "{user} sees seat {other}'s hand"
                    );
                }
            }
            view.players[seat].hand.clone().expect("the own hand")
        })
        .collect()
}

/// Public replies never carry a private draw; public views carry no hand (unless revealed
/// by a challenge); private replies go to one player.
fn check_secrecy(h: &Harness) {
    for reply in &h.heard() {
        if reply.to.is_none() {
            assert!(!reply.text.contains("You draw"), "public: {}", reply.text);
            if let Some(board) = &reply.board {
                let view = komarn(&board.view);
                for (seat, p) in view.players.iter().enumerate() {
                    assert!(
                        p.hand.is_none() || view.revealed_hands.iter().any(|(s, _)| *s == seat),
                        "a public board shows seat {seat}'s hand"
                    );
                }
            }
        }
    }
}

/// Plays the first camp-less legal move of whoever is to act, until someone holds a drawn
/// Morlock; returns that player.
fn play_until_a_morlock(h: &Harness) -> &'static str {
    for _ in 0..400 {
        for user in PLAYERS {
            let legal = legal(h, CH, user);
            if legal.iter().any(|m| m == "morlock none") {
                return user;
            }
            if let Some(mv) = legal.iter().find(|m| !m.contains("camp")) {
                let mv = mv.clone();
                ok(h, CH, user, &format!("/move {mv}"));
                break;
            }
        }
    }
    panic!("no Morlock drawn");
}

#[test]
fn a_komarn_table_keeps_hands_secret_and_times_claims_across_a_restart() {
    let h = open();
    let time = h.clock.clone();
    ok(&h, CH, "alice", "/join komarn challenge=30s log");
    ok(&h, CH, "bob", "/join");
    ok(&h, CH, "carol", "/join");
    let started = ok(&h, CH, "alice", "/start");
    assert!(started.iter().any(|r| r.to.is_none() && r.board.is_some()));

    let hands = own_hands(&h);
    for hand in &hands {
        assert_eq!(hand.len(), 5);
    }
    let drawer = play_until_a_morlock(&h);
    let replies = ok(&h, CH, drawer, "/move morlock none");
    let public = replies
        .iter()
        .find(|r| r.to.is_none())
        .expect("an announcement");
    assert!(public.text.contains("challenge"), "{}", public.text);
    let answerers: Vec<&str> = PLAYERS.iter().copied().filter(|u| *u != drawer).collect();
    for user in &answerers {
        assert_eq!(legal(&h, CH, user), ["challenge", "accept"]);
    }
    // The drawer may not answer; a refusal changes nothing.
    let refusal = say(&h, CH, drawer, "/move challenge");
    assert_refusal(&refusal[0], "play-not-your-turn");

    // 20 seconds pass, then the service restarts; the wait resumes where it was.
    time.advance(Duration::from_secs(20));
    assert!(ticked(&h).is_empty());
    let h = h.restart();
    time.advance(Duration::from_secs(5));
    assert!(ticked(&h).is_empty(), "25 of 30 seconds");
    for user in &answerers {
        assert_eq!(legal(&h, CH, user), ["challenge", "accept"]);
    }
    time.advance(Duration::from_secs(6));
    let closed = ticked(&h);
    let text: Vec<&str> = closed.iter().map(|(_, r)| r.text.as_str()).collect();
    assert!(text.iter().any(|t| t.contains("claim stands")), "{text:?}");
    for user in &answerers {
        assert!(!legal(&h, CH, user).contains(&"challenge".to_string()));
    }

    // /status, /export and /log are public and show no hand.
    let hands = own_hands(&h);
    for verb in ["/status", "/export", "/log", "/board"] {
        for reply in say(&h, CH, "observer", verb) {
            for hand in &hands {
                let list = serde_json::to_string(hand).unwrap();
                let spaced: Vec<String> = hand.iter().map(u8::to_string).collect();
                assert!(!reply.text.contains(&list), "{verb}: {}", reply.text);
                assert!(
                    !reply.text.contains(&spaced.join(" ")),
                    "{verb}: {}",
                    reply.text
                );
                assert!(
                    !reply.text.contains(&spaced.join(", ")),
                    "{verb}: {}",
                    reply.text
                );
            }
        }
    }
    check_secrecy(&h);
}

/// `/resign` takes the one path: the table's line, then the game's own forfeit event — the
/// resigning player's numbers go to the discard pile, named as the rules' forfeit does.
#[test]
fn a_resignation_announces_the_numbers_it_discards() {
    let h = open();
    ok(&h, CH, "alice", "/join komarn");
    ok(&h, CH, "bob", "/join");
    ok(&h, CH, "carol", "/join");
    ok(&h, CH, "alice", "/start");
    let hands = own_hands(&h);
    let replies = ok(&h, CH, "alice", "/resign");
    let public: Vec<&Reply> = replies.iter().filter(|r| r.to.is_none()).collect();
    assert_eq!(public.len(), 1, "{replies:?}");
    let text = &public[0].text;
    // The colour of alice's seat: the turn order (and so the colours) is dealt at the start.
    let colour = ["Red", "Green", "Blue"]
        .into_iter()
        .find(|c| text.contains(&format!("alice ({c}) resigns.")))
        .unwrap_or_else(|| panic!("alice resigns in her colour: {text}"));
    let numbers: Vec<String> = hands[0].iter().map(u8::to_string).collect();
    assert!(
        text.contains(&format!(
            "{colour} resigns and ranks last; their numbers ({}) go to the discard pile",
            numbers.join(", ")
        )),
        "the game's forfeit event is announced: {text}"
    );
    assert!(public[0].board.is_some(), "with the board");
    // The game goes on with two players; the discard pile on the board holds the numbers.
    let view = komarn(&public[0].board.as_ref().unwrap().view);
    for n in &hands[0] {
        assert!(view.discard.contains(n), "{n} is on the discard pile");
    }
    assert!(!view.players[0].active);
    check_secrecy(&h);
}

/// A wait for answers closed by the table's timer takes the same path as a move: the public
/// announcement goes to the channel, and what the drawer then draws reaches the drawer alone.
#[test]
fn a_closing_window_tells_the_drawer_alone_what_they_draw() {
    let h = open();
    let time = h.clock.clone();
    ok(&h, CH, "alice", "/join komarn challenge=10s");
    ok(&h, CH, "bob", "/join");
    ok(&h, CH, "carol", "/join");
    ok(&h, CH, "alice", "/start");
    let drawer = play_until_a_morlock(&h);
    ok(&h, CH, drawer, "/move morlock none");
    time.advance(Duration::from_secs(11));
    let closed: Vec<Reply> = ticked(&h).into_iter().map(|(_, r)| r).collect();
    let public: Vec<&Reply> = closed.iter().filter(|r| r.to.is_none()).collect();
    assert_eq!(public.len(), 1, "one announcement: {closed:?}");
    assert!(public[0].text.contains("The time for answers is up"));
    assert!(
        public[0].text.contains("claim stands"),
        "{}",
        public[0].text
    );
    let private: Vec<&Reply> = closed.iter().filter(|r| r.to.is_some()).collect();
    assert!(
        !private.is_empty(),
        "the drawer draws again after the claim stands: {closed:?}"
    );
    for reply in private {
        assert_eq!(
            reply.to.as_ref().map(|u| u.name.as_str()),
            Some(drawer),
            "a draw goes to its drawer only"
        );
        assert!(reply.text.starts_with("You draw"), "{}", reply.text);
        assert!(!public[0].text.contains(&reply.text));
    }
    check_secrecy(&h);
}
