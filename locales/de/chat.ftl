# Die eigenen Worte der Chats: Konsole, Discord, Matrix.

console-bad-line = Diese Zeile kann ich nicht lesen: schreib `<Name>: <Text>`, `#<Kanal> <Name>: <Text>` oder `#<Kanal> ~<Name>: <Text>`.
console-not-utf8 = Diese Zeile ist kein gültiger UTF-8-Text; sie wurde übergangen.
console-too-long = Diese Zeile ist zu lang (über { $max } Bytes); sie wurde übergangen.
console-send-privately = Auf der Konsole: `#<Kanal> ~<Name>: /move …`.
discord-send-privately = Nimm den Slash-Befehl `/move`: nur du siehst ihn.
matrix-send-privately = Schick ihn in deinem direkten Raum mit mir (`!hand` öffnet ihn).
discord-nothing-to-show = Nichts zu zeigen.
discord-undelivered = Tut mir leid — diese Antwort konnte nicht zugestellt werden. `/status` zeigt den Tisch.
discord-stray-button = Dieser Button gehört nicht zu spieltisch.
discord-no-tournament-in-thread = Ein Turnier öffnet für jede seiner Partien einen Thread, und ein Thread kann keine Threads enthalten: leg es in einem Textkanal an.
discord-continues-in-thread = Die Partie geht im Thread { $thread } weiter.
discord-thread-refused-public = Ich konnte den Thread `{ $name }` für eine Turnierpartie hier nicht öffnen (Discord: { $why }). Gib mir in diesem Kanal die Berechtigungen „Öffentliche Threads erstellen“ und „Nachrichten in Threads senden“, dann öffnet `/tournament pairings` die Partien, die noch warten.
discord-thread-refused-private = Ich konnte den Thread `{ $name }` für eine Turnierpartie hier nicht öffnen (Discord: { $why }). Gib mir in diesem Kanal die Berechtigungen „Private Threads erstellen“ und „Nachrichten in Threads senden“, dann öffnet `/tournament pairings` die Partien, die noch warten.
discord-dm-closed = { $name }: Ich kann dir hier keine Direktnachrichten schicken. Deine privaten Antworten warten auf dich — nimm `/hand` (nur du siehst es).
discord-choose = Wähle…
discord-pending-thread = Thread `{ $name }`
