//! Ratings: one per player, game and community, on the Glicko scale (a new player is 1500
//! with a deviation of 350). A two-player game moves them by Glicko-2, a game of three or four
//! by Weng-Lin (OpenSkill), both from the `skillratings` crate: Weng-Lin works on the same
//! belief rescaled (μ = 25 + (rating − 1500) / 42, σ = deviation / 42; 42 = 350 / (25/3), the
//! two systems' starting deviations), so a player has one number per game whatever the number
//! of players. A rating is provisional while its deviation is above [`PROVISIONAL_ABOVE`];
//! leaderboards rank by the conservative value, rating − 3 × deviation (μ − 3σ), so that one
//! lucky game does not top the board. Computer players are rated too, one rating per level.

use serde::{Deserialize, Serialize};
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};
use skillratings::weng_lin::{WengLinConfig, WengLinRating, weng_lin_multi_team};
use skillratings::{MultiTeamOutcome, Outcomes};

use super::result::{GameResult, RatingChange};
use crate::table::clock::Millis;
use crate::table::command::BOT_PREFIX;

/// Where a rating is kept: a player's, in one game, in one community.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct RatingKey {
    /// The community.
    pub community: String,
    /// The game's id.
    pub game: String,
    /// The player (see [`player_key`]).
    pub player: String,
}

/// A rating is provisional while its deviation is above this (about 10 games).
pub const PROVISIONAL_ABOVE: f64 = 110.0;
/// Glicko points per Weng-Lin point.
const SCALE: f64 = 350.0 / (25.0 / 3.0);

/// A player's rating in one game and community.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    /// The rating (Glicko scale).
    pub rating: f64,
    /// How uncertain it is (Glicko's rating deviation).
    pub deviation: f64,
    /// Glicko-2's volatility.
    pub volatility: f64,
    /// Rated games played.
    pub games: u32,
    /// Rated games won (rank 1, ties included).
    pub wins: u32,
    /// The player's name as last seen.
    pub name: String,
    /// When the last rated game ended.
    pub last: Millis,
    /// The best solitaire score (a game played alone), if any.
    #[serde(default)]
    pub best: Option<i64>,
    /// Solitaires played.
    #[serde(default)]
    pub solos: u32,
}

impl Rating {
    /// A new player's rating.
    pub fn new(name: &str) -> Rating {
        let start = Glicko2Rating::new();
        Rating {
            rating: start.rating,
            deviation: start.deviation,
            volatility: start.volatility,
            games: 0,
            wins: 0,
            name: name.to_string(),
            last: 0,
            best: None,
            solos: 0,
        }
    }

    /// Whether the rating is still provisional.
    pub fn provisional(&self) -> bool {
        self.deviation > PROVISIONAL_ABOVE
    }

    /// The value leaderboards rank by: rating − 3 × deviation.
    pub fn conservative(&self) -> f64 {
        self.rating - 3.0 * self.deviation
    }

    /// `1523` or `1523?` (provisional).
    pub fn shown(&self) -> String {
        format!(
            "{:.0}{}",
            self.rating,
            if self.provisional() { "?" } else { "" }
        )
    }

    fn glicko(&self) -> Glicko2Rating {
        Glicko2Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        }
    }

    fn weng_lin(&self) -> WengLinRating {
        WengLinRating {
            rating: 25.0 + (self.rating - 1500.0) / SCALE,
            uncertainty: self.deviation / SCALE,
        }
    }
}

/// The key a participant is rated under: their user id; a computer player's level
/// (`bot:hard`), whichever seat it sat in.
pub fn player_key(id: &str) -> String {
    match id.strip_prefix(BOT_PREFIX) {
        Some(rest) => format!("{BOT_PREFIX}{}", rest.split(':').next().unwrap_or(rest)),
        None => id.to_string(),
    }
}

/// The ratings after one game of `players` (their ratings before, and ranks: 1 = best, ties
/// share), in the same order, at `now`. Two players: Glicko-2; more: Weng-Lin. Fewer than two:
/// unchanged.
pub fn rate(players: &[(Rating, u8)], now: Millis) -> Vec<Rating> {
    let mut after: Vec<Rating> = players.iter().map(|(r, _)| r.clone()).collect();
    match players {
        [(a, ra), (b, rb)] => {
            let outcome = match ra.cmp(rb) {
                std::cmp::Ordering::Less => Outcomes::WIN,
                std::cmp::Ordering::Greater => Outcomes::LOSS,
                std::cmp::Ordering::Equal => Outcomes::DRAW,
            };
            let (na, nb) = glicko2(&a.glicko(), &b.glicko(), &outcome, &Glicko2Config::new());
            for (r, n) in after.iter_mut().zip([na, nb]) {
                r.rating = n.rating;
                r.deviation = n.deviation;
                r.volatility = n.volatility;
            }
        }
        _ if players.len() >= 3 => {
            let teams: Vec<[WengLinRating; 1]> =
                players.iter().map(|(r, _)| [r.weng_lin()]).collect();
            let ranked: Vec<(&[WengLinRating], MultiTeamOutcome)> = teams
                .iter()
                .zip(players)
                .map(|(team, (_, rank))| (&team[..], MultiTeamOutcome::new(usize::from(*rank))))
                .collect();
            let new = weng_lin_multi_team(&ranked, &WengLinConfig::new());
            for (r, n) in after.iter_mut().zip(new) {
                if let Some(n) = n.first() {
                    r.rating = 1500.0 + (n.rating - 25.0) * SCALE;
                    r.deviation = n.uncertainty * SCALE;
                }
            }
        }
        _ => return after,
    }
    for (r, (_, rank)) in after.iter_mut().zip(players) {
        r.games += 1;
        r.wins += u32::from(*rank == 1);
        r.last = now;
    }
    after
}

/// What a result does to the ratings, given the `current` rating of any key (`None`: a new
/// player): the ratings to store, and the changes to announce. A rated game moves its players'
/// ratings; a solitaire keeps its player's best score. The same function serves each game's end
/// and a rebuild from the results, so both give the same numbers.
pub fn apply(
    result: &GameResult,
    mut current: impl FnMut(&RatingKey) -> Option<Rating>,
) -> (Vec<(RatingKey, Rating)>, Vec<RatingChange>) {
    let key = |id: &str| RatingKey {
        community: result.community.clone(),
        game: result.game.info().id.to_string(),
        player: player_key(id),
    };
    if result.solo {
        let Some(player) = result.players.first().filter(|p| !p.bot) else {
            return (Vec::new(), Vec::new());
        };
        let k = key(&player.id);
        let mut rating = current(&k).unwrap_or_else(|| Rating::new(&player.name));
        rating.name = player.name.clone();
        rating.solos += 1;
        if let Some(score) = player.score {
            rating.best = Some(rating.best.map_or(score, |b| b.max(score)));
        }
        return (vec![(k, rating)], Vec::new());
    }
    if !result.rated {
        return (Vec::new(), Vec::new());
    }
    // Two computer players of one level share a rating: the better placed one counts.
    let mut players = result.rated_players();
    players.sort_by_key(|p| p.rank);
    let mut seen = std::collections::HashSet::new();
    players.retain(|p| seen.insert(player_key(&p.id)));
    players.sort_by_key(|p| p.seat);
    if players.len() < 2 {
        return (Vec::new(), Vec::new());
    }
    let before: Vec<(RatingKey, Rating, u8)> = players
        .iter()
        .map(|p| {
            let k = key(&p.id);
            let mut r = current(&k).unwrap_or_else(|| Rating::new(&p.name));
            r.name = if p.bot {
                format!("Bot ({})", k.player.trim_start_matches(BOT_PREFIX))
            } else {
                p.name.clone()
            };
            (k, r, p.rank)
        })
        .collect();
    let after = rate(
        &before
            .iter()
            .map(|(_, r, rank)| (r.clone(), *rank))
            .collect::<Vec<_>>(),
        result.ended,
    );
    let changes = before
        .iter()
        .zip(&after)
        .map(|((k, b, _), a)| RatingChange {
            player: k.player.clone(),
            name: a.name.clone(),
            before: b.rating,
            after: a.rating,
            provisional: a.provisional(),
        })
        .collect();
    let stored = before.into_iter().map(|(k, _, _)| k).zip(after).collect();
    (stored, changes)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fresh(n: usize) -> Vec<Rating> {
        (0..n).map(|i| Rating::new(&format!("p{i}"))).collect()
    }

    #[test]
    fn a_two_player_win_moves_both_and_narrows_the_deviation() {
        let [a, b] = <[Rating; 2]>::try_from(fresh(2)).unwrap();
        let after = rate(&[(a.clone(), 1), (b.clone(), 2)], 9);
        assert!(after[0].rating > a.rating && after[1].rating < b.rating);
        assert!((after[0].rating - 1500.0 + (after[1].rating - 1500.0)).abs() < 1e-9);
        assert!(after[0].deviation < a.deviation);
        assert_eq!((after[0].games, after[0].wins, after[1].wins), (1, 1, 0));
        assert_eq!(after[0].last, 9);
        // A draw between equals changes no rating, only the certainty.
        let drawn = rate(&[(a.clone(), 1), (b, 1)], 9);
        assert!((drawn[0].rating - 1500.0).abs() < 1e-9);
        assert!(drawn[0].deviation < a.deviation);
        assert_eq!(drawn[0].wins, 1, "a shared first place counts as a win");
    }

    #[test]
    fn many_players_move_by_their_ranks() {
        for n in [3, 4] {
            let players: Vec<(Rating, u8)> = fresh(n).into_iter().zip(1..).collect();
            let after = rate(&players, 0);
            for w in after.windows(2) {
                assert!(
                    w[0].rating > w[1].rating,
                    "{n} players: higher rank, higher rating"
                );
            }
            assert!(after[0].rating > 1500.0 && after[n - 1].rating < 1500.0);
            assert!(after.iter().all(|r| r.deviation < 350.0));
        }
        // Ties share: two equal winners gain alike.
        let players: Vec<(Rating, u8)> = fresh(3).into_iter().zip([1, 1, 3]).collect();
        let after = rate(&players, 0);
        assert!((after[0].rating - after[1].rating).abs() < 1e-9);
        assert!(after[2].rating < 1500.0);
    }

    #[test]
    fn an_upset_moves_more_than_an_expected_result() {
        let mut strong = Rating::new("s");
        strong.rating = 1900.0;
        strong.deviation = 60.0;
        let weak = Rating::new("w");
        let expected = rate(&[(strong.clone(), 1), (weak.clone(), 2)], 0);
        let upset = rate(&[(strong.clone(), 2), (weak, 1)], 0);
        assert!(strong.rating - upset[0].rating > expected[0].rating - strong.rating);
    }

    #[test]
    fn provisional_until_the_deviation_narrows_and_ranked_conservatively() {
        let mut a = Rating::new("a");
        let mut b = Rating::new("b");
        assert!(a.provisional());
        assert_eq!(a.shown(), "1500?");
        let mut games = 0;
        while a.provisional() {
            let after = rate(&[(a, 1 + games % 2), (b, 2 - games % 2)], 0);
            (a, b) = (after[0].clone(), after[1].clone());
            games += 1;
            assert!(games < 50);
        }
        assert!((5..30).contains(&games), "{games} games");
        assert!(!a.shown().ends_with('?'));
        assert!((a.conservative() - (a.rating - 3.0 * a.deviation)).abs() < 1e-9);
    }

    #[test]
    fn two_computer_players_of_one_level_move_one_rating_once() {
        use crate::games::GameKind;
        use crate::league::results::result::{Ending, Participant};
        let seat = |seat: usize, id: &str, rank: u8| Participant {
            id: id.into(),
            name: id.into(),
            seat,
            rank,
            score: None,
            bot: id.starts_with(BOT_PREFIX),
            stand_in: false,
        };
        let result = GameResult {
            seq: 1,
            table: 1,
            community: "c".into(),
            channel: "#t".into(),
            game: GameKind::ALL[0],
            options: Vec::new(),
            players: vec![
                seat(0, "bot:easy:1", 1),
                seat(1, "al", 2),
                seat(2, "bot:easy:2", 3),
            ],
            ending: Ending::Normal,
            moves: 10,
            started: 0,
            ended: 5,
            rated: true,
            solo: false,
            changes: Vec::new(),
        };
        let (stored, changes) = apply(&result, |_| None);
        let players: Vec<&str> = stored.iter().map(|(k, _)| k.player.as_str()).collect();
        assert_eq!(players, ["bot:easy", "al"], "the better placed bot counts");
        assert!(changes[0].after > 1500.0 && changes[1].after < 1500.0);
        assert_eq!(stored[0].1.name, "Bot (easy)");
    }

    #[test]
    fn computer_players_are_rated_by_level() {
        assert_eq!(player_key("bot:hard:2"), "bot:hard");
        assert_eq!(player_key("bot:easy:1"), "bot:easy");
        assert_eq!(player_key("discord:42"), "discord:42");
    }
}
