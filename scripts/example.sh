#!/usr/bin/env bash
# The main job: builds the package (installing what is missing) and runs the example, which
# measures completeness on a few pairs and prints the results.
set -euo pipefail
source "$(dirname "$0")/tools.sh"
cd "$REPO_ROOT"

bash scripts/build.sh
ln -sfn ../pkg node_modules/evals-wasm
step "example"
node examples/completeness.mjs
