"""Common chronic conditions are recognised by their lay names, in both languages."""

from __future__ import annotations

import pytest

from memory.extraction.rules.entities import find_entities
from memory.lexicon import lookup
from tests.extraction_rules._helpers import facts


@pytest.mark.parametrize(
    ("surface", "canonical"),
    [
        ("bulging discs", "lumbar disc herniation"),
        ("椎间盘突出", "lumbar disc herniation"),
        ("torn rotator cuff", "rotator cuff injury"),
        ("肩袖撕裂", "rotator cuff injury"),
        ("thyroid problems", "thyroid disease"),
        ("甲状腺疾病", "thyroid disease"),
        ("kidney problems", "kidney disease"),
        ("肾病", "kidney disease"),
        ("老胃病", "stomach disease"),
        ("borderline diabetes", "prediabetes"),
        ("胆固醇高", "hyperlipidemia"),
    ],
)
def test_lay_name_looks_up_its_condition(surface: str, canonical: str) -> None:
    entry = lookup(surface)
    assert entry is not None and (entry.canonical, entry.kind) == (canonical, "disease")


def test_a_more_specific_chinese_name_keeps_its_own_entry() -> None:
    hits = find_entities("我有慢性肾病和糖尿病肾病", zh=True)
    assert [h.canonical for h in hits] == ["chronic kidney disease", "diabetic nephropathy"]


def test_bulging_discs_in_a_sentence_is_a_condition() -> None:
    found = facts(("Patient", "I have a couple of bulging discs in my lower back."))
    assert [(f.type, f.entity) for f in found if f.type == "condition"] == [
        ("condition", "lumbar disc herniation")
    ]


def test_chinese_old_stomach_trouble_is_a_condition() -> None:
    found = facts(("患者", "我有老胃病，吃点凉的就不舒服。"))
    assert ("condition", "stomach disease") in [(f.type, f.entity) for f in found]


def test_sleep_apnea_is_a_diagnosis_not_a_symptom() -> None:
    hits = find_entities("He has sleep apnea and uses a CPAP at night.", zh=False)
    assert [(h.canonical, h.kind) for h in hits if h.canonical == "obstructive sleep apnea"] == [
        ("obstructive sleep apnea", "disease")
    ]


def test_obesity_is_a_diagnosis_not_a_symptom() -> None:
    hits = find_entities("Her obesity makes the knee worse.", zh=False)
    assert [(h.canonical, h.kind) for h in hits] == [("obesity", "disease")]


def test_chinese_snoring_stays_a_symptom() -> None:
    hits = find_entities("我晚上打鼾很厉害", zh=True)
    assert [h.kind for h in hits] == ["symptom"]
