//! What a Discord client lets a user send: a command's options checked against its registered
//! schema, and a component interaction's data checked against the message it belongs to.

use serde_json::{Value, json};

use super::shapes::{id_of, role_by_id, s};
use super::{FakeDiscord, State};

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
                8 => role_by_id(st, id).is_some(),
                _ => {
                    st.user(id).is_some()
                        || id == FakeDiscord::BOT_ID
                        || role_by_id(st, id).is_some()
                }
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
