"""Files, directories, size/encoding limits, format detection and the error type."""

from __future__ import annotations

import json
import pickle
import shutil
from pathlib import Path

import pytest

from memory.importing import ImportFormatError, detect_format, parse_file, parse_paths, parse_text
from tests.importing.helpers import as_text, medgraph_doc


def _error_of_paths(paths: list[Path], **kwargs: object) -> ImportFormatError:
    with pytest.raises(ImportFormatError) as caught:
        parse_paths(paths, **kwargs)  # type: ignore[arg-type]
    return caught.value


def _write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def test_error_message_is_file_location_problem() -> None:
    error = ImportFormatError("a.json", "sessions[0].id", "missing required field")
    assert str(error) == "a.json: sessions[0].id: missing required field"


def test_error_is_a_value_error() -> None:
    assert isinstance(ImportFormatError("a", "b", "c"), ValueError)


def test_error_survives_pickling_with_its_attributes() -> None:
    error = pickle.loads(pickle.dumps(ImportFormatError("a.txt", "line 3", "bad")))
    assert (error.source, error.location, error.problem) == ("a.txt", "line 3", "bad")


def test_directory_expands_to_its_files_sorted_by_name(tmp_path: Path) -> None:
    _write(tmp_path / "b.txt", "Doctor: second")
    _write(tmp_path / "a.txt", "Doctor: first")
    sessions = parse_paths([tmp_path], patient_id="p1")
    assert [s.external_id for s in sessions] == ["a", "b"]


def test_hidden_files_in_a_directory_are_skipped(tmp_path: Path) -> None:
    _write(tmp_path / ".notes.txt", "not a transcript")
    _write(tmp_path / "a.txt", "Doctor: first")
    assert len(parse_paths([tmp_path], patient_id="p1")) == 1


def test_paths_of_mixed_formats_return_all_sessions_in_order(
    tmp_path: Path, fixtures: Path
) -> None:
    transcript = _write(tmp_path / "visit-9.txt", "Date: 2024-07-01\nPatient: Hi.")
    sessions = parse_paths([fixtures / "medgraph_patient.json", transcript], patient_id="p-001")
    assert [s.external_id for s in sessions] == ["visit-1", "visit-2", "visit-9"]


def test_one_bad_file_rejects_the_whole_import_naming_that_file(
    tmp_path: Path, fixtures: Path
) -> None:
    bad = _write(tmp_path / "bad.txt", "Doctor: Hi.\nPatient:\n")
    error = _error_of_paths([fixtures / "transcript_en.txt", bad], patient_id="p1")
    assert (error.source, error.location) == ("bad.txt", "line 2")


def test_same_session_id_in_two_files_is_rejected(tmp_path: Path) -> None:
    _write(tmp_path / "a.json", as_text(medgraph_doc()))
    _write(tmp_path / "b.json", as_text(medgraph_doc()))
    error = _error_of_paths([tmp_path])
    assert (error.location, error.problem) == (
        "b.json:sessions[0]",
        "duplicate session id 's1' (first at a.json:sessions[0])",
    )


def test_same_session_id_for_different_patients_is_allowed(tmp_path: Path) -> None:
    other = medgraph_doc()
    other["patient"] = {"id": "p2"}
    _write(tmp_path / "a.json", as_text(medgraph_doc()))
    _write(tmp_path / "b.json", as_text(other))
    assert [s.patient_id for s in parse_paths([tmp_path])] == ["p1", "p2"]


def test_empty_directory_is_rejected(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    error = _error_of_paths([tmp_path / "empty"])
    assert (error.source, error.problem) == ("empty", "no files to import")


def test_no_paths_at_all_is_rejected() -> None:
    assert _error_of_paths([]).problem == "no files given"


def test_missing_file_is_reported_as_unreadable(tmp_path: Path) -> None:
    error = _error_of_paths([tmp_path / "nope.json"])
    assert (error.source, error.location, error.problem.startswith("cannot read")) == (
        "nope.json",
        "file",
        True,
    )


def test_non_utf8_file_is_rejected_with_the_byte_offset(tmp_path: Path) -> None:
    path = tmp_path / "latin.txt"
    path.write_bytes("Doctor: caf\xe9".encode("latin-1"))
    assert str(_error_of_paths([path], patient_id="p")) == "latin.txt: byte 11: not UTF-8 text"


def test_oversize_file_is_rejected_before_it_is_decoded(tmp_path: Path) -> None:
    path = tmp_path / "big.txt"
    path.write_bytes(b"\xff" * 64)  # not UTF-8 either: only the size check may fire
    error = _error_of_paths([path], patient_id="p", max_bytes=32)
    assert (error.location, error.problem) == ("file", "too large (64 bytes, limit 32)")


def test_oversize_pasted_text_is_rejected() -> None:
    with pytest.raises(ImportFormatError, match="too large"):
        parse_text("Doctor: " + "x" * 100, "paste", patient_id="p", max_bytes=50)


def test_utf8_byte_order_mark_is_ignored(tmp_path: Path, fixtures: Path) -> None:
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + (fixtures / "medgraph_patient.json").read_bytes())
    assert len(parse_file(path)) == 2


def test_unknown_format_name_is_rejected() -> None:
    with pytest.raises(ImportFormatError) as caught:
        parse_text("Doctor: hi", "x.txt", fmt="csv", patient_id="p")
    assert caught.value.location == "format"


def test_explicit_transcript_format_does_not_read_json() -> None:
    with pytest.raises(ImportFormatError) as caught:
        parse_text(as_text(medgraph_doc()), "x.json", fmt="transcript", patient_id="p")
    assert caught.value.problem.startswith("text before the first turn")


def test_aci_style_first_line_is_detected_as_a_transcript() -> None:
    assert detect_format("[doctor] hi , how are you ?\n[patient] ok .", "x")[0] == "transcript"


def test_json_array_is_rejected_rather_than_read_as_a_transcript() -> None:
    with pytest.raises(ImportFormatError, match="got an array"):
        detect_format("[1, 2]", "x.json")


def test_broken_json_object_is_reported_as_invalid_json() -> None:
    with pytest.raises(ImportFormatError) as caught:
        detect_format('{"sessions": [\n', "x.json")
    assert caught.value.location == "line 2, column 1"


def test_single_session_object_is_read_as_one_line_jsonl() -> None:
    session = medgraph_doc()["sessions"][0]
    sessions = parse_text(json.dumps(session), "one.json", patient_id="p5")
    assert [(s.external_id, s.patient_id) for s in sessions] == [("s1", "p5")]


def test_medgraph_json_is_detected_without_metadata_or_messages() -> None:
    assert detect_format(as_text(medgraph_doc()), "x.json")[0] == "medgraph"


def test_fixtures_directory_imports_every_format_under_one_patient(
    tmp_path: Path, fixtures: Path
) -> None:
    target = tmp_path / "upload"
    shutil.copytree(fixtures, target)
    # The persona file's own id (7) yields to the requested patient; the JSON
    # files already name p-001; transcripts take the argument.
    sessions = parse_paths([target], patient_id="p-001")
    assert [(s.source.split(":")[0], s.patient_id) for s in sessions[::3]] == [
        ("medgraph_patient.json", "p-001"),
        ("medmemorybench_persona.json", "p-001"),
        ("sessions.jsonl", "p-001"),
        ("transcript_zh.txt", "p-001"),
    ]
