//! `spieltisch health [--url]`: asks a running bot's `/readyz` and prints the answer, for
//! scripts and supervisors; ready or not decides the exit status.

use std::time::Duration;

/// The outcome of asking `/readyz`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Probed {
    /// The endpoint answered 200.
    pub ready: bool,
    /// What it said, or why nothing could be asked.
    pub text: String,
}

/// The `/readyz` address for an endpoint listening on `listen` (a wildcard address is asked
/// on the loopback).
pub fn ready_url(listen: &str) -> Option<String> {
    let listen = listen.trim();
    if listen.is_empty() {
        return None;
    }
    let local = listen
        .replacen("0.0.0.0:", "127.0.0.1:", 1)
        .replacen("[::]:", "[::1]:", 1);
    Some(format!("http://{local}/readyz"))
}

/// Asks `url` within `timeout`.
pub fn ask(url: &str, timeout: Duration) -> Probed {
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            return Probed {
                ready: false,
                text: format!("no runtime: {e}\n"),
            };
        }
    };
    runtime.block_on(async {
        let client = match reqwest::Client::builder()
            .timeout(timeout)
            .no_proxy()
            .build()
        {
            Ok(c) => c,
            Err(e) => {
                return Probed {
                    ready: false,
                    text: format!("no HTTP client: {e}\n"),
                };
            }
        };
        match client.get(url).send().await {
            Ok(answer) => {
                let ready = answer.status() == reqwest::StatusCode::OK;
                let status = answer.status();
                let text = answer
                    .text()
                    .await
                    .unwrap_or_else(|e| format!("{status}, unreadable: {e}\n"));
                Probed { ready, text }
            }
            Err(e) => Probed {
                ready: false,
                text: format!("not ready\n{url}: {}\n", causes(&e)),
            },
        }
    })
}

/// An error with its causes, on one line.
fn causes(e: &dyn std::error::Error) -> String {
    let mut text = e.to_string();
    let mut source = e.source();
    while let Some(cause) = source {
        text.push_str(": ");
        text.push_str(&cause.to_string());
        source = cause.source();
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_url_follows_the_listen_address() {
        assert_eq!(ready_url(""), None);
        assert_eq!(
            ready_url("127.0.0.1:9480").as_deref(),
            Some("http://127.0.0.1:9480/readyz")
        );
        assert_eq!(
            ready_url("0.0.0.0:9480").as_deref(),
            Some("http://127.0.0.1:9480/readyz")
        );
        assert_eq!(
            ready_url("[::]:9").as_deref(),
            Some("http://[::1]:9/readyz")
        );
    }
}
