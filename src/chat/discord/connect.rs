//! Connecting to Discord: the HTTP client, the token's check, the backoff of a crash loop,
//! registration and the gateway, and what ends the bot.

use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use serenity::{GatewayIntents, Http, HttpBuilder};

use super::deliver;
use super::reach::Reach;
use super::{
    Data, DiscordChat, DiscordError, Settings, commands, defer_after, event_handler, on_error,
    permissions, register, starts, threads,
};
use crate::app::App;
use crate::chat::chain;
use crate::render::Renderer;
use crate::t;

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
        serenity::Error::Gateway(serenity::GatewayError::DisallowedGatewayIntents) => {
            DiscordError::Config("Discord refused a privileged intent: switch on Message Content Intent (for message_commands) and Server Members Intent (for member_events) on the Bot page of the developer portal, or turn those settings off".into())
        }
        serenity::Error::Http(serenity::HttpError::Request(request)) => {
            DiscordError::Unreachable(chain(request))
        }
        _ => DiscordError::Other(chain(&e)),
    }
}

/// Builds the HTTP client. serenity's rate limiter waits out every 429 (per route and
/// global) instead of hammering; only behind `api_proxy` — a rate-limiting proxy such as
/// twilight's http-proxy, which serenity's limiter cannot see through — is it off.
/// `api_address` and `api_ca_file` send discord.com's traffic elsewhere with the limiter on
/// (the tests' fake Discord).
fn http_client(settings: &Settings) -> Result<Http, DiscordError> {
    let mut builder = HttpBuilder::new(settings.token.expose());
    if let Some(proxy) = &settings.api_proxy {
        builder = builder.proxy(proxy.clone()).ratelimiter_disabled(true);
    }
    if let Some(address) = &settings.api_address {
        let config = |what: String| DiscordError::Config(what);
        let addr: std::net::SocketAddr = address
            .parse()
            .map_err(|e| config(format!("api_address = {address:?}: {e}")))?;
        let mut client = reqwest::Client::builder().resolve("discord.com", addr);
        if let Some(file) = &settings.api_ca_file {
            let pem = std::fs::read(file)
                .map_err(|e| config(format!("api_ca_file = {}: {e}", file.display())))?;
            let ca = reqwest::Certificate::from_pem(&pem)
                .map_err(|e| config(format!("api_ca_file = {}: {e}", file.display())))?;
            client = client.add_root_certificate(ca);
        }
        let client = client.build().map_err(|e| DiscordError::Other(chain(&e)))?;
        builder = builder.client(client);
    }
    Ok(builder.build())
}

/// Runs the bot until it is stopped (`SIGTERM`, `SIGINT`: once the commands in flight are
/// answered) or Discord closes the connection for good.
pub async fn run(
    settings: Settings,
    service: Arc<App>,
    renderer: Arc<Renderer>,
) -> Result<(), DiscordError> {
    serenity::utils::token::validate(settings.token.expose())
        .map_err(|_| DiscordError::Malformed)?;
    let http = http_client(&settings)?;
    // Ask Discord who we are first: a wrong token is one clear error, before any gateway work.
    let me = http.get_current_user().await.map_err(classify)?;
    tracing::info!(bot = %me.name, "Discord token accepted");
    tracing::info!(
        "invite link (the rights the bot needs, no more): https://discord.com/oauth2/authorize?client_id={}&scope=bot%20applications.commands&permissions={}",
        me.id,
        permissions::INVITE.bits()
    );

    // A crash loop must not burn Discord's 1,000 identifies a day.
    if let Some(file) = &settings.starts {
        let wait = starts::note_start(file).unwrap_or_else(|e| {
            tracing::warn!(file = %file.display(), error = %e, "cannot note this start: no crash-loop backoff");
            Duration::ZERO
        });
        if !wait.is_zero() {
            tracing::warn!(
                "started {} or more times within {} min: waiting {} s before connecting to Discord (each connection spends one of Discord's 1,000 identifies a day)",
                starts::FREE,
                starts::WINDOW.as_secs() / 60,
                wait.as_secs()
            );
            tokio::time::sleep(wait).await;
        }
    }

    let mut intents = GatewayIntents::GUILDS;
    if settings.message_commands {
        intents |= GatewayIntents::GUILD_MESSAGES
            | GatewayIntents::DIRECT_MESSAGES
            | GatewayIntents::MESSAGE_CONTENT;
    }
    if settings.member_events {
        intents |= GatewayIntents::GUILD_MEMBERS;
    }
    defer_after(settings.defer_after.as_millis() as u64)?;
    // A channel mention jumps to the channel (or thread) in every Discord client.
    service.add_channel_links(Arc::new(|key: &str| {
        // A tournament game whose thread is not open yet: the thread's name.
        if let Some((_, name, _)) = threads::pending_venue(key) {
            return Some(t!("discord-pending-thread", name = name));
        }
        deliver::channel_of(key).map(|c| format!("<#{c}>"))
    }));
    let reach =
        Reach::open(service.chat_store()).map_err(|e| DiscordError::Other(e.to_string()))?;
    let data = Data {
        service: service.clone(),
        renderer: renderer.clone(),
        threads: settings.threads,
        defer_after: settings.defer_after,
        message_commands: settings.message_commands,
        reach: reach.clone(),
        shutdown: settings.shutdown.clone(),
    };
    let (health, shutdown) = (settings.health.clone(), settings.shutdown.clone());
    let thread_budget = settings.thread_budget;
    let guild = settings
        .guild
        .filter(|g| *g != 0)
        .map(serenity::GuildId::new);
    let scope = match guild {
        Some(guild) => register::Scope::Guild(guild),
        None if settings.shards.is_none_or(|s| s.has_first_shard()) => register::Scope::Global,
        None => register::Scope::Elsewhere,
    };
    // A registration that fails for good ends the bot (see `register`), not poise's setup.
    let (failed, mut failure) = tokio::sync::mpsc::unbounded_channel::<String>();
    let (setup_health, setup_stop) = (health.clone(), shutdown.clone());
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: commands::all(),
            event_handler: |framework, event| Box::pin(event_handler(framework, event)),
            on_error: |error| Box::pin(on_error(error)),
            ..Default::default()
        })
        .initialize_owners(false)
        .setup(move |ctx, ready, framework| {
            let (health, tick_stop) = (setup_health, setup_stop);
            Box::pin(async move {
                tracing::info!(guilds = ready.guilds.len(), "connected to Discord");
                health.connected("discord");
                let commands = &framework.options().commands;
                if let Err(line) = register::register(&ctx.http, commands, scope).await {
                    let _ = failed.send(line.clone());
                    return Err(line.into());
                }
                let (venue_jobs, jobs) = tokio::sync::mpsc::unbounded_channel();
                let chat = Arc::new(DiscordChat {
                    http: ctx.http.clone(),
                    service: service.clone(),
                    reach,
                    venues: Default::default(),
                    refused: Default::default(),
                    direct_started: Default::default(),
                    thread_budget,
                    // Commands registered in one guild are not offered in direct messages.
                    direct_venues: guild.is_none(),
                    venue_jobs,
                });
                tokio::spawn(super::venues::run(chat.clone(), jobs));
                tokio::spawn(crate::chat::tick_loop(chat, service, renderer, tick_stop));
                Ok(data)
            })
        })
        .build();
    let mut client = serenity::ClientBuilder::new_with_http(http, intents)
        .event_handler(super::watch::Watch::new(health.clone()))
        .framework(framework)
        .await
        .map_err(classify)?;
    let manager = client.shard_manager.clone();
    let stop = shutdown.clone();
    tokio::spawn(async move {
        // The commands in flight are answered first; then the gateway closes.
        stop.stopped().await;
        tracing::info!("closing the connection to Discord");
        manager.shutdown_all().await;
    });
    let manager = client.shard_manager.clone();
    let running = async {
        match settings.shards {
            Some(range) => client.start_shard_range(range.ids(), range.total).await,
            None => client.start_autosharded().await,
        }
    };
    let ended = tokio::select! {
        result = running => result.map_err(classify),
        Some(line) = failure.recv() => {
            manager.shutdown_all().await;
            Err(DiscordError::Registration(line))
        }
    };
    health.disconnected("discord", "the gateway connection ended");
    ended
}
