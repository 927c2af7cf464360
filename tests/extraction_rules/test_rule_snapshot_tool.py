"""bench/rule_snapshot.py: its lines are stable and its comparison finds every change."""

from __future__ import annotations

import importlib.util
import sys
from datetime import date
from pathlib import Path

from memory.domain.types import ExtractedFact, Turn
from memory.extraction.rules import RuleExtractor

_BENCH = Path(__file__).resolve().parents[2] / "bench" / "rule_snapshot.py"
_SPEC = importlib.util.spec_from_file_location("rule_snapshot", _BENCH)
assert _SPEC and _SPEC.loader
snapshot = importlib.util.module_from_spec(_SPEC)
sys.modules["rule_snapshot"] = snapshot
_SPEC.loader.exec_module(snapshot)


def _fact(**changes: object) -> ExtractedFact:
    base: dict[str, object] = {
        "type": "medication_status",
        "subject": "patient",
        "entity": "metformin",
        "content": "I take metformin 500 mg twice a day.",
        "status": "active",
        "slots": {"value": 500, "unit": "mg", "frequency": "twice daily"},
    }
    base.update(changes)
    return ExtractedFact(**base)  # type: ignore[arg-type]


def test_a_fact_line_does_not_depend_on_the_order_of_its_slots() -> None:
    reordered = _fact(slots={"frequency": "twice daily", "unit": "mg", "value": 500})
    assert snapshot.fact_line("d1", 0, _fact()) == snapshot.fact_line("d1", 0, reordered)
    assert '"slots":{"frequency":"twice daily","unit":"mg","value":500}' in (
        snapshot.fact_line("d1", 0, reordered)
    )


def test_a_changed_field_makes_the_lines_differ() -> None:
    before = [snapshot.fact_line("d1", 0, _fact())]
    after = [snapshot.fact_line("d1", 0, _fact(subject="family:mother"))]
    diff = snapshot.differing_lines(before, after)
    assert [line[:2] for line in diff] == ["- ", "+ "]
    assert '"subject":"patient"' in diff[0] and '"subject":"family:mother"' in diff[1]
    assert snapshot.differing_lines(before, list(before)) == []


def test_compare_exits_one_on_a_difference_and_zero_on_equal_files(tmp_path: Path) -> None:
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    a.write_text(snapshot.fact_line("d1", 0, _fact()) + "\n", encoding="utf-8")
    b.write_text(snapshot.fact_line("d1", 0, _fact(status="stopped")) + "\n", encoding="utf-8")
    assert snapshot.main(["--compare", str(a), str(a)]) == 0
    assert snapshot.main(["--compare", str(a), str(b)]) == 1


def test_the_fact_lines_of_a_dialogue_sort_in_extraction_order() -> None:
    turns = (
        Turn(1, "doctor", "What medicines do you take?"),
        Turn(2, "patient", "I take metformin 500 mg twice a day."),
    )
    extracted = RuleExtractor().extract(snapshot.SessionText(date(2024, 3, 1), turns))
    facts = extracted.extraction.facts
    lines = [snapshot.fact_line("d1", i, f) for i, f in enumerate(facts)]
    assert any('"entity":"metformin"' in line for line in lines)
    assert lines == sorted(lines)  # positions are zero-padded: line order is fact order
