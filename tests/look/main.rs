//! What the bot shows and how its source is kept: board images probed pixel by pixel, every
//! message in every language, one word per thing, and the shape of the source tree.

// matrix-sdk's futures (tests/support/matrix.rs) are deeply nested types.
#![recursion_limit = "256"]

#[path = "../support/mod.rs"]
mod support;

mod architecture;
mod glossary;
mod locales;
mod render;
