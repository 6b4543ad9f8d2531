//! The same fake under poise, the framework the adapter uses.

use poise::serenity_prelude as serenity;
use serde_json::{Value, json};
use serenity::{ClientBuilder, CreateAttachment, GatewayIntents, GuildId};

use super::{PNG, TOKEN, alice, assert_serenity_accepts_gateway_frames, bob, http, init_tracing};
use crate::support::fake_discord::{FakeDiscord, Recorded};

type PoiseError = Box<dyn std::error::Error + Send + Sync>;
type PoiseCtx<'a> = poise::Context<'a, (), PoiseError>;

async fn complete_game(_ctx: PoiseCtx<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let choices = ["dvonn", "zertz", "yinsh"]
        .into_iter()
        .filter(|g| g.starts_with(partial))
        .map(serenity::AutocompleteChoice::from)
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// Zeigt ein Brett
#[poise::command(slash_command)]
async fn spiel(
    ctx: PoiseCtx<'_>,
    #[description = "Spiel"]
    #[autocomplete = "complete_game"]
    name: String,
    #[description = "Gegner"] gegner: Option<serenity::User>,
) -> Result<(), PoiseError> {
    let gegner = gegner.map_or("niemand".to_owned(), |u| u.name);
    let reply = poise::CreateReply::default()
        .content(format!("{name} gegen {gegner}"))
        .attachment(CreateAttachment::bytes(PNG.to_vec(), "brett.png"))
        .ephemeral(true);
    ctx.send(reply).await?;
    Ok(())
}

/// Räumt auf
#[poise::command(
    slash_command,
    prefix_command,
    required_permissions = "MANAGE_MESSAGES"
)]
async fn aufraeumen(ctx: PoiseCtx<'_>) -> Result<(), PoiseError> {
    ctx.say("aufgeräumt").await?;
    Ok(())
}

/// Tische
#[poise::command(slash_command, subcommands("neu", "eilig"))]
async fn tisch(_ctx: PoiseCtx<'_>) -> Result<(), PoiseError> {
    Ok(())
}

/// Eröffnet einen Tisch
#[poise::command(slash_command)]
async fn neu(
    ctx: PoiseCtx<'_>,
    #[description = "Plätze"] plaetze: Option<i64>,
) -> Result<(), PoiseError> {
    ctx.defer().await?;
    let text = format!("Tisch mit {} Plätzen eröffnet", plaetze.unwrap_or(2));
    // poise's `say` after `defer` would send a follow-up, the deprecated way (see `eilig`):
    // the deferral is completed by editing @original, as Discord documents.
    let poise::Context::Application(app) = ctx else {
        return Err("a slash command".into());
    };
    let edit = serenity::EditInteractionResponse::new().content(text);
    app.interaction
        .edit_response(ctx.serenity_context(), edit)
        .await?;
    Ok(())
}

/// Eröffnet sofort
#[poise::command(slash_command)]
async fn eilig(ctx: PoiseCtx<'_>) -> Result<(), PoiseError> {
    ctx.defer().await?;
    ctx.say("eilig eröffnet").await?;
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn poise_framework_round_trip() {
    init_tracing();
    let fake = FakeDiscord::start(TOKEN).await;
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: vec![spiel(), aufraeumen(), tisch()],
            prefix_options: poise::PrefixFrameworkOptions {
                prefix: Some("!".into()),
                ..Default::default()
            },
            ..Default::default()
        })
        .setup(|ctx, _ready, framework| {
            Box::pin(async move {
                poise::builtins::register_in_guild(
                    ctx,
                    &framework.options().commands,
                    GuildId::new(FakeDiscord::GUILD_ID),
                )
                .await?;
                Ok(())
            })
        })
        .build();
    let intents =
        GatewayIntents::GUILDS | GatewayIntents::GUILD_MESSAGES | GatewayIntents::MESSAGE_CONTENT;
    let mut client = ClientBuilder::new_with_http(http(&fake, TOKEN), intents)
        .framework(framework)
        .await
        .expect("client builds");
    let manager = client.shard_manager.clone();
    tokio::spawn(async move { client.start().await });

    let registered = fake.registered_commands().await;
    let names: Vec<&str> = registered
        .iter()
        .filter_map(|c| c["name"].as_str())
        .collect();
    assert_eq!(names, ["spiel", "aufraeumen", "tisch"]);
    assert!(
        fake.requests().iter().any(|r| r.route == "get_application"),
        "poise's initialize_owners"
    );
    assert!(
        fake.requests()
            .iter()
            .any(|r| r.route == "put_guild_commands")
    );

    let (alice, bob) = (alice(), bob());
    fake.add_user(&bob);
    let choices = fake
        .autocomplete(
            &alice,
            FakeDiscord::CHANNEL_ID,
            "spiel",
            json!([{"name": "name", "value": "dv", "focused": true}]),
        )
        .await;
    assert_eq!(choices, vec![json!({"name": "dvonn", "value": "dvonn"})]);

    let options = json!([{"name": "name", "value": "zertz"}, {"name": "gegner", "value": bob.id.to_string()}]);
    let cb = fake
        .slash(&alice, FakeDiscord::CHANNEL_ID, "spiel", options)
        .await
        .callback(&fake)
        .await;
    assert_eq!((cb.callback_type(), cb.ephemeral()), (4, true));
    assert_eq!(cb.json["data"]["content"], "zertz gegen bob");
    assert_eq!(cb.files, vec![("brett.png".to_owned(), PNG.to_vec())]);

    let ix = fake
        .slash(
            &alice,
            FakeDiscord::CHANNEL_ID,
            "tisch",
            json!([{"name": "neu", "options": [{"name": "plaetze", "value": 3}]}]),
        )
        .await;
    assert_eq!(ix.callback(&fake).await.callback_type(), 5);
    let completed = ix.followups(&fake, 1).await.remove(0);
    assert_eq!(completed.route, "edit_original");
    assert_eq!(completed.json["content"], "Tisch mit 3 Plätzen eröffnet");

    // poise's own `say` after `defer` is a follow-up before the deferral was completed: the
    // deprecated flow, refused.
    let hurried = fake
        .slash(
            &alice,
            FakeDiscord::CHANNEL_ID,
            "tisch",
            json!([{"name": "eilig", "options": []}]),
        )
        .await;
    assert_eq!(hurried.callback(&fake).await.callback_type(), 5);
    let refused = fake
        .wait_requests("poise's follow-up", 1, |r| {
            r.route == "create_followup" && r.interaction_id == Some(hurried.id)
        })
        .await
        .remove(0);
    assert_eq!((refused.status, refused.error_code()), (400, Some(0)));
    assert!(
        refused.response["message"]
            .as_str()
            .unwrap()
            .contains("@original"),
        "{}",
        refused.response
    );

    // Permissions agree between the interaction's member and poise's cache-based prefix check.
    let denied = fake
        .slash(&alice, FakeDiscord::CHANNEL_ID, "aufraeumen", Value::Null)
        .await
        .callback(&fake)
        .await;
    assert!(
        denied.json["data"]["content"]
            .as_str()
            .unwrap()
            .contains("lacking permissions"),
        "{}",
        denied.json
    );
    let allowed = fake
        .slash(&bob, FakeDiscord::CHANNEL_ID, "aufraeumen", Value::Null)
        .await
        .callback(&fake)
        .await;
    assert_eq!(allowed.json["data"]["content"], "aufgeräumt");
    fake.message(&alice, FakeDiscord::OTHER_CHANNEL_ID, "!aufraeumen")
        .await;
    let posted = fake
        .channel_messages(FakeDiscord::OTHER_CHANNEL_ID, 1)
        .await;
    assert!(
        posted[0].json["content"]
            .as_str()
            .unwrap()
            .contains("lacking permissions"),
        "{}",
        posted[0].json
    );
    fake.message(&bob, FakeDiscord::OTHER_CHANNEL_ID, "!aufraeumen")
        .await;
    let posted = fake
        .channel_messages(FakeDiscord::OTHER_CHANNEL_ID, 2)
        .await;
    assert_eq!(posted[1].json["content"], "aufgeräumt");

    assert!(
        fake.unexpected_requests().is_empty(),
        "{:#?}",
        fake.unexpected_requests()
    );
    let others_ok = |r: &Recorded| r.ok() || r.interaction_id == Some(hurried.id);
    assert!(
        fake.requests().iter().all(others_ok),
        "{:#?}",
        fake.requests()
            .iter()
            .filter(|r| !others_ok(r))
            .collect::<Vec<_>>()
    );
    assert_serenity_accepts_gateway_frames(&fake);
    manager.shutdown_all().await;
}
