//! Drawing (§4.4): the Strudel, the Morlocks — placed, claimed impossible, challenged and
//! exposed — and the strikes after a challenge.

use super::*;

impl Komarn {
    /// Draws for the pending draw tasks until a Morlock needs a decision or all are done; then
    /// the turn ends.
    pub(super) fn continue_drawing(&mut self, events: &mut Vec<KomarnEvent>) {
        self.phase = Phase::Play;
        let mut drawn: Option<(Seat, Vec<u8>)> = None;
        loop {
            let Some(task) = self.draws.last().copied() else {
                self.flush_draws(&mut drawn, events);
                self.end_turn(events);
                return;
            };
            let player = &self.players[task.seat];
            if player.left.is_some() || player.hand.len() >= task.target {
                self.draws.pop();
                continue;
            }
            let Some(tile) = self.bag.draw() else {
                // Unreachable in play (the Strudel always returns): refill from the discard.
                if self.discard.is_empty() {
                    self.draws.pop();
                } else {
                    let pile: Vec<Tile> = self.discard.drain(..).map(Tile::Number).collect();
                    self.bag.put_back(pile, &mut self.rng);
                }
                continue;
            };
            match tile {
                Tile::Number(k) => {
                    if drawn.as_ref().is_some_and(|(s, _)| *s != task.seat) {
                        self.flush_draws(&mut drawn, events);
                    }
                    drawn.get_or_insert((task.seat, Vec::new())).1.push(k);
                    let hand = &mut self.players[task.seat].hand;
                    hand.push(k);
                    hand.sort_unstable();
                }
                Tile::Strudel => {
                    self.flush_draws(&mut drawn, events);
                    let returned = self.discard.len();
                    let pile: Vec<Tile> = self
                        .discard
                        .drain(..)
                        .map(Tile::Number)
                        .chain([Tile::Strudel])
                        .collect();
                    self.bag.put_back(pile, &mut self.rng);
                    events.push(KomarnEvent::Strudel {
                        color: self.color(task.seat),
                        returned,
                    });
                }
                Tile::Morlock => {
                    self.flush_draws(&mut drawn, events);
                    if (1..=AREAS).any(|k| self.board.can_take_morlock(k)) {
                        self.phase = Phase::Morlock { drawer: task.seat };
                        events.push(KomarnEvent::MorlockDrawn {
                            color: self.color(task.seat),
                        });
                        return;
                    }
                    self.morlocks_gone += 1;
                    events.push(KomarnEvent::MorlockGone {
                        color: self.color(task.seat),
                        why: MorlockGoneWhy::NoArea,
                    });
                }
            }
        }
    }

    pub(super) fn flush_draws(
        &self,
        drawn: &mut Option<(Seat, Vec<u8>)>,
        events: &mut Vec<KomarnEvent>,
    ) {
        if let Some((seat, numbers)) = drawn.take() {
            let count = numbers.len();
            events.push(KomarnEvent::Drew { seat, numbers });
            events.push(KomarnEvent::DrawCount {
                color: self.color(seat),
                count,
            });
        }
    }

    /// Why area `k` cannot take a Morlock, if it cannot.
    pub(super) fn no_room(&self, k: u8) -> Option<String> {
        if self.board.can_take_morlock(k) {
            return None;
        }
        let blocked = Side::ALL
            .iter()
            .map(|s| Field::new(k, *s))
            .find(|f| !self.board.is_free(*f))
            .map(|f| {
                t!(
                    "komarn-no-room-blocked",
                    what = self.describe(f),
                    field = f.to_string()
                )
            });
        Some(blocked.unwrap_or_else(|| t!("komarn-no-room-not-free")))
    }

    pub(super) fn place_morlock(
        &mut self,
        seat: Seat,
        k: u8,
        events: &mut Vec<KomarnEvent>,
    ) -> Result<(), KomarnError> {
        if !self.players[seat].hand.contains(&k) {
            return Err(KomarnError::NotInHand(k));
        }
        if let Some(why) = self.no_room(k) {
            return Err(KomarnError::NoRoomForMorlock { area: k, why });
        }
        self.board.set(Field::new(k, Side::F), Content::Morlock);
        self.players[seat].hand.retain(|h| *h != k);
        self.bag.put_back([Tile::Number(k)], &mut self.rng);
        if let Some(last) = self.last.as_mut() {
            last.fields.push((k, Side::F));
        }
        events.push(KomarnEvent::MorlockPlaced {
            color: self.color(seat),
            area: k,
        });
        Ok(())
    }

    /// The seats that may answer a claim by `drawer`, in seat order.
    pub(super) fn answerers(&self, drawer: Seat) -> Vec<Seat> {
        (0..self.players.len())
            .filter(|s| *s != drawer && self.is_active(*s))
            .collect()
    }

    /// The seats that have not answered the open claim yet.
    pub(super) fn waiting(&self) -> Vec<Seat> {
        match &self.phase {
            Phase::Claim { drawer, answered } => self
                .answerers(*drawer)
                .into_iter()
                .filter(|s| !answered.iter().any(|(a, _)| a == s))
                .collect(),
            _ => Vec::new(),
        }
    }

    pub(super) fn claim_stands(
        &mut self,
        drawer: Seat,
        timed_out: bool,
        events: &mut Vec<KomarnEvent>,
    ) {
        self.morlocks_gone += 1;
        events.push(KomarnEvent::ClaimStands {
            color: self.color(drawer),
            timed_out,
        });
        self.continue_drawing(events);
    }

    /// The fitting numbers of the drawer's hand: areas that can take the Morlock.
    pub(super) fn fitting(&self, seat: Seat) -> Vec<u8> {
        self.hand(seat)
            .iter()
            .copied()
            .filter(|k| self.board.can_take_morlock(*k))
            .collect()
    }

    pub(super) fn morlock(
        &mut self,
        seat: Seat,
        k: Option<u8>,
    ) -> Result<Vec<KomarnEvent>, KomarnError> {
        let mut events = Vec::new();
        match k {
            Some(k) => {
                self.place_morlock(seat, k, &mut events)?;
                self.continue_drawing(&mut events);
            }
            None => {
                self.claims += 1;
                let answerers = self.answerers(seat);
                events.push(KomarnEvent::Claimed {
                    color: self.color(seat),
                    answerers: answerers.iter().map(|s| self.color(*s)).collect(),
                    window: self.options.challenge,
                });
                if answerers.is_empty() {
                    self.claim_stands(seat, false, &mut events);
                } else {
                    self.phase = Phase::Claim {
                        drawer: seat,
                        answered: Vec::new(),
                    };
                }
            }
        }
        Ok(events)
    }

    pub(super) fn answer(&mut self, seat: Seat, answer: Answer) -> Vec<KomarnEvent> {
        let Phase::Claim { drawer, answered } = &mut self.phase else {
            return Vec::new();
        };
        let drawer = *drawer;
        let mut events = Vec::new();
        match answer {
            Answer::Accept => {
                answered.push((seat, Answer::Accept));
                events.push(KomarnEvent::Accepted {
                    color: self.color(seat),
                });
                if self.waiting().is_empty() {
                    self.claim_stands(drawer, false, &mut events);
                }
            }
            Answer::Challenge => {
                let drawer_hand = self.players[drawer].hand.clone();
                let challenger_hand = self.players[seat].hand.clone();
                let fitting = self.fitting(drawer);
                self.revealed = vec![
                    (drawer, drawer_hand.clone()),
                    (seat, challenger_hand.clone()),
                ];
                events.push(KomarnEvent::Challenged {
                    challenger: self.color(seat),
                    drawer: self.color(drawer),
                    drawer_hand,
                    challenger_hand,
                    fitting: fitting.clone(),
                });
                if fitting.is_empty() {
                    self.morlocks_gone += 1;
                    self.begin_strike(drawer, seat, &mut events);
                } else {
                    self.phase = Phase::Expose {
                        drawer,
                        challenger: seat,
                    };
                }
            }
        }
        events
    }

    pub(super) fn begin_strike(
        &mut self,
        chooser: Seat,
        loser: Seat,
        events: &mut Vec<KomarnEvent>,
    ) {
        let why = if !self.is_active(chooser) {
            Some(NoStrikeWhy::ChooserLeft)
        } else if !self.is_active(loser) {
            Some(NoStrikeWhy::LoserLeft)
        } else if self.players[loser].hand.is_empty() {
            Some(NoStrikeWhy::EmptyHand)
        } else {
            None
        };
        match why {
            Some(why) => {
                events.push(KomarnEvent::NoStrike {
                    loser: self.color(loser),
                    why,
                });
                self.continue_drawing(events);
            }
            None => self.phase = Phase::Strike { chooser, loser },
        }
    }

    pub(super) fn strike(
        &mut self,
        chooser: Seat,
        loser: Seat,
        k: u8,
    ) -> Result<Vec<KomarnEvent>, KomarnError> {
        let hand = &self.players[loser].hand;
        if !hand.contains(&k) {
            return Err(KomarnError::NotHeld {
                number: k,
                color: self.color(loser),
                held: hand.clone(),
            });
        }
        self.players[loser].hand.retain(|h| *h != k);
        self.discard.push(k);
        let mut events = vec![KomarnEvent::Struck {
            chooser: self.color(chooser),
            loser: self.color(loser),
            number: k,
        }];
        let target = self.players[loser].hand.len() + 1;
        self.draws.push(DrawTask {
            seat: loser,
            target,
        });
        self.continue_drawing(&mut events);
        Ok(events)
    }
}
