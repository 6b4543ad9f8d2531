//! The REST half of the fake: one axum fallback handler that reads the body (at the rate set by
//! [`FakeDiscord::throttle_uploads`]), counts the request against its rate limits, records it,
//! and routes it by hand, so unknown routes are recorded too.

use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::Body;
use axum::extract::{DefaultBodyLimit, FromRequest, Multipart, Request, State as AxState};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use futures_util::StreamExt;
use serde_json::{Map, Value, json};
use tokio::net::TcpListener;

use super::checks::Reject;
use super::faults::Fault;
use super::ratelimit;
use super::shapes::{self, id_of};
use super::{FakeDiscord, Recorded, State, channels, commands, interactions, messages, perms};

const BODY_LIMIT: usize = 64 << 20;

pub(super) async fn serve(fake: FakeDiscord, listener: TcpListener) {
    let _ = axum::serve(listener, app(fake)).await;
}

/// The REST API as a service (served over plain HTTP and over TLS).
pub(super) fn app(fake: FakeDiscord) -> Router {
    Router::new()
        .fallback(entry)
        .with_state(fake)
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
}

/// One uploaded file part.
pub(crate) struct Upload {
    pub part: String,
    pub filename: String,
    pub data: Vec<u8>,
}

pub(crate) struct Incoming {
    pub method: String,
    pub path: String,
    pub json: Value,
    pub uploads: Vec<Upload>,
    pub auth: Option<String>,
    pub body_error: Option<Reject>,
    /// When the body had been fully received.
    pub received: Instant,
}

#[derive(Default)]
pub(crate) struct Meta {
    pub route: &'static str,
    pub channel_id: Option<u64>,
    pub message_id: Option<u64>,
    pub interaction_id: Option<u64>,
    pub since: Option<Duration>,
}

pub(crate) enum Resp {
    Json(u16, Value),
    Empty,
}

pub(crate) type Reply = Result<Resp, Reject>;

pub(crate) fn ok(v: Value) -> Reply {
    Ok(Resp::Json(200, v))
}

async fn entry(AxState(fake): AxState<FakeDiscord>, req: Request) -> Response {
    let method = req.method().as_str().to_owned();
    let path = req.uri().path().to_owned();
    let query = req.uri().query().unwrap_or_default().to_owned();
    let (auth, ctype) = {
        let header = |name| {
            req.headers()
                .get(name)
                .and_then(|v: &header::HeaderValue| v.to_str().ok())
                .map(str::to_owned)
        };
        (
            header(header::AUTHORIZATION),
            header(header::CONTENT_TYPE).unwrap_or_default(),
        )
    };
    let rate = fake.inner.upload_rate.load(Ordering::Relaxed);
    let (json, uploads, body_error) = match buffer(req, rate).await {
        Ok(req) => read_body(req, &ctype).await,
        Err(e) => (Value::Null, Vec::new(), Some(Reject::new(400, 50109, &e))),
    };
    let incoming = Incoming {
        method,
        path,
        json,
        uploads,
        auth,
        body_error,
        received: Instant::now(),
    };
    let class = ratelimit::classify(&incoming.method, &incoming.path);
    let mut meta = Meta {
        route: class.route,
        ..Meta::default()
    };
    // An armed fault for this request: a delay first, or an answer instead of the real one.
    let fault = fake.take_fault(&incoming.method, &incoming.path);
    if let Some(Fault::Delay(pause)) = &fault {
        tokio::time::sleep(*pause).await;
    }
    let mut st = fake.lock();
    let (status, response, headers) = match fault.as_ref().and_then(Fault::answer) {
        Some((status, body, extra)) => {
            meta.route = "fault";
            (status, body, extra)
        }
        None => respond(&fake, &mut st, &incoming, &mut meta, &class),
    };
    st.requests.push(Recorded {
        method: incoming.method,
        path: incoming.path,
        query,
        json: incoming.json,
        files: incoming
            .uploads
            .into_iter()
            .map(|u| (u.filename, u.data))
            .collect(),
        status,
        response: response.clone(),
        headers: headers.clone(),
        route: meta.route,
        channel_id: meta.channel_id,
        message_id: meta.message_id,
        interaction_id: meta.interaction_id,
        since_dispatch: meta.since,
        at: incoming.received,
    });
    drop(st);
    let code = StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    let mut out = if status == 204 {
        code.into_response()
    } else {
        (code, axum::Json(response)).into_response()
    };
    for (name, value) in headers {
        if let Ok(value) = header::HeaderValue::from_str(&value) {
            out.headers_mut().insert(name, value);
        }
    }
    out
}

/// The answer to a request: the token, its rate limits, then the route.
fn respond(
    fake: &FakeDiscord,
    st: &mut State,
    req: &Incoming,
    meta: &mut Meta,
    class: &ratelimit::Class,
) -> (u16, Value, Vec<(&'static str, String)>) {
    // Discord documents GET /gateway as not requiring authentication. (A 401 there would also
    // make serenity fall back to wss://gateway.discord.gg, i.e. the real internet.)
    let public = req.method == "GET" && req.path.trim_end_matches('/') == "/api/v10/gateway";
    let token_ok = !st.token_reset && req.auth.as_deref() == Some(&format!("Bot {}", fake.token()));
    if !public && !token_ok {
        meta.route = "unauthorized";
        return (
            401,
            json!({"message": "401: Unauthorized", "code": 0}),
            Vec::new(),
        );
    }
    let headers = match st.limits.check(class, req.received) {
        Ok(headers) => headers,
        Err((headers, body)) => return (429, body, headers),
    };
    if let Some(e) = &req.body_error {
        meta.route = "bad_body";
        return (e.status, e.body.clone(), headers);
    }
    match handle(fake, st, req, meta) {
        Ok(Resp::Json(status, v)) => (status, v, headers),
        Ok(Resp::Empty) => (204, Value::Null, headers),
        Err(r) => (r.status, r.body, headers),
    }
}

/// Reads the whole body, at `rate` bytes a second if `rate` is not 0.
async fn buffer(req: Request, rate: u64) -> Result<Request, String> {
    let (parts, body) = req.into_parts();
    let mut stream = body.into_data_stream();
    let mut data = Vec::new();
    let start = tokio::time::Instant::now();
    while let Some(chunk) = stream.next().await {
        let chunk = chunk.map_err(|e| format!("unreadable body: {e}"))?;
        data.extend_from_slice(&chunk);
        if data.len() > BODY_LIMIT {
            return Err("Request entity too large".into());
        }
        if rate > 0 {
            let due = Duration::from_secs_f64(data.len() as f64 / rate as f64);
            tokio::time::sleep_until(start + due).await;
        }
    }
    Ok(Request::from_parts(parts, Body::from(data)))
}

async fn read_body(req: Request, ctype: &str) -> (Value, Vec<Upload>, Option<Reject>) {
    let invalid = |what: String| {
        (
            Value::Null,
            Vec::new(),
            Some(Reject::new(400, 50109, &what)),
        )
    };
    if ctype.starts_with("multipart/form-data") {
        let mut form = match Multipart::from_request(req, &()).await {
            Ok(m) => m,
            Err(e) => {
                return invalid(format!(
                    "The request body contains invalid multipart data: {e}"
                ));
            }
        };
        let mut json = Value::Null;
        let mut uploads = Vec::new();
        let mut fields = Map::new();
        loop {
            match form.next_field().await {
                Ok(Some(field)) => {
                    let name = field.name().unwrap_or_default().to_owned();
                    let filename = field.file_name().map(str::to_owned);
                    let data = match field.bytes().await {
                        Ok(b) => b.to_vec(),
                        Err(e) => {
                            return invalid(format!(
                                "The request body contains invalid multipart data: {e}"
                            ));
                        }
                    };
                    if name == "payload_json" {
                        match serde_json::from_slice(&data) {
                            Ok(v) => json = v,
                            Err(_) => {
                                return invalid("The request body contains invalid JSON.".into());
                            }
                        }
                    } else if filename.is_some() || name.starts_with("files[") || name == "file" {
                        uploads.push(Upload {
                            filename: filename.unwrap_or_else(|| name.clone()),
                            part: name,
                            data,
                        });
                    } else {
                        fields.insert(
                            name,
                            Value::String(String::from_utf8_lossy(&data).into_owned()),
                        );
                    }
                }
                Ok(None) => break,
                Err(e) => {
                    return invalid(format!(
                        "The request body contains invalid multipart data: {e}"
                    ));
                }
            }
        }
        if json.is_null() && !fields.is_empty() {
            json = Value::Object(fields);
        }
        (json, uploads, None)
    } else {
        match axum::body::to_bytes(req.into_body(), BODY_LIMIT).await {
            Ok(b) if b.is_empty() => (Value::Null, Vec::new(), None),
            Ok(b) => match serde_json::from_slice(&b) {
                Ok(v) => (v, Vec::new(), None),
                Err(_) => invalid("The request body contains invalid JSON.".into()),
            },
            Err(e) => invalid(format!("unreadable body: {e}")),
        }
    }
}

pub(crate) fn snowflake(text: &str, field: &str) -> Result<u64, Reject> {
    text.parse::<u64>().map_err(|_| {
        Reject::form(
            &[field.to_owned()],
            "NUMBER_TYPE_COERCE",
            &format!("Value \"{text}\" is not snowflake."),
        )
    })
}

fn not_found() -> Reject {
    Reject::new(404, 0, "404: Not Found")
}

fn check_guild(guild: &str) -> Result<u64, Reject> {
    let g = snowflake(guild, "guild_id")?;
    if g != FakeDiscord::GUILD_ID {
        return Err(Reject::unknown("Guild", 10004));
    }
    Ok(g)
}

/// Routes a request the token and the rate limits let through; `meta.route` is set already.
fn handle(fake: &FakeDiscord, st: &mut State, req: &Incoming, meta: &mut Meta) -> Reply {
    let Some(path) = req.path.strip_prefix("/api/v10/") else {
        return Err(not_found());
    };
    let segs: Vec<&str> = path.trim_end_matches('/').split('/').collect();
    let m = req.method.as_str();
    let channel = |c: &str, meta: &mut Meta| -> Result<u64, Reject> {
        let c = snowflake(c, "channel_id")?;
        meta.channel_id = Some(c);
        Ok(c)
    };
    match (m, segs.as_slice()) {
        ("GET", ["gateway"]) => ok(json!({"url": fake.gateway_url()})),
        ("GET", ["gateway", "bot"]) => {
            let used = st.gw.attempts.len() as u64;
            let total = st.gw.identify_budget;
            ok(json!({
                "url": fake.gateway_url(),
                "shards": 1,
                "session_start_limit": {
                    "total": total,
                    "remaining": total.saturating_sub(used),
                    "reset_after": 14_400_000,
                    "max_concurrency": 1,
                },
            }))
        }
        ("GET", ["users", "@me"]) => ok(shapes::current_user_json()),
        ("GET", ["oauth2", "applications", "@me"]) => ok(shapes::application_json()),
        ("GET", ["applications", app, "commands"]) => {
            commands::check_app(app)?;
            commands::list(st, None)
        }
        ("GET", ["applications", app, "guilds", guild, "commands"]) => {
            commands::check_app(app)?;
            let g = check_guild(guild)?;
            commands::list(st, Some(g))
        }
        ("PUT", ["applications", app, "commands"]) => {
            commands::check_app(app)?;
            commands::put_commands(st, &req.json, None)
        }
        ("PUT", ["applications", app, "guilds", guild, "commands"]) => {
            commands::check_app(app)?;
            let g = check_guild(guild)?;
            commands::put_commands(st, &req.json, Some(g))
        }
        ("POST", ["applications", app, "commands"]) => {
            commands::check_app(app)?;
            commands::post_command(st, &req.json, None)
        }
        ("POST", ["applications", app, "guilds", guild, "commands"]) => {
            commands::check_app(app)?;
            let g = check_guild(guild)?;
            commands::post_command(st, &req.json, Some(g))
        }
        ("POST", ["interactions", id, token, "callback"]) => {
            interactions::callback(st, req, meta, id, token)
        }
        ("POST", ["webhooks", app, token]) => {
            interactions::create_followup(st, req, meta, app, token)
        }
        ("GET" | "PATCH" | "DELETE", ["webhooks", app, token, "messages", which]) => {
            interactions::webhook_message(st, req, meta, app, token, which)
        }
        ("POST", ["channels", c, "messages"]) => {
            let c = channel(c, meta)?;
            messages::create_channel_message(st, req, meta, c)
        }
        ("GET" | "PATCH" | "DELETE", ["channels", c, "messages", mid]) => {
            let c = channel(c, meta)?;
            let mid = snowflake(mid, "message_id")?;
            meta.message_id = Some(mid);
            messages::channel_message(st, req, c, mid)
        }
        ("POST", ["channels", c, "typing"]) => {
            let c = channel(c, meta)?;
            st.chan(c)
                .ok_or_else(|| Reject::unknown("Channel", 10003))?;
            perms::require(st, c, perms::send_bit(st, c))?;
            Ok(Resp::Empty)
        }
        ("PUT" | "DELETE", ["channels", c, "messages", mid, "reactions", _emoji, "@me"]) => {
            let c = channel(c, meta)?;
            let mid = snowflake(mid, "message_id")?;
            meta.message_id = Some(mid);
            st.chan(c)
                .ok_or_else(|| Reject::unknown("Channel", 10003))?;
            let needed = if m == "PUT" {
                perms::READ_MESSAGE_HISTORY | perms::ADD_REACTIONS
            } else {
                0
            };
            perms::require(st, c, needed)?;
            messages::visible_message(st, c, mid)?;
            if st.chan(c).is_some_and(|ch| ch.archived) {
                return Err(messages::archived_thread());
            }
            Ok(Resp::Empty)
        }
        ("POST", ["channels", c, "threads"]) => {
            let c = channel(c, meta)?;
            channels::create_thread(st, &req.json, c, None)
        }
        ("POST", ["channels", c, "messages", mid, "threads"]) => {
            let c = channel(c, meta)?;
            let mid = snowflake(mid, "message_id")?;
            meta.message_id = Some(mid);
            channels::create_thread(st, &req.json, c, Some(mid))
        }
        ("GET", ["channels", c]) => {
            let c = channel(c, meta)?;
            channels::get_channel(st, c)
        }
        ("PATCH", ["channels", c]) => {
            let c = channel(c, meta)?;
            channels::edit_channel(st, &req.json, c)
        }
        ("PUT", ["channels", c, "thread-members", uid]) => {
            let c = channel(c, meta)?;
            let uid = snowflake(uid, "user_id")?;
            channels::add_thread_member(st, c, uid)
        }
        ("POST", ["users", "@me", "channels"]) => {
            let uid = id_of(&req.json["recipient_id"]);
            if st.user(uid).is_none() {
                return Err(Reject::unknown("User", 10013));
            }
            let id = channels::dm_channel_for(st, uid);
            meta.channel_id = Some(id);
            ok(shapes::channel_json(st, st.chan(id).expect("just created")))
        }
        ("GET", ["guilds", guild, "members", uid]) => {
            check_guild(guild)?;
            let uid = snowflake(uid, "user_id")?;
            if uid == FakeDiscord::BOT_ID {
                return ok(shapes::bot_member_json());
            }
            let user = st
                .user(uid)
                .ok_or_else(|| Reject::unknown("Member", 10007))?;
            ok(shapes::member_json(st, &user, None))
        }
        ("GET", ["guilds", guild, "roles"]) => {
            check_guild(guild)?;
            ok(Value::Array(shapes::roles_json(st)))
        }
        ("GET", ["guilds", guild, "channels"]) => {
            check_guild(guild)?;
            let list = st
                .channels
                .values()
                .filter(|c| c.in_guild() && !c.is_thread())
                .map(|c| shapes::channel_json(st, c))
                .collect();
            ok(Value::Array(list))
        }
        _ => Err(not_found()),
    }
}
