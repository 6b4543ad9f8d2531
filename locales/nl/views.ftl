# Wat een tafel laat zien als je erom vraagt: /board, /hand, /status, /log, /export, de knoppen.

no-table = Hier is nog geen tafel.
no-table-join = Hier is nog geen tafel. `/join <spel>` opent er een.
no-table-games = Hier is nog geen tafel. `/join <spel>` opent er een — spellen: { $games }.
not-seated = Je zit niet aan deze tafel.
not-started = De partij is nog niet begonnen.
board-aborted = Deze tafel is afgebroken.
board-in-lobby = De tafel voor { $game } staat in de lobby ({ $players }); het bord verschijnt bij `/start`.
hand-view = Jouw eigen weergave als { $player }.
hand-image-later = De afbeelding komt over { $wait } s terug (afbeeldingen zijn per minuut beperkt); hier in woorden:
hand-moves = Jouw zetten: { $moves }.
hand-moves-more = nog { $n }
log-none = Deze tafel houdt geen partijverslag bij. Open er een met de optie `log` (bijv. `/join { $id } log`).
log-not-started = De partij is nog niet begonnen; het verslag begint bij `/start`.
log-caption = Het partijverslag van { $game }, tafel { $table }.
export-caption = { $game }, tafel { $table } als JSON.
button-join = Meedoen
button-start = Starten
