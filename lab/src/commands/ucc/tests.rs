//! Manager transcripts: the agent reads a scripted game of the Stratego AI
//! Evaluator and must answer with the scripted moves' lines, keep its view
//! right through Scout runs and battles of every kind (checked against the
//! manager's boards in strict mode), for both colours, and stop at a QUIT
//! in the middle of a turn.
//!
//! The transcripts' move lines are written out; the test checks each one
//! against the true game (both setups known to it) before the agent sees
//! it, and draws the board lines from the true game as the manager would.

use std::collections::VecDeque;

use starcut::stratego::ucc::{board_lines, outcome_of, parse_setup_lines, UccReport};
use starcut::stratego::{Move, Rank, Setup, Stratego, StrategoConfig};
use starcut::{Game, Player, Status};

use super::{Agent, Chooser, End};

/// Plays the given moves (starcut notation), checking each is legal in the
/// agent's view.
struct Scripted(VecDeque<&'static str>);

impl Chooser for Scripted {
    fn choose(&mut self, view: &Stratego) -> Option<Move> {
        let text = self
            .0
            .pop_front()
            .expect("the script has a move for every turn");
        Some(
            view.parse_move(text)
                .unwrap_or_else(|e| panic!("{text} is not legal in the agent's view: {e}")),
        )
    }
}

/// Red's setup, from y = 0 (its back row) down to y = 3.
const RED: [&str; 4] = ["BBBBFBB998", "5566s47788", "9266937798", "9144935598"];
/// The same with the Flag on the front row (e4) and a Scout in its place.
const RED_FLAG_FORWARD: [&str; 4] = ["BBBB9BB998", "5566s47788", "9266937798", "9144F35598"];
/// Blue's setup, from y = 6 (its front row) down to y = 9.
const BLUE: [&str; 4] = ["8345956699", "5s44956699", "1237777888", "BBBFBBB998"];

fn setup(colour: Player, rows: [&str; 4]) -> Setup {
    let lines: Vec<String> = rows.iter().map(|s| s.to_string()).collect();
    parse_setup_lines(colour, &lines).unwrap()
}

/// One step of a transcript.
enum Step {
    /// The enemy's move and outcome, as the manager writes it.
    Enemy(&'static str),
    /// The ten board lines for the agent.
    Board,
    /// The agent moves (starcut notation); the manager confirms it.
    Agent(&'static str),
    /// A line sent as it is.
    Raw(&'static str),
    /// Only the first `n` board lines.
    PartialBoard(usize),
}

/// Builds the manager's input from the steps, checking every move line
/// against the true game; returns it with the agent's expected output.
fn transcript(
    agent: Player,
    red: [&str; 4],
    blue: [&str; 4],
    steps: &[Step],
) -> (String, Vec<String>) {
    let config = StrategoConfig::default();
    let mut truth = Stratego::from_setups(
        &config,
        &setup(Player::First, red),
        &setup(Player::Second, blue),
    )
    .unwrap();
    let name = if agent == Player::First {
        "RED"
    } else {
        "BLUE"
    };
    let mut input = vec![format!("{name} ../agents/vixen/vixen.py 10 10")];
    let own = if agent == Player::First { red } else { blue };
    let mut expected: Vec<String> = own.iter().map(|s| s.to_string()).collect();
    let play = |truth: &mut Stratego, mv: Move| {
        let outcome = outcome_of(truth, mv);
        truth.play_move(mv);
        assert_ne!(
            truth.status(),
            Status::Chance,
            "the true game knows every rank"
        );
        outcome
    };
    for step in steps {
        match step {
            Step::Enemy(line) => {
                let report = UccReport::parse(line).unwrap();
                let mv = report.mv.to_move().unwrap();
                assert_eq!(
                    truth.to_move(),
                    agent.other(),
                    "{line}: not the enemy's turn"
                );
                assert!(truth.is_legal(mv), "{line} is illegal in the true game");
                let outcome = play(&mut truth, mv);
                assert_eq!(
                    outcome, report.outcome,
                    "{line}: the true outcome is {outcome}"
                );
                input.push(line.to_string());
            }
            Step::Board => input.extend(board_lines(&truth, agent)),
            Step::PartialBoard(n) => input.extend(board_lines(&truth, agent).into_iter().take(*n)),
            Step::Agent(text) => {
                let mv = Move::parse(text).unwrap();
                assert!(truth.is_legal(mv), "{text} is illegal in the true game");
                let ucc = starcut::stratego::ucc::UccMove::from_move(mv);
                expected.push(ucc.to_string());
                let outcome = play(&mut truth, mv);
                input.push(format!("{ucc} {outcome}"));
            }
            Step::Raw(line) => input.push(line.to_string()),
        }
    }
    (input.join("\n") + "\n", expected)
}

/// Runs the agent on `input` in strict mode; returns its output lines, how
/// it ended and its final view.
fn run(
    own: [&str; 4],
    colour: Player,
    moves: &[&'static str],
    input: &str,
) -> (Vec<String>, End, Stratego) {
    let mut agent = Agent::new(
        Scripted(moves.iter().copied().collect()),
        setup(colour, own),
        true,
    );
    let mut out = Vec::new();
    let end = agent.run(input.as_bytes(), &mut out).unwrap();
    assert!(agent.warnings.is_empty(), "{:?}", agent.warnings);
    let lines = String::from_utf8(out)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect();
    (lines, end, *agent.view().unwrap())
}

fn sq(text: &str) -> starcut::stratego::Square {
    starcut::stratego::Square::parse(text).unwrap()
}

#[test]
fn red_scout_runs_battles_both_ways_and_a_quit_inside_a_turn() {
    use Step::*;
    let moves = ["a4a6", "a3a6", "b4b5", "b5b6", "b6b7", "e4e6", "f4f5"];
    let steps = [
        Raw("START"),
        Board,
        Agent("a4a6"),             // a Scout run: 0 3 DOWN 2
        Enemy("0 6 UP KILLS 8 9"), // an unknown Miner takes it
        Board,
        Agent("a3a6"), // a Scout run onto the now known Miner, and dies
        Enemy("1 6 UP 1 OK"),
        Board,
        Agent("b4b5"),
        Enemy("1 5 UP DIES 3 1"), // an unknown Colonel attacks the Marshal
        Board,
        Agent("b5b6"),
        Enemy("2 6 LEFT OK"),
        Board,
        Agent("b6b7"),             // the Marshal takes an unknown Major
        Enemy("1 7 UP KILLS s 1"), // the Spy takes the Marshal
        Board,
        Agent("e4e6"),
        Enemy("4 6 UP BOTHDIE 9 9"),
        Board,
        Agent("f4f5"),
        Enemy("9 6 UP 2 OK"), // an enemy Scout run reveals it
        PartialBoard(4),
        Raw("QUIT"),
    ];
    let (input, expected) = transcript(Player::First, RED, BLUE, &steps);
    let (out, end, view) = run(RED, Player::First, &moves, &input);
    assert_eq!(out, expected);
    assert_eq!(
        &out[4..],
        [
            "0 3 DOWN 2",
            "0 2 DOWN 3",
            "1 3 DOWN",
            "1 4 DOWN",
            "1 5 DOWN",
            "4 3 DOWN 2",
            "5 3 DOWN"
        ]
    );
    assert_eq!(end, End::Quit(String::new()));
    // What the agent learned: the Miner on a6 and the Spy on b7 by their
    // battles, the Scout on j5 by its run; the rest of Blue stays unknown.
    let rank = |s: &str| view.piece_at(sq(s)).and_then(|p| p.rank());
    assert_eq!(rank("a6"), Some(Rank::Miner));
    assert_eq!(rank("b7"), Some(Rank::Spy));
    assert_eq!(rank("j5"), Some(Rank::Scout));
    assert_eq!(rank("c7"), None);
    let lost = view.captured(Player::First);
    assert_eq!(
        (lost[Rank::Scout.index()], lost[Rank::Marshal.index()]),
        (3, 1)
    );
    let taken = view.captured(Player::Second);
    let taken: Vec<u8> = [Rank::Colonel, Rank::Major, Rank::Scout]
        .map(|r| taken[r.index()])
        .to_vec();
    assert_eq!(taken, [1, 1, 1]);
}

#[test]
fn blue_moves_second_loses_a_scout_to_an_unknown_miner_and_takes_the_flag() {
    use Step::*;
    let moves = ["e7e5", "j7j5", "a7a6", "e5e4"];
    let steps = [
        Enemy("0 3 DOWN 2 OK"), // Red's first move: a Scout run
        Board,
        Agent("e7e5"),
        Enemy("9 3 DOWN OK"),
        Board,
        Agent("j7j5"), // a Scout run onto an unknown (moved) piece: a Miner
        Enemy("1 3 DOWN OK"),
        Board,
        Agent("a7a6"), // the Miner takes the known Scout
        Enemy("5 3 DOWN OK"),
        Board,
        Agent("e5e4"), // an unknown unmoved piece: the Flag
        Raw("QUIT VICTORY"),
    ];
    let (input, expected) = transcript(Player::Second, RED_FLAG_FORWARD, BLUE, &steps);
    assert!(input.contains("9 6 UP 2 DIES 9 8") && input.contains("4 4 UP VICTORY_FLAG"));
    let (out, end, view) = run(BLUE, Player::Second, &moves, &input);
    assert_eq!(out, expected);
    assert_eq!(out[..4], BLUE);
    assert_eq!(end, End::Quit("VICTORY".into()));
    assert_eq!(view.status(), Status::Terminal(Some(Player::Second)));
    assert_eq!(
        view.piece_at(sq("j5")).and_then(|p| p.rank()),
        Some(Rank::Miner)
    );
}

#[test]
fn quit_before_anything_and_bad_lines_are_handled() {
    let mut agent = Agent::new(Scripted(VecDeque::new()), setup(Player::First, RED), true);
    let end = agent.run("QUIT\n".as_bytes(), Vec::new()).unwrap();
    assert_eq!(end, End::Quit(String::new()));
    for (input, why) in [
        ("GREEN x 10 10\n", "expected 'RED|BLUE"),
        ("RED x 8 8\n", "10 x 10"),
        ("BLUE x 10 10\n0 3 SIDEWAYS OK\n", "not a direction"),
        ("BLUE x 10 10\n5 5 UP OK\n", "no piece of the mover"),
    ] {
        let mut agent = Agent::new(Scripted(VecDeque::new()), setup(Player::First, RED), true);
        let e = agent
            .run(input.as_bytes(), Vec::new())
            .unwrap_err()
            .to_string();
        assert!(e.contains(why), "{input:?}: {e}");
    }
    // A board that contradicts the agent's view is an error in strict mode.
    let config = StrategoConfig::default();
    let truth = Stratego::from_setups(
        &config,
        &setup(Player::First, RED),
        &setup(Player::Second, BLUE),
    )
    .unwrap();
    let mut board = board_lines(&truth, Player::First);
    board[0] = "BBBBBBBBBB".into();
    let input = format!("RED x 10 10\nSTART\n{}\n", board.join("\n"));
    let mut agent = Agent::new(Scripted(VecDeque::new()), setup(Player::First, RED), true);
    let e = agent
        .run(input.as_bytes(), Vec::new())
        .unwrap_err()
        .to_string();
    assert!(e.contains("board row y=0"), "{e}");
}

#[test]
fn setups_by_name_seed_or_lines() {
    use super::choose_setup;
    assert_eq!(
        choose_setup("arts-3", 0).unwrap(),
        Setup::preset("arts-3").unwrap()
    );
    assert_eq!(
        choose_setup("random", 7).unwrap(),
        choose_setup("random", 7).unwrap()
    );
    assert_eq!(
        choose_setup(&RED.join("/"), 0).unwrap(),
        setup(Player::First, RED)
    );
    let e = choose_setup("BBBBBBBBBB/5566s47788/9266937798/9144935598", 0)
        .unwrap_err()
        .to_string();
    assert!(e.contains("Miners in the setup"), "{e}");
    assert!(choose_setup("nonsense", 0).is_err());
}
