//! Signing in and the bot's files: the saved session (`session.json`), the SQLite stores
//! (sync token, room state, end-to-end keys) and the recovery key live in the data directory,
//! which only the bot's own user may enter (0700); every file in it is 0600.

use std::path::{Path, PathBuf};

use matrix_sdk::authentication::matrix::MatrixSession;
use matrix_sdk::ruma::UserId;
use matrix_sdk::{Client, SessionMeta, SessionTokens};

use super::{MatrixError, Settings};
use crate::chat::chain;

fn session_file(dir: &Path) -> PathBuf {
    dir.join("session.json")
}

/// Logs in (password or token) or restores the saved session; returns whether it was restored.
pub(super) async fn sign_in(client: &Client, settings: &Settings) -> Result<bool, MatrixError> {
    let file = session_file(&settings.dir);
    if let Ok(bytes) = std::fs::read(&file) {
        let session: MatrixSession = serde_json::from_slice(&bytes)
            .map_err(|e| MatrixError::Other(format!("{} is unreadable: {e}", file.display())))?;
        client
            .restore_session(session)
            .await
            .map_err(|e| MatrixError::Other(chain(&e)))?;
        match client.whoami().await {
            Ok(_) => return Ok(true),
            Err(e)
                if e.as_client_api_error()
                    .is_some_and(|c| c.status_code.as_u16() == 401) =>
            {
                tracing::warn!("the saved Matrix session is no longer valid; logging in again");
                let _ = std::fs::remove_file(&file);
                return Err(MatrixError::Login(
                    "the saved session was rejected; start again to log in anew".into(),
                ));
            }
            Err(e) => {
                return Err(MatrixError::Unreachable(format!(
                    "{}: {}",
                    settings.homeserver,
                    chain(&e)
                )));
            }
        }
    }
    let auth = client.matrix_auth();
    if let Some(token) = &settings.token {
        let user = UserId::parse(&settings.user)
            .map_err(|e| MatrixError::Config(format!("user = {:?}: {e}", settings.user)))?;
        // Ask the homeserver which device the token belongs to.
        let probe = Client::builder()
            .homeserver_url(&settings.homeserver)
            .build()
            .await
            .map_err(|e| {
                MatrixError::Unreachable(format!("{}: {}", settings.homeserver, chain(&e)))
            })?;
        probe
            .restore_session(MatrixSession {
                meta: SessionMeta {
                    user_id: user.clone(),
                    device_id: "PROBE".into(),
                },
                tokens: SessionTokens {
                    access_token: token.expose().to_string(),
                    refresh_token: None,
                },
            })
            .await
            .map_err(|e| MatrixError::Other(chain(&e)))?;
        let me = probe
            .whoami()
            .await
            .map_err(|e| classify_login(&settings.homeserver, &e))?;
        let device_id = me
            .device_id
            .ok_or_else(|| MatrixError::Login("the access token belongs to no device".into()))?;
        client
            .restore_session(MatrixSession {
                meta: SessionMeta {
                    user_id: me.user_id,
                    device_id,
                },
                tokens: SessionTokens {
                    access_token: token.expose().to_string(),
                    refresh_token: None,
                },
            })
            .await
            .map_err(|e| MatrixError::Other(chain(&e)))?;
    } else if let Some(password) = &settings.password {
        auth.login_username(&settings.user, password.expose())
            .initial_device_display_name(&settings.device_name)
            .send()
            .await
            .map_err(|e| match e.as_client_api_error() {
                Some(api) => MatrixError::Login(api.to_string()),
                None => MatrixError::Unreachable(format!("{}: {}", settings.homeserver, chain(&e))),
            })?;
    } else {
        return Err(MatrixError::Config(
            "set SPIELTISCH_MATRIX_PASSWORD or SPIELTISCH_MATRIX_TOKEN".into(),
        ));
    }
    if let Some(session) = auth.session() {
        let json = serde_json::to_vec(&session).map_err(|e| MatrixError::Other(e.to_string()))?;
        write_private(&file, &json)
            .map_err(|e| MatrixError::Other(format!("{}: {e}", file.display())))?;
    }
    Ok(false)
}

fn classify_login(homeserver: &str, e: &matrix_sdk::HttpError) -> MatrixError {
    match e.as_client_api_error() {
        Some(api) => MatrixError::Login(api.to_string()),
        None => MatrixError::Unreachable(format!("{homeserver}: {}", chain(e))),
    }
}

/// Writes a file only its owner may read (an access token, a recovery key).
pub(super) fn write_private(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut file = options.open(path)?;
    #[cfg(unix)]
    {
        // A file that existed keeps its mode through `open`: set it.
        use std::os::unix::fs::PermissionsExt;
        file.set_permissions(std::fs::Permissions::from_mode(0o600))?;
    }
    file.write_all(bytes)
}

/// Creates `dir` (and its parents) if needed and makes it the owner's alone (0700).
pub(super) fn private_dir(dir: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700))?;
    }
    Ok(())
}

/// Makes everything under `dir` the owner's alone: directories 0700, files 0600 (SQLite
/// creates its files with the process's umask; its journals copy the database's mode).
pub(super) fn restrict(dir: &Path) {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let Ok(kind) = entry.file_type() else {
                continue;
            };
            let mode = if kind.is_dir() {
                restrict(&path);
                0o700
            } else if kind.is_file() {
                0o600
            } else {
                continue;
            };
            if let Err(e) = std::fs::set_permissions(&path, std::fs::Permissions::from_mode(mode)) {
                tracing::warn!(path = %path.display(), error = %e, "cannot restrict the file's mode");
            }
        }
    }
}
