# Was der Tisch-Dienst über einen einzelnen Tisch hinaus sagt: Wertungszahlen und Ergebnisse,
# Wiederholungen, deine Tische, Sammelnachrichten, Urlaub und Zug-Hinweise.

## /rating

rating-nobody-called = Niemand namens { $name } hat eine Wertungszahl in dieser Community.
rating-none-in-game = { $who } hat hier noch keine gewertete Partie { $game } gespielt.
rating-none-mine = Du hast in dieser Community noch keine Wertungszahl: spiel eine Partie mit zwei oder mehr Plätzen.
rating-none-theirs = { $who } hat hier noch keine Wertungszahl.
# Die Zeile eines Spiels: die Wertungszahl, ihre Abweichung, gespielte und gewonnene Partien.
rating-line = { $game }: **{ $rating }** ±{ $deviation } — { $games ->
        [one] { $games } Partie
       *[other] { $games } Partien
    }, { $wins } gewonnen{ $provisional ->
        [yes] { " " }(vorläufig)
       *[no] { "" }
    }
rating-line-unrated = { $game }: keine gewertete Partie
# Wird an die Zeile eines Spiels angehängt, wenn der Spieler es allein gespielt hat.
rating-solitaire-best = ; bestes Solitär-Ergebnis { $best } in { $solos ->
        [one] { $solos } Partie
       *[other] { $solos } Partien
    }
# Der Name des Spielers, dann eine Zeile pro Spiel.
rating-of = **{ $who }** — { $lines }

## /leaderboard

rating-leaderboard-unknown-game = Unbekanntes Spiel { $word }. `/leaderboard <Spiel> [solo] [Seite]` — Spiele: { $games }.
rating-leaderboard-which-game = Welches Spiel? `/leaderboard <Spiel>` — Spiele: { $games }.
rating-leaderboard-empty = Hier hat noch niemand eine gewertete Partie { $game } gespielt.
rating-leaderboard-empty-solo = Hier hat noch niemand { $game } als Solitär gespielt.
# $command ist der Befehl, wie er getippt wird, z. B. `/leaderboard dvonn solo`.
rating-leaderboard-no-page = Die Bestenliste { $solo ->
        [yes] { $game } (Solitär)
       *[no] { $game }
    } hat { $pages ->
        [one] { $pages } Seite
       *[other] { $pages } Seiten
    }: `{ $command } <1–{ $pages }>`.
rating-leaderboard-header = **Bestenliste { $solo ->
        [yes] { $game } (Solitär)
       *[no] { $game }
    }** ({ $players } Spieler):
rating-leaderboard-header-paged = **Bestenliste { $solo ->
        [yes] { $game } (Solitär)
       *[no] { $game }
    }** ({ $players } Spieler, Seite { $page } von { $pages }):
rating-leaderboard-row = { $rank }. { $name } — { $rating } ({ $games ->
        [one] { $games } Partie
       *[other] { $games } Partien
    }, { $wins } gewonnen)
rating-leaderboard-row-solo = { $rank }. { $name } — bestes Ergebnis { $best } ({ $games ->
        [one] { $games } Partie
       *[other] { $games } Partien
    })
rating-leaderboard-ranked-by = Sortiert nach Wertungszahl − 3 × Abweichung; `?` kennzeichnet eine vorläufige Wertungszahl.
rating-page-previous = ◀ Zurück
rating-page-next = Weiter ▶

## /history

rating-history-nobody = Niemand namens { $name } hat hier gespielt.
rating-history-none-mine = Du hast in dieser Community noch keine beendeten Partien.
rating-history-none-theirs = { $name } hat hier keine beendeten Partien.
rating-history-header = **{ $name }** — { $games ->
        [one] die letzte Partie:
       *[other] die letzten { $games } Partien:
    }
rating-history-export = `/export <Tisch>` zeigt die ganze Aufzeichnung einer Partie.
# Eine Partie: das Spiel, das Ergebnis des Spielers ($place), die Gegner ($against), wie sich
# die Wertungszahl bewegt hat ($moved), wie sie endete ($ending), wie lange es her ist, der Tisch.
rating-history-line = • { $game } — { $place }{ $against }{ $moved }{ $ending }, vor { $ago } · Tisch { $table }
rating-history-aborted = abgebrochen
rating-history-solitaire = Solitär, { $points ->
        [one] { $points } Punkt
       *[other] { $points } Punkte
    }
rating-history-shared-first = geteilter erster Platz
rating-history-won = gewonnen
rating-history-place = Platz { $place }
rating-history-played = gespielt
rating-history-against = { " " }gegen { $names }
rating-history-moved = , { $before } → { $after }
rating-history-unrated = , ungewertet
rating-history-ending = { " " }({ $how })

## Wie eine Partie endete (in /history)

result-ending-normal = zu Ende gespielt
result-ending-resigned = durch Aufgabe
result-ending-timed-out = durch Zeitüberschreitung
result-ending-abandoned = wegen Untätigkeit
result-ending-aborted = abgebrochen
result-ending-stopped = angehalten (niemand war mehr da)

## /export <Tisch>

table-number-unknown = Hier gibt es keine Partie { $word }, die du sehen darfst: `/history` nennt die Nummern beendeter Partien.
table-private = Diese Partie ist privat: nur wer sie spielt, darf hineinsehen, bis sie – und ihre Turnierrunde – vorbei ist.
rating-export-still-open = Tisch { $id } ist noch offen: `/export` in seinem Kanal zeigt, was man sehen darf, solange er läuft.
rating-unreadable = Tut mir leid — die Ergebnisse konnten nicht gelesen werden. Bitte versuche es noch einmal.

## /replay

replay-no-table-here = Hier gibt es noch keinen Tisch: `/replay <Tisch>` zeigt eine beendete Partie aus `/history` noch einmal.
replay-lobby = Tisch { $id } hat noch nicht angefangen: `/replay <Tisch>` zeigt eine beendete Partie aus `/history` noch einmal.
replay-not-over = Die Partie an Tisch { $id } ist noch nicht vorbei: eine Wiederholung würde zeigen, was noch geheim ist. `/replay`, sobald sie zu Ende ist.
replay-failed = Tisch { $id } lässt sich nicht wiederholen: { $error }.
replay-no-result = kein Ergebnis
# $result: wer gewonnen hat, z. B. „Ann gewinnt“.
replay-text = Wiederholung von { $game }, Tisch { $id }: { $players } — { $moves ->
        [one] { $moves } Zug
       *[other] { $moves } Züge
    }; { $result }.
# Die Beschriftungen unter den Bildern der Wiederholung.
replay-caption-start = Anfang · { $total ->
        [one] { $total } Zug
       *[other] { $total } Züge
    }
replay-caption-move = Zug { $number } von { $total } · { $step }
# Was zu einer Stellung geführt hat (ein Zug erscheint als „Ann: c3-d4“).
replay-step-resigned = { $player } hat aufgegeben
replay-step-secret = { $player }: eine geheime Wahl, nie aufgedeckt
replay-step-timed-out = { $player } hat die Zeit überschritten
replay-step-idle = { $player } war zu lange untätig
replay-step-stopped = { $player } hört auf (niemand spielte mehr mit)
replay-step-window-closed = die Zeit für Antworten ist um
# Warum sich die Aufzeichnung einer Partie nicht wiederholen lässt.
replay-error-not-finished = die Partie ist noch nicht vorbei: nur eine beendete Partie lässt sich wiederholen
replay-error-not-started = die Partie hat nie angefangen: es gibt nichts zu wiederholen
replay-error-format = kein Partie-Export: { $why }
replay-error-setup = die Partie lässt sich aus der Aufzeichnung nicht aufbauen: { $why }
replay-error-move = Zug { $number } ({ $text }) lässt sich nicht nachspielen: { $reason }
replay-error-nobody-plays = niemand am Tisch kann ihn spielen
replay-error-nobody-to-act = niemand ist am Zug
replay-error-forfeit = Aufgabe

## /mygames

mine-none = Du sitzt an keinem offenen Tisch in dieser Community. `/join <Spiel>` öffnet einen.
mine-no-page = Deine Tische haben { $pages ->
        [one] { $pages } Seite
       *[other] { $pages } Seiten
    }: `/mygames <1–{ $pages }>`.
mine-header = **Deine Tische** ({ $open } offen, { $waiting ->
        [0] an keinem bist du am Zug
        [one] an einem bist du am Zug
       *[other] an { $waiting } bist du am Zug
    }):
mine-header-paged = **Deine Tische** ({ $open } offen, { $waiting ->
        [0] an keinem bist du am Zug
        [one] an einem bist du am Zug
       *[other] an { $waiting } bist du am Zug
    }), Seite { $page } von { $pages }:
# Ein Tisch: das Spiel, ein Link zu seinem Kanal, sein Stand ($state, dann die verbleibende Zeit).
mine-row = { $game } in { $link } — { $state }
mine-your-turn = **du bist am Zug**
mine-your-turn-with = **du bist am Zug**, mit { $others }
mine-waiting-for = wartet auf { $others }
mine-waiting = wartet
mine-time-left = , noch { $time }
mine-lobby = Lobby, { $seated }/{ $max } besetzt
mine-page-previous = ◀ Zurück
mine-page-next = Weiter ▶

## Die tägliche Sammelnachricht

digest-header = 📬 Du bist hier an { $tables ->
        [one] { $tables } Tisch
       *[other] { $tables } Tischen
    } am Zug:

## /vacation

vacation-unreadable = Tut mir leid — deine Einstellungen konnten nicht gelesen werden. Bitte versuche es noch einmal.
# Z. B. „14d in je 30d“.
vacation-allowance = { $most } in je { $window }
vacation-away = Du bist noch { $left } im Urlaub. `/vacation off` beendet ihn sofort.
vacation-home = Du bist nicht im Urlaub. `/vacation <Dauer>` (z. B. `/vacation 3d`) hält deine Uhren in Fernpartien an; du kannst jetzt { $left } nehmen ({ $allowance }).
vacation-not-away = Du bist nicht im Urlaub.
vacation-not-a-duration = { $word } ist keine Dauer: `/vacation 3d`, `/vacation 36h` oder `/vacation off`.
vacation-too-short = Ein Urlaub dauert mindestens { $shortest }.
vacation-too-long = Das ist mehr, als dir zusteht: { $allowance }; du kannst jetzt { $left } nehmen.
vacation-not-saved = Tut mir leid — dein Urlaub konnte nicht gespeichert werden, also hat sich nichts geändert.
vacation-started = Du bist für { $span } im Urlaub: deine Uhren in Fernpartien stehen still, niemand darf deine Plätze als untätig übernehmen, und es kommen keine Erinnerungen. { $tables } `/vacation off` beendet ihn früher; danach bleiben dir { $left } deines Kontingents ({ $allowance }).
vacation-over = Willkommen zurück: dein Urlaub ist vorbei. { $tables }
# Wie viele Tische der Person melden, dass sie weg (oder zurück) ist.
vacation-tables = { $tables ->
        [0] Keiner deiner Tische hier ist betroffen.
        [one] Dein Tisch hier sagt es an.
       *[other] Deine { $tables } Tische hier sagen es an.
    }

## /notify und Zug-Hinweise

notify-unreadable = Tut mir leid — deine Einstellungen konnten nicht gelesen werden. Bitte versuche es noch einmal.
# $mode ist das getippte Wort (channel, dm, off); $modes die Wörter zur Auswahl.
notify-show = Deine Zug-Hinweise hier: { $mode } ({ $meaning }). `/notify { $modes }` ändert das.
notify-unknown = Unbekannte Einstellung { $word }: wähle eine von { $modes }.
notify-not-saved = Tut mir leid — deine Einstellung konnte nicht gespeichert werden, also hat sich nichts geändert.
notify-set = Zug-Hinweise: { $mode } — { $meaning }.
notify-mode-channel = du wirst im Kanal des Tisches erwähnt
notify-mode-dm = du bekommst eine Direktnachricht
notify-mode-off = keine Hinweise; der Kanal sagt trotzdem, wer am Zug ist
notify-turn = Du bist am Zug am Tisch für { $game } in { $link }.
notify-reminder = ⏳ { $player }: noch { $left } für deinen Zug.
notify-reminder-idle = ⏳ { $player }: dein Zug wartet; in { $left } dürfen die anderen deinen Platz mit `/claim` übernehmen.
notify-reminder-dm = ⏳ { $game } in { $link }: noch { $left } für deinen Zug.
notify-reminder-dm-idle = ⏳ { $game } in { $link }: dein Zug wartet; in { $left } dürfen die anderen deinen Platz mit `/claim` übernehmen.
replay-description = Eine animierte Wiederholung von { $positions ->
        [one] { $positions } Stellung
       *[other] { $positions } Stellungen
    }. Die letzte Stellung: { $last }
