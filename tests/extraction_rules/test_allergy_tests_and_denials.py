"""What an allergy is (issue 29), more classes: an allergy test's result, a guess
about an animal, and a drug named in the clause that denies allergies.

Each negative has a control sentence that differs only in the cue. Wording is invented.
"""

from __future__ import annotations

from tests.extraction_rules._helpers import facts


def _allergies(*turns: tuple[str, str]) -> dict[str, str]:
    """entity -> assertion of the patient's allergy facts that name a substance."""
    found = facts(*turns, kind="allergy")
    return {f.entity: f.assertion for f in found if f.entity and f.subject == "patient"}


def test_positive_skin_test_is_an_allergy_en() -> None:
    found = _allergies(("Doctor", "Your skin test was positive for ragweed."))
    assert found == {"ragweed": "present"}


def test_drug_screen_positive_for_a_drug_names_no_allergy_en() -> None:
    screen = _allergies(("Doctor", "Your urine screen was positive for codeine."))
    skin = _allergies(("Doctor", "Your skin test was positive for codeine."))
    assert (screen, skin) == ({}, {"codeine": "present"})


def test_negative_skin_test_result_is_a_negative_finding_en() -> None:
    found = _allergies(("Doctor", "The patch test came back negative for nickel."))
    assert found == {"nickel": "negated"}


def test_each_substance_takes_the_result_said_before_it_en() -> None:
    found = _allergies(
        ("Doctor", "The skin test was positive for cats and ragweed, negative for dust mites.")
    )
    assert found == {"cats": "present", "ragweed": "present", "dust mites": "negated"}


def test_allergen_test_showing_an_allergy_is_an_allergy_zh() -> None:
    found = _allergies(("Doctor", "过敏原检测显示对尘螨过敏。"))
    assert found == {"尘螨": "present"}


def test_positive_allergen_test_is_an_allergy_zh() -> None:
    found = _allergies(("Doctor", "过敏原检测：猫毛阳性。"))
    assert found == {"猫毛": "present"}


def test_negative_allergen_test_is_a_negative_finding_zh() -> None:
    negative = _allergies(("Doctor", "过敏原检测：猫毛阴性。"))
    positive = _allergies(("Doctor", "过敏原检测：猫毛阳性。"))
    assert (negative, positive) == ({"猫毛": "negated"}, {"猫毛": "present"})


def test_positive_penicillin_skin_test_is_an_allergy_zh() -> None:
    found = _allergies(("Doctor", "青霉素皮试阳性。"))
    assert found == {"penicillin": "present"}


def test_guess_about_the_family_cat_is_a_suspected_allergy_en() -> None:
    guessed = _allergies(("Doctor", "The rash might be an allergy to the cat."))
    told = _allergies(("Doctor", "The rash is an allergy to the cat."))
    assert (guessed, told) == ({"cat": "hypothetical"}, {"cat": "present"})


def test_drug_in_the_clause_denying_allergies_is_no_allergy_en() -> None:
    denied = _allergies(("Patient", "I use loratadine every day, and I have no drug allergies."))
    said = _allergies(("Patient", "I use loratadine every day, and I have a drug allergy to it."))
    assert (denied, said) == ({}, {"loratadine": "present"})


def test_drug_in_the_clause_denying_allergies_is_no_allergy_zh() -> None:
    denied = _allergies(("Patient", "我每天吃西替利嗪，没有药物过敏。"))
    said = _allergies(("Patient", "我每天吃西替利嗪，对西替利嗪过敏。"))
    assert (denied, said) == ({}, {"cetirizine": "present"})


def test_drug_the_clinician_chooses_because_of_an_allergy_is_no_allergy_en() -> None:
    chosen = _allergies(("Doctor", "Since you're allergic to penicillin, we'll use clindamycin."))
    also = _allergies(("Doctor", "Since you're allergic to penicillin, also to clindamycin."))
    assert (chosen, also) == (
        {"penicillin": "present"},
        {"penicillin": "present", "clindamycin": "present"},
    )


def test_drug_prescribed_because_of_an_allergy_is_no_allergy_en() -> None:
    found = _allergies(("Doctor", "Because of the sulfa allergy, I'm prescribing nitrofurantoin."))
    assert found == {"sulfonamide antibiotics": "present"}


def test_drug_the_clinician_chooses_because_of_an_allergy_is_no_allergy_zh() -> None:
    chosen = _allergies(("Doctor", "你对青霉素过敏，那我们用克林霉素。"))
    also = _allergies(("Doctor", "你对青霉素过敏，对克林霉素也过敏。"))
    assert (chosen, also) == (
        {"penicillin": "present"},
        {"penicillin": "present", "clindamycin": "present"},
    )


def test_hedged_name_of_the_drug_behind_a_class_word_is_still_an_allergy_zh() -> None:
    found = _allergies(("Patient", "我以前对一种抗生素过敏，好像是阿莫西林。"))
    assert found == {"amoxicillin": "present"}


def test_hedged_allergy_behind_a_class_word_stays_suspected_zh() -> None:
    found = _allergies(("Patient", "我可能对一种抗生素过敏，就是阿莫西林。"))
    assert found == {"amoxicillin": "hypothetical"}


def test_every_item_of_an_avoidance_list_is_counselling_en() -> None:
    advised = _allergies(
        ("Doctor", "Since you have allergies, avoid dust, mold, and pet dander at home.")
    )
    said = _allergies(("Doctor", "Since you have allergies to dust, mold, and pet dander at home."))
    assert (advised, said) == ({}, {"dust": "present", "mold": "present", "pet dander": "present"})


def test_children_in_general_with_an_allergy_are_no_finding_en() -> None:
    general = facts(("Doctor", "Some kids with eczema are allergic to eggs."), kind="allergy")
    own = facts(("Doctor", "Your kid with eczema is allergic to eggs."), kind="allergy")
    assert (general, [f.entity for f in own]) == ([], ["eggs"])


def test_children_of_a_kind_in_general_with_an_allergy_are_no_finding_zh() -> None:
    general = facts(("Doctor", "有些湿疹的孩子对鸡蛋过敏。"), kind="allergy")
    own = facts(("Doctor", "你家湿疹的孩子对鸡蛋过敏。"), kind="allergy")
    assert (general, [f.entity for f in own]) == ([], ["鸡蛋"])


def test_substance_the_patient_can_take_is_a_negative_finding_en() -> None:
    found = _allergies(("Patient", "I'm allergic to penicillin, but I can take cephalexin."))
    assert found == {"penicillin": "present", "cephalexin": "negated"}


def test_substance_the_patient_can_take_is_a_negative_finding_zh() -> None:
    found = _allergies(("Patient", "我对青霉素过敏，但是可以用阿奇霉素。"))
    assert found == {"penicillin": "present", "azithromycin": "negated"}


def test_substance_taken_without_a_contrast_still_tells_a_reaction_en() -> None:
    found = _allergies(("Patient", "I can take amoxicillin only with hives, it's an allergy."))
    assert found == {"amoxicillin": "present"}


def test_cat_scan_beside_an_allergy_names_no_animal_en() -> None:
    scan = _allergies(("Doctor", "You have allergies, so the cat scan will use no contrast dye."))
    animal = _allergies(("Doctor", "You have allergies, so the cat will stay out of your room."))
    assert ("cat" in scan, animal.get("cat")) == (False, "present")
