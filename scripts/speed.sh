#!/usr/bin/env bash
# Compares the search speed of two builds of the lab, as the project measures
# speed (docs/engine-speed.md, "How it is measured"): both built side by side,
# run in turn on the same machine, CPU seconds of `starcut bench` summed over
# alternate rounds, and the ratio new / base. A wall-clock figure alone says
# little on a shared machine; two builds run in turn see the same load.
#
#   ./dev speed BASE [NEW] [--rounds N] [--sets LIST]
#
# BASE and NEW are each a commit (anything `git rev-parse` reads: 624b3a5,
# main, HEAD~1), built in a worktree of its own under target/speed/ (kept,
# so a second comparison with the same commit builds nothing), or the path
# of a starcut binary. NEW defaults to the working tree's release build.
# LIST is a comma-separated list of sets (default stratego,dice,cb):
#   stratego  the first 20 Stratego middle positions at depth 7
#   dice      the first 40 Dice 11x11 positions at depth 4
#   cb        the first 20 ChanceBreakthrough middle positions at depth 5
#   quick     `starcut bench` without arguments (the quick benchmark)
# All in exact mode with StarETC. Each round runs every set with both
# builds, the order of the two swapped every other round (base first, then
# new first), so that a machine growing slower or faster within the run
# weighs on both alike. N defaults to 4.
#
# For each set it prints both builds' CPU seconds summed over the rounds, the
# ratio of the sums, the median of the per-round ratios and both node
# fingerprints: a change that keeps the fingerprint changed only speed.
set -euo pipefail
cd "$(dirname "$0")/.."

usage() {
  sed -n '2,/^set -euo/p' "$0" | grep '^#' | sed 's/^# \{0,1\}//' >&2
  exit 2
}

rounds=4
sets="stratego,dice,cb"
builds=()
while [ $# -gt 0 ]; do
  case "$1" in
    --rounds)
      [ $# -ge 2 ] || usage
      rounds="$2"
      shift 2
      ;;
    --sets)
      [ $# -ge 2 ] || usage
      sets="$2"
      shift 2
      ;;
    -h | --help) usage ;;
    -*)
      echo "speed: unknown option '$1'" >&2
      usage
      ;;
    *)
      builds+=("$1")
      shift
      ;;
  esac
done
if ! [[ "$rounds" =~ ^[1-9][0-9]*$ ]]; then
  echo "speed: --rounds '$rounds' is not a whole number of at least 1" >&2
  exit 2
fi
case ${#builds[@]} in
  1) builds+=("") ;;
  2) ;;
  *) usage ;;
esac

# The bench arguments of a set.
set_args() {
  local s=assets/positions
  case "$1" in
    stratego) echo "stratego --set $s/stratego-middle.txt --limit 20 --depth 7 --algos staretc" ;;
    dice) echo "dice --set $s/dice-11x11.txt --limit 40 --depth 4 --algos staretc" ;;
    cb) echo "chance-breakthrough --set $s/chance-breakthrough-mid.txt --limit 20 --depth 5 --algos staretc" ;;
    quick) echo "" ;;
    *) return 1 ;;
  esac
}
IFS=',' read -r -a set_list <<<"$sets"
for s in "${set_list[@]}"; do
  if ! set_args "$s" >/dev/null; then
    echo "speed: unknown set '$s' (stratego, dice, cb or quick)" >&2
    exit 2
  fi
done

# The path of the lab binary for a build: an executable file as it is, the
# working tree's release build for "", else a commit built in its worktree.
binary() {
  local spec="$1"
  if [ -z "$spec" ]; then
    cargo build --release --locked -p starcut-lab >&2
    echo "$PWD/target/release/starcut"
    return
  fi
  if [ -f "$spec" ]; then
    if [ ! -x "$spec" ]; then
      echo "speed: '$spec' is a file but not executable" >&2
      return 1
    fi
    realpath "$spec"
    return
  fi
  local sha
  if ! sha="$(git rev-parse --verify --quiet "$spec^{commit}")"; then
    echo "speed: '$spec' is neither a starcut binary nor a commit of this repository" >&2
    return 1
  fi
  local dir="$PWD/target/speed/${sha:0:12}"
  if [ ! -d "$dir" ]; then
    mkdir -p target/speed
    # A worktree whose directory went with `cargo clean` is still
    # registered: forget it before adding it again.
    git worktree prune
    git worktree add --detach "$dir" "$sha" >&2
  fi
  echo "speed: building $spec (${sha:0:12}) in $dir" >&2
  (cd "$dir" && cargo build --release -p starcut-lab >&2)
  echo "$dir/target/release/starcut"
}

base="$(binary "${builds[0]}")"
new="$(binary "${builds[1]}")"
echo "speed: base $base" >&2
echo "speed: new  $new" >&2

# One bench run: prints "CPU-seconds fingerprint".
run() {
  local bin="$1" args="$2" out cpu fp
  out="$(mktemp)"
  # shellcheck disable=SC2086 # the set's arguments are words
  cpu="$({ TIMEFORMAT=%U; time "$bin" bench $args >"$out" 2>&1; } 2>&1)" || {
    echo "speed: $bin bench $args failed:" >&2
    cat "$out" >&2
    rm -f "$out"
    return 1
  }
  fp="$(sed -n 's/^fingerprint (total nodes): //p' "$out")"
  rm -f "$out"
  echo "$cpu ${fp:-?}"
}

results="$(mktemp)"
trap 'rm -f "$results"' EXIT
for r in $(seq "$rounds"); do
  for s in "${set_list[@]}"; do
    args="$(set_args "$s")"
    if [ $((r % 2)) = 1 ]; then order="base new"; else order="new base"; fi
    for which in $order; do
      if [ "$which" = base ]; then bin="$base"; else bin="$new"; fi
      line="$(run "$bin" "$args")"
      read -r cpu fp <<<"$line"
      echo "$s $r $which $cpu $fp" >>"$results"
      printf 'speed: round %d/%d %-8s %-4s %6.2f s  %s nodes\n' "$r" "$rounds" "$s" "$which" "$cpu" "$fp" >&2
    done
  done
done

echo
printf '%-9s %6s %10s %10s %7s %8s  %s\n' set rounds "base s" "new s" ratio median "fingerprints (base / new)"
for s in "${set_list[@]}"; do
  awk -v set="$s" '
    $1 == set { t[$2, $3] = $4; fp[$3] = $5; n = ($2 > n ? $2 : n) }
    END {
      for (r = 1; r <= n; r++) {
        b += t[r, "base"]; w += t[r, "new"]
        q[r] = (t[r, "base"] > 0 ? t[r, "new"] / t[r, "base"] : 0)
      }
      # The median of the per-round ratios (insertion sort: a few rounds).
      for (i = 2; i <= n; i++) { v = q[i]; for (j = i - 1; j >= 1 && q[j] > v; j--) q[j + 1] = q[j]; q[j + 1] = v }
      med = (n % 2 ? q[(n + 1) / 2] : (q[n / 2] + q[n / 2 + 1]) / 2)
      same = (fp["base"] == fp["new"] ? "same" : "DIFFERENT")
      printf "%-9s %6d %10.2f %10.2f %7.3f %8.3f  %s / %s (%s)\n", set, n, b, w, (b > 0 ? w / b : 0), med, fp["base"], fp["new"], same
    }' "$results"
done
