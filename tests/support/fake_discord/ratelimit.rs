//! Discord's rate limits as its answers show them (Rate Limits topic).
//!
//! Every answer carries its route's bucket in `X-RateLimit-Limit`, `-Remaining`, `-Reset`,
//! `-Reset-After` and `-Bucket`. A bucket is a route (method and path template) and its top-level
//! resource: the channel, the guild, or the webhook with its token. A request over its bucket
//! answers 429 with `retry_after`, `global: false`, `Retry-After` and `X-RateLimit-Scope: user`;
//! more than 50 requests in a second from the token answer 429 with `global: true`,
//! `X-RateLimit-Global` and `X-RateLimit-Scope: global`. Interaction callbacks and the
//! interaction webhooks do not count toward the global limit, as Discord documents.
//!
//! Discord publishes no per-route numbers (and says not to hard-code them); the fake's are the
//! ones Discord's headers commonly show: 5 messages per 5 s per channel, 5 requests per 2 s per
//! webhook, 5 deletions per second, one reaction per 250 ms, and 5 per second elsewhere.

use std::collections::{BTreeMap, HashMap, VecDeque};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use serde_json::{Value, json};

/// How one route is limited.
#[derive(Clone, Debug)]
pub(crate) struct Class {
    /// The fake's name for the route (`create_message`, ...).
    pub route: &'static str,
    /// Method and path template, e.g. `POST /channels/{channel}/messages`.
    pub template: &'static str,
    /// The top-level resource the bucket is kept for (channel id, guild id, webhook id + token).
    pub major: String,
    pub limit: u32,
    pub per: Duration,
    /// Counts toward the global 50 requests a second.
    pub global: bool,
    /// Answers 429 when over its bucket (interaction callbacks never do).
    pub enforced: bool,
}

/// Statistics of one route, as [`super::FakeDiscord::route_stats`] reports them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RouteStats {
    pub requests: usize,
    /// Most requests within any one second.
    pub peak_per_second: usize,
    /// Requests answered 429 by the fake's limits (armed faults not included).
    pub rate_limited: usize,
}

struct Window {
    start: Instant,
    count: u32,
}

pub(crate) struct Limits {
    /// Answer 429 over a limit (headers are sent either way).
    pub enforce: bool,
    buckets: HashMap<(&'static str, String), Window>,
    global: VecDeque<Instant>,
    pub stats: BTreeMap<&'static str, RouteStats>,
    recent: HashMap<&'static str, VecDeque<Instant>>,
}

pub(crate) type Headers = Vec<(&'static str, String)>;

/// The global limit per token.
pub(crate) const GLOBAL_PER_SECOND: usize = 50;

impl Limits {
    pub fn new() -> Limits {
        Limits {
            enforce: true,
            buckets: HashMap::new(),
            global: VecDeque::new(),
            stats: BTreeMap::new(),
            recent: HashMap::new(),
        }
    }

    /// Counts a request on its route; `Err` with the 429 answer when it is over a limit.
    pub fn check(&mut self, class: &Class, now: Instant) -> Result<Headers, (Headers, Value)> {
        let stats = self.stats.entry(class.route).or_default();
        stats.requests += 1;
        let recent = self.recent.entry(class.route).or_default();
        recent.push_back(now);
        while recent
            .front()
            .is_some_and(|t| now.duration_since(*t) >= Duration::from_secs(1))
        {
            recent.pop_front();
        }
        stats.peak_per_second = stats.peak_per_second.max(recent.len());

        let window = self
            .buckets
            .entry((class.template, class.major.clone()))
            .or_insert(Window {
                start: now,
                count: 0,
            });
        if now >= window.start + class.per {
            window.start = now;
            window.count = 0;
        }
        let reset_after = (window.start + class.per).saturating_duration_since(now);
        while self
            .global
            .front()
            .is_some_and(|t| now.duration_since(*t) >= Duration::from_secs(1))
        {
            self.global.pop_front();
        }
        if self.enforce && class.global && self.global.len() >= GLOBAL_PER_SECOND {
            let oldest = *self.global.front().expect("non-empty");
            let retry = (oldest + Duration::from_secs(1)).saturating_duration_since(now);
            stats.rate_limited += 1;
            let headers = vec![
                ("retry-after", retry_after_header(retry)),
                ("x-ratelimit-global", "true".to_owned()),
                ("x-ratelimit-scope", "global".to_owned()),
            ];
            return Err((headers, limited_body(retry, true)));
        }
        if self.enforce && class.enforced && window.count >= class.limit {
            stats.rate_limited += 1;
            let mut headers = bucket_headers(class, 0, reset_after);
            headers.push(("retry-after", retry_after_header(reset_after)));
            headers.push(("x-ratelimit-scope", "user".to_owned()));
            return Err((headers, limited_body(reset_after, false)));
        }
        window.count += 1;
        if class.global {
            self.global.push_back(now);
        }
        let remaining = class.limit.saturating_sub(window.count);
        Ok(bucket_headers(class, remaining, reset_after))
    }
}

fn limited_body(retry: Duration, global: bool) -> Value {
    json!({
        "message": "You are being rate limited.",
        "retry_after": (retry.as_secs_f64() * 1000.0).ceil() / 1000.0,
        "global": global,
    })
}

/// `Retry-After` is whole seconds, rounded up.
fn retry_after_header(retry: Duration) -> String {
    retry.as_secs_f64().ceil().max(0.0).to_string()
}

fn bucket_headers(class: &Class, remaining: u32, reset_after: Duration) -> Headers {
    let reset = SystemTime::now() + reset_after;
    let epoch = reset
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default()
        .as_secs_f64();
    vec![
        ("x-ratelimit-limit", class.limit.to_string()),
        ("x-ratelimit-remaining", remaining.to_string()),
        ("x-ratelimit-reset", format!("{epoch:.3}")),
        (
            "x-ratelimit-reset-after",
            format!("{:.3}", reset_after.as_secs_f64()),
        ),
        ("x-ratelimit-bucket", bucket_hash(class.template)),
    ]
}

/// A stable opaque id for a route template, as Discord's `X-RateLimit-Bucket`.
fn bucket_hash(template: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in template.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// The route and bucket of a request (path with the `/api/v10` prefix).
pub(crate) fn classify(method: &str, path: &str) -> Class {
    let rest = path.strip_prefix("/api/v10/").unwrap_or("");
    let segs: Vec<&str> = rest.trim_end_matches('/').split('/').collect();
    let ms = Duration::from_millis;
    let c = |route, template, major: &str, limit, per| Class {
        route,
        template,
        major: major.to_owned(),
        limit,
        per,
        global: true,
        enforced: true,
    };
    let second = ms(1000);
    match (method, segs.as_slice()) {
        ("GET", ["gateway"]) => c("get_gateway", "GET /gateway", "", 5, second),
        ("GET", ["gateway", "bot"]) => c("get_gateway_bot", "GET /gateway/bot", "", 5, second),
        ("GET", ["users", "@me"]) => c("get_current_user", "GET /users/@me", "", 5, second),
        ("GET", ["oauth2", "applications", "@me"]) => c(
            "get_application",
            "GET /oauth2/applications/@me",
            "",
            5,
            second,
        ),
        ("GET", ["applications", _, "commands"]) => c(
            "get_commands",
            "GET /applications/{app}/commands",
            "",
            5,
            second,
        ),
        ("GET", ["applications", _, "guilds", g, "commands"]) => c(
            "get_guild_commands",
            "GET /applications/{app}/guilds/{guild}/commands",
            g,
            5,
            second,
        ),
        ("PUT", ["applications", _, "commands"]) => c(
            "put_commands",
            "PUT /applications/{app}/commands",
            "",
            5,
            second,
        ),
        ("PUT", ["applications", _, "guilds", g, "commands"]) => c(
            "put_guild_commands",
            "PUT /applications/{app}/guilds/{guild}/commands",
            g,
            5,
            second,
        ),
        ("POST", ["applications", _, "commands"]) => c(
            "post_command",
            "POST /applications/{app}/commands",
            "",
            5,
            second,
        ),
        ("POST", ["applications", _, "guilds", g, "commands"]) => c(
            "post_guild_command",
            "POST /applications/{app}/guilds/{guild}/commands",
            g,
            5,
            second,
        ),
        ("POST", ["interactions", id, _, "callback"]) => Class {
            global: false,
            enforced: false,
            ..c(
                "interaction_callback",
                "POST /interactions/{interaction}/{token}/callback",
                id,
                5,
                second,
            )
        },
        ("POST", ["webhooks", app, token]) => webhook("create_followup", "POST", app, token),
        ("GET" | "PATCH" | "DELETE", ["webhooks", app, token, "messages", which]) => {
            let route = match (method, *which == "@original") {
                ("GET", true) => "get_original",
                ("GET", false) => "get_followup",
                ("PATCH", true) => "edit_original",
                ("PATCH", false) => "edit_followup",
                (_, true) => "delete_original",
                (_, false) => "delete_followup",
            };
            webhook(route, method, app, token)
        }
        ("POST", ["channels", ch, "messages"]) => c(
            "create_message",
            "POST /channels/{channel}/messages",
            ch,
            5,
            ms(5000),
        ),
        ("GET", ["channels", ch, "messages", _]) => c(
            "get_message",
            "GET /channels/{channel}/messages/{message}",
            ch,
            5,
            ms(5000),
        ),
        ("PATCH", ["channels", ch, "messages", _]) => c(
            "edit_message",
            "PATCH /channels/{channel}/messages/{message}",
            ch,
            5,
            ms(5000),
        ),
        ("DELETE", ["channels", ch, "messages", _]) => c(
            "delete_message",
            "DELETE /channels/{channel}/messages/{message}",
            ch,
            5,
            second,
        ),
        ("POST", ["channels", ch, "typing"]) => {
            c("typing", "POST /channels/{channel}/typing", ch, 5, ms(5000))
        }
        ("PUT", ["channels", ch, "messages", _, "reactions", _, "@me"]) => c(
            "add_reaction",
            "PUT /channels/{channel}/messages/{message}/reactions/{emoji}/@me",
            ch,
            1,
            ms(250),
        ),
        ("DELETE", ["channels", ch, "messages", _, "reactions", _, "@me"]) => c(
            "delete_reaction",
            "DELETE /channels/{channel}/messages/{message}/reactions/{emoji}/@me",
            ch,
            1,
            ms(250),
        ),
        ("POST", ["channels", ch, "threads"]) => c(
            "create_thread",
            "POST /channels/{channel}/threads",
            ch,
            5,
            second,
        ),
        ("POST", ["channels", ch, "messages", _, "threads"]) => c(
            "create_thread_from_message",
            "POST /channels/{channel}/messages/{message}/threads",
            ch,
            5,
            second,
        ),
        ("GET", ["channels", ch]) => c("get_channel", "GET /channels/{channel}", ch, 5, second),
        ("PATCH", ["channels", ch]) => {
            c("edit_channel", "PATCH /channels/{channel}", ch, 5, second)
        }
        ("PUT", ["channels", ch, "thread-members", _]) => c(
            "add_thread_member",
            "PUT /channels/{channel}/thread-members/{user}",
            ch,
            5,
            second,
        ),
        ("POST", ["users", "@me", "channels"]) => {
            c("create_dm", "POST /users/@me/channels", "", 5, second)
        }
        ("GET", ["guilds", g, "members", _]) => c(
            "get_member",
            "GET /guilds/{guild}/members/{user}",
            g,
            5,
            second,
        ),
        ("GET", ["guilds", g, "roles"]) => {
            c("get_roles", "GET /guilds/{guild}/roles", g, 5, second)
        }
        ("GET", ["guilds", g, "channels"]) => c(
            "get_guild_channels",
            "GET /guilds/{guild}/channels",
            g,
            5,
            second,
        ),
        _ => c("unknown", "unknown", "", 5, second),
    }
}

/// Interaction webhooks: per webhook (the application) and token, not in the global limit.
fn webhook(route: &'static str, method: &str, app: &str, token: &str) -> Class {
    let template = match method {
        "POST" => "POST /webhooks/{webhook}/{token}",
        "GET" => "GET /webhooks/{webhook}/{token}/messages/{message}",
        "PATCH" => "PATCH /webhooks/{webhook}/{token}/messages/{message}",
        _ => "DELETE /webhooks/{webhook}/{token}/messages/{message}",
    };
    Class {
        route,
        template,
        major: format!("{app}/{token}"),
        limit: 5,
        per: Duration::from_secs(2),
        global: false,
        enforced: true,
    }
}
