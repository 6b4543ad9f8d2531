//! The bot's requests checked against its permissions as Discord checks them: 50001 without
//! VIEW_CHANNEL, 50013 without another permission, 160002 for a reply without
//! READ_MESSAGE_HISTORY, embeds dropped without EMBED_LINKS, the thread rules; and none of it
//! for interaction responses. Through serenity's HTTP client, which must read every refusal.

use poise::serenity_prelude as serenity;
use serde_json::json;
use serenity::{ChannelId, CreateAttachment, GatewayIntents, InteractionId, MessageId, UserId};

use super::{PNG, TOKEN, alice, api, code, init_tracing, quiet_client, register_ping};
use crate::support::fake_discord::perms::*;
use crate::support::fake_discord::{FakeDiscord, FakeUser};

const CHANNEL: u64 = FakeDiscord::CHANNEL_ID;
const BOT_ROLE: u64 = FakeDiscord::BOT_ROLE_ID;

#[tokio::test]
async fn channel_messages_need_their_permissions() {
    init_tracing();
    let fake = FakeDiscord::start(TOKEN).await;
    // More than 5 messages in 5 s here; the rate limits have their own tests.
    fake.enforce_rate_limits(false);
    let api = api(&fake);
    let channel = ChannelId::new(CHANNEL);
    let png = || vec![CreateAttachment::bytes(PNG.to_vec(), "brett.png")];
    let embed = json!({"content": "Brett", "embeds": [{"description": "Zug 1"}]});
    let send = |body: serde_json::Value, files| {
        let api = &api;
        async move { api.send_message(channel, files, &body).await }
    };
    let first = send(json!({"content": "Hallo"}), vec![]).await.unwrap();

    // Without VIEW_CHANNEL: Missing Access, for every route.
    fake.set_overwrite(CHANNEL, BOT_ROLE, false, 0, VIEW_CHANNEL);
    fake.set_overwrite(
        CHANNEL,
        FakeDiscord::EVERYONE_ROLE_ID,
        false,
        0,
        VIEW_CHANNEL,
    );
    let e = send(json!({"content": "x"}), vec![]).await.unwrap_err();
    assert_eq!(code(e), (403, 50001));
    assert_eq!(
        code(api.get_channel(channel).await.unwrap_err()),
        (403, 50001)
    );
    let e = api.get_message(channel, first.id).await.unwrap_err();
    assert_eq!(code(e), (403, 50001));
    fake.clear_overwrite(CHANNEL, FakeDiscord::EVERYONE_ROLE_ID);
    fake.clear_overwrite(CHANNEL, BOT_ROLE);

    // Without SEND_MESSAGES: Missing Permissions.
    fake.set_overwrite(CHANNEL, FakeDiscord::BOT_ID, true, 0, SEND_MESSAGES);
    let e = send(json!({"content": "x"}), vec![]).await.unwrap_err();
    assert_eq!(code(e), (403, 50013));
    fake.clear_overwrite(CHANNEL, FakeDiscord::BOT_ID);

    // Without ATTACH_FILES: no upload; text still goes.
    fake.set_overwrite(CHANNEL, FakeDiscord::BOT_ID, true, 0, ATTACH_FILES);
    let e = send(json!({"content": "Brett"}), png()).await.unwrap_err();
    assert_eq!(code(e), (403, 50013));
    send(json!({"content": "ohne Bild"}), vec![]).await.unwrap();
    fake.clear_overwrite(CHANNEL, FakeDiscord::BOT_ID);

    // Without EMBED_LINKS Discord drops the embeds; an embed alone is refused.
    fake.set_overwrite(CHANNEL, FakeDiscord::BOT_ID, true, 0, EMBED_LINKS);
    let msg = send(embed.clone(), vec![]).await.unwrap();
    assert!(msg.embeds.is_empty(), "the embed was dropped");
    assert_eq!(msg.content, "Brett");
    let e = send(json!({"embeds": [{"description": "Zug 1"}]}), vec![])
        .await
        .unwrap_err();
    assert_eq!(code(e), (403, 50013));
    let with_file = send(json!({"embeds": [{"description": "Zug"}]}), png())
        .await
        .unwrap();
    assert!(with_file.embeds.is_empty() && with_file.attachments.len() == 1);
    let e = api
        .edit_message(
            channel,
            with_file.id,
            &json!({"embeds": [{"description": "Zug 2"}], "attachments": []}),
            vec![],
        )
        .await
        .unwrap_err();
    assert_eq!(code(e), (400, 50006), "an edit left empty");
    fake.clear_overwrite(CHANNEL, FakeDiscord::BOT_ID);
    assert_eq!(send(embed, vec![]).await.unwrap().embeds.len(), 1);

    // Without READ_MESSAGE_HISTORY: no reply, no reading.
    fake.set_overwrite(CHANNEL, BOT_ROLE, false, 0, READ_MESSAGE_HISTORY);
    fake.set_overwrite(
        CHANNEL,
        FakeDiscord::EVERYONE_ROLE_ID,
        false,
        0,
        READ_MESSAGE_HISTORY,
    );
    let reply =
        json!({"content": "Antwort", "message_reference": {"message_id": first.id.to_string()}});
    let e = send(reply.clone(), vec![]).await.unwrap_err();
    assert_eq!(code(e), (403, 160002));
    let e = api.get_message(channel, first.id).await.unwrap_err();
    assert_eq!(code(e), (403, 50013));
    fake.clear_overwrite(CHANNEL, FakeDiscord::EVERYONE_ROLE_ID);
    fake.clear_overwrite(CHANNEL, BOT_ROLE);
    send(reply, vec![]).await.unwrap();

    // Each refusal is an invalid request Discord counts (401, 403, 429).
    assert_eq!(fake.invalid_requests(), 8);
}

#[tokio::test]
async fn threads_follow_discords_rules() {
    init_tracing();
    let fake = FakeDiscord::start(TOKEN).await;
    fake.enforce_rate_limits(false);
    let api = api(&fake);
    let channel = ChannelId::new(CHANNEL);
    let alice = alice();
    fake.add_user(&alice);
    let thread = |kind: u8| {
        let api = &api;
        async move {
            api.create_thread(channel, &json!({"name": "Partie", "type": kind}), None)
                .await
        }
    };
    // Creating: CREATE_PUBLIC_THREADS / CREATE_PRIVATE_THREADS.
    let everyone = FakeDiscord::EVERYONE_ROLE_ID;
    fake.set_overwrite(CHANNEL, FakeDiscord::BOT_ID, true, 0, CREATE_PUBLIC_THREADS);
    fake.set_overwrite(CHANNEL, everyone, false, 0, CREATE_PUBLIC_THREADS);
    assert_eq!(code(thread(11).await.unwrap_err()), (403, 50013));
    let private = thread(12).await.expect("a private thread");
    fake.set_overwrite(
        CHANNEL,
        FakeDiscord::BOT_ID,
        true,
        0,
        CREATE_PRIVATE_THREADS,
    );
    assert_eq!(code(thread(12).await.unwrap_err()), (403, 50013));
    fake.clear_overwrite(CHANNEL, FakeDiscord::BOT_ID);
    fake.clear_overwrite(CHANNEL, everyone);
    let public = thread(11).await.expect("a public thread").id;

    // The creator archives and unarchives its thread without MANAGE_THREADS; locking needs it.
    let edit = |id: ChannelId, body: serde_json::Value| {
        let api = &api;
        async move { api.edit_thread(id, &body, None).await }
    };
    edit(public, json!({"archived": true}))
        .await
        .expect("archived");
    assert!(fake.is_archived(public.get()));
    // An archived thread takes no members and no other change.
    let add = api.add_thread_channel_member(public, UserId::new(alice.id));
    assert_eq!(code(add.await.unwrap_err()), (400, 50083));
    let e = edit(public, json!({"name": "Neu"})).await.unwrap_err();
    assert_eq!(code(e), (400, 50083));
    edit(public, json!({"archived": false}))
        .await
        .expect("unarchived");
    api.add_thread_channel_member(public, UserId::new(alice.id))
        .await
        .expect("a member");
    assert_eq!(fake.thread_members(public.get()), vec![alice.id]);
    let e = edit(public, json!({"locked": true})).await.unwrap_err();
    assert_eq!(code(e), (403, 50013));

    // A thread a moderator locked: no unarchiving, no posting without MANAGE_THREADS.
    fake.lock_thread(public.get());
    let e = edit(public, json!({"archived": false})).await.unwrap_err();
    assert_eq!(code(e), (403, 50013));
    let x = json!({"content": "x"});
    let post = api.send_message(public, vec![], &x);
    assert_eq!(code(post.await.unwrap_err()), (400, 160005));
    fake.set_role_permissions(FakeDiscord::BOT_ROLE_ID, BOT | MANAGE_THREADS);
    edit(public, json!({"archived": false}))
        .await
        .expect("a moderator");
    fake.set_role_permissions(FakeDiscord::BOT_ROLE_ID, BOT);

    // Sending in a thread needs SEND_MESSAGES_IN_THREADS (SEND_MESSAGES does not count there);
    // a message unarchives the thread.
    fake.set_overwrite(CHANNEL, FakeDiscord::BOT_ID, true, 0, SEND_MESSAGES);
    fake.archive_thread(private.id.get());
    api.send_message(private.id, vec![], &json!({"content": "im Faden"}))
        .await
        .expect("sent in the thread");
    assert!(
        !fake.is_archived(private.id.get()),
        "unarchived by a message"
    );
    let e = api.send_message(channel, vec![], &x);
    assert_eq!(code(e.await.unwrap_err()), (403, 50013));
    fake.set_overwrite(
        CHANNEL,
        FakeDiscord::BOT_ID,
        true,
        0,
        SEND_MESSAGES_IN_THREADS,
    );
    let e = api.send_message(private.id, vec![], &x);
    assert_eq!(code(e.await.unwrap_err()), (403, 50013));
    let add = api.add_thread_channel_member(private.id, UserId::new(alice.id));
    assert_eq!(code(add.await.unwrap_err()), (403, 50013));
}

/// Interaction responses and follow-ups are not subject to the channel's permissions.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn interaction_responses_ignore_channel_permissions() {
    init_tracing();
    let fake = FakeDiscord::start(TOKEN).await;
    let (_cache, manager) = quiet_client(&fake, GatewayIntents::GUILDS).await;
    register_ping(&fake).await;
    let api = api(&fake);
    for denied in [SEND_MESSAGES | EMBED_LINKS | ATTACH_FILES, VIEW_CHANNEL] {
        fake.set_overwrite(CHANNEL, FakeDiscord::BOT_ID, true, 0, denied);
        let ix = fake
            .slash(
                &FakeUser::new(2_000_000_000_000_000_003, "carol"),
                CHANNEL,
                "ping",
                json!([]),
            )
            .await;
        let data = json!({"content": "Brett", "embeds": [{"description": "Zug"}]});
        api.create_interaction_response(
            InteractionId::new(ix.id),
            &ix.token,
            &json!({"type": 4, "data": data}),
            vec![CreateAttachment::bytes(PNG.to_vec(), "brett.png")],
        )
        .await
        .expect("a response");
        let followup = api
            .create_followup_message(&ix.token, &json!({"embeds": [{"title": "mehr"}]}), vec![])
            .await
            .expect("a follow-up");
        assert_eq!(followup.embeds.len(), 1, "embeds stay");
        let original = ix.callback(&fake).await.message_id.expect("a message");
        let stored = fake.stored_message(original).expect("stored");
        assert_eq!(stored.json["embeds"].as_array().map(Vec::len), Some(1));
        assert_eq!(stored.files.len(), 1);
        // The channel's own routes stay closed.
        let read = api.get_message(ChannelId::new(CHANNEL), MessageId::new(original));
        match read.await {
            Ok(_) => assert_ne!(denied, VIEW_CHANNEL),
            Err(e) => assert_eq!((denied, code(e)), (VIEW_CHANNEL, (403, 50001))),
        }
    }
    manager.shutdown_all().await;
}

/// A server holds at most 1,000 active threads: the 1,001st (new, or unarchived) is refused
/// with 160006; archived threads do not count.
#[tokio::test]
async fn a_server_holds_at_most_a_thousand_active_threads() {
    init_tracing();
    let fake = FakeDiscord::start(TOKEN).await;
    fake.enforce_rate_limits(false);
    let api = api(&fake);
    let channel = ChannelId::new(CHANNEL);
    let busy = fake.open_threads(CHANNEL, 999);
    let last = api
        .create_thread(channel, &json!({"name": "last", "type": 11}), None)
        .await
        .expect("the thousandth");
    let over = api
        .create_thread(channel, &json!({"name": "over", "type": 11}), None)
        .await
        .unwrap_err();
    assert_eq!(code(over), (400, 160006));
    // One archived: room for one again; unarchiving it then is refused the same way.
    api.edit_thread(last.id, &json!({"archived": true}), None)
        .await
        .expect("archived by its creator");
    api.create_thread(channel, &json!({"name": "again", "type": 11}), None)
        .await
        .expect("a place freed");
    let back = api
        .edit_thread(last.id, &json!({"archived": false}), None)
        .await
        .unwrap_err();
    assert_eq!(code(back), (400, 160006));
    assert_eq!(busy.len(), 999);
}
