"""The reader's profile marks a medication by the conflict-alert rule, naming the path."""

from __future__ import annotations

from datetime import date

import pytest

from memory.reading.profile import render_profile
from tests.retrieval.graph import GraphBuilder, fact

pytestmark = pytest.mark.django_db


def _medication_line(allergen: str, said: str, status: str = "active") -> str:
    graph = GraphBuilder("p-caution")
    graph.session(date(2024, 2, 5), [
        fact("safety", allergen, said, safety_kind="allergy"),
        fact("medication_status", "amoxicillin", "Amoxicillin 500 mg three times a day.",
             status=status, turn=2),
    ])  # fmt: skip
    text = render_profile(graph.patient).text
    return next(x for x in text.splitlines() if "medication amoxicillin" in x)


def test_a_penicillin_allergy_marks_amoxicillin_with_the_path():
    line = _medication_line("penicillin", "Penicillin brings me out in hives.")
    assert "CAUTION: penicillin allergy → penicillins → amoxicillin" in line


def test_a_class_word_allergy_marks_no_medication():
    line = _medication_line("antibiotics", "Antibiotics bring me out in hives.")
    assert "CAUTION" not in line


def test_a_planned_drug_carries_no_caution():
    line = _medication_line("penicillin", "Penicillin brings me out in hives.", "planned")
    assert "CAUTION" not in line
