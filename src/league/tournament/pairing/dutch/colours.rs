//! Colours in the Dutch system: the preferences (C.04.3 A.6) and their allocation (E.1–E.5).

/// How strongly a player wants a colour (A.6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Strength {
    /// No game played yet: no preference (the opponent's is granted).
    None,
    /// Colour difference 0: alternate from the last game.
    Mild,
    /// Colour difference ±1: the colour that evens it.
    Strong,
    /// Colour difference beyond ±1, or the same colour in the last two games.
    Absolute,
}

/// Which colour a player wants, and how strongly.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Preference {
    /// `Some(true)` White, `Some(false)` Black, `None` none.
    pub white: Option<bool>,
    pub strength: Strength,
}

impl Preference {
    /// Both want the same colour.
    pub fn clashes(&self, other: &Preference) -> bool {
        self.white.is_some() && self.white == other.white
    }
}

/// The preference of a player who played `colours` (`true` White), with the colour difference
/// and whether the last two were alike.
pub fn preference(colours: &[bool]) -> (Preference, i32, bool) {
    let difference: i32 = colours.iter().map(|w| if *w { 1 } else { -1 }).sum();
    let double = matches!(colours, [.., a, b] if a == b);
    let white = match difference {
        d if d > 0 => Some(false),
        d if d < 0 => Some(true),
        _ => colours.last().map(|last| !last),
    };
    let strength = if white.is_none() {
        Strength::None
    } else if difference.abs() > 1 || double {
        Strength::Absolute
    } else if difference.abs() == 1 {
        Strength::Strong
    } else {
        Strength::Mild
    };
    (Preference { white, strength }, difference, double)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn preferences_by_the_colour_difference_and_the_last_two_games() {
        let p = |c: &[bool]| preference(c).0;
        let none = p(&[]);
        assert_eq!((none.white, none.strength), (None, Strength::None));
        // Difference 0: mild, alternate from the last game.
        assert_eq!(p(&[true, false]).white, Some(true));
        assert_eq!(p(&[true, false]).strength, Strength::Mild);
        assert_eq!(p(&[false, true]).white, Some(false));
        // ±1: strong, for the colour that evens it.
        assert_eq!(p(&[true]).white, Some(false));
        assert_eq!(p(&[true]).strength, Strength::Strong);
        assert_eq!(p(&[true, false, false]).white, Some(true));
        assert_eq!(
            p(&[true, false, false]).strength,
            Strength::Absolute,
            "two alike"
        );
        assert_eq!(p(&[false, true, false]).strength, Strength::Strong);
        // Beyond ±1, or the last two alike: absolute.
        assert_eq!(p(&[true, true]).white, Some(false));
        assert_eq!(p(&[true, true]).strength, Strength::Absolute);
        let (pref, difference, double) = preference(&[false, true, false, false, true, false]);
        assert_eq!(
            (pref.white, pref.strength),
            (Some(true), Strength::Absolute)
        );
        assert_eq!((difference, double), (-2, false));
    }
}
