//! Matches against external engines through the engine protocol, engine
//! failures recorded per game, the SPRT, and shards run by GNU parallel.
//! The binary under test plays both as the match runner and, through
//! `starcut engine`, as the external engine.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::Value;

mod common;
use common::{load, ok, path, starcut};

fn scratch(name: &str) -> PathBuf {
    common::scratch("engines", name)
}

const STARCUT: &str = env!("CARGO_BIN_EXE_starcut");

/// The engine command of this very binary.
fn engine_cmd() -> String {
    format!("'{STARCUT}' engine")
}

/// A fake engine: a shell script that answers the handshake and then
/// `go` with `on_go` (a shell command; empty: no answer at all).
fn fake_engine(dir: &Path, name: &str, on_go: &str) -> String {
    let file = dir.join(format!("{name}.sh"));
    let script = format!(
        "#!/bin/sh\nwhile read -r cmd rest; do\n  case \"$cmd\" in\n    hello) echo hellook ;;\n    \
         isready) echo readyok ;;\n    go) {on_go} ;;\n    quit) exit 0 ;;\n  esac\ndone\n"
    );
    std::fs::write(&file, script).unwrap();
    format!("sh {}", path(&file))
}

#[test]
fn a_starcut_engine_behind_the_protocol_plays_the_in_process_games() {
    same_games_through_the_protocol("dice", &["dice", "-o", "size=4", "--eval-noise", "0.5"]);
    // Stratego's views: the engine rebuilds its view from the start and
    // the steps (battle outcomes included) and plays the same moves.
    same_games_through_the_protocol(
        "barrage",
        &[
            "barrage",
            "--setups",
            "random",
            "--a-nodes",
            "400",
            "--b-nodes",
            "400",
        ],
    );
}

fn same_games_through_the_protocol(name: &str, game: &[&str]) {
    let dir = scratch(&format!("same-{name}"));
    let mut base = vec!["match"];
    base.extend(game);
    base.extend(["--depth", "2", "--games", "8", "--seed", "3"]);
    let local = dir.join("local.json");
    let mut args = base.to_vec();
    args.extend(["--a", "star2", "--b", "expectimax", "--out", path(&local)]);
    ok(&args);
    let external = dir.join("external.json");
    let cmd = engine_cmd();
    let mut args = base.to_vec();
    args.extend([
        "--a",
        "star2",
        "--b",
        "expectimax",
        "--b-cmd",
        &cmd,
        "--threads",
        "2",
        "--out",
        path(&external),
    ]);
    let summary = ok(&args);
    assert!(summary.contains("engine"), "{summary}");
    let (mut local, external) = (load(&local), load(&external));
    // Same games, moves searched and nodes: the protocol adds nothing. An
    // external engine's depths are not known, so B's are only in the local
    // run.
    for g in local["games"].as_array_mut().unwrap() {
        assert!(
            g.as_object_mut().unwrap().remove("depths_b").is_some(),
            "{name}"
        );
    }
    assert_eq!(local["games"], external["games"], "{name}");
    assert_eq!(external["config"]["b"]["cmd"], Value::String(cmd));
}

#[test]
fn crashes_time_losses_and_illegal_moves_lose_the_game_and_the_match_goes_on() {
    let dir = scratch("failures");
    let cases = [
        ("crash", "exit 3".to_string(), "crash"),
        ("silent", ":".to_string(), "time"),
        (
            "illegal",
            "echo 'bestmove a1a1'".to_string(),
            "illegal_move",
        ),
        ("nonsense", "echo 'hello world'".to_string(), "protocol"),
    ];
    for (name, on_go, kind) in cases {
        let cmd = fake_engine(&dir, name, &on_go);
        let out = dir.join(format!("{name}.json"));
        let summary = ok(&[
            "match",
            "breakthrough",
            "-o",
            "rows=5,cols=5",
            "--a",
            "staretc",
            "--b-cmd",
            &cmd,
            "--time",
            "50",
            "--timeout-margin",
            "300",
            "--games",
            "4",
            "--out",
            path(&out),
        ]);
        let v = load(&out);
        let games = v["games"].as_array().unwrap();
        assert_eq!(games.len(), 4, "{name}: the match goes on");
        for g in games {
            assert_eq!(g["result"], "a_win", "{name}: {g}");
            assert_eq!(g["failure"]["engine"], "b", "{name}: {g}");
            let k = g["failure"]["kind"].as_str().unwrap();
            assert_eq!(
                k.replace(' ', "_"),
                kind.replace("illegal_move", "illegal"),
                "{name}: {g}"
            );
        }
        assert!(
            summary.contains("engine failures (lost games): B "),
            "{summary}"
        );
    }
}

#[test]
fn a_missing_engine_program_is_a_crash_not_a_panic() {
    let dir = scratch("missing");
    let out = dir.join("m.json");
    ok(&[
        "match",
        "dice",
        "-o",
        "size=3",
        "--a",
        "star1",
        "--b-cmd",
        "/nonexistent/engine",
        "--games",
        "2",
        "--out",
        path(&out),
    ]);
    let v = load(&out);
    for g in v["games"].as_array().unwrap() {
        assert_eq!(g["failure"]["kind"], "crash");
        assert!(g["failure"]["message"]
            .as_str()
            .unwrap()
            .contains("/nonexistent/engine"));
    }
}

/// The match of the SPRT tests: deterministic (depth limits), decided
/// within a few pairs.
const SPRT_MATCH: &[&str] = &[
    "breakthrough",
    "-o",
    "rows=5,cols=5",
    "--a",
    "staretc",
    "--b",
    "star1",
    "--a-depth",
    "3",
    "--b-depth",
    "1",
    "--random-moves",
    "0.1",
    "--games",
    "60",
    "--seed",
    "5",
    "--sprt",
    "elo0=0,elo1=100",
];

#[test]
fn the_sprt_stops_the_match_and_the_same_games_give_the_same_figures() {
    let dir = scratch("sprt");
    let one = dir.join("one.json");
    let mut args = vec!["match"];
    args.extend_from_slice(SPRT_MATCH);
    args.extend(["--threads", "1", "--out", path(&one)]);
    let summary = ok(&args);
    assert!(summary.contains("H1 accepted"), "{summary}");
    assert!(summary.contains("the match stopped there"), "{summary}");
    let v = load(&one);
    let played = v["games"].as_array().unwrap().len();
    assert!(played < 60 && played.is_multiple_of(2), "{played}");
    let pair = v["sprt"]["decided_at_pair"].as_u64().unwrap() as usize;
    assert_eq!(played, 2 * pair + 2);
    // Any thread count stops at the same pair with the same games.
    let two = dir.join("two.json");
    let mut args = vec!["match"];
    args.extend_from_slice(SPRT_MATCH);
    args.extend(["--threads", "2", "--out", path(&two)]);
    ok(&args);
    assert_eq!(load(&two), v);
}

#[test]
fn shards_run_by_gnu_parallel_merge_to_the_single_run() {
    if Command::new("parallel")
        .arg("--version")
        .stdout(Stdio::null())
        .status()
        .is_err()
    {
        // `./dev test` installs GNU parallel (scripts/toolchain.sh); CI
        // must have it.
        assert!(
            std::env::var_os("CI").is_none(),
            "GNU parallel is missing in CI"
        );
        eprintln!("skipped: GNU parallel is not installed (./dev install adds it)");
        return;
    }
    let dir = scratch("parallel");
    let single = dir.join("single.json");
    let mut args = vec!["match"];
    args.extend_from_slice(SPRT_MATCH);
    args.extend(["--out", path(&single)]);
    let single_summary = ok(&args);
    // The docs' recipe: one `match --shard {}/3` per job, then the merge.
    let words: Vec<String> = SPRT_MATCH.iter().map(|w| format!("'{w}'")).collect();
    let status = Command::new("parallel")
        .current_dir(&dir)
        .args([
            "--halt",
            "now,fail=1",
            &format!(
                "'{STARCUT}' match {} --shard {{}}/3 --out shard-{{}}.json > /dev/null",
                words.join(" ")
            ),
            ":::",
            "1",
            "2",
            "3",
        ])
        .status()
        .unwrap();
    assert!(status.success());
    let merged = dir.join("merged.json");
    let shards: Vec<String> = (1..=3)
        .map(|i| path(&dir.join(format!("shard-{i}.json"))).to_string())
        .collect();
    let mut args = vec!["match-merge"];
    args.extend(shards.iter().map(String::as_str));
    args.extend(["--out", path(&merged)]);
    let merged_summary = ok(&args);
    assert_eq!(merged_summary, single_summary);
    assert_eq!(load(&merged), load(&single));
}

#[test]
fn bad_engine_flags_fail_before_any_game() {
    for (args, why) in [
        (
            vec![
                "match", "dice", "--a", "star2", "--b-cmd", "x", "--b", "star9",
            ],
            "star9",
        ),
        (
            vec!["match", "dice", "--a", "star2", "--b-cmd", "'unclosed"],
            "unclosed",
        ),
        (
            vec![
                "match",
                "dice",
                "--a",
                "star2",
                "--b-cmd",
                "x",
                "--b-option",
                "noequals",
            ],
            "NAME=VALUE",
        ),
        (
            vec![
                "match", "dice", "--a", "star2", "--b", "star1", "--sprt", "elo0=5",
            ],
            "elo1",
        ),
        (vec!["match", "dice", "--a", "star2"], "--b"),
    ] {
        let out = starcut(&args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{args:?}");
        assert!(err.contains(why), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

#[test]
fn the_engine_speaks_the_protocol_over_pipes() {
    use std::io::Write;
    let mut child = Command::new(STARCUT)
        .arg("engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(
            b"hello\nnewgame chance-breakthrough rows=5,cols=5\nposition start moves roll none\n\
              go nodes 2000\nisready\nquit\n",
        )
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines.contains(&"hellook"), "{text}");
    let best: Vec<&&str> = lines
        .iter()
        .filter(|l| l.starts_with("bestmove "))
        .collect();
    assert_eq!(best.len(), 1, "{text}");
    assert!(
        lines.last() == Some(&"readyok") || lines.contains(&"readyok"),
        "{text}"
    );
}

#[test]
fn an_older_build_plays_through_the_analyse_adapter() {
    // `engine --analyse-with BINARY` drives a build that predates the
    // protocol through its `analyse --json`. Two identical engines meet the
    // same dice in both games of a pair, so the games repeat with colours
    // swapped and every pair scores exactly one point of two.
    let dir = scratch("adapter");
    let out = dir.join("a.json");
    let cmd = format!("'{STARCUT}' engine --analyse-with '{STARCUT}'");
    let summary = ok(&[
        "match",
        "dice",
        "-o",
        "size=4",
        "--a-cmd",
        &cmd,
        "--b-cmd",
        &cmd,
        "--a",
        "staretc",
        "--b",
        "staretc",
        "--nodes",
        "400",
        "--games",
        "6",
        "--threads",
        "1",
        "--out",
        path(&out),
    ]);
    let v = load(&out);
    assert_eq!(
        v["totals"]["pentanomial"],
        serde_json::json!([0, 0, 3, 0, 0]),
        "{summary}"
    );
    for g in v["games"].as_array().unwrap() {
        assert!(g.get("failure").is_none(), "{g}");
        assert!(g["nodes_a"].as_u64().unwrap() > 0);
    }
}
