"""Test settings: the real settings with a fixed key; same embedded PostgreSQL/Redis.

The test database and the Celery queue are named per process, so that several
test runs (developers, CI) can share one embedded server without colliding.
"""

from __future__ import annotations

import os

os.environ.setdefault("SECRET_KEY", "test-secret-key-" + "x" * 40)
os.environ.setdefault("SESSION_COOKIE_SECURE", "0")
os.environ.setdefault("CSRF_COOKIE_SECURE", "0")
# The test client speaks plain http; rate limits are tested with explicit low settings.
os.environ.setdefault("MEDGRAPH_PLAIN_HTTP", "1")
os.environ.setdefault("MEDGRAPH_THROTTLE_ANON", "100000/min")
os.environ.setdefault("MEDGRAPH_THROTTLE_USER", "100000/min")

from medgraph_web.settings import *  # noqa: F403
from medgraph_web.settings import DATABASES

_RUN = os.environ.get("MEDGRAPH_TEST_RUN") or str(os.getpid())
DATABASES["default"]["TEST"] = {"NAME": f"test_medgraph_{_RUN}"}
CELERY_TASK_DEFAULT_QUEUE = f"test-{_RUN}"
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
