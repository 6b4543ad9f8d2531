# Banner von Komarn: Ansagen, Ablehnungen, Aufforderungen, die Beschreibung des Bretts und sein Bild.
# Die Züge in Backticks (`play 17L`, `morlock none`, `challenge` …) bleiben wie getippt.

## Farben (Zugreihenfolge: Rot zieht zuerst)

komarn-color-red = Rot
komarn-color-blue = Blau
komarn-color-green = Grün
komarn-color-yellow = Gelb

## Kleine Wörter

komarn-nothing = nichts
komarn-content-nothing = nichts
komarn-content-soldier = ein Soldat von { $color }
komarn-content-camp = ein Feldlager
komarn-content-morlock = ein Morlock
komarn-no-room-blocked = auf { $field } steht { $what }
komarn-no-room-not-free = es ist nicht frei
komarn-waiting-over = das Spiel ist vorbei

## Fehler bei Optionen (`challenge=` bleibt wie getippt)

komarn-option-unknown = Banner von Komarn hat keine Option `{ $shown }`
komarn-option-not-a-duration = `challenge={ $shown }` ist keine Dauer
komarn-option-out-of-range = `challenge={ $shown }` liegt außerhalb des Bereichs: zwischen { $min } und { $max }

## Ansagen

komarn-played-recruit = { $color } spielt { $number } und rekrutiert auf { $field }
komarn-played-chase = { $color } spielt { $number } und { $second }, vertreibt den Morlock von { $number }F und rekrutiert auf { $number }L und { $number }R
komarn-played-reinforce = { $color } spielt { $number } als Verstärkung auf { $field }
komarn-played-seduce = { $color } spielt { $number } und verführt mit dem Hurenweibel den Soldaten von { $victim } auf { $field }
# $play ist einer der vier Texte oben.
komarn-played = { $play }.
komarn-played-with-camp = { $play } und errichtet ein Feldlager auf { $camp }.
komarn-passed = { $color } kann keine Zahl spielen und legt { $number } ab.
komarn-tower-garrisoned = Der Turm bei { $point } wird von { $color } besetzt.
komarn-tower-empty = Der Turm bei { $point } bleibt für immer leer: { $color } hat keinen Soldaten mehr, um ihn zu besetzen.
komarn-command = { $color } übernimmt die Befehlsgewalt über das Banner bei { $banner } (Wert { $value }).
komarn-paid = { $color } verliert die Befehlsgewalt über das Banner bei { $banner }; der Weibel kehrt zurück und { $color } erhält { $amount } Heller Handgeld.
komarn-weibel-back = { $color } behält die Befehlsgewalt über das vereinte Banner bei { $banner }; der andere Weibel kehrt ohne Auszahlung zurück.
komarn-garrison = Die Besatzung des Turms bei { $point } wechselt von { $from } zu { $to }.
komarn-hurenweibel-holder = { $color } hat jetzt den Hurenweibel.
komarn-hurenweibel-neutral = Der Hurenweibel ist neutral.
komarn-drew-nothing = Du ziehst nichts.
komarn-drew = Du ziehst { $numbers }.
komarn-drew-count = { $color } zieht { $count ->
    [one] { $count } Zahl
   *[other] { $count } Zahlen
    } nach.
komarn-strudel = { $color } zieht den Strudel: er und der Ablagestapel ({ $count ->
    [one] { $count } Zahl
   *[other] { $count } Zahlen
    }) kommen zurück in den Beutel.
komarn-morlock-drawn = { $color } zieht einen Morlock: setzt ihn (`morlock <k>`) oder behauptet, dass keiner gesetzt werden kann (`morlock none`).
komarn-morlock-gone = Der von { $color } gezogene Morlock verlässt das Spiel: { $why }.
komarn-morlock-gone-no-area = kein Gebiet kann ihn aufnehmen
komarn-morlock-gone-drawer-left = wer ihn gezogen hat, hat das Spiel verlassen
komarn-morlock-placed = { $color } setzt den Morlock auf { $area }F; die Zahl { $area } kommt zurück in den Beutel.
komarn-claimed = { $color } behauptet, dass kein Morlock gesetzt werden kann. Antwort mit `challenge` oder `accept` von: { $answerers } ({ $window }); Schweigen gilt als Annahme.
komarn-accepted = { $color } nimmt die Behauptung an.
komarn-claim-stands = Die Behauptung von { $color } gilt; der Morlock verlässt das Spiel.
komarn-claim-stands-time = Die Behauptung von { $color } gilt (die Zeit ist abgelaufen); der Morlock verlässt das Spiel.
komarn-challenged-true = { $challenger } zweifelt an! Hände bei der Behauptung: { $drawer } [{ $drawer_hand }], { $challenger } [{ $challenger_hand }]. Die Behauptung stimmte: Der Morlock verlässt das Spiel, und { $drawer } streicht eine Zahl von { $challenger } (`strike <k>`).
komarn-challenged-bluff = { $challenger } zweifelt an! Hände bei der Behauptung: { $drawer } [{ $drawer_hand }], { $challenger } [{ $challenger_hand }]. Es war ein Bluff (passend: { $fitting }): { $drawer } setzt den Morlock (`morlock <k>`), dann streicht { $challenger } eine Zahl von { $drawer }.
komarn-struck = { $chooser } streicht { $number }: { $loser } legt sie ab und zieht eine neue nach.
komarn-no-strike = { $color } verliert keine Zahl: { $why }.
komarn-no-strike-chooser-left = wer wählen sollte, ist aus dem Spiel ausgeschieden
komarn-no-strike-loser-left = schon aus dem Spiel ausgeschieden
komarn-no-strike-empty-hand = keine Zahl auf der Hand
komarn-last-round = { $colors } { $count ->
    [one] hat
   *[other] haben
    } keinen Soldaten mehr im Vorrat: Die Runde wird zu Ende gespielt, dann endet das Spiel.
komarn-skipped = { $color } hat keinen Soldaten im Vorrat und setzt aus.
komarn-forfeit-resigned = { $color } gibt auf und wird Letzter; die Zahlen ({ $numbers }) kommen auf den Ablagestapel, die Figuren bleiben am Fluss.
komarn-forfeit-timed-out = { $color } hat die Zeit überschritten und wird Letzter; die Zahlen ({ $numbers }) kommen auf den Ablagestapel, die Figuren bleiben am Fluss.
komarn-forfeit-abandoned = { $color } hat das Spiel verlassen und wird Letzter; die Zahlen ({ $numbers }) kommen auf den Ablagestapel, die Figuren bleiben am Fluss.
komarn-forfeit-goes-on = Das Spiel geht ohne { $color } weiter.
# Die Schlussauszahlung eines Spielers: $total jetzt ausgezahlt, $heller die Endsumme.
komarn-game-over-payout = { $color } +{ $total } (Banner { $banners }, Weibel { $weibel }) → { $heller } Heller
komarn-game-over-payout-hurenweibel = { $color } +{ $total } (Banner { $banners }, Weibel { $weibel }, Hurenweibel { $hurenweibel }) → { $heller } Heller
komarn-game-over = Schlussauszahlung: { $payouts }.

## Das Spielprotokoll (`/log`): kurze Notizen, eine Zeile pro Zug; die Züge selbst bleiben in ihrer Notation

komarn-record-head = Banner von Komarn, { $players } Spieler; Zugreihenfolge: { $order }
# Ein Eintrag der Zugreihenfolge: eine Farbe und ihre Platznummer.
komarn-record-seat = { $color } = Platz { $seat }
komarn-record-points = Punkte: { $points }
komarn-record-point-tower = { $point } Turm
komarn-record-point-maiden = { $point } Mägdelein
komarn-record-point-city = { $point } Stadt { $value }
# $mv ist der Zug wie getippt (`play 17L`), nie übersetzt.
komarn-record-move = { $color }: { $mv }
komarn-record-time-up = die Zeit ist abgelaufen
komarn-record-draws = { $color } zieht { $count }
komarn-record-tower = { $point } Turm: { $color }
komarn-record-tower-empty = { $point } Turm: leer
komarn-record-command = { $color } befehligt { $banner }
komarn-record-paid = { $color } erhält { $amount } für { $banner }
komarn-record-weibel-back = Weibel von { $color } zurück von { $banner }
komarn-record-garrison = { $point } Besatzung: { $color }
komarn-record-hurenweibel = Hurenweibel: { $color }
komarn-record-hurenweibel-neutral = Hurenweibel: neutral
komarn-record-strudel = { $color } zieht den Strudel
komarn-record-morlock-drawn = { $color } zieht einen Morlock
komarn-record-morlock-gone = Morlock verlässt das Spiel ({ $why })
komarn-record-morlock-placed = Morlock auf { $area }F
komarn-record-claimed = { $color } behauptet: kein Platz
komarn-record-accepted = { $color } nimmt an
komarn-record-claim-stands = Behauptung gilt
komarn-record-claim-stands-time = Behauptung gilt (Zeit abgelaufen)
komarn-record-challenged-true = { $challenger } zweifelt an: { $drawer } [{ $drawer_hand }], { $challenger } [{ $challenger_hand }], stimmte
komarn-record-challenged-bluff = { $challenger } zweifelt an: { $drawer } [{ $drawer_hand }], { $challenger } [{ $challenger_hand }], Bluff
komarn-record-struck = { $color } verliert { $number }
komarn-record-no-strike = { $color } verliert nichts
komarn-record-last-round = letzte Runde (Vorrat leer: { $colors })
komarn-record-skipped = { $color } setzt aus
komarn-record-resigned = { $color } gibt auf (legt { $numbers } ab)
komarn-record-timed-out = { $color } überschreitet die Zeit (legt { $numbers } ab)
komarn-record-abandoned = { $color } verlässt das Spiel (legt { $numbers } ab)
komarn-record-stopped = { $color } hört auf, weil niemand mehr mitspielt (legt { $numbers } ab)
komarn-record-result = Ergebnis: { $results }
# Das Ergebnis eines Spielers: $total am Ende ausgezahlt, $heller die Endsumme.
komarn-record-payout = { $color } +{ $total } (Banner { $banners }, Weibel { $weibel }, Hurenweibel { $hurenweibel }) = { $heller } (Rang { $rank })

## Ablehnungen

komarn-error-game-over = das Spiel ist vorbei
komarn-error-no-such-seat = Platz { $seat } gibt es an diesem Tisch nicht
komarn-error-left = du hast dieses Spiel verlassen
komarn-error-not-now = nicht jetzt: { $waiting }
komarn-error-not-in-hand = { $number } hast du nicht auf der Hand
komarn-error-no-soldier = du hast keinen Soldaten mehr im Vorrat
komarn-error-own-soldier = auf { $field } steht schon dein eigener Soldat
komarn-error-taken = { $field } ist von { $color } besetzt; nur wer den Hurenweibel hat, darf einen Soldaten verführen
komarn-error-not-free = { $field } ist nicht frei: Dort steht { $what }
komarn-error-must-chase = auf { $area }F sitzt ein Morlock: Gebiet { $area } besetzt du nur, indem du ihn mit einer zweiten Zahl vertreibst, `play { $area } +<m>`
komarn-error-river-closed = { $area }F ist erst offen, wenn auf { $area }L und { $area }R Soldaten stehen
komarn-error-no-morlock = auf { $area }F sitzt kein Morlock, den du vertreiben könntest
komarn-error-chase-needs-two = wer einen Morlock vertreibt, setzt zwei Soldaten aufs Brett; du hast { $count } im Vorrat
komarn-error-not-dead = mit { $number } kannst du noch im eigenen Gebiet rekrutieren (z. B. `{ $example }`); verstärken darf nur eine Zahl, deren Gebiet dir keine Rekrutierung erlaubt
komarn-error-reinforce-river = Verstärkungen kommen nur auf Landfelder, nicht auf { $field }
komarn-error-reinforce-morlock = { $field } liegt in einem Gebiet mit Morlock; dorthin dürfen keine Verstärkungen
komarn-error-no-own-neighbour = { $field } grenzt an keinen deiner Soldaten
komarn-error-enemy-neighbour = { $field } grenzt an den Soldaten von { $color } auf { $enemy }; Verstärkungen dürfen keine andere Farbe berühren
komarn-error-no-camp = du hast beide Feldlager schon errichtet
komarn-error-camp-river = Feldlager kommen nur auf Landfelder, nicht auf { $field }
komarn-error-camp-not-free = das Feldlager kann nicht auf { $field }: Das Feld ist nach deinem Zug nicht frei
komarn-error-camp-morlock = das Feldlager kann nicht auf { $field }: In diesem Gebiet sitzt ein Morlock
komarn-error-cannot-pass = passen darfst du nur, wenn keine Zahl auf deiner Hand spielbar ist; du hast einen Zug (`/hand` zeigt sie)
komarn-error-no-room = Gebiet { $area } kann keinen Morlock aufnehmen: { $why }
komarn-error-must-place = deine Behauptung war ein Bluff: Setz den Morlock mit `morlock <k>`, z. B. `morlock { $number }`
komarn-error-own-claim = die Behauptung ist deine; die anderen zweifeln sie an oder nehmen sie an
komarn-error-not-held = { $color } hat { $number } nicht; { $color } hat { $held }

## Aufforderungen: worauf das Spiel wartet

komarn-prompt-play = { $color } spielt eine Zahl: `play 17L` (rekrutieren oder, mit dem Hurenweibel, verführen), `play 17 +32` (Morlock vertreiben), `play 17 @23R` (mit einer toten Zahl verstärken), `pass 40` nur, wenn nichts passt; `camp 18L` dazu für ein Feldlager.
komarn-prompt-morlock = { $color } zieht einen Morlock: setzen (`morlock <k>`) oder behaupten, dass keiner passt (`morlock none`).
komarn-prompt-claim = Behauptung „kein Morlock“ von { $color }: Antwort mit `challenge` oder `accept` von { $answerers } ({ $window }); Schweigen gilt als Annahme.
komarn-prompt-expose = Die Behauptung von { $drawer } war ein Bluff: { $drawer } setzt den Morlock (`morlock <k>`: { $fitting }), dann streicht { $challenger } eine Zahl von { $drawer }.
komarn-prompt-strike = { $chooser } streicht eine Zahl von { $loser } (`strike <k>`): { $numbers }.
komarn-prompt-last-round = Letzte Runde.

## Züge, die sich nicht lesen lassen (die Zugwörter bleiben wie getippt)

komarn-parse-not-a-move = `{ $shown }` ist kein Zug: { $why }
komarn-parse-expected = Züge sind `play 17L` (rekrutieren oder verführen), `play 17 +32` (Morlock vertreiben), `play 17 @23R` (verstärken), `… camp 18L`, `pass 40`, `morlock 12`, `morlock none`, `challenge`, `accept`, `strike 5`
komarn-parse-not-a-number = `{ $shown }` ist keine Zahl von 1–54
komarn-parse-no-such-number = die Zahl { $shown } gibt es nicht; die Zahlen gehen von 1 bis 54
komarn-parse-which-number = welche Zahl? z. B. `play 17L`
komarn-parse-missing-number = die Zahl fehlt
komarn-parse-side-with-chase = beim Vertreiben oder Verstärken steht die Zahl allein: `play { $number } +32`, `play { $number } @23R`, nicht `play { $number }{ $side } …`
komarn-parse-missing-second = die zweite Zahl nach `+` fehlt
komarn-parse-missing-reinforce = das Feld nach `@` fehlt
komarn-parse-name-a-field = nenne ein Feld von Gebiet { $number } (`play { $number }L`, `play { $number }F`, `play { $number }R`), eine zweite Zahl, um einen Morlock zu vertreiben (`play { $number } +32`), oder ein Feld zum Verstärken (`play { $number } @23R`)
komarn-parse-missing-camp = das Feld des Feldlagers nach `camp` fehlt
komarn-parse-unexpected = unerwartet: `{ $shown }`; ein Zug darf mit `camp <field>` enden
komarn-parse-missing-discard = die Zahl zum Ablegen fehlt
komarn-parse-missing-morlock = die Zahl (oder `none`) fehlt
komarn-parse-missing-strike = die zu streichende Zahl fehlt
komarn-parse-nothing-more = nach `{ $mv }` kommt nichts mehr
komarn-parse-chase-same = die zweite Zahl beim Vertreiben muss eine andere sein als die erste
komarn-bad-field = `{ $shown }` ist kein Feld: Felder sind ein Gebiet 1–54 und L, F oder R, z. B. `17L`, `17F`

## Das Brett in Worten (für Screenreader)

komarn-describe-head = Banner von Komarn: { $status }
komarn-describe-heller = Heller: { $list }.
komarn-describe-numbers-in-hand = Zahlen auf der Hand: { $numbers }.
komarn-describe-over = Spielende: { $verdict }.
# Ein Spieler mit seiner Farbe.
komarn-describe-named = { $player } ({ $color })
komarn-describe-wait-play = { $player } ist am Zug und spielt eine Zahl.
komarn-describe-wait-morlock = { $player } hat einen Morlock gezogen und setzt ihn an den Fluss oder behauptet, dass er nirgends Platz hat.
komarn-describe-wait-claim = { $player } behauptet, dass der Morlock nirgends Platz hat; es fehlt noch die Antwort von { $waiting } (anzweifeln oder annehmen).
komarn-describe-wait-expose = { $drawer } hat das Anzweifeln verloren und setzt den Morlock; dann streicht { $challenger } eine Zahl.
komarn-describe-wait-strike = { $chooser } nennt eine Zahl von { $loser }, die gestrichen wird.
komarn-describe-wait-over = das Spiel ist vorbei.
komarn-describe-last-round = Die letzte Runde läuft.
# $count Banner im Wert von zusammen $value.
komarn-describe-commands = { $player } befehligt { $count } Banner im Wert von { $value }
komarn-describe-banners = { $count ->
    [one] { $count } Banner
   *[other] { $count } Banner
    } am Fluss.
komarn-describe-banners-commanded = { $count ->
    [one] { $count } Banner
   *[other] { $count } Banner
    } am Fluss ({ $commanders }).
komarn-describe-hurenweibel = { $player } hat den Hurenweibel.
komarn-describe-bag = Beutel: { $tiles ->
    [one] { $tiles } Plättchen
   *[other] { $tiles } Plättchen
    }, { $morlocks ->
    [one] { $morlocks } Morlock
   *[other] { $morlocks } Morlocks
    } übrig; { $discarded ->
    [one] { $discarded } Zahl
   *[other] { $discarded } Zahlen
    } abgelegt.
komarn-describe-revealed = Die Hand von { $player }, beim Anzweifeln gezeigt: { $numbers }.
komarn-describe-supplies = { $player } ({ $color }): { $heller } Heller; im Vorrat { $soldiers ->
    [one] { $soldiers } Soldat
   *[other] { $soldiers } Soldaten
    }, { $weibel } Weibel, { $camps ->
    [one] { $camps } Feldlager
   *[other] { $camps } Feldlager
    }; { $hand ->
    [one] { $hand } Zahl
   *[other] { $hand } Zahlen
    } auf der Hand
komarn-describe-commanding = befehligt { $count ->
    [one] { $count } Banner
   *[other] { $count } Banner
    }
komarn-describe-commanding-worth = befehligt { $count ->
    [one] { $count } Banner
   *[other] { $count } Banner
    } im Wert von { $value }
komarn-describe-holds-hurenweibel = hat den Hurenweibel
komarn-describe-left = hat das Spiel verlassen
komarn-describe-hand-empty = { $player } hat keine Zahlen auf der Hand.
komarn-describe-hand = Zahlen von { $player }: { $numbers }.
komarn-describe-hand-hidden = { $player } hat { $count ->
    [one] { $count } Zahl
   *[other] { $count } Zahlen
    } auf der Hand, nicht gezeigt.

## Das Bild des Bretts (kurz: die Beschriftungen müssen an ihren Platz passen)

komarn-draw-over = Spielende: { $verdict }
komarn-draw-to-play = { $player } ist am Zug
komarn-draw-to-play-last-round = { $player } ist am Zug · letzte Runde
komarn-draw-drew-morlock = { $player } zog einen Morlock
komarn-draw-claims = { $player } behauptet: kein Platz für den Morlock
komarn-draw-challenges = { $player } zweifelt an
komarn-draw-strikes = { $chooser } streicht eine Zahl von { $loser }
komarn-draw-hurenweibel = ♥ Hurenweibel
komarn-draw-left = (fort)
komarn-draw-supplies = { $heller } Heller · { $soldiers ->
    [one] { $soldiers } Soldat
   *[other] { $soldiers } Soldaten
    } · { $weibel } Weibel · { $camps } Feldlager · { $hand ->
    [one] { $hand } Zahl
   *[other] { $hand } Zahlen
    } auf der Hand
komarn-draw-pile = Ablagestapel (neueste zuerst): { $recent } · Beutel: { $bag } Plättchen · Morlocks übrig: { $morlocks }
komarn-draw-revealed = Hand von { $player }, beim Anzweifeln gezeigt: { $numbers }
komarn-draw-final-payouts = Schlussauszahlung
komarn-draw-payout = { $player }: Banner { $banners } + Weibel { $weibel } + Hurenweibel { $hurenweibel } = { $total } Heller
komarn-draw-your-numbers = { $player } — deine Zahlen
