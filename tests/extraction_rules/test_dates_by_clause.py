"""Each operation of a list keeps the date of its own clause (DESIGN §4: relative and
absolute dates are resolved per fact; a safety item dated with its neighbour's year
misleads a surgeon). Wording is invented."""

from __future__ import annotations

from tests.extraction_rules._helpers import facts


def _dates(speaker: str, sentence: str) -> dict[str, str | None]:
    found = facts((speaker, sentence), kind="surgical_history")
    return {f.entity: f.date for f in found if f.entity}


def test_each_operation_takes_the_year_of_its_own_clause_en() -> None:
    found = _dates(
        "Patient", "I had my gallbladder removed in 2005, my appendix taken out in 2011."
    )
    assert found == {"cholecystectomy": "2005-01-01", "appendectomy": "2011-01-01"}


def test_a_spoken_year_stays_in_its_own_clause_en() -> None:
    found = _dates(
        "Patient", "I had my gallbladder removed in 2005, my appendix out in twenty eleven."
    )
    assert found == {"cholecystectomy": "2005-01-01", "appendectomy": "2011-01-01"}


def test_a_year_said_before_the_comma_dates_the_clause_after_it_en() -> None:
    assert _dates("Patient", "In 2011, I had my appendix out.") == {"appendectomy": "2011-01-01"}


def test_each_operation_takes_the_year_of_its_own_clause_zh() -> None:
    found = _dates("Patient", "我2005年做了胆囊切除术，2011年做了阑尾切除术。")
    assert found == {"cholecystectomy": "2005-01-01", "appendectomy": "2011-01-01"}
