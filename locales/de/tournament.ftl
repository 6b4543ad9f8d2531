# Turniere: `/tournament` und was seine Runden bringen. Die Befehlswörter (`create`, `join`,
# `swiss`, `rounds=3`, …) bleiben, wie sie getippt werden.

## /tournament: Hilfe und Ablehnungen

tour-usage = `/tournament create <Spiel> <Format> [Optionen]`, `join`, `leave`, `start`, `pairings`, `standings`, `export`, `withdraw`, `bot [Stufe]`; für die Turnierleitung: `next`, `result <Tisch> <Sieger|draw>`, `remove <Spieler>`, `cancel`.
tour-help = Turniere: { $usage }
tour-unknown = Unbekannt: { $word }. { $usage }
tour-none-here = Hier läuft kein Turnier.
tour-none-here-create = Hier läuft kein Turnier. Mit `/tournament create <Spiel> <Format>` legst du eins an.
tour-organizer-only-command = Nur die Turnierleitung ({ $organizer }) oder ein Moderator darf `/tournament { $command }` benutzen.
tour-organizer-only-remove = Nur die Turnierleitung ({ $organizer }) oder ein Moderator darf Teilnehmer entfernen.
tour-organizer-only-start = Nur die Turnierleitung ({ $organizer }) oder ein Moderator darf das Turnier starten.
tour-channel-has-one = In diesem Kanal gibt es schon ein Turnier ({ $tournament }); eins nach dem anderen.
tour-channel-is-game = Dieser Kanal ist der Tisch einer Turnierpartie; leg das Turnier in einem anderen Kanal an.

## /tournament create: die Einstellungen ($word ist, was getippt wurde)

tour-create-usage = So geht’s: `/tournament create <Spiel> <swiss|roundrobin|knockout|duplicate> [rounds=N] [players=N] [bots=yes] [deadline=3d] [pairing=dutch|simple] [name=cup] [Tischoptionen]`.
tour-create-not-a-game = { $word } ist hier kein Spiel. { $usage }
tour-create-not-a-format = { $word } ist kein Format: swiss, roundrobin, knockout oder duplicate.
tour-create-rounds = { $word }: es gibt 1 bis { $max } Runden.
tour-create-players = { $word }: players= braucht eine Zahl.
tour-create-bots = { $word }: bots=yes oder bots=no.
tour-create-deadline = { $word }: die Frist ist eine Dauer von 1m bis 4 Wochen.
tour-create-pairing = { $word }: `pairing=dutch` (die Paarung nach dem Dutch-System der FIDE, die Vorgabe) oder `pairing=simple` (ein einziges Matching größten Gewichts).
tour-create-name = { $word }: ein Name hat 1 bis 16 Zeichen: Buchstaben a–z, Ziffern oder Bindestriche.
tour-create-casual = Turnierpartien werden gewertet; `casual` passt nicht dazu.
tour-knockout-two-players = Ein Knockout-Turnier braucht ein Spiel für zwei; { $game } spielen { $players }.
tour-duplicate-alone = In einem Duplicate-Turnier spielen alle allein dieselbe Ausgangslage; { $game } kann man nicht allein spielen.
tour-players-do-not-fit = { $game } spielen { $players }; `players={ $asked }` passt nicht.
tour-not-several-players = { $game } kann man nicht in einem Turnier mit mehreren Spielern spielen.
# Wie viele eine Partie spielen: „2 Spieler“, „2 bis 4 Spieler“.
tour-players-exactly = { $n } Spieler
tour-players-range = { $min } bis { $max } Spieler

# $pairing ist dutch oder simple bei einem Schweizer System für zwei, sonst none.
# $format ist das Wort des Formats, wie getippt (swiss, roundrobin, knockout, duplicate); $pod
# die Spieler pro Partie; $rounds 0, wenn die Teilnehmerzahl entscheidet; $bots yes oder no.
tour-created = { $name } legt das Turnier { $tournament } für { $game } an: { $format ->
        [duplicate] duplicate (alle spielen allein dieselbe Ausgangslage)
       *[other] { $format }{ $pairing ->
            [dutch] { " (Dutch-System)" }
            [simple] { " (einfache Paarung)" }
           *[other] { "" }
        }
    }, { $pod ->
        [1] jeder für sich allein
       *[other] { $pod } Spieler pro Partie
    }, { $rounds ->
        [0] Runden je nach Teilnehmerzahl
        [one] { $rounds } Runde
       *[other] { $rounds } Runden
    }{ $option_count ->
        [0] { "" }
       *[other] , Optionen: { $options }
    }{ $bots ->
        [yes] , Computerspieler willkommen (`/tournament bot`)
       *[other] { "" }
    }. Mit `/tournament join` machst du mit; die Turnierleitung startet es mit `/tournament start`.

## Anmeldungen und der Start

tour-enters = { $name } nimmt am Turnier { $tournament } teil ({ $entrants ->
        [one] { $entrants } Teilnehmer
       *[other] { $entrants } Teilnehmer
    }).
tour-entered-already = Du bist schon angemeldet.
tour-full-max = Das Turnier ist voll ({ $max } Teilnehmer).
tour-full = Das Turnier ist voll.
tour-entry-closed = Das Turnier hat begonnen; die Anmeldung ist geschlossen.
tour-over-already = Das Turnier ist vorbei.
tour-not-started = Das Turnier hat noch nicht begonnen.
tour-bots-not-allowed = Computerspieler dürfen bei diesem Turnier nicht mitmachen (die Turnierleitung erlaubt sie beim Anlegen mit `bots=yes`).
tour-bot-who-may = Nur Teilnehmer oder die Turnierleitung dürfen einen Computerspieler anmelden.
tour-not-a-level = { $word } ist keine Stufe: easy, normal oder hard.
tour-not-entered = Du bist bei diesem Turnier nicht angemeldet.
tour-leave-started = Das Turnier hat begonnen: mit `/tournament withdraw` steigst du aus (du wirst nicht mehr gepaart).
tour-leaves = { $name } meldet sich vom Turnier { $tournament } ab.
tour-withdrawn-already = Du bist schon ausgestiegen.
tour-withdraws = { $name } steigt aus dem Turnier { $tournament } aus und wird nicht mehr gepaart (eine laufende Partie wird zu Ende gespielt oder aufgegeben).
tour-no-such-entrant = Kein Teilnehmer heißt { $word }.
tour-out-already = { $name } ist schon draußen.
tour-removed = { $name } wird aus dem Turnier { $tournament } entfernt.
tour-too-few = Es braucht mindestens { $least } Teilnehmer; { $entered } { $entered ->
        [one] ist
       *[other] sind
    } angemeldet.
tour-only-bots = Ein Turnier nur mit Computerspielern wird nicht gespielt: mindestens ein Mensch muss mitmachen.
tour-starts = Das Turnier { $tournament } beginnt: { $entrants } Teilnehmer, { $rounds ->
        [one] { $rounds } Runde
       *[other] { $rounds } Runden
    }.

## Die Entscheidungen der Turnierleitung: next, result, cancel

tour-no-round = Es wird gerade keine Runde gespielt.
tour-next-too-early = Runde { $round } kann nach ihrer Frist geschlossen werden, in { $span }.
tour-next-nothing-open = Alle Partien der Runde sind beendet; die nächste Runde wird von selbst gepaart.
tour-result-usage = So geht’s: `/tournament result <Tisch> <Sieger|draw>` (die Nummer des Tischs oder der Name seines Kanals).
tour-result-no-game = In Runde { $round } wird an { $word } keine Partie gespielt. `/tournament pairings` zeigt sie.
tour-result-ended = Diese Partie ist schon beendet; ihr Ergebnis steht.
tour-result-not-a-player = { $word } spielt in dieser Partie nicht mit: nenn den Sieger, oder `draw`.
tour-cancelled = { $name } bricht das Turnier { $tournament } ab; seine noch laufenden Partien werden geschlossen.

## Spieler, die den Server oder den Raum verlassen

tour-departed-entry = { $name } ist gegangen und steht nicht mehr auf der Teilnehmerliste.
tour-departed-running = { $name } ist gegangen: die laufende Partie ist verloren, und es gibt keine weitere Paarung.

## Die Runden: Partien, Ergebnisse, Paarungen, Tabelle

# $players: die beiden Spieler, „alice – bob“.
tour-replayed = Eine Knockout-Partie endete unentschieden und wird mit getauschten Farben wiederholt: { $players }.
tour-finished = 🏆 Das Turnier { $tournament } ist vorbei.
# Steht über dem Start einer Turnierpartie an ihrem Tisch.
tour-game-header = Turnier { $tournament }, Runde { $round }, Brett { $board }.
tour-result-sealed = Runde { $round }, Brett { $board }: { $players } ist fertig. Die Ergebnisse der Runde werden gezeigt, sobald ihre letzte Partie zu Ende ist.
tour-round-results = Runde { $round } ist vorbei. Die Ergebnisse:
# $scores: jeder Spieler mit seinen Punkten, „alice 1, bob 0“; $decided yes oder no.
tour-result = Runde { $round }, Brett { $board } ({ $link }): { $scores }{ $decided ->
        [yes] { " " }(von der Turnierleitung entschieden)
       *[other] { "" }
    }.
# $names: die Teilnehmer, „alice, bob“.
tour-pairings-not-started = Das Turnier { $tournament } hat noch nicht begonnen: { $entered } angemeldet ({ $names }).
tour-pairings-title = { "**" }{ $tournament } — Runde { $round } von { $rounds }**
# Zwischen den Spielern einer Partie in den Paarungen.
tour-versus = { " " }gegen{ " " }
# $ended yes oder no.
tour-pairings-board = Brett { $board }: { $players } — { $link }{ $ended ->
        [yes] { " " }(beendet)
       *[other] { "" }
    }
# $points wie angezeigt („1“, „0.5“); $value dasselbe als Zahl, um das Wort zu wählen.
tour-pairings-bye = Freilos: { $name } ({ $points } { $value ->
        [one] Punkt
       *[other] Punkte
    })
tour-standings-title = { "**" }Tabelle von { $tournament } nach { $played } von { $rounds ->
        [one] { $rounds } Runde
       *[other] { $rounds } Runden
    }**
# Eine Zeile der Tabelle: $points wie angezeigt, $value dasselbe als Zahl; $duplicate,
# $withdrawn yes oder no; $tiebreaks „Buchholz 3, SB 2“ ($tiebreak_count Stück).
tour-standings-line = { $place }. { $name } — { $points } { $duplicate ->
        [yes] erzielte Punkte
       *[other] { $value ->
            [one] Punkt
           *[other] Punkte
        }
    }{ $tiebreak_count ->
        [0] { "" }
       *[other] { " " }({ $tiebreaks })
    }{ $withdrawn ->
        [yes] { " " }— ausgestiegen
       *[other] { "" }
    }
# Die Namen der Feinwertungen in der Tabelle.
tour-tiebreak-buchholz = Buchholz
tour-tiebreak-sonneborn-berger = SB
tour-tiebreak-round = Runde
tour-tiebreak-score = Spielpunkte
tour-tiebreak-best = beste
tour-tiebreak-mutual = direkter Vergleich

## /tournament export

tour-export = Das Turnier { $tournament } als JSON.
tour-export-caption = Turnier { $tournament } als JSON.

# Who may run tournaments, and how many (`[tournaments]`).
tour-create-moderators = Turniere legen hier nur die Moderatoren des Kanals an (und wer seine Events verwalten darf).
tour-create-too-many = In dieser Gemeinschaft { $open ->
    [one] ist schon { $open } Turnier
   *[other] sind schon { $open } Turniere
} offen; höchstens { $most } dürfen es zugleich sein. Versuch es wieder, wenn eines zu Ende ist.
tour-bots-max = Dieses Turnier hat schon { $most } { $most ->
    [one] Computerspieler
   *[other] Computerspieler
}, so viele, wie eines haben darf.
tour-round-too-big = Die erste Runde braucht { $needed } { $needed ->
    [one] Tisch
   *[other] Tische
}, und in dieser Gemeinschaft sind { $open } von höchstens { $most } offen: zu viele. Weniger Teilnehmer, größere Gruppen, oder warten, bis einige Partien enden.
# A round's pairings a page at a time (`/tournament pairings 2`).
tour-pairings-page = { $title } — Seite { $page } von { $pages }
tour-pairings-no-page = Die Paarungen füllen { $pages ->
    [one] eine Seite
   *[other] { $pages } Seiten
}: `/tournament pairings 1`{ $pages ->
    [one] {""}
   *[other] {" "}bis `/tournament pairings { $pages }`
}.
tour-and-more = und { $more } weitere
tour-standings-no-page = Die Tabelle füllt { $pages ->
    [one] eine Seite
   *[other] { $pages } Seiten
}: `/tournament standings 1`{ $pages ->
    [one] {""}
   *[other] {" "}bis `/tournament standings { $pages }`
}.
