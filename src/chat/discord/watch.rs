//! What serenity tells only its own event handlers, not poise's: the gateway's connection
//! stages (readiness) and every rate limit met (metrics). Discord's request paths hold ids and
//! interaction tokens, so a limit is counted under a route name from a short fixed list.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use poise::serenity_prelude as serenity;

use crate::ops::Health;
use crate::telemetry::{DISCORD_RATE_LIMITED, DISCORD_RETRY_SECONDS, seconds};

/// Tells readiness how the shards stand and counts the rate limits.
pub(super) struct Watch {
    health: Arc<Health>,
    /// Each shard's last stage.
    shards: Mutex<HashMap<u32, serenity::ConnectionStage>>,
}

impl Watch {
    pub(super) fn new(health: Arc<Health>) -> Watch {
        Watch {
            health,
            shards: Mutex::new(HashMap::new()),
        }
    }
}

#[serenity::async_trait]
impl serenity::EventHandler for Watch {
    async fn shard_stage_update(
        &self,
        _: serenity::Context,
        event: serenity::ShardStageUpdateEvent,
    ) {
        let mut shards = self.shards.lock().unwrap_or_else(PoisonError::into_inner);
        shards.insert(event.shard_id.0, event.new);
        let down: Vec<String> = shards
            .iter()
            .filter(|(_, stage)| **stage != serenity::ConnectionStage::Connected)
            .map(|(id, stage)| format!("shard {id} {stage}"))
            .collect();
        if down.is_empty() {
            self.health.connected("discord");
        } else {
            self.health.disconnected("discord", down.join(", "));
        }
    }

    async fn ratelimit(&self, info: serenity::RatelimitInfo) {
        let route = route(info.method, &info.path);
        let scope = if info.global { "global" } else { "route" };
        metrics::counter!(DISCORD_RATE_LIMITED, "route" => route, "scope" => scope).increment(1);
        seconds(DISCORD_RETRY_SECONDS, &[("route", route)], info.timeout);
    }
}

/// The kind of a Discord request, from its method and URL: a label with few values.
pub(crate) fn route(method: serenity::LightMethod, path: &str) -> &'static str {
    use serenity::LightMethod::{Get, Post};
    let api = path.split("/api/v10").nth(1).unwrap_or(path);
    let parts: Vec<&str> = api.split('/').filter(|p| !p.is_empty()).collect();
    match (method, parts.as_slice()) {
        (_, ["interactions", _, _, "callback"]) => "interaction_callback",
        (_, ["webhooks", ..]) => "interaction_webhook",
        (_, ["channels", _, "messages", _, "threads"] | ["channels", _, "threads"]) => {
            "thread_create"
        }
        (Post, ["channels", _, "messages"]) => "create_message",
        (_, ["channels", _, "messages", ..]) => "message_other",
        (_, ["channels", _, "thread-members", ..]) => "thread_member",
        (_, ["channels", _]) => "channel",
        (Post, ["users", "@me", "channels"]) => "dm_open",
        (Get, ["users", ..]) => "user",
        (_, ["applications", ..]) => "commands",
        _ => "other",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serenity::LightMethod::{Delete, Get, Patch, Post, Put};

    #[test]
    fn routes_name_the_kind_of_request_never_an_id_or_token() {
        let api = "https://discord.com/api/v10";
        let cases = [
            (Post, "/channels/123/messages", "create_message"),
            (Patch, "/channels/123/messages/456", "message_other"),
            (Post, "/channels/123/messages/456/threads", "thread_create"),
            (Post, "/channels/123/threads", "thread_create"),
            (Put, "/channels/123/thread-members/789", "thread_member"),
            (Patch, "/channels/123", "channel"),
            (
                Post,
                "/interactions/1/secret-token/callback",
                "interaction_callback",
            ),
            (
                Patch,
                "/webhooks/1/secret-token/messages/@original",
                "interaction_webhook",
            ),
            (Post, "/users/@me/channels", "dm_open"),
            (Get, "/users/@me", "user"),
            (Put, "/applications/1/commands", "commands"),
            (Delete, "/guilds/1/members/2", "other"),
        ];
        for (method, path, want) in cases {
            assert_eq!(route(method, &format!("{api}{path}")), want, "{path}");
        }
    }
}
