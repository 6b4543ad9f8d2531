//! Every rule of `docs/rules/banner-von-komarn.md`, pinned: setup, the board, the four ways to play a
//! number and the forced discard, camps, towers, banners and command (takeovers, merges with and
//! without a majority, ties, payouts), garrison colours, the Hurenweibel, Morlocks with claims,
//! challenges and strikes, the Strudel, the end and the final payouts, forfeits, secrecy, the
//! completeness of `legal_moves` and random playouts with invariants. Every refused move is
//! checked to leave the state unchanged.
//!
//! Positions are built with [`Setup`]: seats 0, 1, 2 (3 players) in turn order Red, Blue,
//! Green; the default points along the river are tower, maiden, city, … (P1L tower, P3R maiden,
//! P5L city 2, P7R tower, P9L maiden, P11R city 2, P13L tower, P15R maiden, P17L city 2, …).
//! Land fields that touch no point: left bank areas 3, 4, 7, 8, 11, 12, …; right bank areas 1,
//! 2, 5, 6, 9, 10, …; river fields never touch a point.

use std::collections::BTreeSet;
use std::time::Duration;

use crate::support::rules::{mv, play, refuse};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::Value;
use spieltisch::games::komarn::banners::Mark;
use spieltisch::games::komarn::{
    Answer, Bag, Content, Field, How, Komarn, KomarnError, KomarnEvent, KomarnOptions, Move,
    PendingView, PlayKind, Point, PointKind, Setup, Side, Tile,
};
use spieltisch::games::{
    AnyGame, AnyOptions, Audience, EndReason, Forfeit, Game, GameKind, GameOptions, SetupError,
    Shown, ToAct, Window,
};

const RED: usize = 0;
const BLUE: usize = 1;
const GREEN: usize = 2;
const YELLOW: usize = 3;

// ---------------------------------------------------------------------------------------------
// Helpers.

fn f(name: &str) -> Field {
    name.parse().expect("test field name")
}

fn p(name: &str) -> Point {
    name.parse().expect("test point name")
}

fn game(setup: Setup) -> Komarn {
    Komarn::with_setup(setup).expect("a valid test setup")
}

fn at(game: &Komarn, field: &str) -> Content {
    game.board().get(f(field))
}

fn soldier(seat: usize) -> Content {
    Content::Soldier(seat)
}

/// The banner containing `field`: (commander, value).
fn banner_at(game: &Komarn, field: &str) -> Option<(Option<usize>, u32)> {
    game.banners()
        .into_iter()
        .find(|b| b.group.contains(f(field)))
        .map(|b| (b.commander, b.value))
}

fn paid(events: &[KomarnEvent]) -> Vec<(String, u32)> {
    events
        .iter()
        .filter_map(|e| match e {
            KomarnEvent::Paid { color, amount, .. } => Some((color.to_string(), *amount)),
            _ => None,
        })
        .collect()
}

fn commands(events: &[KomarnEvent]) -> Vec<(String, String, u32)> {
    events
        .iter()
        .filter_map(|e| match e {
            KomarnEvent::Command {
                color,
                banner,
                value,
            } => Some((color.to_string(), banner.to_string(), *value)),
            _ => None,
        })
        .collect()
}

fn towers(events: &[KomarnEvent]) -> Vec<(String, Option<String>)> {
    events
        .iter()
        .filter_map(|e| match e {
            KomarnEvent::Tower {
                point, garrison, ..
            } => Some((point.to_string(), garrison.map(|c| c.to_string()))),
            _ => None,
        })
        .collect()
}

fn has(events: &[KomarnEvent], pred: impl Fn(&KomarnEvent) -> bool) -> bool {
    events.iter().any(pred)
}

// ---------------------------------------------------------------------------------------------
// Setup, registration, options.

#[test]
fn setup_deals_hands_draws_the_turn_order_and_shuffles_the_points() {
    let options = KomarnOptions::default();
    let mut layouts = BTreeSet::new();
    let mut orders = BTreeSet::new();
    for players in [3, 4] {
        for seed in 0..24 {
            let g = Komarn::new(players, &options, seed).unwrap();
            assert_eq!(g, Komarn::new(players, &options, seed).unwrap());
            let mut order = g.turn_order().to_vec();
            orders.insert(order.clone());
            order.sort_unstable();
            assert_eq!(order, (0..players).collect::<Vec<_>>());
            assert_eq!(g.to_act(), ToAct::One(g.turn_order()[0]));
            for (i, seat) in g.turn_order().iter().enumerate() {
                assert_eq!(
                    g.seat_label(*seat),
                    ["Red", "Blue", "Green", "Yellow"][i],
                    "colours follow the turn order"
                );
            }
            let view = g.view(None);
            assert_eq!(view.areas, 54);
            assert_eq!(view.fields.len(), 162);
            assert_eq!((view.fields[0].area, view.fields[0].side), (1, Side::L));
            assert_eq!((view.fields[4].area, view.fields[4].side), (2, Side::F));
            assert!(view.fields.iter().all(|fv| fv.content == Content::Empty));
            assert_eq!(view.points.len(), 26);
            let kinds: Vec<PointKind> = view.points.iter().map(|pv| pv.kind).collect();
            layouts.insert(format!("{kinds:?}"));
            assert_eq!(kinds.iter().filter(|k| **k == PointKind::Tower).count(), 9);
            assert_eq!(kinds.iter().filter(|k| **k == PointKind::Maiden).count(), 9);
            let mut cities: Vec<u8> = kinds
                .iter()
                .filter_map(|k| match k {
                    PointKind::City(v) => Some(*v),
                    _ => None,
                })
                .collect();
            cities.sort_unstable();
            assert_eq!(cities, [2, 2, 2, 3, 3, 3, 4, 4]);
            let names: Vec<String> = view
                .points
                .iter()
                .map(|pv| format!("P{}{}", pv.area, pv.bank))
                .collect();
            assert_eq!(&names[..3], ["P1L", "P3R", "P5L"]);
            let mut all = BTreeSet::new();
            for seat in 0..players {
                let hand = g.hand(seat);
                assert_eq!(hand.len(), 5, "five numbers, Morlocks and Strudel redrawn");
                assert!(hand.windows(2).all(|w| w[0] < w[1]));
                assert!(hand.iter().all(|k| (1..=54).contains(k)));
                all.extend(hand.iter().copied());
                assert_eq!(g.supply(seat), if players == 3 { 25 } else { 20 });
                assert_eq!(g.weibel(seat), 6);
                assert_eq!(g.camps_left(seat), 2);
                assert_eq!(g.heller(seat), 0);
            }
            assert_eq!(all.len(), 5 * players);
            assert_eq!(view.bag_size, 58 - 5 * players);
            assert_eq!(view.morlocks_left, 3);
            assert!(view.discard.is_empty());
            assert_eq!(g.hurenweibel(), None);
        }
    }
    assert!(layouts.len() > 20, "the points are shuffled by the seed");
    assert!(orders.len() > 6, "the turn order is drawn");
}

#[test]
fn player_counts_options_and_registration() {
    let options = KomarnOptions::default();
    for bad in [0, 1, 2, 5] {
        match Komarn::new(bad, &options, 1) {
            Err(SetupError::PlayerCount { got, min, max, .. }) => {
                assert_eq!((got, min, max), (bad, 3, 4));
            }
            other => panic!("{bad} players: {other:?}"),
        }
    }
    for word in [
        "komarn",
        "banner",
        "bannervonkomarn",
        "banner-von-komarn",
        "KOMARN",
    ] {
        assert_eq!(GameKind::from_word(word), Some(GameKind::Komarn), "{word}");
    }
    assert_eq!(GameKind::Komarn.info().name, "Banner von Komarn");
    assert!(GameKind::ALL.contains(&GameKind::Komarn));
    let mut any = GameKind::Komarn.default_options();
    any.set("challenge=45s").unwrap();
    assert_eq!(any.words(), ["challenge=45s"]);
    assert!(any.set("challenge=3s").is_err());
    assert!(any.set("challenge=2h").is_err());
    assert!(any.set("profi").is_err());
    let AnyOptions::Komarn(o) = &any else {
        panic!("Komarn options")
    };
    assert_eq!(o.challenge, Duration::from_secs(45));
    let g = AnyGame::new(&any, 3, 7).unwrap();
    assert_eq!(g.kind(), GameKind::Komarn);
    assert!(AnyGame::new(&any, 5, 7).is_err());
    let rules = GameKind::Komarn.rules();
    assert!(rules.contains("Edition choices"));
    let mut typed = KomarnOptions::default();
    typed.set("challenge=10").unwrap();
    assert_eq!(typed.challenge, Duration::from_secs(600));
}

#[test]
fn every_move_form_parses_case_insensitively_and_prints_canonically() {
    let cases = [
        ("play 17L", "play 17L"),
        ("PLAY 17l", "play 17L"),
        ("play 17 +32", "play 17 +32"),
        ("play 17+32", "play 17 +32"),
        ("play 17 @23R", "play 17 @23R"),
        ("play 17 @ 23r", "play 17 @23R"),
        ("play 8R", "play 8R"),
        ("play 17L camp 18L", "play 17L camp 18L"),
        ("Play 17 +32 Camp 1r", "play 17 +32 camp 1R"),
        ("pass 40", "pass 40"),
        ("morlock 12", "morlock 12"),
        ("MORLOCK NONE", "morlock none"),
        ("challenge", "challenge"),
        ("Accept", "accept"),
        ("strike 5", "strike 5"),
    ];
    for (text, canonical) in cases {
        let m = mv::<Move>(text);
        assert_eq!(m.to_string(), canonical);
        assert_eq!(mv::<Move>(canonical), m);
    }
    assert_eq!(
        mv::<Move>("play 17 @23R"),
        Move::Play {
            number: 17,
            how: How::Reinforce(f("23R")),
            camp: None
        }
    );
    for bad in [
        "play 0L",
        "play 17",
        "play 17Q",
        "pass",
        "strike",
        "morlock maybe",
        "pass 3 camp 4L",
    ] {
        assert!(bad.parse::<Move>().is_err(), "{bad}");
    }
}

#[test]
fn move_words_parse_in_english_german_and_dutch() {
    // Every word of the notation in its English, German and Dutch forms, in any case: the same
    // move, printed in the canonical English form.
    let cases: [(&[&str], &str); 8] = [
        (
            &[
                "play 17L",
                "p 17L",
                "spiel 17L",
                "spiele 17L",
                "spielen 17L",
                "speel 17L",
                "spelen 17L",
                "SPIELE 17l",
                "Speel 17 l",
            ],
            "play 17L",
        ),
        (
            &[
                "play 17L camp 18L",
                "play 17L c 18L",
                "spiele 17L lager 18L",
                "spiele 17L feldlager 18L",
                "spiele 17L Feldlager 18l",
                "speel 17L kamp 18L",
                "speel 17L legerkamp 18L",
                "speel 17L veldlager 18L",
            ],
            "play 17L camp 18L",
        ),
        (
            &[
                "pass 40",
                "discard 40",
                "passe 40",
                "passen 40",
                "ablegen 40",
                "abwerfen 40",
                "pas 40",
                "afleggen 40",
                "PAS 40",
            ],
            "pass 40",
        ),
        (&["morlock 12", "m 12", "Morlock 12"], "morlock 12"),
        (
            &[
                "morlock none",
                "morlock no",
                "morlock keine",
                "morlock kein",
                "morlock keiner",
                "morlock nichts",
                "morlock geen",
                "morlock niets",
                "Morlock KEINE",
            ],
            "morlock none",
        ),
        (
            &[
                "challenge",
                "doubt",
                "anzweifeln",
                "zweifeln",
                "zweifle",
                "betwisten",
                "betwist",
                "betwijfel",
                "betwijfelen",
                "twijfel",
                "uitdagen",
                "Anzweifeln",
            ],
            "challenge",
        ),
        (
            &[
                "accept",
                "ok",
                "akzeptiere",
                "akzeptieren",
                "annehmen",
                "accepteer",
                "accepteren",
                "aanvaard",
                "aanvaarden",
                "Akzeptieren",
            ],
            "accept",
        ),
        (
            &[
                "strike 5",
                "streiche 5",
                "streichen 5",
                "schrap 5",
                "schrappen 5",
                "Streiche 5",
            ],
            "strike 5",
        ),
    ];
    for (forms, canonical) in cases {
        let expected = mv(canonical);
        for text in forms {
            let m = mv::<Move>(text);
            assert_eq!(m, expected, "{text}");
            assert_eq!(m.to_string(), canonical, "{text}");
        }
    }
    assert_eq!(
        mv::<Move>("speel 17 +32 kamp 1r").to_string(),
        "play 17 +32 camp 1R"
    );
    assert_eq!(
        mv::<Move>("spiele 17 @23r lager 2l").to_string(),
        "play 17 @23R camp 2L"
    );
}

#[test]
fn texts_come_in_german_and_dutch() {
    use spieltisch::i18n::{Lang, scope};
    let mut g = game(Setup::new(3).hand(RED, &[17, 32, 5, 6, 7]));
    let events = play(&mut g, RED, "play 17L");
    // A refusal and a parse error are made in the asker's language; an event is told in each.
    let mut texts = |lang| {
        scope(lang, || {
            let refused = g.apply(RED, &mv("play 32L")).unwrap_err();
            let bad = "play 99L".parse::<Move>().unwrap_err();
            (events[0].to_string(), refused.to_string(), bad.to_string())
        })
    };
    let (en, de, nl) = (texts(Lang::En), texts(Lang::De), texts(Lang::Nl));
    assert_eq!(en.0, "Red plays 17 and recruits on 17L.");
    assert_eq!(de.0, "Rot spielt 17 und rekrutiert auf 17L.");
    assert_eq!(nl.0, "Rood speelt 17 en rekruteert op 17L.");
    assert!(en.1.starts_with("not now: Blue plays a number"), "{}", en.1);
    assert!(de.1.starts_with("nicht jetzt: Blau spielt"), "{}", de.1);
    assert!(nl.1.starts_with("niet nu: Blauw speelt"), "{}", nl.1);
    assert!(en.2.contains("is not a move"), "{}", en.2);
    assert!(de.2.contains("ist kein Zug"), "{}", de.2);
    assert!(nl.2.contains("is geen zet"), "{}", nl.2);
    assert_eq!(scope(Lang::De, || g.seat_label(BLUE)), "Blau");
    assert_eq!(scope(Lang::Nl, || g.seat_label(GREEN)), "Groen");
    assert_eq!(scope(Lang::En, || g.seat_label(RED)), "Red");
}

/// What kind of move `m` is, for the coverage of the label test.
fn kind(m: &Move) -> &'static str {
    match m {
        Move::Play { camp: Some(_), .. } => "camp",
        Move::Play {
            how: How::Field(_), ..
        } => "field",
        Move::Play {
            how: How::Chase(_), ..
        } => "chase",
        Move::Play {
            how: How::Reinforce(_),
            ..
        } => "reinforce",
        Move::Pass(_) => "pass",
        Move::Morlock(Some(_)) => "morlock",
        Move::Morlock(None) => "none",
        Move::Challenge => "challenge",
        Move::Accept => "accept",
        Move::Strike(_) => "strike",
    }
}

/// The label of `m` in English is its notation; in German and Dutch it holds no English-only
/// word, differs from the notation wherever the move has a word other than `morlock` (the same
/// in every language), and parses back to `m`.
fn check_label(g: &Komarn, m: &Move) {
    use spieltisch::i18n::{Lang, scope};
    // Every English form of the notation's words that is no German or Dutch form.
    const ENGLISH_ONLY: &[&str] = &[
        "play",
        "p",
        "pass",
        "discard",
        "camp",
        "c",
        "none",
        "no",
        "challenge",
        "doubt",
        "accept",
        "ok",
        "strike",
    ];
    let notation = m.to_string();
    assert_eq!(scope(Lang::En, || g.move_label(m)), notation);
    for lang in [Lang::De, Lang::Nl] {
        let label = scope(lang, || g.move_label(m));
        let back = label
            .parse::<Move>()
            .unwrap_or_else(|e| panic!("{lang:?} label {label} of {notation}: {e}"));
        assert_eq!(back, *m, "{lang:?} label {label} of {notation}");
        for word in label
            .split_whitespace()
            .filter(|w| w.starts_with(char::is_alphabetic))
        {
            assert!(
                !ENGLISH_ONLY.contains(&word.to_lowercase().as_str()),
                "{lang:?} label {label} of {notation} has the English {word}"
            );
        }
        if matches!(m, Move::Morlock(Some(_))) {
            assert_eq!(label, notation, "{lang:?}: morlock is the same word");
        } else {
            assert_ne!(label, notation, "{lang:?} label of {notation}");
        }
    }
}

#[test]
fn move_buttons_are_labelled_in_the_readers_words_and_parse_back() {
    use spieltisch::i18n::{Lang, scope};
    // Every form, including those a random game seldom offers (chase, reinforce, pass).
    for text in [
        "play 17L",
        "play 17F",
        "play 17 +32",
        "play 17 @23R",
        "play 17L camp 18L",
        "play 3 +4 camp 54R",
        "play 1 @2L camp 3R",
        "pass 40",
        "morlock 12",
        "morlock none",
        "challenge",
        "accept",
        "strike 31",
    ] {
        check_label(&game(Setup::new(3)), &mv(text));
    }
    let labels = |lang| {
        scope(lang, || {
            let g = game(Setup::new(3));
            [
                "play 17L camp 18L",
                "play 17 +32",
                "pass 40",
                "morlock none",
                "challenge",
            ]
            .map(|text| g.move_label(&mv(text)))
        })
    };
    assert_eq!(
        labels(Lang::De),
        [
            "spielen 17L feldlager 18L",
            "spielen 17 +32",
            "ablegen 40",
            "morlock keine",
            "anzweifeln"
        ]
    );
    assert_eq!(
        labels(Lang::Nl),
        [
            "spelen 17L kamp 18L",
            "spelen 17 +32",
            "afleggen 40",
            "morlock geen",
            "betwisten"
        ]
    );
    // Every legal move of the positions of seeded games, steered towards claims and
    // challenges so that every answer and strike comes up.
    let mut kinds = BTreeSet::new();
    let mut positions = 0;
    for seed in 0..4u64 {
        let players = 3 + seed as usize % 2;
        let mut g = Komarn::new(players, &KomarnOptions::default(), seed).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed + 500);
        let mut steps = 0;
        while g.to_act() != ToAct::Nobody {
            let seats = g.to_act().seats();
            let lists: Vec<Vec<Move>> = seats.iter().map(|s| g.legal_moves(*s)).collect();
            // Plays (hundreds with the camps) every sixth position; every other position whole.
            let plays = lists
                .iter()
                .flatten()
                .any(|m| matches!(m, Move::Play { .. }));
            if !plays || steps % 6 == 0 {
                positions += 1;
                for m in lists.iter().flatten() {
                    check_label(&g, m);
                    kinds.insert(kind(m));
                }
            }
            let at = rng.random_range(0..seats.len());
            let legal = &lists[at];
            let prefer = legal
                .iter()
                .find(|m| matches!(m, Move::Morlock(None) | Move::Challenge))
                .filter(|_| rng.random_bool(0.7));
            let plain: Vec<&Move> = legal
                .iter()
                .filter(|m| !matches!(m, Move::Play { camp: Some(_), .. }))
                .collect();
            let pick = match prefer {
                Some(m) => *m,
                None if plain.is_empty() || rng.random_bool(0.1) => {
                    legal[rng.random_range(0..legal.len())]
                }
                None => *plain[rng.random_range(0..plain.len())],
            };
            g.apply(seats[at], &pick).unwrap();
            steps += 1;
            assert!(steps < 1000, "the game ends");
        }
    }
    assert!(positions > 40, "{positions} positions");
    for k in [
        "field",
        "camp",
        "morlock",
        "none",
        "challenge",
        "accept",
        "strike",
    ] {
        assert!(kinds.contains(k), "no {k} among the legal moves: {kinds:?}");
    }
    // The table's path: a button of a legal move is labelled, a group text stays as it is.
    let any = AnyGame::new(&GameKind::Komarn.default_options(), 3, 3).unwrap();
    let seat = any.to_act().seats()[0];
    for text in any.legal_moves(seat).iter().take(50) {
        let label = scope(Lang::De, || any.label(text));
        assert_eq!(mv::<Move>(&label), mv(text), "{label}");
        assert!(
            label.starts_with("spielen ") || label.starts_with("ablegen "),
            "{label}"
        );
        assert_eq!(scope(Lang::En, || any.label(text)), *text);
    }
    assert_eq!(scope(Lang::Nl, || any.label("play 17")), "play 17");
}

#[test]
fn the_record_is_told_in_the_readers_language_and_the_moves_stay_as_typed() {
    use spieltisch::i18n::{Lang, scope};
    let mut g = game(morlock_setup(&[3, 5, 6, 8, 9]));
    play(&mut g, RED, "play 3L");
    play(&mut g, RED, "morlock none");
    play(&mut g, GREEN, "challenge");
    play(&mut g, RED, "strike 31");
    let blue_hand = g.hand(BLUE).to_vec();
    g.forfeit(BLUE, Forfeit::Resigned);
    g.forfeit(GREEN, Forfeit::Resigned);
    assert!(g.outcome().is_some(), "the game is over");
    let record = |lang| scope(lang, || g.transcript());
    let (en, de, nl) = (record(Lang::En), record(Lang::De), record(Lang::Nl));
    let lines = |text: &str| -> Vec<String> { text.lines().map(String::from).collect() };
    let (en, de, nl) = (lines(&en), lines(&de), lines(&nl));
    assert_eq!(en.len(), de.len(), "the same lines: {de:#?}");
    assert_eq!(en.len(), nl.len(), "the same lines: {nl:#?}");
    let blue = blue_hand
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(", ");

    // English: the record as it always read.
    assert_eq!(
        en[0],
        "Banner von Komarn, 3 players; turn order: Red = seat 1, Blue = seat 2, Green = seat 3"
    );
    assert!(
        en[1].starts_with("points: P1L tower, P3R maiden, P5L city 2, P7R tower, "),
        "{}",
        en[1]
    );
    assert_eq!(
        en[2],
        "Red: play 3L — Blue commands 8L; Hurenweibel: Blue; Red draws a Morlock"
    );
    assert_eq!(en[3], "Red: morlock none — Red claims none");
    assert!(
        en[4].starts_with(
            "Green: challenge — Green challenges: Red [5, 6, 8, 9], Green [30, 31, 32, 33, 34], true"
        ),
        "{}",
        en[4]
    );
    assert!(
        en[5].starts_with("Red: strike 31 — Green loses 31"),
        "{}",
        en[5]
    );
    assert!(
        en[6].starts_with(&format!("Blue resigns (discards {blue})")),
        "{}",
        en[6]
    );
    assert!(en[7].starts_with("Green resigns (discards "), "{}", en[7]);
    assert!(en[8].starts_with("result: Red +"), "{}", en[8]);
    assert!(en[8].contains("(banners "), "{}", en[8]);

    // German: the labels, colours and point names in German, the moves as typed.
    assert_eq!(
        de[0],
        "Banner von Komarn, 3 Spieler; Zugreihenfolge: Rot = Platz 1, Blau = Platz 2, Grün = Platz 3"
    );
    assert!(
        de[1].starts_with("Punkte: P1L Turm, P3R Mägdelein, P5L Stadt 2, P7R Turm, "),
        "{}",
        de[1]
    );
    assert_eq!(
        de[2],
        "Rot: play 3L — Blau befehligt 8L; Hurenweibel: Blau; Rot zieht einen Morlock"
    );
    assert_eq!(de[3], "Rot: morlock none — Rot behauptet: kein Platz");
    assert!(
        de[4].starts_with(
            "Grün: challenge — Grün zweifelt an: Rot [5, 6, 8, 9], Grün [30, 31, 32, 33, 34], stimmte"
        ),
        "{}",
        de[4]
    );
    assert!(
        de[5].starts_with("Rot: strike 31 — Grün verliert 31"),
        "{}",
        de[5]
    );
    assert!(
        de[6].starts_with(&format!("Blau gibt auf (legt {blue} ab)")),
        "{}",
        de[6]
    );
    assert!(de[7].starts_with("Grün gibt auf (legt "), "{}", de[7]);
    assert!(de[8].starts_with("Ergebnis: Rot +"), "{}", de[8]);
    assert!(de[8].contains("(Banner "), "{}", de[8]);

    // Dutch.
    assert_eq!(
        nl[0],
        "Banner von Komarn, 3 spelers; beurtvolgorde: Rood = plaats 1, Blauw = plaats 2, Groen = plaats 3"
    );
    assert!(
        nl[1].starts_with("punten: P1L toren, P3R maagd, P5L stad 2, P7R toren, "),
        "{}",
        nl[1]
    );
    assert_eq!(
        nl[2],
        "Rood: play 3L — Blauw voert 8L aan; Hurenweibel: Blauw; Rood trekt een Morlock"
    );
    assert_eq!(nl[3], "Rood: morlock none — Rood beweert: geen plaats");
    assert!(
        nl[4].starts_with(
            "Groen: challenge — Groen betwist het: Rood [5, 6, 8, 9], Groen [30, 31, 32, 33, 34], klopte"
        ),
        "{}",
        nl[4]
    );
    assert!(
        nl[5].starts_with("Rood: strike 31 — Groen verliest 31"),
        "{}",
        nl[5]
    );
    assert!(
        nl[6].starts_with(&format!("Blauw geeft op (legt {blue} af)")),
        "{}",
        nl[6]
    );
    assert!(nl[7].starts_with("Groen geeft op (legt "), "{}", nl[7]);
    assert!(nl[8].starts_with("uitslag: Rood +"), "{}", nl[8]);
    assert!(nl[8].contains("(banieren "), "{}", nl[8]);

    // Every line has the same shape in each language: the same separators, the same moves.
    for ((e, d), n) in en.iter().zip(&de).zip(&nl) {
        assert_eq!(
            e.matches(" — ").count(),
            d.matches(" — ").count(),
            "{e} / {d}"
        );
        assert_eq!(
            e.matches(" — ").count(),
            n.matches(" — ").count(),
            "{e} / {n}"
        );
        assert_eq!(
            e.matches("; ").count(),
            d.matches("; ").count(),
            "{e} / {d}"
        );
        assert_eq!(
            e.matches("; ").count(),
            n.matches("; ").count(),
            "{e} / {n}"
        );
    }

    // A game saved when the record was kept as English text still shows its lines.
    let mut state = serde_json::to_value(&g).unwrap();
    state["record"] = serde_json::json!(["Red: play 3L — Red draws 1"]);
    let old: Komarn = serde_json::from_value(state).unwrap();
    let text = scope(Lang::De, || old.transcript());
    assert_eq!(text.lines().nth(2), Some("Red: play 3L — Red draws 1"));
    // A game saved now keeps its record as data and reads back the same.
    let again: Komarn = serde_json::from_value(serde_json::to_value(&g).unwrap()).unwrap();
    assert_eq!(again, g);
    assert_eq!(scope(Lang::Nl, || again.transcript()), nl.join("\n"));
}

// ---------------------------------------------------------------------------------------------
// §4.1 Recruit.

#[test]
fn recruits_go_on_free_land_fields_and_the_river_opens_between_two_soldiers() {
    let mut g = game(
        Setup::new(3)
            .hand(RED, &[17, 20, 30, 40, 50])
            .soldiers(BLUE, &["17R"]),
    );
    assert_eq!(
        refuse(&mut g, RED, "play 17F"),
        KomarnError::RiverClosed { area: 17 }
    );
    assert!(matches!(
        refuse(&mut g, RED, "play 17R"),
        KomarnError::Taken { field, .. } if field == f("17R")
    ));
    assert_eq!(refuse(&mut g, RED, "play 18L"), KomarnError::NotInHand(18));
    let events = play(&mut g, RED, "play 17L");
    assert!(matches!(
        &events[0],
        KomarnEvent::Played { number: 17, kind: PlayKind::Recruit(field), camp: None, .. }
            if *field == f("17L")
    ));
    assert_eq!(at(&g, "17L"), soldier(RED));
    assert_eq!(g.supply(RED), 24);
    assert_eq!(g.discard(), [17]);
    // Drawn back to five: the lowest unused number comes first in a test bag.
    assert_eq!(g.hand(RED), [1, 20, 30, 40, 50]);
    assert_eq!(g.to_act(), ToAct::One(BLUE));

    // Both land fields held (any colours): the river field opens.
    let mut g = game(
        Setup::new(3)
            .hand(RED, &[17, 20, 30, 40, 50])
            .soldiers(RED, &["17L"])
            .soldiers(BLUE, &["17R"]),
    );
    assert_eq!(
        refuse(&mut g, RED, "play 17L"),
        KomarnError::OwnSoldier(f("17L"))
    );
    let events = play(&mut g, RED, "play 17F");
    assert_eq!(at(&g, "17F"), soldier(RED));
    // 17L, 17F, 17R: Red 2, Blue 1 → Red commands; value 3 fields + city 2 at P17L + Weibel.
    assert_eq!(commands(&events), [("Red".into(), "17L".into(), 6)]);

    // A camp on a land field keeps the river closed for good.
    let mut g = game(
        Setup::new(3)
            .hand(RED, &[17, 20, 30, 40, 50])
            .camps_on(&["17L"])
            .soldiers(BLUE, &["17R"]),
    );
    assert_eq!(
        refuse(&mut g, RED, "play 17F"),
        KomarnError::RiverClosed { area: 17 }
    );
    assert!(matches!(
        refuse(&mut g, RED, "play 17L"),
        KomarnError::NotFree { field, .. } if field == f("17L")
    ));
    assert!(g.is_dead(RED, 17));
}

#[test]
fn a_morlock_is_chased_only_by_the_double_play() {
    let mut g = game(Setup::new(3).hand(RED, &[17, 32, 5, 6, 7]).morlock(17));
    assert_eq!(
        refuse(&mut g, RED, "play 17L"),
        KomarnError::MustChase { area: 17 }
    );
    assert_eq!(
        refuse(&mut g, RED, "play 17R"),
        KomarnError::MustChase { area: 17 }
    );
    assert_eq!(
        refuse(&mut g, RED, "play 17F"),
        KomarnError::MustChase { area: 17 }
    );
    assert_eq!(
        refuse(&mut g, RED, "play 17 +33"),
        KomarnError::NotInHand(33)
    );
    assert_eq!(
        refuse(&mut g, RED, "play 32 +17"),
        KomarnError::NoMorlock(32)
    );
    // A refusal may be read by the whole channel: it names no other number of the hand.
    let err = refuse(&mut g, RED, "play 17 @16L");
    assert!(
        matches!(&err, KomarnError::NotDead { number: 17, example } if example == "play 17 +<m>")
    );
    assert!(!err.to_string().contains("32"));
    assert!(!g.is_dead(RED, 17));
    let events = play(&mut g, RED, "play 17 +32");
    assert!(matches!(
        &events[0],
        KomarnEvent::Played {
            number: 17,
            kind: PlayKind::Chase { second: 32 },
            ..
        }
    ));
    assert_eq!(at(&g, "17L"), soldier(RED));
    assert_eq!(at(&g, "17R"), soldier(RED));
    assert_eq!(at(&g, "17F"), Content::Empty, "the Morlock leaves the game");
    assert_eq!(g.morlock_count(), (2, 0, 1, 0));
    assert_eq!(g.discard(), [17, 32]);
    assert_eq!(g.supply(RED), 23);
    assert_eq!(g.hand(RED), [1, 2, 5, 6, 7]);
    let last = g.view(None).last.expect("the last turn");
    assert_eq!(last.played, [17, 32]);
    for field in [(17, Side::F), (17, Side::L), (17, Side::R)] {
        assert!(last.fields.contains(&field));
    }

    // With one soldier left the Morlock cannot be chased: the number is dead and may reinforce.
    let mut g = game(
        Setup::new(3)
            .hand(RED, &[17, 32, 5, 6, 7])
            .morlock(17)
            .soldiers(RED, &["3L"])
            .supply(RED, 1),
    );
    assert_eq!(
        refuse(&mut g, RED, "play 17 +32"),
        KomarnError::ChaseNeedsTwo(1)
    );
    assert!(g.is_dead(RED, 17));
    play(&mut g, RED, "play 17 @4L");
    assert_eq!(at(&g, "4L"), soldier(RED));
    assert_eq!(at(&g, "17F"), Content::Morlock);
}

// ---------------------------------------------------------------------------------------------
// §4.1 Reinforce.

/// Area 2 is dead for Red: a camp on 2L, Blue on 2R, so 2F never opens.
fn reinforcement_setup() -> Setup {
    Setup::new(3)
        .hand(RED, &[2, 3, 40, 41, 42])
        .soldiers(RED, &["8L"])
        .soldiers(BLUE, &["10L", "2R"])
        .camps_on(&["2L"])
}

#[test]
fn reinforcement_needs_a_dead_number_and_a_field_beside_own_and_no_other_colour() {
    let mut g = game(reinforcement_setup());
    assert!(g.is_dead(RED, 2));
    assert!(matches!(
        refuse(&mut g, RED, "play 3 @7L"),
        KomarnError::NotDead { number: 3, example } if example == "play 3L"
    ));
    assert!(matches!(
        refuse(&mut g, RED, "play 2 @9L"),
        KomarnError::EnemyNeighbour { field, enemy, .. } if field == f("9L") && enemy == f("10L")
    ));
    assert_eq!(
        refuse(&mut g, RED, "play 2 @8F"),
        KomarnError::ReinforceRiver(f("8F"))
    );
    assert_eq!(
        refuse(&mut g, RED, "play 2 @12L"),
        KomarnError::NoOwnNeighbour(f("12L"))
    );
    assert!(matches!(
        refuse(&mut g, RED, "play 2 @8L"),
        KomarnError::NotFree { field, .. } if field == f("8L")
    ));
    let events = play(&mut g, RED, "play 2 @7L");
    assert!(matches!(
        &events[0],
        KomarnEvent::Played { kind: PlayKind::Reinforce(field), .. } if *field == f("7L")
    ));
    assert_eq!(commands(&events), [("Red".into(), "7L".into(), 3)]);

    // Not into the land of a Morlock area.
    let mut g = game(reinforcement_setup().morlock(7));
    assert_eq!(
        refuse(&mut g, RED, "play 2 @7L"),
        KomarnError::ReinforceMorlock(f("7L"))
    );
}

#[test]
fn reinforcement_adjacency_counts_fields_not_tower_garrisons() {
    // P9L is a tower garrisoned by Blue; 9L touches it, but no field of another colour.
    let mut g = game(
        Setup::new(3)
            .point("P9L", PointKind::Tower)
            .hand(RED, &[2, 3, 40, 41, 42])
            .soldiers(RED, &["8L", "10L"])
            .soldiers(BLUE, &["2R"])
            .garrison("P9L", BLUE)
            .camps_on(&["2L"]),
    );
    let events = play(&mut g, RED, "play 2 @9L");
    assert_eq!(at(&g, "9L"), soldier(RED));
    // 8L, 9L, 10L and the garrison: Red 3, Blue 1 → Red commands (3 fields + tower + Weibel)…
    assert_eq!(commands(&events), [("Red".into(), "8L".into(), 5)]);
    // … and the garrison takes the commander's colour; Blue's soldier goes home.
    assert_eq!(g.board().point(p("P9L")).garrison, Some(RED));
    assert!(has(
        &events,
        |e| matches!(e, KomarnEvent::Garrison { point, .. } if *point == p("P9L"))
    ));
    assert_eq!(g.supply(RED), 25 - 3 - 1);
    assert_eq!(g.supply(BLUE), 25 - 1);
}

// ---------------------------------------------------------------------------------------------
// §4.1 Seduce (§7).

/// Red commands 3R–4R with the maiden at P3R: Red holds the Hurenweibel.
fn seducer() -> Setup {
    Setup::new(3).soldiers(RED, &["3R", "4R"]).weibel(RED, "3R")
}

#[test]
fn the_hurenweibel_seduces_a_soldier_of_another_colour() {
    let mut g = game(
        seducer()
            .hand(RED, &[20, 21, 22, 23, 24])
            .soldiers(BLUE, &["20L"])
            .camps_on(&["21L"]),
    );
    assert_eq!(g.hurenweibel(), Some(RED));
    assert!(matches!(
        refuse(&mut g, RED, "play 21L"),
        KomarnError::NotFree { field, .. } if field == f("21L")
    ));
    let events = play(&mut g, RED, "play 20L");
    assert!(matches!(
        &events[0],
        KomarnEvent::Played { kind: PlayKind::Seduce { field, .. }, .. } if *field == f("20L")
    ));
    assert_eq!(at(&g, "20L"), soldier(RED));
    assert_eq!(g.supply(BLUE), 25, "the seduced soldier goes home");
    assert_eq!(g.supply(RED), 25 - 3);

    // Without the Hurenweibel there is no seduction.
    let mut g = game(
        seducer()
            .hand(BLUE, &[3, 21, 22, 23, 24])
            .turn(&[RED, BLUE, GREEN], BLUE),
    );
    assert!(matches!(
        refuse(&mut g, BLUE, "play 3R"),
        KomarnError::Taken { field, .. } if field == f("3R")
    ));
    // Reinforcement never seduces.
    let mut g = game(
        seducer()
            .hand(RED, &[2, 21, 22, 23, 24])
            .soldiers(RED, &["19L"])
            .soldiers(BLUE, &["20L", "2R"])
            .camps_on(&["2L"]),
    );
    assert!(matches!(
        refuse(&mut g, RED, "play 2 @20L"),
        KomarnError::NotFree { field, .. } if field == f("20L")
    ));
}

#[test]
fn seduction_leaves_garrisons_alone_and_can_change_command() {
    // A field beside a tower: only the field's soldier changes.
    let mut g = game(
        seducer()
            .hand(RED, &[14, 21, 22, 23, 24])
            .soldiers(BLUE, &["13L", "14L"])
            .garrison("P13L", BLUE)
            .weibel(BLUE, "13L"),
    );
    play(&mut g, RED, "play 14L");
    assert_eq!(at(&g, "14L"), soldier(RED));
    assert_eq!(g.board().point(p("P13L")).garrison, Some(BLUE));
    assert_eq!(banner_at(&g, "13L"), Some((Some(BLUE), 2 + 1 + 1)));

    // 11L, 12L Red; 11F, 12F Blue (Blue commands, a tie keeps it). Seducing 11F: Red 3 to 1.
    let mut g = game(
        seducer()
            .hand(RED, &[11, 21, 22, 23, 24])
            .soldiers(RED, &["11L", "12L"])
            .soldiers(BLUE, &["11F", "12F"])
            .weibel(BLUE, "11F"),
    );
    let events = play(&mut g, RED, "play 11F");
    assert_eq!(paid(&events), [("Blue".into(), 5)], "4 soldiers + Weibel");
    assert_eq!(commands(&events), [("Red".into(), "11L".into(), 5)]);
    assert_eq!(g.heller(BLUE), 5);
    assert_eq!(g.weibel(BLUE), 6);
    assert_eq!(g.weibel(RED), 4);
}

// ---------------------------------------------------------------------------------------------
// §4.1 Pass.

/// Areas 1–5: a camp on the left, Blue on the right, the river closed: all dead for Red, who
/// has no soldier to reinforce from and no Hurenweibel.
fn blocked() -> Setup {
    Setup::new(3)
        .camps_on(&["1L", "2L", "3L", "4L", "5L"])
        .soldiers(BLUE, &["1R", "2R", "3R", "4R", "5R"])
}

#[test]
fn pass_only_when_no_number_can_be_played() {
    let mut g = game(blocked().hand(RED, &[1, 2, 3, 4, 5]));
    let legal: Vec<String> = g.legal_moves(RED).iter().map(|m| m.to_string()).collect();
    assert_eq!(legal, ["pass 1", "pass 2", "pass 3", "pass 4", "pass 5"]);
    refuse(&mut g, RED, "play 1L");
    assert_eq!(
        refuse(&mut g, RED, "play 1F"),
        KomarnError::RiverClosed { area: 1 }
    );
    assert_eq!(
        refuse(&mut g, RED, "play 1 @6L"),
        KomarnError::NoOwnNeighbour(f("6L"))
    );
    assert_eq!(refuse(&mut g, RED, "pass 9"), KomarnError::NotInHand(9));
    let events = play(&mut g, RED, "pass 3");
    assert!(matches!(events[0], KomarnEvent::Passed { number: 3, .. }));
    assert_eq!(g.discard(), [3]);
    assert_eq!(g.hand(RED), [1, 2, 4, 5, 6]);
    assert_eq!(g.to_act(), ToAct::One(BLUE));

    let mut g = game(blocked().hand(RED, &[1, 2, 3, 4, 40]));
    let err = refuse(&mut g, RED, "pass 1");
    assert_eq!(err, KomarnError::CannotPass);
    assert!(
        !err.to_string().contains("40"),
        "a refusal may be public: no hand number"
    );
}

// ---------------------------------------------------------------------------------------------
// §4.2 Camps.

#[test]
fn camps_go_on_free_land_outside_morlock_areas_two_per_player() {
    let setup = Setup::new(3)
        .hand(RED, &[3, 7, 20, 30, 40])
        .morlock(7)
        .soldiers(BLUE, &["4L"]);
    let mut g = game(setup.clone());
    assert_eq!(
        refuse(&mut g, RED, "play 3L camp 3F"),
        KomarnError::CampRiver(f("3F"))
    );
    assert_eq!(
        refuse(&mut g, RED, "play 3L camp 3L"),
        KomarnError::CampNotFree(f("3L"))
    );
    assert_eq!(
        refuse(&mut g, RED, "play 3L camp 4L"),
        KomarnError::CampNotFree(f("4L"))
    );
    assert_eq!(
        refuse(&mut g, RED, "play 3L camp 7L"),
        KomarnError::CampMorlock(f("7L"))
    );
    assert!(g.legal_moves(RED).contains(&mv("play 3L camp 8L")));
    assert!(g.legal_moves(RED).contains(&mv("play 3L camp 3R")));
    let events = play(&mut g, RED, "play 3L camp 8L");
    assert!(matches!(
        &events[0],
        KomarnEvent::Played { camp: Some(c), .. } if *c == f("8L")
    ));
    assert_eq!(at(&g, "8L"), Content::Camp);
    assert_eq!(g.camps_left(RED), 1);
    assert!(!g.board().can_take_morlock(8), "a camp keeps Morlocks out");
    assert!(g.view(None).last.unwrap().fields.contains(&(8, Side::L)));

    let mut g = game(setup.camps_left(RED, 0));
    assert_eq!(refuse(&mut g, RED, "play 3L camp 8L"), KomarnError::NoCamp);
    assert!(
        g.legal_moves(RED)
            .iter()
            .all(|m| !m.to_string().contains("camp"))
    );
}

#[test]
fn a_camp_breaks_connections() {
    // 11L Red, camp on 12L: Red's 13L… (P13L is a tower) — use the river instead: 11F, camp
    // cannot go on the river, so a camp on 12L separates 11L from 13L.
    let mut g = game(
        Setup::new(3)
            .hand(RED, &[11, 20, 30, 40, 50])
            .soldiers(RED, &["12R"])
            .camps_on(&["12L"]),
    );
    play(&mut g, RED, "play 11L");
    assert!(
        g.banners().is_empty(),
        "11L and 12R are not adjacent; 12L is a camp"
    );
}

// ---------------------------------------------------------------------------------------------
// §6 Towers.

#[test]
fn a_tower_beside_a_lone_soldier_gets_a_second_soldier_of_the_placer() {
    let mut g = game(
        Setup::new(3)
            .hand(RED, &[7, 20, 30, 40, 50])
            .hand(BLUE, &[8, 21, 31, 41, 51]),
    );
    let events = play(&mut g, RED, "play 7R");
    assert_eq!(towers(&events), [("P7R".into(), Some("Red".into()))]);
    let tower = g.board().point(p("P7R"));
    assert!(tower.decided);
    assert_eq!(tower.garrison, Some(RED));
    assert_eq!(g.supply(RED), 23);
    // Tower first, then command: the garrison and 7R make a banner of two.
    assert_eq!(commands(&events), [("Red".into(), "7R".into(), 3)]);
    let tower_at = events
        .iter()
        .position(|e| matches!(e, KomarnEvent::Tower { .. }));
    let command_at = events
        .iter()
        .position(|e| matches!(e, KomarnEvent::Command { .. }));
    assert!(tower_at < command_at);
    let view = g.view(None);
    assert_eq!(view.banners.len(), 1);
    assert_eq!(view.banners[0].fields, [(7, Side::R)]);
    assert_eq!(view.banners[0].soldiers, [(RED, 2)]);
    assert_eq!(view.banners[0].points, [(7, Side::R)]);
    assert!(view.last.unwrap().points.contains(&(7, Side::R)));

    // The tower is decided once: Blue's soldier on 8R changes nothing there.
    let events = play(&mut g, BLUE, "play 8R");
    assert!(towers(&events).is_empty());
    assert_eq!(g.board().point(p("P7R")).garrison, Some(RED));
    assert_eq!(banner_at(&g, "8R"), Some((Some(RED), 2 + 1 + 1)));
}

#[test]
fn a_tower_beside_a_group_with_one_players_weibel_goes_to_that_player() {
    let mut g = game(
        Setup::new(3)
            .hand(RED, &[8, 20, 30, 40, 50])
            .soldiers(BLUE, &["9R", "10R"])
            .weibel(BLUE, "9R"),
    );
    let events = play(&mut g, RED, "play 8R");
    assert_eq!(towers(&events), [("P7R".into(), Some("Blue".into()))]);
    assert_eq!(g.supply(BLUE), 25 - 3);
    assert_eq!(g.supply(RED), 24, "Red places no second soldier");
    assert_eq!(banner_at(&g, "8R"), Some((Some(BLUE), 3 + 1 + 1)));
}

#[test]
fn a_tower_beside_several_players_weibel_goes_to_the_placer_and_the_tie_merge_pays_both() {
    // Green commands 5R–6R, Blue commands 7F–8F; Red's 7R joins them both.
    let mut g = game(
        Setup::new(3)
            .hand(RED, &[7, 20, 30, 40, 50])
            .soldiers(GREEN, &["5R", "6R"])
            .weibel(GREEN, "5R")
            .soldiers(BLUE, &["7F", "8F"])
            .weibel(BLUE, "7F"),
    );
    let events = play(&mut g, RED, "play 7R");
    assert_eq!(towers(&events), [("P7R".into(), Some("Red".into()))]);
    assert_eq!(g.supply(RED), 23);
    // Red 2 (7R and the garrison), Green 2, Blue 2: nobody may command; both Weibel return and
    // both are paid what their banner was worth before the play.
    let mut pay = paid(&events);
    pay.sort();
    assert_eq!(pay, [("Blue".into(), 3), ("Green".into(), 3)]);
    assert!(g.marks().is_empty());
    assert_eq!((g.weibel(BLUE), g.weibel(GREEN)), (6, 6));
    assert_eq!(banner_at(&g, "7R"), Some((None, 5 + 1)));
}

#[test]
fn a_tower_stays_empty_when_its_garrison_has_no_soldier() {
    let mut g = game(
        Setup::new(3)
            .hand(RED, &[7, 20, 30, 40, 50])
            .hand(BLUE, &[8, 21, 31, 41, 51])
            .supply(RED, 1),
    );
    let events = play(&mut g, RED, "play 7R");
    assert_eq!(towers(&events), [("P7R".into(), None)]);
    let tower = g.board().point(p("P7R"));
    assert!(tower.decided && tower.garrison.is_none());
    assert!(g.banners().is_empty());
    let events = play(&mut g, BLUE, "play 8R");
    assert!(
        towers(&events).is_empty(),
        "decided for the rest of the game"
    );
}

// ---------------------------------------------------------------------------------------------
// §5 Command.

#[test]
fn a_new_banner_is_commanded_by_a_strict_leader_with_two_soldiers() {
    let mut g = game(
        Setup::new(3)
            .hand(RED, &[11, 20, 30, 40, 50])
            .soldiers(RED, &["12L"]),
    );
    let events = play(&mut g, RED, "play 11L");
    assert_eq!(commands(&events), [("Red".into(), "11L".into(), 3)]);
    assert_eq!(g.weibel(RED), 5);
    assert_eq!(
        g.marks(),
        [Mark {
            owner: RED,
            anchor: f("11L")
        }]
    );

    // Two against two: nobody may command.
    let mut g = game(
        Setup::new(3)
            .hand(RED, &[12, 20, 30, 40, 50])
            .soldiers(RED, &["11F"])
            .soldiers(BLUE, &["12F", "13F"]),
    );
    let events = play(&mut g, RED, "play 12L");
    assert!(commands(&events).is_empty());
    assert_eq!(banner_at(&g, "12L"), Some((None, 4)));
}

/// Red 11L, 11F; Blue 12F, 13F with Blue's Weibel; Red to play 12.
fn takeover() -> Setup {
    Setup::new(3)
        .hand(RED, &[12, 20, 30, 40, 50])
        .soldiers(RED, &["11L", "11F"])
        .soldiers(BLUE, &["12F", "13F"])
        .weibel(BLUE, "12F")
}

#[test]
fn a_takeover_pays_the_old_commander_the_banner_as_it_stood_before_the_play() {
    let mut g = game(takeover());
    let events = play(&mut g, RED, "play 12L");
    // Before: 11L, 11F, 12F, 13F and Blue's Weibel = 5. After: 5 fields + Red's Weibel = 6.
    assert_eq!(paid(&events), [("Blue".into(), 5)]);
    assert_eq!(commands(&events), [("Red".into(), "11L".into(), 6)]);
    assert_eq!((g.heller(BLUE), g.weibel(BLUE)), (5, 6));
    assert_eq!(g.weibel(RED), 5);
    assert_eq!(banner_at(&g, "12L"), Some((Some(RED), 6)));
}

#[test]
fn command_is_kept_on_a_tie_and_taken_only_with_a_weibel_in_supply() {
    let mut g = game(
        Setup::new(3)
            .hand(RED, &[11, 20, 30, 40, 50])
            .soldiers(RED, &["11F"])
            .soldiers(BLUE, &["12F", "13F"])
            .weibel(BLUE, "12F"),
    );
    let events = play(&mut g, RED, "play 11L");
    assert!(paid(&events).is_empty());
    assert_eq!(
        banner_at(&g, "11L"),
        Some((Some(BLUE), 5)),
        "2 against 2 keeps Blue"
    );

    let mut g = game(takeover().weibel_left(RED, 0));
    let events = play(&mut g, RED, "play 12L");
    assert!(paid(&events).is_empty() && commands(&events).is_empty());
    assert_eq!(banner_at(&g, "12L"), Some((Some(BLUE), 6)));
}

#[test]
fn a_player_short_of_weibel_marks_the_most_valuable_banner_first() {
    // Red has one Weibel; 30F–32F (worth 3) waits without one; the play makes 11L–12L (worth 2).
    let mut g = game(
        Setup::new(3)
            .hand(RED, &[11, 20, 35, 40, 50])
            .soldiers(RED, &["12L", "30F", "31F", "32F"])
            .weibel_left(RED, 1),
    );
    let events = play(&mut g, RED, "play 11L");
    assert_eq!(commands(&events), [("Red".into(), "30F".into(), 4)]);
    assert_eq!(banner_at(&g, "11L"), Some((None, 2)));
    // Equal values: the lowest field first.
    let mut g = game(
        Setup::new(3)
            .hand(RED, &[11, 20, 35, 40, 50])
            .soldiers(RED, &["12L", "30F", "31F"])
            .weibel_left(RED, 1),
    );
    let events = play(&mut g, RED, "play 11L");
    assert_eq!(commands(&events), [("Red".into(), "11L".into(), 3)]);
}

// ---------------------------------------------------------------------------------------------
// §5 Merges.

#[test]
fn a_merge_with_a_majority_keeps_the_leaders_weibel_and_pays_the_others() {
    // Red 10F–12F (Weibel), Blue 14F–15F (Weibel), Green on 13L and 13R: Red plays 13F.
    let mut g = game(
        Setup::new(3)
            .hand(RED, &[13, 20, 30, 40, 50])
            .soldiers(RED, &["10F", "11F", "12F"])
            .weibel(RED, "10F")
            .soldiers(BLUE, &["14F", "15F"])
            .weibel(BLUE, "14F")
            .soldiers(GREEN, &["13L", "13R"]),
    );
    let events = play(&mut g, RED, "play 13F");
    assert_eq!(paid(&events), [("Blue".into(), 3)]);
    assert!(commands(&events).is_empty(), "Red's Weibel stays");
    assert_eq!(
        g.marks(),
        [Mark {
            owner: RED,
            anchor: f("10F")
        }]
    );
    assert_eq!((g.weibel(RED), g.weibel(BLUE)), (5, 6));
    assert_eq!(g.heller(RED), 0);
    // 8 fields; the tower at P13L beside 13L was left empty at setup: it does not count.
    assert_eq!(banner_at(&g, "13F"), Some((Some(RED), 9)));
}

#[test]
fn a_leader_with_several_weibel_keeps_the_one_of_the_most_valuable_banner_unpaid() {
    let mut g = game(
        Setup::new(3)
            .hand(RED, &[13, 20, 30, 40, 50])
            .soldiers(RED, &["10F", "11F", "12F", "14F", "15F"])
            .weibel(RED, "10F")
            .weibel(RED, "14F")
            .soldiers(GREEN, &["13L", "13R"]),
    );
    let events = play(&mut g, RED, "play 13F");
    assert!(paid(&events).is_empty(), "nobody lost command");
    assert!(has(&events, |e| matches!(
        e,
        KomarnEvent::WeibelBack { .. }
    )));
    assert_eq!(
        g.marks(),
        [Mark {
            owner: RED,
            anchor: f("10F")
        }]
    );
    assert_eq!(g.weibel(RED), 5);
}

#[test]
fn a_merge_led_by_a_player_without_a_weibel_on_it_pays_every_commander() {
    // Blue commands 10F–12F (Red's 12F in it), Green commands 14F–15F; Red holds 13L, 13R.
    let mut g = game(
        Setup::new(3)
            .hand(RED, &[13, 20, 30, 40, 50])
            .soldiers(BLUE, &["10F", "11F"])
            .soldiers(RED, &["12F", "13L", "13R"])
            .weibel(BLUE, "10F")
            .soldiers(GREEN, &["14F", "15F"])
            .weibel(GREEN, "14F"),
    );
    let events = play(&mut g, RED, "play 13F");
    let mut pay = paid(&events);
    pay.sort();
    assert_eq!(pay, [("Blue".into(), 4), ("Green".into(), 3)]);
    assert_eq!(commands(&events), [("Red".into(), "10F".into(), 9)]);
    assert_eq!((g.weibel(BLUE), g.weibel(GREEN), g.weibel(RED)), (6, 6, 5));
}

#[test]
fn a_merge_without_a_majority_returns_every_weibel_and_pays_each_its_own_banner() {
    // Blue 9F–11F (worth 4), Green 13F–16F (worth 5); Blue on 12L, Red on 12R; Red plays 12F:
    // Blue 4, Green 4, Red 2.
    let setup = Setup::new(3)
        .hand(RED, &[12, 20, 30, 40, 50])
        .soldiers(BLUE, &["9F", "10F", "11F", "12L"])
        .weibel(BLUE, "9F")
        .soldiers(GREEN, &["13F", "14F", "15F", "16F"])
        .weibel(GREEN, "13F")
        .soldiers(RED, &["12R"]);
    let mut g = game(setup.clone());
    let events = play(&mut g, RED, "play 12F");
    let mut pay = paid(&events);
    pay.sort();
    assert_eq!(pay, [("Blue".into(), 4), ("Green".into(), 5)]);
    assert!(commands(&events).is_empty());
    assert!(g.marks().is_empty());
    assert_eq!((g.heller(BLUE), g.heller(GREEN)), (4, 5));
    // 10 fields + the city of 2 at P11R touching 12R; no Weibel.
    assert_eq!(banner_at(&g, "12F"), Some((None, 12)));

    // A leader without a Weibel: every Weibel returns too.
    let mut g = game(
        Setup::new(3)
            .hand(RED, &[13, 20, 30, 40, 50])
            .soldiers(BLUE, &["10F", "11F"])
            .soldiers(RED, &["12F", "13L", "13R"])
            .weibel(BLUE, "10F")
            .soldiers(GREEN, &["14F", "15F"])
            .weibel(GREEN, "14F")
            .weibel_left(RED, 0),
    );
    let events = play(&mut g, RED, "play 13F");
    assert_eq!(paid(&events).len(), 2);
    assert!(g.marks().is_empty());
    assert_eq!(banner_at(&g, "13F").map(|b| b.0), Some(None));
}

// ---------------------------------------------------------------------------------------------
// §5 Garrison colours.

/// 12L Red, 13L Blue, 14L Blue, 15L Red, 16L Red, the tower P13L garrisoned by Blue, Blue's
/// Weibel (Blue 3, Red 3). Blue also commands 15R–16R with the maiden at P15R.
fn garrisoned() -> Setup {
    Setup::new(3)
        .hand(RED, &[11, 21, 30, 40, 50])
        .hand(BLUE, &[20, 22, 31, 41, 51])
        .soldiers(RED, &["12L", "15L", "16L", "20L"])
        .soldiers(BLUE, &["13L", "14L", "15R", "16R"])
        .garrison("P13L", BLUE)
        .weibel(BLUE, "13L")
        .weibel(BLUE, "15R")
}

#[test]
fn garrisons_take_the_colour_of_the_new_commander() {
    let mut g = game(garrisoned());
    let red_before = g.supply(RED);
    let blue_before = g.supply(BLUE);
    let events = play(&mut g, RED, "play 11L");
    // Before: 5 fields + tower + Weibel = 7.
    assert_eq!(paid(&events), [("Blue".into(), 7)]);
    assert_eq!(g.board().point(p("P13L")).garrison, Some(RED));
    assert!(has(&events, |e| matches!(e, KomarnEvent::Garrison { .. })));
    assert_eq!(g.supply(RED), red_before - 2);
    assert_eq!(g.supply(BLUE), blue_before + 1);
}

#[test]
fn a_garrison_keeps_its_colour_while_the_commander_has_no_soldier_and_turns_later() {
    let mut g = game(garrisoned().supply(RED, 1));
    assert_eq!(g.hurenweibel(), Some(BLUE));
    let events = play(&mut g, RED, "play 11L");
    assert_eq!(paid(&events), [("Blue".into(), 7)]);
    assert_eq!(g.board().point(p("P13L")).garrison, Some(BLUE));
    assert!(has(&events, |e| matches!(e, KomarnEvent::LastRound { .. })));
    // Blue seduces Red's 20L: Red gets a soldier back, and at this resolution the garrison turns.
    let events = play(&mut g, BLUE, "play 20L");
    assert_eq!(g.board().point(p("P13L")).garrison, Some(RED));
    assert!(has(&events, |e| matches!(e, KomarnEvent::Garrison { .. })));
    assert_eq!(g.supply(RED), 0);
}

// ---------------------------------------------------------------------------------------------
// §7 The Hurenweibel.

#[test]
fn the_hurenweibel_goes_to_strictly_the_most_maidens_in_commanded_banners() {
    // Red commands 3R–4R (maiden P3R) and 7L–8L; Blue commands 15R–16R (maiden P15R); Green and
    // Blue share an uncommanded banner on 27R–28R (maiden P27R), which counts for nobody.
    let mut g = game(
        seducer()
            .hand(RED, &[9, 20, 30, 40, 50])
            .soldiers(RED, &["7L", "8L"])
            .weibel(RED, "7L")
            .soldiers(BLUE, &["15R", "16R", "28R"])
            .weibel(BLUE, "15R")
            .soldiers(GREEN, &["27R"]),
    );
    assert_eq!(g.hurenweibel(), None, "one maiden each: neutral");
    let events = play(&mut g, RED, "play 9L");
    assert_eq!(g.hurenweibel(), Some(RED));
    assert!(has(&events, |e| matches!(
        e,
        KomarnEvent::Hurenweibel { holder: Some(c) } if c.to_string() == "Red"
    )));
    assert_eq!(banner_at(&g, "9L"), Some((Some(RED), 3 + 1 + 1)));
    assert_eq!(g.view(None).hurenweibel, Some(RED));

    // No maiden in any commanded banner: neutral.
    let g = game(
        Setup::new(3)
            .soldiers(RED, &["11L", "12L"])
            .weibel(RED, "11L"),
    );
    assert_eq!(g.hurenweibel(), None);
}

// ---------------------------------------------------------------------------------------------
// §4.4 Drawing: the Strudel and the Morlocks.

#[test]
fn the_strudel_returns_the_discard_pile_to_the_bag() {
    let mut g = game(
        Setup::new(3)
            .hand(RED, &[3, 20, 30, 40, 50])
            .discard(&[31, 32, 33])
            .draws(&[Tile::Strudel]),
    );
    assert_eq!(g.bag_size(), 58 - 5 - 3);
    let events = play(&mut g, RED, "play 3L");
    assert!(has(&events, |e| matches!(
        e,
        KomarnEvent::Strudel { returned: 4, .. }
    )));
    assert!(g.discard().is_empty());
    assert_eq!(g.hand(RED).len(), 5);
    assert_eq!(g.bag_size(), 50 - 1 + 5 - 1);
}

/// Red plays 3 and draws a Morlock first. Blue holds 5L, 8L and 9L; a camp stands on 6R.
fn morlock_setup(red: &[u8]) -> Setup {
    morlock_setup_for(3, red)
}

/// [`morlock_setup`] for 3 or 4 players (Yellow holds 44–48).
fn morlock_setup_for(players: usize, red: &[u8]) -> Setup {
    let setup = Setup::new(players)
        .hand(RED, red)
        .hand(BLUE, &[20, 21, 22, 23, 24])
        .hand(GREEN, &[30, 31, 32, 33, 34]);
    let setup = if players == 4 {
        setup.hand(YELLOW, &[44, 45, 46, 47, 48])
    } else {
        setup
    };
    setup
        .soldiers(BLUE, &["5L", "8L", "9L"])
        .camps_on(&["6R"])
        .draws(&[
            Tile::Morlock,
            Tile::Number(40),
            Tile::Number(41),
            Tile::Number(42),
        ])
}

#[test]
fn a_drawn_morlock_is_placed_and_its_number_goes_back_into_the_bag() {
    let mut g = game(morlock_setup(&[3, 4, 5, 6, 7]));
    let bag = g.bag_size();
    let events = play(&mut g, RED, "play 3L");
    assert!(has(&events, |e| matches!(
        e,
        KomarnEvent::MorlockDrawn { .. }
    )));
    assert_eq!(g.to_act(), ToAct::One(RED));
    assert_eq!(g.pending(), PendingView::Morlock(RED));
    let legal: Vec<String> = g.legal_moves(RED).iter().map(|m| m.to_string()).collect();
    assert_eq!(legal, ["morlock 4", "morlock 7", "morlock none"]);
    assert!(g.prompt().unwrap().contains("morlock none"));
    assert!(matches!(
        refuse(&mut g, RED, "morlock 5"),
        KomarnError::NoRoomForMorlock { area: 5, why } if why.contains("5L")
    ));
    assert!(matches!(
        refuse(&mut g, RED, "morlock 6"),
        KomarnError::NoRoomForMorlock { area: 6, why } if why.contains("camp")
    ));
    assert_eq!(refuse(&mut g, RED, "morlock 3"), KomarnError::NotInHand(3));
    assert!(matches!(
        refuse(&mut g, RED, "play 4L"),
        KomarnError::NotNow { .. }
    ));
    assert!(matches!(
        refuse(&mut g, BLUE, "challenge"),
        KomarnError::NotNow { .. }
    ));
    let events = play(&mut g, RED, "morlock 4");
    assert!(has(&events, |e| matches!(
        e,
        KomarnEvent::MorlockPlaced { area: 4, .. }
    )));
    assert_eq!(at(&g, "4F"), Content::Morlock);
    assert!(!g.hand(RED).contains(&4));
    assert_eq!(g.hand(RED).len(), 5);
    // Drawn: the Morlock and two numbers; returned: 4.
    assert_eq!(g.bag_size(), bag - 3 + 1);
    assert_eq!(g.morlock_count(), (2, 1, 0, 0));
    assert_eq!(g.to_act(), ToAct::One(BLUE));
    assert!(g.view(None).last.unwrap().fields.contains(&(4, Side::F)));
}

#[test]
fn a_morlock_no_area_can_take_leaves_the_game() {
    let camps: Vec<String> = (1..=54).map(|n| format!("{n}L")).collect();
    let camps: Vec<&str> = camps.iter().map(String::as_str).collect();
    let mut g = game(
        Setup::new(3)
            .hand(RED, &[3, 20, 30, 40, 50])
            .camps_on(&camps)
            .draws(&[Tile::Morlock]),
    );
    let events = play(&mut g, RED, "play 3R");
    assert!(has(&events, |e| matches!(
        e,
        KomarnEvent::MorlockGone { .. }
    )));
    assert_eq!(g.morlock_count(), (2, 0, 1, 0));
    assert_eq!(g.hand(RED).len(), 5);
    assert_eq!(g.to_act(), ToAct::One(BLUE));
}

#[test]
fn a_claim_stands_when_everybody_accepts() {
    // Red keeps 5, 6, 8, 9 after playing 3: every area is blocked — a true claim.
    let mut g = game(morlock_setup(&[3, 5, 6, 8, 9]));
    play(&mut g, RED, "play 3L");
    assert_eq!(g.legal_moves(RED), [Move::Morlock(None)], "no number fits");
    assert_eq!(g.window(), None);
    let events = play(&mut g, RED, "morlock none");
    assert!(has(&events, |e| matches!(e, KomarnEvent::Claimed { .. })));
    assert_eq!(g.to_act(), ToAct::Many(vec![BLUE, GREEN]));
    assert_eq!(
        g.window(),
        Some(Window {
            id: 1,
            length: Duration::from_secs(120)
        })
    );
    let prompt = g.prompt().unwrap();
    assert!(
        prompt.contains("Blue and Green") && prompt.contains("2m"),
        "{prompt}"
    );
    assert_eq!(refuse(&mut g, RED, "accept"), KomarnError::OwnClaim);
    assert_eq!(refuse(&mut g, RED, "challenge"), KomarnError::OwnClaim);
    play(&mut g, BLUE, "accept");
    assert_eq!(g.to_act(), ToAct::Many(vec![GREEN]));
    assert!(matches!(
        refuse(&mut g, BLUE, "accept"),
        KomarnError::NotNow { .. }
    ));
    assert!(matches!(
        refuse(&mut g, BLUE, "challenge"),
        KomarnError::NotNow { .. }
    ));
    let claim = g.view(None).claim.unwrap();
    assert_eq!(claim.drawer, RED);
    assert_eq!(claim.answered, [(BLUE, Answer::Accept)]);
    assert_eq!(claim.waiting, [GREEN]);
    let events = play(&mut g, GREEN, "accept");
    assert!(has(&events, |e| matches!(
        e,
        KomarnEvent::ClaimStands {
            timed_out: false,
            ..
        }
    )));
    assert_eq!(g.window(), None);
    assert_eq!(g.hand(RED), [5, 6, 8, 9, 40]);
    assert_eq!(g.morlock_count(), (2, 0, 1, 0));
    assert_eq!(g.to_act(), ToAct::One(BLUE));
}

#[test]
fn silence_accepts_when_the_window_closes_and_every_claim_has_its_own_window() {
    let mut g = game(morlock_setup(&[3, 5, 6, 8, 9]).draws(&[
        Tile::Morlock,
        Tile::Morlock,
        Tile::Number(40),
    ]));
    play(&mut g, RED, "play 3L");
    play(&mut g, RED, "morlock none");
    play(&mut g, BLUE, "accept");
    let events = g.close_window();
    assert!(has(&events, |e| matches!(e, KomarnEvent::Accepted { .. })));
    assert!(has(&events, |e| matches!(
        e,
        KomarnEvent::ClaimStands {
            timed_out: true,
            ..
        }
    )));
    // The next draw is another Morlock: a second claim, a second window.
    assert_eq!(g.pending(), PendingView::Morlock(RED));
    play(&mut g, RED, "morlock none");
    assert_eq!(g.window().map(|w| w.id), Some(2));
    g.close_window();
    assert_eq!(g.window(), None);
    assert!(g.close_window().is_empty(), "nothing to close");
    assert_eq!(g.hand(RED), [5, 6, 8, 9, 40]);
    assert_eq!(g.morlock_count(), (1, 0, 2, 0));
    assert!(g.transcript().contains("time is up"));
}

#[test]
fn a_challenged_true_claim_shows_both_hands_and_the_challenger_loses_a_number() {
    let mut g = game(morlock_setup(&[3, 5, 6, 8, 9]));
    play(&mut g, RED, "play 3L");
    play(&mut g, RED, "morlock none");
    let events = play(&mut g, GREEN, "challenge");
    assert!(has(&events, |e| matches!(
        e,
        KomarnEvent::Challenged { drawer_hand, challenger_hand, fitting, .. }
            if drawer_hand == &[5, 6, 8, 9] && challenger_hand == &[30, 31, 32, 33, 34]
                && fitting.is_empty()
    )));
    assert_eq!(g.window(), None, "the first challenge settles the claim");
    // Exactly the two judged hands are public.
    let public = g.view(None);
    assert_eq!(
        public.revealed_hands,
        [(RED, vec![5, 6, 8, 9]), (GREEN, vec![30, 31, 32, 33, 34])]
    );
    assert_eq!(public.players[RED].hand, Some(vec![5, 6, 8, 9]));
    assert_eq!(public.players[GREEN].hand, Some(vec![30, 31, 32, 33, 34]));
    assert_eq!(public.players[BLUE].hand, None);
    // The drawer strikes one of the challenger's numbers.
    assert_eq!(g.to_act(), ToAct::One(RED));
    assert_eq!(g.legal_moves(RED).len(), 5);
    assert!(matches!(
        refuse(&mut g, BLUE, "strike 30"),
        KomarnError::NotNow { .. }
    ));
    assert!(matches!(
        refuse(&mut g, RED, "strike 40"),
        KomarnError::NotHeld { number: 40, .. }
    ));
    assert!(g.prompt().unwrap().contains("30 31 32 33 34"));
    let events = play(&mut g, RED, "strike 31");
    assert!(has(&events, |e| matches!(
        e,
        KomarnEvent::Struck { number: 31, .. }
    )));
    assert_eq!(g.hand(GREEN), [30, 32, 33, 34, 40], "a replacement at once");
    assert_eq!(
        g.hand(RED),
        [5, 6, 8, 9, 41],
        "then the drawer draws to five"
    );
    assert_eq!(g.discard(), [3, 31]);
    assert_eq!(g.morlock_count(), (2, 0, 1, 0));
    let public = g.view(None);
    assert_eq!(
        public.players[GREEN].hand, None,
        "the new number is secret again"
    );
    assert_eq!(public.players[RED].hand, None);
    assert_eq!(
        public.revealed_hands.len(),
        2,
        "shown until the next number is played"
    );
    // The next play clears them.
    let mut g2 = g.clone();
    g2.apply(BLUE, &mv("play 20L")).unwrap();
    assert!(g2.view(None).revealed_hands.is_empty());
}

#[test]
fn an_exposed_bluff_places_the_morlock_and_the_drawer_loses_a_number() {
    let mut g = game(morlock_setup(&[3, 5, 6, 8, 10]));
    play(&mut g, RED, "play 3L");
    assert_eq!(
        g.legal_moves(RED),
        [Move::Morlock(Some(10)), Move::Morlock(None)]
    );
    play(&mut g, RED, "morlock none");
    let events = play(&mut g, BLUE, "challenge");
    assert!(has(&events, |e| matches!(
        e,
        KomarnEvent::Challenged { fitting, .. } if fitting == &[10]
    )));
    assert_eq!(g.to_act(), ToAct::One(RED));
    assert_eq!(g.legal_moves(RED), [Move::Morlock(Some(10))]);
    assert_eq!(
        refuse(&mut g, RED, "morlock none"),
        KomarnError::MustPlace(10)
    );
    assert!(matches!(
        refuse(&mut g, RED, "morlock 5"),
        KomarnError::NoRoomForMorlock { .. }
    ));
    play(&mut g, RED, "morlock 10");
    assert_eq!(at(&g, "10F"), Content::Morlock);
    assert_eq!(g.to_act(), ToAct::One(BLUE));
    let strikes: Vec<String> = g.legal_moves(BLUE).iter().map(|m| m.to_string()).collect();
    assert_eq!(strikes, ["strike 5", "strike 6", "strike 8"]);
    assert_eq!(
        g.view(None).players[RED].hand,
        Some(vec![5, 6, 8]),
        "every number left was revealed"
    );
    assert!(matches!(
        refuse(&mut g, BLUE, "strike 10"),
        KomarnError::NotHeld { number: 10, .. }
    ));
    play(&mut g, BLUE, "strike 6");
    assert!(!g.hand(RED).contains(&6));
    assert_eq!(g.hand(RED).len(), 5);
    assert_eq!(g.discard(), [3, 6]);
    assert_eq!(g.morlock_count().1, 1);
    assert_eq!(g.to_act(), ToAct::One(BLUE));
    assert_eq!(g.pending(), PendingView::Play(BLUE));
}

#[test]
fn a_morlock_drawn_as_a_replacement_belongs_to_the_loser() {
    let mut g = game(morlock_setup(&[3, 5, 6, 8, 9]).draws(&[
        Tile::Morlock,
        Tile::Morlock,
        Tile::Number(40),
        Tile::Number(41),
    ]));
    play(&mut g, RED, "play 3L");
    play(&mut g, RED, "morlock none");
    play(&mut g, GREEN, "challenge");
    play(&mut g, RED, "strike 31");
    assert_eq!(g.pending(), PendingView::Morlock(GREEN));
    assert_eq!(g.to_act(), ToAct::One(GREEN));
    play(&mut g, GREEN, "morlock none");
    assert_eq!(g.to_act(), ToAct::Many(vec![RED, BLUE]));
    play(&mut g, RED, "accept");
    play(&mut g, BLUE, "accept");
    assert_eq!(g.hand(GREEN).len(), 5);
    assert_eq!(g.hand(RED).len(), 5);
    assert_eq!(g.to_act(), ToAct::One(BLUE));
    assert_eq!(g.morlock_count(), (1, 0, 2, 0));
}

// ---------------------------------------------------------------------------------------------
// §4.5 and §9: the end.

/// Red commands 11L–12L (worth 2 + Weibel); Blue commands 15R–16R with the maiden (worth 3 +
/// Weibel) and holds the Hurenweibel. Red has 6 Heller, Green 10.
fn ending() -> Setup {
    Setup::new(3)
        .hand(RED, &[3, 21, 31, 41, 51])
        .hand(BLUE, &[20, 22, 32, 42, 52])
        .hand(GREEN, &[40, 23, 33, 43, 53])
        .soldiers(RED, &["11L", "12L"])
        .weibel(RED, "11L")
        .soldiers(BLUE, &["15R", "16R"])
        .weibel(BLUE, "15R")
        .heller(RED, 6)
        .heller(GREEN, 10)
}

#[test]
fn the_round_is_finished_after_a_supply_runs_out_then_final_payouts_and_ranks() {
    let mut g = game(ending().supply(RED, 1));
    let events = play(&mut g, RED, "play 3L");
    assert!(has(&events, |e| matches!(e, KomarnEvent::LastRound { .. })));
    assert!(g.last_round());
    assert_eq!(g.outcome(), None);
    play(&mut g, BLUE, "play 20L");
    assert_eq!(g.to_act(), ToAct::One(GREEN));
    let events = play(&mut g, GREEN, "play 40L");
    assert_eq!(g.to_act(), ToAct::Nobody);
    let over = events
        .iter()
        .find(|e| matches!(e, KomarnEvent::GameOver { .. }))
        .expect("game over");
    let text = over.to_string();
    // The payouts; the ranking is the table's one game-over line.
    assert!(
        text.starts_with("Final payouts: Red +7") && !text.contains("Ranking"),
        "{text}"
    );
    let payouts = g.final_payouts().unwrap().to_vec();
    assert_eq!(
        payouts
            .iter()
            .map(|p| (p.banners, p.weibel_bonus, p.hurenweibel, p.total))
            .collect::<Vec<_>>(),
        [(2, 5, 0, 7), (3, 5, 5, 13), (0, 0, 0, 0)]
    );
    let outcome = g.outcome().unwrap();
    assert_eq!(outcome.scores, [13, 13, 10]);
    assert_eq!(outcome.ranks, [1, 1, 3]);
    assert_eq!(outcome.reason, EndReason::Normal);
    let view = g.view(None);
    assert_eq!(view.final_payouts, Some(payouts));
    assert_eq!(view.to_move, None);
    assert!(g.transcript().contains("result:"));
    // Nothing more is accepted.
    assert_eq!(refuse(&mut g, BLUE, "play 22L"), KomarnError::GameOver);
    let before = g.clone();
    assert!(g.forfeit(RED, Forfeit::Resigned).is_empty());
    assert_eq!(g, before);
}

#[test]
fn the_last_seat_ends_the_game_at_once_and_empty_supplies_skip() {
    let mut g = game(ending().turn(&[RED, BLUE, GREEN], GREEN).supply(GREEN, 1));
    play(&mut g, GREEN, "play 40L");
    assert_eq!(g.to_act(), ToAct::Nobody);

    let mut g = game(ending().supply(BLUE, 0));
    let events = play(&mut g, RED, "play 3L");
    assert!(has(&events, |e| matches!(e, KomarnEvent::LastRound { .. })));
    assert!(has(&events, |e| matches!(e, KomarnEvent::Skipped { .. })));
    assert_eq!(g.to_act(), ToAct::One(GREEN));
    play(&mut g, GREEN, "play 40L");
    assert!(g.outcome().is_some());
}

// ---------------------------------------------------------------------------------------------
// Forfeits.

#[test]
fn a_leaver_is_skipped_and_ranks_last_while_the_game_goes_on() {
    let mut g = game(
        Setup::new(4)
            .hand(RED, &[3, 21, 31, 41, 51])
            .hand(BLUE, &[20, 22, 32, 42, 52])
            .hand(GREEN, &[40, 23, 33, 43, 53])
            .hand(YELLOW, &[44, 24, 34, 45, 54]),
    );
    let events = g.forfeit(BLUE, Forfeit::Resigned);
    assert!(matches!(
        &events[0],
        KomarnEvent::Forfeited { goes_on: true, discarded, .. } if discarded == &[20, 22, 32, 42, 52]
    ));
    assert_eq!(g.discard(), [20, 22, 32, 42, 52]);
    assert!(!g.is_active(BLUE));
    assert!(!g.view(None).players[BLUE].active);
    play(&mut g, RED, "play 3L");
    assert_eq!(g.to_act(), ToAct::One(GREEN), "Blue is skipped");
    assert!(matches!(
        refuse(&mut g, BLUE, "play 20L"),
        KomarnError::Left
    ));
    assert!(g.forfeit(BLUE, Forfeit::Resigned).is_empty());

    // Three players: the first leaver leaves two; the second ends the game.
    let mut g = game(
        Setup::new(3)
            .hand(RED, &[3, 21, 31, 41, 51])
            .hand(BLUE, &[20, 22, 32, 42, 52])
            .hand(GREEN, &[40, 23, 33, 43, 53])
            .heller(GREEN, 50),
    );
    g.forfeit(GREEN, Forfeit::TimedOut);
    assert_eq!(g.outcome(), None);
    assert_eq!(g.to_act(), ToAct::One(RED));
    let events = g.forfeit(RED, Forfeit::Resigned);
    assert!(has(&events, |e| matches!(e, KomarnEvent::GameOver { .. })));
    let outcome = g.outcome().unwrap();
    assert_eq!(outcome.reason, EndReason::Forfeit(RED, Forfeit::Resigned));
    assert_eq!(
        outcome.ranks,
        [2, 1, 3],
        "stayers first, then the last to leave"
    );
}

#[test]
fn a_drawer_who_leaves_takes_the_morlock_decision_along_and_silent_leavers_accept() {
    let mut g = game(morlock_setup(&[3, 5, 6, 8, 9]));
    play(&mut g, RED, "play 3L");
    let events = g.forfeit(RED, Forfeit::TimedOut);
    assert!(has(&events, |e| matches!(
        e,
        KomarnEvent::MorlockGone { .. }
    )));
    assert_eq!(g.to_act(), ToAct::One(BLUE));
    assert_eq!(g.morlock_count(), (2, 0, 1, 0));

    let mut g = game(morlock_setup(&[3, 5, 6, 8, 9]));
    play(&mut g, RED, "play 3L");
    play(&mut g, RED, "morlock none");
    play(&mut g, BLUE, "accept");
    let events = g.forfeit(GREEN, Forfeit::Resigned);
    assert!(has(&events, |e| matches!(
        e,
        KomarnEvent::ClaimStands { .. }
    )));
    assert_eq!(g.to_act(), ToAct::One(BLUE));
}

// ---------------------------------------------------------------------------------------------
// Secrecy.

#[test]
fn hands_and_the_bag_stay_private() {
    let mut g = Komarn::new(3, &KomarnOptions::default(), 11).unwrap();
    let state = serde_json::to_value(&g).unwrap();
    let bag = state["bag"]["tiles"].to_string();
    for viewer in [None, Some(0), Some(1), Some(2)] {
        let view = g.view(viewer);
        for (seat, pv) in view.players.iter().enumerate() {
            if viewer == Some(seat) {
                assert_eq!(pv.hand.as_deref(), Some(g.hand(seat)));
            } else {
                assert_eq!(pv.hand, None);
            }
            assert_eq!(pv.hand_size, 5);
        }
        let json = serde_json::to_string(&view).unwrap();
        assert!(!json.contains(&bag));
        assert!(!json.contains("rng") && !json.contains("tiles"));
    }
    let seat = g.turn_order()[0];
    let first = g.legal_moves(seat)[0];
    let events = g.apply(seat, &first).unwrap();
    for e in &events {
        match e {
            KomarnEvent::Drew { seat: s, numbers } => {
                assert_eq!(g.audience(Shown::Event(e)), Audience::Seat(*s));
                assert!(numbers.iter().all(|k| g.hand(*s).contains(k)));
            }
            other => assert_eq!(g.audience(Shown::Event(other)), Audience::Everyone),
        }
    }
    let transcript = g.transcript();
    assert!(transcript.contains("draws 1"), "{transcript}");
    for e in events
        .iter()
        .filter(|e| !g.audience(Shown::Event(e)).is_public())
    {
        assert!(!transcript.contains(&e.to_string()));
    }
    assert!(!transcript.contains(&serde_json::to_string(g.hand(seat)).unwrap()));
    assert!(
        !g.prompt()
            .unwrap()
            .contains(&serde_json::to_string(g.hand(seat)).unwrap())
    );
}

// ---------------------------------------------------------------------------------------------
// legal_moves is complete.

/// Every move text that could be meant for `seat` now: all numbers with every side, every
/// second number, every reinforcement field, camps on every field for a sample; plus the
/// Morlock, answer and strike forms.
fn candidates(g: &Komarn, seat: usize) -> Vec<Move> {
    let mut out = Vec::new();
    let mut numbers: Vec<u8> = g.hand(seat).to_vec();
    numbers.extend([1, 27, 54]);
    for &n in &numbers {
        for side in Side::ALL {
            out.push(Move::field(n, side));
        }
        for m in 1..=54 {
            if m != n {
                out.push(Move::chase(n, m));
            }
        }
        for field in Field::all() {
            out.push(Move::reinforce(n, field));
        }
        out.push(Move::Pass(n));
        out.push(Move::Morlock(Some(n)));
        out.push(Move::Strike(n));
    }
    let legal = g.legal_moves(seat);
    for base in legal
        .iter()
        .filter(|m| !m.to_string().contains("camp"))
        .take(3)
    {
        for field in Field::all() {
            out.push(base.with_camp(field));
        }
    }
    out.extend([Move::Morlock(None), Move::Challenge, Move::Accept]);
    for k in 1..=54 {
        out.push(Move::Strike(k));
    }
    out
}

fn check_complete(g: &Komarn) {
    for seat in 0..3 {
        let legal: BTreeSet<String> = g.legal_moves(seat).iter().map(|m| m.to_string()).collect();
        for m in candidates(g, seat) {
            let mut copy = g.clone();
            let accepted = copy.apply(seat, &m).is_ok();
            assert_eq!(
                accepted,
                legal.contains(&m.to_string()),
                "{m} by seat {seat}: accepted {accepted}"
            );
        }
    }
}

#[test]
fn legal_moves_lists_exactly_the_accepted_moves() {
    check_complete(&game(reinforcement_setup()));
    check_complete(&game(
        seducer()
            .hand(RED, &[3, 20, 21, 22, 23])
            .soldiers(BLUE, &["20L"]),
    ));
    check_complete(&game(blocked().hand(RED, &[1, 2, 3, 4, 5])));
    check_complete(&game(
        Setup::new(3).hand(RED, &[17, 32, 5, 6, 7]).morlock(17),
    ));
    let mut g = game(morlock_setup(&[3, 5, 6, 8, 10]));
    play(&mut g, RED, "play 3L");
    check_complete(&g);
    play(&mut g, RED, "morlock none");
    check_complete(&g);
    play(&mut g, BLUE, "challenge");
    check_complete(&g);
    play(&mut g, RED, "morlock 10");
    check_complete(&g);
    for seed in 0..3 {
        let g = Komarn::new(3, &KomarnOptions::default(), seed).unwrap();
        check_complete(&g);
    }
}

// ---------------------------------------------------------------------------------------------
// Random playouts with invariants.

fn numbers_in_bag(g: &Komarn) -> (Vec<u8>, usize, usize) {
    let state: Value = serde_json::to_value(g).unwrap();
    let tiles = state["bag"]["tiles"].as_array().unwrap();
    let numbers = tiles
        .iter()
        .filter_map(|t| t["Number"].as_u64().map(|n| n as u8))
        .collect();
    let strudel = tiles
        .iter()
        .filter(|t| t.as_str() == Some("Strudel"))
        .count();
    let morlocks = tiles
        .iter()
        .filter(|t| t.as_str() == Some("Morlock"))
        .count();
    (numbers, strudel, morlocks)
}

fn check_invariants(g: &Komarn, players: usize, at: &str) {
    // Numbers: each of 1..=54 exactly once in a hand, the bag or the discard pile.
    let (mut all, strudel, morlocks) = numbers_in_bag(g);
    all.extend(g.discard());
    for seat in 0..players {
        all.extend(g.hand(seat));
        assert!(g.hand(seat).len() <= 5, "{at}");
    }
    all.sort_unstable();
    assert_eq!(all, (1..=54).collect::<Vec<u8>>(), "{at}: numbers");
    assert_eq!(strudel, 1, "{at}: the Strudel is in the bag");
    // Morlocks: bag + board + gone + pending = 3.
    let (bag, board, gone, pending) = g.morlock_count();
    assert_eq!(usize::from(bag), morlocks, "{at}");
    assert_eq!(bag + board + gone + pending, 3, "{at}: Morlocks");
    // Soldiers, Weibel, camps.
    let initial = if players == 3 { 25 } else { 20 };
    for seat in 0..players {
        assert_eq!(
            usize::from(g.supply(seat)) + g.board().soldiers_of(seat),
            initial,
            "{at}: soldiers of seat {seat}"
        );
        let marks = g.marks().iter().filter(|m| m.owner == seat).count();
        assert_eq!(
            usize::from(g.weibel(seat)) + marks,
            6,
            "{at}: Weibel of {seat}"
        );
    }
    let camps: usize = (0..players).map(|s| usize::from(g.camps_left(s))).sum();
    assert_eq!(camps + g.board().camps(), 2 * players, "{at}: camps");
    // Morlocks only on river fields whose land fields are free.
    for (field, content) in g.board().fields() {
        if content == Content::Morlock {
            assert_eq!(field.side, Side::F, "{at}");
            for side in [Side::L, Side::R] {
                assert!(g.board().is_free(Field::new(field.area, side)), "{at}");
            }
        }
    }
    // §5 after every resolution: at most one Weibel per banner; every Weibel on a banner; a
    // banner's leader with a Weibel in supply commands it.
    let banners = g.banners();
    for m in g.marks() {
        assert!(
            banners.iter().any(|b| b.group.contains(m.anchor)),
            "{at}: a Weibel beside no banner"
        );
    }
    let mut maidens = vec![0u32; players];
    for b in &banners {
        let on = g
            .marks()
            .iter()
            .filter(|m| b.group.contains(m.anchor))
            .count();
        assert!(on <= 1, "{at}: {on} Weibel on one banner");
        if let Some(leader) = b.group.leader()
            && b.commander != Some(leader)
        {
            assert_eq!(g.weibel(leader), 0, "{at}: the leader could take command");
        }
        if let Some(c) = b.commander {
            maidens[c] += b.group.maidens(g.board());
        }
    }
    let max = maidens.iter().copied().max().unwrap_or(0);
    let holder = (max > 0 && maidens.iter().filter(|m| **m == max).count() == 1)
        .then(|| maidens.iter().position(|m| *m == max).unwrap());
    assert_eq!(g.hurenweibel(), holder, "{at}: Hurenweibel");
    // Towers: a garrison only on a decided tower.
    for (point, state) in g.board().points() {
        if state.garrison.is_some() {
            assert!(
                state.decided && state.kind == PointKind::Tower,
                "{at}: {point}"
            );
        }
    }
    // Hands stay out of the public view.
    let public = g.view(None);
    for seat in 0..players {
        if public.players[seat].hand.is_some() {
            assert!(
                g.revealed().iter().any(|(s, _)| *s == seat),
                "{at}: a hand in the public view"
            );
        }
    }
}

#[test]
fn random_playouts_keep_every_invariant() {
    let mut claims = 0;
    let mut challenges = 0;
    let mut strikes = 0;
    let mut takeovers = 0;
    for players in [3, 4] {
        for seed in 0..10u64 {
            let mut g = Komarn::new(players, &KomarnOptions::default(), seed).unwrap();
            let mut rng = ChaCha8Rng::seed_from_u64(seed + 1000);
            let mut steps = 0;
            check_invariants(&g, players, "start");
            while g.to_act() != ToAct::Nobody {
                let seats = g.to_act().seats();
                let seat = seats[rng.random_range(0..seats.len())];
                let legal = g.legal_moves(seat);
                // Camps are most of the list; build one only now and then.
                let plain: Vec<&Move> = legal
                    .iter()
                    .filter(|m| !m.to_string().contains("camp"))
                    .collect();
                let pick = if rng.random_bool(0.1) || plain.is_empty() {
                    legal[rng.random_range(0..legal.len())]
                } else {
                    *plain[rng.random_range(0..plain.len())]
                };
                // The table closes a window now and then instead of waiting for answers.
                if g.window().is_some() && rng.random_bool(0.2) {
                    g.close_window();
                } else {
                    let events = g.apply(seat, &pick).unwrap();
                    match pick {
                        Move::Morlock(None) => claims += 1,
                        Move::Challenge => challenges += 1,
                        Move::Strike(_) => strikes += 1,
                        _ => {}
                    }
                    takeovers += paid(&events).len();
                }
                steps += 1;
                check_invariants(&g, players, &format!("{players}p seed {seed} step {steps}"));
                assert!(steps < 1000, "the game ends");
            }
            let outcome = g.outcome().unwrap();
            let payouts = g.final_payouts().unwrap();
            for (seat, p) in payouts.iter().enumerate() {
                assert_eq!(p.seat, seat);
                assert_eq!(p.total, p.banners + p.weibel_bonus + p.hurenweibel);
                assert_eq!(p.weibel_bonus % 5, 0);
                assert_eq!(outcome.scores[seat], i64::from(g.heller(seat)));
            }
            assert!((0..players).any(|s| g.supply(s) == 0) || g.last_round());
        }
    }
    assert!(
        claims > 5 && challenges > 3 && strikes > 2 && takeovers > 5,
        "claims {claims}, challenges {challenges}, strikes {strikes}, payouts {takeovers}"
    );
}

#[test]
fn with_setup_checks_its_input() {
    use spieltisch::games::komarn::InvalidSetup;
    assert!(matches!(
        Komarn::with_setup(Setup::new(2)),
        Err(InvalidSetup::Players(_))
    ));
    assert_eq!(
        Komarn::with_setup(Setup::new(3).hand(RED, &[1, 2]).hand(BLUE, &[2])),
        Err(InvalidSetup::Number(2))
    );
    assert_eq!(
        Komarn::with_setup(Setup::new(3).turn(&[0, 0, 1], 0)),
        Err(InvalidSetup::TurnOrder)
    );
    assert_eq!(
        Komarn::with_setup(Setup::new(3).weibel(RED, "3L")),
        Err(InvalidSetup::Weibel(RED, f("3L")))
    );
    assert!(matches!(
        Komarn::with_setup(Setup::new(3).garrison("P3R", RED)),
        Err(InvalidSetup::Garrison(_))
    ));
    assert_eq!(
        Komarn::with_setup(Setup::new(3).draws(&[Tile::Morlock; 4])),
        Err(InvalidSetup::Tiles)
    );
}

// ---------------------------------------------------------------------------------------------
// Rules the audit found unpinned.

#[test]
fn garrisons_of_a_banner_left_without_commander_keep_their_colour() {
    // §5 "Garrisons of a banner without commander keep their colour." Blue commands 10F–11F,
    // Green commands 13F–14F–14L with the tower P13L garrisoned by Blue; Red holds 12L and 12R
    // and plays 12F: Blue 3 (garrison included), Green 3, Red 3 — nobody may command.
    let tie = Setup::new(3)
        .hand(RED, &[12, 20, 30, 40, 50])
        .soldiers(BLUE, &["10F", "11F"])
        .weibel(BLUE, "10F")
        .soldiers(GREEN, &["13F", "14F", "14L"])
        .weibel(GREEN, "13F")
        .garrison("P13L", BLUE)
        .soldiers(RED, &["12L", "12R"]);
    let mut g = game(tie.clone());
    let blue_before = g.supply(BLUE);
    let green_before = g.supply(GREEN);
    let events = play(&mut g, RED, "play 12F");
    let mut pay = paid(&events);
    pay.sort();
    // Blue: 2 fields + Weibel; Green: 3 fields + tower + Weibel (§5 payouts, §8).
    assert_eq!(pay, [("Blue".into(), 3), ("Green".into(), 5)]);
    assert!(g.marks().is_empty());
    // 8 fields + tower + the city of 2 at P11R, no Weibel.
    assert_eq!(banner_at(&g, "12F"), Some((None, 11)));
    // The garrison keeps Blue: neither the mover nor the old commander takes it.
    assert_eq!(g.board().point(p("P13L")).garrison, Some(BLUE));
    assert!(!has(&events, |e| matches!(e, KomarnEvent::Garrison { .. })));
    assert_eq!(
        (g.supply(BLUE), g.supply(GREEN)),
        (blue_before, green_before)
    );
    assert_eq!(g.supply(RED), 25 - 3);

    // §5: a strict leader without a Weibel leaves the merged banner without commander as well;
    // the garrison does not go to the leader either. Red 4 (11L, 12L, 12F, 12R), Blue 3, Green 3.
    let mut g = game(tie.soldiers(RED, &["11L"]).weibel_left(RED, 0));
    let events = play(&mut g, RED, "play 12F");
    assert_eq!(paid(&events).len(), 2);
    assert!(commands(&events).is_empty());
    assert!(g.marks().is_empty());
    assert_eq!(banner_at(&g, "12F").map(|b| b.0), Some(None));
    assert!(g.supply(RED) > 0, "the leader could pay for the garrison");
    assert_eq!(g.board().point(p("P13L")).garrison, Some(BLUE));
    assert!(!has(&events, |e| matches!(e, KomarnEvent::Garrison { .. })));
}

#[test]
fn a_holder_who_loses_the_maiden_banner_loses_the_hurenweibel_and_may_no_longer_seduce() {
    // §7: recomputed at every resolution; strictly the most maidens in commanded banners.
    // Red commands 3R–6R (maiden P3R; Blue's 5R and 6R tie, so Red keeps it) and 9L–10L
    // (maiden P9L): two maidens, Red holds the Hurenweibel. Blue holds 6L and plays 6F.
    let setup = Setup::new(3)
        .hand(RED, &[5, 30, 31, 32, 33])
        .hand(BLUE, &[6, 20, 21, 22, 23])
        .hand(GREEN, &[40, 41, 42, 43, 44])
        .soldiers(RED, &["3R", "4R", "9L", "10L"])
        .weibel(RED, "3R")
        .weibel(RED, "9L")
        .soldiers(BLUE, &["5R", "6R", "6L"]);
    // While Red holds it, Red may seduce Blue's 5R (§4.1).
    let mut control = game(setup.clone());
    assert_eq!(control.hurenweibel(), Some(RED));
    let events = play(&mut control, RED, "play 5R");
    assert!(matches!(
        &events[0],
        KomarnEvent::Played { kind: PlayKind::Seduce { field, .. }, .. } if *field == f("5R")
    ));

    let mut g = game(setup.turn(&[RED, BLUE, GREEN], BLUE));
    assert_eq!(g.hurenweibel(), Some(RED));
    let events = play(&mut g, BLUE, "play 6F");
    // §5 takeover: Blue 4 against Red 2. Red is paid 4 fields + maiden + Weibel; Blue's banner
    // is worth 6 fields + maiden + the city of 2 at P5L + Weibel.
    assert_eq!(paid(&events), [("Red".into(), 6)]);
    assert_eq!(commands(&events), [("Blue".into(), "3R".into(), 10)]);
    // Red 1 maiden (P9L), Blue 1 (P3R): nobody has strictly the most — neutral.
    assert_eq!(g.hurenweibel(), None);
    assert!(has(&events, |e| matches!(
        e,
        KomarnEvent::Hurenweibel { holder: None }
    )));
    assert_eq!(g.view(None).hurenweibel, None);
    play(&mut g, GREEN, "play 40L");
    assert_eq!(g.to_act(), ToAct::One(RED));
    // The former holder may no longer seduce.
    assert!(matches!(
        refuse(&mut g, RED, "play 5R"),
        KomarnError::Taken { field, .. } if field == f("5R")
    ));
    assert_eq!(at(&g, "5R"), soldier(BLUE));
}

/// Each `(seat, answer)` is refused as not allowed now, and changes nothing.
fn refused_not_now(g: &mut Komarn, answers: &[(usize, &str)]) {
    for &(seat, answer) in answers {
        assert!(
            matches!(refuse(g, seat, answer), KomarnError::NotNow { .. }),
            "{answer} by seat {seat}"
        );
    }
}

#[test]
fn after_the_first_challenge_the_other_answers_are_refused() {
    // §4.4: "The first `challenge` that arrives is resolved"; the claim is settled by it, so the
    // other answerers can neither accept nor challenge any more.
    // A true claim: Blue accepts, Green challenges first, Yellow has not answered.
    let mut g = game(morlock_setup_for(4, &[3, 5, 6, 8, 9]));
    play(&mut g, RED, "play 3L");
    play(&mut g, RED, "morlock none");
    assert_eq!(g.to_act(), ToAct::Many(vec![BLUE, GREEN, YELLOW]));
    play(&mut g, BLUE, "accept");
    let events = play(&mut g, GREEN, "challenge");
    assert!(has(&events, |e| matches!(
        e,
        KomarnEvent::Challenged { fitting, .. } if fitting.is_empty()
    )));
    assert_eq!(g.window(), None);
    assert_eq!(g.to_act(), ToAct::One(RED));
    refused_not_now(
        &mut g,
        &[
            (YELLOW, "accept"),
            (YELLOW, "challenge"),
            (BLUE, "challenge"),
            (BLUE, "accept"),
            (GREEN, "challenge"),
        ],
    );
    // Only Green's challenge counts: Red strikes one of Green's numbers; Yellow keeps its hand.
    play(&mut g, RED, "strike 31");
    assert_eq!(g.hand(GREEN), [30, 32, 33, 34, 40]);
    assert_eq!(g.hand(YELLOW), [44, 45, 46, 47, 48]);
    assert_eq!(g.hand(RED), [5, 6, 8, 9, 41]);
    assert_eq!(g.to_act(), ToAct::One(BLUE));
    let revealed: Vec<usize> = g.revealed().iter().map(|(s, _)| *s).collect();
    assert_eq!(revealed, [RED, GREEN]);

    // A bluff: Yellow challenges first; Blue and Green are refused, and Yellow strikes.
    let mut g = game(morlock_setup_for(4, &[3, 5, 6, 8, 10]));
    play(&mut g, RED, "play 3L");
    play(&mut g, RED, "morlock none");
    let events = play(&mut g, YELLOW, "challenge");
    assert!(has(&events, |e| matches!(
        e,
        KomarnEvent::Challenged { fitting, .. } if fitting == &[10]
    )));
    refused_not_now(
        &mut g,
        &[
            (BLUE, "accept"),
            (BLUE, "challenge"),
            (GREEN, "accept"),
            (GREEN, "challenge"),
        ],
    );
    play(&mut g, RED, "morlock 10");
    assert_eq!(g.to_act(), ToAct::One(YELLOW));
    assert!(matches!(
        refuse(&mut g, GREEN, "challenge"),
        KomarnError::NotNow { .. }
    ));
    play(&mut g, YELLOW, "strike 5");
    assert!(!g.hand(RED).contains(&5));
    assert_eq!(g.to_act(), ToAct::One(BLUE));
}

/// The plays of `seat` without camps, as text.
fn plain_moves(g: &Komarn, seat: usize) -> Vec<String> {
    g.legal_moves(seat)
        .iter()
        .map(|m| m.to_string())
        .filter(|m| !m.contains("camp"))
        .collect()
}

#[test]
fn pass_is_refused_when_only_a_reinforcement_or_a_seduction_fits() {
    // §4.1: `pass` is allowed only when no number allows a recruit, chase, reinforcement or
    // seduction. Areas 1–5 are dead for Red, but Red's 8L can be reinforced on 7L or 9L.
    let mut g = game(blocked().hand(RED, &[1, 2, 3, 4, 5]).soldiers(RED, &["8L"]));
    let expected: Vec<String> = (1..=5)
        .flat_map(|n| [format!("play {n} @7L"), format!("play {n} @9L")])
        .collect();
    assert_eq!(plain_moves(&g, RED), expected);
    assert!(
        !g.legal_moves(RED)
            .iter()
            .any(|m| matches!(m, Move::Pass(_)))
    );
    assert_eq!(refuse(&mut g, RED, "pass 1"), KomarnError::CannotPass);
    assert_eq!(refuse(&mut g, RED, "pass 5"), KomarnError::CannotPass);

    // Only a seduction: Red holds the Hurenweibel (3R–4R with the maiden at P3R); camps on 2R
    // and 5R leave no field to reinforce; areas 20–24 have a camp on the left, Blue on the
    // right and a closed river.
    let mut g = game(
        seducer()
            .hand(RED, &[20, 21, 22, 23, 24])
            .camps_on(&["2R", "5R", "20L", "21L", "22L", "23L", "24L"])
            .soldiers(BLUE, &["20R", "21R", "22R", "23R", "24R"])
            .weibel(BLUE, "20R"),
    );
    assert_eq!(g.hurenweibel(), Some(RED));
    assert!((20..=24).all(|n| g.is_dead(RED, n)));
    let expected: Vec<String> = (20..=24).map(|n| format!("play {n}R")).collect();
    assert_eq!(plain_moves(&g, RED), expected);
    assert_eq!(refuse(&mut g, RED, "pass 20"), KomarnError::CannotPass);
    let events = play(&mut g, RED, "play 22R");
    assert!(matches!(
        &events[0],
        KomarnEvent::Played { kind: PlayKind::Seduce { field, .. }, .. } if *field == f("22R")
    ));
}

#[test]
fn final_payouts_pay_a_schilling_per_weibel_for_every_commanded_banner() {
    // §9: every commander is paid the value of *each* banner they command, each Weibel counting
    // 1 Schilling = 5 Heller (§2) instead of 1 Heller. Red commands three banners: 11L–12L
    // (2), 30F–31F (2) and 40F–42F (3); nobody holds a maiden.
    let mut g = game(
        Setup::new(3)
            .hand(RED, &[3, 21, 31, 41, 51])
            .hand(BLUE, &[20, 22, 32, 42, 52])
            .hand(GREEN, &[53, 23, 33, 43, 44])
            .soldiers(RED, &["11L", "12L", "30F", "31F", "40F", "41F", "42F"])
            .weibel(RED, "11L")
            .weibel(RED, "30F")
            .weibel(RED, "40F")
            .heller(RED, 4)
            .supply(RED, 1),
    );
    assert_eq!(g.weibel(RED), 3);
    let during: Vec<u32> = g.banners().iter().map(|b| b.value).collect();
    assert_eq!(during, [3, 3, 4], "in play a Weibel counts 1 Heller");
    play(&mut g, RED, "play 3L");
    assert!(g.last_round());
    play(&mut g, BLUE, "play 20L");
    play(&mut g, GREEN, "play 53L");
    assert_eq!(g.to_act(), ToAct::Nobody);
    let payouts: Vec<(u32, u32, u32, u32)> = g
        .final_payouts()
        .unwrap()
        .iter()
        .map(|p| (p.banners, p.weibel_bonus, p.hurenweibel, p.total))
        .collect();
    assert_eq!(payouts, [(7, 15, 0, 22), (0, 0, 0, 0), (0, 0, 0, 0)]);
    assert_eq!(g.heller(RED), 4 + 22);
    assert_eq!(g.outcome().unwrap().scores, [26, 0, 0]);
}

#[test]
fn a_number_whose_three_fields_are_all_taken_is_dead_and_may_reinforce() {
    // §4.1 Reinforce: "only with a number whose own area offers this player no recruit (all of
    // its fields taken …)". 12L and 12R Blue, 12F Green: area 12 offers Red nothing.
    let mut g = game(
        Setup::new(3)
            .hand(RED, &[12, 30, 40, 50, 51])
            .soldiers(RED, &["8L"])
            .soldiers(BLUE, &["12L", "12R"])
            .soldiers(GREEN, &["12F"])
            .weibel(BLUE, "12L"),
    );
    assert!(g.is_dead(RED, 12));
    for side in ["12L", "12F", "12R"] {
        assert!(matches!(
            refuse(&mut g, RED, &format!("play {side}")),
            KomarnError::Taken { .. }
        ));
    }
    let events = play(&mut g, RED, "play 12 @7L");
    assert!(matches!(
        &events[0],
        KomarnEvent::Played { number: 12, kind: PlayKind::Reinforce(field), .. }
            if *field == f("7L")
    ));
    assert_eq!(at(&g, "7L"), soldier(RED));
    assert_eq!(commands(&events), [("Red".into(), "7L".into(), 3)]);

    // With 12F still free (and open: both land fields hold soldiers) the number is not dead.
    let mut g = game(
        Setup::new(3)
            .hand(RED, &[12, 30, 40, 50, 51])
            .soldiers(RED, &["8L"])
            .soldiers(BLUE, &["12L", "12R"]),
    );
    assert!(!g.is_dead(RED, 12));
    assert!(matches!(
        refuse(&mut g, RED, "play 12 @7L"),
        KomarnError::NotDead { number: 12, example } if example == "play 12F"
    ));
}

#[test]
fn a_tower_stays_empty_when_the_single_weibel_owner_has_no_soldier() {
    // §6: the group beside P7R carries only Blue's Weibel, so Blue garrisons it; "if the
    // garrisoning player has no soldier in supply, the tower stays empty for the rest of the
    // game" — the placer does not step in.
    let mut g = game(
        Setup::new(3)
            .hand(RED, &[8, 20, 30, 40, 50])
            .hand(GREEN, &[7, 21, 31, 41, 51])
            .soldiers(BLUE, &["9R", "10R"])
            .weibel(BLUE, "9R")
            .supply(BLUE, 0),
    );
    let events = play(&mut g, RED, "play 8R");
    assert_eq!(towers(&events), [("P7R".into(), None)]);
    assert!(has(&events, |e| matches!(
        e,
        KomarnEvent::Tower { garrison: None, by, .. } if by.to_string() == "Blue"
    )));
    let tower = g.board().point(p("P7R"));
    assert!(tower.decided && tower.garrison.is_none());
    assert_eq!(g.supply(RED), 24, "Red places no second soldier");
    assert_eq!(g.supply(BLUE), 0);
    // Blue keeps command (2 to 1); the empty tower adds nothing: 3 fields + Weibel.
    assert_eq!(banner_at(&g, "8R"), Some((Some(BLUE), 4)));
    // Blue has no soldier and skips; Green's soldier on 7R does not decide the tower again.
    assert_eq!(g.to_act(), ToAct::One(GREEN));
    let events = play(&mut g, GREEN, "play 7R");
    assert!(towers(&events).is_empty());
    assert_eq!(g.board().point(p("P7R")).garrison, None);
}

/// The bag of `Komarn::new(players, _, seed)` before any hand was dealt, next draw first: the
/// setup replayed on the same seeded generator (turn order, points, bag). The replay is checked
/// against the game's turn order and points.
fn initial_draw_order(players: usize, seed: u64, g: &Komarn) -> Vec<Tile> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut order: Vec<usize> = (0..players).collect();
    order.shuffle(&mut rng);
    let mut tokens = PointKind::tokens();
    tokens.shuffle(&mut rng);
    let bag = Bag::full(&mut rng);
    assert_eq!(
        order,
        g.turn_order(),
        "the replay draws the same turn order"
    );
    let kinds: Vec<PointKind> = g.view(None).points.iter().map(|pv| pv.kind).collect();
    assert_eq!(tokens, kinds, "the replay draws the same points");
    bag.draw_order()
}

#[test]
fn a_morlock_or_the_strudel_drawn_at_setup_goes_back_and_the_player_draws_again() {
    // §3.2: "A Morlock or the Strudel drawn during setup goes back into the bag, the bag is
    // shuffled, and the player draws again until holding 5 numbers."
    let options = KomarnOptions::default();
    for players in [3, 4] {
        for special in [Tile::Morlock, Tile::Strudel] {
            let (seed, g, initial, first) = (0..500u64)
                .find_map(|seed| {
                    let g = Komarn::new(players, &options, seed).unwrap();
                    let initial = initial_draw_order(players, seed, &g);
                    let first = initial.iter().position(|t| !matches!(t, Tile::Number(_)))?;
                    (first < 5 * players && initial[first] == special)
                        .then_some((seed, g, initial, first))
                })
                .expect("a seed that draws the tile while dealing");
            let ctx = format!("{players} players, seed {seed}, {special} drawn as tile {first}");
            let drawn: Vec<u8> = initial[..first]
                .iter()
                .map(|t| match t {
                    Tile::Number(k) => *k,
                    other => panic!("{ctx}: {other} before the first special tile"),
                })
                .collect();
            // Hands are dealt in turn order; the seats before the drawer got the first numbers.
            let drawer = first / 5;
            let mut dealt = BTreeSet::new();
            for (i, seat) in g.turn_order().iter().enumerate() {
                let hand = g.hand(*seat);
                assert_eq!(hand.len(), 5, "{ctx}: five numbers");
                assert!(hand.iter().all(|k| (1..=54).contains(k)), "{ctx}");
                dealt.extend(hand.iter().copied());
                if i < drawer {
                    let mut expected = drawn[5 * i..5 * i + 5].to_vec();
                    expected.sort_unstable();
                    assert_eq!(hand, expected, "{ctx}: seat {seat}");
                } else if i == drawer {
                    // The drawer keeps what was drawn before the tile and fills up to five.
                    for k in &drawn[5 * drawer..] {
                        assert!(hand.contains(k), "{ctx}: {k} stays in the drawer's hand");
                    }
                }
            }
            assert_eq!(dealt.len(), 5 * players, "{ctx}: no number twice");
            // The tile went back: the bag holds every Morlock and the Strudel.
            let state = serde_json::to_value(&g).unwrap();
            let bag: Bag = serde_json::from_value(state["bag"].clone()).unwrap();
            let after = bag.draw_order();
            assert_eq!(after.len(), 58 - 5 * players, "{ctx}");
            assert_eq!(
                after.iter().filter(|t| **t == Tile::Morlock).count(),
                3,
                "{ctx}"
            );
            assert_eq!(
                after.iter().filter(|t| **t == Tile::Strudel).count(),
                1,
                "{ctx}"
            );
            let view = g.view(None);
            assert_eq!(view.morlocks_left, 3, "{ctx}");
            assert_eq!(view.bag_size, 58 - 5 * players, "{ctx}");
            assert!(view.discard.is_empty(), "{ctx}");
            // … and the bag was shuffled: the numbers left in it are no longer in their order.
            let numbers = |tiles: &[Tile]| -> Vec<u8> {
                tiles
                    .iter()
                    .filter_map(|t| match t {
                        Tile::Number(k) if !dealt.contains(k) => Some(*k),
                        _ => None,
                    })
                    .collect()
            };
            assert_ne!(
                numbers(&after),
                numbers(&initial),
                "{ctx}: the bag is shuffled"
            );
        }
    }
}
