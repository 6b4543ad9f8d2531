//! Chat adapters: they translate a platform's messages into [`Command`](crate::table::Command)s
//! and the service's [`Reply`](crate::table::Reply)s back into messages. Platform types live
//! only here.

pub mod console;
pub mod discord;
