//! The console's input, read on a thread of its own so that a stop can end it: once the stop
//! is requested it ends at the next line's start, as at the end of input — the lines after stay
//! unread, and no line is ever cut short into another command.

use std::io::{BufRead, Read};
use std::sync::Arc;
use std::sync::mpsc::{Receiver, RecvTimeoutError, sync_channel};
use std::time::Duration;

use crate::ops::Shutdown;

/// How much is read at once.
const CHUNK: usize = 64 * 1024;

/// An input that ends at a line's start once `stop` is requested.
#[derive(Debug)]
pub struct Stoppable {
    chunks: Receiver<std::io::Result<Vec<u8>>>,
    buf: Vec<u8>,
    pos: usize,
    /// The last byte handed out ended a line (or none was).
    at_line_start: bool,
    stop: Arc<Shutdown>,
}

impl Stoppable {
    /// Reads `input` on a thread of its own (a few chunks ahead at most).
    pub fn new<R: Read + Send + 'static>(mut input: R, stop: Arc<Shutdown>) -> Stoppable {
        let (tx, chunks) = sync_channel(4);
        std::thread::Builder::new()
            .name("spieltisch-stdin".into())
            .spawn(move || {
                loop {
                    let mut chunk = vec![0; CHUNK];
                    match input.read(&mut chunk) {
                        Ok(0) => break,
                        Ok(n) => {
                            chunk.truncate(n);
                            if tx.send(Ok(chunk)).is_err() {
                                break;
                            }
                        }
                        Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                        Err(e) => {
                            let _ = tx.send(Err(e));
                            break;
                        }
                    }
                }
            })
            .map_err(|e| tracing::error!(error = %e, "the input thread did not start"))
            .ok();
        Stoppable {
            chunks,
            buf: Vec::new(),
            pos: 0,
            at_line_start: true,
            stop,
        }
    }
}

impl Read for Stoppable {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        let available = self.fill_buf()?;
        let n = available.len().min(out.len());
        out[..n].copy_from_slice(&available[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for Stoppable {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        while self.pos >= self.buf.len() {
            if self.at_line_start && self.stop.is_requested() {
                return Ok(&[]);
            }
            match self.chunks.recv_timeout(Duration::from_millis(50)) {
                Ok(chunk) => {
                    self.buf = chunk?;
                    self.pos = 0;
                }
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => return Ok(&[]),
            }
        }
        if self.at_line_start && self.stop.is_requested() {
            return Ok(&[]);
        }
        // Up to the end of the line at most: the stop is looked at again at the next one.
        let rest = &self.buf[self.pos..];
        let end = rest
            .iter()
            .position(|b| *b == b'\n')
            .map_or(rest.len(), |i| i + 1);
        Ok(&rest[..end])
    }

    fn consume(&mut self, n: usize) {
        if n > 0 {
            self.at_line_start = self.buf.get(self.pos + n - 1) == Some(&b'\n');
        }
        self.pos += n;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ops::Health;

    #[test]
    fn ends_at_a_line_start_once_stopped_and_never_cuts_a_line() {
        let stop = Shutdown::new(Arc::new(Health::default()), Duration::from_secs(1));
        let mut input = Stoppable::new(
            &b"alice: /join a game\nbob: /join\nalice: /start\n"[..],
            stop.clone(),
        );
        let mut line = String::new();
        input.read_line(&mut line).expect("read");
        assert_eq!(line, "alice: /join a game\n");
        // Half of the next line taken, then the stop: the line is read to its end.
        let mut half = [0u8; 4];
        input.read_exact(&mut half).expect("read");
        assert_eq!(&half, b"bob:");
        stop.request();
        line.clear();
        input.read_line(&mut line).expect("read");
        assert_eq!(line, " /join\n");
        line.clear();
        assert_eq!(
            input.read_line(&mut line).expect("read"),
            0,
            "the rest stays unread"
        );
    }

    #[test]
    fn reads_everything_when_not_stopped() {
        let stop = Shutdown::new(Arc::new(Health::default()), Duration::from_secs(1));
        let text = "a\n".repeat(100_000);
        let mut input = Stoppable::new(std::io::Cursor::new(text.clone().into_bytes()), stop);
        let mut all = String::new();
        input.read_to_string(&mut all).expect("read");
        assert_eq!(all, text);
    }
}
