"""A patient's record depends only on that patient's sessions (issue 34).

Patient A is imported alone into an empty database, then again after (or
between) patients B and C in a random order: A's facts must be the same
every time -- type, subject, item name, status, assertion, safety kind and
slots. The sessions are invented sentences (English and Chinese) that the
offline rule extractor reads as items the dictionary does not know ("back
surgery", "wrist repair", 背部手术), so an entity borrowed from another patient's
words would show. The same holds for two development histories, and for a
patient reconstructed in a database that holds other patients.
"""

from __future__ import annotations

import json
from datetime import date, timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memory.actions.imports import store_sessions
from memory.actions.sessions import do_queue_sessions
from memory.domain.types import ParsedSession, Turn
from memory.evaluation.histories import build_histories
from memory.evaluation.history_types import History
from memory.models import Entity, Fact, Patient, Session
from memory.pipeline.construction import construct_pending

pytestmark = pytest.mark.django_db
BOUNDED = settings(
    max_examples=6,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

# Patient answers that name operations and other items in words of their own; pairs
# share a word or most of their letters ("spine surgery" / "back surgery", "wrist
# repair" / "ankle repair"), which is what a character overlap across patients used to merge.
SAYINGS = (
    "I had some back surgery when I was thirty.",
    "Years ago I had spine surgery, nothing else.",
    "I had a wrist repair with a plate.",
    "I've had an ankle repair after a skiing accident.",
    "I had shoulder surgery after a fall from a ladder.",
    "I had a neck operation in my forties.",
    "我年轻时做过背部手术。",
    "我以前做过脊柱手术。",
    "我做过膝盖手术，恢复得不错。",
    "I take a valerian root supplement at night.",
)
BASE = date(2023, 3, 1)


def _session(patient: str, n: int, saying: str) -> ParsedSession:
    turns = (Turn(1, "doctor", "Any operations or other history?"), Turn(2, "patient", saying))
    return ParsedSession(
        external_id=f"{patient}-{n}", date=BASE + timedelta(days=30 * n), turns=turns,
        patient_id=patient, patient_name=patient.upper(),
    )  # fmt: skip


def _import(sessions: list[ParsedSession]) -> None:
    report = store_sessions(sessions)
    construct_pending(report.stored[-1].pk)


def _row(fact: Fact) -> tuple[str, ...]:
    entity = fact.entity.name if fact.entity else ""
    slots = json.dumps(fact.slots, sort_keys=True)
    return (fact.session.external_id, fact.fact_type, fact.subject.key, entity, fact.status,
            fact.assertion, fact.safety_kind, slots)  # fmt: skip


def _record(external_id: str) -> list[tuple[str, ...]]:
    """The patient's facts as a clinician reads them, in a stable order."""
    rows = Fact.objects.filter(patient__external_id=external_id).select_related(
        "subject", "entity", "session"
    )
    return sorted(_row(row) for row in rows)


def _empty_database() -> None:
    Patient.objects.all().delete()
    Entity.objects.all().delete()


patients = st.lists(st.sampled_from(SAYINGS), min_size=1, max_size=4)


@BOUNDED
@given(a=patients, b=patients, c=patients, order=st.permutations(["a", "b", "c"]))
def test_a_patients_facts_do_not_depend_on_other_patients_or_import_order(a, b, c, order):
    sessions = {
        name: [_session(name, n, saying) for n, saying in enumerate(said)]
        for name, said in (("a", a), ("b", b), ("c", c))
    }
    _empty_database()
    _import(sessions["a"])
    alone = _record("a")
    _empty_database()
    for name in order:
        _import(sessions[name])
    assert _record("a") == alone


def test_a_record_names_only_items_the_dictionary_or_its_own_sessions_gave():
    _import([_session("b", 0, SAYINGS[1]), _session("b", 1, SAYINGS[2])])
    _import([_session("a", 0, SAYINGS[0]), _session("a", 1, SAYINGS[3])])
    entities = Entity.objects.filter(facts__patient__external_id="a").distinct()
    assert all(e.patient is None or e.patient.external_id == "a" for e in entities)
    assert all(e.in_dictionary for e in entities if e.patient is None)


def test_reconstructing_a_patient_among_others_gives_the_record_of_an_empty_database():
    a = [_session("a", n, s) for n, s in enumerate((SAYINGS[0], SAYINGS[3], SAYINGS[6]))]
    b = [_session("b", n, s) for n, s in enumerate((SAYINGS[1], SAYINGS[2], SAYINGS[7]))]
    _import(a)
    alone = _record("a")
    _import(b)
    ids = list(Session.objects.filter(patient__external_id="a").order_by("seq").values_list(
        "pk", flat=True))  # fmt: skip
    do_queue_sessions(ids)
    construct_pending(ids[-1])
    assert _record("a") == alone


@pytest.fixture(scope="module")
def development_histories() -> list[History]:
    return build_histories(2, seed=7)


def test_development_histories_give_the_same_records_in_either_order(development_histories):
    first, second = development_histories
    records = {}
    for order in ((first, second), (second, first)):
        _empty_database()
        for history in order:
            store_sessions(history.parsed(), patient_id=history.patient_id)
            construct_pending(Session.objects.filter(patient__external_id=history.patient_id)
                              .order_by("seq").last().pk)  # fmt: skip
        records[order[0].patient_id] = (_record(first.patient_id), _record(second.patient_id))
    alone_first, after_second = records[first.patient_id], records[second.patient_id]
    assert alone_first[0] and after_second[0]
    assert alone_first == after_second
