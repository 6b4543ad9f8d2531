//! Paying for a building (§6): pieces worth exactly the tile's value, in at least three kinds
//! of sand, wood, clay and stone; each silver is declared as one of them and counts as that
//! kind at that kind's value. Also the default payment of §14 / §15.10, and a payment and why it
//! does not pay in the current language.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::names::{kind_list, pieces};
use super::resources::{Resource, Resources};
use crate::t;

/// A payment: plain pieces of the four building kinds, and silver pieces each declared as one of
/// them. Indices 0–3 are sand, wood, clay, stone.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Payment {
    /// Plain pieces per building kind.
    pub pieces: [u8; 4],
    /// Silver pieces declared as each building kind.
    pub silver_as: [u8; 4],
}

/// Why a payment does not pay for a building.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PaymentError {
    /// The values do not add up to the building's value.
    Value {
        /// The building's value.
        value: u8,
        /// What the payment is worth.
        paid: u32,
    },
    /// Fewer than three kinds.
    Kinds {
        /// The kinds used (silver as declared).
        kinds: Vec<Resource>,
    },
    /// The player does not hold the pieces.
    Missing {
        /// The kind short.
        kind: Resource,
        /// Needed.
        need: u32,
        /// Held.
        have: u8,
    },
    /// No legal payment exists at all.
    Impossible {
        /// The building's value.
        value: u8,
        /// What the player holds.
        holding: Resources,
    },
}

impl std::error::Error for PaymentError {}

impl fmt::Display for PaymentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            PaymentError::Value { value, paid } => {
                t!("burg-pay-value", paid = *paid, value = *value)
            }
            PaymentError::Kinds { kinds } => {
                t!("burg-pay-kinds", n = kinds.len(), kinds = kind_list(kinds))
            }
            PaymentError::Missing { kind, need, have } => t!(
                "burg-pay-missing",
                have = pieces(*have, *kind),
                need = *need
            ),
            PaymentError::Impossible { value, holding } => impossible(*value, holding),
        };
        f.write_str(&text)
    }
}

/// "missing 9 in value and 1 more kind" and the like.
fn impossible(value: u8, holding: &Resources) -> String {
    let most = holding.sand as u32
        + 2 * holding.wood as u32
        + 4 * holding.clay as u32
        + 5 * holding.stone as u32
        + 5 * holding.silver as u32;
    let plain_kinds = Resource::BUILDING
        .iter()
        .filter(|k| holding.get(**k) > 0)
        .count();
    let kinds = (plain_kinds + holding.silver as usize).min(4);
    let holding = if holding.is_empty() {
        t!("burg-pay-empty-store")
    } else {
        holding.label()
    };
    let short = u32::from(value).saturating_sub(most);
    let more = 3usize.saturating_sub(kinds);
    match (short > 0, more > 0) {
        (false, false) => t!("burg-pay-impossible", value = value, holding = holding),
        (true, false) => t!(
            "burg-pay-impossible-value",
            value = value,
            holding = holding,
            short = short
        ),
        (false, true) => t!(
            "burg-pay-impossible-kinds",
            value = value,
            holding = holding,
            more = more
        ),
        (true, true) => t!(
            "burg-pay-impossible-both",
            value = value,
            holding = holding,
            short = short,
            more = more
        ),
    }
}

impl Payment {
    /// `n` plain pieces of `kind` (silver: ignored; use [`Payment::silver`]).
    pub fn add(&mut self, kind: Resource, n: u8) {
        if let Some(i) = building_index(kind) {
            self.pieces[i] = self.pieces[i].saturating_add(n);
        }
    }

    /// `n` silver pieces declared as `kind`.
    pub fn add_silver(&mut self, declared: Resource, n: u8) {
        if let Some(i) = building_index(declared) {
            self.silver_as[i] = self.silver_as[i].saturating_add(n);
        }
    }

    /// Built from `(count, kind)` plain groups and `(count, declared)` silver groups.
    pub fn of(plain: &[(u8, Resource)], silver: &[(u8, Resource)]) -> Payment {
        let mut p = Payment::default();
        for (n, k) in plain {
            p.add(*k, *n);
        }
        for (n, k) in silver {
            p.add_silver(*k, *n);
        }
        p
    }

    /// Silver pieces used.
    pub fn silver(&self) -> u32 {
        self.silver_as.iter().map(|n| u32::from(*n)).sum()
    }

    /// Pieces spent, silver included (what a Maurer is paid in Taler).
    pub fn count(&self) -> u32 {
        self.pieces.iter().map(|n| u32::from(*n)).sum::<u32>() + self.silver()
    }

    /// The pieces taken from the player (silver as silver).
    pub fn spent(&self) -> Resources {
        Resources::new(
            self.pieces[0],
            self.pieces[1],
            self.pieces[2],
            self.pieces[3],
            self.silver().min(255) as u8,
        )
    }

    /// The payment's value, silver at its declared kind's value.
    pub fn value(&self) -> u32 {
        Resource::BUILDING
            .iter()
            .enumerate()
            .map(|(i, k)| {
                (u32::from(self.pieces[i]) + u32::from(self.silver_as[i]))
                    * u32::from(k.value().unwrap_or(0))
            })
            .sum()
    }

    /// The kinds used, silver as declared, in value order.
    pub fn kinds(&self) -> Vec<Resource> {
        Resource::BUILDING
            .iter()
            .enumerate()
            .filter(|(i, _)| self.pieces[*i] + self.silver_as[*i] > 0)
            .map(|(_, k)| *k)
            .collect()
    }

    /// Whether this pays exactly `value` with at least three kinds from `holding`.
    pub fn check(&self, value: u8, holding: &Resources) -> Result<(), PaymentError> {
        for kind in Resource::ALL {
            let need = match building_index(kind) {
                Some(i) => u32::from(self.pieces[i]),
                None => self.silver(),
            };
            if need > u32::from(holding.get(kind)) {
                return Err(PaymentError::Missing {
                    kind,
                    need,
                    have: holding.get(kind),
                });
            }
        }
        let kinds = self.kinds();
        if kinds.len() < 3 {
            return Err(PaymentError::Kinds { kinds });
        }
        let paid = self.value();
        if paid != u32::from(value) {
            return Err(PaymentError::Value { value, paid });
        }
        Ok(())
    }
}

fn building_index(kind: Resource) -> Option<usize> {
    Resource::BUILDING.iter().position(|k| *k == kind)
}

impl fmt::Display for Payment {
    /// `1 sand 1 wood 1 clay 1 silver as stone` (the part after `pay`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = Vec::new();
        for (i, k) in Resource::BUILDING.iter().enumerate() {
            if self.pieces[i] > 0 {
                parts.push(format!("{} {k}", self.pieces[i]));
            }
        }
        for (i, k) in Resource::BUILDING.iter().enumerate() {
            if self.silver_as[i] > 0 {
                parts.push(format!("{} silver as {k}", self.silver_as[i]));
            }
        }
        f.write_str(&parts.join(" "))
    }
}

impl Payment {
    /// The payment in the current language: `1 sand 1 wood 1 clay 1 silver as stone`.
    pub fn label(&self) -> String {
        let mut parts = Vec::new();
        for (i, k) in Resource::BUILDING.iter().enumerate() {
            if self.pieces[i] > 0 {
                parts.push(pieces(self.pieces[i], *k));
            }
        }
        for (i, k) in Resource::BUILDING.iter().enumerate() {
            if self.silver_as[i] > 0 {
                parts.push(t!(
                    "burg-silver-as",
                    n = self.silver_as[i],
                    kind = k.label()
                ));
            }
        }
        parts.join(" ")
    }
}

/// Every legal payment of exactly `value` from `holding` that uses as little silver as possible
/// for its effective counts (a payment that spends a silver where the player has the plain piece
/// is legal too, but never better; [`Payment::check`] accepts it).
fn candidates(value: u8, holding: &Resources) -> Vec<Payment> {
    let value = u32::from(value);
    let mut out = Vec::new();
    for stone in 0..=value / 5 {
        for clay in 0..=(value - 5 * stone) / 4 {
            let rest = value - 5 * stone - 4 * clay;
            for wood in 0..=rest / 2 {
                let sand = rest - 2 * wood;
                let effective = [sand, wood, clay, stone];
                if effective.iter().filter(|n| **n > 0).count() < 3 {
                    continue;
                }
                let mut p = Payment::default();
                let mut silver = 0u32;
                for (i, kind) in Resource::BUILDING.iter().enumerate() {
                    let have = u32::from(holding.get(*kind));
                    let plain = effective[i].min(have);
                    p.pieces[i] = plain as u8;
                    p.silver_as[i] = (effective[i] - plain) as u8;
                    silver += effective[i] - plain;
                }
                if silver <= u32::from(holding.silver) {
                    out.push(p);
                }
            }
        }
    }
    out
}

/// The default payment (§14, §15.10): among all legal payments the fewest silver; then the most
/// sand, wood, clay, stone; then silver declared as low as possible. `None` when there is none.
pub fn default_payment(value: u8, holding: &Resources) -> Option<Payment> {
    candidates(value, holding).into_iter().min_by_key(|p| {
        (
            p.silver(),
            std::cmp::Reverse(p.pieces),
            std::cmp::Reverse([p.silver_as[0], p.silver_as[1], p.silver_as[2]]),
        )
    })
}

/// The payment to use for `value`: the given one checked, or the default one.
pub fn resolve(
    value: u8,
    holding: &Resources,
    given: Option<&Payment>,
) -> Result<Payment, PaymentError> {
    match given {
        Some(p) => p.check(value, holding).map(|()| *p),
        None => default_payment(value, holding).ok_or(PaymentError::Impossible {
            value,
            holding: *holding,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Resource::*;

    #[test]
    fn spec_examples() {
        let holding = Resources::new(5, 5, 5, 5, 5);
        let house = Payment::of(&[(1, Sand), (1, Wood), (1, Clay)], &[(1, Stone)]);
        assert_eq!(house.check(12, &holding), Ok(()));
        assert_eq!(house.count(), 4);
        // The spec's wall example as printed (its sum is 6, not 8) and with the sum corrected:
        // both are refused for using two kinds only.
        for wall in [
            Payment::of(&[(2, Sand), (1, Wood)], &[(1, Wood)]),
            Payment::of(&[(4, Sand), (1, Wood)], &[(1, Wood)]),
        ] {
            assert_eq!(
                wall.check(8, &holding),
                Err(PaymentError::Kinds {
                    kinds: vec![Sand, Wood]
                })
            );
        }
    }

    #[test]
    fn default_prefers_cheap_pieces_and_no_silver() {
        // Tower 10 with plenty: fewest silver (0), then most sand: 10 sand is 1 kind, so the
        // most sand with 3 kinds: 3 sand? 1+… the enumeration decides: sand max subject to 3 kinds.
        let p = default_payment(10, &Resources::new(20, 10, 10, 10, 0)).unwrap();
        assert_eq!(p.silver(), 0);
        assert_eq!(p.kinds().len(), 3);
        assert_eq!(p.pieces, [4, 1, 1, 0]);
        // Only silver can supply the third kind.
        let p = default_payment(10, &Resources::new(3, 3, 0, 0, 2)).unwrap();
        assert_eq!(p.silver(), 1);
        assert_eq!(p.value(), 10);
        assert!(default_payment(10, &Resources::new(3, 3, 0, 0, 0)).is_none());
    }

    #[test]
    fn the_english_label_is_the_notation() {
        let p = Payment::of(
            &[
                (1, Resource::Sand),
                (1, Resource::Wood),
                (1, Resource::Clay),
            ],
            &[(1, Resource::Stone)],
        );
        assert_eq!(p.label(), p.to_string());
    }

    #[test]
    fn impossible_names_what_is_missing() {
        let e = resolve(12, &Resources::new(1, 1, 0, 0, 0), None).unwrap_err();
        let text = e.to_string();
        assert!(text.contains("9 in value"), "{text}");
        assert!(text.contains("1 more kind"), "{text}");
    }
}
