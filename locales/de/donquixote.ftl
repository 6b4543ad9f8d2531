# DonQuixote: Ansagen, abgelehnte Züge, die Aufforderung, die Beschreibung in Worten und die
# Wörter in den Bildern. Die Begriffe folgen der deutschen Anleitung des Spiels: Wegekarte,
# Fürstentum, Positionskarte, Burg, Kirche, Windmühle, Ritter mit seinem Schild,
# Landesverteidigung, größte Rittergruppe, Wertung. Karte 22 trägt die Markierung LETZTE. Züge
# (`7`, `12r`, `place 12 turned`) bleiben, wie sie getippt werden.

## Farben der Plätze

donquixote-red = Rot
donquixote-blue = Blau
donquixote-green = Grün
donquixote-yellow = Gelb

## Die Symbole auf den Wegekarten

donquixote-church = Kirche
donquixote-windmill = Windmühle
donquixote-knight = Ritter { $strength }

## Optionen

donquixote-no-option = DonQuixote hat keine Option `{ $word }`

## Züge, die nicht verstanden werden

donquixote-not-a-move = `{ $text }` ist kein Zug: { $why }
donquixote-move-expected = ein DonQuixote-Zug ist eine Kartennummer 1–22, mit `r`, um die Karte um 180° zu drehen: `7`, `12r`, `place 12 turned`
donquixote-one-tile-only = nenne nur eine Karte

## Abgelehnte Züge

donquixote-error-game-over = das Spiel ist vorbei
donquixote-no-such-seat = Platz { $seat } gibt es an diesem Tisch nicht
donquixote-left = du hast dieses Spiel verlassen und legst keine Karten mehr
# Die Karte wird nicht genannt: bei mehreren Spielern ist sie den anderen vielleicht noch verborgen.
donquixote-already-placed = du hast schon auf { $field } gelegt; wir warten auf die anderen
donquixote-field-not-needed = du musst kein Feld nennen: jede Karte kommt auf das aufgedeckte Feld { $revealed }; gib einfach nur die Karte an, z. B. { $example }
donquixote-field-not-yours = das Feld wählst du nicht: in diesem Schritt kommt jede Karte auf das aufgedeckte Feld { $revealed }, nicht auf { $typed }; gib einfach nur die Karte an, z. B. { $example }
donquixote-example = `7` oder `7r`
donquixote-no-such-tile = es gibt keine Karte { $tile }; die Karten tragen die Nummern 1–22
donquixote-tile-used = Karte { $tile } liegt schon auf { $field }
# $tiles: die Karten dieser Runde, z. B. 1–9.
donquixote-wrong-round = Karte { $tile } gehört zu Runde { $tile_round }; in dieser Runde legst du die Karten { $tiles }
donquixote-last-too-early = Karte 22 (LETZTE) wird erst im allerletzten Schritt gelegt, in { $steps ->
        [one] { $steps } Schritt
       *[other] { $steps } Schritten
    }

## Ansagen

donquixote-placed = { $color } legt Karte { $tile } auf { $field }.
donquixote-placed-turned = { $color } legt Karte { $tile } gedreht auf { $field }.
# Nur an den Spieler, der gelegt hat, bei mehreren Spielern.
donquixote-placed-own = Du legst Karte { $tile } auf { $field }.
donquixote-placed-own-turned = Du legst Karte { $tile } gedreht auf { $field }.
# Wird angehängt, solange andere noch legen müssen.
donquixote-placed-hidden = Die anderen sehen sie, sobald alle gelegt haben.
# An alle: ein Spieler hat gelegt (die Karte bleibt verdeckt); $placed der $of Spieler im Spiel haben gelegt.
donquixote-has-placed = { $color } hat gelegt ({ $placed } von { $of }).
# Alle haben auf $field gelegt: die Karten des Schritts werden gemeinsam aufgedeckt. $list: die
# Einträge darunter, getrennt durch ", ".
donquixote-step-placed = Gelegte Karten auf { $field }: { $list }.
donquixote-step-placed-one = { $color } { $tile }
donquixote-step-placed-turned = { $color } { $tile } gedreht
donquixote-round-begins = Runde { $round } (Karten { $tiles }).
donquixote-final-step = Letzter Schritt: alle legen Karte 22 (LETZTE) auf { $field } — `22` oder `22r`.
donquixote-step = Schritt { $step } von { $steps }: alle legen eine Karte auf { $field }.
# Eine Burg in einer Wertung: ihr Wert (6 oder 4), ihr Feld und die mit ihr verbundenen Ritter.
donquixote-castle-knights = Burg { $value } auf { $field } mit { $knights ->
        [one] { $knights } Ritter
       *[other] { $knights } Rittern
    }
# $castle_list: die Burgen (donquixote-castle-knights), $strength: die Schilde der
# verteidigenden Ritter, $points: diese Wertung, $total: der bisherige Gesamtstand. Die größte
# Rittergruppe zählt nur in Wertung 3.
donquixote-scored = Wertung { $k }, { $color }: Kirchen { $churches }, Windmühlen { $windmills }, Burgen { $castles } ({ $castle_list }; { $k } nötig), Landesverteidigung { $land } (Stärke { $strength }, { $strength_needed } nötig){ $k ->
        [3] , größte Rittergruppe { $knight_group }
       *[other] { "" }
    } = { $points ->
        [one] { $points } Punkt
       *[other] { $points } Punkte
    }; insgesamt { $total }.
donquixote-forfeit-resigned = { $color } gibt auf: { $color } legt keine Karten mehr, das Fürstentum wird aber weiter gewertet.
donquixote-forfeit-timed-out = { $color } hat keine Zeit mehr: { $color } legt keine Karten mehr, das Fürstentum wird aber weiter gewertet.
donquixote-forfeit-abandoned = { $color } hat das Spiel verlassen: { $color } legt keine Karten mehr, das Fürstentum wird aber weiter gewertet.
donquixote-game-over-tie = { $colors } haben gleich viele Punkte: die dritte Wertung entscheidet.
# Zwei der Farben, die sich den Sieg teilen (bei drei oder vier wiederholt).
donquixote-and = { $first } und { $second }

## Die Aufforderung

donquixote-prompt = Positionskarte { $card } von { $cards }, Runde { $round }: alle legen eine Karte auf { $field }.
donquixote-prompt-last = Positionskarte { $card } von { $cards }, Runde { $round }: alle legen eine Karte (Karte 22, LETZTE) auf { $field }.
# Bei mehreren Spielern: die Karten werden geheim gelegt (die Zeile danach nennt, auf wen wir warten).
donquixote-prompt-secret = Positionskarte { $card } von { $cards }, Runde { $round }: alle legen geheim eine Karte auf { $field } (`/move …`).
donquixote-prompt-secret-last = Positionskarte { $card } von { $cards }, Runde { $round }: alle legen geheim eine Karte (Karte 22, LETZTE) auf { $field } (`/move …`).

## Der Tisch in Worten (für Screenreader)

donquixote-describe-points = Punkte: { $list }.
# Eine Burg: ihr Wert (6 oder 4) und ihr Feld.
donquixote-describe-castle = { $value } auf { $field }
donquixote-describe-castles = Burgen: { $list }.
donquixote-describe-every-board = Jedes Fürstentum enthält { $tiles ->
        [one] { $tiles } Karte
       *[other] { $tiles } Karten
    }.
donquixote-describe-over = Spielende: { $verdict }.
donquixote-describe-ended = das Spiel ist vorbei.
donquixote-describe-all-placed = alle haben gelegt
donquixote-describe-waiting = wir warten auf { $list }
# $waits: donquixote-describe-all-placed oder donquixote-describe-waiting.
donquixote-describe-status = Runde { $round }, Positionskarte { $card } von 22: alle legen eine Karte auf { $field }; { $waits }.
donquixote-describe-principality = Fürstentum von { $name } ({ $color }): { $tiles ->
        [one] { $tiles } Karte
       *[other] { $tiles } Karten
    } von 22 gelegt, Burgen { $castles }; insgesamt { $points ->
        [one] { $points } Punkt
       *[other] { $points } Punkte
    }
# Wird an das Fürstentum angehängt: die letzte Wertung ($summary: donquixote-scoring-summary).
donquixote-describe-latest = ; Wertung { $k }: { $summary }
# Wird an das Fürstentum eines Spielers angehängt, der ausgeschieden ist.
donquixote-describe-left = ; hat das Spiel verlassen
donquixote-scoring-summary = Kirchen { $churches }, Windmühlen { $windmills }, Burgen { $castles }, Landesverteidigung { $land }{ $k ->
        [3] , Rittergruppe { $knight_group }
       *[other] { "" }
    } = { $total }
donquixote-describe-no-tiles = { $name } hat keine Karten mehr.
donquixote-describe-hand = Karten von { $name } für Runde { $round }: { $tiles }.
donquixote-describe-hand-placed = Karten von { $name } für Runde { $round }: { $tiles }; schon auf { $field } gelegt.
donquixote-describe-hand-next = Karten von { $name } für Runde { $round }: { $tiles }; eine davon kommt auf { $field }, ungedreht oder gedreht.

## Wörter in den Bildern (kurz halten)

donquixote-draw-game-over = Spielende: { $verdict }
donquixote-draw-status = Runde { $round } · Positionskarte { $card } von 22 · lege auf { $field }
donquixote-draw-points = { $name } — { $points ->
        [one] { $points } Punkt
       *[other] { $points } Punkte
    }
# Eine Wertung hinter den Punkten eines Spielers: W1 6 (W für Wertung).
donquixote-draw-scoring-short = W{ $k } { $points }
donquixote-draw-left = ausgeschieden
donquixote-draw-placed = ✓ gelegt
# Die Wertungstabelle neben einem Fürstentum (höchstens etwa 16 Zeichen).
donquixote-draw-scoring = Wertung
donquixote-draw-churches = Kirchen
donquixote-draw-windmills = Windmühlen
donquixote-draw-castles = Burgen
donquixote-draw-land = Verteidigung
donquixote-draw-knight-group = Rittergruppe
donquixote-draw-total = Summe
donquixote-draw-game-total = Gesamtpunktzahl { $points }
donquixote-draw-hand-title = { $name } — deine Karten für Runde { $round }, zu legen auf { $field }
donquixote-draw-no-tiles = { $name } — keine Karten mehr
# Neben der oberen Reihe einer Hand: die Karten wie gedruckt (die untere Reihe zeigt sie gedreht; höchstens etwa 10 Zeichen).
donquixote-draw-as-printed = ungedreht

## Das Spielprotokoll (`/log`): eine Zeile je Eintrag; Felder und Karten bleiben in ihrer Schreibweise

# Die erste Zeile des Spielprotokolls: das Spiel und wie viele mitspielen.
donquixote-record-title = DonQuixote, { $players ->
        [one] { $players } Spieler
       *[other] { $players } Spieler
    }
# Die Felder der Burgen: $six das der Burg 6, $four das der Burg 4 (6= und 4= bleiben).
donquixote-record-castles = Burgen: 6={ $six } 4={ $four }
# $cards: die bisher aufgedeckten Positionskarten, die Runden getrennt durch " | ".
donquixote-record-cards = Positionskarten: { $cards }
# Die Karten eines Spielers in einer Runde, z. B. „D1=3r H3=1“ (Feld=Karte); eingerückt unter der Farbe.
donquixote-record-round = Runde { $round }: { $placements }
# Wertung $k eines Spielers: die Kategorien, $points diese Wertung, $total der bisherige
# Gesamtstand. Die Rittergruppe zählt nur in Wertung 3.
donquixote-record-scoring = Wertung { $k }: Kirchen { $churches }, Windmühlen { $windmills }, Burgen { $castles }, Landesverteidigung { $land }{ $k ->
        [3] , Rittergruppe { $knight_group }
       *[other] { "" }
    } = { $points } (insgesamt { $total })
# Ein Spieler, der ausgeschieden ist, nach $step Schritten des Spiels.
donquixote-record-resigned = hat nach Schritt { $step } aufgegeben
donquixote-record-timed-out = hatte nach Schritt { $step } keine Zeit mehr
donquixote-record-abandoned = hat das Spiel nach Schritt { $step } verlassen
donquixote-record-stopped = nach Schritt { $step } angehalten: niemand war mehr da, gegen den gespielt wurde
# Die letzte Zeile: $results nennt donquixote-record-result-seat für jede Farbe, getrennt durch ", ".
donquixote-record-result = Ergebnis: { $results }
donquixote-record-result-seat = { $color } { $points } (Platz { $rank })

# The mark printed on the last tile of the set (tile 22, this edition's own).
donquixote-last-mark = LETZTE
