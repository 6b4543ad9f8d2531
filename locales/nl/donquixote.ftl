# DonQuixote: aankondigingen, geweigerde zetten, de oproep, de beschrijving in woorden en de
# woorden in de afbeeldingen. De termen volgen de Duitse handleiding van het spel: wegkaart
# (Wegekarte), vorstendom (Fürstentum), positiekaart (Positionskarte), kasteel (Burg), kerk
# (Kirche), windmolen (Windmühle), ridder (Ritter) met zijn schild (Schild), landsverdediging
# (Landesverteidigung), grootste riddergroep (größte Rittergruppe), telling (Wertung). Kaart 22
# draagt de markering LAATSTE. Zetten (`7`, `12r`, `place 12 turned`) blijven zoals ze getypt worden.

## Kleuren van de plaatsen

donquixote-red = Rood
donquixote-blue = Blauw
donquixote-green = Groen
donquixote-yellow = Geel

## De symbolen op de wegkaarten

donquixote-church = kerk
donquixote-windmill = windmolen
donquixote-knight = ridder { $strength }

## Opties

donquixote-no-option = DonQuixote heeft geen optie `{ $word }`

## Zetten die niet begrepen worden

donquixote-not-a-move = `{ $text }` is geen zet: { $why }
donquixote-move-expected = een DonQuixote-zet is een kaartnummer 1–22, met `r` om de kaart 180° te draaien: `7`, `12r`, `place 12 turned`
donquixote-one-tile-only = noem maar één kaart

## Geweigerde zetten

donquixote-error-game-over = het spel is afgelopen
donquixote-no-such-seat = plaats { $seat } zit niet aan deze tafel
donquixote-left = je hebt dit spel verlaten en legt geen kaarten meer
# De kaart wordt niet genoemd: met meer spelers is ze misschien nog verborgen voor de anderen.
donquixote-already-placed = je hebt al op { $field } gelegd; we wachten op de anderen
donquixote-field-not-needed = je hoeft geen veld te noemen: elke kaart komt op het opengelegde veld { $revealed }; typ alleen de kaart, bijv. { $example }
donquixote-field-not-yours = het veld kies je niet zelf: in deze stap komt elke kaart op het opengelegde veld { $revealed }, niet op { $typed }; typ alleen de kaart, bijv. { $example }
donquixote-example = `7` of `7r`
donquixote-no-such-tile = er is geen kaart { $tile }; de kaarten zijn genummerd 1–22
donquixote-tile-used = kaart { $tile } ligt al op { $field }
# $tiles: de kaarten van deze ronde, bijv. 1–9.
donquixote-wrong-round = kaart { $tile } hoort bij ronde { $tile_round }; deze ronde leg je de kaarten { $tiles }
donquixote-last-too-early = kaart 22 (LAATSTE) wordt pas in de allerlaatste stap gelegd, over { $steps ->
        [one] { $steps } stap
       *[other] { $steps } stappen
    }

## Aankondigingen

donquixote-placed = { $color } legt kaart { $tile } op { $field }.
donquixote-placed-turned = { $color } legt kaart { $tile } gedraaid op { $field }.
# Alleen aan wie legt, met meer spelers.
donquixote-placed-own = Je legt kaart { $tile } op { $field }.
donquixote-placed-own-turned = Je legt kaart { $tile } gedraaid op { $field }.
# Wordt toegevoegd zolang anderen nog moeten leggen.
donquixote-placed-hidden = De anderen zien die zodra iedereen gelegd heeft.
# Aan iedereen: een speler heeft gelegd (de kaart blijft verdekt); $placed van de $of spelers in het spel hebben gelegd.
donquixote-has-placed = { $color } heeft gelegd ({ $placed } van { $of }).
# Iedereen heeft op $field gelegd: de kaarten van de stap worden samen opengelegd. $list: de
# regels hieronder, gescheiden door ", ".
donquixote-step-placed = Gelegde kaarten op { $field }: { $list }.
donquixote-step-placed-one = { $color } { $tile }
donquixote-step-placed-turned = { $color } { $tile } gedraaid
donquixote-round-begins = Ronde { $round } (kaarten { $tiles }).
donquixote-final-step = Laatste stap: iedereen legt kaart 22 (LAATSTE) op { $field } — `22` of `22r`.
donquixote-step = Stap { $step } van { $steps }: iedereen legt een kaart op { $field }.
# Eén kasteel in een telling: zijn waarde (6 of 4), zijn veld en de ridders die ermee verbonden zijn.
donquixote-castle-knights = kasteel { $value } op { $field } met { $knights ->
        [one] { $knights } ridder
       *[other] { $knights } ridders
    }
# $castle_list: de kastelen (donquixote-castle-knights), $strength: de schilden van de
# verdedigende ridders, $points: deze telling, $total: het totaal tot nu toe. De grootste
# riddergroep telt alleen in telling 3.
donquixote-scored = Telling { $k }, { $color }: kerken { $churches }, windmolens { $windmills }, kastelen { $castles } ({ $castle_list }; { $k } nodig), landsverdediging { $land } (sterkte { $strength }, { $strength_needed } nodig){ $k ->
        [3] , grootste riddergroep { $knight_group }
       *[other] { "" }
    } = { $points ->
        [one] { $points } punt
       *[other] { $points } punten
    }; totaal { $total }.
donquixote-forfeit-resigned = { $color } geeft op: geen kaarten meer voor { $color }, maar het vorstendom telt nog mee.
donquixote-forfeit-timed-out = { $color } heeft geen tijd meer: geen kaarten meer voor { $color }, maar het vorstendom telt nog mee.
donquixote-forfeit-abandoned = { $color } heeft het spel verlaten: geen kaarten meer voor { $color }, maar het vorstendom telt nog mee.
donquixote-game-over-tie = { $colors } hebben evenveel punten: de derde telling beslist.
# Twee van de kleuren die de overwinning delen (herhaald bij drie of vier).
donquixote-and = { $first } en { $second }

## De oproep

donquixote-prompt = Positiekaart { $card } van { $cards }, ronde { $round }: iedereen legt een kaart op { $field }.
donquixote-prompt-last = Positiekaart { $card } van { $cards }, ronde { $round }: iedereen legt een kaart (kaart 22, LAATSTE) op { $field }.
# Met meer spelers: de kaarten worden verdekt gelegd (de regel erna zegt op wie we wachten).
donquixote-prompt-secret = Positiekaart { $card } van { $cards }, ronde { $round }: iedereen legt verdekt een kaart op { $field } (`/move …`).
donquixote-prompt-secret-last = Positiekaart { $card } van { $cards }, ronde { $round }: iedereen legt verdekt een kaart (kaart 22, LAATSTE) op { $field } (`/move …`).

## De tafel in woorden (voor schermlezers)

donquixote-describe-points = Punten: { $list }.
# Een kasteel: zijn waarde (6 of 4) en zijn veld.
donquixote-describe-castle = { $value } op { $field }
donquixote-describe-castles = Kastelen: { $list }.
donquixote-describe-every-board = Elk vorstendom heeft { $tiles ->
        [one] { $tiles } kaart
       *[other] { $tiles } kaarten
    }.
donquixote-describe-over = spel afgelopen: { $verdict }.
donquixote-describe-ended = het spel is afgelopen.
donquixote-describe-all-placed = iedereen heeft gelegd
donquixote-describe-waiting = we wachten op { $list }
# $waits: donquixote-describe-all-placed of donquixote-describe-waiting.
donquixote-describe-status = ronde { $round }, positiekaart { $card } van 22: iedereen legt een kaart op { $field }; { $waits }.
donquixote-describe-principality = vorstendom van { $name } ({ $color }): { $tiles ->
        [one] { $tiles } kaart
       *[other] { $tiles } kaarten
    } van 22 gelegd, kastelen { $castles }; in totaal { $points ->
        [one] { $points } punt
       *[other] { $points } punten
    }
# Achter het vorstendom: de laatste telling ($summary: donquixote-scoring-summary).
donquixote-describe-latest = ; telling { $k }: { $summary }
# Achter het vorstendom van een speler die gestopt is.
donquixote-describe-left = ; heeft het spel verlaten
donquixote-scoring-summary = kerken { $churches }, windmolens { $windmills }, kastelen { $castles }, landsverdediging { $land }{ $k ->
        [3] , riddergroep { $knight_group }
       *[other] { "" }
    } = { $total }
donquixote-describe-no-tiles = { $name } heeft geen kaarten meer.
donquixote-describe-hand = kaarten van { $name } voor ronde { $round }: { $tiles }.
donquixote-describe-hand-placed = kaarten van { $name } voor ronde { $round }: { $tiles }; al gelegd op { $field }.
donquixote-describe-hand-next = kaarten van { $name } voor ronde { $round }: { $tiles }; één ervan komt op { $field }, ongedraaid of gedraaid.

## Woorden in de afbeeldingen (houd ze kort)

donquixote-draw-game-over = Spel afgelopen: { $verdict }
donquixote-draw-status = Ronde { $round } · positiekaart { $card } van 22 · leg op { $field }
donquixote-draw-points = { $name } — { $points ->
        [one] { $points } punt
       *[other] { $points } punten
    }
# Eén telling achter de punten van een speler: T1 6 (T van telling).
donquixote-draw-scoring-short = T{ $k } { $points }
donquixote-draw-left = gestopt
donquixote-draw-placed = ✓ gelegd
# De tellingstabel naast een vorstendom (hoogstens ongeveer 16 tekens).
donquixote-draw-scoring = telling
donquixote-draw-churches = kerken
donquixote-draw-windmills = windmolens
donquixote-draw-castles = kastelen
donquixote-draw-land = verdediging
donquixote-draw-knight-group = riddergroep
donquixote-draw-total = totaal
donquixote-draw-game-total = totaalscore { $points }
donquixote-draw-hand-title = { $name } — jouw kaarten voor ronde { $round }, te leggen op { $field }
donquixote-draw-no-tiles = { $name } — geen kaarten meer
# Naast de bovenste rij van een hand: de kaarten zoals gedrukt (de onderste rij toont ze gedraaid; hoogstens ongeveer 10 tekens).
donquixote-draw-as-printed = ongedraaid

## Het partijverslag (`/log`): één regel per onderdeel; velden en kaarten blijven in hun notatie

# De eerste regel van het verslag: het spel en met hoeveel spelers.
donquixote-record-title = DonQuixote, { $players ->
        [one] { $players } speler
       *[other] { $players } spelers
    }
# De velden van de kastelen: $six dat van kasteel 6, $four dat van kasteel 4 (6= en 4= blijven).
donquixote-record-castles = kastelen: 6={ $six } 4={ $four }
# $cards: de positiekaarten die tot nu toe zijn opengelegd, de rondes gescheiden door " | ".
donquixote-record-cards = positiekaarten: { $cards }
# De kaarten van een speler in één ronde, bijv. "D1=3r H3=1" (veld=kaart); ingesprongen onder de kleur.
donquixote-record-round = ronde { $round }: { $placements }
# Telling $k van een speler: de categorieën, $points deze telling, $total het totaal tot nu toe.
# De riddergroep telt alleen in telling 3.
donquixote-record-scoring = telling { $k }: kerken { $churches }, windmolens { $windmills }, kastelen { $castles }, landsverdediging { $land }{ $k ->
        [3] , riddergroep { $knight_group }
       *[other] { "" }
    } = { $points } (totaal { $total })
# Een speler die gestopt is, na $step stappen van het spel.
donquixote-record-resigned = opgegeven na stap { $step }
donquixote-record-timed-out = geen tijd meer na stap { $step }
donquixote-record-abandoned = spel verlaten na stap { $step }
donquixote-record-stopped = gestopt na stap { $step }: er was niemand meer om tegen te spelen
# De laatste regel: $results noemt donquixote-record-result-seat voor elke kleur, gescheiden door ", ".
donquixote-record-result = uitslag: { $results }
donquixote-record-result-seat = { $color } { $points } (plaats { $rank })

# The mark printed on the last tile of the set (tile 22, this edition's own).
donquixote-last-mark = LAATSTE
