"""Speaker roles read from what each speaker does (discourse.roles), English and Chinese.

Speech recognition sometimes swaps the [doctor]/[patient] tags of a whole visit
(a known ACI-Bench defect). The dialogues here are written for these tests: the
one who takes the history, examines and prescribes is the doctor whatever his tag.
"""

from __future__ import annotations

from memory.domain.types import Turn
from memory.extraction.rules.discourse.roles import swapped_tags, with_roles_read

from ._helpers import run

_SWAPPED_EN = (
    ("patient", "Hi, so do you have any chest pain or shortness of breath?"),
    ("doctor", "I've been having chest pain when I walk, and my legs swell."),
    ("patient", "Okay. Are you taking any medications right now?"),
    ("doctor", "I take lisinopril every morning."),
    ("patient", "Do you smoke? Any allergies?"),
    ("doctor", "No. I feel tired all the time."),
    ("patient", "Let's go ahead and get an echo. I'm going to prescribe furosemide."),
    ("patient", "Take a deep breath for me. I want you to follow up in two weeks."),
    ("patient", "So for the note: he reports chest pain and he is on metoprolol."),
)
_SWAPPED_ZH = (
    ("患者", "您有没有胸闷？您需要做心电图检查。"),
    ("医生", "我最近一直胸闷，我感觉走路就喘。"),
    ("患者", "您是否在吃降压药？建议您戒烟。"),
    ("医生", "我一直在吃氨氯地平。"),
    ("患者", "您可以服用阿司匹林，需要复查血脂。"),
    ("医生", "我有点头晕，怎么办？"),
    ("患者", "记录一下：他有高血压，一直在吃美托洛尔。"),
)
_HONEST_EN = (
    ("doctor", "Do you have any chest pain? Are you taking any medications?"),
    ("patient", "I take lisinopril. Is that okay? Should I stop it? What about my diet?"),
    ("doctor", "Let's go ahead and get an echo."),
)
_HONEST_ZH = (
    ("患者", "请问我最近一直头晕怎么办？我有点担心。"),
    ("医生", "建议您测一下血压，需要做头颅CT检查。"),
)


def _turns(pairs: tuple[tuple[str, str], ...]) -> tuple[Turn, ...]:
    return tuple(Turn(i + 1, s, t) for i, (s, t) in enumerate(pairs))


def test_tagged_patient_who_takes_the_history_is_read_as_the_doctor_english() -> None:
    assert swapped_tags(_turns(_SWAPPED_EN))


def test_tagged_patient_who_prescribes_is_read_as_the_doctor_chinese() -> None:
    assert swapped_tags(_turns(_SWAPPED_ZH))


def test_patient_asking_questions_keeps_the_tags_english() -> None:
    honest, swapped = swapped_tags(_turns(_HONEST_EN)), swapped_tags(_turns(_SWAPPED_EN))
    assert (honest, swapped) == (False, True)


def test_patient_asking_what_to_do_keeps_the_tags_chinese() -> None:
    honest, swapped = swapped_tags(_turns(_HONEST_ZH)), swapped_tags(_turns(_SWAPPED_ZH))
    assert (honest, swapped) == (False, True)


def test_swapped_turns_carry_the_roles_the_words_show() -> None:
    turns = with_roles_read(_turns(_SWAPPED_EN))
    assert [t.speaker for t in turns[:2]] == ["doctor", "patient"]


def test_doctors_dictation_under_a_patient_tag_is_the_patients_drug_english() -> None:
    found = {f.subject for f in run(*_SWAPPED_EN).facts if f.entity == "metoprolol"}
    assert found == {"patient"}


def test_doctors_dictation_under_a_patient_tag_is_the_patients_drug_chinese() -> None:
    found = {f.subject for f in run(*_SWAPPED_ZH).facts if f.entity == "metoprolol"}
    assert found == {"patient"}
