//! What a test reads back: the requests and their answers, notifications, rate-limit
//! statistics, invalid requests, registered commands, stored messages and channels.

use std::collections::BTreeMap;

use serde_json::Value;

use super::{FakeDiscord, Notification, Recorded, RouteStats, StoredMessage, shapes};

impl FakeDiscord {
    /// Waits until at least `at_least` messages were successfully POSTed to `channel`.
    pub async fn channel_messages(&self, channel: u64, at_least: usize) -> Vec<Recorded> {
        self.wait_requests(
            &format!("{at_least} message(s) posted to channel {channel}"),
            at_least,
            |r| r.route == "create_message" && r.channel_id == Some(channel) && r.ok(),
        )
        .await
    }

    /// Waits until at least `at_least` recorded requests match `pred`; returns all that match.
    pub async fn wait_requests(
        &self,
        what: &str,
        at_least: usize,
        pred: impl Fn(&Recorded) -> bool,
    ) -> Vec<Recorded> {
        self.wait_for(
            || what.to_owned(),
            |st| {
                let found: Vec<Recorded> =
                    st.requests.iter().filter(|r| pred(r)).cloned().collect();
                (found.len() >= at_least).then_some(found)
            },
        )
        .await
    }

    /// Everything the bot asked over REST, in order.
    pub fn requests(&self) -> Vec<Recorded> {
        self.lock().requests.clone()
    }

    /// `look` at everything the bot asked so far, without copying it (a test polling a few
    /// thousand requests with their images would otherwise load the machine it measures).
    pub fn look_at_requests<T>(&self, look: impl FnOnce(&[Recorded]) -> T) -> T {
        look(&self.lock().requests)
    }

    /// Requests to routes the fake doesn't know (answered 404).
    pub fn unexpected_requests(&self) -> Vec<Recorded> {
        self.lock()
            .requests
            .iter()
            .filter(|r| r.route == "unknown")
            .cloned()
            .collect()
    }

    /// A message as Discord holds it now (after edits); `None` if unknown or deleted.
    pub fn stored_message(&self, id: u64) -> Option<StoredMessage> {
        self.lock().messages.get(&id).cloned()
    }

    /// A channel object as `GET /channels/{id}` would answer it.
    pub fn channel_json(&self, id: u64) -> Option<Value> {
        let st = self.lock();
        st.chan(id).map(|c| shapes::channel_json(&st, c))
    }

    /// Waits for a bulk overwrite (`PUT .../commands`, global or guild) and returns the body of
    /// the latest successful one.
    pub async fn registered_commands(&self) -> Vec<Value> {
        self.wait_for(
            || "PUT /applications/{app}/commands".into(),
            |st| st.last_commands_put.clone(),
        )
        .await
    }

    /// The command objects Discord holds now (with ids, global and guild).
    pub fn commands(&self) -> Vec<Value> {
        self.lock().commands.clone()
    }

    // -----------------------------------------------------------------------------------------
    // notifications

    /// Everyone Discord notified of the bot's new messages, in order (see [`Notification`]).
    pub fn notifications(&self) -> Vec<Notification> {
        self.lock().notifications.clone()
    }

    /// The notifications `user` got.
    pub fn notifications_of(&self, user: u64) -> Vec<Notification> {
        self.lock()
            .notifications
            .iter()
            .filter(|n| n.user == user)
            .cloned()
            .collect()
    }

    /// Waits until `user` has had at least `at_least` notifications; returns them all.
    pub async fn wait_notified(&self, user: u64, at_least: usize) -> Vec<Notification> {
        self.wait_for(
            || format!("{at_least} notification(s) of user {user}"),
            |st| {
                let found: Vec<Notification> = st
                    .notifications
                    .iter()
                    .filter(|n| n.user == user)
                    .cloned()
                    .collect();
                (found.len() >= at_least).then_some(found)
            },
        )
        .await
    }

    // -----------------------------------------------------------------------------------------
    // rate limits and invalid requests

    /// Per route (the fake's names, as in [`Recorded::route`]): requests, the most in any one
    /// second, and how many the fake's limits answered 429.
    pub fn route_stats(&self) -> BTreeMap<&'static str, RouteStats> {
        self.lock().limits.stats.clone()
    }

    /// The requests answered 429, by the fake's limits or by an armed fault.
    pub fn rate_limited_requests(&self) -> Vec<Recorded> {
        self.lock()
            .requests
            .iter()
            .filter(|r| r.status == 429)
            .cloned()
            .collect()
    }

    /// Requests Discord counts toward its ban of 10,000 invalid requests in 10 minutes:
    /// answers 401, 403 and 429 (a 429 of `X-RateLimit-Scope: shared` excepted, which the fake
    /// never sends).
    pub fn invalid_requests(&self) -> usize {
        self.lock()
            .requests
            .iter()
            .filter(|r| matches!(r.status, 401 | 403 | 429))
            .filter(|r| r.header("x-ratelimit-scope") != Some("shared"))
            .count()
    }
}
