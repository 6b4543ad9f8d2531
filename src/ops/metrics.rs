//! The Prometheus recorder behind the `metrics` facade: installed once, with the histograms'
//! buckets and every metric described (the names are in `src/telemetry.rs`, where every layer
//! records them).

use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};
use std::sync::OnceLock;

pub use crate::telemetry::*;

/// Buckets of the time histograms: 0.5 ms to 10 s.
const SECONDS: [f64; 14] = [
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
];
/// Buckets of the image sizes: 4 KB to 4 MB.
const BYTES: [f64; 11] = [
    4e3, 8e3, 16e3, 32e3, 64e3, 128e3, 256e3, 512e3, 1e6, 2e6, 4e6,
];
/// Buckets of the commits per sync.
const COMMITS: [f64; 9] = [1.0, 2.0, 3.0, 5.0, 8.0, 13.0, 21.0, 34.0, 55.0];

static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();

/// The recorder every metric goes to from now on, installed on the first call; its handle
/// renders them in Prometheus' text format. Where another recorder is installed already, the
/// handle renders what was described here only.
pub fn install() -> &'static PrometheusHandle {
    HANDLE.get_or_init(|| {
        let builder = || {
            PrometheusBuilder::new()
                .set_buckets_for_metric(Matcher::Suffix("_seconds".into()), &SECONDS)
                .and_then(|b| b.set_buckets_for_metric(Matcher::Suffix("_bytes".into()), &BYTES))
                .and_then(|b| {
                    b.set_buckets_for_metric(Matcher::Full(STORE_COMMITS_PER_SYNC.into()), &COMMITS)
                })
                .unwrap_or_else(|e| {
                    tracing::error!(error = %e, "metric buckets refused; summaries instead");
                    PrometheusBuilder::new()
                })
        };
        let handle = match builder().install_recorder() {
            Ok(handle) => handle,
            Err(e) => {
                tracing::warn!(error = %e, "another metrics recorder is installed");
                builder().build_recorder().handle()
            }
        };
        describe();
        handle
    })
}

fn describe() {
    use metrics::{Unit, describe_counter, describe_gauge, describe_histogram};
    describe_counter!(
        COMMANDS,
        "Commands handled, by verb and outcome (ok, refused)."
    );
    describe_histogram!(
        ANSWER_SECONDS,
        Unit::Seconds,
        "From a command's arrival to its replies handed to the chat, boards drawn."
    );
    describe_histogram!(
        STORE_COMMIT_SECONDS,
        Unit::Seconds,
        "A change written and on stable storage."
    );
    describe_histogram!(
        STORE_SYNC_SECONDS,
        Unit::Seconds,
        "One sync of the embedded store's files to stable storage."
    );
    describe_histogram!(
        STORE_COMMITS_PER_SYNC,
        Unit::Count,
        "Commits that one sync of the embedded store covered."
    );
    describe_gauge!(
        TABLES_OPEN,
        "Open tables this process holds, by game and state."
    );
    describe_counter!(TIMERS_FIRED, "Timers fired (clocks, reminders, waits).");
    describe_histogram!(
        TIMER_LATENESS_SECONDS,
        Unit::Seconds,
        "How long after its time a timer fired."
    );
    describe_gauge!(TIMERS_DUE, "Timers due and not yet run, at the last tick.");
    describe_counter!(
        MESSAGES_HELD,
        "Messages the timer loop held back for a later tick (its messages-per-second limit)."
    );
    describe_counter!(DISCORD_REQUESTS, "Discord REST requests, by route.");
    describe_counter!(
        DISCORD_RATE_LIMITED,
        "Discord rate limits met (429 or a bucket's wait), by route and scope."
    );
    describe_histogram!(
        DISCORD_RETRY_SECONDS,
        Unit::Seconds,
        "One wait for Discord's rate limits, by route."
    );
    describe_counter!(
        DISCORD_FAILURES,
        "Discord REST requests that failed, by route."
    );
    describe_gauge!(
        MATRIX_SYNC_LAG_SECONDS,
        Unit::Seconds,
        "Seconds since the Matrix sync loop's last answer."
    );
    describe_counter!(MATRIX_SEND_FAILURES, "Matrix sends that failed, by kind.");
    describe_gauge!(
        BOT_QUEUE,
        "Computer players' thoughts waiting for a worker."
    );
    describe_histogram!(
        BOT_THINKING_SECONDS,
        Unit::Seconds,
        "A computer player's thinking about one move, by level."
    );
    describe_histogram!(
        RENDER_SECONDS,
        Unit::Seconds,
        "Drawing and encoding one image."
    );
    describe_histogram!(IMAGE_BYTES, Unit::Bytes, "The size of one image drawn.");
}
