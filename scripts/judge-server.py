"""A local OpenAI-compatible judge: llama.cpp's server (PyPI `xllamacpp`) serving a GGUF model on
127.0.0.1. Started by scripts/judge.sh, which installs both packages; run it in the foreground with
`python judge-server.py MODEL.gguf PORT`. It prints `ready` once the model is loaded and the HTTP
server answers, then serves until it is killed (the server ignores SIGTERM: stop it with SIGKILL).
"""

import os
import sys
import time
import urllib.request

import xllamacpp


def main() -> None:
    model_path, port = sys.argv[1], int(sys.argv[2])
    params = xllamacpp.CommonParams()
    params.model.path = model_path
    params.n_ctx = int(os.environ.get("JUDGE_CONTEXT", "2048"))
    params.n_parallel = 1
    params.cpuparams.n_threads = int(os.environ.get("JUDGE_THREADS", str(os.cpu_count() or 2)))
    params.hostnames = ["127.0.0.1"]
    params.port = port
    params.use_jinja = True
    server = xllamacpp.Server(params)
    deadline = time.time() + 120
    url = f"http://127.0.0.1:{port}/v1/models"
    while True:
        try:
            with urllib.request.urlopen(url, timeout=2) as answer:
                if answer.status == 200:
                    break
        except OSError:
            pass
        if time.time() > deadline:
            sys.exit("the judge server did not answer within 120 s")
        time.sleep(0.1)
    print("ready", flush=True)
    # The server runs in threads of its own; keep this process (and `server`) alive.
    while server is not None:
        time.sleep(3600)


if __name__ == "__main__":
    main()
