"""Safety rows at their edges: same-day denials, undated and unknown-kind statements,
row order, and rows over the caller's own records (from the mutation pass)."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

from memory.domain.safety_rows import Mention, row_key, safety_rows


def said(
    name: str,
    day: int | None,
    kind: str = "allergy",
    assertion: str = "present",
    in_force: bool = True,
    session: str = "visit-1",
) -> Mention:
    return Mention(
        kind=kind,
        name=name,
        assertion=assertion,
        in_force=in_force,
        verification="unconfirmed" if in_force else "refuted",
        date=date(2024, 5, day) if day else None,
        session=session,
    )


def rows(*mentions: Mention):
    return safety_rows(list(mentions), lambda m: m)


def test_the_row_key_is_the_name_in_lower_case_with_single_spaces() -> None:
    assert row_key(said("  Penicillin   V ", 2)) == ("substance", "penicillin v")


def test_a_denial_on_the_day_the_allergy_was_stated_is_a_conflict() -> None:
    (row,) = rows(said("sulfa", 7), said("sulfa", 7, assertion="negated"))
    assert row.state == "conflicting"


def test_a_row_stated_only_as_past_is_historical() -> None:
    (row,) = rows(said("amoxicillin", 3, assertion="historical"))
    assert row.state == "historical"


def test_a_statement_of_no_known_kind_is_listed_after_the_known_kinds() -> None:
    (row,) = rows(said("latex", 3, kind=""), said("latex", 4))
    assert row.kinds == ("allergy", "")


def test_a_conflicting_row_dates_its_denial_not_a_later_statement() -> None:
    (row,) = rows(said("sulfa", 1), said("sulfa", 5, assertion="negated"), said("sulfa", 9))
    assert row.denied_on == date(2024, 5, 5)


def test_a_conflict_told_without_dates_shows_no_denial_day() -> None:
    (row,) = rows(said("sulfa", None), said("sulfa", None, assertion="negated"))
    assert row.denied_on is None


def test_a_row_whose_statements_carry_no_date_has_no_latest_day() -> None:
    (row,) = rows(said("codeine", None))
    assert row.latest is None


def test_two_statements_of_unknown_turn_in_one_session_are_two_mentions() -> None:
    (row,) = rows(said("codeine", 3), said("codeine", 3))
    assert row.mention_count == 2


def test_an_operation_only_planned_quotes_the_callers_record_of_it() -> None:
    plan = replace(said("hernia repair", 14, kind="surgical_history"), planned=True)
    (row,) = safety_rows(["record 31"], lambda _record: plan)
    assert row.latest_item == "record 31"


def test_rows_a_clinician_excluded_come_after_denied_ones() -> None:
    found = rows(said("codeine", 2, in_force=False), said("latex", 3, assertion="negated"))
    assert [r.name for r in found] == ["latex", "codeine"]


def test_of_rows_that_hold_an_allergy_comes_before_an_interaction() -> None:
    found = rows(said("aspirin", 2, kind="interaction"), said("zinc", 3))
    assert [r.name for r in found] == ["zinc", "aspirin"]
