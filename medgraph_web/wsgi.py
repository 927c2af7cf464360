from __future__ import annotations

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "medgraph_web.settings")
# A web request never waits on one database statement longer than this (hardening).
os.environ.setdefault("MEDGRAPH_DB_STATEMENT_TIMEOUT_S", "30")
application = get_wsgi_application()

# Models, lexicons, views and templates load when the worker starts, so the first
# question is not slow. The database is warmed after the fork (gunicorn_conf).
from memory.pipeline.warmup import warm, warm_web  # noqa: E402

warm()
warm_web()
