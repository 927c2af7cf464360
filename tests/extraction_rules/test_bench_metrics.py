"""The metric functions of bench/extraction_dev.py on tiny cases."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from memory.domain.types import ExtractedFact

_PATH = Path(__file__).resolve().parents[2] / "bench" / "extraction_dev.py"
_SPEC = importlib.util.spec_from_file_location("extraction_dev", _PATH)
assert _SPEC and _SPEC.loader
bench = importlib.util.module_from_spec(_SPEC)
sys.modules["extraction_dev"] = bench  # dataclasses look their module up there
_SPEC.loader.exec_module(bench)


def _fact(subject: str, entity: str, kind: str = "condition", **kw: object) -> ExtractedFact:
    return ExtractedFact(type=kind, subject=subject, entity=entity, content="x", **kw)  # type: ignore[arg-type]


def test_relative_entities_come_from_relative_sentences() -> None:
    assert bench.relative_entities("His mother had breast cancer. He has asthma.") == {
        "breast cancer": {"mother"}
    }


def test_attribution_counts_patient_as_error() -> None:
    rel = {"breast cancer": {"mother"}}
    counts = bench.attribution_counts(
        [_fact("patient", "breast cancer"), _fact("family:mother", "breast cancer")], rel
    )
    assert counts == (2, 1, 1)


def test_allergy_gold_negative_row() -> None:
    assert bench.allergy_gold("No known drug allergies.") == (set(), True)


def test_allergy_gold_list_row() -> None:
    names, negative = bench.allergy_gold("Penicillin.")
    assert (names, negative) == ({"penicillin"}, False)


def test_present_allergies_ignore_negated() -> None:
    def allergy(assertion: str) -> ExtractedFact:
        return _fact("patient", "penicillin", "safety", safety_kind="allergy", assertion=assertion)

    found = [bench.present_allergies([allergy(a)]) for a in ("negated", "present")]
    assert found == [set(), {"penicillin"}]


def test_parse_dialogue_joins_unprefixed_lines() -> None:
    turns = bench.parse_dialogue("Doctor: Hi.\nPatient: Hello\nthere.")
    assert turns[1].text == "Hello there."


def test_ratio_formats_counts() -> None:
    assert str(bench.Ratio(1, 4)) == "25.0% (1/4)"


def test_note_sections_pick_headers() -> None:
    note = "HPI\n\nfoo\n\nMEDICATIONS\n\nLisinopril.\n\nEXAM\n\nbar"
    assert "Lisinopril" in bench.note_sections(
        note, ("MEDICATIONS",)
    ) and "bar" not in bench.note_sections(note, ("MEDICATIONS",))


def test_length_summary_counts_contents_over_240_characters() -> None:
    longest, _p95, over = bench.length_summary([10, 20, 300])
    assert (longest, over.hit, over.total) == (300, 1, 3)
