//! The operator's parts of a running bot put together: readiness (the store tried, the chats
//! asked), the clean stop on signals, and the endpoint when `[http] listen` is set.

use std::sync::Arc;

use super::http::Endpoint;
use super::metrics::MATRIX_SYNC_LAG_SECONDS;
use super::{Health, Shutdown};
use crate::app::App;
use crate::config::Config;

/// What the operator has of a running bot. The endpoint is served while this is held.
#[derive(Debug)]
pub struct Operated {
    /// What the chats tell about their connections.
    pub health: Arc<Health>,
    /// The clean stop, requested by `SIGTERM` or `SIGINT` from now on.
    pub shutdown: Arc<Shutdown>,
    _endpoint: Option<Endpoint>,
}

/// Readiness tries `service`'s store and asks the `chats` named; the signals request the
/// stop from now on; the endpoint serves when configured. The error is one line.
pub fn operate(
    config: &Config,
    service: &Arc<App>,
    chats: &[&'static str],
) -> Result<Operated, String> {
    let probe = service.clone();
    let health = Arc::new(Health::new(
        Some(Box::new(move || {
            probe.probe_store().map_err(|e| e.to_string())
        })),
        config.http.stale_after,
    ));
    for chat in chats {
        health.expect(chat);
    }
    let listen = config.http.listen.trim();
    let endpoint = if listen.is_empty() {
        None
    } else {
        let (gauges, watched) = (service.clone(), health.clone());
        Some(Endpoint::start(
            listen,
            health.clone(),
            Some(Box::new(move || {
                gauges.refresh_gauges();
                if let Some(age) = watched.age("matrix") {
                    metrics::gauge!(MATRIX_SYNC_LAG_SECONDS).set(age.as_secs_f64());
                }
            })),
        )?)
    };
    let shutdown = Shutdown::new(health.clone(), config.shutdown.grace);
    shutdown.on_signals()?;
    Ok(Operated {
        health,
        shutdown,
        _endpoint: endpoint,
    })
}
