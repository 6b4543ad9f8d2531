//! Discord's permission computation: roles, overwrites, ADMINISTRATOR, the implicit denials,
//! threads taking their parent's overwrites — and serenity's cache computing the same from what
//! the gateway sent (GUILD_CREATE, GUILD_ROLE_UPDATE, CHANNEL_UPDATE).

use std::time::{Duration, Instant};

use poise::serenity_prelude as serenity;
use serenity::{ChannelId, GatewayIntents, GuildId, UserId};

use super::{TOKEN, alice, bob, init_tracing, quiet_client};
use crate::support::fake_discord::perms::*;
use crate::support::fake_discord::{FakeDiscord, WAIT};

const CHANNEL: u64 = FakeDiscord::CHANNEL_ID;
const ME: u64 = FakeDiscord::BOT_ID;
const EVERYONE_ROLE: u64 = FakeDiscord::EVERYONE_ROLE_ID;

/// What a text channel or thread takes away from `p` without VIEW_CHANNEL or the permission to
/// send: what the fake enforces on top of serenity's raw computation.
fn implicit(p: u64, thread: bool) -> u64 {
    if p & VIEW_CHANNEL == 0 {
        return 0;
    }
    let send = if thread {
        SEND_MESSAGES_IN_THREADS
    } else {
        SEND_MESSAGES
    };
    if p & send == 0 {
        p & !(MENTION_EVERYONE | SEND_TTS_MESSAGES | ATTACH_FILES | EMBED_LINKS)
    } else {
        p
    }
}

#[tokio::test]
async fn permissions_follow_discords_algorithm() {
    init_tracing();
    let fake = FakeDiscord::start(TOKEN).await;
    let (alice, bob) = (alice(), bob());
    fake.add_user(&alice);
    fake.add_user(&bob);

    // The bot's role: exactly what the bot asks for, no MANAGE_THREADS, no MANAGE_MESSAGES.
    assert_eq!(fake.bot_role_id(), FakeDiscord::BOT_ROLE_ID);
    assert_eq!(
        fake.permissions_of(ME, CHANNEL),
        EVERYONE | BOT,
        "@everyone's and the bot role's"
    );
    assert_eq!(fake.permissions_of(ME, CHANNEL) & MANAGE_THREADS, 0);
    assert_eq!(fake.permissions_of(alice.id, CHANNEL), EVERYONE);
    assert_eq!(fake.permissions_of(bob.id, CHANNEL), EVERYONE | MODERATOR);
    assert_eq!(
        fake.permissions_of(FakeDiscord::OWNER_ID, CHANNEL),
        ALL,
        "the owner"
    );

    // @everyone's overwrite, then the roles' (combined), then the member's.
    fake.set_overwrite(CHANNEL, EVERYONE_ROLE, false, 0, VIEW_CHANNEL);
    assert_eq!(fake.permissions_of(alice.id, CHANNEL), 0, "no VIEW_CHANNEL");
    assert_eq!(fake.permissions_of(ME, CHANNEL), 0);
    fake.set_overwrite(CHANNEL, FakeDiscord::BOT_ROLE_ID, false, VIEW_CHANNEL, 0);
    assert_eq!(fake.permissions_of(ME, CHANNEL), EVERYONE | BOT);
    fake.set_overwrite(CHANNEL, ME, true, 0, VIEW_CHANNEL);
    assert_eq!(fake.permissions_of(ME, CHANNEL), 0, "the member's own last");
    fake.set_overwrite(CHANNEL, alice.id, true, VIEW_CHANNEL, 0);
    assert_eq!(fake.permissions_of(alice.id, CHANNEL), EVERYONE);
    // A role's allow beats @everyone's deny; a role's deny beats @everyone's allow.
    fake.set_overwrite(
        CHANNEL,
        FakeDiscord::MOD_ROLE_ID,
        false,
        VIEW_CHANNEL,
        ADD_REACTIONS,
    );
    assert_eq!(
        fake.permissions_of(bob.id, CHANNEL),
        (EVERYONE | MODERATOR) & !ADD_REACTIONS
    );
    for target in [
        EVERYONE_ROLE,
        FakeDiscord::BOT_ROLE_ID,
        ME,
        alice.id,
        FakeDiscord::MOD_ROLE_ID,
    ] {
        fake.clear_overwrite(CHANNEL, target);
    }
    assert_eq!(fake.permissions_of(ME, CHANNEL), EVERYONE | BOT);

    // Without SEND_MESSAGES: no ATTACH_FILES, EMBED_LINKS (implicit), sending in threads stays.
    fake.set_overwrite(CHANNEL, EVERYONE_ROLE, false, 0, SEND_MESSAGES);
    fake.set_overwrite(CHANNEL, FakeDiscord::BOT_ROLE_ID, false, 0, SEND_MESSAGES);
    let p = fake.permissions_of(ME, CHANNEL);
    assert_eq!(p & (SEND_MESSAGES | ATTACH_FILES | EMBED_LINKS), 0);
    assert_ne!(p & SEND_MESSAGES_IN_THREADS, 0);

    // ADMINISTRATOR: everything, overwrites or not.
    fake.set_role_permissions(FakeDiscord::BOT_ROLE_ID, ADMINISTRATOR);
    fake.set_overwrite(CHANNEL, ME, true, 0, VIEW_CHANNEL);
    assert_eq!(fake.permissions_of(ME, CHANNEL), ALL);
    fake.set_role_permissions(FakeDiscord::BOT_ROLE_ID, BOT);
    assert_eq!(fake.permissions_of(ME, CHANNEL), 0);
    fake.clear_overwrite(CHANNEL, ME);
    fake.clear_overwrite(CHANNEL, EVERYONE_ROLE);
    fake.clear_overwrite(CHANNEL, FakeDiscord::BOT_ROLE_ID);

    // The role's permissions count: @everyone without SEND_MESSAGES, the bot keeps its own.
    fake.set_role_permissions(EVERYONE_ROLE, EVERYONE & !SEND_MESSAGES);
    assert_eq!(fake.permissions_of(alice.id, CHANNEL) & SEND_MESSAGES, 0);
    assert_ne!(fake.permissions_of(ME, CHANNEL) & SEND_MESSAGES, 0);
    assert_eq!(
        fake.permissions_of(alice.id, CHANNEL) & (ATTACH_FILES | EMBED_LINKS),
        0,
        "implicitly denied"
    );
}

/// Threads take their parent's overwrites; a private thread is visible to its members only.
#[tokio::test]
async fn threads_take_their_parents_overwrites() {
    init_tracing();
    let fake = FakeDiscord::start(TOKEN).await;
    let api = super::api(&fake);
    let (alice, bob) = (alice(), bob());
    fake.add_user(&alice);
    fake.add_user(&bob);
    let public = api
        .create_thread(
            ChannelId::new(CHANNEL),
            &serde_json::json!({"name": "Partie", "type": 11}),
            None,
        )
        .await
        .expect("a public thread");
    let private = api
        .create_thread(
            ChannelId::new(CHANNEL),
            &serde_json::json!({"name": "Geheim", "type": 12}),
            None,
        )
        .await
        .expect("a private thread");
    let (public, private) = (public.id.get(), private.id.get());
    assert_eq!(fake.permissions_of(alice.id, public), EVERYONE);
    assert_eq!(fake.permissions_of(alice.id, private), 0, "not a member");
    assert_eq!(
        fake.permissions_of(ME, private),
        EVERYONE | BOT,
        "its creator"
    );
    api.add_thread_channel_member(ChannelId::new(private), UserId::new(alice.id))
        .await
        .expect("added");
    assert_eq!(fake.permissions_of(alice.id, private), EVERYONE);
    assert_eq!(fake.thread_members(private), vec![alice.id]);

    // The parent's overwrites, and SEND_MESSAGES does not count in a thread.
    fake.set_overwrite(CHANNEL, alice.id, true, 0, SEND_MESSAGES_IN_THREADS);
    assert_eq!(
        fake.permissions_of(alice.id, public) & (SEND_MESSAGES_IN_THREADS | ATTACH_FILES),
        0
    );
    assert_ne!(fake.permissions_of(alice.id, CHANNEL) & SEND_MESSAGES, 0);
    fake.set_overwrite(CHANNEL, alice.id, true, 0, VIEW_CHANNEL);
    assert_eq!(fake.permissions_of(alice.id, public), 0);
    assert_eq!(fake.permissions_of(alice.id, private), 0);
}

/// Waits (bounded) until `check` holds.
async fn eventually(what: &str, mut check: impl FnMut() -> bool) {
    let deadline = Instant::now() + WAIT;
    while !check() {
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// serenity's cache, fed only by the gateway (GUILD_CREATE with roles and
/// `permission_overwrites`, then GUILD_ROLE_UPDATE and CHANNEL_UPDATE), computes what the fake
/// computes — so a bot can check its permissions before it acts.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn serenitys_cache_computes_the_same_permissions() {
    init_tracing();
    let fake = FakeDiscord::start(TOKEN).await;
    let (cache, manager) = quiet_client(&fake, GatewayIntents::GUILDS).await;
    let guild_id = GuildId::new(FakeDiscord::GUILD_ID);
    eventually("GUILD_CREATE in the cache", || {
        cache.guild(guild_id).is_some()
    })
    .await;
    let bots = |channel: u64| -> Option<u64> {
        let guild = cache.guild(guild_id)?;
        let member = guild.members.get(&UserId::new(ME))?;
        let channel = guild.channels.get(&ChannelId::new(channel))?;
        Some(implicit(
            guild.user_permissions_in(channel, member).bits(),
            false,
        ))
    };
    assert_eq!(bots(CHANNEL), Some(fake.permissions_of(ME, CHANNEL)));

    let changes: [&dyn Fn(); 4] = [
        &|| fake.set_overwrite(CHANNEL, FakeDiscord::BOT_ROLE_ID, false, 0, EMBED_LINKS),
        &|| fake.set_overwrite(CHANNEL, ME, true, 0, SEND_MESSAGES),
        &|| fake.set_role_permissions(FakeDiscord::BOT_ROLE_ID, BOT | MANAGE_THREADS),
        &|| fake.set_overwrite(CHANNEL, EVERYONE_ROLE, false, 0, VIEW_CHANNEL),
    ];
    for (i, change) in changes.iter().enumerate() {
        change();
        let want = fake.permissions_of(ME, CHANNEL);
        eventually(&format!("change {i} in serenity's cache"), || {
            bots(CHANNEL) == Some(want)
        })
        .await;
    }
    assert_eq!(fake.permissions_of(ME, CHANNEL), 0);
    fake.clear_overwrite(CHANNEL, EVERYONE_ROLE);
    let want = fake.permissions_of(ME, CHANNEL);
    assert_ne!(want & MANAGE_THREADS, 0);
    assert_eq!(want & (SEND_MESSAGES | EMBED_LINKS | ATTACH_FILES), 0);
    eventually("the cleared overwrite", || bots(CHANNEL) == Some(want)).await;
    let sent: Vec<String> = fake
        .gateway_sent()
        .iter()
        .filter_map(|f| f["t"].as_str().map(str::to_owned))
        .collect();
    for t in ["GUILD_ROLE_UPDATE", "CHANNEL_UPDATE"] {
        assert!(sent.iter().any(|s| s == t), "{t} in {sent:?}");
    }
    super::assert_serenity_accepts_gateway_frames(&fake);
    manager.shutdown_all().await;
}
