//! Results and ratings: every game that ends leaves its result, committed with the final
//! action together with the ratings it moves (`rating::apply`); `/rating`, `/leaderboard`,
//! `/history` and `/export <table>` read them, per community; a rebuild recomputes every
//! rating from the results.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use super::RatingRefused;
use super::rating::{self, Rating, RatingKey};
use super::result::{Ending, GameResult};
use crate::games::GameKind;
use crate::league::Store;
use crate::t;
use crate::table::clock::{Millis, format_span};
use crate::table::reply::Choice;
use crate::table::service::lock;
use crate::table::store::StoreError;
use crate::table::views::Asker;
use crate::table::{Reply, Table, markup};

/// Players on a page of `/leaderboard`.
pub const LEADERBOARD_PAGE: usize = 10;
/// Games `/history` lists.
const HISTORY: usize = 10;

/// What a rebuild found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rebuilt {
    /// Results read.
    pub results: usize,
    /// Ratings computed.
    pub ratings: usize,
    /// Ratings that differ from those stored before the rebuild.
    pub changed: usize,
}

/// A finished game's result, rated: the ratings it moved, to be written with it.
pub struct Rated {
    /// The result, with its rating changes.
    pub result: GameResult,
    /// The ratings as it moved them.
    pub ratings: Vec<(RatingKey, Rating)>,
}

/// Results and ratings, and the commands that read them.
pub struct RatingService {
    store: Arc<dyn Store>,
}

impl RatingService {
    /// The service on `store`.
    pub fn new(store: Arc<dyn Store>) -> RatingService {
        RatingService { store }
    }

    /// The result of the game that ended at `table`, rated against the stored ratings
    /// (`None`: the table leaves no result). The caller holds the league's write lock from
    /// here until the result is committed, so that games ending at once in one community
    /// never lose each other's changes and the results' order is the order the ratings moved in.
    pub fn rate(&self, table: &Table, now: Millis) -> Result<Option<Rated>, StoreError> {
        let community = table
            .community
            .clone()
            .unwrap_or_else(|| table.channel.clone());
        let Some(mut result) = GameResult::of(table, &community, now) else {
            return Ok(None);
        };
        let mut failed = None;
        let (ratings, changes) = rating::apply(&result, |key| {
            self.store.rating(key).unwrap_or_else(|e| {
                failed = Some(e);
                None
            })
        });
        if let Some(e) = failed {
            return Err(e);
        }
        result.changes = changes;
        Ok(Some(Rated { result, ratings }))
    }

    /// `/rating [player] [game]`: a player's ratings in this community (the asker's without a
    /// name), in one game or all.
    pub fn rating(&self, community: &str, asker: Asker<'_>, args: &str) -> Reply {
        let (game, name) = game_and_rest(args);
        let all = match self.store.community_ratings(community) {
            Ok(all) => all,
            Err(e) => return ratings_unreadable(asker, &e),
        };
        let player = match name.as_deref() {
            None => rating::player_key(&asker.user.id),
            Some(name) => match find_player(&all, name) {
                Some(player) => player,
                None => {
                    return asker.refuse(RatingRefused::NobodyCalled {
                        name: name.to_string(),
                    });
                }
            },
        };
        let mut mine: Vec<(&String, &Rating)> = all
            .iter()
            .filter(|(g, p, _)| *p == player && game.is_none_or(|k| k.info().id == g))
            .map(|(g, _, r)| (g, r))
            .collect();
        mine.sort_by(|a, b| a.0.cmp(b.0));
        let who = mine
            .first()
            .map(|(_, r)| markup::name(&r.name))
            .unwrap_or_else(|| markup::name(&asker.user.name));
        if mine.is_empty() {
            return asker.answer(match (name.is_some(), game) {
                (_, Some(kind)) => {
                    t!("rating-none-in-game", who = &who, game = kind.info().name)
                }
                (false, None) => t!("rating-none-mine"),
                (true, None) => t!("rating-none-theirs", who = &who),
            });
        }
        let lines: Vec<String> = mine
            .iter()
            .map(|(g, r)| {
                let name = GameKind::from_word(g).map_or(g.as_str(), |k| k.info().name);
                let mut line = if r.games > 0 {
                    t!(
                        "rating-line",
                        game = name,
                        rating = r.shown(),
                        deviation = format!("{:.0}", r.deviation),
                        games = r.games,
                        wins = r.wins,
                        provisional = if r.provisional() { "yes" } else { "no" }
                    )
                } else {
                    t!("rating-line-unrated", game = name)
                };
                if let Some(best) = r.best {
                    line.push_str(&t!("rating-solitaire-best", best = best, solos = r.solos));
                }
                line
            })
            .collect();
        asker.answer(t!("rating-of", who = who, lines = lines.join("\n")))
    }

    /// `/leaderboard [game] [solo] [page]`: the community's best in a game, by the
    /// conservative rating (or, `solo`, by the best solitaire score), ten to a page.
    pub fn leaderboard(
        &self,
        community: &str,
        here: Option<GameKind>,
        asker: Asker<'_>,
        args: &str,
    ) -> Reply {
        let mut game = None;
        let mut solo = false;
        let mut page = None;
        for word in args.split_whitespace() {
            if word.eq_ignore_ascii_case("solo") {
                solo = true;
            } else if let Ok(n) = word.parse::<usize>() {
                page = Some(n);
            } else if let Some(kind) = GameKind::from_word(word) {
                game = Some(kind);
            } else {
                return asker.refuse(RatingRefused::UnknownGame {
                    word: word.to_string(),
                });
            }
        }
        let game = match game.or(here) {
            Some(kind) => kind,
            None => {
                return asker.refuse(RatingRefused::WhichGame);
            }
        };
        let info = game.info();
        let mut rows = match self.store.ratings(community, info.id) {
            Ok(rows) => rows,
            Err(e) => return ratings_unreadable(asker, &e),
        };
        if solo {
            rows.retain(|(_, r)| r.best.is_some());
            rows.sort_by(|a, b| b.1.best.cmp(&a.1.best).then(a.0.cmp(&b.0)));
        } else {
            rows.retain(|(_, r)| r.games > 0);
            rows.sort_by(|a, b| {
                b.1.conservative()
                    .total_cmp(&a.1.conservative())
                    .then(a.0.cmp(&b.0))
            });
        }
        let command = format!(
            "/leaderboard {}{}",
            info.id,
            if solo { " solo" } else { "" }
        );
        let solo_word = if solo { "yes" } else { "no" };
        if rows.is_empty() {
            return asker.refuse(RatingRefused::Empty { game, solo });
        }
        let pages = rows.len().div_ceil(LEADERBOARD_PAGE);
        let page = page.unwrap_or(1);
        if !(1..=pages).contains(&page) {
            return asker.refuse(RatingRefused::NoPage {
                game,
                solo,
                pages,
                command,
            });
        }
        let mut lines = vec![if pages > 1 {
            t!(
                "rating-leaderboard-header-paged",
                game = info.name,
                solo = solo_word,
                players = rows.len(),
                page = page,
                pages = pages
            )
        } else {
            t!(
                "rating-leaderboard-header",
                game = info.name,
                solo = solo_word,
                players = rows.len()
            )
        }];
        for (i, (_, r)) in rows
            .iter()
            .enumerate()
            .skip((page - 1) * LEADERBOARD_PAGE)
            .take(LEADERBOARD_PAGE)
        {
            let name = markup::name(&r.name);
            lines.push(if solo {
                t!(
                    "rating-leaderboard-row-solo",
                    rank = i + 1,
                    name = name,
                    best = r.best.unwrap_or_default(),
                    games = r.solos
                )
            } else {
                t!(
                    "rating-leaderboard-row",
                    rank = i + 1,
                    name = name,
                    rating = r.shown(),
                    games = r.games,
                    wins = r.wins
                )
            });
        }
        if !solo {
            lines.push(t!("rating-leaderboard-ranked-by"));
        }
        let mut choices = Vec::new();
        if page > 1 {
            choices.push(page_choice(&t!("rating-page-previous"), &command, page - 1));
        }
        if page < pages {
            choices.push(page_choice(&t!("rating-page-next"), &command, page + 1));
        }
        asker.answer(lines.join("\n")).with_choices(choices)
    }

    /// `/history [player]`: a player's last games in this community.
    pub fn history(&self, community: &str, asker: Asker<'_>, args: &str, now: Millis) -> Reply {
        let name = args.trim();
        let player = if name.is_empty() {
            rating::player_key(&asker.user.id)
        } else {
            let all = match self.store.community_ratings(community) {
                Ok(all) => all,
                Err(e) => return ratings_unreadable(asker, &e),
            };
            match find_player(&all, name) {
                Some(player) => player,
                None => {
                    return asker.refuse(RatingRefused::HistoryNobody {
                        name: name.to_string(),
                    });
                }
            }
        };
        let results = match self.store.history(community, &player, HISTORY) {
            Ok(results) => results,
            Err(e) => return ratings_unreadable(asker, &e),
        };

        let Some(me) = results.first().and_then(|r| {
            r.players
                .iter()
                .find(|p| rating::player_key(&p.id) == player)
        }) else {
            return asker.answer(if name.is_empty() {
                t!("rating-history-none-mine")
            } else {
                t!("rating-history-none-theirs", name = markup::code(name))
            });
        };
        let mut lines = vec![t!(
            "rating-history-header",
            name = markup::name(&me.name),
            games = results.len()
        )];
        lines.extend(results.iter().map(|r| history_line(r, &player, now)));
        lines.push(t!("rating-history-export"));
        asker.answer(lines.join("\n"))
    }

    /// Recomputes every rating from the results, in their order, and stores them; says how
    /// many differ from the ratings stored before (none, unless the formulas changed).
    pub fn rebuild(&self, serial: &Mutex<()>) -> Result<Rebuilt, StoreError> {
        let _serial = lock(serial);
        let results = self.store.results()?;
        let before: HashMap<RatingKey, Rating> = self.store.all_ratings()?.into_iter().collect();
        let mut now: HashMap<RatingKey, Rating> = HashMap::new();
        for result in &results {
            let (moved, _) = rating::apply(result, |k| now.get(k).cloned());
            now.extend(moved);
        }
        let changed = now
            .iter()
            .filter(|(k, r)| before.get(*k) != Some(*r))
            .count()
            + before.keys().filter(|k| !now.contains_key(*k)).count();
        let mut all: Vec<(RatingKey, Rating)> = now.into_iter().collect();
        all.sort_by(|a, b| a.0.cmp(&b.0));
        self.store.replace_ratings(&all)?;
        Ok(Rebuilt {
            results: results.len(),
            ratings: all.len(),
            changed,
        })
    }
}

/// A game word among `args`, and the rest as a name.
fn game_and_rest(args: &str) -> (Option<GameKind>, Option<String>) {
    let mut game = None;
    let mut rest = Vec::new();
    for word in args.split_whitespace() {
        match GameKind::from_word(word) {
            Some(kind) if game.is_none() => game = Some(kind),
            _ => rest.push(word),
        }
    }
    let name = rest.join(" ");
    (game, (!name.is_empty()).then_some(name))
}

/// The player key of the player called `name` (any case; `@` allowed) among a community's
/// ratings.
fn find_player(all: &[(String, String, Rating)], name: &str) -> Option<String> {
    let name = name.trim().trim_start_matches('@');
    all.iter()
        .find(|(_, p, r)| r.name.eq_ignore_ascii_case(name) || p.eq_ignore_ascii_case(name))
        .map(|(_, p, _)| p.clone())
}

/// One line of `/history`: the game, when, the player's result, the opponents, the rating's
/// move, how it ended, the table.
fn history_line(r: &GameResult, player: &str, now: Millis) -> String {
    let me = r
        .players
        .iter()
        .find(|p| rating::player_key(&p.id) == player);
    let others: Vec<String> = r
        .players
        .iter()
        .filter(|p| rating::player_key(&p.id) != player && !p.stand_in)
        .map(|p| markup::name(&p.name))
        .collect();
    let place = match (me, r.ending) {
        (_, Ending::Aborted) => t!("rating-history-aborted"),
        (Some(_), _) if r.solo => t!(
            "rating-history-solitaire",
            points = me.and_then(|p| p.score).unwrap_or_default()
        ),
        // A game alone that is no solitaire (a duplicate tournament's): its score is the
        // tournament's to show.
        (Some(_), _) if r.players.len() == 1 => t!("rating-history-played"),
        (Some(p), _) if p.rank == 1 && r.players.iter().filter(|q| q.rank == 1).count() > 1 => {
            t!("rating-history-shared-first")
        }
        (Some(p), _) if p.rank == 1 => t!("rating-history-won"),
        (Some(p), _) => t!("rating-history-place", place = p.rank),
        (None, _) => t!("rating-history-played"),
    };
    let against = if others.is_empty() {
        String::new()
    } else {
        t!("rating-history-against", names = others.join(", "))
    };
    let moved = r
        .changes
        .iter()
        .find(|c| c.player == player)
        .map(|c| {
            t!(
                "rating-history-moved",
                before = format!("{:.0}", c.before),
                after = format!("{:.0}", c.after)
            )
        })
        .unwrap_or_else(|| {
            if r.rated {
                String::new()
            } else {
                t!("rating-history-unrated")
            }
        });
    let ago = format_span(std::time::Duration::from_millis(
        now.saturating_sub(r.ended),
    ));
    let ending = match r.ending {
        Ending::Normal | Ending::Aborted => String::new(),
        e => t!("rating-history-ending", how = e.words()),
    };
    t!(
        "rating-history-line",
        game = r.game.info().name,
        place = place,
        against = against,
        moved = moved,
        ending = ending,
        ago = ago,
        table = r.table
    )
}

/// A button for a page of a leaderboard (not tied to a table: 0).
fn page_choice(label: &str, command: &str, page: usize) -> Choice {
    Choice {
        label: label.into(),
        command: format!("{command} {page}"),
        table: 0,
    }
}

fn ratings_unreadable(asker: Asker<'_>, e: &StoreError) -> Reply {
    tracing::error!(error = %e, "results or ratings unreadable");
    asker.refuse(RatingRefused::Unreadable)
}
