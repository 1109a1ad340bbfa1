#!/usr/bin/env bash
# Browser tests: the worker protocol under wasm-bindgen-test in headless
# Chromium, then builds dist/, serves it under a sub-path (/starcut/) from a
# temporary directory, and runs the Playwright tests (tests/e2e/*.test.mjs)
# against it in headless Debian Chromium.
#   scripts/test-web.sh [node --test options, e.g. --test-name-pattern=dice]
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PWD/tests/e2e/node_modules/.bin:$PATH"

if [ ! -d tests/e2e/node_modules/playwright-core ]; then
  (cd tests/e2e && npm install --no-audit --no-fund --loglevel=error)
fi
echo "[test-web] worker protocol in Chromium (wasm-bindgen-test)" >&2
CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
  CHROMEDRIVER="${CHROMEDRIVER:-/usr/bin/chromedriver}" \
  cargo test --locked --target wasm32-unknown-unknown -p starcut-web --test protocol_wasm

scripts/dist.sh ./

root="$(mktemp -d)"
server_pid=""
cleanup() {
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null || true
  rm -rf "$root"
}
trap cleanup EXIT
mkdir -p "$root/starcut"
cp -r dist/. "$root/starcut/"

port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
python3 -m http.server --bind 127.0.0.1 --directory "$root" "$port" >"$root/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 50); do
  if python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$port/starcut/')" 2>/dev/null; then
    break
  fi
  sleep 0.1
done

mkdir -p tests/e2e/artifacts
echo "[test-web] native figures for the performance test (release lab)" >&2
cargo build --release --locked -p starcut-lab
node tests/e2e/make-native-perf.mjs
echo "[test-web] serving dist/ at http://127.0.0.1:$port/starcut/" >&2
cd tests/e2e
STARCUT_URL="http://127.0.0.1:$port/starcut/" node --test --test-concurrency=1 "$@" ./*.test.mjs
