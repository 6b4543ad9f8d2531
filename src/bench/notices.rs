//! `spieltisch bench --notices N`: a simulation of N correspondence tables (a tournament round
//! started at one moment) through the real table service on a scratch sled store, with a
//! manual clock: players answer after random delays (most in time, some after their reminders,
//! some never), the timer loop runs every second of table time that has anything due. It
//! prints how many reminders and digests went out and the peak number of messages the bot
//! sends in one second and in ten — what Discord's rate limits (50 requests a second per bot)
//! are measured against — with the service's spreading and rate of notices, and without them.

use std::collections::{BTreeMap, HashMap};
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::app::App;
use crate::league::Limits;
use crate::store::SledStore;
use crate::table::{Command, ManualTimeSource, Millis, Reply, Seeding, Timing, User};

const HOUR: Millis = 3600 * 1000;
const T0: Millis = 1_800_000_000_000;
/// How long the simulation runs, in table time.
const SPAN: Millis = 48 * HOUR;
/// Tables each player sits at.
const TABLES_PER_PLAYER: usize = 4;

/// What one simulation measured.
#[derive(Debug, Clone)]
pub struct NoticeFigures {
    /// With the service's spreading and rate of notices (`false`: every reminder at its
    /// moment, no limit).
    pub limited: bool,
    /// Tables.
    pub tables: usize,
    /// Players.
    pub players: usize,
    /// Moves played.
    pub moves: usize,
    /// Reminders sent.
    pub reminders: usize,
    /// Digests sent.
    pub digests: usize,
    /// Reminders and digests in the busiest second.
    pub peak_notices: usize,
    /// Messages the timer loop sent (notices, time-outs, vacations' ends) in the busiest
    /// second.
    pub peak_timers: usize,
    /// Every message after the round's start (answers to moves too) in the busiest second.
    pub peak_messages: usize,
    /// Every message after the round's start in the busiest ten seconds.
    pub peak_messages_10s: usize,
    /// Seconds in which the timer loop's messages reached the limit (a backlog waiting its
    /// turn).
    pub seconds_at_limit: usize,
    /// Wall-clock time of the run.
    pub took: Duration,
}

fn is_notice(reply: &Reply) -> bool {
    reply.text.contains('⏳') || reply.text.contains('📬')
}

/// Runs the simulation on a fresh store in `dir`.
pub fn simulate(dir: &Path, tables: usize, limited: bool) -> Result<NoticeFigures, String> {
    let started = Instant::now();
    let clock = Arc::new(ManualTimeSource::new(T0));
    let store = SledStore::open(dir).map_err(|e| e.to_string())?;
    let defaults = Timing::default();
    let timing = if limited {
        defaults.clone()
    } else {
        Timing {
            spread: Duration::ZERO,
            messages_per_second: u32::MAX,
            ..defaults.clone()
        }
    };
    let service = App::open(Arc::new(store), clock.clone(), Seeding::Fixed(1))
        .map_err(|e| e.to_string())?
        .with_limits(Limits::unmetered())
        .with_timing(timing);
    let players = (tables * 2).div_ceil(TABLES_PER_PLAYER).max(2);
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    let user = |k: usize| User::named(&format!("p{k}"));
    // Per second of table time: (notices, the timer loop's messages, all messages).
    let mut per_second: BTreeMap<Millis, (usize, usize, usize)> = BTreeMap::new();
    let mut count = |at: Millis, replies: &[Reply], timer: bool| {
        let entry = per_second.entry(at / 1000).or_default();
        entry.0 += replies.iter().filter(|r| is_notice(r)).count();
        if timer {
            entry.1 += replies.len();
        }
        entry.2 += replies.len();
    };
    let say = |channel: &str, who: &User, text: &str| {
        let mut cmd = Command::new(channel, who.clone(), text);
        cmd.community = Some("sim".into());
        service.handle(&cmd)
    };
    // A third of the players hear by direct message.
    for k in (0..players).step_by(3) {
        say("#sim-settings", &user(k), "/notify dm");
    }
    // The round: every table opens and starts at T0 (the answers to that are not counted:
    // they are the start, not the days after).
    let mut seats: HashMap<String, [User; 2]> = HashMap::new();
    for t in 0..tables {
        let channel = format!("#sim{t}");
        let (a, b) = (user((2 * t) % players), user((2 * t + 1) % players));
        let open = format!("/join {} time=1d/move", super::two_player_game().info().id);
        for (who, text) in [(&a, open.as_str()), (&b, "/join"), (&b, "/start")] {
            say(&channel, who, text);
        }
        seats.insert(channel, [a, b]);
    }
    // Who answers when: (time, channel) → the player.
    let mut due: BTreeMap<(Millis, String), User> = BTreeMap::new();
    let answer = |rng: &mut ChaCha8Rng,
                  due: &mut BTreeMap<(Millis, String), User>,
                  now: Millis,
                  channel: &str,
                  who: User| {
        // Most answer within 20 hours, a fifth between 20 and 24 (after their reminders), a
        // tenth never (their time runs out).
        let roll: f64 = rng.random();
        let delay = if roll < 0.7 {
            rng.random_range(HOUR / 6..20 * HOUR)
        } else if roll < 0.9 {
            rng.random_range(20 * HOUR..24 * HOUR)
        } else {
            return;
        };
        due.insert((now + delay, channel.to_string()), who);
    };
    let to_move = |channel: &str, seats: &HashMap<String, [User; 2]>| -> Option<User> {
        seats
            .get(channel)?
            .iter()
            .find(|u| !service.legal_moves(channel, u).is_empty())
            .cloned()
    };
    for t in 0..tables {
        let channel = format!("#sim{t}");
        if let Some(who) = to_move(&channel, &seats) {
            answer(&mut rng, &mut due, T0, &channel, who);
        }
    }
    let (mut moves, mut reminders, mut digests) = (0, 0, 0);
    let mut now = T0;
    while now < T0 + SPAN {
        // Players whose answer is due now.
        while let Some(((at, channel), who)) =
            due.first_key_value().map(|(k, v)| (k.clone(), v.clone()))
        {
            if at > now {
                break;
            }
            due.pop_first();
            let moves_now = service.legal_moves(&channel, &who);
            if moves_now.is_empty() {
                continue; // the game ended meanwhile
            }
            let mv = &moves_now[rng.random_range(0..moves_now.len())];
            let replies = say(&channel, &who, &format!("/move {mv}"));
            count(now, &replies, false);
            moves += 1;
            if let Some(next) = to_move(&channel, &seats) {
                answer(&mut rng, &mut due, now, &channel, next);
            }
        }
        for (_, replies) in service.tick("#") {
            reminders += replies.iter().filter(|r| r.text.contains('⏳')).count();
            digests += replies.iter().filter(|r| r.text.contains('📬')).count();
            count(now, &replies, true);
        }
        // The next second with anything to do.
        let next_answer = due.first_key_value().map(|((at, _), _)| *at);
        let next = [service.next_timer(), next_answer]
            .into_iter()
            .flatten()
            .min()
            .unwrap_or(T0 + SPAN)
            .max(now + 1000);
        clock.advance(Duration::from_millis(next - now));
        now = next;
    }
    let cap = usize::try_from(defaults.messages_per_second).unwrap_or(usize::MAX);
    let peak_notices = per_second.values().map(|c| c.0).max().unwrap_or(0);
    let peak_timers = per_second.values().map(|c| c.1).max().unwrap_or(0);
    let peak_messages = per_second.values().map(|c| c.2).max().unwrap_or(0);
    let peak_messages_10s = per_second
        .keys()
        .map(|s| {
            per_second
                .range(*s..*s + 10)
                .map(|(_, c)| c.2)
                .sum::<usize>()
        })
        .max()
        .unwrap_or(0);
    Ok(NoticeFigures {
        limited,
        tables,
        players,
        moves,
        reminders,
        digests,
        peak_notices,
        peak_timers,
        peak_messages,
        peak_messages_10s,
        seconds_at_limit: per_second.values().filter(|c| c.1 >= cap).count(),
        took: started.elapsed(),
    })
}

impl std::fmt::Display for NoticeFigures {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let how = if self.limited {
            "spread and limited (the defaults: reminders up to 10 minutes early, the timer loop at most 20 messages a second)"
        } else {
            "every reminder at its moment, no limit"
        };
        writeln!(
            f,
            "{} correspondence tables of {} (time=1d/move) started at one moment, {} players, 48 hours; {how}:",
            self.tables,
            super::two_player_game().info().name,
            self.players
        )?;
        writeln!(
            f,
            "  {} moves, {} reminders, {} digests",
            self.moves, self.reminders, self.digests
        )?;
        writeln!(
            f,
            "  peak: {} reminders and digests in one second; {} messages from the timer loop in one second",
            self.peak_notices, self.peak_timers
        )?;
        writeln!(
            f,
            "  peak of all messages, answers to moves included: {} in one second, {} in ten seconds",
            self.peak_messages, self.peak_messages_10s
        )?;
        if self.limited {
            writeln!(
                f,
                "  {} seconds with the timer loop at its limit (a backlog waiting its turn)",
                self.seconds_at_limit
            )?;
        }
        write!(f, "  simulated in {:.1} s", self.took.as_secs_f64())
    }
}
