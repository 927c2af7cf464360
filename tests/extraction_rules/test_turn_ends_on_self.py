"""A caregiver's turn that speaks of the relative and then sets his own body apart
("I'll remind him. Second, my own numbers: ...", 他的我会提醒。我自己的血压…) ends on himself:
the doctor's next "you" is the caregiver's. A turn that names both in one breath
("他血压高，我也有点高") still leaves "you" to the relative. Dialogues written for these
tests (no dataset record).
"""

from __future__ import annotations

from ._helpers import run


def _subject(*turns: tuple[str, str], entity: str) -> set[str]:
    return {f.subject for f in run(*turns).facts if f.entity == entity}


def test_my_own_after_the_relative_makes_the_doctors_you_the_caregivers_english() -> None:
    found = _subject(
        ("Patient", "First my daughter: she had a bad eczema flare after the swimming lessons."),
        ("Doctor", "Keep the hydrocortisone cream on her twice a day for a week."),
        ("Patient", "I'll tell her. Second, my own numbers: my pressure is fine lately."),
        ("Doctor", "Good. So you're on lisinopril 10 mg once a day."),
        entity="lisinopril",
    )
    assert found == {"patient"}


def test_my_own_after_the_relative_makes_the_doctors_you_the_caregivers_chinese() -> None:
    found = _subject(
        ("患者", "先说我女儿：她游泳以后湿疹又发了。"),
        ("医生", "氢化可的松乳膏给她一天两次，用一周。"),
        ("患者", "好的，我会跟她说。再说我自己的情况：最近血压还可以。"),
        ("医生", "好。那您赖诺普利还是每天10毫克。"),
        entity="lisinopril",
    )
    assert found == {"patient"}


def test_the_caregivers_next_unmarked_turn_stays_his_own() -> None:
    found = _subject(
        ("Patient", "First my daughter: she had a bad eczema flare after the swimming lessons."),
        ("Doctor", "Keep the hydrocortisone cream on her twice a day for a week."),
        ("Patient", "I'll tell her. Second, my own numbers: my pressure is fine lately."),
        ("Doctor", "Good. Any side effects?"),
        ("Patient", "No muscle pain from the atorvastatin."),
        entity="atorvastatin",
    )
    assert found == {"patient"}


def test_me_too_beside_the_relative_leaves_you_to_the_relative() -> None:
    found = _subject(
        ("Patient", "My mother's blood pressure is high. Me too, a little."),
        ("Doctor", "So you're on amlodipine 5 mg once a day."),
        entity="amlodipine",
    )
    assert found == {"family:mother"}


def test_and_my_own_after_the_relative_is_the_caregivers() -> None:
    found = _subject(
        ("Patient", "My mother is more forgetful. And my own pressure is up."),
        ("Doctor", "Let's increase your lisinopril to 20 mg."),
        entity="lisinopril",
    )
    assert found == {"patient"}
