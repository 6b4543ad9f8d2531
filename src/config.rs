//! Configuration in layers: `config/default.toml` (compiled in) → an optional file
//! (`--config PATH`) → `SPIELTISCH_*` environment variables (nested keys joined with `__`).

use std::path::{Path, PathBuf};

use figment::Figment;
use figment::providers::{Env, Format, Toml};
use serde::{Deserialize, Serialize};

/// The compiled-in defaults (the committed `config/default.toml`).
pub const DEFAULTS: &str = include_str!("../config/default.toml");

/// The whole configuration.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Config {
    /// The sled directory.
    pub data_dir: PathBuf,
    /// Log filter (tracing `EnvFilter` syntax).
    pub log_level: String,
    /// The local console.
    pub console: ConsoleConfig,
    /// The Discord bot.
    pub discord: DiscordConfig,
    /// The Discord bot token, from `SPIELTISCH_DISCORD_TOKEN` only.
    #[serde(default, skip_serializing)]
    pub discord_token: Option<Secret>,
    /// The Matrix bot.
    pub matrix: MatrixConfig,
    /// The Matrix account's password, from `SPIELTISCH_MATRIX_PASSWORD` only.
    #[serde(default, skip_serializing)]
    pub matrix_password: Option<Secret>,
    /// A Matrix access token instead of the password, from `SPIELTISCH_MATRIX_TOKEN` only.
    #[serde(default, skip_serializing)]
    pub matrix_token: Option<Secret>,
}

/// The Matrix bot's settings (`[matrix]`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatrixConfig {
    /// Run the bot (also when a password or token is in the environment).
    pub enabled: bool,
    /// The homeserver's URL.
    pub homeserver: String,
    /// The bot's user id.
    pub user: String,
    /// Who may invite the bot: server names or user ids; empty for anybody.
    pub allow: Vec<String>,
    /// The bot's device name.
    pub device_name: String,
}

/// A secret (token, password): never printed, never logged.
#[derive(Clone, PartialEq, Eq, Deserialize)]
#[serde(transparent)]
pub struct Secret(String);

impl Secret {
    /// Wraps a secret value.
    pub fn new(value: impl Into<String>) -> Secret {
        Secret(value.into())
    }

    /// The secret itself, for the one place that needs it.
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Secret(***)")
    }
}

/// The Discord bot's settings (`[discord]`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DiscordConfig {
    /// Run the bot (also when a token is in the environment).
    pub enabled: bool,
    /// Register commands in this guild only (development).
    #[serde(default)]
    pub guild: Option<u64>,
    /// `first-last/total` shard range for this process.
    #[serde(default)]
    pub shards: Option<String>,
    /// Read `!` text commands (needs the Message Content intent).
    pub message_commands: bool,
    /// Open a thread for every game.
    pub threads: bool,
    /// Defer interactions not answered within this many milliseconds.
    pub defer_after_ms: u64,
    /// Base URL to send API requests to instead of Discord (tests).
    #[serde(default)]
    pub api_proxy: Option<String>,
}

/// The local console's settings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ConsoleConfig {
    /// Default channel.
    pub channel: String,
    /// Where images are written.
    pub out_dir: PathBuf,
}

/// A configuration that cannot be read.
#[derive(Debug, thiserror::Error)]
#[error("configuration: {0}")]
pub struct ConfigError(String);

impl Config {
    /// Loads defaults, then `file` (if given; it must exist), then the environment.
    pub fn load(file: Option<&Path>) -> Result<Config, ConfigError> {
        Self::load_with_env(file, Env::prefixed("SPIELTISCH_").split("__"))
    }

    fn load_with_env(file: Option<&Path>, env: Env) -> Result<Config, ConfigError> {
        let mut figment = Figment::from(Toml::string(DEFAULTS));
        if let Some(path) = file {
            if !path.is_file() {
                return Err(ConfigError(format!(
                    "{} is not a readable file",
                    path.display()
                )));
            }
            figment = figment.merge(Toml::file(path));
        }
        figment
            .merge(env)
            .extract()
            .map_err(|e| ConfigError(e.to_string()))
    }
}

#[cfg(test)]
#[allow(clippy::result_large_err)] // figment::Jail's closures return figment::Error
mod tests {
    use super::*;

    fn load(file: Option<&str>) -> Result<Config, figment::Error> {
        Config::load(file.map(Path::new)).map_err(|e| figment::Error::from(e.to_string()))
    }

    #[test]
    fn layers_defaults_file_environment() {
        figment::Jail::expect_with(|jail| {
            let defaults = load(None)?;
            assert_eq!(defaults.data_dir, PathBuf::from("./data"));
            assert_eq!(defaults.console.channel, "#local");

            jail.create_file(
                "local.toml",
                "data_dir = \"/srv/tables\"\n[console]\nchannel = \"#games\"\n",
            )?;
            let from_file = load(Some("local.toml"))?;
            assert_eq!(from_file.data_dir, PathBuf::from("/srv/tables"));
            assert_eq!(from_file.console.channel, "#games");
            assert_eq!(from_file.console.out_dir, PathBuf::from("./out"));

            jail.set_env("SPIELTISCH_CONSOLE__CHANNEL", "#env");
            let from_env = load(Some("local.toml"))?;
            assert_eq!(from_env.console.channel, "#env");
            assert_eq!(from_env.data_dir, PathBuf::from("/srv/tables"));

            assert!(load(Some("missing.toml")).is_err());
            Ok(())
        });
    }
}
