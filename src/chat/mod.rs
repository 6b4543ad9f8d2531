//! Chat adapters: they translate a platform's messages into [`Command`]s and the service's
//! [`Reply`]s back into messages. Platform types live only in their adapter.
//!
//! What every chat shares lives here, once: drawing the boards of replies off the async
//! runtime ([`prepare`], [`render`]), the timer loop ([`tick_loop`], [`due`]), the routing of
//! replies to their audience ([`deliver`]: the channel, or one user privately) and the error
//! chain ([`chain`]). An adapter implements [`Chat`]: how to post in a channel and how to reach a
//! user privately; it words the service's hints itself (its `hint_words`, given to [`prepare`]).

pub mod console;
#[cfg(feature = "discord")]
pub mod discord;
pub mod kept;
#[cfg(feature = "matrix")]
pub mod matrix;
pub mod stdin;

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use crate::app::App;
use crate::render::Renderer;
use crate::table::{Command, Hint, Reply, User};

pub use crate::league::ChatStore;

/// A reply with its board image rendered, ready for an adapter to send.
#[derive(Debug, Clone)]
pub struct Outgoing {
    /// The service's reply.
    pub reply: Reply,
    /// The board PNG, if the reply shows a board.
    pub png: Option<crate::render::Png>,
}

/// What a chat adapter provides to the shared parts.
pub trait Chat: Send + Sync + 'static {
    /// The prefix of this chat's channel keys (`discord:`, `matrix:`, `#`).
    fn prefix(&self) -> &'static str;

    /// Posts a public reply in the channel `channel` (a channel key).
    fn post(&self, channel: &str, out: &Outgoing) -> impl Future<Output = ()> + Send;

    /// Readies replies for this chat before they are sent (what it must store first, say);
    /// blocking. The default leaves them as they are.
    fn ready(&self, _outgoing: &mut [Outgoing]) {}

    /// Sends a private reply to `user` about the table in `channel`.
    fn whisper(
        &self,
        user: &User,
        channel: &str,
        out: &Outgoing,
    ) -> impl Future<Output = ()> + Send;
}

/// An error with its causes, on one line.
pub fn chain(e: &dyn std::error::Error) -> String {
    let mut text = e.to_string();
    let mut source = e.source();
    while let Some(cause) = source {
        text.push_str(": ");
        text.push_str(&cause.to_string());
        source = cause.source();
    }
    text
}

/// Adds a chat's words for the reply's hint to its text.
pub fn with_hint(mut reply: Reply, words: impl Fn(Hint) -> String) -> Reply {
    if let Some(hint) = reply.hint {
        let words = crate::i18n::scope(reply.lang, || words(hint));
        reply.text = format!("{} {words}", reply.text);
    }
    reply
}

/// The image a reply carries (its board, or its replay), drawn and described; `None` when it
/// has none or it could not be drawn (logged). Blocking.
pub fn draw(renderer: &Renderer, reply: &Reply) -> Option<crate::render::Png> {
    let started = std::time::Instant::now();
    let drawn = match (&reply.board, &reply.replay) {
        (Some(board), _) => renderer.render(board).map(|mut png| {
            png.description = board.describe();
            png
        }),
        (None, Some(replay)) => renderer.replay(replay).map(|mut png| {
            png.description = replay.describe();
            png
        }),
        (None, None) => return None,
    };
    match drawn {
        Ok(png) => {
            crate::telemetry::seconds(crate::telemetry::RENDER_SECONDS, &[], started.elapsed());
            metrics::histogram!(crate::telemetry::IMAGE_BYTES).record(png.bytes.len() as f64);
            Some(png)
        }
        Err(e) => {
            tracing::error!(error = %e, "image not rendered");
            None
        }
    }
}

/// Renders the images of `replies` (to be called off the async runtime).
pub fn render(renderer: &Renderer, replies: Vec<Reply>) -> Vec<Outgoing> {
    replies
        .into_iter()
        .map(|reply| Outgoing {
            png: draw(renderer, &reply),
            reply,
        })
        .collect()
}

/// Handles one command: the service commits before it answers, then the hints get the chat's
/// words and the boards are drawn. Blocking: run it with `spawn_blocking`.
pub fn prepare(
    service: &App,
    renderer: &Renderer,
    cmd: &Command,
    words: impl Fn(Hint) -> String,
) -> Vec<Outgoing> {
    let arrived = std::time::Instant::now();
    let replies = service
        .handle(cmd)
        .into_iter()
        .map(|r| with_hint(r, &words))
        .collect();
    let outgoing = render(renderer, replies);
    if !outgoing.is_empty() {
        answered(&cmd.channel, arrived);
    }
    outgoing
}

/// Records a command's answer time, from `arrived` to now, by the chat its channel is in
/// (called for what the bot answered: a message not addressed to it is not a command).
pub fn answered(channel: &str, arrived: std::time::Instant) {
    crate::telemetry::seconds(
        crate::telemetry::ANSWER_SECONDS,
        &[("chat", crate::telemetry::chat_of(channel))],
        arrived.elapsed(),
    );
}

/// The timers that are due in the channels starting with `prefix`, their replies drawn: what
/// every chat's timer loop delivers. Blocking.
pub fn due(service: &App, renderer: &Renderer, prefix: &str) -> Vec<(String, Vec<Outgoing>)> {
    service
        .tick(prefix)
        .into_iter()
        .map(|(channel, replies)| (channel, render(renderer, replies)))
        .collect()
}

/// Sends replies to their audiences: public ones to the channel, private ones to their user
/// alone.
pub async fn deliver<C: Chat>(chat: &C, channel: &str, outgoing: &[Outgoing]) {
    for out in outgoing {
        match &out.reply.to {
            Some(user) => chat.whisper(user, channel, out).await,
            None => chat.post(channel, out).await,
        }
    }
}

/// Once a second: runs the timers due in the chat's channels (clocks, waits for answers) and
/// delivers their replies, each to its audience — until the stop is requested.
pub async fn tick_loop<C: Chat>(
    chat: Arc<C>,
    service: Arc<App>,
    renderer: Arc<Renderer>,
    shutdown: Arc<crate::ops::Shutdown>,
) {
    let mut every_second = tokio::time::interval(Duration::from_secs(1));
    loop {
        every_second.tick().await;
        // A tick under way is finished (its replies sent) before the process stops.
        let Some(_working) = shutdown.begin() else {
            return;
        };
        let (service, renderer, ready) = (service.clone(), renderer.clone(), chat.clone());
        let prefix = chat.prefix();
        let due = tokio::task::spawn_blocking(move || {
            let mut due = due(&service, &renderer, prefix);
            for (_, outgoing) in &mut due {
                ready.ready(outgoing);
            }
            due
        })
        .await
        .unwrap_or_default();
        for (channel, outgoing) in due {
            deliver(chat.as_ref(), &channel, &outgoing).await;
        }
    }
}
