//! Discord's JSON objects as the fake builds them. Field sets follow what serenity 0.12.5
//! requires when deserializing (noted where that is surprising) plus what Discord really sends.

use std::time::{SystemTime, UNIX_EPOCH};

use serde_json::{Value, json};

use super::perms::{self, Role};
use super::{Chan, FakeDiscord, FakeUser, State};

const JOINED_AT: &str = "2024-01-01T12:00:00.000000+00:00";
/// The client language of users who set none.
pub(crate) const LOCALE: &str = "en-US";

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

pub(crate) fn s(id: u64) -> Value {
    Value::String(id.to_string())
}

pub(crate) fn len(v: &Value) -> usize {
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

fn member_roles(st: &State, user: u64) -> Vec<Value> {
    perms::member_roles(st, user).into_iter().map(s).collect()
}

/// A full guild member. serenity's `Member` requires `deaf`, `mute`, `flags` and `roles`.
/// `permissions` (interactions only): the member's permissions in the interaction's channel.
pub(crate) fn member_json(st: &State, u: &FakeUser, permissions: Option<u64>) -> Value {
    let mut m = json!({
        "user": user_json(u),
        "nick": null,
        "avatar": null,
        "banner": null,
        "roles": member_roles(st, u.id),
        "joined_at": JOINED_AT,
        "premium_since": null,
        "deaf": false,
        "mute": false,
        "flags": 0,
        "pending": false,
        "communication_disabled_until": null,
        "unusual_dm_activity_until": null,
    });
    if let Some(p) = permissions {
        m["permissions"] = json!(p.to_string());
    }
    m
}

/// The member object of MESSAGE_CREATE and `resolved.members` (no `user`).
pub(crate) fn partial_member_json(st: &State, u: &FakeUser) -> Value {
    let mut m = member_json(st, u, None);
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

/// A role. serenity 0.12.5 requires the new `colors` object besides `color`.
pub(crate) fn role_json(r: &Role) -> Value {
    let mut v = json!({
        "id": s(r.id),
        "name": r.name,
        "color": 0,
        "colors": {"primary_color": 0, "secondary_color": null, "tertiary_color": null},
        "hoist": false,
        "icon": null,
        "unicode_emoji": null,
        "position": r.position,
        "permissions": r.permissions.to_string(),
        "managed": r.managed,
        "mentionable": false,
        "flags": 0,
    });
    if r.managed {
        v["tags"] = json!({"bot_id": s(FakeDiscord::BOT_ID)});
    }
    v
}

/// The guild's roles, lowest first.
pub(crate) fn roles_json(st: &State) -> Vec<Value> {
    let mut roles: Vec<&Role> = st.roles.values().collect();
    roles.sort_by_key(|r| (r.position, r.id));
    roles.into_iter().map(role_json).collect()
}

pub(crate) fn role_by_id(st: &State, id: u64) -> Option<Value> {
    st.roles.get(&id).map(role_json)
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
            "locked": c.locked,
            "create_timestamp": c.created,
        });
        if c.kind == 12 {
            v["thread_metadata"]["invitable"] = json!(true);
        }
    } else {
        v["position"] = json!(c.position);
        v["permission_overwrites"] = Value::Array(c.overwrites.iter().map(|o| o.json()).collect());
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
    // Only the active threads the bot can see, as Discord syncs them.
    let threads: Vec<Value> = st
        .channels
        .values()
        .filter(|c| c.is_thread() && !c.archived)
        .filter(|c| perms::can_view(st, FakeDiscord::BOT_ID, c.id))
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
        "roles": roles_json(st),
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
    let user_permissions = perms::in_channel(st, user.id, chan.id);
    let app_permissions = perms::in_channel(st, FakeDiscord::BOT_ID, chan.id);
    v["app_permissions"] = json!(app_permissions.to_string());
    if chan.in_guild() {
        channel["permissions"] = json!(user_permissions.to_string());
        v["guild_id"] = s(FakeDiscord::GUILD_ID);
        v["guild"] = json!({"id": s(FakeDiscord::GUILD_ID), "locale": LOCALE, "features": []});
        v["guild_locale"] = json!(LOCALE);
        v["member"] = member_json(st, user, Some(user_permissions));
        v["authorizing_integration_owners"] = json!({"0": s(FakeDiscord::GUILD_ID)});
        v["context"] = json!(0);
    } else {
        v["user"] = user_json(user);
        v["authorizing_integration_owners"] = json!({"0": "0"});
        v["context"] = json!(1);
    }
    v["channel"] = channel;
    v
}

/// `data` of a command / autocomplete interaction.
/// `user` invoked it in `channel` (for the permissions of resolved members and channels).
pub(crate) fn command_data(
    st: &State,
    command: &Value,
    options: Value,
    user: u64,
    channel: u64,
) -> Value {
    let mut data = json!({"id": command["id"], "name": command["name"], "type": command["type"]});
    if options.as_array().is_some_and(|o| !o.is_empty()) {
        let mut resolved = json!({});
        resolve(st, &options, &mut resolved, user, channel);
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

fn resolve(st: &State, options: &Value, out: &mut Value, user: u64, channel: u64) {
    for o in options.as_array().into_iter().flatten() {
        if o["focused"] == true {
            continue;
        }
        let id = id_of(&o["value"]);
        let key = id.to_string();
        match o["type"].as_u64() {
            Some(1 | 2) => resolve(st, &o["options"], out, user, channel),
            Some(6 | 9) if st.user(id).is_some() => {
                let u = st.user(id).expect("checked");
                out["users"][&key] = user_json(&u);
                let mut m = partial_member_json(st, &u);
                m["permissions"] = json!(perms::in_channel(st, id, channel).to_string());
                out["members"][&key] = m;
            }
            Some(6 | 9) if id == FakeDiscord::BOT_ID => {
                out["users"][&key] = bot_user_json();
            }
            Some(7) => {
                if let Some(c) = st.chan(id) {
                    let mut c = channel_json(st, c);
                    let p = perms::in_channel(st, user, id);
                    c["permissions"] = json!(p.to_string());
                    out["channels"][&key] = c;
                }
            }
            Some(8 | 9) => {
                if let Some(r) = role_by_id(st, id) {
                    out["roles"][&key] = r;
                }
            }
            _ => {}
        }
    }
}
