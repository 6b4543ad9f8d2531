//! Commands to the service as a chat sends them, and what the tests ask of the replies: `say`
//! (anything), `ok` (accepted), `refused` (one refusal that changed nothing, by its key); the
//! flags a command may carry; a game opened and played on.

use spieltisch::table::{Command, Reply, User};

use super::Harness;

/// `text` from `user` in `channel`, from the harness's community.
pub fn say(h: &Harness, channel: &str, user: &str, text: &str) -> Vec<Reply> {
    say_with(h, channel, user, text, plain)
}

/// [`say`], the command's flags set by `how` ([`privately`], [`as_moderator`], [`as_admin`],
/// [`in_community`], or a closure).
pub fn say_with(
    h: &Harness,
    channel: &str,
    user: &str,
    text: &str,
    how: impl FnOnce(&mut Command),
) -> Vec<Reply> {
    let mut cmd = Command::new(channel, User::named(user), text);
    cmd.community = h.community.clone();
    how(&mut cmd);
    h.hear(h.handle(&cmd))
}

/// A command as typed in the channel.
pub fn plain(_: &mut Command) {}

/// Sent privately (an ephemeral command, a direct room).
pub fn privately(cmd: &mut Command) {
    cmd.private = true;
}

/// From a moderator of the channel.
pub fn as_moderator(cmd: &mut Command) {
    cmd.moderator = true;
}

/// From an administrator of the community.
pub fn as_admin(cmd: &mut Command) {
    cmd.community_admin = true;
}

/// From `name`'s community instead of the harness's.
pub fn in_community(name: &str) -> impl FnOnce(&mut Command) + '_ {
    move |cmd| cmd.community = Some(name.to_string())
}

/// [`say`], every reply accepted.
pub fn ok(h: &Harness, channel: &str, user: &str, text: &str) -> Vec<Reply> {
    ok_with(h, channel, user, text, plain)
}

/// [`ok`], the command's flags set by `how` (see [`say_with`]).
pub fn ok_with(
    h: &Harness,
    channel: &str,
    user: &str,
    text: &str,
    how: impl FnOnce(&mut Command),
) -> Vec<Reply> {
    let replies = say_with(h, channel, user, text, how);
    assert!(
        replies.iter().all(|r| !r.error),
        "{user}: {text} refused: {replies:?}"
    );
    replies
}

/// [`say`], answered by exactly one refusal without a board, the channel's table unchanged;
/// the refusal's key (what was refused, in no language: `assert_eq!(refused(…), "join-full")`).
#[must_use = "assert which refusal it is"]
#[track_caller]
pub fn refused(h: &Harness, channel: &str, user: &str, text: &str) -> &'static str {
    refused_with(h, channel, user, text, plain)
}

/// [`refused`], the command's flags set by `how` (see [`say_with`]).
#[must_use = "assert which refusal it is"]
#[track_caller]
pub fn refused_with(
    h: &Harness,
    channel: &str,
    user: &str,
    text: &str,
    how: impl FnOnce(&mut Command),
) -> &'static str {
    let reply = refusal_with(h, channel, user, text, how);
    reply
        .refusal
        .unwrap_or_else(|| panic!("{text}: a refusal without its key: {}", reply.text))
}

/// [`refused`], the whole reply: for a test that also reads what its words fill in (a name, a
/// number) or how they show the user's text.
#[must_use = "assert which refusal it is"]
#[track_caller]
pub fn refusal(h: &Harness, channel: &str, user: &str, text: &str) -> Reply {
    refusal_with(h, channel, user, text, plain)
}

/// [`refusal`], the command's flags set by `how` (see [`say_with`]).
#[must_use = "assert which refusal it is"]
#[track_caller]
pub fn refusal_with(
    h: &Harness,
    channel: &str,
    user: &str,
    text: &str,
    how: impl FnOnce(&mut Command),
) -> Reply {
    let before = h.store.current_table(channel).expect("the store reads");
    let replies = say_with(h, channel, user, text, how);
    assert_eq!(replies.len(), 1, "{user}: {text}: {replies:?}");
    let reply = replies.into_iter().next().expect("one reply");
    assert!(reply.error, "{user}: {text} accepted: {}", reply.text);
    assert!(reply.board.is_none(), "{text}: a refusal shows no board");
    assert_eq!(
        before,
        h.store.current_table(channel).expect("the store reads"),
        "{text} changed the table"
    );
    reply
}

/// Asserts that `reply` is the refusal `key`.
#[track_caller]
pub fn assert_refusal(reply: &Reply, key: &str) {
    assert!(
        reply.error && reply.refusal == Some(key),
        "not the refusal {key}: {:?} {}",
        reply.refusal,
        reply.text
    );
}

/// The one reply there is.
pub fn one(replies: Vec<Reply>) -> Reply {
    assert_eq!(replies.len(), 1, "{replies:?}");
    replies.into_iter().next().expect("one reply")
}

/// The replies' texts, a line between them.
pub fn text(replies: &[Reply]) -> String {
    replies
        .iter()
        .map(|r| r.text.as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

/// Runs the due timers; every reply of every channel, each with its channel.
pub fn ticked(h: &Harness) -> Vec<(String, Reply)> {
    let ticked: Vec<(String, Reply)> = h
        .tick("")
        .into_iter()
        .flat_map(|(channel, replies)| replies.into_iter().map(move |r| (channel.clone(), r)))
        .collect();
    h.hear(ticked.iter().map(|(_, r)| r.clone()).collect());
    ticked
}

/// The legal moves of `user` in `channel`.
pub fn legal(h: &Harness, channel: &str, user: &str) -> Vec<String> {
    h.legal_moves(channel, &User::named(user))
}

/// The first legal move of `user` in `channel`.
pub fn first_move(h: &Harness, channel: &str, user: &str) -> String {
    legal(h, channel, user)
        .into_iter()
        .next()
        .expect("a legal move")
}

/// The first of `players` who has a legal move in `channel`, and their first one.
pub fn next_move(h: &Harness, channel: &str, players: &[&str]) -> Option<(String, String)> {
    players.iter().find_map(|name| {
        legal(h, channel, name)
            .into_iter()
            .next()
            .map(|mv| (name.to_string(), mv))
    })
}

/// Plays [`next_move`], which must be accepted; its replies, or `None` when nobody can move.
pub fn play_next(h: &Harness, channel: &str, players: &[&str]) -> Option<Vec<Reply>> {
    let (who, mv) = next_move(h, channel, players)?;
    Some(ok(h, channel, &who, &format!("/move {mv}")))
}

/// A table for `game` with `options` in `channel`: `players` sit down in this order and the
/// first starts it.
pub fn open_game(h: &Harness, channel: &str, game: &str, options: &str, players: &[&str]) {
    ok(h, channel, players[0], &format!("/join {game} {options}"));
    for p in &players[1..] {
        ok(h, channel, p, "/join");
    }
    ok(h, channel, players[0], "/start");
}
