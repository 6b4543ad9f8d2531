//! The clock of a bot process: a file it reads its time from at every look (`--clock-file`),
//! which the test moves. (A service in the test's own process runs on the harness's manual
//! clock, `Harness::clock`.)

use std::path::{Path, PathBuf};

/// A moment to start a bot's clock at (ms since the epoch, in 2030).
pub const T0: u64 = 1_900_000_000_000;
/// An hour in ms.
pub const HOUR: u64 = 3_600_000;

/// See the module documentation.
pub struct ClockFile(PathBuf);

impl ClockFile {
    /// The file `clock` in `dir`, set to `at` (ms since the epoch).
    pub fn new(dir: &Path, at: u64) -> ClockFile {
        let clock = ClockFile(dir.join("clock"));
        clock.set(at);
        clock
    }

    /// Moves the time to `at`. Written to a new file and renamed, so the bot never reads half a
    /// number.
    pub fn set(&self, at: u64) {
        let tmp = self.0.with_extension("tmp");
        std::fs::write(&tmp, at.to_string()).expect("clock written");
        std::fs::rename(&tmp, &self.0).expect("clock moved");
    }

    /// The file's path, as the bot's argument: `["--clock-file", &clock.arg()]`.
    pub fn arg(&self) -> String {
        self.0.to_string_lossy().into_owned()
    }
}
