"""The single question entry point for CLI, web and API (docs/design.md §6-§7).

    result = answer(patient, "Can I prescribe amoxicillin?", at=None, actor=user, channel="web")
    result.text, result.reader          # "llm" | "extractive"
    result.to_payload()                 # the `medgraph ask --json` document
    result.safety                       # every safety fact, shown with every answer

Profile first, then retrieval, rendering and one reader pass; every ask is
audited ("patient.ask"). The asked items are also looked up across the whole
memory (memory.answering.lookup): the patient's records of them that
retrieval left out join the evidence, so a stated value is always cited, and
a relative's record of them lets the reader say whose it is.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from datetime import date
from typing import Any

from django.utils import timezone

from memory.actions.audit import record
from memory.answering.intents import classify
from memory.answering.lookup import dose_sources, item_records, missing_anchors, states_began
from memory.answering.payload import evidence_payload, safety_payload, safety_rows_payload
from memory.answering.reader import ReaderResult, read
from memory.answering.relatives import asked_relative
from memory.domain.evidence import FactView
from memory.domain.render import evidence_text
from memory.models import Patient
from memory.queries.relatives import relative_lines
from memory.reading.profile import Profile, cached_profile
from memory.reading.read_cache import pinned
from memory.retrieval import Evidence, retrieve

__all__ = ["Answer", "UnknownPatient", "answer", "resolve_patient"]


class UnknownPatient(LookupError):
    """No patient with that external id."""


@dataclass
class Answer:
    question: str
    at: date | None
    text: str
    reader: str
    profile: Profile
    evidence: Evidence
    rendered: str
    evidence_text: str
    timings_ms: dict[str, float]
    model: str = ""
    prompt_version: str = ""
    failure: str = ""

    @property
    def safety(self) -> tuple[FactView, ...]:
        return self.profile.safety

    def to_payload(self) -> dict[str, Any]:
        """The `medgraph ask --json` document: the documented keys plus `safety`."""
        return {
            "answer": self.text,
            "reader": self.reader,
            # Which model and prompt version answered ("" for the extractive reader), and
            # why a configured LLM reader was not used.
            "reader_model": self.model,
            "reader_prompt_version": self.prompt_version,
            "reader_failure": self.failure,
            "profile": self.profile.text,
            "safety": safety_payload(self.profile.safety),
            "safety_rows": safety_rows_payload(self.profile.data.safety_rows),
            "rendered": self.rendered,
            "evidence": evidence_payload(self.evidence.items),
            "timings_ms": {k: round(v, 2) for k, v in self.timings_ms.items()},
        }


def resolve_patient(patient: Patient | str) -> Patient:
    if isinstance(patient, Patient):
        return patient
    found = Patient.objects.filter(external_id=patient).first()
    if found is None:
        raise UnknownPatient(f"unknown patient id {patient!r}")
    return found


def answer(
    patient: Patient | str,
    question: str,
    at: date | None = None,
    *,
    actor: object | None = None,
    channel: str = "cli",
) -> Answer:
    """Answer one question about one patient from its profile and retrieved evidence."""
    started = time.perf_counter()
    owner = resolve_patient(patient)
    # One memory-version read serves the whole ask (profile, chain states, space check).
    with pinned(owner.pk):
        return _answer(owner, question, at, actor, channel, started)


def _answer(
    owner: Patient,
    question: str,
    at: date | None,
    actor: object | None,
    channel: str,
    started: float,
) -> Answer:
    # Cached by the patient's memory version: any write to its memory invalidates it.
    profile = cached_profile(owner, at)
    evidence = retrieve(owner, question, at)
    intent = classify(question)
    records = item_records(owner.pk, intent.items)
    evidence.items += missing_anchors(owner.pk, records, evidence.items, evidence.asked)
    evidence.items += dose_sources(records, evidence.items)
    retrieval_ms = (time.perf_counter() - started) * 1000
    lines = evidence_text(evidence.items)
    t_reader = time.perf_counter()
    today = at or timezone.localdate()
    # A list asked for a date in the question is read from the profile at that date.
    data = profile.data
    if intent.kind == "list" and evidence.asked != at:
        data = cached_profile(owner, evidence.asked).data
    if intent.kind == "list":
        listed = [f for f, _ in (*data.active_meds, *data.stopped_meds, *data.diagnoses)]
        records.began = states_began(owner.pk, listed, evidence.asked)
    relation = asked_relative(question)
    relatives = relative_lines(owner, relation) if relation else []
    result = read(
        question, data, profile.text, evidence.items, lines, evidence.asked, today,
        records=records, relatives="\n".join(relatives),
    )  # fmt: skip
    reader_ms = (time.perf_counter() - t_reader) * 1000
    timings = {
        "retrieval": retrieval_ms,
        "reader": reader_ms,
        "total": (time.perf_counter() - started) * 1000,
    }
    _audit(owner, question, at, result, evidence, actor, channel)
    return Answer(
        question, at, result.text, result.reader, profile, evidence, result.rendered, lines,
        timings, result.model, result.prompt_version, result.failure,
    )  # fmt: skip


def _audit(
    patient: Patient,
    question: str,
    at: date | None,
    result: ReaderResult,
    evidence: Evidence,
    actor: object | None,
    channel: str,
) -> None:
    record(
        "patient.ask",
        actor=actor,
        channel=channel,
        patient=patient,
        obj=patient,
        after={
            "question": question,
            "at": at.isoformat() if at else None,
            "reader": result.reader,
            "model": result.model,
            "prompt_version": result.prompt_version,
            "evidence_fact_ids": [i.fact_id for i in evidence.items if i.fact_id is not None],
            "llm_failure": result.failure,
            "uncited_claims": list(result.uncited),
        },
    )
