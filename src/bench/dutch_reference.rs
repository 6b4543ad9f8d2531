//! An independent Dutch implementation to compare with, when one is installed: py4swiss (a
//! Python package on PyPI, `pip install py4swiss`, which its author tested to give the same
//! pairings as bbpPairings), found as `py4swiss` on the PATH or at
//! `SPIELTISCH_DUTCH_REFERENCE`. It reads the tournament as a FIDE TRF file.

use std::path::PathBuf;
use std::process::Command;

use crate::league::tournament::Tournament;
use crate::league::tournament::pairing::pairing_numbers;

/// The reference's program, if installed.
pub fn program() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("SPIELTISCH_DUTCH_REFERENCE") {
        return Some(PathBuf::from(path));
    }
    std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|dir| dir.join("py4swiss"))
            .find(|p| p.is_file())
    })
}

/// `t` (two-player Swiss, every round complete) as a TRF: pairing numbers as starting
/// numbers, the rounds to play, White first in round 1.
pub fn trf(t: &Tournament) -> String {
    let numbers = pairing_numbers(t);
    let mut by_number: Vec<usize> = (0..t.entrants.len()).collect();
    by_number.sort_by_key(|e| numbers[*e]);
    let mut out = String::from("012 spieltisch\n");
    for e in by_number {
        let mut points = 0.0;
        let mut results = String::new();
        for round in &t.played {
            let game = round.games.iter().find(|g| g.seats.contains(&e));
            let cell = match game {
                Some(g) => {
                    let seat = usize::from(g.seats[1] == e);
                    let got = g.result.as_ref().map_or(0.0, |r| r.points[seat]);
                    points += got;
                    let result = if got > 0.75 {
                        '1'
                    } else if got > 0.25 {
                        '='
                    } else {
                        '0'
                    };
                    let colour = if seat == 0 { 'w' } else { 'b' };
                    format!("{:>4} {colour} {result}", numbers[g.seats[1 - seat]])
                }
                None if round.byes.contains(&e) => {
                    points += t.bye_points();
                    "0000 - U".to_string()
                }
                None => "0000 - Z".to_string(),
            };
            results.push_str("  ");
            results.push_str(&cell);
        }
        let rating = t.entrants[e].rating.round() as i64;
        out.push_str(&format!(
            "001 {:>4}      {:<33} {:>4} {:<3} {:>11} {:<10} {:>4.1} {:>4}{}\n",
            numbers[e],
            format!("p{}", numbers[e]),
            rating.clamp(0, 9999),
            "",
            "",
            "",
            points,
            numbers[e],
            results
        ));
    }
    out.push_str(&format!("XXR {}\nXXC white1\n", t.rounds));
    out
}

/// A round's games as (White, Black) entrants, and the byes.
pub type Games = (Vec<(usize, usize)>, Vec<usize>);

/// The reference's pairing of the next round of `t`: (White, Black) entrants, and the bye.
pub fn pairing(program: &PathBuf, t: &Tournament) -> Result<Games, String> {
    let dir = std::env::temp_dir().join(format!("spieltisch-dutch-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let input = dir.join("round.trf");
    let output = dir.join("pairings.txt");
    std::fs::write(&input, trf(t)).map_err(|e| e.to_string())?;
    let status = Command::new(program)
        .arg("-t")
        .arg(&input)
        .arg("-p")
        .arg(&output)
        .output()
        .map_err(|e| e.to_string())?;
    if !status.status.success() {
        return Err(String::from_utf8_lossy(&status.stderr).into_owned());
    }
    let text = std::fs::read_to_string(&output).map_err(|e| e.to_string())?;
    let numbers = pairing_numbers(t);
    let entrant = |n: usize| numbers.iter().position(|x| *x == n);
    let mut games = Vec::new();
    let mut byes = Vec::new();
    for line in text.lines().skip(1) {
        let mut parts = line
            .split_whitespace()
            .map(|p| p.parse::<usize>().unwrap_or(0));
        let (w, b) = (parts.next().unwrap_or(0), parts.next().unwrap_or(0));
        match (entrant(w), entrant(b)) {
            (Some(w), Some(b)) => games.push((w, b)),
            (Some(w), None) => byes.push(w),
            _ => return Err(format!("unreadable pairing line {line:?}")),
        }
    }
    Ok((games, byes))
}
