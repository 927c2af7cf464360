"""The ask page puts the direct answer first and apart from the records it cites."""

from __future__ import annotations

from memory.web.ask import direct_and_support


def test_direct_answer_is_split_from_the_cited_records() -> None:
    text = ("Valsartan 160 mg once daily since 2024-06-17 [E2]\n"
            "- 2024-06-17 medication valsartan (active): ... [E2]\n"
            "(Extractive answer, no LLM configured.)")  # fmt: skip
    direct, support = direct_and_support(text)
    assert direct == "Valsartan 160 mg once daily since 2024-06-17 [E2]"
    assert support.splitlines() == [
        "- 2024-06-17 medication valsartan (active): ... [E2]",
        "(Extractive answer, no LLM configured.)",
    ]


def test_several_caution_lines_all_stay_in_the_direct_answer() -> None:
    text = (
        "CAUTION: allergy/intolerance Penicillin (hives) recorded: ... [E1]\n"
        "CAUTION: contraindication ... [E2]\nOther recorded safety facts:\n- appendectomy"
    )
    direct, support = direct_and_support(text)
    assert direct.count("CAUTION") == 2 and support.startswith("Other recorded safety facts:")


def test_a_no_record_answer_keeps_whose_record_it_is_in_the_direct_answer() -> None:
    text = ("No record of asthma for the patient.\nAsthma is recorded for the son, not the "
            "patient.\n(Extractive answer, no LLM configured.)")  # fmt: skip
    direct, _ = direct_and_support(text)
    assert direct.splitlines()[1] == "Asthma is recorded for the son, not the patient."
