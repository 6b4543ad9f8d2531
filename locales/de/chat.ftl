# Die eigenen Worte der Chats: Konsole, Discord, Matrix.

console-bad-line = Diese Zeile kann ich nicht lesen: schreib `<Name>: <Text>`, `#<Kanal> <Name>: <Text>` oder `#<Kanal> ~<Name>: <Text>`.
console-not-utf8 = Diese Zeile ist kein gültiger UTF-8-Text; sie wurde übergangen.
console-too-long = Diese Zeile ist zu lang (über { $max } Bytes); sie wurde übergangen.
console-send-privately = Auf der Konsole: `#<Kanal> ~<Name>: /move …`.
discord-send-privately = Nimm den Slash-Befehl `/move`: nur du siehst ihn.
matrix-send-privately = Schick ihn in deinem direkten Raum mit mir (`!hand` öffnet ihn).
discord-nothing-to-show = Nichts zu zeigen.
discord-undelivered = Tut mir leid — diese Antwort konnte nicht zugestellt werden. `/status` zeigt den Tisch.
discord-answered-privately = ↪ privat beantwortet.
discord-missing-permissions = Ich kann in { $channel } nicht spielen: mir fehlt dort { $perms }. Wer diesen Kanal verwalten darf, kann es mir in seinen Berechtigungen geben.
# A command that arrives while the bot stops (SIGTERM): nothing was done.
discord-restarting = Ich starte gerade neu: es ist nichts geschehen. Versuch es gleich noch einmal.
discord-refused-post = Ich konnte in { $channel } nicht posten (Discord lehnt ab: { $why }). Wer diesen Server verwalten darf, kann mir dort Nachrichten senden, Dateien anhängen und Links einbetten erlauben.
discord-cannot-post = Ich kann in { $channel } nichts mehr posten (Discord lehnt ab: { $why }). Die Partie dort ruht, die Uhren stehen; sobald mir jemand, der den Server verwalten darf, dort Nachrichten senden, Dateien anhängen und Links einbetten erlaubt, setzt jeder Befehl im Kanal sie fort.
discord-stray-button = Dieser Button gehört nicht zu spieltisch.
discord-no-tournament-in-thread = Ein Turnier öffnet für jede seiner Partien einen Thread, und ein Thread kann keine Threads enthalten: leg es in einem Textkanal an.
discord-no-thread-here = Kein Thread für diese Partie: Discord lehnt ab ({ $why }). Sie wird hier in { $channel } gespielt; wer diesen Kanal verwalten darf, kann mir für die nächsten Partien „Öffentliche Threads erstellen“ und „Nachrichten in Threads senden“ geben.
discord-drawing = Das Brett wird gezeichnet…
discord-embeds-dropped = Brett und Text wurden weggelassen, weil mir „Links einbetten“ fehlt
discord-continues-in-thread = Die Partie geht im Thread { $thread } weiter.
discord-thread-refused-public = Ich konnte den Thread `{ $name }` für eine Turnierpartie hier nicht öffnen (Discord: { $why }). Gib mir in diesem Kanal die Berechtigungen „Öffentliche Threads erstellen“ und „Nachrichten in Threads senden“, dann öffnet `/tournament pairings` die Partien, die noch warten.
discord-thread-refused-private = Ich konnte den Thread `{ $name }` für eine Turnierpartie hier nicht öffnen (Discord: { $why }). Gib mir in diesem Kanal die Berechtigungen „Private Threads erstellen“ und „Nachrichten in Threads senden“, dann öffnet `/tournament pairings` die Partien, die noch warten.
discord-dm-closed = { $name }: Ich kann dir hier keine Direktnachrichten schicken. Deine privaten Antworten warten auf dich — nimm `/hand` (nur du siehst es).
discord-choose = Wähle…
discord-pending-thread = Thread `{ $name }`
matrix-dm-declined = { $name }: Du hast meinen Direktchat abgelehnt, also kann ich dir keine privaten Antworten schicken (deine Hand, geheime Entscheidungen). Sie warten auf dich: Starte einen Direktchat mit mir, dann schicke ich sie dort.
matrix-room-refused = Der Raum für `{ $name }` konnte nicht eröffnet werden ({ $why }). Die Partie wartet, ihre Uhr steht; `!tournament pairings` versucht es noch einmal.
discord-thread-refused-full = Ich konnte den Thread `{ $name }` für eine Turnierpartie nicht eröffnen: Dieser Server hat so viele aktive Threads, wie Discord erlaubt (1.000). Die Partie wartet mit angehaltener Uhr und beginnt, sobald Threads archiviert werden.
