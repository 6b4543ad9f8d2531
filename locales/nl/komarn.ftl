# Banner von Komarn: aankondigingen, weigeringen, aanwijzingen, de beschrijving van het bord en de afbeelding ervan.
# De zetten tussen backticks (`play 17L`, `morlock none`, `challenge` …) blijven zoals getypt.

## Kleuren (beurtvolgorde: Rood begint)

komarn-color-red = Rood
komarn-color-blue = Blauw
komarn-color-green = Groen
komarn-color-yellow = Geel

## Kleine woorden

komarn-nothing = niets
komarn-content-nothing = niets
komarn-content-soldier = een soldaat van { $color }
komarn-content-camp = een kamp
komarn-content-morlock = een Morlock
komarn-no-room-blocked = op { $field } staat { $what }
komarn-no-room-not-free = het is niet vrij
komarn-waiting-over = het spel is voorbij

## Fouten in opties (`challenge=` blijft zoals getypt)

komarn-option-unknown = Banner von Komarn heeft geen optie `{ $shown }`
komarn-option-not-a-duration = `challenge={ $shown }` is geen tijdsduur
komarn-option-out-of-range = `challenge={ $shown }` valt buiten het bereik: tussen { $min } en { $max }

## Aankondigingen

komarn-played-recruit = { $color } speelt { $number } en rekruteert op { $field }
komarn-played-chase = { $color } speelt { $number } en { $second }, verjaagt de Morlock van { $number }F en rekruteert op { $number }L en { $number }R
komarn-played-reinforce = { $color } speelt { $number } als versterking op { $field }
komarn-played-seduce = { $color } speelt { $number } en verleidt met de Hurenweibel de soldaat van { $victim } op { $field }
# $play is een van de vier teksten hierboven.
komarn-played = { $play }.
komarn-played-with-camp = { $play } en bouwt een kamp op { $camp }.
komarn-passed = { $color } kan geen getal spelen en legt { $number } af.
komarn-tower-garrisoned = De toren bij { $point } wordt bezet door { $color }.
komarn-tower-empty = De toren bij { $point } blijft voorgoed leeg: { $color } heeft geen soldaat meer om hem te bezetten.
komarn-command = { $color } neemt het bevel over de banier bij { $banner } (waarde { $value }).
komarn-paid = { $color } verliest het bevel over de banier bij { $banner }; de Weibel keert terug en { $color } krijgt { $amount } Heller uitbetaald.
komarn-weibel-back = { $color } houdt het bevel over de samengevoegde banier bij { $banner }; de andere Weibel keert onbetaald terug.
komarn-garrison = De bezetting van de toren bij { $point } wisselt van { $from } naar { $to }.
komarn-hurenweibel-holder = { $color } heeft nu de Hurenweibel.
komarn-hurenweibel-neutral = De Hurenweibel is neutraal.
komarn-drew-nothing = Je trekt niets.
komarn-drew = Je trekt { $numbers }.
komarn-drew-count = { $color } trekt { $count ->
    [one] { $count } getal
   *[other] { $count } getallen
    }.
komarn-strudel = { $color } trekt de Draaikolk: die gaat samen met de aflegstapel ({ $count ->
    [one] { $count } getal
   *[other] { $count } getallen
    }) terug in de zak.
komarn-morlock-drawn = { $color } trekt een Morlock: plaatst hem (`morlock <k>`) of beweert dat er geen geplaatst kan worden (`morlock none`).
komarn-morlock-gone = De Morlock die { $color } trok, verlaat het spel: { $why }.
komarn-morlock-gone-no-area = geen gebied kan hem opnemen
komarn-morlock-gone-drawer-left = wie hem trok, heeft het spel verlaten
komarn-morlock-placed = { $color } zet de Morlock op { $area }F; het getal { $area } gaat terug in de zak.
komarn-claimed = { $color } beweert dat er geen Morlock geplaatst kan worden. Antwoord met `challenge` of `accept` van: { $answerers } ({ $window }); wie zwijgt, stemt in.
komarn-accepted = { $color } aanvaardt de bewering.
komarn-claim-stands = De bewering van { $color } blijft staan; de Morlock verlaat het spel.
komarn-claim-stands-time = De bewering van { $color } blijft staan (de tijd is om); de Morlock verlaat het spel.
komarn-challenged-true = { $challenger } betwist het! Handen bij de bewering: { $drawer } [{ $drawer_hand }], { $challenger } [{ $challenger_hand }]. De bewering klopte: de Morlock verlaat het spel, en { $drawer } schrapt een getal van { $challenger } (`strike <k>`).
komarn-challenged-bluff = { $challenger } betwist het! Handen bij de bewering: { $drawer } [{ $drawer_hand }], { $challenger } [{ $challenger_hand }]. Het was bluf (passend: { $fitting }): { $drawer } plaatst de Morlock (`morlock <k>`), daarna schrapt { $challenger } een getal van { $drawer }.
komarn-struck = { $chooser } schrapt { $number }: { $loser } legt het af en trekt een nieuw getal.
komarn-no-strike = { $color } verliest geen getal: { $why }.
komarn-no-strike-chooser-left = wie moest kiezen, heeft het spel verlaten
komarn-no-strike-loser-left = al uit het spel
komarn-no-strike-empty-hand = geen getal in de hand
komarn-last-round = { $colors } { $count ->
    [one] heeft
   *[other] hebben
    } geen soldaat meer in voorraad: de ronde wordt uitgespeeld, daarna eindigt het spel.
komarn-skipped = { $color } heeft geen soldaat in voorraad en slaat de beurt over.
komarn-forfeit-resigned = { $color } geeft op en eindigt als laatste; de getallen ({ $numbers }) gaan naar de aflegstapel, de stukken blijven aan de rivier.
komarn-forfeit-timed-out = { $color } heeft de tijd overschreden en eindigt als laatste; de getallen ({ $numbers }) gaan naar de aflegstapel, de stukken blijven aan de rivier.
komarn-forfeit-abandoned = { $color } heeft het spel verlaten en eindigt als laatste; de getallen ({ $numbers }) gaan naar de aflegstapel, de stukken blijven aan de rivier.
komarn-forfeit-goes-on = Het spel gaat verder zonder { $color }.
# De eindafrekening van één speler: $total nu uitbetaald, $heller het eindtotaal.
komarn-game-over-payout = { $color } +{ $total } (banieren { $banners }, Weibel { $weibel }) → { $heller } Heller
komarn-game-over-payout-hurenweibel = { $color } +{ $total } (banieren { $banners }, Weibel { $weibel }, Hurenweibel { $hurenweibel }) → { $heller } Heller
komarn-game-over = Eindafrekening: { $payouts }.

## Het partijverslag (`/log`): korte notities, één regel per zet; de zetten zelf blijven in hun notatie

komarn-record-head = Banner von Komarn, { $players ->
    [one] { $players } speler
   *[other] { $players } spelers
    }; beurtvolgorde: { $order }
# Eén plaats in de beurtvolgorde: een kleur en het nummer van de plaats.
komarn-record-seat = { $color } = plaats { $seat }
komarn-record-points = punten: { $points }
komarn-record-point-tower = { $point } toren
komarn-record-point-maiden = { $point } maagd
komarn-record-point-city = { $point } stad { $value }
# $mv is de zet zoals getypt (`play 17L`), nooit vertaald.
komarn-record-move = { $color }: { $mv }
komarn-record-time-up = de tijd is om
komarn-record-draws = { $color } trekt { $count }
komarn-record-tower = { $point } toren: { $color }
komarn-record-tower-empty = { $point } toren: leeg
komarn-record-command = { $color } voert { $banner } aan
komarn-record-paid = { $color } krijgt { $amount } voor { $banner }
komarn-record-weibel-back = Weibel van { $color } terug van { $banner }
komarn-record-garrison = { $point } bezetting: { $color }
komarn-record-hurenweibel = Hurenweibel: { $color }
komarn-record-hurenweibel-neutral = Hurenweibel: neutraal
komarn-record-strudel = { $color } trekt de Draaikolk
komarn-record-morlock-drawn = { $color } trekt een Morlock
komarn-record-morlock-gone = Morlock verlaat het spel ({ $why })
komarn-record-morlock-placed = Morlock op { $area }F
komarn-record-claimed = { $color } beweert: geen plaats
komarn-record-accepted = { $color } aanvaardt
komarn-record-claim-stands = bewering blijft staan
komarn-record-claim-stands-time = bewering blijft staan (tijd om)
komarn-record-challenged-true = { $challenger } betwist het: { $drawer } [{ $drawer_hand }], { $challenger } [{ $challenger_hand }], klopte
komarn-record-challenged-bluff = { $challenger } betwist het: { $drawer } [{ $drawer_hand }], { $challenger } [{ $challenger_hand }], bluf
komarn-record-struck = { $color } verliest { $number }
komarn-record-no-strike = { $color } verliest niets
komarn-record-last-round = laatste ronde (voorraad leeg: { $colors })
komarn-record-skipped = { $color } slaat over
komarn-record-resigned = { $color } geeft op (legt { $numbers } af)
komarn-record-timed-out = { $color } overschrijdt de tijd (legt { $numbers } af)
komarn-record-abandoned = { $color } verlaat het spel (legt { $numbers } af)
komarn-record-stopped = { $color } stopt, omdat niemand meer meespeelt (legt { $numbers } af)
komarn-record-result = uitslag: { $results }
# De uitslag van één speler: $total aan het eind uitbetaald, $heller het eindtotaal.
komarn-record-payout = { $color } +{ $total } (banieren { $banners }, Weibel { $weibel }, Hurenweibel { $hurenweibel }) = { $heller } (rang { $rank })

## Weigeringen

komarn-error-game-over = het spel is voorbij
komarn-error-no-such-seat = plaats { $seat } bestaat niet aan deze tafel
komarn-error-left = je hebt dit spel verlaten
komarn-error-not-now = niet nu: { $waiting }
komarn-error-not-in-hand = { $number } heb je niet in je hand
komarn-error-no-soldier = je hebt geen soldaat meer in voorraad
komarn-error-own-soldier = op { $field } staat al je eigen soldaat
komarn-error-taken = { $field } is bezet door { $color }; alleen wie de Hurenweibel heeft, mag een soldaat verleiden
komarn-error-not-free = { $field } is niet vrij: daar staat { $what }
komarn-error-must-chase = op { $area }F zit een Morlock: gebied { $area } neem je alleen in door hem met een tweede getal te verjagen, `play { $area } +<m>`
komarn-error-river-closed = { $area }F gaat pas open als er op { $area }L en { $area }R soldaten staan
komarn-error-no-morlock = er zit geen Morlock op { $area }F om te verjagen
komarn-error-chase-needs-two = een Morlock verjagen zet twee soldaten op het bord; je hebt er { $count } in voorraad
komarn-error-not-dead = met { $number } kun je nog in het eigen gebied rekruteren (bijv. `{ $example }`); alleen een getal waarvan het gebied je geen rekrutering biedt, mag versterken
komarn-error-reinforce-river = versterkingen gaan alleen op landvelden, niet op { $field }
komarn-error-reinforce-morlock = { $field } ligt in een gebied met een Morlock; daar mogen geen versterkingen heen
komarn-error-no-own-neighbour = { $field } grenst niet aan een van je soldaten
komarn-error-enemy-neighbour = { $field } grenst aan de soldaat van { $color } op { $enemy }; versterkingen mogen geen andere kleur raken
komarn-error-no-camp = je hebt je beide kampen al gebouwd
komarn-error-camp-river = kampen gaan alleen op landvelden, niet op { $field }
komarn-error-camp-not-free = het kamp kan niet op { $field }: het veld is na je zet niet vrij
komarn-error-camp-morlock = het kamp kan niet op { $field }: in dat gebied zit een Morlock
komarn-error-cannot-pass = passen mag alleen als geen getal in je hand speelbaar is; je hebt een zet (`/hand` toont ze)
komarn-error-no-room = gebied { $area } kan geen Morlock opnemen: { $why }
komarn-error-must-place = je bewering was bluf: plaats de Morlock met `morlock <k>`, bijv. `morlock { $number }`
komarn-error-own-claim = de bewering is van jou; de anderen betwisten of aanvaarden haar
komarn-error-not-held = { $color } heeft { $number } niet; { $color } heeft { $held }

## Aanwijzingen: waar het spel op wacht

komarn-prompt-play = { $color } speelt een getal: `play 17L` (rekruteren, of verleiden met de Hurenweibel), `play 17 +32` (Morlock verjagen), `play 17 @23R` (versterken met een dood getal), `pass 40` alleen als niets past; voeg `camp 18L` toe voor een kamp.
komarn-prompt-morlock = { $color } trekt een Morlock: plaatsen (`morlock <k>`) of beweren dat er geen past (`morlock none`).
komarn-prompt-claim = Bewering ‘geen Morlock’ van { $color }: antwoord met `challenge` of `accept` van { $answerers } ({ $window }); wie zwijgt, stemt in.
komarn-prompt-expose = De bewering van { $drawer } was bluf: { $drawer } plaatst de Morlock (`morlock <k>`: { $fitting }), daarna schrapt { $challenger } een getal van { $drawer }.
komarn-prompt-strike = { $chooser } schrapt een getal van { $loser } (`strike <k>`): { $numbers }.
komarn-prompt-last-round = Laatste ronde.

## Zetten die niet te lezen zijn (de zetwoorden blijven zoals getypt)

komarn-parse-not-a-move = `{ $shown }` is geen zet: { $why }
komarn-parse-expected = zetten zijn `play 17L` (rekruteren of verleiden), `play 17 +32` (Morlock verjagen), `play 17 @23R` (versterken), `… camp 18L`, `pass 40`, `morlock 12`, `morlock none`, `challenge`, `accept`, `strike 5`
komarn-parse-not-a-number = `{ $shown }` is geen getal van 1–54
komarn-parse-no-such-number = het getal { $shown } bestaat niet; de getallen lopen van 1 tot 54
komarn-parse-which-number = welk getal? bijv. `play 17L`
komarn-parse-missing-number = het getal ontbreekt
komarn-parse-side-with-chase = bij verjagen of versterken staat het getal alleen: `play { $number } +32`, `play { $number } @23R`, niet `play { $number }{ $side } …`
komarn-parse-missing-second = het tweede getal na `+` ontbreekt
komarn-parse-missing-reinforce = het veld na `@` ontbreekt
komarn-parse-name-a-field = noem een veld van gebied { $number } (`play { $number }L`, `play { $number }F`, `play { $number }R`), een tweede getal om een Morlock te verjagen (`play { $number } +32`) of een veld om te versterken (`play { $number } @23R`)
komarn-parse-missing-camp = het veld van het kamp na `camp` ontbreekt
komarn-parse-unexpected = onverwacht: `{ $shown }`; een zet mag eindigen met `camp <field>`
komarn-parse-missing-discard = het getal om af te leggen ontbreekt
komarn-parse-missing-morlock = het getal (of `none`) ontbreekt
komarn-parse-missing-strike = het te schrappen getal ontbreekt
komarn-parse-nothing-more = na `{ $mv }` komt niets meer
komarn-parse-chase-same = het tweede getal bij verjagen moet verschillen van het eerste
komarn-bad-field = `{ $shown }` is geen veld: velden zijn een gebied 1–54 en L, F of R, bijv. `17L`, `17F`

## Het bord in woorden (voor schermlezers)

komarn-describe-head = Banner von Komarn: { $status }
komarn-describe-heller = Heller: { $list }.
komarn-describe-numbers-in-hand = Getallen in de hand: { $numbers }.
komarn-describe-over = einde van het spel: { $verdict }.
# Een speler met zijn kleur.
komarn-describe-named = { $player } ({ $color })
komarn-describe-wait-play = { $player } is aan de beurt en speelt een getal.
komarn-describe-wait-morlock = { $player } trok een Morlock en zet hem op de rivier of beweert dat er geen plek is.
komarn-describe-wait-claim = { $player } beweert dat er geen plek is voor de Morlock; het antwoord van { $waiting } ontbreekt nog (betwisten of aanvaarden).
komarn-describe-wait-expose = { $drawer } verloor het betwisten en plaatst de Morlock; daarna schrapt { $challenger } een getal.
komarn-describe-wait-strike = { $chooser } noemt een getal van { $loser } dat geschrapt wordt.
komarn-describe-wait-over = het spel is voorbij.
komarn-describe-last-round = De laatste ronde wordt gespeeld.
# $count banieren met samen waarde $value.
komarn-describe-commands = { $player } voert het bevel over { $count ->
    [one] { $count } banier
   *[other] { $count } banieren
    } met waarde { $value }
komarn-describe-banners = { $count ->
    [one] { $count } banier
   *[other] { $count } banieren
    } aan de rivier.
komarn-describe-banners-commanded = { $count ->
    [one] { $count } banier
   *[other] { $count } banieren
    } aan de rivier ({ $commanders }).
komarn-describe-hurenweibel = { $player } heeft de Hurenweibel.
komarn-describe-bag = Zak: { $tiles ->
    [one] { $tiles } fiche
   *[other] { $tiles } fiches
    }, { $morlocks ->
    [one] { $morlocks } Morlock
   *[other] { $morlocks } Morlocks
    } over; { $discarded ->
    [one] { $discarded } getal
   *[other] { $discarded } getallen
    } afgelegd.
komarn-describe-revealed = De hand van { $player }, getoond bij het betwisten: { $numbers }.
komarn-describe-supplies = { $player } ({ $color }): { $heller } Heller; in voorraad { $soldiers ->
    [one] { $soldiers } soldaat
   *[other] { $soldiers } soldaten
    }, { $weibel } Weibel, { $camps ->
    [one] { $camps } kamp
   *[other] { $camps } kampen
    }; { $hand ->
    [one] { $hand } getal
   *[other] { $hand } getallen
    } in de hand
komarn-describe-commanding = voert het bevel over { $count ->
    [one] { $count } banier
   *[other] { $count } banieren
    }
komarn-describe-commanding-worth = voert het bevel over { $count ->
    [one] { $count } banier
   *[other] { $count } banieren
    } met waarde { $value }
komarn-describe-holds-hurenweibel = heeft de Hurenweibel
komarn-describe-left = heeft het spel verlaten
komarn-describe-hand-empty = { $player } heeft geen getallen in de hand.
komarn-describe-hand = Getallen van { $player }: { $numbers }.
komarn-describe-hand-hidden = { $player } heeft { $count ->
    [one] { $count } getal
   *[other] { $count } getallen
    } in de hand, niet getoond.

## De afbeelding van het bord (kort: de opschriften moeten op hun plek passen)

komarn-draw-over = Einde: { $verdict }
komarn-draw-to-play = { $player } is aan zet
komarn-draw-to-play-last-round = { $player } is aan zet · laatste ronde
komarn-draw-drew-morlock = { $player } trok een Morlock
komarn-draw-claims = { $player } beweert: geen plek voor de Morlock
komarn-draw-challenges = { $player } betwist
komarn-draw-strikes = { $chooser } schrapt een getal van { $loser }
komarn-draw-hurenweibel = ♥ Hurenweibel
komarn-draw-left = (weg)
komarn-draw-supplies = { $heller } Heller · { $soldiers ->
    [one] { $soldiers } soldaat
   *[other] { $soldiers } soldaten
    } · { $weibel } Weibel · { $camps ->
    [one] { $camps } kamp
   *[other] { $camps } kampen
    } · { $hand ->
    [one] { $hand } getal
   *[other] { $hand } getallen
    } in de hand
komarn-draw-pile = Aflegstapel (nieuwste eerst): { $recent } · zak: { $bag ->
    [one] { $bag } fiche
   *[other] { $bag } fiches
    } · Morlocks over: { $morlocks }
komarn-draw-revealed = Hand van { $player }, getoond bij het betwisten: { $numbers }
komarn-draw-final-payouts = Eindafrekening
komarn-draw-payout = { $player }: banieren { $banners } + Weibel { $weibel } + Hurenweibel { $hurenweibel } = { $total } Heller
komarn-draw-your-numbers = { $player } — jouw getallen
