//! The REST half of the fake: one axum fallback handler that records every request and routes
//! it by hand, so unknown routes are recorded too.

use std::collections::HashSet;
use std::time::Duration;

use axum::Router;
use axum::extract::{DefaultBodyLimit, FromRequest, Multipart, Request, State as AxState};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Map, Value, json};
use tokio::net::TcpListener;

use super::faults::Fault;
use super::shapes::{self, EPHEMERAL, LOADING, Reject, id_of};
use super::{Chan, FakeDiscord, Ix, Recorded, State, StoredMessage, intents};

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
    part: String,
    filename: String,
    data: Vec<u8>,
}

struct Incoming {
    method: String,
    path: String,
    json: Value,
    uploads: Vec<Upload>,
    auth: Option<String>,
    body_error: Option<Reject>,
}

#[derive(Default)]
struct Meta {
    route: &'static str,
    channel_id: Option<u64>,
    message_id: Option<u64>,
    interaction_id: Option<u64>,
    since: Option<Duration>,
}

enum Resp {
    Json(u16, Value),
    Empty,
}

type Reply = Result<Resp, Reject>;

fn ok(v: Value) -> Reply {
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
    let (json, uploads, body_error) = read_body(req, &ctype).await;
    let incoming = Incoming {
        method,
        path,
        json,
        uploads,
        auth,
        body_error,
    };

    let mut meta = Meta {
        route: "unknown",
        ..Meta::default()
    };
    // An armed fault for this request: a delay first, or an answer instead of the real one.
    let fault = fake.take_fault(&incoming.method, &incoming.path);
    if let Some(Fault::Delay(pause)) = &fault {
        tokio::time::sleep(*pause).await;
    }
    let mut st = fake.lock();
    let mut headers = Vec::new();
    let (status, response) = match fault.as_ref().and_then(Fault::answer) {
        Some((status, body, extra)) => {
            meta.route = "fault";
            headers = extra;
            (status, body)
        }
        None => match handle(&fake, &mut st, &incoming, &mut meta) {
            Ok(Resp::Json(status, v)) => (status, v),
            Ok(Resp::Empty) => (204, Value::Null),
            Err(r) => (r.status, r.body),
        },
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
        route: meta.route,
        channel_id: meta.channel_id,
        message_id: meta.message_id,
        interaction_id: meta.interaction_id,
        since_dispatch: meta.since,
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

fn snowflake(text: &str, field: &str) -> Result<u64, Reject> {
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

fn handle(fake: &FakeDiscord, st: &mut State, req: &Incoming, meta: &mut Meta) -> Reply {
    let Some(rest) = req.path.strip_prefix("/api/v10/") else {
        return Err(not_found());
    };
    let segs: Vec<&str> = rest.trim_end_matches('/').split('/').collect();
    let m = req.method.as_str();
    // Discord documents GET /gateway as not requiring authentication. (A 401 there would also
    // make serenity fall back to wss://gateway.discord.gg, i.e. the real internet.)
    let public = m == "GET" && segs == ["gateway"];
    if !public && req.auth.as_deref() != Some(format!("Bot {}", fake.token()).as_str()) {
        meta.route = "unauthorized";
        return Err(Reject::new(401, 0, "401: Unauthorized"));
    }
    if let Some(e) = &req.body_error {
        meta.route = "bad_body";
        return Err(Reject {
            status: e.status,
            body: e.body.clone(),
        });
    }
    match (m, segs.as_slice()) {
        ("GET", ["gateway"]) => {
            meta.route = "get_gateway";
            ok(json!({"url": fake.gateway_url()}))
        }
        ("GET", ["gateway", "bot"]) => {
            meta.route = "get_gateway_bot";
            ok(json!({
                "url": fake.gateway_url(),
                "shards": 1,
                "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 14_400_000, "max_concurrency": 1},
            }))
        }
        ("GET", ["users", "@me"]) => {
            meta.route = "get_current_user";
            ok(shapes::current_user_json())
        }
        ("GET", ["oauth2", "applications", "@me"]) => {
            meta.route = "get_application";
            ok(shapes::application_json())
        }
        ("GET", ["applications", app, "commands"]) => {
            meta.route = "get_commands";
            check_app(app)?;
            ok(Value::Array(
                st.commands
                    .iter()
                    .filter(|c| c["guild_id"].is_null())
                    .cloned()
                    .collect(),
            ))
        }
        ("GET", ["applications", app, "guilds", guild, "commands"]) => {
            meta.route = "get_guild_commands";
            check_app(app)?;
            let g = check_guild(guild)?;
            ok(Value::Array(
                st.commands
                    .iter()
                    .filter(|c| id_of(&c["guild_id"]) == g)
                    .cloned()
                    .collect(),
            ))
        }
        ("PUT", ["applications", app, "commands"]) => {
            meta.route = "put_commands";
            check_app(app)?;
            put_commands(st, &req.json, None)
        }
        ("PUT", ["applications", app, "guilds", guild, "commands"]) => {
            meta.route = "put_guild_commands";
            check_app(app)?;
            let g = check_guild(guild)?;
            put_commands(st, &req.json, Some(g))
        }
        ("POST", ["applications", app, "commands"]) => {
            meta.route = "post_command";
            check_app(app)?;
            post_command(st, &req.json, None)
        }
        ("POST", ["applications", app, "guilds", guild, "commands"]) => {
            meta.route = "post_guild_command";
            check_app(app)?;
            let g = check_guild(guild)?;
            post_command(st, &req.json, Some(g))
        }
        ("POST", ["interactions", id, token, "callback"]) => {
            meta.route = "interaction_callback";
            callback(st, req, meta, id, token)
        }
        ("POST", ["webhooks", app, token]) => {
            meta.route = "create_followup";
            create_followup(st, req, meta, app, token)
        }
        ("GET" | "PATCH" | "DELETE", ["webhooks", app, token, "messages", which]) => {
            let original = *which == "@original";
            meta.route = match (m, original) {
                ("GET", true) => "get_original",
                ("GET", false) => "get_followup",
                ("PATCH", true) => "edit_original",
                ("PATCH", false) => "edit_followup",
                (_, true) => "delete_original",
                (_, false) => "delete_followup",
            };
            webhook_message(st, req, meta, app, token, which)
        }
        ("POST", ["channels", c, "messages"]) => {
            meta.route = "create_message";
            let c = snowflake(c, "channel_id")?;
            meta.channel_id = Some(c);
            create_channel_message(st, req, meta, c)
        }
        ("GET" | "PATCH" | "DELETE", ["channels", c, "messages", mid]) => {
            meta.route = match m {
                "GET" => "get_message",
                "PATCH" => "edit_message",
                _ => "delete_message",
            };
            let c = snowflake(c, "channel_id")?;
            let mid = snowflake(mid, "message_id")?;
            meta.channel_id = Some(c);
            meta.message_id = Some(mid);
            channel_message(st, req, c, mid)
        }
        ("POST", ["channels", c, "typing"]) => {
            meta.route = "typing";
            let c = snowflake(c, "channel_id")?;
            meta.channel_id = Some(c);
            st.chan(c)
                .ok_or_else(|| Reject::unknown("Channel", 10003))?;
            Ok(Resp::Empty)
        }
        ("PUT" | "DELETE", ["channels", c, "messages", mid, "reactions", _emoji, "@me"]) => {
            meta.route = if m == "PUT" {
                "add_reaction"
            } else {
                "delete_reaction"
            };
            let c = snowflake(c, "channel_id")?;
            let mid = snowflake(mid, "message_id")?;
            meta.channel_id = Some(c);
            meta.message_id = Some(mid);
            visible_message(st, c, mid)?;
            Ok(Resp::Empty)
        }
        ("POST", ["channels", c, "threads"]) => {
            meta.route = "create_thread";
            let c = snowflake(c, "channel_id")?;
            meta.channel_id = Some(c);
            create_thread(st, &req.json, c, None)
        }
        ("POST", ["channels", c, "messages", mid, "threads"]) => {
            meta.route = "create_thread_from_message";
            let c = snowflake(c, "channel_id")?;
            let mid = snowflake(mid, "message_id")?;
            meta.channel_id = Some(c);
            meta.message_id = Some(mid);
            create_thread(st, &req.json, c, Some(mid))
        }
        ("GET", ["channels", c]) => {
            meta.route = "get_channel";
            let c = snowflake(c, "channel_id")?;
            meta.channel_id = Some(c);
            let chan = st
                .chan(c)
                .ok_or_else(|| Reject::unknown("Channel", 10003))?;
            ok(shapes::channel_json(st, chan))
        }
        ("PATCH", ["channels", c]) => {
            meta.route = "edit_channel";
            let c = snowflake(c, "channel_id")?;
            meta.channel_id = Some(c);
            edit_channel(st, &req.json, c)
        }
        ("PUT", ["channels", c, "thread-members", uid]) => {
            meta.route = "add_thread_member";
            let c = snowflake(c, "channel_id")?;
            let uid = snowflake(uid, "user_id")?;
            meta.channel_id = Some(c);
            let chan = st
                .chan(c)
                .ok_or_else(|| Reject::unknown("Channel", 10003))?;
            if !chan.is_thread() {
                return Err(Reject::new(
                    400,
                    50024,
                    "Cannot execute action on this channel type",
                ));
            }
            if st.user(uid).is_none() {
                return Err(Reject::unknown("User", 10013));
            }
            if let Some(chan) = st.channels.get_mut(&c) {
                chan.members.insert(uid);
            }
            Ok(Resp::Empty)
        }
        ("POST", ["users", "@me", "channels"]) => {
            meta.route = "create_dm";
            let uid = id_of(&req.json["recipient_id"]);
            if st.user(uid).is_none() {
                return Err(Reject::unknown("User", 10013));
            }
            let id = dm_channel_for(st, uid);
            meta.channel_id = Some(id);
            ok(shapes::channel_json(st, st.chan(id).expect("just created")))
        }
        ("GET", ["guilds", guild, "members", uid]) => {
            meta.route = "get_member";
            check_guild(guild)?;
            let uid = snowflake(uid, "user_id")?;
            if uid == FakeDiscord::BOT_ID {
                return ok(shapes::bot_member_json());
            }
            let user = st
                .user(uid)
                .ok_or_else(|| Reject::unknown("Member", 10007))?;
            ok(shapes::member_json(&user, false))
        }
        ("GET", ["guilds", guild, "roles"]) => {
            meta.route = "get_roles";
            check_guild(guild)?;
            ok(Value::Array(shapes::roles_json()))
        }
        ("GET", ["guilds", guild, "channels"]) => {
            meta.route = "get_guild_channels";
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

fn check_app(app: &str) -> Result<(), Reject> {
    if snowflake(app, "application_id")? != FakeDiscord::APP_ID {
        return Err(Reject::new(
            403,
            20012,
            "You are not authorized to perform this action on this application",
        ));
    }
    Ok(())
}

fn check_guild(guild: &str) -> Result<u64, Reject> {
    let g = snowflake(guild, "guild_id")?;
    if g != FakeDiscord::GUILD_ID {
        return Err(Reject::unknown("Guild", 10004));
    }
    Ok(g)
}

// ---------------------------------------------------------------------------------------------
// commands

fn make_command(st: &mut State, body: &Value, guild: Option<u64>, id: Option<u64>) -> Value {
    let mut c = body.clone();
    let id = id.unwrap_or_else(|| st.next_id());
    let version = st.next_id();
    c["id"] = json!(id.to_string());
    c["application_id"] = json!(FakeDiscord::APP_ID.to_string());
    c["version"] = json!(version.to_string());
    if c["type"].is_null() {
        c["type"] = json!(1);
    }
    if c["description"].is_null() {
        c["description"] = json!("");
    }
    if c["default_member_permissions"].is_null() {
        c["default_member_permissions"] = Value::Null;
    }
    if c["nsfw"].is_null() {
        c["nsfw"] = json!(false);
    }
    if c["integration_types"].is_null() {
        c["integration_types"] = json!([0]);
    }
    if c["contexts"].is_null() {
        c["contexts"] = Value::Null;
    }
    match guild {
        Some(g) => c["guild_id"] = json!(g.to_string()),
        None => {
            if c["dm_permission"].is_null() {
                c["dm_permission"] = json!(true);
            }
        }
    }
    c
}

fn put_commands(st: &mut State, body: &Value, guild: Option<u64>) -> Reply {
    let Some(list) = body.as_array() else {
        return Err(Reject::form(&[], "BASE_TYPE_ARRAY", "Must be an array"));
    };
    shapes::check_commands(list)?;
    let same_scope = |c: &Value| match guild {
        Some(g) => id_of(&c["guild_id"]) == g,
        None => c["guild_id"].is_null(),
    };
    let old: Vec<Value> = st
        .commands
        .iter()
        .filter(|c| same_scope(c))
        .cloned()
        .collect();
    st.commands.retain(|c| !same_scope(c));
    let mut created = Vec::new();
    for c in list {
        let kind = c["type"].as_u64().unwrap_or(1);
        // A bulk overwrite keeps the ids of commands that keep their name.
        let reuse = old
            .iter()
            .find(|o| o["name"] == c["name"] && o["type"].as_u64() == Some(kind))
            .map(|o| id_of(&o["id"]));
        created.push(make_command(st, c, guild, reuse));
    }
    st.commands.extend(created.iter().cloned());
    st.last_commands_put = Some(list.clone());
    ok(Value::Array(created))
}

fn post_command(st: &mut State, body: &Value, guild: Option<u64>) -> Reply {
    shapes::check_command(body, &[])?;
    let kind = body["type"].as_u64().unwrap_or(1);
    let same = |c: &Value| {
        c["name"] == body["name"]
            && c["type"].as_u64() == Some(kind)
            && match guild {
                Some(g) => id_of(&c["guild_id"]) == g,
                None => c["guild_id"].is_null(),
            }
    };
    let existing = st
        .commands
        .iter()
        .find(|c| same(c))
        .map(|c| id_of(&c["id"]));
    st.commands.retain(|c| !same(c));
    let created = make_command(st, body, guild, existing);
    st.commands.push(created.clone());
    Ok(Resp::Json(
        if existing.is_some() { 200 } else { 201 },
        created,
    ))
}

// ---------------------------------------------------------------------------------------------
// messages

fn check_uploads(uploads: &[Upload]) -> Result<(), Reject> {
    if uploads.len() > 10 {
        return Err(Reject::form(
            &["files".to_owned()],
            "BASE_TYPE_MAX_LENGTH",
            "Must be 10 or fewer in length.",
        ));
    }
    if uploads
        .iter()
        .any(|u| u.data.len() as u64 > FakeDiscord::ATTACHMENT_SIZE_LIMIT)
    {
        return Err(Reject::new(413, 40005, "Request entity too large"));
    }
    Ok(())
}

fn is_empty_message(msg: &Value) -> bool {
    let empty = |k: &str| msg[k].as_array().is_none_or(|a| a.is_empty());
    msg["content"].as_str().unwrap_or_default().is_empty()
        && empty("embeds")
        && empty("components")
        && empty("attachments")
        && empty("sticker_items")
        && msg["poll"].is_null()
}

/// Applies content / embeds / components / attachments of a create or edit body to `msg`.
fn apply_body(
    st: &mut State,
    stored: &mut StoredMessage,
    body: &Value,
    uploads: &[Upload],
    creating: bool,
) -> Result<(), Reject> {
    let msg = &mut stored.json;
    let channel = id_of(&msg["channel_id"]);
    if let Some(c) = body.get("content") {
        let content = c.as_str().unwrap_or_default();
        msg["content"] = json!(content);
        // Who the message pings: its mentions as far as `allowed_mentions` lets them through.
        let (users, everyone) = shapes::pinged(st, content, &body["allowed_mentions"]);
        msg["mentions"] = Value::Array(users);
        msg["mention_everyone"] = json!(everyone);
    }
    for key in ["embeds", "components"] {
        if let Some(v) = body.get(key) {
            msg[key] = if v.is_null() { json!([]) } else { v.clone() };
        }
    }
    if let Some(poll) = body.get("poll").filter(|p| !p.is_null()) {
        msg["poll"] = poll.clone();
    }
    let old_atts = msg["attachments"].as_array().cloned().unwrap_or_default();
    let old_files = std::mem::take(&mut stored.files);
    let mut atts = Vec::new();
    let mut files = Vec::new();
    let mut used = HashSet::new();
    let add_upload = |st: &mut State,
                      atts: &mut Vec<Value>,
                      files: &mut Vec<(String, Vec<u8>)>,
                      u: &Upload,
                      meta: &Value| {
        let filename = meta["filename"].as_str().unwrap_or(&u.filename).to_owned();
        let id = st.next_id();
        atts.push(shapes::attachment_json(
            id,
            channel,
            &filename,
            &u.data,
            &meta["description"],
            stored.ephemeral,
        ));
        files.push((filename, u.data.clone()));
    };
    match body.get("attachments").and_then(Value::as_array) {
        Some(list) => {
            for (i, a) in list.iter().enumerate() {
                let part = format!("files[{}]", id_of(&a["id"]));
                if let Some(k) = uploads
                    .iter()
                    .position(|u| u.part == part)
                    .filter(|k| !used.contains(k))
                {
                    used.insert(k);
                    add_upload(st, &mut atts, &mut files, &uploads[k], a);
                } else if let Some(pos) = old_atts
                    .iter()
                    .position(|o| o["id"] == json!(id_of(&a["id"]).to_string()))
                {
                    atts.push(old_atts[pos].clone());
                    files.push(old_files.get(pos).cloned().unwrap_or_default());
                } else {
                    return Err(Reject::form(
                        &["attachments".to_owned(), i.to_string(), "id".to_owned()],
                        "ATTACHMENT_NOT_FOUND",
                        "Unknown attachment: no file part files[id] and no existing attachment with that id",
                    ));
                }
            }
        }
        None if !creating => {
            atts = old_atts;
            files = old_files;
        }
        None => {}
    }
    for (k, u) in uploads.iter().enumerate() {
        if !used.contains(&k) {
            add_upload(st, &mut atts, &mut files, u, &Value::Null);
        }
    }
    msg["attachments"] = Value::Array(atts);
    stored.files = files;
    shapes::resolve_embed_attachments(msg);
    Ok(())
}

/// Who a bot message comes from.
enum Origin<'a> {
    Channel,
    Interaction(&'a Ix),
}

/// Creates, stores and announces (MESSAGE_CREATE) a message by the bot.
fn create_bot_message(
    st: &mut State,
    channel: u64,
    body: &Value,
    uploads: &[Upload],
    origin: Origin<'_>,
    flags: u64,
) -> Result<Value, Reject> {
    let id = st.next_id();
    let ephemeral = flags & EPHEMERAL != 0;
    let kind = match origin {
        Origin::Channel if body["message_reference"].is_object() => 19,
        Origin::Channel => 0,
        Origin::Interaction(ix) if ix.kind == 2 => 20,
        Origin::Interaction(_) => 0,
    };
    let mut json = shapes::new_message(id, channel, shapes::bot_user_json(), kind);
    if let Origin::Interaction(ix) = origin {
        json["webhook_id"] = json!(FakeDiscord::APP_ID.to_string());
        json["application_id"] = json!(FakeDiscord::APP_ID.to_string());
        json["interaction_metadata"] = interaction_metadata(ix, st.chan(channel));
        if ix.kind == 2 {
            json["interaction"] = json!({
                "id": ix.id.to_string(),
                "type": 2,
                "name": ix.command_name.clone().unwrap_or_default(),
                "user": shapes::user_json(&ix.user),
            });
        }
    }
    if let Origin::Channel = origin
        && let Some(r) = body["message_reference"].as_object()
    {
        let target = id_of(r.get("message_id").unwrap_or(&Value::Null));
        let r_channel = r.get("channel_id").map(id_of).unwrap_or(channel);
        match st.messages.get(&target).filter(|m| !m.ephemeral) {
            Some(m) => {
                json["message_reference"] = json!({
                    "type": 0,
                    "message_id": target.to_string(),
                    "channel_id": r_channel.to_string(),
                    "guild_id": FakeDiscord::GUILD_ID.to_string(),
                });
                json["referenced_message"] = m.json.clone();
            }
            None if r.get("fail_if_not_exists") != Some(&json!(false)) => {
                return Err(Reject::form(
                    &["message_reference".to_owned()],
                    "MESSAGE_REFERENCE_UNKNOWN_MESSAGE",
                    "Unknown message",
                ));
            }
            None => json["type"] = json!(0),
        }
    }
    json["flags"] = json!(flags);
    let mut stored = StoredMessage {
        json,
        files: Vec::new(),
        ephemeral,
        interaction_id: None,
    };
    if let Origin::Interaction(ix) = origin {
        stored.interaction_id = Some(ix.id);
    }
    apply_body(st, &mut stored, body, uploads, true)?;
    if flags & LOADING == 0 && is_empty_message(&stored.json) {
        return Err(Reject::new(400, 50006, "Cannot send an empty message"));
    }
    let json = stored.json.clone();
    st.messages.insert(id, stored);
    if !ephemeral {
        announce(st, channel, id, &json);
    }
    Ok(json)
}

/// MESSAGE_CREATE for a message by the bot, as Discord echoes it on the gateway.
fn announce(st: &mut State, channel: u64, id: u64, msg: &Value) {
    let Some(chan) = st.channels.get_mut(&channel) else {
        return;
    };
    chan.last_message_id = Some(id);
    let in_guild = chan.in_guild();
    let needed = if in_guild {
        intents::GUILD_MESSAGES
    } else {
        intents::DIRECT_MESSAGES
    };
    if st.gw.session_id.is_none() || st.gw.intents & needed == 0 {
        return;
    }
    let mut event = msg.clone();
    if in_guild {
        event["guild_id"] = json!(FakeDiscord::GUILD_ID.to_string());
        let mut member = shapes::bot_member_json();
        member.as_object_mut().expect("object").remove("user");
        event["member"] = member;
    }
    st.dispatch("MESSAGE_CREATE", event);
}

fn interaction_metadata(ix: &Ix, chan: Option<&Chan>) -> Value {
    let owners = if chan.is_some_and(Chan::in_guild) {
        json!({"0": FakeDiscord::GUILD_ID.to_string()})
    } else {
        json!({"0": "0"})
    };
    let mut m = json!({
        "id": ix.id.to_string(),
        "type": ix.kind,
        "user": shapes::user_json(&ix.user),
        "authorizing_integration_owners": owners,
    });
    if let Some(original) = ix.original {
        m["original_response_message_id"] = json!(original.to_string());
    }
    match ix.kind {
        2 => m["name"] = json!(ix.command_name.clone().unwrap_or_default()),
        3 => {
            m["interacted_message_id"] = json!(ix.component_message.unwrap_or_default().to_string())
        }
        _ => {}
    }
    m
}

/// Edits a stored message. `flags` in the body may only toggle SUPPRESS_EMBEDS.
fn edit_stored(
    st: &mut State,
    mid: u64,
    body: &Value,
    uploads: &[Upload],
) -> Result<Value, Reject> {
    let mut stored = st
        .messages
        .get(&mid)
        .cloned()
        .ok_or_else(|| Reject::unknown("Message", 10008))?;
    let was_loading = stored.json["flags"].as_u64().unwrap_or(0) & LOADING != 0;
    apply_body(st, &mut stored, body, uploads, false)?;
    let mut flags = stored.json["flags"].as_u64().unwrap_or(0) & !LOADING;
    if let Some(f) = body["flags"].as_u64() {
        flags = (flags & !4) | (f & 4);
    }
    stored.json["flags"] = json!(flags);
    if !was_loading {
        stored.json["edited_timestamp"] = json!(shapes::iso_now());
    }
    if is_empty_message(&stored.json) {
        return Err(Reject::new(400, 50006, "Cannot send an empty message"));
    }
    let json = stored.json.clone();
    st.messages.insert(mid, stored);
    Ok(json)
}

/// `PATCH /channels/{id}`: a thread's `archived`, `locked`, `auto_archive_duration`, `name`.
fn edit_channel(st: &mut State, body: &Value, id: u64) -> Reply {
    let chan = st
        .channels
        .get_mut(&id)
        .ok_or_else(|| Reject::unknown("Channel", 10003))?;
    if let Some(archived) = body["archived"].as_bool() {
        if !chan.is_thread() {
            return Err(Reject::form(
                &["archived".to_owned()],
                "BASE_TYPE_BAD",
                "Not a thread.",
            ));
        }
        chan.archived = archived;
    }
    if let Some(minutes) = body["auto_archive_duration"].as_u64() {
        if !matches!(minutes, 60 | 1440 | 4320 | 10080) {
            return Err(Reject::form(
                &["auto_archive_duration".to_owned()],
                "BASE_TYPE_CHOICES",
                "Value must be one of {60, 1440, 4320, 10080}.",
            ));
        }
        chan.auto_archive = minutes;
    }
    if let Some(name) = body["name"].as_str() {
        chan.name = name.to_owned();
    }
    let chan = chan.clone();
    let json = shapes::channel_json(st, &chan);
    if chan.is_thread() && st.gw.session_id.is_some() && st.gw.intents & intents::GUILDS != 0 {
        st.dispatch("THREAD_UPDATE", json.clone());
    }
    ok(json)
}

fn create_channel_message(st: &mut State, req: &Incoming, meta: &mut Meta, channel: u64) -> Reply {
    let chan = st
        .chan(channel)
        .ok_or_else(|| Reject::unknown("Channel", 10003))?;
    // "Sending a message will automatically unarchive the thread, unless the thread has been
    // locked" (the bot may send; members of an archived thread may not use commands).
    if chan.archived
        && let Some(c) = st.channels.get_mut(&channel)
    {
        c.archived = false;
    }
    let Some(chan) = st.chan(channel) else {
        return Err(Reject::unknown("Channel", 10003));
    };
    if chan.kind == 4 {
        return Err(Reject::new(
            400,
            50008,
            "Cannot send messages in a non-text channel",
        ));
    }
    shapes::check_message_body(&req.json, &[], false)?;
    check_uploads(&req.uploads)?;
    let flags = req.json["flags"].as_u64().unwrap_or(0);
    let msg = create_bot_message(st, channel, &req.json, &req.uploads, Origin::Channel, flags)?;
    meta.message_id = Some(id_of(&msg["id"]));
    ok(msg)
}

/// A message visible through the channel routes (not ephemeral, in that channel).
fn visible_message(st: &State, channel: u64, mid: u64) -> Result<&StoredMessage, Reject> {
    st.chan(channel)
        .ok_or_else(|| Reject::unknown("Channel", 10003))?;
    st.messages
        .get(&mid)
        .filter(|m| !m.ephemeral && id_of(&m.json["channel_id"]) == channel)
        .ok_or_else(|| Reject::unknown("Message", 10008))
}

fn channel_message(st: &mut State, req: &Incoming, channel: u64, mid: u64) -> Reply {
    let msg = visible_message(st, channel, mid)?;
    match req.method.as_str() {
        "GET" => ok(msg.json.clone()),
        "PATCH" => {
            if id_of(&msg.json["author"]["id"]) != FakeDiscord::BOT_ID {
                return Err(Reject::new(
                    403,
                    50005,
                    "Cannot edit a message authored by another user",
                ));
            }
            shapes::check_message_body(&req.json, &[], true)?;
            check_uploads(&req.uploads)?;
            ok(edit_stored(st, mid, &req.json, &req.uploads)?)
        }
        _ => {
            st.messages.remove(&mid);
            Ok(Resp::Empty)
        }
    }
}

// ---------------------------------------------------------------------------------------------
// interactions

/// Discord's deadline for an interaction's first response.
pub(crate) const RESPONSE_DEADLINE: Duration = Duration::from_secs(3);

fn callback(st: &mut State, req: &Incoming, meta: &mut Meta, id: &str, token: &str) -> Reply {
    let id = snowflake(id, "interaction_id")?;
    let ix = st
        .interactions
        .get(&id)
        .filter(|ix| ix.token == token)
        .cloned()
        .ok_or_else(|| Reject::unknown("interaction", 10062))?;
    meta.interaction_id = Some(id);
    meta.channel_id = Some(ix.channel_id);
    meta.since = Some(ix.dispatched.elapsed());
    if ix.callback.is_some() {
        return Err(Reject::new(
            400,
            40060,
            "Interaction has already been acknowledged.",
        ));
    }
    // Discord invalidates the token of an interaction not answered within 3 seconds.
    if ix.dispatched.elapsed() > RESPONSE_DEADLINE {
        return Err(Reject::unknown("interaction", 10062));
    }
    let Some(t) = req.json["type"].as_u64() else {
        return Err(Reject::form(
            &["type".to_owned()],
            "BASE_TYPE_REQUIRED",
            "This field is required",
        ));
    };
    let allowed = matches!((ix.kind, t), (2, 4 | 5 | 9) | (3, 4..=7 | 9) | (4, 8));
    if !allowed {
        return Err(Reject::form(
            &["type".to_owned()],
            "INTERACTION_RESPONSE_TYPE_INVALID",
            &format!(
                "Interaction response type {t} is invalid for interaction type {}",
                ix.kind
            ),
        ));
    }
    let data = &req.json["data"];
    let mut original = None;
    match t {
        4 => {
            shapes::check_message_body(data, &["data"], true)?;
            check_uploads(&req.uploads)?;
            let flags = data["flags"].as_u64().unwrap_or(0);
            let msg = create_bot_message(
                st,
                ix.channel_id,
                data,
                &req.uploads,
                Origin::Interaction(&ix),
                flags,
            )?;
            original = Some(id_of(&msg["id"]));
        }
        5 => {
            let flags = (data["flags"].as_u64().unwrap_or(0) & EPHEMERAL) | LOADING;
            let msg = create_bot_message(
                st,
                ix.channel_id,
                &json!({}),
                &[],
                Origin::Interaction(&ix),
                flags,
            )?;
            original = Some(id_of(&msg["id"]));
        }
        6 => original = ix.component_message,
        7 => {
            shapes::check_message_body(data, &["data"], true)?;
            check_uploads(&req.uploads)?;
            let mid = ix.component_message.expect("component interaction");
            edit_stored(st, mid, data, &req.uploads)?;
            original = Some(mid);
        }
        8 => shapes::check_choices(data)?,
        _ => {
            for key in ["custom_id", "title", "components"] {
                if data[key].is_null() {
                    return Err(Reject::form(
                        &["data".to_owned(), key.to_owned()],
                        "BASE_TYPE_REQUIRED",
                        "This field is required",
                    ));
                }
            }
        }
    }
    meta.message_id = original;
    if let Some(ix) = st.interactions.get_mut(&id) {
        ix.callback = Some(t as u8);
        ix.original = original;
    }
    Ok(Resp::Empty)
}

/// The interaction a webhook token belongs to; it must have been acknowledged with a message
/// (types 4–7) — before that, or for autocomplete, Discord answers "Unknown Webhook".
fn webhook_ix(st: &State, meta: &mut Meta, app: &str, token: &str) -> Result<Ix, Reject> {
    let unknown = || Reject::unknown("Webhook", 10015);
    if app.parse::<u64>().ok() != Some(FakeDiscord::APP_ID) {
        return Err(unknown());
    }
    let ix = st
        .interactions
        .values()
        .find(|ix| ix.token == token)
        .cloned()
        .ok_or_else(unknown)?;
    meta.interaction_id = Some(ix.id);
    meta.channel_id = Some(ix.channel_id);
    meta.since = Some(ix.dispatched.elapsed());
    if !matches!(ix.callback, Some(4..=7)) {
        return Err(unknown());
    }
    Ok(ix)
}

fn create_followup(
    st: &mut State,
    req: &Incoming,
    meta: &mut Meta,
    app: &str,
    token: &str,
) -> Reply {
    let ix = webhook_ix(st, meta, app, token)?;
    shapes::check_message_body(&req.json, &[], true)?;
    check_uploads(&req.uploads)?;
    // The first follow-up after a deferred response (type 5) completes the loading message
    // instead of creating a new one; its ephemerality is the defer's.
    if let Some(original) = ix.original
        && st
            .messages
            .get(&original)
            .is_some_and(|m| m.json["flags"].as_u64().unwrap_or(0) & LOADING != 0)
    {
        let mut body = req.json.clone();
        if let Some(obj) = body.as_object_mut() {
            obj.remove("flags");
        }
        let msg = edit_stored(st, original, &body, &req.uploads)?;
        meta.message_id = Some(original);
        return ok(msg);
    }
    let flags = req.json["flags"].as_u64().unwrap_or(0);
    let msg = create_bot_message(
        st,
        ix.channel_id,
        &req.json,
        &req.uploads,
        Origin::Interaction(&ix),
        flags,
    )?;
    meta.message_id = Some(id_of(&msg["id"]));
    ok(msg)
}

fn webhook_message(
    st: &mut State,
    req: &Incoming,
    meta: &mut Meta,
    app: &str,
    token: &str,
    which: &str,
) -> Reply {
    let ix = webhook_ix(st, meta, app, token)?;
    let unknown = || Reject::unknown("Message", 10008);
    let mid = if which == "@original" {
        ix.original.ok_or_else(unknown)?
    } else {
        let mid = snowflake(which, "message_id")?;
        st.messages
            .get(&mid)
            .filter(|m| m.interaction_id == Some(ix.id))
            .ok_or_else(unknown)?;
        mid
    };
    meta.message_id = Some(mid);
    let msg = st.messages.get(&mid).ok_or_else(unknown)?;
    match req.method.as_str() {
        "GET" => ok(msg.json.clone()),
        "PATCH" => {
            shapes::check_message_body(&req.json, &[], true)?;
            check_uploads(&req.uploads)?;
            ok(edit_stored(st, mid, &req.json, &req.uploads)?)
        }
        _ => {
            st.messages.remove(&mid);
            Ok(Resp::Empty)
        }
    }
}

// ---------------------------------------------------------------------------------------------
// channels

/// The DM channel with `user`, created on first use.
pub(crate) fn dm_channel_for(st: &mut State, user: u64) -> u64 {
    if let Some(c) = st
        .channels
        .values()
        .find(|c| c.kind == 1 && c.recipient == Some(user))
    {
        return c.id;
    }
    let id = st.next_id();
    st.channels.insert(
        id,
        Chan {
            id,
            kind: 1,
            name: String::new(),
            parent_id: None,
            position: 0,
            recipient: Some(user),
            owner_id: None,
            auto_archive: 0,
            created: shapes::iso_now(),
            last_message_id: None,
            archived: false,
            members: Default::default(),
        },
    );
    id
}

fn create_thread(st: &mut State, body: &Value, parent: u64, from_message: Option<u64>) -> Reply {
    let chan = st
        .chan(parent)
        .ok_or_else(|| Reject::unknown("Channel", 10003))?;
    if chan.kind != 0 {
        return Err(Reject::new(
            400,
            50024,
            "Cannot execute action on this channel type",
        ));
    }
    let name = body["name"].as_str().unwrap_or_default().to_owned();
    let n = name.chars().count();
    if !(1..=100).contains(&n) {
        return Err(Reject::form(
            &["name".to_owned()],
            "BASE_TYPE_BAD_LENGTH",
            "Must be between 1 and 100 in length.",
        ));
    }
    // Without a message, Discord's v10 default thread type is PRIVATE_THREAD (12).
    let kind = match from_message {
        Some(_) => 11,
        None => body["type"].as_u64().unwrap_or(12),
    };
    if !matches!(kind, 11 | 12) {
        return Err(Reject::form(
            &["type".to_owned()],
            "BASE_TYPE_CHOICES",
            "Value must be one of {10, 11, 12}.",
        ));
    }
    let auto_archive = body["auto_archive_duration"].as_u64().unwrap_or(1440);
    if !matches!(auto_archive, 60 | 1440 | 4320 | 10080) {
        return Err(Reject::form(
            &["auto_archive_duration".to_owned()],
            "BASE_TYPE_CHOICES",
            "Value must be one of {60, 1440, 4320, 10080}.",
        ));
    }
    let id = match from_message {
        Some(mid) => {
            let msg = visible_message(st, parent, mid)?;
            if msg.json.get("thread").is_some() {
                return Err(Reject::new(
                    400,
                    160004,
                    "A thread has already been created for this message",
                ));
            }
            mid // a thread started from a message has the message's id
        }
        None => st.next_id(),
    };
    let thread = Chan {
        id,
        kind: kind as u8,
        name,
        parent_id: Some(parent),
        position: 0,
        recipient: None,
        owner_id: Some(FakeDiscord::BOT_ID),
        auto_archive,
        created: shapes::iso_now(),
        last_message_id: None,
        archived: false,
        members: Default::default(),
    };
    st.channels.insert(id, thread.clone());
    let json = shapes::channel_json(st, &thread);
    if let Some(mid) = from_message
        && let Some(m) = st.messages.get_mut(&mid)
    {
        m.json["thread"] = json.clone();
        let flags = m.json["flags"].as_u64().unwrap_or(0) | (1 << 5);
        m.json["flags"] = json!(flags);
    }
    if st.gw.session_id.is_some() && st.gw.intents & intents::GUILDS != 0 {
        let mut event = json.clone();
        event["newly_created"] = json!(true);
        st.dispatch("THREAD_CREATE", event);
    }
    Ok(Resp::Json(201, json))
}
