//! The gateway as Discord sends it: op 9 INVALID_SESSION (resumable or not), close codes
//! (resumable 4000; 4014 disallowed intents and 4004 authentication failed, which stop
//! serenity), IDENTIFYs counted with their times, and a token reset past the identify budget.

use std::time::Duration;

use poise::serenity_prelude as serenity;
use serenity::{ClientBuilder, GatewayIntents};

use super::{TOKEN, api, http, init_tracing};
use crate::support::fake_discord::{FakeDiscord, WAIT, intents};

/// Waits (bounded) for the fake to see `what`.
async fn until(fake: &FakeDiscord, what: &str, check: impl Fn(&FakeDiscord) -> bool) {
    let deadline = std::time::Instant::now() + WAIT;
    while !check(fake) {
        assert!(
            std::time::Instant::now() < deadline,
            "timed out waiting for {what}"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// A client whose `start()` result is sent back when it ends.
async fn client(
    fake: &FakeDiscord,
    intents: GatewayIntents,
) -> (
    std::sync::Arc<serenity::ShardManager>,
    tokio::task::JoinHandle<serenity::Result<()>>,
) {
    let mut client = ClientBuilder::new_with_http(http(fake, TOKEN), intents)
        .await
        .expect("client builds");
    let manager = client.shard_manager.clone();
    let task = tokio::spawn(async move { client.start().await });
    (manager, task)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn invalid_sessions_and_closes_make_the_client_resume_or_identify() {
    init_tracing();
    let fake = FakeDiscord::start(TOKEN).await;
    let (manager, _task) = client(&fake, GatewayIntents::GUILDS).await;
    assert!(fake.wait_ready().await);
    assert_eq!(fake.sessions(), (1, 0));

    // op 9, resumable: the client resumes the session.
    fake.invalidate_session(true);
    until(&fake, "a RESUME", |f| f.sessions() == (1, 1)).await;
    // op 9, not resumable: the session is gone, the client identifies anew.
    fake.invalidate_session(false);
    until(&fake, "a second IDENTIFY", |f| f.sessions().0 == 2).await;
    // A close Discord lets a client resume from (4000 unknown error).
    fake.close_gateway(4000, "Unknown error.");
    until(&fake, "a RESUME after 4000", |f| f.sessions() == (2, 2)).await;
    assert_eq!(fake.gateway_closes(), vec![4000]);
    let ops: Vec<u64> = fake
        .gateway_sent()
        .iter()
        .filter_map(|f| f["op"].as_u64())
        .collect();
    assert_eq!(ops.iter().filter(|op| **op == 9).count(), 2);

    let identifies = fake.identifies();
    assert_eq!(identifies.len(), 2);
    assert!(identifies.iter().all(|i| i.refused.is_none()));
    assert!(identifies[0].at < identifies[1].at);
    super::assert_serenity_accepts_gateway_frames(&fake);
    manager.shutdown_all().await;
}

/// A privileged intent the application may not use: 4014, and serenity gives up.
#[tokio::test]
async fn disallowed_intents_close_with_4014() {
    init_tracing();
    let fake = FakeDiscord::start(TOKEN).await;
    fake.disallow_intents(intents::MESSAGE_CONTENT | intents::GUILD_MEMBERS);
    let (_manager, task) = client(
        &fake,
        GatewayIntents::GUILDS | GatewayIntents::MESSAGE_CONTENT,
    )
    .await;
    let ended = tokio::time::timeout(WAIT, task)
        .await
        .expect("start() must not hang")
        .expect("no panic");
    assert!(
        matches!(
            ended,
            Err(serenity::Error::Gateway(
                serenity::GatewayError::DisallowedGatewayIntents
            ))
        ),
        "{ended:?}"
    );
    assert_eq!(fake.gateway_closes(), vec![4014]);
    assert_eq!(fake.identifies()[0].refused, Some(4014));
    assert!(fake.identify_payload().is_none(), "no session");
}

/// Past its identify budget the token is reset: 4004, and 401 on REST.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn identifying_past_the_budget_resets_the_token() {
    init_tracing();
    let fake = FakeDiscord::start(TOKEN).await;
    fake.set_identify_budget(2);
    let limit = api(&fake)
        .get_bot_gateway()
        .await
        .unwrap()
        .session_start_limit;
    assert_eq!((limit.total, limit.remaining), (2, 2));
    let (_manager, task) = client(&fake, GatewayIntents::GUILDS).await;
    assert!(fake.wait_ready().await);
    let limit = api(&fake)
        .get_bot_gateway()
        .await
        .unwrap()
        .session_start_limit;
    assert_eq!(limit.remaining, 1);

    fake.invalidate_session(false);
    until(&fake, "the second IDENTIFY", |f| f.sessions().0 == 2).await;
    fake.invalidate_session(false);
    let ended = tokio::time::timeout(WAIT, task)
        .await
        .expect("start() must not hang")
        .expect("no panic");
    assert!(
        matches!(
            ended,
            Err(serenity::Error::Gateway(
                serenity::GatewayError::InvalidAuthentication
            ))
        ),
        "{ended:?}"
    );
    assert!(fake.token_was_reset());
    let identifies = fake.identifies();
    assert_eq!(identifies.len(), 3);
    assert_eq!(identifies[2].refused, Some(4004));
    assert!(fake.gateway_closes().contains(&4004));
    let e = api(&fake).get_current_user().await.unwrap_err();
    assert_eq!(super::code(e), (401, 0));
    assert_eq!(fake.invalid_requests(), 1);
}
