"""A caregiver's hypothetical about a relative's medicine is no allergy (issue 29):
"if she has a reaction to the lisinopril, I'll hold it" plans what to do, it tells
no reaction. The control, told as having happened, is the relative's allergy.
Wording is invented.
"""

from __future__ import annotations

from tests.extraction_rules._helpers import facts

_ABOUT_MOTHER_EN = ("Patient", "I'm here about my mother, she lives with me.")
_ABOUT_MOTHER_ZH = ("Patient", "我是替我妈妈来问的，她和我住在一起。")


def _mothers(*turns: tuple[str, str]) -> dict[str, str]:
    found = facts(*turns, kind="allergy")
    return {f.entity: f.assertion for f in found if f.entity and f.subject == "family:mother"}


def test_caregivers_hypothetical_reaction_is_no_allergy_en() -> None:
    maybe = _mothers(
        _ABOUT_MOTHER_EN, ("Patient", "If she has a reaction to the lisinopril, I'll hold it.")
    )
    told = _mothers(
        _ABOUT_MOTHER_EN, ("Patient", "She had a reaction to the lisinopril, so I held it.")
    )
    assert ("present" in maybe.values(), told) == (False, {"lisinopril": "present"})


def test_caregivers_hypothetical_reaction_is_no_allergy_zh() -> None:
    maybe = _mothers(_ABOUT_MOTHER_ZH, ("Patient", "如果她吃氨氯地平过敏，我就先停掉。"))
    told = _mothers(_ABOUT_MOTHER_ZH, ("Patient", "她吃氨氯地平过敏，我就先停掉了。"))
    assert ("present" in maybe.values(), told) == (False, {"amlodipine": "present"})
