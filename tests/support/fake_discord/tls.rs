//! The fake's REST API over TLS as `discord.com`: a certificate authority made for the run and
//! a certificate for discord.com signed by it. A client that resolves discord.com to the fake
//! and trusts that authority talks to the fake exactly as to Discord — serenity's rate limiter
//! included, which a plain-HTTP proxy URL would switch off.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

use axum::Router;
use hyper_util::rt::TokioIo;
use hyper_util::service::TowerToHyperService;
use rcgen::{BasicConstraints, CertificateParams, DnType, IsCa, KeyPair};
use rustls::pki_types::{CertificateDer, PrivateKeyDer, PrivatePkcs8KeyDer};
use tokio::net::TcpListener;
use tokio_rustls::TlsAcceptor;

/// The run's certificate authority (PEM, in a file for the bot) and the server's TLS config.
pub(crate) struct Tls {
    pub ca_file: tempfile::TempPath,
    config: Arc<rustls::ServerConfig>,
}

impl Tls {
    pub fn new() -> Tls {
        let ca_key = KeyPair::generate().expect("CA key");
        let mut ca = CertificateParams::new(Vec::<String>::new()).expect("CA params");
        ca.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
        ca.distinguished_name
            .push(DnType::CommonName, "fake Discord test CA");
        let ca_cert = ca.self_signed(&ca_key).expect("CA certificate");
        let key = KeyPair::generate().expect("server key");
        let server = CertificateParams::new(vec!["discord.com".to_string()])
            .expect("server params")
            .signed_by(&key, &ca_cert, &ca_key)
            .expect("server certificate");
        let mut file = tempfile::NamedTempFile::new().expect("CA file");
        std::io::Write::write_all(&mut file, ca_cert.pem().as_bytes()).expect("CA written");
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        let mut config = rustls::ServerConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()
            .expect("TLS versions")
            .with_no_client_auth()
            .with_single_cert(
                vec![CertificateDer::from(server.der().to_vec())],
                PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(key.serialize_der())),
            )
            .expect("server TLS config");
        config.alpn_protocols = vec![b"http/1.1".to_vec()];
        Tls {
            ca_file: file.into_temp_path(),
            config: Arc::new(config),
        }
    }

    /// Where the authority's PEM is.
    pub fn ca_path(&self) -> PathBuf {
        self.ca_file.to_path_buf()
    }

    /// Serves `app` over TLS on `listener`, one task per connection.
    pub async fn serve(config: Arc<rustls::ServerConfig>, listener: TcpListener, app: Router) {
        let acceptor = TlsAcceptor::from(config);
        loop {
            let Ok((tcp, _)) = listener.accept().await else {
                continue;
            };
            let (acceptor, app) = (acceptor.clone(), app.clone());
            tokio::spawn(async move {
                let Ok(stream) = acceptor.accept(tcp).await else {
                    return;
                };
                let service = TowerToHyperService::new(app);
                let _ = hyper::server::conn::http1::Builder::new()
                    .serve_connection(TokioIo::new(stream), service)
                    .await;
            });
        }
    }

    pub fn config(&self) -> Arc<rustls::ServerConfig> {
        self.config.clone()
    }
}

/// The address to resolve discord.com to.
pub(crate) fn address(addr: SocketAddr) -> String {
    addr.to_string()
}
