# Words every part of the bot uses.

minutes = { $n ->
    [one] { $n } minute
   *[other] { $n } minutes
}

## /language

language-unknown = { $word } is not a language I speak. Available: { $list }.
language-show = This channel speaks { $channel }; your private replies come in { $yours }. `/language <code>` sets the channel's language (moderators), `/language server <code>` the whole community's (who may manage it), `/language me <code>` your own (`/language me auto`: your chat client's). Available: { $list }.
language-set-community = From now on I speak { $lang } in this community.
language-set-channel = From now on I speak { $lang } in this channel.
language-set-mine = Your private replies now come in { $lang }.
language-auto-mine = Your private replies now come in your chat client's language (or the channel's).
language-not-moderator = Only a moderator of this channel may set its language; `/language me { $code }` sets your own.
language-not-admin = Only someone who may manage this community sets its language; a channel's moderator sets the channel's with `/language { $code }`, and `/language me { $code }` sets your own.
language-store-failed = Your language setting could not be saved; nothing changed. Please try again.
