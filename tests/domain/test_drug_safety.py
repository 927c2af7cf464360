from __future__ import annotations

from memory.domain.drug_safety import SafetyRecord, match_record, safety_matches

LINES = {
    "amoxicillin": ("amoxicillin", "penicillins", "beta-lactam antibiotics", "antibiotics"),
    "penicillin": ("penicillin", "penicillins", "beta-lactam antibiotics", "antibiotics"),
    "penicillins": ("penicillins", "beta-lactam antibiotics", "antibiotics"),
    "ceftriaxone": ("ceftriaxone", "cephalosporins", "beta-lactam antibiotics", "antibiotics"),
    "azithromycin": ("azithromycin", "macrolides", "antibiotics"),
    "ibuprofen": ("ibuprofen", "nsaids"),
    "aspirin": ("aspirin", "antiplatelets", "nsaids"),
    "clopidogrel": ("clopidogrel", "p2y12 inhibitors", "antiplatelets"),
    "nsaids": ("nsaids",),
}


def ancestry(name: str) -> tuple[str, ...]:
    return LINES.get(name.lower(), ())


def allergy(substance: str, kind: str = "allergy") -> SafetyRecord:
    return SafetyRecord(fact_id=1, kind=kind, substance=substance)


def test_allergy_to_the_same_drug_matches():
    assert match_record("amoxicillin", allergy("Amoxicillin"), ancestry).basis == "same drug"


def test_class_allergy_covers_a_member():
    found = match_record("amoxicillin", allergy("penicillins"), ancestry)
    assert (found.basis, found.via) == ("class", "penicillins")


def test_member_allergy_cross_reacts_within_a_cross_reactive_class():
    found = match_record("amoxicillin", allergy("penicillin"), ancestry)
    assert (found.basis, found.via) == ("cross-reactive", "penicillins")


def test_asking_about_a_class_finds_a_member_allergy():
    assert match_record("nsaids", allergy("ibuprofen"), ancestry).basis == "class"


def test_aspirin_intolerance_cautions_ibuprofen_through_nsaids():
    assert match_record("ibuprofen", allergy("aspirin"), ancestry).via == "nsaids"


def test_shared_broad_class_is_not_a_cross_reaction():
    assert match_record("azithromycin", allergy("penicillin"), ancestry) is None


def test_shared_non_hypersensitivity_class_is_not_a_cross_reaction():
    assert match_record("clopidogrel", allergy("aspirin"), ancestry) is None


def test_surgical_history_never_matches_a_drug():
    assert match_record("aspirin", allergy("aspirin", kind="surgical_history"), ancestry) is None


def test_unknown_names_match_only_when_identical():
    assert match_record("Zyx drops", allergy("zyx  drops"), ancestry).basis == "same drug"


def test_every_matching_record_is_returned():
    records = [allergy("penicillin"), allergy("latex"), allergy("amoxicillin", "contraindication")]
    assert len(safety_matches("amoxicillin", records, ancestry)) == 2


def test_each_match_names_its_record_and_how_it_touches_the_drug():
    records = [allergy("penicillin"), allergy("latex"), allergy("amoxicillin", "contraindication")]
    found = safety_matches("amoxicillin", records, ancestry)
    assert [(m.record.substance, m.basis) for m in found] == [
        ("penicillin", "cross-reactive"),
        ("amoxicillin", "same drug"),
    ]
