//! The Discord adapter, on serenity 0.12 and poise 0.7.
//!
//! Slash commands ([`commands`]) and `!` messages become table-service [`Command`]s; replies go
//! back as interaction responses, follow-ups, channel messages and direct messages
//! ([`deliver`]). Platform types stay in this module.
//!
//! - Channel and thread ids key the tables (`discord:<id>`); user ids the seats.
//! - The service runs off the async runtime (`spawn_blocking`): it commits to sled before it
//!   answers, then the board is drawn. An interaction not answered within `defer_after` is
//!   deferred first, so Discord's 3-second window is never missed.
//! - Refusals and private views are ephemeral; private replies to other players go by DM.
//! - Buttons carry their table's id, so a stale button never acts on a newer table.
//! - The shared timer loop ([`crate::chat::tick_loop`]) runs this adapter's channels; its
//!   private replies go by DM, like every private reply to somebody who did not ask.

pub mod buttons;
pub mod commands;
mod connect;
pub mod deliver;
pub mod localize;
mod messages;
mod permissions;
pub mod reach;
pub mod register;
pub mod shards;
pub mod starts;
pub mod threads;
mod venues;
mod watch;

pub use self::connect::run;

use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use serenity::{ChannelType, Http};

use self::deliver::{Outgoing, Responder, channel_key, user_key};
use self::permissions::{may_manage_server, may_moderate, may_organize};
use self::reach::{Reach, community_key};
pub use self::shards::ShardRange;
use crate::app::App;
use crate::chat::{Chat, chain};
use crate::config::Secret;
use crate::i18n::Lang;
use crate::render::Renderer;
use crate::t;
use crate::table::{Command, Hint, Reply, User};

/// The error type of commands and handlers.
pub type Error = Box<dyn std::error::Error + Send + Sync>;
/// The poise context.
pub type Context<'a> = poise::Context<'a, Data, Error>;

/// What every command and handler shares.
pub struct Data {
    /// The table service.
    pub service: Arc<App>,
    /// The board renderer.
    pub renderer: Arc<Renderer>,
    /// Open a thread for every game.
    pub threads: bool,
    /// Defer interactions not answered within this time.
    pub defer_after: Duration,
    /// Read `!` text commands.
    pub message_commands: bool,
    /// Direct messages and gone channels.
    pub reach: Arc<Reach>,
    /// The clean stop: no command is taken once it is requested.
    pub shutdown: Arc<crate::ops::Shutdown>,
}

/// The longest `defer_after` that still meets Discord's 3-second deadline for the first
/// response: the deferral itself must reach Discord in the second that remains.
pub const MAX_DEFER_AFTER: Duration = Duration::from_millis(2000);

/// How to run the bot.
#[derive(Debug, Clone)]
pub struct Settings {
    /// The bot token.
    pub token: Secret,
    /// Register the commands in this guild only.
    pub guild: Option<u64>,
    /// This process's shards.
    pub shards: Option<ShardRange>,
    /// Read `!` text commands (Message Content intent).
    pub message_commands: bool,
    /// Learn when members leave the server (Server Members intent).
    pub member_events: bool,
    /// Open a thread for every game.
    pub threads: bool,
    /// At most this many of the bot's game threads active at once.
    pub thread_budget: usize,
    /// Defer interactions not answered within this time.
    pub defer_after: Duration,
    /// Send API requests here instead of Discord (tests).
    pub api_proxy: Option<String>,
    /// Resolve discord.com to this `host:port` instead (tests: a fake Discord serving TLS).
    pub api_address: Option<String>,
    /// Also trust the certificate authority in this PEM file (tests).
    pub api_ca_file: Option<std::path::PathBuf>,
    /// Where the bot notes its starts, to back off in a crash loop ([`starts`]).
    pub starts: Option<std::path::PathBuf>,
    /// Told when the gateway connects and goes away (readiness).
    pub health: Arc<crate::ops::Health>,
    /// The clean stop: interactions arriving after it are asked to try again.
    pub shutdown: Arc<crate::ops::Shutdown>,
}

/// Why the bot could not run.
#[derive(Debug, thiserror::Error)]
pub enum DiscordError {
    /// The token does not have a token's shape.
    #[error("SPIELTISCH_DISCORD_TOKEN does not look like a Discord bot token")]
    Malformed,
    /// Discord answered 401.
    #[error("Discord rejected the bot token (401 Unauthorized): check SPIELTISCH_DISCORD_TOKEN")]
    Rejected,
    /// No connection.
    #[error("cannot reach Discord: {0}")]
    Unreachable(String),
    /// The slash commands could not be registered: the bot would show online and answer
    /// nothing.
    #[error("{0}")]
    Registration(String),
    /// A setting that cannot work.
    #[error("[discord] {0}")]
    Config(String),
    /// Anything else.
    #[error("Discord: {0}")]
    Other(String),
}

/// Checks `defer_after_ms`: answering later than [`MAX_DEFER_AFTER`] risks Discord's 3-second
/// deadline, after which the interaction is lost.
pub fn defer_after(ms: u64) -> Result<Duration, DiscordError> {
    let d = Duration::from_millis(ms);
    if d > MAX_DEFER_AFTER {
        return Err(DiscordError::Config(format!(
            "defer_after_ms = {ms} cannot meet Discord's 3-second deadline for the first response; use at most {}",
            MAX_DEFER_AFTER.as_millis()
        )));
    }
    Ok(d)
}

/// Discord's words for the service's hints.
pub fn hint_words(hint: Hint) -> String {
    match hint {
        Hint::SendPrivately => crate::t!("discord-send-privately"),
    }
}

/// Discord as the shared parts see it: channel posts and direct messages.
pub struct DiscordChat {
    http: Arc<Http>,
    service: Arc<App>,
    reach: Arc<Reach>,
    /// Tournament games' threads opened, by their pending keys (`discord:<channel>/<name>`).
    venues: std::sync::Mutex<std::collections::HashMap<String, serenity::ChannelId>>,
    /// When the parent channel was last told that a pending key's thread could not be opened.
    refused: std::sync::Mutex<std::collections::HashMap<String, std::time::Instant>>,
    /// At most this many of the bot's game threads active at once.
    thread_budget: usize,
    /// A duplicate's game past the budget is played in its player's direct messages: the
    /// commands are registered globally, so Discord offers them there too.
    direct_venues: bool,
    /// Pending keys whose start is already in their player's direct messages while the table
    /// could not move there yet: a retry moves it without posting the start again.
    direct_started: std::sync::Mutex<std::collections::HashSet<String>>,
    /// Posts to tournament games' pending keys, for the venue task ([`venues`]).
    venue_jobs: tokio::sync::mpsc::UnboundedSender<(String, Outgoing)>,
}

impl Chat for DiscordChat {
    fn prefix(&self) -> &'static str {
        "discord:"
    }

    fn ready(&self, outgoing: &mut [Outgoing]) {
        buttons::fit(self.service.chat_store().as_ref(), outgoing);
    }

    async fn post(&self, channel: &str, out: &Outgoing) {
        // A tournament game's posts go to the venue task, which opens its thread (not here:
        // the timer loop does not wait for a round's threads).
        if threads::pending_venue(channel).is_some() {
            if self
                .venue_jobs
                .send((channel.to_string(), out.clone()))
                .is_err()
            {
                tracing::error!(channel, "the venue task has stopped; a game's post dropped");
            }
            return;
        }
        reach::post_or_close(&self.http, &self.service, &self.reach, channel, out).await;
        if let Some(thread) = deliver::channel_of(channel) {
            threads::archive_if_over(&self.service, &self.http, &self.reach, thread).await;
        }
    }

    async fn whisper(&self, _user: &User, channel: &str, out: &Outgoing) {
        let channel = deliver::channel_of(channel);
        self.reach
            .direct(&self.http, &self.service, channel, out)
            .await;
    }
}

/// Move text compared loosely: case, spaces and dashes do not matter.
pub fn normalize_move(text: &str) -> String {
    text.chars()
        .filter(|c| !matches!(c, '-' | ' '))
        .flat_map(char::to_lowercase)
        .collect()
}

fn display_name(user: &serenity::User, member: Option<&serenity::Member>) -> String {
    member
        .and_then(|m| m.nick.clone())
        .or_else(|| user.global_name.clone())
        .unwrap_or_else(|| user.name.clone())
}

fn is_thread(channel: Option<&serenity::PartialChannel>) -> bool {
    channel.is_some_and(|c| {
        matches!(
            c.kind,
            ChannelType::PublicThread | ChannelType::PrivateThread | ChannelType::NewsThread
        )
    })
}

/// How a slash command is seen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Seen {
    /// Like a message in the channel (`/join`, `/board`, ...).
    Public,
    /// A move: sent privately (so secret moves are accepted), answered in public when played.
    Move,
    /// A private view (`/hand`): everything ephemeral.
    Private,
}

/// A slash command: its text goes to the service as the invoking user.
pub(crate) async fn run_slash(ctx: Context<'_>, text: String, seen: Seen) -> Result<(), Error> {
    let poise::Context::Application(actx) = ctx else {
        return Ok(());
    };
    let interaction = actx.interaction;
    let member = interaction.member.as_deref();
    let cmd = Command {
        private: seen != Seen::Public,
        moderator: may_moderate(member),
        may_organize: may_organize(member),
        ..Command::new(
            &channel_key(interaction.channel_id),
            User {
                id: user_key(interaction.user.id),
                name: display_name(&interaction.user, member),
            },
            &text,
        )
    };
    let cmd = Command {
        community: interaction.guild_id.map(community_key),
        community_admin: may_manage_server(member),
        locale: Lang::from_locale(&interaction.locale),
        ..cmd
    };
    let mut responder = Responder::new(
        ctx.serenity_context().http.clone(),
        interaction.id,
        interaction.token.clone(),
        interaction.channel_id,
    );
    let in_thread = is_thread(interaction.channel.as_ref());
    let lang = cmd.locale.unwrap_or_default();
    let Some(_working) = ctx.data().shutdown.begin() else {
        let _ = responder.send(&restarting(lang), true).await;
        return Ok(());
    };
    if let Some(refusal) = rights_refusal(
        permissions::needed_for(&text, in_thread, ctx.data().threads),
        interaction.app_permissions,
        interaction.channel_id,
        lang,
    ) {
        let sent = responder.send(&refusal, true).await;
        undelivered(&mut responder, sent.map_err(Into::into), &text, lang).await;
        return Ok(());
    }
    let answered = answer(
        ctx.data(),
        &mut responder,
        cmd,
        in_thread,
        seen == Seen::Private,
    )
    .await;
    undelivered(&mut responder, answered, &text, lang).await;
    let data = ctx.data();
    threads::archive_if_over(
        &data.service,
        ctx.http(),
        &data.reach,
        interaction.channel_id,
    )
    .await;
    Ok(())
}

/// The answer to a command that arrives while the bot stops (an interaction's: only its
/// sender sees it).
fn restarting(lang: Lang) -> Outgoing {
    Outgoing {
        reply: crate::i18n::scope(lang, || {
            Reply::refusal(crate::refusal!("discord-restarting"))
        }),
        png: None,
    }
}

/// The refusal of a command where the bot lacks the rights it `need`s: which permissions are
/// missing, and where. `None` when nothing is (or nothing is needed).
fn rights_refusal(
    need: Option<serenity::Permissions>,
    have: Option<serenity::Permissions>,
    channel: serenity::ChannelId,
    lang: Lang,
) -> Option<Outgoing> {
    let need = need?;
    let missing = permissions::missing(have, need);
    if missing.is_empty() {
        return None;
    }
    tracing::info!(%channel, ?missing, "a table refused: the bot lacks permissions there");
    Some(Outgoing {
        reply: crate::i18n::scope(lang, || {
            Reply::refusal(crate::refusal!(
                "discord-missing-permissions",
                channel = format!("<#{channel}>"),
                perms = missing.join(", ")
            ))
        }),
        png: None,
    })
}

/// When answering failed, tell the user privately — as the interaction's response or as a
/// follow-up, whichever it still takes.
async fn undelivered(
    responder: &mut Responder,
    answered: Result<(), Error>,
    what: &str,
    lang: Lang,
) {
    let Err(error) = answered else {
        return;
    };
    let verb = what.split_whitespace().next().unwrap_or_default();
    tracing::error!(command = verb, error = %error, "reply not delivered");
    // Refused for want of a right (the bot may not post in the channel or its thread): the
    // asker hears which, once, privately — the interaction's own answer needs no right.
    let rights = error
        .downcast_ref::<serenity::Error>()
        .filter(|e| reach::refused_for_rights(e));
    let note = Outgoing {
        reply: crate::i18n::scope(lang, || {
            Reply::refusal(match (rights, responder.channel()) {
                (Some(e), channel) => crate::refusal!(
                    "discord-refused-post",
                    channel = format!("<#{channel}>"),
                    why = chain(e)
                ),
                (None, _) => crate::refusal!("discord-undelivered"),
            })
        }),
        png: None,
    };
    if let Err(e) = responder.send(&note, true).await {
        tracing::warn!(error = %e, "the note about it could not be delivered either");
    }
}

/// Runs `cmd` and answers the interaction: deferring when the service is slow, ephemeral for
/// refusals and private replies, DMs for private replies to other players, a thread for a game
/// that asks for one. Anything slow beyond the service (opening a thread, direct messages) is
/// done only after the interaction is acknowledged, so Discord's 3-second deadline holds on
/// every path.
async fn answer(
    data: &Data,
    responder: &mut Responder,
    cmd: Command,
    in_thread: bool,
    defer_privately: bool,
) -> Result<(), Error> {
    if in_thread && threads::refused_in_thread(&cmd.text) {
        let lang = data.service.language_of(&cmd);
        let refusal = Outgoing {
            reply: crate::i18n::scope(lang, || {
                Reply::refusal(crate::refusal!("discord-no-tournament-in-thread"))
            }),
            png: None,
        };
        responder.send(&refusal, true).await?;
        return Ok(());
    }
    let (service, renderer) = (data.service.clone(), data.renderer.clone());
    let invoker = cmd.user.id.clone();
    let channel = deliver::channel_of(&cmd.channel);
    if data.defer_after.is_zero() {
        responder.defer(defer_privately).await?;
    }
    // The asker's language comes along (read after the command, from memory) for the words
    // added here; nothing is read before the first response.
    let mut job = tokio::task::spawn_blocking(move || {
        let mut outgoing = deliver::prepare(&service, &renderer, &cmd, hint_words);
        buttons::fit(service.chat_store().as_ref(), &mut outgoing);
        (outgoing, service.language_of(&cmd))
    });
    let (outgoing, invoker_lang) = match tokio::time::timeout(data.defer_after, &mut job).await {
        Ok(done) => done?,
        Err(_) => {
            responder.defer(defer_privately).await?;
            job.await?
        }
    };
    let http = responder.http();
    for out in &outgoing {
        match &out.reply.to {
            Some(user) if user.id != invoker => {
                if !responder.acknowledged() {
                    responder.defer(false).await?;
                }
                data.reach.direct(&http, &data.service, channel, out).await;
            }
            _ => {
                let ephemeral = out.reply.to.is_some() || out.reply.error;
                if let (Some(hint), Some(channel), false, false) =
                    (&out.reply.thread, channel, in_thread, ephemeral)
                    && (hint.requested || data.threads)
                {
                    if !responder.acknowledged() {
                        responder.defer(false).await?;
                    }
                    match threads::open(&data.service, &http, &data.reach, channel, hint, out).await
                    {
                        Ok(note) => {
                            responder.send(&note, false).await?;
                            continue;
                        }
                        Err(e) => {
                            tracing::warn!(error = %e, "no thread for the game; it stays in the channel");
                            let why = e
                                .downcast_ref::<serenity::Error>()
                                .filter(|e| reach::refused_for_rights(e));
                            if let Some(why) = why {
                                let note = Outgoing {
                                    reply: crate::i18n::scope(out.reply.lang, || {
                                        Reply::public(t!(
                                            "discord-no-thread-here",
                                            channel = format!("<#{channel}>"),
                                            why = chain(why)
                                        ))
                                    }),
                                    png: None,
                                };
                                responder.send(&note, false).await?;
                            }
                        }
                    }
                }
                responder.send(out, ephemeral).await?;
            }
        }
    }
    // Private replies that waited for this player (their direct messages are closed); they
    // stay kept until shown.
    let mut shown = 0;
    for next in data.reach.kept_for(&invoker) {
        if let Err(e) = responder.send(&next, true).await {
            // Still not delivered: they wait for the next command.
            data.reach.kept_shown(&invoker, shown).await;
            return Err(e.into());
        }
        shown += 1;
    }
    data.reach.kept_shown(&invoker, shown).await;
    // What an interaction gets when it was answered with nothing else (a flood went silent).
    let nothing = crate::i18n::scope(invoker_lang, || t!("discord-nothing-to-show"));
    responder.finish(&nothing).await?;
    Ok(())
}

/// A button press: the command it carries, for its table only.
async fn on_button(
    ctx: &serenity::Context,
    data: &Data,
    press: &serenity::ComponentInteraction,
) -> Result<(), Error> {
    let mut responder = Responder::new(
        ctx.http.clone(),
        press.id,
        press.token.clone(),
        press.channel_id,
    );
    let Some(_working) = data.shutdown.begin() else {
        let lang = Lang::from_locale(&press.locale).unwrap_or_default();
        let _ = responder.send(&restarting(lang), true).await;
        return Ok(());
    };
    let values = match &press.data.kind {
        serenity::ComponentInteractionDataKind::StringSelect { values } => values.as_slice(),
        _ => &[],
    };
    let (service, id, values) = (
        data.service.clone(),
        press.data.custom_id.clone(),
        values.to_vec(),
    );
    let chosen = tokio::task::spawn_blocking(move || {
        buttons::pressed(service.chat_store().as_ref(), &id, &values)
    })
    .await
    .ok()
    .flatten();
    let Some((table, text)) = chosen else {
        let stray = Outgoing {
            reply: crate::i18n::scope(Lang::from_locale(&press.locale).unwrap_or_default(), || {
                Reply::refusal(crate::refusal!("discord-stray-button"))
            }),
            png: None,
        };
        responder.send(&stray, true).await?;
        return Ok(());
    };
    let text = text.as_str();
    let member = press.member.as_ref();
    // A choice pressed in a message only the presser sees (the ephemeral `/hand`) is private:
    // that is how secret moves are made with two clicks.
    let private = press
        .message
        .flags
        .is_some_and(|f| f.contains(serenity::MessageFlags::EPHEMERAL));
    let cmd = Command {
        private,
        moderator: may_moderate(member),
        may_organize: may_organize(member),
        expect_table: Some(table),
        community: press.guild_id.map(community_key),
        community_admin: may_manage_server(member),
        locale: Lang::from_locale(&press.locale),
        ..Command::new(
            &channel_key(press.channel_id),
            User {
                id: user_key(press.user.id),
                name: display_name(&press.user, member),
            },
            text,
        )
    };
    let lang = cmd.locale.unwrap_or_default();
    let in_thread = is_thread(press.channel.as_ref());
    if let Some(refusal) = rights_refusal(
        permissions::needed_for(text, in_thread, data.threads),
        press.app_permissions,
        press.channel_id,
        lang,
    ) {
        let sent = responder.send(&refusal, true).await;
        undelivered(&mut responder, sent.map_err(Into::into), text, lang).await;
        return Ok(());
    }
    let answered = answer(data, &mut responder, cmd, in_thread, false).await;
    undelivered(&mut responder, answered, text, lang).await;
    Ok(())
}

async fn event_handler(
    framework: poise::FrameworkContext<'_, Data, Error>,
    event: &serenity::FullEvent,
) -> Result<(), Error> {
    let (ctx, data) = (framework.serenity_context, framework.user_data);
    match event {
        serenity::FullEvent::InteractionCreate {
            interaction: serenity::Interaction::Component(press),
        } => on_button(ctx, data, press).await,
        serenity::FullEvent::Message { new_message } if data.message_commands => {
            messages::on_message(ctx, data, new_message).await
        }
        serenity::FullEvent::ChannelDelete { channel, .. } => {
            reach::channel_gone(&data.service, &data.reach, channel.id).await;
            Ok(())
        }
        serenity::FullEvent::ThreadDelete { thread, .. } => {
            reach::channel_gone(&data.service, &data.reach, thread.id).await;
            Ok(())
        }
        serenity::FullEvent::GuildDelete { incomplete, .. } if !incomplete.unavailable => {
            reach::guild_gone(&data.service, incomplete.id).await;
            Ok(())
        }
        serenity::FullEvent::GuildMemberRemoval { guild_id, user, .. } => {
            let service = data.service.clone();
            let (community, user) = (community_key(*guild_id), user_key(user.id));
            tokio::task::spawn_blocking(move || {
                service.member_left(crate::app::Departure::Community(&community), &user)
            })
            .await?;
            Ok(())
        }
        serenity::FullEvent::ThreadUpdate { new, .. } => {
            threads::updated(&data.service, &ctx.http, new).await;
            Ok(())
        }
        _ => Ok(()),
    }
}

async fn on_error(error: poise::FrameworkError<'_, Data, Error>) {
    match error {
        poise::FrameworkError::Command { error, ctx, .. } => {
            tracing::error!(command = %ctx.command().name, error = %error, "command failed");
            let lang = ctx.locale().and_then(Lang::from_locale).unwrap_or_default();
            let note = poise::CreateReply::default()
                .content(crate::i18n::scope(lang, || t!("discord-undelivered")))
                .ephemeral(true);
            let _ = ctx.send(note).await;
        }
        poise::FrameworkError::EventHandler { error, .. } => {
            tracing::error!(error = %error, "event handler failed");
        }
        other => {
            if let Err(e) = poise::builtins::on_error(other).await {
                tracing::error!(error = %e, "error handler failed");
            }
        }
    }
}
