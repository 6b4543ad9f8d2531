# Dvonn: colours, announcements, refusals, the setup prompt, the board in words and the image.
# Fields ($field, $from, $to) are coordinates like `A2`; $example is a move as typed (`A2B2`, `G2`, `pass`).
# $piece is `white`, `black` or `dvonn`.

## Colours (also the seat labels)

dvonn-white = White
dvonn-black = Black
dvonn-piece =
    { $piece ->
        [white] white piece
        [black] black piece
       *[dvonn] DVONN piece
    }

## Announcements

dvonn-placed =
    { $piece ->
        [white] { $color } places a white piece on { $field }.
        [black] { $color } places a black piece on { $field }.
       *[dvonn] { $color } places a DVONN piece on { $field }.
    }
dvonn-setup-done = The board is full: White moves first.
dvonn-moved =
    { $height ->
        [one] { $color } moves { $from }→{ $to }.
       *[other] { $color } moves the stack of { $height } { $from }→{ $to }.
    }
# $fields is a list like "C3, D3".
dvonn-removed =
    { $pieces ->
        [one] Cut off from the DVONN pieces and removed: { $fields } ({ $pieces } piece).
       *[other] Cut off from the DVONN pieces and removed: { $fields } ({ $pieces } pieces).
    }
dvonn-passed = { $color } has no legal move and passes.
dvonn-resigned = { $color } resigns.
dvonn-timed-out = { $color } has run out of time.
dvonn-abandoned = { $color } has abandoned the game.
dvonn-game-over = Nobody can move: White { $white }, Black { $black }.

## Refused moves

dvonn-error-game-over = the game is over
dvonn-error-not-your-turn = it is { $color }'s turn
dvonn-error-still-setup = the board is still being set up: place the next piece on an empty field, e.g. `{ $example }`
dvonn-error-setup-over = the setup is complete: move a stack, e.g. `{ $example }`
dvonn-error-occupied = { $field } is already occupied
dvonn-error-empty = there is no piece on { $field }
dvonn-error-dvonn-on-top = { $field } has a DVONN piece on top; nobody can move it
dvonn-error-not-yours = the stack on { $field } belongs to { $owner }; you play { $you }
dvonn-error-surrounded = { $field } is surrounded on all six sides and cannot move
dvonn-error-same-field = { $field } to { $field } is not a move: a stack must leave its field
dvonn-error-not-straight = { $to } is not in a straight line from { $from }
dvonn-error-wrong-distance =
    { $height ->
        [one] the stack on { $from } is { $height } high and must move exactly { $height } field; { $to } is { $distance } away
       *[other] the stack on { $from } is { $height } high and must move exactly { $height } fields; { $to } is { $distance } away
    }
dvonn-error-empty-target = { $field } is empty; a stack must land on an occupied field
dvonn-error-may-not-pass = you can still move (e.g. `{ $example }`), so you may not pass

## Move text that does not parse ($text is what was typed; `pass` stays as typed)

dvonn-bad-field = `{ $text }` is not a field: columns run A–K, rows 1–5 (row 1 is A1–I1, row 5 is C5–K5)
dvonn-not-a-move = `{ $text }` is not a move: a Dvonn move looks like `A2B2` or `A2-B2` (from, to), `G2` while setting up, or `pass`

## Options

dvonn-no-option = Dvonn has no option `{ $word }`

## The setup prompt ($number is the placement's number, 1 to 49)

dvonn-prompt =
    { $piece ->
        [white] Setup: { $color } places a white piece on an empty field ({ $number } of 49).
        [black] Setup: { $color } places a black piece on an empty field ({ $number } of 49).
       *[dvonn] Setup: { $color } places a DVONN piece on an empty field ({ $number } of 49).
    }

## The board in words (for screen readers); it starts with "Dvonn: "

# $player is a colour, with the player's name in brackets when known.
dvonn-describe-player = { $color } ({ $name })
dvonn-describe-to-place = { $player } to place a piece.
dvonn-describe-to-move = { $player } to move.
dvonn-describe-ended = the game is over.
dvonn-describe-over = game over: { $verdict }.
dvonn-describe-counts =
    White controls { $white_stacks ->
        [one] { $white_stacks } stack
       *[other] { $white_stacks } stacks
    } ({ $white_pieces ->
        [one] { $white_pieces } piece
       *[other] { $white_pieces } pieces
    }), Black { $black_stacks ->
        [one] { $black_stacks } stack
       *[other] { $black_stacks } stacks
    } ({ $black_pieces ->
        [one] { $black_pieces } piece
       *[other] { $black_pieces } pieces
    }); { $dvonn ->
        [one] { $dvonn } DVONN piece
       *[other] { $dvonn } DVONN pieces
    } on the board.
dvonn-describe-last-move = Last move: { $from }–{ $to }.
dvonn-describe-last-placed = Last placed: { $field }.

## The image: the status line and each player's line in the header (keep them short)

dvonn-status-over = Game over: { $verdict }
dvonn-status-setup =
    { $piece ->
        [white] Setup: { $color } places a white piece
        [black] Setup: { $color } places a black piece
       *[dvonn] Setup: { $color } places a DVONN piece
    }
dvonn-status-to-move = { $color } to move
dvonn-detail-placed = { $color } · { $placed } placed
dvonn-detail-pieces =
    { $count ->
        [one] { $color } · { $count } piece
       *[other] { $color } · { $count } pieces
    }
