"""medgraph ask --patient ID [--at YYYY-MM-DD] [--json] "QUESTION" """

from __future__ import annotations

import json
import sys
import time
from datetime import date
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from memory.answering import UnknownPatient, answer, resolve_patient
from memory.queries.conflicts import conflicts_for


def _date(value: str) -> date:
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise CommandError(f"--at {value!r}: expected a date as YYYY-MM-DD") from None


class Command(BaseCommand):
    help = "Answer a question about one patient from its memory, with cited evidence."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("question", help="the question, in English or Chinese (quote it)")
        parser.add_argument("--patient", required=True, help="patient external id")
        parser.add_argument(
            "--at",
            default=None,
            help="read the memory as of this date (YYYY-MM-DD; default: today)",
        )
        parser.add_argument(
            "--json",
            action="store_true",
            help="print the JSON document instead of text (default: text)",
        )

    def handle(self, *args: Any, **opts: Any) -> None:
        at = _date(opts["at"]) if opts["at"] else None
        question = opts["question"].strip()
        if not question:
            raise CommandError("the question is empty")
        started = time.perf_counter()
        try:
            patient = resolve_patient(opts["patient"])  # before the models load
        except UnknownPatient as exc:
            raise CommandError(str(exc)) from None
        models_ms = _load_models()
        result = answer(patient, question, at, channel="cli")
        result.timings_ms.update(_process_timings(started, models_ms))
        if opts["json"]:
            # Same document as the API: the answer plus open medication-safety conflicts.
            conflicts = [c.as_flag() for c in conflicts_for(patient)]
            payload = {**result.to_payload(), "conflicts": conflicts}
            self.stdout.write(json.dumps(payload, ensure_ascii=False, indent=2, default=str))
            return
        self.stdout.write(result.text)
        self.stdout.write("")
        self.stdout.write(result.profile.text)
        self.stdout.write("")
        self.stdout.write(result.evidence_text)
        t = result.timings_ms
        start = f"start-up {t['startup']:.0f} ms, " if "startup" in t else ""
        self.stdout.write(
            f"\nreader: {result.reader}; {start}model load {t['model_load']:.0f} ms, "
            f"retrieval {t['retrieval']:.0f} ms, reader {t['reader']:.0f} ms, "
            f"total {t['total']:.0f} ms"
        )


def _load_models() -> float:
    """Load the encoder and lexicons before answering, so that a fresh process's
    one-off loading is reported apart from the answer's own retrieval and reading."""
    from memory.pipeline.warmup import warm

    return warm()


def _process_timings(handle_started: float, models_ms: float) -> dict[str, float]:
    """`startup`: from the process's first MedGraph line to this command (imports,
    settings, the migration check); absent when called in-process (call_command)."""
    timings = {"model_load": models_ms}
    cli = sys.modules.get("medgraph_web.cli")
    if cli is not None and cli.RUNNING:
        timings["startup"] = (handle_started - cli.STARTED) * 1000
    return timings
