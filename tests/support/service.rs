//! The table service as the tests open it: on a sled store in a temporary directory (or any
//! store), with a manual clock, a fixed seed and the limits lifted. Every test that talks to the
//! service opens it here and nowhere else — when the entry point changes, this file changes.

use std::ops::Deref;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use spieltisch::app::App;
use spieltisch::i18n::Lang;
use spieltisch::league::Limits;
use spieltisch::league::tournament::TournamentSettings;
use spieltisch::store::SledStore;
use spieltisch::store::Store;
use spieltisch::table::{ManualTimeSource, Millis, Reply, Seeding, Timing};
use tempfile::TempDir;

/// How a [`Harness`] opens: [`setup`] gives the defaults (seed 3, the clock at 1,000,000 ms,
/// [`Limits::unmetered`], the default timing, no community), the methods change one each.
#[derive(Clone)]
pub struct Setup {
    seed: u64,
    start: Millis,
    clock: Option<Arc<ManualTimeSource>>,
    limits: Limits,
    timing: Option<Timing>,
    bot_budget: Option<Duration>,
    language: Option<Lang>,
    tournaments: Option<TournamentSettings>,
    community: Option<String>,
    recording: bool,
}

/// The defaults; see [`Setup`].
pub fn setup() -> Setup {
    Setup {
        seed: 3,
        start: 1_000_000,
        clock: None,
        limits: Limits::unmetered(),
        timing: None,
        bot_budget: None,
        language: None,
        tournaments: None,
        community: None,
        recording: false,
    }
}

impl Setup {
    /// The seed of every table (`Seeding::Fixed`).
    pub fn seed(mut self, seed: u64) -> Setup {
        self.seed = seed;
        self
    }

    /// A new manual clock starting at `start` (ms).
    pub fn start(mut self, start: Millis) -> Setup {
        self.start = start;
        self
    }

    /// This clock instead of a new one (a restart that goes on with the time so far).
    pub fn clock(mut self, clock: &Arc<ManualTimeSource>) -> Setup {
        self.clock = Some(clock.clone());
        self
    }

    /// Limits instead of [`Limits::unmetered`] (the tests of the limits themselves).
    pub fn limits(mut self, limits: Limits) -> Setup {
        self.limits = limits;
        self
    }

    /// How time is treated instead of [`Timing::default`].
    pub fn timing(mut self, timing: Timing) -> Setup {
        self.timing = Some(timing);
        self
    }

    /// How long a `hard` computer player may think.
    pub fn bot_budget(mut self, budget: Duration) -> Setup {
        self.bot_budget = Some(budget);
        self
    }

    /// The language where nobody chose one.
    pub fn language(mut self, lang: Lang) -> Setup {
        self.language = Some(lang);
        self
    }

    /// Who may run tournaments and how many, instead of [`TournamentSettings::default`].
    pub fn tournaments(mut self, settings: TournamentSettings) -> Setup {
        self.tournaments = Some(settings);
        self
    }

    /// The community every command comes from (`None`, the default: each channel its own).
    pub fn community(mut self, community: &str) -> Setup {
        self.community = Some(community.to_string());
        self
    }

    /// Keeps every reply to a command or a tick (see [`Harness::heard`]).
    pub fn recording(mut self) -> Setup {
        self.recording = true;
        self
    }

    /// On a sled store in a temporary directory of its own, removed with the harness.
    pub fn fresh(self) -> Harness {
        let temp = tempfile::tempdir().expect("a temporary directory");
        let dir = temp.path().to_path_buf();
        self.serve(Arc::new(sled(&dir)), Some(dir), Some(temp))
    }

    /// On `store` (PostgreSQL, a watched store, one shared with another harness).
    pub fn on(self, store: Arc<dyn Store>) -> Harness {
        self.serve(store, None, None)
    }

    fn serve(
        mut self,
        store: Arc<dyn Store>,
        dir: Option<PathBuf>,
        temp: Option<TempDir>,
    ) -> Harness {
        let clock = self
            .clock
            .get_or_insert_with(|| Arc::new(ManualTimeSource::new(self.start)))
            .clone();
        let mut service = App::open(store.clone(), clock.clone(), Seeding::Fixed(self.seed))
            .expect("the service opens")
            .with_limits(self.limits.clone());
        if let Some(timing) = &self.timing {
            service = service.with_timing(timing.clone());
        }
        if let Some(budget) = self.bot_budget {
            service = service.with_bot_budget(budget);
        }
        if let Some(lang) = self.language {
            service = service.with_language(lang);
        }
        if let Some(settings) = &self.tournaments {
            service = service.with_tournaments(settings.clone());
        }
        Harness {
            service,
            store,
            clock,
            community: self.community.clone(),
            heard: self.recording.then(Mutex::default),
            setup: self,
            dir,
            _temp: temp,
        }
    }
}

/// The sled store in `dir`. A store just closed in this process lets go of its lock when
/// sled's threads are done with it, which on a loaded machine may take longer than the store's
/// own wait: a minute is waited for it here.
pub fn sled(dir: &Path) -> SledStore {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        match SledStore::open(dir) {
            Ok(store) => return store,
            Err(e) if e.to_string().contains("acquire lock") && Instant::now() < deadline => {
                std::thread::sleep(Duration::from_millis(100));
            }
            Err(e) => panic!("sled opens: {e}"),
        }
    }
}

/// The service with its store and clock. It reads as the service (`h.legal_moves(…)`,
/// `h.tick("")`); commands go through [`super::say`] and its kin.
pub struct Harness {
    service: App,
    /// The store, to look into.
    pub store: Arc<dyn Store>,
    /// The clock, to move.
    pub clock: Arc<ManualTimeSource>,
    /// The community commands come from.
    pub community: Option<String>,
    /// What was heard, when recording.
    heard: Option<Mutex<Vec<Reply>>>,
    setup: Setup,
    /// Where its sled store is (`None`: a store given to [`Setup::on`]).
    dir: Option<PathBuf>,
    /// The temporary directory of [`Setup::fresh`], removed last.
    _temp: Option<TempDir>,
}

impl Harness {
    /// With the defaults, on a store of its own.
    pub fn fresh() -> Harness {
        setup().fresh()
    }

    /// Stops and starts again on the same store and clock, as a restarted bot does; what was
    /// heard so far is kept.
    pub fn restart(self) -> Harness {
        let Harness {
            service,
            store,
            heard,
            setup,
            dir,
            _temp,
            ..
        } = self;
        drop(service);
        let mut h = match dir {
            Some(dir) => {
                drop(store);
                setup.serve(Arc::new(sled(&dir)), Some(dir), _temp)
            }
            None => setup.serve(store, None, _temp),
        };
        h.heard = heard;
        h
    }

    /// Every reply to a command ([`super::say`] and its kin) or a tick ([`super::ticked`]) so
    /// far; the harness must be [`Setup::recording`].
    pub fn heard(&self) -> Vec<Reply> {
        let heard = self.heard.as_ref().expect("a recording harness");
        heard.lock().expect("the record").clone()
    }

    /// Keeps `replies` when recording; returns them.
    pub(super) fn hear(&self, replies: Vec<Reply>) -> Vec<Reply> {
        if let Some(heard) = &self.heard {
            heard
                .lock()
                .expect("the record")
                .extend(replies.iter().cloned());
        }
        replies
    }
}

impl Deref for Harness {
    type Target = App;

    fn deref(&self) -> &App {
        &self.service
    }
}
