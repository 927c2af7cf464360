"""MedMemoryBench persona files (docs/design.md §7 format 3), on a hand-written fixture."""

from __future__ import annotations

import copy
import json
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from memory.domain.types import Turn
from memory.importing import ImportFormatError, parse_file, parse_text
from memory.importing.parsers import detect_format
from tests.importing.helpers import FIXTURES, as_text


def _persona() -> dict[str, Any]:
    return json.loads((FIXTURES / "medmemorybench_persona.json").read_text(encoding="utf-8"))


def _error(doc: dict[str, Any], patient_id: str | None = None) -> ImportFormatError:
    with pytest.raises(ImportFormatError) as caught:
        parse_text(as_text(doc), "persona.json", patient_id=patient_id)
    return caught.value


def test_persona_file_is_detected_as_medmemorybench() -> None:
    assert detect_format(as_text(_persona()), "persona.json")[0] == "medmemorybench"


def test_session_ids_use_own_id_else_noise_id_else_position(fixtures: Path) -> None:
    sessions = parse_file(fixtures / "medmemorybench_persona.json")
    assert [s.external_id for s in sessions] == ["1", "noise-family-fam-3", "noise-12", "s0003"]


def test_titles_are_the_headers_the_benchmark_harness_shows(fixtures: Path) -> None:
    sessions = parse_file(fixtures / "medmemorybench_persona.json")
    assert [s.title for s in sessions] == [
        "[2024-03-01]",
        "[Health consultation record about 王建国(父亲)]",
        "[Health consultation record]",
        "[2024-04-15 09:30]",
    ]


def test_patient_sessions_are_dated_and_distractors_undated(fixtures: Path) -> None:
    sessions = parse_file(fixtures / "medmemorybench_persona.json")
    assert [s.date for s in sessions] == [date(2024, 3, 1), None, None, date(2024, 4, 15)]


def test_user_is_the_patient_and_assistant_the_doctor(fixtures: Path) -> None:
    turns = parse_file(fixtures / "medmemorybench_persona.json")[0].turns
    assert [t.speaker for t in turns] == ["patient", "doctor", "patient", "doctor"]


def test_message_content_is_kept_verbatim_with_one_based_index(fixtures: Path) -> None:
    turns = parse_file(fixtures / "medmemorybench_persona.json")[2].turns
    assert turns[0] == Turn(1, "patient", "感冒发烧多少度需要吃退烧药？")


def test_patient_id_and_name_come_from_metadata(fixtures: Path) -> None:
    first = parse_file(fixtures / "medmemorybench_persona.json")[0]
    assert (first.patient_id, first.patient_name) == ("7", "Wang Fang")


def test_patient_argument_overrides_the_metadata_id(fixtures: Path) -> None:
    sessions = parse_file(fixtures / "medmemorybench_persona.json", patient_id="mmb-7")
    assert {s.patient_id for s in sessions} == {"mmb-7"}


def test_file_without_metadata_but_with_messages_is_still_medmemorybench() -> None:
    doc = _persona()
    del doc["metadata"]
    assert detect_format(as_text(doc), "persona.json")[0] == "medmemorybench"


def test_without_metadata_the_shared_session_persona_id_names_the_patient() -> None:
    doc = _persona()
    del doc["metadata"]
    assert parse_text(as_text(doc), "persona.json")[0].patient_id == "7"


def test_explicit_format_parses_the_persona_file() -> None:
    sessions = parse_text(as_text(_persona()), "persona.json", fmt="medmemorybench")
    assert len(sessions) == 4


def test_missing_patient_id_anywhere_is_rejected() -> None:
    doc = _persona()
    doc["metadata"] = {"language": "zh"}
    for session in doc["sessions"]:
        del session["persona_id"]
    assert _error(doc).location == "metadata"


def test_patient_session_without_date_is_rejected() -> None:
    doc = _persona()
    del doc["sessions"][0]["event_info"]["date"]
    assert str(_error(doc)) == "persona.json: sessions[0].event_info.date: missing required field"


def test_patient_session_with_impossible_date_names_it() -> None:
    doc = _persona()
    doc["sessions"][3]["event_info"]["date"] = "2024-02-30"
    error = _error(doc)
    assert (error.location, "'2024-02-30'" in error.problem) == (
        "sessions[3].event_info.date",
        True,
    )


def test_unknown_role_is_named_with_the_allowed_roles() -> None:
    doc = _persona()
    doc["sessions"][1]["messages"][0]["role"] = "system"
    assert str(_error(doc)) == (
        "persona.json: sessions[1].messages[0].role: unknown role 'system' "
        "(allowed: user, assistant)"
    )


def test_empty_message_content_is_rejected() -> None:
    doc = _persona()
    doc["sessions"][2]["messages"][1]["content"] = ""
    assert str(_error(doc)) == "persona.json: sessions[2].messages[1].content: empty text"


def test_session_without_messages_is_rejected() -> None:
    doc = _persona()
    doc["sessions"][0]["messages"] = []
    assert str(_error(doc)) == "persona.json: sessions[0].messages: no messages"


def test_family_role_of_wrong_type_is_rejected() -> None:
    doc = _persona()
    doc["sessions"][1]["family_role"] = "father"
    assert _error(doc).location == "sessions[1].family_role"


def test_duplicate_session_id_is_rejected() -> None:
    doc = _persona()
    doc["sessions"].append(copy.deepcopy(doc["sessions"][0]))
    assert _error(doc).problem == "duplicate session id '1' (first at sessions[0])"


def test_empty_session_list_is_rejected() -> None:
    doc = _persona()
    doc["sessions"] = []
    assert str(_error(doc)) == "persona.json: sessions: no sessions"
