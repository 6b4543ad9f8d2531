//! `SIGTERM` in the middle of a load of moves on several tables: the console takes no more
//! lines, finishes the one in flight, exits 0; after a restart every acknowledged move is
//! there, nothing unanswered was played, and nothing was answered twice.

use std::collections::BTreeMap;

use spieltisch::games::Game;
use spieltisch::games::dvonn::{Dvonn, DvonnOptions};

use crate::support::console::Console;

const TABLES: usize = 4;

/// The placements acknowledged in `lines`, per table: `[#t1] White places a piece on C3.`
fn acknowledged(lines: &[String]) -> BTreeMap<usize, Vec<String>> {
    let mut placed: BTreeMap<usize, Vec<String>> = BTreeMap::new();
    for line in lines {
        let Some(rest) = line.strip_prefix("[#t") else {
            continue;
        };
        let Some((table, said)) = rest.split_once("] ") else {
            continue;
        };
        if !(said.starts_with("White places") || said.starts_with("Black places")) {
            continue;
        }
        let cell = said
            .split(" on ")
            .nth(1)
            .and_then(|c| c.split('.').next())
            .expect("a cell");
        placed
            .entry(table.parse().expect("a table number"))
            .or_default()
            .push(cell.to_string());
    }
    placed
}

/// The pieces on the board, from a board image's description ("White controls 1 stack (1
/// piece), Black 2 stacks (2 pieces); 3 DVONN pieces on the board."): every number before
/// "piece(s)" or "DVONN piece(s)".
fn pieces_on_board(description: &str) -> usize {
    let words: Vec<&str> = description
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    let number = |i: usize| words.get(i).and_then(|w| w.parse::<usize>().ok());
    (2..words.len())
        .filter(|i| words[*i] == "piece" || words[*i] == "pieces")
        .filter_map(|i| match words[i - 1] {
            "DVONN" => number(i - 2),
            _ => number(i - 1),
        })
        .sum()
}

#[test]
fn sigterm_mid_load_loses_nothing_acknowledged_and_answers_nothing_twice() {
    let dir = tempfile::tempdir().expect("temp dir");
    // The 49 placements of a game set up by hand (`profi`), in turn, as the engine allows.
    let mut game = Dvonn::new(2, &DvonnOptions { profi: true }, 1).expect("a game");
    let plies: Vec<(usize, String)> = (0..49)
        .map(|_| {
            let seat = (0..2)
                .find(|s| !game.legal_moves(*s).is_empty())
                .expect("someone places");
            let m = game.legal_moves(seat)[0];
            game.apply(seat, &m).expect("a legal placement");
            (seat, m.to_string())
        })
        .collect();
    let cells: Vec<String> = plies.iter().map(|(_, c)| c.clone()).collect();
    let mut console = Console::start(dir.path(), &["--seed", "5"], &[]);
    for t in 1..=TABLES {
        console.say(&format!(
            "#t{t} alice: /join dvonn profi\n#t{t} bob: /join\n#t{t} alice: /start"
        ));
        console.until(&format!("[#t{t}] The game of Dvonn begins"));
    }
    // Every placement of every table, round and round: alice (White) and bob in turn.
    let mut script = String::new();
    for (seat, cell) in &plies {
        let who = ["alice", "bob"][*seat];
        for t in 1..=TABLES {
            script.push_str(&format!("#t{t} {who}: /m {cell}\n"));
        }
    }
    console.say(&script);
    let mut seen = console.until("places");
    while acknowledged(&seen).values().map(Vec::len).sum::<usize>() < 20 {
        seen.extend(console.until("places"));
    }
    console.terminate();
    let (status, rest) = console.exit();
    assert!(status.success(), "a clean stop exits 0: {status:?}");
    seen.extend(rest);
    let placed = acknowledged(&seen);
    let total: usize = placed.values().map(Vec::len).sum();
    assert!(
        total < TABLES * cells.len(),
        "stopped in the middle, not after the end ({total} moves answered)"
    );
    for (table, moves) in &placed {
        let mut unique = moves.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(
            unique.len(),
            moves.len(),
            "#t{table}: a move answered twice"
        );
        assert_eq!(
            moves[..],
            cells[..moves.len()],
            "#t{table}: the moves answered are the script's, in order"
        );
    }
    // Restarted on the same store: each table holds exactly the moves answered.
    let mut console = Console::start(dir.path(), &["--seed", "5"], &[]);
    for t in 1..=TABLES {
        console.say(&format!("#t{t} alice: /board"));
        let lines = console.until(&format!("[#t{t}] image:"));
        let description = lines.last().expect("the board's line");
        let answered = placed.get(&t).map_or(0, Vec::len);
        assert_eq!(
            pieces_on_board(description),
            answered,
            "#t{t}: the store holds exactly the moves answered: {description}"
        );
    }
    assert!(console.finish().success());
}
