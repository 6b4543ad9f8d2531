# Im Schutze der Burg: die Ansagen des Spiels, abgelehnte Züge, Aufforderungen, die Beschreibung
# des Spielbilds und die Wörter darin.
# Begriffe: Personenkarten und Gebäude behalten im Englischen ihre deutschen Namen (Bote, Händler,
# Maurer, Steinmetz, Arbeiter, Baumeister; Markt, Schmiede, Turm, …); Deutsch nutzt die deutschen
# Originale, Niederländisch die Begriffe der niederländischen Plattform (Bode, Handelaar, Metselaar,
# Steenhouwer, Arbeider, Bouwmeester; zand, hout, leem, steen, zilver; wachttoren, smederij, werkers).
# Zugwörter in Backticks (`choose mason`, `fill sand clay`, `take <Sorte>`) werden so getippt, wie sie dastehen.

## Farben (die Bezeichnungen der Plätze).

burg-color-red = Rot
burg-color-blue = Blau
burg-color-green = Grün
burg-color-yellow = Gelb

## Personenkarten; .chip ist das Kärtchen mit zwei Buchstaben im Bild, .move der Name der
## Karte dort, wo ein Spieler sie wählt: die Hand im Bild und in ihrer Beschreibung, die
## Zugknöpfe und das Spielprotokoll. Jedes .move muss ein Wort sein, das der Zugleser liest.

burg-card-bote = Bote
    .chip = Bo
    .move = Bote
burg-card-haendler = Händler
    .chip = Hä
    .move = Händler
burg-card-maurer = Maurer
    .chip = Ma
    .move = Maurer
burg-card-steinmetz = Steinmetz
    .chip = St
    .move = Steinmetz
burg-card-arbeiter1 = Arbeiter I
    .chip = A1
    .move = Arbeiter I
burg-card-arbeiter2 = Arbeiter II
    .chip = A2
    .move = Arbeiter II
burg-card-arbeiter3 = Arbeiter III
    .chip = A3
    .move = Arbeiter III
burg-card-baumeister = Baumeister
    .chip = BM
    .move = Baumeister

## Rohstoffe; .field ist das Rohstofffeld im Satz (nach „zum“, „vom“, „beim“), .cart seine Beschriftung im Bild.

burg-res-sand = Sand
    .field = Sand-Fuhrwerk
    .cart = Sand-Fuhrwerk
burg-res-wood = Holz
    .field = Holz-Fuhrwerk
    .cart = Holz-Fuhrwerk
burg-res-clay = Lehm
    .field = Lehm-Fuhrwerk
    .cart = Lehm-Fuhrwerk
burg-res-stone = Stein
    .field = Stein-Fuhrwerk
    .cart = Stein-Fuhrwerk
burg-res-silver = Silber
    .field = Reiter (Silber)
    .cart = Reiter (Silber)
# $n Stück des Rohstoffs $kind: „2 Holz“.
burg-pieces = { $n } { $kind }
# Ein Silber, mit dem als anderer Rohstoff bezahlt wird: „1 Silber als Stein“. Beide sind auch
# die Bezahlung eines Zugknopfs (burg-label-build-pay): Wörter, die der Zugleser liest.
burg-silver-as = { $n } Silber als { $kind }
burg-nothing = nichts
burg-kinds-none = keine

## Gebäude.

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
# Ein nummeriertes Plättchen: „Turm 3“.
burg-building-numbered = { $tile } { $n }

## Winterkarten: der Name, .long mit Übersetzung, .effect für die Ansage.

burg-winter-bodenfrost = Bodenfrost
    .long = Bodenfrost
    .effect = in dieser Runde bringt jedes Rohstofffeld 1 Stück weniger (Sand 3, Holz 2, Lehm, Stein und Silber 1)
burg-winter-schneesturm = Schneesturm
    .long = Schneesturm
    .effect = in dieser Runde bekommt jede Arbeiterkarte nur die ersten beiden Stücke ihrer Liste (I: Sand + Lehm, II: Holz + Lehm, III: Stein + eine Wahl)
burg-winter-brennholz = Brennholz
    .long = Brennholz
    .effect = in Spielerreihenfolge gibt jeder 1 Holz an den Wehrturm; wer kein Holz hat, zahlt 2 Taler (oder alles, was er hat)
burg-winter-wintersteuer = Wintersteuer
    .long = Wintersteuer
    .effect = jeder zahlt ein Fünftel seiner Taler (abgerundet)
burg-winter-winterquartier = Winterquartier
    .long = Winterquartier
    .effect = jeder bekommt 1 SP je eigenem Helfer in der Burg
burg-winter-wintervorrat = Wintervorrat
    .long = Wintervorrat
    .effect = jedes besetzte Rohstofffeld gibt seinem Besitzer 1 Stück seiner Sorte aus dem Vorrat, falls noch eins da ist (ohne Abgabe)

## Was eine Winterkarte bewirkt hat, eine Zeile je Spieler.

burg-winter-gave-wood = { $color } gibt 1 Holz an den Wehrturm
burg-winter-paid-for-wood = { $color } hat kein Holz und zahlt { $taler } Taler
burg-winter-tax = { $color } zahlt { $taler } Taler
burg-winter-quarters = { $color } bekommt { $vp } SP
# $pieces: „1 Holz“.
burg-winter-store = { $color } nimmt { $pieces }
burg-winter-store-empty = kein { $kind } mehr für { $color }
burg-winter-no-field = kein Feld ist besetzt

## Ansagen.

burg-round-started = Runde { $round } von { $rounds }: { $start } beginnt und nimmt 1 Taler von der Rundenleiste.
burg-round-winter = In dieser Runde kommt eine Winterkarte.
burg-round-choose-one = Alle wählen geheim eine Karte: `choose <Karte>`.
burg-round-choose-two = Alle wählen geheim zwei verschiedene Karten: `choose <Karte> <Karte>`.
# $cards: „Bote + Arbeiter III“.
burg-chose = Du hast { $cards } gewählt. Die Karten werden aufgedeckt, sobald alle gewählt haben.
burg-changed = { $color } hat die Wahl geändert.
burg-has-chosen = { $color } hat gewählt ({ $chosen } von { $of }).
# $card: der lange Name der Winterkarte; was sie bewirkt hat, folgt in eigenen Zeilen.
burg-winter = Winterkarte: { $card } — { $effect }.
# $list: „Rot Bote, Blau Steinmetz“.
burg-revealed = Aufgedeckte Karten: { $list }.
burg-filled = Der { $card } von { $color } wird mit { $pieces } gefüllt.
burg-filled-missing = Der { $card } von { $color } wird mit { $pieces } gefüllt (fehlt im Vorrat: { $missing }).
burg-bote = Der Bote von { $color } bringt 8 Taler ({ $color } hat { $taler }).
burg-placed = Der Händler von { $color } stellt einen Helfer zum { $field }.
burg-placed-displacing = Der Händler von { $color } stellt einen Helfer zum { $field }; der Helfer von { $displaced } geht zurück in den Vorrat.
burg-passed = Der Händler von { $color } passt.
burg-passed-why = Der Händler von { $color } setzt keinen Helfer ein ({ $why }).
burg-pass-left = hat das Spiel verlassen
burg-pass-no-helper = kein Helfer im Vorrat
burg-pass-no-field = kein Feld für einen Helfer frei
burg-income-none = Ertrag: kein Feld bringt etwas.
# $lines: „Rot 3 Sand (1 an den Wehrturm), Blau 2 Lehm (1 an den Wehrturm)“.
burg-income = Ertrag: { $lines }.
burg-income-line = { $color } { $pieces }
burg-income-tribute = { $color } { $pieces } (1 an den Wehrturm)
burg-took = Der Maurer von { $color } nimmt { $pieces } aus dem Wehrturm.
burg-bought = Der Steinmetz von { $color } kauft { $pieces } vom { $card } von { $from } für 1 Taler.
# $building: „Turm 1“, $id: „T1“, $payment: „1 Sand 1 Holz 1 Lehm 1 Silber als Stein“.
burg-built-nothing = Der { $card } von { $color } baut { $building } ({ $id }) und zahlt { $payment }: keine SP.
burg-built-vp = Der { $card } von { $color } baut { $building } ({ $id }) und zahlt { $payment }: { $vp } SP.
burg-built-taler = Der { $card } von { $color } baut { $building } ({ $id }) und zahlt { $payment }: { $taler } Taler.
# $space: „TV12“, $building: „Taverne“.
burg-helper = { $color } setzt einen Helfer auf { $space } ({ $building }) für { $fee } Taler.
burg-helper-from = { $color } setzt einen Helfer auf { $space } ({ $building }) für { $fee } Taler, geholt vom { $field }.
burg-action-done = Der { $card } von { $color } ist fertig.
burg-collected = Der { $card } von { $color } nimmt { $pieces }.
burg-baumeister = { $buildings ->
        [one] Baumeister von { $color }: { $buildings } Gebäude anderer in dieser Runde, { $vp } SP; { $color } nimmt die gespielten Karten zurück.
       *[other] Baumeister von { $color }: { $buildings } Gebäude anderer in dieser Runde, { $vp } SP; { $color } nimmt die gespielten Karten zurück.
    }
burg-castle-complete = Alle 23 Gebäude sind gebaut: Das Spiel endet nach dieser Runde.
# Die Schlusswertung eines Spielers, in Teilen, mit „; “ verbunden: der Kopf, die Helferplätze
# („SM10 +8, TV12 +5“), der Palas, der Markt, die Summe.
burg-score-head = { $color }: { $vp } SP im Spiel
burg-score-palas = Palas +{ $vp } ({ $pieces })
burg-score-palas-short = Palas +{ $vp }
burg-score-markt = Markt +{ $vp }
burg-score-total = insgesamt { $vp } SP; { $taler } Taler und Rohstoffe im Wert von { $value } übrig.
# Eine Zeile des Ergebnisses: „1. Blau 30 SP“.
burg-result = { $rank }. { $color } { $vp } SP
burg-final-ranking = Schlussrangfolge: { $results }.
burg-tie = { $names } haben je { $vp } SP — Taler übrig: { $taler }
burg-tie-resources = { $names } haben je { $vp } SP — Taler übrig: { $taler } — Rohstoffe übrig: { $resources }
burg-forfeit-ends = { $reason ->
        [resigned] { $color } gibt auf; das Spiel endet und { $color } wird Letzter.
        [timeout] { $color } hat die Zeit überschritten; das Spiel endet und { $color } wird Letzter.
       *[abandoned] { $color } hat das Spiel verlassen; das Spiel endet und { $color } wird Letzter.
    }
burg-forfeit = { $reason ->
        [resigned] { $color } gibt auf: { $color } spielt keine Karten mehr und wird Letzter; die anderen spielen weiter.
        [timeout] { $color } hat die Zeit überschritten: { $color } spielt keine Karten mehr und wird Letzter; die anderen spielen weiter.
       *[abandoned] { $color } hat das Spiel verlassen: { $color } spielt keine Karten mehr und wird Letzter; die anderen spielen weiter.
    }

## Aufforderungen und worauf der Tisch wartet.

burg-prompt-choose-one = Runde { $round } von { $rounds }: Alle wählen geheim eine Karte (`/move choose …`); es fehlen noch { $waiting }.
burg-prompt-choose-two = Runde { $round } von { $rounds }: Alle wählen geheim zwei verschiedene Karten (`/move choose …`); es fehlen noch { $waiting }.
# $what: die anstehende Entscheidung (burg-decide-…).
burg-prompt-decide = Runde { $round }, { $color }: { $what }.
burg-decide-fill = { $count ->
        [one] Arbeiter III: nenne 1 Stück Sand, Holz oder Lehm (`fill clay`)
       *[other] Arbeiter III: nenne 2 Stück Sand, Holz oder Lehm (`fill sand clay`)
    }
burg-decide-haendler = Händler: `place <Feld>` oder `pass`
burg-decide-take = Maurer: nimm eine Sorte aus dem Wehrturm (`take <Sorte>`)
# $parts: was jetzt möglich ist, aus burg-part-…, mit „, “ verbunden.
burg-decide-work = { $card }: { $parts } oder `done`
burg-decide-done = { $card }: `done`
burg-part-buy = kaufen
burg-part-build = bauen
burg-part-helpers = Helfer einsetzen

## Abgelehnte Züge.

burg-no-option = Im Schutze der Burg hat keine Option `{ $word }` (nur `winter`)
burg-err-game-over = das Spiel ist vorbei
burg-err-no-seat = Platz { $n } gibt es an diesem Tisch nicht
burg-err-left = du hast dieses Spiel verlassen
burg-err-choose-first = gerade wählen alle ihre Karten: schick deine privat, z. B. `choose mason`
burg-err-choose-first-two = gerade wählen alle ihre Karten: schick deine privat, z. B. `choose mason` (zu zweit zwei verschiedene Karten: `choose messenger worker3`)
burg-err-card-count = { $need ->
        [one] wähle genau { $need } Karte
       *[other] wähle genau { $need } Karten
    }
burg-err-same-card = wähle zwei verschiedene Karten, nicht zweimal { $card }
burg-err-card-played = dein { $card } liegt offen (schon gespielt); er kommt erst mit deinem Baumeister zurück auf die Hand
burg-err-baumeister-early = den Baumeister darfst du nur wählen, wenn mindestens eine deiner Karten aus einer früheren Runde offen liegt (nie, solange du alle acht auf der Hand hast)
burg-err-not-your-turn = { $color } ist am Zug: { $what }
# $example: ein Zug, z. B. „fill sand clay“.
burg-err-fill-count = { $need ->
        [one] dein Arbeiter III bekommt jetzt { $need } gewähltes Stück: nenne genau so viele (Sand, Holz oder Lehm), z. B. `{ $example }`
       *[other] dein Arbeiter III bekommt jetzt { $need } gewählte Stücke: nenne genau so viele (Sand, Holz oder Lehm), z. B. `{ $example }`
    }
# $pieces: „0 Lehm“.
burg-err-fill-short = im Vorrat ist nur noch { $pieces }
# $field: burg-res-….field; $reason: burg-field-….
burg-err-field = zum { $field } kannst du keinen Helfer stellen: { $reason }
burg-field-reiter-closed = der Reiter ist erst frei, wenn alle vier Fuhrwerke besetzt sind (frei: { $free })
burg-field-cart-free = solange ein Fuhrwerk frei ist, musst du ein freies nehmen (frei: { $free })
burg-field-own = dort steht dein eigener Helfer; deinen eigenen verdrängst du nie
burg-field-fresh = der Helfer von { $color } dort wurde in dieser Runde eingesetzt und kann nicht verdrängt werden
burg-field-not-open = es ist nicht frei
burg-err-buy-closed = gekauft wird vor dem Bauen; sobald du gebaut hast, kannst du nicht mehr kaufen
burg-err-no-taler = ein Kauf kostet 1 Taler, und du hast keinen
burg-err-own-card = von deiner eigenen Arbeiterkarte kannst du nicht kaufen
# $reason: burg-buy-…. Der Artikel folgt dem Rohstoff: keinen Sand, Lehm, Stein; kein Holz, Silber.
burg-err-buy = du kannst { $kind ->
        [Holz] kein
        [Silber] kein
       *[other] keinen
    } { $kind } von { $from } kaufen: { $reason }
burg-buy-not-at-table = { $from } sitzt nicht an diesem Tisch
burg-buy-no-card = { $from } hat in dieser Runde keinen { $card } ausliegen
burg-buy-already = du hast in dieser Aktion schon vom { $card } von { $from } gekauft
burg-buy-holds-none = auf dem { $card } von { $from } liegt kein { $kind } (dort liegt { $holds })
burg-buy-last-piece = auf dem { $card } von { $from } liegt nur noch sein letztes Stück, und das ist geschützt
burg-buy-no-arbeiter = { $from } hat in dieser Runde keine Arbeiterkarte ausliegen
# $list: „Arbeiter I: 1 Stein; Arbeiter II: 1 Holz“.
burg-buy-none-can-sell = keine Karte von { $from } kann es verkaufen ({ $list }); eine Karte verkauft 1 Stück je Steinmetz und behält ihr letztes Stück
# $cards: „Arbeiter I + Arbeiter III“; $example: ein Zug, z. B. „buy red worker1 clay“.
burg-err-which-card = { $from } hat { $cards }, die { $kind } verkaufen könnten: nenne die Karte, z. B. `{ $example }`
burg-err-build-closed = Helfer kommen nach dem Bauen; sobald du einen Helfer eingesetzt hast, kannst du nicht mehr bauen
burg-err-two-builds = du hast in dieser Aktion schon zwei Gebäude gebaut, mehr geht nicht
burg-err-no-tile = { $tile }: alle sind schon gebaut
# $error: burg-pay-….
burg-err-payment = { $tile } (Wert { $value }) kannst du nicht bauen: { $error }
burg-err-arbeiter-no-helpers = ein Arbeiter setzt nie Helfer in die Burg
burg-err-helper-needs-build = Helfer darfst du erst einsetzen, wenn du in dieser Aktion mindestens ein Gebäude gebaut hast
burg-err-two-helpers = du hast in dieser Aktion schon zwei Helfer eingesetzt, mehr geht nicht
burg-err-space-unbuilt = { $space } gehört zum Gebäude { $building }, das noch nicht gebaut ist
burg-err-space-occupied = auf { $space } steht schon ein Helfer von { $by }
burg-err-fee = { $space } kostet { $fee } Taler, und du hast { $taler }
burg-err-same-building = du hast in dieser Runde schon einen Helfer ins Gebäude { $building } gesetzt (einer je Gebäude und Runde)
burg-err-no-helper = du hast keinen Helfer im Vorrat
# $field: ein Zugwort (sand, wood, clay, stone, silver).
burg-err-no-helper-field = du hast keinen Helfer im Vorrat; nimm einen von einem Feld: `helper … from { $field }`
burg-err-not-on-field = du hast keinen Helfer beim { $field }
burg-wrong-now = jetzt: { $what }
burg-wrong-now-cards = jetzt: { $what } (Karten werden zu Beginn einer Runde gewählt)
burg-wrong-now-pass = jetzt: { $what }: ein Händler, der keinen Helfer einsetzt, sagt `pass`
burg-wrong-now-take = jetzt: { $what }: zuerst kommt das `take` des Maurers (auch eine Sorte mit 0 Stück darf genannt werden)
burg-wrong-now-done = jetzt: { $what }: beende die Aktion mit `done`
burg-wrong-took = du hast in dieser Aktion schon aus dem Wehrturm genommen
burg-wrong-only-maurer = nur ein Maurer nimmt aus dem Wehrturm; das hier ist dein { $card }
burg-wrong-only-steinmetz = nur ein Steinmetz kauft; das hier ist dein { $card }
burg-wrong-take-first = der Maurer nimmt zuerst eine Sorte aus dem Wehrturm: `take <Sorte>`
burg-wrong-no-space = diesen Platz gibt es nicht

## Bezahlen.

burg-pay-value = diese Bezahlung ist { $paid } wert, das Gebäude kostet aber genau { $value } (keine Überzahlung, kein Wechselgeld)
# $kinds: „Sand, Holz“.
burg-pay-kinds = { $n ->
        [one] diese Bezahlung nutzt nur { $n } Sorte ({ $kinds }); nötig sind mindestens 3 verschiedene Sorten aus Sand, Holz, Lehm und Stein (ein Silber zählt als die Sorte, als die es angesagt ist)
       *[other] diese Bezahlung nutzt nur { $n } Sorten ({ $kinds }); nötig sind mindestens 3 verschiedene Sorten aus Sand, Holz, Lehm und Stein (ein Silber zählt als die Sorte, als die es angesagt ist)
    }
# $have: „1 Stein“.
burg-pay-missing = du hast { $have }, nicht die { $need }, die diese Bezahlung braucht
# $holding: die Rohstoffe des Spielers, „2 Sand, 1 Holz“, oder burg-pay-empty-store („leer“).
burg-pay-empty-store = leer
burg-pay-impossible = mit deinem Vorrat ({ $holding }) geht keine Bezahlung von genau { $value } in mindestens 3 Sorten: keine Kombination ergibt genau { $value } mit 3 Sorten (Wechselgeld gibt es nicht)
burg-pay-impossible-value = mit deinem Vorrat ({ $holding }) geht keine Bezahlung von genau { $value } in mindestens 3 Sorten: es { $short ->
        [one] fehlt
       *[other] fehlen
    } { $short } an Wert
burg-pay-impossible-kinds = { $more ->
        [one] mit deinem Vorrat ({ $holding }) geht keine Bezahlung von genau { $value } in mindestens 3 Sorten: es fehlt { $more } weitere Sorte
       *[other] mit deinem Vorrat ({ $holding }) geht keine Bezahlung von genau { $value } in mindestens 3 Sorten: es fehlen { $more } weitere Sorten
    }
burg-pay-impossible-both = { $more ->
        [one] mit deinem Vorrat ({ $holding }) geht keine Bezahlung von genau { $value } in mindestens 3 Sorten: es fehlen { $short } an Wert und { $more } weitere Sorte
       *[other] mit deinem Vorrat ({ $holding }) geht keine Bezahlung von genau { $value } in mindestens 3 Sorten: es fehlen { $short } an Wert und { $more } weitere Sorten
    }

## Zugknöpfe: ein Zug in den Wörtern des Lesers (der Knopf schickt weiter die englische
## Notation). Jedes Wort muss eines sein, das der Zugleser liest (src/games/burg/notation.rs):
## die Verben und kleinen Wörter hier, die Namen der Karten, Farben, Sorten und Plättchen oben
## und die Bezahlung aus burg-pieces und burg-silver-as. Englisch ist die Notation selbst.

# $cards: „Maurer“, „Bote Arbeiter III“.
burg-label-choose = wähle { $cards }
# $kinds: „Sand Lehm“.
burg-label-fill = fülle { $kinds }
# $field: die Sorte des Feldes, „Holz“, „Silber“ (der Reiter).
burg-label-place = setze { $field }
burg-label-pass = passe
burg-label-take = nimm { $kind }
# $color: die Farbe des Verkäufers.
burg-label-buy = kaufe { $color } { $kind }
# $card: die Arbeiter-Karte des Verkäufers, „Arbeiter II“.
burg-label-buy-card = kaufe { $color } { $card } { $kind }
burg-label-build = baue { $tile }
# $payment: „1 Sand 1 Holz 1 Lehm 1 Silber als Stein“.
burg-label-build-pay = baue { $tile } zahle { $payment }
# $space: die Kennung des Burgplatzes, „TV12“ (sie bleibt, wie sie ist).
burg-label-helper = Helfer { $space }
burg-label-helper-from = Helfer { $space } von { $field }
burg-label-done = fertig

## Züge, die nicht gelesen werden können. Die Zugwörter in Backticks bleiben englisch (deutsche
## und niederländische Wörter werden auch gelesen).

# $text: was getippt wurde; $why: einer der Hinweise unten.
burg-parse-not-a-move = `{ $text }` ist kein Zug: { $why }
burg-parse-too-long = zu lang
burg-parse-forms = Züge: `choose <Karte>`, `fill <Sorte> <Sorte>`, `place <Feld>`, `pass`, `take <Sorte>`, `buy <Farbe> <Sorte>`, `build <Gebäude> [pay …]`, `helper <Platz> [from <Feld>]`, `done`
burg-parse-cards = Karten: messenger (Bote), trader (Händler), mason (Maurer), stonemason (Steinmetz), worker1–worker3 (Arbeiter I–III), builder (Baumeister) — die deutschen Namen gehen auch
burg-parse-tiles = Gebäude: tower (Turm), house (Haus), wall (Mauer), great-gate (Großes Tor), small-gate (Kleines Tor), palas, keep (Bergfried), servants-house (Gesindehaus), tavern (Taverne), stable (Stall)
burg-parse-kinds = Sorten: sand, wood (Holz), clay (Lehm), stone (Stein), silver (Silber)
burg-parse-name-card = nenne eine Karte; { $cards }
burg-parse-one-card = wähle eine Karte (zu zweit zwei)
burg-parse-fill-kinds = ein Arbeiter III wird mit Sand, Holz oder Lehm gefüllt: `fill clay clay`
burg-parse-fill-count = nenne ein oder zwei Stück: `fill sand wood`
burg-parse-field = nenne ein Feld: sand, wood (Holz), clay (Lehm), stone (Stein) oder silver (der Reiter)
burg-parse-take = nenne eine Sorte zum Nehmen; { $kinds }
burg-parse-seller = nenne den Verkäufer mit seiner Farbe und das Stück: `buy red clay`
burg-parse-buy-card = gekauft wird von worker1, worker2 oder worker3 (Arbeiter I–III)
burg-parse-buy-kind = nenne das Stück, das du kaufst; { $kinds }
burg-parse-build = nenne, was du baust; { $tiles }
burg-parse-pay = zahle in Gruppen wie `1 sand 1 wood 1 clay 1 silver as stone`
burg-parse-pay-count = jede Anzahl ist 1 oder mehr (höchstens 60)
burg-parse-pay-silver-as = sag, wofür jedes Silber steht: `1 silver as stone` (Sand, Holz, Lehm oder Stein)
burg-parse-pay-silver = ein Silber steht für Sand, Holz, Lehm oder Stein
# $spaces: „MA6a, MA6b, SM10, …“.
burg-parse-space = nenne einen Platz in der Burg: { $spaces }
burg-parse-from = nenne das Feld, von dem der Helfer kommt: `helper TV12 from sand`
burg-parse-unexpected = unerwartete Wörter am Ende; { $forms }

## Die Beschreibung des Spielbilds (für Screenreader).

burg-describe-standing = { $player } { $vp } SP, { $taler } Taler
burg-describe-over = Spielende nach Runde { $round } von { $rounds }: { $verdict }.
burg-describe-all-chosen = Runde { $round } von { $rounds }, alle Karten sind gewählt.
# $waiting: „Ann (Rot) und Cy (Grün)“.
burg-describe-choosing = Runde { $round } von { $rounds }, die Karten werden geheim gewählt; es fehlen noch { $waiting }.
burg-describe-deciding = Runde { $round } von { $rounds }, Auswertung; { $player } entscheidet: { $what }.
burg-describe-resolving-card = Runde { $round } von { $rounds }, Auswertung: { $card }.
burg-describe-resolving = Runde { $round } von { $rounds }, Auswertung.
burg-describe-castle = Burg: { $built } von { $total } Gebäuden gebaut.
burg-describe-castle-winter = Burg: { $built } von { $total } Gebäuden gebaut; Winterkarte { $card }.
# Die Vorräte eines Spielers, dann die Teile unten, mit „; “ verbunden.
burg-describe-supplies = { $player } ({ $color }): { $vp } SP, { $taler } Taler, Rohstoffe { $resources }; Helfer: { $supply } im Vorrat, { $castle } in der Burg
# $list: Gebäudekürzel, „T1, H2“.
burg-describe-built = gebaut: { $list }
burg-describe-played = gespielt: { $cards }
burg-describe-left = hat das Spiel verlassen
burg-describe-hand = Hand von { $player }: { $cards }
burg-describe-chosen = in dieser Runde gewählt: { $cards }
burg-describe-has-chosen = hat in dieser Runde gewählt

## Wörter im Spielbild (kurz halten).

burg-draw-title = Im Schutze der Burg — Runde { $round } von { $rounds }
burg-draw-over = Spielende: { $verdict }
burg-draw-choosing = Kartenwahl: { $chosen } von { $of } haben gewählt
burg-draw-castle = Burg
burg-draw-building = { $vp } SP · Wert { $value }
burg-draw-prebuilt = von Beginn gebaut
burg-draw-fields = Rohstofffelder
# Ein Helfer, der in dieser Runde auf ein Feld gestellt wurde.
burg-draw-new = { $name } (neu)
burg-draw-wehrturm = Wehrturm
burg-draw-supply = Vorrat
burg-draw-schmiede = Schmiede: { $n } Silber
burg-draw-rounds = Runden
burg-draw-winter = Winter: { $card } (noch { $left })
burg-draw-winter-left = Winterkarten übrig: { $left }
burg-draw-numbers = { $vp } SP · { $taler } Taler · Helfer { $supply } (+{ $castle } in der Burg)
burg-draw-left = hat das Spiel verlassen
burg-draw-chosen = ✓ gewählt
burg-draw-choosing-now = wählt…
burg-draw-hand = { $name } — deine Hand
burg-draw-final = Schlusswertung
# $parts: „12 im Spiel, SM10 +8, Palas +10, Markt +3“.
burg-draw-final-line = { $rank }. { $player }: { $parts } = { $vp } SP ({ $taler } Taler, Rohstoffe { $value } übrig)
burg-draw-in-play = { $vp } im Spiel

## Das Spielprotokoll (`/log`), eine Zeile je Eintrag. Die Züge darin bleiben in ihrer Notation.

# Die erste Zeile; $order: die Farben im Uhrzeigersinn, „Blau, Rot, Grün“.
burg-record-setup = Im Schutze der Burg, { $players } Spieler, im Uhrzeigersinn: { $order }
burg-record-setup-winter = Im Schutze der Burg, { $players } Spieler, Winter, im Uhrzeigersinn: { $order }
burg-record-round = Runde { $round } von { $rounds }, Startspieler { $start }
# $card: der Name der Winterkarte.
burg-record-winter = Winterkarte: { $card }
# $list: die Karten der Plätze, „Blau Maurer, Rot Bote+Arbeiter III“.
burg-record-revealed = Aufgedeckt: { $list }
burg-record-revealed-seat = { $color } { $cards }
# $notation: der Zug, wie er getippt wird, „build wall pay 2 sand 1 wood 1 clay“ (er bleibt, wie er ist).
burg-record-move = { $color }: { $notation }
burg-record-forfeit = { $reason ->
        [resigned] { $color } gibt auf
        [timeout] { $color } hat die Zeit überschritten
        [stopped] { $color } hört auf (niemand spielt mehr mit)
       *[abandoned] { $color } verlässt das Spiel
    }
# $score: die Schlusswertung eines Spielers (burg-score-…).
burg-record-final = Schlusswertung { $score }
# $list: „Rot 20 (Platz 2), Blau 10 (Platz 3)“.
burg-record-result = Ergebnis: { $list }
burg-record-result-seat = { $color } { $score } (Platz { $rank })
