# Wat de tafeldienst zegt buiten één enkele tafel: ratings en uitslagen, herhalingen, je
# tafels, dagoverzichten, vakanties en beurtmeldingen.

## /rating

rating-nobody-called = Niemand met de naam { $name } heeft een rating in deze community.
rating-none-in-game = { $who } heeft hier nog geen partij { $game } met rating gespeeld.
rating-none-mine = Je hebt nog geen rating in deze community: speel een partij met twee of meer plaatsen.
rating-none-theirs = { $who } heeft hier nog geen rating.
# De regel van één spel: de rating, de afwijking, gespeelde en gewonnen partijen.
rating-line = { $game }: **{ $rating }** ±{ $deviation } — { $games ->
        [one] { $games } partij
       *[other] { $games } partijen
    }, { $wins } gewonnen{ $provisional ->
        [yes] { " " }(voorlopig)
       *[no] { "" }
    }
rating-line-unrated = { $game }: geen partij met rating
# Komt achter de regel van een spel als de speler het alleen heeft gespeeld.
rating-solitaire-best = ; beste solitaire-score { $best } in { $solos ->
        [one] { $solos } partij
       *[other] { $solos } partijen
    }
# De naam van de speler, dan één regel per spel.
rating-of = **{ $who }** — { $lines }

## /leaderboard

rating-leaderboard-unknown-game = Onbekend spel { $word }. `/leaderboard <spel> [solo] [pagina]` — spellen: { $games }.
rating-leaderboard-which-game = Welk spel? `/leaderboard <spel>` — spellen: { $games }.
rating-leaderboard-empty = Niemand heeft hier al een partij { $game } met rating gespeeld.
rating-leaderboard-empty-solo = Niemand heeft hier al { $game } als solitaire gespeeld.
# $command is het commando zoals je het typt, bijv. `/leaderboard dvonn solo`.
rating-leaderboard-no-page = De ranglijst van { $solo ->
        [yes] { $game } (solitaire)
       *[no] { $game }
    } heeft { $pages ->
        [one] { $pages } pagina
       *[other] { $pages } pagina's
    }: `{ $command } <1–{ $pages }>`.
rating-leaderboard-header = **Ranglijst { $solo ->
        [yes] { $game } (solitaire)
       *[no] { $game }
    }** ({ $players ->
        [one] { $players } speler
       *[other] { $players } spelers
    }):
rating-leaderboard-header-paged = **Ranglijst { $solo ->
        [yes] { $game } (solitaire)
       *[no] { $game }
    }** ({ $players ->
        [one] { $players } speler
       *[other] { $players } spelers
    }, pagina { $page } van { $pages }):
rating-leaderboard-row = { $rank }. { $name } — { $rating } ({ $games ->
        [one] { $games } partij
       *[other] { $games } partijen
    }, { $wins } gewonnen)
rating-leaderboard-row-solo = { $rank }. { $name } — beste score { $best } ({ $games ->
        [one] { $games } partij
       *[other] { $games } partijen
    })
rating-leaderboard-ranked-by = Gerangschikt op rating − 3 × afwijking; `?` staat voor een voorlopige rating.
rating-page-previous = ◀ Vorige
rating-page-next = Volgende ▶

## /history

rating-history-nobody = Niemand met de naam { $name } heeft hier gespeeld.
rating-history-none-mine = Je hebt nog geen afgelopen partijen in deze community.
rating-history-none-theirs = { $name } heeft hier geen afgelopen partijen.
rating-history-header = **{ $name }** — { $games ->
        [one] de laatste partij:
       *[other] de laatste { $games } partijen:
    }
rating-history-export = `/export <tafel>` geeft het hele verslag van een partij.
# Eén partij: het spel, de uitslag van de speler ($place), de tegenstanders ($against), hoe de
# rating veranderde ($moved), hoe ze eindigde ($ending), hoe lang geleden, de tafel.
rating-history-line = • { $game } — { $place }{ $against }{ $moved }{ $ending }, { $ago } geleden · tafel { $table }
rating-history-aborted = afgebroken
rating-history-solitaire = solitaire, { $points ->
        [one] { $points } punt
       *[other] { $points } punten
    }
rating-history-shared-first = gedeelde eerste plaats
rating-history-won = gewonnen
rating-history-place = plaats { $place }
rating-history-played = gespeeld
rating-history-against = { " " }tegen { $names }
rating-history-moved = , { $before } → { $after }
rating-history-unrated = , zonder rating
rating-history-ending = { " " }({ $how })

## Hoe een partij eindigde (in /history)

result-ending-normal = uitgespeeld
result-ending-resigned = door opgave
result-ending-timed-out = door tijdoverschrijding
result-ending-abandoned = wegens inactiviteit
result-ending-aborted = afgebroken
result-ending-stopped = gestopt (er was niemand meer)

## /export <tafel>

table-number-unknown = Er is hier geen partij { $word } die je mag zien: `/history` toont de nummers van afgelopen partijen.
table-private = Deze partij is privé: alleen wie haar speelt mag erin kijken, tot ze – en haar toernooironde – voorbij is.
rating-export-still-open = Tafel { $id } is nog open: `/export` in het kanaal van de tafel laat zien wat je mag zien zolang hij loopt.
rating-unreadable = Sorry — de uitslagen konden niet worden gelezen. Probeer het nog eens.

## /replay

replay-no-table-here = Hier is nog geen tafel: `/replay <tafel>` herhaalt een afgelopen partij uit `/history`.
replay-lobby = Tafel { $id } is nog niet begonnen: `/replay <tafel>` herhaalt een afgelopen partij uit `/history`.
replay-not-over = De partij aan tafel { $id } is nog niet voorbij: een herhaling zou laten zien wat nog geheim is. `/replay` zodra ze afgelopen is.
replay-failed = Tafel { $id } kan niet worden herhaald: { $error }.
replay-no-result = geen uitslag
# $result: wie er gewonnen heeft, bijv. "Ann wint".
replay-text = Herhaling van { $game }, tafel { $id }: { $players } — { $moves ->
        [one] { $moves } zet
       *[other] { $moves } zetten
    }; { $result }.
# De onderschriften onder de beelden van de herhaling.
replay-caption-start = Begin · { $total ->
        [one] { $total } zet
       *[other] { $total } zetten
    }
replay-caption-move = Zet { $number } van { $total } · { $step }
# Wat tot een stelling leidde (een zet verschijnt als "Ann: c3-d4").
replay-step-resigned = { $player } gaf op
replay-step-secret = { $player }: een geheime keuze, nooit onthuld
replay-step-timed-out = de tijd van { $player } was om
replay-step-idle = { $player } was te lang inactief
replay-step-stopped = { $player } stopt (niemand speelde meer mee)
replay-step-window-closed = de tijd om te antwoorden is om
# Waarom het verslag van een partij niet te herhalen is.
replay-error-not-finished = de partij is nog niet voorbij: alleen een afgelopen partij kan worden herhaald
replay-error-not-started = de partij is nooit begonnen: er is niets te herhalen
replay-error-format = geen partij-export: { $why }
replay-error-setup = de partij kan niet uit het verslag worden opgebouwd: { $why }
replay-error-move = zet { $number } ({ $text }) is niet na te spelen: { $reason }
replay-error-nobody-plays = niemand aan tafel kan hem spelen
replay-error-nobody-to-act = niemand is aan de beurt
replay-error-forfeit = opgave

## /mygames

mine-none = Je zit aan geen open tafel in deze community. `/join <spel>` opent er een.
mine-no-page = Je tafels beslaan { $pages ->
        [one] { $pages } pagina
       *[other] { $pages } pagina's
    }: `/mygames <1–{ $pages }>`.
mine-header = **Je tafels** ({ $open } open, { $waiting ->
        [0] nergens ben jij aan de beurt
        [one] aan één ben jij aan de beurt
       *[other] aan { $waiting } ben jij aan de beurt
    }):
mine-header-paged = **Je tafels** ({ $open } open, { $waiting ->
        [0] nergens ben jij aan de beurt
        [one] aan één ben jij aan de beurt
       *[other] aan { $waiting } ben jij aan de beurt
    }), pagina { $page } van { $pages }:
# Eén tafel: het spel, een link naar het kanaal, de stand ($state, dan de resterende tijd).
mine-row = { $game } in { $link } — { $state }
mine-your-turn = **jij bent aan de beurt**
mine-your-turn-with = **jij bent aan de beurt**, samen met { $others }
mine-waiting-for = wacht op { $others }
mine-waiting = wacht
mine-time-left = , nog { $time }
mine-lobby = lobby, { $seated }/{ $max } bezet
mine-page-previous = ◀ Vorige
mine-page-next = Volgende ▶

## Het dagoverzicht

digest-header = 📬 Je bent hier aan de beurt aan { $tables ->
        [one] { $tables } tafel
       *[other] { $tables } tafels
    }:

## /vacation

vacation-unreadable = Sorry — je instellingen konden niet worden gelezen. Probeer het nog eens.
# Bijv. "14d per 30d".
vacation-allowance = { $most } per { $window }
vacation-away = Je bent nog { $left } op vakantie. `/vacation off` beëindigt die nu meteen.
vacation-home = Je bent niet op vakantie. `/vacation <duur>` (bijv. `/vacation 3d`) zet je klokken in correspondentiepartijen stil; je kunt nu { $left } nemen ({ $allowance }).
vacation-not-away = Je bent niet op vakantie.
vacation-not-a-duration = { $word } is geen duur: `/vacation 3d`, `/vacation 36h` of `/vacation off`.
vacation-too-short = Een vakantie duurt minstens { $shortest }.
vacation-too-long = Dat is meer dan je tegoed: { $allowance }; je kunt nu { $left } nemen.
vacation-not-saved = Sorry — je vakantie kon niet worden opgeslagen, dus er is niets veranderd.
vacation-started = Je bent { $span } op vakantie: je klokken in correspondentiepartijen staan stil, niemand mag je plaatsen als inactief overnemen en er komen geen herinneringen. { $tables } `/vacation off` beëindigt hem eerder; daarna heb je nog { $left } van je tegoed ({ $allowance }) over.
vacation-over = Welkom terug: je vakantie is voorbij. { $tables }
# Hoeveel tafels van de persoon melden dat die weg (of terug) is.
vacation-tables = { $tables ->
        [0] Geen van je tafels hier merkt er iets van.
        [one] Je tafel hier meldt het.
       *[other] Je { $tables } tafels hier melden het.
    }

## /notify en beurtmeldingen

notify-unreadable = Sorry — je instellingen konden niet worden gelezen. Probeer het nog eens.
# $mode is het getypte woord (channel, dm, off); $modes de woorden om uit te kiezen.
notify-show = Je beurtmeldingen hier: { $mode } ({ $meaning }). `/notify { $modes }` verandert dat.
notify-unknown = Onbekende instelling { $word }: kies een van { $modes }.
notify-not-saved = Sorry — je instelling kon niet worden opgeslagen, dus er is niets veranderd.
notify-set = Beurtmeldingen: { $mode } — { $meaning }.
notify-mode-channel = je wordt genoemd in het kanaal van de tafel
notify-mode-dm = je krijgt een privébericht
notify-mode-off = geen meldingen; het kanaal zegt nog steeds wie er aan de beurt is
notify-turn = Je bent aan de beurt aan de tafel voor { $game } in { $link }.
notify-reminder = ⏳ { $player }: nog { $left } voor je zet.
notify-reminder-idle = ⏳ { $player }: je zet wacht; over { $left } mogen de anderen je plaats met `/claim` overnemen.
notify-reminder-dm = ⏳ { $game } in { $link }: nog { $left } voor je zet.
notify-reminder-dm-idle = ⏳ { $game } in { $link }: je zet wacht; over { $left } mogen de anderen je plaats met `/claim` overnemen.
replay-description = Een geanimeerde herhaling van { $positions ->
        [one] { $positions } positie
       *[other] { $positions } posities
    }. De laatste positie: { $last }
