"""Evidence as the reader gets it (domain.render.evidence_text): numbered lines [E1]..
so an answer can cite them; a fact with its role and labels, raw dialogue labelled
as the source or as a fallback, with its session and date (from the mutation pass
over render)."""

from __future__ import annotations

from datetime import date

from memory.domain.evidence import EvidenceItem, FactView
from memory.domain.render import evidence_line, evidence_text, window_text

ECZEMA = FactView(
    fact_id=4, session_id="visit-c", subject="patient", fact_type="condition",
    entity="eczema", content="Itchy patches behind both knees", date=date(2025, 6, 2),
)  # fmt: skip
DIALOGUE = EvidenceItem(
    role="source", text="patient: 膝盖后面痒了两个月\ndoctor: 用过什么药膏吗？",
    session_id="visit-c", session_date=date(2025, 6, 2),
)  # fmt: skip


def test_source_dialogue_is_labelled_with_its_session_and_indented() -> None:
    assert window_text(DIALOGUE) == (
        "source dialogue, session visit-c (2025-06-02):\n"
        "    patient: 膝盖后面痒了两个月\n"
        "    doctor: 用过什么药膏吗？"
    )


def test_fallback_dialogue_is_labelled_as_a_fallback() -> None:
    fallback = EvidenceItem(role="fallback", text="doctor: Any new creams?", session_id="visit-d")
    assert window_text(fallback) == (
        "raw dialogue (fallback), session visit-d (undated):\n    doctor: Any new creams?"
    )


def test_an_item_with_a_fact_is_the_facts_line_with_role_and_labels() -> None:
    item = EvidenceItem(role="anchor", fact=ECZEMA, marks=("current",))
    assert evidence_line(item) == (
        "2025-06-02 condition eczema: Itchy patches behind both knees [anchor; current] "
        "(session visit-c)"
    )


def test_an_item_without_a_fact_is_its_dialogue() -> None:
    assert evidence_line(DIALOGUE) == window_text(DIALOGUE)


def test_evidence_lines_are_numbered_from_e1_in_the_given_order() -> None:
    items = [EvidenceItem(role="matched", fact=ECZEMA), DIALOGUE]
    assert evidence_text(items) == (
        "[E1] 2025-06-02 condition eczema: Itchy patches behind both knees [matched] "
        "(session visit-c)\n"
        "[E2] source dialogue, session visit-c (2025-06-02):\n"
        "    patient: 膝盖后面痒了两个月\n"
        "    doctor: 用过什么药膏吗？"
    )
