#!/usr/bin/env bash
# Benchmarks: evals-wasm against @mastra/evals 0.14.4, side by side (see docs/benchmarks.md).
# Builds the package first when pkg/ is missing. About 5 minutes on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -f pkg/evals_nlp_bg.wasm ] || [ ! -f pkg/evals_llm_bg.wasm ] || [ ! -f pkg/evals_stem_bg.wasm ]; then
  bash scripts/build.sh
fi
node bench/run.mjs "$@"
