//! Playing a number (§4.1): the four ways to play it and the forced discard, camps (§4.2), and
//! the resolution of the board that follows (§4.3).

use super::*;

impl Komarn {
    /// §4.1: area `n` offers `seat` no recruit (all fields taken or blocked, the river not yet
    /// open, or a Morlock they cannot chase).
    pub fn is_dead(&self, seat: Seat, n: u8) -> bool {
        self.recruit_example(seat, n).is_none()
    }

    pub(super) fn recruit_example(&self, seat: Seat, n: u8) -> Option<Move> {
        let b = &self.board;
        let [l, f, r] = Side::ALL.map(|s| Field::new(n, s));
        let player = &self.players[seat];
        if b.has_morlock(n) {
            let second = player.hand.iter().find(|m| **m != n)?;
            return (player.soldiers >= 2 && b.is_free(l) && b.is_free(r))
                .then(|| Move::chase(n, *second));
        }
        if player.soldiers == 0 {
            return None;
        }
        if b.is_free(l) {
            return Some(Move::field(n, Side::L));
        }
        if b.is_free(r) {
            return Some(Move::field(n, Side::R));
        }
        (b.is_free(f) && b.soldier(l).is_some() && b.soldier(r).is_some())
            .then(|| Move::field(n, Side::F))
    }

    pub(super) fn describe(&self, field: Field) -> String {
        match self.board.get(field) {
            Content::Empty => t!("komarn-content-nothing"),
            Content::Soldier(s) => t!("komarn-content-soldier", color = self.color(s).name()),
            Content::Camp => t!("komarn-content-camp"),
            Content::Morlock => t!("komarn-content-morlock"),
        }
    }

    /// Every check of a play; the plan of what it does.
    pub(super) fn check_play(
        &self,
        seat: Seat,
        number: u8,
        how: How,
        camp: Option<Field>,
    ) -> Result<Plan, KomarnError> {
        let b = &self.board;
        let player = &self.players[seat];
        if !player.hand.contains(&number) {
            return Err(KomarnError::NotInHand(number));
        }
        if player.soldiers == 0 {
            return Err(KomarnError::NoSoldier);
        }
        let plan = match how {
            How::Field(side) => {
                let target = Field::new(number, side);
                match b.get(target) {
                    Content::Soldier(s) if s == seat => {
                        return Err(KomarnError::OwnSoldier(target));
                    }
                    Content::Soldier(s) => {
                        if self.hurenweibel != Some(seat) {
                            return Err(KomarnError::Taken {
                                field: target,
                                color: self.color(s),
                            });
                        }
                        Plan {
                            numbers: vec![number],
                            kind: PlayKind::Seduce {
                                field: target,
                                victim: self.color(s),
                            },
                            fill: vec![target],
                            victim: Some(s),
                            chase: None,
                            camp: None,
                        }
                    }
                    Content::Camp => {
                        return Err(KomarnError::NotFree {
                            field: target,
                            what: t!("komarn-content-camp"),
                        });
                    }
                    Content::Morlock => return Err(KomarnError::MustChase { area: number }),
                    Content::Empty => {
                        if b.has_morlock(number) {
                            return Err(KomarnError::MustChase { area: number });
                        }
                        if side == Side::F
                            && (b.soldier(Field::new(number, Side::L)).is_none()
                                || b.soldier(Field::new(number, Side::R)).is_none())
                        {
                            return Err(KomarnError::RiverClosed { area: number });
                        }
                        Plan {
                            numbers: vec![number],
                            kind: PlayKind::Recruit(target),
                            fill: vec![target],
                            victim: None,
                            chase: None,
                            camp: None,
                        }
                    }
                }
            }
            How::Chase(second) => {
                if !b.has_morlock(number) {
                    return Err(KomarnError::NoMorlock(number));
                }
                if second == number || !player.hand.contains(&second) {
                    return Err(KomarnError::NotInHand(second));
                }
                if player.soldiers < 2 {
                    return Err(KomarnError::ChaseNeedsTwo(player.soldiers));
                }
                let fill = vec![Field::new(number, Side::L), Field::new(number, Side::R)];
                if let Some(f) = fill.iter().find(|f| !b.is_free(**f)) {
                    return Err(KomarnError::NotFree {
                        field: *f,
                        what: self.describe(*f),
                    });
                }
                Plan {
                    numbers: vec![number, second],
                    kind: PlayKind::Chase { second },
                    fill,
                    victim: None,
                    chase: Some(number),
                    camp: None,
                }
            }
            How::Reinforce(target) => {
                if let Some(example) = self.recruit_example(seat, number) {
                    let example = match example {
                        Move::Play {
                            how: How::Chase(_), ..
                        } => format!("play {number} +<m>"),
                        other => other.to_string(),
                    };
                    return Err(KomarnError::NotDead { number, example });
                }
                if !target.is_land() {
                    return Err(KomarnError::ReinforceRiver(target));
                }
                if !b.is_free(target) {
                    return Err(KomarnError::NotFree {
                        field: target,
                        what: self.describe(target),
                    });
                }
                if b.has_morlock(target.area) {
                    return Err(KomarnError::ReinforceMorlock(target));
                }
                if !target.neighbours().any(|f| b.soldier(f) == Some(seat)) {
                    return Err(KomarnError::NoOwnNeighbour(target));
                }
                if let Some((enemy, s)) = target
                    .neighbours()
                    .find_map(|f| b.soldier(f).filter(|s| *s != seat).map(|s| (f, s)))
                {
                    return Err(KomarnError::EnemyNeighbour {
                        field: target,
                        enemy,
                        color: self.color(s),
                    });
                }
                Plan {
                    numbers: vec![number],
                    kind: PlayKind::Reinforce(target),
                    fill: vec![target],
                    victim: None,
                    chase: None,
                    camp: None,
                }
            }
        };
        let Some(c) = camp else {
            return Ok(plan);
        };
        if player.camps == 0 {
            return Err(KomarnError::NoCamp);
        }
        if !c.is_land() {
            return Err(KomarnError::CampRiver(c));
        }
        if !b.is_free(c) || plan.fill.contains(&c) {
            return Err(KomarnError::CampNotFree(c));
        }
        if b.has_morlock(c.area) {
            return Err(KomarnError::CampMorlock(c));
        }
        Ok(Plan {
            camp: Some(c),
            ..plan
        })
    }

    /// Every legal play of `seat` without a camp.
    pub(in crate::games::komarn) fn plays(&self, seat: Seat) -> Vec<Move> {
        let player = &self.players[seat];
        let mut out = Vec::new();
        if player.soldiers == 0 {
            return out;
        }
        let own: Vec<Field> = self
            .board
            .fields()
            .filter(|(_, c)| *c == Content::Soldier(seat))
            .map(|(f, _)| f)
            .collect();
        for &n in &player.hand {
            let mut candidates: Vec<Move> = Side::ALL.map(|s| Move::field(n, s)).to_vec();
            if self.board.has_morlock(n) {
                candidates.extend(
                    player
                        .hand
                        .iter()
                        .filter(|m| **m != n)
                        .map(|m| Move::chase(n, *m)),
                );
            }
            if self.is_dead(seat, n) {
                let mut targets: Vec<Field> = own
                    .iter()
                    .flat_map(|f| f.neighbours())
                    .filter(|f| f.is_land())
                    .collect();
                targets.sort_unstable();
                targets.dedup();
                candidates.extend(targets.into_iter().map(|t| Move::reinforce(n, t)));
            }
            out.extend(candidates.into_iter().filter(|mv| match mv {
                Move::Play { number, how, camp } => {
                    self.check_play(seat, *number, *how, *camp).is_ok()
                }
                _ => false,
            }));
        }
        out
    }

    /// Free land fields outside Morlock areas: where a camp may go (before the play's own fields).
    pub(super) fn camp_fields(&self) -> Vec<Field> {
        self.board
            .fields()
            .filter(|(f, c)| f.is_land() && *c == Content::Empty && !self.board.has_morlock(f.area))
            .map(|(f, _)| f)
            .collect()
    }

    pub(super) fn play(
        &mut self,
        seat: Seat,
        number: u8,
        how: How,
        camp: Option<Field>,
    ) -> Result<Vec<KomarnEvent>, KomarnError> {
        let plan = self.check_play(seat, number, how, camp)?;
        let n = self.players.len();
        let before = Before::new(&self.board, &self.marks, n);
        self.revealed.clear();
        let mut events = Vec::new();
        let mut last = LastTurn {
            seat,
            played: plan.numbers.clone(),
            fields: Vec::new(),
            points: Vec::new(),
        };
        for k in &plan.numbers {
            self.players[seat].hand.retain(|h| h != k);
            self.discard.push(*k);
        }
        if let Some(area) = plan.chase {
            let river = Field::new(area, Side::F);
            self.board.set(river, Content::Empty);
            self.morlocks_gone += 1;
            last.fields.push((area, Side::F));
        }
        for f in &plan.fill {
            self.board.set(*f, Content::Soldier(seat));
            self.players[seat].soldiers -= 1;
            last.fields.push((f.area, f.side));
        }
        if let Some(victim) = plan.victim {
            self.players[victim].soldiers += 1;
        }
        if let Some(c) = plan.camp {
            self.board.set(c, Content::Camp);
            self.players[seat].camps -= 1;
            last.fields.push((c.area, c.side));
        }
        events.push(KomarnEvent::Played {
            color: self.color(seat),
            number,
            kind: plan.kind.clone(),
            camp: plan.camp,
        });
        let colors = self.colors();
        let mut resolution = Resolution {
            board: &mut self.board,
            marks: &mut self.marks,
            players: &mut self.players,
            colors: &colors,
            events: &mut events,
            changed_points: Vec::new(),
        };
        let groups = resolution.run(seat, &before);
        last.points = resolution
            .changed_points
            .iter()
            .map(|p| (p.area, p.bank))
            .collect();
        let holder = hurenweibel_in(&groups, &self.board, &self.marks, n);
        if holder != self.hurenweibel {
            self.hurenweibel = holder;
            events.push(KomarnEvent::Hurenweibel {
                holder: holder.map(|s| self.color(s)),
            });
        }
        self.last = Some(last);
        self.draws.push(DrawTask { seat, target: HAND });
        self.continue_drawing(&mut events);
        Ok(events)
    }

    pub(super) fn pass(&mut self, seat: Seat, number: u8) -> Result<Vec<KomarnEvent>, KomarnError> {
        if !self.players[seat].hand.contains(&number) {
            return Err(KomarnError::NotInHand(number));
        }
        if !self.plays(seat).is_empty() {
            return Err(KomarnError::CannotPass);
        }
        self.revealed.clear();
        self.players[seat].hand.retain(|h| *h != number);
        self.discard.push(number);
        self.last = Some(LastTurn {
            seat,
            played: vec![number],
            fields: Vec::new(),
            points: Vec::new(),
        });
        let mut events = vec![KomarnEvent::Passed {
            color: self.color(seat),
            number,
        }];
        self.draws.push(DrawTask { seat, target: HAND });
        self.continue_drawing(&mut events);
        Ok(events)
    }
}
