//! The computer player's side of Im Schutze der Burg ([`Think`]): a sampler that draws a whole
//! game from what one seat has seen, and a heuristic value of a game for a seat in VP.
//!
//! The sampler copies everything the seat's view shows (hands are public, §10.5) and draws the
//! rest: the cards the others have chosen but not yet revealed (among the cards they may
//! choose), the order of the winter cards not yet turned up, and the random generator.
//!
//! The evaluation counts VP so far, what the castle helpers will likely score at the end (the
//! buildings, silver and helpers the remaining rounds should bring), the Taler and pieces held
//! (at their worth while rounds remain to use them, or their Markt and Palas conversion), the
//! helpers and the fields they work, what this round's unresolved cards should bring, and the
//! cards in hand.

use rand::seq::SliceRandom;
use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::BurgOptions;
use super::data::{BUILDINGS, Card, SPACES, WinterCard, space_index};
use super::resources::Resource;
use super::state::{Burg, FieldHelper, Player};
use crate::games::{Game, Seat, Seen, Think};

mod eval;

impl Think for Burg {
    /// A 3-player game ends around 60 VP a player; 10 VP is a clear lead.
    const SCALE: f64 = 10.0;

    fn determinize(seen: &Seen<Self>, rng: &mut dyn RngCore) -> Option<Self> {
        let view = seen.view();
        let table = &view.table;
        let n = view.players.len();
        if table.helper_buildings.len() != n
            || table.left.len() != n
            || table.built.len() != BUILDINGS.len()
        {
            return None;
        }
        let mut local = ChaCha8Rng::seed_from_u64(rng.next_u64());
        let per_round = if n == 2 { 2 } else { 1 };
        let mut players = Vec::with_capacity(n);
        for (i, pv) in view.players.iter().enumerate() {
            let mut chosen = pv.chosen.clone();
            if pv.has_chosen && chosen.is_empty() {
                chosen = draw_choice(&pv.played, per_round, &mut local);
            }
            players.push(Player {
                taler: pv.taler,
                vp: pv.vp,
                resources: pv.resources,
                helpers: pv.helpers_in_supply,
                face_up: pv.played.clone(),
                chosen,
                arbeiter: pv.arbeiter.clone(),
                helper_buildings: table.helper_buildings[i].clone(),
                left: table.left[i],
            });
        }
        let mut spaces = vec![None; SPACES.len()];
        for b in &view.buildings {
            for s in &b.spaces {
                spaces[space_index(&s.id)?] = s.occupant;
            }
        }
        let mut fields = vec![None; Resource::ALL.len()];
        for f in &view.fields {
            fields[f.resource.index()] = f.occupant.map(|seat| FieldHelper {
                seat,
                fresh: f.placed_this_round,
            });
        }
        let (deck, revealed, current) = match &view.winter {
            Some(w) => {
                let mut unseen: Vec<WinterCard> = WinterCard::ALL
                    .into_iter()
                    .filter(|c| !w.revealed.contains(c))
                    .collect();
                if unseen.len() < usize::from(w.left) {
                    return None;
                }
                unseen.shuffle(&mut local);
                unseen.truncate(usize::from(w.left));
                (unseen, w.revealed.clone(), w.current)
            }
            None => (Vec::new(), Vec::new(), None),
        };
        Some(Burg {
            options: BurgOptions {
                winter: view.winter.is_some(),
            },
            rounds: view.rounds,
            round: view.round,
            start: view.start_player,
            clockwise: view.order.clone(),
            phase: table.phase,
            players,
            supply: view.supply,
            wehrturm: view.wehrturm,
            schmiede: view.schmiede,
            built: table.built.clone(),
            spaces,
            fields,
            winter_deck: deck,
            winter_revealed: revealed,
            winter_current: current,
            fills: table.fills.clone(),
            slots: table.slots.clone(),
            action: table.action.clone(),
            record: Vec::new(),
            final_scores: view.final_scores.clone(),
            end: view.outcome.as_ref().map(|o| o.reason),
            rng: ChaCha8Rng::seed_from_u64(local.next_u64()),
        })
    }

    fn evaluate(&self, seat: Seat) -> f64 {
        match self.outcome() {
            Some(outcome) => outcome.scores.get(seat).copied().unwrap_or(0) as f64,
            None => eval::value(self, seat),
        }
    }
}

/// A random legal choice of `count` cards for a player whose face-up cards are `played`.
fn draw_choice(played: &[Card], count: usize, rng: &mut ChaCha8Rng) -> Vec<Card> {
    let mut legal: Vec<Card> = Card::ALL
        .into_iter()
        .filter(|c| !played.contains(c))
        .filter(|c| *c != Card::Baumeister || !played.is_empty())
        .collect();
    legal.shuffle(rng);
    legal.truncate(count);
    legal.sort();
    legal
}

#[cfg(test)]
mod tests {
    use super::super::Resources;
    use super::*;
    use crate::games::Forfeit;
    use rand::Rng;

    /// Draws per seat and position.
    const DRAWS: usize = 3;
    /// Further draws per seat and position, to see the hidden parts vary.
    const VARY_DRAWS: usize = 24;

    /// What the hidden parts of a draw were: the other seats' chosen cards and the winter deck.
    type Hidden = (Vec<Vec<Card>>, Vec<WinterCard>);

    /// Counts over a run of checks.
    #[derive(Default)]
    struct Tally {
        positions: usize,
        draws: usize,
        playouts: usize,
        /// Positions where an opponent's choice was hidden with several cards possible.
        hidden_choices: usize,
        /// Of those, positions where the draws differed.
        varied_choices: usize,
        /// Positions with at least two winter cards unseen, and those where the order varied.
        hidden_decks: usize,
        varied_decks: usize,
    }

    /// A random legal move of a seat that may act, or `None` when nobody can.
    fn random_step(game: &Burg, rng: &mut ChaCha8Rng) -> Option<(Seat, super::super::Move)> {
        let seats: Vec<Seat> = game
            .to_act()
            .seats()
            .into_iter()
            .filter(|s| !game.legal_moves(*s).is_empty())
            .collect();
        let seat = *seats.get(rng.random_range(0..seats.len().max(1)))?;
        let moves = game.legal_moves(seat);
        let mv = moves[rng.random_range(0..moves.len())].clone();
        Some((seat, mv))
    }

    /// Plays on at random; the game must end.
    fn play_out(mut game: Burg, rng: &mut ChaCha8Rng) -> Burg {
        for _ in 0..5000 {
            if game.outcome().is_some() {
                return game;
            }
            let (seat, mv) = random_step(&game, rng).expect("somebody may move");
            game.apply(seat, &mv).expect("a legal move applies");
        }
        panic!("a random game from a draw does not end");
    }

    /// Draws for every seat at `game`'s position and checks them.
    fn check(game: &Burg, rng: &mut ChaCha8Rng, tally: &mut Tally, play: bool) {
        tally.positions += 1;
        for seat in 0..game.players.len() {
            let seen = Seen::of(game, seat);
            let view = seen.view();
            let mut hidden: Vec<Hidden> = Vec::new();
            for k in 0..DRAWS {
                let d = Burg::determinize(&seen, rng).expect("a draw");
                tally.draws += 1;
                assert_eq!(d.view(Some(seat)), *view, "the view of the draw");
                assert_eq!(
                    d.legal_moves(seat),
                    seen.legal(),
                    "the legal moves of the draw"
                );
                for (s, (p, pv)) in d.players.iter().zip(&view.players).enumerate() {
                    assert_eq!(p.chosen.is_empty(), !pv.has_chosen);
                    if !pv.chosen.is_empty() || s == seat {
                        assert_eq!(p.chosen, pv.chosen);
                        continue;
                    }
                    // A drawn choice: cards the seat could have chosen.
                    for c in &p.chosen {
                        assert!(pv.hand.contains(c), "{c} is not in the hand of seat {s}");
                        assert!(*c != Card::Baumeister || !pv.played.is_empty());
                    }
                    let mut unique = p.chosen.clone();
                    unique.dedup();
                    assert_eq!(unique.len(), p.chosen.len());
                }
                if let Some(w) = &view.winter {
                    assert_eq!(d.winter_deck.len(), usize::from(w.left));
                    for c in &d.winter_deck {
                        assert!(!w.revealed.contains(c), "{c:?} was revealed already");
                    }
                } else {
                    assert!(d.winter_deck.is_empty());
                }
                assert!(d.evaluate(seat).is_finite());
                hidden.push((
                    d.players.iter().map(|p| p.chosen.clone()).collect(),
                    d.winter_deck.clone(),
                ));
                if play && k == 0 {
                    let end = play_out(d, rng);
                    assert!(end.outcome().is_some());
                    tally.playouts += 1;
                }
            }
            // More draws, of the hidden parts only, to see them vary.
            for _ in 0..VARY_DRAWS {
                let d = Burg::determinize(&seen, rng).expect("a draw");
                hidden.push((
                    d.players.iter().map(|p| p.chosen.clone()).collect(),
                    d.winter_deck.clone(),
                ));
            }
            let open_choice = view.players.iter().any(|pv| {
                pv.has_chosen
                    && pv.chosen.is_empty()
                    && pv.hand.len() - usize::from(pv.played.is_empty()) >= 3
            });
            if open_choice {
                tally.hidden_choices += 1;
                if hidden.iter().any(|h| h.0 != hidden[0].0) {
                    tally.varied_choices += 1;
                }
            }
            if view.winter.as_ref().is_some_and(|w| w.left >= 2) {
                tally.hidden_decks += 1;
                if hidden.iter().any(|h| h.1 != hidden[0].1) {
                    tally.varied_decks += 1;
                }
            }
        }
    }

    /// Random games; at every decision point every seat's draws are checked (with a random
    /// game played out from one draw at every fifth point). Some 4-player games lose a seat.
    fn run(players: usize, winter: bool, seeds: std::ops::Range<u64>) -> Tally {
        let mut tally = Tally::default();
        for seed in seeds {
            let mut game = Burg::new(players, &BurgOptions { winter }, seed).expect("a setup");
            let mut rng = ChaCha8Rng::seed_from_u64(seed.wrapping_mul(7919) + 1);
            let mut ply = 0usize;
            while game.outcome().is_none() {
                check(&game, &mut rng, &mut tally, ply.is_multiple_of(5));
                if players == 4 && seed % 2 == 0 && ply == 60 {
                    game.forfeit(rng.random_range(0..players), Forfeit::Resigned);
                    ply += 1;
                    continue;
                }
                let (seat, mv) = random_step(&game, &mut rng).expect("somebody may move");
                game.apply(seat, &mv).expect("a legal move applies");
                ply += 1;
            }
        }
        tally
    }

    fn assert_tally(t: &Tally, winter: bool) {
        assert!(t.positions > 100, "{} positions", t.positions);
        assert!(t.playouts > 20);
        assert!(
            t.hidden_choices >= 10,
            "{} hidden choices",
            t.hidden_choices
        );
        assert_eq!(
            t.varied_choices, t.hidden_choices,
            "hidden choices must vary"
        );
        if winter {
            assert!(t.hidden_decks > 20);
            assert_eq!(t.varied_decks, t.hidden_decks, "the winter order must vary");
        }
    }

    #[test]
    fn draws_match_the_view_with_two_players() {
        let t = run(2, false, 0..3);
        assert_tally(&t, false);
        assert_tally(&run(2, true, 10..12), true);
    }

    #[test]
    fn draws_match_the_view_with_three_players() {
        assert_tally(&run(3, false, 0..3), false);
        assert_tally(&run(3, true, 10..12), true);
    }

    #[test]
    fn draws_match_the_view_with_four_players() {
        assert_tally(&run(4, false, 0..3), false);
        assert_tally(&run(4, true, 10..13), true);
    }

    /// A draw keeps what the seat knows: its own choice, and what was revealed.
    #[test]
    fn a_draw_keeps_the_own_choice_and_hides_nothing_else() {
        let mut game = Burg::new(3, &BurgOptions::default(), 4).expect("a setup");
        let order = game.player_order();
        game.apply(order[0], &super::super::Move::Choose(vec![Card::Steinmetz]))
            .expect("a choice");
        game.apply(order[1], &super::super::Move::Choose(vec![Card::Bote]))
            .expect("a choice");
        let seen = Seen::of(&game, order[0]);
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut seen_cards = Vec::new();
        for _ in 0..40 {
            let d = Burg::determinize(&seen, &mut rng).expect("a draw");
            assert_eq!(d.players[order[0]].chosen, vec![Card::Steinmetz]);
            assert!(d.players[order[2]].chosen.is_empty());
            let other = d.players[order[1]].chosen.clone();
            assert_eq!(other.len(), 1);
            assert_ne!(other[0], Card::Baumeister, "no card is face up yet");
            if !seen_cards.contains(&other[0]) {
                seen_cards.push(other[0]);
            }
        }
        assert!(seen_cards.len() >= 5, "{seen_cards:?}");
    }

    /// At the end the evaluation is the score; a building by a Steinmetz is worth more than
    /// the pieces it costs.
    #[test]
    fn the_evaluation_counts_score_and_building() {
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        let mut game = Burg::new(3, &BurgOptions::default(), 2).expect("a setup");
        let game_end = play_out(game.clone(), &mut rng);
        for s in 0..3 {
            assert_eq!(game_end.evaluate(s), game_end.scores()[s] as f64);
        }
        game.players[0].resources = Resources::new(6, 6, 4, 4, 0);
        game.players[0].chosen = vec![Card::Steinmetz];
        let rich = game.evaluate(0);
        game.players[0].chosen = vec![Card::Bote];
        let bote = game.evaluate(0);
        assert!(
            rich > bote,
            "a Steinmetz with pieces ({rich}) beats a Bote ({bote})"
        );
    }
}
