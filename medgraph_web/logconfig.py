"""Logging: one JSON object per line with timestamp, level, logger, request id and task id."""

from __future__ import annotations

import contextvars
import logging
from typing import Any

# Set by RequestContextMiddleware for a web request and by Celery signals for a task.
request_id: contextvars.ContextVar[str] = contextvars.ContextVar("request_id", default="")
task_id: contextvars.ContextVar[str] = contextvars.ContextVar("task_id", default="")

_JSON_FIELDS = "%(asctime)s %(levelname)s %(name)s %(message)s %(request_id)s %(task_id)s"
_TEXT_FORMAT = "%(asctime)s %(levelname)-7s %(name)s [%(request_id)s%(task_id)s] %(message)s"


class ContextFilter(logging.Filter):
    """Stamp every record with the current request and task id (empty outside either)."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = getattr(record, "request_id", "") or request_id.get()
        record.task_id = getattr(record, "task_id", "") or task_id.get()
        return True


def logging_config(fmt: str, level: str) -> dict[str, Any]:
    formatter: dict[str, Any] = (
        {
            "()": "pythonjsonlogger.json.JsonFormatter",
            "fmt": _JSON_FIELDS,
            "rename_fields": {"asctime": "time", "levelname": "level", "name": "logger"},
            "timestamp": False,
        }
        if fmt == "json"
        else {"format": _TEXT_FORMAT}
    )
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "filters": {"context": {"()": "medgraph_web.logconfig.ContextFilter"}},
        "formatters": {"main": formatter},
        "handlers": {
            "console": {
                "class": "logging.StreamHandler",
                "formatter": "main",
                "filters": ["context"],
            }
        },
        "root": {"handlers": ["console"], "level": level},
        "loggers": {
            "jieba": {"level": "WARNING"},
            "pgserver": {"level": "WARNING"},
            "django.db.backends": {"level": "WARNING"},
        },
    }
