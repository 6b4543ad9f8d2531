//! The Händler (§5.2): a helper on a free field, then the fields' income.

use super::*;

impl Burg {
    /// The fields `seat`'s Händler may place on (§5.2); empty without a helper in the supply.
    pub fn haendler_targets(&self, seat: Seat) -> Vec<Resource> {
        if self.players[seat].helpers == 0 {
            return Vec::new();
        }
        let carts = &Resource::ALL[..4];
        let free: Vec<Resource> = carts
            .iter()
            .copied()
            .filter(|k| self.fields[k.index()].is_none())
            .collect();
        if !free.is_empty() {
            return free;
        }
        Resource::ALL
            .into_iter()
            .filter(|k| match self.fields[k.index()] {
                None => true,
                Some(h) => h.seat != seat && !h.fresh,
            })
            .collect()
    }

    pub(super) fn field_refusal(&self, seat: Seat, field: Resource) -> BurgError {
        let free: Vec<Resource> = Resource::ALL[..4]
            .iter()
            .copied()
            .filter(|k| self.fields[k.index()].is_none())
            .collect();
        let reason = if !free.is_empty() {
            if field == Resource::Silver {
                FieldWhy::ReiterClosed(free)
            } else {
                FieldWhy::CartFree(free)
            }
        } else {
            match self.fields[field.index()] {
                Some(h) if h.seat == seat => FieldWhy::OwnHelper,
                Some(h) => FieldWhy::Fresh(color(h.seat)),
                None => FieldWhy::NotOpen,
            }
        };
        BurgError::Field { field, reason }
    }

    pub(super) fn place(
        &mut self,
        seat: Seat,
        field: Resource,
        events: &mut Vec<BurgEvent>,
    ) -> Result<(), BurgError> {
        if !self.haendler_targets(seat).contains(&field) {
            return Err(self.field_refusal(seat, field));
        }
        let displaced = self.fields[field.index()].map(|h| h.seat);
        if let Some(d) = displaced {
            self.players[d].helpers += 1;
        }
        self.players[seat].helpers -= 1;
        self.fields[field.index()] = Some(FieldHelper { seat, fresh: true });
        events.push(BurgEvent::Placed {
            color: color(seat),
            field,
            displaced: displaced.map(color),
        });
        self.finish_action(events);
        Ok(())
    }
}
