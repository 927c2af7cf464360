"""MedGraph JSON and JSONL import (docs/design.md §7 format 1)."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from memory.domain.types import ParsedSession, Turn
from memory.importing import ImportFormatError, parse_file, parse_text, sessions_to_medgraph_json
from tests.importing.helpers import as_text, medgraph_doc


def _error(text: str, name: str = "up.json", **kwargs: object) -> ImportFormatError:
    with pytest.raises(ImportFormatError) as caught:
        parse_text(text, name, **kwargs)  # type: ignore[arg-type]
    return caught.value


def test_json_file_yields_its_sessions_in_file_order(fixtures: Path) -> None:
    sessions = parse_file(fixtures / "medgraph_patient.json")
    assert [s.external_id for s in sessions] == ["visit-1", "visit-2"]


def test_json_sessions_carry_the_patient_id_and_name(fixtures: Path) -> None:
    first = parse_file(fixtures / "medgraph_patient.json")[0]
    assert (first.patient_id, first.patient_name) == ("p-001", "Alice Example")


def test_json_session_date_and_title_are_read(fixtures: Path) -> None:
    first = parse_file(fixtures / "medgraph_patient.json")[0]
    assert (first.date, first.title) == (date(2024, 1, 10), "Hypertension follow-up")


def test_null_date_gives_an_undated_session(fixtures: Path) -> None:
    assert parse_file(fixtures / "medgraph_patient.json")[1].date is None


def test_missing_title_defaults_to_empty(fixtures: Path) -> None:
    assert parse_file(fixtures / "medgraph_patient.json")[1].title == ""


def test_turns_are_indexed_from_one_with_stripped_verbatim_text(fixtures: Path) -> None:
    turns = parse_file(fixtures / "medgraph_patient.json")[0].turns
    assert turns[:2] == (
        Turn(1, "doctor", "How has your blood pressure been?"),
        Turn(2, "patient", "Around 150 over 90 at home."),
    )


def test_relative_and_other_speakers_are_kept(fixtures: Path) -> None:
    sessions = parse_file(fixtures / "medgraph_patient.json")
    assert (sessions[0].turns[2].speaker, sessions[1].turns[1].speaker) == ("relative", "other")


def test_caregiver_speaker_is_kept() -> None:
    doc = medgraph_doc(turns=[{"speaker": "caregiver", "text": "I give her the inhaler twice."}])
    assert parse_text(as_text(doc), "up.json")[0].turns[0].speaker == "caregiver"


def test_caregiver_speaker_survives_export_and_reimport() -> None:
    doc = medgraph_doc(turns=[{"speaker": "caregiver", "text": "他这周血压都在140左右。"}])
    sessions = parse_text(as_text(doc), "up.json")
    exported = sessions_to_medgraph_json("p1", "P One", sessions)
    again = parse_text(as_text(exported), "again.json")
    assert again[0].turns[0].speaker == "caregiver"


def test_chinese_turn_text_is_kept_verbatim(fixtures: Path) -> None:
    assert parse_file(fixtures / "medgraph_patient.json")[1].turns[0].text == "我对青霉素过敏。"


def test_session_source_names_file_and_position(fixtures: Path) -> None:
    assert parse_file(fixtures / "medgraph_patient.json")[1].source == (
        "medgraph_patient.json:sessions[1]"
    )


def test_patient_argument_is_used_when_the_file_names_none() -> None:
    doc = medgraph_doc()
    del doc["patient"]
    assert parse_text(as_text(doc), "up.json", patient_id="p9")[0].patient_id == "p9"


def test_patient_argument_equal_to_the_file_patient_is_accepted() -> None:
    assert parse_text(as_text(medgraph_doc()), "up.json", patient_id="p1")[0].patient_id == "p1"


def test_patient_argument_differing_from_the_file_patient_is_rejected() -> None:
    error = _error(as_text(medgraph_doc()), patient_id="p2")
    assert (error.location, "'p1'" in error.problem, "'p2'" in error.problem) == (
        "patient.id",
        True,
        True,
    )


def test_missing_patient_id_is_rejected() -> None:
    doc = medgraph_doc()
    del doc["patient"]
    assert str(_error(as_text(doc))).startswith("up.json: patient: missing patient id")


def test_invalid_json_reports_line_and_column() -> None:
    error = _error('{"sessions": [\n  {"id": "a",, }\n]}')
    assert (error.location, error.problem) == (
        "line 2, column 14",
        "invalid JSON: Expecting property name enclosed in double quotes",
    )


def test_missing_session_id_names_the_field() -> None:
    doc = medgraph_doc()
    del doc["sessions"][0]["id"]
    assert str(_error(as_text(doc))) == "up.json: sessions[0].id: missing required field"


def test_missing_date_field_is_rejected_rather_than_silently_undated() -> None:
    doc = medgraph_doc()
    del doc["sessions"][0]["date"]
    assert _error(as_text(doc)).location == "sessions[0].date"


def test_missing_turn_text_names_the_turn() -> None:
    doc = medgraph_doc(turns=[{"speaker": "doctor"}])
    assert str(_error(as_text(doc))) == "up.json: sessions[0].turns[0].text: missing required field"


def test_wrong_type_of_turns_names_expected_and_actual_type() -> None:
    error = _error(as_text(medgraph_doc(turns="Doctor: hi")))
    assert (error.location, error.problem) == (
        "sessions[0].turns",
        "expected an array, got a string",
    )


def test_boolean_session_id_is_a_wrong_type() -> None:
    assert _error(as_text(medgraph_doc(id=True))).location == "sessions[0].id"


def test_integer_session_id_is_read_as_text() -> None:
    assert parse_text(as_text(medgraph_doc(id=42)), "up.json")[0].external_id == "42"


def test_impossible_date_names_field_and_value() -> None:
    error = _error(as_text(medgraph_doc(date="2024-13-40")))
    assert (error.location, "'2024-13-40'" in error.problem) == ("sessions[0].date", True)


def test_date_in_another_layout_is_rejected() -> None:
    error = _error(as_text(medgraph_doc(date="01/02/2024")))
    assert error.problem == "invalid date '01/02/2024' (expected YYYY-MM-DD)"


def test_numeric_date_is_a_wrong_type() -> None:
    error = _error(as_text(medgraph_doc(date=20240110)))
    assert error.problem == "expected a YYYY-MM-DD date or null, got a number"


def test_session_without_turns_is_rejected() -> None:
    assert str(_error(as_text(medgraph_doc(turns=[])))) == "up.json: sessions[0].turns: no turns"


def test_blank_turn_text_is_rejected() -> None:
    doc = medgraph_doc(turns=[{"speaker": "doctor", "text": "  \n "}])
    assert str(_error(as_text(doc))) == "up.json: sessions[0].turns[0].text: empty text"


def test_unknown_speaker_is_named_with_the_allowed_ones() -> None:
    doc = medgraph_doc(turns=[{"speaker": "nurse", "text": "BP is 140/90."}])
    assert str(_error(as_text(doc))) == (
        "up.json: sessions[0].turns[0].speaker: unknown speaker 'nurse' "
        "(allowed: patient, doctor, relative, caregiver, other)"
    )


def test_duplicate_session_id_in_one_file_is_rejected() -> None:
    doc = medgraph_doc()
    doc["sessions"].append(dict(doc["sessions"][0]))
    assert str(_error(as_text(doc))) == (
        "up.json: sessions[1].id: duplicate session id 's1' (first at sessions[0].id)"
    )


def test_empty_session_list_is_rejected() -> None:
    doc = {"patient": {"id": "p1"}, "sessions": []}
    assert str(_error(as_text(doc))) == "up.json: sessions: no sessions"


def test_sessions_that_are_not_a_list_are_rejected() -> None:
    assert _error(as_text({"patient": {"id": "p1"}, "sessions": {}})).location == "sessions"


def test_jsonl_yields_one_session_per_nonblank_line(fixtures: Path) -> None:
    sessions = parse_file(fixtures / "sessions.jsonl")
    assert [(s.external_id, s.date) for s in sessions] == [
        ("v1", date(2024, 2, 1)),
        ("v2", date(2024, 3, 1)),
    ]


def test_jsonl_patient_may_be_a_plain_id_string(fixtures: Path) -> None:
    assert parse_file(fixtures / "sessions.jsonl")[1].patient_id == "p-001"


def test_jsonl_source_names_the_line(fixtures: Path) -> None:
    assert parse_file(fixtures / "sessions.jsonl")[1].source == "sessions.jsonl:3"


def test_jsonl_invalid_line_reports_line_and_column() -> None:
    good = {"patient": "p", "id": "a", "date": None, "turns": [{"speaker": "doctor", "text": "x"}]}
    text = json.dumps(good) + '\n{"id": oops}\n'
    assert _error(text, "up.jsonl").location == "line 2, column 8"


def test_jsonl_field_error_names_line_and_field() -> None:
    good = {"patient": "p", "id": "a", "date": None, "turns": [{"speaker": "doctor", "text": "x"}]}
    bad = dict(good, id="b", turns=[{"speaker": "Doc", "text": "x"}])
    text = json.dumps(good) + "\n\n" + json.dumps(bad) + "\n"
    assert _error(text, "up.jsonl").location == "line 3, turns[0].speaker"


def test_jsonl_duplicate_session_id_is_rejected() -> None:
    line = json.dumps(
        {"patient": "p", "id": "a", "date": None, "turns": [{"speaker": "doctor", "text": "x"}]}
    )
    error = _error(f"{line}\n{line}\n", "up.jsonl")
    assert (error.location, error.problem) == (
        "line 2, id",
        "duplicate session id 'a' (first at line 1, id)",
    )


def test_jsonl_line_without_patient_uses_the_argument() -> None:
    line = json.dumps({"id": "a", "date": None, "turns": [{"speaker": "doctor", "text": "x"}]})
    assert parse_text(line + "\n" + line.replace('"a"', '"b"'), "u.jsonl", patient_id="p7")[
        1
    ].patient_id == ("p7")


def test_jsonl_of_blank_lines_has_no_sessions() -> None:
    assert str(_error("\n \n", "up.jsonl", fmt="jsonl")) == (
        "up.jsonl: top level: no sessions (every line is blank)"
    )


def _sample_sessions() -> list[ParsedSession]:
    return [
        ParsedSession(
            "a",
            date(2024, 1, 2),
            (Turn(1, "doctor", "Dose?"), Turn(2, "patient", "二甲双胍 500 mg")),
            title="T",
        ),
        ParsedSession("b", None, (Turn(1, "relative", "He fell.\nTwice."),)),
    ]


def test_medgraph_json_writer_output_parses_back_to_the_same_sessions() -> None:
    doc = sessions_to_medgraph_json("p1", "Name", _sample_sessions())
    parsed = parse_text(as_text(doc), "round.json")
    assert [(s.external_id, s.date, s.title, s.turns) for s in parsed] == [
        (s.external_id, s.date, s.title, s.turns) for s in _sample_sessions()
    ]


def test_medgraph_json_writer_writes_iso_dates_and_null_for_undated() -> None:
    doc = sessions_to_medgraph_json("p1", None, _sample_sessions())
    assert [s["date"] for s in doc["sessions"]] == ["2024-01-02", None]


def test_medgraph_json_writer_omits_an_empty_title() -> None:
    doc = sessions_to_medgraph_json("p1", None, _sample_sessions())
    assert ["title" in s for s in doc["sessions"]] == [True, False]


def test_medgraph_json_writer_names_the_patient() -> None:
    doc = sessions_to_medgraph_json("p1", "Name", _sample_sessions())
    assert doc["patient"] == {"id": "p1", "name": "Name"}
