# Wat de spellen gemeen hebben: de regel van elk spel in `/games`.

game-dvonn =
    .tagline = 2 spelers · stapel je stukken, houd contact met de rode DVONN-stukken
game-donquixote =
    .tagline = 1–4 spelers · leg wegen op dezelfde velden als iedereen, verbind kerken, windmolens, ridders en kastelen
game-burg =
    .tagline = 2–4 spelers · geheime personenkaarten, grondstoffen en taler, bouw de burcht uit en zet er werkers in
game-komarn =
    .tagline = 3–4 spelers · hef banieren langs de rivier de Komarn, voer ze aan met je Weibel, bluf met de Morlocks

## /rules: elk spel in het kort (de woorden die je typt blijven zoals getypt)

game-dvonn-rules =
    { "**" }Dvonn** — 2 spelers, Wit (plaats 1) en Zwart (plaats 2). 49 velden, kolommen A–K, rijen 1–5.
    { "**" }Opstelling:** 23 witte, 23 zwarte en 3 rode DVONN-stukken vullen het bord willekeurig. Met optie `profi` zetten jullie ze zelf neer, één per beurt op een willekeurig leeg veld (`G2`): Wit, Zwart, Wit zetten de drie DVONN-stukken, daarna zetten Zwart en Wit om de beurt hun eigen stukken; Wit zet de laatste.
    { "**" }Zetten:** Wit begint. Verplaats een stuk of stapel waarvan het bovenste stuk van jou is in een rechte lijn (6 richtingen) precies zoveel velden als de stapel hoog is; hij springt over alles heen en landt bovenop een bezet veld (ook op DVONN-stukken): `A2B2` of `A2-B2`. Een stapel met een DVONN-stuk bovenop is van niemand. Een stapel die aan alle zes kanten is ingesloten, kan niet bewegen (randvelden zijn dat nooit).
    { "**" }Contact:** na elke zet worden alle stapels verwijderd die niet meer via bezette buurvelden met een DVONN-stuk verbonden zijn.
    { "**" }Passen:** zonder geldige zet pas je — de tafel doet dat voor je; met een geldige zet moet je zetten.
    { "**" }Einde:** als niemand meer kan zetten, telt ieder de stukken in de stapels die hij beheerst. Meer wint; bij gelijke stand is het gelijkspel.
    { "**" }Opties:** `profi` (zelf opstellen), `time=20m` (schaakklok per speler; wie door zijn tijd heen is, verliest), `log` (partijverslag voor `/log`: in Little Golem-stijl, een willekeurige opstelling staat vooraan; elk nummer begint bij een invoer van Wit, dus met `profi` staat de 49e plaatsing van Wit alleen vóór de eerste zet).
game-donquixote-rules =
    { "**" }DonQuixote** — 1–4 spelers (Rood, Blauw, Groen, Geel); alleen speel je open voor de hoogste score.
    { "**" }Vorstendom** per speler: 24 velden, kolommen A–H, rijen 1–3 (1 = noord), elk met boven- en onderhelft. Kasteel 6 en 4 staan bij iedereen op dezelfde twee willekeurige velden en raken elkaar nooit.
    { "**" }Wegkaarten:** iedereen dezelfde 22, ronde 1: 1–9, ronde 2: 10–16, ronde 3: 17–22. Elke helft: wegen (armen naar N, O, Z, W), hoogstens één kerk, windmolen of ridder (schild 1–3).
    { "**" }Verloop:** een positiekaart wijst een veld aan, voor iedereen hetzelfde; daar legt ieder verdekt een kaart van de ronde, zoals gedrukt (`7`) of 180° gedraaid (`7r`, `place 7 turned`); het veld kies je nooit. Als allen gelegd hebben, gaan de kaarten open en volgt de volgende. Rondes: 9, 7, 6 stappen; kaart 22 (LAATSTE) past alleen in de allerlaatste.
    { "**" }Wegen:** helften verbinden waar armen elkaar raken: O–W naast elkaar, onderhelft met de bovenhelft eronder, de helften van een kaart via hun verbinding. Kastelen scheiden wegen: op een kasteel sluiten alleen de bovenhelften ten westen (O-arm) en oosten (W-arm) ervan aan.
    { "**" }Telling** na ronde k = 1, 2, 3:
    • kerken per weggroep: 2 voor twee, 2 per stuk vanaf drie; windmolens net zo; nooit gemengd;
    • kasteel: zijn waarde bij ≥ k verschillende ermee verbonden ridders (een ridder mag voor beide tellen);
    • landsverdediging: 5 als ridders wier eigen helft een weg recht over de bordrand heeft samen schilden ≥ 4k hebben;
    • alleen telling 3: de schilden van de sterkste verbonden riddergroep.
    { "**" }Einde:** het hoogste totaal wint; bij gelijkstand de hoogste telling 3, anders wordt gedeeld. Wie opgeeft of door zijn tijd heen is, legt niets meer, telt mee en wordt laatste.
    { "**" }Editie:** de originele kaarten zijn onbekend; de 22 kaarten, LAATSTE-details en tiebreak via telling 3 koos dit project.
    { "**" }Partijverslag** (`log`): kastelen, positiekaarten, dan per speler `round 1: D1=3r H3=1 …` (veld=kaart in legvolgorde, `r` gedraaid) en elke telling per categorie.
game-burg-rules =
    { "**" }Im Schutze der Burg** — 2–4 spelers, 12/15/12 ronden. Bouw de burcht, zet er werkers in; meeste winstpunten (WP) wint.
    { "**" }Ronde:** startspeler neemt 1 taler. Ieder kiest verdekt een personenkaart (met 2 spelers twee), privé: `/move choose <card>`. Opengelegd geldt deze volgorde, telkens in spelersvolgorde:
    • Bode: +8 taler • Handelaar: werker op vrij veld (`place wood`/`pass`); dan veldopbrengst, 1 per soort aan de wachttoren • Metselaar: `take <kind>` uit de wachttoren, ≤2 bouwen, +1 taler per stuk, dan ≤2 werkers • Steenhouwer: `buy <player> <kind>` 1 per andermans arbeiderskaart voor 1 taler, ≤2 bouwen voor volle WP, dan ≤2 werkers • Arbeider I/II/III: kaartinhoud pakken, ≤2 bouwen voor halve WP • Bouwmeester: 5 WP per bouw van anderen deze ronde, gespeelde kaarten terug.
    { "**" }Bouwen:** `build house` (standaardbetaling) of `build house pay 1 sand 1 wood 1 clay 1 silver as stone`: precies de waarde (zand 1, hout 2, leem 4, steen 5), ≥3 soorten, zilver een benoemde joker. Werkers (`helper TV12 [from sand]`) betalen de prijs, één per gebouw per ronde. `done` sluit de actie af.
    { "**" }Einde:** na de laatste ronde of die waarin de burcht af is; werkers scoren per veld, paleis en markt zetten om. Gelijkstand: taler, dan grondstofwaarde.
    { "**" }Editiekeuzes [EC]:** 1 torens 8/10 ×9, huizen 10/12 ×5, muren 6/8 ×2, gelijke: laagste nummer eerst; 2 markt 6/6, dienstbodenhuis 6/6, paleis 17/17 (elk 2 velden); 3 Arbeider I zand+leem+steen, II hout+leem+zilver, III twee keuzes (ook gelijke), genoemd bij vullen; 4 zes winterkaarten (`winter`); 5 rondeaanduiding telt af (winter bij 14/13/11/9/6/4, zomergegevens); 6 onbeperkt taler, tekort volgens §10.1; 7 handelaar zet alleen eigen werkers, verdringt nooit eigen; 8 met 2 spelers: bouwmeester alleen met open kaart uit eerdere ronde; 9 Arbeider: geen werkers, halve WP omlaag afgerond; 10 zilver geen eigen soort; 11 zilver 5 bij gelijkstand; 12 plaatsen en start geloot; 13 bouwvolgorde vrij. Opgeven: geen kaarten meer, laatste plaats.
game-komarn-rules =
    { "**" }Banner von Komarn** — 3–4 spelers. Volgorde geloot, kleuren in die volgorde: Rood, Blauw, Groen, Geel.
    { "**" }Rivier:** gebieden 1–54 met velden nL, nF (rivier), nR; L: linkeroever stroomafwaarts (op het bord). Aangrenzend: dezelfde oever van buurgebieden; nF met nL, nR. 26 oeverpunten: 9 torens, 9 maagden, steden van 2–4.
    { "**" }Beurt:** speel een van je 5 getallen (`/hand`): werf `play 17L` op een vrij veld van gebied 17 (17F alleen met soldaten op 17L en 17R); een Morlock op 17F verjaag je enkel met een 2e getal: `play 17 +32` (soldaten op 17L, 17R); een getal zonder werving in zijn gebied mag versterken, `play 17 @23R`: vrij landveld naast een eigen, naast geen vreemde soldaat; de Hurenweibel mag verleiden, `play 8R`. `pass 40` enkel als niets past. Plus `camp 18L` (kamp, max. 2). Aanvullen tot 5.
    { "**" }Banieren:** 2+ verbonden soldaten (ook torenbezettingen). Wie er ≥2 en strikt de meeste in heeft, mag die aanvoeren (1 van 6 Weibel). Wie het bevel verliest, krijgt de banierwaarde van vóór de zet. Waarde: soldaten op velden + torens + maagden + steden + 1 voor de Weibel.
    { "**" }Torens:** de eerste soldaat ernaast beslist: de enige aanvoerder van de groep bezet hem, anders de plaatser met een extra soldaat. Bezettingen nemen de aanvoerderskleur aan.
    { "**" }Hurenweibel:** strikt de meeste maagden in jouw aangevoerde banieren.
    { "**" }Morlock** getrokken: `morlock 12` (op 12F; 12 gaat terug in de zak) of claim `morlock none`; de anderen: `challenge` of `accept` (termijn `challenge=`, anders 2m). Beide handen open; de verliezer legt een getal af dat de winnaar noemt (`strike 5`).
    { "**" }Einde:** is een soldatenvoorraad op, dan wordt de ronde afgemaakt. Eindafrekening: elke aangevoerde banier, Weibel à 1 Schilling = 5 Heller; Hurenweibel 5. Meeste Heller wint. Wie vertrekt, wordt laatste; er wordt gespeeld zolang er 2 zijn.
    { "**" }Editiekeuzes** van dit project: aangrenzing, oeverpunten, 3 Morlocks, 1 Schilling = 5 Heller, versterken, terugkeer van het Morlock-getal, waarden, volledige laatste ronde.

## Woorden die de beschrijvingen van alle spellen gebruiken

words-seat = plaats { $n }
words-nobody = niemand
words-and = { $init } en { $last }

## Wat elk spel op dezelfde manier zegt

outcome-wins = { $players } wint
outcome-share = { $players } delen de overwinning
outcome-verdict = { $headline } — { $scores }
outcome-verdict-wins = { $player } wint
outcome-verdict-draw = gelijkspel
outcome-verdict-shared = { $players } delen de eerste plaats
outcome-score = { $player } { $score }
outcome-left-resigned = { $verdict }; { $player } gaf op
outcome-left-timed-out = { $verdict }; { $player } had geen tijd meer
outcome-left-abandoned = { $verdict }; { $player } heeft de partij verlaten
outcome-left-stopped = { $verdict }; niemand speelde meer tegen de computerspelers
setup-player-count = { $game } heeft { $min }–{ $max } spelers nodig, niet { $got }
play-illegal = { $mv } kan niet: { $reason }
