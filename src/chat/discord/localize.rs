//! The slash commands in the client's language: every command's and option's name and
//! description from the message files (`locales/<lang>/slash.ftl`) — English as the default,
//! German and Dutch as Discord's localizations.

use poise::Command;

use crate::i18n::{self, Lang};

/// The languages Discord shows localized (by its locale codes); English is the default.
const LOCALIZED: [(Lang, &str); 2] = [(Lang::De, "de"), (Lang::Nl, "nl")];

/// An attribute of a `slash-…` message in `lang`.
fn word(lang: Lang, key: &str, attribute: &str) -> Option<String> {
    i18n::format(lang, &format!("{key}.{attribute}"), None)
}

/// The words of the `slash-…` message `key`: its English description, and its names and
/// descriptions in each localized language (Discord's locale code first).
type Words = (
    Option<String>,
    Vec<(
        std::borrow::Cow<'static, str>,
        std::borrow::Cow<'static, str>,
    )>,
    Vec<(
        std::borrow::Cow<'static, str>,
        std::borrow::Cow<'static, str>,
    )>,
);

fn words_of(key: &str) -> Words {
    let mut names = Vec::new();
    let mut abouts = Vec::new();
    for (lang, code) in LOCALIZED {
        names.extend(word(lang, key, "name").map(|n| (code.into(), n.into())));
        abouts.extend(word(lang, key, "description").map(|d| (code.into(), d.into())));
    }
    (word(Lang::En, key, "description"), names, abouts)
}

/// Gives each command and each of its options the names and descriptions of the message
/// files: `slash-<command>` and `slash-<command>-<option>`; each word choice its labels
/// (`slash-choice-<word>`).
pub fn localize<U, E>(commands: &mut [Command<U, E>]) {
    for command in commands {
        let key = format!("slash-{}", command.name);
        let (about, names, abouts) = words_of(&key);
        if let Some(about) = about {
            command.description = Some(about.into());
        }
        command.name_localizations = names.into();
        command.description_localizations = abouts.into();
        for parameter in &mut command.parameters {
            let (about, names, abouts) = words_of(&format!("{key}-{}", parameter.name));
            if let Some(about) = about {
                parameter.description = Some(about.into());
            }
            parameter.name_localizations = names.into();
            parameter.description_localizations = abouts.into();
            let mut choices = parameter.choices.to_vec();
            for choice in &mut choices {
                let key = format!("slash-choice-{}", choice.name.to_lowercase());
                choice.localizations = LOCALIZED
                    .iter()
                    .filter_map(|(lang, code)| {
                        let label = i18n::format(*lang, &key, None)?;
                        Some(((*code).into(), label.into()))
                    })
                    .collect::<Vec<_>>()
                    .into();
            }
            parameter.choices = choices.into();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::commands::all;
    use super::*;

    /// Discord's rule for command and option names (lowercase, as the API requires).
    fn valid_name(name: &str) -> bool {
        let count = name.chars().count();
        (1..=32).contains(&count)
            && name
                .chars()
                .all(|c| c == '-' || c == '_' || c.is_alphanumeric() && !c.is_uppercase())
    }

    /// `key`'s name and description in every language fit Discord's rules.
    fn check_words(key: &str) {
        for lang in Lang::ALL {
            let name = word(lang, key, "name");
            assert!(
                name.as_deref().is_some_and(valid_name),
                "{key}.name in {lang}: {name:?}"
            );
            let about = word(lang, key, "description").unwrap_or_default();
            assert!(
                (1..=100).contains(&about.chars().count()),
                "{key}.description in {lang}: {about:?}"
            );
        }
    }

    #[test]
    fn every_command_and_option_has_its_words_in_every_language() {
        for command in all() {
            let key = format!("slash-{}", command.name);
            check_words(&key);
            assert_eq!(
                word(Lang::En, &key, "name").as_deref(),
                Some(&*command.name)
            );
            for parameter in &command.parameters {
                check_words(&format!("{key}-{}", parameter.name));
            }
        }
    }

    #[test]
    fn every_word_choice_has_its_labels() {
        for command in all() {
            for parameter in &command.parameters {
                for choice in parameter.choices.iter() {
                    // Game names and language names are the same in every language.
                    if choice.name.chars().next().is_some_and(char::is_uppercase) {
                        continue;
                    }
                    for (_, code) in LOCALIZED {
                        let label = choice.localizations.iter().find(|(c, _)| c == code);
                        assert!(
                            label.is_some_and(|(_, l)| (1..=100).contains(&l.chars().count())),
                            "/{} {}: the choice {} has no {code} label",
                            command.name,
                            parameter.name,
                            choice.name
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn the_commands_carry_german_and_dutch_localizations() {
        for command in all() {
            for code in ["de", "nl"] {
                assert!(
                    command.name_localizations.iter().any(|(c, _)| c == code),
                    "/{} has no {code} name",
                    command.name
                );
                assert!(
                    command
                        .description_localizations
                        .iter()
                        .any(|(c, _)| c == code),
                    "/{} has no {code} description",
                    command.name
                );
                for p in &command.parameters {
                    assert!(p.name_localizations.iter().any(|(c, _)| c == code));
                    assert!(p.description_localizations.iter().any(|(c, _)| c == code));
                }
                // Option names stay distinct in each language.
                let mut names: Vec<_> = command
                    .parameters
                    .iter()
                    .filter_map(|p| p.name_localizations.iter().find(|(c, _)| c == code))
                    .map(|(_, n)| n.clone())
                    .collect();
                names.sort();
                let count = names.len();
                names.dedup();
                assert_eq!(
                    names.len(),
                    count,
                    "/{}: two options share a name",
                    command.name
                );
            }
        }
        let join = all().into_iter().find(|c| c.name == "join").expect("/join");
        let german = join.name_localizations.iter().find(|(c, _)| c == "de");
        assert_ne!(
            german.map(|(_, n)| n.as_ref()),
            Some("join"),
            "/join untranslated"
        );
    }
}
