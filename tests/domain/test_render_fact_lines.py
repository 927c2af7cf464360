"""One fact as the reader sees it (domain.render.fact_line): the date, the kind, the
item, its status, the dose or reading it states, whose it is, the quote, every mark,
and the session to cite. A wrong word on this line misleads a clinician, so each test
pins the whole line (from the mutation pass over render)."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

import pytest

from memory.domain.evidence import FactView
from memory.domain.render import fact_line, fact_marks

ASTHMA = FactView(
    fact_id=1, session_id="visit-a", subject="patient", fact_type="condition",
    entity="asthma", content="Wheezy on frosty mornings", date=date(2025, 3, 9),
)  # fmt: skip
TAIL = ": Wheezy on frosty mornings (session visit-a)"


def line(**changes: object) -> str:
    return fact_line(replace(ASTHMA, **changes))


def test_a_plain_fact_reads_date_kind_item_quote_and_session() -> None:
    assert fact_line(ASTHMA) == "2025-03-09 condition asthma" + TAIL


@pytest.mark.parametrize(
    ("fact_type", "label"),
    [
        ("medication_status", "medication"),
        ("condition", "condition"),
        ("lab_result", "lab"),
        ("vital", "vital"),
        ("symptom", "symptom"),
        ("safety", "safety"),
        ("preference", "preference"),
        ("event", "event"),
        ("family_history", "family_history"),  # a type with no label is shown as it is
    ],
)
def test_each_fact_type_is_shown_under_its_label(fact_type: str, label: str) -> None:
    assert line(fact_type=fact_type) == f"2025-03-09 {label} asthma" + TAIL


def test_a_safety_fact_is_shown_under_its_safety_kind() -> None:
    kind = line(fact_type="safety", safety_kind="contraindication", entity="ibuprofen")
    assert kind == "2025-03-09 contraindication ibuprofen" + TAIL


def test_an_undated_fact_says_undated() -> None:
    assert line(date=None) == "undated condition asthma" + TAIL


def test_a_fact_naming_no_item_goes_straight_from_kind_to_quote() -> None:
    assert line(entity="") == "2025-03-09 condition" + TAIL


def test_a_status_follows_the_item_in_brackets() -> None:
    assert line(status="resolved") == "2025-03-09 condition asthma (resolved)" + TAIL


def test_a_relatives_fact_names_whose_it_is() -> None:
    assert (
        line(subject="family:mother")
        == "2025-03-09 condition asthma <subject family:mother>" + TAIL
    )


def test_a_chinese_quote_is_shown_as_said() -> None:
    chinese = line(entity="哮喘", content="天一冷就喘不上气")
    assert chinese == "2025-03-09 condition 哮喘: 天一冷就喘不上气 (session visit-a)"


def test_extra_labels_come_first_then_the_facts_own_marks() -> None:
    marked = fact_line(replace(ASTHMA, assertion="historical"), ("matched", "current"))
    assert marked == "2025-03-09 condition asthma: Wheezy on frosty mornings " \
        "[matched; current; historical] (session visit-a)"  # fmt: skip


# --- the dose or reading the record states ------------------------------------------

METFORMIN = replace(
    ASTHMA, fact_type="medication_status", entity="metformin", status="active",
    content="I take my sugar tablets with breakfast and supper",
)  # fmt: skip
DOSE_TAIL = ": I take my sugar tablets with breakfast and supper (session visit-a)"
FULL_DOSE = {"value": "500", "unit": "mg", "frequency": "twice daily", "route": "oral"}


def test_a_medication_line_states_dose_unit_frequency_and_route() -> None:
    dosed = fact_line(replace(METFORMIN, slots=FULL_DOSE))
    assert dosed == "2025-03-09 medication metformin (active) 500 mg twice daily oral" + DOSE_TAIL


def test_a_dose_without_a_frequency_states_the_route_after_the_unit() -> None:
    slots = {k: v for k, v in FULL_DOSE.items() if k != "frequency"}
    dosed = fact_line(replace(METFORMIN, slots=slots))
    assert dosed == "2025-03-09 medication metformin (active) 500 mg oral" + DOSE_TAIL


def test_a_frequency_without_a_number_is_not_stated() -> None:
    undosed = fact_line(replace(METFORMIN, slots={"unit": "mg", "frequency": "nightly"}))
    assert undosed == "2025-03-09 medication metformin (active)" + DOSE_TAIL


def test_a_reading_without_slots_states_its_value_and_unit_columns() -> None:
    lab = line(fact_type="lab_result", entity="HbA1c", value="7.2", unit="%")
    assert lab == "2025-03-09 lab HbA1c 7.2 %" + TAIL


def test_a_fact_of_an_unvalued_type_states_no_number() -> None:
    assert line(value="3", unit="attacks") == "2025-03-09 condition asthma" + TAIL


# --- marks every rendering carries ---------------------------------------------------


def test_a_denied_finding_is_marked_negative() -> None:
    assert fact_marks(replace(ASTHMA, assertion="negated")) == ["NEGATIVE finding (denied/absent)"]


@pytest.mark.parametrize("assertion", ["hypothetical", "historical"])
def test_a_hypothetical_or_historical_fact_says_which(assertion: str) -> None:
    assert fact_marks(replace(ASTHMA, assertion=assertion)) == [assertion]


def test_a_present_unconfirmed_fact_said_once_carries_no_mark() -> None:
    assert fact_marks(ASTHMA) == []


def test_a_confirmed_fact_carries_no_mark() -> None:
    assert fact_marks(replace(ASTHMA, verification="confirmed")) == []


def test_a_refuted_fact_says_so_with_the_clinicians_reason() -> None:
    refuted = replace(ASTHMA, verification="refuted", verification_reason="was croup, not asthma")
    assert fact_marks(refuted) == ["REFUTED by clinician: was croup, not asthma"]


def test_a_refuted_fact_without_a_reason_says_refuted_alone() -> None:
    assert fact_marks(replace(ASTHMA, verification="refuted")) == ["REFUTED by clinician"]


def test_an_entered_in_error_fact_says_so_with_the_reason() -> None:
    wrong = replace(ASTHMA, verification="entered_in_error", verification_reason="另一位病人")
    assert fact_marks(wrong) == ["ENTERED IN ERROR: 另一位病人"]


def test_an_entered_in_error_fact_without_a_reason_says_so_alone() -> None:
    assert fact_marks(replace(ASTHMA, verification="entered_in_error")) == ["ENTERED IN ERROR"]


def test_a_late_report_carries_its_order_note() -> None:
    late = replace(ASTHMA, order_note="reported late: said 2025-04-01")
    assert fact_marks(late) == ["reported late: said 2025-04-01"]


def test_a_fact_said_twice_says_how_often_and_when_last() -> None:
    twice = replace(ASTHMA, mention_count=2, last_mentioned=date(2025, 5, 1))
    assert fact_marks(twice) == ["mentioned 2x, last 2025-05-01"]


def test_a_repeat_with_no_known_last_day_says_last_undated() -> None:
    assert fact_marks(replace(ASTHMA, mention_count=3)) == ["mentioned 3x, last undated"]


def test_marks_follow_assertion_verification_correction_order_repeat() -> None:
    everything = replace(
        ASTHMA, assertion="negated", verification="refuted", corrected=True,
        order_note="reported late", mention_count=2, last_mentioned=date(2025, 5, 1),
    )  # fmt: skip
    assert fact_marks(everything) == [
        "NEGATIVE finding (denied/absent)",
        "REFUTED by clinician",
        "corrected by a clinician",
        "reported late",
        "mentioned 2x, last 2025-05-01",
    ]
