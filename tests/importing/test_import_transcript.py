"""Plain-text transcripts (docs/design.md §7 format 2), English and Chinese."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from memory.domain.types import Turn
from memory.importing import ImportFormatError, parse_file, parse_text


def _one(text: str, name: str = "visit.txt") -> tuple[Turn, ...]:
    return parse_text(text, name, patient_id="p1")[0].turns


def _error(text: str, name: str = "visit.txt", patient_id: str | None = "p1") -> ImportFormatError:
    with pytest.raises(ImportFormatError) as caught:
        parse_text(text, name, patient_id=patient_id)
    return caught.value


def test_english_transcript_reads_date_and_title(fixtures: Path) -> None:
    session = parse_file(fixtures / "transcript_en.txt", patient_id="p1")[0]
    assert (session.date, session.title) == (date(2024, 5, 6), "Knee pain follow-up")


def test_transcript_session_id_is_the_file_stem(fixtures: Path) -> None:
    assert parse_file(fixtures / "transcript_en.txt", patient_id="p1")[0].external_id == (
        "transcript_en"
    )


def test_transcript_patient_comes_from_the_argument(fixtures: Path) -> None:
    assert parse_file(fixtures / "transcript_en.txt", patient_id="p1")[0].patient_id == "p1"


def test_english_transcript_maps_every_label_to_its_speaker(fixtures: Path) -> None:
    turns = parse_file(fixtures / "transcript_en.txt", patient_id="p1")[0].turns
    assert [t.speaker for t in turns] == ["doctor", "patient", "caregiver", "doctor", "patient"]


def test_unlabelled_line_continues_the_previous_turn(fixtures: Path) -> None:
    turns = parse_file(fixtures / "transcript_en.txt", patient_id="p1")[0].turns
    assert turns[1] == Turn(
        2, "patient", "Still sore when I climb stairs.\nI also noticed some swelling at night."
    )


def test_bracket_tags_open_turns_with_the_text_after_them(fixtures: Path) -> None:
    turns = parse_file(fixtures / "transcript_en.txt", patient_id="p1")[0].turns
    assert turns[4] == Turn(5, "patient", "Sulfa drugs give me a rash.")


def test_chinese_transcript_reads_full_width_colon_headers(fixtures: Path) -> None:
    session = parse_file(fixtures / "transcript_zh.txt", patient_id="p1")[0]
    assert (session.date, session.title) == (date(2024, 6, 1), "糖尿病复诊")


def test_chinese_labels_map_to_patient_doctor_and_caregiver(fixtures: Path) -> None:
    turns = parse_file(fixtures / "transcript_zh.txt", patient_id="p1")[0].turns
    assert [t.speaker for t in turns] == ["patient", "doctor", "patient", "caregiver"]


def test_chinese_turn_text_is_verbatim(fixtures: Path) -> None:
    turns = parse_file(fixtures / "transcript_zh.txt", patient_id="p1")[0].turns
    assert turns[3].text == "他晚上经常忘记吃药。"


def test_chinese_label_with_ascii_colon_is_recognised() -> None:
    assert _one("患者:我头疼。\n医生:多久了？") == (
        Turn(1, "patient", "我头疼。"),
        Turn(2, "doctor", "多久了？"),
    )


def test_english_label_with_full_width_colon_is_recognised() -> None:
    assert _one("Doctor：Any pain?")[0].speaker == "doctor"


def test_transcript_without_date_line_is_undated() -> None:
    assert parse_text("Doctor: Hi.\nPatient: Hello.", "v.txt", patient_id="p1")[0].date is None


def test_title_line_may_precede_the_date_line() -> None:
    session = parse_text("Title: A\nDate: 2023-02-03\nDoctor: Hi.", "v.txt", patient_id="p")[0]
    assert (session.title, session.date) == ("A", date(2023, 2, 3))


def test_guest_clinician_is_a_doctor() -> None:
    assert _one("Guest_clinician: Vitals are stable.")[0].speaker == "doctor"


def test_numbered_labels_keep_their_role() -> None:
    turns = _one("Doctor_2: Hello.\nGuest_family_1: He is my son.\nGuest_family2: Yes.")
    assert [t.speaker for t in turns] == ["doctor", "caregiver", "caregiver"]


def test_patient_guest_tag_is_a_relative() -> None:
    assert _one("[patient_guest] she has been coughing")[0].speaker == "relative"


def test_misspelt_underscored_tag_close_to_a_label_is_accepted() -> None:
    assert _one("Doctor: Who is here?\nGest_family: I'm his wife.")[1].speaker == "caregiver"


def test_caregiver_label_marks_the_caregiver() -> None:
    assert _one("Caregiver: She has been off her food since Monday.")[0].speaker == "caregiver"


def test_jiashu_label_marks_the_caregiver_chinese() -> None:
    assert _one("家属：她这两天胃口不好。")[0].speaker == "caregiver"


def test_mts_guest_family_label_marks_the_caregiver() -> None:
    assert _one("Guest_family: He has been wheezing at night.")[0].speaker == "caregiver"


def test_relative_label_stays_a_relative() -> None:
    assert _one("Relative: My brother had the same rash.")[0].speaker == "relative"


def test_ordinary_line_with_a_colon_stays_inside_the_turn() -> None:
    turns = _one("Doctor: Plan as follows.\nFamily: history of diabetes.\nOther: none.")
    assert turns == (
        Turn(1, "doctor", "Plan as follows.\nFamily: history of diabetes.\nOther: none."),
    )


def test_blank_lines_between_turns_are_not_text() -> None:
    assert _one("Doctor: Hi.\n\n\nPatient: Hello.")[0].text == "Hi."


def test_label_alone_on_its_line_takes_the_next_lines_as_text() -> None:
    assert _one("Doctor:\nHow are you?")[0].text == "How are you?"


def test_transcript_without_patient_id_is_rejected_naming_the_file() -> None:
    error = _error("Doctor: Hi.", name="visit.txt", patient_id=None)
    assert (error.source, error.location) == ("visit.txt", "patient")


def test_impossible_date_line_names_line_and_value() -> None:
    error = _error("Date: 2024-13-40\nDoctor: Hi.")
    assert str(error) == ("visit.txt: line 1: invalid date '2024-13-40' (month must be in 1..12)")


def test_chinese_date_line_in_another_layout_is_rejected() -> None:
    error = _error("日期：2024年3月1日\n医生：你好。")
    assert error.problem == "invalid date '2024年3月1日' (expected YYYY-MM-DD)"


def test_second_date_line_is_rejected() -> None:
    assert str(_error("Date: 2024-01-01\nDate: 2024-01-02\nDoctor: Hi.")) == (
        "visit.txt: line 2: second date line"
    )


def test_text_before_the_first_turn_is_rejected_with_its_line() -> None:
    error = _error("Date: 2024-01-01\nVisit notes below\nDoctor: Hi.")
    assert (error.location, error.problem.startswith("text before the first turn")) == (
        "line 2",
        True,
    )


def test_text_without_any_turn_line_is_rejected() -> None:
    error = _error("Date: 2024-01-01\n\n")
    assert (error.location, error.problem.startswith("no turn lines found")) == ("top level", True)


def test_empty_turn_is_rejected_naming_its_line() -> None:
    assert str(_error("Doctor: Hi.\nPatient:\nDoctor: Go on.")) == (
        "visit.txt: line 2: empty text for the patient's turn"
    )


def test_unknown_bracket_tag_is_named_with_the_allowed_labels() -> None:
    error = _error("[doctor] hi\n[nurse] BP 140/90")
    assert (
        error.location,
        error.problem.startswith("unknown speaker 'nurse' (allowed: patient"),
    ) == (
        "line 2",
        True,
    )


def test_unknown_underscored_tag_is_rejected() -> None:
    assert _error("Doctor: Hi.\nGuest_nurse: Hello.").problem.startswith(
        "unknown speaker 'Guest_nurse'"
    )


def test_pasted_transcript_without_a_name_is_rejected() -> None:
    assert _error("Doctor: Hi.", name="").location == "name"
