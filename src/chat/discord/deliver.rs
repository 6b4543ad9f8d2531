//! From the service's replies to Discord messages: interaction responses (ephemeral where
//! private or refused), follow-ups, channel messages, direct messages, board images as
//! attachments inside an embed, buttons for short choices.

use std::sync::Arc;

use poise::serenity_prelude as serenity;
use serenity::builder::Builder;
use serenity::{
    ButtonStyle, ChannelId, CreateActionRow, CreateAllowedMentions, CreateAttachment, CreateButton,
    CreateEmbed, CreateInteractionResponse, CreateInteractionResponseFollowup,
    CreateInteractionResponseMessage, CreateMessage, CreateSelectMenu, CreateSelectMenuKind,
    CreateSelectMenuOption, EditInteractionResponse, Http, InteractionId, UserId,
};

pub use crate::chat::{Outgoing, prepare};
use crate::table::{Choice, Reply};

/// Discord's limit for message content.
const CONTENT_LIMIT: usize = 2000;
/// Discord's limit for an embed description.
const EMBED_LIMIT: usize = 4096;
/// An attachment's description (its alt text): at most this many characters.
const DESCRIPTION_LIMIT: usize = 1024;
/// Buttons per row; options per select menu.
const BUTTONS_PER_ROW: usize = 5;
const MENU_OPTIONS: usize = 25;
/// Embed colour (the board's wood).
const COLOUR: u32 = 0xC8A063;

/// The channel key the table service uses for a Discord channel or thread.
pub fn channel_key(id: ChannelId) -> String {
    format!("discord:{id}")
}

/// The Discord channel of a channel key, if it is one.
pub fn channel_of(key: &str) -> Option<ChannelId> {
    key.strip_prefix("discord:")?
        .parse::<u64>()
        .ok()
        .filter(|id| *id != 0)
        .map(ChannelId::new)
}

/// The user key the table service uses for a Discord user.
pub fn user_key(id: UserId) -> String {
    format!("discord:{id}")
}

/// The Discord user of a user key, if it is one.
pub fn user_of(key: &str) -> Option<UserId> {
    key.strip_prefix("discord:")?
        .parse::<u64>()
        .ok()
        .filter(|id| *id != 0)
        .map(UserId::new)
}

const CUSTOM_ID_PREFIX: &str = "spieltisch";

/// The custom id of a choice's button: `spieltisch|<table>|<command>` (a command too long
/// for it was given a stored key first, see `buttons`).
pub fn custom_id(choice: &Choice) -> String {
    format!("{CUSTOM_ID_PREFIX}|{}|{}", choice.table, choice.command)
}

/// Discord's limit for a custom id and a select option's value.
pub const ID_LIMIT: usize = 100;

/// Whether a choice can be a button or a menu option as it is: never cut, since a cut command
/// is another command (a long one is given a stored key first, see `buttons`).
pub fn fits(choice: &Choice) -> bool {
    custom_id(choice).chars().count() <= ID_LIMIT && choice.command.chars().count() <= ID_LIMIT
}

/// The table and command a button's custom id carries.
pub fn parse_custom_id(id: &str) -> Option<(u64, &str)> {
    let mut parts = id.splitn(3, '|');
    if parts.next()? != CUSTOM_ID_PREFIX {
        return None;
    }
    let table = parts.next()?.parse().ok()?;
    Some((table, parts.next()?))
}

fn cut(text: &str, limit: usize) -> String {
    if text.chars().count() <= limit {
        return text.to_string();
    }
    let mut out: String = text.chars().take(limit - 1).collect();
    out.push('…');
    out
}

/// The pieces every kind of Discord message is made of.
#[derive(Debug, Default)]
pub struct Parts {
    content: Option<String>,
    embed: Option<Embed>,
    files: Vec<CreateAttachment>,
    components: Vec<CreateActionRow>,
    /// The users the message may ping (nobody else, whatever its text holds).
    pings: Vec<UserId>,
}

/// The embed a long text or a board sits in: its text, and the attachment it shows.
#[derive(Debug, Clone)]
struct Embed {
    text: String,
    image: Option<String>,
    /// A line under the text (while the board is being drawn).
    footer: Option<String>,
}

impl Embed {
    fn create(&self) -> CreateEmbed {
        let mut embed = CreateEmbed::new()
            .description(cut(&self.text, EMBED_LIMIT))
            .colour(COLOUR);
        if let Some(url) = &self.image {
            embed = embed.image(url);
        }
        if let Some(footer) = &self.footer {
            embed = embed.footer(serenity::CreateEmbedFooter::new(footer));
        }
        embed
    }
}

/// Lays out one reply: a board goes into an embed with the text; a file goes as an attachment
/// with its caption; text longer than a message goes into an embed.
pub fn parts(out: &Outgoing) -> Parts {
    let reply = &out.reply;
    let mut parts = Parts {
        pings: reply
            .mentions
            .iter()
            .filter_map(|u| user_of(&u.id))
            .collect(),
        ..Parts::default()
    };
    // Mentions ping only from the content, never from an embed.
    let ping: String = parts
        .pings
        .iter()
        .map(|id| format!("<@{id}>"))
        .collect::<Vec<_>>()
        .join(" ");
    let with_ping = |text: &str| match (ping.is_empty(), text.is_empty()) {
        (true, _) => text.to_string(),
        (false, true) => ping.clone(),
        (false, false) => format!("{ping}\n{text}"),
    };
    if let Some(png) = &out.png {
        if !ping.is_empty() {
            parts.content = Some(ping.clone());
        }
        parts.embed = Some(Embed {
            text: reply.text.clone(),
            image: Some(format!("attachment://{}", png.file_name())),
            footer: None,
        });
        let mut file = CreateAttachment::bytes(png.bytes.clone(), png.file_name());
        if !png.description.is_empty() {
            file = file.description(cut(&png.description, DESCRIPTION_LIMIT));
        }
        parts.files.push(file);
    } else if let Some(file) = &reply.attachment {
        parts.content = Some(cut(&with_ping(&file.caption), CONTENT_LIMIT));
        parts.files.push(CreateAttachment::bytes(
            file.content.as_bytes().to_vec(),
            file.filename.clone(),
        ));
    } else if with_ping(&reply.text).chars().count() <= CONTENT_LIMIT {
        parts.content = Some(with_ping(&reply.text));
    } else {
        if !ping.is_empty() {
            parts.content = Some(ping.clone());
        }
        parts.embed = Some(Embed {
            text: reply.text.clone(),
            image: None,
            footer: None,
        });
    }
    parts.components = crate::i18n::scope(reply.lang, || components(&reply.choices));
    parts
}

/// The custom id of a choice menu; the chosen option's value is the command.
const MENU: &str = "menu";

/// Up to five choices as buttons; more (up to 25) as one select menu.
fn components(choices: &[Choice]) -> Vec<CreateActionRow> {
    let choices: Vec<&Choice> = choices.iter().filter(|c| fits(c)).collect();
    let Some(first) = choices.first() else {
        return Vec::new();
    };
    if choices.len() <= BUTTONS_PER_ROW {
        let buttons = choices
            .iter()
            .map(|c| {
                CreateButton::new(custom_id(c))
                    .label(cut(&c.label, 80))
                    .style(ButtonStyle::Primary)
            })
            .collect();
        return vec![CreateActionRow::Buttons(buttons)];
    }
    let options = choices
        .iter()
        .take(MENU_OPTIONS)
        .map(|c| CreateSelectMenuOption::new(cut(&c.label, 100), c.command.clone()))
        .collect();
    let menu_id = custom_id(&Choice {
        label: String::new(),
        command: MENU.into(),
        table: first.table,
    });
    vec![CreateActionRow::SelectMenu(
        CreateSelectMenu::new(menu_id, CreateSelectMenuKind::String { options })
            .placeholder(crate::t!("discord-choose")),
    )]
}

/// The command a button or menu choice carries: the button's own, or the chosen option's.
pub fn chosen_command<'a>(custom_command: &'a str, values: &'a [String]) -> Option<&'a str> {
    if custom_command == MENU {
        values.first().map(String::as_str)
    } else {
        Some(custom_command)
    }
}

/// Player names are user input: a message pings exactly the users it is meant to ping (the
/// seats that have just come to act), never `@everyone`, a role or a name typed into a text.
fn allowed(pings: &[UserId]) -> CreateAllowedMentions {
    CreateAllowedMentions::new().users(pings.iter().copied())
}

/// Fills any of serenity's message builders (they share their method names, not a trait).
macro_rules! fill {
    ($builder:expr, $parts:expr) => {{
        let parts = $parts;
        let mut m = $builder
            .allowed_mentions(allowed(&parts.pings))
            .components(parts.components)
            .files(parts.files);
        if let Some(c) = parts.content {
            m = m.content(c);
        }
        if let Some(e) = parts.embed {
            m = m.embed(e.create());
        }
        m
    }};
}

impl Parts {
    fn response(self, ephemeral: bool) -> CreateInteractionResponseMessage {
        fill!(
            CreateInteractionResponseMessage::new().ephemeral(ephemeral),
            self
        )
    }

    fn followup(self, ephemeral: bool) -> CreateInteractionResponseFollowup {
        fill!(
            CreateInteractionResponseFollowup::new().ephemeral(ephemeral),
            self
        )
    }

    /// As a channel message.
    pub fn message(self) -> CreateMessage {
        fill!(CreateMessage::new(), self)
    }

    /// As the edit that completes a deferral (`@original`). An edit notifies nobody, so its
    /// pings are left out: [`Parts::ping`] sends them as a message of their own.
    fn edit(mut self) -> EditInteractionResponse {
        if let Some(content) = self.content.take() {
            let text = without_ping(&content, &self.pings);
            if !text.is_empty() {
                self.content = Some(text);
            }
        }
        let mut edit = EditInteractionResponse::new()
            .allowed_mentions(allowed(&[]))
            .components(self.components);
        if let Some(c) = self.content {
            edit = edit.content(c);
        }
        if let Some(e) = self.embed {
            edit = edit.embed(e.create());
        }
        for file in self.files {
            edit = edit.new_attachment(file);
        }
        edit
    }

    /// Whether the message shows its text (or its board) in an embed.
    pub fn has_embed(&self) -> bool {
        self.embed.is_some()
    }

    /// Whether the message uploads a file (an image, an export).
    fn has_files(&self) -> bool {
        !self.files.is_empty()
    }

    /// A board in two steps: the message without its image (small, so it meets the deadline,
    /// and a new message, so its pings ring) saying the board is being drawn (`drawing`), and
    /// the edit that adds the image.
    fn text_first(self, drawing: String) -> Option<(Parts, EditInteractionResponse)> {
        let embed = self.embed.clone().filter(|e| e.image.is_some())?;
        let components = self.components.clone();
        let first = Parts {
            embed: Some(Embed {
                image: None,
                footer: Some(drawing),
                ..embed.clone()
            }),
            files: Vec::new(),
            ..self
        };
        // The edit carries the whole message but its content (which it leaves as it is): the
        // image, and the components again, so the finished message is what one send makes.
        let mut image = EditInteractionResponse::new()
            .embed(embed.create())
            .components(components);
        for file in self.files {
            image = image.new_attachment(file);
        }
        Some((first, image))
    }

    /// The users the message is to ping, as a message of their own: a new message is what
    /// notifies a mention. `None` when it pings nobody.
    fn ping(&self, ephemeral: bool) -> Option<CreateInteractionResponseFollowup> {
        if self.pings.is_empty() {
            return None;
        }
        let line = self
            .pings
            .iter()
            .map(|id| format!("<@{id}>"))
            .collect::<Vec<_>>()
            .join(" ");
        Some(
            CreateInteractionResponseFollowup::new()
                .ephemeral(ephemeral)
                .content(line)
                .allowed_mentions(allowed(&self.pings)),
        )
    }
}

/// `content` without its leading line of pings (`<@2> <@5>`), as an edit carries it.
fn without_ping(content: &str, pings: &[UserId]) -> String {
    let line = pings
        .iter()
        .map(|id| format!("<@{id}>"))
        .collect::<Vec<_>>()
        .join(" ");
    if line.is_empty() {
        return content.to_string();
    }
    match content.strip_prefix(&line) {
        Some(rest) => rest.trim_start_matches('\n').to_string(),
        None => content.to_string(),
    }
}

/// The turn of one channel's messages. Discord limits the messages of a channel (a bucket of a
/// few in a few seconds, told in each answer's headers), and serenity's limiter waits for the
/// bucket only for requests that come after the answer that emptied it: messages sent to one
/// channel at once would all go out and draw 429s, each counting toward Discord's ban of
/// 10,000 invalid requests in 10 minutes. So the bot sends one channel's messages one after
/// the other (in the order they were sent) and the limiter sees every answer before the next.
async fn channel_turn(channel: ChannelId) -> tokio::sync::OwnedMutexGuard<()> {
    static TURNS: std::sync::LazyLock<
        std::sync::Mutex<std::collections::HashMap<ChannelId, Arc<tokio::sync::Mutex<()>>>>,
    > = std::sync::LazyLock::new(Default::default);
    let turn = {
        let mut turns = TURNS
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        // Channels nobody waits for are forgotten.
        turns.retain(|_, t| Arc::strong_count(t) > 1);
        turns.entry(channel).or_default().clone()
    };
    turn.lock_owned().await
}

/// Counts a request of the kind `route` to Discord, and its failure, for the operator's
/// metrics; the result as it was.
pub(crate) fn counted<T, E>(route: &'static str, result: Result<T, E>) -> Result<T, E> {
    metrics::counter!(crate::telemetry::DISCORD_REQUESTS, "route" => route).increment(1);
    if result.is_err() {
        metrics::counter!(crate::telemetry::DISCORD_FAILURES, "route" => route).increment(1);
    }
    result
}

/// Sends one message to `channel` in its turn.
pub async fn send(
    http: &Http,
    channel: ChannelId,
    message: CreateMessage,
) -> serenity::Result<serenity::Message> {
    let _turn = channel_turn(channel).await;
    counted("create_message", channel.send_message(http, message).await)
}

/// Posts a reply as a plain channel message (timeouts, `!` commands, thread openings).
pub async fn post(
    http: &Http,
    channel: ChannelId,
    out: &Outgoing,
) -> serenity::Result<serenity::Message> {
    send(http, channel, parts(out).message()).await
}

/// Posts a reply in answer to a user's message.
pub async fn reply_to(
    http: &Http,
    msg: &serenity::Message,
    out: &Outgoing,
) -> serenity::Result<serenity::Message> {
    send(
        http,
        msg.channel_id,
        parts(out).message().reference_message(msg),
    )
    .await
}

/// How the interaction has been answered so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    /// Nothing sent: the next message is the response.
    Fresh,
    /// Deferred ("thinking…"), ephemeral or not: the next message replaces it.
    Deferred { ephemeral: bool },
    /// Answered: further messages are follow-ups.
    Answered,
}

/// Answers one interaction (slash command or button), whatever it carries.
pub struct Responder {
    http: Arc<Http>,
    id: InteractionId,
    token: String,
    channel: ChannelId,
    state: State,
}

impl Responder {
    /// A responder for the interaction `id` with `token` in `channel`.
    pub fn new(http: Arc<Http>, id: InteractionId, token: String, channel: ChannelId) -> Self {
        Responder {
            http,
            id,
            token,
            channel,
            state: State::Fresh,
        }
    }

    /// The HTTP client it answers with.
    pub fn http(&self) -> Arc<Http> {
        self.http.clone()
    }

    /// The channel the interaction came from.
    pub fn channel(&self) -> ChannelId {
        self.channel
    }

    /// Makes sure the interaction is answered: Discord shows an error for an interaction left
    /// without a response, and "thinking…" forever for a deferral never completed. `text` is
    /// the private answer when nothing else answered.
    pub async fn finish(&mut self, text: &str) -> serenity::Result<()> {
        if self.state == State::Answered {
            return Ok(());
        }
        let done = Outgoing {
            reply: Reply::public(text),
            png: None,
        };
        self.send(&done, true).await
    }

    /// Whether the interaction has had its first response (a deferral counts).
    pub fn acknowledged(&self) -> bool {
        self.state != State::Fresh
    }

    /// Defers the response ("thinking…"); the first message later replaces it.
    pub async fn defer(&mut self, ephemeral: bool) -> serenity::Result<()> {
        if self.state != State::Fresh {
            return Ok(());
        }
        let builder = CreateInteractionResponse::Defer(
            CreateInteractionResponseMessage::new().ephemeral(ephemeral),
        );
        counted(
            "interaction_callback",
            builder.execute(&self.http, (self.id, &self.token)).await,
        )?;
        self.state = State::Deferred { ephemeral };
        Ok(())
    }

    /// Sends one reply in answer to the interaction, by the flows Discord documents: the
    /// first response within the deadline (deferred first when it uploads a file, which may
    /// take longer than the deadline allows); a deferral completed by editing `@original`; later
    /// replies as follow-ups. A reply that pings somebody reaches Discord as a new message (the
    /// first response, a follow-up or a channel message), since an edit notifies nobody.
    pub async fn send(&mut self, out: &Outgoing, ephemeral: bool) -> serenity::Result<()> {
        let sent = self.respond(out, ephemeral).await;
        counted("interaction_response", sent)
    }

    /// [`Responder::send`], uncounted.
    async fn respond(&mut self, out: &Outgoing, ephemeral: bool) -> serenity::Result<()> {
        let parts = parts(out);
        if self.state == State::Fresh && parts.has_files() {
            // An upload of up to 8 MiB may not arrive within the deadline. A board goes as its
            // text at once and gets its image by an edit; another file after a deferral.
            let drawing = crate::i18n::scope(out.reply.lang, || crate::t!("discord-drawing"));
            let Some((first, image)) = parts.text_first(drawing) else {
                self.defer(ephemeral).await?;
                return Box::pin(self.respond(out, ephemeral)).await;
            };
            CreateInteractionResponse::Message(first.response(ephemeral))
                .execute(&self.http, (self.id, &self.token))
                .await?;
            self.state = State::Answered;
            image.execute(&self.http, &self.token).await?;
            return Ok(());
        }
        match self.state {
            State::Fresh => {
                CreateInteractionResponse::Message(parts.response(ephemeral))
                    .execute(&self.http, (self.id, &self.token))
                    .await?;
            }
            // The deferral's own visibility: its `@original` becomes the reply.
            State::Deferred {
                ephemeral: deferred,
            } if deferred == ephemeral => {
                let ping = parts.ping(ephemeral);
                parts.edit().execute(&self.http, &self.token).await?;
                self.state = State::Answered;
                if let Some(ping) = ping {
                    ping.execute(&self.http, (None, &self.token)).await?;
                }
                return Ok(());
            }
            State::Deferred { ephemeral: false } => {
                // A private answer after a public "thinking…": that is completed in a word,
                // and the answer follows privately.
                let note = Outgoing {
                    reply: crate::i18n::scope(out.reply.lang, || {
                        Reply::public(crate::t!("discord-answered-privately"))
                    }),
                    png: None,
                };
                self::parts(&note)
                    .edit()
                    .execute(&self.http, &self.token)
                    .await?;
                self.state = State::Answered;
                parts
                    .followup(true)
                    .execute(&self.http, (None, &self.token))
                    .await?;
            }
            State::Deferred { ephemeral: true } => {
                // A public announcement after a private "thinking…" goes to the channel; the
                // private "thinking…" is completed by the next private reply or by `finish`.
                send(&self.http, self.channel, parts.message()).await?;
                return Ok(());
            }
            State::Answered => {
                parts
                    .followup(ephemeral)
                    .execute(&self.http, (None, &self.token))
                    .await?;
            }
        }
        self.state = State::Answered;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn custom_ids_round_trip_and_reject_strangers() {
        let c = Choice {
            label: "Start".into(),
            command: "/start".into(),
            table: 42,
        };
        let id = custom_id(&c);
        assert_eq!(parse_custom_id(&id), Some((42, "/start")));
        assert_eq!(parse_custom_id("other|1|/start"), None);
        assert_eq!(parse_custom_id("spieltisch|x|/start"), None);
        assert_eq!(parse_custom_id("spieltisch|7"), None);
    }

    #[test]
    fn few_choices_are_buttons_more_a_menu_whose_value_is_the_command() {
        let choice = |n: usize| Choice {
            label: format!("{n}r"),
            command: format!("/move {n}r"),
            table: 3,
        };
        let few: Vec<Choice> = (1..=5).map(choice).collect();
        let rows = serde_json::to_value(components(&few)).unwrap();
        assert_eq!(rows[0]["components"].as_array().map(Vec::len), Some(5));
        assert_eq!(rows[0]["components"][0]["type"], 2, "buttons");
        let many: Vec<Choice> = (1..=18).map(choice).collect();
        let rows = serde_json::to_value(components(&many)).unwrap();
        let menu = &rows[0]["components"][0];
        assert_eq!(menu["type"], 3, "a string select");
        assert_eq!(menu["options"].as_array().map(Vec::len), Some(18));
        assert_eq!(menu["options"][6]["value"], "/move 7r");
        let (table, command) = parse_custom_id(menu["custom_id"].as_str().unwrap()).unwrap();
        assert_eq!(table, 3);
        assert_eq!(
            chosen_command(command, &["/move 7r".into()]),
            Some("/move 7r")
        );
        assert_eq!(chosen_command(command, &[]), None);
        assert_eq!(chosen_command("/start", &[]), Some("/start"));
        assert!(components(&[]).is_empty());
    }

    #[test]
    fn keys_round_trip() {
        let ch = ChannelId::new(123);
        assert_eq!(channel_of(&channel_key(ch)), Some(ch));
        assert_eq!(channel_of("#local"), None);
        assert_eq!(channel_of("discord:0"), None);
        assert_eq!(user_of(&user_key(UserId::new(9))), Some(UserId::new(9)));
    }

    #[test]
    fn a_reply_pings_exactly_its_mentions_from_the_content() {
        use crate::table::User;
        let user = |id: u64, name: &str| User {
            id: format!("discord:{id}"),
            name: name.into(),
        };
        let mut reply = Reply::public("@everyone <@3> bob (Black) to move.");
        reply.mentions = vec![user(2, "bob"), user(5, "carol"), User::named("console")];
        let message = |reply: &Reply| {
            let out = Outgoing {
                reply: reply.clone(),
                png: None,
            };
            serde_json::to_value(parts(&out).message()).unwrap()
        };
        let m = message(&reply);
        assert_eq!(
            m["content"],
            "<@2> <@5>\n@everyone <@3> bob (Black) to move."
        );
        assert_eq!(m["allowed_mentions"]["parse"], serde_json::json!([]));
        assert_eq!(
            m["allowed_mentions"]["users"],
            serde_json::json!(["2", "5"])
        );
        // Text too long for the content goes into an embed; the ping stays in the content.
        reply.text = "x".repeat(CONTENT_LIMIT);
        let m = message(&reply);
        assert_eq!(m["content"], "<@2> <@5>");
        assert!(m["embeds"][0]["description"].is_string());
        // Without mentions, nothing may ping.
        reply.mentions.clear();
        let m = message(&reply);
        assert_eq!(m["allowed_mentions"]["users"], serde_json::json!([]));
        assert_eq!(m["allowed_mentions"]["parse"], serde_json::json!([]));
    }

    #[test]
    fn long_text_is_cut_at_a_character() {
        let long = "ä".repeat(3000);
        let c = cut(&long, CONTENT_LIMIT);
        assert_eq!(c.chars().count(), CONTENT_LIMIT);
        assert!(c.ends_with('…'));
    }
}
