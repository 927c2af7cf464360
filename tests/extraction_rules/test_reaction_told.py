"""A reaction told of a drug with no allergy word is the patient's allergy to it
(issue 29, item 2: the patient reacts to a substance), and the drug is no medication
in use: "penicillin gives me hives" had listed penicillin as an active medication and
no allergy. A supposed reaction ("if you get a rash from it, stop it") is none, and a
side effect that is no hypersensitivity ("gives me diarrhea") stays a side effect.
Invented wording."""

from __future__ import annotations

from ._helpers import facts


def _allergies(speaker: str, text: str) -> list[tuple[str, str]]:
    found = facts((speaker, text))
    return [(f.entity, f.assertion) for f in found if f.safety_kind == "allergy"]


def _meds(speaker: str, text: str) -> list[str]:
    return [f.entity for f in facts((speaker, text), kind="medication_status")]


def test_drug_that_gives_hives_is_an_allergy() -> None:
    assert _allergies("Patient", "Penicillin gives me hives.") == [("penicillin", "present")]


def test_drug_that_gives_hives_is_no_medication_in_use() -> None:
    gives = _meds("Patient", "Penicillin gives me hives.")
    takes = _meds("Patient", "Penicillin for my throat.")
    assert (gives, takes) == ([], ["penicillin"])


def test_hives_from_a_drug_named_after_them_is_an_allergy() -> None:
    said = "I get hives from amoxicillin."
    assert _allergies("Patient", said) == [("amoxicillin", "present")]


def test_rash_when_taking_a_drug_class_is_an_allergy() -> None:
    said = "I break out in a rash when I take sulfa drugs."
    assert _allergies("Patient", said) == [("sulfonamide antibiotics", "present")]


def test_reaction_each_time_the_drug_is_taken_is_an_allergy() -> None:
    said = "If I take penicillin I get hives."
    assert _allergies("Patient", said) == [("penicillin", "present")]


def test_reaction_that_would_come_is_no_allergy() -> None:
    would = _allergies("Patient", "If I took penicillin I would get hives.")
    does = _allergies("Patient", "If I take penicillin I get hives.")
    assert (would, does) == ([], [("penicillin", "present")])


def test_clinicians_supposed_rash_is_no_allergy() -> None:
    supposed = _allergies("Doctor", "If you get a rash from the amoxicillin, stop it.")
    told = _allergies("Patient", "I get a rash from the amoxicillin.")
    assert (supposed, told) == ([], [("amoxicillin", "present")])


def test_side_effect_that_is_no_hypersensitivity_is_no_allergy() -> None:
    side_effect = _allergies("Patient", "The metformin gives me diarrhea.")
    rash = _allergies("Patient", "The metformin gives me a rash.")
    assert (side_effect, rash) == ([], [("metformin", "present")])


def test_chinese_reaction_each_time_a_cephalosporin_is_taken_is_an_allergy() -> None:
    said = "我一吃头孢就起荨麻疹。"
    assert _allergies("病人", said) == [("cephalosporins", "present")]


def test_chinese_supposed_rash_is_no_allergy() -> None:
    supposed = _allergies("医生", "如果吃阿莫西林起了皮疹，就停药。")
    told = _allergies("病人", "吃阿莫西林起了皮疹。")
    assert (supposed, told) == ([], [("amoxicillin", "present")])


def test_when_clause_about_a_symptom_makes_no_reaction_of_a_drug() -> None:
    said = "I have flushing in my face and feel dizzy when I get these headaches, I took Tylenol."
    found = facts(("Patient", said))
    kinds = {(f.type, f.entity) for f in found}
    assert ("symptom", "flushing") in kinds and not any(f.safety_kind for f in found)


def test_food_that_gives_hives_is_an_allergy() -> None:
    assert _allergies("Patient", "Shrimp gives me hives.") == [("shrimp", "present")]


def test_hives_when_eating_a_food_is_an_allergy() -> None:
    told = _allergies("Patient", "I get hives when I eat shrimp.")
    eaten = _allergies("Patient", "I eat shrimp every week.")
    assert (told, eaten) == ([("shrimp", "present")], [])


def test_food_in_advice_about_hives_is_no_allergy() -> None:
    advice = _allergies("Doctor", "Avoid shrimp if you get hives.")
    told = _allergies("Patient", "Shrimp gives me hives.")
    assert (advice, told) == ([], [("shrimp", "present")])


def test_chinese_rash_after_eating_a_food_is_an_allergy() -> None:
    told = _allergies("病人", "我吃了芝麻就起了一身疹子。")
    eaten = _allergies("病人", "我早上吃了芝麻。")
    assert (told, eaten) == ([("芝麻", "present")], [])
