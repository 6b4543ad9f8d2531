//! `/tournament`: create, join, leave, start, pairings, standings, export, withdraw, and for
//! the organizer (or a moderator) next, result, remove, cancel.
//!
//! A channel holds one open tournament. Every change is one synced commit of the tournament
//! with the tables it opens ([`Batch::of_tournament`]); changes are serialized with the games'
//! ends (the league's write lock, [`Ctx::serial`]), which record their results in the same
//! commit as the table's end. What the rounds bring — the pairings, each game's start at its table,
//! the results and standings — is announced through the outbox with the next tick.

use std::sync::Arc;

mod decide;
mod departed;
mod rounds;
mod texts;

use decide::entry_open;
pub use decide::take_out;
pub use departed::Departure;
pub use rounds::FollowUp;
use rounds::outcome_decided;
pub use texts::{ANNOUNCEMENT_MENTIONS, ANNOUNCEMENT_TEXT, PAIRINGS_PAGE};

use super::refused::{Only, TournamentRefused, TournamentRefused as R};
use super::spec::MAX_ENTRANTS;
use super::{Creators, Entrant, Pairing, Spec, Stage, Tournament, TournamentSettings};
use crate::games::GameKind;
use crate::league::Batch;
use crate::league::Store;
use crate::league::ctx::Ctx;
use crate::league::results::rating::{Rating, RatingKey, player_key};
use crate::t;
use crate::table::clock::Millis;
use crate::table::seeding::{Purpose, Seeding};
use crate::table::service::{lock, store_failure};
use crate::table::store::StoreError;
use crate::table::views::Asker;
use crate::table::{Command, Fixture, Reply, Table, User, markup};

/// Tournaments: their commands, their rounds, and who may look into their games.
pub struct TournamentService {
    store: Arc<dyn Store>,
    /// Tournament seeds.
    seeding: Seeding,
    /// Who may create tournaments; how many a community and a tournament hold.
    settings: TournamentSettings,
    /// The open tables a community may hold (`[limits]`): a first round must fit.
    table_limit: usize,
}

impl TournamentService {
    /// The service on `store`, seeding tournaments from `seeding`.
    pub fn new(store: Arc<dyn Store>, seeding: Seeding) -> TournamentService {
        TournamentService {
            store,
            seeding,
            settings: TournamentSettings::default(),
            table_limit: crate::league::Limits::default().tables_per_community,
        }
    }

    /// Sets who may create tournaments and how many a community and a tournament hold.
    pub fn with_settings(mut self, settings: TournamentSettings) -> TournamentService {
        self.settings = settings;
        self
    }

    /// Sets the open tables a community may hold, which a first round must fit.
    pub fn with_table_limit(mut self, tables_per_community: usize) -> TournamentService {
        self.table_limit = tables_per_community;
        self
    }

    /// `/tournament <what> [args]`.
    pub fn command(&self, cx: Ctx<'_>, cmd: &Command, user: &User, args: &str) -> Vec<Reply> {
        let asker = Asker {
            user,
            private: cmd.private,
        };
        let (what, rest) = match args.trim().split_once(char::is_whitespace) {
            Some((w, r)) => (w.to_ascii_lowercase(), r.trim()),
            None => (args.trim().to_ascii_lowercase(), ""),
        };
        let now = cx.core.now();
        match what.as_str() {
            "create" => return vec![self.create_tournament(cx, cmd, user, rest, now)],
            "" | "help" => {
                return vec![asker.answer(t!("tour-help", usage = t!("tour-usage")))];
            }
            _ => {}
        }
        let t = match self.tournament_here(&cmd.channel) {
            Ok(Some(t)) => t,
            Ok(None) => {
                return vec![asker.refuse(R::NoneHere { create: true })];
            }
            Err(e) => return vec![store_failure(asker, &e)],
        };
        let organizer = t.organizer.id == user.id || cmd.moderator;
        match what.as_str() {
            "pairings" => {
                // Games whose thread or room the chat could not open yet: it tries again.
                self.announce_round_waiting(cx, &t);
                // Not a page number: page 0, which there is not.
                let page = if rest.is_empty() {
                    1
                } else {
                    rest.parse::<usize>().unwrap_or(0)
                };
                match texts::pairings_page(cx.links, &t, page) {
                    Ok((text, choices)) => vec![asker.answer(text).with_choices(choices)],
                    Err(pages) => vec![asker.refuse(R::NoPage { pages })],
                }
            }
            "standings" => {
                let page = if rest.is_empty() {
                    1
                } else {
                    rest.parse::<usize>().unwrap_or(0)
                };
                match texts::standings_page(&t, page) {
                    Ok((text, choices)) => vec![asker.answer(text).with_choices(choices)],
                    Err(pages) => vec![asker.refuse(R::StandingsNoPage { pages })],
                }
            }
            "export" => vec![texts::export(&t, asker)],
            "join" | "leave" | "withdraw" | "bot" | "start" | "remove" => {
                self.change_tournament(cx, cmd, user, &what, rest, now)
            }
            "next" | "result" | "cancel" => {
                if !organizer {
                    return vec![asker.refuse(R::OrganizerOnly {
                        organizer: t.organizer.name.clone(),
                        what: Only::Command(what.clone()),
                    })];
                }
                self.organizer_decides(cx, cmd, user, &what, rest, now)
            }
            _ => vec![asker.refuse(R::Unknown {
                word: what.chars().take(30).collect(),
            })],
        }
    }

    /// The tournament of `channel`: the one created there, or the one whose game is played
    /// there.
    fn tournament_here(&self, channel: &str) -> Result<Option<Tournament>, StoreError> {
        if let Some(t) = self.store.channel_tournament(channel)? {
            return Ok(Some(t));
        }
        match self.store.current_table(channel)?.and_then(|t| t.fixture) {
            Some(Fixture { event, .. }) => self.store.tournament(event),
            None => Ok(None),
        }
    }

    fn create_tournament(
        &self,
        cx: Ctx<'_>,
        cmd: &Command,
        user: &User,
        args: &str,
        now: Millis,
    ) -> Reply {
        let asker = Asker {
            user,
            private: false,
        };
        if self.settings.create == Creators::Moderators && !cmd.moderator && !cmd.may_organize {
            return asker.refuse(R::CreateModeratorsOnly);
        }
        let _serial = lock(cx.serial);
        match self.store.channel_tournament(&cmd.channel) {
            Ok(Some(t)) if t.stage.is_open() => {
                return asker.refuse(R::ChannelHasOne {
                    tournament: t.name.clone(),
                });
            }
            Ok(_) => {}
            Err(e) => return store_failure(asker, &e),
        }
        if self
            .store
            .current_table(&cmd.channel)
            .ok()
            .flatten()
            .is_some_and(|t| t.fixture.is_some() && t.status.is_open())
        {
            return asker.refuse(R::ChannelIsGame);
        }
        let community = cmd.community_key();
        let open = match self.store.open_tournaments() {
            Ok(all) => all
                .iter()
                .filter(|t| t.community.as_deref().unwrap_or(&t.channel) == community)
                .count(),
            Err(e) => return store_failure(asker, &e),
        };
        let most = self.settings.open_per_community;
        if open >= most {
            return asker.refuse(R::TooManyOpen { open, most });
        }
        let spec = match Spec::parse(args) {
            Ok(spec) => spec,
            Err(e) => return asker.refuse(R::Spec(e)),
        };
        let id = match self.store.new_table_id() {
            Ok(id) => id,
            Err(e) => return store_failure(asker, &e),
        };
        let t = Tournament {
            id,
            name: spec
                .name
                .clone()
                .unwrap_or_else(|| self.default_tournament_name(cmd, spec.kind, now)),
            channel: cmd.channel.clone(),
            community: Some(cmd.community_key()),
            organizer: user.clone(),
            kind: spec.kind,
            options: spec.options.clone(),
            format: spec.format,
            pairing: spec.pairing,
            rounds: spec.rounds.unwrap_or(0),
            pod: spec.pod,
            bots: spec.bots,
            deadline: spec.deadline.as_millis() as Millis,
            stage: Stage::Entry,
            entrants: Vec::new(),
            played: Vec::new(),
            seed: self.seeding.seed(Purpose::Tournament, id),
            created: now,
        };
        if let Err(e) = self.store.commit_batch(&Batch::of_tournament(&t, &[])) {
            return store_failure(asker, &e);
        }
        tracing::info!(tournament = t.id, channel = %t.channel, "tournament created");
        let info = t.kind.info();
        // The channel hears it in its language.
        let text = crate::i18n::scope(self.tournament_language(cx, &t), || {
            t!(
                "tour-created",
                name = markup::name(&user.name),
                game = info.name,
                tournament = markup::code(&t.name),
                format = t.format.word(),
                pairing = t.swiss_pairing().map_or("none", Pairing::word),
                pod = t.pod,
                // 0: as many as the entries need.
                rounds = spec.rounds.unwrap_or(0),
                option_count = t.options.len(),
                options = t.options.join(" "),
                bots = if t.bots { "yes" } else { "no" },
            )
        });
        Reply::public(text)
    }

    /// Entry changes and the start: serialized, one commit each.
    fn change_tournament(
        &self,
        cx: Ctx<'_>,
        cmd: &Command,
        user: &User,
        what: &str,
        rest: &str,
        now: Millis,
    ) -> Vec<Reply> {
        let asker = Asker {
            user,
            private: cmd.private,
        };
        let serial = lock(cx.serial);
        // Read again under the lock: nothing changes it meanwhile.
        let mut t = match self.tournament_here(&cmd.channel) {
            Ok(Some(t)) => t,
            Ok(None) => return vec![asker.refuse(R::NoneHere { create: false })],
            Err(e) => return vec![store_failure(asker, &e)],
        };
        let organizer = t.organizer.id == user.id || cmd.moderator;
        let name = markup::name(&user.name);
        // What changed is told in the channel's language, a refusal in the asker's.
        let lang = self.tournament_language(cx, &t);
        let public = |text: &dyn Fn() -> String| crate::i18n::scope(lang, text);
        let mut follow = FollowUp::default();
        let text =
            match what {
                "join" => {
                    if let Err(refusal) = entry_open(&t) {
                        return vec![asker.refuse(refusal)];
                    }
                    if t.entrant_of(user).is_some() {
                        return vec![asker.refuse(R::EnteredAlready)];
                    }
                    if t.entrants.len() >= MAX_ENTRANTS {
                        return vec![asker.refuse(R::Full {
                            max: Some(MAX_ENTRANTS),
                        })];
                    }
                    t.entrants.push(Entrant {
                        user: user.clone(),
                        rating: 0.0,
                        out: false,
                    });
                    public(&|| {
                        t!(
                            "tour-enters",
                            name = &name,
                            tournament = markup::code(&t.name),
                            entrants = t.entrants.len()
                        )
                    })
                }
                "bot" => {
                    if let Err(refusal) = entry_open(&t) {
                        return vec![asker.refuse(refusal)];
                    }
                    if !t.bots {
                        return vec![asker.refuse(R::BotsNotAllowed)];
                    }
                    if t.entrant_of(user).is_none() && !organizer {
                        return vec![asker.refuse(R::BotWhoMay)];
                    }
                    let level = match rest.trim() {
                        "" => "normal".to_string(),
                        l => l.to_ascii_lowercase(),
                    };
                    if crate::bots::Level::from_word(&level).is_none() {
                        return vec![asker.refuse(R::NotALevel {
                            word: level.clone(),
                        })];
                    }
                    let n = t.entrants.iter().filter(|e| e.user.is_bot()).count() + 1;
                    let most = self.settings.bots_per_tournament;
                    if n > most {
                        return vec![asker.refuse(R::BotsMax { most })];
                    }
                    if t.entrants.len() >= MAX_ENTRANTS {
                        return vec![asker.refuse(R::Full { max: None })];
                    }
                    let bot = User::bot(&level, n);
                    let text = public(&|| {
                        t!(
                            "tour-enters",
                            name = markup::name(&bot.name),
                            tournament = markup::code(&t.name),
                            entrants = t.entrants.len() + 1
                        )
                    });
                    t.entrants.push(Entrant {
                        user: bot,
                        rating: 0.0,
                        out: false,
                    });
                    text
                }
                "leave" => {
                    let Some(e) = t.entrant_of(user) else {
                        return vec![asker.refuse(R::NotEntered)];
                    };
                    if t.stage != Stage::Entry {
                        return vec![asker.refuse(R::LeaveStarted)];
                    }
                    t.entrants.remove(e);
                    public(&|| {
                        t!(
                            "tour-leaves",
                            name = &name,
                            tournament = markup::code(&t.name)
                        )
                    })
                }
                "withdraw" => {
                    let Some(e) = t.entrant_of(user) else {
                        return vec![asker.refuse(R::NotEntered)];
                    };
                    if let Err(refusal) = take_out(&mut t, e, R::WithdrawnAlready) {
                        return vec![asker.refuse(refusal)];
                    }
                    public(&|| {
                        t!(
                            "tour-withdraws",
                            name = &name,
                            tournament = markup::code(&t.name)
                        )
                    })
                }
                "remove" => {
                    if !organizer {
                        return vec![asker.refuse(R::OrganizerOnly {
                            organizer: t.organizer.name.clone(),
                            what: Only::Remove,
                        })];
                    }
                    let wanted = rest.trim().trim_start_matches('@');
                    let Some(e) = t.entrants.iter().position(|e| {
                        e.user.name.eq_ignore_ascii_case(wanted) || e.user.id == wanted
                    }) else {
                        return vec![asker.refuse(R::NoSuchEntrant {
                            word: wanted.to_string(),
                        })];
                    };
                    let who = markup::name(&t.entrants[e].user.name);
                    if let Err(refusal) = take_out(&mut t, e, R::OutAlready { name: who.clone() }) {
                        return vec![asker.refuse(refusal)];
                    }
                    public(&|| {
                        t!(
                            "tour-removed",
                            name = &who,
                            tournament = markup::code(&t.name)
                        )
                    })
                }
                "start" => {
                    if !organizer {
                        return vec![asker.refuse(R::OrganizerOnly {
                            organizer: t.organizer.name.clone(),
                            what: Only::Start,
                        })];
                    }
                    if let Err(refusal) = entry_open(&t) {
                        return vec![asker.refuse(refusal)];
                    }
                    if let Err(refusal) = self.ready(&t) {
                        return vec![asker.refuse(refusal)];
                    }
                    self.seed_ratings(&mut t);
                    if t.rounds == 0 || t.format == crate::league::tournament::Format::Knockout {
                        t.rounds = t.format.default_rounds(t.entrants.len(), t.pod);
                    }
                    t.stage = Stage::Running;
                    follow = match self.follow_up(cx, &mut t, now) {
                        Ok(f) => f,
                        Err(e) => return vec![store_failure(asker, &e)],
                    };
                    // Its tables count against the community's: the first round must fit
                    // (the later ones of a format need no more than it).
                    let community = t.community.clone().unwrap_or_else(|| t.channel.clone());
                    let (needed, open) = (follow.tables.len(), cx.core.open_in(&community));
                    let most = self.table_limit;
                    if open + needed > most {
                        return vec![asker.refuse(R::RoundTooBig { needed, open, most })];
                    }
                    public(&|| {
                        t!(
                            "tour-starts",
                            tournament = markup::code(&t.name),
                            entrants = t.entrants.len(),
                            rounds = t.rounds
                        )
                    })
                }
                _ => return Vec::new(),
            };
        if let Err(e) = self
            .store
            .commit_batch(&Batch::of_tournament(&t, &follow.tables))
        {
            return vec![store_failure(asker, &e)];
        }
        drop(serial);
        self.install(cx, follow, &t);
        vec![Reply::public(text)]
    }

    /// Whether the entrants can start: enough for a game, at least one person.
    fn ready(&self, t: &Tournament) -> Result<(), TournamentRefused> {
        let least = match t.format {
            crate::league::tournament::Format::Duplicate => 1,
            _ => t.pod.max(2),
        };
        if t.entrants.len() < least {
            return Err(R::TooFew {
                least,
                entered: t.entrants.len(),
            });
        }
        if t.entrants.iter().all(|e| e.user.is_bot()) {
            return Err(R::OnlyBots);
        }
        Ok(())
    }

    /// A tournament's name when none is given: its game, the month and a number
    /// (`<game>-nov-1`), one more than the highest such number among the community's open
    /// tournaments and this channel's last one.
    fn default_tournament_name(&self, cmd: &Command, kind: GameKind, now: Millis) -> String {
        const MONTHS: [&str; 12] = [
            "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
        ];
        let date = humantime::format_rfc3339(
            std::time::UNIX_EPOCH + std::time::Duration::from_millis(now),
        )
        .to_string();
        let month = date
            .get(5..7)
            .and_then(|m| m.parse::<usize>().ok())
            .and_then(|m| MONTHS.get(m.wrapping_sub(1)))
            .copied()
            .unwrap_or("t");
        let prefix = format!("{}-{month}-", kind.info().id);
        let community = cmd.community_key();
        let mut known: Vec<Tournament> = self
            .store
            .open_tournaments()
            .unwrap_or_default()
            .into_iter()
            .filter(|t| t.community.as_deref().unwrap_or(&t.channel) == community)
            .collect();
        known.extend(self.store.channel_tournament(&cmd.channel).ok().flatten());
        let highest = known
            .iter()
            .filter_map(|t| t.name.strip_prefix(&prefix)?.parse::<u32>().ok())
            .max()
            .unwrap_or(0);
        format!("{prefix}{}", highest + 1)
    }

    /// Each entrant's rating in the game here, for the seeding (a new player's where none).
    fn seed_ratings(&self, t: &mut Tournament) {
        let community = t.community.clone().unwrap_or_else(|| t.channel.clone());
        for e in &mut t.entrants {
            let key = RatingKey {
                community: community.clone(),
                game: t.kind.info().id.to_string(),
                player: player_key(&e.user.id),
            };
            e.rating = self
                .store
                .rating(&key)
                .ok()
                .flatten()
                .unwrap_or_else(|| Rating::new(&e.user.name))
                .rating;
        }
    }

    /// Whether `user` may see `table`'s board, details, record, export and replay.
    pub fn discloses(&self, table: &Table, user: &User) -> bool {
        if !table.private || table.is_player(user) {
            return true;
        }
        !table.status.is_open() && !self.in_sealed_round(table)
    }

    /// Whether `table` is a game of a tournament round whose games stay closed
    /// ([`Tournament::sealed_round`](crate::league::tournament::Tournament::sealed_round)).
    fn in_sealed_round(&self, table: &Table) -> bool {
        let Some(board) = &table.fixture else {
            return false;
        };
        match self.store.tournament(board.event) {
            Ok(Some(t)) => t.sealed_round() == Some(board.round),
            Ok(None) => false,
            Err(e) => {
                // Unreadable: closed, as a sealed round would be.
                tracing::error!(table = table.id, error = %e, "tournament unreadable");
                true
            }
        }
    }
}
