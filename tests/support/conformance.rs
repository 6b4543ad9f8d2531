//! The conformance suite every game runs (DESIGN.md, "The game contract").
//!
//! [`run`] plays random games of any [`Game`] and checks, at every step:
//!
//! - the contract's bookkeeping: `to_act` is `Nobody` exactly when `outcome` is `Some`; every
//!   seat to act has legal moves, every other seat has none; every legal move's text parses back
//!   to the same move;
//! - illegal attempts are refused with the state unchanged: a legal move of another position, a
//!   move by a seat that is not to act (or does not exist), garbage text through the `FromStr`
//!   path (and through [`AnyGame::play`]);
//! - views: `view(None)` and `view(Some(seat))` serialized to JSON never contain the serialized
//!   random generator state, nor the declared secrets of another seat, nor anything declared
//!   hidden from everybody (e.g. the order of cards still to come);
//! - the state round-trips through serde_json;
//! - every chosen legal move applies;
//!
//! and at the end: the game finished within the bound, `outcome()` is sound (ranks consistent
//! with scores), nothing more is accepted, and replaying `(options, seed, [(seat, move text)])`
//! from `Game::new` — and through [`AnyGame`] — reproduces an equal state. A forfeit is tried
//! on a copy at a random moment of every game.
//!
//! The suite is generic: a new game only supplies a [`Config`].

use std::collections::BTreeSet;
use std::panic::{AssertUnwindSafe, catch_unwind};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::Value;
use spieltisch::games::{
    Announcement, AnyGame, AnyOptions, Audience, EndReason, Forfeit, Game, GameKind, Outcome, Seat,
    SetupError, ToAct,
};

/// How to reach the game through the closed enum [`AnyGame`].
pub struct AnyHooks<G: Game> {
    /// The same options as [`Config::options`], as [`AnyOptions`].
    pub options: AnyOptions,
    /// The enum variant holding this game, e.g. `AnyGame::Dvonn`.
    pub wrap: fn(G) -> AnyGame,
}

/// Names, for a state and a seat, the strings only that seat may see (e.g. the serialized
/// cards of its hand). They must not appear in the JSON of any other seat's view, nor in the
/// public view.
pub type Secrets<'a, G> = &'a dyn Fn(&G, Seat) -> Vec<String>;

/// Names, for a state, strings that no view may contain, not even a seat's own (e.g. the
/// order of the cards still to be drawn).
pub type Hidden<'a, G> = &'a dyn Fn(&G) -> Vec<String>;

/// What to run.
pub struct Config<'a, G: Game> {
    /// Names the configuration in failure messages.
    pub label: &'a str,
    /// The game's options.
    pub options: G::Options,
    /// Seats at the table.
    pub players: usize,
    /// One random game per seed (the seed of `Game::new` and of the test's move picker).
    pub seeds: Vec<u64>,
    /// Most actions (accepted moves) a game may take before the suite calls it endless.
    pub max_actions: usize,
    /// Whether `legal_moves` lists every legal move (then any unlisted move must be refused).
    pub legal_moves_complete: bool,
    /// Whether the state must carry a serialized random generator (found by its JSON shape).
    pub expect_rng: bool,
    /// Each seat's secrets.
    pub secrets: Secrets<'a, G>,
    /// What nobody may see.
    pub hidden: Hidden<'a, G>,
    /// How to play the game through [`AnyGame`], if it is registered there.
    pub any: Option<AnyHooks<G>>,
}

/// Text that is no move of any game.
const GARBAGE: &[&str] = &[
    "",
    " ",
    "xyzzy",
    "🂡🂢",
    "A2B2C2D2",
    "\u{0}",
    "-",
    "999",
    "drop table moves",
    "move please",
    "Z9Z9",
    "\n\t",
];

/// Runs the suite; panics with a message naming the configuration, seed and step on failure.
pub fn run<G: Game>(config: &Config<G>) {
    check_setup(config);
    for &seed in &config.seeds {
        play_one(config, seed);
    }
}

fn check_setup<G: Game>(config: &Config<G>) {
    let info = G::INFO;
    assert!(!info.id.is_empty() && !info.name.is_empty());
    assert!(
        (info.min_players..=info.max_players).contains(&config.players),
        "{}: {} players outside {}..={}",
        config.label,
        config.players,
        info.min_players,
        info.max_players
    );
    let mut wrong = vec![info.max_players + 1];
    if info.min_players > 0 {
        wrong.push(info.min_players - 1);
    }
    for players in wrong {
        match G::new(players, &config.options, 1) {
            Err(SetupError::PlayerCount { got, .. }) => assert_eq!(got, players),
            Ok(_) => panic!("{}: a game with {players} players was set up", config.label),
        }
    }
    if let Some(hooks) = &config.any {
        let kind = hooks.options.kind();
        assert_eq!(GameKind::from_word(info.id), Some(kind), "{}", config.label);
        assert_eq!(kind.info().id, info.id);
        assert!(AnyGame::new(&hooks.options, info.max_players + 1, 1).is_err());
    }
}

/// The serialized random generator(s) inside a state: every JSON value under a key mentioning
/// `rng`, and every array under a key `seed` (rand_chacha serializes `{seed, stream, word_pos}`).
fn rng_fingerprints(state: &Value) -> Vec<String> {
    fn walk(v: &Value, out: &mut Vec<String>) {
        match v {
            Value::Object(map) => {
                for (key, value) in map {
                    let key = key.to_ascii_lowercase();
                    let compact = value.to_string();
                    if key.contains("rng") && compact.len() > 8 {
                        out.push(compact.clone());
                    }
                    if key == "seed" && value.as_array().is_some_and(|a| a.len() >= 8) {
                        out.push(compact);
                    }
                    walk(value, out);
                }
            }
            Value::Array(items) => items.iter().for_each(|i| walk(i, out)),
            _ => {}
        }
    }
    let mut out = Vec::new();
    walk(state, &mut out);
    out
}

/// Everything a running game must satisfy at any moment.
struct Checker<'c, 'a, G: Game> {
    config: &'c Config<'a, G>,
    seed: u64,
}

impl<G: Game> Checker<'_, '_, G> {
    fn at(&self, step: usize) -> String {
        format!("{} seed {} step {step}", self.config.label, self.seed)
    }

    fn state_invariants(&self, state: &G, step: usize) {
        let at = self.at(step);
        let to_act = state.to_act();
        assert_eq!(
            to_act == ToAct::Nobody,
            state.outcome().is_some(),
            "{at}: to_act {to_act:?} but outcome {:?}",
            state.outcome()
        );
        if let ToAct::Many(seats) = &to_act {
            assert!(!seats.is_empty(), "{at}: ToAct::Many with no seat");
            assert!(
                seats.windows(2).all(|w| w[0] < w[1]),
                "{at}: seats not in order"
            );
        }
        let players = self.config.players;
        assert_eq!(state.scores().len(), players, "{at}: scores per seat");
        for seat in 0..players {
            let moves = state.legal_moves(seat);
            if to_act.contains(seat) {
                assert!(
                    !moves.is_empty(),
                    "{at}: seat {seat} is to act without a move"
                );
                for mv in &moves {
                    let text = mv.to_string();
                    assert!(!text.trim().is_empty(), "{at}: empty move text");
                    match text.parse::<G::Move>() {
                        Ok(back) => assert_eq!(&back, mv, "{at}: `{text}` parses to another move"),
                        Err(e) => panic!("{at}: legal move text `{text}` does not parse: {e}"),
                    }
                }
            } else {
                assert!(
                    moves.is_empty(),
                    "{at}: seat {seat} is not to act but has moves {moves:?}"
                );
            }
            assert!(!state.seat_label(seat).is_empty());
        }
        let labels: BTreeSet<String> = (0..players).map(|s| state.seat_label(s)).collect();
        assert_eq!(
            labels.len(),
            players,
            "{at}: seat labels repeat: {labels:?}"
        );
        self.views_hide_secrets(state, step);
        self.round_trips(state, step);
    }

    fn views_hide_secrets(&self, state: &G, step: usize) {
        let at = self.at(step);
        let json = serde_json::to_value(state).expect("a state serializes");
        let rng = rng_fingerprints(&json);
        if self.config.expect_rng {
            assert!(
                !rng.is_empty(),
                "{at}: no random generator found in the state"
            );
        }
        let players = self.config.players;
        let secrets: Vec<Vec<String>> = (0..players)
            .map(|seat| (self.config.secrets)(state, seat))
            .collect();
        for (seat, list) in secrets.iter().enumerate() {
            for secret in list {
                assert!(
                    !secret.is_empty(),
                    "{at}: seat {seat} declares an empty secret"
                );
            }
        }
        let hidden = (self.config.hidden)(state);
        for secret in &hidden {
            assert!(
                !secret.is_empty(),
                "{at}: an empty hidden string is declared"
            );
        }
        let viewers = std::iter::once(None).chain((0..players).map(Some));
        for viewer in viewers {
            let view = serde_json::to_string(&state.view(viewer)).expect("a view serializes");
            for fingerprint in &rng {
                assert!(
                    !view.contains(fingerprint.as_str()),
                    "{at}: the view of {viewer:?} contains the random generator {fingerprint}"
                );
            }
            for secret in &hidden {
                assert!(
                    !view.contains(secret.as_str()),
                    "{at}: the view of {viewer:?} shows the hidden {secret}"
                );
            }
            for (owner, list) in secrets.iter().enumerate() {
                if viewer == Some(owner) {
                    continue;
                }
                for secret in list {
                    assert!(
                        !view.contains(secret.as_str()),
                        "{at}: the view of {viewer:?} shows seat {owner}'s secret {secret}"
                    );
                }
            }
        }
    }

    fn round_trips(&self, state: &G, step: usize) {
        let text = serde_json::to_string(state).expect("a state serializes");
        let back: G = match serde_json::from_str(&text) {
            Ok(back) => back,
            Err(e) => panic!("{}: the state does not deserialize: {e}", self.at(step)),
        };
        assert_eq!(&back, state, "{}: serde round trip differs", self.at(step));
    }

    /// Applies `mv` for `seat` to a copy; when refused, the copy must equal the original.
    /// Returns whether it was accepted.
    fn probe(&self, state: &G, seat: Seat, mv: &G::Move, step: usize, why: &str) -> bool {
        let mut copy = state.clone();
        let result = catch_unwind(AssertUnwindSafe(|| copy.apply(seat, mv)));
        match result {
            Err(_) => panic!("{}: {why}: apply({seat}, {mv}) panicked", self.at(step)),
            Ok(Ok(_)) => true,
            Ok(Err(e)) => {
                assert!(
                    !e.to_string().trim().is_empty(),
                    "{}: empty error",
                    self.at(step)
                );
                assert_eq!(
                    &copy,
                    state,
                    "{}: {why}: refused {mv} by seat {seat} ({e}) changed the state",
                    self.at(step)
                );
                false
            }
        }
    }

    fn illegal_attempts(&self, state: &G, foreign: &[G::Move], rng: &mut ChaCha8Rng, step: usize) {
        let at = self.at(step);
        let to_act = state.to_act();
        let acting = to_act.seats();
        let players = self.config.players;
        // A legal move of another position.
        for &seat in &acting {
            let legal = state.legal_moves(seat);
            let strangers: Vec<&G::Move> = foreign.iter().filter(|m| !legal.contains(m)).collect();
            for _ in 0..strangers.len().min(4) {
                let mv = strangers[rng.random_range(0..strangers.len())];
                let accepted = self.probe(state, seat, mv, step, "move of another position");
                assert!(
                    !(accepted && self.config.legal_moves_complete),
                    "{at}: {mv} is not listed for seat {seat} but was accepted"
                );
            }
        }
        // A move by a seat that may not act (usually: is not to act), or that does not exist.
        let sample: Vec<G::Move> = acting
            .iter()
            .flat_map(|&s| state.legal_moves(s))
            .chain(foreign.iter().take(3).cloned())
            .take(6)
            .collect();
        for seat in (0..=players).filter(|s| !state.may_act(*s)) {
            assert!(
                !to_act.contains(seat),
                "{at}: seat {seat} is to act but may not act"
            );
            for mv in &sample {
                assert!(
                    !self.probe(state, seat, mv, step, "seat not to act"),
                    "{at}: seat {seat} may not act but {mv} was accepted"
                );
            }
        }
        // Garbage text through the FromStr path.
        let long = "Q".repeat(5_000);
        for text in GARBAGE.iter().copied().chain([long.as_str()]) {
            match text.parse::<G::Move>() {
                Err(e) => {
                    assert!(
                        !e.0.trim().is_empty(),
                        "{at}: empty parse error for {text:?}"
                    );
                    assert!(
                        e.0.len() < 1_000,
                        "{at}: parse error of {} bytes",
                        e.0.len()
                    );
                }
                Ok(mv) => {
                    for seat in 0..=players {
                        if state.legal_moves(seat).contains(&mv) {
                            continue;
                        }
                        let accepted = self.probe(state, seat, &mv, step, "garbage text");
                        assert!(
                            !(accepted && self.config.legal_moves_complete),
                            "{at}: garbage {text:?} was accepted as {mv}"
                        );
                    }
                }
            }
        }
    }

    /// Forfeits `seat` on a copy: the seat leaves the turn order; if that ends the game, the
    /// forfeiter ranks last.
    fn forfeit_on_copy(
        &self,
        state: &G,
        any: Option<&AnyGame>,
        seat: Seat,
        reason: Forfeit,
        step: usize,
    ) {
        let at = self.at(step);
        let mut copy = state.clone();
        let events = copy.forfeit(seat, reason);
        assert!(!events.is_empty(), "{at}: a forfeit announces nothing");
        check_announcements(
            &Announcement::from_events(&copy, &events),
            self.config.players,
            &at,
        );
        assert!(
            !copy.to_act().contains(seat),
            "{at}: the forfeiter is still to act"
        );
        if let Some(outcome) = copy.outcome() {
            assert_eq!(outcome.reason, EndReason::Forfeit(seat, reason), "{at}");
            check_ranks(&outcome, self.config.players, &at);
            let worst = outcome.ranks.iter().copied().max().unwrap_or(0);
            assert_eq!(
                outcome.ranks[seat], worst,
                "{at}: the forfeiter is not ranked last"
            );
            if self.config.players > 1 {
                assert!(outcome.ranks[seat] > 1, "{at}: the forfeiter ranks first");
            }
        }
        self.state_invariants(&copy, step);
        if let (Some(any), Some(hooks)) = (any, &self.config.any) {
            let mut any = any.clone();
            any.forfeit(seat, reason);
            assert_eq!(any, (hooks.wrap)(copy), "{at}: AnyGame forfeit differs");
        }
    }

    fn finished(&self, state: &G, foreign: &[G::Move], step: usize) {
        let at = self.at(step);
        assert_eq!(state.to_act(), ToAct::Nobody, "{at}");
        let Some(outcome) = state.outcome() else {
            panic!("{at}: finished without an outcome");
        };
        assert_eq!(outcome.reason, EndReason::Normal, "{at}: nobody forfeited");
        assert_eq!(outcome.scores, state.scores(), "{at}: outcome scores");
        check_ranks(&outcome, self.config.players, &at);
        let s = &outcome.scores;
        for a in 0..s.len() {
            for b in 0..s.len() {
                if s[a] > s[b] {
                    assert!(
                        outcome.ranks[a] < outcome.ranks[b],
                        "{at}: seat {a} scored more than seat {b} but ranks {:?}",
                        outcome.ranks
                    );
                }
            }
        }
        for seat in 0..=self.config.players {
            for mv in foreign.iter().take(8) {
                assert!(
                    !self.probe(state, seat, mv, step, "after the end"),
                    "{at}: {mv} accepted after the end"
                );
            }
        }
        let mut copy = state.clone();
        let events = copy.forfeit(0, Forfeit::Resigned);
        assert!(
            events.is_empty(),
            "{at}: forfeit after the end announced {events:?}"
        );
        assert_eq!(
            &copy, state,
            "{at}: forfeit after the end changed the state"
        );
        assert!(
            !state.transcript().trim().is_empty(),
            "{at}: empty transcript"
        );
    }
}

fn check_ranks(outcome: &Outcome, players: usize, at: &str) {
    assert_eq!(outcome.scores.len(), players, "{at}: scores per seat");
    assert_eq!(outcome.ranks.len(), players, "{at}: ranks per seat");
    for &rank in &outcome.ranks {
        let better = outcome.ranks.iter().filter(|r| **r < rank).count();
        assert_eq!(
            rank as usize,
            better + 1,
            "{at}: ranks {:?} are not 1-based competition ranks",
            outcome.ranks
        );
    }
    let best = outcome.ranks.iter().filter(|r| **r == 1).count();
    assert_eq!(outcome.winner().is_some(), best == 1, "{at}");
    assert_eq!(outcome.is_draw(), best == players, "{at}");
}

fn check_announcements(announcements: &[Announcement], players: usize, at: &str) {
    for a in announcements {
        for lang in spieltisch::i18n::Lang::ALL {
            assert!(
                !a.text.get(lang).trim().is_empty(),
                "{at}: empty announcement in {lang}"
            );
        }
        if let Audience::Seat(seat) = a.audience {
            assert!(seat < players, "{at}: announcement to seat {seat}");
        }
    }
}

fn play_one<G: Game>(config: &Config<G>, seed: u64) {
    let checker = Checker { config, seed };
    let players = config.players;
    let new = || match G::new(players, &config.options, seed) {
        Ok(game) => game,
        Err(e) => panic!("{}: seed {seed}: setup failed: {e}", config.label),
    };
    let mut state = new();
    assert_eq!(
        state,
        new(),
        "{}: seed {seed}: setup is not deterministic",
        config.label
    );
    let mut any = config.any.as_ref().map(|hooks| {
        let any = AnyGame::new(&hooks.options, players, seed).expect("AnyGame sets up");
        assert_eq!(
            any,
            (hooks.wrap)(state.clone()),
            "AnyGame::new differs from Game::new"
        );
        any
    });

    // Moves of other positions: a different seed's opening, then moves seen along the way.
    let other = G::new(players, &config.options, seed ^ 0x00C0_FFEE).expect("setup");
    let mut foreign: Vec<G::Move> = other
        .to_act()
        .seats()
        .into_iter()
        .flat_map(|s| other.legal_moves(s))
        .collect();

    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0xC04F_0A11);
    let forfeit_at = rng.random_range(0..config.max_actions.clamp(1, 20));
    let mut log: Vec<(Seat, String)> = Vec::new();
    let mut step = 0;
    loop {
        checker.state_invariants(&state, step);
        if state.to_act() == ToAct::Nobody {
            break;
        }
        assert!(
            step < config.max_actions,
            "{}: not finished after {} actions",
            checker.at(step),
            config.max_actions
        );
        checker.illegal_attempts(&state, &foreign, &mut rng, step);
        let acting = state.to_act().seats();
        let seat = acting[rng.random_range(0..acting.len())];
        if step == forfeit_at {
            let reason = if rng.random_bool(0.5) {
                Forfeit::Resigned
            } else {
                Forfeit::TimedOut
            };
            checker.forfeit_on_copy(&state, any.as_ref(), seat, reason, step);
        }
        let legal = state.legal_moves(seat);
        let mv = legal[rng.random_range(0..legal.len())].clone();
        let text = mv.to_string();
        let events = match state.apply(seat, &mv) {
            Ok(events) => events,
            Err(e) => panic!(
                "{}: legal move {text} by seat {seat} refused: {e}",
                checker.at(step)
            ),
        };
        check_announcements(
            &Announcement::from_events(&state, &events),
            players,
            &checker.at(step),
        );
        if let (Some(any), Some(hooks)) = (any.as_mut(), &config.any) {
            assert_eq!(
                any.legal_moves(seat),
                legal.iter().map(|m| m.to_string()).collect::<Vec<_>>()
            );
            any_rejects_garbage(any, seat, &legal, &checker.at(step));
            match any.play(seat, &text) {
                Ok(played) => assert_eq!(played.text, text, "{}", checker.at(step)),
                Err(e) => panic!("{}: AnyGame refused {text}: {e}", checker.at(step)),
            }
            assert_eq!(
                *any,
                (hooks.wrap)(state.clone()),
                "{}: AnyGame diverged",
                checker.at(step)
            );
            assert_eq!(any.to_act(), state.to_act());
            assert_eq!(any.scores(), state.scores());
            assert_eq!(any.outcome(), state.outcome());
            assert_eq!(any.transcript(), state.transcript());
        }
        log.push((seat, text));
        // This position's moves become "moves of another position" later on.
        foreign.extend(legal.into_iter().take(4));
        if foreign.len() > 400 {
            foreign.drain(..200);
        }
        step += 1;
    }
    checker.finished(&state, &foreign, step);

    // Replay from the log.
    let mut replay = new();
    for (i, (seat, text)) in log.iter().enumerate() {
        let mv: G::Move = match text.parse() {
            Ok(mv) => mv,
            Err(e) => panic!("{}: replay: `{text}` does not parse: {e}", checker.at(i)),
        };
        if let Err(e) = replay.apply(*seat, &mv) {
            panic!(
                "{}: replay: {text} by seat {seat} refused: {e}",
                checker.at(i)
            );
        }
    }
    assert_eq!(replay, state, "{}: replay differs", checker.at(step));
    if let (Some(any), Some(hooks)) = (any, &config.any) {
        let mut replay = AnyGame::new(&hooks.options, players, seed).expect("AnyGame sets up");
        for (seat, text) in &log {
            if let Err(e) = replay.play(*seat, text) {
                panic!("{}: AnyGame replay: {text}: {e}", checker.at(step));
            }
        }
        assert_eq!(replay, any, "{}: AnyGame replay differs", checker.at(step));
        let json = serde_json::to_string(&any).expect("AnyGame serializes");
        let back: AnyGame = serde_json::from_str(&json).expect("AnyGame deserializes");
        assert_eq!(back, any, "{}: AnyGame serde round trip", checker.at(step));
        serde_json::to_string(&any.view(None)).expect("an AnyView serializes");
        for seat in 0..players {
            assert!(any.legal_moves(seat).is_empty());
            let mut copy = any.clone();
            assert!(
                copy.play(seat, "pass").is_err(),
                "AnyGame played after the end"
            );
            assert_eq!(
                copy, any,
                "a refused play after the end changed the AnyGame"
            );
        }
    }
}

/// Garbage text is refused by [`AnyGame::play`] with the game unchanged.
fn any_rejects_garbage<M: std::fmt::Display>(any: &AnyGame, seat: Seat, legal: &[M], at: &str) {
    let texts: Vec<String> = legal.iter().map(|m| m.to_string()).collect();
    for text in GARBAGE {
        if texts.iter().any(|t| t == text.trim()) {
            continue;
        }
        let mut copy = any.clone();
        let result = copy.play(seat, text);
        if let Err(e) = result {
            assert!(
                !e.to_string().trim().is_empty(),
                "{at}: empty AnyGame error"
            );
            assert_eq!(&copy, any, "{at}: refused {text:?} changed the AnyGame");
        } else {
            panic!("{at}: AnyGame accepted garbage {text:?}");
        }
    }
}
