# Die Tisch-Ebene: Lobby, Züge, Ergebnisse, die Antworten der Befehle.

## /help: wie jeder Befehl aufgerufen wird (die Befehlswörter bleiben, wie sie getippt werden) und was er tut

help-intro = **spieltisch** — Brettspiele an diesem Tisch. Befehle (`/` oder `!`):
help-outro = Fang mit `/games` an, dann `/join <Spiel>`.
help-games = `/games` — zeig die Spiele
help-join = `/join [Spiel] [Optionen]` — öffne einen Tisch oder setz dich an den in der Lobby
help-leave = `/leave` — steh von einem Tisch in der Lobby auf
help-start = `/start` — starte das Spiel (jeder, der am Tisch sitzt)
help-bot = `/bot [easy|normal|hard|remove]` — setz einen Computerspieler in die Lobby (oder nimm den letzten wieder weg)
help-move = `/move <Zug>` — mach einen Zug (Kurzform /m)
help-board = `/board` — zeig das Brett
help-hand = `/hand` — deine private Sicht
help-status = `/status` — wer am Zug ist, Uhren und Punkte
help-resign = `/resign` — gib die Partie auf
help-claim = `/claim [easy|normal|hard]` — übernimm den Platz eines Spielers, der zu lange nichts tut (ohne Uhr): bei zwei Spielern gewinnst du, sonst spielt ein Computerspieler für ihn weiter
help-abort = `/abort` — beende den Tisch ohne Ergebnis (wer ihn eröffnet hat)
help-log = `/log` — das Spielprotokoll (Tische mit der Option log)
help-export = `/export [Tisch]` — der Tisch (oder ein beendeter über seine Nummer) als JSON-Dokument
help-rules = `/rules [Spiel]` — die Regeln in Kürze
help-rating = `/rating [Spieler] [Spiel]` — Wertungszahlen in dieser Community (ohne Namen deine)
help-leaderboard = `/leaderboard [Spiel] [solo] [Seite]` — die Besten eines Spiels hier (solo: die besten Solitär-Ergebnisse)
help-history = `/history [Spieler]` — die letzten hier gespielten Partien, mit Ergebnissen und Tischen
help-replay = `/replay [Tisch]` — eine animierte Wiederholung einer beendeten Partie (die letzte dieses Kanals oder eine aus /history)
help-mygames = `/mygames [Seite]` — deine offenen Tische in dieser Community: wer am Zug ist, wie viel Zeit bleibt
help-notify = `/notify [channel|dm|off]` — wie du in dieser Community erfährst, dass du am Zug bist
help-vacation = `/vacation [<Dauer>|off]` — eine Weile weg: deine Uhren in Fernpartien halten an (höchstens 14 Tage in 30 Tagen)
help-tournament = `/tournament <create|join|leave|start|pairings|standings|export|withdraw|bot|next|result|remove|cancel> [...]` — Turniere, deren Partien hier gespielt werden: swiss, roundrobin, knockout, duplicate
help-language = `/language [me|server] [de|nl|en|auto]` — die Sprache des Kanals (Moderatoren), mit `server` die der Community, mit `me` deine eigene
help-help = `/help` — diese Liste

## Dauern: Tage, Stunden, Minuten (`2 T. 3 Std.`, `5 Std. 20 Min.`)

span-d = { $n } T.
span-h = { $n } Std.
span-m = { $n } Min.
span-under-a-minute = weniger als eine Minute

## /games, /status, wer am Zug ist und das Ergebnis

games-intro = Spiele:
games-line = **{ $name }** (`/join { $id }`) — { $tagline }. Optionen: { $options }
options-none = keine
seated-nobody = niemand
turn-one = { $player } ist am Zug.
turn-many = Wir warten auf { $players }.
result-over = Die Partie ist vorbei: { $verdict }.
status-head = **{ $game }**{ $options } — Tisch { $table }
status-lobby = Lobby: { $players } am Tisch ({ $seated }/{ $max }); { $min } nötig für /start.
status-aborted = Abgebrochen: kein Ergebnis.
status-on-vacation = noch { $span } im Urlaub
status-claimable = seit { $span } am Zug, der Platz kann übernommen werden (`/claim`)
status-waiting = seit { $span } am Zug
status-playing-for = spielt für { $name }
status-clock = { " " }— noch { $left }
status-clock-running = { " " }— noch { $left }, die Uhr läuft

## Was der Dienst selbst ablehnt

store-failed = Tut mir leid — der Tisch konnte nicht gespeichert werden, also hat sich nichts geändert. Bitte versuche es noch einmal.
command-too-long = Dieser Befehl ist zu lang ({ $n } Zeichen; höchstens { $max }).
command-unknown = Unbekannter Befehl { $word }. `/help` zeigt die Befehle.
command-key-too-long = Dieser Kanal- oder Benutzername ist zu lang für einen Tisch (höchstens { $max } Bytes).
rate-commands = Du schickst mehr als { $per_minute } Befehle pro Minute; bitte warte { $wait } s.
rate-images = Das sind mehr als { $per_minute } Bilder pro Minute; das nächste kommt in { $wait } s.
rate-boards = Das sind mehr als { $per_minute } Brettbilder pro Minute; das nächste kommt in { $wait } s. `/status` antwortet mit Text.
button-stale = Dieser Button gehört zu einem früheren Tisch in diesem Kanal; `/status` zeigt den aktuellen.
log-unreadable = Tut mir leid — die Aufzeichnung des Tisches konnte nicht gelesen werden.
limit-tables-per-user = Du sitzt schon an { $seated } offenen Tischen, mehr geht für einen Spieler nicht; beende erst einen, steh mit `/leave` auf oder gib mit `/resign` auf.
limit-tables-per-community = Diese Community hat { $open } offene Tische, mehr geht nicht; setz dich an einen davon oder warte, bis einer zu Ende ist.
rules-which-game = Welches Spiel? `/rules <Spiel>` — Spiele: { $games }.

## Optionen bei /join (die Optionswörter bleiben, wie sie getippt werden)

option-casual = ungewertet: das Ergebnis wird festgehalten, keine Wertungszahl ändert sich, und wer den Tisch geöffnet hat, darf jederzeit /abort benutzen
option-log = ein Spielprotokoll führen, herunterladbar mit /log
option-thread = die Partie in einem eigenen Thread spielen, wo der Chat Threads hat
option-time = Bedenkzeit pro Spieler, wie bei einer Schachuhr (z. B. time=20m, time=1h30m); wer sie überschreitet, verliert
option-time-per-move = eine feste Zeit für jeden Zug (z. B. time=1d/move, wie im Fernschach); wer sie überschreitet, verliert
options-invalid = { $error }. Gültige Optionen für { $game }: { $valid }
options-time-not-a-duration = `time={ $shown }` ist keine Dauer
options-time-out-of-range = `time={ $shown }` liegt nicht im erlaubten Bereich: zwischen { $min } und { $max }
option-komarn-challenge = wie lange die anderen eine Morlock-Behauptung anzweifeln dürfen (Standard 2m; z. B. challenge=30s, challenge=5m; eine bloße Zahl sind Minuten)
option-dvonn-profi = die Spieler setzen die Steine selbst ein, statt eines zufälligen Aufbaus
option-burg-winter = die Wintervariante: sechs Winterkarten, in jeder markierten Runde wird eine aufgedeckt (4 in 12 Runden, 6 in 15)

## Computer players

bot-name = Bot { $n } ({ $level })
bot-level-easy = leicht
bot-level-normal = normal
bot-level-hard = schwer
