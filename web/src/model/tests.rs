use starcut::{Game, Player};

use super::*;
use crate::board::parse_square;
use crate::games;
use crate::protocol::{Report, SearchJob};
use crate::saved::SavedGame;
use crate::session::EndReason;

fn dice(human: Player, seed: u64) -> (Model, Vec<Effect>) {
    Model::new(
        games::new_session(GameKind::Dice, "").unwrap(),
        human,
        seed,
        1,
    )
}

fn posted_job(effects: &[Effect]) -> Option<(u64, SearchJob)> {
    effects.iter().find_map(|e| match e {
        Effect::Post(ToWorker::Search { job, request }) => Some((*job, request.clone())),
        _ => None,
    })
}

fn done(job: u64, best: &str) -> Msg {
    Msg::Worker(FromWorker::Done {
        job,
        report: Report {
            best: Some(best.into()),
            nodes: 10,
            ..Report::default()
        },
    })
}

/// The first legal move of a position text the engine received.
fn first_move<G: Game>(config: &G::Config, position: &str) -> String {
    let pos = G::parse_position(config, position).unwrap();
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    pos.move_text(moves[0])
}

fn dice_reply(request: &SearchJob) -> String {
    let config = games::config_of::<starcut::dice::Dice>("").unwrap();
    first_move::<starcut::dice::Dice>(&config, &request.position)
}

/// Plays the first legal human move; returns the job the engine got.
fn human_move(model: &mut Model) -> (u64, SearchJob) {
    let mv = model.human_moves()[0].clone();
    let effects = model.update(Msg::MoveTyped(mv));
    posted_job(&effects).expect("engine asked to move")
}

fn thinking(model: &Model) -> bool {
    model.engine().thinking().is_some()
}

#[test]
fn the_page_rolls_then_waits_for_the_human() {
    let (model, effects) = dice(Player::First, 1);
    assert!(effects.is_empty());
    assert_eq!(model.session().cursor(), 1, "one roll applied");
    assert!(model.human_to_move());
    assert!(model.roll().is_some());
    // The die's line has five empty squares.
    assert_eq!(model.placements().len(), 5);
}

#[test]
fn engine_moving_first_gets_a_job_for_its_own_view() {
    let (model, effects) = dice(Player::Second, 1);
    let (job, request) = posted_job(&effects).unwrap();
    assert_eq!(job, 1);
    assert_eq!(request.position, model.session().view_text(Player::First));
    assert!(!model.human_to_move());
}

#[test]
fn stale_results_are_dropped_and_the_current_one_is_played() {
    let (mut model, _) = dice(Player::First, 3);
    let (job, request) = human_move(&mut model);
    let cursor = model.session().cursor();
    // An unrelated job's result changes nothing.
    model.update(done(job + 5, "a1"));
    assert_eq!(model.session().cursor(), cursor);
    assert!(thinking(&model));
    // A progress report of the current job is shown.
    model.update(Msg::Worker(FromWorker::Progress {
        job,
        report: Report {
            nodes: 5,
            ..Report::default()
        },
    }));
    assert_eq!(model.engine().report().unwrap().report.nodes, 5);
    // The real result: a legal move of the engine's position.
    let best = dice_reply(&request);
    model.update(done(job, &best));
    assert!(!thinking(&model));
    assert!(model.session().steps().iter().any(|s| s.text == best));
    // A duplicate of the same result is stale now.
    let after = model.session().cursor();
    model.update(done(job, &best));
    assert_eq!(model.session().cursor(), after);
    assert!(model.human_to_move() || model.game_over());
}

#[test]
fn the_depth_shown_never_drops_and_values_are_the_humans() {
    let (mut model, _) = dice(Player::First, 3);
    let (job, request) = human_move(&mut model);
    let report = |depth, value: f64| Report {
        depth,
        value: Some(value),
        bound: 10.0,
        ..Report::default()
    };
    model.update(Msg::Worker(FromWorker::Progress {
        job,
        report: report(5, 2.5),
    }));
    // The engine's +2.5 is -2.5 for the human.
    let eval = model.eval().unwrap();
    assert_eq!(eval.value, -2.5);
    let even = EvalShown {
        value: -0.001,
        ..eval
    };
    assert_eq!(even.text(), "0.00");
    assert_eq!(eval.text(), "-2.50");
    assert!(eval.share() < 0.5);
    // A final report with a smaller depth does not lower it (and its move,
    // from the unfinished depth 5, is not from one deeper than shown).
    let mut last = report(4, 2.5);
    last.best = Some(dice_reply(&request));
    last.deepened = true;
    model.update(Msg::Worker(FromWorker::Done { job, report: last }));
    assert_eq!(model.eval().unwrap().depth, 5);
    assert_eq!(model.eval().unwrap().depth_text(), "depth 5");
    assert!(!model.eval().unwrap().deepened);
    let deeper = EvalShown {
        deepened: true,
        ..eval
    };
    assert_eq!(deeper.depth_text(), "depth 5+");
    assert_eq!(
        deeper.depth_detail(),
        "depth 5, move from the unfinished depth 6"
    );
    assert_eq!(eval.depth_detail(), "depth 5");
    let solved = EvalShown {
        solved: true,
        ..deeper
    };
    assert_eq!(solved.depth_detail(), "solved");
    // A hint is the human's own search: its value is kept as it is.
    if model.human_to_move() {
        let effects = model.update(Msg::Hint);
        let (hint_job, _) = posted_job(&effects).unwrap();
        model.update(Msg::Worker(FromWorker::Progress {
            job: hint_job,
            report: Report {
                solved: true,
                ..report(3, 10.0)
            },
        }));
        let eval = model.eval().unwrap();
        assert_eq!(
            (eval.text(), eval.depth_text()),
            ("win".into(), "solved".into())
        );
    }
}

#[test]
fn stop_plays_the_best_move_so_far_and_replaces_the_worker() {
    let (mut model, _) = dice(Player::First, 4);
    let (job, _) = human_move(&mut model);
    let best = model.session().legal_moves()[0].clone();
    model.update(Msg::Worker(FromWorker::Progress {
        job,
        report: Report {
            best: Some(best.clone()),
            ..Report::default()
        },
    }));
    let effects = model.update(Msg::Stop);
    assert!(effects.contains(&Effect::RestartWorker));
    assert!(!thinking(&model));
    assert!(model
        .session()
        .steps()
        .iter()
        .any(|s| s.text == best && !s.chance));
    // Its final result arriving late is dropped.
    let cursor = model.session().cursor();
    model.update(done(job, &best));
    assert_eq!(model.session().cursor(), cursor);
}

#[test]
fn stop_before_any_move_leaves_the_engine_to_move() {
    let (mut model, _) = dice(Player::First, 5);
    human_move(&mut model);
    let cursor = model.session().cursor();
    let effects = model.update(Msg::Stop);
    assert!(effects.contains(&Effect::RestartWorker));
    assert_eq!(model.session().cursor(), cursor);
    assert!(model.engine_may_move());
    let effects = model.update(Msg::EngineMove);
    assert!(posted_job(&effects).is_some());
}

#[test]
fn a_crash_is_reported_and_the_game_kept() {
    let (mut model, _) = dice(Player::First, 6);
    human_move(&mut model);
    let record = model.session().record_text();
    let effects = model.update(Msg::WorkerFailed("boom".into()));
    assert_eq!(effects, vec![Effect::RestartWorker]);
    assert!(model.notice().unwrap().text.contains("boom"));
    assert_eq!(model.session().record_text(), record);
    assert!(model.engine_may_move());
}

#[test]
fn undo_goes_back_to_the_humans_turn_and_redo_returns() {
    let (mut model, _) = dice(Player::First, 7);
    let start = model.session().cursor();
    let (job, _) = human_move(&mut model);
    // Undo while the engine thinks: the search is abandoned.
    let effects = model.update(Msg::Undo);
    assert!(effects.contains(&Effect::RestartWorker));
    assert_eq!(model.session().cursor(), start);
    assert!(model.human_to_move());
    model.update(done(job, "a1"));
    assert_eq!(
        model.session().cursor(),
        start,
        "the abandoned job is stale"
    );
    let effects = model.update(Msg::Redo);
    assert!(model.session().cursor() > start);
    assert!(
        posted_job(&effects).is_some(),
        "the engine is to move again"
    );
}

#[test]
fn clicking_a_legal_square_plays_it_and_others_do_nothing() {
    let (mut model, _) = dice(Player::First, 8);
    let (sq, mv) = model.placements()[0].clone();
    let illegal = (0..5)
        .flat_map(|row| (0..5).map(move |col| Sq { row, col }))
        .find(|s| model.placements().iter().all(|(p, _)| p != s))
        .unwrap();
    let cursor = model.session().cursor();
    model.update(Msg::PointerDown(illegal));
    assert_eq!(model.session().cursor(), cursor);
    model.update(Msg::PointerDown(sq));
    assert_eq!(model.session().steps()[cursor].text, mv);
    assert_eq!(parse_square(&mv, 5, 5), Some(sq));
}

#[test]
fn typed_moves_take_any_case_and_a_refused_one_stays_to_be_fixed() {
    let (mut model, _) = dice(Player::First, 8);
    let mv = model.placements()[0].1.clone();
    let effects = model.update(Msg::MoveTyped("zz9".into()));
    assert!(!effects.contains(&Effect::ClearMoveInput), "the text stays");
    let text = &model.notice().unwrap().text;
    assert_eq!(text.matches("zz9").count(), 1, "named once: {text}");
    let effects = model.update(Msg::MoveTyped(format!("  {} ", mv.to_uppercase())));
    assert!(effects.contains(&Effect::ClearMoveInput));
    assert!(model.session().steps().iter().any(|s| s.text == mv));
}

#[test]
fn a_move_tried_while_browsing_returns_to_the_current_position() {
    let (mut model, _) = dice(Player::First, 9);
    let (job, request) = human_move(&mut model);
    model.update(done(job, &dice_reply(&request)));
    assert!(model.human_to_move());
    let cursor = model.session().cursor();
    model.update(Msg::Browse(Nav::First));
    assert!(model.browsing());
    let (sq, _) = {
        model.update(Msg::Browse(Nav::Last));
        let p = model.placements()[0].clone();
        model.update(Msg::Browse(Nav::First));
        p
    };
    model.update(Msg::PointerDown(sq));
    assert!(!model.browsing(), "back at the current position");
    assert_eq!(model.session().cursor(), cursor, "nothing played unseen");
    assert!(model.notice().unwrap().text.contains("current position"));
    // Typed while browsing: the same, and the text stays in the box.
    model.update(Msg::Browse(Nav::Prev));
    let effects = model.update(Msg::MoveTyped("a1".into()));
    assert!(!model.browsing());
    assert!(!effects.contains(&Effect::ClearMoveInput));
}

#[test]
fn the_hint_belongs_to_its_position() {
    let (mut model, _) = dice(Player::First, 10);
    let effects = model.update(Msg::Hint);
    let (job, _) = posted_job(&effects).unwrap();
    let hint = model.placements()[0].1.clone();
    model.update(done(job, &hint));
    assert_eq!(model.hint(), Some(hint.as_str()));
    model.update(Msg::Browse(Nav::First));
    assert_eq!(model.hint(), None, "not shown on another position");
    model.update(Msg::Browse(Nav::Last));
    assert_eq!(model.hint(), Some(hint.as_str()));
}

#[test]
fn resigning_asks_first() {
    let (mut model, _) = dice(Player::First, 11);
    model.update(Msg::Resign);
    assert!(model.confirming_resign());
    assert!(!model.game_over());
    model.update(Msg::CancelResign);
    assert!(!model.confirming_resign() && !model.game_over());
    model.update(Msg::Resign);
    model.update(Msg::ConfirmResign);
    assert!(model.game_over());
    assert_eq!(
        model.ending(),
        Some((Some(Player::Second), EndReason::Resigned))
    );
    assert!(model.announcement().contains("resigned"));
}

#[test]
fn rolls_are_fair_and_reproducible_from_the_seed() {
    let mut seen = std::collections::HashMap::new();
    for seed in 0..300 {
        let (a, _) = dice(Player::First, seed);
        let (b, _) = dice(Player::First, seed);
        assert_eq!(a.session().record_text(), b.session().record_text());
        *seen.entry(a.roll().unwrap().text.clone()).or_insert(0) += 1;
    }
    // Five equally likely rolls in 300 games: each about 60.
    assert_eq!(seen.len(), 5, "{seen:?}");
    assert!(seen.values().all(|&n| (30..=90).contains(&n)), "{seen:?}");
}

#[test]
fn a_saved_game_resumes_exactly_and_a_tampered_one_changes_nothing() {
    let (mut model, _) = dice(Player::First, 9);
    let (job, request) = human_move(&mut model);
    model.update(done(job, &dice_reply(&request)));
    let saved = SavedGame::of(&model);
    let (mut other, _) = dice(Player::Second, 99);
    other.update(Msg::Resume {
        id: 7,
        saved: Box::new(SavedGame::from_json(&saved.to_json()).unwrap()),
    });
    assert_eq!(other.session().record_text(), model.session().record_text());
    assert_eq!(other.human(), Player::First);
    assert_eq!(other.seed(), 9);
    assert_eq!(other.game_id(), 7);
    // A tampered record is an error naming the step; the game stays.
    let mut broken = saved.clone();
    broken.record = saved.record.replacen('\n', "\nzz ", 1);
    let before = other.session().record_text();
    other.update(Msg::Resume {
        id: 8,
        saved: Box::new(broken),
    });
    assert!(other.notice().unwrap().text.contains("step"));
    assert_eq!(other.session().record_text(), before);
    assert_eq!(other.game_id(), 7);
}

#[test]
fn a_link_never_replaces_a_game_in_progress_without_asking() {
    let (mut linked, _) = dice(Player::First, 21);
    let (job, request) = human_move(&mut linked);
    linked.update(done(job, &dice_reply(&request)));
    let link = SavedGame::from_fragment(&SavedGame::of(&linked).to_fragment()).unwrap();

    // A fresh game (no move of ours yet) is replaced at once, and keeps
    // the player's settings (a link carries none).
    let (mut fresh, _) = dice(Player::First, 22);
    let mut mine_settings = fresh.settings().clone();
    mine_settings.forward.multicut = true;
    mine_settings.probe_factor = 3;
    fresh.update(Msg::Settings(mine_settings.clone()));
    fresh.update(Msg::OfferLink {
        id: 30,
        saved: Box::new(link.clone()),
    });
    assert_eq!(fresh.game_id(), 30);
    assert_eq!(fresh.settings(), &mine_settings);
    assert_eq!(
        fresh.session().record_text(),
        linked.session().record_text()
    );

    // A game with moves: the link is offered, then kept or opened.
    let (mut mine, _) = dice(Player::First, 23);
    let (job, request) = human_move(&mut mine);
    mine.update(done(job, &dice_reply(&request)));
    let my_record = mine.session().record_text();
    mine.update(Msg::OfferLink {
        id: 31,
        saved: Box::new(link.clone()),
    });
    assert!(mine.offer().unwrap().description.contains("Dice game"));
    assert_eq!(mine.session().record_text(), my_record);
    mine.update(Msg::KeepGame);
    assert!(mine.offer().is_none());
    assert_eq!(mine.session().record_text(), my_record);
    assert_eq!(mine.game_id(), 1);
    mine.update(Msg::OfferLink {
        id: 32,
        saved: Box::new(link.clone()),
    });
    mine.update(Msg::AcceptLink);
    assert_eq!(mine.game_id(), 32, "opened as a game of its own");
    assert_eq!(mine.session().record_text(), linked.session().record_text());

    // A link with an illegal step is refused and changes nothing.
    let (mut kept, _) = dice(Player::First, 24);
    let before = kept.session().record_text();
    let mut bad = link.clone();
    let last = bad.record.rsplit('\n').next().unwrap().to_string();
    bad.record = bad.record.replace(&last, "zz9");
    kept.update(Msg::OfferLink {
        id: 33,
        saved: Box::new(bad),
    });
    let notice = kept.notice().unwrap();
    assert!(notice.error && notice.text.contains("could not be opened"));
    assert!(notice.text.contains("unchanged"), "{}", notice.text);
    assert_eq!(kept.session().record_text(), before);
    assert_eq!(kept.game_id(), 1);
}

#[test]
fn the_move_list_pairs_turns_with_their_rolls() {
    let (mut model, _) = dice(Player::First, 12);
    for _ in 0..3 {
        let (job, request) = human_move(&mut model);
        model.update(done(job, &dice_reply(&request)));
    }
    let steps: Vec<String> = model
        .session()
        .steps()
        .iter()
        .map(|s| s.text.clone())
        .collect();
    let rows = moves::rows(model.session());
    assert_eq!(rows.len(), 4, "three full moves and the human's roll");
    assert_eq!(rows[0].number, 1);
    let first = rows[0].turns[0].as_ref().unwrap();
    assert_eq!(first.steps, steps[..2], "roll then placement");
    assert_eq!(first.roll.as_ref().unwrap().text, steps[0]);
    assert!(first.roll.as_ref().unwrap().before);
    assert_eq!(first.shown, steps[1]);
    assert_eq!(first.end, 2);
    let second = rows[0].turns[1].as_ref().unwrap();
    assert_eq!(second.mover, Player::Second);
    assert_eq!(second.end, 4);
    // The pending roll is a turn without a move yet.
    let pending = rows[3].turns[0].as_ref().unwrap();
    assert!(pending.shown.is_empty());
    // Every step appears once, in order.
    let flat: Vec<String> = rows
        .iter()
        .flat_map(|r| r.turns.iter().flatten())
        .flat_map(|t| t.steps.clone())
        .collect();
    assert_eq!(flat, steps);
}

fn breakthrough(kind: GameKind) -> Model {
    let (mut model, _) = dice(Player::First, 1);
    model.update(Msg::NewGame {
        kind,
        human: Player::First,
        options: String::new(),
        seed: 5,
        id: 2,
    });
    model
}

#[test]
fn a_roll_in_chance_breakthrough_is_shown_with_its_square() {
    let mut model = breakthrough(GameKind::ChanceBreakthrough);
    let effects = model.update(Msg::Roll);
    let (job, _) = posted_job(&effects).unwrap();
    let steps = model.session().steps();
    assert_eq!(steps[0].text, "roll");
    assert!(steps[1].chance);
    let rows = moves::rows(model.session());
    let turn = rows[0].turns[0].as_ref().unwrap();
    assert_eq!(turn.shown, "roll");
    assert_eq!(turn.roll.as_ref().unwrap().text, steps[1].text);
    assert!(!turn.roll.as_ref().unwrap().before);
    // The emptied square is part of the last move (unless nothing was hit).
    let emptied = model.emptied_square();
    assert_eq!(emptied.is_some(), steps[1].text != "none");
    model.update(done(job, "a7a6"));
    assert_eq!(
        model.last_move_squares(),
        vec![Sq { row: 1, col: 0 }, Sq { row: 2, col: 0 }]
    );
}

#[test]
fn the_live_line_shows_the_engines_move_and_the_reply_it_expects() {
    // Plain Breakthrough, the engine thinks after the human's first move.
    let mut model = breakthrough(GameKind::Breakthrough);
    let effects = model.update(Msg::MoveTyped("a2a3".into()));
    let (job, _) = posted_job(&effects).unwrap();
    assert!(model.thinking_line().is_empty(), "no report yet");
    let progress = |pv: &[&str]| {
        Msg::Worker(FromWorker::Progress {
            job,
            report: Report {
                best: pv.first().map(|m| m.to_string()),
                pv: pv.iter().map(|m| m.to_string()).collect(),
                ..Report::default()
            },
        })
    };
    model.update(progress(&["h7h6", "b2b3", "g7g6"]));
    let line = model.thinking_line();
    assert_eq!(
        line,
        vec![
            (
                Player::Second,
                vec![Sq { row: 1, col: 7 }, Sq { row: 2, col: 7 }]
            ),
            (
                Player::First,
                vec![Sq { row: 6, col: 1 }, Sq { row: 5, col: 1 }]
            ),
        ],
        "the engine's move and the human's expected reply, nothing more"
    );
    // A line that stops being legal is cut where it stops.
    model.update(progress(&["h7h6", "h7h5"]));
    assert_eq!(model.thinking_line().len(), 1);
    // Browsing an earlier position hides it.
    model.update(Msg::Browse(Nav::First));
    assert!(model.thinking_line().is_empty());
}

#[test]
fn every_ending_says_why() {
    // Breakthrough: a White piece reaches rank 8.
    let session =
        games::load_session(GameKind::Breakthrough, "", "8/1w6/8/7b/8/8/8/8 w\nb7b8").unwrap();
    assert_eq!(
        session.end_reason(),
        Some(EndReason::LastRank {
            square: "b8".into()
        })
    );
    let session =
        games::load_session(GameKind::Breakthrough, "", "8/8/8/8/8/8/1b6/w7 w\na1b2").unwrap();
    assert_eq!(session.end_reason(), Some(EndReason::AllCaptured));
    let session = games::load_session(
        GameKind::Breakthrough,
        "max_plies=1",
        "8/8/8/b7/8/8/8/7w w\nh1h2",
    )
    .unwrap();
    assert_eq!(
        session.end_reason(),
        Some(EndReason::MoveLimit { plies: 1 })
    );
    // Dice: a full column, a full row, a diagonal; a full board.
    for (record, line) in [
        ("c1r/c1r/3 c 1\na1", "column a"),
        ("r2/cc1/r2 c 3\nc2", "row 2"),
        ("r1c/1c1/2r c 1\na1", "the diagonal a1–c3"),
    ] {
        let session = games::load_session(GameKind::Dice, "size=3", record).unwrap();
        assert_eq!(
            session.end_reason(),
            Some(EndReason::Line { line: line.into() }),
            "{record}"
        );
    }
    let session = games::load_session(GameKind::Dice, "", "5/5/5/5/5 c").unwrap();
    assert_eq!(session.end_reason(), None, "not over");
    // Stratego: the Flag captured by a Scout; no movable piece left.
    let flag = games::load_session(
        GameKind::Barrage,
        "",
        "bF9/10/10/10/10/10/10/10/10/r9rF8 r\na1a10",
    )
    .unwrap();
    assert_eq!(
        flag.end_reason(),
        Some(EndReason::FlagCaptured {
            by: starcut::stratego::Rank::Scout
        })
    );
    let stuck = games::load_session(
        GameKind::Barrage,
        "",
        "bFbB8/b99/r19/10/10/10/10/10/10/rF9 r\na8a9",
    )
    .unwrap();
    assert_eq!(stuck.end_reason(), Some(EndReason::NoMoves));
}

fn stratego(kind: GameKind, human: Player) -> (Model, Vec<Effect>) {
    let (mut model, _) = dice(human, 1);
    let effects = model.update(Msg::NewGame {
        kind,
        human,
        options: String::new(),
        seed: 11,
        id: 2,
    });
    (model, effects)
}

/// Every piece of `owner` in a position text the engine receives is
/// hidden, unless the text marks it as revealed: its ranks are `?` or `!`
/// (the text is what crosses to the worker, so it is read as text here).
fn assert_hidden(kind: GameKind, text: &str, owner: Player) {
    assert!(kind.is_stratego());
    let colour = if owner == Player::First { 'r' } else { 'b' };
    let placement = text.split_whitespace().next().unwrap();
    let chars: Vec<char> = placement.chars().filter(|&c| c != '/').collect();
    let mut count = 0;
    let mut i = 0;
    while i < chars.len() {
        if chars[i].is_ascii_digit() {
            i += 1;
            continue;
        }
        let (c, rank) = (chars[i], chars[i + 1]);
        if c == colour {
            count += 1;
            assert!(matches!(rank, '?' | '!'), "{text}");
        }
        i += 2;
    }
    assert!(count > 0, "{text}");
}

#[test]
fn stratego_setup_swaps_and_the_engine_never_sees_hidden_ranks() {
    for kind in [GameKind::Stratego, GameKind::Barrage] {
        for human in [Player::First, Player::Second] {
            let (mut model, effects) = stratego(kind, human);
            assert!(posted_job(&effects).is_none(), "no search during setup");
            assert!(model.setup().is_some());
            assert!(!model.human_to_move());
            // The human sees his own ranks, not the engine's.
            let board = model.board().clone();
            for p in board.cells.iter().flatten() {
                assert_eq!(p.hidden, p.owner != human, "{kind:?} {human:?}");
            }
            // Swap two of the human's squares by clicking.
            let cells: Vec<Sq> = (0..10)
                .flat_map(|row| (0..10).map(move |col| Sq { row, col }))
                .filter(|&sq| games::setup::cell_of(human, sq).is_some())
                .filter(|&sq| board.at(sq).is_some())
                .collect();
            let (a, b) = (
                cells[0],
                *cells
                    .iter()
                    .find(|&&sq| {
                        board.at(sq).map(|p| &p.label) != board.at(cells[0]).map(|p| &p.label)
                    })
                    .unwrap(),
            );
            model.update(Msg::PointerDown(a));
            model.update(Msg::PointerDown(b));
            let after = model.board().clone();
            assert_eq!(after.at(a).map(|p| &p.label), board.at(b).map(|p| &p.label));
            assert_eq!(after.at(b).map(|p| &p.label), board.at(a).map(|p| &p.label));

            let effects = model.update(Msg::SetupDone);
            assert!(model.setup().is_none());
            // The engine searches only as Red (first); as Blue it waits.
            let job = posted_job(&effects);
            assert_eq!(job.is_some(), human == Player::Second);
            let request = match job {
                Some((_, request)) => request,
                None => model.search_job(model.engine_side()),
            };
            assert_hidden(kind, &request.position, human);
            // What crosses to the worker: serialize the message and read
            // the position back from the wire form.
            let wire = serde_json::to_string(&ToWorker::Search { job: 1, request }).unwrap();
            let Ok(ToWorker::Search { request: back, .. }) =
                serde_json::from_str::<ToWorker>(&wire)
            else {
                panic!("{wire}");
            };
            assert_hidden(kind, &back.position, human);
            // The human's true setup differs from what was sent.
            assert_ne!(back.position, model.session().view_text(human));
        }
    }
}

fn stratego_reply(request: &SearchJob, kind: GameKind) -> String {
    let config = games::config_of::<starcut::stratego::Stratego>(if kind == GameKind::Barrage {
        "variant=barrage"
    } else {
        ""
    })
    .unwrap();
    first_move::<starcut::stratego::Stratego>(&config, &request.position)
}

#[test]
fn stratego_hidden_ranks_stay_hidden_while_playing() {
    let (mut model, _) = stratego(GameKind::Stratego, Player::First);
    model.update(Msg::SetupDone);
    for _ in 0..10 {
        if !model.human_to_move() {
            break;
        }
        let (job, request) = human_move(&mut model);
        // Pieces that fought are revealed; the others stay hidden.
        assert_hidden(GameKind::Stratego, &request.position, Player::First);
        model.update(done(job, &stratego_reply(&request, GameKind::Stratego)));
    }
    assert!(model.session().cursor() >= 4);
}

/// A Barrage game from a shared start position, the human playing Red.
fn barrage_as_red(start: &str) -> Model {
    let saved = SavedGame::from_fragment(&format!(
        "game=barrage&side=first&seed=1&record={}",
        crate::saved::percent_encode(&format!("{start}\n"))
    ))
    .unwrap();
    let (mut model, _) = dice(Player::First, 1);
    model.update(Msg::Resume {
        id: 3,
        saved: Box::new(saved),
    });
    model
}

#[test]
fn undo_never_takes_back_what_a_battle_revealed() {
    // Barrage from a shared position: Red's Scout a4 faces Blue's on a6.
    let mut model = barrage_as_red("bFbB8/b1b2b8b9bS5/10/10/b99/10/r99/10/r1r2r8r9rS5/rFrB8 r");
    assert!(model.human_to_move());
    // A battle at once: Red's Scout runs a4-a6 into Blue's Scout.
    let effects = model.update(Msg::MoveTyped("a4a6".into()));
    let step = &model.session().steps()[0];
    let b = step.battle.expect("a battle");
    assert_eq!(
        (b.attacker_rank.to_char(), b.defender_rank.to_char()),
        ('9', '9')
    );
    assert_eq!(b.winner, None);
    assert!(step.reveals);
    // The battle is shown with both ranks, in the strip and the move list.
    assert_eq!(
        model
            .battle()
            .unwrap()
            .text(GameKind::Barrage.player_names()),
        "Red's Scout (9) attacks Blue's Scout (9): both pieces are removed."
    );
    let turn = moves::rows(model.session())[0].turns[0].clone().unwrap();
    assert_eq!(turn.shown, "a4xa6 (9×9)");
    assert_eq!(turn.steps, vec!["a4a6".to_string()]);
    // Undo cannot go back past it, not even while the engine thinks.
    assert!(!model.can_undo());
    model.update(Msg::Undo);
    assert_eq!(model.session().cursor(), 1);
    assert!(model.undo_blocked().unwrap().contains("battle"));
    let (job, request) = posted_job(&effects).expect("the engine replies");
    model.update(done(job, &stratego_reply(&request, GameKind::Barrage)));
    // A first move of a hidden piece reveals that it moves: a barrier too.
    let effects = model.update(Msg::MoveTyped("b2b3".into()));
    assert!(model.session().steps()[2].reveals);
    assert!(!model.can_undo());
    assert!(model.undo_blocked().unwrap().contains("move 2"));
    // A piece known to move steps back and forth: that can be undone.
    let (job, request) = posted_job(&effects).expect("the engine replies");
    model.update(done(job, &stratego_reply(&request, GameKind::Barrage)));
    assert!(model.human_to_move());
    model.update(Msg::MoveTyped("b3b2".into()));
    assert!(!model.session().steps()[4].reveals);
    assert!(model.can_undo());
    model.update(Msg::Undo);
    assert_eq!(model.session().cursor(), 4);
}

#[test]
fn a_finished_stratego_game_shows_every_piece_and_cannot_be_undone() {
    let mut model = barrage_as_red("bF9/10/10/10/10/10/10/10/10/r9rF8 r");
    assert!(model.board().cells.iter().flatten().any(|p| p.hidden));
    model.update(Msg::MoveTyped("a1a10".into()));
    assert!(model.game_over());
    assert!(model
        .announcement()
        .contains("Flag was captured by the Scout"));
    assert!(!model.board().cells.iter().flatten().any(|p| p.hidden));
    assert!(!model.can_undo());
}

#[test]
fn a_setup_in_progress_survives_saving() {
    let (mut model, _) = stratego(GameKind::Barrage, Player::Second);
    model.update(Msg::SetupRandom(77));
    let saved = SavedGame::of(&model);
    let (mut other, _) = dice(Player::First, 1);
    let effects = other.update(Msg::Resume {
        id: 4,
        saved: Box::new(SavedGame::from_json(&saved.to_json()).unwrap()),
    });
    assert!(
        posted_job(&effects).is_none(),
        "the engine waits for the setup"
    );
    assert_eq!(other.setup(), model.setup());
    assert_eq!(other.session().record_text(), model.session().record_text());
    // A tampered setup is refused.
    let mut bad = saved.clone();
    bad.human_setup.as_mut().unwrap().0 = "junk".into();
    assert!(bad.load().is_err());
}

#[test]
fn options_belong_to_their_game() {
    let (mut model, _) = dice(Player::First, 1);
    model.update(Msg::NewGame {
        kind: GameKind::Dice,
        human: Player::First,
        options: games::options_text(GameKind::Dice, &[("size", 7)]).unwrap(),
        seed: 1,
        id: 2,
    });
    assert_eq!(model.session().options(), "size=7");
    // The next game's form sends its own options only.
    let options =
        games::options_text(GameKind::ChanceBreakthrough, &[("rows", 6), ("cols", 5)]).unwrap();
    assert_eq!(options, "rows=6,cols=5");
    model.update(Msg::NewGame {
        kind: GameKind::ChanceBreakthrough,
        human: Player::First,
        options,
        seed: 1,
        id: 3,
    });
    assert!(model.notice().is_none(), "{:?}", model.notice());
    assert_eq!(model.kind(), GameKind::ChanceBreakthrough);
    assert!(games::options_text(GameKind::ChanceBreakthrough, &[("size", 7)]).is_err());
    assert_eq!(
        games::option_values(GameKind::ChanceBreakthrough, "cols=5"),
        vec![("rows", 8), ("cols", 5), ("max_plies", 500)]
    );
}

#[test]
fn the_piece_tracker_counts_what_the_player_knows_of_the_enemy_army() {
    let mut model = barrage_as_red("bFbB8/b1b2b8b9bS5/10/10/b99/10/r99/10/r1r2r8r9rS5/rFrB8 r");
    let rows = model.tracker().unwrap();
    let scout = rows.iter().find(|r| r.rank.to_char() == '9').unwrap();
    assert_eq!(
        (scout.army, scout.taken, scout.identified, scout.unknown()),
        (2, 0, 0, 2)
    );
    assert_eq!(rows.iter().map(|r| u32::from(r.army)).sum::<u32>(), 8);
    // Scout takes Scout: one Blue Scout is now accounted for (taken).
    model.update(Msg::MoveTyped("a4a6".into()));
    let rows = model.tracker().unwrap();
    let scout = rows.iter().find(|r| r.rank.to_char() == '9').unwrap();
    assert_eq!((scout.taken, scout.unknown()), (1, 1));
    let lost = &model.board().captured;
    assert_eq!(lost.len(), 2, "{lost:?}");
    assert!(dice(Player::First, 1).0.tracker().is_none());
}

#[test]
fn a_review_values_every_position_and_marks_the_moves_that_lost() {
    let (mut model, _) = dice(Player::First, 31);
    for _ in 0..2 {
        let (job, request) = human_move(&mut model);
        model.update(done(job, &dice_reply(&request)));
    }
    let cursor = model.session().cursor();
    let effects = model.update(Msg::ReviewStart);
    assert!(model.review().running());
    let mut next = posted_job(&effects);
    let mut searched = 0;
    while let Some((job, request)) = next {
        searched += 1;
        // The player's own view of each position, a short fixed search.
        assert_eq!(
            request.settings.strength,
            crate::strength::Strength::Research
        );
        // The searching side's value: +1 everywhere, so the player's value
        // is +1 where he is to move and -1 elsewhere.
        let effects = model.update(Msg::Worker(FromWorker::Done {
            job,
            report: Report {
                value: Some(1.0),
                ..Report::default()
            },
        }));
        next = posted_job(&effects);
    }
    assert!(!model.review().running());
    assert_eq!(
        model.review().values().len(),
        cursor + 1,
        "every position valued"
    );
    assert!(searched > 0 && searched <= cursor + 1);
    // Values are the player's: positions where the engine is to move flip.
    for (&n, &v) in model.review().values() {
        let side = model.session().to_move_at(n);
        assert_eq!(
            v,
            if side == Player::First { 1.0 } else { -1.0 },
            "step {n}"
        );
    }
    // A saved game keeps them; a stop and a restart search nothing again.
    let saved = SavedGame::of(&model);
    assert_eq!(saved.review.len(), cursor + 1);
    let effects = model.update(Msg::ReviewStart);
    assert!(posted_job(&effects).is_none(), "nothing left to search");
    // A new move at the cursor keeps the values before it.
    let before = model.review().values().len();
    let (job, request) = human_move(&mut model);
    model.update(done(job, &dice_reply(&request)));
    assert!(model.review().values().len() >= before);
}

#[test]
fn stopping_a_review_cancels_its_search_and_a_move_stops_it() {
    let (mut model, _) = dice(Player::First, 32);
    let (job, request) = human_move(&mut model);
    model.update(done(job, &dice_reply(&request)));
    let effects = model.update(Msg::ReviewStart);
    assert!(posted_job(&effects).is_some());
    let effects = model.update(Msg::ReviewStop);
    assert!(effects.contains(&Effect::RestartWorker));
    assert!(!model.review().running());
    model.update(Msg::ReviewStart);
    assert!(model.human_to_move(), "the player may move during a review");
    model.update(Msg::MoveTyped(model.human_moves()[0].clone()));
    assert!(!model.review().running(), "a move stops the review");
}

#[test]
fn setups_are_swapped_by_drag_and_own_setups_are_checked() {
    let (mut model, _) = stratego(GameKind::Barrage, Player::First);
    let board = model.board().clone();
    let own: Vec<Sq> = (0..10)
        .flat_map(|row| (0..10).map(move |col| Sq { row, col }))
        .filter(|&sq| games::setup::cell_of(Player::First, sq).is_some())
        .collect();
    let a = *own.iter().find(|&&sq| board.at(sq).is_some()).unwrap();
    let b = *own.iter().find(|&&sq| board.at(sq).is_none()).unwrap();
    // Pointer down on a piece, up on an empty square: swapped.
    model.update(Msg::PointerDown(a));
    model.update(Msg::PointerUp(b));
    let after = model.board().clone();
    assert!(after.at(a).is_none() && after.at(b).is_some());
    // An own setup: used when it is the army, refused (named) otherwise.
    let text = games::setup::preset("barrage-2").unwrap();
    model.update(Msg::SetupOwn {
        name: "mine".into(),
        text: text.clone(),
    });
    assert_eq!(model.setup().unwrap().human_setup, text);
    assert_eq!(model.setup().unwrap().preset.as_deref(), Some("mine"));
    model.update(Msg::SetupOwn {
        name: "bad".into(),
        text: "9........9/..8......./........../.........F".into(),
    });
    assert!(model.notice().unwrap().text.contains("not valid"));
    assert_eq!(
        model.setup().unwrap().human_setup,
        text,
        "the setup is kept"
    );
}

#[test]
fn the_humans_battle_stays_on_show_under_the_engines_quiet_reply() {
    let mut model = barrage_as_red("bFbB8/b1b2b8b9bS5/10/10/b99/10/r99/10/r1r2r8r9rS5/rFrB8 r");
    let effects = model.update(Msg::MoveTyped("a4a6".into()));
    let (job, _) = posted_job(&effects).expect("the engine replies");
    // The engine answers at once with a quiet move (its Miner steps down).
    model.update(done(job, "c9c8"));
    assert_eq!(model.session().cursor(), 2);
    let b = model.battle().expect("the human's battle still shown");
    assert_eq!((b.after, b.info.attacker), (1, Player::First));
    // The page does not play it again: the same strip, the same key.
    assert_eq!(model.strip_key(), Some((1 << 40) | 1));
    assert_eq!(
        model.last_move_text(),
        "Blue (engine) played c9c8. Before it: Red's Scout (9) attacks Blue's Scout (9): \
         both pieces are removed."
    );
    // Two quiet moves after it, the strip is free again.
    model.update(Msg::MoveTyped("d2d3".into()));
    assert_eq!(model.session().cursor(), 3, "{:?}", model.notice());
    assert!(model.battle().is_none());
}

#[test]
fn after_an_undo_the_strip_and_the_evaluation_are_the_shown_positions() {
    let (mut model, _) = dice(Player::First, 3);
    let first = model.roll().expect("the first roll");
    assert_eq!(first.serial, 1);
    let (job, request) = human_move(&mut model);
    model.update(Msg::Worker(FromWorker::Done {
        job,
        report: Report {
            best: Some(dice_reply(&request)),
            value: Some(0.25),
            bound: 1.0,
            nodes: 10,
            ..Report::default()
        },
    }));
    assert!(model.human_to_move());
    // The human's next roll is the record's last step, and the engine's
    // evaluation is shown.
    let latest = model.roll().unwrap();
    assert_eq!(latest.serial as usize, model.session().cursor());
    assert_ne!(latest, first);
    assert!(model.eval().is_some());
    assert!(model.strip_fresh());
    model.update(Msg::Undo);
    assert_eq!(model.session().cursor(), 1);
    // The roll of the position now on the board, not of the one taken
    // back; not played again; and no evaluation of a position taken back.
    assert_eq!(model.roll(), Some(first));
    assert!(!model.strip_fresh());
    assert!(model.eval().is_none());
    assert!(model.report().is_none());
    // Redo brings both back.
    model.update(Msg::Redo);
    assert_eq!(model.roll(), Some(latest));
    assert!(model.eval().is_some());
}
