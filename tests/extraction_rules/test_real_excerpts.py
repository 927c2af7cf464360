"""Short real excerpts (quoted as fixtures).

MTS-Dialog (Ben Abacha et al., EACL 2023, CC BY 4.0, github.com/abachaa/MTS-Dialog);
CMtMedQA (Zhongjing project, Apache-2.0, github.com/SupritYoung/Zhongjing).
"""

from __future__ import annotations

from ._helpers import facts, one


def test_mts_family_history_list_is_all_relatives() -> None:
    found = facts(
        ("Doctor", "Can you tell me about any diseases that run in your family?"),
        ("Patient", "Sure, my brother has a prostate cancer."),
        ("Doctor", "Okay, brother."),
        ("Patient", "My father had brain cancer."),
    )
    assert found and all(f.subject != "patient" for f in found)


def test_mts_spoken_year_surgery() -> None:
    fact = one(
        ("Doctor", "Have you had any surgeries in the past?"),
        ("Patient", "Actually, yes, I had my gallbladder removed in nineteen ninety two."),
        kind="surgical_history",
    )
    assert fact.date == "1992-01-01"


def test_mts_allergy_list_continued_in_next_turn() -> None:
    found = facts(
        (
            "Doctor",
            "Okay, so he is allergic to Lamisil, Equagesic. Oh, he is allergic to Bactrim too.",
        ),
        ("Guest_clinician", "Yeah, and Dilatrate and cyclobenzaprine."),
        kind="allergy",
    )
    assert "cyclobenzaprine" in {f.entity for f in found if f.assertion == "present"}


def test_mts_negative_allergy_answer() -> None:
    found = facts(
        ("Doctor", "Do you have any allergies?"),
        ("Patient", "Nope, no allergies for me."),
        kind="allergy",
    )
    assert found and not [f for f in found if f.assertion == "present"]


def test_cmtmedqa_father_snoring_is_fathers_symptom() -> None:
    fact = one(
        ("患者", "医生，我爸爸晚上睡觉总是打呼噜，是鼻咽癌引起的吗？"),
        ("医生", "您好，打呼噜可能有多种原因。"),
        ("患者", "他还有高血压。"),
        kind="condition",
    )
    assert fact.subject == "family:father"
