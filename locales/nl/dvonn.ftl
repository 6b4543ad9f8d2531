# Dvonn: kleuren, aankondigingen, geweigerde zetten, de vraag tijdens de opbouw, het bord in woorden en de afbeelding.
# Velden ($field, $from, $to) zijn coördinaten zoals `A2`; $example is een zet zoals je hem typt (`A2B2`, `G2`, `pass`).
# $piece is `white`, `black` of `dvonn`.

## Kleuren (ook de namen van de plaatsen)

dvonn-white = Wit
dvonn-black = Zwart
dvonn-piece =
    { $piece ->
        [white] wit stuk
        [black] zwart stuk
       *[dvonn] DVONN-stuk
    }

## Aankondigingen

dvonn-placed =
    { $piece ->
        [white] { $color } zet een wit stuk op { $field }.
        [black] { $color } zet een zwart stuk op { $field }.
       *[dvonn] { $color } zet een DVONN-stuk op { $field }.
    }
dvonn-setup-done = Het bord is vol: Wit begint.
dvonn-moved =
    { $height ->
        [one] { $color } verplaatst { $from }→{ $to }.
       *[other] { $color } verplaatst de stapel van { $height } { $from }→{ $to }.
    }
# $fields is een lijst zoals "C3, D3".
dvonn-removed =
    { $pieces ->
        [one] Zonder contact met de DVONN-stukken en van het bord gehaald: { $fields } ({ $pieces } stuk).
       *[other] Zonder contact met de DVONN-stukken en van het bord gehaald: { $fields } ({ $pieces } stukken).
    }
dvonn-passed = { $color } kan geen zet doen en past.
dvonn-resigned = { $color } geeft op.
dvonn-timed-out = { $color } heeft geen tijd meer.
dvonn-abandoned = { $color } heeft het spel verlaten.
dvonn-game-over = Niemand kan nog zetten: Wit { $white }, Zwart { $black }.

## Geweigerde zetten

dvonn-error-game-over = het spel is afgelopen
dvonn-error-not-your-turn = { $color } is aan de beurt
dvonn-error-still-setup = het bord wordt nog opgebouwd: zet het volgende stuk op een leeg veld, bijv. `{ $example }`
dvonn-error-setup-over = de opbouw is klaar: verplaats een stapel, bijv. `{ $example }`
dvonn-error-occupied = { $field } is al bezet
dvonn-error-empty = er staat geen stuk op { $field }
dvonn-error-dvonn-on-top = op { $field } ligt een DVONN-stuk bovenop; niemand kan die stapel verplaatsen
dvonn-error-not-yours = de stapel op { $field } is van { $owner }; jij speelt { $you }
dvonn-error-surrounded = { $field } is aan alle zes kanten ingesloten en kan niet bewegen
dvonn-error-same-field = { $field } naar { $field } is geen zet: een stapel moet zijn veld verlaten
dvonn-error-not-straight = { $to } ligt niet op een rechte lijn vanaf { $from }
dvonn-error-wrong-distance =
    { $height ->
        [one] de stapel op { $from } is { $height } hoog en moet precies { $height } veld ver; afstand tot { $to }: { $distance }
       *[other] de stapel op { $from } is { $height } hoog en moet precies { $height } velden ver; afstand tot { $to }: { $distance }
    }
dvonn-error-empty-target = { $field } is leeg; een stapel moet op een bezet veld landen
dvonn-error-may-not-pass = je kunt nog zetten (bijv. `{ $example }`), dus je mag niet passen

## Zettekst die niet te lezen is ($text is wat getypt werd; `pass` blijft zoals je het typt)

dvonn-bad-field = `{ $text }` is geen veld: kolommen A–K, rijen 1–5 (rij 1 is A1–I1, rij 5 is C5–K5)
dvonn-not-a-move = `{ $text }` is geen zet: een Dvonn-zet ziet eruit als `A2B2` of `A2-B2` (van, naar), `G2` tijdens de opbouw, of `pass`

## Opties

dvonn-no-option = Dvonn heeft geen optie `{ $word }`

## De vraag tijdens de opbouw ($number is het nummer van het plaatsen, 1 tot 49)

dvonn-prompt =
    { $piece ->
        [white] Opbouw: { $color } zet een wit stuk op een leeg veld ({ $number } van 49).
        [black] Opbouw: { $color } zet een zwart stuk op een leeg veld ({ $number } van 49).
       *[dvonn] Opbouw: { $color } zet een DVONN-stuk op een leeg veld ({ $number } van 49).
    }

## Het bord in woorden (voor schermlezers); het begint met "Dvonn: "

# $player is een kleur, met de naam van de speler tussen haakjes als die bekend is.
dvonn-describe-player = { $color } ({ $name })
dvonn-describe-to-place = { $player } is aan de beurt om een stuk te zetten.
dvonn-describe-to-move = { $player } is aan zet.
dvonn-describe-ended = de partij is voorbij.
dvonn-describe-over = de partij is voorbij: { $verdict }.
dvonn-describe-counts =
    Wit beheerst { $white_stacks } { $white_stacks ->
        [one] stapel
       *[other] stapels
    } ({ $white_pieces } { $white_pieces ->
        [one] stuk
       *[other] stukken
    }), Zwart { $black_stacks } { $black_stacks ->
        [one] stapel
       *[other] stapels
    } ({ $black_pieces } { $black_pieces ->
        [one] stuk
       *[other] stukken
    }); { $dvonn } { $dvonn ->
        [one] DVONN-stuk
       *[other] DVONN-stukken
    } op het bord.
dvonn-describe-last-move = Laatste zet: { $from }–{ $to }.
dvonn-describe-last-placed = Laatst gezet: { $field }.

## De afbeelding: de statusregel en de regel van elke speler bovenin (kort houden)

dvonn-status-over = Partij voorbij: { $verdict }
dvonn-status-setup =
    { $piece ->
        [white] Opbouw: { $color } zet een wit stuk
        [black] Opbouw: { $color } zet een zwart stuk
       *[dvonn] Opbouw: { $color } zet een DVONN-stuk
    }
dvonn-status-to-move = { $color } is aan zet
dvonn-detail-placed = { $color } · { $placed } gezet
dvonn-detail-pieces =
    { $count ->
        [one] { $color } · { $count } stuk
       *[other] { $color } · { $count } stukken
    }
