"""Django's SQLite backend, keeping each process's connections to hand out again
(settings ``DATABASE_POOL``, which scripts/home and scripts/prod set).

Under ASGI each request's code runs in a thread of its own, so Django's persistent
connections (``CONN_MAX_AGE``) would be left behind with their threads: the servers
run ``CONN_MAX_AGE=0``. Without this every request then opened a connection, ran its
PRAGMAs and, closing the process's last one, checkpointed the WAL: a bid cost
1.25-1.66x the CPU the bench measured with its kept connection (issue 50). Here a
request's connection, closed, waits in its process for the next request instead, as
PostgreSQL's pool does (psycopg's): one thread uses it at a time (sqlite3's
connections are made with ``check_same_thread=False``, as Django makes them), and
one still in a transaction, or used by a request whose transaction was cut short, is
closed rather than kept.
"""

from __future__ import annotations

import threading
from typing import Any

from django.db.backends.sqlite3 import base


class DatabaseWrapper(base.DatabaseWrapper):
    # The connections this process keeps, by database file, and the most it keeps.
    idle: dict[str, list[Any]] = {}
    lock = threading.Lock()

    def _kept(self) -> int:
        return int(self.settings_dict.get("OPTIONS", {}).get("kept", 10))

    def get_connection_params(self) -> dict[str, Any]:
        params: dict[str, Any] = super().get_connection_params()
        params.pop("kept", None)
        return params

    def get_new_connection(self, conn_params: dict[str, Any]) -> Any:
        with self.lock:
            kept = self.idle.get(str(self.settings_dict["NAME"]))
            connection = kept.pop() if kept else None
        if connection is not None:
            return connection
        return super().get_new_connection(conn_params)

    def _close(self) -> None:
        """Django's, keeping the connection when it may serve again (as Django's own
        ``_close``, it is then closed: it leaves this wrapper either way)."""
        connection = self.connection
        if connection is None:
            return
        if not (self.in_atomic_block or connection.in_transaction or self.is_in_memory_db()):
            with self.lock:
                kept = self.idle.setdefault(str(self.settings_dict["NAME"]), [])
                if len(kept) < self._kept():
                    kept.append(connection)
                    return
        with self.wrap_database_errors:
            connection.close()
