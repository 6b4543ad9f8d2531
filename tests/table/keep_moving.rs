//! Games that keep moving, through the table service: who is pinged after each change,
//! `/notify` per user and community (stored across a restart), `/mygames`, and bad input.

use spieltisch::table::{Reply, User};

use crate::support::{
    Harness, Setup, assert_refusal, first_move, in_community, privately, say, say_with, setup,
};

const CH: &str = "#p";

/// The service; commands come from community `c` unless they say otherwise.
fn open() -> Setup {
    setup().seed(5).community("c")
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

#[test]
fn the_player_now_to_move_is_pinged_and_nobody_else() {
    let service = open().fresh();
    say(&service, CH, "alice", "/join dvonn");
    let (mentioned, _) = pings(&say(&service, CH, "bob", "/join"));
    assert!(mentioned.is_empty(), "nobody is to move in a lobby");
    // bob starts; alice (White) moves first and hears it.
    let (mentioned, _) = pings(&say(&service, CH, "bob", "/start"));
    assert_eq!(mentioned, ["alice"]);
    let mv = first_move(&service, CH, "alice");
    let (mentioned, _) = pings(&say(&service, CH, "alice", &format!("/move {mv}")));
    assert_eq!(mentioned, ["bob"]);
    // Refusals, reads and strangers ping nobody.
    for (user, text) in [
        ("alice", "/move A1B1"),
        ("carol", "/move A1B1"),
        ("bob", "/move nonsense"),
        ("carol", "/status"),
        ("bob", "/board"),
    ] {
        let (mentioned, direct) = pings(&say(&service, CH, user, text));
        assert!(mentioned.is_empty() && direct.is_empty(), "{text}");
    }
    // The announcement carries the ping together with the board.
    let mv = first_move(&service, CH, "bob");
    let replies = say(&service, CH, "bob", &format!("/move {mv}"));
    let announcement = replies.iter().find(|r| r.to.is_none()).expect("public");
    assert!(announcement.board.is_some());
    assert_eq!(
        announcement.mentions,
        [User::named("alice")],
        "{}",
        announcement.text
    );
    // The game's end pings nobody.
    let (mentioned, _) = pings(&say(&service, CH, "alice", "/resign"));
    assert!(mentioned.is_empty());
}

#[test]
fn seats_that_act_at_once_are_pinged_together_once() {
    let service = open().fresh();
    say(&service, CH, "alice", "/join burg");
    say(&service, CH, "bob", "/join");
    say(&service, CH, "carol", "/join");
    let (mut mentioned, _) = pings(&say(&service, CH, "alice", "/start"));
    mentioned.sort();
    assert_eq!(
        mentioned,
        ["bob", "carol"],
        "all choose at once; alice started"
    );
    // bob's secret choice: the others were pinged already.
    let mv = first_move(&service, CH, "bob");
    let replies = say_with(&service, CH, "bob", &format!("/move {mv}"), privately);
    assert!(replies.iter().all(|r| !r.error), "{replies:?}");
    let (mentioned, _) = pings(&replies);
    assert!(mentioned.is_empty(), "{mentioned:?}");
}

#[test]
fn notify_chooses_channel_dm_or_off_per_community_and_is_stored() {
    let service = open().fresh();
    {
        // Asked without a mode, it tells the current one, privately.
        let told = say(&service, CH, "bob", "/notify");
        assert_eq!(told.len(), 1);
        assert_eq!(told[0].to, Some(User::named("bob")));
        assert!(told[0].text.contains("channel"), "{}", told[0].text);
        let set = say(&service, CH, "bob", "/notify DM");
        assert!(!set[0].error && set[0].to.is_some(), "{}", set[0].text);
        // Bad input: one clear refusal, nothing changed.
        let bad = say(&service, CH, "bob", "/notify loudly");
        assert_refusal(&bad[0], "notify-unknown");
    }
    // After a restart: bob hears by direct message in community c.
    let service = service.restart();
    say(&service, CH, "alice", "/join dvonn");
    say(&service, CH, "bob", "/join");
    say(&service, CH, "bob", "/start");
    let mv = first_move(&service, CH, "alice");
    let (mentioned, direct) = pings(&say(&service, CH, "alice", &format!("/move {mv}")));
    assert!(mentioned.is_empty(), "{mentioned:?}");
    assert_eq!(direct.len(), 1);
    assert_eq!(direct[0].0, "bob");
    assert!(direct[0].1.contains("Dvonn"), "{}", direct[0].1);
    // alice turns hers off: bob's move pings nobody.
    say(&service, CH, "alice", "/notify off");
    let mv = first_move(&service, CH, "bob");
    let (mentioned, direct) = pings(&say(&service, CH, "bob", &format!("/move {mv}")));
    assert!(mentioned.is_empty() && direct.is_empty());
    // Another community keeps its own setting: bob is mentioned there.
    for (user, text) in [
        ("alice", "/join dvonn"),
        ("bob", "/join"),
        ("bob", "/start"),
    ] {
        say_with(&service, "#other", user, text, in_community("d"));
    }
    let mv = first_move(&service, "#other", "alice");
    let (mentioned, _) = pings(&say_with(
        &service,
        "#other",
        "alice",
        &format!("/move {mv}"),
        in_community("d"),
    ));
    assert_eq!(mentioned, ["bob"]);
}

/// A command in `channel`, whose community is `d` for the channels `#d…`, else `c`.
fn in_channel(service: &Harness, channel: &str, user: &str, text: &str) -> Vec<Reply> {
    let community = if channel.starts_with("#d") { "d" } else { "c" };
    say_with(service, channel, user, text, in_community(community))
}

#[test]
fn mygames_lists_the_open_tables_of_this_community_to_act_first_in_pages() {
    let service = open().fresh();
    // Twelve Dvonn tables in community c: bob starts them all, so alice (White) is to move;
    // at the first three she moves, so bob is to move there.
    for i in 0..12 {
        let ch = format!("#g{i:02}");
        let options = if i == 0 {
            "/join dvonn time=10m"
        } else {
            "/join dvonn"
        };
        in_channel(&service, &ch, "alice", options);
        in_channel(&service, &ch, "bob", "/join");
        in_channel(&service, &ch, "bob", "/start");
        if i < 3 {
            let mv = first_move(&service, &ch, "alice");
            in_channel(&service, &ch, "alice", &format!("/move {mv}"));
        }
    }
    // Not listed: a lobby in another community, a finished table.
    in_channel(&service, "#d1", "alice", "/join dvonn");
    in_channel(&service, "#g99", "alice", "/join dvonn");
    in_channel(&service, "#g99", "bob", "/join");
    in_channel(&service, "#g99", "bob", "/start");
    in_channel(&service, "#g99", "alice", "/resign");
    // A lobby in c is listed.
    in_channel(&service, "#g50", "alice", "/join burg");

    let first = in_channel(&service, "#g00", "alice", "/mygames");
    assert_eq!(first.len(), 1);
    let text = &first[0].text;
    assert!(!first[0].error, "{text}");
    assert!(
        text.contains("13 open, 9 waiting for your move") && text.contains("page 1 of 2"),
        "{text}"
    );
    let lines: Vec<&str> = text.lines().skip(1).collect();
    assert_eq!(lines.len(), 10, "{text}");
    assert!(lines[..9].iter().all(|l| l.contains("your turn")), "{text}");
    assert!(lines[9].contains("waiting for bob"), "{text}");
    // The table with a clock tells the time left.
    assert!(
        lines[9].contains("#g00") && lines[9].contains("10:00 left"),
        "{text}"
    );
    assert!(text.contains("Dvonn in `#g03`"), "{text}");
    assert!(!text.contains("#d1") && !text.contains("#g99"), "{text}");
    assert_eq!(
        first[0]
            .choices
            .iter()
            .map(|c| c.command.as_str())
            .collect::<Vec<_>>(),
        ["/mygames 2"]
    );
    let second = in_channel(&service, "#g00", "alice", "/mygames 2");
    let text = &second[0].text;
    assert_eq!(text.lines().count(), 4, "{text}");
    assert!(text.contains("lobby, 1/4 seated"), "{text}");
    assert_eq!(second[0].choices[0].command, "/mygames 1");
    // Bad pages: one clear refusal each.
    for bad in ["/mygames 3", "/mygames 0", "/mygames two"] {
        let refused = in_channel(&service, "#g00", "alice", bad);
        assert_refusal(&refused[0], "mine-no-page");
        assert!(
            refused[0].text.contains('2'),
            "the pages: {}",
            refused[0].text
        );
    }
    // In the other community, only its own table; nobody else's tables.
    let other = in_channel(&service, "#d1", "alice", "/mygames");
    assert!(
        other[0].text.contains("1 open, none waiting for your move"),
        "{}",
        other[0].text
    );
    let none = in_channel(&service, "#g00", "carol", "/mygames");
    assert!(none[0].text.contains("no open table"), "{}", none[0].text);
}
