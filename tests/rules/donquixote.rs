//! Every rule of `docs/rules/donquixote.md`, pinned: Table B, the worked examples of section 7 (the
//! JSON vectors of 7.6 read from `tests/data/donquixote_vectors.json`), example 4 as a whole game,
//! scoring category by category, setup, rounds, errors, forfeits and the result.
//!
//! Boards are written as `&[("A1", "6"), ("F1", "5r")]`: a field and a tile in the spec's
//! notation (`r` = turned by 180°); unlisted fields are empty.

use std::collections::BTreeSet;

use crate::support::rules::{play, refuse};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::Value;
use spieltisch::games::donquixote::scoring::{attached_groups, road_groups};
use spieltisch::games::donquixote::{
    Arms, Board, Castle, Color, DonQuixote, DonQuixoteError, DonQuixoteEvent, DonQuixoteOptions,
    DonQuixoteView, Field, Half, HalfCell, Move, Placement, Scoring, Secrecy, Symbol, halves,
    score,
};
use spieltisch::games::{
    AnyGame, AnyOptions, AnyView, Audience, EndReason, Forfeit, Game, GameKind, GameOptions,
    SetupError, Shown, ToAct,
};

// ---------------------------------------------------------------------------------------------
// Helpers.

fn f(name: &str) -> Field {
    name.parse().expect("test field name")
}

fn cell(name: &str) -> HalfCell {
    let (field, half) = name.split_at(2);
    HalfCell {
        field: f(field),
        bottom: match half {
            "t" => false,
            "b" => true,
            other => panic!("test half-cell suffix {other}"),
        },
    }
}

fn cells(names: &[&str]) -> Vec<HalfCell> {
    let mut out: Vec<HalfCell> = names.iter().map(|n| cell(n)).collect();
    out.sort_by_key(|c| c.index());
    out
}

fn board(tiles: &[(&str, &str)]) -> Board {
    Board::with(tiles.iter().map(|(field, tile)| {
        (
            f(field),
            tile.parse::<Placement>().expect("test tile notation"),
        )
    }))
}

fn castles(six: &str, four: &str) -> [Castle; 2] {
    [
        Castle {
            field: f(six),
            value: 6,
        },
        Castle {
            field: f(four),
            value: 4,
        },
    ]
}

/// `[churches, windmills, castles, land, knight_group, total]`.
fn categories(s: &Scoring) -> [i64; 6] {
    [
        s.churches,
        s.windmills,
        s.castles,
        s.land,
        s.knight_group,
        s.total,
    ]
}

/// Parses a half in Table B's style, independently of the engine: `ESW k3`, `NS -`, `NS`,
/// `— (grass)`.
fn half(text: &str) -> Half {
    let text = text.trim();
    if text.starts_with('—') {
        return Half::GRASS;
    }
    let mut words = text.split_whitespace();
    let letters = words.next().expect("arms");
    let arms = Arms {
        n: letters.contains('N'),
        e: letters.contains('E'),
        s: letters.contains('S'),
        w: letters.contains('W'),
    };
    assert!(letters.chars().all(|c| "NESW".contains(c)), "{text}");
    let symbol = match words.next() {
        None | Some("-") => None,
        Some("c") => Some(Symbol::Church),
        Some("w") => Some(Symbol::Windmill),
        Some(k) => Some(Symbol::Knight(
            k.strip_prefix('k').and_then(|s| s.parse().ok()).expect(k),
        )),
    };
    Half { arms, symbol }
}

fn new_game(players: usize, seed: u64) -> DonQuixote {
    DonQuixote::new(players, &DonQuixoteOptions::default(), seed).expect("1–4 players")
}

/// Every active seat to act plays a random legal move, until the step is complete.
fn random_step(game: &mut DonQuixote, rng: &mut ChaCha8Rng) -> Vec<DonQuixoteEvent> {
    let mut events = Vec::new();
    let step = game.step();
    while game.step() == step && game.to_act() != ToAct::Nobody {
        let seat = game.to_act().seats()[0];
        let legal = game.legal_moves(seat);
        let choice = legal[rng.random_range(0..legal.len())];
        events.extend(game.apply(seat, &choice).expect("a legal move"));
    }
    events
}

fn scorings_in(events: &[DonQuixoteEvent]) -> Vec<(Color, Scoring, i64)> {
    events
        .iter()
        .filter_map(|e| match e {
            DonQuixoteEvent::Scored {
                color,
                scoring,
                total,
                ..
            } => Some((*color, scoring.clone(), *total)),
            _ => None,
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// Table B (spec 3.3): both orientations of every tile, link arms included.

const TABLE_B: &str = "\
| 1 | EW c | — (grass) | — (grass) | EW c |
| 2 | N k2 | EW w | EW w | S k2 |
| 3 | NES - | NS w | NS w | NSW - |
| 4 | SW k1 | NE c | SW c | NE k1 |
| 5 | NW w | — (grass) | — (grass) | ES w |
| 6 | ESW k3 | NS - | NS - | NEW k3 |
| 7 | NS c | NS - | NS - | NS c |
| 8 | EW - | EW k2 | EW k2 | EW - |
| 9 | NESW - | N k1 | S k1 | NESW - |
| 10 | EW w | S c | N c | EW w |
| 11 | NS k1 | NESW - | NESW - | NS k1 |
| 12 | ES c | NE w | SW w | NW c |
| 13 | NEW k3 | — (grass) | — (grass) | ESW k3 |
| 14 | ESW - | NS c | NS c | NEW - |
| 15 | W w | ES k2 | NW k2 | E w |
| 16 | NS - | NEW k1 | ESW k1 | NS - |
| 17 | SW w | NS - | NS - | NE w |
| 18 | ESW w | NS k1 | NS k1 | NEW w |
| 19 | NES k3 | NS - | NS - | NSW k3 |
| 20 | W c | E - | W - | E c |
| 21 | NSW c | NSW - | NES - | NES c |
| 22 | ESW k2 | NES - | NSW - | NEW k2 |";

#[test]
fn table_b_matches_every_tile_in_both_orientations() {
    let mut seen = 0;
    for line in TABLE_B.lines() {
        let cols: Vec<&str> = line.trim_matches('|').split('|').map(str::trim).collect();
        let id: u8 = cols[0].parse().expect("an id");
        assert_eq!(id, seen + 1);
        assert_eq!(
            halves(id, false),
            (half(cols[1]), half(cols[2])),
            "tile {id}"
        );
        assert_eq!(
            halves(id, true),
            (half(cols[3]), half(cols[4])),
            "tile {id}r"
        );
        seen = id;
    }
    assert_eq!(seen, 22);
}

#[test]
fn turning_mirrors_as_the_checklist_says() {
    // Checklist 8.2: a top NE arm set becomes a bottom SW arm set (tile 19: top NE + link S).
    let (top, _) = halves(19, false);
    let (_, bottom_r) = halves(19, true);
    assert_eq!(top.arms.mirror(), bottom_r.arms);
    assert_eq!(bottom_r.to_string(), "NSW k3");
    for id in 1..=22 {
        // The link survives turning.
        let (t, b) = halves(id, false);
        let (tr, br) = halves(id, true);
        assert_eq!(t.arms.s && b.arms.n, tr.arms.s && br.arms.n, "tile {id}");
    }
}

// ---------------------------------------------------------------------------------------------
// Section 7.6: the JSON vectors, read literally.

#[test]
fn every_json_vector_scores_category_by_category() {
    let data: Value = serde_json::from_str(include_str!("../data/donquixote_vectors.json"))
        .expect("the vectors are JSON");
    let vectors = data.as_array().expect("a list");
    assert_eq!(vectors.len(), 8);
    for v in vectors {
        let name = v["name"].as_str().expect("a name");
        let six = v["castle6"].as_str().expect("castle6");
        let four = v["castle4"].as_str().expect("castle4");
        let k = v["scoring"].as_u64().expect("scoring") as u8;
        let tiles: Vec<(String, String)> = v["tiles"]
            .as_object()
            .expect("tiles")
            .iter()
            .map(|(field, tile)| (field.clone(), tile.as_str().expect("tile").to_string()))
            .collect();
        let pairs: Vec<(&str, &str)> = tiles
            .iter()
            .map(|(a, b)| (a.as_str(), b.as_str()))
            .collect();
        let got = score(&board(&pairs), &castles(six, four), k);
        let expect = &v["expect"];
        for (category, value) in [
            ("churches", got.churches),
            ("windmills", got.windmills),
            ("castles", got.castles),
            ("land", got.land),
            ("knight_group", got.knight_group),
            ("total", got.total),
        ] {
            assert_eq!(
                Some(value),
                expect[category].as_i64(),
                "vector {name}: {category}"
            );
        }
        assert_eq!(got.k, k);
    }
}

// ---------------------------------------------------------------------------------------------
// Sections 7.1–7.4: the worked examples with their groups, castles and defenders.

const EXAMPLE_1: &[(&str, &str)] = &[
    ("A1", "6"),
    ("B1", "1"),
    ("C1", "9"),
    ("F1", "5r"),
    ("G1", "2"),
    ("A2", "7"),
    ("B2", "3"),
    ("C2", "4"),
    ("F3", "8"),
];

#[test]
fn example_1_groups_castles_and_defence() {
    let b = board(EXAMPLE_1);
    let c = castles("D1", "G3");
    let groups = road_groups(&b, &c);
    let g1 = groups.group(cell("A1t")).expect("A1t is a node");
    assert_eq!(
        groups.members[g1],
        cells(&["A1t", "A1b", "A2t", "A2b", "B1t", "C1t", "C1b"])
    );
    let g2 = groups.group(cell("B2t")).expect("B2t");
    assert_eq!(groups.members[g2], cells(&["B2t", "B2b", "C2t", "C2b"]));
    assert_eq!(groups.group(cell("F1b")), groups.group(cell("G1b")));
    // The knight F3b is on the same tile as F3t, but tile 8 has no link.
    assert_ne!(groups.group(cell("F3t")), groups.group(cell("F3b")));
    assert_eq!(attached_groups(&b, &c, c[0]), vec![g1]);
    assert_eq!(
        attached_groups(&b, &c, c[1]),
        vec![groups.group(cell("F3t")).expect("F3t")]
    );

    let s = score(&b, &c, 1);
    assert_eq!(categories(&s), [2, 2, 6, 5, 0, 15]);
    assert_eq!(s.castle_knights, vec![2, 0]);
    assert_eq!(s.castles_scored, vec![f("D1")]);
    assert_eq!(s.defenders, cells(&["A1t", "G1t"]));
    assert_eq!(s.land_strength, 5);
    // The church pair G1 and the windmill pair G3 score; G2 does not.
    let mut scoring = groups.members[g1].clone();
    scoring.extend(cells(&["F1b", "G1b"]));
    scoring.sort_by_key(|c| c.index());
    assert_eq!(s.scoring_halves, scoring);

    // Variant 1a: F3=8r puts the knight on F3t, attached to the 4-castle; it does not defend.
    let mut tiles = EXAMPLE_1.to_vec();
    tiles.retain(|(field, _)| *field != "F3");
    tiles.push(("F3", "8r"));
    let s = score(&board(&tiles), &c, 1);
    assert_eq!(categories(&s), [2, 2, 10, 5, 0, 19]);
    assert_eq!(s.castle_knights, vec![2, 1]);
    assert_eq!(s.land_strength, 5);
}

const EXAMPLE_2: &[(&str, &str)] = &[
    ("A1", "10"),
    ("B1", "2r"),
    ("C1", "5"),
    ("E1", "11"),
    ("H1", "13"),
    ("A2", "6"),
    ("B2", "1"),
    ("D2", "4r"),
];

#[test]
fn example_2_castles_separate_roads() {
    let b = board(EXAMPLE_2);
    let c = castles("C2", "G1");
    let groups = road_groups(&b, &c);
    // B2t and D2t lie on one straight line through the castle, in two groups.
    assert_ne!(groups.group(cell("B2t")), groups.group(cell("D2t")));
    assert_eq!(
        groups.members[groups.group(cell("A2t")).expect("A2t")],
        cells(&["A2t", "A2b", "B2t"])
    );
    assert_eq!(
        groups.members[groups.group(cell("A1t")).expect("A1t")],
        cells(&["A1t", "B1t", "C1t"])
    );
    let s = score(&b, &c, 2);
    assert_eq!(categories(&s), [0, 6, 6, 0, 0, 12]);
    assert_eq!(s.castle_knights, vec![2, 1]);
    assert_eq!(s.defenders, cells(&["E1t", "H1t", "A2t"]));
    assert_eq!(s.land_strength, 7);
    let s1 = score(&b, &c, 1);
    assert_eq!(categories(&s1), [0, 6, 10, 5, 0, 21]);
    assert_eq!(s1.castles_scored, vec![f("C2"), f("G1")]);
}

const EXAMPLE_3: &[(&str, &str)] = &[
    ("A1", "4"),
    ("B1", "1r"),
    ("C1", "14r"),
    ("E1", "11r"),
    ("G1", "5r"),
    ("H1", "2"),
    ("A2", "16r"),
    ("C2", "8r"),
    ("E2", "13"),
    ("F2", "22"),
    ("G2", "3r"),
    ("H2", "6"),
    ("A3", "19r"),
    ("H3", "15"),
];

#[test]
fn example_3_a_knight_shared_by_both_castles() {
    let b = board(EXAMPLE_3);
    let c = castles("B2", "D2");
    let groups = road_groups(&b, &c);
    let g3 = groups.group(cell("C2t")).expect("C2t");
    assert_eq!(groups.members[g3], cells(&["C2t"]));
    assert!(attached_groups(&b, &c, c[0]).contains(&g3));
    assert!(attached_groups(&b, &c, c[1]).contains(&g3));
    let g5 = groups.group(cell("E2t")).expect("E2t");
    assert_eq!(
        groups.members[g5],
        cells(&[
            "E2t", "E1b", "E1t", "F2t", "F2b", "G2b", "G2t", "G1b", "H1b"
        ])
    );
    let s = score(&b, &c, 3);
    assert_eq!(categories(&s), [6, 6, 10, 5, 6, 33]);
    assert_eq!(s.castle_knights, vec![3, 4]);
    assert_eq!(
        s.defenders,
        cells(&["A1t", "H1t", "A2t", "H2t", "A3b", "H3b"])
    );
    assert_eq!(s.land_strength, 12);
    // G1 (churches), G5 (windmills, and the largest knight group) score.
    let g1 = groups.group(cell("A1t")).expect("A1t");
    let mut expected = groups.members[g1].clone();
    expected.extend(groups.members[g5].iter().copied());
    expected.sort_by_key(|c| c.index());
    assert_eq!(s.scoring_halves, expected);
}

/// Example 4's castles and the order its tiles were placed in (the position cards).
const EXAMPLE_4_ROUNDS: [&[(&str, &str)]; 3] = [
    &[
        ("D1", "3r"),
        ("H3", "1"),
        ("F3", "9r"),
        ("A2", "4"),
        ("B3", "2"),
        ("D2", "6"),
        ("G3", "7"),
        ("H1", "8"),
        ("C1", "5r"),
    ],
    &[
        ("B1", "11r"),
        ("F2", "10r"),
        ("F1", "14"),
        ("E3", "13r"),
        ("H2", "15"),
        ("C3", "12r"),
        ("A3", "16r"),
    ],
    &[
        ("D3", "18r"),
        ("E1", "19"),
        ("A1", "21r"),
        ("B2", "20"),
        ("G1", "17r"),
        ("E2", "22r"),
    ],
];

/// Example 4's effective halves, row by row, as the spec lists them.
const EXAMPLE_4_HALVES: &str = "\
A1t NES; A1b NES c; B1t NESW; B1b NS k1; C1b ES w; D1t NS w; D1b NSW; E1t NES k3; E1b NS; \
F1t ESW; F1b NS c; G1t NS; G1b NE w; H1t EW; H1b EW k2; \
A2t SW k1; A2b NE c; B2t W c; B2b E; D2t ESW k3; D2b NS; E2t NSW; E2b NEW k2; F2t N c; \
F2b EW w; H2t W w; H2b ES k2; \
A3t ESW k1; A3b NS; B3t N k2; B3b EW w; C3t SW w; C3b NW c; D3t NS k1; D3b NEW w; E3b ESW k3; \
F3t S k1; F3b NESW; G3t NS c; G3b NS; H3t EW c";

fn example_4_order() -> Vec<Field> {
    EXAMPLE_4_ROUNDS
        .iter()
        .flat_map(|round| round.iter().map(|(field, _)| f(field)))
        .collect()
}

fn example_4_game(players: usize) -> DonQuixote {
    DonQuixote::with_setup(players, f("G2"), f("C2"), example_4_order()).expect("a legal setup")
}

#[test]
fn example_4_board_has_the_listed_halves_and_groups() {
    let all: Vec<(&str, &str)> = EXAMPLE_4_ROUNDS
        .iter()
        .flat_map(|r| r.iter().copied())
        .collect();
    let b = board(&all);
    for entry in EXAMPLE_4_HALVES.split(';') {
        let entry = entry.trim();
        let (name, text) = entry.split_once(' ').expect("cell and half");
        assert_eq!(b.half(cell(name)), Some(half(text)), "{name}");
    }
    // Halves the list leaves out are grass: C1t and E3t.
    assert_eq!(b.half(cell("C1t")), Some(Half::GRASS));
    assert_eq!(b.half(cell("E3t")), Some(Half::GRASS));

    let c = castles("G2", "C2");
    let groups = road_groups(&b, &c);
    let g3 = groups.group(cell("D2t")).expect("D2t");
    assert_eq!(
        groups.members[g3],
        cells(&[
            "D2t", "D2b", "D3t", "D3b", "E3b", "F3b", "F3t", "E2t", "E2b", "F2b", "E1b", "E1t",
            "F1t", "F1b", "F2t"
        ])
    );
    assert_eq!(attached_groups(&b, &c, c[1]), vec![g3]);
    let s = score(&b, &c, 3);
    assert_eq!(categories(&s), [2, 6, 4, 5, 13, 30]);
    assert_eq!(s.castle_knights, vec![0, 6]);
    assert_eq!(
        s.defenders,
        cells(&["E1t", "H1b", "A2t", "H2b", "A3t", "E3b"])
    );
}

#[test]
fn example_4_plays_as_a_whole_game_to_47() {
    let mut game = example_4_game(1);
    assert_eq!(game.castles(), castles("G2", "C2"));
    let mut scorings = Vec::new();
    let mut last = Vec::new();
    for (round, placements) in EXAMPLE_4_ROUNDS.iter().enumerate() {
        for (field, tile) in placements.iter() {
            assert_eq!(game.current(), Some(f(field)));
            assert_eq!(game.round() as usize, round + 1);
            assert_eq!(game.to_act(), ToAct::One(0));
            last = play(&mut game, 0, tile);
            scorings.extend(scorings_in(&last));
        }
    }
    let breakdown: Vec<[i64; 6]> = scorings.iter().map(|(_, s, _)| categories(s)).collect();
    assert_eq!(
        breakdown,
        vec![
            [0, 2, 4, 0, 0, 6],
            [2, 4, 0, 5, 0, 11],
            [2, 6, 4, 5, 13, 30]
        ]
    );
    let running: Vec<i64> = scorings.iter().map(|(_, _, t)| *t).collect();
    assert_eq!(running, vec![6, 17, 47]);
    assert!(matches!(
        last.last(),
        Some(DonQuixoteEvent::GameOver { results }) if results == &vec![(Color::Red, 47, 1)]
    ));
    assert_eq!(game.to_act(), ToAct::Nobody);
    assert_eq!(game.scores(), vec![47]);
    let outcome = game.outcome().expect("over");
    assert_eq!(outcome.scores, vec![47]);
    assert_eq!(outcome.ranks, vec![1]);
    assert_eq!(outcome.reason, EndReason::Normal);

    let transcript = game.transcript();
    assert!(transcript.contains("castles: 6=G2 4=C2"), "{transcript}");
    assert!(
        transcript.contains("  round 1: D1=3r H3=1 F3=9r A2=4 B3=2 D2=6 G3=7 H1=8 C1=5r"),
        "{transcript}"
    );
    assert!(
        transcript.contains("  round 2: B1=11r F2=10r F1=14 E3=13r H2=15 C3=12r A3=16r"),
        "{transcript}"
    );
    assert!(
        transcript.contains("  round 3: D3=18r E1=19 A1=21r B2=20 G1=17r E2=22r"),
        "{transcript}"
    );
    assert!(
        transcript.contains(
            "  scoring 3: churches 2, windmills 6, castles 4, land 5, knight group 13 = 30 (total 47)"
        ),
        "{transcript}"
    );
    assert!(
        transcript.contains("result: Red 47 (rank 1)"),
        "{transcript}"
    );

    let view = game.view(None);
    assert_eq!(view.step, 22);
    assert_eq!(view.current, None);
    assert_eq!(view.players[0].tiles.len(), 22);
    assert_eq!(view.players[0].total, 47);
    assert!(view.players[0].hand.is_empty());
    assert_eq!(view.outcome, game.outcome());
}

#[test]
fn example_4_text_of_the_scoring_event() {
    let mut game = example_4_game(1);
    let mut events = Vec::new();
    for (_, tile) in EXAMPLE_4_ROUNDS[0] {
        events = play(&mut game, 0, tile);
    }
    let texts: Vec<String> = events.iter().map(|e| e.to_string()).collect();
    assert_eq!(
        texts,
        vec![
            "Red places tile 5 turned on C1.".to_string(),
            "Scoring 1, Red: churches 0, windmills 2, castles 4 (6-castle G2 0 knights, \
             4-castle C2 1 knight; 1 needed), land defence 0 (strength 3, 4 needed) = 6 points; \
             total 6."
                .to_string(),
            "Round 2 (tiles 10–16). Step 1 of 7: everyone places a tile on B1.".to_string(),
        ]
    );
}

// ---------------------------------------------------------------------------------------------
// Scoring, category by category (castles far away unless a test needs them).

/// Castles in the south-east corner, out of the way of boards built in the north-west.
fn far() -> [Castle; 2] {
    castles("H3", "F3")
}

#[test]
fn two_connected_churches_score_2_three_score_6() {
    // A1t (c) –link– A1b – A2t (c): two churches.
    let two = score(&board(&[("A1", "7"), ("A2", "14r")]), &far(), 1);
    assert_eq!(two.churches, 2);
    // ... and on through A2b's E arm to B2b (c), linked to B2t (w): three churches.
    let three = score(
        &board(&[("A1", "7"), ("A2", "14r"), ("B2", "12r")]),
        &far(),
        1,
    );
    assert_eq!(three.churches, 6);
    assert_eq!(three.windmills, 0, "a lone windmill scores nothing");
    // A lone church scores nothing.
    assert_eq!(score(&board(&[("A1", "7")]), &far(), 1).churches, 0);
    // Two separate pairs score 2 + 2.
    let pairs = score(
        &board(&[("A1", "7"), ("A2", "14r"), ("D1", "1"), ("E1", "20")]),
        &far(),
        1,
    );
    assert_eq!(pairs.churches, 4);
}

#[test]
fn windmills_score_like_churches() {
    // A1t (w) – B1t (w) – C1t (w) along half-row 1t (example 2's G1).
    let b = board(&[("A1", "10"), ("B1", "2r"), ("C1", "5")]);
    assert_eq!(score(&b, &far(), 1).windmills, 6);
    let b = board(&[("A1", "10"), ("B1", "2r")]);
    assert_eq!(score(&b, &far(), 1).windmills, 2);
}

#[test]
fn churches_and_windmills_never_count_for_each_other() {
    // Tile 12: a church and a windmill joined by the link: nothing.
    let s = score(&board(&[("A1", "12")]), &far(), 1);
    assert_eq!((s.churches, s.windmills), (0, 0));
    assert!(s.scoring_halves.is_empty());
    // A1t (c, E arm) – B1t (c): two churches in a group that also holds one windmill.
    let s = score(&board(&[("A1", "12"), ("B1", "1")]), &far(), 1);
    assert_eq!((s.churches, s.windmills), (2, 0));
    assert_eq!(s.scoring_halves, cells(&["A1t", "A1b", "B1t"]));
}

#[test]
fn a_castle_counts_knights_on_both_sides() {
    // 6-castle C2: B2t (k3, E arm) west of it, D2t (k1, W arm) east of it.
    let c = castles("C2", "H3");
    let b = board(&[("B2", "6"), ("D2", "4")]);
    let groups = road_groups(&b, &c);
    assert_ne!(groups.group(cell("B2t")), groups.group(cell("D2t")));
    assert_eq!(attached_groups(&b, &c, c[0]).len(), 2);
    for (k, points) in [(1, 6), (2, 6), (3, 0)] {
        let s = score(&b, &c, k);
        assert_eq!(s.castle_knights, vec![2, 0]);
        assert_eq!(s.castles, points, "scoring {k}");
    }
    // Only one side: K = 1.
    let s = score(&board(&[("B2", "6")]), &c, 2);
    assert_eq!((s.castle_knights[0], s.castles), (1, 0));
}

#[test]
fn knight_strength_does_not_matter_for_castles_but_the_number_does() {
    // B2t k3 alone is one knight: enough for scoring 1 only.
    let c = castles("C2", "H3");
    let b = board(&[("B2", "6")]);
    assert_eq!(score(&b, &c, 1).castles, 6);
    assert_eq!(score(&b, &c, 2).castles, 0);
}

#[test]
fn only_the_castle_top_half_attaches() {
    let c = castles("C2", "H3");
    // B2b (k2, E arm) beside the castle: bottom halves never attach; B2t attaches without a knight.
    let s = score(&board(&[("B2", "8")]), &c, 1);
    assert_eq!(s.castle_knights[0], 0);
    // C1b (k2, S arm) above the castle and C3t (k1, N arm) below it never attach.
    let s = score(&board(&[("C1", "2r"), ("C3", "18r")]), &c, 1);
    assert_eq!(s.castle_knights[0], 0);
    // A top half beside the castle without the facing arm does not attach: D2t (W arm) does,
    // D2t of tile 19 (N, E arms) does not.
    assert_eq!(score(&board(&[("D2", "4")]), &c, 1).castle_knights[0], 1);
    assert_eq!(score(&board(&[("D2", "19")]), &c, 1).castle_knights[0], 0);
}

#[test]
fn a_knight_connected_to_both_castles_counts_for_both() {
    // C2t (k2, E and W arms) between the castles on B2 and D2.
    let c = castles("B2", "D2");
    let b = board(&[("C2", "8r")]);
    let s = score(&b, &c, 1);
    assert_eq!(s.castle_knights, vec![1, 1]);
    assert_eq!(s.castles, 10);
    assert_eq!(s.castles_scored, vec![f("B2"), f("D2")]);
}

#[test]
fn a_road_around_a_castle_attaches_once_and_counts_each_knight_once() {
    // Castle B2. A2t (k3) –N– A1b – B1b (k2) – C1b –S– C2t –link– C2b (k1); C2t's W arm and
    // A2t's E arm both reach the castle, from the same group.
    let c = castles("B2", "H3");
    let b = board(&[
        ("A2", "19"),
        ("A1", "21r"),
        ("B1", "8"),
        ("C1", "21"),
        ("C2", "11r"),
    ]);
    let groups = road_groups(&b, &c);
    assert_eq!(groups.group(cell("A2t")), groups.group(cell("C2t")));
    assert_eq!(attached_groups(&b, &c, c[0]).len(), 1);
    let s = score(&b, &c, 3);
    assert_eq!(s.castle_knights[0], 3);
    assert_eq!(s.castles, 6);
    assert_eq!(s.knight_group, 6);
}

#[test]
fn castles_separate_roads() {
    let c = castles("C2", "H3");
    // B2t (c, E) and D2t (c, W) face each other through the castle: no pair.
    let s = score(&board(&[("B2", "1"), ("D2", "20")]), &c, 1);
    assert_eq!(s.churches, 0);
    // Without the castle in between they would meet.
    let s = score(
        &board(&[("B2", "1"), ("C2", "20")]),
        &castles("A3", "H3"),
        1,
    );
    assert_eq!(s.churches, 2);
    // Knights on both sides stay two groups for the largest knight group.
    let s = score(&board(&[("B2", "6"), ("D2", "4")]), &c, 3);
    assert_eq!(s.knight_group, 3);
}

#[test]
fn land_defence_needs_a_border_field() {
    // (a) C2t (k3) has E, S, W arms but lies on an interior field.
    let s = score(&board(&[("C2", "6")]), &far(), 1);
    assert!(s.defenders.is_empty());
    // Control: the same tile on A2 defends through its W arm.
    let s = score(&board(&[("A2", "6")]), &far(), 1);
    assert_eq!(s.defenders, cells(&["A2t"]));
    assert_eq!(s.land_strength, 3);
}

#[test]
fn land_defence_needs_an_arm_straight_across_the_edge() {
    // (b) A1t (k1) sits in the corner but its only arm leads south; the road out (A1b's W arm)
    // belongs to the other half.
    let b = board(&[("A1", "9r")]);
    assert_eq!(b.half(cell("A1t")), Some(half("S k1")));
    let s = score(&b, &far(), 1);
    assert!(s.defenders.is_empty());
    // (b) B3b (k2, E and W arms) touches the south edge without an S arm.
    let s = score(&board(&[("B3", "8")]), &far(), 1);
    assert!(s.defenders.is_empty());
}

#[test]
fn land_defence_needs_the_knights_own_half_at_the_edge() {
    // (c) C1b (k1): the bottom half of row 1; the N arm at the edge belongs to C1t.
    let s = score(&board(&[("C1", "9")]), &far(), 1);
    assert!(s.defenders.is_empty());
    // (c) C3t (k1, S arm): the top half of row 3 never defends across the south edge.
    let b = board(&[("C3", "18r")]);
    assert_eq!(b.half(cell("C3t")), Some(half("NS k1")));
    let s = score(&b, &far(), 1);
    assert!(s.defenders.is_empty());
}

#[test]
fn a_corner_knight_defends_once_and_the_threshold_is_4k() {
    // A3b of 19r (k3; N, S, W arms) in the corner has two arms across the edge: counted once.
    let s = score(&board(&[("A3", "19r")]), &castles("H1", "F1"), 1);
    assert_eq!(s.defenders, cells(&["A3b"]));
    assert_eq!((s.land_strength, s.land), (3, 0));
    // + A1t (k3, W) = 6 ≥ 4: 5 points in scoring 1, not in scoring 2 (8).
    let b = board(&[("A3", "19r"), ("A1", "6")]);
    let c = castles("H1", "F1");
    assert_eq!(score(&b, &c, 1).land, 5);
    assert_eq!(score(&b, &c, 2).land, 0);
    // Connection does not matter: H3b (k2, E, S) defends alone.
    let s = score(&board(&[("H3", "15")]), &castles("A1", "C1"), 1);
    assert_eq!(s.defenders, cells(&["H3b"]));
    assert_eq!(s.land_strength, 2);
}

#[test]
fn the_largest_knight_group_scores_in_scoring_3_only() {
    // A1t (k3) –link– A1b –S– A2t (k1) –link– A2b: one group of strength 4; B3b (k2) alone.
    let b = board(&[("A1", "6"), ("A2", "11"), ("B3", "15")]);
    let groups = road_groups(&b, &far());
    assert_eq!(groups.group(cell("A1t")), groups.group(cell("A2b")));
    for k in 1..=2 {
        let s = score(&b, &far(), k);
        assert_eq!(s.knight_group, 0, "scoring {k}");
        assert!(s.scoring_halves.is_empty());
    }
    let s = score(&b, &far(), 3);
    assert_eq!(s.knight_group, 4);
    assert_eq!(s.scoring_halves, cells(&["A1t", "A1b", "A2t", "A2b"]));
    // Only one group scores, and a board without knights scores 0.
    assert_eq!(score(&board(&[("A1", "1")]), &far(), 3).knight_group, 0);
    assert_eq!(score(&Board::new(), &far(), 3).total, 0);
}

// ---------------------------------------------------------------------------------------------
// Setup.

#[test]
fn castles_never_touch_and_the_cards_are_the_other_22_fields() {
    let mut six_fields = BTreeSet::new();
    let mut four_fields = BTreeSet::new();
    for seed in 0..3000 {
        let game = new_game(1, seed);
        let [six, four] = game.castles();
        assert_eq!((six.value, four.value), (6, 4));
        let (dc, dr) = (
            (six.field.col() as i32 - four.field.col() as i32).abs(),
            (six.field.row() as i32 - four.field.row() as i32).abs(),
        );
        assert!(
            dc.max(dr) >= 2,
            "seed {seed}: {} and {}",
            six.field,
            four.field
        );
        six_fields.insert(six.field);
        four_fields.insert(four.field);
    }
    assert_eq!(six_fields.len(), 24, "every field can hold the 6-castle");
    assert_eq!(four_fields.len(), 24, "every field can hold the 4-castle");
}

#[test]
fn every_card_order_is_a_permutation_shared_by_all_players() {
    for seed in 0..40 {
        let players = 1 + (seed as usize % 4);
        let mut game = new_game(players, seed);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut cards = Vec::new();
        while let Some(field) = game.current() {
            cards.push(field);
            random_step(&mut game, &mut rng);
        }
        let [six, four] = game.castles();
        let mut sorted = cards.clone();
        sorted.sort();
        let expected: Vec<Field> = Field::all()
            .filter(|x| *x != six.field && *x != four.field)
            .collect();
        assert_eq!(sorted, expected, "seed {seed}");
        assert_eq!(game.played_cards(), cards.as_slice());
        // Every player's board is full, on exactly those fields.
        for seat in 0..players {
            let b = game.board(seat).expect("a board");
            let fields: Vec<Field> = b.placed().map(|(x, _)| x).collect();
            assert_eq!(fields, expected, "seed {seed} seat {seat}");
        }
    }
}

#[test]
fn the_setup_is_deterministic_and_depends_on_the_seed() {
    assert_eq!(new_game(3, 7), new_game(3, 7));
    let setups: BTreeSet<String> = (0..20)
        .map(|s| {
            let g = new_game(2, s);
            format!("{:?} {:?}", g.castles(), g.current())
        })
        .collect();
    assert!(setups.len() > 15);
    // The number of players does not change the deal.
    assert_eq!(new_game(1, 9).castles(), new_game(4, 9).castles());
    assert_eq!(new_game(1, 9).current(), new_game(4, 9).current());
}

#[test]
fn player_counts_and_registration() {
    for players in [0, 5] {
        assert!(matches!(
            DonQuixote::new(players, &DonQuixoteOptions::default(), 1),
            Err(SetupError::PlayerCount { got, min: 1, max: 4, .. }) if got == players
        ));
    }
    for word in ["donquixote", "DonQuixote", "don", "quixote", "dq"] {
        assert_eq!(
            GameKind::from_word(word),
            Some(GameKind::DonQuixote),
            "{word}"
        );
    }
    assert_eq!(DonQuixote::INFO.min_players, 1);
    assert!(matches!(
        GameKind::DonQuixote.default_options(),
        AnyOptions::DonQuixote(_)
    ));
    let mut options = DonQuixoteOptions::default();
    assert!(options.set("profi").is_err());
    assert!(DonQuixoteOptions::HELP.is_empty());
    let rules = GameKind::DonQuixote.rules();
    for needle in ["edition", "22-tile set", "LAST", "tie", "round 1:"] {
        assert!(rules.contains(needle), "rules mention {needle}");
    }
    let g = AnyGame::new(&AnyOptions::DonQuixote(DonQuixoteOptions::default()), 2, 1)
        .expect("two players");
    assert_eq!(g.kind(), GameKind::DonQuixote);
    assert_eq!(g.seat_label(0), "Red");
    assert_eq!(g.seat_label(3), "Yellow");
    assert_eq!(g.legal_moves(0)[..3], ["1", "1r", "2"]);
}

#[test]
fn with_setup_checks_its_input() {
    let order = example_4_order();
    assert!(DonQuixote::with_setup(1, f("G2"), f("C2"), order.clone()).is_ok());
    assert!(DonQuixote::with_setup(1, f("G2"), f("H3"), order.clone()).is_err());
    assert!(DonQuixote::with_setup(1, f("G2"), f("C2"), order[1..].to_vec()).is_err());
    let mut twice = order.clone();
    twice[1] = twice[0];
    assert!(DonQuixote::with_setup(1, f("G2"), f("C2"), twice).is_err());
    assert!(DonQuixote::with_setup(5, f("G2"), f("C2"), order).is_err());
}

// ---------------------------------------------------------------------------------------------
// Course of play.

#[test]
fn rounds_have_9_7_and_6_steps_with_a_scoring_after_each() {
    let mut game = new_game(2, 11);
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut scored_after = Vec::new();
    let mut rounds = Vec::new();
    for step in 0..22 {
        assert_eq!(game.step(), step);
        rounds.push(game.round());
        let hand = game.view(None).players[0].hand.clone();
        let first = match game.round() {
            1 => 1,
            2 => 10,
            _ => 17,
        };
        let steps_done_in_round = match game.round() {
            1 => step,
            2 => step - 9,
            _ => step - 16,
        };
        assert_eq!(
            hand.len() + steps_done_in_round,
            match game.round() {
                1 => 9,
                2 => 7,
                _ => 6,
            }
        );
        assert!(hand.iter().all(|t| *t >= first && *t < first + 9));
        let events = random_step(&mut game, &mut rng);
        let scored = scorings_in(&events);
        if !scored.is_empty() {
            assert_eq!(scored.len(), 2, "both boards are scored");
            scored_after.push((game.step(), scored[0].1.k));
        }
    }
    assert_eq!(
        rounds.iter().filter(|r| **r == 1).count(),
        9,
        "round 1: {rounds:?}"
    );
    assert_eq!(rounds.iter().filter(|r| **r == 2).count(), 7);
    assert_eq!(rounds.iter().filter(|r| **r == 3).count(), 6);
    assert_eq!(scored_after, vec![(9, 1), (16, 2), (22, 3)]);
    assert_eq!(game.to_act(), ToAct::Nobody);
    for seat in 0..2 {
        let view = game.view(Some(seat));
        assert_eq!(view.players[seat].scorings.len(), 3);
        assert_eq!(
            view.players[seat].total,
            view.players[seat]
                .scorings
                .iter()
                .map(|s| s.total)
                .sum::<i64>()
        );
    }
}

#[test]
fn legal_moves_are_the_round_set_in_both_orientations_and_last_comes_last() {
    let mut game = example_4_game(1);
    let texts = |g: &DonQuixote| -> Vec<String> {
        g.legal_moves(0).iter().map(|m| m.to_string()).collect()
    };
    let expected: Vec<String> = (1..=9)
        .flat_map(|t| [format!("{t}"), format!("{t}r")])
        .collect();
    assert_eq!(texts(&game), expected);
    play(&mut game, 0, "3r");
    assert!(!texts(&game).contains(&"3".to_string()));
    assert_eq!(texts(&game).len(), 16);
    for (_, tile) in EXAMPLE_4_ROUNDS[0][1..].iter().chain(EXAMPLE_4_ROUNDS[1]) {
        play(&mut game, 0, tile);
    }
    // Round 3, steps 1–5: 17–21 only.
    let expected: Vec<String> = (17..=21)
        .flat_map(|t| [format!("{t}"), format!("{t}r")])
        .collect();
    assert_eq!(texts(&game), expected);
    for (_, tile) in &EXAMPLE_4_ROUNDS[2][..5] {
        assert!(!texts(&game).iter().any(|m| m.starts_with("22")));
        play(&mut game, 0, tile);
    }
    assert_eq!(texts(&game), ["22", "22r"]);
}

#[test]
fn simultaneous_placement_waits_for_every_active_seat() {
    let mut game = example_4_game(3);
    assert_eq!(game.to_act(), ToAct::Many(vec![0, 1, 2]));
    play(&mut game, 1, "7");
    assert_eq!(game.to_act(), ToAct::Many(vec![0, 2]));
    assert!(game.legal_moves(1).is_empty());
    let view = game.view(None);
    assert!(view.players[1].placed_current);
    assert!(!view.players[0].placed_current);
    assert_eq!(view.current, Some(f("D1")));
    play(&mut game, 2, "1r");
    assert_eq!(game.to_act(), ToAct::One(0));
    let events = play(&mut game, 0, "3r");
    assert_eq!(game.step(), 1);
    assert_eq!(game.current(), Some(f("H3")));
    assert_eq!(game.to_act(), ToAct::Many(vec![0, 1, 2]));
    assert!(matches!(
        events.last(),
        Some(DonQuixoteEvent::Revealed { field, round: 1, step: 2, steps: 9 }) if *field == f("H3")
    ));
    assert_eq!(
        game.board(1).and_then(|b| b.get(f("D1"))),
        Some(Placement::new(7, false))
    );
    assert_eq!(
        game.board(2).and_then(|b| b.get(f("D1"))),
        Some(Placement::new(1, true))
    );
    assert_eq!(game.scores(), vec![0, 0, 0], "no scoring yet");
}

// ---------------------------------------------------------------------------------------------
// Refused moves: one typed error each, the state unchanged.

#[test]
fn a_tile_of_another_round_is_refused() {
    let mut game = example_4_game(1);
    let err = refuse(&mut game, 0, "12");
    assert_eq!(
        err,
        DonQuixoteError::WrongRound {
            tile: 12,
            tile_round: 2,
            round: 1
        }
    );
    assert_eq!(
        err.to_string(),
        "tile 12 belongs to round 2; this round you place tiles 1–9"
    );
    assert!(matches!(
        refuse(&mut game, 0, "place 17 turned"),
        DonQuixoteError::WrongRound {
            tile: 17,
            tile_round: 3,
            round: 1
        }
    ));
}

#[test]
fn the_last_tile_too_early_is_refused() {
    let mut game = example_4_game(1);
    for (_, tile) in EXAMPLE_4_ROUNDS[0].iter().chain(EXAMPLE_4_ROUNDS[1]) {
        play(&mut game, 0, tile);
    }
    assert_eq!(game.round(), 3);
    let err = refuse(&mut game, 0, "22r");
    assert_eq!(err, DonQuixoteError::LastTooEarly { steps_left: 5 });
    assert!(err.to_string().contains("LAST"), "{err}");
    for (_, tile) in &EXAMPLE_4_ROUNDS[2][..4] {
        play(&mut game, 0, tile);
    }
    let err = refuse(&mut game, 0, "22");
    assert_eq!(err, DonQuixoteError::LastTooEarly { steps_left: 1 });
    assert!(err.to_string().contains("1 step from now"), "{err}");
}

#[test]
fn a_tile_already_placed_is_refused() {
    let mut game = example_4_game(1);
    play(&mut game, 0, "3r");
    assert_eq!(
        refuse(&mut game, 0, "3"),
        DonQuixoteError::TileUsed {
            tile: 3,
            field: f("D1")
        }
    );
    // A tile of an earlier round is always on the board already.
    for (_, tile) in &EXAMPLE_4_ROUNDS[0][1..] {
        play(&mut game, 0, tile);
    }
    let err = refuse(&mut game, 0, "5r");
    assert_eq!(
        err,
        DonQuixoteError::TileUsed {
            tile: 5,
            field: f("C1")
        }
    );
    assert_eq!(err.to_string(), "tile 5 is already on C1");
}

#[test]
fn a_second_placement_in_one_step_is_refused() {
    let mut game = example_4_game(2);
    play(&mut game, 0, "7");
    let err = refuse(&mut game, 0, "8");
    assert_eq!(
        err,
        DonQuixoteError::AlreadyPlaced {
            field: f("D1"),
            placement: Placement::new(7, false)
        }
    );
    // The words name the field, not the tile (which may still be hidden from the others).
    assert_eq!(
        err.to_string(),
        "you have already placed on D1; waiting for the others"
    );
}

#[test]
fn a_typed_field_is_refused_naming_the_revealed_field() {
    let mut game = example_4_game(1);
    let err = refuse(&mut game, 0, "place 7 on B3");
    assert_eq!(
        err,
        DonQuixoteError::FieldNamed {
            typed: f("B3"),
            revealed: f("D1"),
            placement: Some(Placement::new(7, false))
        }
    );
    let text = err.to_string();
    assert!(text.contains("revealed field D1"), "{text}");
    assert!(text.contains("`7`"), "{text}");
    let text = refuse(&mut game, 0, "B3").to_string();
    assert!(text.contains("revealed field D1, not B3"), "{text}");
    assert!(text.contains("`1`"), "an example tile: {text}");
    let text = refuse(&mut game, 0, "d1 4r").to_string();
    assert!(text.contains("no need to name the field"), "{text}");
}

#[test]
fn wrong_seats_unknown_tiles_and_moves_after_the_end_are_refused() {
    let mut game = example_4_game(2);
    assert_eq!(refuse(&mut game, 2, "7"), DonQuixoteError::NoSuchSeat(2));
    assert_eq!(
        game.apply(0, &Move::place(23, false)),
        Err(DonQuixoteError::NoSuchTile(23))
    );
    assert_eq!(
        game.apply(0, &Move::place(0, true)),
        Err(DonQuixoteError::NoSuchTile(0))
    );
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    while game.to_act() != ToAct::Nobody {
        random_step(&mut game, &mut rng);
    }
    for seat in 0..3 {
        assert_eq!(refuse(&mut game, seat, "1"), DonQuixoteError::GameOver);
        assert!(game.legal_moves(seat).is_empty());
    }
}

// ---------------------------------------------------------------------------------------------
// Forfeits and the result.

#[test]
fn a_forfeiting_seat_stops_placing_is_still_scored_and_ranks_last() {
    let mut game = example_4_game(3);
    // Seats 0 and 2 have placed on D1; seat 1 resigns, which completes the step.
    play(&mut game, 0, "3r");
    play(&mut game, 2, "3r");
    let events = game.forfeit(1, Forfeit::Resigned);
    assert!(matches!(
        events[0],
        DonQuixoteEvent::Forfeited {
            color: Color::Blue,
            reason: Forfeit::Resigned
        }
    ));
    assert_eq!(game.step(), 1, "the step completed");
    assert_eq!(game.to_act(), ToAct::Many(vec![0, 2]));
    assert!(game.legal_moves(1).is_empty());
    assert_eq!(refuse(&mut game, 1, "1"), DonQuixoteError::Left);
    assert!(game.forfeit(1, Forfeit::TimedOut).is_empty(), "only once");
    assert!(!game.view(None).players[1].active);
    // Seats 0 and 2 play example 4 to the end.
    for (_, tile) in EXAMPLE_4_ROUNDS.iter().flat_map(|r| r.iter()).skip(1) {
        play(&mut game, 0, tile);
        play(&mut game, 2, tile);
    }
    assert_eq!(game.to_act(), ToAct::Nobody);
    let outcome = game.outcome().expect("over");
    assert_eq!(outcome.reason, EndReason::Normal);
    assert_eq!(outcome.scores[0], 47);
    assert_eq!(outcome.scores[2], 47);
    assert_eq!(outcome.ranks, vec![1, 3, 1]);
    // Seat 1's empty board was scored three times.
    assert_eq!(game.scorings(1).len(), 3);
    assert!(game.transcript().contains("resigned after step 0"));
}

#[test]
fn a_forfeit_ranks_last_even_with_more_points() {
    let mut game = example_4_game(2);
    // Seat 0 plays example 4 (47); seat 1 too, but times out at the last step.
    let placements: Vec<&(&str, &str)> = EXAMPLE_4_ROUNDS.iter().flat_map(|r| r.iter()).collect();
    for (_, tile) in &placements[..21] {
        play(&mut game, 0, tile);
        play(&mut game, 1, tile);
    }
    play(&mut game, 1, "22r");
    let events = game.forfeit(1, Forfeit::TimedOut);
    assert_eq!(events.len(), 1, "seat 0 still has to place: {events:?}");
    play(&mut game, 0, "22r");
    let outcome = game.outcome().expect("over");
    assert_eq!(outcome.scores, vec![47, 47]);
    assert_eq!(outcome.ranks, vec![1, 2]);
}

#[test]
fn solitaire_forfeit_ends_the_game() {
    let mut game = example_4_game(1);
    play(&mut game, 0, "3r");
    let events = game.forfeit(0, Forfeit::Resigned);
    assert_eq!(game.to_act(), ToAct::Nobody);
    assert!(matches!(
        events.last(),
        Some(DonQuixoteEvent::GameOver { .. })
    ));
    let outcome = game.outcome().expect("over");
    assert_eq!(outcome.reason, EndReason::Forfeit(0, Forfeit::Resigned));
    assert_eq!(outcome.ranks, vec![1]);
    assert_eq!(game.view(None).current, None);
    assert_eq!(refuse(&mut game, 0, "1"), DonQuixoteError::GameOver);
}

#[test]
fn when_every_seat_has_left_the_game_ends_and_the_first_to_leave_ranks_last() {
    let mut game = example_4_game(2);
    game.forfeit(0, Forfeit::TimedOut);
    assert_eq!(game.to_act(), ToAct::One(1));
    play(&mut game, 1, "1");
    let events = game.forfeit(1, Forfeit::Resigned);
    assert!(matches!(
        events.last(),
        Some(DonQuixoteEvent::GameOver { .. })
    ));
    let outcome = game.outcome().expect("over");
    assert_eq!(outcome.reason, EndReason::Forfeit(1, Forfeit::Resigned));
    assert_eq!(outcome.ranks, vec![2, 1]);
}

#[test]
fn ties_go_to_the_higher_third_scoring_then_are_shared() {
    // Identical play: a shared first place.
    let mut game = example_4_game(2);
    for (_, tile) in EXAMPLE_4_ROUNDS.iter().flat_map(|r| r.iter()) {
        play(&mut game, 0, tile);
        play(&mut game, 1, tile);
    }
    let outcome = game.outcome().expect("over");
    assert_eq!(outcome.ranks, vec![1, 1]);
    assert!(outcome.is_draw());
    let text = game.transcript();
    assert!(
        text.contains("result: Red 47 (rank 1), Blue 47 (rank 1)"),
        "{text}"
    );

    // Random games until two seats tie on the total with different third scorings.
    let mut found = 0;
    for seed in 0..3000 {
        let mut game = new_game(2, seed);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        while game.to_act() != ToAct::Nobody {
            random_step(&mut game, &mut rng);
        }
        let outcome = game.outcome().expect("over");
        let s3 = |seat| game.scorings(seat)[2].total;
        if outcome.scores[0] == outcome.scores[1] && s3(0) != s3(1) {
            let better = if s3(0) > s3(1) { 0 } else { 1 };
            assert_eq!(outcome.ranks[better], 1, "seed {seed}");
            assert_eq!(outcome.ranks[1 - better], 2, "seed {seed}");
            assert_eq!(outcome.winner(), Some(better));
            found += 1;
            if found == 3 {
                break;
            }
        }
    }
    assert!(found > 0, "no tie with different third scorings found");
}

#[test]
fn scores_are_running_totals() {
    let mut game = example_4_game(1);
    let mut totals = Vec::new();
    for (_, tile) in EXAMPLE_4_ROUNDS.iter().flat_map(|r| r.iter()) {
        totals.push(game.scores()[0]);
        play(&mut game, 0, tile);
    }
    totals.push(game.scores()[0]);
    assert_eq!(totals[..9], [0; 9]);
    assert_eq!(totals[9..16], [6; 7]);
    assert_eq!(totals[16..22], [17; 6]);
    assert_eq!(totals[22], 47);
}

// ---------------------------------------------------------------------------------------------
// View and transcript: public boards, hidden future cards.

#[test]
fn the_view_shows_boards_and_hands_but_no_future_card() {
    let mut game = example_4_game(2);
    play(&mut game, 0, "3r");
    play(&mut game, 1, "9");
    play(&mut game, 0, "1");
    let view = game.view(Some(1));
    assert_eq!(
        view,
        game.view(None),
        "Blue sees what everybody sees: Red's tile on H3 is still hidden"
    );
    assert_eq!(view.castles, castles("G2", "C2"));
    assert_eq!((view.round, view.step, view.current), (1, 1, Some(f("H3"))));
    let red = &view.players[0];
    assert_eq!(
        red.hand,
        vec![1, 2, 4, 5, 6, 7, 8, 9],
        "tile 1 is not seen placed"
    );
    assert!(red.placed_current && red.active);
    assert_eq!(red.tiles.len(), 1);
    let d1 = &red.tiles[0];
    assert_eq!((d1.field, d1.tile, d1.turned), (f("D1"), 3, true));
    assert_eq!((d1.top, d1.bottom), halves(3, true));
    assert_eq!(view.players[1].hand, vec![1, 2, 3, 4, 5, 6, 7, 8]);
    assert!(!view.players[1].placed_current);
    // Red sees its own placement.
    let own = game.view(Some(0));
    assert_eq!(own.players[0].hand, vec![2, 4, 5, 6, 7, 8, 9]);
    assert_eq!(own.players[0].tiles.len(), 2);
    assert_eq!(own.players[1], view.players[1]);

    let json = serde_json::to_string(&view).expect("a view serializes");
    for future in &example_4_order()[2..] {
        assert!(
            !json.contains(&format!("\"{future}\"")),
            "the view names the future card {future}"
        );
    }
    // The view round-trips through JSON, field names and all.
    for viewer in [None, Some(0), Some(1)] {
        let view = game.view(viewer);
        let json = serde_json::to_string(&view).expect("a view serializes");
        let back: DonQuixoteView = serde_json::from_str(&json).expect("a view deserializes");
        assert_eq!(back, view);
    }
    assert!(json.contains("\"placed_current\":true"), "{json}");
    let transcript = game.transcript();
    for future in &example_4_order()[2..] {
        assert!(
            !transcript.contains(&future.to_string()),
            "the transcript names the future card {future}: {transcript}"
        );
    }
    assert!(transcript.contains("cards: D1"), "{transcript}");
}

#[test]
fn announcements_read_well() {
    let mut game = example_4_game(2);
    let events = play(&mut game, 0, "7");
    let texts: Vec<String> = events.iter().map(|e| e.to_string()).collect();
    assert_eq!(
        texts,
        [
            "You place tile 7 on D1. The others see it once everyone has placed.",
            "Red has placed (1 of 2)."
        ]
    );
    let events = play(&mut game, 1, "place 3 turned");
    let texts: Vec<String> = events.iter().map(|e| e.to_string()).collect();
    assert_eq!(
        texts,
        [
            "You place tile 3 turned on D1.",
            "Tiles placed on D1: Red 7, Blue 3 turned.",
            "Step 2 of 9: everyone places a tile on H3."
        ]
    );
    let events = game.forfeit(1, Forfeit::TimedOut);
    assert_eq!(
        events[0].to_string(),
        "Blue has run out of time: no more tiles for Blue, whose board is still scored."
    );
    // Alone, Red places openly.
    let events = play(&mut game, 0, "1r");
    let texts: Vec<String> = events.iter().map(|e| e.to_string()).collect();
    assert_eq!(
        texts[..2],
        [
            "You place tile 1 turned on H3.",
            "Tiles placed on H3: Red 1 turned."
        ]
    );
}

// ---------------------------------------------------------------------------------------------
// Secret placements (§4.3, edition choice): with several players a placement is its player's
// alone until every active seat has placed the step's tile; then all are revealed together.

/// Each event with the audience the game gives it.
fn heard(game: &DonQuixote, events: &[DonQuixoteEvent]) -> Vec<(Audience, String)> {
    events
        .iter()
        .map(|e| (game.audience(Shown::Event(e)), e.to_string()))
        .collect()
}

/// The tile a view shows on `seat`'s board at `field`, as `(tile, turned)`.
fn shown_on(view: &DonQuixoteView, seat: usize, field: &str) -> Option<(u8, bool)> {
    view.players[seat]
        .tiles
        .iter()
        .find(|t| t.field == f(field))
        .map(|t| (t.tile, t.turned))
}

#[test]
fn a_placement_is_seen_by_its_player_alone_until_every_seat_has_placed() {
    let mut game = example_4_game(3);
    let events = play(&mut game, 0, "3r");
    assert_eq!(
        heard(&game, &events),
        [
            (
                Audience::Seat(0),
                "You place tile 3 turned on D1. The others see it once everyone has placed."
                    .to_string()
            ),
            (Audience::Everyone, "Red has placed (1 of 3).".to_string()),
        ]
    );
    assert!(matches!(
        events[0],
        DonQuixoteEvent::Placed {
            color: Color::Red,
            secrecy: Secrecy::Hidden,
            ..
        }
    ));
    for viewer in [None, Some(1), Some(2)] {
        let view = game.view(viewer);
        let red = &view.players[0];
        assert_eq!(shown_on(&view, 0, "D1"), None, "{viewer:?} sees Red's tile");
        assert!(red.tiles.is_empty(), "{viewer:?}");
        assert!(
            red.placed_current,
            "{viewer:?}: everyone may know Red has placed"
        );
        assert_eq!(red.hand, (1..=9).collect::<Vec<u8>>(), "{viewer:?}");
    }
    let own = game.view(Some(0));
    assert_eq!(shown_on(&own, 0, "D1"), Some((3, true)));
    assert!(!own.players[0].hand.contains(&3));
    assert_eq!(game.audience(Shown::Holdings(0)), Audience::Seat(0));
    assert_eq!(game.audience(Shown::Holdings(1)), Audience::Everyone);

    let events = play(&mut game, 1, "7");
    assert_eq!(
        heard(&game, &events),
        [
            (
                Audience::Seat(1),
                "You place tile 7 on D1. The others see it once everyone has placed.".to_string()
            ),
            (Audience::Everyone, "Blue has placed (2 of 3).".to_string()),
        ]
    );
    let green = game.view(Some(2));
    assert_eq!(
        (shown_on(&green, 0, "D1"), shown_on(&green, 1, "D1")),
        (None, None)
    );
    let blue = game.view(Some(1));
    assert_eq!(
        (shown_on(&blue, 0, "D1"), shown_on(&blue, 1, "D1")),
        (None, Some((7, false)))
    );

    // The last placement reveals the step's placements together, in ONE public event.
    let events = play(&mut game, 2, "1r");
    assert!(matches!(
        events[0],
        DonQuixoteEvent::Placed {
            secrecy: Secrecy::Completing,
            ..
        }
    ));
    assert_eq!(
        heard(&game, &events),
        [
            (
                Audience::Seat(2),
                "You place tile 1 turned on D1.".to_string()
            ),
            (
                Audience::Everyone,
                "Tiles placed on D1: Red 3 turned, Blue 7, Green 1 turned.".to_string()
            ),
            (
                Audience::Everyone,
                "Step 2 of 9: everyone places a tile on H3.".to_string()
            ),
        ]
    );
    assert_eq!(
        events[1],
        DonQuixoteEvent::StepPlaced {
            field: f("D1"),
            placements: vec![
                (Color::Red, Placement::new(3, true)),
                (Color::Blue, Placement::new(7, false)),
                (Color::Green, Placement::new(1, true)),
            ],
        }
    );
    let public = game.view(None);
    assert_eq!(shown_on(&public, 0, "D1"), Some((3, true)));
    assert_eq!(shown_on(&public, 1, "D1"), Some((7, false)));
    assert_eq!(shown_on(&public, 2, "D1"), Some((1, true)));
    assert_eq!(
        public,
        game.view(Some(1)),
        "nothing is hidden between steps"
    );
    for seat in 0..3 {
        assert_eq!(game.audience(Shown::Holdings(seat)), Audience::Everyone);
    }
}

#[test]
fn placements_are_revealed_before_the_scoring_and_by_a_forfeit_that_completes_the_step() {
    // The last step of round 1: the reveal comes before the scorings.
    let mut game = example_4_game(2);
    for (_, tile) in &EXAMPLE_4_ROUNDS[0][..8] {
        play(&mut game, 0, tile);
        play(&mut game, 1, tile);
    }
    play(&mut game, 1, "5r");
    let events = play(&mut game, 0, "5r");
    let kinds: Vec<&str> = events
        .iter()
        .map(|e| match e {
            DonQuixoteEvent::Placed { .. } => "placed",
            DonQuixoteEvent::StepPlaced { .. } => "step",
            DonQuixoteEvent::Scored { .. } => "scored",
            DonQuixoteEvent::Revealed { .. } => "revealed",
            _ => "other",
        })
        .collect();
    assert_eq!(kinds, ["placed", "step", "scored", "scored", "revealed"]);

    // Red and Blue have placed; Green resigns, which completes the step and reveals it.
    let mut game = example_4_game(3);
    play(&mut game, 0, "3r");
    play(&mut game, 1, "7");
    let events = game.forfeit(2, Forfeit::Resigned);
    let texts: Vec<String> = events.iter().map(|e| e.to_string()).collect();
    assert_eq!(texts[1], "Tiles placed on D1: Red 3 turned, Blue 7.");
    assert!(matches!(events[2], DonQuixoteEvent::Revealed { .. }));
    assert!(heard(&game, &events).iter().all(|(a, _)| a.is_public()));
    assert_eq!(shown_on(&game.view(None), 0, "D1"), Some((3, true)));

    // A seat that placed and then left is revealed with the others.
    let mut game = example_4_game(3);
    play(&mut game, 0, "3r");
    game.forfeit(0, Forfeit::TimedOut);
    assert_eq!(shown_on(&game.view(None), 0, "D1"), None);
    play(&mut game, 1, "7");
    let events = play(&mut game, 2, "1");
    assert_eq!(
        events[1].to_string(),
        "Tiles placed on D1: Red 3 turned, Blue 7, Green 1."
    );
    assert_eq!(shown_on(&game.view(None), 0, "D1"), Some((3, true)));
}

#[test]
fn moves_and_options_are_private_while_several_seats_place() {
    let mut any = AnyGame::DonQuixote(example_4_game(3));
    for seat in 0..3 {
        assert_eq!(any.choice_audience(seat), Audience::Seat(seat));
        assert_eq!(any.options_audience(seat), Audience::Seat(seat));
    }
    any.play(0, "3r").expect("legal");
    // Still private for everyone while more than one seat places, placed or not.
    assert_eq!(any.choice_audience(0), Audience::Seat(0));
    assert_eq!(any.choice_audience(2), Audience::Seat(2));
    assert_eq!(any.options_audience(1), Audience::Seat(1));
    // Once only one seat is left, it places openly.
    any.forfeit(1, Forfeit::Resigned);
    any.forfeit(2, Forfeit::Resigned);
    assert_eq!(any.choice_audience(0), Audience::Everyone);
    assert_eq!(any.options_audience(0), Audience::Everyone);
    // Green's resignation completed the step: Red's tile is public.
    let AnyView::DonQuixote(view) = any.view(None) else {
        panic!("a DonQuixote view");
    };
    assert_eq!(shown_on(&view, 0, "D1"), Some((3, true)));
    let announced = any.play(0, "1").expect("legal").announcements;
    assert_eq!(announced[0].audience, Audience::Seat(0));
    assert!(announced[1..].iter().all(|a| a.audience.is_public()));

    // The same through the game, and public once the game is over.
    let mut game = example_4_game(2);
    assert_eq!(game.audience(Shown::Choice(1)), Audience::Seat(1));
    game.forfeit(0, Forfeit::Resigned);
    game.forfeit(1, Forfeit::Resigned);
    assert!(game.outcome().is_some());
    for seat in 0..2 {
        assert_eq!(game.audience(Shown::Choice(seat)), Audience::Everyone);
        assert_eq!(game.audience(Shown::Options(seat)), Audience::Everyone);
    }
}

#[test]
fn the_prompt_says_the_placement_is_made_privately() {
    let mut game = example_4_game(3);
    assert_eq!(
        game.prompt().as_deref(),
        Some("Card 1 of 22, round 1: everyone places a tile on D1 privately (`/move …`).")
    );
    play(&mut game, 0, "3r");
    // A second placement is refused with words for the placer alone: the field, not the tile.
    let err = refuse(&mut game, 0, "4");
    assert_eq!(
        err.to_string(),
        "you have already placed on D1; waiting for the others"
    );
    assert_eq!(
        game.audience(Shown::Options(0)),
        Audience::Seat(0),
        "refusals of Red's moves go to Red"
    );
    {
        use spieltisch::i18n::{Lang, scope};
        let de = scope(Lang::De, || game.prompt()).expect("a prompt");
        assert!(de.contains("alle legen geheim eine Karte auf D1"), "{de}");
        let nl = scope(Lang::Nl, || game.prompt()).expect("a prompt");
        assert!(nl.contains("iedereen legt verdekt een kaart op D1"), "{nl}");
    }
    // Alone (the others left) and in a solitaire, the plain prompt.
    game.forfeit(1, Forfeit::Resigned);
    game.forfeit(2, Forfeit::Resigned);
    assert_eq!(
        game.prompt().as_deref(),
        Some("Card 2 of 22, round 1: everyone places a tile on H3.")
    );
    assert_eq!(
        example_4_game(1).prompt().as_deref(),
        Some("Card 1 of 22, round 1: everyone places a tile on D1.")
    );
    // The last card.
    let mut game = example_4_game(2);
    for (_, tile) in EXAMPLE_4_ROUNDS.iter().flat_map(|r| r.iter()).take(21) {
        play(&mut game, 0, tile);
        play(&mut game, 1, tile);
    }
    assert_eq!(
        game.prompt().as_deref(),
        Some(
            "Card 22 of 22, round 3: everyone places a tile (tile 22, LAST) on E2 privately \
             (`/move …`)."
        )
    );
}

#[test]
fn the_record_lists_only_revealed_placements() {
    let mut game = example_4_game(3);
    play(&mut game, 0, "3r");
    play(&mut game, 1, "7");
    let record = game.transcript();
    assert!(!record.contains("D1="), "{record}");
    assert!(!record.contains("round 1:"), "{record}");
    play(&mut game, 2, "1r");
    play(&mut game, 2, "2");
    let record = game.transcript();
    for line in ["  round 1: D1=3r", "  round 1: D1=7", "  round 1: D1=1r"] {
        assert!(record.lines().any(|l| l == line), "{line}: {record}");
    }
    assert!(
        !record.contains("H3="),
        "Green's H3 is not revealed: {record}"
    );
}

#[test]
fn a_game_ended_in_the_middle_of_a_step_keeps_its_placements_hidden() {
    use spieltisch::games::{Draw, Layout};
    let mut game = example_4_game(3);
    play(&mut game, 0, "3r");
    play(&mut game, 1, "9");
    play(&mut game, 2, "3r");
    // Step 2 (H3): Red and Blue place, then everyone resigns.
    play(&mut game, 0, "1");
    play(&mut game, 1, "2r");
    game.forfeit(0, Forfeit::Resigned);
    game.forfeit(1, Forfeit::Resigned);
    let events = game.forfeit(2, Forfeit::Resigned);
    assert!(matches!(
        events.last(),
        Some(DonQuixoteEvent::GameOver { .. })
    ));
    assert!(
        events
            .iter()
            .all(|e| !matches!(e, DonQuixoteEvent::StepPlaced { .. })),
        "{events:?}"
    );
    assert_eq!(game.to_act(), ToAct::Nobody);

    let public = game.view(None);
    assert_eq!(shown_on(&public, 0, "H3"), None);
    assert_eq!(shown_on(&public, 1, "H3"), None);
    assert_eq!(
        shown_on(&public, 0, "D1"),
        Some((3, true)),
        "step 1 was revealed"
    );
    assert_eq!(public.players[0].tiles.len(), 1);
    let green = game.view(Some(2));
    assert_eq!(green, public);
    let blue = game.view(Some(1));
    assert_eq!(shown_on(&blue, 0, "H3"), None);
    assert_eq!(
        shown_on(&blue, 1, "H3"),
        Some((2, true)),
        "Blue still sees its own"
    );
    assert_eq!(shown_on(&game.view(Some(0)), 0, "H3"), Some((1, false)));

    assert_eq!(game.audience(Shown::Holdings(0)), Audience::Seat(0));
    assert_eq!(game.audience(Shown::Holdings(1)), Audience::Seat(1));
    assert_eq!(game.audience(Shown::Holdings(2)), Audience::Everyone);

    let record = game.transcript();
    assert!(!record.contains("H3="), "{record}");
    assert!(record.contains("  round 1: D1=3r"), "{record}");
    assert!(record.contains("result: "), "{record}");

    let names: Vec<String> = ["Ann", "Ben", "Cy"].map(String::from).to_vec();
    let words = public.describe(&names, Layout::Seat(0));
    assert!(words.contains("1 tile of 22 placed"), "{words}");
    let json = serde_json::to_string(&public).expect("a view serializes");
    assert!(!json.contains("\"H3\""), "{json}");
}

#[test]
fn a_solitaire_plays_openly() {
    let mut game = example_4_game(1);
    assert_eq!(game.audience(Shown::Choice(0)), Audience::Everyone);
    assert_eq!(game.audience(Shown::Options(0)), Audience::Everyone);
    let events = play(&mut game, 0, "3r");
    assert_eq!(
        heard(&game, &events),
        [
            (
                Audience::Everyone,
                "Red places tile 3 turned on D1.".to_string()
            ),
            (
                Audience::Everyone,
                "Step 2 of 9: everyone places a tile on H3.".to_string()
            ),
        ]
    );
    assert!(matches!(
        events[0],
        DonQuixoteEvent::Placed {
            secrecy: Secrecy::Open,
            ..
        }
    ));
    // Ended in the middle of a step: nothing to hide either.
    play(&mut game, 0, "1");
    assert_eq!(game.step(), 2);
    game.forfeit(0, Forfeit::Resigned);
    assert_eq!(game.audience(Shown::Holdings(0)), Audience::Everyone);
    assert_eq!(game.view(None), game.view(Some(0)));
    assert!(game.transcript().contains("D1=3r H3=1"));
}

#[test]
fn the_computer_player_decides_from_its_own_board_alone() {
    use spieltisch::bots::{self, Level};
    // Blue's choice does not change when Red has placed: Blue does not see Red's tile, and
    // needs nothing but its own principality.
    let mut any = AnyGame::DonQuixote(example_4_game(3));
    let before = bots::choose(&any.seen(1), Level::Easy, 7).expect("a move");
    any.play(0, "3r").expect("legal");
    let seen = any.seen(1);
    let AnyView::DonQuixote(view) = any.view(Some(1)) else {
        panic!("a DonQuixote view");
    };
    assert_eq!(shown_on(&view, 0, "D1"), None);
    assert_eq!(bots::choose(&seen, Level::Easy, 7), Some(before));

    // Three greedy players play a whole game through what they see, and score like it.
    let mut any = AnyGame::new(&AnyOptions::DonQuixote(DonQuixoteOptions::default()), 3, 3)
        .expect("three players");
    let mut n = 0u64;
    while any.outcome().is_none() {
        let seat = any.to_act().seats()[0];
        let mv = bots::choose(&any.seen(seat), Level::Easy, n).expect("a move");
        any.play(seat, &mv).expect("the bot's move is legal");
        n += 1;
    }
    assert_eq!(n, 66);
    let scores = any.scores();
    assert!(scores.iter().all(|s| *s >= 25), "greedy scores {scores:?}");
}

// ---------------------------------------------------------------------------------------------
// Three languages: moves typed in the words of the English, German and Dutch help pages, and the
// game's words in German and Dutch.

#[test]
fn moves_parse_in_english_german_and_dutch() {
    use spieltisch::i18n::{Lang, scope};
    // (English, German, Dutch): the same move each; every word form of the parser appears.
    let forms: &[(&str, &str, &str, &str)] = &[
        // canonical, English, German, Dutch
        ("7", "place 7", "lege 7", "leg 7"),
        ("7", "play tile 7", "platziere Karte 7", "plaats kaart 7"),
        ("7", "put 7", "setze Wegekarte 7", "zet wegkaart 7"),
        ("7", "lay tile 7", "leg Karte 7", "leggen tegel 7"),
        ("7", "p 7", "legen 7", "plaatsen 7"),
        ("7", "tile 7", "platzieren 7", "speel 7"),
        ("7", "play 7", "spiele 7", "speel kaart 7"),
        ("7", "7", "setz 7", "7"),
        (
            "12r",
            "place 12 turned",
            "lege 12 gedreht",
            "leg 12 gedraaid",
        ),
        ("12r", "12 turn", "12 drehen", "12 draaien"),
        ("12r", "rotate 12", "drehe 12", "draai 12"),
        ("12r", "12 rotated", "dreh 12", "12 omgedraaid"),
        ("12r", "12R", "Karte 12 umgedreht", "KAART 12 GEDRAAID"),
        (
            "12r",
            "12 r",
            "12 um 180 Grad gedreht",
            "12 180 graden gedraaid",
        ),
        ("12r", "12 180°", "12 um 180°", "12 om 180 graden"),
    ];
    for (canonical, en, de, nl) in forms {
        for (lang, text) in [(Lang::En, en), (Lang::De, de), (Lang::Nl, nl)] {
            // The parser takes every language's words in every language's scope.
            for scope_lang in Lang::ALL {
                let parsed = scope(scope_lang, || text.parse::<Move>());
                let parsed = parsed.unwrap_or_else(|e| panic!("{lang}: {text}: {}", e.0));
                assert_eq!(parsed.to_string(), *canonical, "{lang}: {text}");
            }
        }
    }
    // A field named with any language's filler words parses to the move the game refuses.
    for text in [
        "place 7 on B3",
        "lege 7 auf b3",
        "leg 7 op B3",
        "7 at b3",
        "7 to B3",
    ] {
        assert_eq!(
            text.parse::<Move>(),
            Ok(Move::OnField {
                placement: Some(Placement::new(7, false)),
                field: f("B3")
            }),
            "{text}"
        );
    }
    // Unknown words are still refused, with the hint in the asker's language.
    let de = scope(Lang::De, || "lege Stein 7".parse::<Move>().unwrap_err().0);
    assert!(de.contains("ist kein Zug") && de.contains("12r"), "{de}");
    let nl = scope(Lang::Nl, || "28".parse::<Move>().unwrap_err().0);
    assert!(nl.contains("geen kaart 28"), "{nl}");
}

#[test]
fn the_game_speaks_the_terms_of_the_help_pages() {
    use spieltisch::i18n::{Lang, scope};
    let mut game = example_4_game(1);
    let mut events = Vec::new();
    for (_, tile) in EXAMPLE_4_ROUNDS[0] {
        events = play(&mut game, 0, tile);
    }
    let scored = &events[1];
    let en = scope(Lang::En, || scored.to_string());
    assert!(
        en.starts_with("Scoring 1, Red: churches 0, windmills 2"),
        "{en}"
    );
    let de = scope(Lang::De, || scored.to_string());
    for term in [
        "Wertung 1, Rot",
        "Kirchen 0",
        "Windmühlen 2",
        "Burg 6 auf G2 mit 0 Rittern",
        "Burg 4 auf C2 mit 1 Ritter",
        "Landesverteidigung 0",
        "= 6 Punkte",
    ] {
        assert!(de.contains(term), "{term}: {de}");
    }
    let nl = scope(Lang::Nl, || scored.to_string());
    for term in [
        "Telling 1, Rood",
        "kerken 0",
        "windmolens 2",
        "kasteel 6 op G2 met 0 ridders",
        "kasteel 4 op C2 met 1 ridder",
        "landsverdediging 0",
    ] {
        assert!(nl.contains(term), "{term}: {nl}");
    }
    assert_eq!(
        scope(Lang::De, || events[0].to_string()),
        "Rot legt Karte 5 gedreht auf C1."
    );
    assert_eq!(scope(Lang::Nl, || game.seat_label(0)), "Rood");
    assert_eq!(
        scope(Lang::De, || Symbol::Windmill.to_string()),
        "Windmühle"
    );
    assert_eq!(
        scope(Lang::Nl, || Symbol::Knight(2).to_string()),
        "ridder 2"
    );
    assert_eq!(Symbol::Church.to_string(), "church");
    // Every message of the game's file reads in every language (no syntax error hides one).
    let file = include_str!("../../locales/en/donquixote.ftl");
    let ids: Vec<&str> = file
        .lines()
        .filter(|l| l.starts_with("donquixote-"))
        .filter_map(|l| l.split_once(" =").map(|(id, _)| id))
        .collect();
    assert!(ids.len() > 50, "{} messages", ids.len());
    for lang in Lang::ALL {
        for id in &ids {
            assert!(
                spieltisch::i18n::format(lang, id, None).is_some(),
                "{lang}: {id}"
            );
        }
    }
}

#[test]
fn the_record_speaks_the_readers_language() {
    use spieltisch::i18n::{FluentArgs, Lang, format, scope};
    // Example 4 by two seats: seat 1 resigns at once, seat 0 plays to the end.
    let mut game = example_4_game(2);
    game.forfeit(1, Forfeit::Resigned);
    for (_, tile) in EXAMPLE_4_ROUNDS.iter().flat_map(|r| r.iter()) {
        play(&mut game, 0, tile);
    }
    assert_eq!(game.to_act(), ToAct::Nobody);
    let zero = |k: u8| {
        let group = if k == 3 { ", knight group 0" } else { "" };
        format!("  scoring {k}: churches 0, windmills 0, castles 0, land 0{group} = 0 (total 0)")
    };

    // English, outside every scope and in an English one: unchanged, line by line.
    let en = game.transcript();
    assert_eq!(scope(Lang::En, || game.transcript()), en);
    let lines: Vec<&str> = en.lines().collect();
    let (zero_1, zero_2, zero_3) = (zero(1), zero(2), zero(3));
    assert_eq!(
        lines,
        [
            "DonQuixote, 2 players",
            "castles: 6=G2 4=C2",
            "cards: D1 H3 F3 A2 B3 D2 G3 H1 C1 | B1 F2 F1 E3 H2 C3 A3 | D3 E1 A1 B2 G1 E2",
            "Red",
            "  round 1: D1=3r H3=1 F3=9r A2=4 B3=2 D2=6 G3=7 H1=8 C1=5r",
            "  scoring 1: churches 0, windmills 2, castles 4, land 0 = 6 (total 6)",
            "  round 2: B1=11r F2=10r F1=14 E3=13r H2=15 C3=12r A3=16r",
            "  scoring 2: churches 2, windmills 4, castles 0, land 5 = 11 (total 17)",
            "  round 3: D3=18r E1=19 A1=21r B2=20 G1=17r E2=22r",
            "  scoring 3: churches 2, windmills 6, castles 4, land 5, knight group 13 = 30 (total 47)",
            "Blue",
            zero_1.as_str(),
            zero_2.as_str(),
            zero_3.as_str(),
            "  resigned after step 0",
            "result: Red 47 (rank 1), Blue 0 (rank 2)",
        ]
    );
    let solo = new_game(1, 5).transcript();
    assert_eq!(solo.lines().next(), Some("DonQuixote, 1 player"));
    assert_eq!(
        scope(Lang::De, || new_game(1, 5).transcript())
            .lines()
            .next(),
        Some("DonQuixote, 1 Spieler")
    );

    // German and Dutch: the same layout with the labels of the message files; fields, tiles and
    // numbers stay as they are.
    let de = scope(Lang::De, || game.transcript());
    let nl = scope(Lang::Nl, || game.transcript());
    for (lang, record) in [(Lang::De, &de), (Lang::Nl, &nl)] {
        let translated: Vec<&str> = record.lines().collect();
        assert_eq!(translated.len(), lines.len(), "{record}");
        assert_eq!(
            translated[3],
            format(lang, "donquixote-red", None).unwrap(),
            "{record}"
        );
        let mut args = FluentArgs::new();
        args.set("round", 1);
        args.set(
            "placements",
            "D1=3r H3=1 F3=9r A2=4 B3=2 D2=6 G3=7 H1=8 C1=5r",
        );
        let round = format(lang, "donquixote-record-round", Some(&args)).unwrap();
        assert_eq!(translated[4], format!("  {round}"), "{record}");
        for (line, english) in translated.iter().zip(&lines) {
            assert_ne!(line, english, "{lang}: not translated");
        }
    }
    assert_eq!(
        de.lines().collect::<Vec<_>>(),
        [
            "DonQuixote, 2 Spieler",
            "Burgen: 6=G2 4=C2",
            "Positionskarten: D1 H3 F3 A2 B3 D2 G3 H1 C1 | B1 F2 F1 E3 H2 C3 A3 | D3 E1 A1 B2 G1 E2",
            "Rot",
            "  Runde 1: D1=3r H3=1 F3=9r A2=4 B3=2 D2=6 G3=7 H1=8 C1=5r",
            "  Wertung 1: Kirchen 0, Windmühlen 2, Burgen 4, Landesverteidigung 0 = 6 (insgesamt 6)",
            "  Runde 2: B1=11r F2=10r F1=14 E3=13r H2=15 C3=12r A3=16r",
            "  Wertung 2: Kirchen 2, Windmühlen 4, Burgen 0, Landesverteidigung 5 = 11 (insgesamt 17)",
            "  Runde 3: D3=18r E1=19 A1=21r B2=20 G1=17r E2=22r",
            "  Wertung 3: Kirchen 2, Windmühlen 6, Burgen 4, Landesverteidigung 5, Rittergruppe 13 = 30 (insgesamt 47)",
            "Blau",
            "  Wertung 1: Kirchen 0, Windmühlen 0, Burgen 0, Landesverteidigung 0 = 0 (insgesamt 0)",
            "  Wertung 2: Kirchen 0, Windmühlen 0, Burgen 0, Landesverteidigung 0 = 0 (insgesamt 0)",
            "  Wertung 3: Kirchen 0, Windmühlen 0, Burgen 0, Landesverteidigung 0, Rittergruppe 0 = 0 (insgesamt 0)",
            "  hat nach Schritt 0 aufgegeben",
            "Ergebnis: Rot 47 (Platz 1), Blau 0 (Platz 2)",
        ]
    );
    let nl_lines: Vec<&str> = nl.lines().collect();
    assert_eq!(nl_lines[0], "DonQuixote, 2 spelers");
    assert_eq!(nl_lines[1], "kastelen: 6=G2 4=C2");
    assert!(nl_lines[2].starts_with("positiekaarten: D1 H3 "), "{nl}");
    assert_eq!(nl_lines[3], "Rood");
    assert_eq!(
        nl_lines[9],
        "  telling 3: kerken 2, windmolens 6, kastelen 4, landsverdediging 5, riddergroep 13 = 30 (totaal 47)"
    );
    assert_eq!(nl_lines[10], "Blauw");
    assert_eq!(nl_lines[14], "  opgegeven na stap 0");
    assert_eq!(
        nl_lines[15],
        "uitslag: Rood 47 (plaats 1), Blauw 0 (plaats 2)"
    );
}
