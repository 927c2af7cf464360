"""Django admin: care teams are managed here; the clinical record is read-only.

Facts, chains and edges are written only by memory.writes (graph + corrections),
so the admin shows them but never edits them; the audit log is append-only.
"""

from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest

from memory.models import AuditEvent, Fact, Patient, Session


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


@admin.register(Patient)
class PatientAdmin(admin.ModelAdmin):
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
