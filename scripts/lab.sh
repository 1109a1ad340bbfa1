#!/usr/bin/env bash
# Builds the lab binary `starcut` with profile-guided optimisation (PGO), as
# chess engines ship their "profile builds": an instrumented build runs a
# training workload of the lab's own benchmarks and a short match, LLVM
# merges the profile, and the final build lays out and inlines the code by
# it. Searches, node counts and values are the same as the plain build's
# (scripts/test.sh checks the bench fingerprint); only the speed differs
# (docs/engine-speed.md, "A profile-guided build").
#
#   scripts/lab.sh        (./dev lab) prints the binary's path: target/pgo/starcut
#
# Without the llvm-profdata of rustc's LLVM version (scripts/toolchain.sh
# installs it from Debian) it copies the plain release build there instead,
# and says so.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/toolchain.sh

out="target/pgo/starcut"
mkdir -p "$(dirname "$out")"

# RUSTFLAGS replaces the target's flags of .cargo/config.toml, so they are
# read from there and passed along.
base_flags="$(sed -n 's/^rustflags = \[\(.*\)\]$/\1/p' .cargo/config.toml | tr -d '",')"

profdata="$(llvm_profdata)"
if [ -z "$profdata" ]; then
  log "no llvm-profdata for rustc's LLVM $(rustc_llvm_major): building the lab without PGO"
  cargo build --release --locked -p starcut-lab
  cp target/release/starcut "$out"
  echo "$out"
  exit 0
fi

data="$PWD/target/pgo-data"
rm -rf "$data"
mkdir -p "$data"

log "PGO 1/3: the instrumented build"
RUSTFLAGS="$base_flags -Cprofile-generate=$data" CARGO_TARGET_DIR=target/pgo-gen \
  cargo build --release --locked -p starcut-lab
gen=target/pgo-gen/release/starcut

log "PGO 2/3: the training run (every game's benchmarks in both modes, a short match)"
sets=assets/positions
train() { "$gen" "$@" >/dev/null; }
train bench
train bench stratego --set "$sets/stratego-middle.txt" --depth 6 --limit 20 --algos staretc,star1
train bench stratego --set "$sets/stratego-middle.txt" --depth 6 --limit 20 --mode play --algos staretc+model
train bench stratego --set "$sets/stratego-begin.txt" --set "$sets/stratego-end.txt" --depth 5 --limit 10
train bench barrage --set "$sets/barrage-middle.txt" --depth 6 --limit 10 --mode play --algos staretc+model
train bench dice --set "$sets/dice-11x11.txt" --depth 3 --limit 20 --algos staretc,star1
train bench dice --set "$sets/dice-5x5.txt" --depth 5 --limit 20 --algos staretc
train bench chance-breakthrough --set "$sets/chance-breakthrough-mid.txt" --depth 4 --limit 20 --algos staretc,star2
train match stratego --setups presets --games 4 --a staretc+model --b staretc+model --nodes 20000 --seed 1
train match chance-breakthrough --games 4 --a staretc --b staretc --nodes 20000 --seed 1
"$profdata" merge -o "$data/merged.profdata" "$data"/*.profraw

# The profile's hash in its path, so that a new profile rebuilds (cargo
# compares the flags, not the file).
sum="$(sha256sum "$data/merged.profdata" | cut -c1-16)"
profile="$data/starcut-$sum.profdata"
mv "$data/merged.profdata" "$profile"

log "PGO 3/3: the optimised build"
RUSTFLAGS="$base_flags -Cprofile-use=$profile" CARGO_TARGET_DIR=target/pgo-use \
  cargo build --release --locked -p starcut-lab
cp target/pgo-use/release/starcut "$out"
echo "$out"
