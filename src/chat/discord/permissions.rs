//! Who may do what, as Discord's permissions say: moderate a channel (Manage Messages), manage
//! the whole server (Manage Server).

use poise::serenity_prelude as serenity;

/// Whether an interaction's member may moderate its channel (Manage Messages).
pub(super) fn may_moderate(member: Option<&serenity::Member>) -> bool {
    member
        .and_then(|m| m.permissions)
        .is_some_and(|p| p.manage_messages())
}

/// Whether an interaction's member may run events in its channel (Manage Events).
pub(super) fn may_organize(member: Option<&serenity::Member>) -> bool {
    member
        .and_then(|m| m.permissions)
        .is_some_and(|p| p.manage_events())
}

/// Whether an interaction's member may manage the whole server (Manage Server).
pub(super) fn may_manage_server(member: Option<&serenity::Member>) -> bool {
    member
        .and_then(|m| m.permissions)
        .is_some_and(|p| p.manage_guild())
}

/// Whether the author of a message may manage messages in its channel (a thread counts as
/// its parent channel) and whether they may manage events there, from the cached guild and
/// the author's roles.
pub(super) async fn message_moderator(
    ctx: &serenity::Context,
    msg: &serenity::Message,
) -> (bool, bool) {
    let Ok(member) = msg.member(ctx).await else {
        return (false, false);
    };
    let Some(guild) = msg.guild_id.and_then(|g| ctx.cache.guild(g)) else {
        return (false, false);
    };
    channel_of(&guild, msg.channel_id).map_or((false, false), |c| {
        let p = guild.user_permissions_in(c, &member);
        (p.manage_messages(), p.manage_events())
    })
}

/// The channel whose permissions hold in `id`: the channel itself, or a thread's parent.
fn channel_of(guild: &serenity::Guild, id: serenity::ChannelId) -> Option<&serenity::GuildChannel> {
    guild.channels.get(&id).or_else(|| {
        let parent = guild
            .threads
            .iter()
            .find(|t| t.id == id)
            .and_then(|t| t.parent_id)?;
        guild.channels.get(&parent)
    })
}

/// What the bot needs in a table's channel: to see it, to post there (in a thread: to post in
/// threads), to attach a board and show it in an embed, and to read the message it answers.
pub(super) fn to_play(in_thread: bool) -> serenity::Permissions {
    use serenity::Permissions as P;
    let post = if in_thread {
        P::SEND_MESSAGES_IN_THREADS
    } else {
        P::SEND_MESSAGES
    };
    P::VIEW_CHANNEL | post | P::ATTACH_FILES | P::EMBED_LINKS | P::READ_MESSAGE_HISTORY
}

/// What the bot needs to answer a message in its channel with a word: to see it, to post
/// there, and to read the message it replies to.
pub(super) fn to_answer(in_thread: bool) -> serenity::Permissions {
    use serenity::Permissions as P;
    let post = if in_thread {
        P::SEND_MESSAGES_IN_THREADS
    } else {
        P::SEND_MESSAGES
    };
    P::VIEW_CHANNEL | post | P::READ_MESSAGE_HISTORY
}

/// What a tournament needs besides: its games' threads, public and (a duplicate's) private.
pub(super) fn to_run_tournaments() -> serenity::Permissions {
    use serenity::Permissions as P;
    to_play(false)
        | P::CREATE_PUBLIC_THREADS
        | P::CREATE_PRIVATE_THREADS
        | P::SEND_MESSAGES_IN_THREADS
}

/// Every permission the bot asks for when invited (the link in `docs/operating.md`): nothing
/// more.
pub const INVITE: serenity::Permissions = serenity::Permissions::from_bits_truncate(
    serenity::Permissions::VIEW_CHANNEL.bits()
        | serenity::Permissions::SEND_MESSAGES.bits()
        | serenity::Permissions::SEND_MESSAGES_IN_THREADS.bits()
        | serenity::Permissions::READ_MESSAGE_HISTORY.bits()
        | serenity::Permissions::ATTACH_FILES.bits()
        | serenity::Permissions::EMBED_LINKS.bits()
        | serenity::Permissions::CREATE_PUBLIC_THREADS.bits()
        | serenity::Permissions::CREATE_PRIVATE_THREADS.bits(),
);

/// What the command `text` needs the bot to be allowed where it is said: a new table's (or a
/// tournament's) rights; nothing for commands that only answer the asker. A table that will
/// move into a thread of its own at its start (the option `thread`, or `threads` for every
/// table) needs the rights to open one and post in it as well.
pub(super) fn needed_for(
    text: &str,
    in_thread: bool,
    threads: bool,
) -> Option<serenity::Permissions> {
    use serenity::Permissions as P;
    let mut words = text.trim_start_matches(['/', '!']).split_whitespace();
    let verb = words.next()?.to_ascii_lowercase();
    let next = words.next().map(str::to_ascii_lowercase);
    let wants_thread = !in_thread
        && (threads
            || text
                .split(|c: char| c.is_whitespace() || c == ',')
                .any(|w| w.eq_ignore_ascii_case("thread")));
    let thread = if wants_thread {
        P::CREATE_PUBLIC_THREADS | P::SEND_MESSAGES_IN_THREADS
    } else {
        P::empty()
    };
    match (verb.as_str(), next.as_deref()) {
        ("join", _) | ("start", _) => Some(to_play(in_thread) | thread),
        ("tournament", Some("create")) => Some(to_run_tournaments()),
        _ => None,
    }
}

/// The permissions of `need` that `have` lacks, by the names Discord shows them; empty when
/// nothing is missing (or when Discord did not say what the bot has).
pub(super) fn missing(
    have: Option<serenity::Permissions>,
    need: serenity::Permissions,
) -> Vec<&'static str> {
    match have {
        Some(have) if have.administrator() => Vec::new(),
        Some(have) => (need - have).get_permission_names(),
        None => Vec::new(),
    }
}

/// The bot's own permissions in the channel of `msg` (a thread counts as its parent), from
/// the cache: for `!` commands, which carry none.
pub(super) fn bot_permissions(
    ctx: &serenity::Context,
    msg: &serenity::Message,
) -> Option<serenity::Permissions> {
    let guild = ctx.cache.guild(msg.guild_id?)?;
    let me = ctx.cache.current_user().id;
    let member = guild.members.get(&me)?;
    let channel = channel_of(&guild, msg.channel_id)?;
    Some(guild.user_permissions_in(channel, member))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serenity::Permissions as P;

    #[test]
    fn a_table_needs_its_channel_s_rights_and_a_tournament_its_threads_too() {
        let full = Some(INVITE);
        assert!(missing(full, to_run_tournaments()).is_empty());
        let no_files = Some(INVITE - P::ATTACH_FILES);
        assert_eq!(missing(no_files, to_play(false)), vec!["Attach Files"]);
        let no_threads = Some(INVITE - P::CREATE_PRIVATE_THREADS);
        assert!(missing(no_threads, to_play(false)).is_empty());
        assert_eq!(
            missing(no_threads, to_run_tournaments()),
            vec!["Create Private Threads"]
        );
        assert!(missing(Some(P::ADMINISTRATOR), to_run_tournaments()).is_empty());
        assert_eq!(
            needed_for("/join somegame", false, false),
            Some(to_play(false))
        );
        assert_eq!(needed_for("!join", true, false), Some(to_play(true)));
        assert_eq!(
            needed_for("/tournament create somegame swiss", false, false),
            Some(to_run_tournaments())
        );
        assert_eq!(needed_for("/board", false, true), None);
        // A table that will get a thread of its own needs the rights to open it.
        let threaded = to_play(false) | P::CREATE_PUBLIC_THREADS | P::SEND_MESSAGES_IN_THREADS;
        assert_eq!(
            needed_for("/join somegame profi,thread", false, false),
            Some(threaded)
        );
        assert_eq!(needed_for("/start", false, true), Some(threaded));
        assert_eq!(needed_for("!start", true, true), Some(to_play(true)));
        // The invite link asks for 377957239808: exactly these rights.
        assert_eq!(INVITE.bits(), 377_957_239_808);
    }

    /// The invite link an operator copies from docs/operating.md asks for exactly the rights
    /// the bot checks for and logs at its start.
    #[test]
    fn the_documented_invite_link_asks_for_these_rights() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/operating.md");
        let doc = std::fs::read_to_string(&path).expect("docs/operating.md");
        let links: Vec<&str> = doc
            .split_whitespace()
            .filter(|w| w.starts_with("https://discord.com/oauth2/authorize?"))
            .collect();
        assert!(!links.is_empty(), "no invite link in {}", path.display());
        for link in links {
            let asked = link
                .split(['?', '&'])
                .find_map(|p| p.strip_prefix("permissions="))
                .and_then(|p| p.parse::<u64>().ok());
            assert_eq!(asked, Some(INVITE.bits()), "{link}");
        }
    }
}
