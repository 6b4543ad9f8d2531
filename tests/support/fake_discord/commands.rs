//! Application commands: bulk overwrites (global and per guild), single creates, reading them
//! back; and the Entry Point command Discord creates for an app with Activities, which a global
//! bulk overwrite may not drop (400, 50240).

use serde_json::{Value, json};

use super::checks::Reject;
use super::command_checks;
use super::rest::{Reply, Resp, ok};
use super::shapes::id_of;
use super::{FakeDiscord, State};

/// Discord's refusal of a global bulk overwrite without the app's Entry Point command.
pub(crate) const ENTRY_POINT_REMOVED: i64 = 50240;

pub(crate) fn make_command(
    st: &mut State,
    body: &Value,
    guild: Option<u64>,
    id: Option<u64>,
) -> Value {
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

/// `PUT /applications/{app}/commands` and `PUT /applications/{app}/guilds/{guild}/commands`.
pub(crate) fn put_commands(st: &mut State, body: &Value, guild: Option<u64>) -> Reply {
    let Some(list) = body.as_array() else {
        return Err(Reject::form(&[], "BASE_TYPE_ARRAY", "Must be an array"));
    };
    command_checks::check_commands(list)?;
    for (i, c) in list.iter().enumerate() {
        check_entry_point(st, c, guild, i)?;
    }
    let has_entry_point = |l: &[Value]| l.iter().any(|c| c["type"] == 4);
    if guild.is_none()
        && !has_entry_point(list)
        && st
            .commands
            .iter()
            .any(|c| c["type"] == 4 && c["guild_id"].is_null())
    {
        return Err(Reject::new(
            400,
            ENTRY_POINT_REMOVED,
            "You cannot remove this app's Entry Point command in a bulk update operation. \
             Please include the Entry Point command in your update request or delete it separately.",
        ));
    }
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

/// `POST /applications/{app}/commands` (and per guild): creates or replaces one command.
pub(crate) fn post_command(st: &mut State, body: &Value, guild: Option<u64>) -> Reply {
    command_checks::check_command(body, &[])?;
    check_entry_point(st, body, guild, 0)?;
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

/// An Entry Point command (type 4) exists only globally, and only for an app with Activities.
fn check_entry_point(st: &State, c: &Value, guild: Option<u64>, i: usize) -> Result<(), Reject> {
    if c["type"] != 4 {
        return Ok(());
    }
    let refusal = if guild.is_some() {
        "Entry Point commands can only be global"
    } else if !st.activities {
        "Entry Point commands need Activities enabled for the app"
    } else {
        return Ok(());
    };
    Err(Reject::form(
        &[i.to_string(), "type".to_owned()],
        "APPLICATION_COMMAND_TYPE_INVALID",
        refusal,
    ))
}

/// The Entry Point command Discord creates when an app enables Activities: "launch", handled by
/// Discord (`handler` 2, DISCORD_LAUNCH_ACTIVITY).
pub(crate) fn add_entry_point(st: &mut State) {
    st.activities = true;
    if st.commands.iter().any(|c| c["type"] == 4) {
        return;
    }
    let body = json!({
        "type": 4,
        "name": "launch",
        "description": "",
        "handler": 2,
        "integration_types": [0, 1],
        "contexts": [0, 1, 2],
    });
    let command = make_command(st, &body, None, None);
    st.commands.push(command);
}

/// `GET /applications/{app}/commands` (`guild` None) or a guild's commands.
pub(crate) fn list(st: &State, guild: Option<u64>) -> Reply {
    let mine = |c: &&Value| match guild {
        Some(g) => id_of(&c["guild_id"]) == g,
        None => c["guild_id"].is_null(),
    };
    ok(Value::Array(
        st.commands.iter().filter(mine).cloned().collect(),
    ))
}

/// The application id in a path must be the fake's.
pub(crate) fn check_app(app: &str) -> Result<(), Reject> {
    if super::rest::snowflake(app, "application_id")? != FakeDiscord::APP_ID {
        return Err(Reject::new(
            403,
            20012,
            "You are not authorized to perform this action on this application",
        ));
    }
    Ok(())
}
