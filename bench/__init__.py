"""Scorepad's benchmark: taps, server time, queries, bytes, load, the engine, audits.

Run it with ``bash scripts/bench`` (or ``.venv/bin/python -m bench`` after
``npm ci --prefix bench``). It prints one JSON object of figures, then a table of
each figure against its budget. It is not part of ``scripts/check``: the figures
that are deterministic (queries, bytes) are also tests in tests/web/test_budgets.py.
"""
