//! Banners and command (§5), towers (§6), the Hurenweibel (§7) and banner values (§8).
//!
//! Soldiers never leave a field once there (a seduction only changes the colour), garrisons stay
//! and camps and Morlocks only go on free fields, so groups only ever grow and merge. A Weibel
//! is therefore kept as a *mark*: its owner and an anchor field of the banner it stands behind
//! (the banner's lowest field after each resolution); the banner it commands is the group of
//! its anchor.

use serde::{Deserialize, Serialize};

use super::board::{Board, FIELDS, Field, POINTS, Point, PointKind};
use super::player::Player;
use super::{Color, KomarnEvent};
use crate::games::Seat;

/// A Weibel on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Mark {
    /// Whose Weibel.
    pub owner: Seat,
    /// A field of the banner it commands (its lowest field after each resolution).
    pub anchor: Field,
}

/// A connected group of soldiers (fields and tower garrisons).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Group {
    /// Its fields with soldiers, in board order.
    pub fields: Vec<Field>,
    /// The garrisoned towers connected to it, in river order.
    pub towers: Vec<Point>,
    /// Soldiers per seat (fields and garrisons); 0 for the seats beyond the game's.
    pub counts: [u8; SEATS],
}

impl Group {
    /// The lowest field (by area, then L, F, R).
    pub fn lowest(&self) -> Field {
        self.fields[0]
    }

    /// Soldiers in it, garrisons included.
    pub fn soldiers(&self) -> usize {
        self.counts.iter().map(|c| usize::from(*c)).sum()
    }

    /// Two or more soldiers make a banner.
    pub fn is_banner(&self) -> bool {
        self.soldiers() >= 2
    }

    /// The player who *may command* it: at least 2 soldiers and strictly more than every other.
    pub fn leader(&self) -> Option<Seat> {
        let max = *self.counts.iter().max()?;
        if max < 2 || self.counts.iter().filter(|c| **c == max).count() > 1 {
            return None;
        }
        self.counts.iter().position(|c| *c == max)
    }

    /// Whether a field belongs to it.
    pub fn contains(&self, field: Field) -> bool {
        self.fields.binary_search(&field).is_ok()
    }

    /// The points that belong to it, in river order: garrisoned towers connected to it, and
    /// maidens and cities touching one of its fields.
    pub fn points(&self, board: &Board) -> Vec<Point> {
        let set = self.point_set(board);
        (0..POINTS)
            .filter(|i| set & (1 << i) != 0)
            .map(Point::from_index)
            .collect()
    }

    /// The points of [`Group::points`] as a set of point indices (bit `i` for point `i`).
    fn point_set(&self, board: &Board) -> u32 {
        let mut set = 0u32;
        for p in self.fields.iter().filter_map(|f| f.point()) {
            if board.point(p).kind != PointKind::Tower {
                set |= 1 << p.index();
            }
        }
        for p in &self.towers {
            if board.point(*p).kind == PointKind::Tower {
                set |= 1 << p.index();
            }
        }
        set
    }

    /// Maidens belonging to it.
    pub fn maidens(&self, board: &Board) -> u32 {
        let set = self.point_set(board);
        (0..POINTS)
            .filter(|i| {
                set & (1 << i) != 0 && board.point(Point::from_index(*i)).kind == PointKind::Maiden
            })
            .count() as u32
    }

    /// §8: 1 per soldier on a field, 1 per tower, 1 per maiden, each city's value, and 1 when a
    /// Weibel commands it.
    pub fn value(&self, board: &Board, commanded: bool) -> u32 {
        let set = self.point_set(board);
        let points: u32 = (0..POINTS)
            .filter(|i| set & (1 << i) != 0)
            .map(|i| match board.point(Point::from_index(i)).kind {
                PointKind::Tower | PointKind::Maiden => 1,
                PointKind::City(v) => u32::from(v),
            })
            .sum();
        self.fields.len() as u32 + points + u32::from(commanded)
    }
}

/// Every group of the board, in order of their lowest field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Groups {
    /// The groups (single soldiers included).
    pub list: Vec<Group>,
    /// The group of each field (`NONE` for a field without a soldier).
    of_field: [u8; FIELDS],
}

/// The most seats a game has (one colour each).
pub const SEATS: usize = Color::ALL.len();

/// No group (fields without a soldier); a board holds at most 100 soldiers, so ids fit a byte.
const NONE: u8 = u8::MAX;

impl Groups {
    /// Finds the groups of a board with `seats` players (at most [`SEATS`]).
    pub fn of(board: &Board, seats: usize) -> Groups {
        debug_assert!(seats <= SEATS);
        let mut of_field = [NONE; FIELDS];
        let mut list: Vec<Group> = Vec::with_capacity(32);
        // The fields found so far, group after group; a group is searched breadth first.
        let mut found: Vec<Field> = Vec::with_capacity(FIELDS);
        for start in Field::all() {
            if of_field[start.index()] != NONE || board.soldier(start).is_none() {
                continue;
            }
            let id = list.len() as u8;
            of_field[start.index()] = id;
            let first = found.len();
            found.push(start);
            let mut counts = [0u8; SEATS];
            let mut next = first;
            while let Some(&field) = found.get(next) {
                next += 1;
                if let Some(s) = board.soldier(field) {
                    counts[s] += 1;
                }
                for n in field.neighbours() {
                    if of_field[n.index()] == NONE && board.soldier(n).is_some() {
                        of_field[n.index()] = id;
                        found.push(n);
                    }
                }
            }
            let mut fields = found[first..].to_vec();
            fields.sort_unstable();
            list.push(Group {
                fields,
                towers: Vec::new(),
                counts,
            });
        }
        for (point, state) in board.points() {
            let Some(garrison) = state.garrison else {
                continue;
            };
            let id = point
                .touches()
                .iter()
                .map(|f| of_field[f.index()])
                .find(|id| *id != NONE);
            if let Some(id) = id {
                let group = &mut list[usize::from(id)];
                group.towers.push(point);
                group.counts[garrison] += 1;
            }
        }
        Groups { list, of_field }
    }

    /// The index of the group a field belongs to.
    pub fn group_of(&self, field: Field) -> Option<usize> {
        let id = self.of_field[field.index()];
        (id != NONE).then_some(usize::from(id))
    }

    /// The group a tower's garrison belongs to.
    pub fn group_of_point(&self, point: Point) -> Option<usize> {
        point.touches().iter().find_map(|f| self.group_of(*f))
    }
}

/// A banner with its commander, for views and tests.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Banner {
    /// The group.
    pub group: Group,
    /// The owner of the Weibel on it (the first, should a resolution be pending).
    pub commander: Option<Seat>,
    /// Its value now (§8).
    pub value: u32,
}

/// Every banner of the board, in order of the lowest field.
pub fn banners(board: &Board, marks: &[Mark], seats: usize) -> Vec<Banner> {
    let groups = Groups::of(board, seats);
    groups
        .list
        .iter()
        .enumerate()
        .filter(|(_, g)| g.is_banner())
        .map(|(id, g)| {
            let commander = marks
                .iter()
                .find(|m| groups.group_of(m.anchor) == Some(id))
                .map(|m| m.owner);
            Banner {
                group: g.clone(),
                commander,
                value: g.value(board, commander.is_some()),
            }
        })
        .collect()
}

/// The value of each mark's banner now, Weibel included: taken before a play, it is what a
/// player who loses command is paid.
pub fn snapshot(board: &Board, marks: &[Mark], seats: usize) -> Vec<(Mark, u32)> {
    let groups = Groups::of(board, seats);
    marks
        .iter()
        .map(|m| {
            let value = groups
                .group_of(m.anchor)
                .map_or(0, |id| groups.list[id].value(board, true));
            (*m, value)
        })
        .collect()
}

/// The banners' values before a play ([`snapshot`]), worked out only when a payout or a merge
/// needs them (most plays return no Weibel).
pub(super) struct Before {
    board: Board,
    marks: Vec<Mark>,
    seats: usize,
    values: std::cell::OnceCell<Vec<(Mark, u32)>>,
}

impl Before {
    /// Keeps the board and the Weibel as they are before the play.
    pub(super) fn new(board: &Board, marks: &[Mark], seats: usize) -> Before {
        Before {
            board: board.clone(),
            marks: marks.to_vec(),
            seats,
            values: std::cell::OnceCell::new(),
        }
    }

    /// [`snapshot`] of the board before the play.
    fn values(&self) -> &[(Mark, u32)] {
        self.values
            .get_or_init(|| snapshot(&self.board, &self.marks, self.seats))
    }
}

/// The Hurenweibel's holder: strictly the most maidens (at least one) in commanded banners.
pub fn hurenweibel(board: &Board, marks: &[Mark], seats: usize) -> Option<Seat> {
    hurenweibel_in(&Groups::of(board, seats), board, marks, seats)
}

/// [`hurenweibel`] with the board's groups already found.
pub(super) fn hurenweibel_in(
    groups: &Groups,
    board: &Board,
    marks: &[Mark],
    seats: usize,
) -> Option<Seat> {
    let mut maidens = vec![0u32; seats];
    for m in marks {
        if let Some(id) = groups.group_of(m.anchor) {
            maidens[m.owner] += groups.list[id].maidens(board);
        }
    }
    let max = *maidens.iter().max()?;
    if max == 0 || maidens.iter().filter(|c| **c == max).count() > 1 {
        return None;
    }
    maidens.iter().position(|c| *c == max)
}

/// The board resolution of §4.3 after a play: towers, command, garrison colours (the caller
/// recomputes the Hurenweibel).
pub(super) struct Resolution<'a> {
    /// The board.
    pub(super) board: &'a mut Board,
    /// The Weibel on it.
    pub(super) marks: &'a mut Vec<Mark>,
    /// Supplies and money.
    pub(super) players: &'a mut [Player],
    /// Each seat's colour.
    pub(super) colors: &'a [Color],
    /// What happened.
    pub(super) events: &'a mut Vec<KomarnEvent>,
    /// Points whose garrison changed (for highlighting).
    pub(super) changed_points: Vec<Point>,
}

impl Resolution<'_> {
    fn seats(&self) -> usize {
        self.players.len()
    }

    /// Runs towers, command and garrison colours; `before` is [`snapshot`] taken before the play.
    /// Returns the groups of the board as it is left (only towers change them).
    pub(super) fn run(&mut self, mover: Seat, before: &Before) -> Groups {
        self.towers(mover);
        let groups = Groups::of(self.board, self.seats());
        self.command(before, &groups);
        self.garrisons(&groups);
        groups
    }

    /// §6: every undecided tower beside a soldier is decided, in river order.
    fn towers(&mut self, mover: Seat) {
        let points: Vec<Point> = Point::all().collect();
        for point in points {
            let state = self.board.point(point);
            if state.kind != PointKind::Tower || state.decided {
                continue;
            }
            let Some(field) = point
                .touches()
                .into_iter()
                .find(|f| self.board.soldier(*f).is_some())
            else {
                continue;
            };
            let groups = Groups::of(self.board, self.seats());
            let id = groups.group_of(field);
            let mut owners: Vec<Seat> = self
                .marks
                .iter()
                .filter(|m| groups.group_of(m.anchor) == id)
                .map(|m| m.owner)
                .collect();
            owners.sort_unstable();
            owners.dedup();
            let by = match owners.as_slice() {
                [one] => *one,
                _ => mover,
            };
            let tower = self.board.point_mut(point);
            tower.decided = true;
            let garrison = if self.players[by].soldiers > 0 {
                self.players[by].soldiers -= 1;
                tower.garrison = Some(by);
                Some(self.colors[by])
            } else {
                None
            };
            self.changed_points.push(point);
            self.events.push(KomarnEvent::Tower {
                point,
                garrison,
                by: self.colors[by],
            });
        }
    }

    /// Returns mark `index` to its owner; pays them unless they keep command of the banner.
    fn return_mark(&mut self, index: usize, before: &Before, paid: bool, banner: Field) {
        let mark = self.marks.remove(index);
        let owner = mark.owner;
        self.players[owner].weibel += 1;
        if paid {
            let amount = before
                .values()
                .iter()
                .find(|(m, _)| *m == mark)
                .map_or_else(
                    || {
                        let groups = Groups::of(self.board, self.seats());
                        groups
                            .group_of(mark.anchor)
                            .map_or(0, |id| groups.list[id].value(self.board, true))
                    },
                    |(_, v)| *v,
                );
            self.players[owner].heller += amount;
            self.events.push(KomarnEvent::Paid {
                color: self.colors[owner],
                banner: mark.anchor,
                amount,
            });
        } else {
            self.events.push(KomarnEvent::WeibelBack {
                color: self.colors[owner],
                banner,
            });
        }
    }

    /// Returns every mark in `indices` but `keep`; marks of `keeper` return unpaid.
    fn return_all(
        &mut self,
        mut indices: Vec<usize>,
        keep: Option<usize>,
        keeper: Option<Seat>,
        before: &Before,
        banner: Field,
    ) {
        indices.sort_unstable_by(|a, b| b.cmp(a));
        for i in indices {
            if Some(i) == keep {
                continue;
            }
            let paid = Some(self.marks[i].owner) != keeper;
            self.return_mark(i, before, paid, banner);
        }
    }

    /// §5: checks every banner repeatedly until nothing changes. First the merged banners whose
    /// extra Weibel simply return (in order of the lowest field); then command is taken where
    /// a Weibel is needed from supply, the most valuable banner first (equal values: the lowest
    /// field), so that a player short of Weibel marks the most valuable banner.
    /// Command moves no soldier, so the `groups` found before it hold throughout.
    fn command(&mut self, before: &Before, groups: &Groups) {
        loop {
            let on = |marks: &[Mark], id: usize| -> Vec<usize> {
                (0..marks.len())
                    .filter(|&i| groups.group_of(marks[i].anchor) == Some(id))
                    .collect()
            };
            let banners: Vec<usize> = (0..groups.list.len())
                .filter(|&id| groups.list[id].is_banner())
                .collect();
            // Merged banners.
            let mut changed = false;
            for &id in &banners {
                let here = on(self.marks, id);
                if here.len() < 2 {
                    continue;
                }
                let group = &groups.list[id];
                let leader = group.leader();
                let lowest = group.lowest();
                let own: Vec<usize> = here
                    .iter()
                    .copied()
                    .filter(|&i| Some(self.marks[i].owner) == leader)
                    .collect();
                if !own.is_empty() {
                    // The leader keeps the Weibel of their most valuable previous banner.
                    let value_of = |m: &Mark| {
                        let values = before.values();
                        values.iter().find(|(b, _)| b == m).map_or(0, |(_, v)| *v)
                    };
                    let keep = own
                        .iter()
                        .copied()
                        .max_by(|&a, &b| {
                            let (ma, mb) = (&self.marks[a], &self.marks[b]);
                            value_of(ma)
                                .cmp(&value_of(mb))
                                .then(mb.anchor.cmp(&ma.anchor))
                        })
                        .expect("own is not empty");
                    self.return_all(here, Some(keep), leader, before, lowest);
                } else if leader.is_some_and(|l| self.players[l].weibel > 0) {
                    continue;
                } else {
                    self.return_all(here, None, None, before, lowest);
                }
                changed = true;
                break;
            }
            if changed {
                continue;
            }
            // Command taken with a Weibel from supply.
            let mut best: Option<(u32, usize, Seat)> = None;
            for &id in &banners {
                let group = &groups.list[id];
                let Some(leader) = group.leader() else {
                    continue;
                };
                if self.players[leader].weibel == 0 {
                    continue;
                }
                let here = on(self.marks, id);
                if here.iter().any(|&i| self.marks[i].owner == leader) {
                    continue;
                }
                let value = group.value(self.board, false);
                if best.is_none_or(|(v, _, _)| value > v) {
                    best = Some((value, id, leader));
                }
            }
            let Some((_, id, leader)) = best else {
                break;
            };
            let here = on(self.marks, id);
            let group = groups.list[id].clone();
            self.return_all(here, None, None, before, group.lowest());
            self.players[leader].weibel -= 1;
            self.marks.push(Mark {
                owner: leader,
                anchor: group.lowest(),
            });
            self.events.push(KomarnEvent::Command {
                color: self.colors[leader],
                banner: group.lowest(),
                value: group.value(self.board, true),
            });
        }
        self.normalize(groups);
    }

    /// Re-anchors every mark on its banner's lowest field.
    fn normalize(&mut self, groups: &Groups) {
        for m in self.marks.iter_mut() {
            if let Some(id) = groups.group_of(m.anchor) {
                m.anchor = groups.list[id].lowest();
            }
        }
        self.marks.sort_unstable_by_key(|m| (m.anchor, m.owner));
    }

    /// §5 garrison colours: one pass along the river; a garrison in a commanded banner takes the
    /// commander's colour when the commander has a soldier in supply.
    fn garrisons(&mut self, groups: &Groups) {
        let points: Vec<Point> = Point::all().collect();
        for point in points {
            let Some(garrison) = self.board.point(point).garrison else {
                continue;
            };
            let Some(id) = groups.group_of_point(point) else {
                continue;
            };
            let Some(commander) = self
                .marks
                .iter()
                .find(|m| groups.group_of(m.anchor) == Some(id))
                .map(|m| m.owner)
            else {
                continue;
            };
            if commander == garrison || self.players[commander].soldiers == 0 {
                continue;
            }
            self.players[commander].soldiers -= 1;
            self.players[garrison].soldiers += 1;
            self.board.point_mut(point).garrison = Some(commander);
            self.changed_points.push(point);
            self.events.push(KomarnEvent::Garrison {
                point,
                from: self.colors[garrison],
                to: self.colors[commander],
            });
        }
    }
}
