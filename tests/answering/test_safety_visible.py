"""Safety is always visible: every safety fact with every answer, never cut by a budget."""

from __future__ import annotations

from datetime import date

import pytest
from django.test import override_settings
from django.urls import reverse

from memory.answering import answer
from tests.retrieval.graph import GraphBuilder, fact

pytestmark = pytest.mark.django_db

SUBSTANCES = 40


@pytest.fixture
def crowded():
    """40 safety facts and enough medications and diagnoses to overflow the profile budget."""
    with override_settings(LLM_BASE_URL=None, LLM_READER_MODEL=None):
        graph = GraphBuilder("p-crowded")
        safety = [
            fact("safety", f"substance {n:02d}", f"Allergic to substance {n:02d}: rash.",
                 safety_kind="allergy", turn=n + 1)
            for n in range(SUBSTANCES)
        ]  # fmt: skip
        graph.session(date(2024, 1, 8), safety)
        meds = [
            fact("medication_status", f"drug {n:02d}", f"Drug {n:02d} 10 mg once daily, "
                 "taken every morning with breakfast for the long-term condition.",
                 status="active", turn=n + 1)
            for n in range(30)
        ]  # fmt: skip
        graph.session(date(2024, 2, 8), meds)
        yield graph


def test_profile_keeps_all_40_safety_lines_when_the_budget_overflows(crowded) -> None:
    result = answer(crowded.patient, "How is his weight?")
    text = result.profile.text
    assert "left out" in text  # the budget did cut medication lines...
    assert all(f"Allergic to substance {n:02d}: rash." in text for n in range(SUBSTANCES))


def test_reader_context_and_payload_carry_all_40_safety_facts(crowded) -> None:
    result = answer(crowded.patient, "How is his weight?")
    payload = result.to_payload()
    lines = [f"Allergic to substance {n:02d}: rash." for n in range(SUBSTANCES)]
    assert len(payload["safety"]) == SUBSTANCES and all(line in result.rendered for line in lines)


def test_drug_question_lists_every_safety_fact_in_the_answer(crowded) -> None:
    text = answer(crowded.patient, "Can I prescribe a new antibiotic?").text
    assert all(f"Allergic to substance {n:02d}: rash." in text for n in range(SUBSTANCES))


def test_web_answer_shows_safety_lines_outside_any_collapsed_panel(client, clinician) -> None:
    graph = GraphBuilder("p-web")
    graph.patient.care_team.add(clinician)
    graph.session(date(2024, 1, 8), [
        fact("safety", "penicillin", "Penicillin allergy: hives.", safety_kind="allergy"),
        fact("medication_status", "valsartan", "Valsartan 80 mg daily.", status="active", turn=2),
    ])  # fmt: skip
    client.force_login(clinician)
    with override_settings(LLM_BASE_URL=None, LLM_READER_MODEL=None):
        response = client.post(reverse("patient-ask", args=["p-web"]),
                               {"question": "Valsartan dose?"}, HTTP_HX_REQUEST="true")  # fmt: skip
    body = response.content.decode()
    safety = body.split('class="card answer-safety"')[1].split("</section>")[0]
    assert "Penicillin allergy: hives." in safety and "<details" not in safety


def test_profile_marks_a_medication_covered_by_a_class_allergy(db) -> None:
    graph = GraphBuilder("p-class")
    graph.session(date(2024, 1, 8), [
        fact("safety", "青霉素", "青霉素过敏。", safety_kind="allergy"),
        fact("medication_status", "阿莫西林", "阿莫西林 500 mg 每日三次。", status="active",
             turn=2),
    ])  # fmt: skip
    with override_settings(LLM_BASE_URL=None, LLM_READER_MODEL=None):
        text = answer(graph.patient, "现在用什么药？").profile.text
    line = next(x for x in text.splitlines() if "amoxicillin" in x and "medication" in x)
    assert "CAUTION: penicillin allergy → penicillins → amoxicillin (cross-reactive)" in line
