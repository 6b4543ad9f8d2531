//! Results and ratings per community, through the table service: every finished game leaves
//! its result, the end announcement shows how the ratings moved, `/rating`, `/leaderboard`,
//! `/history` and `/export <table>` answer, what counts is rated and what does not is not,
//! a rebuild from the results reproduces the ratings exactly — and, with the real binary,
//! results and ratings survive kill -9.

use std::time::Duration;

use spieltisch::league::Ending;

use crate::support::console::{Console, run_as_typed};
use crate::support::{
    Harness, as_moderator, assert_refusal, in_community, legal, ok, open_game, privately, refusal,
    refused, say, say_with, setup, text,
};

/// The service; commands come from the community `c`.
fn open() -> Harness {
    setup()
        .seed(11)
        .start(1_000_000_000)
        .bot_budget(Duration::from_millis(20))
        .community("c")
        .fresh()
}

/// Plays a legal move of whoever may move — each player picks in their own way, so that their
/// games differ — until the game is over or `limit` moves.
fn play_on(service: &Harness, channel: &str, players: &[&str], limit: usize) -> String {
    let mut said = String::new();
    for n in 0..limit {
        let Some((who, mv)) = players.iter().enumerate().find_map(|(k, p)| {
            let moves = legal(service, channel, p);
            let pick = (k * 7 + n * k) % moves.len().max(1);
            moves.get(pick).map(|m| (*p, m.clone()))
        }) else {
            break;
        };
        let replies = say_with(service, channel, who, &format!("/move {mv}"), privately);
        assert!(replies.iter().all(|r| !r.error), "{mv}: {replies:?}");
        said = replies
            .iter()
            .map(|r| r.text.clone())
            .collect::<Vec<_>>()
            .join("\n");
    }
    said
}

/// The rating number `/rating <who> <game>` shows.
fn rating_of(service: &Harness, who: &str, game: &str) -> f64 {
    let text = text(&ok(
        service,
        "#x",
        "asker",
        &format!("/rating {who} {game}"),
    ));
    let number: String = text
        .split("**")
        .nth(3)
        .unwrap_or_default()
        .chars()
        .take_while(|c| c.is_ascii_digit())
        .collect();
    number
        .parse()
        .unwrap_or_else(|_| panic!("no rating in {text}"))
}

#[test]
fn a_two_player_game_leaves_a_result_and_moves_both_ratings() {
    let service = open();
    let store = service.store.clone();
    open_game(&service, "#a", "dvonn", "", &["alice", "bob"]);
    play_on(&service, "#a", &["alice", "bob"], 2);
    let end = text(&ok(&service, "#a", "bob", "/resign"));
    assert!(
        end.contains("Ratings: alice 1500 → 1662? (+162), bob 1500 → 1338? (−162)."),
        "{end}"
    );
    let results = store.results().unwrap();
    assert_eq!(results.len(), 1);
    let r = &results[0];
    assert!(r.rated && !r.solo);
    assert_eq!(r.ending, Ending::Resigned { seat: 1 });
    assert_eq!(r.moves, 2);
    assert_eq!(
        r.players
            .iter()
            .map(|p| (p.name.as_str(), p.rank))
            .collect::<Vec<_>>(),
        [("alice", 1), ("bob", 2)]
    );
    assert!(r.ended >= r.started);
    assert_eq!(r.options, Vec::<String>::new());
    // The answers.
    let mine = text(&ok(&service, "#x", "alice", "/rating"));
    assert!(
        mine.contains("Dvonn: **1662?**") && mine.contains("1 game, 1 won"),
        "{mine}"
    );
    assert!(rating_of(&service, "bob", "dvonn") < 1500.0);
    let board = text(&ok(&service, "#x", "asker", "/leaderboard dvonn"));
    let lines: Vec<&str> = board.lines().collect();
    assert!(
        lines[1].starts_with("1. alice") && lines[2].starts_with("2. bob"),
        "{board}"
    );
    let history = text(&ok(&service, "#x", "bob", "/history"));
    assert!(
        history.contains("Dvonn — place 2 against alice, 1500 → 1338 (by resignation)")
            && history.contains(&format!("table {}", r.table)),
        "{history}"
    );
    let export = text(&ok(
        &service,
        "#elsewhere",
        "bob",
        &format!("/export {}", r.table),
    ));
    assert!(export.contains("\"winner\":\"alice\""), "{export}");
}

#[test]
fn three_and_four_players_move_by_rank_and_computer_players_by_level() {
    let service = open();
    let store = service.store.clone();
    // Komarn with three: carol resigns first, then bob; alice wins.
    open_game(&service, "#k", "komarn", "", &["alice", "bob", "carol"]);
    ok(&service, "#k", "carol", "/resign");
    let end = text(&ok(&service, "#k", "bob", "/resign"));
    assert!(end.contains("Ratings:"), "{end}");
    let (a, b, c) = (
        rating_of(&service, "alice", "komarn"),
        rating_of(&service, "bob", "komarn"),
        rating_of(&service, "carol", "komarn"),
    );
    // (The middle of three equals keeps 1500.)
    assert!(a > b && b > c && a > 1500.0 && c < 1500.0, "{a} {b} {c}");
    // DonQuixote with four, played to the end: the winner gains, the last loses.
    open_game(
        &service,
        "#q",
        "donquixote",
        "",
        &["dave", "erin", "fred", "gina"],
    );
    let end = play_on(&service, "#q", &["dave", "erin", "fred", "gina"], 200);
    assert!(end.contains("Ratings:"), "{end}");
    let result = store
        .results()
        .unwrap()
        .pop()
        .expect("the DonQuixote result");
    assert_eq!(result.players.len(), 4);
    for p in &result.players {
        let r = rating_of(&service, &p.name, "donquixote");
        let last = result.players.iter().map(|q| q.rank).max().unwrap();
        if p.rank == 1 {
            assert!(r > 1500.0, "{}: rank 1, {r}", p.name);
        }
        if p.rank == last {
            assert!(r < 1500.0, "{}: last, {r}", p.name);
        }
    }
    // A computer player is rated under its level.
    ok(&service, "#v", "hank", "/join dvonn");
    ok(&service, "#v", "hank", "/bot easy");
    ok(&service, "#v", "hank", "/start");
    let end = text(&ok(&service, "#v", "hank", "/resign")).replace('\\', "");
    assert!(end.contains("Bot (easy) 1500 → 1662?"), "{end}");
    assert!(
        end.find("wins").unwrap() < end.find("Ratings").unwrap(),
        "the ratings after the result: {end}"
    );
    let board = text(&ok(&service, "#x", "asker", "/leaderboard dvonn")).replace('\\', "");
    assert!(board.contains("1. Bot (easy)"), "{board}");
}

#[test]
fn casual_games_aborts_and_solitaires_are_not_rated() {
    let service = open();
    let store = service.store.clone();
    // casual: the result is kept, unrated; its creator may abort after moves.
    open_game(&service, "#c", "dvonn", "casual", &["alice", "bob"]);
    play_on(&service, "#c", &["alice", "bob"], 2);
    let end = text(&ok(&service, "#c", "bob", "/resign"));
    assert!(!end.contains("Ratings"), "{end}");
    // Abort before the first move: unrated; after it, refused for the creator of a rated game.
    open_game(&service, "#d", "dvonn", "", &["alice", "bob"]);
    ok(&service, "#d", "alice", "/abort");
    open_game(&service, "#e", "dvonn", "", &["alice", "bob"]);
    play_on(&service, "#e", &["alice", "bob"], 1);
    assert_eq!(refused(&service, "#e", "alice", "/abort"), "abort-rated");
    assert!(!say_with(&service, "#e", "mod", "/abort", as_moderator)[0].error);
    let results = store.results().unwrap();
    assert_eq!(results.len(), 3);
    assert!(results.iter().all(|r| !r.rated), "{results:?}");
    assert_eq!(results[1].ending, Ending::Aborted);
    assert!(store.all_ratings().unwrap().is_empty());
    assert_eq!(
        refused(&service, "#x", "asker", "/leaderboard dvonn"),
        "rating-leaderboard-empty"
    );
    // A solitaire: no rating, a personal best.
    open_game(&service, "#s", "donquixote", "", &["alice"]);
    play_on(&service, "#s", &["alice"], 100);
    let solo = text(&ok(&service, "#x", "asker", "/leaderboard donquixote solo"));
    assert!(solo.contains("1. alice — best"), "{solo}");
    let mine = text(&ok(&service, "#x", "alice", "/rating donquixote"));
    assert!(mine.contains("solitaire best"), "{mine}");
    assert!(!mine.contains("**1500"), "{mine}");
}

#[test]
fn bad_input_gets_one_clear_answer_and_changes_nothing() {
    let service = open();
    let store = service.store.clone();
    open_game(&service, "#a", "dvonn", "", &["alice", "bob"]);
    ok(&service, "#a", "bob", "/resign");
    let before = store.all_ratings().unwrap();
    for (text, key) in [
        ("/rating nobody", "rating-nobody-called"),
        ("/rating alice chess", "rating-nobody-called"),
        ("/leaderboard chess", "rating-leaderboard-unknown-game"),
        ("/leaderboard komarn", "rating-leaderboard-empty"),
        ("/leaderboard dvonn 2", "rating-leaderboard-no-page"),
        ("/leaderboard dvonn 0", "rating-leaderboard-no-page"),
        ("/history nobody", "rating-history-nobody"),
    ] {
        assert_eq!(refused(&service, "#x", "asker", text), key, "{text}");
    }
    // The refusal names the game asked for.
    for number in ["999", "soon"] {
        let unknown = refusal(&service, "#x", "asker", &format!("/export {number}"));
        assert_refusal(&unknown, "table-number-unknown");
        assert!(
            unknown.text.contains(&format!("`{number}`")),
            "{}",
            unknown.text
        );
    }
    // Nobody sets a rating by hand: there is no such command, and words do nothing.
    assert_eq!(
        refused(&service, "#x", "alice", "/setrating 3000"),
        "command-unknown"
    );
    say(&service, "#x", "alice", "/rating alice 3000");
    assert_eq!(store.all_ratings().unwrap(), before);
    // A finished table of another community is not shown.
    let id = store.results().unwrap()[0].table;
    let export = format!("/export {id}");
    assert_refusal(
        &say_with(&service, "#y", "asker", &export, in_community("other"))[0],
        "table-number-unknown",
    );
}

#[test]
fn leaderboards_page_and_rank_by_the_conservative_value() {
    let service = open();
    // p0 beats everybody once; the others play among themselves.
    for i in 1..=12 {
        let ch = format!("#t{i}");
        open_game(&service, &ch, "dvonn", "", &["p0", &format!("p{i}")]);
        ok(&service, &ch, &format!("p{i}"), "/resign");
    }
    let first = say(&service, "#x", "asker", "/leaderboard dvonn");
    assert!(
        first[0].text.contains("13 players, page 1 of 2"),
        "{}",
        first[0].text
    );
    assert!(
        first[0].text.lines().nth(1).unwrap().starts_with("1. p0"),
        "{}",
        first[0].text
    );
    assert_eq!(first[0].choices[0].command, "/leaderboard dvonn 2");
    let second = say(&service, "#x", "asker", "/leaderboard dvonn 2");
    assert_eq!(
        second[0].text.lines().count(),
        1 + 3 + 1,
        "{}",
        second[0].text
    );
    assert_eq!(second[0].choices[0].command, "/leaderboard dvonn 1");
}

#[test]
fn a_rebuild_from_the_results_reproduces_the_ratings_exactly() {
    let service = open();
    let store = service.store.clone();
    for round in 0..3 {
        let ch = format!("#d{round}");
        open_game(&service, &ch, "dvonn", "", &["alice", "bob"]);
        play_on(&service, &ch, &["alice", "bob"], 200);
        let ch = format!("#q{round}");
        open_game(&service, &ch, "donquixote", "", &["alice", "bob", "carol"]);
        play_on(&service, &ch, &["alice", "bob", "carol"], 200);
        let ch = format!("#k{round}");
        open_game(
            &service,
            &ch,
            "komarn",
            "",
            &["carol", "alice", "bob", "dave"],
        );
        ok(&service, &ch, ["alice", "bob", "carol"][round], "/resign");
        ok(&service, &ch, "dave", "/resign");
        ok(&service, &ch, ["bob", "carol", "alice"][round], "/resign");
    }
    let incremental = store.all_ratings().unwrap();
    assert!(incremental.len() >= 8, "{incremental:?}");
    let rebuilt = service.rebuild_ratings().unwrap();
    assert_eq!(rebuilt.results, 9);
    assert_eq!(rebuilt.changed, 0, "{rebuilt:?}");
    assert_eq!(store.all_ratings().unwrap(), incremental, "bit for bit");
}

/// The console, killed with SIGKILL after each of two games: the results and ratings are
/// there after each restart, and `spieltisch ratings rebuild` finds nothing to change.
#[test]
fn results_and_ratings_survive_kill_9() {
    let dir = tempfile::tempdir().unwrap();
    let run = |script: &str, wait_for: &str| -> Vec<String> {
        let mut console = Console::start(dir.path(), &["--seed", "5"], &[]);
        console.say(script);
        let lines = console.until(wait_for);
        console.kill();
        lines
    };
    let first = run(
        "alice: /join dvonn\nbob: /join\nbob: /start\nbob: /resign\n",
        "Ratings:",
    );
    assert!(
        first.iter().any(|l| l.contains("alice 1500 → 1662?")),
        "{first:#?}"
    );
    let second = run(
        "alice: /rating\n#b bob: /join dvonn\n#b alice: /join\n#b alice: /start\n#b alice: /resign\n",
        "Ratings:",
    );
    assert!(
        second.iter().any(|l| l.contains("Dvonn: **1662?**")),
        "{second:#?}"
    );
    assert!(
        second.iter().any(|l| l.contains("bob 1338 →")),
        "{second:#?}"
    );
    let third = run("carol: /history alice\n", "the last");
    assert!(
        third.iter().any(|l| l.contains("the last 2 games")),
        "{third:#?}"
    );
    let (success, said, _) =
        run_as_typed(dir.path(), &["ratings", "rebuild", "--data", "data"], b"");
    assert!(success, "{said}");
    assert!(
        said.contains("2 results") && said.contains("0 differ"),
        "{said}"
    );
}
