//! `!` commands: text messages in a channel, answered there (as replies to the message) or
//! by direct message.

use poise::serenity_prelude as serenity;

use super::deliver::{self, Outgoing, channel_key, user_key};
use super::permissions::{self, message_moderator};
use super::reach::{self, community_key};
use super::{Data, Error, hint_words, rights_refusal, threads};
use crate::chat::chain;
use crate::table::command::{self, Parsed};
use crate::table::{Command, Reply, User, Verb};

/// A `!` message: replies go to the channel (as replies to the message), private ones by DM.
pub(super) async fn on_message(
    ctx: &serenity::Context,
    data: &Data,
    msg: &serenity::Message,
) -> Result<(), Error> {
    if msg.author.bot
        || !matches!(
            command::parse(&msg.content),
            Parsed::Verb(..) | Parsed::TooLong(_)
        )
    {
        return Ok(());
    }
    if !msg.content.trim_start().starts_with('!') {
        return Ok(());
    }
    // While the bot stops, a `!` command is not run; its author is asked to send it again.
    let Some(_working) = data.shutdown.begin() else {
        let community = msg.guild_id.map(community_key);
        let lang = data
            .service
            .channel_language(&channel_key(msg.channel_id), community.as_deref());
        let _ = deliver::reply_to(&ctx.http, msg, &super::restarting(lang)).await;
        return Ok(());
    };
    let name = msg
        .member
        .as_ref()
        .and_then(|m| m.nick.clone())
        .or_else(|| msg.author.global_name.clone())
        .unwrap_or_else(|| msg.author.name.clone());
    // The rights matter to few commands: the cache is asked only for those.
    let (moderator, may_organize) = if matches!(
        command::parse(&msg.content),
        Parsed::Verb(Verb::Abort | Verb::Language | Verb::Tournament, _)
    ) {
        message_moderator(ctx, msg).await
    } else {
        (false, false)
    };
    let in_thread = msg
        .guild_id
        .and_then(|g| ctx.cache.guild(g))
        .is_some_and(|g| g.threads.iter().any(|t| t.id == msg.channel_id));
    // A `!` command is answered in the channel: where the bot lacks the rights to answer
    // (or to play), the command is not run and its author hears why — by direct message when
    // the bot cannot even answer there.
    let community = msg.guild_id.map(community_key);
    let lang = data
        .service
        .channel_language(&channel_key(msg.channel_id), community.as_deref());
    let have = permissions::bot_permissions(ctx, msg);
    let need = permissions::needed_for(&msg.content, in_thread, data.threads)
        .unwrap_or_else(|| permissions::to_play(in_thread));
    if let Some(refusal) = rights_refusal(Some(need), have, msg.channel_id, lang) {
        // A reply Discord would refuse is not tried: each refusal counts toward its ban.
        let answerable = permissions::missing(have, permissions::to_answer(in_thread)).is_empty();
        let answered = match answerable {
            true => deliver::reply_to(&ctx.http, msg, &refusal).await.is_ok(),
            false => false,
        };
        if !answered {
            let private = Outgoing {
                reply: Reply {
                    to: Some(User {
                        id: user_key(msg.author.id),
                        name: msg.author.name.clone(),
                    }),
                    ..refusal.reply
                },
                png: None,
            };
            data.reach
                .direct(&ctx.http, &data.service, None, &private)
                .await;
        }
        return Ok(());
    }
    if in_thread && threads::refused_in_thread(&msg.content) {
        let community = msg.guild_id.map(community_key);
        let lang = data
            .service
            .channel_language(&channel_key(msg.channel_id), community.as_deref());
        let refusal = Outgoing {
            reply: crate::i18n::scope(lang, || {
                Reply::refusal(crate::refusal!("discord-no-tournament-in-thread"))
            }),
            png: None,
        };
        if let Err(e) = deliver::reply_to(&ctx.http, msg, &refusal).await {
            tracing::warn!(error = %e, "reply to a message not delivered");
        }
        return Ok(());
    }
    let cmd = Command {
        moderator,
        may_organize,
        community: msg.guild_id.map(community_key),
        ..Command::new(
            &channel_key(msg.channel_id),
            User {
                id: user_key(msg.author.id),
                name,
            },
            &msg.content,
        )
    };
    let (service, renderer) = (data.service.clone(), data.renderer.clone());
    let outgoing = tokio::task::spawn_blocking(move || {
        let mut outgoing = deliver::prepare(&service, &renderer, &cmd, hint_words);
        super::buttons::fit(service.chat_store().as_ref(), &mut outgoing);
        outgoing
    })
    .await?;
    for out in &outgoing {
        match &out.reply.to {
            // A public reply answers the message it replies to.
            None => match deliver::reply_to(&ctx.http, msg, out).await {
                Ok(_) => {}
                // The rights went since the cache last heard: the author hears why, once.
                Err(e) if reach::refused_for_rights(&e) => {
                    tracing::warn!(error = %e, "reply to a message refused for want of rights");
                    let note = Outgoing {
                        reply: crate::i18n::scope(lang, || Reply {
                            to: Some(User {
                                id: user_key(msg.author.id),
                                name: msg.author.name.clone(),
                            }),
                            ..Reply::refusal(crate::refusal!(
                                "discord-refused-post",
                                channel = format!("<#{}>", msg.channel_id),
                                why = chain(&e)
                            ))
                        }),
                        png: None,
                    };
                    data.reach
                        .direct(&ctx.http, &data.service, None, &note)
                        .await;
                    return Ok(());
                }
                Err(e) => tracing::warn!(error = %e, "reply to a message not delivered"),
            },
            Some(_) => {
                data.reach
                    .direct(&ctx.http, &data.service, Some(msg.channel_id), out)
                    .await
            }
        }
    }
    super::threads::archive_if_over(&data.service, &ctx.http, &data.reach, msg.channel_id).await;
    Ok(())
}
