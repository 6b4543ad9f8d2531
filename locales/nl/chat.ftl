# De eigen woorden van de chats: console, Discord, Matrix.

console-bad-line = Deze regel kan ik niet lezen: schrijf `<naam>: <tekst>`, `#<kanaal> <naam>: <tekst>` of `#<kanaal> ~<naam>: <tekst>`.
console-not-utf8 = Deze regel is geen geldige UTF-8-tekst; hij is overgeslagen.
console-too-long = Deze regel is te lang (meer dan { $max } bytes); hij is overgeslagen.
console-send-privately = Op de console: `#<kanaal> ~<naam>: /move …`.
discord-send-privately = Gebruik het slash-commando `/move`: alleen jij ziet het.
matrix-send-privately = Stuur het in je directe kamer met mij (`!hand` opent die).
discord-nothing-to-show = Niets te laten zien.
discord-undelivered = Sorry — dit antwoord kon niet worden bezorgd. `/status` toont de tafel.
discord-answered-privately = ↪ privé beantwoord.
discord-missing-permissions = Ik kan niet spelen in { $channel }: ik mis daar { $perms }. Wie dit kanaal mag beheren, kan me dat geven in de rechten van het kanaal.
# A command that arrives while the bot stops (SIGTERM): nothing was done.
discord-restarting = Ik start opnieuw op: er is niets gebeurd. Probeer het zo nog eens.
discord-refused-post = Ik kon niet posten in { $channel } (Discord weigert: { $why }). Wie deze server mag beheren, kan me daar berichten laten sturen, bestanden laten bijvoegen en links laten insluiten.
discord-cannot-post = Ik kan niets meer posten in { $channel } (Discord weigert: { $why }). De partij daar ligt stil, de klokken staan stil; zodra iemand die de server mag beheren me daar berichten laat sturen, bestanden laat bijvoegen en links laat insluiten, zet elk commando in het kanaal haar voort.
discord-stray-button = Die knop is niet van spieltisch.
discord-no-tournament-in-thread = Een toernooi opent voor elke partij een thread, en een thread kan geen threads bevatten: maak het aan in een tekstkanaal.
discord-no-thread-here = Geen thread voor deze partij: Discord weigert ({ $why }). Ze wordt hier in { $channel } gespeeld; wie dit kanaal mag beheren, kan me voor de volgende partijen „Openbare threads maken” en „Berichten versturen in threads” geven.
discord-drawing = Het bord wordt getekend…
discord-embeds-dropped = bord en tekst werden weggelaten, want ik mis „Links insluiten”
discord-continues-in-thread = De partij gaat verder in de thread { $thread }.
discord-thread-refused-public = Ik kon de thread `{ $name }` voor een toernooipartij hier niet openen (Discord: { $why }). Geef me in dit kanaal de machtigingen „Openbare threads maken” en „Berichten versturen in threads”; daarna opent `/tournament pairings` de partijen die nog wachten.
discord-thread-refused-private = Ik kon de thread `{ $name }` voor een toernooipartij hier niet openen (Discord: { $why }). Geef me in dit kanaal de machtigingen „Privéthreads maken” en „Berichten versturen in threads”; daarna opent `/tournament pairings` de partijen die nog wachten.
discord-dm-closed = { $name }: ik kan je hier geen directe berichten sturen. Je privéantwoorden wachten op je — gebruik `/hand` (alleen jij ziet het).
discord-choose = Kies…
discord-pending-thread = thread `{ $name }`
matrix-dm-declined = { $name }: je hebt mijn directe chat geweigerd, dus kan ik je geen privéantwoorden sturen (je hand, geheime keuzes). Ze wachten op je: begin een directe chat met mij, dan zet ik ze daar neer.
matrix-room-refused = De kamer voor `{ $name }` kon niet worden geopend ({ $why }). De partij wacht, haar klok staat stil; `!tournament pairings` probeert het opnieuw.
discord-thread-refused-full = Ik kon de thread `{ $name }` voor een toernooipartij niet openen: deze server heeft zoveel actieve threads als Discord toestaat (1.000). De partij wacht met stilstaande klok en begint zodra er threads worden gearchiveerd.
