//! The chats' memory in PostgreSQL: one row per key.

use super::{PgStore, pg_err};
use crate::league::ChatStore;
use crate::table::StoreError;

impl ChatStore for PgStore {
    fn chat_record(&self, key: &str) -> Result<Option<String>, StoreError> {
        let rows = self.rows(
            "SELECT record FROM chat_records WHERE key = $1",
            vec![Box::new(key.to_string())],
        )?;
        Ok(rows.first().map(|r| r.get(0)))
    }

    fn set_chat_record(&self, key: &str, record: Option<&str>) -> Result<(), StoreError> {
        let (key, record) = (key.to_string(), record.map(str::to_string));
        self.transaction(move |tx| {
            Box::pin(async move {
                match &record {
                    Some(record) => {
                        tx.execute(
                            "INSERT INTO chat_records (key, record) VALUES ($1, $2)
                             ON CONFLICT (key) DO UPDATE SET record = EXCLUDED.record",
                            &[&key, record],
                        )
                        .await
                    }
                    None => {
                        tx.execute("DELETE FROM chat_records WHERE key = $1", &[&key])
                            .await
                    }
                }
                .map_err(pg_err)?;
                Ok(())
            })
        })
    }

    fn chat_records(&self, prefix: &str) -> Result<Vec<(String, String)>, StoreError> {
        let rows = self.rows(
            "SELECT key, record FROM chat_records WHERE starts_with(key, $1)
             ORDER BY key COLLATE \"C\"",
            vec![Box::new(prefix.to_string())],
        )?;
        Ok(rows.iter().map(|r| (r.get(0), r.get(1))).collect())
    }
}
