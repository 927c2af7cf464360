"""The side-by-side table of the tuning part and the check part (no database)."""

from __future__ import annotations

from memory.evaluation.report import parts_table


def _ratio(hit: int, total: int) -> dict:
    return {"hit": hit, "total": total, "value": hit / total}


def _part(histories: int, polluted: int, ok: int) -> dict:
    system = {
        "pollution_entries": _ratio(polluted, 100),
        "pollution_questions": _ratio(min(polluted, 10), 10),
        "label_pollution_entries": _ratio(0, 100),
        "recall": {"current": 1.0},
    }
    attribution = {"CMtMedQA caregiver": {"ok": ok, "total": 10, "value": ok / 10}}
    return {
        "histories": histories,
        "systems": {"MedGraph": system},
        "extraction": {"attribution": attribution, "clean_sessions": attribution},
    }


def test_both_parts_stand_side_by_side() -> None:
    lines = parts_table({"parts": {"tune": _part(3, 0, 10), "check": _part(2, 1, 9)}})
    assert "| figure | tune (3 histories) | check (2 histories) |" in lines
    assert "| MedGraph: pollution (entries) | 0.0% (0/100) | 1.0% (1/100) |" in lines
    assert "| attribution: CMtMedQA caregiver | 100.0% (10/10) | 90.0% (9/10) |" in lines


def test_a_run_without_parts_prints_no_table() -> None:
    assert parts_table({}) == []
