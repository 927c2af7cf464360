from __future__ import annotations

from django.apps import AppConfig


class MemoryConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "memory"
    verbose_name = "Patient memory"

    def ready(self) -> None:
        from memory.security_audit import connect

        connect()
