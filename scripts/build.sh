#!/usr/bin/env bash
# Builds the npm package into pkg/: the Rust crate for wasm32, the pinned wasm-bindgen CLI,
# the hand-written JS and types from pkg-template/, and a CommonJS bundle for require().
set -euo pipefail
source "$(dirname "$0")/tools.sh"
cd "$REPO_ROOT"

ensure_wasm_target
ensure_wasm_bindgen
ensure_node_modules

# --- the wasm modules: evals_nlp (metrics without a model), evals_llm (judged metrics),
# evals_all (both families in one module, for the root entry: the shared runtime once),
# evals_scorers (evals_all and the declarations only Mastra 1.x's scorers use, for the scorers),
# evals_stem (completeness and keyword coverage in the stemmed languages, loaded on first use) and
# evals_code (the sequence comparisons of the code scorers and checks) and evals_compare (the
# statistics of comparing two runs, loaded by evals-wasm/compare on the first comparison) ---
# One cargo build per set of Cargo features; each is run through wasm-bindgen at once, since the
# builds write the same target/ file. The name and producers sections are left out, and rustc's
# target_features section is removed after (scripts/strip-custom-sections.mjs): nothing reads
# them at run time, and they are bytes every user downloads. So is the glue's fallback for engines
# without TextEncoder.encodeInto (every supported browser and Node has it) and its default module
# URL (the engine-*.js files and wasm-stem.js always pass one).
rm -rf pkg
mkdir -p pkg
# The LLM module and the combined ones are built for size ("z"): an LLM metric's time goes to the
# model's answers, and the combined modules hold the LLM catalogue; at opt-level 2 it is
# 21 KB gzip larger for NLP metrics 1.2-1.3 times as fast. /nlp, the stem module and the code
# module keep the profile's opt-level 2, chosen for the NLP metrics' speed (Cargo.toml).
for module in nlp llm all scorers stem code compare; do
  features="$module"
  [ "$module" = all ] && features="nlp,llm"
  [ "$module" = scorers ] && features="nlp,llm,scorers"
  opt_level=2
  case "$module" in llm | all | scorers) opt_level=z ;; esac
  step "cargo build (wasm32, release, features $features, opt-level $opt_level)"
  CARGO_PROFILE_RELEASE_OPT_LEVEL="$opt_level" \
    cargo build --lib --target wasm32-unknown-unknown --release --no-default-features --features "$features"
  step "wasm-bindgen (evals_$module)"
  wasm-bindgen --target web --no-typescript --remove-name-section --remove-producers-section \
    --encode-into always --omit-default-module-path --out-dir pkg --out-name "evals_$module" \
    "${CARGO_TARGET_DIR:-target}/wasm32-unknown-unknown/release/evals_wasm.wasm"
  node scripts/strip-custom-sections.mjs "pkg/evals_${module}_bg.wasm"
done
# --- end of the wasm modules ---

step "assembling pkg/"
# pkg/ has the template's layout: the entries at the top, the modules they load in engine/, nlp/,
# llm/, models/ and batch/; the wasm-bindgen output sits beside the entries.
(cd pkg-template && find . -type f \( -name '*.js' -o -name '*.cjs' -o -name '*.mjs' -o -name '*.d.ts' -o -name package.json \) \
  -exec cp --parents {} ../pkg/ \;)
cp README.md LICENSE NOTICE pkg/
ensure_report_libraries
node scripts/build-report.mjs pkg/compare/report/library.js  # the comparison report's inlined libraries
cp pkg-template/dataset-line.schema.json pkg/
mkdir -p pkg/examples
cp examples/sample.jsonl pkg/examples/
find pkg -name '*.d.ts' | while read -r types; do
  sed -E "s#from '(\.\.?/([a-z-]+/)*[a-z-]+)\.js'#from '\1.cjs'#" "$types" > "${types%.d.ts}.d.cts"
done
node_modules/.bin/esbuild pkg/node.js --bundle --format=cjs --platform=node --target=node18 \
  --define:import.meta.url=importMetaUrl --inject:scripts/cjs-shim.js \
  --log-level=warning --outfile=pkg/index.cjs
# evals-wasm/scorers for require(): its own bundle (a second copy of the glue); @mastra/core is
# required from the user's project at load time.
node_modules/.bin/esbuild pkg/scorers-require.mjs --bundle --format=cjs --platform=node --target=node18 \
  --define:import.meta.url=importMetaUrl --inject:scripts/cjs-shim.js --external:@mastra/core \
  --log-level=warning --outfile=pkg/scorers.cjs
# The other subpaths that load @mastra/core (or vitest) for require(): one bundle each, made the
# same way; the vitest setup file requires vitest.cjs beside it.
for entry in scorers-utils scorers-code scorers-llm checks vitest vitest-setup judge; do
  node_modules/.bin/esbuild "pkg/$entry-require.mjs" --bundle --format=cjs --platform=node --target=node18 \
    --define:import.meta.url=importMetaUrl --inject:scripts/cjs-shim.js --external:@mastra/core \
    --external:vitest --external:./vitest.cjs --log-level=warning --outfile="pkg/$entry.cjs"
  rm "pkg/$entry-require.mjs"
done
rm pkg/scorers-require.mjs

crate_version="$(awk -F'"' '/^version = / { print $2; exit }' Cargo.toml)"
package_version="$(node -p "require('./pkg/package.json').version")"
if [ "$crate_version" != "$package_version" ]; then
  echo "version mismatch: Cargo.toml says $crate_version, pkg-template/package.json says $package_version" >&2
  exit 1
fi

for module in nlp llm all scorers stem code compare; do
  wasm="pkg/evals_${module}_bg.wasm"
  echo "built pkg/ (evals-wasm $package_version): $(basename "$wasm") $(wc -c < "$wasm") bytes, $(gzip -9 -c "$wasm" | wc -c) gzipped" >&2
done
