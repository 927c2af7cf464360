"""medgraph sessions [--patient ID] [--status S] — construction status for operators."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser
from django.db.models import Count

from memory.domain.sessions import RULE_FALLBACK_PREFIX
from memory.models import Session

FALLBACK = "fallback"


class Command(BaseCommand):
    help = "List sessions with their construction status, extractor, timings and failure reason."
    # A status listing for operators: Django's system checks import every view through
    # the URLconf (the answering stack, DRF, the OpenAPI schema: ~1 s CPU) and check
    # nothing this command depends on; `medgraph check` and every server run them.
    requires_system_checks = ()  # type: ignore[assignment]

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--patient", default=None, help="patient external id (default: all)")
        parser.add_argument(
            "--status",
            default=None,
            choices=[*(s for s, _ in Session.Status.choices), FALLBACK],
            help="only sessions in this status (default: all); 'fallback': built by the rule "
            "extractor after the configured LLM failed",
        )
        parser.add_argument(
            "--limit", type=int, default=200, help="list at most N sessions (default: 200)"
        )

    def handle(self, *args: Any, **opts: Any) -> None:
        sessions = Session.objects.select_related("patient").order_by("patient__external_id", "seq")
        if opts["patient"]:
            sessions = sessions.filter(patient__external_id=opts["patient"])
        if opts["status"] == FALLBACK:
            sessions = sessions.filter(extractor__startswith=RULE_FALLBACK_PREFIX)
        elif opts["status"]:
            sessions = sessions.filter(status=opts["status"])
        counts = dict(sessions.values_list("status").annotate(n=Count("pk")).order_by())
        self.stdout.write(
            ", ".join(f"{k}: {v}" for k, v in sorted(counts.items())) or "no sessions"
        )
        for s in sessions[: opts["limit"]]:
            timing = f"{s.construct_ms:.0f} ms" if s.construct_ms else "-"
            when = s.session_date or "undated"
            line = (
                f"{s.patient.external_id}/{s.external_id}  #{s.seq}  {when}  {s.status}  "
                f"{s.extractor or '-'} {s.model or ''}  facts={s.fact_count}  {timing}"
            )
            if s.status_reason:
                line += f"  reason: {s.status_reason}"
            self.stdout.write(line)
