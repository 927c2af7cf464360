"""Generated patient histories for the property tests, and the invariants they must keep.

A history is a list of sessions (random dates, some undated, arriving out of
date order, some about the father) whose extraction replies come from the
fake OpenAI server. Drugs change dose and stop, labs are measured, allergies
are stated. Steps then reconstruct sessions in any order with REWORDED
replies, apply clinicians' corrections, leave sessions unconstructed or make
the LLM fail on them, and ask questions.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from hypothesis import strategies as st

from memory.actions.imports import store_sessions
from memory.domain.chains import in_force, order_date
from memory.importing import parse_text
from memory.models import Chain, Fact, FactEdge, Patient, Session
from memory.pipeline.construction import construct_pending, construct_session
from memory.queries.chains import chains_of

DRUGS = ("valsartan", "metformin", "warfarin")
DOSES = ("40", "80", "160")
MED_STATUSES = ("active", "active", "dose_changed", "stopped")
ALLERGENS = ("penicillin", "sulfa")
WORDINGS = (
    "{drug} {value} mg, status {status}",
    "Patient reports {drug} at {value} mg ({status})",
    "{status}: {drug} {value}mg",
)
LAB_WORDINGS = ("HbA1c {value} %", "glycated haemoglobin was {value}%", "A1c came back {value} %")
ALLERGY_WORDINGS = ("{allergen}: hives", "allergic to {allergen}", "{allergen} allergy (rash)")
BASE = date(2024, 1, 1)


@dataclass(frozen=True)
class FactSpec:
    kind: str  # med | lab | allergy
    item: str  # drug, "HbA1c", allergen
    value: str = ""
    status: str = ""
    state_change: bool = False
    event_offset: int | None = None  # days before the session (a late report), or None

    def reply(self, subject: str, wording: int, session_day: date | None) -> dict[str, Any]:
        event = None
        if self.event_offset is not None and session_day is not None:
            event = (session_day - timedelta(days=self.event_offset)).isoformat()
        base = {
            "subject": subject, "date": event, "is_state_change": False, "replaces": None,
            "causes": [], "evidence_turn": 1, "confidence": 0.9, "safety_kind": None,
            "value": None, "unit": None, "status": None,
        }  # fmt: skip
        if self.kind == "med":
            content = WORDINGS[wording % 3].format(drug=self.item, value=self.value,
                                                   status=self.status)  # fmt: skip
            return {**base, "type": "medication_status", "entity": self.item, "content": content,
                    "value": self.value, "unit": "mg", "status": self.status,
                    "is_state_change": self.state_change}  # fmt: skip
        if self.kind == "lab":
            content = LAB_WORDINGS[wording % 3].format(value=self.value)
            return {**base, "type": "lab_result", "entity": "HbA1c", "content": content,
                    "value": self.value, "unit": "%"}  # fmt: skip
        content = ALLERGY_WORDINGS[wording % 3].format(allergen=self.item)
        return {**base, "type": "safety", "entity": self.item, "content": content,
                "safety_kind": "allergy", "date": None}  # fmt: skip


@dataclass(frozen=True)
class SessionSpec:
    day_offset: int | None  # days after BASE; None = undated
    about_father: bool
    facts: tuple[FactSpec, ...]
    causal: bool = False  # the last fact is caused by the first (a causal link)

    @property
    def day(self) -> date | None:
        return None if self.day_offset is None else BASE + timedelta(days=self.day_offset)

    def reply(self, wording: int) -> str:
        subject = "family:father" if self.about_father else "patient"
        facts = [f.reply(subject, wording + i, self.day) for i, f in enumerate(self.facts)]
        if self.causal and len(facts) > 1:
            facts[-1]["causes"] = [0]
        return json.dumps({"session_subject": subject, "facts": facts})

    def transcript(self) -> str:
        head = f"Date: {self.day.isoformat()}\n" if self.day else ""
        who = "My father" if self.about_father else "I"
        lines = [f"Patient: {who} had a check-up."]
        lines += [f"Patient: {who} mentioned {f.item}." for f in self.facts]
        return head + "\n".join(lines) + "\nDoctor: Noted.\n"


def _fact_spec() -> st.SearchStrategy[FactSpec]:
    med = st.builds(
        FactSpec, st.just("med"), st.sampled_from(DRUGS), st.sampled_from(DOSES),
        st.sampled_from(MED_STATUSES), st.booleans(),
        st.one_of(st.none(), st.none(), st.integers(30, 400)),
    )  # fmt: skip
    lab = st.builds(FactSpec, st.just("lab"), st.just("HbA1c"), st.sampled_from(("6.8", "7.4")))
    allergy = st.builds(FactSpec, st.just("allergy"), st.sampled_from(ALLERGENS))
    return st.one_of(med, med, lab, allergy)


def _unique_items(facts: list[FactSpec]) -> tuple[FactSpec, ...]:
    """One fact per (kind, item) in a session: a correction is keyed to the item."""
    seen: dict[tuple[str, str], FactSpec] = {}
    for f in facts:
        seen.setdefault((f.kind, f.item), f)
    return tuple(seen.values())


SESSION = st.builds(
    SessionSpec,
    st.one_of(st.none(), st.integers(0, 600), st.integers(0, 600), st.integers(0, 600)),
    st.sampled_from((False, False, True)),
    st.lists(_fact_spec(), min_size=1, max_size=4).map(_unique_items),
    st.booleans(),
)
RECONSTRUCT = st.tuples(st.just("reconstruct"), st.integers(0, 9), st.integers(1, 5))
CORRECT = st.tuples(
    st.just("correct"), st.integers(0, 50),
    st.sampled_from(("entered_in_error", "refuted", "reassign")),
)  # fmt: skip
FAIL = st.tuples(st.just("fail"), st.integers(0, 9), st.just(0))
CONSTRUCT = st.tuples(st.just("construct"), st.integers(0, 9), st.just(0))


@dataclass
class Correction:
    """A clinician's correction, by clinical item: re-applied to a clean rebuild."""

    session: str
    subject: str
    fact_type: str
    entity: str
    action: str


def store(patient_id: str, specs: list[SessionSpec]) -> list[Session]:
    stored = []
    for n, spec in enumerate(specs):
        parsed = parse_text(spec.transcript(), f"s{n}.txt", patient_id=patient_id)
        stored.append(store_sessions(parsed).stored[0])
    return stored


def construct_with(llm: Any, session: Session, spec: SessionSpec, source: tuple[str, int]) -> None:
    """Construct (or reconstruct) a session from a reply, or from an LLM failure."""
    kind, wording = source
    if kind == "fail":
        llm.reply("{not json").reply("{not json")  # both attempts fail: rule fallback
    else:
        llm.reply(spec.reply(wording))
    construct_session(session.pk)


def import_in_arrival_order(llm: Any, sessions: list[Session], specs: list[SessionSpec],
                            sources: list[tuple[str, int]]) -> None:  # fmt: skip
    for session, spec, (_, wording) in zip(sessions, specs, sources, strict=True):
        llm.reply(spec.reply(wording))
        construct_pending(session.pk)


# --- invariants ----------------------------------------------------------------


def check_chains(patient: Patient) -> None:
    chain_ids = list(Chain.objects.filter(patient=patient).values_list("pk", flat=True))
    for chain_id, (_, members) in chains_of(chain_ids).items():
        by_id = {m.fact_id: m for m in members}
        for m in members:
            if m.supersedes is not None:
                older = by_id[m.supersedes]  # no edge leaves its chain
                a, b = order_date(older), order_date(m)
                assert a is None or b is None or a <= b, f"chain {chain_id} out of date order"
        fact_type = members[0].fact_type
        if fact_type in ("medication_status", "condition"):
            _one_current_state(chain_id, members)


def _one_current_state(chain_id: int, members: list) -> None:
    live = [
        m for m in members
        if in_force(m.verification) and m.status != "planned"
    ]  # fmt: skip
    starts = sorted({m.valid_from for m in live if m.valid_from})
    for day in starts + [d + timedelta(days=1) for d in starts]:
        covering = [
            m for m in live
            if m.valid_from and m.valid_from <= day and (m.valid_to is None or day < m.valid_to)
        ]  # fmt: skip
        assert len(covering) == 1, f"chain {chain_id}: {len(covering)} records in force on {day}"


def check_edges(patient: Patient) -> None:
    mine = Fact.objects.filter(patient=patient)
    edges = FactEdge.objects.filter(src__patient=patient)
    assert not edges.exclude(dst__patient=patient).exists()
    sup = edges.filter(kind=FactEdge.Kind.SUPERSEDES)
    assert all(s == d for s, d in sup.values_list("src__chain_id", "dst__chain_id"))
    for chain in Chain.objects.filter(patient=patient):
        assert chain.tail_id is None or mine.filter(pk=chain.tail_id, chain=chain).exists()
        assert chain.length == mine.filter(chain=chain).count() > 0


def check_attribution(patient: Patient) -> None:
    relative_sessions = Session.objects.filter(patient=patient, session_subject="family:father")
    assert not Fact.objects.filter(
        session__in=relative_sessions, subject__key="patient", corrected=False
    ).exists()


def check_no_resurrection(patient: Patient) -> None:
    for fact in Fact.objects.filter(patient=patient, corrected=True):
        twins = Fact.objects.filter(
            session=fact.session, extraction_key=fact.extraction_key, corrected=False
        )
        assert not twins.exists(), f"corrected fact {fact.pk} came back as {list(twins)}"


def signature(patient: Patient) -> list[tuple]:
    """The graph without ids or wording: what a clean rebuild must reproduce."""
    rows = Fact.objects.filter(patient=patient).select_related("session", "subject", "entity")
    key = {f.pk: (f.session.external_id, f.subject.key, f.fact_type, f.entity.name if f.entity_id
                  else "", f.value) for f in rows}  # fmt: skip
    seq = {s.pk: s.external_id for s in Session.objects.filter(patient=patient)}
    out = [
        (*key[f.pk], f.status, f.verification, f.event_date, f.valid_from, f.valid_to,
         f.mention_count, tuple(sorted(seq[e["session_id"]] for e in f.folded_mentions)),
         f.chain_id is not None, f.chain_position, f.order_note != "")
        for f in rows
    ]  # fmt: skip
    edges = FactEdge.objects.filter(src__patient=patient).values_list("src_id", "dst_id", "kind")
    return sorted(out) + sorted((key[s], key[d], k) for s, d, k in edges)
