# Why a command changed nothing: /join, /leave, /start, moves, /resign, /abort.

join-unknown-game = Unknown game { $word }. Games: { $games }.
join-which-game = No table here yet. `/join <game> [options]` opens one — games: { $games }.
join-running = A game of { $game } is running at this table ({ $players }). One table per channel: watch it here, or open a table in another channel or thread.
join-already-seated = You are already seated at this { $game } table ({ $seated }/{ $max }). `/start` when everyone is here, or `/leave`.
join-other-game = This channel already has a table for { $game } in the lobby, and it is one table per channel. `/join` to sit down at it, or play { $wanted } in another channel or thread.
# $options: the table's options (words, or "none"); $wanted: the options typed, as code.
join-other-options = The { $game } table here plays with these options: { $options } — not { $wanted }. `/join` sits you down at it as it is; for { $wanted }, open a table in another channel or thread.
join-full = The { $game } table is full ({ $seated }/{ $max }): { $players }.
leave-no-table = There is no open table here to leave.
leave-running = The game is running: you cannot leave it, but you can `/resign`.
start-running = The game is already running. `/status` shows whose turn it is.
start-no-table = No table here. `/join <game>` opens one — games: { $games }.
start-not-seated = Only a seated player may start the game (seated: { $players }). `/join` to sit down.
start-too-few = { $game } needs at least { $min ->
        [one] { $min } player
       *[other] { $min } players
    }; { $seated } seated. Waiting for { $missing } more — `/join` to sit down.
start-nobody = Nobody is seated.
play-not-started = The game has not started yet: `/start` once everyone is seated.
play-finished = { $result } `/join <game>` opens a new table.
play-no-game = No game is running here. `/join <game>` opens a table — games: { $games }.
play-not-a-player = Only the players at this table can do that ({ $players }).
play-nothing-running = No game is running here.
play-which-move = Which move? `/move <move>`.
play-which-move-example = Which move? `/move <move>`, e.g. `/move { $example }`.
# A player who has left the game (resigned, ran out of time) tries to resign again.
resign-already-left = You have left this game already; the others play on without you.
play-not-your-turn = It is not your turn. { $turn }
play-secret-in-public = That move is secret and was not played: send it privately.
abort-no-table = There is no open table here to abort.
abort-not-creator = Only the table's creator ({ $name }) can `/abort` it.
abort-tournament = This is a tournament game: `/resign` to give up; the organizer may decide it with `/tournament result`.
abort-rated = The game has begun and is rated: `/resign` to give up (a moderator may still abort it; a `casual` table may be aborted by its creator at any time).
relocate-no-table = There is no open table here to move.
bot-running = The game is running: computer players sit down only in the lobby.
bot-no-lobby = No table in the lobby here. `/join <game>` opens one; then `/bot` seats a computer player.
bot-not-seated = Only a seated player may seat or remove computer players. `/join` to sit down.
bot-unknown-level = Unknown level { $word }. Levels: { $levels }; `/bot remove` takes the last computer player away.
bot-table-full = The { $game } table is full ({ $seated }/{ $max }).
bot-none-seated = No computer player sits at this table.
claim-has-clock = This table has a clock: a player whose time runs out loses it (or, with three or more players, a computer player takes over). `/claim` is for tables without a clock.
claim-unknown-level = Unknown level { $word }. `/claim [{ $levels }]` chooses the computer player that takes over.
claim-not-yet = Nobody has been idle for { $limit } yet: { $player } may be claimed in { $span }.
claim-on-vacation = Nobody may be claimed: the players to act are on vacation (a seat may be claimed after { $limit } idle once they are back).
claim-nobody-to-act = Nobody may be claimed: nobody else is to act.
