//! The languages a table speaks: `/language` for a channel, a community and a person; the
//! chat client's language; what each audience hears; an unknown language refused; settings kept
//! across a restart.

use spieltisch::games::{Announcement, Audience, GameKind};
use spieltisch::i18n::{Lang, Localized, scope};
use spieltisch::t;
use spieltisch::table::record::Table;
use spieltisch::table::{Command, TableEvent, TableLanguages, TableOptions, User, project};

use crate::support::{Harness, as_admin, as_moderator, assert_refusal, plain, say_with, setup};

const COMMUNITY: &str = "guild";

/// The service; commands come from the community [`COMMUNITY`].
fn open() -> Harness {
    setup().community(COMMUNITY).fresh()
}

/// The `/join dvonn` announcement in `lang` for `name`.
fn opened_in(lang: Lang, name: &str) -> String {
    scope(lang, || {
        let options = t!("options-none");
        t!(
            "opened",
            name = name,
            game = "Dvonn",
            options = options,
            max = 2,
            min = 2
        )
    })
}

#[test]
fn a_moderator_sets_the_channel_s_language_and_the_table_speaks_it() {
    let service = open();
    // Nobody chose: English.
    let show = say_with(&service, "#a", "ann", "/language", plain);
    assert!(show[0].text.contains("English"), "{}", show[0].text);
    // Not a moderator: refused, nothing set.
    let refused = say_with(&service, "#a", "ann", "/language de", plain);
    assert_refusal(&refused[0], "language-not-moderator");
    assert_eq!(
        refused[0].text,
        t!("language-not-moderator", code = "de"),
        "in the asker's language (English still)"
    );
    assert_eq!(service.channel_language("#a", Some(COMMUNITY)), Lang::En);
    // A moderator: the channel speaks German from the announcement on.
    let set = say_with(&service, "#a", "mod", "/language deutsch", as_moderator);
    assert!(
        !set[0].error && set[0].to.is_none(),
        "announced in the channel"
    );
    assert_eq!(
        set[0].text,
        scope(Lang::De, || t!("language-set-channel", lang = "Deutsch"))
    );
    assert_eq!(set[0].lang, Lang::De);
    assert_eq!(service.channel_language("#a", Some(COMMUNITY)), Lang::De);
    let joined = say_with(&service, "#a", "ann", "/join dvonn", plain);
    assert_eq!(joined[0].text, opened_in(Lang::De, "ann"));
    assert_ne!(joined[0].text, opened_in(Lang::En, "ann"));
    // Another channel of the community still speaks English.
    let elsewhere = say_with(&service, "#b", "ben", "/join dvonn", plain);
    assert_eq!(elsewhere[0].text, opened_in(Lang::En, "ben"));
}

#[test]
fn the_community_s_language_holds_where_a_channel_chose_none() {
    let service = open();
    // `/language nl` sets the channel, also for who may manage the community; `/language
    // server nl` the community — for them only.
    let refused = say_with(&service, "#a", "mod", "/language server nl", as_moderator);
    assert_refusal(&refused[0], "language-not-admin");
    assert_eq!(
        refused[0].text,
        t!("language-not-admin", code = "nl"),
        "a channel's moderator sets the channel's only"
    );
    let channel = say_with(&service, "#z", "owner", "/language nl", as_admin);
    assert_eq!(
        channel[0].text,
        scope(Lang::Nl, || t!("language-set-channel", lang = "Nederlands"))
    );
    assert_eq!(service.channel_language("#y", Some(COMMUNITY)), Lang::En);
    let set = say_with(&service, "#a", "owner", "/language server nl", as_admin);
    assert_eq!(
        set[0].text,
        scope(Lang::Nl, || t!(
            "language-set-community",
            lang = "Nederlands"
        ))
    );
    for channel in ["#a", "#b", "#c"] {
        assert_eq!(service.channel_language(channel, Some(COMMUNITY)), Lang::Nl);
    }
    // A channel's own setting wins over the community's.
    say_with(&service, "#b", "mod", "/language de", as_moderator);
    assert_eq!(service.channel_language("#b", Some(COMMUNITY)), Lang::De);
    assert_eq!(service.channel_language("#c", Some(COMMUNITY)), Lang::Nl);
    // Another community is not touched.
    assert_eq!(service.channel_language("#x", Some("elsewhere")), Lang::En);
    let joined = say_with(&service, "#c", "cy", "/join dvonn", plain);
    assert_eq!(joined[0].text, opened_in(Lang::Nl, "cy"));
}

#[test]
fn a_person_s_own_language_and_their_client_s() {
    let service = open();
    say_with(&service, "#a", "mod", "/language de", as_moderator);
    // Ann's client is Dutch: what she asks for is answered in Dutch.
    let dutch_client = |cmd: &mut Command| cmd.locale = Some(Lang::Nl);
    let status = say_with(&service, "#a", "ann", "/status", dutch_client);
    assert_eq!(
        status[0].text,
        scope(Lang::Nl, || t!("no-table-games", games = games()))
    );
    // …and still without her client saying so (the last one seen is kept).
    let status = say_with(&service, "#a", "ann", "/status", plain);
    assert_eq!(status[0].lang, Lang::Nl);
    // Her own choice wins over her client's.
    let mine = say_with(&service, "#a", "ann", "/language me en", dutch_client);
    assert_eq!(mine[0].to.as_ref().map(|u| u.id.as_str()), Some("ann"));
    assert_eq!(mine[0].text, t!("language-set-mine", lang = "English"));
    let status = say_with(&service, "#a", "ann", "/status", dutch_client);
    assert_eq!(status[0].lang, Lang::En);
    assert_eq!(status[0].text, t!("no-table-games", games = games()));
    // `auto`: the client's again.
    say_with(&service, "#a", "ann", "/language me auto", plain);
    let status = say_with(&service, "#a", "ann", "/status", plain);
    assert_eq!(status[0].lang, Lang::Nl);
    // Someone with no setting and no client language hears the channel's.
    let status = say_with(&service, "#a", "bob", "/status", plain);
    assert_eq!(status[0].lang, Lang::De);
    // What happens at the table is announced in the channel's language, whoever asked.
    let joined = say_with(&service, "#a", "ann", "/join dvonn", dutch_client);
    assert_eq!(joined[0].text, opened_in(Lang::De, "ann"));
}

fn games() -> String {
    GameKind::ALL
        .iter()
        .map(|k| k.info().id)
        .collect::<Vec<_>>()
        .join(", ")
}

#[test]
fn an_unknown_language_is_one_clear_refusal_listing_the_available_ones() {
    let service = open();
    for bad in ["klingon", "fr", "xx-YY", "me fr", "me", &"é".repeat(200)] {
        let text = format!("/language {bad}");
        let replies = say_with(&service, "#a", "mod", &text, as_moderator);
        if bad == "me" {
            // `/language me` alone tells the settings.
            assert!(!replies[0].error, "{replies:?}");
            continue;
        }
        assert_eq!(replies.len(), 1, "{bad}: {replies:?}");
        let reply = &replies[0];
        assert_refusal(reply, "language-unknown");
        for lang in Lang::ALL {
            assert!(
                reply.text.contains(&format!("`{}`", lang.code()))
                    && reply.text.contains(lang.endonym()),
                "{bad}: {}",
                reply.text
            );
        }
        assert!(
            reply.text.chars().count() < 300,
            "the word is cut: {}",
            reply.text.len()
        );
    }
    assert_eq!(service.channel_language("#a", Some(COMMUNITY)), Lang::En);
    let me = say_with(&service, "#a", "mod", "/language me klingon", plain);
    assert_refusal(&me[0], "language-unknown");

    let status = say_with(&service, "#a", "mod", "/status", plain);
    assert_eq!(status[0].lang, Lang::En, "nothing was set");
}

#[test]
fn language_settings_survive_a_restart() {
    let service = open();
    {
        say_with(&service, "#a", "mod", "/language nl", as_moderator);
        say_with(&service, "#b", "ann", "/language me de", plain);
    }
    let service = service.restart();
    assert_eq!(service.channel_language("#a", Some(COMMUNITY)), Lang::Nl);
    let status = say_with(&service, "#b", "ann", "/status", plain);
    assert_eq!(status[0].lang, Lang::De);
}

#[test]
fn the_service_s_default_language_speaks_where_nobody_chose() {
    let service = setup().community(COMMUNITY).language(Lang::De).fresh();
    let joined = say_with(&service, "#a", "ann", "/join dvonn", plain);
    assert_eq!(joined[0].text, opened_in(Lang::De, "ann"));
    say_with(&service, "#a", "mod", "/language en", as_moderator);
    let left = say_with(&service, "#a", "ann", "/leave", plain);
    assert_eq!(left[0].lang, Lang::En);
}

#[test]
fn each_audience_hears_an_event_in_its_own_language() {
    let ann = User::named("ann");
    let ben = User::named("ben");
    let mut table = Table::lobby(
        "#a",
        GameKind::ALL[0],
        TableOptions::parse(GameKind::ALL[0], std::iter::empty::<&str>()).expect("options"),
        &ann,
        0,
    );
    table.seats.push(ben.clone());
    // A game's announcement is made in every language before its audience is known.
    let said = |audience| {
        TableEvent::Game(Announcement {
            audience,
            text: Localized::render(|| format!("lang={}", spieltisch::i18n::current())),
        })
    };
    let langs = TableLanguages {
        channel: Lang::De,
        seats: vec![("ann".into(), Lang::Nl), ("ben".into(), Lang::En)],
    };
    let events = [
        said(Audience::Everyone),
        said(Audience::Seat(0)),
        said(Audience::Seat(1)),
        TableEvent::Sat { seat: 1 },
    ];
    let replies = project(&table, &events, &langs);
    let public = replies.iter().find(|r| r.to.is_none()).expect("public");
    assert!(public.text.contains("lang=de"), "{}", public.text);
    assert_eq!(public.lang, Lang::De);
    let sat = scope(Lang::De, || t!("sat-more-needed", n = 0));
    assert!(
        !public.text.contains(&t!("sat-may-start")),
        "English: {}",
        public.text
    );
    assert!(
        public
            .text
            .contains(&scope(Lang::De, || t!("sat-may-start")))
            || public.text.contains(&sat),
        "{}",
        public.text
    );
    let to = |user: &User| {
        replies
            .iter()
            .find(|r| r.to.as_ref() == Some(user))
            .expect("a private reply")
    };
    assert_eq!(to(&ann).text, "lang=nl");
    assert_eq!(to(&ann).lang, Lang::Nl);
    assert_eq!(to(&ben).text, "lang=en");
}

#[test]
fn a_table_moved_into_a_thread_keeps_its_channel_s_language() {
    let service = open();
    say_with(&service, "#a", "mod", "/language de", as_moderator);
    say_with(&service, "#a", "ann", "/join dvonn", plain);
    // A tournament game's key under the channel speaks the channel's language before it moves.
    assert_eq!(service.channel_language("#a/cup-r1-1", None), Lang::De);
    service.relocate("#a", "#a-thread").expect("moved");
    assert_eq!(service.channel_language("#a-thread", None), Lang::De);
    let joined = say_with(&service, "#a-thread", "ben", "/join", plain);
    assert_eq!(joined[0].lang, Lang::De, "{}", joined[0].text);
    // The chat that knows only the channel finds its community through the table.
    assert_eq!(service.spoken_in("#a-thread"), Lang::De);
    // A thread whose channel chose nothing speaks the community's language.
    say_with(&service, "#b", "owner", "/language server nl", as_admin);
    say_with(&service, "#c", "cy", "/join dvonn", plain);
    service.relocate("#c", "#c-thread").expect("moved");
    assert_eq!(service.spoken_in("#c-thread"), Lang::Nl);
}

#[test]
fn auto_is_always_a_person_s_own_setting() {
    let service = open();
    let auto = say_with(&service, "#a", "ann", "/language auto", plain);
    assert!(!auto[0].error, "{}", auto[0].text);
    assert_eq!(auto[0].to.as_ref().map(|u| u.id.as_str()), Some("ann"));
    assert_eq!(auto[0].text, t!("language-auto-mine"));
}
