"""The three systems compared on identical histories, each reduced to a reader context.

* MedGraph — profile + rendered evidence of memory.retrieval.retrieve over the
  memory built by the real pipeline (import -> construct -> index).
* BM25 over raw sessions — whole sessions (header + "speaker: text" lines),
  jieba/English tokens of memory.search.text.bm25_tokens, bm25s, top 5: the
  MedMemoryBench harness's raw-text retriever.
* Embedding retrieval over raw chunks — consecutive turns packed into chunks
  of at most CHUNK_CHARS characters, embedded with the configured embedder,
  cosine top 5 (the paper's "Embedding RAG": top 5 chunks).
Baselines build no memory: they see exactly the sessions MedGraph imported.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import numpy as np

from memory.domain.evidence import EvidenceItem, FactView
from memory.embedding import Embedder
from memory.evaluation.history_types import History, HistorySession
from memory.models import Patient
from memory.search.text import bm25_tokens

TOP_K = 5
CHUNK_CHARS = 1000


@dataclass(frozen=True)
class Entry:
    kind: str  # fact | text
    text: str
    session_id: str  # the session's external id
    subject: str = ""  # the system's own label (MedGraph facts); "" for raw text
    entity: str = ""  # canonical entity name of a fact
    role: str = ""


@dataclass
class Context:
    text: str
    entries: list[Entry] = field(default_factory=list)
    retrieval_ms: float = 0.0
    total_ms: float = 0.0  # retrieval + profile + rendering (MedGraph); = retrieval otherwise


def session_text(s: HistorySession) -> str:
    lines = [s.title] if s.title else []
    if s.day is not None:
        lines.append(f"[{s.day:%Y-%m-%d}]")
    lines += [f"{t.speaker}: {t.text}" for t in s.turns]
    return "\n".join(lines)


class Bm25Sessions:
    name = "BM25 raw sessions"

    def __init__(self, hist: History) -> None:
        self.sessions = hist.sessions
        self.texts = [session_text(s) for s in hist.sessions]
        try:
            import bm25s  # the eval extra: the web app and `ask` never load it
        except ImportError as exc:
            raise ImportError(
                "the BM25 baseline needs the eval extra: pip install 'medgraph[eval]'"
            ) from exc
        self.index = bm25s.BM25()
        self.index.index([bm25_tokens(t) or ["∅"] for t in self.texts], show_progress=False)

    def ask(self, question: str) -> Context:
        started = time.perf_counter()
        k = min(TOP_K, len(self.texts))
        ids, _scores = self.index.retrieve([bm25_tokens(question) or ["∅"]], k=k,
                                           show_progress=False)  # fmt: skip
        ms = (time.perf_counter() - started) * 1000
        entries = [
            Entry("text", self.texts[i], self.sessions[i].external_id) for i in ids[0].tolist()
        ]
        return Context("\n\n".join(e.text for e in entries), entries, ms)


def chunks(s: HistorySession) -> list[str]:
    """Consecutive turns packed up to CHUNK_CHARS (a longer single turn is its own chunk)."""
    out: list[str] = []
    current: list[str] = [s.title] if s.title else []
    for t in s.turns:
        line = f"{t.speaker}: {t.text}"
        if current and sum(len(x) + 1 for x in current) + len(line) > CHUNK_CHARS:
            out.append("\n".join(current))
            current = [s.title] if s.title else []
        current.append(line)
    if current:
        out.append("\n".join(current))
    return out


class EmbeddingChunks:
    name = "Embedding raw chunks"

    def __init__(self, hist: History, embedder: Embedder) -> None:
        self.embedder = embedder
        self.chunks = [(s.external_id, c) for s in hist.sessions for c in chunks(s)]
        self.matrix = embedder.embed([c for _, c in self.chunks])

    def ask(self, question: str) -> Context:
        started = time.perf_counter()
        q = self.embedder.embed([question])[0]
        scores = self.matrix @ q
        top = np.argsort(-scores)[:TOP_K].tolist()
        ms = (time.perf_counter() - started) * 1000
        entries = [Entry("text", self.chunks[i][1], self.chunks[i][0]) for i in top]
        return Context("\n\n".join(e.text for e in entries), entries, ms)


class MedGraphSystem:
    name = "MedGraph"

    def __init__(self, patient: Patient) -> None:
        self.patient = patient

    def ask(self, question: str) -> Context:
        from memory.domain.render import evidence_text
        from memory.reading.profile import render_profile
        from memory.retrieval import retrieve

        started = time.perf_counter()
        evidence = retrieve(self.patient, question)
        retrieval_ms = (time.perf_counter() - started) * 1000
        profile = render_profile(self.patient)
        entries = [_item_entry(i) for i in evidence.items]
        data = profile.data
        facts = [*data.safety, *(f for f, _ in data.diagnoses), *(f for f, _ in data.active_meds),
                 *(f for f, _ in data.stopped_meds), *data.preferences]  # fmt: skip
        entries += [_fact_entry(f, "profile") for f in facts]
        text = profile.text + "\n\n" + evidence_text(evidence.items)
        return Context(text, entries, retrieval_ms, (time.perf_counter() - started) * 1000)


def _fact_entry(f: FactView, role: str) -> Entry:
    return Entry("fact", f"{f.entity} {f.content}", f.session_id, f.subject, f.entity, role)


def _item_entry(item: EvidenceItem) -> Entry:
    if item.fact is not None:
        return _fact_entry(item.fact, item.role)
    return Entry("text", item.text, item.session_id, item.subject, "", item.role)
