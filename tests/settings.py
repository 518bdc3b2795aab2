"""The tests' settings: scorepad's, as a local run has them (DEBUG on unless set).

Production leaves DEBUG off when unset; the tests keep the local defaults (an
insecure key, localhost, no HTTPS redirect), as before. pytest-django still runs
each test with DEBUG off, and tests/web/test_production.py starts fresh processes
with the production set.
"""

import os

os.environ.setdefault("DEBUG", "true")
# A browser suite starts hundreds of games from one address, and the cache that
# counts them outlives each test: no limit here. tests/web/test_limits.py sets one.
os.environ.setdefault("GAMES_STARTED_PER_HOUR", "0")
# Nor a CPU budget for the tests' one address (tests/web/test_limits.py sets one).
os.environ.setdefault("ADDRESS_CPU_SECONDS", "0")

from scorepad.settings import *  # noqa: E402, F403
