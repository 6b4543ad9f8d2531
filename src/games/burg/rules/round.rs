//! The round (§4): the start player's Taler, the secret choice and its reveal, the order in
//! which the cards resolve, income and tribute, winter cards, the end of the round and of the
//! game.

use super::*;

impl Burg {
    /// Phase A: the start player takes the round Taler; then everybody chooses.
    pub(super) fn begin_round(&mut self, events: &mut Vec<BurgEvent>) {
        self.players[self.start].taler += 1;
        self.phase = Phase::Choosing;
        let winter = self.options.winter && winter_rounds(self.rounds).contains(&self.round);
        self.note(Entry::Round {
            round: self.round,
            rounds: self.rounds,
            start: self.start,
        });
        events.push(BurgEvent::RoundStarted {
            round: self.round,
            rounds: self.rounds,
            start: color(self.start),
            cards: self.cards_per_round(),
            winter,
        });
    }

    pub(super) fn all_chosen(&self) -> bool {
        self.active_seats()
            .iter()
            .all(|s| !self.players[*s].chosen.is_empty())
    }

    pub(super) fn choose(
        &mut self,
        seat: Seat,
        cards: &[Card],
        events: &mut Vec<BurgEvent>,
    ) -> Result<(), BurgError> {
        let need = self.cards_to_choose(seat);
        if cards.len() != need {
            return Err(BurgError::CardCount { need });
        }
        if cards.len() == 2 && cards[0] == cards[1] {
            return Err(BurgError::SameCard(cards[0]));
        }
        let p = &self.players[seat];
        for card in cards {
            if p.face_up.contains(card) {
                return Err(BurgError::CardPlayed(*card));
            }
            if *card == Card::Baumeister && p.face_up.is_empty() {
                return Err(BurgError::BaumeisterTooEarly);
            }
        }
        let mut cards = cards.to_vec();
        cards.sort();
        let changed = !self.players[seat].chosen.is_empty();
        self.players[seat].chosen = cards.clone();
        events.push(BurgEvent::Chose { seat, cards });
        let active = self.active_seats();
        events.push(BurgEvent::HasChosen {
            changed,
            color: color(seat),
            chosen: active
                .iter()
                .filter(|s| !self.players[**s].chosen.is_empty())
                .count(),
            of: active.len(),
        });
        if self.all_chosen() {
            self.reveal(events);
        }
        Ok(())
    }

    /// Phases C and D: the winter card, the reveal, the fill and resolution lists.
    pub(super) fn reveal(&mut self, events: &mut Vec<BurgEvent>) {
        if self.options.winter
            && winter_rounds(self.rounds).contains(&self.round)
            && !self.winter_deck.is_empty()
        {
            let card = self.winter_deck.remove(0);
            self.winter_revealed.push(card);
            self.winter_current = Some(card);
            let details = self.winter_now(card);
            self.note(Entry::Winter { card });
            events.push(BurgEvent::Winter { card, details });
        }
        let order = self.player_order();
        let mut shown = Vec::new();
        for &seat in &order {
            let p = &mut self.players[seat];
            if p.chosen.is_empty() {
                continue;
            }
            p.face_up.extend(p.chosen.iter().copied());
            p.face_up.sort();
            p.arbeiter = p
                .chosen
                .iter()
                .filter(|c| c.is_arbeiter())
                .map(|c| (*c, Resources::NONE))
                .collect();
            shown.push((seat, p.chosen.clone()));
        }
        self.note(Entry::Revealed {
            cards: shown.clone(),
        });
        let shown = shown
            .into_iter()
            .map(|(seat, cards)| (color(seat), cards))
            .collect();
        events.push(BurgEvent::Revealed { cards: shown });
        let mut fills = Vec::new();
        let mut slots = Vec::new();
        for &seat in &order {
            for card in &self.players[seat].chosen {
                if card.is_arbeiter() {
                    fills.push((seat, *card));
                }
            }
        }
        for step in 1..=6 {
            for &seat in &order {
                for card in &self.players[seat].chosen {
                    if card.step() == step {
                        slots.push((seat, *card));
                    }
                }
            }
        }
        self.fills = fills;
        self.slots = slots;
        self.action = None;
        self.phase = Phase::Filling { next: 0 };
        self.advance(events);
    }

    /// The immediate effect of a winter card, in player order; returns what happened.
    pub(super) fn winter_now(&mut self, card: WinterCard) -> Vec<WinterLine> {
        let mut out = Vec::new();
        let order = self.player_order();
        match card {
            WinterCard::Bodenfrost | WinterCard::Schneesturm => {}
            WinterCard::Brennholz => {
                for seat in order {
                    let p = &mut self.players[seat];
                    if p.resources.take(Resource::Wood, 1) == 1 {
                        self.wehrturm.add(Resource::Wood, 1);
                        out.push(WinterLine::GaveWood(color(seat)));
                    } else {
                        let paid = p.taler.min(2);
                        p.taler -= paid;
                        out.push(WinterLine::PaidForWood(color(seat), paid));
                    }
                }
            }
            WinterCard::Wintersteuer => {
                for seat in order {
                    let p = &mut self.players[seat];
                    let tax = p.taler / 5;
                    p.taler -= tax;
                    out.push(WinterLine::Tax(color(seat), tax));
                }
            }
            WinterCard::Winterquartier => {
                for seat in order {
                    let helpers = self.spaces.iter().filter(|s| **s == Some(seat)).count() as u32;
                    self.players[seat].vp += helpers;
                    out.push(WinterLine::Quarters(color(seat), helpers));
                }
            }
            WinterCard::Wintervorrat => {
                for kind in Resource::ALL {
                    if let Some(h) = self.fields[kind.index()] {
                        if self.supply.take(kind, 1) == 1 {
                            self.players[h.seat].resources.add(kind, 1);
                            out.push(WinterLine::Store(color(h.seat), kind));
                        } else {
                            out.push(WinterLine::StoreEmpty(color(h.seat), kind));
                        }
                    }
                }
                if out.is_empty() {
                    out.push(WinterLine::NoField);
                }
            }
        }
        out
    }

    /// Fills Arbeiter I or II with its list (the first two pieces under Schneesturm).
    pub(super) fn fill_fixed(&mut self, seat: Seat, card: Card, events: &mut Vec<BurgEvent>) {
        let take = if self.storm() { 2 } else { 3 };
        let mut pieces = Resources::NONE;
        let mut missing = Resources::NONE;
        for kind in card.arbeiter_list().iter().take(take) {
            if self.supply.take(*kind, 1) == 1 {
                pieces.add(*kind, 1);
            } else {
                missing.add(*kind, 1);
            }
        }
        self.set_card(seat, card, pieces);
        events.push(BurgEvent::Filled {
            color: color(seat),
            card,
            pieces,
            missing,
        });
    }

    pub(super) fn set_card(&mut self, seat: Seat, card: Card, pieces: Resources) {
        if let Some(entry) = self.players[seat]
            .arbeiter
            .iter_mut()
            .find(|(c, _)| *c == card)
        {
            entry.1 = pieces;
        }
    }

    pub(super) fn card_pieces(&self, seat: Seat, card: Card) -> Resources {
        self.players[seat]
            .arbeiter
            .iter()
            .find(|(c, _)| *c == card)
            .map_or(Resources::NONE, |(_, r)| *r)
    }

    /// Pieces an Arbeiter III receives by choice now: 2 (1 under Schneesturm), fewer when the
    /// supply has fewer sand, wood and clay.
    pub(super) fn fill_count(&self) -> u8 {
        let wanted: u8 = if self.storm() { 1 } else { 2 };
        let available: u32 = Resource::FILL_CHOICES
            .iter()
            .map(|k| u32::from(self.supply.get(*k)))
            .sum();
        wanted.min(available.min(2) as u8)
    }

    /// Every legal fill of `count` pieces (sorted multisets the supply can give).
    pub(super) fn fill_options(&self, count: u8) -> Vec<Vec<Resource>> {
        let kinds = Resource::FILL_CHOICES;
        let mut out = Vec::new();
        let fits = |pick: &[Resource]| {
            kinds.iter().all(|k| {
                pick.iter().filter(|p| *p == k).count() <= usize::from(self.supply.get(*k))
            })
        };
        match count {
            1 => {
                for a in kinds {
                    if fits(&[a]) {
                        out.push(vec![a]);
                    }
                }
            }
            2 => {
                for (i, a) in kinds.iter().enumerate() {
                    for b in &kinds[i..] {
                        if fits(&[*a, *b]) {
                            out.push(vec![*a, *b]);
                        }
                    }
                }
            }
            _ => {}
        }
        out
    }

    pub(super) fn fill_chosen(
        &mut self,
        seat: Seat,
        kinds: &[Resource],
        events: &mut Vec<BurgEvent>,
    ) {
        let mut pieces = self.card_pieces(seat, Card::Arbeiter3);
        for kind in kinds {
            if self.supply.take(*kind, 1) == 1 {
                pieces.add(*kind, 1);
            }
        }
        self.set_card(seat, Card::Arbeiter3, pieces);
        let missing = if pieces.stone == 0 {
            Resources::one(Resource::Stone)
        } else {
            Resources::NONE
        };
        events.push(BurgEvent::Filled {
            color: color(seat),
            card: Card::Arbeiter3,
            pieces,
            missing,
        });
    }

    /// Runs the automatic parts until a decision is pending, the round's choice begins, or the
    /// game is over.
    pub(super) fn advance(&mut self, events: &mut Vec<BurgEvent>) {
        loop {
            match self.phase {
                Phase::Choosing | Phase::Over => return,
                Phase::Filling { next } => {
                    if let Some(Action::Fill { seat, count }) = self.action {
                        if self.is_active(seat) {
                            return;
                        }
                        let pick = self.fill_options(count).into_iter().next();
                        self.fill_chosen(seat, &pick.unwrap_or_default(), events);
                        self.action = None;
                        self.phase = Phase::Filling { next: next + 1 };
                        continue;
                    }
                    let Some(&(seat, card)) = self.fills.get(next) else {
                        self.phase = Phase::Resolving { next: 0 };
                        continue;
                    };
                    if card == Card::Arbeiter3 {
                        let mut pieces = Resources::NONE;
                        if self.supply.take(Resource::Stone, 1) == 1 {
                            pieces.add(Resource::Stone, 1);
                        }
                        self.set_card(seat, card, pieces);
                        let count = self.fill_count();
                        if count > 0 {
                            self.action = Some(Action::Fill { seat, count });
                            continue;
                        }
                        self.fill_chosen(seat, &[], events);
                    } else {
                        self.fill_fixed(seat, card, events);
                    }
                    self.phase = Phase::Filling { next: next + 1 };
                }
                Phase::Resolving { next } => {
                    if let Some(action) = self.action.clone() {
                        let seat = action.seat();
                        if !self.is_active(seat) {
                            if matches!(action, Action::Haendler { .. }) {
                                events.push(BurgEvent::Passed {
                                    color: color(seat),
                                    why: Some(PassWhy::Left),
                                });
                            }
                            self.finish_action(events);
                            continue;
                        }
                        match action {
                            Action::Haendler { .. } => {
                                if self.haendler_targets(seat).is_empty() {
                                    let why = if self.players[seat].helpers == 0 {
                                        PassWhy::NoHelper
                                    } else {
                                        PassWhy::NoField
                                    };
                                    events.push(BurgEvent::Passed {
                                        color: color(seat),
                                        why: Some(why),
                                    });
                                    self.finish_action(events);
                                    continue;
                                }
                                return;
                            }
                            Action::Work(w) => {
                                if self.work_moves(&w) == [Move::Done] {
                                    self.finish_action(events);
                                    continue;
                                }
                                return;
                            }
                            Action::Fill { .. } => return,
                        }
                    }
                    let Some(&(seat, card)) = self.slots.get(next) else {
                        self.end_round(events);
                        continue;
                    };
                    self.start_slot(seat, card, events);
                }
            }
        }
    }

    pub(super) fn next_slot(&mut self) {
        if let Phase::Resolving { next } = self.phase {
            self.phase = Phase::Resolving { next: next + 1 };
        }
    }

    /// Starts resolving one card: the automatic ones complete at once, the others wait for
    /// their player.
    pub(super) fn start_slot(&mut self, seat: Seat, card: Card, events: &mut Vec<BurgEvent>) {
        match card {
            Card::Bote => {
                self.players[seat].taler += 8;
                events.push(BurgEvent::Bote {
                    color: color(seat),
                    taler: self.players[seat].taler,
                });
                self.next_slot();
            }
            Card::Haendler => self.action = Some(Action::Haendler { seat }),
            Card::Maurer
            | Card::Steinmetz
            | Card::Arbeiter1
            | Card::Arbeiter2
            | Card::Arbeiter3 => {
                if card.is_arbeiter() {
                    let pieces = self.card_pieces(seat, card);
                    self.set_card(seat, card, Resources::NONE);
                    let p = &mut self.players[seat];
                    p.resources = p.resources.plus(pieces);
                    events.push(BurgEvent::Collected {
                        color: color(seat),
                        card,
                        pieces,
                    });
                }
                self.action = Some(Action::Work(Work {
                    seat,
                    card,
                    took: card != Card::Maurer,
                    bought: Vec::new(),
                    builds: 0,
                    helpers: 0,
                }));
            }
            Card::Baumeister => {
                let round = self.round;
                let buildings = self
                    .built
                    .iter()
                    .flatten()
                    .filter(|b| b.round == round && b.by.is_some_and(|by| by != seat))
                    .count() as u32;
                let vp = 5 * buildings;
                let p = &mut self.players[seat];
                p.vp += vp;
                p.face_up.clear();
                events.push(BurgEvent::Baumeister {
                    color: color(seat),
                    buildings,
                    vp,
                });
                self.next_slot();
            }
        }
    }

    /// Ends the current action; after the round's last Händler, the fields pay income.
    pub(super) fn finish_action(&mut self, events: &mut Vec<BurgEvent>) {
        match self.action.take() {
            Some(Action::Haendler { .. }) => {
                let Phase::Resolving { next } = self.phase else {
                    return;
                };
                let more = self.slots[next + 1..]
                    .iter()
                    .any(|(_, c)| *c == Card::Haendler);
                if !more {
                    self.income(events);
                }
            }
            Some(Action::Work(w)) => events.push(BurgEvent::ActionDone {
                color: color(w.seat),
                card: w.card,
            }),
            Some(Action::Fill { .. }) | None => {}
        }
        self.next_slot();
    }

    /// Income (§5.2): every occupied field pays `min(yield, supply)` and 1 piece of tribute.
    pub(super) fn income(&mut self, events: &mut Vec<BurgEvent>) {
        let less = u8::from(self.frost());
        let mut lines = Vec::new();
        for kind in Resource::ALL {
            let Some(h) = self.fields[kind.index()] else {
                continue;
            };
            let got = self.supply.take(kind, kind.field_yield() - less);
            if got == 0 {
                continue;
            }
            let p = &mut self.players[h.seat];
            p.resources.add(kind, got);
            p.resources.take(kind, 1);
            self.wehrturm.add(kind, 1);
            lines.push((color(h.seat), kind, got, true));
        }
        events.push(BurgEvent::Income { lines });
    }

    /// Phase F: clear the round's marks, end the game or pass the start player on.
    pub(super) fn end_round(&mut self, events: &mut Vec<BurgEvent>) {
        for f in self.fields.iter_mut().flatten() {
            f.fresh = false;
        }
        self.winter_current = None;
        for p in &mut self.players {
            p.chosen.clear();
            p.arbeiter.clear();
            p.helper_buildings.clear();
        }
        self.fills.clear();
        self.slots.clear();
        self.action = None;
        if self.tiles_built() == TILE_COUNT || self.round >= self.rounds {
            self.finish(events);
            return;
        }
        self.start = self.player_order().get(1).copied().unwrap_or(self.start);
        self.round += 1;
        self.begin_round(events);
    }

    /// §9: final scoring, conversions, ranking.
    pub(super) fn finish(&mut self, events: &mut Vec<BurgEvent>) {
        let built: Vec<bool> = self.built.iter().map(Option::is_some).collect();
        let holdings: Vec<(u32, u32, Resources)> = self
            .players
            .iter()
            .map(|p| (p.vp, p.taler, p.resources))
            .collect();
        let mut scores = scoring::final_scores(&ScoreInput {
            schmiede: self.schmiede,
            built: &built,
            spaces: &self.spaces,
            players: &holdings,
        });
        for s in &scores {
            let p = &mut self.players[s.seat];
            p.vp = s.total;
            p.taler = s.taler_left;
            p.resources = p.resources.minus(s.converted).unwrap_or(Resources::NONE);
        }
        self.phase = Phase::Over;
        self.end = Some(EndReason::Normal);
        let ranks = self.ranks();
        for s in &mut scores {
            s.rank = ranks[s.seat];
        }
        for s in &scores {
            self.note(Entry::Final { score: s.clone() });
        }
        events.extend(scores.iter().cloned().map(BurgEvent::Scored));
        self.final_scores = Some(scores);
        events.push(self.game_over_event());
        if let Some(o) = self.outcome() {
            self.note(Entry::result(&o));
        }
    }

    /// Ranks: seats still playing first; then VP, Taler left, resources left (§9.3).
    pub(super) fn ranks(&self) -> Vec<u8> {
        let keys: Vec<(usize, u32, u32, u32)> = self
            .players
            .iter()
            .map(|p| {
                (
                    p.left.map_or(usize::MAX, |l| l.order),
                    p.vp,
                    p.taler,
                    p.resources.end_value(),
                )
            })
            .collect();
        scoring::rank(&keys)
    }

    pub(super) fn game_over_event(&self) -> BurgEvent {
        let ranks = self.ranks();
        let mut results: Vec<(Color, u32, u32, u32, u8)> = self
            .players
            .iter()
            .enumerate()
            .map(|(s, p)| (color(s), p.vp, p.taler, p.resources.end_value(), ranks[s]))
            .collect();
        results.sort_by_key(|r| (r.4, r.0));
        let mut tie_breaks = Vec::new();
        let mut done: Vec<u32> = Vec::new();
        for r in &results {
            if done.contains(&r.1) {
                continue;
            }
            let group: Vec<&(Color, u32, u32, u32, u8)> =
                results.iter().filter(|o| o.1 == r.1).collect();
            if group.len() < 2 {
                continue;
            }
            done.push(r.1);
            let same_taler = group
                .iter()
                .enumerate()
                .any(|(i, a)| group[i + 1..].iter().any(|b| b.2 == a.2));
            tie_breaks.push(TieBreak {
                colors: group.iter().map(|g| g.0).collect(),
                vp: r.1,
                taler: group.iter().map(|g| (g.0, g.2)).collect(),
                resources: same_taler.then(|| group.iter().map(|g| (g.0, g.3)).collect()),
            });
        }
        BurgEvent::GameOver {
            results,
            tie_breaks,
        }
    }
}
