//! Maurer, Steinmetz and the Arbeiter (§5.3–§5.6): taking and buying pieces, building with a
//! payment (§6), helpers in the castle (§7).

use super::*;

impl Burg {
    pub(super) fn buy_open(w: &Work) -> bool {
        w.card == Card::Steinmetz && w.builds == 0 && w.helpers == 0
    }

    pub(super) fn build_open(w: &Work) -> bool {
        w.took && w.builds < 2 && w.helpers == 0
    }

    pub(super) fn helpers_open(w: &Work) -> bool {
        matches!(w.card, Card::Maurer | Card::Steinmetz) && w.builds >= 1 && w.helpers < 2
    }

    /// The seller's cards that could sell `kind` to this action: revealed this round, holding
    /// at least 2 pieces and one of `kind`, not bought from in this action.
    pub(super) fn sellers(&self, w: &Work, from: Seat, kind: Resource) -> Vec<Card> {
        self.players[from]
            .arbeiter
            .iter()
            .filter(|(c, r)| r.count() >= 2 && r.get(kind) > 0 && !w.bought.contains(&(from, *c)))
            .map(|(c, _)| *c)
            .collect()
    }

    /// Every legal move of a work action, in the order buy, build, helper, done.
    pub(super) fn work_moves(&self, w: &Work) -> Vec<Move> {
        if !w.took {
            return Resource::ALL.into_iter().map(Move::Take).collect();
        }
        let p = &self.players[w.seat];
        let mut out = Vec::new();
        if Self::buy_open(w) && p.taler >= 1 {
            for from in 0..self.players.len() {
                if from == w.seat {
                    continue;
                }
                for kind in Resource::ALL {
                    // Listed with the card named (always unambiguous); the short form
                    // `buy <colour> <kind>` is accepted whenever only one card could sell.
                    for card in self.sellers(w, from, kind) {
                        out.push(Move::Buy {
                            from: color(from),
                            card: Some(card),
                            kind,
                        });
                    }
                }
            }
        }
        if Self::build_open(w) {
            for tile in Tile::ALL {
                if self.unbuilt(tile).is_some()
                    && payment::default_payment(tile.value(), &p.resources).is_some()
                {
                    out.push(Move::Build { tile, pay: None });
                }
            }
        }
        if Self::helpers_open(w) {
            let own_fields: Vec<Resource> = Resource::ALL
                .into_iter()
                .filter(|k| self.fields[k.index()].is_some_and(|h| h.seat == w.seat))
                .collect();
            for (i, space) in SPACES.iter().enumerate() {
                if self.spaces[i].is_some()
                    || self.built[space.building].is_none()
                    || p.helper_buildings.contains(&space.building)
                    || p.taler < u32::from(space.fee)
                {
                    continue;
                }
                if p.helpers > 0 {
                    out.push(Move::Helper {
                        space: i,
                        from: None,
                    });
                }
                for f in &own_fields {
                    out.push(Move::Helper {
                        space: i,
                        from: Some(*f),
                    });
                }
            }
        }
        out.push(Move::Done);
        out
    }

    pub(super) fn work_mut(&mut self) -> &mut Work {
        match self.action.as_mut() {
            Some(Action::Work(w)) => w,
            _ => unreachable!("a work action is pending"),
        }
    }

    pub(super) fn take(
        &mut self,
        w: &Work,
        kind: Resource,
        events: &mut Vec<BurgEvent>,
    ) -> Result<(), BurgError> {
        if w.card != Card::Maurer || w.took {
            return Err(BurgError::WrongMove(match w.card {
                Card::Maurer => Wrong::TookAlready,
                card => Wrong::OnlyMaurerTakes(card),
            }));
        }
        let n = self.wehrturm.take(kind, u8::MAX);
        self.players[w.seat].resources.add(kind, n);
        self.work_mut().took = true;
        events.push(BurgEvent::Took {
            color: color(w.seat),
            kind,
            n,
        });
        Ok(())
    }

    pub(super) fn buy(
        &mut self,
        w: &Work,
        from: Color,
        card: Option<Card>,
        kind: Resource,
        events: &mut Vec<BurgEvent>,
    ) -> Result<(), BurgError> {
        if w.card != Card::Steinmetz {
            return Err(BurgError::WrongMove(Wrong::OnlySteinmetzBuys(w.card)));
        }
        if !Self::buy_open(w) {
            return Err(BurgError::BuyClosed);
        }
        let seller = from.seat();
        let refuse = |reason: BuyWhy| BurgError::Buy { from, kind, reason };
        if seller >= self.players.len() {
            return Err(refuse(BuyWhy::NotAtTable));
        }
        if seller == w.seat {
            return Err(BurgError::OwnCard);
        }
        if self.players[w.seat].taler == 0 {
            return Err(BurgError::NoTaler);
        }
        let cards = self.sellers(w, seller, kind);
        let card = match card {
            Some(c) => {
                if cards.contains(&c) {
                    c
                } else {
                    let Some((_, on)) = self.players[seller].arbeiter.iter().find(|(x, _)| *x == c)
                    else {
                        return Err(refuse(BuyWhy::NoSuchCard(c)));
                    };
                    let reason = if w.bought.contains(&(seller, c)) {
                        BuyWhy::AlreadyBought(c)
                    } else if on.get(kind) == 0 {
                        BuyWhy::HoldsNone(c, *on)
                    } else {
                        BuyWhy::LastPiece(c)
                    };
                    return Err(refuse(reason));
                }
            }
            None => match cards.as_slice() {
                [one] => *one,
                [] => {
                    let on_table = &self.players[seller].arbeiter;
                    let reason = if on_table.is_empty() {
                        BuyWhy::NoArbeiter
                    } else {
                        BuyWhy::NoneCanSell(on_table.clone())
                    };
                    return Err(refuse(reason));
                }
                many => {
                    return Err(BurgError::WhichCard {
                        from,
                        kind,
                        cards: many.to_vec(),
                    });
                }
            },
        };
        let mut on = self.card_pieces(seller, card);
        on.take(kind, 1);
        self.set_card(seller, card, on);
        let p = &mut self.players[w.seat];
        p.taler -= 1;
        p.resources.add(kind, 1);
        self.work_mut().bought.push((seller, card));
        events.push(BurgEvent::Bought {
            color: color(w.seat),
            from,
            card,
            kind,
        });
        Ok(())
    }

    /// Builds; returns the payment used.
    pub(super) fn build(
        &mut self,
        w: &Work,
        tile: Tile,
        pay: Option<&Payment>,
        events: &mut Vec<BurgEvent>,
    ) -> Result<Payment, BurgError> {
        if !w.took {
            return Err(BurgError::WrongMove(Wrong::TakeFirst));
        }
        if w.helpers > 0 {
            return Err(BurgError::BuildClosed);
        }
        if w.builds >= 2 {
            return Err(BurgError::TwoBuilds);
        }
        let building = self.unbuilt(tile).ok_or(BurgError::NoTileLeft(tile))?;
        let seat = w.seat;
        let payment = payment::resolve(tile.value(), &self.players[seat].resources, pay)
            .map_err(|error| BurgError::Payment { tile, error })?;
        let p = &mut self.players[seat];
        p.resources = p
            .resources
            .minus(payment.spent())
            .expect("a checked payment is held");
        let mut back = payment.spent();
        back.silver = 0;
        self.supply = self.supply.plus(back);
        self.schmiede += payment.spent().silver;
        self.built[building] = Some(Built {
            by: Some(seat),
            round: self.round,
        });
        let (vp, taler) = match w.card {
            Card::Maurer => (0, payment.count()),
            Card::Steinmetz => (u32::from(tile.vp()), 0),
            _ => (u32::from(tile.vp()) / 2, 0),
        };
        let p = &mut self.players[seat];
        p.vp += vp;
        p.taler += taler;
        self.work_mut().builds += 1;
        events.push(BurgEvent::Built {
            color: color(seat),
            card: w.card,
            building,
            payment,
            vp,
            taler,
        });
        if self.tiles_built() == TILE_COUNT {
            events.push(BurgEvent::CastleComplete);
        }
        Ok(payment)
    }

    pub(super) fn helper(
        &mut self,
        w: &Work,
        space: usize,
        from: Option<Resource>,
        events: &mut Vec<BurgEvent>,
    ) -> Result<(), BurgError> {
        if w.card.is_arbeiter() {
            return Err(BurgError::ArbeiterNoHelpers);
        }
        if w.builds == 0 {
            return Err(BurgError::HelperNeedsBuild);
        }
        if w.helpers >= 2 {
            return Err(BurgError::TwoHelpers);
        }
        let s = SPACES
            .get(space)
            .ok_or(BurgError::WrongMove(Wrong::NoSpace))?;
        let building = &BUILDINGS[s.building];
        if self.built[s.building].is_none() {
            return Err(BurgError::SpaceUnbuilt {
                space: s.id,
                building: building.name,
            });
        }
        if let Some(by) = self.spaces[space] {
            return Err(BurgError::SpaceOccupied {
                space: s.id,
                by: color(by),
            });
        }
        let seat = w.seat;
        let p = &self.players[seat];
        if p.helper_buildings.contains(&s.building) {
            return Err(BurgError::SameBuilding(building.name));
        }
        if p.taler < u32::from(s.fee) {
            return Err(BurgError::Fee {
                space: s.id,
                fee: s.fee,
                taler: p.taler,
            });
        }
        match from {
            None => {
                if p.helpers == 0 {
                    let own: Vec<&str> = Resource::ALL
                        .iter()
                        .filter(|k| self.fields[k.index()].is_some_and(|h| h.seat == seat))
                        .map(|k| k.word())
                        .collect();
                    return Err(BurgError::NoHelper(
                        own.first().copied().unwrap_or("").into(),
                    ));
                }
                self.players[seat].helpers -= 1;
            }
            Some(field) => {
                if self.fields[field.index()].is_none_or(|h| h.seat != seat) {
                    return Err(BurgError::NotOnField(field));
                }
                self.fields[field.index()] = None;
            }
        }
        let p = &mut self.players[seat];
        p.taler -= u32::from(s.fee);
        p.helper_buildings.push(s.building);
        self.spaces[space] = Some(seat);
        self.work_mut().helpers += 1;
        events.push(BurgEvent::Helper {
            color: color(seat),
            space,
            from,
        });
        Ok(())
    }

    /// Plays a decision of the resolution for the pending seat.
    pub(super) fn decide(
        &mut self,
        seat: Seat,
        mv: &Move,
        events: &mut Vec<BurgEvent>,
    ) -> Result<String, BurgError> {
        let (_, what) = self.decision().expect("a decision is pending");
        let wrong = |hint: Hint| BurgError::WrongMove(Wrong::Now(what, hint));
        let mut text = mv.to_string();
        match (self.action.clone(), mv) {
            (_, Move::Choose(_)) => {
                return Err(wrong(Hint::CardsAtStart));
            }
            (Some(Action::Fill { count, .. }), Move::Fill(kinds)) => {
                let options = self.fill_options(count);
                if kinds.len() != usize::from(count) {
                    return Err(BurgError::FillCount {
                        need: count,
                        example: format!(
                            "fill {}",
                            options
                                .first()
                                .map(|o| o.iter().map(|k| k.word()).collect::<Vec<_>>().join(" "))
                                .unwrap_or_default()
                        ),
                    });
                }
                if !options.contains(kinds) {
                    let short = Resource::FILL_CHOICES
                        .into_iter()
                        .find(|k| {
                            kinds.iter().filter(|x| *x == k).count()
                                > usize::from(self.supply.get(*k))
                        })
                        .unwrap_or(Resource::Sand);
                    return Err(BurgError::FillShort {
                        kind: short,
                        have: self.supply.get(short),
                    });
                }
                self.fill_chosen(seat, kinds, events);
                self.action = None;
                if let Phase::Filling { next } = self.phase {
                    self.phase = Phase::Filling { next: next + 1 };
                }
            }
            (Some(Action::Haendler { .. }), Move::Place(field)) => {
                self.place(seat, *field, events)?
            }
            (Some(Action::Haendler { .. }), Move::Pass) => {
                events.push(BurgEvent::Passed {
                    color: color(seat),
                    why: None,
                });
                self.finish_action(events);
            }
            (Some(Action::Haendler { .. }), Move::Done) => {
                return Err(wrong(Hint::HaendlerPass));
            }
            (Some(Action::Work(w)), Move::Take(kind)) => self.take(&w, *kind, events)?,
            (Some(Action::Work(w)), Move::Buy { from, card, kind }) => {
                self.buy(&w, *from, *card, *kind, events)?
            }
            (Some(Action::Work(w)), Move::Build { tile, pay }) => {
                let payment = self.build(&w, *tile, pay.as_ref(), events)?;
                text = Move::Build {
                    tile: *tile,
                    pay: Some(payment),
                }
                .to_string();
            }
            (Some(Action::Work(w)), Move::Helper { space, from }) => {
                self.helper(&w, *space, *from, events)?
            }
            (Some(Action::Work(w)), Move::Done) => {
                if !w.took {
                    return Err(wrong(Hint::MaurerTake));
                }
                self.finish_action(events);
            }
            (Some(Action::Work(_)), Move::Pass) => {
                return Err(wrong(Hint::EndWithDone));
            }
            _ => return Err(wrong(Hint::None)),
        }
        Ok(text)
    }

    pub(super) fn play(&mut self, seat: Seat, mv: &Move) -> Result<Vec<BurgEvent>, BurgError> {
        if self.phase == Phase::Over {
            return Err(BurgError::GameOver);
        }
        let player = self.players.get(seat).ok_or(BurgError::NoSuchSeat(seat))?;
        if player.left.is_some() {
            return Err(BurgError::Left);
        }
        let mut events = Vec::new();
        if self.phase == Phase::Choosing {
            // A choice may be changed until the last player has chosen (§15.11).
            let Move::Choose(cards) = mv else {
                return Err(BurgError::ChooseFirst(self.players.len() == 2));
            };
            self.choose(seat, cards, &mut events)?;
            return Ok(events);
        }
        let (pending, what) = self
            .decision()
            .expect("a decision is pending while resolving");
        if pending != seat {
            return Err(BurgError::NotYourTurn {
                color: color(pending),
                what,
            });
        }
        let notation = self.decide(seat, mv, &mut events)?;
        self.note(Entry::Move { seat, notation });
        self.advance(&mut events);
        Ok(events)
    }

    /// The final scoring, once the game has ended normally.
    pub fn final_scores(&self) -> Option<&[FinalScore]> {
        self.final_scores.as_deref()
    }
}
