# Wat er aan een tafel gebeurt, zoals het kanaal het hoort.

opened = { $name } opent een tafel voor { $game } (opties: { $options }), plaats 1 (1/{ $max }). Met `/join` schuif je aan; `/start` kan { $min ->
    [0] altijd
    [1] altijd
   *[other] zodra er { $min } zitten
}.
sat = { $name } schuift aan bij de tafel voor { $game }, plaats { $seat } ({ $seat }/{ $max }). { $hint }
sat-may-start = Iedereen aan tafel kan nu met `/start` beginnen.
sat-more-needed = Nog { $n } nodig; met `/join` schuif je aan.
left = { $name } verlaat de tafel voor { $game } ({ $seated }/{ $max } bezet).
left-new-host = { $name } neemt nu de leiding over.
left-empty = { $name } gaat weg; de tafel voor { $game } is leeg en wordt gesloten.
left-only-bots = { $name } gaat weg; er zitten alleen nog computerspelers, dus de tafel voor { $game } wordt gesloten.
versus = { " " }tegen{ " " }
started = De partij { $game } begint: { $players }.
clock-per-move = Elke zet heeft { $span } bedenktijd.
clock-per-player = Elke speler heeft { $span } bedenktijd.
resigned = { $player } geeft op.
timed-out = ⏰ De tijd van { $player } is om.
abandoned = { $player } heeft { $span } lang niets gedaan: de partij geldt als verloren.
replaced = { $why }: { $player } neemt de plaats over en de partij gaat verder.
replaced-timed-out = ⏰ De tijd van { $name } is om
replaced-abandoned = { $name } heeft { $span } lang niets gedaan
replaced-resigned = { $name } geeft op
away = 🏖 { $player } is { $span } op vakantie.
away-clock-stands = 🏖 { $player } is { $span } op vakantie: zolang staat de klok stil.
away-clock-runs = 🏖 { $player } is { $span } op vakantie: de klok loopt gewoon door (dit is geen correspondentiepartij).
away-not-claimable = 🏖 { $player } is { $span } op vakantie: zolang mag niemand de plaats als inactief overnemen.
back = { $player } is terug van vakantie.
ratings = Ratings: { $moves }.
window-closed = ⏳ De tijd om te antwoorden is om.
stopped = Niemand speelt meer tegen de computerspelers: de partij eindigt hier, zoals ze staat.
suspended = ⏸ De tafel pauzeert: het kanaal is niet bereikbaar.
resumed = ▶ De tafel is terug na een pauze van { $span }; intussen liep er geen klok.
closed-channel-gone = De tafel voor { $game } wordt zonder uitslag gesloten: het kanaal bestaat niet meer.
closed-decided = De tafel voor { $game } wordt gesloten: de toernooileiding heeft deze partij beslist.
closed-lobby-expired = Niemand heeft de tafel voor { $game } binnen { $span } na het openen gestart; hij wordt gesloten. `/join { $id }` opent een nieuwe.
aborted = { $name } breekt de tafel voor { $game } af; hij eindigt zonder uitslag.
