"""Of one day's readings, the visit's own measurement is the day's reading of record:
"the blood pressure at the last visit" is the one measured there, not the home
average told at it (issue 30 item 5)."""

from __future__ import annotations

from datetime import date

from memory.domain.anchors import anchor
from memory.domain.chains import ChainMember

VISIT = date(2025, 3, 10)


def reading(fact_id: int, value: str, day: date, setting: str | None) -> ChainMember:
    slots = {"systolic": int(value.split("/")[0]), "diastolic": int(value.split("/")[1])}
    if setting:
        slots["setting"] = setting
    return ChainMember(
        fact_id=fact_id,
        fact_type="vital",
        status=None,
        content=f"blood pressure {value}",
        event_date=day,
        session_date=day,
        position=fact_id - 1,
        value=value,
        slots=slots,
    )


def test_office_reading_of_the_day_anchors_before_a_later_home_average() -> None:
    chain = [reading(1, "158/96", VISIT, "office"), reading(2, "142/90", VISIT, "home")]
    assert anchor(chain).member.fact_id == 1


def test_without_an_office_reading_the_later_inserted_reading_of_the_day_anchors() -> None:
    chain = [reading(1, "158/96", VISIT, None), reading(2, "142/90", VISIT, "home")]
    assert anchor(chain).member.fact_id == 2


def test_an_office_reading_of_an_earlier_day_never_outranks_a_later_day() -> None:
    chain = [reading(1, "158/96", date(2025, 1, 6), "office"), reading(2, "142/90", VISIT, "home")]
    assert anchor(chain).member.fact_id == 2
