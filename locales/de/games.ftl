# Was die Spiele gemeinsam haben: die Zeile jedes Spiels in `/games`.

game-dvonn =
    .tagline = 2 Spieler · staple deine Steine zu Türmen, halte Kontakt zu den roten Dvonnsteinen
game-donquixote =
    .tagline = 1–4 Spieler · lege Wegekarten auf dieselben Felder wie alle, verbinde Kirchen, Windmühlen, Ritter und Burgen
game-burg =
    .tagline = 2–4 Spieler · geheime Personenkarten, Rohstoffe und Taler, bau die Burg aus und setz Helfer hinein
game-komarn =
    .tagline = 3–4 Spieler · heb Banner entlang des Komarn aus, befehlige sie mit deinen Weibeln, bluffe bei den Morlocks

## /rules: jedes Spiel in Kürze (die Wörter, die man tippt, bleiben wie getippt)

game-dvonn-rules =
    { "**" }Dvonn** — 2 Spieler, Weiß (Platz 1) und Schwarz (Platz 2). 49 Felder, Spalten A–K, Reihen 1–5.
    { "**" }Aufbau:** 23 weiße, 23 schwarze und 3 rote Dvonnsteine füllen das Brett zufällig. Mit Option `profi` setzt ihr sie selbst, einen pro Zug auf ein beliebiges leeres Feld (`G2`): Weiß, Schwarz, Weiß setzen die drei Dvonnsteine, dann setzen Schwarz und Weiß abwechselnd ihre eigenen Steine; Weiß setzt den letzten.
    { "**" }Ziehen:** Weiß beginnt. Zieh einen Stein oder Turm, dessen oberster Stein dir gehört, in gerader Linie (6 Richtungen) genau so viele Felder weit, wie der Turm hoch ist; er springt über alles und landet oben auf einem besetzten Feld (auch auf Dvonnsteinen): `A2B2` oder `A2-B2`. Ein Turm mit einem Dvonnstein obenauf gehört niemandem. Ein von allen sechs Seiten umschlossener Turm kann nicht ziehen (Randfelder sind das nie).
    { "**" }Kontakt:** nach jedem Zug werden alle Türme entfernt, die nicht mehr über besetzte Nachbarfelder mit einem Dvonnstein verbunden sind.
    { "**" }Aussetzen:** ohne legalen Zug setzt du aus — der Tisch erledigt das für dich; mit einem legalen Zug musst du ziehen.
    { "**" }Ende:** wenn niemand mehr ziehen kann, zählt jeder die Steine in den Türmen, die er kontrolliert. Mehr gewinnt; gleich viele ist unentschieden.
    { "**" }Optionen:** `profi` (Aufbau von Hand), `time=20m` (Schachuhr je Spieler; wer die Zeit überschreitet, verliert), `log` (Spielprotokoll für `/log`: im Stil von Little Golem, ein zufälliger Aufbau steht vorn; jede Nummer beginnt mit einem Eintrag von Weiß, mit `profi` steht der 49. Einsatz von Weiß also allein vor dem ersten Zug).
game-donquixote-rules =
    { "**" }DonQuixote** — 1–4 Spieler (Rot, Blau, Grün, Gelb); allein spielst du offen auf Höchstpunktzahl.
    { "**" }Fürstentum** je Spieler: 24 Felder, Spalten A–H, Reihen 1–3 (1 = Norden), je mit oberer und unterer Hälfte. Burg 6 und 4 stehen bei allen auf denselben zwei Zufallsfeldern und berühren sich nie.
    { "**" }Wegekarten:** alle haben dieselben 22, Runde 1: 1–9, Runde 2: 10–16, Runde 3: 17–22. Jede Hälfte: Straßen (Arme nach N, O, S, W), höchstens eine Kirche, Windmühle oder ein Ritter (Schild 1–3).
    { "**" }Ablauf:** eine Positionskarte nennt ein Feld, für alle gleich; dort legt jeder geheim eine Karte der Runde, wie gedruckt (`7`) oder 180° gedreht (`7r`, `place 7 turned`); das Feld wählst du nie. Haben alle gelegt, wird aufgedeckt; dann folgt die nächste. Runden: 9, 7, 6 Schritte; Karte 22 (LETZTE) nur im allerletzten.
    { "**" }Straßen:** Hälften verbinden sich, wo Arme sich treffen: O–W nebeneinander, untere Hälfte mit der oberen darunter, die Hälften einer Karte über ihre Verbindung. Burgen trennen Straßen: an eine Burg schließen nur die oberen Hälften westlich (Arm O) und östlich (Arm W) von ihr an.
    { "**" }Wertung** nach Runde k = 1, 2, 3:
    • Kirchen je Straßengruppe: 2 für zwei, je 2 ab drei; Windmühlen ebenso; nie gemischt;
    • Burg: ihr Wert bei ≥ k verschiedenen mit ihr verbundenen Rittern (einer darf für beide zählen);
    • Landesverteidigung: 5, wenn Ritter mit Straße direkt aus der eigenen Hälfte über den Rand zusammen Schilde ≥ 4k haben;
    • nur Wertung 3: die Schilde der stärksten verbundenen Rittergruppe.
    { "**" }Ende:** die höchste Summe gewinnt; bei Gleichstand die höhere Wertung 3, sonst wird geteilt. Wer aufgibt oder die Zeit überzieht, legt nichts mehr, wird weiter gewertet und Letzter.
    { "**" }Edition:** die Originalkarten sind unveröffentlicht; 22er-Kartensatz, LETZTE-Details und Gleichstandsregel (Wertung 3) legt dieses Projekt fest.
    { "**" }Spielprotokoll** (`log`): Burgen, Positionskarten, dann je Spieler `round 1: D1=3r H3=1 …` (Feld=Karte in Legefolge, `r` gedreht) und jede Wertung je Kategorie.
game-burg-rules =
    { "**" }Im Schutze der Burg** — 2–4 Spieler, 12/15/12 Runden. Bau die Burg, setz Helfer hinein; die meisten Siegpunkte (SP) gewinnen.
    { "**" }Runde:** Startspieler nimmt 1 Taler. Alle wählen geheim eine Personenkarte (zu zweit zwei), privat: `/move choose <card>`. Aufgedeckt gilt diese Folge, je in Spielerreihenfolge:
    • Bote: +8 Taler • Händler: Helfer auf freies Feld (`place wood`/`pass`); dann Felderträge, 1 Stück je Sorte an den Wehrturm • Maurer: `take <kind>` aus dem Wehrturm, ≤2 bauen, +1 Taler je Stück, dann ≤2 Helfer • Steinmetz: `buy <player> <kind>` 1 Stück je fremder Arbeiterkarte für 1 Taler, ≤2 bauen für volle SP, dann ≤2 Helfer • Arbeiter I/II/III: Karteninhalt nehmen, ≤2 bauen für halbe SP • Baumeister: 5 SP je fremdem Bau dieser Runde, gespielte Karten zurücknehmen.
    { "**" }Bauen:** `build house` (Standardzahlung) oder `build house pay 1 sand 1 wood 1 clay 1 silver as stone`: genau der Wert (Sand 1, Holz 2, Lehm 4, Stein 5), ≥3 Sorten, Silber ein angesagter Joker. Helfer (`helper TV12 [from sand]`) zahlen die Gebühr, je Gebäude und Runde einer. `done` beendet eine Aktion.
    { "**" }Ende:** nach der letzten Runde oder der, die die Burg vollendet; Helfer punkten je Platz, Palas und Markt wandeln um. Gleichstand: Taler, dann Rohstoffwert.
    { "**" }Editionswahl [EC]:** 1 Türme 8/10 ×9, Häuser 10/12 ×5, Mauern 6/8 ×2, Gleiche: niedrigste Nummer zuerst; 2 Markt 6/6, Gesindehaus 6/6, Palas 17/17 (je 2 Plätze); 3 Arbeiter I Sand+Lehm+Stein, II Holz+Lehm+Silber, III zwei Wahlen (auch gleiche), beim Füllen genannt; 4 sechs Winterkarten (`winter`); 5 Rundenleiste läuft rückwärts (Winter bei 14/13/11/9/6/4, Sommerdaten); 6 Taler unbegrenzt, Mangel nach §10.1; 7 Händler setzt nur eigene Helfer, verdrängt nie eigene; 8 zu zweit: Baumeister nur mit offener Karte aus früherer Runde; 9 Arbeiter: keine Helfer, halbe SP abgerundet; 10 Silber keine eigene Sorte; 11 Silber 5 im Gleichstand; 12 Plätze und Start zufällig; 13 Bauen in beliebiger Folge. Aufgeben: keine Karten mehr, letzter Platz.
game-komarn-rules =
    { "**" }Banner von Komarn** — 3–4 Spieler. Reihenfolge beim Aufbau gelost, Farben danach: Rot, Blau, Grün, Gelb.
    { "**" }Fluss:** Gebiete 1–54 mit Feldern nL, nF (Fluss), nR; L: linkes Ufer flussabwärts (am Brett markiert). Benachbart: gleiche Seite der Nachbargebiete; nF mit nL, nR. 26 Uferpunkte: 9 Türme, 9 Mägdelein, Städte zu 2–4.
    { "**" }Zug:** spiel eine deiner 5 Zahlen (`/hand`): rekrutiere `play 17L` auf freiem Feld in Gebiet 17 (17F nur mit Soldaten auf 17L und 17R); Morlock auf 17F nur mit 2. Zahl vertreiben: `play 17 +32` (Soldaten auf 17L, 17R); eine Zahl ohne Rekrutierung im Gebiet darf verstärken, `play 17 @23R`: freies Landfeld neben eigenem, neben keinem fremden Soldaten; der Hurenweibel darf verführen, `play 8R`. `pass 40` nur, wenn nichts passt. Dazu `camp 18L` (Feldlager, max. 2). Auf 5 nachziehen.
    { "**" }Banner:** 2+ verbundene Soldaten (auch Turmbesatzungen). Wer ≥2 und echt die meisten darin hat, darf es befehligen (1 von 6 Weibeln). Wer den Befehl verliert, erhält den Bannerwert vor dem Zug. Wert: Soldaten auf Feldern + Türme + Mägdelein + Städte + 1 für den Weibel.
    { "**" }Türme:** der erste Soldat daneben entscheidet: der einzige Befehlshaber der Gruppe besetzt ihn, sonst der Setzer mit einem Soldaten mehr. Besatzungen wechseln zur Befehlshaberfarbe.
    { "**" }Hurenweibel:** echt die meisten Mägdelein in deinen befehligten Bannern.
    { "**" }Morlock** gezogen: `morlock 12` (auf 12F; 12 zurück in den Beutel) oder behaupte `morlock none`; die anderen: `challenge` oder `accept` (Frist `challenge=`, sonst 2m). Beide Hände offen; der Verlierer wirft eine vom Gewinner genannte Zahl ab (`strike 5`).
    { "**" }Ende:** ist ein Soldatenvorrat leer, wird die Runde beendet. Schlusszahlung: jedes befehligte Banner, Weibel zu 1 Schilling = 5 Heller; Hurenweibel 5. Meiste Heller gewinnen. Wer geht, wird Letzter; gespielt wird, solange 2 bleiben.
    { "**" }Editionswahl** des Projekts: Nachbarschaft, Uferpunkte, 3 Morlocks, 1 Schilling = 5 Heller, Verstärkung, Rückkehr der Morlock-Zahl, Werte, volle letzte Runde.

## Wörter, die die Beschreibungen aller Spiele verwenden

words-seat = Platz { $n }
words-nobody = niemand
words-and = { $init } und { $last }

## Was jedes Spiel gleich sagt

outcome-wins = { $players } gewinnt
outcome-share = { $players } teilen sich den Sieg
outcome-verdict = { $headline } — { $scores }
outcome-verdict-wins = { $player } gewinnt
outcome-verdict-draw = unentschieden
outcome-verdict-shared = { $players } teilen sich den ersten Platz
outcome-score = { $player } { $score }
outcome-left-resigned = { $verdict }; { $player } hat aufgegeben
outcome-left-timed-out = { $verdict }; { $player } hat die Zeit überschritten
outcome-left-abandoned = { $verdict }; { $player } hat die Partie verlassen
outcome-left-stopped = { $verdict }; niemand spielte mehr gegen die Computerspieler
setup-player-count = { $game } braucht { $min }–{ $max } Spieler, nicht { $got }
play-illegal = { $mv } geht nicht: { $reason }
