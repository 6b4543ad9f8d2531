//! The generic conformance suite (`tests/support/conformance.rs`) on every game.

use std::panic::{AssertUnwindSafe, catch_unwind};

use crate::support::conformance::{self as suite, AnyHooks, Config};
use spieltisch::games::burg::{Burg, BurgOptions, Stage};
use spieltisch::games::donquixote::{DonQuixote, DonQuixoteOptions};
use spieltisch::games::dvonn::{Dvonn, DvonnOptions};
use spieltisch::games::komarn::{Komarn, KomarnOptions};
use spieltisch::games::{AnyGame, AnyOptions, Game, Seat};

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
// DonQuixote: boards and hands are public, but a placement is its player's alone until every
// player has placed the step's tile (in a game of several); the position cards still to come
// are nobody's.

/// A seat's placement on the step's field while it is not revealed: its own board as its own
/// view shows it, in its place in the list of boards (two seats may place the same tile, so
/// the tile alone would not tell whose it is).
fn dq_unrevealed_placement(game: &DonQuixote, seat: Seat) -> Vec<String> {
    let state = serde_json::to_value(game).expect("a state serializes");
    let step = state["step"].as_u64().expect("a step") as usize;
    let players = state["players"].as_array().expect("players").len();
    let Some(field) = state["order"].get(step) else {
        return Vec::new();
    };
    let own = game.view(Some(seat));
    let placed = own.players[seat]
        .tiles
        .iter()
        .any(|t| serde_json::to_value(t.field).expect("a field") == *field);
    if players < 2 || !placed {
        return Vec::new();
    }
    let boards: Vec<String> = own.players[..=seat]
        .iter()
        .map(|b| serde_json::to_string(b).expect("a board serializes"))
        .collect();
    vec![format!("\"players\":[{}", boards.join(","))]
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
        secrets: &dq_unrevealed_placement,
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

// ---------------------------------------------------------------------------------------------
// Im Schutze der Burg: the cards chosen before the reveal are each chooser's secret; the order
// of the winter deck is nobody's business.

/// A seat's unrevealed choice, exactly as its own view serializes it (seat, colour and the
/// chosen cards by name): no other view may contain it. The closure checks that the owner's
/// view does contain it, so the test stays meaningful if the view changes shape.
fn burg_secret_choice(game: &Burg, seat: Seat) -> Vec<String> {
    let own = game.view(Some(seat));
    if own.stage != Stage::Choosing || own.players[seat].chosen.is_empty() {
        return Vec::new();
    }
    let p = &own.players[seat];
    let fragment = format!(
        "\"seat\":{seat},\"color\":{},\"has_chosen\":true,\"chosen\":{}",
        serde_json::to_string(&p.color).expect("a colour serializes"),
        serde_json::to_string(&p.chosen).expect("cards serialize"),
    );
    let json = serde_json::to_string(&own).expect("a view serializes");
    assert!(
        json.contains(&fragment),
        "the owner's view does not show {fragment}"
    );
    vec![fragment]
}

/// The winter cards still in the deck: each by name, and their order.
fn burg_winter_deck(game: &Burg) -> Vec<String> {
    let state = serde_json::to_value(game).expect("a state serializes");
    let deck = state["winter_deck"].as_array().expect("a winter deck");
    let mut hidden: Vec<String> = deck.iter().map(|c| c.to_string()).collect();
    if deck.len() >= 2 {
        hidden.push(serde_json::to_string(deck).expect("a list serializes"));
    }
    hidden
}

fn burg(
    label: &'static str,
    players: usize,
    winter: bool,
    seeds: std::ops::Range<u64>,
) -> Config<'static, Burg> {
    let options = BurgOptions { winter };
    Config {
        label,
        options: options.clone(),
        players,
        seeds: seeds.collect(),
        // At most 15 rounds; per round and player at most two cards of about ten decisions.
        max_actions: 15 * players * 24,
        legal_moves_complete: true,
        expect_rng: true,
        secrets: &burg_secret_choice,
        hidden: &burg_winter_deck,
        any: Some(AnyHooks {
            options: AnyOptions::Burg(options),
            wrap: AnyGame::Burg,
        }),
    }
}

#[test]
fn burg_two_players_conform() {
    suite::run(&burg("burg 2 players", 2, false, 500..503));
}

#[test]
fn burg_three_players_conform() {
    suite::run(&burg("burg 3 players", 3, false, 600..602));
}

#[test]
fn burg_four_players_conform() {
    suite::run(&burg("burg 4 players", 4, false, 700..702));
}

#[test]
fn burg_winter_conforms() {
    suite::run(&burg("burg 2 players winter", 2, true, 800..802));
    suite::run(&burg("burg 3 players winter", 3, true, 810..812));
    suite::run(&burg("burg 4 players winter", 4, true, 820..822));
}

#[test]
fn burg_conforms_without_the_enum() {
    let mut config = burg("burg (typed only)", 3, true, 900..901);
    config.any = None;
    suite::run(&config);
}

/// The suite has teeth for this game too: showing a secret choice in every view fails it.
#[test]
fn the_suite_catches_a_leaked_choice() {
    let leak = |game: &Burg, seat: Seat| {
        let mut secrets = burg_secret_choice(game, seat);
        // Declare the public part of a choosing seat as secret: it is in every view.
        if game.view(None).stage == Stage::Choosing {
            secrets.push(format!("\"seat\":{seat},\"color\""));
        }
        secrets
    };
    let mut config = burg("burg with a leak", 2, false, 0..1);
    config.secrets = &leak;
    let result = catch_unwind(AssertUnwindSafe(|| suite::run(&config)));
    let Err(panic) = result else {
        panic!("a secret in the public view went unnoticed");
    };
    let message = panic.downcast_ref::<String>().cloned().unwrap_or_default();
    assert!(message.contains("secret"), "{message}");
}

// ---------------------------------------------------------------------------------------------
// Banner von Komarn: every hand is its owner's secret (except numbers revealed by a challenge);
// the bag's order is nobody's business.

/// A seat's hand as its own view serializes it (`[3,17,22,40,51]`, sorted): no other view may
/// contain that list. Skipped while the hand is public (every number in it was revealed by the
/// last challenge) and for hands of fewer than three numbers (too short to be told apart from
/// other lists). The closure checks that the owner's view does show it as its hand, so the test
/// stays meaningful if the view changes shape.
fn komarn_hand(game: &Komarn, seat: Seat) -> Vec<String> {
    let hand = game.hand(seat);
    let revealed = game
        .revealed()
        .iter()
        .any(|(s, shown)| *s == seat && hand.iter().all(|k| shown.contains(k)));
    if hand.len() < 3 || revealed {
        return Vec::new();
    }
    let list = serde_json::to_string(hand).expect("a hand serializes");
    let own = serde_json::to_string(&game.view(Some(seat))).expect("a view serializes");
    assert!(
        own.contains(&format!("\"hand\":{list}")),
        "the owner's view does not show the hand {list}"
    );
    vec![list]
}

/// The bag, read from the serialized state (the engine offers no accessor): its tiles as
/// stored, the numbers in draw order, and the next three numbers to be drawn.
fn komarn_bag(game: &Komarn) -> Vec<String> {
    let state = serde_json::to_value(game).expect("a state serializes");
    let tiles = state["bag"]["tiles"].as_array().expect("a bag");
    let mut hidden = vec![serde_json::to_string(tiles).expect("tiles serialize")];
    let numbers: Vec<u64> = tiles
        .iter()
        .rev()
        .filter_map(|t| t["Number"].as_u64())
        .collect();
    if numbers.len() >= 3 {
        hidden.push(serde_json::to_string(&numbers).expect("a list serializes"));
        hidden.push(serde_json::to_string(&numbers[..3]).expect("a list serializes"));
    }
    hidden
}

fn komarn(
    label: &'static str,
    players: usize,
    seeds: std::ops::Range<u64>,
) -> Config<'static, Komarn> {
    let options = KomarnOptions::default();
    Config {
        label,
        options: options.clone(),
        players,
        seeds: seeds.collect(),
        // Every turn places at least one soldier (or discards when nothing fits); Morlocks,
        // claims and strikes add a few actions. Random games take about 60–90 actions.
        max_actions: 600,
        legal_moves_complete: true,
        expect_rng: true,
        secrets: &komarn_hand,
        hidden: &komarn_bag,
        any: Some(AnyHooks {
            options: AnyOptions::Komarn(options),
            wrap: AnyGame::Komarn,
        }),
    }
}

#[test]
fn komarn_three_players_conform() {
    suite::run(&komarn("komarn 3 players", 3, 0..4));
}

#[test]
fn komarn_four_players_conform() {
    suite::run(&komarn("komarn 4 players", 4, 100..104));
}

#[test]
fn komarn_conforms_without_the_enum() {
    let mut config = komarn("komarn (typed only)", 3, 200..202);
    config.any = None;
    suite::run(&config);
}

/// The suite has teeth: a Komarn secret shown in another seat's view fails it.
#[test]
fn the_suite_catches_a_leaked_komarn_secret() {
    let leak = |game: &Komarn, seat: Seat| {
        // Declares seat 1's *public* soldier supply as a secret: every view shows it.
        if seat == 1 {
            vec![format!("\"soldiers_in_supply\":{}", game.supply(1))]
        } else {
            Vec::new()
        }
    };
    let mut config = komarn("komarn with a leak", 3, 0..1);
    config.secrets = &leak;
    let result = catch_unwind(AssertUnwindSafe(|| suite::run(&config)));
    let Err(panic) = result else {
        panic!("a secret in the public view went unnoticed");
    };
    let message = panic.downcast_ref::<String>().cloned().unwrap_or_default();
    assert!(message.contains("secret"), "{message}");
}

/// Every registered game runs through the suite above: a game added to the registration
/// without a conformance run here fails this test.
#[test]
fn every_registered_game_runs_through_the_suite() {
    let covered = ["dvonn", "donquixote", "burg", "komarn"];
    for kind in spieltisch::games::GameKind::ALL {
        assert!(
            covered.contains(&kind.info().id),
            "{} has no conformance run in tests/rules/conformance.rs",
            kind.info().name
        );
    }
}

/// The suite's core checks through the registration alone, for every registered game with its
/// default options and every player count it seats: legal moves apply, a move that is not one is
/// refused with the state unchanged, the state round-trips through storage, every view
/// serializes, and the game ends with a rank for every seat.
#[test]
fn every_registered_game_conforms_through_the_enum() {
    use rand::SeedableRng;
    use rand::seq::IndexedRandom;
    use rand_chacha::ChaCha8Rng;
    use spieltisch::games::GameKind;
    for kind in GameKind::ALL {
        let info = kind.info();
        for players in info.min_players..=info.max_players {
            for seed in 0..2u64 {
                let at = format!("{} ×{players} seed {seed}", info.id);
                let mut game = AnyGame::new(&kind.default_options(), players, seed)
                    .unwrap_or_else(|e| panic!("{at}: {e}"));
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                for step in 0..20_000 {
                    let stored = serde_json::to_string(&game).expect("serializes");
                    let back: AnyGame = serde_json::from_str(&stored).expect("deserializes");
                    assert_eq!(back, game, "{at} step {step}: storage round-trip");
                    for viewer in std::iter::once(None).chain((0..players).map(Some)) {
                        serde_json::to_string(&game.view(viewer)).expect("a view serializes");
                    }
                    let movers: Vec<Seat> = (0..players)
                        .filter(|s| !game.legal_moves(*s).is_empty())
                        .collect();
                    let Some(&seat) = movers.choose(&mut rng) else {
                        break;
                    };
                    let before = game.clone();
                    assert!(
                        game.play(seat, "no such move ¶").is_err(),
                        "{at}: nonsense played"
                    );
                    assert_eq!(game, before, "{at}: a refused move changed the state");
                    let legal = game.legal_moves(seat);
                    let mv = legal.choose(&mut rng).expect("a legal move");
                    game.play(seat, mv)
                        .unwrap_or_else(|e| panic!("{at}: legal {mv} refused: {e}"));
                }
                if let Some(outcome) = game.outcome() {
                    assert_eq!(outcome.ranks.len(), players, "{at}");
                    assert_eq!(outcome.scores.len(), players, "{at}");
                }
            }
        }
    }
}
