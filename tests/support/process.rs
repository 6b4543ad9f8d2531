//! A test that changes what belongs to its whole process (a resource limit, a signal's
//! disposition) runs in a process of its own: this test binary again, running only that test.

use std::process::Command;

/// The variable that tells the test binary it runs one test on its own.
const ALONE: &str = "SPIELTISCH_TEST_ALONE";

/// Whether the caller is the copy that runs the test `name` (in `module`, `module_path!()`) by
/// itself; if not, runs that copy, which must pass that one test, and returns `false`:
///
/// ```ignore
/// if !alone(module_path!(), "a_test") {
///     return; // it ran, and passed, in a process of its own
/// }
/// ```
pub fn alone(module: &str, name: &str) -> bool {
    // The test's name within its binary: the module path without the crate's name.
    let path = match module.split_once("::") {
        Some((_, inner)) => format!("{inner}::{name}"),
        None => name.to_string(),
    };
    if std::env::var(ALONE).is_ok_and(|v| v == path) {
        return true;
    }
    let exe = std::env::current_exe().expect("the test binary");
    let out = Command::new(exe)
        .args([path.as_str(), "--exact", "--test-threads=1", "--nocapture"])
        .env(ALONE, &path)
        .output()
        .expect("the test binary runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && stdout.contains("test result: ok. 1 passed"),
        "{path} in a process of its own: {}\n{stdout}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    false
}
