//! The operator's view of the Discord bot: `/readyz` turns ready once the gateway is up, the
//! answers' times are counted under `chat="discord"`, and `SIGTERM` ends the bot cleanly.

use std::time::{Duration, Instant};

use crate::support::discord::*;
use crate::support::fake_discord::FakeDiscord;
use crate::support::ops::{free_address, get, sample};

/// GETs `url` (off the async runtime) until it answers `status`; its body.
async fn until_status(url: String, status: u16) -> String {
    tokio::task::spawn_blocking(move || {
        let started = Instant::now();
        loop {
            match get(&url) {
                Some((s, body)) if s == status => return body,
                other => assert!(
                    started.elapsed() < Duration::from_secs(60),
                    "{url} never answered {status}: {other:?}"
                ),
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    })
    .await
    .expect("asked")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ready_once_connected_counted_and_stopped_cleanly_by_sigterm() {
    let fake = FakeDiscord::start(TOKEN).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let listen = free_address();
    let mut bot = start_bot(&fake, dir.path(), &[("SPIELTISCH_HTTP__LISTEN", &listen)]);
    assert!(fake.wait_ready().await, "the bot connects to the gateway");
    let report = until_status(format!("http://{listen}/readyz"), 200).await;
    assert!(report.contains("discord: ok (connected)"), "{report}");
    assert!(
        report.contains("store: ok (read and synced write"),
        "{report}"
    );

    let alice = user(1001, "alice");
    let opened = open_dvonn(&fake, &alice, CHANNEL).await;
    assert!(text(&opened).contains("alice opens a table for Dvonn"));
    let metrics = until_status(format!("http://{listen}/metrics"), 200).await;
    assert!(
        sample(
            &metrics,
            "spieltisch_answer_seconds_count",
            r#"chat="discord""#
        )
        .is_some_and(|n| n >= 1.0),
        "{metrics}"
    );
    assert_eq!(
        sample(
            &metrics,
            "spieltisch_commands_total",
            r#"verb="join",outcome="ok""#
        ),
        Some(1.0)
    );
    assert!(
        sample(
            &metrics,
            "spieltisch_discord_requests_total",
            r#"route="interaction_response""#
        )
        .is_some_and(|n| n >= 1.0),
        "the answer counted as a request to Discord: {metrics}"
    );

    let pid = libc::pid_t::try_from(bot.0.id()).expect("a pid");
    // SAFETY: kill(2) with a child's pid and a valid signal number touches no memory.
    assert_eq!(unsafe { libc::kill(pid, libc::SIGTERM) }, 0);
    let started = Instant::now();
    let status = loop {
        if let Some(status) = bot.0.try_wait().expect("waited") {
            break status;
        }
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "the bot did not stop"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert!(status.success(), "a clean stop exits 0: {status:?}");
    let log = std::fs::read_to_string(&bot.1).unwrap_or_default();
    assert!(
        log.contains("stopped: every command taken was answered"),
        "{log}"
    );
    // The table the bot acknowledged is there after a restart.
    let _restarted = start_bot(&fake, dir.path(), &[]);
    fake.wait_requests("registration after the restart", 2, |r| {
        r.route == "put_guild_commands"
    })
    .await;
    let status = fake
        .slash(&alice, CHANNEL, "status", serde_json::json!([]))
        .await;
    let shown = public(&fake, &status).await;
    assert!(text(&shown).contains("Dvonn"), "{}", text(&shown));
}
