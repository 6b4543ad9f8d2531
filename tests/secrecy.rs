//! A property over random games of all four games, every player count: every reply to every
//! audience is looked at, and nothing hidden reaches anybody it is not addressed to — not in the
//! text, the buttons, the board's view, `/status`, `/export` while the game runs or `/log` — and
//! every event the engine emits reaches at least one audience.
//!
//! The games are played through the table service on a real sled store, with random legal
//! moves, random bad input, private views, clocks running out and waits for answers ending.
//! Hidden information is known to the test from the stored table: the hands and secret choices
//! (from each owner's own view), the texts of private events, the seed, the secret moves of the
//! log.

use spieltisch::i18n::Lang;
use std::collections::BTreeSet;
use std::sync::Arc;
use std::time::Duration;

use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::Value;
use spieltisch::games::{AnyGame, AnyView, Audience, Seat};
use spieltisch::store::{SledStore, Store};
use spieltisch::table::{
    Action, Actor, Command, Entry, ManualTimeSource, Reply, Seeding, Status, Table, TableEvent,
    TableService, User, decide,
};

const CH: &str = "#prop";
const NAMES: [&str; 4] = ["p1", "p2", "p3", "p4"];

struct Run {
    service: TableService,
    store: Arc<SledStore>,
    time: Arc<ManualTimeSource>,
    rng: ChaCha8Rng,
    label: String,
    /// Texts of private game events so far, with the seat they were for.
    secrets: Vec<(Seat, String)>,
    /// Replies looked at.
    checked: usize,
}

fn user(name: &str) -> User {
    User::named(name)
}

impl Run {
    fn table(&self) -> Option<Table> {
        self.store.current_table(CH).expect("store reads")
    }

    /// Sends a command, checks every reply against the table before and after it.
    fn say(&mut self, name: &str, text: &str, private: bool) -> Vec<Reply> {
        let mut cmd = Command::new(CH, user(name), text);
        cmd.private = private;
        let before = self.table();
        let action = action_of(text);
        let actor = Actor::Player {
            user: user(name),
            private,
            moderator: false,
        };
        let expected = action.and_then(|a| {
            decide(CH, before.as_ref(), &actor, &a, self.service.now())
                .ok()
                .map(|d| d.events)
        });
        let replies = self.service.handle(&cmd);
        self.check(
            &replies,
            expected.unwrap_or_default(),
            &format!("{name}: {text}"),
        );
        replies
    }

    /// Lets time pass and runs the timers, checking their replies like a command's.
    fn wait(&mut self, by: Duration) {
        self.time.advance(by);
        let before = self.table();
        let now = self.service.now();
        let mut expected = Vec::new();
        for action in [Action::ClockRanOut, Action::CloseWindow] {
            if let Ok(d) = decide(CH, before.as_ref(), &Actor::Table, &action, now) {
                expected.extend(d.events);
                break;
            }
        }
        let replies: Vec<Reply> = self
            .service
            .tick("")
            .into_iter()
            .flat_map(|(_, r)| r)
            .collect();
        self.check(&replies, expected, "the timers");
    }

    fn check(&mut self, replies: &[Reply], events: Vec<TableEvent>, what: &str) {
        let at = format!("{}: {what}", self.label);
        let Some(table) = self.table() else {
            return;
        };
        let seat_of = |r: &Reply| r.to.as_ref().and_then(|u| table.seat_of(u));
        // Every game event the engine emitted reaches its audience.
        for event in &events {
            let TableEvent::Game(a) = event else { continue };
            let reached = replies.iter().any(|r| {
                let audience_ok = match a.audience {
                    Audience::Everyone => r.to.is_none(),
                    Audience::Seat(s) => seat_of(r) == Some(s),
                };
                audience_ok && r.text.contains(a.text.get(Lang::En))
            });
            assert!(reached, "{at}: event {:?} reached nobody: {replies:?}", a);
            if let Audience::Seat(s) = a.audience {
                // No language's wording of a secret may reach anybody else.
                for lang in Lang::ALL {
                    self.secrets.push((s, a.text.get(lang).to_string()));
                }
            }
        }
        let game = table.game.as_ref();
        let running = table.status == Status::Running;
        // The last public board shows the table as it now is, as everybody sees it.
        if let (Some(board), Some(game)) = (
            replies
                .iter()
                .rev()
                .filter(|r| r.to.is_none())
                .find_map(|r| r.board.as_ref()),
            game,
        ) {
            assert_eq!(board.view, game.view(None), "{at}: the public board");
        }
        // Timers may have changed the table before the command: only the last public reply was
        // made from the table as it now is.
        let last_public = replies.iter().rposition(|r| r.to.is_none());
        for (index, reply) in replies.iter().enumerate() {
            self.checked += 1;
            let current = reply.to.is_some() || Some(index) == last_public;
            let viewer = seat_of(reply);
            let mut shown = vec![reply.text.clone()];
            shown.extend(reply.choices.iter().map(|c| c.command.clone()));
            shown.extend(reply.attachment.iter().map(|a| a.content.clone()));
            // The board shows what this audience may see, nothing more.
            if let Some(board) = &reply.board {
                if let Err(e) = holdings_hidden(&board.view, viewer) {
                    panic!("{at}: a board for {viewer:?}: {e}");
                }
                shown.push(serde_json::to_string(&board.view).expect("view serializes"));
            }
            let text = shown.join("\n");
            // Private events speak to their one reader ("You draw 14.", "You chose Bote."); an
            // announcement to the channel never does.
            if reply.to.is_none() && !reply.error {
                for line in reply.text.lines() {
                    assert!(
                        !line.starts_with("You "),
                        "{at}: a private line in a public announcement: {line}"
                    );
                }
            }
            // Private events of others.
            for (owner, secret) in &self.secrets {
                // (Two seats may have heard the same words, e.g. the same choice.)
                let own = viewer.is_some_and(|v| self.secrets.contains(&(v, secret.clone())));
                if viewer != Some(*owner) && !own {
                    assert!(
                        !text.contains(secret.as_str()),
                        "{at}: `{secret}` (for seat {owner}) reached {viewer:?}: {text}"
                    );
                }
            }
            if let Some(game) = game {
                for (owner, hidden) in hidden_lists(game) {
                    if viewer != Some(owner) {
                        assert!(
                            !text.contains(&hidden),
                            "{at}: seat {owner}'s `{hidden}` reached {viewer:?}: {text}"
                        );
                    }
                }
            }
            if running {
                assert!(
                    !text.contains(&table.seed.to_string()),
                    "{at}: the seed is shown while the game runs: {text}"
                );
            }
            // Buttons: public ones only for public actions.
            for choice in &reply.choices {
                assert_eq!(choice.table, table.id, "{at}");
                let mv = choice.command.strip_prefix("/move ");
                match (reply.to.is_none(), mv, game) {
                    (true, None, _) => assert!(
                        ["/join", "/start"].contains(&choice.command.as_str()),
                        "{at}: public button {}",
                        choice.command
                    ),
                    (true, Some(mv), _) if !current => assert!(
                        !mv.starts_with("play ")
                            && !mv.starts_with("pass ")
                            && !mv.starts_with("choose"),
                        "{at}: a move from a hand or a secret choice on a public button: {mv}"
                    ),
                    (true, Some(mv), Some(game)) => {
                        let offered_by = game
                            .to_act()
                            .seats()
                            .into_iter()
                            .filter(|s| game.legal_moves(*s).iter().any(|m| m == mv))
                            .collect::<Vec<_>>();
                        assert!(!offered_by.is_empty(), "{at}: `{mv}` is nobody's move");
                        for s in offered_by {
                            assert!(
                                game.options_audience(s).is_public(),
                                "{at}: seat {s}'s hidden option `{mv}` on a public button"
                            );
                        }
                        assert!(
                            !mv.starts_with("play ")
                                && !mv.starts_with("pass ")
                                && !mv.starts_with("choose"),
                            "{at}: a move from a hand or a secret choice on a public button: {mv}"
                        );
                    }
                    (true, Some(mv), None) => panic!("{at}: move button {mv} without a game"),
                    (false, Some(mv), Some(game)) => {
                        let seat = viewer.expect("private buttons go to a seated player");
                        assert!(
                            game.legal_moves(seat).iter().any(|m| m == mv),
                            "{at}: private button {mv} is not the owner's move"
                        );
                    }
                    (false, _, _) => {}
                }
            }
            // `/export` while the game runs: no seed, secret moves masked.
            if running
                && let Some(file) = &reply.attachment
                && file.filename.ends_with(".json")
            {
                let doc: Value = serde_json::from_str(&file.content).expect("export is JSON");
                assert!(
                    doc["seed"].is_null(),
                    "{at}: the seed is exported while running"
                );
                let log = self.store.log(table.id).expect("log reads");
                let secret_moves: BTreeSet<&str> = log
                    .iter()
                    .filter_map(|e| match &e.entry {
                        Entry::Move { text, secret: true } => Some(text.as_str()),
                        _ => None,
                    })
                    .collect();
                for m in doc["moves"].as_array().expect("moves") {
                    let text = m["text"].as_str().unwrap_or_default();
                    assert!(
                        !secret_moves.contains(text),
                        "{at}: the secret move `{text}` is exported while running"
                    );
                }
            }
        }
    }
}

/// The action a command text asks for (what `decide` is given), for the changing verbs.
fn action_of(text: &str) -> Option<Action> {
    let (word, args) = text.split_once(' ').unwrap_or((text, ""));
    Some(match word {
        "/join" => Action::Join(args.trim().to_string()),
        "/leave" => Action::Leave,
        "/start" => Action::Start,
        "/move" => Action::Play(args.trim().to_string()),
        "/resign" => Action::Resign,
        "/abort" => Action::Abort,
        _ => return None,
    })
}

/// Whether a view shows `viewer` no other seat's holdings: no Komarn hand that no challenge
/// revealed, no Burg choice before the cards are revealed.
fn holdings_hidden(view: &AnyView, viewer: Option<Seat>) -> Result<(), String> {
    match view {
        AnyView::Komarn(v) => {
            for (seat, p) in v.players.iter().enumerate() {
                let revealed = v.revealed_hands.iter().any(|(s, _)| *s == seat);
                if Some(seat) != viewer && p.hand.is_some() && !revealed {
                    return Err(format!("seat {seat}'s hand {:?}", p.hand));
                }
            }
        }
        AnyView::Burg(v) => {
            for (seat, p) in v.players.iter().enumerate() {
                let revealed = v.stage == spieltisch::games::burg::Stage::Resolving;
                if Some(seat) != viewer && !p.chosen.is_empty() && !revealed {
                    return Err(format!("seat {seat}'s choice {:?}", p.chosen));
                }
            }
        }
        AnyView::Dvonn(_) | AnyView::DonQuixote(_) => {}
    }
    Ok(())
}

/// Hidden hands as the game prints a list of numbers (`3, 17, 40`), per owner: each Komarn
/// hand that no challenge has shown. (Burg's secret choices are covered by the private events
/// that confirm them and by the views.)
fn hidden_lists(game: &AnyGame) -> Vec<(Seat, String)> {
    let (AnyView::Komarn(public), seats) = (game.view(None), game.scores().len()) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for seat in 0..seats {
        if let AnyView::Komarn(own) = game.view(Some(seat)) {
            let hand = own.players[seat].hand.clone().unwrap_or_default();
            if public.players[seat].hand.is_none() && hand.len() >= 3 {
                let list: Vec<String> = hand.iter().map(u8::to_string).collect();
                out.push((seat, list.join(", ")));
            }
        }
    }
    out
}

fn play(game: &str, options: &str, players: usize, seed: u64) -> usize {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = Arc::new(SledStore::open(dir.path()).expect("sled"));
    let time = Arc::new(ManualTimeSource::new(1_000_000));
    let service = TableService::open(store.clone(), time.clone(), Seeding::Fixed(seed))
        .expect("service")
        .with_limits(spieltisch::table::Limits::unmetered());
    let mut run = Run {
        service,
        store,
        time,
        rng: ChaCha8Rng::seed_from_u64(seed),
        label: format!("{game} {options} ×{players} seed {seed}"),
        secrets: Vec::new(),
        checked: 0,
    };
    let names = &NAMES[..players];
    run.say(names[0], &format!("/join {game} {options} log"), false);
    for name in &names[1..] {
        run.say(name, "/join", false);
    }
    let started = run.say(names[0], "/start", false);
    assert!(
        started.iter().all(|r| !r.error),
        "{}: {started:?}",
        run.label
    );
    let jump_at = run.rng.random_range(20..400);
    for step in 0..3000 {
        let table = run.table().expect("a table");
        if table.status != Status::Running {
            break;
        }
        if step == jump_at && run.rng.random_bool(0.3) {
            // Somebody's clock runs out.
            run.wait(Duration::from_secs(3600));
            continue;
        }
        let roll: f64 = run.rng.random();
        let who = *names.choose(&mut run.rng).expect("a player");
        if roll < 0.04 {
            let verb = *["/status", "/board", "/export", "/log"]
                .choose(&mut run.rng)
                .expect("a verb");
            run.say("watcher", verb, false);
            continue;
        }
        if roll < 0.07 {
            let verb = *["/hand", "/board", "/status"]
                .choose(&mut run.rng)
                .expect("a verb");
            run.say(who, verb, true);
            continue;
        }
        if roll < 0.09 {
            let junk = *[
                "/move 17L",
                "/move choose mason",
                "/move a1b1",
                "/move",
                "/move 🂡 ∞",
                "/start",
            ]
            .choose(&mut run.rng)
            .expect("junk");
            let private = run.rng.random_bool(0.5);
            run.say(who, junk, private);
            continue;
        }
        if roll < 0.10 {
            run.say("eve", "/move 1", false);
            continue;
        }
        if roll < 0.101 {
            run.say(who, "/resign", false);
            continue;
        }
        let movers: Vec<(&str, Vec<String>)> = names
            .iter()
            .map(|n| (*n, run.service.legal_moves(CH, &user(n))))
            .filter(|(_, m)| !m.is_empty())
            .collect();
        let Some((mover, moves)) = movers.choose(&mut run.rng).cloned() else {
            // Nobody can move: a wait for answers (or a clock) decides.
            run.wait(Duration::from_secs(15));
            continue;
        };
        let mv = moves.choose(&mut run.rng).expect("a move").clone();
        let replies = run.say(mover, &format!("/move {mv}"), false);
        if replies.iter().any(|r| r.error) {
            // A secret move typed in public is refused: send it privately, as told.
            assert!(
                replies.iter().any(|r| r.hint.is_some()),
                "{}: a legal move refused: {mv}: {replies:?}",
                run.label
            );
            let replies = run.say(mover, &format!("/move {mv}"), true);
            assert!(
                replies.iter().all(|r| !r.error),
                "{}: {mv}: {replies:?}",
                run.label
            );
        }
    }
    run.checked
}

#[test]
fn no_reply_shows_anybody_what_is_hidden_from_them() {
    let mut checked = 0;
    let games: &[(&str, &str, &[usize])] = &[
        ("dvonn", "time=10m", &[2]),
        ("dvonn", "profi", &[2]),
        ("donquixote", "time=10m", &[1, 2, 3, 4]),
        ("burg", "time=30m", &[2, 3, 4]),
        ("burg", "winter", &[3]),
        ("komarn", "challenge=10s time=30m", &[3, 4]),
    ];
    for (game, options, counts) in games {
        for players in *counts {
            for seed in 1..=2 {
                checked += play(game, options, *players, seed);
            }
        }
    }
    assert!(checked > 1000, "only {checked} replies looked at");
}
