//! Who may do what, as Discord's permissions say: moderate a channel (Manage Messages), manage
//! the whole server (Manage Server).

use poise::serenity_prelude as serenity;

/// Whether an interaction's member may moderate its channel (Manage Messages).
pub(super) fn may_moderate(member: Option<&serenity::Member>) -> bool {
    member
        .and_then(|m| m.permissions)
        .is_some_and(|p| p.manage_messages())
}

/// Whether an interaction's member may manage the whole server (Manage Server).
pub(super) fn may_manage_server(member: Option<&serenity::Member>) -> bool {
    member
        .and_then(|m| m.permissions)
        .is_some_and(|p| p.manage_guild())
}

/// Whether the author of a message may manage messages in its channel (a thread counts as
/// its parent channel), from the cached guild and the author's roles.
pub(super) async fn message_moderator(ctx: &serenity::Context, msg: &serenity::Message) -> bool {
    let Ok(member) = msg.member(ctx).await else {
        return false;
    };
    let Some(guild) = msg.guild_id.and_then(|g| ctx.cache.guild(g)) else {
        return false;
    };
    let channel = guild.channels.get(&msg.channel_id).or_else(|| {
        let parent = guild
            .threads
            .iter()
            .find(|t| t.id == msg.channel_id)
            .and_then(|t| t.parent_id)?;
        guild.channels.get(&parent)
    });
    channel.is_some_and(|c| guild.user_permissions_in(c, &member).manage_messages())
}
