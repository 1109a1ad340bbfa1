//! An engine in another process, spoken to through the engine protocol
//! (`docs/engine-protocol.md`): another build of starcut (`starcut
//! engine`), or any program that implements the protocol.
//!
//! The process is started on first use and kept for the games of one
//! worker thread; `newgame` separates the games. Replies are read by a
//! thread of their own into a channel, so that every wait has a deadline:
//! an engine that does not answer in time loses on time, one whose process
//! ends or closes its output has crashed, one that answers nonsense broke
//! the protocol. After a failure the process is killed and a new one is
//! started for the next game.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use super::history::ViewHistory;
use crate::protocol::{FromEngine, Go, ToEngine};

/// How long the engine has for `hello` and `isready`.
const HANDSHAKE: Duration = Duration::from_secs(30);

/// Why an engine lost a game without the rules deciding it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FailureKind {
    /// The process could not start, ended, or closed its output.
    Crash,
    /// No `bestmove` (or handshake reply) within the time allowed.
    Time,
    /// A move that is not legal in the position.
    Illegal,
    /// A reply that is not the protocol's, an `error` reply to a command
    /// the engine must accept, or `bestmove none` where a move was due.
    Protocol,
}

impl FailureKind {
    pub fn name(self) -> &'static str {
        match self {
            FailureKind::Crash => "crash",
            FailureKind::Time => "time",
            FailureKind::Illegal => "illegal move",
            FailureKind::Protocol => "protocol",
        }
    }
}

/// An engine's failure, with what happened.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineFailure {
    pub kind: FailureKind,
    pub message: String,
}

impl EngineFailure {
    pub fn new(kind: FailureKind, message: impl Into<String>) -> Self {
        EngineFailure {
            kind,
            message: message.into(),
        }
    }
}

/// The answer to one `go`.
#[derive(Clone, Debug, PartialEq)]
pub struct Answer {
    /// The move's text (`None`: `bestmove none`).
    pub best: Option<String>,
    /// Nodes of the last `info` line (0 without one).
    pub nodes: u64,
}

/// How to start an external engine: the program with its arguments, and
/// the `setoption`s sent after every start.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineCommand {
    pub words: Vec<String>,
    pub options: Vec<(String, String)>,
}

/// A running engine process.
struct Process {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

/// An external engine: its command line and, once started, its process.
pub struct ExternalEngine {
    /// The program and its arguments.
    command: Vec<String>,
    /// `setoption` commands sent after every start.
    options: Vec<(String, String)>,
    process: Option<Process>,
}

impl ExternalEngine {
    pub fn new(command: EngineCommand) -> Self {
        ExternalEngine {
            command: command.words,
            options: command.options,
            process: None,
        }
    }

    /// Starts the process (if needed) and greets it.
    fn ensure_started(&mut self) -> Result<(), EngineFailure> {
        if self.process.is_some() {
            return Ok(());
        }
        let (program, args) = self
            .command
            .split_first()
            .ok_or_else(|| EngineFailure::new(FailureKind::Crash, "empty engine command"))?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| {
                EngineFailure::new(FailureKind::Crash, format!("cannot start '{program}': {e}"))
            })?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            return Err(EngineFailure::new(
                FailureKind::Crash,
                "no pipes to the engine",
            ));
        };
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        self.process = Some(Process {
            child,
            stdin,
            lines: rx,
        });
        self.send(&ToEngine::Hello)?;
        self.wait_for(HANDSHAKE, "hello", |r| matches!(r, FromEngine::HelloOk))?;
        for (name, value) in self.options.clone() {
            self.send(&ToEngine::SetOption { name, value })?;
        }
        Ok(())
    }

    /// Starts a game: `newgame`, game-specific options, `isready`.
    pub fn new_game(
        &mut self,
        game: starcut::registry::GameKind,
        game_options: &[String],
        per_game: &[(String, String)],
    ) -> Result<(), EngineFailure> {
        self.ensure_started().inspect_err(|_| self.kill())?;
        let result = (|| {
            self.send(&ToEngine::NewGame {
                game,
                options: game_options.to_vec(),
            })?;
            for (name, value) in per_game {
                self.send(&ToEngine::SetOption {
                    name: name.clone(),
                    value: value.clone(),
                })?;
            }
            self.send(&ToEngine::IsReady)?;
            self.wait_for(HANDSHAKE, "newgame", |r| matches!(r, FromEngine::ReadyOk))
                .map(|_| ())
        })();
        result.inspect_err(|_| self.kill())
    }

    /// Asks for a move in the view `history` leads to, sent as its start
    /// and steps (`history.rs`), under `limits` (`step` numbers the
    /// messages); returns it with the nodes the engine reported. Without a
    /// time limit the engine still has to answer: within a minute, or its
    /// `margin` if longer; with one, within it plus the margin.
    pub fn ask_move<G: starcut::Game>(
        &mut self,
        history: &ViewHistory<G>,
        limits: &starcut::search::Limits,
        margin: Duration,
        step: usize,
    ) -> Result<(G::Move, u64), EngineFailure> {
        let go = Go {
            depth: Some(limits.depth),
            movetime: limits.deadline_ms,
            nodes: limits.max_nodes,
            infinite: false,
        };
        let timeout = match limits.deadline_ms {
            Some(ms) => Duration::from_secs_f64(ms / 1000.0) + margin,
            None => Duration::from_secs(60).max(margin),
        };
        let answer = self.think(history.start(), history.steps(), &go, timeout)?;
        let Some(text) = answer.best else {
            self.kill();
            return Err(EngineFailure::new(
                FailureKind::Protocol,
                format!("step {step}: bestmove none at a decision"),
            ));
        };
        let mv = history
            .view()
            .parse_move(&text)
            .map_err(|e| EngineFailure::new(FailureKind::Illegal, format!("step {step}: {e}")))?;
        Ok((mv, answer.nodes))
    }

    /// Sends the position and `go`, and waits up to `timeout` for the
    /// `bestmove`.
    pub fn think(
        &mut self,
        position: &str,
        steps: &[String],
        go: &Go,
        timeout: Duration,
    ) -> Result<Answer, EngineFailure> {
        let result = (|| {
            self.send(&ToEngine::Position {
                position: position.to_string(),
                steps: steps.to_vec(),
            })?;
            self.send(&ToEngine::Go(go.clone()))?;
            let mut nodes = 0;
            let best = self.wait_for(timeout, "go", |r| {
                if let FromEngine::Info(i) = r {
                    nodes = i.nodes;
                }
                matches!(r, FromEngine::BestMove(_))
            });
            match best {
                Ok(FromEngine::BestMove(best)) => Ok(Answer { best, nodes }),
                Ok(_) => unreachable!("wait_for returns the awaited reply"),
                Err(e) => Err(e),
            }
        })();
        result.inspect_err(|_| self.kill())
    }

    fn send(&mut self, msg: &ToEngine) -> Result<(), EngineFailure> {
        let p = self
            .process
            .as_mut()
            .ok_or_else(|| EngineFailure::new(FailureKind::Crash, "the engine is not running"))?;
        writeln!(p.stdin, "{msg}")
            .and_then(|_| p.stdin.flush())
            .map_err(|e| EngineFailure::new(FailureKind::Crash, format!("writing '{msg}': {e}")))
    }

    /// Reads replies until `done` accepts one (returned), within `timeout`.
    /// An `error` reply or a line that is not the protocol's is a failure.
    fn wait_for(
        &mut self,
        timeout: Duration,
        after: &str,
        mut done: impl FnMut(&FromEngine) -> bool,
    ) -> Result<FromEngine, EngineFailure> {
        let p = self
            .process
            .as_mut()
            .ok_or_else(|| EngineFailure::new(FailureKind::Crash, "the engine is not running"))?;
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = match p.lines.recv_timeout(left) {
                Ok(line) => line,
                Err(RecvTimeoutError::Timeout) => {
                    return Err(EngineFailure::new(
                        FailureKind::Time,
                        format!("no reply to {after} within {} ms", timeout.as_millis()),
                    ))
                }
                Err(RecvTimeoutError::Disconnected) => {
                    let status = p
                        .child
                        .wait()
                        .map(|s| s.to_string())
                        .unwrap_or_else(|e| e.to_string());
                    return Err(EngineFailure::new(
                        FailureKind::Crash,
                        format!("the engine exited during {after} ({status})"),
                    ));
                }
            };
            if line.trim().is_empty() {
                continue;
            }
            let reply = FromEngine::parse(&line).map_err(|e| {
                EngineFailure::new(FailureKind::Protocol, format!("after {after}: {e}"))
            })?;
            if let FromEngine::Error(e) = &reply {
                return Err(EngineFailure::new(
                    FailureKind::Protocol,
                    format!("the engine refused {after}: {e}"),
                ));
            }
            if done(&reply) {
                return Ok(reply);
            }
        }
    }

    /// Ends the process (after a failure): the next game starts a new one.
    pub fn kill(&mut self) {
        if let Some(mut p) = self.process.take() {
            let _ = p.child.kill();
            let _ = p.child.wait();
        }
    }
}

impl Drop for ExternalEngine {
    fn drop(&mut self) {
        if let Some(mut p) = self.process.take() {
            // Politely first: a starcut engine exits on `quit` at once.
            let _ = writeln!(p.stdin, "quit").and_then(|_| p.stdin.flush());
            drop(p.stdin);
            let deadline = Instant::now() + Duration::from_secs(2);
            while Instant::now() < deadline {
                if let Ok(Some(_)) = p.child.try_wait() {
                    return;
                }
                std::thread::sleep(Duration::from_millis(10));
            }
            let _ = p.child.kill();
            let _ = p.child.wait();
        }
    }
}
