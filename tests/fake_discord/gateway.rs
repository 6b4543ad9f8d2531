//! The gateway half of the fake: plain-text JSON frames over tokio-tungstenite.
//!
//! Per connection: HELLO on connect; IDENTIFY starts a session (READY, then GUILD_CREATE if the
//! GUILDS intent is set); RESUME re-attaches a connection to the session and replays what it
//! missed, then RESUMED; heartbeats get ACKs. A wrong token closes with 4004, as Discord does,
//! which makes serenity's `Client::start` fail instead of retrying.

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc::{UnboundedSender, unbounded_channel};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;

use super::{FakeDiscord, Out, intents, shapes};

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
                    let _ = tx.send(Out::Close(4002, "Error while decoding payload."));
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

fn token_ok(fake: &FakeDiscord, given: &Value) -> bool {
    let given = given.as_str().unwrap_or_default();
    given.strip_prefix("Bot ").unwrap_or(given) == fake.token()
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
        let _ = tx.send(Out::Close(4002, "Error while decoding payload."));
        return;
    };
    st.gw.received.push(frame.clone());
    let d = &frame["d"];
    match frame["op"].as_u64() {
        Some(1) => st.send_frame(tx, json!({"op": 11, "d": null, "s": null, "t": null})),
        Some(2) => {
            if *identified {
                let _ = tx.send(Out::Close(4005, "Already authenticated."));
                return;
            }
            if !token_ok(fake, &d["token"]) {
                let _ = tx.send(Out::Close(4004, "Authentication failed."));
                return;
            }
            let shard = d["shard"].clone();
            if !(shard.is_null() || shard == json!([0, 1])) {
                let _ = tx.send(Out::Close(4010, "Invalid shard."));
                return;
            }
            *identified = true;
            let session_id = format!("fake-session-{}", st.next_id());
            st.gw.identifies += 1;
            st.gw.identify = Some(d.clone());
            st.gw.intents = d["intents"].as_u64().unwrap_or(0);
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
                let guild = shapes::guild_create_json(&st);
                st.dispatch("GUILD_CREATE", guild);
            }
        }
        Some(6) => {
            let resumable = st.gw.session_id.is_some()
                && d["session_id"].as_str() == st.gw.session_id.as_deref()
                && token_ok(fake, &d["token"]);
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
                let _ = tx.send(Out::Close(4003, "Not authenticated."));
            }
        }
        _ => {
            let _ = tx.send(Out::Close(4001, "Unknown opcode."));
        }
    }
}
