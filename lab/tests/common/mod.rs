//! Helpers shared by the lab's integration tests.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

/// A fresh scratch folder for one test (`group` keeps the test files apart).
pub fn scratch(group: &str, name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("starcut-{group}-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

pub fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// A match result file without its time fields (the only ones that vary).
pub fn load(file: &Path) -> Value {
    let mut v: Value = serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
    v.as_object_mut().unwrap().remove("wall_ms");
    for g in v["games"].as_array_mut().unwrap() {
        g.as_object_mut().unwrap().remove("time_ms");
    }
    v
}

/// Runs the starcut binary under test.
pub fn starcut(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_starcut"))
        .args(args)
        .output()
        .expect("the starcut binary runs")
}

/// Runs starcut, which must succeed; returns its standard output.
pub fn ok(args: &[&str]) -> String {
    let out = starcut(args);
    assert!(
        out.status.success(),
        "{args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}
