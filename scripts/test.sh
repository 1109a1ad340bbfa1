#!/usr/bin/env bash
# Every test of the project, in the order that fails fastest. CI runs this
# through ./dev test. Speed is measured by benchmarks, never asserted here.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n[test] %s\n' "$*" >&2; }

step "formatting"
cargo fmt --all -- --check

step "clippy (warnings are errors)"
cargo clippy --workspace --all-targets --locked -- -D warnings

step "unit, property and integration tests"
cargo test --workspace --locked

step "the engine builds for wasm32"
cargo build -p starcut-engine --target wasm32-unknown-unknown --locked

step "documentation builds without warnings"
RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps --locked

step "fuzzing: every target for a few seconds from the kept seeds (fuzz/seeds)"
scripts/fuzz.sh all 8

if [ -x scripts/test-web.sh ]; then
  step "browser tests (headless Chromium)"
  scripts/test-web.sh
fi

step "the profile-guided lab build (./dev lab) searches exactly as the plain one"
# Every configuration's nodes and the fingerprint of the quick benchmark,
# and a play-mode search with the opponent model: value, move and nodes.
searches() {
  local middle
  middle="$(grep -v '^#' assets/positions/stratego-middle.txt | sed -n 3p)"
  "$1" bench | awk 'NF >= 9 && $2 ~ /^[0-9]+$/ { print $1, $2 } /^fingerprint/'
  "$1" analyse stratego "$middle" --depth 6 --mode play --algo staretc+model | grep -E '^(value|best|pv|nodes) '
}
source scripts/toolchain.sh
if [ -n "$(llvm_profdata)" ]; then
  pgo="$(scripts/lab.sh)"
  cargo build --release --locked -p starcut-lab
  plain_searches="$(searches target/release/starcut)"
  pgo_searches="$(searches "$pgo")"
  if [ "$(grep -c -E '^(fingerprint|value) ' <<<"$plain_searches")" != 2 ]; then
    echo "[test] the plain build printed no fingerprint or value to compare" >&2
    exit 1
  fi
  diff <(echo "$plain_searches") <(echo "$pgo_searches")
  echo "[test] $pgo searches as target/release/starcut" >&2
else
  echo "[test] SKIPPED: no llvm-profdata for rustc's LLVM $(rustc_llvm_major) (Debian has none), so no profile-guided build" >&2
fi

step "the speed comparison (./dev speed) runs and reads its fingerprints"
# One round of the quick benchmark, the release build against itself: the
# ratio is noise, but the two fingerprints must be read and be the same.
cargo build --release --locked -p starcut-lab
speed_out="$(scripts/speed.sh target/release/starcut target/release/starcut --rounds 1 --sets quick 2>/dev/null)"
echo "$speed_out" >&2
grep -Eq '^quick +1 +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9]+ / [0-9]+ \(same\)$' <<<"$speed_out" || {
  echo "[test] scripts/speed.sh printed no quick row with two equal fingerprints" >&2
  exit 1
}
