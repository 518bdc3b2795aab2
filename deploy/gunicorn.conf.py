"""gunicorn's settings for scripts/prod and scripts/home, which add the address to bind
and the number of workers (docs/deployment.md, "The ASGI server").

Read with ``gunicorn --config deploy/gunicorn.conf.py`` from the project's folder.
"""

# Each worker is uvicorn's, guarding its connections (scorepad/guards/worker.py): a request
# sent halfway is closed after a few seconds, one address holds a bounded number of
# connections, and the worker never runs out of files.
worker_class = "scorepad.guards.worker.Worker"
# No control socket (gunicorn's default is ~/.gunicorn/gunicorn.ctl): nothing here uses
# it, and a second gunicorn run by the same user (a test, a second site) would take or
# remove the first's. Signals do the same work (HUP reloads, TERM stops).
control_socket_disable = True
accesslog = "-"
errorlog = "-"
# A worker is killed (with every stream it holds) when it has not said it is alive for
# ``timeout`` seconds; a uvicorn worker says so from its event loop every timeout / 2
# seconds, whatever its requests do, so only a loop kept from running that long counts.
# gunicorn's default, 30, killed a worker whose loop a loaded box starved for some 15 s
# (issue 44): every phone on it lost its stream at once, and all came back together to
# the other worker. A live stream is meant to stay open for half an hour
# (LIVE_STREAM_SECONDS) and a busy loop catches up; a worker truly stuck is still
# replaced, after two minutes.
timeout = 120
