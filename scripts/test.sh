#!/usr/bin/env bash
# Runs every test, installing first whatever a fresh machine lacks (wasm32 target, the pinned
# wasm-bindgen CLI, npm packages, Chromium, the local judge). This is what CI runs (.ci/run).
#
# The installs run in the background while Rust compiles; the package is built once, and not at
# all when pkg/ was built from the same sources by an earlier run in this checkout
# (build_pkg_once in tools.sh); the JS test files run several at once, those marked
# `// serial: <why>` alone after them (scripts/run-js-tests.mjs). Every test runs on every run.
# At the end (also after a failure) a table gives the time of each step.
set -euo pipefail
source "$(dirname "$0")/tools.sh"
cd "$REPO_ROOT"

# The folders of JS test files: every *.test.mjs directly in each (a file runs in the nearest
# folder above it with a package.json). A new folder is one more line here.
JS_TEST_FOLDERS=(
  tests/js        # the built package: API, models, HTTP client, batches, CLI, parity, README
  tests/browser   # Chromium: a plain page, a Vite build, the demo page
  tests/mastra1   # inside Mastra 1.x (tests/mastra1 has its own node_modules)
  tests/runtimes  # the packed package in workerd, edge-runtime, Bun, Deno, and bundlers' builds in Chromium
)

# --- step times -------------------------------------------------------------------------------
STEP_LOG="$(mktemp -d)"
RUN_START=$EPOCHREALTIME
declare -A JOB_PID=()
CURRENT_STEP=""
CURRENT_START=""

elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }

# record NAME START END KIND
record() { printf '%s\t%s\t%s\t%s\n' "$(elapsed "$RUN_START" "$2")" "$(elapsed "$2" "$3")" "$4" "$1" >>"$STEP_LOG/steps"; }

# begin NAME: ends the current foreground step and starts the next.
begin() {
  finish
  CURRENT_STEP="$1"
  CURRENT_START=$EPOCHREALTIME
  step "$1"
}
finish() {
  if [ -n "$CURRENT_STEP" ]; then record "$CURRENT_STEP" "$CURRENT_START" "$EPOCHREALTIME" ""; fi
  CURRENT_STEP=""
}

job_key() { printf '%s' "${1//[^A-Za-z0-9]/_}"; }

# background NAME COMMAND...: runs a step in the background (its own process group), output to a log.
background() {
  local name="$1" key
  key="$(job_key "$1")"
  shift
  step "started in the background: $name"
  set -m
  (
    set +e
    start=$EPOCHREALTIME
    "$@" >"$STEP_LOG/$key.log" 2>&1
    status=$?
    printf '%s\t%s\t%s\n' "$status" "$start" "$EPOCHREALTIME" >"$STEP_LOG/$key.done"
    exit "$status"
  ) &
  JOB_PID[$key]=$!
  set +m
}

# await NAME: waits for a background step; its failure fails the run, with the step's output.
await() {
  local name="$1" waited_from=$EPOCHREALTIME status=0 key
  key="$(job_key "$1")"
  wait "${JOB_PID[$key]}" || status=$?
  unset "JOB_PID[$key]"
  local start end
  IFS=$'\t' read -r _ start end <"$STEP_LOG/$key.done" || { start=$waited_from; end=$EPOCHREALTIME; }
  record "$name" "$start" "$end" "background"
  local waited
  waited="$(elapsed "$waited_from" "$EPOCHREALTIME")"
  if [ "$status" -ne 0 ]; then
    printf '\n== FAILED: background step "%s" (exit %s); its output:\n' "$name" "$status" >&2
    cat "$STEP_LOG/$key.log" >&2
    exit 1
  fi
  if [ -s "$STEP_LOG/$key.log" ]; then
    printf '\n== output of the background step "%s":\n' "$name" >&2
    cat "$STEP_LOG/$key.log" >&2
  fi
  awk -v w="$waited" 'BEGIN { exit !(w >= 1) }' && record "(waiting for: $name)" "$waited_from" "$EPOCHREALTIME" "wait"
  return 0
}

summary() {
  local status=$? failed_in="$CURRENT_STEP"
  finish
  for name in "${!JOB_PID[@]}"; do kill -- "-${JOB_PID[$name]}" 2>/dev/null || true; done
  {
    printf '\n== step times (seconds from the start, seconds taken; background steps overlap the others)\n'
    printf '%8s %8s  %-10s %s\n' start took kind step
    sort -n "$STEP_LOG/steps" 2>/dev/null | awk -F'\t' '{ printf "%8s %8s  %-10s %s\n", $1, $2, $3, $4 }'
    printf '%8s %8s  %-10s %s\n' "" "$(elapsed "$RUN_START" "$EPOCHREALTIME")" "" "total (wall)"
    # `times` in this shell (in a pipeline it would report a subshell's zero times); its second
    # line is the CPU time of the children this shell has waited for.
    times >"$STEP_LOG/times"
    awk 'NR == 2 { print "CPU time of the steps (user, sys): " $1 " " $2 }' "$STEP_LOG/times"
    if [ "$status" -eq 0 ]; then echo "all tests passed"; else echo "FAILED (exit $status)${failed_in:+ in the step: $failed_in}"; fi
  } >&2
  rm -rf "$STEP_LOG"
}
trap summary EXIT

# --- installs, overlapping the Rust steps ---------------------------------------------------
begin "wasm32 target"
ensure_wasm_target
finish
background "wasm-bindgen CLI" ensure_wasm_bindgen
background "npm packages" ensure_node_modules
background "npm packages of tests/mastra1" ensure_mastra1_modules
background "chromium" ensure_chromium
background "local judge (Python venv, model)" bash scripts/judge.sh install
background "npm packages of tests/runtimes" ensure_runtimes_modules
background "SciPy and NumPy (the statistics' reference)" ensure_python_reference

# --- Rust ------------------------------------------------------------------------------------
begin "rustfmt"
cargo fmt --all -- --check

begin "clippy (host and wasm32, and the no_std nlp-only build)"
cargo clippy --all-targets -- -D warnings
cargo clippy --lib --tests --target wasm32-unknown-unknown -- -D warnings
cargo clippy --lib --target wasm32-unknown-unknown --no-default-features --features nlp -- -D warnings

begin "cargo test (native: unit tests, doctests)"
cargo test
finish

# --- the package, built once, beside the wasm boundary tests ----------------------------------
# The boundary tests compile in debug, the package in release: cargo locks each profile's folder
# on its own, so the two compile at once (the package's release builds are single-threaded at the
# end, with lto and one codegen unit).
await "wasm-bindgen CLI"
ensure_wasm_bindgen # its PATH, in this shell
background "wasm boundary tests (wasm-bindgen-test in Node)" \
  cargo test --target wasm32-unknown-unknown --test wasm --test numbers
await "npm packages"
begin "build pkg/ (once)"
build_pkg_once
ln -sfn ../pkg node_modules/evals-wasm
finish

begin "package size (browser download, gzip) against the budget"
node scripts/check-size.mjs

begin "type tests (tsc --noEmit)"
node_modules/.bin/tsc -p tests/types
finish
await "npm packages of tests/mastra1"
begin "type tests inside Mastra 1.x (tsc --noEmit)"
install_pkg_into_mastra1
tests/mastra1/node_modules/.bin/tsc -p tests/mastra1
finish

# --- JS tests --------------------------------------------------------------------------------
await "wasm boundary tests (wasm-bindgen-test in Node)"
await "chromium"
await "local judge (Python venv, model)"
await "npm packages of tests/runtimes"
await "SciPy and NumPy (the statistics' reference)"
begin "JS tests: ${JS_TEST_FOLDERS[*]} (API, package, parity, browsers, Mastra 1.x)"
node scripts/run-js-tests.mjs --node-flag --expose-gc --times "$EVALS_WASM_CACHE/js-test-seconds.json" "${JS_TEST_FOLDERS[@]}"
finish
