//! Discord's JSON objects as the fake builds them, and the checks Discord applies to what a bot
//! sends. Field sets follow what serenity 0.12.5 requires when deserializing (noted where that
//! is surprising) plus what Discord really sends.

use std::collections::HashSet;
use std::time::{SystemTime, UNIX_EPOCH};

use serde_json::{Map, Value, json};

use super::{Chan, FakeDiscord, FakeUser, State, perms};

const JOINED_AT: &str = "2024-01-01T12:00:00.000000+00:00";
/// The client language of users who set none.
pub(crate) const LOCALE: &str = "en-US";

/// The locales Discord accepts as keys of `name_localizations` and `description_localizations`.
const LOCALES: &[&str] = &[
    "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl",
    "no", "pl", "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi", "th",
    "zh-CN", "ja", "zh-TW", "ko",
];

// ---------------------------------------------------------------------------------------------
// small helpers

pub(crate) fn iso_now() -> String {
    iso(SystemTime::now())
}

/// RFC 3339 with microseconds, as Discord writes timestamps.
pub(crate) fn iso(t: SystemTime) -> String {
    let d = t.duration_since(UNIX_EPOCH).unwrap_or_default();
    let secs = d.as_secs();
    let (y, m, day) = civil_from_days((secs / 86_400) as i64);
    let rem = secs % 86_400;
    format!(
        "{y:04}-{m:02}-{day:02}T{:02}:{:02}:{:02}.{:06}+00:00",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60,
        d.subsec_micros()
    )
}

fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = if z >= 0 { z } else { z - 146_096 } / 146_097;
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// A snowflake given as string (Discord) or number.
pub(crate) fn id_of(v: &Value) -> u64 {
    match v {
        Value::String(s) => s.parse().unwrap_or(0),
        Value::Number(n) => n.as_u64().unwrap_or(0),
        _ => 0,
    }
}

fn s(id: u64) -> Value {
    Value::String(id.to_string())
}

fn len(v: &Value) -> usize {
    v.as_str().map_or(0, |s| s.chars().count())
}

// ---------------------------------------------------------------------------------------------
// users, members, roles, channels, guild

/// A user object. `discriminator` "0" is how Discord marks migrated usernames.
pub(crate) fn user_json(u: &FakeUser) -> Value {
    json!({
        "id": s(u.id),
        "username": u.name,
        "global_name": u.name,
        "discriminator": "0",
        "avatar": null,
        "public_flags": 0,
        "flags": 0,
        "banner": null,
        "accent_color": null,
        "avatar_decoration_data": null,
        "collectibles": null,
        "primary_guild": null,
    })
}

pub(crate) fn bot_user_json() -> Value {
    json!({
        "id": s(FakeDiscord::BOT_ID),
        "username": "Spieltisch",
        "global_name": null,
        "discriminator": "0",
        "avatar": null,
        "bot": true,
        "public_flags": 0,
        "flags": 0,
        "banner": null,
        "accent_color": null,
        "avatar_decoration_data": null,
    })
}

/// `GET /users/@me` and READY's `user`.
pub(crate) fn current_user_json() -> Value {
    let mut u = bot_user_json();
    u["verified"] = json!(true);
    u["mfa_enabled"] = json!(false);
    u["email"] = Value::Null;
    u["locale"] = json!(LOCALE);
    u["premium_type"] = json!(0);
    u
}

fn member_roles(u: &FakeUser) -> Vec<Value> {
    if u.manage_messages {
        vec![s(FakeDiscord::MOD_ROLE_ID)]
    } else {
        vec![]
    }
}

/// A full guild member. serenity's `Member` requires `deaf`, `mute`, `flags` and `roles`.
pub(crate) fn member_json(u: &FakeUser, with_permissions: bool) -> Value {
    let mut m = json!({
        "user": user_json(u),
        "nick": null,
        "avatar": null,
        "banner": null,
        "roles": member_roles(u),
        "joined_at": JOINED_AT,
        "premium_since": null,
        "deaf": false,
        "mute": false,
        "flags": 0,
        "pending": false,
        "communication_disabled_until": null,
        "unusual_dm_activity_until": null,
    });
    if with_permissions {
        m["permissions"] = json!(u.permissions().to_string());
    }
    m
}

/// The member object of MESSAGE_CREATE and `resolved.members` (no `user`).
pub(crate) fn partial_member_json(u: &FakeUser) -> Value {
    let mut m = member_json(u, false);
    m.as_object_mut().expect("object").remove("user");
    m
}

pub(crate) fn bot_member_json() -> Value {
    json!({
        "user": bot_user_json(),
        "nick": null,
        "avatar": null,
        "banner": null,
        "roles": [s(FakeDiscord::BOT_ROLE_ID)],
        "joined_at": JOINED_AT,
        "premium_since": null,
        "deaf": false,
        "mute": false,
        "flags": 0,
        "pending": false,
        "communication_disabled_until": null,
        "unusual_dm_activity_until": null,
    })
}

pub(crate) fn bot_permissions() -> u64 {
    perms::EVERYONE | perms::BOT
}

/// A role. serenity 0.12.5 requires the new `colors` object besides `color`.
fn role_json(id: u64, name: &str, permissions: u64, position: u64, managed: bool) -> Value {
    let mut r = json!({
        "id": s(id),
        "name": name,
        "color": 0,
        "colors": {"primary_color": 0, "secondary_color": null, "tertiary_color": null},
        "hoist": false,
        "icon": null,
        "unicode_emoji": null,
        "position": position,
        "permissions": permissions.to_string(),
        "managed": managed,
        "mentionable": false,
        "flags": 0,
    });
    if managed {
        r["tags"] = json!({"bot_id": s(FakeDiscord::BOT_ID)});
    }
    r
}

pub(crate) fn roles_json() -> Vec<Value> {
    vec![
        role_json(
            FakeDiscord::EVERYONE_ROLE_ID,
            "@everyone",
            perms::EVERYONE,
            0,
            false,
        ),
        role_json(
            FakeDiscord::MOD_ROLE_ID,
            "Spielleitung",
            perms::MODERATOR,
            1,
            false,
        ),
        role_json(FakeDiscord::BOT_ROLE_ID, "Spieltisch", perms::BOT, 2, true),
    ]
}

pub(crate) fn role_by_id(id: u64) -> Option<Value> {
    roles_json().into_iter().find(|r| id_of(&r["id"]) == id)
}

/// Channel object (guild channel, thread or DM) as REST answers it.
pub(crate) fn channel_json(st: &State, c: &Chan) -> Value {
    let last = c.last_message_id.map_or(Value::Null, s);
    if c.kind == 1 {
        let recipient = c
            .recipient
            .and_then(|id| st.user(id))
            .map(|u| user_json(&u))
            .unwrap_or(Value::Null);
        return json!({"id": s(c.id), "type": 1, "last_message_id": last, "flags": 0, "recipients": [recipient]});
    }
    let mut v = json!({
        "id": s(c.id),
        "type": c.kind,
        "guild_id": s(FakeDiscord::GUILD_ID),
        "name": c.name,
        "parent_id": c.parent_id.map_or(Value::Null, s),
        "last_message_id": last,
        "rate_limit_per_user": 0,
        "flags": 0,
    });
    if c.is_thread() {
        v["owner_id"] = c.owner_id.map_or(Value::Null, s);
        v["member_count"] = json!(1);
        v["message_count"] = json!(0);
        v["total_message_sent"] = json!(0);
        v["thread_metadata"] = json!({
            "archived": c.archived,
            "auto_archive_duration": c.auto_archive,
            "archive_timestamp": c.created,
            "locked": false,
            "create_timestamp": c.created,
        });
        if c.kind == 12 {
            v["thread_metadata"]["invitable"] = json!(true);
        }
    } else {
        v["position"] = json!(c.position);
        v["permission_overwrites"] = json!([]);
        v["nsfw"] = json!(false);
        if c.kind == 0 {
            v["topic"] = Value::Null;
            v["default_auto_archive_duration"] = json!(1440);
        }
    }
    v
}

/// GUILD_CREATE's `d`. serenity's `Guild` has many required fields (e.g. `premium_progress_bar_enabled`,
/// `nsfw_level`, `stickers`, `stage_instances`, `guild_scheduled_events`, `joined_at`, `large`,
/// `member_count`); a missing one makes serenity drop the whole event.
pub(crate) fn guild_create_json(st: &State) -> Value {
    let channels: Vec<Value> = st
        .channels
        .values()
        .filter(|c| c.in_guild() && !c.is_thread())
        .map(|c| channel_json(st, c))
        .collect();
    let threads: Vec<Value> = st
        .channels
        .values()
        .filter(|c| c.is_thread())
        .map(|c| channel_json(st, c))
        .collect();
    let mut guild = json!({
        "id": s(FakeDiscord::GUILD_ID),
        "name": "Spieltisch Testgilde",
        "icon": null,
        "icon_hash": null,
        "splash": null,
        "discovery_splash": null,
        "owner_id": s(FakeDiscord::OWNER_ID),
        "afk_channel_id": null,
        "afk_timeout": 300,
        "widget_enabled": false,
        "widget_channel_id": null,
        "verification_level": 1,
        "default_message_notifications": 1,
        "explicit_content_filter": 2,
        "roles": roles_json(),
        "emojis": [],
        "features": [],
        "mfa_level": 0,
        "application_id": null,
        "system_channel_id": s(FakeDiscord::OTHER_CHANNEL_ID),
        "system_channel_flags": 0,
        "rules_channel_id": null,
        "max_presences": null,
        "max_members": 500_000,
        "vanity_url_code": null,
        "description": null,
        "banner": null,
        "premium_tier": 0,
        "premium_subscription_count": 0,
        "preferred_locale": LOCALE,
        "public_updates_channel_id": null,
        "max_video_channel_users": 25,
        "max_stage_video_channel_users": 50,
        "nsfw_level": 0,
        "stickers": [],
        "premium_progress_bar_enabled": false,
        "safety_alerts_channel_id": null,
        "incidents_data": null,
        "hub_type": null,
        "nsfw": false,
        "lazy": true,
    });
    let extra = json!({
        "joined_at": JOINED_AT,
        "large": false,
        "unavailable": false,
        "member_count": 2 + st.users.len(),
        "voice_states": [],
        "members": [bot_member_json()],
        "channels": channels,
        "threads": threads,
        "presences": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
        "soundboard_sounds": [],
        "embedded_activities": [],
    });
    for (k, v) in extra.as_object().expect("object") {
        guild[k] = v.clone();
    }
    guild
}

/// READY's `d`. serenity requires `v`, `user`, `guilds`, `session_id`, `resume_gateway_url` and
/// `application` (`id` and `flags`).
pub(crate) fn ready_json(session_id: &str, resume_url: &str, shard: Value) -> Value {
    json!({
        "v": 10,
        "user": current_user_json(),
        "guilds": [{"id": s(FakeDiscord::GUILD_ID), "unavailable": true}],
        "session_id": session_id,
        "resume_gateway_url": resume_url,
        "session_type": "normal",
        "shard": shard,
        "application": {"id": s(FakeDiscord::APP_ID), "flags": (1u64 << 19) | (1u64 << 23)},
        "private_channels": [],
        "relationships": [],
        "presences": [],
        "guild_join_requests": [],
        "user_settings": {},
        "geo_ordered_rtc_regions": ["frankfurt", "rotterdam"],
        "auth": {},
        "_trace": ["[\"fake-discord-gateway\",{\"micros\":0}]"],
    })
}

/// `GET /oauth2/applications/@me`. serenity requires `name`, `description`, `bot_public`,
/// `bot_require_code_grant` and `verify_key`; poise reads `owner`/`team`.
pub(crate) fn application_json() -> Value {
    json!({
        "id": s(FakeDiscord::APP_ID),
        "name": "Spieltisch",
        "icon": null,
        "description": "",
        "summary": "",
        "type": null,
        "bot_public": true,
        "bot_require_code_grant": false,
        "verify_key": "5f2a07e39c7bbad2c58bc87e20a6b2ea4e3f1e6c2dfd9e2c6a2ee0d9a1e6b3c4",
        "owner": user_json(&FakeUser::new(FakeDiscord::OWNER_ID, "Besitzerin")),
        "team": null,
        "flags": (1u64 << 19) | (1u64 << 23),
        "hook": true,
        "bot": bot_user_json(),
        "rpc_origins": [],
        "redirect_uris": [],
        "tags": [],
        "interactions_endpoint_url": null,
        "role_connections_verification_url": null,
        "approximate_guild_count": 1,
        "integration_types_config": {"0": {}},
    })
}

// ---------------------------------------------------------------------------------------------
// messages

/// A fresh message object. serenity's `Message` requires `tts`, `mention_everyone`, `mentions`,
/// `mention_roles`, `attachments`, `embeds`, `pinned` and `type` even when empty.
pub(crate) fn new_message(id: u64, channel: u64, author: Value, kind: u8) -> Value {
    json!({
        "id": s(id),
        "channel_id": s(channel),
        "author": author,
        "content": "",
        "timestamp": iso_now(),
        "edited_timestamp": null,
        "tts": false,
        "mention_everyone": false,
        "mentions": [],
        "mention_roles": [],
        "attachments": [],
        "embeds": [],
        "components": [],
        "pinned": false,
        "type": kind,
        "flags": 0,
    })
}

/// What a message with `content` and `allowed` (its `allowed_mentions`, `Null` when absent)
/// pings, as Discord decides it: the users mentioned in the text that `allowed` lets through
/// (all of them without `allowed_mentions`, those of `parse: ["users"]`, else those listed in
/// `users`), and whether `@everyone` / `@here` pings.
pub(crate) fn pinged(st: &State, content: &str, allowed: &Value) -> (Vec<Value>, bool) {
    let parse = |kind: &str| {
        allowed.is_null()
            || allowed["parse"]
                .as_array()
                .is_some_and(|p| p.iter().any(|k| k == kind))
    };
    let listed: Vec<&str> = allowed["users"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .collect();
    let users = mentions(st, content)
        .into_iter()
        .filter(|u| parse("users") || u["id"].as_str().is_some_and(|id| listed.contains(&id)))
        .collect();
    let everyone =
        parse("everyone") && (content.contains("@everyone") || content.contains("@here"));
    (users, everyone)
}

/// Users mentioned as `<@id>` / `<@!id>` in `content` that the fake knows.
pub(crate) fn mentions(st: &State, content: &str) -> Vec<Value> {
    let mut out: Vec<Value> = Vec::new();
    let mut rest = content;
    while let Some(start) = rest.find("<@") {
        rest = &rest[start + 2..];
        let digits: String = rest
            .trim_start_matches('!')
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        let Ok(id) = digits.parse::<u64>() else {
            continue;
        };
        let user = if id == FakeDiscord::BOT_ID {
            Some(bot_user_json())
        } else {
            st.user(id).map(|u| user_json(&u))
        };
        if let Some(u) = user
            && !out.iter().any(|o| o["id"] == u["id"])
        {
            out.push(u);
        }
    }
    out
}

pub(crate) fn content_type(filename: &str) -> Option<&'static str> {
    let ext = filename.rsplit('.').next()?.to_ascii_lowercase();
    Some(match ext.as_str() {
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "gif" => "image/gif",
        "webp" => "image/webp",
        "svg" => "image/svg+xml",
        "txt" => "text/plain; charset=utf-8",
        "json" => "application/json",
        "pdf" => "application/pdf",
        _ => return None,
    })
}

/// An attachment object for an uploaded file. Width and height are read from PNG headers.
pub(crate) fn attachment_json(
    id: u64,
    channel: u64,
    filename: &str,
    data: &[u8],
    description: &Value,
    ephemeral: bool,
) -> Value {
    let url = format!("https://cdn.discordapp.com/attachments/{channel}/{id}/{filename}");
    let mut a = json!({
        "id": s(id),
        "filename": filename,
        "size": data.len(),
        "url": url,
        "proxy_url": url.replace("https://cdn.discordapp.com", "https://media.discordapp.net"),
    });
    if let Some(ct) = content_type(filename) {
        a["content_type"] = json!(ct);
    }
    if data.len() >= 24 && data.starts_with(b"\x89PNG\r\n\x1a\n") {
        a["width"] = json!(u32::from_be_bytes([data[16], data[17], data[18], data[19]]));
        a["height"] = json!(u32::from_be_bytes([data[20], data[21], data[22], data[23]]));
    }
    if description.is_string() {
        a["description"] = description.clone();
    }
    if ephemeral {
        a["ephemeral"] = json!(true);
    }
    a
}

/// Rewrites `attachment://name` in embeds to the attachment's CDN URL, as Discord does.
pub(crate) fn resolve_embed_attachments(msg: &mut Value) {
    let attachments = msg["attachments"].as_array().cloned().unwrap_or_default();
    let Some(embeds) = msg["embeds"].as_array_mut() else {
        return;
    };
    for embed in embeds {
        if embed.is_object() && embed.get("type").is_none() {
            embed["type"] = json!("rich");
        }
        for key in ["image", "thumbnail"] {
            let Some(url) = embed[key]["url"].as_str() else {
                continue;
            };
            let Some(name) = url.strip_prefix("attachment://") else {
                continue;
            };
            if let Some(a) = attachments.iter().find(|a| a["filename"] == name) {
                embed[key]["url"] = a["url"].clone();
                embed[key]["proxy_url"] = a["proxy_url"].clone();
                for dim in ["width", "height"] {
                    if a.get(dim).is_some() {
                        embed[key][dim] = a[dim].clone();
                    }
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// interactions

/// The common part of every interaction payload. serenity requires `token`, `version`,
/// `locale`, `entitlements` and — surprisingly — `attachment_size_limit`; without any of them
/// the INTERACTION_CREATE is dropped.
pub(crate) fn interaction_base(
    st: &State,
    kind: u8,
    id: u64,
    token: &str,
    user: &FakeUser,
    chan: &Chan,
) -> Value {
    let mut channel = channel_json(st, chan);
    let mut v = json!({
        "id": s(id),
        "application_id": s(FakeDiscord::APP_ID),
        "type": kind,
        "token": token,
        "version": 1,
        "channel_id": s(chan.id),
        "locale": user.locale,
        "entitlements": [],
        "entitlement_sku_ids": [],
        "attachment_size_limit": FakeDiscord::ATTACHMENT_SIZE_LIMIT,
    });
    if chan.in_guild() {
        channel["permissions"] = json!(user.permissions().to_string());
        v["guild_id"] = s(FakeDiscord::GUILD_ID);
        v["guild"] = json!({"id": s(FakeDiscord::GUILD_ID), "locale": LOCALE, "features": []});
        v["guild_locale"] = json!(LOCALE);
        v["member"] = member_json(user, true);
        v["app_permissions"] = json!(bot_permissions().to_string());
        v["authorizing_integration_owners"] = json!({"0": s(FakeDiscord::GUILD_ID)});
        v["context"] = json!(0);
    } else {
        v["user"] = user_json(user);
        v["app_permissions"] = json!((perms::EVERYONE & !perms::CREATE_INSTANT_INVITE).to_string());
        v["authorizing_integration_owners"] = json!({"0": "0"});
        v["context"] = json!(1);
    }
    v["channel"] = channel;
    v
}

/// `data` of a command / autocomplete interaction.
pub(crate) fn command_data(st: &State, command: &Value, options: Value) -> Value {
    let mut data = json!({"id": command["id"], "name": command["name"], "type": command["type"]});
    if options.as_array().is_some_and(|o| !o.is_empty()) {
        let mut resolved = json!({});
        resolve(st, &options, &mut resolved);
        if resolved.as_object().is_some_and(|r| !r.is_empty()) {
            data["resolved"] = resolved;
        }
        data["options"] = options;
    }
    if !command["guild_id"].is_null() {
        data["guild_id"] = command["guild_id"].clone();
    }
    data
}

fn resolve(st: &State, options: &Value, out: &mut Value) {
    for o in options.as_array().into_iter().flatten() {
        if o["focused"] == true {
            continue;
        }
        let id = id_of(&o["value"]);
        let key = id.to_string();
        match o["type"].as_u64() {
            Some(1 | 2) => resolve(st, &o["options"], out),
            Some(6 | 9) if st.user(id).is_some() => {
                let u = st.user(id).expect("checked");
                out["users"][&key] = user_json(&u);
                let mut m = partial_member_json(&u);
                m["permissions"] = json!(u.permissions().to_string());
                out["members"][&key] = m;
            }
            Some(6 | 9) if id == FakeDiscord::BOT_ID => {
                out["users"][&key] = bot_user_json();
            }
            Some(7) => {
                if let Some(c) = st.chan(id) {
                    let mut c = channel_json(st, c);
                    c["permissions"] = json!(perms::EVERYONE.to_string());
                    out["channels"][&key] = c;
                }
            }
            Some(8 | 9) => {
                if let Some(r) = role_by_id(id) {
                    out["roles"][&key] = r;
                }
            }
            _ => {}
        }
    }
}

/// Checks `given` (Discord's option array) against the registered command's schema, fills in
/// `type`, marks/coerces the focused option for autocomplete. The error explains the mismatch.
pub(crate) fn check_options(
    st: &State,
    command: &Value,
    given: Value,
    autocomplete: bool,
) -> Result<Value, String> {
    let given = match given {
        Value::Null => vec![],
        Value::Array(a) => a,
        other => return Err(format!("options must be an array, got {other}")),
    };
    let schema = command["options"].as_array().cloned().unwrap_or_default();
    let mut focused = 0;
    let mut out = check_level(st, &schema, &given, autocomplete, &mut focused)?;
    if autocomplete {
        match focused {
            0 => {
                let leaf = last_leaf(&mut out).ok_or("autocomplete needs an option to focus")?;
                leaf["focused"] = json!(true);
                leaf["value"] = json!(as_typed_text(&leaf["value"]));
                let name = leaf["name"].as_str().unwrap_or_default().to_owned();
                let has_autocomplete =
                    find_schema(&schema, &out, &name).is_some_and(|s| s["autocomplete"] == true);
                if !has_autocomplete {
                    return Err(format!(
                        "option {name:?} is not registered with autocomplete"
                    ));
                }
            }
            1 => {}
            n => return Err(format!("{n} focused options; Discord focuses exactly one")),
        }
    }
    Ok(Value::Array(out))
}

fn last_leaf(options: &mut [Value]) -> Option<&mut Value> {
    let last = options.last_mut()?;
    if matches!(last["type"].as_u64(), Some(1 | 2)) {
        let inner = last["options"].as_array_mut()?;
        return last_leaf(inner);
    }
    Some(last)
}

fn find_schema<'a>(schema: &'a [Value], given: &[Value], name: &str) -> Option<&'a Value> {
    for g in given {
        let s = schema.iter().find(|s| s["name"] == g["name"])?;
        if matches!(g["type"].as_u64(), Some(1 | 2)) {
            let inner = s["options"].as_array()?;
            let given_inner = g["options"].as_array()?;
            if let Some(found) = find_schema(inner, given_inner, name) {
                return Some(found);
            }
        } else if g["name"] == name {
            return Some(s);
        }
    }
    None
}

fn as_typed_text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Null => String::new(),
        other => other.to_string(),
    }
}

fn check_level(
    st: &State,
    schema: &[Value],
    given: &[Value],
    autocomplete: bool,
    focused: &mut u32,
) -> Result<Vec<Value>, String> {
    let names: Vec<&str> = schema.iter().filter_map(|s| s["name"].as_str()).collect();
    let mut out = Vec::new();
    for g in given {
        let name = g["name"]
            .as_str()
            .ok_or_else(|| format!("option without a name: {g}"))?;
        let s = schema
            .iter()
            .find(|s| s["name"] == name)
            .ok_or_else(|| format!("has no option {name:?} (registered: {names:?})"))?;
        let kind = s["type"].as_u64().unwrap_or(0);
        if let Some(t) = g["type"].as_u64()
            && t != kind
        {
            return Err(format!(
                "option {name:?} is registered with type {kind}, not {t}"
            ));
        }
        let mut o = json!({"name": name, "type": kind});
        if kind == 1 || kind == 2 {
            let inner_schema = s["options"].as_array().cloned().unwrap_or_default();
            let inner_given = g["options"].as_array().cloned().unwrap_or_default();
            // serenity requires `options` on subcommands, even when empty (Discord always sends it).
            o["options"] = Value::Array(check_level(
                st,
                &inner_schema,
                &inner_given,
                autocomplete,
                focused,
            )?);
            out.push(o);
            continue;
        }
        let value = g.get("value").cloned().unwrap_or(Value::Null);
        if g["focused"] == true {
            if !autocomplete {
                return Err(format!("option {name:?} is focused outside autocomplete"));
            }
            if s["autocomplete"] != true {
                return Err(format!(
                    "option {name:?} is not registered with autocomplete"
                ));
            }
            *focused += 1;
            // Discord sends what the user typed so far, always as a string.
            o["value"] = json!(as_typed_text(&value));
            o["focused"] = json!(true);
            out.push(o);
            continue;
        }
        o["value"] = check_value(st, name, kind, s, value)?;
        out.push(o);
    }
    let subcommands = schema
        .iter()
        .any(|s| matches!(s["type"].as_u64(), Some(1 | 2)));
    if subcommands && out.len() != 1 {
        return Err(format!("must choose exactly one subcommand of {names:?}"));
    }
    if !autocomplete {
        for s in schema {
            let name = s["name"].as_str().unwrap_or_default();
            if s["required"] == true && !out.iter().any(|o| o["name"] == name) {
                return Err(format!("is missing the required option {name:?}"));
            }
        }
    }
    Ok(out)
}

fn check_value(
    st: &State,
    name: &str,
    kind: u64,
    schema: &Value,
    value: Value,
) -> Result<Value, String> {
    let bad = |what: &str| {
        Err(format!(
            "option {name:?} (type {kind}) needs {what}, got {value}"
        ))
    };
    let value = match kind {
        3 => {
            let Some(text) = value.as_str() else {
                return bad("a string");
            };
            let n = text.chars().count() as u64;
            if schema["min_length"].as_u64().is_some_and(|m| n < m)
                || schema["max_length"].as_u64().is_some_and(|m| n > m)
            {
                return bad("a string within min_length/max_length");
            }
            value
        }
        4 => {
            let Some(n) = value.as_i64() else {
                return bad("an integer");
            };
            let n = n as f64;
            if schema["min_value"].as_f64().is_some_and(|m| n < m)
                || schema["max_value"].as_f64().is_some_and(|m| n > m)
            {
                return bad("an integer within min_value/max_value");
            }
            value
        }
        10 => {
            let Some(n) = value.as_f64() else {
                return bad("a number");
            };
            if schema["min_value"].as_f64().is_some_and(|m| n < m)
                || schema["max_value"].as_f64().is_some_and(|m| n > m)
            {
                return bad("a number within min_value/max_value");
            }
            value
        }
        5 => {
            if !value.is_boolean() {
                return bad("a boolean");
            }
            value
        }
        6..=9 => {
            let id = id_of(&value);
            let known = match kind {
                6 => st.user(id).is_some() || id == FakeDiscord::BOT_ID,
                7 => st.chan(id).is_some(),
                8 => role_by_id(id).is_some(),
                _ => st.user(id).is_some() || id == FakeDiscord::BOT_ID || role_by_id(id).is_some(),
            };
            if !known {
                return bad(
                    "the id of a user / channel / role the fake knows (see FakeDiscord::add_user)",
                );
            }
            s(id)
        }
        11 => {
            return Err(format!(
                "option {name:?}: attachment options are not supported by the fake"
            ));
        }
        _ => return bad("a known option type"),
    };
    if let Some(choices) = schema["choices"].as_array()
        && !choices.is_empty()
        && !choices.iter().any(|c| c["value"] == value)
    {
        return Err(format!(
            "option {name:?}: {value} is not one of the registered choices"
        ));
    }
    Ok(value)
}

/// `data` of a component interaction on `message`; checks the component exists and is usable.
pub(crate) fn component_data(
    message: &Value,
    custom_id: &str,
    values: Option<&[String]>,
) -> Result<Value, String> {
    let mut all = Vec::new();
    for row in message["components"].as_array().into_iter().flatten() {
        for c in row["components"].as_array().into_iter().flatten() {
            all.push(c.clone());
        }
    }
    let ids: Vec<&str> = all.iter().filter_map(|c| c["custom_id"].as_str()).collect();
    let c = all
        .iter()
        .find(|c| c["custom_id"] == custom_id)
        .ok_or_else(|| format!("no component with that custom_id (the message has {ids:?})"))?;
    if c["disabled"] == true {
        return Err("the component is disabled".into());
    }
    let kind = c["type"].as_u64().unwrap_or(0);
    match (kind, values) {
        (2, None) => Ok(json!({"custom_id": custom_id, "component_type": 2})),
        (3, Some(values)) => {
            let options: Vec<&str> = c["options"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|o| o["value"].as_str())
                .collect();
            if let Some(v) = values.iter().find(|v| !options.contains(&v.as_str())) {
                return Err(format!(
                    "{v:?} is not an option of the select menu ({options:?})"
                ));
            }
            let min = c["min_values"].as_u64().unwrap_or(1) as usize;
            let max = c["max_values"].as_u64().unwrap_or(1) as usize;
            if values.len() < min || values.len() > max {
                return Err(format!(
                    "{} value(s) chosen, the menu allows {min}..={max}",
                    values.len()
                ));
            }
            Ok(json!({"custom_id": custom_id, "component_type": 3, "values": values}))
        }
        (2, Some(_)) => Err("it is a button; use click".into()),
        (3, None) => Err("it is a select menu; use select".into()),
        (k, _) => Err(format!("component type {k} is not supported by the fake")),
    }
}

// ---------------------------------------------------------------------------------------------
// Discord's errors and the checks that produce them

/// An error answer in Discord's format.
#[derive(Debug)]
pub(crate) struct Reject {
    pub status: u16,
    pub body: Value,
}

impl Reject {
    pub fn new(status: u16, code: i64, message: &str) -> Reject {
        Reject {
            status,
            body: json!({"message": message, "code": code}),
        }
    }

    /// 400 "Invalid Form Body" (50035) with Discord's nested `errors` object.
    pub fn form(path: &[String], code: &str, message: &str) -> Reject {
        let mut inner = json!({"_errors": [{"code": code, "message": message}]});
        for key in path.iter().rev() {
            let mut m = Map::new();
            m.insert(key.clone(), inner);
            inner = Value::Object(m);
        }
        Reject {
            status: 400,
            body: json!({"code": 50035, "message": "Invalid Form Body", "errors": inner}),
        }
    }

    pub fn unknown(what: &str, code: i64) -> Reject {
        Reject::new(404, code, &format!("Unknown {what}"))
    }
}

fn p(parts: &[&dyn ToString]) -> Vec<String> {
    parts.iter().map(|x| x.to_string()).collect()
}

fn max_len(v: &Value, max: usize, path: Vec<String>) -> Result<(), Reject> {
    if len(v) > max {
        return Err(Reject::form(
            &path,
            "BASE_TYPE_MAX_LENGTH",
            &format!("Must be {max} or fewer in length."),
        ));
    }
    Ok(())
}

fn bad_len(v: &Value, min: usize, max: usize, path: Vec<String>) -> Result<(), Reject> {
    let n = len(v);
    if n < min || n > max {
        return Err(Reject::form(
            &path,
            "BASE_TYPE_BAD_LENGTH",
            &format!("Must be between {min} and {max} in length."),
        ));
    }
    Ok(())
}

pub(crate) const EPHEMERAL: u64 = 1 << 6;
pub(crate) const LOADING: u64 = 1 << 7;
const SUPPRESS_EMBEDS: u64 = 1 << 2;
const SUPPRESS_NOTIFICATIONS: u64 = 1 << 12;
const COMPONENTS_V2: u64 = 1 << 15;
const IS_VOICE_MESSAGE: u64 = 1 << 13;

/// Checks a message create/edit body the way Discord does. `prefix` is the path of the message
/// inside the body (`["data"]` for interaction callbacks).
pub(crate) fn check_message_body(
    body: &Value,
    prefix: &[&str],
    ephemeral_allowed: bool,
) -> Result<(), Reject> {
    let at = |rest: &[&dyn ToString]| -> Vec<String> {
        let mut v: Vec<String> = prefix.iter().map(|s| s.to_string()).collect();
        v.extend(p(rest));
        v
    };
    if !(body.is_object() || body.is_null()) {
        return Err(Reject::form(
            &at(&[]),
            "MODEL_TYPE_CONVERT",
            "Only dictionaries may be used in a ModelType",
        ));
    }
    max_len(&body["content"], 2000, at(&[&"content"]))?;
    let allowed = &body["allowed_mentions"];
    let listed = allowed["users"].as_array().map_or(0, Vec::len);
    let parses_users = allowed["parse"]
        .as_array()
        .is_some_and(|p| p.iter().any(|k| k == "users"));
    if listed > 100 {
        return Err(Reject::form(
            &at(&[&"allowed_mentions", &"users"]),
            "BASE_TYPE_MAX_LENGTH",
            "Must be 100 or fewer in length.",
        ));
    }
    if listed > 0 && parses_users {
        return Err(Reject::form(
            &at(&[&"allowed_mentions"]),
            "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
            "parse:[\"users\"] and users: [ids] are mutually exclusive.",
        ));
    }
    let flags = body["flags"].as_u64().unwrap_or(0);
    let allowed = SUPPRESS_EMBEDS
        | SUPPRESS_NOTIFICATIONS
        | COMPONENTS_V2
        | IS_VOICE_MESSAGE
        | if ephemeral_allowed { EPHEMERAL } else { 0 };
    if flags & !allowed != 0 {
        return Err(Reject::form(
            &at(&[&"flags"]),
            "MESSAGE_FLAGS_INVALID",
            "Invalid flags for this message",
        ));
    }
    if let Some(embeds) = body["embeds"].as_array() {
        if embeds.len() > 10 {
            return Err(Reject::form(
                &at(&[&"embeds"]),
                "BASE_TYPE_MAX_LENGTH",
                "Must be 10 or fewer in length.",
            ));
        }
        let mut total = 0;
        for (i, e) in embeds.iter().enumerate() {
            max_len(&e["title"], 256, at(&[&"embeds", &i, &"title"]))?;
            max_len(
                &e["description"],
                4096,
                at(&[&"embeds", &i, &"description"]),
            )?;
            max_len(
                &e["footer"]["text"],
                2048,
                at(&[&"embeds", &i, &"footer", &"text"]),
            )?;
            max_len(
                &e["author"]["name"],
                256,
                at(&[&"embeds", &i, &"author", &"name"]),
            )?;
            total += len(&e["title"])
                + len(&e["description"])
                + len(&e["footer"]["text"])
                + len(&e["author"]["name"]);
            let fields = e["fields"].as_array().cloned().unwrap_or_default();
            if fields.len() > 25 {
                return Err(Reject::form(
                    &at(&[&"embeds", &i, &"fields"]),
                    "BASE_TYPE_MAX_LENGTH",
                    "Must be 25 or fewer in length.",
                ));
            }
            for (j, f) in fields.iter().enumerate() {
                bad_len(
                    &f["name"],
                    1,
                    256,
                    at(&[&"embeds", &i, &"fields", &j, &"name"]),
                )?;
                bad_len(
                    &f["value"],
                    1,
                    1024,
                    at(&[&"embeds", &i, &"fields", &j, &"value"]),
                )?;
                total += len(&f["name"]) + len(&f["value"]);
            }
        }
        if total > 6000 {
            return Err(Reject::form(
                &at(&[&"embeds"]),
                "MAX_EMBED_SIZE_EXCEEDED",
                "Embed size exceeds maximum size of 6000",
            ));
        }
    }
    if flags & COMPONENTS_V2 == 0 {
        check_components(&body["components"], &at(&[&"components"]))?;
    }
    Ok(())
}

fn check_components(rows: &Value, path: &[String]) -> Result<(), Reject> {
    let Some(rows) = rows.as_array() else {
        return Ok(());
    };
    let at = |rest: &[&dyn ToString]| -> Vec<String> {
        let mut v = path.to_vec();
        v.extend(p(rest));
        v
    };
    if rows.len() > 5 {
        return Err(Reject::form(
            path,
            "BASE_TYPE_BAD_LENGTH",
            "Must be between 0 and 5 in length.",
        ));
    }
    let mut seen = HashSet::new();
    for (i, row) in rows.iter().enumerate() {
        if row["type"] != 1 {
            return Err(Reject::form(
                &at(&[&i, &"type"]),
                "UNION_TYPE_CHOICES",
                "Value of field \"type\" must be one of (1,).",
            ));
        }
        let items = row["components"].as_array().cloned().unwrap_or_default();
        if items.is_empty() || items.len() > 5 {
            return Err(Reject::form(
                &at(&[&i, &"components"]),
                "BASE_TYPE_BAD_LENGTH",
                "Must be between 1 and 5 in length.",
            ));
        }
        let selects = items
            .iter()
            .filter(|c| matches!(c["type"].as_u64(), Some(3 | 5..=8)))
            .count();
        if selects > 0 && items.len() > 1 {
            return Err(Reject::form(
                &at(&[&i, &"components"]),
                "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                "The specified component exceeds the maximum width",
            ));
        }
        for (j, c) in items.iter().enumerate() {
            let here = |k: &str| at(&[&i, &"components", &j, &k]);
            let kind = c["type"].as_u64().unwrap_or(0);
            let style = c["style"].as_u64().unwrap_or(0);
            let needs_custom_id = match kind {
                2 => {
                    max_len(&c["label"], 80, here("label"))?;
                    if !(1..=6).contains(&style) {
                        return Err(Reject::form(
                            &here("style"),
                            "BASE_TYPE_CHOICES",
                            "Value must be one of {1, 2, 3, 4, 5, 6}.",
                        ));
                    }
                    if style == 5 && c["url"].as_str().is_none() {
                        return Err(Reject::form(
                            &here("url"),
                            "BASE_TYPE_REQUIRED",
                            "This field is required",
                        ));
                    }
                    if c["label"].as_str().is_none() && c["emoji"].is_null() && style != 6 {
                        return Err(Reject::form(
                            &here("label"),
                            "BUTTON_COMPONENT_LABEL_REQUIRED",
                            "A label or an emoji is required",
                        ));
                    }
                    style <= 4
                }
                3 => {
                    let options = c["options"].as_array().cloned().unwrap_or_default();
                    if options.is_empty() || options.len() > 25 {
                        return Err(Reject::form(
                            &here("options"),
                            "BASE_TYPE_BAD_LENGTH",
                            "Must be between 1 and 25 in length.",
                        ));
                    }
                    for (k, o) in options.iter().enumerate() {
                        bad_len(
                            &o["label"],
                            1,
                            100,
                            at(&[&i, &"components", &j, &"options", &k, &"label"]),
                        )?;
                        bad_len(
                            &o["value"],
                            1,
                            100,
                            at(&[&i, &"components", &j, &"options", &k, &"value"]),
                        )?;
                        max_len(
                            &o["description"],
                            100,
                            at(&[&i, &"components", &j, &"options", &k, &"description"]),
                        )?;
                    }
                    max_len(&c["placeholder"], 150, here("placeholder"))?;
                    true
                }
                5..=8 => true,
                _ => {
                    return Err(Reject::form(
                        &here("type"),
                        "UNION_TYPE_CHOICES",
                        "Value of field \"type\" must be one of (2, 3, 5, 6, 7, 8).",
                    ));
                }
            };
            if needs_custom_id {
                bad_len(&c["custom_id"], 1, 100, here("custom_id"))?;
                let id = c["custom_id"].as_str().unwrap_or_default().to_owned();
                if !seen.insert(id) {
                    return Err(Reject::form(
                        &here("custom_id"),
                        "COMPONENT_CUSTOM_ID_DUPLICATED",
                        "Component custom id cannot be duplicated",
                    ));
                }
            } else if c.get("custom_id").is_some_and(|v| !v.is_null()) {
                return Err(Reject::form(
                    &here("custom_id"),
                    "BUTTON_COMPONENT_CUSTOM_ID_NOT_ALLOWED",
                    "Link buttons cannot have a custom_id",
                ));
            }
        }
    }
    Ok(())
}

/// Autocomplete results (callback type 8).
pub(crate) fn check_choices(data: &Value) -> Result<(), Reject> {
    let choices = data["choices"].as_array().cloned().unwrap_or_default();
    if choices.len() > 25 {
        return Err(Reject::form(
            &p(&[&"data", &"choices"]),
            "BASE_TYPE_MAX_LENGTH",
            "Must be 25 or fewer in length.",
        ));
    }
    for (i, c) in choices.iter().enumerate() {
        bad_len(&c["name"], 1, 100, p(&[&"data", &"choices", &i, &"name"]))?;
        if c["value"].is_string() {
            max_len(&c["value"], 100, p(&[&"data", &"choices", &i, &"value"]))?;
        } else if !c["value"].is_number() {
            return Err(Reject::form(
                &p(&[&"data", &"choices", &i, &"value"]),
                "BASE_TYPE_REQUIRED",
                "This field is required",
            ));
        }
    }
    Ok(())
}

/// Command names of chat-input commands and options: 1–32 characters, lowercase letters,
/// digits, `-` and `_`.
fn valid_chat_name(name: &str) -> bool {
    let n = name.chars().count();
    (1..=32).contains(&n)
        && name
            .chars()
            .all(|c| (c.is_alphanumeric() || c == '-' || c == '_') && !c.is_uppercase())
}

/// Checks a command's or option's `name_localizations` and `description_localizations` like
/// Discord: known locales only, each name a valid name, each description 1–100 characters.
fn check_localizations(c: &Value, path: &[String], command_names: bool) -> Result<(), Reject> {
    for field in ["name_localizations", "description_localizations"] {
        let Some(map) = c[field].as_object() else {
            if c[field].is_null() {
                continue;
            }
            return Err(Reject::form(
                &[path, &[field.to_owned()]].concat(),
                "DICT_TYPE_CONVERT",
                "Only dictionaries may be used in a DictType",
            ));
        };
        for (locale, value) in map {
            let at = [path, &[field.to_owned(), locale.clone()]].concat();
            if !LOCALES.contains(&locale.as_str()) {
                return Err(Reject::form(
                    &at,
                    "LOCALE_INVALID",
                    &format!("Invalid locale \"{locale}\""),
                ));
            }
            let text = value.as_str().unwrap_or_default();
            if command_names && field == "name_localizations" && !valid_chat_name(text) {
                return Err(Reject::form(
                    &[path, &[field.to_owned()]].concat(),
                    "APPLICATION_COMMAND_INVALID_NAME",
                    "Command name is invalid",
                ));
            }
            bad_len(value, 1, 100, at)?;
        }
    }
    Ok(())
}

/// Checks a bulk overwrite (`PUT .../commands`) like Discord does.
pub(crate) fn check_commands(list: &[Value]) -> Result<(), Reject> {
    let mut seen = HashSet::new();
    let mut chat_input = 0;
    for (i, c) in list.iter().enumerate() {
        check_command(c, &p(&[&i]))?;
        let kind = c["type"].as_u64().unwrap_or(1);
        chat_input += usize::from(kind == 1);
        if !seen.insert((kind, c["name"].as_str().unwrap_or_default().to_owned())) {
            return Err(Reject::form(
                &p(&[&i, &"name"]),
                "APPLICATION_COMMANDS_DUPLICATE_NAME",
                "Application command names must be unique",
            ));
        }
    }
    if chat_input > 100 {
        return Err(Reject::form(
            &[],
            "BASE_TYPE_MAX_LENGTH",
            "Must be 100 or fewer in length.",
        ));
    }
    Ok(())
}

pub(crate) fn check_command(c: &Value, path: &[String]) -> Result<(), Reject> {
    let at = |k: &str| {
        let mut v = path.to_vec();
        v.push(k.to_owned());
        v
    };
    if !c.is_object() {
        return Err(Reject::form(
            path,
            "MODEL_TYPE_CONVERT",
            "Only dictionaries may be used in a ModelType",
        ));
    }
    let Some(name) = c["name"].as_str() else {
        return Err(Reject::form(
            &at("name"),
            "BASE_TYPE_REQUIRED",
            "This field is required",
        ));
    };
    let kind = c["type"].as_u64().unwrap_or(1);
    match kind {
        1 => {
            if !valid_chat_name(name) {
                return Err(Reject::form(
                    &at("name"),
                    "APPLICATION_COMMAND_INVALID_NAME",
                    "Command name is invalid",
                ));
            }
            bad_len(&c["description"], 1, 100, at("description"))?;
            check_localizations(c, path, true)?;
            check_command_options(&c["options"], &at("options"), 0)
        }
        2 | 3 => bad_len(&c["name"], 1, 32, at("name")),
        _ => Err(Reject::form(
            &at("type"),
            "BASE_TYPE_CHOICES",
            "Value must be one of {1, 2, 3, 4}.",
        )),
    }
}

fn check_command_options(options: &Value, path: &[String], depth: u8) -> Result<(), Reject> {
    let Some(options) = options.as_array() else {
        return Ok(());
    };
    if options.len() > 25 {
        return Err(Reject::form(
            path,
            "BASE_TYPE_MAX_LENGTH",
            "Must be 25 or fewer in length.",
        ));
    }
    let mut names = HashSet::new();
    let mut optional_seen = false;
    for (j, o) in options.iter().enumerate() {
        let at = |k: &str| {
            let mut v = path.to_vec();
            v.push(j.to_string());
            v.push(k.to_owned());
            v
        };
        let kind = o["type"].as_u64().unwrap_or(0);
        if !(1..=11).contains(&kind) || (kind <= 2 && depth >= 2) || (kind == 2 && depth >= 1) {
            return Err(Reject::form(
                &at("type"),
                "BASE_TYPE_CHOICES",
                "Value must be one of {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}.",
            ));
        }
        let name = o["name"].as_str().unwrap_or_default();
        if !valid_chat_name(name) {
            return Err(Reject::form(
                &at("name"),
                "APPLICATION_COMMAND_INVALID_NAME",
                "Command name is invalid",
            ));
        }
        if !names.insert(name.to_owned()) {
            return Err(Reject::form(
                &at("name"),
                "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS",
                "Option names must be unique",
            ));
        }
        bad_len(&o["description"], 1, 100, at("description"))?;
        let mut here = path.to_vec();
        here.push(j.to_string());
        check_localizations(o, &here, true)?;
        if kind <= 2 {
            check_command_options(&o["options"], &at("options"), depth + 1)?;
            continue;
        }
        if o["required"] == true {
            if optional_seen {
                return Err(Reject::form(
                    &at("required"),
                    "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                    "Required options must be placed before non-required options",
                ));
            }
        } else {
            optional_seen = true;
        }
        let choices = o["choices"].as_array().cloned().unwrap_or_default();
        if choices.len() > 25 {
            return Err(Reject::form(
                &at("choices"),
                "BASE_TYPE_MAX_LENGTH",
                "Must be 25 or fewer in length.",
            ));
        }
        if !choices.is_empty() && o["autocomplete"] == true {
            return Err(Reject::form(
                &at("autocomplete"),
                "APPLICATION_COMMAND_OPTION_CHOICES_AUTOCOMPLETE",
                "Autocomplete cannot be set if choices are present",
            ));
        }
        for (k, choice) in choices.iter().enumerate() {
            let mut here = at("choices");
            here.push(k.to_string());
            bad_len(
                &choice["name"],
                1,
                100,
                [here.clone(), vec!["name".into()]].concat(),
            )?;
            check_localizations(choice, &here, false)?;
        }
    }
    Ok(())
}
