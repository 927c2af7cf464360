"""medgraph export --patient ID --format fhir [--fhir-version R4|R5] [--output FILE]"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from memory.actions.audit import record
from memory.fhir import VERSIONS, build_bundle, validate_bundle
from memory.models import Patient


class Command(BaseCommand):
    help = "Export a patient's memory (IPS-style FHIR document Bundle)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--patient", required=True, help="patient external id")
        parser.add_argument(
            "--format", default="fhir", choices=["fhir"], help="export format (default: fhir)"
        )
        parser.add_argument(
            "--fhir-version", default="R4", choices=list(VERSIONS),
            help="R4 (the IPS guide's version, default) or R5",
        )  # fmt: skip
        parser.add_argument(
            "--output", type=Path, default=None, help="write to FILE (default: standard output)"
        )

    def handle(self, *args: Any, **opts: Any) -> None:
        patient = Patient.objects.filter(external_id=opts["patient"]).first()
        if patient is None:
            raise CommandError(f"unknown patient {opts['patient']!r}")
        bundle = build_bundle(patient, version=opts["fhir_version"])
        # Never hand out a document a FHIR reader would reject.
        validate_bundle(bundle, opts["fhir_version"])
        after = {"version": opts["fhir_version"], "entries": len(bundle["entry"])}
        record("export.fhir", channel="cli", patient=patient, obj=patient, after=after)
        text = json.dumps(bundle, ensure_ascii=False, indent=2)
        if opts["output"]:
            opts["output"].write_text(text + "\n", encoding="utf-8")
            self.stdout.write(f"wrote {len(bundle['entry'])} entries to {opts['output']}")
        else:
            self.stdout.write(text)
