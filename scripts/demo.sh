#!/usr/bin/env bash
# Builds the package and serves the demo page on 127.0.0.1 (default port 8080; pass another as
# the first argument), printing its URL.
set -euo pipefail
source "$(dirname "$0")/tools.sh"
cd "$REPO_ROOT"

bash scripts/build.sh
exec node www/serve.mjs "${1:-8080}"
