//! The gateway half of the fake: plain-text JSON frames over tokio-tungstenite.
//!
//! Per connection: HELLO on connect; IDENTIFY starts a session (READY, then GUILD_CREATE if the
//! GUILDS intent is set); RESUME re-attaches a connection to the session and replays what it
//! missed, then RESUMED; heartbeats get ACKs. As Discord: a wrong token closes with 4004 (which
//! makes serenity's `Client::start` fail instead of retrying), intents the application may not
//! use with 4014; op 7 RECONNECT and op 9 INVALID_SESSION on demand; and a token that
//! identifies more often than its session-start budget is reset — its sessions are closed, its
//! IDENTIFYs answered 4004 and its REST calls 401.

use std::time::{Instant, SystemTime};

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc::{UnboundedSender, unbounded_channel};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;

use super::{FakeDiscord, IdentifyAttempt, Out, State, intents, shapes};

pub(super) async fn serve(fake: FakeDiscord, listener: TcpListener) {
    loop {
        let Ok((stream, _)) = listener.accept().await else {
            continue;
        };
        tokio::spawn(connection(fake.clone(), stream));
    }
}

async fn connection(fake: FakeDiscord, stream: TcpStream) {
    let Ok(ws) = tokio_tungstenite::accept_async(stream).await else {
        return;
    };
    let (mut sink, mut source) = ws.split();
    let (tx, mut rx) = unbounded_channel::<Out>();
    let conn = {
        let mut st = fake.lock();
        st.gw.connections += 1;
        let conn = st.gw.connections;
        st.send_frame(&tx, json!({"op": 10, "d": {"heartbeat_interval": FakeDiscord::HEARTBEAT_INTERVAL_MS}, "s": null, "t": null}));
        conn
    };
    let mut identified = false;
    loop {
        tokio::select! {
            incoming = source.next() => match incoming {
                Some(Ok(Message::Text(text))) => on_frame(&fake, conn, &tx, &text, &mut identified),
                Some(Ok(Message::Binary(_))) => {
                    fake.lock().close(&tx, 4002, "Error while decoding payload.");
                }
                Some(Ok(Message::Close(_))) => {
                    // Completes the closing handshake (tungstenite queued the echo).
                    let _ = sink.close().await;
                    break;
                }
                Some(Err(_)) | None => break,
                Some(Ok(_)) => {} // ping / pong: tungstenite answers pings itself
            },
            out = rx.recv() => match out {
                Some(Out::Text(text)) => {
                    if sink.send(Message::Text(text)).await.is_err() {
                        break;
                    }
                }
                Some(Out::Close(code, reason)) => {
                    let frame = CloseFrame { code: CloseCode::from(code), reason: reason.into() };
                    let _ = sink.send(Message::Close(Some(frame))).await;
                    break;
                }
                None => break,
            },
        }
    }
    let mut st = fake.lock();
    if st.gw.live.as_ref().is_some_and(|(c, _)| *c == conn) {
        st.gw.live = None;
    }
}

fn token_ok(fake: &FakeDiscord, st: &State, given: &Value) -> bool {
    let given = given.as_str().unwrap_or_default();
    !st.token_reset && given.strip_prefix("Bot ").unwrap_or(given) == fake.token()
}

fn on_frame(
    fake: &FakeDiscord,
    conn: u64,
    tx: &UnboundedSender<Out>,
    text: &str,
    identified: &mut bool,
) {
    let mut st = fake.lock();
    let Ok(frame) = serde_json::from_str::<Value>(text) else {
        st.close(tx, 4002, "Error while decoding payload.");
        return;
    };
    st.gw.received.push(frame.clone());
    let d = &frame["d"];
    match frame["op"].as_u64() {
        Some(1) => st.send_frame(tx, json!({"op": 11, "d": null, "s": null, "t": null})),
        Some(2) => identify(fake, &mut st, conn, tx, d, identified),
        Some(6) => {
            let resumable = st.gw.session_id.is_some()
                && d["session_id"].as_str() == st.gw.session_id.as_deref()
                && token_ok(fake, &st, &d["token"]);
            if !resumable {
                st.send_frame(tx, json!({"op": 9, "d": false, "s": null, "t": null}));
                return;
            }
            *identified = true;
            st.gw.resumes += 1;
            st.gw.live = Some((conn, tx.clone()));
            let from = d["seq"].as_u64().unwrap_or(0);
            let missed: Vec<String> = st
                .gw
                .log
                .iter()
                .filter(|(s, _)| *s > from)
                .map(|(_, t)| t.clone())
                .collect();
            for text in missed {
                let _ = tx.send(Out::Text(text));
            }
            st.dispatch("RESUMED", json!({"_trace": ["fake-discord-gateway"]}));
        }
        Some(3 | 4 | 8 | 31) => {
            if !*identified {
                st.close(tx, 4003, "Not authenticated.");
            }
        }
        _ => st.close(tx, 4001, "Unknown opcode."),
    }
}

fn identify(
    fake: &FakeDiscord,
    st: &mut State,
    conn: u64,
    tx: &UnboundedSender<Out>,
    d: &Value,
    identified: &mut bool,
) {
    if *identified {
        st.close(tx, 4005, "Already authenticated.");
        return;
    }
    if !token_ok(fake, st, &d["token"]) {
        st.close(tx, 4004, "Authentication failed.");
        return;
    }
    let intents = d["intents"].as_u64().unwrap_or(0);
    let mut attempt = IdentifyAttempt {
        at: Instant::now(),
        time: SystemTime::now(),
        intents,
        refused: None,
    };
    // Past the session-start budget Discord resets the token: every session ends.
    if st.gw.attempts.len() as u64 >= st.gw.identify_budget {
        attempt.refused = Some(4004);
        st.gw.attempts.push(attempt);
        st.token_reset = true;
        st.gw.session_id = None;
        if let Some((_, live)) = st.gw.live.take() {
            st.close(&live, 4004, "Authentication failed.");
        }
        st.close(tx, 4004, "Authentication failed.");
        return;
    }
    if intents & st.gw.disallowed_intents != 0 {
        attempt.refused = Some(4014);
        st.gw.attempts.push(attempt);
        st.close(tx, 4014, "Disallowed intent(s).");
        return;
    }
    let shard = d["shard"].clone();
    if !(shard.is_null() || shard == json!([0, 1])) {
        attempt.refused = Some(4010);
        st.gw.attempts.push(attempt);
        st.close(tx, 4010, "Invalid shard.");
        return;
    }
    st.gw.attempts.push(attempt);
    *identified = true;
    let session_id = format!("fake-session-{}", st.next_id());
    st.gw.identifies += 1;
    st.gw.identify = Some(d.clone());
    st.gw.intents = intents;
    st.gw.session_id = Some(session_id.clone());
    st.gw.seq = 0;
    st.gw.log.clear();
    st.gw.live = Some((conn, tx.clone()));
    let shard = if shard.is_null() {
        json!([0, 1])
    } else {
        shard
    };
    st.dispatch(
        "READY",
        shapes::ready_json(&session_id, &fake.gateway_url(), shard),
    );
    if st.gw.intents & intents::GUILDS != 0 {
        let guild = shapes::guild_create_json(st);
        st.dispatch("GUILD_CREATE", guild);
    }
}

/// Whether Discord lets a client resume after this close code (its close-code table).
fn resumable_close(code: u16) -> bool {
    !matches!(code, 4001 | 4003 | 4004 | 4005 | 4007 | 4009..=4014)
}

impl FakeDiscord {
    /// The `d` of the latest accepted IDENTIFY (token included).
    pub fn identify_payload(&self) -> Option<Value> {
        self.lock().gw.identify.clone()
    }

    /// Intents of the latest accepted IDENTIFY.
    pub fn intents(&self) -> Option<u64> {
        let st = self.lock();
        st.gw.identify.as_ref().map(|_| st.gw.intents)
    }

    /// Every frame the bot sent on the gateway (all connections), in order.
    pub fn gateway_received(&self) -> Vec<Value> {
        self.lock().gw.received.clone()
    }

    /// Every frame the fake sent on the gateway (all connections), in order; close frames not
    /// included (see [`FakeDiscord::gateway_closes`]).
    pub fn gateway_sent(&self) -> Vec<Value> {
        self.lock().gw.sent.clone()
    }

    /// The close codes the fake sent, in order.
    pub fn gateway_closes(&self) -> Vec<u16> {
        self.lock().gw.closes.clone()
    }

    /// Number of accepted IDENTIFYs and successful RESUMEs so far.
    pub fn sessions(&self) -> (u64, u64) {
        let st = self.lock();
        (st.gw.identifies, st.gw.resumes)
    }

    /// Every IDENTIFY with the right token, with its time and what became of it.
    pub fn identifies(&self) -> Vec<IdentifyAttempt> {
        self.lock().gw.attempts.clone()
    }

    /// How many IDENTIFYs the token may send (Discord: 1000 a day, in `GET /gateway/bot`'s
    /// `session_start_limit`). One more and Discord resets the token: the fake closes every
    /// connection with 4004 and answers 401 to every REST call from then on.
    pub fn set_identify_budget(&self, identifies: u64) {
        self.lock().gw.identify_budget = identifies;
    }

    /// Whether the token was reset for identifying too often.
    pub fn token_was_reset(&self) -> bool {
        self.lock().token_reset
    }

    /// Intents the application may not use (privileged intents not enabled in its settings):
    /// an IDENTIFY asking for any of them is closed with 4014 "Disallowed intent(s)".
    pub fn disallow_intents(&self, bits: u64) {
        self.lock().gw.disallowed_intents = bits;
    }

    /// Sends op 7 RECONNECT; the bot should reconnect and RESUME. Events dispatched meanwhile are
    /// replayed on resume.
    pub fn request_reconnect(&self) {
        let mut st = self.lock();
        if let Some((_, tx)) = st.gw.live.clone() {
            st.send_frame(&tx, json!({"op": 7, "d": null, "s": null, "t": null}));
        }
    }

    /// Sends op 9 INVALID_SESSION with `d: resumable`. Not resumable: the session is gone and
    /// the bot must IDENTIFY again; resumable: it may RESUME.
    pub fn invalidate_session(&self, resumable: bool) {
        let mut st = self.lock();
        if !resumable {
            st.gw.session_id = None;
            st.gw.log.clear();
        }
        if let Some((_, tx)) = st.gw.live.clone() {
            st.send_frame(&tx, json!({"op": 9, "d": resumable, "s": null, "t": null}));
        }
    }

    /// Closes the live gateway connection with `code` (4000 unknown error, 4004 authentication
    /// failed, 4014 disallowed intents, ...). After a code Discord does not let a client resume
    /// from, the session is gone.
    pub fn close_gateway(&self, code: u16, reason: &str) {
        let mut st = self.lock();
        if !resumable_close(code) {
            st.gw.session_id = None;
            st.gw.log.clear();
        }
        if let Some((_, tx)) = st.gw.live.take() {
            st.close(&tx, code, reason);
        }
    }
}
