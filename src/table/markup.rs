//! The bot's replies are Markdown (Discord renders it, Matrix converts it to HTML); what users
//! typed — their display names, echoed command words — must never become markup in the bot's
//! voice: no masked links, headings, images, raw HTML or mention syntax, and no right-to-left
//! override that turns the rest of a line around. Everything user-made passes through here
//! before it is put into a reply.

/// Characters that start or end Markdown (or HTML) markup somewhere.
const MARKUP: &[char] = &[
    '\\', '`', '*', '_', '~', '|', '<', '>', '[', ']', '(', ')', '#', '!', '-', '+', '=', '@', '&',
    ':',
];

/// Characters that change the direction or visibility of text: the bidirectional embeddings,
/// overrides and isolates, and the marks that go with them.
fn is_direction_control(c: char) -> bool {
    matches!(c, '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{061C}')
}

/// Characters written right to left (Hebrew, Arabic and their neighbours).
fn is_right_to_left(c: char) -> bool {
    matches!(c, '\u{0590}'..='\u{08FF}' | '\u{FB1D}'..='\u{FDFF}' | '\u{FE70}'..='\u{FEFF}'
        | '\u{10800}'..='\u{10FFF}' | '\u{1E800}'..='\u{1EFFF}')
}

/// A display name as the table keeps it: control and direction-control characters removed,
/// whitespace runs folded to one space, at most `max` characters; a name with nothing left is
/// "player". The name stays the user's own words — only invisible tricks are dropped — so it
/// is drawn as is into images and escaped by [`name`] when put into text.
pub fn clean_name(raw: &str, max: usize) -> String {
    let kept: String = raw
        .chars()
        .filter(|c| !is_direction_control(*c))
        .map(|c| if c.is_whitespace() { ' ' } else { c })
        .filter(|c| !c.is_control())
        .collect();
    let folded = kept.split_whitespace().collect::<Vec<_>>().join(" ");
    let cut: String = folded.chars().take(max).collect();
    if cut.trim().is_empty() {
        "player".to_string()
    } else {
        cut.trim_end().to_string()
    }
}

/// Backslash-escapes every markup character of `text` and breaks `scheme://` so that no link
/// is formed; CommonMark and Discord both show the escaped characters as they are.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if MARKUP.contains(&c) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// A user's name as it goes into a reply's Markdown: escaped, and isolated (U+2068 … U+2069)
/// when it contains right-to-left letters, so it cannot reorder the bot's words around it.
pub fn name(raw: &str) -> String {
    let escaped = escape(raw);
    if raw.chars().any(is_right_to_left) {
        format!("\u{2068}{escaped}\u{2069}")
    } else {
        escaped
    }
}

/// Echoed user text as an inline code span: backticks, controls and direction controls
/// dropped, cut to 30 characters.
pub fn code(raw: &str) -> String {
    let kept: String = raw
        .chars()
        .filter(|c| *c != '`' && !c.is_control() && !is_direction_control(*c))
        .take(30)
        .collect();
    format!("`{kept}`")
}

/// Whether `text` contains anything that could become markup or turn text around.
pub fn has_markup(text: &str) -> bool {
    text.chars()
        .any(|c| MARKUP.contains(&c) || is_direction_control(c) || c.is_control())
        || text.contains("://")
}

/// A whole reply made inert: every markup character escaped and direction controls dropped.
/// For refusals that may echo user text the service cannot pick out (a game's error about a
/// move that contained markup).
pub fn inert(text: &str) -> String {
    let kept: String = text
        .chars()
        .filter(|c| *c == '\n' || (!c.is_control() && !is_direction_control(*c)))
        .collect();
    escape(&kept)
}

/// Markdown as plain text for chats that show text as typed (the console): the backslash
/// escapes removed.
pub fn plain(markdown: &str) -> String {
    let mut out = String::with_capacity(markdown.len());
    let mut chars = markdown.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\'
            && let Some(next) = chars.peek()
            && next.is_ascii_punctuation()
        {
            out.push(*next);
            chars.next();
            continue;
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_lose_controls_and_overrides_but_keep_their_words() {
        assert_eq!(clean_name("mal\u{202E}stniop", 64), "malstniop");
        assert_eq!(clean_name("  a\n\tb  ", 64), "a b");
        assert_eq!(clean_name("\u{2066}\u{200F}", 64), "player");
        assert_eq!(clean_name("Ünïcödé 名前", 64), "Ünïcödé 名前");
        assert_eq!(clean_name(&"x".repeat(100), 64).chars().count(), 64);
    }

    #[test]
    fn a_name_cannot_become_markup() {
        let evil = "[click](https://evil.example) # <img src=x> **b** @everyone <@1>";
        let shown = name(evil);
        // Every markup character is escaped: preceded by a backslash that is not itself escaped.
        let chars: Vec<char> = shown.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            if chars[i] == '\\' {
                i += 2;
                continue;
            }
            assert!(
                !MARKUP.contains(&chars[i]),
                "{} is bare in {shown}",
                chars[i]
            );
            i += 1;
        }
        assert!(shown.contains("https\\://"), "no link can form: {shown}");
        assert_eq!(plain(&shown), evil, "the console shows the name as typed");
    }

    #[test]
    fn right_to_left_names_are_isolated() {
        let shown = name("שלום");
        assert!(shown.starts_with('\u{2068}') && shown.ends_with('\u{2069}'));
        assert_eq!(name("al"), "al");
    }

    #[test]
    fn echoed_words_stay_inside_their_code_span() {
        assert_eq!(code("a`b\u{202E}c"), "`abc`");
        assert_eq!(code(&"y".repeat(99)).len(), 32);
        assert!(has_markup("A2>B2"));
        assert!(has_markup("see https://x"));
        assert!(!has_markup("choose mason"));
        assert_eq!(inert("`x` [a](b)"), "\\`x\\` \\[a\\]\\(b\\)");
    }
}
