//! A full game of starcut against itself through two `starcut ucc-agent`
//! processes and a tiny referee that speaks the Stratego AI Evaluator's
//! protocol (the real manager is not needed): setup lines, `START`, moves
//! with their outcomes to both sides, ten board lines per turn, `QUIT` at
//! the end. The agents run `--strict`, so each checks every board the
//! referee sends against the view it keeps from the outcomes alone.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use starcut::stratego::ucc::{board_lines, outcome_of, parse_setup_lines, UccMove, UccOutcome};
use starcut::stratego::{Stratego, StrategoConfig};
use starcut::{Game, Player, Status};

struct AgentProcess {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl AgentProcess {
    fn start(seed: u64) -> Self {
        let mut child = Command::new(env!("CARGO_BIN_EXE_starcut"))
            .args(["ucc-agent", "--strict", "--nodes", "300", "--seed"])
            .arg(seed.to_string())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        AgentProcess {
            child,
            stdin,
            stdout,
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
    }

    fn read(&mut self) -> String {
        let mut line = String::new();
        let n = self.stdout.read_line(&mut line).unwrap();
        assert!(n > 0, "the agent ended its output early");
        line.trim().to_string()
    }
}

#[test]
fn starcut_plays_itself_through_two_agents_and_a_referee() {
    let mut agents = [AgentProcess::start(11), AgentProcess::start(12)];
    let mut setups = Vec::new();
    for (i, (agent, name)) in agents.iter_mut().zip(["RED", "BLUE"]).enumerate() {
        agent.send(&format!("{name} starcut 10 10"));
        let lines: Vec<String> = (0..4).map(|_| agent.read()).collect();
        let colour = Player::from_index(i);
        setups.push(parse_setup_lines(colour, &lines).expect("four valid setup lines"));
    }
    let config = StrategoConfig::default();
    let mut truth = Stratego::from_setups(&config, &setups[0], &setups[1]).expect("full armies");
    let mut last: Option<String> = None;
    let mut turns = 0;
    let mut battles = 0;
    let limit = 600;
    while turns < limit && truth.status() == Status::Decision {
        let side = truth.to_move();
        let agent = &mut agents[side.index()];
        agent.send(last.as_deref().unwrap_or("START"));
        for line in board_lines(&truth, side) {
            agent.send(&line);
        }
        let answer = agent.read();
        let words: Vec<&str> = answer.split_whitespace().collect();
        let (ucc, used) =
            UccMove::parse_words(&words).unwrap_or_else(|e| panic!("turn {turns}: {e}"));
        assert_eq!(
            used,
            words.len(),
            "turn {turns}: '{answer}' has extra words"
        );
        let mv = ucc.to_move().expect("a move on the board");
        assert!(
            truth.is_legal(mv),
            "turn {turns}: {answer} ({mv}) is illegal"
        );
        let outcome = outcome_of(&truth, mv);
        battles += usize::from(outcome != UccOutcome::Ok);
        truth.play_move(mv);
        let report = format!("{ucc} {outcome}");
        agent.send(&report);
        last = Some(report);
        turns += 1;
    }
    // The game ended by the rules, or the referee stops it.
    for agent in &mut agents {
        agent.send("QUIT");
    }
    for mut agent in agents {
        let status = agent.child.wait().unwrap();
        assert!(status.success(), "an agent failed: {status}");
    }
    eprintln!(
        "{turns} turns, {battles} battles, {}",
        match truth.status() {
            Status::Terminal(Some(p)) => format!("won by {p:?}"),
            Status::Terminal(None) => "drawn".to_string(),
            _ => format!("stopped by the referee after {limit} turns"),
        }
    );
    assert!(turns >= 20, "{turns} turns");
    assert!(battles > 0, "no battle in {turns} turns");
}
