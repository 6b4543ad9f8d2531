//! The computer players' side of Banner von Komarn ([`Think`]): a whole game drawn from what one
//! seat sees, for the generic information-set search, and a heuristic value of a game for a
//! seat, in Heller.
//!
//! Drawing a game ([`Think::determinize`]) copies everything the seat's view shows — the river,
//! the points and garrisons, who commands which banner, supplies, money, the discard pile, the
//! seat's own hand and any hand a challenge made public, the claim and its answers — and draws
//! what the seat cannot see: the other hands (from the numbers that are neither in the seat's
//! hand, nor on the discard pile, nor in a public hand; a number a challenge showed in a hand
//! stays there), the order of the bag (the remaining numbers, the Morlocks still in it and the
//! Strudel) and the random generator. Whether an open "morlock none" claim is a bluff follows
//! from the drawn hand, weighed by how often a player able to place would claim none anyway.

use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::bag::{Bag, MORLOCKS, Tile};
use super::banners::{Groups, Mark};
use super::board::{AREAS, Board, FIELDS, Field, POINTS, Point};
use super::state::{DrawTask, HAND, Komarn, MAX_PLAYERS, MIN_PLAYERS, Phase, Player};
use super::view::{KomarnView, PendingView};
use super::{KomarnOptions, Move};
use crate::games::{Seat, Seen, Think};

/// Attempts at dealing the hidden hands before giving up.
const DEALS: usize = 64;

/// The chance that a commanded banner changes hands before the end, by the commander's lead in
/// soldiers (0, 1, 2, 3, 4 or more), with the whole game still ahead.
const LOSS: [f64; 5] = [0.5, 0.35, 0.2, 0.1, 0.05];
/// The chance of taking over another's banner, by the soldiers short of its commander
/// (0, 1, 2, 3 or more), with the whole game still ahead.
const TAKEOVER: [f64; 4] = [0.35, 0.2, 0.1, 0.03];
/// One Schilling in Heller: a Weibel at the end, the Hurenweibel.
const SCHILLING: f64 = 5.0;

/// Rounds ahead from which the game counts as wide open (the chances above at full weight).
const HORIZON: f64 = 8.0;
/// A lone soldier (in no banner yet), while the game is open: a banner may grow from it.
const LONE: f64 = 0.7;
/// A soldier in supply that can still be played.
const SUPPLY: f64 = 0.5;
/// A camp not yet built, while the game is open.
const CAMP: f64 = 1.0;
/// A Weibel in supply (two at most count), while the game is open.
const WEIBEL: f64 = 1.0;
/// The Hurenweibel's worth beyond its Schilling, while the game is open (it may seduce).
const SEDUCE: f64 = 1.5;
/// Share of an uncommanded banner's worth for a seat leading it, while the game is open.
const SHARE: f64 = 0.4;
/// How often a player who could place a Morlock claims none anyway (a bluff).
const BLUFF: f64 = 0.3;
/// How often a claim is challenged in a play-out.
const CHALLENGE: f64 = 0.2;

impl Think for Komarn {
    const SCALE: f64 = 12.0;

    fn determinize(seen: &Seen<Self>, rng: &mut dyn RngCore) -> Option<Self> {
        rebuild(seen.view(), seen.seat(), rng)
    }

    fn evaluate(&self, seat: Seat) -> f64 {
        value(self, seat)
    }

    fn playout(&self, seat: Seat, rng: &mut dyn RngCore) -> Option<Move> {
        playout(self, seat, rng)
    }
}

/// A quick play-out move: a random play without a camp (a random move would build a camp with
/// nearly every play, as most moves carry one), a challenge of a claim now and then, and the
/// other decisions at random.
fn playout(game: &Komarn, seat: Seat, rng: &mut dyn RngCore) -> Option<Move> {
    match game.phase {
        Phase::Play => {
            let plays = game.plays(seat);
            match plays.choose(rng) {
                Some(mv) => Some(*mv),
                None => game.hand(seat).choose(rng).map(|k| Move::Pass(*k)),
            }
        }
        Phase::Claim { .. } => Some(if rng.random_bool(CHALLENGE) {
            Move::Challenge
        } else {
            Move::Accept
        }),
        _ => None,
    }
}

/// A whole game that `me` cannot tell from the one behind `view`.
fn rebuild(view: &KomarnView, me: Seat, rng: &mut dyn RngCore) -> Option<Komarn> {
    let n = view.players.len();
    if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&n) || me >= n || view.turn_order.len() != n {
        return None;
    }
    let board = board_of(view)?;
    let phase = phase_of(view)?;
    let dealt = deal(view, me, &board, &phase, rng)?;
    let mut players: Vec<Player> = view
        .players
        .iter()
        .zip(dealt.hands)
        .map(|(p, hand)| Player {
            hand,
            soldiers: p.soldiers_in_supply,
            weibel: p.weibel_in_supply,
            camps: p.camps_left,
            heller: p.heller,
            left: None,
        })
        .collect();
    leaving_order(view, &mut players);
    let mut tiles: Vec<Tile> = dealt.rest.into_iter().map(Tile::Number).collect();
    tiles.extend(std::iter::repeat_n(
        Tile::Morlock,
        usize::from(view.morlocks_left),
    ));
    tiles.push(Tile::Strudel);
    tiles.shuffle(rng);
    let pending = u8::from(matches!(
        phase,
        Phase::Morlock { .. } | Phase::Claim { .. } | Phase::Expose { .. }
    ));
    let morlocks_gone = MORLOCKS
        .checked_sub(view.morlocks_left)?
        .checked_sub(u8::try_from(board.morlocks()).ok()?)?
        .checked_sub(pending)?;
    let turn = match view.to_move {
        Some(seat) => view.turn_order.iter().position(|s| *s == seat)?,
        None => 0,
    };
    let draws = draw_tasks(view, &phase, turn, &players);
    let marks = view
        .banners
        .iter()
        .filter_map(|b| {
            let (area, side) = *b.fields.first()?;
            Some(Mark {
                owner: b.commander?,
                anchor: Field::new(area, side),
            })
        })
        .collect();
    Some(Komarn {
        options: KomarnOptions::default(),
        board,
        bag: Bag::from_draw_order(&tiles),
        discard: view.discard.clone(),
        players,
        turn_order: view.turn_order.clone(),
        turn,
        claims: u64::from(matches!(phase, Phase::Claim { .. })),
        phase,
        draws,
        marks,
        hurenweibel: view.hurenweibel,
        morlocks_gone,
        revealed: view.revealed_hands.clone(),
        last_round: view.last_round,
        last: view.last.clone(),
        final_payouts: view.final_payouts.clone(),
        end: view.outcome.as_ref().map(|o| o.reason),
        record: Vec::new(),
        rng: ChaCha8Rng::seed_from_u64(rng.next_u64()),
        quiet: true,
    })
}

/// The river as the view shows it.
fn board_of(view: &KomarnView) -> Option<Board> {
    if view.points.len() != POINTS || view.fields.len() != FIELDS {
        return None;
    }
    let tokens: Vec<_> = view.points.iter().map(|p| p.kind).collect();
    let mut board = Board::new(&tokens);
    for (i, f) in view.fields.iter().enumerate() {
        let field = Field::from_index(i);
        if (field.area, field.side) != (f.area, f.side) {
            return None;
        }
        board.set(field, f.content);
    }
    for (i, p) in view.points.iter().enumerate() {
        let point = Point::from_index(i);
        if (point.area, point.bank) != (p.area, p.bank) {
            return None;
        }
        let state = board.point_mut(point);
        state.garrison = p.garrison;
        state.decided = p.decided;
    }
    Some(board)
}

/// What the game waits for.
fn phase_of(view: &KomarnView) -> Option<Phase> {
    Some(match &view.pending {
        PendingView::Play(_) => Phase::Play,
        PendingView::Morlock(drawer) => Phase::Morlock { drawer: *drawer },
        PendingView::Claim(drawer) => Phase::Claim {
            drawer: *drawer,
            answered: view.claim.as_ref()?.answered.clone(),
        },
        PendingView::Expose { drawer, challenger } => Phase::Expose {
            drawer: *drawer,
            challenger: *challenger,
        },
        PendingView::Strike { chooser, loser } => Phase::Strike {
            chooser: *chooser,
            loser: *loser,
        },
        PendingView::Over => Phase::Over,
    })
}

/// The order in which the seats that left did so: the ranks tell it once the game is over (the
/// last to leave ranks first among them); before, seat order stands in for it.
fn leaving_order(view: &KomarnView, players: &mut [Player]) {
    let mut gone: Vec<Seat> = (0..players.len())
        .filter(|s| !view.players[*s].active)
        .collect();
    if let Some(outcome) = &view.outcome {
        gone.sort_by_key(|s| std::cmp::Reverse(outcome.ranks.get(*s).copied().unwrap_or(0)));
    }
    for (order, seat) in gone.into_iter().enumerate() {
        players[seat].left = Some(order);
    }
}

/// The draws still owed while a Morlock is being settled (none while a number is to be played):
/// the player whose turn it is draws up to a full hand, and so does every other seat short of
/// one (a strike took a number of theirs); the seat that drew the Morlock draws first.
fn draw_tasks(view: &KomarnView, phase: &Phase, turn: usize, players: &[Player]) -> Vec<DrawTask> {
    if matches!(phase, Phase::Play | Phase::Over) {
        return Vec::new();
    }
    let current = view.turn_order[turn];
    let drawing = match phase {
        Phase::Morlock { drawer } | Phase::Claim { drawer, .. } | Phase::Expose { drawer, .. } => {
            Some(*drawer)
        }
        _ => view.revealed_hands.first().map(|(s, _)| *s),
    };
    let mut short: Vec<Seat> = (0..players.len())
        .filter(|s| *s != current && players[*s].left.is_none() && players[*s].hand.len() < HAND)
        .collect();
    short.sort_by_key(|s| Some(*s) == drawing);
    std::iter::once(current)
        .chain(short)
        .map(|seat| DrawTask { seat, target: HAND })
        .collect()
}

/// The hands of every seat and the numbers left for the bag.
struct Dealt {
    hands: Vec<Vec<u8>>,
    rest: Vec<u8>,
}

/// Deals the numbers `me` cannot place among the hidden hands and the bag.
fn deal(
    view: &KomarnView,
    me: Seat,
    board: &Board,
    phase: &Phase,
    rng: &mut dyn RngCore,
) -> Option<Dealt> {
    let n = view.players.len();
    view.players[me].hand.as_ref()?;
    let mut known = [false; AREAS as usize + 1];
    let shown = view
        .players
        .iter()
        .filter_map(|p| p.hand.as_ref())
        .flatten();
    for &k in shown.chain(&view.discard) {
        let slot = known.get_mut(usize::from(k)).filter(|_| k >= 1)?;
        if std::mem::replace(slot, true) {
            return None;
        }
    }
    let pool: Vec<u8> = (1..=AREAS).filter(|k| !known[usize::from(*k)]).collect();
    let size = |s: Seat| usize::from(view.players[s].hand_size);
    let claimant = match phase {
        Phase::Claim { drawer, .. } if view.players[*drawer].hand.is_none() => Some(*drawer),
        _ => None,
    };
    // The claimant's hand is dealt first, so that the others' follow from it.
    let mut hidden: Vec<Seat> = (0..n).filter(|s| view.players[*s].hand.is_none()).collect();
    hidden.sort_by_key(|s| Some(*s) != claimant);
    let bag_numbers = view
        .bag_size
        .checked_sub(usize::from(view.morlocks_left) + 1)?;
    if hidden.iter().map(|s| size(*s)).sum::<usize>() + bag_numbers != pool.len() {
        return None;
    }
    let revealed = |s: Seat| {
        view.revealed_hands
            .iter()
            .find(|(r, _)| *r == s)
            .map(|(_, h)| h.as_slice())
    };
    for attempt in 0..DEALS {
        let mut free = pool.clone();
        free.shuffle(rng);
        let mut hands: Vec<Vec<u8>> = view
            .players
            .iter()
            .map(|p| p.hand.clone().unwrap_or_default())
            .collect();
        // A number a challenge showed stays in its hand, unless it may have left it since (a
        // Morlock now stands in its area); one place at least is left for a number drawn since,
        // or the whole hand would be public.
        for &s in &hidden {
            let Some(shown) = revealed(s) else {
                continue;
            };
            let mut kept: Vec<u8> = free
                .iter()
                .copied()
                .filter(|k| shown.contains(k) && !board.has_morlock(*k))
                .collect();
            kept.truncate(size(s).saturating_sub(1));
            free.retain(|k| !kept.contains(k));
            hands[s] = kept;
        }
        let mut ok = true;
        for &s in &hidden {
            let shown = revealed(s).unwrap_or(&[]);
            let need = size(s).saturating_sub(hands[s].len());
            let mut picks: Vec<u8> = free
                .iter()
                .copied()
                .filter(|k| !shown.contains(k))
                .take(need)
                .collect();
            if picks.len() < need {
                picks = free.iter().copied().take(need).collect();
            }
            if picks.len() < need {
                return None;
            }
            free.retain(|k| !picks.contains(k));
            hands[s].extend(picks);
            hands[s].sort_unstable();
            let public = !hands[s].is_empty() && hands[s].iter().all(|k| shown.contains(k));
            let bluff = Some(s) == claimant
                && hands[s].iter().any(|k| board.can_take_morlock(*k))
                && attempt + 1 < DEALS
                && rng.random::<f64>() >= BLUFF;
            if public || bluff {
                ok = false;
                break;
            }
        }
        if ok {
            return Some(Dealt { hands, rest: free });
        }
    }
    None
}

/// The heuristic value of `game` for `me`, in Heller: the money so far, what the banners it
/// commands will pay (a Schilling for the Weibel if command holds, else the payout of a
/// takeover), chances on others' banners, the Hurenweibel, and what its pieces in supply are
/// still good for.
fn value(game: &Komarn, me: Seat) -> f64 {
    let Some(player) = game.players.get(me) else {
        return 0.0;
    };
    let money = f64::from(player.heller);
    if game.end.is_some() {
        return money;
    }
    let n = game.players.len();
    let rounds = if game.last_round {
        0
    } else {
        game.players
            .iter()
            .filter(|p| p.left.is_none())
            .map(|p| p.soldiers)
            .min()
            .unwrap_or(0)
    };
    // How much can still change: 1 with a long game ahead, 0 in the last round.
    let open = (f64::from(rounds) / HORIZON).min(1.0);
    let board = &game.board;
    let groups = Groups::of(board, n);
    let mut commanders: Vec<Option<Seat>> = vec![None; groups.list.len()];
    for m in &game.marks {
        if let Some(id) = groups.group_of(m.anchor) {
            commanders[id].get_or_insert(m.owner);
        }
    }
    let mut v = money;
    for (g, commander) in groups.list.iter().zip(commanders) {
        let mine = g.counts.get(me).copied().unwrap_or(0);
        if !g.is_banner() {
            if mine == 1 {
                v += LONE * open;
            }
            continue;
        }
        let worth = f64::from(g.value(board, false));
        let best_other = g
            .counts
            .iter()
            .enumerate()
            .filter(|(s, _)| *s != me)
            .map(|(_, c)| *c)
            .max()
            .unwrap_or(0);
        match commander {
            Some(c) if c == me => {
                let lead = usize::from(mine.saturating_sub(best_other)).min(LOSS.len() - 1);
                let loss = (LOSS[lead] * open).min(0.95);
                // Kept: the banner and a Schilling at the end; lost: its value and 1 paid out.
                v += worth + 1.0 + (SCHILLING - 1.0) * (1.0 - loss);
            }
            Some(c) => {
                let short = usize::from(g.counts[c].saturating_sub(mine)).min(TAKEOVER.len() - 1);
                if mine >= 1 && player.weibel > 0 {
                    v += TAKEOVER[short] * open * (worth + SCHILLING);
                }
            }
            None => {
                let top = g.counts.iter().copied().max().unwrap_or(0);
                let tied = g.counts.iter().filter(|c| **c == top).count();
                if mine == top && top >= 2 {
                    v += SHARE * open * (worth + SCHILLING) / tied as f64;
                }
            }
        }
    }
    if game.hurenweibel == Some(me) {
        v += SCHILLING + SEDUCE * open;
    }
    v += SUPPLY * f64::from(player.soldiers.min(rounds.saturating_add(1)));
    v += WEIBEL * f64::from(player.weibel.min(2)) * open;
    v += CAMP * f64::from(player.camps) * open;
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{Forfeit, Game};

    /// The numbers `seat` knows the place of: its hand, the discard pile, the public hands.
    fn known(view: &KomarnView) -> Vec<u8> {
        let mut out: Vec<u8> = view
            .players
            .iter()
            .filter_map(|p| p.hand.clone())
            .flatten()
            .chain(view.discard.iter().copied())
            .collect();
        out.sort_unstable();
        out
    }

    /// A random move, mostly without a camp (else nearly every play builds one).
    fn random_move(game: &Komarn, seat: Seat, rng: &mut ChaCha8Rng) -> Option<super::super::Move> {
        let legal = game.legal_moves(seat);
        let plain: Vec<_> = legal
            .iter()
            .filter(|m| !matches!(m, super::super::Move::Play { camp: Some(_), .. }))
            .collect();
        if legal.is_empty() {
            return None;
        }
        Some(if rng.random_bool(0.1) || plain.is_empty() {
            legal[rng.random_range(0..legal.len())]
        } else {
            *plain[rng.random_range(0..plain.len())]
        })
    }

    /// The seats that may send a move now.
    fn acting(game: &Komarn) -> Vec<Seat> {
        game.to_act()
            .seats()
            .into_iter()
            .filter(|s| game.may_act(*s))
            .collect()
    }

    /// Plays on at random until the game ends; false if it does not within a bound.
    fn play_out(game: &mut Komarn, rng: &mut ChaCha8Rng) -> bool {
        for _ in 0..5000 {
            if game.outcome().is_some() {
                return true;
            }
            let seats = acting(game);
            if seats.is_empty() {
                if game.window().is_none() {
                    return false;
                }
                game.close_window();
                continue;
            }
            let seat = seats[rng.random_range(0..seats.len())];
            let Some(mv) = random_move(game, seat, rng) else {
                return false;
            };
            game.apply(seat, &mv).expect("a legal move");
        }
        false
    }

    /// Every draw for `seat` shows the seat what the real game shows it, offers it the same
    /// moves, keeps every known number in its place and plays on to the end. Returns the other
    /// seats' hidden hands of each draw.
    fn check_draws(
        game: &Komarn,
        seat: Seat,
        draws: usize,
        play: bool,
        rng: &mut ChaCha8Rng,
    ) -> Vec<Vec<Vec<u8>>> {
        let seen = Seen::of(game, seat);
        let known = known(seen.view());
        let mut hidden = Vec::new();
        for _ in 0..draws {
            let mut d = Komarn::determinize(&seen, rng).expect("a draw");
            assert_eq!(d.view(Some(seat)), *seen.view(), "view of seat {seat}");
            assert_eq!(d.legal_moves(seat), seen.legal(), "moves of seat {seat}");
            let mut others = Vec::new();
            for s in 0..game.players.len() {
                if seen.view().players[s].hand.is_some() {
                    assert_eq!(d.hand(s), game.hand(s));
                    continue;
                }
                assert_eq!(d.hand(s).len(), game.hand(s).len());
                assert!(d.hand(s).iter().all(|k| !known.contains(k)), "{known:?}");
                others.push(d.hand(s).to_vec());
            }
            for tile in d.bag.draw_order() {
                if let Tile::Number(k) = tile {
                    assert!(!known.contains(&k), "{k} in the bag, known elsewhere");
                }
            }
            assert_eq!(d.bag.morlocks(), game.bag.morlocks());
            assert_eq!(d.bag.len(), game.bag.len());
            assert_eq!(d.morlock_count(), game.morlock_count());
            hidden.push(others);
            if play {
                assert!(play_out(&mut d, rng), "the draw plays on to the end");
            }
        }
        hidden
    }

    /// Random games of 3 and 4 players with claims, challenges, closed windows and a forfeit:
    /// at every decision point every seat's draws match its view and moves.
    #[test]
    fn draws_match_the_view_and_the_moves_and_play_to_the_end() {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let mut varied = 0;
        let mut compared = 0;
        let mut phases = [0usize; 4];
        for seed in 0..6u64 {
            let players = 3 + (seed % 2) as usize;
            let mut game = Komarn::new(players, &KomarnOptions::default(), seed).expect("setup");
            let mut step = 0usize;
            while game.outcome().is_none() {
                step += 1;
                match game.phase {
                    Phase::Play => phases[0] += 1,
                    Phase::Morlock { .. } => phases[1] += 1,
                    Phase::Claim { .. } => phases[2] += 1,
                    _ => phases[3] += 1,
                }
                let special = !matches!(game.phase, Phase::Play);
                for seat in 0..players {
                    let play = special || step % 15 == seat;
                    let hidden = check_draws(&game, seat, 2, play, &mut rng);
                    if hidden[0].iter().any(|h| !h.is_empty()) {
                        compared += 1;
                        varied += usize::from(hidden[0] != hidden[1]);
                    }
                }
                if seed == 3 && step == 40 {
                    let leaver = game.current().expect("running");
                    game.forfeit(leaver, Forfeit::Resigned);
                    continue;
                }
                let seats = acting(&game);
                if game.window().is_some() && (seats.is_empty() || rng.random_bool(0.15)) {
                    game.close_window();
                    continue;
                }
                let seat = seats[rng.random_range(0..seats.len())];
                let mv = random_move(&game, seat, &mut rng).expect("a move");
                game.apply(seat, &mv).expect("a legal move");
            }
            for seat in 0..players {
                check_draws(&game, seat, 1, false, &mut rng);
            }
        }
        eprintln!("{phases:?} {varied} {compared}");
        assert!(phases.iter().all(|p| *p > 0), "{phases:?}");
        assert!(varied * 10 > compared * 9, "{varied} of {compared}");
    }

    fn mv(text: &str) -> super::super::Move {
        text.parse().expect("a move")
    }

    /// Camps on the left bank of areas 11..=54: only areas 1..=10 can take a Morlock.
    fn blocked_river(seats: usize) -> super::super::Setup {
        let camps: Vec<String> = (11..=AREAS).map(|a| format!("{a}L")).collect();
        let camps: Vec<&str> = camps.iter().map(String::as_str).collect();
        super::super::Setup::new(seats)
            .camps_on(&camps)
            .hand(0, &[11, 12, 13, 14, 15])
            .hand(1, &[16, 17, 18, 19, 20])
            .hand(2, &[21, 22, 23, 24, 25])
            .draws(&[Tile::Morlock, Tile::Number(26), Tile::Number(27)])
    }

    /// A claim is drawn as true more often than a uniform deal would make it, and as a bluff
    /// sometimes: the drawn claimant's hand follows the weight of a bluff.
    #[test]
    fn an_open_claim_is_drawn_as_a_bluff_by_its_weight() {
        let mut game = Komarn::with_setup(blocked_river(3)).expect("setup");
        game.apply(0, &mv("play 11R")).expect("a recruit");
        assert_eq!(game.legal_moves(0), [mv("morlock none")]);
        game.apply(0, &mv("morlock none")).expect("a claim");
        let seen = Seen::of(&game, 1);
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let draws = 400;
        let mut true_claims = 0;
        for _ in 0..draws {
            let d = Komarn::determinize(&seen, &mut rng).expect("a draw");
            assert_eq!(d.view(Some(1)), *seen.view());
            assert_eq!(d.legal_moves(1), seen.legal());
            let fitting = d.hand(0).iter().filter(|k| d.board.can_take_morlock(**k));
            true_claims += usize::from(fitting.count() == 0);
        }
        // A uniform deal of 4 of the 48 unseen numbers (10 of them fit) is true 38% of the
        // time; weighed, 0.38 / (0.38 + 0.3 * 0.62) = 67%.
        let share = true_claims as f64 / draws as f64;
        assert!((0.55..0.8).contains(&share), "{share}");
    }

    /// After a challenge, the numbers shown stay in their hands in every draw; only the numbers
    /// drawn since are dealt anew.
    #[test]
    fn numbers_shown_in_a_challenge_stay_in_their_hands() {
        let mut game = Komarn::with_setup(blocked_river(3)).expect("setup");
        game.apply(0, &mv("play 11R")).expect("a recruit");
        game.apply(0, &mv("morlock none")).expect("a claim");
        game.apply(1, &mv("challenge")).expect("a challenge");
        assert_eq!(game.legal_moves(0).len(), 5, "seat 0 strikes one of five");
        game.apply(0, &mv("strike 16")).expect("a strike");
        assert_eq!(game.hand(1), [17, 18, 19, 20, 26]);
        assert_eq!(game.hand(0), [12, 13, 14, 15, 27]);
        let seen = Seen::of(&game, 2);
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        let mut new_numbers = std::collections::BTreeSet::<u8>::new();
        for _ in 0..50 {
            let d = Komarn::determinize(&seen, &mut rng).expect("a draw");
            assert_eq!(d.view(Some(2)), *seen.view());
            assert!([17, 18, 19, 20].iter().all(|k| d.hand(1).contains(k)));
            assert!([12, 13, 14, 15].iter().all(|k| d.hand(0).contains(k)));
            assert!(!d.hand(1).contains(&16), "16 lies on the discard pile");
            new_numbers.extend(d.hand(1).iter().filter(|k| !(17..=20).contains(*k)));
        }
        assert!(new_numbers.len() > 5, "{new_numbers:?}");
    }

    /// Command is worth more to its holder than to the others, and a finished game is worth
    /// its money.
    #[test]
    fn the_value_follows_command_and_money() {
        let setup = |own: &[&str], other: &[&str], commander: Seat| {
            let setup = super::super::Setup::new(3)
                .soldiers(0, own)
                .soldiers(1, other)
                .hand(0, &[40, 41, 42, 43, 44])
                .weibel(commander, "5L");
            Komarn::with_setup(setup).expect("setup")
        };
        let mine = setup(&["5L", "6L"], &["7L"], 0);
        let theirs = setup(&["5L"], &["6L", "7L"], 1);
        assert!(mine.evaluate(0) > theirs.evaluate(0) + 5.0);
        assert!(theirs.evaluate(1) > mine.evaluate(1) + 5.0);
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let mut game = Komarn::new(3, &KomarnOptions::default(), 9).expect("setup");
        assert!(play_out(&mut game, &mut rng));
        for seat in 0..3 {
            assert_eq!(game.evaluate(seat), f64::from(game.heller(seat)));
        }
    }

    /// Play-outs play legal moves in every phase of whole games, never build a camp, and
    /// challenge a claim now and then ([`CHALLENGE`]); where they leave the choice to the
    /// search (a Morlock, a strike), it draws among the legal moves.
    #[test]
    fn play_outs_play_legal_moves_without_camps() {
        let mut rng = ChaCha8Rng::seed_from_u64(12);
        let (mut asked, mut challenged) = (0usize, 0usize);
        let mut plays = 0usize;
        for seed in 0..4u64 {
            let players = 3 + (seed % 2) as usize;
            let mut game = Komarn::new(players, &KomarnOptions::default(), seed).expect("setup");
            for _ in 0..5000 {
                if game.outcome().is_some() {
                    break;
                }
                let seats = acting(&game);
                if seats.is_empty() {
                    assert!(game.window().is_some(), "a wait with a window");
                    game.close_window();
                    continue;
                }
                for &seat in &seats {
                    let legal = game.legal_moves(seat);
                    let tries = if matches!(game.phase, Phase::Claim { .. }) {
                        40
                    } else {
                        1
                    };
                    for _ in 0..tries {
                        match game.playout(seat, &mut rng) {
                            Some(m) => {
                                assert!(legal.contains(&m), "{m} is legal");
                                match m {
                                    Move::Play { camp, .. } => {
                                        assert_eq!(camp, None);
                                        plays += 1;
                                    }
                                    Move::Challenge => challenged += 1,
                                    _ => {}
                                }
                                asked += usize::from(matches!(game.phase, Phase::Claim { .. }));
                            }
                            None => assert!(
                                !matches!(game.phase, Phase::Play | Phase::Claim { .. }),
                                "only the search's own choices are left to it"
                            ),
                        }
                    }
                }
                let seat = seats[rng.random_range(0..seats.len())];
                let m = game.playout(seat, &mut rng).unwrap_or_else(|| {
                    let legal = game.legal_moves(seat);
                    legal[rng.random_range(0..legal.len())]
                });
                game.apply(seat, &m).expect("a legal move");
            }
            assert!(game.outcome().is_some(), "game {seed} ends");
        }
        assert!(plays > 100, "{plays}");
        assert!(asked >= 40, "claims were answered: {asked}");
        let share = challenged as f64 / asked as f64;
        assert!((0.1..0.3).contains(&share), "{challenged} of {asked}");
    }
}
