#!/usr/bin/env bash
# Builds the site with trunk and serves it on 127.0.0.1.
#   scripts/serve.sh [PORT]   default 8080
set -euo pipefail
cd "$(dirname "$0")/.."
port="${1:-8080}"
scripts/dist.sh ./
echo "starcut: http://127.0.0.1:$port/"
exec python3 -m http.server --bind 127.0.0.1 --directory dist "$port"
