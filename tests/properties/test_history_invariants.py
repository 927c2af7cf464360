"""Property tests: generated histories keep the record's invariants after every step.

Bounded (a few examples each, deadline off) so that both run in well under a
minute in CI; the histories themselves are small but mix every hazard: dose
changes and stops, relatives, measurements, undated and late sessions,
reworded reconstructions in any order, corrections, LLM failures and
sessions left unconstructed.
"""

from __future__ import annotations

import itertools

import pytest
from django.db import transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memory.actions.corrections import set_verification
from memory.answering import answer
from memory.models import Fact, Patient, Session
from memory.reading.profile import profile_data, render_profile
from tests.corrections.moves import reassign
from tests.pipeline.absence import claims_unqualified_absence

from .histories import (
    CONSTRUCT,
    CORRECT,
    FAIL,
    RECONSTRUCT,
    SESSION,
    Correction,
    SessionSpec,
    check_attribution,
    check_chains,
    check_edges,
    check_no_resurrection,
    construct_with,
    import_in_arrival_order,
    signature,
    store,
)

pytestmark = pytest.mark.django_db
BOUNDED = settings(
    max_examples=3,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
_ids = itertools.count()


def _check_graph(patient: Patient) -> None:
    check_chains(patient)
    check_edges(patient)
    check_attribution(patient)
    check_no_resurrection(patient)


def _check_loud(patient: Patient) -> None:
    text = render_profile(patient).text
    for content in Fact.objects.filter(
        patient=patient, subject__key="patient", fact_type="safety"
    ).values_list("content", flat=True):
        assert content in text, f"allergy {content!r} missing from the profile"
    data = profile_data(patient)
    not_built = Session.objects.filter(
        patient=patient, status__in=("queued", "extracting", "failed"), dismissed_at=None
    )
    assert len(data.not_in_memory) == not_built.count()
    if data.not_in_memory:
        reply = answer(patient, "Does the patient have any drug allergies?").text
        assert reply.startswith(f"{len(data.not_in_memory)} session(s) not in memory")
        assert not claims_unqualified_absence(reply, data)


def _correct(patient: Patient, pick: int, action: str, clinician) -> Correction | None:
    rows = list(
        Fact.objects.filter(patient=patient, subject__key="patient", corrected=False)
        .select_related("session", "entity")
        .order_by("session__seq", "fact_type", "entity__name", "pk")
    )
    if not rows:
        return None
    target = rows[pick % len(rows)]
    name = target.entity.name if target.entity_id else ""
    done = Correction(target.session.external_id, "patient", target.fact_type, name, action)
    _apply(target, action, clinician)
    return done


def _apply(fact: Fact, action: str, clinician) -> None:
    if action == "reassign":
        reassign(fact.pk, "family:father", actor=clinician, reason="p", channel="api")
        return
    with transaction.atomic():
        set_verification(fact, action, actor=clinician, reason="p", channel="api")


def _reapply(patient: Patient, c: Correction, clinician) -> None:
    fact = Fact.objects.get(
        patient=patient, session__external_id=c.session, subject__key=c.subject,
        fact_type=c.fact_type, entity__name=c.entity, corrected=False,
    )  # fmt: skip
    _apply(fact, c.action, clinician)


@BOUNDED
@given(
    specs=st.lists(SESSION, min_size=2, max_size=4),
    steps=st.lists(st.one_of(RECONSTRUCT, CORRECT), min_size=1, max_size=5),
)
def test_reconstruction_in_any_order_with_corrections_equals_a_clean_rebuild(
    llm, clinician, specs: list[SessionSpec], steps: list[tuple]
) -> None:
    pid = f"prop-a-{next(_ids)}"
    sessions = store(pid, specs)
    sources = [("reply", 0)] * len(specs)
    import_in_arrival_order(llm, sessions, specs, sources)
    patient = Patient.objects.get(external_id=pid)
    _check_graph(patient)
    corrections = []
    for kind, pick, arg in steps:
        if kind == "reconstruct":
            i = pick % len(specs)
            sources[i] = ("reply", arg)  # reworded
            construct_with(llm, sessions[i], specs[i], sources[i])
        elif (done := _correct(patient, pick, arg, clinician)) is not None:
            corrections.append(done)
        _check_graph(patient)
    clean_pid = f"prop-a-{next(_ids)}-clean"
    import_in_arrival_order(llm, store(clean_pid, specs), specs, sources)
    clean = Patient.objects.get(external_id=clean_pid)
    for c in corrections:
        _reapply(clean, c, clinician)
    assert signature(patient) == signature(clean)


@BOUNDED
@given(
    specs=st.lists(SESSION, min_size=1, max_size=3),
    left_out=st.lists(st.booleans(), min_size=3, max_size=3),
    steps=st.lists(st.one_of(RECONSTRUCT, CORRECT, FAIL, CONSTRUCT), min_size=1, max_size=5),
)
def test_failures_and_reconstructions_in_any_order_keep_the_invariants(
    llm, clinician, specs: list[SessionSpec], left_out: list[bool], steps: list[tuple]
) -> None:
    pid = f"prop-b-{next(_ids)}"
    sessions = store(pid, specs)
    for session, spec, skip in zip(sessions, specs, left_out, strict=False):
        if not skip:
            construct_with(llm, session, spec, ("reply", 0))
    patient = Patient.objects.get(external_id=pid)
    _check_graph(patient)
    _check_loud(patient)
    for kind, pick, arg in steps:
        i = pick % len(specs)
        if kind == "reconstruct":
            construct_with(llm, sessions[i], specs[i], ("reply", arg))
        elif kind == "fail":
            construct_with(llm, sessions[i], specs[i], ("fail", 0))
        elif kind == "construct":
            if Session.objects.get(pk=sessions[i].pk).status == "queued":
                construct_with(llm, sessions[i], specs[i], ("reply", 0))
        else:
            _correct(patient, pick, arg, clinician)
        _check_graph(patient)
        _check_loud(patient)
