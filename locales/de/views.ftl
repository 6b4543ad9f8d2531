# Was ein Tisch zeigt, wenn du danach fragst: /board, /hand, /status, /log, /export, seine Buttons.

no-table = Hier gibt es noch keinen Tisch.
no-table-join = Hier gibt es noch keinen Tisch. `/join <Spiel>` öffnet einen.
no-table-games = Hier gibt es noch keinen Tisch. `/join <Spiel>` öffnet einen — Spiele: { $games }.
not-seated = Du sitzt nicht an diesem Tisch.
not-started = Die Partie hat noch nicht angefangen.
board-aborted = Dieser Tisch wurde abgebrochen.
board-in-lobby = Der Tisch für { $game } ist in der Lobby ({ $players }); das Brett erscheint bei `/start`.
hand-view = Deine Sicht als { $player }.
hand-image-later = Das Bild kommt in { $wait } s wieder (Bilder sind pro Minute begrenzt); hier in Worten:
hand-moves = Deine Züge: { $moves }.
hand-moves-more = { $n } weitere
log-none = Dieser Tisch führt kein Spielprotokoll. Öffne einen mit der Option `log` (z. B. `/join { $id } log`).
log-not-started = Die Partie hat noch nicht angefangen; das Spielprotokoll beginnt bei `/start`.
log-caption = Das Spielprotokoll von { $game }, Tisch { $table }.
export-caption = { $game }, Tisch { $table } als JSON.
button-join = Mitspielen
button-start = Starten
