"""The doctor turning from the relative to the caregiver himself ("And how are you doing
with ...?", 您自己呢) makes the caregiver's answer and the doctor's reply his own, until a
relative is spoken of again. Dialogues written for these tests (no dataset record).
"""

from __future__ import annotations

from ._helpers import run


def _subject(*turns: tuple[str, str], entity: str) -> set[str]:
    return {f.subject for f in run(*turns).facts if f.entity == entity}


def test_reply_after_and_how_are_you_is_the_caregivers_english() -> None:
    found = _subject(
        (
            "Patient",
            "An update on my dad: his potassium was high, so they stopped his spironolactone.",
        ),
        ("Doctor", "Good. And how are you doing with the lisinopril?"),
        ("Patient", "My cough is a bit annoying at night."),
        ("Doctor", "That cough is a known effect. We can keep the lisinopril at 10 mg for now."),
        entity="lisinopril",
    )
    assert found == {"patient"}


def test_reply_after_nin_ziji_ne_is_the_caregivers_chinese() -> None:
    found = _subject(
        ("患者", "我爸最近血钾高，心内科把螺内酯停了。"),
        ("医生", "那您自己呢？赖诺普利吃着怎么样？"),
        ("患者", "晚上有点干咳。"),
        ("医生", "干咳是常见反应，赖诺普利先继续吃，每天10毫克。"),
        entity="lisinopril",
    )
    assert found == {"patient"}


def test_relative_spoken_of_again_ends_the_turn_english() -> None:
    found = _subject(
        ("Patient", "My son has had an ear infection since Monday."),
        ("Doctor", "And how are you holding up?"),
        ("Patient", "Tired. He still cries at night."),
        ("Doctor", "Keep the amoxicillin twice a day for seven days."),
        entity="amoxicillin",
    )
    assert found == {"family:son"}


def test_relative_spoken_of_again_ends_the_turn_chinese() -> None:
    found = _subject(
        ("患者", "我儿子中耳炎，周一开始的。"),
        ("医生", "那您呢？"),
        ("患者", "我还好。他晚上还是哭。"),
        ("医生", "阿莫西林继续吃，一天两次，吃满七天。"),
        entity="amoxicillin",
    )
    assert found == {"family:son"}


def test_asking_about_the_caregivers_care_is_no_turn_english() -> None:
    found = _subject(
        ("Patient", "My son has had an ear infection since Monday."),
        ("Doctor", "And how are you giving him the drops?"),
        ("Patient", "Twice a day, like the pharmacist said."),
        ("Doctor", "Keep the amoxicillin twice a day for seven days."),
        entity="amoxicillin",
    )
    assert found == {"family:son"}
