#!/usr/bin/env bash
# Soak: N self-play games per game through the engine at a small node budget,
# with the invariants checked after every step (starcut soak --help).
#   scripts/soak.sh [GAMES] [NODES]      defaults: 1000 games, 300 nodes per move
# Builds the release lab first; prints one report per game and fails if any
# game panicked, got an illegal move from the engine, or broke an invariant.
set -euo pipefail
cd "$(dirname "$0")/.."
games="${1:-1000}"
nodes="${2:-300}"
cargo build --release --locked -p starcut-lab
for game in dice chance-breakthrough breakthrough barrage stratego; do
  echo "== $game"
  nice -n 5 target/release/starcut soak "$game" --games "$games" --nodes "$nodes" --seed 1
done
