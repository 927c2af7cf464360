"""medgraph reconstruct --patient ID [--session SID...] [--failed] [--stuck] [--wait]

Re-runs extraction for sessions (e.g. after configuring an LLM, or for failed
or stuck ones). Re-extraction replaces a session's previous extraction
atomically and never overwrites or resurrects what a clinician corrected.
--failed takes failed sessions and stuck ones (queued or extracting with no
worker constructing the patient); --stuck only the stuck ones. --wait uses
the workers when one answers and constructs in this process otherwise.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db.models import Q, QuerySet
from django.utils import timezone

from memory.actions.sessions import do_queue_sessions
from memory.domain.sessions import RULE_FALLBACK_PREFIX
from memory.models import Patient, Session
from memory.pipeline.reaper import stuck_sessions
from memory.pipeline.waiting import wait_for_sessions


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
            "--failed",
            action="store_true",
            help="only failed and stuck sessions, and those built by rules after an LLM "
            "failure (default: all)",
        )
        parser.add_argument(
            "--stuck", action="store_true", help="only sessions stuck in queued/extracting"
        )
        parser.add_argument(
            "--wait",
            action="store_true",
            help="block until every queued session is constructed; exit 1 if any failed",
        )
        parser.add_argument(
            "--timeout",
            type=float,
            default=3600.0,
            help="give up waiting after SECONDS (default: 3600)",
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
        ids = self._selected(patient, sessions, opts)
        do_queue_sessions(ids)
        self.stdout.write(f"queued {len(ids)} session(s) for re-extraction")
        if not ids:
            return
        if not opts["wait"]:
            from memory.pipeline.tasks import construct_session_task

            construct_session_task.delay(ids[-1])
            return
        outcome = wait_for_sessions(ids, timeout_s=opts["timeout"])
        for line in outcome.lines():
            self.stdout.write(line)
        if outcome.failed or outcome.unfinished:
            raise CommandError(
                f"{len(outcome.failed)} session(s) failed, {len(outcome.unfinished)} unfinished"
            )

    def _selected(self, patient: Patient, sessions: QuerySet[Session], opts: dict) -> list[int]:
        if not (opts["failed"] or opts["stuck"]):
            return list(sessions.values_list("pk", flat=True))
        bound = timedelta(seconds=settings.MEDGRAPH_STUCK_AFTER_S)
        stuck = {s.pk for s in stuck_sessions(timezone.now(), bound) if s.patient_id == patient.pk}
        if opts["failed"]:
            # A session the rule extractor built after the LLM failed counts as failed too.
            failed = sessions.filter(
                Q(status=Session.Status.FAILED) | Q(extractor__startswith=RULE_FALLBACK_PREFIX)
            )
            stuck |= set(failed.values_list("pk", flat=True))
        return list(sessions.filter(pk__in=stuck).values_list("pk", flat=True))
