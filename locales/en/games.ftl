# What the games share: each game's line in `/games`.

game-dvonn =
    .tagline = 2 players · stack your pieces, keep in touch with the red DVONN pieces
game-donquixote =
    .tagline = 1–4 players · lay roads on the same fields, link churches, windmills, knights and castles
game-burg =
    .tagline = 2–4 players · secret person cards, resources and Taler, build the castle and place helpers in it
game-komarn =
    .tagline = 3–4 players · raise banners along the river Komarn, command them with Weibel, bluff the Morlocks

## /rules: each game in short (the words users type stay as typed)

game-dvonn-rules =
    { "**" }Dvonn** — 2 players, White (seat 1) and Black (seat 2). 49 fields, columns A–K, rows 1–5.
    { "**" }Setup:** 23 white, 23 black and 3 red DVONN pieces fill the board at random. With option `profi` you place them yourselves, one per turn on any empty field (`G2`): White, Black, White place the three DVONN pieces, then Black and White alternate with their own pieces; White places the last one.
    { "**" }Moving:** White starts. Move a piece or stack whose top piece is yours in a straight line (6 directions) exactly as many fields as the stack is high, jumping over anything, landing on top of an occupied field (DVONN pieces too): `A2B2` or `A2-B2`. A stack with a DVONN piece on top belongs to nobody. A stack surrounded on all six sides cannot move (edge fields never are).
    { "**" }Contact:** after every move, all stacks no longer connected through occupied neighbours to a DVONN piece are removed.
    { "**" }Passing:** with no legal move you pass — the table does it for you; with a legal move you must move.
    { "**" }End:** when nobody can move, each player counts the pieces in the stacks they control. More wins; equal is a draw.
    { "**" }Options:** `profi` (manual setup), `time=20m` (chess clock per player; running out loses), `log` (game record for `/log`: Little Golem style, a random setup listed first; numbering starts at each White entry, so with `profi` White's 49th placement stands alone before the first move).
game-donquixote-rules =
    { "**" }DonQuixote** — 1–4 players (Red, Blue, Green, Yellow); alone you play openly for the highest score.
    { "**" }Board:** everyone builds a principality: 24 fields, columns A–H, rows 1–3 (row 1 north), each with a top and a bottom half. A 6-castle and a 4-castle stand on the same two random fields on every board, never touching.
    { "**" }Tiles:** everyone holds the same 22 path tiles: round 1 tiles 1–9, round 2 tiles 10–16, round 3 tiles 17–22. Each half has roads (arms to N, E, S, W) and at most one church, windmill or knight (shield 1–3).
    { "**" }Play:** a position card shows a field, the same for all. Everyone places one tile of the current round there, privately, as printed (`7`) or turned by 180° (`7r`, `place 7 turned`); you never choose the field. When all have placed, the tiles are revealed together and the next card comes. Rounds have 9, 7 and 6 steps; tile 22 (LAST) only fits the last step.
    { "**" }Roads:** halves connect where arms meet: E–W side by side, a bottom half with the top half below, the two halves of a tile through its link. Castles separate roads: a castle joins only the roads of the top halves west (E arm) and east (W arm) of it.
    { "**" }Scoring** after round k = 1, 2, 3:
    • churches: per road group 2 for two, 2 each for three or more; windmills alike; never mixed;
    • castle: its value if ≥ k different knights connect to it (a knight may serve both);
    • land defence: 5 if knights whose own half has a road straight off the board edge have shields ≥ 4k;
    • scoring 3 only: the shields of the strongest connected knight group.
    { "**" }End:** highest total wins; a tie goes to the higher scoring 3, else it is shared. Who resigns or times out places no more tiles, is still scored and ranks last.
    { "**" }Edition:** the original tiles are unpublished: the 22-tile set, the LAST details and the scoring-3 tie-break are this project's edition choices.
    { "**" }Record** (`log`): castles, cards, then per player `round 1: D1=3r H3=1 …` (field=tile in play order, `r` turned) and each scoring by category.
game-burg-rules =
    { "**" }Im Schutze der Burg** — 2–4 players, 12/15/12 rounds. Build the castle, place helpers in it; most VP wins.
    { "**" }Round:** the start player takes 1 Taler. Everybody secretly picks a person card (two with 2 players): private `/move choose <card>`. All are revealed and resolved in this order, each in player order:
    • Bote: +8 Taler • Händler: a helper on a free field (`place wood`/`pass`); then fields pay income, 1 piece per kind to the Wehrturm • Maurer: `take <kind>` from the Wehrturm, build ≤2, +1 Taler per piece spent, then ≤2 helpers • Steinmetz: `buy <player> <kind>` 1 piece per other Arbeiter card for 1 Taler, build ≤2 for full VP, then ≤2 helpers • Arbeiter I/II/III: collect the card's pieces, build ≤2 for half VP • Baumeister: 5 VP per building by others this round, take your played cards back.
    { "**" }Building:** `build house` (default payment) or `build house pay 1 sand 1 wood 1 clay 1 silver as stone`: exactly the value (sand 1, wood 2, clay 4, stone 5), ≥3 kinds, silver a declared joker. Helpers (`helper TV12 [from sand]`) pay the fee, one per building per round. `done` ends an action.
    { "**" }End:** after the last round or the round that completes the castle; helpers score per space, Palas and Markt convert. Ties: Taler, then resource value.
    { "**" }Edition choices [EC]:** 1 towers 8/10 ×9, houses 10/12 ×5, walls 6/8 ×2, identical tiles lowest number first; 2 Markt 6/6, Gesindehaus 6/6, Palas 17/17 (2 spaces each); 3 Arbeiter I sand+clay+stone, II wood+clay+silver, III two picks (same kind allowed) named at the fill; 4 six winter cards (`winter`); 5 track counts down (winter at 14/13/11/9/6/4, summer data); 6 unlimited Taler, shortages per §10.1; 7 Händler places only its owner's helpers, never displaces them; 8 2 players: Baumeister needs a card face up from an earlier round; 9 Arbeiter: no helpers, half VP rounded down; 10 silver no kind of its own; 11 silver 5 in the tie-break; 12 random seats and start; 13 build in any order. Resigning: you play no more cards, rank last.
game-komarn-rules =
    { "**" }Banner von Komarn** — 3–4 players. Turn order is drawn at setup; colours follow it: Red moves first, then Blue, Green, Yellow.
    { "**" }River:** areas 1–54, each with fields nL, nF (river), nR; L: the left bank going downstream (marked on the board). Adjacent: the same side of neighbouring areas; nF with nL, nR. 26 bank points: 9 towers, 9 maidens, cities worth 2–4.
    { "**" }Turn:** play one of your 5 numbers (`/hand`): recruit `play 17L` on a free field of area 17 (17F only when 17L and 17R hold soldiers); a Morlock on 17F is chased only with a second number, `play 17 +32` (soldiers on 17L and 17R); a number whose area offers no recruit may reinforce, `play 17 @23R`: a free land field beside your soldier, beside no other colour; the Hurenweibel may seduce, `play 8R`. `pass 40` only if nothing fits. Add `camp 18L` (2 per game). Draw to 5.
    { "**" }Banners:** 2+ connected soldiers (tower garrisons count). Whoever has ≥2 and strictly the most soldiers in it may command it with one of 6 Weibel. Losing command pays the banner's value from before the turn. Value: soldiers on fields + towers + maidens + cities + 1 for the Weibel.
    { "**" }Towers:** the first soldier beside one decides it: the single commander of that group garrisons it, else the placer adds a soldier. Garrisons take the commander's colour.
    { "**" }Hurenweibel:** strictly most maidens in your commanded banners.
    { "**" }Morlock** drawn: `morlock 12` (on 12F; 12 goes back into the bag) or claim `morlock none`; the others may `challenge` or `accept` (window `challenge=`, default 2m). Both hands are shown; the loser discards a number the winner names (`strike 5`).
    { "**" }End:** once a supply is empty the round is finished. Final pay: each commanded banner, its Weibel worth 1 Schilling = 5 Heller; Hurenweibel 5. Most Heller wins. Who leaves ranks last; the game goes on while 2 remain.
    { "**" }Edition choices** (this project's): adjacency, points, 3 Morlocks, 1 Schilling = 5 Heller, reinforcing, the Morlock's number returning, values, the full last round.

## Words every game's descriptions use

words-seat = seat { $n }
words-nobody = nobody
words-and = { $init } and { $last }

## What every game says the same way

outcome-wins = { $players } wins
outcome-share = { $players } share the win
# The result, the same in an image, its description and the announcement: the verdict, then every
# seat's score in seat order ($scores: "ann (White) 7, bob (Black) 25"), then who left early.
outcome-verdict = { $headline } — { $scores }
outcome-verdict-wins = { $player } wins
outcome-verdict-draw = a draw
outcome-verdict-shared = { $players } share first place
outcome-score = { $player } { $score }
outcome-left-resigned = { $verdict }; { $player } resigned
outcome-left-timed-out = { $verdict }; { $player } ran out of time
outcome-left-abandoned = { $verdict }; { $player } abandoned the game
outcome-left-stopped = { $verdict }; nobody was left to play against the computer players
setup-player-count = { $game } needs { $min }–{ $max } players, not { $got }
play-illegal = can't play { $mv }: { $reason }
