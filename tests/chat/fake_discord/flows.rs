//! Only documented flows: a deferral completed by PATCH `@original` (the deprecated follow-up
//! way refused, deleting the "thinking…" refused with 10008), ephemerality kept; registration
//! as deployed (the Entry Point command of an app with Activities, 50240); the 3-second
//! deadline measured when the response's body has arrived.

use std::time::Duration;

use poise::serenity_prelude as serenity;
use serde_json::{Value, json};
use serenity::{
    Command, CommandType, CreateAttachment, CreateCommand, EntryPointHandlerType, GatewayIntents,
    GuildId, InteractionId,
};

use super::{PNG, TOKEN, alice, api, code, init_tracing, quiet_client, register_ping};
use crate::support::fake_discord::FakeDiscord;

const CHANNEL: u64 = FakeDiscord::CHANNEL_ID;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deferral_is_completed_by_editing_original() {
    init_tracing();
    let fake = FakeDiscord::start(TOKEN).await;
    let (_cache, manager) = quiet_client(&fake, GatewayIntents::GUILDS).await;
    register_ping(&fake).await;
    let api = api(&fake);
    let alice = alice();
    let defer = |ix: &crate::support::fake_discord::Interaction, body: Value| {
        let api = &api;
        let (id, token) = (InteractionId::new(ix.id), ix.token.clone());
        async move {
            api.create_interaction_response(id, &token, &body, vec![])
                .await
        }
    };

    let ix = fake.slash(&alice, CHANNEL, "ping", json!([])).await;
    defer(&ix, json!({"type": 5})).await.unwrap();
    // The deprecated way: a follow-up completing the deferral. Refused, naming the rule.
    let e = api
        .create_followup_message(&ix.token, &json!({"content": "fertig"}), vec![])
        .await
        .unwrap_err();
    assert_eq!(code(e), (400, 0));
    let refused = fake.requests().pop().unwrap();
    assert!(
        refused.response["message"]
            .as_str()
            .unwrap()
            .contains("PATCH /webhooks/{app}/{token}/messages/@original"),
        "{}",
        refused.response
    );
    // Deleting the "thinking…": Unknown Message.
    let e = api
        .delete_original_interaction_response(&ix.token)
        .await
        .unwrap_err();
    assert_eq!(code(e), (404, 10008));
    // The documented way.
    let done = api
        .edit_original_interaction_response(&ix.token, &json!({"content": "fertig"}), vec![])
        .await
        .unwrap();
    assert_eq!(done.content, "fertig");
    assert!(done.edited_timestamp.is_none(), "completing is no edit");
    let later = api
        .create_followup_message(&ix.token, &json!({"content": "noch was"}), vec![])
        .await
        .unwrap();
    assert_ne!(
        later.id, done.id,
        "a follow-up after completion is a new message"
    );
    api.delete_original_interaction_response(&ix.token)
        .await
        .unwrap();

    // An ephemeral deferral stays ephemeral, whatever the edit says.
    let ix = fake.slash(&alice, CHANNEL, "ping", json!([])).await;
    defer(&ix, json!({"type": 5, "data": {"flags": 64}}))
        .await
        .unwrap();
    let done = api
        .edit_original_interaction_response(
            &ix.token,
            &json!({"content": "nur für dich", "flags": 0}),
            vec![CreateAttachment::bytes(PNG.to_vec(), "brett.png")],
        )
        .await
        .unwrap();
    let stored = fake.stored_message(done.id.get()).unwrap();
    assert!(stored.ephemeral);
    assert_eq!(stored.json["flags"], 64);
    assert_eq!(stored.json["attachments"][0]["ephemeral"], true);
    manager.shutdown_all().await;
}

#[tokio::test]
async fn a_bulk_overwrite_keeps_the_entry_point_command() {
    init_tracing();
    let fake = FakeDiscord::start(TOKEN).await;
    let api = api(&fake);
    let brett = || CreateCommand::new("brett").description("Zeigt ein Brett");
    Command::set_global_commands(&api, vec![brett()])
        .await
        .unwrap();

    // Activities: Discord creates the Entry Point command; a bulk overwrite without it fails.
    fake.enable_activities();
    let listed = api.get_global_commands().await.unwrap();
    let entry = listed
        .iter()
        .find(|c| c.kind == CommandType::PrimaryEntryPoint)
        .expect("the Entry Point command")
        .clone();
    assert_eq!(entry.name, "launch");
    assert_eq!(
        entry.handler,
        Some(EntryPointHandlerType::DiscordLaunchActivity)
    );
    assert_eq!(listed.len(), 2);
    let e = Command::set_global_commands(&api, vec![brett()])
        .await
        .unwrap_err();
    assert_eq!(code(e), (400, 50240));
    let refused = fake.requests().pop().unwrap();
    assert!(
        refused.response["message"]
            .as_str()
            .unwrap()
            .starts_with("You cannot remove this app's Entry Point command in a bulk update"),
        "{}",
        refused.response
    );
    assert_eq!(
        api.get_global_commands().await.unwrap().len(),
        2,
        "unchanged"
    );

    // Carried through, it stays (with its id).
    let carried = CreateCommand::new(entry.name.clone())
        .kind(CommandType::PrimaryEntryPoint)
        .handler(EntryPointHandlerType::DiscordLaunchActivity);
    let ping = CreateCommand::new("ping").description("Antwortet");
    let now = Command::set_global_commands(&api, vec![carried, brett(), ping])
        .await
        .unwrap();
    assert_eq!(now.len(), 3);
    assert!(now.iter().any(|c| c.id == entry.id));

    // Guild registration is untouched; an Entry Point command is global only.
    let guild = GuildId::new(FakeDiscord::GUILD_ID);
    assert_eq!(
        guild.set_commands(&api, vec![brett()]).await.unwrap().len(),
        1
    );
    let in_guild = CreateCommand::new("launch")
        .kind(CommandType::PrimaryEntryPoint)
        .handler(EntryPointHandlerType::AppHandler);
    let e = guild.set_commands(&api, vec![in_guild]).await.unwrap_err();
    assert_eq!(code(e), (400, 50035));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_upload_misses_the_three_second_deadline() {
    init_tracing();
    let fake = FakeDiscord::start(TOKEN).await;
    let (_cache, manager) = quiet_client(&fake, GatewayIntents::GUILDS).await;
    register_ping(&fake).await;
    let api = api(&fake);
    let alice = alice();
    let board = || {
        let mut bytes = PNG.to_vec();
        bytes.resize(128 * 1024, 0);
        vec![CreateAttachment::bytes(bytes, "brett.png")]
    };
    let answer = json!({"type": 4, "data": {"content": "Brett"}});
    let respond = |files| {
        let (api, fake, answer, alice) = (&api, &fake, &answer, &alice);
        async move {
            let ix = fake.slash(alice, CHANNEL, "ping", json!([])).await;
            let r = api
                .create_interaction_response(InteractionId::new(ix.id), &ix.token, answer, files)
                .await;
            (ix, r)
        }
    };

    // 128 KiB at 32 KiB/s: the body is in after 4 s, too late.
    fake.throttle_uploads(32 * 1024);
    let (ix, late) = respond(board()).await;
    assert_eq!(code(late.unwrap_err()), (404, 10062));
    let recorded = fake.requests().pop().unwrap();
    assert!(recorded.since_dispatch.unwrap() > Duration::from_secs(3));
    // The token is gone: no follow-up either.
    let e = api
        .create_followup_message(&ix.token, &json!({"content": "doch"}), vec![])
        .await
        .unwrap_err();
    assert_eq!(code(e), (404, 10015));
    // A small answer arrives in time at that rate; the upload does at full speed.
    let (_, small) = respond(vec![]).await;
    small.unwrap();
    fake.throttle_uploads(0);
    let (_, fast) = respond(board()).await;
    fast.unwrap();
    let recorded = fake.requests().pop().unwrap();
    assert!(recorded.since_dispatch.unwrap() < Duration::from_secs(3));
    manager.shutdown_all().await;
}
