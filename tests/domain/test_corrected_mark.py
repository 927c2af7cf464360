"""A record a clinician corrected says so wherever it is shown: its value may differ
from the words it quotes, and a reader must not take that for an extraction error."""

from __future__ import annotations

from memory.answering.quotes import mark_text
from memory.domain.evidence import FactView
from memory.domain.render import CORRECTED, fact_marks


def _reading(corrected: bool) -> FactView:
    return FactView(
        fact_id=1, session_id="s9", subject="patient", fact_type="vital",
        entity="blood pressure", content="Home average was 128/80.", value="138/80",
        unit="mmHg", corrected=corrected,
    )  # fmt: skip


def test_a_corrected_record_carries_the_corrected_mark() -> None:
    assert (CORRECTED in fact_marks(_reading(True)), CORRECTED in fact_marks(_reading(False))) == (
        True,
        False,
    )


def test_the_corrected_mark_reads_in_chinese() -> None:
    assert mark_text(CORRECTED, "zh") == "经临床医生更正"
