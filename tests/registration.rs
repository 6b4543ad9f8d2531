//! The one registration carries a game everywhere: every game in [`GameKind::ALL`] (the list in
//! `src/games/any.rs`) is offered by `/games`, `/rules` and `/join` under its id and aliases,
//! takes its options, starts, plays through the table service to the end, exports, and draws —
//! nothing outside the game's folder and that list has to name it.

use std::sync::Arc;

use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use spieltisch::app::App;
use spieltisch::games::GameKind;
use spieltisch::render::Renderer;
use spieltisch::store::SledStore;
use spieltisch::table::{Command, ManualTimeSource, Reply, Seeding, User};

const NAMES: [&str; 4] = ["ann", "ben", "cy", "dot"];

fn say(service: &App, channel: &str, user: &str, text: &str, private: bool) -> Vec<Reply> {
    let mut cmd = Command::new(channel, User::named(user), text);
    cmd.private = private;
    service.handle(&cmd)
}

#[test]
fn every_registered_game_is_offered_played_exported_and_drawn() {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(SledStore::open(dir.path()).unwrap());
    let service = App::open(
        store,
        Arc::new(ManualTimeSource::new(1_000_000)),
        Seeding::Fixed(5),
    )
    .unwrap()
    .with_limits(spieltisch::league::Limits::unmetered());
    let renderer = Renderer::new();
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let games = say(&service, "#x", "ann", "/games", false)[0].text.clone();
    assert!(!GameKind::ALL.is_empty());
    for kind in GameKind::ALL {
        let info = kind.info();
        let channel = format!("#{}", info.id);
        // Offered and explained.
        assert!(games.contains(info.name), "/games lists {}", info.name);
        assert!(games.contains(&format!("/join {}", info.id)));
        let rules = say(&service, "#x", "ann", &format!("/rules {}", info.id), false);
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
        let opened = say(
            &service,
            &channel,
            NAMES[0],
            &format!("/join {} {} log", info.id, words.join(" ")),
            false,
        );
        assert!(!opened[0].error, "{}: {}", info.id, opened[0].text);
        let players = info.min_players.max(2).min(info.max_players);
        for name in &NAMES[1..players] {
            assert!(!say(&service, &channel, name, "/join", false)[0].error);
        }
        let started = say(&service, &channel, NAMES[0], "/start", false);
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
                .map(|n| (*n, service.legal_moves(&channel, &User::named(n))))
                .filter(|(_, m)| !m.is_empty())
                .collect();
            let Some((who, legal)) = movers.choose(&mut rng) else {
                break;
            };
            let mv = &legal[rng.random_range(0..legal.len())];
            let replies = say(&service, &channel, who, &format!("/move {mv}"), true);
            assert!(
                replies.iter().all(|r| !r.error),
                "{}: {mv}: {replies:?}",
                info.id
            );
            moves += 1;
        }
        assert!(moves > 0, "{} was played", info.id);
        let status = say(&service, &channel, "eve", "/status", false);
        assert!(status[0].text.contains(info.name), "{}", status[0].text);
        let export = say(&service, &channel, "eve", "/export", false);
        let doc: serde_json::Value = serde_json::from_str(&export[0].text).unwrap();
        assert_eq!(doc["game"], info.id);
        let log = say(&service, &channel, "eve", "/log", false);
        assert!(!log[0].error && !log[0].text.is_empty(), "{}", log[0].text);
        let hand = say(&service, &channel, NAMES[0], "/hand", true);
        let view = hand[0].board.as_ref().expect("a private view");
        renderer.render(view).expect("the hand draws");
    }
}
