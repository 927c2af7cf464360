"""People outside the relation table (issue 29): a friend's, a coworker's, a
neighbour's fact is theirs (other:<label>), never the patient's nor a relative's.

Wording is invented, in English and Chinese.
"""

from __future__ import annotations

from tests.extraction_rules._helpers import facts


def _subjects(*turns: tuple[str, str], kind: str) -> dict[str, str]:
    """entity -> subject of the facts of that kind."""
    return {f.entity: f.subject for f in facts(*turns, kind=kind) if f.entity}


def test_neighbours_allergy_is_the_neighbours_en() -> None:
    found = _subjects(("Patient", "My neighbour is allergic to penicillin."), kind="allergy")
    assert found == {"penicillin": "other:neighbor"}


def test_neighbours_allergy_is_the_neighbours_zh() -> None:
    found = _subjects(("Patient", "我邻居对青霉素过敏。"), kind="allergy")
    assert found == {"penicillin": "other:neighbor"}


def test_own_allergy_said_the_same_way_is_the_patients_en() -> None:
    found = _subjects(("Patient", "Myself, I am allergic to penicillin."), kind="allergy")
    assert found == {"penicillin": "patient"}


def test_guy_at_work_with_a_heart_attack_is_a_colleague_en() -> None:
    found = _subjects(("Patient", "A guy at work had a heart attack in March."), kind="condition")
    assert found == {"myocardial infarction": "other:colleague"}


def test_coworkers_heart_attack_is_the_coworkers_zh() -> None:
    found = _subjects(("Patient", "我同事三月份得了心梗。"), kind="condition")
    assert found == {"myocardial infarction": "other:colleague"}


def test_friends_medicine_is_the_friends_en() -> None:
    found = _subjects(
        ("Patient", "My friend takes metformin every morning."), kind="medication_status"
    )
    assert found == {"metformin": "other:friend"}


def test_friends_medicine_is_the_friends_zh() -> None:
    found = _subjects(("Patient", "我朋友每天早上吃二甲双胍。"), kind="medication_status")
    assert found == {"metformin": "other:friend"}


def test_roommate_named_before_a_pronoun_owns_its_fact_en() -> None:
    found = _subjects(
        ("Patient", "My roommate has asthma. She uses an albuterol inhaler."),
        kind="medication_status",
    )
    assert found == {"albuterol": "other:roommate"}


def test_patients_own_clause_after_a_friends_stays_the_patients_en() -> None:
    found = _subjects(("Patient", "My friend has diabetes, and I have asthma."), kind="condition")
    assert found == {"diabetes": "other:friend", "asthma": "patient"}


def test_friend_after_with_owns_nothing_en() -> None:
    found = _subjects(
        ("Patient", "I went with my friend and took ibuprofen for the pain."),
        kind="medication_status",
    )
    assert found == {"ibuprofen": "patient"}


def test_friend_after_with_owns_nothing_zh() -> None:
    found = _subjects(("Patient", "我陪朋友去医院，自己也吃了布洛芬。"), kind="medication_status")
    assert found == {"ibuprofen": "patient"}


def test_boyfriend_is_a_partner_not_a_friend_zh() -> None:
    found = _subjects(("Patient", "我男朋友有高血压。"), kind="condition")
    assert found == {"hypertension": "family:spouse"}


def test_friend_said_to_the_listener_names_no_one_en() -> None:
    found = _subjects(
        ("Doctor", "Keep taking the amlodipine, my friend."), kind="medication_status"
    )
    assert found == {"amlodipine": "patient"}


def test_speaker_turns_back_to_himself_after_a_contrast_en() -> None:
    found = _subjects(
        ("Patient", "I have a roommate with asthma, but take no inhaler like albuterol."),
        kind="medication_status",
    )
    assert found == {"albuterol": "patient"}


def test_friend_goes_on_after_a_contrast_when_he_is_the_subject_en() -> None:
    found = _subjects(
        ("Patient", "My roommate has asthma, but uses albuterol only rarely."),
        kind="medication_status",
    )
    assert found == {"albuterol": "other:roommate"}


def test_friend_with_asthma_and_speakers_own_clause_after_but_zh() -> None:
    found = _subjects(("Patient", "我朋友有哮喘，但是我有高血压。"), kind="condition")
    assert found == {"asthma": "other:friend", "hypertension": "patient"}


def test_pronoun_in_a_later_turn_is_not_the_friend_en() -> None:
    found = _subjects(
        ("Patient", "My friend has asthma."),
        ("Doctor", "Okay."),
        ("Doctor", "On exam, his lungs show wheezing, so he needs albuterol."),
        kind="medication_status",
    )
    assert found == {"albuterol": "patient"}
