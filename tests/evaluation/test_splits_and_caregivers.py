"""The tuning/check split and the caregiver sessions of the benchmark (no database)."""

from __future__ import annotations

import pytest

from memory.domain.types import Turn
from memory.evaluation.caregiver import follow_up_session, named_session, speaks_in_person
from memory.evaluation.histories import GENERAL_HEADER, build_histories
from memory.evaluation.sources import aci_visits, cmt_consultations
from memory.evaluation.splits import CHECK, TUNE, aci_part, halves, mts_part
from memory.extraction.rules.discourse.cues import relative_mentions

DIALOGUE = (
    Turn(1, "doctor", "Do you take any medications?"),
    Turn(2, "patient", "I have high blood pressure and I take lisinopril. My knee hurts."),
    Turn(3, "doctor", "Are you allergic to anything? I will see you next week."),
    Turn(4, "patient", "I am allergic to penicillin."),
)


@pytest.fixture(scope="module")
def histories():
    return build_histories(4, seed=7)


# --------------------------------------------------------------------------- split


def test_mts_validation_rows_are_check_records() -> None:
    assert (mts_part("t12"), mts_part("v3")) == (TUNE, CHECK)


def test_an_unknown_mts_row_id_is_rejected_by_name() -> None:
    with pytest.raises(ValueError, match="MTS-Dialog row id 'x1'"):
        mts_part("x1")


def test_aci_valid_visits_are_check_records() -> None:
    assert {v.part for v in aci_visits() if v.encounter_id.startswith("D2N0")} >= {TUNE}
    assert aci_part("valid") == CHECK


def test_halves_put_the_first_half_in_file_order_into_tuning() -> None:
    assert halves([1, 2, 3, 4, 5]) == {TUNE: [1, 2, 3], CHECK: [4, 5]}


def test_relative_consultations_are_halved_evenly() -> None:
    relative = [c for c in cmt_consultations() if c.split_relative]
    tune = [c for c in relative if c.part == TUNE]
    assert len(relative) - len(tune) <= len(tune) <= len(relative) - len(tune) + 1


def test_the_split_keeps_its_own_labelling_whatever_the_relation_labeller_says() -> None:
    # A record the better labeller newly calls a relative consultation keeps the part
    # it had as a general one: file-order halves of the split's own labelling.
    consultations = cmt_consultations()
    for about_relative in (True, False):
        kind = [c for c in consultations if c.split_relative == about_relative]
        assert [c.part for c in kind] == [TUNE] * len(halves(kind)[TUNE]) + [CHECK] * len(
            halves(kind)[CHECK]
        )
    assert any(c.relation and not c.split_relative for c in consultations)


def test_histories_alternate_parts(histories) -> None:
    assert [h.part for h in histories] == [TUNE, CHECK, TUNE, CHECK]


def test_a_check_history_shows_no_tuning_record(histories) -> None:
    tune_ids = {c.consult_id for c in cmt_consultations() if c.part == TUNE}
    for h in histories:
        if h.part != CHECK:
            continue
        for s in h.sessions:
            assert not s.source.startswith("MTS-Dialog t"), s.source
            assert not (s.external_id.startswith("cmt-") and s.external_id[4:] in tune_ids)


# --------------------------------------------------------------------------- relative sessions


def test_relative_sessions_carry_no_header_and_no_relative_speaker(histories) -> None:
    relative = [s for h in histories for s in h.sessions if s.subject == "relative"]
    assert relative
    for s in relative:
        assert s.title == ""
        assert {t.speaker for t in s.turns} <= {"patient", "doctor"}


def test_every_history_has_caregiver_sessions_named_and_never_named(histories) -> None:
    for h in histories:
        ids = [s.external_id for s in h.sessions]
        assert any(i.startswith("care-named-") for i in ids)
        assert any(i.startswith("care-follow-up-") for i in ids)


def test_general_distractors_keep_their_header(histories) -> None:
    general = [s for h in histories for s in h.sessions if s.subject == "general"]
    assert general and all(s.title == GENERAL_HEADER for s in general)


# --------------------------------------------------------------------------- derivation


def test_named_session_names_the_relative_once_then_pronouns() -> None:
    turns = named_session(DIALOGUE, "father")
    patient = " ".join(t.text for t in turns if t.speaker == "patient")
    assert patient.count("father") == 1
    assert "My father has high blood pressure and I give him lisinopril" in patient


def test_caregiver_keeps_his_first_person_where_he_gives_the_medicine() -> None:
    turns = follow_up_session((Turn(1, "patient", "I am taking metformin twice a day."),), "mother")
    assert turns[0].text == "I am giving her metformin twice a day."


def test_caregiver_keeps_his_first_person_where_he_changes_the_dose() -> None:
    said = (Turn(1, "patient", "I've increased my atenolol to 50 mg."),)
    assert follow_up_session(said, "father")[0].text == "I've increased his atenolol to 50 mg."


def test_taking_something_that_is_no_medicine_stays_the_relatives_own() -> None:
    turns = follow_up_session((Turn(1, "patient", "I take a walk every evening."),), "father")
    assert turns[0].text == "He takes a walk every evening."


def test_the_first_object_of_care_names_the_relative_in_a_named_session() -> None:
    turns = named_session((Turn(1, "patient", "I'm on insulin and my feet are numb."),), "father")
    assert turns[0].text == "I have my father on insulin and his feet are numb."


def test_doctor_says_your_father_once_after_the_caregiver_named_him() -> None:
    turns = named_session(DIALOGUE, "father")
    assert turns[0].text == "Does he take any medications?"
    assert turns[2].text == "Is your father allergic to anything? I will see him next week."


def test_follow_up_session_never_names_the_relative() -> None:
    turns = follow_up_session(DIALOGUE, "mother")
    text = " ".join(t.text for t in turns)
    assert not relative_mentions(text, zh=False)
    assert "She is allergic to penicillin." in text


def test_the_original_third_person_takes_the_relatives_gender() -> None:
    turns = follow_up_session((Turn(1, "doctor", "I see she had surgery on her back."),), "father")
    assert turns[0].text == "I see he had surgery on his back."


def test_a_dialogue_without_first_person_makes_no_caregiver_session() -> None:
    turns = (Turn(1, "doctor", "Any medications?"), Turn(2, "patient", "Metformin."))
    assert not speaks_in_person(turns)


def test_histories_of_one_part_draw_different_records() -> None:
    check = [h for h in build_histories(8, seed=7) if h.part == CHECK]
    consultations = [
        s.external_id
        for h in check
        for s in h.sessions
        if s.external_id.startswith("cmt-") and s.subject == "relative"
    ]
    assert len(consultations) == len(set(consultations)) == len(check)
