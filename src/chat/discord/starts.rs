//! Backing off in a crash loop.
//!
//! Every connection to Discord's gateway begins with an identify, and Discord allows a bot
//! 1,000 of them a day; past that it resets the bot's token. A bot that fails soon after it
//! connects and is restarted at once by its supervisor (systemd's `Restart=always`, a container
//! runtime) would burn through them in an hour. So the bot notes each start in a small file
//! in its data directory and, when it has started often lately, waits before it connects:
//! nothing for the first [`FREE`] starts within [`WINDOW`], then [`FIRST_WAIT`], doubling with
//! every further start up to [`LONGEST_WAIT`]. A bot that stays up longer than the window
//! starts afresh.

use std::fs::OpenOptions;
use std::io::{self, Write};
use std::path::Path;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// How far back starts count.
pub const WINDOW: Duration = Duration::from_secs(60 * 60);
/// Starts within the window that connect at once.
pub const FREE: usize = 3;
/// The wait before the first start past the free ones.
pub const FIRST_WAIT: Duration = Duration::from_secs(5);
/// The longest wait. A bot that fails at every start settles at about nine starts an hour
/// (the wait doubling with each start the hour holds): some 210 identifies a day, a fifth of
/// Discord's budget.
pub const LONGEST_WAIT: Duration = Duration::from_secs(15 * 60);

/// How long to wait before connecting, given the earlier starts (seconds since the epoch)
/// and now.
pub fn wait(earlier: &[u64], now: u64) -> Duration {
    let since = now.saturating_sub(WINDOW.as_secs());
    let recent = earlier.iter().filter(|&&t| t > since && t <= now).count();
    if recent < FREE {
        return Duration::ZERO;
    }
    let doublings = (recent - FREE).min(16) as u32;
    FIRST_WAIT.saturating_mul(1 << doublings).min(LONGEST_WAIT)
}

/// Notes this start in `file` (kept to the window, synced to disk) and says how long to wait
/// before connecting.
pub fn note_start(file: &Path) -> io::Result<Duration> {
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default()
        .as_secs();
    let earlier: Vec<u64> = match std::fs::read_to_string(file) {
        Ok(text) => text.lines().filter_map(|l| l.trim().parse().ok()).collect(),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Vec::new(),
        Err(e) => return Err(e),
    };
    let wait = wait(&earlier, now);
    let since = now.saturating_sub(WINDOW.as_secs());
    let kept: String = earlier
        .iter()
        .filter(|&&t| t > since)
        .chain(std::iter::once(&now))
        .map(|t| format!("{t}\n"))
        .collect();
    if let Some(dir) = file.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let partial = file.with_extension("partial");
    let mut out = OpenOptions::new()
        .create(true)
        .write(true)
        .truncate(true)
        .open(&partial)?;
    out.write_all(kept.as_bytes())?;
    out.sync_data()?;
    std::fs::rename(&partial, file)?;
    Ok(wait)
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOW: u64 = 1_800_000_000;

    #[test]
    fn the_first_starts_connect_at_once() {
        assert_eq!(wait(&[], NOW), Duration::ZERO);
        assert_eq!(wait(&[NOW - 10, NOW - 5], NOW), Duration::ZERO);
    }

    #[test]
    fn a_crash_loop_waits_longer_each_time_up_to_a_cap() {
        let starts = |n: u64| (0..n).map(|i| NOW - 60 + i).collect::<Vec<_>>();
        assert_eq!(wait(&starts(3), NOW), FIRST_WAIT);
        assert_eq!(wait(&starts(4), NOW), FIRST_WAIT * 2);
        assert_eq!(wait(&starts(6), NOW), FIRST_WAIT * 8);
        assert_eq!(wait(&starts(40), NOW), LONGEST_WAIT);
    }

    #[test]
    fn old_starts_are_forgotten() {
        let old = [NOW - WINDOW.as_secs() - 1; 50];
        assert_eq!(wait(&old, NOW), Duration::ZERO);
    }

    #[test]
    fn at_the_cap_a_day_stays_far_within_the_identify_budget() {
        // Simulate a bot that fails the moment it connects, restarted at once each time.
        let mut starts = Vec::new();
        let mut now = NOW;
        let day = NOW + 24 * 60 * 60;
        while now < day {
            now += wait(&starts, now).as_secs();
            starts.push(now);
            now += 1;
        }
        assert!(starts.len() <= 250, "{} identifies in a day", starts.len());
    }

    #[test]
    fn the_ledger_keeps_only_the_window() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("discord").join("starts");
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(&file, "12\nnonsense\n").unwrap();
        for _ in 0..FREE {
            assert_eq!(note_start(&file).unwrap(), Duration::ZERO);
        }
        assert_eq!(note_start(&file).unwrap(), FIRST_WAIT);
        let kept = std::fs::read_to_string(&file).unwrap();
        assert_eq!(kept.lines().count(), FREE + 1, "{kept}");
    }
}
