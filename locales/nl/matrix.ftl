# De eigen woorden van de Matrix-adapter: berichten in kamers en in de directe kamer van een speler.

# De kamer van een toernooipartij die nog niet open is, met de naam die ze krijgt.
matrix-pending-room = kamer `{ $name }`
# Noemt een tafel in privéantwoorden (tussen vierkante haken) en in de lijst van tafels.
matrix-table-in-room = { $game } in #{ $room }
# Een speler aan meerdere tafels stuurde een commando in zijn directe kamer; $tables is een genummerde lijst, één per regel.
matrix-which-table = Je zit aan meerdere tafels. Voor welke is dit?

    { $tables }

    Antwoord met `!1` (of `!table 1`) enzovoort.
matrix-choose-number = Kies een getal van 1 tot en met { $count }.
matrix-nothing-held = Er wacht geen commando op een tafel.
matrix-not-seated = Je zit aan geen enkele tafel. Schuif aan in de kamer van een tafel met `!join`.
# Een commando van toen de bot uit stond, te oud om uit te voeren; $ago is een duur zoals `2h 5m`.
matrix-command-too-old = Ik was weg toen { $sender } `{ $command }` stuurde ({ $ago } geleden); het is niet uitgevoerd. Stuur het opnieuw als het nog geldt.
matrix-undecryptable = Ik kon een bericht in deze kamer niet ontsleutelen (mijn sleutels ervoor ontbreken). Als het een commando was, stuur het dan opnieuw.

## Kamer-upgrades

matrix-room-replaced = Deze kamer vervangt de oude: de tafel staat nu hier.
matrix-upgrade-not-joined = Deze kamer is geüpgraded, maar ik kan niet in de nieuwe komen: nodig me daar uit, dan verhuist de tafel mee.

## !leaveroom

matrix-goodbye = Dag — de tafels van deze kamer blijven bewaard; nodig me opnieuw uit om verder te gaan.
matrix-only-moderator = Alleen een moderator van de kamer kan me wegsturen.
