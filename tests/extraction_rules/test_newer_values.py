"""Two values of one item in one sentence, the older then the newer: the newer one is
the reading of the visit, the older one no reading of it (issue 30, "one coherent
state per fact": an outdated value must never be shown as current).
Wording is invented; each case has a control in which the older value stands alone
or carries its own date.
"""

from __future__ import annotations

from tests.extraction_rules._helpers import facts


def _values(text: str, kind: str, speaker: str = "Doctor") -> list[tuple[str, str | None]]:
    return [(f.value, f.date) for f in facts((speaker, text), kind=kind)]


def test_a_lab_value_after_last_time_gives_way_to_todays_en() -> None:
    found = _values("Your cholesterol last time was 6.1 and today it is 5.2.", "lab_result")
    assert [v for v, _ in found] == ["5.2"]


def test_a_lab_value_after_last_time_gives_way_to_todays_zh() -> None:
    found = _values("上次总胆固醇6.1，这次是5.2。", "lab_result")
    assert [v for v, _ in found] == ["5.2"]


def test_a_value_said_first_with_today_stays_the_reading_en() -> None:
    found = _values("Cholesterol 5.2 today, 6.1 last time.", "lab_result")
    assert [v for v, _ in found] == ["5.2"]


def test_the_newer_weight_takes_the_unit_said_with_the_older_en() -> None:
    said = "My weight was 200 pounds in the spring, now I'm 191."
    weights = facts(("Patient", said), kind="vital")
    assert [(f.value, f.unit) for f in weights] == [("191", "pounds")]


def test_the_newer_weight_is_not_dated_by_the_older_zh() -> None:
    found = _values("两个月前体重90公斤，现在是85。", "vital", speaker="Patient")
    assert found == [("85", None)]


def test_an_undated_older_pressure_is_no_reading_of_the_visit_en() -> None:
    found = _values("Last time it was 152 over 96, and today it's 134 over 82.", "vital")
    assert [v for v, _ in found] == ["134/82"]


def test_an_undated_older_pressure_is_no_reading_of_the_visit_zh() -> None:
    found = _values("血压今天134/82，上次152/96。", "vital")
    assert [v for v, _ in found] == ["134/82"]


def test_a_dated_older_pressure_is_kept_under_its_own_date_en() -> None:
    found = _values("It was 152/96 in January, and today it is 134/82.", "vital")
    assert sorted(found) == [("134/82", "2024-06-03"), ("152/96", "2024-01-01")]
