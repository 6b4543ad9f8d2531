//! The table's rules refuse with typed values: what was refused and why, not the words.

use super::{Refusal, decide, start_seated};
use crate::games::{GameKind, OptionError, PlayError, SetupError};
use crate::i18n::{self, Lang};
use crate::table::action::{Action, Actor};
use crate::table::clock::Millis;
use crate::table::command::User;
use crate::table::options::TableOptions;
use crate::table::record::{Status, Table};
use crate::table::refused::Refused;

const NOW: Millis = 1_000;

/// The game these tests play: the first for exactly two players (one seat acts at a time).
fn duel() -> GameKind {
    GameKind::ALL
        .iter()
        .copied()
        .find(|k| k.info().min_players == 2 && k.info().max_players == 2)
        .expect("a game for two")
}

/// Another game than [`duel`].
fn other_game() -> GameKind {
    GameKind::ALL
        .iter()
        .copied()
        .find(|k| *k != duel())
        .expect("a second game")
}

fn user(id: &str) -> User {
    User {
        id: id.to_string(),
        name: id.to_string(),
    }
}

fn player(id: &str) -> Actor {
    Actor::Player {
        user: user(id),
        private: false,
        moderator: false,
    }
}

/// `action` by `who` at `current`: the next table, or the refusal.
fn act(current: Option<&Table>, who: &str, action: Action) -> Result<Table, Refusal> {
    decide("#c", current, &player(who), &action, NOW).map(|d| d.table)
}

/// `action` by `who` at `current`, which must be refused: why.
fn refused(current: Option<&Table>, who: &str, action: Action) -> Refused {
    match act(current, who, action) {
        Ok(t) => panic!("accepted, status {:?}", t.status),
        Err(r) => r.refused,
    }
}

fn ok(current: Option<&Table>, who: &str, action: Action) -> Table {
    act(current, who, action).unwrap_or_else(|r| panic!("refused: {:?}", r.refused))
}

fn join(game: &str) -> Action {
    Action::Join(game.to_string())
}

/// A lobby of [`duel`] opened by ann, with `others` seated after her.
fn lobby(others: &[&str]) -> Table {
    let mut t = ok(None, "ann", join(duel().info().id));
    for who in others {
        t = ok(Some(&t), who, join(""));
    }
    t
}

/// A running game of ann and bo, and the seat to act (0 or 1).
fn running() -> (Table, usize) {
    let t = ok(Some(&lobby(&["bo"])), "ann", Action::Start);
    let game = t.game.as_ref().expect("a running table has its game");
    let to_act = game.to_act().seats();
    assert_eq!(to_act.len(), 1, "one seat acts");
    (t, to_act[0])
}

fn name(seat: usize) -> &'static str {
    ["ann", "bo"][seat]
}

#[test]
fn joining_without_a_game_or_with_an_unknown_one() {
    assert_eq!(refused(None, "ann", join("")), Refused::WhichGame);
    assert_eq!(
        refused(None, "ann", join("chess")),
        Refused::UnknownGame {
            word: "chess".into()
        }
    );
    assert!(matches!(
        refused(None, "ann", join(&format!("{} nonsense", duel().info().id))),
        Refused::Options(OptionError(_))
    ));
    assert_eq!(
        refused(Some(&lobby(&[])), "bo", join("chess")),
        Refused::UnknownGame {
            word: "chess".into()
        }
    );
}

#[test]
fn joining_twice_another_game_or_other_options() {
    let t = lobby(&[]);
    assert_eq!(
        refused(Some(&t), "ann", join("")),
        Refused::AlreadySeated {
            game: duel(),
            seated: 1
        }
    );
    assert_eq!(
        refused(Some(&t), "bo", join(other_game().info().id)),
        Refused::OtherGame {
            game: duel(),
            wanted: other_game()
        }
    );
    let id = duel().info().id;
    assert_eq!(
        refused(Some(&t), "bo", join(&format!("{id} casual"))),
        Refused::OtherOptions {
            game: duel(),
            options: t.options.clone(),
            wanted: "casual".into()
        }
    );
    // The game's name alone sits down at its table, whatever it was opened with.
    ok(Some(&t), "bo", join(id));
}

#[test]
fn joining_a_full_or_running_table() {
    let t = lobby(&["bo"]);
    match refused(Some(&t), "cy", join("")) {
        Refused::TableFull { table } => assert_eq!(*table, t),
        other => panic!("{other:?}"),
    }
    let (t, _) = running();
    assert!(matches!(
        refused(Some(&t), "cy", join("")),
        Refused::JoinRunning { .. }
    ));
}

#[test]
fn leaving() {
    assert_eq!(refused(None, "ann", Action::Leave), Refused::LeaveNoTable);
    assert_eq!(
        refused(Some(&lobby(&[])), "bo", Action::Leave),
        Refused::NotSeated
    );
    let (t, _) = running();
    assert_eq!(
        refused(Some(&t), "ann", Action::Leave),
        Refused::LeaveRunning
    );
}

#[test]
fn starting() {
    assert_eq!(refused(None, "ann", Action::Start), Refused::StartNoTable);
    let alone = lobby(&[]);
    assert_eq!(
        refused(Some(&alone), "ann", Action::Start),
        Refused::TooFewPlayers {
            game: duel(),
            seated: 1
        }
    );
    let full = lobby(&["bo"]);
    assert!(matches!(
        refused(Some(&full), "cy", Action::Start),
        Refused::StartNotSeated { .. }
    ));
    let (t, _) = running();
    assert_eq!(
        refused(Some(&t), "ann", Action::Start),
        Refused::StartRunning
    );
    let mut empty = alone;
    empty.seats.clear();
    let refusal = start_seated(&empty, NOW).expect_err("nobody is seated");
    assert_eq!(refusal.refused, Refused::StartNobody);
}

#[test]
fn moving_before_the_start_and_without_a_table() {
    let play = Action::Play("a1".into());
    assert_eq!(refused(None, "ann", play.clone()), Refused::NoGame);
    assert_eq!(
        refused(Some(&lobby(&["bo"])), "ann", play),
        Refused::NotStarted
    );
}

#[test]
fn moving_out_of_turn_and_as_a_stranger() {
    let (t, seat) = running();
    let other = name(1 - seat);
    let legal = t.game.as_ref().expect("game").legal_moves(1 - seat);
    let mv = legal.first().cloned().unwrap_or_else(|| "a1".into());
    match refused(Some(&t), other, Action::Play(mv.clone())) {
        Refused::NotYourTurn { table } => assert_eq!(*table, t),
        wrong => panic!("{wrong:?}"),
    }
    assert!(matches!(
        refused(Some(&t), "cy", Action::Play(mv)),
        Refused::NotAPlayer { .. }
    ));
}

#[test]
fn a_move_the_game_rejects_or_none_at_all() {
    let (t, seat) = running();
    let refusal = act(Some(&t), name(seat), Action::Play(String::new())).expect_err("no move");
    assert!(refusal.private, "which move is asked privately");
    assert!(matches!(
        refusal.refused,
        Refused::WhichMove { example: Some(_) }
    ));
    assert!(matches!(
        refused(Some(&t), name(seat), Action::Play("zz99".into())),
        Refused::Move(PlayError::Parse(_))
    ));
}

#[test]
fn acting_after_the_end() {
    let (t, seat) = running();
    let over = ok(Some(&t), name(seat), Action::Resign);
    assert_eq!(over.status, Status::Finished);
    for action in [Action::Play("a1".into()), Action::Resign] {
        match refused(Some(&over), name(1 - seat), action) {
            Refused::Finished { table } => assert_eq!(*table, over),
            wrong => panic!("{wrong:?}"),
        }
    }
    assert_eq!(
        refused(Some(&over), "ann", Action::Abort),
        Refused::AbortNoTable
    );
}

#[test]
fn aborting_someone_elses_table() {
    let t = lobby(&["bo"]);
    assert_eq!(
        refused(Some(&t), "bo", Action::Abort),
        Refused::NotCreator {
            creator: "ann".into()
        }
    );
    let moderator = Actor::Player {
        user: user("cy"),
        private: false,
        moderator: true,
    };
    assert!(decide("#c", Some(&t), &moderator, &Action::Abort, NOW).is_ok());
}

#[test]
fn computer_players() {
    let bot = |level: &str| Action::AddBot(level.to_string());
    assert_eq!(refused(None, "ann", bot("")), Refused::BotNoLobby);
    let t = lobby(&[]);
    assert_eq!(refused(Some(&t), "bo", bot("")), Refused::BotNotSeated);
    assert_eq!(
        refused(Some(&t), "ann", bot("genius")),
        Refused::UnknownBotLevel {
            word: "genius".into()
        }
    );
    assert_eq!(
        refused(Some(&t), "ann", Action::RemoveBot),
        Refused::NoBotSeated
    );
    let full = lobby(&["bo"]);
    assert_eq!(
        refused(Some(&full), "ann", bot("")),
        Refused::BotTableFull {
            game: duel(),
            seated: 2
        }
    );
    let (running, _) = running();
    assert_eq!(refused(Some(&running), "ann", bot("")), Refused::BotRunning);
}

#[test]
fn claiming_too_early() {
    let (t, seat) = running();
    let claim = |level: &str| Action::Claim(level.to_string());
    assert_eq!(
        refused(Some(&t), name(seat), claim("genius")),
        Refused::UnknownClaimLevel {
            word: "genius".into()
        }
    );
    match refused(Some(&t), name(1 - seat), claim("")) {
        Refused::ClaimNotYet {
            seat: waiting,
            limit,
            wait,
            ..
        } => {
            assert_eq!(waiting, seat);
            assert_eq!(limit, t.policy.idle_after);
            assert!(wait > 0 && wait <= limit, "{wait} of {limit}");
        }
        wrong => panic!("{wrong:?}"),
    }
    let timed = ok(None, "ann", join(&format!("{} time=10m", duel().info().id)));
    let timed = ok(Some(&timed), "bo", join(""));
    let timed = ok(Some(&timed), "ann", Action::Start);
    assert_eq!(
        refused(Some(&timed), "ann", claim("")),
        Refused::ClaimHasClock
    );
}

#[test]
fn the_tables_own_timers_with_nothing_due_are_idle() {
    let (t, _) = running();
    let refusal = decide("#c", Some(&t), &Actor::Table, &Action::ClockRanOut, NOW)
        .expect_err("no clock runs");
    assert!(refusal.idle);
    assert_eq!(refusal.refused, Refused::NothingDue);
    let refusal = decide(
        "#c",
        None,
        &Actor::Table,
        &Action::Relocate("#d".into()),
        NOW,
    )
    .expect_err("none");
    assert_eq!(refusal.refused, Refused::RelocateNoTable);
}

/// One value of every variant.
fn every_refusal() -> Vec<Refused> {
    let (t, seat) = running();
    let table = || Box::new(t.clone());
    let over = ok(Some(&t), name(seat), Action::Resign);
    vec![
        Refused::NothingDue,
        Refused::WhichGame,
        Refused::UnknownGame {
            word: "chess".into(),
        },
        Refused::Options(OptionError("no such option".into())),
        Refused::JoinRunning { table: table() },
        Refused::AlreadySeated {
            game: duel(),
            seated: 1,
        },
        Refused::OtherGame {
            game: duel(),
            wanted: other_game(),
        },
        Refused::OtherOptions {
            game: duel(),
            options: TableOptions::parse(duel(), ["casual"]).expect("an option"),

            wanted: "log".into(),
        },
        Refused::TableFull { table: table() },
        Refused::LeaveNoTable,
        Refused::NotSeated,
        Refused::LeaveRunning,
        Refused::StartRunning,
        Refused::StartNoTable,
        Refused::StartNotSeated { table: table() },
        Refused::TooFewPlayers {
            game: other_game(),
            seated: 1,
        },
        Refused::Setup(SetupError::PlayerCount {
            game: duel().info().name,
            min: 2,
            max: 2,
            got: 3,
        }),
        Refused::StartNobody,
        Refused::NotStarted,
        Refused::Finished {
            table: Box::new(over),
        },
        Refused::NoGame,
        Refused::NotAPlayer { table: table() },
        Refused::NothingRunning,
        Refused::WhichMove {
            example: Some("a1".into()),
        },
        Refused::WhichMove { example: None },
        Refused::NotYourTurn { table: table() },
        Refused::Move(PlayError::Parse("not a move".into())),
        Refused::Move(PlayError::Illegal {
            mv: "a1".into(),
            reason: "no piece there".into(),
        }),
        Refused::SecretInPublic,
        Refused::AlreadyLeft,
        Refused::AbortNoTable,
        Refused::NotCreator {
            creator: "ann".into(),
        },
        Refused::AbortTournament,
        Refused::AbortRated,
        Refused::RelocateNoTable,
        Refused::BotRunning,
        Refused::BotNoLobby,
        Refused::BotNotSeated,
        Refused::UnknownBotLevel {
            word: "genius".into(),
        },
        Refused::BotTableFull {
            game: duel(),
            seated: 2,
        },
        Refused::NoBotSeated,
        Refused::ClaimHasClock,
        Refused::UnknownClaimLevel {
            word: "genius".into(),
        },
        Refused::ClaimNotYet {
            table: table(),
            seat,
            limit: t.policy.idle_after,
            wait: 3_600_000,
        },
        Refused::ClaimOnVacation {
            limit: t.policy.idle_after,
        },
        Refused::ClaimNobodyToAct,
    ]
}

#[test]
fn every_refusal_is_worded_in_every_language() {
    // Worded by the options, the game or nobody: no message of their own.
    let unworded = ["nothing-due", "options-refused", "move-unreadable"];
    for refused in every_refusal() {
        let key = refused.key();
        for lang in Lang::ALL {
            let words = i18n::scope(lang, || refused.words());
            assert!(!words.trim().is_empty(), "{key} in {lang:?} is empty");
            assert!(
                !words.contains("{$") && !words.contains("{ $"),
                "{key} in {lang:?} has a placeholder left: {words}"
            );
            if !unworded.contains(&key) {
                let message = i18n::scope(lang, || i18n::tr(key, None));
                assert_ne!(message, key, "{key} is no message in {lang:?}");
            }
        }
    }
}

#[test]
fn the_key_names_the_message_the_words_come_from() {
    let (t, seat) = running();
    let turn = Refused::NotYourTurn {
        table: Box::new(t.clone()),
    };
    assert_eq!(turn.key(), "play-not-your-turn");
    let words = i18n::scope(Lang::En, || turn.words());
    assert!(
        words.starts_with("It is not your turn.") && words.contains(name(seat)),
        "{words}"
    );
    let full = Refused::TableFull {
        table: Box::new(lobby(&["bo"])),
    };
    let words = i18n::scope(Lang::En, || full.words());
    let game = duel().info().name;
    assert_eq!(words, format!("The {game} table is full (2/2): ann, bo."));
}
