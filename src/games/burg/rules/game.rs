//! Im Schutze der Burg under the one game contract: legal moves, apply, forfeit, views,
//! secrets, the transcript.

use super::*;

impl Game for Burg {
    type Options = BurgOptions;
    type Move = Move;
    type View = BurgView;
    type Event = BurgEvent;
    type Error = BurgError;

    const INFO: GameInfo = GameInfo {
        id: "burg",
        name: "Im Schutze der Burg",
        aliases: &[
            "schutzderburg",
            "koningsburcht",
            "imschutzederburg",
            "castle",
            "im-schutze-der-burg",
        ],
        min_players: MIN_PLAYERS,
        max_players: MAX_PLAYERS,
    };

    fn new(players: usize, options: &BurgOptions, seed: u64) -> Result<Self, SetupError> {
        check_players(players)?;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let start = rng.random_range(0..players);
        let mut deck = Vec::new();
        if options.winter {
            deck = WinterCard::ALL.to_vec();
            deck.shuffle(&mut rng);
        }
        // §3.1: a random seating with the start player first (the others in random order).
        let mut others: Vec<Seat> = (0..players).filter(|&s| s != start).collect();
        others.shuffle(&mut rng);
        let clockwise = std::iter::once(start).chain(others).collect();
        Ok(Burg::from_parts(players, options, clockwise, deck, rng))
    }

    fn to_act(&self) -> ToAct {
        match self.phase {
            Phase::Over => ToAct::Nobody,
            Phase::Choosing => ToAct::Many(
                self.active_seats()
                    .into_iter()
                    .filter(|s| self.players[*s].chosen.is_empty())
                    .collect(),
            ),
            _ => match &self.action {
                Some(action) => ToAct::One(action.seat()),
                None => ToAct::Nobody,
            },
        }
    }

    fn move_label(&self, mv: &Move) -> String {
        mv.label()
    }

    fn legal_moves(&self, seat: Seat) -> Vec<Move> {
        if !self.to_act().contains(seat) {
            return Vec::new();
        }
        match self.phase {
            Phase::Over => Vec::new(),
            Phase::Choosing => {
                let legal = self.legal_cards(seat);
                if self.cards_to_choose(seat) == 2 {
                    let mut out = Vec::new();
                    for (i, a) in legal.iter().enumerate() {
                        for b in &legal[i + 1..] {
                            out.push(Move::Choose(vec![*a, *b]));
                        }
                    }
                    out
                } else if self.cards_to_choose(seat) == 1 {
                    legal.into_iter().map(|c| Move::Choose(vec![c])).collect()
                } else {
                    vec![Move::Choose(legal)]
                }
            }
            _ => match &self.action {
                Some(Action::Fill { count, .. }) => self
                    .fill_options(*count)
                    .into_iter()
                    .map(Move::Fill)
                    .collect(),
                Some(Action::Haendler { .. }) => {
                    let mut out: Vec<Move> = self
                        .haendler_targets(seat)
                        .into_iter()
                        .map(Move::Place)
                        .collect();
                    out.push(Move::Pass);
                    out
                }
                Some(Action::Work(w)) => self.work_moves(w),
                None => Vec::new(),
            },
        }
    }

    fn apply(&mut self, seat: Seat, mv: &Move) -> Result<Vec<BurgEvent>, BurgError> {
        let mut next = self.clone();
        let events = next.play(seat, mv)?;
        *self = next;
        Ok(events)
    }

    /// A seat that leaves plays no more cards: an unrevealed choice is dropped, its pending and
    /// later decisions this round resolve by themselves (pass, done, the first legal fill), its
    /// helpers stay where they are. It ranks after every seat still playing. When only one
    /// seat is left, the game ends at once (no final scoring).
    fn forfeit(&mut self, seat: Seat, reason: Forfeit) -> Vec<BurgEvent> {
        if self.phase == Phase::Over || !self.is_active(seat) {
            return Vec::new();
        }
        let order = self.players.iter().filter(|p| p.left.is_some()).count();
        let player = &mut self.players[seat];
        player.left = Some(Left {
            reason,
            round: self.round,
            order,
        });
        if self.phase == Phase::Choosing {
            player.chosen.clear();
        }
        self.note(Entry::Forfeit { seat, reason });
        let mut events = Vec::new();
        if self.active_seats().len() <= 1 {
            self.phase = Phase::Over;
            self.action = None;
            self.end = Some(EndReason::Forfeit(seat, reason));
            events.push(BurgEvent::Forfeited {
                color: color(seat),
                reason,
                ends: true,
            });
            events.push(self.game_over_event());
            if let Some(o) = self.outcome() {
                self.note(Entry::result(&o));
            }
            return events;
        }
        events.push(BurgEvent::Forfeited {
            color: color(seat),
            reason,
            ends: false,
        });
        if self.phase == Phase::Choosing {
            if self.all_chosen() {
                self.reveal(&mut events);
            }
        } else {
            self.advance(&mut events);
        }
        events
    }

    fn view(&self, viewer: Option<Seat>) -> BurgView {
        self.make_view(viewer)
    }

    fn scores(&self) -> Vec<i64> {
        self.players.iter().map(|p| i64::from(p.vp)).collect()
    }

    fn outcome(&self) -> Option<Outcome> {
        let reason = self.end?;
        Some(Outcome {
            scores: self.scores(),
            ranks: self.ranks(),
            reason,
        })
    }

    fn seat_label(&self, seat: Seat) -> String {
        color(seat).label()
    }

    fn prompt(&self) -> Option<String> {
        match self.phase {
            Phase::Over => None,
            Phase::Choosing => {
                let waiting: Vec<String> = self
                    .to_act()
                    .seats()
                    .into_iter()
                    .map(|s| color(s).label())
                    .collect();
                let waiting = waiting.join(", ");
                Some(if self.cards_per_round() == 2 {
                    t!(
                        "burg-prompt-choose-two",
                        round = self.round,
                        rounds = self.rounds,
                        waiting = waiting
                    )
                } else {
                    t!(
                        "burg-prompt-choose-one",
                        round = self.round,
                        rounds = self.rounds,
                        waiting = waiting
                    )
                })
            }
            _ => self.decision().map(|(seat, what)| {
                t!(
                    "burg-prompt-decide",
                    round = self.round,
                    color = color(seat).label(),
                    what = what.to_string()
                )
            }),
        }
    }

    fn audience(&self, shown: Shown<'_, BurgEvent>) -> Audience {
        crate::games::burg::secrets::audience(self, shown)
    }

    fn in_play(&self, seat: Seat) -> bool {
        self.phase != Phase::Over && self.is_active(seat)
    }

    fn may_act(&self, seat: Seat) -> bool {
        match self.phase {
            // Every active player may choose, or change the choice, until all have chosen.
            Phase::Choosing => self.is_active(seat),
            _ => self.to_act().contains(seat),
        }
    }

    /// The public record: per round the start player, the winter card, the revealed cards and
    /// every decision (builds with the payment used), then the final scoring and the result.
    /// Unrevealed choices and the winter deck never appear. The words come in the current
    /// language; the moves stay in their notation.
    fn transcript(&self) -> String {
        let lines: Vec<String> = self.record.iter().map(|line| line.text()).collect();
        lines.join("\n")
    }
}
