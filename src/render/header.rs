//! The header band every game image shares (`templates/shared/players.svg`): one badge per
//! player with their colour, name and a detail line; the player to move is framed.

/// What a game says about one player.
#[derive(Debug, Clone)]
pub struct PlayerLine {
    /// Display name (shortened here).
    pub name: String,
    /// Second line, e.g. "White · 23 pieces".
    pub detail: String,
    /// Token fill colour.
    pub fill: &'static str,
    /// Token outline colour.
    pub stroke: &'static str,
    /// Whether this player is to act.
    pub to_move: bool,
}

/// A laid-out badge, as the template reads it.
#[derive(Debug, Clone)]
pub struct Badge {
    /// Left edge of the badge frame.
    pub x: f32,
    /// Width of the badge frame.
    pub w: f32,
    /// Token centre.
    pub dot_x: f32,
    /// Text anchor point.
    pub text_x: f32,
    /// SVG `text-anchor`.
    pub anchor: &'static str,
    /// Escaped by the template.
    pub name: String,
    /// Escaped by the template.
    pub detail: String,
    /// Token fill.
    pub fill: &'static str,
    /// Token outline.
    pub stroke: &'static str,
    /// Framed when true.
    pub to_move: bool,
}

/// Lays out badges: two players at the left and right edges (the status in the middle);
/// more players side by side from the left.
pub fn layout(width: f32, players: Vec<PlayerLine>) -> Vec<Badge> {
    let n = players.len();
    players
        .into_iter()
        .enumerate()
        .map(|(i, p)| {
            let name = super::short_name(&p.name, 18);
            let chars = name.chars().count().max(p.detail.chars().count()) as f32;
            let w = 48.0 + chars * 11.5;
            let right = n == 2 && i == 1;
            let x = if right {
                width - 16.0 - w
            } else if n == 2 {
                16.0
            } else {
                16.0 + i as f32 * (width - 32.0) / n as f32
            };
            let (dot_x, text_x, anchor) = if right {
                (x + w - 18.0, x + w - 42.0, "end")
            } else {
                (x + 18.0, x + 42.0, "start")
            };
            Badge {
                x,
                w,
                dot_x,
                text_x,
                anchor,
                name,
                detail: p.detail,
                fill: p.fill,
                stroke: p.stroke,
                to_move: p.to_move,
            }
        })
        .collect()
}
