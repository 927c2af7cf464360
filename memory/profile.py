"""The L3 patient profile, rendered at question time (docs/design.md §5, paper §4.2).

Included with every question without a relevance check:
* memory cutoff = the latest session date seen (up to `at` when given);
* every session not in memory (failed, or not yet constructed) and every one
  the rule extractor built after the LLM failed, until it is constructed or a
  clinician dismisses it: its allergy may be missing from everything below;
* EVERY safety fact of the patient (allergy, contraindication, interaction,
  surgical/bleeding history), outside any budget and never dropped: one a
  clinician refuted or marked entered-in-error is shown as such with the
  reason; a negated one ("denies penicillin allergy") as a negative finding;
* diagnosis-chain and medication-chain records that apply at `at` — the
  chain's Anchor (memory.domain.anchors), not blindly the insertion tail, so
  a late report of an earlier event never shows as current (docs/design.md §8) —
  with stopped medications listed apart from active/planned ones; key
  preferences. These share the ~1,600-character budget.
Only the patient's own facts: a relative's chains live on another Person.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from django.db.models import Max, Q

from memory.domain.anchors import anchor
from memory.domain.drug_safety import SafetyRecord, medication_cautions
from memory.domain.evidence import FactView, PendingSession, ProfileData
from memory.domain.render import profile_text
from memory.lexicon.classes import ancestry
from memory.models import Chain, Fact, Patient, Session
from memory.queries.chains import members_of
from memory.queries.facts import patient_person, views, views_by_id

MAX_PREFERENCES = 8
_INACTIVE_CONDITION = ("resolved", "misdiagnosed")


@dataclass(frozen=True)
class Profile:
    data: ProfileData

    @property
    def text(self) -> str:
        return profile_text(self.data)

    @property
    def safety(self) -> tuple[FactView, ...]:
        return self.data.safety

    def __str__(self) -> str:
        return self.text


def memory_cutoff(patient: Patient, at: date | None) -> date | None:
    sessions = Session.objects.filter(patient=patient, status=Session.Status.DONE)
    if at is not None:
        sessions = sessions.filter(session_date__lte=at)
    return sessions.aggregate(latest=Max("session_date"))["latest"]


NOT_IN_MEMORY = (Session.Status.QUEUED, Session.Status.EXTRACTING, Session.Status.FAILED)
RULE_FALLBACK_PREFIX = "rules after llm failure"


def pending_sessions(patient: Patient) -> tuple[PendingSession, ...]:
    """Sessions not (fully) in memory and not dismissed by a clinician: failed or
    not yet constructed, or constructed by the rule extractor after the LLM failed."""
    rows = (
        Session.objects.filter(patient=patient, dismissed_at__isnull=True)
        .filter(Q(status__in=NOT_IN_MEMORY) | Q(extractor__startswith=RULE_FALLBACK_PREFIX))
        .order_by("seq")
    )
    return tuple(
        PendingSession(
            external_id=s.external_id,
            status=s.status,
            kind="not_in_memory" if s.status in NOT_IN_MEMORY else "rule_fallback",
            date=s.session_date,
            reason=s.status_reason,
        )
        for s in rows
    )


def _chain_records(person_id: int, at: date | None) -> list[tuple[FactView, tuple[str, ...]]]:
    """The anchor of each medication / diagnosis chain at `at`, with its marks."""
    chain_ids = Chain.objects.filter(
        subject_id=person_id, fact_type__in=("medication_status", "condition")
    ).values("pk")
    anchors = [anchor(members, at) for members in members_of(chain_ids).values()]
    anchors = [a for a in anchors if a.member is not None]
    shown = views_by_id(a.member.fact_id for a in anchors)
    out = []
    for a in anchors:
        view = shown[a.member.fact_id]
        marks = ["current" if at is None else f"as of {at}"]
        if not a.in_force:
            marks = [f"nothing in force on {at}; latest record shown"]
        if a.pending_plan is not None:
            marks.append(f"pending plan: {a.pending_plan.content}")
        out.append((view, tuple(marks + list(a.notes))))
    out.sort(key=lambda pair: (pair[0].date or date.min, pair[0].fact_id), reverse=True)
    return out


def profile_data(patient: Patient, at: date | None = None) -> ProfileData:
    person = patient_person(patient)
    cutoff = memory_cutoff(patient, at)
    pending = pending_sessions(patient)
    if person is None:
        return ProfileData(cutoff=cutoff, at=at, pending=pending)
    mine = Fact.objects.filter(patient=patient, subject=person)
    # Safety: every record, whatever its date, verification or assertion.
    safety = views(mine.filter(fact_type="safety").order_by("effective_date", "id"))
    records = _chain_records(person.pk, at)
    meds = _with_cautions([(v, m) for v, m in records if v.fact_type == "medication_status"],
                          safety)  # fmt: skip
    stopped = [(v, m) for v, m in meds if v.status == "stopped"]
    diagnoses = [(v, m) for v, m in records if v.fact_type == "condition"]
    # Active first; resolved, ruled-out and past-history conditions after them.
    diagnoses.sort(
        key=lambda pair: pair[0].status in _INACTIVE_CONDITION or pair[0].assertion == "historical"
    )
    prefs = mine.in_force().filter(fact_type="preference")
    if at is not None:
        prefs = prefs.filter(effective_date__lte=at)
    return ProfileData(
        cutoff=cutoff,
        at=at,
        safety=tuple(safety),
        diagnoses=tuple(diagnoses),
        active_meds=tuple(pair for pair in meds if pair[0].status != "stopped"),
        stopped_meds=tuple(stopped),
        preferences=tuple(views(prefs.order_by("-effective_date", "-id")[:MAX_PREFERENCES])),
        pending=pending,
    )


def _with_cautions(
    meds: list[tuple[FactView, tuple[str, ...]]], safety: list[FactView]
) -> list[tuple[FactView, tuple[str, ...]]]:
    """Mark a medication that an in-force allergy, contraindication or interaction
    touches — also through its drug class (a penicillin allergy and amoxicillin)."""
    records = [
        SafetyRecord(f.fact_id, f.safety_kind, f.entity or f.content)
        for f in safety
        if f.assertion == "present" and not f.excluded
    ]
    cautions = medication_cautions(((v.fact_id, v.entity) for v, _ in meds if v.entity),
                                   records, ancestry)  # fmt: skip
    return [(v, m + cautions.get(v.fact_id, ())) for v, m in meds]


def render_profile(patient: Patient, at: date | None = None) -> Profile:
    return Profile(profile_data(patient, at))
