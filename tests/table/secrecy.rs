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
use std::time::Duration;

use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::Value;
use spieltisch::games::{AnyGame, AnyView, Audience, Forfeit, Seat};
use spieltisch::table::{
    Action, Actor, Entry, LogEntry, Reply, Status, Table, TableEvent, User, decide,
};

use crate::support::console;
use crate::support::{
    Harness, as_moderator, assert_refusal, in_community, legal, ok, ok_with, privately, say,
    say_with, setup, ticked,
};

const CH: &str = "#prop";
const NAMES: [&str; 4] = ["p1", "p2", "p3", "p4"];

struct Run {
    h: Harness,
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
        self.h.store.current_table(CH).expect("store reads")
    }

    /// Sends a command, checks every reply against the table before and after it.
    fn command(&mut self, name: &str, text: &str, private: bool) -> Vec<Reply> {
        let before = self.table();
        let action = action_of(text);
        let actor = Actor::Player {
            user: user(name),
            private,
            moderator: false,
        };
        let expected = action.and_then(|a| {
            decide(CH, before.as_ref(), &actor, &a, self.h.now())
                .ok()
                .map(|d| d.events)
        });
        let replies = say_with(&self.h, CH, name, text, |cmd| cmd.private = private);
        self.check(
            &replies,
            expected.unwrap_or_default(),
            &format!("{name}: {text}"),
        );
        replies
    }

    /// Lets time pass and runs the timers, checking their replies like a command's.
    fn wait(&mut self, by: Duration) {
        self.h.clock.advance(by);
        let before = self.table();
        let now = self.h.now();
        let mut expected = Vec::new();
        for action in [Action::ClockRanOut, Action::CloseWindow] {
            if let Ok(d) = decide(CH, before.as_ref(), &Actor::Table, &action, now) {
                expected.extend(d.events);
                break;
            }
        }
        let replies: Vec<Reply> = ticked(&self.h).into_iter().map(|(_, r)| r).collect();
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
            assert!(
                !text.contains(&table.seed.to_string()),
                "{at}: the seed is shown: {text}"
            );
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
            // `/export`: no seed, every secret move the rules have not revealed masked.
            if current
                && let Some(file) = &reply.attachment
                && file.filename.ends_with(".json")
            {
                let doc: Value = serde_json::from_str(&file.content).expect("export is JSON");
                assert!(doc.get("seed").is_none(), "{at}: the seed is exported");
                assert_eq!(
                    doc.get("frames").is_some(),
                    !running,
                    "{at}: frames once over"
                );
                let log = self.h.store.log(table.id).expect("log reads");
                check_record(&table, &log, &doc, &at);
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
        AnyView::DonQuixote(v) => {
            // A tile on the revealed field is the step's placement: its owner's alone until
            // everybody has placed (the view's `current` is the field still being placed).
            if let Some(field) = v.current {
                for (seat, p) in v.players.iter().enumerate() {
                    let shown = p.tiles.iter().any(|t| t.field == field);
                    if Some(seat) != viewer && shown && v.players.len() > 1 {
                        return Err(format!("seat {seat}'s placement on {field}"));
                    }
                }
            }
        }
        AnyView::Dvonn(_) => {}
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
    let mut run = Run {
        h: setup().seed(seed).fresh(),
        rng: ChaCha8Rng::seed_from_u64(seed),
        label: format!("{game} {options} ×{players} seed {seed}"),
        secrets: Vec::new(),
        checked: 0,
    };
    let names = &NAMES[..players];
    run.command(names[0], &format!("/join {game} {options} log"), false);
    for name in &names[1..] {
        run.command(name, "/join", false);
    }
    let started = run.command(names[0], "/start", false);
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
            run.command("watcher", verb, false);
            continue;
        }
        if roll < 0.07 {
            let verb = *["/hand", "/board", "/status"]
                .choose(&mut run.rng)
                .expect("a verb");
            run.command(who, verb, true);
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
            run.command(who, junk, private);
            continue;
        }
        if roll < 0.10 {
            run.command("eve", "/move 1", false);
            continue;
        }
        if roll < 0.101 {
            run.command(who, "/resign", false);
            continue;
        }
        if roll < 0.1015 {
            // The creator ends the table without a result, mid-game.
            run.command(names[0], "/abort", false);
            continue;
        }
        let movers: Vec<(&str, Vec<String>)> = names
            .iter()
            .map(|n| (*n, legal(&run.h, CH, n)))
            .filter(|(_, m)| !m.is_empty())
            .collect();
        let Some((mover, moves)) = movers.choose(&mut run.rng).cloned() else {
            // Nobody can move: a wait for answers (or a clock) decides.
            run.wait(Duration::from_secs(15));
            continue;
        };
        let mv = moves.choose(&mut run.rng).expect("a move").clone();
        let replies = run.command(mover, &format!("/move {mv}"), false);
        if replies.iter().any(|r| r.error) {
            // A secret move typed in public is refused: send it privately, as told.
            assert!(
                replies
                    .iter()
                    .any(|r| r.hint.is_some() && r.refusal == Some("play-secret-in-public")),
                "{}: a legal move refused: {mv}: {replies:?}",
                run.label
            );
            let replies = run.command(mover, &format!("/move {mv}"), true);
            assert!(
                replies.iter().all(|r| !r.error),
                "{}: {mv}: {replies:?}",
                run.label
            );
        }
    }
    run.after_the_end();
    run.checked
}

impl Run {
    /// After the game (played out, resigned, timed out or aborted): everything a watcher may
    /// ask for is checked like any reply, and the record shows each step exactly as the rules
    /// revealed it — a secret move whose round was cut short stays masked — with the public view
    /// of every position and no seed.
    fn after_the_end(&mut self) {
        let table = self.table().expect("a table");
        if table.status.is_open() {
            // The step limit ran out first: end it here.
            self.command(NAMES[0], "/abort", false);
        }
        let table = self.table().expect("a table");
        assert!(!table.status.is_open(), "{}", self.label);
        if table.game.is_none() {
            return;
        }
        let id = table.id;
        for verb in ["/board", "/status", "/log", "/export", "/replay"] {
            self.command("watcher", verb, false);
        }
        let by_number = [format!("/export {id}"), format!("/replay {id}")];
        for verb in &by_number {
            self.command("watcher", verb, false);
        }
        let export = self.command("watcher", "/export", false);
        let file = export[0].attachment.as_ref().expect("an export");
        assert!(
            !file.content.contains("\"seed\"") && !file.content.contains(&table.seed.to_string()),
            "{}: the seed left the store",
            self.label
        );
        let doc: Value = serde_json::from_str(&file.content).expect("JSON");
        let log = self.h.store.log(id).expect("log reads");
        let (positions, steps) = check_record(&table, &log, &doc, &self.label);
        let frames: Vec<AnyView> =
            serde_json::from_value(doc["frames"].clone()).expect("frames read");
        assert_eq!(frames.len(), positions.len(), "{}", self.label);
        for (k, (frame, position)) in frames.iter().zip(&positions).enumerate() {
            assert_eq!(*frame, position.view(None), "{}: frame {k}", self.label);
            if let Err(e) = holdings_hidden(frame, None) {
                panic!("{}: frame {k}: {e}", self.label);
            }
        }
        // The replay's captions never name a move the export masks.
        let replay = self.command("watcher", "/replay", false);
        let captions = &replay[0].replay.as_ref().expect("a replay").captions;
        let moves = doc["moves"].as_array().expect("moves");
        if captions.len() == steps.len() + 1 {
            for (i, (_, text, _)) in steps.iter().enumerate() {
                if let Some(text) = text
                    && moves[i]["text"] == "(secret)"
                {
                    assert!(
                        !captions[i + 1].contains(&format!(": {text}")),
                        "{}: caption {}",
                        self.label,
                        captions[i + 1]
                    );
                }
            }
        }
    }
}

/// A step of a record: who, the move's text (none for a forfeit or a closed wait), secret.
type Step = (Option<Seat>, Option<String>, bool);

/// Replays a table's stored record here, and checks that the export `doc` shows each step as
/// the rules revealed it: a move in its notation, a secret one only once the views showed it to
/// everybody (`(secret)` before, and forever for a round cut short). Returns every position
/// and step.
fn check_record(
    table: &Table,
    log: &[LogEntry],
    doc: &Value,
    at: &str,
) -> (Vec<AnyGame>, Vec<Step>) {
    let mut game =
        AnyGame::new(&table.options.game, table.seats.len(), table.seed).expect("the game sets up");
    let mut positions = vec![game.clone()];
    let mut steps: Vec<Step> = Vec::new();
    for e in log {
        match &e.entry {
            Entry::Move { text, secret } => {
                let seat = e.seat.expect("a move has its seat");
                game.play(seat, text).expect("the record replays");
                steps.push((Some(seat), Some(text.clone()), *secret));
            }
            Entry::Resign | Entry::Timeout | Entry::Claim => {
                let reason = match e.entry {
                    Entry::Resign => Forfeit::Resigned,
                    Entry::Timeout => Forfeit::TimedOut,
                    _ => Forfeit::Abandoned,
                };
                let seat = e.seat.or_else(|| game.to_act().seats().first().copied());
                game.forfeit(seat.expect("a seat forfeits"), reason);
                steps.push((seat, None, false));
            }
            Entry::WindowClosed => {
                game.close_window();
                steps.push((None, None, false));
            }
            // Every person had left: the computer players stopped, one step each.
            Entry::Stopped { seats } => {
                for seat in seats {
                    game.forfeit(*seat, Forfeit::Stopped);
                    steps.push((Some(*seat), None, false));
                    positions.push(game.clone());
                }
                continue;
            }
            _ => continue,
        }
        positions.push(game.clone());
    }
    let moves = doc["moves"].as_array().expect("moves");
    assert_eq!(moves.len(), steps.len(), "{at}");
    for (i, (seat, text, secret)) in steps.iter().enumerate() {
        let Some(text) = text else { continue };
        let shown = moves[i]["text"].as_str().expect("a text");
        if !secret || shown_later(&positions, &steps, i, seat.expect("a seat")) {
            assert_eq!(shown, text, "{at}: step {i}");
        } else {
            assert_eq!(shown, "(secret)", "{at}: step {i} is not revealed");
        }
    }
    (positions, steps)
}

/// Whether the secret move at step `i` by `seat` was shown to everybody, as the views tell:
/// a Burg choice once everybody sees the seat's chosen cards, a DonQuixote placement once
/// everybody sees the seat's tile — before the seat chose anew.
fn shown_later(positions: &[AnyGame], steps: &[Step], i: usize, seat: Seat) -> bool {
    let placed = |view: &AnyView| match view {
        AnyView::DonQuixote(v) => v.players[seat].tiles.len(),
        _ => 0,
    };
    let own_after = placed(&positions[i + 1].view(Some(seat)));
    for (k, position) in positions.iter().enumerate().skip(i + 1) {
        let public = position.view(None);
        let shown = match &public {
            AnyView::Burg(v) => !v.players[seat].chosen.is_empty(),
            AnyView::DonQuixote(_) => placed(&public) >= own_after,
            _ => true,
        };
        if shown {
            return true;
        }
        if steps
            .get(k)
            .is_some_and(|(s, _, secret)| *secret && *s == Some(seat))
        {
            return false;
        }
    }
    false
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
    // One thread per game and options: the games share nothing, and the test need not be
    // the last one the binary waits for.
    std::thread::scope(|scope| {
        let runs: Vec<_> = games
            .iter()
            .map(|(game, options, counts)| {
                scope.spawn(move || {
                    let mut checked = 0;
                    for players in *counts {
                        for seed in 1..=2 {
                            checked += play(game, options, *players, seed);
                        }
                    }
                    checked
                })
            })
            .collect();
        for run in runs {
            checked += run.join().expect("a game's run panicked");
        }
    });
    assert!(checked > 1000, "only {checked} replies looked at");
}

/// A duplicate round of three, played through the service: `ann` plays a few steps and
/// resigns; while `ben` and `cat` still play the same deal, nothing anybody may ask for tells
/// them (or a stranger) ann's board, record, score or the deal's order; once the round is over,
/// all of it opens.
#[test]
fn a_duplicate_round_stays_closed_until_its_last_game_ends() {
    let service = setup().seed(11).community("srv").fresh();
    let store = service.store.clone();
    ok_with(
        &service,
        "#dup",
        "org",
        "/tournament create donquixote duplicate rounds=2",
        as_moderator,
    );
    for p in ["ann", "ben", "cat"] {
        ok(&service, "#dup", p, "/tournament join");
    }
    ok(&service, "#dup", "org", "/tournament start");
    let t = store
        .channel_tournament("#dup")
        .expect("readable")
        .expect("a tournament");
    let board_of = |name: &str| {
        let round = t.current().expect("a round");
        let game = round
            .games
            .iter()
            .find(|g| t.entrants[g.seats[0]].user.name == name)
            .expect("a game");
        (game.table, game.channel.clone())
    };
    let (ann_table, ann_channel) = board_of("ann");
    let (_, ben_channel) = board_of("ben");
    // A move a computer player of level `normal` would make: a game that scores.
    let place = |channel: &str, who: &str| {
        let table = store
            .current_table(channel)
            .expect("readable")
            .expect("a table");
        let seen = table.game.as_ref().expect("a game").seen(0);
        let mv =
            spieltisch::bots::choose(&seen, spieltisch::bots::Level::Normal, 1).expect("a move");
        let replies = say_with(&service, channel, who, &format!("/move {mv}"), privately);
        assert!(replies.iter().all(|r| !r.error), "{replies:?}");
    };
    // Until ann has a score to hide (a scoring), then she resigns.
    let mut placed = 0;
    while placed < 21 {
        place(&ann_channel, "ann");
        placed += 1;
        let table = store.table(ann_table).expect("readable").expect("table");
        if placed >= 9 && table.game.as_ref().expect("a game").scores()[0] > 0 {
            break;
        }
    }
    ok(&service, &ann_channel, "ann", "/resign");
    let ann = store.table(ann_table).expect("readable").expect("table");
    assert_eq!(ann.status, Status::Finished);
    assert!(ann.private, "a duplicate's game is private");
    let score = ann.game.as_ref().expect("a game").scores()[0];
    assert!(score > 0, "ann scored in the first scoring: {score}");
    place(&ben_channel, "ben");

    // The one answer for a number nobody may see: the same for a number that never existed,
    // another word, a negative or huge number.
    let unknown = |who: &str, verb: &str, word: &str| {
        let replies = say(&service, "#dup", who, &format!("{verb} {word}"));
        assert_eq!(replies.len(), 1, "{verb} {word}: {replies:?}");
        assert_refusal(&replies[0], "table-number-unknown");
        assert!(replies[0].attachment.is_none() && replies[0].replay.is_none());
        replies[0].text.replace(word, "N")
    };
    for verb in ["/export", "/replay"] {
        let expected = unknown("eve", verb, "999999");
        for who in ["ben", "cat", "eve"] {
            for word in [
                ann_table.to_string(),
                format!("#{ann_table}"),
                "-3".into(),
                "99999999999999999999999".into(),
                "abc".into(),
            ] {
                assert_eq!(unknown(who, verb, &word), expected, "{who}: {verb} {word}");
            }
        }
        // Nor from another community, even for her.
        let asked = format!("{verb} {ann_table}");
        let elsewhere = say_with(&service, "#elsewhere", "ann", &asked, in_community("other"));
        assert_eq!(
            elsewhere[0].text.replace(&ann_table.to_string(), "N"),
            expected,
            "{verb} from another community"
        );
        // Her own game, she may.
        let own = say(&service, "#dup", "ann", &format!("{verb} {ann_table}"));
        assert!(!own[0].error, "{verb}: {}", own[0].text);
    }
    // In her game's channel: nothing for anybody else.
    for verb in ["/board", "/status", "/log", "/export", "/replay", "/hand"] {
        // `/hand` is for a seat at the table; the rest is private until it is over.
        let key = if verb == "/hand" {
            "not-seated"
        } else {
            "table-private"
        };
        for who in ["ben", "cat", "eve"] {
            let replies = say(&service, &ann_channel, who, verb);
            assert!(
                replies.iter().all(|r| r.refusal == Some(key)
                    && r.error
                    && r.board.is_none()
                    && r.attachment.is_none()),
                "{who}: {verb} at ann's game: {replies:?}"
            );
        }
    }

    // The tournament's own outputs: ann has ended, without her score.
    let played = format!("ann {score}");
    for verb in ["standings", "pairings", "export"] {
        for who in ["ben", "eve", "org"] {
            let replies = ok(&service, "#dup", who, &format!("/tournament {verb}"));
            for r in &replies {
                let mut text = r.text.clone();
                if let Some(file) = &r.attachment {
                    text.push_str(&file.content);
                }
                assert!(!text.contains(&played), "{verb}: {text}");
                assert!(
                    !text.contains(&format!("\"scores\":[{score}]")),
                    "{verb}: {text}"
                );
                assert!(!text.contains(&ann.seed.to_string()), "{verb}: the seed");
                assert!(
                    !text.contains(&t.seed.to_string()),
                    "{verb}: the tournament's secret"
                );
            }
        }
    }
    let export = ok(&service, "#dup", "eve", "/tournament export");
    let doc: Value = serde_json::from_str(&export[0].attachment.as_ref().expect("a file").content)
        .expect("JSON");
    let games = doc["played"][0]["games"].as_array().expect("games");
    let ended = games
        .iter()
        .find(|g| g["table"].as_u64() == Some(ann_table))
        .expect("ann's game");
    assert_eq!(ended["result"], serde_json::json!({ "ended": true }));
    assert!(
        doc["standings"]
            .as_array()
            .expect("standings")
            .iter()
            .all(|s| s["points"] == 0.0)
    );
    // Nor does anything about players tell it.
    for text in [
        say(&service, "#dup", "ben", "/history ann"),
        say(&service, "#dup", "ben", "/rating ann donquixote"),
        say(&service, "#dup", "ben", "/leaderboard donquixote solo"),
    ] {
        for r in text {
            assert!(!r.text.contains(&score.to_string()), "{}", r.text);
        }
    }

    // The others finish: the round is over, everything of it opens (and the next round's
    // games are sealed in their turn), its scores announced together.
    let mut news = Vec::new();
    for who in ["ben", "cat"] {
        let (_, channel) = board_of(who);
        ok(&service, &channel, who, "/resign");
        news.extend(ticked(&service).into_iter().map(|(_, r)| r));
    }
    let t = store
        .channel_tournament("#dup")
        .expect("readable")
        .expect("t");
    assert_eq!(t.sealed_round(), Some(2), "round 2 is played now");
    let results = news
        .iter()
        .find(|r| r.text.starts_with("Round 1 is over"))
        .unwrap_or_else(|| panic!("the round's scores: {news:?}"));
    assert!(
        results.text.contains(&format!("ann {score}")),
        "{}",
        results.text
    );
    let export = ok(&service, "#dup", "ben", &format!("/export {ann_table}"));
    let doc: Value = serde_json::from_str(&export[0].attachment.as_ref().expect("a file").content)
        .expect("JSON");
    assert!(doc.get("seed").is_none(), "no seed, even now");
    let frames = doc["frames"].as_array().expect("frames").len();
    assert_eq!(
        frames,
        placed + 2,
        "the start, each placement, the resignation"
    );
    assert!(!ok(&service, "#dup", "eve", &format!("/replay {ann_table}"))[0].error);
    let board = ok(&service, &ann_channel, "eve", "/board");
    assert!(board[0].board.is_some());
    let standings = ok(&service, "#dup", "eve", "/tournament standings");
    assert!(
        standings[0].text.contains(&score.to_string()),
        "{}",
        standings[0].text
    );
}

/// Today's path through the console: in a duplicate, `ann` resigns at once, and `ben` asks
/// for her game's export and replay by its number — and learns nothing.
#[test]
fn the_console_gives_nothing_of_a_resigned_duplicate_game_away() {
    let dir = tempfile::tempdir().expect("temp dir");
    let script = "\
#dup org: /tournament create donquixote duplicate name=dup
#dup ann: /tournament join
#dup ben: /tournament join
#dup org: /tournament start
#dup-r1-1 ann: /resign
#dup ben: /export 2
#dup ben: /replay 2
#dup-r1-1 ben: /board
#dup-r1-1 ben: /export
#dup ben: /tournament export
#dup ben: /export 99
";
    let out = console::run(dir.path(), &["--seed", "3"], script.as_bytes());
    let lines: Vec<&str> = out.lines().collect();
    let answer = |prefix: &str| {
        lines
            .iter()
            .filter(|l| l.starts_with(prefix))
            .copied()
            .collect::<Vec<_>>()
    };
    let asked = answer("[#dup] There is no game");
    assert_eq!(
        asked.len(),
        3,
        "export, replay and the unknown number: {out}"
    );
    assert_eq!(asked[0].replace('2', "N"), asked[2].replace("99", "N"));
    assert!(
        answer("[#dup-r1-1] This game is private").len() >= 2,
        "{out}"
    );
    assert!(!out.contains("\"seed\""), "{out}");
    assert!(!out.contains("frames"), "no export of ann's game: {out}");
    // Nor the file written: the tournament's export.
    let files: Vec<String> = std::fs::read_dir(dir.path().join("out"))
        .expect("out/")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .map(|p| std::fs::read_to_string(p).expect("a file"))
        .collect();
    assert_eq!(files.len(), 1, "{out}");
    for file in files {
        assert!(!file.contains("\"seed\""), "{file}");
        assert!(!file.contains("frames"), "{file}");
    }
}
