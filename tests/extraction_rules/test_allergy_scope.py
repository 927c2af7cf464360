"""What an allergy is (issue 29): the patient reacting to a substance, nothing else.

Each class of false allergy, in English and Chinese, with a control sentence that
differs only in the cue and is an allergy. Wording is invented.
"""

from __future__ import annotations

from tests.extraction_rules._helpers import patient_allergies as _allergies


def test_drug_taken_for_allergy_symptoms_is_no_allergy_en() -> None:
    treated = _allergies(("Patient", "I take cetirizine to control my allergy symptoms."))
    reacted = _allergies(("Patient", "I get hives from cetirizine, it is an allergy."))
    assert (treated, reacted) == ({}, {"cetirizine": "present"})


def test_anti_allergy_medicine_recommended_is_no_allergy_zh() -> None:
    advised = _allergies(("Doctor", "症状明显时可以用一些抗过敏药物。"))
    reacted = _allergies(("Patient", "我对抗过敏药物过敏。"))
    assert (advised, reacted) == ({}, {"antihistamines": "present"})


def test_montelukast_named_with_allergy_is_no_allergy_zh() -> None:
    treated = _allergies(("Doctor", "过敏症状反复的话，每晚加用孟鲁司特。"))
    reacted = _allergies(("Patient", "我对孟鲁司特过敏，吃了起疹子。"))
    assert (treated, reacted) == ({}, {"montelukast": "present"})


def test_avoidance_counselling_names_no_allergy_en() -> None:
    advised = _allergies(("Doctor", "Try to keep the bedroom free of dust, it helps allergies."))
    said = _allergies(("Patient", "I am allergic to dust, it makes me sneeze all day."))
    assert (advised, said) == ({}, {"dust": "present"})


def test_common_allergen_list_names_no_allergy_zh() -> None:
    advised = _allergies(("Doctor", "平时要远离花粉、尘螨等常见过敏原。"))
    said = _allergies(("Patient", "我对花粉、尘螨都过敏。"))
    assert (advised, said) == ({}, {"花粉": "present", "尘螨": "present"})


def test_general_talk_about_other_people_is_no_allergy_en() -> None:
    general = _allergies(("Doctor", "Some people with eczema also react to sulfa drugs."))
    own = _allergies(("Doctor", "You told me you also react to sulfa drugs."))
    assert (general, own) == ({}, {"sulfonamide antibiotics": "present"})


def test_general_talk_about_other_people_is_no_allergy_zh() -> None:
    general = _allergies(("Doctor", "有些人对磺胺类药物也会过敏。"))
    own = _allergies(("Patient", "我对磺胺类药物也会过敏。"))
    assert (general, own) == ({}, {"sulfonamide antibiotics": "present"})


def test_tolerated_substance_is_a_negative_finding_en() -> None:
    found = _allergies(
        ("Patient", "I am allergic to shellfish, but I eat fish without any trouble.")
    )
    assert found == {"shellfish": "present", "fish": "negated"}


def test_tolerated_substance_is_a_negative_finding_zh() -> None:
    found = _allergies(("Patient", "我对青霉素过敏，但是用头孢没问题。"))
    assert found == {"penicillin": "present", "cephalosporins": "negated"}


def test_drug_chosen_instead_is_no_allergy_en() -> None:
    found = _allergies(
        ("Doctor", "Because of your penicillin allergy, I will give you azithromycin instead.")
    )
    assert found == {"penicillin": "present"}


def test_drug_chosen_instead_is_no_allergy_zh() -> None:
    found = _allergies(("Doctor", "因为您对青霉素过敏，所以给您换成阿奇霉素。"))
    assert found == {"penicillin": "present"}


def test_class_word_beside_its_drug_is_the_drug_en() -> None:
    found = _allergies(("Patient", "I reacted to some antibiotic, I think it was cefalexin."))
    assert found == {"cephalexin": "present"}


def test_class_word_beside_its_drug_is_the_drug_zh() -> None:
    found = _allergies(("Patient", "我对一种抗生素过敏，就是头孢氨苄。"))
    assert found == {"cephalexin": "present"}


def test_doctors_guess_is_a_suspected_allergy_zh() -> None:
    guessed = _allergies(("Doctor", "可能是对猫毛过敏，建议做个过敏原检测。"))
    told = _allergies(("Doctor", "检测结果显示您对猫毛过敏。"))
    assert (guessed, told) == ({"猫毛": "hypothetical"}, {"猫毛": "present"})


def test_doctors_guess_is_a_suspected_allergy_en() -> None:
    guessed = _allergies(("Doctor", "This might be an allergy to latex gloves."))
    told = _allergies(("Doctor", "This is an allergy to latex gloves."))
    assert (guessed, told) == ({"latex": "hypothetical"}, {"latex": "present"})


def test_neighbours_allergy_is_not_the_patients_en() -> None:
    theirs = _allergies(("Patient", "My neighbour is allergic to penicillin."))
    mine = _allergies(("Patient", "I am allergic to penicillin."))
    assert (theirs, mine) == ({}, {"penicillin": "present"})


def test_coworkers_allergy_is_not_the_patients_zh() -> None:
    theirs = _allergies(("Patient", "我同事对青霉素过敏。"))
    mine = _allergies(("Patient", "我自己对青霉素过敏。"))
    assert (theirs, mine) == ({}, {"penicillin": "present"})


def test_condition_name_holding_a_substance_is_no_allergy_zh() -> None:
    condition = _allergies(("Doctor", "你这个情况和花粉症很接近，过敏季节要注意。"))
    said = _allergies(("Patient", "我对花粉过敏，春天就打喷嚏。"))
    assert (condition, said) == ({}, {"花粉": "present"})


def test_other_clause_without_reaction_names_no_allergy_zh() -> None:
    found = _allergies(("Patient", "我对海鲜过敏，前天吃了虾。"))
    assert found == {"海鲜": "present"}


def test_comma_list_before_one_allergy_word_is_all_allergies_zh() -> None:
    found = _allergies(("Patient", "我对青霉素，头孢，磺胺都过敏。"))
    assert set(found) == {"penicillin", "cephalosporins", "sulfonamide antibiotics"}


def test_avoided_drug_with_a_reaction_back_reference_is_an_allergy_en() -> None:
    found = _allergies(
        ("Doctor", "I would avoid the prednisone, because you had a reaction to that.")
    )
    assert found == {"prednisone": "present"}


def test_allergy_as_a_condition_is_no_finding_zh() -> None:
    conditional = _allergies(("Doctor", "如果对青霉素过敏，可以换成阿奇霉素。"))
    told = _allergies(("Doctor", "既然对青霉素过敏，可以换成阿奇霉素。"))
    assert (conditional, told) == ({}, {"penicillin": "present"})


def test_allergy_as_a_condition_is_no_finding_en() -> None:
    conditional = _allergies(("Doctor", "If you are allergic to penicillin, let me know."))
    told = _allergies(("Doctor", "Since you are allergic to penicillin, let me know."))
    assert (conditional, told) == ({}, {"penicillin": "present"})


def test_people_with_the_allergy_in_general_is_no_finding_zh() -> None:
    general = _allergies(("Doctor", "对青霉素过敏的人可以用红霉素。"))
    own = _allergies(("Doctor", "你对青霉素过敏，可以用红霉素。"))
    assert (general, own) == ({}, {"penicillin": "present"})


def test_food_to_avoid_during_an_allergy_is_no_allergen_zh() -> None:
    advised = _allergies(("Doctor", "过敏期间忌食海鲜和辛辣食物。"))
    said = _allergies(("Patient", "过敏是因为吃了海鲜和辛辣食物。"))
    assert (advised, said) == ({}, {"海鲜": "present"})


def test_counselling_list_answering_an_allergy_question_is_no_allergy_zh() -> None:
    asked = ("Patient", "我一到换季就过敏，怎么办？")
    advised = _allergies(asked, ("Doctor", "平时注意除尘，避免家里有尘螨、霉菌等过敏原。"))
    said = _allergies(asked, ("Patient", "我对尘螨过敏，打扫房间就打喷嚏。"))
    assert (advised, said) == ({}, {"尘螨": "present"})


def test_medicine_advised_beside_an_allergy_word_is_the_treatment_zh() -> None:
    advised = _allergies(("Doctor", "过敏症状明显的话可以口服阿莫西林。"))
    reacted = _allergies(("Patient", "过敏症状是口服阿莫西林以后出现的。"))
    assert (advised, reacted) == ({}, {"amoxicillin": "present"})


def test_a_cat_scan_names_no_cat() -> None:
    scan = _allergies(
        ("Doctor", "It might be an allergy, so I will order a cat scan of the lungs.")
    )
    cat = _allergies(("Doctor", "It might be an allergy to the cat at home."))
    assert (scan, cat) == ({}, {"cat": "hypothetical"})


def test_a_later_reaction_to_that_points_at_the_last_drug_only() -> None:
    found = _allergies(
        (
            "Doctor",
            "Let us try a cortisone injection, and I would avoid the dexamethasone, "
            "because you had a reaction to that.",
        )
    )
    assert found == {"dexamethasone": "present"}


def test_a_steroid_that_itched_is_an_allergy_though_steroids_treat_allergy() -> None:
    asked = ("Doctor", "Any reactions to medicines?")
    reacted = _allergies(
        asked, ("Patient", "I once had prednisone, and that itched me like crazy.")
    )
    treated = _allergies(asked, ("Patient", "I once had prednisone for my allergy, it helped."))
    assert (reacted, treated) == ({"prednisone": "present"}, {})


def test_a_reply_to_a_stated_allergy_names_no_drug_of_the_statement() -> None:
    found = _allergies(
        ("Doctor", "We could try a cortisone injection, and I would avoid the dexamethasone, "
         "because you had a reaction to that."),
        ("Patient", "Yes, it itched a lot."),
    )  # fmt: skip
    assert found == {"dexamethasone": "present"}
