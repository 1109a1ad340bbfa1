#!/usr/bin/env bash
# cargo-fuzz (libFuzzer) targets, run from the kept seeds in fuzz/seeds/.
#   scripts/fuzz.sh <target> [seconds]   one target (default 60 s)
#   scripts/fuzz.sh all [seconds]        every target for that long each (default 8 s): ./dev test
# Targets: parse_dice parse_breakthrough parse_stratego parse_record (the
# notations), play (move and outcome text applied to positions reached by
# random play, with starcut::invariants checked after every step) and
# saved_game (the web app's saved games and share links).
# The working corpus grows in fuzz/corpus/<target> (git-ignored); a crash
# is written to fuzz/artifacts/<target>/ and fails the run.
# cargo-fuzz needs nightly features; RUSTC_BOOTSTRAP=1 enables them on the
# stable toolchain. No sanitizer (-s none): the project's only unsafe code
# is the table's prefetch hint (no memory access), so the failures sought are panics and broken assertions, and debug
# assertions (-a) are on so that overflows panic too.
set -euo pipefail
cd "$(dirname "$0")/.."
TARGETS=(parse_dice parse_breakthrough parse_stratego parse_record play saved_game)
what="${1:?usage: scripts/fuzz.sh <target|all> [seconds]}"
if [ "$what" = all ]; then
  secs="${2:-8}"
  targets=("${TARGETS[@]}")
else
  secs="${2:-60}"
  targets=("$what")
fi
command -v cargo-fuzz >/dev/null || { echo "cargo-fuzz is missing: ./dev install adds it" >&2; exit 1; }
cd fuzz
if [ "$what" = all ]; then
  RUSTC_BOOTSTRAP=1 cargo fuzz build -s none -a >&2
else
  RUSTC_BOOTSTRAP=1 cargo fuzz build -s none -a "$what" >&2
fi
bin_dir="target/$(rustc -vV | sed -n 's/^host: //p')/release"
status=0
for t in "${targets[@]}"; do
  mkdir -p "corpus/$t" "artifacts/$t"
  log="artifacts/$t/last-run.log"
  if "$bin_dir/$t" "corpus/$t" "seeds/$t" -max_total_time="$secs" -max_len=512 \
       -print_final_stats=1 -artifact_prefix="artifacts/$t/" >"$log" 2>&1; then
    crashes=0
  else
    crashes=1
    status=1
  fi
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  corpus=$(ls "corpus/$t" | wc -l)
  echo "fuzz $t: ${execs:-0} execs in ${secs} s, $crashes crashes, corpus $corpus inputs"
  if [ "$crashes" != 0 ]; then
    tail -30 "$log" >&2
  fi
done
exit $status
