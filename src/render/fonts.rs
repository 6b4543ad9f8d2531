//! Fonts embedded in the binary, so text renders on machines with no fonts installed.

/// DejaVu Sans (regular). License: `assets/fonts/LICENSE-DejaVu.txt`.
pub const SANS: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");

/// DejaVu Sans Bold.
pub const SANS_BOLD: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans-Bold.ttf");

/// The family name the templates use.
pub const FAMILY: &str = "DejaVu Sans";
