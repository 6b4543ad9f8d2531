# What a table shows when asked: /board, /hand, /status, /log, /export, its buttons.

no-table = No table here yet.
no-table-join = No table here yet. `/join <game>` opens one.
no-table-games = No table here yet. `/join <game>` opens one — games: { $games }.
not-seated = You are not seated at this table.
not-started = The game has not started yet.
board-aborted = This table was aborted.
board-in-lobby = The { $game } table is in the lobby ({ $players }); the board appears at `/start`.
hand-view = Your view as { $player }.
# `/hand` over the image limit: in words; $wait seconds until images come again.
hand-image-later = The image comes again in { $wait } s (images are limited per minute); here it is in words:
# $moves: the moves, as code, separated by ", ".
hand-moves = Your moves: { $moves }.
hand-moves-more = { $n } more
log-none = This table keeps no game record. Open one with option `log` (e.g. `/join { $id } log`).
log-not-started = The game has not started yet; the record begins at `/start`.
log-caption = The game record of { $game } table { $table }.
export-caption = { $game } table { $table } as JSON.
button-join = Join
button-start = Start
