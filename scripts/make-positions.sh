#!/usr/bin/env bash
# Regenerates the position sets under assets/positions/ by self-play
# (deterministic: same seeds, same files). About a minute on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -p starcut-lab --locked
S=target/release/starcut
out=assets/positions
$S positions stratego start --at begin=50,middle=150,end=300 --count 100 --depth 2 --seed 1 --out $out
$S positions barrage start --at begin=10,middle=40 --count 100 --depth 2 --seed 2 --out $out
$S positions dice start --at 5x5=5..12 --count 1000 --depth 2 --seed 3 --out $out
$S positions dice start -o size=11 --at 11x11=10..40 --count 200 --depth 2 --seed 5 --out $out
$S positions chance-breakthrough start --at mid=10..40 --count 500 --depth 2 --seed 4 --out $out
