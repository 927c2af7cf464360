"""The whole decision resolve_entity returns, and the paths to it (domain.entities;
from the mutation pass): exact, alias and spelling matches over names carrying a
salt, the alias a decision adds, the dictionary guard, ties, and entity kinds."""

from __future__ import annotations

from memory.domain.entities import (
    EntityCandidate,
    EntityDecision,
    entity_kind,
    resolve_entity,
)

VALSARTAN = EntityCandidate(1, "valsartan", "drug", ("代文",), in_dictionary=True)
AMLODIPINE = EntityCandidate(2, "amlodipine", "drug", in_dictionary=True)
PREDNISONE = EntityCandidate(3, "prednisone", "drug", in_dictionary=True)
# amlodipin / amlodipine: 8 shared bigrams of 8 and 9, Dice 16/17.
MISSPELT_SCORE = 16 / 17


# --- the decision as a whole -----------------------------------------------------------------


def test_an_exact_reuse_is_the_entity_under_its_own_name_with_full_score() -> None:
    decision = resolve_entity("Valsartan", "drug", "valsartan", [VALSARTAN])
    assert decision == EntityDecision("reuse", 1, "valsartan", "exact", 1.0, None)


def test_a_misspelling_reuses_the_entity_and_keeps_the_surface_as_alias() -> None:
    decision = resolve_entity("amlodipin", "drug", None, [AMLODIPINE])
    assert decision == EntityDecision(
        "reuse", 2, "amlodipine", "bigram", MISSPELT_SCORE, "amlodipin"
    )


def test_a_new_name_said_as_named_creates_an_entity_without_alias() -> None:
    decision = resolve_entity("losartan", "drug", None, [])
    assert decision == EntityDecision("create", None, "losartan", "new", 1.0, None)


# --- salt words -------------------------------------------------------------------------------


def test_a_drug_said_with_its_salt_matches_the_bare_entity_exactly() -> None:
    existing = [EntityCandidate(4, "metformin", "drug")]
    assert resolve_entity("metformin hydrochloride", "drug", None, existing).matched_by == "exact"


def test_an_entity_stored_with_its_salt_is_matched_exactly_by_the_bare_name() -> None:
    existing = [EntityCandidate(4, "metformin hydrochloride", "drug")]
    assert resolve_entity("metformin", "drug", None, existing).matched_by == "exact"


def test_an_alias_stored_with_its_salt_is_matched_by_the_bare_name() -> None:
    existing = [EntityCandidate(4, "glucophage", "drug", ("metformin hydrochloride",))]
    assert resolve_entity("metformin", "drug", None, existing).matched_by == "alias"


def test_the_salt_form_of_a_known_name_adds_no_alias() -> None:
    existing = [EntityCandidate(4, "metformin", "drug")]
    assert resolve_entity("metformin hydrochloride", "drug", None, existing).add_alias is None


def test_the_bare_name_of_an_entity_stored_with_its_salt_adds_no_alias() -> None:
    existing = [EntityCandidate(4, "metformin hydrochloride", "drug")]
    assert resolve_entity("metformin", "drug", None, existing).add_alias is None


def test_a_misspelling_said_with_its_salt_reuses_the_entity_stored_bare() -> None:
    existing = [EntityCandidate(4, "metformine", "drug")]
    assert resolve_entity("metformin hydrochloride", "drug", None, existing).entity_id == 4


def test_a_misspelt_salt_form_is_scored_without_its_salt() -> None:
    existing = [EntityCandidate(4, "metformine hydrochloride", "drug")]
    decision = resolve_entity("metformin hydrochloride", "drug", None, existing)
    assert decision.score == MISSPELT_SCORE  # metformin / metformine, as amlodipin(e)


def test_a_new_entity_said_with_its_salt_keeps_no_alias() -> None:
    assert resolve_entity("Losartan potassium", "drug", "losartan", []).add_alias is None


def test_a_dictionary_name_with_its_salt_said_bare_keeps_no_alias() -> None:
    decision = resolve_entity("levothyroxine", "drug", "levothyroxine sodium", [])
    assert decision.add_alias is None


# --- spelling matches: the dictionary guard, aliases, ties -----------------------------------


def test_a_known_drug_never_merges_into_a_dictionary_drug_spelt_alike() -> None:
    # prednisolone is prednisone with two letters more: a spelling variant by the
    # rule, but the dictionary knows both as different drugs.
    decision = resolve_entity("prednisolone", "drug", "prednisolone", [PREDNISONE])
    assert decision.action == "create"


def test_an_unknown_misspelling_merges_into_a_dictionary_drug() -> None:
    assert resolve_entity("prednisne", "drug", None, [PREDNISONE]).entity_id == 3


def test_a_known_drug_passes_a_dictionary_entity_to_reach_the_patients_misspelling() -> None:
    existing = [PREDNISONE, EntityCandidate(5, "prednisolon", "drug")]
    assert resolve_entity("prednisolone", "drug", "prednisolone", existing).entity_id == 5


def test_a_misspelling_of_an_alias_reuses_the_entity_whose_name_differs() -> None:
    existing = [EntityCandidate(6, "glucophage", "drug", ("metformine",))]
    assert resolve_entity("metformin", "drug", None, existing).entity_id == 6


def test_equal_overlap_goes_to_the_oldest_entity_listed_first() -> None:
    older = EntityCandidate(10, "metformine", "drug")
    newer = EntityCandidate(11, "metformina", "drug")
    assert resolve_entity("metformin", "drug", None, [older, newer]).entity_id == 10


# --- entity kinds -------------------------------------------------------------------------------


def test_a_surgical_history_item_is_no_drug() -> None:
    assert entity_kind("safety", "surgical_history") == "other"


def test_an_allergy_item_is_a_drug() -> None:
    assert entity_kind("safety", "allergy") == "drug"


def test_a_fact_type_without_a_kind_of_its_own_is_other() -> None:
    assert entity_kind("symptom") == "other"
