"""The safety section of the profile (domain.render.safety_row_lines / profile_text):
one row per substance, what the row adds to its latest statement, every earlier
statement indented beneath it, and what is printed when there are no rows (from the
mutation pass over render)."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

from memory.domain.evidence import FactView, PendingSession, ProfileData
from memory.domain.render import profile_text, row_marks, safety_row_lines
from memory.domain.safety_rows import SafetyRow

EARLY = FactView(
    fact_id=1, session_id="visit-1", subject="patient", fact_type="safety",
    entity="aspirin", content="Aspirin gives me a blotchy rash", safety_kind="allergy",
    date=date(2025, 1, 4),
)  # fmt: skip
LATE = replace(EARLY, fact_id=2, session_id="visit-2", content="阿司匹林吃了起疹子",
               date=date(2025, 2, 8))  # fmt: skip
EARLY_LINE = "2025-01-04 allergy aspirin: Aspirin gives me a blotchy rash (session visit-1)"
LATE_LINE = "2025-02-08 allergy aspirin: 阿司匹林吃了起疹子"


def row(*items: FactView, **changes: object) -> SafetyRow[FactView]:
    base = SafetyRow(
        group="substance", name="aspirin", kinds=("allergy",), state="present",
        mention_count=len(items), latest=items[-1].date,
        sessions=tuple(dict.fromkeys(f.session_id for f in items)), items=items,
        latest_item=items[-1], present_items=items,
    )  # fmt: skip
    return replace(base, **changes)


def safety_section(data: ProfileData) -> list[str]:
    lines = profile_text(data).splitlines()
    return lines[lines.index(next(x for x in lines if x.startswith("SAFETY"))) + 1 :]


def test_a_row_said_once_adds_no_mark() -> None:
    assert row_marks(row(EARLY)) == []


def test_a_row_said_twice_says_how_often_when_last_and_where() -> None:
    assert row_marks(row(EARLY, LATE)) == ["said 2x, latest 2025-02-08, sessions visit-1, visit-2"]


def test_a_row_of_two_kinds_names_both() -> None:
    both = row(EARLY, kinds=("allergy", "contraindication"))
    assert row_marks(both) == ["recorded as allergy and contraindication"]


def test_a_conflicting_row_gives_the_denial_day_and_says_unresolved() -> None:
    disputed = row(EARLY, state="conflicting", denied_on=date(2025, 3, 1))
    assert row_marks(disputed) == ["CONFLICTING: stated present, denied 2025-03-01; unresolved"]


def test_a_row_heads_with_its_latest_statement_and_its_marks() -> None:
    head = safety_row_lines(row(EARLY, LATE))[0]
    assert head == f"- {LATE_LINE} [said 2x, latest 2025-02-08, sessions visit-1, visit-2] " \
        "(session visit-2)"  # fmt: skip


def test_each_earlier_statement_is_indented_under_the_row() -> None:
    assert safety_row_lines(row(EARLY, LATE))[1:] == [f"    · {EARLY_LINE}"]


def test_a_row_said_once_is_one_line() -> None:
    assert safety_row_lines(row(EARLY)) == [f"- {EARLY_LINE}"]


def test_the_profile_lists_every_rows_lines_in_row_order() -> None:
    ibuprofen = replace(EARLY, fact_id=3, entity="ibuprofen", content="Ibuprofen swells my lips")
    rows = (row(EARLY, LATE), row(ibuprofen, name="ibuprofen"))
    data = ProfileData(cutoff=None, at=None, safety=(EARLY, LATE, ibuprofen), safety_rows=rows)
    assert safety_section(data) == [
        *safety_row_lines(rows[0]),
        "- 2025-01-04 allergy ibuprofen: Ibuprofen swells my lips (session visit-1)",
    ]


def test_safety_facts_without_rows_are_listed_one_line_each() -> None:
    data = ProfileData(cutoff=None, at=None, safety=(EARLY, LATE))
    assert safety_section(data) == [f"- {EARLY_LINE}", f"- {LATE_LINE} (session visit-2)"]


def test_no_safety_fact_reads_none_recorded() -> None:
    assert safety_section(ProfileData(cutoff=None, at=None)) == ["- none recorded"]


def test_none_recorded_is_qualified_while_a_session_is_not_in_memory() -> None:
    data = ProfileData(cutoff=None, at=None, pending=(PendingSession("visit-9", "failed"),))
    assert safety_section(data) == [
        "- none recorded (only among the sessions in memory: 1 session(s) not in memory, see above)"
    ]
