# What the table service says beyond a single table: ratings and results, replays, your
# tables, digests, vacations and turn pings.

## /rating

rating-nobody-called = Nobody called { $name } has a rating in this community.
rating-none-in-game = { $who } has played no rated { $game } here yet.
rating-none-mine = You have no rating in this community yet: play a game with two or more seats.
rating-none-theirs = { $who } has no rating here yet.
# One game's line: the rating, its deviation, games played and won.
rating-line = { $game }: **{ $rating }** ±{ $deviation } — { $games ->
        [one] { $games } game
       *[other] { $games } games
    }, { $wins } won{ $provisional ->
        [yes] { " " }(provisional)
       *[no] { "" }
    }
rating-line-unrated = { $game }: no rated game
# Added to a game's line when the player has played it alone.
rating-solitaire-best = ; solitaire best { $best } in { $solos ->
        [one] { $solos } game
       *[other] { $solos } games
    }
# The player's name, then one line per game.
rating-of = **{ $who }** — { $lines }

## /leaderboard

rating-leaderboard-unknown-game = Unknown game { $word }. `/leaderboard <game> [solo] [page]` — games: { $games }.
rating-leaderboard-which-game = Which game? `/leaderboard <game>` — games: { $games }.
rating-leaderboard-empty = Nobody has played a rated game of { $game } here yet.
rating-leaderboard-empty-solo = Nobody has played { $game } solitaire here yet.
# $command is the command as typed, e.g. `/leaderboard dvonn solo`.
rating-leaderboard-no-page = The { $solo ->
        [yes] { $game } solitaire
       *[no] { $game }
    } leaderboard has { $pages ->
        [one] { $pages } page
       *[other] { $pages } pages
    }: `{ $command } <1–{ $pages }>`.
rating-leaderboard-header = **{ $solo ->
        [yes] { $game } solitaire
       *[no] { $game }
    } leaderboard** ({ $players ->
        [one] { $players } player
       *[other] { $players } players
    }):
rating-leaderboard-header-paged = **{ $solo ->
        [yes] { $game } solitaire
       *[no] { $game }
    } leaderboard** ({ $players ->
        [one] { $players } player
       *[other] { $players } players
    }, page { $page } of { $pages }):
rating-leaderboard-row = { $rank }. { $name } — { $rating } ({ $games ->
        [one] { $games } game
       *[other] { $games } games
    }, { $wins } won)
rating-leaderboard-row-solo = { $rank }. { $name } — best { $best } ({ $games ->
        [one] { $games } game
       *[other] { $games } games
    })
rating-leaderboard-ranked-by = Ranked by rating − 3 × deviation; `?` marks a provisional rating.
rating-page-previous = ◀ Previous
rating-page-next = Next ▶

## /history

rating-history-nobody = Nobody called { $name } has played here.
rating-history-none-mine = You have no finished games in this community yet.
rating-history-none-theirs = { $name } has no finished games here.
rating-history-header = **{ $name }** — { $games ->
        [one] the last game:
       *[other] the last { $games } games:
    }
rating-history-export = `/export <table>` gives a game's whole record.
# One game: the game, the player's result ($place), the opponents ($against), the rating's
# move ($moved), how it ended ($ending), how long ago, the table.
rating-history-line = • { $game } — { $place }{ $against }{ $moved }{ $ending }, { $ago } ago · table { $table }
rating-history-aborted = aborted
rating-history-solitaire = solitaire, { $points ->
        [one] { $points } point
       *[other] { $points } points
    }
rating-history-shared-first = shared first place
rating-history-won = won
rating-history-place = place { $place }
rating-history-played = played
rating-history-against = { " " }against { $names }
rating-history-moved = , { $before } → { $after }
rating-history-unrated = , unrated
rating-history-ending = { " " }({ $how })

## How a game ended (in /history)

result-ending-normal = played to the end
result-ending-resigned = by resignation
result-ending-timed-out = on time
result-ending-abandoned = claimed (idle)
result-ending-aborted = aborted
result-ending-stopped = stopped (nobody was left)

## /export <table>

# The one answer to `/export <table>` and `/replay <table>` for every number that names no
# table the asker may see here: of another community, a private game, never opened, or no
# number at all. $word: what was typed, as code.
table-number-unknown = There is no game { $word } here that you may see: `/history` lists the numbers of finished games.
# `/board`, `/status`, `/log`, `/export`, `/replay` at a private game (a duplicate tournament's) by somebody who does not play it.
table-private = This game is private: only its player may look into it until it — and its tournament round — is over.
rating-export-still-open = Table { $id } is still open: `/export` in its channel shows what may be seen while it runs.
rating-unreadable = Sorry — the results could not be read. Please try again.

## /replay

replay-no-table-here = No table here yet: `/replay <table>` replays a finished one from `/history`.
replay-lobby = Table { $id } has not started yet: `/replay <table>` replays a finished game from `/history`.
replay-not-over = The game at table { $id } is not over: a replay would show what is still secret. `/replay` once it has ended.
replay-failed = Table { $id } cannot be replayed: { $error }.
replay-no-result = no result
# $result: who won, e.g. "Ann wins".
replay-text = Replay of { $game } table { $id }: { $players } — { $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    }; { $result }.
# The captions under the replay's frames.
replay-caption-start = Start · { $total ->
        [one] { $total } move
       *[other] { $total } moves
    }
replay-caption-move = Move { $number } of { $total } · { $step }
# What led to a position (a move is shown as "Ann: c3-d4").
replay-step-resigned = { $player } resigned
# A secret choice the rules never revealed (its round was cut short).
replay-step-secret = { $player }: a secret choice, never revealed
replay-step-timed-out = { $player } ran out of time
replay-step-idle = { $player } was idle too long
replay-step-stopped = { $player } stopped (nobody was left to play against)
replay-step-window-closed = time for answers up
# Why a game's record does not replay.
replay-error-not-finished = the game is not over yet: only a finished game can be replayed
replay-error-not-started = the game never started: there is nothing to replay
replay-error-format = not a game export: { $why }
replay-error-setup = the game cannot be set up from the record: { $why }
replay-error-move = move { $number } ({ $text }) does not replay: { $reason }
replay-error-nobody-plays = nobody seated plays it
replay-error-nobody-to-act = nobody is to act
replay-error-forfeit = forfeit

## /mygames

mine-none = You sit at no open table in this community. `/join <game>` opens one.
mine-no-page = There { $pages ->
        [one] is { $pages } page
       *[other] are { $pages } pages
    } of your tables: `/mygames <1–{ $pages }>`.
mine-header = **Your tables** ({ $open } open, { $waiting ->
        [0] none waiting for your move
       *[other] { $waiting } waiting for your move
    }):
mine-header-paged = **Your tables** ({ $open } open, { $waiting ->
        [0] none waiting for your move
       *[other] { $waiting } waiting for your move
    }), page { $page } of { $pages }:
# One table: the game, a link to its channel, its state ($state, then the time left).
mine-row = { $game } in { $link } — { $state }
mine-your-turn = **your turn**
mine-your-turn-with = **your turn**, with { $others }
mine-waiting-for = waiting for { $others }
mine-waiting = waiting
mine-time-left = , { $time } left
mine-lobby = lobby, { $seated }/{ $max } seated
mine-page-previous = ◀ Previous
mine-page-next = Next ▶

## The daily digest

digest-header = 📬 Your move at { $tables ->
        [one] { $tables } table
       *[other] { $tables } tables
    } here:

## /vacation

vacation-unreadable = Sorry — your settings could not be read. Please try again.
# E.g. "14d in any 30d".
vacation-allowance = { $most } in any { $window }
vacation-away = You are on vacation for { $left } more. `/vacation off` ends it now.
vacation-home = You are not on vacation. `/vacation <duration>` (e.g. `/vacation 3d`) pauses your correspondence clocks; you may take { $left } now ({ $allowance }).
vacation-not-away = You are not on vacation.
vacation-not-a-duration = { $word } is not a duration: `/vacation 3d`, `/vacation 36h`, or `/vacation off`.
vacation-too-short = A vacation lasts at least { $shortest }.
vacation-too-long = That is more than your allowance: { $allowance }; you may take { $left } now.
vacation-not-saved = Sorry — your vacation could not be saved, so nothing changed.
vacation-started = You are on vacation for { $span }: your correspondence clocks stand still, nobody may claim your seats as idle, and no reminders come. { $tables } `/vacation off` ends it early; { $left } of your allowance ({ $allowance }) is left after it.
vacation-over = Welcome back: your vacation is over. { $tables }
# How many of the person's tables say that they are away (or back).
vacation-tables = { $tables ->
        [0] None of your tables here is affected.
        [one] Your table here says so.
       *[other] Your { $tables } tables here say so.
    }

## /notify and turn pings

notify-unreadable = Sorry — your settings could not be read. Please try again.
# $mode is the word typed (channel, dm, off); $modes the words to choose from.
notify-show = Your turn pings here: { $mode } ({ $meaning }). `/notify { $modes }` changes it.
notify-unknown = Unknown mode { $word }: choose one of { $modes }.
notify-not-saved = Sorry — your setting could not be saved, so nothing changed.
notify-set = Turn pings: { $mode } — { $meaning }.
notify-mode-channel = you are mentioned in the table's channel
notify-mode-dm = you get a direct message
notify-mode-off = no pings; the channel still says whose turn it is
notify-turn = Your turn at the { $game } table in { $link }.
notify-reminder = ⏳ { $player }: { $left } left for your move.
notify-reminder-idle = ⏳ { $player }: your move is waiting; in { $left } the others may `/claim` your seat.
notify-reminder-dm = ⏳ { $game } in { $link }: { $left } left for your move.
notify-reminder-dm-idle = ⏳ { $game } in { $link }: your move is waiting; in { $left } the others may `/claim` your seat.
replay-description = An animated replay of { $positions ->
        [one] { $positions } position
       *[other] { $positions } positions
    }. The final position: { $last }
