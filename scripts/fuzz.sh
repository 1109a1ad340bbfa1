#!/usr/bin/env bash
# Runs one parser fuzz target with cargo-fuzz (libFuzzer) for a while.
#   scripts/fuzz.sh <target> [seconds]     targets: parse_dice parse_breakthrough parse_stratego parse_record
# cargo-fuzz needs nightly features; RUSTC_BOOTSTRAP=1 enables them on the
# stable toolchain this project uses.
set -euo pipefail
cd "$(dirname "$0")/.."
target="${1:?usage: scripts/fuzz.sh <target> [seconds]}"
secs="${2:-60}"
command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz --locked
cd fuzz
RUSTC_BOOTSTRAP=1 cargo fuzz run "$target" -- -max_total_time="$secs" -max_len=512
