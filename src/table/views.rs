//! What each audience may see of a table when it asks (`/board`, `/hand`, `/status`, `/log`,
//! `/export`) and which buttons it may get. Every secret is decided by the game
//! (`Game::audience`, through [`AnyGame`](crate::games::AnyGame)); this module only asks.

use serde_json::json;

use super::clock::Millis;
use super::command::User;
use super::markup;
use super::record::{Entry, LogEntry, Status, Table};
use super::replay;
use super::reply::{BoardImage, Choice, Layout, Reply};
use super::text;
use crate::games::Seat;
use crate::t;

/// The most moves `/hand` offers as choices (a select menu holds 25).
const MAX_CHOICES: usize = 25;
/// The most moves offered as buttons on a public announcement.
const MAX_BUTTONS: usize = 5;

/// Who asks: a user, and whether privately (a private view may show their own secrets).
#[derive(Debug, Clone, Copy)]
pub struct Asker<'a> {
    /// Who.
    pub user: &'a User,
    /// Asked privately.
    pub private: bool,
}

impl Asker<'_> {
    /// A reply to the asker: private when asked privately.
    pub fn answer(&self, text: impl Into<String>) -> Reply {
        if self.private {
            Reply::private(self.user, text)
        } else {
            Reply::public(text)
        }
    }

    /// A refusal to the asker: nothing changed.
    pub fn refuse(&self, why: impl crate::table::Worded) -> Reply {
        self.answer(why.words()).refused(why.key())
    }
}

/// The board image `viewer` (a seat, or `None` for everybody) may see.
pub fn board_image(table: &Table, viewer: Option<Seat>, layout: Layout) -> Option<BoardImage> {
    table.game.as_ref().map(|g| BoardImage {
        view: g.view(viewer),
        players: table.names(),
        layout,
        lang: crate::i18n::current(),
    })
}

/// `/board`: a seated player sees their own board; privately, with what only they may see.
pub fn board(table: Option<&Table>, asker: Asker<'_>) -> Reply {
    let Some(t) = table else {
        return asker.refuse(crate::refusal!("no-table-join"));
    };
    let seat = t.seat_of(asker.user);
    let viewer = seat.filter(|_| asker.private);
    let layout = seat.map_or(Layout::Table, Layout::Seat);
    match board_image(t, viewer, layout) {
        Some(board) => {
            let line = match t.status {
                Status::Finished => text::result_line(t),
                Status::Aborted => t!("board-aborted"),
                _ => text::situation(t),
            };
            asker.answer(line).with_board(board)
        }
        None => asker.refuse(crate::refusal!(
            "board-in-lobby",
            game = t.kind.info().name,
            players = text::seated(t)
        )),
    }
}

/// `/hand [prefix]`: the private view, with the legal moves as choices — all of them when
/// few, else grouped by their first two words (`play 17`), each group opening a narrower
/// `/hand play 17`; within a group too large, the simplest forms (autocomplete has the rest).
/// Always private: it shows what only the player may see. Over the image limit
/// (`image_wait`: seconds until images come again) it comes in words: the buttons as ever, the
/// legal moves listed, no image.
pub fn hand(table: Option<&Table>, user: &User, prefix: &str, image_wait: Option<u64>) -> Reply {
    let Some(t) = table else {
        return Reply::private_refusal(user, crate::refusal!("no-table"));
    };
    let Some(seat) = t.seat_of(user) else {
        return Reply::private_refusal(user, crate::refusal!("not-seated"));
    };
    let Some(board) = board_image(t, Some(seat), Layout::Hand(seat)) else {
        return Reply::private_refusal(user, crate::refusal!("not-started"));
    };
    let moves = match &t.game {
        Some(g) if t.status == Status::Running => g.legal_moves(seat),
        _ => Vec::new(),
    };
    // `/hand play 17` narrows to one group (see `move_choices`), else to a prefix.
    let wanted = prefix.trim().to_lowercase();
    let in_group = moves.iter().any(|m| group_key(m) == wanted);
    let moves: Vec<String> = moves
        .into_iter()
        .filter(|m| {
            if in_group {
                group_key(m) == wanted
            } else {
                m.to_lowercase().starts_with(&wanted)
            }
        })
        .collect();
    let label = |m: &str| {
        t.game
            .as_ref()
            .map_or_else(|| m.to_string(), |g| g.label(m))
    };
    let listed = moves.clone();
    let choices = move_choices(t.id, moves, prefix.trim().is_empty(), label);
    let reply = Reply::private(user, t!("hand-view", player = t.player(seat)));
    let Some(wait) = image_wait else {
        return reply.with_board(board).with_choices(choices);
    };
    let mut lines = vec![reply.text.clone(), t!("hand-image-later", wait = wait)];
    lines.push(board.describe());
    if !listed.is_empty() {
        const LISTED: usize = 60;
        let mut words: Vec<String> = listed
            .iter()
            .take(LISTED)
            .map(|m| markup::code(&label(m)))
            .collect();
        if listed.len() > LISTED {
            words.push(t!("hand-moves-more", n = listed.len() - LISTED));
        }
        lines.push(t!("hand-moves", moves = words.join(", ")));
    }
    Reply {
        text: lines.join("\n"),
        ..reply
    }
    .with_choices(choices)
}

/// `/status`: public information only.
pub fn status(table: Option<&Table>, asker: Asker<'_>, now: Millis) -> Reply {
    match table {
        Some(t) => asker.answer(text::status(t, now)),
        None => asker.answer(t!("no-table-games", games = text::game_words())),
    }
}

/// `/log`: the game's public record (the game keeps secrets out of its transcript).
pub fn log(table: Option<&Table>, asker: Asker<'_>) -> Reply {
    let Some(t) = table else {
        return asker.refuse(crate::refusal!("no-table"));
    };
    if !t.options.log {
        return asker.refuse(crate::refusal!("log-none", id = t.kind.info().id));
    }
    let Some(game) = &t.game else {
        return asker.refuse(crate::refusal!("log-not-started"));
    };
    let transcript = game.transcript();
    let filename = format!("{}-{}.txt", t.kind.info().id, t.id);
    let caption = t!("log-caption", game = t.kind.info().name, table = t.id);
    asker
        .answer(transcript.clone())
        .with_attachment(filename, caption, transcript)
}

/// `/export`: the table as one JSON document.
pub fn export(table: &Table, log: &[LogEntry], asker: Asker<'_>) -> Reply {
    let text = export_document(table, log).to_string();
    let filename = format!("{}-{}.json", table.kind.info().id, table.id);
    let caption = t!(
        "export-caption",
        game = table.kind.info().name,
        table = table.id
    );
    asker
        .answer(text.clone())
        .with_attachment(filename, caption, text)
}

/// The `/export` document: what everybody may know of the table. No seed, ever; every secret
/// move the rules have not revealed masked (`(secret)`) — while the game runs and after it, as
/// for a round cut short. A game that is over also carries its *frames*, the public view of
/// every position, which `/replay`'s drawing and `spieltisch render` draw.
pub fn export_document(t: &Table, log: &[LogEntry]) -> serde_json::Value {
    let over = !t.status.is_open();
    let (moves, frames) = match replay::record(t, log) {
        Ok(record) => (
            record
                .steps
                .iter()
                .map(|s| json!({ "player": s.player, "text": s.export_text() }))
                .collect(),
            over.then_some(record.frames),
        ),
        Err(e) => {
            if t.game.is_some() {
                tracing::error!(table = t.id, error = %e, "the record does not replay");
            }
            (masked_moves(t, log), None)
        }
    };
    let outcome = t.game.as_ref().and_then(|g| g.outcome());
    let scores = match (&outcome, &t.game) {
        (Some(o), _) => o.scores.clone(),
        (None, Some(g)) => g.scores(),
        (None, None) => Vec::new(),
    };
    let mut doc = json!({
        "table": t.id,
        "game": t.kind.info().id,
        "options": t.options.words(),
        "players": t.names(),
        "status": t.status,
        "moves": moves,
        "scores": scores,
    });
    if let (Some(o), Status::Finished) = (&outcome, t.status) {
        doc["winner"] = json!(
            o.winner()
                .and_then(|w| t.seats.get(w))
                .map(|u| u.name.clone())
        );
        doc["ranks"] = json!(o.ranks);
    }
    if let Some(frames) = frames {
        doc["frames"] = json!(frames);
    }
    doc
}

/// The moves of a log with every secret move masked: for a record that does not replay.
fn masked_moves(t: &Table, log: &[LogEntry]) -> Vec<serde_json::Value> {
    let name_of = |e: &LogEntry| {
        e.seat
            .and_then(|s| t.seats.get(s))
            .map(|u| u.name.clone())
            .or_else(|| e.user.clone())
    };
    log.iter()
        .filter_map(|e| {
            let text = match &e.entry {
                Entry::Move { secret: true, .. } => replay::SECRET.into(),
                Entry::Move { text, .. } => text.clone(),
                Entry::Resign => "resign".into(),
                Entry::Timeout => "timeout".into(),
                Entry::WindowClosed => "time for answers up".into(),
                Entry::Claim => "claimed".into(),
                _ => return None,
            };
            Some(json!({ "player": name_of(e), "text": text }))
        })
        .collect()
}

/// The group of a move text for the two-step choice: its first word and the number that
/// starts its second (`play 17L camp 18L` → `play 17`), or the whole second word.
pub(super) fn group_key(mv: &str) -> String {
    let mut words = mv.split_whitespace();
    let first = words.next().unwrap_or_default().to_lowercase();
    match words.next() {
        Some(second) => {
            let digits: String = second.chars().take_while(char::is_ascii_digit).collect();
            let second = if digits.is_empty() {
                second.to_lowercase()
            } else {
                digits
            };
            format!("{first} {second}")
        }
        None => first,
    }
}

/// How a group reads on its button: the group of the label of one of its moves (`spielen 17`
/// for `play 17L camp 18L`), in the label's own case.
fn group_label(label: &str) -> String {
    let mut words = label.split_whitespace();
    let first = words.next().unwrap_or_default();
    match words.next() {
        Some(second) => {
            let digits: String = second.chars().take_while(char::is_ascii_digit).collect();
            format!(
                "{first} {}",
                if digits.is_empty() { second } else { &digits }
            )
        }
        None => first.to_string(),
    }
}

/// Legal moves as choices: all when few; else (at the top level) their groups (`group_key`),
/// each opening a narrower `/hand`; else the simplest forms.
pub(super) fn move_choices(
    table: u64,
    moves: Vec<String>,
    top: bool,
    label: impl Fn(&str) -> String,
) -> Vec<Choice> {
    let play = |m: String| Choice {
        label: label(&m),
        command: format!("/move {m}"),
        table,
    };
    if moves.len() <= MAX_CHOICES {
        return moves.into_iter().map(play).collect();
    }
    let mut groups: Vec<String> = moves.iter().map(|m| group_key(m)).collect();
    groups.sort();
    groups.dedup();
    if top && groups.len() > 1 && groups.len() <= MAX_CHOICES {
        return groups
            .into_iter()
            .map(|g| {
                let shown = moves
                    .iter()
                    .find(|m| group_key(m) == g)
                    .map_or_else(|| g.clone(), |m| group_label(&label(m)));
                Choice {
                    label: format!("{shown} …"),
                    command: format!("/hand {g}"),
                    table,
                }
            })
            .collect();
    }
    let fewest = moves
        .iter()
        .map(|m| m.split_whitespace().count())
        .min()
        .unwrap_or(0);
    moves
        .into_iter()
        .filter(|m| m.split_whitespace().count() == fewest)
        .take(MAX_CHOICES)
        .map(play)
        .collect()
}

/// Buttons on a public announcement: when every seat to act may show its options to everybody
/// (the game says so) and they all have the same few legal moves (a claim to challenge or
/// accept, the last tile), anybody at the table can click instead of typing; the service still
/// checks who clicked. Never for a move drawn from a hidden hand or a secret choice.
pub fn shared_choices(table: &Table) -> Vec<Choice> {
    let Some(game) = table
        .game
        .as_ref()
        .filter(|_| table.status == Status::Running)
    else {
        return Vec::new();
    };
    let seats = game.to_act().seats();
    if seats.is_empty() || seats.iter().any(|s| !game.options_audience(*s).is_public()) {
        return Vec::new();
    }
    let moves = game.legal_moves(seats[0]);
    let same = seats.iter().all(|s| game.legal_moves(*s) == moves);
    if !same || moves.is_empty() || moves.len() > MAX_BUTTONS {
        return Vec::new();
    }
    moves
        .into_iter()
        .map(|m| Choice {
            label: game.label(&m),
            command: format!("/move {m}"),
            table: table.id,
        })
        .collect()
}

/// Buttons for a table in the lobby: Join while seats are free, Start once enough sit.
pub fn lobby_choices(table: &Table) -> Vec<Choice> {
    let info = table.kind.info();
    let mut choices = Vec::new();
    if table.status == Status::Lobby && table.seats.len() < info.max_players {
        choices.push(Choice {
            label: t!("button-join"),
            command: "/join".into(),
            table: table.id,
        });
    }
    if table.status == Status::Lobby && table.seats.len() >= info.min_players {
        choices.push(Choice {
            label: t!("button-start"),
            command: "/start".into(),
            table: table.id,
        });
    }
    choices
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_group_by_their_first_word_and_number() {
        assert_eq!(group_key("play 17L camp 18L"), "play 17");
        assert_eq!(group_key("play 17 +32"), "play 17");
        assert_eq!(group_key("pass 40"), "pass 40");
        assert_eq!(group_key("build tower pay 1 sand"), "build tower");
        assert_eq!(group_key("12r"), "12r");
    }

    #[test]
    fn many_moves_are_offered_in_groups_then_in_their_simplest_forms() {
        let few: Vec<String> = (1..=9).map(|t| t.to_string()).collect();
        let choices = move_choices(1, few, true, str::to_string);
        assert_eq!(choices.len(), 9);
        assert_eq!(choices[0].command, "/move 1");
        let many: Vec<String> = [3, 17, 40]
            .iter()
            .flat_map(|n| (1..=12).map(move |c| format!("play {n}L camp {c}R")))
            .chain(["play 3L".into(), "play 17R".into(), "play 40F".into()])
            .collect();
        let groups = move_choices(1, many.clone(), true, str::to_string);
        let labels: Vec<&str> = groups.iter().map(|c| c.label.as_str()).collect();
        assert_eq!(labels, ["play 17 …", "play 3 …", "play 40 …"]);
        // In another language the groups read as the game labels their moves; they still open
        // the group by its notation.
        let german = move_choices(1, many.clone(), true, |m| m.replacen("play", "spielen", 1));
        assert_eq!(german[0].label, "spielen 17 …");
        assert_eq!(german[0].command, "/hand play 17");
        assert_eq!(groups[1].command, "/hand play 3");
        let inner: Vec<String> = many
            .into_iter()
            .filter(|m| group_key(m) == "play 17")
            .collect();
        assert_eq!(inner.len(), 13);
        let simplest: Vec<String> = (1..=30)
            .map(|c| format!("play 17L camp {c}R"))
            .chain(["play 17R".into()])
            .collect();
        let offered = move_choices(1, simplest, false, str::to_string);
        assert_eq!(
            offered.len(),
            1,
            "the simplest form when the group is too large"
        );
        assert_eq!(offered[0].label, "play 17R");
    }
}
