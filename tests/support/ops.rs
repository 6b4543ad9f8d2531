//! The operator's endpoint as a scraper and a supervisor see it: a free address to give the
//! bot, plain HTTP GETs of it, and Prometheus' text format read back.

use std::time::{Duration, Instant};

/// A local address no one listens on now (`127.0.0.1:<port>`), for `[http] listen`.
pub fn free_address() -> String {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
    listener.local_addr().expect("its address").to_string()
}

/// GETs `url`: (status, body); `None` while nothing answers there.
pub fn get(url: &str) -> Option<(u16, String)> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    runtime.block_on(async {
        let answer = reqwest::Client::builder()
            .no_proxy()
            .build()
            .ok()?
            .get(url)
            .timeout(Duration::from_secs(30))
            .send()
            .await
            .ok()?;
        let status = answer.status().as_u16();
        Some((status, answer.text().await.ok()?))
    })
}

/// GETs `url` until it answers (a guard of a minute against a hang, not a time limit).
pub fn get_when_up(url: &str) -> (u16, String) {
    let started = Instant::now();
    loop {
        if let Some(answer) = get(url) {
            return answer;
        }
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "nothing answers at {url}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// The value of the sample `name{labels}` in a Prometheus text exposition (`labels` exactly as
/// written there, e.g. `verb="move",outcome="ok"`; empty: none); `None` when it is not there.
pub fn sample(text: &str, name: &str, labels: &str) -> Option<f64> {
    let wanted = if labels.is_empty() {
        name.to_string()
    } else {
        format!("{name}{{{labels}}}")
    };
    text.lines().filter(|l| !l.starts_with('#')).find_map(|l| {
        let (key, value) = l.rsplit_once(' ')?;
        (key == wanted).then(|| value.parse().ok())?
    })
}
