//! The CodeCup 2011 Dvonn line protocol, so the engine can be matched against the engines
//! written for that competition: the referee sends `Start` to the player who begins, or the
//! opponent's move (`E5` a placement, `A1B2` a move, `PASS`); the player answers with its own
//! move, one per line, until `Quit`. The game starts with the placement phase (`profi`).

use std::io::{BufRead, Write};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::notation::Move;
use super::{Color, Dvonn, DvonnOptions};
use crate::games::{Effort, Game, Seen, Think};

/// Why a session ended early.
#[derive(Debug, thiserror::Error)]
pub enum CodecupError {
    /// Reading or writing failed.
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// The referee sent something that is not a legal move here.
    #[error("the referee sent {0:?}, not a legal move now")]
    Referee(String),
}

/// Plays one game on `input`/`output` with `effort` a move; returns at `Quit` or the end of
/// the input.
pub fn play(
    input: impl BufRead,
    mut output: impl Write,
    effort: Effort,
    seed: u64,
) -> Result<(), CodecupError> {
    let mut game = Dvonn::new(2, &DvonnOptions { profi: true }, seed)
        .map_err(|e| CodecupError::Referee(e.to_string()))?;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut me = None;
    for line in input.lines() {
        let line = line?;
        let word = line.trim();
        if word.eq_ignore_ascii_case("quit") {
            return Ok(());
        }
        if word.eq_ignore_ascii_case("start") {
            me = Some(Color::White);
        } else {
            let opponent = me.map_or(Color::White, Color::other);
            me.get_or_insert(Color::Black);
            // A pass the rules made already (it had no move) needs no playing.
            if !(word.eq_ignore_ascii_case("pass") && game.side_to_move() != opponent) {
                let mv: Move = word
                    .parse()
                    .map_err(|_| CodecupError::Referee(word.to_string()))?;
                game.apply(opponent.seat(), &mv)
                    .map_err(|_| CodecupError::Referee(word.to_string()))?;
            }
        }
        let Some(mine) = me else { continue };
        if game.outcome().is_some() {
            continue;
        }
        // Not our turn: either the rules passed for us (we had no move: say so), or the
        // opponent moves again (after the last placement).
        if game.side_to_move() != mine {
            if game
                .record()
                .last()
                .is_some_and(|p| p.color == mine && p.mv == Move::Pass)
            {
                writeln!(output, "PASS")?;
                output.flush()?;
            }
            continue;
        }
        // Our turn, maybe several in a row (the last placement and the first move; an
        // opponent without a move).
        while game.outcome().is_none() && game.side_to_move() == mine {
            let seen = Seen::of(&game, mine.seat());
            let mv = match Dvonn::think(&seen, effort, &mut rng) {
                Some((mv, _)) => mv,
                None => match seen.legal().first() {
                    Some(mv) => *mv,
                    None => break,
                },
            };
            game.apply(mine.seat(), &mv)
                .map_err(|_| CodecupError::Referee(format!("our own move {mv}")))?;
            writeln!(output, "{}", mv.to_string().to_uppercase())?;
        }
        output.flush()?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    /// Two engines play a whole game through the protocol, each answering the other's lines.
    #[test]
    fn two_engines_play_a_whole_game_through_the_protocol() {
        // One ply, whatever the time: every re-run answers the same.
        let effort = Effort {
            budget: Duration::from_secs(60),
            max_depth: 1,
        };
        // A referee between two sessions, each re-run on everything it was sent so far (the
        // sessions are deterministic); its new lines are its new moves.
        let mut sent: [Vec<String>; 2] = [vec!["Start".to_string()], Vec::new()];
        let mut used = [0usize; 2];
        let mut referee = Dvonn::new(2, &DvonnOptions { profi: true }, 0).expect("setup");
        let mut turns = 0;
        while referee.outcome().is_none() {
            let color = referee.side_to_move();
            let me = color.seat();
            let mut out = Vec::new();
            let text = sent[me].join("\n") + "\n";
            play(text.as_bytes(), &mut out, effort, me as u64).expect("plays");
            let lines: Vec<String> = String::from_utf8(out)
                .expect("text")
                .lines()
                .map(str::to_string)
                .collect();
            let new = lines[used[me]..].to_vec();
            assert!(
                !new.is_empty(),
                "{color:?} answered nothing after {:?}",
                sent[me].last()
            );
            used[me] = lines.len();
            for mv in new {
                if mv != "PASS" {
                    let parsed: Move = mv.parse().expect("a move in the protocol's notation");
                    referee.apply(me, &parsed).expect("legal");
                    turns += 1;
                }
                sent[1 - me].push(mv);
            }
            assert!(turns < 400, "the game ends");
        }
        assert!(
            turns >= 49,
            "the placement phase and moves were played: {turns}"
        );
    }
}
