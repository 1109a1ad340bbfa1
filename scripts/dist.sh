#!/usr/bin/env bash
# Builds the deployable static site into dist/.
#   scripts/dist.sh [PUBLIC_URL]   default ./ (relative: the site works from any path)
# Needs trunk, wasm-bindgen 0.2.130 and npm binaryen's wasm-opt (./dev install).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PWD/tests/e2e/node_modules/.bin:$PATH"
url="${1:-./}"
trunk build --release=true --public-url "$url" >&2
echo "dist/ built for public URL $url:" >&2
ls -l dist/*.wasm >&2
