# De tafellaag: lobby, beurten, uitslagen, de antwoorden van de commando's.

## /help: hoe je elk commando gebruikt (de commandowoorden blijven zoals je ze typt) en wat het doet

help-intro = **spieltisch** — bordspellen aan deze tafel. Commando's (`/` of `!`):
help-outro = Begin met `/games`, dan `/join <spel>`.
help-games = `/games` — toon de spellen
help-join = `/join [spel] [opties]` — open een tafel of schuif aan bij die in de lobby
help-leave = `/leave` — sta op van een tafel in de lobby
help-start = `/start` — start het spel (iedereen aan tafel)
help-bot = `/bot [easy|normal|hard|remove]` — zet een computerspeler in de lobby (of haal de laatste weer weg)
help-move = `/move <zet>` — doe een zet (kort: /m)
help-board = `/board` — toon het bord
help-hand = `/hand` — jouw eigen kijk op de tafel
help-status = `/status` — wie aan de beurt is, klokken en punten
help-resign = `/resign` — geef de partij op
help-claim = `/claim [easy|normal|hard]` — neem de plaats over van een speler die te lang niets doet (zonder klok): met twee spelers win jij, anders speelt een computerspeler voor hem verder
help-abort = `/abort` — beëindig de tafel zonder uitslag (wie hem opende)
help-log = `/log` — het partijverslag (tafels met de optie log)
help-export = `/export [tafel]` — de tafel (of een afgelopen tafel via zijn nummer) als JSON-document
help-rules = `/rules [spel]` — de spelregels in het kort
help-rating = `/rating [speler] [spel]` — ratings in deze community (zonder naam de jouwe)
help-leaderboard = `/leaderboard [spel] [solo] [pagina]` — de besten in een spel hier (solo: de beste solitaire scores)
help-history = `/history [speler]` — de laatste partijen die hier gespeeld zijn, met uitslagen en tafels
help-replay = `/replay [tafel]` — een geanimeerde herhaling van een afgelopen partij (de laatste van dit kanaal, of een uit /history)
help-mygames = `/mygames [pagina]` — je open tafels in deze community: wie aan de beurt is, hoeveel tijd er over is
help-notify = `/notify [channel|dm|off]` — hoe je in deze community hoort dat je aan de beurt bent
help-vacation = `/vacation [<duur>|off]` — een tijdje weg: je klokken in correspondentiepartijen staan stil (hoogstens 14 dagen per 30 dagen)
help-tournament = `/tournament <create|join|leave|start|pairings|standings|export|withdraw|bot|next|result|remove|cancel> [...]` — toernooien waarvan de partijen hier gespeeld worden: swiss, roundrobin, knockout, duplicate
help-language = `/language [me|server] [de|nl|en|auto]` — de taal van het kanaal (moderators), met `server` die van de community, met `me` je eigen taal
help-help = `/help` — deze lijst

## Tijdsduren: dagen, uren, minuten (`2 d 3 u`, `5 u 20 min`)

span-d = { $n } d
span-h = { $n } u
span-m = { $n } min
span-under-a-minute = minder dan een minuut

## /games, /status, de beurt en de uitslag

games-intro = Spellen:
games-line = **{ $name }** (`/join { $id }`) — { $tagline }. Opties: { $options }
options-none = geen
seated-nobody = niemand
turn-one = { $player } is aan zet.
turn-many = We wachten op { $players }.
result-over = De partij is voorbij: { $verdict }.
status-head = **{ $game }**{ $options } — tafel { $table }
status-lobby = Lobby: { $players } aan tafel ({ $seated }/{ $max }); { $min } nodig voor /start.
status-aborted = Afgebroken: geen uitslag.
status-on-vacation = nog { $span } op vakantie
status-claimable = al { $span } aan zet, de plaats kan worden overgenomen (`/claim`)
status-waiting = al { $span } aan zet
status-playing-for = speelt voor { $name }
status-clock = { " " }— nog { $left }
status-clock-running = { " " }— nog { $left }, de klok loopt

## Wat de dienst zelf weigert

store-failed = Sorry — de tafel kon niet worden opgeslagen, dus er is niets veranderd. Probeer het nog eens.
command-too-long = Dat commando is te lang ({ $n } tekens; hoogstens { $max }).
command-unknown = Onbekend commando { $word }. `/help` toont de commando's.
command-key-too-long = Die kanaal- of gebruikersnaam is te lang voor een tafel (hoogstens { $max } bytes).
rate-commands = Je stuurt meer dan { $per_minute } commando's per minuut; wacht even { $wait } s.
rate-images = Dat zijn meer dan { $per_minute } afbeeldingen per minuut; de volgende komt over { $wait } s.
rate-boards = Dat zijn meer dan { $per_minute } bordafbeeldingen per minuut; de volgende komt over { $wait } s. `/status` antwoordt in tekst.
button-stale = Die knop hoort bij een eerdere tafel in dit kanaal; `/status` toont de huidige.
log-unreadable = Sorry — het verslag van de tafel kon niet worden gelezen.
limit-tables-per-user = Je zit al aan { $seated } open tafels, het maximum voor één speler; maak er eerst een af, sta op met `/leave` of geef op met `/resign`.
limit-tables-per-community = Deze community heeft { $open } open tafels, het maximum; schuif aan bij een ervan, of wacht tot er een afloopt.
rules-which-game = Welk spel? `/rules <spel>` — spellen: { $games }.

## Opties bij /join (de optiewoorden blijven zoals je ze typt)

option-casual = telt niet mee voor de rating: de uitslag wordt bewaard, geen rating verandert, en wie de tafel opende mag altijd /abort gebruiken
option-log = houd het partijverslag bij, te downloaden met /log
option-thread = speel de partij in een eigen thread, waar de chat threads heeft
option-time = bedenktijd per speler, zoals met een schaakklok (bijv. time=20m, time=1h30m); wie erdoor heen is, verliest
option-time-per-move = een vaste tijd voor elke zet (bijv. time=1d/move, zoals bij correspondentieschaak); wie erdoor heen is, verliest
options-invalid = { $error }. Geldige opties voor { $game }: { $valid }
options-time-not-a-duration = `time={ $shown }` is geen tijdsduur
options-time-out-of-range = `time={ $shown }` valt buiten het bereik: tussen { $min } en { $max }
option-komarn-challenge = hoe lang de anderen een Morlock-bewering mogen betwisten (standaard 2m; bijv. challenge=30s, challenge=5m; een los getal is in minuten)
option-dvonn-profi = de spelers zetten de stukken zelf in, in plaats van een willekeurige opstelling
option-burg-winter = de wintervariant: zes winterkaarten, in elke gemarkeerde ronde wordt er een opengelegd (4 in 12 ronden, 6 in 15)

## Computer players

bot-name = Bot { $n } ({ $level })
bot-level-easy = makkelijk
bot-level-normal = normaal
bot-level-hard = moeilijk
