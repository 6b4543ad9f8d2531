//! Whom Discord notifies of the bot's new messages: mentions as `allowed_mentions` permits
//! them (all when it is absent), the replied-to author, the other person of a DM; nobody for an
//! ephemeral message, an edit (PATCH `@original` after a deferral included) or a user who
//! cannot see the channel.

use poise::serenity_prelude as serenity;
use serde_json::{Value, json};
use serenity::{ChannelId, GatewayIntents, InteractionId};

use super::{TOKEN, alice, api, bob, init_tracing, quiet_client, register_ping};
use crate::support::fake_discord::perms::VIEW_CHANNEL;
use crate::support::fake_discord::{FakeDiscord, Notification};

const CHANNEL: u64 = FakeDiscord::CHANNEL_ID;

/// (user, why) of the notifications since `from`.
fn since(fake: &FakeDiscord, from: usize) -> Vec<(u64, &'static str)> {
    fake.notifications()[from..]
        .iter()
        .map(|n| (n.user, n.why))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn new_messages_notify_whom_discord_notifies() {
    init_tracing();
    let fake = FakeDiscord::start(TOKEN).await;
    fake.enforce_rate_limits(false);
    let intents = GatewayIntents::GUILDS
        | GatewayIntents::GUILD_MESSAGES
        | GatewayIntents::DIRECT_MESSAGES
        | GatewayIntents::MESSAGE_CONTENT;
    let (_cache, manager) = quiet_client(&fake, intents).await;
    let api = api(&fake);
    let (alice, bob) = (alice(), bob());
    fake.add_user(&alice);
    fake.add_user(&bob);
    let channel = ChannelId::new(CHANNEL);
    let post = |body: Value| {
        let api = &api;
        async move { api.send_message(channel, vec![], &body).await.unwrap() }
    };
    let (a, b) = (alice.id, bob.id);

    // No allowed_mentions: every mention in the content, both spellings.
    let msg = post(json!({"content": format!("<@{a}> gegen <@!{b}>")})).await;
    assert_eq!(since(&fake, 0), [(a, "mention"), (b, "mention")]);
    let n = &fake.notifications()[0];
    assert_eq!(
        (n.message, n.channel, n.content.as_str(), n.silent),
        (msg.id.get(), CHANNEL, msg.content.as_str(), false)
    );
    // allowed_mentions: only what it lets through.
    let mark = fake.notifications().len();
    let text = format!("<@{a}> gegen <@{b}>");
    post(json!({"content": text, "allowed_mentions": {"parse": []}})).await;
    post(json!({"content": text, "allowed_mentions": {"users": [b.to_string()]}})).await;
    post(json!({"content": text, "allowed_mentions": {"parse": ["users"]}, "flags": 4096})).await;
    assert_eq!(
        since(&fake, mark),
        [(b, "mention"), (a, "mention"), (b, "mention")]
    );
    assert!(
        fake.notifications().last().unwrap().silent,
        "SUPPRESS_NOTIFICATIONS"
    );
    // Nobody who cannot see the channel.
    fake.set_overwrite(CHANNEL, a, true, 0, VIEW_CHANNEL);
    let mark = fake.notifications().len();
    post(json!({"content": text})).await;
    assert_eq!(since(&fake, mark), [(b, "mention")]);
    fake.clear_overwrite(CHANNEL, a);

    // A reply notifies its author by default, with allowed_mentions only with replied_user.
    let asked = fake.message(&alice, CHANNEL, "Wer ist dran?").await;
    let reference = json!({"message_id": asked.to_string()});
    let mark = fake.notifications().len();
    post(json!({"content": "du", "message_reference": reference})).await;
    post(
        json!({"content": "du", "message_reference": reference, "allowed_mentions": {"parse": []}}),
    )
    .await;
    let ping = json!({"parse": [], "replied_user": true});
    post(json!({"content": "du", "message_reference": reference, "allowed_mentions": ping})).await;
    assert_eq!(since(&fake, mark), [(a, "reply"), (a, "reply")]);

    // An edit notifies nobody.
    let mark = fake.notifications().len();
    api.edit_message(
        channel,
        msg.id,
        &json!({"content": format!("<@{a}>!")}),
        vec![],
    )
    .await
    .unwrap();
    assert_eq!(since(&fake, mark), []);

    // A DM notifies its other person.
    let dm = fake.dm_channel(&alice);
    api.send_message(
        ChannelId::new(dm),
        vec![],
        &json!({"content": "Du bist dran"}),
    )
    .await
    .unwrap();
    assert_eq!(since(&fake, mark), [(a, "direct message")]);
    manager.shutdown_all().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn interaction_messages_notify_unless_ephemeral_or_edited() {
    init_tracing();
    let fake = FakeDiscord::start(TOKEN).await;
    let intents = GatewayIntents::GUILDS | GatewayIntents::GUILD_MESSAGES;
    let (_cache, manager) = quiet_client(&fake, intents).await;
    register_ping(&fake).await;
    let api = api(&fake);
    let (alice, bob) = (alice(), bob());
    fake.add_user(&bob);
    let b = bob.id;
    let mention = format!("<@{b}>, du bist dran");
    let respond = |ix: &crate::support::fake_discord::Interaction, body: Value| {
        let api = &api;
        let (id, token) = (InteractionId::new(ix.id), ix.token.clone());
        async move {
            api.create_interaction_response(id, &token, &body, vec![])
                .await
                .unwrap()
        }
    };

    // A message response (type 4) notifies; an ephemeral one nobody.
    let ix = fake.slash(&alice, CHANNEL, "ping", json!([])).await;
    respond(&ix, json!({"type": 4, "data": {"content": mention}})).await;
    let ix2 = fake.slash(&alice, CHANNEL, "ping", json!([])).await;
    respond(
        &ix2,
        json!({"type": 4, "data": {"content": mention, "flags": 64}}),
    )
    .await;
    let got: Vec<Notification> = fake.notifications_of(b);
    assert_eq!(got.len(), 1);
    assert_eq!(Some(got[0].message), ix.callback(&fake).await.message_id);

    // A follow-up notifies; an ephemeral follow-up and editing @original do not.
    api.create_followup_message(&ix.token, &json!({"content": mention}), vec![])
        .await
        .unwrap();
    api.create_followup_message(&ix.token, &json!({"content": mention, "flags": 64}), vec![])
        .await
        .unwrap();
    api.edit_original_interaction_response(&ix.token, &json!({"content": mention}), vec![])
        .await
        .unwrap();
    assert_eq!(fake.wait_notified(b, 2).await.len(), 2);

    // A deferral completed by PATCH @original is an edit: no notification (Discord's behavior).
    let deferred = fake.slash(&alice, CHANNEL, "ping", json!([])).await;
    respond(&deferred, json!({"type": 5})).await;
    let done = api
        .edit_original_interaction_response(&deferred.token, &json!({"content": mention}), vec![])
        .await
        .unwrap();
    assert_eq!(done.content, mention);
    assert_eq!(fake.notifications_of(b).len(), 2);

    // Updating a component's message (type 7) is an edit too.
    let msg = api
        .send_message(
            ChannelId::new(CHANNEL),
            vec![],
            &json!({"content": "Zug?", "components": [{"type": 1, "components": [
                {"type": 2, "style": 1, "label": "Zug", "custom_id": "zug"}]}]}),
        )
        .await
        .unwrap();
    let click = fake.click(&alice, CHANNEL, msg.id.get(), "zug").await;
    respond(&click, json!({"type": 7, "data": {"content": mention}})).await;
    assert_eq!(
        fake.stored_message(msg.id.get()).unwrap().json["content"],
        mention.as_str()
    );
    assert_eq!(fake.notifications_of(b).len(), 2);
    manager.shutdown_all().await;
}
