# DonQuixote: announcements, refused moves, the prompt, the description in words and the words
# drawn into the images. The terms follow the game's German help page: Wegekarte (path tile),
# Fürstentum (principality), Positionskarte (position card), Burg (castle), Kirche (church),
# Windmühle (windmill), Ritter (knight) with its Schild (shield), Landesverteidigung (land
# defence), größte Rittergruppe (largest knight group), Wertung (scoring). Tile 22 is marked
# LAST. Moves (`7`, `12r`, `place 12 turned`) stay as typed.

## Seat colours

donquixote-red = Red
donquixote-blue = Blue
donquixote-green = Green
donquixote-yellow = Yellow

## The symbols on the path tiles

donquixote-church = church
donquixote-windmill = windmill
donquixote-knight = knight { $strength }

## Options

donquixote-no-option = DonQuixote has no option `{ $word }`

## Moves that are not understood

donquixote-not-a-move = `{ $text }` is not a move: { $why }
donquixote-move-expected = a DonQuixote move is a tile number 1–22, with `r` to turn it by 180°: `7`, `12r`, `place 12 turned`
donquixote-one-tile-only = name one tile only

## Refused moves

donquixote-error-game-over = the game is over
donquixote-no-such-seat = seat { $seat } is not at this table
donquixote-left = you have left this game and place no more tiles
# The tile is not named: in a game of several players it may still be hidden from the others.
donquixote-already-placed = you have already placed on { $field }; waiting for the others
donquixote-field-not-needed = no need to name the field: every tile goes on the revealed field { $revealed }; type just the tile, e.g. { $example }
donquixote-field-not-yours = you don't choose the field: this step every tile goes on the revealed field { $revealed }, not { $typed }; type just the tile, e.g. { $example }
donquixote-example = `7` or `7r`
donquixote-no-such-tile = there is no tile { $tile }; the tiles are numbered 1–22
donquixote-tile-used = tile { $tile } is already on { $field }
# $tiles: the tiles of this round, e.g. 1–9.
donquixote-wrong-round = tile { $tile } belongs to round { $tile_round }; this round you place tiles { $tiles }
donquixote-last-too-early = tile 22 is the LAST tile: it goes on the board in the final step only, { $steps ->
        [one] { $steps } step
       *[other] { $steps } steps
    } from now

## Announcements

donquixote-placed = { $color } places tile { $tile } on { $field }.
donquixote-placed-turned = { $color } places tile { $tile } turned on { $field }.
# To the placer alone, in a game of several players.
donquixote-placed-own = You place tile { $tile } on { $field }.
donquixote-placed-own-turned = You place tile { $tile } turned on { $field }.
# Added to it while others still have to place.
donquixote-placed-hidden = The others see it once everyone has placed.
# To everyone: a player has placed (the tile stays hidden); $placed of the $of players still in the game have.
donquixote-has-placed = { $color } has placed ({ $placed } of { $of }).
# Every player has placed on $field: the step's tiles revealed together. $list: the entries
# below, separated by ", ".
donquixote-step-placed = Tiles placed on { $field }: { $list }.
donquixote-step-placed-one = { $color } { $tile }
donquixote-step-placed-turned = { $color } { $tile } turned
donquixote-round-begins = Round { $round } (tiles { $tiles }).
donquixote-final-step = Final step: everyone places tile 22 (LAST) on { $field } — `22` or `22r`.
donquixote-step = Step { $step } of { $steps }: everyone places a tile on { $field }.
# One castle in a scoring: its value (6 or 4), its field and the knights connected to it.
donquixote-castle-knights = { $value }-castle { $field } { $knights ->
        [one] { $knights } knight
       *[other] { $knights } knights
    }
# $castle_list: the castles (donquixote-castle-knights), $strength: the defending knights'
# shields, $points: this scoring, $total: the running total. The largest knight group counts in
# scoring 3 only.
donquixote-scored = Scoring { $k }, { $color }: churches { $churches }, windmills { $windmills }, castles { $castles } ({ $castle_list }; { $k } needed), land defence { $land } (strength { $strength }, { $strength_needed } needed){ $k ->
        [3] , largest knight group { $knight_group }
       *[other] { "" }
    } = { $points ->
        [one] { $points } point
       *[other] { $points } points
    }; total { $total }.
donquixote-forfeit-resigned = { $color } resigns: no more tiles for { $color }, whose board is still scored.
donquixote-forfeit-timed-out = { $color } has run out of time: no more tiles for { $color }, whose board is still scored.
donquixote-forfeit-abandoned = { $color } has abandoned the game: no more tiles for { $color }, whose board is still scored.
# Equal totals, ranked by the third scoring (the result itself is the table's line).
donquixote-game-over-tie = { $colors } have equal totals: the third scoring ranks them.
# Two of the colours that share the victory (repeated for three or four).
donquixote-and = { $first } and { $second }

## The prompt

donquixote-prompt = Card { $card } of { $cards }, round { $round }: everyone places a tile on { $field }.
donquixote-prompt-last = Card { $card } of { $cards }, round { $round }: everyone places a tile (tile 22, LAST) on { $field }.
# With several players: the tiles are placed privately (the turn line after it says who is awaited).
donquixote-prompt-secret = Card { $card } of { $cards }, round { $round }: everyone places a tile on { $field } privately (`/move …`).
donquixote-prompt-secret-last = Card { $card } of { $cards }, round { $round }: everyone places a tile (tile 22, LAST) on { $field } privately (`/move …`).

## The table in words (for screen readers)

donquixote-describe-points = Points: { $list }.
# A castle: its value (6 or 4) and its field.
donquixote-describe-castle = { $value } on { $field }
donquixote-describe-castles = Castles: { $list }.
donquixote-describe-every-board = Every principality holds { $tiles ->
        [one] { $tiles } tile
       *[other] { $tiles } tiles
    }.
donquixote-describe-over = game over: { $verdict }.
donquixote-describe-ended = the game is over.
donquixote-describe-all-placed = everyone has placed
donquixote-describe-waiting = waiting for { $list }
# $waits: donquixote-describe-all-placed or donquixote-describe-waiting.
donquixote-describe-status = round { $round }, card { $card } of 22: everyone places a tile on { $field }; { $waits }.
donquixote-describe-principality = { $name }'s principality ({ $color }): { $tiles ->
        [one] { $tiles } tile
       *[other] { $tiles } tiles
    } of 22 placed, castles { $castles }; { $points ->
        [one] { $points } point
       *[other] { $points } points
    } in all
# Added to the principality: the latest scoring ($summary: donquixote-scoring-summary).
donquixote-describe-latest = ; scoring { $k }: { $summary }
# Added to the principality of a player who left.
donquixote-describe-left = ; left the game
donquixote-scoring-summary = churches { $churches }, windmills { $windmills }, castles { $castles }, land { $land }{ $k ->
        [3] , knight group { $knight_group }
       *[other] { "" }
    } = { $total }
donquixote-describe-no-tiles = { $name } has no tiles left.
donquixote-describe-hand = { $name }'s tiles for round { $round }: { $tiles }.
donquixote-describe-hand-placed = { $name }'s tiles for round { $round }: { $tiles }; already placed on { $field }.
donquixote-describe-hand-next = { $name }'s tiles for round { $round }: { $tiles }; one goes on { $field }, as printed or turned.

## Words in the images (keep them short)

donquixote-draw-game-over = Game over: { $verdict }
donquixote-draw-status = Round { $round } · card { $card } of 22 · place on { $field }
donquixote-draw-points = { $name } — { $points ->
        [one] { $points } point
       *[other] { $points } points
    }
# One scoring after a player's points: S1 6 (S for scoring).
donquixote-draw-scoring-short = S{ $k } { $points }
donquixote-draw-left = left the game
donquixote-draw-placed = ✓ placed
# The scoring table beside a principality (about 16 characters at most).
donquixote-draw-scoring = scoring
donquixote-draw-churches = churches
donquixote-draw-windmills = windmills
donquixote-draw-castles = castles
donquixote-draw-land = land defence
donquixote-draw-knight-group = knight group
donquixote-draw-total = total
donquixote-draw-game-total = game total { $points }
donquixote-draw-hand-title = { $name } — your tiles for round { $round }, to place on { $field }
donquixote-draw-no-tiles = { $name } — no tiles left
# Beside the upper row of a hand: the tiles as printed (the lower row shows them turned; about 10 characters at most).
donquixote-draw-as-printed = as printed

## The game record (`/log`): one line per entry; fields and tiles stay in their notation

# The record's first line: the game and how many play.
donquixote-record-title = DonQuixote, { $players ->
        [one] { $players } player
       *[other] { $players } players
    }
# The castles' fields: $six the 6-castle's, $four the 4-castle's (6= and 4= stay).
donquixote-record-castles = castles: 6={ $six } 4={ $four }
# $cards: the position cards revealed so far, the rounds separated by " | ".
donquixote-record-cards = cards: { $cards }
# A player's placements in one round, e.g. "D1=3r H3=1" (field=tile); indented under the colour.
donquixote-record-round = round { $round }: { $placements }
# A player's scoring $k: the categories, $points this scoring, $total the running total. The
# knight group counts in scoring 3 only.
donquixote-record-scoring = scoring { $k }: churches { $churches }, windmills { $windmills }, castles { $castles }, land { $land }{ $k ->
        [3] , knight group { $knight_group }
       *[other] { "" }
    } = { $points } (total { $total })
# A player who left, after $step steps of the game.
donquixote-record-resigned = resigned after step { $step }
donquixote-record-timed-out = ran out of time after step { $step }
donquixote-record-abandoned = abandoned the game after step { $step }
donquixote-record-stopped = stopped after step { $step }: nobody was left to play against
# The last line: $results lists donquixote-record-result-seat for every colour, separated by ", ".
donquixote-record-result = result: { $results }
donquixote-record-result-seat = { $color } { $points } (rank { $rank })

# The mark printed on the last tile of the set (tile 22, this edition's own).
donquixote-last-mark = LAST
