"""Django admin: care teams are managed here; the clinical record is read-only.

Facts, chains and edges are written only by memory.actions,
so the admin shows them but never edits them; the audit log is append-only.
The admin is for superusers only (staff use the clinical pages, scoped to their
care teams), and every admin page that shows patient data is audited.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest, HttpResponse

from memory.actions.audit import record
from memory.models import AuditEvent, Fact, Patient, Session


def _superuser_only(request: HttpRequest) -> bool:
    user = request.user
    return bool(user.is_active and user.is_superuser)


admin.site.has_permission = _superuser_only  # type: ignore[method-assign]


class AuditedAdmin(admin.ModelAdmin):
    """Records every list and detail view of the model in the audit log."""

    def changelist_view(self, request: HttpRequest, extra_context: Any = None) -> HttpResponse:
        self._audit(request, "list", "")
        return super().changelist_view(request, extra_context)

    def change_view(
        self, request: HttpRequest, object_id: str, form_url: str = "", extra_context: Any = None
    ) -> HttpResponse:
        self._audit(request, "detail", object_id)
        return super().change_view(request, object_id, form_url, extra_context)

    def _audit(self, request: HttpRequest, page: str, object_id: str) -> None:
        record(
            "admin.view", actor=request.user, channel="admin",
            after={"model": self.model.__name__, "page": page, "object_id": str(object_id)[:64],
                   "query": dict(request.GET)},
        )  # fmt: skip


class ReadOnlyAdmin(AuditedAdmin):
    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


@admin.register(Patient)
class PatientAdmin(AuditedAdmin):
    list_display = ("external_id", "display_name", "created_at")
    search_fields = ("external_id", "display_name")
    filter_horizontal = ("care_team",)
    fields = ("external_id", "display_name", "care_team")
    readonly_fields = ("external_id",)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # patients come from imports, which also create their person node

    def has_delete_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


@admin.register(AuditEvent)
class AuditEventAdmin(ReadOnlyAdmin):
    list_display = ("at", "actor", "channel", "action", "patient", "object_type", "object_id")
    list_filter = ("channel", "action")
    search_fields = ("action", "object_id", "reason", "patient__external_id")
    date_hierarchy = "at"


@admin.register(Session)
class SessionAdmin(ReadOnlyAdmin):
    list_display = ("patient", "external_id", "seq", "session_date", "status", "extractor")
    list_filter = ("status", "extractor")
    search_fields = ("external_id", "patient__external_id")
    exclude = ("raw_reply",)


@admin.register(Fact)
class FactAdmin(ReadOnlyAdmin):
    list_display = ("patient", "subject", "fact_type", "content", "status", "verification")
    list_filter = ("fact_type", "verification", "safety_kind")
    search_fields = ("content", "patient__external_id")
    exclude = ("search", "embedding")
