"""A medication list answer counts only the drugs the patient is on; a plan or an
as-needed recommendation is named apart, in both languages."""

from __future__ import annotations

from memory.answering.extractive import extractive_answer
from tests.answering.records import anchor, profile, view

V160 = view("medication_status", "valsartan", "Valsartan 160 mg once daily.", status="active",
            value="160", unit="mg")  # fmt: skip
ADVISED = view("medication_status", "acetaminophen", "You can take Tylenol if it hurts.",
               status="planned")  # fmt: skip


def _lines(question: str, lang: str) -> list[str]:
    text = extractive_answer(question, lang, profile(meds=(V160, ADVISED)), [anchor(V160)], None)
    return text.splitlines()


def test_current_medications_leave_out_an_advised_drug() -> None:
    assert _lines("What medications is the patient taking?", "en")[0] == (
        "Current medications (1): Valsartan"
    )


def test_an_advised_drug_is_named_as_planned_or_recommended() -> None:
    lines = _lines("What medications is the patient taking?", "en")
    assert "Planned or recommended, not yet taken (1): Acetaminophen" in lines


def test_chinese_current_medications_leave_out_an_advised_drug() -> None:
    assert _lines("患者现在在吃什么药？", "zh")[0].startswith("当前用药（1项）")


def test_chinese_advised_drug_is_named_apart() -> None:
    lines = _lines("患者现在在吃什么药？", "zh")
    assert any(x.startswith("计划或建议使用、尚未服用的药物（1项）") for x in lines)
