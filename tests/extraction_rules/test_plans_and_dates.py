"""Plans (status planned) and month-name dates in extracted facts."""

from __future__ import annotations

from datetime import date

from memory.domain.types import ExtractedFact

from ._helpers import one, run

MAY_2 = date(2024, 5, 2)


def _med(*turns: tuple[str, str], entity: str | None = None) -> ExtractedFact:
    found = [
        f
        for f in run(*turns, when=MAY_2).facts
        if f.type == "medication_status" and (entity is None or f.entity == entity)
    ]
    assert found, run(*turns, when=MAY_2).facts
    return found[0]


def test_chinese_start_next_month_is_planned_with_month_date() -> None:
    fact = _med(("医生", "下个月开始吃阿托伐他汀20毫克。"))
    assert (fact.status, fact.date, fact.date_precision) == ("planned", "2024-06-01", "month")


def test_chinese_plan_keeps_dose() -> None:
    fact = _med(("医生", "下个月开始吃阿托伐他汀20毫克。"))
    assert (fact.value, fact.unit) == ("20", "毫克")


def test_chinese_already_started_is_active() -> None:
    assert _med(("患者", "我已经开始吃阿托伐他汀了。")).status == "active"


def test_recommend_adding_for_relative_in_context_is_relatives_plan() -> None:
    fact = _med(
        ("患者", "我爸有高血压，在吃缬沙坦。"),
        ("医生", "建议他加用氨氯地平5毫克。"),
        entity="amlodipine",
    )
    assert (fact.subject, fact.status, fact.value) == ("family:father", "planned", "5")


def test_like_to_start_you_on_is_planned_and_present() -> None:
    fact = _med(("Doctor", "I'd like to start you on atorvastatin 20 mg."))
    assert (fact.status, fact.assertion) == ("planned", "present")


def test_going_to_prescribe_is_planned() -> None:
    assert _med(("Doctor", "I'm going to prescribe metformin 500 mg.")).status == "planned"


def test_consider_starting_is_planned() -> None:
    assert _med(("Doctor", "We could consider starting aspirin.")).status == "planned"


def test_start_tomorrow_is_planned() -> None:
    assert _med(("Patient", "I will start the metformin tomorrow.")).status == "planned"


def test_i_started_is_active() -> None:
    assert _med(("Patient", "I started metformin last week.")).status == "active"


def test_back_in_september_dates_the_start() -> None:
    fact = _med(("Patient", "I started metformin back in September."))
    assert (fact.date, fact.date_precision) == ("2023-09-01", "month")


def test_chinese_last_year_month_dates_the_start() -> None:
    fact = _med(("患者", "去年9月份开始吃二甲双胍。"))
    assert (fact.date, fact.date_precision) == ("2023-09-01", "month")


def test_chinese_this_year_month_dates_the_start() -> None:
    fact = _med(("患者", "今年3月开始吃二甲双胍。"))
    assert (fact.date, fact.date_precision) == ("2024-03-01", "month")


def test_month_date_on_condition() -> None:
    fact = one(("Patient", "I was diagnosed with diabetes in March of 2022."), kind="condition")
    assert (fact.date, fact.date_precision) == ("2022-03-01", "month")
