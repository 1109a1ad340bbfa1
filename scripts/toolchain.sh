# Sourced by ./dev: installs the toolchain the project needs, skipping whatever
# is already present at the pinned version. Versions are pinned here and in
# Trunk.toml / web/Cargo.toml (wasm-bindgen must equal the CLI exactly).
TRUNK_VERSION="0.22.1"
WASM_BINDGEN_VERSION="0.2.130"
PLAYWRIGHT_VERSION="1.65.1"
BINARYEN_VERSION="132.0.0"
CARGO_FUZZ_VERSION="0.13.2"

export PATH="$HOME/.cargo/bin:$PWD/tests/e2e/node_modules/.bin:$PATH"

log() { printf '[dev] %s\n' "$*" >&2; }

install_wasm_target() {
  if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
    log "adding rust target wasm32-unknown-unknown"
    rustup target add wasm32-unknown-unknown
  fi
}

install_trunk() {
  if ! trunk --version 2>/dev/null | grep -qF "$TRUNK_VERSION"; then
    log "building trunk $TRUNK_VERSION from crates.io (about 9 minutes on 2 cores)"
    cargo install trunk --version "$TRUNK_VERSION" --locked --ignore-rust-version
  fi
}

install_wasm_bindgen() {
  if ! wasm-bindgen --version 2>/dev/null | grep -qF "$WASM_BINDGEN_VERSION"; then
    log "building wasm-bindgen-cli $WASM_BINDGEN_VERSION (about 4 minutes)"
    # Not --locked: the locked set asks for a webpki-roots the registry lacks.
    cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION"
  fi
}

install_cargo_fuzz() {
  if ! cargo fuzz --version 2>/dev/null | grep -qF "$CARGO_FUZZ_VERSION"; then
    log "building cargo-fuzz $CARGO_FUZZ_VERSION from crates.io (about 2 minutes)"
    cargo install cargo-fuzz --version "$CARGO_FUZZ_VERSION" --locked
  fi
}

install_gnu_parallel() {
  # For the test that runs match shards through GNU parallel (docs/cluster.md).
  if ! command -v parallel >/dev/null; then
    log "installing GNU parallel from Debian"
    local sudo=""
    [ "$(id -u)" = 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq parallel >/dev/null
  fi
}

install_chromium() {
  if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ]; then
    log "installing chromium and chromium-driver from Debian"
    local sudo=""
    [ "$(id -u)" = 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium chromium-driver >/dev/null
  fi
}

# The major version of the LLVM inside rustc: a profile for
# profile-guided optimisation must be merged by the llvm-profdata of the
# same major version (scripts/lab.sh).
rustc_llvm_major() {
  rustc -vV | sed -n 's/^LLVM version: \([0-9]*\).*/\1/p'
}

# Where that llvm-profdata is (empty when it is not installed).
llvm_profdata() {
  local major
  major="$(rustc_llvm_major)"
  for tool in "/usr/lib/llvm-$major/bin/llvm-profdata" "$(command -v "llvm-profdata-$major" || true)"; do
    if [ -n "$tool" ] && [ -x "$tool" ]; then
      echo "$tool"
      return
    fi
  done
}

install_llvm_profdata() {
  # For the profile-guided build of the lab (./dev lab, scripts/lab.sh).
  if [ -z "$(llvm_profdata)" ]; then
    local major sudo=""
    major="$(rustc_llvm_major)"
    [ "$(id -u)" = 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    if apt-cache show "llvm-$major" >/dev/null 2>&1; then
      log "installing llvm-$major from Debian (llvm-profdata for the profile-guided lab build)"
      DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "llvm-$major" >/dev/null
    else
      log "Debian has no llvm-$major (rustc's LLVM): the lab builds without profile-guided optimisation"
    fi
  fi
}

install_node_packages() {
  local dir="tests/e2e"
  if [ ! -d "$dir/node_modules/playwright-core" ] || [ ! -x "$dir/node_modules/.bin/wasm-opt" ] \
     || [ "$dir/package.json" -nt "$dir/node_modules/.stamp" ]; then
    log "installing playwright-core and binaryen (npm)"
    (cd "$dir" && npm install --no-audit --no-fund --loglevel=error && touch node_modules/.stamp)
  fi
}

install_all() {
  install_wasm_target
  install_cargo_fuzz
  install_gnu_parallel
  install_llvm_profdata
  install_chromium
  install_node_packages
  install_wasm_bindgen
  install_trunk
}
