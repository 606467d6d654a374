#!/usr/bin/env bash
# Build, serve and test Hackenbush Lab.
#
#   ./build.sh serve   install what is missing, build the wasm bundle, serve www/
#   ./build.sh build   build the wasm bundle (www/pkg) and the native release binary
#   ./build.sh test    everything CI runs (.ci/run calls exactly this)
#   ./build.sh bench   run the benchmarks
#
# Installs whatever is missing, idempotently: the wasm32 Rust target,
# wasm-bindgen-cli at the version pinned in Cargo.lock, Debian's chromium and
# chromium-driver (test only), and playwright-core under tests/e2e (test only).
# See shared/TOOLCHAIN.md for why each step looks the way it does.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")"
ROOT=$PWD
TARGET_DIR=${CARGO_TARGET_DIR:-$ROOT/target}
WASM_TARGET=wasm32-unknown-unknown
CHROMIUM=/usr/bin/chromium
export PATH="$HOME/.cargo/bin:$PATH"

say() { printf '\n==> %s\n' "$*"; }
die() {
  printf '\nbuild.sh: error: %s\n' "$*" >&2
  exit 1
}
need() { command -v "$1" >/dev/null 2>&1 || die "$1 is not installed ($2)"; }

# Run a step and print how long it took. A failure stops the script through
# set -e (never call a step in an `||` or `if` context: that turns set -e off
# inside it), and the EXIT trap names the step that failed.
CURRENT_STEP=
step() {
  local name=$1 start=$SECONDS
  shift
  say "$name"
  CURRENT_STEP=$name
  "$@"
  CURRENT_STEP=
  printf -- '--- %s: %ss\n' "$name" $((SECONDS - start))
}
on_exit() {
  local status=$?
  if [[ $status -ne 0 && -n $CURRENT_STEP ]]; then
    printf '\nbuild.sh: error: step failed: %s (exit status %s)\n' "$CURRENT_STEP" "$status" >&2
  fi
}
trap on_exit EXIT

# ---------------------------------------------------------------- installs

ensure_rust() {
  need cargo "install Rust with rustup"
  need rustup "the wasm32 target is added with rustup"
  if ! rustup target list --installed | grep -qx "$WASM_TARGET"; then
    rustup target add "$WASM_TARGET"
  fi
}

ensure_rust_components() {
  cargo fmt --version >/dev/null 2>&1 || rustup component add rustfmt
  cargo clippy --version >/dev/null 2>&1 || rustup component add clippy
}

# The CLI must match the wasm-bindgen crate in Cargo.lock exactly, or it
# refuses the module. No --locked: it fails against this registry mirror
# (TOOLCHAIN.md trap 1).
ensure_wasm_bindgen() {
  [[ -f Cargo.lock ]] || die "Cargo.lock is missing; it pins the wasm-bindgen version"
  local want have
  want=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
  [[ -n $want ]] || die "no wasm-bindgen entry in Cargo.lock"
  have=$(wasm-bindgen --version 2>/dev/null | awk '{ print $2 }' || true)
  if [[ $have != "$want" ]]; then
    say "installing wasm-bindgen-cli $want (found: ${have:-none}); this takes about 6 minutes"
    cargo install wasm-bindgen-cli --version "$want" --force
    have=$(wasm-bindgen --version | awk '{ print $2 }')
    [[ $have == "$want" ]] || die "wasm-bindgen is $have after installing $want; check PATH"
  fi
}

ensure_chromium() {
  if [[ -x $CHROMIUM && -x /usr/bin/chromedriver ]]; then
    return
  fi
  need apt-get "install Debian's chromium and chromium-driver by hand"
  local sudo=()
  if [[ $(id -u) -ne 0 ]]; then
    command -v sudo >/dev/null 2>&1 || die "chromium is missing and installing it needs root"
    sudo=(sudo)
  fi
  say "installing chromium and chromium-driver with apt-get (about a minute)"
  "${sudo[@]}" apt-get update
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y chromium chromium-driver
  [[ -x $CHROMIUM ]] || die "$CHROMIUM is still missing after apt-get install"
}

# binaryen's wasm-opt from npm (Debian's binaryen 108 breaks the bundle,
# TOOLCHAIN.md trap 2). Optional: without Node.js the bundle is built
# unoptimised (larger, as fast).
ensure_wasm_opt() {
  local dir=tools/wasm-opt
  if [[ -f $dir/node_modules/binaryen/bin/wasm-opt && ! $dir/package-lock.json -nt $dir/node_modules/.package-lock.json ]]; then
    return
  fi
  if ! command -v npm >/dev/null 2>&1; then
    printf 'build.sh: npm is missing: the wasm bundle is not run through wasm-opt\n' >&2
    return
  fi
  say "installing binaryen (wasm-opt) into $dir"
  (cd "$dir" && npm ci --no-audit --no-fund)
}

# playwright-core only: it downloads no browser; the tests launch Debian's.
ensure_node_deps() {
  need node "Debian's nodejs or the machine's Node.js"
  need npm "it comes with Node.js"
  local dir=tests/e2e
  if [[ ! -f $dir/node_modules/playwright-core/package.json ||
    $dir/package-lock.json -nt $dir/node_modules/.package-lock.json ]]; then
    say "installing playwright-core into $dir"
    (cd "$dir" && npm ci --no-audit --no-fund)
  fi
}

# ------------------------------------------------------------------ builds

# The browser bundle: the wasm-release profile (whole-program LTO; this
# crate at opt-level 3, its dependencies sized for a download: see
# Cargo.toml), then wasm-opt -O3 run to a fixed point
# (--converge) and told that the lowest 1 KiB of memory is never addressed
# (--low-memory-unused: Rust's wasm32 data starts at 1 MiB, above a stack
# that grows down towards 0 and would reach that 1 KiB only as it
# overflows), so it folds constant offsets into loads and stores.
# Together they keep the Leptos page's bundle under a megabyte of gzip
# (measured in the issue 23 and 24 notes).
WASM_PROFILE=wasm-release
WASM_OPT=tools/wasm-opt/node_modules/binaryen/bin/wasm-opt
build_wasm() {
  cargo build --profile "$WASM_PROFILE" --target "$WASM_TARGET" --lib
  local wasm=$TARGET_DIR/$WASM_TARGET/$WASM_PROFILE/hackenbush_lab.wasm
  [[ -f $wasm ]] || die "cargo did not produce $wasm"
  wasm-bindgen --target web --out-dir www/pkg "$wasm"
  local out=www/pkg/hackenbush_lab_bg.wasm
  if [[ -f $WASM_OPT ]]; then
    node "$WASM_OPT" -O3 --converge --low-memory-unused --enable-bulk-memory --enable-nontrapping-float-to-int \
      --enable-sign-ext --enable-mutable-globals --enable-reference-types \
      --enable-multivalue "$out" -o "$out.opt"
    mv "$out.opt" "$out"
  fi
  printf '%s: %s bytes, %s gzipped\n' "$out" "$(wc -c <"$out")" "$(gzip -9 -c "$out" | wc -c)"
}

build_native() {
  cargo build --release
}

# Headless Chromium leaves profile folders in TMPDIR on every run (trap 3):
# keep them under target/tmp and remove them afterwards.
run_e2e() {
  local tmp=$TARGET_DIR/tmp
  rm -rf "$tmp"
  mkdir -p "$tmp"
  local status=0
  TMPDIR=$tmp node --test tests/e2e/ || status=$?
  rm -rf "$tmp"
  return "$status"
}

# ------------------------------------------------------------ subcommands

cmd_build() {
  ensure_rust
  ensure_wasm_bindgen
  ensure_wasm_opt
  step "wasm bundle (www/pkg)" build_wasm
  step "native release binary" build_native
  printf '\nbuilt: www/pkg and %s/release/hackenbush\n' "$TARGET_DIR"
}

cmd_serve() {
  need python3 "it serves www/"
  ensure_rust
  ensure_wasm_bindgen
  ensure_wasm_opt
  step "wasm bundle (www/pkg)" build_wasm
  local port=${PORT:-8000}
  say "serving www/ at http://127.0.0.1:$port/ (Ctrl-C stops)"
  exec python3 -m http.server --bind 127.0.0.1 --directory www "$port"
}

# The documentation's intra-doc links resolve (module docs carry the proofs of
# the reductions, and link the code they speak of). Private items are
# documented, so links from a public module's overview to its private
# submodules resolve (Cargo.toml allows such links).
doc_links() {
  RUSTDOCFLAGS="-D warnings" cargo doc --no-deps --document-private-items --lib "$@"
}

cmd_test() {
  local start=$SECONDS
  ensure_rust
  ensure_rust_components
  step "cargo fmt --check" cargo fmt --all --check
  step "cargo clippy (native, all targets)" cargo clippy --all-targets -- -D warnings
  step "cargo test --release" cargo test --release
  step "cargo doc (links, native)" doc_links
  ensure_wasm_bindgen
  ensure_wasm_opt
  step "wasm bundle (www/pkg)" build_wasm
  # src/web/ exists only on wasm32, so the native clippy never sees it. In the
  # bundle's profile this reuses the proc macros the wasm build just compiled;
  # in the dev profile (opt-level 3 for dependencies) it took minutes more.
  step "cargo clippy (wasm32 library)" cargo clippy --profile "$WASM_PROFILE" --target "$WASM_TARGET" --lib -- -D warnings
  step "cargo doc (links, wasm32 library)" doc_links --profile "$WASM_PROFILE" --target "$WASM_TARGET"
  ensure_chromium
  ensure_node_deps
  step "browser tests (headless Chromium)" run_e2e
  say "all checks passed in $((SECONDS - start))s"
}

cmd_bench() {
  ensure_rust
  cargo bench
}

usage() {
  sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'
}

case ${1:-} in
  serve) cmd_serve ;;
  build) cmd_build ;;
  test) cmd_test ;;
  bench) cmd_bench ;;
  -h | --help | help)
    usage
    ;;
  *)
    usage >&2
    die "unknown or missing subcommand '${1:-}'"
    ;;
esac
