//! The names of the metrics every layer records, and the helpers they record with, through the
//! `metrics` facade: a no-op until the operator's endpoint installs its recorder
//! (`src/ops/metrics.rs`). Named by Prometheus' conventions: the unit in the name (`_seconds`,
//! `_bytes`, `_total` for counters), labels with a few values each — never a user, channel or
//! table id. Under every layer, it imports nothing of the crate.

use std::time::Duration;

/// Commands handled, by `verb` (a command word, `unknown`, `too_long`) and `outcome` (`ok`,
/// `refused`).
pub const COMMANDS: &str = "spieltisch_commands_total";
/// From a command's arrival to its replies handed to the chat, boards drawn, by `chat`.
pub const ANSWER_SECONDS: &str = "spieltisch_answer_seconds";
/// A change written and synced, by `store` (`sled`, `postgres`).
pub const STORE_COMMIT_SECONDS: &str = "spieltisch_store_commit_seconds";
/// One sync of sled's files to stable storage.
pub const STORE_SYNC_SECONDS: &str = "spieltisch_store_sync_seconds";
/// How many commits one sync of sled's files covered.
pub const STORE_COMMITS_PER_SYNC: &str = "spieltisch_store_commits_per_sync";
/// Open tables this process holds, by `game` and `state` (`seating`, `playing`).
pub const TABLES_OPEN: &str = "spieltisch_tables_open";
/// Timers that fired (clocks, reminders, waits), and how late after their time.
pub const TIMERS_FIRED: &str = "spieltisch_timers_fired_total";
/// How long after its time a timer fired.
pub const TIMER_LATENESS_SECONDS: &str = "spieltisch_timer_lateness_seconds";
/// Timers due at a tick's start, by `chat`.
pub const TIMERS_DUE: &str = "spieltisch_timers_due";
/// Messages the timer loop held back for a later tick (its messages-per-second limit).
pub const MESSAGES_HELD: &str = "spieltisch_timer_messages_held_total";
/// Discord REST requests the bot makes, by `route` (the kind: `create_message`,
/// `interaction_callback`, `interaction_response`, `thread_create`, `thread_member`,
/// `channel`, `dm_open`); serenity's retries after a rate limit are not counted again.
pub const DISCORD_REQUESTS: &str = "spieltisch_discord_requests_total";
/// Discord's rate limits met, by `route` and `scope` (`route`, `global`).
pub const DISCORD_RATE_LIMITED: &str = "spieltisch_discord_rate_limited_total";
/// One wait for Discord's rate limits, by `route`.
pub const DISCORD_RETRY_SECONDS: &str = "spieltisch_discord_retry_seconds";
/// Discord requests that failed, by `route`.
pub const DISCORD_FAILURES: &str = "spieltisch_discord_failures_total";
/// Seconds since the last answer of Matrix's sync loop.
pub const MATRIX_SYNC_LAG_SECONDS: &str = "spieltisch_matrix_sync_lag_seconds";
/// Matrix events or uploads that could not be sent, by `kind` (`message`, `image`, `other`).
pub const MATRIX_SEND_FAILURES: &str = "spieltisch_matrix_send_failures_total";
/// Computer players' thoughts waiting for a worker.
pub const BOT_QUEUE: &str = "spieltisch_bot_thoughts_queued";
/// One computer player's thinking about one move, by `level`.
pub const BOT_THINKING_SECONDS: &str = "spieltisch_bot_thinking_seconds";
/// Drawing one image (board or replay), encoding included.
pub const RENDER_SECONDS: &str = "spieltisch_render_seconds";
/// The size of one image drawn.
pub const IMAGE_BYTES: &str = "spieltisch_image_bytes";

/// The chat a channel key (or a prefix of keys) belongs to: `discord`, `matrix` or `console`.
pub fn chat_of(channel: &str) -> &'static str {
    if channel.starts_with("discord:") {
        "discord"
    } else if channel.starts_with("matrix:") {
        "matrix"
    } else {
        "console"
    }
}

/// Records a duration in seconds in the histogram `name` with `labels`.
pub fn seconds(name: &'static str, labels: &[(&'static str, &'static str)], took: Duration) {
    let labels: Vec<metrics::Label> = labels
        .iter()
        .map(|(k, v)| metrics::Label::new(*k, *v))
        .collect();
    metrics::histogram!(name, labels).record(took.as_secs_f64());
}
