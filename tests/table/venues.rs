//! A tournament game's venue: on a chat, a round's games are opened under keys the chat turns
//! into threads or rooms when it first posts there. Until then nobody can see the game, so
//! its clocks wait: no deadline, no reminder, no time lost; moving the table into its venue
//! starts them, from that moment. A restart while venues are half open keeps the waiting
//! games waiting, and announces them again so that the chat opens them.

use std::time::Duration;

use spieltisch::table::timing::next_deadline;
use spieltisch::table::{Table, TimeSource};

use crate::support::{Harness, as_moderator, ok, ok_with, setup, ticked};

/// A tournament channel of a chat (not the console): its games' keys wait for venues.
const CUP: &str = "matrix:!cup:example.org";
const HOUR: Duration = Duration::from_secs(3600);

fn open() -> Harness {
    setup().seed(9).start(1_000_000_000).community("c").fresh()
}

fn round_tables(h: &Harness) -> Vec<Table> {
    let t = h
        .store
        .channel_tournament(CUP)
        .expect("readable")
        .expect("a tournament");
    t.current()
        .expect("a round")
        .games
        .iter()
        .filter(|g| !g.seats.is_empty())
        .map(|g| {
            h.store
                .table(g.table)
                .expect("readable")
                .expect("the game's table")
        })
        .collect()
}

#[test]
fn a_game_waiting_for_its_venue_runs_no_clock_until_it_is_there() {
    let h = open();
    ok_with(
        &h,
        CUP,
        "org",
        "/tournament create dvonn swiss rounds=2 time=10m",
        as_moderator,
    );
    for p in ["ann", "ben", "cat", "dan"] {
        ok(&h, CUP, p, "/tournament join");
    }
    ok(&h, CUP, "org", "/tournament start");
    let waiting = round_tables(&h);
    assert_eq!(waiting.len(), 2);
    let now = h.clock.now();
    for table in &waiting {
        assert!(table.awaits_venue(), "{}", table.channel);
        assert!(table.channel.starts_with(&format!("{CUP}/")));
        assert_eq!(table.suspended, Some(now), "paused from its start");
        assert_eq!(next_deadline(table, now), None, "no timer while unseen");
        let first = table.to_act()[0];
        assert_eq!(table.budget(first, now), None, "no clock runs unseen");
    }
    // An hour passes before the chat opens the venues: nobody runs out of time.
    h.clock.advance(HOUR);
    let fired = ticked(&h);
    assert!(
        fired
            .iter()
            .all(|(_, r)| !r.text.contains("run out of time")),
        "{fired:?}"
    );
    // The chat opens the first game's room: its clock starts now, with the whole budget.
    let (moved, still) = (&waiting[0], &waiting[1]);
    let room = "matrix:!board1:example.org";
    h.relocate(&moved.channel, room)
        .expect("moved into its room");
    let now = h.clock.now();
    let there = h
        .store
        .current_table(room)
        .expect("readable")
        .expect("the table in its room");
    assert_eq!(there.suspended, None, "its clocks run in its room");
    let first = there.to_act()[0];
    let budget = there
        .budget(first, now)
        .expect("the first mover's clock runs");
    assert_eq!(
        budget.ends,
        now + 10 * 60_000,
        "the whole ten minutes, from now"
    );
    // The other still waits, also across a restart, and is announced again so that the chat
    // opens its room.
    let h = h.restart();
    let again = ticked(&h);
    assert!(
        again.iter().any(|(channel, _)| *channel == still.channel),
        "{again:?}"
    );
    let waiting = h
        .store
        .current_table(&still.channel)
        .expect("readable")
        .expect("still waiting");
    assert!(waiting.suspended.is_some());
    // Ten minutes later the game in its room has timed out; the one still waiting has not.
    h.clock.advance(Duration::from_secs(11 * 60));
    let fired = ticked(&h);
    assert!(
        fired
            .iter()
            .any(|(channel, r)| channel == room && r.text.contains("run out of time")),
        "{fired:?}"
    );
    assert!(
        fired.iter().all(|(channel, _)| *channel != still.channel),
        "{fired:?}"
    );
}
