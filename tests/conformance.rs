//! The generic conformance suite (`tests/conformance/mod.rs`) on every game.

#[path = "conformance/mod.rs"]
mod suite;

use std::panic::{AssertUnwindSafe, catch_unwind};

use spieltisch::games::donquixote::{DonQuixote, DonQuixoteOptions};
use spieltisch::games::dvonn::{Dvonn, DvonnOptions};
use spieltisch::games::{AnyGame, AnyOptions, Seat};
use suite::{AnyHooks, Config};

/// Dvonn has no hidden information: no seat has secrets.
fn no_secrets(_: &Dvonn, _: Seat) -> Vec<String> {
    Vec::new()
}

/// ... and nothing hidden from everybody.
fn nothing_hidden(_: &Dvonn) -> Vec<String> {
    Vec::new()
}

fn dvonn(label: &'static str, profi: bool, seeds: std::ops::Range<u64>) -> Config<'static, Dvonn> {
    let options = DvonnOptions { profi };
    Config {
        label,
        options: options.clone(),
        players: 2,
        seeds: seeds.collect(),
        // 49 placements, then every move merges two stacks: at most 48 moves.
        max_actions: 49 + 48,
        legal_moves_complete: true,
        expect_rng: true,
        secrets: &no_secrets,
        hidden: &nothing_hidden,
        any: Some(AnyHooks {
            options: AnyOptions::Dvonn(options),
            wrap: AnyGame::Dvonn,
        }),
    }
}

#[test]
fn dvonn_random_setup_conforms() {
    suite::run(&dvonn("dvonn", false, 0..24));
}

#[test]
fn dvonn_profi_conforms() {
    suite::run(&dvonn("dvonn profi", true, 100..106));
}

#[test]
fn dvonn_conforms_without_the_enum() {
    let mut config = dvonn("dvonn (typed only)", false, 1000..1004);
    config.any = None;
    suite::run(&config);
}

/// The suite has teeth: a declared secret that shows in other views fails it.
#[test]
fn the_suite_catches_a_leaked_secret() {
    let leak = |_: &Dvonn, seat: Seat| {
        if seat == 1 {
            vec!["\"fields\"".to_string()]
        } else {
            Vec::new()
        }
    };
    let mut config = dvonn("dvonn with a leak", false, 0..1);
    config.secrets = &leak;
    let result = catch_unwind(AssertUnwindSafe(|| suite::run(&config)));
    let Err(panic) = result else {
        panic!("a secret in the public view went unnoticed");
    };
    let message = panic.downcast_ref::<String>().cloned().unwrap_or_default();
    assert!(message.contains("secret"), "{message}");
}

/// The suite has teeth: a game that never ends within the bound fails it.
#[test]
fn the_suite_catches_an_endless_game() {
    let mut config = dvonn("dvonn with a tiny bound", false, 0..1);
    config.max_actions = 5;
    let result = catch_unwind(AssertUnwindSafe(|| suite::run(&config)));
    let Err(panic) = result else {
        panic!("a game longer than its bound went unnoticed");
    };
    let message = panic.downcast_ref::<String>().cloned().unwrap_or_default();
    assert!(message.contains("not finished"), "{message}");
}

// ---------------------------------------------------------------------------------------------
// DonQuixote: hands and placements are public; the position cards still to come are not.

/// Hands and boards are public: no seat has secrets.
fn dq_no_secrets(_: &DonQuixote, _: Seat) -> Vec<String> {
    Vec::new()
}

/// The position cards not yet revealed, read from the serialized state (the engine offers no
/// accessor for them): their order as a JSON list, and each of those fields as a JSON string
/// (a future field has no tile on any board, so no view may even name it).
fn dq_future_cards(game: &DonQuixote) -> Vec<String> {
    let state = serde_json::to_value(game).expect("a state serializes");
    let step = state["step"].as_u64().expect("a step") as usize;
    let order = state["order"].as_array().expect("an order");
    assert_eq!(order.len(), 22, "22 position cards");
    let future = &order[(step + 1).min(order.len())..];
    let mut hidden: Vec<String> = future.iter().map(|f| f.to_string()).collect();
    if future.len() >= 2 {
        hidden.push(serde_json::to_string(future).expect("a list serializes"));
    }
    hidden
}

fn donquixote(
    label: &'static str,
    players: usize,
    seeds: std::ops::Range<u64>,
) -> Config<'static, DonQuixote> {
    let options = DonQuixoteOptions::default();
    Config {
        label,
        options: options.clone(),
        players,
        seeds: seeds.collect(),
        // Every seat places 22 tiles.
        max_actions: 22 * players,
        legal_moves_complete: true,
        expect_rng: true,
        secrets: &dq_no_secrets,
        hidden: &dq_future_cards,
        any: Some(AnyHooks {
            options: AnyOptions::DonQuixote(options),
            wrap: AnyGame::DonQuixote,
        }),
    }
}

#[test]
fn donquixote_solitaire_conforms() {
    suite::run(&donquixote("donquixote 1 player", 1, 0..12));
}

#[test]
fn donquixote_two_players_conform() {
    suite::run(&donquixote("donquixote 2 players", 2, 100..108));
}

#[test]
fn donquixote_three_players_conform() {
    suite::run(&donquixote("donquixote 3 players", 3, 200..205));
}

#[test]
fn donquixote_four_players_conform() {
    suite::run(&donquixote("donquixote 4 players", 4, 300..304));
}

#[test]
fn donquixote_conforms_without_the_enum() {
    let mut config = donquixote("donquixote (typed only)", 2, 400..402);
    config.any = None;
    suite::run(&config);
}

/// The suite has teeth: something declared hidden from everybody that shows in a view fails it.
#[test]
fn the_suite_catches_a_hidden_string_in_a_view() {
    let leak = |_: &DonQuixote| vec!["\"castles\"".to_string()];
    let mut config = donquixote("donquixote with a leak", 1, 0..1);
    config.hidden = &leak;
    let result = catch_unwind(AssertUnwindSafe(|| suite::run(&config)));
    let Err(panic) = result else {
        panic!("a hidden string in a view went unnoticed");
    };
    let message = panic.downcast_ref::<String>().cloned().unwrap_or_default();
    assert!(message.contains("hidden"), "{message}");
}
