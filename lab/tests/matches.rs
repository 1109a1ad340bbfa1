//! `starcut match` and `match-merge`, run as a program: reproducible
//! results (re-run, threads, shards), both colours, error recording,
//! replayable records and clear errors for bad arguments; and `beliefs`,
//! which reads the records.

use std::path::{Path, PathBuf};

use serde_json::Value;

mod common;
use common::{load, ok, path, starcut};

fn scratch(name: &str) -> PathBuf {
    common::scratch("matches", name)
}

/// Must fail with one line on stderr mentioning `needle`, never a panic.
fn fails(args: &[&str], needle: &str) {
    let out = starcut(args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{args:?} should fail");
    assert!(!err.contains("panicked"), "{args:?} panicked: {err}");
    assert!(err.contains(needle), "{args:?}: '{err}' lacks '{needle}'");
    assert_eq!(err.trim().lines().count(), 1, "{args:?}: '{err}'");
}

/// Runs a match into `dir/name.json` and loads it.
fn run_match(dir: &Path, name: &str, args: &[&str]) -> (Value, String) {
    let out = dir.join(format!("{name}.json"));
    let mut all = vec!["match"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--out", path(&out)]);
    let stdout = ok(&all);
    (load(&out), stdout)
}

const DICE: &[&str] = &[
    "dice",
    "-o",
    "size=3",
    "--a",
    "star2",
    "--b",
    "expectimax",
    "--depth",
    "2",
    "--games",
    "12",
    "--seed",
    "7",
    "--tt-mb",
    "1",
];

const CHANCE_BT: &[&str] = &[
    "chance-breakthrough",
    "-o",
    "rows=5,cols=5",
    "--a",
    "star2",
    "--b",
    "star1",
    "--depth",
    "2",
    "--games",
    "8",
    "--seed",
    "3",
    "--tt-mb",
    "1",
    "--random-moves",
    "0.1",
];

fn with<'a>(base: &[&'a str], extra: &[&'a str]) -> Vec<&'a str> {
    base.iter().chain(extra).copied().collect()
}

#[test]
fn same_seed_same_results_and_another_seed_differs() {
    let dir = scratch("rerun");
    let (a, _) = run_match(&dir, "a", DICE);
    let (b, _) = run_match(&dir, "b", DICE);
    assert_eq!(a, b);
    assert_eq!(a["games"].as_array().unwrap().len(), 12);
    let mut other = DICE.to_vec();
    let seed = other.iter().position(|s| *s == "7").unwrap();
    other[seed] = "8";
    let (c, _) = run_match(&dir, "c", &other);
    assert_ne!(a["games"], c["games"], "the seed must change the games");
}

#[test]
fn thread_count_does_not_change_results() {
    let dir = scratch("threads");
    let (one, _) = run_match(&dir, "one", &with(CHANCE_BT, &["--threads", "1"]));
    let (two, _) = run_match(&dir, "two", &with(CHANCE_BT, &["--threads", "2"]));
    assert_eq!(one, two);
}

#[test]
fn merged_shards_equal_the_whole_match() {
    let dir = scratch("shards");
    let (whole, summary) = run_match(&dir, "whole", CHANCE_BT);
    let (s1, _) = run_match(&dir, "s1", &with(CHANCE_BT, &["--shard", "1/3"]));
    let (s2, _) = run_match(&dir, "s2", &with(CHANCE_BT, &["--shard", "2/3"]));
    let (s3, _) = run_match(&dir, "s3", &with(CHANCE_BT, &["--shard", "3/3"]));
    // Shard i/n (1-based) holds the 0-based indices i-1 mod n.
    let indices = |v: &Value| -> Vec<u64> {
        v["games"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| g["index"].as_u64().unwrap())
            .collect()
    };
    assert_eq!(indices(&s1), vec![0, 3, 6]);
    assert_eq!(indices(&s2), vec![1, 4, 7]);
    assert_eq!(indices(&s3), vec![2, 5]);
    let merged = dir.join("merged.json");
    // Out of order on purpose.
    let merge_out = ok(&[
        "match-merge",
        path(&dir.join("s3.json")),
        path(&dir.join("s1.json")),
        path(&dir.join("s2.json")),
        "--out",
        path(&merged),
    ]);
    assert_eq!(load(&merged), whole);
    assert_eq!(merge_out, summary);

    // Overlapping shards and different configurations are refused.
    fails(
        &[
            "match-merge",
            path(&dir.join("s1.json")),
            path(&dir.join("whole.json")),
        ],
        "game 0 is in both",
    );
    let (_, _) = run_match(
        &dir,
        "other",
        &with(CHANCE_BT, &["--a-depth", "1", "--shard", "2/3"]),
    );
    fails(
        &[
            "match-merge",
            path(&dir.join("s1.json")),
            path(&dir.join("other.json")),
        ],
        "configuration differs",
    );
    std::fs::write(dir.join("junk.json"), "{\"format\": 1}").unwrap();
    fails(
        &["match-merge", path(&dir.join("junk.json"))],
        "not a match result file",
    );
}

#[test]
fn every_search_reports_the_depth_it_completed() {
    let dir = scratch("depths");
    let (v, stdout) = run_match(&dir, "m", &with(DICE, &["--a-depth", "1"]));
    for g in v["games"].as_array().unwrap() {
        for (side, depth) in [("a", 1), ("b", 2)] {
            let depths = g[format!("depths_{side}")].as_array().unwrap();
            assert_eq!(
                depths.len() as u64,
                g[format!("searches_{side}")].as_u64().unwrap()
            );
            assert!(depths.iter().all(|d| d.as_u64() == Some(depth)), "{g}");
        }
    }
    let t = &v["totals"];
    assert_eq!(t["depth_a"]["median"].as_f64(), Some(1.0));
    assert_eq!(t["depth_b"]["max"].as_u64(), Some(2));
    assert!(
        stdout.contains(
            "depth completed per searched move, median (least to most): A 1 (1 to 1), B 2 (2 to 2)"
        ),
        "{stdout}"
    );
}

#[test]
fn every_start_is_played_with_both_colours() {
    let dir = scratch("colours");
    let (v, _) = run_match(&dir, "m", DICE);
    let games = v["games"].as_array().unwrap();
    for g in games {
        // Without random moves every decision is one search by its side.
        let searches = g["searches_a"].as_u64().unwrap() + g["searches_b"].as_u64().unwrap();
        assert_eq!(searches, g["plies"].as_u64().unwrap(), "{g}");
        assert!(g["searches_a"].as_u64() > Some(0) && g["nodes_a"].as_u64() > Some(0));
    }
    for pair in games.chunks(2) {
        assert_eq!(pair[0]["a_colour"], "first");
        assert_eq!(pair[1]["a_colour"], "second");
        assert_eq!(pair[0]["start"], pair[1]["start"]);
    }
    // Totals agree with a recount of the games.
    let count = |result: &str, colour: Option<&str>| {
        games
            .iter()
            .filter(|g| g["result"] == result && colour.is_none_or(|c| g["a_colour"] == c))
            .count() as u64
    };
    let t = &v["totals"];
    assert_eq!(t["a_wins"].as_u64(), Some(count("a_win", None)));
    assert_eq!(t["b_wins"].as_u64(), Some(count("b_win", None)));
    assert_eq!(t["draws"].as_u64(), Some(count("draw", None)));
    assert_eq!(
        t["a_first"]["a_wins"].as_u64(),
        Some(count("a_win", Some("first")))
    );
}

#[test]
fn summary_prints_score_and_interval_from_the_counts() {
    let dir = scratch("summary");
    let (v, summary) = run_match(&dir, "m", DICE);
    let t = &v["totals"];
    let (w, d, l) = (
        t["a_wins"].as_f64().unwrap(),
        t["draws"].as_f64().unwrap(),
        t["b_wins"].as_f64().unwrap(),
    );
    let n = w + d + l;
    let mean = (w + d / 2.0) / n;
    // Variance of the per-game scores 1, 1/2, 0, computed the long way.
    let var = (w * (1.0 - mean).powi(2) + d * (0.5 - mean).powi(2) + l * mean.powi(2)) / n;
    let ci = 1.96 * (var / n).sqrt();
    let line = format!("A: {:.1}% ± {:.1}%", 100.0 * mean, 100.0 * ci);
    assert!(summary.contains(&line), "'{summary}' lacks '{line}'");
    assert!(
        summary.contains(&format!(
            "games 12: A wins {w}, draws {d}, B wins {l}, errors 0"
        )),
        "{summary}"
    );
}

#[test]
fn a_failing_game_is_an_error_and_the_match_goes_on() {
    let dir = scratch("errors");
    let (v, summary) = run_match(&dir, "m", &with(DICE, &["--fail-game", "5"]));
    let games = v["games"].as_array().unwrap();
    assert_eq!(games.len(), 12);
    for g in games {
        if g["index"] == 5 {
            assert_eq!(g["result"], "error");
            let msg = g["error"].as_str().unwrap();
            assert!(msg.contains("injected failure"), "{msg}");
        } else {
            assert_ne!(g["result"], "error", "{g}");
        }
    }
    assert_eq!(v["totals"]["errors"], 1);
    assert!(summary.contains("errors 1"), "{summary}");
    assert!(summary.contains("(95% confidence, 11 games)"), "{summary}");
}

#[test]
fn records_replay_to_the_recorded_results() {
    let dir = scratch("records");
    let records = dir.join("records");
    let (v, _) = run_match(&dir, "m", &with(CHANCE_BT, &["--records", path(&records)]));
    for g in v["games"].as_array().unwrap() {
        let file = records.join(format!("game-{:06}.txt", g["index"].as_u64().unwrap()));
        let text = std::fs::read_to_string(&file).unwrap();
        let (start, steps) = text.split_once('\n').unwrap();
        let steps: Vec<&str> = steps.split_whitespace().collect();
        assert_eq!(steps.len() as u64, g["steps"].as_u64().unwrap());
        // `moves` replays and checks every step; a finished game has no moves left.
        let mut args = vec!["moves", "chance-breakthrough", "-o", "rows=5,cols=5", start];
        args.extend(steps);
        let listed = ok(&args);
        if g["result"] != "draw" {
            assert!(
                listed.trim().is_empty() || listed.contains("over"),
                "{listed}"
            );
        }
    }
}

#[test]
fn barrage_preset_pairs_and_random_setups() {
    let dir = scratch("barrage");
    let base = [
        "barrage",
        "--a",
        "star1",
        "--b",
        "expectimax",
        "--depth",
        "1",
        "--max-steps",
        "6",
        "--tt-mb",
        "1",
    ];
    let (v, summary) = run_match(&dir, "presets", &with(&base, &["--setups", "presets"]));
    let games = v["games"].as_array().unwrap();
    // The summary scores A by the setup each side played: every game once
    // in each line, each setup as often as the other.
    for (prefix, own) in [("A by its setup", true), ("A by B's setup", false)] {
        let line = summary
            .lines()
            .find_map(|l| l.strip_prefix(prefix))
            .unwrap_or_else(|| panic!("no '{prefix}' line in:\n{summary}"));
        let mut total = 0;
        for part in line.trim_start_matches(" (won-drawn-lost): ").split(", ") {
            let (name, wdl) = part.split_once(' ').unwrap();
            let counts: Vec<u64> = wdl.split('-').map(|n| n.parse().unwrap()).collect();
            let n: u64 = counts.iter().sum();
            let played = games
                .iter()
                .filter(|g| {
                    let (red, blue) = g["start"].as_str().unwrap().split_once('/').unwrap();
                    let a_red = g["a_colour"] == "first";
                    name == if a_red == own { red } else { blue }
                })
                .count() as u64;
            assert_eq!(n, played, "{prefix}: {part}");
            total += n;
        }
        assert_eq!(total, games.len() as u64, "{line}");
    }
    let names = ok(&["setups"])
        .lines()
        .filter(|l| l.split_whitespace().nth(1) == Some("barrage"))
        .count();
    assert!(names >= 2);
    assert_eq!(games.len(), 2 * names * names);
    let labels: std::collections::BTreeSet<&str> =
        games.iter().map(|g| g["start"].as_str().unwrap()).collect();
    assert_eq!(labels.len(), names * names);
    assert!(labels.contains("barrage-1/barrage-2") && labels.contains("barrage-2/barrage-1"));

    let (r, _) = run_match(
        &dir,
        "random",
        &with(&base, &["--setups", "random", "--games", "4"]),
    );
    let r2 = run_match(
        &dir,
        "random2",
        &with(&base, &["--setups", "random", "--games", "4"]),
    )
    .0;
    assert_eq!(r, r2);
    let starts: Vec<&str> = r["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["start"].as_str().unwrap())
        .collect();
    assert_eq!(starts, ["random-0", "random-0", "random-1", "random-1"]);

    // Guarded setups (the Flag out of a first move's reach; the setups
    // themselves are checked in the engine), each pair played with colours
    // swapped.
    let (g, _) = run_match(
        &dir,
        "guarded",
        &with(&base, &["--setups", "guarded", "--games", "4"]),
    );
    let games = g["games"].as_array().unwrap();
    let starts: Vec<&str> = games.iter().map(|g| g["start"].as_str().unwrap()).collect();
    assert_eq!(starts, ["guarded-0", "guarded-0", "guarded-1", "guarded-1"]);
}

#[test]
fn evaluation_noise_varies_deterministic_games_reproducibly() {
    let dir = scratch("noise");
    let base = [
        "breakthrough",
        "-o",
        "rows=5,cols=5",
        "--a",
        "star2",
        "--b",
        "star1",
        "--depth",
        "2",
        "--games",
        "8",
        "--tt-mb",
        "1",
    ];
    let moves = |v: &Value| -> std::collections::BTreeSet<u64> {
        v["games"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|g| g["a_colour"] == "first")
            .map(|g| g["nodes_a"].as_u64().unwrap() * 100_000 + g["plies"].as_u64().unwrap())
            .collect()
    };
    // Without noise or random moves, Breakthrough from the start is one game.
    let (plain, _) = run_match(&dir, "plain", &base);
    assert_eq!(moves(&plain).len(), 1);
    let (noisy, summary) = run_match(&dir, "noisy", &with(&base, &["--eval-noise", "30"]));
    assert!(moves(&noisy).len() > 1, "noise must vary the games");
    assert!(summary.contains("evaluation noise ±30"), "{summary}");
    let (again, _) = run_match(&dir, "again", &with(&base, &["--eval-noise", "30"]));
    assert_eq!(noisy, again);
}

#[test]
fn a_position_file_gives_the_starts_in_turn() {
    let dir = scratch("file");
    let file = dir.join("starts.txt");
    std::fs::write(
        &file,
        "# two starts\nbbbbb/1bb1b/1bw1b/ww1w1/wwwww w\n\nbbbbb/bbbbb/5/wwwww/wwwww w\n",
    )
    .unwrap();
    let (v, _) = run_match(
        &dir,
        "m",
        &[
            "breakthrough",
            "--a",
            "star2",
            "--b",
            "star1",
            "--depth",
            "1",
            "--games",
            "6",
            "--tt-mb",
            "1",
            "--start",
            path(&file),
        ],
    );
    let starts: Vec<&str> = v["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["start"].as_str().unwrap())
        .collect();
    assert_eq!(
        starts,
        ["line 2", "line 2", "line 4", "line 4", "line 2", "line 2"]
    );
    std::fs::write(&file, "# nothing\n").unwrap();
    fails(
        &[
            "match",
            "breakthrough",
            "--a",
            "star2",
            "--b",
            "star1",
            "--start",
            path(&file),
        ],
        "has no positions",
    );
    std::fs::write(&file, "bbbbb/zz w\n").unwrap();
    fails(
        &[
            "match",
            "breakthrough",
            "--a",
            "star2",
            "--b",
            "star1",
            "--start",
            path(&file),
        ],
        "--start line 1",
    );
}

#[test]
fn bad_arguments_give_one_clear_error() {
    fails(
        &[
            "match",
            "dice",
            "--a",
            "star2",
            "--b",
            "star1",
            "--eval-noise",
            "nan",
        ],
        "--eval-noise",
    );
    let m =
        |extra: &[&'static str]| with(&["match", "dice", "--a", "star2", "--b", "star1"], extra);
    fails(&m(&["--shard", "3/2"]), "--shard '3/2'");
    fails(&m(&["--shard", "x"]), "--shard 'x'");
    fails(&m(&["--games", "0"]), "--games");
    fails(&m(&["--random-moves", "2"]), "--random-moves");
    fails(&m(&["--setups", "presets"]), "dice has no setups");
    fails(&m(&["--start", "not/a/dice/position"]), "--start position");
    fails(&m(&["--time", "0"]), "--time 0");
    fails(
        &["match", "dice", "--a", "star9", "--b", "star1"],
        "algorithm 'star9'",
    );
    fails(
        &["match", "chess", "--a", "star2", "--b", "star1"],
        "invalid value 'chess'",
    );
    fails(
        &[
            "match", "barrage", "--a", "star2", "--b", "star1", "--setups", "mine",
        ],
        "invalid value 'mine' for '--setups",
    );
    fails(
        &["match-merge", "/nonexistent/x.json"],
        "reading /nonexistent/x.json",
    );
}

#[test]
fn both_games_of_a_pair_meet_the_same_dice() {
    // Identical engines: when both games of a pair draw the same chance
    // outcomes, the second game repeats the first with the colours
    // swapped, so every pair scores exactly one point of two.
    let dir = scratch("pairs");
    for game in [
        &["dice", "-o", "size=4"][..],
        &["chance-breakthrough", "-o", "rows=5,cols=5"][..],
    ] {
        let mut args = game.to_vec();
        args.extend([
            "--a", "staretc", "--b", "staretc", "--depth", "2", "--games", "10", "--seed", "4",
        ]);
        let (v, _) = run_match(&dir, game[0], &args);
        assert_eq!(
            v["totals"]["pentanomial"],
            serde_json::json!([0, 0, 5, 0, 0]),
            "{game:?}"
        );
        let games = v["games"].as_array().unwrap();
        for pair in games.chunks(2) {
            assert_eq!(pair[0]["seed"], pair[1]["seed"]);
            assert_eq!(pair[0]["steps"], pair[1]["steps"], "{pair:?}");
        }
    }
}

#[test]
fn barrage_matches_run_with_forward_pruning() {
    let dir = scratch("barrage-cpc");
    let (v, _) = run_match(
        &dir,
        "cpc",
        &[
            "barrage",
            "--a",
            "star1+cpc",
            "--b",
            "staretc+pc+mc",
            "--depth",
            "4",
            "--setups",
            "random",
            "--games",
            "2",
            "--max-steps",
            "40",
            "--tt-mb",
            "1",
        ],
    );
    let games = v["games"].as_array().unwrap();
    assert_eq!(games.len(), 2);
    for g in games {
        assert_ne!(g["result"], "error", "{g}");
    }
}

/// `--handicap b:1`: engine B plays without its Marshal in whichever colour
/// it has (the Marshal counts as captured, so both sides know), and bad
/// handicaps are refused with the reason.
#[test]
fn a_handicap_takes_the_pieces_of_one_engine_in_either_colour() {
    let dir = scratch("handicap");
    let records = dir.join("records");
    let (v, _) = run_match(
        &dir,
        "handicap",
        &[
            "barrage",
            "--a",
            "star1",
            "--b",
            "star1",
            "--depth",
            "2",
            "--games",
            "2",
            "--max-steps",
            "4",
            "--tt-mb",
            "1",
            "--handicap",
            "b:1",
            "--records",
            path(&records),
        ],
    );
    assert_eq!(v["config"]["handicap"], "b:1");
    // Game 0: A is Red, so Blue lacks its Marshal; game 1 the other way.
    for (game, taken, kept) in [(0, "b1", 'r'), (1, "r1", 'b')] {
        let text = std::fs::read_to_string(records.join(format!("game-00000{game}.txt"))).unwrap();
        let start = text.lines().next().unwrap();
        let (board, captured) = start.split_once(' ').unwrap();
        assert!(captured.ends_with(taken), "game {game}: {start}");
        let marshal = format!("{kept}1");
        assert!(
            board.contains(&marshal),
            "game {game}: A keeps its Marshal: {start}"
        );
        let gone = format!("{}1", if kept == 'r' { 'b' } else { 'r' });
        assert!(!board.contains(&gone), "game {game}: {start}");
    }
    for (bad, why) in [
        ("c:1", "'c' is not a or b"),
        ("b:F", "is not a rank"),
        ("b1", "expected a:RANKS or b:RANKS"),
        ("b:1,1", "no Marshal of"),
    ] {
        let out = starcut(&[
            "match",
            "barrage",
            "--a",
            "star1",
            "--b",
            "star1",
            "--games",
            "2",
            "--depth",
            "1",
            "--handicap",
            bad,
        ]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success() && err.contains(why), "{bad}: {err}");
    }
    let out = starcut(&[
        "match",
        "dice",
        "--a",
        "star1",
        "--b",
        "star1",
        "--games",
        "2",
        "--depth",
        "1",
        "--handicap",
        "a:1",
    ]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("only stratego and barrage"));
}

#[test]
fn endings_count_how_the_rules_ended_each_game() {
    let dir = scratch("endings");
    // 3x3 Dice ends in a line or on a full board, never otherwise.
    let (v, summary) = run_match(&dir, "dice", DICE);
    let mut counted = std::collections::BTreeMap::new();
    for g in v["games"].as_array().unwrap() {
        let end = g["end"].as_str().unwrap();
        let who = match g["result"].as_str().unwrap() {
            "a_win" => "A",
            "b_win" => "B",
            _ => "draw",
        };
        assert!(
            matches!((who, end), ("A" | "B", "line") | ("draw", "board full")),
            "{g}"
        );
        *counted.entry(format!("{who}: {end}")).or_insert(0u64) += 1;
    }
    let endings = &v["totals"]["endings"];
    assert_eq!(
        endings.as_object().unwrap().len(),
        counted.len(),
        "{endings}"
    );
    for (k, n) in &counted {
        assert_eq!(endings[k].as_u64(), Some(*n), "{k}: {endings}");
        assert!(summary.contains(&format!("{k} {n}")), "{summary}");
    }
    // Barrage cut short by its own ply limit: every game a move-limit draw.
    let (v, summary) = run_match(
        &dir,
        "barrage",
        &[
            "barrage",
            "-o",
            "max_plies=6",
            "--a",
            "staretc",
            "--b",
            "star1",
            "--games",
            "2",
            "--nodes",
            "200",
            "--seed",
            "1",
        ],
    );
    assert_eq!(v["totals"]["endings"]["draw: move limit"], 2, "{v}");
    assert!(summary.contains("endings: draw: move limit 2"), "{summary}");
}

/// `starcut beliefs` reads a match's records: every attack on an unmoved
/// hidden piece counted once in each table, and a corrupt or missing
/// record named in one clear error.
#[test]
fn beliefs_are_checked_against_the_records_of_a_match() {
    let dir = scratch("beliefs");
    let records = dir.join("records");
    run_match(
        &dir,
        "beliefs",
        &[
            "stratego",
            "--setups",
            "presets",
            "--a",
            "staretc+model",
            "--b",
            "staretc+model",
            "--nodes",
            "300",
            "--games",
            "2",
            "--max-steps",
            "300",
            "--tt-mb",
            "1",
            "--records",
            path(&records),
        ],
    );
    let files: Vec<String> = (0..2)
        .map(|g| path(&records.join(format!("game-00000{g}.txt"))).to_string())
        .collect();
    let mut args = vec!["beliefs", "stratego"];
    args.extend(files.iter().map(String::as_str));
    let out = ok(&args);
    let n: usize = out
        .split_whitespace()
        .next()
        .and_then(|w| w.parse().ok())
        .unwrap_or_else(|| panic!("a count first: {out}"));
    assert!(n > 0, "{out}");
    // Each table's bins hold every attack once, and so does its last line.
    for table in ["Bomb:", "Flag:"] {
        let rows: Vec<&str> = out
            .lines()
            .skip_while(|l| !l.starts_with(table))
            .skip(1)
            .take_while(|l| l.starts_with("  "))
            .collect();
        let count = |l: &&str| {
            l.split_whitespace()
                .nth(1)
                .unwrap()
                .parse::<usize>()
                .unwrap()
        };
        let (all, bins): (Vec<&str>, Vec<&str>) =
            rows.iter().partition(|l| l.trim_start().starts_with("all"));
        assert_eq!(all.len(), 1, "{out}");
        assert_eq!(count(&all[0]), n, "{out}");
        assert_eq!(bins.iter().map(count).sum::<usize>(), n, "{out}");
    }
    assert!(out.contains("log-likelihood"), "{out}");

    let text = std::fs::read_to_string(&files[0]).unwrap();
    let (start, _) = text.split_once('\n').unwrap();
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, format!("{start}\nzz9z\n")).unwrap();
    fails(&["beliefs", "stratego", path(&bad)], "step 1 (zz9z)");
    fails(
        &["beliefs", "stratego", path(&dir.join("none.txt"))],
        "none.txt",
    );
    fails(&["beliefs", "dice", path(&bad)], "dice");
}
