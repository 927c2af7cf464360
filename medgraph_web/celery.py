"""The Celery application: one construction task per uploaded session."""

from __future__ import annotations

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "medgraph_web.settings")

app = Celery("medgraph")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
