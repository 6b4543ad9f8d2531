//! `/replay` and `spieltisch render`: a finished game replays from its record, as an animated
//! GIF over the game's palette, a frame per position; a running game is refused; an export
//! draws any of its positions offline.

use spieltisch::games::GameKind;
use spieltisch::render::Renderer;
use spieltisch::table::exported::{Format, draw};

use crate::support::{Harness, assert_refusal, say, setup};

const CH: &str = "#r";

/// A legal move for whoever is to act, found through `/hand`'s buttons: (player, move).
fn some_move(service: &Harness) -> Option<(String, String)> {
    for user in ["ann", "ben"] {
        let mut ask = "/hand".to_string();
        for _ in 0..4 {
            let replies = say(service, CH, user, &ask);
            let choices: Vec<_> = replies.iter().flat_map(|r| r.choices.clone()).collect();
            match choices.first() {
                Some(c) if c.command.starts_with("/move ") => {
                    return Some((user.to_string(), c.command.clone()));
                }
                Some(c) if c.command.starts_with("/hand ") => ask = c.command.clone(),
                _ => break,
            }
        }
    }
    None
}

/// GIF frames as a viewer composes them.
fn frames(gif: &[u8]) -> usize {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut decoder = options.read_info(gif).expect("a GIF");
    let mut n = 0;
    while decoder.read_next_frame().expect("a frame").is_some() {
        n += 1;
    }
    n
}

#[test]
fn a_finished_game_replays_and_a_running_one_does_not() {
    let service = setup().seed(5).start(0).fresh();
    let store = service.store.clone();
    let renderer = Renderer::new();
    let kind = GameKind::ALL
        .iter()
        .copied()
        .find(|k| (k.info().min_players..=k.info().max_players).contains(&2))
        .expect("a two-player game");
    assert!(!say(&service, CH, "ann", &format!("/join {}", kind.info().id))[0].error);
    assert!(!say(&service, CH, "ben", "/join")[0].error);
    // A lobby has nothing to replay: the refusal points to a finished game.
    let replies = say(&service, CH, "ben", "/replay");
    assert_refusal(&replies[0], "replay-lobby");
    assert!(replies[0].replay.is_none());
    assert!(say(&service, CH, "ann", "/start").iter().all(|r| !r.error));
    let mut played = 0;
    for _ in 0..6 {
        let Some((user, mv)) = some_move(&service) else {
            break;
        };
        let replies = say(&service, CH, &user, &mv);
        assert!(replies.iter().all(|r| !r.error), "{mv}: {replies:?}");
        played += 1;
    }
    assert!(played >= 2, "moves were played");
    // Running: refused, nothing drawn.
    let replies = say(&service, CH, "ann", "/replay");
    assert_eq!(replies.len(), 1);
    assert_refusal(&replies[0], "replay-not-over");
    assert!(replies[0].replay.is_none(), "{:?}", replies[0].text);
    // Garbage is one clear refusal, the same as for a number that names no table.
    for number in ["twelve", "999"] {
        let replies = say(&service, CH, "ann", &format!("/replay {number}"));
        assert_refusal(&replies[0], "table-number-unknown");
        assert!(
            replies[0].text.contains(&format!("`{number}`")),
            "{}",
            replies[0].text
        );
    }

    // Finished (a resignation): every position, the start, each move, the resignation.
    assert!(say(&service, CH, "ann", "/resign").iter().all(|r| !r.error));
    let replies = say(&service, CH, "ben", "/replay");
    assert_eq!(replies.len(), 1);
    let reply = &replies[0];
    assert!(!reply.error, "{}", reply.text);
    let replay = reply.replay.as_ref().expect("a replay");
    assert_eq!(
        replay.frames.len(),
        played + 2,
        "start, {played} moves, resignation"
    );
    assert!(reply.text.contains("ben wins"), "{}", reply.text);
    let gif = renderer.replay(replay).expect("the GIF");
    assert!(gif.is_gif() && gif.file_name().ends_with(".gif"));
    assert_eq!(frames(&gif.bytes), played + 2);
    // Below each frame, a band says which move it is.
    let board = renderer
        .render(&spieltisch::table::BoardImage {
            view: replay.frames[0].clone(),
            players: replay.players.clone(),
            layout: spieltisch::table::Layout::Table,
            lang: spieltisch::i18n::Lang::En,
        })
        .expect("a board");
    assert_eq!(gif.height, board.height + spieltisch::render::CAPTION_BAND);
    assert_eq!(replay.captions.len(), replay.frames.len());
    assert!(
        replay.captions[1].starts_with("Move 1 of "),
        "{:?}",
        replay.captions
    );
    assert!(gif.bytes.len() < 8 << 20);
    assert!(
        replay
            .describe()
            .contains(&format!("{} positions", played + 2))
    );
    // The same game by its number, as `/history` lists it.
    let export = say(&service, CH, "ann", "/export");
    let doc: serde_json::Value =
        serde_json::from_str(&export[0].attachment.as_ref().expect("a file").content)
            .expect("JSON");
    let id = doc["table"].as_u64().expect("an id");
    let again = say(&service, CH, "ann", &format!("/replay {id}"));
    assert_eq!(again[0].replay, reply.replay);

    // Offline: every position of the export, and the whole game.
    let start = draw(&renderer, &doc, Some(0), Format::Png).expect("the start");
    assert!(start.bytes.starts_with(b"\x89PNG") && start.name.ends_with("-0.png"));
    let end = draw(&renderer, &doc, None, Format::Png).expect("the end");
    assert_ne!(start.bytes, end.bytes, "the end differs from the start");
    let svg = draw(&renderer, &doc, Some(1), Format::Svg).expect("an SVG");
    let text = String::from_utf8(svg.bytes).expect("text");
    assert!(text.starts_with("<svg") && text.ends_with("</svg>"));
    let whole = draw(&renderer, &doc, None, Format::Gif).expect("a GIF");
    assert_eq!(frames(&whole.bytes), played + 2);
    let beyond = draw(&renderer, &doc, Some(played + 5), Format::Png).expect_err("too far");
    assert!(beyond.contains("--move takes 0"), "{beyond}");
    // The export carries what everybody saw, never the seed: the frames are the public views.
    let table = store.table(id).expect("readable").expect("the table");
    assert!(doc.get("seed").is_none());
    assert!(!doc.to_string().contains(&table.seed.to_string()));
    let views: Vec<spieltisch::games::AnyView> =
        serde_json::from_value(doc["frames"].clone()).expect("frames read");
    assert_eq!(views, replay.frames);
    // An export of a running game has no frames: refused, secrets safe.
    let mut running = doc.clone();
    running.as_object_mut().expect("an object").remove("frames");
    assert!(draw(&renderer, &running, None, Format::Png).is_err());
    let mut short = doc.clone();
    short["frames"].as_array_mut().expect("frames").pop();
    let err = draw(&renderer, &short, None, Format::Png).expect_err("a frame missing");
    assert!(err.contains("frames for"), "{err}");
    // An export written before frames held the seed of the finished game, and still draws:
    // the same pictures.
    let mut old = running.clone();
    old["seed"] = table.seed.into();
    for at in 0..=played + 1 {
        let before = draw(&renderer, &old, Some(at), Format::Png).expect("an old export draws");
        let now = draw(&renderer, &doc, Some(at), Format::Png).expect("a new export draws");
        assert_eq!(before.bytes, now.bytes, "position {at}");
    }
    let mut broken = old.clone();
    broken["moves"][0]["text"] = "no such move".into();
    let err = draw(&renderer, &broken, None, Format::Png).expect_err("a bad move");
    assert!(err.contains("move 1"), "{err}");
    assert!(
        draw(
            &renderer,
            &serde_json::json!({"game": 5}),
            None,
            Format::Png
        )
        .is_err()
    );
}
