# Toernooien: `/tournament` en wat de rondes brengen. De commandowoorden (`create`, `join`,
# `swiss`, `rounds=3`, …) blijven zoals ze getypt worden.

## /tournament: hulp en weigeringen

tour-usage = `/tournament create <spel> <formaat> [opties]`, `join`, `leave`, `start`, `pairings`, `standings`, `export`, `withdraw`, `bot [niveau]`; voor de toernooileiding: `next`, `result <tafel> <winnaar|draw>`, `remove <speler>`, `cancel`.
tour-help = Toernooien: { $usage }
tour-unknown = Onbekend: { $word }. { $usage }
tour-none-here = Hier loopt geen toernooi.
tour-none-here-create = Hier loopt geen toernooi. Met `/tournament create <spel> <formaat>` maak je er een aan.
tour-organizer-only-command = Alleen de toernooileiding ({ $organizer }) of een moderator mag `/tournament { $command }` gebruiken.
tour-organizer-only-remove = Alleen de toernooileiding ({ $organizer }) of een moderator mag een deelnemer verwijderen.
tour-organizer-only-start = Alleen de toernooileiding ({ $organizer }) of een moderator mag het toernooi starten.
tour-channel-has-one = Dit kanaal heeft al een toernooi ({ $tournament }); één tegelijk.
tour-channel-is-game = Dit kanaal is de tafel van een toernooipartij; maak het toernooi in een ander kanaal aan.

## /tournament create: de instellingen ($word is wat getypt werd)

tour-create-usage = Zo werkt het: `/tournament create <spel> <swiss|roundrobin|knockout|duplicate> [rounds=N] [players=N] [bots=yes] [deadline=3d] [pairing=dutch|simple] [name=cup] [tafelopties]`.
tour-create-not-a-game = { $word } is hier geen spel. { $usage }
tour-create-not-a-format = { $word } is geen formaat: swiss, roundrobin, knockout of duplicate.
tour-create-rounds = { $word }: er zijn 1 tot { $max } rondes.
tour-create-players = { $word }: players= wil een getal.
tour-create-bots = { $word }: bots=yes of bots=no.
tour-create-deadline = { $word }: de termijn is een duur van 1m tot 4 weken.
tour-create-pairing = { $word }: `pairing=dutch` (het FIDE-Dutch-systeem, de standaard) of `pairing=simple` (één matching met het grootste gewicht).
tour-create-name = { $word }: een naam heeft 1 tot 16 tekens: letters a–z, cijfers of streepjes.
tour-create-casual = Toernooipartijen tellen mee voor de rating; `casual` past daar niet bij.
tour-knockout-two-players = Een knockouttoernooi heeft een spel voor twee nodig; { $game } speel je met { $players }.
tour-duplicate-alone = In een duplicatetoernooi speelt iedereen alleen dezelfde uitgangssituatie; { $game } kun je niet alleen spelen.
tour-players-do-not-fit = { $game } speel je met { $players }; `players={ $asked }` past niet.
tour-not-several-players = { $game } kun je niet spelen in een toernooi met meerdere spelers.
# Met hoevelen een partij gespeeld wordt: "2 spelers", "2 tot 4 spelers".
tour-players-exactly = { $n ->
        [one] { $n } speler
       *[other] { $n } spelers
    }
tour-players-range = { $min } tot { $max } spelers

# $pairing is dutch of simple bij een Zwitsers systeem voor twee, anders none.
# $format is het woord van het formaat zoals getypt (swiss, roundrobin, knockout, duplicate);
# $pod de spelers per partij; $rounds 0 als het aantal deelnemers beslist; $bots yes of no.
tour-created = { $name } maakt het toernooi { $tournament } voor { $game } aan: { $format ->
        [duplicate] duplicate (iedereen speelt alleen dezelfde uitgangssituatie)
       *[other] { $format }{ $pairing ->
            [dutch] { " (Dutch-systeem)" }
            [simple] { " (eenvoudige indeling)" }
           *[other] { "" }
        }
    }, { $pod ->
        [1] ieder voor zich alleen
       *[other] { $pod } spelers per partij
    }, { $rounds ->
        [0] rondes naar het aantal deelnemers
        [one] { $rounds } ronde
       *[other] { $rounds } rondes
    }{ $option_count ->
        [0] { "" }
       *[other] , opties: { $options }
    }{ $bots ->
        [yes] , computerspelers welkom (`/tournament bot`)
       *[other] { "" }
    }. Met `/tournament join` doe je mee; de toernooileiding start het met `/tournament start`.

## Aanmeldingen en de start

tour-enters = { $name } doet mee aan het toernooi { $tournament } ({ $entrants ->
        [one] { $entrants } deelnemer
       *[other] { $entrants } deelnemers
    }).
tour-entered-already = Je doet al mee.
tour-full-max = Het toernooi is vol ({ $max ->
        [one] { $max } deelnemer
       *[other] { $max } deelnemers
    }).
tour-full = Het toernooi is vol.
tour-entry-closed = Het toernooi is begonnen; de aanmelding is gesloten.
tour-over-already = Het toernooi is voorbij.
tour-not-started = Het toernooi is nog niet begonnen.
tour-bots-not-allowed = Computerspelers mogen niet meedoen aan dit toernooi (de toernooileiding staat ze bij het aanmaken toe met `bots=yes`).
tour-bot-who-may = Alleen een deelnemer of de toernooileiding mag een computerspeler aanmelden.
tour-not-a-level = { $word } is geen niveau: easy, normal of hard.
tour-not-entered = Je doet niet mee aan dit toernooi.
tour-leave-started = Het toernooi is begonnen: met `/tournament withdraw` stap je eruit (je wordt niet meer ingedeeld).
tour-leaves = { $name } meldt zich af voor het toernooi { $tournament }.
tour-withdrawn-already = Je bent al uitgestapt.
tour-withdraws = { $name } stapt uit het toernooi { $tournament } en wordt niet meer ingedeeld (een lopende partij wordt uitgespeeld of opgegeven).
tour-no-such-entrant = Geen deelnemer heet { $word }.
tour-out-already = { $name } is al uit het toernooi.
tour-removed = { $name } is uit het toernooi { $tournament } verwijderd.
tour-too-few = Er zijn minstens { $least } deelnemers nodig; { $entered } { $entered ->
        [one] heeft
       *[other] hebben
    } zich aangemeld.
tour-only-bots = Een toernooi met alleen computerspelers wordt niet gespeeld: er moet minstens één mens meedoen.
tour-starts = Het toernooi { $tournament } begint: { $entrants ->
        [one] { $entrants } deelnemer
       *[other] { $entrants } deelnemers
    }, { $rounds ->
        [one] { $rounds } ronde
       *[other] { $rounds } rondes
    }.

## De beslissingen van de toernooileiding: next, result, cancel

tour-no-round = Er wordt nu geen ronde gespeeld.
tour-next-too-early = Ronde { $round } kan na de termijn gesloten worden, over { $span }.
tour-next-nothing-open = Alle partijen van de ronde zijn afgelopen; de volgende ronde wordt vanzelf ingedeeld.
tour-result-usage = Zo werkt het: `/tournament result <tafel> <winnaar|draw>` (het nummer van de tafel of de naam van het kanaal).
tour-result-no-game = In ronde { $round } wordt aan { $word } geen partij gespeeld. `/tournament pairings` toont ze.
tour-result-ended = Die partij is al afgelopen; de uitslag blijft staan.
tour-result-not-a-player = { $word } speelt niet mee in die partij: noem de winnaar, of `draw`.
tour-cancelled = { $name } breekt het toernooi { $tournament } af; de partijen die nog lopen worden gesloten.

## Spelers die de server of de kamer verlaten

tour-departed-entry = { $name } is vertrokken en staat niet meer op de deelnemerslijst.
tour-departed-running = { $name } is vertrokken: de lopende partij is verloren en er volgt geen nieuwe indeling meer.

## De rondes: partijen, uitslagen, indelingen, stand

# $players: de twee spelers, "alice – bob".
tour-replayed = Een knockoutpartij eindigde in een gelijkspel en wordt opnieuw gespeeld met omgewisselde kleuren: { $players }.
tour-finished = 🏆 Het toernooi { $tournament } is voorbij.
# Staat boven de start van een toernooipartij aan haar tafel.
tour-game-header = Toernooi { $tournament }, ronde { $round }, bord { $board }.
tour-result-sealed = Ronde { $round }, bord { $board }: { $players } is klaar. De uitslagen van de ronde worden getoond zodra de laatste partij is afgelopen.
tour-round-results = Ronde { $round } is voorbij. De uitslagen:
# $scores: elke speler met zijn punten, "alice 1, bob 0"; $decided yes of no.
tour-result = Ronde { $round }, bord { $board } ({ $link }): { $scores }{ $decided ->
        [yes] { " " }(beslist door de toernooileiding)
       *[other] { "" }
    }.
# $names: de deelnemers, "alice, bob".
tour-pairings-not-started = Het toernooi { $tournament } is nog niet begonnen: { $entered } aangemeld ({ $names }).
tour-pairings-title = { "**" }{ $tournament } — ronde { $round } van { $rounds }**
# Tussen de spelers van een partij in de indeling.
tour-versus = { " " }tegen{ " " }
# $ended yes of no.
tour-pairings-board = Bord { $board }: { $players } — { $link }{ $ended ->
        [yes] { " " }(afgelopen)
       *[other] { "" }
    }
# $points zoals getoond ("1", "0.5"); $value hetzelfde als getal, om het woord te kiezen.
tour-pairings-bye = Bye: { $name } ({ $points } { $value ->
        [one] punt
       *[other] punten
    })
tour-standings-title = { "**" }Stand van { $tournament } na { $played } van { $rounds ->
        [one] { $rounds } ronde
       *[other] { $rounds } rondes
    }**
# Een regel van de stand: $points zoals getoond, $value hetzelfde als getal; $duplicate,
# $withdrawn yes of no; $tiebreaks "Buchholz 3, SB 2" ($tiebreak_count stuks).
tour-standings-line = { $place }. { $name } — { $points } { $duplicate ->
        [yes] behaalde punten
       *[other] { $value ->
            [one] punt
           *[other] punten
        }
    }{ $tiebreak_count ->
        [0] { "" }
       *[other] { " " }({ $tiebreaks })
    }{ $withdrawn ->
        [yes] { " " }— uitgestapt
       *[other] { "" }
    }
# De namen van de tiebreaks in de stand.
tour-tiebreak-buchholz = Buchholz
tour-tiebreak-sonneborn-berger = SB
tour-tiebreak-round = ronde
tour-tiebreak-score = score
tour-tiebreak-best = beste
tour-tiebreak-mutual = onderling resultaat

## /tournament export

tour-export = Het toernooi { $tournament } als JSON.
tour-export-caption = Toernooi { $tournament } als JSON.

# Who may run tournaments, and how many (`[tournaments]`).
tour-create-moderators = Toernooien maken hier alleen de moderators van het kanaal aan (en wie zijn evenementen mag beheren).
tour-create-too-many = Deze gemeenschap heeft al { $open } open { $open ->
    [one] toernooi
   *[other] toernooien
}; er mogen er hoogstens { $most } tegelijk open zijn. Probeer het opnieuw als er een is afgelopen.
tour-bots-max = Dit toernooi heeft al { $most } { $most ->
    [one] computerspeler
   *[other] computerspelers
}, zoveel als er een mag hebben.
tour-round-too-big = De eerste ronde heeft { $needed } { $needed ->
    [one] tafel
   *[other] tafels
} nodig, en deze gemeenschap heeft er { $open } open van hoogstens { $most }: te veel. Minder deelnemers, grotere groepen, of wachten tot er partijen eindigen.
# A round's pairings a page at a time (`/tournament pairings 2`).
tour-pairings-page = { $title } — pagina { $page } van { $pages }
tour-pairings-no-page = De indeling beslaat { $pages ->
    [one] één pagina
   *[other] { $pages } pagina's
}: `/tournament pairings 1`{ $pages ->
    [one] {""}
   *[other] {" "}tot `/tournament pairings { $pages }`
}.
tour-and-more = en nog { $more }
tour-standings-no-page = De stand beslaat { $pages ->
    [one] één pagina
   *[other] { $pages } pagina's
}: `/tournament standings 1`{ $pages ->
    [one] {""}
   *[other] {" "}tot `/tournament standings { $pages }`
}.
