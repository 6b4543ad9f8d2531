//! Discord's errors and the checks Discord applies to what a bot sends: message bodies,
//! components, autocomplete choices.

use std::collections::HashSet;

use serde_json::{Map, Value, json};

use super::shapes::len;

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

pub(crate) fn p(parts: &[&dyn ToString]) -> Vec<String> {
    parts.iter().map(|x| x.to_string()).collect()
}

pub(crate) fn max_len(v: &Value, max: usize, path: Vec<String>) -> Result<(), Reject> {
    if len(v) > max {
        return Err(Reject::form(
            &path,
            "BASE_TYPE_MAX_LENGTH",
            &format!("Must be {max} or fewer in length."),
        ));
    }
    Ok(())
}

pub(crate) fn bad_len(v: &Value, min: usize, max: usize, path: Vec<String>) -> Result<(), Reject> {
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
pub(crate) const SUPPRESS_EMBEDS: u64 = 1 << 2;
pub(crate) const SUPPRESS_NOTIFICATIONS: u64 = 1 << 12;
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
