//! Platform-neutral replies: audience, text, optional board image and attachment.

use resvg::tiny_skia::Pixmap;

use crate::games::AnyView;
use crate::render::{Png, RenderError, SvgLayer};

use super::command::User;

pub use crate::games::Layout;

/// A board image to render for the reply's audience.
#[derive(Debug, Clone, PartialEq)]
pub struct BoardImage {
    /// What this audience may see.
    pub view: AnyView,
    /// Player names in seat order.
    pub players: Vec<String>,
    /// What to show.
    pub layout: Layout,
}

impl crate::render::Renderer {
    /// The PNG of a reply's board image.
    pub fn render(&self, image: &BoardImage) -> Result<Png, RenderError> {
        self.png(&image.view.layers(&image.players, image.layout)?)
    }

    /// The rasterized board image, before encoding.
    pub fn pixmap(&self, image: &BoardImage) -> Result<Pixmap, RenderError> {
        self.rasterize_layers(&image.view.layers(&image.players, image.layout)?)
    }

    /// The board image drawn the plain way (see [`crate::render::Renderer::rasterize_whole`]).
    pub fn pixmap_whole(&self, image: &BoardImage) -> Result<Pixmap, RenderError> {
        self.rasterize_whole(&image.view.layers(&image.players, image.layout)?)
    }

    /// The SVG documents of a board image, bottom layer first, for inspection.
    pub fn svg(&self, image: &BoardImage) -> Result<Vec<String>, RenderError> {
        image
            .view
            .layers(&image.players, image.layout)?
            .iter()
            .map(SvgLayer::svg)
            .collect()
    }
}

/// A file the adapter may attach instead of long text.
#[derive(Debug, Clone, PartialEq, Eq)]
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
#[derive(Debug, Clone, PartialEq, Eq)]
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
    /// A file version of the content (`/log`, `/export`).
    pub attachment: Option<Attachment>,
    /// Buttons that spare typing.
    pub choices: Vec<Choice>,
    /// Set on the announcement of a game's start.
    pub thread: Option<ThreadHint>,
    /// True exactly when the command was refused and nothing changed.
    pub error: bool,
    /// Chat-specific words the adapter adds.
    pub hint: Option<Hint>,
    /// The users this public reply pings (the seats that have just come to act): on Discord
    /// `<@id>` with allowed mentions of exactly these users, on Matrix mention pills and
    /// `m.mentions`, on the console `@name`.
    pub mentions: Vec<User>,
    /// A reminder or digest to one user by direct message: the timer loop merges those going to
    /// one user at one tick into one message.
    pub notice: bool,
}

impl Reply {
    /// A public reply.
    pub fn public(text: impl Into<String>) -> Reply {
        Reply {
            to: None,
            text: text.into(),
            board: None,
            attachment: None,
            choices: Vec::new(),
            thread: None,
            error: false,
            hint: None,
            mentions: Vec::new(),
            notice: false,
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
    pub fn refusal(text: impl Into<String>) -> Reply {
        Reply {
            error: true,
            ..Reply::public(text)
        }
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
