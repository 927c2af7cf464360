"""The extractive answer quotes each record in words a clinician reads, in the answer's
language: the kind and item, what the date means, whose record it is; no stored codes."""

from __future__ import annotations

from datetime import date

from memory.answering.quotes import quoted_line
from memory.domain.evidence import FactView

APPENDECTOMY = FactView(
    fact_id=1, session_id="s03", subject="patient", fact_type="safety", entity="appendectomy",
    content="做过，1995年做过阑尾切除术", safety_kind="surgical_history",
    date=date(1995, 1, 1), date_precision="year", session_date=date(2024, 2, 5),
)  # fmt: skip
FATHERS_DRUG = FactView(
    fact_id=2, session_id="s04", subject="family:father", fact_type="medication_status",
    entity="amlodipine", content="He takes amlodipine", status="active",
    date=date(2024, 2, 26), session_date=date(2024, 2, 26),
)  # fmt: skip


def test_safety_record_is_quoted_with_kind_and_stated_year():
    line = quoted_line(APPENDECTOMY, (), "en", "profile")
    assert line.startswith("- Surgical history: Appendectomy — “做过")
    assert "dated 1995, recorded 2024-02-05; session s03" in line
    assert "surgical_history" not in line and "1995-01-01" not in line


def test_safety_record_is_quoted_in_chinese():
    line = quoted_line(APPENDECTOMY, (), "zh", "档案")
    assert line.startswith("- 手术史：阑尾切除术 — “做过")
    assert "日期1995，2024-02-05记录" in line and "surgical_history" not in line


def test_relatives_record_says_whose_it_is_and_marks_read_as_words():
    line = quoted_line(FATHERS_DRUG, ("superseded", "valid 2024-02-26..2024-09-08"), "en", "E3")
    assert "Medication: Amlodipine (active) [father's record]" in line
    assert "superseded by a later record; valid 2024-02-26 to 2024-09-08" in line
    assert "medication_status" not in line and "family:" not in line
    zh = quoted_line(FATHERS_DRUG, ("current (chain tail)",), "zh", "E3")
    assert "〔父亲的记录〕" in zh and "当前记录" in zh
