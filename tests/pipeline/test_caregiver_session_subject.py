"""A caregiver's consultation about a relative, built by the offline rule extractor:
its session subject is the relative's even with one own remark of the caregiver,
so its raw turns never become the patient's evidence (docs/design.md §6.7)."""

from __future__ import annotations

import pytest

from memory.models import Patient
from memory.retrieval import retrieve

from .conftest import construct

pytestmark = pytest.mark.django_db

EN = (
    "Patient: My dad has gout and takes allopurinol every day.\n"
    "Doctor: How is his pain?\n"
    "Patient: Better. I am tired today."
)
ZH = "患者：我爸有痛风，每天吃别嘌醇。\n医生：他现在还疼吗？\n患者：好多了。我今天有点头疼。"


def _raw_text(question: str) -> str:
    evidence = retrieve(Patient.objects.get(external_id="p1"), question)
    return " ".join(i.text for i in evidence.items if i.role in ("source", "fallback"))


def test_caregiver_session_with_an_aside_is_the_relatives_english(add_session) -> None:
    assert construct(add_session("2024-01-10", EN)).session_subject == "family:father"


def test_caregiver_session_with_an_aside_is_the_relatives_chinese(add_session) -> None:
    assert construct(add_session("2024-01-10", ZH)).session_subject == "family:father"


def test_caregiver_session_gives_no_raw_text_to_the_patient_english(add_session) -> None:
    construct(add_session("2024-01-10", EN))
    assert "allopurinol" not in _raw_text("allopurinol gout")


def test_caregiver_session_gives_no_raw_text_to_the_patient_chinese(add_session) -> None:
    construct(add_session("2024-01-10", ZH))
    assert "别嘌醇" not in _raw_text("别嘌醇 痛风")
