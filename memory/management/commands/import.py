"""medgraph import PATH... [--patient ID] [--format ...] [--wait]"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from memory.actions.imports import IngestError, do_import_sessions
from memory.importing import ImportFormatError, read_sources
from memory.pipeline.enqueue import queue_construction
from memory.pipeline.waiting import wait_for_sessions

# Exit status of `import --wait` when every session is in memory but some were built by
# the rule extractor because the configured LLM failed.
EXIT_FALLBACK = 3


class Command(BaseCommand):
    help = "Import dialogue sessions (MedGraph JSON/JSONL, transcripts, MedMemoryBench)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "paths", nargs="+", type=Path, help="files to import (JSON, JSONL or transcript .txt)"
        )
        parser.add_argument(
            "--patient",
            default=None,
            help="patient external id (required for transcripts; default: from the file)",
        )
        parser.add_argument(
            "--format",
            default="auto",
            choices=["auto", "medgraph", "transcript", "medmemorybench"],
            help="input format (default: auto, detected from the content)",
        )
        parser.add_argument(
            "--wait",
            action="store_true",
            help="block until every imported session is constructed; exit 1 if any failed, "
            f"{EXIT_FALLBACK} if any was built by rules after an LLM failure",
        )
        parser.add_argument(
            "--timeout",
            type=float,
            default=3600.0,
            help="give up waiting after SECONDS (default: 3600)",
        )
        parser.add_argument(
            "--replace",
            action="store_true",
            help="supersede the turns of sessions already imported with different turns and "
            "re-extract them (clinicians' corrections are kept)",
        )

    def handle(self, *args: Any, **opts: Any) -> None:
        try:
            report = do_import_sessions(
                read_sources(list(opts["paths"]), settings.MAX_UPLOAD_BYTES),
                channel="cli",
                fmt=opts["format"],
                patient_id=opts["patient"],
                replace=opts["replace"],
                enqueue=queue_construction,
                max_bytes=settings.MAX_UPLOAD_BYTES,
            )
        except (ImportFormatError, IngestError) as exc:
            raise CommandError(str(exc)) from None
        for line in report.skipped:
            self.stdout.write(f"skipped {line}")
        self.stdout.write(
            f"stored {len(report.stored)} session(s), skipped {len(report.skipped)}"
            + (
                f"; new patient(s): {', '.join(report.patients_created)}"
                if report.patients_created
                else ""
            )
        )
        if not opts["wait"] or not report.stored:
            return
        outcome = wait_for_sessions(report.stored_ids, timeout_s=opts["timeout"])
        for line in outcome.lines():
            self.stdout.write(line)
        if outcome.failed or outcome.unfinished:
            raise CommandError(
                f"{len(outcome.failed)} session(s) failed, {len(outcome.unfinished)} unfinished"
            )
        if outcome.fallback:
            # Built and in memory, but not by the configured LLM: a wrong key or model
            # must not pass unattended imports as a success.
            raise CommandError(
                f"{len(outcome.fallback)} session(s) built by the rule extractor after an "
                "LLM failure (see the FALLBACK lines)",
                returncode=EXIT_FALLBACK,
            )
