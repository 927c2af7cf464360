"""Fact content is one sentence keeping its numbers, cut to ~200 characters
around the fact in long unpunctuated ASR runs (ACI-Bench style)."""

from __future__ import annotations

from memory.extraction.rules.bounded import LIMIT, bound_content

from ._helpers import one

# An ACI-Bench-like run: lower case, spaced commas, no full stop for a long while.
_FILLER = (
    "um so you know we talked about your knee and the swelling has been going on , "
    "and okay i looked at the x-ray and there is nothing broken there , alright "
)
_RUN = (
    _FILLER * 3
    + "so for your blood pressure i want to increase the lisinopril to 20 milligrams once a day , "
    + _FILLER * 3
)
_RUN_ZH = (
    "您的膝盖肿了一段时间了，我看了片子，没有骨折，" * 4
    + "二甲双胍每次500毫克，一天两次，随餐吃，"
    + "回去以后多休息，少爬楼梯，注意保暖，" * 5
)


def test_long_run_content_is_at_most_the_limit() -> None:
    fact = one(("Doctor", _RUN), kind="medication_status", entity="lisinopril")
    assert len(fact.content) <= LIMIT


def test_long_run_content_keeps_the_dose() -> None:
    fact = one(("Doctor", _RUN), kind="medication_status", entity="lisinopril")
    assert "lisinopril to 20 milligrams" in fact.content


def test_chinese_long_sentence_content_is_at_most_the_limit() -> None:
    fact = one(("医生", _RUN_ZH), kind="medication_status", entity="metformin")
    assert len(fact.content) <= LIMIT


def test_chinese_long_sentence_content_keeps_the_dose() -> None:
    fact = one(("医生", _RUN_ZH), kind="medication_status", entity="metformin")
    assert "二甲双胍每次500毫克" in fact.content


def test_short_sentence_content_is_the_whole_sentence() -> None:
    text = "I take lisinopril 10 mg every morning."
    assert one(("Patient", text), kind="medication_status").content == text


def test_window_starts_and_ends_at_whole_words() -> None:
    out = bound_content(_RUN, _RUN.index("lisinopril"), zh=False)
    assert f" {out} " in f" {_RUN} "


def test_window_drops_leading_fillers() -> None:
    out = bound_content(_RUN, _RUN.index("lisinopril"), zh=False)
    assert out.split()[0] not in ("um", "so", "and", "okay", "alright", ",")


def test_single_overlong_clause_is_cut_around_the_anchor() -> None:
    words = " ".join(f"word{i}" for i in range(80))
    text = f"{words} metformin 500 mg {words}"
    out = bound_content(text, text.index("metformin"), zh=False)
    assert len(out) <= LIMIT and "metformin 500 mg" in out
