"""Stress variants (memory.evaluation.variants): mechanical rewrites whose gold is known."""

from __future__ import annotations

from memory.domain.types import Turn
from memory.evaluation.variants import swapped_tags, they_session, zh_caregiver


def _turns(*pairs: tuple[str, str]) -> tuple[Turn, ...]:
    return tuple(Turn(i + 1, s, t) for i, (s, t) in enumerate(pairs))


def test_they_session_names_the_relative_once_then_says_they() -> None:
    out = they_session(
        _turns(("patient", "I have a cough."), ("patient", "My chest hurts when I cough."))
    )
    assert (out[0].text[:8], out[1].text) == ("My child", "Their chest hurts when they cough.")


def test_they_session_makes_the_doctors_you_the_listeners_child() -> None:
    out = they_session(_turns(("patient", "I have a cough."), ("doctor", "Do you smoke?")))
    assert "your child" in out[1].text


def test_zh_caregiver_names_the_father_once_then_says_ta() -> None:
    out = zh_caregiver(_turns(("patient", "我最近头晕，我的血压高。")), "m", True)
    assert out[0].text == "我爸最近头晕，他的血压高。"


def test_zh_caregiver_never_named_keeps_women() -> None:
    out = zh_caregiver(_turns(("patient", "我们家我最疼。")), "f", False)
    assert out[0].text == "我们家她最疼。"


def test_swapped_tags_exchange_doctor_and_patient() -> None:
    out = swapped_tags(_turns(("doctor", "Any pain?"), ("patient", "No."), ("other", "Hi.")))
    assert [t.speaker for t in out] == ["patient", "doctor", "other"]
