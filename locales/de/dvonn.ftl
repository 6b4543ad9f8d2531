# Dvonn: Farben, Ansagen, abgelehnte Züge, die Aufforderung beim Aufbau, das Brett in Worten und das Bild.
# Felder ($field, $from, $to) sind Koordinaten wie `A2`; $example ist ein Zug, wie man ihn tippt (`A2B2`, `G2`, `pass`).
# $piece ist `white`, `black` oder `dvonn`.

## Farben (auch die Bezeichnungen der Plätze)

dvonn-white = Weiß
dvonn-black = Schwarz
dvonn-piece =
    { $piece ->
        [white] weißer Stein
        [black] schwarzer Stein
       *[dvonn] Dvonnstein
    }

## Ansagen

dvonn-placed =
    { $piece ->
        [white] { $color } setzt einen weißen Stein auf { $field }.
        [black] { $color } setzt einen schwarzen Stein auf { $field }.
       *[dvonn] { $color } setzt einen Dvonnstein auf { $field }.
    }
dvonn-setup-done = Das Spielfeld ist voll: Weiß zieht zuerst.
dvonn-moved =
    { $height ->
        [one] { $color } zieht { $from }→{ $to }.
       *[other] { $color } zieht den { $height } hohen Turm { $from }→{ $to }.
    }
# $fields ist eine Liste wie „C3, D3“.
dvonn-removed =
    { $pieces ->
        [one] Ohne Verbindung zu den Dvonnsteinen und aus dem Spiel genommen: { $fields } ({ $pieces } Stein).
       *[other] Ohne Verbindung zu den Dvonnsteinen und aus dem Spiel genommen: { $fields } ({ $pieces } Steine).
    }
dvonn-passed = { $color } kann nicht ziehen und setzt aus.
dvonn-resigned = { $color } gibt auf.
dvonn-timed-out = { $color } hat die Zeit überschritten.
dvonn-abandoned = { $color } hat die Partie verlassen.
dvonn-game-over = Niemand kann mehr ziehen: Weiß { $white }, Schwarz { $black }.

## Abgelehnte Züge

dvonn-error-game-over = die Partie ist vorbei
dvonn-error-not-your-turn = { $color } ist am Zug
dvonn-error-still-setup = das Spielfeld wird noch aufgebaut: setze den nächsten Stein auf ein leeres Feld, z. B. `{ $example }`
dvonn-error-setup-over = der Aufbau ist fertig: ziehe einen Turm, z. B. `{ $example }`
dvonn-error-occupied = { $field } ist schon besetzt
dvonn-error-empty = auf { $field } steht kein Stein
dvonn-error-dvonn-on-top = auf { $field } liegt oben ein Dvonnstein; diesen Turm kann niemand ziehen
dvonn-error-not-yours = der Turm auf { $field } gehört { $owner }; du spielst { $you }
dvonn-error-surrounded = { $field } ist auf allen sechs Seiten umschlossen und kann nicht ziehen
dvonn-error-same-field = { $field } nach { $field } ist kein Zug: ein Turm muss sein Feld verlassen
dvonn-error-not-straight = { $to } liegt nicht in gerader Richtung von { $from }
dvonn-error-wrong-distance =
    { $height ->
        [one] der Turm auf { $from } ist { $height } hoch und muss genau { $height } Feld weit ziehen; Abstand bis { $to }: { $distance }
       *[other] der Turm auf { $from } ist { $height } hoch und muss genau { $height } Felder weit ziehen; Abstand bis { $to }: { $distance }
    }
dvonn-error-empty-target = { $field } ist leer; ein Turm muss auf einem besetzten Feld landen
dvonn-error-may-not-pass = du kannst noch ziehen (z. B. `{ $example }`), also darfst du nicht aussetzen

## Zugtext, der sich nicht lesen lässt ($text ist das Getippte; `pass` bleibt, wie man es tippt)

dvonn-bad-field = `{ $text }` ist kein Feld: Spalten A–K, Reihen 1–5 (Reihe 1 ist A1–I1, Reihe 5 ist C5–K5)
dvonn-not-a-move = `{ $text }` ist kein Zug: ein Dvonn-Zug sieht aus wie `A2B2` oder `A2-B2` (von, nach), beim Aufbau `G2`, oder `pass`

## Optionen

dvonn-no-option = Dvonn hat keine Option `{ $word }`

## Die Aufforderung beim Aufbau ($number ist die Nummer des Setzens, 1 bis 49)

dvonn-prompt =
    { $piece ->
        [white] Aufbau: { $color } setzt einen weißen Stein auf ein leeres Feld ({ $number } von 49).
        [black] Aufbau: { $color } setzt einen schwarzen Stein auf ein leeres Feld ({ $number } von 49).
       *[dvonn] Aufbau: { $color } setzt einen Dvonnstein auf ein leeres Feld ({ $number } von 49).
    }

## Das Brett in Worten (für Screenreader); es beginnt mit „Dvonn: “

# $player ist eine Farbe, mit dem Namen des Spielers in Klammern, wenn er bekannt ist.
dvonn-describe-player = { $color } ({ $name })
dvonn-describe-to-place = { $player } setzt als Nächstes einen Stein.
dvonn-describe-to-move = { $player } ist am Zug.
dvonn-describe-ended = die Partie ist vorbei.
dvonn-describe-over = die Partie ist vorbei: { $verdict }.
dvonn-describe-counts =
    Weiß kontrolliert { $white_stacks } { $white_stacks ->
        [one] Turm
       *[other] Türme
    } ({ $white_pieces } { $white_pieces ->
        [one] Stein
       *[other] Steine
    }), Schwarz { $black_stacks } { $black_stacks ->
        [one] Turm
       *[other] Türme
    } ({ $black_pieces } { $black_pieces ->
        [one] Stein
       *[other] Steine
    }); { $dvonn } { $dvonn ->
        [one] Dvonnstein
       *[other] Dvonnsteine
    } auf dem Brett.
dvonn-describe-last-move = Letzter Zug: { $from }–{ $to }.
dvonn-describe-last-placed = Zuletzt gesetzt: { $field }.

## Das Bild: die Statuszeile und die Zeile jedes Spielers oben (kurz halten)

dvonn-status-over = Partie vorbei: { $verdict }
dvonn-status-setup =
    { $piece ->
        [white] Aufbau: { $color } setzt einen weißen Stein
        [black] Aufbau: { $color } setzt einen schwarzen Stein
       *[dvonn] Aufbau: { $color } setzt einen Dvonnstein
    }
dvonn-status-to-move = { $color } ist am Zug
dvonn-detail-placed = { $color } · { $placed } gesetzt
dvonn-detail-pieces =
    { $count ->
        [one] { $color } · { $count } Stein
       *[other] { $color } · { $count } Steine
    }
