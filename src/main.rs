//! The `spieltisch` binary: runs the configured chats, or the local console when none is
//! configured; `local` forces the console; `bench` measures.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use clap::{Parser, Subcommand};
use tracing_subscriber::EnvFilter;

use spieltisch::app::App;
use spieltisch::chat::console::{self, ConsoleOptions, Printer};
#[cfg(feature = "discord")]
use spieltisch::chat::discord::{self, ShardRange};
#[cfg(feature = "matrix")]
use spieltisch::chat::matrix;
use spieltisch::config::Config;
use spieltisch::config::Secret;
use spieltisch::ops::Operated;
use spieltisch::render::Renderer;
use spieltisch::table::{FileTimeSource, Seeding, SystemTimeSource, TimeSource};

/// Board games of BrettspielWelt at chat tables.
#[derive(Parser, Debug)]
#[command(name = "spieltisch", version, about)]
struct Cli {
    /// A configuration file layered over the defaults (see config/default.toml).
    #[arg(long, global = true, value_name = "PATH")]
    config: Option<PathBuf>,
    /// The sled data directory (overrides the configuration).
    #[arg(long, global = true, value_name = "DIR")]
    data: Option<PathBuf>,
    /// The language of channels that chose none: en, de or nl (overrides the configuration).
    #[arg(long, global = true, value_name = "LANG")]
    lang: Option<spieltisch::i18n::Lang>,
    /// Read the time from this file (milliseconds since the epoch, rewritten by whoever drives
    /// it) instead of the system clock: for tests and demos of timers across restarts.
    #[arg(long, global = true, value_name = "FILE")]
    clock_file: Option<PathBuf>,
    /// Without a command: the console's settings (the same as `local`'s).
    #[command(flatten)]
    local: LocalArgs,
    #[command(subcommand)]
    command: Option<Cmd>,
}

#[derive(Subcommand, Debug)]
enum Cmd {
    /// Run the configured chats; with none configured, the local console.
    Run(RunArgs),
    /// Play in the terminal: one message per line on standard input.
    Local(LocalArgs),
    /// Seeded games between computer players, headless; prints wins and mean scores.
    Arena {
        /// The game, by its `/join` word.
        game: String,
        /// The players' levels, comma-separated, e.g. `hard,easy,easy`.
        #[arg(long, default_value = "easy,easy")]
        players: String,
        /// How many games.
        #[arg(long, default_value_t = 100)]
        games: usize,
        /// The seed of the whole run.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The game's options, e.g. `profi`.
        #[arg(long, value_name = "WORDS", default_value = "")]
        options: String,
        /// Time per searching move, overriding the levels' (e.g. `200ms`).
        #[arg(long, value_name = "DURATION")]
        budget: Option<String>,
    },
    /// Speak the CodeCup 2011 line protocol on standard input and output (`codecup dvonn`).
    Codecup {
        /// The game; only Dvonn has a CodeCup protocol.
        game: String,
        /// Time per move.
        #[arg(long, default_value = "2s")]
        budget: String,
        /// Seed of the engine's random choices.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Draw a position of an exported game (the JSON of `/export` of a finished table), or
    /// the whole game as an animated GIF.
    Render {
        /// The exported game.
        export: std::path::PathBuf,
        /// The position after this many moves (0: the start); default: the end.
        #[arg(long = "move", value_name = "N")]
        at: Option<usize>,
        /// svg, png, or gif (the whole game).
        #[arg(long, default_value = "png")]
        format: String,
        /// Where to write it; default: `<game>-<table>-<move>.<format>` here.
        #[arg(long)]
        out: Option<std::path::PathBuf>,
    },
    /// Copy an installation's sled directory into a PostgreSQL database and verify the copy
    /// (counts and checksums); running it again copies nothing twice.
    Migrate {
        /// The sled data directory (the bot must not be running on it).
        #[arg(long, value_name = "DIR")]
        from: PathBuf,
        /// The PostgreSQL URL, e.g. postgres://spieltisch:secret@localhost/spieltisch.
        #[arg(long, value_name = "URL")]
        to: String,
    },
    /// Ask a running bot whether it is ready (its `/readyz`); prints the answer and exits
    /// non-zero when it is not.
    Health {
        /// The address to ask; default: `/readyz` at the configuration's `[http] listen`.
        #[arg(long, value_name = "URL")]
        url: Option<String>,
    },
    /// Ratings: `ratings rebuild` recomputes every rating from the stored results.
    Ratings {
        #[command(subcommand)]
        action: RatingsCmd,
    },
    /// Measure rendering and command throughput; prints figures.
    Bench {
        /// Boards to render.
        #[arg(long, default_value_t = 400)]
        iterations: usize,
        /// Games to play through the table service.
        #[arg(long, default_value_t = 20)]
        games: usize,
        /// Instead: simulate this many correspondence tables over two days and print the
        /// peak rate of reminders and messages, with and without their spreading and limit.
        #[arg(long, value_name = "TABLES")]
        notices: Option<usize>,
        /// Instead: pair the rounds of Swiss tournaments of 64 and 1,000 players and print
        /// the time per round, then the Dutch rules' figures of the Dutch and the simple
        /// pairing over 30 random tournaments (compared with py4swiss when installed).
        #[arg(long, alias = "pairings")]
        pairing: bool,
        /// Instead: only the image figures (drawing, encoding, cairosvg, replays).
        #[arg(long)]
        images: bool,
        /// Instead: run a tournament of this many entrants (half computer players, half
        /// scripted people) and print how soon round 1 is open and a person's answer times in
        /// another channel, with and without it.
        #[arg(long, value_name = "N")]
        tournament: Option<usize>,
        /// The tournament's format: swiss or duplicate.
        #[arg(long, default_value = "swiss")]
        format: String,
        /// Instead: durable commands per second on this PostgreSQL database beside sled's and
        /// beside `pgbench -N` (1 and 16 clients, when pgbench is installed; each figure over
        /// 10 s, as pgbench's), then two processes playing 100 tables at once against it (use
        /// an empty database).
        #[arg(long, value_name = "URL")]
        postgres: Option<String>,
        /// One process of the stress run (started by `bench --postgres`).
        #[arg(long, value_name = "N", hide = true)]
        stress_worker: Option<u64>,
        /// Tables of the stress run.
        #[arg(long, default_value_t = 100, hide = true)]
        stress_tables: usize,
        /// Moves each stress process tries at each table.
        #[arg(long, default_value_t = 20, hide = true)]
        stress_moves: usize,
    },
}

#[derive(Subcommand, Debug)]
enum RatingsCmd {
    /// Recompute every rating from the results, in their order, and store them (after a
    /// change of the formulas); prints how many changed.
    Rebuild,
}

#[derive(clap::Args, Debug, Default)]
struct RunArgs {
    /// Discord: register the slash commands in this guild only (development).
    #[arg(long, value_name = "ID")]
    guild: Option<u64>,
    /// Discord: the shards this process runs, e.g. 0-3/8.
    #[arg(long, value_name = "RANGE")]
    shards: Option<String>,
    #[command(flatten)]
    local: LocalArgs,
}

#[derive(clap::Args, Debug, Default)]
struct LocalArgs {
    /// Where board images are written (overrides the configuration).
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    /// Seed every new table deterministically from this number.
    #[arg(long, value_name = "N")]
    seed: Option<u64>,
    /// One JSON object per reply.
    #[arg(long)]
    json: bool,
    /// The channel for lines without `#channel`.
    #[arg(long, value_name = "NAME")]
    channel: Option<String>,
}

fn main() -> ExitCode {
    one_heap();
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("spieltisch: {e}");
            ExitCode::FAILURE
        }
    }
}

/// glibc's allocator gives each thread that meets contention a heap of its own, and each heap
/// keeps its own freed blocks: with the renderer's cache turning over on several threads, that
/// held the resident memory at 190–215 MB where one heap holds it under 150 MB, at the same
/// image times (docs/benchmarks.md). The small allocations stay per thread (glibc's tcache).
fn one_heap() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: called first thing, before any other thread exists; it only sets a parameter of
    // the allocator.
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, 1);
    }
}

fn run(cli: Cli) -> Result<(), String> {
    let mut config = Config::load(cli.config.as_deref()).map_err(|e| e.to_string())?;
    if let Some(dir) = cli.data {
        config.data_dir = dir;
    }
    if let Some(lang) = cli.lang {
        config.language = lang;
    }
    let filter = EnvFilter::try_from_default_env()
        .or_else(|_| EnvFilter::try_new(&config.log_level))
        .map_err(|e| format!("log_level: {e}"))?;
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .init();
    let clock: Arc<dyn TimeSource> = match cli.clock_file {
        Some(path) => Arc::new(FileTimeSource(path)),
        None => Arc::new(SystemTimeSource),
    };
    match cli.command {
        Some(Cmd::Bench {
            postgres: Some(url),
            stress_worker: Some(worker),
            stress_tables,
            stress_moves,
            ..
        }) => spieltisch::bench::stress_worker(&url, stress_tables, worker, stress_moves),
        Some(Cmd::Bench {
            postgres: Some(url),
            stress_tables,
            stress_moves,
            ..
        }) => bench_postgres(&url, stress_tables, stress_moves),
        Some(Cmd::Bench {
            notices: Some(tables),
            ..
        }) => bench_notices(tables),
        Some(Cmd::Bench {
            tournament: Some(entrants),
            format,
            ..
        }) => bench_tournament(entrants, &format),
        Some(Cmd::Bench { pairing: true, .. }) => {
            for figures in spieltisch::bench::pairings() {
                println!("{figures}");
            }
            println!("{}", spieltisch::bench::pairing_rules());
            Ok(())
        }
        Some(Cmd::Bench {
            iterations,
            images: true,
            ..
        }) => {
            let renderer = renderer(&config);
            for figures in spieltisch::bench::image_figures(&renderer, iterations)? {
                print!("{figures}");
            }
            for figures in spieltisch::bench::replays(&renderer)? {
                print!("{figures}");
            }
            println!("{}", spieltisch::bench::warm_memory(&renderer));
            Ok(())
        }
        Some(Cmd::Bench {
            iterations, games, ..
        }) => bench(iterations, games),
        Some(Cmd::Codecup { game, budget, seed }) => codecup(&game, &budget, seed),
        Some(Cmd::Render {
            export,
            at,
            format,
            out,
        }) => render_export(&export, at, &format, out),
        Some(Cmd::Arena {
            game,
            players,
            games,
            seed,
            options,
            budget,
        }) => arena(&game, &players, games, seed, &options, budget.as_deref()),
        Some(Cmd::Ratings {
            action: RatingsCmd::Rebuild,
        }) => rebuild_ratings(&config, clock),
        Some(Cmd::Migrate { from, to }) => migrate(&from, &to),
        Some(Cmd::Health { url }) => health(&config, url),
        Some(Cmd::Local(args)) => local(&config, args, clock),
        Some(Cmd::Run(args)) => run_chats(config, args, clock),
        None => run_chats(
            config,
            RunArgs {
                local: cli.local,
                ..RunArgs::default()
            },
            clock,
        ),
    }
}

/// `spieltisch health`: the running bot's readiness, printed; an error when not ready.
fn health(config: &Config, url: Option<String>) -> Result<(), String> {
    let url = url
        .or_else(|| spieltisch::ops::probe::ready_url(&config.http.listen))
        .ok_or("no endpoint to ask: set [http] listen in the configuration, or give --url")?;
    let probed = spieltisch::ops::probe::ask(&url, Duration::from_secs(10));
    print!("{}", probed.text);
    if probed.ready {
        Ok(())
    } else {
        Err(format!("{url}: not ready"))
    }
}

/// The board renderer with the configured cache.
fn renderer(config: &Config) -> Renderer {
    Renderer::new().with_cache_bytes(spieltisch::render::cache::budget_of(config.render.cache_mb))
}

/// `spieltisch codecup dvonn`: the engine behind the CodeCup 2011 Dvonn protocol.
fn codecup(game: &str, budget: &str, seed: u64) -> Result<(), String> {
    if !game.eq_ignore_ascii_case("dvonn") {
        return Err(format!(
            "only dvonn speaks a CodeCup protocol, not {game:?}"
        ));
    }
    let budget =
        humantime::parse_duration(budget).map_err(|e| format!("--budget {budget:?}: {e}"))?;
    let effort = spieltisch::games::Effort {
        budget,
        max_depth: 64,
    };
    spieltisch::games::dvonn::codecup::play(
        std::io::stdin().lock(),
        std::io::stdout().lock(),
        effort,
        seed,
    )
    .map_err(|e| e.to_string())
}

/// `spieltisch arena`: plays the games and prints the figures.
fn arena(
    game: &str,
    players: &str,
    games: usize,
    seed: u64,
    options: &str,
    budget: Option<&str>,
) -> Result<(), String> {
    use spieltisch::bots::{Player, arena};
    let kind = spieltisch::games::GameKind::from_word(game)
        .ok_or_else(|| format!("unknown game {game:?}"))?;
    let levels = players
        .split(',')
        .map(|w| {
            Player::from_word(w.trim())
                .ok_or_else(|| format!("unknown player {w:?} (players: {})", Player::words()))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let mut opts = kind.default_options();
    for word in options.split_whitespace() {
        opts.set(word).map_err(|e| e.to_string())?;
    }
    let budget = budget
        .map(|b| humantime::parse_duration(b).map_err(|e| format!("--budget {b:?}: {e}")))
        .transpose()?;
    let result = arena::run(kind, &opts, &levels, games, seed, budget)?;
    print!("{}", result.report());
    Ok(())
}

/// The configured chats, or the console when none is configured.
fn run_chats(mut config: Config, args: RunArgs, clock: Arc<dyn TimeSource>) -> Result<(), String> {
    let present = |s: Option<Secret>| s.filter(|t| !t.expose().is_empty());
    config.discord_token = present(config.discord_token);
    config.matrix_password = present(config.matrix_password);
    config.matrix_token = present(config.matrix_token);
    if args.guild.is_some() {
        config.discord.guild = args.guild;
    }
    if args.shards.is_some() {
        config.discord.shards = args.shards;
    }
    let discord_on = config.discord.enabled || config.discord_token.is_some();
    let matrix_on =
        config.matrix.enabled || config.matrix_password.is_some() || config.matrix_token.is_some();
    if !discord_on && !matrix_on {
        return local(&config, args.local, clock);
    }
    let seeding = args.local.seed.map_or(Seeding::Random, Seeding::Fixed);
    let service = open_service(&config, seeding, clock)?;
    let chats: Vec<&'static str> = [(discord_on, "discord"), (matrix_on, "matrix")]
        .into_iter()
        .filter_map(|(on, name)| on.then_some(name))
        .collect();
    let ops = spieltisch::ops::operate(&config, &service, &chats)?;
    // Check every chat's settings before anything connects: one clear line for a mistake.
    let discord = discord_on
        .then(|| discord_settings(&config, &ops))
        .transpose()?;
    let matrix = matrix_on
        .then(|| matrix_settings(&config, &ops))
        .transpose()?;
    let shutdown = ops.shutdown.clone();
    let renderer = Arc::new(renderer(&config));
    let runtime = tokio::runtime::Runtime::new().map_err(|e| format!("runtime: {e}"))?;
    runtime.block_on(async move {
        let discord = async {
            match discord {
                Some(settings) => run_discord(settings, service.clone(), renderer.clone()).await,
                None => std::future::pending().await,
            }
        };
        let matrix = async {
            match matrix {
                Some(settings) => run_matrix(settings, service.clone(), renderer.clone()).await,
                None => std::future::pending().await,
            }
        };
        // Both chats run in one process; the first to stop for good ends it.
        // Each chat's run ends by itself once a stop's work in flight is done (Discord after
        // closing its gateway).
        let ended = tokio::select! {
            result = discord => result,
            result = matrix => result,
        };
        if ended.is_err() {
            // One chat failed for good: the other's commands in flight are answered first.
            shutdown.request();
            let _ = tokio::time::timeout(shutdown.grace(), shutdown.drained()).await;
        } else if shutdown.is_requested() {
            tracing::info!("stopped: every command taken was answered");
        }
        ended
    })
}

/// Discord's settings in a build with Discord; nothing can be made of them in one without.
#[cfg(feature = "discord")]
type DiscordSettings = discord::Settings;
#[cfg(not(feature = "discord"))]
type DiscordSettings = std::convert::Infallible;
/// Matrix's settings, likewise.
#[cfg(feature = "matrix")]
type MatrixSettings = matrix::Settings;
#[cfg(not(feature = "matrix"))]
type MatrixSettings = std::convert::Infallible;

#[cfg(feature = "discord")]
async fn run_discord(
    settings: DiscordSettings,
    service: Arc<App>,
    renderer: Arc<Renderer>,
) -> Result<(), String> {
    discord::run(settings, service, renderer)
        .await
        .map_err(|e| e.to_string())
}

#[cfg(not(feature = "discord"))]
async fn run_discord(
    settings: DiscordSettings,
    _: Arc<App>,
    _: Arc<Renderer>,
) -> Result<(), String> {
    match settings {}
}

#[cfg(feature = "matrix")]
async fn run_matrix(
    settings: MatrixSettings,
    service: Arc<App>,
    renderer: Arc<Renderer>,
) -> Result<(), String> {
    matrix::run(settings, service, renderer)
        .await
        .map_err(|e| e.to_string())
}

#[cfg(not(feature = "matrix"))]
async fn run_matrix(settings: MatrixSettings, _: Arc<App>, _: Arc<Renderer>) -> Result<(), String> {
    match settings {}
}

#[cfg(not(feature = "discord"))]
fn discord_settings(_: &Config, _: &Operated) -> Result<DiscordSettings, String> {
    Err(
        "Discord is configured, but this build has no Discord support (cargo feature `discord`)"
            .into(),
    )
}

#[cfg(not(feature = "matrix"))]
fn matrix_settings(_: &Config, _: &Operated) -> Result<MatrixSettings, String> {
    Err(
        "Matrix is configured, but this build has no Matrix support (cargo feature `matrix`)"
            .into(),
    )
}

#[cfg(feature = "discord")]
fn discord_settings(config: &Config, ops: &Operated) -> Result<DiscordSettings, String> {
    let token = config.discord_token.clone().ok_or(
        "Discord is enabled ([discord] enabled = true) but SPIELTISCH_DISCORD_TOKEN is not set",
    )?;
    let shards = config
        .discord
        .shards
        .as_deref()
        .map(str::parse::<ShardRange>)
        .transpose()
        .map_err(|e| e.to_string())?;
    Ok(discord::Settings {
        token,
        guild: config.discord.guild,
        shards,
        message_commands: config.discord.message_commands,
        member_events: config.discord.member_events,
        threads: config.discord.threads,
        thread_budget: config.discord.thread_budget.max(1),
        defer_after: discord::defer_after(config.discord.defer_after_ms)
            .map_err(|e| e.to_string())?,
        api_proxy: config.discord.api_proxy.clone(),
        api_address: config.discord.api_address.clone(),
        api_ca_file: config.discord.api_ca_file.clone(),
        starts: Some(config.data_dir.join("discord").join("starts")),
        health: ops.health.clone(),
        shutdown: ops.shutdown.clone(),
    })
}

#[cfg(feature = "matrix")]
fn matrix_settings(config: &Config, ops: &Operated) -> Result<MatrixSettings, String> {
    let m = &config.matrix;
    if m.homeserver.trim().is_empty() || m.user.trim().is_empty() {
        return Err("Matrix is enabled but [matrix] homeserver or user is not set".into());
    }
    let session = config.data_dir.join("matrix").join("session.json");
    if config.matrix_password.is_none() && config.matrix_token.is_none() && !session.exists() {
        return Err(
            "Matrix is enabled but neither SPIELTISCH_MATRIX_PASSWORD nor SPIELTISCH_MATRIX_TOKEN is set"
                .into(),
        );
    }
    Ok(matrix::Settings {
        homeserver: m.homeserver.clone(),
        user: m.user.clone(),
        password: config.matrix_password.clone(),
        token: config.matrix_token.clone(),
        allow: m.allow.clone(),
        admins: m.admins.clone(),
        catch_up_max_age: humantime::parse_duration(&m.catch_up_max_age)
            .map_err(|e| format!("[matrix] catch_up_max_age = {:?}: {e}", m.catch_up_max_age))?,
        device_name: m.device_name.clone(),
        dir: config.data_dir.join("matrix"),
        health: ops.health.clone(),
        shutdown: ops.shutdown.clone(),
    })
}

fn open_service(
    config: &Config,
    seeding: Seeding,
    clock: Arc<dyn TimeSource>,
) -> Result<Arc<App>, String> {
    let url = config.store.url.as_ref().map(Secret::expose);
    let store = spieltisch::store::open(url, &config.data_dir)?;
    App::open(store, clock, seeding)
        .map(|service| {
            Arc::new(
                service
                    .with_limits(config.limits.clone())
                    .with_tournaments(config.tournaments.clone())
                    .with_timing(config.time.clone())
                    .with_bot_budget(config.bots.hard_budget)
                    .with_language(config.language),
            )
        })
        .map_err(|e| e.to_string())
}

fn local(config: &Config, args: LocalArgs, clock: Arc<dyn TimeSource>) -> Result<(), String> {
    // One person types at the console: the per-minute limits against floods from chat users
    // would only stop a script or a pasted game (the table limits stay).
    let mut config = config.clone();
    config.limits.commands_per_minute = u32::MAX;
    config.limits.images_per_minute = u32::MAX;
    let config = &config;
    let service = open_service(
        config,
        args.seed.map_or(Seeding::Random, Seeding::Fixed),
        clock,
    )?;
    // The console has no connection to check; a signal ends its input at a line's start.
    let operated = spieltisch::ops::operate(config, &service, &[])?;
    let options = ConsoleOptions {
        channel: args
            .channel
            .unwrap_or_else(|| config.console.channel.clone()),
        out_dir: args.out.unwrap_or_else(|| config.console.out_dir.clone()),
        json: args.json,
        tick: Duration::from_secs(1),
    };
    let printer = Printer::new(
        std::io::stdout(),
        Arc::new(renderer(config)),
        options.out_dir.clone(),
        options.json,
    );
    if std::io::IsTerminal::is_terminal(&std::io::stdin()) {
        eprintln!(
            "spieltisch console — tables in {}, images in {}. Type `<name>: /help`, e.g. `alice: /games`. Ctrl-D ends.",
            config.data_dir.display(),
            options.out_dir.display()
        );
    }
    let input = spieltisch::chat::stdin::Stoppable::new(std::io::stdin(), operated.shutdown);
    console::run(service, Arc::new(printer), &options, input).map_err(|e| format!("console: {e}"))
}

/// `spieltisch ratings rebuild`.
fn rebuild_ratings(config: &Config, clock: Arc<dyn TimeSource>) -> Result<(), String> {
    let service = open_service(config, Seeding::Random, clock)?;
    let rebuilt = service.rebuild_ratings().map_err(|e| e.to_string())?;
    println!(
        "{} results, {} ratings rebuilt; {} differ from those stored before",
        rebuilt.results, rebuilt.ratings, rebuilt.changed
    );
    Ok(())
}

/// `spieltisch bench --tournament N [--format swiss|duplicate]`.
fn bench_tournament(entrants: usize, format: &str) -> Result<(), String> {
    use spieltisch::league::tournament::Format;
    let format = match format.to_ascii_lowercase().as_str() {
        "swiss" => Format::Swiss,
        "duplicate" => Format::Duplicate,
        other => return Err(format!("--format {other}: swiss or duplicate")),
    };
    let scratch = std::env::temp_dir().join(format!(
        "spieltisch-bench-tournament-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&scratch);
    let figures = spieltisch::bench::tournament(entrants, format, &scratch);
    let _ = std::fs::remove_dir_all(&scratch);
    print!("{}", figures?);
    Ok(())
}

/// `spieltisch bench --postgres URL`: durable commands on PostgreSQL beside sled's and
/// pgbench's, then the stress run.
fn bench_postgres(url: &str, tables: usize, moves: usize) -> Result<(), String> {
    let scratch = std::env::temp_dir().join(format!("spieltisch-bench-pg-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&scratch);
    // pgbench before and after: the server's speed drifts while spieltisch is measured.
    let before = spieltisch::bench::pgbench("pgbench", url);
    let figures = spieltisch::bench::stores(url, &scratch);
    let _ = std::fs::remove_dir_all(&scratch);
    let figures = figures?;
    print!("{figures}");
    let runs = match before {
        missing @ spieltisch::bench::Pgbench::Missing(_) => vec![missing],
        measured => vec![measured, spieltisch::bench::pgbench("pgbench", url)],
    };
    print!("{}", spieltisch::bench::beside_pgbench(&figures, &runs));
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let stress = spieltisch::bench::stress(&exe, url, 2, tables, moves)?;
    println!("{stress}");
    if stress.verified() {
        Ok(())
    } else {
        Err("the stress run lost or doubled a move".into())
    }
}

/// `spieltisch bench --notices N`: the simulation of N correspondence tables, twice.
fn bench_notices(tables: usize) -> Result<(), String> {
    for limited in [true, false] {
        let scratch = std::env::temp_dir().join(format!(
            "spieltisch-notices-{}-{limited}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&scratch);
        let figures = spieltisch::bench::simulate(&scratch, tables, limited);
        let _ = std::fs::remove_dir_all(&scratch);
        println!("{}", figures?);
    }
    Ok(())
}

/// `spieltisch migrate --from DIR --to URL`: prints a line per kind of record; fails unless
/// the copy is verified.
fn migrate(from: &std::path::Path, to: &str) -> Result<(), String> {
    let migration = spieltisch::store::migrate(from, to)?;
    for line in migration.lines() {
        println!("{line}");
    }
    if migration.verified() {
        println!(
            "verified: every record of {} is in the database",
            from.display()
        );
        Ok(())
    } else {
        Err("the copy differs from the source (see above); the database was not changed where it already held a record".into())
    }
}

/// `spieltisch render <export.json>`: writes the drawing, prints its path and description.
fn render_export(
    export: &std::path::Path,
    at: Option<usize>,
    format: &str,
    out: Option<std::path::PathBuf>,
) -> Result<(), String> {
    let format: spieltisch::table::exported::Format = format.parse()?;
    let text = std::fs::read_to_string(export).map_err(|e| format!("{}: {e}", export.display()))?;
    let doc: serde_json::Value =
        serde_json::from_str(&text).map_err(|e| format!("{}: not JSON: {e}", export.display()))?;
    let renderer = spieltisch::render::Renderer::new();
    let drawn = spieltisch::table::exported::draw(&renderer, &doc, at, format)?;
    let path = out.unwrap_or_else(|| std::path::PathBuf::from(&drawn.name));
    std::fs::write(&path, &drawn.bytes).map_err(|e| format!("{}: {e}", path.display()))?;
    println!(
        "{} ({} bytes): {}",
        path.display(),
        drawn.bytes.len(),
        drawn.description
    );
    Ok(())
}

fn bench(iterations: usize, games: usize) -> Result<(), String> {
    let scratch = std::env::temp_dir().join(format!("spieltisch-bench-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&scratch);
    let report = spieltisch::bench::run(iterations, games, &scratch);
    let _ = std::fs::remove_dir_all(&scratch);
    println!("{}", report?);
    Ok(())
}
