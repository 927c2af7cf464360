"""A benign pathology result of tissue removed in the same visit is history, not a
current diagnosis (the demo showed "adenoma, confirmed" for polyps taken out); a
malignant result, or one with no removal told, stays current. Wording is invented."""

from __future__ import annotations

import pytest

from tests.extraction_rules._helpers import facts


def _conditions(*turns: tuple[str, str]) -> dict[str, str]:
    return {f.entity: f.assertion for f in facts(*turns, kind="condition") if f.entity}


REMOVED_EN = ("Doctor", "We took out three small polyps from your colon last week.")
REMOVED_ZH = ("医生", "上周肠镜给您切除了三个小息肉。")


@pytest.mark.parametrize(
    ("result", "expected"),
    [
        ("The pathology came back as tubular adenomas, benign.", "historical"),
        ("The pathology came back as tubular adenomas.", "present"),
    ],
)
def test_a_benign_result_of_removed_tissue_is_history_en(result: str, expected: str) -> None:
    assert _conditions(REMOVED_EN, ("Doctor", result))["adenoma"] == expected


@pytest.mark.parametrize(
    ("result", "expected"),
    [("病理结果是管状腺瘤，良性的。", "historical"), ("病理结果是管状腺瘤。", "present")],
)
def test_a_benign_result_of_removed_tissue_is_history_zh(result: str, expected: str) -> None:
    assert _conditions(REMOVED_ZH, ("医生", result))["adenoma"] == expected


def test_a_malignant_result_of_removed_tissue_stays_current_en() -> None:
    found = _conditions(REMOVED_EN, ("Doctor", "The pathology shows adenocarcinoma."))
    assert found["adenocarcinoma"] == "present"


@pytest.mark.parametrize(
    ("first", "expected"),
    [
        (("Doctor", "We looked at your colon last week."), "present"),
        (REMOVED_EN, "historical"),
    ],
)
def test_a_benign_result_with_no_removal_told_stays_current_en(
    first: tuple[str, str], expected: str
) -> None:
    result = ("Doctor", "The biopsy shows a tubular adenoma, benign.")
    assert _conditions(first, result)["adenoma"] == expected
