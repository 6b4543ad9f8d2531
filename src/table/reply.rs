//! Platform-neutral replies: audience, text, optional board image and attachment.

use resvg::tiny_skia::Pixmap;

use std::sync::Arc;

use crate::games::{AnyView, samples};
use crate::render::{Palette, Png, RenderError, SvgLayer, png};

use super::command::User;

pub use crate::games::Layout;
use crate::i18n::Lang;

/// A board image to render for the reply's audience.
#[derive(Debug, Clone, PartialEq)]
pub struct BoardImage {
    /// What this audience may see.
    pub view: AnyView,
    /// Player names in seat order.
    pub players: Vec<String>,
    /// What to show.
    pub layout: Layout,
    /// The language of its words.
    pub lang: Lang,
}

impl BoardImage {
    /// What the image shows, in words.
    pub fn describe(&self) -> String {
        crate::i18n::scope(self.lang, || self.view.describe(&self.players, self.layout))
    }

    /// Its layers, drawn in its language.
    pub fn layers(&self) -> Result<Vec<SvgLayer>, RenderError> {
        crate::i18n::scope(self.lang, || self.view.layers(&self.players, self.layout))
    }
}

impl ReplayImage {
    /// What the replay shows, in words: how many positions, and the last one.
    pub fn describe(&self) -> String {
        crate::i18n::scope(self.lang, || {
            let last = self
                .frames
                .last()
                .map(|v| v.describe(&self.players, Layout::Table))
                .unwrap_or_default();
            crate::t!(
                "replay-description",
                positions = self.frames.len(),
                last = last
            )
        })
    }
}

impl crate::render::Renderer {
    /// The PNG of a reply's board image: indexed over its game's palette (see
    /// [`Renderer::palette_of`]), RGB when there is none.
    pub fn render(&self, image: &BoardImage) -> Result<Png, RenderError> {
        let layers = image.layers()?;
        match self.palette_of(image) {
            Some(palette) => png::encode_indexed(&self.indexed(&layers, &palette)?, &palette),
            None => png::encode(&self.rasterize_layers(&layers)?),
        }
    }

    /// The fixed palette of `image`'s game, layout and player count: learned once from four
    /// positions of a seeded random game (start, a third, two thirds, end) drawn the same way,
    /// so every board of a kind and every frame of a replay share it.
    pub fn palette_of(&self, image: &BoardImage) -> Option<Arc<Palette>> {
        let kind = image.view.kind();
        let (layout, viewer) = match image.layout {
            Layout::Table => ("table", None),
            Layout::Seat(s) => ("seat", Some(s)),
            Layout::Hand(s) => ("hand", Some(s)),
        };
        let players = image.players.len();
        let key = format!("{}/{layout}/{players}", kind.info().id);
        self.palette(&key, || {
            let games = samples::positions(kind, players, 1);
            let last = games.len().checked_sub(1)?;
            let mut pixmaps = Vec::new();
            for i in [0, last / 3, last * 2 / 3, last] {
                let sample = BoardImage {
                    view: games[i].view(viewer),
                    players: image.players.clone(),
                    layout: image.layout,
                    lang: image.lang,
                };
                pixmaps.push(self.pixmap(&sample).ok()?);
            }
            Some(Palette::learn(&pixmaps.iter().collect::<Vec<_>>()))
        })
    }

    /// The rasterized board image, before encoding.
    pub fn pixmap(&self, image: &BoardImage) -> Result<Pixmap, RenderError> {
        self.rasterize_layers(&image.layers()?)
    }

    /// The board image drawn the plain way (see [`crate::render::Renderer::rasterize_whole`]).
    pub fn pixmap_whole(&self, image: &BoardImage) -> Result<Pixmap, RenderError> {
        self.rasterize_whole(&image.layers()?)
    }

    /// The SVG documents of a board image, bottom layer first, for inspection.
    pub fn svg(&self, image: &BoardImage) -> Result<Vec<String>, RenderError> {
        image.layers()?.iter().map(SvgLayer::svg).collect()
    }
}

/// An animated replay of a finished game: one frame per position, the whole table as
/// everybody sees it (so only what the rules reveal).
#[derive(Debug, Clone, PartialEq)]
pub struct ReplayImage {
    /// Every position's public view, the start first.
    pub frames: Vec<AnyView>,
    /// Player names in seat order.
    pub players: Vec<String>,
    /// What each frame shows, said in a band below it ("Move 12 of 40 · Ann: c3-d4"): the
    /// last move, for games whose board does not mark it; empty: no band.
    pub captions: Vec<String>,
    /// The language of its words.
    pub lang: Lang,
}

impl ReplayImage {
    /// The captions of a replay of `steps` (what led to each position after the start).
    pub fn captions_of(steps: &[String]) -> Vec<String> {
        let total = steps.len();
        std::iter::once(crate::t!("replay-caption-start", total = total))
            .chain(steps.iter().enumerate().map(|(i, s)| {
                crate::t!(
                    "replay-caption-move",
                    number = i + 1,
                    total = total,
                    step = s
                )
            }))
            .collect()
    }
}

/// The largest replay sent: Discord's upload limit for everybody is 10 MiB; this leaves room.
pub const REPLAY_MAX_BYTES: usize = 8 << 20;

/// How long a replay shows each position, and the final one.
pub const REPLAY_TIMING: crate::render::gif::Timing = crate::render::gif::Timing {
    frame: 70,
    last: 300,
};

impl crate::render::Renderer {
    /// The animated GIF of a replay over its game's fixed palette: a frame per position, the
    /// last held for 3 s. Beyond [`REPLAY_MAX_BYTES`], every second position is left out
    /// (then every third, …), the first and last always kept.
    pub fn replay(&self, replay: &ReplayImage) -> Result<Png, RenderError> {
        let image = |view: &AnyView| BoardImage {
            view: view.clone(),
            players: replay.players.clone(),
            layout: Layout::Table,
            lang: replay.lang,
        };
        let first = replay.frames.first().ok_or(RenderError::Size(0, 0))?;
        let palette = self
            .palette_of(&image(first))
            .ok_or_else(|| RenderError::Encode("no palette for this game".into()))?;
        // The frames drawn on every core, each thread a run of consecutive positions in a
        // lane of its own (so each frame is painted where it differs from the one before).
        let frames = crate::render::on_every_core(&replay.frames, |run, view| {
            let layers = image(view).layers()?;
            self.indexed_in(run + 1, &layers, &palette)
        })?;
        // A board may grow during a game (more rows of tiles, cards): every frame takes the
        // largest size, filled out with its own top-left (background) colour.
        let width = frames.iter().map(|f| f.width).max().unwrap_or(0);
        let height = frames.iter().map(|f| f.height).max().unwrap_or(0);
        let mut frames: Vec<_> = frames
            .into_iter()
            .map(|f| f.padded(width, height))
            .collect();
        if replay.captions.len() == frames.len() {
            let numbered: Vec<usize> = (0..frames.len()).collect();
            frames = crate::render::on_every_core(&numbered, |_, i| {
                self.caption(frames[*i].clone(), &replay.captions[*i], &palette)
            })?;
        }
        let height = frames.first().map_or(height, |f| f.height);
        let mut every = 1;
        loop {
            let last = frames.len() - 1;
            let kept: Vec<_> = frames
                .iter()
                .enumerate()
                .filter(|(i, _)| i % every == 0 || *i == last)
                .map(|(_, f)| f)
                .collect();
            let bytes = crate::render::gif::animate(&kept, &palette, REPLAY_TIMING)?;
            if bytes.len() <= REPLAY_MAX_BYTES || kept.len() <= 2 {
                return Ok(Png {
                    bytes,
                    width,
                    height,
                    description: String::new(),
                });
            }
            every += 1;
        }
    }
}

/// A file the adapter may attach instead of long text.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Attachment {
    /// Suggested file name, e.g. `<game>-12.txt`.
    pub filename: String,
    /// A short line to show with the file.
    pub caption: String,
    /// The content.
    pub content: String,
}

/// A short choice the adapter may offer as a button: clicking it sends `command` as the
/// clicking user, for table `table` only.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Choice {
    /// Button text.
    pub label: String,
    /// The command text to run, e.g. `/join`.
    pub command: String,
    /// The table the choice belongs to.
    pub table: u64,
}

/// A game just started: where the adapter may open a thread for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ThreadHint {
    /// A name for the thread, e.g. `<Game>: alice vs bob`.
    pub name: String,
    /// The table asked for a thread (option `thread`).
    pub requested: bool,
    /// The seated players' user ids, to add to the thread.
    pub members: Vec<String>,
}

/// A hint whose words depend on the chat: the adapter adds them to the reply's text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hint {
    /// How to send a command privately (a secret move typed in public).
    SendPrivately,
}

/// One reply of the table service.
#[derive(Debug, Clone, PartialEq)]
pub struct Reply {
    /// `Some(user)` for a private reply to that user; `None` for the channel.
    pub to: Option<User>,
    /// What to say.
    pub text: String,
    /// A board image for this audience.
    pub board: Option<BoardImage>,
    /// An animated replay (instead of a board).
    pub replay: Option<ReplayImage>,
    /// A file version of the content (`/log`, `/export`).
    pub attachment: Option<Attachment>,
    /// Buttons that spare typing.
    pub choices: Vec<Choice>,
    /// Set on the announcement of a game's start.
    pub thread: Option<ThreadHint>,
    /// True exactly when the command was refused and nothing changed.
    pub error: bool,
    /// What was refused, by the refusal's key ([`crate::table::Worded::key`]), in no
    /// language; set exactly when `error` is.
    pub refusal: Option<&'static str>,
    /// Chat-specific words the adapter adds.
    pub hint: Option<Hint>,
    /// The users this public reply pings (the seats that have just come to act): on Discord
    /// `<@id>` with allowed mentions of exactly these users, on Matrix mention pills and
    /// `m.mentions`, on the console `@name`.
    pub mentions: Vec<User>,
    /// A reminder or digest to one user by direct message: the timer loop merges those going to
    /// one user at one tick into one message.
    pub notice: bool,
    /// The language it speaks (the adapter words its hints and captions in it).
    pub lang: Lang,
}

impl Reply {
    /// A public reply.
    pub fn public(text: impl Into<String>) -> Reply {
        Reply {
            to: None,
            text: text.into(),
            board: None,
            replay: None,
            attachment: None,
            choices: Vec::new(),
            thread: None,
            error: false,
            refusal: None,
            hint: None,
            mentions: Vec::new(),
            notice: false,
            lang: crate::i18n::current(),
        }
    }

    /// A private reply to `user`.
    pub fn private(user: &User, text: impl Into<String>) -> Reply {
        Reply {
            to: Some(user.clone()),
            ..Reply::public(text)
        }
    }

    /// A refusal: nothing changed.
    pub fn refusal(why: impl crate::table::Worded) -> Reply {
        Reply::public(why.words()).refused(why.key())
    }

    /// This reply, as the refusal named `key`.
    pub fn refused(mut self, key: &'static str) -> Reply {
        self.error = true;
        self.refusal = Some(key);
        self
    }

    /// A private refusal to `user`, whether asked in public or not.
    pub fn private_refusal(user: &User, why: impl crate::table::Worded) -> Reply {
        Reply::private(user, why.words()).refused(why.key())
    }

    /// Adds a board image.
    pub fn with_board(mut self, board: BoardImage) -> Reply {
        self.board = Some(board);
        self
    }

    /// Adds an attachment.
    pub fn with_attachment(mut self, filename: String, caption: String, content: String) -> Reply {
        self.attachment = Some(Attachment {
            filename,
            caption,
            content,
        });
        self
    }

    /// Adds buttons.
    pub fn with_choices(mut self, choices: Vec<Choice>) -> Reply {
        self.choices = choices;
        self
    }
}
