# The table layer: lobby, turns, results, the commands' replies.

## /help: each command's usage (the command words stay as they are typed) and what it does

help-intro = **spieltisch** — board games at this table. Commands (`/` or `!`):
help-outro = Start with `/games`, then `/join <game>`.
help-games = `/games` — list the games
help-join = `/join [game] [options]` — open a table or sit down at the one in the lobby
help-leave = `/leave` — stand up from a table in the lobby
help-start = `/start` — start the game (any seated player)
help-bot = `/bot [easy|normal|hard|remove]` — seat a computer player in the lobby (or take the last one away)
help-move = `/move <move>` — play a move (alias /m)
help-board = `/board` — show the board
help-hand = `/hand` — your private view
help-status = `/status` — whose turn, clocks and scores
help-resign = `/resign` — give up the game
help-claim = `/claim [easy|normal|hard]` — take over the seat of a player idle too long (no clock): the win with two players, else a computer player plays it
help-abort = `/abort` — end the table without a result (its creator)
help-log = `/log` — the game record (tables with option log)
help-export = `/export [table]` — the table (or a finished one by its number) as a JSON document
help-rules = `/rules [game]` — the rules in short
help-rating = `/rating [player] [game]` — ratings in this community (yours without a name)
help-leaderboard = `/leaderboard [game] [solo] [page]` — the best in a game here (solo: the best solitaire scores)
help-history = `/history [player]` — the last games played here, with results and tables
help-replay = `/replay [table]` — an animated replay of a finished game (this channel's last, or one from /history)
help-mygames = `/mygames [page]` — your open tables in this community: whose turn, time left
help-notify = `/notify [channel|dm|off]` — how you hear it is your turn, in this community
help-vacation = `/vacation [<duration>|off]` — away for a while: your correspondence clocks pause (14 days in any 30)
help-tournament = `/tournament <create|join|leave|start|pairings|standings|export|withdraw|bot|next|result|remove|cancel> [...]` — tournaments whose games are played here: swiss, roundrobin, knockout, duplicate
help-language = `/language [me|server] [de|nl|en|auto]` — the channel's language (moderators), with `server` the community's, with `me` your own
help-help = `/help` — this list

## Durations: days, hours, minutes (`2d 3h`, `5h 20m`)

span-d = { $n }d
span-h = { $n }h
span-m = { $n }m
span-under-a-minute = less than a minute

## /games, /status, the turn and the result

games-intro = Games:
games-line = **{ $name }** (`/join { $id }`) — { $tagline }. Options: { $options }
options-none = none
seated-nobody = nobody
turn-one = { $player } to move.
turn-many = Waiting for { $players }.
# The one game-over line: the result as the image and its description say it too.
result-over = Game over: { $verdict }.
status-head = **{ $game }**{ $options } — table { $table }
status-lobby = Lobby: { $players } seated ({ $seated }/{ $max }); { $min } needed to /start.
status-aborted = Aborted: no result.
status-on-vacation = on vacation for { $span } more
status-claimable = waiting for { $span }, may be claimed (`/claim`)
status-waiting = waiting for { $span }
status-playing-for = for { $name }
status-clock = { " " }— { $left } left
status-clock-running = { " " }— { $left } left, clock running

## The service's own refusals

store-failed = Sorry — the table could not be saved, so nothing changed. Please try again.
command-too-long = That command is too long ({ $n ->
        [one] { $n } character
       *[other] { $n } characters
    }; at most { $max }).
command-unknown = Unknown command { $word }. `/help` lists the commands.
command-key-too-long = That channel or user name is too long for a table (at most { $max } bytes).
rate-commands = You are sending commands faster than { $per_minute } a minute; please wait { $wait } s.
rate-images = That is more than { $per_minute ->
        [one] { $per_minute } image
       *[other] { $per_minute } images
    } a minute; the next one in { $wait } s.
rate-boards = That is more than { $per_minute ->
        [one] { $per_minute } board image
       *[other] { $per_minute } board images
    } a minute; the next one in { $wait } s. `/status` answers in text.
button-stale = That button belongs to an earlier table in this channel; `/status` shows the current one.
log-unreadable = Sorry — the table's log could not be read.
limit-tables-per-user = You sit at { $seated ->
        [one] { $seated } open table
       *[other] { $seated } open tables
    } already, the most one player may; finish, `/leave` or `/resign` one first.
limit-tables-per-community = This community has { $open ->
        [one] { $open } open table
       *[other] { $open } open tables
    }, the most it may have; join one of them, or wait until one ends.
rules-which-game = Which game? `/rules <game>` — games: { $games }.

## Options at /join (the option words stay as typed)

option-casual = not rated: the result is kept, no rating moves, and the creator may /abort at any time
option-log = keep the game record, downloadable with /log
option-thread = play the game in a thread of its own, where the chat has threads
option-time = thinking time per player, chess-clock style (e.g. time=20m, time=1h30m); running out loses
option-time-per-move = a fixed time for every move (e.g. time=1d/move, correspondence style); running out loses
options-invalid = { $error }. Valid options for { $game }: { $valid }
options-time-not-a-duration = `time={ $shown }` is not a duration
options-time-out-of-range = `time={ $shown }` is out of range: between { $min } and { $max }
option-komarn-challenge = how long the others may challenge a Morlock claim (default 2m; e.g. challenge=30s, challenge=5m; a bare number is minutes)
option-dvonn-profi = the players place the pieces themselves instead of a random setup
option-burg-winter = the winter variant: six winter cards, one revealed in each marked round (4 in 12 rounds, 6 in 15)

## Computer players

bot-name = Bot { $n } ({ $level })
bot-level-easy = easy
bot-level-normal = normal
bot-level-hard = hard
