//! The turn order, the end check after the full round (§4.5), the final payouts and ranks
//! (§9), and the public record.

use super::*;

impl Komarn {
    /// §4.5: the end check, then the next seat in turn order (skipping seats without soldiers);
    /// after the last seat of the last round the game ends.
    pub(super) fn end_turn(&mut self, events: &mut Vec<KomarnEvent>) {
        self.phase = Phase::Play;
        if !self.last_round {
            let empty: Vec<Color> = self
                .turn_order
                .iter()
                .filter(|s| self.is_active(**s) && self.players[**s].soldiers == 0)
                .map(|s| self.color(*s))
                .collect();
            if !empty.is_empty() {
                self.last_round = true;
                events.push(KomarnEvent::LastRound { empty });
            }
        }
        let mut position = self.turn;
        loop {
            position += 1;
            if position >= self.turn_order.len() {
                if self.last_round {
                    self.finish(EndReason::Normal, events);
                    return;
                }
                position = 0;
            }
            let seat = self.turn_order[position];
            if !self.is_active(seat) {
                continue;
            }
            if self.players[seat].soldiers == 0 {
                events.push(KomarnEvent::Skipped {
                    color: self.color(seat),
                });
                if !self.last_round {
                    // Cannot happen (an empty supply starts the last round); stay safe.
                    self.last_round = true;
                }
                continue;
            }
            self.turn = position;
            return;
        }
    }

    pub(super) fn finish(&mut self, reason: EndReason, events: &mut Vec<KomarnEvent>) {
        let n = self.players.len();
        let payouts = final_payouts(&self.board, &self.marks, self.hurenweibel, n);
        for p in &payouts {
            self.players[p.seat].heller += p.total;
        }
        self.final_payouts = Some(payouts.clone());
        self.phase = Phase::Over;
        self.draws.clear();
        self.end = Some(reason);
        let ranks = self.ranks();
        events.push(KomarnEvent::GameOver {
            results: payouts
                .into_iter()
                .map(|p| {
                    (
                        self.color(p.seat),
                        p,
                        self.players[p.seat].heller,
                        ranks[p.seat],
                    )
                })
                .collect(),
        });
    }

    pub(super) fn ranks(&self) -> Vec<u8> {
        let heller: Vec<u32> = self.players.iter().map(|p| p.heller).collect();
        let left: Vec<Option<usize>> = self.players.iter().map(|p| p.left).collect();
        ranks(&heller, &left)
    }

    /// What the game waits for, as a sentence (the prompt).
    pub(super) fn waiting_text(&self) -> String {
        self.prompt().unwrap_or_else(|| t!("komarn-waiting-over"))
    }

    pub(super) fn check_actor(&self, seat: Seat, mv: &Move) -> Result<(), KomarnError> {
        if self.end.is_some() {
            return Err(KomarnError::GameOver);
        }
        let player = self
            .players
            .get(seat)
            .ok_or(KomarnError::NoSuchSeat(seat))?;
        if player.left.is_some() {
            return Err(KomarnError::Left);
        }
        let not_now = || KomarnError::NotNow {
            waiting: self.waiting_text(),
        };
        match (&self.phase, mv) {
            (Phase::Play, Move::Play { .. } | Move::Pass(_))
                if seat == self.turn_order[self.turn] =>
            {
                Ok(())
            }
            (Phase::Morlock { drawer }, Move::Morlock(_)) if seat == *drawer => Ok(()),
            (Phase::Claim { drawer, .. }, Move::Challenge | Move::Accept) => {
                if seat == *drawer {
                    Err(KomarnError::OwnClaim)
                } else if self.waiting().contains(&seat) {
                    Ok(())
                } else {
                    Err(not_now())
                }
            }
            (Phase::Expose { drawer, .. }, Move::Morlock(k)) if seat == *drawer => match k {
                Some(_) => Ok(()),
                None => Err(KomarnError::MustPlace(
                    self.fitting(seat).first().copied().unwrap_or(1),
                )),
            },
            (Phase::Strike { chooser, .. }, Move::Strike(_)) if seat == *chooser => Ok(()),
            _ => Err(not_now()),
        }
    }

    pub(super) fn apply_checked(
        &mut self,
        seat: Seat,
        mv: &Move,
    ) -> Result<Vec<KomarnEvent>, KomarnError> {
        self.check_actor(seat, mv)?;
        match (*mv, self.phase.clone()) {
            (Move::Play { number, how, camp }, _) => self.play(seat, number, how, camp),
            (Move::Pass(n), _) => self.pass(seat, n),
            (Move::Morlock(k), Phase::Morlock { .. }) => self.morlock(seat, k),
            (Move::Morlock(Some(k)), Phase::Expose { challenger, .. }) => {
                let mut events = Vec::new();
                self.place_morlock(seat, k, &mut events)?;
                self.begin_strike(challenger, seat, &mut events);
                Ok(events)
            }
            (Move::Challenge, _) => Ok(self.answer(seat, Answer::Challenge)),
            (Move::Accept, _) => Ok(self.answer(seat, Answer::Accept)),
            (Move::Strike(k), Phase::Strike { chooser, loser }) => self.strike(chooser, loser, k),
            _ => Err(KomarnError::NotNow {
                waiting: self.waiting_text(),
            }),
        }
    }

    /// A line of the record: `head` and the public notes of `events`, kept as data (the
    /// transcript tells it in the reader's language).
    pub(super) fn note(&mut self, head: Head, events: &[KomarnEvent]) {
        let notes: Vec<KomarnEvent> = events.iter().filter(|e| e.noted()).cloned().collect();
        self.record.push(Entry::Noted { head, notes });
    }
}
