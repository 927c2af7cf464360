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
from functools import cached_property

from django.db.models import Q

from memory.domain.allergy_alerts import ALERT_KINDS, Drug, Substance, alert_path
from memory.domain.anchors import anchor
from memory.domain.chains import ChainMember
from memory.domain.evidence import FactView, PendingSession, ProfileData
from memory.domain.render import profile_text
from memory.domain.safety_rows import SafetyRow
from memory.domain.sessions import NOT_IN_MEMORY, RULE_FALLBACK_PREFIX
from memory.lexicon.classes import ancestry
from memory.models import Chain, Fact, Patient, Session
from memory.queries.chains import chains_of
from memory.queries.facts import patient_person, views
from memory.queries.safety import is_drug_class, named_substance, view_rows
from memory.reading import read_cache

MAX_PREFERENCES = 8
_INACTIVE_CONDITION = ("resolved", "misdiagnosed")


@dataclass(frozen=True)
class Profile:
    data: ProfileData

    @cached_property
    def text(self) -> str:
        # Rendered once: an ask reads it for the reader and again for the payload.
        return profile_text(self.data)

    @property
    def safety(self) -> tuple[FactView, ...]:
        return self.data.safety

    def __str__(self) -> str:
        return self.text


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


@dataclass(frozen=True)
class ProfileSource:
    """What the profile reads from the store, whatever the asked date.

    Read once per memory version (memory.reading.read_cache): a profile at any date is
    then derived from it without a query, so questions about many dates cost
    no more than questions about now. Shared between threads: read-only."""

    person_id: int | None
    done_dates: tuple[date, ...]  # dates of the constructed sessions (undated ones left out)
    pending: tuple[PendingSession, ...]
    safety: tuple[FactView, ...]  # every record, whatever its date, verification or assertion
    # Each medication / diagnosis chain: its members as views and as the rules see them.
    chains: tuple[tuple[tuple[FactView, ...], tuple[ChainMember, ...]], ...] = ()
    preferences: tuple[FactView, ...] = ()  # in force, newest first


def profile_source(patient: Patient) -> ProfileSource:
    person = patient_person(patient)
    done = Session.objects.filter(patient=patient, status=Session.Status.DONE)
    dates = tuple(d for d in done.values_list("session_date", flat=True) if d is not None)
    pending = pending_sessions(patient)
    if person is None:
        return ProfileSource(None, dates, pending, ())
    mine = Fact.objects.filter(patient=patient, subject=person)
    safety = views(mine.filter(fact_type="safety").order_by("effective_date", "id"))
    chain_ids = Chain.objects.filter(
        subject_id=person.pk, fact_type__in=("medication_status", "condition")
    ).values("pk")
    chains = tuple((tuple(v), tuple(m)) for v, m in chains_of(chain_ids).values())
    prefs = mine.in_force().filter(fact_type="preference").order_by("-effective_date", "-id")
    return ProfileSource(person.pk, dates, pending, tuple(safety), chains, tuple(views(prefs)))


def _chain_records(
    source: ProfileSource, at: date | None
) -> list[tuple[FactView, tuple[str, ...]]]:
    """The anchor of each medication / diagnosis chain at `at`, with its marks."""
    out = []
    for fact_views, members in source.chains:
        a = anchor(list(members), at)
        if a.member is None:
            continue
        view = next(v for v in fact_views if v.fact_id == a.member.fact_id)
        marks = ["current" if at is None else f"as of {at}"]
        if not a.in_force:
            marks = [f"nothing in force on {at}; latest record shown"]
        if a.pending_plan is not None:
            marks.append(f"pending plan: {a.pending_plan.content}")
        out.append((view, tuple(marks + list(a.notes))))
    out.sort(key=lambda pair: (pair[0].date or date.min, pair[0].fact_id), reverse=True)
    return out


def profile_data(patient: Patient, at: date | None = None) -> ProfileData:
    source = read_cache.cached(patient.pk, ("profile-source",), lambda: profile_source(patient))
    return profile_at(source, at)


def profile_at(source: ProfileSource, at: date | None) -> ProfileData:
    """The profile at `at` (None = now) from what the store holds (no query)."""
    seen = [d for d in source.done_dates if at is None or d <= at]
    cutoff = max(seen, default=None)
    if source.person_id is None:
        return ProfileData(cutoff=cutoff, at=at, pending=source.pending)
    rows = tuple(view_rows(source.safety))
    records = _chain_records(source, at)
    meds = _with_cautions([(v, m) for v, m in records if v.fact_type == "medication_status"],
                          rows)  # fmt: skip
    stopped = [(v, m) for v, m in meds if v.status == "stopped"]
    diagnoses = [(v, m) for v, m in records if v.fact_type == "condition"]
    # Active first; resolved, ruled-out and past-history conditions after them.
    diagnoses.sort(
        key=lambda pair: pair[0].status in _INACTIVE_CONDITION or pair[0].assertion == "historical"
    )
    # A preference stated after the asked date was not known then (an undated one neither).
    prefs = [v for v in source.preferences if at is None or (v.date is not None and v.date <= at)]
    return ProfileData(
        cutoff=cutoff,
        at=at,
        safety=source.safety,
        diagnoses=tuple(diagnoses),
        active_meds=tuple(pair for pair in meds if pair[0].status != "stopped"),
        stopped_meds=tuple(stopped),
        preferences=tuple(prefs[:MAX_PREFERENCES]),
        pending=source.pending,
        safety_rows=rows,
    )


def _with_cautions(
    meds: list[tuple[FactView, tuple[str, ...]]], rows: tuple[SafetyRow[FactView], ...]
) -> list[tuple[FactView, tuple[str, ...]]]:
    """Mark a medication the patient takes that an allergy or contraindication row
    alerts on — also through its drug class (a penicillin allergy and amoxicillin) —
    by the same rule as the conflict alerts (memory.domain.allergy_alerts): one
    mark per row, naming its path."""
    substances = []
    for row in rows:
        for kind in ALERT_KINDS:
            said = [v for v in row.present_items if v.safety_kind == kind]
            if said:  # named as the conflicts name it (memory.queries.conflicts.substance_of)
                name = said[-1].entity or named_substance(said[-1].content)
                substances.append(Substance(name, kind, is_drug_class(name)))
    out = []
    for view, marks in meds:
        drug = Drug(view.entity, is_drug_class(view.entity), view.status)
        paths = [p for s in substances if (p := alert_path(s, drug, ancestry)) is not None]
        out.append((view, marks + tuple(f"CAUTION: {p.text} ({p.basis})" for p in paths)))
    return out


def render_profile(patient: Patient, at: date | None = None) -> Profile:
    return Profile(profile_data(patient, at))


def cached_profile(patient: Patient, at: date | None = None) -> Profile:
    """render_profile(patient, at), cached by memory version (memory.reading.read_cache)."""
    return read_cache.cached(patient.pk, ("profile", at), lambda: render_profile(patient, at))
