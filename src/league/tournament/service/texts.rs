//! What a tournament says: the pairings (a round's announcement in messages that fit, the
//! pages of `/tournament pairings`), the results, the standings and the export. Pure: the
//! tournament, the links to channels and the store's tables (where a game is played now) in,
//! words out.

use serde_json::json;

use crate::league::Store;
use crate::league::links::Links;
use crate::league::tournament::{Format, Game, Pairing, Tournament, standings};
use crate::t;
use crate::table::reply::Choice;
use crate::table::views::Asker;
use crate::table::{Reply, User, markup};

/// The players of a game in seat order with their seats' labels where the game has them.
pub fn game_names(t: &Tournament, game: &Game) -> String {
    game.seats
        .iter()
        .map(|e| markup::name(&t.entrants[*e].user.name))
        .collect::<Vec<_>>()
        .join(" – ")
}

fn points(p: f64) -> String {
    if p.fract() == 0.0 {
        format!("{p:.0}")
    } else {
        format!("{p:.1}")
    }
}

/// The link to where the game at `table` is played now (a chat may have moved its table from
/// the key it was opened at into a thread or room).
fn game_link(store: &dyn Store, links: &Links, game: &Game) -> String {
    let channel = store
        .table(game.table)
        .ok()
        .flatten()
        .map_or_else(|| game.channel.clone(), |t| t.channel);
    links.to(&channel)
}

/// Every game's result in round index `r`, under a heading.
pub fn round_results(store: &dyn Store, links: &Links, t: &Tournament, r: usize) -> String {
    let mut lines = vec![t!("tour-round-results", round = r + 1)];
    lines.extend(
        t.played[r]
            .games
            .iter()
            .map(|g| result_line(store, links, t, g.table)),
    );
    lines.join("\n")
}

/// "Round 1, board 2: alice 1 – 0 bob." for the game at `table`; in a sealed round only that
/// it has ended.
pub fn result_line(store: &dyn Store, links: &Links, t: &Tournament, table: u64) -> String {
    let Some((r, g)) = t.game_at(table) else {
        return String::new();
    };
    let game = &t.played[r].games[g];
    let Some(result) = &game.result else {
        return String::new();
    };
    if t.sealed_round() == Some(r as u32 + 1) {
        return t!(
            "tour-result-sealed",
            round = r + 1,
            board = game.board,
            players = game_names(t, game)
        );
    }
    let scores: Vec<String> = game
        .seats
        .iter()
        .enumerate()
        .map(|(seat, e)| {
            // A duplicate counts the game's score; the others their points.
            let value = match (t.format, result.scores.get(seat).copied().flatten()) {
                (Format::Duplicate, Some(score)) => score.to_string(),
                _ => points(result.points[seat]),
            };
            format!("{} {value}", markup::name(&t.entrants[*e].user.name))
        })
        .collect();
    t!(
        "tour-result",
        round = r + 1,
        board = game.board,
        link = game_link(store, links, game),
        scores = scores.join(", "),
        decided = if result.adjudicated { "yes" } else { "no" }
    )
}

/// Games and byes on one page of `/tournament pairings`.
pub const PAIRINGS_PAGE: usize = 40;
/// One message of a round's announcement holds at most this much text (bytes) and this many
/// mentions: within Discord's limits for a message (the pings go into its 2,000 characters of
/// content, the text into a 4,096-character embed when it does not fit beside them; at most
/// 100 mentions) and far within Matrix's 64 KiB event, pills and all.
pub const ANNOUNCEMENT_TEXT: usize = 3_500;
pub const ANNOUNCEMENT_MENTIONS: usize = 80;
/// Names a tournament not started yet lists (the others are counted).
const NAMES_LISTED: usize = 50;

/// A line of the pairings (a game or a bye) and the entrants it names.
type PairingLine = (String, Vec<usize>);

/// The current round's pairings: the title, and a line for each game and bye; `None` before
/// the first round.
fn pairing_lines(links: &Links, t: &Tournament) -> Option<(String, Vec<PairingLine>)> {
    let round = t.current()?;
    let title = t!(
        "tour-pairings-title",
        tournament = &t.name,
        round = round.number,
        rounds = t.rounds
    );
    let mut lines = Vec::new();
    // A sealed round's games are only known to have ended.
    let sealed = t.sealed_round() == Some(round.number);
    for game in &round.games {
        let seats: Vec<String> = game
            .seats
            .iter()
            .enumerate()
            .map(|(seat, e)| {
                let name = markup::name(&t.entrants[*e].user.name);
                match &game.result {
                    Some(r) if !sealed => format!("{name} {}", points(r.points[seat])),
                    _ => name,
                }
            })
            .collect();
        let line = t!(
            "tour-pairings-board",
            board = game.board,
            players = seats.join(&t!("tour-versus")),
            link = links.to(&game.channel),
            ended = if game.result.is_some() { "yes" } else { "no" }
        );
        lines.push((line, game.seats.clone()));
    }
    for e in &round.byes {
        let bye = t.bye_points();
        let line = t!(
            "tour-pairings-bye",
            name = markup::name(&t.entrants[*e].user.name),
            points = points(bye),
            // Chooses the word: "1 point", "0.5 points".
            value = bye
        );
        lines.push((line, vec![*e]));
    }
    Some((title, lines))
}

/// Before the first round: who has entered (the first [`NAMES_LISTED`] by name).
fn entered_text(t: &Tournament) -> String {
    let mut names: Vec<String> = t
        .entrants
        .iter()
        .take(NAMES_LISTED)
        .map(|e| markup::name(&e.user.name))
        .collect();
    if t.entrants.len() > NAMES_LISTED {
        names.push(t!("tour-and-more", more = t.entrants.len() - NAMES_LISTED));
    }
    t!(
        "tour-pairings-not-started",
        tournament = markup::code(&t.name),
        entered = t.entrants.len(),
        names = names.join(", ")
    )
}

/// Page `page` (from 1) of the current round's pairings, with the venues and the results so
/// far, and buttons to the pages beside it; `Err(pages)` for a page there is not.
pub fn pairings_page(
    links: &Links,
    t: &Tournament,
    page: usize,
) -> Result<(String, Vec<Choice>), usize> {
    let Some((title, lines)) = pairing_lines(links, t) else {
        return if page == 1 {
            Ok((entered_text(t), Vec::new()))
        } else {
            Err(1)
        };
    };
    let lines: Vec<String> = lines.into_iter().map(|(line, _)| line).collect();
    page_of(title, &lines, page, "/tournament pairings")
}

/// Page `page` (from 1) of `lines` under `title`, [`PAIRINGS_PAGE`] lines a page, with buttons
/// (`command <page>`) to the pages beside it; `Err(pages)` for a page there is not.
fn page_of(
    title: String,
    lines: &[String],
    page: usize,
    command: &str,
) -> Result<(String, Vec<Choice>), usize> {
    let pages = lines.len().div_ceil(PAIRINGS_PAGE).max(1);
    if !(1..=pages).contains(&page) {
        return Err(pages);
    }
    let mut text = if pages > 1 {
        t!(
            "tour-pairings-page",
            title = title,
            page = page,
            pages = pages
        )
    } else {
        title
    };
    for line in lines
        .iter()
        .skip((page - 1) * PAIRINGS_PAGE)
        .take(PAIRINGS_PAGE)
    {
        text.push('\n');
        text.push_str(line);
    }
    let button = |label: String, page: usize| Choice {
        label,
        command: format!("{command} {page}"),
        table: 0,
    };
    let mut choices = Vec::new();
    if page > 1 {
        choices.push(button(t!("mine-page-previous"), page - 1));
    }
    if page < pages {
        choices.push(button(t!("mine-page-next"), page + 1));
    }
    Ok((text, choices))
}

/// `text` as messages that fit (see [`ANNOUNCEMENT_TEXT`]), split between its lines.
pub fn messages(text: &str) -> Vec<Reply> {
    let mut out: Vec<String> = Vec::new();
    for line in text.lines() {
        match out.last_mut() {
            Some(last) if last.len() + 1 + line.len() <= ANNOUNCEMENT_TEXT => {
                last.push('\n');
                last.push_str(line);
            }
            _ => out.push(line.to_string()),
        }
    }
    out.into_iter().map(Reply::public).collect()
}

/// The current round's announcement: its pairings in as many messages as they need (see
/// [`ANNOUNCEMENT_TEXT`]), each mentioning the people its lines name who want pings —
/// `pinged` says who: not a computer player, not `/notify off`, not away.
pub fn announcement(links: &Links, t: &Tournament, pinged: impl Fn(&User) -> bool) -> Vec<Reply> {
    let Some((title, lines)) = pairing_lines(links, t) else {
        return vec![Reply::public(entered_text(t))];
    };
    let mut replies = Vec::new();
    let (mut text, mut mentions) = (title, Vec::<User>::new());
    for (line, entrants) in lines {
        let people: Vec<User> = entrants
            .iter()
            .map(|e| &t.entrants[*e].user)
            .filter(|u| pinged(u))
            .cloned()
            .collect();
        let full = text.len() + 1 + line.len() > ANNOUNCEMENT_TEXT
            || mentions.len() + people.len() > ANNOUNCEMENT_MENTIONS;
        if full && !text.is_empty() {
            let mut reply = Reply::public(std::mem::take(&mut text));
            reply.mentions = std::mem::take(&mut mentions);
            replies.push(reply);
        }
        if !text.is_empty() {
            text.push('\n');
        }
        text.push_str(&line);
        mentions.extend(people);
    }
    let mut reply = Reply::public(text);
    reply.mentions = mentions;
    replies.push(reply);
    replies
}

/// The standings with their tie-breaks (a sealed round's results not yet in them).
pub fn standings_text(t: &Tournament) -> String {
    let (title, lines) = standings_lines(t);
    std::iter::once(title)
        .chain(lines)
        .collect::<Vec<_>>()
        .join("\n")
}

/// Page `page` (from 1) of the standings, with buttons to the pages beside it; `Err(pages)`
/// for a page there is not.
pub fn standings_page(t: &Tournament, page: usize) -> Result<(String, Vec<Choice>), usize> {
    let (title, lines) = standings_lines(t);
    page_of(title, &lines, page, "/tournament standings")
}

/// The standings' title and a line per entrant.
fn standings_lines(t: &Tournament) -> (String, Vec<String>) {
    let t = &*t.public();
    let played = t.played.iter().filter(|r| r.is_complete()).count();
    let title = t!(
        "tour-standings-title",
        tournament = &t.name,
        played = played,
        rounds = t.rounds
    );
    let mut lines = Vec::new();
    for s in standings(t) {
        let breaks: Vec<String> = s
            .tiebreaks
            .iter()
            .map(|(name, v)| format!("{} {}", tiebreak_name(name), points(*v)))
            .collect();
        lines.push(t!(
            "tour-standings-line",
            place = s.place,
            name = markup::name(&t.entrants[s.entrant].user.name),
            points = points(s.points),
            // Chooses the word: "1 point", "2 points" (a duplicate's "points scored").
            value = s.points,
            duplicate = if t.format == Format::Duplicate {
                "yes"
            } else {
                "no"
            },
            tiebreak_count = breaks.len(),
            tiebreaks = breaks.join(", "),
            withdrawn = if s.out { "yes" } else { "no" }
        ));
    }
    (title, lines)
}

/// A tie-break's name as the standings show it (the export keeps the name itself).
fn tiebreak_name(name: &str) -> String {
    match name {
        "Buchholz" => t!("tour-tiebreak-buchholz"),
        "SB" => t!("tour-tiebreak-sonneborn-berger"),
        "round" => t!("tour-tiebreak-round"),
        "score" => t!("tour-tiebreak-score"),
        "best" => t!("tour-tiebreak-best"),
        "mutual" => t!("tour-tiebreak-mutual"),
        other => other.to_string(),
    }
}

/// `/tournament export`: one JSON document — entrants, every round's pairings and results,
/// the standings and the tables to replay (`/export <table>`). A sealed round's games say only
/// whether they have ended, and the standings leave them out.
pub fn export(t: &Tournament, asker: Asker<'_>) -> Reply {
    let sealed = t.sealed_round();
    let name = |e: usize| t.entrants[e].user.name.clone();
    let rounds: Vec<serde_json::Value> = t
        .played
        .iter()
        .map(|r| {
            json!({
                "round": r.number,
                "games": r.games.iter().map(|g| json!({
                    "board": g.board,
                    "table": g.table,
                    "channel": g.channel,
                    "players": g.seats.iter().map(|e| name(*e)).collect::<Vec<_>>(),
                    "result": match (&g.result, sealed == Some(r.number)) {
                        (Some(_), true) => json!({ "ended": true }),
                        (Some(o), false) => json!({
                            "points": o.points,
                            "scores": o.scores,
                            "decided_by_organizer": o.adjudicated,
                        }),
                        (None, _) => serde_json::Value::Null,
                    },
                })).collect::<Vec<_>>(),
                "byes": r.byes.iter().map(|e| name(*e)).collect::<Vec<_>>(),
            })
        })
        .collect();
    let standing: Vec<serde_json::Value> = standings(&t.public())
        .iter()
        .map(|s| {
            json!({
                "place": s.place,
                "player": name(s.entrant),
                "points": s.points,
                "tiebreaks": s.tiebreaks.iter().map(|(n, v)| json!({ "name": n, "value": v })).collect::<Vec<_>>(),
                "games": s.games,
                "withdrawn": s.out,
            })
        })
        .collect();
    let doc = json!({
        "tournament": t.name,
        "id": t.id,
        "game": t.kind.info().id,
        "format": t.format.word(),
        "pairing": t.swiss_pairing().map(Pairing::word),
        "players_per_game": t.pod,
        "rounds": t.rounds,
        "options": t.options,
        "stage": t.stage,
        "organizer": t.organizer.name,
        "entrants": t.entrants.iter().map(|e| json!({
            "name": e.user.name,
            "id": e.user.id,
            "rating": e.rating,
            "withdrawn": e.out,
        })).collect::<Vec<_>>(),
        "played": rounds,
        "standings": standing,
    });
    let text = doc.to_string();
    asker
        .answer(t!("tour-export", tournament = markup::code(&t.name)))
        .with_attachment(
            format!("tournament-{}.json", t.name),
            t!("tour-export-caption", tournament = &t.name),
            text,
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A long text becomes messages that fit, cut between lines only, nothing lost.
    #[test]
    fn long_texts_become_messages_that_fit() {
        let text: Vec<String> = (0..2_000).map(|i| format!("Board {i}: a – b")).collect();
        let text = text.join("\n");
        let parts = messages(&text);
        assert!(parts.len() > 1);
        assert!(parts.iter().all(|r| r.text.len() <= ANNOUNCEMENT_TEXT));
        let joined: Vec<&str> = parts.iter().map(|r| r.text.as_str()).collect();
        assert_eq!(joined.join("\n"), text);
        assert_eq!(messages("short").len(), 1);
    }
}
