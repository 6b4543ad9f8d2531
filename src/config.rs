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
    /// The language of channels and communities that chose none.
    #[serde(default)]
    pub language: crate::i18n::Lang,
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
    /// The limits against floods (`[limits]`).
    pub limits: crate::league::Limits,
    /// Computer players (`[bots]`).
    pub bots: BotsConfig,
    /// Who may run tournaments, and how many (`[tournaments]`).
    #[serde(default)]
    pub tournaments: crate::league::tournament::TournamentSettings,
    /// Reminders, correspondence time, idle seats, digests (`[time]`).
    pub time: crate::table::Timing,
    /// Where everything is kept (`[store]`; `SPIELTISCH_STORE` sets its URL).
    #[serde(default)]
    pub store: StoreConfig,
    /// The operator's HTTP endpoint (`[http]`).
    #[serde(default)]
    pub http: HttpConfig,
    /// The clean stop on `SIGTERM` (`[shutdown]`).
    #[serde(default)]
    pub shutdown: ShutdownConfig,
    /// Drawing the boards (`[render]`).
    #[serde(default)]
    pub render: RenderConfig,
}

/// Drawing the boards (`[render]`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RenderConfig {
    /// What the renderer keeps between images (rasterized boards, sprites, last frames), in
    /// megabytes; beyond it the least recently used go first.
    pub cache_mb: usize,
}

impl Default for RenderConfig {
    fn default() -> RenderConfig {
        RenderConfig {
            cache_mb: crate::render::cache::DEFAULT_BYTES >> 20,
        }
    }
}

/// The clean stop on `SIGTERM` or `SIGINT` (`[shutdown]`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShutdownConfig {
    /// How long the commands in flight may take to finish before the process ends anyway.
    #[serde(with = "crate::table::duration::human")]
    pub grace: std::time::Duration,
}

impl Default for ShutdownConfig {
    fn default() -> ShutdownConfig {
        ShutdownConfig {
            grace: std::time::Duration::from_secs(10),
        }
    }
}

/// The operator's HTTP endpoint (`[http]`): `/metrics`, `/healthz`, `/readyz`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HttpConfig {
    /// The address to listen on, e.g. `127.0.0.1:9480`; empty: no endpoint.
    #[serde(default)]
    pub listen: String,
    /// A chat counts as not ready when its last sign of life (Matrix: a sync answer) is older.
    #[serde(with = "crate::table::duration::human", default = "HttpConfig::stale")]
    pub stale_after: std::time::Duration,
}

impl HttpConfig {
    fn stale() -> std::time::Duration {
        std::time::Duration::from_secs(120)
    }
}

impl Default for HttpConfig {
    fn default() -> HttpConfig {
        HttpConfig {
            listen: String::new(),
            stale_after: HttpConfig::stale(),
        }
    }
}

/// Where everything is kept (`[store]`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoreConfig {
    /// A PostgreSQL database shared by every process (`postgres://user:pass@host/db`); unset:
    /// sled in `data_dir`. It may hold a password, so it is never printed.
    #[serde(default, skip_serializing)]
    pub url: Option<Secret>,
}

/// Computer players' settings (`[bots]`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BotsConfig {
    /// How long a `hard` computer player may think about one move (`normal`: a tenth).
    #[serde(with = "crate::table::duration::human")]
    pub hard_budget: std::time::Duration,
}

/// The keys that hold secrets: read from the environment, or from a configuration file only
/// its owner may read.
pub const SECRET_KEYS: [&str; 4] = ["discord_token", "matrix_password", "matrix_token", "store"];

/// The Matrix bot's settings (`[matrix]`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatrixConfig {
    /// Run the bot (also when a password or token is in the environment).
    pub enabled: bool,
    /// The homeserver's URL.
    pub homeserver: String,
    /// The bot's user id.
    pub user: String,
    /// Who may invite the bot: server names or user ids; absent for the bot's own homeserver,
    /// empty for anybody.
    #[serde(default)]
    pub allow: Option<Vec<String>>,
    /// Who may set what holds for the whole homeserver (`!language server de`): user ids.
    #[serde(default)]
    pub admins: Vec<String>,
    /// The bot's device name.
    pub device_name: String,
    /// Commands older than this when the bot sees them (after a downtime) are not applied
    /// (humantime, e.g. `"1h"`).
    pub catch_up_max_age: String,
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
    /// Learn when members leave (needs the Server Members intent): a tournament player who
    /// leaves the server loses their game.
    #[serde(default)]
    pub member_events: bool,
    /// Open a thread for every game.
    pub threads: bool,
    /// At most this many of the bot's game threads active at once; past it a tournament's
    /// games wait for threads to free up, a duplicate's are played in direct messages.
    #[serde(default = "default_thread_budget")]
    pub thread_budget: usize,
    /// Defer interactions not answered within this many milliseconds.
    pub defer_after_ms: u64,
    /// Base URL to send API requests to instead of Discord (tests).
    #[serde(default)]
    pub api_proxy: Option<String>,
    /// Resolve discord.com to this `host:port` (tests: a fake Discord serving TLS).
    #[serde(default)]
    pub api_address: Option<String>,
    /// Also trust the certificate authority in this PEM file (tests).
    #[serde(default)]
    pub api_ca_file: Option<PathBuf>,
}

fn default_thread_budget() -> usize {
    900
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
        // `SPIELTISCH_STORE=postgres://…` is the store's URL (`[store] url`), not a table.
        let store_url = std::env::var("SPIELTISCH_STORE")
            .ok()
            .filter(|u| !u.trim().is_empty());
        let env = env.ignore(&["store"]);
        let mut figment = Figment::from(Toml::string(DEFAULTS));
        if let Some(path) = file {
            if !path.is_file() {
                return Err(ConfigError(format!(
                    "{} is not a readable file",
                    path.display()
                )));
            }
            check_secret_file(path)?;
            figment = figment.merge(Toml::file(path));
        }
        figment = figment.merge(env);
        if let Some(url) = store_url {
            figment = figment.merge(("store.url", url));
        }
        figment.extract().map_err(|e| ConfigError(e.to_string()))
    }
}

/// A configuration file that holds a secret must be readable by its owner alone (mode 0600 or
/// stricter); otherwise the bot refuses to start rather than use a token others can read.
fn check_secret_file(path: &Path) -> Result<(), ConfigError> {
    let unreadable = |e: &dyn std::fmt::Display| ConfigError(format!("{}: {e}", path.display()));
    let text = std::fs::read_to_string(path).map_err(|e| unreadable(&e))?;
    let table: figment::value::Dict = Figment::from(Toml::string(&text))
        .extract()
        .map_err(|e| unreadable(&e))?;
    let secrets: Vec<&str> = SECRET_KEYS
        .into_iter()
        .filter(|k| table.contains_key(*k))
        .collect();
    if secrets.is_empty() {
        return Ok(());
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(path)
            .map_err(|e| unreadable(&e))?
            .permissions()
            .mode();
        if mode & 0o077 != 0 {
            return Err(ConfigError(format!(
                "{} holds {} but others may read it (mode {:o}): `chmod 600 {}`, or set the secret in the environment instead",
                path.display(),
                secrets.join(", "),
                mode & 0o777,
                path.display()
            )));
        }
    }
    Ok(())
}

#[cfg(test)]
#[allow(clippy::result_large_err)] // figment::Jail's closures return figment::Error
mod tests {
    use super::*;

    fn load(file: Option<&str>) -> Result<Config, figment::Error> {
        Config::load(file.map(Path::new)).map_err(|e| figment::Error::from(e.to_string()))
    }

    #[test]
    fn the_store_url_comes_from_a_private_file_or_spieltisch_store() {
        figment::Jail::expect_with(|jail| {
            assert_eq!(load(None)?.store.url, None, "sled by default");
            jail.create_file(
                "store.toml",
                "[store]\nurl = \"postgres://bot:pw@db/spieltisch\"\n",
            )?;
            #[cfg(unix)]
            {
                use std::os::unix::fs::PermissionsExt;
                let path = jail.directory().join("store.toml");
                std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644))
                    .map_err(|e| e.to_string())?;
                let refused = load(Some("store.toml")).expect_err("others may read it");
                assert!(!refused.to_string().contains("pw@"), "{refused}");
                std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600))
                    .map_err(|e| e.to_string())?;
            }
            let from_file = load(Some("store.toml"))?;
            assert_eq!(
                from_file.store.url.as_ref().map(Secret::expose),
                Some("postgres://bot:pw@db/spieltisch")
            );
            assert!(!format!("{from_file:?}").contains("pw@"), "never printed");
            jail.set_env("SPIELTISCH_STORE", "postgres://other@db2/x");
            let from_env = load(Some("store.toml"))?;
            assert_eq!(
                from_env.store.url.as_ref().map(Secret::expose),
                Some("postgres://other@db2/x")
            );
            Ok(())
        });
    }

    #[test]
    fn the_language_comes_from_the_layers_and_an_unknown_one_is_named() {
        figment::Jail::expect_with(|jail| {
            assert_eq!(load(None)?.language, crate::i18n::Lang::En);
            jail.create_file("de.toml", "language = \"de\"\n")?;
            assert_eq!(load(Some("de.toml"))?.language, crate::i18n::Lang::De);
            jail.set_env("SPIELTISCH_LANGUAGE", "nl");
            assert_eq!(load(Some("de.toml"))?.language, crate::i18n::Lang::Nl);
            jail.set_env("SPIELTISCH_LANGUAGE", "fr");
            let refused = load(None).expect_err("no French");
            let said = refused.to_string();
            assert!(
                said.contains("fr") && ["en", "de", "nl"].iter().all(|c| said.contains(c)),
                "{said}"
            );
            Ok(())
        });
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

    #[test]
    fn a_secret_in_a_file_others_may_read_is_refused() {
        use std::os::unix::fs::PermissionsExt;
        figment::Jail::expect_with(|jail| {
            let path = jail.create_file("secret.toml", "discord_token = \"abc.def.ghi\"\n")?;
            path.set_permissions(std::fs::Permissions::from_mode(0o644))
                .map_err(|e| e.to_string())?;
            let refused = load(Some("secret.toml")).expect_err("a world-readable secret");
            assert!(refused.to_string().contains("chmod 600"), "{refused}");
            assert!(
                !refused.to_string().contains("abc.def.ghi"),
                "the secret is not shown"
            );
            path.set_permissions(std::fs::Permissions::from_mode(0o600))
                .map_err(|e| e.to_string())?;
            let config = load(Some("secret.toml"))?;
            assert_eq!(
                config.discord_token.as_ref().map(Secret::expose),
                Some("abc.def.ghi")
            );
            // A file without secrets may be read by anybody.
            let plain = jail.create_file("plain.toml", "log_level = \"info\"\n")?;
            plain
                .set_permissions(std::fs::Permissions::from_mode(0o644))
                .map_err(|e| e.to_string())?;
            assert!(load(Some("plain.toml")).is_ok());
            Ok(())
        });
    }

    #[test]
    fn the_default_limits_are_the_documented_ones() {
        let config = load(None).expect("defaults load");
        assert_eq!(config.limits, crate::league::Limits::default());
        assert_eq!(config.time, crate::table::Timing::default());
        assert_eq!(
            config.tournaments,
            crate::league::tournament::TournamentSettings::default()
        );
    }
}
