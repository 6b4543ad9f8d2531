//! Every rule of `docs/rules/im-schutze-der-burg.md`, pinned: setup, the secret choice and its
//! secrecy, each card's resolution and the decisions of §15, payments (the §6 examples, the
//! default payment, silver as a joker), shortages (§10.1), helpers in the castle, the end
//! scoring of every helper space, the Palas and Markt conversions, each tie-break level, each
//! winter card, the 2-player rules, the early end, forfeits, and a conservation invariant over
//! random playouts. Every refused move is checked to leave the state unchanged.
//!
//! Positions are made with [`Burg::with_setup`] (fixed start player and winter deck) and the
//! `set_…` editing methods, which move pieces to and from the supply so totals stay intact.

use crate::support::rules::{mv, play, refuse};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use spieltisch::games::burg::scoring::{markt, palas};
use spieltisch::games::burg::{
    Burg, BurgError, BurgEvent, BurgOptions, BurgView, BuyWhy, Card, Color, FieldWhy, Move,
    PaymentError, Resource, Resources, SPACES, ScoreInput, Stage, Tile, WinterCard,
    default_payment, final_scores,
};
use spieltisch::games::{
    AnyGame, AnyOptions, Audience, EndReason, Forfeit, Game, GameKind, Seat, SetupError, Shown,
    ToAct,
};

// ---------------------------------------------------------------------------------------------
// Helpers.

fn res(sand: u8, wood: u8, clay: u8, stone: u8, silver: u8) -> Resources {
    Resources::new(sand, wood, clay, stone, silver)
}

fn summer(players: usize, start: Seat) -> Burg {
    Burg::with_setup(players, &BurgOptions::default(), start, Vec::new()).expect("setup")
}

fn winter(players: usize, start: Seat, deck: Vec<WinterCard>) -> Burg {
    Burg::with_setup(players, &BurgOptions { winter: true }, start, deck).expect("setup")
}

/// Every seat chooses its card(s): `cards[seat]`.
fn choose_all(g: &mut Burg, cards: &[&str]) -> Vec<BurgEvent> {
    let mut events = Vec::new();
    for (seat, card) in cards.iter().enumerate() {
        events.extend(play(g, seat, &format!("choose {card}")));
    }
    events
}

fn view(g: &Burg) -> BurgView {
    g.view(None)
}

fn pending_seat(g: &Burg) -> Option<Seat> {
    match g.to_act() {
        ToAct::One(s) => Some(s),
        _ => None,
    }
}

fn texts(events: &[BurgEvent]) -> Vec<String> {
    events.iter().map(|e| e.to_string()).collect()
}

fn field(g: &Burg, kind: Resource) -> Option<Seat> {
    view(g).fields[kind.index()].occupant
}

fn space_occupant(g: &Burg, id: &str) -> Option<Seat> {
    view(g)
        .buildings
        .iter()
        .flat_map(|b| b.spaces.iter())
        .find(|s| s.id == id)
        .and_then(|s| s.occupant)
}

fn built(g: &Burg, id: &str) -> bool {
    view(g)
        .buildings
        .iter()
        .find(|b| b.id == id)
        .expect("building")
        .built
}

#[test]
fn purchases_come_before_building() {
    let mut g = summer(3, 0);
    g.set_resources(0, res(8, 4, 2, 2, 0)).unwrap();
    g.set_taler(0, 20).unwrap();
    choose_all(&mut g, &["stonemason", "worker1", "messenger"]);
    assert!(g.legal_moves(0).contains(&mv("buy blue worker1 stone")));
    play(&mut g, 0, "build tower");
    assert!(built(&g, "T1") && !built(&g, "T2"));
    assert_eq!(refuse(&mut g, 0, "buy blue stone"), BurgError::BuyClosed);
    assert!(
        g.legal_moves(0)
            .iter()
            .all(|m| !matches!(m, Move::Buy { .. }))
    );
    play(&mut g, 0, "build tower");
    assert!(built(&g, "T2"));
    assert_eq!(refuse(&mut g, 0, "build tower"), BurgError::TwoBuilds);
}

/// The pieces of the whole game, wherever they are (final Palas conversions included).
fn pieces_everywhere(v: &BurgView) -> Resources {
    let mut total = v.supply.plus(v.wehrturm);
    total.silver += v.schmiede;
    for p in &v.players {
        total = total.plus(p.resources);
        for (_, on) in &p.arbeiter {
            total = total.plus(*on);
        }
    }
    for s in v.final_scores.iter().flatten() {
        total = total.plus(s.converted);
    }
    total
}

fn check_invariants(g: &Burg) {
    let v = view(g);
    assert_eq!(
        pieces_everywhere(&v),
        Resources::TOTALS,
        "pieces are conserved"
    );
    let helpers = if v.players.len() == 2 { 7 } else { 6 };
    for p in &v.players {
        let on_fields = v
            .fields
            .iter()
            .filter(|f| f.occupant == Some(p.seat))
            .count() as u8;
        let in_castle = v
            .buildings
            .iter()
            .flat_map(|b| b.spaces.iter())
            .filter(|s| s.occupant == Some(p.seat))
            .count() as u8;
        assert_eq!(in_castle, p.helpers_in_castle);
        assert_eq!(
            p.helpers_in_supply + on_fields + in_castle,
            helpers,
            "seat {}'s helpers are accounted for",
            p.seat
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Setup (§2, §3).

#[test]
fn setup_follows_section_3() {
    for (players, rounds, helpers) in [(2, 12, 7), (3, 15, 6), (4, 12, 6)] {
        let g = summer(players, 1);
        let v = view(&g);
        assert_eq!(v.rounds, rounds);
        assert_eq!(v.round, 1);
        assert_eq!(v.start_player, 1);
        assert_eq!(v.stage, Stage::Choosing);
        let n = players as u8;
        assert_eq!(v.supply, res(19 - n, 17 - n, 14, 14, 14));
        assert_eq!(v.wehrturm, res(1, 1, 1, 1, 1));
        assert_eq!(v.schmiede, 0);
        assert_eq!(v.buildings.len(), 25);
        assert_eq!(v.buildings.iter().filter(|b| b.built).count(), 2);
        assert_eq!(v.buildings.iter().flat_map(|b| b.spaces.iter()).count(), 15);
        for p in &v.players {
            // The start player has taken the round Taler.
            assert_eq!(p.taler, if p.seat == 1 { 4 } else { 3 });
            assert_eq!(p.resources, res(1, 1, 0, 0, 0));
            assert_eq!(p.helpers_in_supply, helpers);
            assert_eq!(p.hand.len(), 8);
            assert!(p.played.is_empty());
            assert_eq!(p.vp, 0);
        }
        check_invariants(&g);
        assert_eq!(g.to_act(), ToAct::Many((0..players).collect()));
    }
}

#[test]
fn new_is_seeded_and_checks_the_player_count() {
    let starts: std::collections::BTreeSet<Seat> = (0..40)
        .map(|seed| view(&Burg::new(4, &BurgOptions::default(), seed).unwrap()).start_player)
        .collect();
    assert!(starts.len() > 1, "the start player is random");
    let a = Burg::new(3, &BurgOptions { winter: true }, 7).unwrap();
    assert_eq!(a, Burg::new(3, &BurgOptions { winter: true }, 7).unwrap());
    for bad in [1, 5] {
        assert!(matches!(
            Burg::new(bad, &BurgOptions::default(), 1),
            Err(SetupError::PlayerCount { got, .. }) if got == bad
        ));
    }
    let w = view(&a).winter.expect("winter");
    assert_eq!(w.left, 6);
    assert!(w.revealed.is_empty());
    assert_eq!(w.rounds, vec![2, 3, 5, 7, 10, 12]);
    assert!(
        view(&Burg::new(2, &BurgOptions::default(), 1).unwrap())
            .winter
            .is_none()
    );
}

#[test]
fn registered_in_the_enum() {
    for word in [
        "burg",
        "schutzderburg",
        "koningsburcht",
        "imschutzederburg",
        "castle",
        "BURG",
    ] {
        assert_eq!(GameKind::from_word(word), Some(GameKind::Burg), "{word}");
    }
    let mut options = GameKind::Burg.default_options();
    options.set("winter").unwrap();
    assert_eq!(options, AnyOptions::Burg(BurgOptions { winter: true }));
    assert_eq!(options.words(), vec!["winter"]);
    assert!(
        GameKind::Burg
            .option_help()
            .iter()
            .any(|(w, _)| *w == "winter")
    );
    let mut g = AnyGame::new(&options, 3, 5).unwrap();
    assert_eq!(g.kind(), GameKind::Burg);
    let seat = 0;
    assert!(!g.choice_audience(seat).is_public());
    // Case-insensitive, any language, canonical text in the log.
    let played = g.play(seat, "CHOOSE Bote").unwrap();
    assert_eq!(played.text, "choose messenger");
    assert!(
        !g.choice_audience(seat).is_public(),
        "a change of the choice is secret too"
    );
    assert!(g.may_act(seat));
    assert!(
        g.play(seat, "choose bote").is_ok(),
        "the choice may be changed"
    );
    assert!(spieltisch::games::GameKind::Burg.rules().contains("[EC]"));
}

// ---------------------------------------------------------------------------------------------
// The secret choice (§4.2) and its secrecy.

#[test]
fn choices_are_secret_until_everybody_has_chosen() {
    let mut g = summer(3, 0);
    let secret = |g: &Burg, seat: Seat| g.audience(Shown::Choice(seat)) == Audience::Seat(seat);
    assert!(secret(&g, 0) && secret(&g, 1) && secret(&g, 2));
    let events = play(&mut g, 1, "choose mason");
    // A private confirmation and a public note that says only who has chosen.
    let private: Vec<&BurgEvent> = events
        .iter()
        .filter(|e| !g.audience(Shown::Event(e)).is_public())
        .collect();
    assert_eq!(private.len(), 1);
    assert_eq!(g.audience(Shown::Event(private[0])), Audience::Seat(1));
    assert!(private[0].to_string().contains("Maurer"));
    for e in events
        .iter()
        .filter(|e| g.audience(Shown::Event(e)).is_public())
    {
        assert_eq!(e.to_string(), "Blue has chosen (1 of 3).");
    }
    assert_eq!(g.to_act(), ToAct::Many(vec![0, 2]));
    assert!(secret(&g, 1), "a changed choice is secret too");
    assert!(
        g.may_act(1),
        "a choice may be changed until everybody has chosen"
    );
    assert!(g.legal_moves(1).is_empty());
    // His own view shows it; nobody else's does, nor the transcript or the prompt.
    assert_eq!(g.view(Some(1)).players[1].chosen, vec![Card::Maurer]);
    for viewer in [None, Some(0), Some(2)] {
        let v = g.view(viewer);
        assert!(v.players[1].has_chosen);
        assert!(v.players[1].chosen.is_empty());
        assert!(v.players[1].hand.contains(&Card::Maurer));
    }
    assert!(!g.transcript().to_lowercase().contains("mason"));
    assert!(!g.prompt().unwrap().contains("Maurer"));
    // A second choice replaces the first (§15.11); the public only learns that it changed.
    let events = play(
        &mut g,
        1,
        "choose builder_or_error"
            .replace("builder_or_error", "stonemason")
            .as_str(),
    );
    let public: Vec<String> = events
        .iter()
        .filter(|e| g.audience(Shown::Event(e)).is_public())
        .map(|e| e.to_string())
        .collect();
    assert_eq!(public, ["Blue has changed their choice."]);
    assert_eq!(g.view(Some(1)).players[1].chosen, vec![Card::Steinmetz]);
    assert!(g.view(Some(0)).players[1].chosen.is_empty());
    play(&mut g, 0, "choose messenger");
    let events = play(&mut g, 2, "choose messenger");
    let all = texts(&events).join(" ");
    assert!(
        all.contains("Cards revealed: Red Bote, Blue Steinmetz, Green Bote."),
        "{all}"
    );
    let v = view(&g);
    assert_eq!(v.players[1].played, vec![Card::Steinmetz]);
    assert!(!v.players[1].hand.contains(&Card::Steinmetz));
    assert!(g.transcript().contains("Blue stonemason"));
}

/// What other seats see cannot depend on a secret choice: views, prompt, transcript, public
/// events and the errors of other seats are identical whatever was chosen.
#[test]
fn no_view_for_player_a_reveals_b_s_secret_choice() {
    let observe = |card: &str| {
        let mut g = summer(3, 0);
        let events = play(&mut g, 2, &format!("choose {card}"));
        let public: Vec<String> = events
            .iter()
            .filter(|e| g.audience(Shown::Event(e)) != Audience::Seat(2))
            .map(|e| e.to_string())
            .collect();
        let views: Vec<String> = [None, Some(0), Some(1)]
            .into_iter()
            .map(|v| serde_json::to_string(&g.view(v)).unwrap())
            .collect();
        let errors: Vec<String> = ["take stone", "choose builder", "done"]
            .iter()
            .map(|t| g.clone().apply(0, &mv(t)).unwrap_err().to_string())
            .collect();
        // Changing the choice tells the others only that it changed.
        let again: Vec<String> = g
            .clone()
            .apply(2, &mv("choose trader"))
            .unwrap()
            .iter()
            .filter(|e| g.audience(Shown::Event(e)) != Audience::Seat(2))
            .map(|e| e.to_string())
            .collect();
        (
            public,
            views,
            g.prompt(),
            g.transcript(),
            g.to_act(),
            errors,
            again,
        )
    };
    let base = observe("mason");
    for card in ["messenger", "trader", "stonemason", "worker1", "worker3"] {
        assert_eq!(observe(card), base, "choosing {card} shows");
    }
}

#[test]
fn bad_choices_are_refused() {
    let mut g = summer(3, 0);
    assert_eq!(
        refuse(&mut g, 0, "choose builder"),
        BurgError::BaumeisterTooEarly
    );
    assert_eq!(
        refuse(&mut g, 0, "choose mason messenger"),
        BurgError::CardCount { need: 1 }
    );
    assert!(matches!(
        refuse(&mut g, 0, "take stone"),
        BurgError::ChooseFirst(false)
    ));
    assert_eq!(refuse(&mut g, 7, "choose mason"), BurgError::NoSuchSeat(7));
    g.set_played(0, &[Card::Maurer, Card::Bote]).unwrap();
    assert_eq!(
        refuse(&mut g, 0, "choose mason"),
        BurgError::CardPlayed(Card::Maurer)
    );
    // With a card face up the Baumeister is fine.
    play(&mut g, 0, "choose builder");
    let legal = g.legal_moves(1);
    assert_eq!(legal.len(), 7, "seven cards, no Baumeister: {legal:?}");
    assert!(!legal.contains(&mv("choose builder")));
}

// ---------------------------------------------------------------------------------------------
// Resolution, card by card (§5).

#[test]
fn bote_brings_eight_taler_automatically() {
    let mut g = summer(3, 0);
    let events = choose_all(&mut g, &["messenger", "messenger", "messenger"]);
    assert!(
        texts(&events)
            .iter()
            .any(|t| t == "Red's Bote brings 8 Taler (Red has 12).")
    );
    let v = view(&g);
    // The whole round ran by itself: round 2, Blue starts (+1 Taler).
    assert_eq!(v.round, 2);
    assert_eq!(v.start_player, 1);
    assert_eq!(
        v.players.iter().map(|p| p.taler).collect::<Vec<_>>(),
        vec![12, 12, 11]
    );
}

#[test]
fn haendler_places_on_free_carts_first_then_reiter_or_displaces() {
    let mut g = summer(4, 0);
    // Blue holds the sand, wood and clay carts from earlier rounds; Green the stone cart.
    g.set_field(Resource::Sand, Some(1)).unwrap();
    g.set_field(Resource::Wood, Some(1)).unwrap();
    g.set_field(Resource::Clay, Some(1)).unwrap();
    choose_all(&mut g, &["trader", "trader", "trader", "trader"]);
    // Red: only the free stone cart.
    assert_eq!(pending_seat(&g), Some(0));
    assert_eq!(g.legal_moves(0), vec![mv("place stone"), mv("pass")]);
    assert_eq!(
        refuse(&mut g, 0, "place silver"),
        BurgError::Field {
            field: Resource::Silver,
            reason: FieldWhy::ReiterClosed(vec![Resource::Stone])
        }
    );
    assert_eq!(
        refuse(&mut g, 0, "place sand"),
        BurgError::Field {
            field: Resource::Sand,
            reason: FieldWhy::CartFree(vec![Resource::Stone])
        }
    );
    assert!(matches!(refuse(&mut g, 0, "done"), BurgError::WrongMove(_)));
    assert!(matches!(
        refuse(&mut g, 1, "pass"),
        BurgError::NotYourTurn {
            color: Color::Red,
            ..
        }
    ));
    play(&mut g, 0, "place stone");
    // Blue: all carts full; the Reiter is free; Red's stone helper is fresh; his own are his.
    assert_eq!(g.legal_moves(1), vec![mv("place silver"), mv("pass")]);
    assert_eq!(
        refuse(&mut g, 1, "place stone"),
        BurgError::Field {
            field: Resource::Stone,
            reason: FieldWhy::Fresh(Color::Red)
        }
    );
    assert_eq!(
        refuse(&mut g, 1, "place sand"),
        BurgError::Field {
            field: Resource::Sand,
            reason: FieldWhy::OwnHelper
        }
    );
    play(&mut g, 1, "place silver");
    // Green: may displace Blue's old cart helpers, not the fresh ones.
    assert_eq!(
        g.legal_moves(2),
        vec![
            mv("place sand"),
            mv("place wood"),
            mv("place clay"),
            mv("pass")
        ]
    );
    let events = play(&mut g, 2, "place wood");
    assert!(texts(&events)[0].contains("sending Blue's helper home"));
    // Yellow passes; then the income comes (once, after the last Händler).
    let events = play(&mut g, 3, "pass");
    let income = events
        .iter()
        .find_map(|e| match e {
            BurgEvent::Income { lines } => Some(lines.clone()),
            _ => None,
        })
        .expect("income after the last Händler");
    assert_eq!(
        income,
        vec![
            (Color::Blue, Resource::Sand, 4, true),
            (Color::Green, Resource::Wood, 3, true),
            (Color::Blue, Resource::Clay, 2, true),
            (Color::Red, Resource::Stone, 2, true),
            (Color::Blue, Resource::Silver, 2, true),
        ]
    );
    let v = view(&g);
    // Blue: 1 sand +3, 1 wood, 1 clay, 1 silver net of tribute.
    assert_eq!(v.players[1].resources, res(4, 1, 1, 0, 1));
    assert_eq!(v.players[1].helpers_in_supply, 6 - 3 - 1 + 1);
    assert_eq!(v.wehrturm, res(2, 2, 2, 2, 2));
    check_invariants(&g);
}

#[test]
fn income_goes_to_every_field_helper_but_only_after_a_haendler() {
    // No Händler: no income.
    let mut g = summer(3, 0);
    g.set_field(Resource::Sand, Some(2)).unwrap();
    choose_all(&mut g, &["messenger", "messenger", "messenger"]);
    assert_eq!(view(&g).players[2].resources, res(1, 1, 0, 0, 0));
    // A Händler who passes still triggers the income for everybody, Green included.
    let mut g = summer(3, 0);
    g.set_field(Resource::Sand, Some(2)).unwrap();
    g.set_field(Resource::Wood, Some(2)).unwrap();
    g.set_field(Resource::Clay, Some(2)).unwrap();
    g.set_field(Resource::Stone, Some(2)).unwrap();
    g.set_field(Resource::Silver, Some(2)).unwrap();
    choose_all(&mut g, &["trader", "messenger", "messenger"]);
    // Red has a helper but every field holds Green's non-fresh helper: he may displace.
    play(&mut g, 0, "pass");
    let v = view(&g);
    assert_eq!(v.players[2].resources, res(1 + 3, 1 + 2, 1, 1, 1));
    assert_eq!(v.wehrturm, res(2, 2, 2, 2, 2));
}

#[test]
fn haendler_without_a_helper_passes_by_itself() {
    let mut g = summer(3, 0);
    for field in [Resource::Sand, Resource::Wood, Resource::Clay] {
        g.set_field(field, Some(0)).unwrap();
    }
    for space in ["MA6a", "MA6b", "SM10"] {
        g.set_helper(space, 0).unwrap();
    }
    assert_eq!(view(&g).players[0].helpers_in_supply, 0);
    let events = choose_all(&mut g, &["trader", "messenger", "messenger"]);
    assert!(
        texts(&events)
            .iter()
            .any(|t| t == "Red's Händler places nothing (no helper in the supply).")
    );
    // And the income still came.
    assert!(events.iter().any(|e| matches!(e, BurgEvent::Income { .. })));
}

#[test]
fn maurer_takes_builds_for_taler_and_places_helpers() {
    let mut g = summer(3, 0);
    g.set_wehrturm(res(1, 1, 3, 1, 1)).unwrap();
    g.set_resources(0, res(4, 3, 2, 2, 1)).unwrap();
    g.set_taler(0, 20).unwrap();
    choose_all(&mut g, &["mason", "messenger", "messenger"]);
    assert_eq!(pending_seat(&g), Some(0));
    let v = view(&g);
    assert_eq!(v.step, Some(Card::Maurer));
    assert!(v.pending.unwrap().what.contains("take"));
    // `take` first, all five kinds legal.
    assert_eq!(g.legal_moves(0).len(), 5);
    assert!(matches!(
        refuse(&mut g, 0, "build tower"),
        BurgError::WrongMove(_)
    ));
    assert!(matches!(refuse(&mut g, 0, "done"), BurgError::WrongMove(_)));
    play(&mut g, 0, "take clay");
    assert_eq!(view(&g).players[0].resources, res(4, 3, 5, 2, 1));
    assert_eq!(view(&g).wehrturm, res(1, 1, 0, 1, 1));
    assert_eq!(
        refuse(&mut g, 0, "helper SM10"),
        BurgError::HelperNeedsBuild
    );
    // A house with a silver as stone: 4 pieces, 4 Taler, no VP; the silver to the Schmiede.
    let events = play(
        &mut g,
        0,
        "build house pay 1 sand 1 wood 1 clay 1 silver as stone",
    );
    assert!(
        texts(&events)[0]
            .contains("builds Haus 1 (H1) paying 1 sand 1 wood 1 clay 1 silver as stone: 4 Taler"),
        "{:?}",
        texts(&events)
    );
    let v = view(&g);
    assert_eq!(v.players[0].taler, 24);
    assert_eq!(v.players[0].vp, 0);
    assert_eq!(v.schmiede, 1);
    assert_eq!(v.buildings[11].built_by, Some(0));
    // The Taler pay a helper's fee in the same action.
    play(&mut g, 0, "helper SM10");
    assert_eq!(view(&g).players[0].taler, 14);
    assert_eq!(refuse(&mut g, 0, "build tower"), BurgError::BuildClosed);
    assert_eq!(
        refuse(&mut g, 0, "helper SM6"),
        BurgError::SameBuilding("Schmiede")
    );
    play(&mut g, 0, "done");
    assert_eq!(view(&g).round, 2);
    check_invariants(&g);
}

#[test]
fn maurer_may_take_a_kind_that_is_not_there() {
    let mut g = summer(3, 0);
    g.set_wehrturm(res(1, 1, 0, 1, 1)).unwrap();
    choose_all(&mut g, &["mason", "messenger", "messenger"]);
    // Taking nothing is allowed; with 1 sand 1 wood nothing can be built: the action ends.
    let events = play(&mut g, 0, "take clay");
    let t = texts(&events);
    assert!(t[0].contains("takes 0 clay"), "{t:?}");
    assert!(t.iter().any(|x| x == "Red's Maurer is done."));
}

#[test]
fn steinmetz_buys_one_piece_per_card_then_builds_for_full_vp() {
    let mut g = summer(4, 0);
    g.set_resources(0, res(1, 1, 0, 1, 0)).unwrap();
    g.set_taler(0, 2).unwrap();
    choose_all(&mut g, &["stonemason", "worker1", "worker2", "worker3"]);
    // Yellow fills his Arbeiter III (the first decision after the reveal).
    assert_eq!(pending_seat(&g), Some(3));
    assert_eq!(view(&g).step, Some(Card::Arbeiter3));
    assert_eq!(
        refuse(&mut g, 3, "fill clay"),
        BurgError::FillCount {
            need: 2,
            example: "fill sand sand".into()
        }
    );
    play(&mut g, 3, "fill clay clay");
    let v = view(&g);
    assert_eq!(
        v.players[1].arbeiter,
        vec![(Card::Arbeiter1, res(1, 0, 1, 1, 0))]
    );
    assert_eq!(
        v.players[2].arbeiter,
        vec![(Card::Arbeiter2, res(0, 1, 1, 0, 1))]
    );
    assert_eq!(
        v.players[3].arbeiter,
        vec![(Card::Arbeiter3, res(0, 0, 2, 1, 0))]
    );
    assert_eq!(pending_seat(&g), Some(0));
    assert!(g.legal_moves(0).contains(&mv("buy blue worker1 clay")));
    play(&mut g, 0, "buy blue clay");
    // Blue's one card has sold its piece for this Steinmetz (and keeps its last one).
    assert_eq!(
        refuse(&mut g, 0, "buy blue sand"),
        BurgError::Buy {
            from: Color::Blue,
            kind: Resource::Sand,
            reason: BuyWhy::NoneCanSell(vec![(Card::Arbeiter1, res(1, 0, 0, 1, 0))])
        }
    );

    play(&mut g, 0, "buy green wood");
    // Out of Taler.
    assert_eq!(refuse(&mut g, 0, "buy yellow clay"), BurgError::NoTaler);
    // 1 sand 2 wood 1 clay 1 stone: the default payment for a wall is 1 sand 1 wood 1 stone.
    let events = play(&mut g, 0, "build wall");
    assert!(texts(&events)[0].contains("paying 1 sand 1 wood 1 stone: 6 VP"));
    // Nothing more to do for Red (no Taler for a fee): his action ended by itself.
    assert_eq!(view(&g).players[0].vp, 6);
    // Each Arbeiter collects what is left and may build: Blue could build a wall.
    assert_eq!(pending_seat(&g), Some(1));
    assert_eq!(view(&g).players[1].resources, res(2, 1, 0, 1, 0));
    play(&mut g, 1, "done");
    assert_eq!(view(&g).players[2].resources, res(1, 1, 1, 0, 1));
    check_invariants(&g);
}

#[test]
fn the_last_piece_on_a_card_is_protected() {
    let mut g = summer(3, 0);
    g.set_taler(0, 5).unwrap();
    // Red can build a tower, so his action stays open.
    g.set_resources(0, res(4, 1, 1, 0, 0)).unwrap();
    // Leave 1 clay and no stone in the supply: Blue's Arbeiter I gets sand + clay.
    g.set_resources(2, res(1, 1, 12, 14, 0)).unwrap();
    let events = choose_all(&mut g, &["stonemason", "worker1", "messenger"]);
    assert!(
        texts(&events)
            .iter()
            .any(|t| t == "Blue's Arbeiter I is filled with 1 sand, 1 clay (missing from the supply: 1 stone)."),
        "{:?}",
        texts(&events)
    );
    play(&mut g, 0, "buy blue sand");
    // One piece left on the card: it is protected.
    let v = view(&g);
    assert_eq!(
        v.players[1].arbeiter,
        vec![(Card::Arbeiter1, res(0, 0, 1, 0, 0))]
    );
    assert!(
        g.legal_moves(0)
            .iter()
            .all(|m| !matches!(m, Move::Buy { .. }))
    );
}

#[test]
fn arbeiter_collects_builds_for_half_vp_and_places_no_helpers() {
    let mut g = summer(3, 0);
    g.set_resources(0, res(12, 5, 5, 5, 0)).unwrap();
    choose_all(&mut g, &["worker1", "messenger", "messenger"]);
    assert_eq!(pending_seat(&g), Some(0));
    // Collected 1 sand 1 clay 1 stone.
    assert_eq!(view(&g).players[0].resources, res(13, 5, 6, 6, 0));
    let before = g.clone();
    play(&mut g, 0, "build great-gate");
    assert_eq!(view(&g).players[0].vp, 5);
    // No helpers: the only moves left are builds and done.
    assert!(
        g.legal_moves(0)
            .iter()
            .all(|m| matches!(m, Move::Build { .. } | Move::Done))
    );
    let mut g = before;
    play(&mut g, 0, "build tower");
    assert_eq!(view(&g).players[0].vp, 4);
    assert_eq!(
        refuse(&mut g, 0, "helper SM10"),
        BurgError::ArbeiterNoHelpers
    );
}

#[test]
fn baumeister_scores_others_buildings_and_takes_the_cards_back() {
    let mut g = summer(3, 0);
    g.set_played(2, &[Card::Bote, Card::Haendler]).unwrap();
    g.set_resources(0, res(6, 4, 2, 2, 0)).unwrap();
    g.set_resources(1, res(6, 4, 2, 2, 0)).unwrap();
    choose_all(&mut g, &["stonemason", "mason", "builder"]);
    play(&mut g, 1, "take stone");
    play(&mut g, 1, "build tower");
    play(&mut g, 1, "build tower");
    play(&mut g, 1, "done");
    play(&mut g, 0, "build wall");
    let events = play(&mut g, 0, "done");
    assert!(
        texts(&events)
            .iter()
            .any(|t| t.starts_with("Green's Baumeister: 3 buildings by others this round, 15 VP"))
    );
    let v = view(&g);
    assert_eq!(v.players[2].vp, 15);
    assert!(v.players[2].played.is_empty());
    assert_eq!(v.players[2].hand.len(), 8);
}

// ---------------------------------------------------------------------------------------------
// Payments (§6, §14, §15.9–10).

#[test]
fn payments_spec_examples_and_refusals() {
    let mut g = summer(3, 0);
    g.set_resources(0, res(3, 2, 2, 1, 2)).unwrap();
    g.set_taler(0, 0).unwrap();
    choose_all(&mut g, &["stonemason", "messenger", "messenger"]);
    // §6 example 2: 2 sand, 1 wood, 1 silver as wood — only two kinds.
    assert_eq!(
        refuse(&mut g, 0, "build wall pay 2 sand 1 wood 1 silver as wood"),
        BurgError::Payment {
            tile: Tile::Wall,
            error: PaymentError::Kinds {
                kinds: vec![Resource::Sand, Resource::Wood]
            }
        }
    );
    // Wrong value.
    assert_eq!(
        refuse(&mut g, 0, "build wall pay 1 sand 1 wood 1 clay"),
        BurgError::Payment {
            tile: Tile::Wall,
            error: PaymentError::Value { value: 8, paid: 7 }
        }
    );
    // Pieces he does not hold.
    assert_eq!(
        refuse(
            &mut g,
            0,
            "build tower pay 1 sand 2 stone 1 silver as sand 1 clay",
        ),
        BurgError::Payment {
            tile: Tile::Tower,
            error: PaymentError::Missing {
                kind: Resource::Stone,
                need: 2,
                have: 1
            }
        }
    );
    // Overpayment is no payment.
    assert_eq!(
        refuse(&mut g, 0, "build wall pay 1 sand 2 wood 1 clay"),
        BurgError::Payment {
            tile: Tile::Wall,
            error: PaymentError::Value { value: 8, paid: 9 }
        }
    );
    // §6 example 1: a house for 1 sand 1 wood 1 clay 1 silver as stone.
    play(
        &mut g,
        0,
        "build house pay 1 sand 1 wood 1 clay 1 silver as stone",
    );
    let v = view(&g);
    assert_eq!(v.players[0].vp, 10);
    assert_eq!(v.schmiede, 1);
    assert_eq!(v.players[0].resources, res(2, 1, 1, 1, 1));
    check_invariants(&g);
}

#[test]
fn the_default_payment_and_what_is_missing() {
    // Fewest silver; then most sand, wood, clay, stone; then silver declared low.
    let p = default_payment(12, &res(9, 5, 5, 5, 5)).unwrap();
    assert_eq!(p.to_string(), "6 sand 1 wood 1 clay");
    // A sixth sand would need a silver: no silver comes first.
    let p = default_payment(12, &res(5, 5, 5, 5, 5)).unwrap();
    assert_eq!(p.to_string(), "5 sand 1 wood 1 stone");
    let p = default_payment(12, &res(1, 1, 1, 0, 1)).unwrap();
    assert_eq!(p.to_string(), "1 sand 1 wood 1 clay 1 silver as stone");
    let p = default_payment(8, &res(0, 1, 1, 0, 2)).unwrap();
    assert_eq!(p.to_string(), "1 wood 1 clay 2 silver as sand");
    assert!(default_payment(8, &res(0, 0, 2, 0, 2)).is_none());
    // `build <tile>` uses it; with no payment possible the reply says what is missing.
    let mut g = summer(3, 0);
    g.set_resources(0, res(1, 1, 1, 0, 1)).unwrap();
    choose_all(&mut g, &["stonemason", "messenger", "messenger"]);
    assert!(g.legal_moves(0).contains(&mv("build house")));
    assert!(!g.legal_moves(0).contains(&mv("build palas")));
    let err = refuse(&mut g, 0, "build palas");
    assert!(
        matches!(
            err,
            BurgError::Payment {
                tile: Tile::Palas,
                error: PaymentError::Impossible { .. }
            }
        ),
        "{err:?}"
    );
    // What is missing is worked out for the words.
    assert!(err.to_string().contains("missing 18 in value"), "{err}");
    let events = play(&mut g, 0, "build house");
    assert!(texts(&events)[0].contains("paying 1 sand 1 wood 1 clay 1 silver as stone"));
    assert!(
        g.transcript()
            .contains("Red: build house pay 1 sand 1 wood 1 clay 1 silver as stone")
    );
    let err = PaymentError::Impossible {
        value: 10,
        holding: res(4, 3, 0, 0, 0),
    };
    assert!(err.to_string().contains("missing 1 more kind"), "{err}");
}

#[test]
fn three_kinds_counts_silver_as_its_declared_kind_only() {
    let mut g = summer(3, 0);
    g.set_resources(0, res(4, 1, 0, 0, 3)).unwrap();
    choose_all(&mut g, &["stonemason", "messenger", "messenger"]);
    // Sand, wood and silver are only two kinds unless the silver stands for a third.
    assert_eq!(
        refuse(&mut g, 0, "build wall pay 4 sand 1 wood 1 silver as wood"),
        BurgError::Payment {
            tile: Tile::Wall,
            error: PaymentError::Kinds {
                kinds: vec![Resource::Sand, Resource::Wood]
            }
        }
    );
    play(&mut g, 0, "build wall pay 2 sand 1 wood 1 silver as clay");
    assert_eq!(view(&g).schmiede, 1);
}

// ---------------------------------------------------------------------------------------------
// Shortages (§10.1).

#[test]
fn income_pays_what_the_supply_has_and_no_tribute_for_nothing() {
    let mut g = summer(3, 0);
    g.set_field(Resource::Clay, Some(1)).unwrap();
    g.set_field(Resource::Stone, Some(1)).unwrap();
    // Green holds every clay but one and every stone of the supply.
    g.set_resources(2, res(1, 1, 13, 14, 0)).unwrap();
    assert_eq!(view(&g).supply.clay, 1);
    assert_eq!(view(&g).supply.stone, 0);
    choose_all(&mut g, &["trader", "messenger", "messenger"]);
    play(&mut g, 0, "place sand");
    let v = view(&g);
    // Clay: 1 received, 1 tribute; stone: nothing, no tribute.
    assert_eq!(v.players[1].resources, res(1, 1, 0, 0, 0));
    assert_eq!(v.wehrturm, res(2, 1, 2, 1, 1));
    check_invariants(&g);
}

#[test]
fn arbeiter_fill_skips_missing_pieces_and_limits_the_choices() {
    let mut g = summer(3, 0);
    // The supply keeps 1 sand, 0 wood, 0 clay, 0 stone.
    g.set_resources(2, res(16, 15, 14, 14, 0)).unwrap();
    let v = view(&g);
    assert_eq!(v.supply, res(1, 0, 0, 0, 14));
    let events = choose_all(&mut g, &["worker1", "worker3", "messenger"]);
    let t = texts(&events);
    // Red's Arbeiter I (filled first): sand only.
    assert!(
        t.contains(
            &"Red's Arbeiter I is filled with 1 sand (missing from the supply: 1 clay, 1 stone)."
                .to_string()
        ),
        "{t:?}"
    );
    // Blue's Arbeiter III: no stone, nothing to choose: no command asked, the round ran out.
    assert!(
        t.contains(
            &"Blue's Arbeiter III is filled with nothing (missing from the supply: 1 stone)."
                .to_string()
        ),
        "{t:?}"
    );
    assert_eq!(view(&g).round, 2);

    // One choice left: name 1 piece, the one the supply has.
    let mut g = summer(3, 0);
    g.set_resources(2, res(17, 14, 14, 13, 0)).unwrap();
    assert_eq!(view(&g).supply, res(0, 1, 0, 1, 14));
    choose_all(&mut g, &["messenger", "worker3", "messenger"]);
    assert_eq!(pending_seat(&g), Some(1));
    assert_eq!(g.legal_moves(1), vec![mv("fill wood")]);
    assert!(matches!(
        refuse(&mut g, 1, "fill sand"),
        BurgError::FillShort { .. }
    ));
    assert!(matches!(
        refuse(&mut g, 1, "fill wood wood"),
        BurgError::FillCount { need: 1, .. }
    ));
    play(&mut g, 1, "fill wood");
    // Collected in the Arbeiter step: stone + wood; with them a tower is possible.
    assert_eq!(view(&g).players[1].resources, res(1, 2, 0, 1, 0));
    assert_eq!(pending_seat(&g), Some(1));
}

#[test]
fn arbeiter_three_choices_may_repeat_and_are_checked_one_by_one() {
    let mut g = summer(3, 0);
    g.set_resources(2, res(1, 1, 13, 0, 0)).unwrap();
    assert_eq!(view(&g).supply.clay, 1);
    choose_all(&mut g, &["worker3", "messenger", "messenger"]);
    let legal = g.legal_moves(0);
    assert!(legal.contains(&mv("fill sand sand")));
    assert!(legal.contains(&mv("fill clay sand")));
    assert!(!legal.contains(&mv("fill clay clay")));
    assert_eq!(
        refuse(&mut g, 0, "fill clay clay"),
        BurgError::FillShort {
            kind: Resource::Clay,
            have: 1
        }
    );
    play(&mut g, 0, "fill sand sand");
}

// ---------------------------------------------------------------------------------------------
// Helpers in the castle (§7).

#[test]
fn helper_placement_rules() {
    let mut g = summer(3, 0);
    g.set_resources(0, res(10, 5, 5, 5, 0)).unwrap();
    g.set_taler(0, 30).unwrap();
    g.set_field(Resource::Wood, Some(0)).unwrap();
    g.set_helper("SM10", 1).unwrap();
    choose_all(&mut g, &["stonemason", "messenger", "messenger"]);
    play(&mut g, 0, "build tavern");
    // A space on an unbuilt building, an occupied one, a field he does not hold.
    let err = refuse(&mut g, 0, "helper PA17a");
    assert_eq!(
        err,
        BurgError::SpaceUnbuilt {
            space: "PA17a",
            building: "Palas"
        }
    );
    assert_eq!(
        refuse(&mut g, 0, "helper SM10"),
        BurgError::SpaceOccupied {
            space: "SM10",
            by: Color::Blue
        }
    );
    assert_eq!(
        refuse(&mut g, 0, "helper SM6 from sand"),
        BurgError::NotOnField(Resource::Sand)
    );
    // The Taverne built in this action is usable at once; the helper comes from his field.
    play(&mut g, 0, "helper TV12 from wood");
    assert_eq!(field(&g, Resource::Wood), None);
    assert_eq!(space_occupant(&g, "TV12"), Some(0));
    assert_eq!(
        refuse(&mut g, 0, "helper TV6"),
        BurgError::SameBuilding("Taverne")
    );
    assert_eq!(view(&g).players[0].taler, 18);
    // A second helper, in another building; after two the action ends by itself.
    let events = play(&mut g, 0, "helper SM6");
    assert!(texts(&events).contains(&"Red's Steinmetz is done.".to_string()));
    check_invariants(&g);
}

#[test]
fn helper_fee_must_be_affordable_and_supply_helper_needed() {
    let mut g = summer(3, 0);
    g.set_resources(0, res(10, 5, 5, 5, 0)).unwrap();
    g.set_taler(0, 9).unwrap();
    choose_all(&mut g, &["stonemason", "messenger", "messenger"]);
    play(&mut g, 0, "build tower");
    assert_eq!(
        refuse(&mut g, 0, "helper SM10"),
        BurgError::Fee {
            space: "SM10",
            fee: 10,
            taler: 9
        }
    );
    assert!(!g.legal_moves(0).contains(&mv("helper SM10")));
    assert!(g.legal_moves(0).contains(&mv("helper SM6")));

    let mut g = summer(3, 0);
    g.set_resources(0, res(10, 5, 5, 5, 0)).unwrap();
    g.set_taler(0, 40).unwrap();
    for (space, seat) in [("MA6a", 0), ("MA6b", 0), ("SM6", 0)] {
        g.set_helper(space, seat).unwrap();
    }
    for f in [Resource::Sand, Resource::Wood, Resource::Clay] {
        g.set_field(f, Some(0)).unwrap();
    }
    assert_eq!(view(&g).players[0].helpers_in_supply, 0);
    choose_all(&mut g, &["stonemason", "messenger", "messenger"]);
    play(&mut g, 0, "build tower");
    assert_eq!(
        refuse(&mut g, 0, "helper SM10"),
        BurgError::NoHelper("sand".into())
    );
    play(&mut g, 0, "helper SM10 from clay");
    check_invariants(&g);
}

// ---------------------------------------------------------------------------------------------
// Final scoring (§9.2) and tie-breaks (§9.3).

fn space(id: &str) -> usize {
    SPACES.iter().position(|s| s.id == id).expect("space id")
}

/// A final position: built buildings (ids), occupants, the Schmiede; players `(vp, taler, res)`.
fn score_of(
    built_ids: &[&str],
    occupied: &[(&str, Seat)],
    schmiede: u8,
    players: &[(u32, u32, Resources)],
) -> Vec<spieltisch::games::burg::FinalScore> {
    let built: Vec<bool> = spieltisch::games::burg::BUILDINGS
        .iter()
        .map(|b| b.tile.is_none() || built_ids.contains(&b.id))
        .collect();
    let mut spaces = vec![None; 15];
    for (id, seat) in occupied {
        spaces[space(id)] = Some(*seat);
    }
    final_scores(&ScoreInput {
        schmiede,
        built: &built,
        spaces: &spaces,
        players,
    })
}

fn space_vp(scores: &[spieltisch::games::burg::FinalScore], seat: Seat, id: &str) -> u32 {
    scores[seat]
        .spaces
        .iter()
        .find(|(s, _)| s == id)
        .map(|(_, v)| *v)
        .unwrap_or_else(|| panic!("{id} not scored for seat {seat}"))
}

#[test]
fn every_helper_space_scores_per_the_table() {
    let built = [
        "T1", "T2", "T3", "H1", "H2", "GT", "KT", "PA", "BF", "GH", "TV", "ST",
    ];
    let occupied = [
        ("SM10", 0),
        ("SM6", 1),
        ("GH6a", 0),
        ("GH6b", 1),
        ("BF14", 0),
        ("TV12", 1),
        ("TV6", 0),
        ("GT10", 1),
        ("KT5", 0),
        ("ST16", 1),
        ("ST12", 0),
    ];
    let players = [(0, 0, Resources::NONE), (0, 0, Resources::NONE)];
    let s = score_of(&built, &occupied, 7, &players);
    // F = 7.
    assert_eq!(space_vp(&s, 0, "SM10"), 7);
    assert_eq!(space_vp(&s, 1, "SM6"), 3);
    // U = 23 − 12 built tiles = 11, for each Gesindehaus space.
    assert_eq!(space_vp(&s, 0, "GH6a"), 11);
    assert_eq!(space_vp(&s, 1, "GH6b"), 11);
    // E: free spaces on built buildings: MA6a, MA6b, PA17a, PA17b = 4.
    assert_eq!(space_vp(&s, 0, "BF14"), 12);
    // Hc = 11 helpers in the castle.
    assert_eq!(space_vp(&s, 1, "TV12"), 11);
    assert_eq!(space_vp(&s, 0, "TV6"), 5);
    // Tw = 3 towers, Hs = 2 houses.
    assert_eq!(space_vp(&s, 1, "GT10"), 6);
    assert_eq!(space_vp(&s, 0, "KT5"), 3);
    assert_eq!(space_vp(&s, 1, "ST16"), 6);
    assert_eq!(space_vp(&s, 0, "ST12"), 4);
    assert_eq!(s[0].total, 7 + 11 + 12 + 5 + 3 + 4);
    assert_eq!(s[1].total, 3 + 11 + 11 + 6 + 6);
    // Unbuilt buildings' spaces do not count for the Bergfried.
    let s = score_of(&["BF"], &[("BF14", 0)], 0, &players[..1]);
    assert_eq!(space_vp(&s, 0, "BF14"), 3 * 4, "MA6a, MA6b, SM10, SM6");
}

#[test]
fn markt_and_palas_convert() {
    assert_eq!(markt(9, 1), (4, 1));
    assert_eq!(markt(9, 2), (9, 0));
    let (vp, pieces) = palas(&res(4, 3, 2, 1, 1), 1);
    assert_eq!(pieces, res(0, 1, 2, 1, 1));
    assert_eq!(vp, 5 + 5 + 8 + 2);
    let players = [(10, 9, res(4, 3, 2, 1, 1)), (10, 9, res(4, 3, 2, 1, 1))];
    let s = score_of(
        &["PA"],
        &[("MA6a", 0), ("MA6b", 1), ("PA17a", 0), ("PA17b", 0)],
        0,
        &players,
    );
    // Seat 0: 1 Markt helper → 4 VP, 1 Taler left; 2 Palas helpers → 10 of the 11 pieces,
    // highest first (silver, stone, 2 clay, 3 wood, 3 sand = 27 VP), 1 sand left.
    assert_eq!((s[0].markt, s[0].taler_left), (4, 1));
    assert_eq!(s[0].converted, res(3, 3, 2, 1, 1));
    assert_eq!(s[0].palas, 27);
    assert_eq!(s[0].resources_left_value, 1);
    assert_eq!(s[0].total, 10 + 4 + 27);
    assert!(
        s[0].spaces.is_empty(),
        "Markt and Palas are not in the table"
    );
    // Seat 1: 1 Markt helper.
    assert_eq!((s[1].markt, s[1].taler_left, s[1].palas), (4, 1, 0));
    assert_eq!(s[1].resources_left_value, 4 + 6 + 8 + 5 + 5);
}

/// Plays out the last round of a game where everybody plays the Bote, to reach the end.
fn finish_with_botes(g: &mut Burg) -> Vec<BurgEvent> {
    let n = view(g).players.len();
    let mut events = Vec::new();
    while view(g).stage != Stage::Over {
        for seat in 0..n {
            events.extend(play(g, seat, "choose messenger"));
        }
    }
    events
}

#[test]
fn tie_breaks_taler_then_resources_then_shared() {
    // The last of 15 rounds; everyone plays the Bote: +8 each. Red (start) has 4 Taler, the
    // others 3.
    let last_round = |setup: &dyn Fn(&mut Burg)| {
        let mut g = summer(3, 0);
        g.set_round(15).unwrap();
        setup(&mut g);
        let events = finish_with_botes(&mut g);
        let over = events
            .iter()
            .find(|e| matches!(e, BurgEvent::GameOver { .. }))
            .expect("game over")
            .to_string();
        (g, over)
    };
    // 1. VP decide.
    let (g, over) = last_round(&|g| {
        g.set_vp(1, 30).unwrap();
        g.set_vp(2, 20).unwrap();
    });
    assert_eq!(g.outcome().unwrap().ranks, vec![3, 1, 2]);
    assert_eq!(
        over,
        "Final ranking: 1. Blue 30 VP, 2. Green 20 VP, 3. Red 0 VP."
    );
    // 2. Equal VP: the most Taler left.
    let (g, over) = last_round(&|g| {
        for s in 0..3 {
            g.set_vp(s, 20).unwrap();
        }
        g.set_taler(2, 6).unwrap();
    });
    let o = g.outcome().unwrap();
    assert_eq!(o.scores, vec![20, 20, 20]);
    assert_eq!(o.ranks, vec![2, 3, 1]);
    assert!(
        over.contains("Green, Red and Blue tie on 20 VP — Taler left: Green 14, Red 12, Blue 11"),
        "{over}"
    );
    assert!(!over.contains("resources left"), "{over}");
    // 3. Equal VP and Taler: the highest value of resources left.
    let (g, over) = last_round(&|g| {
        g.set_taler(0, 3).unwrap();
        g.set_resources(1, res(1, 1, 1, 0, 0)).unwrap();
        g.set_resources(2, res(1, 1, 0, 0, 1)).unwrap();
    });
    assert_eq!(g.outcome().unwrap().ranks, vec![3, 2, 1]);
    assert!(
        over.contains(
            "Taler left: Green 11, Blue 11, Red 11 — resources left: Green 8, Blue 7, Red 3"
        ),
        "{over}"
    );
    // 4. Still tied: a shared win.
    let (g, over) = last_round(&|g| {
        g.set_taler(0, 3).unwrap();
    });
    let o = g.outcome().unwrap();
    assert_eq!(o.ranks, vec![1, 1, 1]);
    assert!(o.is_draw());
    // (The table's one game-over line says who shares the win; the game's ranking shows it.)
    assert!(
        over.starts_with("Final ranking: 1. Red 0 VP, 1. Blue 0 VP, 1. Green 0 VP;"),
        "{over}"
    );
}

#[test]
fn the_end_posts_the_scoring_space_by_space_and_the_ranking() {
    let mut g = summer(2, 0);
    g.set_round(12).unwrap();
    g.set_schmiede(6).unwrap();
    g.set_helper("SM10", 0).unwrap();
    g.set_helper("MA6a", 1).unwrap();
    g.set_vp(0, 10).unwrap();
    g.set_vp(1, 10).unwrap();
    let mut events = play(&mut g, 0, "choose messenger trader");
    events.extend(play(&mut g, 1, "choose messenger trader"));
    while let Some(seat) = pending_seat(&g) {
        events.extend(play(&mut g, seat, "pass"));
    }
    let t = texts(&events);
    let red = t
        .iter()
        .find(|x| x.starts_with("Red: 10 VP in play"))
        .expect("Red's scoring");
    assert!(red.contains("SM10 +6"), "{red}");
    let blue = t
        .iter()
        .find(|x| x.starts_with("Blue: 10 VP in play"))
        .expect("Blue's scoring");
    // Blue: 3 + 8 + 1 (round Taler? no: Red starts round 12) = 11 Taler → Markt 5, 1 left.
    assert!(blue.contains("Markt +5"), "{blue}");
    let over = t
        .iter()
        .find(|x| x.starts_with("Final ranking"))
        .expect("the result");
    assert!(over.contains("1. Red 16 VP, 2. Blue 15 VP."), "{over}");
    assert_eq!(g.to_act(), ToAct::Nobody);
    let v = view(&g);
    assert_eq!(v.stage, Stage::Over);
    assert_eq!(v.final_scores.as_ref().unwrap()[1].taler_left, 1);
    assert!(g.transcript().contains("final Red: 10 VP in play; SM10 +6"));
}

// ---------------------------------------------------------------------------------------------
// Winter (§2.6, §4.3, §8).

/// A winter game at round 2 (the first winter round of 12) with `card` on top.
fn winter_round(players: usize, card: WinterCard) -> Burg {
    let mut g = winter(players, 0, vec![card]);
    g.set_round(2).unwrap();
    g
}

#[test]
fn winter_cards_come_in_the_marked_rounds_after_the_choice() {
    let mut g = winter(2, 0, WinterCard::ALL.to_vec());
    let mut seen = Vec::new();
    while view(&g).stage != Stage::Over {
        let round = view(&g).round;
        let mut events = Vec::new();
        for seat in 0..2 {
            assert!(
                view(&g).winter.unwrap().current.is_none(),
                "not before all chose"
            );
            let legal = g.legal_moves(seat);
            let pick = legal
                .iter()
                .find(|m| m.to_string().contains("builder"))
                .unwrap_or(&legal[0])
                .clone();
            events.extend(g.apply(seat, &pick).unwrap());
        }
        let winter_at = events
            .iter()
            .position(|e| matches!(e, BurgEvent::Winter { .. }));
        let revealed_at = events
            .iter()
            .position(|e| matches!(e, BurgEvent::Revealed { .. }));
        if let Some(w) = winter_at {
            assert!(
                w < revealed_at.unwrap(),
                "the winter card comes before the reveal"
            );
            if let BurgEvent::Winter { card, .. } = &events[w] {
                seen.push((round, *card));
            }
        }
        while let Some(seat) = pending_seat(&g) {
            let last = g.legal_moves(seat).last().cloned().unwrap();
            g.apply(seat, &last).unwrap();
        }
    }
    assert_eq!(
        seen,
        vec![
            (2, WinterCard::ALL[0]),
            (4, WinterCard::ALL[1]),
            (7, WinterCard::ALL[2]),
            (9, WinterCard::ALL[3])
        ]
    );
    let v = view(&g).winter.unwrap();
    assert_eq!(v.revealed.len(), 4);
    assert_eq!(v.left, 2);
}

#[test]
fn bodenfrost_lowers_every_yield_by_one() {
    let mut g = winter_round(3, WinterCard::Bodenfrost);
    for (f, seat) in [
        (Resource::Sand, 1),
        (Resource::Wood, 1),
        (Resource::Clay, 2),
        (Resource::Stone, 2),
    ] {
        g.set_field(f, Some(seat)).unwrap();
    }
    let events = choose_all(&mut g, &["trader", "messenger", "messenger"]);
    assert!(
        texts(&events)
            .iter()
            .any(|t| t.starts_with("Winter card: Bodenfrost (Hard frost)")),
        "{:?}",
        texts(&events)
    );
    let events = play(&mut g, 0, "place silver");
    let income = events
        .iter()
        .find_map(|e| match e {
            BurgEvent::Income { lines } => Some(lines.clone()),
            _ => None,
        })
        .unwrap();
    let got: Vec<u8> = income.iter().map(|l| l.2).collect();
    assert_eq!(got, vec![3, 2, 1, 1, 1]);
    // Silver yields 1 and the tribute still takes 1.
    assert_eq!(view(&g).players[0].resources.silver, 0);
    assert_eq!(view(&g).wehrturm, res(2, 2, 2, 2, 2));
}

#[test]
fn schneesturm_fills_only_the_first_two_pieces() {
    let mut g = winter_round(3, WinterCard::Schneesturm);
    choose_all(&mut g, &["worker1", "worker2", "worker3"]);
    assert_eq!(pending_seat(&g), Some(2));
    assert!(view(&g).pending.unwrap().what.contains("1 piece"));
    assert_eq!(
        g.legal_moves(2),
        vec![mv("fill sand"), mv("fill wood"), mv("fill clay")]
    );
    play(&mut g, 2, "fill wood");
    while let Some(seat) = pending_seat(&g) {
        play(&mut g, seat, "done");
    }
    let v = view(&g);
    // Everything was collected in the Arbeiter step: I = sand + clay, II = wood + clay,
    // III = stone + one choice.
    assert_eq!(v.players[0].resources, res(2, 1, 1, 0, 0));
    assert_eq!(v.players[1].resources, res(1, 2, 1, 0, 0));
    assert_eq!(v.players[2].resources, res(1, 2, 0, 1, 0));
}

#[test]
fn brennholz_takes_wood_or_two_taler() {
    let mut g = winter_round(3, WinterCard::Brennholz);
    g.set_resources(1, res(1, 0, 0, 0, 0)).unwrap();
    g.set_resources(2, res(1, 0, 0, 0, 0)).unwrap();
    g.set_taler(2, 1).unwrap();
    let events = choose_all(&mut g, &["messenger", "messenger", "messenger"]);
    let winter = texts(&events)
        .into_iter()
        .find(|t| t.starts_with("Winter card"))
        .unwrap();
    assert!(
        winter.contains("Red gives 1 wood to the Wehrturm; Blue has no wood and pays 2 Taler; Green has no wood and pays 1 Taler"),
        "{winter}"
    );
    let v = view(&g);
    assert_eq!(v.wehrturm.wood, 2);
    assert_eq!(v.players[0].resources.wood, 0);
    // Blue 3 − 2 + 8 + 1 (start of round 3); Green 1 − 1 + 8.
    assert_eq!(v.players[1].taler, 10);
    assert_eq!(v.players[2].taler, 8);
}

#[test]
fn wintersteuer_takes_a_fifth() {
    let mut g = winter_round(3, WinterCard::Wintersteuer);
    g.set_taler(0, 14).unwrap();
    g.set_taler(1, 4).unwrap();
    g.set_taler(2, 25).unwrap();
    choose_all(&mut g, &["mason", "mason", "mason"]);
    let v = view(&g);
    assert_eq!(
        v.players.iter().map(|p| p.taler).collect::<Vec<_>>(),
        vec![12, 4, 20]
    );
}

#[test]
fn winterquartier_scores_castle_helpers() {
    let mut g = winter_round(3, WinterCard::Winterquartier);
    g.set_helper("MA6a", 1).unwrap();
    g.set_helper("SM10", 1).unwrap();
    g.set_helper("SM6", 2).unwrap();
    g.set_field(Resource::Sand, Some(0)).unwrap();
    choose_all(&mut g, &["mason", "mason", "mason"]);
    let v = view(&g);
    assert_eq!(
        v.players.iter().map(|p| p.vp).collect::<Vec<_>>(),
        vec![0, 2, 1]
    );
}

#[test]
fn wintervorrat_gives_each_field_one_piece_without_tribute() {
    let mut g = winter_round(3, WinterCard::Wintervorrat);
    g.set_field(Resource::Sand, Some(2)).unwrap();
    g.set_field(Resource::Stone, Some(2)).unwrap();
    g.set_field(Resource::Silver, Some(1)).unwrap();
    // No silver left in the supply.
    g.set_resources(0, res(1, 1, 0, 0, 14)).unwrap();
    let events = choose_all(&mut g, &["mason", "mason", "mason"]);
    let winter = texts(&events)
        .into_iter()
        .find(|t| t.starts_with("Winter card"))
        .unwrap();
    assert!(
        winter.contains("Green takes 1 sand; Green takes 1 stone; no silver left for Blue"),
        "{winter}"
    );
    assert_eq!(view(&g).players[2].resources, res(2, 1, 0, 1, 0));
    assert_eq!(view(&g).wehrturm, res(1, 1, 1, 1, 1));
}

#[test]
fn the_winter_deck_order_stays_hidden() {
    let g = Burg::new(3, &BurgOptions { winter: true }, 42).unwrap();
    let json = serde_json::to_value(&g).unwrap();
    let deck: Vec<String> = json["winter_deck"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.to_string())
        .collect();
    assert_eq!(deck.len(), 6);
    for viewer in [None, Some(0), Some(1), Some(2)] {
        let v = serde_json::to_string(&g.view(viewer)).unwrap();
        for card in &deck {
            assert!(!v.contains(card.as_str()), "{card} in a view");
        }
    }
    for card in WinterCard::ALL {
        assert!(!g.transcript().contains(card.name()));
        assert!(!g.prompt().unwrap().contains(card.name()));
    }
}

// ---------------------------------------------------------------------------------------------
// The 2-player game.

#[test]
fn two_players_choose_two_different_cards() {
    let mut g = summer(2, 0);
    assert_eq!(
        refuse(&mut g, 0, "choose mason"),
        BurgError::CardCount { need: 2 }
    );
    assert_eq!(
        refuse(&mut g, 0, "choose mason mason"),
        BurgError::SameCard(Card::Maurer)
    );
    // The Baumeister does not count the other card of the same round.
    assert_eq!(
        refuse(&mut g, 0, "choose builder mason"),
        BurgError::BaumeisterTooEarly
    );
    assert_eq!(g.legal_moves(0).len(), 21, "pairs of seven cards");
    play(&mut g, 0, "choose worker3 messenger");
    assert_eq!(
        g.view(Some(0)).players[0].chosen,
        vec![Card::Bote, Card::Arbeiter3]
    );
    assert!(g.view(Some(1)).players[0].chosen.is_empty());
    play(&mut g, 1, "choose mason stonemason");
    // After round 1 the Baumeister is allowed.
    while view(&g).round == 1 {
        let seat = pending_seat(&g).unwrap();
        let last = g.legal_moves(seat).last().cloned().unwrap();
        g.apply(seat, &last).unwrap();
    }
    assert!(g.legal_moves(0).contains(&mv("choose mason builder")));
    assert_eq!(view(&g).players[0].helpers_in_supply, 7);
}

#[test]
fn two_players_never_buy_from_their_own_card() {
    let mut g = summer(2, 0);
    g.set_taler(0, 5).unwrap();
    choose_all(&mut g, &["stonemason worker1", "messenger worker2"]);
    assert_eq!(pending_seat(&g), Some(0));
    assert_eq!(refuse(&mut g, 0, "buy red sand"), BurgError::OwnCard);
    let legal: Vec<String> = g.legal_moves(0).iter().map(|m| m.to_string()).collect();
    assert!(legal.iter().all(|m| !m.starts_with("buy red")), "{legal:?}");
    assert!(legal.contains(&"buy blue worker2 wood".to_string()));
}

#[test]
fn two_players_name_the_card_when_two_could_sell() {
    let mut g = summer(2, 0);
    g.set_taler(0, 5).unwrap();
    g.set_resources(0, res(4, 2, 2, 2, 0)).unwrap();
    choose_all(&mut g, &["stonemason messenger", "worker1 worker2"]);
    assert_eq!(
        refuse(&mut g, 0, "buy blue clay"),
        BurgError::WhichCard {
            from: Color::Blue,
            kind: Resource::Clay,
            cards: vec![Card::Arbeiter1, Card::Arbeiter2]
        }
    );
    let legal = g.legal_moves(0);
    assert!(legal.contains(&mv("buy blue worker1 clay")));
    assert!(legal.contains(&mv("buy blue worker2 clay")));
    assert!(legal.contains(&mv("buy blue worker1 sand")));
    assert!(
        !legal.contains(&mv("buy blue sand")),
        "listed with the card named"
    );
    play(&mut g, 0, "buy blue worker2 clay");
    // Now only worker1 can sell clay: the short form works, and so does naming it.
    g.clone().apply(0, &mv("buy blue worker1 clay")).unwrap();
    play(&mut g, 0, "buy blue clay");
    let v = view(&g);
    assert_eq!(
        v.players[1].arbeiter[0],
        (Card::Arbeiter1, res(1, 0, 0, 1, 0))
    );
    assert_eq!(
        v.players[1].arbeiter[1],
        (Card::Arbeiter2, res(0, 1, 0, 0, 1))
    );
}

#[test]
fn two_players_one_helper_per_building_per_round_across_both_actions() {
    let mut g = summer(2, 0);
    g.set_resources(0, res(12, 6, 4, 4, 0)).unwrap();
    g.set_taler(0, 40).unwrap();
    choose_all(&mut g, &["mason stonemason", "messenger trader"]);
    play(&mut g, 1, "pass");
    play(&mut g, 0, "take sand");
    play(&mut g, 0, "build tower");
    play(&mut g, 0, "helper SM10");
    play(&mut g, 0, "done");
    // The Steinmetz of the same player, same round: not the Schmiede again.
    play(&mut g, 0, "build tower");
    assert_eq!(
        refuse(&mut g, 0, "helper SM6"),
        BurgError::SameBuilding("Schmiede")
    );
    // The Markt is fine; then no building with a free space is left to him: done by itself.
    play(&mut g, 0, "helper MA6a");
    assert_eq!(view(&g).round, 2);
}

#[test]
fn two_players_arbeiter_cards_resolve_in_order_and_baumeister_ignores_own_builds() {
    let mut g = summer(2, 0);
    g.set_played(0, &[Card::Bote]).unwrap();
    g.set_resources(1, res(4, 1, 1, 0, 0)).unwrap();
    g.set_resources(0, res(4, 2, 2, 2, 0)).unwrap();
    choose_all(&mut g, &["worker1 builder", "worker1 worker2"]);
    // Red's Arbeiter I first (start player), then Blue's I, then Blue's II.
    assert_eq!(pending_seat(&g), Some(0));
    assert_eq!(view(&g).step, Some(Card::Arbeiter1));
    play(&mut g, 0, "build tower");
    play(&mut g, 0, "done");
    assert_eq!(pending_seat(&g), Some(1));
    play(&mut g, 1, "build tower");
    play(&mut g, 1, "done");
    assert_eq!(view(&g).step, Some(Card::Arbeiter2));
    let events = play(&mut g, 1, "done");
    assert!(
        texts(&events)
            .iter()
            .any(|t| t.starts_with("Red's Baumeister: 1 building by others this round, 5 VP"))
    );
    let v = view(&g);
    assert_eq!(v.players[0].vp, 4 + 5);
    assert!(v.players[0].played.is_empty(), "the Arbeiter came back too");
}

// ---------------------------------------------------------------------------------------------
// Early end (§9.1).

#[test]
fn the_game_ends_after_the_round_that_completes_the_castle() {
    let mut g = summer(3, 0);
    g.set_all_built_except(&["W2"]).unwrap();
    g.set_played(2, &[Card::Bote]).unwrap();
    g.set_resources(1, res(4, 1, 1, 0, 0)).unwrap();
    choose_all(&mut g, &["messenger", "stonemason", "builder"]);
    let events = play(&mut g, 1, "build wall");
    let t = texts(&events);
    assert!(
        t.iter().any(|x| x.contains("All 23 buildings are built")),
        "{t:?}"
    );
    // The round was played to its end, Baumeister included, then the game ended.
    assert!(
        t.iter()
            .any(|x| x.starts_with("Green's Baumeister: 1 building")),
        "{t:?}"
    );
    assert!(t.iter().any(|x| x.starts_with("Final ranking")), "{t:?}");
    assert_eq!(view(&g).round, 1);
    assert_eq!(g.outcome().unwrap().reason, EndReason::Normal);
    assert_eq!(view(&g).players[2].vp, 5);
}

// ---------------------------------------------------------------------------------------------
// Turn order and forfeits.

#[test]
fn acting_out_of_order_or_for_another_player_is_refused() {
    let mut g = summer(3, 1);
    g.set_resources(2, res(4, 2, 2, 2, 0)).unwrap();
    choose_all(&mut g, &["mason", "mason", "mason"]);
    // Player order from Blue: Blue, Green, Red.
    assert_eq!(pending_seat(&g), Some(1));
    let err = refuse(&mut g, 2, "take stone");
    assert_eq!(
        err.to_string(),
        "it is Blue's turn: Maurer: take one kind from the Wehrturm (`take <kind>`)"
    );
    refuse(&mut g, 0, "done");
    refuse(&mut g, 1, "choose mason");
    play(&mut g, 1, "take clay");
    assert_eq!(
        pending_seat(&g),
        Some(2),
        "Blue could build nothing: done by itself"
    );
}

#[test]
fn a_forfeit_in_two_players_ends_the_game() {
    let mut g = summer(2, 0);
    play(&mut g, 0, "choose mason messenger");
    let events = g.forfeit(1, Forfeit::Resigned);
    assert!(texts(&events)[0].contains("Blue resigns; the game ends"));
    let o = g.outcome().unwrap();
    assert_eq!(o.ranks, vec![1, 2]);
    assert_eq!(o.reason, EndReason::Forfeit(1, Forfeit::Resigned));
    assert_eq!(g.to_act(), ToAct::Nobody);
    assert!(g.forfeit(0, Forfeit::Resigned).is_empty());
}

#[test]
fn a_forfeit_with_more_players_lets_the_others_play_on() {
    let mut g = summer(3, 0);
    g.set_vp(2, 50).unwrap();
    play(&mut g, 2, "choose mason");
    // Green leaves with a secret choice: it is dropped, and the others' choice completes.
    let events = g.forfeit(2, Forfeit::TimedOut);
    assert!(texts(&events)[0].contains("Green has run out of time: Green plays no more cards"));
    assert_eq!(g.to_act(), ToAct::Many(vec![0, 1]));
    play(&mut g, 0, "choose messenger");
    play(&mut g, 1, "choose messenger");
    assert_eq!(view(&g).round, 2);
    assert!(view(&g).players[2].left);
    assert!(!g.to_act().contains(2));
    assert!(matches!(
        refuse(&mut g, 2, "choose trader"),
        BurgError::Left
    ));
    // Play to the end: Green ranks last whatever its VP.
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    while g.to_act() != ToAct::Nobody {
        let seats = g.to_act().seats();
        let seat = seats[rng.random_range(0..seats.len())];
        let legal = g.legal_moves(seat);
        let m = legal[rng.random_range(0..legal.len())].clone();
        g.apply(seat, &m).unwrap();
    }
    let o = g.outcome().unwrap();
    assert_eq!(o.ranks[2], 3);
    assert!(o.scores[2] >= 50);
}

#[test]
fn a_forfeit_during_the_resolution_resolves_the_pending_action() {
    let mut g = summer(3, 0);
    choose_all(&mut g, &["trader", "worker3", "mason"]);
    // Blue's Arbeiter III fill is pending first.
    assert_eq!(pending_seat(&g), Some(1));
    g.forfeit(1, Forfeit::Resigned);
    // The fill happened by itself; Red's Händler is next.
    assert_eq!(pending_seat(&g), Some(0));
    assert_eq!(view(&g).players[1].arbeiter[0].1.count(), 3);
    check_invariants(&g);
}

// ---------------------------------------------------------------------------------------------
// Random playouts: conservation and consistency.

#[test]
fn random_playouts_conserve_pieces_and_helpers() {
    for (players, winter_on, seed) in [
        (2, false, 1u64),
        (2, true, 2),
        (3, false, 3),
        (3, true, 4),
        (4, false, 5),
        (4, true, 6),
        (3, false, 7),
        (2, false, 8),
    ] {
        let mut g = Burg::new(players, &BurgOptions { winter: winter_on }, seed).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed * 31);
        let mut steps = 0;
        check_invariants(&g);
        while g.to_act() != ToAct::Nobody {
            let seats = g.to_act().seats();
            let seat = seats[rng.random_range(0..seats.len())];
            let legal = g.legal_moves(seat);
            assert!(!legal.is_empty());
            // Prefer building, so the castle grows.
            let builds: Vec<&Move> = legal
                .iter()
                .filter(|m| matches!(m, Move::Build { .. }))
                .collect();
            let m = if !builds.is_empty() && rng.random_bool(0.8) {
                builds[rng.random_range(0..builds.len())].clone()
            } else {
                legal[rng.random_range(0..legal.len())].clone()
            };
            // An explicit payment equal to the default is accepted too.
            if let Move::Build { tile, pay: None } = &m {
                let held = g.view(None).players[seat].resources;
                let default = default_payment(tile.value(), &held).unwrap();
                let explicit = Move::Build {
                    tile: *tile,
                    pay: Some(default),
                };
                let mut a = g.clone();
                let mut b = g.clone();
                a.apply(seat, &explicit).unwrap();
                b.apply(seat, &m).unwrap();
                assert_eq!(a.view(None), b.view(None));
            }
            g.apply(seat, &m)
                .unwrap_or_else(|e| panic!("legal {m} refused: {e}"));
            check_invariants(&g);
            steps += 1;
            assert!(steps < 5000);
        }
        let v = view(&g);
        assert_eq!(v.stage, Stage::Over);
        let finals = v.final_scores.expect("final scores");
        assert_eq!(finals.len(), players);
        for (p, f) in v.players.iter().zip(&finals) {
            assert_eq!(p.vp, f.total);
            assert_eq!(p.taler, f.taler_left);
        }
        let o = g.outcome().unwrap();
        assert_eq!(o.scores, g.scores());
    }
}

#[test]
fn maurer_taler_pay_a_fee_in_the_same_action() {
    let mut g = summer(3, 0);
    g.set_resources(0, res(1, 1, 1, 1, 0)).unwrap();
    g.set_taler(0, 6).unwrap();
    choose_all(&mut g, &["mason", "messenger", "messenger"]);
    play(&mut g, 0, "take stone");
    // 6 Taler: SM10 is out of reach until the house pays 4 more.
    play(&mut g, 0, "build house pay 1 sand 1 wood 1 clay 1 stone");
    assert_eq!(view(&g).players[0].taler, 10);
    assert!(g.legal_moves(0).contains(&mv("helper SM10")));
    play(&mut g, 0, "helper SM10");
    assert_eq!(view(&g).players[0].taler, 0);
}

#[test]
fn the_palas_converts_pieces_at_the_end_and_they_leave_the_game() {
    let mut g = summer(3, 0);
    g.set_round(15).unwrap();
    g.set_built("PA", Some(1)).unwrap();
    g.set_helper("PA17a", 0).unwrap();
    g.set_resources(0, res(3, 2, 1, 1, 2)).unwrap();
    let events = finish_with_botes(&mut g);
    let red = texts(&events)
        .into_iter()
        .find(|t| t.starts_with("Red: "))
        .expect("Red's scoring");
    // Up to 5 pieces, highest first: 2 silver, 1 stone, 1 clay, 1 wood = 10 + 5 + 4 + 2.
    assert!(
        red.contains("Palas +21 (1 wood, 1 clay, 1 stone, 2 silver)"),
        "{red}"
    );
    let v = view(&g);
    assert_eq!(v.players[0].resources, res(3, 1, 0, 0, 0));
    assert_eq!(v.players[0].vp, 21);
    check_invariants(&g);
}

#[test]
fn the_building_and_space_table_of_section_2_5() {
    use spieltisch::games::burg::{BUILDINGS, BuildingKind as K};
    let expected: Vec<(&str, K, u8, u8)> = [("MA", K::Special, 0, 0), ("SM", K::Special, 0, 0)]
        .into_iter()
        .chain((1..=9).map(|_| ("T", K::Tower, 8, 10)))
        .chain((1..=5).map(|_| ("H", K::House, 10, 12)))
        .chain((1..=2).map(|_| ("W", K::Wall, 6, 8)))
        .chain([
            ("GT", K::Gate, 10, 18),
            ("KT", K::Gate, 6, 12),
            ("PA", K::Special, 18, 30),
            ("BF", K::Special, 14, 24),
            ("GH", K::Special, 14, 18),
            ("TV", K::Special, 12, 22),
            ("ST", K::Special, 14, 18),
        ])
        .collect();
    assert_eq!(BUILDINGS.len(), expected.len());
    for (b, (id, kind, vp, value)) in BUILDINGS.iter().zip(&expected) {
        assert!(b.id.starts_with(id), "{} in table order", b.id);
        assert_eq!((b.kind, b.vp, b.value), (*kind, *vp, *value), "{}", b.id);
    }
    let tiles = BUILDINGS.iter().filter(|b| b.tile.is_some());
    assert_eq!(tiles.clone().count(), 23);
    assert_eq!(tiles.clone().map(|b| u32::from(b.value)).sum::<u32>(), 308);
    assert_eq!(tiles.map(|b| u32::from(b.vp)).sum::<u32>(), 222);
    let spaces: Vec<(&str, &str, u8)> = SPACES
        .iter()
        .map(|s| (s.id, BUILDINGS[s.building].id, s.fee))
        .collect();
    assert_eq!(
        spaces,
        vec![
            ("MA6a", "MA", 6),
            ("MA6b", "MA", 6),
            ("SM10", "SM", 10),
            ("SM6", "SM", 6),
            ("GT10", "GT", 10),
            ("KT5", "KT", 5),
            ("PA17a", "PA", 17),
            ("PA17b", "PA", 17),
            ("BF14", "BF", 14),
            ("GH6a", "GH", 6),
            ("GH6b", "GH", 6),
            ("TV12", "TV", 12),
            ("TV6", "TV", 6),
            ("ST16", "ST", 16),
            ("ST12", "ST", 12),
        ]
    );
    assert_eq!(SPACES.iter().map(|s| u32::from(s.fee)).sum::<u32>(), 149);
}

#[test]
fn seats_sit_in_a_random_clockwise_order_and_the_start_passes_clockwise() {
    // §3.1 [EC]: the seat order is random and its first seat starts round 1.
    let mut seatings = std::collections::BTreeSet::new();
    for seed in 0..60 {
        let g = Burg::new(4, &BurgOptions::default(), seed).unwrap();
        let clockwise = g.clockwise();
        let mut sorted = clockwise.clone();
        sorted.sort();
        assert_eq!(sorted, vec![0, 1, 2, 3], "every seat once");
        assert_eq!(clockwise[0], view(&g).start_player);
        assert_eq!(
            view(&g).order,
            clockwise,
            "round 1 goes clockwise from the start"
        );
        // Who sits after whom, whatever the start: rotate to seat 0.
        let at = clockwise.iter().position(|&s| s == 0).unwrap();
        let mut from_zero = clockwise.clone();
        from_zero.rotate_left(at);
        seatings.insert(from_zero);
    }
    assert_eq!(seatings.len(), 6, "all six seatings of four players occur");

    // The start player passes clockwise each round, and the order follows.
    let mut g = Burg::new(4, &BurgOptions::default(), 3).unwrap();
    let clockwise = g.clockwise();
    for round in 0..4 {
        let v = view(&g);
        assert_eq!(v.start_player, clockwise[round % 4], "round {}", round + 1);
        let mut order = clockwise.clone();
        order.rotate_left(round % 4);
        assert_eq!(v.order, order);
        // Bote and Baumeister resolve by themselves; the Baumeister takes the Bote back.
        let card = if round % 2 == 0 {
            "messenger"
        } else {
            "builder"
        };
        choose_all(&mut g, &[card; 4]);
    }
    // A table set up with a given start sits in seat order.
    let g = summer(3, 2);
    assert_eq!(g.clockwise(), vec![2, 0, 1]);
}

// ---------------------------------------------------------------------------------------------
// Rules pinned after an audit.

/// Resolves the rest of the round, each pending seat playing its last legal move (`pass`,
/// `done`, the last `take` or `fill`).
fn resolve_with_last_moves(g: &mut Burg) {
    while let Some(seat) = pending_seat(g) {
        let last = g.legal_moves(seat).last().cloned().expect("a legal move");
        g.apply(seat, &last).expect("a legal move is accepted");
    }
}

/// Ends the pending seat's action with `done` if it has not ended by itself.
fn done_if_pending(g: &mut Burg, seat: Seat) {
    if pending_seat(g) == Some(seat) {
        play(g, seat, "done");
    }
}

fn filled(events: &[BurgEvent]) -> Vec<(Color, Card, Resources, Resources)> {
    events
        .iter()
        .filter_map(|e| match e {
            BurgEvent::Filled {
                color,
                card,
                pieces,
                missing,
            } => Some((*color, *card, *pieces, *missing)),
            _ => None,
        })
        .collect()
}

#[test]
fn one_players_arbeiter_cards_fill_in_the_order_i_then_ii_under_a_shortage() {
    // §4.4: "Go in player order; within one player, cards I, II, III in that order", and
    // §10.1: missing pieces are skipped. One clay is left: Blue's Arbeiter I gets it, not II.
    let mut g = summer(2, 0);
    g.set_resources(0, res(1, 1, 13, 0, 0)).unwrap();
    assert_eq!(view(&g).supply.clay, 1);
    // Named II first on purpose: the fill order does not follow the typed order.
    let events = choose_all(&mut g, &["messenger trader", "worker2 worker1"]);
    assert_eq!(
        filled(&events),
        vec![
            (
                Color::Blue,
                Card::Arbeiter1,
                res(1, 0, 1, 1, 0),
                Resources::NONE
            ),
            (
                Color::Blue,
                Card::Arbeiter2,
                res(0, 1, 0, 0, 1),
                res(0, 0, 1, 0, 0)
            ),
        ]
    );
    // Red's Händler is pending: both cards still lie on the table.
    assert_eq!(pending_seat(&g), Some(0));
    let v = view(&g);
    assert_eq!(
        v.players[1].arbeiter,
        vec![
            (Card::Arbeiter1, res(1, 0, 1, 1, 0)),
            (Card::Arbeiter2, res(0, 1, 0, 0, 1))
        ]
    );
    assert_eq!(v.supply.clay, 0);
    check_invariants(&g);
}

#[test]
fn the_placed_this_round_mark_clears_at_the_end_of_the_round() {
    // §5.2: "a marked helper can never be displaced"; §4.6.1: "All 'placed this round' marks
    // on resource-field helpers are cleared" at the end of the round.
    let mut g = summer(3, 0);
    for f in [Resource::Sand, Resource::Wood, Resource::Clay] {
        g.set_field(f, Some(1)).unwrap();
    }
    // Round r = 1: Red takes the last free cart; Blue (all carts full) may not displace him.
    choose_all(&mut g, &["trader", "trader", "messenger"]);
    play(&mut g, 0, "place stone");
    let stone = &view(&g).fields[Resource::Stone.index()];
    assert_eq!((stone.occupant, stone.placed_this_round), (Some(0), true));
    assert_eq!(pending_seat(&g), Some(1));
    assert_eq!(g.legal_moves(1), vec![mv("place silver"), mv("pass")]);
    assert_eq!(
        refuse(&mut g, 1, "place stone"),
        BurgError::Field {
            field: Resource::Stone,
            reason: FieldWhy::Fresh(Color::Red)
        }
    );
    play(&mut g, 1, "pass");
    // Round r + 1: the mark is gone and Green displaces Red's helper.
    let v = view(&g);
    assert_eq!(v.round, 2);
    let stone = &v.fields[Resource::Stone.index()];
    assert_eq!((stone.occupant, stone.placed_this_round), (Some(0), false));
    assert_eq!(v.players[0].helpers_in_supply, 5);
    choose_all(&mut g, &["messenger", "messenger", "trader"]);
    assert_eq!(pending_seat(&g), Some(2));
    assert!(g.legal_moves(2).contains(&mv("place stone")));
    let events = play(&mut g, 2, "place stone");
    assert!(events.iter().any(|e| matches!(
        e,
        BurgEvent::Placed {
            color: Color::Green,
            field: Resource::Stone,
            displaced: Some(Color::Red),
        }
    )));
    let v = view(&g);
    assert_eq!(v.fields[Resource::Stone.index()].occupant, Some(2));
    assert_eq!(v.players[0].helpers_in_supply, 6, "Red's helper went home");
    check_invariants(&g);
}

#[test]
fn a_haendler_with_a_helper_but_no_open_field_passes_by_itself() {
    // §5.2 (all carts occupied: only the free Reiter or others' unmarked helpers) and §15.2:
    // "a Händler with no legal target passes by itself".
    let mut g = summer(3, 0);
    for f in [
        Resource::Sand,
        Resource::Wood,
        Resource::Clay,
        Resource::Silver,
    ] {
        g.set_field(f, Some(1)).unwrap();
    }
    assert_eq!(view(&g).players[1].helpers_in_supply, 2);
    choose_all(&mut g, &["trader", "trader", "messenger"]);
    // Red takes the stone cart; now every field is Blue's own or freshly Red's.
    let events = play(&mut g, 0, "place stone");
    assert!(
        events.iter().any(|e| matches!(
            e,
            BurgEvent::Passed {
                color: Color::Blue,
                why: Some(_),
            }
        )),
        "{:?}",
        texts(&events)
    );
    let passed = events
        .iter()
        .position(|e| matches!(e, BurgEvent::Passed { .. }))
        .unwrap();
    let income = events
        .iter()
        .position(|e| matches!(e, BurgEvent::Income { .. }))
        .expect("income after the last Händler");
    assert!(passed < income);
    // Blue was never asked; the round (Green's Bote) ran to its end.
    let v = view(&g);
    assert_eq!(v.round, 2);
    assert_eq!(v.players[1].helpers_in_supply, 2);
    assert_eq!(v.fields[Resource::Stone.index()].occupant, Some(0));
    check_invariants(&g);
}

#[test]
fn several_maurers_take_in_turn_and_the_first_empties_the_kind() {
    // §5.3.1: "If several Maurers play in one round, each one takes in turn, in player order";
    // §15.3: "Several Maurers each carry out their whole action in turn".
    let mut g = summer(3, 0);
    g.set_wehrturm(res(1, 1, 3, 1, 1)).unwrap();
    // Red can build a tower once he has clay, so his action stays open.
    g.set_resources(0, res(4, 1, 0, 0, 0)).unwrap();
    choose_all(&mut g, &["mason", "mason", "messenger"]);
    assert_eq!(pending_seat(&g), Some(0));
    play(&mut g, 0, "take clay");
    assert_eq!(view(&g).players[0].resources, res(4, 1, 3, 0, 0));
    assert_eq!(view(&g).wehrturm, res(1, 1, 0, 1, 1));
    // Blue waits for Red's whole action.
    assert!(matches!(
        refuse(&mut g, 1, "take clay"),
        BurgError::NotYourTurn {
            color: Color::Red,
            ..
        }
    ));
    play(&mut g, 0, "done");
    assert_eq!(pending_seat(&g), Some(1));
    let events = play(&mut g, 1, "take clay");
    assert!(events.iter().any(|e| matches!(
        e,
        BurgEvent::Took {
            color: Color::Blue,
            kind: Resource::Clay,
            n: 0
        }
    )));
    let v = view(&g);
    assert_eq!(v.players[1].resources, res(1, 1, 0, 0, 0));
    assert_eq!(v.players[0].resources.clay, 3);
    assert_eq!(v.wehrturm, res(1, 1, 0, 1, 1));
    check_invariants(&g);
}

#[test]
fn two_steinmetzes_buy_from_the_same_arbeiter_card_one_after_the_other() {
    // §5.4.1: 1 piece per card per Steinmetz action, 1 Taler each; the cards are "still full
    // except for purchases made by earlier Steinmetzes"; the last piece is protected. Silver
    // can be bought like any other piece.
    let mut g = summer(3, 0);
    g.set_resources(0, Resources::NONE).unwrap();
    // Blue can build a tower once he has a second wood, so his action stays open.
    g.set_resources(1, res(4, 1, 1, 0, 0)).unwrap();
    choose_all(&mut g, &["stonemason", "stonemason", "worker2"]);
    assert_eq!(
        view(&g).players[2].arbeiter,
        vec![(Card::Arbeiter2, res(0, 1, 1, 0, 1))]
    );
    assert_eq!(pending_seat(&g), Some(0));
    assert!(g.legal_moves(0).contains(&mv("buy green worker2 silver")));
    play(&mut g, 0, "buy green silver");
    let v = view(&g);
    assert_eq!(v.players[0].resources, res(0, 0, 0, 0, 1));
    assert_eq!(v.players[0].taler, 3);
    assert_eq!(
        v.players[2].arbeiter,
        vec![(Card::Arbeiter2, res(0, 1, 1, 0, 0))]
    );
    // Red has nothing more to do (no second purchase from that card): Blue's turn.
    assert_eq!(pending_seat(&g), Some(1));
    let legal = g.legal_moves(1);
    assert!(legal.contains(&mv("buy green worker2 wood")));
    assert!(legal.contains(&mv("buy green worker2 clay")));
    assert!(!legal.contains(&mv("buy green worker2 silver")));
    play(&mut g, 1, "buy green wood");
    let v = view(&g);
    assert_eq!(v.players[1].resources, res(4, 2, 1, 0, 0));
    assert_eq!(v.players[1].taler, 2);
    assert_eq!(
        v.players[2].arbeiter,
        vec![(Card::Arbeiter2, res(0, 0, 1, 0, 0))]
    );
    // One purchase per card per action, and the last piece is protected anyway.
    refuse(&mut g, 1, "buy green clay");
    play(&mut g, 1, "done");
    // Green's Arbeiter collects what is left: the clay.
    let v = view(&g);
    assert_eq!(v.players[2].resources, res(1, 1, 1, 0, 0));
    assert_eq!(v.round, 2);
    check_invariants(&g);
}

#[test]
fn several_baumeisters_each_score_the_buildings_of_others() {
    // §5.6.1: 5 VP per building built this round by other players; "Several Baumeisters each
    // score independently".
    let mut g = summer(4, 0);
    g.set_played(2, &[Card::Bote]).unwrap();
    g.set_played(3, &[Card::Haendler]).unwrap();
    g.set_resources(0, res(4, 2, 2, 2, 0)).unwrap();
    g.set_resources(1, res(4, 1, 1, 0, 0)).unwrap();
    choose_all(&mut g, &["stonemason", "mason", "builder", "builder"]);
    // The Maurer (step 3) first, then the Steinmetz (step 4).
    assert_eq!(pending_seat(&g), Some(1));
    play(&mut g, 1, "take stone");
    play(&mut g, 1, "build tower");
    done_if_pending(&mut g, 1);
    assert_eq!(pending_seat(&g), Some(0));
    let mut events = play(&mut g, 0, "build wall");
    if pending_seat(&g) == Some(0) {
        events.extend(play(&mut g, 0, "done"));
    }
    let scored: Vec<(Color, u32, u32)> = events
        .iter()
        .filter_map(|e| match e {
            BurgEvent::Baumeister {
                color,
                buildings,
                vp,
            } => Some((*color, *buildings, *vp)),
            _ => None,
        })
        .collect();
    assert_eq!(scored, vec![(Color::Green, 2, 10), (Color::Yellow, 2, 10)]);
    let v = view(&g);
    assert_eq!(v.round, 2);
    assert_eq!(v.players[2].vp, 10);
    assert_eq!(v.players[3].vp, 10);
    for seat in [2, 3] {
        assert!(v.players[seat].played.is_empty());
        assert_eq!(v.players[seat].hand.len(), 8);
    }
    // The builders themselves: the Maurer no VP, the Steinmetz the wall's 6.
    assert_eq!(v.players[1].vp, 0);
    assert_eq!(v.players[0].vp, 6);
}

#[test]
fn a_helper_placed_on_a_field_this_round_may_go_into_the_castle() {
    // §7: the helper may come "from any resource field where he has a helper. The latter
    // includes a helper placed there this round, and the field becomes free"; §10.6: the mark
    // "does not limit moving that helper into the castle"; §15.5 `helper <space> from <field>`.
    let mut g = summer(2, 0);
    g.set_resources(0, res(4, 0, 1, 0, 0)).unwrap();
    g.set_taler(0, 20).unwrap();
    choose_all(&mut g, &["trader mason", "messenger stonemason"]);
    assert_eq!(pending_seat(&g), Some(0));
    play(&mut g, 0, "place wood");
    // Income: 3 wood, 1 to the Wehrturm.
    let v = view(&g);
    let wood = &v.fields[Resource::Wood.index()];
    assert_eq!((wood.occupant, wood.placed_this_round), (Some(0), true));
    assert_eq!(v.players[0].resources, res(4, 2, 1, 0, 0));
    assert_eq!(v.players[0].helpers_in_supply, 6);
    play(&mut g, 0, "take stone");
    play(&mut g, 0, "build tower");
    assert!(g.legal_moves(0).contains(&mv("helper SM10 from wood")));
    play(&mut g, 0, "helper SM10 from wood");
    let v = view(&g);
    assert_eq!(space_occupant(&g, "SM10"), Some(0));
    assert_eq!(v.fields[Resource::Wood.index()].occupant, None);
    assert_eq!(
        v.players[0].helpers_in_supply, 6,
        "the personal supply was not used"
    );
    check_invariants(&g);
}

#[test]
fn the_card_cycle_of_section_10_4() {
    // §10.4 and §4.2: with 2 players, after 3 rounds of two non-Baumeister cards the only
    // legal pair is the last card plus the Baumeister; it brings all 8 cards back.
    let mut g = summer(2, 0);
    for pair in ["messenger trader", "mason stonemason", "worker1 worker2"] {
        choose_all(&mut g, &[pair, pair]);
        resolve_with_last_moves(&mut g);
    }
    assert_eq!(view(&g).round, 4);
    for seat in 0..2 {
        assert_eq!(g.legal_moves(seat), vec![mv("choose worker3 builder")]);
    }
    assert_eq!(
        refuse(&mut g, 0, "choose worker3 messenger"),
        BurgError::CardPlayed(Card::Bote)
    );
    choose_all(&mut g, &["worker3 builder", "builder worker3"]);
    resolve_with_last_moves(&mut g);
    let v = view(&g);
    assert_eq!(v.round, 5);
    for p in &v.players {
        assert_eq!(p.hand.len(), 8);
    }
    assert_eq!(g.legal_moves(0).len(), 21, "pairs of seven, no Baumeister");

    // With 3 (or 4) players, after 7 cards face up only the Baumeister is legal.
    let mut g = summer(3, 0);
    for card in [
        "messenger",
        "trader",
        "mason",
        "stonemason",
        "worker1",
        "worker2",
        "worker3",
    ] {
        choose_all(&mut g, &[card, card, card]);
        resolve_with_last_moves(&mut g);
    }
    let v = view(&g);
    assert_eq!(v.round, 8);
    for seat in 0..3 {
        assert_eq!(v.players[seat].played.len(), 7);
        assert_eq!(g.legal_moves(seat), vec![mv("choose builder")]);
    }
    assert_eq!(
        refuse(&mut g, 1, "choose worker3"),
        BurgError::CardPlayed(Card::Arbeiter3)
    );
    choose_all(&mut g, &["builder", "builder", "builder"]);
    let v = view(&g);
    assert_eq!(v.round, 9);
    assert!(v.players.iter().all(|p| p.hand.len() == 8));
    assert_eq!(g.legal_moves(0).len(), 7);
}

#[test]
fn schneesturm_under_a_shortage_skips_the_missing_piece_without_a_substitute() {
    // §2.6 W-STORM and §15.7: the first two pieces of each list (I: sand + clay; II: wood +
    // clay); "a piece missing from the supply is skipped and not replaced" — no stone for I,
    // no silver for II.
    let mut g = winter_round(3, WinterCard::Schneesturm);
    g.set_resources(2, res(1, 1, 14, 0, 0)).unwrap();
    let before = view(&g).supply;
    assert_eq!((before.clay, before.stone, before.silver), (0, 14, 14));
    let events = choose_all(&mut g, &["worker1", "worker2", "messenger"]);
    assert_eq!(
        filled(&events),
        vec![
            (
                Color::Red,
                Card::Arbeiter1,
                res(1, 0, 0, 0, 0),
                res(0, 0, 1, 0, 0)
            ),
            (
                Color::Blue,
                Card::Arbeiter2,
                res(0, 1, 0, 0, 0),
                res(0, 0, 1, 0, 0)
            ),
        ]
    );
    resolve_with_last_moves(&mut g);
    let v = view(&g);
    assert_eq!(v.round, 3);
    assert_eq!(v.players[0].resources, res(2, 1, 0, 0, 0));
    assert_eq!(v.players[1].resources, res(1, 2, 0, 0, 0));
    assert_eq!((v.supply.stone, v.supply.silver), (14, 14));
    check_invariants(&g);
}

#[test]
fn every_word_of_sections_14_and_15_13_parses() {
    // §14 and §15.13 (and §15.8 for the Reiter): German, English and Dutch names, any case.
    let cards = [
        (
            Card::Bote,
            &["bote", "Bote", "messenger", "bode", "Bode"][..],
        ),
        (
            Card::Haendler,
            &["händler", "Händler", "haendler", "trader", "handelaar"][..],
        ),
        (
            Card::Maurer,
            &["maurer", "mason", "bricklayer", "metselaar", "Metselaar"][..],
        ),
        (
            Card::Steinmetz,
            &["steinmetz", "Steinmetz", "stonemason", "steenhouwer"][..],
        ),
        (
            Card::Arbeiter1,
            &[
                "arbeiter1",
                "Arbeiter I",
                "worker1",
                "a1",
                "arbeider1",
                "Arbeider I",
            ][..],
        ),
        (
            Card::Arbeiter2,
            &[
                "arbeiter2",
                "Arbeiter II",
                "worker2",
                "a2",
                "arbeider2",
                "arbeider 2",
            ][..],
        ),
        (
            Card::Arbeiter3,
            &[
                "arbeiter3",
                "Arbeiter III",
                "worker3",
                "a3",
                "arbeider3",
                "WORKER 3",
            ][..],
        ),
        (
            Card::Baumeister,
            &["baumeister", "Baumeister", "builder", "bouwmeester"][..],
        ),
    ];
    for (card, words) in cards {
        for w in words {
            assert_eq!(
                mv::<Move>(&format!("choose {w}")),
                Move::Choose(vec![card]),
                "{w}"
            );
        }
    }
    let kinds = [
        (Resource::Sand, &["sand", "Sand", "zand"][..]),
        (Resource::Wood, &["wood", "holz", "Holz", "hout"][..]),
        (
            Resource::Clay,
            &["clay", "lehm", "Lehm", "leem", "ziegel", "Ziegel"][..],
        ),
        (Resource::Stone, &["stone", "stein", "Stein", "steen"][..]),
        (
            Resource::Silver,
            &["silver", "silber", "Silber", "zilver"][..],
        ),
    ];
    for (kind, words) in kinds {
        for w in words {
            assert_eq!(mv::<Move>(&format!("take {w}")), Move::Take(kind), "{w}");
            assert_eq!(mv::<Move>(&format!("place {w}")), Move::Place(kind), "{w}");
            assert_eq!(
                mv::<Move>(&format!("helper SM10 from {w}")),
                Move::Helper {
                    space: space("SM10"),
                    from: Some(kind)
                },
                "{w}"
            );
            assert_eq!(
                mv::<Move>(&format!("buy red {w}")),
                Move::Buy {
                    from: Color::Red,
                    card: None,
                    kind
                },
                "{w}"
            );
            if kind != Resource::Stone && kind != Resource::Silver {
                assert_eq!(
                    mv::<Move>(&format!("fill {w} {w}")),
                    Move::Fill(vec![kind, kind])
                );
            }
        }
    }
    // The Reiter as a field (§15.8).
    for w in ["reiter", "Reiter", "rider", "ruiter"] {
        assert_eq!(
            mv::<Move>(&format!("place {w}")),
            Move::Place(Resource::Silver),
            "{w}"
        );
        assert_eq!(
            mv::<Move>(&format!("helper SM10 from {w}")),
            Move::Helper {
                space: space("SM10"),
                from: Some(Resource::Silver)
            },
            "{w}"
        );
    }
    let tiles = [
        (Tile::Tower, &["tower", "turm", "Turm", "toren"][..]),
        (Tile::House, &["house", "haus", "Haus", "huis"][..]),
        (Tile::Wall, &["wall", "mauer", "Mauer", "muur"][..]),
        (
            Tile::GreatGate,
            &["great-gate", "Großes Tor", "grosses tor", "grote poort"][..],
        ),
        (
            Tile::SmallGate,
            &["small-gate", "Kleines Tor", "kleine poort", "Kleine Poort"][..],
        ),
        (Tile::Palas, &["palas", "Palas", "paleis"][..]),
        (
            Tile::Keep,
            &["keep", "bergfried", "Bergfried", "donjon"][..],
        ),
        (
            Tile::ServantsHouse,
            &[
                "servants-house",
                "gesindehaus",
                "Gesindehaus",
                "dienstbodenhuis",
            ][..],
        ),
        (
            Tile::Tavern,
            &["tavern", "taverne", "Taverne", "herberg"][..],
        ),
        (Tile::Stable, &["stable", "stall", "Stall", "stal"][..]),
    ];
    for (tile, words) in tiles {
        for w in words {
            assert_eq!(
                mv::<Move>(&format!("build {w}")),
                Move::Build { tile, pay: None },
                "{w}"
            );
        }
    }
    // Kinds inside a payment, silver declared in any language.
    assert_eq!(
        mv::<Move>("build Huis pay 1 Zand 1 Holz 1 Ziegel 1 Silber als Stein"),
        mv("build house pay 1 sand 1 wood 1 clay 1 silver as stone")
    );
    assert_eq!(
        mv::<Move>("build haus pay 1 zand 1 hout 1 leem 1 zilver as steen"),
        mv("build house pay 1 sand 1 wood 1 clay 1 silver as stone")
    );
}

// ---------------------------------------------------------------------------------------------
// The game's words in German and Dutch (the original terms of each platform).

#[test]
fn german_and_dutch_players_read_the_original_terms() {
    use spieltisch::games::{Draw, Layout};
    use spieltisch::i18n::{Lang, Localized, scope};
    let mut g = summer(3, 0);
    g.set_resources(0, res(4, 2, 2, 2, 1)).unwrap();
    let mut events = choose_all(&mut g, &["mason", "trader", "worker1"]);
    events.extend(play(&mut g, 1, "place holz"));
    events.extend(play(&mut g, 0, "take leem"));
    events.extend(play(&mut g, 0, "build turm"));
    let said: Vec<Localized> = events
        .iter()
        .map(|e| Localized::render(|| e.to_string()))
        .collect();
    let all = |lang: Lang| {
        said.iter()
            .map(|t| t.get(lang).to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    let en = all(Lang::En);
    assert_eq!(en, texts(&events).join(" "), "English as before");
    assert!(
        en.contains("Red's Maurer takes 1 clay from the Wehrturm."),
        "{en}"
    );
    let de = all(Lang::De);
    for word in [
        "Maurer",
        "Händler",
        "Arbeiter I",
        "Lehm",
        "Holz",
        "Wehrturm",
        "Rot",
        "Turm 1",
    ] {
        assert!(de.contains(word), "{word}: {de}");
    }
    let nl = all(Lang::Nl);
    for word in [
        "Metselaar",
        "Handelaar",
        "Arbeider I",
        "leem",
        "hout",
        "wachttoren",
        "Rood",
        "Toren 1",
    ] {
        assert!(nl.contains(word), "{word}: {nl}");
    }
    for german in [
        "Maurer", "Händler", "Arbeiter", "Lehm", "Holz", "Wehrturm", " VP",
    ] {
        assert!(!nl.contains(german), "{german}: {nl}");
    }
    // Refusals, the prompt, the description and the image.
    let refusal = |lang| scope(lang, || refuse(&mut g.clone(), 1, "done").to_string());
    assert!(
        refusal(Lang::Nl).contains("Rood is aan de beurt: Metselaar"),
        "{}",
        refusal(Lang::Nl)
    );
    assert!(
        refusal(Lang::De).contains("Rot ist am Zug: Maurer"),
        "{}",
        refusal(Lang::De)
    );
    let prompt = scope(Lang::Nl, || g.prompt().unwrap());
    assert!(prompt.starts_with("Ronde 1, Rood: Metselaar: "), "{prompt}");
    let names = ["Ann", "Ben", "Cy"].map(String::from).to_vec();
    let view = g.view(Some(0));
    let text = scope(Lang::Nl, || view.describe(&names, Layout::Seat(0)));
    assert!(
        text.contains("Metselaar") && text.contains("grondstoffen") && text.contains(" WP"),
        "{text}"
    );
    let svg = scope(Lang::Nl, || {
        spieltisch::games::burg::draw::svg(&view, &names, Layout::Hand(0)).unwrap()
    });
    for word in [
        "Wachttoren",
        "zandkar",
        "Smederij",
        "Toren 1",
        "Bouwmeester",
        "Steenhouwer",
    ] {
        assert!(svg.contains(word), "{word} missing from the Dutch image");
    }
    let svg = scope(Lang::De, || {
        spieltisch::games::burg::draw::svg(&view, &names, Layout::Hand(0)).unwrap()
    });
    for word in [
        "Wehrturm",
        "Sand-Fuhrwerk",
        "Schmiede",
        "Baumeister",
        "Steinmetz",
    ] {
        assert!(svg.contains(word), "{word} missing from the German image");
    }
}

/// The game record (`/log`) comes in the reader's language: its labels, colours, card and winter
/// card names; the moves stay in their notation. The English record is the one it always was.
#[test]
fn the_record_is_in_the_reader_s_language_with_the_moves_as_typed() {
    use spieltisch::i18n::{FluentArgs, Lang, format, scope};
    let mut g = winter(3, 0, vec![WinterCard::Brennholz]);
    choose_all(&mut g, &["mason", "messenger", "messenger"]);
    play(&mut g, 0, "take sand");
    choose_all(&mut g, &["worker1", "mason", "trader"]);
    g.forfeit(2, Forfeit::Resigned);
    let record = |lang| scope(lang, || g.transcript());
    assert_eq!(record(Lang::En), g.transcript(), "outside every scope");
    assert_eq!(
        record(Lang::En).lines().collect::<Vec<_>>(),
        [
            "Im Schutze der Burg, 3 players, winter, clockwise: Red, Blue, Green",
            "round 1 of 15, start Red",
            "  revealed: Red mason, Blue messenger, Green messenger",
            "  Red: take sand",
            "round 2 of 15, start Blue",
            "  winter: Brennholz",
            "  revealed: Blue mason, Green trader, Red worker1",
            "  Green resigns",
        ]
    );
    assert_eq!(
        record(Lang::De).lines().collect::<Vec<_>>(),
        [
            "Im Schutze der Burg, 3 Spieler, Winter, im Uhrzeigersinn: Rot, Blau, Grün",
            "Runde 1 von 15, Startspieler Rot",
            "  Aufgedeckt: Rot Maurer, Blau Bote, Grün Bote",
            "  Rot: take sand",
            "Runde 2 von 15, Startspieler Blau",
            "  Winterkarte: Brennholz",
            "  Aufgedeckt: Blau Maurer, Grün Händler, Rot Arbeiter I",
            "  Grün gibt auf",
        ]
    );
    assert_eq!(
        record(Lang::Nl).lines().collect::<Vec<_>>(),
        [
            "Im Schutze der Burg, 3 spelers, winter, met de klok mee: Rood, Blauw, Groen",
            "ronde 1 van 15, startspeler Rood",
            "  opengelegd: Rood Metselaar, Blauw Bode, Groen Bode",
            "  Rood: take sand",
            "ronde 2 van 15, startspeler Blauw",
            "  winterkaart: Brandhout",
            "  opengelegd: Blauw Metselaar, Groen Handelaar, Rood Arbeider I",
            "  Groen geeft op",
        ]
    );
    // A line of the record is its message in that language.
    for lang in [Lang::De, Lang::Nl] {
        let mut args = FluentArgs::new();
        args.set("round", 2);
        args.set("rounds", 15);
        args.set("start", scope(lang, || Color::Blue.label()));
        let round = format(lang, "burg-record-round", Some(&args)).unwrap();
        let text = record(lang);
        assert_eq!(text.lines().nth(4), Some(round.as_str()));
    }
    // The final scoring and the result.
    let mut g = summer(2, 0);
    g.set_round(12).unwrap();
    g.set_schmiede(6).unwrap();
    g.set_helper("SM10", 0).unwrap();
    g.set_vp(0, 10).unwrap();
    g.set_vp(1, 9).unwrap();
    play(&mut g, 0, "choose messenger trader");
    play(&mut g, 1, "choose messenger trader");
    while let Some(seat) = pending_seat(&g) {
        play(&mut g, seat, "pass");
    }
    assert!(g.outcome().is_some());
    let record = |lang| scope(lang, || g.transcript());
    let en = record(Lang::En);
    assert!(en.contains("\n  Red: pass\n"), "{en}");
    let tail: Vec<&str> = en.lines().rev().take(3).collect();
    assert!(tail[0].starts_with("result: Red "), "{tail:?}");
    assert!(tail[0].contains(" (rank 1)"), "{tail:?}");
    let want = "final Red: 10 VP in play; SM10 +6";
    assert!(tail.iter().any(|l| l.starts_with(want)), "{tail:?}");
    let de = record(Lang::De);
    assert!(de.contains("\n  Rot: pass\n"), "{de}");
    let tail: Vec<&str> = de.lines().rev().take(3).collect();
    assert!(tail[0].starts_with("Ergebnis: Rot "), "{tail:?}");
    assert!(tail[0].contains(" (Platz 1)"), "{tail:?}");
    let want = "Schlusswertung Rot: 10 SP im Spiel; SM10 +6";
    assert!(tail.iter().any(|l| l.starts_with(want)), "{tail:?}");
    let nl = record(Lang::Nl);
    assert!(nl.contains("\n  Rood: pass\n"), "{nl}");
    let tail: Vec<&str> = nl.lines().rev().take(3).collect();
    assert!(tail[0].starts_with("uitslag: Rood "), "{tail:?}");
    assert!(tail[0].contains(" (plaats 1)"), "{tail:?}");
    let want = "eindtelling Rood: 10 WP in het spel; SM10 +6";
    assert!(tail.iter().any(|l| l.starts_with(want)), "{tail:?}");
    for english in ["result", "final", "rank", "round", "revealed", "VP"] {
        assert!(!nl.contains(english), "{english}: {nl}");
    }
}

/// Every word of the notation in English, German and Dutch (and the spellings of §15.13),
/// in any case, reads as the same move, which prints in its canonical English form.
#[test]
fn every_word_of_the_notation_in_three_languages_reads_the_same_move() {
    let same = |forms: &[String], canonical: &str| {
        for form in forms {
            for text in [form.clone(), form.to_uppercase()] {
                let parsed = mv::<Move>(&text);
                assert_eq!(parsed.to_string(), canonical, "{text}");
            }
        }
    };
    let cards: [(&str, &[&str]); 8] = [
        ("messenger", &["messenger", "bote", "bode"]),
        (
            "trader",
            &["trader", "händler", "haendler", "handler", "handelaar"],
        ),
        ("mason", &["mason", "bricklayer", "maurer", "metselaar"]),
        ("stonemason", &["stonemason", "steinmetz", "steenhouwer"]),
        (
            "worker1",
            &[
                "worker1",
                "worker 1",
                "arbeiter I",
                "arbeiter-1",
                "arbeider I",
                "a1",
            ],
        ),
        (
            "worker2",
            &["worker2", "worker II", "arbeiter II", "arbeider 2", "a2"],
        ),
        (
            "worker3",
            &["worker3", "worker 3", "arbeiter III", "arbeider III", "a3"],
        ),
        (
            "builder",
            &["builder", "master builder", "baumeister", "bouwmeester"],
        ),
    ];
    let choose = [
        "choose", "pick", "play", "wähle", "waehle", "wählen", "wahl", "kies", "kiezen",
    ];
    for (word, forms) in cards {
        let texts: Vec<String> = forms
            .iter()
            .flat_map(|f| choose.iter().map(move |v| format!("{v} {f}")))
            .collect();
        same(&texts, &format!("choose {word}"));
    }
    let kinds: [(&str, &[&str]); 5] = [
        ("sand", &["sand", "zand"]),
        ("wood", &["wood", "holz", "hout"]),
        ("clay", &["clay", "lehm", "leem", "ziegel", "brick"]),
        ("stone", &["stone", "stein", "steen"]),
        ("silver", &["silver", "silber", "zilver"]),
    ];
    let take = ["take", "nimm", "nehme", "nehmen", "neem", "nemen"];
    let place = [
        "place",
        "put",
        "setze",
        "setzen",
        "platziere",
        "plaats",
        "plaatsen",
        "zet",
    ];
    for (word, forms) in kinds {
        let texts: Vec<String> = forms
            .iter()
            .flat_map(|f| take.iter().map(move |v| format!("{v} {f}")))
            .collect();
        same(&texts, &format!("take {word}"));
        let texts: Vec<String> = forms
            .iter()
            .flat_map(|f| place.iter().map(move |v| format!("{v} {f}")))
            .collect();
        same(&texts, &format!("place {word}"));
        let texts: Vec<String> = forms
            .iter()
            .flat_map(|f| {
                ["buy", "kaufe", "kauf", "kaufen", "koop", "kopen"]
                    .iter()
                    .map(move |v| format!("{v} blue worker2 {f}"))
            })
            .collect();
        same(&texts, &format!("buy blue worker2 {word}"));
    }
    let texts: Vec<String> = ["reiter", "rider", "ruiter", "ridder"]
        .iter()
        .map(|f| format!("place {f}"))
        .collect();
    same(&texts, "place silver");
    for (word, forms) in [
        ("sand", ["sand", "zand", "sand"]),
        ("wood", ["wood", "holz", "hout"]),
        ("clay", ["clay", "lehm", "leem"]),
    ] {
        let texts: Vec<String> = forms
            .iter()
            .flat_map(|f| {
                ["fill", "fülle", "fuelle", "fuellen", "vul", "vullen"]
                    .iter()
                    .map(move |v| format!("{v} {f}"))
            })
            .collect();
        same(&texts, &format!("fill {word}"));
    }
    let tiles: [(&str, &[&str]); 10] = [
        ("tower", &["tower", "turm", "toren"]),
        ("house", &["house", "haus", "huis"]),
        ("wall", &["wall", "mauer", "muur"]),
        (
            "great-gate",
            &[
                "great gate",
                "großes tor",
                "grosses tor",
                "grote poort",
                "GT",
            ],
        ),
        (
            "small-gate",
            &["small-gate", "kleines tor", "kleine poort", "KT"],
        ),
        ("palas", &["palas", "palace", "paleis", "PA"]),
        ("keep", &["keep", "bergfried", "donjon", "BF"]),
        (
            "servants-house",
            &["servants' house", "gesindehaus", "dienstbodenhuis", "GH"],
        ),
        ("tavern", &["tavern", "taverne", "herberg", "TV"]),
        ("stable", &["stable", "stall", "stal", "ST"]),
    ];
    for (word, forms) in tiles {
        let texts: Vec<String> = forms
            .iter()
            .flat_map(|f| {
                ["build", "bau", "baue", "bauen", "bouw", "bouwen"]
                    .iter()
                    .map(move |v| format!("{v} {f}"))
            })
            .collect();
        same(&texts, &format!("build {word}"));
    }
    // Payments: `pay`, `as` and the kinds in each language.
    let texts: Vec<String> = [
        "build house pay 1 sand 1 wood 1 clay 1 silver as stone",
        "bau haus zahle 1 sand 1 holz 1 lehm 1 silber als stein",
        "baue Haus bezahle 1 Silber als Stein, 1 Sand, 1 Holz, 1 Lehm",
        "bau haus mit 1 sand 1 holz 1 ziegel 1 silber als stein",
        "bouw huis betaal 1 zand 1 hout 1 leem 1 zilver als steen",
        "bouwen huis betalen 1 zand 1 hout 1 leem 1 zilver als steen",
        "bouw huis met 1 zand 1 hout 1 leem 1 zilver als steen",
        "build house with 1 sand 1 wood 1 clay 1 silver as stone",
    ]
    .map(String::from)
    .to_vec();
    same(
        &texts,
        "build house pay 1 sand 1 wood 1 clay 1 silver as stone",
    );
    // Helpers and the field they come from.
    let texts: Vec<String> = ["helper", "helpers", "helfer", "werker", "werkers"]
        .iter()
        .flat_map(|v| {
            ["from", "von", "vom", "van", "uit"]
                .iter()
                .map(move |w| format!("{v} tv12 {w} holz"))
        })
        .collect();
    same(&texts, "helper TV12 from wood");
    let texts: Vec<String> = [
        "helper pa17b from ruiter",
        "helfer PA17B vom Reiter",
        "werker pa17b uit ridder",
    ]
    .map(String::from)
    .to_vec();
    same(&texts, "helper PA17b from silver");
    // Colours of the seller.
    for (word, forms) in [
        ("red", ["red", "rot", "rood"]),
        ("blue", ["blue", "blau", "blauw"]),
        ("green", ["green", "grün", "groen"]),
        ("yellow", ["yellow", "gelb", "geel"]),
    ] {
        let texts: Vec<String> = forms.iter().map(|f| format!("buy {f} lehm")).collect();
        same(&texts, &format!("buy {word} clay"));
    }
    // The words without an argument.
    let pass = ["pass", "passe", "passen", "pas"].map(String::from);
    same(&pass, "pass");
    let done = ["done", "end", "finish", "fertig", "ende", "klaar", "einde"].map(String::from);
    same(&done, "done");
}

// ---------------------------------------------------------------------------------------------
// Move buttons in the reader's language.

/// Every move button of a seeded game (each legal move of each position, and a build with an
/// explicit payment wherever one may build) reads in German and in Dutch words — none of them an
/// English-only move word — and its label parses back to the very move; in English the label is
/// the notation itself.
#[test]
fn move_buttons_speak_the_reader_s_language_and_parse_back() {
    use spieltisch::i18n::{Lang, scope};
    use std::collections::BTreeSet;
    // The notation's English words (`sand` and `palas` are German words too).
    let english = [
        "choose",
        "fill",
        "place",
        "pass",
        "take",
        "buy",
        "build",
        "pay",
        "as",
        "helper",
        "from",
        "done",
        "messenger",
        "trader",
        "mason",
        "stonemason",
        "worker",
        "worker1",
        "worker2",
        "worker3",
        "builder",
        "red",
        "blue",
        "green",
        "yellow",
        "sand",
        "wood",
        "clay",
        "stone",
        "silver",
        "tower",
        "house",
        "wall",
        "great-gate",
        "great",
        "small-gate",
        "small",
        "gate",
        "palas",
        "keep",
        "servants-house",
        "servants",
        "tavern",
        "stable",
    ];
    let shared: fn(Lang) -> &'static [&'static str] = |lang| match lang {
        Lang::De => &["sand", "palas"][..],
        _ => &[][..],
    };
    let kind = |m: &Move| match m {
        Move::Choose(cards) if cards.len() == 2 => "choose two",
        Move::Choose(_) => "choose",
        Move::Fill(_) => "fill",
        Move::Place(_) => "place",
        Move::Pass => "pass",
        Move::Take(_) => "take",
        Move::Buy { card: None, .. } => "buy",
        Move::Buy { card: Some(_), .. } => "buy from a named card",
        Move::Build { pay: None, .. } => "build",
        Move::Build { pay: Some(_), .. } => "build with a payment",
        Move::Helper { from: None, .. } => "helper",
        Move::Helper { from: Some(_), .. } => "helper from a field",
        Move::Done => "done",
    };
    let mut seen = BTreeSet::new();
    let mut examples: Vec<String> = Vec::new();
    let mut check = |g: &Burg, m: &Move| {
        let notation = m.to_string();
        assert_eq!(scope(Lang::En, || g.move_label(m)), notation);
        assert_eq!(g.move_label(m), notation, "outside every scope");
        let any = AnyGame::Burg(g.clone());
        for lang in [Lang::De, Lang::Nl] {
            let label = scope(lang, || g.move_label(m));
            assert_ne!(
                label, notation,
                "{lang}: `{notation}` keeps its English words"
            );
            for word in label.split_whitespace() {
                let w = word.to_lowercase();
                assert!(
                    !english.contains(&w.as_str()) || shared(lang).contains(&w.as_str()),
                    "{lang}: `{label}` (for `{notation}`) has the English word `{word}`"
                );
            }
            let back: Move = label
                .parse()
                .unwrap_or_else(|e| panic!("{lang}: `{label}` (for `{notation}`): {e}"));
            assert_eq!(back, *m, "{lang}: `{label}` reads another move");
            // Also as the table labels a button: from the text the button sends.
            assert_eq!(scope(lang, || any.label(&notation)), label);
        }
        if seen.insert(kind(m)) {
            examples.push(format!(
                "{notation} | {} | {}",
                scope(Lang::De, || g.move_label(m)),
                scope(Lang::Nl, || g.move_label(m))
            ));
        }
    };
    for (players, winter_on, seed) in [(2, true, 41u64), (3, false, 42), (4, true, 43)] {
        let mut g = Burg::new(players, &BurgOptions { winter: winter_on }, seed).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut steps = 0;
        while g.to_act() != ToAct::Nobody {
            for seat in g.to_act().seats() {
                for m in g.legal_moves(seat) {
                    check(&g, &m);
                    if let Move::Build { tile, pay: None } = &m {
                        let held = g.view(None).players[seat].resources;
                        let pay = default_payment(tile.value(), &held).unwrap();
                        let explicit = Move::Build {
                            tile: *tile,
                            pay: Some(pay),
                        };
                        check(&g, &explicit);
                    }
                }
            }
            let seats = g.to_act().seats();
            let seat = seats[rng.random_range(0..seats.len())];
            let legal = g.legal_moves(seat);
            let builds: Vec<&Move> = legal
                .iter()
                .filter(|m| matches!(m, Move::Build { .. }))
                .collect();
            let m = if !builds.is_empty() && rng.random_bool(0.8) {
                builds[rng.random_range(0..builds.len())].clone()
            } else {
                legal[rng.random_range(0..legal.len())].clone()
            };
            g.apply(seat, &m).unwrap();
            steps += 1;
            assert!(steps < 5000);
        }
    }
    // The forms of §14 that a random game may not offer, and every card, colour, kind and tile.
    let g = summer(3, 0);
    let mut texts: Vec<String> = [
        "choose mason messenger",
        "fill sand clay",
        "place silver",
        "buy green worker2 wood",
        "build house pay 1 sand 1 wood 1 clay 1 silver as stone",
        "build great-gate pay 2 stone 1 silver as clay 1 silver as wood",
        "helper TV12",
        "helper TV12 from wood",
        "helper PA17b from silver",
    ]
    .map(String::from)
    .to_vec();
    for card in [
        "messenger",
        "trader",
        "mason",
        "stonemason",
        "worker1",
        "worker2",
        "worker3",
    ] {
        texts.push(format!("choose {card} builder"));
    }
    for color in ["red", "blue", "green", "yellow"] {
        for card in ["", " worker1", " worker3"] {
            texts.push(format!("buy {color}{card} stone"));
        }
    }
    for kind in ["sand", "wood", "clay", "stone", "silver"] {
        texts.push(format!("take {kind}"));
        texts.push(format!("place {kind}"));
    }
    for tile in Tile::ALL {
        texts.push(format!("build {tile}"));
        texts.push(format!("build {tile} pay 1 sand 1 wood 1 clay"));
    }
    for text in &texts {
        check(&g, &mv(text));
    }
    assert_eq!(seen.len(), 13, "every kind of move was labelled: {seen:?}");
    println!("{}", examples.join("\n"));
}
