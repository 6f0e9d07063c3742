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

# The npm packages of package-lock.json, reinstalled when the lock file changes.
ensure_node_modules() {
  local stamp="$REPO_ROOT/node_modules/.lock-stamp"
  if [ ! -f "$stamp" ] || ! cmp -s "$REPO_ROOT/package-lock.json" "$stamp"; then
    step "installing npm packages"
    # `npm ci` rejects this lock file (it lists only the platform packages npm saw here),
    # so install from it without rewriting it.
    (cd "$REPO_ROOT" && npm install --no-save --no-audit --no-fund --loglevel=error)
    cp "$REPO_ROOT/package-lock.json" "$stamp"
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
