# Sourced by the other scripts: installs, when missing, what building and testing need, so that
# a fresh machine gets there with one command. Tools go to a cache outside the checkout
# ($EVALS_WASM_CACHE, default ~/.cache/evals-wasm), where the next clone finds them.

EVALS_WASM_CACHE="${EVALS_WASM_CACHE:-$HOME/.cache/evals-wasm}"
REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

step() { printf '\n== %s\n' "$*" >&2; }

# The wasm32 target (rust-toolchain.toml lists it, but toolchain auto-install is off here).
ensure_wasm_target() {
  rustup target add wasm32-unknown-unknown >/dev/null 2>&1 || rustup target add wasm32-unknown-unknown
}

# The wasm-bindgen CLI at exactly the version of the wasm-bindgen crate in Cargo.lock.
ensure_wasm_bindgen() {
  local version
  version="$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' "$REPO_ROOT/Cargo.lock")"
  if [ -z "$version" ]; then
    echo "could not read the wasm-bindgen version from Cargo.lock" >&2
    return 1
  fi
  local root="$EVALS_WASM_CACHE/wasm-bindgen-$version"
  export PATH="$root/bin:$PATH"
  if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $version" ]; then
    step "installing wasm-bindgen-cli $version into $root (a few minutes, once per machine)"
    cargo install wasm-bindgen-cli --version "$version" --locked --root "$root"
  fi
}

# The npm packages of the package-lock.json in directory $1, reinstalled when the lock file
# changes; $2 says what is installed.
ensure_npm_lock() {
  local dir="$1"
  local stamp="$dir/node_modules/.lock-stamp"
  if [ ! -f "$stamp" ] || ! cmp -s "$dir/package-lock.json" "$stamp"; then
    step "installing $2"
    # `npm ci` rejects these lock files (they list only the platform packages npm saw here),
    # so install from them without rewriting them.
    (cd "$dir" && npm install --no-save --no-audit --no-fund --loglevel=error)
    cp "$dir/package-lock.json" "$stamp"
  fi
}

# The workspace's npm packages.
ensure_node_modules() {
  ensure_npm_lock "$REPO_ROOT" "npm packages"
}

# The libraries the comparison report inlines (scripts/build-report.mjs), in a folder of their own:
# the workspace's installed packages are also the parity tests' technical corpus (their READMEs).
ensure_report_libraries() {
  ensure_npm_lock "$REPO_ROOT/scripts/report-libraries" "the libraries of the comparison report"
}

# The nested test project tests/mastra1 (Mastra 1.x, kept apart from the workspace's 0.x
# install). Mastra 1.x says Node >= 22.13 but runs on Node 20 (with engine warnings).
ensure_mastra1_modules() {
  ensure_npm_lock "$REPO_ROOT/tests/mastra1" "the npm packages of tests/mastra1 (@mastra/core 1.x)"
}

# The nested test project tests/runtimes: wrangler (and its workerd), the edge-runtime emulator,
# Rollup, webpack and the bundler plugins, and @mastra/core 1.x for the Worker's scorers.
ensure_runtimes_modules() {
  ensure_npm_lock "$REPO_ROOT/tests/runtimes" "the npm packages of tests/runtimes (wrangler, edge-runtime, bundlers)"
}

# SciPy and NumPy from PyPI, the reference the comparison's statistics are checked against
# (tests/js/compare-reference.test.mjs), in a folder of the cache that the test reads.
export EVALS_WASM_PY_CACHE="${EVALS_WASM_PY_CACHE:-$EVALS_WASM_CACHE/py}"
ensure_python_reference() {
  if ! PYTHONPATH="$EVALS_WASM_PY_CACHE" python3 -c 'import scipy, numpy' 2>/dev/null; then
    python3 -m pip install --quiet --disable-pip-version-check --target "$EVALS_WASM_PY_CACHE" scipy numpy
  fi
}

# Installs the built pkg/ into tests/mastra1 as a real copy: through a symlink, @mastra/core
# would resolve from the workspace's 0.x install next to pkg/.
install_pkg_into_mastra1() {
  local target="$REPO_ROOT/tests/mastra1/node_modules/evals-wasm"
  rm -rf "$target"
  cp -r "$REPO_ROOT/pkg" "$target"
}

# What pkg/ is built from, as one hash: every file of the checkout that git does not ignore
# (tracked or new) outside the folders the build never reads, and the versions of rustc,
# wasm-bindgen and node. Empty outside a git checkout (then the package is always built).
pkg_source_hash() {
  git -C "$REPO_ROOT" rev-parse --is-inside-work-tree >/dev/null 2>&1 || return 0
  {
    (cd "$REPO_ROOT" && git ls-files -z --cached --others --exclude-standard -- . \
      ':!tests' ':!docs' ':!bench' ':!fuzz' ':!www' ':!.github' ':!.ci' ':!CHANGELOG.md' |
      xargs -0 sha256sum 2>/dev/null) || true
    rustc --version
    wasm-bindgen --version
    node --version
  } | sha256sum | cut -d' ' -f1
}

# The hash of pkg/'s files as built.
pkg_content_hash() {
  (cd "$REPO_ROOT" && find pkg -type f -print0 | sort -z | xargs -0 sha256sum | sha256sum | cut -d' ' -f1)
}

# Builds pkg/ (scripts/build.sh) unless this checkout's last build was made from the same
# sources and pkg/ is unchanged since: a fresh clone always builds. EVALS_WASM_REBUILD=1 builds anyway.
build_pkg_once() {
  local stamp="$REPO_ROOT/node_modules/.cache/evals-wasm/pkg.stamp" sources
  sources="$(pkg_source_hash)"
  if [ -n "$sources" ] && [ "${EVALS_WASM_REBUILD:-0}" != 1 ] && [ -f "$stamp" ] && [ -d "$REPO_ROOT/pkg" ] &&
    [ "$(cat "$stamp")" = "$sources $(pkg_content_hash)" ]; then
    echo "pkg/ was built from these sources (hash ${sources:0:12}) by an earlier run and is unchanged: not rebuilt" >&2
    return 0
  fi
  rm -f "$stamp"
  bash "$REPO_ROOT/scripts/build.sh"
  if [ -n "$sources" ]; then
    mkdir -p "$(dirname "$stamp")"
    echo "$sources $(pkg_content_hash)" >"$stamp"
  fi
}

# Debian's Chromium, for the browser tests.
ensure_chromium() {
  if [ ! -x /usr/bin/chromium ]; then
    step "installing chromium (Debian package)"
    local sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >/dev/null
  fi
}
