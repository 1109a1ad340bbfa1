//! The starcut engine protocol: one line per message on stdin/stdout, in
//! the spirit of UCI, for every game starcut plays. `docs/engine-protocol.md`
//! is its specification; this module is its one implementation of the
//! message syntax, used by the engine (`starcut engine`) to read commands
//! and write replies, and by the match runner (`starcut match --a-cmd`) to
//! write commands and read replies. Both directions print and parse, so
//! each side's messages round-trip (tested below).

use std::fmt;

use starcut::registry::GameKind;

/// The protocol's version, sent in `id protocol`.
pub const VERSION: u32 = 1;

/// A line that is not a message of the protocol.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProtocolError {
    /// The line, as received.
    pub line: String,
    /// What is wrong with it.
    pub reason: String,
}

impl ProtocolError {
    fn new(line: &str, reason: impl Into<String>) -> Self {
        ProtocolError {
            line: line.to_string(),
            reason: reason.into(),
        }
    }
}

impl fmt::Display for ProtocolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}': {}", self.line, self.reason)
    }
}

impl std::error::Error for ProtocolError {}

/// The limits of a `go` command; none given is `go depth 4`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Go {
    pub depth: Option<u32>,
    /// Milliseconds.
    pub movetime: Option<f64>,
    pub nodes: Option<u64>,
    /// Search until `stop`.
    pub infinite: bool,
}

/// A message to the engine.
#[derive(Clone, Debug, PartialEq)]
pub enum ToEngine {
    /// `hello`: the engine answers `id` lines, `option` lines and `hellook`.
    Hello,
    /// `isready`: answered by `readyok` (at once, even while searching).
    IsReady,
    /// `setoption name NAME value VALUE`.
    SetOption { name: String, value: String },
    /// `newgame GAME [KEY=VALUE...]`: the game and its options; forgets
    /// what the engine learned (tables, history).
    NewGame {
        game: GameKind,
        options: Vec<String>,
    },
    /// `position (start | NOTATION) [moves STEP...]`: the position to search,
    /// as the engine's side knows it, then moves and chance outcomes.
    Position {
        /// `start` or the position's text.
        position: String,
        steps: Vec<String>,
    },
    /// `go [depth D] [movetime MS] [nodes N] [infinite]`.
    Go(Go),
    /// `stop`: end the search now; `bestmove` follows.
    Stop,
    /// `quit`: exit (after stopping a search).
    Quit,
}

impl ToEngine {
    /// Parses one line (surrounding whitespace ignored).
    pub fn parse(line: &str) -> Result<ToEngine, ProtocolError> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&head, rest)) = words.split_first() else {
            return Err(ProtocolError::new(line, "empty line"));
        };
        let no_args = |msg: ToEngine| {
            if rest.is_empty() {
                Ok(msg)
            } else {
                Err(ProtocolError::new(
                    line,
                    format!("{head} takes no arguments"),
                ))
            }
        };
        match head {
            "hello" => no_args(ToEngine::Hello),
            "isready" => no_args(ToEngine::IsReady),
            "stop" => no_args(ToEngine::Stop),
            "quit" => no_args(ToEngine::Quit),
            "setoption" => parse_setoption(line, rest),
            "newgame" => {
                let Some((game, options)) = rest.split_first() else {
                    return Err(ProtocolError::new(
                        line,
                        "newgame: which game? (newgame GAME [KEY=VALUE...])",
                    ));
                };
                let game: GameKind = game
                    .parse()
                    .map_err(|e| ProtocolError::new(line, format!("newgame: {e}")))?;
                Ok(ToEngine::NewGame {
                    game,
                    options: options.iter().map(|s| s.to_string()).collect(),
                })
            }
            "position" => {
                let split = rest.iter().position(|&w| w == "moves");
                let (pos, steps) = match split {
                    Some(i) => (&rest[..i], &rest[i + 1..]),
                    None => (rest, &[][..]),
                };
                if pos.is_empty() {
                    return Err(ProtocolError::new(
                        line,
                        "position: expected 'start' or a position in the game's notation",
                    ));
                }
                Ok(ToEngine::Position {
                    position: pos.join(" "),
                    steps: steps.iter().map(|s| s.to_string()).collect(),
                })
            }
            "go" => parse_go(line, rest).map(ToEngine::Go),
            other => Err(ProtocolError::new(
                line,
                format!("unknown command '{other}'"),
            )),
        }
    }
}

fn parse_setoption(line: &str, rest: &[&str]) -> Result<ToEngine, ProtocolError> {
    let bad = || {
        ProtocolError::new(
            line,
            "setoption: expected 'setoption name NAME value VALUE'",
        )
    };
    if rest.first() != Some(&"name") {
        return Err(bad());
    }
    let value_at = rest.iter().position(|&w| w == "value").ok_or_else(bad)?;
    let name = rest[1..value_at].join(" ");
    if name.is_empty() {
        return Err(bad());
    }
    Ok(ToEngine::SetOption {
        name,
        value: rest[value_at + 1..].join(" "),
    })
}

fn parse_go(line: &str, rest: &[&str]) -> Result<Go, ProtocolError> {
    let mut go = Go::default();
    let mut words = rest.iter();
    while let Some(&key) = words.next() {
        if key == "infinite" {
            go.infinite = true;
            continue;
        }
        let value = words
            .next()
            .ok_or_else(|| ProtocolError::new(line, format!("go: {key} needs a value")))?;
        let number =
            || ProtocolError::new(line, format!("go: {key} '{value}' is not a valid number"));
        match key {
            "depth" => go.depth = Some(value.parse().ok().filter(|&d| d > 0).ok_or_else(number)?),
            "nodes" => go.nodes = Some(value.parse().ok().filter(|&n| n > 0).ok_or_else(number)?),
            "movetime" => {
                go.movetime = Some(
                    value
                        .parse::<f64>()
                        .ok()
                        .filter(|t| *t > 0.0 && t.is_finite())
                        .ok_or_else(number)?,
                )
            }
            other => {
                return Err(ProtocolError::new(
                    line,
                    format!("go: unknown limit '{other}' (depth, movetime, nodes, infinite)"),
                ))
            }
        }
    }
    Ok(go)
}

impl fmt::Display for ToEngine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ToEngine::Hello => f.write_str("hello"),
            ToEngine::IsReady => f.write_str("isready"),
            ToEngine::Stop => f.write_str("stop"),
            ToEngine::Quit => f.write_str("quit"),
            ToEngine::SetOption { name, value } => write!(f, "setoption name {name} value {value}"),
            ToEngine::NewGame { game, options } => {
                write!(f, "newgame {game}")?;
                options.iter().try_for_each(|o| write!(f, " {o}"))
            }
            ToEngine::Position { position, steps } => {
                write!(f, "position {position}")?;
                if !steps.is_empty() {
                    write!(f, " moves {}", steps.join(" "))?;
                }
                Ok(())
            }
            ToEngine::Go(go) => {
                f.write_str("go")?;
                if let Some(d) = go.depth {
                    write!(f, " depth {d}")?;
                }
                if let Some(t) = go.movetime {
                    write!(f, " movetime {t}")?;
                }
                if let Some(n) = go.nodes {
                    write!(f, " nodes {n}")?;
                }
                if go.infinite {
                    f.write_str(" infinite")?;
                }
                Ok(())
            }
        }
    }
}

/// What a search reports while it runs and when it ends: the fields of
/// the browser worker's `Report` (`web/src/protocol.rs`), one for one.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Info {
    /// Deepest completed iteration (`Report::depth`).
    pub depth: u32,
    /// Value for the side to move, in the game's units (`Report::value`).
    pub value: Option<f64>,
    /// The game's bound U (`Report::bound`).
    pub bound: Option<f64>,
    pub nodes: u64,
    pub chance_nodes: u64,
    /// Milliseconds (`Report::elapsed_ms`).
    pub time_ms: f64,
    /// Nodes per second (`Report::nodes_per_second`).
    pub nps: f64,
    /// Cuts by kind, only kinds that happened (`Report::cuts`).
    pub cuts: Vec<(String, u64)>,
    /// Proven value or whole tree searched (`Report::solved`).
    pub solved: bool,
    pub best: Option<String>,
    /// Principal variation, moves and outcomes (`Report::pv`); last on the line.
    pub pv: Vec<String>,
}

/// A message from the engine.
#[derive(Clone, Debug, PartialEq)]
pub enum FromEngine {
    /// `id KEY VALUE...` (`id name starcut 0.1.0`, `id protocol 1`,
    /// `id games stratego barrage ...`).
    Id {
        key: String,
        value: String,
    },
    /// `option name NAME type TYPE default VALUE [min A max B]`.
    Option(OptionDecl),
    HelloOk,
    ReadyOk,
    Info(Info),
    /// `info string TEXT`: a message for people.
    InfoString(String),
    /// `bestmove MOVE`, or `bestmove none` where there is nothing to move
    /// (a chance node or a finished game).
    BestMove(Option<String>),
    /// `error TEXT`: the last command was refused (the engine goes on).
    Error(String),
}

/// An option the engine accepts.
#[derive(Clone, Debug, PartialEq)]
pub struct OptionDecl {
    pub name: String,
    /// `string` or `spin`.
    pub kind: String,
    pub default: String,
    pub min: Option<i64>,
    pub max: Option<i64>,
}

impl fmt::Display for FromEngine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FromEngine::Id { key, value } => write!(f, "id {key} {value}"),
            FromEngine::Option(o) => {
                write!(
                    f,
                    "option name {} type {} default {}",
                    o.name, o.kind, o.default
                )?;
                if let (Some(lo), Some(hi)) = (o.min, o.max) {
                    write!(f, " min {lo} max {hi}")?;
                }
                Ok(())
            }
            FromEngine::HelloOk => f.write_str("hellook"),
            FromEngine::ReadyOk => f.write_str("readyok"),
            FromEngine::InfoString(s) => write!(f, "info string {s}"),
            FromEngine::BestMove(m) => write!(f, "bestmove {}", m.as_deref().unwrap_or("none")),
            FromEngine::Error(e) => write!(f, "error {e}"),
            FromEngine::Info(i) => {
                write!(f, "info depth {}", i.depth)?;
                if let Some(v) = i.value {
                    write!(f, " value {v}")?;
                }
                if let Some(b) = i.bound {
                    write!(f, " bound {b}")?;
                }
                write!(
                    f,
                    " nodes {} chance_nodes {} time {:.0} nps {:.0}",
                    i.nodes, i.chance_nodes, i.time_ms, i.nps
                )?;
                if !i.cuts.is_empty() {
                    let cuts: Vec<String> =
                        i.cuts.iter().map(|(k, n)| format!("{k}={n}")).collect();
                    write!(f, " cuts {}", cuts.join(","))?;
                }
                if i.solved {
                    f.write_str(" solved")?;
                }
                if let Some(b) = &i.best {
                    write!(f, " best {b}")?;
                }
                if !i.pv.is_empty() {
                    write!(f, " pv {}", i.pv.join(" "))?;
                }
                Ok(())
            }
        }
    }
}

impl FromEngine {
    /// Parses one line from an engine.
    pub fn parse(line: &str) -> Result<FromEngine, ProtocolError> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&head, rest)) = words.split_first() else {
            return Err(ProtocolError::new(line, "empty line"));
        };
        match head {
            "hellook" => Ok(FromEngine::HelloOk),
            "readyok" => Ok(FromEngine::ReadyOk),
            "id" => match rest.split_first() {
                Some((key, value)) => Ok(FromEngine::Id {
                    key: key.to_string(),
                    value: value.join(" "),
                }),
                None => Err(ProtocolError::new(line, "id: expected 'id KEY VALUE'")),
            },
            "bestmove" => match rest {
                ["none"] => Ok(FromEngine::BestMove(None)),
                [m, ..] => Ok(FromEngine::BestMove(Some(m.to_string()))),
                [] => Err(ProtocolError::new(line, "bestmove: no move")),
            },
            "error" => Ok(FromEngine::Error(rest.join(" "))),
            "option" => parse_option(line, rest).map(FromEngine::Option),
            "info" if rest.first() == Some(&"string") => {
                Ok(FromEngine::InfoString(rest[1..].join(" ")))
            }
            "info" => parse_info(line, rest).map(FromEngine::Info),
            other => Err(ProtocolError::new(line, format!("unknown reply '{other}'"))),
        }
    }
}

fn parse_option(line: &str, rest: &[&str]) -> Result<OptionDecl, ProtocolError> {
    let bad = || {
        ProtocolError::new(
            line,
            "option: expected 'option name NAME type TYPE default VALUE'",
        )
    };
    let (mut name, mut kind, mut default, mut min, mut max) = (None, None, None, None, None);
    let mut words = rest.iter();
    while let Some(&key) = words.next() {
        let value = words.next().ok_or_else(bad)?;
        match key {
            "name" => name = Some(value.to_string()),
            "type" => kind = Some(value.to_string()),
            "default" => default = Some(value.to_string()),
            "min" => min = value.parse().ok(),
            "max" => max = value.parse().ok(),
            _ => return Err(bad()),
        }
    }
    Ok(OptionDecl {
        name: name.ok_or_else(bad)?,
        kind: kind.ok_or_else(bad)?,
        default: default.unwrap_or_default(),
        min,
        max,
    })
}

fn parse_info(line: &str, rest: &[&str]) -> Result<Info, ProtocolError> {
    let mut info = Info::default();
    let mut words = rest.iter();
    while let Some(&key) = words.next() {
        match key {
            "solved" => {
                info.solved = true;
                continue;
            }
            "pv" => {
                info.pv = words.by_ref().map(|w| w.to_string()).collect();
                break;
            }
            _ => {}
        }
        let value = words
            .next()
            .ok_or_else(|| ProtocolError::new(line, format!("info: {key} needs a value")))?;
        let number = || ProtocolError::new(line, format!("info: {key} '{value}' is not a number"));
        match key {
            "depth" => info.depth = value.parse().map_err(|_| number())?,
            "value" => info.value = Some(value.parse().map_err(|_| number())?),
            "bound" => info.bound = Some(value.parse().map_err(|_| number())?),
            "nodes" => info.nodes = value.parse().map_err(|_| number())?,
            "chance_nodes" => info.chance_nodes = value.parse().map_err(|_| number())?,
            "time" => info.time_ms = value.parse().map_err(|_| number())?,
            "nps" => info.nps = value.parse().map_err(|_| number())?,
            "best" => info.best = Some(value.to_string()),
            "cuts" => {
                for item in value.split(',') {
                    let (k, n) = item.split_once('=').ok_or_else(number)?;
                    info.cuts
                        .push((k.to_string(), n.parse().map_err(|_| number())?));
                }
            }
            // Unknown fields are skipped with their value, so that later
            // versions may add fields.
            _ => {}
        }
    }
    Ok(info)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_print_and_parse_back() {
        let commands = [
            "hello",
            "isready",
            "setoption name algo value staretc+cpc=1.6",
            "newgame dice size=5",
            "newgame chance-breakthrough rows=6,cols=6",
            "position start",
            "position 5/5/5/5/5 c 3 moves c3 2 r2",
            "position start moves roll e7 a2a3",
            "go depth 4",
            "go movetime 250 nodes 10000",
            "go infinite",
            "stop",
            "quit",
        ];
        for line in commands {
            let parsed = ToEngine::parse(line).unwrap();
            assert_eq!(parsed.to_string(), line);
        }
        assert_eq!(
            ToEngine::parse("position 5/5/5/5/5 c 3 moves c3").unwrap(),
            ToEngine::Position {
                position: "5/5/5/5/5 c 3".into(),
                steps: vec!["c3".into()]
            }
        );
    }

    #[test]
    fn bad_commands_name_the_problem() {
        for (line, why) in [
            ("", "empty line"),
            ("fly", "unknown command 'fly'"),
            ("newgame chess", "unknown game 'chess'"),
            ("newgame", "which game"),
            ("position", "expected 'start'"),
            ("position moves e2e4", "expected 'start'"),
            ("go depth", "depth needs a value"),
            ("go depth x", "depth 'x' is not a valid number"),
            ("go depth 0", "depth '0'"),
            ("go movetime -5", "movetime '-5'"),
            ("go fast 1", "unknown limit 'fast'"),
            ("setoption algo staretc", "setoption name NAME value VALUE"),
            ("stop now", "stop takes no arguments"),
        ] {
            let e = ToEngine::parse(line).unwrap_err().to_string();
            assert!(e.contains(why), "{line}: {e}");
        }
    }

    #[test]
    fn replies_print_and_parse_back() {
        let info = Info {
            depth: 5,
            value: Some(-12.5),
            bound: Some(1000.0),
            nodes: 12345,
            chance_nodes: 678,
            time_ms: 31.0,
            nps: 398226.0,
            cuts: vec![("alpha_beta".into(), 40), ("star1_cut_i".into(), 2)],
            solved: false,
            best: Some("e4e5".into()),
            pv: vec!["e4e5".into(), "=3".into(), "f7f6".into()],
        };
        let replies = [
            FromEngine::Id {
                key: "name".into(),
                value: "starcut 0.1.0".into(),
            },
            FromEngine::Option(OptionDecl {
                name: "tt_mb".into(),
                kind: "spin".into(),
                default: "16".into(),
                min: Some(1),
                max: Some(4096),
            }),
            FromEngine::HelloOk,
            FromEngine::ReadyOk,
            FromEngine::Info(info),
            FromEngine::InfoString("hello there".into()),
            FromEngine::BestMove(Some("a2a3".into())),
            FromEngine::BestMove(None),
            FromEngine::Error("position: board: bad".into()),
        ];
        for r in replies {
            let line = r.to_string();
            assert_eq!(FromEngine::parse(&line).unwrap(), r, "{line}");
        }
        // Fields a later version adds are skipped.
        let i = FromEngine::parse("info depth 2 hashfull 10 nodes 5").unwrap();
        assert!(matches!(
            i,
            FromEngine::Info(Info {
                depth: 2,
                nodes: 5,
                ..
            })
        ));
        assert!(FromEngine::parse("info nodes many").is_err());
        assert!(FromEngine::parse("bestmove").is_err());
    }
}
