"""Safety facts: allergies, contraindications, interactions, surgical history."""

from __future__ import annotations

from ._helpers import facts, one


def test_allergy_answer_to_question_is_patient_allergy() -> None:
    fact = one(
        ("Doctor", "Any allergies to medications?"),
        ("Patient", "Yes, penicillin, I get hives."),
        kind="allergy",
    )
    assert (fact.entity, fact.subject, fact.assertion) == ("penicillin", "patient", "present")


def test_allergy_keeps_reaction_in_content() -> None:
    fact = one(
        ("Doctor", "Any allergies to medications?"),
        ("Patient", "Yes, penicillin, I get hives."),
        kind="allergy",
    )
    assert "hives" in fact.content


def test_no_answer_to_allergy_question_is_negated_allergy() -> None:
    fact = one(("Doctor", "Any known drug allergies?"), ("Patient", "No."), kind="allergy")
    assert (fact.entity, fact.assertion) == (None, "negated")


def test_no_known_drug_allergies_creates_no_present_allergy() -> None:
    found = facts(("Patient", "No known drug allergies."), kind="allergy")
    assert found and all(f.assertion == "negated" for f in found)


def test_not_allergic_to_named_drug_is_negated_fact() -> None:
    fact = one(("Patient", "I'm not allergic to penicillin."), kind="allergy", entity="penicillin")
    assert fact.assertion == "negated"


def test_no_to_any_other_allergies_adds_nothing() -> None:
    asked = ("Doctor", "Any other allergies?")
    nope = facts(asked, ("Patient", "Nope, that is all."), kind="allergy")
    latex = facts(asked, ("Patient", "Latex, that is all."), kind="allergy")
    assert (nope, [(f.entity, f.assertion) for f in latex]) == ([], [("latex", "present")])


def test_allergen_named_in_question_confirmed_by_yes() -> None:
    fact = one(("Doctor", "Are you allergic to sulfa drugs?"), ("Patient", "Yes."), kind="allergy")
    assert fact.assertion == "present"


def test_food_allergy_is_recorded() -> None:
    fact = one(("Patient", "I am allergic to eggs and peanuts."), kind="allergy", entity="peanuts")
    assert fact.assertion == "present"


def test_allergen_is_not_recorded_as_medication_in_use() -> None:
    allergic = facts(("Patient", "I'm allergic to penicillin."), kind="medication_status")
    taking = facts(("Patient", "I'm taking penicillin."), kind="medication_status")
    assert (allergic, [(f.entity, f.status) for f in taking]) == ([], [("penicillin", "active")])


def test_question_by_patient_tag_is_not_an_allergy() -> None:
    asked = facts(("Patient", "Any allergies to penicillin?"))
    told = facts(("Patient", "Bad allergies to penicillin."))
    told_facts = [(f.safety_kind, f.entity, f.assertion) for f in told]
    assert (asked, told_facts) == ([], [("allergy", "penicillin", "present")])


def test_chinese_allergy() -> None:
    fact = one(("患者", "我对青霉素过敏，会起皮疹。"), kind="allergy")
    assert (fact.subject, fact.assertion) == ("patient", "present")


def test_chinese_denied_allergy_is_negated() -> None:
    fact = one(("患者", "我没有药物过敏。"), kind="allergy")
    assert fact.assertion == "negated"


def test_cannot_take_is_contraindication() -> None:
    fact = one(
        ("Patient", "I can't take ibuprofen because of my kidneys."), kind="contraindication"
    )
    assert (fact.entity, fact.assertion) == ("ibuprofen", "present")


def test_interaction_entity_is_first_drug_and_content_names_partner() -> None:
    fact = one(
        ("Doctor", "Warfarin interacts with your aspirin, so be careful."), kind="interaction"
    )
    assert (fact.entity, "aspirin" in fact.content) == ("warfarin", True)


def test_removed_gallbladder_is_surgical_history_with_year() -> None:
    fact = one(("Patient", "I had my gallbladder removed in 2015."), kind="surgical_history")
    assert (fact.entity, fact.date, fact.date_precision) == (
        "cholecystectomy",
        "2015-01-01",
        "year",
    )


def test_ectomy_word_is_surgical_history() -> None:
    fact = one(("Patient", "I have had a hysterectomy."), kind="surgical_history")
    assert fact.entity == "hysterectomy"


def test_yes_to_named_procedure_question_is_surgical_history() -> None:
    fact = one(
        ("Doctor", "Any surgeries? Pacemaker?"),
        ("Patient", "Yes, they did that."),
        kind="surgical_history",
    )
    assert fact.entity == "pacemaker implantation"


def test_planned_surgery_is_not_history() -> None:
    found = facts(("Doctor", "We will schedule knee surgery next month."), kind="surgical_history")
    assert [f.status for f in found] == ["planned"]


def test_chinese_surgery_history() -> None:
    fact = one(("患者", "我前年做过阑尾切除手术。"), kind="surgical_history")
    assert fact.date == "2022-01-01"
