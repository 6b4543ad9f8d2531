//! Every rule of `docs/rules/dvonn.md`, pinned with small constructed positions.
//!
//! Positions are written as `&[("D3", "BW"), ("F3", "D")]`: a field and its stack from the
//! bottom piece to the top one (`W` white, `B` black, `D` DVONN); unlisted fields are empty.

use std::collections::{BTreeSet, HashSet};

use crate::support::rules::{mv, play, refuse};
use spieltisch::games::dvonn::draw::pieces_svg;
use spieltisch::games::dvonn::{
    Color, Dvonn, DvonnError, DvonnEvent, DvonnOptions, Field, Move, Phase, Piece,
};
use spieltisch::games::{Draw, EndReason, Forfeit, Game, Layout, SetupError, ToAct};
use spieltisch::i18n::{Lang, scope};

const WHITE: usize = 0;
const BLACK: usize = 1;

fn f(name: &str) -> Field {
    name.parse().expect("test field name")
}

fn piece(letter: char) -> Piece {
    match letter {
        'W' => Piece::White,
        'B' => Piece::Black,
        'D' => Piece::Dvonn,
        other => panic!("test stack letter {other}"),
    }
}

fn stacks(desc: &[(&str, &str)]) -> Vec<Vec<Piece>> {
    let mut out = vec![Vec::new(); 49];
    for (name, pieces) in desc {
        let field = f(name);
        assert!(out[field.index()].is_empty(), "{name} listed twice");
        out[field.index()] = pieces.chars().map(piece).collect();
    }
    out
}

/// A movement-phase position with `to_move` to play (automatic passes resolved).
fn pos(desc: &[(&str, &str)], to_move: Color) -> Dvonn {
    Dvonn::from_stacks(stacks(desc), to_move).expect("49 stacks")
}

fn stack_text(game: &Dvonn, name: &str) -> String {
    game.stack(f(name)).iter().map(|p| p.letter()).collect()
}

fn legal(game: &Dvonn, seat: usize) -> BTreeSet<String> {
    game.legal_moves(seat)
        .iter()
        .map(|m| m.to_string())
        .collect()
}

fn set(moves: &[&str]) -> BTreeSet<String> {
    moves.iter().map(|m| m.to_string()).collect()
}

fn random_game(seed: u64) -> Dvonn {
    Dvonn::new(2, &DvonnOptions::default(), seed).expect("two players")
}

fn profi_game() -> Dvonn {
    Dvonn::new(2, &DvonnOptions { profi: true }, 1).expect("two players")
}

/// Fields with fewer than six neighbours on the board, computed from the spec's formula.
fn edge_fields() -> HashSet<Field> {
    let on_board = |r: i32, c: i32| {
        let (dr, dc) = (r - 2, c - 5);
        (0..5).contains(&r)
            && (0..11).contains(&c)
            && dr.abs().max(dc.abs()).max((dc - dr).abs()) <= 5
    };
    let dirs = [(0, 1), (0, -1), (1, 0), (1, 1), (-1, 0), (-1, -1)];
    Field::all()
        .filter(|fl| {
            let (r, c) = (fl.row() as i32, fl.col() as i32);
            dirs.iter().any(|(dr, dc)| !on_board(r + dr, c + dc))
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// Moving: distance, straight lines, landing.

/// White's two-high stack on D3; a black piece on E3, a DVONN piece on F3, a black piece on B3.
fn distance_position() -> Dvonn {
    pos(
        &[("D3", "BW"), ("E3", "B"), ("F3", "D"), ("B3", "B")],
        Color::White,
    )
}

#[test]
fn a_stack_moves_exactly_its_height_and_lands_only_on_occupied_fields() {
    let game = distance_position();
    assert_eq!(game.to_act(), ToAct::One(WHITE));
    // Two fields along each of the six lines: only B3 and F3 are occupied.
    assert_eq!(legal(&game, WHITE), set(&["D3B3", "D3F3"]));
    assert!(legal(&game, BLACK).is_empty(), "Black is not to move");
}

#[test]
fn wrong_distance_is_refused() {
    let mut game = distance_position();
    assert_eq!(
        refuse(&mut game, WHITE, "D3E3"),
        DvonnError::WrongDistance {
            from: f("D3"),
            to: f("E3"),
            height: 2,
            distance: 1
        }
    );
    assert_eq!(
        refuse(&mut game, WHITE, "D3G3"),
        DvonnError::WrongDistance {
            from: f("D3"),
            to: f("G3"),
            height: 2,
            distance: 3
        }
    );
    // One step along a diagonal line is still the wrong distance.
    assert!(matches!(
        refuse(&mut game, WHITE, "D3E4"),
        DvonnError::WrongDistance { distance: 1, .. }
    ));
}

#[test]
fn landing_on_an_empty_field_is_refused() {
    let mut game = distance_position();
    // D5 is two fields up the column from D3, but empty.
    assert_eq!(
        refuse(&mut game, WHITE, "D3D5"),
        DvonnError::EmptyTarget(f("D5"))
    );
    assert_eq!(
        refuse(&mut game, WHITE, "D3B1"),
        DvonnError::EmptyTarget(f("B1"))
    );
}

#[test]
fn only_the_six_hex_directions_are_straight() {
    let mut game = distance_position();
    // (row +1, col −1) is not one of the six directions; nor is a knight-like jump.
    for target in ["C4", "E5", "C1", "F4"] {
        assert_eq!(
            refuse(&mut game, WHITE, &format!("D3{target}")),
            DvonnError::NotStraight {
                from: f("D3"),
                to: f(target)
            },
            "D3 to {target}"
        );
    }
    assert_eq!(
        refuse(&mut game, WHITE, "D3D3"),
        DvonnError::SameField(f("D3"))
    );
}

#[test]
fn a_stack_jumps_over_pieces_and_lands_on_a_dvonn_piece() {
    let mut game = distance_position();
    let events = play(&mut game, WHITE, "D3F3");
    assert_eq!(
        events[0],
        DvonnEvent::Moved {
            color: Color::White,
            from: f("D3"),
            to: f("F3"),
            height: 2
        }
    );
    // It passed over the black piece on E3 and now sits on the DVONN piece.
    assert_eq!(stack_text(&game, "D3"), "");
    assert_eq!(stack_text(&game, "E3"), "B");
    assert_eq!(stack_text(&game, "F3"), "DBW");
    // B3 lost contact with every DVONN piece.
    assert_eq!(
        events[1],
        DvonnEvent::Removed {
            fields: vec![f("B3")],
            pieces: 1
        }
    );
    assert_eq!(stack_text(&game, "B3"), "");
    // The DVONN piece inside counts toward the height of White's stack.
    assert_eq!(game.controlled(Color::White), 3);
    assert_eq!(game.scores(), vec![3, 1]);
    assert_eq!(game.to_act(), ToAct::One(BLACK));
    // The three-high stack on F3 belongs to White: Black can't move it.
    assert_eq!(legal(&game, BLACK), set(&["E3F3"]));
}

#[test]
fn a_stack_jumps_over_empty_fields() {
    let mut game = distance_position();
    // D3 → B3 passes over the empty C3.
    let events = play(&mut game, WHITE, "D3B3");
    assert_eq!(
        events[0],
        DvonnEvent::Moved {
            color: Color::White,
            from: f("D3"),
            to: f("B3"),
            height: 2
        }
    );
    // The landed stack itself is cut off from the DVONN piece and leaves the game.
    assert_eq!(
        events[1],
        DvonnEvent::Removed {
            fields: vec![f("B3")],
            pieces: 3
        }
    );
    assert_eq!(game.scores(), vec![0, 1]);
    assert_eq!(game.to_act(), ToAct::One(BLACK));
}

#[test]
fn the_height_counts_not_the_colour_underneath() {
    // Two black pieces under White's top piece: White's stack, three high, moves three fields.
    let game = pos(
        &[("A1", "BBW"), ("D1", "B"), ("A3", "D"), ("B1", "W")],
        Color::White,
    );
    assert_eq!(legal(&game, WHITE), set(&["A1D1", "B1A1"]));
    // The black pieces under White's top give Black nothing to move: Black passes at once.
    let game = pos(
        &[("A1", "BBW"), ("D1", "B"), ("A3", "D"), ("B1", "W")],
        Color::Black,
    );
    assert_eq!(game.to_act(), ToAct::One(WHITE));
    assert_eq!(game.record().len(), 1);
    assert_eq!(game.record()[0].color, Color::Black);
}

#[test]
fn nothing_to_move_dvonn_on_top_and_opponent_stacks_are_refused() {
    let mut game = pos(
        &[
            ("A1", "W"),
            ("B1", "WD"),
            ("C1", "B"),
            ("D1", "D"),
            ("E1", "W"),
        ],
        Color::White,
    );
    assert_eq!(refuse(&mut game, WHITE, "A2B2"), DvonnError::Empty(f("A2")));
    assert_eq!(
        refuse(&mut game, WHITE, "B1D1"),
        DvonnError::DvonnOnTop(f("B1"))
    );
    assert_eq!(
        refuse(&mut game, WHITE, "D1C1"),
        DvonnError::DvonnOnTop(f("D1"))
    );
    assert_eq!(
        refuse(&mut game, WHITE, "C1D1"),
        DvonnError::NotYours {
            field: f("C1"),
            owner: Color::Black,
            you: Color::White
        }
    );
    // Nobody controls a stack with a DVONN piece on top, so no legal move starts there.
    assert_eq!(legal(&game, WHITE), set(&["A1B1", "E1D1"]));
    let black = pos(
        &[
            ("A1", "W"),
            ("B1", "WD"),
            ("C1", "B"),
            ("D1", "D"),
            ("E1", "W"),
        ],
        Color::Black,
    );
    assert_eq!(legal(&black, BLACK), set(&["C1B1", "C1D1"]));
}

#[test]
fn white_may_carry_a_dvonn_piece_inside_its_stack() {
    // F3 holds a DVONN piece under a white piece: White's two-high stack.
    let mut game = pos(
        &[("F3", "DW"), ("H3", "B"), ("G3", "B"), ("E3", "B")],
        Color::White,
    );
    assert_eq!(legal(&game, WHITE), set(&["F3H3"]));
    let events = play(&mut game, WHITE, "F3H3");
    assert_eq!(stack_text(&game, "H3"), "BDW");
    // The DVONN piece moved along, so the black piece on E3 is now cut off; G3 still touches H3.
    assert!(events.contains(&DvonnEvent::Removed {
        fields: vec![f("E3")],
        pieces: 1
    }));
    assert_eq!(stack_text(&game, "G3"), "B");
    assert_eq!(game.scores(), vec![3, 1]);
}

// ---------------------------------------------------------------------------------------------
// Surrounded pieces.

const SURROUND: &[(&str, &str)] = &[
    ("F3", "W"),
    ("E2", "B"),
    ("F2", "B"),
    ("E3", "D"),
    ("G3", "B"),
    ("F4", "B"),
    ("G4", "B"),
    ("A1", "W"),
    ("B1", "B"),
];

#[test]
fn a_piece_surrounded_on_all_six_sides_cannot_move() {
    let mut game = pos(SURROUND, Color::White);
    assert!(game.is_surrounded(f("F3")));
    assert_eq!(legal(&game, WHITE), set(&["A1B1"]));
    for target in ["G3", "E3", "F4", "F2", "E2", "G4"] {
        assert_eq!(
            refuse(&mut game, WHITE, &format!("F3{target}")),
            DvonnError::Surrounded(f("F3"))
        );
    }
}

#[test]
fn one_free_neighbour_frees_the_piece() {
    let mut desc: Vec<(&str, &str)> = SURROUND.to_vec();
    desc.retain(|(field, _)| *field != "G4");
    let game = pos(&desc, Color::White);
    assert!(!game.is_surrounded(f("F3")));
    assert_eq!(
        legal(&game, WHITE),
        set(&["A1B1", "F3E2", "F3E3", "F3F2", "F3F4", "F3G3"])
    );
}

#[test]
fn pieces_on_the_edge_are_never_surrounded() {
    // Corner A1 (three neighbours), edge F1 (four), corner K3 (three), all neighbours occupied.
    let game = pos(
        &[
            ("A1", "W"),
            ("A2", "B"),
            ("B1", "B"),
            ("B2", "D"),
            ("F1", "W"),
            ("E1", "B"),
            ("G1", "B"),
            ("F2", "B"),
            ("G2", "B"),
            ("K3", "W"),
            ("J3", "B"),
            ("K4", "B"),
            ("J2", "B"),
        ],
        Color::White,
    );
    for field in ["A1", "F1", "K3"] {
        assert!(!game.is_surrounded(f(field)), "{field}");
    }
    assert_eq!(
        legal(&game, WHITE),
        set(&[
            "A1A2", "A1B1", "A1B2", "F1E1", "F1G1", "F1F2", "F1G2", "K3J3", "K3K4", "K3J2"
        ])
    );
}

#[test]
fn on_a_full_board_exactly_the_edge_pieces_can_move() {
    let edge = edge_fields();
    assert_eq!(edge.len(), 24);
    for seed in 0..10 {
        let game = random_game(seed);
        for color in [Color::White, Color::Black] {
            let stacks: Vec<Vec<Piece>> = Field::all().map(|fl| game.stack(fl).to_vec()).collect();
            let position = Dvonn::from_stacks(stacks, color).expect("49 stacks");
            let from: HashSet<Field> = position
                .legal_moves(color.seat())
                .iter()
                .map(|m| match m {
                    Move::Step { from, .. } => *from,
                    other => panic!("not a step: {other}"),
                })
                .collect();
            let expected: HashSet<Field> = edge
                .iter()
                .copied()
                .filter(|fl| game.stack(*fl) == [color.piece()])
                .collect();
            assert_eq!(from, expected, "seed {seed}, {color}");
            for fl in Field::all() {
                assert_eq!(game.is_surrounded(fl), !edge.contains(&fl), "{fl}");
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Removal of cut-off pieces.

#[test]
fn a_cut_off_group_is_removed_and_a_group_with_a_dvonn_piece_stays() {
    // Row 3: DVONN on A3, then W B W B W; on the right W B DVONN.
    let mut game = pos(
        &[
            ("A3", "D"),
            ("B3", "W"),
            ("C3", "B"),
            ("D3", "W"),
            ("E3", "B"),
            ("F3", "W"),
            ("I3", "W"),
            ("J3", "B"),
            ("K3", "D"),
        ],
        Color::White,
    );
    let events = play(&mut game, WHITE, "B3C3");
    assert_eq!(
        events,
        vec![
            DvonnEvent::Moved {
                color: Color::White,
                from: f("B3"),
                to: f("C3"),
                height: 1
            },
            DvonnEvent::Removed {
                fields: vec![f("C3"), f("D3"), f("E3"), f("F3")],
                pieces: 5
            },
        ]
    );
    for field in ["B3", "C3", "D3", "E3", "F3"] {
        assert_eq!(stack_text(&game, field), "", "{field}");
    }
    for (field, stack) in [("A3", "D"), ("I3", "W"), ("J3", "B"), ("K3", "D")] {
        assert_eq!(stack_text(&game, field), stack, "{field}");
    }
    assert_eq!(game.to_act(), ToAct::One(BLACK));
    assert!(
        DvonnEvent::Removed {
            fields: vec![f("C3"), f("D3")],
            pieces: 5
        }
        .to_string()
        .contains("C3, D3")
    );
}

#[test]
fn a_buried_dvonn_piece_keeps_its_neighbours_in_the_game() {
    let mut game = pos(
        &[("E3", "W"), ("F3", "D"), ("G3", "B"), ("H3", "B")],
        Color::White,
    );
    let events = play(&mut game, WHITE, "E3F3");
    assert_eq!(stack_text(&game, "F3"), "DW");
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, DvonnEvent::Removed { .. })),
        "{events:?}"
    );
    assert_eq!(stack_text(&game, "G3"), "B");
    assert_eq!(stack_text(&game, "H3"), "B");
    assert_eq!(legal(&game, BLACK), set(&["G3F3", "G3H3", "H3G3"]));
}

#[test]
fn contact_runs_through_chains_of_neighbours_in_every_direction() {
    // A chain bending through rows 1–3 to the DVONN piece on A1; the black piece on I1 is alone.
    let mut game = pos(
        &[
            ("A1", "D"),
            ("B2", "W"),
            ("C3", "B"),
            ("C4", "W"),
            ("D5", "B"),
            ("E5", "W"),
            ("G1", "W"),
            ("H1", "B"),
            ("I1", "B"),
        ],
        Color::White,
    );
    // G1 onto H1 leaves H1 (now "BW") and I1 without contact: both go.
    let events = play(&mut game, WHITE, "G1H1");
    assert_eq!(
        events[1],
        DvonnEvent::Removed {
            fields: vec![f("H1"), f("I1")],
            pieces: 3
        }
    );
    for (field, stack) in [
        ("B2", "W"),
        ("C3", "B"),
        ("C4", "W"),
        ("D5", "B"),
        ("E5", "W"),
    ] {
        assert_eq!(stack_text(&game, field), stack, "{field}");
    }
}

// ---------------------------------------------------------------------------------------------
// Passing and the end.

/// White can move; Black's three-high stack on A3 could only land on the empty D3.
const PASSING: &[(&str, &str)] = &[
    ("A3", "BBB"),
    ("B3", "D"),
    ("C3", "W"),
    ("B2", "W"),
    ("C2", "W"),
];

#[test]
fn a_player_without_a_legal_move_is_passed_automatically() {
    let mut game = pos(PASSING, Color::White);
    assert_eq!(game.to_act(), ToAct::One(WHITE));
    assert!(game.record().is_empty());
    let events = play(&mut game, WHITE, "C2B2");
    assert_eq!(
        events,
        vec![
            DvonnEvent::Moved {
                color: Color::White,
                from: f("C2"),
                to: f("B2"),
                height: 1
            },
            DvonnEvent::Passed(Color::Black),
        ]
    );
    assert_eq!(game.to_act(), ToAct::One(WHITE));
    let record: Vec<String> = game
        .record()
        .iter()
        .map(|p| format!("{}:{}", p.color, p.mv))
        .collect();
    assert_eq!(record, ["White:C2B2", "Black:pass"]);
    assert_eq!(game.transcript(), "1. c2b2 pass");
    assert!(legal(&game, BLACK).is_empty());
    assert!(!game.legal_moves(WHITE).contains(&Move::Pass));
}

#[test]
fn pass_is_refused_while_a_legal_move_exists() {
    let mut game = pos(PASSING, Color::White);
    assert!(matches!(
        refuse(&mut game, WHITE, "pass"),
        DvonnError::MayNotPass(Move::Step { .. })
    ));
    play(&mut game, WHITE, "C2B2");
    assert!(matches!(
        refuse(&mut game, WHITE, "pass"),
        DvonnError::MayNotPass(_)
    ));
    // Black, passed automatically, is not to act at all.
    assert_eq!(
        refuse(&mut game, BLACK, "pass"),
        DvonnError::NotYourTurn(Color::White)
    );
}

#[test]
fn the_first_player_without_a_move_passes_at_once() {
    // White's only piece is stuck under the same shape: Black starts.
    let mut game = pos(
        &[("A3", "WWW"), ("B3", "D"), ("C3", "B"), ("B2", "B")],
        Color::White,
    );
    assert_eq!(game.to_act(), ToAct::One(BLACK));
    assert_eq!(game.record().len(), 1);
    assert_eq!(game.record()[0].mv, Move::Pass);
    assert_eq!(game.record()[0].color, Color::White);
    assert_eq!(legal(&game, BLACK), set(&["B2B3", "B2C3", "C3B2", "C3B3"]));
    let events = play(&mut game, BLACK, "C3B3");
    assert_eq!(events.last(), Some(&DvonnEvent::Passed(Color::White)));
    assert_eq!(game.to_act(), ToAct::One(BLACK));
    assert_eq!(game.transcript(), "1. pass c3b3 2. pass");
}

#[test]
fn the_game_ends_when_neither_player_can_move_and_counts_heights() {
    let mut game = pos(PASSING, Color::White);
    play(&mut game, WHITE, "C2B2");
    let events = play(&mut game, WHITE, "C3B3");
    // B2 "WW" and B3 "DW" are White's (the DVONN piece counts); A3 "BBB" is Black's.
    assert_eq!(
        events.last(),
        Some(&DvonnEvent::GameOver { white: 4, black: 3 })
    );
    assert_eq!(game.phase(), Phase::Over);
    assert_eq!(game.to_act(), ToAct::Nobody);
    let outcome = game.outcome().expect("the game is over");
    assert_eq!(outcome.scores, vec![4, 3]);
    assert_eq!(outcome.ranks, vec![1, 2]);
    assert_eq!(outcome.reason, EndReason::Normal);
    assert_eq!(outcome.winner(), Some(WHITE));
    assert!(legal(&game, WHITE).is_empty() && legal(&game, BLACK).is_empty());
    assert_eq!(
        game.transcript(),
        "1. c2b2 pass 2. c3b3\nresult: white 4 black 3"
    );
    // Nothing more is accepted.
    for (seat, text) in [
        (WHITE, "B2B3"),
        (BLACK, "A3D3"),
        (WHITE, "pass"),
        (BLACK, "pass"),
    ] {
        assert_eq!(refuse(&mut game, seat, text), DvonnError::GameOver);
    }
}

#[test]
fn equal_counts_are_a_draw() {
    let mut game = pos(PASSING, Color::White);
    play(&mut game, WHITE, "C2B2");
    let events = play(&mut game, WHITE, "C3B2");
    assert_eq!(stack_text(&game, "B2"), "WWW");
    assert_eq!(
        events.last(),
        Some(&DvonnEvent::GameOver { white: 3, black: 3 })
    );
    let outcome = game.outcome().expect("the game is over");
    assert_eq!(outcome.ranks, vec![1, 1]);
    assert_eq!(outcome.winner(), None);
    assert!(outcome.is_draw());
}

#[test]
fn a_position_where_nobody_can_move_is_over_at_once() {
    let game = pos(&[("A1", "WW"), ("B1", "D"), ("I1", "BB")], Color::White);
    assert_eq!(game.to_act(), ToAct::Nobody);
    let outcome = game.outcome().expect("over");
    assert_eq!(outcome.scores, vec![2, 2]);
    assert!(outcome.is_draw());
    assert!(game.record().is_empty());
}

#[test]
fn scores_count_only_stacks_with_the_players_piece_on_top() {
    let game = pos(
        &[
            ("A1", "WBW"),
            ("B1", "BWDB"),
            ("C1", "WWD"),
            ("D1", "B"),
            ("E1", "W"),
        ],
        Color::White,
    );
    assert_eq!(game.scores(), vec![4, 5]);
    assert_eq!(game.controlled(Color::White), 4);
    assert_eq!(game.controlled(Color::Black), 5);
}

// ---------------------------------------------------------------------------------------------
// Setup.

#[test]
fn random_setup_fills_every_field_with_the_49_pieces() {
    for seed in 0..20 {
        let game = random_game(seed);
        assert_eq!(game.phase(), Phase::Movement);
        assert_eq!(game.next_piece(), None);
        let mut counts = [0; 3];
        for fl in Field::all() {
            let stack = game.stack(fl);
            assert_eq!(stack.len(), 1, "seed {seed}: {fl}");
            counts[match stack[0] {
                Piece::White => 0,
                Piece::Black => 1,
                Piece::Dvonn => 2,
            }] += 1;
        }
        assert_eq!(counts, [23, 23, 3], "seed {seed}");
        // White moves first unless it has no move at all.
        match game.record().first() {
            None => assert_eq!(game.to_act(), ToAct::One(WHITE)),
            Some(first) => assert_eq!((first.color, first.mv), (Color::White, Move::Pass)),
        }
    }
}

#[test]
fn random_setup_is_deterministic_per_seed_and_differs_between_seeds() {
    let layout = |g: &Dvonn| -> String {
        Field::all()
            .map(|fl| g.stack(fl).iter().map(|p| p.letter()).collect::<String>())
            .collect()
    };
    assert_eq!(random_game(42), random_game(42));
    let layouts: HashSet<String> = (0..20).map(|s| layout(&random_game(s))).collect();
    assert_eq!(layouts.len(), 20, "20 seeds should give 20 layouts");
    assert_ne!(layout(&random_game(1)), layout(&random_game(2)));
}

#[test]
fn dvonn_needs_exactly_two_players() {
    for players in [0, 1, 3, 4] {
        assert!(matches!(
            Dvonn::new(players, &DvonnOptions::default(), 1),
            Err(SetupError::PlayerCount { got, .. }) if got == players
        ));
    }
}

#[test]
fn profi_placement_order() {
    let mut game = profi_game();
    assert_eq!(game.phase(), Phase::Placement);
    for (k, field) in Field::all().enumerate() {
        // DVONN pieces: White, Black, White; then Black, White, ... with their own pieces.
        let (seat, piece) = match k {
            0 | 2 => (WHITE, Piece::Dvonn),
            1 => (BLACK, Piece::Dvonn),
            _ if k % 2 == 1 => (BLACK, Piece::Black),
            _ => (WHITE, Piece::White),
        };
        assert_eq!(game.to_act(), ToAct::One(seat), "placement {}", k + 1);
        assert_eq!(game.next_piece(), Some(piece), "placement {}", k + 1);
        assert_eq!(game.legal_moves(seat).len(), 49 - k);
        assert!(game.legal_moves(1 - seat).is_empty());
        // The wrong seat is refused.
        let err = refuse(&mut game, 1 - seat, &field.to_string());
        assert!(matches!(err, DvonnError::NotYourTurn(_)));
        if k > 0 {
            let err = refuse(&mut game, seat, "A1");
            assert_eq!(err, DvonnError::Occupied(f("A1")));
        }
        let events = play(&mut game, seat, &field.to_string());
        assert_eq!(
            events[0],
            DvonnEvent::Placed {
                color: Color::from_seat(seat),
                piece,
                field
            }
        );
        assert_eq!(game.stack(field), [piece]);
        if k < 48 {
            assert_eq!(events.len(), 1);
            assert_eq!(game.phase(), Phase::Placement);
        } else {
            // White placed the 49th piece: the moving phase starts with White.
            assert_eq!(seat, WHITE);
            assert_eq!(events[1], DvonnEvent::SetupDone);
            assert_eq!(game.phase(), Phase::Movement);
            assert_eq!(game.to_act(), ToAct::One(WHITE));
            assert_eq!(game.next_piece(), None);
        }
    }
    let count = |p: Piece| Field::all().filter(|fl| game.stack(*fl) == [p]).count();
    assert_eq!(
        (
            count(Piece::White),
            count(Piece::Black),
            count(Piece::Dvonn)
        ),
        (23, 23, 3)
    );
    // Placements are over; moves work.
    assert!(matches!(
        refuse(&mut game, WHITE, "A1"),
        DvonnError::SetupOver(_)
    ));
    let first = game.legal_moves(WHITE)[0];
    assert!(game.apply(WHITE, &first).is_ok());
}

#[test]
fn moves_and_passes_are_refused_during_the_setup() {
    let mut game = profi_game();
    play(&mut game, WHITE, "F3");
    assert!(matches!(
        refuse(&mut game, BLACK, "F3G3"),
        DvonnError::StillSetup(Move::Place(_))
    ));
    assert!(matches!(
        refuse(&mut game, BLACK, "pass"),
        DvonnError::StillSetup(_)
    ));
    assert_eq!(
        refuse(&mut game, BLACK, "F3"),
        DvonnError::Occupied(f("F3"))
    );
    assert_eq!(
        refuse(&mut game, WHITE, "G3"),
        DvonnError::NotYourTurn(Color::Black)
    );
}

// ---------------------------------------------------------------------------------------------
// Forfeit, turn order, refusals.

#[test]
fn resigning_running_out_of_time_or_abandoning_loses() {
    for (seat, reason) in [
        (WHITE, Forfeit::Resigned),
        (BLACK, Forfeit::Resigned),
        (WHITE, Forfeit::TimedOut),
        (BLACK, Forfeit::TimedOut),
        (WHITE, Forfeit::Abandoned),
        (BLACK, Forfeit::Abandoned),
        (WHITE, Forfeit::Stopped),
    ] {
        let mut game = random_game(3);
        let events = game.forfeit(seat, reason);
        assert_eq!(
            events,
            vec![DvonnEvent::Forfeited(Color::from_seat(seat), reason)]
        );
        assert_eq!(game.to_act(), ToAct::Nobody);
        let outcome = game.outcome().expect("over after a forfeit");
        assert_eq!(outcome.reason, EndReason::Forfeit(seat, reason));
        assert_eq!(outcome.winner(), Some(1 - seat));
        assert_eq!(outcome.ranks[1 - seat], 1);
        assert_eq!(outcome.ranks[seat], 2);
        let last = game.transcript();
        let expected = match reason {
            Forfeit::Resigned => format!("{} resigns", Color::from_seat(seat)),
            Forfeit::TimedOut => format!("{} ran out of time", Color::from_seat(seat)),
            Forfeit::Abandoned => format!("{} abandoned the game", Color::from_seat(seat)),
            Forfeit::Stopped => format!("{} stopped", Color::from_seat(seat)),
        };
        assert!(last.ends_with(&expected), "{last}");
        // Nothing is accepted afterwards, and a second forfeit changes nothing.
        assert!(game.legal_moves(WHITE).is_empty() && game.legal_moves(BLACK).is_empty());
        assert_eq!(refuse(&mut game, WHITE, "A1B1"), DvonnError::GameOver);
        let before = game.clone();
        assert!(game.forfeit(1 - seat, Forfeit::Resigned).is_empty());
        assert_eq!(game, before);
    }
    // Forfeit during the setup, too.
    let mut game = profi_game();
    game.forfeit(BLACK, Forfeit::TimedOut);
    assert_eq!(game.outcome().and_then(|o| o.winner()), Some(WHITE));
}

#[test]
fn moving_out_of_turn_is_refused() {
    let mut game = random_game(5);
    assert_eq!(game.to_act(), ToAct::One(WHITE));
    let white_move = game.legal_moves(WHITE)[0];
    let err = refuse(&mut game, BLACK, &white_move.to_string());
    assert_eq!(err, DvonnError::NotYourTurn(Color::White));
    assert!(game.legal_moves(BLACK).is_empty());
    // A seat that does not exist is refused too.
    let before = game.clone();
    assert!(game.apply(7, &white_move).is_err());
    assert_eq!(game, before);
}

/// Every conceivable move for both seats: accepted exactly when listed as legal, and a refused
/// move leaves the state untouched.
fn sweep(game: &Dvonn, context: &str) {
    let mut candidates = vec![Move::Pass];
    for from in Field::all() {
        candidates.push(Move::Place(from));
        for to in Field::all() {
            candidates.push(Move::Step { from, to });
        }
    }
    for seat in [WHITE, BLACK] {
        let legal = game.legal_moves(seat);
        for mv in &candidates {
            let mut probe = game.clone();
            match probe.apply(seat, mv) {
                Ok(_) => assert!(
                    legal.contains(mv),
                    "{context}: {mv} by seat {seat} accepted but not listed"
                ),
                Err(e) => {
                    assert_eq!(
                        probe, *game,
                        "{context}: refused {mv} ({e}) changed the state"
                    );
                    assert!(
                        !legal.contains(mv),
                        "{context}: listed {mv} by seat {seat} refused: {e}"
                    );
                }
            }
        }
    }
}

#[test]
fn every_refused_move_leaves_the_state_unchanged() {
    sweep(&distance_position(), "distance position");
    sweep(&pos(SURROUND, Color::White), "surround position");
    let mut game = pos(PASSING, Color::White);
    play(&mut game, WHITE, "C2B2");
    sweep(&game, "after a pass");
    play(&mut game, WHITE, "C3B3");
    sweep(&game, "game over");
    // A random game at several points, and a manual setup at its start, middle and end.
    let mut game = random_game(11);
    for ply in 0..40 {
        if ply % 8 == 0 {
            sweep(&game, &format!("random game, ply {ply}"));
        }
        let ToAct::One(seat) = game.to_act() else {
            break;
        };
        let moves = game.legal_moves(seat);
        let pick = moves[(ply * 7) % moves.len()];
        play(&mut game, seat, &pick.to_string());
    }
    sweep(&game, "random game, end");
    let mut game = profi_game();
    for (k, field) in Field::all().enumerate() {
        if k == 0 || k == 3 || k == 47 || k == 48 {
            sweep(&game, &format!("profi, placement {}", k + 1));
        }
        let ToAct::One(seat) = game.to_act() else {
            panic!("placement without a seat to act");
        };
        play(&mut game, seat, &field.to_string());
    }
    sweep(&game, "profi, first move");
}

// ---------------------------------------------------------------------------------------------
// The transcript.

#[test]
fn random_transcript_starts_with_the_setup_and_numbers_white_entries() {
    let mut game = random_game(20);
    let setup_line = game.transcript();
    let mut words = setup_line.split_whitespace();
    assert_eq!(words.next(), Some("setup:"));
    let pairs: Vec<&str> = words.collect();
    assert_eq!(pairs.len(), 49);
    for (pair, field) in pairs.iter().zip(Field::all()) {
        let letter = game.stack(field)[0].letter();
        assert_eq!(
            *pair,
            format!("{}:{letter}", field.to_string().to_ascii_lowercase())
        );
    }
    // Play the game out, always taking the first legal move.
    while let ToAct::One(seat) = game.to_act() {
        let first = game.legal_moves(seat)[0];
        play(&mut game, seat, &first.to_string());
    }
    let transcript = game.transcript();
    let lines: Vec<&str> = transcript.lines().collect();
    assert_eq!(lines.len(), 3, "{transcript}");
    assert_eq!(lines[0], setup_line.trim_end());
    let outcome = game.outcome().expect("over");
    assert_eq!(
        lines[2],
        format!(
            "result: white {} black {}",
            outcome.scores[0], outcome.scores[1]
        )
    );
    // Rebuild the move line from the record: a number before every White entry.
    let mut expected = Vec::new();
    let mut number = 0;
    for played in game.record() {
        if played.color == Color::White {
            number += 1;
            expected.push(format!("{number}."));
        }
        expected.push(played.mv.to_string().to_ascii_lowercase());
    }
    assert_eq!(lines[1], expected.join(" "));
    assert!(lines[1].starts_with("1. "));
}

#[test]
fn transcript_shows_passes_in_place() {
    let mut game = pos(PASSING, Color::White);
    play(&mut game, WHITE, "C2B2");
    assert!(game.transcript().contains("pass"));
    let mut seen_pass = false;
    for seed in 0..40 {
        let mut game = random_game(seed);
        while let ToAct::One(seat) = game.to_act() {
            let moves = game.legal_moves(seat);
            let pick = moves[moves.len() / 2];
            play(&mut game, seat, &pick.to_string());
        }
        let passes = game.record().iter().filter(|p| p.mv == Move::Pass).count();
        let line = game.transcript();
        let moves_line = line.lines().nth(1).unwrap_or("");
        assert_eq!(
            moves_line
                .split_whitespace()
                .filter(|w| *w == "pass")
                .count(),
            passes,
            "seed {seed}"
        );
        seen_pass |= passes > 0;
    }
    assert!(seen_pass, "some game among 40 should pass");
}

#[test]
fn profi_transcript_numbers_every_white_placement() {
    let mut game = profi_game();
    for field in Field::all() {
        let ToAct::One(seat) = game.to_act() else {
            panic!("placement without a seat to act");
        };
        play(&mut game, seat, &field.to_string());
    }
    let first = game.legal_moves(WHITE)[0];
    play(&mut game, WHITE, &first.to_string());
    let transcript = game.transcript();
    assert!(!transcript.contains("setup:"));
    assert!(
        transcript.starts_with("1. a1 b1 2. c1 d1 3. e1 f1"),
        "{transcript}"
    );
    // White's 49th placement (K5) stands alone as entry 25; the first move is entry 26.
    let tail = format!("25. k5 26. {}", first.to_string().to_ascii_lowercase());
    assert!(transcript.ends_with(&tail), "{transcript}");
}

// ---------------------------------------------------------------------------------------------
// Three languages: the move words typed in English, German or Dutch; the texts in each language.

#[test]
fn every_word_form_of_a_move_parses_to_the_same_move_in_all_three_languages() {
    // `pass` (English), `passen` / `aussetzen` (German), `passen` / `pas` (Dutch), any case.
    for text in [
        "pass",
        "PASS",
        "Pass",
        "passen",
        "Passen",
        "aussetzen",
        "AUSSETZEN",
        "pas",
        "Pas",
        " pas ",
    ] {
        assert_eq!(mv::<Move>(text), Move::Pass, "{text}");
        assert_eq!(
            mv::<Move>(text).to_string(),
            "pass",
            "{text} prints in English"
        );
    }
    // Fields carry no words: the same in every language.
    for lang in [Lang::En, Lang::De, Lang::Nl] {
        scope(lang, || {
            assert_eq!(mv::<Move>("a2b2"), mv("A2-B2"));
            assert_eq!(mv::<Move>("g2"), Move::Place(f("G2")));
            assert_eq!(mv::<Move>("Passen"), Move::Pass);
        });
    }
    // A German or Dutch pass refused while a move exists, exactly like the English one.
    let mut game = pos(PASSING, Color::White);
    for text in ["passen", "aussetzen", "pas"] {
        assert!(matches!(
            refuse(&mut game, WHITE, text),
            DvonnError::MayNotPass(_)
        ));
    }
}

#[test]
fn texts_come_in_english_german_and_dutch() {
    let mut game = pos(PASSING, Color::White);
    let events = play(&mut game, WHITE, "C2B2");
    let error = refuse(&mut game, WHITE, "pass");
    let parse = "hello".parse::<Move>().unwrap_err();
    let field = "Z9".parse::<Field>().unwrap_err();
    // In order: the two events, the refusal, the parse error, the field error, the seat label,
    // a removal, the setup prompt.
    let texts = |lang| {
        scope(lang, || {
            let mut out: Vec<String> = events.iter().map(|e| e.to_string()).collect();
            out.push(error.to_string());
            out.push("hello".parse::<Move>().unwrap_err().0);
            out.push(field.to_string());
            out.push(game.seat_label(BLACK));
            out.push(
                DvonnEvent::Removed {
                    fields: vec![f("C3"), f("D3")],
                    pieces: 3,
                }
                .to_string(),
            );
            out.push(profi_game().prompt().expect("a setup prompt"));
            out
        })
    };
    let en = texts(Lang::En);
    assert_eq!(
        &en[..2],
        &[
            "White moves C2→B2.".to_string(),
            "Black has no legal move and passes.".to_string()
        ]
    );
    assert_eq!(
        en[6],
        "Cut off from the DVONN pieces and removed: C3, D3 (3 pieces)."
    );
    assert_eq!(
        en[7],
        "Setup: White places a DVONN piece on an empty field (1 of 49)."
    );
    assert_eq!(parse.0, en[3], "outside every scope the text is English");
    let de = texts(Lang::De);
    let nl = texts(Lang::Nl);
    assert_eq!(de[5], "Schwarz");
    assert_eq!(nl[5], "Zwart");
    assert_eq!(de[1], "Schwarz kann nicht ziehen und setzt aus.");
    assert!(de[7].contains("Dvonnstein"), "{}", de[7]);
    assert!(nl[7].contains("DVONN-stuk"), "{}", nl[7]);
    for (lang, texts) in [("de", &de), ("nl", &nl)] {
        for (i, text) in texts.iter().enumerate() {
            assert_ne!(*text, en[i], "{lang} #{i} is translated");
            assert!(
                !text.contains('{') && !text.contains("dvonn-"),
                "{lang}: {text}"
            );
        }
    }
    // The game record stays English whatever the language.
    let mut over = pos(PASSING, Color::White);
    over.forfeit(BLACK, Forfeit::Resigned);
    let record = scope(Lang::De, || over.transcript());
    assert!(record.ends_with("Black resigns"), "{record}");
}

#[test]
fn the_board_in_words_and_the_image_follow_the_language() {
    let game = pos(PASSING, Color::White);
    let view = game.view(None);
    let names = ["Ann".to_string(), "Ben".to_string()];
    let words = |lang| scope(lang, || view.describe(&names, Layout::Table));
    assert_eq!(
        words(Lang::En),
        "Dvonn: White (Ann) to move. White controls 3 stacks (3 pieces), Black 1 stack (3 pieces); 1 DVONN piece on the board."
    );
    assert_eq!(
        words(Lang::De),
        "Dvonn: Weiß (Ann) ist am Zug. Weiß kontrolliert 3 Türme (3 Steine), Schwarz 1 Turm (3 Steine); 1 Dvonnstein auf dem Brett."
    );
    assert!(words(Lang::Nl).contains("Wit (Ann) is aan zet."));
    let image = |lang| scope(lang, || pieces_svg(&view, &names).expect("an image"));
    assert!(image(Lang::En).contains("White to move"));
    assert!(image(Lang::En).contains("White · 3 pieces"));
    assert!(image(Lang::De).contains("Weiß ist am Zug"));
    assert!(image(Lang::Nl).contains("Zwart · 3 stukken<"));
}
