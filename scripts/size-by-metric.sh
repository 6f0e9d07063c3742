#!/usr/bin/env bash
# What each NLP metric costs of the evals-wasm/nlp module: the module is built again without one
# metric's exports at a time (LTO then drops the code and data only that metric reaches), and the
# gzip size it loses is that metric's own share. What no single metric owns (the allocator, the
# bindings, the text helpers they share) is what is left when every export is gone, or shared.
#
#   bash scripts/size-by-metric.sh
#
# Works on a copy of the sources in a temporary directory; the checkout is not touched. About a
# minute with a warm target directory ($CARGO_TARGET_DIR, default target/size-by-metric).
set -euo pipefail
source "$(dirname "$0")/tools.sh"
cd "$REPO_ROOT"
ensure_wasm_target
ensure_wasm_bindgen

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp -r Cargo.toml Cargo.lock src "$work/"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$REPO_ROOT/target/size-by-metric}"

# The exports of each metric (js_name of its #[wasm_bindgen] functions in src/wasm.rs).
metrics=(
  "completeness:measureCompleteness"
  "tone:tone"
  "keyword coverage:keywordCoverage extractKeywords"
  "textual difference:textualDifference"
  "content similarity:contentSimilarity"
)

# gzip size of the nlp module built with the exports named in $@ left out.
size_without() {
  cp src/wasm.rs "$work/src/wasm.rs"
  for name in "$@"; do
    sed -i "s/^#\[wasm_bindgen(js_name = $name)\]$/\/\/ left out by size-by-metric.sh/" "$work/src/wasm.rs"
  done
  (cd "$work" && cargo build -q --lib --target wasm32-unknown-unknown --release --no-default-features --features nlp)
  wasm-bindgen --target web --no-typescript --remove-name-section --remove-producers-section --out-dir "$work/out" --out-name m \
    "$CARGO_TARGET_DIR/wasm32-unknown-unknown/release/evals_wasm.wasm"
  node "$REPO_ROOT/scripts/strip-custom-sections.mjs" "$work/out/m_bg.wasm" > /dev/null
  gzip -9 -c "$work/out/m_bg.wasm" | wc -c
}

kb() { awk -v b="$1" 'BEGIN { printf "%.1f KB", b / 1000 }'; }

whole="$(size_without)"
printf '%-28s %s\n' "evals_nlp_bg.wasm, gzip" "$(kb "$whole")"
all_exports=()
owned=0
for entry in "${metrics[@]}"; do
  IFS=' ' read -r -a exports <<<"${entry#*:}"
  all_exports+=("${exports[@]}")
  without="$(size_without "${exports[@]}")"
  owned=$((owned + whole - without))
  printf '%-28s %s\n' "${entry%%:*}" "$(kb $((whole - without)))"
done
none="$(size_without "${all_exports[@]}")"
printf '%-28s %s\n' "shared by several metrics" "$(kb $((whole - none - owned)))"
printf '%-28s %s\n' "with no metric at all" "$(kb "$none")"
