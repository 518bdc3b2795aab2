"""gunicorn's settings for scripts/prod and scripts/home, which add the address to bind
and the number of workers (docs/deployment.md, "The ASGI server").

Read with ``gunicorn --config deploy/gunicorn.conf.py`` from the project's folder.
"""

# Each worker is uvicorn's, guarding its connections (scorepad/worker.py): a request
# sent halfway is closed after a few seconds, one address holds a bounded number of
# connections, and the worker never runs out of files.
worker_class = "scorepad.worker.Worker"
# No control socket (gunicorn's default is ~/.gunicorn/gunicorn.ctl): nothing here uses
# it, and a second gunicorn run by the same user (a test, a second site) would take or
# remove the first's. Signals do the same work (HUP reloads, TERM stops).
control_socket_disable = True
accesslog = "-"
errorlog = "-"
