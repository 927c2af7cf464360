"""The per-patient read cache: reused while memory is unchanged, never stale after a write.

These tests commit for real (transaction=True): the memory version moves when a
write commits, and the cache is bypassed inside an open transaction.
"""

from __future__ import annotations

import threading
from datetime import date

import pytest
from django.contrib.auth import get_user_model
from django.db import connection, connections, transaction
from django.test.utils import CaptureQueriesContext

from memory.actions.conflicts import do_resolve_conflict
from memory.actions.corrections import do_correct_fact
from memory.answering import answer
from memory.models import Entity, Fact
from memory.reading import read_cache
from memory.reading.profile import cached_profile
from memory.reading.read_cache import cached_conflicts, memory_version
from memory.retrieval import retrieve
from memory.retrieval.chain_state import chain_states
from tests.retrieval.graph import GraphBuilder, fact

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _fresh_cache(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.delenv("MEDGRAPH_READ_CACHE", raising=False)
    read_cache.clear()
    yield
    read_cache.clear()


def _valsartan(graph: GraphBuilder, dose: str, day: date, status: str = "active") -> None:
    graph.session(day, [fact("medication_status", "valsartan", f"Valsartan {dose} daily.",
                             status=status)])  # fmt: skip


@pytest.fixture
def patient_graph() -> GraphBuilder:
    graph = GraphBuilder("p-cache")
    _valsartan(graph, "80 mg", date(2024, 1, 8))
    graph.session(
        date(2024, 1, 8),
        [fact("safety", "penicillin", "Penicillin allergy: hives.", safety_kind="allergy"),
         fact("medication_status", "amoxicillin", "Amoxicillin 500 mg three times daily.",
              status="active")],
    )  # fmt: skip
    return graph


def test_unchanged_memory_reuses_the_rendered_profile(patient_graph: GraphBuilder) -> None:
    first = cached_profile(patient_graph.patient)
    assert cached_profile(patient_graph.patient) is first
    assert read_cache.stats()["hits"] == 1


def test_next_ask_after_a_new_session_sees_the_new_dose(patient_graph: GraphBuilder) -> None:
    assert "80 mg" in cached_profile(patient_graph.patient).text
    _valsartan(patient_graph, "160 mg", date(2024, 4, 15), status="dose_changed")
    text = cached_profile(patient_graph.patient).text
    assert "160 mg" in text


def test_next_ask_after_a_correction_sees_it(patient_graph: GraphBuilder) -> None:
    assert "Penicillin allergy" in cached_profile(patient_graph.patient).text
    allergy = Fact.objects.get(patient=patient_graph.patient, fact_type="safety")
    do_correct_fact(
        patient_graph.patient, allergy.pk, "verify",
        {"verification": "entered_in_error"}, version=None, actor=None, channel="cli",
        reason="wrong patient",
    )  # fmt: skip
    safety = cached_profile(patient_graph.patient).safety
    assert [s.verification for s in safety] == ["entered_in_error"]


def test_conflict_acknowledgement_reaches_the_next_ask(patient_graph: GraphBuilder) -> None:
    [conflict] = cached_conflicts(patient_graph.patient)
    assert conflict.is_open
    user = get_user_model().objects.create(username="dr-cache")
    do_resolve_conflict(
        patient_graph.patient, conflict.medication.pk, conflict.safety.pk, "acknowledge",
        reason="tolerated before", actor=user, channel="cli",
    )  # fmt: skip
    [after] = cached_conflicts(patient_graph.patient)
    assert not after.is_open


def test_a_bulk_update_moves_the_version(patient_graph: GraphBuilder) -> None:
    before = memory_version(patient_graph.patient.pk)
    Fact.objects.filter(patient=patient_graph.patient).update(content="edited by SQL")
    after = memory_version(patient_graph.patient.pk)
    assert after[0] > before[0] and after[1] == before[1]


def test_an_entity_change_moves_the_shared_version(patient_graph: GraphBuilder) -> None:
    before = memory_version(patient_graph.patient.pk)
    Entity.objects.filter(name__iexact="valsartan").update(name="Valsartan (Diovan)")
    assert memory_version(patient_graph.patient.pk)[1] > before[1]


def test_another_patients_write_keeps_this_patients_cache(
    patient_graph: GraphBuilder,
) -> None:
    first = cached_profile(patient_graph.patient)
    _valsartan(GraphBuilder("p-other"), "40 mg", date(2024, 2, 1))
    assert cached_profile(patient_graph.patient) is first


def test_a_profile_at_another_date_reads_nothing_more_from_the_store(
    patient_graph: GraphBuilder,
) -> None:
    with read_cache.pinned(patient_graph.patient.pk):
        cached_profile(patient_graph.patient, date(2024, 3, 1))
        with CaptureQueriesContext(connection) as ctx:
            cached_profile(patient_graph.patient, date(2024, 5, 1))
    assert len(ctx.captured_queries) == 0


def test_a_profile_before_the_first_session_has_no_memory_cutoff(
    patient_graph: GraphBuilder,
) -> None:
    cached_profile(patient_graph.patient)
    assert cached_profile(patient_graph.patient, date(2024, 1, 1)).data.cutoff is None


def test_inside_a_transaction_the_cache_is_bypassed(patient_graph: GraphBuilder) -> None:
    cached_profile(patient_graph.patient)
    with transaction.atomic():
        Fact.objects.filter(patient=patient_graph.patient, entity__name__iexact="valsartan").update(
            content="Valsartan 320 mg daily.", value="320", unit="mg"
        )
        assert connection.in_atomic_block
        assert "320 mg" in cached_profile(patient_graph.patient).text
        transaction.set_rollback(True)
    assert "320 mg" not in cached_profile(patient_graph.patient).text
    assert read_cache.stats()["bypassed"] >= 1  # the profile and the records it reads


def test_cache_can_be_switched_off(
    patient_graph: GraphBuilder, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MEDGRAPH_READ_CACHE", "0")
    assert cached_profile(patient_graph.patient) is not cached_profile(patient_graph.patient)


# Tables with a patient that no cached value shows; every other one must move the version.
UNVERSIONED = {
    "memory_auditevent": "written by every ask; no cached value shows it",
    "memory_turnpair": "raw text, ranked per question and never cached",
}


def test_every_table_of_a_patients_memory_moves_the_version() -> None:
    from django.apps import apps

    tables = {
        model._meta.db_table
        for model in apps.get_app_config("memory").get_models()
        if any(getattr(f, "name", "") in {"patient", "patient_id"} for f in model._meta.fields)
    } - {"memory_memoryversion"}
    with connection.cursor() as cur:
        cur.execute(
            "SELECT c.relname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid "
            "WHERE t.tgname LIKE '%%_memory_version'"
        )
        versioned = {row[0] for row in cur.fetchall()}
    assert tables - set(UNVERSIONED) <= versioned
    assert {"memory_factedge", "memory_entity"} <= versioned


def _valsartan_chain(graph: GraphBuilder) -> int:
    return (
        Fact.objects.filter(patient=graph.patient, entity__name__iexact="valsartan")
        .first()
        .chain_id
    )


def test_chain_state_is_reused_until_a_new_dose_arrives(patient_graph: GraphBuilder) -> None:
    pid, chain = patient_graph.patient.pk, _valsartan_chain(patient_graph)
    first = chain_states(pid, [chain], None)[chain]
    assert chain_states(pid, [chain], None)[chain] is first
    _valsartan(patient_graph, "160 mg", date(2024, 4, 15), status="dose_changed")
    assert _valsartan_chain(patient_graph) == chain
    assert "160 mg" in chain_states(pid, [chain], None)[chain].anchor.member.content


def test_ask_after_a_correction_anchors_on_the_corrected_chain(
    patient_graph: GraphBuilder,
) -> None:
    _valsartan(patient_graph, "160 mg", date(2024, 4, 15), status="dose_changed")
    question = "What dose of valsartan is he on now?"
    assert _anchors(patient_graph, question) == ["Valsartan 160 mg daily."]
    newer = Fact.objects.get(patient=patient_graph.patient, content__contains="160 mg")
    do_correct_fact(
        patient_graph.patient, newer.pk, "verify", {"verification": "entered_in_error"},
        version=None, actor=None, channel="cli", reason="wrong patient",
    )  # fmt: skip
    assert _anchors(patient_graph, question) == ["Valsartan 80 mg daily."]


def _anchors(graph: GraphBuilder, question: str) -> list[str]:
    """The valsartan records retrieval shows as in force."""
    items = retrieve(graph.patient, question).items
    return [
        i.fact.content for i in items if i.is_anchor and i.fact and "alsartan" in i.fact.content
    ]


def test_one_ask_reads_the_memory_version_once(patient_graph: GraphBuilder) -> None:
    with CaptureQueriesContext(connection) as queries:
        answer(patient_graph.patient, "What dose of valsartan is he on now?")
    assert sum("memory_memoryversion" in q["sql"] for q in queries.captured_queries) == 1


def _until_others_wait(count: int) -> None:
    """Hold a computation until `count` other threads wait for it (read_cache's
    "waiting" gauge), so the overlap is certain rather than timed. Without single
    flight nobody ever waits: the computation then goes on after 5 s and the test sees
    every thread compute."""
    deadline = threading.Event()
    for _ in range(500):
        if read_cache.stats()["waiting"] >= count:
            return
        deadline.wait(0.01)


def _burst(patient_id: int, call) -> list:  # type: ignore[no-untyped-def]
    """Eight threads asking at once, each on its own database connection."""
    results: list = []
    start = threading.Barrier(8)

    def worker() -> None:
        try:
            start.wait()
            results.append(call())
        finally:
            connections.close_all()

    threads = [threading.Thread(target=worker) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    return results


def test_a_burst_of_misses_computes_a_value_once(patient_graph: GraphBuilder) -> None:
    pid = patient_graph.patient.pk
    computed: list[int] = []

    def compute() -> str:
        computed.append(1)
        _until_others_wait(7)  # a slow profile: the other threads arrive while it is computed
        return "profile"

    results = _burst(pid, lambda: read_cache.cached(pid, ("slow",), compute))
    assert (results, len(computed)) == (["profile"] * 8, 1)


def test_a_burst_of_chain_misses_computes_each_chain_once(patient_graph: GraphBuilder) -> None:
    pid = patient_graph.patient.pk
    asked: list[str] = []

    def compute(keys: list[str]) -> dict[str, str]:
        asked.extend(keys)
        _until_others_wait(7)
        return {k: k.upper() for k in keys}

    results = _burst(pid, lambda: read_cache.cached_many(pid, ["a", "b"], compute, len))
    assert (results, sorted(asked)) == ([{"a": "A", "b": "B"}] * 8, ["a", "b"])


def test_a_failed_computation_lets_a_waiter_compute(patient_graph: GraphBuilder) -> None:
    pid = patient_graph.patient.pk
    calls: list[int] = []

    def compute() -> str:
        calls.append(1)
        if len(calls) == 1:
            _until_others_wait(7)
            raise RuntimeError("database went away")
        return "profile"

    def call() -> str:
        try:
            return read_cache.cached(pid, ("flaky",), compute)
        except RuntimeError:
            return "failed"

    results = _burst(pid, call)
    assert results.count("failed") == 1 and results.count("profile") == 7
