"""medgraph ask --patient ID [--at YYYY-MM-DD] [--json] "QUESTION" """

from __future__ import annotations

import json
from datetime import date
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from memory.answering import UnknownPatient, answer
from memory.models import Patient
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
        try:
            result = answer(opts["patient"], question, at, channel="cli")
        except UnknownPatient as exc:
            raise CommandError(str(exc)) from None
        if opts["json"]:
            # Same document as the API: the answer plus open medication-safety conflicts.
            patient = Patient.objects.get(external_id=opts["patient"])
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
        self.stdout.write(
            f"\nreader: {result.reader}; retrieval {t['retrieval']:.0f} ms, "
            f"reader {t['reader']:.0f} ms, total {t['total']:.0f} ms"
        )
