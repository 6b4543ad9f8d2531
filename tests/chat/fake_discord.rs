//! Proves `tests/support/fake_discord` against the real serenity 0.12.5 client (no spieltisch
//! adapter): every gateway frame and REST answer the fake produces must be accepted by
//! serenity's strict models, and what serenity sends must be recorded intact. The modules under
//! `tests/chat/fake_discord/` pin each of Discord's rules the fake enforces.

mod flows;
mod gateway;
mod notifications;
mod permissions;
mod poise_round_trip;
mod ratelimits;
mod requests;

use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::support::fake_discord::{self, FakeDiscord, FakeUser, Recorded};
use poise::serenity_prelude as serenity;
use serde_json::{Value, json};
use serenity::{
    ChannelId, ClientBuilder, Command, CommandDataOptionValue, CommandOptionType, Context,
    CreateActionRow, CreateAttachment, CreateAutocompleteResponse, CreateButton, CreateCommand,
    CreateCommandOption, CreateInteractionResponse, CreateInteractionResponseFollowup,
    CreateInteractionResponseMessage, CreateThread, EditInteractionResponse, EventHandler,
    GatewayIntents, GuildId, HttpBuilder, Message, MessageId, Ready, UserId,
};

const TOKEN: &str = "fake-bot-token.for-tests";

/// A 1×1 PNG; its bytes are not UTF-8, so a mangled multipart body shows.
const PNG: &[u8] = &[
    0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
    0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4,
    0x89, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0x00, 0x01, 0x00, 0x00,
    0x05, 0x00, 0x01, 0x0D, 0x0A, 0x2D, 0xB4, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE,
    0x42, 0x60, 0x82,
];

/// (HTTP status, Discord error code) of a failed serenity call.
fn code(e: serenity::Error) -> (u16, isize) {
    match e {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r)) => {
            (r.status_code.as_u16(), r.error.code)
        }
        other => panic!("expected an HTTP error, got {other:?}"),
    }
}

fn init_tracing() {
    let _ = tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::from_default_env())
        .with_test_writer()
        .try_init();
}

fn http(fake: &FakeDiscord, token: &str) -> serenity::Http {
    HttpBuilder::new(token)
        .proxy(fake.proxy_url())
        .ratelimiter_disabled(true)
        .build()
}

/// Plain HTTP with serenity's limiter off, knowing the application id (for commands).
fn api(fake: &FakeDiscord) -> serenity::Http {
    HttpBuilder::new(TOKEN)
        .proxy(fake.proxy_url())
        .ratelimiter_disabled(true)
        .application_id(FakeDiscord::APP_ID.into())
        .build()
}

/// The fake over TLS as discord.com, with serenity's rate limiter on, as the bot talks to it.
fn tls_api(fake: &FakeDiscord) -> serenity::Http {
    let addr: std::net::SocketAddr = fake.api_address().parse().expect("an address");
    let pem = std::fs::read(fake.ca_file()).expect("the CA file");
    let client = reqwest::Client::builder()
        .resolve("discord.com", addr)
        .add_root_certificate(reqwest::Certificate::from_pem(&pem).expect("a PEM"))
        .build()
        .expect("a client");
    HttpBuilder::new(TOKEN)
        .client(client)
        .application_id(FakeDiscord::APP_ID.into())
        .build()
}

/// A serenity client that only holds the gateway session and its cache; the test itself
/// answers interactions and sends messages.
async fn quiet_client(
    fake: &FakeDiscord,
    intents: GatewayIntents,
) -> (Arc<serenity::Cache>, Arc<serenity::ShardManager>) {
    let client = ClientBuilder::new_with_http(http(fake, TOKEN), intents)
        .await
        .expect("client builds");
    let (cache, manager) = (client.cache.clone(), client.shard_manager.clone());
    let mut client = client;
    tokio::spawn(async move {
        let _ = client.start().await;
    });
    assert!(fake.wait_ready().await, "the client identified");
    (cache, manager)
}

/// Registers `/ping` globally (for interactions driven by the test).
async fn register_ping(fake: &FakeDiscord) {
    let ping = CreateCommand::new("ping").description("Antwortet");
    Command::set_global_commands(&api(fake), vec![ping])
        .await
        .expect("registered");
}

fn alice() -> FakeUser {
    FakeUser::new(2_000_000_000_000_000_001, "alice")
}

fn bob() -> FakeUser {
    FakeUser::moderator(2_000_000_000_000_000_002, "bob")
}

/// A tiny bot written directly against serenity; every failed REST call lands in `errors`.
struct Handler {
    errors: Arc<Mutex<Vec<String>>>,
}

impl Handler {
    fn check<T, E: std::fmt::Debug>(&self, what: &str, r: Result<T, E>) -> Option<T> {
        r.map_err(|e| self.errors.lock().unwrap().push(format!("{what}: {e:?}")))
            .ok()
    }
}

#[serenity::async_trait]
impl EventHandler for Handler {
    async fn ready(&self, ctx: Context, _ready: Ready) {
        let commands = vec![
            CreateCommand::new("brett")
                .description("Zeigt ein Brett")
                .add_option(
                    CreateCommandOption::new(CommandOptionType::String, "spiel", "Welches Spiel")
                        .required(true)
                        .set_autocomplete(true),
                ),
            CreateCommand::new("ping").description("Antwortet nach einer Pause"),
        ];
        self.check(
            "register commands",
            Command::set_global_commands(&ctx.http, commands).await,
        );
    }

    async fn interaction_create(&self, ctx: Context, interaction: serenity::Interaction) {
        match interaction {
            serenity::Interaction::Autocomplete(ac) => {
                let response = CreateAutocompleteResponse::new()
                    .add_string_choice("Dvonn", "dvonn")
                    .add_string_choice("Zertz", "zertz");
                self.check(
                    "autocomplete",
                    ac.create_response(
                        &ctx.http,
                        CreateInteractionResponse::Autocomplete(response),
                    )
                    .await,
                );
            }
            serenity::Interaction::Command(cmd) if cmd.data.name == "brett" => {
                let spiel = match cmd.data.options.first().map(|o| &o.value) {
                    Some(CommandDataOptionValue::String(s)) => s.clone(),
                    other => format!("{other:?}"),
                };
                let perms = cmd
                    .member
                    .as_ref()
                    .and_then(|m| m.permissions)
                    .unwrap_or_default();
                let message = CreateInteractionResponseMessage::new()
                    .content(format!(
                        "Brett: {spiel} für {} (manage_messages={})",
                        cmd.user.name,
                        perms.manage_messages()
                    ))
                    .add_file(CreateAttachment::bytes(PNG.to_vec(), "brett.png"))
                    .components(vec![CreateActionRow::Buttons(vec![
                        CreateButton::new("zug:1").label("Zug"),
                    ])])
                    .ephemeral(true);
                self.check(
                    "brett response",
                    cmd.create_response(&ctx.http, CreateInteractionResponse::Message(message))
                        .await,
                );
            }
            serenity::Interaction::Command(cmd) => {
                let defer =
                    CreateInteractionResponse::Defer(CreateInteractionResponseMessage::new());
                self.check("defer", cmd.create_response(&ctx.http, defer).await);
                self.check(
                    "edit original",
                    cmd.edit_response(&ctx.http, EditInteractionResponse::new().content("pong"))
                        .await,
                );
                let followup = CreateInteractionResponseFollowup::new()
                    .content("nur für dich")
                    .ephemeral(true);
                self.check("follow-up", cmd.create_followup(&ctx.http, followup).await);
            }
            serenity::Interaction::Component(c) => {
                let update = CreateInteractionResponseMessage::new()
                    .content(format!("{} zog ({})", c.user.name, c.data.custom_id))
                    .components(vec![]);
                self.check(
                    "component update",
                    c.create_response(&ctx.http, CreateInteractionResponse::UpdateMessage(update))
                        .await,
                );
            }
            other => self
                .errors
                .lock()
                .unwrap()
                .push(format!("unexpected interaction {other:?}")),
        }
    }

    async fn message(&self, ctx: Context, msg: Message) {
        if msg.author.bot || !msg.content.starts_with('!') {
            return;
        }
        if msg.content == "!faden" {
            let thread = msg
                .channel_id
                .create_thread_from_message(&ctx.http, msg.id, CreateThread::new("Partie"))
                .await;
            if let Some(thread) = self.check("thread", thread) {
                self.check("say in thread", thread.id.say(&ctx.http, "im Faden").await);
            }
            return;
        }
        if msg.content == "!wahl" {
            let options = vec![
                serenity::CreateSelectMenuOption::new("Dvonn", "dvonn"),
                serenity::CreateSelectMenuOption::new("Zertz", "zertz"),
            ];
            let menu = serenity::CreateSelectMenu::new(
                "spielwahl",
                serenity::CreateSelectMenuKind::String { options },
            );
            let message = serenity::CreateMessage::new()
                .content("Welches Spiel?")
                .components(vec![CreateActionRow::SelectMenu(menu)]);
            self.check(
                "menu",
                msg.channel_id.send_message(&ctx.http, message).await,
            );
            return;
        }
        // What poise's prefix permission checks use: the cached guild, channel, roles and member.
        let perms = msg.author_permissions(&ctx.cache);
        let text = format!(
            "pong {} manage_messages={:?}",
            msg.author.name,
            perms.map(|p| p.manage_messages())
        );
        self.check("reply", msg.channel_id.say(&ctx.http, text).await);
    }
}

fn assert_serenity_accepts_gateway_frames(fake: &FakeDiscord) {
    let frames = fake.gateway_sent();
    assert!(!frames.is_empty());
    for frame in frames {
        if let Err(e) = serde_json::from_value::<serenity::GatewayEvent>(frame.clone()) {
            panic!("serenity rejects a frame of the fake: {e}\n{frame:#}");
        }
    }
}

async fn start_client(
    fake: &FakeDiscord,
    errors: Arc<Mutex<Vec<String>>>,
    intents: GatewayIntents,
) -> (Arc<serenity::ShardManager>, tokio::task::JoinHandle<()>) {
    let mut client = ClientBuilder::new_with_http(http(fake, TOKEN), intents)
        .event_handler(Handler { errors })
        .await
        .expect("client builds");
    let manager = client.shard_manager.clone();
    let task = tokio::spawn(async move {
        if let Err(e) = client.start().await {
            panic!("client stopped: {e:?}");
        }
    });
    (manager, task)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn real_serenity_client_round_trip() {
    init_tracing();
    let fake = FakeDiscord::start(TOKEN).await;
    let errors = Arc::new(Mutex::new(Vec::new()));
    let intents =
        GatewayIntents::GUILDS | GatewayIntents::GUILD_MESSAGES | GatewayIntents::MESSAGE_CONTENT;
    let (manager, _task) = start_client(&fake, errors.clone(), intents).await;

    assert!(fake.wait_ready().await, "the client identified");
    let identify = fake.identify_payload().expect("IDENTIFY");
    assert_eq!(identify["token"], format!("Bot {TOKEN}"));
    assert_eq!(identify["shard"], json!([0, 1]));
    let expected = (1 << 0) | (1 << 9) | (1 << 15);
    assert_eq!(fake.intents(), Some(expected));

    let registered = fake.registered_commands().await;
    let names: Vec<&str> = registered
        .iter()
        .filter_map(|c| c["name"].as_str())
        .collect();
    assert_eq!(names, ["brett", "ping"]);
    assert_eq!(registered[0]["options"][0]["autocomplete"], true);

    // Autocomplete (type 4) → type-8 callback with two choices.
    let choices = fake
        .autocomplete(
            &alice(),
            FakeDiscord::CHANNEL_ID,
            "brett",
            json!([{"name": "spiel", "value": "dv", "focused": true}]),
        )
        .await;
    assert_eq!(
        choices,
        vec![
            json!({"name": "Dvonn", "value": "dvonn"}),
            json!({"name": "Zertz", "value": "zertz"})
        ]
    );

    // A command (type 2) → ephemeral message with a file and a button, multipart intact.
    let ix = fake
        .slash(
            &bob(),
            FakeDiscord::CHANNEL_ID,
            "brett",
            json!([{"name": "spiel", "value": "dvonn"}]),
        )
        .await;
    let cb = ix.callback(&fake).await;
    assert_eq!(cb.callback_type(), 4);
    assert!(
        fake_discord::Interaction::ephemeral(&cb),
        "flags 64: {}",
        cb.json
    );
    assert_eq!(cb.json["data"]["flags"], 64);
    assert_eq!(
        cb.json["data"]["content"],
        "Brett: dvonn für bob (manage_messages=true)"
    );
    assert_eq!(cb.files, vec![("brett.png".to_owned(), PNG.to_vec())]);
    assert_eq!(cb.json["data"]["attachments"][0]["filename"], "brett.png");
    assert!(cb.since_dispatch.expect("timed") < Duration::from_secs(3));
    let board_id = cb.message_id.expect("the response created a message");
    // Discord accepts one callback per interaction.
    let again = http(&fake, TOKEN)
        .create_interaction_response(
            serenity::InteractionId::new(ix.id),
            &ix.token,
            &json!({"type": 4, "data": {"content": "nochmal"}}),
            vec![],
        )
        .await
        .unwrap_err();
    assert_eq!(code(again), (400, 40060));
    let stored = fake.stored_message(board_id).expect("stored");
    assert!(stored.ephemeral);
    assert_eq!(stored.files, vec![("brett.png".to_owned(), PNG.to_vec())]);
    assert_eq!(stored.json["attachments"][0]["width"], 1);
    assert_eq!(stored.json["attachments"][0]["content_type"], "image/png");

    // A button on that message (type 3) → type-7 update.
    let click = fake
        .click(&alice(), FakeDiscord::CHANNEL_ID, board_id, "zug:1")
        .await;
    let cb = click.callback(&fake).await;
    assert_eq!(cb.callback_type(), 7);
    assert_eq!(cb.message_id, Some(board_id));
    let stored = fake.stored_message(board_id).expect("stored");
    assert_eq!(stored.json["content"], "alice zog (zug:1)");
    assert_eq!(stored.json["components"], json!([]));
    // serenity's CreateInteractionResponseMessage always sends `"attachments": []`, which on
    // Discord drops the existing attachments of an updated message.
    assert_eq!(cb.json["data"]["attachments"], json!([]));
    assert!(stored.files.is_empty() && stored.json["attachments"] == json!([]));

    // Defer, edit @original, then a follow-up.
    let ix = fake
        .slash(&alice(), FakeDiscord::CHANNEL_ID, "ping", Value::Null)
        .await;
    assert_eq!(ix.callback(&fake).await.callback_type(), 5);
    let followups = ix.followups(&fake, 2).await;
    let routes: Vec<&str> = followups.iter().map(|r| r.route).collect();
    assert_eq!(routes, ["edit_original", "create_followup"]);
    assert_eq!(followups[0].json["content"], "pong");
    assert!(followups[1].ephemeral());
    assert_ne!(followups[0].message_id, followups[1].message_id);

    // MESSAGE_CREATE → the bot answers in the channel; its cache knows guild, roles and member.
    fake.message(&bob(), FakeDiscord::CHANNEL_ID, "!ping").await;
    let posted = fake.channel_messages(FakeDiscord::CHANNEL_ID, 1).await;
    assert_eq!(
        posted[0].json["content"],
        "pong bob manage_messages=Some(true)"
    );
    fake.message(&alice(), FakeDiscord::CHANNEL_ID, "!ping")
        .await;
    let posted = fake.channel_messages(FakeDiscord::CHANNEL_ID, 2).await;
    assert_eq!(
        posted[1].json["content"],
        "pong alice manage_messages=Some(false)"
    );

    // RECONNECT → the client resumes; an interaction sent meanwhile is replayed.
    fake.request_reconnect();
    let ix = fake
        .slash(&alice(), FakeDiscord::CHANNEL_ID, "ping", Value::Null)
        .await;
    ix.followups(&fake, 2).await;
    assert_eq!(fake.sessions(), (1, 1), "one IDENTIFY, one RESUME");

    assert_eq!(*errors.lock().unwrap(), Vec::<String>::new());
    assert!(
        fake.unexpected_requests().is_empty(),
        "{:#?}",
        fake.unexpected_requests()
    );
    assert_serenity_accepts_gateway_frames(&fake);
    manager.shutdown_all().await;
}

/// DMs, threads and select menus: payload shapes the main round trip doesn't produce.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn dm_thread_and_select_shapes() {
    init_tracing();
    let fake = FakeDiscord::start(TOKEN).await;
    let errors = Arc::new(Mutex::new(Vec::new()));
    let intents = GatewayIntents::GUILDS
        | GatewayIntents::GUILD_MESSAGES
        | GatewayIntents::DIRECT_MESSAGES
        | GatewayIntents::MESSAGE_CONTENT;
    let (manager, _task) = start_client(&fake, errors.clone(), intents).await;
    fake.registered_commands().await;
    let alice = alice();

    // A DM: the interaction carries `user` instead of `member`; MESSAGE_CREATE has no guild.
    let dm = fake.dm_channel(&alice);
    let ix = fake.slash(&alice, dm, "ping", Value::Null).await;
    assert_eq!(ix.followups(&fake, 2).await[0].channel_id, Some(dm));
    fake.message(&alice, dm, "!ping").await;
    assert_eq!(
        fake.channel_messages(dm, 1).await[0].json["content"],
        "pong alice manage_messages=Some(false)"
    );

    // A thread started from a user's message (THREAD_CREATE), then a command inside it.
    let started = fake
        .message(&alice, FakeDiscord::CHANNEL_ID, "!faden")
        .await;
    let created = fake
        .wait_requests("the thread", 1, |r| r.route == "create_thread_from_message")
        .await;
    assert_eq!(created[0].response["id"], started.to_string());
    assert_eq!(created[0].response["type"], 11);
    assert_eq!(
        fake.channel_messages(started, 1).await[0].json["content"],
        "im Faden"
    );
    let ix = fake.slash(&alice, started, "ping", Value::Null).await;
    assert_eq!(ix.followups(&fake, 2).await[0].channel_id, Some(started));

    // A string select on a channel message.
    fake.message(&alice, FakeDiscord::OTHER_CHANNEL_ID, "!wahl")
        .await;
    let menu = fake
        .channel_messages(FakeDiscord::OTHER_CHANNEL_ID, 1)
        .await;
    let menu_id = menu[0].message_id.unwrap();
    let ix = fake
        .select(
            &alice,
            FakeDiscord::OTHER_CHANNEL_ID,
            menu_id,
            "spielwahl",
            &["zertz"],
        )
        .await;
    assert_eq!(ix.callback(&fake).await.callback_type(), 7);
    assert_eq!(
        fake.stored_message(menu_id).unwrap().json["content"],
        "alice zog (spielwahl)"
    );

    assert_eq!(*errors.lock().unwrap(), Vec::<String>::new());
    assert!(fake.requests().iter().all(Recorded::ok));
    let sent: Vec<String> = fake
        .gateway_sent()
        .iter()
        .filter_map(|f| f["t"].as_str().map(str::to_owned))
        .collect();
    for t in ["THREAD_CREATE", "MESSAGE_CREATE", "INTERACTION_CREATE"] {
        assert!(sent.iter().any(|s| s == t), "{t} in {sent:?}");
    }
    assert_serenity_accepts_gateway_frames(&fake);
    manager.shutdown_all().await;
}

/// Every REST answer the fake gives deserializes into serenity's models, and what Discord
/// rejects the fake rejects with Discord's codes.
#[tokio::test]
async fn rest_answers_fit_serenity_models() {
    init_tracing();
    let fake = FakeDiscord::start(TOKEN).await;
    let http = HttpBuilder::new(TOKEN)
        .proxy(fake.proxy_url())
        .ratelimiter_disabled(true)
        .application_id(FakeDiscord::APP_ID.into())
        .build();
    let channel = ChannelId::new(FakeDiscord::CHANNEL_ID);
    let guild = GuildId::new(FakeDiscord::GUILD_ID);

    assert_eq!(http.get_gateway().await.unwrap().url, fake.gateway_url());
    assert_eq!(http.get_bot_gateway().await.unwrap().shards, 1);
    assert_eq!(
        http.get_current_user().await.unwrap().id,
        UserId::new(FakeDiscord::BOT_ID)
    );
    let app = http.get_current_application_info().await.unwrap();
    assert_eq!(app.owner.unwrap().id, UserId::new(FakeDiscord::OWNER_ID));

    let commands = vec![CreateCommand::new("brett").description("Zeigt ein Brett")];
    let created = Command::set_global_commands(&http, commands.clone())
        .await
        .unwrap();
    let again = guild.set_commands(&http, commands.clone()).await.unwrap();
    assert_eq!(again[0].guild_id, Some(guild));
    let same = Command::set_global_commands(&http, commands).await.unwrap();
    assert_eq!(created[0].id, same[0].id, "a bulk overwrite keeps ids");

    let msg = channel
        .send_message(
            &http,
            serenity::CreateMessage::new()
                .content("Brett")
                .add_file(CreateAttachment::bytes(PNG.to_vec(), "b.png")),
        )
        .await
        .unwrap();
    assert_eq!(msg.attachments[0].filename, "b.png");
    assert_eq!(msg.attachments[0].width, Some(1));
    let edited = channel
        .edit_message(
            &http,
            msg.id,
            serenity::EditMessage::new().content("Brett 2"),
        )
        .await
        .unwrap();
    assert_eq!(edited.attachments.len(), 1);
    assert!(edited.edited_timestamp.is_some());
    assert_eq!(
        channel.message(&http, msg.id).await.unwrap().content,
        "Brett 2"
    );

    let thread = channel
        .create_thread(
            &http,
            CreateThread::new("Partie 1").kind(serenity::ChannelType::PublicThread),
        )
        .await
        .unwrap();
    assert_eq!(thread.parent_id, Some(channel));
    assert_eq!(thread.kind, serenity::ChannelType::PublicThread);
    let from_msg = channel
        .create_thread_from_message(&http, msg.id, CreateThread::new("Partie 2"))
        .await
        .unwrap();
    assert_eq!(
        from_msg.id.get(),
        msg.id.get(),
        "a message thread has the message's id"
    );
    thread.id.say(&http, "im Faden").await.unwrap();
    assert!(http.get_channel(thread.id).await.unwrap().guild().is_some());

    fake.add_user(&alice());
    let dm = UserId::new(alice().id)
        .create_dm_channel(&http)
        .await
        .unwrap();
    assert_eq!(dm.recipient.id, UserId::new(alice().id));
    assert_eq!(dm.id.get(), fake.dm_channel(&alice()));
    let member = guild.member(&http, UserId::new(alice().id)).await.unwrap();
    assert_eq!(member.user.name, "alice");
    assert_eq!(guild.roles(&http).await.unwrap().len(), 4);

    // Discord's refusals, with Discord's codes.
    let empty = http
        .send_message(channel, vec![], &json!({"content": ""}))
        .await
        .unwrap_err();
    assert_eq!(code(empty), (400, 50006));
    let long = http
        .send_message(channel, vec![], &json!({"content": "x".repeat(2001)}))
        .await
        .unwrap_err();
    assert_eq!(code(long), (400, 50035));
    let buttons: Vec<Value> = (0..6)
        .map(|i| json!({"type": 2, "style": 1, "label": "x", "custom_id": format!("b{i}")}))
        .collect();
    let wide = http
        .send_message(
            channel,
            vec![],
            &json!({"content": "x", "components": [{"type": 1, "components": buttons}]}),
        )
        .await;
    assert_eq!(code(wide.unwrap_err()), (400, 50035));
    let unknown = http
        .get_message(channel, MessageId::new(1))
        .await
        .unwrap_err();
    assert_eq!(code(unknown), (404, 10008));
    let bad_name =
        Command::set_global_commands(&http, vec![CreateCommand::new("Brett").description("x")])
            .await
            .unwrap_err();
    assert_eq!(code(bad_name), (400, 50035));

    // A route the fake doesn't know: 404, recorded.
    let unexpected = http.get_guild(guild).await.unwrap_err();
    assert_eq!(code(unexpected), (404, 0));
    let unexpected: Vec<String> = fake
        .unexpected_requests()
        .iter()
        .map(|r| format!("{} {}", r.method, r.path))
        .collect();
    assert_eq!(
        unexpected,
        [format!("GET /api/v10/guilds/{}", FakeDiscord::GUILD_ID)]
    );

    // A wrong token: Discord's 401.
    let wrong = http_with_token(&fake, "wrong-token")
        .get_current_user()
        .await
        .unwrap_err();
    assert_eq!(code(wrong), (401, 0));
    let last: Recorded = fake.requests().pop().unwrap();
    assert_eq!((last.status, last.route), (401, "unauthorized"));
    assert_eq!(
        last.response,
        json!({"message": "401: Unauthorized", "code": 0})
    );
}

fn http_with_token(fake: &FakeDiscord, token: &str) -> serenity::Http {
    http(fake, token)
}

/// With a wrong token, serenity's client must fail to start instead of retrying forever.
#[tokio::test]
async fn wrong_token_makes_the_client_fail() {
    init_tracing();
    let fake = FakeDiscord::start(TOKEN).await;
    let intents = GatewayIntents::GUILDS;

    // `start`: GET /gateway needs no token; IDENTIFY is closed with 4004.
    let mut client = ClientBuilder::new_with_http(http(&fake, "wrong-token"), intents)
        .await
        .unwrap();
    let result = tokio::time::timeout(Duration::from_secs(10), client.start())
        .await
        .expect("start() must not hang");
    let err = result.expect_err("a wrong token must not start");
    assert!(
        matches!(
            err,
            serenity::Error::Gateway(serenity::GatewayError::InvalidAuthentication)
        ),
        "{err:?}"
    );
    assert!(
        fake.identify_payload().is_none(),
        "the fake never accepted the IDENTIFY"
    );
    assert!(fake.gateway_received().iter().any(|f| f["op"] == 2));

    // `start_autosharded`: GET /gateway/bot answers 401.
    let mut client = ClientBuilder::new_with_http(http(&fake, "wrong-token"), intents)
        .await
        .unwrap();
    let result = tokio::time::timeout(Duration::from_secs(10), client.start_autosharded())
        .await
        .expect("must not hang");
    let err = result.expect_err("a wrong token must not start");
    assert!(format!("{err:?}").contains("401"), "{err:?}");
    assert!(
        fake.requests()
            .iter()
            .any(|r| r.route == "unauthorized" && r.path.ends_with("/gateway/bot"))
    );
}
