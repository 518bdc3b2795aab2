"""The production settings, plus the bench's floor view and its own static folder.

``bench.env`` sets the environment first (DEBUG off, a temporary SQLite file,
plain http on loopback), so everything else is exactly what ``scripts/prod`` runs.
"""

import os
from pathlib import Path

from scorepad.settings import *  # noqa: F403

# The floor view lives only here, never in scorepad/urls.py.
ROOT_URLCONF = "bench.urls"
# collectstatic writes to the bench's temporary folder, not the project's.
STATIC_ROOT = Path(os.environ["BENCH_STATIC_ROOT"])
