"""How histories and their gold are assembled from the development splits (no database)."""

from __future__ import annotations

import pytest

from memory.evaluation.histories import KINDS, build_histories
from memory.evaluation.sources import cmt_relation, parse_dialogue


@pytest.fixture(scope="module")
def histories():
    return build_histories(3, seed=7)


def test_same_seed_builds_the_same_histories(histories):
    again = build_histories(3, seed=7)
    assert [[s.external_id for s in h.sessions] for h in again] == [
        [s.external_id for s in h.sessions] for h in histories
    ]


def test_the_core_visit_is_the_patients_last_dated_session(histories):
    for h in histories:
        dated = [s for s in h.sessions if s.day is not None]
        assert dated[-1].external_id.startswith("aci-")


def test_patient_sessions_are_dated_in_arrival_order(histories):
    for h in histories:
        days = [s.day for s in h.sessions if s.subject == "patient"]
        assert days == sorted(days)


def test_distractors_are_undated(histories):
    assert all(s.day is None for h in histories for s in h.sessions if s.subject != "patient")


def test_more_distractors_arrive_before_the_first_half_of_patient_sessions(histories):
    early = late = 0
    for h in histories:
        patient_positions = [i for i, s in enumerate(h.sessions) if s.subject == "patient"]
        middle = patient_positions[len(patient_positions) // 2]
        for i, s in enumerate(h.sessions):
            if s.subject != "patient":
                early += i < middle
                late += i >= middle
    assert early > late


def test_every_question_has_a_known_kind_and_gold(histories):
    assert all(q.kind in KINDS and q.gold for h in histories for q in h.questions)


def test_trap_items_are_never_said_in_the_patients_own_sessions(histories):
    from memory.evaluation import gold as g

    for h in histories:
        own = " ".join(t.text for s in h.sessions if s.subject == "patient" for t in s.turns)
        for q in h.questions:
            if q.kind == "relatives":
                assert q.gold[0].canonical not in g.entities_in(own)


def test_safety_questions_do_not_name_what_they_depend_on(histories):
    for h in histories:
        for q in h.questions:
            if q.kind == "safety":
                assert "allerg" not in q.text.lower() and "surg" not in q.text.lower()


def test_empty_turns_are_dropped():
    turns = parse_dialogue("[doctor] hello\n[patient]\n[doctor] any pain ?")
    assert [t.text for t in turns] == ["hello", "any pain ?"]


def test_a_consultation_opening_with_my_father_is_about_the_father():
    assert cmt_relation("医生，我爸爸晚上睡觉总是打呼噜") == "father"


def test_a_first_person_consultation_is_not_about_a_relative():
    assert cmt_relation("医生，我最近胃疼，还有点恶心") is None
