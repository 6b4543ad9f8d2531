//! Perft-style move counts for Dvonn, checked against two generators.
//!
//! `tests/data/dvonn_perft.txt` records, per line, `seed=<u64> options=<random|profi>
//! [plies=<k>] depth=<d> nodes=<n>`: the game set up by `Dvonn::new(2, options, seed)`, then `k`
//! moves chosen by a fixed rule (sort the legal move texts, pick with a splitmix64 stream keyed by
//! the seed), then the number of move sequences of length `d` from there.
//!
//! perft(pos, 0) = 1; perft(pos, d) = the sum over the legal moves of the seat to act of
//! perft(after the move, d − 1); a finished game counts 0 at depth > 0. Automatic passes happen
//! inside a move, so they are not moves of their own.
//!
//! Every count is computed twice: by the engine (`Game::legal_moves` / `Game::apply`) and by the
//! deliberately simple generator [`simple`] below, which has its own board (a 5 × 11 grid indexed
//! by `(row, column)`), its own geometry, surround, removal, pass and end logic written from
//! `docs/rules/dvonn.md`, and takes nothing from the engine but the initial layout (read from the
//! engine's public view). Both must match the recorded number.

use spieltisch::games::dvonn::{Dvonn, DvonnOptions};
use spieltisch::games::{Game, ToAct};

const DATA: &str = include_str!("../data/dvonn_perft.txt");

/// One line of the data file.
#[derive(Debug, Clone)]
struct Case {
    line: usize,
    seed: u64,
    profi: bool,
    plies: usize,
    depth: usize,
    nodes: u64,
}

fn parse_cases(text: &str) -> Result<Vec<Case>, String> {
    let mut cases = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let (mut seed, mut profi, mut plies, mut depth, mut nodes) = (None, None, 0, None, None);
        for token in line.split_whitespace() {
            let (key, value) = token
                .split_once('=')
                .ok_or_else(|| format!("line {}: `{token}` is not key=value", i + 1))?;
            let bad = |e: std::num::ParseIntError| format!("line {}: {key}: {e}", i + 1);
            match key {
                "seed" => seed = Some(value.parse::<u64>().map_err(bad)?),
                "options" => {
                    profi = Some(match value {
                        "random" => false,
                        "profi" => true,
                        _ => return Err(format!("line {}: unknown options `{value}`", i + 1)),
                    })
                }
                "plies" => plies = value.parse::<usize>().map_err(bad)?,
                "depth" => depth = Some(value.parse::<usize>().map_err(bad)?),
                "nodes" => nodes = Some(value.parse::<u64>().map_err(bad)?),
                _ => return Err(format!("line {}: unknown key `{key}`", i + 1)),
            }
        }
        let missing = |what: &str| format!("line {}: missing {what}", i + 1);
        cases.push(Case {
            line: i + 1,
            seed: seed.ok_or_else(|| missing("seed"))?,
            profi: profi.ok_or_else(|| missing("options"))?,
            plies,
            depth: depth.ok_or_else(|| missing("depth"))?,
            nodes: nodes.ok_or_else(|| missing("nodes"))?,
        });
    }
    Ok(cases)
}

/// splitmix64: the stream that picks the prefix moves (independent of any crate's RNG).
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Index into a list of `len` (> 0) moves.
    fn pick(&mut self, len: usize) -> usize {
        (self.next() % len as u64) as usize
    }
}

fn prefix_stream(seed: u64) -> SplitMix {
    SplitMix(seed ^ 0x5EED_D70A_0000_0001)
}

// ---------------------------------------------------------------------------------------------
// The engine side.

fn engine_new(case: &Case) -> Dvonn {
    let options = DvonnOptions { profi: case.profi };
    Dvonn::new(2, &options, case.seed).expect("two players set up a Dvonn game")
}

fn engine_seat(game: &Dvonn) -> Option<usize> {
    match game.to_act() {
        ToAct::One(seat) => Some(seat),
        ToAct::Nobody => None,
        ToAct::Many(seats) => panic!("Dvonn never lets several seats act at once: {seats:?}"),
    }
}

/// The sorted legal move texts of the seat to act (empty when the game is over).
fn engine_moves_sorted(game: &Dvonn) -> Vec<String> {
    let Some(seat) = engine_seat(game) else {
        return Vec::new();
    };
    let mut moves: Vec<String> = game
        .legal_moves(seat)
        .iter()
        .map(|m| m.to_string())
        .collect();
    moves.sort();
    moves
}

fn engine_perft(game: &Dvonn, depth: usize) -> u64 {
    if depth == 0 {
        return 1;
    }
    let Some(seat) = engine_seat(game) else {
        return 0;
    };
    let moves = game.legal_moves(seat);
    assert!(!moves.is_empty(), "the seat to act has no legal move");
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|mv| {
            let mut next = game.clone();
            if let Err(e) = next.apply(seat, mv) {
                panic!("legal move {mv} refused: {e}");
            }
            engine_perft(&next, depth - 1)
        })
        .sum()
}

// ---------------------------------------------------------------------------------------------
// The simple, independent generator.

mod simple {
    //! Dvonn straight from the spec text, sharing no rule code with the engine.

    /// 0-based (row, column): row 1 is 0, column A is 0.
    pub type Pos = (i32, i32);

    /// The six neighbours of (r, c): (r, c±1), (r+1, c), (r+1, c+1), (r−1, c), (r−1, c−1).
    const DIRS: [(i32, i32); 6] = [(0, 1), (0, -1), (1, 0), (1, 1), (-1, 0), (-1, -1)];

    /// On the board iff max(|dc|, |dr|, |dc − dr|) ≤ 5 with dr = r − 2, dc = c − 5.
    pub fn on_board((r, c): Pos) -> bool {
        let (dr, dc) = (r - 2, c - 5);
        (0..5).contains(&r)
            && (0..11).contains(&c)
            && dr.abs().max(dc.abs()).max((dc - dr).abs()) <= 5
    }

    pub fn all_fields() -> Vec<Pos> {
        let mut out = Vec::new();
        for r in 0..5 {
            for c in 0..11 {
                if on_board((r, c)) {
                    out.push((r, c));
                }
            }
        }
        out
    }

    /// `A1` → (0, 0).
    pub fn parse_field(name: &str) -> Pos {
        let bytes = name.as_bytes();
        assert_eq!(bytes.len(), 2, "field name {name}");
        let col = (bytes[0].to_ascii_uppercase() - b'A') as i32;
        let row = (bytes[1] - b'1') as i32;
        assert!(on_board((row, col)), "{name} is not on the board");
        (row, col)
    }

    pub fn field_name((r, c): Pos) -> String {
        format!("{}{}", (b'A' + c as u8) as char, r + 1)
    }

    fn other(color: char) -> char {
        if color == 'W' { 'B' } else { 'W' }
    }

    /// Who places the k-th piece (0-based): the DVONN pieces White, Black, White; then Black,
    /// White, Black, ... with their own pieces.
    fn placer(k: usize) -> char {
        match k {
            0 | 2 => 'W',
            1 => 'B',
            _ if (k - 3).is_multiple_of(2) => 'B',
            _ => 'W',
        }
    }

    #[derive(Clone, Debug)]
    pub enum Mv {
        Place(Pos),
        Step(Pos, Pos),
    }

    impl Mv {
        pub fn text(&self) -> String {
            match self {
                Mv::Place(p) => field_name(*p),
                Mv::Step(a, b) => format!("{}{}", field_name(*a), field_name(*b)),
            }
        }
    }

    /// The board as a 5 × 11 grid of stacks (fields off the board stay empty), bottom piece
    /// first: `W`, `B` or `D`.
    #[derive(Clone, Debug)]
    pub struct Position {
        grid: Vec<Vec<char>>,
        /// `W` or `B`.
        to_move: char,
        /// Pieces placed so far (49 once the setup is done).
        placed: usize,
        over: bool,
    }

    fn cell((r, c): Pos) -> usize {
        (r * 11 + c) as usize
    }

    impl Position {
        /// A game at its very start from its stacks: an empty board (manual setup) or a full
        /// one (random setup).
        pub fn start(stacks: &[(Pos, Vec<char>)]) -> Position {
            let mut grid = vec![Vec::new(); 55];
            for (p, stack) in stacks {
                assert!(on_board(*p));
                grid[cell(*p)] = stack.clone();
            }
            let placed = stacks.iter().filter(|(_, s)| !s.is_empty()).count();
            assert!(placed == 0 || placed == 49, "a fresh game is empty or full");
            let mut pos = Position {
                grid,
                to_move: 'W',
                placed,
                over: false,
            };
            if placed == 49 {
                // White moves first, or passes if it cannot.
                pos.next_turn('B');
            }
            pos
        }

        fn stack(&self, p: Pos) -> &[char] {
            if on_board(p) {
                &self.grid[cell(p)]
            } else {
                &[]
            }
        }

        fn occupied(&self, p: Pos) -> bool {
            !self.stack(p).is_empty()
        }

        /// Surrounded on all six sides by occupied fields; a field on the edge lacks a neighbour
        /// and is never surrounded.
        fn surrounded(&self, (r, c): Pos) -> bool {
            DIRS.iter().all(|(dr, dc)| {
                let n = (r + dr, c + dc);
                on_board(n) && self.occupied(n)
            })
        }

        fn steps_of(&self, color: char) -> Vec<Mv> {
            let mut out = Vec::new();
            for (r, c) in all_fields() {
                let stack = self.stack((r, c));
                if stack.last() != Some(&color) || self.surrounded((r, c)) {
                    continue;
                }
                let h = stack.len() as i32;
                for (dr, dc) in DIRS {
                    let t = (r + dr * h, c + dc * h);
                    if on_board(t) && self.occupied(t) {
                        out.push(Mv::Step((r, c), t));
                    }
                }
            }
            out
        }

        pub fn moves(&self) -> Vec<Mv> {
            if self.over {
                Vec::new()
            } else if self.placed < 49 {
                all_fields()
                    .into_iter()
                    .filter(|p| !self.occupied(*p))
                    .map(Mv::Place)
                    .collect()
            } else {
                self.steps_of(self.to_move)
            }
        }

        /// After `mover` moved: the other colour moves if it can, else `mover` again (the other
        /// passes), else the game is over.
        fn next_turn(&mut self, mover: char) {
            if !self.steps_of(other(mover)).is_empty() {
                self.to_move = other(mover);
            } else if !self.steps_of(mover).is_empty() {
                self.to_move = mover;
            } else {
                self.over = true;
            }
        }

        /// Removes every stack without a chain of occupied neighbours to a DVONN piece.
        fn remove_cut_off(&mut self) {
            let mut reached = [false; 55];
            let mut todo: Vec<Pos> = all_fields()
                .into_iter()
                .filter(|p| self.stack(*p).contains(&'D'))
                .collect();
            for p in &todo {
                reached[cell(*p)] = true;
            }
            while let Some((r, c)) = todo.pop() {
                for (dr, dc) in DIRS {
                    let n = (r + dr, c + dc);
                    if self.occupied(n) && !reached[cell(n)] {
                        reached[cell(n)] = true;
                        todo.push(n);
                    }
                }
            }
            for p in all_fields() {
                if !reached[cell(p)] {
                    self.grid[cell(p)].clear();
                }
            }
        }

        pub fn play(&mut self, mv: &Mv) {
            match mv {
                Mv::Place(p) => {
                    let piece = if self.placed < 3 { 'D' } else { self.to_move };
                    assert!(!self.occupied(*p), "placing on an occupied field");
                    self.grid[cell(*p)].push(piece);
                    self.placed += 1;
                    if self.placed == 49 {
                        // White moves first.
                        self.next_turn('B');
                    } else {
                        self.to_move = placer(self.placed);
                    }
                }
                Mv::Step(from, to) => {
                    let mover = self.to_move;
                    let stack = std::mem::take(&mut self.grid[cell(*from)]);
                    self.grid[cell(*to)].extend(stack);
                    self.remove_cut_off();
                    self.next_turn(mover);
                }
            }
        }

        pub fn moves_sorted(&self) -> Vec<(String, Mv)> {
            let mut moves: Vec<(String, Mv)> =
                self.moves().into_iter().map(|m| (m.text(), m)).collect();
            moves.sort_by(|a, b| a.0.cmp(&b.0));
            moves
        }
    }

    pub fn perft(pos: &Position, depth: usize) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = pos.moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .iter()
            .map(|m| {
                let mut next = pos.clone();
                next.play(m);
                perft(&next, depth - 1)
            })
            .sum()
    }
}

/// The simple generator's start position: the engine's initial layout, read from its public view.
fn simple_new(game: &Dvonn) -> simple::Position {
    let view = serde_json::to_value(game.view(None)).expect("a view serializes");
    let fields = view["fields"].as_array().expect("the view lists fields");
    assert_eq!(fields.len(), 49);
    let mut stacks = Vec::new();
    for f in fields {
        let name = f["field"].as_str().expect("field name");
        let stack: Vec<char> = f["stack"]
            .as_array()
            .expect("stack")
            .iter()
            .map(|p| {
                let s = p.as_str().expect("piece letter");
                assert!(matches!(s, "W" | "B" | "D"), "piece {s}");
                s.chars().next().unwrap_or('?')
            })
            .collect();
        stacks.push((simple::parse_field(name), stack));
    }
    simple::Position::start(&stacks)
}

/// Plays the case's prefix on both sides, checking they agree move by move.
fn positions(case: &Case) -> (Dvonn, simple::Position) {
    let mut game = engine_new(case);
    let mut pos = simple_new(&game);
    let mut stream = prefix_stream(case.seed);
    for ply in 0..case.plies {
        let engine_moves = engine_moves_sorted(&game);
        let simple_moves = pos.moves_sorted();
        let texts: Vec<String> = simple_moves.iter().map(|(t, _)| t.clone()).collect();
        assert_eq!(
            engine_moves, texts,
            "line {}: move lists differ before prefix ply {ply}",
            case.line
        );
        if texts.is_empty() {
            break;
        }
        let i = stream.pick(texts.len());
        let seat = engine_seat(&game).expect("a seat to act");
        let mv = engine_moves[i].parse().expect("engine move text parses");
        if let Err(e) = game.apply(seat, &mv) {
            panic!("line {}: legal move {mv} refused: {e}", case.line);
        }
        pos.play(&simple_moves[i].1);
    }
    (game, pos)
}

#[test]
fn data_file_parses_and_covers_both_setups() {
    let cases = parse_cases(DATA).expect("the perft file parses");
    assert!(cases.len() >= 20, "only {} cases", cases.len());
    assert!(cases.iter().any(|c| c.profi));
    assert!(
        cases
            .iter()
            .any(|c| !c.profi && c.plies == 0 && c.depth >= 4)
    );
    let seeds: std::collections::HashSet<u64> =
        cases.iter().filter(|c| !c.profi).map(|c| c.seed).collect();
    assert!(seeds.len() >= 10, "only {} random seeds", seeds.len());
    assert!(parse_cases("seed=1 options=other depth=1 nodes=1").is_err());
    assert!(parse_cases("seed=1 options=random depth=1").is_err());
    assert!(parse_cases("seed=x options=random depth=1 nodes=1").is_err());
}

#[test]
fn simple_geometry_matches_the_spec_rows() {
    let names: Vec<String> = simple::all_fields()
        .into_iter()
        .map(simple::field_name)
        .collect();
    assert_eq!(names.len(), 49);
    let rows: Vec<(&str, &str, usize)> = vec![
        ("A1", "I1", 9),
        ("A2", "J2", 10),
        ("A3", "K3", 11),
        ("B4", "K4", 10),
        ("C5", "K5", 9),
    ];
    let mut at = 0;
    for (first, last, len) in rows {
        assert_eq!(names[at], first);
        assert_eq!(names[at + len - 1], last);
        at += len;
    }
}

#[test]
fn perft_counts_match_engine_and_simple_generator() {
    let cases = parse_cases(DATA).expect("the perft file parses");
    // Every (case, generator) pair is one job; the jobs run on a few threads, the deepest first.
    let mut jobs: Vec<(usize, bool)> = (0..cases.len())
        .flat_map(|i| [(i, true), (i, false)])
        .collect();
    jobs.sort_by_key(|&(i, engine)| std::cmp::Reverse((cases[i].depth, engine)));
    let next = std::sync::atomic::AtomicUsize::new(0);
    let counts = std::sync::Mutex::new(vec![[None::<u64>; 2]; cases.len()]);
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get().clamp(2, 4));
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| {
                loop {
                    let job = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some(&(i, engine)) = jobs.get(job) else {
                        break;
                    };
                    let case = &cases[i];
                    let (game, pos) = positions(case);
                    let n = if engine {
                        engine_perft(&game, case.depth)
                    } else {
                        simple::perft(&pos, case.depth)
                    };
                    let mut counts = counts.lock().unwrap_or_else(|e| e.into_inner());
                    counts[i][usize::from(!engine)] = Some(n);
                }
            });
        }
    });
    let counts = counts.into_inner().unwrap_or_else(|e| e.into_inner());
    let (engine, simple): (Vec<Option<u64>>, Vec<Option<u64>>) =
        counts.iter().map(|[e, s]| (*e, *s)).unzip();
    let mut failures = Vec::new();
    for ((case, engine), simple) in cases.iter().zip(engine).zip(simple) {
        if engine != Some(case.nodes) || simple != Some(case.nodes) {
            failures.push(format!(
                "line {}: seed={} options={} plies={} depth={} recorded={} engine={engine:?} simple={simple:?}",
                case.line,
                case.seed,
                if case.profi { "profi" } else { "random" },
                case.plies,
                case.depth,
                case.nodes
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "perft mismatches:\n{}",
        failures.join("\n")
    );
}
