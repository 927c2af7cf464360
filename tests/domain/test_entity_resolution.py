"""Entity normalization and resolution (paper Appendix B, docs/design.md §4)."""

from __future__ import annotations

import pytest

from memory.domain.entities import (
    EntityCandidate,
    bigram_overlap,
    char_bigrams,
    entity_kind,
    normalize_name,
    resolve_entity,
    specific_form,
)

VALSARTAN = EntityCandidate(1, "valsartan", "drug", ("代文",), in_dictionary=True)
AMLODIPINE = EntityCandidate(2, "amlodipine", "drug", in_dictionary=True)
POTASSIUM_LAB = EntityCandidate(3, "potassium", "test")


# --- normalization --------------------------------------------------------------


def test_case_width_and_punctuation_do_not_matter() -> None:
    assert normalize_name("Ｌｉｓｉｎｏ-Pril", "drug") == normalize_name("lisinopril", "drug")


def test_dose_and_form_words_are_dropped_for_drugs() -> None:
    assert normalize_name("Valsartan 80 mg tablets", "drug") == "valsartan"


def test_chinese_dosage_form_is_dropped() -> None:
    assert normalize_name("阿司匹林肠溶片", "drug") == "阿司匹林"


def test_chinese_salt_prefix_is_dropped() -> None:
    assert normalize_name("盐酸二甲双胍缓释片", "drug") == "二甲双胍"


def test_trailing_salt_is_dropped() -> None:
    assert normalize_name("Metformin HCl 500 mg", "drug") == "metformin"


def test_leading_cation_is_the_drug_itself() -> None:
    assert normalize_name("potassium chloride", "drug") == "potassiumchloride"


def test_lab_named_potassium_keeps_its_name() -> None:
    assert normalize_name("Potassium", "test") == "potassium"


def test_name_that_is_only_a_form_word_falls_back_to_itself() -> None:
    assert normalize_name("Tablets", "drug") == "tablets"


# --- bigrams ------------------------------------------------------------------------


def test_bigrams_of_a_word() -> None:
    assert char_bigrams("abc") == {"ab", "bc"}


def test_single_character_is_its_own_unit() -> None:
    assert char_bigrams("钾") == {"钾"}


def test_overlap_is_dice_of_bigram_sets() -> None:
    # {ab, bc} vs {ab, bd}: 2*1 / (2+2)
    assert bigram_overlap("abc", "abd") == 0.5


def test_overlap_is_symmetric() -> None:
    assert bigram_overlap("amlodipine", "amlodipin") == bigram_overlap("amlodipin", "amlodipine")


def test_overlap_of_empty_name_is_zero() -> None:
    assert bigram_overlap("", "abc") == 0.0


# --- resolution ------------------------------------------------------------------------


def test_exact_normalized_name_reuses_entity() -> None:
    decision = resolve_entity("Valsartan 80mg", "drug", "valsartan", [VALSARTAN])
    assert (decision.action, decision.entity_id, decision.matched_by) == ("reuse", 1, "exact")


def test_stored_alias_reuses_entity() -> None:
    decision = resolve_entity("代文", "drug", None, [VALSARTAN])
    assert (decision.entity_id, decision.matched_by) == (1, "alias")


def test_new_surface_of_reused_entity_becomes_an_alias() -> None:
    decision = resolve_entity("缬沙坦", "drug", "valsartan", [VALSARTAN])
    assert decision.add_alias == "缬沙坦"


def test_known_alias_is_not_added_again() -> None:
    assert resolve_entity("代文", "drug", None, [VALSARTAN]).add_alias is None


def test_misspelling_reuses_entity_by_bigram_overlap() -> None:
    decision = resolve_entity("amlodipin", "drug", None, [AMLODIPINE])
    assert (decision.entity_id, decision.matched_by) == (2, "bigram")


def test_bigram_score_is_reported() -> None:
    assert resolve_entity("amlodipin", "drug", None, [AMLODIPINE]).score >= 0.75


def test_overlap_below_threshold_creates_an_entity() -> None:
    decision = resolve_entity("losartan", "drug", None, [VALSARTAN])
    assert (decision.action, decision.name) == ("create", "losartan")


def test_new_entity_takes_the_canonical_name() -> None:
    decision = resolve_entity("Norvasc", "drug", "amlodipine", [VALSARTAN])
    assert (decision.name, decision.add_alias) == ("amlodipine", "Norvasc")


def test_entities_of_another_kind_are_never_reused() -> None:
    assert resolve_entity("potassium", "drug", None, [POTASSIUM_LAB]).action == "create"


def test_two_dictionary_drugs_never_merge_by_spelling() -> None:
    existing = [EntityCandidate(5, "chlorothiazide", "drug", in_dictionary=True)]
    decision = resolve_entity("hydrochlorothiazide", "drug", "hydrochlorothiazide", existing)
    assert decision.action == "create"


@pytest.mark.parametrize(
    ("existing", "surface"),
    [
        ("vitamin B12", "vitamin B6"),
        ("hepatitis B", "hepatitis C"),
        ("type 1 diabetes", "type 2 diabetes"),
        ("upper respiratory tract infection", "respiratory tract infections"),
        ("hypothyroidism", "hyperthyroidism"),
        ("acute kidney injury", "chronic kidney injury"),
    ],
)
def test_names_with_different_markers_never_merge(existing: str, surface: str) -> None:
    candidate = EntityCandidate(6, existing, "disease")
    assert resolve_entity(surface, "disease", None, [candidate]).action == "create"


@pytest.mark.parametrize(
    ("existing", "surface"),
    [
        ("surgery", "back surgery"),
        ("surgery", "after surgery"),
        ("back surgery", "surgery"),
        ("knee replacement", "knee replacement revision"),
        ("手术", "背部手术"),
        ("膝关节手术", "髋关节手术"),
    ],
)
def test_a_name_with_a_word_more_or_another_word_is_another_item(
    existing: str, surface: str
) -> None:
    candidate = EntityCandidate(7, existing, "other")
    assert resolve_entity(surface, "other", None, [candidate]).action == "create"


@pytest.mark.parametrize(
    ("existing", "surface"),
    [("back surgery", "back surgury"), ("stent", "stents"), ("背部手术", "背部手术")],
)
def test_a_misspelling_of_the_same_words_reuses_the_entity(existing: str, surface: str) -> None:
    candidate = EntityCandidate(7, existing, "other")
    assert resolve_entity(surface, "other", None, [candidate]).entity_id == 7


def test_best_overlap_wins_over_an_older_weaker_match() -> None:
    weaker = EntityCandidate(8, "atorvastatinum", "drug")
    stronger = EntityCandidate(9, "atorvastatine", "drug")
    assert resolve_entity("atorvastatin", "drug", None, [weaker, stronger]).entity_id == 9


def test_equal_overlap_goes_to_the_oldest_entity() -> None:
    older = EntityCandidate(10, "metformine", "drug")
    newer = EntityCandidate(11, "metformina", "drug")
    assert resolve_entity("metformin", "drug", None, [newer, older]).entity_id == 10


# --- class members stay their own items ----------------------------------------------------


def test_a_class_member_is_never_folded_into_its_class_entity() -> None:
    # amoxicillin and ampicillin are different drugs with their own dose chains; the class
    # (penicillins) is reached through the lexicon's ancestry when safety is matched.
    existing = [EntityCandidate(20, "penicillins", "drug_class", in_dictionary=True)]
    decision = resolve_entity("amoxicillin", "drug", "amoxicillin", existing)
    assert (decision.action, decision.name) == ("create", "amoxicillin")


def test_two_members_of_one_class_stay_two_entities() -> None:
    existing = [EntityCandidate(21, "ampicillin", "drug", in_dictionary=True)]
    assert resolve_entity("amoxicillin", "drug", "amoxicillin", existing).action == "create"


def test_allergy_and_medication_of_one_drug_resolve_in_the_same_kind() -> None:
    assert entity_kind("safety") == entity_kind("medication_status")


def test_lab_and_drug_kinds_differ() -> None:
    assert entity_kind("lab_result") != entity_kind("medication_status")


# --- disease forms: a general name and the one specific form a person holds ---


def test_general_name_resolves_to_the_one_specific_form_held() -> None:
    forms = ("type 2 diabetes", "type 1 diabetes")
    assert specific_form("diabetes", forms, {"type 2 diabetes", "hypertension"}) == (
        "type 2 diabetes"
    )


def test_general_name_with_two_specific_forms_held_stays_itself() -> None:
    forms = ("type 2 diabetes", "type 1 diabetes")
    assert specific_form("diabetes", forms, {"type 2 diabetes", "type 1 diabetes"}) is None


def test_general_name_with_no_specific_form_held_stays_itself() -> None:
    assert specific_form("diabetes", ("type 2 diabetes",), {"diabetes", "asthma"}) is None
