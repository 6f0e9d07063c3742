"""A local OpenAI-compatible judge: llama.cpp's server (PyPI `xllamacpp`) serving a GGUF model on
127.0.0.1. Started by scripts/judge.sh, which installs both packages; run it in the foreground with
`python judge-server.py MODEL.gguf PORT`. It prints `ready` once the model is loaded and the HTTP
server answers, then serves until it is killed (the server ignores SIGTERM: stop it with SIGKILL)
or, with JUDGE_EXIT_WITH_STDIN=1, until its standard input closes. JUDGE_THREADS and JUDGE_CONTEXT
set the threads and the context size (tokens).
"""

import os
import sys
import threading
import time
import urllib.request

import xllamacpp


def default_threads() -> int:
    """Half the cores, at most 8: on 2 shared cores one thread answered 5 to 10 times faster than
    two (the threads of a step wait for each other, and for whatever else runs)."""
    return max(1, min(8, (os.cpu_count() or 2) // 2))


def exit_at_end_of_stdin() -> None:
    while sys.stdin.buffer.read(4096):
        pass
    os._exit(0)


def main() -> None:
    model_path, port = sys.argv[1], int(sys.argv[2])
    if os.environ.get("JUDGE_EXIT_WITH_STDIN") == "1":
        # Started by a test: when the test process ends, however it ends, its end of the pipe
        # closes and the server goes with it rather than outliving it.
        threading.Thread(target=exit_at_end_of_stdin, daemon=True).start()
    params = xllamacpp.CommonParams()
    params.model.path = model_path
    params.n_ctx = int(os.environ.get("JUDGE_CONTEXT", "2048"))
    params.n_parallel = 1
    threads = int(os.environ.get("JUDGE_THREADS", str(default_threads())))
    for cpu in (params.cpuparams, params.cpuparams_batch):
        cpu.n_threads = threads
        # No busy waiting between steps: on a shared CPU, spinning threads slow everyone down.
        cpu.poll = 0
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
