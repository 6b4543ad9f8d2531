//! What a busy, real Discord does that a quiet one does not: slow answers, server errors,
//! refusals with Discord's codes (50001 Missing Access, 50007 Cannot send messages to this
//! user, 10003 Unknown Channel), and 429 rate limits per route or global with `retry_after`
//! and the `X-RateLimit-*` headers serenity's limiter reads. Tests arm a [`Fault`] for requests
//! whose method and path match; each fires a given number of times.

use std::time::Duration;

use serde_json::{Value, json};

/// What happens to a matching request.
#[derive(Clone, Debug)]
pub enum Fault {
    /// Answer normally, but only after this long.
    Delay(Duration),
    /// Answer with this status and Discord error code and message.
    Error {
        status: u16,
        code: i64,
        message: &'static str,
    },
    /// Answer 429 with `retry_after` seconds; `global` for the global limit.
    RateLimited { retry_after: f64, global: bool },
}

/// A fault's answer: status, JSON body and extra headers.
pub(crate) type Answer = (u16, Value, Vec<(&'static str, String)>);

/// An armed fault.
#[derive(Clone, Debug)]
pub(crate) struct Armed {
    pub method: &'static str,
    /// A substring of the path (e.g. `/threads`, `/channels/123/messages`).
    pub path: String,
    pub times: usize,
    pub fault: Fault,
}

impl Armed {
    pub fn matches(&self, method: &str, path: &str) -> bool {
        self.times > 0 && self.method == method && path.contains(&self.path)
    }
}

impl Fault {
    /// The answer of an error fault: status, JSON body and extra headers.
    pub(crate) fn answer(&self) -> Option<Answer> {
        match self {
            Fault::Delay(_) => None,
            Fault::Error {
                status,
                code,
                message,
            } => Some((
                *status,
                json!({"message": message, "code": code}),
                Vec::new(),
            )),
            Fault::RateLimited {
                retry_after,
                global,
            } => {
                let mut headers = vec![
                    ("retry-after", format!("{retry_after}")),
                    ("x-ratelimit-limit", "5".into()),
                    ("x-ratelimit-remaining", "0".into()),
                    ("x-ratelimit-reset-after", format!("{retry_after}")),
                    ("x-ratelimit-bucket", "fake-bucket".into()),
                    (
                        "x-ratelimit-scope",
                        if *global { "global" } else { "user" }.into(),
                    ),
                ];
                if *global {
                    headers.push(("x-ratelimit-global", "true".into()));
                }
                Some((
                    429,
                    json!({
                        "message": "You are being rate limited.",
                        "retry_after": retry_after,
                        "global": global,
                    }),
                    headers,
                ))
            }
        }
    }
}
