"""parse_extraction: the Appendix A contract, one rule per test (pure, no server)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from memory.extraction.validation import ValidationError, parse_extraction
from tests.fakes.openai_server import recorded_session, reply_text


def fact(**overrides: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "type": "medication_status",
        "subject": "patient",
        "entity": "lisinopril",
        "content": "Takes lisinopril 10 mg daily",
        "value": "10",
        "unit": "mg",
        "status": "active",
        "date": None,
        "is_state_change": False,
        "replaces": None,
        "safety_kind": None,
        "causes": [],
        "evidence_turn": 2,
        "confidence": 0.9,
        "assertion": "present",
    }
    base.update(overrides)
    return base


def parse(*facts: dict[str, Any], n_turns: int = 5, subject: Any = "patient"):
    return parse_extraction(json.dumps({"session_subject": subject, "facts": list(facts)}), n_turns)


def one(**overrides: Any):
    return parse(fact(**overrides)).facts[0]


def error(*facts: dict[str, Any], n_turns: int = 5) -> str:
    with pytest.raises(ValidationError) as info:
        parse(*facts, n_turns=n_turns)
    return str(info.value)


# --- reading the reply text -------------------------------------------------
def test_code_fences_are_stripped() -> None:
    raw = '```json\n{"session_subject": "patient", "facts": []}\n```'
    assert parse_extraction(raw, 3).session_subject == "patient"


def test_leading_and_trailing_prose_is_ignored() -> None:
    raw = 'Here is the JSON: {"session_subject": "none", "facts": []} Hope it helps!'
    assert parse_extraction(raw, 3).session_subject == "none"


def test_braces_in_leading_prose_do_not_hide_the_object() -> None:
    raw = 'Format {as asked}: {"session_subject": "patient", "facts": []}'
    assert parse_extraction(raw, 3).facts == ()


def test_prose_without_json_is_rejected() -> None:
    with pytest.raises(ValidationError, match=r"^\$: no JSON object"):
        parse_extraction("Sorry, I cannot help with that.", 3)


def test_empty_reply_is_rejected() -> None:
    with pytest.raises(ValidationError, match="empty reply"):
        parse_extraction("  ", 3)


def test_cut_off_json_is_rejected() -> None:
    with pytest.raises(ValidationError, match="not valid JSON"):
        parse_extraction('{"session_subject": "patient", "facts": [{"type": "vit', 3)


def test_top_level_list_is_rejected() -> None:
    with pytest.raises(ValidationError, match="expected a JSON object"):
        parse_extraction('[{"session_subject": "patient", "facts": []}]', 3)


def test_missing_facts_list_is_rejected() -> None:
    with pytest.raises(ValidationError, match=r"^facts: expected a list"):
        parse_extraction('{"session_subject": "patient"}', 3)


def test_missing_session_subject_is_rejected() -> None:
    with pytest.raises(ValidationError, match=r"^session_subject: missing"):
        parse_extraction('{"facts": []}', 3)


# --- subjects ---------------------------------------------------------------
def test_session_subject_in_chinese_is_canonicalized() -> None:
    assert parse(subject="family:父亲").session_subject == "family:father"


def test_mixed_session_subject_is_kept() -> None:
    assert parse(subject="mixed").session_subject == "mixed"


def test_fact_subject_in_chinese_is_canonicalized() -> None:
    assert one(subject="family:妈妈").subject == "family:mother"


def test_unknown_subject_kind_names_the_fact() -> None:
    assert error(fact(), fact(subject="pet:dog")).startswith("facts[1].subject:")


def test_missing_fact_subject_is_rejected() -> None:
    bad = fact()
    del bad["subject"]
    assert error(bad) == "facts[0].subject: missing"


def test_general_knowledge_facts_are_dropped() -> None:
    result = parse(fact(), fact(subject="none", content="Statins lower LDL"))
    assert [f.content for f in result.facts] == ["Takes lisinopril 10 mg daily"]


def test_causes_are_renumbered_after_dropping_general_knowledge() -> None:
    result = parse(fact(subject="none"), fact(type="symptom"), fact(causes=[1]))
    assert result.facts[1].causes == (0,)


def test_causes_pointing_at_general_knowledge_are_removed() -> None:
    result = parse(fact(subject="none"), fact(causes=[0]))
    assert result.facts[0].causes == ()


# --- type, status, safety kind ----------------------------------------------
def test_unknown_type_is_rejected() -> None:
    assert error(fact(type="diagnosis")).startswith("facts[0].type: 'diagnosis' is not one of")


def test_medication_status_outside_the_allowed_set_is_rejected() -> None:
    expected = "facts[3].status: 'ongoing' is not one of active|stopped|dose_changed|planned"
    assert error(fact(), fact(), fact(), fact(status="ongoing")) == expected


def test_condition_needs_a_condition_status() -> None:
    assert "is not one of suspected|confirmed" in error(fact(type="condition", status="active"))


def test_missing_medication_status_is_rejected() -> None:
    assert error(fact(status=None)).startswith("facts[0].status: required for medication_status")


def test_status_case_is_normalized() -> None:
    assert one(status=" Stopped ").status == "stopped"


def test_safety_fact_with_a_status_is_rejected() -> None:
    bad = fact(type="safety", status="active", safety_kind="allergy")
    assert error(bad) == "facts[0].status: must be null (or planned) for safety, got 'active'"


def test_safety_fact_needs_a_safety_kind() -> None:
    bad = fact(type="safety", status=None, safety_kind=None)
    assert error(bad).startswith("facts[0].safety_kind: required for safety")


def test_unknown_safety_kind_is_rejected() -> None:
    bad = fact(type="safety", status=None, safety_kind="warning")
    assert "'warning' is not one of allergy|contraindication" in error(bad)


def test_safety_kind_on_a_non_safety_fact_is_ignored() -> None:
    assert one(safety_kind="allergy").safety_kind is None


def test_symptom_status_is_optional() -> None:
    assert one(type="symptom", status=None).status is None


# --- dates --------------------------------------------------------------------
def test_full_date_has_day_precision() -> None:
    got = one(date="2024-01-15")
    assert (got.date, got.date_precision) == ("2024-01-15", "day")


def test_year_only_date_becomes_january_first_with_year_precision() -> None:
    got = one(date="2019")
    assert (got.date, got.date_precision) == ("2019-01-01", "year")


def test_year_month_date_has_month_precision() -> None:
    got = one(date="2019-03")
    assert (got.date, got.date_precision) == ("2019-03-01", "month")


def test_null_date_means_the_session_date() -> None:
    assert one(date=None).date is None


def test_unknown_date_word_is_read_as_null() -> None:
    assert one(date="unknown").date is None


def test_impossible_date_is_rejected() -> None:
    assert "not a real date" in error(fact(date="2024-02-30"))


def test_non_iso_date_is_rejected() -> None:
    assert error(fact(date="15/01/2024")).startswith("facts[0].date:")


# --- causes, evidence turn, confidence --------------------------------------
def test_causes_index_other_facts() -> None:
    assert parse(fact(type="symptom"), fact(causes=[0])).facts[1].causes == (0,)


def test_cause_out_of_range_is_rejected() -> None:
    assert error(fact(causes=[4])) == "facts[0].causes: 4 is out of range 0..0"


def test_cause_pointing_at_itself_is_rejected() -> None:
    assert error(fact(), fact(causes=[1])) == "facts[1].causes: 1 refers to the fact itself"


def test_non_integer_cause_is_rejected() -> None:
    assert "is not a fact index" in error(fact(), fact(causes=["0"]))


def test_evidence_turn_beyond_the_dialogue_is_rejected() -> None:
    assert error(fact(evidence_turn=6)) == "facts[0].evidence_turn: 6 is out of range 1..5"


def test_evidence_turn_zero_is_rejected() -> None:
    assert error(fact(evidence_turn=0)) == "facts[0].evidence_turn: 0 is out of range 1..5"


def test_missing_evidence_turn_is_rejected() -> None:
    assert error(fact(evidence_turn=None)) == "facts[0].evidence_turn: missing"


def test_confidence_above_one_is_rejected() -> None:
    assert error(fact(confidence=95)) == "facts[0].confidence: 95 is not in 0..1"


def test_missing_confidence_gets_the_default() -> None:
    assert one(confidence=None).confidence == 0.8


# --- content, value, unit, assertion, extra keys ------------------------------
def test_blank_content_is_rejected() -> None:
    assert error(fact(content="  ")) == "facts[0].content: must be a non-empty string"


def test_numeric_value_keeps_its_written_digits() -> None:
    written = json.dumps(fact()).replace('"value": "10"', '"value": 120.50')
    raw = '{"session_subject": "patient", "facts": [' + written + "]}"
    assert parse_extraction(raw, 5).facts[0].value == "120.50"


def test_integer_value_becomes_a_string() -> None:
    assert one(value=20).value == "20"


def test_list_value_is_rejected() -> None:
    assert error(fact(value=[1, 2])).startswith("facts[0].value: expected a string, number or null")


def _v1(**overrides: Any):
    """A v1 reply: its prompt did not ask for an assertion."""
    item = fact(**overrides)
    item.pop("assertion")
    raw = json.dumps({"session_subject": "patient", "facts": [item]})
    return parse_extraction(raw, 5, prompt_version="v1").facts[0]


def test_v1_reply_without_assertion_defaults_to_present() -> None:
    assert _v1().assertion == "present"


def test_v1_negated_flag_makes_a_negated_fact() -> None:
    assert _v1(negated=True).assertion == "negated"


def test_v2_reply_without_assertion_is_rejected_naming_the_fact() -> None:
    item = fact()
    item.pop("assertion")
    assert error(fact(), item) == (
        "facts[1].assertion: missing (required: one of present|negated|hypothetical|historical)"
    )


def test_v2_null_assertion_is_rejected() -> None:
    assert error(fact(assertion=None)).startswith("facts[0].assertion: missing")


def test_explicit_assertion_is_kept() -> None:
    assert one(assertion="hypothetical").assertion == "hypothetical"


def test_unknown_assertion_is_rejected() -> None:
    assert error(fact(assertion="maybe")).startswith("facts[0].assertion: 'maybe' is not one of")


def test_unknown_extra_keys_are_ignored() -> None:
    assert one(reasoning="because the patient said so").entity == "lisinopril"


def test_non_boolean_state_change_is_rejected() -> None:
    assert error(fact(is_state_change="yes")).startswith("facts[0].is_state_change:")


# --- recorded replies -------------------------------------------------------
def test_recorded_family_consultation_puts_every_fact_on_the_father() -> None:
    session, reply = recorded_session("zh_family_father")
    result = parse_extraction(reply_text(reply), len(session.turns), prompt_version="v1")
    assert {f.subject for f in result.facts} == {"family:father"}


def test_recorded_negated_allergy_is_a_negated_safety_fact() -> None:
    session, reply = recorded_session("en_negated_allergy_relative")
    result = parse_extraction(reply_text(reply), len(session.turns), prompt_version="v1")
    assert (result.facts[0].safety_kind, result.facts[0].assertion) == ("allergy", "negated")


# --- slots --------------------------------------------------------------------
def test_blood_pressure_slots_are_kept_as_numbers() -> None:
    slots = {"systolic": 136, "diastolic": "84", "unit": "mmHg"}
    got = one(type="vital", entity="blood pressure", status=None, slots=slots).slots
    assert got == {"systolic": 136, "diastolic": 84, "unit": "mmHg"}


def test_dose_slots_keep_frequency_and_route() -> None:
    slots = {"value": 20, "unit": "mg", "frequency": "once daily", "route": "oral"}
    assert one(slots=slots).slots == slots


def test_missing_slots_are_derived_from_value_and_unit() -> None:
    assert one().slots == {"value": 10, "unit": "mg"}


def test_blood_pressure_value_gives_systolic_and_diastolic_slots() -> None:
    got = one(type="vital", entity="blood pressure", status=None, value="150/95", unit=None)
    assert got.slots == {"systolic": 150, "diastolic": 95, "unit": "mmHg"}


def test_unknown_slot_is_rejected_naming_its_path() -> None:
    assert error(fact(slots={"dose": 20})).startswith("facts[0].slots.dose: unknown slot")


def test_non_numeric_systolic_is_rejected() -> None:
    slots = {"systolic": "high", "diastolic": 80}
    message = error(fact(type="vital", status=None, slots=slots))
    assert message.startswith("facts[0].slots.systolic: expected a number")


def test_systolic_without_diastolic_is_rejected() -> None:
    message = error(fact(type="vital", status=None, slots={"systolic": 140}))
    assert message == "facts[0].slots: systolic and diastolic go together"


def test_slots_that_are_not_an_object_are_rejected() -> None:
    assert error(fact(slots=[20, "mg"])).startswith("facts[0].slots: expected an object")


def _allergy(slots: dict) -> str:
    import json as _json

    return _json.dumps({"session_subject": "patient", "facts": [{
        "type": "safety", "subject": "patient", "entity": "penicillin", "content": "hives",
        "value": None, "unit": None, "slots": slots, "status": None, "date": None,
        "is_state_change": False, "replaces": None, "safety_kind": "allergy",
        "assertion": "present", "causes": [], "evidence_turn": 1, "confidence": 0.9}]})  # fmt: skip


def test_an_allergy_keeps_its_reaction_and_severity() -> None:
    from memory.extraction.validation import parse_extraction

    fact = parse_extraction(_allergy({"reaction": "hives", "severity": "Severe"}), n_turns=2).facts[
        0
    ]
    assert fact.slots == {"reaction": "hives", "severity": "severe"}


def test_an_unknown_severity_is_refused_with_its_path() -> None:
    from memory.extraction.validation import ValidationError, parse_extraction

    with pytest.raises(ValidationError, match=r"facts\[0\]\.slots\.severity"):
        parse_extraction(_allergy({"severity": "terrible"}), n_turns=2)


def test_a_reaction_slot_on_a_medication_is_refused() -> None:
    import json as _json

    from memory.extraction.validation import ValidationError, parse_extraction

    raw = _json.loads(_allergy({"reaction": "hives"}))
    raw["facts"][0].update(type="medication_status", safety_kind=None, status="active")
    with pytest.raises(ValidationError, match="unknown slot"):
        parse_extraction(_json.dumps(raw), n_turns=2)


def test_planned_operation_keeps_its_planned_status() -> None:
    planned = one(type="safety", status="planned", safety_kind="surgical_history")
    assert planned.status == "planned"
