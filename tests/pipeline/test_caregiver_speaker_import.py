"""A transcript whose caregiver is marked ("Caregiver:", 家属：) is stored with that
speaker and built by the rule extractor: the caregiver's he/she is the patient, and
his own first-person health is never the patient's (issue 29, item 7)."""

from __future__ import annotations

import pytest

from memory.models import Fact

from .conftest import construct

pytestmark = pytest.mark.django_db

EN = (
    "Doctor: How has he been since the last visit?\n"
    "Caregiver: He still gets short of breath on the stairs.\n"
    "Caregiver: I have hypertension myself, so I watch his salt."
)
ZH = "医生：他最近怎么样？\n家属：他上楼还是气短。\n家属：我自己也有高血压，所以盯着他少吃盐。"


def _subjects(session_pk: int, entity: str) -> set[str]:
    facts = Fact.objects.filter(session_id=session_pk, entity__name=entity)
    return {f.subject.key for f in facts}


def test_caregiver_turns_are_stored_with_the_caregiver_speaker(add_session) -> None:
    session = add_session("2024-02-01", EN)
    assert session.turns.get(index=2).speaker == "caregiver"


def test_jiashu_turns_are_stored_with_the_caregiver_speaker_chinese(add_session) -> None:
    session = add_session("2024-02-01", ZH)
    assert session.turns.get(index=2).speaker == "caregiver"


def test_caregivers_he_is_the_patients_english(add_session) -> None:
    session = construct(add_session("2024-02-01", EN))
    assert _subjects(session.pk, "short of breath") == {"patient"}


def test_caregivers_own_hypertension_is_not_the_patients_english(add_session) -> None:
    session = construct(add_session("2024-02-01", EN))
    assert _subjects(session.pk, "hypertension") == {"other:caregiver"}


def test_caregivers_own_hypertension_is_not_the_patients_chinese(add_session) -> None:
    session = construct(add_session("2024-02-01", ZH))
    assert _subjects(session.pk, "hypertension") == {"other:caregiver"}
