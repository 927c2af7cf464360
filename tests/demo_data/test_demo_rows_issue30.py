"""The demo patient's rows that reviewers found wrong (issue 30), read by the rule
extractor from the demo's own sessions: every value under its own item, no
diagnosis from counselling, a vaccine given today as history. The paraphrases in
the other language are in tests/extraction_rules (test_value_binding,
test_labs_and_scores, test_coherent_mentions)."""

from __future__ import annotations

import json
from datetime import date
from functools import cache
from pathlib import Path

from memory.domain.types import ExtractedFact, Turn
from memory.extraction.base import SessionText
from memory.extraction.rules import RuleExtractor

DEMO = Path(__file__).resolve().parents[2] / "memory" / "fixtures" / "demo" / "demo_patient.json"


@cache
def _facts(session_id: str) -> tuple[ExtractedFact, ...]:
    doc = json.loads(DEMO.read_text(encoding="utf-8"))
    [s] = [s for s in doc["sessions"] if s["id"] == session_id]
    turns = tuple(Turn(i + 1, t["speaker"], t["text"]) for i, t in enumerate(s["turns"]))
    when = date.fromisoformat(s["date"]) if s.get("date") else None
    return RuleExtractor().extract(SessionText(when, turns, s.get("title"))).extraction.facts


def _values(session_id: str, kind: str) -> dict[str, object]:
    return {f.entity: f.slots.get("value") for f in _facts(session_id) if f.type == kind}


def test_weight_after_metformin_praise_is_no_metformin_dose() -> None:
    doses = [f.value for f in _facts("s10") if f.entity == "metformin"]
    assert doses == [None]


def test_lipid_panel_values_sit_under_ldl_and_total_cholesterol() -> None:
    labs = _values("s21", "lab_result")
    assert (labs.get("ldl"), labs.get("total cholesterol")) == (3.4, 5.6)


def test_weight_beside_a_pressure_is_the_weight() -> None:
    assert _values("s03", "vital")["weight"] == 81.5


def test_coordinated_medicines_keep_their_own_frequencies() -> None:
    got = {f.entity: f.slots.get("frequency") for f in _facts("s29") if f.value}
    assert (got["metformin"], got["atorvastatin"]) == ("twice daily", "at bedtime")


def test_kidney_function_written_after_chinese_is_the_patients_egfr() -> None:
    found = [(f.subject, f.slots["value"]) for f in _facts("s17") if f.entity == "egfr"]
    assert found == [("patient", 90)]


def test_egfr_and_potassium_of_the_annual_review_are_recorded() -> None:
    labs = _values("s29", "lab_result")
    assert (labs.get("egfr"), labs.get("potassium")) == (88, 4.3)


def test_phq9_band_records_moderate_depression() -> None:
    found = [f.slots for f in _facts("s09") if f.type == "condition"]
    assert found == [{"severity": "moderate"}]


def test_benefit_of_a_statin_records_no_heart_attack_or_stroke() -> None:
    named = {f.entity for f in _facts("s27") if f.type == "condition"}
    assert not named & {"myocardial infarction", "stroke"}


def test_rash_retold_in_the_allergy_story_is_no_diagnosis() -> None:
    assert "exanthema" not in {f.entity for f in _facts("s02") if f.type == "condition"}


def test_flu_shot_given_today_is_administered() -> None:
    events = {f.entity: f.value for f in _facts("s28") if f.type == "event"}
    assert events == {"influenza vaccine": "administered"}


def test_test_ordered_for_the_mother_is_no_neuropathy() -> None:
    named = {f.entity for f in _facts("s08") if f.type == "condition"}
    assert "peripheral neuropathy" not in named


def test_advice_if_the_father_faints_is_no_event() -> None:
    assert [f for f in _facts("s04") if f.type == "event"] == []
