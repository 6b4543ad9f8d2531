//! The `spieltisch` binary: runs the configured chats, or the local console when none is
//! configured; `local` forces the console; `bench` measures.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use clap::{Parser, Subcommand};
use tracing_subscriber::EnvFilter;

use spieltisch::chat::console::{self, ConsoleOptions, Printer};
use spieltisch::config::Config;
use spieltisch::render::Renderer;
use spieltisch::store::SledStore;
use spieltisch::table::{Seeding, SystemTimeSource, TableService};

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
    #[command(subcommand)]
    command: Option<Cmd>,
}

#[derive(Subcommand, Debug)]
enum Cmd {
    /// Run the configured chats; with none configured, the local console.
    Run(LocalArgs),
    /// Play in the terminal: one message per line on standard input.
    Local(LocalArgs),
    /// Measure rendering and command throughput; prints figures.
    Bench {
        /// Boards to render.
        #[arg(long, default_value_t = 400)]
        iterations: usize,
        /// Games to play through the table service.
        #[arg(long, default_value_t = 20)]
        games: usize,
    },
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
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("spieltisch: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(cli: Cli) -> Result<(), String> {
    let mut config = Config::load(cli.config.as_deref()).map_err(|e| e.to_string())?;
    if let Some(dir) = cli.data {
        config.data_dir = dir;
    }
    let filter = EnvFilter::try_from_default_env()
        .or_else(|_| EnvFilter::try_new(&config.log_level))
        .map_err(|e| format!("log_level: {e}"))?;
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .init();
    match cli.command {
        Some(Cmd::Bench { iterations, games }) => bench(iterations, games),
        Some(Cmd::Local(args)) | Some(Cmd::Run(args)) => local(&config, args),
        None => local(&config, LocalArgs::default()),
    }
}

fn local(config: &Config, args: LocalArgs) -> Result<(), String> {
    let store = SledStore::open(&config.data_dir).map_err(|e| e.to_string())?;
    let seeding = args.seed.map_or(Seeding::Random, Seeding::Fixed);
    let service = TableService::open(Arc::new(store), Arc::new(SystemTimeSource), seeding)
        .map_err(|e| e.to_string())?;
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
        Arc::new(Renderer::new()),
        options.out_dir.clone(),
        options.json,
    );
    if std::io::IsTerminal::is_terminal(&std::io::stdin()) {
        eprintln!(
            "spieltisch console — tables in {}, images in {}. Type `<name>: /help`, e.g. `alice: /join dvonn`. Ctrl-D ends.",
            config.data_dir.display(),
            options.out_dir.display()
        );
    }
    console::run(
        Arc::new(service),
        Arc::new(printer),
        &options,
        std::io::stdin().lock(),
    )
    .map_err(|e| format!("console: {e}"))
}

fn bench(iterations: usize, games: usize) -> Result<(), String> {
    let scratch = std::env::temp_dir().join(format!("spieltisch-bench-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&scratch);
    let report = spieltisch::bench::run(iterations, games, &scratch);
    let _ = std::fs::remove_dir_all(&scratch);
    println!("{}", report?);
    Ok(())
}
