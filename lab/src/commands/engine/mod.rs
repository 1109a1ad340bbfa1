//! `starcut engine`: the engine protocol (`docs/engine-protocol.md`) on
//! stdin/stdout, for every game.
//!
//! The main thread reads commands; a `go` moves the game session (position
//! and searcher) into a search thread, which streams `info` lines and ends
//! with exactly one `bestmove`, then hands the session back when the main
//! thread joins it (on `stop`, `quit`, or the next command that needs it).
//! `stop` is a flag the search's clock reads: a stopped search ends like a
//! search whose deadline passed, keeping the last completed iteration.

mod adapter;
mod session;

use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

use anyhow::Result;
use starcut::registry::GameKind;

use crate::protocol::{FromEngine, Go, OptionDecl, ToEngine, VERSION};
use session::{open, EngineOptions, Session, DEFAULT_ALGO};

/// Where replies go; shared by the main thread and the search thread so
/// that lines never interleave.
#[derive(Clone)]
pub struct Out(Arc<Mutex<Box<dyn Write + Send>>>);

impl Out {
    pub fn new(w: Box<dyn Write + Send>) -> Self {
        Out(Arc::new(Mutex::new(w)))
    }

    /// Writes one reply and flushes it. An error means the reader is gone.
    pub fn send(&self, msg: &FromEngine) -> std::io::Result<()> {
        let mut w = self.0.lock().unwrap_or_else(|e| e.into_inner());
        writeln!(w, "{msg}")?;
        w.flush()
    }
}

/// A search running in its own thread.
struct Running {
    stop: Arc<AtomicBool>,
    /// Set just before the thread sends `bestmove`: from then on the
    /// client may send the next command, and the engine waits for the
    /// thread's last instants instead of refusing it.
    done: Arc<AtomicBool>,
    handle: JoinHandle<Box<dyn Session>>,
}

/// The engine's state between commands.
#[derive(Default)]
struct Engine {
    /// `--analyse-with`: search with that binary's `analyse` (`adapter.rs`).
    analyse_with: Option<PathBuf>,
    options: EngineOptions,
    game: Option<(GameKind, Vec<String>)>,
    session: Option<Box<dyn Session>>,
    running: Option<Running>,
}

/// `starcut engine`: serves stdin/stdout until `quit` or the end of input.
pub fn run(analyse_with: Option<PathBuf>) -> Result<()> {
    if let Some(b) = &analyse_with {
        if !b.is_file() {
            anyhow::bail!("--analyse-with {}: no such program", b.display());
        }
    }
    let stdin = std::io::stdin();
    serve_with(
        stdin.lock(),
        Out::new(Box::new(std::io::stdout())),
        analyse_with,
    )
}

/// Serves the protocol from `input` to `out`. `quit` stops a running
/// search; the end of input lets it finish (so that a piped script gets
/// its whole answer).
#[cfg(test)]
pub fn serve(input: impl BufRead, out: Out) -> Result<()> {
    serve_with(input, out, None)
}

fn serve_with(input: impl BufRead, out: Out, analyse_with: Option<PathBuf>) -> Result<()> {
    let mut engine = Engine {
        analyse_with,
        ..Engine::default()
    };
    for line in input.lines() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        let replies = match ToEngine::parse(&line) {
            Ok(ToEngine::Quit) => {
                engine.stop();
                return Ok(());
            }
            Ok(cmd) => engine.handle(cmd, &out),
            Err(e) => vec![FromEngine::Error(e.to_string())],
        };
        for r in &replies {
            if out.send(r).is_err() {
                // The reader is gone: nothing left to serve.
                engine.stop();
                return Ok(());
            }
        }
    }
    engine.join();
    Ok(())
}

impl Engine {
    /// Carries out one command; returns the replies to send now (a search
    /// sends its own from its thread).
    fn handle(&mut self, cmd: ToEngine, out: &Out) -> Vec<FromEngine> {
        match cmd {
            ToEngine::Hello => hello(),
            ToEngine::IsReady => vec![FromEngine::ReadyOk],
            ToEngine::Stop => {
                self.stop();
                Vec::new()
            }
            ToEngine::Quit => Vec::new(),
            cmd if self
                .running
                .as_ref()
                .is_some_and(|r| !r.done.load(Ordering::Acquire)) =>
            {
                let what = cmd.to_string();
                let word = what.split(' ').next().unwrap_or("");
                let mut replies = vec![FromEngine::Error(format!(
                    "{word}: a search is running (send stop first)"
                ))];
                if matches!(cmd, ToEngine::Go(_)) {
                    replies.push(FromEngine::BestMove(None));
                }
                replies
            }
            cmd => {
                self.join();
                self.handle_idle(cmd, out)
            }
        }
    }

    fn handle_idle(&mut self, cmd: ToEngine, out: &Out) -> Vec<FromEngine> {
        let result = match cmd {
            ToEngine::SetOption { name, value } => self.set_option(&name, &value),
            ToEngine::NewGame { game, options } => {
                self.game = Some((game, options));
                self.reopen()
            }
            ToEngine::Position { position, steps } => match &mut self.session {
                Some(s) => s.set_position(&position, &steps),
                None => Err(anyhow::anyhow!(
                    "position: no game (send newgame GAME first)"
                )),
            },
            ToEngine::Go(go) => return self.go(go, out),
            _ => Ok(()),
        };
        match result {
            Ok(()) => Vec::new(),
            Err(e) => vec![FromEngine::Error(format!("{e:#}"))],
        }
    }

    fn set_option(&mut self, name: &str, value: &str) -> Result<()> {
        self.options.set(name, value)?;
        if self.session.is_some() {
            // A new configuration applies from the next search on; the
            // game and position stay.
            let kind = self.game.as_ref().map(|(k, _)| *k);
            if let (Some(s), Some(kind)) = (&mut self.session, kind) {
                s.configure(&self.options.search_config(kind)?, &self.options);
            }
        }
        Ok(())
    }

    /// (Re)creates the session for the current game and options.
    fn reopen(&mut self) -> Result<()> {
        self.session = None;
        let Some((kind, options)) = &self.game else {
            return Ok(());
        };
        self.session = Some(match &self.analyse_with {
            None => open(*kind, options, &self.options)?,
            Some(binary) => {
                // The algorithm is checked here; the position by the binary.
                self.options.search_config(*kind)?;
                Box::new(adapter::AnalyseSession::new(
                    binary.clone(),
                    *kind,
                    options,
                    &self.options,
                ))
            }
        });
        Ok(())
    }

    fn go(&mut self, go: Go, out: &Out) -> Vec<FromEngine> {
        let Some(mut session) = self.session.take() else {
            return vec![
                FromEngine::Error("go: no game (send newgame GAME first)".into()),
                FromEngine::BestMove(None),
            ];
        };
        if let Err(e) = session.ready() {
            self.session = Some(session);
            return vec![
                FromEngine::Error(format!("go: {e}")),
                FromEngine::BestMove(None),
            ];
        }
        let stop = Arc::new(AtomicBool::new(false));
        let done = Arc::new(AtomicBool::new(false));
        let (flag, finished) = (Arc::clone(&stop), Arc::clone(&done));
        let out = out.clone();
        let handle = std::thread::spawn(move || {
            let best = session.search(&go, &flag, &out);
            finished.store(true, Ordering::Release);
            let _ = out.send(&FromEngine::BestMove(best));
            session
        });
        self.running = Some(Running { stop, done, handle });
        Vec::new()
    }

    /// Stops a running search and waits for it.
    fn stop(&mut self) {
        if let Some(r) = &self.running {
            r.stop.store(true, Ordering::Relaxed);
        }
        self.join();
    }

    /// Waits for the search thread and takes the session back.
    fn join(&mut self) {
        if let Some(r) = self.running.take() {
            // The thread catches a search's panic itself; a join error
            // would be a bug in the thread's own code.
            if let Ok(session) = r.handle.join() {
                self.session = Some(session);
            }
        }
    }
}

/// The replies to `hello`.
fn hello() -> Vec<FromEngine> {
    let id = |key: &str, value: String| FromEngine::Id {
        key: key.into(),
        value,
    };
    let games: Vec<&str> = GameKind::ALL.iter().map(|k| k.name()).collect();
    let mut replies = vec![
        id("name", format!("starcut {}", env!("CARGO_PKG_VERSION"))),
        id("author", "the starcut authors".into()),
        id("protocol", VERSION.to_string()),
        id("games", games.join(" ")),
    ];
    let string = |name: &str, default: &str| OptionDecl {
        name: name.into(),
        kind: "string".into(),
        default: default.into(),
        min: None,
        max: None,
    };
    let spin = |name: &str, default: i64, min: i64, max: i64| OptionDecl {
        name: name.into(),
        kind: "spin".into(),
        default: default.to_string(),
        min: Some(min),
        max: Some(max),
    };
    for o in [
        string("algo", DEFAULT_ALGO),
        spin("tt_mb", 16, 1, 65536),
        string("eval_noise", "0"),
        spin("noise_seed", 0, 0, i64::MAX),
        string("probcut_params", "<game's>"),
    ] {
        replies.push(FromEngine::Option(o));
    }
    replies.push(FromEngine::HelloOk);
    replies
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A `Write` that the test can read after the engine is done.
    #[derive(Clone, Default)]
    struct Shared(Arc<Mutex<Vec<u8>>>);

    impl Write for Shared {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    fn session(input: &str) -> Vec<String> {
        let buf = Shared::default();
        serve(input.as_bytes(), Out::new(Box::new(buf.clone()))).unwrap();
        let text = String::from_utf8(buf.0.lock().unwrap().clone()).unwrap();
        text.lines().map(str::to_string).collect()
    }

    /// Input that hands the engine one line at a time and, after a `go`,
    /// holds the next line back until the search's `bestmove` is out (as a
    /// controller waits), so that a script can search several times.
    struct Paced {
        lines: Vec<String>,
        next: usize,
        gos: usize,
        out: Shared,
    }

    impl std::io::Read for Paced {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let Some(line) = self.lines.get(self.next) else {
                return Ok(0);
            };
            let start = std::time::Instant::now();
            loop {
                let text = String::from_utf8_lossy(&self.out.0.lock().unwrap()).into_owned();
                if text.lines().filter(|l| l.starts_with("bestmove")).count() >= self.gos {
                    break;
                }
                assert!(start.elapsed().as_secs() < 120, "no bestmove: {text}");
                std::thread::sleep(std::time::Duration::from_millis(1));
            }
            let bytes = format!("{line}\n");
            assert!(bytes.len() <= buf.len(), "a line longer than the buffer");
            buf[..bytes.len()].copy_from_slice(bytes.as_bytes());
            self.next += 1;
            self.gos += usize::from(line.starts_with("go"));
            Ok(bytes.len())
        }
    }

    /// [`session`] with every `go` waited for ([`Paced`]).
    fn paced_session(input: &str) -> Vec<String> {
        let buf = Shared::default();
        let paced = Paced {
            lines: input.lines().map(str::to_string).collect(),
            next: 0,
            gos: 0,
            out: buf.clone(),
        };
        serve(
            std::io::BufReader::new(paced),
            Out::new(Box::new(buf.clone())),
        )
        .unwrap();
        let text = String::from_utf8(buf.0.lock().unwrap().clone()).unwrap();
        text.lines().map(str::to_string).collect()
    }

    #[test]
    fn hello_identifies_the_engine_and_its_options() {
        let lines = session("hello\nisready\nquit\n");
        assert_eq!(
            lines[0],
            format!("id name starcut {}", env!("CARGO_PKG_VERSION"))
        );
        assert!(lines.contains(&"id protocol 1".to_string()));
        assert!(lines.contains(
            &"id games stratego barrage dice chance-breakthrough breakthrough".to_string()
        ));
        assert!(lines.contains(&"option name algo type string default staretc+model".to_string()));
        let ok = lines.iter().position(|l| l == "hellook").unwrap();
        assert_eq!(lines[ok + 1], "readyok");
    }

    #[test]
    fn a_fixed_depth_search_streams_infos_and_one_bestmove() {
        let lines = session(
            "newgame breakthrough rows=5,cols=5\nposition start moves a2a3 a4b3\ngo depth 3\n",
        );
        let infos: Vec<_> = lines
            .iter()
            .filter(|l| l.starts_with("info depth"))
            .collect();
        // One info per completed iteration (1, 2, 3) and the final one (the
        // end of input lets the search finish).
        assert!(infos.len() >= 3, "{lines:?}");
        let last = FromEngine::parse(infos.last().unwrap()).unwrap();
        let FromEngine::Info(info) = last else {
            panic!("{last:?}")
        };
        assert_eq!(info.depth, 3);
        assert_eq!(info.bound, Some(1500.0));
        assert!(info.nodes > 0 && info.pv.len() == 3, "{info:?}");
        let best: Vec<_> = lines.iter().filter(|l| l.starts_with("bestmove")).collect();
        assert_eq!(best.len(), 1, "{lines:?}");
        assert_eq!(*best[0], format!("bestmove {}", info.pv[0]));
        // The same search through analyse's code path (in play mode, the
        // engine's) gives the same move and value (the engine adds no
        // behaviour of its own).
        let mut s = starcut::search::Searcher::<starcut::breakthrough::Breakthrough>::new(
            starcut::search::SearchConfig::play(),
        );
        let config = starcut::breakthrough::BreakthroughConfig {
            chance: false,
            rows: 5,
            cols: 5,
            ..Default::default()
        };
        let mut pos =
            <starcut::breakthrough::Breakthrough as starcut::Game>::start(&config).unwrap();
        crate::position::play_steps(&mut pos, &["a2a3".into(), "a4b3".into()]).unwrap();
        let r = s.search_depth(&pos, 3);
        assert_eq!(info.value, Some(r.value));
        assert_eq!(info.nodes, r.stats.nodes());
    }

    /// The nodes of the last `info depth` line before each `bestmove`.
    fn nodes_per_go(lines: &[String]) -> Vec<u64> {
        let mut out = Vec::new();
        let mut last = None;
        for l in lines {
            if l.starts_with("info depth") {
                if let Ok(FromEngine::Info(i)) = FromEngine::parse(l) {
                    last = Some(i.nodes);
                }
            } else if l.starts_with("bestmove") {
                out.extend(last.take());
            }
        }
        out
    }

    #[test]
    fn a_game_keeps_its_searcher_until_newgame() {
        // Play mode: the second search of a position finds the first one's
        // table (and history, killers) and needs fewer nodes; a new game
        // starts from empty tables, so it searches exactly as the first.
        // A setoption that keeps the evaluation keeps them too; one that
        // changes it (noise) starts afresh.
        let game = "newgame dice size=5\n";
        let go = "position 1c2r/cr3/2cr1/4c/r4 c 3\ngo depth 4\n";
        let lines = paced_session(&format!(
            "{game}{go}{go}setoption name tt_mb value 16\n{go}{game}{go}\
             setoption name noise_seed value 9\n{go}"
        ));
        let n = nodes_per_go(&lines);
        assert_eq!(n.len(), 5, "{lines:?}");
        assert!(n[1] < n[0], "the table was kept: {n:?}");
        assert!(n[2] < n[0], "setoption kept the table: {n:?}");
        assert_eq!(n[3], n[0], "newgame cleared it: {n:?}");
        assert_eq!(n[4], n[0], "a new evaluation cleared it: {n:?}");
        // `+exact` keeps the searcher as well (its table is then used only
        // at the depth searched).
        let exact = "setoption name algo value staretc+exact\n";
        let n = nodes_per_go(&paced_session(&format!("{exact}{game}{go}{go}")));
        assert!(n[1] < n[0], "{n:?}");
        // Switching from play to exact mode within a game empties the
        // table (play mode's entries are not exact values) and forgets the
        // history and killers, so the exact search is the fresh one.
        let fresh = nodes_per_go(&paced_session(&format!("{exact}{game}{go}")));
        let play = "setoption name algo value staretc\n";
        let n = nodes_per_go(&paced_session(&format!("{game}{play}{go}{exact}{go}")));
        assert_eq!(n[1], fresh[0], "{n:?} {fresh:?}");
    }

    #[test]
    fn errors_are_replies_and_the_engine_goes_on() {
        let lines = session(
            "fly\nposition start\ngo depth 1\nnewgame dice size=3\nposition 3/3/3 c moves 9\n\
             go depth 1\nsetoption name algo value star9\nsetoption name speed value 3\n\
             position start moves 2\ngo depth 1\n",
        );
        let want = [
            "error 'fly': unknown command 'fly'",
            "error position: no game (send newgame GAME first)",
            "error go: no game (send newgame GAME first)",
            "bestmove none",
            "error position: step 1 '9':",
            "error go: no position (send position first)",
            "bestmove none",
            "error setoption algo: algorithm 'star9'",
            "error setoption: unknown option 'speed'",
        ];
        for (line, w) in lines.iter().zip(want) {
            assert!(
                line.starts_with(w),
                "'{line}' should start with '{w}' in {lines:?}"
            );
        }
        // After the errors, a good position is searched: the roll was 2,
        // so the columns player places in column b.
        assert!(lines.last().unwrap().starts_with("bestmove b"), "{lines:?}");
    }

    #[test]
    fn stop_ends_an_infinite_search_with_a_move() {
        // `go infinite` runs until `stop`; the input's `stop` comes right
        // after, so the search ends with whatever it completed (at least
        // a legal move).
        let lines = session("newgame dice\nposition start moves 3\ngo infinite\nstop\nquit\n");
        let best = lines.iter().filter(|l| l.starts_with("bestmove ")).count();
        assert_eq!(best, 1, "{lines:?}");
        let mv = lines.last().unwrap().strip_prefix("bestmove ").unwrap();
        assert!(mv.starts_with('c') && mv.len() == 2, "{lines:?}");
    }

    #[test]
    fn a_chance_node_or_a_finished_game_has_no_move() {
        let lines = session("newgame dice size=3\nposition start\ngo depth 2\n");
        assert_eq!(lines.last().unwrap(), "bestmove none");
    }

    /// An `info` line without its `time` and `nps` fields (which vary).
    fn without_timing(line: &str) -> String {
        let words: Vec<&str> = line.split(' ').collect();
        let mut kept = Vec::new();
        let mut i = 0;
        while i < words.len() {
            if matches!(words[i], "time" | "nps") && line.starts_with("info depth") {
                i += 2;
            } else {
                kept.push(words[i]);
                i += 1;
            }
        }
        kept.join(" ")
    }

    #[test]
    fn stratego_searches_only_its_own_view() {
        // Given the true position, the engine searches Red's view of it:
        // the same reply as for the view's own text.
        let config =
            starcut::stratego::StrategoConfig::for_variant(starcut::stratego::Variant::Barrage);
        let truth = <starcut::stratego::Stratego as starcut::Game>::start(&config).unwrap();
        let view = starcut::Game::observation(&truth, starcut::Player::First);
        let go = |text: String| {
            session(&format!("newgame barrage\nposition {text}\ngo depth 2\n"))
                .into_iter()
                .map(|l| without_timing(&l))
                .collect::<Vec<_>>()
        };
        let a = go(starcut::Game::position_text(&truth));
        let b = go(starcut::Game::position_text(&view));
        assert_eq!(a, b);
        assert!(a.len() >= 3, "{a:?}");
        assert!(a.last().unwrap().starts_with("bestmove "), "{a:?}");
    }
}
