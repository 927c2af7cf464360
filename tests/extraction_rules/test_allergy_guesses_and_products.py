"""Skin and household products as allergens, guesses stored as suspected, and the
Chinese ways of denying every allergy (issue 29: an allergy is the patient reacting
to a substance; a guess is suspected; a denial is a negative finding).

Wording is invented; each negative sits beside a control that differs only in its cue.
"""

from __future__ import annotations

import pytest

from tests.extraction_rules._helpers import facts
from tests.extraction_rules._helpers import patient_allergies as _allergies

SUSPECTED = "hypothetical"


def test_a_product_the_patient_reacts_to_is_an_allergy_zh() -> None:
    assert _allergies(("Patient", "我一用那个面霜就过敏，脸上发红。")) == {"面霜": "present"}


def test_a_product_the_patient_reacts_to_is_an_allergy_en() -> None:
    found = _allergies(("Patient", "I'm allergic to hair dye, my scalp burns."))
    assert found == {"hair dyes": "present"}


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("我昨天敷了一片面膜，脸就过敏了。", {"面膜": "present"}),
        ("我昨天敷了一片面膜，脸就干了。", {}),
    ],
)
def test_a_product_used_without_a_reaction_is_no_allergy_zh(sentence: str, expected: dict) -> None:
    assert _allergies(("Patient", sentence)) == expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("建议停用这款化妆品，避免过敏加重。", {}),
        ("您这次对这款化妆品过敏，建议先停用。", {"化妆品": "present"}),
    ],
)
def test_advice_to_stop_a_product_names_no_allergy_zh(sentence: str, expected: dict) -> None:
    assert _allergies(("Doctor", sentence)) == expected


def test_a_clinicians_guess_at_a_product_is_suspected_zh() -> None:
    assert _allergies(("Doctor", "可能是对染发剂过敏。")) == {"染发剂": SUSPECTED}


def test_a_clinicians_likely_reading_is_suspected_zh() -> None:
    found = _allergies(("Doctor", "应该是对芒果过敏，以后先别吃了。"))
    assert found == {"芒果": SUSPECTED}


def test_a_clinicians_plain_finding_stays_present_zh() -> None:
    found = _allergies(("Doctor", "您是对芒果过敏，以后先别吃了。"))
    assert found == {"芒果": "present"}


def test_a_guess_at_an_unlisted_substance_is_suspected_zh() -> None:
    found = _allergies(("Doctor", "可能是对新换的枕头套过敏。"))
    assert found == {"枕头套": SUSPECTED}


def test_the_patients_own_guess_asked_is_suspected_zh() -> None:
    found = _allergies(("Patient", "脸上起了疹子，是不是对洗衣液过敏了？"))
    assert found == {"洗衣液": SUSPECTED}


def test_the_patients_own_guess_asked_is_suspected_en() -> None:
    found = _allergies(("Patient", "Could I be allergic to the new laundry detergent?"))
    assert found == {"laundry detergent": SUSPECTED}


@pytest.mark.parametrize(
    ("speaker", "expected"),
    [("Doctor", {}), ("Patient", {"洗衣液": SUSPECTED})],
)
def test_a_clinicians_same_question_finds_nothing_zh(speaker: str, expected: dict) -> None:
    assert _allergies((speaker, "是不是对洗衣液过敏了？")) == expected


@pytest.mark.parametrize(
    ("speaker", "expected"),
    [("Doctor", {}), ("Patient", {"laundry detergent": SUSPECTED})],
)
def test_a_clinicians_same_question_finds_nothing_en(speaker: str, expected: dict) -> None:
    found = _allergies((speaker, "Could I be allergic to the new laundry detergent?"))
    assert found == expected


def test_a_guess_asked_is_never_a_denial_zh() -> None:
    found = _allergies(("Patient", "我是不是对新买的洗衣液过敏了？"))
    assert found == {"洗衣液": SUSPECTED}


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [("有些人可能对化妆品过敏。", {}), ("您可能对化妆品过敏。", {"化妆品": SUSPECTED})],
)
def test_a_general_statement_about_some_people_names_no_allergy_zh(
    sentence: str, expected: dict
) -> None:
    assert _allergies(("Doctor", sentence)) == expected


def test_an_allergy_test_told_with_its_positive_result_is_an_allergy_zh() -> None:
    assert _allergies(("Patient", "上个月查了过敏原，猫毛阳性。")) == {"猫毛": "present"}


def test_an_allergy_test_told_with_its_negative_result_is_a_denial_zh() -> None:
    assert _allergies(("Patient", "上个月查了过敏原，猫毛阴性。")) == {"猫毛": "negated"}


def _denials(speaker: str, sentence: str) -> list[str]:
    found = facts((speaker, sentence), kind="allergy")
    return [f.assertion for f in found if f.entity is None and f.subject == "patient"]


@pytest.mark.parametrize("sentence", ["我不对任何药物过敏。", "过敏史：无。", "过敏史 否认。"])
def test_a_chinese_denial_of_every_allergy_is_a_negative_finding(sentence: str) -> None:
    assert _denials("Patient", sentence) == ["negated"]


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [("这个药我吃了不对症。", []), ("这个药我吃了不过敏。", ["negated"])],
)
def test_a_chinese_wrong_medicine_is_no_denial_of_allergy(sentence: str, expected: list) -> None:
    assert _denials("Patient", sentence) == expected


def test_a_denial_of_every_allergy_is_a_negative_finding_en() -> None:
    assert _denials("Patient", "I'm not allergic to any medicines.") == ["negated"]


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("每年四月一闻到杨絮就过敏，打喷嚏。", {"杨絮": "present"}),
        ("每年四月出门注意避开杨絮，少打喷嚏。", {}),
    ],
)
def test_catkins_are_an_allergen_only_when_the_patient_reacts_zh(
    sentence: str, expected: dict
) -> None:
    assert _allergies(("Patient", sentence)) == expected


def test_catkins_the_patient_reacts_to_are_an_allergy_en() -> None:
    found = _allergies(("Patient", "Every April I am allergic to the poplar catkins."))
    assert found == {"poplar catkins": "present"}


def test_a_modified_substance_is_named_by_its_head_noun_zh() -> None:
    assert _allergies(("Patient", "我对刚换的枕头套过敏。")) == {"枕头套": "present"}


def test_a_kind_word_after_the_substance_is_dropped_zh() -> None:
    assert _allergies(("Patient", "我对贝壳类过敏。")) == {"贝壳": "present"}


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("我对指甲油中的某些成分过敏。", {"指甲油": "present"}),
        ("我对指甲油中的甲醛过敏。", {"甲醛": "present"}),
    ],
)
def test_an_unnamed_part_of_a_product_names_the_product_zh(sentence: str, expected: dict) -> None:
    assert _allergies(("Patient", sentence)) == expected
