//! Chat adapters: they translate a platform's messages into [`Command`](crate::table::Command)s
//! and the service's [`Reply`](crate::table::Reply)s back into messages. Platform types live
//! only here.

pub mod console;
pub mod discord;
pub mod matrix;

use crate::render::Renderer;
use crate::table::{Command, Reply, TableService};

/// A reply with its board image rendered, ready for an adapter to send.
#[derive(Debug, Clone)]
pub struct Outgoing {
    /// The service's reply.
    pub reply: Reply,
    /// The board PNG, if the reply shows a board.
    pub png: Option<crate::render::Png>,
}

/// Renders the boards of `replies` (to be called off the async runtime).
pub fn render(renderer: &Renderer, replies: Vec<Reply>) -> Vec<Outgoing> {
    replies
        .into_iter()
        .map(|reply| {
            let png = reply.board.as_ref().and_then(|b| match renderer.render(b) {
                Ok(png) => Some(png),
                Err(e) => {
                    tracing::error!(error = %e, "board image not rendered");
                    None
                }
            });
            Outgoing { reply, png }
        })
        .collect()
}

/// Handles one command: the service commits before it answers, then the boards are drawn.
/// Blocking: run it with `spawn_blocking`.
pub fn prepare(service: &TableService, renderer: &Renderer, cmd: &Command) -> Vec<Outgoing> {
    render(renderer, service.handle(cmd))
}
