//! Time controls and what keeps games moving over days, through the table service with a
//! manual clock: a time per move, reminders before the time runs out (once each, as the player
//! chose, none on vacation), vacations and their allowance, idle seats claimed, a player out of
//! time replaced by a computer player in a game of three or more, the daily digest — and every
//! one of these timers firing once after a restart, none lost and none twice.

use std::time::Duration;

use spieltisch::table::{Reply, Timing, User};

use crate::support::{
    Harness, assert_refusal, first_move, ok, privately, refusal, refused, say, say_with, setup,
    ticked,
};

const HOUR: Duration = Duration::from_secs(3600);
const DAY: Duration = Duration::from_secs(24 * 3600);
const MINUTE: Duration = Duration::from_secs(60);

/// The service, commands from community `c`; the default timing without the spread, so that
/// reminders come at exact moments.
fn open() -> Harness {
    setup()
        .start(1_000_000_000)
        .timing(Timing {
            spread: Duration::ZERO,
            ..Timing::default()
        })
        .community("c")
        .fresh()
}

/// Opens a two-player Dvonn table at `channel` with `options`, started by bob: alice (White)
/// to move, who has not acted since.
fn dvonn(service: &Harness, channel: &str, options: &str) {
    ok(service, channel, "alice", &format!("/join dvonn {options}"));
    ok(service, channel, "bob", "/join");
    ok(service, channel, "bob", "/start");
}

fn play(service: &Harness, channel: &str, user: &str) -> Vec<Reply> {
    let mv = first_move(service, channel, user);
    ok(service, channel, user, &format!("/move {mv}"))
}

/// `/status` at `channel`, as an onlooker sees it.
fn status(service: &Harness, channel: &str) -> String {
    say(service, channel, "onlooker", "/status")[0].text.clone()
}

/// The `/status` line of the player `who` (e.g. `alice (White)`).
fn line_of(service: &Harness, channel: &str, who: &str) -> String {
    let status = status(service, channel);
    status
        .lines()
        .find(|l| l.starts_with(&format!("{who}:")))
        .unwrap_or_else(|| panic!("no line for {who}: {status}"))
        .to_string()
}

/// The reminders among replies: (to whom, text), public ones by their mention.
fn reminders(replies: &[(String, Reply)]) -> Vec<(String, String)> {
    replies
        .iter()
        .filter(|(_, r)| r.text.contains('⏳'))
        .map(|(_, r)| {
            let who = match &r.to {
                Some(user) => user.name.clone(),
                None => r.mentions.iter().map(|u| u.name.clone()).collect(),
            };
            (who, r.text.clone())
        })
        .collect()
}

#[test]
fn a_time_per_move_gives_every_turn_the_same_time() {
    let service = open();
    let clock = service.clock.clone();
    dvonn(&service, "#a", "time=1d/move");
    assert!(status(&service, "#a").contains("time=1d/move"));
    clock.advance(20 * HOUR);
    play(&service, "#a", "alice");
    clock.advance(2 * HOUR);
    play(&service, "#a", "bob");
    // alice's new turn starts with the whole day again.
    let line = line_of(&service, "#a", "alice (White)");
    assert!(line.ends_with("1d 0h left, clock running"), "{line}");
    // A day without a move loses (two players).
    clock.advance(DAY);
    let fired = ticked(&service);
    assert!(
        fired
            .iter()
            .any(|(_, r)| r.text.contains("alice (White) has run out of time")),
        "{fired:?}"
    );
    assert!(status(&service, "#a").contains("bob (Black) wins"));
}

#[test]
fn reminders_come_at_half_and_nine_tenths_of_the_time_once_each() {
    let service = open();
    let clock = service.clock.clone();
    dvonn(&service, "#a", "time=1d/move");
    // Nothing before half the time.
    clock.advance(12 * HOUR - MINUTE);
    assert!(reminders(&ticked(&service)).is_empty());
    clock.advance(MINUTE);
    let fired = reminders(&ticked(&service));
    assert_eq!(fired.len(), 1, "{fired:?}");
    assert_eq!(fired[0].0, "alice", "mentioned in the channel by default");
    assert!(fired[0].1.contains("12h left"), "{}", fired[0].1);
    // Once: later ticks send nothing more until nine tenths.
    clock.advance(HOUR);
    assert!(reminders(&ticked(&service)).is_empty());
    clock.advance(Duration::from_secs(8 * 3600 + 36 * 60));
    let fired = reminders(&ticked(&service));
    assert_eq!(fired.len(), 1, "{fired:?}");
    assert!(fired[0].1.contains("2h 24m left"), "{}", fired[0].1);
    clock.advance(HOUR);
    assert!(reminders(&ticked(&service)).is_empty());
    // A move starts the next turn's reminders for bob; alice's are over.
    play(&service, "#a", "alice");
    clock.advance(12 * HOUR);
    let fired = reminders(&ticked(&service));
    assert_eq!(fired.len(), 1);
    assert_eq!(fired[0].0, "bob");
}

#[test]
fn reminders_go_where_the_player_chose_and_not_for_live_games() {
    let service = open();
    let clock = service.clock.clone();
    // A live game: a 20-minute clock gets no reminders.
    dvonn(&service, "#live", "time=20m");
    // bob by direct message, carol not at all.
    ok(&service, "#x", "bob", "/notify dm");
    ok(&service, "#x", "carol", "/notify off");
    ok(&service, "#b", "bob", "/join dvonn time=2d/move");
    ok(&service, "#b", "alice", "/join");
    ok(&service, "#b", "alice", "/start");
    ok(&service, "#c", "carol", "/join dvonn time=2d/move");
    ok(&service, "#c", "alice", "/join");
    ok(&service, "#c", "alice", "/start");
    clock.advance(19 * MINUTE);
    assert!(
        reminders(&ticked(&service)).is_empty(),
        "no reminder in a live game"
    );
    clock.advance(DAY - 19 * MINUTE);
    let fired = ticked(&service);
    let sent = reminders(&fired);
    assert_eq!(sent.len(), 1, "{sent:?}");
    let (channel, reply) = fired
        .iter()
        .find(|(_, r)| r.text.contains('⏳'))
        .expect("bob's reminder");
    assert_eq!(reply.to, Some(User::named("bob")), "privately");
    assert!(reply.mentions.is_empty());
    assert_eq!(channel, "#b");
    assert!(
        reply.text.contains("Dvonn in `#b`") && reply.text.contains("1d left"),
        "{}",
        reply.text
    );
}

#[test]
fn a_vacation_stops_correspondence_clocks_says_so_everywhere_and_ends_by_itself() {
    let service = open();
    let clock = service.clock.clone();
    dvonn(&service, "#a", "time=1d/move");
    dvonn(&service, "#b", ""); // no clock
    ok(&service, "#l", "alice", "/join burg"); // a lobby
    clock.advance(6 * HOUR);
    let answer = ok(&service, "#x", "alice", "/vacation 3d");
    assert_eq!(answer.len(), 1);
    assert_eq!(
        answer[0].to,
        Some(User::named("alice")),
        "answered privately"
    );
    assert!(answer[0].text.contains("3 tables"), "{}", answer[0].text);
    // Each table says so in its channel, with the next tick.
    let fired = ticked(&service);
    let mut told: Vec<&str> = fired
        .iter()
        .filter(|(_, r)| r.text.contains("alice") && r.text.contains("on vacation for 3d"))
        .map(|(c, _)| c.as_str())
        .collect();
    told.sort();
    assert_eq!(told, ["#a", "#b", "#l"], "{fired:?}");
    assert!(fired.iter().all(|(_, r)| r.board.is_none()));
    // The correspondence clock stands: two days later alice still has 18 hours, and no
    // reminder came.
    clock.advance(2 * DAY);
    assert!(reminders(&ticked(&service)).is_empty());
    let line = line_of(&service, "#a", "alice (White)");
    assert!(
        line.ends_with("18:00:00 left — on vacation for 1d more"),
        "{line}"
    );
    // Nobody may claim her seat at the table without a clock.
    clock.advance(DAY - MINUTE);
    assert_eq!(
        refused(&service, "#b", "bob", "/claim"),
        "claim-on-vacation"
    );
    // The vacation ends by itself: each running table says so, and her clock runs again.
    clock.advance(MINUTE);
    let fired = ticked(&service);
    let back: Vec<&str> = fired
        .iter()
        .filter(|(_, r)| r.text.contains("back from vacation"))
        .map(|(c, _)| c.as_str())
        .collect();
    assert_eq!(back.len(), 2, "{fired:?}");
    // And she is pinged where she is to move.
    assert!(
        fired
            .iter()
            .filter(|(_, r)| r.text.contains("back from vacation"))
            .all(|(_, r)| r.mentions == [User::named("alice")]),
        "{fired:?}"
    );
    clock.advance(HOUR);
    let line = line_of(&service, "#a", "alice (White)");
    assert!(line.ends_with("17:00:00 left, clock running"), "{line}");
}

#[test]
fn the_vacation_allowance_is_fourteen_days_in_thirty_and_off_ends_it_early() {
    let service = open();
    let clock = service.clock.clone();
    dvonn(&service, "#a", "time=1d/move");
    // Bad input: one clear refusal each, nothing changed.
    for (bad, key) in [
        ("/vacation 15d", "vacation-too-long"),
        ("/vacation soon", "vacation-not-a-duration"),
        ("/vacation 10m", "vacation-too-short"),
        ("/vacation off", "vacation-not-away"),
    ] {
        assert_eq!(refused(&service, "#a", "alice", bad), key, "{bad}");
    }
    assert!(ticked(&service).is_empty(), "no table heard of it");
    ok(&service, "#a", "alice", "/vacation 10d");
    ticked(&service);
    clock.advance(2 * DAY);
    let off = ok(&service, "#a", "alice", "/vacation off");
    assert!(off[0].text.contains("Welcome back"), "{}", off[0].text);
    let fired = ticked(&service);
    assert!(
        fired
            .iter()
            .any(|(c, r)| c == "#a" && r.text.contains("back from vacation")),
        "{fired:?}"
    );
    let line = line_of(&service, "#a", "alice (White)");
    assert!(line.ends_with("1d 0h left, clock running"), "{line}");
    // Two days were taken: twelve are left.
    let told = ok(&service, "#a", "alice", "/vacation");
    assert!(
        told[0].text.contains("you may take 12d now"),
        "{}",
        told[0].text
    );
    let too_long = refusal(&service, "#a", "alice", "/vacation 13d");
    assert_refusal(&too_long, "vacation-too-long");
    assert!(too_long.text.contains("12d"), "{}", too_long.text);
}

#[test]
fn a_game_that_starts_during_a_vacation_keeps_the_clock_of_the_absent_player_still() {
    let service = open();
    let clock = service.clock.clone();
    let none = ok(&service, "#x", "alice", "/vacation 2d");
    assert!(
        none[0].text.contains("None of your tables"),
        "{}",
        none[0].text
    );
    // alice opens a table while away (and it says so); bob joins and starts: alice (White)
    // is to move, but her clock stands and nobody pings her.
    let opened = ok(&service, "#a", "alice", "/join dvonn time=1d/move");
    assert!(
        opened
            .iter()
            .any(|r| r.text.contains("alice is on vacation for 2d")),
        "{opened:?}"
    );
    ok(&service, "#a", "bob", "/join");
    let started = ok(&service, "#a", "bob", "/start");
    assert!(
        started.iter().all(|r| r.mentions.is_empty()),
        "nobody pings a player on vacation: {started:?}"
    );
    clock.advance(DAY + HOUR);
    assert!(ticked(&service).is_empty(), "no time out, no reminder");
    let line = line_of(&service, "#a", "alice (White)");
    assert!(line.contains("1d 0h left — on vacation for 23h"), "{line}");
    // When she is back, her clock runs and she hears it is her turn.
    clock.advance(23 * HOUR);
    let fired = ticked(&service);
    assert!(
        fired
            .iter()
            .any(|(_, r)| r.text.contains("back from vacation")
                && r.mentions == [User::named("alice")]),
        "{fired:?}"
    );
}

#[test]
fn an_idle_seat_at_a_two_player_table_may_be_claimed_for_the_win() {
    let service = open();
    let clock = service.clock.clone();
    dvonn(&service, "#a", "");
    // Bad input: a stranger, too early, a player whose own turn it is, a clocked table.
    assert_eq!(
        refused(&service, "#a", "carol", "/claim"),
        "play-not-a-player"
    );
    clock.advance(DAY);
    let early = refusal(&service, "#a", "bob", "/claim");
    assert_refusal(&early, "claim-not-yet");
    assert!(early.text.contains("2d"), "{}", early.text);
    assert_eq!(
        refused(&service, "#a", "alice", "/claim"),
        "claim-nobody-to-act"
    );
    dvonn(&service, "#t", "time=1d/move");
    assert_eq!(refused(&service, "#t", "bob", "/claim"), "claim-has-clock");
    assert_eq!(
        refused(&service, "#a", "bob", "/claim expert"),
        "claim-unknown-level"
    );
    // A reminder at half the idle limit and at nine tenths, privately as alice chose.
    ok(&service, "#x", "alice", "/notify dm");
    clock.advance(Duration::from_secs(12 * 3600));
    let fired = reminders(&ticked(&service));
    assert_eq!(fired.len(), 1, "{fired:?}");
    assert!(
        fired[0].1.contains("may `/claim` your seat"),
        "{}",
        fired[0].1
    );
    // Three days: bob claims the game.
    clock.advance(2 * DAY);
    ticked(&service);
    let s = status(&service, "#a");
    assert!(s.contains("may be claimed"), "{s}");
    let claimed = ok(&service, "#a", "bob", "/claim");
    assert!(
        claimed
            .iter()
            .any(|r| r.text.contains("has not acted for 3d") && r.text.contains("bob (Black) wins")),
        "{claimed:?}"
    );
    assert!(status(&service, "#a").contains("alice (White) abandoned the game"));
}

#[test]
fn an_idle_seat_in_a_larger_game_goes_to_a_computer_player_and_the_game_goes_on() {
    let service = open();
    let clock = service.clock.clone();
    ok(&service, "#k", "alice", "/join komarn");
    ok(&service, "#k", "bob", "/join");
    ok(&service, "#k", "carol", "/join");
    ok(&service, "#k", "carol", "/start");
    // Whoever is to move first stays away for three days.
    let table = |service: &Harness| -> String { status(service, "#k") };
    let idle = ["alice", "bob", "carol"]
        .into_iter()
        .find(|u| !service.legal_moves("#k", &User::named(u)).is_empty())
        .expect("somebody to move");
    let other = ["alice", "bob", "carol"]
        .into_iter()
        .find(|u| *u != idle)
        .expect("another");
    clock.advance(3 * DAY);
    let claimed = ok(&service, "#k", other, "/claim easy");
    assert!(
        claimed
            .iter()
            .any(|r| r.text.contains(&format!("{idle} has not acted for 3d"))
                && r.text.contains("takes over the seat")),
        "{claimed:?}"
    );
    let s = table(&service);
    assert!(
        s.contains(&format!("for {idle}")) && s.contains("easy"),
        "{s}"
    );
    // The computer player moves from the timer loop, and the game goes on.
    let mut moved = false;
    for _ in 0..400 {
        if !ticked(&service).is_empty() {
            moved = true;
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    assert!(moved, "the computer player moved");
    assert!(table(&service).contains("Banner von Komarn"));
    assert!(service.legal_moves("#k", &User::named(idle)).is_empty());
}

#[test]
fn running_out_of_time_in_a_larger_game_hands_the_seat_to_a_computer_player() {
    let service = open();
    let clock = service.clock.clone();
    ok(&service, "#b", "alice", "/join burg time=1h/move");
    ok(&service, "#b", "bob", "/join");
    ok(&service, "#b", "carol", "/join");
    ok(&service, "#b", "carol", "/start");
    // Everybody chooses at once; alice and bob choose, carol does not.
    for user in ["alice", "bob"] {
        let mv = first_move(&service, "#b", user);
        let replies = say_with(&service, "#b", user, &format!("/move {mv}"), privately);
        assert!(replies.iter().all(|r| !r.error));
    }
    clock.advance(HOUR);
    let fired = ticked(&service);
    assert!(
        fired
            .iter()
            .any(|(_, r)| r.text.contains("⏰ carol has run out of time")
                && r.text.contains("normal")
                && r.text.contains("takes over the seat")),
        "{fired:?}"
    );
    let s = status(&service, "#b");
    assert!(!s.contains("Game over"), "the game goes on: {s}");
    assert!(s.contains("for carol"), "{s}");
}

#[test]
fn several_correspondence_turns_at_once_come_as_one_digest_a_day() {
    let service = open();
    let clock = service.clock.clone();
    // alice plays White at three correspondence tables; bob starts them.
    for ch in ["#a", "#b", "#c"] {
        dvonn(&service, ch, "time=3d/move");
    }
    // The first table pinged her as usual; at the second and third she was to move already
    // at another: a digest instead, sent at the next tick.
    let fired = ticked(&service);
    let digests: Vec<&Reply> = fired
        .iter()
        .map(|(_, r)| r)
        .filter(|r| r.text.contains("📬"))
        .collect();
    assert_eq!(digests.len(), 1, "{fired:?}");
    // Her pings go to the channel (the default): so does the digest, mentioning her alone.
    assert_eq!(digests[0].to, None);
    assert_eq!(digests[0].mentions, [User::named("alice")]);
    let posted = fired
        .iter()
        .find(|(_, r)| r.text.contains("📬"))
        .map(|(channel, _)| channel.as_str());
    assert!(matches!(posted, Some("#a" | "#b" | "#c")), "{posted:?}");
    assert!(
        digests[0].text.contains("Your move at 3 tables")
            && ["#a", "#b", "#c"]
                .iter()
                .all(|c| digests[0].text.contains(c)),
        "{}",
        digests[0].text
    );
    // She moves at one; bob moves back within the day: no ping, the next digest waits a day.
    let moved = play(&service, "#a", "alice");
    assert!(
        moved
            .iter()
            .all(|r| r.mentions.is_empty() || r.mentions == [User::named("bob")])
    );
    clock.advance(HOUR);
    let back = play(&service, "#a", "bob");
    assert!(
        back.iter().all(|r| r.mentions.is_empty() && r.to.is_none()),
        "folded into the digest: {back:?}"
    );
    clock.advance(22 * HOUR);
    assert!(ticked(&service).iter().all(|(_, r)| !r.text.contains("📬")));
    clock.advance(HOUR);
    let fired = ticked(&service);
    let digest = fired
        .iter()
        .find(|(_, r)| r.text.contains("📬"))
        .expect("the next day's digest");
    assert!(digest.1.text.contains("3 tables"), "{}", digest.1.text);
    // With `/notify dm` the next one comes privately, mentioning nobody.
    ok(&service, "#a", "alice", "/notify dm");
    play(&service, "#a", "alice");
    clock.advance(HOUR);
    play(&service, "#a", "bob");
    clock.advance(24 * HOUR);
    let fired = ticked(&service);
    let digest = fired
        .iter()
        .find(|(_, r)| r.text.contains("📬"))
        .expect("the third day's digest");
    assert_eq!(digest.1.to, Some(User::named("alice")));
    assert!(digest.1.mentions.is_empty());
}

#[test]
fn timers_fire_once_after_a_restart_none_lost_none_twice() {
    let mut service = open();
    let clock = service.clock.clone();
    {
        dvonn(&service, "#a", "time=1d/move");
        // At the second table alice is to move at two: a digest, sent at once (her first).
        dvonn(&service, "#b", "time=2d/move");
        ok(&service, "#x", "bob", "/vacation 1d");
        let fired = ticked(&service);
        assert!(
            fired.iter().any(|(_, r)| r.text.contains("📬")),
            "{fired:?}"
        );
        // A third: the next digest is due a day after the first.
        ok(&service, "#c", "alice", "/join dvonn time=3d/move");
        ok(&service, "#c", "carol", "/join");
        ok(&service, "#c", "carol", "/start");
        assert!(ticked(&service).is_empty());
        // The service stops with a reminder, a vacation's end and a digest scheduled.
        let mv = first_move(&service, "#c", "alice");
        ok(&service, "#c", "alice", &format!("/move {mv}"));
        ok(
            &service,
            "#c",
            "carol",
            &format!("/move {}", first_move(&service, "#c", "carol")),
        );
    }
    // The clock runs on while the service is down (downtime counts for nobody), then it runs
    // on after the restart past every moment.
    clock.advance(HOUR);
    let mut seen = Vec::new();
    for round in 0..3 {
        service = service.restart();
        for _ in 0..30 {
            clock.advance(HOUR);
            seen.extend(
                ticked(&service)
                    .into_iter()
                    .map(|(c, r)| (round, c, r.text)),
            );
        }
    }
    let count = |needle: &str, channel: &str| {
        seen.iter()
            .filter(|(_, c, t)| c == channel && t.contains(needle))
            .count()
    };
    // Half and nine tenths of alice's time at #a (a day) and #b (two days), each once (the
    // ticks here are an hour apart, so the second comes at 2h left, not 2h 24m).
    assert_eq!(count("⏳", "#a"), 2, "{seen:?}");
    assert_eq!(count("12h left", "#a"), 1, "{seen:?}");
    assert_eq!(count("⏳", "#b"), 2, "{seen:?}");
    // (At #a, alice's time ran out at the moment bob's vacation ended: a finished game says
    // nothing more.)
    assert_eq!(
        count("bob (Black) is back from vacation", "#b"),
        1,
        "{seen:?}"
    );
    assert_eq!(count("is back from vacation", "#a"), 0, "{seen:?}");
    assert_eq!(count("1d left", "#b"), 1, "{seen:?}");
    assert_eq!(count("has run out of time", "#a"), 1, "{seen:?}");
    assert_eq!(
        seen.iter().filter(|(_, _, t)| t.contains("📬")).count(),
        1,
        "{seen:?}"
    );
}
