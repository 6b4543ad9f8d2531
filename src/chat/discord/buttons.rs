//! Buttons whose command does not fit Discord: a button's `custom_id` and a select menu
//! option's value hold at most 100 characters. Such a command is stored in the chat memory
//! under a short key (`#` and 24 hex digits of its SHA-256 with the table), and the button
//! carries the key; a press looks the command up again. The same command of the same table
//! always gets the same key, so the memory grows only with distinct long commands; a key
//! nobody stored (a forged or foreign button) is refused like any stray button.

use sha2::{Digest, Sha256};

use super::deliver::{self, Outgoing, chosen_command, parse_custom_id};
use crate::chat::ChatStore;
use crate::table::{Choice, StoreError};

/// The store keys of long buttons' commands.
const PREFIX: &str = "discord:button:";
/// Whether `choice` can go as it is (not a command that looks like a key).
fn fits(choice: &Choice) -> bool {
    !choice.command.starts_with('#') && deliver::fits(choice)
}

/// The short key of a long command.
fn key(choice: &Choice) -> String {
    let digest = Sha256::digest(format!("{}|{}", choice.table, choice.command));
    let hex: String = digest.iter().take(12).map(|b| format!("{b:02x}")).collect();
    format!("#{hex}")
}

/// Gives every choice of `outgoing` that does not fit a stored key instead of its command,
/// durably before the buttons are sent. Blocking. A choice whose key cannot be stored is
/// dropped (logged) rather than sent cut.
pub fn fit(store: &dyn ChatStore, outgoing: &mut [Outgoing]) {
    for out in outgoing {
        out.reply.choices.retain_mut(|choice| {
            if fits(choice) {
                return true;
            }
            let key = key(choice);
            match store_command(store, &key, &choice.command) {
                Ok(()) => {
                    choice.command = key;
                    true
                }
                Err(e) => {
                    tracing::error!(error = %e, "a long button's command not stored; button left out");
                    false
                }
            }
        });
    }
}

fn store_command(store: &dyn ChatStore, key: &str, command: &str) -> Result<(), StoreError> {
    let name = format!("{PREFIX}{key}");
    if store.chat_record(&name)?.as_deref() == Some(command) {
        return Ok(());
    }
    store.set_chat_record(&name, Some(command))
}

/// The table and command of a pressed button or chosen menu option (`values`): the command it
/// carries, or the stored one behind its key; `None` for a button that is not the bot's or a
/// key nobody stored. Blocking when it holds a key.
pub fn pressed(store: &dyn ChatStore, custom_id: &str, values: &[String]) -> Option<(u64, String)> {
    let (table, command) = parse_custom_id(custom_id)?;
    let command = chosen_command(command, values)?;
    Some((table, command_of(store, command)?))
}

/// The command behind `pressed`: itself, or the stored one behind its key (`None`: a key
/// nobody stored). Blocking when it is a key.
fn command_of(store: &dyn ChatStore, pressed: &str) -> Option<String> {
    if !pressed.starts_with('#') {
        return Some(pressed.to_string());
    }
    match store.chat_record(&format!("{PREFIX}{pressed}")) {
        Ok(found) => found,
        Err(e) => {
            tracing::error!(error = %e, "a long button's command unreadable");
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::SledStore;
    use crate::table::{Reply, User};

    fn outgoing(commands: &[&str]) -> Outgoing {
        Outgoing {
            reply: Reply {
                choices: commands
                    .iter()
                    .map(|c| Choice {
                        label: "go".into(),
                        command: (*c).to_string(),
                        table: 123_456_789,
                    })
                    .collect(),
                ..Reply::private(&User::named("ann"), "choose")
            },
            png: None,
        }
    }

    #[test]
    fn a_long_command_gets_a_stored_key_and_comes_back_whole() {
        let dir = tempfile::tempdir().expect("a temp dir");
        let store = SledStore::open(dir.path()).expect("sled");
        let long = format!("/tournament pairings {}", "x".repeat(120));
        let mut out = vec![outgoing(&["/join", &long, "#forged"])];
        fit(&store, &mut out);
        let choices = &out[0].reply.choices;
        assert_eq!(choices[0].command, "/join", "a short command stays itself");
        assert!(choices[1].command.starts_with('#') && choices[1].command.len() == 25);
        assert!(deliver::custom_id(&choices[1]).len() <= deliver::ID_LIMIT);
        assert_ne!(
            choices[2].command, "#forged",
            "a command that looks like a key is keyed too"
        );
        assert_eq!(command_of(&store, &choices[1].command), Some(long.clone()));
        assert_eq!(
            command_of(&store, &choices[2].command).as_deref(),
            Some("#forged")
        );
        assert_eq!(command_of(&store, "/join").as_deref(), Some("/join"));
        assert_eq!(
            command_of(&store, "#000000000000000000000000"),
            None,
            "unknown key"
        );
        // Pressed: the button's own command, or the stored one, for its table only.
        let id = deliver::custom_id(&choices[1]);
        assert_eq!(pressed(&store, &id, &[]), Some((123_456_789, long.clone())));
        assert_eq!(
            pressed(&store, "spieltisch|5|/join", &[]),
            Some((5, "/join".to_string()))
        );
        assert_eq!(
            pressed(&store, "spieltisch|5|#ffffffffffffffffffffffff", &[]),
            None
        );
        assert_eq!(pressed(&store, "other|5|/join", &[]), None, "not the bot's");
        // A menu's chosen option holds the key the same way.
        assert_eq!(
            pressed(&store, "spieltisch|5|menu", &[choices[1].command.clone()]),
            Some((5, long.clone()))
        );
        // The same command again: the same key, nothing new stored.
        let mut again = vec![outgoing(&[&long])];
        fit(&store, &mut again);
        assert_eq!(again[0].reply.choices[0].command, choices[1].command);
        assert_eq!(store.chat_records(PREFIX).expect("read").len(), 2);
    }
}
