"""Every blood-pressure reading said in a visit is a record of that visit, with where
it was taken (issue 30 item 5). Invented wording, English and Chinese."""

from __future__ import annotations

import pytest

from ._helpers import facts


def _pressures(*turns: tuple[str, str]) -> list[str]:
    return [f.value or "" for f in facts(*turns, kind="vital") if f.entity == "blood pressure"]


def _settings(*turns: tuple[str, str]) -> list[object]:
    found = facts(*turns, kind="vital")
    return [f.slots.get("setting") for f in found if f.entity == "blood pressure"]


@pytest.mark.parametrize(
    "text",
    ["Today in the office you're at 158/96.", "今天诊室量的是158/96。"],
)
def test_a_bare_pair_is_a_blood_pressure(text: str) -> None:
    assert _pressures(("doctor", text)) == ["158/96"]


@pytest.mark.parametrize(
    "text",
    [
        "At home it runs about 148/94, and the highest was 151/97.",
        "在家量一般148/94，最高一次151/97。",
    ],
)
def test_two_pairs_in_one_sentence_are_two_readings(text: str) -> None:
    assert _pressures(("patient", text)) == ["148/94", "151/97"]


@pytest.mark.parametrize(
    ("goal", "reading"),
    [
        ("We want you under 130/80 from now on.", "We see you at 130/80 from now on."),
        ("目标是控制在130/80，慢慢来。", "今天量是130/80，慢慢来。"),
    ],
)
def test_a_goal_pair_is_no_reading(goal: str, reading: str) -> None:
    assert (_pressures(("doctor", goal)), _pressures(("doctor", reading))) == ([], ["130/80"])


@pytest.mark.parametrize(
    ("change", "bare"),
    [
        ("It came down from 162/100 to 138/86.", "It came down, 162/100 and 138/86."),
        ("从162/100降到138/86了。", "先是162/100，后来138/86了。"),
    ],
)
def test_the_older_value_of_a_change_is_no_reading_of_today(change: str, bare: str) -> None:
    assert (_pressures(("patient", change)), _pressures(("patient", bare))) == (
        ["138/86"],
        ["162/100", "138/86"],
    )


@pytest.mark.parametrize(
    ("dose", "reading"),
    [
        (
            "The pharmacy gave me 160/90 tablets by mistake.",
            "The pharmacy gave me 160/90 by mistake.",
        ),
        ("药房给的是160/90片。", "药房量的是160/90。"),
    ],
)
def test_a_pair_followed_by_another_unit_is_no_pressure(dose: str, reading: str) -> None:
    assert (_pressures(("patient", dose)), _pressures(("patient", reading))) == ([], ["160/90"])


@pytest.mark.parametrize("text", ["My home readings are around 144/91.", "在家自己量大概144/91。"])
def test_a_home_reading_is_marked_home(text: str) -> None:
    assert _settings(("patient", text)) == ["home"]


@pytest.mark.parametrize("text", ["In the clinic it is 152/95.", "门诊测的是152/95。"])
def test_a_reading_measured_at_the_visit_is_marked_office(text: str) -> None:
    assert _settings(("doctor", text)) == ["office"]


@pytest.mark.parametrize(("speaker", "expected"), [("doctor", ["office"]), ("patient", [None])])
def test_the_doctor_telling_todays_reading_measured_it_at_the_visit(
    speaker: str, expected: list[object]
) -> None:
    assert _settings((speaker, "Your blood pressure today is 149/93.")) == expected


def test_a_home_question_makes_its_answer_a_home_reading() -> None:
    turns = (("doctor", "在家量过血压吗？"), ("patient", "量过，差不多146/92。"))
    assert _settings(*turns) == ["home"]
