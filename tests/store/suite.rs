//! One store suite, two stores: every case runs against sled (`sled::…`) and against a real
//! PostgreSQL server (`postgres::…`, skipped with a message when none is configured; see
//! `tests/support/pg.rs`). What the table layer needs from a store — tables and their logs, results,
//! ratings and history, tournaments, settings, the downtime clock — is written through the
//! service and read back, also after the store is closed and opened again.

use std::sync::Arc;

use spieltisch::league::Prefs;
use spieltisch::league::results::rating::player_key;
use spieltisch::league::tournament::{Pairing, Stage};
use spieltisch::store::Store;
use spieltisch::table::User;
use spieltisch::table::record::Status;

use crate::support::{Harness, as_moderator, ok, ok_with, open_game, play_next, setup};

/// Opens the store under test, the same one each time it is called.
type Opener = dyn Fn() -> Arc<dyn Store>;

const CH: &str = "#suite";
const COMMUNITY: &str = "suite";

fn service(store: Arc<dyn Store>) -> Harness {
    setup()
        .seed(11)
        .start(1_000_000_000)
        .community(COMMUNITY)
        .on(store)
}

/// Plays `moves` legal moves at the channel's table (whoever is to act); how many it played.
fn play(service: &Harness, channel: &str, moves: usize) -> usize {
    (0..moves)
        .take_while(|_| play_next(service, channel, &["ann", "ben"]).is_some())
        .count()
}

/// A Dvonn table for ann and ben in `channel`, started.
fn started(service: &Harness, channel: &str) {
    open_game(service, channel, "dvonn", "", &["ann", "ben"]);
}

fn a_game_is_kept_with_its_log_and_survives_a_reopen(open: &Opener) {
    let store = open();
    let s = service(store.clone());
    started(&s, CH);
    let played = play(&s, CH, 6);
    assert_eq!(played, 6);
    let table = store.current_table(CH).expect("read").expect("a table");
    assert_eq!(table.status, Status::Running);
    assert_eq!(store.table(table.id).expect("read").as_ref(), Some(&table));
    let log = store.log(table.id).expect("the log");
    assert_eq!(log.len() as u64, table.log_len, "every change is logged");
    assert!(log.windows(2).all(|w| w[0].seq + 1 == w[1].seq), "in order");
    let open_now = store.open_tables().expect("open tables");
    assert_eq!(
        open_now.iter().map(|t| t.id).collect::<Vec<_>>(),
        [table.id]
    );
    let next = store.new_table_id().expect("an id");
    assert!(next > table.id, "ids are never handed out twice");
    assert!(store.current_table("#nowhere").expect("read").is_none());
    drop(s);
    drop(store);
    // Everything is there after a reopen, and the game goes on.
    let store = open();
    assert_eq!(store.current_table(CH).expect("read"), Some(table.clone()));
    let s = service(store.clone());
    assert_eq!(play(&s, CH, 2), 2);
    let after = store.current_table(CH).expect("read").expect("a table");
    assert_eq!(after.log_len, table.log_len + 2);
    assert_eq!(
        store.log(after.id).expect("log").len() as u64,
        after.log_len
    );
}

fn a_finished_game_leaves_its_result_ratings_and_history(open: &Opener) {
    let store = open();
    let s = service(store.clone());
    started(&s, CH);
    play(&s, CH, 4);
    ok(&s, CH, "ann", "/resign");
    let table = store.current_table(CH).expect("read").expect("a table");
    assert!(!table.status.is_open());
    assert!(store.open_tables().expect("open").is_empty());
    let results = store.results().expect("results");
    assert_eq!(results.len(), 1);
    assert_eq!(results[0].seq, 1, "results are numbered from 1");
    assert_eq!(results[0].table, table.id);
    let community = results[0].community.clone();
    for name in ["ann", "ben"] {
        let id = User::named(name).id;
        let history = store
            .history(&community, &player_key(&id), 10)
            .expect("history");
        assert_eq!(history, results, "{name}'s history");
    }
    let game = results[0].game.info().id;
    let ratings = store.ratings(&community, game).expect("ratings");
    assert_eq!(ratings.len(), 2, "both players rated: {ratings:?}");
    let all = store.all_ratings().expect("all ratings");
    assert_eq!(all.len(), 2);
    assert_eq!(store.community_ratings(&community).expect("read").len(), 2);
    assert_eq!(
        store.rating(&all[0].0).expect("read").as_ref(),
        Some(&all[0].1)
    );
    // A second game: the next number, newest first in the history.
    ok(&s, CH, "ann", "/join dvonn");
    ok(&s, CH, "ben", "/join");
    ok(&s, CH, "ann", "/start");
    ok(&s, CH, "ben", "/resign");
    let results = store.results().expect("results");
    assert_eq!(results.iter().map(|r| r.seq).collect::<Vec<_>>(), [1, 2]);
    let ann = player_key(&User::named("ann").id);
    let history = store.history(&community, &ann, 1).expect("history");
    assert_eq!(history.len(), 1, "the limit holds");
    assert_eq!(history[0].seq, 2, "newest first");
    // A rebuild replaces every rating.
    store.replace_ratings(&all[..1]).expect("replaced");
    assert_eq!(store.all_ratings().expect("read"), all[..1].to_vec());
    store.replace_ratings(&all).expect("replaced");
    assert_eq!(store.all_ratings().expect("read"), all);
}

fn settings_and_the_downtime_clock_are_kept(open: &Opener) {
    let store = open();
    assert_eq!(store.prefs("c", "u").expect("read"), None);
    let mut prefs = Prefs::default();
    store.set_prefs("c", "u", &prefs).expect("written");
    assert_eq!(store.prefs("c", "u").expect("read"), Some(prefs.clone()));
    assert!(
        store.timed_prefs().expect("read").is_empty(),
        "no timer yet"
    );
    prefs.digest.due = Some(5_000);
    store.set_prefs("c", "u", &prefs).expect("written");
    store
        .set_prefs("c", "v", &Prefs::default())
        .expect("written");
    let timed = store.timed_prefs().expect("read");
    assert_eq!(
        timed,
        vec![("c".to_string(), "u".to_string(), prefs.clone())]
    );
    store.set_downtime(1_234, 99_000).expect("written");
    store.set_heartbeat(100_000).expect("written");
    drop(store);
    let store = open();
    assert_eq!(store.downtime().expect("read"), 1_234);
    assert_eq!(store.heartbeat().expect("read"), Some(100_000));
    assert_eq!(store.prefs("c", "u").expect("read"), Some(prefs));
}

fn a_tournament_is_kept_through_its_rounds(open: &Opener) {
    let store = open();
    let s = service(store.clone());
    let cup = "#cup";
    ok_with(
        &s,
        cup,
        "org",
        "/tournament create dvonn knockout",
        as_moderator,
    );
    for p in ["a", "b", "c", "d"] {
        ok(&s, cup, p, "/tournament join");
    }
    ok(&s, cup, "org", "/tournament start");
    let t = store.channel_tournament(cup).expect("read").expect("one");
    assert_eq!(store.tournament(t.id).expect("read"), Some(t.clone()));
    assert_eq!(store.open_tournaments().expect("read").len(), 1);
    for _ in 0..t.rounds {
        let t = store.channel_tournament(cup).expect("read").expect("one");
        let round = t.current().expect("a round").clone();
        for game in round.games.iter().filter(|g| g.result.is_none()) {
            let loser = &t.entrants[game.seats[1]].user.name;
            ok(&s, &game.channel, loser, "/resign");
        }
    }
    let t = store.channel_tournament(cup).expect("read").expect("one");
    assert_eq!(t.stage, Stage::Finished);
    assert!(store.open_tournaments().expect("read").is_empty());
    assert_eq!(
        store.results().expect("read").len(),
        3,
        "two semis, a final"
    );
}

fn a_players_open_tournaments_are_found_through_the_entrant_index(open: &Opener) {
    let store = open();
    let s = service(store.clone());
    let ids = |store: &Arc<dyn Store>, user: &str| -> Vec<String> {
        let mut channels: Vec<String> = store
            .entered_tournaments(user)
            .expect("read")
            .into_iter()
            .map(|t| t.channel)
            .collect();
        channels.sort();
        channels
    };
    for cup in ["#cup-a", "#cup-b"] {
        ok_with(
            &s,
            cup,
            "org",
            "/tournament create dvonn knockout",
            as_moderator,
        );
    }
    for p in ["a", "b", "c", "d"] {
        ok(&s, "#cup-a", p, "/tournament join");
    }
    for p in ["a", "e"] {
        ok(&s, "#cup-b", p, "/tournament join");
    }
    assert_eq!(ids(&store, "a"), ["#cup-a", "#cup-b"]);
    assert_eq!(ids(&store, "e"), ["#cup-b"]);
    assert!(ids(&store, "org").is_empty(), "the organizer did not enter");
    assert!(ids(&store, "nobody").is_empty());
    // Off the list before the start: not found any more.
    ok(&s, "#cup-b", "e", "/tournament leave");
    assert!(ids(&store, "e").is_empty());
    // A finished tournament is no longer open: not found.
    ok(&s, "#cup-a", "org", "/tournament start");
    drop(s);
    drop(store);
    let store = open();
    assert_eq!(ids(&store, "b"), ["#cup-a"], "the index survives a reopen");
    let s = service(store.clone());
    loop {
        let t = store
            .channel_tournament("#cup-a")
            .expect("read")
            .expect("one");
        let Some(round) = t.current().filter(|_| t.stage == Stage::Running) else {
            break;
        };
        for game in round.games.iter().filter(|g| g.result.is_none()) {
            ok(
                &s,
                &game.channel,
                &t.entrants[game.seats[1]].user.name,
                "/resign",
            );
        }
    }
    assert!(
        ids(&store, "b").is_empty(),
        "the finished cup is found no more"
    );
    assert_eq!(ids(&store, "a"), ["#cup-b"]);
}

fn the_chats_memory_is_kept_by_key_and_prefix(open: &Opener) {
    let store = open();
    assert_eq!(store.chat_record("discord:kept:a").expect("read"), None);
    store
        .set_chat_record("discord:kept:a", Some("[1]"))
        .expect("written");
    store
        .set_chat_record("discord:kept:b", Some("[2]"))
        .expect("written");
    store
        .set_chat_record("discord:button:x", Some("/play a1"))
        .expect("written");
    store
        .set_chat_record("matrix:declined:@a:x", Some("1"))
        .expect("written");
    store
        .set_chat_record("discord:kept:a", Some("[1,3]"))
        .expect("overwritten");
    drop(store);
    let store = open();
    assert_eq!(
        store.chat_records("discord:kept:").expect("read"),
        vec![
            ("discord:kept:a".to_string(), "[1,3]".to_string()),
            ("discord:kept:b".to_string(), "[2]".to_string()),
        ]
    );
    assert_eq!(
        store.chat_record("discord:button:x").expect("read"),
        Some("/play a1".to_string())
    );
    store
        .set_chat_record("discord:kept:a", None)
        .expect("removed");
    store
        .set_chat_record("discord:kept:nobody", None)
        .expect("removing nothing is fine");
    assert_eq!(store.chat_records("discord:kept:").expect("read").len(), 1);
    assert_eq!(store.chat_records("matrix:").expect("read").len(), 1);
    assert!(store.chat_records("slack:").expect("read").is_empty());
}

/// A Swiss created with `pairing=simple` keeps it in the store, across a reopening; one
/// created without keeps the default, the Dutch system.
fn a_swiss_keeps_its_pairing(open: &Opener) {
    let store = open();
    let s = service(store.clone());
    for (channel, words, pairing) in [
        (
            "#plain",
            "/tournament create dvonn swiss pairing=simple",
            Pairing::Simple,
        ),
        ("#fide", "/tournament create dvonn swiss", Pairing::Dutch),
    ] {
        ok_with(&s, channel, "org", words, as_moderator);
        let t = store
            .channel_tournament(channel)
            .expect("read")
            .expect("one");
        assert_eq!(t.pairing, pairing);
    }
    drop(s);
    drop(store);
    let store = open();
    let t = store
        .channel_tournament("#plain")
        .expect("read")
        .expect("one");
    assert_eq!(t.pairing, Pairing::Simple);
    let t = store
        .channel_tournament("#fide")
        .expect("read")
        .expect("one");
    assert_eq!(t.pairing, Pairing::Dutch);
}

/// The cases, each as a test per store.
macro_rules! suite {
    ($($case:ident),* $(,)?) => {
        mod sled {
            $(
                #[test]
                fn $case() {
                    let dir = tempfile::tempdir().expect("a temp dir");
                    let path = dir.path().to_path_buf();
                    super::$case(&move || {
                        std::sync::Arc::new(spieltisch::store::SledStore::open(&path).expect("sled opens"))
                    });
                }
            )*
        }
        mod postgres {
            $(
                #[test]
                fn $case() {
                    let Some(url) = crate::support::pg::scratch(concat!("suite_", stringify!($case))) else {
                        return;
                    };
                    super::$case(&move || {
                        std::sync::Arc::new(spieltisch::store::PgStore::open(&url).expect("postgres opens"))
                    });
                }
            )*
        }
    };
}

suite!(
    a_game_is_kept_with_its_log_and_survives_a_reopen,
    a_finished_game_leaves_its_result_ratings_and_history,
    settings_and_the_downtime_clock_are_kept,
    a_tournament_is_kept_through_its_rounds,
    the_chats_memory_is_kept_by_key_and_prefix,
    a_players_open_tournaments_are_found_through_the_entrant_index,
    a_swiss_keeps_its_pairing,
);
