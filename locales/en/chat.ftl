# The chats' own words: the console, Discord, Matrix.

console-bad-line = Can't read this line: write `<user>: <text>`, `#<channel> <user>: <text>` or `#<channel> ~<user>: <text>`.
console-not-utf8 = That line is not valid UTF-8 text; it was ignored.
console-too-long = That line is too long (over { $max } bytes); it was ignored.
console-send-privately = On the console: `#<channel> ~<name>: /move …`.
discord-send-privately = Use the `/move` slash command: only you see it.
matrix-send-privately = Send it in your direct room with me (`!hand` opens it).
discord-nothing-to-show = Nothing to show.
discord-undelivered = Sorry — this reply could not be delivered. `/status` shows the table.
# Completes a public "thinking…" whose answer went to the asker privately.
discord-answered-privately = ↪ answered privately.
# The bot lacks permissions where it is to play: $perms the missing ones (by Discord's names), $channel a channel mention.
discord-missing-permissions = I cannot play in { $channel }: I lack { $perms } there. Someone who may manage this channel can grant me that in its permissions.
# A command that arrives while the bot stops (SIGTERM): nothing was done.
discord-restarting = I am restarting: nothing was done. Try again in a moment.
# The bot can no longer post in a table's channel: the game is paused.
discord-refused-post = I could not post in { $channel } (Discord refused: { $why }). Someone who may manage this server can let me send messages, attach files and embed links there.
discord-cannot-post = I can no longer post in { $channel } (Discord refused: { $why }). The game there is paused, clocks stopped; once someone who may manage the server lets me send messages, attach files and embed links there, any command in the channel resumes it.
discord-stray-button = That button is not one of spieltisch's.
discord-no-tournament-in-thread = A tournament opens a thread for each of its games, and a thread cannot hold threads: create it in a text channel.
# A game's thread could not be opened for want of rights: the game stays in the channel.
discord-no-thread-here = No thread for this game: Discord refused ({ $why }). It is played here in { $channel }; someone who may manage this channel can grant me Create Public Threads and Send Messages in Threads for the next games.
# Under a board's text until its image arrives.
discord-drawing = Drawing the board…
# Why a post failed: Discord dropped the embed that holds the board and its text.
discord-embeds-dropped = the board and its text were dropped, for want of Embed Links
discord-continues-in-thread = The game continues in the thread { $thread }.
discord-thread-refused-public = I could not open the thread `{ $name }` for a tournament game here (Discord: { $why }). Give me the permissions Create Public Threads and Send Messages in Threads in this channel, then `/tournament pairings` opens the games still waiting.
discord-thread-refused-private = I could not open the thread `{ $name }` for a tournament game here (Discord: { $why }). Give me the permissions Create Private Threads and Send Messages in Threads in this channel, then `/tournament pairings` opens the games still waiting.
discord-dm-closed = { $name }: I cannot send you direct messages here. Your private replies wait for you — use `/hand` (only you see it).
discord-choose = Choose…
discord-pending-thread = thread `{ $name }`
matrix-dm-declined = { $name }: you turned down my direct room, so I cannot send you private replies (your hand, secret choices). They wait for you: start a direct chat with me and I post them there.
matrix-room-refused = The room for `{ $name }` could not be opened ({ $why }). The game waits, its clock stopped; `!tournament pairings` tries again.
discord-thread-refused-full = I could not open the thread `{ $name }` for a tournament game: this server has as many active threads as Discord allows (1,000). The game waits, its clock stopped, and opens as threads are archived.
