"""Test settings: the real settings with a fixed key; same embedded PostgreSQL/Redis.

Each test run has its own database, its own Redis database number and its own
queue, so several runs (developers, CI) and a running `medgraph run` can share
one embedded server: the app's worker neither receives a test task nor answers
for the test run's queue.
"""

from __future__ import annotations

import os
import zlib

os.environ.setdefault("SECRET_KEY", "test-secret-key-" + "x" * 40)
os.environ.setdefault("SESSION_COOKIE_SECURE", "0")
os.environ.setdefault("CSRF_COOKIE_SECURE", "0")
# The test client speaks plain http; rate limits are tested with explicit low settings.
os.environ.setdefault("MEDGRAPH_PLAIN_HTTP", "1")
os.environ.setdefault("MEDGRAPH_THROTTLE_ANON", "100000/min")
os.environ.setdefault("MEDGRAPH_THROTTLE_USER", "100000/min")

from medgraph_web.broker import with_db
from medgraph_web.settings import *  # noqa: F403
from medgraph_web.settings import DATABASES, REDIS_URL, STATIC_ROOT, STORAGES

_RUN = os.environ.get("MEDGRAPH_TEST_RUN") or str(os.getpid())
DATABASES["default"]["TEST"] = {"NAME": f"test_medgraph_{_RUN}"}
# Database 0 is the app's; test runs spread over 1..15.
TEST_BROKER_DB = 1 + zlib.crc32(_RUN.encode()) % 15
CELERY_BROKER_URL = with_db(REDIS_URL, TEST_BROKER_DB)
CELERY_TASK_DEFAULT_QUEUE = f"test-{_RUN}"
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
# Tests render templates without running collectstatic first.
STORAGES = {
    **STORAGES,
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}
# WhiteNoise warns about a missing STATIC_ROOT on every request otherwise.
STATIC_ROOT.mkdir(parents=True, exist_ok=True)
