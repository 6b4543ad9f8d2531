# Tournaments: `/tournament` and what its rounds bring. The command words (`create`, `join`,
# `swiss`, `rounds=3`, …) stay as they are typed.

## /tournament: help and refusals

tour-usage = `/tournament create <game> <format> [options]`, `join`, `leave`, `start`, `pairings`, `standings`, `export`, `withdraw`, `bot [level]`; for the organizer: `next`, `result <table> <winner|draw>`, `remove <player>`, `cancel`.
tour-help = Tournaments: { $usage }
tour-unknown = Unknown: { $word }. { $usage }
tour-none-here = No tournament here.
tour-none-here-create = No tournament here. `/tournament create <game> <format>` creates one.
tour-organizer-only-command = Only the organizer ({ $organizer }) or a moderator may use `/tournament { $command }`.
tour-organizer-only-remove = Only the organizer ({ $organizer }) or a moderator may remove an entrant.
tour-organizer-only-start = Only the organizer ({ $organizer }) or a moderator may start the tournament.
tour-channel-has-one = This channel has a tournament already ({ $tournament }); one at a time.
tour-channel-is-game = This channel is a tournament game's table; create the tournament in another channel.

## /tournament create: the settings ($word is what was typed)

tour-create-usage = Usage: `/tournament create <game> <swiss|roundrobin|knockout|duplicate> [rounds=N] [players=N] [bots=yes] [deadline=3d] [pairing=dutch|simple] [name=cup] [table options]`.
tour-create-not-a-game = { $word } is not a game here. { $usage }
tour-create-not-a-format = { $word } is not a format: swiss, roundrobin, knockout or duplicate.
tour-create-rounds = { $word }: rounds are 1 to { $max }.
tour-create-players = { $word }: players= takes a number.
tour-create-bots = { $word }: bots=yes or bots=no.
tour-create-deadline = { $word }: the deadline is a duration from 1m to 4 weeks.
tour-create-pairing = { $word }: `pairing=dutch` (the FIDE Dutch system, the default) or `pairing=simple` (one maximum-weight matching).
tour-create-name = { $word }: a name is 1 to 16 letters a–z, digits or dashes.
tour-create-casual = Tournament games are rated; `casual` does not fit.
tour-knockout-two-players = A knockout needs a two-player game; { $game } is played by { $players }.
tour-duplicate-alone = In a duplicate tournament everybody plays the same deal alone; { $game } cannot be played alone.
tour-players-do-not-fit = { $game } is played by { $players }; `players={ $asked }` does not fit.
tour-not-several-players = { $game } cannot be played in a tournament of several players.
# How many play a game: "2 players", "2 to 4 players".
tour-players-exactly = { $n ->
        [one] { $n } player
       *[other] { $n } players
    }
tour-players-range = { $min } to { $max } players

# $pairing is dutch or simple for a two-player Swiss, else none.
# $format is the format's word as typed (swiss, roundrobin, knockout, duplicate); $pod the
# players per game; $rounds 0 when the entries decide; $bots yes or no.
tour-created = { $name } creates the { $game } tournament { $tournament }: { $format ->
        [duplicate] duplicate (everybody plays the same deal alone)
       *[other] { $format }{ $pairing ->
            [dutch] { " (Dutch system)" }
            [simple] { " (simple pairing)" }
           *[other] { "" }
        }
    }, { $pod ->
        [1] 1 player per game
       *[other] { $pod } players per game
    }, { $rounds ->
        [0] as many rounds as the entries need
        [one] { $rounds } round
       *[other] { $rounds } rounds
    }{ $option_count ->
        [0] { "" }
       *[other] , options: { $options }
    }{ $bots ->
        [yes] , computer players welcome (`/tournament bot`)
       *[other] { "" }
    }. `/tournament join` to enter; the organizer starts it with `/tournament start`.

## Entries and the start

tour-enters = { $name } enters the tournament { $tournament } ({ $entrants ->
        [one] { $entrants } entrant
       *[other] { $entrants } entrants
    }).
tour-entered-already = You have entered already.
tour-full-max = The tournament is full ({ $max ->
        [one] { $max } entrant
       *[other] { $max } entrants
    }).
tour-full = The tournament is full.
tour-entry-closed = The tournament has started; the entry is closed.
tour-over-already = The tournament is over.
tour-not-started = The tournament has not started yet.
tour-bots-not-allowed = Computer players may not enter this tournament (the organizer allows them with `bots=yes` when creating it).
tour-bot-who-may = Only an entrant or the organizer may enter a computer player.
tour-not-a-level = { $word } is not a level: easy, normal or hard.
tour-not-entered = You have not entered this tournament.
tour-leave-started = The tournament has started: `/tournament withdraw` to leave it (you are not paired again).
tour-leaves = { $name } leaves the tournament { $tournament }.
tour-withdrawn-already = You have withdrawn already.
tour-withdraws = { $name } withdraws from the tournament { $tournament }: not paired again (a game in progress is played to its end or resigned).
tour-no-such-entrant = No entrant is called { $word }.
tour-out-already = { $name } is out already.
tour-removed = { $name } is removed from the tournament { $tournament }.
tour-too-few = At least { $least ->
        [one] { $least } entrant is
       *[other] { $least } entrants are
    } needed; { $entered } entered.
tour-only-bots = A tournament of computer players only is not played: at least one person must enter.
tour-starts = The tournament { $tournament } starts: { $entrants ->
        [one] { $entrants } entrant
       *[other] { $entrants } entrants
    }, { $rounds ->
        [one] { $rounds } round
       *[other] { $rounds } rounds
    }.

## The organizer's decisions: next, result, cancel

tour-no-round = No round is being played.
tour-next-too-early = Round { $round } may be closed after its deadline, in { $span }.
tour-next-nothing-open = Every game of the round has ended; the next round is paired by itself.
tour-result-usage = Usage: `/tournament result <table> <winner|draw>` (the table's number or its channel's name).
tour-result-no-game = No game of round { $round } is played at { $word }. `/tournament pairings` lists them.
tour-result-ended = That game has ended already; its result stands.
tour-result-not-a-player = { $word } does not play in that game: name its winner, or `draw`.
tour-cancelled = { $name } cancels the tournament { $tournament }; its games still running are closed.

## Players who leave the server or the room

tour-departed-entry = { $name } left and is off the entry list.
tour-departed-running = { $name } left: their game is lost and they are not paired again.

## The rounds: games, results, pairings, standings

# $players: the two players, "alice – bob".
tour-replayed = A drawn knockout game is played again, colours swapped: { $players }.
tour-finished = 🏆 The tournament { $tournament } is over.
# Heads the start of a tournament game at its table.
tour-game-header = Tournament { $tournament }, round { $round }, board { $board }.
# A game of a duplicate round that is still being played elsewhere: no score yet.
tour-result-sealed = Round { $round }, board { $board }: { $players } has finished. The round's scores are shown once its last game has ended.
# Heads a duplicate round's scores, shown together once its last game has ended.
tour-round-results = Round { $round } is over. The scores:
# $scores: each player with their points, "alice 1, bob 0"; $decided yes or no.
tour-result = Round { $round }, board { $board } ({ $link }): { $scores }{ $decided ->
        [yes] { " " }(decided by the organizer)
       *[other] { "" }
    }.
# $names: the entrants, "alice, bob".
tour-pairings-not-started = The tournament { $tournament } has not started: { $entered } entered ({ $names }).
tour-pairings-title = { "**" }{ $tournament } — round { $round } of { $rounds }**
# Between the players of a game on the pairings.
tour-versus = { " " }vs{ " " }
# $ended yes or no.
tour-pairings-board = Board { $board }: { $players } — { $link }{ $ended ->
        [yes] { " " }(ended)
       *[other] { "" }
    }
# $points as shown ("1", "0.5"); $value the same as a number, to choose the word.
tour-pairings-bye = Bye: { $name } ({ $points } { $value ->
        [one] point
       *[other] points
    })
tour-standings-title = { "**" }Standings of { $tournament } after { $played } of { $rounds ->
        [one] { $rounds } round
       *[other] { $rounds } rounds
    }**
# One line of the standings: $points as shown, $value the same as a number; $duplicate,
# $withdrawn yes or no; $tiebreaks "Buchholz 3, SB 2" ($tiebreak_count of them).
tour-standings-line = { $place }. { $name } — { $points } { $duplicate ->
        [yes] points scored
       *[other] { $value ->
            [one] point
           *[other] points
        }
    }{ $tiebreak_count ->
        [0] { "" }
       *[other] { " " }({ $tiebreaks })
    }{ $withdrawn ->
        [yes] { " " }— withdrawn
       *[other] { "" }
    }
# The tie-breaks' names on the standings.
tour-tiebreak-buchholz = Buchholz
tour-tiebreak-sonneborn-berger = SB
tour-tiebreak-round = round
tour-tiebreak-score = score
tour-tiebreak-best = best
tour-tiebreak-mutual = mutual

## /tournament export

tour-export = The tournament { $tournament } as JSON.
tour-export-caption = Tournament { $tournament } as JSON.

# Who may run tournaments, and how many (`[tournaments]`).
tour-create-moderators = Only the channel's moderators (and those who may run its events) create tournaments here.
tour-create-too-many = This community already has { $open } open { $open ->
    [one] tournament
   *[other] tournaments
}; at most { $most } may be open at once. Try again when one has ended.
tour-bots-max = This tournament already has { $most } computer { $most ->
    [one] player
   *[other] players
}, as many as one may have.
tour-round-too-big = The first round needs { $needed } { $needed ->
    [one] table
   *[other] tables
}, and this community has { $open } open of at most { $most }: too many. Fewer entrants, larger pods, or wait until some games end.
# A round's pairings a page at a time (`/tournament pairings 2`).
tour-pairings-page = { $title } — page { $page } of { $pages }
tour-pairings-no-page = The pairings fill { $pages ->
    [one] one page
   *[other] { $pages } pages
}: `/tournament pairings 1`{ $pages ->
    [one] {""}
   *[other] {" "}to `/tournament pairings { $pages }`
}.
tour-and-more = and { $more } more
tour-standings-no-page = The standings fill { $pages ->
    [one] one page
   *[other] { $pages } pages
}: `/tournament standings 1`{ $pages ->
    [one] {""}
   *[other] {" "}to `/tournament standings { $pages }`
}.
