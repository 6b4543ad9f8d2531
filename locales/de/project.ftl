# Was an einem Tisch passiert, so wie es der Kanal hört.

opened = { $name } eröffnet einen Tisch für { $game } (Optionen: { $options }), Platz 1 (1/{ $max }). Mit `/join` setzt du dich dazu; `/start` geht { $min ->
    [0] jederzeit
    [1] jederzeit
   *[other] sobald { $min } sitzen
}.
sat = { $name } setzt sich an den Tisch für { $game }, Platz { $seat } ({ $seat }/{ $max }). { $hint }
sat-may-start = Jeder am Tisch kann jetzt mit `/start` beginnen.
sat-more-needed = Noch { $n } Spieler nötig; mit `/join` setzt du dich dazu.
left = { $name } verlässt den Tisch für { $game } ({ $seated }/{ $max } besetzt).
left-new-host = { $name } übernimmt jetzt die Leitung.
left-empty = { $name } geht; der Tisch für { $game } ist leer und wird geschlossen.
left-only-bots = { $name } geht; es sitzen nur noch Computerspieler da, darum wird der Tisch für { $game } geschlossen.
versus = { " " }gegen{ " " }
started = Die Partie { $game } beginnt: { $players }.
clock-per-move = Jeder Zug hat { $span } Bedenkzeit.
clock-per-player = Jeder Spieler hat { $span } Bedenkzeit.
resigned = { $player } gibt auf.
timed-out = ⏰ Die Zeit von { $player } ist abgelaufen.
abandoned = { $player } war { $span } lang untätig: die Partie gilt als verloren.
replaced = { $why }: { $player } übernimmt den Platz, und die Partie geht weiter.
replaced-timed-out = ⏰ Die Zeit von { $name } ist abgelaufen
replaced-abandoned = { $name } war { $span } lang untätig
replaced-resigned = { $name } gibt auf
away = 🏖 { $player } ist für { $span } im Urlaub.
away-clock-stands = 🏖 { $player } ist für { $span } im Urlaub: so lange steht die Uhr still.
away-clock-runs = 🏖 { $player } ist für { $span } im Urlaub: die Uhr läuft weiter (das ist keine Fernpartie).
away-not-claimable = 🏖 { $player } ist für { $span } im Urlaub: so lange darf niemand den Platz als untätig übernehmen.
back = { $player } ist aus dem Urlaub zurück.
ratings = Wertungszahlen: { $moves }.
window-closed = ⏳ Die Zeit für Antworten ist um.
stopped = Niemand spielt mehr gegen die Computerspieler: die Partie endet hier, so wie sie steht.
suspended = ⏸ Der Tisch pausiert: sein Kanal ist nicht erreichbar.
resumed = ▶ Der Tisch ist nach einer Pause von { $span } zurück; so lange lief keine Uhr.
closed-channel-gone = Der Tisch für { $game } wird ohne Ergebnis geschlossen: sein Kanal existiert nicht mehr.
closed-decided = Der Tisch für { $game } wird geschlossen: die Turnierleitung hat diese Partie entschieden.
closed-lobby-expired = Niemand hat den Tisch für { $game } innerhalb von { $span } nach der Eröffnung gestartet; er wird geschlossen. `/join { $id }` eröffnet einen neuen.
aborted = { $name } bricht den Tisch für { $game } ab; er endet ohne Ergebnis.
