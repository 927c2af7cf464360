"""A past frame said after the condition ("you've had this reflux in the past",
胃炎是很多年前的事) dates it: history, not a current diagnosis (issue 30, item 3). A
return to the present after it ("and they're back now", 现在又犯了) keeps it current."""

from __future__ import annotations

import pytest

from ._helpers import facts


def _assertion(speaker: str, text: str, entity: str) -> str | None:
    found = [f for f in facts((speaker, text), kind="condition") if f.entity == entity]
    return found[0].assertion if found else None


@pytest.mark.parametrize(
    ("speaker", "past", "now", "entity"),
    [
        (
            "Doctor",
            "I see that you had some gout in the past.",
            "I see that you had some gout this week.",
            "gout",
        ),
        ("患者", "我的胃炎是很多年前的事了。", "我的胃炎是今年的事了。", "gastritis"),
    ],
)
def test_a_past_frame_said_after_the_condition_makes_it_history(
    speaker: str, past: str, now: str, entity: str
) -> None:
    assert (_assertion(speaker, past, entity), _assertion(speaker, now, entity)) == (
        "historical",
        "present",
    )


@pytest.mark.parametrize(
    ("speaker", "text", "entity"),
    [
        ("Patient", "I had some gout in the past and it is back now.", "gout"),
        ("患者", "我的胃炎是很多年前的事了，现在又犯了。", "gastritis"),
    ],
)
def test_a_return_to_the_present_keeps_the_condition_current(
    speaker: str, text: str, entity: str
) -> None:
    assert _assertion(speaker, text, entity) == "present"


def _present(speaker: str, text: str) -> list[str]:
    found = facts((speaker, text), kind="condition")
    return sorted(f.entity for f in found if f.subject == "patient" and f.assertion == "present")


@pytest.mark.parametrize(
    ("speaker", "coming", "had"),
    [
        (
            "Doctor",
            "After the operation you'll have a small scar on your knee.",
            "After the operation you had a small scar on your knee.",
        ),
        ("医生", "手术后您以后会有疤痕。", "手术后您现在有疤痕。"),
    ],
)
def test_a_consequence_still_to_come_is_not_had(speaker: str, coming: str, had: str) -> None:
    assert (_present(speaker, coming), _present(speaker, had)) == ([], ["scar"])


def test_an_obligation_said_with_will_have_keeps_the_condition() -> None:
    text = "You'll have to keep taking metformin for your diabetes."
    assert _present("Doctor", text) == ["diabetes"]
