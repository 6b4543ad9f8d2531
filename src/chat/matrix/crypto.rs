//! The bot's end-to-end identity: its device is cross-signed by its own account, so that
//! clients that exclude devices not verified by their owner (Element's MSC4153) keep talking to
//! it, and recovery (secret storage with a key backup) is switched on.
//!
//! At every start the bot checks that it holds its private cross-signing keys:
//! - yes (the usual restart): nothing to do;
//! - no, but `<data_dir>/matrix/recovery-key` exists: the keys are restored from the
//!   homeserver's secret storage with it (the identity stays the same);
//! - no: a new cross-signing identity is made and uploaded, confirmed with the account's
//!   password (user-interactive auth). Without the password (token login) a homeserver that
//!   asks for it gets a warning in the log, and the bot runs unverified.
//!
//! Then, if recovery is not on yet, it is switched on and its key written to
//! `<data_dir>/matrix/recovery-key` (0600): keep a copy of that file to bring the same
//! identity back on a new machine.

use std::path::Path;

use matrix_sdk::Client;
use matrix_sdk::encryption::recovery::{RecoveryError, RecoveryState};
use matrix_sdk::ruma::api::client::uiaa::{
    AuthData, MatrixUserIdentifier, Password, UserIdentifier,
};

use super::Settings;
use super::session::write_private;
use crate::chat::chain;

/// The file that keeps the recovery key.
pub const RECOVERY_KEY_FILE: &str = "recovery-key";

/// Makes sure the bot's device is cross-signed and recovery is on; logs what it could not do.
pub(super) async fn secure(client: &Client, settings: &Settings) {
    let encryption = client.encryption();
    encryption.wait_for_e2ee_initialization_tasks().await;
    let key_file = settings.dir.join(RECOVERY_KEY_FILE);
    if !cross_signed(client).await
        && let Ok(key) = std::fs::read_to_string(&key_file)
    {
        match encryption.recovery().recover(key.trim()).await {
            Ok(()) => tracing::info!("cross-signing keys restored with the recovery key"),
            Err(e) => {
                tracing::warn!(error = %chain(&e), "the recovery key did not open the secret storage")
            }
        }
    }
    if !cross_signed(client).await {
        match bootstrap(client, settings).await {
            Ok(()) => tracing::info!("new cross-signing identity; this device is signed"),
            Err(e) => {
                tracing::warn!(error = %e, "the bot's device is not cross-signed: clients that exclude unverified devices will not talk to it in encrypted rooms");
                return;
            }
        }
    }
    // Once: a restart finds the key file (the state may still be settling), and a new key
    // would make the operator's copy useless.
    let state = encryption.recovery().state();
    if state == RecoveryState::Disabled || (state != RecoveryState::Enabled && !key_file.exists()) {
        enable_recovery(client, &key_file).await;
    }
}

/// Whether this device holds all three private cross-signing keys.
async fn cross_signed(client: &Client) -> bool {
    client
        .encryption()
        .cross_signing_status()
        .await
        .is_some_and(|s| s.is_complete())
}

/// Makes and uploads a new cross-signing identity, with the password when the homeserver asks.
async fn bootstrap(client: &Client, settings: &Settings) -> Result<(), String> {
    let encryption = client.encryption();
    let Err(e) = encryption.bootstrap_cross_signing(None).await else {
        return Ok(());
    };
    let Some(uiaa) = e.as_uiaa_response() else {
        return Err(chain(&e));
    };
    let Some(secret) = &settings.password else {
        return Err(
            "the homeserver wants the password to upload cross-signing keys (set SPIELTISCH_MATRIX_PASSWORD once)"
                .into(),
        );
    };
    let mut password = Password::new(
        UserIdentifier::Matrix(MatrixUserIdentifier::new(settings.user.clone())),
        secret.expose().to_string(),
    );
    password.session = uiaa.session.clone();
    encryption
        .bootstrap_cross_signing(Some(AuthData::Password(password)))
        .await
        .map_err(|e| chain(&e))
}

/// Switches recovery on (a new backup and secret storage) and keeps its key in `key_file`.
async fn enable_recovery(client: &Client, key_file: &Path) {
    let recovery = client.encryption().recovery();
    let mut result = recovery.enable().await;
    if matches!(result, Err(RecoveryError::BackupExistsOnServer)) {
        // A backup made by an identity whose keys are lost: nobody can read it any more.
        tracing::info!("replacing a key backup this device cannot open");
        match client.encryption().backups().disable_and_delete().await {
            Ok(()) => result = recovery.enable().await,
            Err(e) => {
                tracing::warn!(error = %chain(&e), "the old key backup could not be removed; recovery stays off");
                return;
            }
        }
    }
    match result {
        Ok(key) => match write_private(key_file, key.as_bytes()) {
            Ok(()) => tracing::info!(
                file = %key_file.display(),
                "recovery is on; keep a copy of the recovery key file"
            ),
            Err(e) => {
                tracing::warn!(file = %key_file.display(), error = %e, "the recovery key could not be saved")
            }
        },
        Err(e) => tracing::warn!(error = %chain(&e), "recovery could not be switched on"),
    }
}
