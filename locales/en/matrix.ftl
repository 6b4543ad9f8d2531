# The Matrix adapter's own words: notes in rooms and in a player's direct room.

# A tournament game's room that is not open yet, by the name it will have.
matrix-pending-room = room `{ $name }`
# Names a table in private replies (inside square brackets) and in the list of tables.
matrix-table-in-room = { $game } in #{ $room }
# A player seated at several tables sent a command in their direct room; $tables is a numbered list, one per line.
matrix-which-table = You sit at several tables. Which one is this for?

    { $tables }

    Answer `!1` (or `!table 1`) and so on.
matrix-choose-number = Choose a number from 1 to { $count }.
matrix-nothing-held = No command is waiting for a table.
matrix-not-seated = You are not seated at any table. Join one in its room with `!join`.
# A command sent while the bot was down, too old to apply; $ago is a duration such as `2h 5m`.
matrix-command-too-old = I was away when { $sender } sent `{ $command }` ({ $ago } ago); it was not applied. Send it again if it still stands.
matrix-undecryptable = I could not decrypt a message in this room (my keys for it are missing). If it was a command, please send it again.

## Room upgrades

matrix-room-replaced = This room replaces the old one: its table is here now.
matrix-upgrade-not-joined = This room was upgraded, but I cannot join the new one: invite me there and the table follows.

## !leaveroom

matrix-goodbye = Goodbye — the tables of this room stay saved; invite me again to go on.
matrix-only-moderator = Only a room moderator can send me away.
