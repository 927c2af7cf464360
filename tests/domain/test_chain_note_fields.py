"""A chain's notes read back as fields (domain.chain_notes.parse_note), and which session
status must say why (domain.sessions; from the mutation pass)."""

from __future__ import annotations

from datetime import date

from memory.domain.chain_notes import format_late, parse_note
from memory.domain.sessions import needs_reason

LATE = format_late(date(2023, 5, 1), date(2024, 2, 1), 1)
LATE_OTHER = "reported late: event 2023 (fact 2) precedes current record of 2024-02-01 (fact 1)"
LATE_UNDATED = "reported late: event None precedes current record of unknown date (fact 3)"
NOT_IN_FORCE = (
    "no record in force on 2023-01-01; the first starts 2024-01-12; showing the current record"
)
NO_MEASUREMENT = "no measurement on or before 2023-12-31"


def test_a_late_note_on_the_late_record_is_of_kind_late() -> None:
    assert parse_note(LATE).kind == "late"


def test_a_late_note_gives_the_late_records_date() -> None:
    assert parse_note(LATE).event == date(2023, 5, 1)


def test_a_late_note_keeps_the_event_as_written() -> None:
    assert parse_note(LATE).event_text == "2023-05-01"


def test_a_late_note_gives_the_record_current_when_it_was_told() -> None:
    assert parse_note(LATE).current == date(2024, 2, 1)


def test_a_late_note_keeps_its_text() -> None:
    assert parse_note(LATE).text == LATE


def test_a_late_note_on_the_current_record_is_about_another_record() -> None:
    assert parse_note(LATE_OTHER).kind == "late_other"


def test_an_event_told_by_year_is_its_first_of_january() -> None:
    assert parse_note(LATE_OTHER).event == date(2023, 1, 1)


def test_an_event_told_by_month_is_its_first_day() -> None:
    note = LATE_OTHER.replace("event 2023", "event 2023-09")
    assert parse_note(note).event == date(2023, 9, 1)


def test_an_event_of_no_real_day_has_no_date() -> None:
    note = LATE_OTHER.replace("event 2023", "event 2023-02-30")
    assert parse_note(note).event is None


def test_a_late_note_without_an_event_date_has_none() -> None:
    assert parse_note(LATE_UNDATED).event is None


def test_a_late_note_without_an_event_date_writes_no_event() -> None:
    assert parse_note(LATE_UNDATED).event_text == ""


def test_an_undated_current_record_has_no_date() -> None:
    assert parse_note(LATE_UNDATED).current is None


def test_a_note_of_a_later_undated_record_is_of_its_own_kind() -> None:
    note = "a later record of unknown date exists (fact 5)"
    assert parse_note(note).kind == "undated_later"


def test_a_note_of_nothing_in_force_gives_the_asked_date() -> None:
    assert parse_note(NOT_IN_FORCE).at == date(2023, 1, 1)


def test_a_note_of_nothing_in_force_gives_the_first_start() -> None:
    assert parse_note(NOT_IN_FORCE).first == date(2024, 1, 12)


def test_a_note_of_nothing_in_force_is_of_its_own_kind() -> None:
    assert parse_note(NOT_IN_FORCE).kind == "not_in_force"


def test_a_note_of_no_measurement_gives_the_asked_date() -> None:
    assert parse_note(NO_MEASUREMENT).at == date(2023, 12, 31)


def test_a_note_of_no_measurement_names_no_first_start() -> None:
    assert parse_note(NO_MEASUREMENT).first is None


def test_a_note_of_no_known_kind_is_other() -> None:
    assert parse_note("merged by a clinician").kind == "other"


def test_a_note_of_no_known_kind_keeps_its_text() -> None:
    assert parse_note("merged by a clinician").text == "merged by a clinician"


def test_a_failed_session_must_say_why() -> None:
    assert needs_reason("failed") is True


def test_a_finished_session_need_not_say_why() -> None:
    assert needs_reason("done") is False


def test_a_note_of_a_later_undated_record_keeps_its_text() -> None:
    note = "a later record of unknown date exists (fact 5)"
    assert parse_note(note).text == note


def test_a_note_of_nothing_in_force_keeps_its_text() -> None:
    assert parse_note(NOT_IN_FORCE).text == NOT_IN_FORCE
