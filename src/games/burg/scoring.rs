//! The final scoring (§9.2) with a breakdown per helper space, the Palas and Markt conversions,
//! and the ranking with its tie-breaks (§9.3).

use std::fmt;

use serde::{Deserialize, Serialize};

use super::Color;
use super::data::{BUILDINGS, BuildingKind, SPACES, SpaceRule};
use super::resources::{Resource, Resources};
use crate::games::Seat;
use crate::t;

/// One player's final scoring.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FinalScore {
    /// The player.
    pub seat: Seat,
    /// VP scored during the game, before the final scoring.
    pub before: u32,
    /// `(space id, VP)` for every space the player occupies that scores by the table of §9.2
    /// (every space but the Markt and Palas spaces, which convert), in space order.
    pub spaces: Vec<(String, u32)>,
    /// VP from the Palas conversion.
    pub palas: u32,
    /// The pieces the Palas converted (they leave the game).
    pub converted: Resources,
    /// VP from the Markt conversion.
    pub markt: u32,
    /// The final total.
    pub total: u32,
    /// Taler left after the Markt conversion (first tie-break).
    pub taler_left: u32,
    /// Value of the resources left after the Palas conversion, silver 5 (second tie-break).
    pub resources_left_value: u32,
    /// The final rank (1 = best; shared on a full tie).
    pub rank: u8,
}

impl fmt::Display for FinalScore {
    /// `Red: 54 VP in play; SM10 +8, TV12 +5; Palas +10 (2 stone); Markt +3; total 80 VP; 2 Taler
    /// and resources worth 7 left.`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {} VP in play",
            Color::from_seat(self.seat),
            self.before
        )?;
        if !self.spaces.is_empty() {
            let parts: Vec<String> = self
                .spaces
                .iter()
                .map(|(id, vp)| format!("{id} +{vp}"))
                .collect();
            write!(f, "; {}", parts.join(", "))?;
        }
        if !self.converted.is_empty() || self.palas > 0 {
            write!(f, "; Palas +{} ({})", self.palas, self.converted)?;
        }
        if self.markt > 0 {
            write!(f, "; Markt +{}", self.markt)?;
        }
        write!(
            f,
            "; total {} VP; {} Taler and resources worth {} left.",
            self.total, self.taler_left, self.resources_left_value
        )
    }
}

impl FinalScore {
    /// The scoring in the current language (in English the same as the `Display` form); the
    /// game record shows it too.
    pub fn text(&self) -> String {
        let mut parts = vec![t!(
            "burg-score-head",
            color = Color::from_seat(self.seat).label(),
            vp = self.before
        )];
        if !self.spaces.is_empty() {
            let spaces: Vec<String> = self
                .spaces
                .iter()
                .map(|(id, vp)| format!("{id} +{vp}"))
                .collect();
            parts.push(spaces.join(", "));
        }
        if !self.converted.is_empty() || self.palas > 0 {
            parts.push(t!(
                "burg-score-palas",
                vp = self.palas,
                pieces = self.converted.label()
            ));
        }
        if self.markt > 0 {
            parts.push(t!("burg-score-markt", vp = self.markt));
        }
        parts.push(t!(
            "burg-score-total",
            vp = self.total,
            taler = self.taler_left,
            value = self.resources_left_value
        ));
        parts.join("; ")
    }
}

/// What the final scoring reads from the final position.
#[derive(Debug, Clone, Copy)]
pub struct ScoreInput<'a> {
    /// Silver in the Schmiede store (`F`).
    pub schmiede: u8,
    /// Per building in table order (25): built? (Markt and Schmiede always are.)
    pub built: &'a [bool],
    /// Per helper space (15): its occupant.
    pub spaces: &'a [Option<Seat>],
    /// Per seat: `(VP so far, Taler, resources)`.
    pub players: &'a [(u32, u32, Resources)],
}

impl ScoreInput<'_> {
    fn count_built(&self, kind: BuildingKind) -> u32 {
        BUILDINGS
            .iter()
            .zip(self.built)
            .filter(|(b, built)| b.kind == kind && **built)
            .count() as u32
    }

    /// `U`: unbuilt tiles.
    pub fn unbuilt(&self) -> u32 {
        BUILDINGS
            .iter()
            .zip(self.built)
            .filter(|(b, built)| b.tile.is_some() && !**built)
            .count() as u32
    }

    /// `Hc`: helpers in the castle, all players.
    pub fn helpers(&self) -> u32 {
        self.spaces.iter().flatten().count() as u32
    }

    /// `E`: free spaces on built buildings (Markt and Schmiede included).
    pub fn free_spaces(&self) -> u32 {
        SPACES
            .iter()
            .zip(self.spaces)
            .filter(|(s, occupant)| self.built[s.building] && occupant.is_none())
            .count() as u32
    }

    /// The VP a helper on a space with this rule scores (0 for the converting spaces).
    pub fn space_vp(&self, rule: SpaceRule) -> u32 {
        let f = u32::from(self.schmiede);
        match rule {
            SpaceRule::Markt | SpaceRule::Palas => 0,
            SpaceRule::Forge => f,
            SpaceRule::HalfForge => f / 2,
            SpaceRule::TwoPerTower => 2 * self.count_built(BuildingKind::Tower),
            SpaceRule::OnePerTower => self.count_built(BuildingKind::Tower),
            SpaceRule::FreeSpaces => 3 * self.free_spaces(),
            SpaceRule::Unbuilt => self.unbuilt(),
            SpaceRule::Helpers => self.helpers(),
            SpaceRule::HalfHelpers => self.helpers() / 2,
            SpaceRule::ThreePerHouse => 3 * self.count_built(BuildingKind::House),
            SpaceRule::TwoPerHouse => 2 * self.count_built(BuildingKind::House),
        }
    }
}

/// The Palas conversion: with `helpers` helpers on the Palas, up to `5 × helpers` pieces,
/// highest value first (silver as 5, stone, clay, wood, sand). Returns the VP and the pieces.
pub fn palas(resources: &Resources, helpers: u32) -> (u32, Resources) {
    let mut left = 5 * helpers;
    let mut converted = Resources::NONE;
    for kind in [
        Resource::Silver,
        Resource::Stone,
        Resource::Clay,
        Resource::Wood,
        Resource::Sand,
    ] {
        let n = u32::from(resources.get(kind)).min(left);
        converted.add(kind, n as u8);
        left -= n;
    }
    (converted.end_value(), converted)
}

/// The Markt conversion: with 1 helper `floor(T/2)` VP for `2·floor(T/2)` Taler, with 2 helpers
/// `T` VP for all Taler. Returns the VP and the Taler left.
pub fn markt(taler: u32, helpers: u32) -> (u32, u32) {
    match helpers {
        0 => (0, taler),
        1 => (taler / 2, taler - 2 * (taler / 2)),
        _ => (taler, 0),
    }
}

/// Every player's final scoring (ranks left at 0; see [`rank`]).
pub fn final_scores(input: &ScoreInput) -> Vec<FinalScore> {
    input
        .players
        .iter()
        .enumerate()
        .map(|(seat, (vp, taler, resources))| {
            let mine = |rule: SpaceRule| {
                SPACES
                    .iter()
                    .zip(input.spaces)
                    .filter(|(s, o)| s.rule == rule && **o == Some(seat))
                    .count() as u32
            };
            let spaces: Vec<(String, u32)> = SPACES
                .iter()
                .zip(input.spaces)
                .filter(|(s, o)| {
                    **o == Some(seat) && !matches!(s.rule, SpaceRule::Markt | SpaceRule::Palas)
                })
                .map(|(s, _)| (s.id.to_string(), input.space_vp(s.rule)))
                .collect();
            let (palas_vp, converted) = palas(resources, mine(SpaceRule::Palas));
            let (markt_vp, taler_left) = markt(*taler, mine(SpaceRule::Markt));
            let left = resources.minus(converted).unwrap_or(Resources::NONE);
            let total = vp + spaces.iter().map(|(_, v)| v).sum::<u32>() + palas_vp + markt_vp;
            FinalScore {
                seat,
                before: *vp,
                spaces,
                palas: palas_vp,
                converted,
                markt: markt_vp,
                total,
                taler_left,
                resources_left_value: left.end_value(),
                rank: 0,
            }
        })
        .collect()
}

/// Competition ranks (1 = best) by a key where greater is better; equal keys share a rank.
pub fn rank<K: Ord>(keys: &[K]) -> Vec<u8> {
    keys.iter()
        .map(|k| 1 + keys.iter().filter(|o| *o > k).count() as u8)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conversions() {
        assert_eq!(markt(7, 1), (3, 1));
        assert_eq!(markt(7, 2), (7, 0));
        assert_eq!(markt(7, 0), (0, 7));
        let r = Resources::new(3, 2, 1, 1, 2);
        let (vp, c) = palas(&r, 1);
        assert_eq!(c, Resources::new(0, 1, 1, 1, 2));
        assert_eq!(vp, 10 + 5 + 4 + 2);
        let (vp, c) = palas(&r, 2);
        assert_eq!(c, Resources::new(3, 2, 1, 1, 2));
        assert_eq!(vp, r.end_value());
    }

    #[test]
    fn ranks_share_full_ties() {
        assert_eq!(rank(&[(5, 1), (5, 2), (3, 9), (5, 2)]), vec![3, 1, 4, 1]);
    }
}
