//! The generic conformance suite (`tests/conformance/mod.rs`) on every game.

#[path = "conformance/mod.rs"]
mod suite;

use std::panic::{AssertUnwindSafe, catch_unwind};

use spieltisch::games::dvonn::{Dvonn, DvonnOptions};
use spieltisch::games::{AnyGame, AnyOptions, Seat};
use suite::{AnyHooks, Config};

/// Dvonn has no hidden information: no seat has secrets.
fn no_secrets(_: &Dvonn, _: Seat) -> Vec<String> {
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
