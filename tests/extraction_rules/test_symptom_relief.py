"""A symptom said to be gone or easing ("现在基本不痛了", "the pain is basically gone
now") is a relief of it: neither a present symptom nor a denial of ever having it."""

from __future__ import annotations

from ._helpers import one


def _course(turn: tuple[str, str]) -> tuple[str | None, str]:
    fact = one(turn, kind="symptom")
    return fact.value, fact.assertion


def test_bu_tong_le_is_a_relief() -> None:
    assert _course(("患者", "膝盖的康复训练我一直在做，现在基本不痛了。")) == ("relief", "present")


def test_bu_la_duzi_le_is_a_relief() -> None:
    assert _course(("患者", "后来就不拉肚子了。")) == ("relief", "present")


def test_toutong_hao_le_is_a_relief() -> None:
    assert _course(("患者", "头痛好了。")) == ("relief", "present")


def test_the_pain_is_basically_gone_now_is_a_relief() -> None:
    assert _course(("Patient", "The pain is basically gone now.")) == ("relief", "present")


def test_no_more_dizziness_is_a_relief_not_a_denial() -> None:
    turn = ("Patient", "No more dizziness since the dose was lowered.")
    assert _course(turn) == ("relief", "present")


def test_not_anymore_is_a_relief_not_a_denial() -> None:
    assert _course(("Patient", "I don't get headaches anymore.")) == ("relief", "present")


def test_still_hurting_is_no_relief() -> None:
    assert _course(("患者", "膝盖还是痛。"))[0] == "onset"


def test_a_denied_symptom_stays_denied() -> None:
    assert _course(("Patient", "No headache.")) == ("onset", "negated")


def test_a_chinese_denied_symptom_stays_denied() -> None:
    assert _course(("患者", "没有头痛。")) == ("onset", "negated")
