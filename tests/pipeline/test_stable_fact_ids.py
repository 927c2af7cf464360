"""Fact ids survive a reconstruct (issue 33 item 7): a fact that re-extracts to the same
item in the same session keeps its id, so the ids and ETags clients hold stay valid."""

from __future__ import annotations

import pytest

from memory.actions.imports import store_sessions
from memory.actions.sessions import do_queue_sessions
from memory.importing import parse_text
from memory.models import Fact, Session
from memory.pipeline.construction import construct_pending

pytestmark = pytest.mark.django_db
VISITS = (
    "Date: 2024-01-05\nPatient: I take lisinopril 10 mg every morning. I am allergic to "
    "penicillin, it gives me hives.\nDoctor: Your blood pressure today is 150/95.\n",
    "Date: 2024-03-02\nPatient: Still on lisinopril 10 mg daily.\n"
    "Doctor: Let us raise lisinopril to 20 mg.\n",
    "Date: 2024-05-10\n病人：我对青霉素过敏。我每天吃阿司匹林一百毫克。\n"
    "医生：今天血压一百四十比九十。\n",
)


def build(pid: str = "p-stable") -> list[int]:
    ids: list[int] = []
    for n, text in enumerate(VISITS):
        ids += store_sessions(parse_text(text, f"v{n}.txt", patient_id=pid)).stored_ids
    construct_pending(ids[-1])
    return ids


def facts_of(pid: str = "p-stable") -> dict[int, tuple]:
    rows = Fact.objects.filter(patient__external_id=pid)
    return {f.pk: (f.session_id, f.extraction_key, f.version) for f in rows}


def reconstruct(session_ids: list[int]) -> None:
    do_queue_sessions(session_ids)
    construct_pending(session_ids[-1])


def test_reconstructing_unchanged_sessions_keeps_every_fact_id() -> None:
    sessions = build()
    before = facts_of()
    reconstruct(sessions)
    assert before and facts_of() == before


def test_a_fact_reextracted_as_another_item_does_not_take_an_old_id() -> None:
    sessions = build()
    before = set(facts_of())
    first = Session.objects.get(pk=sessions[0])
    changed = VISITS[0].replace("lisinopril 10 mg", "amlodipine 5 mg")
    store_sessions(parse_text(changed, "v0.txt", patient_id="p-stable"), replace=True)
    construct_pending(first.pk)
    amlodipine = set(
        Fact.objects.filter(session=first, entity__name="amlodipine").values_list("pk", flat=True)
    )
    assert amlodipine and not amlodipine & before


DOSE_STEP = (
    "Date: 2024-02-01\nPatient: I take amlodipine 5 mg every day.\n",
    "Date: 2024-04-01\nDoctor: I suggest we lower amlodipine from 5 mg to 2.5 mg daily.\n"
    "医生：我建议把氨氯地平从5毫克减到2.5毫克，每天一次。\n",
)


def test_a_dose_step_keeps_its_fact_ids_across_a_reconstruct() -> None:
    """ "From 5 mg to 2.5 mg" gives two items of one key; the rebuild folds one of them
    into the earlier 5 mg record, and must fold the same one after a reconstruct."""
    ids: list[int] = []
    for n, text in enumerate(DOSE_STEP):
        parsed = parse_text(text, f"d{n}.txt", patient_id="p-step")
        ids += store_sessions(parsed).stored_ids
    construct_pending(ids[-1])
    before = facts_of("p-step")
    reconstruct(ids)
    assert before and facts_of("p-step") == before
