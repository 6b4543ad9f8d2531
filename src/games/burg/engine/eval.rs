//! The heuristic value of a game for a seat, in VP (see the parent module): VP so far, what
//! the castle helpers should score at the end, the holdings at their worth while rounds remain
//! to use them (or their Markt and Palas conversion), the helpers and fields, what this round's
//! unresolved cards should bring, and the cards in hand.

use super::super::data::winter_rounds;
use super::super::data::{BUILDINGS, BuildingKind, Card, SPACES, SpaceRule, Tile, WinterCard};
use super::super::payment::default_payment;
use super::super::resources::{Resource, Resources};
use super::super::scoring::{self, ScoreInput};
use super::super::state::{Action, Burg, Phase, Player};
use crate::games::Seat;

/// VP a Taler is worth while rounds remain to spend it (fees, purchases).
const TALER: f64 = 0.45;
/// VP a point of building value in hand is worth while rounds remain to build with it.
const VALUE: f64 = 0.4;
/// The building value counted for a silver piece (a joker, but it is gone once spent).
const SILVER: f64 = 4.0;
/// VP a helper (in the supply or on a field) is worth while it can still be placed; helpers
/// beyond [`HELPERS_USEFUL`] count [`HELPER_SPARE`].
const HELPER: f64 = 1.5;
/// Helpers a player can usefully place.
const HELPERS_USEFUL: f64 = 4.0;
/// VP of a helper beyond the useful ones.
const HELPER_SPARE: f64 = 0.3;
/// Chance that a round has income (some Händler is played).
const INCOME_CHANCE: f64 = 0.6;
/// Share of a card's typical worth that holding it in hand counts.
const HAND: f64 = 0.5;
/// How much less each further card in hand counts.
const HAND_DECAY: f64 = 0.75;
/// Tiles the castle typically has when the game ends.
const FINAL_TILES: f64 = 17.8;
/// Silver that typically goes into the Schmiede per round.
const SILVER_PER_ROUND: f64 = 0.6;
/// Castle helpers that are typically placed per round and player.
const HELPERS_PER_ROUND: f64 = 0.12;

/// The value of `game` (not over) for `seat`.
pub(super) fn value(game: &Burg, seat: Seat) -> f64 {
    let Some(p) = game.players.get(seat) else {
        return 0.0;
    };
    let ctx = Ctx::new(game, seat, p);
    let mut value = f64::from(p.vp);
    // Castle helpers: what their spaces should score at the end.
    for (space, occupant) in SPACES.iter().zip(&game.spaces) {
        if *occupant == Some(seat) {
            value += ctx.end.space_vp(space.rule);
        }
    }
    value += f64::from(p.taler) * ctx.taler;
    value += ctx.pieces_worth(&p.resources, ctx.palas);
    // Helpers: placeable while rounds remain; those on fields also bring income.
    for (kind, field) in Resource::ALL.iter().zip(&game.fields) {
        if field.is_some_and(|f| f.seat == seat) {
            value += ctx.field_worth(*kind);
        }
    }
    let n = ctx.helpers;
    value += ctx.placeable
        * (HELPER * n.min(HELPERS_USEFUL) + HELPER_SPARE * (n - HELPERS_USEFUL).max(0.0));
    value + ctx.pending() + ctx.hand()
}

/// Building value of pieces, silver counted as [`SILVER`].
fn build_value(r: &Resources) -> f64 {
    f64::from(r.sand)
        + 2.0 * f64::from(r.wood)
        + 4.0 * f64::from(r.clay)
        + 5.0 * f64::from(r.stone)
        + SILVER * f64::from(r.silver)
}

/// Building value of one piece of `kind`.
fn piece_value(kind: Resource) -> f64 {
    kind.value().map_or(SILVER, f64::from)
}

/// A card's typical worth in VP when played.
fn typical(card: Card) -> f64 {
    match card {
        Card::Bote => 3.6,
        Card::Haendler => 2.5,
        Card::Maurer => 3.0,
        Card::Steinmetz => 7.0,
        Card::Arbeiter1 | Card::Arbeiter2 => 4.5,
        Card::Arbeiter3 => 5.0,
        Card::Baumeister => 4.0,
    }
}

/// The pieces an Arbeiter card typically receives (Arbeiter III: stone and two clay).
fn expected_fill(card: Card, storm: bool) -> Resources {
    let take = if storm { 2 } else { 3 };
    let mut r = Resources::NONE;
    let list: &[Resource] = match card {
        Card::Arbeiter3 => &[Resource::Stone, Resource::Clay, Resource::Clay],
        c => c.arbeiter_list(),
    };
    for k in list.iter().take(take) {
        r.add(*k, 1);
    }
    r
}

/// The end of the game as the evaluation expects it, for the scoring of helper spaces.
struct EndGuess {
    forge: f64,
    towers: f64,
    houses: f64,
    unbuilt: f64,
    helpers: f64,
    free: f64,
}

impl EndGuess {
    /// The castle at the end of `game`, extrapolated from now with `time` rounds left.
    fn new(game: &Burg, time: f64) -> EndGuess {
        let built: Vec<bool> = game.built.iter().map(Option::is_some).collect();
        let input = ScoreInput {
            schmiede: game.schmiede,
            built: &built,
            spaces: &game.spaces,
            players: &[],
        };
        let unbuilt = f64::from(input.unbuilt());
        let rounds = f64::from(game.rounds.max(1));
        let more = (FINAL_TILES / rounds * time).min(unbuilt);
        let share = if unbuilt > 0.0 { more / unbuilt } else { 0.0 };
        let count = |kind: BuildingKind| {
            let (all, have) = BUILDINGS
                .iter()
                .zip(&built)
                .filter(|(b, _)| b.kind == kind)
                .fold((0.0, 0.0), |(a, h), (_, x)| {
                    (a + 1.0, h + f64::from(u8::from(*x)))
                });
            have + share * (all - have)
        };
        let new_spaces = share * SPACES.iter().filter(|s| !built[s.building]).count() as f64;
        let placed = HELPERS_PER_ROUND * game.players.len() as f64 * time;
        let helpers = f64::from(input.helpers()) + placed;
        EndGuess {
            forge: f64::from(game.schmiede) + SILVER_PER_ROUND * time,
            towers: count(BuildingKind::Tower),
            houses: count(BuildingKind::House),
            unbuilt: unbuilt - more,
            helpers: helpers.min(SPACES.len() as f64),
            free: (f64::from(input.free_spaces()) + new_spaces - placed).max(0.0),
        }
    }

    fn space_vp(&self, rule: SpaceRule) -> f64 {
        match rule {
            SpaceRule::Markt | SpaceRule::Palas => 0.0,
            SpaceRule::Forge => self.forge,
            SpaceRule::HalfForge => (self.forge / 2.0).floor(),
            SpaceRule::TwoPerTower => 2.0 * self.towers,
            SpaceRule::OnePerTower => self.towers,
            SpaceRule::FreeSpaces => 3.0 * self.free,
            SpaceRule::Unbuilt => self.unbuilt,
            SpaceRule::Helpers => self.helpers,
            SpaceRule::HalfHelpers => (self.helpers / 2.0).floor(),
            SpaceRule::ThreePerHouse => 3.0 * self.houses,
            SpaceRule::TwoPerHouse => 2.0 * self.houses,
        }
    }
}

/// What the evaluation of one seat works with.
struct Ctx<'a> {
    game: &'a Burg,
    seat: Seat,
    p: &'a Player,
    /// Rounds left, the unresolved part of this round as a fraction.
    time: f64,
    /// Share of their worth that pieces keep (less near the end).
    h: f64,
    /// Share of their worth that helpers keep.
    placeable: f64,
    end: EndGuess,
    /// VP per Taler.
    taler: f64,
    /// The seat's helpers on the Markt and on the Palas.
    markt: u32,
    palas: u32,
    /// Helpers in the supply and on fields.
    helpers: f64,
}

impl<'a> Ctx<'a> {
    fn new(game: &'a Burg, seat: Seat, p: &'a Player) -> Ctx<'a> {
        let done = match game.phase {
            Phase::Choosing => 0.0,
            Phase::Filling { .. } => 0.1,
            Phase::Resolving { next } => (next as f64 + 1.0) / (game.slots.len() as f64 + 1.0),
            Phase::Over => 1.0,
        };
        let time = (f64::from(game.rounds) - f64::from(game.round) + 1.0 - done).max(0.0);
        let h = (time / 3.0).min(1.0);
        let mine = |rule: SpaceRule| {
            SPACES
                .iter()
                .zip(&game.spaces)
                .filter(|(s, o)| s.rule == rule && **o == Some(seat))
                .count() as u32
        };
        let markt = mine(SpaceRule::Markt);
        let on_fields = game
            .fields
            .iter()
            .flatten()
            .filter(|f| f.seat == seat)
            .count();
        Ctx {
            game,
            seat,
            p,
            time,
            h,
            placeable: (time / 2.0).min(1.0),
            end: EndGuess::new(game, time),
            taler: markt_rate(markt).max(TALER * h),
            markt,
            palas: mine(SpaceRule::Palas),
            helpers: f64::from(p.helpers) + on_fields as f64,
        }
    }

    /// Pieces: their Palas conversion with `palas` helpers there, the rest at building value.
    fn pieces_worth(&self, r: &Resources, palas: u32) -> f64 {
        let (palas_vp, converted) = scoring::palas(r, palas);
        let rest = r.minus(converted).unwrap_or(Resources::NONE);
        f64::from(palas_vp) + VALUE * self.h * build_value(&rest)
    }

    /// What a helper on the field of `kind` should still bring in.
    fn field_worth(&self, kind: Resource) -> f64 {
        self.income(kind) * INCOME_CHANCE * self.time.min(4.0)
    }

    /// One income of the field of `kind`, after the tribute.
    fn income(&self, kind: Resource) -> f64 {
        let yield_ = kind.field_yield().saturating_sub(1);
        f64::from(yield_) * piece_value(kind) * VALUE * self.h
    }

    /// What a helper leaving the supply (or a field) costs.
    fn helper_cost(&self) -> f64 {
        let each = if self.helpers > HELPERS_USEFUL {
            HELPER_SPARE
        } else {
            HELPER
        };
        each * self.placeable
    }

    /// The worth of the seat's cards of this round that have not resolved yet.
    fn pending(&self) -> f64 {
        let g = self.game;
        match g.phase {
            Phase::Choosing => self.p.chosen.iter().map(|c| self.card(*c)).sum(),
            Phase::Filling { .. } => self.mine(0).map(|(_, c)| self.card(c)).sum(),
            Phase::Resolving { next } => self
                .mine(next)
                .map(|(i, card)| match &g.action {
                    Some(Action::Work(w)) if i == next && w.took => {
                        self.work(card, w.builds, w.helpers, self.p.resources, self.p.taler)
                    }
                    _ => self.card(card),
                })
                .sum(),
            Phase::Over => 0.0,
        }
    }

    /// The seat's slots from `from` on, with their index.
    fn mine(&self, from: usize) -> impl Iterator<Item = (usize, Card)> + '_ {
        self.game
            .slots
            .iter()
            .enumerate()
            .skip(from)
            .filter(|(_, (s, _))| *s == self.seat)
            .map(|(i, (_, c))| (i, *c))
    }

    /// What playing `card` this round should bring the seat.
    fn card(&self, card: Card) -> f64 {
        let g = self.game;
        let p = self.p;
        match card {
            Card::Bote => 8.0 * self.taler,
            Card::Haendler => {
                let new = if p.helpers == 0 {
                    0.0
                } else {
                    g.haendler_targets(self.seat)
                        .into_iter()
                        .map(|k| self.field_worth(k) - self.helper_cost())
                        .fold(0.0, f64::max)
                };
                let own: f64 = Resource::ALL
                    .iter()
                    .zip(&g.fields)
                    .filter(|(_, f)| f.is_some_and(|f| f.seat == self.seat))
                    .map(|(k, _)| self.income(*k))
                    .sum();
                new + if self.other_haendler() { 0.0 } else { own }
            }
            Card::Maurer => {
                let (kind, n) = Resource::ALL
                    .iter()
                    .map(|k| (*k, g.wehrturm.get(*k)))
                    .max_by(|a, b| {
                        (f64::from(a.1) * piece_value(a.0))
                            .total_cmp(&(f64::from(b.1) * piece_value(b.0)))
                    })
                    .unwrap_or((Resource::Sand, 0));
                let mut held = p.resources;
                held.add(kind, n);
                VALUE * self.h * f64::from(n) * piece_value(kind)
                    + self.work(card, 0, 0, held, p.taler)
            }
            Card::Steinmetz => self.purchases() + self.work(card, 0, 0, p.resources, p.taler),
            Card::Arbeiter1 | Card::Arbeiter2 | Card::Arbeiter3 => {
                let on_card = p.arbeiter.iter().find(|(c, _)| *c == card).map(|(_, r)| *r);
                let filled = match g.phase {
                    Phase::Choosing => false,
                    Phase::Filling { .. } => on_card.is_some_and(|r| !r.is_empty()),
                    _ => true,
                };
                let pieces = match on_card {
                    Some(r) if filled => r,
                    _ => expected_fill(card, storm_coming(g)),
                };
                VALUE * self.h * build_value(&pieces)
                    + self.work(card, 0, 0, p.resources.plus(pieces), p.taler)
            }
            Card::Baumeister => {
                let mut back: Vec<Card> = self.in_hand();
                back.extend(
                    p.face_up
                        .iter()
                        .chain(&p.chosen)
                        .filter(|c| **c != Card::Baumeister),
                );
                back.sort();
                back.dedup();
                5.0 * builds_by_others(g, self.seat, self.h) + self.hand_of(back) - self.hand()
            }
        }
    }

    /// Whether another seat's Händler will bring this round's income anyway.
    fn other_haendler(&self) -> bool {
        let g = self.game;
        match g.phase {
            Phase::Choosing => g
                .players
                .iter()
                .enumerate()
                .any(|(s, p)| s != self.seat && p.chosen.contains(&Card::Haendler)),
            _ => g
                .slots
                .iter()
                .any(|(s, c)| *s != self.seat && *c == Card::Haendler),
        }
    }

    /// What a Steinmetz should gain buying from the others' Arbeiter cards this round.
    fn purchases(&self) -> f64 {
        let g = self.game;
        let one = |r: &Resources| {
            let best = r.iter().map(|(k, _)| piece_value(k)).fold(0.0, f64::max);
            if r.count() >= 2 {
                (VALUE * self.h * best - self.taler).max(0.0)
            } else {
                0.0
            }
        };
        let mut gain = 0.0;
        for (s, p) in g.players.iter().enumerate() {
            if s == self.seat {
                continue;
            }
            if g.phase == Phase::Choosing {
                for c in p.chosen.iter().filter(|c| c.is_arbeiter()) {
                    gain += one(&expected_fill(*c, storm_coming(g)));
                }
            } else {
                gain += p.arbeiter.iter().map(|(_, r)| one(r)).sum::<f64>();
            }
        }
        gain
    }

    /// The gain of the rest of a work action of `card` that has built `built` buildings and
    /// placed `placed` helpers, from `held` pieces and `taler`: more buildings at the card's
    /// rate, and helpers in the castle after building (Maurer and Steinmetz).
    fn work(&self, card: Card, built: u8, placed: u8, held: Resources, taler: u32) -> f64 {
        let vp_rate = match card {
            Card::Steinmetz => 1.0,
            Card::Maurer => 0.0,
            _ => 0.5,
        };
        let per_piece = if card == Card::Maurer {
            self.taler
        } else {
            0.0
        };
        let builds = if placed == 0 {
            2u8.saturating_sub(built)
        } else {
            0
        };
        let list = best_builds(self.game, held, vp_rate, per_piece, builds, self.h);
        let positive: Vec<&(f64, u32)> = list.iter().filter(|(g, _)| *g > 0.0).collect();
        let plain: f64 = positive.iter().map(|(g, _)| g).sum();
        if !matches!(card, Card::Maurer | Card::Steinmetz) || placed >= 2 {
            return plain;
        }
        // Helpers need a building in this action: the best one, even at a loss.
        let (forced, pieces) = match (built, positive.is_empty(), list.first()) {
            (0, true, Some((g, n))) => (*g, *n),
            (0, true, None) => return plain,
            _ => (0.0, positive.iter().map(|(_, n)| n).sum()),
        };
        let earned = if card == Card::Maurer { pieces } else { 0 };
        let helpers = self.helper_gain(taler + earned, 2 - placed);
        plain.max(plain + forced + helpers)
    }

    /// The gain of placing up to `count` helpers in the castle with `taler`, best spaces
    /// first, one per building.
    fn helper_gain(&self, taler: u32, count: u8) -> f64 {
        if self.helpers < 1.0 {
            return 0.0;
        }
        let g = self.game;
        let mut gains: Vec<(f64, usize, u8)> = SPACES
            .iter()
            .enumerate()
            .filter(|(i, s)| {
                g.spaces[*i].is_none()
                    && g.built[s.building].is_some()
                    && !self.p.helper_buildings.contains(&s.building)
                    && u32::from(s.fee) <= taler
            })
            .map(|(_, s)| {
                let worth = match s.rule {
                    SpaceRule::Markt => {
                        let t = f64::from(taler - u32::from(s.fee));
                        t * (markt_rate(self.markt + 1) - self.taler).max(0.0)
                    }
                    SpaceRule::Palas => {
                        self.pieces_worth(&self.p.resources, self.palas + 1)
                            - self.pieces_worth(&self.p.resources, self.palas)
                    }
                    rule => self.end.space_vp(rule),
                };
                (
                    worth - f64::from(s.fee) * self.taler - self.helper_cost(),
                    s.building,
                    s.fee,
                )
            })
            .filter(|(gain, _, _)| *gain > 0.0)
            .collect();
        gains.sort_by(|a, b| b.0.total_cmp(&a.0));
        let mut total = 0.0;
        let mut left = taler;
        let mut used: Vec<usize> = Vec::new();
        for (gain, building, fee) in gains {
            if used.len() >= usize::from(count).min(self.helpers as usize) {
                break;
            }
            if used.contains(&building) || u32::from(fee) > left {
                continue;
            }
            used.push(building);
            left -= u32::from(fee);
            total += gain;
        }
        total
    }

    /// The cards in hand other than the Baumeister (not face up, not chosen this round).
    fn in_hand(&self) -> Vec<Card> {
        let p = self.p;
        Card::ALL
            .into_iter()
            .filter(|c| *c != Card::Baumeister && !p.face_up.contains(c) && !p.chosen.contains(c))
            .collect()
    }

    /// The worth of the cards in hand.
    fn hand(&self) -> f64 {
        self.hand_of(self.in_hand())
    }

    /// The worth of holding `cards`: the best of them, as many as the seat can still play
    /// after this round, each further one counting less.
    fn hand_of(&self, cards: Vec<Card>) -> f64 {
        let mut worth: Vec<f64> = cards.into_iter().map(typical).collect();
        worth.sort_by(|a, b| b.total_cmp(a));
        let plays = (self.time - 1.0).max(0.0) * self.game.cards_per_round() as f64;
        let mut total = 0.0;
        let mut weight = HAND;
        for (i, w) in worth.into_iter().enumerate() {
            let share = (plays - i as f64).clamp(0.0, 1.0);
            total += weight * share * w;
            weight *= HAND_DECAY;
        }
        total
    }
}

/// VP per Taler at the end with `helpers` on the Markt.
fn markt_rate(helpers: u32) -> f64 {
    match helpers {
        0 => 0.0,
        1 => 0.5,
        _ => 1.0,
    }
}

/// Whether this round's Arbeiter cards are (or will be) filled under the Schneesturm.
fn storm_coming(g: &Burg) -> bool {
    g.winter_current == Some(WinterCard::Schneesturm)
        || (g.phase == Phase::Choosing
            && g.options.winter
            && winter_rounds(g.rounds).contains(&g.round)
            && g.winter_deck.first() == Some(&WinterCard::Schneesturm))
}

/// Up to `builds` buildings from `held`, best gain first (a gain may be negative): printed
/// VP at `vp_rate` plus `per_piece` for each piece spent, less the pieces' worth. Returns the
/// gain and the pieces spent of each.
fn best_builds(
    g: &Burg,
    held: Resources,
    vp_rate: f64,
    per_piece: f64,
    builds: u8,
    h: f64,
) -> Vec<(f64, u32)> {
    let mut held = held;
    let mut taken: Vec<Tile> = Vec::new();
    let mut out = Vec::new();
    for _ in 0..builds {
        let mut best: Option<(f64, Tile, Resources)> = None;
        for tile in Tile::ALL {
            let free = tile.buildings().filter(|i| g.built[*i].is_none()).count();
            if free <= taken.iter().filter(|t| **t == tile).count() {
                continue;
            }
            let Some(pay) = default_payment(tile.value(), &held) else {
                continue;
            };
            let spent = pay.spent();
            let gain = vp_rate * f64::from(tile.vp()) + per_piece * f64::from(spent.count())
                - VALUE * h * build_value(&spent);
            if best.is_none_or(|(b, _, _)| gain > b) {
                best = Some((gain, tile, spent));
            }
        }
        let Some((gain, tile, spent)) = best else {
            break;
        };
        out.push((gain, spent.count()));
        taken.push(tile);
        held = held.minus(spent).unwrap_or(Resources::NONE);
    }
    out
}

/// Buildings that the players other than `seat` built this round, and those they should
/// still build with their unresolved cards.
fn builds_by_others(g: &Burg, seat: Seat, h: f64) -> f64 {
    let done = g
        .built
        .iter()
        .flatten()
        .filter(|b| b.round == g.round && b.by.is_some_and(|by| by != seat))
        .count() as f64;
    let expect = |s: Seat, card: Card, built: u8| -> f64 {
        let p = &g.players[s];
        let (rate, held) = match card {
            Card::Steinmetz => (1.0, p.resources),
            Card::Maurer => (0.0, p.resources),
            c if c.is_arbeiter() => (0.5, p.resources.plus(expected_fill(c, false))),
            _ => return 0.0,
        };
        let list = best_builds(g, held, rate, 0.0, 2u8.saturating_sub(built), h);
        if card == Card::Maurer {
            return if list.is_empty() { 0.0 } else { 0.5 };
        }
        list.iter().filter(|(gain, _)| *gain > 0.0).count() as f64
    };
    let coming: f64 = match g.phase {
        Phase::Choosing => (0..g.players.len())
            .filter(|s| *s != seat && g.is_active(*s))
            .map(|s| {
                let chosen = &g.players[s].chosen;
                if chosen.is_empty() {
                    let legal = g.legal_cards(s);
                    let all: f64 = legal.iter().map(|c| expect(s, *c, 0)).sum();
                    all / legal.len().max(1) as f64 * g.cards_per_round() as f64
                } else {
                    chosen.iter().map(|c| expect(s, *c, 0)).sum()
                }
            })
            .sum(),
        Phase::Filling { .. } | Phase::Resolving { .. } => {
            let next = match g.phase {
                Phase::Resolving { next } => next,
                _ => 0,
            };
            g.slots
                .iter()
                .enumerate()
                .skip(next)
                .filter(|(_, (s, _))| *s != seat)
                .map(|(i, (s, c))| match &g.action {
                    Some(Action::Work(w)) if i == next && w.took => {
                        if w.helpers == 0 {
                            expect(*s, *c, w.builds)
                        } else {
                            0.0
                        }
                    }
                    _ => expect(*s, *c, 0),
                })
                .sum()
        }
        Phase::Over => 0.0,
    };
    done + coming
}
