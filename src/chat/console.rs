//! The local console: a line protocol on standard input and output, for offline play, demos
//! and scripted tests.
//!
//! Input, one message per line:
//! - `<user>: <text>` — from `<user>` in the current channel;
//! - `#<channel> <user>: <text>` — in that channel;
//! - `#<channel> ~<user>: <text>` — privately from `<user>` about that channel's table;
//! - blank lines and lines starting with `//` are ignored.
//!
//! Output, one line per reply: `[#channel] text`, private ones `[#channel → user] text`, images
//! as `[#channel] image: <path> (<description>)`, a file (`/export`, `/log`, `/tournament
//! export`) as `[#channel] file: <path> (<caption>)`, buttons as
//! `[#channel] [buttons: Join = /join | …]`; with `--json` one JSON object per reply instead,
//! its image as `"image"`/`"description"`, its file as `"file"`/`"caption"`, its buttons as
//! `"choices": [{"label": …, "command": …}]` — exactly what the chats would show that audience.
//!
//! Images are written to the output directory as `NNNNNN.png` (a replay `NNNNNN.gif`), files
//! as `NNNNNN-<name>` with the file's own name made safe (it cannot leave the directory); each
//! kind numbered on from the highest number already there, so a restart overwrites nothing.

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::RecvTimeoutError;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use serde_json::json;

use crate::app::App;
use crate::i18n;
use crate::render::Renderer;
use crate::t;
use crate::table::{Command, Hint, Reply, User};

/// The console's community (for its limits and its language).
pub const COMMUNITY: &str = "console";

/// The longest input line read (bytes); the rest of a longer line is skipped.
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// Console settings.
#[derive(Debug, Clone)]
pub struct ConsoleOptions {
    /// The channel for lines without `#channel`.
    pub channel: String,
    /// Where board images and files go.
    pub out_dir: PathBuf,
    /// JSON output.
    pub json: bool,
    /// How often clocks are checked (timeouts are announced between lines).
    pub tick: Duration,
}

/// One parsed input line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// Channel, with its `#`.
    pub channel: String,
    /// Sender name.
    pub user: String,
    /// Private message to the bot.
    pub private: bool,
    /// The message text.
    pub text: String,
}

/// Reads one input line; `Ok(None)` for blank lines and `//` comments.
pub fn parse_line(line: &str, default_channel: &str) -> Result<Option<Line>, crate::table::Keyed> {
    let line = line.trim_end_matches(['\r', '\n']);
    let trimmed = line.trim();
    if trimmed.is_empty() || trimmed.starts_with("//") {
        return Ok(None);
    }
    let bad = || crate::refusal!("console-bad-line");
    let (channel, rest) = match trimmed.strip_prefix('#') {
        Some(after) => {
            let (name, rest) = after.split_once(char::is_whitespace).ok_or_else(bad)?;
            if name.is_empty() {
                return Err(bad());
            }
            (format!("#{name}"), rest.trim_start())
        }
        None => (default_channel.to_string(), trimmed),
    };
    let (private, rest) = match rest.strip_prefix('~') {
        Some(r) => (true, r),
        None => (false, rest),
    };
    let (user, text) = rest.split_once(':').ok_or_else(bad)?;
    let user = user.trim();
    if user.is_empty() || user.chars().count() > 64 {
        return Err(bad());
    }
    Ok(Some(Line {
        channel,
        user: user.to_string(),
        private,
        text: text.strip_prefix(' ').unwrap_or(text).to_string(),
    }))
}

/// The console's words for the service's hints.
pub fn hint_words(hint: Hint) -> String {
    match hint {
        Hint::SendPrivately => t!("console-send-privately"),
    }
}

/// Writes replies, their images and their files.
pub struct Printer<W: Write> {
    out: Mutex<W>,
    renderer: Arc<Renderer>,
    out_dir: PathBuf,
    json: bool,
    next_image: AtomicU64,
    next_file: AtomicU64,
}

/// The number after the highest one `number` reads from a file name in `dir` (so a restart
/// never overwrites what is there).
fn next_number(dir: &Path, number: fn(&str) -> Option<&str>) -> u64 {
    std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok())
                .filter_map(|e| {
                    let name = e.file_name().into_string().ok()?;
                    number(&name)?.parse::<u64>().ok()
                })
                .max()
                .map_or(1, |n| n + 1)
        })
        .unwrap_or(1)
}

/// The number of an image, `NNNNNN.png` or `NNNNNN.gif`.
fn image_number(name: &str) -> Option<&str> {
    name.strip_suffix(".png").or(name.strip_suffix(".gif"))
}

/// The number of a file, `NNNNNN-<name>`.
fn file_number(name: &str) -> Option<&str> {
    name.split_once('-').map(|(n, _)| n)
}

/// The longest file name kept (characters), before the number.
const MAX_FILE_NAME: usize = 100;

/// A file name that stays in the directory it is written to: letters, digits, `.`, `-` and `_`
/// kept, anything else (`/`, `\`, a space) as `_`, no leading dot, at most [`MAX_FILE_NAME`]
/// characters; `file` when nothing is left.
pub fn safe_file_name(name: &str) -> String {
    let safe: String = name
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || matches!(c, '.' | '-' | '_') {
                c
            } else {
                '_'
            }
        })
        .collect::<String>()
        .trim_start_matches('.')
        .chars()
        .take(MAX_FILE_NAME)
        .collect();
    if safe.is_empty() {
        "file".to_string()
    } else {
        safe
    }
}

impl<W: Write> Printer<W> {
    /// A printer writing to `out`.
    pub fn new(out: W, renderer: Arc<Renderer>, out_dir: PathBuf, json: bool) -> Self {
        Printer {
            out: Mutex::new(out),
            renderer,
            next_image: AtomicU64::new(next_number(&out_dir, image_number)),
            next_file: AtomicU64::new(next_number(&out_dir, file_number)),
            out_dir,
            json,
        }
    }

    /// Writes the reply's file, if it has one, as `NNNNNN-<name>`; its path and caption.
    fn save_file(&self, reply: &Reply) -> Option<(String, String)> {
        let file = reply.attachment.as_ref()?;
        let result = std::fs::create_dir_all(&self.out_dir).and_then(|()| {
            let n = self.next_file.fetch_add(1, Ordering::SeqCst);
            let name = format!("{n:06}-{}", safe_file_name(&file.filename));
            let path = self.out_dir.join(name);
            std::fs::write(&path, &file.content).map(|()| path)
        });
        match result {
            Ok(path) => Some((path.display().to_string(), file.caption.clone())),
            Err(e) => {
                tracing::error!(error = %e, "file not written");
                None
            }
        }
    }

    /// Writes the reply's image, if it has one; its path and description.
    fn save_image(&self, reply: &Reply) -> Option<(String, String)> {
        let png = super::draw(&self.renderer, reply)?;
        let result = std::fs::create_dir_all(&self.out_dir).and_then(|()| {
            let n = self.next_image.fetch_add(1, Ordering::SeqCst);
            let extension = if png.is_gif() { "gif" } else { "png" };
            let path = self.out_dir.join(format!("{n:06}.{extension}"));
            std::fs::write(&path, &png.bytes).map(|()| path)
        });
        match result {
            Ok(path) => Some((path.display().to_string(), png.description)),
            Err(e) => {
                tracing::error!(error = %e, "image not written");
                None
            }
        }
    }

    /// Prints the replies to a message in `channel`.
    pub fn print(&self, channel: &str, replies: &[Reply]) {
        let mut lines = Vec::new();
        for reply in replies {
            let image = self.save_image(reply);
            let file = self.save_file(reply);
            let mentions: Vec<String> = reply.mentions.iter().map(|u| u.name.clone()).collect();
            if self.json {
                lines.push(
                    json!({
                        "channel": channel,
                        "to": reply.to.as_ref().map(|u| u.name.clone()),
                        "text": crate::table::markup::plain(&reply.text),
                        "image": image.as_ref().map(|(path, _)| path),
                        "description": image.as_ref().map(|(_, d)| d),
                        "file": file.as_ref().map(|(path, _)| path),
                        "caption": file.as_ref().map(|(_, c)| c),
                        "error": reply.error,
                        "mentions": mentions,
                        "choices": reply
                            .choices
                            .iter()
                            .map(|c| json!({ "label": c.label, "command": c.command }))
                            .collect::<Vec<_>>(),
                    })
                    .to_string(),
                );
            } else {
                let tag = match &reply.to {
                    Some(user) => format!("[{channel} → {}]", user.name),
                    None => format!("[{channel}]"),
                };
                let mut text = crate::table::markup::plain(&reply.text);
                if !mentions.is_empty() {
                    // The ping, as a chat shows a mention: `@name` for each.
                    let pings: Vec<String> = mentions.iter().map(|n| format!("@{n}")).collect();
                    if !text.is_empty() {
                        text.push('\n');
                    }
                    text.push_str(&pings.join(" "));
                }
                lines.push(format!("{tag} {}", text.replace('\n', " | ")));
                if let Some((path, description)) = image {
                    lines.push(format!("{tag} image: {path} ({description})"));
                }
                if let Some((path, caption)) = file {
                    lines.push(format!("{tag} file: {path} ({caption})"));
                }
                if !reply.choices.is_empty() {
                    let buttons: Vec<String> = reply
                        .choices
                        .iter()
                        .map(|c| format!("{} = {}", c.label, c.command))
                        .collect();
                    lines.push(format!("{tag} [buttons: {}]", buttons.join(" | ")));
                }
            }
        }
        let mut out = self.out.lock().unwrap_or_else(PoisonError::into_inner);
        for line in lines {
            if writeln!(out, "{line}").is_err() {
                return;
            }
        }
        let _ = out.flush();
    }
}

/// Reads one line of at most [`MAX_LINE_BYTES`]; `Ok(None)` at the end of input. A longer line
/// is consumed whole and returned cut, with `true` as its second value.
fn read_bounded(input: &mut impl BufRead) -> std::io::Result<Option<(Vec<u8>, bool)>> {
    let mut line = Vec::new();
    let mut cut = false;
    loop {
        let buf = input.fill_buf()?;
        if buf.is_empty() {
            return Ok((!line.is_empty() || cut).then_some((line, cut)));
        }
        let (chunk, done) = match buf.iter().position(|b| *b == b'\n') {
            Some(i) => (&buf[..=i], true),
            None => (buf, false),
        };
        let room = MAX_LINE_BYTES.saturating_sub(line.len());
        line.extend_from_slice(&chunk[..chunk.len().min(room)]);
        cut |= chunk.len() > room;
        let used = chunk.len();
        input.consume(used);
        if done {
            return Ok(Some((line, cut)));
        }
    }
}

/// Runs the console until the input ends: every line goes to the service, every reply to the
/// printer; a background tick announces timeouts.
pub fn run<R: BufRead, W: Write + Send + 'static>(
    service: Arc<App>,
    printer: Arc<Printer<W>>,
    options: &ConsoleOptions,
    mut input: R,
) -> std::io::Result<()> {
    let (stop, stopped) = std::sync::mpsc::channel::<()>();
    // A command and what it announced elsewhere print together: the tick (which would take
    // those announcements too) waits for its turn.
    let turn = Arc::new(Mutex::new(()));
    let ticker = {
        let (service, printer, tick) = (service.clone(), printer.clone(), options.tick);
        let turn = turn.clone();
        std::thread::spawn(move || {
            while let Err(RecvTimeoutError::Timeout) = stopped.recv_timeout(tick) {
                let _turn = turn.lock().unwrap_or_else(PoisonError::into_inner);
                for (channel, replies) in service.tick("#") {
                    printer.print(&channel, &replies);
                }
            }
        })
    };
    let result = (|| {
        // The console's own words: in the language of its channel.
        let lang = || service.channel_language(&options.channel, Some(COMMUNITY));
        while let Some((bytes, cut)) = read_bounded(&mut input)? {
            let refusal = |why: crate::table::Keyed| vec![Reply::refusal(why)];
            let Ok(text) = String::from_utf8(bytes) else {
                let text = i18n::scope(lang(), || crate::refusal!("console-not-utf8"));
                printer.print(&options.channel, &refusal(text));
                continue;
            };
            if cut {
                let text = i18n::scope(lang(), || {
                    crate::refusal!("console-too-long", max = MAX_LINE_BYTES)
                });
                printer.print(&options.channel, &refusal(text));
                continue;
            }
            match i18n::scope(lang(), || parse_line(&text, &options.channel)) {
                Ok(None) => {}
                Ok(Some(line)) => {
                    let command = Command {
                        private: line.private,
                        community: Some(COMMUNITY.into()),
                        // Whoever types at the console runs it.
                        community_admin: true,
                        may_organize: true,
                        ..Command::new(&line.channel, User::named(&line.user), &line.text)
                    };
                    let _turn = turn.lock().unwrap_or_else(PoisonError::into_inner);
                    let arrived = std::time::Instant::now();
                    let replies: Vec<Reply> = service
                        .handle(&command)
                        .into_iter()
                        .map(|r| crate::chat::with_hint(r, hint_words))
                        .collect();
                    printer.print(&line.channel, &replies);
                    if !replies.is_empty() {
                        crate::chat::answered(&line.channel, arrived);
                    }
                    // What the command announced elsewhere (a round's games) follows at once,
                    // in order, not with the next tick.
                    for (channel, replies) in service.take_outbox("#") {
                        printer.print(&channel, &replies);
                    }
                }
                Err(e) => printer.print(&options.channel, &refusal(e)),
            }
        }
        Ok(())
    })();
    drop(stop);
    let _ = ticker.join();
    // A last tick: timeouts up to now, and the heartbeat that pauses clocks while stopped.
    for (channel, replies) in service.tick("#") {
        printer.print(&channel, &replies);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_three_line_forms() {
        assert_eq!(
            parse_line("alice: /join chess", "#local"),
            Ok(Some(Line {
                channel: "#local".into(),
                user: "alice".into(),
                private: false,
                text: "/join chess".into()
            }))
        );
        let l = parse_line("#t1 bob: /m a2b2", "#local").unwrap().unwrap();
        assert_eq!(
            (l.channel.as_str(), l.user.as_str(), l.private),
            ("#t1", "bob", false)
        );
        let l = parse_line("#t1 ~bob: /hand", "#local").unwrap().unwrap();
        assert_eq!(
            (
                l.channel.as_str(),
                l.user.as_str(),
                l.private,
                l.text.as_str()
            ),
            ("#t1", "bob", true, "/hand")
        );
        assert_eq!(parse_line("   ", "#local"), Ok(None));
        assert_eq!(parse_line("// a comment", "#local"), Ok(None));
        assert!(parse_line("no colon here", "#local").is_err());
        assert!(parse_line("#t1", "#local").is_err());
        assert!(parse_line(": text", "#local").is_err());
    }

    /// Whatever a file's name, it is written inside the output directory, numbered on from
    /// the files already there; the images keep their own numbers.
    #[test]
    fn a_files_name_cannot_leave_the_output_directory() {
        let dir = tempfile::tempdir().expect("temp dir");
        let out = dir.path().join("out");
        let names = ["../../escape.json", "..", "/etc/passwd", "a\\..\\b.txt", ""];
        let replies: Vec<Reply> = names
            .iter()
            .map(|n| {
                Reply::public("here").with_attachment(
                    n.to_string(),
                    format!("caption of {n}"),
                    format!("content of {n}"),
                )
            })
            .collect();
        let printer = Printer::new(Vec::new(), Arc::new(Renderer::new()), out.clone(), false);
        printer.print("#t", &replies);
        let written = [
            "000001-_.._escape.json",
            "000002-file",
            "000003-_etc_passwd",
            "000004-a_.._b.txt",
            "000005-file",
        ];
        let mut found: Vec<String> = std::fs::read_dir(&out)
            .expect("the output directory")
            .map(|e| {
                e.expect("an entry")
                    .file_name()
                    .to_string_lossy()
                    .into_owned()
            })
            .collect();
        found.sort();
        assert_eq!(found, written);
        let outside: Vec<_> = std::fs::read_dir(dir.path())
            .expect("the temp dir")
            .map(|e| e.expect("an entry").file_name())
            .collect();
        assert_eq!(
            outside,
            ["out"],
            "nothing written beside the output directory"
        );
        let printed =
            String::from_utf8(printer.out.into_inner().expect("unpoisoned")).expect("UTF-8");
        let lines: Vec<&str> = printed.lines().collect();
        for (i, (name, file)) in names.iter().zip(written).enumerate() {
            let path = out.join(file);
            assert_eq!(
                std::fs::read_to_string(&path).expect("written"),
                format!("content of {name}")
            );
            assert_eq!(lines[2 * i], "[#t] here");
            assert_eq!(
                lines[2 * i + 1],
                format!("[#t] file: {} (caption of {name})", path.display())
            );
        }
        // After a restart: files numbered on, images from the first.
        assert_eq!(next_number(&out, file_number), 6);
        assert_eq!(next_number(&out, image_number), 1);
    }

    #[test]
    fn long_lines_are_cut_and_consumed() {
        let mut input = std::io::Cursor::new(
            format!("{}\nbob: hi\n", "x".repeat(MAX_LINE_BYTES + 10)).into_bytes(),
        );
        let (line, cut) = read_bounded(&mut input).unwrap().unwrap();
        assert!(cut);
        assert_eq!(line.len(), MAX_LINE_BYTES);
        let (line, cut) = read_bounded(&mut input).unwrap().unwrap();
        assert_eq!((line.as_slice(), cut), (&b"bob: hi\n"[..], false));
        assert!(read_bounded(&mut input).unwrap().is_none());
    }
}
