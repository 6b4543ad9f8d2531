# Im Schutze der Burg: de meldingen van het spel, geweigerde zetten, oproepen, de beschrijving van
# het spelbord en de woorden erin.
# Begrippen: de personenkaarten en gebouwen houden in het Engels hun Duitse namen (Bote, Händler,
# Maurer, Steinmetz, Arbeiter, Baumeister; Markt, Schmiede, Turm, …); het Duits gebruikt de Duitse
# originelen, het Nederlands de begrippen van het Nederlandse platform (Bode, Handelaar, Metselaar,
# Steenhouwer, Arbeider, Bouwmeester; zand, hout, leem, steen, zilver; wachttoren, smederij, werkers).
# Zetwoorden tussen backticks (`choose mason`, `fill sand clay`, `take <soort>`) typ je zoals ze er staan.

## Kleuren (de namen van de plaatsen).

burg-color-red = Rood
burg-color-blue = Blauw
burg-color-green = Groen
burg-color-yellow = Geel

## Personenkaarten; .chip is het kaartje met twee letters op het bord, .move de naam van de
## kaart waar een speler haar kiest: de hand op het bord en in de beschrijving ervan, de
## zetknoppen en het partijverslag. Elke .move moet een woord zijn dat de zetlezer leest.

burg-card-bote = Bode
    .chip = Bo
    .move = Bode
burg-card-haendler = Handelaar
    .chip = Ha
    .move = Handelaar
burg-card-maurer = Metselaar
    .chip = Me
    .move = Metselaar
burg-card-steinmetz = Steenhouwer
    .chip = St
    .move = Steenhouwer
burg-card-arbeiter1 = Arbeider I
    .chip = A1
    .move = Arbeider I
burg-card-arbeiter2 = Arbeider II
    .chip = A2
    .move = Arbeider II
burg-card-arbeiter3 = Arbeider III
    .chip = A3
    .move = Arbeider III
burg-card-baumeister = Bouwmeester
    .chip = BM
    .move = Bouwmeester

## Grondstoffen; .field is het grondstofveld in een zin, .cart het opschrift op het bord.

burg-res-sand = zand
    .field = de zandkar
    .cart = zandkar
burg-res-wood = hout
    .field = de houtkar
    .cart = houtkar
burg-res-clay = leem
    .field = de leemkar
    .cart = leemkar
burg-res-stone = steen
    .field = de steenkar
    .cart = steenkar
burg-res-silver = zilver
    .field = de ruiter (zilver)
    .cart = ruiter (zilver)
# $n stuks van de grondstof $kind: "2 hout".
burg-pieces = { $n } { $kind }
# Een zilver dat als andere grondstof betaald wordt: "1 zilver als steen". Beide zijn ook de
# betaling van een zetknop (burg-label-build-pay): woorden die de zetlezer leest.
burg-silver-as = { $n } zilver als { $kind }
burg-nothing = niets
burg-kinds-none = geen

## Gebouwen.

burg-tile-tower = Toren
burg-tile-house = Huis
burg-tile-wall = Muur
burg-tile-great-gate = Grote Poort
burg-tile-small-gate = Kleine Poort
burg-tile-palas = Paleis
burg-tile-keep = Donjon
burg-tile-servants-house = Dienstbodenhuis
burg-tile-tavern = Herberg
burg-tile-stable = Stal
burg-building-markt = Markt
burg-building-schmiede = Smederij
# Een genummerde tegel: "Toren 3".
burg-building-numbered = { $tile } { $n }

## Winterkaarten: de naam, .long met de Duitse naam, .effect voor de melding.

burg-winter-bodenfrost = Bodemvorst
    .long = Bodemvorst (Bodenfrost)
    .effect = deze ronde levert elk grondstofveld 1 stuk minder op (zand 3, hout 2, leem, steen en zilver 1)
burg-winter-schneesturm = Sneeuwstorm
    .long = Sneeuwstorm (Schneesturm)
    .effect = deze ronde krijgt elke arbeiderskaart alleen de eerste twee stukken van haar lijst (I: zand + leem, II: hout + leem, III: steen + één keuze)
burg-winter-brennholz = Brandhout
    .long = Brandhout (Brennholz)
    .effect = in spelersvolgorde geeft iedereen 1 hout aan de wachttoren; wie geen hout heeft, betaalt 2 taler (of alles wat hij heeft)
burg-winter-wintersteuer = Winterbelasting
    .long = Winterbelasting (Wintersteuer)
    .effect = iedereen betaalt een vijfde van zijn taler (naar beneden afgerond)
burg-winter-winterquartier = Winterkwartier
    .long = Winterkwartier (Winterquartier)
    .effect = iedereen krijgt 1 WP per eigen werker in de burcht
burg-winter-wintervorrat = Wintervoorraad
    .long = Wintervoorraad (Wintervorrat)
    .effect = elk bezet grondstofveld geeft zijn eigenaar 1 stuk van zijn soort uit de voorraad, als er nog een is (zonder afdracht)

## Wat een winterkaart deed, één regel per speler.

burg-winter-gave-wood = { $color } geeft 1 hout aan de wachttoren
burg-winter-paid-for-wood = { $color } heeft geen hout en betaalt { $taler } taler
burg-winter-tax = { $color } betaalt { $taler } taler
burg-winter-quarters = { $color } krijgt { $vp } WP
# $pieces: "1 hout".
burg-winter-store = { $color } neemt { $pieces }
burg-winter-store-empty = geen { $kind } meer voor { $color }
burg-winter-no-field = geen enkel veld is bezet

## Meldingen.

burg-round-started = Ronde { $round } van { $rounds }: { $start } begint en neemt 1 taler van de rondeaanduiding.
burg-round-winter = Deze ronde komt er een winterkaart.
burg-round-choose-one = Iedereen kiest verdekt een kaart: `choose <kaart>`.
burg-round-choose-two = Iedereen kiest verdekt twee verschillende kaarten: `choose <kaart> <kaart>`.
# $cards: "Bode + Arbeider III".
burg-chose = Je hebt { $cards } gekozen. De kaarten worden opengelegd zodra iedereen gekozen heeft.
burg-changed = { $color } heeft de keuze gewijzigd.
burg-has-chosen = { $color } heeft gekozen ({ $chosen } van { $of }).
# $card: de lange naam van de winterkaart; wat ze deed, volgt in eigen regels.
burg-winter = Winterkaart: { $card } — { $effect }.
# $list: "Rood Bode, Blauw Steenhouwer".
burg-revealed = Opengelegde kaarten: { $list }.
burg-filled = De { $card } van { $color } krijgt { $pieces }.
burg-filled-missing = De { $card } van { $color } krijgt { $pieces } (ontbreekt in de voorraad: { $missing }).
burg-bote = De Bode van { $color } brengt 8 taler ({ $color } heeft er { $taler }).
burg-placed = De Handelaar van { $color } zet een werker bij { $field }.
burg-placed-displacing = De Handelaar van { $color } zet een werker bij { $field } en verdringt de werker van { $displaced }.
burg-passed = De Handelaar van { $color } past.
burg-passed-why = De Handelaar van { $color } zet geen werker in ({ $why }).
burg-pass-left = heeft het spel verlaten
burg-pass-no-helper = geen werker in de voorraad
burg-pass-no-field = geen veld vrij voor een werker
burg-income-none = Opbrengst: geen enkel veld levert iets op.
# $lines: "Rood 3 zand (1 naar de wachttoren), Blauw 2 leem (1 naar de wachttoren)".
burg-income = Opbrengst: { $lines }.
burg-income-line = { $color } { $pieces }
burg-income-tribute = { $color } { $pieces } (1 naar de wachttoren)
burg-took = De Metselaar van { $color } neemt { $pieces } uit de wachttoren.
burg-bought = De Steenhouwer van { $color } koopt { $pieces } van de { $card } van { $from } voor 1 taler.
# $building: "Toren 1", $id: "T1", $payment: "1 zand 1 hout 1 leem 1 zilver als steen".
burg-built-nothing = De { $card } van { $color } bouwt { $building } ({ $id }) en betaalt { $payment }: geen WP.
burg-built-vp = De { $card } van { $color } bouwt { $building } ({ $id }) en betaalt { $payment }: { $vp } WP.
burg-built-taler = De { $card } van { $color } bouwt { $building } ({ $id }) en betaalt { $payment }: { $taler } taler.
# $space: "TV12", $building: "Herberg".
burg-helper = { $color } zet een werker op { $space } ({ $building }) voor { $fee } taler.
burg-helper-from = { $color } zet een werker op { $space } ({ $building }) voor { $fee } taler, weggehaald bij { $field }.
burg-action-done = De { $card } van { $color } is klaar.
burg-collected = De { $card } van { $color } ontvangt { $pieces }.
burg-baumeister = { $buildings ->
        [one] Bouwmeester van { $color }: { $buildings } gebouw van anderen deze ronde, { $vp } WP; { $color } neemt de gespeelde kaarten terug.
       *[other] Bouwmeester van { $color }: { $buildings } gebouwen van anderen deze ronde, { $vp } WP; { $color } neemt de gespeelde kaarten terug.
    }
burg-castle-complete = Alle 23 gebouwen zijn gebouwd: het spel eindigt na deze ronde.
# De eindtelling van één speler, in delen, verbonden met "; ": het begin, de werkerplaatsen
# ("SM10 +8, TV12 +5"), het Paleis, de Markt, het totaal.
burg-score-head = { $color }: { $vp } WP in het spel
burg-score-palas = Paleis +{ $vp } ({ $pieces })
burg-score-palas-short = Paleis +{ $vp }
burg-score-markt = Markt +{ $vp }
burg-score-total = totaal { $vp } WP; { $taler } taler en grondstoffen ter waarde van { $value } over.
# Eén regel van de uitslag: "1. Blauw 30 WP".
burg-result = { $rank }. { $color } { $vp } WP
burg-final-ranking = Eindrangorde: { $results }.
burg-tie = { $names } hebben elk { $vp } WP — taler over: { $taler }
burg-tie-resources = { $names } hebben elk { $vp } WP — taler over: { $taler } — grondstoffen over: { $resources }
burg-forfeit-ends = { $reason ->
        [resigned] { $color } geeft op; het spel eindigt en { $color } wordt laatste.
        [timeout] { $color } heeft geen tijd meer; het spel eindigt en { $color } wordt laatste.
       *[abandoned] { $color } heeft het spel verlaten; het spel eindigt en { $color } wordt laatste.
    }
burg-forfeit = { $reason ->
        [resigned] { $color } geeft op: { $color } speelt geen kaarten meer en wordt laatste; de anderen spelen door.
        [timeout] { $color } heeft geen tijd meer: { $color } speelt geen kaarten meer en wordt laatste; de anderen spelen door.
       *[abandoned] { $color } heeft het spel verlaten: { $color } speelt geen kaarten meer en wordt laatste; de anderen spelen door.
    }

## Oproepen en waar de tafel op wacht.

burg-prompt-choose-one = Ronde { $round } van { $rounds }: iedereen kiest verdekt een kaart (`/move choose …`); we wachten nog op { $waiting }.
burg-prompt-choose-two = Ronde { $round } van { $rounds }: iedereen kiest verdekt twee verschillende kaarten (`/move choose …`); we wachten nog op { $waiting }.
# $what: de beslissing die aan de beurt is (burg-decide-…).
burg-prompt-decide = Ronde { $round }, { $color }: { $what }.
burg-decide-fill = { $count ->
        [one] Arbeider III: noem 1 stuk zand, hout of leem (`fill clay`)
       *[other] Arbeider III: noem 2 stuks zand, hout of leem (`fill sand clay`)
    }
burg-decide-haendler = Handelaar: `place <veld>` of `pass`
burg-decide-take = Metselaar: neem één soort uit de wachttoren (`take <soort>`)
# $parts: wat nu kan, uit burg-part-…, verbonden met ", ".
burg-decide-work = { $card }: { $parts } of `done`
burg-decide-done = { $card }: `done`
burg-part-buy = kopen
burg-part-build = bouwen
burg-part-helpers = werkers plaatsen

## Geweigerde zetten.

burg-no-option = Im Schutze der Burg heeft geen optie `{ $word }` (alleen `winter`)
burg-err-game-over = het spel is afgelopen
burg-err-no-seat = plaats { $n } bestaat niet aan deze tafel
burg-err-left = je hebt dit spel verlaten
burg-err-choose-first = iedereen kiest nu kaarten: stuur de jouwe privé, bijv. `choose mason`
burg-err-choose-first-two = iedereen kiest nu kaarten: stuur de jouwe privé, bijv. `choose mason` (met twee spelers twee verschillende kaarten: `choose messenger worker3`)
burg-err-card-count = { $need ->
        [one] kies precies { $need } kaart
       *[other] kies precies { $need } kaarten
    }
burg-err-same-card = kies twee verschillende kaarten, niet twee keer { $card }
burg-err-card-played = je { $card } ligt open (al gespeeld); hij komt pas met je Bouwmeester terug in je hand
burg-err-baumeister-early = de Bouwmeester mag je alleen kiezen als er minstens één van je kaarten uit een eerdere ronde open ligt (nooit zolang je alle acht in je hand hebt)
burg-err-not-your-turn = { $color } is aan de beurt: { $what }
# $example: een zet, bijv. "fill sand clay".
burg-err-fill-count = { $need ->
        [one] je Arbeider III krijgt nu { $need } gekozen stuk: noem er precies zoveel (zand, hout of leem), bijv. `{ $example }`
       *[other] je Arbeider III krijgt nu { $need } gekozen stukken: noem er precies zoveel (zand, hout of leem), bijv. `{ $example }`
    }
# $pieces: "0 leem".
burg-err-fill-short = de voorraad heeft nog maar { $pieces }
# $field: burg-res-….field; $reason: burg-field-….
burg-err-field = je kunt geen werker bij { $field } zetten: { $reason }
burg-field-reiter-closed = de ruiter gaat pas open als alle vier karren bezet zijn (vrij: { $free })
burg-field-cart-free = zolang er een kar vrij is, moet je een vrije kar nemen (vrij: { $free })
burg-field-own = daar staat je eigen werker; je eigen werker verdring je nooit
burg-field-fresh = de werker van { $color } daar is deze ronde geplaatst en kan niet verdrongen worden
burg-field-not-open = dat veld is niet vrij
burg-err-buy-closed = eerst kopen, dan bouwen; zodra je gebouwd hebt, kun je niet meer kopen
burg-err-no-taler = kopen kost 1 taler en je hebt er geen
burg-err-own-card = van je eigen arbeiderskaart kun je niet kopen
# $reason: burg-buy-….
burg-err-buy = je kunt geen { $kind } kopen van { $from }: { $reason }
burg-buy-not-at-table = { $from } zit niet aan deze tafel
burg-buy-no-card = { $from } heeft deze ronde geen { $card } op tafel
burg-buy-already = je hebt in deze actie al van de { $card } van { $from } gekocht
burg-buy-holds-none = op de { $card } van { $from } ligt geen { $kind } (er ligt { $holds })
burg-buy-last-piece = op de { $card } van { $from } ligt alleen nog de laatste grondstof, en die is beschermd
burg-buy-no-arbeiter = { $from } heeft deze ronde geen arbeiderskaart op tafel
# $list: "Arbeider I: 1 steen; Arbeider II: 1 hout".
burg-buy-none-can-sell = geen kaart van { $from } kan het verkopen ({ $list }); een kaart verkoopt 1 stuk per Steenhouwer en houdt haar laatste stuk
# $cards: "Arbeider I + Arbeider III"; $example: een zet, bijv. "buy red worker1 clay".
burg-err-which-card = { $from } heeft { $cards } die { $kind } kunnen verkopen: noem de kaart, bijv. `{ $example }`
burg-err-build-closed = werkers komen na het bouwen; zodra je een werker geplaatst hebt, kun je niet meer bouwen
burg-err-two-builds = je hebt in deze actie al twee gebouwen gebouwd, meer mag niet
burg-err-no-tile = { $tile }: alles is al gebouwd
# $error: burg-pay-….
burg-err-payment = je kunt { $tile } (waarde { $value }) niet bouwen: { $error }
burg-err-arbeiter-no-helpers = een Arbeider plaatst nooit werkers in de burcht
burg-err-helper-needs-build = werkers mag je pas plaatsen als je in deze actie minstens één gebouw gebouwd hebt
burg-err-two-helpers = je hebt in deze actie al twee werkers geplaatst, meer mag niet
burg-err-space-unbuilt = { $space } hoort bij het gebouw { $building }, dat nog niet gebouwd is
burg-err-space-occupied = op { $space } staat al een werker van { $by }
burg-err-fee = { $space } kost { $fee } taler en je hebt er { $taler }
burg-err-same-building = je hebt deze ronde al een werker in het gebouw { $building } geplaatst (één per gebouw per ronde)
burg-err-no-helper = je hebt geen werker in je voorraad
# $field: een zetwoord (sand, wood, clay, stone, silver).
burg-err-no-helper-field = je hebt geen werker in je voorraad; haal er een van een veld: `helper … from { $field }`
burg-err-not-on-field = je hebt geen werker bij { $field }
burg-wrong-now = nu: { $what }
burg-wrong-now-cards = nu: { $what } (kaarten worden aan het begin van een ronde gekozen)
burg-wrong-now-pass = nu: { $what }: een Handelaar die niets plaatst, zegt `pass`
burg-wrong-now-take = nu: { $what }: eerst komt de `take` van de Metselaar (een soort met 0 stuks mag ook)
burg-wrong-now-done = nu: { $what }: sluit de actie af met `done`
burg-wrong-took = je hebt in deze actie al uit de wachttoren genomen
burg-wrong-only-maurer = alleen een Metselaar neemt uit de wachttoren; dit is je { $card }
burg-wrong-only-steinmetz = alleen een Steenhouwer koopt; dit is je { $card }
burg-wrong-take-first = de Metselaar neemt eerst één soort uit de wachttoren: `take <soort>`
burg-wrong-no-space = die plaats bestaat niet

## Betalen.

burg-pay-value = die betaling is { $paid } waard, maar het gebouw kost precies { $value } (niet te veel betalen, geen wisselgeld)
# $kinds: "zand, hout".
burg-pay-kinds = { $n ->
        [one] die betaling gebruikt maar { $n } soort ({ $kinds }); je hebt minstens 3 verschillende soorten van zand, hout, leem en steen nodig (een zilver telt als de soort die je ervoor opgeeft)
       *[other] die betaling gebruikt maar { $n } soorten ({ $kinds }); je hebt minstens 3 verschillende soorten van zand, hout, leem en steen nodig (een zilver telt als de soort die je ervoor opgeeft)
    }
# $have: "1 steen".
burg-pay-missing = je hebt { $have }, niet de { $need } die deze betaling nodig heeft
# $holding: de grondstoffen van de speler, "2 zand, 1 hout", of burg-pay-empty-store ("leeg").
burg-pay-empty-store = leeg
burg-pay-impossible = met je voorraad ({ $holding }) kun je niet precies { $value } in minstens 3 soorten betalen: geen combinatie komt precies op { $value } met 3 soorten (wisselgeld is er niet)
burg-pay-impossible-value = met je voorraad ({ $holding }) kun je niet precies { $value } in minstens 3 soorten betalen: er ontbreekt { $short } aan waarde
burg-pay-impossible-kinds = { $more ->
        [one] met je voorraad ({ $holding }) kun je niet precies { $value } in minstens 3 soorten betalen: er ontbreekt { $more } soort
       *[other] met je voorraad ({ $holding }) kun je niet precies { $value } in minstens 3 soorten betalen: er ontbreken { $more } soorten
    }
burg-pay-impossible-both = { $more ->
        [one] met je voorraad ({ $holding }) kun je niet precies { $value } in minstens 3 soorten betalen: er ontbreekt { $short } aan waarde en { $more } soort
       *[other] met je voorraad ({ $holding }) kun je niet precies { $value } in minstens 3 soorten betalen: er ontbreekt { $short } aan waarde en { $more } soorten
    }

## Zetknoppen: een zet in de woorden van de lezer (de knop stuurt nog steeds de Engelse
## notatie). Elk woord moet er een zijn dat de zetlezer leest (src/games/burg/notation.rs): de
## werkwoorden en kleine woorden hier, de namen van kaarten, kleuren, soorten en tegels hierboven
## en de betaling uit burg-pieces en burg-silver-as. Het Engels is de notatie zelf.

# $cards: "Metselaar", "Bode Arbeider III".
burg-label-choose = kies { $cards }
# $kinds: "zand leem".
burg-label-fill = vul { $kinds }
# $field: de soort van het veld, "hout", "zilver" (de ruiter).
burg-label-place = plaats { $field }
burg-label-pass = pas
burg-label-take = neem { $kind }
# $color: de kleur van de verkoper.
burg-label-buy = koop { $color } { $kind }
# $card: de Arbeider-kaart van de verkoper, "Arbeider II".
burg-label-buy-card = koop { $color } { $card } { $kind }
burg-label-build = bouw { $tile }
# $payment: "1 zand 1 hout 1 leem 1 zilver als steen".
burg-label-build-pay = bouw { $tile } betaal { $payment }
# $space: de code van de burchtplaats, "TV12" (die blijft zoals hij is).
burg-label-helper = werker { $space }
burg-label-helper-from = werker { $space } van { $field }
burg-label-done = klaar

## Zetten die niet te lezen zijn. De zetwoorden tussen backticks blijven Engels (Duitse en
## Nederlandse woorden worden ook gelezen).

# $text: wat er getypt is; $why: een van de hints hieronder.
burg-parse-not-a-move = `{ $text }` is geen zet: { $why }
burg-parse-too-long = te lang
burg-parse-forms = zetten: `choose <kaart>`, `fill <soort> <soort>`, `place <veld>`, `pass`, `take <soort>`, `buy <kleur> <soort>`, `build <gebouw> [pay …]`, `helper <plek> [from <veld>]`, `done`
burg-parse-cards = kaarten: messenger (Bode), trader (Handelaar), mason (Metselaar), stonemason (Steenhouwer), worker1–worker3 (Arbeider I–III), builder (Bouwmeester) — de Nederlandse namen werken ook
burg-parse-tiles = gebouwen: tower (Toren), house (Huis), wall (Muur), great-gate (Grote Poort), small-gate (Kleine Poort), palas (Paleis), keep (Donjon), servants-house (Dienstbodenhuis), tavern (Herberg), stable (Stal)
burg-parse-kinds = soorten: sand (zand), wood (hout), clay (leem), stone (steen), silver (zilver)
burg-parse-name-card = noem een kaart; { $cards }
burg-parse-one-card = kies één kaart (twee met twee spelers)
burg-parse-fill-kinds = een Arbeider III krijgt zand, hout of leem: `fill clay clay`
burg-parse-fill-count = noem een of twee stuks: `fill sand wood`
burg-parse-field = noem een veld: sand (zand), wood (hout), clay (leem), stone (steen) of silver (de ruiter)
burg-parse-take = noem een soort om te nemen; { $kinds }
burg-parse-seller = noem de verkoper met zijn kleur en de grondstof: `buy red clay`
burg-parse-buy-card = je koopt van worker1, worker2 of worker3 (Arbeider I–III)
burg-parse-buy-kind = noem de grondstof die je koopt; { $kinds }
burg-parse-build = noem wat je bouwt; { $tiles }
burg-parse-pay = betaal in groepen zoals `1 sand 1 wood 1 clay 1 silver as stone`
burg-parse-pay-count = elk aantal is 1 of meer (hoogstens 60)
burg-parse-pay-silver-as = zeg waarvoor elk zilver staat: `1 silver as stone` (zand, hout, leem of steen)
burg-parse-pay-silver = een zilver staat voor zand, hout, leem of steen
# $spaces: "MA6a, MA6b, SM10, …".
burg-parse-space = noem een plaats in de burcht: { $spaces }
burg-parse-from = noem het veld waar de werker vandaan komt: `helper TV12 from sand`
burg-parse-unexpected = onverwachte woorden aan het eind; { $forms }

## De beschrijving van het spelbord (voor schermlezers).

burg-describe-standing = { $player } { $vp } WP, { $taler } taler
burg-describe-over = einde van het spel na ronde { $round } van { $rounds }: { $verdict }.
burg-describe-all-chosen = ronde { $round } van { $rounds }, alle kaarten zijn gekozen.
# $waiting: "Ann (Rood) en Cy (Groen)".
burg-describe-choosing = ronde { $round } van { $rounds }, de kaarten worden verdekt gekozen; we wachten nog op { $waiting }.
burg-describe-deciding = ronde { $round } van { $rounds }, afhandeling; { $player } beslist: { $what }.
burg-describe-resolving-card = ronde { $round } van { $rounds }, afhandeling: { $card }.
burg-describe-resolving = ronde { $round } van { $rounds }, afhandeling.
burg-describe-castle = Burcht: { $built } van { $total } gebouwen gebouwd.
burg-describe-castle-winter = Burcht: { $built } van { $total } gebouwen gebouwd; winterkaart { $card }.
# De voorraad van een speler, dan de delen hieronder, verbonden met "; ".
burg-describe-supplies = { $player } ({ $color }): { $vp } WP, { $taler } taler, grondstoffen { $resources }; werkers: { $supply } in voorraad, { $castle } in de burcht
# $list: gebouwcodes, "T1, H2".
burg-describe-built = gebouwd: { $list }
burg-describe-played = gespeeld: { $cards }
burg-describe-left = heeft het spel verlaten
burg-describe-hand = hand van { $player }: { $cards }
burg-describe-chosen = deze ronde gekozen: { $cards }
burg-describe-has-chosen = heeft deze ronde gekozen

## Woorden op het spelbord (kort houden).

burg-draw-title = Im Schutze der Burg — ronde { $round } van { $rounds }
burg-draw-over = Einde: { $verdict }
burg-draw-choosing = Kaartkeuze: { $chosen } van { $of } hebben gekozen
burg-draw-castle = Burcht
burg-draw-building = { $vp } WP · waarde { $value }
burg-draw-prebuilt = vanaf begin gebouwd
burg-draw-fields = Grondstofvelden
# Een werker die deze ronde op een veld is gezet.
burg-draw-new = { $name } (nieuw)
burg-draw-wehrturm = Wachttoren
burg-draw-supply = Voorraad
burg-draw-schmiede = Smederij: { $n } zilver
burg-draw-rounds = Ronden
burg-draw-winter = Winter: { $card } (nog { $left })
burg-draw-winter-left = Winterkaarten over: { $left }
burg-draw-numbers = { $vp } WP · { $taler } taler · werkers { $supply } (+{ $castle } in de burcht)
burg-draw-left = heeft het spel verlaten
burg-draw-chosen = ✓ gekozen
burg-draw-choosing-now = kiest…
burg-draw-hand = { $name } — je hand
burg-draw-final = Eindtelling
# $parts: "12 in het spel, SM10 +8, Paleis +10, Markt +3".
burg-draw-final-line = { $rank }. { $player }: { $parts } = { $vp } WP ({ $taler } taler, grondstoffen { $value } over)
burg-draw-in-play = { $vp } in het spel

## Het partijverslag (`/log`), één regel per item. De zetten erin blijven in hun notatie.

# De eerste regel; $order: de kleuren met de klok mee, "Blauw, Rood, Groen".
burg-record-setup = Im Schutze der Burg, { $players } spelers, met de klok mee: { $order }
burg-record-setup-winter = Im Schutze der Burg, { $players } spelers, winter, met de klok mee: { $order }
burg-record-round = ronde { $round } van { $rounds }, startspeler { $start }
# $card: de naam van de winterkaart.
burg-record-winter = winterkaart: { $card }
# $list: de kaarten per plaats, "Blauw Metselaar, Rood Bode+Arbeider III".
burg-record-revealed = opengelegd: { $list }
burg-record-revealed-seat = { $color } { $cards }
# $notation: de zet zoals je hem typt, "build wall pay 2 sand 1 wood 1 clay" (die blijft zoals hij is).
burg-record-move = { $color }: { $notation }
burg-record-forfeit = { $reason ->
        [resigned] { $color } geeft op
        [timeout] { $color } heeft geen tijd meer
        [stopped] { $color } stopt (niemand speelt meer mee)
       *[abandoned] { $color } verlaat het spel
    }
# $score: de eindtelling van één speler (burg-score-…).
burg-record-final = eindtelling { $score }
# $list: "Rood 20 (plaats 2), Blauw 10 (plaats 3)".
burg-record-result = uitslag: { $list }
burg-record-result-seat = { $color } { $score } (plaats { $rank })
