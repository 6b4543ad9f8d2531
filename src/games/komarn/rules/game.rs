//! Banner von Komarn under the one game contract: legal moves, apply, forfeit, views, the
//! claim's answer window, the transcript.

use super::*;

impl Game for Komarn {
    type Options = KomarnOptions;
    type Move = Move;
    type View = KomarnView;
    type Event = KomarnEvent;
    type Error = KomarnError;

    const INFO: GameInfo = GameInfo {
        id: "komarn",
        name: "Banner von Komarn",
        aliases: &["banner", "bannervonkomarn", "banner-von-komarn"],
        min_players: MIN_PLAYERS,
        max_players: MAX_PLAYERS,
    };

    fn new(players: usize, options: &KomarnOptions, seed: u64) -> Result<Self, SetupError> {
        check_players(players)?;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut turn_order: Vec<Seat> = (0..players).collect();
        turn_order.shuffle(&mut rng);
        let mut tokens = PointKind::tokens();
        tokens.shuffle(&mut rng);
        let mut bag = Bag::full(&mut rng);
        debug_assert_eq!(bag.len(), TILES);
        let soldiers = soldiers_for(players);
        let mut people: Vec<Player> = (0..players)
            .map(|_| Player {
                hand: Vec::new(),
                soldiers,
                weibel: WEIBEL,
                camps: CAMPS,
                heller: 0,
                left: None,
            })
            .collect();
        for &seat in &turn_order {
            while people[seat].hand.len() < HAND {
                match bag.draw() {
                    Some(Tile::Number(k)) => people[seat].hand.push(k),
                    Some(other) => bag.put_back([other], &mut rng),
                    None => break,
                }
            }
            people[seat].hand.sort_unstable();
        }
        Ok(Komarn {
            options: options.clone(),
            board: Board::new(&tokens),
            bag,
            discard: Vec::new(),
            players: people,
            turn_order,
            turn: 0,
            phase: Phase::Play,
            draws: Vec::new(),
            marks: Vec::new(),
            hurenweibel: None,
            morlocks_gone: 0,
            claims: 0,
            revealed: Vec::new(),
            last_round: false,
            last: None,
            final_payouts: None,
            end: None,
            record: Vec::new(),
            rng,
            quiet: false,
        })
    }

    fn in_play(&self, seat: Seat) -> bool {
        self.outcome().is_none() && self.is_active(seat)
    }

    fn to_act(&self) -> ToAct {
        match &self.phase {
            Phase::Play => ToAct::One(self.turn_order[self.turn]),
            Phase::Morlock { drawer } | Phase::Expose { drawer, .. } => ToAct::One(*drawer),
            Phase::Claim { .. } => ToAct::Many(self.waiting()),
            Phase::Strike { chooser, .. } => ToAct::One(*chooser),
            Phase::Over => ToAct::Nobody,
        }
    }

    fn legal_moves(&self, seat: Seat) -> Vec<Move> {
        if !self.to_act().contains(seat) {
            return Vec::new();
        }
        match &self.phase {
            Phase::Play => {
                let plays = self.plays(seat);
                if plays.is_empty() {
                    return self.hand(seat).iter().map(|k| Move::Pass(*k)).collect();
                }
                if self.players[seat].camps == 0 {
                    return plays;
                }
                let camps = self.camp_fields();
                let mut out = Vec::with_capacity(plays.len() * (camps.len() + 1));
                for mv in plays {
                    out.push(mv);
                    let Move::Play { number, how, .. } = mv else {
                        continue;
                    };
                    let fill: Vec<Field> = self
                        .check_play(seat, number, how, None)
                        .map(|p| p.fill)
                        .unwrap_or_default();
                    out.extend(
                        camps
                            .iter()
                            .filter(|c| !fill.contains(c))
                            .map(|c| mv.with_camp(*c)),
                    );
                }
                out
            }
            Phase::Morlock { .. } => self
                .fitting(seat)
                .into_iter()
                .map(|k| Move::Morlock(Some(k)))
                .chain([Move::Morlock(None)])
                .collect(),
            Phase::Claim { .. } => vec![Move::Challenge, Move::Accept],
            Phase::Expose { .. } => self
                .fitting(seat)
                .into_iter()
                .map(|k| Move::Morlock(Some(k)))
                .collect(),
            Phase::Strike { loser, .. } => {
                self.hand(*loser).iter().map(|k| Move::Strike(*k)).collect()
            }
            Phase::Over => Vec::new(),
        }
    }

    fn apply(&mut self, seat: Seat, mv: &Move) -> Result<Vec<KomarnEvent>, KomarnError> {
        let color = self.players.get(seat).map(|_| self.color(seat));
        let events = self.apply_checked(seat, mv)?;
        if let Some(color) = color
            && !self.quiet
        {
            self.note(
                Head::Move {
                    color,
                    mv: mv.to_string(),
                },
                &events,
            );
        }
        Ok(events)
    }

    fn forfeit(&mut self, seat: Seat, reason: Forfeit) -> Vec<KomarnEvent> {
        if self.end.is_some() || !self.is_active(seat) {
            return Vec::new();
        }
        let order = self.players.iter().filter(|p| p.left.is_some()).count();
        let discarded = std::mem::take(&mut self.players[seat].hand);
        self.discard.extend(&discarded);
        self.players[seat].left = Some(order);
        self.draws.retain(|t| t.seat != seat);
        let remaining = (0..self.players.len())
            .filter(|s| self.is_active(*s))
            .count();
        let mut events = vec![KomarnEvent::Forfeited {
            color: self.color(seat),
            reason,
            discarded,
            goes_on: remaining >= 2,
        }];
        if remaining < 2 {
            self.finish(EndReason::Forfeit(seat, reason), &mut events);
        } else {
            match self.phase.clone() {
                Phase::Play if self.turn_order[self.turn] == seat => {
                    self.draws.clear();
                    self.end_turn(&mut events);
                }
                Phase::Morlock { drawer } | Phase::Expose { drawer, .. } if drawer == seat => {
                    self.morlocks_gone += 1;
                    events.push(KomarnEvent::MorlockGone {
                        color: self.color(seat),
                        why: MorlockGoneWhy::DrawerLeft,
                    });
                    self.continue_drawing(&mut events);
                }
                Phase::Claim { drawer, .. } => {
                    if drawer == seat {
                        self.morlocks_gone += 1;
                        events.push(KomarnEvent::MorlockGone {
                            color: self.color(seat),
                            why: MorlockGoneWhy::DrawerLeft,
                        });
                        self.continue_drawing(&mut events);
                    } else if self.waiting().is_empty() {
                        self.claim_stands(drawer, false, &mut events);
                    }
                }
                Phase::Strike { chooser, loser } if chooser == seat || loser == seat => {
                    self.begin_strike(chooser, loser, &mut events);
                }
                _ => {}
            }
        }
        if let Some(first) = events.first().filter(|e| e.noted()) {
            let head = Head::Event(first.clone());
            let rest: Vec<KomarnEvent> = events[1..].to_vec();
            self.note(head, &rest);
        }
        events
    }

    fn view(&self, viewer: Option<Seat>) -> KomarnView {
        let n = self.players.len();
        KomarnView {
            areas: AREAS,
            fields: self
                .board
                .fields()
                .map(|(f, content)| FieldView {
                    area: f.area,
                    side: f.side,
                    content,
                })
                .collect(),
            points: self
                .board
                .points()
                .map(|(p, st)| PointView {
                    area: p.area,
                    bank: p.bank,
                    kind: st.kind,
                    garrison: st.garrison,
                    decided: st.kind == PointKind::Tower && st.decided,
                })
                .collect(),
            banners: self
                .banners()
                .into_iter()
                .map(|b| BannerView {
                    fields: b.group.fields.iter().map(|f| (f.area, f.side)).collect(),
                    commander: b.commander,
                    value: b.value,
                    soldiers: b
                        .group
                        .counts
                        .iter()
                        .enumerate()
                        .filter(|(_, c)| **c > 0)
                        .map(|(s, c)| (s, *c))
                        .collect(),
                    points: b
                        .group
                        .points(&self.board)
                        .iter()
                        .map(|p| (p.area, p.bank))
                        .collect(),
                })
                .collect(),
            players: (0..n)
                .map(|seat| {
                    let p = &self.players[seat];
                    let shown = self.audience(Shown::Holdings(seat)).admits(viewer);
                    PlayerView {
                        hand: shown.then(|| p.hand.clone()),
                        hand_size: p.hand.len() as u8,
                        soldiers_in_supply: p.soldiers,
                        weibel_in_supply: p.weibel,
                        camps_left: p.camps,
                        heller: p.heller,
                        color: self.color(seat),
                        active: p.left.is_none(),
                    }
                })
                .collect(),
            turn_order: self.turn_order.clone(),
            to_move: self.current(),
            hurenweibel: self.hurenweibel,
            discard: self.discard.clone(),
            bag_size: self.bag.len(),
            morlocks_left: self.bag.morlocks(),
            claim: match &self.phase {
                Phase::Claim { drawer, answered } => Some(ClaimView {
                    drawer: *drawer,
                    answered: answered.clone(),
                    waiting: self.waiting(),
                }),
                _ => None,
            },
            revealed_hands: self.revealed.clone(),
            last: self.last.clone(),
            final_payouts: self.final_payouts.clone(),
            outcome: self.outcome(),
            pending: self.pending(),
            last_round: self.last_round,
        }
    }

    fn scores(&self) -> Vec<i64> {
        self.players.iter().map(|p| i64::from(p.heller)).collect()
    }

    /// §9 ranks by Heller (1, 1, 3 for a tie); seats that left rank after those still playing,
    /// the last to leave first.
    fn outcome(&self) -> Option<Outcome> {
        let reason = self.end?;
        Some(Outcome {
            scores: self.scores(),
            ranks: self.ranks(),
            reason,
        })
    }

    fn seat_label(&self, seat: Seat) -> String {
        self.color(seat).name()
    }

    fn move_label(&self, mv: &Move) -> String {
        mv.label()
    }

    fn prompt(&self) -> Option<String> {
        let text = match &self.phase {
            Phase::Play => t!(
                "komarn-prompt-play",
                color = self.color(self.turn_order[self.turn]).name()
            ),
            Phase::Morlock { drawer } => {
                t!("komarn-prompt-morlock", color = self.color(*drawer).name())
            }
            Phase::Claim { drawer, .. } => {
                let waiting: Vec<Color> = self.waiting().iter().map(|s| self.color(*s)).collect();
                t!(
                    "komarn-prompt-claim",
                    color = self.color(*drawer).name(),
                    answerers = crate::games::komarn::colors(&waiting),
                    window = humantime::format_duration(self.options.challenge).to_string()
                )
            }
            Phase::Expose { drawer, challenger } => t!(
                "komarn-prompt-expose",
                drawer = self.color(*drawer).name(),
                fitting = numbers(&self.fitting(*drawer)),
                challenger = self.color(*challenger).name()
            ),
            Phase::Strike { chooser, loser } => t!(
                "komarn-prompt-strike",
                chooser = self.color(*chooser).name(),
                loser = self.color(*loser).name(),
                numbers = numbers(self.hand(*loser))
            ),
            Phase::Over => return None,
        };
        Some(if self.last_round {
            format!("{text} {}", t!("komarn-prompt-last-round"))
        } else {
            text
        })
    }

    fn window(&self) -> Option<Window> {
        matches!(self.phase, Phase::Claim { .. }).then(|| Window {
            id: self.claims,
            length: self.options.challenge,
        })
    }

    fn close_window(&mut self) -> Vec<KomarnEvent> {
        let Phase::Claim { drawer, .. } = self.phase else {
            return Vec::new();
        };
        let mut events: Vec<KomarnEvent> = self
            .waiting()
            .into_iter()
            .map(|s| KomarnEvent::Accepted {
                color: self.color(s),
            })
            .collect();
        self.claim_stands(drawer, true, &mut events);
        self.note(Head::TimeUp, &events);
        events
    }

    fn audience(&self, shown: Shown<'_, KomarnEvent>) -> Audience {
        crate::games::komarn::secrets::audience(self, shown)
    }

    /// The public record: the turn order and points, then every accepted move with what
    /// followed (draws as counts only), then the result. Hands and the bag never appear.
    fn transcript(&self) -> String {
        let order: Vec<String> = self
            .turn_order
            .iter()
            .map(|s| {
                t!(
                    "komarn-record-seat",
                    color = self.color(*s).name(),
                    seat = s + 1
                )
            })
            .collect();
        let points: Vec<String> = self
            .board
            .points()
            .map(|(p, st)| {
                let point = p.to_string();
                match st.kind {
                    PointKind::Tower => t!("komarn-record-point-tower", point = point),
                    PointKind::Maiden => t!("komarn-record-point-maiden", point = point),
                    PointKind::City(value) => {
                        t!("komarn-record-point-city", point = point, value = value)
                    }
                }
            })
            .collect();
        let mut lines = vec![
            t!(
                "komarn-record-head",
                players = self.players.len(),
                order = order.join(", ")
            ),
            t!("komarn-record-points", points = points.join(", ")),
        ];
        lines.extend(self.record.iter().map(Entry::text));
        if let (Some(outcome), Some(payouts)) = (self.outcome(), &self.final_payouts) {
            let results: Vec<String> = payouts
                .iter()
                .map(|p| {
                    t!(
                        "komarn-record-payout",
                        color = self.color(p.seat).name(),
                        total = p.total,
                        banners = p.banners,
                        weibel = p.weibel_bonus,
                        hurenweibel = p.hurenweibel,
                        heller = outcome.scores[p.seat],
                        rank = outcome.ranks[p.seat]
                    )
                })
                .collect();
            lines.push(t!("komarn-record-result", results = results.join(", ")));
        }
        lines.join("\n")
    }
}
