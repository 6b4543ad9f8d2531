# Die eigenen Worte des Matrix-Adapters: Hinweise in Räumen und im direkten Raum eines Spielers.

# Der Raum einer Turnierpartie, der noch nicht offen ist, mit dem Namen, den er bekommen wird.
matrix-pending-room = Raum `{ $name }`
# Benennt einen Tisch in privaten Antworten (in eckigen Klammern) und in der Liste der Tische.
matrix-table-in-room = { $game } in #{ $room }
# Ein Spieler an mehreren Tischen hat in seinem direkten Raum einen Befehl geschickt; $tables ist eine nummerierte Liste, einer pro Zeile.
matrix-which-table = Du sitzt an mehreren Tischen. Für welchen ist das?

    { $tables }

    Antworte mit `!1` (oder `!table 1`) und so weiter.
matrix-choose-number = Wähl eine Zahl von 1 bis { $count }.
matrix-nothing-held = Kein Befehl wartet auf einen Tisch.
matrix-not-seated = Du sitzt an keinem Tisch. Setz dich mit `!join` im Raum eines Tisches dazu.
# Ein Befehl, der kam, während der Bot nicht lief, zu alt, um ihn auszuführen; $ago ist eine Dauer wie `2h 5m`.
matrix-command-too-old = Ich war weg, als { $sender } `{ $command }` geschickt hat (vor { $ago }); das wurde nicht ausgeführt. Schick es noch mal, wenn es noch gilt.
matrix-undecryptable = Ich konnte eine Nachricht in diesem Raum nicht entschlüsseln (mir fehlen die Schlüssel dafür). Falls es ein Befehl war, schick ihn bitte noch mal.

## Raum-Upgrades

matrix-room-replaced = Dieser Raum ersetzt den alten: sein Tisch ist jetzt hier.
matrix-upgrade-not-joined = Dieser Raum wurde aktualisiert, aber ich kann dem neuen nicht beitreten: lad mich dort ein, dann zieht der Tisch mit um.

## !leaveroom

matrix-goodbye = Tschüss — die Tische dieses Raums bleiben gespeichert; lad mich wieder ein, dann geht es weiter.
matrix-only-moderator = Nur ein Moderator des Raums kann mich wegschicken.
