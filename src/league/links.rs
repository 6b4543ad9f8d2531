//! How the chats write links to their channels, for lists and notices that point at a table
//! (`/mygames`, direct-message pings, a tournament's pairings).

use std::sync::{Arc, Mutex};

use crate::table::markup;
use crate::table::service::lock;

/// How a chat writes a link to one of its channels, given the channel key (`None`: not one of
/// its channels).
pub type ChannelLink = Arc<dyn Fn(&str) -> Option<String> + Send + Sync>;

/// The chats' ways of writing links; channels no chat claims are shown by their key.
#[derive(Default)]
pub struct Links(Mutex<Vec<ChannelLink>>);

impl Links {
    /// Adds a chat's way of writing links.
    pub fn add(&self, link: ChannelLink) {
        lock(&self.0).push(link);
    }

    /// The link to `channel`, as the chat it belongs to writes it.
    pub fn to(&self, channel: &str) -> String {
        let links = lock(&self.0).clone();
        links
            .iter()
            .find_map(|l| l(channel))
            .unwrap_or_else(|| markup::code(channel))
    }
}
