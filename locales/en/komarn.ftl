# Banner von Komarn: announcements, refusals, prompts, the board's description and image.
# The moves in backticks (`play 17L`, `morlock none`, `challenge` …) stay as typed.

## Colours (turn order: Red moves first)

komarn-color-red = Red
komarn-color-blue = Blue
komarn-color-green = Green
komarn-color-yellow = Yellow

## Small words

komarn-nothing = nothing
komarn-content-nothing = nothing
komarn-content-soldier = { $color }'s soldier
komarn-content-camp = a camp
komarn-content-morlock = a Morlock
komarn-no-room-blocked = { $what } stands on { $field }
komarn-no-room-not-free = it is not free
komarn-waiting-over = the game is over

## Option errors (`challenge=` stays as typed)

komarn-option-unknown = Banner von Komarn has no option `{ $shown }`
komarn-option-not-a-duration = `challenge={ $shown }` is not a duration
komarn-option-out-of-range = `challenge={ $shown }` is out of range: between { $min } and { $max }

## Announcements

komarn-played-recruit = { $color } plays { $number } and recruits on { $field }
komarn-played-chase = { $color } plays { $number } and { $second }, chases the Morlock off { $number }F and recruits on { $number }L and { $number }R
komarn-played-reinforce = { $color } plays { $number } as a reinforcement on { $field }
komarn-played-seduce = { $color } plays { $number } and, with the Hurenweibel, seduces { $victim }'s soldier on { $field }
# $play is one of the four texts above.
komarn-played = { $play }.
komarn-played-with-camp = { $play }, and builds a camp on { $camp }.
komarn-passed = { $color } can play no number and discards { $number }.
komarn-tower-garrisoned = The tower at { $point } is garrisoned by { $color }.
komarn-tower-empty = The tower at { $point } stays empty for good: { $color } has no soldier left to garrison it.
komarn-command = { $color } takes command of the banner at { $banner } (worth { $value }).
komarn-paid = { $color } loses command of the banner at { $banner }; the Weibel returns and { $color } is paid { $amount } Heller.
komarn-weibel-back = { $color } keeps command of the merged banner at { $banner }; the other Weibel returns unpaid.
komarn-garrison = The garrison of the tower at { $point } changes from { $from } to { $to }.
komarn-hurenweibel-holder = { $color } now holds the Hurenweibel.
komarn-hurenweibel-neutral = The Hurenweibel is neutral.
komarn-drew-nothing = You draw nothing.
komarn-drew = You draw { $numbers }.
komarn-drew-count = { $color } draws { $count ->
    [one] { $count } number
   *[other] { $count } numbers
    }.
komarn-strudel = { $color } draws the Strudel: it and the discard pile ({ $count ->
    [one] { $count } number
   *[other] { $count } numbers
    }) go back into the bag.
komarn-morlock-drawn = { $color } draws a Morlock: place it (`morlock <k>`) or claim that none can be placed (`morlock none`).
komarn-morlock-gone = The Morlock drawn by { $color } leaves the game: { $why }.
komarn-morlock-gone-no-area = no area can take it
komarn-morlock-gone-drawer-left = its drawer left the game
komarn-morlock-placed = { $color } places the Morlock on { $area }F; the number { $area } goes back into the bag.
komarn-claimed = { $color } claims that no Morlock can be placed. { $answerers } may `challenge` or `accept` ({ $window }); silence accepts.
komarn-accepted = { $color } accepts the claim.
komarn-claim-stands = { $color }'s claim stands; the Morlock leaves the game.
komarn-claim-stands-time = { $color }'s claim stands (the time ran out); the Morlock leaves the game.
komarn-challenged-true = { $challenger } challenges! Hands at the claim: { $drawer } [{ $drawer_hand }], { $challenger } [{ $challenger_hand }]. The claim was true: the Morlock leaves the game, and { $drawer } strikes one of { $challenger }'s numbers (`strike <k>`).
komarn-challenged-bluff = { $challenger } challenges! Hands at the claim: { $drawer } [{ $drawer_hand }], { $challenger } [{ $challenger_hand }]. It was a bluff ({ $fitting } could take it): { $drawer } places the Morlock (`morlock <k>`), then { $challenger } strikes one of { $drawer }'s numbers.
komarn-struck = { $chooser } strikes { $number }: { $loser } discards it and draws a replacement.
komarn-no-strike = { $color } loses no number: { $why }.
komarn-no-strike-chooser-left = the chooser has left the game
komarn-no-strike-loser-left = they have left the game
komarn-no-strike-empty-hand = they hold no number
komarn-last-round = { $colors } { $count ->
    [one] has
   *[other] have
    } no soldier left in supply: the round is finished, then the game ends.
komarn-skipped = { $color } has no soldier in supply and skips the turn.
komarn-forfeit-resigned = { $color } resigns and ranks last; their numbers ({ $numbers }) go to the discard pile, their pieces stay on the river.
komarn-forfeit-timed-out = { $color } has run out of time and ranks last; their numbers ({ $numbers }) go to the discard pile, their pieces stay on the river.
komarn-forfeit-abandoned = { $color } has abandoned the game and ranks last; their numbers ({ $numbers }) go to the discard pile, their pieces stay on the river.
komarn-forfeit-goes-on = The game goes on without { $color }.
# One player's final payout: $total paid now, $heller the final sum.
komarn-game-over-payout = { $color } +{ $total } (banners { $banners }, Weibel { $weibel }) → { $heller } Heller
komarn-game-over-payout-hurenweibel = { $color } +{ $total } (banners { $banners }, Weibel { $weibel }, Hurenweibel { $hurenweibel }) → { $heller } Heller
komarn-game-over = Final payouts: { $payouts }.

## The game record (`/log`): short notes, one line per move; the moves themselves stay in their notation

komarn-record-head = Banner von Komarn, { $players ->
    [one] { $players } player
   *[other] { $players } players
    }; turn order: { $order }
# One entry of the turn order: a colour and its seat number.
komarn-record-seat = { $color } = seat { $seat }
komarn-record-points = points: { $points }
komarn-record-point-tower = { $point } tower
komarn-record-point-maiden = { $point } maiden
komarn-record-point-city = { $point } city { $value }
# $mv is the move as typed (`play 17L`), never translated.
komarn-record-move = { $color }: { $mv }
komarn-record-time-up = time is up
komarn-record-draws = { $color } draws { $count }
komarn-record-tower = { $point } tower: { $color }
komarn-record-tower-empty = { $point } tower: empty
komarn-record-command = { $color } commands { $banner }
komarn-record-paid = { $color } paid { $amount } for { $banner }
komarn-record-weibel-back = { $color } Weibel back from { $banner }
komarn-record-garrison = { $point } garrison: { $color }
komarn-record-hurenweibel = Hurenweibel: { $color }
komarn-record-hurenweibel-neutral = Hurenweibel: neutral
komarn-record-strudel = { $color } draws the Strudel
komarn-record-morlock-drawn = { $color } draws a Morlock
komarn-record-morlock-gone = Morlock leaves ({ $why })
komarn-record-morlock-placed = Morlock on { $area }F
komarn-record-claimed = { $color } claims none
komarn-record-accepted = { $color } accepts
komarn-record-claim-stands = claim stands
komarn-record-claim-stands-time = claim stands (time)
komarn-record-challenged-true = { $challenger } challenges: { $drawer } [{ $drawer_hand }], { $challenger } [{ $challenger_hand }], true
komarn-record-challenged-bluff = { $challenger } challenges: { $drawer } [{ $drawer_hand }], { $challenger } [{ $challenger_hand }], bluff
komarn-record-struck = { $color } loses { $number }
komarn-record-no-strike = { $color } loses nothing
komarn-record-last-round = last round ({ $colors } empty)
komarn-record-skipped = { $color } skips
komarn-record-resigned = { $color } resigns (discards { $numbers })
komarn-record-timed-out = { $color } times out (discards { $numbers })
komarn-record-abandoned = { $color } abandons the game (discards { $numbers })
komarn-record-stopped = { $color } stops, nobody being left to play against (discards { $numbers })
komarn-record-result = result: { $results }
# One player's result: $total paid at the end, $heller the final sum.
komarn-record-payout = { $color } +{ $total } (banners { $banners }, Weibel { $weibel }, Hurenweibel { $hurenweibel }) = { $heller } (rank { $rank })

## Refusals

komarn-error-game-over = the game is over
komarn-error-no-such-seat = seat { $seat } is not at this table
komarn-error-left = you have left this game
komarn-error-not-now = not now: { $waiting }
komarn-error-not-in-hand = { $number } is not in your hand
komarn-error-no-soldier = you have no soldier left in supply
komarn-error-own-soldier = { $field } already holds your own soldier
komarn-error-taken = { $field } is taken by { $color }; only the holder of the Hurenweibel may seduce a soldier
komarn-error-not-free = { $field } is not free: { $what } stands there
komarn-error-must-chase = a Morlock sits on { $area }F: area { $area } is taken only by chasing it with a second number, `play { $area } +<m>`
komarn-error-river-closed = { $area }F opens only when { $area }L and { $area }R both hold soldiers
komarn-error-no-morlock = there is no Morlock on { $area }F to chase
komarn-error-chase-needs-two = chasing a Morlock puts two soldiers on the board; you have { $count } in supply
komarn-error-not-dead = { $number } can still recruit in its own area (e.g. `{ $example }`); only a number whose area offers you no recruit may reinforce
komarn-error-reinforce-river = reinforcements go on land fields only, not on { $field }
komarn-error-reinforce-morlock = { $field } lies in an area with a Morlock; reinforcements may not go there
komarn-error-no-own-neighbour = { $field } is not next to one of your soldiers
komarn-error-enemy-neighbour = { $field } is next to { $color }'s soldier on { $enemy }; reinforcements may not touch another colour
komarn-error-no-camp = you have built both of your camps
komarn-error-camp-river = camps go on land fields only, not on { $field }
komarn-error-camp-not-free = the camp cannot go on { $field }: the field is not free after your play
komarn-error-camp-morlock = the camp cannot go on { $field }: a Morlock sits in that area
komarn-error-cannot-pass = you may only pass when no number in your hand can be played; you have a play (your `/hand` lists them)
komarn-error-no-room = area { $area } cannot take a Morlock: { $why }
komarn-error-must-place = your claim was a bluff: place the Morlock with `morlock <k>`, e.g. `morlock { $number }`
komarn-error-own-claim = you made the claim; the others challenge or accept it
komarn-error-not-held = { $color } does not hold { $number }; { $color } holds { $held }

## Prompts: what the game waits for

komarn-prompt-play = { $color } plays a number: `play 17L` (recruit, or seduce with the Hurenweibel), `play 17 +32` (chase a Morlock), `play 17 @23R` (reinforce with a dead number), `pass 40` only when nothing fits; add `camp 18L` for a camp.
komarn-prompt-morlock = { $color } draws a Morlock: place it (`morlock <k>`) or claim none (`morlock none`).
komarn-prompt-claim = Claim of none by { $color }: { $answerers } may `challenge` or `accept` ({ $window }); silence accepts.
komarn-prompt-expose = { $drawer }'s claim was a bluff: { $drawer } places the Morlock (`morlock <k>`: { $fitting }), then { $challenger } strikes one of { $drawer }'s numbers.
komarn-prompt-strike = { $chooser } strikes one of { $loser }'s numbers (`strike <k>`): { $numbers }.
komarn-prompt-last-round = Last round.

## Moves that do not parse (the move words stay as typed)

komarn-parse-not-a-move = `{ $shown }` is not a move: { $why }
komarn-parse-expected = moves are `play 17L` (recruit or seduce), `play 17 +32` (chase a Morlock), `play 17 @23R` (reinforce), `… camp 18L`, `pass 40`, `morlock 12`, `morlock none`, `challenge`, `accept`, `strike 5`
komarn-parse-not-a-number = `{ $shown }` is not a number 1–54
komarn-parse-no-such-number = there is no number { $shown }; the numbers are 1–54
komarn-parse-which-number = which number? e.g. `play 17L`
komarn-parse-missing-number = the number is missing
komarn-parse-side-with-chase = a chase or a reinforcement names the number alone: `play { $number } +32`, `play { $number } @23R`, not `play { $number }{ $side } …`
komarn-parse-missing-second = the second number after `+` is missing
komarn-parse-missing-reinforce = the field after `@` is missing
komarn-parse-name-a-field = name a field of area { $number } (`play { $number }L`, `play { $number }F`, `play { $number }R`), a second number to chase a Morlock (`play { $number } +32`) or a field to reinforce (`play { $number } @23R`)
komarn-parse-missing-camp = the camp's field after `camp` is missing
komarn-parse-unexpected = unexpected `{ $shown }`; a play may end with `camp <field>`
komarn-parse-missing-discard = the number to discard is missing
komarn-parse-missing-morlock = the number (or `none`) is missing
komarn-parse-missing-strike = the number to strike is missing
komarn-parse-nothing-more = `{ $mv }` takes nothing more
komarn-parse-chase-same = the second number of a chase must differ from the first
komarn-bad-field = `{ $shown }` is not a field: fields are an area 1–54 and L, F or R, e.g. `17L`, `17F`

## The board in words (for screen readers)

komarn-describe-head = Banner von Komarn: { $status }
komarn-describe-heller = Heller: { $list }.
komarn-describe-numbers-in-hand = Numbers in hand: { $numbers }.
komarn-describe-over = game over: { $verdict }.
# A player with their colour.
komarn-describe-named = { $player } ({ $color })
komarn-describe-wait-play = { $player } to play a number.
komarn-describe-wait-morlock = { $player } drew a Morlock and places it on the river or claims there is no place.
komarn-describe-wait-claim = { $player } claims there is no place for the Morlock; waiting for { $waiting } to challenge or accept.
komarn-describe-wait-expose = { $drawer } lost the challenge and places the Morlock; then { $challenger } strikes a number.
komarn-describe-wait-strike = { $chooser } names a number of { $loser } to strike.
komarn-describe-wait-over = the game is over.
komarn-describe-last-round = The last round is being played.
# $count banners worth $value in all.
komarn-describe-commands = { $player } commands { $count ->
    [one] { $count } banner
   *[other] { $count } banners
    } worth { $value }
komarn-describe-banners = { $count ->
    [one] { $count } banner
   *[other] { $count } banners
    } on the river.
komarn-describe-banners-commanded = { $count ->
    [one] { $count } banner
   *[other] { $count } banners
    } on the river ({ $commanders }).
komarn-describe-hurenweibel = { $player } holds the Hurenweibel.
komarn-describe-bag = Bag: { $tiles ->
    [one] { $tiles } tile
   *[other] { $tiles } tiles
    }, { $morlocks ->
    [one] { $morlocks } Morlock
   *[other] { $morlocks } Morlocks
    } left; { $discarded ->
    [one] { $discarded } number
   *[other] { $discarded } numbers
    } discarded.
komarn-describe-revealed = { $player }'s hand shown in the challenge: { $numbers }.
komarn-describe-supplies = { $player } ({ $color }): { $heller } Heller; in supply { $soldiers ->
    [one] { $soldiers } soldier
   *[other] { $soldiers } soldiers
    }, { $weibel } Weibel, { $camps ->
    [one] { $camps } camp
   *[other] { $camps } camps
    }; { $hand ->
    [one] { $hand } number
   *[other] { $hand } numbers
    } in hand
komarn-describe-commanding = commands { $count ->
    [one] { $count } banner
   *[other] { $count } banners
    }
komarn-describe-commanding-worth = commands { $count ->
    [one] { $count } banner
   *[other] { $count } banners
    } worth { $value }
komarn-describe-holds-hurenweibel = holds the Hurenweibel
komarn-describe-left = left the game
komarn-describe-hand-empty = { $player } holds no numbers.
komarn-describe-hand = { $player }'s numbers: { $numbers }.
komarn-describe-hand-hidden = { $player } holds { $count ->
    [one] { $count } number
   *[other] { $count } numbers
    }, not shown.

## The board image (short: the labels must fit their place)

komarn-draw-over = Game over: { $verdict }
komarn-draw-to-play = { $player } to play
komarn-draw-to-play-last-round = { $player } to play · last round
komarn-draw-drew-morlock = { $player } drew a Morlock
komarn-draw-claims = { $player } claims: no place for the Morlock
komarn-draw-challenges = { $player } challenges
komarn-draw-strikes = { $chooser } strikes a number of { $loser }
komarn-draw-hurenweibel = ♥ Hurenweibel
komarn-draw-left = (left)
komarn-draw-supplies = { $heller } Heller · { $soldiers ->
    [one] { $soldiers } soldier
   *[other] { $soldiers } soldiers
    } · { $weibel } Weibel · { $camps ->
    [one] { $camps } camp
   *[other] { $camps } camps
    } · { $hand ->
    [one] { $hand } number
   *[other] { $hand } numbers
    } in hand
komarn-draw-pile = Discard pile (newest first): { $recent } · bag: { $bag ->
    [one] { $bag } tile
   *[other] { $bag } tiles
    } · Morlocks left: { $morlocks }
komarn-draw-revealed = { $player }'s hand, shown in the challenge: { $numbers }
komarn-draw-final-payouts = Final payouts
komarn-draw-payout = { $player }: banners { $banners } + Weibel { $weibel } + Hurenweibel { $hurenweibel } = { $total } Heller
komarn-draw-your-numbers = { $player } — your numbers
