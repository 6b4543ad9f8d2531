//! The slash commands: thin wrappers that turn their options into the table service's command
//! text and hand it to [`super::answer`].

use std::borrow::Cow;

use poise::serenity_prelude as serenity;

use super::{Context, Error, Seen, normalize_move, run_slash};
use crate::games::GameKind;
use crate::table::User;

/// The games, as Discord's fixed choice list: every registered game, by its name. The value
/// Discord sends is the game's index in [`GameKind::ALL`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameChoice(pub GameKind);

impl poise::ChoiceParameter for GameChoice {
    fn list() -> Cow<'static, [poise::CommandParameterChoice]> {
        Cow::Owned(
            GameKind::ALL
                .iter()
                .map(|kind| poise::CommandParameterChoice {
                    name: Cow::Borrowed(kind.info().name),
                    localizations: Cow::Borrowed(&[]),
                    __non_exhaustive: (),
                })
                .collect(),
        )
    }

    fn from_index(index: usize) -> Option<Self> {
        GameKind::ALL.get(index).copied().map(GameChoice)
    }

    fn from_name(name: &str) -> Option<Self> {
        GameKind::ALL
            .iter()
            .find(|k| k.info().name == name)
            .copied()
            .map(GameChoice)
    }

    fn name(&self) -> &'static str {
        self.0.info().name
    }

    fn localized_name(&self, _locale: &str) -> Option<&'static str> {
        None
    }
}

impl GameChoice {
    /// The game this choice stands for.
    pub fn kind(self) -> GameKind {
        self.0
    }
}

fn with_game(verb: &str, game: Option<GameChoice>, rest: Option<String>) -> String {
    let mut text = verb.to_string();
    if let Some(g) = game {
        text.push(' ');
        text.push_str(g.kind().info().id);
    }
    if let Some(rest) = rest.filter(|r| !r.trim().is_empty()) {
        text.push(' ');
        text.push_str(rest.trim());
    }
    text
}

/// List the games and their options
#[poise::command(slash_command)]
pub async fn games(ctx: Context<'_>) -> Result<(), Error> {
    run_slash(ctx, "/games".into(), Seen::Public).await
}

/// Open a table in this channel, or sit down at the one in the lobby
#[poise::command(slash_command)]
pub async fn join(
    ctx: Context<'_>,
    #[description = "The game (leave empty to sit down at the table in the lobby)"] game: Option<
        GameChoice,
    >,
    #[description = "Options, e.g. `profi time=20m log thread`"] options: Option<String>,
) -> Result<(), Error> {
    run_slash(ctx, with_game("/join", game, options), Seen::Public).await
}

/// Stand up from the table in the lobby
#[poise::command(slash_command)]
pub async fn leave(ctx: Context<'_>) -> Result<(), Error> {
    run_slash(ctx, "/leave".into(), Seen::Public).await
}

/// Start the game (any seated player, once enough players sit)
#[poise::command(slash_command)]
pub async fn start(ctx: Context<'_>) -> Result<(), Error> {
    run_slash(ctx, "/start".into(), Seen::Public).await
}

async fn autocomplete_move(
    ctx: Context<'_>,
    partial: &str,
) -> serenity::CreateAutocompleteResponse {
    let data = ctx.data();
    let service = data.service.clone();
    let channel = super::deliver::channel_key(ctx.channel_id());
    let user = User {
        id: super::deliver::user_key(ctx.author().id),
        name: ctx.author().name.clone(),
    };
    // Shown in the player's words, sent as the notation; typed in either, found.
    let lang = ctx
        .locale()
        .and_then(crate::i18n::Lang::from_locale)
        .unwrap_or_default();
    let moves = tokio::task::spawn_blocking(move || {
        crate::i18n::scope(lang, || service.labelled_moves(&channel, &user))
    })
    .await
    .unwrap_or_default();
    let wanted = normalize_move(partial);
    let choices = moves
        .into_iter()
        .filter(|(m, label)| {
            normalize_move(m).starts_with(&wanted) || normalize_move(label).starts_with(&wanted)
        })
        .take(25)
        .map(|(m, label)| serenity::AutocompleteChoice::new(label, m))
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// Play a move (only you see refusals; secret moves stay secret)
#[poise::command(slash_command, rename = "move")]
pub async fn move_(
    ctx: Context<'_>,
    #[description = "The move, e.g. A2B2"]
    #[autocomplete = "autocomplete_move"]
    text: String,
) -> Result<(), Error> {
    run_slash(ctx, format!("/move {text}"), Seen::Move).await
}

/// What `/bot` does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum BotChoice {
    /// A beginner's opponent.
    #[name = "easy"]
    Easy,
    /// A fair opponent.
    #[name = "normal"]
    Normal,
    /// A strong opponent.
    #[name = "hard"]
    Hard,
    /// Take the last computer player away.
    #[name = "remove"]
    Remove,
}

/// Seat a computer player in the lobby (or take the last one away)
#[poise::command(slash_command)]
pub async fn bot(
    ctx: Context<'_>,
    #[description = "How strong (default normal), or remove"] level: Option<BotChoice>,
) -> Result<(), Error> {
    let word = level.map_or("", |l| poise::ChoiceParameter::name(&l));
    run_slash(
        ctx,
        format!("/bot {word}").trim_end().to_string(),
        Seen::Public,
    )
    .await
}

/// Show the board
#[poise::command(slash_command)]
pub async fn board(ctx: Context<'_>) -> Result<(), Error> {
    run_slash(ctx, "/board".into(), Seen::Public).await
}

/// Your private view of the table (only you see it)
#[poise::command(slash_command)]
pub async fn hand(ctx: Context<'_>) -> Result<(), Error> {
    run_slash(ctx, "/hand".into(), Seen::Private).await
}

/// Whose turn it is, the clocks and the scores
#[poise::command(slash_command)]
pub async fn status(ctx: Context<'_>) -> Result<(), Error> {
    run_slash(ctx, "/status".into(), Seen::Public).await
}

/// Give up the game
#[poise::command(slash_command)]
pub async fn resign(ctx: Context<'_>) -> Result<(), Error> {
    run_slash(ctx, "/resign".into(), Seen::Public).await
}

/// End the table without a result (its creator, or a member who may manage messages)
#[poise::command(slash_command)]
pub async fn abort(ctx: Context<'_>) -> Result<(), Error> {
    run_slash(ctx, "/abort".into(), Seen::Public).await
}

/// The game record as a file (tables opened with the option `log`)
#[poise::command(slash_command)]
pub async fn log(ctx: Context<'_>) -> Result<(), Error> {
    run_slash(ctx, "/log".into(), Seen::Public).await
}

/// The table as a JSON file (or a finished table of this server by its number)
#[poise::command(slash_command)]
pub async fn export(
    ctx: Context<'_>,
    #[description = "A finished table's number (see /history); default: this channel's table"]
    #[min = 1]
    table: Option<u64>,
) -> Result<(), Error> {
    let text = match table {
        Some(id) => format!("/export {id}"),
        None => "/export".into(),
    };
    run_slash(ctx, text, Seen::Public).await
}

/// An animated replay of a finished game (this channel's last, or one by its number)
#[poise::command(slash_command)]
pub async fn replay(
    ctx: Context<'_>,
    #[description = "A finished table's number (see /history); default: this channel's last game"]
    #[min = 1]
    table: Option<u64>,
) -> Result<(), Error> {
    let text = match table {
        Some(id) => format!("/replay {id}"),
        None => "/replay".into(),
    };
    run_slash(ctx, text, Seen::Public).await
}

/// Ratings in this server: yours, or a player's, in one game or all
#[poise::command(slash_command)]
pub async fn rating(
    ctx: Context<'_>,
    #[description = "The player's name (default: you)"]
    #[max_length = 64]
    player: Option<String>,
    #[description = "The game (default: all)"] game: Option<GameChoice>,
) -> Result<(), Error> {
    run_slash(ctx, with_game("/rating", game, player), Seen::Public).await
}

/// The best players of a game in this server, ten to a page
#[poise::command(slash_command)]
pub async fn leaderboard(
    ctx: Context<'_>,
    #[description = "The game (default: this channel's)"] game: Option<GameChoice>,
    #[description = "A game played alone: the best scores instead of ratings"] solo: Option<bool>,
    #[description = "Which page (default 1)"]
    #[min = 1]
    page: Option<u32>,
) -> Result<(), Error> {
    let mut rest = Vec::new();
    if solo == Some(true) {
        rest.push("solo".to_string());
    }
    if let Some(p) = page {
        rest.push(p.to_string());
    }
    let rest = (!rest.is_empty()).then(|| rest.join(" "));
    run_slash(ctx, with_game("/leaderboard", game, rest), Seen::Public).await
}

/// The last games of a player in this server (default: yours)
#[poise::command(slash_command)]
pub async fn history(
    ctx: Context<'_>,
    #[description = "The player's name (default: you)"]
    #[max_length = 64]
    player: Option<String>,
) -> Result<(), Error> {
    let text = format!("/history {}", player.unwrap_or_default())
        .trim_end()
        .to_string();
    run_slash(ctx, text, Seen::Public).await
}

/// The rules in short
#[poise::command(slash_command)]
pub async fn rules(
    ctx: Context<'_>,
    #[description = "The game (default: this channel's)"] game: Option<GameChoice>,
) -> Result<(), Error> {
    run_slash(ctx, with_game("/rules", game, None), Seen::Public).await
}

/// Where your turn pings go, as poise's fixed choice list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum NotifyChoice {
    /// Mentioned in the table's channel.
    #[name = "channel"]
    Channel,
    /// A direct message.
    #[name = "dm"]
    Dm,
    /// No pings.
    #[name = "off"]
    Off,
}

/// How you hear it is your turn, in this server (without a choice: the current setting)
#[poise::command(slash_command)]
pub async fn notify(
    ctx: Context<'_>,
    #[description = "channel (a mention), dm (a direct message) or off"] mode: Option<NotifyChoice>,
) -> Result<(), Error> {
    let word = mode.map_or("", |m| poise::ChoiceParameter::name(&m));
    let text = format!("/notify {word}").trim_end().to_string();
    run_slash(ctx, text, Seen::Private).await
}

/// A language the bot speaks, as poise's fixed choice list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum LanguageChoice {
    /// English.
    #[name = "English"]
    En,
    /// German.
    #[name = "Deutsch"]
    De,
    /// Dutch.
    #[name = "Nederlands"]
    Nl,
    /// With `me`: the client's language.
    #[name = "auto"]
    Auto,
}

/// The language I speak here (moderators), in the whole server, or to you
#[poise::command(slash_command)]
pub async fn language(
    ctx: Context<'_>,
    #[description = "The language"] language: Option<LanguageChoice>,
    #[description = "Only for you"] me: Option<bool>,
    #[description = "The whole server"] server: Option<bool>,
) -> Result<(), Error> {
    let code = match language {
        Some(LanguageChoice::En) => "en",
        Some(LanguageChoice::De) => "de",
        Some(LanguageChoice::Nl) => "nl",
        Some(LanguageChoice::Auto) => "auto",
        None => "",
    };
    let scope = match (me, server) {
        (Some(true), _) => "me ",
        (_, Some(true)) => "server ",
        _ => "",
    };
    let text = format!("/language {scope}{code}").trim_end().to_string();
    run_slash(ctx, text, Seen::Public).await
}

/// Your open tables in this server: whose turn, time left, a link to each
#[poise::command(slash_command)]
pub async fn mygames(
    ctx: Context<'_>,
    #[description = "Which page (default 1)"]
    #[min = 1]
    page: Option<u32>,
) -> Result<(), Error> {
    let text = match page {
        Some(p) => format!("/mygames {p}"),
        None => "/mygames".into(),
    };
    run_slash(ctx, text, Seen::Private).await
}

/// Away for a while: your correspondence clocks pause (at most 14 days in any 30)
#[poise::command(slash_command)]
pub async fn vacation(
    ctx: Context<'_>,
    #[description = "How long (e.g. 3d, 36h), or off to come back now; empty: your vacation"]
    #[max_length = 30]
    length: Option<String>,
) -> Result<(), Error> {
    let text = format!("/vacation {}", length.unwrap_or_default())
        .trim_end()
        .to_string();
    run_slash(ctx, text, Seen::Private).await
}

/// Take over the seat of a player idle too long (tables without a clock)
#[poise::command(slash_command)]
pub async fn claim(
    ctx: Context<'_>,
    #[description = "The computer player that takes over (default normal)"] level: Option<
        ClaimChoice,
    >,
) -> Result<(), Error> {
    let word = level.map_or("", |l| poise::ChoiceParameter::name(&l));
    let text = format!("/claim {word}").trim_end().to_string();
    run_slash(ctx, text, Seen::Public).await
}

/// The level of the computer player that takes over a claimed seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum ClaimChoice {
    /// The greedy player.
    #[name = "easy"]
    Easy,
    /// A short search.
    #[name = "normal"]
    Normal,
    /// The strongest.
    #[name = "hard"]
    Hard,
}

/// The commands of spieltisch
#[poise::command(slash_command)]
pub async fn help(ctx: Context<'_>) -> Result<(), Error> {
    run_slash(ctx, "/help".into(), Seen::Public).await
}

/// What `/tournament` does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum TournamentAction {
    /// Create one here (game, then details: format and settings).
    #[name = "create"]
    Create,
    /// Enter.
    #[name = "join"]
    Join,
    /// Leave before the start.
    #[name = "leave"]
    Leave,
    /// Close the entry and pair the first round (the organizer).
    #[name = "start"]
    Start,
    /// The current round's games.
    #[name = "pairings"]
    Pairings,
    /// The standings.
    #[name = "standings"]
    Standings,
    /// Everything as one JSON document.
    #[name = "export"]
    Export,
    /// Leave a running tournament: not paired again.
    #[name = "withdraw"]
    Withdraw,
    /// Enter a computer player (details: its level), where allowed.
    #[name = "bot"]
    Bot,
    /// Close the round after its deadline (the organizer).
    #[name = "next"]
    Next,
    /// Decide a game (details: `<table> <winner|draw>`; the organizer).
    #[name = "result"]
    Result,
    /// Remove an entrant (details: the name; the organizer).
    #[name = "remove"]
    Remove,
    /// Cancel the tournament (the organizer).
    #[name = "cancel"]
    Cancel,
}

/// Tournaments played at the bot's tables: swiss, roundrobin, knockout, duplicate
#[poise::command(slash_command)]
pub async fn tournament(
    ctx: Context<'_>,
    #[description = "What to do"] action: TournamentAction,
    #[description = "The game (for create)"] game: Option<GameChoice>,
    #[description = "create: format, settings (swiss rounds=3 time=30m); result: table winner; remove: name"]
    #[max_length = 300]
    details: Option<String>,
) -> Result<(), Error> {
    let verb = format!("/tournament {}", poise::ChoiceParameter::name(&action));
    run_slash(ctx, with_game(&verb, game, details), Seen::Public).await
}

/// Every command, for registration.
pub fn all() -> Vec<poise::Command<super::Data, Error>> {
    let mut commands = vec![
        games(),
        join(),
        leave(),
        start(),
        bot(),
        move_(),
        board(),
        hand(),
        status(),
        resign(),
        abort(),
        log(),
        export(),
        replay(),
        rules(),
        notify(),
        mygames(),
        vacation(),
        claim(),
        rating(),
        leaderboard(),
        history(),
        tournament(),
        language(),
        help(),
    ];
    super::localize::localize(&mut commands);
    commands
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::Verb;
    use poise::ChoiceParameter;

    #[test]
    fn every_game_is_a_choice() {
        for kind in GameKind::ALL {
            let choice = GameChoice::list()
                .iter()
                .position(|c| c.name == kind.info().name)
                .and_then(GameChoice::from_index);
            assert_eq!(choice.map(GameChoice::kind), Some(*kind));
        }
    }

    #[test]
    fn every_verb_is_a_slash_command_with_a_description() {
        let commands = all();
        for (verb, name) in Verb::ALL {
            let cmd = commands.iter().find(|c| c.name == *name);
            assert!(cmd.is_some(), "{verb:?} has no slash command");
            assert!(
                cmd.and_then(|c| c.description.as_ref())
                    .is_some_and(|d| !d.is_empty())
            );
        }
    }

    #[test]
    fn command_text_is_built_from_options() {
        assert_eq!(
            with_game(
                "/join",
                Some(GameChoice(GameKind::ALL[0])),
                Some(" profi  ".into())
            ),
            format!("/join {} profi", GameKind::ALL[0].info().id)
        );
        assert_eq!(with_game("/join", None, None), "/join");
        assert_eq!(with_game("/rules", None, Some("  ".into())), "/rules");
    }
}
