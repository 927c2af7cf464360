"""The L3 profile: cutoff, every safety fact untrimmed, anchors not tails, budget."""

from __future__ import annotations

from datetime import date

import pytest

from memory.actions.corrections import set_verification
from memory.domain.render import PROFILE_BUDGET
from memory.reading.profile import render_profile
from tests.retrieval.graph import fact

pytestmark = pytest.mark.django_db


def test_first_line_is_the_memory_cutoff(graph) -> None:
    graph.session(date(2024, 1, 5), [fact("symptom", None, "Headache.")])
    graph.session(date(2024, 6, 9), [fact("symptom", None, "Cough.")])
    assert render_profile(graph.patient).text.splitlines()[0].endswith("2024-06-09")


def test_fifty_safety_facts_are_never_truncated(graph) -> None:
    allergies = [
        fact("safety", f"drug{i:02d}", f"Allergic to drug{i:02d}: hives.", safety_kind="allergy",
             turn=i + 1) for i in range(50)
    ]  # fmt: skip
    meds = [fact("medication_status", f"med{i:02d}", f"Takes med{i:02d} " + "x" * 80,
                 status="active", turn=i + 1) for i in range(40)]  # fmt: skip
    graph.session(date(2024, 1, 5), allergies + meds)
    text = render_profile(graph.patient).text
    assert all(f"Allergic to drug{i:02d}: hives." in text for i in range(50))


def test_non_safety_sections_share_the_budget(graph) -> None:
    meds = [fact("medication_status", f"med{i:02d}", f"Takes med{i:02d} " + "x" * 80,
                 status="active", turn=i + 1) for i in range(40)]  # fmt: skip
    graph.session(date(2024, 1, 5), meds)
    text = render_profile(graph.patient).text
    budgeted = text.split("Active / planned medications:\n", 1)[1].rsplit("\n(", 1)[0]
    assert len(budgeted) <= PROFILE_BUDGET


def test_refuted_allergy_is_shown_as_refuted_with_reason(graph, clinician) -> None:
    graph.session(
        date(2024, 1, 5),
        [fact("safety", "penicillin", "Penicillin allergy.", safety_kind="allergy")],
    )
    allergy = graph.facts(fact_type="safety")[0]
    set_verification(allergy, "refuted", actor=clinician, reason="negative skin test",
                     channel="web")  # fmt: skip
    line = next(x for x in render_profile(graph.patient).text.splitlines() if "Penicillin" in x)
    assert "REFUTED by clinician: negative skin test" in line


def test_negated_allergy_is_a_negative_finding(graph) -> None:
    graph.session(
        date(2024, 1, 5),
        [fact("safety", "penicillin", "Denies penicillin allergy.", safety_kind="allergy",
              assertion="negated")],
    )  # fmt: skip
    line = next(x for x in render_profile(graph.patient).text.splitlines() if "Denies" in x)
    assert "NEGATIVE finding" in line


def test_stopped_medications_are_listed_apart(graph) -> None:
    graph.session(
        date(2024, 1, 5),
        [
            fact("medication_status", "ibuprofen", "Stopped ibuprofen.", status="stopped"),
            fact("medication_status", "metformin", "Metformin 500 mg.", status="active", turn=2),
        ],
    )
    stopped = render_profile(graph.patient).text.split("Stopped medications:")[1]
    assert "Stopped ibuprofen." in stopped and "Metformin" not in stopped


def test_profile_reads_chains_at_the_given_date(graph) -> None:
    graph.session(
        date(2024, 1, 5),
        [fact("medication_status", "valsartan", "Valsartan 80 mg.", status="active")],
    )
    graph.session(
        date(2024, 4, 15),
        [fact("medication_status", "valsartan", "Valsartan raised to 160 mg.",
              status="dose_changed")],
    )  # fmt: skip
    text = render_profile(graph.patient, at=date(2024, 3, 1)).text
    assert "Valsartan 80 mg." in text and "160 mg" not in text


def test_late_report_of_an_earlier_event_is_not_shown_as_current(graph) -> None:
    # docs/design.md §8: the stop happened before the restart, though reported after it.
    graph.session(
        date(2024, 1, 5),
        [fact("medication_status", "sertraline", "Start sertraline 50 mg.", status="active")],
    )
    graph.session(
        date(2024, 6, 1),
        [fact("medication_status", "sertraline", "Restarted sertraline 25 mg.", status="active")],
    )
    graph.session(
        date(2024, 7, 1),
        [fact("medication_status", "sertraline", "I had stopped sertraline in March.",
              status="stopped", when="2024-03-01")],
    )  # fmt: skip
    active = render_profile(graph.patient).text.split("Stopped medications:")[0]
    assert "Restarted sertraline 25 mg." in active


def test_relatives_safety_facts_stay_out_of_the_profile(graph) -> None:
    graph.session(
        date(2024, 1, 5),
        [fact("safety", "sulfa", "My son is allergic to sulfa.", safety_kind="allergy",
              subject="family:son")],
        subject="family:son",
    )  # fmt: skip
    assert "sulfa" not in render_profile(graph.patient).text
