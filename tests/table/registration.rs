//! The one registration carries a game everywhere: every game in [`GameKind::ALL`] (the list in
//! `src/games/any.rs`) is offered by `/games`, `/rules` and `/join` under its id and aliases,
//! takes its options, starts, plays through the table service to the end, exports, and draws —
//! nothing outside the game's folder and that list has to name it.

use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use spieltisch::games::GameKind;
use spieltisch::render::Renderer;

use crate::support::{legal, plain, privately, say_with, setup};

const NAMES: [&str; 4] = ["ann", "ben", "cy", "dot"];

#[test]
fn every_registered_game_is_offered_played_exported_and_drawn() {
    let service = setup().seed(5).fresh();
    let renderer = Renderer::new();
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let games = say_with(&service, "#x", "ann", "/games", plain)[0]
        .text
        .clone();
    assert!(!GameKind::ALL.is_empty());
    for kind in GameKind::ALL {
        let info = kind.info();
        let channel = format!("#{}", info.id);
        // Offered and explained.
        assert!(games.contains(info.name), "/games lists {}", info.name);
        assert!(games.contains(&format!("/join {}", info.id)));
        let rules = say_with(&service, "#x", "ann", &format!("/rules {}", info.id), plain);
        assert_eq!(rules[0].text, kind.rules());
        for alias in info.aliases {
            assert_eq!(GameKind::from_word(alias), Some(*kind), "alias {alias}");
        }
        // Its own option words are taken at /join.
        let words: Vec<&str> = kind
            .option_help()
            .iter()
            .map(|(w, _)| *w)
            .filter(|w| !w.contains('='))
            .collect();
        let opened = say_with(
            &service,
            &channel,
            NAMES[0],
            &format!("/join {} {} log", info.id, words.join(" ")),
            plain,
        );
        assert!(!opened[0].error, "{}: {}", info.id, opened[0].text);
        let players = info.min_players.max(2).min(info.max_players);
        for name in &NAMES[1..players] {
            assert!(!say_with(&service, &channel, name, "/join", plain)[0].error);
        }
        let started = say_with(&service, &channel, NAMES[0], "/start", plain);
        assert!(!started[0].error, "{}: {}", info.id, started[0].text);
        let board = started[0]
            .board
            .as_ref()
            .expect("the start shows the board");
        let png = renderer.render(board).expect("the board draws");
        assert!(png.bytes.starts_with(b"\x89PNG"));
        // Played to the end with random legal moves (each sent privately, as secret ones must).
        let mut moves = 0;
        for _ in 0..5000 {
            let movers: Vec<(&str, Vec<String>)> = NAMES[..players]
                .iter()
                .map(|n| (*n, legal(&service, &channel, n)))
                .filter(|(_, m)| !m.is_empty())
                .collect();
            let Some((who, legal)) = movers.choose(&mut rng) else {
                break;
            };
            let mv = &legal[rng.random_range(0..legal.len())];
            let replies = say_with(&service, &channel, who, &format!("/move {mv}"), privately);
            assert!(
                replies.iter().all(|r| !r.error),
                "{}: {mv}: {replies:?}",
                info.id
            );
            moves += 1;
        }
        assert!(moves > 0, "{} was played", info.id);
        let status = say_with(&service, &channel, "eve", "/status", plain);
        assert!(status[0].text.contains(info.name), "{}", status[0].text);
        let export = say_with(&service, &channel, "eve", "/export", plain);
        let doc: serde_json::Value = serde_json::from_str(&export[0].text).unwrap();
        assert_eq!(doc["game"], info.id);
        let log = say_with(&service, &channel, "eve", "/log", plain);
        assert!(!log[0].error && !log[0].text.is_empty(), "{}", log[0].text);
        let hand = say_with(&service, &channel, NAMES[0], "/hand", privately);
        let view = hand[0].board.as_ref().expect("a private view");
        renderer.render(view).expect("the hand draws");
    }
}
