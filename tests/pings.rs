//! Turn pings through the table service: who is mentioned after each change, `/notify` per
//! user and community, stored across a restart, and bad input.

use std::path::Path;
use std::sync::Arc;

use spieltisch::store::SledStore;
use spieltisch::table::{Command, Limits, ManualTimeSource, Reply, Seeding, TableService, User};

const CH: &str = "#p";

fn open(dir: &Path) -> TableService {
    let store = Arc::new(SledStore::open(dir).expect("sled opens"));
    TableService::open(
        store,
        Arc::new(ManualTimeSource::new(1_000_000)),
        Seeding::Fixed(5),
    )
    .expect("service opens")
    .with_limits(Limits::unmetered())
}

fn say(service: &TableService, community: &str, user: &str, text: &str) -> Vec<Reply> {
    let mut cmd = Command::new(CH, User::named(user), text);
    cmd.community = Some(community.into());
    service.handle(&cmd)
}

/// The names a change's replies mention, and the private pings, as (user, text).
fn pings(replies: &[Reply]) -> (Vec<String>, Vec<(String, String)>) {
    let mentioned = replies
        .iter()
        .flat_map(|r| {
            assert!(
                r.to.is_none() || r.mentions.is_empty(),
                "only public replies mention"
            );
            r.mentions.iter().map(|u| u.name.clone())
        })
        .collect();
    let direct = replies
        .iter()
        .filter(|r| r.text.starts_with("Your turn"))
        .filter_map(|r| r.to.as_ref().map(|u| (u.name.clone(), r.text.clone())))
        .collect();
    (mentioned, direct)
}

/// The first legal move of `user` here.
fn first_move(service: &TableService, user: &str) -> String {
    service
        .legal_moves(CH, &User::named(user))
        .into_iter()
        .next()
        .expect("a legal move")
}

#[test]
fn the_player_now_to_move_is_pinged_and_nobody_else() {
    let dir = tempfile::tempdir().expect("temp dir");
    let service = open(dir.path());
    say(&service, "c", "alice", "/join dvonn");
    let (mentioned, _) = pings(&say(&service, "c", "bob", "/join"));
    assert!(mentioned.is_empty(), "nobody is to move in a lobby");
    // bob starts; alice (White) moves first and hears it.
    let (mentioned, _) = pings(&say(&service, "c", "bob", "/start"));
    assert_eq!(mentioned, ["alice"]);
    let mv = first_move(&service, "alice");
    let (mentioned, _) = pings(&say(&service, "c", "alice", &format!("/move {mv}")));
    assert_eq!(mentioned, ["bob"]);
    // Refusals, reads and strangers ping nobody.
    for (user, text) in [
        ("alice", "/move A1B1"),
        ("carol", "/move A1B1"),
        ("bob", "/move nonsense"),
        ("carol", "/status"),
        ("bob", "/board"),
    ] {
        let (mentioned, direct) = pings(&say(&service, "c", user, text));
        assert!(mentioned.is_empty() && direct.is_empty(), "{text}");
    }
    // The announcement carries the ping together with the board.
    let mv = first_move(&service, "bob");
    let replies = say(&service, "c", "bob", &format!("/move {mv}"));
    let announcement = replies.iter().find(|r| r.to.is_none()).expect("public");
    assert!(announcement.board.is_some());
    assert_eq!(
        announcement.mentions,
        [User::named("alice")],
        "{}",
        announcement.text
    );
    // The game's end pings nobody.
    let (mentioned, _) = pings(&say(&service, "c", "alice", "/resign"));
    assert!(mentioned.is_empty());
}

#[test]
fn seats_that_act_at_once_are_pinged_together_once() {
    let dir = tempfile::tempdir().expect("temp dir");
    let service = open(dir.path());
    say(&service, "c", "alice", "/join burg");
    say(&service, "c", "bob", "/join");
    say(&service, "c", "carol", "/join");
    let (mut mentioned, _) = pings(&say(&service, "c", "alice", "/start"));
    mentioned.sort();
    assert_eq!(
        mentioned,
        ["bob", "carol"],
        "all choose at once; alice started"
    );
    // bob's secret choice: the others were pinged already.
    let mv = first_move(&service, "bob");
    let mut cmd = Command::new(CH, User::named("bob"), &format!("/move {mv}"));
    cmd.community = Some("c".into());
    cmd.private = true;
    let replies = service.handle(&cmd);
    assert!(replies.iter().all(|r| !r.error), "{replies:?}");
    let (mentioned, _) = pings(&replies);
    assert!(mentioned.is_empty(), "{mentioned:?}");
}

#[test]
fn notify_chooses_channel_dm_or_off_per_community_and_is_stored() {
    let dir = tempfile::tempdir().expect("temp dir");
    {
        let service = open(dir.path());
        // Asked without a mode, it tells the current one, privately.
        let told = say(&service, "c", "bob", "/notify");
        assert_eq!(told.len(), 1);
        assert_eq!(told[0].to, Some(User::named("bob")));
        assert!(told[0].text.contains("channel"), "{}", told[0].text);
        let set = say(&service, "c", "bob", "/notify DM");
        assert!(!set[0].error && set[0].to.is_some(), "{}", set[0].text);
        // Bad input: one clear refusal, nothing changed.
        let bad = say(&service, "c", "bob", "/notify loudly");
        assert!(bad[0].error, "{}", bad[0].text);
        assert!(bad[0].text.contains("channel, dm, off"), "{}", bad[0].text);
    }
    // After a restart: bob hears by direct message in community c.
    let service = open(dir.path());
    say(&service, "c", "alice", "/join dvonn");
    say(&service, "c", "bob", "/join");
    say(&service, "c", "bob", "/start");
    let mv = first_move(&service, "alice");
    let (mentioned, direct) = pings(&say(&service, "c", "alice", &format!("/move {mv}")));
    assert!(mentioned.is_empty(), "{mentioned:?}");
    assert_eq!(direct.len(), 1);
    assert_eq!(direct[0].0, "bob");
    assert!(direct[0].1.contains("Dvonn"), "{}", direct[0].1);
    // alice turns hers off: bob's move pings nobody.
    say(&service, "c", "alice", "/notify off");
    let mv = first_move(&service, "bob");
    let (mentioned, direct) = pings(&say(&service, "c", "bob", &format!("/move {mv}")));
    assert!(mentioned.is_empty() && direct.is_empty());
    // Another community keeps its own setting: bob is mentioned there.
    let mut cmd = Command::new("#other", User::named("alice"), "/join dvonn");
    cmd.community = Some("d".into());
    service.handle(&cmd);
    for (user, text) in [("bob", "/join"), ("bob", "/start")] {
        let mut cmd = Command::new("#other", User::named(user), text);
        cmd.community = Some("d".into());
        service.handle(&cmd);
    }
    let mv = service
        .legal_moves("#other", &User::named("alice"))
        .into_iter()
        .next()
        .expect("a move");
    let mut cmd = Command::new("#other", User::named("alice"), &format!("/move {mv}"));
    cmd.community = Some("d".into());
    let (mentioned, _) = pings(&service.handle(&cmd));
    assert_eq!(mentioned, ["bob"]);
}
