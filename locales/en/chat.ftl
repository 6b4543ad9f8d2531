# The chats' own words: the console, Discord, Matrix.

console-bad-line = Can't read this line: write `<user>: <text>`, `#<channel> <user>: <text>` or `#<channel> ~<user>: <text>`.
console-not-utf8 = That line is not valid UTF-8 text; it was ignored.
console-too-long = That line is too long (over { $max } bytes); it was ignored.
console-send-privately = On the console: `#<channel> ~<name>: /move …`.
discord-send-privately = Use the `/move` slash command: only you see it.
matrix-send-privately = Send it in your direct room with me (`!hand` opens it).
discord-nothing-to-show = Nothing to show.
discord-undelivered = Sorry — this reply could not be delivered. `/status` shows the table.
discord-stray-button = That button is not one of spieltisch's.
discord-no-tournament-in-thread = A tournament opens a thread for each of its games, and a thread cannot hold threads: create it in a text channel.
discord-continues-in-thread = The game continues in the thread { $thread }.
discord-thread-refused-public = I could not open the thread `{ $name }` for a tournament game here (Discord: { $why }). Give me the permissions Create Public Threads and Send Messages in Threads in this channel, then `/tournament pairings` opens the games still waiting.
discord-thread-refused-private = I could not open the thread `{ $name }` for a tournament game here (Discord: { $why }). Give me the permissions Create Private Threads and Send Messages in Threads in this channel, then `/tournament pairings` opens the games still waiting.
discord-dm-closed = { $name }: I cannot send you direct messages here. Your private replies wait for you — use `/hand` (only you see it).
discord-choose = Choose…
discord-pending-thread = thread `{ $name }`
