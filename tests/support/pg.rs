//! A PostgreSQL database for the tests: `SPIELTISCH_TEST_POSTGRES` names the server's test
//! database (`.ci/postgres.sh` starts one on loopback; CI also sets
//! `SPIELTISCH_TEST_POSTGRES_REQUIRED=1`). Each test gets a schema of its own, emptied first.
//! Without a server a test is skipped with a message — unless a server is required.

/// The URL of a fresh, empty schema named after `test`, or `None` (after a message) when no
/// server is configured and none is required.
pub fn scratch(test: &str) -> Option<String> {
    let Ok(base) = std::env::var("SPIELTISCH_TEST_POSTGRES") else {
        assert!(
            std::env::var_os("SPIELTISCH_TEST_POSTGRES_REQUIRED").is_none(),
            "SPIELTISCH_TEST_POSTGRES_REQUIRED is set but SPIELTISCH_TEST_POSTGRES is not"
        );
        eprintln!(
            "skipping {test}: no PostgreSQL server (set SPIELTISCH_TEST_POSTGRES=postgres://…; `.ci/postgres.sh start /tmp/pg` starts one)"
        );
        return None;
    };
    let clean: String = test
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '_'
            }
        })
        .collect();
    let schema = format!("t_{}_{}", &clean[..clean.len().min(40)], std::process::id());
    let sql = format!("DROP SCHEMA IF EXISTS {schema} CASCADE; CREATE SCHEMA {schema};");
    run(&base, sql);
    let sep = if base.contains('?') { '&' } else { '?' };
    Some(format!("{base}{sep}options=-csearch_path%3D{schema}"))
}

/// Runs `work` with a client of the database at `url`, on a thread of its own (so a test
/// inside a runtime may call it too).
fn with_client<T: Send + 'static>(
    url: &str,
    work: impl AsyncFnOnce(tokio_postgres::Client) -> T + Send + 'static,
) -> T {
    let url = url.to_string();
    std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("a runtime");
        rt.block_on(async move {
            let (client, connection) = tokio_postgres::connect(&url, tokio_postgres::NoTls)
                .await
                .unwrap_or_else(|e| panic!("cannot reach the test database: {e}"));
            tokio::spawn(connection);
            work(client).await
        })
    })
    .join()
    .expect("the SQL thread")
}

/// Runs SQL statements on the database at `url`.
pub fn run(url: &str, sql: String) {
    with_client(url, async move |client| {
        client
            .batch_execute(&sql)
            .await
            .unwrap_or_else(|e| panic!("{sql}: {e:?}"));
    })
}

/// The first column of every row `sql` (one statement, after the `setup` statements on the
/// same connection) answers, as text.
pub fn column(url: &str, setup: &str, sql: &str) -> Vec<String> {
    let (setup, sql) = (setup.to_string(), sql.to_string());
    with_client(url, async move |client| {
        client
            .batch_execute(&setup)
            .await
            .unwrap_or_else(|e| panic!("{setup}: {e:?}"));
        client
            .query(&sql, &[])
            .await
            .unwrap_or_else(|e| panic!("{sql}: {e:?}"))
            .iter()
            .map(|r| r.get::<_, String>(0))
            .collect()
    })
}

/// A TCP relay in front of the test server that can be cut (every connection dropped, new ones
/// refused) and mended: a database that goes away for a while, then comes back.
pub struct Relay {
    /// The URL to use instead of the server's.
    pub url: String,
    up: std::sync::Arc<std::sync::atomic::AtomicBool>,
    open: std::sync::Arc<std::sync::Mutex<Vec<std::net::TcpStream>>>,
}

impl Relay {
    /// A relay for `url` (whose host and port must appear in it as `host:port`).
    pub fn new(url: &str) -> Relay {
        use std::str::FromStr;
        let config = tokio_postgres::Config::from_str(url).expect("a PostgreSQL URL");
        let host = match &config.get_hosts()[0] {
            tokio_postgres::config::Host::Tcp(h) => h.clone(),
            other => panic!("a TCP server, not {other:?}"),
        };
        let port = config.get_ports().first().copied().unwrap_or(5432);
        let server = format!("{host}:{port}");
        assert!(url.contains(&server), "{url} names {server}");
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a port");
        let relay = Relay {
            url: url.replacen(
                &server,
                &listener.local_addr().expect("bound").to_string(),
                1,
            ),
            up: std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true)),
            open: std::sync::Arc::default(),
        };
        let (up, open) = (relay.up.clone(), relay.open.clone());
        std::thread::spawn(move || {
            for client in listener.incoming().flatten() {
                if !up.load(std::sync::atomic::Ordering::SeqCst) {
                    continue; // dropped: the database is away
                }
                let Ok(upstream) = std::net::TcpStream::connect(&server) else {
                    continue;
                };
                let pairs = [
                    (client.try_clone(), upstream.try_clone()),
                    (upstream.try_clone(), client.try_clone()),
                ];
                for (from, to) in pairs {
                    if let (Ok(mut from), Ok(mut to)) = (from, to) {
                        std::thread::spawn(move || {
                            let _ = std::io::copy(&mut from, &mut to);
                            let _ = to.shutdown(std::net::Shutdown::Both);
                        });
                    }
                }
                let mut open = open.lock().expect("the list");
                open.push(client);
                open.push(upstream);
            }
        });
        relay
    }

    /// Drops every connection and refuses new ones.
    pub fn cut(&self) {
        self.up.store(false, std::sync::atomic::Ordering::SeqCst);
        for stream in self.open.lock().expect("the list").drain(..) {
            let _ = stream.shutdown(std::net::Shutdown::Both);
        }
    }

    /// Lets connections through again.
    pub fn mend(&self) {
        self.up.store(true, std::sync::atomic::Ordering::SeqCst);
    }
}
