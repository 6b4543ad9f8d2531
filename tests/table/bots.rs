//! Computer players: `/bot` in the lobby, bad input refused, bots moving through the table's
//! one path (by the timer loop, so off the command path), a restart with a bot to move, a
//! table of bots only refused, and — over every game, player count and level — never an
//! illegal move; a position whose right move is known (a Komarn banner to raise) found by the
//! greedy player and by the search.

use std::time::Duration;

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use spieltisch::bots::{self, Level, Player};
use spieltisch::games::{AnyGame, Effort, GameKind};
use spieltisch::table::{Status, Table};

use crate::support::{Harness, legal, ok, privately, refused, say_with, setup, ticked};

const CH: &str = "#bots";

/// The service with computer players that think briefly.
fn open() -> Harness {
    setup()
        .seed(4)
        .start(5_000_000)
        .bot_budget(Duration::from_millis(100))
        .fresh()
}

/// The table in the channel.
fn table(h: &Harness) -> Table {
    h.store
        .current_table(CH)
        .expect("readable")
        .expect("a table")
}

#[test]
fn bots_sit_down_and_stand_up_in_the_lobby_only_and_bad_input_changes_nothing() {
    let h = open();
    assert_eq!(refused(&h, CH, "al", "/bot"), "bot-no-lobby");
    ok(&h, CH, "al", "/join komarn");
    assert_eq!(refused(&h, CH, "eve", "/bot hard"), "bot-not-seated");
    assert_eq!(refused(&h, CH, "al", "/bot godlike"), "bot-unknown-level");
    assert_eq!(refused(&h, CH, "al", "/bot remove"), "bot-none-seated");
    let sat = ok(&h, CH, "al", "/bot hard")[0].text.clone();
    assert!(sat.starts_with("Bot 1 \\(hard\\) sits down"), "{sat}");
    ok(&h, CH, "al", "/bot");
    ok(&h, CH, "al", "/bot easy");
    assert_eq!(
        refused(&h, CH, "al", "/bot easy"),
        "bot-table-full",
        "Komarn seats four"
    );
    let left = ok(&h, CH, "al", "/bot remove")[0].text.clone();
    assert!(left.starts_with("Bot 3 \\(easy\\) leaves"), "{left}");
    assert_eq!(table(&h).seats.len(), 3);
    ok(&h, CH, "al", "/start");
    assert_eq!(refused(&h, CH, "al", "/bot"), "bot-running");
}

#[test]
fn a_lobby_of_bots_only_closes() {
    let h = open();
    ok(&h, CH, "al", "/join dvonn");
    ok(&h, CH, "al", "/bot");
    let left = ok(&h, CH, "al", "/leave")[0].text.clone();
    assert!(left.contains("only computer players are left"), "{left}");
    assert_eq!(table(&h).status, Status::Aborted);
    assert_eq!(refused(&h, CH, "al", "/start"), "start-no-table");
}

/// Plays the person's moves at random and lets the timer loop move the bot, to the end.
fn play_out(h: &Harness, person: &str, rng: &mut ChaCha8Rng) -> usize {
    let mut bot_moves = 0;
    for _ in 0..20_000 {
        if table(h).status != Status::Running {
            return bot_moves;
        }
        let before = table(h).log_len;
        for (_, replies) in h.tick("") {
            assert!(
                replies
                    .iter()
                    .all(|r| r.to.as_ref().is_none_or(|u| !u.is_bot())),
                "nothing is sent to a bot"
            );
        }
        bot_moves += (table(h).log_len - before) as usize;
        let moves = legal(h, CH, person);
        if moves.is_empty() {
            // A bot is thinking on its own thread.
            std::thread::sleep(Duration::from_millis(2));
        } else {
            let mv = &moves[(rng.next_u64() % moves.len() as u64) as usize];
            let replies = say_with(h, CH, person, &format!("/move {mv}"), privately);
            assert!(replies.iter().all(|r| !r.error), "{mv}: {replies:?}");
        }
    }
    panic!("the game did not end");
}

#[test]
fn a_bot_plays_whole_games_through_the_table_path() {
    for (game, bots) in [("dvonn", 1), ("donquixote", 2), ("burg", 2), ("komarn", 2)] {
        let h = open();
        ok(&h, CH, "al", &format!("/join {game}"));
        for level in ["easy", "hard"].iter().take(bots) {
            ok(&h, CH, "al", &format!("/bot {level}"));
        }
        ok(&h, CH, "al", "/start");
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        let bot_moves = play_out(&h, "al", &mut rng);
        assert!(bot_moves > 0, "{game}: the bots moved");
        assert_eq!(table(&h).status, Status::Finished, "{game}");
        let log = h.store.log(table(&h).id).expect("log");
        assert!(
            log.iter()
                .any(|e| e.user.as_deref().is_some_and(|u| u.starts_with("bot:"))),
            "{game}: the bots' moves are in the log like anybody's"
        );
    }
}

/// When every person has left a running game, its computer players do not play on by
/// themselves: the game stops as it stands, with its result — the people who left ranked last,
/// the computer players by their scores — and no rating moves for them.
#[test]
fn a_game_with_no_person_left_stops_with_its_result() {
    for (game, bots) in [("donquixote", 2), ("burg", 2), ("komarn", 2)] {
        let h = open();
        ok(&h, CH, "al", &format!("/join {game}"));
        for _ in 0..bots {
            ok(&h, CH, "al", "/bot easy");
        }
        ok(&h, CH, "al", "/start");
        let resigned = ok(&h, CH, "al", "/resign")[0].text.clone();
        assert!(resigned.contains("al"), "{game}: {resigned}");
        // The next round of the timer loop would let the computer players move: they stop.
        let replies = ticked(&h);
        let table = table(&h);
        assert_eq!(table.status, Status::Finished, "{game}: {replies:?}");
        let said: Vec<&str> = replies.iter().map(|(_, r)| r.text.as_str()).collect();
        assert!(
            said.iter()
                .any(|t| t.contains("Nobody is left to play against the computer players")),
            "{game}: said once why: {said:?}"
        );
        let over: Vec<&&str> = said.iter().filter(|t| t.contains("Game over")).collect();
        assert_eq!(over.len(), 1, "{game}: one game-over line: {said:?}");
        let outcome = table
            .game
            .as_ref()
            .and_then(|g| g.outcome())
            .expect("a result");
        assert!(
            outcome.ranks[0] > outcome.ranks[1] && outcome.ranks[0] > outcome.ranks[2],
            "{game}: the person who left ranks last: {outcome:?}"
        );
        let log = h.store.log(table.id).expect("log");
        let bot_moves = log
            .iter()
            .filter(|e| e.user.as_deref().is_some_and(|u| u.starts_with("bot:")))
            .count();
        assert_eq!(bot_moves, 0, "{game}: the computer players never played on");
        let result = h.store.results().expect("results");
        let result = result.last().expect("the result is recorded");
        assert_eq!(result.ending, spieltisch::league::Ending::Stopped, "{game}");
        assert!(
            !result.rated,
            "{game}: nothing rated with a lone person and bots"
        );
        // The record replays to the same end, and nobody may resign twice.
        let export = ok(&h, CH, "x", "/export")[0].text.clone();
        assert!(export.contains("stopped"), "{game}: {export}");
        assert_eq!(refused(&h, CH, "al", "/resign"), "play-finished", "{game}");
    }
}

/// A player who has left a game that goes on cannot resign it again.
#[test]
fn a_player_who_left_cannot_resign_again() {
    let h = open();
    ok(&h, CH, "al", "/join komarn");
    ok(&h, CH, "bo", "/join");
    ok(&h, CH, "cy", "/join");
    ok(&h, CH, "al", "/start");
    ok(&h, CH, "al", "/resign");
    assert_eq!(refused(&h, CH, "al", "/resign"), "resign-already-left");

    assert_eq!(table(&h).status, Status::Running);
}

#[test]
fn a_restart_with_a_bot_to_move_resumes_and_the_bot_moves() {
    let h = open();
    {
        ok(&h, CH, "al", "/join dvonn");
        ok(&h, CH, "al", "/bot");
        ok(&h, CH, "al", "/start");
        let moves = legal(&h, CH, "al");
        ok(&h, CH, "al", &format!("/move {}", moves[0]));
        // The process stops before the timer loop ran.
    }
    let h = h.restart();
    assert_eq!(h.loaded_tables(), 1, "a table with a bot to move is loaded");
    let before = table(&h).log_len;
    // The first tick starts the thinking on a thread of its own and returns at once; a later
    // tick plays the move.
    assert!(h.tick("").is_empty(), "thinking does not hold up the tick");
    let mut ticks = Vec::new();
    for _ in 0..500 {
        ticks = h.tick("");
        if !ticks.is_empty() {
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    assert_eq!(ticks.len(), 1, "{ticks:?}");
    assert_eq!(table(&h).log_len, before + 1, "the bot moved once");
    assert!(
        ticks[0].1[0].text.contains("al (White) to move"),
        "{}",
        ticks[0].1[0].text
    );
}

#[test]
fn bots_never_play_an_illegal_move_in_any_game_at_any_level() {
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    let players = [
        Player::Random,
        Player::Level(Level::Easy),
        Player::Level(Level::Normal),
        Player::Level(Level::Hard),
    ];
    for kind in GameKind::ALL {
        let info = kind.info();
        for count in info.min_players..=info.max_players {
            for round in 0..2 {
                let seed = rng.next_u64();
                let mut game = AnyGame::new(&kind.default_options(), count, seed).expect("sets up");
                let mut plies = 0;
                while game.outcome().is_none() {
                    let seats = game.to_act().seats();
                    assert!(!seats.is_empty(), "{}: nobody to act", info.id);
                    for seat in seats {
                        if !game.may_act(seat) {
                            continue;
                        }
                        // Every kind of player at some seat, with a small budget so the test
                        // is quick.
                        let player = players[(seat + round + count) % players.len()];
                        let effort = player.effort().map(|e| Effort {
                            budget: Duration::from_millis(3),
                            ..e
                        });
                        let choice = bots::choose_with(&game.seen(seat), effort, rng.next_u64())
                            .expect("a seat to act has a move")
                            .text;
                        if let Err(e) = game.play(seat, &choice) {
                            panic!("{} {player:?}: {choice} is illegal: {e}", info.id);
                        }
                        plies += 1;
                    }
                    assert!(plies < 5000, "{}: the game does not end", info.id);
                }
            }
        }
    }
}

/// A hard bot beats random players: against one, it wins (nearly) every game; against two
/// (Komarn needs three players, where two random players now and then stumble into a banner
/// between them), it wins at least half the games and outscores each of them on average.
#[test]
fn a_hard_bot_beats_random_ones_in_every_game() {
    for kind in GameKind::ALL {
        let info = kind.info();
        let count = info.min_players.max(2);
        let mut players = vec![Player::Random; count];
        players[0] = Player::Level(Level::Hard);
        let games = if count == 2 { 4 } else { 6 };
        let arena = bots::arena::run(
            *kind,
            &kind.default_options(),
            &players,
            games,
            11,
            Some(Duration::from_millis(20)),
        )
        .expect("runs");
        eprintln!("{}", arena.report());
        assert!(arena.nodes > 0, "{}: it searched", info.id);
        let report = || format!("{}: {}", info.id, arena.report());
        if count == 2 {
            assert!(arena.wins[0] >= games as f64 - 1.0, "{}", report());
        } else {
            assert!(arena.wins[0] >= games as f64 / 2.0, "{}", report());
            let mean = |p: usize| bots::arena::mean_ci(&arena.scores[p]).0;
            assert!((1..count).all(|p| mean(0) > mean(p)), "{}", report());
        }
    }
}

/// Alone at DonQuixote, every level scores more than the random player, and the searching
/// levels more than the greedy one (the same seeded games for all).
#[test]
fn donquixote_levels_score_in_order() {
    let kind = GameKind::from_word("donquixote").expect("registered");
    let mean = |player: Player| {
        let arena = bots::arena::run(
            kind,
            &kind.default_options(),
            &[player],
            12,
            5,
            Some(Duration::from_millis(5)),
        )
        .expect("runs");
        bots::arena::mean_ci(&arena.scores[0]).0
    };
    let (random, greedy, hard) = (
        mean(Player::Random),
        mean(Player::Greedy),
        mean(Player::Level(Level::Hard)),
    );
    assert!(random < greedy, "random {random}, greedy {greedy}");
    assert!(greedy < hard, "greedy {greedy}, hard {hard}");
}

/// Komarn: the one-ply player raises a banner where it can, and keeps its camps for later.
/// (It lives with the bots: the games do not know them.)
#[test]
fn the_greedy_player_raises_a_banner() {
    use spieltisch::games::Seen;
    use spieltisch::games::komarn::{Komarn, Move, Setup};
    let mv = |text: &str| -> Move { text.parse().expect("a move") };
    let game = Komarn::with_setup(
        Setup::new(3)
            .soldiers(0, &["5L"])
            .soldiers(1, &["30R"])
            .hand(0, &[6, 20, 40, 45, 50]),
    )
    .expect("setup");
    let mut rng = ChaCha8Rng::seed_from_u64(6);
    let (chosen, _) = bots::ismcts::greedy(&Seen::of(&game, 0), &mut rng).expect("a move");
    assert_eq!(chosen, mv("play 6L"));
    let effort = Effort {
        budget: Duration::from_millis(50),
        max_depth: 64,
    };
    let (searched, positions) =
        bots::ismcts::search(&Seen::of(&game, 0), effort, &mut rng).expect("a move");
    assert_eq!(searched, mv("play 6L"), "the search raises it too");
    assert!(positions > 0);
}

/// Many tables of thinking computer players take turns on one pool of workers: never more
/// thoughts at once than the pool has workers, the rest queued, and every table's bot moves.
#[test]
fn many_thinking_bots_take_turns_on_one_pool() {
    const TABLES: usize = 16;
    let h = open();
    let channel = |i: usize| format!("#pool{i}");
    for i in 0..TABLES {
        let person = format!("p{i}");
        ok(&h, &channel(i), &person, "/join dvonn");
        ok(&h, &channel(i), &person, "/bot hard");
        ok(&h, &channel(i), &person, "/start");
    }
    let moves_of = |i: usize| {
        let t = h
            .store
            .current_table(&channel(i))
            .expect("readable")
            .expect("a table");
        h.store
            .log(t.id)
            .expect("log")
            .iter()
            .filter(|e| e.user.as_deref().is_some_and(|u| u.starts_with("bot:")))
            .count()
    };
    let mut queued_seen = 0;
    for _ in 0..20_000 {
        if (0..TABLES).all(|i| moves_of(i) >= 2) {
            if h.thinking().workers < TABLES {
                assert!(
                    queued_seen > 0,
                    "with {TABLES} tables thinking at once, some thoughts waited their turn"
                );
            }
            return;
        }
        h.tick("");
        let pool = h.thinking();
        assert!(pool.running <= pool.workers, "{pool:?}");
        queued_seen = queued_seen.max(pool.queued);
        for i in 0..TABLES {
            let person = format!("p{i}");
            if let Some(mv) = legal(&h, &channel(i), &person).into_iter().next() {
                let replies = say_with(&h, &channel(i), &person, &format!("/move {mv}"), privately);
                assert!(replies.iter().all(|r| !r.error), "{mv}: {replies:?}");
            }
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    panic!("the bots did not move");
}
