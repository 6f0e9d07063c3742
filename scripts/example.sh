#!/usr/bin/env bash
# The main job: builds the package (installing what is missing; not again when pkg/ was built
# from the same sources, see build_pkg_once in tools.sh), then runs its command-line tool on the
# sample dataset that ships with it, with completeness, and prints the summary table (the
# results go to artifacts/sample-results.jsonl).
set -euo pipefail
source "$(dirname "$0")/tools.sh"
cd "$REPO_ROOT"

ensure_wasm_target
ensure_wasm_bindgen
ensure_node_modules
build_pkg_once
ln -sfn ../pkg node_modules/evals-wasm
step "example: evals-wasm completeness examples/sample.jsonl"
mkdir -p artifacts
node pkg/cli.js completeness pkg/examples/sample.jsonl --out artifacts/sample-results.jsonl
