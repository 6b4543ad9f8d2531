# Im Schutze der Burg: the game's announcements, refusals, prompts, the description of the
# board image and the words drawn into it.
# Terms: the person cards and buildings keep their German names in English (Bote, Händler,
# Maurer, Steinmetz, Arbeiter, Baumeister; Markt, Schmiede, Turm, …); German uses the German
# originals, Dutch the terms of the Dutch platform (Bode, Handelaar, Metselaar, Steenhouwer,
# Arbeider, Bouwmeester; zand, hout, leem, steen, zilver; wachttoren, smederij, werkers).
# Move words in backticks (`choose mason`, `fill sand clay`, `take <kind>`) are typed as they are.

## Colours (the players' seat labels).

burg-color-red = Red
burg-color-blue = Blue
burg-color-green = Green
burg-color-yellow = Yellow

## Person cards; .chip is the two-letter chip in the image, .move the card's name where a
## player picks it: the hand in the image and its description, the move buttons and the game
## record. English shows the move word (`choose mason`), German and Dutch the card's name.
## Every .move must be a word the move parser reads (src/games/burg/notation.rs).

burg-card-bote = Bote
    .chip = Bo
    .move = messenger
burg-card-haendler = Händler
    .chip = Hä
    .move = trader
burg-card-maurer = Maurer
    .chip = Ma
    .move = mason
burg-card-steinmetz = Steinmetz
    .chip = St
    .move = stonemason
burg-card-arbeiter1 = Arbeiter I
    .chip = A1
    .move = worker1
burg-card-arbeiter2 = Arbeiter II
    .chip = A2
    .move = worker2
burg-card-arbeiter3 = Arbeiter III
    .chip = A3
    .move = worker3
burg-card-baumeister = Baumeister
    .chip = BM
    .move = builder

## Resources; .field is the resource field in a sentence, .cart its caption in the image.

burg-res-sand = sand
    .field = the sand cart
    .cart = sand cart
burg-res-wood = wood
    .field = the wood cart
    .cart = wood cart
burg-res-clay = clay
    .field = the clay cart
    .cart = clay cart
burg-res-stone = stone
    .field = the stone cart
    .cart = stone cart
burg-res-silver = silver
    .field = the Reiter (silver)
    .cart = Reiter (silver)
# $n pieces of the resource $kind: "2 wood".
burg-pieces = { $n } { $kind }
# A silver paid as another resource: "1 silver as stone". Both are also the payment of a move
# button (burg-label-build-pay): keep them words the move parser reads.
burg-silver-as = { $n } silver as { $kind }
burg-nothing = nothing
burg-kinds-none = none

## Buildings.

burg-tile-tower = Turm
burg-tile-house = Haus
burg-tile-wall = Mauer
burg-tile-great-gate = Großes Tor
burg-tile-small-gate = Kleines Tor
burg-tile-palas = Palas
burg-tile-keep = Bergfried
burg-tile-servants-house = Gesindehaus
burg-tile-tavern = Taverne
burg-tile-stable = Stall
burg-building-markt = Markt
burg-building-schmiede = Schmiede
# A numbered tile: "Turm 3".
burg-building-numbered = { $tile } { $n }

## Winter cards: the name, .long with a translation, .effect for the announcement.

burg-winter-bodenfrost = Bodenfrost
    .long = Bodenfrost (Hard frost)
    .effect = this round every resource field yields 1 piece less (sand 3, wood 2, clay, stone and silver 1)
burg-winter-schneesturm = Schneesturm
    .long = Schneesturm (Snowstorm)
    .effect = this round every Arbeiter card gets only the first two pieces of its list (I: sand + clay, II: wood + clay, III: stone + one choice)
burg-winter-brennholz = Brennholz
    .long = Brennholz (Firewood)
    .effect = in player order everyone gives 1 wood to the Wehrturm; who has no wood pays 2 Taler (or all they have)
burg-winter-wintersteuer = Wintersteuer
    .long = Wintersteuer (Winter tax)
    .effect = everyone pays a fifth of their Taler (rounded down)
burg-winter-winterquartier = Winterquartier
    .long = Winterquartier (Winter quarters)
    .effect = everyone scores 1 VP per own helper in the castle
burg-winter-wintervorrat = Wintervorrat
    .long = Wintervorrat (Winter stores)
    .effect = every occupied resource field gives its owner 1 piece of its kind from the supply, if there is one (no tribute)

## What a winter card did, one line per player.

burg-winter-gave-wood = { $color } gives 1 wood to the Wehrturm
burg-winter-paid-for-wood = { $color } has no wood and pays { $taler } Taler
burg-winter-tax = { $color } pays { $taler } Taler
burg-winter-quarters = { $color } scores { $vp } VP
# $pieces: "1 wood".
burg-winter-store = { $color } takes { $pieces }
burg-winter-store-empty = no { $kind } left for { $color }
burg-winter-no-field = no field is occupied

## Announcements.

burg-round-started = Round { $round } of { $rounds }: { $start } starts and takes 1 Taler from the round track.
burg-round-winter = A winter card comes this round.
burg-round-choose-one = Everybody chooses a card privately: `choose <card>`.
burg-round-choose-two = Everybody chooses two different cards privately: `choose <card> <card>`.
# $cards: "Bote + Arbeiter III".
burg-chose = You chose { $cards }. The cards are revealed when everybody has chosen.
burg-changed = { $color } has changed their choice.
burg-has-chosen = { $color } has chosen ({ $chosen } of { $of }).
# $card: the winter card's long name; the effects of the card follow in their own lines.
burg-winter = Winter card: { $card } — { $effect }.
# $list: "Red Bote, Blue Steinmetz".
burg-revealed = Cards revealed: { $list }.
burg-filled = { $color }'s { $card } is filled with { $pieces }.
burg-filled-missing = { $color }'s { $card } is filled with { $pieces } (missing from the supply: { $missing }).
burg-bote = { $color }'s Bote brings 8 Taler ({ $color } has { $taler }).
burg-placed = { $color }'s Händler places a helper on { $field }.
burg-placed-displacing = { $color }'s Händler places a helper on { $field }, sending { $displaced }'s helper home.
burg-passed = { $color }'s Händler passes.
burg-passed-why = { $color }'s Händler places nothing ({ $why }).
burg-pass-left = left the game
burg-pass-no-helper = no helper in the supply
burg-pass-no-field = no field open to a helper
burg-income-none = Income: no field pays anything.
# $lines: "Red 3 sand (1 to the Wehrturm), Blue 2 clay (1 to the Wehrturm)".
burg-income = Income: { $lines }.
burg-income-line = { $color } { $pieces }
burg-income-tribute = { $color } { $pieces } (1 to the Wehrturm)
burg-took = { $color }'s Maurer takes { $pieces } from the Wehrturm.
burg-bought = { $color }'s Steinmetz buys { $pieces } from { $from }'s { $card } for 1 Taler.
# $building: "Turm 1", $id: "T1", $payment: "1 sand 1 wood 1 clay 1 silver as stone".
burg-built-nothing = { $color }'s { $card } builds { $building } ({ $id }) paying { $payment }: no VP.
burg-built-vp = { $color }'s { $card } builds { $building } ({ $id }) paying { $payment }: { $vp } VP.
burg-built-taler = { $color }'s { $card } builds { $building } ({ $id }) paying { $payment }: { $taler } Taler.
# $space: "TV12", $building: "Taverne".
burg-helper = { $color } places a helper on { $space } ({ $building }) for { $fee } Taler.
burg-helper-from = { $color } places a helper on { $space } ({ $building }) for { $fee } Taler, taken from { $field }.
burg-action-done = { $color }'s { $card } is done.
burg-collected = { $color }'s { $card } collects { $pieces }.
burg-baumeister = { $buildings ->
        [one] { $color }'s Baumeister: { $buildings } building by others this round, { $vp } VP; { $color } takes the played cards back.
       *[other] { $color }'s Baumeister: { $buildings } buildings by others this round, { $vp } VP; { $color } takes the played cards back.
    }
burg-castle-complete = All 23 buildings are built: the game ends after this round.
# One player's final scoring, in parts joined with "; ": the head, the helper spaces
# ("SM10 +8, TV12 +5"), the Palas, the Markt, the total.
burg-score-head = { $color }: { $vp } VP in play
burg-score-palas = Palas +{ $vp } ({ $pieces })
burg-score-palas-short = Palas +{ $vp }
burg-score-markt = Markt +{ $vp }
burg-score-total = total { $vp } VP; { $taler } Taler and resources worth { $value } left.
# One line of the result: "1. Blue 30 VP".
burg-result = { $rank }. { $color } { $vp } VP
burg-final-ranking = Final ranking: { $results }.
burg-tie = { $names } tie on { $vp } VP — Taler left: { $taler }
burg-tie-resources = { $names } tie on { $vp } VP — Taler left: { $taler } — resources left: { $resources }
burg-forfeit-ends = { $reason ->
        [resigned] { $color } resigns; the game ends and { $color } ranks last.
        [timeout] { $color } has run out of time; the game ends and { $color } ranks last.
       *[abandoned] { $color } has abandoned the game; the game ends and { $color } ranks last.
    }
burg-forfeit = { $reason ->
        [resigned] { $color } resigns: { $color } plays no more cards and ranks last; the others play on.
        [timeout] { $color } has run out of time: { $color } plays no more cards and ranks last; the others play on.
       *[abandoned] { $color } has abandoned the game: { $color } plays no more cards and ranks last; the others play on.
    }

## Prompts and what the table waits for.

burg-prompt-choose-one = Round { $round } of { $rounds }: everybody chooses a card privately (`/move choose …`); waiting for { $waiting }.
burg-prompt-choose-two = Round { $round } of { $rounds }: everybody chooses two different cards privately (`/move choose …`); waiting for { $waiting }.
# $what: the pending decision (burg-decide-…).
burg-prompt-decide = Round { $round }, { $color }: { $what }.
burg-decide-fill = { $count ->
        [one] Arbeiter III: name 1 piece of sand, wood or clay (`fill clay`)
       *[other] Arbeiter III: name 2 pieces of sand, wood or clay (`fill sand clay`)
    }
burg-decide-haendler = Händler: `place <field>` or `pass`
burg-decide-take = Maurer: take one kind from the Wehrturm (`take <kind>`)
# $parts: what is possible now, from burg-part-…, joined with ", ".
burg-decide-work = { $card }: { $parts } or done
burg-decide-done = { $card }: done
burg-part-buy = buy
burg-part-build = build
burg-part-helpers = helpers

## Refusals.

burg-no-option = Im Schutze der Burg has no option `{ $word }` (only `winter`)
burg-err-game-over = the game is over
burg-err-no-seat = seat { $n } is not at this table
burg-err-left = you have left this game
burg-err-choose-first = everybody is choosing cards now: send yours privately, e.g. `choose mason`
burg-err-choose-first-two = everybody is choosing cards now: send yours privately, e.g. `choose mason` (two different cards with two players: `choose messenger worker3`)
burg-err-card-count = { $need ->
        [one] choose exactly { $need } card
       *[other] choose exactly { $need } cards
    }
burg-err-same-card = choose two different cards, not { $card } twice
burg-err-card-played = your { $card } is face up (already played); it comes back to your hand only with your Baumeister
burg-err-baumeister-early = you may choose the Baumeister only while at least one of your cards is face up from an earlier round (never while you hold all eight)
burg-err-not-your-turn = it is { $color }'s turn: { $what }
# $example: a move, e.g. "fill sand clay".
burg-err-fill-count = { $need ->
        [one] your Arbeiter III receives { $need } chosen piece now: name exactly that many (sand, wood or clay), e.g. `{ $example }`
       *[other] your Arbeiter III receives { $need } chosen pieces now: name exactly that many (sand, wood or clay), e.g. `{ $example }`
    }
# $pieces: "0 clay".
burg-err-fill-short = the supply has only { $pieces } left
# $field: burg-res-….field; $reason: burg-field-….
burg-err-field = you cannot place on { $field }: { $reason }
burg-field-reiter-closed = the Reiter opens only when all four carts are occupied (free: { $free })
burg-field-cart-free = while a cart is free you must take a free cart (free: { $free })
burg-field-own = your own helper is there; you never displace your own
burg-field-fresh = { $color }'s helper there was placed this round and cannot be displaced
burg-field-not-open = it is not open
burg-err-buy-closed = purchases come before building; once you have built you can no longer buy
burg-err-no-taler = a purchase costs 1 Taler and you have none
burg-err-own-card = you cannot buy from your own Arbeiter card
# $reason: burg-buy-….
burg-err-buy = you cannot buy { $kind } from { $from }: { $reason }
burg-buy-not-at-table = { $from } is not at this table
burg-buy-no-card = { $from } has no { $card } on the table this round
burg-buy-already = you have already bought from { $from }'s { $card } in this action
burg-buy-holds-none = { $from }'s { $card } holds no { $kind } (it holds { $holds })
burg-buy-last-piece = { $from }'s { $card } holds only its last piece, which is protected
burg-buy-no-arbeiter = { $from } has no Arbeiter card on the table this round
# $list: "Arbeiter I: 1 stone; Arbeiter II: 1 wood".
burg-buy-none-can-sell = no card of { $from } can sell it ({ $list }); a card sells 1 piece per Steinmetz and keeps its last piece
# $cards: "Arbeiter I + Arbeiter III"; $example: a move, e.g. "buy red worker1 clay".
burg-err-which-card = { $from } has { $cards } that could sell { $kind }: name the card, e.g. `{ $example }`
burg-err-build-closed = helpers come after building; once you have placed a helper you can no longer build
burg-err-two-builds = you have built two buildings in this action, the most allowed
burg-err-no-tile = every { $tile } is built already
# $error: burg-pay-….
burg-err-payment = you cannot build the { $tile } (value { $value }): { $error }
burg-err-arbeiter-no-helpers = an Arbeiter never places helpers in the castle
burg-err-helper-needs-build = helpers may be placed only after building at least one building in this action
burg-err-two-helpers = you have placed two helpers in this action, the most allowed
burg-err-space-unbuilt = { $space } belongs to the { $building }, which is not built yet
burg-err-space-occupied = { $space } is already occupied by { $by }'s helper
burg-err-fee = { $space } costs { $fee } Taler and you have { $taler }
burg-err-same-building = you have already placed a helper in the { $building } this round (one per building per round)
burg-err-no-helper = you have no helper in your supply
# $field: a move word (sand, wood, clay, stone, silver).
burg-err-no-helper-field = you have no helper in your supply; take one from a field: `helper … from { $field }`
burg-err-not-on-field = you have no helper on { $field }
burg-wrong-now = now: { $what }
burg-wrong-now-cards = now: { $what } (cards are chosen at the start of a round)
burg-wrong-now-pass = now: { $what }: a Händler who places nothing says `pass`
burg-wrong-now-take = now: { $what }: the Maurer's `take` comes first (a kind with 0 pieces may be named)
burg-wrong-now-done = now: { $what }: end the action with `done`
burg-wrong-took = you have already taken from the Wehrturm in this action
burg-wrong-only-maurer = only a Maurer takes from the Wehrturm; this is your { $card }
burg-wrong-only-steinmetz = only a Steinmetz buys; this is your { $card }
burg-wrong-take-first = the Maurer first takes one kind from the Wehrturm: `take <kind>`
burg-wrong-no-space = no such space

## Payments.

burg-pay-value = that payment is worth { $paid }, but the building costs exactly { $value } (no overpayment, no change)
# $kinds: "sand, wood".
burg-pay-kinds = { $n ->
        [one] that payment uses only { $n } kind ({ $kinds }); a payment needs at least 3 different kinds of sand, wood, clay and stone (a silver counts as the kind it is declared as)
       *[other] that payment uses only { $n } kinds ({ $kinds }); a payment needs at least 3 different kinds of sand, wood, clay and stone (a silver counts as the kind it is declared as)
    }
# $have: "1 stone".
burg-pay-missing = you have { $have }, not the { $need } that payment needs
# $holding: the player's pieces, "2 sand, 1 wood", or burg-pay-empty-store.
burg-pay-empty-store = empty store
burg-pay-impossible = no payment of exactly { $value } in at least 3 kinds is possible with your { $holding }: no combination adds up to exactly { $value } with 3 kinds (no change is given)
burg-pay-impossible-value = no payment of exactly { $value } in at least 3 kinds is possible with your { $holding }: missing { $short } in value
burg-pay-impossible-kinds = { $more ->
        [one] no payment of exactly { $value } in at least 3 kinds is possible with your { $holding }: missing { $more } more kind
       *[other] no payment of exactly { $value } in at least 3 kinds is possible with your { $holding }: missing { $more } more kinds
    }
burg-pay-impossible-both = { $more ->
        [one] no payment of exactly { $value } in at least 3 kinds is possible with your { $holding }: missing { $short } in value and { $more } more kind
       *[other] no payment of exactly { $value } in at least 3 kinds is possible with your { $holding }: missing { $short } in value and { $more } more kinds
    }

## Move buttons: a move in the reader's words (the button still sends the English notation).
## Every word must be one the move parser reads (src/games/burg/notation.rs): the verbs and
## little words here, the names of cards, colours, kinds and tiles above, and the payment of
## burg-pieces and burg-silver-as. English is the notation itself.

# $cards: "mason", "messenger worker3".
burg-label-choose = choose { $cards }
# $kinds: "sand clay".
burg-label-fill = fill { $kinds }
# $field: the kind of the field, "wood", "silver" (the Reiter).
burg-label-place = place { $field }
burg-label-pass = pass
burg-label-take = take { $kind }
# $color: the seller's colour.
burg-label-buy = buy { $color } { $kind }
# $card: the seller's Arbeiter card, "worker2".
burg-label-buy-card = buy { $color } { $card } { $kind }
burg-label-build = build { $tile }
# $payment: "1 sand 1 wood 1 clay 1 silver as stone".
burg-label-build-pay = build { $tile } pay { $payment }
# $space: the castle space's id, "TV12" (it stays as it is).
burg-label-helper = helper { $space }
burg-label-helper-from = helper { $space } from { $field }
burg-label-done = done

## Moves that cannot be read. The move words in backticks stay English (German and Dutch
## words are read too).

# $text: what was typed; $why: one of the hints below.
burg-parse-not-a-move = `{ $text }` is not a move: { $why }
burg-parse-too-long = too long
burg-parse-forms = moves: `choose <card>`, `fill <kind> <kind>`, `place <field>`, `pass`, `take <kind>`, `buy <colour> <kind>`, `build <tile> [pay …]`, `helper <space> [from <field>]`, `done`
burg-parse-cards = cards: messenger (Bote), trader (Händler), mason (Maurer), stonemason (Steinmetz), worker1–worker3 (Arbeiter I–III), builder (Baumeister)
burg-parse-tiles = tiles: tower, house, wall, great-gate, small-gate, palas, keep, servants-house, tavern, stable
burg-parse-kinds = kinds: sand, wood, clay, stone, silver
burg-parse-name-card = name a card; { $cards }
burg-parse-one-card = choose one card (two with two players)
burg-parse-fill-kinds = an Arbeiter III is filled with sand, wood or clay: `fill clay clay`
burg-parse-fill-count = name one or two pieces: `fill sand wood`
burg-parse-field = name a field: sand, wood, clay, stone or silver (the Reiter)
burg-parse-take = name a kind to take; { $kinds }
burg-parse-seller = name the seller by colour and the piece: `buy red clay`
burg-parse-buy-card = pieces are bought from worker1, worker2 or worker3
burg-parse-buy-kind = name the piece to buy; { $kinds }
burg-parse-build = name what to build; { $tiles }
burg-parse-pay = pay with groups like `1 sand 1 wood 1 clay 1 silver as stone`
burg-parse-pay-count = every count is 1 or more (at most 60)
burg-parse-pay-silver-as = say what each silver stands for: `1 silver as stone` (sand, wood, clay or stone)
burg-parse-pay-silver = a silver stands for sand, wood, clay or stone
# $spaces: "MA6a, MA6b, SM10, …".
burg-parse-space = name a castle space: { $spaces }
burg-parse-from = name the field the helper comes from: `helper TV12 from sand`
burg-parse-unexpected = unexpected words at the end; { $forms }

## The description of the board image (for screen readers).

burg-describe-standing = { $player } { $vp } VP, { $taler } Taler
burg-describe-over = game over after round { $round } of { $rounds }: { $verdict }.
burg-describe-all-chosen = round { $round } of { $rounds }, every card is chosen.
# $waiting: "Ann (Red) and Cy (Green)".
burg-describe-choosing = round { $round } of { $rounds }, cards are chosen secretly; waiting for { $waiting }.
burg-describe-deciding = round { $round } of { $rounds }, resolving; { $player } to decide: { $what }.
burg-describe-resolving-card = round { $round } of { $rounds }, resolving { $card }.
burg-describe-resolving = round { $round } of { $rounds }, resolving.
burg-describe-castle = Castle: { $built } of { $total } buildings built.
burg-describe-castle-winter = Castle: { $built } of { $total } buildings built; winter card { $card }.
# One player's supplies, then the parts below, joined with "; ".
burg-describe-supplies = { $player } ({ $color }): { $vp } VP, { $taler } Taler, resources { $resources }; helpers { $supply } in supply, { $castle } in the castle
# $list: building ids, "T1, H2".
burg-describe-built = built { $list }
burg-describe-played = played { $cards }
burg-describe-left = left the game
burg-describe-hand = { $player }'s hand: { $cards }
burg-describe-chosen = chosen this round: { $cards }
burg-describe-has-chosen = has chosen this round

## Words drawn into the board image (keep them short).

burg-draw-title = Im Schutze der Burg — round { $round } of { $rounds }
burg-draw-over = Game over: { $verdict }
burg-draw-choosing = Choosing cards: { $chosen } of { $of } have chosen
burg-draw-castle = Castle
burg-draw-building = { $vp } VP · value { $value }
burg-draw-prebuilt = built from the start
burg-draw-fields = Resource fields
# A helper placed on a field this round.
burg-draw-new = { $name } (new)
burg-draw-wehrturm = Wehrturm
burg-draw-supply = Supply
burg-draw-schmiede = Schmiede: { $n } silver
burg-draw-rounds = Rounds
burg-draw-winter = Winter: { $card } ({ $left } left)
burg-draw-winter-left = Winter cards left: { $left }
burg-draw-numbers = { $vp } VP · { $taler } Taler · helpers { $supply } (+{ $castle } in the castle)
burg-draw-left = left the game
burg-draw-chosen = ✓ chosen
burg-draw-choosing-now = choosing…
burg-draw-hand = { $name } — your hand
burg-draw-final = Final scoring
# $parts: "12 in play, SM10 +8, Palas +10, Markt +3".
burg-draw-final-line = { $rank }. { $player }: { $parts } = { $vp } VP ({ $taler } Taler, resources { $value } left)
burg-draw-in-play = { $vp } in play

## The game record (`/log`), one line per entry. The moves in it stay in their notation.

# The first line; $order: the colours clockwise, "Blue, Red, Green".
burg-record-setup = Im Schutze der Burg, { $players ->
        [one] { $players } player
       *[other] { $players } players
    }, clockwise: { $order }
burg-record-setup-winter = Im Schutze der Burg, { $players ->
        [one] { $players } player
       *[other] { $players } players
    }, winter, clockwise: { $order }
burg-record-round = round { $round } of { $rounds }, start { $start }
# $card: the winter card's name.
burg-record-winter = winter: { $card }
# $list: the seats' cards, "Blue mason, Red messenger+worker3".
burg-record-revealed = revealed: { $list }
burg-record-revealed-seat = { $color } { $cards }
# $notation: the move as typed, "build wall pay 2 sand 1 wood 1 clay" (it stays as it is).
burg-record-move = { $color }: { $notation }
burg-record-forfeit = { $reason ->
        [resigned] { $color } resigns
        [timeout] { $color } runs out of time
        [stopped] { $color } stops (nobody is left to play against)
       *[abandoned] { $color } abandons the game
    }
# $score: one player's final scoring (burg-score-…).
burg-record-final = final { $score }
# $list: "Red 20 (rank 2), Blue 10 (rank 3)".
burg-record-result = result: { $list }
burg-record-result-seat = { $color } { $score } (rank { $rank })
