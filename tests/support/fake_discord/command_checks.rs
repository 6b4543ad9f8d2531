//! The checks Discord applies to application commands (bulk overwrites and single creates).

use std::collections::HashSet;

use serde_json::Value;

use super::checks::{Reject, bad_len, max_len, p};

/// The locales Discord accepts as keys of `name_localizations` and `description_localizations`.
const LOCALES: &[&str] = &[
    "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl",
    "no", "pl", "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi", "th",
    "zh-CN", "ja", "zh-TW", "ko",
];

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
        if kind == 4 && list[..i].iter().any(|o| o["type"] == 4) {
            return Err(Reject::form(
                &p(&[&i, &"type"]),
                "APPLICATION_COMMAND_TOO_MANY_ENTRY_POINTS",
                "An application can have only one Entry Point command",
            ));
        }
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
        // PRIMARY_ENTRY_POINT: the command that opens the app's Activity from the App Launcher.
        4 => {
            bad_len(&c["name"], 1, 32, at("name"))?;
            max_len(&c["description"], 100, at("description"))?;
            let handler = &c["handler"];
            if handler.is_null() || matches!(handler.as_u64(), Some(1 | 2)) {
                Ok(())
            } else {
                Err(Reject::form(
                    &at("handler"),
                    "BASE_TYPE_CHOICES",
                    "Value must be one of {1, 2}.",
                ))
            }
        }
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
