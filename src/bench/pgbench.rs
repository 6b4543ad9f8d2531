//! `pgbench -N` on the same server as `bench --postgres`, measured in the same run: what the
//! server gives a client that commits small transactions as fast as it can, one client and
//! sixteen at once, beside spieltisch's durable commands one table at a time and 100 at once.
//!
//! pgbench's tables go to a schema of their own (`spieltisch_pgbench`), made and dropped here,
//! so the database's own tables are left alone.

use std::process::Command as Process;

use super::StoreFigures;

/// The schema pgbench's tables live in while it runs.
const SCHEMA: &str = "spieltisch_pgbench";

/// How long each pgbench run lasts, in seconds.
const SECONDS: u32 = 10;

/// pgbench's transactions per second, or why there are none.
#[derive(Debug, Clone, PartialEq)]
pub enum Pgbench {
    /// `pgbench -N` with one client and with sixteen.
    Measured {
        /// Transactions per second, one client.
        one: f64,
        /// Transactions per second, sixteen clients.
        sixteen: f64,
    },
    /// pgbench could not be run (not installed, or it failed): why, in words.
    Missing(String),
}

/// The transactions per second a pgbench run printed: the figure without the time spent
/// connecting (PostgreSQL 14 and later say `without initial connection time`, older ones
/// `excluding connections establishing`), else the first `tps =` line.
pub fn parse_tps(output: &str) -> Option<f64> {
    let figure = |line: &str| -> Option<f64> {
        let rest = line.trim().strip_prefix("tps = ")?;
        rest.split_whitespace().next()?.parse().ok()
    };
    let lines: Vec<&str> = output.lines().filter(|l| figure(l).is_some()).collect();
    lines
        .iter()
        .find(|l| l.contains("without initial connection") || l.contains("excluding connections"))
        .or(lines.first())
        .and_then(|l| figure(l))
}

/// Runs pgbench (`program`, e.g. `pgbench`) with `args` against `url`, its tables in
/// [`SCHEMA`]; its output.
fn pgbench(program: &str, url: &str, args: &[&str]) -> Result<String, String> {
    let out = Process::new(program)
        .args(args)
        .arg(url)
        .env("PGOPTIONS", format!("-c search_path={SCHEMA}"))
        .output()
        .map_err(|e| match e.kind() {
            std::io::ErrorKind::NotFound => {
                format!("{program} is not installed; it comes with PostgreSQL (Debian: postgresql)")
            }
            _ => format!("{program} cannot be started: {e}"),
        })?;
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    if !out.status.success() {
        let last = text.lines().last().unwrap_or("no output");
        return Err(format!("{program} {} failed: {last}", args.join(" ")));
    }
    Ok(text)
}

/// Runs SQL statements on the database at `url`.
fn sql(url: &str, statements: String) -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    runtime.block_on(async move {
        let (client, connection) = tokio_postgres::connect(url, tokio_postgres::NoTls)
            .await
            .map_err(|e| e.to_string())?;
        let connection = tokio::spawn(connection);
        let done = client
            .batch_execute(&statements)
            .await
            .map_err(|e| e.to_string());
        drop(client);
        let _ = connection.await;
        done
    })
}

/// Measures `pgbench -N` (`program`) against the database at `url`, one client then sixteen,
/// [`SECONDS`] each, on a scratch schema it makes and drops.
pub fn measure(program: &str, url: &str) -> Pgbench {
    let fresh = format!("DROP SCHEMA IF EXISTS {SCHEMA} CASCADE; CREATE SCHEMA {SCHEMA};");
    if let Err(e) = sql(url, fresh) {
        return Pgbench::Missing(format!("no scratch schema for pgbench: {e}"));
    }
    let seconds = SECONDS.to_string();
    let run = |clients: &str| -> Result<f64, String> {
        let out = pgbench(program, url, &["-N", "-c", clients, "-T", &seconds])?;
        parse_tps(&out).ok_or_else(|| format!("pgbench printed no tps: {out}"))
    };
    let measured = pgbench(program, url, &["-i", "-q"]).and_then(|_| {
        Ok(Pgbench::Measured {
            one: run("1")?,
            sixteen: run("16")?,
        })
    });
    let dropped = sql(url, format!("DROP SCHEMA IF EXISTS {SCHEMA} CASCADE"));
    if let Err(e) = dropped {
        tracing::warn!(error = %e, "pgbench's scratch schema was not dropped");
    }
    measured.unwrap_or_else(Pgbench::Missing)
}

/// spieltisch on PostgreSQL beside pgbench — measured before and after spieltisch's figures,
/// since the server's speed drifts (its WAL flush most of all) — and the ratio to their mean.
pub fn beside(figures: &StoreFigures, runs: &[Pgbench]) -> String {
    let Some((_, one, many)) = figures
        .rows
        .iter()
        .find(|(store, ..)| *store == "PostgreSQL")
    else {
        return String::new();
    };
    let measured: Vec<(f64, f64)> = runs
        .iter()
        .filter_map(|run| match run {
            Pgbench::Measured { one, sixteen } => Some((*one, *sixteen)),
            Pgbench::Missing(_) => None,
        })
        .collect();
    if measured.is_empty() {
        let why = runs
            .iter()
            .find_map(|run| match run {
                Pgbench::Missing(why) => Some(why.as_str()),
                Pgbench::Measured { .. } => None,
            })
            .unwrap_or("not run");
        return format!(
            "pgbench not measured ({why}); spieltisch's figures alone: one table at a time {one:.0}/s, 100 tables at once {many:.0}/s\n"
        );
    }
    let list = |pick: fn(&(f64, f64)) -> f64| {
        let tps: Vec<String> = measured.iter().map(|m| format!("{:.0}", pick(m))).collect();
        tps.join(" and ")
    };
    let mean = |pick: fn(&(f64, f64)) -> f64| {
        measured.iter().map(pick).sum::<f64>() / measured.len() as f64
    };
    let (base, sixteen) = (mean(|m| m.0), mean(|m| m.1));
    let share = |ours: f64, theirs: f64| 100.0 * ours / theirs.max(1e-9);
    format!(
        "pgbench -N on the same server ({SECONDS} s each, before and after): 1 client {} tps, 16 clients {} tps\n  \
         PostgreSQL one table at a time {one:.0}/s = {:.0}% of pgbench's 1 client ({base:.0}); 100 tables at once {many:.0}/s = {:.0}% of its 16 clients ({sixteen:.0})\n",
        list(|m| m.0),
        list(|m| m.1),
        share(*one, base),
        share(*many, sixteen)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What PostgreSQL 15's pgbench printed for `pgbench -N -c 16 -T 10`.
    const PG15: &str = "pgbench (15.14 (Debian 15.14-0+deb12u1))
starting vacuum...end.
transaction type: <builtin: simple update>
scaling factor: 1
query mode: simple
number of clients: 16
number of threads: 1
maximum number of tries: 1
duration: 10 s
number of transactions actually processed: 40594
number of failed transactions: 0 (0.000%)
latency average = 3.941 ms
initial connection time = 25.731 ms
tps = 4058.482645 (without initial connection time)
";

    /// What pgbench before PostgreSQL 14 printed.
    const PG13: &str = "latency average = 2.623 ms
tps = 381.186770 (including connections establishing)
tps = 381.912303 (excluding connections establishing)
";

    #[test]
    fn the_tps_without_connecting_is_read_from_pgbench_output() {
        assert_eq!(parse_tps(PG15), Some(4058.482645));
        assert_eq!(parse_tps(PG13), Some(381.912303));
        assert_eq!(parse_tps("tps = 12.5 (something else)\n"), Some(12.5));
        assert_eq!(parse_tps("pgbench: error: connection failed\n"), None);
        assert_eq!(parse_tps("tps = many\n"), None);
    }

    #[test]
    fn the_figures_stand_beside_pgbench_with_their_ratio() {
        let figures = StoreFigures {
            rows: vec![("sled", 1000.0, 4000.0), ("PostgreSQL", 300.0, 2000.0)],
        };
        let runs = [
            Pgbench::Measured {
                one: 300.0,
                sixteen: 3000.0,
            },
            Pgbench::Measured {
                one: 500.0,
                sixteen: 5000.0,
            },
        ];
        let said = beside(&figures, &runs);
        assert!(
            said.contains("1 client 300 and 500 tps, 16 clients 3000 and 5000 tps"),
            "{said}"
        );
        assert!(
            said.contains("300/s = 75% of pgbench's 1 client (400)"),
            "{said}"
        );
        assert!(
            said.contains("2000/s = 50% of its 16 clients (4000)"),
            "{said}"
        );
        // One run missing: the other stands alone.
        let one_run = beside(
            &figures,
            &[runs[0].clone(), Pgbench::Missing("failed".into())],
        );
        assert!(
            one_run.contains("300/s = 100% of pgbench's 1 client (300)"),
            "{one_run}"
        );
        let missing = beside(&figures, &[Pgbench::Missing("pgbench not found".into())]);
        assert!(missing.contains("pgbench not found"), "{missing}");
        assert!(missing.contains("one table at a time 300/s"), "{missing}");
        assert!(missing.contains("100 tables at once 2000/s"), "{missing}");
    }
}
