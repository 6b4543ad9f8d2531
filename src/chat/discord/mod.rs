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

pub mod commands;
pub mod deliver;
pub mod shards;

use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use serenity::{ChannelType, CreateThread, GatewayIntents, Http, HttpBuilder};

use self::deliver::{Outgoing, Responder, channel_key, user_key};
pub use self::shards::ShardRange;
use crate::chat::{Chat, chain};
use crate::config::Secret;
use crate::render::Renderer;
use crate::table::command::{self, Parsed};
use crate::table::{Command, Hint, Reply, TableService, ThreadHint, User, Verb};

/// The error type of commands and handlers.
pub type Error = Box<dyn std::error::Error + Send + Sync>;
/// The poise context.
pub type Context<'a> = poise::Context<'a, Data, Error>;

/// What every command and handler shares.
pub struct Data {
    /// The table service.
    pub service: Arc<TableService>,
    /// The board renderer.
    pub renderer: Arc<Renderer>,
    /// Open a thread for every game.
    pub threads: bool,
    /// Defer interactions not answered within this time.
    pub defer_after: Duration,
    /// Read `!` text commands.
    pub message_commands: bool,
}

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
    /// Open a thread for every game.
    pub threads: bool,
    /// Defer interactions not answered within this time.
    pub defer_after: Duration,
    /// Send API requests here instead of Discord (tests).
    pub api_proxy: Option<String>,
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
    /// Anything else.
    #[error("Discord: {0}")]
    Other(String),
}

/// Discord's words for the service's hints.
pub fn hint_words(hint: Hint) -> &'static str {
    match hint {
        Hint::SendPrivately => "Use the `/move` slash command: only you see it.",
    }
}

/// Discord as the shared parts see it: channel posts and direct messages.
pub struct DiscordChat {
    http: Arc<Http>,
}

impl Chat for DiscordChat {
    fn prefix(&self) -> &'static str {
        "discord:"
    }

    async fn post(&self, channel: &str, out: &Outgoing) {
        let Some(id) = deliver::channel_of(channel) else {
            tracing::warn!(channel, "announcement for a channel that is not Discord's");
            return;
        };
        if let Err(e) = deliver::post(&self.http, id, out).await {
            tracing::warn!(error = %e, "announcement not delivered");
        }
    }

    async fn whisper(&self, _user: &User, _channel: &str, out: &Outgoing) {
        if let Err(e) = deliver::direct(&self.http, out).await {
            tracing::warn!(error = %e, "direct message not delivered");
        }
    }
}

fn classify(e: serenity::Error) -> DiscordError {
    match &e {
        serenity::Error::Http(http)
            if http.status_code() == Some(serenity::StatusCode::UNAUTHORIZED) =>
        {
            DiscordError::Rejected
        }
        serenity::Error::Gateway(serenity::GatewayError::InvalidAuthentication) => {
            DiscordError::Rejected
        }
        serenity::Error::Http(serenity::HttpError::Request(request)) => {
            DiscordError::Unreachable(chain(request))
        }
        _ => DiscordError::Other(chain(&e)),
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

fn may_moderate(member: Option<&serenity::Member>) -> bool {
    member
        .and_then(|m| m.permissions)
        .is_some_and(|p| p.manage_messages())
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
        ..Command::new(
            &channel_key(interaction.channel_id),
            User {
                id: user_key(interaction.user.id),
                name: display_name(&interaction.user, member),
            },
            &text,
        )
    };
    let responder = Responder::new(
        ctx.serenity_context().http.clone(),
        interaction.id,
        interaction.token.clone(),
        interaction.channel_id,
    );
    let in_thread = is_thread(interaction.channel.as_ref());
    answer(ctx.data(), responder, cmd, in_thread, seen == Seen::Private).await
}

/// Runs `cmd` and answers the interaction: deferring when the service is slow, ephemeral for
/// refusals and private replies, DMs for private replies to other players, a thread for a game
/// that asks for one.
async fn answer(
    data: &Data,
    mut responder: Responder,
    cmd: Command,
    in_thread: bool,
    defer_privately: bool,
) -> Result<(), Error> {
    let (service, renderer) = (data.service.clone(), data.renderer.clone());
    let invoker = cmd.user.id.clone();
    let channel = deliver::channel_of(&cmd.channel);
    if data.defer_after.is_zero() {
        responder.defer(defer_privately).await?;
    }
    let mut job = tokio::task::spawn_blocking(move || {
        deliver::prepare(&service, &renderer, &cmd, hint_words)
    });
    let outgoing = match tokio::time::timeout(data.defer_after, &mut job).await {
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
                if let Err(e) = deliver::direct(&http, out).await {
                    tracing::warn!(error = %e, "direct message not delivered");
                }
            }
            _ => {
                let ephemeral = out.reply.to.is_some() || out.reply.error;
                if let (Some(hint), Some(channel), false, false) =
                    (&out.reply.thread, channel, in_thread, ephemeral)
                    && (hint.requested || data.threads)
                {
                    match open_thread(data, &http, channel, hint, out).await {
                        Ok(note) => {
                            responder.send(&note, false).await?;
                            continue;
                        }
                        Err(e) => {
                            tracing::warn!(error = %e, "no thread for the game; it stays in the channel")
                        }
                    }
                }
                responder.send(out, ephemeral).await?;
            }
        }
    }
    responder.finish().await?;
    Ok(())
}

/// Opens a thread for a starting game, moves the table there and posts the start in it;
/// returns the note for the channel.
async fn open_thread(
    data: &Data,
    http: &Http,
    channel: serenity::ChannelId,
    hint: &ThreadHint,
    start: &Outgoing,
) -> Result<Outgoing, Error> {
    let name: String = hint.name.chars().take(100).collect();
    let thread = channel
        .create_thread(
            http,
            CreateThread::new(name)
                .kind(ChannelType::PublicThread)
                .auto_archive_duration(serenity::AutoArchiveDuration::OneDay),
        )
        .await?;
    let service = data.service.clone();
    let (from, to) = (channel_key(channel), channel_key(thread.id));
    tokio::task::spawn_blocking(move || service.relocate(&from, &to)).await??;
    deliver::post(http, thread.id, start).await?;
    Ok(Outgoing {
        reply: Reply::public(format!(
            "The game continues in the thread <#{}>.",
            thread.id
        )),
        png: None,
    })
}

/// A button press: the command it carries, for its table only.
async fn on_button(
    ctx: &serenity::Context,
    data: &Data,
    press: &serenity::ComponentInteraction,
) -> Result<(), Error> {
    let responder = Responder::new(
        ctx.http.clone(),
        press.id,
        press.token.clone(),
        press.channel_id,
    );
    let values = match &press.data.kind {
        serenity::ComponentInteractionDataKind::StringSelect { values } => values.as_slice(),
        _ => &[],
    };
    let chosen = deliver::parse_custom_id(&press.data.custom_id)
        .and_then(|(table, command)| Some((table, deliver::chosen_command(command, values)?)));
    let Some((table, text)) = chosen else {
        let mut responder = responder;
        let stray = Outgoing {
            reply: Reply::refusal("That button is not one of spieltisch's."),
            png: None,
        };
        responder.send(&stray, true).await?;
        return Ok(());
    };
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
        expect_table: Some(table),
        ..Command::new(
            &channel_key(press.channel_id),
            User {
                id: user_key(press.user.id),
                name: display_name(&press.user, member),
            },
            text,
        )
    };
    answer(
        data,
        responder,
        cmd,
        is_thread(press.channel.as_ref()),
        false,
    )
    .await
}

/// Whether the author of a message may manage messages in its channel (a thread counts as
/// its parent channel), from the cached guild and the author's roles.
async fn message_moderator(ctx: &serenity::Context, msg: &serenity::Message) -> bool {
    let Ok(member) = msg.member(ctx).await else {
        return false;
    };
    let Some(guild) = msg.guild_id.and_then(|g| ctx.cache.guild(g)) else {
        return false;
    };
    let channel = guild.channels.get(&msg.channel_id).or_else(|| {
        let parent = guild
            .threads
            .iter()
            .find(|t| t.id == msg.channel_id)
            .and_then(|t| t.parent_id)?;
        guild.channels.get(&parent)
    });
    channel.is_some_and(|c| guild.user_permissions_in(c, &member).manage_messages())
}

/// A `!` message: replies go to the channel (as replies to the message), private ones by DM.
async fn on_message(
    ctx: &serenity::Context,
    data: &Data,
    msg: &serenity::Message,
) -> Result<(), Error> {
    if msg.author.bot
        || !matches!(
            command::parse(&msg.content),
            Parsed::Verb(..) | Parsed::TooLong(_)
        )
    {
        return Ok(());
    }
    if !msg.content.trim_start().starts_with('!') {
        return Ok(());
    }
    let name = msg
        .member
        .as_ref()
        .and_then(|m| m.nick.clone())
        .or_else(|| msg.author.global_name.clone())
        .unwrap_or_else(|| msg.author.name.clone());
    let moderator = matches!(command::parse(&msg.content), Parsed::Verb(Verb::Abort, _))
        && message_moderator(ctx, msg).await;
    let cmd = Command {
        moderator,
        ..Command::new(
            &channel_key(msg.channel_id),
            User {
                id: user_key(msg.author.id),
                name,
            },
            &msg.content,
        )
    };
    let (service, renderer) = (data.service.clone(), data.renderer.clone());
    let outgoing = tokio::task::spawn_blocking(move || {
        deliver::prepare(&service, &renderer, &cmd, hint_words)
    })
    .await?;
    let chat = DiscordChat {
        http: ctx.http.clone(),
    };
    for out in &outgoing {
        match &out.reply.to {
            // A public reply answers the message it replies to.
            None => {
                if let Err(e) = deliver::reply_to(&ctx.http, msg, out).await {
                    tracing::warn!(error = %e, "reply to a message not delivered");
                }
            }
            Some(user) => chat.whisper(user, "", out).await,
        }
    }
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
            on_message(ctx, data, new_message).await
        }
        _ => Ok(()),
    }
}

async fn on_error(error: poise::FrameworkError<'_, Data, Error>) {
    match error {
        poise::FrameworkError::Command { error, ctx, .. } => {
            tracing::error!(command = %ctx.command().name, error = %error, "command failed");
            let note = poise::CreateReply::default()
                .content("Sorry — this reply could not be delivered. `/status` shows the table.")
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

/// Builds the HTTP client (pointed at `api_proxy` when set).
fn http_client(settings: &Settings) -> Http {
    let mut builder = HttpBuilder::new(settings.token.expose());
    if let Some(proxy) = &settings.api_proxy {
        builder = builder.proxy(proxy.clone()).ratelimiter_disabled(true);
    }
    builder.build()
}

/// Runs the bot until it is stopped (Ctrl-C) or Discord closes the connection for good.
pub async fn run(
    settings: Settings,
    service: Arc<TableService>,
    renderer: Arc<Renderer>,
) -> Result<(), DiscordError> {
    serenity::utils::token::validate(settings.token.expose())
        .map_err(|_| DiscordError::Malformed)?;
    let http = http_client(&settings);
    // Ask Discord who we are first: a wrong token is one clear error, before any gateway work.
    let me = http.get_current_user().await.map_err(classify)?;
    tracing::info!(bot = %me.name, "Discord token accepted");

    let mut intents = GatewayIntents::GUILDS;
    if settings.message_commands {
        intents |= GatewayIntents::GUILD_MESSAGES
            | GatewayIntents::DIRECT_MESSAGES
            | GatewayIntents::MESSAGE_CONTENT;
    }
    let data = Data {
        service: service.clone(),
        renderer: renderer.clone(),
        threads: settings.threads,
        defer_after: settings.defer_after,
        message_commands: settings.message_commands,
    };
    let guild = settings
        .guild
        .filter(|g| *g != 0)
        .map(serenity::GuildId::new);
    let registers = settings.shards.is_none_or(|s| s.has_first_shard()) || guild.is_some();
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: commands::all(),
            event_handler: |framework, event| Box::pin(event_handler(framework, event)),
            on_error: |error| Box::pin(on_error(error)),
            ..Default::default()
        })
        .initialize_owners(false)
        .setup(move |ctx, ready, framework| {
            Box::pin(async move {
                tracing::info!(guilds = ready.guilds.len(), "connected to Discord");
                let commands = &framework.options().commands;
                match guild {
                    Some(guild) => poise::builtins::register_in_guild(ctx, commands, guild).await?,
                    None if registers => poise::builtins::register_globally(ctx, commands).await?,
                    None => {}
                }
                let chat = Arc::new(DiscordChat {
                    http: ctx.http.clone(),
                });
                tokio::spawn(crate::chat::tick_loop(chat, service, renderer));
                Ok(data)
            })
        })
        .build();
    let mut client = serenity::ClientBuilder::new_with_http(http, intents)
        .framework(framework)
        .await
        .map_err(classify)?;
    let manager = client.shard_manager.clone();
    tokio::spawn(async move {
        if tokio::signal::ctrl_c().await.is_ok() {
            tracing::info!("stopping");
            manager.shutdown_all().await;
        }
    });
    let result = match settings.shards {
        Some(range) => client.start_shard_range(range.ids(), range.total).await,
        None => client.start_autosharded().await,
    };
    result.map_err(classify)
}
