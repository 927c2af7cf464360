"""The bilingual demo patient (memory/fixtures/demo/demo_patient.json).

The real importer is written concurrently, so a tiny validator of the MedGraph
import format (docs/design.md §7) lives here.
"""

from __future__ import annotations

import json
import re
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from memory.domain.types import SPEAKERS

DEMO = Path(__file__).resolve().parents[2] / "memory" / "fixtures" / "demo" / "demo_patient.json"
_CJK = re.compile(r"[\u4e00-\u9fff]")
_PENICILLIN_WORDS = ("penicillin", "amoxicillin", "青霉素", "阿莫西林", "盘尼西林")


def schema_errors(doc: Any) -> list[str]:
    """Problems with a MedGraph import document; empty when it is valid."""
    if not isinstance(doc, dict) or set(doc) != {"patient", "sessions"}:
        return ["top level must be an object with exactly 'patient' and 'sessions'"]
    errors: list[str] = []
    patient = doc["patient"]
    if not (isinstance(patient, dict) and patient.get("id") and patient.get("name")):
        errors.append("patient needs a non-empty id and name")
    for i, session in enumerate(doc["sessions"]):
        errors += [f"sessions[{i}]: {e}" for e in _session_errors(session)]
    return errors


def _session_errors(session: Any) -> list[str]:
    if not isinstance(session, dict) or not {"id", "date", "turns"} <= set(session):
        return ["needs id, date and turns"]
    errors = [] if session["id"] else ["empty id"]
    if session["date"] is not None:
        try:
            date.fromisoformat(session["date"])
        except (TypeError, ValueError):
            errors.append(f"bad date {session['date']!r}")
    if not isinstance(session.get("title", ""), str):
        errors.append("title must be a string")
    for j, turn in enumerate(session["turns"]):
        if turn.get("speaker") not in SPEAKERS or not str(turn.get("text", "")).strip():
            errors.append(f"turns[{j}] needs a known speaker and text")
    return errors


def _text(session: dict[str, Any]) -> str:
    return " ".join(t["text"] for t in session["turns"])


def _is_chinese(session: dict[str, Any]) -> bool:
    text = _text(session)
    return len(_CJK.findall(text)) > len(text) / 4


@pytest.fixture(scope="module")
def demo() -> dict[str, Any]:
    return json.loads(DEMO.read_text(encoding="utf-8"))


def test_demo_file_matches_the_import_schema(demo: dict[str, Any]) -> None:
    assert schema_errors(demo) == []


def test_validator_rejects_an_unknown_speaker() -> None:
    bad = {
        "patient": {"id": "p", "name": "n"},
        "sessions": [{"id": "s", "date": None, "turns": [{"speaker": "nurse", "text": "hi"}]}],
    }
    assert schema_errors(bad) == ["sessions[0]: turns[0] needs a known speaker and text"]


def test_demo_has_about_thirty_sessions(demo: dict[str, Any]) -> None:
    assert 28 <= len(demo["sessions"]) <= 32


def test_session_ids_are_unique(demo: dict[str, Any]) -> None:
    ids = [s["id"] for s in demo["sessions"]]
    assert len(ids) == len(set(ids))


def test_dated_sessions_are_in_strictly_ascending_order(demo: dict[str, Any]) -> None:
    dates = [s["date"] for s in demo["sessions"] if s["date"] is not None]
    assert dates == sorted(dates) and len(dates) == len(set(dates))


def test_history_spans_january_2024_to_december_2025(demo: dict[str, Any]) -> None:
    dates = [s["date"] for s in demo["sessions"] if s["date"] is not None]
    assert (dates[0][:7], dates[-1][:7]) == ("2024-01", "2025-12")


def test_at_least_two_sessions_are_undated_distractors(demo: dict[str, Any]) -> None:
    assert sum(s["date"] is None for s in demo["sessions"]) >= 2


def test_every_session_has_six_to_sixteen_turns(demo: dict[str, Any]) -> None:
    assert all(6 <= len(s["turns"]) <= 16 for s in demo["sessions"])


def test_both_languages_each_make_up_at_least_forty_percent(demo: dict[str, Any]) -> None:
    chinese = sum(_is_chinese(s) for s in demo["sessions"])
    total = len(demo["sessions"])
    assert 0.4 * total <= chinese <= 0.6 * total


def test_penicillin_allergy_is_mentioned_only_in_session_two(demo: dict[str, Any]) -> None:
    mentions = [
        i + 1
        for i, s in enumerate(demo["sessions"])
        if any(w in _text(s).lower() for w in _PENICILLIN_WORDS)
    ]
    assert mentions == [2]


def test_no_other_session_speaks_of_any_allergy(demo: dict[str, Any]) -> None:
    mentions = [
        i + 1
        for i, s in enumerate(demo["sessions"])
        if "allerg" in _text(s).lower() or "过敏" in _text(s)
    ]
    assert mentions == [2]


def test_a_relative_speaks_in_at_least_one_session(demo: dict[str, Any]) -> None:
    assert any(t["speaker"] == "relative" for s in demo["sessions"] for t in s["turns"])


def test_valsartan_80_mg_precedes_the_raise_to_160_mg(demo: dict[str, Any]) -> None:
    texts = [_text(s) for s in demo["sessions"]]
    start = next(i for i, t in enumerate(texts) if "缬沙坦80毫克" in t)
    raise_ = next(i for i, t in enumerate(texts) if "from 80 mg to 160 mg" in t)
    assert start < raise_


def test_sertraline_start_precedes_its_late_reported_stop(demo: dict[str, Any]) -> None:
    texts = [_text(s).lower() for s in demo["sessions"]]
    start = next(i for i, t in enumerate(texts) if "sertraline" in t)
    stop = next(i for i, t in enumerate(texts) if "stopped the sertraline" in t)
    assert start < stop and demo["sessions"][stop]["date"].startswith("2025")
