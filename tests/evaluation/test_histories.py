"""How histories and their gold are assembled from the development splits (no database)."""

from __future__ import annotations

import pytest

from memory.evaluation.gold import refers_to_someone
from memory.evaluation.histories import build_histories
from memory.evaluation.history_types import KINDS
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


@pytest.fixture(scope="module")
def twelve():
    return build_histories(12, seed=7)  # the first history with a general session naming a trap


def test_trap_items_are_never_said_in_the_general_distractor_sessions(twelve):
    from memory.evaluation import gold as g

    for h in twelve:
        said = " ".join(t.text for s in h.sessions if s.subject == "general" for t in s.turns)
        for q in h.questions:
            if q.kind == "relatives":
                assert q.gold[0].canonical not in g.entities_in(said)


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


# The opening-turn labeller of CMtMedQA relative consultations (sentences written
# for these tests): the relative who opens a clause as the person concerned decides.


def test_a_relative_with_an_age_before_the_noun_is_the_person_concerned():
    assert cmt_relation("请问，为什么我70岁的父亲最近总是头晕？") == "father"


def test_a_caregiver_bringing_the_child_for_tests_is_about_the_child():
    assert cmt_relation("医生您好，我带孩子去查血，发现他白细胞偏高。") == "child"


def test_a_relative_after_a_first_clause_about_something_else_still_decides():
    assert cmt_relation("家里经济不太好，我妈妈查出了胃癌，还能手术吗？") == "mother"


def test_what_i_noticed_about_the_baby_is_about_the_baby():
    assert cmt_relation("我发现宝宝最近老是吐奶，怎么回事？") == "child"


def test_the_speakers_own_complaint_before_a_relative_who_reports_is_the_speakers():
    assert cmt_relation("医生，我最近总感觉腰酸，老公说多喝水就好，是真的吗？") is None


def test_a_relative_who_only_reports_does_not_make_it_their_consultation():
    assert cmt_relation("老婆说我晚上打呼噜很响，这正常吗？") is None


def test_a_baby_product_question_is_about_nobody():
    assert cmt_relation("婴儿润肤油有什么作用？") is None


def test_my_baby_with_a_possessive_is_about_the_child():
    assert cmt_relation("我婴儿得了湿疹，要用什么药膏？") == "child"


def test_a_drug_class_is_no_trap_when_the_patient_names_a_member():
    from memory.evaluation.questions import _subsumes

    assert _subsumes("antibiotics", {"sulfonamide antibiotics"})


def test_a_complaint_is_no_trap_when_the_patient_names_it_located():
    from memory.evaluation.questions import _subsumes

    assert _subsumes("pain", {"knee pain"})


def test_a_general_disease_is_no_trap_when_the_patient_has_a_specific_form():
    from memory.evaluation.questions import _subsumes

    assert _subsumes("diabetes", {"type 2 diabetes"})


def test_an_unrelated_item_is_still_a_trap():
    from memory.evaluation.questions import _subsumes

    assert not _subsumes("asthma", {"knee pain", "amoxicillin"})


def test_a_relative_answered_exchange_that_never_refers_to_anyone_is_left_out():
    # "So, it is something simple?" - "Yes, probably a sinus infection": as words, the
    # speaker's own; no system could tell that a relative is speaking.
    dialogue = "Guest_family: So, it is something simple?\nDoctor: Yes, probably a sinus infection."
    assert not refers_to_someone(dialogue)


def test_a_relative_answered_exchange_saying_he_is_kept():
    dialogue = "Guest_family: He has had a fever since Monday.\nDoctor: Okay."
    assert refers_to_someone(dialogue)


def test_an_item_the_speaker_also_states_as_his_own_is_no_relatives_item():
    from memory.domain.types import Turn
    from memory.evaluation import gold as g
    from memory.evaluation.history_types import HistorySession
    from memory.evaluation.questions import relative_items

    said = "I am feeling kind of dizzy lately. This happened to my sister too."
    (dizzy,) = g.entities_in("I am feeling kind of dizzy lately.")
    turns = (Turn(1, "patient", said),)
    session = HistorySession("mts-1", "mixed", turns, relative_items=frozenset({dizzy}))
    assert dizzy not in relative_items(session)
