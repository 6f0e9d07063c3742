#!/usr/bin/env bash
# Runs every test, installing first whatever a fresh machine lacks (wasm32 target, the pinned
# wasm-bindgen CLI, npm packages, Chromium). This is what CI runs (.ci/run).
set -euo pipefail
source "$(dirname "$0")/tools.sh"
cd "$REPO_ROOT"

ensure_wasm_target
ensure_wasm_bindgen
ensure_node_modules
ensure_mastra1_modules
ensure_chromium

step "rustfmt"
cargo fmt --all -- --check

step "clippy (host and wasm32, and the no_std nlp-only build)"
cargo clippy --all-targets -- -D warnings
cargo clippy --lib --tests --target wasm32-unknown-unknown -- -D warnings
cargo clippy --lib --target wasm32-unknown-unknown --no-default-features --features nlp -- -D warnings

step "cargo test (native: unit tests, doctests)"
cargo test

bash scripts/build.sh
ln -sfn ../pkg node_modules/evals-wasm

step "package size (browser download, gzip) against the budget"
node scripts/check-size.mjs

step "wasm boundary tests (wasm-bindgen-test in Node)"
cargo test --target wasm32-unknown-unknown --test wasm --test numbers

step "type tests (tsc --noEmit)"
node_modules/.bin/tsc -p tests/types
install_pkg_into_mastra1
tests/mastra1/node_modules/.bin/tsc -p tests/mastra1

step "JS tests: API, package, parity with @mastra/evals, browsers"
node --expose-gc --test --test-concurrency=1 tests/js/*.test.mjs tests/browser/*.test.mjs

step "JS tests inside Mastra 1.x (tests/mastra1: evals-wasm/scorers against @mastra/evals 1.x)"
(cd tests/mastra1 && node --test --test-concurrency=1 ./*.test.mjs)
