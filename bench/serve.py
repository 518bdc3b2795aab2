"""gunicorn on loopback, started as scripts/prod starts it (workers, logs), for the browser
and load parts; the bench's environment (database, settings) is inherited."""

from __future__ import annotations

import os
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from bench.env import ROOT, free_port


@contextmanager
def gunicorn(folder: Path, workers: int = 2, asgi: bool = False) -> Iterator[str]:
    """The base URL of a running gunicorn; stopped (its own process only) on leaving.

    ``asgi``: with uvicorn's workers as scripts/prod runs them (deploy/gunicorn.conf.py),
    since live updates (bench/live.py); the other parts still measure the WSGI app, to compare with
    their earlier figures.
    """
    port = free_port()
    log = (folder / "gunicorn.log").open("w")
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            *(["scorepad.asgi", "--config", "deploy/gunicorn.conf.py"] if asgi else []),
            *([] if asgi else ["scorepad.wsgi"]),
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            str(workers),
            "--access-logfile",
            "-",
            "--error-logfile",
            "-",
        ],
        cwd=ROOT,
        env=os.environ.copy(),
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(200):
            try:
                with urllib.request.urlopen(f"{url}/bench/floor/", timeout=1) as answer:
                    if answer.status == 200:
                        break
            except OSError:
                if process.poll() is not None:
                    raise RuntimeError(f"gunicorn stopped: see {folder / 'gunicorn.log'}") from None
                time.sleep(0.1)
        else:
            raise RuntimeError("gunicorn did not answer within 20 s")
        yield url
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
        log.close()
