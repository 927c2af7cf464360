"""medgraph reconstruct --patient ID [--session SID...] [--failed] [--wait]

Re-runs extraction for sessions (e.g. after configuring an LLM, or for failed
ones). Re-extraction replaces a session's previous extraction atomically and
never overwrites or resurrects what a clinician corrected.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from memory.models import Patient, Session
from memory.waiting import wait_for_sessions


class Command(BaseCommand):
    help = "Queue sessions for re-extraction (in arrival order); --wait blocks until done."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--patient", required=True, help="patient external id")
        parser.add_argument(
            "--session",
            action="append",
            default=[],
            help="session external id; repeat for several (default: every session)",
        )
        parser.add_argument(
            "--failed", action="store_true", help="only failed sessions (default: all)"
        )
        parser.add_argument(
            "--wait",
            action="store_true",
            help="block until every queued session is constructed; exit 1 if any failed",
        )

    def handle(self, *args: Any, **opts: Any) -> None:
        patient = Patient.objects.filter(external_id=opts["patient"]).first()
        if patient is None:
            raise CommandError(f"unknown patient {opts['patient']!r}")
        sessions = Session.objects.filter(patient=patient).order_by("seq")
        if opts["session"]:
            sessions = sessions.filter(external_id__in=opts["session"])
            missing = set(opts["session"]) - set(sessions.values_list("external_id", flat=True))
            if missing:
                raise CommandError(f"unknown session(s): {', '.join(sorted(missing))}")
        if opts["failed"]:
            sessions = sessions.filter(status=Session.Status.FAILED)
        ids = list(sessions.values_list("pk", flat=True))
        Session.objects.filter(pk__in=ids).update(status=Session.Status.QUEUED, status_reason="")
        self.stdout.write(f"queued {len(ids)} session(s) for re-extraction")
        if not ids:
            return
        if opts["wait"]:
            outcome = wait_for_sessions(ids)
            for line in outcome.lines():
                self.stdout.write(line)
            if outcome.failed or outcome.unfinished:
                raise CommandError(f"{len(outcome.failed)} session(s) failed")
            return
        from memory.tasks import construct_session_task

        construct_session_task.delay(ids[-1])
