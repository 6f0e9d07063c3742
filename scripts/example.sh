#!/usr/bin/env bash
# The main job: builds the package (installing what is missing), then runs its command-line
# tool on the sample dataset that ships with it, with completeness, and prints the summary table
# (the results go to artifacts/sample-results.jsonl).
set -euo pipefail
source "$(dirname "$0")/tools.sh"
cd "$REPO_ROOT"

bash scripts/build.sh
ln -sfn ../pkg node_modules/evals-wasm
step "example: evals-wasm completeness examples/sample.jsonl"
mkdir -p artifacts
node pkg/cli.js completeness pkg/examples/sample.jsonl --out artifacts/sample-results.jsonl
