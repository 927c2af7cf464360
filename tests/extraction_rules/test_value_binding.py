"""A value binds to the item whose quantity it is (issue 30, item 1): the unit
decides the kind, and in a coordinated list each item keeps its own value,
frequency and route. Every negative has a positive control differing only in the cue."""

from __future__ import annotations

from datetime import date
from types import SimpleNamespace

from memory.web.trend import readings
from tests.extraction_rules._helpers import facts


def _doses(*turns: tuple[str, str]) -> list[tuple[str, str, str | None]]:
    return [
        (f.entity, f.status, f.value)
        for f in facts(*turns, kind="medication_status")
        if f.value is not None
    ]


def _labs(said: str) -> dict[str, object]:
    return {f.entity: f.slots.get("value") for f in facts(("doctor", said), kind="lab_result")}


# --- kg is a body weight, never a dose ----------------------------------------------

_ZH_GOOD_DRUG = "这回糖化血红蛋白6.9%，您的二甲双胍效果挺好。"


def test_chinese_weight_in_kilograms_after_a_drug_is_no_dose() -> None:
    turns = [("doctor", _ZH_GOOD_DRUG), ("doctor", "体重也减到68公斤了。")]
    # Control: the same change with a dose unit is the drug's new dose.
    control = [("doctor", _ZH_GOOD_DRUG), ("doctor", "剂量也减到500毫克了。")]
    assert (_doses(*turns), _doses(*control)) == ([], [("metformin", "dose_changed", "500")])


def test_english_weight_in_kilos_after_a_drug_is_no_dose() -> None:
    turns = [
        ("doctor", "Your A1c is 6.9% this time, the metformin is doing its job."),
        ("doctor", "And you've come down to 68 kilos."),
    ]
    # Control: the same follow-up with a dose unit is the drug's new dose.
    control = [turns[0], ("doctor", "Let's bring it down to 500 mg.")]
    assert ("metformin", "dose_changed", "500") in _doses(*control)
    assert _doses(*turns) == []


def test_weight_is_still_recorded_as_a_weight() -> None:
    weights = facts(("doctor", "您的体重也减到68公斤了。"), kind="vital")
    assert [(f.entity, f.slots.get("value")) for f in weights] == [("weight", 68)]


# --- a lab value belongs to the lab named nearest before it --------------------------


def test_chinese_ldl_cholesterol_keeps_its_own_value_beside_total_cholesterol() -> None:
    assert _labs("血脂结果：低密度脂蛋白胆固醇2.9 mmol/L，总胆固醇4.8。") == {
        "ldl": 2.9,
        "total cholesterol": 4.8,
    }


def test_english_ldl_cholesterol_keeps_its_own_value_beside_total_cholesterol() -> None:
    assert _labs("Lipids came back: LDL cholesterol 2.9 mmol/L, total cholesterol 4.8.") == {
        "ldl": 2.9,
        "total cholesterol": 4.8,
    }


def test_chinese_hdl_cholesterol_is_not_total_cholesterol() -> None:
    assert _labs("高密度脂蛋白胆固醇1.3。") == {"hdl": 1.3}


def test_egfr_written_straight_after_a_chinese_word_is_read() -> None:
    assert _labs("查了肾功能eGFR 76，还可以。") == {"egfr": 76}


def test_egfr_written_with_a_space_after_a_chinese_word_is_read_control() -> None:
    assert _labs("查了肾功能 eGFR 76，还可以。") == {"egfr": 76}


def test_english_egfr_and_potassium_both_read() -> None:
    assert _labs("Kidney function is fine, eGFR 76 and potassium 4.6.") == {
        "egfr": 76,
        "potassium": 4.6,
    }


def test_chinese_egfr_and_potassium_both_read() -> None:
    assert _labs("肾功能eGFR 76，血钾4.6，都在正常范围。") == {"egfr": 76, "potassium": 4.6}


# --- in a coordinated list each drug keeps its own frequency ----------------------


def _frequencies(said: str) -> dict[str, object]:
    found = facts(("doctor", said), kind="medication_status")
    return {f.entity: f.slots.get("frequency") for f in found}


def test_chinese_coordinated_drugs_keep_their_own_frequencies() -> None:
    said = "照旧：二甲双胍850毫克一天两次，瑞舒伐他汀10毫克每晚一次。"
    assert _frequencies(said) == {"metformin": "twice daily", "rosuvastatin": "at bedtime"}


def test_chinese_frequency_of_the_previous_drug_does_not_reach_the_next() -> None:
    said = "氨氯地平5毫克每天一次，二甲双胍850毫克一天两次。"
    assert _frequencies(said) == {"amlodipine": "once daily", "metformin": "twice daily"}


def test_chinese_frequency_said_before_the_drug_in_its_own_coordinate_is_kept() -> None:
    assert _frequencies("她现在一天打两次胰岛素。") == {"insulin": "twice daily"}


def test_english_coordinated_drugs_keep_their_own_frequencies() -> None:
    said = "No change: metformin 850 mg twice a day, rosuvastatin 10 mg once nightly."
    assert _frequencies(said) == {"metformin": "twice daily", "rosuvastatin": "at bedtime"}


# --- a weight said beside a blood pressure plots as the weight ----------------------


def _reading(value: str, content: str) -> SimpleNamespace:
    return SimpleNamespace(
        verification="unconfirmed",
        effective_date=date(2024, 3, 1),
        value=value,
        unit="kg",
        content=content,
        slots={"value": float(value)} if value else {},
    )


def test_weight_said_beside_a_pressure_plots_its_own_value() -> None:
    [point] = readings([_reading("77.5", "今天体重77.5公斤，血压132/84。")])
    assert (point.value, point.second) == (77.5, None)


def test_english_weight_said_beside_a_pressure_plots_its_own_value() -> None:
    [point] = readings([_reading("77.5", "Weight 77.5 kg today, blood pressure 132/84.")])
    assert (point.value, point.second) == (77.5, None)


def test_a_pressure_without_a_stored_value_is_read_from_its_words_control() -> None:
    [point] = readings([_reading("", "Blood pressure 132/84.")])
    assert (point.value, point.second) == (132.0, 84.0)


def _units(said: str) -> dict[str, object]:
    return {f.entity: f.slots.get("unit") for f in facts(("doctor", said), kind="lab_result")}


def test_chinese_lipid_said_without_a_unit_takes_the_panels_unit() -> None:
    got = _units("血脂结果：低密度脂蛋白胆固醇2.9 mmol/L，总胆固醇4.8。")
    assert got == {"ldl": "mmol/L", "total cholesterol": "mmol/L"}


def test_english_lipid_said_without_a_unit_takes_the_panels_unit() -> None:
    got = _units("Lipids came back: LDL cholesterol 2.9 mmol/L, total cholesterol 4.8.")
    assert got == {"ldl": "mmol/L", "total cholesterol": "mmol/L"}


def test_a_lab_outside_the_panel_does_not_take_its_unit_control() -> None:
    got = _units("LDL cholesterol 2.9 mmol/L, creatinine 88.")
    assert got["creatinine"] != "mmol/L"
