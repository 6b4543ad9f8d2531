//! Registering the slash commands at start, so that a bot that shows online also answers.
//!
//! If registration fails inside poise's setup, poise never sets the bot's data and every
//! later event waits for it forever: the bot looks online and answers nothing. So a failure
//! Discord may recover from (a 5xx, a network error) is retried with growing pauses, and one it
//! will not (Missing Access for a guild the bot is not in, a malformed command) ends the
//! process with one clear line.

use std::time::Duration;

use poise::serenity_prelude as serenity;
use serenity::{GuildId, Http};

use super::{Data, Error};

/// The pauses between tries of a registration that failed for a passing reason.
pub const RETRY_PAUSES: [Duration; 5] = [
    Duration::from_secs(1),
    Duration::from_secs(2),
    Duration::from_secs(4),
    Duration::from_secs(8),
    Duration::from_secs(16),
];

/// Where the commands go.
#[derive(Debug, Clone, Copy)]
pub enum Scope {
    /// One guild (development; instant).
    Guild(GuildId),
    /// Everywhere.
    Global,
    /// Another process of this bot registers them (it runs shard 0).
    Elsewhere,
}

/// Whether Discord may accept the same request later.
fn passing(e: &serenity::Error) -> bool {
    match e {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r)) => {
            r.status_code.is_server_error()
        }
        serenity::Error::Http(serenity::HttpError::Request(_)) => true,
        _ => false,
    }
}

/// Why registration failed, in one line for the operator.
fn explain(scope: Scope, e: &serenity::Error) -> String {
    let target = match scope {
        Scope::Guild(g) => format!("in guild {g}"),
        _ => "globally".to_string(),
    };
    let hint = match super::reach::error_code(e) {
        Some(50001) => {
            " — is the bot a member of that guild, invited with the applications.commands scope?"
        }
        Some(50035) => " — Discord rejected a command's definition",
        _ => "",
    };
    format!(
        "cannot register the slash commands {target}: {}{hint}",
        crate::chat::chain(e)
    )
}

/// The global bulk overwrite, as deployed: every command of this bot, plus the application's
/// Entry Point command where it has one (an application with an Activity does: Discord refuses
/// an overwrite that would drop it, and the Activity's launcher goes with it).
async fn register_globally(
    http: &Http,
    commands: &[poise::Command<Data, Error>],
) -> serenity::Result<()> {
    let mut create = poise::builtins::create_application_commands(commands);
    for kept in http
        .get_global_commands()
        .await?
        .into_iter()
        .filter(|c| c.kind == serenity::CommandType::PrimaryEntryPoint)
    {
        let mut entry = serenity::CreateCommand::new(kept.name.clone())
            .kind(serenity::CommandType::PrimaryEntryPoint)
            .description(kept.description.clone());
        if let Some(handler) = kept.handler {
            entry = entry.handler(handler);
        }
        for (locale, name) in kept.name_localizations.iter().flatten() {
            entry = entry.name_localized(locale.clone(), name.clone());
        }
        tracing::info!(name = %kept.name, "the application's Entry Point command is kept");
        create.push(entry);
    }
    serenity::Command::set_global_commands(http, create).await?;
    Ok(())
}

/// Registers the commands, retrying passing failures; the error is the line to end with.
pub async fn register(
    http: &Http,
    commands: &[poise::Command<Data, Error>],
    scope: Scope,
) -> Result<(), String> {
    let mut pauses = RETRY_PAUSES.iter();
    loop {
        let result = match scope {
            Scope::Guild(guild) => poise::builtins::register_in_guild(http, commands, guild).await,
            Scope::Global => register_globally(http, commands).await,
            Scope::Elsewhere => return Ok(()),
        };
        match result {
            Ok(()) => {
                tracing::info!(?scope, "slash commands registered");
                return Ok(());
            }
            Err(e) if passing(&e) => match pauses.next() {
                Some(pause) => {
                    tracing::warn!(error = %crate::chat::chain(&e), retry_in = ?pause, "registering the slash commands failed; trying again");
                    tokio::time::sleep(*pause).await;
                }
                None => return Err(explain(scope, &e)),
            },
            Err(e) => return Err(explain(scope, &e)),
        }
    }
}
