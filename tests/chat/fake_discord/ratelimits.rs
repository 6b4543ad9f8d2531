//! Rate limits as Discord sends them: the `X-RateLimit-*` headers on every answer, buckets per
//! route and top-level resource, 429 over a bucket and over the global 50 a second (interaction
//! callbacks exempt), serenity's limiter keeping within them, the statistics.

use std::time::{Duration, Instant};

use futures_util::future::join_all;
use poise::serenity_prelude as serenity;
use serde_json::json;
use serenity::{ChannelId, GatewayIntents, InteractionId};

use super::{TOKEN, alice, api, code, init_tracing, quiet_client, register_ping, tls_api};
use crate::support::fake_discord::{FakeDiscord, FakeUser};

const CHANNEL: u64 = FakeDiscord::CHANNEL_ID;

#[tokio::test]
async fn a_request_over_its_bucket_answers_429() {
    init_tracing();
    let fake = FakeDiscord::start(TOKEN).await;
    let api = api(&fake);
    let say = |channel: u64, i: usize| {
        let api = &api;
        async move {
            api.send_message(
                ChannelId::new(channel),
                vec![],
                &json!({"content": format!("{i}")}),
            )
            .await
        }
    };
    for i in 0..5 {
        say(CHANNEL, i).await.unwrap();
    }
    let answers = fake.requests();
    assert_eq!(answers[0].header("x-ratelimit-limit"), Some("5"));
    assert_eq!(answers[0].header("x-ratelimit-remaining"), Some("4"));
    assert_eq!(answers[4].header("x-ratelimit-remaining"), Some("0"));
    let reset_after: f64 = answers[4]
        .header("x-ratelimit-reset-after")
        .unwrap()
        .parse()
        .unwrap();
    assert!(reset_after > 0.0 && reset_after <= 5.0, "{reset_after}");
    let reset: f64 = answers[4]
        .header("x-ratelimit-reset")
        .unwrap()
        .parse()
        .unwrap();
    assert!(reset > 1_600_000_000.0, "epoch seconds: {reset}");
    let bucket = answers[0].header("x-ratelimit-bucket").unwrap().to_owned();

    // The sixth in 5 s: 429 with Discord's body and headers.
    let e = say(CHANNEL, 5).await.unwrap_err();
    assert_eq!(code(e).0, 429);
    let limited = fake.requests().pop().unwrap();
    assert_eq!(limited.response["global"], false);
    assert!(limited.response["retry_after"].as_f64().unwrap() > 0.0);
    assert_eq!(limited.header("x-ratelimit-scope"), Some("user"));
    assert!(limited.header("retry-after").is_some());
    assert_eq!(fake.rate_limited_requests().len(), 1);
    assert_eq!(fake.invalid_requests(), 1, "a 429 counts toward the ban");
    // Another channel is another bucket (same bucket id: it leaves out the channel).
    say(FakeDiscord::OTHER_CHANNEL_ID, 0).await.unwrap();
    assert_eq!(
        fake.requests().pop().unwrap().header("x-ratelimit-bucket"),
        Some(bucket.as_str())
    );
    let stats = fake.route_stats()["create_message"].clone();
    assert_eq!((stats.requests, stats.rate_limited), (7, 1));
    assert!(stats.peak_per_second >= 6, "{stats:?}");

    // Switched off: served, headers still there.
    fake.enforce_rate_limits(false);
    say(CHANNEL, 6).await.unwrap();
    assert_eq!(
        fake.requests()
            .pop()
            .unwrap()
            .header("x-ratelimit-remaining"),
        Some("0")
    );
}

/// The bot's way: over TLS with serenity's limiter, which reads the headers and waits.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn serenitys_limiter_keeps_within_the_buckets() {
    init_tracing();
    let fake = FakeDiscord::start(TOKEN).await;
    let api = tls_api(&fake);
    let start = Instant::now();
    for i in 0..7 {
        api.send_message(
            ChannelId::new(CHANNEL),
            vec![],
            &json!({"content": format!("{i}")}),
        )
        .await
        .expect("sent, after waiting if need be");
    }
    assert!(fake.rate_limited_requests().is_empty());
    assert!(
        start.elapsed() >= Duration::from_secs(4),
        "waited for the bucket's reset"
    );
    let stats = fake.route_stats()["create_message"].clone();
    assert_eq!((stats.requests, stats.peak_per_second), (7, 5));
}

/// More than 50 requests a second: 429 with `global: true`; interaction callbacks are exempt.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_global_limit_spares_interaction_callbacks() {
    init_tracing();
    let fake = FakeDiscord::start(TOKEN).await;
    let (_cache, manager) = quiet_client(&fake, GatewayIntents::GUILDS).await;
    register_ping(&fake).await;
    let api = api(&fake);
    // Eleven DM channels, five requests each: no bucket is over, the token is.
    let dms: Vec<u64> = (0..11)
        .map(|i| fake.dm_channel(&FakeUser::new(3_000_000_000_000_000_000 + i, "gast")))
        .collect();
    tokio::time::sleep(Duration::from_millis(1100)).await;
    let calls = dms
        .iter()
        .flat_map(|dm| (0..5).map(|_| api.get_channel(ChannelId::new(*dm))));
    let results = join_all(calls).await;
    let limited: Vec<_> = results.into_iter().filter_map(Result::err).collect();
    assert!(!limited.is_empty(), "over 50 a second");
    let last = fake.rate_limited_requests().pop().unwrap();
    assert_eq!(last.response["global"], true);
    assert_eq!(last.header("x-ratelimit-global"), Some("true"));
    assert_eq!(last.header("x-ratelimit-scope"), Some("global"));
    // Still within that second: an interaction's callback and follow-up go through.
    let ix = fake.slash(&alice(), CHANNEL, "ping", json!([])).await;
    api.create_interaction_response(
        InteractionId::new(ix.id),
        &ix.token,
        &json!({"type": 4, "data": {"content": "pong"}}),
        vec![],
    )
    .await
    .expect("not bound to the global limit");
    api.create_followup_message(&ix.token, &json!({"content": "mehr"}), vec![])
        .await
        .expect("neither");
    manager.shutdown_all().await;
}
