# What happens at a table, as the channel hears it.

opened = { $name } opens a table for { $game } (options: { $options }), seat 1 (1/{ $max }). `/join` to sit down; `/start` { $min ->
    [0] any time
    [1] any time
   *[other] once { $min } are seated
}.
sat = { $name } sits down at the { $game } table, seat { $seat } ({ $seat }/{ $max }). { $hint }
sat-may-start = Any seated player may `/start`.
sat-more-needed = { $n } more needed; `/join` to sit down.
left = { $name } leaves the { $game } table ({ $seated }/{ $max } seated).
left-new-host = { $name } now hosts it.
left-empty = { $name } leaves; the { $game } table is empty and closed.
left-only-bots = { $name } leaves; only computer players are left, so the { $game } table is closed.
versus = { " " }vs{ " " }
started = The game of { $game } begins: { $players }.
clock-per-move = Every move has { $span } on the clock.
clock-per-player = Each player has { $span } on the clock.
resigned = { $player } resigns.
timed-out = ⏰ { $player } has run out of time.
abandoned = { $player } has not acted for { $span }: the game is claimed.
replaced = { $why }: { $player } takes over the seat, and the game goes on.
replaced-timed-out = ⏰ { $name } has run out of time
replaced-abandoned = { $name } has not acted for { $span }
replaced-resigned = { $name } resigns
away = 🏖 { $player } is on vacation for { $span }.
away-clock-stands = 🏖 { $player } is on vacation for { $span }: their clock stands still meanwhile.
away-clock-runs = 🏖 { $player } is on vacation for { $span }: their clock keeps running (it is not correspondence time).
away-not-claimable = 🏖 { $player } is on vacation for { $span }: nobody may claim their seat as idle meanwhile.
back = { $player } is back from vacation.
ratings = Ratings: { $moves }.
window-closed = ⏳ The time for answers is up.
# Every person at the table has left; the computer players stop.
stopped = Nobody is left to play against the computer players: the game ends here, as it stands.
suspended = ⏸ The table pauses: its channel cannot be reached.
resumed = ▶ The table is back after a pause of { $span }; the clocks ran for nobody meanwhile.
closed-channel-gone = The { $game } table is closed without a result: its channel is gone.
closed-decided = The { $game } table is closed: the tournament's organizer decided this game.
closed-lobby-expired = Nobody started the { $game } table within { $span } of its opening; it is closed. `/join { $id }` opens a new one.
aborted = { $name } aborts the { $game } table; it ends without a result.
