//! The operator's endpoint (`[http] listen`): `/metrics` in Prometheus' text format,
//! `/healthz` (alive) and `/readyz` (ready: 200, or 503 with what fails). It runs on a thread
//! of its own, so that a scrape never waits for the chats and they never wait for it.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::Router;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::IntoResponse;
use axum::routing::get;
use tokio::sync::oneshot;

use super::Health;
use super::metrics;

/// What sets the gauges read at each scrape (open tables, queues). Blocking.
pub type Refresh = Box<dyn Fn() + Send + Sync>;

struct Shared {
    health: Arc<Health>,
    refresh: Option<Refresh>,
}

/// The endpoint, running until [`Endpoint::stop`] or its drop.
pub struct Endpoint {
    addr: SocketAddr,
    stop: Option<oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl std::fmt::Debug for Endpoint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Endpoint")
            .field("addr", &self.addr)
            .finish()
    }
}

impl Endpoint {
    /// Listens on `listen` (`host:port`; port 0: any free one) and serves there; the metrics
    /// recorder is installed. The error names the address when it cannot be used.
    pub fn start(
        listen: &str,
        health: Arc<Health>,
        refresh: Option<Refresh>,
    ) -> Result<Endpoint, String> {
        metrics::install();
        let listener = std::net::TcpListener::bind(listen)
            .map_err(|e| format!("[http] listen = {listen:?}: {e}"))?;
        let addr = listener
            .local_addr()
            .map_err(|e| format!("[http] listen = {listen:?}: {e}"))?;
        listener
            .set_nonblocking(true)
            .map_err(|e| format!("[http] listen = {listen:?}: {e}"))?;
        let (stop, stopped) = oneshot::channel::<()>();
        let shared = Arc::new(Shared { health, refresh });
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(|e| format!("the HTTP endpoint's runtime: {e}"))?;
        let thread = std::thread::Builder::new()
            .name("spieltisch-http".into())
            .spawn(move || {
                runtime.block_on(async move {
                    let listener = match tokio::net::TcpListener::from_std(listener) {
                        Ok(l) => l,
                        Err(e) => {
                            tracing::error!(error = %e, "the HTTP endpoint cannot listen");
                            return;
                        }
                    };
                    // Histograms are folded in now and then, not only when scraped.
                    let upkeep = tokio::spawn(async {
                        let mut every = tokio::time::interval(std::time::Duration::from_secs(5));
                        loop {
                            every.tick().await;
                            metrics::install().run_upkeep();
                        }
                    });
                    let served = axum::serve(listener, router(shared))
                        .with_graceful_shutdown(async {
                            let _ = stopped.await;
                        })
                        .await;
                    upkeep.abort();
                    if let Err(e) = served {
                        tracing::error!(error = %e, "the HTTP endpoint stopped");
                    }
                });
            })
            .map_err(|e| format!("the HTTP endpoint's thread: {e}"))?;
        tracing::info!(%addr, "operator endpoint: /metrics, /healthz, /readyz");
        Ok(Endpoint {
            addr,
            stop: Some(stop),
            thread: Some(thread),
        })
    }

    /// The address it listens on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Stops serving (requests under way are answered first) and waits for that.
    pub fn stop(mut self) {
        self.halt();
    }

    fn halt(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

impl Drop for Endpoint {
    fn drop(&mut self) {
        self.halt();
    }
}

fn router(shared: Arc<Shared>) -> Router {
    Router::new()
        .route("/metrics", get(scrape))
        .route("/healthz", get(|| async { "alive\n" }))
        .route("/readyz", get(ready))
        .with_state(shared)
}

async fn scrape(State(shared): State<Arc<Shared>>) -> impl IntoResponse {
    let text = tokio::task::spawn_blocking(move || {
        if let Some(refresh) = &shared.refresh {
            refresh();
        }
        let handle = metrics::install();
        handle.run_upkeep();
        handle.render()
    })
    .await
    .unwrap_or_default();
    (
        [(
            header::CONTENT_TYPE,
            "text/plain; version=0.0.4; charset=utf-8",
        )],
        text,
    )
}

async fn ready(State(shared): State<Arc<Shared>>) -> impl IntoResponse {
    let report = tokio::task::spawn_blocking(move || shared.health.report()).await;
    match report {
        Ok(report) => {
            let status = if report.ready {
                StatusCode::OK
            } else {
                StatusCode::SERVICE_UNAVAILABLE
            };
            (status, report.text())
        }
        Err(e) => (
            StatusCode::SERVICE_UNAVAILABLE,
            format!("not ready\ncheck: FAILING ({e})\n"),
        ),
    }
}
