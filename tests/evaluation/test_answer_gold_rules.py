"""General rules of answer gold derivation and the failure breakdown (no database).

Inputs are hand-written phrases, never dataset records.
"""

from __future__ import annotations

from datetime import date

from memory.domain.evidence import FactView
from memory.evaluation import gold as g
from memory.evaluation import values
from memory.evaluation.answers import AnswerQuestion, judge_answer
from memory.evaluation.failures import list_failure, value_failure


def _texts(entries: list[str]) -> list[str]:
    return [i.text for i in g.condition_items(entries)]


def test_negatives_procedures_habits_and_passing_complaints_are_not_conditions() -> None:
    entries = ["none", "colonoscopy", "hx neck surgery", "kidney transplant", "smoking",
               "mood", "fatigue", "hypertension"]  # fmt: skip
    assert _texts(entries) == ["hypertension"]


def test_a_history_entry_is_split_into_its_conditions() -> None:
    assert _texts(["hx cataract and skin cancer"]) == ["cataract", "skin cancer"]
    assert _texts(["history of CAD status post prior stent"]) == ["CAD"]


def test_a_chronic_symptom_is_a_condition() -> None:
    assert _texts(["chronic back pain"]) == ["chronic back pain"]


def test_a_condition_gold_matches_a_synonym_in_the_answer() -> None:
    item = g.condition_items(["CHF"])[0]
    assert g.judge("Diagnoses (1): Heart failure").contains(item)


def test_a_conditional_plan_drug_is_not_current() -> None:
    plan = ("Continue lisinopril 10 mg daily. If his pain does not improve, we may "
            "consider a steroid injection. He may continue Tylenol if he wishes.")  # fmt: skip
    assert [i.text for i in g.gold_drugs(g.settled(plan))] == ["acetaminophen", "lisinopril"]


def test_a_dose_unit_is_asked_only_when_the_dialogue_says_one() -> None:
    assert values.said_with_unit("25", "carvedilol twenty five milligrams twice a day")
    assert not values.said_with_unit("500", "you're on five hundred of metformin")


def test_a_dose_after_the_next_drug_is_not_the_first_drugs_dose() -> None:
    section = "Patient takes vitamin D, and metformin 1000 mg twice daily."
    said = "i take my vitamin d and metformin one thousand milligrams"
    assert [(v.item, v.value) for v in values.doses(section, said)] == [("metformin", "1000")]


def test_a_note_reading_dated_to_another_day_is_not_asked() -> None:
    note = "RESULTS\nMagnesium 1.7. 03/2020 Hgb A1c 5.5.\n"
    said = "magnesium was 1.7 and your a1c was 5.5"
    asked = [v.item for v in values.readings(note, said, date(2024, 5, 1))]
    assert "magnesium" in asked and "hba1c" not in asked


def _fact(
    entity: str,
    value: str = "",
    subject: str = "patient",
    fact_type: str = "lab_result",
    fact_id: int = 1,
) -> FactView:
    return FactView(fact_id=fact_id, session_id="core", subject=subject, fact_type=fact_type,
                    entity=entity, content="", value=value, date=date(2024, 5, 1))  # fmt: skip


def test_value_miss_is_split_into_extraction_and_reader() -> None:
    item = g.GoldItem("magnesium", "magnesium")
    first = "Magnesium 2 measured 2024-05-01 [E2]"
    assert value_failure(item, "1.7", first, []) == "item not extracted"
    assert value_failure(item, "1.7", first, [_fact("magnesium", "2")]) == "value not extracted"
    held = [_fact("magnesium", "1.7"), _fact("magnesium", "2", fact_id=2)]
    assert value_failure(item, "1.7", first, held) == (
        "reader chose another record: of the same day"
    )
    assert value_failure(item, "1.7", "Magnesium 1.7 measured 2024-05-01", held) == ("unit missing")


def test_list_miss_names_a_misattribution_and_a_wrong_type() -> None:
    item = g.GoldItem("anxiety", "anxiety")
    theirs = [_fact("anxiety", subject="family:mother", fact_type="condition")]
    symptom = [_fact("anxiety", fact_type="symptom")]
    assert list_failure(item, ("condition",), theirs, "core") == "someone else's"
    assert list_failure(item, ("condition",), theirs, "other") == "not extracted"
    assert list_failure(item, ("condition",), symptom, "core") == "stored as another type: symptom"


def test_a_class_item_of_a_list_is_named_by_a_drug_of_the_class() -> None:
    q = AnswerQuestion("l", "list", "meds?", (g.GoldItem("oral steroids", "corticosteroids"),))
    assert judge_answer(q, "Current medications (1): Prednisone", "tune").right
    assert not judge_answer(q, "Current medications (1): Ibuprofen", "tune").right
